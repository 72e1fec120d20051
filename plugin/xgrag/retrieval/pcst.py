"""Ex-GraphRAG's PCST-merge retrieval (ex-graphrag.txt §3.1), in Cypher plus G-Retriever's solver (pcst_fast).

Seeds: the question's linked entities plus the `pcst_seed_k` entities whose name embedding is nearest to the
question's (the vector index). Candidate pool: the 1-hop neighbourhood of the seeds (single-hop, hops=1), or an
h-hop expansion keeping the `pcst_top_k_per_hop` most question-similar new neighbours of each frontier node
(multi-hop). Prizes: rank prizes (k, k-1, ..., 1, as G-Retriever's `retrieval_via_pcst`) on the
`pcst_prize_nodes` most similar candidates; every edge costs `pcst_edge_cost`; an unrooted prize-collecting
Steiner tree over the pool's induced subgraph (pcst_fast, GW pruning). Result: seeds + the tree, merged with the
subgraph induced by the `pcst_merge_nodes` most similar candidates (and the seeds), cut to the retriever's caps.

Similarities are Neo4j's `vector.similarity.cosine` of stored name embeddings, computed in the queries: only one
float per candidate crosses the wire (benchmarks/bench_retrieval_modes.py measures the alternative, fetching the
embeddings). Every query takes the same `$excluded_node_ids` / `$excluded_rel_ids` filter as the other modes;
reads only.
"""

from __future__ import annotations

import functools
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import neo4j
import numpy as np

from xgrag.embed import Embedder
from xgrag.errors import ServiceError, UsageError
from xgrag.model import Node, Relationship, Subgraph
from xgrag.retrieval.rows import node_row, rel_row
from xgrag.store.neo4j import migrate_command

if TYPE_CHECKING:
    from xgrag.config import RetrievalSettings
    from xgrag.store.neo4j import Neo4jStore


class Retriever(Protocol):
    """What PCST-merge reads of the retriever that runs it (xgrag.retrieval.retriever.Retriever), named here so
    this module does not import the retriever that imports it."""

    store: Neo4jStore
    settings: RetrievalSettings
    embedder: Embedder | None

    def alias_links(self, ids: Iterable[str]) -> list[tuple[Node, Node]]: ...

    def fill_provenance(self, sub: Subgraph) -> None: ...


class PcstError(UsageError):
    """PCST retrieval cannot run on this graph or configuration (no embedder, no name embeddings)."""


class PcstSolverError(ServiceError):
    """The installed pcst_fast is missing or returns wrong answers."""


# -- the pure solver ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tree:
    """A prize-collecting Steiner tree: indices into the solver's node and edge lists, ascending."""

    nodes: tuple[int, ...]
    edges: tuple[int, ...]


@functools.cache
def _solver() -> object:
    try:
        from pcst_fast import pcst_fast
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise PcstSolverError("pcst_fast is not installed: pip install pcst-fast2") from exc
    # The pcst-fast 1.0.10 wheels were built with a pybind11 that predates NumPy 2: under NumPy 2 they return
    # garbage indices without an error. Check a path whose answer is known before trusting the library.
    nodes, edges = pcst_fast(np.array([[0, 1], [1, 2]], dtype=np.int64), np.array([3.0, 0.0, 3.0]),
                             np.array([1.0, 1.0]), -1, 1, "gw", 0)
    if sorted(int(n) for n in nodes) != [0, 1, 2] or sorted(int(e) for e in edges) != [0, 1]:
        raise PcstSolverError(
            "the installed pcst_fast returns wrong results (the pcst-fast 1.0.10 wheels are incompatible with "
            f"NumPy {np.__version__}); install pcst-fast2 (same module, NumPy 2 wheels) or build pcst-fast from "
            "source: pip uninstall pcst-fast && pip install pcst-fast2")
    return pcst_fast


