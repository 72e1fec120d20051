"""KG-SMILE random masks: seeded sets of triples removed at once (a surrogate turns them into importances)."""

from __future__ import annotations

import random

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, Unit
from xgrag.model import Perturbation, Subgraph


def random_masks(graph: Subgraph, n: int = 20, keep_probability: float = 0.5, seed: int = 0) -> list[Planned]:
    """n seeded masks, each removing every triple independently with probability 1 - keep."""
    rels = [r.id for r in graph.sorted_relationships()]
    rng = random.Random(seed)
    out: list[Planned] = []
    seen: set[frozenset[str]] = set()
    attempts = 0
    while len(out) < n and rels and attempts < 20 * n:
        attempts += 1
        removed = frozenset(r for r in rels if rng.random() >= keep_probability)
        if not removed or removed in seen:
            continue  # an empty mask is the baseline itself; duplicates add no information
        seen.add(removed)
        i = len(out)
        out.append(Planned(Perturbation(frozenset(), removed, kind="mask", target=f"mask-{i}"), "mask", "mask",
                           f"mask-{i}", frozenset(), removed))
    return out


class RandomMasks:
    name = "mask"
    unit: Unit = "mask"
    label = "KG-SMILE random masks (surrogate)"
    removes = True
    groupable = False
    applies_to: AppliesTo = "graph"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        return random_masks(graph, options.masks, options.keep_probability, options.seed), []
