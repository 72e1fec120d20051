"""Removal of a stack's context units (xgrag.explain.stack): a retriever item leaves the stack's prompt, or one span
(a line or sentence) of an item's text does. The stack's own prompt is rebuilt without them and asked with the
stack's own LLM; nothing here reads the graph."""

from __future__ import annotations

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, Unit
from xgrag.model import ContextUnit, Perturbation, Subgraph


def _removal(unit: ContextUnit, strategy: str) -> Planned:
    return Planned(Perturbation(kind=strategy, target=unit.id, excluded_units=frozenset({unit.id})), strategy,
                   unit.kind, unit.id, parent=unit.parent)


class ItemRemoval:
    name = "item"
    unit: Unit = "item"
    label = "stack context item removal"
    removes = True
    groupable = True
    applies_to: AppliesTo = "stack"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        return [_removal(u, self.name) for u in options.units if u.kind == "item"], []


class SpanRemoval:
    """One line or sentence of an item's text leaves the prompt (the rest of the item stays). Nested in `item`:
    group testing looks inside an item only when removing the whole item moved the answer."""

    name = "span"
    unit: Unit = "span"
    label = "stack context span removal"
    removes = True
    groupable = True
    applies_to: AppliesTo = "stack"
    nested_in: str | None = "item"

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        return [_removal(u, self.name) for u in options.units if u.kind == "span"], []
