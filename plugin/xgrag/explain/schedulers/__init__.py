"""Schedulers: which probes to ask. `schedule_for(settings)` is the one place that turns settings into a chain."""

from __future__ import annotations

from xgrag.explain.schedulers.base import Scheduler
from xgrag.explain.schedulers.exhaustive import Budgeted, Exhaustive
from xgrag.explain.schedulers.group import GroupTester, GroupTesting, branch_order, initial_groups
from xgrag.explain.schedulers.hierarchical import HierarchicalSearch, HierarchicalTester
from xgrag.explain.schedulers.proxy import ProxyFirst, proxy_plan
from xgrag.explain.schedulers.redundancy import RedundancyResolution
from xgrag.explain.settings import ExplainSettings

# `auto` switches to group testing from this many facts. Measured on the whole MetaQA KB (benchmarks/bench_cost.py,
# results/cost_keywords.json: 150 unbracketed dev questions, extractive reader, group_verify=5): on subgraphs of 30+
# facts group testing used 10.6% of leave-one-out's generator calls with top-3 agreement 73/74; below 30 facts it
# saves little (6.6 vs 6.1 calls under 10 facts, 12.4 vs 16.5 at 10-29), so leave-one-out, the reference, runs there.
AUTO_GROUP_FACTS = 30


def resolve_scheduler(settings: ExplainSettings, facts: int) -> str:
    """The scheduler that runs: `settings.scheduler`, or for "auto" the one chosen by the subgraph's size."""
    if settings.scheduler != "auto":
        return settings.scheduler
    return "group" if facts >= AUTO_GROUP_FACTS else "exhaustive"


def schedule_for(settings: ExplainSettings, facts: int = 0) -> list[Scheduler]:
    """The primary scheduler the settings name (for "auto": by the subgraph's `facts`), then the refiners."""
    chain: list[Scheduler] = []
    name = resolve_scheduler(settings, facts)
    if name == "group":
        chain.append(GroupTesting(settings.top_k, settings.max_calls, settings.group_verify))
    elif name == "hierarchical":
        chain.append(HierarchicalSearch(settings.top_k, settings.max_calls, settings.group_verify))
    elif name == "proxy":
        chain.append(ProxyFirst(settings.top_k, settings.max_calls, settings.group_verify))
    elif settings.max_calls is not None:
        chain.append(Budgeted(settings.max_calls))
    else:
        chain.append(Exhaustive())
    if settings.resolve_redundancy:
        # group testing asked few components alone: its resolution searches instead of scanning
        chain.append(RedundancyResolution(settings.citation_guided, settings.max_calls,
                                          search="linear" if name == "exhaustive" else "binary"))
    return chain


__all__ = ["AUTO_GROUP_FACTS", "Budgeted", "Exhaustive", "GroupTester", "GroupTesting", "HierarchicalSearch",
           "HierarchicalTester", "ProxyFirst", "RedundancyResolution", "Scheduler", "branch_order", "initial_groups",
           "proxy_plan", "resolve_scheduler", "schedule_for"]
