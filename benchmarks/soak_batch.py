"""Fault-injection soak of `xgrag explain-batch` (not a test: it prints figures and writes
benchmarks/results/soak_batch.json).

What it does, all with real components and the real CLI:

1. an embedded Neo4j (authentication on) under a temporary XGRAG_HOME, holding the whole MetaQA KB
   (../shared/data/metaqa-full, 129k triples, ingested with `xgrag ingest triples`); its checksum;
2. an OpenAI-protocol test server (tests/support/openai_server.py: real HTTP, the same server the protocol tests
   use) as the generator; `--model rule` (default) backs it with a rule reader (it answers with the fact of the
   prompt that shares most words with the question), `--model smollm2` with SmolLM2-135M (about an hour for 300
   questions on this 2-core machine). The soak measures fault tolerance, not answers;
3. `xgrag explain-batch` over `--questions` (default 300) unbracketed dev questions, `--ray local --workers 2`,
   while a controller thread, paced by the records the batch writes, injects the faults:
   - HTTP 500s: bursts of 2 (the client's retries absorb them) and, twice, a burst longer than the retries
     (the question in hand is cut: an incomplete record),
   - stalls: a request held for longer than the client's --timeout (the client gives up and retries),
   - the database restarted twice (`xgrag db stop`, `xgrag db start`: questions asked meanwhile fail),
   - one Ray worker killed with SIGKILL (the one that wrote the latest record);
4. the same command again (one resume), without faults, if the first run left questions not done;
5. the checks: every question has exactly one record, "done", under the run's fingerprint; none is in the
   summary twice; none was explained by the resume after being done in the first run (done exactly once); the
   graph's checksum is what it was before.

    python benchmarks/soak_batch.py [--questions 300] [--workers 2] [--model rule|smollm2] [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the protocol test servers live with the tests
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_foundation import machine  # noqa: E402
from metaqa_full import DATA, plain  # noqa: E402

from support.openai_server import OpenAITestServer  # noqa: E402
from support.readers import RuleReader  # noqa: E402

CHAT = "/v1/chat/completions"


def xgrag(env: dict[str, str], *args: str, check: bool = True, timeout: float = 3600) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)
    if check and proc.returncode != 0:
        raise SystemExit(f"xgrag {' '.join(args[:3])} exited {proc.returncode}:\n{proc.stderr[-3000:]}")
    return proc


def log(text: str) -> None:
    print(f"[soak {time.strftime('%H:%M:%S')}] {text}", flush=True)


def sample_questions(n: int, seed: int) -> list[dict[str, str]]:
    rows = [json.loads(line) for line in (DATA / "questions_dev.jsonl").read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    rng.shuffle(rows)
    out, seen = [], set()
    for r in rows:
        q = plain(r["question"]).strip()
        if q and q not in seen and len(q) <= 2000:
            seen.add(q)
            out.append({"id": r["qid"], "question": q})
        if len(out) == n:
            break
    return out


class Faults:
    """Injects the faults as the batch progresses (paced by the records it writes), and counts them."""

    def __init__(self, env: dict[str, str], home: Path, out: Path, server: OpenAITestServer, total: int,
                 timeout: float, seed: int) -> None:
        self.env, self.home, self.out, self.server, self.total = env, home, out, server, total
        self.timeout = timeout
        self.rng = random.Random(seed)
        self.events: list[dict[str, Any]] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="soak-faults", daemon=True)
        n = total
        # (at how many records, what): spread over the first 80% so the faults meet a running batch
        plan: list[tuple[int, str]] = [(int(n * f), "restart") for f in (0.25, 0.6)]
        plan += [(int(n * 0.42), "kill_worker")]
        plan += [(int(n * f), "burst_long") for f in (0.15, 0.7)]
        plan += [(k, "burst") for k in range(max(5, n // 20), int(n * 0.8), max(5, n // 10))]
        plan += [(k, "stall") for k in range(max(8, n // 15), int(n * 0.8), max(8, n // 8))]
        self.plan = sorted(plan)

    def records(self) -> int:
        try:
            return sum(1 for _ in (self.out / "questions").glob("*.json"))
        except OSError:
            return 0

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.done.set()
        self.thread.join(timeout=600)

    def _run(self) -> None:
        pending = list(self.plan)
        while pending and not self.done.is_set():
            at, what = pending[0]
            if self.records() < at:
                self.done.wait(0.2)
                continue
            pending.pop(0)
            t0 = time.monotonic()
            detail = getattr(self, f"_{what}")()
            self.events.append({"at_records": self.records(), "fault": what, "seconds": round(time.monotonic() - t0, 2),
                                **(detail or {})})
            log(f"fault {what} at {at} records: {detail or ''}")

    def _burst(self) -> dict[str, Any]:
        self.server.fail_next(CHAT, 500, times=2)  # the client retries 2 times: absorbed
        return {"http_500": 2}

    def _burst_long(self) -> dict[str, Any]:
        self.server.fail_next(CHAT, 500, times=6)  # more than the retries: a question is cut part-way
        return {"http_500": 6}

    def _stall(self) -> dict[str, Any]:
        self.server.delay_next(CHAT, self.timeout + 2.0)  # longer than the client's --timeout: it retries
        return {"stall_seconds": self.timeout + 2.0}

    def _restart(self) -> dict[str, Any]:
        t0 = time.monotonic()
        xgrag(self.env, "db", "stop", timeout=600)
        stopped = time.monotonic() - t0
        xgrag(self.env, "db", "start", timeout=900)
        return {"stop_seconds": round(stopped, 1), "down_seconds": round(time.monotonic() - t0, 1)}

    def _kill_worker(self) -> dict[str, Any]:
        """SIGKILL the Ray worker that wrote the latest record (a process of this soak's run, by construction)."""
        files = sorted((self.out / "questions").glob("*.json"), key=lambda p: p.stat().st_mtime)
        for path in reversed(files):
            try:
                pid = int(json.loads(path.read_text())["worker_pid"])
            except (OSError, ValueError, KeyError):
                continue
            environ = Path(f"/proc/{pid}/environ")
            try:
                mine = f"XGRAG_HOME={self.home}".encode() in environ.read_bytes()
            except OSError:
                continue  # that worker is gone already
            if mine:
                os.kill(pid, signal.SIGKILL)
                return {"killed_pid": pid}
        return {"killed_pid": None}


def run_batch(env: dict[str, str], args: list[str]) -> tuple[int, float, str]:
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", "explain-batch", *args], env=env, capture_output=True,
                          text=True, timeout=6 * 3600)
    return proc.returncode, time.monotonic() - t0, proc.stderr


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--questions", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--model", choices=("rule", "smollm2"), default="rule")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--max-calls", type=int, default=10, help="generator calls per question")
    ap.add_argument("--timeout", type=float, default=3.0, help="the client's per-request timeout (s)")
    ap.add_argument("--heap", default=os.environ.get("XGRAG_NEO4J_HEAP", "1g"))
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "soak_batch.json")
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="xgrag-soak-"))
    home, out = work / "home", work / "out"
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(XGRAG_HOME=str(home), XGRAG_NEO4J_HEAP=args.heap, COLUMNS="200")
    res: dict[str, Any] = {"machine": machine(), "load_average_start": [round(x, 2) for x in os.getloadavg()],
                           "settings": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}}
    t_all = time.monotonic()
    try:
        log(f"embedded Neo4j in {home}")
        xgrag(env, "db", "start", timeout=900)
        xgrag(env, "migrate")
        t = time.monotonic()
        ingest = json.loads(xgrag(env, "ingest", "triples", str(DATA / "kb.tsv"), "--format", "metaqa",
                                  "--json").stdout)
        res["ingest"] = {"triples": ingest["triples"], "seconds": round(time.monotonic() - t, 1)}
        before = json.loads(xgrag(env, "checksum").stdout)
        log(f"KB: {before['nodes']} nodes, {before['relationships']} relationships")
        questions = sample_questions(args.questions, args.seed)
        qfile = work / "questions.jsonl"
        qfile.write_text("".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8")

        factory = RuleReader if args.model == "rule" else None
        with OpenAITestServer(chat_models=("soak",), generator_factory=factory, default_max_tokens=24) as server:
            batch = [str(qfile), "--out", str(out), "--generator", "openai:soak", "--base-url", f"{server.url}/v1",
                     "--timeout", f"{args.timeout:g}", "--max-retries", "2", "--noise-runs", "1",
                     "--max-calls", str(args.max_calls), "--ray", "local", "--workers", str(args.workers)]
            faults = Faults(env, home, out, server, len(questions), args.timeout, args.seed)
            faults.start()
            code1, secs1, err1 = run_batch(env, batch)
            faults.stop()
            first = json.loads((out / "summary.json").read_text())
            first_done = {r["id"] for r in first["rows"] if r["status"] == "done"}
            # the records done in the first run, byte for byte: a resume that rewrote one would have redone it
            kept = {i: (out / "questions" / f"{i}.json").read_bytes() for i in first_done}
            log(f"first run: exit {code1} in {secs1:.0f} s; " + ", ".join(
                f"{k} {first[k]}" for k in ("done", "incomplete", "failed", "not_run", "worker_deaths")))
            if "Traceback" in err1:
                log("the first run printed a traceback:\n" + err1[-3000:])
            runs = [{"exit": code1, "seconds": round(secs1, 1), "done": first["done"],
                     "incomplete": first["incomplete"], "failed": first["failed"], "not_run": first["not_run"],
                     "worker_deaths": first["worker_deaths"], "neo4j_pauses": first["neo4j_pauses"],
                     "traceback": "Traceback" in err1,
                     "messages": [line for line in err1.splitlines() if "Neo4j" in line or "worker" in line][:20]}]
            faults_served = Counter(r.fault for r in server.requests_to(CHAT) if r.fault)
            requests_first = len(server.requests_to(CHAT))
            server.clear()  # faults queued as the first run ended must not meet the resume: it runs without any
            resumes = 0
            resumed_ids: set[str] = set()
            if first["done"] < len(questions):
                resumes = 1
                code2, secs2, err2 = run_batch(env, batch)
                second = json.loads((out / "summary.json").read_text())
                resumed_ids = {r["id"] for r in second["rows"] if r["status"] == "done"} - first_done
                runs.append({"exit": code2, "seconds": round(secs2, 1), "done": second["done"],
                             "explained_now": second["explained_now"], "reused": second["reused"],
                             "traceback": "Traceback" in err2})
                log(f"resume: exit {code2} in {secs2:.0f} s; done {second['done']}, explained now "
                    f"{second['explained_now']}, reused {second['reused']}")
        after = json.loads(xgrag(env, "checksum").stdout)

        final = json.loads((out / "summary.json").read_text())
        ids = [r["id"] for r in final["rows"]]
        fingerprint = final["fingerprint"]
        records = {}
        for q in questions:
            path = out / "questions" / f"{q['id']}.json"
            try:
                records[q["id"]] = json.loads(path.read_text())
            except (OSError, ValueError):
                pass
        done = [i for i, r in records.items() if r.get("status") == "done" and r.get("fingerprint") == fingerprint]
        # done in the first run and written again by the resume: explained twice
        rewritten = [i for i, raw in kept.items() if (out / "questions" / f"{i}.json").read_bytes() != raw]
        res["figures"] = {
            "questions": len(questions),
            "done": len(done),
            "duplicated": sum(c - 1 for c in Counter(ids).values() if c > 1) + len(rewritten),
            "rows_in_summary": len(ids),
            "lost": len(questions) - len(done),
            "resumes_needed": resumes,
            "done_in_first_run": len(first_done),
            "done_by_the_resume": len(resumed_ids),
            "seconds_first_run": runs[0]["seconds"],
            "seconds_total": round(sum(r["seconds"] for r in runs), 1),
            "checksum_before": before, "checksum_after": after, "checksum_unchanged": before == after,
            "stray_temporary_files": sum(1 for _ in (out / "questions").glob("*.tmp")),
        }
        res["runs"] = runs
        res["faults"] = {"events": faults.events, "served_by_the_server": dict(faults_served),
                         "chat_requests_first_run": requests_first}
        f = res["figures"]
        ok = (f["done"] == f["questions"] and f["duplicated"] == 0 and f["lost"] == 0 and resumes <= 1
              and f["checksum_unchanged"] and not any(r["traceback"] for r in runs))
        res["verdict"] = "met" if ok else "MISSED"
        log(f"{f['done']}/{f['questions']} done, duplicated {f['duplicated']}, lost {f['lost']}, resumes "
            f"{resumes}, {f['seconds_total']:.0f} s, checksum {'unchanged' if f['checksum_unchanged'] else 'CHANGED'}"
            f": {res['verdict']}")
    finally:
        xgrag(env, "db", "stop", check=False, timeout=600)
        res["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
        res["seconds_with_setup"] = round(time.monotonic() - t_all, 1)
        res["work_dir"] = str(work)
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
        log(f"wrote {args.json}")
    return 0 if res.get("verdict") == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
