"""xgrag for LlamaIndex: explain the response of a query engine over a `PropertyGraphIndex`.

LlamaIndex's property-graph sub-retrievers (LLMSynonymRetriever, VectorContextRetriever, ...) hand each retrieved
triplet to the response synthesizer as text: one source node per triplet whose text is `head -> RELATION -> tail`
(`BasePGRetriever._get_nodes_with_score`; with `include_properties=True` each part is followed by its properties in
parentheses, and with `include_text=True` the lines are put, after a preamble, in front of the chunk they came
from). That text is all a response keeps of the graph, so xgrag reads those lines back from
`response.source_nodes` and maps them onto the stored graph:

- every head and tail is matched exactly to an entity name (xgrag's exact-name linking, under the store's schema
  preset: `llamaindex` for `Neo4jPropertyGraphStore`);
- each triplet becomes the stored relationship of that relation between those entities (its id, description and
  provenance: `triplet_source_id`, the chunk it was extracted from);
- a triplet with no such stored relationship (a renamed entity, another graph) is still explained, under an id
  `llamaindex:<head>|<relation>|<tail>`, and listed as unmatched in the explanation's trace (`step: "map_context"`).

The answer is explained over exactly that subgraph, perturbed in memory (nothing is re-retrieved, nothing is
written unless you save it): `Explainer.aexplain(question, subgraph=..., answer=response.response)`. As with
LangChain, importances are measured against the explainer's own baseline answer from that context; the engine's
answer is recorded as `observed_answer` with its similarity to that baseline.

`EntityNameRetriever` is a sub-retriever without an LLM or embeddings (entities named in the query, then
LlamaIndex's own `get_rel_map`), for deterministic pipelines and for tests.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

try:
    from llama_index.core.graph_stores.types import KG_SOURCE_REL, EntityNode, LabelledNode
    from llama_index.core.indices.property_graph.sub_retrievers.base import BasePGRetriever
    from llama_index.core.schema import MetadataMode, NodeRelationship, NodeWithScore, QueryBundle
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("xgrag.integrations.llamaindex needs llama-index-core: pip install llama-index-core "
                      "llama-index-graph-stores-neo4j") from exc

from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.model import Explanation, Node, Relationship, Subgraph
from xgrag.retrieval import Retriever

# "head -> RELATION -> tail", as BasePGRetriever renders a triplet (names may contain spaces, never " -> ")
_TRIPLET = re.compile(r"^(?P<head>.+?) -> (?P<relation>.+?) -> (?P<tail>.+)$")
# with include_properties=True: "Marie Curie ({'triplet_source_id': ...})", "MARRIED ({...})"
_PROPERTIES = re.compile(r" \(\{.*\}\)$")
UNMATCHED_PREFIX = "llamaindex:"


@dataclass(frozen=True)
class CapturedTriplet:
    """One triplet read from a response's source nodes, with the id of the chunk it names as its source."""

    head: str
    relation: str
    tail: str
    source_id: str | None = None


def _plain(part: str) -> str:
    return _PROPERTIES.sub("", part.strip()).strip()


def triplets_from_nodes(source_nodes: Iterable[Any]) -> list[CapturedTriplet]:
    """The distinct triplets in the texts of source nodes (NodeWithScore or nodes), in order of appearance."""
    out: dict[tuple[str, str, str], CapturedTriplet] = {}
    for item in source_nodes:
        node = getattr(item, "node", item)
        text = node.get_content(metadata_mode=MetadataMode.NONE) if hasattr(node, "get_content") else str(node)
        source = node.relationships.get(NodeRelationship.SOURCE) if hasattr(node, "relationships") else None
        source_id = getattr(source, "node_id", None)
        for line in text.splitlines():
            m = _TRIPLET.match(line.strip())
            if not m:
                continue
            head, relation, tail = (_plain(m.group(k)) for k in ("head", "relation", "tail"))
            if head and relation and tail and (head, relation, tail) not in out:
                out[(head, relation, tail)] = CapturedTriplet(head, relation, tail, source_id)
    return list(out.values())