def solve_pcst(num_nodes: int, edges: Sequence[tuple[int, int]], prizes: Sequence[float],
               costs: Sequence[float], pruning: str = "gw") -> Tree:
    """Unrooted prize-collecting Steiner tree (one tree) with pcst_fast's Goemans-Williamson scheme.

    No prize anywhere: no tree. No edge: the node with the highest prize (lowest index among ties)."""
    if len(prizes) != num_nodes or len(costs) != len(edges):
        raise ValueError(f"{num_nodes} nodes need {num_nodes} prizes (got {len(prizes)}), {len(edges)} edges "
                         f"need {len(edges)} costs (got {len(costs)})")
    if num_nodes == 0 or max(prizes) <= 0:  # pcst_fast would return an arbitrary single node
        return Tree((), ())
    if not edges:
        return Tree((int(np.argmax(np.asarray(prizes, dtype=np.float64))),), ())
    pcst_fast = _solver()
    vertices, chosen = pcst_fast(np.asarray(edges, dtype=np.int64).reshape(-1, 2),  # type: ignore[operator]
                                 np.asarray(prizes, dtype=np.float64), np.asarray(costs, dtype=np.float64),
                                 -1, 1, pruning, 0)
    return Tree(tuple(sorted(int(v) for v in vertices)), tuple(sorted(int(e) for e in chosen)))


def rank_prizes(similarity: Sequence[float], top: int) -> np.ndarray:
    """G-Retriever's node prizes: the `top` most similar get top, top-1, ..., 1 (earlier index first among
    ties); every other node 0."""
    sim = np.asarray(similarity, dtype=np.float64)
    prizes = np.zeros(len(sim))
    order = np.lexsort((np.arange(len(sim)), -sim))[: max(0, top)]
    prizes[order] = np.arange(len(order), 0, -1, dtype=np.float64)
    return prizes


# -- retrieval ------------------------------------------------------------------------------------------------


@dataclass
class PcstResult:
    """The subgraph and how PCST-merge chose it (for explanations: tree nodes without a prize are bridges)."""

    subgraph: Subgraph
    similarity: dict[str, float] = field(default_factory=dict)  # candidate id -> cosine score (0..1)
    prized: list[str] = field(default_factory=list)  # candidates with a prize, best first
    tree_nodes: list[str] = field(default_factory=list)
    tree_relationships: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)  # the top `pcst_merge_nodes` candidates
    candidates: int = 0  # pool size
    candidate_relationships: int = 0
    hubs: list[str] = field(default_factory=list)  # pool entities left unexpanded (degree > pcst_max_expand_degree)

    @property
    def bridges(self) -> list[str]:
        """Tree nodes that carry no prize: they only connect prized ones (Ex-GraphRAG §6's bridge nodes)."""
        prized = set(self.prized)
        return [n for n in self.tree_nodes if n not in prized]


def _score(value: object) -> float:
    """A candidate without a stored embedding gets no similarity: it ranks last and gets no prize."""
    return float(value) if isinstance(value, int | float) else -1.0


def question_embedding(retriever: Retriever, question: str) -> list[float]:
    schema = retriever.store.schema
    if retriever.embedder is None:
        raise PcstError("PCST retrieval ranks entities by similarity to the question and needs an embedder",
                        hint="build the retriever with one: Retriever(store, embedder=default_embedder())")
    if not schema.embedding_property:
        raise PcstError(f"schema preset {schema.preset!r} has no embedding_property, so PCST retrieval has no "
                        "entity-name embeddings to rank by",
                        hint="set [schema] embedding_property, then run `xgrag embed`")
    return list(_embed(retriever.embedder, question))


_EMBEDDINGS: weakref.WeakKeyDictionary[Embedder, OrderedDict[str, tuple[float, ...]]] = weakref.WeakKeyDictionary()


