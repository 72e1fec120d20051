"""The general mapping at scale (prints figures; not a test): `schema infer`, linking and retrieval on the synthetic
domain graph of benchmarks/synthetic_domain.py (~1M nodes, ~3M relationships at --scale 1).

    python benchmarks/bench_domain_scale.py --scale 0.01                  # a quick run in a temp dir
    python benchmarks/bench_domain_scale.py --home /tmp/dscale --keep     # load once, keep the database
    python benchmarks/bench_domain_scale.py --home /tmp/dscale --reuse    # measure again on that load

Starts an embedded Neo4j of its own (XGRAG_HOME = --home, a temp dir by default; --heap 4g, --pagecache 1g), loads
the seeded graph once (timed; --reuse measures an earlier load in --home instead, whose load time is reported from
its record), restarts the server, then measures:
  1. `schema infer` wall time in the library (infer_schema, what the CLI runs): the first run after the server
     started (`cold`: no query plan compiled, page cache empty) and --infer-repeats more (`warm`); once through the
     CLI as a user runs it (`xgrag schema infer --read-only --write`, a subprocess: Python start-up included).
  2. With the inferred mapping, read-only (linking from the in-memory name index: its build time and memory, as
     Linker.source reports them, and the process's RSS before and after) and migrated (xgrag's full-text index,
     created by `xgrag migrate --config` over the same mapping with read_only = false; the migration is timed):
     linking and retrieval latency (p50/p95/mean/max) over --per-kind questions of each of four kinds a user asks
     ("Which category is <product> in?", "When was <first last> born?", "What did order <n> contain?", "Who supplies
     <product>?"), drawn from the graph with --seed; each mode first answers --warmup other questions (plans
     compiled; their times are reported apart). Retrieval runs in the mode `xgrag retrieve` uses by default. Also:
     whether the question's entity was linked and whether the retrieved context holds the answer.
  3. Memory: the Python process's RSS (VmRSS; VmHWM its peak) and the server's heap (JMX: used and committed) and
     RSS after each phase. The load average before and after each phase (the machine is shared).
What `xgrag migrate` added is dropped again at the end (and at the start, if an earlier run was cut off), so a kept
load stays the generated graph. Targets (issue 20): schema infer <= 10 s, retrieve p50 <= 50 ms.
Writes benchmarks/results/domain_scale.json (--json PATH to change).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import synthetic_domain  # noqa: E402
from bench_foundation import log, machine, retrieval_mode, summary  # noqa: E402

from xgrag.config import EmbeddedSettings, GraphSchema, RetrievalSettings  # noqa: E402
from xgrag.retrieval.modes import Mode  # noqa: E402
from xgrag.retrieval.retriever import Retriever  # noqa: E402
from xgrag.schema import Inference, InferOptions, infer_schema, render_toml  # noqa: E402
from xgrag.store.connection import ServerState  # noqa: E402
from xgrag.store.embedded import start, stop_pid  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

INFER_TARGET_S = 10.0
RETRIEVE_P50_TARGET_MS = 50.0
T = TypeVar("T")
KINDS = ("category", "born", "order", "supplier")
RECORD = "synthetic.json"  # in --home: what was loaded (scale, seed, counts, load seconds)


def default_mode() -> Mode:
    """The mode `xgrag retrieve` uses when none is given (read off the command, so this follows it)."""
    from xgrag.cli.graph import retrieve

    return retrieval_mode(str(inspect.signature(retrieve).parameters["mode"].default))


# -- measuring the processes ------------------------------------------------------------------------

def proc_kib(pid: int | str, field_name: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def mib(kib: int | None) -> float | None:
    return None if kib is None else round(kib / 1024, 1)


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


@dataclass
class Server:
    home: Path
    heap: str
    pagecache: str
    state: ServerState | None = None

    def start(self) -> float:
        t0 = time.perf_counter()
        self.state = start(EmbeddedSettings(home=self.home / "embedded", heap=self.heap, pagecache=self.pagecache,
                                            start_timeout=900), quiet=True)
        return time.perf_counter() - t0

    def stop(self) -> None:
        if self.state is not None:
            stop_pid(self.state.pid, timeout=300)
            (self.home / "embedded" / "state.json").unlink(missing_ok=True)
            self.state = None

    @property
    def uri(self) -> str:
        assert self.state is not None
        return self.state.uri

    @property
    def auth(self) -> tuple[str, str]:
        """The embedded server's user and generated password (authentication is on)."""
        assert self.state is not None
        conn = self.state.connection()
        return conn.user or "neo4j", conn.password or ""

    def memory(self, store: Neo4jStore) -> dict[str, Any]:
        """The server's heap (JMX; `used` includes garbage not yet collected) and its process's RSS."""
        rows = store.query("CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes "
                           "RETURN attributes.HeapMemoryUsage.value.properties AS heap")
        heap = rows[0]["heap"] if rows else {}
        assert self.state is not None
        return {"heap_used_mib": round(heap.get("used", 0) / 2**20, 1),
                "heap_committed_mib": round(heap.get("committed", 0) / 2**20, 1),
                "heap_max_mib": round(heap.get("max", 0) / 2**20, 1),
                "rss_mib": mib(proc_kib(self.state.pid, "VmRSS"))}


