"""Cancelling a run keeps what was answered; the typed progress events report what the run and its ledger hold."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.cancel import RunCancelled
from xgrag.explain.progress import ProgressEvent
from xgrag.generate.base import Generation
from xgrag.model import Node, Relationship, Subgraph


def graph(n: int = 12) -> Subgraph:
    sub = Subgraph()
    sub.add_node(Node("m", "Movie", "Movie"))
    for i in range(n):
        sub.add_node(Node(f"p{i}", f"Person {i}", "Person"))
        sub.add_relationship(Relationship(f"r{i:02d}", "m", f"p{i}", "directed_by" if i == 0 else f"rel_{i}"))
    sub.seeds = ["m"]
    return sub


class GatedGenerator(RuleGenerator):
    """Answers the first `serve` calls, then blocks (like a stalled server) until `release` is set. A blocking
    generator: the oracle runs it in the explainer's generator pool, and a stopped run abandons the calls in flight
    (their threads finish after `release`, their answers are not counted)."""

    def __init__(self, serve: int) -> None:
        super().__init__()
        self.serve = serve
        self.served = 0
        self.reached = threading.Event()  # set when `serve` calls were answered
        self.blocked = threading.Event()  # set when a call is held at the gate (a probe in flight)
        self.release = threading.Event()
        self.waiting = 0
        self.lock = threading.Lock()

    def generate(self, prompt, system=None, *, question=None, facts=()) -> Generation:
        with self.lock:
            gated = self.served >= self.serve
            if gated:
                self.waiting += 1
                self.blocked.set()
            else:
                self.served += 1
                if self.served == self.serve:
                    self.reached.set()
        if gated:
            self.release.wait(timeout=120)
        return super().generate(prompt, system, question=question, facts=facts)


def test_stop_keeps_the_answered_probes_and_marks_the_run_cancelled() -> None:
    gen = GatedGenerator(serve=2 + 5)  # two baseline answers, then five probes
    explainer = Explainer(FixedRetriever(graph()), gen, HashEmbedder(),
                          ExplainSettings(strategies=("edge",), concurrency=2, resolve_redundancy=False))
    stop = threading.Event()
    events: list[ProgressEvent] = []
    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(explainer.explain, "who directed [Movie]", stop=stop, observer=events.append)
        assert gen.reached.wait(timeout=60)
        # stop only once a probe is held in flight: stopping must abandon it, and without this wait the stop
        # could come before the pool had handed the next probe to the generator (CI on a loaded machine did)
        assert gen.blocked.wait(timeout=60)
        stop.set()
        ex = future.result(timeout=60)
    gen.release.set()
    assert ex.incomplete is not None and ex.incomplete.reason == "cancelled"
    assert ex.incomplete.error == "Cancelled" and ex.incomplete.stage == "exhaustive"
    answered = [c for c in ex.components if c.evaluated == "measured"]
    assert len(answered) == ex.incomplete.answered == 5 and ex.incomplete.planned == 12
    assert {c.evaluated for c in ex.components} == {"measured", "failed"}
    assert ex.answer == "Person 0." and ex.cost.generator_calls == 7 and gen.waiting >= 1
    # the removal of the fact the answer came from was among the first asked (most promising) and is kept
    top = ex.top("edge", 1)[0]
    assert top.id == "r00" and top.answer_changed
    # progress: retrieved, baseline, planned, then one event per probe answered; figures from the ledger
    phases = [e.phase for e in events]
    assert phases[:3] == ["retrieved", "baseline", "planned"] and phases[-1] == "scoring"
    probes = [e for e in events if e.phase == "probe"]
    assert [e.probes_done for e in probes] == [1, 2, 3, 4, 5]
    assert all(e.probes_planned == 12 and e.components == 12 and e.facts == 12 for e in probes)
    # calls are the ledger's at each event (this fake answers every call in flight before the first is scored)
    calls = [e.calls for e in probes]
    assert calls == sorted(calls) and calls[-1] == 7 and probes[-1].scheduler == "exhaustive"
    assert all(e.eta_seconds is not None and e.eta_seconds >= 0 for e in probes)
    assert events[-1].prompt_tokens == sum(len(p.split()) for p in gen.prompts)


def test_stop_before_the_baseline_raises_cancelled() -> None:
    gen = GatedGenerator(serve=0)
    explainer = Explainer(FixedRetriever(graph(3)), gen, HashEmbedder(), ExplainSettings(strategies=("edge",)))
    stop = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        events: list[ProgressEvent] = []
        retrieved = threading.Event()

        def observe(e: ProgressEvent) -> None:
            events.append(e)
            retrieved.set()

        future = pool.submit(explainer.explain, "who directed [Movie]", stop=stop, observer=observe)
        assert retrieved.wait(timeout=60)
        stop.set()
        with pytest.raises(RunCancelled, match="cancelled"):
            future.result(timeout=60)
        gen.release.set()
    assert [e.phase for e in events] == ["retrieved"]


def test_an_unstopped_run_reports_every_probe_and_an_adaptive_scheduler_has_no_fixed_total() -> None:
    events: list[ProgressEvent] = []
    explainer = Explainer(FixedRetriever(graph(40)), RuleGenerator(), HashEmbedder(),
                          ExplainSettings(strategies=("edge",), noise_runs=1))
    ex = explainer.explain("who directed [Movie]", observer=events.append, stop=threading.Event())
    assert ex.incomplete is None
    probes = [e for e in events if e.phase == "probe"]
    # every context asked after the baseline: generated, or answered from the run's memo (the same context twice)
    assert probes and probes[-1].probes_done == len(probes) == ex.cost.generator_calls - 1 + ex.cost.deduplicated
    assert probes[0].scheduler == "proxy" and all(e.probes_planned is None for e in probes[:3])
    assert all(e.eta_bound_seconds is not None for e in probes)
    assert probes[-1].calls == ex.cost.generator_calls
