"""response_score "logprob": importances from log P(a0 | perturbed context), for every scheduler (pure logic: a
fake scorer whose probabilities are set by which facts the prompt shows)."""

import asyncio
import math
from dataclasses import replace

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.oracle import AnswerOracle
from xgrag.explain.scoring import (
    LOGPROB_CHANGE,
    SUFFICIENCY_SHARE,
    answer_logit,
    change_floor,
    kept_share,
    logprob_change_importance,
    logprob_floor,
    logprob_importance,
)
from xgrag.generate.base import AnswerScore, AnswerScorer, SyncScorerMixin, Usage
from xgrag.generate.cache import ResponseCache
from xgrag.generate.prompt import render
from xgrag.model import Node, Relationship, Subgraph
from xgrag.model.trace import ResolveRedundancyStep

QUESTION = "who directed Out to Sea"
DIRECTOR = "Out to Sea directed by Martha Coolidge"
YEAR = "Out to Sea release year 1997"


def movie_graph(noise: int = 0, second_director: bool = False) -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in [("m", "Out to Sea", "Movie"), ("d", "Martha Coolidge", "Person"),
                           ("a", "Jack Lemmon", "Person"), ("y", "1997", "Year"), ("w", "Robert Nelson Jacobs",
                                                                                     "Person")]:
        sub.add_node(Node(nid, name, typ))
    for rid, s, lab, t in [("r1", "m", "directed_by", "d"), ("r2", "m", "starred_actors", "a"),
                           ("r3", "m", "release_year", "y"), ("r4", "m", "written_by", "w")]:
        sub.add_relationship(Relationship(rid, s, t, lab))
    if second_director:  # a second entity stating the same fact: redundant support
        sub.add_node(Node("m2", "Out to Sea (1997 film)", "Movie"))
        sub.add_relationship(Relationship("r6", "m2", "d", "directed_by"))
    for i in range(noise):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", "m", f"x{i}", "shown_at"))
    sub.seeds = ["m"]
    return sub


class ScoringGenerator(RuleGenerator, SyncScorerMixin):
    """Answers like RuleGenerator; scores a fixed answer with P = 0.9 when a "directed by" fact is shown (0.045
    without: importance 0.95), times 0.8 without the release year (importance 0.2). Counts scoring calls."""

    def __init__(self, year_factor: float = 0.8) -> None:
        super().__init__("directed by")
        self.scored = 0
        self.year_factor = year_factor

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        self.scored += 1
        director = 1.0 if "directed by Martha Coolidge" in prompt else 0.05
        p = 0.9 * director * (1.0 if "release year 1997" in prompt else self.year_factor)
        return AnswerScore(math.log(p), 3, Usage(1, len(prompt.split()), 0, 0.001))


def explain(cfg: ExplainSettings, sub: Subgraph | None = None, gen: ScoringGenerator | None = None,
            cache: ResponseCache | None = None):
    gen = gen or ScoringGenerator()
    result = Explainer(FixedRetriever(sub or movie_graph()), gen, HashEmbedder(), cfg, cache).explain(QUESTION)
    return result, gen


def test_logprob_importance_is_the_relative_loss_of_the_answers_probability() -> None:
    assert logprob_importance(math.log(0.8), math.log(0.2)) == pytest.approx(0.75)
    assert logprob_importance(-2.0, -2.0) == 0.0
    assert logprob_importance(-2.0, -1.0) == 0.0  # the answer became MORE likely: no evidence for it
    drops = [logprob_importance(-1.0, -1.0 - d) for d in (0.1, 1.0, 5.0, 20.0)]
    assert drops == sorted(drops) and all(0.0 < v < 1.0 for v in drops)  # monotone in the raw drop, bounded
    assert logprob_importance(-1.0, -1000.0) == 1.0
    with pytest.raises(ValueError):
        logprob_importance(-1.0, float("-inf"))
    assert logprob_floor([-3.0]) == 0.0 and logprob_floor([-3.0, -3.0]) == 0.0
    assert logprob_floor([-3.0, -3.1, -2.95]) == pytest.approx(1 - math.exp(-0.15))
    # ContextCite's target: logit(p) from log p, finite for p -> 1 and ~log p for tiny p
    assert answer_logit(math.log(0.5)) == pytest.approx(0.0, abs=1e-12)
    assert answer_logit(math.log(0.9)) == pytest.approx(math.log(9.0))
    assert math.isfinite(answer_logit(0.0)) and answer_logit(-80.0) == pytest.approx(-80.0)