def subgraph_from_triplets(retriever: Retriever, question: str,
                           triplets: Sequence[CapturedTriplet]) -> tuple[Subgraph, dict[str, Any]]:
    """Map captured triplets onto the stored graph (see the module docstring). Returns the subgraph and the trace
    step saying how it was mapped."""
    names = list(dict.fromkeys(n for t in triplets for n in (t.head, t.tail)))
    by_name: dict[str, list[Node]] = {}
    for name, node in retriever.entities_by_name(names):
        by_name.setdefault(name, []).append(node)
    ids = list(dict.fromkeys(node.id for nodes in by_name.values() for node in nodes))
    stored: dict[tuple[str, str, str], dict[str, Any]] = {}
    if ids:
        for row in retriever.store.read_plain("relationships_between", ids=ids, rel_ids=None):
            rel = row["rel"]
            stored.setdefault((str(rel["source"]), str(rel["label"]), str(rel["target"])), rel)
    sub = Subgraph()
    matched: list[dict[str, Any]] = []
    unmatched: list[dict[str, Any]] = []
    for t in triplets:
        hit = next(((h, rel) for h in by_name.get(t.head, []) for tl in by_name.get(t.tail, [])
                    if (rel := stored.get((h.id, t.relation, tl.id))) is not None), None)
        if hit is not None:
            head = hit[0]
            rel = hit[1]
            tail = next(n for n in by_name[t.tail] if n.id == str(rel["target"]))
            sub.add_node(head)
            sub.add_node(tail)
            stored_prov = {k: v for k, v in (rel.get("provenance") or {}).items() if v is not None}
            sub.add_relationship(Relationship(str(rel["id"]), head.id, tail.id, str(rel["label"]),
                                              rel.get("description"), stored_prov))
            matched.append({"triplet": [t.head, t.relation, t.tail], "relationship_id": str(rel["id"])})
            continue
        head_node = (by_name.get(t.head) or [Node(f"{UNMATCHED_PREFIX}{t.head}", t.head)])[0]
        tail_node = (by_name.get(t.tail) or [Node(f"{UNMATCHED_PREFIX}{t.tail}", t.tail)])[0]
        sub.add_node(head_node)
        sub.add_node(tail_node)
        rid = f"{UNMATCHED_PREFIX}{t.head}|{t.relation}|{t.tail}"
        # LlamaIndex links a triplet node to its head entity's triplet_source_id (the last chunk that mentioned the
        # head), not to the triplet's own chunk: a candidate, said so
        prov: dict[str, Any] = {"inferred": True, "basis": "the source node of LlamaIndex's triplet node (its head "
                                "entity's chunk)", "candidates": 1,
                                "documents": [{"chunk_id": t.source_id}]} if t.source_id else {}
        sub.add_relationship(Relationship(rid, head_node.id, tail_node.id, t.relation, None, prov))
        unmatched.append({"triplet": [t.head, t.relation, t.tail], "id": rid})
    retriever._fill_provenance(sub)  # the preset's provenance rules (e.g. LightRAG's <SEP>-joined chunk ids)
    linked = retriever.link(question) if sub.nodes else []
    sub.seeds = [le.node.id for le in linked if le.node.id in sub.nodes]
    step = {"step": "map_context", "source": "llamaindex_response", "triplets": len(triplets),
            "method": "source-node lines 'head -> RELATION -> tail'; names matched exactly to entity names, each "
                      "triplet to the stored relationship of that relation between them",
            "matched": matched, "unmatched": unmatched,
            "nodes": len(sub.nodes), "relationships": len(sub.relationships)}
    return sub, step


def subgraph_from_response(retriever: Retriever, question: str, response: Any) -> tuple[Subgraph, dict[str, Any]]:
    """The subgraph behind a LlamaIndex `Response` (or a list of source nodes), mapped onto the stored graph."""
    nodes = getattr(response, "source_nodes", response)
    if not isinstance(nodes, list | tuple):
        raise UsageError(f"expected a LlamaIndex response with source_nodes or a list of nodes, got "
                         f"{type(response).__name__}")
    return subgraph_from_triplets(retriever, question, triplets_from_nodes(nodes))


async def aexplain_response(explainer: Explainer, question: str, response: Any, *,
                            settings: ExplainSettings | None = None) -> Explanation:
    """Explain `response` (a query engine's answer to `question`) over the triplets it was given."""
    sub, step = subgraph_from_response(explainer.graph_retriever(), question, response)
    if not sub.relationships:
        raise UsageError("the response's source nodes hold no graph triplets ('head -> RELATION -> tail' lines): "
                         "was it produced by a PropertyGraphIndex query engine?")
    cfg = replace(settings or explainer.settings, apply="memory")  # the captured context, perturbed in memory
    answer = getattr(response, "response", None)
    ex = await explainer.aexplain(question, settings=cfg, subgraph=sub,
                                  answer=answer if isinstance(answer, str) else None)
    ex.trace[:0] = [step]
    return ex


def explain_response(explainer: Explainer, question: str, response: Any, *,
                     settings: ExplainSettings | None = None) -> Explanation:
    """`aexplain_response` for synchronous code (not from inside a running event loop)."""
    return asyncio.run(aexplain_response(explainer, question, response, settings=settings))


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
