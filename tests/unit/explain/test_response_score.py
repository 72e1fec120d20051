"""response_score="logprob": probes score the baseline answer in one pass instead of decoding (fakes only)."""

from __future__ import annotations

import math

import pytest
from test_explain_logic import movie_graph

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.base import AnswerScore, Usage


class ScoringRuleGenerator(RuleGenerator):
    """RuleGenerator that can also score a fixed answer: log P = 0 when a fact with its relation names the answer,
    log 0.5 when only a fact with another relation still mentions the answer, log 0.01 otherwise."""

    def __init__(self) -> None:
        super().__init__("directed by")
        self.scored: list[str] = []

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        self.scored.append(prompt)
        name = answer.rstrip(".")
        lines = [line for line in prompt.splitlines() if line.startswith("- ")]
        if any(self.relation in line and line.endswith(name) for line in lines):
            lp = 0.0
        elif any(name in line for line in lines):
            lp = math.log(0.5)
        else:
            lp = math.log(0.01)
        return AnswerScore(lp, 3, Usage(1, len(prompt.split()), 0, 0.001))

    async def ascore_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        return self.score_answer(prompt, system, answer)


def test_logprob_scores_the_baseline_answer_without_decoding() -> None:
    sub = movie_graph()
    gen = ScoringRuleGenerator()
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=2)
    ex = Explainer(FixedRetriever(sub), gen, HashEmbedder(), cfg).explain("who directed Out to Sea")
    top = ex.top("edge", 1)[0]
    # without r1 the name is still in the prompt (the fake's middle rule): P(a0) fell from 1 to 0.5
    assert top.id == "r1" and top.importance == pytest.approx(0.5)
    assert top.counterfactual_answer is None  # nothing was decoded for it
    assert all(c.importance == 0.0 for c in ex.components if c.id != "r1")
    assert ex.noise_floor == 0.0
    # two decoded baselines, then one scoring pass of the full context and one per fact
    assert gen.calls == 2 and len(gen.scored) == 1 + len(sub.relationships)
    assert ex.cost.scored == len(gen.scored) and ex.cost.generator_calls == 2 + len(gen.scored)
    step = next(s for s in ex.trace if s["step"] == "response_score")
    assert step["full_logprob"] == 0.0 and ex.config["response_score"] == "logprob"


def test_logprob_agrees_with_the_semantic_shift_ranking_under_group_testing() -> None:
    sub = movie_graph()
    from xgrag.model import Node, Relationship

    for i in range(30):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", "m", f"x{i}", "shown_at"))
    runs = {score: Explainer(FixedRetriever(sub), ScoringRuleGenerator(), HashEmbedder(), ExplainSettings(
        strategies=("edge",), response_score=score, scheduler="group", noise_runs=1)).explain(  # type: ignore
        "who directed Out to Sea") for score in ("shift", "logprob")}
    assert runs["shift"].top("edge", 1)[0].id == runs["logprob"].top("edge", 1)[0].id == "r1"
    assert runs["logprob"].cost.scored > 0 and runs["shift"].cost.scored == 0


def test_a_generator_that_cannot_score_is_refused_before_any_call() -> None:
    gen = RuleGenerator()
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob")
    with pytest.raises(UsageError, match="rule-generator cannot score a fixed answer"):
        Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), cfg).explain("who directed Out to Sea")
    assert gen.calls == 0
    with pytest.raises(UsageError, match="mask surrogates compare answer embeddings"):
        ExplainSettings(strategies=("edge", "mask"), response_score="logprob")
    with pytest.raises(UsageError, match="response_score: 'probability'"):
        ExplainSettings(response_score="probability")  # type: ignore[arg-type]