def test_leave_one_out_with_logprob_scores_instead_of_generating() -> None:
    result, gen = explain(ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=2))
    imp = {c.id: c.importance for c in result.components}
    assert imp["r1"] == pytest.approx(0.95) and imp["r3"] == pytest.approx(0.2)
    assert imp["r2"] == imp["r4"] == 0.0
    assert [c.id for c in result.top("edge", 2)] == ["r1", "r3"]
    # only the baselines were generated; a0 was scored on the full context twice (noise floor) and per removal
    assert gen.calls == result.cost.generator_calls == 2
    assert gen.scored == result.cost.scored_probes == 2 + 4
    assert result.cost.perturbations == 4 and result.noise_floor == 0.0
    assert result.response_score == "logprob" and result.baseline_logprob == pytest.approx(math.log(0.9), abs=1e-6)
    r1 = next(c for c in result.components if c.id == "r1")
    assert r1.counterfactual_answer is None and r1.answer_changed is None  # nothing generated: unknown
    assert r1.answer_logprob == pytest.approx(math.log(0.045), abs=1e-6)
    assert r1.importance_from == "verified" and r1.normalized_importance == 1.0
    assert "less likely" in result.technical_explanation and "scored probes" in result.technical_explanation
    assert result.config.response_score == "logprob"
    data = result.to_json()
    assert data["response_score"] == "logprob" and data["cost"]["scored_probes"] == 6
    assert type(result).model_validate(data) == result


def test_shift_is_the_default_and_generates_per_probe() -> None:
    result, gen = explain(ExplainSettings(strategies=("edge",)))
    assert result.response_score == "shift" and result.baseline_logprob is None
    assert gen.scored == result.cost.scored_probes == 0 and gen.calls == 2 + 4
    r1 = next(c for c in result.components if c.id == "r1")
    assert r1.counterfactual_answer == "I don't know." and r1.answer_changed and r1.answer_logprob is None


def test_a_generator_that_cannot_score_is_a_usage_error_naming_it() -> None:
    gen = RuleGenerator("directed by")
    assert not isinstance(gen, AnswerScorer)
    explainer = Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(),
                          ExplainSettings(strategies=("edge",), response_score="logprob"))
    with pytest.raises(UsageError, match="rule-generator.*cannot score a fixed answer") as info:
        explainer.explain(QUESTION)
    assert "--response-score" in str(info.value) and "smollm2" in (info.value.hint or "")
    assert gen.calls == 0  # refused before anything was asked: never a silent fallback to generating
    with pytest.raises(UsageError, match="response_score"):
        ExplainSettings(response_score="probability")  # type: ignore[arg-type]


def test_group_testing_with_logprob_finds_leave_one_outs_top_with_fewer_scored_probes() -> None:
    sub = movie_graph(noise=12)
    # the year's removal makes a0 0.3 times as likely: a change beyond the default threshold (half as likely)
    loo, _ = explain(ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1), sub,
                     ScoringGenerator(year_factor=0.3))
    gt, gen = explain(ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1,
                                      scheduler="group", top_k=2, group_verify=0), sub,
                      ScoringGenerator(year_factor=0.3))
    assert [c.id for c in gt.top("edge", 2)] == [c.id for c in loo.top("edge", 2)] == ["r1", "r3"]
    assert gt.cost.scored_probes < loo.cost.scored_probes == 1 + 16
    assert gen.calls == 1  # group tests score a0 too: nothing but the baseline is generated
    assert gt.group_testing is not None and gt.group_testing.strategies["edge"].tests == gt.cost.scored_probes - 1
    cleared = [c for c in gt.components if c.evaluated == "group"]
    assert cleared and all(c.importance == 0.0 and c.answer_changed is None for c in cleared)


def test_max_calls_counts_scored_probes() -> None:
    for scheduler in ("exhaustive", "group"):
        result, gen = explain(ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1,
                                              scheduler=scheduler, max_calls=4),  # type: ignore[arg-type]
                              movie_graph(noise=12))
        assert gen.calls + gen.scored <= 4
        assert any(c.evaluated == "budget" for c in result.components)


