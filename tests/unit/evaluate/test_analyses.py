"""KGRAG-Ex analyses over explanations: hand examples (and networkx for edge betweenness when installed)."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from xgrag.evaluate.analyses import (
    cost_comparison,
    critical_node_labels,
    critical_position_records,
    critical_positions,
    edge_betweenness,
    impact_by_strategy,
    path_nodes,
    path_relative_ranks,
    relative_ranks,
    subgraph_degree,
    subpath_score,
)
from xgrag.model import Component, Cost, Explanation


def comp(kind, cid, strategy, changed, importance=None):
    if importance is None and changed is not None:
        importance = 1.0 if changed else 0.0
    return Component(kind=kind, id=cid, label=cid, strategy=strategy, importance=importance,
                     answer_changed=changed)


def explanation(components, nodes, rels, paths=(), seeds=(), cost=None) -> Explanation:
    sub = {"nodes": [{"id": n, "name": n.upper(), "type": t} for n, t in nodes],
           "relationships": [{"id": r, "source": s, "target": t, "label": "rel", "provenance": {}}
                             for r, s, t in rels],
           "seeds": list(seeds), "truncated": False, "mode": "paths", "fallback": None, "alias_map": {}}
    return Explanation(id="e", created_at="2026-01-01T00:00:00Z", question="q", answer="a", baseline_answers=["a"],
                       noise_floor=0.0, strategy="all", strategies=sorted({c.strategy for c in components}),
                       components=components, generator="g", generator_params={}, embedder="x",
                       prompt_version="p", user_explanation="", technical_explanation="",
                       paths=[list(p) for p in paths],
                       subgraph=sub, cost=cost or Cost(), config={}, versions={})


# A shortest path a -r1- b -r2- c -r3- d (r2 stored against the walk direction), a one-edge path a -r5- e
# stored from e to a, and an entity x off every path.
NODES = [("a", "Disease"), ("b", "Symptom"), ("c", None), ("d", "Drug"), ("e", "Symptom"), ("x", "Drug")]
RELS = [("r1", "a", "b"), ("r2", "c", "b"), ("r3", "c", "d"), ("r5", "e", "a"), ("r6", "x", "a")]
PATHS = [["r1", "r2", "r3"], ["r5"]]


def path_explanation() -> Explanation:
    return explanation([
        comp("node", "b", "node", True),
        comp("node", "c", "node", False),
        comp("node", "d", "node", True),
        comp("node", "x", "node", True),  # critical but on no path
        comp("node", "e", "synonym", True),
        comp("edge", "r1", "edge", True),
        comp("edge", "r2", "edge", False),
        comp("edge", "r5", "edge", True),
        comp("edge", "r3", "subpath", True),
        comp("mask", "mask-0", "mask", True),
    ], NODES, RELS, PATHS, seeds=["a", "d", "e"])


def test_path_nodes_orients_paths_from_their_start():
    ends = {r: (s, t) for r, s, t in RELS}
    assert path_nodes(["r1", "r2", "r3"], ends) == ["a", "b", "c", "d"]
    assert path_nodes(["r3", "r2", "r1"], ends) == ["d", "c", "b", "a"]
    assert path_nodes(["r5"], ends, seeds={"a"}) == ["a", "e"]  # the seed end first
    assert path_nodes(["r5"], ends, seeds={"a", "e"}) == ["a", "e"]  # both seeds: smaller id first
    assert path_nodes(["r5"], ends) == ["e", "a"]  # no seed: stored direction
    assert path_nodes(["r1", "r3"], ends) is None  # not a chain
    assert path_nodes(["r1", "zz"], ends) is None
    assert path_nodes([], ends) is None
    assert path_nodes(["p1", "p2"], {"p1": ("a", "b"), "p2": ("b", "a")}) is None  # parallel: no start


def test_critical_positions_nodes_and_edges():
    exp = path_explanation()
    records = critical_position_records(exp)
    got = {(r["strategy"], r["id"], r["path"]): r["position"] for r in records}
    assert got == {
        ("node", "b", 0): pytest.approx(1 / 3),  # v1 of v0..v3
        ("node", "d", 0): 1.0,  # the end entity
        ("edge", "r1", 0): 0.0,  # first of three edges
        ("subpath", "r3", 0): 1.0,  # last of three edges
        ("synonym", "e", 1): 1.0,  # end of the one-edge path a -> e
        ("edge", "r5", 1): 0.5,  # a one-edge path is both start and end
    }
    assert sorted(critical_positions(exp)) == sorted(r["position"] for r in records)
    assert sorted(critical_positions(exp, strategies=("edge",))) == [0.0, 0.5]
    mid = {(r["id"], r["path"]): r["position"] for r in critical_position_records(exp, edge_position="midpoint")}
    assert mid[("r1", 0)] == pytest.approx(1 / 6) and mid[("r3", 0)] == pytest.approx(5 / 6)
    assert mid[("r5", 1)] == 0.5 and mid[("b", 0)] == pytest.approx(1 / 3)


def test_critical_positions_without_paths_is_empty():
    exp = explanation([comp("node", "a", "node", True)], NODES, RELS, paths=[])
    assert critical_positions(exp) == []


def test_impact_by_strategy():
    e1 = explanation([comp("node", "a", "node", True, 0.9), comp("node", "b", "node", False, 0.1),
                      comp("edge", "r1", "edge", True, 0.8), comp("edge", "r1", "subpath", True, 1.0),
                      comp("edge", "r2", "subpath", True, 0.7)], NODES, RELS)
    e2 = explanation([comp("node", "a", "node", True, 0.6), comp("edge", "r1", "edge", True, 0.5),
                      comp("edge", "r2", "edge", None, None),  # not evaluated (budget)
                      comp("edge", "r1", "subpath", False, 0.0)], NODES, RELS)
    e3 = explanation([comp("node", "a", "node", False, 0.0), comp("edge", "r1", "edge", False, 0.0)], NODES, RELS)
    out = impact_by_strategy([e1, e2, e3])
    assert set(out) == {"node", "edge", "subpath"}
    assert out["node"]["components"] == 4 and out["node"]["changed"] == 2
    assert out["node"]["change_rate"] == 0.5
    assert out["node"]["mean_importance"] == pytest.approx((0.9 + 0.1 + 0.6 + 0.0) / 4)
    assert out["edge"]["components"] == 3 and out["edge"]["changed"] == 2  # the unevaluated one is not counted
    assert out["edge"]["mean_importance"] == pytest.approx((0.8 + 0.5 + 0.0) / 3)
    assert out["subpath"]["change_rate"] == pytest.approx(2 / 3)
    assert (out["node"]["questions"], out["node"]["questions_changed"]) == (3, 2)
    # e1: subpath 2 changes wins; e2: node and edge tie at 1 -> half each; e3: nothing changed
    assert out["subpath"]["most_impactful"] == 1.0
    assert out["node"]["most_impactful"] == out["edge"]["most_impactful"] == 0.5
    assert impact_by_strategy([]) == {}


def test_critical_node_labels():
    exp = path_explanation()
    assert critical_node_labels([exp]) == {"Symptom": 1, "Drug": 2}  # b, d, x (node removals only)
    assert critical_node_labels([exp, exp], strategies=None) == {"Symptom": 4, "Drug": 4}
    untyped = explanation([comp("node", "c", "node", True)], NODES, RELS)
    assert critical_node_labels([untyped]) == {"Unknown": 1}


def test_relative_ranks_with_ties():
    values = {"a": 3.0, "b": 1.0, "c": 3.0, "d": 0.0}
    # descending: a, c tie at ranks 0 and 1 -> 0.5; b rank 2; d rank 3; normalised by n - 1 = 3
    assert relative_ranks(["a", "b", "c", "d"], values) == pytest.approx([0.5 / 3, 2 / 3, 0.5 / 3, 1.0])
    assert relative_ranks(["d"], {"d": 5.0}) == [0.5]
    assert relative_ranks(["a", "b"], {"a": 1.0, "b": 1.0}) == [0.5, 0.5]
    assert relative_ranks([], values) == []
    with pytest.raises(KeyError, match="zz"):
        relative_ranks(["zz"], values)
    assert relative_ranks(["zz", "d"], values, missing="skip") == [1.0]


def test_edge_betweenness_hand_examples():
    # path a - b - c: both edges carry 2 pairs
    assert edge_betweenness(["a", "b", "c"], [("e1", "a", "b"), ("e2", "b", "c")]) == {"e1": 2.0, "e2": 2.0}
    # star with 3 leaves: each edge carries its leaf's 3 pairs
    star = [("s1", "o", "l1"), ("s2", "o", "l2"), ("s3", "o", "l3")]
    assert edge_betweenness([], star) == {"s1": 3.0, "s2": 3.0, "s3": 3.0}
    # normalised by n(n-1)/2 pairs
    assert edge_betweenness(["a", "b", "c"], [("e1", "a", "b"), ("e2", "b", "c")], normalized=True) == \
        pytest.approx({"e1": 2 / 3, "e2": 2 / 3})
    # isolated nodes and self-loops add nothing; other input shapes work
    got = edge_betweenness(["a", "b", "z"], [{"id": "e1", "source": "a", "target": "b"},
                                             {"id": "loop", "source": "a", "target": "a"}])
    assert got == {"e1": 1.0, "loop": 0.0}
    assert edge_betweenness([], []) == {}


def test_edge_betweenness_counts_parallel_edges_as_distinct_paths():
    # a = b (two parallel edges e1, e2), b - d, a - c, c - d. Pair (a, d): 2 paths via b, 1 via c, etc.
    edges = [("e1", "a", "b"), ("e2", "a", "b"), ("e3", "b", "d"), ("e4", "a", "c"), ("e5", "c", "d")]
    got = edge_betweenness(["a", "b", "c", "d"], edges)
    assert got == pytest.approx({"e1": 7 / 6, "e2": 7 / 6, "e3": 2.0, "e4": 2.0, "e5": 5 / 3})
    # sum over edges = sum over pairs of the shortest path length (1+1+2+2+1+1)
    assert sum(got.values()) == pytest.approx(8.0)


@pytest.mark.parametrize("seed", range(8))
def test_edge_betweenness_matches_networkx_on_simple_graphs(seed):
    nx = pytest.importorskip("networkx")
    rng = random.Random(seed)
    n = rng.randint(2, 12)
    pairs = [p for p in itertools.combinations(range(n), 2) if rng.random() < 0.3]
    edges = [(f"r{i}", f"n{u}", f"n{v}") for i, (u, v) in enumerate(pairs)]
    g = nx.Graph()
    g.add_nodes_from(f"n{i}" for i in range(n))
    g.add_edges_from((u, v) for _, u, v in edges)
    for normalized in (False, True):
        ref = nx.edge_betweenness_centrality(g, normalized=normalized)
        got = edge_betweenness([f"n{i}" for i in range(n)], edges, normalized=normalized)
        for rid, u, v in edges:
            expected = ref[(u, v)] if (u, v) in ref else ref[(v, u)]
            assert got[rid] == pytest.approx(expected)


def test_subpath_score():
    assert subpath_score(2.0, {"a": 1, "b": 2}, "a", "b") == pytest.approx(2 / 3)
    assert subpath_score(0.0, {"a": 1, "b": 1}, "a", "b") == 0.0
    with pytest.raises(ValueError):
        subpath_score(1.0, {"a": 0, "b": 0}, "a", "b")
    with pytest.raises(KeyError):
        subpath_score(1.0, {"a": 1}, "a", "b")


def test_path_relative_ranks():
    exp = path_explanation()
    deg = subgraph_degree(exp)
    assert deg == {"a": 3.0, "b": 2.0, "c": 2.0, "d": 1.0, "e": 1.0, "x": 1.0}
    # path 0 nodes a(3) b(2) c(2) d(1): b ties with c at ranks 1, 2 -> 1.5 / 3; d last -> 1. Path 1: no
    # critical node removal (e was renamed, not removed)
    assert sorted(path_relative_ranks(exp, "node")) == pytest.approx([0.5, 1.0])
    # with caller degrees (e.g. GDS on the whole KG) the ranking follows them
    assert sorted(path_relative_ranks(exp, "node", degree={"a": 1, "b": 9, "c": 2, "d": 3, "e": 1})) == \
        pytest.approx([0.0, 1 / 3])
    eb = edge_betweenness([n for n, _ in NODES], RELS)
    # path 0 edges r1, r2, r3 by betweenness; r1 is critical. Path 1 has one edge, r5, critical -> 0.5
    order = sorted(["r1", "r2", "r3"], key=lambda r: -eb[r])
    assert path_relative_ranks(exp, "edge")[-1] == 0.5
    assert path_relative_ranks(exp, "edge")[0] == pytest.approx(relative_ranks(["r1"], {r: eb[r] for r in order})[0])
    scores = {r: subpath_score(eb[r], deg, s, t) for r, s, t in RELS if r in ("r1", "r2", "r3")}
    assert path_relative_ranks(exp, "subpath") == pytest.approx(relative_ranks(["r3"], scores))


def test_cost_comparison():
    x = [Cost(generator_calls=20, prompt_tokens=2000, completion_tokens=100, seconds=2.0, cache_hits=0,
              perturbations=20),
         Cost(generator_calls=10, prompt_tokens=1000, completion_tokens=50, seconds=1.0, cache_hits=10,
              perturbations=20)]
    r = [{"generator_calls": 60, "prompt_tokens": 3900, "completion_tokens": 100, "seconds": 6.0, "cache_hits": 0,
          "perturbations": 59}]
    out = cost_comparison(x, r)
    assert out["xgrag"]["runs"] == 2 and out["rag_ex"]["runs"] == 1
    assert out["xgrag"]["mean"]["generator_calls"] == 15 and out["xgrag"]["mean"]["calls_including_cache"] == 20
    assert out["xgrag"]["mean"]["tokens"] == 1575 and out["xgrag"]["total"]["tokens"] == 3150
    assert out["difference"]["generator_calls"] == 45 and out["difference"]["tokens"] == 4000 - 1575
    assert out["ratio"]["seconds"] == pytest.approx(4.0)
    assert out["ratio"]["cache_hits"] == 0.0  # xgrag's mean is 5, RAG-Ex's 0
    # scored probes (response_score "logprob") are calls the method makes too, counted apart from generations
    scored = cost_comparison(Cost(generator_calls=1, scored_probes=9, cache_hits=2), r)
    assert scored["xgrag"]["mean"]["scored_probes"] == 9 and scored["rag_ex"]["mean"]["scored_probes"] == 0
    assert scored["xgrag"]["mean"]["calls_including_cache"] == 12
    # a single Cost, or objects carrying a .cost, are accepted
    exp = explanation([], NODES, RELS, cost=Cost(generator_calls=3))
    single = cost_comparison(exp, Cost(generator_calls=6))
    assert single["ratio"]["generator_calls"] == 2.0 and single["xgrag"]["runs"] == 1
    assert single["ratio"]["prompt_tokens"] is None
    assert math.isnan(cost_comparison([], r)["xgrag"]["mean"]["seconds"])
