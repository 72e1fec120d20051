"""Schedulers decide which probes are asked, in which order and in which groups (ContextCite's partitioner /
PyG's algorithm: the Explainer only runs them). Each gets the run's state and its probes and fills in answers.

A run's schedule is a chain: one primary scheduler (exhaustive leave-one-out, budgeted leave-one-out, adaptive
group testing) and refiners after it (citation-guided redundancy resolution). `schedule_for(settings)` builds
the chain from the settings; a new scheduler is one module plus its entry in `PRIMARY`.
"""

from __future__ import annotations

from typing import Protocol

from xgrag.explain.run import ExplainRun, Probe


class Scheduler(Protocol):
    name: str

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        """Ask (some of) `probes`; unasked probes keep generation None and are reported as not evaluated."""
        ...