def test_redundant_support_is_resolved_under_logprob() -> None:
    sub = movie_graph(second_director=True)
    result, gen = explain(ExplainSettings(strategies=("edge",), response_score="logprob", dedup=False,
                                          noise_runs=1), sub, ScoringGenerator(year_factor=1.0))
    # either director fact alone keeps a0 as likely: no single removal of one moves it; the resolution removes
    # the redundant alternative first and the other then carries the drop as a conditional importance
    director = {c.id: c for c in result.components if c.id in ("r1", "r6")}
    conditional = [c for c in director.values() if c.evaluated == "conditional"]
    assert len(conditional) == 1 and conditional[0].importance == pytest.approx(0.95)
    step = next(s for s in result.trace if isinstance(s, ResolveRedundancyStep))
    assert step.necessary == 1 and gen.calls == 1


def test_redundancy_is_not_resolved_when_a_single_removal_already_lowers_the_probability() -> None:
    # r3 (the year) makes a0 0.3 times as likely alone: something moved, so the strategy is not redundant support
    result, _ = explain(ExplainSettings(strategies=("edge",), response_score="logprob", dedup=False,
                                        noise_runs=1), movie_graph(second_director=True, noise=2),
                        ScoringGenerator(year_factor=0.3))
    assert not any(isinstance(s, ResolveRedundancyStep) for s in result.trace)


def test_a_drop_below_the_change_threshold_is_no_change_for_the_redundancy_resolution() -> None:
    # the year makes a0 0.8 times as likely (a drop of 0.22 nats < ln 2): no single removal moved the answer, so
    # the redundant directors are resolved; with a threshold below that drop the year counts and nothing is
    result, _ = explain(ExplainSettings(strategies=("edge",), response_score="logprob", dedup=False,
                                        noise_runs=1), movie_graph(second_director=True, noise=2))
    assert any(isinstance(s, ResolveRedundancyStep) for s in result.trace)
    assert next(c for c in result.components if c.id == "r3").importance == pytest.approx(0.2)  # still measured
    result, _ = explain(ExplainSettings(strategies=("edge",), response_score="logprob", dedup=False,
                                        noise_runs=1, logprob_change=0.1), movie_graph(second_director=True, noise=2))
    assert not any(isinstance(s, ResolveRedundancyStep) for s in result.trace)


def test_change_floor_is_the_noise_floor_or_under_logprob_the_drop_that_counts() -> None:
    assert LOGPROB_CHANGE == pytest.approx(math.log(2))
    assert logprob_change_importance(math.log(2)) == pytest.approx(0.5)  # half as likely
    assert logprob_change_importance(math.log(10)) == pytest.approx(0.9)
    # on the importance scale the threshold is exactly the importance of that drop
    assert logprob_importance(-1.0, -1.0 - math.log(2)) == pytest.approx(logprob_change_importance(math.log(2)))
    for bad in (0.0, -1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError):
            logprob_change_importance(bad)
    assert change_floor("shift", 0.03) == 0.03 and change_floor("shift", 0.0, 5.0) == 0.0  # shift: the floor
    assert change_floor("logprob", 0.0) == pytest.approx(0.5)
    assert change_floor("logprob", 0.0, math.log(4)) == pytest.approx(0.75)
    assert change_floor("logprob", 0.8) == 0.8  # a noisier scorer than the threshold: its floor
    for bad in (0.0, -0.5, float("inf"), float("nan")):
        with pytest.raises(UsageError, match="logprob_change"):
            ExplainSettings(logprob_change=bad)
    assert ExplainSettings().record().logprob_change == pytest.approx(math.log(2))


class DilutingScorer(ScoringGenerator):
    """ScoringGenerator, and every festival fact removed makes a0 `factor` (0.99) times as likely: each removal lowers
    P(a0) a little, as a real model's does when its prompt changes."""

    def __init__(self, festivals: int, factor: float = 0.99) -> None:
        super().__init__(year_factor=1.0)
        self.festivals = festivals
        self.factor = factor

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        base = super().score_answer(prompt, system, answer)
        missing = self.festivals - prompt.count("shown at")
        return AnswerScore(base.logprob + missing * math.log(self.factor), base.tokens, base.usage)


