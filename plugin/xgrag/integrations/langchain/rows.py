"""Cypher rows -> entities -> subgraph: what a GraphCypherQAChain passed to its model, mapped onto the graph by
exact entity names (Cypher rows hold values, not ids)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xgrag.model import Subgraph
from xgrag.model.trace import GraphCypherQAMap, QuestionEntity
from xgrag.retrieval import Retriever

_MAX_VALUES = 200  # row values looked up per run
_MAX_VALUE_CHARS = 200


def row_values(rows: Any, limit: int = _MAX_VALUES) -> list[str]:
    """Distinct string (and integer) values anywhere in Cypher result rows, in order of appearance."""
    out: list[str] = []

    def walk(value: Any, depth: int) -> None:
        if len(out) >= limit or depth > 5 or value is None or isinstance(value, bool):
            return
        if isinstance(value, str | int) and not isinstance(value, bool):
            text = str(value).strip()
            if text and len(text) <= _MAX_VALUE_CHARS and text not in out:
                out.append(text)
        elif isinstance(value, Mapping):
            for v in value.values():
                walk(v, depth + 1)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v, depth + 1)

    walk(rows, 0)
    return out


def subgraph_from_rows(retriever: Retriever, question: str, rows: Sequence[Any], hops: int = 1,
                       cypher: str | None = None) -> tuple[Subgraph, GraphCypherQAMap]:
    """Map GraphCypherQAChain rows onto the graph: row values matched exactly to entity names, the question's
    entities linked, the context = shortest paths between question entities and matched entities (k-hop around
    the entities when there is no such pair). Returns the subgraph and a trace step saying how it was mapped."""
    values = row_values(rows)
    matched: dict[str, list[str]] = {}
    answer_ids: list[str] = []
    for name, node in retriever.entities_by_name(values):
        matched.setdefault(name, []).append(node.id)
        answer_ids.append(node.id)
    answer_ids = list(dict.fromkeys(answer_ids))
    linked = retriever.link(question)
    q_ids = [le.node.id for le in linked]
    seeds = list(dict.fromkeys(q_ids + answer_ids))
    pairs = [(q, a) for q in q_ids for a in answer_ids if q != a]
    if pairs:
        sub = retriever.paths(seeds, hops=hops, pairs=pairs)
        how = "shortest paths between the question's entities and the matched entities"
    elif seeds:
        sub = retriever.khop(seeds, hops)
        sub.fallback = ("no question entity" if not q_ids else "no matched entity besides the question's") + \
            f": {hops}-hop neighbourhood of the entities"
        how = f"{hops}-hop neighbourhood of the linked and matched entities"
    else:
        sub = Subgraph()
        how = "nothing: no row value names an entity and the question links none"
    step = GraphCypherQAMap(
        cypher=cypher, rows=len(rows),
        method="row values matched exactly to entity names (xgrag exact-name linking); question entities linked by "
               "xgrag; context = " + how,
        values=values[:50], matched=matched, unmatched=[v for v in values if v not in matched][:50],
        question_entities=[QuestionEntity(id=le.node.id, name=le.node.name, method=le.method) for le in linked],
        mode=sub.mode, fallback=sub.fallback, nodes=len(sub.nodes), relationships=len(sub.relationships))
    return sub, step
