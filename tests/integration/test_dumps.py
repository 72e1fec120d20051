"""`xgrag db dump` and `xgrag db load-dump`: a graph written to a dump by one embedded server and loaded into
another holds the same nodes, relationships, property values (dates, points, lists) and constraints; what would
lose data is refused before anything is touched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers import embedded_settings
from xgrag.errors import UsageError
from xgrag.store.embedded import load_dump, start, stop_pid, write_dump
from xgrag.store.neo4j import Neo4jStore


def _content(store: Neo4jStore) -> dict[str, Any]:
    """The graph without element ids (another server's database has other ones): sorted node and relationship
    records with every property value, and the constraints."""
    nodes = store.query("MATCH (n) RETURN labels(n) AS l, properties(n) AS p")
    rels = store.query("MATCH (a)-[r]->(b) RETURN type(r) AS t, properties(r) AS p, a.key AS a, b.key AS b")
    constraints = store.query("SHOW CONSTRAINTS YIELD type, labelsOrTypes, properties "
                              "RETURN type, labelsOrTypes, properties ORDER BY properties")
    key = lambda row: json.dumps(row, sort_keys=True, default=str)  # noqa: E731
    return {"nodes": sorted(map(key, nodes)), "rels": sorted(map(key, rels)), "constraints": constraints}


def _connect(state: Any) -> Neo4jStore:
    return Neo4jStore(state.uri, "neo4j", Path(state.password_file).read_text().strip())


def test_a_dump_round_trips_between_two_embedded_servers(tmp_path: Path) -> None:
    source = embedded_settings(tmp_path / "source", "1g")
    target = embedded_settings(tmp_path / "target", "1g")
    state = start(source, quiet=True)
    try:
        with _connect(state) as store:
            store.query("CREATE CONSTRAINT person_key FOR (p:Person) REQUIRE p.key IS UNIQUE", read_only=False)
            store.query("CREATE (a:Person {key: 1, name: 'Nancy', surname: 'Campbell', born: date('1971-03-02'), "
                        "phones: ['9-(882)417-7531']})-[:KNOWS {since: 2017, where: point({x: 1.5, y: 2.0})}]->"
                        "(b:Person:Officer {key: 2, name: 'Amy', surname: 'Lampet', rank: 'Sergeant'})",
                        read_only=False)
            before = _content(store)
        with pytest.raises(UsageError, match="running"):  # the store is live: no dump of it
            write_dump(source, tmp_path / "live.dump")
    finally:
        stop_pid(state.pid)
        (source.home / "state.json").unlink(missing_ok=True)
    dump = write_dump(source, tmp_path / "graph.dump")
    assert dump.is_file() and dump.stat().st_size > 0
    with pytest.raises(UsageError, match="exists"):
        write_dump(source, dump)

    assert load_dump(target, dump) == target.home / "db" / "data" / "databases" / "neo4j"
    with pytest.raises(UsageError, match="already holds a store"):
        load_dump(target, dump)
    not_a_dump = tmp_path / "notes.dump"
    not_a_dump.write_text("not a dump\n")
    with pytest.raises(UsageError, match="not a database dump"):
        load_dump(target, not_a_dump, overwrite=True)  # read before the store it would replace is deleted
    assert load_dump(target, dump, overwrite=True).is_dir()

    state = start(target, quiet=True)
    try:
        with _connect(state) as store:
            after = _content(store)
    finally:
        stop_pid(state.pid)
    assert after == before and len(after["nodes"]) == 2 and len(after["rels"]) == 1
    assert "1971-03-02" in after["nodes"][0] + after["nodes"][1]
