"""Group tests under a prefix cache: when the prompt is ordered for a generator that reuses computed prefixes (the
"promise" order), every group a search removes is a contiguous run of the prompt's facts, so its probe reuses the
whole prompt before the run (pure logic: a fake scorer that says it caches prefixes and records what it scored)."""

import math

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator, out_to_sea_graph
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.base import AnswerScore, SyncScorerMixin, Usage
from xgrag.model import Node, Relationship, Subgraph

QUESTION = "who directed Out to Sea"


def festival_graph(festivals: int = 40) -> Subgraph:
    sub = out_to_sea_graph()
    for i in range(festivals):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", "m", f"x{i}", "shown_at"))
    return sub


class PrefixScorer(RuleGenerator, SyncScorerMixin):
    """Answers like RuleGenerator; scores a0 with P = 0.9 when the director's fact is shown (0.045 without), times
    0.05 when `needed` (a fact line outside the answer's trail) is missing. Says it caches prefixes (as SmolLM2 with
    reuse_prefix does), so the explainer orders the prompt for a prefix cache; records every prompt scored."""

    def __init__(self, needed: str | None = None, caches: bool = True) -> None:
        super().__init__("directed by")
        self.needed = needed
        self.caches = caches
        self.scored_prompts: list[str] = []

    @property
    def caches_prefixes(self) -> bool:
        return self.caches

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        self.scored_prompts.append(prompt)
        p = 0.9 * (1.0 if "directed by Martha Coolidge" in prompt else 0.05)
        if self.needed is not None and f"- {self.needed}\n" not in prompt:
            p *= 0.05
        return AnswerScore(math.log(p), 3, Usage(1, len(prompt.split()), 0, 0.001))


def fact_lines(prompt: str) -> list[str]:
    lines = prompt.split("\n")
    return [line for line in lines[lines.index("Facts:") + 1:] if line.startswith("- ")]


def removed_runs(gen: PrefixScorer, among: set[str] | None = None) -> list[list[int]]:
    """Per scored probe removing 2+ facts (of `among`, when given: the others ignored), the positions of the removed
    facts in the baseline prompt's fact list, counted over `among` only."""
    baseline = fact_lines(gen.prompts[0])
    listed = [line for line in baseline if among is None or line in among]
    runs = []
    for prompt in gen.scored_prompts:
        kept = set(fact_lines(prompt))
        gone = [i for i, line in enumerate(listed) if line not in kept]
        if len(gone) >= 2 and (among is None or not set(baseline) - kept - among):
            runs.append(gone)
    return runs


def contiguous(positions: list[int]) -> bool:
    return positions == list(range(positions[0], positions[0] + len(positions)))


def explain(scheduler: str, gen: PrefixScorer):
    cfg = ExplainSettings(strategies=("edge",), response_score="logprob", scheduler=scheduler, noise_runs=1,
                          hops=1)
    return Explainer(FixedRetriever(festival_graph()), gen, HashEmbedder(), cfg).explain(QUESTION)


def test_group_testing_removes_contiguous_runs_of_a_prefix_ordered_prompt() -> None:
    gen = PrefixScorer()
    result = explain("group", gen)
    assert result.cost.prefix is not None and result.cost.prefix.order == "promise"
    runs = removed_runs(gen)
    assert len(runs) >= 6  # the root and the halves down to the director's fact
    assert all(contiguous(r) for r in runs), runs
    assert [c.id for c in result.top("edge", 1)] == ["r1"]
    imp = {c.id: c.importance for c in result.components}
    assert imp["r1"] == pytest.approx(0.95)
    # the same ranking as a generator that caches nothing (canonical order, branch-ordered groups)
    plain = explain("group", PrefixScorer(caches=False))
    assert plain.cost.prefix is not None and plain.cost.prefix.order == "canonical"
    assert {c.id: c.importance for c in plain.components}["r1"] == pytest.approx(0.95)
    assert [c.id for c in plain.top("edge", 1)] == ["r1"]


def test_the_proxys_search_of_the_rest_removes_contiguous_runs_of_the_prompt() -> None:
    # a fact off the answer's trail matters: the sufficiency probe moves and group testing searches the rest
    gen = PrefixScorer(needed="Out to Sea shown at Festival 17")
    result = explain("proxy", gen)
    assert result.group_testing is not None and result.group_testing.scheduler == "proxy"
    strategy = result.group_testing.strategies["edge"]
    assert strategy.proxy_confirmed is False
    baseline = fact_lines(gen.prompts[0])
    # the rest: what the sufficiency probe removed (every fact but the proxy's candidates, the largest removal but
    # the removal of every fact it is judged against under logprob: the candidates kept half of the facts' effect,
    # the rest's Festival 17 the other half, below sufficiency_share)
    removals = [set(baseline) - set(fact_lines(p)) for p in gen.scored_prompts]
    assert set(baseline) in removals and strategy.kept_share == pytest.approx(0.5)
    rest = max((r for r in removals if r != set(baseline)), key=len)
    assert "- Out to Sea shown at Festival 17" in rest and "- Out to Sea directed by Martha Coolidge" not in rest
    runs = removed_runs(gen, among=rest)
    assert len(runs) >= 4
    assert all(contiguous(r) for r in runs), runs
    top = {c.id: c.importance for c in result.components}
    assert top["rx17"] == pytest.approx(0.95) and top["r1"] == pytest.approx(0.95)
