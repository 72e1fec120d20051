"""The in-memory name index (read-only linking) follows the graph it indexes: a linker kept across a wipe and
reload, an added entity or a renamed one links through the graph as it is now, never through ids an earlier graph
held (Neo4j reuses the ids of deleted nodes). Real embedded Neo4j; the graph is written by plain Cypher."""

from __future__ import annotations

import pytest

from helpers import wipe
from xgrag.config import EntityMapping, schema_preset
from xgrag.retrieval import Retriever
from xgrag.retrieval.linking import key_tokens
from xgrag.retrieval.name_index import PROBE_SIZE, refresh_index, shared_index
from xgrag.store.neo4j import Neo4jStore

pytestmark = pytest.mark.integration

SCHEMA = schema_preset("domain", read_only=True, entities=[EntityMapping(label="Scientist", name=["name"])])


def _load(store: Neo4jStore, names: list[str]) -> None:
    """Writes through the test's own store (the read-only mapping that links refuses every write)."""
    wipe(store)
    store.query("UNWIND range(0, size($names) - 1) AS i CREATE (:Scientist {name: $names[i], i: i})",
                {"names": names}, read_only=False)
    store.query("MATCH (a:Scientist), (b:Scientist) WHERE b.i = a.i + 1 CREATE (a)-[:KNEW]->(b)", read_only=False)


def _ids(store: Neo4jStore, name: str) -> list[str]:
    return [r["id"] for r in store.query("MATCH (n:Scientist {name: $name}) RETURN elementId(n) AS id", {"name": name})]


def test_a_linker_kept_across_a_reload_links_the_new_graph(server: Neo4jStore) -> None:
    store = server.with_schema(SCHEMA)
    _load(server, ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
    retriever = Retriever(store)  # kept, as a server keeps it
    [ada] = retriever.link("What did Ada Lovelace write?")
    assert ada.node.name == "Ada Lovelace" and [ada.node.id] == _ids(store, "Ada Lovelace")
    first = shared_index(store, key_tokens)
    assert shared_index(store, key_tokens) is first  # nothing changed: no rebuild

    # the same number of nodes and relationships, other names; Neo4j hands the deleted nodes' ids out again
    _load(server, ["Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"])
    assert retriever.link("What did Ada Lovelace write?") == []
    [knuth] = retriever.link("What did Donald Knuth write?")
    assert knuth.node.name == "Donald Knuth" and [knuth.node.id] == _ids(store, "Donald Knuth")
    now = shared_index(store, key_tokens)
    assert now is not first and now.builds == first.builds + 1
    assert retriever.linker.source["builds"] == now.builds

    # an entity added since: counts differ, it is linked
    server.query("CREATE (:Scientist {name: 'Katherine Johnson', i: 3})", read_only=False)
    [kj] = retriever.link("Where did Katherine Johnson work?")
    assert [kj.node.id] == _ids(store, "Katherine Johnson")


def test_a_rename_is_seen_in_the_sample_and_refreshed_on_demand_off_it(server: Neo4jStore) -> None:
    store = server.with_schema(SCHEMA)
    names = [f"Scientist Number {i:03d}" for i in range(PROBE_SIZE * 4)]
    _load(server, names)
    retriever = Retriever(store)
    assert [le.node.name for le in retriever.link("Who is Scientist Number 007?")] == ["Scientist Number 007"]
    index = shared_index(store, key_tokens)
    sampled = set(index.sample())
    assert len(sampled) == PROBE_SIZE
    by_id = {nid: node.name for nid, node in index.nodes.items()}
    on = next(nid for nid in sorted(by_id) if nid in sampled)
    off = next(nid for nid in sorted(by_id) if nid not in sampled)

    # renamed in the sample: the next link sees it (no count changes)
    server.query("MATCH (n) WHERE elementId(n) = $id SET n.name = 'Lise Meitner'", {"id": on}, read_only=False)
    assert [le.node.id for le in retriever.link("Who was Lise Meitner?")] == [on]

    # renamed off the sample: the check cannot see it (documented); refresh_index rebuilds
    server.query("MATCH (n) WHERE elementId(n) = $id SET n.name = 'Emmy Noether'", {"id": off}, read_only=False)
    assert retriever.link("Who was Emmy Noether?") == []
    refresh_index(store, key_tokens)
    assert [le.node.id for le in retriever.link("Who was Emmy Noether?")] == [off]


def test_a_nameless_entity_is_linked_by_label_and_key_through_the_fulltext_index(server: Neo4jStore) -> None:
    """With xgrag's full-text index (a migrated, writable mapping) a nameless entity, named from its label and key
    ("Order 10248"), is linked by its key: the index holds name properties only (bench_domain_scale: 0 of 50 order
    questions linked before)."""
    from xgrag.store.migrations import migrate

    schema = schema_preset("domain", entities=[
        EntityMapping(label="Order", key="orderID"),
        EntityMapping(label="Product", key="productID", name=["productName"]),
        EntityMapping(label="Shipment", key="code")])
    wipe(server)
    server.query("CREATE (o:Order {orderID: 10248})-[:ORDERS {quantity: 12}]->(:Product {productID: 11, "
                 "productName: 'Queso Cabrales'}), (:Order {orderID: 10249}), (:Shipment {code: 'SX-9'})",
                 read_only=False)
    store = server.with_schema(schema)
    migrate(store, schema, 384)
    retriever = Retriever(store)
    assert retriever.linker.source["method"] == "fulltext"
    [order] = retriever.link("What did order 10248 contain?")
    assert (order.node.name, order.method) == ("Order 10248", "exact")
    assert [le.node.name for le in retriever.link("What did Order 10248 contain?")] == ["Order 10248"]
    assert [le.node.name for le in retriever.link("Where is shipment SX-9?")] == ["Shipment SX-9"]  # a text key
    assert retriever.link("What did order 99999 contain?") == []
    assert retriever.link("What did order 10248 contain?", excluded_node_ids=[order.node.id]) == []
    sub = retriever.retrieve("How many units of Queso Cabrales did order 10248 contain?")
    assert {n.name for n in sub.nodes.values()} >= {"Order 10248", "Queso Cabrales"}
