"""Schedulers: which probes to ask. `schedule_for(settings)` is the one place that turns settings into a chain."""

from __future__ import annotations

from xgrag.explain.schedulers.base import Scheduler
from xgrag.explain.schedulers.exhaustive import Budgeted, Exhaustive
from xgrag.explain.schedulers.group import GroupTester, GroupTesting, initial_groups
from xgrag.explain.schedulers.redundancy import RedundancyResolution
from xgrag.explain.settings import ExplainSettings


def schedule_for(settings: ExplainSettings) -> list[Scheduler]:
    """The primary scheduler the settings name, then the refiners that apply to it."""
    chain: list[Scheduler] = []
    if settings.scheduler == "group":
        chain.append(GroupTesting(settings.top_k, settings.max_calls))
    elif settings.max_calls is not None:
        chain.append(Budgeted(settings.max_calls))
    else:
        chain.append(Exhaustive())
    if settings.resolve_redundancy:
        # group testing asked few components alone: its resolution searches instead of scanning
        chain.append(RedundancyResolution(settings.citation_guided, settings.max_calls,
                                          search="binary" if settings.scheduler == "group" else "linear"))
    return chain


__all__ = ["Budgeted", "Exhaustive", "GroupTester", "GroupTesting", "RedundancyResolution", "Scheduler",
           "initial_groups", "schedule_for"]
