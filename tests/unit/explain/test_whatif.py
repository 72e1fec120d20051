"""What-if: a person's selection is asked exactly as a probe is (same context, same cache entry), never a write."""

from __future__ import annotations

import asyncio

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.whatif import UNIT_KINDS, ContextChanged, Unit, WhatIf, perturbation_of, settings_of
from xgrag.generate.cache import ResponseCache
from xgrag.generate.prompt import render
from xgrag.model import Node, Perturbation, PropertyFact, Relationship, Subgraph
from xgrag.retrieval.retriever import apply_in_memory

Q = "who directed [Movie]"


def graph() -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in [("m", "Movie", "Movie"), ("d", "Dana", "Person"), ("e", "Eli", "Person"),
                           ("y", "1999", "Year")]:
        sub.add_node(Node(nid, name, typ))
    for rid, s, lab, t in [("r1", "m", "directed_by", "d"), ("r2", "m", "directed_by", "e"),
                           ("r3", "m", "release_year", "y"), ("r4", "m", "written_by", "d")]:
        sub.add_relationship(Relationship(rid, s, t, lab, provenance={"doc_id": "kb", "line": int(rid[1])}))
    sub.seeds = ["m"]
    return sub


@pytest.fixture
def made(tmp_path):
    cache = ResponseCache(tmp_path / "cache.sqlite")
    gen = RuleGenerator()
    explainer = Explainer(FixedRetriever(graph()), gen, HashEmbedder(),
                          ExplainSettings(strategies=("node", "edge"), noise_runs=1), cache)
    return explainer, explainer.explain(Q), gen


def test_removing_one_fact_asks_the_probes_context_and_gets_its_answer(made) -> None:
    explainer, ex, gen = made
    calls = gen.calls
    whatif = WhatIf(explainer, ex)
    for c in [c for c in ex.components if c.importance is not None]:
        got = asyncio.run(whatif.ask([Unit(c.kind, c.id)]))
        assert got.answer == c.counterfactual_answer and got.changed == c.answer_changed, c.label
        assert got.effect == pytest.approx(c.importance, abs=1e-6) and got.labels == (c.label,)
        field = UNIT_KINDS[c.kind].field
        probe = apply_in_memory(whatif.graph, Perturbation(**{field: frozenset({c.id})}))
        assert got.context_digest == render(Q, probe).digest
        assert got.cached  # the explanation's own probe answered it: the same cache entry
    assert gen.calls == calls  # nothing generated again


def test_a_selection_of_several_units_removes_them_all(made) -> None:
    explainer, ex, gen = made
    whatif = WhatIf(explainer, ex)
    got = asyncio.run(whatif.ask([Unit("edge", "r1"), Unit("edge", "r2"), Unit("edge", "r1")]))
    assert got.units == (Unit("edge", "r1"), Unit("edge", "r2")) and got.facts_left == 2
    assert got.answer == "I don't know." and got.changed and not got.cached and got.baseline == ex.answer == "Dana."
    entity = asyncio.run(whatif.ask([Unit("node", "d")]))
    assert entity.answer == "Eli." and entity.facts_left == 2 and entity.labels == ("Dana",)


def test_bad_selections_are_named() -> None:
    g = graph()
    with pytest.raises(UsageError, match="unknown unit kind 'chunk'"):
        perturbation_of([Unit("chunk", "c1")], g)
    with pytest.raises(UsageError, match="property 'm#title' is not in"):
        perturbation_of([Unit("property", "m#title")], g)
    with pytest.raises(UsageError, match="edge 'r9' is not in"):
        perturbation_of([Unit("edge", "r9")], g)
    with pytest.raises(UsageError, match="at least one"):
        perturbation_of([], g)
    p = perturbation_of([Unit("node", "y"), Unit("edge", "r1")], g)
    assert p.excluded_node_ids == {"y"} and p.excluded_rel_ids == {"r1"}


def test_a_property_fact_is_a_unit_of_its_own() -> None:
    """Removing a fact stored in a property leaves its element in the context (general mappings)."""
    g = graph()
    g.add_property(PropertyFact("m", "runtime", 101))
    p = perturbation_of([Unit("property", "m#runtime")], g)
    assert p.excluded_property_ids == {"m#runtime"} and not p.excluded_node_ids and not p.excluded_rel_ids


def test_a_changed_graph_or_another_generator_is_refused(made) -> None:
    explainer, ex, _ = made
    smaller = graph()
    del smaller.relationships["r3"]
    with pytest.raises(ContextChanged, match="the graph changed"):
        WhatIf(Explainer(FixedRetriever(smaller), explainer.generator, explainer.embedder, explainer.settings), ex)
    with pytest.raises(UsageError, match="generator"):
        WhatIf(Explainer(FixedRetriever(graph()), RuleGenerator("written by"), explainer.embedder), ex)
    assert settings_of(ex) == ExplainSettings(strategies=("node", "edge"), noise_runs=1)
