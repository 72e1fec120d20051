"""Blind faithfulness metrics (xgrag.evaluate.faithfulness) on a hand-built reader: pure logic, no graph."""

from __future__ import annotations

import pytest

from xgrag.evaluate import faithfulness as f


def reader(supports: dict[str, str]) -> f.Ask:
    """Answers with the first fact (in `supports` order) still present, else "unknown": one support per answer."""
    def ask(excluded: frozenset[str]) -> str:
        return next((ans for fid, ans in supports.items() if fid not in excluded), "unknown")
    return ask


def test_bins_fixed_k_then_fractions_at_least_one() -> None:
    assert f.bins(2) == [("1", 1), ("2", 2), ("10%", 1), ("20%", 1), ("50%", 1)]
    assert f.bins(30)[-3:] == [("10%", 3), ("20%", 6), ("50%", 15)]
    assert f.bins(0) == []


def test_eraser_of_the_true_support_first_is_comprehensive_and_sufficient() -> None:
    facts = [f"r{i}" for i in range(10)]
    ask = reader({"r3": "Paris"})
    same = f.same_answer_rule("Paris", None, 1.0)
    good = f.eraser(ask, same, facts, ["r3", "r0", "r1", "r2"])
    assert all(good.comprehensiveness.values()) and all(good.sufficiency.values())
    assert good.aopc_comprehensiveness == 1.0 and good.aopc_sufficiency == 1.0
    assert not any(good.deletion_curve.values())
    # contexts repeated across bins are asked once: top-1 (= 10% of 10 facts), top-2 (= 20%), top-3, each
    # removed and kept; 50% (5 facts) is more than the 4 ranked, so not measured
    assert good.calls == 6 and "50%" not in good.comprehensiveness
    bad = f.eraser(ask, same, facts, ["r0", "r1", "r2", "r4", "r3", "r5"])
    assert bad.comprehensiveness == {"1": False, "2": False, "3": False, "10%": False, "20%": False, "50%": True}
    assert bad.sufficiency["3"] is False and bad.sufficiency["50%"] is True
    assert bad.aopc_comprehensiveness == pytest.approx(1 / 6)


def test_a_ranking_shorter_than_a_bin_is_not_measured_on_it() -> None:
    facts = [f"r{i}" for i in range(4)]
    out = f.eraser(reader({"r1": "x"}), f.same_answer_rule("x", None, 1.0), facts, ["r1"])
    assert set(out.comprehensiveness) == {"1", "10%", "20%"}  # 50% of 4 = 2 facts, more than were ranked


def test_gold_chain_needs_the_whole_chain_to_an_answer() -> None:
    gold = [("Movie", "directed_by", "Dir"), ("Dir", "directed", "Other Movie")]
    both = [("movie", "directed_by", "Dir."), ("Dir", "directed", "Other Movie"), ("x", "y", "z")]
    assert f.gold_chain(both, gold, ["Other Movie"], hops=2, topic="Movie")
    assert not f.gold_chain(both[:1], gold, ["Other Movie"], hops=2, topic="Movie")
    assert not f.gold_chain(both, gold, ["Elsewhere"], hops=2, topic="Movie")
    # without the topic: a chain of at least `hops` facts ending at an answer
    assert f.gold_chain(both, gold, ["Other Movie"], hops=2)
    assert not f.gold_chain(both[1:], gold, ["Other Movie"], hops=2)
    assert f.gold_chain([("A", "r", "B")], [("A", "r", "B")], ["B"], hops=1, topic="A")


def _ranked(importances: dict[str, float], response_score: str, logprob_change: float = 0.6931471805599453):
    from xgrag.model import Component, Cost, Explanation
    comps = [Component(kind="edge", id=cid, label=cid, strategy="edge", importance=imp, answer_changed=None,
                       rank=i + 1) for i, (cid, imp) in enumerate(importances.items())]
    sub = {"nodes": [], "relationships": [], "seeds": [], "truncated": False, "mode": "paths", "fallback": None,
           "alias_map": {}}
    return Explanation(id="e", created_at="2026-01-01T00:00:00Z", question="q", answer="a", baseline_answers=["a"],
                       noise_floor=0.0, response_score=response_score, strategy="edge", strategies=["edge"],
                       components=comps, generator="g", generator_params={}, embedder="x", prompt_version="p",
                       user_explanation="", technical_explanation="", subgraph=sub, cost=Cost(),
                       config={"logprob_change": logprob_change}, versions={})


def test_under_logprob_the_moving_top_keeps_the_facts_past_the_change_floor_and_agreement_ignores_near_ties() -> None:
    # importance 1 - P'/P: ln 2 is 0.5. The plan measured "a" and "b" alone (past ln 2) and cleared the rest;
    # leave-one-out also ranks "c" and "d", two near-ties far below the floor.
    plan = _ranked({"a": 0.95, "b": 0.6, "x": 0.0}, "logprob")
    loo = _ranked({"a": 0.97, "b": 0.58, "c": 0.26, "d": 0.25}, "logprob")
    assert f.top_moving(plan, 3) == ["a", "b"] and f.top_moving(loo, 3) == ["a", "b"]
    assert f.moving_agreement(plan, loo) and not f.agreement(plan, loo)
    # a fact leave-one-out finds past the floor that the plan never measured is a disagreement
    assert not f.moving_agreement(plan, _ranked({"a": 0.97, "b": 0.58, "c": 0.55}, "logprob"))
    # a larger logprob_change moves the floor with it: 2 nats is importance 0.865
    assert f.top_moving(_ranked({"a": 0.95, "b": 0.6}, "logprob", logprob_change=2.0), 3) == ["a"]


def test_under_shift_the_moving_top_is_the_top_above_the_noise_floor() -> None:
    ex = _ranked({"a": 0.4, "b": 0.01, "c": 0.0}, "shift")
    assert f.top_moving(ex, 3) == f.top_above_floor(ex, 3) == ["a", "b"]
