"""How much of the graph a mapping reads: the share of its nodes that carry a label the mapping reads (entities,
chunks, documents) and of its relationships whose type is read as a relation between entities, with the largest
labels left out and why. `xgrag schema infer` prints it, so that no label holding data is dropped in silence.

Nodes are counted exactly (one label-union count); relationships per type from the count store, weighted by the
share of the type's sampled relationships that join two mapped nodes (exact when a type has no more relationships
than the sample)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xgrag.config import GraphSchema
from xgrag.schema.profile import GraphProfile, quoted
from xgrag.store.neo4j import Neo4jStore


@dataclass(frozen=True)
class Unmapped:
    label: str
    count: int  # nodes carrying it
    outside: int  # of those, nodes that carry no mapped label (estimated from the sample)
    reason: str


@dataclass
class Coverage:
    nodes: int  # data nodes (xgrag's own records left out)
    mapped_nodes: int
    relationships: int
    mapped_relationships: int  # estimated (see the module docstring)
    unmapped: list[Unmapped] = field(default_factory=list)  # largest first

    @property
    def node_share(self) -> float:
        return self.mapped_nodes / self.nodes if self.nodes else 1.0

    @property
    def relationship_share(self) -> float:
        return self.mapped_relationships / self.relationships if self.relationships else 1.0

    def sentence(self, limit: int = 5) -> str:
        """One line for a person: the shares and the largest labels left out."""
        text = (f"mapped {self.node_share:.1%} of {self.nodes:,} nodes and {self.relationship_share:.1%} of "
                f"{self.relationships:,} relationships")
        left = [u for u in self.unmapped if u.outside]
        if left:
            text += "; not mapped: " + "; ".join(f"{u.label} ({u.outside:,} nodes): {u.reason}" for u in left[:limit])
            if len(left) > limit:
                text += f"; and {len(left) - limit} more labels"
        return text

    def to_json(self) -> dict[str, Any]:
        return {"nodes": round(self.node_share, 4), "relationships": round(self.relationship_share, 4),
                "data_nodes": self.nodes, "mapped_nodes": self.mapped_nodes,
                "data_relationships": self.relationships, "mapped_relationships": self.mapped_relationships,
                "unmapped": [{"label": u.label, "nodes": u.count, "outside_mapping": u.outside, "reason": u.reason}
                             for u in self.unmapped]}


def _own(label: str) -> bool:
    return label.startswith("Xgrag")


def measure_coverage(store: Neo4jStore, profile: GraphProfile, schema: GraphSchema, read_labels: set[str],
                     reasons: dict[str, str]) -> Coverage:
    """`read_labels`: every label the mapping reads (entity labels, chunk and document labels); `reasons`: why each
    label left out is (schema infer's decisions). One read query (the node count); the rest from the profile."""
    mapped = sorted(label for label in read_labels if label in profile.labels)
    own = sum(lp.count for label, lp in profile.labels.items() if _own(label))
    data_nodes = max(profile.nodes - own, 0)
    if mapped:
        union = "|".join(quoted(label) for label in mapped)
        mapped_nodes = int(store.query(f"MATCH (n:{union}) RETURN count(n) AS c", read_only=True,
                                       plain=True)[0]["c"])
    else:
        mapped_nodes = 0
    unmapped = []
    for label, lp in profile.labels.items():
        if label in read_labels or _own(label) or not lp.count:
            continue
        inside = sum(n for labels, n in lp.label_sets.items() if set(labels) & read_labels)
        outside = round(lp.count * (lp.sampled - inside) / lp.sampled) if lp.sampled else lp.count
        reason = reasons.get(label) or "no decision recorded"
        if inside and outside:
            reason += f" ({inside} of {lp.sampled} sampled nodes also carry a mapped label)"
        elif inside:
            reason += " (every sampled node also carries a mapped label: read as that)"
        unmapped.append(Unmapped(label, lp.count, outside, reason))
    unmapped.sort(key=lambda u: (-u.outside, -u.count, u.label))
    semantic = set(schema.non_semantic_types)
    rels = mapped_rels = 0
    for rtype, tp in profile.types.items():
        if rtype.startswith("XGRAG_"):
            continue
        rels += tp.count
        if rtype in semantic or not tp.sampled:
            continue
        joins = sum(n for (a, b), n in tp.ends.items() if set(a) & read_labels and set(b) & read_labels)
        mapped_rels += round(tp.count * joins / tp.sampled)
    return Coverage(data_nodes, mapped_nodes, rels, mapped_rels, unmapped)
