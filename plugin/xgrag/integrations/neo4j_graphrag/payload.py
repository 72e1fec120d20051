"""The explain payload of a search result: neo4j-graphrag's draft explain payload (neo4j/neo4j-graphrag-python PR
#544, `generation/explain.py`: `ExplainResult{sources: [SourceRef{index, content, score, node_id, labels,
metadata}], graph: [GraphContext{paths: [[GraphNodeRef{id, labels, properties} | GraphRelationshipRef{type,
start_id, end_id}]]}], trace: TraceStep{retriever, cypher}}`) extended with what mattered to the stack's answer:

- each source (a retrieved item, numbered as GraphRAG numbered its context) with its importance, rank,
  counterfactual answer, how it was evaluated, and its spans (the lines or sentences of its text) with theirs;
- each graph element the items were traced to, with the importance of the finest unit that states it (a span when
  the item's text was cut into spans, else the item) and those units' ids;
- whether the replayed call reproduced the stack's answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from neo4j_graphrag.generation.types import RagResultModel
from neo4j_graphrag.types import RetrieverResult
from pydantic import BaseModel, ConfigDict, Field

from xgrag.model import Component, ContextUnit, Explanation, Incomplete, Subgraph
from xgrag.model.trace import TraceStep as Step  # an Explanation's trace step; TraceStep here is neo4j-graphrag's

from .mapping import ID_KEYS, NODE_KEYS, MappedResult, Mapping_, plain

_SOURCE_KEYS = frozenset({"score", "nodeLabels", "labels"}) | ID_KEYS


class UnitScore(BaseModel):
    """One unit of the stack's context (an item, or a span of its text) and what removing it did."""

    id: str
    kind: str
    text: str
    importance: float | None = None
    normalized_importance: float | None = None
    rank: int | None = None
    counterfactual_answer: str | None = None
    answer_changed: bool | None = None
    evaluated: str | None = None
    facts: list[str] = Field(default_factory=list)
    relationship_ids: list[str] = Field(default_factory=list)
    node_ids: list[str] = Field(default_factory=list)
    # the unit states the same fact as other units (xgrag.model.copies): its group, the others, the joint importance
    redundant_group: str | None = None
    copies: list[str] = Field(default_factory=list)
    joint_importance: float | None = None


class GraphNodeRef(BaseModel):
    id: str | None = None
    labels: list[str] = Field(default_factory=list)
    properties: dict[str, Any] = Field(default_factory=dict)
    importance: float | None = None  # of the finest unit that names it
    units: list[str] = Field(default_factory=list)  # the units that name it


class GraphRelationshipRef(BaseModel):
    type: str
    start_id: str | None = None
    end_id: str | None = None
    id: str | None = None  # xgrag: the relationship's own id (elementId under the neo4j-graphrag preset)
    fact: str | None = None  # the triple as stored
    importance: float | None = None  # of the finest unit that states it
    units: list[str] = Field(default_factory=list)  # the units that state it


class GraphContext(BaseModel):
    """The graph elements one retrieved source was traced to: one path per fact, entities on their own."""

    source_index: int
    paths: list[list[GraphNodeRef | GraphRelationshipRef]] = Field(default_factory=list)


class SourceRef(BaseModel):
    index: int
    content: str
    score: float | None = None
    node_id: str | None = None
    labels: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    # xgrag
    retrieved_as: str | None = None  # "chunk", "record", "row"
    mapping: Mapping_ | None = None  # how its ids mapped onto the graph (None: no store given)
    reason: str | None = None
    node_ids: list[str] = Field(default_factory=list)
    relationship_ids: list[str] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list)  # the facts its text states (or, for a row, its query matched)
    importance: float | None = None
    normalized_importance: float | None = None
    rank: int | None = None  # 1 = the item whose removal moved the answer most
    counterfactual_answer: str | None = None
    answer_changed: bool | None = None
    evaluated: str | None = None
    spans: list[UnitScore] = Field(default_factory=list)


class TraceStep(BaseModel):
    retriever: str
    cypher: str | None = None
    retrieval_query: str | None = None  # xgrag: a VectorCypher/HybridCypher retriever's retrieval_query
    steps: list[Step] = Field(default_factory=list)  # xgrag: mapping, tracing and explanation steps


class ExplainPayload(BaseModel):
    sources: list[SourceRef]
    trace: TraceStep
    graph: list[GraphContext] | None = None
    # xgrag
    answer: str | None = None  # the search's answer
    replayed_answer: str | None = None  # the replayed call's (the answer the importances explain)
    reproduced: bool | None = None
    reproduction: dict[str, Any] | None = None
    user_explanation: str | None = None
    technical_explanation: str | None = None
    explanation_id: str | None = None
    generator: str | None = None
    cost: dict[str, Any] | None = None
    incomplete: Incomplete | None = None
    skipped: str | None = None  # why there is no explanation (the retriever returned nothing)


class ExplainedRagResult(RagResultModel):
    """The search result (`answer`, `retriever_result`) with the `explain` payload, and the full xgrag Explanation
    (`explanation`; None when there was nothing to explain; not part of the payload)."""

    explain: ExplainPayload
    explanation: Explanation | None = Field(default=None, exclude=True)

    model_config = ConfigDict(arbitrary_types_allowed=True)


