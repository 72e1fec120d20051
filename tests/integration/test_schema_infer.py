"""`xgrag schema infer` on real graphs in the embedded Neo4j: Northwind (a domain graph loaded by its own load.py
from its CSVs), the graphs the RAG libraries' own code writes, and bad input. Nothing is ever written by inferring:
every test that infers compares the whole database (nodes, relationships, properties, indexes, constraints) before
and after."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tomllib
from typer.testing import CliRunner

import helpers
from helpers import MATCHES, SAMPLE, STARS, schema_state, wipe, write_northwind
from xgrag.config import ConfigError, GraphSchema, RetrievalSettings, load_settings, schema_preset
from xgrag.errors import UsageError
from xgrag.retrieval import Retriever
from xgrag.schema import InferError, InferOptions, infer_schema, render_json, render_toml
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

NORTHWIND_LABELS = ["Category", "Customer", "Employee", "Order", "Product", "Shipper", "Supplier"]
_loaded: dict[str, Any] = {}


@pytest.fixture
def northwind(server: Neo4jStore) -> Neo4jStore:
    """Northwind with xgrag's migrations applied (its XgragMigration records must be left out), loaded once per
    session unless another test changed the database since."""
    if _loaded.get("checksum") != server.checksum():
        wipe(server)
        migrate(server, GraphSchema(), 384)
        write_northwind(server)
        _loaded["checksum"] = server.checksum()
    return server


def _reasons(inf: Any, label: str) -> dict[str, str]:
    entity = next(e for e in inf.domain.entities if e.label == label)
    return {x.key: x.reason for x in entity.excluded}


def test_northwind_is_mapped_label_by_label(northwind: Neo4jStore) -> None:
    before = schema_state(northwind)
    inf = infer_schema(northwind)
    schema = inf.schema
    assert schema.preset == "domain" and schema.general and not schema.read_only
    by = {e.label: e for e in schema.entities}
    assert sorted(by) == NORTHWIND_LABELS  # XgragMigration (xgrag's own records) is not an entity
    assert [s.label for s in inf.domain.skipped] == ["XgragMigration"]
    # keys from the uniqueness constraints; display names one property, a composition, or none
    assert {label: e.key for label, e in by.items()} == {label: label[0].lower() + label[1:] + "ID"
                                                         for label in NORTHWIND_LABELS}
    assert {label: e.name for label, e in by.items()} == {
        "Category": ["categoryName"], "Customer": ["companyName"], "Employee": ["firstName", "lastName"],
        "Order": [], "Product": ["productName"], "Shipper": ["companyName"], "Supplier": ["companyName"]}
    # facts: scalars, short strings, dates; never the key, the name, a blob, free text or a foreign key
    assert set(by["Product"].facts) == {"discontinued", "quantityPerUnit", "reorderLevel", "unitPrice",
                                        "unitsInStock", "unitsOnOrder"}
    assert {"birthDate", "hireDate", "title", "city"} <= set(by["Employee"].facts)
    assert {"orderDate", "freight", "shipCity"} <= set(by["Order"].facts)
    assert by["Category"].facts == ["description"]
    for e in schema.entities:
        assert not set(e.facts) & {e.key, *e.name}
    assert _reasons(inf, "Category")["picture"].startswith('binary data written as text ("0x151C2F')
    assert _reasons(inf, "Employee")["notes"].startswith("free text: 211 characters on average")
    assert _reasons(inf, "Employee")["reportsTo"] == ("a foreign key: on 8 of 8 sampled nodes its value is the "
                                                      "employeeID of the Employee linked by REPORTS_TO, which states "
                                                      "it already")
    assert _reasons(inf, "Order")["shipVia"].startswith("a foreign key: on 20 of 20 sampled nodes its value is the "
                                                        "shipperID of the Shipper linked by SHIPPED_VIA")
    assert _reasons(inf, "Product")["supplierID"] == "a foreign key: the key of Supplier (Supplier.supplierID), " \
                                                     "not a fact"
    assert _reasons(inf, "Order")["customerID"].startswith("a foreign key: the key of Customer")
    # relationship facts: ORDERS {unitPrice, quantity, discount}; its orderID / productID repeat the ends' keys
    assert schema.relationship_facts() == {"ORDERS": ["discount", "quantity", "unitPrice"]}
    orders = next(t for t in inf.domain.types if t.type == "ORDERS")
    assert {x.key for x in orders.excluded} == {"orderID", "productID"}
    assert schema.non_semantic_types == ["ALIAS_OF"]
    assert schema.provenance.mode == "relationship" and schema.provenance.chunk_id_property is None
    # the names the mapping gives, read through it
    names = {row["row"][1] for row in northwind.with_schema(schema).read("entity_names", limit=5000)}
    assert {"Order 10248", "Nancy Davolio", "Chai", "Beverages", "Exotic Liquids", "Speedy Express"} <= names
    # the TOML says why, with the values the sample showed
    text = render_toml(inf)
    assert '# name: none; no name-like property that tells nodes apart (shipName (90 distinct values in 830))' \
           in text and 'e.g. "Order 10248"' in text
    assert '"unitPrice",        # float, always set, e.g. "2.5", "4.5", "6.0"' in text
    assert "#   picture: binary data written as text" in text.replace("\n  # ", "\n#   ")
    # the cost: 3 queries; a small graph's labels sampled in one scan, their statistics in `workers` batches, the
    # same for the types; the few foreign-key probes the value ranges allow (Employee.reportsTo, Order.shipVia,
    # ...), in `workers` batches
    s = inf.summary()
    workers = inf.options.workers
    assert s["queries"] == inf.profile.queries + s["probe_queries"]
    assert inf.profile.queries == 3 + 2 * (1 + workers) and s["probe_queries"] <= workers
    assert 2 <= s["foreign_key_probes"] <= 10
    assert schema_state(northwind) == before


def test_northwind_round_trip_and_read_only(northwind: Neo4jStore, tmp_path: Path) -> None:
    before = schema_state(northwind)
    for read_only in (False, True):
        inf = infer_schema(northwind, InferOptions(read_only=read_only))
        path = tmp_path / f"xgrag-{read_only}.toml"
        path.write_text(render_toml(inf), encoding="utf-8")
        loaded = load_settings(path, env={}).graph_schema
        assert loaded == inf.schema and loaded.read_only is read_only
        assert json.loads(render_json(inf))["schema"] == inf.table
        assert tomllib.loads(path.read_text(encoding="utf-8"))["schema"]["read_only"] is read_only
    assert schema_state(northwind) == before


def test_the_inferred_read_only_mapping_answers_from_northwind(northwind: Neo4jStore) -> None:
    """The mapping as inferred, nothing edited: a question links to Chai and its category comes back; a property
    fact (Chai's unit price) is read with it; the database is unchanged."""
    from xgrag.retrieval import Retriever

    before = schema_state(northwind)
    schema = infer_schema(northwind, InferOptions(read_only=True)).schema
    retriever = Retriever(northwind.with_schema(schema))
    sub = retriever.retrieve("Which category is Chai in?", hops=1)
    assert [sub.nodes[s].name for s in sub.seeds] == ["Chai"]
    assert ("Chai", "PART_OF", "Beverages") in sub.triples()
    chai = sub.seeds[0]
    assert ("unitPrice", 18.0) in [(p.key, p.value) for p in sub.properties_of(chai)]
    assert schema_state(northwind) == before


def test_cli_infer_prints_writes_refuses_and_writes_nothing_to_the_graph(
        northwind: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from xgrag.cli import app, report_error

    monkeypatch.setenv("NEO4J_URI", neo4j_uri[0])
    if neo4j_uri[2]:  # the embedded server's generated password, as a user passes it
        monkeypatch.setenv("NEO4J_USER", neo4j_uri[1] or "neo4j")
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_uri[2])
    monkeypatch.setenv("XGRAG_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # no ./xgrag.toml
    before = schema_state(northwind)
    runner = CliRunner()
    printed = runner.invoke(app, ["schema", "infer"])
    assert printed.exit_code == 0, printed.output
    assert tomllib.loads(printed.stdout)["schema"]["read_only"] is False
    target = tmp_path / "xgrag.toml"
    wrote = runner.invoke(app, ["schema", "infer", "--read-only", "--write", str(target), "--verbose"])
    assert wrote.exit_code == 0, wrote.output
    assert wrote.stdout == ""  # the TOML went to the file
    assert f"wrote {target}" in " ".join(wrote.stderr.split()) and "queries" in wrote.stderr
    assert load_settings(target, env={}).graph_schema.read_only is True
    written = target.read_text(encoding="utf-8")
    refused = runner.invoke(app, ["schema", "infer", "--write", str(target)])
    assert isinstance(refused.exception, UsageError) and report_error(refused.exception) == 2
    assert "exists" in str(refused.exception) and "--force" in (refused.exception.hint or "")
    assert target.read_text(encoding="utf-8") == written
    forced = runner.invoke(app, ["schema", "infer", "--write", str(target), "--force", "--json"])
    assert forced.exit_code == 0, forced.output
    data = json.loads(forced.stdout)
    assert data["schema"]["read_only"] is False and data["summary"]["seconds"] > 0
    assert [e["label"] for e in data["entities"]] == NORTHWIND_LABELS
    assert load_settings(target, env={}).graph_schema.read_only is False
    assert schema_state(northwind) == before


def test_the_movies_graph_without_constraints(store: Neo4jStore, tmp_path: Path) -> None:
    """Neo4j's Movies example (benchmarks/data/movies, loaded by its load.py): no constraint or index, so keys come
    from the sample; names are Person.name and Movie.title; ACTED_IN's roles (a list) and REVIEWED's rating and
    summary are relationship facts."""
    import importlib.util

    from helpers import ROOT

    spec = importlib.util.spec_from_file_location("movies_load", ROOT / "benchmarks" / "data" / "movies" / "load.py")
    assert spec is not None and spec.loader is not None
    movies = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(movies)
    assert movies.load(store.driver, store.database) == (171, 253)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    by = {e.label: e for e in inf.schema.entities}
    assert sorted(by) == ["Movie", "Person"]
    assert (by["Person"].name, by["Person"].facts) == (["name"], ["born"])
    assert (by["Movie"].name, by["Movie"].facts) == (["title"], ["released", "tagline"])
    assert by["Person"].key == "name" and by["Movie"].key == "title"
    assert inf.domain.entities[0].key_reason.startswith("no uniqueness constraint; set on all 38 sampled nodes")
    assert inf.schema.relationship_facts() == {"ACTED_IN": ["roles"], "REVIEWED": ["rating", "summary"]}
    path = tmp_path / "xgrag.toml"
    path.write_text(render_toml(inf), encoding="utf-8")
    assert load_settings(path, env={}).graph_schema == inf.schema
    assert schema_state(store) == before


# -- graphs written by the RAG libraries' own code: their presets ---------------------------------------------------

def _ingest_xgrag(store: Neo4jStore) -> None:
    from xgrag.store.ingest import ingest_triples

    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")


def _langchain(store: Neo4jStore) -> None:
    pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [dev] extra")
    helpers.write_langchain_graph(store)


def _langchain_community(store: Neo4jStore) -> None:
    pytest.importorskip("langchain_community", reason="langchain-community is in the [dev] extra")
    helpers.write_langchain_graph(store, package="langchain_community")


def _graphrag(store: Neo4jStore) -> None:
    pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")
    helpers.write_graphrag_graph(store)


def _lightrag(store: Neo4jStore) -> None:
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    helpers.write_lightrag_graph(store)


def _llamaindex(store: Neo4jStore) -> None:
    pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in the [dev] "
                                                                 "extra")
    helpers.write_llamaindex_graph(store)[1].close()


@pytest.mark.parametrize(("preset", "writer"), [
    ("xgrag", _ingest_xgrag), ("langchain", _langchain), ("langchain", _langchain_community),
    ("neo4j-graphrag", _graphrag), ("lightrag", _lightrag), ("llamaindex", _llamaindex)])
def test_a_library_graph_is_answered_with_its_preset(store: Neo4jStore, preset: str, writer: Any,
                                                     tmp_path: Path) -> None:
    """The inferred mapping IS the preset (field for field), so the preset's integration tests
    (test_schema_presets.py, test_*_integration.py) run on it unchanged."""
    writer(store)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    assert inf.recognised is not None and inf.domain is None and inf.unread == []  # chunks, documents: the preset's
    assert inf.schema == schema_preset(preset, read_only=True)
    path = tmp_path / "xgrag.toml"
    path.write_text(render_toml(inf), encoding="utf-8")
    assert tomllib.loads(path.read_text(encoding="utf-8"))["schema"] == {"preset": preset, "read_only": True}
    assert load_settings(path, env={}).graph_schema == inf.schema
    assert schema_state(store) == before


def test_a_lightrag_workspace_is_an_override_and_reads(store: Neo4jStore, tmp_path: Path) -> None:
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    from xgrag.retrieval import Retriever

    helpers.write_lightrag_graph(store, workspace="team_b")
    before = schema_state(store)
    inf = infer_schema(store)
    assert inf.schema == schema_preset("lightrag", entity_label="team_b", index_prefix="xgrag_lr_team_b",
                                       fulltext_index="entity_id_fulltext_idx_team_b")
    path = tmp_path / "xgrag.toml"
    path.write_text(render_toml(inf), encoding="utf-8")
    assert load_settings(path, env={}).graph_schema == inf.schema
    assert schema_state(store) == before
    # the workspace test of test_schema_presets.py, on the inferred mapping
    view = store.with_schema(inf.schema)
    migrate(view, inf.schema, 384)
    sub = Retriever(view).retrieve("Who did Marie Curie marry?", hops=1)
    assert sorted(sub.triples()) == [("Marie Curie", "married", "Pierre Curie"),
                                     ("Marie Curie", "won", "Nobel Prize in Physics")]
    # a second workspace in the same database: 'base' is read, the other named in the TOML
    helpers.write_lightrag_graph(store)
    both = infer_schema(store)
    assert both.schema == schema_preset("lightrag")
    assert "other LightRAG workspaces in this database: team_b (4 nodes)" in " ".join(
        line.lstrip("# ") for line in render_toml(both).splitlines())


def test_a_domain_graph_with_chunks_gets_mentions_provenance(store: Neo4jStore, tmp_path: Path) -> None:
    """Domain entities with embeddings, mentioned by text chunks of documents: the chunks and documents are not
    entities, their links are bookkeeping, provenance reads the mentions; the embedding is not a fact."""
    text = "Marie Curie won the Nobel Prize in Physics with Pierre Curie, her husband, in 1903. " * 3
    store.query("""
        CREATE (m:Scientist {name: 'Marie Curie', born: 1867, embedding: $vec}),
               (p:Scientist {name: 'Pierre Curie', born: 1859, embedding: $vec}),
               (n:Award {name: 'Nobel Prize in Physics', year: 1903, embedding: $vec}),
               (m)-[:MARRIED {since: 1895}]->(p), (m)-[:WON]->(n), (p)-[:WON]->(n),
               (d:Paper {path: 'curie.pdf'}),
               (c1:Passage {uid: 'c1', text: $text, position: 0}), (c2:Passage {uid: 'c2', text: $text, position: 1}),
               (d)-[:HAS_PASSAGE]->(c1), (d)-[:HAS_PASSAGE]->(c2), (c1)-[:NEXT]->(c2),
               (c1)-[:MENTIONS]->(m), (c1)-[:MENTIONS]->(n), (c2)-[:MENTIONS]->(p)""",
                {"vec": [0.125] * 64, "text": text}, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store)
    schema = inf.schema
    assert [e.label for e in schema.entities] == ["Award", "Scientist"]
    assert {e.label: e.facts for e in schema.entities} == {"Award": ["year"], "Scientist": ["born"]}
    assert _reasons(inf, "Scientist")["embedding"] == "an embedding or vector: lists of 64 numbers"
    skipped = {s.label: s.reason for s in inf.domain.skipped}
    assert skipped["Passage"].startswith("chunks of text: `text` averages")
    assert skipped["Paper"] == "documents: linked only to chunks (HAS_PASSAGE)"
    assert schema.non_semantic_types == ["ALIAS_OF", "HAS_PASSAGE", "MENTIONS", "NEXT"]
    assert schema.relationship_facts() == {"MARRIED": ["since"]}
    p = schema.provenance
    assert (p.mode, p.chunk_label, p.mention_type, p.mention_direction) == \
        ("mentions", "Passage", "MENTIONS", "chunk_to_entity")
    assert (p.document_label, p.chunk_document_type, p.chunk_document_direction) == \
        ("Paper", "HAS_PASSAGE", "document_to_chunk")
    assert (p.chunk_node_id_property, p.chunk_node_index_property, p.document_source_property) == \
        ("uid", "position", "path")
    path = tmp_path / "xgrag.toml"
    path.write_text(render_toml(inf), encoding="utf-8")
    assert load_settings(path, env={}).graph_schema == schema
    assert schema_state(store) == before


# -- bad input --------------------------------------------------------------------------------------------------------

def test_a_label_without_a_name_is_named_by_label_and_key(store: Neo4jStore) -> None:
    store.query("UNWIND range(1, 30) AS i CREATE (:Reading {readingId: 'R' + i, value: i * 1.5, unit: 'kPa', "
                "`depth (m)`: i * 2, `sensor``s name`: 'sensor ' + i})", read_only=False)
    store.query("CREATE (:`Odd``Label` {name: 'odd'})", read_only=False)  # names xgrag cannot splice: left out
    store.query("UNWIND range(1, 6) AS i CREATE (:Tag {colour: CASE WHEN i % 2 = 0 THEN 'red' ELSE 'blue' END})",
                read_only=False)
    before = schema_state(store)
    inf = infer_schema(store)
    [reading, tag] = inf.schema.entities
    # a key written with a space and parentheses is a fact like any other; one holding a backtick is left out
    assert (reading.label, reading.key, reading.name, reading.facts) == \
        ("Reading", "readingId", [], ["depth (m)", "unit", "value"])
    # nothing names or identifies a tag: a record named by its label and what it holds ("Tag red"), not dropped
    assert (tag.label, tag.key, tag.name, tag.label_in_name) == ("Tag", None, ["colour"], True)
    assert "Tag" not in {s.label for s in inf.domain.skipped}
    assert _reasons(inf, "Reading")["sensor`s name"].startswith("its name is not an identifier xgrag splices into "
                                                                 "Cypher (1 to 64 characters")
    assert inf.domain.notes == ["labels left out, their names are not identifiers xgrag splices into Cypher: "
                                "Odd`Label"]
    text = render_toml(inf)
    assert '# name: none; no name-like property: nodes are named by label and key, e.g. "Reading R1"' in text
    names = {row["row"][1] for row in store.with_schema(inf.schema).read("entity_names", limit=100)}
    assert "Reading R7" in names and {"Tag red", "Tag blue"} <= names
    r7 = store.query("MATCH (n:Reading {readingId: 'R7'}) RETURN elementId(n) AS id")[0]["id"]
    retriever = Retriever(store.with_schema(inf.schema), RetrievalSettings(max_property_facts=100))
    sub = retriever.khop([r7], 1)
    retriever.fill_properties(sub)
    assert {(p.key, p.value) for p in sub.properties_of(r7)} == {("depth (m)", 14), ("unit", "kPa"),
                                                                           ("value", 10.5)}
    assert schema_state(store) == before


def test_hundreds_of_property_keys_are_bounded(store: Neo4jStore) -> None:
    for i in range(12):
        store.query("CREATE (w:Gadget {name: $name}) SET w += $props",
                    {"name": f"gadget {i}", "props": {f"p{k:03d}": k + i for k in range(300)}}, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store)
    [gadget] = inf.schema.entities
    assert len(gadget.facts) == 40
    decision = inf.domain.entities[0]
    assert decision.notes == ["300 properties could be facts; the 40 most often set are listed (max_facts = 40), "
                              "260 left out: p040, p041, p042, p043, p044, p045, p046, p047, p048, p049, p050, p051 "
                              "and 248 more"]
    narrow = infer_schema(store, InferOptions(max_keys=100, max_facts=10))
    assert len(narrow.schema.entities[0].facts) == 10
    assert "301 distinct property keys on the sampled nodes; the 100 most often set were profiled (max_keys)" in \
        narrow.domain.entities[0].notes
    assert schema_state(store) == before


def test_a_10_mb_string_is_measured_in_cypher_never_transferred(store: Neo4jStore,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    big = "lorem ipsum " * (10 * 1024 * 1024 // 12)
    store.query("CREATE (:Author {name: 'Ada', bio: $big, born: 1815})", {"big": big}, read_only=False)
    store.query("UNWIND range(1, 20) AS i CREATE (:Author {name: 'author ' + i, bio: 'short', born: 1900 + i})",
                read_only=False)
    before = schema_state(store)
    received = []
    query = Neo4jStore.query

    def measured(self: Neo4jStore, *args: Any, **kwargs: Any) -> list[dict]:
        rows = query(self, *args, **kwargs)
        received.append(len(json.dumps(rows, default=str)))
        return rows

    monkeypatch.setattr(Neo4jStore, "query", measured)
    inf = infer_schema(store)
    monkeypatch.undo()
    [author] = inf.schema.entities
    assert author.name == ["name"] and author.facts == ["born"]
    reason = _reasons(inf, "Author")["bio"]
    assert reason.startswith("free text: ") and f"up to {len(big):,}" in reason
    assert sum(received) < 100_000  # every row the inference read, together
    assert schema_state(store) == before


def test_a_mapping_edited_into_nonsense_is_a_readable_error(northwind: Neo4jStore, tmp_path: Path) -> None:
    text = render_toml(infer_schema(northwind))
    edits = {
        'facts = "unitPrice"': ('facts = [\n  "discontinued",', 'facts = "unitPrice"\nignored = [\n  "discontinued",'),
        "bad label": ('label = "Shipper"', 'label = "Ship`per"'),
        "unknown field": ('label = "Shipper"', 'label = "Shipper"\nnmae = ["companyName"]'),
        "no name, no key": ('label = "Order"\nkey = "orderID"', 'label = "Order"'),
        "twice": ('label = "Shipper"', 'label = "Product"'),
        "not toml": ("[schema]", "[schema"),
    }
    expected = {
        'facts = "unitPrice"': "schema.entities[4].facts: Input should be a valid list",
        "bad label": "schema.entities['Ship`per'].label: 'Ship`per' is not a valid identifier",
        "unknown field": "schema.entities[5].nmae: unknown field (check its spelling)",
        "no name, no key": "schema.entities['Order']: give `name` (the properties that name a node) or `key`",
        "twice": "schema.entities: the label 'Product' is listed twice",
        "not toml": "Expected ']' at the end of a table declaration (at line",
    }
    for what, (old, new) in edits.items():
        assert old in text, what
        path = tmp_path / "xgrag.toml"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(ConfigError) as err:
            load_settings(path, env={})
        message = str(err.value)
        assert message.startswith(f"{path}: ") and expected[what] in message, (what, message)
        assert "pydantic" not in message and "Traceback" not in message and "\n" not in message
        assert err.value.hint and ("schema infer --write" in err.value.hint or "TOML syntax" in err.value.hint)
    # as a user meets it: the CLI reads the file, names the field, exits 2, no traceback
    path = tmp_path / "xgrag.toml"
    path.write_text(text.replace(*edits["bad label"], 1), encoding="utf-8")
    env = {**os.environ, "NEO4J_URI": northwind.uri, "COLUMNS": "300"}
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", "retrieve", "--config", str(path), "Who is Chai?"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert "schema.entities['Ship`per'].label" in proc.stderr and "Traceback" not in proc.stderr
    assert "hint: fix that field of [schema]" in proc.stderr


def test_an_empty_database_and_one_with_no_entities_are_clear_errors(
        server: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from xgrag.cli import app, report_error

    wipe(server)
    with pytest.raises(InferError, match="holds no nodes: there is nothing to infer a mapping from") as err:
        infer_schema(server)
    assert err.value.hint and "NEO4J_URI" in err.value.hint
    monkeypatch.setenv("NEO4J_URI", neo4j_uri[0])
    if neo4j_uri[2]:  # the embedded server's generated password, as a user passes it
        monkeypatch.setenv("NEO4J_USER", neo4j_uri[1] or "neo4j")
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_uri[2])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["schema", "infer"])
    assert isinstance(result.exception, InferError) and report_error(result.exception) == 2
    migrate(server, GraphSchema(), 384)  # xgrag's own migration records only
    with pytest.raises(InferError, match=r"no label that could be an entity \(labels left out: XgragMigration: "
                                         r"xgrag's own records"):
        infer_schema(server)


def test_a_library_graph_beside_a_domain_graph_is_said(northwind: Neo4jStore) -> None:
    """One mapping reads one layout: the larger graph wins, and the TOML names what it leaves unread."""
    pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [dev] extra")
    helpers.write_langchain_graph(northwind)  # 4 entities beside Northwind's 1,047 nodes
    inf = infer_schema(northwind)
    assert inf.schema.preset == "domain" and "Product" in inf.schema.entity_labels()
    assert any(n.startswith("also found: __Entity__ nodes named by `id`") and "preset = 'langchain'" in n
               for n in inf.domain.notes)
    wipe(northwind)
    helpers.write_langchain_graph(northwind)
    northwind.query("UNWIND range(1, 3) AS i CREATE (:Reading {readingId: i})", read_only=False)
    small = infer_schema(northwind)
    assert small.schema == schema_preset("langchain") and small.unread == ["Reading (3 nodes)"]
    assert "labels this preset does not read" in render_toml(small)


def test_the_synthetic_domain_graph_of_the_scale_benchmark(store: Neo4jStore) -> None:
    """benchmarks/synthetic_domain.py (the 1M-node benchmark's generator) at scale 0.002: what it plants for schema
    infer to leave out (a 16-float embedding, a hex blob, free text, foreign keys) is left out, for the reasons
    planted."""
    import importlib.util

    from helpers import ROOT

    spec = importlib.util.spec_from_file_location("synthetic_domain", ROOT / "benchmarks" / "synthetic_domain.py")
    assert spec is not None and spec.loader is not None
    synthetic = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(synthetic)
    synthetic.generate(store.driver, scale=0.002)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    by = {e.label: e for e in inf.schema.entities}
    assert sorted(by) == ["Category", "Customer", "Employee", "Order", "Product", "Supplier"]
    assert {label: e.name for label, e in by.items()} == {
        "Category": ["categoryName"], "Customer": ["firstName", "lastName"], "Employee": ["firstName", "lastName"],
        "Order": [], "Product": ["productName"], "Supplier": ["companyName"]}
    assert {label: e.facts for label, e in by.items()} == {
        "Category": [], "Customer": ["birthDate", "city"], "Employee": ["title"], "Order": ["orderDate", "total"],
        "Product": ["price", "sku"], "Supplier": ["country"]}
    assert _reasons(inf, "Product")["embedding"] == "an embedding or vector: lists of 16 numbers"
    assert _reasons(inf, "Category")["picture"].startswith('binary data written as text ("0x')
    assert _reasons(inf, "Customer")["notes"].startswith("free text: ")
    assert _reasons(inf, "Order")["customerId"].startswith("a foreign key: the key of Customer")
    assert _reasons(inf, "Product")["categoryId"].startswith("a foreign key: the key of Category")
    assert inf.schema.relationship_facts() == {"CONTAINS": ["price", "quantity"]}
    assert schema_state(store) == before


def _people_graph(store: Neo4jStore) -> None:
    """A domain graph of the kind a team builds (written here, not taken from any example): people named by a first
    name that repeats and a surname, phones and e-mail addresses known by their value, nameless event records with
    an opaque id, a type and a date stored as text, a label holding only a repeating number, and property-less
    nodes that only link others."""
    store.query("""
    UNWIND range(0, 39) AS i
    CREATE (p:Person {name: ['Nancy', 'Amy', 'Ravi', 'Lena'][i % 4], surname: 'Surname' + i, nhs_no: 'NHS-' + i,
                      age: 20 + i})
    CREATE (ph:Phone {phoneNo: '9-(882)' + (4170000 + i)})
    CREATE (e:Email {email_address: 'person' + i + '@example.org'})
    CREATE (c:Crime {id: 'a3f9c2e1d4b5a6f7e8d9c0b1a2f3e4d5' + i, type: ['Burglary', 'Drugs', 'Theft'][i % 3],
                     date: (1 + i % 28) + '/08/2017'})
    CREATE (s:Shift {hours: [4, 8, 12][i % 3]})
    CREATE (p)-[:HAS_PHONE]->(ph), (p)-[:HAS_EMAIL]->(e), (p)-[:PARTY_TO]->(c), (p)-[:WORKS]->(s)
    CREATE (c)-[:NEXT]->(:Step)-[:NEXT]->(s)
    """, read_only=False)


def test_people_values_and_records_are_named_as_users_name_them(store: Neo4jStore) -> None:
    _people_graph(store)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    by = {e.label: e for e in inf.schema.entities}
    assert set(by) == {"Person", "Phone", "Email", "Crime", "Shift", "Step"}  # no label dropped
    assert by["Person"].name == ["name", "surname"] and "nhs_no" in by["Person"].aliases
    assert by["Phone"].name == ["phoneNo"] and not by["Phone"].label_in_name
    assert by["Email"].name == ["email_address"]
    assert (by["Crime"].name, by["Crime"].label_in_name) == (["type", "date"], False)
    assert (by["Shift"].name, by["Shift"].label_in_name) == (["hours"], True)
    assert (by["Step"].name, by["Step"].key, by["Step"].label_in_name) == ([], None, True)  # "Step": what it is
    assert inf.coverage is not None and inf.coverage.node_share == 1.0 and inf.coverage.relationship_share == 1.0
    view = store.with_schema(inf.schema)
    names = {row["row"][1] for row in view.read("entity_names", limit=1000)}
    assert {"Nancy Surname0", "9-(882)4170000", "person3@example.org", "Burglary 1/08/2017", "Shift 8", "Step"} <= names
    # linked as typed: a full name, a phone number, an alias (the NHS number)
    from xgrag.retrieval.retriever import Retriever

    retriever = Retriever(view, load_settings(env={}).retrieval)
    for question, name in [("Where does Amy Surname1 live?", "Amy Surname1"),
                           ("Whose phone number is 9-(882)4170007?", "9-(882)4170007"),
                           ("Whose phone number is 98824170008?", "9-(882)4170008"),  # typed without punctuation
                           ("Who has NHS-12?", "Nancy Surname12")]:
        assert name in [le.node.name for le in retriever.link(question)], question
    assert "Coverage: mapped 100.0% of 240 nodes" in render_toml(inf)
    assert schema_state(store) == before


def test_a_record_holding_text_related_many_ways_is_an_entity_cited_by_its_identifier(store: Neo4jStore) -> None:
    """Charters (regesta) hold their summary as `text`, are issued at a place, dated, name people and places and
    cite literature: records, not a RAG library's chunks (related to their mentions and their document at most), and
    named by the citation their `ident` is written as ("RI III,2,3 n. 7"), not by their date; a charter text with
    no ways of its own beside its document and mentions stays chunks."""
    summary = "Heinrich IV. schenkt dem Bistum Meißen einen Hof mit allem Zubehör, auf Bitten seiner Mutter. " * 3
    store.query("""
        UNWIND range(1, 30) AS i
        MERGE (p:Place {name: 'Ort ' + (i % 5)})
        MERGE (d:Date {day: date('1070-01-01') + duration({days: i})})
        MERGE (a:Action {action: 'schenken ' + (i % 3)})
        CREATE (r:Charter {ident: 'RI III,2,3 n. ' + i, date: '(1070 Januar ' + i + ')', text: $summary, no: i})
        CREATE (r)-[:PLACE_OF_ISSUE]->(p), (r)-[:DATED]->(d), (r)-[:ACTION]->(a),
               (:Person {name: 'Person ' + i})-[:PERSON_IN]->(r)
        WITH i WHERE i <= 4
        MERGE (doc:Book {path: 'chronik.pdf'})
        CREATE (doc)-[:HAS_PASSAGE]->(c:Passage {text: $summary, position: i}),
               (c)-[:MENTIONS]->(:Person {name: 'Genannt ' + i})
        """, {"summary": summary}, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    by = {e.label: e for e in inf.schema.entities}
    assert {"Charter", "Place", "Person", "Action"} <= set(by)
    assert by["Charter"].name == ["ident"] and "text" not in by["Charter"].facts
    skipped = {s.label: s.reason for s in inf.domain.skipped}
    assert skipped["Passage"].startswith("chunks of text") and skipped["Book"].startswith("documents")
    names = {row["row"][1] for row in store.with_schema(inf.schema).read("entity_names", limit=1000)}
    assert "RI III,2,3 n. 7" in names
    assert schema_state(store) == before


def test_named_records_of_a_short_text_are_entities_and_nameless_passages_stay_chunks(store: Neo4jStore) -> None:
    """A security control's enhancements are named ("Account Management | Inactivity Logout 3") and state in a
    sentence or two what they ask (`text`, about 120 characters): entities, their text a fact, though related to
    other labels in fewer ways than a record must be (two here). Passages of the same length with no name, mentioning
    the controls from a document, stay chunks."""
    ask = ("Automatically log out a user after a period of inactivity and after the end of a session, as the "
           "organization")
    store.query("""
        UNWIND range(1, 30) AS i
        CREATE (c:Control {name: 'Account Management ' + i})
        CREATE (e:Enhancement {name: 'Account Management | Inactivity Logout ' + i, text: $ask + ' defines ' + i})
        CREATE (c)-[:HAS_ENHANCEMENT]->(e), (e)-[:RELATED]->(:Control {name: 'Device Lock ' + i})
        WITH c, i WHERE i <= 6
        MERGE (d:Manual {path: 'controls.pdf'})
        CREATE (d)-[:HAS_PASSAGE]->(p:Passage {text: $ask + ' sets ' + i, position: i}), (p)-[:MENTIONS]->(c)
        """, {"ask": ask}, read_only=False)
    # a poem's lines in its `content`, short on average, a few poems running to thousands of characters: still a
    # fact, its long values not read (chinese-poetry, tune)
    store.query("""
        UNWIND range(1, 30) AS i
        CREATE (:Poem {name: 'Poem ' + i,
                       content: CASE WHEN i = 1 THEN $long ELSE 'Lines of poem ' + i + ', a river under the moon.' END})
        """, {"long": "A long poem. " * 50}, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    by = {e.label: e for e in inf.schema.entities}
    assert set(by) == {"Control", "Enhancement", "Poem"}
    assert by["Enhancement"].name == ["name"] and "text" in by["Enhancement"].facts
    assert by["Poem"].facts == ["content"]
    skipped = {s.label: s.reason for s in inf.domain.skipped}
    assert skipped["Passage"].startswith("chunks of text") and skipped["Manual"].startswith("documents")
    assert schema_state(store) == before


def test_a_question_naming_an_unmapped_label_is_told_so(store: Neo4jStore) -> None:
    from xgrag.retrieval.unmapped import unmapped_mentions

    _people_graph(store)
    schema = schema_preset("domain", read_only=True, entities=[{"label": "Person", "name": ["name", "surname"]}])
    view = store.with_schema(schema)
    found = unmapped_mentions(view, "Whose phone number is 9-(882)4170007?")
    assert found.mentions and found.mentions[0].label == "Phone" and found.mentions[0].value == "9-(882)4170007"
    assert set(found.unmapped_labels) == {"Crime", "Email", "Phone", "Shift", "Step"}
    assert unmapped_mentions(view, "Whose phone number is 555?").mentions == []
    assert unmapped_mentions(view, "Whose phone is 9-(882)4170007?", max_nodes=10).not_searched


def test_the_sample_reads_all_parts_of_a_label(store: Neo4jStore) -> None:
    """A graph written file by file: the first 1,100 items (one source's) carry no name, and half of them a `market`
    equal to their group's code; the last 100 have a name. Read from its first 1,000 nodes, the label was named by
    its market; read in blocks spread over the label, the names are seen, and `market`, sampled in every part of the
    label, stays a fact (no foreign key: most items' market is not their group's code). Nothing is written."""
    wipe(store)
    store.query("""
    UNWIND range(0, 9) AS g CREATE (:Group {code: 'G' + g})
    WITH count(*) AS groups
    UNWIND range(0, 1199) AS i
    MATCH (g:Group {code: 'G' + (i % 10)})
    CREATE (n:Item {token: 'c0ffee4d5b6a7f8e9d0c1b2a' + i,
                    market: CASE WHEN i < 600 THEN 'G' + (i % 10) ELSE 'Exchange' + (i % 3) END})
    CREATE (n)-[:IN_GROUP]->(g)
    FOREACH (_ IN CASE WHEN i >= 1100 THEN [1] ELSE [] END | SET n.name = 'Token ' + i)
    """, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    item = next(e for e in inf.schema.entities if e.label == "Item")
    assert item.name == ["name"] and "market" in item.facts, (item.name, item.facts, _reasons(inf, "Item"))
    assert schema_state(store) == before


def test_a_value_picking_one_of_the_linked_nodes_is_a_fact_not_a_foreign_key(store: Neo4jStore) -> None:
    """A match's winner is the team_name of one of its two teams (HOME or AWAY, as it falls): which one is the fact,
    no relationship states it. It was taken for a foreign key ("the team linked by AWAY or HOME") and left out, and
    "who won the match" had no answer. Northwind's foreign keys, one node by one type, stay foreign keys (above)."""
    store.query(MATCHES, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store)
    match = next(e for e in inf.schema.entities if e.label == "Match")
    assert {"winner", "date", "player_of_match"} <= set(match.facts)
    assert "winner" not in _reasons(inf, "Match")
    assert schema_state(store) == before


def test_a_name_some_nodes_have_names_them_and_a_designation_all_have_names_the_rest(store: Neo4jStore) -> None:
    """A quarter of the stars have a proper name, every star its designation: "Sirius" where it has one, "8Alp Ori"
    where not, and the designation of a named star linked as typed. Named by the designation alone, no star could
    be linked by its name ("which constellation is Sirius in": nothing linked)."""
    store.query(STARS, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    [star] = inf.schema.entities
    assert (star.name, star.name_fallback, star.aliases) == (["name"], ["bf"], ["bf"])
    assert "bf" in star.facts and "name" not in star.facts
    text = render_toml(inf)
    assert 'name_fallback = ["bf"]' in text
    assert tomllib.loads(text)["schema"]["entities"][0]["name_fallback"] == ["bf"]
    view = store.with_schema(inf.schema)
    names = {row["row"][1] for row in view.read("entity_names", limit=1000)}
    assert {"Sirius", "Castor", "1Alp CMa", "39Alp Tau"} <= names and "Star 1004" not in names
    retriever = Retriever(view, load_settings(env={}).retrieval)
    for question, name in [("How far away is Vega?", "Vega"), ("How far is the star 2Alp Lyr?", "2Alp Lyr"),
                           ("How far is 4Alp Ori?", "Sirius")]:  # 4Alp Ori is Sirius's designation here
        assert name in [le.node.name for le in retriever.link(question)], question
    assert schema_state(store) == before


def test_one_scan_and_a_query_per_label_read_the_same_samples(northwind: Neo4jStore,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A small graph is sampled in one scan for all labels (one query text, planned once: a server just started
    spent 7 s of a 20 s inference planning one text per label of a 61-label graph); a large one label by label. Both
    read the same nodes (a type's relationships may come in another order), so the mapping does not depend on the
    graph's size; foreign-key probes go in batches."""
    from xgrag.schema import profile as profile_module

    before = schema_state(northwind)
    opts = InferOptions(read_only=True)
    scanned = infer_schema(northwind, opts)
    monkeypatch.setattr(profile_module, "SCAN_BUDGET", 0)
    by_label = infer_schema(northwind, opts)
    assert scanned.table == by_label.table
    assert scanned.profile.labels == by_label.profile.labels
    assert {t: (p.count, sorted(p.properties)) for t, p in scanned.profile.types.items()} == \
           {t: (p.count, sorted(p.properties)) for t, p in by_label.profile.types.items()}
    kinds = len(scanned.profile.labels) + len(scanned.profile.types)
    # 3 to start; per labels and per types: the scan and the statistics, each in at most `workers` batches
    assert scanned.profile.queries <= 3 + 2 * (1 + opts.workers) < kinds
    assert by_label.profile.queries >= kinds
    assert 0 < scanned.summary()["probe_queries"] <= opts.workers < scanned.probes["asked"]
    assert schema_state(northwind) == before


def test_a_name_a_group_of_neighbouring_nodes_shares_is_composed_with_what_tells_them_apart(
        server: Neo4jStore) -> None:
    """Routes' calling points, 25 to a route, each named by its route: the spread sample sees one calling point per
    route (unique), the consecutive nodes the graph loaded together show the route repeating. The name is composed
    with the stop's number (the route's name still links its calling points, an alias); a name unique throughout
    (the stations') is left as it is."""
    wipe(server)
    server.query("""
        UNWIND range(0, 39) AS r UNWIND range(0, 24) AS s
        CREATE (:CallingPoint {id: 'cp-' + r + '-' + s, routeName: 'ROUTE-' + toString(1000 + r), stopNumber: s})
        WITH count(*) AS made
        UNWIND range(0, 199) AS i CREATE (:Station {name: 'Station ' + i, id: i})
        """, read_only=False)
    inf = infer_schema(server, InferOptions(sample_nodes=20, read_only=True))
    points = next(e for e in inf.domain.entities if e.label == "CallingPoint")  # type: ignore[union-attr]
    assert points.name == ["routeName", "stopNumber"] and "repeats among consecutive nodes" in points.name_reason
    assert "routeName" in points.aliases
    assert "stopNumber" in {f.key for f in points.facts}  # still a fact to ask about
    stations = next(e for e in inf.domain.entities if e.label == "Station")  # type: ignore[union-attr]
    assert stations.name == ["name"]
    names = {r["n"] for r in server.query("MATCH (c:CallingPoint) RETURN c.routeName AS n")}
    assert len(names) == 40  # nothing written


def test_a_record_named_by_values_that_repeat_together_is_composed_with_what_tells_them_apart(
        server: Neo4jStore) -> None:
    """telco-topology (tune): one traffic record per class of traffic between an access node and a gateway, named by
    the two; the class (a word) tells them apart, before its priority (a number). A record whose two values are
    together unique keeps its name."""
    wipe(server)
    server.query("""
        UNWIND range(0, 29) AS a UNWIND ['RETAIL', 'MOBILE', 'EBIS'] AS cfu
        CREATE (:TRAFFIC_UP {sourceReal: 'OLT' + a, targetReal: 'CGW.' + (a % 4), cfu: cfu,
                             pri: CASE cfu WHEN 'RETAIL' THEN 2 WHEN 'MOBILE' THEN 1 ELSE 4 END,
                             traffic: toFloat(a) / 100})
        WITH count(*) AS made
        UNWIND range(0, 59) AS i CREATE (:Hop {fromNode: 'N' + i, toNode: 'N' + (i + 1), weight: i % 3})
        """, read_only=False)
    inf = infer_schema(server, InferOptions(sample_nodes=100, read_only=True))
    traffic = next(e for e in inf.domain.entities if e.label == "TRAFFIC_UP")  # type: ignore[union-attr]
    assert traffic.naming == "record" and traffic.name[-1] == "cfu" and len(traffic.name) == 3, traffic.name_reason
    assert "repeat together" in traffic.name_reason and "with cfu they are told apart" in traffic.name_reason
    hops = next(e for e in inf.domain.entities if e.label == "Hop")  # type: ignore[union-attr]
    assert "repeat together" not in hops.name_reason
    assert server.query("MATCH (t:TRAFFIC_UP) RETURN count(t) AS n")[0]["n"] == 90  # nothing written


# Relationship types that only group relations, each one's relation in a property (japanese-mythology, spent)
_GROUPED_RELATIONS = """
WITH ['Ise Jingu', 'Izumo Taisha', 'Kasuga Taisha', 'Suwa Taisha', 'Usa Jingu', 'Kumano Hongu'] AS shrines
UNWIND range(0, 11) AS i
CREATE (:Deity {canonical_name: 'Kami ' + i, reading: 'd' + i, shrine: shrines[i / 2]})
WITH shrines, count(*) AS one
UNWIND shrines AS shrine
CREATE (:Shrine {canonical_name: shrine})
WITH count(*) AS one
MATCH (d:Deity), (s:Shrine {canonical_name: d.shrine})
CREATE (d)-[:RITUAL {relation_type: CASE WHEN toInteger(split(d.canonical_name, ' ')[1]) % 2 = 0
                                         THEN 'primary_deity_of' ELSE 'enshrined_at' END, note: d.reading}]->(s)
WITH count(*) AS one
UNWIND range(0, 10) AS i
MATCH (a:Deity {canonical_name: 'Kami ' + i}), (b:Deity {canonical_name: 'Kami ' + (i + 1)})
CREATE (a)-[:LINEAGE {relation_type: 'parent_of'}]->(b)
"""


def test_a_relationship_types_relation_property_is_read_as_its_label(store: Neo4jStore) -> None:
    """RITUAL {relation_type: "primary_deity_of"}: the mapping reads the property as each relationship's label, in
    Python and in the procedures alike, and "who is the parent of X" is read from it; the database is unchanged."""
    store.query(_GROUPED_RELATIONS, read_only=False)
    before = schema_state(store)
    inf = infer_schema(store, InferOptions(read_only=True))
    by = {r.type: r for r in inf.schema.relationships}
    assert (by["RITUAL"].relation, by["RITUAL"].facts) == ("relation_type", ["note"])
    assert (by["LINEAGE"].relation, by["LINEAGE"].facts) == ("relation_type", [])
    view = store.with_schema(inf.schema)
    retriever = Retriever(view, load_settings(env={}).retrieval)
    triples = set(retriever.retrieve("Who is the parent of Kami 4?", hops=1).triples())
    triples |= set(retriever.retrieve("Which shrine is Kami 4 the primary deity of?", hops=1).triples())
    assert {("Kami 3", "parent_of", "Kami 4"), ("Kami 4", "primary_deity_of", "Kasuga Taisha")} <= triples
    assert not {t for t in triples if t[1] in ("RITUAL", "LINEAGE")}
    from xgrag.config import Settings
    from xgrag.embed import default_embedder
    from xgrag.explain import Explainer
    from xgrag.generate.extractive import ExtractiveReader

    embedder = default_embedder()
    explainer = Explainer.from_settings(Settings(schema=inf.schema), view, generator=ExtractiveReader(embedder),
                                        embedder=embedder)
    ex = explainer.explain("Who is Kami 4's parent?")
    assert ex.answer == "Kami 3."
    assert ex.components and min(ex.components, key=lambda c: c.rank or 99).label == "Kami 3 -parent_of-> Kami 4"
    assert schema_state(store) == before
