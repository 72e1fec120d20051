"""The workbench behind `xgrag serve`: the CLI's engine and settings (the same Explainer, generators, response cache
and Neo4j store), explanation jobs, what-ifs, saved explanations and comparisons. No web framework here: the HTTP
layer (xgrag.serve.app) only translates requests to these calls.

The graph is only read, except by `save` (xgrag's own labels, as `xgrag explain --save`). Several sessions share
one workbench: jobs run in a bounded pool of worker threads; the embedding model (shared by linking, dedup, the
extractive reader and scoring) is called by one thread at a time, so a run's numbers do not depend on what the
other sessions are doing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from xgrag.config import Settings
from xgrag.errors import NotFoundError, UsageError, XgragError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.cancel import RunCancelled
from xgrag.explain.perturbers import DEFAULT_STRATEGY, strategy_names
from xgrag.explain.progress import ProgressEvent
from xgrag.explain.settings import SCHEDULER_NAMES
from xgrag.explain.whatif import Counterfactual, Unit, WhatIf
from xgrag.loops import run_blocking
from xgrag.model import Explanation
from xgrag.model.records import json_object
from xgrag.report.compare import compare
from xgrag.report.view import view_model
from xgrag.retrieval import MODES
from xgrag.retrieval.question import MAX_QUESTION_CHARS, check_question
from xgrag.serve.jobs import Job, JobTable

if TYPE_CHECKING:
    from xgrag.embed import Embedder
    from xgrag.generate.base import Generator
    from xgrag.generate.cache import ResponseCache
    from xgrag.store.neo4j import Neo4jStore


class SerialEmbedder:
    """One embedding model shared by every thread, called by one at a time (a tokenizer is not safe to share
    between threads, and a batch's numbers then do not depend on the other sessions)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return self.inner.embed(texts)


@dataclass
class Entry:
    """An explanation this server holds: made here (a job) or opened from the graph (saved)."""

    explanation: Explanation
    spec: str | None  # the generator spec it was made with, when made here
    saved: bool = False
    view: dict[str, Any] | None = None
    whatif: WhatIf | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class Workbench:
    def __init__(self, settings: Settings, store: Neo4jStore, *, generators: Sequence[str] = ("extractive",),
                 connection: dict[str, Any] | None = None, embedder: Embedder | None = None,
                 cache: ResponseCache | None = None, workers: int = 2, keep: int = 200) -> None:
        if not generators:
            raise UsageError("xgrag serve: at least one --generator")
        self.settings = settings
        self.store = store
        self.specs = tuple(dict.fromkeys(generators))
        self.connection = dict(connection or {})
        self._embedder: Embedder | None = embedder
        self.cache = cache
        self.jobs = JobTable(keep)
        self.keep = keep
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="xgrag-job")
        self._explainers: dict[str, Explainer] = {}
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    # -- engine -------------------------------------------------------------------------------------------

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                from xgrag.embed import default_embedder

                self._embedder = SerialEmbedder(default_embedder())
            return self._embedder

    def explainer(self, spec: str | None = None) -> Explainer:
        """The Explainer for one of this server's generator specs (built once; the page cannot name others)."""
        spec = spec or self.specs[0]
        if spec not in self.specs:
            raise UsageError(f"generator {spec!r} is not served here", hint=f"use one of {', '.join(self.specs)} "
                             "(xgrag serve --generator SPEC adds one)")
        embedder = self.embedder
        with self._lock:
            got = self._explainers.get(spec)
            if got is None:
                from xgrag.generate.factory import make_generator

                options: dict[str, Any] = dict(self.connection)
                if spec in ("extractive", "gnan") or spec.startswith("gnan:"):
                    # local readers: they take the shared embedding model, and no server's options
                    options = {"embedder": embedder}
                generator: Generator = make_generator(spec, **options)
                got = Explainer.from_settings(self.settings, self.store, generator=generator, embedder=embedder,
                                              explain=self.explain_settings(), cache=self.cache)
                self._explainers[spec] = got
            return got

    def explain_settings(self, **options: Any) -> ExplainSettings:
        """As the CLI builds them: the request's options over the alias rule and theta_sim of the settings."""
        return ExplainSettings(theta_sim=self.settings.theta_sim, dedup_rule=self.settings.dedup_rule, **options)

    def defaults(self) -> dict[str, Any]:
        """What the page offers, with the CLI's defaults."""
        from xgrag import __version__

        return {"version": __version__, "generators": list(self.specs), "generator": self.specs[0],
                "strategies": [*strategy_names(), "all"], "strategy": DEFAULT_STRATEGY,
                "schedulers": list(SCHEDULER_NAMES), "scheduler": "auto", "modes": list(MODES),
                "mode": ExplainSettings().mode, "max_calls": None, "hops": None,
                "default_hops": self.settings.retrieval.hops, "preset": self.store.schema.key,
                # the page counts against the limit the API checks (xgrag.retrieval.question), not a copy of it
                "max_question_chars": MAX_QUESTION_CHARS}

    # -- jobs ---------------------------------------------------------------------------------------------

    def ask(self, question: str, *, generator: str | None = None, strategy: str = DEFAULT_STRATEGY,
            scheduler: str = "auto", max_calls: int | None = None, hops: int | None = None,
            mode: str = "auto") -> Job:
        """Start explaining `question`; bad options are refused here, before anything runs."""
        question = check_question(question)
        spec = generator or self.specs[0]
        cfg = self.explain_settings(strategies=(strategy,), scheduler=scheduler, max_calls=max_calls, hops=hops,
                                    mode=mode)
        explainer = self.explainer(spec)
        from xgrag.explain.explainer import require_scorer

        require_scorer(explainer.generator, cfg)
        job = self.jobs.add(Job(question, {"generator": spec, "strategy": ",".join(cfg.strategies),
                                           "scheduler": scheduler, "max_calls": max_calls, "hops": hops,
                                           "mode": mode}))
        job.publish({"type": "queued"})
        self._pool.submit(self._run, job, explainer, spec, cfg)
        return job

    def _run(self, job: Job, explainer: Explainer, spec: str, cfg: ExplainSettings) -> None:
        if job.stop.is_set():
            job.status = "cancelled"
            job.publish({"type": "done", "status": "cancelled", "explanation_id": None,
                         "message": "cancelled before it started"})
            return
        job.status = "running"
        job.publish({"type": "started"})

        def observe(event: ProgressEvent) -> None:
            job.publish({"type": "progress", **event.to_json()})

        try:
            ex = explainer.explain(job.question, settings=cfg, stop=job.stop, observer=observe)
        except RunCancelled:
            job.status = "cancelled"
            job.publish({"type": "done", "status": "cancelled", "explanation_id": None,
                         "message": "cancelled before the baseline answer: nothing was measured"})
            return
        except XgragError as exc:
            job.status, job.error = "failed", error_json(exc)
            job.publish({"type": "failed", **job.error})
            return
        except Exception as exc:  # noqa: BLE001 - a job must end with an event, whatever failed
            job.status, job.error = "failed", {"error": f"{type(exc).__name__}: {exc}", "hint": None,
                                               "status": 500}
            job.publish({"type": "failed", **job.error})
            return
        entry = self._hold(Entry(ex, spec))
        try:
            self._view(entry)
        except Exception as exc:  # noqa: BLE001
            job.status, job.error = "failed", {"error": f"drawing the explanation failed: {exc}", "hint": None,
                                               "status": 500}
            job.publish({"type": "failed", **job.error})
            return
        job.explanation_id = ex.id
        extra: dict[str, Any] = {}
        if ex.unlinked and ex.linking is not None:  # nothing of the question is in the graph: not a result
            job.unlinked = {"unmatched": list(ex.linking.unmatched), "not_in_graph": ex.linking.tried()}
            extra = dict(job.unlinked)
        job.status = "cancelled" if ex.incomplete and ex.incomplete.cancelled else \
            "incomplete" if ex.incomplete else "unlinked" if job.unlinked else "done"
        if job.status == "unlinked" and ex.linking is not None:
            extra["message"] = f"{ex.linking.tried()} matched no entity, so the answer does not come from the graph"
        job.publish({"type": "done", "status": job.status, "explanation_id": ex.id, "answer": ex.answer,
                     "incomplete": ex.incomplete.model_dump() if ex.incomplete else None, **extra})

    def cancel(self, job_id: str) -> Job:
        job = self.job(job_id)
        job.stop.set()
        return job

    def job(self, job_id: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None:
            raise NotFoundError(f"no job has the id {job_id!r} on this server")
        return job

    # -- explanations ---------------------------------------------------------------------------------------

    def _hold(self, entry: Entry) -> Entry:
        with self._lock:
            self._entries[entry.explanation.id] = entry
            self._entries.move_to_end(entry.explanation.id)
            while len(self._entries) > self.keep:
                self._entries.popitem(last=False)
        return entry

    def entry(self, explanation_id: str) -> Entry:
        """An explanation made here, or else the saved one with this id (opened from the graph)."""
        with self._lock:
            got = self._entries.get(explanation_id)
        if got is not None:
            return got
        from xgrag.store.explanations import load_explanation

        return self._hold(Entry(load_explanation(self.store, explanation_id), None, saved=True))

    def _view(self, entry: Entry) -> dict[str, Any]:
        with entry.lock:
            if entry.view is None:
                entry.view = view_model(entry.explanation)
            return entry.view

    def view(self, explanation_id: str) -> dict[str, Any]:
        entry = self.entry(explanation_id)
        return {**self._view(entry), "saved": entry.saved}

    def explanation(self, explanation_id: str) -> Explanation:
        return self.entry(explanation_id).explanation

    def whatif(self, explanation_id: str, units: Sequence[Unit]) -> Counterfactual:
        """The counterfactual answer without `units`, asked as a probe is (xgrag.explain.whatif); never a write.

        Called from the HTTP layer in the web framework's worker threads, which hold no event loop of anyone's:
        `run_blocking` then runs it on a loop of its own, as it would for any blocking caller (xgrag.loops)."""
        entry = self.entry(explanation_id)
        with entry.lock:
            if entry.whatif is None:
                entry.whatif = WhatIf(self._explainer_for(entry), entry.explanation)
            whatif = entry.whatif
        return run_blocking(whatif.ask(units), async_form="WhatIf.ask")

    def _explainer_for(self, entry: Entry) -> Explainer:
        if entry.spec is not None:
            return self.explainer(entry.spec)
        ex = entry.explanation
        for spec in self.specs:  # a saved explanation: the served generator that made it, if any
            gen = self.explainer(spec).generator
            if gen.name == ex.generator and json_object(gen.params) == ex.generator_params:
                return self.explainer(spec)
        raise UsageError(f"what-if: this explanation was made with the generator {ex.generator!r}, which this server "
                         f"does not serve ({', '.join(self.specs)})",
                         hint="start xgrag serve with --generator SPEC for it")

    def save(self, explanation_id: str) -> str:
        """Store the explanation in the graph (xgrag's labels only), incomplete ones included."""
        from xgrag.store.explanations import save_explanation

        entry = self.entry(explanation_id)
        with entry.lock:
            if not entry.saved:
                save_explanation(self.store, entry.explanation)
                entry.saved = True
        return entry.explanation.id

    def export(self, explanation_id: str) -> str:
        from xgrag.serve.export import render_html

        ex = self.explanation(explanation_id)
        return render_html([ex], title=f"xgrag: {ex.question}")

    # -- saved explanations -----------------------------------------------------------------------------------

    def saved(self, *, question: str | None = None, entity: str | None = None, relationship: str | None = None,
              since: str | None = None, until: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        from xgrag.store.explanations import find_explanations

        return [r.to_json() for r in find_explanations(self.store, question=question, entity=entity,
                                                       relationship=relationship, since=since, until=until,
                                                       limit=limit)]

    def timeline(self, *, question: str | None = None, since: str | None = None, until: str | None = None,
                 limit: int = 60) -> list[dict[str, Any]]:
        from xgrag.store.explanations import explanations_timeline

        return explanations_timeline(self.store, question=question, since=since, until=until, limit=limit)

    def compare(self, a: str, b: str) -> dict[str, Any]:
        ea, eb = self.explanation(a), self.explanation(b)
        first, second = sorted((ea, eb), key=lambda e: e.created_at)
        return compare(first, second)

    def close(self) -> None:
        for job in self.jobs.running():
            job.stop.set()
        self._pool.shutdown(wait=True, cancel_futures=True)


def error_json(exc: XgragError) -> dict[str, Any]:
    from xgrag.explain.whatif import ContextChanged

    status = 409 if isinstance(exc, ContextChanged) else 404 if isinstance(exc, NotFoundError) and \
        exc.exit_code != 2 else 400 if isinstance(exc, UsageError) or exc.exit_code == 2 else 503
    return {"error": str(exc), "hint": exc.hint, "status": status}
