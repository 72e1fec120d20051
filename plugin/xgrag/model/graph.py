"""Value types shared by retrieval, dedup, perturbation and scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Node:
    id: str
    name: str
    type: str | None = None
    aliases: tuple[str, ...] = ()
    description: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "type": self.type}


@dataclass(frozen=True)
class Relationship:
    id: str
    source: str
    target: str
    label: str
    description: str | None = None
    provenance: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "source": self.source,
            "target": self.target,
            "label": self.label,
            "provenance": dict(self.provenance),
        }


@dataclass(frozen=True)
class Perturbation:
    """A transient filter: which ids retrieval must skip and which names rendering must replace.

    Applied by the same Cypher retrieval that produced the subgraph (or, equivalently, to the
    retrieved subgraph in memory); never a copy of the graph and never a write. `excluded_units`: the units of a
    stack's context (xgrag.model.context.ContextUnit ids: retriever items, spans of their text) the stack's own
    prompt is rebuilt without.
    """

    excluded_node_ids: frozenset[str] = frozenset()
    excluded_rel_ids: frozenset[str] = frozenset()
    renames: tuple[tuple[str, str], ...] = ()  # (node id, replacement name)
    kind: str = "none"
    target: str | None = None
    excluded_units: frozenset[str] = frozenset()

    @property
    def is_empty(self) -> bool:
        return not (self.excluded_node_ids or self.excluded_rel_ids or self.renames or self.excluded_units)


@dataclass
class Subgraph:
    nodes: dict[str, Node] = field(default_factory=dict)
    relationships: dict[str, Relationship] = field(default_factory=dict)
    seeds: list[str] = field(default_factory=list)
    truncated: bool = False
    mode: str = "khop"
    # alias id -> canonical id, from persisted ALIAS_OF relationships (retrieval) or dedup
    alias_map: dict[str, str] = field(default_factory=dict)
    paths: list[list[str]] = field(default_factory=list)  # relationship ids per shortest path
    fallback: str | None = None  # why the requested mode fell back to another

    def add_node(self, node: Node) -> None:
        self.nodes.setdefault(node.id, node)

    def add_relationship(self, rel: Relationship) -> None:
        self.relationships.setdefault(rel.id, rel)

    def degree(self) -> dict[str, int]:
        deg = {nid: 0 for nid in self.nodes}
        for rel in self.relationships.values():
            if rel.source in deg:
                deg[rel.source] += 1
            if rel.target in deg:
                deg[rel.target] += 1
        return deg

    def triples(self) -> list[tuple[str, str, str]]:
        """(head name, relation, tail name) in a canonical order, stable across perturbations."""
        out = []
        for rel in self.sorted_relationships():
            out.append((self.nodes[rel.source].name, rel.label, self.nodes[rel.target].name))
        return out

    def sorted_relationships(self) -> list[Relationship]:
        def key(r: Relationship) -> tuple[str, str, str, str]:
            return (self.nodes[r.source].name, r.label, self.nodes[r.target].name, r.id)

        return sorted(self.relationships.values(), key=key)

    def copy(self) -> Subgraph:
        """A shallow copy (nodes and relationships are immutable values)."""
        return Subgraph(nodes=dict(self.nodes), relationships=dict(self.relationships), seeds=list(self.seeds),
                        truncated=self.truncated, mode=self.mode, alias_map=dict(self.alias_map),
                        paths=[list(p) for p in self.paths], fallback=self.fallback)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], paths: Sequence[Sequence[str]] | None = None) -> Subgraph:
        """Rebuild a Subgraph from `to_json()` (e.g. `Explanation.subgraph`, with `Explanation.paths`): names,
        types, relation labels, ids and provenance, i.e. everything a rendered context reads."""
        sub = cls(seeds=list(data.get("seeds", [])), truncated=bool(data.get("truncated", False)),
                  mode=str(data.get("mode", "khop")), alias_map=dict(data.get("alias_map") or {}),
                  paths=[list(p) for p in (paths or data.get("paths") or [])], fallback=data.get("fallback"))
        for n in data.get("nodes", []):
            sub.add_node(Node(n["id"], n["name"], n.get("type")))
        for r in data.get("relationships", []):
            sub.add_relationship(Relationship(r["id"], r["source"], r["target"], r["label"],
                                              provenance=dict(r.get("provenance") or {})))
        return sub

    def to_json(self) -> dict[str, Any]:
        return {
            "nodes": [n.to_json() for n in sorted(self.nodes.values(), key=lambda n: (n.name, n.id))],
            "relationships": [r.to_json() for r in self.sorted_relationships()],
            "seeds": list(self.seeds),
            "truncated": self.truncated,
            "mode": self.mode,
            "fallback": self.fallback,
            "alias_map": dict(sorted(self.alias_map.items())),
        }
