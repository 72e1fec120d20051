"""Leave-one-out: every probe asked on its own (XGRAG's and KGRAG-Ex's definition; the reference the cheaper
schedulers are measured against). Under a call budget, the most promising probes first."""

from __future__ import annotations

from xgrag.explain.run import ExplainRun, Probe
from xgrag.model.trace import BudgetStep


class Exhaustive:
    name = "exhaustive"

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        run.tick("perturb", 0, len(probes))
        await run.ask_all(probes)


class Budgeted:
    """Leave-one-out within `max_calls` generator calls (the baseline's included): the components whose text
    is closest to the answer or the question are asked first; the rest are reported as not evaluated."""

    name = "budget"

    def __init__(self, max_calls: int) -> None:
        self.max_calls = max_calls

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        left = max(0, self.max_calls - run.oracle.calls)
        by_id = {id(p.planned): p for p in probes}
        chosen = [by_id[id(p)] for p in run.by_promise([p.planned for p in probes])][:left]
        run.tick("perturb", 0, len(chosen))
        await run.ask_all(chosen)
        # the asked ones first, in the order they were chosen (as the output lists them)
        chosen_ids = {id(p) for p in chosen}
        probes[:] = chosen + [p for p in probes if id(p) not in chosen_ids]
        run.trace.append(BudgetStep(max_calls=self.max_calls, asked=len(chosen),
                                    not_evaluated=len(probes) - len(chosen)))
