"""Prefix-friendly probes (issue 30, item 3): the shared-prefix measure, the promise order of xgrag's prompt, and
the cost line that reports it. Pure logic: the explainer over HTTP is tests/integration/test_prefix_probes.py."""

from __future__ import annotations

import numpy as np
import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator, out_to_sea_graph
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.prefix import context_rank, model_input, prefix_share, shared_prefix
from xgrag.generate.prompt import RenderedContext, render
from xgrag.model import Perturbation
from xgrag.report.console import cost_line
from xgrag.retrieval.retriever import apply_in_memory

Q = "who directed Out to Sea"


def ctx(prompt: str, system: str = "S") -> RenderedContext:
    return RenderedContext(system, prompt, (), Q)


def test_shared_prefix_counts_the_leading_characters_in_common() -> None:
    assert shared_prefix("abcd", "abxd") == 2
    assert shared_prefix("abc", "abc") == 3
    assert shared_prefix("", "abc") == 0
    assert shared_prefix("abc", "ab") == 2


def test_prefix_share_per_probe_and_mean() -> None:
    base = ctx("facts: A B C")  # model input "S\nfacts: A B C" (14 characters)
    probes = [ctx("facts: A B"), ctx("facts: B C"), ctx("facts: A B C", system="T")]
    got = prefix_share(base, probes, "promise")
    assert got.baseline == len(model_input(base)) == 14
    # "S\nfacts: A B" is all shared (12 of 12); "S\nfacts: B C" shares "S\nfacts: " (9 of 12); another system: 0
    assert got.probes == [12, 9, 0]
    assert got.mean_share == pytest.approx(round((12 / 12 + 9 / 12 + 0) / 3, 4))
    assert got.order == "promise" and got.unit == "characters"
    assert prefix_share(base, [], "canonical").mean_share is None


def _vectors(closeness: dict[str, float]):
    """Vectors whose dot product with the question's is `closeness[text]` (0.0 for texts not named)."""
    def vectors(texts: list[str]) -> dict[str, np.ndarray]:
        return {t: np.array([1.0, 0.0]) if t == Q else np.array([closeness.get(t, 0.0), 1.0]) for t in texts}
    return vectors


def test_context_rank_puts_the_units_closest_to_the_question_last_and_breaks_ties_canonically() -> None:
    sub = out_to_sea_graph()
    vec = _vectors({"Out to Sea directed by Martha Coolidge": 0.9, "Out to Sea starred actors Jack Lemmon": 0.1,
                    "Out to Sea": 0.8, "Martha Coolidge": 0.5})
    rank = context_rank(Q, sub, vec)
    # facts: release year (0.0) < starred (0.1) < directed (0.9); entities: 1997, Jack Lemmon tie at 0.0 (by name)
    assert sorted(["r1", "r2", "r3"], key=rank.__getitem__) == ["r3", "r2", "r1"]
    assert sorted(["m", "d", "a", "y"], key=rank.__getitem__) == ["y", "a", "d", "m"]
    assert context_rank(Q, sub, vec) == rank  # deterministic
    prompt = render(Q, sub, order=rank).prompt
    assert prompt == render(Q, sub, order=rank).prompt
    lines = prompt.splitlines()
    facts = lines[lines.index("Facts:") + 1:lines.index("")]
    assert facts == ["- Out to Sea release year 1997", "- Out to Sea starred actors Jack Lemmon",
                     "- Out to Sea directed by Martha Coolidge"]
    assert lines[2].startswith("- 1997") and lines[5].startswith("- Out to Sea")


def test_removing_the_last_ranked_fact_shares_everything_before_it() -> None:
    sub = out_to_sea_graph()
    rank = {"r3": 0, "r2": 1, "r1": 2}
    base = render(Q, sub, order=rank)
    last = render(Q, apply_in_memory(sub, Perturbation(excluded_rel_ids=frozenset({"r1"}))), order=rank)
    first = render(Q, apply_in_memory(sub, Perturbation(excluded_rel_ids=frozenset({"r3"}))), order=rank)
    cut = base.prompt.index("- Out to Sea directed by")
    assert shared_prefix(model_input(base), model_input(last)) == len(base.system) + 1 + cut
    assert shared_prefix(model_input(base), model_input(first)) < shared_prefix(model_input(base), model_input(last))
    # a fact the rank does not know (a re-retrieval brought it in) comes after the ranked ones
    assert render(Q, sub, order={"r1": 0}).prompt.splitlines()[-4] == "- Out to Sea starred actors Jack Lemmon"


def test_the_explainer_reports_the_prefix_in_its_cost_and_cost_line() -> None:
    cfg = ExplainSettings(strategies=("edge",), noise_runs=1, context_order="promise", scheduler="exhaustive")
    ex = Explainer(FixedRetriever(out_to_sea_graph()), RuleGenerator("directed by"), HashEmbedder(), cfg).explain(Q)
    prefix = ex.cost.prefix
    assert prefix is not None and prefix.order == "promise" and len(prefix.probes) == ex.cost.perturbations == 3
    assert all(0 < n < prefix.baseline for n in prefix.probes) and prefix.mean_share is not None
    assert f"mean {prefix.mean_share:.0%} of each probe's prompt over 3 probes (promise order)" in cost_line(ex)
    assert ex.config.context_order == "promise"
    # an in-process generator under "auto": the canonical order
    auto = Explainer(FixedRetriever(out_to_sea_graph()), RuleGenerator("directed by"), HashEmbedder(),
                     ExplainSettings(strategies=("edge",), noise_runs=1)).explain(Q)
    assert auto.cost.prefix is not None and auto.cost.prefix.order == "canonical"


def test_a_bad_context_order_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="context_order: 'last' is not one of auto, promise, canonical"):
        ExplainSettings(context_order="last")  # type: ignore[arg-type]


def test_the_faithfulness_evaluation_asks_the_prompts_in_the_order_the_explanation_rendered() -> None:
    from xgrag.evaluate import faithfulness as f

    sub = out_to_sea_graph()
    rank = {rid: -i for i, rid in enumerate(sorted(sub.relationships))}  # the canonical order reversed
    gen = RuleGenerator()
    f.ask_generator(gen, Q, sub, order=rank)(frozenset())
    f.ask_generator(gen, Q, sub)(frozenset())
    assert gen.prompts == [render(Q, sub, order=rank).prompt, render(Q, sub).prompt]
    assert gen.prompts[0] != gen.prompts[1]
