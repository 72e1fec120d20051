import numpy as np
import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.perturbers import REGISTRY, PlanOptions, plan, random_masks
from xgrag.explain.schedulers.group import GroupTester, initial_groups
from xgrag.explain.scoring import answer_changed, noise_floor, normalise, option_letter, semantic_shift
from xgrag.explain.solvers import mask_surrogate
from xgrag.generate.base import Generation, Usage
from xgrag.generate.cache import ResponseCache, cache_key
from xgrag.generate.prompt import PROMPT_VERSION, render
from xgrag.model import Evidence, Node, Perturbation, Relationship, Subgraph
from xgrag.model.trace import ResolveRedundancyStep
from xgrag.retrieval.retriever import apply_in_memory


def movie_graph() -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in [("m", "Out to Sea", "Movie"), ("d", "Martha Coolidge", "Person"),
                           ("a", "Jack Lemmon", "Person"), ("y", "1997", "Year"), ("w", "Robert Nelson Jacobs",
                                                                                     "Person")]:
        sub.add_node(Node(nid, name, typ, aliases=("M. Coolidge",) if nid == "d" else ()))
    for rid, s, lab, t in [("r1", "m", "directed_by", "d"), ("r2", "m", "starred_actors", "a"),
                           ("r3", "m", "release_year", "y"), ("r4", "m", "written_by", "w")]:
        sub.add_relationship(Relationship(rid, s, t, lab, provenance={"doc_id": "kb", "line": int(rid[1])}))
    sub.seeds = ["m"]
    return sub


def test_rendering_is_canonical_and_differs_only_where_perturbed() -> None:
    sub = movie_graph()
    a = render("who directed Out to Sea", sub)
    shuffled = Subgraph(nodes=dict(reversed(list(sub.nodes.items()))),
                        relationships=dict(reversed(list(sub.relationships.items()))), seeds=sub.seeds)
    assert render("who directed Out to Sea", shuffled).prompt == a.prompt
    b = render("who directed Out to Sea", apply_in_memory(sub, Perturbation(excluded_rel_ids=frozenset({"r3"}))))
    diff = set(a.prompt.splitlines()) ^ set(b.prompt.splitlines())
    assert diff == {"- Out to Sea release year 1997"}
    assert "According to" in a.system and "don't know" in a.system and a.digest != b.digest
    assert [f.relation for f in a.facts] == ["directed by", "release year", "starred actors", "written by"]
    assert PROMPT_VERSION.startswith("xgrag-strict")


def test_perturbers_produce_data_not_graph_copies() -> None:
    sub = movie_graph()
    planned, skipped = plan(sub, ["node", "edge", "subpath", "synonym", "mask"], PlanOptions(masks=5, seed=3))
    kinds = [p.strategy for p in planned]
    assert kinds.count("node") == 5 and kinds.count("edge") == 4 and kinds.count("subpath") == 4
    node_m = next(p for p in planned if p.strategy == "node" and p.target == "m")
    assert node_m.perturbation.excluded_node_ids == {"m"} and node_m.removed_rels == {"r1", "r2", "r3", "r4"}
    sp = {p.target: p for p in REGISTRY["subpath"].plan(sub, PlanOptions())[0]}
    assert sp["r1"].removed_nodes == {"d"}  # the director is left without relationships
    syn, missing = REGISTRY["synonym"].plan(sub, PlanOptions())
    assert [(p.target, p.note["synonym"], p.note["synonym_source"]) for p in syn] == [("d", "M. Coolidge", "kg-alias")]
    assert set(missing) == {"m", "a", "y", "w"} and skipped["synonym"] == sorted(missing)
    masks = random_masks(sub, 5, seed=3)
    assert masks == random_masks(sub, 5, seed=3)  # seeded
    assert len({p.removed_rels for p in masks}) == 5 and all(p.removed_rels for p in masks)
    with pytest.raises(ValueError, match="unknown strategy"):
        plan(sub, ["nope"])


