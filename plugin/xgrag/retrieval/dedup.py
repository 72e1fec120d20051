"""Alias merging, computed on a retrieved subgraph without touching the graph, and graph-wide ALIAS_OF links.

The pairwise decision and the clustering are `xgrag.retrieval.alias_rule` (rule "precise" by default, XGRAG's
§3.1 rule "xgrag" by name). Then, as in XGRAG: canonical = highest degree in the retrieved subgraph, counting a
node's property facts with its relationships (a member merged away takes its own properties out of the context:
the member that holds the most stays; ties: the shorter name, then the id); relationships remapped through the
canonical map, self-loops that merging made dropped (a loop the graph stores is a fact and stays), descriptions
merged. Persisted ALIAS_OF links (retrieval's
`alias_map`) are applied first, as already-known clusters.

Nothing merged is shown as if the graph stated it: `DedupResult` keeps, for every kept relationship, the stored
triples it stands for (original names and ids) and, for every merge, its evidence and score;
`stored_triple_text` and `stored_name_text` render them ("Jim'S Father (merged into Jim) OWNS Gold Watch").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from xgrag.errors import NotFoundError
from xgrag.model import Node, Subgraph
from xgrag.model.graph import Relationship
from xgrag.model.provenance import FactProvenance, merged_provenance
from xgrag.model.records import ReadingRecord, StoredTripleRecord
from xgrag.retrieval.alias_rule import (
    AliasEntity,
    AliasJudge,
    Decision,
    EmbedFn,
    PreciseParams,
    canonical_index,
    check_rule,
    embed_names,
    is_identity_label,
)
from xgrag.retrieval.names import parse
from xgrag.store.neo4j import Neo4jStore

__all__ = ["AliasLink", "DedupResult", "EmbedFn", "Merge", "StoredTriple", "dedup", "find_aliases", "graph_alias_links",
           "persist_aliases", "persisted_aliases", "similarity_clusters", "stored_arrow_text", "stored_name_text",
           "stored_triple_text"]


# A relationship exactly as the graph stores it: the Explanation's record of it (one declaration, in the model)
StoredTriple = StoredTripleRecord


def stored_triple(rel: Relationship, head: str, tail: str) -> StoredTriple:
    """`rel` as stored, its ends' stored names `head` and `tail`."""
    return StoredTriple(rel_id=rel.id, head_id=rel.source, head=head, label=rel.label, tail_id=rel.target, tail=tail,
                        reading=None if rel.reading is None else ReadingRecord.of(rel.reading))


@dataclass(frozen=True)
class Merge:
    """One entity merged into a canonical one: with whom it was matched (`via`, the canonical or another member
    of the cluster), the rule's score and evidence for that pair."""

    alias: str
    canonical: str
    alias_name: str
    canonical_name: str
    via: str
    score: float
    kind: str | None
    evidence: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {**vars(self), "evidence": list(self.evidence)}


@dataclass
class DedupResult:
    subgraph: Subgraph
    mapping: dict[str, str]  # every original node id -> canonical id
    clusters: list[list[str]] = field(default_factory=list)  # clusters with more than one member
    # kept relationship id -> every retrieved relationship id it stands for (duplicates after the merge)
    rel_members: dict[str, list[str]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # every original node id -> its stored name
    # kept relationship id -> the stored triples it stands for (original ends and names), first the kept one
    stored: dict[str, list[StoredTriple]] = field(default_factory=dict)
    dropped: list[StoredTriple] = field(default_factory=list)  # stored triples between merged aliases (not shown)
    merges: list[Merge] = field(default_factory=list)  # one per merged (non-canonical) entity, by alias id
    rule: str = "precise"

    def node_members(self, canonical: str) -> list[str]:
        return sorted(m for m, c in self.mapping.items() if c == canonical)

    def members(self, canonical: str) -> list[tuple[str, str]]:
        """(id, stored name) of every entity merged into `canonical`, the canonical first."""
        ids = sorted(self.node_members(canonical), key=lambda m: (m != canonical, m))
        return [(m, self.stored_name(m)) for m in ids]

    def stored_name(self, node_id: str) -> str:
        if node_id in self.names:
            return self.names[node_id]
        if node_id in self.subgraph.nodes:
            return self.subgraph.nodes[node_id].name
        raise NotFoundError(f"entity {node_id!r} is not in this dedup result")

    def merge_of(self, node_id: str) -> Merge | None:
        return next((m for m in self.merges if m.alias == node_id), None)

    def stored_triples(self, rel_id: str) -> list[StoredTriple]:
        """The stored triples a relationship of the deduplicated subgraph stands for (`rel_id` may also be one
        of the duplicates it replaced)."""
        if rel_id in self.stored:
            return list(self.stored[rel_id])
        for kept, members in self.rel_members.items():
            if rel_id in members and kept in self.stored:
                return list(self.stored[kept])
        rel = self.subgraph.relationships.get(rel_id)
        if rel is None:
            raise NotFoundError(f"relationship {rel_id!r} is not in this dedup result")
        # a result built without stored triples (dedup off): the subgraph holds the stored names
        return [stored_triple(rel, self.stored_name(rel.source), self.stored_name(rel.target))]

    @property
    def merged(self) -> int:
        return sum(len(c) - 1 for c in self.clusters)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "merged": self.merged, "clusters": self.clusters,
                "merges": [m.to_json() for m in self.merges],
                "stored": {r: [t.model_dump() for t in ts] for r, ts in sorted(self.stored.items())
                           if len(ts) > 1 or any(self.mapping.get(x) != x for x in (ts[0].head_id, ts[0].tail_id))},
                "dropped": [t.model_dump() for t in self.dropped]}