def python_memory() -> dict[str, float | None]:
    return {"rss_mib": mib(proc_kib("self", "VmRSS")), "peak_rss_mib": mib(proc_kib("self", "VmHWM"))}


@contextmanager
def phase(name: str, out: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A measured phase: wall seconds and the load average before and after."""
    rec: dict[str, Any] = {"load_average_before": loadavg()}
    log(f"{name} (load average {rec['load_average_before']})")
    t0 = time.perf_counter()
    yield rec
    rec["seconds"] = round(time.perf_counter() - t0, 3)
    rec["load_average_after"] = loadavg()
    out[name] = rec


# -- the graph ---------------------------------------------------------------------------------------

def load_graph(server: Server, home: Path, scale: float, seed: int) -> dict[str, Any]:
    from neo4j import GraphDatabase

    t0 = time.perf_counter()
    with GraphDatabase.driver(server.uri, auth=server.auth) as drv:
        counts = synthetic_domain.generate(drv, scale, seed)
    record = {"scale": scale, "seed": seed, **counts, "load_seconds": round(time.perf_counter() - t0, 1),
              "load_average_after": loadavg(), "loaded_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
    (home / RECORD).write_text(json.dumps(record, indent=2) + "\n")
    return record


def reusable(home: Path, scale: float, seed: int) -> dict[str, Any] | None:
    path = home / RECORD
    if not path.is_file():
        return None
    record = json.loads(path.read_text())
    if record.get("scale") != scale or record.get("seed") != seed:
        raise SystemExit(f"{home} holds the graph of --scale {record.get('scale')} --seed {record.get('seed')}, "
                         f"not --scale {scale} --seed {seed}")
    return record


def schema_names(store: Neo4jStore) -> tuple[set[str], set[str]]:
    idx = {r["name"] for r in store.query("SHOW INDEXES YIELD name RETURN name")}
    con = {r["name"] for r in store.query("SHOW CONSTRAINTS YIELD name RETURN name")}
    return idx, con


def generated_constraints() -> set[str]:
    """The constraints synthetic_domain creates (each backed by an index of the same name)."""
    return {f"{label}_{key}" for label, key in synthetic_domain.KEYS}


def drop_xgrag_additions(store: Neo4jStore) -> list[str]:
    """Drop what `xgrag migrate` added (anything beyond the generator's constraints and Neo4j's token lookup
    indexes; its XgragMigration records): a kept load stays the generated graph."""
    dropped: list[str] = []
    keep = generated_constraints()
    idx_rows = store.query("SHOW INDEXES YIELD name, type RETURN name, type")
    _, constraints = schema_names(store)
    for name in sorted(constraints - keep):
        store.query(f"DROP CONSTRAINT `{name}` IF EXISTS", read_only=False)  # names read from the server
        dropped.append(f"constraint {name}")
    for row in idx_rows:
        if row["type"] != "LOOKUP" and row["name"] not in keep and row["name"] not in constraints:
            store.query(f"DROP INDEX `{row['name']}` IF EXISTS", read_only=False)
            dropped.append(f"index {row['name']}")
    n = store.query("MATCH (m:XgragMigration) WITH m, 1 AS one DETACH DELETE m RETURN count(one) AS n",
                    read_only=False)
    if n and n[0]["n"]:
        dropped.append(f"{n[0]['n']} XgragMigration records")
    return dropped


# -- questions ---------------------------------------------------------------------------------------

@dataclass
class Question:
    kind: str
    text: str
    entity: str  # elementId of the entity the question names (the domain mapping's node id)
    answers: list[str]  # elementIds of the answer entities, or the property value
    property_key: str | None = None  # the answer is this property of `entity`


def questions(store: Neo4jStore, counts: dict[str, int], per_kind: int, seed: int) -> list[Question]:
    """Questions of the four kinds about entities drawn with `seed` (keys are 0..n-1 in the generator; orders
    100000..). Labels and keys here are the generator's fixed vocabulary."""
    rnd = random.Random(seed)
    out: list[Question] = []

    def draw(n: int) -> list[int]:
        return rnd.sample(range(n), min(per_kind, n))

    rows = store.query("UNWIND $ids AS i MATCH (p:Product {productId: i})-[:IN_CATEGORY]->(c:Category) "
                       "RETURN i, elementId(p) AS e, p.productName AS name, collect(elementId(c)) AS answers "
                       "ORDER BY i",
                       {"ids": draw(counts["Product"])})
    out += [Question("category", f"Which category is {r['name']} in?", r["e"], r["answers"]) for r in rows]
    rows = store.query("UNWIND $ids AS i MATCH (c:Customer {customerId: i}) RETURN elementId(c) AS e, "
                       "c.firstName + ' ' + c.lastName AS name, c.birthDate AS born ORDER BY i",
                       {"ids": draw(counts["Customer"])})
    out += [Question("born", f"When was {r['name']} born?", r["e"], [r["born"]], "birthDate") for r in rows]
    rows = store.query("UNWIND $ids AS i MATCH (o:Order {orderNo: i}) OPTIONAL MATCH (o)-[:CONTAINS]->(p:Product) "
                       "WITH i, o, collect(DISTINCT elementId(p)) AS answers WHERE size(answers) > 0 "
                       "RETURN elementId(o) AS e, o.orderNo AS no, answers ORDER BY i",
                       {"ids": [100_000 + i for i in rnd.sample(range(counts["Order"]),
                                                                min(per_kind * 2, counts["Order"]))]})
    out += [Question("order", f"What did order {r['no']} contain?", r["e"], r["answers"]) for r in rows[:per_kind]]
    rows = store.query("UNWIND $ids AS i MATCH (p:Product {productId: i})<-[:SUPPLIES]-(s:Supplier) "
                       "RETURN i, elementId(p) AS e, p.productName AS name, collect(elementId(s)) AS answers "
                       "ORDER BY i",
                       {"ids": draw(counts["Product"])})
    out += [Question("supplier", f"Who supplies {r['name']}?", r["e"], r["answers"]) for r in rows]
    rnd.shuffle(out)
    return out


# -- linking and retrieval ---------------------------------------------------------------------------

@dataclass
class Timings:
    link_ms: list[float] = field(default_factory=list)
    retrieve_ms: list[float] = field(default_factory=list)
    linked: int = 0
    answered: int = 0  # the retrieved context holds the answer
    truncated: int = 0
    nodes: list[int] = field(default_factory=list)
    relationships: list[int] = field(default_factory=list)
    properties: list[int] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)

    def report(self) -> dict[str, Any]:
        n = len(self.retrieve_ms)
        return {"n": n, "link_ms": summary(self.link_ms), "retrieve_ms": summary(self.retrieve_ms),
                "linked": self.linked, "context_holds_answer": self.answered, "truncated": self.truncated,
                "nodes": summary(self.nodes), "relationships": summary(self.relationships),
                "property_facts": summary(self.properties), **({"modes": self.reasons} if self.reasons else {})}


