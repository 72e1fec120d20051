"""Shared fixtures. One real Neo4j (5.26 + GDS + APOC) per test run:

1. XGRAG_TEST_NEO4J_URI (+ NEO4J_USER / NEO4J_PASSWORD): a server you already run;
2. else, when a Docker engine answers and testcontainers is installed: a neo4j:5.26 container with plugins;
3. else (this machine): the embedded launcher from embedded-neo4j/, built on first use, with authentication on
   and the password it generated (what `xgrag db start` gives a user).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import embedded_settings, wipe
from xgrag.config import GraphSchema
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

# The suite a test belongs to, by its folder (tests/<suite>/...): `-m unit`, `-m "not e2e"`. The other markers
# (llm: runs SmolLM2, browser: drives chromium, slow) are set on the tests themselves; all are registered in
# pyproject.toml and `--strict-markers` refuses unregistered ones.
SUITES = ("unit", "integration", "e2e")

# Every embedded Neo4j the tests start (the session's, a test's own, and the CLI's `db start` in e2e tests, which
# inherit this environment) compiles with C1 only: a test server lives for minutes and runs small queries, so C2's
# compilations mostly burn CPU the other test process needs. A server start took 8.6-9.1 CPU-s with it and 15-16
# without (both from the class archive; 21.6 with neither). An explicit setting wins.
os.environ.setdefault("XGRAG_NEO4J_JVM_OPTS", "-XX:TieredStopAtLevel=1")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tests = Path(__file__).resolve().parent
    for item in items:
        parts = item.path.resolve().relative_to(tests).parts
        suite = parts[0] if len(parts) > 1 and parts[0] in SUITES else None
        if suite is None:
            raise pytest.UsageError(f"{item.nodeid}: a test lives in tests/unit, tests/integration or tests/e2e")
        item.add_marker(suite)


# Seconds per test file and per test process (setup + call + teardown of its tests), printed after the run: under
# xdist the files are dealt to the processes whole, so the run lasts as long as the busier process; these lines say
# how the files were dealt and which are the long ones (scripts/test.sh's --durations=20 names single tests).
_FILE_SECONDS: dict[tuple[str, str], float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    worker = getattr(getattr(getattr(report, "node", None), "gateway", None), "id", "main")  # xdist sets .node
    key = (worker, report.nodeid.split("::", 1)[0])
    _FILE_SECONDS[key] = _FILE_SECONDS.get(key, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if len(_FILE_SECONDS) < 2:
        return
    workers: dict[str, list[float]] = {}
    for (worker, _), seconds in _FILE_SECONDS.items():
        workers.setdefault(worker, []).append(seconds)
    terminalreporter.write_sep("=", "seconds per test process, and the 15 longest files")
    for worker, files in sorted(workers.items()):
        terminalreporter.write_line(f"{worker}: {sum(files):.0f} s in {len(files)} files")
    for (worker, path), seconds in sorted(_FILE_SECONDS.items(), key=lambda kv: -kv[1])[:15]:
        terminalreporter.write_line(f"{seconds:8.1f}s {worker} {path}")


def _docker_answers() -> bool:
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture(scope="session")
def neo4j_uri() -> Iterator[tuple[str, str | None, str | None]]:
    uri = os.environ.get("XGRAG_TEST_NEO4J_URI")
    if uri:
        yield uri, os.environ.get("NEO4J_USER", "neo4j"), os.environ.get("NEO4J_PASSWORD")
        return
    if _docker_answers():
        try:
            from testcontainers.neo4j import Neo4jContainer
        except ImportError:
            Neo4jContainer = None  # noqa: N806
        if Neo4jContainer is not None:
            container = Neo4jContainer("neo4j:5.26", password="xgrag-test-password").with_env(
                "NEO4J_PLUGINS", '["apoc", "graph-data-science"]').with_env(
                "NEO4J_dbms_security_procedures_unrestricted", "gds.*,apoc.*")
            with container as c:
                yield c.get_connection_url(), "neo4j", "xgrag-test-password"
            return
    from xgrag.store.embedded import start, stop_pid

    home = Path(tempfile.mkdtemp(prefix="xgrag-test-neo4j-"))
    state = start(embedded_settings(home, "2g"))
    try:
        conn = state.connection()
        yield state.uri, conn.user, conn.password
    finally:
        stop_pid(state.pid)
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def server(neo4j_uri) -> Iterator[Neo4jStore]:
    uri, user, password = neo4j_uri
    store = Neo4jStore(uri, user, password)
    store.verify()
    yield store
    store.close()


@pytest.fixture
def store(server: Neo4jStore) -> Neo4jStore:
    """An empty database with xgrag's migrations applied (xgrag schema)."""
    wipe(server)
    migrate(server, GraphSchema(), 384)
    return server