def stored_name_text(result: DedupResult, node_id: str) -> str:
    """An entity's stored name, with a merge note when it was merged: "Jim'S Father (merged into Jim)"."""
    name = result.stored_name(node_id)
    canonical = result.mapping.get(node_id, node_id)
    if canonical == node_id:
        return name
    return f"{name} (merged into {result.stored_name(canonical)})"


def stored_triple_text(result: DedupResult, rel_id: str) -> str:
    """A relationship of the deduplicated subgraph as the graph stores it, never as the merge rewrote it: each
    stored triple it stands for, with merge notes ("Jim'S Grandfather (merged into Jim) OWNED Gold Watch"),
    joined by "; " when the merge collapsed several stored triples into one."""
    def text(t: StoredTriple) -> str:
        head, tail = stored_name_text(result, t.head_id), stored_name_text(result, t.tail_id)
        return t.reading.text(head, tail) if t.reading is not None else f"{head} {t.label} {tail}"

    # one fact stored twice reads once (never "A; A")
    return "; ".join(dict.fromkeys(text(t) for t in result.stored_triples(rel_id)))


def stored_arrow_text(result: DedupResult, t: StoredTriple) -> str:
    """A stored triple as a component label states it: "head -label-> tail" (with merge notes), or, for a
    relationship stored in an arbitrary direction (Relationship.reading), in the direction its description states
    ("Neil Armstrong -commanded-> Apollo 11") or marked undirected ("A -keyword- B (undirected)")."""
    head, tail = stored_name_text(result, t.head_id), stored_name_text(result, t.tail_id)
    return t.reading.text(head, tail) if t.reading is not None else f"{head} -{t.label}-> {tail}"


def alias_entities(subgraph: Subgraph, ids: Sequence[str]) -> list[AliasEntity]:
    """The subgraph's entities with their neighbourhood in the subgraph (the graph the merge is about)."""
    rows: list[dict[str, Any]] = []
    for r in subgraph.relationships.values():
        if r.source in subgraph.nodes and r.target in subgraph.nodes:
            rows.append({"id": r.source, "neighbour": r.target, "name": subgraph.nodes[r.target].name,
                         "label": r.label, "out": True})
            rows.append({"id": r.target, "neighbour": r.source, "name": subgraph.nodes[r.source].name,
                         "label": r.label, "out": False})
    degree = subgraph.degree()
    # (what stands for a cluster is the member the subgraph states most of: its relationships and its own property
    # facts, which a member merged away takes out of the context; a graph that writes a thing twice, a node with its
    # fields and one with its name and relationships, kept the name node and lost every field: guangdong-gov-services,
    # spent, "X的投诉电话是多少" read no phone)
    for f in subgraph.properties.values():
        if f.owner_kind == "node" and f.owner in subgraph.nodes:
            degree[f.owner] = degree.get(f.owner, 0) + 1
    base = [AliasEntity(i, subgraph.nodes[i].name, subgraph.nodes[i].type, degree.get(i, 0)) for i in ids]
    entities = _with_neighbours(base, rows)
    # a node's stored properties are facts about it too: two stops named "FRASCATI" and "Frascati" at different
    # coordinates (a bus stop, a station) are two places; the rule's conflict veto reads them beside relations
    stated: dict[str, set[tuple[str, str]]] = {}
    for f in subgraph.properties.values():
        if f.owner_kind == "node" and f.owner in subgraph.nodes and isinstance(f.value, (str, int, float)) \
                and not isinstance(f.value, bool):
            stated.setdefault(f.owner, set()).add((f"@{f.key}", str(f.value)))
    return [replace(e, facts=e.facts | stated[e.id]) if e.id in stated else e for e in entities]


