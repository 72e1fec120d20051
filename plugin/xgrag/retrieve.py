"""Retrieval in Cypher: entity linking, bounded k-hop neighbourhoods, shortest paths (KGRAG-Ex).

Every query takes `$excluded_node_ids` / `$excluded_rel_ids`: a Perturbation is applied by the very
retrieval that produced the unperturbed subgraph. Nothing here writes.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from xgrag.config import RetrievalSettings
from xgrag.embed import Embedder
from xgrag.model import Node, Perturbation, Relationship, Subgraph
from xgrag.store.neo4j import Neo4jStore
from xgrag.store.queries import PROVENANCE_ROW, REL_ROW

Mode = Literal["khop", "paths"]

_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
_STOP = frozenset(
    "a an and are as at be by for from has have in is it of on or the to was were what which who whom whose "
    "when where why how did does do movie movies film films".split()
)
_MAX_SPAN = 8


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def lucene_query(question: str) -> str:
    """An OR query of the question's escaped, non-stopword terms; inert for any input."""
    terms = [t for t in re.findall(r"\w+", question.lower()) if t not in _STOP]
    escaped = [_LUCENE_SPECIAL.sub(r"\\\1", t) for t in terms]
    return " OR ".join(escaped)


def candidate_spans(question: str) -> list[str]:
    """Word n-grams of the question (and bracketed spans), as typed and title-cased, for exact lookup."""
    spans: list[str] = re.findall(r"\[([^\[\]]{1,200})\]", question)
    words = re.findall(r"[\w'&.\-]+", question.replace("[", " ").replace("]", " "))
    for n in range(1, min(_MAX_SPAN, len(words)) + 1):
        for i in range(len(words) - n + 1):
            span = " ".join(words[i:i + n])
            spans.append(span)
            spans.append(span.strip(".,'"))
    out: list[str] = []
    for s in spans:
        for variant in (s, s.title()):
            if variant and variant not in out:
                out.append(variant)
    return out


@dataclass(frozen=True)
class LinkedEntity:
    node: Node
    method: str  # bracket | exact | fulltext | vector
    score: float
    mention: str


def select_mentions(question: str, candidates: Sequence[tuple[Node, float]]) -> list[LinkedEntity]:
    """Keep candidates whose name or alias occurs as whole words in the question; longest first,
    non-overlapping. Bracketed spans (MetaQA style) win outright."""
    brackets = [normalise(b) for b in re.findall(r"\[([^\[\]]+)\]", question)]
    qn = f" {normalise(question)} "
    found: list[tuple[int, int, str, Node, float, str]] = []
    for node, score in candidates:
        for surface in (node.name, *node.aliases):
            s = normalise(surface)
            if not s or (s in _STOP and s not in brackets):
                continue
            start = qn.find(f" {s} ")
            if start < 0:
                continue
            method = "bracket" if s in brackets else "exact"
            found.append((start, start + len(s), s, node, score, method))
    if not found:
        return []
    if any(f[5] == "bracket" for f in found):
        found = [f for f in found if f[5] == "bracket"]
    found.sort(key=lambda f: (-(f[1] - f[0]), f[0], f[3].id))
    taken: list[tuple[int, int]] = []
    chosen: list[LinkedEntity] = []
    for start, end, s, node, score, method in found:
        same_span = any(a == start and b == end for a, b in taken)
        overlaps = any(start < b and a < end for a, b in taken)
        if overlaps and not same_span:
            continue
        if not same_span:
            taken.append((start, end))
        if all(c.node.id != node.id for c in chosen):
            chosen.append(LinkedEntity(node, method, float(score), s))
    return sorted(chosen, key=lambda c: (c.mention, c.node.id))


def _node(row: dict) -> Node:
    return Node(
        id=str(row["id"]),
        name=str(row["name"]),
        type=row.get("type"),
        aliases=tuple(row.get("aliases") or ()),
        description=row.get("description"),
    )


_PROV_AT = len(REL_ROW)
_REL_ROW_LEN = len(REL_ROW) + len(PROVENANCE_ROW)


