"""The state of one explanation run, in one place: what was retrieved and merged, the baseline, the probes and
their answers, the oracle (generator + cache + embeddings + cost) and the trace. Schedulers, the redundancy
step, scoring and the texts all read and write this object instead of passing a dozen parameters around.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np

from xgrag.explain.cancel import Stopped
from xgrag.explain.oracle import AnswerOracle
from xgrag.explain.perturbers import Planned
from xgrag.explain.progress import Observer, Phase, ProgressClock, ProgressEvent, time_left
from xgrag.explain.scoring import change_floor, logprob_importance, semantic_shift
from xgrag.explain.settings import ExplainSettings
from xgrag.generate.attention import ContextAttention
from xgrag.generate.base import AnswerScore, Generation
from xgrag.generate.prompt import RenderedContext, fact_line, property_text
from xgrag.model import ContextUnit, Perturbation, Subgraph
from xgrag.model.records import GroupTesting, Incomplete
from xgrag.model.trace import TraceStep
from xgrag.retrieval.dedup import DedupResult
from xgrag.store.neo4j import StoreError

Progress = Callable[[str, int, int | None], None]  # (phase, advance, total)
# A perturbation -> the prompt the generator gets: xgrag's prompt over the perturbed, deduplicated subgraph (in
# memory, or re-retrieved through Cypher), or a stack's own prompt rebuilt without the removed units
ApplyFn = Callable[[Perturbation], RenderedContext]


@dataclass(frozen=True)
class Response:
    """What asking one context gave, under the run's response score (ExplainSettings.response_score): the answer
    generated from it ("shift"), or the log-probability of the baseline answer a0 given it ("logprob": one forward
    pass, nothing generated). `ExplainRun.effect` turns either into an importance."""

    generation: Generation | None = None
    score: AnswerScore | None = None
    cached: bool = False

    def __post_init__(self) -> None:
        if (self.generation is None) == (self.score is None):
            raise ValueError("a Response holds exactly one of a generation and a score")

    @property
    def text(self) -> str | None:
        """The counterfactual answer (None when a0 was scored instead)."""
        return None if self.generation is None else self.generation.text


@dataclass
class Probe:
    """One planned perturbation and what asking it gave. `conditional`: the response when it was removed from
    the reduced, redundancy-free context (see schedulers/redundancy.py)."""

    planned: Planned
    context: RenderedContext | None = None
    response: Response | None = None
    conditional: Response | None = None
    # with `conditional`: the removed parallels this one was necessary without (RedundancyResolution.alternatives)
    alternatives: tuple[str, ...] = ()

    @property
    def answered(self) -> bool:
        return self.response is not None

    @property
    def generation(self) -> Generation | None:
        """The answer generated for this probe alone (None when unasked, or when the run scores a0 instead). Read
        only: schedulers set `response` (ExplainRun.ask does)."""
        return None if self.response is None else self.response.generation

    @property
    def cached(self) -> bool:
        return self.response is not None and self.response.cached

    @property
    def outcome(self) -> Response:
        """The response that scores this probe: the conditional one when redundancy resolution found it necessary."""
        outcome = self.conditional or self.response
        assert outcome is not None
        return outcome


@dataclass
class ExplainRun:
    question: str
    settings: ExplainSettings
    retrieved: Subgraph
    merged: DedupResult
    oracle: AnswerOracle
    apply: ApplyFn
    progress: Progress | None = None
    retrieval_seconds: float = 0.0
    trace: list[TraceStep] = field(default_factory=list)
    baselines: list[Generation] = field(default_factory=list)
    floor: float = 0.0
    probes: list[Probe] = field(default_factory=list)
    skipped: dict[str, list[str]] = field(default_factory=dict)
    group_info: GroupTesting | None = None
    incomplete: Incomplete | None = None
    # response_score "logprob": log P(a0 | G_dedup), the reference every probe's score is a drop from
    baseline_score: AnswerScore | None = None
    # a stack's context units by id (xgrag.explain.stack); empty for xgrag's own graph context
    units: dict[str, ContextUnit] = field(default_factory=dict)
    # set from any thread to stop the run: no new probe is asked (see xgrag.explain.cancel)
    stop: threading.Event | None = None
    # the pool re-retrievals run in (apply="cypher"); None: asyncio's default executor
    database: Executor | None = None
    stage: str = "retrieve"  # where the run is, for an incomplete explanation's `stage`
    # ids of the probes being asked right now (retrieving their context or waiting for their answer), and how many
    # there were when the run was cut short (calls cancelled in flight)
    asking: set[int] = field(default_factory=set)
    cut_in_flight: int | None = None
    # the database failure that ended re-retrievals (apply="cypher"): from then on no re-retrieval is queued, and
    # the probes whose contexts were already retrieved are still answered (they need no database)
    database_lost: StoreError | None = None
    # typed progress (xgrag.explain.progress), beside `progress`
    observer: Observer | None = None
    clock: ProgressClock = field(default_factory=ProgressClock.now)
    asked: int = 0  # contexts asked after the baseline
    planned_total: int | None = None  # what the scheduler said it will ask, when it says
    scheduler_name: str | None = None
    # the order of xgrag's prompt (xgrag.explain.prefix): a rank per entity and fact id (empty: canonical), what it
    # was ("promise", "canonical"; "stack" for a stack's own prompt), and the baseline's rendered context
    order: dict[str, int] = field(default_factory=dict)
    order_name: str = "canonical"
    baseline_context: RenderedContext | None = None
    # the white-box proxy (ExplainSettings.proxy "attention"): its score per component target (the target's
    # attention to the fact while reading a0), read once by `attend`; empty under the embedding proxy
    proxy_scores: dict[str, float] = field(default_factory=dict)
    # the attention pass itself (every aggregation, log P(a0) from it: the baseline's score within float noise)
    attention: ContextAttention | None = None
    # under "shift": the component targets of each group removal a scheduler asked that left a0 where it was (a
    # cleared group, a proxy's sufficiency probe); the binary redundancy resolution does not ask again what one of
    # them already answered (RedundancyResolution._resolve_binary)
    kept_removals: list[frozenset[str]] = field(default_factory=list)

    @property
    def graph(self) -> Subgraph:
        """G_dedup: the context every perturbation is a change of."""
        return self.merged.subgraph

    @property
    def a0(self) -> Generation:
        return self.baselines[0]

    def tick(self, phase: str, advance: int, total: int | None = None) -> None:
        if self.progress is not None:
            self.progress(phase, advance, total)
        if phase == "perturb" and total is not None:
            self.planned_total = total + self.asked  # a later step (a budget after group tests) adds to the count

    def notify(self, phase: Phase) -> None:
        """Send the observer a ProgressEvent built from this run's state and its oracle's ledger."""
        if self.observer is None:
            return
        ledger = self.oracle.ledger
        planned = None if self.planned_total is None else max(self.planned_total, self.asked)
        budget = None if self.settings.max_calls is None else max(0, self.settings.max_calls - self.oracle.calls)
        remaining = len(self.probes) - self.asked if self.probes else None
        if budget is not None:
            remaining = budget if remaining is None else min(remaining, budget)
        since = self.clock.probes_started
        self.observer(ProgressEvent(
            phase=phase, entities=len(self.graph.nodes),
            facts=len(self.graph.relationships) + len(self.graph.properties),
            seeds=len(self.graph.seeds), scheduler=self.scheduler_name, components=len(self.probes),
            probes_done=self.asked, probes_planned=planned, calls=self.oracle.calls,
            prompt_tokens=ledger.usage.prompt_tokens + ledger.scoring.prompt_tokens,
            completion_tokens=ledger.usage.completion_tokens, cache_hits=ledger.cache_hits,
            deduplicated=ledger.deduplicated, elapsed_seconds=round(time.perf_counter() - self.clock.started, 3),
            eta_seconds=time_left(self.asked, None if planned is None else planned - self.asked, since),
            eta_bound_seconds=time_left(self.asked, remaining, since)))

    # -- asking ----------------------------------------------------------------------------------------

    def check_stop(self) -> None:
        """Raise Stopped when the stop was requested: nothing new is asked after that."""
        if self.stop is not None and self.stop.is_set():
            raise Stopped

    def note_cut(self) -> None:
        """The run is being cut short (a failure, a stop): remember how many probes were in flight."""
        if self.cut_in_flight is None:
            self.cut_in_flight = len(self.asking)

    async def context_of(self, perturbation: Perturbation) -> RenderedContext:
        self.check_stop()
        if self.settings.apply == "cypher":
            # re-retrieval is blocking I/O: in the database's own bounded pool, so that queued re-retrievals never
            # hold the threads generator calls need; once the database is lost, a queued one fails at once
            # instead of waiting out the driver's retry budget again
            self._check_database()
            try:
                return await asyncio.get_running_loop().run_in_executor(self.database, self._retrieve, perturbation)
            except StoreError as exc:
                self.lose_database(exc)
                raise
        return self.apply(perturbation)

    def _retrieve(self, perturbation: Perturbation) -> RenderedContext:
        self._check_database()
        return self.apply(perturbation)

    def _check_database(self) -> None:
        lost = self.database_lost
        if lost is not None:
            raise StoreError(f"not re-retrieved: {lost}", hint=lost.hint)

    def lose_database(self, exc: StoreError) -> None:
        """The first failed re-retrieval: no more are queued, and the user hears of it now (the progress callback
        and the observer), not after the probes already retrieved have been answered."""
        if self.database_lost is not None:
            return
        self.database_lost = exc
        retrieved = sum(1 for probe in self.probes if probe.context is not None and probe.response is None)
        self.tick(f"Neo4j lost: answering the {retrieved} probes already retrieved", 0, retrieved)
        self.notify("database-lost")

    async def respond(self, ctx: RenderedContext) -> Response:
        """The one place a context is asked, under the run's response score: generate an answer ("shift") or
        score a0 ("logprob")."""
        self.check_stop()
        if self.clock.probes_started is None:
            self.clock.probes_started = time.perf_counter()
        if self.settings.response_score == "logprob":
            scored = await self.oracle.score(ctx, self.a0.text)
            response = Response(score=scored.score, cached=scored.cached)
        else:
            got = await self.oracle.answer(ctx)
            response = Response(generation=got.generation, cached=got.cached)
        self.asked += 1
        self.notify("probe")
        return response

    async def ask(self, probe: Probe, progress: bool = True) -> Probe:
        """Retrieve the probe's context and ask it, as soon as the context is there (each probe on its own:
        one whose context is ready never waits for the others' retrievals)."""
        self.check_stop()
        self.asking.add(id(probe))
        try:
            probe.context = await self.context_of(probe.planned.perturbation)
            probe.response = await self.respond(probe.context)
        finally:
            self.asking.discard(id(probe))
        if progress:
            self.tick("perturb", 1)
        return probe

    async def ask_all(self, probes: Sequence[Probe]) -> None:
        """Ask concurrently; when one fails (or the stop is requested), the others are cancelled (no calls keep
        running unaccounted for) and the failure propagates (the Explainer keeps what was answered). A lost
        database cancels only the probes still waiting for their context: those already retrieved are answered
        first (their calls are running or queued for the generator, which needs no database)."""
        tasks = [asyncio.ensure_future(self.ask(p)) for p in probes]
        try:
            await asyncio.gather(*tasks)
        except BaseException as exc:
            keep = isinstance(exc, StoreError) and not (self.stop is not None and self.stop.is_set())
            cut = [t for t, p in zip(tasks, probes, strict=True)
                   if not t.done() and not (keep and p.context is not None)]
            if keep:
                if self.cut_in_flight is None:
                    self.cut_in_flight = len(cut)
            else:
                self.note_cut()
            for task in cut:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise

    # -- measuring -------------------------------------------------------------------------------------

    def effect(self, response: Response) -> float:
        """The importance a response gives, under either score: XGRAG's semantic shift of the generated answer,
        or the drop of a0's probability (scoring.logprob_importance). Every scheduler measures through this."""
        if response.score is not None:
            if self.baseline_score is None:
                raise RuntimeError("a scored response needs the run's baseline score log P(a0 | G_dedup)")
            return logprob_importance(self.baseline_score.logprob, response.score.logprob)
        assert response.generation is not None
        return self.shift(response.generation.text)

    @property
    def change_floor(self) -> float:
        """The effect above which a removal counts as moving the answer (scoring.change_floor): the noise floor,
        and under the logprob score at least a drop of `settings.logprob_change` nats."""
        return change_floor(self.settings.response_score, self.floor, self.settings.logprob_change)

    def moved(self, response: Response) -> bool:
        """Did this response move away from a0, beyond the noise floor (under logprob: by the drop that counts)?"""
        return self.effect(response) > self.change_floor

    def moved_from(self, reference: Response | None, response: Response) -> bool:
        """Did `response` move away from a0 compared with the context `reference` answered (None: the full context,
        i.e. `moved`)? A removal from a reduced context is judged against that context: under "logprob" by the drop
        of log P(a0) from the reduced context's own score, not from the full context's, so the small drops of the
        removals already made (each a0 kept) do not add up to a change that no removal made on its own. Under
        "shift" a reduced context the removals kept still answers a0, so it is `moved`."""
        if reference is None or reference.score is None or response.score is None:
            return self.moved(response)
        importance = logprob_importance(reference.score.logprob, response.score.logprob)
        return importance > self.change_floor

    def shift(self, text: str) -> float:
        """XGRAG Imp = 1 - cos(E(a0), E(answer)) for one answer text (the "shift" score; schedulers use `effect`,
        which also handles scored responses)."""
        vec = self.oracle.vectors([self.a0.text, text])
        return float(semantic_shift(vec[self.a0.text], vec[text][None, :])[0])

    def unit_text(self, p: Planned) -> str:
        """A probe's target as text (for relevance ordering): a fact as the prompt renders it, a name, or the text a
        stack's context unit put into the prompt."""
        if p.target in self.units:
            return self.units[p.target].text
        if p.members and p.members[0] in self.units:
            return self.units[p.members[0]].text  # copies of one statement: its first copy's text
        graph = self.graph
        if p.kind == "edge" and p.target in graph.relationships:
            r = graph.relationships[p.target]
            # the relation as the prompt renders it ("written by", not "written_by"): the raw label embeds poorly
            return fact_line(graph, r)
        if p.kind == "node" and p.target in graph.nodes:
            return graph.nodes[p.target].name
        if p.kind == "property" and p.target in graph.properties:
            return property_text(graph, graph.properties[p.target])
        return ""

    def promise(self, planned: Sequence[Planned], question_only: bool = False) -> dict[int, float]:
        """Per component (by id()): the cosine of its text with the question, or the larger of that and its cosine
        with the answer (embeddings only, no generator calls). `question_only`: closeness to the question alone."""
        labels = sorted({self.unit_text(p) for p in planned} | {self.a0.text, self.question})
        vec = self.oracle.vectors(labels)
        q, a = vec[self.question], vec[self.a0.text]
        return {id(p): float(vec[self.unit_text(p)] @ q) if question_only else
                max(float(vec[self.unit_text(p)] @ a), float(vec[self.unit_text(p)] @ q)) for p in planned}

    def by_promise(self, planned: Sequence[Planned], question_only: bool = False) -> list[Planned]:
        """Most promising first (`promise`), ties by strategy and target."""
        promise = self.promise(planned, question_only)
        return sorted(planned, key=lambda p: (-promise[id(p)], p.strategy, p.target))

    async def attend(self) -> dict[str, float]:
        """The target's attention to each fact of the baseline prompt while it reads a0 (ExplainSettings.proxy
        "attention"; AttnTrace's aggregation, xgrag.generate.attention), by fact id; read once per run (one pass
        over a0's tokens against the prompt's cached prefix, counted as a target call)."""
        if self.proxy_scores or self.settings.proxy != "attention":
            return self.proxy_scores
        if self.baseline_context is None:
            raise RuntimeError("the attention proxy reads the baseline prompt: ask the baseline first")
        self.attention = await self.oracle.attention(self.baseline_context, self.a0.text)
        self.proxy_scores = dict(self.attention.spans["attntrace"])
        return self.proxy_scores

    def by_proxy(self, planned: Sequence[Planned], question_only: bool = False) -> list[Planned]:
        """Most promising first under the run's proxy: the attention proxy's scores when it was read (`attend`),
        ties and unscored components after in the embedding proxy's order; else `by_promise`."""
        if not self.proxy_scores:
            return self.by_promise(planned, question_only)
        embedding = {id(p): i for i, p in enumerate(self.by_promise(planned, question_only))}
        return sorted(planned, key=lambda p: (-self.proxy_scores.get(p.target, float("-inf")), embedding[id(p)]))

    def vectors(self) -> dict[str, np.ndarray]:
        texts = [g.text for g in self.baselines]
        for p in self.probes:
            if p.answered or p.conditional is not None:
                text = p.outcome.text
                if text is not None:
                    texts.append(text)
        return self.oracle.vectors(texts)
