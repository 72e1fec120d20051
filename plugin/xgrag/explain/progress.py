"""What a running explanation reports while it runs: a typed event per step, beside the `(phase, advance, total)`
callback the CLI's progress bar reads (xgrag.explain.run.Progress), which is unchanged.

An `Observer` receives a `ProgressEvent` when the subgraph is retrieved, when the baseline is answered, when the
probes are planned, after every context asked (whatever the scheduler: group tests too), at once when Neo4j is lost
under apply="cypher" (the probes already retrieved are still answered after it) and when scoring starts.
Every figure is read from the run's own state and its oracle's ledger, so it is the cost the Explanation will
report, not a second count.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal

# "database-lost": a re-retrieval failed (apply="cypher"); the probes already retrieved are still being answered
Phase = Literal["retrieved", "baseline", "planned", "probe", "database-lost", "scoring"]


@dataclass(frozen=True)
class ProgressEvent:
    phase: Phase
    entities: int  # in G_dedup
    facts: int
    seeds: int
    scheduler: str | None  # the one that runs (auto resolved), once known
    components: int  # probes the strategies planned (what leave-one-out would ask)
    probes_done: int  # contexts asked after the baseline (single components, groups, redundancy steps)
    # what the scheduler said it will ask (leave-one-out, a budget), None while unknown (adaptive schedulers)
    probes_planned: int | None
    calls: int  # generator calls and scored probes (the oracle's; what --max-calls counts)
    prompt_tokens: int
    completion_tokens: int
    cache_hits: int
    deduplicated: int
    elapsed_seconds: float
    # time left at the rate measured since the first probe: from probes_planned when known (eta_seconds), else an
    # upper bound from the components not yet asked and the call budget (eta_bound_seconds); None before any probe
    eta_seconds: float | None
    eta_bound_seconds: float | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


Observer = Callable[[ProgressEvent], None]


@dataclass
class ProgressClock:
    """When the run started and when its first probe was asked (the rate the time left is measured from)."""

    started: float
    probes_started: float | None = None

    @classmethod
    def now(cls) -> ProgressClock:
        return cls(time.perf_counter())


def time_left(done: int, remaining: int | None, since: float | None) -> float | None:
    """Seconds for `remaining` more probes at the wall-clock rate of the `done` ones asked since `since` (concurrent
    calls included in the rate); None when nothing was measured yet or nothing is known about what remains."""
    if remaining is None or since is None or done <= 0:
        return None
    rate = (time.perf_counter() - since) / done
    return round(max(0, remaining) * rate, 2)
