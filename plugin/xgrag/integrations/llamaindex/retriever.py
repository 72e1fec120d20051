"""A property-graph sub-retriever without an LLM or embeddings (for deterministic pipelines and tests)."""

from __future__ import annotations

import asyncio
from typing import Any

from llama_index.core.graph_stores.types import KG_SOURCE_REL, EntityNode, LabelledNode
from llama_index.core.indices.property_graph.sub_retrievers.base import BasePGRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle


class EntityNameRetriever(BasePGRetriever):
    """A property-graph sub-retriever without an LLM or embeddings: the entities whose name occurs in the query
    (case-insensitive), and their triplets up to `depth` hops through LlamaIndex's own `get_rel_map`."""

    def __init__(self, graph_store: Any, depth: int = 1, limit: int = 30, **kwargs: Any) -> None:
        self.depth = depth
        self.limit = limit
        kwargs.setdefault("include_text", False)
        super().__init__(graph_store=graph_store, **kwargs)

    def retrieve_from_graph(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        text = query_bundle.query_str.lower()
        rows = self._graph_store.structured_query("MATCH (e:__Entity__) RETURN DISTINCT e.name AS name")
        names = [r["name"] for r in rows if isinstance(r.get("name"), str) and r["name"].lower() in text]
        if not names:
            return []
        nodes: list[LabelledNode] = [n for n in self._graph_store.get(ids=names) if isinstance(n, EntityNode)]
        triplets = self._graph_store.get_rel_map(nodes, depth=self.depth, limit=self.limit,
                                                 ignore_rels=[KG_SOURCE_REL])
        return self._get_nodes_with_score(triplets)

    async def aretrieve_from_graph(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return await asyncio.to_thread(self.retrieve_from_graph, query_bundle)
