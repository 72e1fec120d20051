"""Hierarchical search (TracLLM's recursive halving on the graph): the pure search with a fake measure, and the
scheduler inside the Explainer with fakes (no graph server)."""

from __future__ import annotations

import asyncio
import math

from test_explain_logic import movie_graph

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.perturbers import Planned
from xgrag.explain.schedulers import HierarchicalTester, branch_order, schedule_for
from xgrag.explain.schedulers.hierarchical import HierarchicalSearch, chunks, expected_tests
from xgrag.model import Node, Perturbation, Relationship, Subgraph


def units(n: int) -> list[Planned]:
    return [Planned(Perturbation(excluded_rel_ids=frozenset({f"r{i}"})), "edge", "edge", f"r{i}") for i in range(n)]


def make_tester(effects: dict[str, float], beam: int = 3, budget: int | None = None) -> tuple[HierarchicalTester, list]:
    calls: list[list[str]] = []

    async def measure(members):
        calls.append([m.target for m in members])
        return max((effects.get(m.target, 0.0) for m in members), default=0.0), f"run:{members[0].target}"

    return HierarchicalTester(measure, threshold=1e-6, beam=beam,
                              can_ask=lambda: budget is None or len(calls) < budget), calls


def test_finds_the_movers_with_about_beam_log_n_tests() -> None:
    for n in (16, 64, 256):
        us = units(n)
        effects = {f"r{n // 3}": 0.9, f"r{n - 1}": 0.5}
        t, calls = make_tester(effects)
        result = asyncio.run(t.run(us))
        found = {u.target for u in us if id(u) in result.singletons}
        assert found == set(effects), n
        assert result.effects[id(us[n // 3])] == 0.9
        assert result.tests == len(calls) <= expected_tests(n, 3), (n, result.tests)
        assert result.tests < n / 2 or n < 32  # far fewer than leave-one-out's n
        # every fact of a group whose removal moved nothing is cleared; nothing that moved is cleared
        assert not {u.target for u in us if id(u) in result.cleared} & set(effects)
    assert expected_tests(256, 3) == 6 * (1 + math.ceil(math.log2(256 / 6)))


def test_keeps_only_the_beam_and_leaves_other_movers_unresolved() -> None:
    us = units(40)
    effects = {f"r{i}": 0.1 * (i // 7 + 1) for i in range(0, 40, 7)}  # six movers, one per first-level chunk
    t, _ = make_tester(effects, beam=2)
    result = asyncio.run(t.run(us))
    found = {u.target for u in us if id(u) in result.singletons}
    assert found == {"r35", "r28"}  # the two strongest survive the beam
    unresolved = {u.target for u in us if id(u) not in result.singletons and id(u) not in result.cleared}
    assert {"r0", "r7", "r14", "r21"} <= unresolved  # moved, but outside the beam: not cleared, not measured


def test_budget_stops_the_search_without_inventing_results() -> None:
    us = units(64)
    t, calls = make_tester({"r5": 0.9}, budget=4)
    result = asyncio.run(t.run(us))
    assert len(calls) == 4 and not result.singletons and result.tests == 4


def test_small_inputs_are_tested_one_by_one_and_chunks_cover_everything() -> None:
    us = units(5)
    t, calls = make_tester({"r2": 0.4})
    result = asyncio.run(t.run(us))
    assert calls == [[f"r{i}"] for i in range(5)] and {u.target for u in us if id(u) in result.singletons} == {"r2"}
    parts = chunks(units(10), 6)
    assert len(parts) == 6 and all(parts)
    assert [u.target for p in parts for u in p] == [u.target for u in units(10)]  # in order, each unit once


def test_branch_order_keeps_branches_and_relation_types_contiguous() -> None:
    sub = Subgraph()
    sub.add_node(Node("s", "Seed", "Person"))
    for m in ("a", "b"):
        sub.add_node(Node(m, f"Film {m}", "Movie"))
        sub.add_node(Node(f"{m}y", "1999", "Year"))
        sub.add_node(Node(f"{m}g", "Drama", "Genre"))
        sub.add_relationship(Relationship(f"{m}1", m, "s", "directed_by"))
        sub.add_relationship(Relationship(f"{m}2", m, f"{m}y", "release_year"))
        sub.add_relationship(Relationship(f"{m}3", m, f"{m}g", "has_genre"))
    sub.seeds = ["s"]
    planned = [Planned(Perturbation(excluded_rel_ids=frozenset({r})), "edge", "edge", r)
               for r in ("a2", "b1", "a1", "b3", "a3", "b2")]
    order = [p.target for p in branch_order(planned, sub)]
    assert {tuple(order[:3]), tuple(order[3:])} == {("a1", "a3", "a2"), ("b1", "b3", "b2")}


def test_in_the_explainer_it_agrees_with_leave_one_out_and_says_what_was_estimated() -> None:
    sub = movie_graph()
    for i in range(30):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", "m", f"x{i}", "shown_at"))
    runs = {}
    for scheduler in ("exhaustive", "hierarchical"):
        cfg = ExplainSettings(strategies=("edge",), scheduler=scheduler, noise_runs=1)  # type: ignore[arg-type]
        assert [type(s).__name__ for s in schedule_for(cfg, facts=34)][0] == \
            ("HierarchicalSearch" if scheduler == "hierarchical" else "Exhaustive")
        runs[scheduler] = Explainer(FixedRetriever(sub), RuleGenerator("directed by"), HashEmbedder(),
                                    cfg).explain("who directed Out to Sea")
    loo, hier = runs["exhaustive"], runs["hierarchical"]
    assert hier.top("edge", 1)[0].id == loo.top("edge", 1)[0].id == "r1"
    # one baseline, the beam search, the proxy's 5 verifications: under leave-one-out's one call per fact
    assert hier.cost.generator_calls <= 1 + expected_tests(34, 3) + ExplainSettings().group_verify
    assert hier.cost.generator_calls < loo.cost.generator_calls
    assert hier.group_testing is not None and hier.group_testing.scheduler == "hierarchical"
    assert {c.id: c.importance_from for c in hier.components}["r1"] == "verified"
    assert any(c.importance_from == "estimated" for c in hier.components)
    assert isinstance(schedule_for(ExplainSettings(scheduler="hierarchical"), 5)[0], HierarchicalSearch)
