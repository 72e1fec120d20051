"""What the benchmarks share to find their Neo4j and their data (one copy, not one per script).

The server: `XGRAG_BENCH_URI`, else `NEO4J_URI` (+ `NEO4J_USER`, `NEO4J_PASSWORD`, `NEO4J_DATABASE`) when set: a
server of your own, left running; otherwise an embedded Neo4j 5.26 + GDS + APOC started in a temporary home for the
run, with authentication on (its generated password, as `xgrag db start` gives a user), stopped and removed at the
end, even on error. Benchmarks that write (ingest a KB, load a graph) write into that database: point the variables
at a scratch one.

The data: `../shared/data` beside the checkout (a worktree under wt/ finds it further up), or `XGRAG_DATA`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from xgrag.config import EmbeddedSettings
from xgrag.store.neo4j import Neo4jStore

ROOT = Path(__file__).resolve().parents[1]


def _shared_data() -> Path:
    if os.environ.get("XGRAG_DATA"):
        return Path(os.environ["XGRAG_DATA"])
    return next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
                ROOT.parent / "shared" / "data")


SHARED_DATA = _shared_data()


@dataclass(frozen=True)
class Server:
    """A running server's connection; `embedded` when this run started it (and will stop it)."""

    uri: str
    user: str | None
    password: str | None
    database: str
    embedded: bool
    home: Path | None = None  # an embedded server's folder (its database files), removed at the end

    def store(self) -> Neo4jStore:
        return Neo4jStore(self.uri, self.user, self.password, self.database)

    def env(self) -> dict[str, str]:
        """The variables an `xgrag` command run as a subprocess connects with (never print them: the password)."""
        out = {"NEO4J_URI": self.uri, "NEO4J_DATABASE": self.database}
        if self.user is not None:
            out["NEO4J_USER"] = self.user
        if self.password is not None:
            out["NEO4J_PASSWORD"] = self.password
        return out


def from_environment() -> Server | None:
    """The server the environment names (XGRAG_BENCH_URI, else NEO4J_URI), or None."""
    uri = os.environ.get("XGRAG_BENCH_URI") or os.environ.get("NEO4J_URI")
    if not uri:
        return None
    return Server(uri, os.environ.get("NEO4J_USER", "neo4j"), os.environ.get("NEO4J_PASSWORD"),
                  os.environ.get("NEO4J_DATABASE", "neo4j"), embedded=False)


@contextmanager
def server(heap: str = "1g", pagecache: str = "256m", prefix: str = "xgrag-bench-") -> Iterator[Server]:
    """The environment's server, else an embedded one (`heap`, `pagecache`; XGRAG_NEO4J_HEAP wins over `heap`, and
    XGRAG_NEO4J_JVM_OPTS adds JVM flags, as for `xgrag db start`) for the length of the block."""
    given = from_environment()
    if given is not None:
        yield given
        return
    from xgrag.store.embedded import start, stop_pid

    home = Path(tempfile.mkdtemp(prefix=prefix))
    state = None
    try:
        state = start(EmbeddedSettings(home=home, heap=os.environ.get("XGRAG_NEO4J_HEAP", heap), pagecache=pagecache,
                                       jvm_options=shlex.split(os.environ.get("XGRAG_NEO4J_JVM_OPTS", ""))))
        conn = state.connection()
        yield Server(conn.uri, conn.user, conn.password, conn.database, embedded=True, home=home)
    finally:
        if state is not None:
            stop_pid(state.pid)
        shutil.rmtree(home, ignore_errors=True)


@contextmanager
def server_store(heap: str = "1g", pagecache: str = "256m", prefix: str = "xgrag-bench-") -> Iterator[Neo4jStore]:
    """A store on `server(...)`, closed before the server stops."""
    with server(heap, pagecache, prefix) as srv, srv.store() as store:
        yield store
