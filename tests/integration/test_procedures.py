"""xgrag's Cypher procedures (embedded-neo4j/procedures) against the Python implementation, on the real
embedded Neo4j of the session: same graph, same seeds and exclusions, same results."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
from collections.abc import Iterator
from typing import Any

import neo4j
import pytest
import tomllib

from helpers import (
    CIDADE_ENTITIES,
    CIDADES,
    GARMENT_ENTITIES,
    GARMENTS,
    HOLMES_KG,
    MATCH_ENTITIES,
    MATCHES,
    ROOT,
    SAMPLE,
    SHARED,
    STARS,
    VISIT_ENTITIES,
    VISITS,
    doc_block,
    wipe,
)
from xgrag.config import EntityMapping, RetrievalSettings, schema_preset
from xgrag.model import Perturbation
from xgrag.retrieval import Retriever
from xgrag.retrieval.centrality import gds_centrality, gds_graph_centrality
from xgrag.retrieval.dedup import persisted_aliases
from xgrag.store.explanations import save_explanation
from xgrag.store.ingest import ingest_triples, read_triples, write_triples
from xgrag.store.neo4j import Neo4jStore
from xgrag.store.queries import QueryLibrary

Q2 = "who is listed as director of [Tarik Lowe] starred movies"
QUESTIONS = [Q2, "which movies are [Drama] films", "what movies did [John Schlesinger] direct",
             "who starred in [Supporting Characters]"]
PROCEDURES = {"xgrag.subgraph", "xgrag.paths", "xgrag.aliases", "xgrag.centrality", "xgrag.explanations"}


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def call(store: Neo4jStore, cypher: str, **params) -> list[dict]:
    """Rows with graph values kept as the driver's Node / Relationship / Path (record.data() flattens them),
    in a read transaction: a procedure declared WRITE would be refused there."""
    with store.driver.session(database=store.database) as session:
        return session.execute_read(lambda tx: [dict(rec.items()) for rec in tx.run(cypher, params)])


def subgraph(store: Neo4jStore, seeds, **config) -> dict:
    """xgrag.subgraph's one row."""
    rows = call(store, "CALL xgrag.subgraph($seeds, $config) YIELD nodes, relationships, truncated, seeds, "
                       "aliasMap, subgraph, properties, propertiesOmitted RETURN *", seeds=seeds, config=config)
    assert len(rows) == 1
    return rows[0]


def client_error(store: Neo4jStore, cypher: str, **params) -> str:
    with pytest.raises(neo4j.exceptions.ClientError) as err:
        call(store, cypher, **params)
    return str(err.value.message)


# -- registration, version, read-only ------------------------------------------------------------------


def test_procedures_are_registered_read_only_and_versioned(server: Neo4jStore) -> None:
    rows = call(server, "SHOW PROCEDURES YIELD name, mode WHERE name STARTS WITH 'xgrag.' RETURN name, mode")
    modes = {r["name"]: r["mode"] for r in rows}
    assert PROCEDURES <= set(modes)
    assert {modes[p] for p in PROCEDURES} == {"READ"}
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert call(server, "RETURN xgrag.version() AS v")[0]["v"] == version


def test_procedures_run_in_read_transactions_and_never_write(metaqa: Neo4jStore) -> None:
    seeds = [le.node.id for le in Retriever(metaqa).link(Q2)]
    before = metaqa.checksum()
    # store.query runs in a read transaction: a procedure declared WRITE would be refused there
    subgraph(metaqa, seeds, hops=2)
    call(metaqa, "CALL xgrag.paths(['Tarik Lowe'], ['Daniel Schechter']) YIELD path RETURN path")
    call(metaqa, "CALL xgrag.centrality($ids) YIELD nodeId RETURN nodeId", ids=seeds)
    call(metaqa, "CALL xgrag.aliases() YIELD alias RETURN alias")
    assert metaqa.checksum() == before
    assert call(metaqa, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0


# -- one source of truth: the same cypher files, rendered the same way ---------------------------------------


@pytest.mark.parametrize("preset", ["xgrag", "langchain", "neo4j-graphrag", "lightrag", "llamaindex", "domain"])
def test_java_renders_every_cypher_file_exactly_like_python(server: Neo4jStore, preset: str) -> None:
    lib = QueryLibrary(schema_preset(preset))
    names = lib.names()
    assert {"expand", "nodes_by_id", "shortest_paths", "alias_links", "gds_centrality", "node_facts",
            "rel_facts", "entity_names", "entities_by_name"} <= set(names)
    rows = call(server, "UNWIND $names AS name RETURN name, xgrag.query(name, {preset: $preset}) AS text",
                names=names, preset=preset)
    assert {r["name"]: r["text"] for r in rows} == {n: lib.get(n) for n in names}


# General mappings, as xgrag.toml's [schema] table holds them (preset inside the table): Northwind's shape (several
# labels, a composed name, a nameless label named by its key, node and relationship facts), one with aliases and
# descriptions on some labels only and facts on two relationship types, and the smallest one (a nameless label,
# no facts at all).
NORTHWIND: dict = {
    "preset": "domain",
    "entities": [
        {"label": "Product", "key": "productID", "name": ["productName"],
         "facts": ["quantityPerUnit", "unitPrice", "unitsInStock", "unitsOnOrder", "reorderLevel", "discontinued"]},
        {"label": "Category", "key": "categoryID", "name": ["categoryName"], "facts": ["description"]},
        {"label": "Supplier", "key": "supplierID", "name": ["companyName"],
         "facts": ["contactName", "contactTitle", "address", "city", "region", "postalCode", "country", "phone",
                   "fax", "homePage"]},
        {"label": "Customer", "key": "customerID", "name": ["companyName"],
         "facts": ["contactName", "contactTitle", "address", "city", "region", "postalCode", "country", "phone",
                   "fax"]},
        {"label": "Order", "key": "orderID",
         "facts": ["orderDate", "requiredDate", "shippedDate", "freight", "shipName", "shipAddress", "shipCity",
                   "shipRegion", "shipPostalCode", "shipCountry"]},
        {"label": "Employee", "key": "employeeID", "name": ["firstName", "lastName"],
         "facts": ["title", "titleOfCourtesy", "birthDate", "hireDate", "address", "city", "region", "postalCode",
                   "country", "homePhone", "extension"]},
        {"label": "Shipper", "key": "shipperID", "name": ["companyName"], "facts": ["phone"]},
    ],
    "relationships": [{"type": "ORDERS", "facts": ["unitPrice", "quantity", "discount"]}],
}
MAPPINGS: dict[str, dict] = {
    "northwind": NORTHWIND,
    "northwind-read-only": {**NORTHWIND, "read_only": True},
    "aliases": {"preset": "domain", "entities": [
        {"label": "Person", "name": ["first", "middle", "last"], "aliases": "nicknames", "facts": ["born"]},
        {"label": "Account", "name": ["number"], "label_in_name": True, "aliases": ["login", "email"]},
        {"label": "City", "key": "code", "name": ["name"], "description": "summary"},
        {"label": "null", "key": "null", "aliases": "null"}],
        "relationships": [{"type": "LIVES_IN", "facts": ["since", "until"]}, {"type": "KNOWS"},
                          {"type": "VISITED", "facts": ["dates"]}],
        "non_semantic_types": ["ALIAS_OF", "AUDIT"]},
    "smallest": {"preset": "domain", "entities": [{"label": "Order", "key": "orderID"}]},
    # a name and no key: a node without the name is named by its label
    "keyless": {"preset": "domain", "entities": [{"label": "WorkingGroup", "name": ["name"]}]},
    # names as graphs write them: spaces, punctuation, a leading digit, a letter outside ASCII
    "punctuated": {"preset": "domain", "entities": [
        {"label": "Country Profile", "key": "ISO-3", "name": ["Country"],
         "facts": ["Area (sq. mi.)", "GDP ($ per capita)", "Literacy (%)", "1st language", "Année"]}],
        "relationships": [{"type": "BORDERS-ON", "facts": ["length (km)"]}]},
    # types that only group their relationships, each one's relation in a property
    "relation-property": {"preset": "domain", "entities": [{"label": "Deity", "name": ["canonical_name"]}],
                          "relationships": [{"type": "LINEAGE", "relation": "relation_type", "facts": ["notes"]},
                                            {"type": "RITUAL", "relation": "rel type"}, {"type": "KNOWS"}]},
}


@pytest.mark.parametrize("mapping", sorted(MAPPINGS))
def test_java_renders_general_mappings_exactly_like_python(server: Neo4jStore, mapping: str) -> None:
    table = MAPPINGS[mapping]
    schema = schema_preset(table["preset"], **{k: v for k, v in table.items() if k != "preset"})
    assert schema.general
    lib = QueryLibrary(schema)
    names = lib.names()
    rows = call(server, "UNWIND $names AS name RETURN name, xgrag.query(name, {schema: $schema}) AS text",
                names=names, schema=table)
    got = {r["name"]: r["text"] for r in rows}
    assert got == {n: lib.get(n) for n in names}
    if schema.has_property_facts:  # the new placeholders really rendered something mapping-specific
        assert "valueType(" in got["node_facts"] + got["rel_facts"]
    assert "CASE WHEN n:`" in got["nodes_by_id"]


def test_general_mapping_fields_reach_the_rendering_and_its_cache(server: Neo4jStore) -> None:
    """Every field of an entity or relationship table changes the text on both sides, and a property named "null"
    is not a missing one (the rendered-query cache keys them apart)."""
    base = {"preset": "domain", "entities": [{"label": "A", "key": "k", "name": ["n"], "facts": ["f"]}],
            "relationships": [{"type": "R", "facts": ["w"]}]}
    variants = [base,
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n", "m"], "facts": ["f"]}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n"], "facts": ["f", "g"]}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n"], "aliases": "null"}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n"], "aliases": None}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n"], "aliases": ["null", "code"]}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n"], "label_in_name": True}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n", "m"], "label_in_name": True}]},
                {**base, "entities": [{"label": "A", "label_in_name": True}]},
                {**base, "entities": [{"label": "A", "key": "null", "name": []}]},
                {**base, "entities": [{"label": "A", "key": "k", "name": ["n"]}, {"label": "B", "name": ["x"]}]},
                {**base, "relationships": [{"type": "R", "facts": ["w", "v"]}]},
                {**base, "relationships": [{"type": "R", "facts": ["w"], "relation": "w"}]},
                {**base, "relationships": [{"type": "R", "facts": ["w"], "relation": "null"}]},
                {**base, "relationships": []}]
    texts = []
    for table in variants:
        schema = schema_preset("domain", **{k: v for k, v in table.items() if k != "preset"})
        names = ["nodes_by_id", "node_facts", "rel_facts", "link_fulltext", "entity_neighbours"]
        rows = call(server, "UNWIND $names AS name RETURN name, xgrag.query(name, {schema: $schema}) AS text",
                    names=names, schema=table)
        got = {r["name"]: r["text"] for r in rows}
        assert got == {n: QueryLibrary(schema).get(n) for n in names}, table
        texts.append(tuple(got[n] for n in names))
    assert len(set(texts)) == len(texts)