def _node_row(row: Sequence[Any]) -> Node:
    """A node from a {{NODEROW}} list (xgrag.store.queries.NODE_ROW: id, name, type, aliases, description)."""
    return Node(id=str(row[0]), name=str(row[1]), type=row[2], aliases=tuple(row[3] or ()), description=row[4])


def _rel_row(row: Sequence[Any]) -> Relationship:
    """A relationship from a {{RELROW}} list (provenance fields follow the relationship's own)."""
    prov = {k: v for k, v in zip(PROVENANCE_ROW, row[_PROV_AT:_REL_ROW_LEN], strict=True) if v is not None}
    return Relationship(id=str(row[0]), source=str(row[1]), target=str(row[2]), label=str(row[3]),
                        description=row[4], provenance=prov)


_F = TypeVar("_F", bound=Callable[..., Any])


def _one_read_transaction(fn: _F) -> _F:
    """All the queries of one retrieval step share one read transaction (see Neo4jStore.reading)."""

    @functools.wraps(fn)
    def wrapper(self: Retriever, *args: Any, **kwargs: Any) -> Any:
        with self.store.reading():
            return fn(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


class Retriever:
    """Question -> subgraph, through the named Cypher queries of a store (read transactions only)."""

    def __init__(self, store: Neo4jStore, settings: RetrievalSettings | None = None,
                 embedder: Embedder | None = None) -> None:
        self.store = store
        self.settings = settings or RetrievalSettings()
        self.embedder = embedder
        self._has_aliases: bool | None = None

    # -- linking ------------------------------------------------------------------------------

    @_one_read_transaction
    def link(self, question: str, excluded_node_ids: Iterable[str] = ()) -> list[LinkedEntity]:
        excluded = sorted(set(excluded_node_ids))
        cfg = self.settings
        candidates: dict[str, tuple[Node, float]] = {}
        for row in self.store.read("link_exact", names=candidate_spans(question), excluded_node_ids=excluded):
            node = _node(row["node"])
            candidates[node.id] = (node, 1.0)
        query = lucene_query(question)
        if query:
            rows = self.store.read("link_fulltext", index=self.store.schema.fulltext_index, query=query,
                                   limit=cfg.link_limit * 5, excluded_node_ids=excluded)
            for row in rows:
                node = _node(row["node"])
                candidates.setdefault(node.id, (node, float(row["score"])))
        linked = select_mentions(question, list(candidates.values()))
        if linked:
            return linked
        return self._fuzzy(question, excluded)

    def entities_by_name(self, names: Iterable[str]) -> list[tuple[str, Node]]:
        """Entities whose name is exactly one of `names` (case-sensitive, index-backed), as (name, entity)."""
        wanted = sorted({n for n in names if n})
        if not wanted:
            return []
        return [(str(row["candidate"]), _node(row["node"]))
                for row in self.store.read("link_exact", names=wanted, excluded_node_ids=[])]

    def _fuzzy(self, question: str, excluded: list[str]) -> list[LinkedEntity]:
        """No name occurs verbatim: nearest entity-name embeddings of the question's short spans
        (vector index; only when the graph stores name embeddings and an embedder is configured)."""
        if self.embedder is None or not self.store.schema.embedding_property:
            return []
        spans: list[str] = []
        for span in candidate_spans(question):
            words = normalise(span).split()
            if 0 < len(words) <= 4 and not all(w in _STOP for w in words) and normalise(span) not in spans:
                spans.append(normalise(span))
        if not spans:
            return []
        best: dict[str, LinkedEntity] = {}
        for span, vec in zip(spans, self.embedder.embed(spans), strict=True):
            rows = self.store.read("link_vector", index=self.store.schema.vector_index, k=1,
                                   embedding=vec.tolist(), min_score=self.settings.link_min_score,
                                   excluded_node_ids=excluded)
            for row in rows:
                node, score = _node(row["node"]), float(row["score"])
                if node.id not in best or score > best[node.id].score:
                    best[node.id] = LinkedEntity(node, "vector", score, span)
        ranked = sorted(best.values(), key=lambda le: (-le.score, le.node.id))
        return ranked[: self.settings.vector_link_top]

    # -- perturbation filter --------------------------------------------------------------------

    def _aliases_exist(self) -> bool:
        if self._has_aliases is None:
            t = self.store.schema.alias_type
            rows = self.store.query(f"MATCH ()-[r:`{t}`]->() RETURN count(r) > 0 AS any")
            self._has_aliases = bool(rows[0]["any"])
        return self._has_aliases

    def _alias_links(self, ids: Iterable[str]) -> list[tuple[Node, Node]]:
        ids = sorted(set(ids))
        if not ids or not self._aliases_exist():
            return []
        rows = self.store.read_plain("alias_links", ids=ids)
        return [(_node(r["alias"]), _node(r["canonical"])) for r in rows]

    def expand_exclusions(self, perturbation: Perturbation) -> tuple[list[str], list[str]]:
        """Excluding a canonical entity excludes its persisted aliases too."""
        nodes = set(perturbation.excluded_node_ids)
        for alias, canonical in self._alias_links(nodes):
            if canonical.id in nodes:
                nodes.add(alias.id)
        return sorted(nodes), sorted(perturbation.excluded_rel_ids)

    # -- retrieval --------------------------------------------------------------------------------

    @_one_read_transaction
    def retrieve(self, question: str, mode: Mode = "khop", hops: int | None = None,
                 perturbation: Perturbation | None = None,
                 seeds: Sequence[str] | None = None) -> Subgraph:
        perturbation = perturbation or Perturbation()
        ex_nodes, ex_rels = self.expand_exclusions(perturbation)
        if seeds is None:
            linked = self.link(question, ex_nodes)
            seeds = [le.node.id for le in linked]
        else:
            seeds = [s for s in seeds if s not in set(ex_nodes)]
        if mode == "paths":
            return self.paths(seeds, ex_nodes, ex_rels, hops)
        return self.khop(seeds, hops or self.settings.hops, ex_nodes, ex_rels)

    @_one_read_transaction
    def khop(self, seeds: Sequence[str], hops: int, excluded_node_ids: Sequence[str] = (),
             excluded_rel_ids: Sequence[str] = ()) -> Subgraph:
        cfg = self.settings
        if not 1 <= hops <= 4:
            raise ValueError(f"hops must be within 1..4, got {hops}")
        ex_nodes, ex_rels = sorted(set(excluded_node_ids)), sorted(set(excluded_rel_ids))
        sub = Subgraph(mode="khop")
        for row in self.store.read_plain("nodes_by_id", ids=sorted(set(seeds)), excluded_node_ids=ex_nodes):
            sub.add_node(_node(row["node"]))
        sub.seeds = [s for s in dict.fromkeys(seeds) if s in sub.nodes]
        frontier = self._with_aliases(sub, list(sub.seeds), set(ex_nodes))
        for _ in range(hops):
            if not frontier:
                break
            room = cfg.max_relationships - len(sub.relationships)
            if room <= 0:
                sub.truncated = True
                break
            rows = self.store.read_plain("expand", frontier=sorted(frontier), excluded_node_ids=ex_nodes,
                                         excluded_rel_ids=ex_rels, limit=room + 1)[0]["rows"]
            if len(rows) > room:
                sub.truncated = True
                rows = rows[:room]
            new: list[str] = []
            for row in rows:
                rel, node = _rel_row(row), _node_row(row[_REL_ROW_LEN:])
                if rel.id in sub.relationships:
                    continue
                if node.id not in sub.nodes:
                    if len(sub.nodes) >= cfg.max_nodes:
                        sub.truncated = True
                        continue
                    sub.add_node(node)
                    new.append(node.id)
                sub.add_relationship(rel)
            frontier = self._with_aliases(sub, new, set(ex_nodes))
        self._fill_provenance(sub)
        return sub

    def _with_aliases(self, sub: Subgraph, ids: list[str], excluded: set[str]) -> list[str]:
        """Add persisted alias-cluster members of `ids` (retrieval follows ALIAS_OF)."""
        out = list(ids)
        for alias, canonical in self._alias_links(ids):
            for node in (alias, canonical):
                if node.id in excluded:
                    continue
                if node.id not in sub.nodes and len(sub.nodes) < self.settings.max_nodes:
                    sub.add_node(node)
                    out.append(node.id)
            if alias.id in sub.nodes and canonical.id in sub.nodes:
                sub.alias_map[alias.id] = canonical.id
        return out

    @_one_read_transaction
    def paths(self, seeds: Sequence[str], excluded_node_ids: Sequence[str] = (),
              excluded_rel_ids: Sequence[str] = (), hops: int | None = None,
              pairs: Sequence[tuple[str, str]] | None = None) -> Subgraph:
        """Shortest paths between every pair of seed entities (or only the given `pairs` of seeds); k-hop
        when there is no path (KGRAG-Ex)."""
        cfg = self.settings
        ex_nodes, ex_rels = sorted(set(excluded_node_ids)), sorted(set(excluded_rel_ids))
        seeds = list(dict.fromkeys(seeds))
        sub = Subgraph(mode="paths")
        for row in self.store.read_plain("nodes_by_id", ids=sorted(set(seeds)), excluded_node_ids=ex_nodes):
            sub.add_node(_node(row["node"]))
        sub.seeds = [s for s in seeds if s in sub.nodes]
        if pairs is None:
            todo = list(itertools.combinations(sorted(sub.seeds), 2))
        else:
            todo = sorted({(min(a, b), max(a, b)) for a, b in pairs if a != b and a in sub.nodes and b in sub.nodes})
        for a, b in itertools.islice(todo, 45):
            rows = self.store.read_plain("shortest_paths", source_id=a, target_id=b, max_length=cfg.max_path_length,
                                   max_paths=cfg.max_paths, excluded_node_ids=ex_nodes, excluded_rel_ids=ex_rels)
            for row in rows:
                if len(sub.relationships) + len(row["rels"]) > cfg.max_relationships:
                    sub.truncated = True
                    break
                for n in row["nodes"]:
                    sub.add_node(_node_row(n))
                rels = [_rel_row(r) for r in row["rels"]]
                for rel in rels:
                    sub.add_relationship(rel)
                sub.paths.append([r.id for r in rels])
        if not sub.paths:
            reason = "fewer than two linked entities" if len(sub.seeds) < 2 else "no path between the entities"
            fallback = self.khop(sub.seeds, hops or cfg.hops, ex_nodes, ex_rels)
            fallback.mode, fallback.fallback = "khop", f"paths -> khop: {reason}"
            return fallback
        self._fill_provenance(sub)
        return sub

    def _fill_provenance(self, sub: Subgraph) -> None:
        if self.store.schema.provenance.mode != "mentions" or not sub.relationships:
            return
        pairs = [{"id": r.id, "source": r.source, "target": r.target} for r in sub.sorted_relationships()]
        found = {row["id"]: row["prov"] for row in self.store.read_plain("provenance_mentions", pairs=pairs)}
        for rid, prov in found.items():
            rel = sub.relationships[rid]
            clean = {k: v for k, v in (prov or {}).items() if v is not None}
            sub.relationships[rid] = Relationship(rel.id, rel.source, rel.target, rel.label, rel.description, clean)


def apply_in_memory(sub: Subgraph, perturbation: Perturbation) -> Subgraph:
    """The same perturbation applied to an already-retrieved subgraph (no re-retrieval).

    Equivalent to re-running retrieval only when exclusions do not open room under the size caps;
    tests compare both paths.
    """
    ex_nodes = set(perturbation.excluded_node_ids)
    out = Subgraph(seeds=[s for s in sub.seeds if s not in ex_nodes], truncated=sub.truncated, mode=sub.mode,
                   fallback=sub.fallback)
    renames = dict(perturbation.renames)
    for nid, node in sub.nodes.items():
        if nid in ex_nodes:
            continue
        if nid in renames:
            node = Node(node.id, renames[nid], node.type, node.aliases, node.description)
        out.add_node(node)
    for rid, rel in sub.relationships.items():
        if rid in perturbation.excluded_rel_ids or rel.source in ex_nodes or rel.target in ex_nodes:
            continue
        out.add_relationship(rel)
    out.alias_map = {a: c for a, c in sub.alias_map.items() if a in out.nodes and c in out.nodes}
    out.paths = [[r for r in p if r in out.relationships] for p in sub.paths]
    return out