def test_scoring_functions() -> None:
    base = np.array([1.0, 0.0])
    answers = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    assert semantic_shift(base, answers).tolist() == [0.0, 1.0, 2.0]
    assert normalise([0.0, 0.5, 0.25]) == [0.0, 1.0, 0.5] and normalise([0.0, 0.0]) == [0.0, 0.0]
    assert noise_floor(np.array([[1.0, 0.0], [0.6, 0.8]])) == pytest.approx(0.4)
    assert noise_floor(np.array([[1.0, 0.0]])) == 0.0
    assert answer_changed(0.2, 0.9) and not answer_changed(0.05, 0.9)
    assert option_letter("B. a dysplasia") == "B" and option_letter("Option C: sequence") == "C"
    assert option_letter("(a) association") == "A" and option_letter("no letter here") is None
    assert answer_changed(0.9, 0.9, "A. x", "A) y", multiple_choice=True) is False
    assert answer_changed(0.0, 0.9, "A. x", "C. x", multiple_choice=True) is True


def test_mask_surrogate_recovers_the_important_triple() -> None:
    rng = np.random.default_rng(0)
    x = rng.integers(0, 2, size=(60, 6)).astype(float)
    y = 0.2 + 0.7 * x[:, 2] + 0.05 * x[:, 4]
    coef, r2 = mask_surrogate(x, y)
    assert int(np.argmax(coef)) == 2 and coef[2] == pytest.approx(0.7, abs=0.02) and r2 > 0.99


def test_explainer_ranks_the_evidence_first_and_counts_calls() -> None:
    sub = movie_graph()
    gen = RuleGenerator("directed by")
    ex = Explainer(FixedRetriever(sub), gen, HashEmbedder(), ExplainSettings(strategies=("edge", "node")))
    result = ex.explain("who directed Out to Sea")
    assert result.answer == "Martha Coolidge." and result.noise_floor == 0.0
    top_edge = result.top("edge", k=1)[0]
    assert top_edge.id == "r1" and top_edge.importance > 0.5 and top_edge.answer_changed
    assert top_edge.provenance == {"doc_id": "kb", "line": 1}
    others = [c for c in result.components if c.strategy == "edge" and c.id != "r1"]
    assert all(c.importance == 0.0 and c.below_noise_floor for c in others)
    assert result.cost.generator_calls == gen.calls == 2 + 4 + 5  # 2 baseline runs, 4 edges, 5 nodes
    assert "Martha Coolidge" in result.user_explanation and "different answer" in result.technical_explanation
    assert result.generator_evidence == [Evidence(id="r1", triple="Out to Sea directed_by Martha Coolidge")]
    payload = result.to_json()
    assert {"question", "answer", "strategy", "components", "generator_evidence", "user_explanation",
            "technical_explanation", "cost"} <= set(payload)
    assert set(payload["cost"]) >= {"generator_calls", "prompt_tokens", "completion_tokens", "seconds", "cache_hits"}


def test_budget_scores_most_promising_first() -> None:
    gen = RuleGenerator("directed by")
    ex = Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(),
                   ExplainSettings(strategies=("edge",), max_calls=3, noise_runs=2))
    result = ex.explain("who directed Out to Sea")
    assert gen.calls == 3
    measured = [c for c in result.components if c.evaluated == "measured"]
    assert [c.id for c in measured] == ["r1"]  # the fact closest to answer and question went first
    assert sum(c.evaluated == "budget" and c.importance is None for c in result.components) == 3


def test_cache_serves_repeats(tmp_path) -> None:
    cache = ResponseCache(tmp_path / "c.sqlite", max_entries=50)
    gen = RuleGenerator("directed by")
    ex = Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), ExplainSettings(strategies=("edge",)),
                   cache=cache)
    first = ex.explain("who directed Out to Sea")
    calls = gen.calls
    second = ex.explain("who directed Out to Sea")
    assert gen.calls == calls and second.cost.generator_calls == 0
    assert second.cost.cache_hits == first.cost.generator_calls
    assert [c.importance for c in second.components] == [c.importance for c in first.components]


def test_cache_is_bounded_and_rebuilds_when_corrupt(tmp_path) -> None:
    path = tmp_path / "c.sqlite"
    cache = ResponseCache(path, max_entries=3)
    for i in range(5):
        cache.put(cache_key("g", {}, f"ctx{i}"), Generation(f"a{i}", Usage(1, 1, 1, 0.0), "g", ["r"]))
    assert len(cache) == 3 and cache.get(cache_key("g", {}, "ctx0")) is None
    assert cache.get(cache_key("g", {}, "ctx4")).evidence == ["r"]
    assert cache_key("g", {}, "x", 1) != cache_key("g", {}, "x", 0)
    cache.close()
    path.write_bytes(b"this is not a database" * 100)
    with pytest.warns(RuntimeWarning, match="unreadable"):
        fresh = ResponseCache(path)
    assert len(fresh) == 0 and list(tmp_path.glob("c.sqlite.corrupt-*"))


