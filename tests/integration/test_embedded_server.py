"""The server under every integration test is a real Neo4j 5.26 with GDS and APOC registered."""

import socket
from pathlib import Path

import pytest

from helpers import embedded_settings
from xgrag.store import embedded
from xgrag.store.connection import EmbeddedError
from xgrag.store.embedded import class_archive, class_archive_flags, project_dir, start, stop_pid
from xgrag.store.neo4j import Neo4jStore


def test_versions_and_procedures(server: Neo4jStore) -> None:
    v = server.server_versions()
    assert v["neo4j"].startswith("5.26") and v["gds"].startswith("2.13") and v["apoc"].startswith("5.26")
    names = {r["name"] for r in server.query("SHOW PROCEDURES YIELD name RETURN name")}
    for needed in ("gds.graph.project", "gds.graph.project.cypher", "gds.pageRank.stream",
                   "gds.betweenness.stream", "gds.degree.stream", "gds.wcc.stream", "gds.graph.drop",
                   "db.index.fulltext.queryNodes", "db.index.vector.queryNodes", "apoc.meta.stats"):
        assert needed in names, needed
    functions = {r["name"] for r in server.query("SHOW FUNCTIONS YIELD name RETURN name")}
    assert "gds.graph.project" in functions and "gds.util.asNode" in functions


def test_gds_runs_on_a_real_projection(store: Neo4jStore) -> None:
    store.query("CREATE (:Ring {i: 1})-[:R]->(:Ring {i: 2})-[:R]->(:Ring {i: 3}), (:Ring {i: 4})",
                read_only=False)
    store.query("MATCH (a:Ring {i: 3}), (b:Ring {i: 1}) CREATE (a)-[:R]->(b)", read_only=False)
    store.query("MATCH (s:Ring) OPTIONAL MATCH (s)-[:R]->(t:Ring) "
                "WITH gds.graph.project('hc', s, t) AS g RETURN g.nodeCount")
    try:
        pr = store.query("CALL gds.pageRank.stream('hc') YIELD nodeId, score RETURN count(*) AS n")
        wcc = store.query("CALL gds.wcc.stream('hc') YIELD componentId RETURN count(DISTINCT componentId) AS c")
        assert pr[0]["n"] == 4 and wcc[0]["c"] == 2
    finally:
        store.query("CALL gds.graph.drop('hc', false) YIELD graphName RETURN graphName")


def test_a_start_maps_the_class_archive_of_its_jars(tmp_path: Path) -> None:
    """The archive of the current JVM and jars exists (scripts/bootstrap.sh or the first start prepared it) and a
    start maps it: with -Xshare:on the JVM refuses to start unless it can (an archive of other jars, or of another
    JVM, would otherwise be skipped with a warning and the start would only be slower)."""
    cfg = embedded_settings(tmp_path / "embedded", "1g")
    archive = class_archive()
    assert class_archive_flags(cfg, project_dir()) == [f"-XX:SharedArchiveFile={archive}"] and archive.is_file()
    state = start(cfg.model_copy(update={"jvm_options": [*cfg.jvm_options, "-Xshare:on"]}), quiet=True)
    try:
        log = Path(state.log).read_text(encoding="utf-8", errors="replace")
        assert f"-XX:SharedArchiveFile={archive}" in log and "-Xshare:on" in log
        assert "[cds]" not in log  # no archive warning
        with Neo4jStore(state.uri, "neo4j", Path(state.password_file).read_text().strip()) as store:
            assert store.query("RETURN gds.version() AS v")[0]["v"].startswith("2.13")
    finally:
        stop_pid(state.pid)


def test_a_port_taken_before_the_jvm_binds_it_is_replaced_by_a_free_one(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Between choosing a free port and the JVM binding it another process may bind it (parallel test workers
    starting servers; CI failed so once): the start is made again on a fresh free port, not given up; a port the
    user asked for is not replaced."""
    cfg = embedded_settings(tmp_path / "embedded", "1g")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setattr(embedded, "choose_port", lambda home, requested=0: requested or port)
        state = start(cfg, quiet=True)
        try:
            assert state.port != port
            with Neo4jStore(state.uri, "neo4j", Path(state.password_file).read_text().strip()) as store:
                assert store.query("RETURN 1 AS one")[0]["one"] == 1
        finally:
            stop_pid(state.pid)
        with pytest.raises(EmbeddedError, match="exited with code"):
            start(embedded_settings(tmp_path / "asked", "1g").model_copy(update={"port": port}), quiet=True)
