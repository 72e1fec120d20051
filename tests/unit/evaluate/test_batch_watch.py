"""A lost Neo4j pauses a batch (pure logic: a store that refuses, then answers)."""

from __future__ import annotations

import threading

import pytest

from xgrag.errors import ServiceError
from xgrag.evaluate.batch import BatchQuestion, Neo4jWatch, lost_neo4j
from xgrag.store.neo4j import StoreError

Q = BatchQuestion("q1", "who directed Out to Sea", 1)
LOST = {"status": "failed", "error": "StoreError", "message": "lost the connection to Neo4j at bolt://x"}


class Flaky:
    """Refuses `down` times, then answers."""

    def __init__(self, down: int) -> None:
        self.down, self.calls = down, 0

    def verify(self) -> None:
        self.calls += 1
        if self.calls <= self.down:
            raise StoreError("cannot reach Neo4j")


def test_which_records_lost_neo4j() -> None:
    assert lost_neo4j(LOST) == LOST["message"]
    cut = {"status": "incomplete", "explanation": {"incomplete": {"reason": "neo4j", "message": "gone"}}}
    assert lost_neo4j(cut) == "gone"
    assert lost_neo4j({"status": "incomplete", "explanation": {"incomplete": {"reason": "generator"}}}) is None
    assert lost_neo4j({"status": "failed", "error": "UsageError"}) is None and lost_neo4j({"status": "done"}) is None


def test_a_question_is_retried_once_after_the_server_answers_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Neo4jWatch, "POLL_SECONDS", 0.0)
    store, logs = Flaky(down=3), []
    watch = Neo4jWatch(lambda: store, 60.0, logs.append, threading.Event())
    assert watch.should_retry(Q, LOST) and store.calls == 4 and len(watch.pauses) == 1
    assert not watch.should_retry(Q, LOST)  # once per question
    assert not watch.should_retry(BatchQuestion("q2", "x", 2), {"status": "done"})
    assert "waits up to 60 s" in logs[0] and "answers again" in logs[1]


def test_a_server_that_does_not_come_back_stops_the_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Neo4jWatch, "POLL_SECONDS", 0.0)
    watch = Neo4jWatch(lambda: Flaky(down=10**9), 0.0, lambda s: None, None)
    with pytest.raises(ServiceError, match="did not answer again within 0 s"):
        watch.should_retry(Q, LOST)
    stop = threading.Event()
    stop.set()  # stopping: no waiting, the record is kept as it is
    assert not Neo4jWatch(lambda: Flaky(down=10**9), 60.0, lambda s: None, stop).should_retry(Q, LOST)
