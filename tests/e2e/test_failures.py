"""Failures that keep the work, as a user meets them: a real `xgrag` subprocess with its own embedded Neo4j
(XGRAG_HOME in a temp dir, authentication on) over the sample KG. The server is killed (SIGKILL) mid-run under
--apply cypher and --apply memory, the CLI gets SIGINT and SIGTERM mid-run, outputs cannot be written, no server
answers at start. Each test counts the answered probes that were kept, checks xgrag's own message, the documented
exit status, that no traceback is printed, and that a re-run with the same settings completes from the response
cache. Wall times (kill -> message) are measured and printed (`-s` shows them), not asserted against a margin a
loaded machine could miss: what is asserted is the configured retry budget xgrag reports it waited within.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers import SAMPLE
from xgrag.store.connection import pid_alive

pytestmark = pytest.mark.e2e

QUESTION = "what genres are the movies directed by [John Schlesinger] in"  # 33 facts in the sample KG
# leave-one-out over every entity, fact and sub-path: ~100 probes, long enough to be cut part-way
EXPLAIN = ["explain", QUESTION, "--strategy", "node,edge,subpath", "--scheduler", "exhaustive", "--noise-runs", "1"]
BUDGET = 3.0  # neo4j.retry_budget's default (xgrag.store.neo4j.DEFAULT_RETRY_BUDGET)
WAIT = 600.0  # generous: a test never fails because a loaded machine was slow
MEASURED: dict[str, float] = {}


def run(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, capture_output=True, text=True,
                          timeout=WAIT)
    if check and proc.returncode != 0:
        raise AssertionError(f"xgrag {' '.join(args)} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


class Running:
    """A CLI subprocess whose stderr lines are read as they come, each with the time it arrived."""

    def __init__(self, env: dict[str, str], *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "xgrag.cli", *args], env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: list[tuple[float, str]] = []
        self.stdout = ""
        self._err = threading.Thread(target=self._read_err, daemon=True)
        self._out = threading.Thread(target=self._read_out, daemon=True)
        self._err.start()
        self._out.start()

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append((time.monotonic(), line))

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        self.stdout = self.proc.stdout.read()

    def wait(self) -> int:
        code = self.proc.wait(timeout=WAIT)
        self._err.join(timeout=60)
        self._out.join(timeout=60)
        return code

    @property
    def stderr(self) -> str:
        return "".join(text for _, text in self.lines)

    def first(self, needle: str) -> float:
        """When the first stderr line holding `needle` arrived (lines may be wrapped: spaces are folded)."""
        joined = ""
        for at, text in self.lines:
            joined += text
            if needle in " ".join(joined.split()):
                return at
        raise AssertionError(f"{needle!r} never appeared on stderr:\n{self.stderr}")


def wait_for(condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Wait for an observable condition (a file, a row count), never for a guessed time."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def cache_rows(home: Path) -> int:
    """Answers in the CLI's response cache (one per generator call): how far a run has got."""
    path = home / "cache.sqlite"
    if not path.is_file():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return int(db.execute("SELECT count(*) FROM responses").fetchone()[0])
    except sqlite3.OperationalError:
        return 0  # created but not yet holding its table


def server_pid(home: Path) -> int:
    return int(json.loads((home / "embedded" / "state.json").read_text())["pid"])


def kill_server(home: Path) -> float:
    os.kill(server_pid(home), signal.SIGKILL)
    return time.monotonic()


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("xgrag-home")


@pytest.fixture(scope="module")
def base_env(home: Path):
    e = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    e.update(XGRAG_HOME=str(home), COLUMNS="200")
    run(e, "db", "start")
    run(e, "migrate")
    run(e, "ingest", "triples", str(SAMPLE / "metaqa_triples.tsv"))
    yield e
    run(e, "db", "stop", check=False)
    if MEASURED:
        print("\nmeasured (s):", json.dumps({k: round(v, 2) for k, v in MEASURED.items()}))


@pytest.fixture
def env(base_env: dict[str, str], home: Path) -> dict[str, str]:
    """The server running (a previous test may have killed it), the response cache empty."""
    run(base_env, "db", "start")  # a no-op when it runs; after a kill, a new server on the same data and port
    (home / "cache.sqlite").unlink(missing_ok=True)
    return base_env