def similarity_clusters(
    names: Sequence[str], types: Sequence[str | None], embed: EmbedFn | None, theta: float,
    forced_pairs: Sequence[tuple[int, int]] = (), rule: str = "xgrag",
) -> list[list[int]]:
    """Clusters of names (indices, singletons included) under a rule without any graph context; by default
    XGRAG's: connected components of the same-type, cos >= theta similarity graph."""
    entities = [AliasEntity(str(i), n, t) for i, (n, t) in enumerate(zip(names, types, strict=True))]
    judge = AliasJudge(entities, embed_names(entities, embed), theta, rule)
    multi = judge.clusters(forced_pairs).clusters
    inside = {i for c in multi for i in c}
    return sorted(multi + [[i] for i in range(len(names)) if i not in inside], key=lambda c: c[0])


def identity(subgraph: Subgraph, facts: bool = True) -> DedupResult:
    """No merging (dedup off): every node stands for itself. With `facts`, one fact stored several times (the same
    head, relation and tail: a graph written before xgrag's ingestion kept one relationship per source) is stated
    once, by its first copy, with every copy's sources (`collapse_facts`); `facts=False` keeps every relationship
    (a stack's traced elements, which are never merged)."""
    if not facts:
        return DedupResult(subgraph.copy(), {n: n for n in subgraph.nodes}, [],
                           {r: [r] for r in subgraph.relationships})
    out, rel_members, stored = collapse_facts(subgraph, {n: n for n in subgraph.nodes})
    return DedupResult(out, {n: n for n in subgraph.nodes}, [], rel_members, {}, stored)


def collapse_facts(subgraph: Subgraph, mapping: dict[str, str]
                   ) -> tuple[Subgraph, dict[str, list[str]], dict[str, list[StoredTriple]]]:
    """`subgraph` with one relationship per fact (head and tail through `mapping`, relation): the first copy in
    canonical order stands for the others (`rel_members`: a perturbation of it removes every copy) and carries every
    copy's sources (merged_provenance). Nodes, properties, seeds and paths are kept as they are."""
    out = subgraph.copy()
    out.relationships = {}
    kept: dict[tuple[str, str, str], str] = {}
    members: dict[str, list[str]] = {}
    stored: dict[str, list[StoredTriple]] = {}
    provs: dict[str, list[FactProvenance]] = {}
    for rel in subgraph.sorted_relationships():
        key = (mapping.get(rel.source, rel.source), rel.label, mapping.get(rel.target, rel.target))
        triple = stored_triple(rel, subgraph.nodes[rel.source].name, subgraph.nodes[rel.target].name)
        first = kept.setdefault(key, rel.id)
        members.setdefault(first, []).append(rel.id)
        stored.setdefault(first, []).append(triple)
        provs.setdefault(first, []).append(rel.provenance)
        if first == rel.id:
            out.add_relationship(rel)
    for rid, ps in provs.items():
        if len(ps) > 1:
            rel = out.relationships[rid]
            out.relationships[rid] = replace(rel, provenance=merged_provenance(ps))
    out.paths = [list(dict.fromkeys(kept_id(members, r) for r in path)) for path in subgraph.paths]
    return out, members, stored


def kept_id(members: dict[str, list[str]], rel_id: str) -> str:
    """The relationship that stands for `rel_id` after collapse_facts."""
    if rel_id in members:
        return rel_id
    return next((k for k, ms in members.items() if rel_id in ms), rel_id)


