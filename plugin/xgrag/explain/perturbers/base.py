"""What a perturbation strategy is, and the one registry every other stage reads.

A perturber turns the deduplicated subgraph into probes: `Planned` values holding a Perturbation (exclusion ids
and/or a rename map) and what it targets. Nothing here touches the graph; the explainer applies a probe to the
retrieved subgraph in memory or through the same Cypher retrieval (`$excluded_*`).

Adding a strategy is one module in this folder plus its `register(...)` line in `perturbers/__init__.py`; the
CLI, `xgrag eval`, the analyses, the reports and the HTML read names, units and labels from `REGISTRY`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from xgrag.errors import UsageError
from xgrag.model import ContextUnit, Perturbation, Subgraph

# what a probe's importance is attributed to: an entity, a fact (a relationship or a property), a random mask of
# xgrag's graph context; an item or a span of a stack's context (xgrag.model.context)
Unit = Literal["node", "edge", "property", "mask", "item", "span"]
# what a strategy perturbs: xgrag's retrieved subgraph, or the units of a user's stack context (explain.stack)
AppliesTo = Literal["graph", "stack"]
SynonymFn = Callable[[str, str | None], tuple[str | None, str]]  # (name, type) -> (synonym, source)


@dataclass(frozen=True)
class Planned:
    """A perturbation with what it targets, for scoring and reporting."""

    perturbation: Perturbation
    strategy: str
    kind: Unit
    target: str  # node id, relationship id, or mask index
    removed_nodes: frozenset[str] = frozenset()
    removed_rels: frozenset[str] = frozenset()
    renamed: tuple[tuple[str, str], ...] = ()
    note: dict[str, str] = field(default_factory=dict)
    removed_properties: frozenset[str] = frozenset()  # property fact ids ("<element id>#<key>")
    parent: str | None = None  # the target this one nests under (a span's item), for nested strategies
    # a group of redundant copies of one fact (xgrag.model.copies; target: the group's id): the units it removes
    # together, whose components share its importance
    members: tuple[str, ...] = ()


def union_of(members: Sequence[Planned], kind: str) -> Perturbation:
    """One perturbation removing everything each of `members` removes (a group test, a cumulative removal)."""
    return Perturbation.combined([m.perturbation for m in members], kind)


@dataclass(frozen=True)
class PlanOptions:
    """What a perturber may need besides the subgraph."""

    synonym_fallback: SynonymFn | None = None  # asks the generator for a synonym when the KG has none
    masks: int = 20
    keep_probability: float = 0.5
    seed: int = 0
    units: tuple[ContextUnit, ...] = ()  # a stack's context units (stack strategies plan over these)


class Perturber(Protocol):
    """One strategy. `unit`: what its importances are about; `label`: how reports name it (with its paper);
    `removes`: its probes take components out (renames do not), so removals can be redundant with each other;
    `groupable`: probes can be unioned into group tests (a mask already is a group; renames do not compose).
    `applies_to`: "graph" (xgrag's retrieved subgraph) or "stack" (a user's stack context); `nested_in`: the
    strategy whose units this one's nest under (a span's item): group testing tests those first and only looks
    inside the ones whose removal moved the answer."""

    name: str
    unit: Unit
    label: str
    removes: bool
    groupable: bool
    applies_to: AppliesTo
    nested_in: str | None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        """Probes in a stable order, and the targets skipped (e.g. entities without a synonym)."""
        ...


REGISTRY: dict[str, Perturber] = {}


def register(perturber: Perturber) -> Perturber:
    if perturber.name in REGISTRY:
        raise ValueError(f"strategy {perturber.name!r} is registered twice")
    REGISTRY[perturber.name] = perturber
    return perturber


def strategy_names(applies_to: AppliesTo = "graph") -> tuple[str, ...]:
    """Every registered strategy of a graph explanation (or of a stack's, `applies_to="stack"`), in registration
    order: what `all` means."""
    return tuple(name for name, p in REGISTRY.items() if p.applies_to == applies_to)


def strategies_of_unit(unit: Unit) -> tuple[str, ...]:
    return tuple(name for name, p in REGISTRY.items() if p.unit == unit)


def strategy_choices() -> str:
    """For help texts: `node|edge|...|all` (the graph strategies: the CLI explains xgrag's own retrieval)."""
    return "|".join([*strategy_names(), "all"])


def resolve_strategies(names: str | Sequence[str]) -> tuple[str, ...]:
    """`"all"`, `"node,edge"` or a sequence of names -> validated names in the order given (`all` expanded)."""
    parts = [names] if isinstance(names, str) else [str(s) for s in names]
    items = [s.strip() for part in parts for s in part.split(",") if s.strip()]
    if items == ["all"]:
        return strategy_names()
    unknown = [s for s in items if s not in REGISTRY]
    if unknown or not items:
        raise UsageError(f"strategies: unknown strategy {unknown[0]!r}" if unknown else "strategies: none given",
                         hint=f"choose from {', '.join(strategy_names())} or 'all' (a stack's context: "
                              f"{', '.join(strategy_names('stack'))})")
    return tuple(dict.fromkeys(items))


def plan(graph: Subgraph, strategies: Sequence[str], options: PlanOptions | None = None
         ) -> tuple[list[Planned], dict[str, list[str]]]:
    """All probes for the requested strategies, in a stable order; plus skipped targets per strategy."""
    options = options or PlanOptions()
    planned: list[Planned] = []
    skipped: dict[str, list[str]] = {}
    for name in resolve_strategies(strategies):
        probes, missing = REGISTRY[name].plan(graph, options)
        planned += probes
        if missing:
            skipped[name] = missing
    return planned, skipped