@pytest.mark.parametrize("scheduler", ["group", "proxy"])
def test_small_drops_of_every_removal_do_not_keep_groups_from_clearing(scheduler: str) -> None:
    sub = movie_graph(noise=36)
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler=scheduler,
                          group_verify=0)  # type: ignore[arg-type]
    result, gen = explain(cfg, sub, DilutingScorer(36))
    assert result.top("edge", 1)[0].id == "r1"
    cleared = [c for c in result.components if c.evaluated == "group"]
    assert len(cleared) >= 30 and all(c.importance == 0.0 for c in cleared)
    assert gen.scored <= 12  # the baseline and a few groups, not one probe per fact (40)
    if scheduler == "proxy":
        assert result.group_testing is not None and result.group_testing.strategies["edge"].proxy_confirmed
    # with a threshold at the old noise floor every group's removal "moves" a0 and group testing splits to single
    # facts; the proxy's sufficiency probe is then judged against removing every fact (the candidates keep nearly all
    # of the facts' effect on a0: sufficiency_share) and still confirms its plan
    strict, gen = explain(replace(cfg, logprob_change=1e-9), sub, DilutingScorer(36))
    if scheduler == "group":
        assert gen.scored > 36 and not any(c.evaluated == "group" for c in strict.components
                                           if c.id.startswith("rx"))
    else:
        edge = strict.group_testing.strategies["edge"] if strict.group_testing else None
        assert edge is not None and edge.proxy_confirmed and (edge.kept_share or 0.0) > 0.8 and gen.scored <= 12


def test_mask_surrogate_fits_the_answer_logit() -> None:
    cfg = ExplainSettings(strategies=("mask",), response_score="logprob", masks=40, noise_runs=1,
                          surrogate_solvers=("linear",))
    result, gen = explain(cfg, movie_graph(noise=3))
    surrogate = result.surrogate
    assert surrogate is not None and surrogate.measure == "answer_logit"
    assert gen.calls == 1 and gen.scored == 1 + 40
    coef = surrogate.solvers["linear"].coefficients
    assert list(coef)[:2] == ["r1", "r3"]  # keeping the director fact raises logit P(a0) most, then the year
    # the generator's log-probabilities are exact in the fact indicators here: the fit is too
    assert coef["r1"] == pytest.approx(answer_logit(math.log(0.9)) - answer_logit(math.log(0.045)), rel=0.2)
    held = surrogate.solvers["linear"].held_out
    assert held is not None and (held.lds or 0.0) > 0.9
    assert all(c.counterfactual_answer is None for c in result.components if c.kind == "mask")


def test_scores_are_cached_and_deduplicated(tmp_path) -> None:
    cache = ResponseCache(tmp_path / "cache.sqlite")
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1)
    first, gen = explain(cfg, cache=cache)
    assert gen.scored == first.cost.scored_probes == 5
    again, gen2 = explain(cfg, cache=cache)
    assert gen2.scored == 0 and again.cost.scored_probes == 0 and again.cost.cache_hits == 1 + 5  # a0 + scores
    assert [c.importance for c in again.components] == [c.importance for c in first.components]
    assert again.baseline_logprob == first.baseline_logprob

    async def asks() -> None:
        gen3 = ScoringGenerator()
        oracle = AnswerOracle(gen3, HashEmbedder(), cache)
        ctx = render(QUESTION, movie_graph())
        a, b = await oracle.score(ctx, "Martha Coolidge."), await oracle.score(ctx, "Martha Coolidge.")
        assert a.cached and b.deduplicated and a.score == b.score  # the earlier run's score, then the memo
        other = await oracle.score(ctx, "Jack Lemmon.")  # another answer on the same context is its own score
        assert not other.cached and not other.deduplicated and gen3.scored == 1
        repeat = await oracle.score(ctx, "Martha Coolidge.", repeat=1)  # a deliberate repeat bypasses both
        assert not repeat.cached and not repeat.deduplicated and gen3.scored == 2
        assert oracle.ledger.scoring.calls == 2 and oracle.calls == 2 and oracle.ledger.usage.calls == 0
        with pytest.raises(UsageError, match="cannot score"):
            await AnswerOracle(RuleGenerator(), HashEmbedder()).score(ctx, "x")

    asyncio.run(asks())


