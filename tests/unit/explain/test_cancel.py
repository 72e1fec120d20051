"""Stopping a run keeps its work: no call after the stop, the answered probes in a partial explanation, a re-run
that asks only what is missing (the response cache on disk), and pools that keep a stuck database from starving
the generator. Pure logic with the unit fakes; the same paths against the real Neo4j and CLI are in
tests/integration/test_failures_in_process.py and tests/e2e/test_failures.py."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from test_explain_logic import movie_graph

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.cancel import DATABASE_WORKERS, RunCancelled, StopRequest
from xgrag.explain.explainer import until_stopped
from xgrag.explain.texts import incomplete_summary
from xgrag.generate.base import Fact, Generation
from xgrag.generate.cache import ResponseCache
from xgrag.model import Perturbation

SETTINGS = ExplainSettings(strategies=("edge", "node"), noise_runs=1, concurrency=1, scheduler="exhaustive",
                           resolve_redundancy=False)  # 4 edges + 5 nodes = 9 probes, one call at a time


class StopsAt(RuleGenerator):
    """Answers like RuleGenerator; its `at`-th call requests the stop (as a user pressing Ctrl-C then would)."""

    def __init__(self, stop: threading.Event, at: int) -> None:
        super().__init__()
        self.stop, self.at = stop, at

    def generate(self, prompt, system=None, *, question=None, facts: tuple[Fact, ...] = ()) -> Generation:
        got = super().generate(prompt, system, question=question, facts=facts)
        if self.calls == self.at:
            self.stop.request("SIGINT") if isinstance(self.stop, StopRequest) else self.stop.set()
        return got


def test_a_stop_keeps_the_answered_probes_and_asks_nothing_more() -> None:
    stop = StopRequest()
    gen = StopsAt(stop, at=4)  # the baseline and three probes
    explainer = Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), SETTINGS)
    ex = explainer.explain("who directed Out to Sea", stop=stop)
    assert gen.calls == 4  # nothing was asked after the stop
    inc = ex.incomplete
    assert inc is not None and inc.reason == "cancelled" and "SIGINT" in inc.message
    assert (inc.answered, inc.planned, inc.missing) == (3, 9, 6) and inc.stage == "exhaustive"
    evaluated = [c.evaluated for c in ex.components]
    assert evaluated.count("measured") == 3 and evaluated.count("failed") == 6
    assert ex.cost.perturbations == 3 and ex.cost.generator_calls == 4
    assert incomplete_summary(inc).startswith("the run was cancelled while removing each part of the context in turn "
                                              "(SIGINT): 3 of 9 probes")
    assert "6 of 9 components were not evaluated: their answers had not come back" in ex.technical_explanation
    assert ex.trace[-1].step == "cancelled"
    ex.model_validate(ex.to_json())  # an ordinary Explanation: serialises and reads back


def test_a_plain_event_reads_as_cancelled_too() -> None:
    stop = threading.Event()
    ex = Explainer(FixedRetriever(movie_graph()), StopsAt(stop, at=2), HashEmbedder(), SETTINGS).explain(
        "who directed Out to Sea", stop=stop)
    assert ex.incomplete is not None and ex.incomplete.reason == "cancelled" and ex.incomplete.answered == 1


def test_a_rerun_with_the_same_settings_makes_only_the_missing_calls(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "cache.sqlite")
    stop = StopRequest()
    first = Explainer(FixedRetriever(movie_graph()), StopsAt(stop, at=4), HashEmbedder(), SETTINGS, cache).explain(
        "who directed Out to Sea", stop=stop)
    assert first.incomplete is not None and first.incomplete.answered == 3
    again = RuleGenerator()
    second = Explainer(FixedRetriever(movie_graph()), again, HashEmbedder(), SETTINGS,
                       ResponseCache(tmp_path / "cache.sqlite")).explain("who directed Out to Sea")
    assert second.incomplete is None
    assert again.calls == first.incomplete.missing == 6  # the baseline and 3 answered probes: from the cache
    assert second.cost.cache_hits == 4 and second.cost.generator_calls == 6
    kept = {(c.strategy, c.id): c.importance for c in first.components if c.evaluated == "measured"}
    assert kept == {(c.strategy, c.id): c.importance for c in second.components if (c.strategy, c.id) in kept}


def test_stopped_before_the_baseline_there_is_nothing_to_keep() -> None:
    stop = StopRequest()
    stop.request("SIGTERM")
    gen = RuleGenerator()
    with pytest.raises(RunCancelled, match="SIGTERM"):
        Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), SETTINGS).explain("who directed Out to Sea",
                                                                                          stop=stop)
    assert gen.calls == 0


class StuckDatabase(FixedRetriever):
    """Re-retrievals after the first `ok` hang (a server that stopped answering) until `release` is set."""

    def __init__(self, ok: int) -> None:
        super().__init__(movie_graph())
        self.ok, self.release, self.calls, self.lock = ok, threading.Event(), 0, threading.Lock()

    def retrieve(self, question, mode="khop", hops=None, perturbation: Perturbation | None = None, seeds=None):
        with self.lock:
            self.calls += 1
            n = self.calls
        if n > self.ok + 1 and not self.release.wait(timeout=120):  # +1: the unperturbed retrieval
            raise RuntimeError("the test never released the stuck retrievals")
        return super().retrieve(question, mode, hops, perturbation, seeds)


def test_retrievals_stuck_on_the_database_do_not_starve_the_generator() -> None:
    """7 of 9 re-retrievals hang (more than asyncio's default executor has threads on 2 cores: 6); the two whose
    contexts came back are answered anyway, and the stop returns them while the others still hang."""
    retriever = StuckDatabase(ok=2)
    stop = StopRequest()
    answered: list[int] = []

    def progress(phase: str, advance: int, total: int | None) -> None:
        if phase == "perturb" and advance:
            answered.append(advance)
            if len(answered) == 2:
                stop.request("test")

    explainer = Explainer(retriever, RuleGenerator(), HashEmbedder(),
                          ExplainSettings(strategies=("edge", "node"), noise_runs=1, apply="cypher",
                                          scheduler="exhaustive", resolve_redundancy=False))
    try:
        ex = explainer.explain("who directed Out to Sea", progress=progress, stop=stop)
    finally:
        retriever.release.set()
        explainer.close()
    assert ex.incomplete is not None and ex.incomplete.answered == 2
    # the stuck ones were in flight, never more than the database pool's width at once
    assert ex.incomplete.cancelled_in_flight == 7 and retriever.calls <= 1 + 2 + DATABASE_WORKERS


def test_until_stopped_cancels_its_work_when_its_caller_is_cancelled() -> None:
    async def main() -> bool:
        started, cancelled = asyncio.Event(), asyncio.Event()

        async def work() -> None:
            started.set()
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                cancelled.set()
                raise

        outer = asyncio.ensure_future(until_stopped(work(), threading.Event()))
        await started.wait()
        outer.cancel()
        with pytest.raises(asyncio.CancelledError):
            await outer
        return cancelled.is_set()

    assert asyncio.run(main())