def test_group_testing_finds_the_same_top_with_fewer_tests() -> None:
    import asyncio

    sub = movie_graph()
    planned, _ = plan(sub, ["edge"])
    important = {"r1": 0.9, "r4": 0.4}

    async def measure(members):
        return max((important.get(m.target, 0.0) for m in members), default=0.0), None

    result = asyncio.run(GroupTester(measure, threshold=1e-6, top_k=2).run(initial_groups(planned, sub)))
    found = {p.target for p in planned if id(p) in result.singletons}
    assert found == {"r1", "r4"}
    assert result.tests < 2 * len(planned)
    assert {p.target for p in planned if id(p) in result.cleared} == {"r2", "r3"}


def test_group_testing_in_the_explainer_agrees_with_leave_one_out() -> None:
    gen = RuleGenerator("directed by")
    loo = Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), ExplainSettings(strategies=("edge",)))
    full = loo.explain("who directed Out to Sea")
    gen2 = RuleGenerator("directed by")
    cfg = ExplainSettings(strategies=("edge",), scheduler="group", top_k=1)
    gt = Explainer(FixedRetriever(movie_graph()), gen2, HashEmbedder(), cfg).explain("who directed Out to Sea")
    assert gt.top("edge", 1)[0].id == full.top("edge", 1)[0].id == "r1"
    assert gt.group_testing is not None and gt.group_testing.strategies["edge"].tests <= 4


def test_redundant_support_is_resolved_conditionally() -> None:
    sub = movie_graph()
    sub.add_node(Node("m2", "Out to Sea", "Movie"))  # a duplicate entity stating the same fact again
    sub.add_relationship(Relationship("r6", "m2", "d", "directed_by"))
    gen = RuleGenerator("directed by")
    cfg = ExplainSettings(strategies=("edge",), dedup=False)
    plain = Explainer(FixedRetriever(sub), gen, HashEmbedder(), ExplainSettings(strategies=("edge",), dedup=False,
                                                                             resolve_redundancy=False))
    assert all(c.importance == 0.0 for c in plain.explain("who directed Out to Sea").components)
    result = Explainer(FixedRetriever(sub), RuleGenerator("directed by"), HashEmbedder(), cfg).explain(
        "who directed Out to Sea")
    moved = [c for c in result.components if c.importance]
    assert len(moved) == 1 and moved[0].id in {"r1", "r6"} and moved[0].evaluated == "conditional"
    assert moved[0].rank == 1 and "redundant support" in result.technical_explanation
    assert any(isinstance(step, ResolveRedundancyStep) for step in result.trace)


def test_group_testing_resolves_redundant_support_as_leave_one_out_does_with_fewer_calls() -> None:
    """Two facts state who directed the film and ten others are noise: no single removal moves the answer. Group
    testing then clears every fact; its binary-search resolution must find the fact leave-one-out's linear scan
    finds (MetaQA: every disagreement between the two was such a case)."""
    sub = movie_graph()
    sub.add_node(Node("m2", "Out to Sea", "Movie"))
    sub.add_relationship(Relationship("r6", "m2", "d", "directed_by"))
    for i in range(10):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", "m", f"x{i}", "shown_at"))
    results = {}
    for scheduler in ("exhaustive", "group"):
        cfg = ExplainSettings(strategies=("edge",), dedup=False, scheduler=scheduler, noise_runs=1)  # type: ignore
        results[scheduler] = Explainer(FixedRetriever(sub), RuleGenerator("directed by"), HashEmbedder(),
                                       cfg).explain("who directed Out to Sea")
    loo, gt = results["exhaustive"], results["group"]
    moved = {k: [(c.id, c.evaluated) for c in ex.components if c.importance] for k, ex in results.items()}
    assert moved["group"] == moved["exhaustive"] and len(moved["group"]) == 1
    assert moved["group"][0][1] == "conditional" and moved["group"][0][0] in {"r1", "r6"}
    steps = {k: [s for s in ex.trace if isinstance(s, ResolveRedundancyStep)][0] for k, ex in results.items()}
    assert steps["group"].search == "binary" and steps["group"].necessary == 1
    assert steps["group"].calls < steps["exhaustive"].calls  # log2 search instead of one call per fact
    assert gt.cost.generator_calls < loo.cost.generator_calls
    # the output says how each importance was obtained: the necessary fact removed alone, the rest estimated
    assert {c.id: c.importance_from for c in gt.components}[moved["group"][0][0]] == "verified"
    assert gt.group_testing is not None
    alone = gt.group_testing.strategies["edge"].verified_alone
    assert alone == ExplainSettings().group_verify  # the proxy's most promising facts were also asked alone
    verified = sum(c.importance_from == "verified" for c in gt.components)
    assert verified in (alone, alone + 1)  # those, plus the necessary fact unless it was one of them
    assert sum(c.importance_from == "estimated" for c in gt.components) == len(gt.components) - verified
    assert all(c.importance_from == "verified" for c in loo.components)
    data = gt.to_json()
    assert data["components"][0]["importance_from"] in ("verified", "estimated")
    assert type(gt).model_validate(data).components == gt.components  # a saved explanation loads back