@pytest.mark.slow
def test_database_killed_mid_run_under_apply_cypher(env, home: Path, tmp_path: Path) -> None:
    data, page = tmp_path / "p.json", tmp_path / "p.html"
    cli = Running(env, *EXPLAIN, "--apply", "cypher", "--json", str(data), "--html", str(page))
    wait_for(lambda: cache_rows(home) >= 4 or cli.proc.poll() is not None, "4 answers (baseline + 3 probes)")
    killed = kill_server(home)
    code = cli.wait()
    err = flat(cli.stderr)
    assert code == 3, err  # written, incomplete
    no_traceback(cli.stderr, cli.stdout)
    # why it stopped, said once and in plain words: in the report beside the answer; stderr points to it
    assert "Incomplete: Neo4j was lost while removing each part of the context in turn (lost the connection to " \
           "Neo4j" in flat(cli.stdout), cli.stdout
    assert "incomplete explanation written to" in err, err
    assert f"written to {data}, {page}" in err
    MEASURED["cypher: kill -> message"] = cli.first("incomplete explanation") - killed
    ex = json.loads(data.read_text())
    inc = ex["incomplete"]
    assert inc["reason"] == "neo4j" and inc["error"] == "StoreError" and inc["stage"] == "exhaustive"
    assert f"retry budget {BUDGET:g} s" in inc["message"]
    waited = float(re.search(r"after ([0-9.]+) s", inc["message"]).group(1))  # type: ignore[union-attr]
    assert waited <= 3 * BUDGET  # what xgrag waited on the call that failed: bounded by the budget, not 30-100 s
    MEASURED["cypher: the failing call waited"] = waited
    # the probes answered before the kill are kept, and the answers since (their contexts were already retrieved)
    assert inc["answered"] >= 3 and inc["answered"] + inc["missing"] == inc["planned"] and inc["missing"] > 0
    measured = [c for c in ex["components"] if c["evaluated"] == "measured"]
    assert len(measured) == inc["answered"] == ex["cost"]["perturbations"]
    assert sum(c["evaluated"] == "failed" for c in ex["components"]) == inc["missing"]
    assert "Incomplete explanation" in page.read_text(encoding="utf-8")
    MEASURED["cypher: probes kept"] = inc["answered"]

    run(env, "db", "start")  # the user restarts the server and runs the same command again
    again = tmp_path / "again.json"
    done = run(env, *EXPLAIN, "--apply", "cypher", "--json", str(again))
    no_traceback(done.stderr)
    complete = json.loads(again.read_text())
    assert complete["incomplete"] is None
    cost, first = complete["cost"], ex["cost"]
    assert cost["cache_hits"] >= first["generator_calls"]  # every answer of the cut run came from the cache
    assert cost["generator_calls"] <= inc["missing"]  # only what was missing was asked


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_run_writes_the_partial_explanation(env, home: Path, tmp_path: Path,
                                                         sig: signal.Signals) -> None:
    data, page = tmp_path / "s.json", tmp_path / "s.html"
    cli = Running(env, *EXPLAIN, "--apply", "cypher", "--json", str(data), "--html", str(page))
    wait_for(lambda: cache_rows(home) >= 4 or cli.proc.poll() is not None, "4 answers")
    cached = cache_rows(home)  # the baseline and the probes answered before the signal
    sent = time.monotonic()
    cli.proc.send_signal(sig)
    code = cli.wait()
    err = flat(cli.stderr)
    assert code == 128 + sig, err  # 130 / 143, documented
    no_traceback(cli.stderr, cli.stdout)
    assert f"{sig.name}: stopping; writing what was answered so far" in err
    assert f"wrote {data}" in err and f"wrote {page}" in err and f"written to {data}, {page}" in err
    MEASURED[f"{sig.name}: signal -> exit"] = time.monotonic() - sent
    ex = json.loads(data.read_text())
    inc = ex["incomplete"]
    assert inc["reason"] == "cancelled" and inc["message"] == sig.name
    # each probe answered before the signal is in the explanation, or was one of the calls in flight the stop
    # cancelled: its answer can reach the cache (the call finishes in its thread) after the probe was cut, so the
    # bound counts both; which one a loaded machine gives is timing (a CI run saw 2 kept + 1 cut of 3)
    assert inc["answered"] >= 1 and inc["answered"] + inc["cancelled_in_flight"] >= cached - 1
    assert len([c for c in ex["components"] if c["evaluated"] == "measured"]) == inc["answered"]
    MEASURED[f"{sig.name}: probes kept"] = inc["answered"]

    again = tmp_path / "again.json"
    run(env, *EXPLAIN, "--apply", "cypher", "--json", str(again))
    cost = json.loads(again.read_text())["cost"]
    assert cost["cache_hits"] >= max(ex["cost"]["generator_calls"], cached)  # nothing answered was asked again
    assert cost["generator_calls"] <= inc["missing"]


