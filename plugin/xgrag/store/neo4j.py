"""A thin wrapper over the Neo4j driver: one driver per store, named queries in read transactions.

A lost server is reported within a bounded time: the driver retries a failed managed transaction for at most
`retry_budget` seconds (its default is 30 s, and its back-off can sleep past that: a user waited 30-100 s
while its "will be retried" lines scrolled), a connection attempt times out after `retry_budget` seconds, and
every driver error a user can act on becomes a StoreError naming how long xgrag waited. The driver's own log
lines reach stderr only when asked (`show_driver_log(True)`, the CLI's --verbose).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import neo4j
from neo4j import GraphDatabase

from xgrag.config import GraphSchema, Settings
from xgrag.errors import ServiceError, UsageError
from xgrag.store.queries import QueryLibrary

if TYPE_CHECKING:
    from xgrag.store.connection import Connection


class StoreError(ServiceError):
    """Neo4j failed us: unreachable, connection lost."""


class StoreConfigError(UsageError):
    """The connection settings are wrong: a URI xgrag cannot use, credentials the server refuses."""


class CredentialsRefused(StoreConfigError):
    """The server answered and refused the credentials (or wanted some and got none): it is running, the
    configuration is wrong. Its own class so `xgrag db status` can tell it from a server that is not there."""


class ReadOnlyError(UsageError):
    """A write was asked of a store whose schema mapping is read-only: refused before it reached the server."""


class MissingMigration(UsageError):
    """A query needs an index xgrag's migrations create (full-text, vector) and the database has none."""


def migrate_command(preset: str) -> str:
    """The command that creates the indexes of schema preset `preset`, named in every missing-index hint: a bare
    `xgrag migrate` migrates the preset the configuration names ("xgrag" unless told), which need not be the one the
    failing code was given (a LlamaIndex graph read with `load_settings(preset="llamaindex")`)."""
    return f"xgrag migrate --preset {preset}"


def _first_line(exc: BaseException) -> str:
    """The driver's reason in a few words (its own text, with socket addresses, is for --verbose)."""
    text = (str(exc).strip() or type(exc).__name__).splitlines()[0]
    lowered = text.lower()
    if "refused" in lowered or "couldn't connect" in lowered or "failed to establish" in lowered:
        return "connection refused (no server listens there)"
    if "defunct" in lowered or "connection reset" in lowered or "broken pipe" in lowered:
        return "the connection broke (the server went away)"
    if "timed out" in lowered or "timeout" in lowered:
        return "timed out"
    return text if len(text) <= 160 else text[:157] + "..."


_URI = re.compile(r"^(bolt|neo4j)(\+s|\+ssc)?://[^/\s:]+(:\d+)?/?(\?.*)?$")
_URI_HINT = ("set NEO4J_URI to bolt://HOST:7687 (one server) or neo4j://HOST:7687 (a cluster; +s / +ssc for TLS); "
             "xgrag talks Bolt, not the HTTP port 7474")


# The driver logs every retry at WARNING ("Transaction failed and will be retried in 35.9s ..."); without a handler
# of its own, Python's last-resort handler prints those to stderr. A NullHandler keeps them out of a user's terminal
# (an application that configures logging still receives them: propagation is unchanged).
_DRIVER_LOG = logging.getLogger("neo4j")
_DRIVER_LOG.addHandler(logging.NullHandler())
_VERBOSE_HANDLER = logging.StreamHandler()
_VERBOSE_HANDLER.setFormatter(logging.Formatter("neo4j driver: %(levelname)s %(message)s"))


def show_driver_log(verbose: bool) -> None:
    """Print the driver's own log lines (retries, defunct connections) to stderr, or keep them quiet (default)."""
    if verbose:
        _DRIVER_LOG.setLevel(logging.INFO)
        if _VERBOSE_HANDLER not in _DRIVER_LOG.handlers:
            _DRIVER_LOG.addHandler(_VERBOSE_HANDLER)
    else:
        _DRIVER_LOG.removeHandler(_VERBOSE_HANDLER)


# Seconds the driver may retry a failed read (and wait for one connection attempt) before xgrag reports the
# server lost. The driver sleeps about 1, 2, 4 s between retries (+-20% jitter) and checks the budget before each
# sleep, so with 3 s the last attempt ends by ~7.8 s: within the 10 s a user should wait to hear about it.
DEFAULT_RETRY_BUDGET = 3.0
# How long close() waits for queries other threads are still running (see _Sessions)
CLOSE_WAIT_SECONDS = 60.0