class _CitesLastGenerator(RuleGenerator):
    """Answers like RuleGenerator but cites the LAST fact with the relation (both state the same answer)."""

    def generate(self, prompt, system=None, *, question=None, facts=()):
        gen = super().generate(prompt, system, question=question, facts=facts)
        cited = [f.id for f in facts if f.relation == self.relation][-1:]
        return Generation(gen.text, gen.usage, gen.model, cited)


def test_citation_guided_redundancy_tests_the_cited_support() -> None:
    sub = movie_graph()
    sub.add_node(Node("m2", "Out to Sea", "Movie"))
    sub.add_relationship(Relationship("r6", "m2", "d", "directed_by"))
    results = {}
    for guided in (True, False):
        cfg = ExplainSettings(strategies=("edge",), dedup=False, citation_guided=guided)
        results[guided] = Explainer(FixedRetriever(sub), _CitesLastGenerator("directed by"), HashEmbedder(),
                                    cfg).explain("who directed Out to Sea")
    guided = results[True]
    cited = [e.id for e in guided.generator_evidence or []]
    assert len(cited) == 1
    moved = [c for c in guided.components if c.importance]
    assert [c.id for c in moved] == cited and moved[0].evaluated == "conditional"
    assert [s.citation_guided for s in guided.trace if isinstance(s, ResolveRedundancyStep)] == [True]
    assert [s.citation_guided for s in results[False].trace if isinstance(s, ResolveRedundancyStep)] == [False]
    # unguided, the order by question relevance tests the other (uncited) support: the flag makes the difference
    assert [c.id for c in results[False].components if c.importance] != cited


def test_max_calls_bounds_group_testing_too() -> None:
    sub = movie_graph()
    for i in range(20):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", "m", f"x{i}", "shown_at"))
    for budget in (3, 5, 8):
        cfg = ExplainSettings(strategies=("edge", "synonym"), scheduler="group", max_calls=budget, noise_runs=1)
        ex = Explainer(FixedRetriever(sub), RuleGenerator("directed by"), HashEmbedder(), cfg).explain(
            "who directed Out to Sea")
        assert ex.cost.generator_calls <= budget, (budget, ex.cost.generator_calls)
        assert any(c.evaluated == "budget" for c in ex.components)  # what the budget left untested says so
        assert ex.group_testing is not None and ex.group_testing.max_calls == budget


def test_a_fact_stored_on_a_relationship_ranks_before_the_relationship_when_both_move_the_answer_alike() -> None:
    """"What role did Jack Lemmon play": removing ACTED_IN removes its `roles` too, so both move the answer as much;
    the stored fact is the finer account and ranks first."""
    from xgrag.model import PropertyFact

    sub = movie_graph()
    sub.add_relationship(Relationship("r0", "a", "m", "acted_in"))
    sub.add_property(PropertyFact("r0", "roles", "Herb Sullivan", "relationship"))
    ex = Explainer(FixedRetriever(sub), RuleGenerator("roles"), HashEmbedder(), ExplainSettings(strategies=("edge",)))
    result = ex.explain("what role did Jack Lemmon play in Out to Sea")
    assert result.answer == "Herb Sullivan."
    first, second = sorted((c for c in result.components if c.rank is not None), key=lambda c: c.rank or 0)[:2]
    assert first.importance == second.importance and first.importance
    assert (first.kind, first.id, second.id) == ("property", "r0#roles", "r0")
