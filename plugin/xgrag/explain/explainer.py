"""The Explainer: retrieve -> dedup -> baseline answer -> schedule probes -> score -> texts.

A perturbation is data (exclusion ids / renames). `apply="memory"` applies it to the deduplicated subgraph
(XGRAG's set difference, G' = G_dedup \\ {p}); `apply="cypher"` re-runs the same Cypher retrieval with
`$excluded_*` (KGRAG-Ex's re-retrieval). Neither writes to the graph. Which probes are asked is the schedulers'
business (xgrag.explain.schedulers); every answer and embedding goes through the run's AnswerOracle.
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
import uuid
from collections.abc import Awaitable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from xgrag import __version__
from xgrag.embed import Embedder
from xgrag.errors import ServiceError, UsageError
from xgrag.explain.bridges import bridge_report
from xgrag.explain.cancel import Pools, RunCancelled, Stopped, stop_detail
from xgrag.explain.chunk_text import attach_chunk_text, attach_span_text
from xgrag.explain.components import build_components, copy_records, generator_evidence, sources
from xgrag.explain.oracle import AnswerOracle, is_language_model
from xgrag.explain.perturbers import REGISTRY, AppliesTo, PlanOptions, SynonymFn, plan, strategy_names
from xgrag.explain.prefix import context_rank, prefix_share, serves_prefix_cache
from xgrag.explain.progress import Observer, ProgressClock
from xgrag.explain.run import ExplainRun, Probe, Progress
from xgrag.explain.schedulers import resolve_scheduler, schedule_for
from xgrag.explain.scoring import logprob_floor, noise_floor
from xgrag.explain.settings import ExplainSettings, cannot_attend, cannot_score
from xgrag.explain.stack import stack_settings
from xgrag.explain.stack.call import StackCall
from xgrag.explain.stack.reproduction import OnMismatch, check_observed, check_reproduction, mismatch
from xgrag.explain.surrogate import mask_surrogate_summary
from xgrag.explain.texts import texts_for
from xgrag.generate.base import AnswerScorer, GenerationError, Generator
from xgrag.generate.cache import ResponseCache
from xgrag.generate.prompt import PROMPT_VERSION, RenderedContext, render
from xgrag.loops import run_blocking
from xgrag.model import Component, Cost, Explanation, Perturbation, Subgraph
from xgrag.model.explanation import PrefixShare
from xgrag.model.records import DedupRecord, Incomplete, StackRecord, SubgraphRecord, UnitRecord, json_object
from xgrag.model.trace import (
    ChunkTextStep,
    ContextStep,
    DedupStep,
    IncompleteStep,
    NoiseFloorStep,
    ObservedAnswerStep,
    ReproduceStep,
    RetrieveStep,
    ScheduleStep,
)
from xgrag.retrieval import Retriever, apply_in_memory
from xgrag.retrieval.dedup import DedupResult, dedup, identity
from xgrag.retrieval.question import check_question
from xgrag.store.neo4j import StoreError

if TYPE_CHECKING:
    from xgrag.config import Settings
    from xgrag.store.neo4j import Neo4jStore


def require_strategies(settings: ExplainSettings, applies_to: AppliesTo) -> None:
    """Graph strategies perturb xgrag's retrieved subgraph, stack strategies a stack's context units: a run takes
    only its own kind (never a silent empty plan)."""
    wrong = [s for s in settings.strategies if REGISTRY[s].applies_to != applies_to]
    if wrong:
        what = "xgrag's graph context" if applies_to == "graph" else "a stack's context"
        raise UsageError(f"strategies {', '.join(wrong)} do not apply to {what}",
                         hint=f"use {', '.join(strategy_names(applies_to))}")


def require_scorer(generator: Generator, settings: ExplainSettings) -> None:
    """response_score "logprob" needs a generator that scores a fixed answer, proxy "attention" one that exposes its
    attention; say so, never fall back silently."""
    if settings.response_score == "logprob" and not isinstance(generator, AnswerScorer):
        raise cannot_score(generator.name)
    # the attention proxy reads the target's own attention: only a generator that exposes it (never a silent
    # fallback to the embedding proxy, whose figures differ)
    if settings.proxy == "attention" and not getattr(generator, "attends_to_context", False):
        raise cannot_attend(generator.name)


_T = TypeVar("_T")
# How often a run looks at its stop event while it waits (a threading.Event cannot wake an event loop itself).
STOP_POLL_SECONDS = 0.05


async def until_stopped(work: Awaitable[_T], stop: threading.Event | None,
                        on_stop: Any = None) -> tuple[bool, _T | None]:
    """Await `work`; when `stop` is set first, cancel it (after `on_stop()`) and return (True, None). A failure of
    `work` propagates; a cancellation of the caller cancels `work` too."""
    task = asyncio.ensure_future(work)
    try:
        while not task.done():
            if stop is not None and stop.is_set():
                if on_stop is not None:
                    on_stop()
                task.cancel()
                try:
                    await task
                except asyncio.CancelledError:
                    current = asyncio.current_task()
                    if current is not None and current.cancelling():
                        raise  # the caller itself is being cancelled: not ours to swallow
                except Stopped:
                    pass
                else:
                    return False, task.result()  # it finished before the cancellation reached it
                return True, None
            await asyncio.wait({task}, timeout=STOP_POLL_SECONDS if stop is not None else None)
    finally:
        if not task.done():
            task.cancel()
    return False, task.result()


def failure_reason(exc: BaseException) -> str:
    """What failed, in one word an incomplete explanation's `reason` carries: neo4j, generator or service."""
    if isinstance(exc, StoreError):
        return "neo4j"
    if isinstance(exc, GenerationError):
        return "generator"
    return "service"


