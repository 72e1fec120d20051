"""Redundant support (a refiner after a leave-one-out schedule): when no single removal of a strategy moves
the answer, remove its components cumulatively, least relevant to the question first, keeping each removal that
leaves the answer unchanged; the ones that then move it get their shift in that reduced context as a
conditional importance (evaluated = "conditional").

`citation_guided`: when the generator reports the facts it answered from (Generation.evidence), those are
removed last, so among interchangeable supports the one the model says it used is the one tested. That reads
the generator's self-report, which a real LLM cannot be trusted to give; it is opt-in for faithfulness
measurements and recorded in the trace.
"""

from __future__ import annotations

from xgrag.explain.perturbers import REGISTRY, Planned
from xgrag.explain.run import ExplainRun, Probe
from xgrag.model import Perturbation


class RedundancyResolution:
    name = "redundancy"

    def __init__(self, citation_guided: bool, max_calls: int | None = None) -> None:
        self.citation_guided = citation_guided
        self.max_calls = max_calls

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        # strategies whose single removals of one component can be redundant with each other
        resolved = [name for name, p in REGISTRY.items() if p.removes and p.unit in ("node", "edge")]
        for strategy in resolved:
            group = [p for p in probes if p.planned.strategy == strategy and p.generation is not None]
            if not group or any(run.shift(p.generation.text) > run.floor + 1e-6 for p in group
                                if p.generation is not None):
                continue  # some single removal already moves the answer: nothing to resolve
            await self._resolve(run, strategy, group)

    async def _resolve(self, run: ExplainRun, strategy: str, group: list[Probe]) -> None:
        budget = None if self.max_calls is None else self.max_calls - run.oracle.calls
        # least relevant to the question first, so the facts the question asks about are removed last
        order = list(reversed(run.by_promise([p.planned for p in group], question_only=True)))
        cited = set(run.a0.evidence or ()) if self.citation_guided else set()
        if cited:
            # Which of two interchangeable supports a model used cannot be seen from its answers; when it
            # reports the facts it used, remove the uncited alternatives first (the cited ones still have
            # to move the answer to score).
            order.sort(key=lambda q: bool(q.removed_rels & cited or q.target in cited))
        by_planned = {id(p.planned): p for p in group}
        removed: list[Planned] = []
        calls = 0
        for planned in order:
            if budget is not None and calls >= budget:
                break
            trial = Perturbation(frozenset().union(*[q.perturbation.excluded_node_ids for q in [*removed, planned]]),
                                 frozenset().union(*[q.perturbation.excluded_rel_ids for q in [*removed, planned]]),
                                 kind="redundancy")
            answer = await run.oracle.answer(await run.context_of(trial))
            calls += 1
            if run.shift(answer.text) <= run.floor:
                removed.append(planned)  # redundant given what is already removed: keep it out
            else:
                by_planned[id(planned)].conditional = answer.generation  # necessary once its alternatives are gone
        run.trace.append({"step": "resolve_redundancy", "strategy": strategy, "calls": calls,
                          "citation_guided": bool(cited), "redundant": len(removed),
                          "necessary": sum(p.conditional is not None for p in group)})
