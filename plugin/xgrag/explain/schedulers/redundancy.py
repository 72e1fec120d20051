"""Redundant support (a refiner after a leave-one-out schedule): when no single removal of a strategy moves
the answer, remove its components cumulatively, least relevant to the question first, keeping each removal that
leaves the answer unchanged; the ones that then move it get their shift in that reduced context as a
conditional importance (evaluated = "conditional").

`citation_guided`: when the generator reports the facts it answered from (Generation.evidence), those are
removed last, so among interchangeable supports the one the model says it used is the one tested. That reads
the generator's self-report, which a real LLM cannot be trusted to give; it is opt-in for faithfulness
measurements and recorded in the trace.

`search="binary"` (after adaptive group testing, whose probes were mostly never asked alone) finds the same
necessary components with a binary search over the cumulative removal order instead of one call per
component: with k necessary components among n, about k·(1 + log2 n) calls instead of n. It returns what the
linear scan returns whenever removing more of the order never brings the answer back (monotone removals); on
MetaQA every leave-one-out vs group-testing disagreement was such a redundant-support case (14 of 200).

Under the "logprob" score every removal is judged against the reduced context it is made from (ExplainRun.moved_from:
the drop of log P(a0) from that context's own score), never against the full context: nearly every removal lowers
P(a0) a little, and those drops add up over a cumulative removal until one more fact of no consequence crosses the
threshold. A component is necessary when its own removal, its alternatives out, lowers P(a0) by the drop that
counts. The binary search finds where the drop from its reference crosses the threshold; when the last step there is
no change on its own (the drop was spread over many facts: `diffuse` in the trace), those facts stay out and the
search goes on from the context without them. Under "shift" a reduced context that kept a0 answers a0, so both
judgements are the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from xgrag.explain.perturbers import REGISTRY, Planned, union_of
from xgrag.explain.run import ExplainRun, Probe, Response
from xgrag.model.trace import ResolveRedundancyStep


class RedundancyResolution:
    name = "redundancy"

    def __init__(self, citation_guided: bool, max_calls: int | None = None,
                 search: Literal["linear", "binary"] = "linear") -> None:
        self.citation_guided = citation_guided
        self.max_calls = max_calls
        self.search = search

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        # strategies whose single removals of one component can be redundant with each other
        resolved = [name for name, p in REGISTRY.items() if p.removes and p.unit != "mask"]
        for strategy in resolved:
            if self.search == "binary":
                # after group testing: the components its tests cleared (never asked alone) or measured
                group = [p for p in probes if p.planned.strategy == strategy and
                         (p.answered or p.planned.note.get("group") == "no-effect")]
            else:
                group = [p for p in probes if p.planned.strategy == strategy and p.answered]
            if not group or any(run.effect(p.response) > run.change_floor + 1e-6 for p in group
                                if p.response is not None):
                continue  # some single removal already moves the answer: nothing to resolve
            if self.search == "binary":
                await self._resolve_binary(run, strategy, group)
            else:
                await self._resolve(run, strategy, group)

    def _order(self, run: ExplainRun, group: list[Probe]) -> list[Planned]:
        # least relevant to the question first, so the facts the question asks about are removed last
        order = list(reversed(run.by_promise([p.planned for p in group], question_only=True)))
        cited = set(run.a0.evidence or ()) if self.citation_guided else set()
        if cited:
            # Which of two interchangeable supports a model used cannot be seen from its answers; when it
            # reports the facts it used, remove the uncited alternatives first (the cited ones still have
            # to move the answer to score).
            order.sort(key=lambda q: bool((q.removed_rels | q.removed_properties) & cited or q.target in cited))
        return order

    async def _resolve_binary(self, run: ExplainRun, strategy: str, group: list[Probe]) -> None:
        budget = None if self.max_calls is None else self.max_calls - run.oracle.calls
        order = self._order(run, group)
        by_planned = {id(p.planned): p for p in group}
        calls = 0

        async def without(members: list[Planned]) -> Response:
            """The response with `members` removed."""
            nonlocal calls
            response = await run.respond(await run.context_of(union_of(members, "redundancy")))
            calls += 1
            return response

        removed: list[Planned] = []  # redundant given the rest: stays out
        reference: Response | None = None  # what the context without `removed` answered (None: the full context)
        start, necessary, diffuse = 0, 0, 0
        while start < len(order):
            if budget is not None and calls >= budget:
                break
            # removing everything left: when even that keeps the answer, the rest is redundant
            at_hi = await without(removed + order[start:])
            if not run.moved_from(reference, at_hi):
                removed.extend(order[start:])
                break
            # removing order[start..hi] moves it; order[start..lo-1] does not (`below` answered that context)
            lo, hi, below = start, len(order) - 1, reference
            # a group removal a scheduler already asked that kept a0 (under "shift": run.kept_removals, e.g. the
            # proxy's sufficiency probe, everything but its candidates) holding what is removed and
            # order[start..j-1] answers that removal as well: removing less never moves an answer that removing
            # more kept (the monotone removals this search assumes), so lo starts past the longest such prefix
            lo = min(hi, max(lo, self._known_kept(run, removed, order, start)))
            while lo < hi and (budget is None or calls < budget):
                mid = (lo + hi) // 2
                answer = await without(removed + order[start:mid + 1])
                if run.moved_from(reference, answer):
                    hi, at_hi = mid, answer
                else:
                    lo, below = mid + 1, answer
            if lo < hi:
                break  # out of budget before the search settled: nothing half-found is reported
            if not run.moved_from(below, at_hi):
                # Under "logprob": the drop from the reference crossed the threshold only by adding up small drops,
                # and removing order[hi] once order[start..hi-1] are out is no change on its own: no fact here is
                # necessary. They stay out, and the search goes on against what the context without them answers.
                removed.extend(order[start:hi + 1])
                reference, start = at_hi, hi + 1
                diffuse += 1
                continue
            # order[hi] is necessary once order[start..hi-1] (redundant) are out, as the linear scan finds it
            probe = by_planned[id(order[hi])]
            probe.conditional = at_hi
            if probe.planned.note.get("group") == "no-effect":  # its group was cleared; alone it is necessary
                note = {**probe.planned.note, "group": "necessary-without-alternatives"}
                probe.planned = replace(probe.planned, note=note)
            necessary += 1
            removed.extend(order[start:hi])
            reference, start = below, hi + 1
        run.trace.append(ResolveRedundancyStep(strategy=strategy, calls=calls, search="binary",
                                               citation_guided=self.citation_guided and bool(run.a0.evidence),
                                               redundant=len(removed), necessary=necessary,
                                               diffuse=diffuse or None))

    @staticmethod
    def _known_kept(run: ExplainRun, removed: list[Planned], order: list[Planned], start: int) -> int:
        """The largest j such that removing `removed` and order[start..j-1] is inside a group removal already
        asked that left a0 where it was (run.kept_removals; under "shift" only: under "logprob" small drops add
        up, and a removal is judged against its own reduced context); `start` when there is none."""
        if run.settings.response_score == "logprob" or not run.kept_removals:
            return start
        out = set(m.target for m in removed)
        best = start
        for kept in run.kept_removals:
            if not out <= kept:
                continue
            j = start
            while j < len(order) and order[j].target in kept:
                j += 1
            best = max(best, j)
        return best

    async def _resolve(self, run: ExplainRun, strategy: str, group: list[Probe]) -> None:
        budget = None if self.max_calls is None else self.max_calls - run.oracle.calls
        order = self._order(run, group)
        cited = set(run.a0.evidence or ()) if self.citation_guided else set()
        by_planned = {id(p.planned): p for p in group}
        removed: list[Planned] = []
        reference: Response | None = None  # what the context without `removed` answered (None: the full context)
        calls = 0
        for planned in order:
            if budget is not None and calls >= budget:
                break
            trial = union_of([*removed, planned], "redundancy")
            response = await run.respond(await run.context_of(trial))
            calls += 1
            if not run.moved_from(reference, response):
                removed.append(planned)  # redundant given what is already removed: keep it out
                reference = response
            else:
                by_planned[id(planned)].conditional = response  # necessary once its alternatives are gone
        run.trace.append(ResolveRedundancyStep(strategy=strategy, calls=calls, citation_guided=bool(cited),
                                               redundant=len(removed),
                                               necessary=sum(p.conditional is not None for p in group)))
