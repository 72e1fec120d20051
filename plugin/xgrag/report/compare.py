"""Two explanations of the same question side by side: what moved between them (answers, components' importance and
rank, what entered or left the top, which facts the contexts differ by, which settings differ).

A score is compared only where both explanations measured it. A component one of them did not measure (another
strategy, or not evaluated: budget, cancelled, failed) while its unit was in both contexts is "unmeasured" there,
never "gone" or "new" and never said to have left or entered the top: nothing says how it would have scored. "gone"
and "new" are for units only one context held (the retrieval differed)."""

from __future__ import annotations

from typing import Any

from xgrag.errors import UsageError
from xgrag.model import Component, Explanation
from xgrag.model.records import RelationshipRecord


def _question_key(q: str) -> str:
    return " ".join(q.lower().split())


def _key(c: Component) -> tuple[str, str, str]:
    return (c.strategy, c.kind, c.id)


def context_units(ex: Explanation) -> set[tuple[str, str]]:
    """(kind, id) of every unit of `ex`'s context: its entities, relationships and property facts, and a stack's
    units (items, spans). Masks are not units: a mask is a random set of facts."""
    sub = ex.subgraph
    return ({("node", n.id) for n in sub.nodes} | {("edge", r.id) for r in sub.relationships}
            | {("property", p.id) for p in sub.properties} | {(u.kind, u.id) for u in ex.units or []})


def movement(ia: float | None, ib: float | None, in_a: bool, in_b: bool) -> tuple[str, str | None]:
    """How a component's score moved from `a` to `b`, and which side did not measure it ("a", "b", "both" or None).
    `ia`/`ib`: its importance in each (None: not measured there); `in_a`/`in_b`: was its unit in that context."""
    if ia is not None and ib is not None:
        return ("up" if ib - ia > 1e-6 else "down" if ia - ib > 1e-6 else "same"), None
    if ia is None and ib is None:
        return "unmeasured", "both"
    if ib is None:  # measured in a only: gone from b's context, or there and not measured
        return ("unmeasured", "b") if in_b else ("gone", None)
    return ("unmeasured", "a") if in_a else ("new", None)


def compare(a: Explanation, b: Explanation, top: int = 5) -> dict[str, Any]:
    """`a` (the earlier) against `b`: one row per component scored by either, the largest moves first."""
    if _question_key(a.question) != _question_key(b.question):
        raise UsageError(f"compare: the explanations answer different questions ({a.question!r} and {b.question!r})",
                         hint="compare two explanations of the same question (filter the saved ones by question)")
    # every kind a ranking holds (entities, facts, property facts, masks, a stack's units): a top component of any
    # kind is a row (keeping only nodes and edges made a property fact at the top a KeyError)
    ca = {_key(c): c for c in a.components}
    cb = {_key(c): c for c in b.components}
    top_a = [_key(c) for c in a.top(k=top)]
    top_b = [_key(c) for c in b.top(k=top)]
    units_a, units_b = context_units(a), context_units(b)
    rows: list[dict[str, Any]] = []
    for key in sorted(set(ca) | set(cb)):
        x, y = ca.get(key), cb.get(key)
        ia = None if x is None else x.importance
        ib = None if y is None else y.importance
        unit = key[1:]
        moved, unmeasured = movement(ia, ib, unit in units_a, unit in units_b)
        either = y or x
        assert either is not None  # the key came from ca or cb
        label = either.label
        rows.append({"strategy": key[0], "kind": key[1], "id": key[2], "label": label,
                     "importance_a": ia, "importance_b": ib,
                     "delta": None if ia is None or ib is None else round(ib - ia, 6),
                     "rank_a": None if x is None else x.rank, "rank_b": None if y is None else y.rank,
                     "changed_a": None if x is None else x.answer_changed,
                     "changed_b": None if y is None else y.answer_changed,
                     "top_a": key in top_a, "top_b": key in top_b, "moved": moved,
                     "unmeasured": unmeasured})
    def size(r: dict[str, Any]) -> float:
        return float(abs(r["delta"]) if r["delta"] is not None else (r["importance_a"] or r["importance_b"] or 0.0))

    rows.sort(key=lambda r: (-size(r), r["label"], r["strategy"]))
    moved_of = {(r["strategy"], r["kind"], r["id"]): r["moved"] for r in rows}
    rels_a = {r.id: r for r in a.subgraph.relationships}
    rels_b = {r.id: r for r in b.subgraph.relationships}
    names = {**a.subgraph.names(), **b.subgraph.names()}

    def fact(r: RelationshipRecord) -> str:
        return f"{names.get(r.source, r.source)} -{r.label}-> {names.get(r.target, r.target)}"

    cfg_a, cfg_b = a.config.model_dump(), b.config.model_dump()
    settings = [{"setting": k, "a": cfg_a.get(k), "b": cfg_b.get(k)} for k in sorted(set(cfg_a) | set(cfg_b))
                if cfg_a.get(k) != cfg_b.get(k)]
    if (a.generator, a.generator_params) != (b.generator, b.generator_params):
        settings.insert(0, {"setting": "generator", "a": a.generator, "b": b.generator})
    return {
        "question": b.question,
        "a": {"id": a.id, "created_at": a.created_at, "answer": a.answer, "noise_floor": a.noise_floor,
              "generator_calls": a.cost.generator_calls,
              "incomplete": a.incomplete.model_dump() if a.incomplete else None},
        "b": {"id": b.id, "created_at": b.created_at, "answer": b.answer, "noise_floor": b.noise_floor,
              "generator_calls": b.cost.generator_calls,
              "incomplete": b.incomplete.model_dump() if b.incomplete else None},
        "same_answer": _question_key(a.answer) == _question_key(b.answer),
        "top": {"a": [ca[k].label for k in top_a], "b": [cb[k].label for k in top_b],
                # only what both measured (or one context lacks) entered or left; the rest was not measured there
                "entered": [cb[k].label for k in top_b if k not in top_a and moved_of[k] != "unmeasured"],
                "left": [ca[k].label for k in top_a if k not in top_b and moved_of[k] != "unmeasured"],
                "unmeasured_a": [cb[k].label for k in top_b if k not in top_a and moved_of[k] == "unmeasured"],
                "unmeasured_b": [ca[k].label for k in top_a if k not in top_b and moved_of[k] == "unmeasured"]},
        "rows": rows,
        "context": {"only_a": sorted(fact(r) for i, r in rels_a.items() if i not in rels_b),
                    "only_b": sorted(fact(r) for i, r in rels_b.items() if i not in rels_a)},
        "settings": settings,
    }