# Mappings edited into nonsense: each is refused by Python (ConfigError) and by the procedures with the same text.
BAD_MAPPINGS = [
    {"entities": "Product"},
    {"entities": ["Product"]},
    {"entities": [{"label": "Product", "name": ["productName"], "fact": ["unitPrice"]}]},
    {"entities": [{"name": ["productName"]}]},
    {"entities": [{"label": 5, "name": ["productName"]}]},
    {"entities": [{"label": "Product", "name": "productName"}]},
    {"entities": [{"label": "Product", "name": ["productName", 3]}]},
    {"entities": [{"label": "Product", "key": 7}]},
    {"entities": [{"label": "Product"}]},
    {"entities": [{"label": "Product`) DETACH DELETE n //", "name": ["productName"]}]},
    {"entities": [{"label": "Prod'uct", "name": ["productName"]}]},
    {"entities": [{"label": "Product", "name": ["productName"], "facts": ["unitPrice", "unit\\price"]}]},
    {"entities": [{"label": "Product", "name": ["productName"], "aliases": "a`b"}]},
    {"entities": [{"label": "Product", "name": ["productName"], "aliases": ["code", "a'b"]}]},
    {"entities": [{"label": "Product", "name": ["productName"], "label_in_name": "yes"}]},
    {"entities": [{"label": "Product", "name": ["p"]}, {"label": "Order", "key": "o"},
                  {"label": "Product", "key": "k"}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": [{"type": "ORDERS"}, {"type": "ORDERS"}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": [{"facts": ["quantity"]}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": [{"type": "ORDERS", "fact": ["q"]}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": [{"type": "ORDERS", "facts": ["q", "a\nb"]}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": "ORDERS"},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": [{"type": "ORDERS", "relation": "a`b"}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "relationships": [{"type": "ORDERS", "relation": 3}]},
    {"entities": [{"label": "Product", "name": ["p"]}], "id_property": "id"},
]


@pytest.mark.parametrize("bad", range(len(BAD_MAPPINGS)))
def test_bad_general_mappings_read_the_same_in_java_and_python(server: Neo4jStore, bad: int) -> None:
    from xgrag.config import ConfigError

    table = BAD_MAPPINGS[bad]
    with pytest.raises(ConfigError) as err:
        schema_preset("domain", **table)
    want = str(err.value)
    assert want.startswith("schema.") and "Traceback" not in want
    before = server.checksum()
    got = client_error(server, "CALL xgrag.subgraph(['x'], {schema: $schema}) YIELD nodes RETURN nodes",
                       schema={"preset": "domain", **table})
    assert want in got
    assert server.checksum() == before


def test_schema_overrides_render_like_python(server: Neo4jStore) -> None:
    overrides = {"entity_label": "Thing", "id_property": None, "generic_labels": ["Base"], "type_property": None,
                 "provenance": {"mode": "mentions", "chunk_label": "Passage"}}
    lib = QueryLibrary(schema_preset("langchain", **{k: v for k, v in overrides.items()}))
    for name in ("expand", "shortest_paths", "provenance_mentions", "link_fulltext"):
        text = call(server, "RETURN xgrag.query($name, {preset: 'langchain', schema: $schema}) AS t",
                    name=name, schema=overrides)[0]["t"]
        assert text == lib.get(name)
        assert "`Thing`" in text or name == "link_fulltext"
    # a property literally named "null" is not a missing property (nor served from the other's cache)
    for value in ("null", None, "null"):
        text = call(server, "RETURN xgrag.query('nodes_by_id', {schema: {id_property: $v}}) AS t", v=value)[0]["t"]
        assert text == QueryLibrary(schema_preset("xgrag", id_property=value)).get("nodes_by_id")
        assert ("n.`null`" in text) == (value is not None)


def test_identifiers_are_validated_and_config_errors_are_clear(metaqa: Neo4jStore) -> None:
    before = metaqa.checksum()
    evil = "Entity`) DETACH DELETE n //"
    msg = client_error(metaqa, "CALL xgrag.subgraph(['x'], {schema: {entity_label: $l}}) YIELD nodes RETURN nodes",
                       l=evil)
    assert "schema.entity_label" in msg and "not a valid identifier" in msg
    msg = client_error(metaqa, "CALL xgrag.aliases({schema: {non_semantic_types: ['OK', 'bad`type']}})")
    assert "schema.non_semantic_types[1]" in msg
    assert "unknown config key 'hop'" in client_error(metaqa, "CALL xgrag.subgraph(['x'], {hop: 2})")
    assert "unknown preset 'neo4j'" in client_error(metaqa, "CALL xgrag.aliases({preset: 'neo4j'})")
    assert "hops" in client_error(metaqa, "CALL xgrag.subgraph(['x'], {hops: 5})")
    assert "maxLength" in client_error(metaqa, "CALL xgrag.paths(['x'], ['y'], {maxLength: 9})")
    assert "no query file" in client_error(metaqa, "RETURN xgrag.query('nope') AS t")
    assert "bad query name" in client_error(metaqa, "RETURN xgrag.query('../x') AS t")
    assert "unknown field" in client_error(metaqa, "RETURN xgrag.query('expand', {schema: {entity: 'X'}}) AS t")
    assert metaqa.checksum() == before


# -- xgrag.subgraph = Retriever.khop --------------------------------------------------------------------------


def assert_same_subgraph(row: dict, sub, by_element_id: bool = False) -> None:
    """`by_element_id`: a general mapping identifies elements by elementId(), not by an id property."""
    def ident(element) -> str:
        return str(element.element_id if by_element_id else element["id"])

    assert row["subgraph"] == sub.to_json()
    assert row["truncated"] == sub.truncated and row["seeds"] == sub.seeds
    assert [ident(n) for n in row["nodes"]] == list(sub.nodes)  # graph elements, in retrieval order
    assert [ident(r) for r in row["relationships"]] == [r.id for r in sub.sorted_relationships()]
    assert all(isinstance(n, neo4j.graph.Node) for n in row["nodes"])
    assert all(isinstance(r, neo4j.graph.Relationship) for r in row["relationships"])


@pytest.mark.parametrize("hops", [1, 2, 3])
def test_subgraph_equals_python_khop(metaqa: Neo4jStore, hops: int) -> None:
    r = Retriever(metaqa)
    for q in QUESTIONS:
        seeds = [le.node.id for le in r.link(q)]
        sub = r.khop(seeds, hops)
        assert len(sub.relationships) > 0
        assert_same_subgraph(subgraph(metaqa, seeds, hops=hops), sub)


def test_subgraph_splits_lightrag_provenance_like_python(store: Neo4jStore) -> None:
    """LightRAG's <SEP>-joined chunk ids: the procedure's provenance equals Python's split_provenance."""
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    from helpers import mapped, write_lightrag_graph

    write_lightrag_graph(store)
    view = mapped(store, "lightrag")
    r = Retriever(view)
    seeds = [le.node.id for le in r.link("Who did Marie Curie marry?")]
    sub = r.khop(seeds, 2)
    assert any(len(rel.provenance.get("documents", [])) == 2 for rel in sub.relationships.values())
    row = subgraph(view, seeds, hops=2, preset="lightrag")
    assert row["subgraph"] == sub.to_json()
    assert [n["entity_id"] for n in row["nodes"]] == list(sub.nodes)


def test_subgraph_reads_a_fact_with_two_sources_like_python(store: Neo4jStore, tmp_path) -> None:
    """One fact ingested from two files (its other_sources): the procedure's provenance equals Python's, both
    sources listed, an unreadable entry included."""
    for name in ("a.tsv", "b.tsv"):
        (tmp_path / name).write_text("Film 1\tdirected_by\tPerson 1\nFilm 1\trelease_year\t1999\n")
        ingest_triples(store, tmp_path / name)
    store.query("MATCH ()-[r:RELATION {label: 'release_year'}]->() SET r.other_sources = r.other_sources + ['oops']",
                read_only=False)
    r = Retriever(store)
    seeds = [le.node.id for le in r.link("Who directed [Film 1]?")]
    sub = r.khop(seeds, 1)
    docs = {rel.label: [d.get("doc_id", d.get("unreadable")) for d in rel.provenance["documents"]]
            for rel in sub.relationships.values()}
    assert docs == {"directed_by": ["file:a.tsv", "file:b.tsv"], "release_year": ["file:a.tsv", "file:b.tsv", "oops"]}
    assert_same_subgraph(subgraph(store, seeds, hops=1), sub)


def test_subgraph_accepts_names_and_a_single_value(metaqa: Neo4jStore) -> None:
    seed = Retriever(metaqa).link(Q2)[0].node
    by_id = subgraph(metaqa, [seed.id])
    assert subgraph(metaqa, [seed.name])["subgraph"] == by_id["subgraph"]
    assert subgraph(metaqa, seed.name)["subgraph"] == by_id["subgraph"]
    assert subgraph(metaqa, ["no such entity"])["subgraph"]["nodes"] == []


def test_subgraph_exclusions_equal_python(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    seeds = [le.node.id for le in r.link(Q2)]
    sub = r.khop(seeds, 2)
    movie = next(n.id for n in sub.nodes.values() if n.name == "Supporting Characters")
    directed = next(x.id for x in sub.relationships.values() if x.label == "directed_by")
    cases = [([movie], []), ([], [directed]), ([movie], [directed]), (seeds, []),
             (sorted(sub.nodes)[:5], sorted(sub.relationships)[:7])]
    for ex_nodes, ex_rels in cases:
        want = r.retrieve(Q2, mode="khop", hops=2, seeds=seeds, perturbation=Perturbation(
            excluded_node_ids=frozenset(ex_nodes), excluded_rel_ids=frozenset(ex_rels)))
        got = subgraph(metaqa, seeds, hops=2, excludedNodeIds=ex_nodes, excludedRelIds=ex_rels)
        assert_same_subgraph(got, want)
        assert not set(ex_nodes) & {n["id"] for n in got["nodes"]}
        assert not set(ex_rels) & {x["id"] for x in got["relationships"]}
    # the perturbation really changed something
    cut = subgraph(metaqa, seeds, hops=2, excludedNodeIds=[movie])
    assert "Daniel Schechter" not in {n["name"] for n in cut["subgraph"]["nodes"]}


def test_subgraph_caps_truncate_like_python(metaqa: Neo4jStore) -> None:
    for max_nodes, max_rels in [(4, 5), (10, 8), (30, 100), (200, 12)]:
        r = Retriever(metaqa, RetrievalSettings(max_nodes=max_nodes, max_relationships=max_rels))
        seeds = [le.node.id for le in r.link("which movies are [Drama] films")]
        want = r.khop(seeds, 2)
        got = subgraph(metaqa, seeds, hops=2, maxNodes=max_nodes, maxRelationships=max_rels)
        assert want.truncated
        assert_same_subgraph(got, want)


# -- property facts: xgrag.subgraph / xgrag.paths = Retriever.khop / paths + fill_properties (Northwind) ------------

NORTHWIND_DIR = SHARED / "northwind"


@pytest.fixture
def northwind(store: Neo4jStore) -> Iterator[Neo4jStore]:
    """Neo4j's Northwind example, written by its own load.py steps (../shared/data/northwind), read through the
    general mapping above. Its constraints are dropped afterwards: the session's server is left as it was."""
    spec = importlib.util.spec_from_file_location("northwind_load", NORTHWIND_DIR / "load.py")
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    for query, name in load.STEPS:
        store.query(query, {"rows": load.rows(name) if name else None}, read_only=False)
    try:
        yield store.with_schema(schema_preset("domain", **{k: v for k, v in NORTHWIND.items() if k != "preset"}))
    finally:
        wipe(store)
        for query, _ in load.STEPS:
            m = re.match(r"CREATE CONSTRAINT (\w+) IF NOT EXISTS", query)
            if m:
                store.query(f"DROP CONSTRAINT {m.group(1)} IF EXISTS", read_only=False)


def element_id(store: Neo4jStore, label: str, prop: str, value: object) -> str:
    rows = store.query(f"MATCH (n:{label}) WHERE n.{prop} = $v RETURN elementId(n) AS id", {"v": value})
    assert len(rows) == 1, (label, prop, value)
    return str(rows[0]["id"])


def java_properties(row: dict) -> list[dict]:
    """A procedure's `properties` column in the shape of Python's PropertyFact.to_json()."""
    return [{"id": p["id"], "owner": p["owner"], "owner_kind": p["ownerKind"], "key": p["key"], "value": p["value"]}
            for p in row["properties"]]


def assert_same_facts(row: dict, sub) -> None:
    """Nodes, relationships and property facts equal Python's, and the facts are listed as facts of their own."""
    assert_same_subgraph(row, sub, by_element_id=True)
    assert java_properties(row) == [f.to_json() for f in sub.sorted_properties()]
    assert row["propertiesOmitted"] == sub.properties_omitted
    # each fact's owner is a returned node or relationship (a property goes with its element)
    owners = {n.element_id for n in row["nodes"]} | {r.element_id for r in row["relationships"]}
    assert {p["owner"] for p in row["properties"]} <= owners


def nw_subgraph(store: Neo4jStore, seeds, **config) -> dict:
    return subgraph(store, seeds, **{"schema": NORTHWIND, **config})


def test_subgraph_property_facts_equal_python_on_northwind(northwind: Neo4jStore) -> None:
    chai = element_id(northwind, "Product", "productName", "Chai")
    for hops in (1, 2):
        for cap in (60, 100_000):  # the default cap, and one that keeps every fact
            r = Retriever(northwind, RetrievalSettings(max_property_facts=cap))
            assert r.embedder is None
            want = r.khop([chai], hops)
            r.fill_properties(want)
            got = nw_subgraph(northwind, ["Chai"], hops=hops, **({} if cap == 60 else {"maxPropertyFacts": cap}))
            assert got["seeds"] == [chai]
            assert_same_facts(got, want)
            facts = {(p["owner"], p["key"]): p["value"] for p in got["properties"]}
            assert facts[(chai, "unitPrice")] == 18.0 and facts[(chai, "quantityPerUnit")] == "10 boxes x 20 bags"
            # facts are only the mapped properties: Category.picture (a blob) and ids are not facts
            assert not {"picture", "productID", "categoryID"} & {p["key"] for p in got["properties"]}
            names = {n["name"] for n in got["subgraph"]["nodes"]}
            assert {"Chai", "Beverages", "Exotic Liquids"} <= names
            if cap == 60:  # over the cap: the seed's own facts are all kept, the rest chosen as Python chooses
                assert got["propertiesOmitted"] > 0 and len(got["properties"]) == 60
                assert {k for (o, k) in facts if o == chai} == set(NORTHWIND["entities"][0]["facts"])
            else:  # a relationship's facts: (Order 10285)-[ORDERS {quantity: 45}]->(Chai)
                assert got["propertiesOmitted"] == 0
                quantities = [p for p in got["properties"] if p["ownerKind"] == "relationship"
                              and p["key"] == "quantity"]
                assert len(quantities) >= 38 and all(isinstance(p["value"], int) for p in quantities)
            if hops == 2:
                assert any(n.startswith("Order ") for n in names), names
                assert "Nancy Davolio" in names, names


def test_subgraph_property_facts_chosen_by_question_like_python(northwind: Neo4jStore) -> None:
    """Over the cap, the facts whose key's words the question holds come next after the seeds' own: the same choice
    as Python's retriever without an embedder, and a different one from no question."""
    r = Retriever(northwind)
    chai = element_id(northwind, "Product", "productName", "Chai")
    plain = nw_subgraph(northwind, ["Chai"], hops=2)
    chosen = {}
    for q in ("What is the unit price of Chai?", "Which cities did the orders of Chai's ship to?",
              "Quantities and discounts: Chai", ""):
        want = r.retrieve(q, mode="khop", hops=2, seeds=[chai])
        got = nw_subgraph(northwind, [chai], hops=2, question=q)
        assert_same_facts(got, want)
        chosen[q] = {p["id"] for p in got["properties"]}
    assert chosen[""] == {p["id"] for p in plain["properties"]}
    assert len({frozenset(v) for v in chosen.values()}) == 4
    keys = {p["key"] for p in nw_subgraph(northwind, [chai], hops=2, question="unit price?")["properties"]}
    assert "unitPrice" in keys
    # a key typed as the graph writes it ("unitPrice") says its words, in both
    typed = "What is the unitPrice of Chai?"
    want = Retriever(northwind, RetrievalSettings(max_property_facts=1)).retrieve(typed, mode="khop", hops=2,
                                                                                 seeds=[chai])
    got = nw_subgraph(northwind, [chai], hops=2, maxPropertyFacts=1, question=typed)
    assert_same_facts(got, want)
    assert [p["key"] for p in got["properties"]] == ["unitPrice"]
    for cap in (0, 5, 1000):
        want = Retriever(northwind, RetrievalSettings(max_property_facts=cap)).retrieve(
            "What is the unit price of Chai?", mode="khop", hops=2, seeds=[chai])
        got = nw_subgraph(northwind, [chai], hops=2, maxPropertyFacts=cap, question="What is the unit price of Chai?")
        assert_same_facts(got, want)
        assert len(got["properties"]) == min(cap, len(got["properties"]) + got["propertiesOmitted"])


def _facts_chosen_like_python(store: Neo4jStore, entities: list[dict[str, Any]], seed: str, hops: int,
                              cases: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """For each (question, max_property_facts): the procedures' subgraph of `seed` under the general mapping of
    `entities` keeps the property facts Python's retriever (no embedder) keeps. The procedures' results, in order."""
    schema = {"preset": "domain", "read_only": True, "entities": entities}
    python = store.with_schema(schema_preset("domain", read_only=True, entities=[
        EntityMapping(**e) for e in entities]))
    out = []
    for q, cap in cases:
        want = Retriever(python, RetrievalSettings(max_property_facts=cap)).retrieve(q, mode="khop", hops=hops,
                                                                                    seeds=[seed])
        got = subgraph(store, [seed], schema=schema, hops=hops, maxPropertyFacts=cap, question=q)
        assert_same_facts(got, want)
        out.append(got)
    return out


def test_subgraph_property_facts_of_a_seed_s_neighbour_chosen_like_python(store: Neo4jStore) -> None:
    """Of the twelve venues' cities, the city of the named match's venue; the seed's type ("match") counts for no
    key (player_of_match): the procedures choose as Python's retriever without an embedder."""
    store.query(MATCHES, read_only=False)
    match = element_id(store, "Match", "match_id", "59")
    got = _facts_chosen_like_python(store, MATCH_ENTITIES, match, 2, [
        ("In which city was the match on 5/21/2017 played?", 4), ("Who won the match?", 5), ("", 4),
        ("In which city was the match on 5/21/2017 played?", 1000)])
    assert ("city", "Hyderabad") in {(p["key"], p["value"]) for p in java_properties(got[-1])}


def test_subgraph_property_facts_of_a_neighbour_of_a_named_type_chosen_like_python(store: Neo4jStore) -> None:
    """A seed's neighbour of a type the question names ranks its facts after the seeds' own, in both."""
    store.query(VISITS, read_only=False)
    carlo = element_id(store, "Person", "name", "Carlo Bryan")
    _facts_chosen_like_python(store, VISIT_ENTITIES, carlo, 2, [
        ("What kind of place did Carlo Bryan visit?", 2), ("Where was Carlo Bryan born?", 2),
        ("What kind of place did Carlo Bryan visit?", 1000)])


def test_subgraph_property_facts_by_a_key_of_another_language_chosen_like_python(store: Neo4jStore) -> None:
    """A key written in Portuguese (populacao) is chosen by the English word the question says, in both (the schema
    words of cypher/shared_config.json)."""
    store.query(CIDADES, read_only=False)
    campinas = element_id(store, "Cidade", "nomeCidade", "Campinas")
    got = _facts_chosen_like_python(store, CIDADE_ENTITIES, campinas, 1, [
        ("What is the population of Campinas?", 1), ("Which state is Campinas in?", 2),
        ("What is the population of Campinas?", 1000)])
    assert [(p["key"], p["value"]) for p in java_properties(got[0])] == [("populacao", "1173370")]


def test_subgraph_states_no_blank_value_like_python(store: Neo4jStore) -> None:
    """A blank text (an empty culture, a description of spaces) is no fact, in both: only what the record says."""
    store.query(GARMENTS, read_only=False)
    beret = element_id(store, "Garment", "id", 156600)
    got = _facts_chosen_like_python(store, GARMENT_ENTITIES, beret, 1, [("What is it made of?", 1000)])
    assert sorted(p["key"] for p in java_properties(got[0])) == ["date", "medium"]


def test_subgraph_names_a_node_by_its_fallback_like_python(store: Neo4jStore) -> None:
    """`name_fallback`: a star without a proper name is named by its designation, in the procedures as in Python."""
    store.query(STARS, read_only=False)
    store.query("CREATE (c:Constellation {name: 'Orion'}) WITH c MATCH (s:Star) WHERE s.hip % 2 = 0 "
                "CREATE (s)-[:IN_CONSTELLATION]->(c)", read_only=False)
    # a constellation without a name, in a mapping without a key: named by its label, not its element id
    store.query("CREATE (c:Constellation) WITH c MATCH (s:Star) WHERE s.hip % 2 = 0 "
                "CREATE (s)-[:NEAR]->(c)", read_only=False)
    entities = [{"label": "Star", "key": "hip", "name": ["name"], "name_fallback": ["bf"], "facts": ["dist"]},
                {"label": "Constellation", "name": ["name"]}]
    python = store.with_schema(schema_preset("domain", read_only=True, entities=[EntityMapping(**e) for e in entities]))
    orion = element_id(store, "Constellation", "name", "Orion")
    want = Retriever(python).retrieve("", mode="khop", hops=1, seeds=[orion])
    got = subgraph(store, [orion], schema={"preset": "domain", "read_only": True, "entities": entities}, hops=1)
    assert_same_facts(got, want)
    names = {n.name for n in want.nodes.values()}
    assert {"Sirius", "2Alp Lyr", "Orion"} <= names and not any(n.startswith("Star ") for n in names)
    want = Retriever(python).retrieve("", mode="khop", hops=2, seeds=[orion])
    got = subgraph(store, [orion], schema={"preset": "domain", "read_only": True, "entities": entities}, hops=2)
    assert_same_facts(got, want)
    assert "Constellation" in {n.name for n in want.nodes.values()}
    # a mapping's `identifiers` (stated by Python's retriever when a question names them) are accepted and read
    # alike: a subgraph without a question states none of them, in either
    entities[0]["identifiers"] = ["hip"]
    python = store.with_schema(schema_preset("domain", read_only=True, entities=[EntityMapping(**e) for e in entities]))
    got = subgraph(store, [orion], schema={"preset": "domain", "read_only": True, "entities": entities}, hops=1)
    assert_same_facts(got, Retriever(python).retrieve("", mode="khop", hops=1, seeds=[orion]))
    entities[0]["identifiers"] = ["bad`id"]
    msg = client_error(store, "CALL xgrag.subgraph([$s], {schema: $schema, hops: 1}) YIELD nodes RETURN nodes",
                       s=orion, schema={"preset": "domain", "read_only": True, "entities": entities})
    assert "schema.entities['Star'].identifiers[0]" in msg and "not a valid identifier" in msg


def test_subgraph_excluded_property_ids_equal_python(northwind: Neo4jStore) -> None:
    """excludedPropertyIds ("<element id>#<key>"): the fact is left out, its element stays; as Python's
    Perturbation.excluded_property_ids."""
    r = Retriever(northwind, RetrievalSettings(max_property_facts=1000))
    chai = element_id(northwind, "Product", "productName", "Chai")
    full = nw_subgraph(northwind, ["Chai"], hops=1, maxPropertyFacts=1000)
    orders = next(p for p in full["properties"] if p["ownerKind"] == "relationship" and p["key"] == "quantity")
    cases = [[f"{chai}#unitPrice"], [orders["id"]], [f"{chai}#unitPrice", orders["id"], f"{chai}#discontinued"],
             ["no-such-element#unitPrice", "#", "plain text"]]
    for excluded in cases:
        for hops in (1, 2):
            want = r.retrieve("", mode="khop", hops=hops, seeds=[chai],
                              perturbation=Perturbation(excluded_property_ids=frozenset(excluded)))
            got = nw_subgraph(northwind, ["Chai"], hops=hops, excludedPropertyIds=excluded, maxPropertyFacts=1000)
            assert_same_facts(got, want)
            assert not set(excluded) & {p["id"] for p in got["properties"]}
            if hops == 1:  # the elements stay: only their facts go
                assert [n.element_id for n in got["nodes"]] == [n.element_id for n in full["nodes"]]
                assert [x.element_id for x in got["relationships"]] == [x.element_id for x in full["relationships"]]
                gone = {p["id"] for p in full["properties"]} - {p["id"] for p in got["properties"]}
                assert gone == set(excluded) & {p["id"] for p in full["properties"]}
    # removing a relationship removes its facts; removing its facts keeps the relationship
    rel = orders["owner"]
    cut = nw_subgraph(northwind, ["Chai"], hops=1, excludedRelIds=[rel], maxPropertyFacts=1000)
    assert rel not in {x.element_id for x in cut["relationships"]}
    assert rel not in {p["owner"] for p in cut["properties"]}
    assert_same_facts(cut, r.retrieve("", mode="khop", hops=1, seeds=[chai],
                                      perturbation=Perturbation(excluded_rel_ids=frozenset({rel}))))


def test_subgraph_links_composed_and_nameless_names(northwind: Neo4jStore) -> None:
    """Seeds by name under a general mapping: a composed name ("Nancy Davolio") and a label + key ("Order 10248")."""
    r = Retriever(northwind)
    nancy = element_id(northwind, "Employee", "lastName", "Davolio")
    order = element_id(northwind, "Order", "orderID", "10248")
    got = nw_subgraph(northwind, ["Nancy Davolio", "Order 10248"], hops=1)
    assert got["seeds"] == [nancy, order]
    want = r.khop([nancy, order], 1)
    r.fill_properties(want)
    assert_same_facts(got, want)
    facts = {(p["owner"], p["key"]): p["value"] for p in got["properties"]}
    assert facts[(nancy, "birthDate")].startswith("1948-12-08")
    assert facts[(order, "shipCity")] == "Reims"
    assert nw_subgraph(northwind, ["Nancy"], hops=1)["seeds"] == []  # exact names only


def test_paths_property_facts_equal_python_on_northwind(northwind: Neo4jStore) -> None:
    r = Retriever(northwind)
    chai = element_id(northwind, "Product", "productName", "Chai")
    nancy = element_id(northwind, "Employee", "lastName", "Davolio")
    for config, settings in [({}, RetrievalSettings()), ({"maxPropertyFacts": 7}, RetrievalSettings(
            max_property_facts=7)), ({"excludedPropertyIds": [f"{chai}#unitPrice"]}, RetrievalSettings())]:
        want = Retriever(northwind, settings).retrieve(
            "", mode="paths", seeds=[chai, nancy],
            perturbation=Perturbation(excluded_property_ids=frozenset(config.get("excludedPropertyIds", []))))
        assert want.mode == "paths" and len(want.paths) > 1
        rows = call(northwind, "CALL xgrag.paths($s, $s, $c) YIELD path, relationshipIds, nodeIds, properties, "
                               "propertiesOmitted RETURN *", s=["Chai", "Nancy Davolio"],
                    c={"schema": NORTHWIND, **config})
        assert [row["relationshipIds"] for row in rows] == want.paths
        union = {p["id"]: p for row in rows for p in java_properties(row)}
        assert sorted(union) == sorted(want.properties)
        assert [union[f.id] for f in want.sorted_properties()] == [f.to_json() for f in want.sorted_properties()]
        for row in rows:  # each row lists the facts of its own path's elements, in canonical order
            owners = set(row["nodeIds"]) | set(row["relationshipIds"])
            assert java_properties(row) == [f.to_json() for f in want.sorted_properties() if f.owner in owners]
            assert row["propertiesOmitted"] == want.properties_omitted
    assert r.embedder is None


def test_property_values_of_every_type_equal_python(store: Neo4jStore) -> None:
    """Temporal, spatial, list and boolean values: the procedure's subgraph JSON holds them as Python's does
    (plain_value: ISO text), its `properties` column as stored; values too long to be facts are left out."""
    store.query("""
        CREATE (a:Thing {code: 'T1', title: 'Alpha', d: date('1948-12-08'), dt: datetime('2020-01-02T03:04:05.123Z'),
                zdt: datetime({year: 2020, month: 6, day: 1, hour: 12, timezone: 'Europe/Berlin'}),
                ldt: localdatetime('2020-01-02T03:04:05'), t: time('03:04:05-02:30'), lt: localtime('03:04:05.5'),
                dur: duration('P1Y2M3DT4H5M6.5S'), short: duration('PT90S'), neg: duration('-PT1.5S'),
                p: point({x: 1.5, y: 2.0}), g: point({longitude: 12.5, latitude: 55.75, height: 3.0}),
                tags: ['a', 'b'], nums: [1, 2, 3], flag: true,
                big: $big, many: range(1, 21), ok20: range(1, 20), f: 0.00001, e: 1.0e20, n: 0})
          -[:LINK {since: date('2001-01-01'), weight: 0.5, note: $big}]->(b:Thing {code: 'T2'})
        """, {"big": "x" * 301}, read_only=False)
    facts = ["d", "dt", "zdt", "ldt", "t", "lt", "dur", "short", "neg", "p", "g", "tags", "nums", "flag", "big", "many",
             "ok20", "f", "e", "n", "missing"]
    table = {"preset": "domain", "entities": [{"label": "Thing", "key": "code", "name": ["title"], "facts": facts}],
             "relationships": [{"type": "LINK", "facts": ["since", "weight", "note"]}]}
    view = store.with_schema(schema_preset("domain", **{k: v for k, v in table.items() if k != "preset"}))
    r = Retriever(view)
    a = element_id(view, "Thing", "code", "T1")
    want = r.khop([a], 1)
    r.fill_properties(want)
    rows = call(view, "CALL xgrag.subgraph(['Alpha'], {schema: $t}) YIELD subgraph, properties, nodes "
                      "RETURN *", t=table)
    got = rows[0]
    assert got["subgraph"] == want.to_json()
    keys = {p["key"] for p in got["properties"]}
    assert keys == set(facts) - {"big", "many", "missing"} | {"since", "weight"}
    assert {n["name"] for n in got["subgraph"]["nodes"]} == {"Alpha", "Thing T2"}
    stored = {p["key"]: p["value"] for p in got["properties"]}
    assert isinstance(stored["d"], neo4j.time.Date) and stored["tags"] == ["a", "b"] and len(stored["ok20"]) == 20
    by_key = {p["key"]: p["value"] for p in got["subgraph"]["properties"]}
    assert by_key["d"] == "1948-12-08" and by_key["zdt"].endswith("+02:00") and by_key["flag"] is True
    assert by_key["dur"] == "P1Y2M3DT4H5M6.5S" and by_key["short"] == "PT1M30S" and by_key["g"] == [12.5, 55.75, 3.0]
    # times as Cypher's toString writes them (names and typed values are matched in that form), not the
    # driver's "03:04:05.123000000+00:00"
    assert (by_key["dt"], by_key["ldt"], by_key["t"], by_key["lt"]) == (
        "2020-01-02T03:04:05.123Z", "2020-01-02T03:04:05", "03:04:05-02:30", "03:04:05.5")
    cypher = store.query("MATCH (a:Thing {code: 'T1'}) RETURN [k IN ['dt', 'ldt', 't', 'lt'] | toString(a[k])] AS s")
    assert cypher[0]["s"] == [by_key[k] for k in ("dt", "ldt", "t", "lt")]


# -- xgrag.paths = Retriever.paths ---------------------------------------------------------------------------


def test_paths_equal_python_shortest_paths(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    q = "did Tarik Lowe work with Daniel Schechter"
    seeds = [le.node.id for le in r.link(q)]
    assert len(seeds) == 2
    want = r.paths(seeds)
    assert want.mode == "paths" and want.paths
    rows = call(metaqa, "CALL xgrag.paths($s, $s) YIELD path, sourceId, targetId, length, relationshipIds, facts "
                        "RETURN *", s=seeds)
    assert [row["relationshipIds"] for row in rows] == want.paths
    row = rows[0]
    assert row["length"] == 2 and len(row["path"]) == 2
    assert [x["id"] for x in row["path"].relationships] == row["relationshipIds"]
    assert row["path"].start_node["id"] == row["sourceId"] == min(seeds)
    assert {f["relation"] for f in row["facts"]} == {"directed_by", "starred_actors"}
    # by names, with sources and targets given separately
    named = call(metaqa, "CALL xgrag.paths('Tarik Lowe', 'Daniel Schechter') YIELD relationshipIds, path "
                         "RETURN relationshipIds, path")
    assert sorted(x for p in named for x in p["relationshipIds"]) == sorted(x for p in want.paths for x in p)
    assert named[0]["path"].start_node["name"] == "Tarik Lowe"


def test_paths_with_exclusions_and_several_seeds(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    seeds = sorted({le.node.id for q in QUESTIONS for le in r.link(q)})
    assert len(seeds) >= 4
    for max_len in (2, 4, 6):
        r2 = Retriever(metaqa, RetrievalSettings(max_path_length=max_len, max_paths=5))
        want = r2.paths(seeds)
        rows = call(metaqa, "CALL xgrag.paths($s, $s, {maxLength: $m, maxPaths: 5}) YIELD relationshipIds "
                            "RETURN relationshipIds", s=seeds, m=max_len)
        assert [row["relationshipIds"] for row in rows] == (want.paths if want.mode == "paths" else [])
    want = r.paths(seeds)
    first = want.paths[0]
    p = Perturbation(excluded_rel_ids=frozenset(first[:1]))
    ex_nodes, ex_rels = r.expand_exclusions(p)
    cut = r.paths(seeds, ex_nodes, ex_rels)
    rows = call(metaqa, "CALL xgrag.paths($s, $s, {excludedRelIds: $x}) YIELD relationshipIds RETURN relationshipIds",
                s=seeds, x=list(first[:1]))
    assert [row["relationshipIds"] for row in rows] == (cut.paths if cut.mode == "paths" else [])
    assert all(first[0] not in row["relationshipIds"] for row in rows)
    # Python's cap: a path that would take the relationships over the cap ends that pair, marked truncated
    capped = Retriever(metaqa, RetrievalSettings(max_relationships=3)).paths(seeds)
    rows = call(metaqa, "CALL xgrag.paths($s, $s, {maxRelationships: 3}) YIELD relationshipIds, truncated "
                        "RETURN relationshipIds, truncated", s=seeds)
    assert [row["relationshipIds"] for row in rows] == (capped.paths if capped.mode == "paths" else [])


# -- aliases ---------------------------------------------------------------------------------------------------

KG = HOLMES_KG


@pytest.fixture
def holmes(store: Neo4jStore, tmp_path) -> Neo4jStore:
    f = tmp_path / "holmes.tsv"
    f.write_text(KG)
    write_triples(store, read_triples(f))
    ids = {r["name"]: r["id"] for r in store.query("MATCH (n:Entity) RETURN n.name AS name, n.id AS id")}
    links = [{"alias": ids["Watson"], "canonical": ids["Dr. Watson"], "score": 0.83},
             {"alias": ids["Holmes"], "canonical": ids["Sherlock Holmes"], "score": 0.77}]
    store.write("aliases_replace", links=links, theta=0.7, method="test")
    return store


def test_aliases_equal_the_persisted_links(holmes: Neo4jStore) -> None:
    rows = call(holmes, "CALL xgrag.aliases() YIELD alias, canonical, aliasName, canonicalName, score, method "
                        "RETURN *")
    assert [(r["alias"], r["canonical"]) for r in rows] == [(a.alias, a.canonical) for a in persisted_aliases(holmes)]
    assert {(r["aliasName"], r["canonicalName"], r["score"], r["method"]) for r in rows} == {
        ("Watson", "Dr. Watson", 0.83, "test"), ("Holmes", "Sherlock Holmes", 0.77, "test")}


def test_subgraph_follows_aliases_and_alias_exclusions_like_python(holmes: Neo4jStore) -> None:
    r = Retriever(holmes)
    q = "Where did Watson serve?"
    seeds = [le.node.id for le in r.link(q)]
    for hops in (1, 2):
        want = r.retrieve(q, mode="khop", hops=hops, seeds=seeds)
        assert want.alias_map
        got = subgraph(holmes, seeds, hops=hops)
        assert_same_subgraph(got, want)
        assert got["aliasMap"] == want.alias_map
    canonical = next(iter(want.alias_map.values()))
    p = Perturbation(excluded_node_ids=frozenset({canonical}))
    want = r.retrieve(q, mode="khop", hops=1, seeds=seeds, perturbation=p)
    got = subgraph(holmes, seeds, hops=1, excludedNodeIds=[canonical])
    assert_same_subgraph(got, want)
    assert not {"Watson", "Dr. Watson"} & {n["name"] for n in got["subgraph"]["nodes"]}
    # without alias expansion, khop's raw behaviour: the alias itself stays reachable as a seed
    raw = subgraph(holmes, seeds, hops=1, excludedNodeIds=[canonical], expandAliasExclusions=False)
    assert_same_subgraph(raw, r.khop(seeds, 1, [canonical]))


# -- centrality ------------------------------------------------------------------------------------------------


def centrality_rows(store: Neo4jStore, node_ids, rel_ids=None, **config) -> dict:
    rows = call(store, "CALL xgrag.centrality($n, $r, $c) YIELD nodeId, degree, betweenness, pagerank RETURN *",
                n=node_ids, r=rel_ids, c=config)
    return {row["nodeId"]: {k: row[k] for k in ("degree", "betweenness", "pagerank")} for row in rows}


def assert_same_scores(got: dict, want: dict) -> None:
    """The same projection (same files, same node and edge order) gives the same scores; GDS's parallel
    betweenness sums in a varying order, so the last bits may differ."""
    assert set(got) == set(want)
    for nid, w in want.items():
        assert got[nid]["degree"] == w["degree"] and got[nid]["pagerank"] == w["pagerank"], nid
        assert got[nid]["betweenness"] == pytest.approx(w["betweenness"], rel=1e-12, abs=1e-12), nid


def test_centrality_equals_python_gds_centrality(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    for q in QUESTIONS[:3]:
        sub = r.retrieve(q, hops=2)
        want = gds_centrality(metaqa, sub).scores
        got = centrality_rows(metaqa, sorted(sub.nodes), sorted(sub.relationships))
        assert_same_scores(got, want)
        assert max(v["betweenness"] for v in got.values()) > 0
        # a perturbed subgraph (one relationship fewer) gives the perturbed scores
        rid = sorted(sub.relationships)[0]
        pert = r.retrieve(q, hops=2, perturbation=Perturbation(excluded_rel_ids=frozenset({rid})))
        got = centrality_rows(metaqa, sorted(pert.nodes), sorted(pert.relationships))
        assert_same_scores(got, gds_centrality(metaqa, pert).scores)
    assert call(metaqa, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0


def test_centrality_of_induced_subgraph_and_whole_graph(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    sub = r.retrieve(Q2, hops=1)
    # relIds = null: every semantic relationship among the nodes; for a 1-hop star that is the star itself
    assert_same_scores(centrality_rows(metaqa, sorted(sub.nodes)), gds_centrality(metaqa, sub).scores)
    whole = centrality_rows(metaqa, None)
    want = gds_graph_centrality(metaqa).scores
    assert set(whole) == set(want) and len(whole) > 500
    for nid, scores in want.items():
        assert whole[nid]["degree"] == scores["degree"]
        assert whole[nid]["betweenness"] == pytest.approx(scores["betweenness"], rel=1e-9, abs=1e-9)
        assert whole[nid]["pagerank"] == pytest.approx(scores["pagerank"], abs=1e-6)


def test_centrality_drops_its_projection_on_error_and_rejects_unknown_ids(metaqa: Neo4jStore) -> None:
    sub = Retriever(metaqa).retrieve(Q2, hops=1)
    # GDS rejects a damping factor outside [0, 1) after the projection exists
    msg = client_error(metaqa, "CALL xgrag.centrality($n, null, {damping: 1.5})", n=sorted(sub.nodes))
    assert "damping" in msg.lower()
    assert call(metaqa, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0
    assert "no entity has the id(s) [nope]" in client_error(metaqa, "CALL xgrag.centrality(['nope'])")


# -- saved explanations ---------------------------------------------------------------------------------------


def test_explanations_equal_python_find_explanations(metaqa: Neo4jStore) -> None:
    from xgrag.embed import default_embedder
    from xgrag.explain import Explainer, ExplainSettings
    from xgrag.generate.extractive import ExtractiveReader
    from xgrag.store.explanations import find_explanations

    emb = default_embedder()
    explainer = Explainer(Retriever(metaqa, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("edge", "node")))
    first = explainer.explain(Q2)
    save_explanation(metaqa, first)
    second = explainer.explain("what movies did [John Schlesinger] direct")
    save_explanation(metaqa, second)
    before = metaqa.checksum()
    top_edge, top_node = first.top("edge", 1)[0], first.top("node", 1)[0]
    cases = [({}, {}), ({"question": "TARIK"}, {"question": "TARIK"}),
             ({"entityId": top_node.id}, {"entity": top_node.id}),
             ({"entityId": top_node.label}, {"entity": top_node.label}),
             ({"relationshipId": top_edge.id}, {"relationship": top_edge.id}),
             ({"since": "2000-01-01"}, {"since": "2000-01-01"}), ({"until": "2000-01-01T00:00:00Z"},
                                                                 {"until": "2000-01-01T00:00:00Z"}),
             ({"limit": 1}, {"limit": 1}), ({"question": "nothing like this"}, {"question": "nothing like this"})]
    for filters, kwargs in cases:
        rows = call(metaqa, "CALL xgrag.explanations($f) YIELD id, createdAt, question, answer, strategy, generator, "
                            "embedder, noiseFloor, cost, configJson, subgraphNodes, subgraphRelationships, top, "
                            "matched RETURN *", f=filters)
        want = [e.to_json() for e in find_explanations(metaqa, **kwargs)]
        got = [{"id": r["id"], "created_at": r["createdAt"], "question": r["question"], "answer": r["answer"],
                "strategy": r["strategy"], "generator": r["generator"], "embedder": r["embedder"],
                "noise_floor": r["noiseFloor"], "cost": r["cost"], "config": json.loads(r["configJson"]),
                "subgraph_nodes": r["subgraphNodes"], "subgraph_relationships": r["subgraphRelationships"],
                "top": r["top"], "matched": r["matched"]} for r in rows]
        assert got == want, filters
    ids = lambda f: [r["id"] for r in call(metaqa, "CALL xgrag.explanations($f) YIELD id RETURN id", f=f)]  # noqa: E731
    assert set(ids({})) == {first.id, second.id}
    assert ids({"question": "tarik"}) == ids({"relationshipId": top_edge.id}) == [first.id]
    assert ids({"until": "2000-01-01"}) == [] and len(ids({"limit": 1})) == 1
    assert "no entity has the id or name 'nobody'" in client_error(
        metaqa, "CALL xgrag.explanations({entityId: 'nobody'})")
    assert metaqa.checksum() == before


# -- the jar alone, deployed to a plugins folder ---------------------------------------------------------------


def test_jar_deployed_to_a_plugins_folder_loads_and_answers(tmp_path) -> None:
    """What a Neo4j server does with a jar in its plugins folder (ProcedureJarLoader, own class loader): a
    second embedded server whose classpath has every library *except* the procedures jar, which sits only in
    its plugins folder. Proves the jar is self-contained (bundled cypher files, no extra dependency) and needs
    no unrestricted access."""
    import shutil
    import subprocess

    from xgrag.store import embedded

    pdir = embedded.project_dir()
    jar = embedded.procedures_jar(pdir)
    assert jar is not None and jar.name.startswith("xgrag-procedures-")
    home = tmp_path / "home"
    (home / "plugins").mkdir(parents=True)
    shutil.copy(jar, home / "plugins" / jar.name)
    libs = [str(p) for p in sorted((pdir / "target" / "lib").glob("*.jar")) if not p.name.startswith("xgrag")]
    assert len(libs) > 100
    port = embedded.free_port()
    # the run's extra JVM flags (tests/conftest.py: C1 only); no class archive: this classpath is not the archive's
    extra = shlex.split(os.environ.get("XGRAG_NEO4J_JVM_OPTS", ""))
    cmd = [shutil.which("java") or "java", "-Xmx768m", *embedded.JVM_FLAGS, *extra, "-cp",
           ":".join([str(pdir / "target" / embedded.JAR_NAME), *libs]), embedded.MAIN_CLASS,
           "--home", str(home), "--port", str(port), "--pagecache", "32m", "--no-auth"]
    log = open(tmp_path / "neo4j.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline().decode()
        assert line.startswith("READY "), (tmp_path / "neo4j.log").read_text()[-3000:]
        with Neo4jStore(f"bolt://127.0.0.1:{port}") as other:
            assert call(other, "RETURN xgrag.version() AS v")[0]["v"] == tomllib.loads(
                (ROOT / "pyproject.toml").read_text())["project"]["version"]
            modes = {r["name"]: r["mode"] for r in call(
                other, "SHOW PROCEDURES YIELD name, mode WHERE name STARTS WITH 'xgrag.' RETURN name, mode")}
            assert {modes[p] for p in PROCEDURES} == {"READ"}
            other.query("CREATE (a:Entity {id: 'a', name: 'A', type: 'T'})-[:RELATION {id: 'r1', label: 'knows'}]->"
                        "(b:Entity {id: 'b', name: 'B', type: 'T'})-[:RELATION {id: 'r2', label: 'likes'}]->"
                        "(c:Entity {id: 'c', name: 'C', type: 'T'})", read_only=False)
            want = Retriever(other).khop(["a"], 2)
            assert len(want.relationships) == 2
            assert_same_subgraph(subgraph(other, ["a"], hops=2), want)
            rows = call(other, "CALL xgrag.paths('A', 'C') YIELD relationshipIds RETURN relationshipIds")
            assert [r["relationshipIds"] for r in rows] == [["r1", "r2"]]
            assert_same_scores(centrality_rows(other, ["a", "b", "c"]), gds_centrality(other, want).scores)
            assert call(other, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0
            assert call(other, "CALL xgrag.aliases() YIELD alias RETURN alias") == []
            assert call(other, "CALL xgrag.explanations() YIELD id RETURN id") == []
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_compose_settings_exist_in_neo4j_5_26(server: Neo4jStore) -> None:
    """The settings docker/compose.yaml passes are real Neo4j 5.26 setting names (the server refuses unknown ones)."""
    import yaml

    from helpers import compose_setting_names

    known = {r["name"] for r in call(server, "SHOW SETTINGS YIELD name RETURN name")}
    names = compose_setting_names(yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text()))
    assert names and names <= known, names - known


PROCEDURES_PAGE = ("docs/cypher-procedures.md", "Cypher procedures")


def doc_statements(page: str, heading: str) -> list[str]:
    """The statements of a documented Cypher block, as written."""
    block = doc_block(page, heading, "cypher")
    code = "\n".join(ln for ln in block.splitlines() if not ln.lstrip().startswith("//"))
    return [s.strip().rstrip(";") for s in code.split(";\n") if s.strip()]


def test_documented_general_mapping_example_runs_on_northwind(northwind: Neo4jStore) -> None:
    statements = [s for s in doc_statements(*PROCEDURES_PAGE) if "preset: 'domain'" in s]
    assert len(statements) == 1
    before = northwind.checksum()
    rows = call(northwind, statements[0])
    assert len(rows) == 1
    assert {"Chai", "Beverages"} <= set(rows[0]["names"]) and any(n.startswith("Order ") for n in rows[0]["names"])
    facts = [tuple(f) for f in rows[0]["facts"]]
    assert ("node", "unitPrice", 18.0) in facts and ("node", "quantityPerUnit", "10 boxes x 20 bags") in facts
    assert any(kind == "relationship" and key == "quantity" for kind, key, _ in facts)
    assert northwind.checksum() == before


@pytest.mark.parametrize(("page", "heading", "least"), [(*PROCEDURES_PAGE, 10), ("README.md", "From Neo4j Browser", 1)])
def test_documented_examples_run_as_written(metaqa: Neo4jStore, page: str, heading: str, least: int) -> None:
    """Every statement of the documented Cypher blocks (the procedures page, the README's tour) runs on the sample
    graph and returns rows (aliases and explanations: none persisted / saved here)."""
    statements = doc_statements(page, heading)
    assert len(statements) >= least
    before = metaqa.checksum()
    for stmt in statements:
        rows = call(metaqa, stmt)
        if "xgrag.aliases" in stmt or "xgrag.explanations" in stmt:
            assert rows == [], stmt
        else:
            assert rows, stmt
    assert metaqa.checksum() == before


# -- storage-ordered relationships (LightRAG's): the direction their description states, as in Python ---------------


def test_java_reads_relation_directions_like_python(server: Neo4jStore) -> None:
    """xgrag.relationReading (Direction.java) returns Python's read_stored for every case of the unit tests."""
    from support.direction_cases import CASES
    from xgrag.model.direction import read_stored

    rows = call(server, "UNWIND $cases AS c RETURN xgrag.relationReading(c[0], c[1], c[2], c[3]) AS r",
                cases=[list(c[:4]) for c in CASES])
    assert [r["r"] for r in rows] == [read_stored(*c[:4]).to_json() for c in CASES]
    assert sum(r["r"]["reversed"] for r in rows) >= 3 and sum(not r["r"]["directed"] for r in rows) >= 3


def test_subgraph_and_paths_read_lightrag_directions_like_python(store: Neo4jStore, neo4j_uri, tmp_path) -> None:
    """On a graph LightRAG's ainsert_custom_kg wrote: xgrag.subgraph's JSON (stored direction and reading) equals
    Python's, and xgrag.paths states each fact in its meaning's direction."""
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    from helpers import write_apollo_with_lightrag

    view = write_apollo_with_lightrag(store, neo4j_uri, tmp_path)
    r = Retriever(view)
    seeds = [le.node.id for le in r.link("Who commanded Apollo 11?")]
    sub = r.khop(seeds, 1)
    assert {rel.reading.directed for rel in sub.relationships.values() if rel.reading} == {True, False}
    schema = {k: v for k, v in view.schema.model_dump().items() if k in ("entity_label", "index_prefix",
                                                                         "fulltext_index")}
    row = subgraph(view, seeds, hops=1, preset="lightrag", schema=schema)
    assert row["subgraph"] == sub.to_json()
    facts = call(view, "CALL xgrag.paths(['Neil Armstrong'], ['Eagle'], {preset: 'lightrag', schema: $schema}) "
                       "YIELD facts RETURN facts", schema=schema)[0]["facts"]
    assert [(f["head"], f["relation"], f["tail"]) for f in facts] == [("Neil Armstrong", "commanded", "Apollo 11"),
                                                                      ("Apollo 11", "flew", "Eagle")]
