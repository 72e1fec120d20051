"""A thin wrapper over the Neo4j driver: one driver per store, named queries in read transactions."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import neo4j
from neo4j import GraphDatabase

from xgrag.config import GraphSchema, Settings
from xgrag.errors import ServiceError, UsageError
from xgrag.store.queries import QueryLibrary


class StoreError(ServiceError):
    """Neo4j failed us: unreachable, connection lost."""


class StoreConfigError(UsageError):
    """The connection settings are wrong: a URI xgrag cannot use, credentials the server refuses."""


class ReadOnlyError(UsageError):
    """A write was asked of a store whose schema mapping is read-only: refused before it reached the server."""


class MissingMigration(UsageError):
    """A query needs an index xgrag's migrations create (full-text, vector) and the database has none."""


def migrate_command(preset: str) -> str:
    """The command that creates the indexes of schema preset `preset`, named in every missing-index hint: a bare
    `xgrag migrate` migrates the preset the configuration names ("xgrag" unless told), which need not be the one the
    failing code was given (a LlamaIndex graph read with `load_settings(preset="llamaindex")`)."""
    return f"xgrag migrate --preset {preset}"


_URI = re.compile(r"^(bolt|neo4j)(\+s|\+ssc)?://[^/\s:]+(:\d+)?/?(\?.*)?$")
_URI_HINT = ("set NEO4J_URI to bolt://HOST:7687 (one server) or neo4j://HOST:7687 (a cluster; +s / +ssc for TLS); "
             "xgrag talks Bolt, not the HTTP port 7474")


class Neo4jStore:
    """Owns one driver. `read(name, ...)` runs `cypher/<name>.cypher` in a read transaction."""

    def __init__(
        self,
        uri: str,
        user: str | None = None,
        password: str | None = None,
        database: str = "neo4j",
        schema: GraphSchema | None = None,
    ) -> None:
        auth = (user or "neo4j", password) if password else None
        self.uri = uri
        self.database = database
        self.schema = schema or GraphSchema()
        self.queries = QueryLibrary(self.schema)
        if not _URI.match(uri):
            raise StoreConfigError(f"{uri!r} is not a Neo4j Bolt URI", hint=_URI_HINT)
        self.user = user or "neo4j"
        # Server notifications (e.g. "property key does not exist" on an empty graph) are not errors here.
        try:
            self._driver = GraphDatabase.driver(uri, auth=auth, notifications_min_severity="OFF")
        except (neo4j.exceptions.ConfigurationError, ValueError) as exc:
            raise StoreConfigError(f"cannot use the Neo4j URI {uri!r}: {exc}", hint=_URI_HINT) from exc
        self._local = threading.local()  # the read transaction opened by reading(), per thread

    @classmethod
    def from_settings(cls, settings: Settings, schema: GraphSchema | None = None) -> Neo4jStore:
        from xgrag.store.connection import resolve_connection

        conn = resolve_connection(settings)
        return cls(conn.uri, conn.user, conn.password, conn.database, schema or settings.graph_schema)

    def with_schema(self, schema: GraphSchema) -> Neo4jStore:
        """A view of the same database through another schema mapping (shares the driver)."""
        other = object.__new__(Neo4jStore)
        other.uri, other.database, other._driver, other.user = self.uri, self.database, self._driver, self.user
        other.schema, other.queries = schema, QueryLibrary(schema)
        other._local = threading.local()
        return other

    @property
    def driver(self) -> neo4j.Driver:
        """The underlying driver, for clients that accept one (e.g. graphdatascience)."""
        return self._driver

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> Neo4jStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def verify(self) -> None:
        try:
            self._driver.verify_connectivity()
        except neo4j.exceptions.AuthError as exc:
            raise StoreConfigError(f"Neo4j at {self.uri} refused the credentials of user {self.user!r}",
                                   hint="check NEO4J_USER and NEO4J_PASSWORD") from exc
        except (neo4j.exceptions.ServiceUnavailable, neo4j.exceptions.SessionExpired, OSError) as exc:
            raise StoreError(f"cannot reach Neo4j at {self.uri}: {exc}",
                             hint="is the server running? `xgrag db start` starts the embedded one") from exc
        except neo4j.exceptions.ConfigurationError as exc:
            # e.g. a Neo4j 4.x server: its Bolt 4.4 lacks what the driver is asked to use (notification filters)
            raise StoreConfigError(f"cannot use the server at {self.uri}: {exc}",
                                   hint="xgrag needs Neo4j 5.26 or later (Bolt 5.2+)") from exc

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """Driver failures a user can act on become xgrag errors (message + hint); programming errors (a
        Cypher syntax error) stay what they are."""
        try:
            yield
        except neo4j.exceptions.AuthError as exc:
            raise StoreConfigError(f"Neo4j at {self.uri} refused the credentials of user {self.user!r}",
                                   hint="check NEO4J_USER and NEO4J_PASSWORD") from exc
        except (neo4j.exceptions.ServiceUnavailable, neo4j.exceptions.SessionExpired) as exc:
            raise StoreError(f"lost the connection to Neo4j at {self.uri}: {exc}",
                             hint="is the server still running? `xgrag db status` says") from exc
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

            with self._driver.session(database=self.database) as session:
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
                self._driver.session(database=self.database, default_access_mode=neo4j.READ_ACCESS) as session:
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

        with self._translated(), self._driver.session(database=self.database) as session:
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