class Explainer:
    """Explains the answer a generator gives from a question's subgraph."""

    def __init__(self, retriever: Retriever | None, generator: Generator, embedder: Embedder,
                 settings: ExplainSettings | None = None, cache: ResponseCache | None = None) -> None:
        self.retriever = retriever
        self.generator = generator
        self.embedder = embedder
        self.settings = settings or ExplainSettings()
        self.cache = cache
        self._versions: dict[str, str | None] | None = None
        self._pools: Pools | None = None

    @property
    def pools(self) -> Pools:
        """The bounded thread pools (database, generator) this explainer's runs share (xgrag.explain.cancel)."""
        if self._pools is None:
            self._pools = Pools()
        return self._pools

    def close(self) -> None:
        """Release the pools' threads (queued work is dropped). The explainer can still be used: new pools are
        made on demand."""
        if self._pools is not None:
            self._pools.close()
            self._pools = None

    @classmethod
    def from_settings(cls, settings: Settings, store: Neo4jStore, *, generator: Generator,
                      embedder: Embedder | None = None, explain: ExplainSettings | None = None,
                      cache: ResponseCache | None = None) -> Explainer:
        """The one way xgrag's entry points (CLI, eval, integrations, benchmarks) build an Explainer: retrieval
        settings from `settings`, the default embedder unless one is given, theta_sim from the settings unless
        `explain` sets its own."""
        from xgrag.embed import default_embedder

        emb = embedder or default_embedder()
        cfg = explain or ExplainSettings().with_settings(settings)
        return cls(Retriever(store, settings.retrieval, emb), generator, emb, cfg, cache)

    def graph_retriever(self) -> Retriever:
        """The retriever over xgrag's graph (an explainer built for a stack's context has none)."""
        if self.retriever is None:
            raise UsageError("this explainer has no graph retriever: it was built to explain a stack's context")
        return self.retriever

    # -- public API ------------------------------------------------------------------------------

    def explain(self, question: str, *, settings: ExplainSettings | None = None, subgraph: Subgraph | None = None,
                answer: str | None = None, progress: Progress | None = None,
                stop: threading.Event | None = None, observer: Observer | None = None) -> Explanation:
        """Blocking `aexplain`: on the thread's own event loop when it has one, left open and current (xgrag.loops:
        the user's libraries keep their loop and clients there); inside a running loop, await `aexplain`."""
        return run_blocking(self.aexplain(question, settings=settings, subgraph=subgraph, answer=answer,
                                          progress=progress, stop=stop, observer=observer),
                            async_form="Explainer.aexplain")

    async def aexplain(self, question: str, *, settings: ExplainSettings | None = None,
                       subgraph: Subgraph | None = None, answer: str | None = None,
                       progress: Progress | None = None, stop: threading.Event | None = None,
                       observer: Observer | None = None) -> Explanation:
        """Explain the answer to `question` (with `settings`, default: the explainer's own).

        `subgraph`: explain over this context (e.g. what a LangChain run retrieved) instead of retrieving; it
        is perturbed in memory only (`apply="cypher"` would re-run xgrag's retrieval, which did not produce it).
        `answer`: the answer actually observed (e.g. a chain's output). Importances are still measured against
        the explainer's own baseline `a0` (same generator and prompt as every counterfactual, as XGRAG defines
        them); the observed answer and its similarity to `a0` are recorded, so a reader can see whether the
        explanation transfers to it.

        `stop`: set it (from any thread) to stop the run and keep its work: no new probe is asked, the calls in
        flight are cancelled, and the explanation is finished from what was answered, with `incomplete =
        {"reason": "cancelled", ...}` (xgrag.explain.cancel). A failure of the generator, or of Neo4j under
        apply="cypher", part-way takes the same path (reason "generator" / "neo4j"). Stopped before the
        baseline answer existed, there is nothing to keep: RunCancelled.
        `observer`: receives a typed ProgressEvent per step (xgrag.explain.progress): probes done / planned, calls,
        tokens, time left.
        """
        cfg = settings or self.settings
        require_scorer(self.generator, cfg)
        require_strategies(cfg, "graph")
        question = check_question(question)
        t_start = time.perf_counter()
        pools = self.pools
        # retrieval, dedup and the server's versions are blocking: in the database pool, so a stop is heard
        stopped, started = await until_stopped(asyncio.get_running_loop().run_in_executor(
            pools.database, self._start, question, cfg, subgraph, progress, pools.generator), stop)
        if stopped or started is None:
            raise RunCancelled(f"cancelled{self._why(stop)} while retrieving the question's subgraph: nothing was "
                               "asked yet, so there is nothing to keep")
        run = started
        run.stop, run.database, run.oracle.stop = stop, pools.database, stop
        run.observer, run.clock = observer, ProgressClock(t_start)
        run.notify("retrieved")
        return await self._complete(run, t_start, answer)

    async def aexplain_stack(self, call: StackCall, *, settings: ExplainSettings | None = None,
                             progress: Progress | None = None, on_mismatch: OnMismatch = "warn") -> Explanation:
        """Explain the answer a user's stack gave (`call`: its context units, its own prompt, its own LLM replayed as
        the generator): every probe rebuilds the stack's prompt without some units and asks the stack's LLM. The
        baseline replays the unperturbed call; whether it reproduced the stack's answer is in
        `Explanation.reproduction`. When it did not, `on_mismatch="warn"` explains the replayed answer with a
        NotReproducedWarning and says so in the texts; `"error"` raises NotReproducedError (CLI exit 4) before any
        probe is asked. Use `xgrag.explain.explainer.aexplain_stack`, which builds the Explainer around the call."""
        cfg = settings or self.settings
        if call.generator is not self.generator:
            raise UsageError("aexplain_stack: the explainer's generator must be the call's (its replayed LLM); "
                             "build the explainer with xgrag.explain.explainer.aexplain_stack")
        require_scorer(self.generator, cfg)
        require_strategies(cfg, "stack")
        if cfg.apply != "memory":
            raise UsageError("a stack's context is rebuilt in memory from its own units: use apply='memory'")
        question = check_question(call.question)
        t_start = time.perf_counter()
        pools = self.pools
        run = self._start_stack(question, cfg, call, progress, pools.generator)
        run.database = pools.database
        run.clock = ProgressClock(t_start)
        run.notify("retrieved")
        return await self._complete(run, t_start, call.observed_answer, call=call, on_mismatch=on_mismatch)

    async def _complete(self, run: ExplainRun, t_start: float, answer: str | None, *, call: StackCall | None = None,
                        on_mismatch: OnMismatch = "warn") -> Explanation:
        """Baseline, noise floor, probes, scores and texts of a started run (xgrag's graph context or a stack's)."""
        cfg = run.settings
        # Baseline a0, generated noise_runs times (repeats bypass the cache and the dedup on purpose).
        run.stage = "baseline"
        stop = run.stop
        try:
            stopped, _ = await until_stopped(self._baseline(run, call), stop)
        except Stopped:
            stopped = True
        if stopped:
            raise RunCancelled(f"cancelled{self._why(stop)} before the baseline answer: nothing to keep (answers "
                               "already generated are in the response cache)")
        reproduction = None
        if call is not None:
            reproduction = check_reproduction(call.observed_answer, run.baselines, run.oracle.vectors,
                                              rerun=call.rerun_answer)
            run.trace.append(ReproduceStep(**reproduction.model_dump()))
            if not reproduction.reproduced:
                mismatch(reproduction, on_mismatch)
        run.tick("baseline", len(run.baselines))
        run.notify("baseline")

        options = PlanOptions(self._synonym_fn(run.oracle, cfg.max_calls) if cfg.generator_synonyms and
                              is_language_model(self.generator) and call is None else None, masks=cfg.masks,
                              keep_probability=cfg.keep_probability, seed=cfg.seed,
                              units=tuple(run.units.values()))
        run.stage = "plan"
        planned, run.skipped = plan(run.graph, cfg.strategies, options)
        run.probes = [Probe(p) for p in planned]
        run.scheduler_name = resolve_scheduler(
            cfg, len(run.units) if run.units else len(run.graph.relationships) + len(run.graph.properties),
            stack=bool(run.units))
        run.notify("planned")
        await self._schedule(run)
        run.notify("scoring")

        vectors = run.vectors()
        observed = None if answer is None else round(float(run.oracle.vector(answer) @ vectors[run.a0.text]), 6)
        if observed is not None and call is None:
            run.trace.append(ObservedAnswerStep(
                similarity_to_a0=observed, note="importances are measured against a0, the explainer's own answer "
                "from the same context; the similarity says how far that reproduces the observed answer"))
        components = build_components(run)
        # provenance with text: one read for the whole explanation, after the probes (a stack's spans: its own text)
        t_text = time.perf_counter()
        step: ChunkTextStep | None = None
        if call is not None:
            step = attach_span_text(components, run.units, cfg.provenance_text_chars)
        elif run.database_lost is not None:  # reading the chunks would wait out the retry budget, then fail
            step = ChunkTextStep(skipped=f"Neo4j was lost during the run: {run.database_lost}")
        elif getattr(self.retriever, "store", None) is not None:  # a retriever over a graph (not a test double)
            assert self.retriever is not None
            step = attach_chunk_text(components, run.merged, self.retriever.store, cfg.provenance_text_chars)
        if step is not None:
            run.trace.append(step.model_copy(update={"seconds": round(time.perf_counter() - t_text, 4)}))
        ex = self._explanation(run, components, answer, observed)
        if call is None:
            ex.surrogate = mask_surrogate_summary(run, vectors)
            ex.bridges = bridge_report(components, run.graph, run.floor)
        else:
            ex.stack = StackRecord.model_validate(call.describe())
            ex.units = [UnitRecord.model_validate(u.to_json()) for u in call.context.units]
            ex.copies = copy_records(run, components)
            ex.reproduction = reproduction
            ex.prompt_version = call.prompt_name or ex.prompt_version
        ex.user_explanation, ex.technical_explanation = texts_for(ex)
        if reproduction is not None:
            ex.technical_explanation = reproduction.note + " " + ex.technical_explanation
        elif observed is not None:
            ex.technical_explanation += (
                f" The observed answer has similarity {observed:.2f} to the explainer's own answer from "
                "the same context, against which the importances were measured.")
        ex.cost.seconds = round(time.perf_counter() - t_start, 4)
        return ex

    def prepare(self, question: str, settings: ExplainSettings | None = None) -> ExplainRun:
        """The run state `explain` starts from (retrieval and alias merge, G_dedup), without asking anything:
        what a what-if (xgrag.explain.whatif) asks its counterfactuals through."""
        return self._start(check_question(question), settings or self.settings, None, None)

    # -- steps -------------------------------------------------------------------------------------

    @staticmethod
    def _why(stop: threading.Event | None) -> str:
        detail = stop_detail(stop)
        return f" ({detail})" if detail else ""

    async def _baseline(self, run: ExplainRun, call: StackCall | None = None) -> None:
        cfg = run.settings
        ctx0 = render(run.question, run.graph, order=run.order) if call is None else call.render(frozenset())
        run.baseline_context = ctx0
        answers = await asyncio.gather(*[run.oracle.answer(ctx0, repeat=i) for i in range(cfg.noise_runs)])
        run.baselines = [a.generation for a in answers]
        run.floor = noise_floor(np.stack([run.oracle.vector(g.text) for g in run.baselines]))
        if cfg.response_score == "logprob":
            # the reference of every probe: log P(a0 | G_dedup), scored noise_runs times (repeats bypass the
            # cache); the floor is then the spread of those scores, in the logprob importance's units
            scores = await asyncio.gather(*[run.oracle.score(ctx0, run.a0.text, repeat=i)
                                            for i in range(cfg.noise_runs)])
            run.baseline_score = scores[0].score
            run.trace.append(NoiseFloorStep(semantic_shift=round(run.floor, 6),
                                            baseline_logprobs=[round(s.score.logprob, 6) for s in scores]))
            run.floor = logprob_floor([s.score.logprob for s in scores])

    async def _schedule(self, run: ExplainRun) -> None:
        """Run the scheduler chain. A stop, or a failure of the generator (or of Neo4j under apply="cypher")
        part-way, keeps what was answered: the explanation is finished from it and marked incomplete, never
        thrown away."""
        run.stage = "schedule"

        async def chain() -> None:
            # auto chooses by the number of units leave-one-out would ask: the facts of xgrag's context (relationships
            # and property facts), or a stack's context units (items and spans)
            size = len(run.units) if run.units else len(run.graph.relationships) + len(run.graph.properties)
            run.trace.append(ScheduleStep(requested=run.settings.scheduler, units=size if run.units else None,
                                          facts=None if run.units else size,
                                          scheduler=resolve_scheduler(run.settings, size, bool(run.units))))
            for scheduler in schedule_for(run.settings, size, stack=bool(run.units)):
                run.stage = scheduler.name
                await scheduler.run(run, run.probes)

        try:
            stopped, _ = await until_stopped(chain(), run.stop, on_stop=run.note_cut)
        except Stopped:
            stopped = True
        except ServiceError as exc:
            self._cut(run, failure_reason(exc), str(exc), type(exc).__name__, exc.hint)
            return
        if stopped:
            detail = stop_detail(run.stop)
            self._cut(run, "cancelled", detail or "stop requested", "Cancelled",
                      "re-run the same command: the answered probes come from the response cache")

    @staticmethod
    def _cut(run: ExplainRun, reason: str, message: str, error: str, hint: str | None) -> None:
        answered = sum(p.answered for p in run.probes)
        run.incomplete = Incomplete(reason=reason, message=message, error=error, stage=run.stage, answered=answered,
                                    planned=len(run.probes), missing=len(run.probes) - answered,
                                    cancelled_in_flight=run.cut_in_flight or 0, hint=hint)
        run.trace.append(IncompleteStep(step="cancelled" if reason == "cancelled" else "failed",
                                        **run.incomplete.model_dump()))

    def _start(self, question: str, cfg: ExplainSettings, subgraph: Subgraph | None,
               progress: Progress | None, executor: Executor | None = None) -> ExplainRun:
        """Retrieve (or take the supplied subgraph) and merge aliases: the run's G_dedup."""
        t0 = time.perf_counter()
        if subgraph is not None:
            if cfg.apply == "cypher":
                raise UsageError("apply='cypher' re-runs xgrag's retrieval, which did not produce a supplied "
                                 "subgraph; use apply='memory' to explain over a supplied subgraph")
            retrieved = subgraph
        elif self.retriever is None:
            raise UsageError("this explainer has no retriever (it explains a stack's context): pass subgraph=")
        else:
            retrieved = self.retriever.retrieve(question, mode=cfg.mode, hops=cfg.hops)
        retrieval_seconds = time.perf_counter() - t0
        t1 = time.perf_counter()
        merged = self._dedup(retrieved, cfg)
        self._server_versions()  # now, while the server answers: a server lost later must not cost a wait at the end
        oracle = AnswerOracle(self.generator, self.embedder, self.cache, cfg.concurrency, executor)
        promise = cfg.context_order == "promise" or (
            cfg.context_order == "auto" and serves_prefix_cache(self.generator))
        order = context_rank(question, merged.subgraph, oracle.vectors) if promise else {}
        apply = functools.partial(self._perturbed_context, question, cfg, retrieved, merged, order)
        run = ExplainRun(question, cfg, retrieved, merged, oracle, apply, progress, retrieval_seconds,
                         order=order, order_name="promise" if promise else "canonical")
        run.trace += [
            RetrieveStep(source="supplied" if subgraph is not None else "xgrag", seconds=round(retrieval_seconds, 4),
                         nodes=len(retrieved.nodes), relationships=len(retrieved.relationships),
                         truncated=retrieved.truncated),
            DedupStep(seconds=round(time.perf_counter() - t1, 4), merged=merged.merged, nodes=len(run.graph.nodes),
                      relationships=len(run.graph.relationships)),
        ]
        return run

    def _start_stack(self, question: str, cfg: ExplainSettings, call: StackCall,
                     progress: Progress | None, executor: Executor | None = None) -> ExplainRun:
        """A stack's context: its units, the graph elements they were traced to (for provenance; never merged) and
        the stack's own prompt as the run's apply."""
        merged = identity(call.graph, facts=False)
        oracle = AnswerOracle(self.generator, self.embedder, self.cache, cfg.concurrency, executor)

        def apply(p: Perturbation) -> RenderedContext:
            if p.excluded_node_ids or p.excluded_rel_ids or p.renames:
                raise UsageError("a stack's context is perturbed by leaving units out, not graph elements")
            return call.render(p.excluded_units)

        run = ExplainRun(question, cfg, call.graph, merged, oracle, apply, progress,
                         units={u.id: u for u in call.context.units}, order_name="stack")
        run.trace += [*call.notes, ContextStep(source=call.stack, component=call.component,
                                               items=len(call.context.items),
                                               spans=len(call.context.units) - len(call.context.items))]
        return run

    def _dedup(self, sub: Subgraph, cfg: ExplainSettings) -> DedupResult:
        return dedup(sub, self.embedder.embed, cfg.theta_sim, cfg.dedup_rule) if cfg.dedup else identity(sub)

    def _perturbed_context(self, question: str, cfg: ExplainSettings, retrieved: Subgraph, merged: DedupResult,
                           order: dict[str, int], p: Perturbation) -> RenderedContext:
        return render(question, self._perturbed_graph(question, cfg, retrieved, merged, p), order=order)

    def _perturbed_graph(self, question: str, cfg: ExplainSettings, retrieved: Subgraph, merged: DedupResult,
                         p: Perturbation) -> Subgraph:
        if cfg.apply == "memory":
            return apply_in_memory(merged.subgraph, p)
        assert self.retriever is not None  # _start refused apply="cypher" without one
        # Cypher: map canonical ids back to every retrieved id they stand for, re-retrieve, re-dedup.
        nodes = {m for n in p.excluded_node_ids for m in merged.node_members(n)}
        rels = {m for r in p.excluded_rel_ids for m in merged.rel_members.get(r, [r])}
        again = self.retriever.retrieve(question, mode=cfg.mode, hops=cfg.hops, seeds=retrieved.seeds,
                                        perturbation=Perturbation(frozenset(nodes), frozenset(rels)))
        redone = self._dedup(again, cfg).subgraph
        return apply_in_memory(redone, Perturbation(renames=p.renames)) if p.renames else redone

    def _explanation(self, run: ExplainRun, components: list[Component], answer: str | None,
                     observed: float | None) -> Explanation:
        cfg, ledger = run.settings, run.oracle.ledger
        strategies = list(cfg.strategies)
        cost = Cost(generator_calls=ledger.usage.calls, prompt_tokens=ledger.usage.prompt_tokens,
                    completion_tokens=ledger.usage.completion_tokens, cache_hits=ledger.cache_hits,
                    deduplicated=ledger.deduplicated, generator_seconds=round(ledger.usage.seconds, 4),
                    embedder_seconds=round(ledger.embed_seconds, 4),
                    retrieval_seconds=round(run.retrieval_seconds, 4),
                    perturbations=sum(1 for p in run.probes if p.answered),
                    scored_probes=ledger.scoring.calls, scoring_tokens=ledger.scoring.prompt_tokens,
                    scoring_seconds=round(ledger.scoring.seconds, 4), prefix=self._prefix(run))
        return Explanation(
            id=str(uuid.uuid4()), created_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            question=run.question, answer=run.a0.text, baseline_answers=[g.text for g in run.baselines],
            observed_answer=answer, observed_answer_similarity=observed, noise_floor=round(run.floor, 6),
            response_score=cfg.response_score,
            baseline_logprob=None if run.baseline_score is None else round(run.baseline_score.logprob, 6),
            strategy="all" if set(strategies) == set(strategy_names()) else ",".join(strategies),
            strategies=strategies,
            components=components, generator=self.generator.name, generator_params=json_object(self.generator.params),
            generator_is_language_model=is_language_model(self.generator),
            generator_evidence=generator_evidence(run), embedder=self.embedder.name, prompt_version=PROMPT_VERSION,
            user_explanation="", technical_explanation="", sources=sources(components), paths=run.graph.paths,
            subgraph=SubgraphRecord.model_validate(run.graph.to_json()),
            dedup=DedupRecord.model_validate({"enabled": cfg.dedup, "theta_sim": cfg.theta_sim,
                                              **run.merged.to_json()}),
            skipped=run.skipped, group_testing=run.group_info, cost=cost, config=cfg.record(),
            versions=self._server_versions(), trace=list(run.trace),
            incomplete=run.incomplete, linking=run.retrieved.linking,
        )

    @staticmethod
    def _prefix(run: ExplainRun) -> PrefixShare | None:
        """The prompt prefix each asked probe shares with the baseline (None before a baseline existed)."""
        if run.baseline_context is None:
            return None
        asked = [p.context for p in run.probes if p.answered and p.context is not None]
        return prefix_share(run.baseline_context, asked, run.order_name)

    def _synonym_fn(self, oracle: AnswerOracle, max_calls: int | None = None) -> SynonymFn:
        def ask(name: str, type_: str | None) -> tuple[str | None, str]:
            if max_calls is not None and oracle.calls >= max_calls:
                return None, "budget"  # max_calls counts these calls too: the entity is skipped, and says so
            prompt = (f"Give one synonym or alternative name for the {type_ or 'entity'} \"{name}\". "
                      "Answer with the synonym only.")
            gen = oracle.ask(prompt, "You answer with a single short phrase.", purpose="synonym")
            synonym = gen.text.strip().strip('."\'').splitlines()[0].strip() if gen.text.strip() else ""
            return (synonym or None), f"generator:{self.generator.name}"

        return ask

    def _server_versions(self) -> dict[str, str | None]:
        if self._versions is None:
            try:
                v = {} if self.retriever is None else self.retriever.store.server_versions()
            except Exception:  # noqa: BLE001 - versions are informational (asked again next time)
                return {"xgrag": __version__, "neo4j": None, "gds": None, "apoc": None}
            self._versions = {"xgrag": __version__, "neo4j": v.get("neo4j"), "gds": v.get("gds"),
                              "apoc": v.get("apoc")}
        return self._versions


