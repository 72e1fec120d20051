"""Importance-guided pruning: induced subgraphs, bridges kept, important facts first."""

from __future__ import annotations

from xgrag.explain.pruning import bridges_between, importance_order, pruned, top_nodes, with_bridges
from xgrag.generate.prompt import render
from xgrag.model import Component, Explanation, Node, Relationship, Subgraph


def graph() -> Subgraph:
    sub = Subgraph(seeds=["a"])
    for nid in "ambxy":
        sub.add_node(Node(nid, nid.upper()))
    for i, (s, t) in enumerate([("a", "m"), ("m", "b"), ("a", "x"), ("m", "y")]):
        sub.add_relationship(Relationship(f"r{i}", s, t, "rel"))
    return sub


def explanation(scores: dict[str, float]) -> Explanation:
    comps = [Component(kind="node", id=n, label=n, strategy="node", importance=v) for n, v in scores.items()]
    return Explanation(id="x", created_at="", question="q", answer="B", baseline_answers=["B"], noise_floor=0.0,
                       strategy="node", strategies=["node"], components=comps, generator="g", generator_params={},
                       embedder="e", prompt_version="p", user_explanation="", technical_explanation="",
                       subgraph={}, cost={}, config={}, versions={})


def test_top_nodes_break_ties_by_the_given_score_then_id() -> None:
    ex = explanation({"a": 0.9, "b": 0.8, "m": 0.0, "x": 0.0, "y": 0.0})
    assert top_nodes(ex, graph(), 3) == ["a", "b", "m"]
    assert top_nodes(ex, graph(), 3, tiebreak={"y": 0.5}) == ["a", "b", "y"]


def test_pruning_keeps_the_induced_facts_and_bridges_reconnect_them() -> None:
    g = graph()
    two = pruned(g, ["a", "b"])
    assert set(two.nodes) == {"a", "b"} and not two.relationships and two.seeds == ["a"]
    assert bridges_between(g, ["a", "b"]) == ["m"]
    rebuilt = with_bridges(g, ["a", "b"])
    assert set(rebuilt.nodes) == {"a", "b", "m"} and set(rebuilt.relationships) == {"r0", "r1"}


def test_importance_order_puts_the_important_facts_first_in_the_prompt() -> None:
    g = graph()
    ex = explanation({"b": 1.0, "y": 0.5})
    order = importance_order(ex, g)
    assert order[:2] == ["r1", "r3"]  # m-b (b: 1.0), then m-y (y: 0.5)
    lines = [ln for ln in render("q", g, first=order).prompt.splitlines() if ln.startswith("- M rel")]
    assert lines[0] == "- M rel B"
    assert render("q", g).facts != render("q", g, first=order).facts
    assert set(render("q", g).facts) == set(render("q", g, first=order).facts)