def test_console_and_html_say_what_was_scored() -> None:
    from io import StringIO

    from rich.console import Console

    from helpers import view_blocks
    from xgrag.report.console import cost_line, print_explanation
    from xgrag.serve.export import render_html

    result, _ = explain(ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1))
    out = Console(file=StringIO(), width=200, record=True)
    print_explanation(out, result)
    text = out.export_text()
    assert "importance = drop of P(answer)" in text and "Out to Sea directed_by Martha Coolidge" in text
    row = next(line for line in text.splitlines() if "directed_by" in line and "self-report" not in line)
    assert " - " in row and " yes " not in row and " no " not in row  # whether the answer changed is unknown
    assert "5 scored probes" in cost_line(result)
    (view,) = view_blocks(render_html(result))
    assert view["honesty"]["response_score"] == "logprob"
    assert ["scored probes (log P of a\u2080, one forward pass each)", "5"] in view["cost"]
    assert all(r["changed"] is None for r in view["rows"])


@pytest.mark.parametrize("scheduler", ["exhaustive", "group"])
def test_small_drops_adding_up_over_a_cumulative_removal_make_no_fact_necessary(scheduler: str) -> None:
    # two director facts support a0 (either keeps it: redundant support), and every festival fact removed makes a0
    # 0.9 times as likely, a drop of 0.105 nats: no single removal moves it, but removing seven festivals together
    # lowers P(a0) beyond ln 2. The resolution judges each removal against the reduced context it is made from:
    # only the director left last is necessary once the other is out, no festival is
    sub = movie_graph(noise=20, second_director=True)
    gen = DilutingScorer(20, factor=0.9)
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, dedup=False,
                          scheduler=scheduler, group_verify=0)  # type: ignore[arg-type]
    result, _ = explain(cfg, sub, gen)
    conditional = sorted(c.id for c in result.components if c.evaluated == "conditional")
    assert len(conditional) == 1 and conditional[0] in ("r1", "r6")
    step = next(s for s in result.trace if isinstance(s, ResolveRedundancyStep))
    assert step.necessary == 1
    if scheduler == "group":  # the binary search crossed the threshold by the festivals' drops adding up
        assert step.diffuse is not None and step.diffuse >= 1


@pytest.mark.parametrize("scheduler", ["group", "proxy"])
def test_a_group_whose_halves_each_keep_a0_is_cleared_not_split_down_to_single_facts(scheduler: str) -> None:
    # every festival removed makes a0 0.9 times as likely: ten together lower P(a0) by 1.05 nats (beyond ln 2), five
    # by 0.53 (not). A group of ten festivals "moves" a0 and neither half does: under logprob the second half is
    # tested instead of inferred to hold a mover, and both are cleared (inferring it split down to single festivals)
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler=scheduler,
                          group_verify=0, resolve_redundancy=False)  # type: ignore[arg-type]
    result, gen = explain(cfg, movie_graph(noise=36), DilutingScorer(36, factor=0.9))
    assert result.top("edge", 1)[0].id == "r1"
    assert gen.scored <= 21  # splitting by elimination spent 29 (group) and 30 (proxy) here


def test_kept_share_is_the_share_of_the_facts_effect_the_part_keeps() -> None:
    # log P(a0): -1 with every fact, -6 with none; a part that keeps it at -2 keeps 4/5 of what the facts do
    assert kept_share(-1.0, -2.0, -6.0) == pytest.approx(0.8)
    assert kept_share(-1.0, -1.0, -6.0) == 1.0 and kept_share(-1.0, -6.0, -6.0) == 0.0
    assert kept_share(-1.0, -8.0, -6.0) == pytest.approx(-0.4)  # worse than no facts at all (not monotone)
    assert kept_share(-1.0, -0.5, -6.0) == pytest.approx(1.1)  # a0 more likely than with everything
    assert kept_share(-3.0, -4.0, -2.0) is None and kept_share(-3.0, -4.0, -3.0) is None  # no effect to keep
    with pytest.raises(ValueError):
        kept_share(-1.0, float("-inf"), -6.0)
    assert SUFFICIENCY_SHARE == ExplainSettings().sufficiency_share == ExplainSettings().record().sufficiency_share
    for bad in (0.0, -0.1, 1.5):
        with pytest.raises(UsageError, match="sufficiency_share"):
            ExplainSettings(sufficiency_share=bad)