async def aexplain_stack(call: StackCall, *, embedder: Embedder | None = None,
                         settings: ExplainSettings | None = None, cache: ResponseCache | None = None,
                         progress: Progress | None = None, on_mismatch: OnMismatch = "warn",
                         observed_answer: str | None = None) -> Explanation:
    """Explain `call`'s answer with its own LLM and prompt (see xgrag.explain.stack). `embedder`: the semantic
    shift's (default: xgrag's default embedder); `settings`: STACK_SETTINGS unless given; `on_mismatch`: "warn"
    (explain the replayed answer, with a NotReproducedWarning) or "error" (NotReproducedError, CLI exit 4);
    `observed_answer`: the answer the user got from the stack, the baseline the replays are judged against (every
    stack entry point passes its own `observed_answer` here; StackCall.observed)."""
    from xgrag.embed import default_embedder

    check_observed(observed_answer, on_mismatch)  # before any call of the user's LLM
    call = call.observed(observed_answer)
    cfg = stack_settings(settings)
    explainer = Explainer(None, call.generator, embedder or default_embedder(), cfg, cache)
    return await explainer.aexplain_stack(call, settings=cfg, progress=progress, on_mismatch=on_mismatch)


def explain_stack(call: StackCall, *, embedder: Embedder | None = None, settings: ExplainSettings | None = None,
                  cache: ResponseCache | None = None, progress: Progress | None = None,
                  on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> Explanation:
    """Blocking `aexplain_stack`: on the thread's own event loop when it has one, never replacing or closing it
    (xgrag.loops: the call's objects may be bound to it)."""
    return run_blocking(aexplain_stack(call, embedder=embedder, settings=settings, cache=cache, progress=progress,
                                       on_mismatch=on_mismatch, observed_answer=observed_answer),
                        async_form="aexplain_stack")
