"""Batch explanations: a JSONL file of questions explained into one folder, resumable, in this process or as Ray
actors.

DIR/questions/<id>.json holds one question's record (status, the explanation's JSON, the fingerprint of the
settings it was made with); DIR/summary.json lists every question of the last run. A question whose record is
"done" under the same fingerprint is never redone; "incomplete" (the generator or Neo4j failed part-way, or the
run was stopped) and "failed" records are redone by the next run, so a re-run after an outage finishes the batch
(the answered probes of an incomplete one come back from the response cache). "unlinked": the question's names
matched no entity in the graph (the record and its summary row name them); redone by the next run too, since the
fingerprint does not cover the graph's contents and the entity may have been ingested since (it costs a retrieval
and the answer without context).

Stopping (`stop`, set by the CLI on SIGINT / SIGTERM): the question being explained is finished from what was
answered (an "incomplete" record), no other is started, and summary.json is written. A Ray worker that dies
(killed, out of memory) costs its question one retry on a fresh worker; a second death records it "failed".
A question cut by a lost Neo4j pauses the batch: nothing new starts until the server answers again (checked
every second, at most `BatchSpec.neo4j_wait` seconds; then the run stops, its summary written), and the question
is asked once more.

Each worker builds its own Explainer from a `BatchSpec`: the settings file's path, not the loaded settings, so
a Neo4j password or an API key never travels through Ray's object store; each worker reads them from its own
environment (as the driver does).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from xgrag.errors import InputError, UsageError, XgragError, read_jsonl
from xgrag.explain.cancel import RunCancelled
from xgrag.explain.settings import ExplainSettings
from xgrag.files import check_writable_dir, write_text_atomic
from xgrag.model.linking import Linking
from xgrag.model.records import Incomplete

RECORD_VERSION = "xgrag.batch.question/1"
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")  # ids become file names
STATUSES = ("done", "unlinked", "incomplete", "failed")


@dataclass(frozen=True)
class BatchQuestion:
    id: str
    question: str
    line: int  # in the questions file, for messages


def read_questions(path: str | Path) -> list[BatchQuestion]:
    """The questions of a JSONL file: one object per line with "question" and an optional "id" (letters, digits,
    '.', '_', '-'; default: a digest of the question). Blank lines are skipped; anything else malformed is an
    InputError naming the line and field."""
    questions: list[BatchQuestion] = []
    seen: dict[str, int] = {}
    for n, row in read_jsonl(path):
        question = row.get("question")
        if not isinstance(question, str) or not question.strip():
            raise InputError(path, n, "question", "missing or empty (a non-empty string is required)")
        qid = row.get("id")
        if qid is None:
            qid = "q-" + hashlib.sha256(question.strip().encode()).hexdigest()[:12]
        elif not isinstance(qid, str) or not ID_PATTERN.match(qid):
            raise InputError(path, n, "id", f"{qid!r} is not 1-100 letters, digits, '.', '_' or '-' "
                                            "(ids name the output files)")
        if qid in seen:
            what = "id" if "id" in row else "question"
            raise InputError(path, n, what, f"repeats line {seen[qid]} (ids must be unique; the default id is "
                                            "the question's digest)")
        seen[qid] = n
        questions.append(BatchQuestion(qid, question.strip(), n))
    if not questions:
        raise InputError(path, 0, "question", "no questions in the file")
    return questions


@dataclass(frozen=True)
class BatchSpec:
    """What a worker needs to build its Explainer. Picklable, and free of secrets by construction."""

    explain: ExplainSettings
    generator: str = "extractive"
    connection: dict[str, Any] = field(default_factory=dict)  # ollama_host, base_url, timeout, max_retries
    config_path: str | None = None  # each worker loads the settings itself (environment + this file)
    cache_path: str | None = None  # SQLite response cache (per machine; workers on one machine share it)
    preset: str | None = None  # --preset: the schema preset, above the file's and $XGRAG_SCHEMA_PRESET
    # a question cut by a lost Neo4j pauses the batch until the server answers again (at most this many seconds),
    # then is asked once more; without the pause every remaining question would fail in milliseconds
    neo4j_wait: float = 300.0

    def fingerprint(self, settings: Any) -> str:
        """What determines an explanation: the explain settings, the generator and where it runs, the graph
        schema and retrieval settings (never the Neo4j credentials)."""
        data = {"explain": asdict(self.explain), "generator": self.generator, "connection": self.connection,
                "schema": settings.graph_schema.model_dump(mode="json"),
                "retrieval": settings.retrieval.model_dump(mode="json"), "version": RECORD_VERSION}
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


class Worker:
    """One Explainer (one driver, one generator, one embedder) reused for every question it is given."""

    def __init__(self, spec: BatchSpec) -> None:
        from xgrag.config import load_settings
        from xgrag.explain import Explainer
        from xgrag.generate.cache import ResponseCache
        from xgrag.generate.factory import make_generator
        from xgrag.store.neo4j import Neo4jStore

        self.spec = spec
        self.settings = load_settings(spec.config_path, preset=spec.preset)
        self.fingerprint = spec.fingerprint(self.settings)
        self.store = Neo4jStore.from_settings(self.settings)
        try:
            self.store.verify()
            generator = make_generator(spec.generator, **spec.connection)
            cache = ResponseCache(Path(spec.cache_path)) if spec.cache_path else None
            self.explainer = Explainer.from_settings(self.settings, self.store, generator=generator,
                                                     explain=spec.explain, cache=cache)
        except BaseException:
            self.store.close()
            raise

    def explain(self, q: BatchQuestion, stop: threading.Event | None = None) -> dict[str, Any] | None:
        """The record of one question; an expected failure (xgrag's errors) becomes a "failed" record, so one
        bad question does not stop the batch. None: stopped before there was anything to keep."""
        started = time.perf_counter()
        record: dict[str, Any] = {"version": RECORD_VERSION, "id": q.id, "question": q.question,
                                  "fingerprint": self.fingerprint, "worker_pid": os.getpid()}
        try:
            ex = self.explainer.explain(q.question, stop=stop)
        except RunCancelled:
            return None
        except XgragError as exc:
            record.update(status="failed", error=type(exc).__name__, message=str(exc), hint=exc.hint)
        else:
            status = "incomplete" if ex.incomplete else "unlinked" if ex.unlinked else "done"
            record.update(status=status, explanation=ex.to_json())
        record["seconds"] = round(time.perf_counter() - started, 3)
        return record

    def close(self) -> None:
        self.explainer.close()
        self.store.close()


@dataclass
class BatchResult:
    out: Path
    records: list[dict[str, Any]]  # every question, in file order
    explained: list[str]  # ids explained by this run
    reused: list[str]  # ids whose finished record was kept
    where: str  # "local" or the Ray cluster's address
    stopped: bool = False  # the run was stopped (SIGINT / SIGTERM) before every question was explained
    worker_deaths: int = 0  # Ray workers that died (and were replaced) during the run
    neo4j_pauses: list[float] = field(default_factory=list)  # seconds the batch waited for a lost Neo4j, per pause

    def count(self, status: str) -> int:
        return sum(1 for r in self.records if r["status"] == status)

    @property
    def complete(self) -> bool:
        return self.count("done") == len(self.records)


def summary_row(record: dict[str, Any]) -> dict[str, Any]:
    """One question in summary.json: its status, answer, top component and cost (or its error)."""
    row = {"id": record["id"], "question": record["question"], "status": record["status"],
           "file": f"questions/{record['id']}.json"}
    ex = record.get("explanation")
    if ex is None:
        row.update(error=record.get("error"), message=record.get("message"))
        return row
    ranked = sorted((c for c in ex["components"] if c.get("rank") is not None), key=lambda c: c["rank"])
    top = ranked[0] if ranked else None
    row.update(answer=ex["answer"],
               top={"label": top["label"], "strategy": top["strategy"], "importance": top["importance"]}
               if top else None,
               generator_calls=ex["cost"]["generator_calls"], facts=len(ex["subgraph"]["relationships"]))
    if ex.get("incomplete"):
        row["incomplete"] = ex["incomplete"]["reason"]
    linking = Linking.model_validate(ex["linking"], extra="ignore") if ex.get("linking") else None
    if linking is not None and (linking.unlinked or linking.unmatched):
        # what matched nothing: every name when the question is unlinked, else the names the context lacks
        row.update(unmatched=linking.unmatched, not_in_graph=linking.tried())
        if linking.searched:
            row["searched"] = linking.searched
    return row


def _write_json(path: Path, data: Any) -> None:
    write_text_atomic(path, json.dumps(data, indent=2, default=str) + "\n")  # never half a record


def _finished(path: Path, fingerprint: str) -> dict[str, Any] | None:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(record, dict) and record.get("status") == "done" and record.get("fingerprint") == fingerprint:
        return record
    return None


Progress = Callable[[dict[str, Any]], None]


def check_out_dir(out: Path) -> None:
    """`--out` can hold questions/ and summary.json: checked (nothing created) before any question is asked."""
    check_writable_dir(out / "questions", "--out", given=out)


def run_batch(questions: Sequence[BatchQuestion], out: Path, spec: BatchSpec, *, ray: str | None = None,
              workers: int = 1, progress: Progress | None = None,
              log: Callable[[str], None] = lambda s: None, stop: threading.Event | None = None) -> BatchResult:
    """Explain `questions` into `out`. `ray`: None runs in this process; "local" starts a local Ray instance;
    anything else is a Ray address ("auto", "ray://HOST:10001") whose cluster has xgrag installed. `stop`: set
    it to stop after the question(s) being explained (see the module's docstring); summary.json is written
    whatever happens."""
    from xgrag.config import load_settings

    if workers < 1:
        raise UsageError("--workers must be at least 1")
    fingerprint = spec.fingerprint(load_settings(spec.config_path, preset=spec.preset))
    check_out_dir(out)
    try:
        (out / "questions").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {out}: {exc.strerror or exc}") from exc
    records: dict[str, dict[str, Any]] = {}
    todo: list[BatchQuestion] = []
    for q in questions:
        kept = _finished(out / "questions" / f"{q.id}.json", fingerprint)
        if kept is not None and kept.get("question") == q.question:
            records[q.id] = kept
        else:
            todo.append(q)
    reused = [q.id for q in questions if q.id in records]
    log(f"{len(questions)} questions: {len(reused)} already done in {out}, {len(todo)} to explain")

    def finish(record: dict[str, Any]) -> None:
        records[record["id"]] = record
        _write_json(out / "questions" / f"{record['id']}.json", record)
        if progress is not None:
            progress(record)

    where = "local"
    deaths = [0]
    pauses: list[float] = []
    try:
        if todo:
            if ray is None:
                _run_here(todo, spec, finish, stop, log, pauses)
            else:
                where = "ray:" + ray
                _run_on_ray(todo, spec, ray, workers, finish, log, stop, deaths, pauses)
    finally:
        # what finished is summarised even when the run stops part-way (an interrupt, a worker that died)
        ordered: list[dict[str, Any]] = [records[q.id] if q.id in records else
                   {"id": q.id, "question": q.question, "status": "failed", "error": "NotRun",
                    "message": "the run stopped before this question was explained"} for q in questions]
        stopped = stop is not None and stop.is_set()
        result = BatchResult(out, ordered, [q.id for q in todo if q.id in records], reused, where, stopped,
                             deaths[0], pauses)
        _write_json(out / "summary.json", {
            "version": "xgrag.batch.summary/1", "fingerprint": fingerprint, "generator": spec.generator,
            "where": where, "questions": len(ordered), **{s: result.count(s) for s in STATUSES},
            "not_run": sum(1 for r in ordered if r.get("error") == "NotRun"),
            "explained_now": len(result.explained), "reused": len(reused), "stopped": stopped,
            "worker_deaths": deaths[0], "neo4j_pauses": [round(p, 1) for p in pauses],
            "generator_calls": sum(int(r["explanation"]["cost"]["generator_calls"]) for r in ordered
                                   if r["id"] in result.explained and "explanation" in r),
            "rows": [summary_row(r) for r in ordered]})
    return result


def lost_neo4j(record: dict[str, Any]) -> str | None:
    """Why a record says Neo4j was lost (the message), or None: a failed question whose error was the store's,
    or an explanation cut short with reason "neo4j"."""
    if record.get("status") == "failed" and record.get("error") == "StoreError":
        return str(record.get("message"))
    saved = record.get("explanation")
    if record.get("status") != "incomplete" or not saved or not saved.get("incomplete"):
        return None
    incomplete = Incomplete.model_validate(saved["incomplete"], extra="ignore")
    return incomplete.message if incomplete.reason == "neo4j" else None


class Neo4jWatch:
    """Pauses a batch whose Neo4j went away until it answers again, once per question."""

    POLL_SECONDS = 1.0

    def __init__(self, store: Callable[[], Any], wait: float, log: Callable[[str], None],
                 stop: threading.Event | None, pauses: list[float] | None = None) -> None:
        self._store, self.wait, self.log, self.stop = store, wait, log, stop
        self.retried: set[str] = set()
        self.pauses: list[float] = [] if pauses is None else pauses  # seconds each pause lasted

    def should_retry(self, q: BatchQuestion, record: dict[str, Any]) -> bool:
        """True when `record` lost Neo4j and `q` has not been retried yet; then waits for the server (a
        ServiceError when it does not come back in time)."""
        from xgrag.errors import ServiceError

        why = lost_neo4j(record)
        if why is None or q.id in self.retried or (self.stop is not None and self.stop.is_set()):
            return False
        self.retried.add(q.id)
        self.log(f"{q.id}: {why}; the batch waits up to {self.wait:g} s for Neo4j to answer again")
        t0 = time.monotonic()
        while True:
            try:
                self._store().verify()
            except XgragError:
                if time.monotonic() - t0 > self.wait or (self.stop is not None and self.stop.is_set()):
                    if self.stop is not None and self.stop.is_set():
                        return False
                    raise ServiceError(f"Neo4j did not answer again within {self.wait:g} s; the batch stopped "
                                       "(summary.json says what was done)",
                                       hint="run the same command again once `xgrag db status` says it runs") \
                        from None
                (self.stop.wait if self.stop is not None else time.sleep)(self.POLL_SECONDS)
                continue
            self.pauses.append(time.monotonic() - t0)
            self.log(f"Neo4j answers again after {self.pauses[-1]:.1f} s; {q.id} is asked again")
            return True


def _run_here(todo: Iterable[BatchQuestion], spec: BatchSpec, finish: Callable[[dict[str, Any]], None],
              stop: threading.Event | None = None, log: Callable[[str], None] = lambda s: None,
              pauses: list[float] | None = None) -> None:
    worker = Worker(spec)
    watch = Neo4jWatch(lambda: worker.store, spec.neo4j_wait, log, stop, pauses)
    queue = list(todo)
    try:
        while queue:
            if stop is not None and stop.is_set():
                return
            q = queue.pop(0)
            record = worker.explain(q, stop)
            if record is None:
                continue
            if watch.should_retry(q, record):
                queue.insert(0, q)
                continue
            finish(record)
    finally:
        worker.close()


def _ray_env() -> dict[str, str]:
    """Workers of a local Ray instance import xgrag from where this process does (a source checkout on
    PYTHONPATH works as well as an installed package); relative PYTHONPATH entries would break in Ray's
    working directories."""
    import xgrag

    package_root = str(Path(xgrag.__file__).resolve().parents[1])
    paths = [package_root] + [str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                              if p]
    return {"PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def _run_on_ray(todo: Sequence[BatchQuestion], spec: BatchSpec, address: str, workers: int,
                finish: Callable[[dict[str, Any]], None], log: Callable[[str], None],
                stop: threading.Event | None = None, deaths: list[int] | None = None,
                pauses: list[float] | None = None) -> None:
    try:
        import ray
    except ImportError as exc:
        raise UsageError("--ray needs Ray: pip install ray (the `ray` extra)") from exc

    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address == "local":
                # a modest object store: records are small JSON; the default (30% of RAM) starves Neo4j
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         object_store_memory=128 * 1024 * 1024, runtime_env={"env_vars": _ray_env()})
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise UsageError(f"--ray {address}: cannot start or reach Ray ({exc})",
                             hint="--ray local starts one on this machine; a cluster needs `ray start --head`") \
                from exc
    try:
        actor = ray.remote(num_cpus=1, max_restarts=0)(Worker)
        n = min(workers, len(todo))
        log(f"Ray: {n} workers on {address}")
        probe: list[Any] = []  # the driver's own connection, opened when a worker reports Neo4j lost

        def store() -> Any:
            if not probe:
                from xgrag.config import load_settings
                from xgrag.store.neo4j import Neo4jStore

                probe.append(Neo4jStore.from_settings(load_settings(spec.config_path, preset=spec.preset)))
            return probe[0]

        watch = Neo4jWatch(store, spec.neo4j_wait, log, stop, pauses)
        try:
            for record in _streamed(lambda: actor.remote(spec), n, todo, stop,
                                    deaths if deaths is not None else [0], log, watch):
                finish(record)
        finally:
            for s in probe:
                s.close()
    finally:
        if started_here:
            ray.shutdown()


# A question whose worker died is given to a fresh worker this many times more; then it is recorded "failed".
WORKER_DEATH_RETRIES = 1
RAY_POLL_SECONDS = 0.2  # how often the loop looks at `stop` while it waits for the workers


def _streamed(new_actor: Callable[[], Any], n: int, todo: Sequence[BatchQuestion], stop: threading.Event | None,
              deaths: list[int], log: Callable[[str], None],
              watch: Neo4jWatch | None = None) -> Iterator[dict[str, Any]]:
    """Records as workers finish them (streamed back, written at once). One question per worker at a time; a
    worker that dies (RayActorError: killed, out of memory) is replaced, and its question retried once on the
    new worker (WORKER_DEATH_RETRIES) before it is recorded "failed". A worker's own exception (not an xgrag
    error, which becomes a failed record) is re-raised as a ServiceError naming the question."""
    import ray
    from ray.exceptions import RayActorError, RayError

    from xgrag.errors import ServiceError

    queue = list(todo)
    tries: dict[str, int] = {}
    running: dict[Any, tuple[Any, BatchQuestion]] = {}
    idle = [new_actor() for _ in range(n)]

    def submit() -> None:
        while idle and queue and not (stop is not None and stop.is_set()):
            a, q = idle.pop(), queue.pop(0)
            running[a.explain.remote(q)] = (a, q)

    submit()
    while running:
        if stop is not None and stop.is_set():
            for ref in running:
                ray.cancel(ref, force=True)  # their questions are redone by the next run
            return
        ready, _ = ray.wait(list(running), num_returns=1, timeout=RAY_POLL_SECONDS)
        for ref in ready:
            a, q = running.pop(ref)
            try:
                record = ray.get(ref)
            except RayActorError as exc:
                deaths[0] += 1
                if deaths[0] > 2 * n + 2:  # not one unlucky worker: they cannot live (e.g. Neo4j unreachable)
                    raise ServiceError(f"Ray workers keep dying ({deaths[0]} so far; the last on {q.id}): "
                                       f"{str(exc).strip().splitlines()[0] if str(exc).strip() else exc!r}") from exc
                tries[q.id] = tries.get(q.id, 0) + 1
                why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                log(f"a Ray worker died while explaining {q.id} ({why}); starting a new one")
                idle.append(new_actor())
                if tries[q.id] <= WORKER_DEATH_RETRIES:
                    queue.insert(0, q)
                else:
                    yield {"version": RECORD_VERSION, "id": q.id, "question": q.question, "status": "failed",
                           "error": "WorkerDied", "message": f"its worker died {tries[q.id]} times ({why})"}
                continue
            except RayError as exc:
                cause = getattr(exc, "cause", None) or exc
                raise ServiceError(f"a Ray worker failed on {q.id}: {type(cause).__name__}: "
                                   f"{str(cause).splitlines()[0]}") from exc
            idle.append(a)
            if record is None:
                continue
            if watch is not None and watch.should_retry(q, record):  # waits for Neo4j (nothing new meanwhile)
                queue.insert(0, q)
                continue
            yield record
        submit()
