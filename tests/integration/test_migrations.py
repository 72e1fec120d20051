import shutil

import pytest

from helpers import ROOT
from xgrag.config import GraphSchema, schema_preset
from xgrag.store.migrations import MigrationError, migrate
from xgrag.store.neo4j import Neo4jStore


def index_names(store: Neo4jStore) -> set[str]:
    return {r["name"] for r in store.query("SHOW INDEXES YIELD name RETURN name")}


def test_migrations_are_recorded_and_idempotent(store: Neo4jStore) -> None:
    # the fixture already migrated once
    rows = store.query("MATCH (m:XgragMigration) RETURN m.version AS v, m.checksum AS c, m.applied_at AS t "
                       "ORDER BY v")
    assert [r["v"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert all(len(r["c"]) == 64 and r["t"] is not None for r in rows)
    before = store.checksum()
    result = migrate(store, GraphSchema(), 384)
    assert result.applied == [] and len(result.skipped) == 6
    assert store.checksum() == before
    names = index_names(store)
    assert {"xgrag_entity_names", "xgrag_entity_embeddings", "xgrag_entity_id"} <= names
    dims = store.query("SHOW INDEXES YIELD name, options WHERE name = 'xgrag_entity_embeddings' "
                       "RETURN options.indexConfig['vector.dimensions'] AS d")[0]["d"]
    assert dims == 384


def test_an_edited_applied_migration_is_refused(store: Neo4jStore, tmp_path) -> None:
    folder = tmp_path / "migrations"
    shutil.copytree(ROOT / "migrations", folder)
    migrate(store, GraphSchema(), 384, root=folder)
    target = folder / "V003__entity_fulltext.cypher"
    target.write_text(target.read_text() + "\n// edited\n")
    with pytest.raises(MigrationError, match=r"V003__entity_fulltext.*edited after it ran"):
        migrate(store, GraphSchema(), 384, root=folder)


def test_a_new_migration_file_is_applied_once(store: Neo4jStore, tmp_path) -> None:
    folder = tmp_path / "migrations"
    shutil.copytree(ROOT / "migrations", folder)
    (folder / "V099__extra_index.cypher").write_text(
        "CREATE RANGE INDEX xgrag_test_extra IF NOT EXISTS FOR (n:XgragTestLabel) ON (n.x);\n")
    assert migrate(store, GraphSchema(), 384, root=folder).applied == ["V099__extra_index"]
    assert migrate(store, GraphSchema(), 384, root=folder).applied == []
    assert "xgrag_test_extra" in index_names(store)
    store.query("DROP INDEX xgrag_test_extra IF EXISTS", read_only=False)


def test_bad_file_names_are_refused(tmp_path) -> None:
    (tmp_path / "V1_bad.cypher").write_text("RETURN 1;")
    from xgrag.store.migrations import discover

    with pytest.raises(MigrationError, match="must be named"):
        discover(tmp_path)


def test_migrating_a_users_graph_only_adds_indexes(store: Neo4jStore) -> None:
    store.query("MATCH (n) DETACH DELETE n", read_only=False)
    store.query(
        "CREATE (a:__Entity__:Person {id: 'Alice'})-[:KNOWS]->(b:__Entity__:Person {id: 'Bob'}), "
        "(d:Document {id: 'd1', text: 'Alice knows Bob', source: 'notes.txt'}), (d)-[:MENTIONS]->(a), "
        "(d)-[:MENTIONS]->(b)", read_only=False)
    user_data = store.query("MATCH (n) WHERE NOT n:XgragMigration RETURN count(n) AS n, "
                            "collect(properties(n)) AS p")[0]
    constraints_before = {r["name"] for r in store.query("SHOW CONSTRAINTS YIELD name RETURN name")}
    lc = store.with_schema(schema_preset("langchain"))
    result = migrate(lc, lc.schema, 384)
    assert result.applied
    after = store.query("MATCH (n) WHERE NOT n:XgragMigration RETURN count(n) AS n, "
                        "collect(properties(n)) AS p")[0]
    assert after == user_data
    assert {r["name"] for r in store.query("SHOW CONSTRAINTS YIELD name RETURN name")} == constraints_before
    names = index_names(store)
    assert "xgrag_lc_entity_names" in names
    # no index on __Entity__.id: LangChain creates its own uniqueness constraint there
    assert "xgrag_lc_entity_id" not in names
