"""Schedulers: which probes to ask. `schedule_for(settings)` is the one place that turns settings into a chain."""

from __future__ import annotations

from xgrag.explain.schedulers.base import Scheduler
from xgrag.explain.schedulers.exhaustive import Budgeted, Exhaustive
from xgrag.explain.schedulers.group import GroupTester, GroupTesting, branch_order, initial_groups
from xgrag.explain.schedulers.hierarchical import HierarchicalSearch, HierarchicalTester
from xgrag.explain.schedulers.proxy import ProxyFirst, proxy_plan
from xgrag.explain.schedulers.redundancy import RedundancyResolution
from xgrag.explain.settings import ExplainSettings

# `auto` leaves leave-one-out from this many facts. Measured on the whole MetaQA KB (benchmarks/bench_cost.py,
# results/cost_keywords.json: 150 unbracketed dev questions, extractive reader, group_verify=5): on subgraphs of 30+
# facts group testing used 10.6% of leave-one-out's generator calls with top-3 agreement 73/74; below 30 facts it
# saves little (6.6 vs 6.1 calls under 10 facts, 12.4 vs 16.5 at 10-29), so leave-one-out, the reference, runs there.
AUTO_GROUP_FACTS = 30


def resolve_scheduler(settings: ExplainSettings, facts: int, stack: bool = False) -> str:
    """The scheduler that runs: `settings.scheduler`, or for "auto" the one chosen by the context's size: from
    AUTO_GROUP_FACTS units up, the proxy-first plan on xgrag's graph context (benchmarks/bench_answer_cost.py,
    results/answer_cost.json: on 30+ facts 9.3 target calls per explanation against group testing's 22.9, top-3
    agreement with leave-one-out 31/34 against 30/34); below it leave-one-out. On a stack's context (`stack`: items
    and spans) the proxy-first plan at every size, its proxy reading the units' texts (stack_proxy.py;
    benchmarks/bench_stacks.py, README bench_stacks: fewer LLM calls per explanation on every stack, the decisive
    unit still ranked first)."""
    if settings.scheduler != "auto":
        return settings.scheduler
    if stack:
        return "proxy"
    if facts < AUTO_GROUP_FACTS:
        return "exhaustive"
    return "proxy"


def schedule_for(settings: ExplainSettings, facts: int = 0, stack: bool = False) -> list[Scheduler]:
    """The primary scheduler the settings name (for "auto": by the context's size, `facts`, and whether it is a
    stack's), then the refiners."""
    chain: list[Scheduler] = []
    name = resolve_scheduler(settings, facts, stack)
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