def _embed(embedder: Embedder, question: str, keep: int = 64) -> tuple[float, ...]:
    """The question's embedding, remembered per embedder for the last `keep` questions: an explanation
    re-retrieves the same question once per perturbation."""
    try:
        memo = _EMBEDDINGS.setdefault(embedder, OrderedDict())
    except TypeError:  # an embedder that cannot be weakly referenced: no memo
        return tuple(float(x) for x in embedder.embed([question])[0])
    if question in memo:
        memo.move_to_end(question)
        return memo[question]
    vector = memo[question] = tuple(float(x) for x in embedder.embed([question])[0])
    if len(memo) > keep:
        memo.popitem(last=False)
    return vector


def vector_seeds(retriever: Retriever, embedding: list[float], k: int, excluded: Sequence[str]) -> list[str]:
    """The k entities whose name embedding is nearest the question's (excluded ones skipped, not counted)."""
    schema = retriever.store.schema
    try:
        # at least one answer, so that an empty index is told apart from k = 0
        row = retriever.store.read_plain("pcst_seeds", index=schema.vector_index, k=max(k, 1),
                                         embedding=embedding, excluded_node_ids=sorted(set(excluded)))[0]
    except neo4j.exceptions.ClientError as exc:
        raise PcstError(f"the vector index {schema.vector_index!r} cannot be queried ({exc.message})",
                        hint=f"run `{migrate_command(schema.preset)}`, then `xgrag embed`") from exc
    if not row["indexed"]:
        raise PcstError("the graph stores no entity-name embeddings, which PCST retrieval ranks by",
                        hint="run `xgrag embed` to store them")
    return [str(seed_id) for seed_id, _ in row["seeds"]][:k]


