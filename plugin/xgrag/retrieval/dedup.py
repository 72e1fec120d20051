"""Alias-merging deduplication (XGRAG §3.1), computed on a retrieved subgraph without touching the graph.

1. similarity graph over the subgraph's entities: an edge iff same type and cos(E(name_i), E(name_j)) >= theta;
2. clusters = connected components; 3. canonical = highest degree in the retrieved subgraph (ties: name, id);
4. relationships remapped through the canonical map, self-loops dropped, descriptions merged.
Persisted ALIAS_OF links (retrieval's `alias_map`) are applied first, as already-known clusters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from xgrag.model import Node, Relationship, Subgraph
from xgrag.store.neo4j import Neo4jStore

EmbedFn = Callable[[Sequence[str]], np.ndarray]


@dataclass
class DedupResult:
    subgraph: Subgraph
    mapping: dict[str, str]  # every original node id -> canonical id
    clusters: list[list[str]] = field(default_factory=list)  # clusters with more than one member
    # kept relationship id -> every retrieved relationship id it stands for (duplicates after the merge)
    rel_members: dict[str, list[str]] = field(default_factory=dict)

    def node_members(self, canonical: str) -> list[str]:
        return sorted(m for m, c in self.mapping.items() if c == canonical)

    @property
    def merged(self) -> int:
        return sum(len(c) - 1 for c in self.clusters)


def similarity_clusters(
    names: Sequence[str], types: Sequence[str | None], embed: EmbedFn | None, theta: float,
    forced_pairs: Sequence[tuple[int, int]] = (),
) -> list[list[int]]:
    """Connected components of the same-type, cos >= theta similarity graph (indices into names)."""
    n = len(names)
    if n == 0:
        return []
    rows: list[int] = []
    cols: list[int] = []
    by_type: dict[str | None, list[int]] = {}
    for i, t in enumerate(types):
        by_type.setdefault(t, []).append(i)
    distinct = sorted(set(names))
    index = {name: k for k, name in enumerate(distinct)}
    wanted = embed is not None and any(len(ix) > 1 for ix in by_type.values())
    vectors = embed(distinct) if wanted and embed is not None else None
    for members in by_type.values():
        if len(members) < 2 or vectors is None:
            continue
        vecs = vectors[[index[names[i]] for i in members]]
        sims = vecs @ vecs.T
        a, b = np.nonzero(np.triu(sims >= theta - 1e-6, k=1))
        rows.extend(members[i] for i in a)
        cols.extend(members[j] for j in b)
    for i, j in forced_pairs:
        rows.append(i)
        cols.append(j)
    graph = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    count, labels = connected_components(graph, directed=False)
    clusters: dict[int, list[int]] = {}
    for i, lab in enumerate(labels):
        clusters.setdefault(int(lab), []).append(i)
    return sorted(clusters.values(), key=lambda c: c[0])


def identity(subgraph: Subgraph) -> DedupResult:
    """No merging (dedup off): every node stands for itself."""
    return DedupResult(subgraph.copy(), {n: n for n in subgraph.nodes}, [], {r: [r] for r in subgraph.relationships})


def dedup(subgraph: Subgraph, embed: EmbedFn | None, theta: float = 0.7) -> DedupResult:
    """Merge alias entities of a retrieved subgraph. `embed=None` applies only persisted aliases."""
    ids = sorted(subgraph.nodes)
    pos = {nid: i for i, nid in enumerate(ids)}
    names = [subgraph.nodes[i].name for i in ids]
    types = [subgraph.nodes[i].type for i in ids]
    forced = [(pos[a], pos[c]) for a, c in subgraph.alias_map.items() if a in pos and c in pos]
    clusters = similarity_clusters(names, types, embed, theta, forced)
    degree = subgraph.degree()
    mapping: dict[str, str] = {}
    multi: list[list[str]] = []
    for cluster in clusters:
        members = [ids[i] for i in cluster]
        canonical = max(members, key=lambda m: (degree[m], -len(subgraph.nodes[m].name), _neg(m)))
        for m in members:
            mapping[m] = canonical
        if len(members) > 1:
            multi.append(sorted(members, key=lambda m: (m != canonical, m)))
    out = Subgraph(seeds=[], truncated=subgraph.truncated, mode=subgraph.mode, fallback=subgraph.fallback)
    for canonical in sorted(set(mapping.values())):
        members = [m for m in ids if mapping[m] == canonical]
        node = subgraph.nodes[canonical]
        aliases = sorted({subgraph.nodes[m].name for m in members if m != canonical} | set(node.aliases))
        descriptions = [d for d in (subgraph.nodes[m].description for m in
                                    sorted(members, key=lambda m: (m != canonical, m))) if d]
        out.add_node(Node(node.id, node.name, node.type, tuple(a for a in aliases if a != node.name),
                          "\n".join(dict.fromkeys(descriptions)) or None))
    kept: dict[tuple[str, str, str], str] = {}
    rel_members: dict[str, list[str]] = {}
    for rel in subgraph.sorted_relationships():
        s, t = mapping[rel.source], mapping[rel.target]
        if s == t:
            continue  # self-loop created by the merge
        key = (s, rel.label, t)
        if key in kept:
            rel_members[kept[key]].append(rel.id)  # the same fact stated for two aliases: keep the first
            continue
        kept[key] = rel.id
        rel_members[rel.id] = [rel.id]
        out.add_relationship(Relationship(rel.id, s, t, rel.label, rel.description, rel.provenance))
    out.seeds = list(dict.fromkeys(mapping[s] for s in subgraph.seeds if s in mapping))
    out.alias_map = {m: c for m, c in mapping.items() if m != c}
    out.paths = [[r for r in path if r in out.relationships] for path in subgraph.paths]
    return DedupResult(out, mapping, multi, rel_members)


def _neg(text: str) -> tuple[int, ...]:
    # max() with a stable tie-break that prefers the lexicographically smallest id
    return tuple(-ord(ch) for ch in text)


@dataclass
class AliasLink:
    alias: str
    canonical: str
    score: float


def graph_alias_links(entities: Sequence[dict], embed: EmbedFn, theta: float = 0.7,
                      block: int = 2048) -> list[AliasLink]:
    """The same rule over a whole graph: same type, cos >= theta, components, canonical = highest degree.

    `entities`: rows {id, name, type, degree}. Similarities are computed blockwise per type.
    """
    links: list[AliasLink] = []
    by_type: dict[str | None, list[dict]] = {}
    for e in entities:
        by_type.setdefault(e["type"], []).append(e)
    for members in by_type.values():
        if len(members) < 2:
            continue
        members = sorted(members, key=lambda e: e["id"])
        vecs = embed([m["name"] for m in members])
        n = len(members)
        rows: list[int] = []
        cols: list[int] = []
        best: dict[tuple[int, int], float] = {}
        for start in range(0, n, block):
            sims = vecs[start:start + block] @ vecs.T
            a, b = np.nonzero(sims >= theta - 1e-6)
            for i, j in zip(a + start, b, strict=True):
                if i < j:
                    rows.append(int(i))
                    cols.append(int(j))
                    best[(int(i), int(j))] = float(sims[i - start, j])
        if not rows:
            continue
        graph = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
        _, labels = connected_components(graph, directed=False)
        clusters: dict[int, list[int]] = {}
        for i, lab in enumerate(labels):
            clusters.setdefault(int(lab), []).append(i)
        for idx in clusters.values():
            if len(idx) < 2:
                continue
            canon = max(idx, key=lambda i: (members[i]["degree"], -len(members[i]["name"]),
                                            _neg(members[i]["id"])))
            for i in idx:
                if i == canon:
                    continue
                vc, vi = vecs[canon], vecs[i]
                links.append(AliasLink(members[i]["id"], members[canon]["id"], float(vc @ vi)))
    return sorted(links, key=lambda link: (link.canonical, link.alias))


def persist_aliases(store: Neo4jStore, embed: EmbedFn, theta: float = 0.7, method: str = "") -> list[AliasLink]:
    """`xgrag dedup --persist`: write ALIAS_OF (xgrag's own relationship type), replacing earlier links."""
    entities = store.read("entities_all")
    links = graph_alias_links(entities, embed, theta)
    store.write("aliases_replace", links=[vars(link) for link in links], theta=theta, method=method)
    return links


def persisted_aliases(store: Neo4jStore) -> list[AliasLink]:
    """The ALIAS_OF links persisted in the graph (what `CALL xgrag.aliases()` returns), in alias-id order."""
    return [AliasLink(str(row["alias"]["id"]), str(row["canonical"]["id"]), float(row["score"] or 0.0))
            for row in store.read("aliases_all")]
