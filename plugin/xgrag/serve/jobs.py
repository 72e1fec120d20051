"""Explanation jobs: each runs `Explainer.explain` in a worker thread with a stop event and an observer; its events
(queued, progress, done, error) are kept in order and pushed to every subscriber's asyncio queue on the server's
event loop, so a page that connects late (or reconnects) gets the whole story from the start."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

# unlinked: the run finished, but the question's names matched no entity in the graph (the explanation says so and
# measured nothing): a state of its own, never "done", as `xgrag explain` exits 5 for it
Status = Literal["queued", "running", "done", "cancelled", "incomplete", "unlinked", "failed"]
FINAL: tuple[Status, ...] = ("done", "cancelled", "incomplete", "unlinked", "failed")


@dataclass
class Job:
    question: str
    options: dict[str, Any]
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: float = field(default_factory=time.time)
    status: Status = "queued"
    stop: threading.Event = field(default_factory=threading.Event)
    explanation_id: str | None = None
    error: dict[str, Any] | None = None
    # status "unlinked": {"unmatched": the question's names as typed, "not_in_graph": what matched nothing, as said}
    unlinked: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _subscribers: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue[dict[str, Any]]]] = field(
        default_factory=list, repr=False)

    def publish(self, event: dict[str, Any]) -> None:
        """Record an event (numbered) and hand it to every subscriber's loop; callable from any thread."""
        with self._lock:
            event = {"seq": len(self.events), "job": self.id, **event}
            self.events.append(event)
            subscribers = list(self._subscribers)
        for loop, queue in subscribers:
            loop.call_soon_threadsafe(queue.put_nowait, event)

    def subscribe(self, after: int = -1) -> tuple[list[dict[str, Any]], asyncio.Queue[dict[str, Any]]]:
        """The events after `after` so far and a queue for the next ones (call on the event loop)."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        with self._lock:
            past = [e for e in self.events if e["seq"] > after]
            self._subscribers.append((asyncio.get_running_loop(), queue))
        return past, queue

    def unsubscribe(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        with self._lock:
            self._subscribers = [(lp, q) for lp, q in self._subscribers if q is not queue]

    @property
    def finished(self) -> bool:
        return self.status in FINAL

    def summary(self) -> dict[str, Any]:
        last = next((e for e in reversed(self.events) if e.get("type") == "progress"), None)
        return {"id": self.id, "question": self.question, "options": self.options, "status": self.status,
                "explanation_id": self.explanation_id, "error": self.error, "unlinked": self.unlinked,
                "progress": last,
                "events": len(self.events)}


class JobTable:
    """The jobs of this server, newest last; finished ones beyond `keep` are forgotten (their explanations stay
    with the workbench until it evicts them)."""

    def __init__(self, keep: int = 200) -> None:
        self.keep = keep
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def add(self, job: Job) -> Job:
        with self._lock:
            self._jobs[job.id] = job
            finished = [j for j in self._jobs.values() if j.finished]
            for old in finished[: max(0, len(self._jobs) - self.keep)]:
                del self._jobs[old.id]
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def running(self) -> list[Job]:
        with self._lock:
            return [j for j in self._jobs.values() if not j.finished]


Runner = Callable[[Job], None]