def holds_answer(q: Question, sub: Any) -> bool:
    if q.property_key:
        return any(f.owner == q.entity and f.key == q.property_key and str(f.value) in q.answers
                   for f in sub.properties.values())
    return any(a in sub.nodes for a in q.answers)


def measure(retriever: Retriever, qs: list[Question], mode: Mode, warm: list[Question]) -> dict[str, Any]:
    """Warm-up questions first (reported apart), then every question: linking alone, then retrieval (which links
    again, as `xgrag retrieve` does)."""
    warmup: list[float] = []
    for q in warm:
        t0 = time.perf_counter()
        retriever.retrieve(q.text, mode=mode)
        warmup.append((time.perf_counter() - t0) * 1000)
    total, by_kind = Timings(), {k: Timings() for k in KINDS}
    for i, q in enumerate(qs):
        t0 = time.perf_counter()
        linked = retriever.link(q.text)
        link_ms = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        sub = retriever.retrieve(q.text, mode=mode)
        retrieve_ms = (time.perf_counter() - t0) * 1000
        reason = getattr(sub, "mode", None)
        for t in (total, by_kind[q.kind]):
            t.link_ms.append(link_ms)
            t.retrieve_ms.append(retrieve_ms)
            t.linked += q.entity in {le.node.id for le in linked}
            t.answered += holds_answer(q, sub)
            t.truncated += bool(sub.truncated)
            t.nodes.append(len(sub.nodes))
            t.relationships.append(len(sub.relationships))
            t.properties.append(len(sub.properties))
            if isinstance(reason, str):
                t.reasons[reason] = t.reasons.get(reason, 0) + 1
        if (i + 1) % 50 == 0:
            log(f"  {i + 1}/{len(qs)}: retrieve p50 so far {summary(total.retrieve_ms)['p50']} ms")
    return {"warmup_ms": [round(x, 1) for x in warmup], "all": total.report(),
            "by_kind": {k: v.report() for k, v in by_kind.items()}}


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def run_cli(env: dict[str, str], *args: str) -> tuple[str, float]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, capture_output=True, text=True,
                          timeout=3600)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"xgrag {' '.join(args)} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return proc.stdout, seconds


