"""`xgrag migrate` checks what its records claim: indexes and constraints dropped by hand are created again (the
hint "run `xgrag migrate`" used to loop: the records said applied, so nothing was recreated and the query failed
again), while an equivalent index under another name is left alone without being reported on every run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import SAMPLE
from xgrag.cli import app
from xgrag.config import GraphSchema
from xgrag.store.ingest import ingest_triples
from xgrag.store.migrations import existing_names, migrate
from xgrag.store.neo4j import MissingMigration, Neo4jStore

QUESTION = "who is listed as director of [Tarik Lowe] starred movies"


@pytest.fixture
def cli_store(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], monkeypatch: pytest.MonkeyPatch,
              tmp_path: Path) -> Iterator[Neo4jStore]:
    """The test server for the CLI (in this process); afterwards every xgrag index as the fixture left it."""
    uri, user, password = neo4j_uri
    for var, value in (("NEO4J_URI", uri), ("NEO4J_USER", user or "neo4j"), ("NEO4J_PASSWORD", password or ""),
                       ("XGRAG_HOME", str(tmp_path / "home"))):
        monkeypatch.setenv(var, value)
    for var in ("XGRAG_CONFIG", "XGRAG_SCHEMA_PRESET", "NEO4J_DATABASE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    try:
        yield store
    finally:
        store.query("DROP INDEX other_relation_id IF EXISTS", read_only=False)
        store.query("MATCH (m:XgragMigration) DETACH DELETE m", read_only=False)  # every statement runs again
        migrate(store, GraphSchema(), 384)


def xgrag(*args: str) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(app, list(args))
    failure = None if isinstance(result.exception, SystemExit) else result.exception
    return result.exit_code, " ".join(result.stdout.split()), failure


def test_indexes_dropped_by_hand_are_recreated_and_the_hint_no_longer_loops(cli_store: Neo4jStore) -> None:
    ingest_triples(cli_store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    cli_store.query("DROP INDEX xgrag_entity_names", read_only=False)  # the full-text index linking searches
    cli_store.query("DROP CONSTRAINT xgrag_explanation_id", read_only=False)
    _, _, failure = xgrag("retrieve", QUESTION, "--json")
    assert isinstance(failure, MissingMigration) and "xgrag migrate" in str(failure.hint)

    code, out, failure = xgrag("migrate")
    assert code == 0 and failure is None, out
    assert ("applied 2: V003__entity_fulltext (recreated xgrag_entity_names), V006__explanations (recreated "
            "xgrag_explanation_id); already applied 4") in out
    assert {"xgrag_entity_names", "xgrag_explanation_id"} <= existing_names(cli_store)
    code, out, failure = xgrag("retrieve", QUESTION, "--json")
    assert code == 0 and failure is None and "Tarik Lowe" in out  # the hint's command fixed what it named
    assert "applied 0: -; already applied 6" in xgrag("migrate")[1]


def test_an_equivalent_index_under_another_name_is_not_reported_every_run(cli_store: Neo4jStore) -> None:
    cli_store.query("DROP INDEX xgrag_relation_id", read_only=False)
    cli_store.query("CREATE RANGE INDEX other_relation_id FOR ()-[r:RELATION]-() ON (r.id)", read_only=False)
    for _ in range(2):
        code, out, failure = xgrag("migrate")
        assert code == 0 and failure is None and "applied 0: -; already applied 6" in out, out
    assert "xgrag_relation_id" not in existing_names(cli_store)  # IF NOT EXISTS saw the equivalent one
