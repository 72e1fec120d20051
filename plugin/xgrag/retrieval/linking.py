"""Entity linking: which graph entities a question mentions.

Exact names among the question's word n-grams (index-backed), then full-text candidates kept only when their
name occurs as whole words in the question, then (when the graph stores name embeddings) nearest names of the
question's short spans through the vector index. Reads only; every value is a parameter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from xgrag.config import RetrievalSettings
from xgrag.embed import Embedder
from xgrag.model import Node
from xgrag.store.neo4j import Neo4jStore

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


def node_from_map(row: dict[str, Any]) -> Node:
    """A node from a {{NODEMAP}} map row (linking and alias queries)."""
    return Node(
        id=str(row["id"]),
        name=str(row["name"]),
        type=row.get("type"),
        aliases=tuple(row.get("aliases") or ()),
        description=row.get("description"),
    )


class Linker:
    """Question -> linked entities, through the store's named queries (run inside the caller's transaction)."""

    def __init__(self, store: Neo4jStore, settings: RetrievalSettings, embedder: Embedder | None = None) -> None:
        self.store = store
        self.settings = settings
        self.embedder = embedder

    def link(self, question: str, excluded_node_ids: Iterable[str] = ()) -> list[LinkedEntity]:
        excluded = sorted(set(excluded_node_ids))
        cfg = self.settings
        candidates: dict[str, tuple[Node, float]] = {}
        for row in self.store.read("link_exact", names=candidate_spans(question), excluded_node_ids=excluded):
            node = node_from_map(row["node"])
            candidates[node.id] = (node, 1.0)
        query = lucene_query(question)
        if query:
            rows = self.store.read("link_fulltext", index=self.store.schema.fulltext_index, query=query,
                                   limit=cfg.link_limit * 5, excluded_node_ids=excluded)
            for row in rows:
                node = node_from_map(row["node"])
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
        return [(str(row["candidate"]), node_from_map(row["node"]))
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
                node, score = node_from_map(row["node"]), float(row["score"])
                if node.id not in best or score > best[node.id].score:
                    best[node.id] = LinkedEntity(node, "vector", score, span)
        ranked = sorted(best.values(), key=lambda le: (-le.score, le.node.id))
        return ranked[: self.settings.vector_link_top]