# -- main --------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--home", type=Path, default=None, help="XGRAG_HOME of the server (default: a temp dir)")
    ap.add_argument("--reuse", action="store_true", help="measure the graph an earlier run loaded into --home")
    ap.add_argument("--keep", action="store_true", help="keep --home (and its database) afterwards")
    ap.add_argument("--heap", default="4g")
    ap.add_argument("--pagecache", default="1g")
    ap.add_argument("--infer-repeats", type=int, default=5, help="warm schema infer runs after the cold one")
    ap.add_argument("--per-kind", type=int, default=50, help="questions of each of the four kinds")
    ap.add_argument("--warmup", type=int, default=8, help="questions answered first per mode, reported apart")
    ap.add_argument("--mode", default=None, type=retrieval_mode,
                    help="retrieval mode (default: the one `xgrag retrieve` uses)")
    ap.add_argument("--phases", default="infer,read-only,migrated")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "domain_scale.json")
    args = ap.parse_args(argv)
    phases_wanted = set(args.phases.split(","))
    mode = args.mode or default_mode()
    temp = args.home is None
    home = Path(tempfile.mkdtemp(prefix="xgrag-dscale-")) if temp else args.home.resolve()
    home.mkdir(parents=True, exist_ok=True)
    server = Server(home, args.heap, args.pagecache)
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env["XGRAG_HOME"] = str(home)
    result: dict[str, Any] = {"scale": args.scale, "seed": args.seed, "mode": mode,
                              "server": {"heap": args.heap, "pagecache": args.pagecache},
                              "targets": {"schema_infer_seconds": INFER_TARGET_S,
                                          "retrieve_p50_ms": RETRIEVE_P50_TARGET_MS},
                              "load_average_start": loadavg(), "phases": {}}
    phases: dict[str, Any] = result["phases"]
    store: Neo4jStore | None = None
    try:
        record = reusable(home, args.scale, args.seed) if args.reuse else None
        if args.reuse and record is None:
            raise SystemExit(f"--reuse: {home} holds no load record ({RECORD}); run once with --home {home} --keep")
        if record is None:
            if (home / "embedded" / "db").exists():
                raise SystemExit(f"{home} already holds a database: pass --reuse, or another --home")
            log(f"starting the embedded Neo4j in {home} (heap {args.heap}, page cache {args.pagecache})")
            server.start()
            with phase("load", phases) as rec:
                record = load_graph(server, home, args.scale, args.seed)
                rec.update(record)
            log(f"loaded {record['nodes']:,} nodes, {record['relationships']:,} relationships in "
                f"{record['load_seconds']:.0f} s; restarting the server (infer's cold run follows a start)")
            server.stop()
        else:
            phases["load"] = {**record, "reused": True}
            log(f"reusing the load of {record['loaded_at']} ({record['nodes']:,} nodes, "
                f"{record['relationships']:,} relationships, loaded in {record['load_seconds']:.0f} s)")
        result["server"]["start_seconds"] = round(server.start(), 1)
        env["NEO4J_URI"] = server.uri
        env["NEO4J_USER"], env["NEO4J_PASSWORD"] = server.auth  # the CLI subprocesses' credentials
        store = Neo4jStore(server.uri, *server.auth)
        store.verify()
        result["server"]["after_start"] = server.memory(store)
        counts = synthetic_domain.counts(args.scale)

        # 1. schema infer ----------------------------------------------------------------------------
        inference: Inference | None = None
        runs: list[float] = []
        if "infer" in phases_wanted:
            with phase("schema_infer", phases) as rec:
                for i in range(1 + args.infer_repeats):
                    inferred, seconds = timed(lambda: infer_schema(store, InferOptions(read_only=True)))
                    inference = inferred
                    runs.append(round(seconds, 3))
                    log(f"  schema infer run {i + 1}{' (cold)' if i == 0 else ''}: {seconds:.2f} s, "
                        f"{inferred.summary()['queries']} queries")
                warm = runs[1:] or runs[:1]
                rec.update({"cold_seconds": runs[0], "warm": summary(warm), "runs": runs,
                            "queries": inferred.summary()["queries"],
                            "entity_labels": len(inferred.schema.entity_mappings()),
                            "target_met": max(runs) <= INFER_TARGET_S})
            mapping = home / "xgrag-readonly.toml"
            mapping.unlink(missing_ok=True)
            with phase("schema_infer_cli", phases) as rec:
                _, seconds = run_cli(env, "schema", "infer", "--read-only", "--write", str(mapping))
                rec["wall_seconds_with_python_startup"] = round(seconds, 2)
        if inference is None:
            inference = infer_schema(store, InferOptions(read_only=True))
        schema: GraphSchema = inference.schema
        result["mapping"] = {"entities": {m.label: {"name": m.name, "facts": m.facts}
                                          for m in schema.entity_mappings()},
                             "relationship_facts": schema.relationship_facts()}
        qs = questions(store, counts, args.per_kind, args.seed)
        warm_qs = questions(store, counts, max(1, args.warmup // len(KINDS)), args.seed + 1)[: args.warmup]
        result["questions"] = {"n": len(qs), "per_kind": {k: sum(q.kind == k for q in qs) for k in KINDS},
                               "examples": {k: next(q.text for q in qs if q.kind == k) for k in KINDS}}

        # 2a. read-only: the in-memory name index --------------------------------------------------------
        if "read-only" in phases_wanted:
            ro = Neo4jStore(server.uri, *server.auth, schema=schema)
            with phase("read_only", phases) as rec:
                retriever = Retriever(ro, RetrievalSettings())
                before = python_memory()
                source, seconds = timed(lambda: retriever.linker.source)
                after = python_memory()
                rec["name_index"] = {**source, "wall_seconds": round(seconds, 2), "python_before": before,
                                     "python_after": after,
                                     "rss_growth_mib": round((after["rss_mib"] or 0) - (before["rss_mib"] or 0), 1)}
                log(f"  memory name index: {source}; RSS {before['rss_mib']} -> {after['rss_mib']} MiB")
                rec.update(measure(retriever, qs, mode, warm_qs))
                rec["python_memory"] = python_memory()
                rec["server_memory"] = server.memory(store)
            ro.close()

        # 2b. migrated: xgrag's full-text index ----------------------------------------------------------
        if "migrated" in phases_wanted:
            dropped = drop_xgrag_additions(store)
            if dropped:
                log(f"  dropped what an earlier run's migrate left: {dropped}")
            writable = GraphSchema.model_validate({**schema.model_dump(), "read_only": False})
            config = home / "xgrag-migrated.toml"
            inf_rw = infer_schema(store, InferOptions(read_only=False))
            config.write_text(render_toml(inf_rw), encoding="utf-8")
            with phase("migrate", phases) as rec:
                out, seconds = run_cli(env, "migrate", "--config", str(config))
                rec.update({"wall_seconds_with_python_startup": round(seconds, 2), "output": out.strip()})
            rw = Neo4jStore(server.uri, *server.auth, schema=writable)
            with phase("migrated", phases) as rec:
                retriever = Retriever(rw, RetrievalSettings())
                rec["linking_source"] = retriever.linker.source
                rec.update(measure(retriever, qs, mode, warm_qs))
                rec["python_memory"] = python_memory()
                rec["server_memory"] = server.memory(store)
            rw.close()
            result["cleanup"] = drop_xgrag_additions(store)
        result["load_average_end"] = loadavg()
        result["python_memory_end"] = python_memory()
        result["machine"] = machine()
    finally:
        if store is not None:
            store.close()
        log("stopping the embedded Neo4j")
        server.stop()
        if temp and not args.keep:
            shutil.rmtree(home, ignore_errors=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(headline(result), indent=2))
    log(f"wrote {args.json}")
    return 0


def headline(result: dict[str, Any]) -> dict[str, Any]:
    p = result["phases"]
    out: dict[str, Any] = {"graph": {k: p["load"].get(k) for k in ("nodes", "relationships", "load_seconds")}}
    if "schema_infer" in p:
        s = p["schema_infer"]
        out["schema_infer"] = {"cold_s": s["cold_seconds"], "warm_p50_s": s["warm"]["p50"], "warm_max_s":
                               s["warm"]["max"], "n_warm": s["warm"]["n"], "target_met": s["target_met"],
                               "cli_s": p.get("schema_infer_cli", {}).get("wall_seconds_with_python_startup")}
    for name in ("read_only", "migrated"):
        if name in p:
            a = p[name]["all"]
            out[name] = {"link_p50_ms": a["link_ms"]["p50"], "link_p95_ms": a["link_ms"]["p95"],
                         "retrieve_p50_ms": a["retrieve_ms"]["p50"], "retrieve_p95_ms": a["retrieve_ms"]["p95"],
                         "n": a["n"], "linked": a["linked"], "context_holds_answer": a["context_holds_answer"]}
    if "read_only" in p:
        out["read_only"]["name_index"] = p["read_only"]["name_index"]
    return out


if __name__ == "__main__":
    sys.exit(main())
