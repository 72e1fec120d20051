"""Removal of a stack's context units (xgrag.explain.stack): a retriever item leaves the stack's prompt, or one span
(a line or sentence) of an item's text does. The stack's own prompt is rebuilt without them and asked with the
stack's own LLM; nothing here reads the graph.

Redundant copies of one fact (xgrag.model.copies: the same normalised text, or the same traced facts) are one unit
to the schedulers: a single probe removes every copy at once (`Planned.members`), in the strategy of the group's
finest member (a group with a span is probed with the spans; the items it holds also keep their own item probes,
the coarse level the spans nest under). Removing one copy alone would leave the others and never move the answer."""

from __future__ import annotations

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, Unit
from xgrag.model import ContextUnit, Perturbation, Subgraph
from xgrag.model.copies import CopyGroup, copy_groups


def _removal(unit: ContextUnit, strategy: str) -> Planned:
    return Planned(Perturbation(kind=strategy, target=unit.id, excluded_units=frozenset({unit.id})), strategy,
                   unit.kind, unit.id, parent=unit.parent)


def _group_removal(group: CopyGroup, strategy: str) -> Planned:
    return Planned(Perturbation(kind=strategy, target=group.id, excluded_units=frozenset(group.members)), strategy,
                   group.kind, group.id, parent=group.parent, members=group.members)


def plan_units(units: tuple[ContextUnit, ...], kind: Unit, strategy: str) -> list[Planned]:
    """The removals of the units of `kind`, in prompt order, each group of copies of that kind (xgrag.model.copies)
    as one removal standing where its first member stood."""
    groups = [g for g in copy_groups(units) if g.kind == kind]
    group_of = {m: g for g in groups for m in g.members}
    out: list[Planned] = []
    for u in units:
        group = group_of.get(u.id)
        if group is None:
            if u.kind == kind:
                out.append(_removal(u, strategy))
        elif group.members[0] == u.id:
            out.append(_group_removal(group, strategy))
        # a later member is in its group's removal (an item in a span group is not in `group_of` here: it keeps its
        # own item removal)
    return out


class ItemRemoval:
    name = "item"
    unit: Unit = "item"
    label = "stack context item removal"
    removes = True
    groupable = True
    applies_to: AppliesTo = "stack"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        return plan_units(options.units, "item", self.name), []


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
        return plan_units(options.units, "span", self.name), []
