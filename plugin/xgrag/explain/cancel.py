"""Stopping a run and keeping its work: the request to stop, the pools that bound each resource, and the error
for a run stopped before it had anything to keep.

`Explainer.aexplain(..., stop=event)` watches a `threading.Event` (set from any thread: a signal handler, a web
request's cancel button). Once it is set, no new probe is asked, the calls in flight are cancelled (their answers,
if any arrive, are not counted), and the explanation is finished from what was answered, marked incomplete.
A `StopRequest` is such an event that also says why (e.g. "SIGINT"); a plain `threading.Event` reads as
"cancelled".

Pools: re-retrievals (`apply="cypher"`) and blocking generator calls run in two bounded thread pools of their own,
never in asyncio's shared default executor, where a dead database's retrievals queued ahead of every generator
call and nothing was answered until all of them had failed.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from xgrag.errors import XgragError


class StopRequest(threading.Event):
    """A stop event that remembers the first reason it was set with (later ones do not overwrite it)."""

    def __init__(self) -> None:
        super().__init__()
        self.detail: str | None = None

    def request(self, detail: str) -> None:
        if not self.is_set():
            self.detail = detail
        self.set()


def stop_detail(stop: threading.Event | None) -> str | None:
    """Why `stop` was set, when it says (a StopRequest), else None."""
    return getattr(stop, "detail", None)


class RunCancelled(XgragError):
    """The run was stopped before its baseline answer existed: there is no explanation to keep. Exit 130."""

    exit_code = 130


class Stopped(Exception):  # noqa: N818 - a signal between the run and its schedulers, not an error
    """Raised inside a run when a probe is about to be asked after the stop was requested."""


# Re-retrievals in flight at once. The database is one server on this machine (2 cores here): more parallel
# re-retrievals only queue inside Neo4j; the pool's bound is what keeps them from occupying every thread.
DATABASE_WORKERS = 4
# Blocking generator calls (the extractive and M-GNAN readers, SmolLM2). The run's `concurrency` semaphore is
# the effective bound; the pool only has to be at least that large (threads are created as needed).
GENERATOR_WORKERS = 32


class Pools:
    """One bounded thread pool per resource an explanation waits on, shared by the runs of one Explainer."""

    def __init__(self, database: int = DATABASE_WORKERS, generator: int = GENERATOR_WORKERS) -> None:
        self.database = ThreadPoolExecutor(max(1, database), thread_name_prefix="xgrag-neo4j")
        self.generator = ThreadPoolExecutor(max(1, generator), thread_name_prefix="xgrag-generator")

    def close(self) -> None:
        """Drop queued work; calls already running finish in their threads (bounded by the driver's retry budget
        and the generator's timeout) and their results are discarded."""
        for pool in (self.database, self.generator):
            pool.shutdown(wait=False, cancel_futures=True)
