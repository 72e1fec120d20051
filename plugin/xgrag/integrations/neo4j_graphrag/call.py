"""One `GraphRAG.search` as a StackCall: its retrieved items as units, its RagTemplate as the prompt, its LLM
replayed (GraphRAGReplay).

Units: every `RetrieverResultItem` is an item, its `content` exactly as the search put it into the context (joined
by "\\n", as `GraphRAG.search` joins them); a chunk's or record's text is cut into spans (lines, sentences). A
Text2CypherRetriever's rows are items that are not cut: a row is one unit.

Tracing, when a store is given (read-only, ids as parameters, under its schema preset):
- ids in an item's metadata -> entities and facts (mapping.map_retriever_result); a VectorRetriever's hit is a
  Chunk: the entities that mention it and the facts among them (mapping.chunk_facts); a span states a fact when it
  names both ends;
- Text2Cypher rows: the generated query (`retriever_result.metadata["cypher"]`) is re-run read-only with the
  elementIds its patterns bound (integrations.cypher_trace), each row matched to the search's rows by the retriever's
  own result formatter; where the query cannot be traced the trace step says why and the rows stay units without
  graph elements.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import neo4j
from neo4j_graphrag.generation.types import RagResultModel
from neo4j_graphrag.types import LLMMessage, RetrieverResult, RetrieverResultItem

from xgrag.errors import UsageError
from xgrag.explain.stack import ItemSource, KnownEntity, KnownFact, StackCall, build_context
from xgrag.integrations.cypher_trace import CypherTrace, match_rows, record_of, trace_cypher
from xgrag.model import Node, Relationship, Subgraph
from xgrag.model.trace import TraceRowsStep, TraceStep, UntracedRowsStep
from xgrag.store.neo4j import Neo4jStore

from .adapter import FALLBACK_PROMPT, GraphRAGReplay
from .mapping import ID_KEYS, MappedResult, chunk_facts, is_chunk, map_retriever_result, plain

STACK = "neo4j-graphrag"


def _facts(rels: Sequence[Relationship], nodes: dict[str, Node]) -> tuple[KnownFact, ...]:
    return tuple(KnownFact(r.id, nodes[r.source].name, r.label, nodes[r.target].name, r.source, r.target)
                 for r in rels if r.source in nodes and r.target in nodes)


def trace_rows(graphrag: Any, result: RetrieverResult, store: Neo4jStore | None
               ) -> tuple[RetrieverResult, CypherTrace | None, TraceRowsStep | None]:
    """A Text2Cypher result with each row's traced element ids put into its metadata (`node_ids`,
    `relationship_ids`) for the mapping, the trace, and its trace step."""
    cypher = (result.metadata or {}).get("cypher")
    if not isinstance(cypher, str) or not cypher.strip():
        return result, None, None
    retriever = graphrag.retriever
    driver = store.driver if store is not None else getattr(retriever, "driver", None)
    database = store.database if store is not None else getattr(retriever, "neo4j_database", None)
    if driver is None:
        return result, None, TraceRowsStep(cypher=cypher, rows=len(result.items), traced=False,
                                           reason="no driver to re-run the query with")
    try:
        trace = trace_cypher(driver, cypher, database=database)
    except (ValueError, neo4j.exceptions.Neo4jError) as exc:
        return result, None, TraceRowsStep(cypher=cypher, rows=len(result.items), traced=False,
                                           reason=f"the query could not be re-run read-only: {exc}")
    formatter = retriever.get_result_formatter()
    matched = match_rows(trace, [item.content for item in result.items],
                         lambda values: formatter(record_of(values)).content)
    items = []
    for item, row in zip(result.items, matched, strict=True):
        meta = dict(item.metadata or {})
        if row is not None:
            meta["node_ids"] = row.node_ids
            meta["relationship_ids"] = row.relationship_ids
        items.append(RetrieverResultItem(content=item.content, metadata=meta))
    # rows: the rows the query gave when re-run (the search's rows are the units)
    step = TraceRowsStep(
        cypher=cypher, **trace.to_json(), matched_rows=sum(m is not None for m in matched),
        method="the query re-run read-only, returning the elementIds its patterns bound; rows matched to the "
               "search's by the retriever's own result formatter" if trace.traced else
               "rows traced only through the graph values they return (the query was not rewritten)")
    return RetrieverResult(items=items, metadata=result.metadata), trace, step


def stack_call(graphrag: Any, query_text: str, result: RagResultModel, *, store: Neo4jStore | None = None,
               examples: str = "", message_history: Sequence[LLMMessage] | None = None,
               response_fallback: str | None = None) -> tuple[StackCall, MappedResult | None]:
    """The StackCall of `graphrag.search(query_text, ..., return_context=True)` that returned `result` (pass the
    search's own `examples`, `message_history` and `response_fallback`), and how its items mapped onto the graph
    behind `store` (None without a store)."""
    if not isinstance(result, RagResultModel) or result.retriever_result is None:
        raise UsageError("the search result has no retriever_result: call GraphRAG.search(..., return_context=True)")
    retrieved = result.retriever_result
    name = str((retrieved.metadata or {}).get("__retriever") or type(graphrag.retriever).__name__)
    notes: list[TraceStep] = []
    rows = "cypher" in (retrieved.metadata or {})
    for_mapping, trace, step = trace_rows(graphrag, retrieved, store) if rows else (retrieved, None, None)
    if step is not None:
        notes.append(step)
    mapped = map_retriever_result(store, for_mapping) if store is not None else None
    graph = Subgraph(mode="supplied") if mapped is None else mapped.subgraph
    chunks: dict[str, tuple[list[Node], list[Relationship]]] = {}
    if mapped is not None and store is not None:
        chunk_ids = [n for sm in mapped.sources for n, labels in sm.not_entities.items() if is_chunk(store, labels)]
        with store.reading():
            chunks = chunk_facts(store, list(dict.fromkeys(chunk_ids)))
        for nodes, rels in chunks.values():
            for node in nodes:
                graph.add_node(node)
            for rel in rels:
                if rel.source in graph.nodes and rel.target in graph.nodes:
                    graph.add_relationship(rel)
        notes.append(mapped.trace.model_copy(update={"chunks_traced": len(chunks),
                                                     "chunk_facts": sum(len(r) for _, r in chunks.values())}))
    sources: list[ItemSource] = []
    for i, item in enumerate(for_mapping.items):
        meta = item.metadata or {}
        sm = mapped.sources[i] if mapped is not None else None
        chunk = [n for n in (sm.not_entities if sm else {}) if n in chunks]
        rels = [graph.relationships[r] for r in (sm.relationship_ids + sm.induced_relationship_ids if sm else [])
                if r in graph.relationships]
        ents = [graph.nodes[n] for n in (sm.node_ids if sm else []) if n in graph.nodes]
        for cid in chunk:
            ents += chunks[cid][0]
            rels += [r for r in chunks[cid][1] if r.id in graph.relationships]
        prov: dict[str, Any] = {"index": i + 1, "retriever": name}
        if isinstance(meta.get("score"), int | float):
            prov["score"] = meta["score"]
        if chunk:
            prov["chunk_id"] = chunk[0]
        kept = {k: plain(v) for k, v in meta.items() if k not in ID_KEYS and k != "score"}
        if kept:
            prov["metadata"] = kept
        if sm is not None:
            prov["mapping"] = sm.mapping
            if sm.reason and not chunk:
                prov["mapping_reason"] = sm.reason
        source = "row" if rows else "chunk" if chunk else "record"
        sources.append(ItemSource(
            text=str(item.content), source=source, node_ids=tuple(e.id for e in ents) if rows else tuple(
                sm.node_ids if sm else ()),
            relationship_ids=tuple(dict.fromkeys(r.id for r in rels)), facts=_facts(rels, graph.nodes),
            entities=tuple(KnownEntity(e.id, e.name) for e in ents), provenance=prov, split=not rows,
            from_elements=rows))
    if rows and trace is not None and not trace.traced:
        notes.append(UntracedRowsStep(reason=trace.reason, note="the rows are explained as units; which graph "
                                      "elements they came from is not known beyond the graph values they return"))
    template = graphrag.prompt_template

    def prompt(items: Sequence[str | None]) -> tuple[str | None, str]:
        texts = [t for t in items if t is not None]
        if not texts and response_fallback is not None:
            return template.system_instructions, FALLBACK_PROMPT  # GraphRAG answers its fallback, no LLM call
        return template.system_instructions, template.format(query_text=query_text, context="\n".join(texts),
                                                             examples=examples)

    call = StackCall(stack=STACK, component=f"GraphRAG({name})", question=query_text, observed_answer=result.answer,
                     context=build_context(sources), prompt=prompt,
                     generator=GraphRAGReplay(graphrag, message_history=message_history,
                                              response_fallback=response_fallback),
                     graph=graph, prompt_name=f"neo4j-graphrag:{type(template).__name__}", notes=notes,
                     details={"retriever": name})
    return call, mapped