def dedup(subgraph: Subgraph, embed: EmbedFn | None, theta: float = 0.7, rule: str = "precise",
          params: PreciseParams | None = None) -> DedupResult:
    """Merge alias entities of a retrieved subgraph under `rule`. `embed=None` applies only persisted aliases."""
    check_rule(rule)
    ids = sorted(subgraph.nodes)
    pos = {nid: i for i, nid in enumerate(ids)}
    entities = alias_entities(subgraph, ids)
    judge = AliasJudge(entities, embed_names(entities, embed), theta, rule, params)
    forced = [(pos[a], pos[c]) for a, c in subgraph.alias_map.items() if a in pos and c in pos]
    found = judge.clusters(forced)
    mapping: dict[str, str] = {i: i for i in ids}
    multi: list[list[str]] = []
    merges: list[Merge] = []
    for cluster in found.clusters:
        canon = canonical_index(cluster, entities)
        for i in cluster:
            mapping[ids[i]] = ids[canon]
        multi.append(sorted((ids[i] for i in cluster), key=lambda m: (m != ids[canon], m)))
        for i, (via, decision) in sorted(found.parents(canon, cluster).items()):
            merges.append(_merge(entities, i, canon, via, decision))
    out = Subgraph(seeds=[], truncated=subgraph.truncated, mode=subgraph.mode, fallback=subgraph.fallback,
                   reason=subgraph.reason)
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
    stored: dict[str, list[StoredTriple]] = {}
    dropped: list[StoredTriple] = []
    for rel in subgraph.sorted_relationships():
        triple = stored_triple(rel, subgraph.nodes[rel.source].name, subgraph.nodes[rel.target].name)
        s, t = mapping[rel.source], mapping[rel.target]
        if s == t and rel.source != rel.target:
            # XGRAG drops self-loops: one that merging two aliases made (a relationship between them) is kept
            # aside, never shown as a fact. A loop the graph itself stores is a fact of its node and stays ("X
            # -WAR_ATC_BIS-> X" with the code X held until a date on the relationship: swiss-medicines, spent, lost
            # it and answered nothing)
            dropped.append(triple)
            continue
        key = (s, rel.label, t)
        if key in kept:
            # the same fact stated for two aliases, or stored twice: keep the first, with every copy's sources
            rel_members[kept[key]].append(rel.id)
            stored[kept[key]].append(triple)
            first = out.relationships[kept[key]]
            out.relationships[first.id] = replace(first, provenance=merged_provenance([first.provenance,
                                                                                       rel.provenance]))
            continue
        kept[key] = rel.id
        rel_members[rel.id] = [rel.id]
        stored[rel.id] = [triple]
        out.add_relationship(replace(rel, source=s, target=t))
    out.seeds = list(dict.fromkeys(mapping[s] for s in subgraph.seeds if s in mapping))
    out.alias_map = {m: c for m, c in mapping.items() if m != c}
    out.paths = [[r for r in path if r in out.relationships] for path in subgraph.paths]
    # property facts stay with the elements that stay; a merged-away alias's own properties are not restated for
    # its canonical entity (that would be a fact the graph does not hold): they leave the context, counted
    for fact in subgraph.properties.values():
        if fact.owner in out.nodes or fact.owner in out.relationships:
            out.add_property(fact)
    out.properties_omitted = subgraph.properties_omitted + len(subgraph.properties) - len(out.properties)
    names = {i: subgraph.nodes[i].name for i in ids}
    return DedupResult(out, mapping, multi, rel_members, names, stored, dropped,
                       sorted(merges, key=lambda m: m.alias), rule)


def _merge(entities: Sequence[AliasEntity], i: int, canon: int, via: int, decision: Decision) -> Merge:
    a, c = entities[i], entities[canon]
    evidence = decision.evidence
    if via != canon:
        evidence = (f"matched with {entities[via].name!r}, itself merged into {c.name!r}",) + evidence
    return Merge(a.id, c.id, a.name, c.name, entities[via].id, decision.score, decision.kind, evidence)


@dataclass
class AliasLink:
    alias: str
    canonical: str
    score: float
    rule: str = ""
    kind: str | None = None
    evidence: tuple[str, ...] = ()

    def to_param(self) -> dict[str, Any]:
        return {"alias": self.alias, "canonical": self.canonical, "score": self.score, "rule": self.rule,
                "evidence": list(self.evidence)}


NeighbourFn = Callable[[list[str]], list[dict[str, Any]]]