class HiddenFestivalScorer(DilutingScorer):
    """DilutingScorer, and a0 is also `hidden_factor` times as likely without festival `hidden` (a fact that matters
    off every trail from the question's entity to the answer's)."""

    def __init__(self, festivals: int, factor: float, hidden: int | None = None, hidden_factor: float = 1.0) -> None:
        super().__init__(festivals, factor)
        self.hidden = hidden
        self.hidden_factor = hidden_factor

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        base = super().score_answer(prompt, system, answer)
        if self.hidden is None or f"shown at Festival {self.hidden}\n" in prompt:
            return base
        return AnswerScore(base.logprob + math.log(self.hidden_factor), base.tokens, base.usage)


def test_the_candidates_confirm_the_plan_when_they_keep_most_of_the_facts_effect_under_logprob() -> None:
    # 120 facts; every festival removed makes a0 0.99 times as likely (a real model's drift: removing the ~115 the
    # proxy does not keep lowers log P(a0) by ~1.15 nats, beyond ln 2), the director's fact 0.05 times (3 nats).
    # Judged by the drop alone the sufficiency probe "moved" a0 and group testing searched the rest; judged against
    # removing every fact (a drop of ~4.2 nats), the candidates keep ~0.72 of the facts' effect: confirmed
    sub = movie_graph(noise=116)
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler="proxy")
    result, gen = explain(cfg, sub, HiddenFestivalScorer(116, 0.99))
    edge = result.group_testing.strategies["edge"] if result.group_testing else None
    assert edge is not None and edge.proxy_confirmed
    assert edge.kept_share is not None and 0.6 < edge.kept_share < 0.8
    assert result.top("edge", 1)[0].id == "r1"
    # the baseline's score, the candidates alone, the sufficiency probe and the removal of every fact
    assert gen.scored <= 1 + max(cfg.top_k, 2) + 2
    # a stricter share than the candidates keep: the sufficiency probe is not cleared and group testing searches the
    # rest (here its two halves, ~0.57 nats each, clear)
    strict, gen2 = explain(replace(cfg, sufficiency_share=0.9), sub, HiddenFestivalScorer(116, 0.99))
    edge2 = strict.group_testing.strategies["edge"] if strict.group_testing else None
    assert edge2 is not None and edge2.kept_share == edge.kept_share and edge2.tests == edge.tests + 2
    assert gen2.scored == gen.scored + 2


def test_a_fact_that_matters_outside_the_candidates_keeps_the_plan_unconfirmed_under_logprob() -> None:
    # as above, and one festival off the trail to the answer makes a0 0.05 times as likely when removed: the
    # candidates alone lose it, keep ~0.42 of the facts' effect, and group testing finds it among the rest
    sub = movie_graph(noise=116)
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler="proxy",
                          group_verify=0)
    result, _ = explain(cfg, sub, HiddenFestivalScorer(116, 0.99, hidden=57, hidden_factor=0.05))
    edge = result.group_testing.strategies["edge"] if result.group_testing else None
    assert edge is not None and not edge.proxy_confirmed
    assert edge.kept_share is not None and edge.kept_share < 0.5
    assert {c.id for c in result.top("edge", 2)} == {"r1", "rx57"}