class _Sessions:
    """The sessions open on one driver (shared by a store and its with_schema views). Closing the driver under a
    session another thread is still using breaks that thread's connection mid-write (the driver's buffer raised
    BufferError when explain-batch was stopped with SIGTERM while a re-retrieval ran), so close() waits for them."""

    def __init__(self) -> None:
        self._open = 0
        self._idle = threading.Condition()

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._idle:
            self._open += 1
        try:
            yield
        finally:
            with self._idle:
                self._open -= 1
                self._idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self._idle:
            return self._idle.wait_for(lambda: self._open == 0, timeout)


class Neo4jStore:
    """Owns one driver. `read(name, ...)` runs `cypher/<name>.cypher` in a read transaction."""

    def __init__(
        self,
        uri: str,
        user: str | None = None,
        password: str | None = None,
        database: str = "neo4j",
        schema: GraphSchema | None = None,
        retry_budget: float = DEFAULT_RETRY_BUDGET,
    ) -> None:
        auth = (user or "neo4j", password) if password else None
        self.uri = uri
        self.database = database
        self.schema = schema or GraphSchema()
        self.queries = QueryLibrary(self.schema)
        if not _URI.match(uri):
            raise StoreConfigError(f"{uri!r} is not a Neo4j Bolt URI", hint=_URI_HINT)
        if not retry_budget > 0:
            raise StoreConfigError(f"neo4j.retry_budget: {retry_budget} must be a positive number of seconds")
        self.user = user or "neo4j"
        self._password = password  # kept for clients that need their own connection (credentials()); never shown
        self.retry_budget = retry_budget
        # Server notifications (e.g. "property key does not exist" on an empty graph) are not errors here.
        try:
            self._driver = GraphDatabase.driver(
                uri, auth=auth, notifications_min_severity="OFF", max_transaction_retry_time=retry_budget,
                connection_timeout=retry_budget, connection_acquisition_timeout=2 * retry_budget)
        except (neo4j.exceptions.ConfigurationError, ValueError) as exc:
            raise StoreConfigError(f"cannot use the Neo4j URI {uri!r}: {exc}", hint=_URI_HINT) from exc
        self._local = threading.local()  # the read transaction opened by reading(), per thread
        self._sessions = _Sessions()

    @classmethod
    def from_settings(cls, settings: Settings, schema: GraphSchema | None = None) -> Neo4jStore:
        from xgrag.store.connection import resolve_connection

        return cls.from_connection(resolve_connection(settings), schema or settings.graph_schema,
                                   settings.neo4j.retry_budget)

    @classmethod
    def from_connection(cls, conn: Connection, schema: GraphSchema | None = None,
                        retry_budget: float = DEFAULT_RETRY_BUDGET) -> Neo4jStore:
        """A store over a resolved connection (the user's server, or the embedded one with its generated
        password: `ServerState.connection()`)."""
        return cls(conn.uri, conn.user, conn.password, conn.database, schema, retry_budget)

    def with_schema(self, schema: GraphSchema) -> Neo4jStore:
        """A view of the same database through another schema mapping (shares the driver)."""
        other = object.__new__(Neo4jStore)
        other.uri, other.database, other._driver, other.user = self.uri, self.database, self._driver, self.user
        other._password, other.retry_budget = self._password, self.retry_budget
        other._sessions = self._sessions
        other.schema, other.queries = schema, QueryLibrary(schema)
        other._local = threading.local()
        return other

    def credentials(self) -> tuple[str, str | None]:
        """(user, password) for a client that opens its own connection to the same server (LangChain's
        Neo4jGraph, LlamaIndex's graph store). Never print or save the password."""
        return self.user, self._password

    @property
    def driver(self) -> neo4j.Driver:
        """The underlying driver, for clients that accept one (e.g. graphdatascience)."""
        return self._driver

    def close(self) -> None:
        """Close the driver once no query of this store runs in another thread (a stopped run's re-retrievals
        finish first: each is bounded by the retry budget when the server is gone), waiting at most
        CLOSE_WAIT_SECONDS."""
        self._sessions.wait_idle(CLOSE_WAIT_SECONDS)
        self._driver.close()

    @contextmanager
    def _session(self, **config: Any) -> Iterator[neo4j.Session]:
        with self._sessions.held(), self._driver.session(database=self.database, **config) as session:
            yield session

    def __enter__(self) -> Neo4jStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _refused(self, exc: BaseException) -> CredentialsRefused:
        if self._password is None:
            return CredentialsRefused(
                f"Neo4j at {self.uri} requires authentication and no password was given",
                hint="set NEO4J_USER and NEO4J_PASSWORD; for the embedded server leave NEO4J_URI unset and xgrag "
                     "reads its generated password itself (`xgrag db status` says where it is)")
        return CredentialsRefused(f"Neo4j at {self.uri} refused the credentials of user {self.user!r}",
                                  hint="check NEO4J_USER and NEO4J_PASSWORD")

    def verify(self) -> None:
        t0 = time.monotonic()
        try:
            self._driver.verify_connectivity()
        except neo4j.exceptions.AuthError as exc:
            raise self._refused(exc) from exc
        except (neo4j.exceptions.ServiceUnavailable, neo4j.exceptions.SessionExpired,
                neo4j.exceptions.ConnectionAcquisitionTimeoutError, OSError) as exc:
            raise StoreError(f"cannot reach Neo4j at {self.uri} (gave up after {time.monotonic() - t0:.1f} s): "
                             f"{_first_line(exc)}",
                             hint="is the server running? `xgrag db start` starts the embedded one") from exc
        except neo4j.exceptions.ConfigurationError as exc:
            # e.g. a Neo4j 4.x server: its Bolt 4.4 lacks what the driver is asked to use (notification filters)
            raise StoreConfigError(f"cannot use the server at {self.uri}: {exc}",
                                   hint="xgrag needs Neo4j 5.26 or later (Bolt 5.2+)") from exc

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """Driver failures a user can act on become xgrag errors (message + hint, how long xgrag waited);
        programming errors (a Cypher syntax error) stay what they are."""
        t0 = time.monotonic()
        try:
            yield
        except neo4j.exceptions.AuthError as exc:
            raise self._refused(exc) from exc
        except (neo4j.exceptions.ServiceUnavailable, neo4j.exceptions.SessionExpired,
                neo4j.exceptions.ConnectionAcquisitionTimeoutError) as exc:
            raise StoreError(f"lost the connection to Neo4j at {self.uri} (gave up after "
                             f"{time.monotonic() - t0:.1f} s; retry budget {self.retry_budget:g} s): "
                             f"{_first_line(exc)}",
                             hint="is the server still running? `xgrag db status` says; "
                                  "--verbose shows the driver's retries") from exc
        except neo4j.exceptions.TransientError as exc:
            # e.g. DatabaseUnavailable while a server shuts down or starts: retried by the driver within the budget
            raise StoreError(f"Neo4j at {self.uri} is not available (gave up after {time.monotonic() - t0:.1f} s; "
                             f"retry budget {self.retry_budget:g} s): {_first_line(exc)}",
                             hint="is the server stopping or starting? `xgrag db status` says") from exc
        except (neo4j.exceptions.TransactionError, neo4j.exceptions.ResultError, neo4j.exceptions.SessionError,
                neo4j.exceptions.BrokenRecordError) as exc:
            # a transaction or result the driver closed because its connection broke underneath it
            raise StoreError(f"lost the connection to Neo4j at {self.uri} (after {time.monotonic() - t0:.1f} s): "
                             f"{_first_line(exc)}", hint="is the server still running? `xgrag db status` says") \
                from exc
        except neo4j.exceptions.ClientError as exc:
            text = exc.message or str(exc)
            if "no such" in text.lower() and "index" in text.lower():
                raise MissingMigration(f"{text} (schema preset {self.schema.preset!r})",
                                       hint=f"run `{migrate_command(self.schema.preset)}`: it creates xgrag's "
                                            "indexes for that schema preset, and only those") from exc
            raise

    # -- running queries -------------------------------------------------------------------------

    def query(self, cypher: str, params: Mapping[str, Any] | None = None, read_only: bool = True,
              plain: bool = False) -> list[dict[str, Any]]:
        """Run one statement in a managed transaction (read or write) and return plain dict rows.

        `plain=True` is for queries that return only maps, lists and scalars (no Node/Relationship/Path
        values): rows are built from the record's values without record.data()'s recursive conversion,
        which was a third of a 2-hop retrieval's client time."""
        params = dict(params or {})
        if not read_only:
            self._refuse_if_read_only(cypher)

        def rows(result: neo4j.Result) -> list[dict[str, Any]]:
            if plain:
                keys = result.keys()
                return [dict(zip(keys, record.values(), strict=True)) for record in result]
            return [record.data() for record in result]

        tx = getattr(self._local, "tx", None)
        with self._translated():
            if read_only and tx is not None:
                return rows(tx.run(cypher, params))

            def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
                return rows(tx.run(cypher, params))

            with self._session() as session:
                if read_only:
                    return session.execute_read(work)
                return session.execute_write(work)

    @contextmanager
    def reading(self) -> Iterator[Neo4jStore]:
        """Run every read of this thread inside one read transaction (one session, no per-query commit).

        A retrieval is several dependent queries (seeds, aliases, one expansion per hop, provenance); sharing
        one transaction saves a session and a commit round trip per query.
        Re-entrant; writes still get their own transaction."""
        if getattr(self._local, "tx", None) is not None:
            yield self
            return
        with self._translated(), \
                self._session(default_access_mode=neo4j.READ_ACCESS) as session:
            tx = session.begin_transaction()
            self._local.tx = tx
            try:
                yield self
            finally:
                self._local.tx = None
                tx.close()  # nothing to commit: a read transaction is rolled back

    def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self.query(self.queries.get(name), params, read_only=True)

    def read_plain(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """`read` for queries whose rows hold only maps, lists and scalars (see `query(plain=True)`)."""
        return self.query(self.queries.get(name), params, read_only=True, plain=True)

    def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self.query(self.queries.get(name), params, read_only=False)

    def _refuse_if_read_only(self, what: str) -> None:
        if self.schema.read_only:
            first = " ".join(what.split())[:80]
            raise ReadOnlyError(f"the schema mapping is read-only (read_only = true): refused a write to Neo4j "
                                f"({first}...); nothing was written",
                                hint="read-only mode never writes: no indexes, migration records or saved "
                                     "explanations; set read_only = false in [schema] to allow xgrag's own writes")

    def transaction(self, statements: Sequence[tuple[str, Mapping[str, Any]]]) -> list[list[dict[str, Any]]]:
        """Several write statements in one transaction: all or nothing. Returns each statement's rows
        (plain values: maps, lists and scalars)."""
        if statements:
            self._refuse_if_read_only(statements[0][0])

        def work(tx: neo4j.ManagedTransaction) -> list[list[dict[str, Any]]]:
            out: list[list[dict[str, Any]]] = []
            for cypher, params in statements:
                result = tx.run(cypher, dict(params))
                keys = result.keys()
                out.append([dict(zip(keys, record.values(), strict=True)) for record in result])
            return out

        with self._translated(), self._session() as session:
            return session.execute_write(work)

    def server_versions(self) -> dict[str, str | None]:
        out: dict[str, str | None] = {"neo4j": None, "gds": None, "apoc": None}
        rows = self.query("CALL dbms.components() YIELD name, versions RETURN name, versions[0] AS v")
        for row in rows:
            if row["name"] == "Neo4j Kernel":
                out["neo4j"] = row["v"]
        for key, stmt in (("gds", "RETURN gds.version() AS v"), ("apoc", "RETURN apoc.version() AS v")):
            try:
                out[key] = self.query(stmt)[0]["v"]
            except neo4j.exceptions.ClientError:
                out[key] = None
        return out

    def has_gds(self) -> bool:
        return self.server_versions()["gds"] is not None

    # -- integrity -------------------------------------------------------------------------------

    def checksum(self) -> dict[str, Any]:
        """Counts plus a hash of every node and relationship (ids, labels/types, properties).

        Used to prove that retrieval and explanation never write to the graph.
        """
        h = hashlib.sha256()
        nodes = self.query(
            "MATCH (n) RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props ORDER BY id"
        )
        for row in nodes:
            h.update(json.dumps([row["id"], sorted(row["labels"]), row["props"]], sort_keys=True,
                                default=str).encode())
        rels = self.query(
            "MATCH (a)-[r]->(b) RETURN elementId(r) AS id, type(r) AS type, elementId(a) AS a, "
            "elementId(b) AS b, properties(r) AS props ORDER BY id"
        )
        for row in rels:
            h.update(json.dumps([row["id"], row["type"], row["a"], row["b"], row["props"]], sort_keys=True,
                                default=str).encode())
        return {"nodes": len(nodes), "relationships": len(rels), "sha256": h.hexdigest()}
