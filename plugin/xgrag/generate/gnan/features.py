"""What M-GNAN reads of one question and its facts: candidates, fact-candidate distances, features.

Everything here is deterministic and computed from the facts the generator is given (names, not node ids: the
same context an LLM sees as text):

- entities: the names on the facts; `mentioned`: those the question mentions, decided as the extractive reader
  and entity linking decide it (`mentioned_names`); candidates: the entities the question does not mention (all
  of them when it mentions none or every one);
- distances: shortest-path distances (undirected, in hops) over the facts; the distance of a fact j to an entity
  c is that of the nearer end of j (0 when c is one of its ends); a fact farther than `max_distance` from a
  candidate contributes nothing to it;
- `#dist(j, c)`: the number of facts at the same distance from c as j (M-GNAN's normalisation);
- per relation (question-conditioned): the question's embedding q with the mentioned names removed, the
  relation's embedding r, q * r and cos(q, r) (xgrag's embedder, all-MiniLM-L6-v2 by default);
- per (fact, candidate) pair, a small structural vector `POS_DIM` long: the candidate's role in the fact (head,
  tail, neither), the fact's hop from the mentioned entities, the candidate's hop from them, and which end of
  the fact is nearer to them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from xgrag.embed import Embedder
from xgrag.generate.base import Fact
from xgrag.generate.extractive import mentioned_names

FEATURES_VERSION = "gnan-features-v1"
HOP_BUCKETS = 4  # fact hop from the mentioned entities: 0, 1, 2, 3+ (or unknown: nothing mentioned)
CAND_BUCKETS = 4  # candidate hop from the mentioned entities: 1, 2, 3, 4+ (or unknown)
POS_DIM = 3 + HOP_BUCKETS + CAND_BUCKETS + 3
FAR = 10**6


@dataclass(frozen=True)
class Encoded:
    """One question over its facts, ready for the model. Pair arrays are aligned (one row per (fact, candidate)
    pair within `max_distance`)."""

    facts: tuple[Fact, ...]
    names: tuple[str, ...]  # entity names, sorted
    candidates: tuple[int, ...]  # indices into names
    mentioned: frozenset[str]
    relations: tuple[str, ...]  # distinct relation texts, sorted
    fact_relation: np.ndarray  # (F,) index into relations
    question_vec: np.ndarray  # (D,)
    relation_vecs: np.ndarray  # (R, D)
    pair_candidate: np.ndarray  # (P,) index into candidates
    pair_fact: np.ndarray  # (P,) index into facts
    pair_distance: np.ndarray  # (P,) 0..max_distance
    pair_count: np.ndarray  # (P,) #dist(j, c): facts at the same distance from the candidate
    pair_pos: np.ndarray  # (P, POS_DIM)

    def candidate_names(self) -> list[str]:
        return [self.names[i] for i in self.candidates]


def question_text(question: str, mentioned: Sequence[str]) -> str:
    """The question without its entity mentions (bracketed spans and mentioned names): what it asks, not of what."""
    text = re.sub(r"\[[^\]]*\]", " ", question)
    for name in sorted(mentioned, key=len, reverse=True):
        if name.strip():
            text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    return " ".join(text.split()) or question.strip()


class VectorCache:
    """Embeddings of question and relation texts, computed once per text."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._vectors: dict[str, np.ndarray] = {}

    def get(self, texts: Sequence[str]) -> np.ndarray:
        missing = sorted({t for t in texts if t not in self._vectors})
        if missing:
            for text, vec in zip(missing, self.embedder.embed(missing), strict=True):
                self._vectors[text] = np.asarray(vec, dtype=np.float32)
        return np.stack([self._vectors[t] for t in texts])


def _bucket(values: np.ndarray, low: int, n: int) -> np.ndarray:
    """One-hot of min(value - low, n - 1) per value; FAR (unknown) goes to the last bucket."""
    idx = np.clip(values - low, 0, n - 1)
    out: np.ndarray = np.eye(n, dtype=np.float32)[idx]
    return out


def encode(question: str, facts: Sequence[Fact], vectors: VectorCache, max_distance: int = 2) -> Encoded:
    facts = tuple(facts)
    names = tuple(sorted({n for f in facts for n in (f.head, f.tail)}))
    index = {n: i for i, n in enumerate(names)}
    mentioned = frozenset(mentioned_names(question, list(names))) if names else frozenset()
    cands = tuple(i for i, n in enumerate(names) if n not in mentioned) or tuple(range(len(names)))
    relations = tuple(sorted({f.relation for f in facts}))
    rel_index = {r: i for i, r in enumerate(relations)}
    vecs = vectors.get([question_text(question, sorted(mentioned)), *relations])
    q, rel = vecs[0], vecs[1:]
    heads = np.array([index[f.head] for f in facts], dtype=np.int64)
    tails = np.array([index[f.tail] for f in facts], dtype=np.int64)
    empty_i = np.zeros(0, dtype=np.int64)
    if not facts:
        return Encoded(facts, names, cands, mentioned, relations, empty_i, q, rel.reshape(0, q.shape[0]), empty_i,
                       empty_i, empty_i, empty_i, np.zeros((0, POS_DIM), dtype=np.float32))
    n = len(names)
    adj = csr_matrix((np.ones(2 * len(facts)), (np.r_[heads, tails], np.r_[tails, heads])), shape=(n, n))
    seeds = [index[m] for m in sorted(mentioned)]
    if seeds and len(seeds) < n:
        topic = dijkstra(adj, directed=False, indices=seeds, unweighted=True, min_only=True)
    else:
        topic = np.full(n, np.inf)
    topic = np.where(np.isfinite(topic), topic, FAR).astype(np.int64)
    dist = dijkstra(adj, directed=False, indices=list(cands), unweighted=True, limit=max_distance + 0.5)
    dist = np.where(np.isfinite(dist), dist, FAR).astype(np.int64)  # (C, N)
    fd = np.minimum(dist[:, heads], dist[:, tails])  # (C, F): fact-candidate distance
    ci, fj = np.nonzero(fd <= max_distance)
    d = fd[ci, fj]
    counts = np.zeros((len(cands), max_distance + 1), dtype=np.int64)
    np.add.at(counts, (ci, d), 1)
    cand_node = np.asarray(cands, dtype=np.int64)[ci]
    role = np.stack([heads[fj] == cand_node, tails[fj] == cand_node], axis=1).astype(np.float32)
    role = np.concatenate([role, (role.sum(axis=1, keepdims=True) == 0).astype(np.float32)], axis=1)
    th, tt = topic[heads[fj]], topic[tails[fj]]
    fact_hop = np.minimum(th, tt)
    known = fact_hop < FAR
    side = np.stack([known & (th < tt), known & (tt < th), ~known | (th == tt)], axis=1).astype(np.float32)
    pos = np.concatenate([role, _bucket(np.where(known, fact_hop, FAR), 0, HOP_BUCKETS),
                          _bucket(topic[cand_node], 1, CAND_BUCKETS), side], axis=1).astype(np.float32)
    return Encoded(facts, names, cands, mentioned, relations,
                   np.array([rel_index[f.relation] for f in facts], dtype=np.int64), q, rel,
                   ci.astype(np.int64), fj.astype(np.int64), d.astype(np.int64), counts[ci, d], pos)