@pytest.mark.parametrize("scheduler", ["group", "proxy"])
def test_a_search_whose_groups_all_move_finishes_as_leave_one_out_under_its_ceiling(scheduler: str) -> None:
    # every festival removed makes a0 0.65 times as likely (0.43 nats): no single festival moves a0 past ln 2, every
    # pair does. Plain splitting then goes down to single facts (the drift of SmolLM2's long answer on
    # bench_answer_cost's dev-8068: 112 calls against leave-one-out's 104), about twice leave-one-out's count here;
    # the ceiling finishes the search as leave-one-out over the facts it has not decided once it is clearly losing
    festivals = 60
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler=scheduler,
                          group_verify=0, resolve_redundancy=False)  # type: ignore[arg-type]
    loo, loo_gen = explain(replace(cfg, scheduler="exhaustive"), movie_graph(noise=festivals),
                           DilutingScorer(festivals, factor=0.65))
    result, gen = explain(cfg, movie_graph(noise=festivals), DilutingScorer(festivals, factor=0.65))
    units = festivals + 4
    loo_calls = loo_gen.calls + loo_gen.scored  # the baseline's generation and score, one probe per fact
    assert loo_calls == 2 + units
    edge = result.group_testing.strategies["edge"] if result.group_testing else None
    assert edge is not None and edge.loo_ceiling_hit is True
    assert edge.loo_ceiling == loo_calls
    # within the ceiling, the tests before the search that settled nothing (a root group; the candidates after the
    # director's fact together, the sufficiency probe and its reference), 2 (k - 1), + the last split's 2: the
    # first split's halves showed the drift reaching pairs (0.43 nats a fact), so the half of the units allowed for
    # a drift that stops early was not (plain splitting: 125 and 122 calls here against leave-one-out's 66)
    before_search = 1 if scheduler == "group" else 3
    calls = gen.calls + gen.scored
    assert calls <= loo_calls + before_search + 2 * (cfg.top_k - 1) + 2
    assert result.top("edge", 1)[0].id == loo.top("edge", 1)[0].id == "r1"
    # the facts finished alone are measured as leave-one-out measures them: the same importance, not "cleared"
    by_id = {c.id: c for c in loo.components}
    alone = [c for c in result.components if c.evaluated != "group" and c.id.startswith("rx")]
    assert len(alone) >= festivals // 2
    assert all(c.importance == pytest.approx(by_id[c.id].importance) for c in alone)


def test_a_search_that_clears_its_halves_never_reaches_the_ceiling() -> None:
    # the same 64 facts with a drift that stops at groups of a few facts: the search ends far under the ceiling
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler="group",
                          group_verify=0, resolve_redundancy=False)
    result, gen = explain(cfg, movie_graph(noise=60), DilutingScorer(60, factor=0.9))
    edge = result.group_testing.strategies["edge"] if result.group_testing else None
    assert edge is not None and edge.loo_ceiling_hit is None and edge.loo_ceiling is None
    assert gen.calls + gen.scored < 0.75 * (2 + 64)


class AwardScorer(DilutingScorer):
    """DilutingScorer, and a0 is 0.05 times as likely without "Martha Coolidge won Award `needed`": a fact about the
    entity the answer names that lies on no trail from the question's entity to it."""

    def __init__(self, festivals: int, factor: float, needed: int) -> None:
        super().__init__(festivals, factor)
        self.needed = needed

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        base = super().score_answer(prompt, system, answer)
        if f"Martha Coolidge won Award {self.needed}\n" in prompt:
            return base
        return AnswerScore(base.logprob + math.log(0.05), base.tokens, base.usage)


def test_an_unconfirmed_proxy_verifies_the_facts_of_the_answers_entity_before_searching_the_rest() -> None:
    # 125 facts: the director's fact (the answer's trail), 116 drifting festivals and 5 awards of the director, one
    # of which a0 needs. The candidates alone (the director's fact) keep 0.42 of the facts' effect: not confirmed.
    # The awards name the entity the answer names: each is removed alone (the needed one moves a0), then the rest
    # without them is cleared by the sufficiency probe asked again. Searching the rest by halves took 20 calls.
    sub = movie_graph(noise=116)
    for i in range(5):
        sub.add_node(Node(f"aw{i}", f"Award {i}", "Prize"))
        sub.add_relationship(Relationship(f"ra{i}", "d", f"aw{i}", "won"))
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, scheduler="proxy",
                          group_verify=0)
    for needed in (0, 3):
        result, gen = explain(cfg, sub, AwardScorer(116, 0.99, needed))
        edge = result.group_testing.strategies["edge"] if result.group_testing else None
        assert edge is not None and edge.answer_entity_candidates == 5
        assert edge.proxy_confirmed and edge.kept_share is not None and edge.kept_share >= cfg.sufficiency_share
        assert {c.id for c in result.top("edge", 2)} == {"r1", f"ra{needed}"}
        awards = {c.id: c for c in result.components if c.id.startswith("ra")}
        assert all(c.evaluated != "group" for c in awards.values())  # each measured alone, as leave-one-out does
        # the baseline's generation and score, the director's fact, the sufficiency probe and the removal of every
        # fact, the 5 awards, the sufficiency probe again (the removal of every fact answered from the memo)
        assert gen.calls + gen.scored <= 2 + 1 + 2 + 5 + 1 + 1
