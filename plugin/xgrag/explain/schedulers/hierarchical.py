"""Hierarchical search: TracLLM's recursive halving (Wang et al., 2025, §3.3), reimplemented on the graph.

TracLLM splits a long context into groups, scores every group, keeps the K highest-scoring groups, halves each
and repeats until the groups are single texts: about 2K·log2(N/K) scores instead of N. Here the context is the
subgraph's components in `branch_order` (each branch off the seeds contiguous, and within it each relation
type), so the first groups are structural — a film with its facts, the facts of one relation — and halving
follows the branches where it can. A group's score is its removal's semantic shift (as every probe's). What
differs from adaptive group testing (group.py): a fixed beam of K groups per level, however many groups move
the answer, so the cost is bounded by the beam, not by how many facts matter; and a moving group outside the
beam is left unresolved (its members are not evaluated), never cleared.

Not TracLLM's own code: tracllmkit scores texts with a white-box Hugging Face model's answer log-probability
(docs/architecture.md says why it is not driven here).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from xgrag.explain.perturbers import Planned
from xgrag.explain.run import ExplainRun
from xgrag.explain.schedulers.group import SMALL, GroupResult, GroupTesting, Measure, branch_order


def halves(members: Sequence[Planned]) -> list[list[Planned]]:
    mid = len(members) // 2
    return [list(members[:mid]), list(members[mid:])]


def chunks(ordered: Sequence[Planned], n: int) -> list[list[Planned]]:
    """`ordered` cut into n contiguous groups of near-equal size (fewer when there are fewer units)."""
    n = max(1, min(n, len(ordered)))
    size = len(ordered) / n
    return [list(ordered[round(i * size):round((i + 1) * size)]) for i in range(n)]


class HierarchicalTester:
    """The search itself, on any `measure` (pure: unit-tested with a fake measure)."""

    def __init__(self, measure: Measure, threshold: float, beam: int = 3,
                 can_ask: Callable[[], bool] = lambda: True) -> None:
        self.measure = measure
        self.threshold = threshold
        self.beam = max(1, beam)
        self.can_ask = can_ask

    async def run(self, ordered: Sequence[Planned]) -> GroupResult:
        result = GroupResult()
        if len(ordered) < SMALL:  # as group testing: one by one costs no more than halving
            level = [[p] for p in ordered]
        else:
            level = chunks(ordered, 2 * self.beam)
        while level:
            scored: list[tuple[float, int, list[Planned]]] = []
            for i, members in enumerate(level):
                if not self.can_ask():
                    return result  # out of budget: what is untested stays unresolved
                effect, run = await self.measure(members)
                result.tests += 1
                if effect <= self.threshold:
                    result.cleared.update(id(m) for m in members)  # removing all of them moved nothing
                elif len(members) == 1:
                    result.singletons[id(members[0])] = run
                    result.effects[id(members[0])] = effect
                else:
                    scored.append((effect, i, members))
            # keep the `beam` groups that moved the answer most; halve them (ties: the earlier group)
            kept = sorted(scored, key=lambda t: (-t[0], t[1]))[: self.beam]
            level = [half for _, _, members in sorted(kept, key=lambda t: t[1]) for half in halves(members) if half]
        return result


def expected_tests(n: int, beam: int) -> int:
    """Tests when every level keeps a full beam: 2·beam first groups, then 2·beam halves per level."""
    if n < SMALL:
        return n
    levels = max(0, math.ceil(math.log2(max(1.0, n / (2 * beam)))))
    return 2 * beam * (1 + levels)


class HierarchicalSearch(GroupTesting):
    """GroupTesting's bookkeeping (per strategy; non-groupable strategies one by one; proxy verification;
    what was measured alone vs cleared vs unresolved) with TracLLM's beam search instead of adaptive splitting."""

    name = "hierarchical"

    async def search(self, measure: Measure, units: Sequence[Planned], run: ExplainRun, threshold: float,
                     can_ask: Callable[[], bool], ceiling: int | None = None) -> GroupResult:
        # the leave-one-out ceiling is GroupTester's (adaptive splitting); the beam search has its own bound
        tester = HierarchicalTester(measure, threshold=threshold, beam=self.top_k, can_ask=can_ask)
        return await tester.run(branch_order(units, run.graph))