def _score(unit: ContextUnit, comp: Component | None) -> UnitScore:
    score = UnitScore(id=unit.id, kind=unit.kind, text=unit.text, facts=list(unit.facts),
                      relationship_ids=list(unit.relationship_ids), node_ids=list(unit.node_ids))
    if comp is not None:
        score.importance, score.normalized_importance, score.rank = comp.importance, comp.normalized_importance, \
            comp.rank
        score.counterfactual_answer, score.answer_changed = comp.counterfactual_answer, comp.answer_changed
        score.evaluated = comp.evaluated
        score.redundant_group, score.copies = comp.redundant_group, list(comp.copies)
        score.joint_importance = comp.joint_importance
    return score


def _finest(units: Sequence[ContextUnit], comps: dict[str, Component], element: str, rel: bool
            ) -> tuple[float | None, list[str]]:
    """The importance of the finest units naming `element` (spans before items) and every naming unit's id."""
    naming = [u for u in units if element in (u.relationship_ids if rel else u.node_ids)]
    finest = [u for u in naming if u.kind == "span"] or naming
    values = [comps[u.id].importance for u in finest if u.id in comps and comps[u.id].importance is not None]
    return (max(v for v in values if v is not None) if values else None), [u.id for u in naming]


def build_payload(result: RetrieverResult, units: Sequence[ContextUnit], graph: Subgraph,
                  mapped: MappedResult | None, ex: Explanation | None, *, answer: str | None, retriever: Any = None,
                  extra_steps: Sequence[Step] = (), skipped: str | None = None) -> ExplainPayload:
    comps = {c.id: c for c in (ex.components if ex is not None else [])}
    items = [u for u in units if u.kind == "item"]
    spans: dict[str, list[ContextUnit]] = {}
    for u in units:
        if u.kind == "span" and u.parent is not None:
            spans.setdefault(u.parent, []).append(u)

    def node_ref(nid: str) -> GraphNodeRef:
        node = graph.nodes[nid]
        importance, naming = _finest(units, comps, nid, rel=False)
        return GraphNodeRef(id=nid, labels=[node.type] if node.type else [], properties={"name": node.name},
                            importance=importance, units=naming)

    def rel_ref(rid: str) -> GraphRelationshipRef:
        r = graph.relationships[rid]
        importance, naming = _finest(units, comps, rid, rel=True)
        return GraphRelationshipRef(type=r.label, start_id=r.source, end_id=r.target, id=rid,
                                    fact=f"{graph.nodes[r.source].name} {r.label} {graph.nodes[r.target].name}",
                                    importance=importance, units=naming)

    sources: list[SourceRef] = []
    contexts: list[GraphContext] = []
    for i, (item, unit) in enumerate(zip(result.items, items, strict=True), start=1):
        meta = item.metadata or {}
        labels = meta.get("labels") or meta.get("nodeLabels") or []
        node_id = next((meta[k] for k in NODE_KEYS if meta.get(k) is not None), None)
        score = meta.get("score")
        scored = _score(unit, comps.get(unit.id))
        ref = SourceRef(
            index=i, content=str(item.content),
            score=float(score) if isinstance(score, int | float) and not isinstance(score, bool) else None,
            node_id=None if node_id is None else str(plain(node_id)),
            labels=[str(x) for x in labels] if isinstance(labels, list | tuple) else [str(labels)],
            metadata={k: plain(v) for k, v in meta.items() if k not in _SOURCE_KEYS}, retrieved_as=unit.source,
            node_ids=list(unit.node_ids), relationship_ids=list(unit.relationship_ids), facts=list(unit.facts),
            **scored.model_dump(include={"importance", "normalized_importance", "rank", "counterfactual_answer",
                                         "answer_changed", "evaluated"}),
            spans=[_score(s, comps.get(s.id)) for s in spans.get(unit.id, [])])
        if mapped is not None:
            sm = mapped.sources[i - 1]
            ref.mapping, ref.reason = sm.mapping, sm.reason
        sources.append(ref)
        rel_ids = [r for r in unit.relationship_ids if r in graph.relationships]
        node_ids = [n for n in unit.node_ids if n in graph.nodes]
        if rel_ids or node_ids:
            paths: list[list[GraphNodeRef | GraphRelationshipRef]] = [
                [node_ref(graph.relationships[r].source), rel_ref(r), node_ref(graph.relationships[r].target)]
                for r in rel_ids]
            on_paths = {e for r in rel_ids for e in (graph.relationships[r].source, graph.relationships[r].target)}
            paths += [[node_ref(n)] for n in node_ids if n not in on_paths]
            contexts.append(GraphContext(source_index=i, paths=paths))
    meta = result.metadata or {}
    cypher = meta.get("cypher")
    # the explanation's trace starts with the call's notes (mapping, tracing); without one, those notes
    steps = list(ex.trace) if ex is not None else [*([mapped.trace] if mapped is not None else []), *extra_steps]
    trace = TraceStep(retriever=str(meta.get("__retriever", type(retriever).__name__ if retriever else "unknown")),
                      cypher=None if cypher is None else str(cypher),
                      retrieval_query=getattr(retriever, "retrieval_query", None), steps=steps)
    payload = ExplainPayload(sources=sources, trace=trace, graph=contexts or None, answer=answer, skipped=skipped)
    if ex is not None:
        payload.replayed_answer = ex.answer
        if ex.reproduction is not None:
            payload.reproduced = ex.reproduction.reproduced
            payload.reproduction = ex.reproduction.model_dump()
        payload.user_explanation, payload.technical_explanation = ex.user_explanation, ex.technical_explanation
        payload.explanation_id, payload.generator = ex.id, ex.generator
        payload.cost, payload.incomplete = ex.cost.model_dump(), ex.incomplete
    return payload
