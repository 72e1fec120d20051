"""Perturbation strategies: each turns the deduplicated subgraph into a list of Perturbation values
(exclusion ids and/or a rename map). Nothing here touches the graph; the explainer applies them to the
retrieved subgraph in memory or through the same Cypher retrieval (`$excluded_*`).

- node (XGRAG): remove a node and its incident edges
- edge (XGRAG, KGRAG-Ex): remove one relationship, keep its endpoints
- synonym (XGRAG): rename an entity everywhere it appears; synonym from the KG's aliases, else the generator
- subpath (KGRAG-Ex): remove a triple — the relationship and any endpoint left without relationships
- mask (KG-SMILE): seeded random sets of triples removed at once
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xgrag.model import Perturbation, Subgraph

STRATEGIES = ("node", "edge", "synonym", "subpath", "mask")


@dataclass(frozen=True)
class Planned:
    """A perturbation with what it targets, for scoring and reporting."""

    perturbation: Perturbation
    strategy: str
    kind: str  # node | edge | mask
    target: str  # node id, relationship id, or mask index
    removed_nodes: frozenset[str] = frozenset()
    removed_rels: frozenset[str] = frozenset()
    renamed: tuple[tuple[str, str], ...] = ()
    note: dict[str, str] = field(default_factory=dict)


SynonymFn = Callable[[str, str | None], tuple[str | None, str]]  # (name, type) -> (synonym, source)


def node_removals(sub: Subgraph) -> list[Planned]:
    out = []
    for nid in sorted(sub.nodes):
        rels = frozenset(r.id for r in sub.relationships.values() if nid in (r.source, r.target))
        out.append(Planned(Perturbation(frozenset({nid}), frozenset(), kind="node", target=nid),
                           "node", "node", nid, frozenset({nid}), rels))
    return out


def edge_removals(sub: Subgraph) -> list[Planned]:
    return [Planned(Perturbation(frozenset(), frozenset({r.id}), kind="edge", target=r.id),
                    "edge", "edge", r.id, frozenset(), frozenset({r.id}))
            for r in sub.sorted_relationships()]


def subpath_removals(sub: Subgraph) -> list[Planned]:
    degree = sub.degree()
    out = []
    for r in sub.sorted_relationships():
        orphans = frozenset(n for n in (r.source, r.target) if degree[n] == 1)
        out.append(Planned(Perturbation(orphans, frozenset({r.id}), kind="subpath", target=r.id),
                           "subpath", "edge", r.id, orphans, frozenset({r.id})))
    return out


def alias_synonym(sub: Subgraph) -> SynonymFn:
    """A synonym from the knowledge graph itself: an alias of the entity (from the KG or from dedup)."""

    def pick(name: str, _type: str | None) -> tuple[str | None, str]:
        for node in sub.nodes.values():
            if node.name == name:
                for alias in sorted(node.aliases):
                    if alias.strip() and alias != name:
                        return alias, "kg-alias"
        return None, "none"

    return pick


def synonym_injections(sub: Subgraph, fallback: SynonymFn | None = None) -> tuple[list[Planned], list[str]]:
    """One rename per entity that has a synonym; also returns the ids skipped for lack of one."""
    from_kg = alias_synonym(sub)
    out, skipped = [], []
    for nid in sorted(sub.nodes):
        node = sub.nodes[nid]
        synonym, source = from_kg(node.name, node.type)
        if synonym is None and fallback is not None:
            synonym, source = fallback(node.name, node.type)
        if not synonym or synonym.strip().lower() == node.name.strip().lower():
            skipped.append(nid)
            continue
        renames = ((nid, synonym),)
        out.append(Planned(Perturbation(renames=renames, kind="synonym", target=nid), "synonym", "node", nid,
                           renamed=renames, note={"synonym": synonym, "synonym_source": source}))
    return out, skipped


def random_masks(sub: Subgraph, n: int = 20, keep_probability: float = 0.5, seed: int = 0) -> list[Planned]:
    """KG-SMILE: n seeded masks, each removing every triple independently with probability 1 - keep."""
    rels = [r.id for r in sub.sorted_relationships()]
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


def plan(sub: Subgraph, strategies: Sequence[str], synonym_fallback: SynonymFn | None = None,
         masks: int = 20, seed: int = 0) -> tuple[list[Planned], dict[str, list[str]]]:
    """All perturbations for the requested strategies, in a stable order; plus skipped targets per strategy."""
    unknown = [s for s in strategies if s not in STRATEGIES]
    if unknown:
        raise ValueError(f"unknown strategy {unknown[0]!r}; choose from {', '.join(STRATEGIES)} or 'all'")
    planned: list[Planned] = []
    skipped: dict[str, list[str]] = {}
    for strategy in strategies:
        if strategy == "node":
            planned += node_removals(sub)
        elif strategy == "edge":
            planned += edge_removals(sub)
        elif strategy == "subpath":
            planned += subpath_removals(sub)
        elif strategy == "synonym":
            found, missing = synonym_injections(sub, synonym_fallback)
            planned += found
            skipped["synonym"] = missing
        elif strategy == "mask":
            planned += random_masks(sub, masks, seed=seed)
    return planned, skipped
