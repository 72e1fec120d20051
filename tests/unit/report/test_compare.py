"""Comparing two explanations of one question (xgrag.report.compare): a score is compared only where both measured it.
Real explanations from the unit fakes (a fixed subgraph, a rule reader, bag-of-words embeddings)."""

from __future__ import annotations

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.model import Explanation, Node, Relationship, Subgraph
from xgrag.report.compare import compare, movement

QUESTION = "who directed Out to Sea"
FACTS = [("r1", "m", "directed_by", "d"), ("r2", "m", "starred_actors", "a"), ("r3", "m", "release_year", "y")]


def movie_graph(without: str | None = None) -> Subgraph:
    sub = Subgraph(seeds=["m"])
    for nid, name in (("m", "Out to Sea"), ("d", "Martha Coolidge"), ("a", "Jack Lemmon"), ("y", "1997")):
        sub.add_node(Node(nid, name, "Thing"))
    for rid, s, lab, t in FACTS:
        if rid != without:
            sub.add_relationship(Relationship(rid, s, t, lab))
    return sub


def explain(strategy: str, sub: Subgraph | None = None, **options: object) -> Explanation:
    cfg = ExplainSettings(strategies=(strategy,), noise_runs=1, **options)  # type: ignore[arg-type]
    return Explainer(FixedRetriever(sub or movie_graph()), RuleGenerator(), HashEmbedder(), cfg).explain(QUESTION)


def rows_by(result: dict) -> dict[tuple[str, str], dict]:
    return {(r["strategy"], r["id"]): r for r in result["rows"]}


def test_another_strategys_scores_are_not_measured_never_gone_or_left_the_top() -> None:
    edges, nodes = explain("edge"), explain("node")
    assert {c.strategy for c in edges.components} == {"edge"} and {c.strategy for c in nodes.components} == {"node"}
    c = compare(edges, nodes)
    rows = rows_by(c)
    # the edge scores exist only in the earlier, the node scores only in the later: both contexts held every unit
    assert {r["moved"] for k, r in rows.items() if k[0] == "edge"} == {"unmeasured"}
    assert {r["unmeasured"] for k, r in rows.items() if k[0] == "edge"} == {"b"}
    assert {r["moved"] for k, r in rows.items() if k[0] == "node"} == {"unmeasured"}
    assert {r["unmeasured"] for k, r in rows.items() if k[0] == "node"} == {"a"}
    assert not any(r["moved"] in ("gone", "new") for r in c["rows"])
    # nothing left or entered the top: the top of one was not measured in the other
    assert c["top"]["left"] == [] and c["top"]["entered"] == []
    assert c["top"]["unmeasured_b"] == c["top"]["a"] and c["top"]["unmeasured_a"] == c["top"]["b"]
    assert "Out to Sea -directed_by-> Martha Coolidge" in c["top"]["unmeasured_b"]


def test_a_fact_the_later_context_lacks_is_gone_and_left_the_top() -> None:
    before, after = explain("edge"), explain("edge", movie_graph(without="r1"))
    c = compare(before, after)
    rows = rows_by(c)
    assert rows[("edge", "r1")]["moved"] == "gone" and rows[("edge", "r1")]["unmeasured"] is None
    assert rows[("edge", "r1")]["importance_a"] > 0.5  # the deciding fact: its removal changed the answer
    assert "Out to Sea -directed_by-> Martha Coolidge" in c["top"]["left"]
    assert c["top"]["unmeasured_b"] == [] and c["context"]["only_a"] == ["Out to Sea -directed_by-> Martha Coolidge"]
    # and the other way round: it is new in the later
    back = compare(after, before)
    assert rows_by(back)[("edge", "r1")]["moved"] == "new"
    assert "Out to Sea -directed_by-> Martha Coolidge" in back["top"]["entered"]


def test_a_component_not_evaluated_within_the_budget_is_not_measured() -> None:
    full = explain("edge", scheduler="exhaustive")
    cut = explain("edge", scheduler="exhaustive", max_calls=2)  # the baseline, then one probe
    skipped = [x.id for x in cut.components if x.importance is None]
    assert skipped, [(x.id, x.evaluated) for x in cut.components]
    c = compare(full, cut)
    rows = rows_by(c)
    for rid in skipped:
        assert rows[("edge", rid)]["moved"] == "unmeasured" and rows[("edge", rid)]["unmeasured"] == "b"
        assert rows[("edge", rid)]["delta"] is None
    measured = [x.id for x in cut.components if x.importance is not None]
    assert measured and all(rows[("edge", rid)]["moved"] in ("up", "down", "same") for rid in measured)
    assert not set(c["top"]["left"]) & {x.label for x in cut.components if x.importance is None}


def test_movement() -> None:
    assert movement(0.2, 0.5, True, True) == ("up", None)
    assert movement(0.5, 0.2, True, True) == ("down", None)
    assert movement(0.5, 0.5, True, True) == ("same", None)
    assert movement(0.5, None, True, True) == ("unmeasured", "b")
    assert movement(0.5, None, True, False) == ("gone", None)
    assert movement(None, 0.5, True, True) == ("unmeasured", "a")
    assert movement(None, 0.5, False, True) == ("new", None)
    assert movement(None, None, True, True) == ("unmeasured", "both")