def test_sigterm_to_explain_batch_writes_the_summary_and_a_resume_finishes(env, home: Path, tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    names = ["Tom Gries", "John Schlesinger", "Casey Affleck", "Martha Coolidge", "Tarik Lowe", "Jeethu Joseph"]
    questions.write_text("".join(json.dumps({"id": f"q{i}", "question": f"which movies are related to [{n}]"}) + "\n"
                                 for i, n in enumerate(names)), encoding="utf-8")
    out = tmp_path / "batch"
    cli = Running(env, "explain-batch", str(questions), "--out", str(out), "--noise-runs", "1")
    wait_for(lambda: any((out / "questions").glob("*.json")) or cli.proc.poll() is not None, "the first record")
    cli.proc.send_signal(signal.SIGTERM)
    code = cli.wait()
    err = flat(cli.stderr)
    no_traceback(cli.stderr, cli.stdout)
    summary = json.loads((out / "summary.json").read_text())
    if code == 0:  # the batch finished before the signal was handled: nothing to resume (rare; still checked)
        assert summary["done"] == len(names)
        return
    assert code == 143, err
    assert f"summary in {out / 'summary.json'}" in err and summary["stopped"] is True
    first_done = {r["id"] for r in summary["rows"] if r["status"] == "done"}
    assert summary["done"] >= 1 and summary["questions"] == len(names)
    MEASURED["batch SIGTERM: questions kept"] = len(first_done)

    resumed = run(env, "explain-batch", str(questions), "--out", str(out), "--noise-runs", "1")
    no_traceback(resumed.stderr)
    after = json.loads((out / "summary.json").read_text())
    assert after["done"] == len(names) and after["reused"] == len(first_done)
    redone = {r["id"] for r in after["rows"]} - first_done
    assert after["explained_now"] == len(redone)  # each question explained once: the kept ones were not redone


def test_unwritable_outputs_are_found_before_any_call(env, home: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    proc = run(env, *EXPLAIN, "--json", str(a_file / "e.json"), "--html", str(tmp_path), check=False)
    err = flat(proc.stderr)
    assert proc.returncode == 2, err
    no_traceback(proc.stderr)
    assert f"--json {a_file / 'e.json'}: {a_file} exists and is not a folder" in err
    assert f"--html {tmp_path}: is a folder; give a file name" in err and "nothing was run" in err
    assert cache_rows(home) == 0  # not one generator call
    questions = tmp_path / "q.jsonl"  # a valid questions file: the command line is read in order, --out after it
    questions.write_text(json.dumps({"id": "q1", "question": QUESTION}) + "\n", encoding="utf-8")
    proc = run(env, "explain-batch", str(questions), "--out", str(a_file / "out"), check=False)
    err = flat(proc.stderr)
    assert proc.returncode == 2 and f"--out {a_file / 'out'}: {a_file} exists and is not a folder" in err, err
    assert cache_rows(home) == 0


def test_database_killed_mid_run_under_apply_memory_keeps_every_probe(env, home: Path, tmp_path: Path) -> None:
    """In memory, probes need no database once the subgraph is retrieved: the run finishes; --save then meets the
    dead server and says so within the retry budget, after the files and the table were written."""
    data = tmp_path / "m.json"
    cli = Running(env, *EXPLAIN, "--json", str(data), "--save")
    wait_for(lambda: cache_rows(home) >= 4 or cli.proc.poll() is not None, "4 answers")
    killed = kill_server(home)
    code = cli.wait()
    err = flat(cli.stderr)
    assert code == 1, err
    no_traceback(cli.stderr, cli.stdout)
    assert "error: --save: lost the connection to Neo4j" in err or "error: --save: cannot reach Neo4j" in err, err
    assert f"retry budget {BUDGET:g} s" in err
    MEASURED["memory: kill -> save message (includes the rest of the run)"] = cli.first("error: --save") - killed
    ex = json.loads(data.read_text())
    assert ex["incomplete"] is None and ex["cost"]["perturbations"] == sum(
        c["evaluated"] in ("measured", "conditional") for c in ex["components"])
    assert "most important components" in cli.stdout  # the console table was printed before the save
    MEASURED["memory: probes kept"] = ex["cost"]["perturbations"]


@pytest.fixture
def dead_env(base_env: dict[str, str], home: Path) -> dict[str, str]:
    """The server dead, its state file stale, the response cache empty. The test before this one (the kill under
    --apply memory) leaves it so: then it is not restarted only to be killed again (a start costs ~30 s on the 2-core
    machine); run alone, the server the module started is killed here."""
    if pid_alive(server_pid(home)):
        kill_server(home)
    wait_for(lambda: not pid_alive(server_pid(home)), "the killed server to exit")
    (home / "cache.sqlite").unlink(missing_ok=True)
    return base_env


def test_no_server_at_start_is_one_message(dead_env, home: Path) -> None:
    env = dead_env  # the server died before the command: its state file is stale
    started = time.monotonic()
    proc = run(env, *EXPLAIN, check=False)
    MEASURED["dead server at start: command -> exit"] = time.monotonic() - started
    err = flat(proc.stderr)
    assert proc.returncode == 1, err
    no_traceback(proc.stderr)
    assert "no Neo4j to talk to: start the embedded server with `xgrag db start`" in err
    port = json.loads((home / "embedded" / "state.json").read_text())["port"]
    proc = run({**env, "NEO4J_URI": f"bolt://127.0.0.1:{port}", "NEO4J_PASSWORD": "unused"}, *EXPLAIN, check=False)
    err = flat(proc.stderr)
    assert proc.returncode == 1 and f"cannot reach Neo4j at bolt://127.0.0.1:{port}" in err, err
    assert "connection refused" in err and "Transaction failed and will be retried" not in err
    no_traceback(proc.stderr)
    assert cache_rows(home) == 0