def graph_alias_links(entities: Sequence[dict[str, Any]], embed: EmbedFn, theta: float = 0.7, block: int = 2048,
                      rule: str = "precise", neighbours: NeighbourFn | None = None,
                      params: PreciseParams | None = None) -> list[AliasLink]:
    """The same rule over a whole graph; canonical = highest degree in the graph.

    `entities`: rows {id, name, type, degree}. `neighbours(ids)`: rows {id, neighbour, name, label, out} for the
    precise rule's neighbourhood evidence, conflicting facts and linked-pair veto (without it, names alone
    decide: no shared neighbour ever helps, no link or fact vetoes). It is asked for every entity, `block` ids at
    a time: which relations are functional is read from the whole graph, as `dedup` reads it from a subgraph.
    Similarities are computed blockwise.
    """
    check_rule(rule)
    rows = sorted(entities, key=lambda e: str(e["id"]))
    base = [AliasEntity(str(e["id"]), str(e["name"]), e.get("type"), int(e.get("degree") or 0)) for e in rows]
    if rule == "precise" and neighbours is not None:
        ids = [e.id for e in base]
        base = _with_neighbours(base, [r for k in range(0, len(ids), block) for r in neighbours(ids[k:k + block])])
    judge = AliasJudge(base, embed_names(base, embed), theta, rule, params)
    found = judge.clusters(candidates=judge.candidates(block))
    links: list[AliasLink] = []
    for cluster in found.clusters:
        canon = canonical_index(cluster, judge.entities)
        for i, (via, decision) in found.parents(canon, cluster).items():
            m = _merge(judge.entities, i, canon, via, decision)
            links.append(AliasLink(m.alias, m.canonical, m.score, rule, m.kind, m.evidence))
    return sorted(links, key=lambda link: (link.canonical, link.alias))


def _with_neighbours(base: Sequence[AliasEntity], rows: Sequence[dict[str, Any]]) -> list[AliasEntity]:
    """Entities with their neighbourhood from rows {id, neighbour, name, label, out} (`out`: the entity is the
    relationship's start)."""
    nbrs: dict[str, set[str]] = {}
    keys: dict[str, set[str]] = {}
    identity: dict[str, set[str]] = {}
    facts: dict[str, set[tuple[str, str]]] = {}
    for r in rows:
        i, n = str(r["id"]), str(r["neighbour"])
        if i == n:
            continue
        loose = parse(str(r["name"])).loose
        label = str(r["label"])
        nbrs.setdefault(i, set()).add(n)
        keys.setdefault(i, set()).add(loose)
        facts.setdefault(i, set()).add((f"{label}>" if r["out"] else f"<{label}", loose))
        if is_identity_label(label):
            identity.setdefault(i, set()).add(n)
    return [AliasEntity(e.id, e.name, e.type, e.degree, frozenset(nbrs.get(e.id, ())),
                        frozenset(keys.get(e.id, ())), frozenset(identity.get(e.id, ())),
                        frozenset(facts.get(e.id, ()))) for e in base]


def find_aliases(store: Neo4jStore, embed: EmbedFn, theta: float = 0.7, rule: str = "precise",
                 params: PreciseParams | None = None) -> list[AliasLink]:
    """The alias links of the whole graph in `store` (read only): `graph_alias_links` with every entity's
    neighbourhood read from the graph. What `persist_aliases` writes, and what a dry run should show."""
    return graph_alias_links(store.read("entities_all"), embed, theta, rule=rule, params=params,
                             neighbours=lambda ids: store.read("entity_neighbours", ids=ids))


def persist_aliases(store: Neo4jStore, embed: EmbedFn, theta: float = 0.7, method: str = "",
                    rule: str = "precise", params: PreciseParams | None = None) -> list[AliasLink]:
    """`xgrag dedup --persist`: write ALIAS_OF (xgrag's own relationship type), replacing earlier links. Each link
    records the rule, its score and evidence."""
    links = find_aliases(store, embed, theta, rule, params)
    store.write("aliases_replace", links=[link.to_param() for link in links], theta=theta, method=method)
    return links


def persisted_aliases(store: Neo4jStore) -> list[AliasLink]:
    """The ALIAS_OF links persisted in the graph (what `CALL xgrag.aliases()` returns), in alias-id order."""
    return [AliasLink(str(row["alias"]["id"]), str(row["canonical"]["id"]), float(row["score"] or 0.0),
                      str(row.get("rule") or ""), None, tuple(row.get("evidence") or ()))
            for row in store.read("aliases_all")]