def pcst_retrieve(retriever: Retriever, question: str, seeds: Sequence[str], hops: int,
                  excluded_node_ids: Sequence[str] = (), excluded_rel_ids: Sequence[str] = (),
                  add_vector_seeds: bool = True) -> PcstResult:
    """PCST-merge retrieval (single-hop for hops=1, multi-hop otherwise); see the module docstring.

    Run inside the caller's read transaction (Retriever.pcst opens one)."""
    cfg = retriever.settings
    if not 1 <= hops <= 4:
        raise ValueError(f"hops must be within 1..4, got {hops}")
    store = retriever.store
    ex_nodes, ex_rels = sorted(set(excluded_node_ids)), sorted(set(excluded_rel_ids))
    embedding = question_embedding(retriever, question)
    wanted = [s for s in dict.fromkeys(seeds) if s not in set(ex_nodes)]
    if add_vector_seeds:
        wanted += [s for s in vector_seeds(retriever, embedding, cfg.pcst_seed_k, ex_nodes) if s not in wanted]
    elif not wanted:
        # given seeds are all excluded: nothing to expand from (as k-hop); still check the embeddings exist
        vector_seeds(retriever, embedding, 1, ex_nodes)
    for alias, canonical in retriever.alias_links(wanted):  # retrieval follows ALIAS_OF, as k-hop does
        for nid in (alias.id, canonical.id):
            if nid not in wanted and nid not in ex_nodes:
                wanted.append(nid)

    nodes: dict[str, Node] = {}
    sim: dict[str, float] = {}
    for row in store.read_plain("pcst_nodes", ids=wanted, embedding=embedding, excluded_node_ids=ex_nodes):
        node = node_row(row["node"])
        nodes[node.id], sim[node.id] = node, _score(row["sim"])
    seed_ids = [s for s in wanted if s in nodes]

    # candidate pool: 1 hop in full (single-hop) or h hops of the top-k new neighbours per node (multi-hop)
    pool_truncated = False
    per_node = cfg.pcst_max_candidates if hops == 1 else cfg.pcst_top_k_per_hop
    frontier = list(seed_ids)
    hubs: list[str] = []
    for _ in range(hops):
        room = cfg.pcst_max_candidates - len(nodes)
        if not frontier or room <= 0:
            pool_truncated = pool_truncated or room <= 0
            break
        found = store.read_plain("pcst_expand", frontier=frontier, visited=sorted(nodes), embedding=embedding,
                                 per_node=per_node, limit=room + 1, max_degree=cfg.pcst_max_expand_degree,
                                 excluded_node_ids=ex_nodes, excluded_rel_ids=ex_rels)[0]
        hubs += found["hubs"]
        rows = found["rows"]
        if len(rows) > room:
            pool_truncated, rows = True, rows[:room]
        frontier = []
        for found, score in rows:
            node = node_row(found)
            nodes[node.id], sim[node.id] = node, _score(score)
            frontier.append(node.id)

    ids = sorted(nodes)
    rel_rows = store.read_plain("pcst_induced", ids=ids, excluded_rel_ids=ex_rels,
                                limit=cfg.pcst_max_candidate_relationships + 1)[0]["rows"]
    if len(rel_rows) > cfg.pcst_max_candidate_relationships:
        pool_truncated, rel_rows = True, rel_rows[:cfg.pcst_max_candidate_relationships]
    rels = [rel_row(r) for r in rel_rows]

    # the solver sees one edge per connected pair (parallel facts between two entities cost one edge)
    index = {nid: i for i, nid in enumerate(ids)}
    pairs: dict[tuple[int, int], list[Relationship]] = {}
    for rel in rels:
        a, b = index[rel.source], index[rel.target]
        if a != b:
            pairs.setdefault((min(a, b), max(a, b)), []).append(rel)
    edge_list = sorted(pairs)
    similarity = [sim[nid] for nid in ids]
    prizes = rank_prizes(similarity, cfg.pcst_prize_nodes)
    tree = solve_pcst(len(ids), edge_list, prizes.tolist(), [cfg.pcst_edge_cost] * len(edge_list))
    tree_nodes = [ids[i] for i in tree.nodes]
    tree_rels = [r for e in tree.edges for r in pairs[edge_list[e]]]

    def by_similarity(members: Sequence[str]) -> list[str]:
        return sorted(members, key=lambda nid: (-sim[nid], nid))

    ranked = by_similarity(ids)
    prized = [nid for nid in ranked if prizes[index[nid]] > 0]
    merged = ranked[: cfg.pcst_merge_nodes]

    # seeds, then the tree, then the merged top candidates, each most similar first, within the caps
    order = list(dict.fromkeys([*seed_ids, *by_similarity(tree_nodes), *merged]))
    kept = order[: cfg.max_nodes]
    truncated = pool_truncated or bool(hubs) or len(order) > len(kept)
    kept_set = set(kept)
    merge_set = set(merged) | set(seed_ids)
    chosen: dict[str, Relationship] = {r.id: r for r in tree_rels}
    for rel in rels:  # the subgraph induced by the merged top candidates (and seeds)
        if rel.source in merge_set and rel.target in merge_set:
            chosen.setdefault(rel.id, rel)
    within = [r for r in chosen.values() if r.source in kept_set and r.target in kept_set]
    if len(within) < len(chosen) or len(within) > cfg.max_relationships:
        truncated = True
    within = within[: cfg.max_relationships]  # tree relationships come first

    sub = Subgraph(mode="pcst", truncated=truncated)
    for nid in kept:
        sub.add_node(nodes[nid])
    for rel in within:
        sub.add_relationship(rel)
    sub.seeds = [s for s in seed_ids if s in sub.nodes]
    for alias, canonical in retriever.alias_links(kept):
        if alias.id in sub.nodes and canonical.id in sub.nodes:
            sub.alias_map[alias.id] = canonical.id
    retriever.fill_provenance(sub)
    return PcstResult(subgraph=sub, similarity=sim, prized=prized, tree_nodes=tree_nodes,
                      tree_relationships=[r.id for r in tree_rels], merged=merged, candidates=len(ids),
                      candidate_relationships=len(rels), hubs=hubs)
