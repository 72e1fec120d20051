"""Bridge nodes (Ex-GraphRAG §6) on hand-built graphs where the answer is known."""

from __future__ import annotations

from xgrag.explain.bridges import classify, core_pair_betweenness, node_importance
from xgrag.model import Component, Node, Relationship, Subgraph


def graph(edges: list[tuple[str, str]]) -> Subgraph:
    sub = Subgraph()
    for i, (a, b) in enumerate(edges):
        sub.add_node(Node(a, a.upper()))
        sub.add_node(Node(b, b.upper()))
        sub.add_relationship(Relationship(f"r{i}", a, b, "rel"))
    return sub


def test_a_bridge_between_two_cores_and_the_periphery() -> None:
    # A - m - B, with leaves x (on A) and y (on m): m carries the only core path
    g = graph([("a", "m"), ("m", "b"), ("a", "x"), ("m", "y")])
    report = classify(g, {"a": 0.9, "b": 0.8, "m": 0.05, "x": 0.0, "y": 0.0})
    assert report.core == ["a", "b"] and report.bridges == ["m"] and report.articulation == ["m"]
    assert report.core_pairs == 1 and report.pairs_only_via_bridges == 1
    assert report.periphery == 2 and report.core_pair_betweenness == {"m": 1.0}


def test_two_parallel_bridges_are_both_on_shortest_paths_but_neither_is_an_articulation_point() -> None:
    # A - p - B and A - q - B: each carries half of the core pair's shortest paths
    g = graph([("a", "p"), ("p", "b"), ("a", "q"), ("q", "b"), ("b", "z")])
    report = classify(g, {"a": 1.0, "b": 0.7, "p": 0.1, "q": 0.1, "z": 0.0})
    assert report.bridges == ["p", "q"] and report.articulation == []
    assert report.core_pair_betweenness == {"p": 0.5, "q": 0.5}
    assert report.pairs_only_via_bridges == 1  # without both bridges A and B fall apart


def test_an_articulation_point_off_the_shortest_path_is_still_a_bridge() -> None:
    # the core pair a-c is adjacent, but reaching core d from them needs cut vertex k
    g = graph([("a", "c"), ("c", "k"), ("k", "d")])
    report = classify(g, {"a": 1.0, "c": 0.9, "d": 0.6, "k": 0.0})
    assert "k" in report.bridges and "k" in report.articulation
    assert report.core_pairs == 3 and report.pairs_only_via_bridges == 2  # a-d and c-d, not a-c


def test_no_core_no_bridges_and_the_restricted_betweenness_counts_pairs_once() -> None:
    g = graph([("a", "b"), ("b", "c")])
    assert classify(g, {"a": 0.0, "b": 0.0, "c": 0.0}).core == []
    through = core_pair_betweenness(["a", "c"], {"a": {"b"}, "b": {"a", "c"}, "c": {"b"}})
    assert through == {"a": 0.0, "b": 1.0, "c": 0.0}


def test_node_importance_prefers_node_components_and_falls_back_to_facts() -> None:
    g = graph([("a", "b"), ("b", "c")])
    comps = [Component(kind="edge", id="r0", label="", strategy="edge", importance=0.4),
             Component(kind="edge", id="r1", label="", strategy="edge", importance=0.9)]
    imp, source = node_importance(comps, g)
    assert source == "edge" and imp == {"a": 0.4, "b": 0.9, "c": 0.9}
    comps.append(Component(kind="node", id="b", label="", strategy="node", importance=0.2))
    imp, source = node_importance(comps, g)
    assert source == "node" and imp == {"b": 0.2}
