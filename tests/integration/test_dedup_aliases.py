"""Alias merging with the real embedding model, on the real graph."""

import pytest

from helpers import HOLMES_KG
from xgrag.embed import default_embedder
from xgrag.model import Perturbation
from xgrag.retrieval import Retriever
from xgrag.retrieval.dedup import dedup, persist_aliases
from xgrag.store.ingest import read_triples, write_triples
from xgrag.store.neo4j import Neo4jStore

KG = HOLMES_KG


@pytest.fixture
def holmes(store: Neo4jStore, tmp_path) -> Neo4jStore:
    f = tmp_path / "holmes.tsv"
    f.write_text(KG)
    write_triples(store, read_triples(f))
    return store


def test_in_memory_dedup_of_a_retrieved_subgraph(holmes: Neo4jStore) -> None:
    before = holmes.checksum()
    sub = Retriever(holmes).retrieve("Where did Watson serve and where does Dr. Watson live?", hops=2)
    res = dedup(sub, default_embedder().embed, 0.7)
    names = {n.name for n in res.subgraph.nodes.values()}
    assert "Dr. Watson" in names and "Watson" not in names  # Dr. Watson has the higher degree
    assert ("Dr. Watson", "served in", "Afghanistan") in res.subgraph.triples()
    assert holmes.checksum() == before  # dedup never touches the graph


def test_persisted_aliases_are_followed_by_retrieval(holmes: Neo4jStore) -> None:
    data_before = holmes.query("MATCH (n) RETURN count(n) AS n, collect(properties(n)) AS props")[0]
    links = persist_aliases(holmes, default_embedder().embed, 0.7, method="test")
    pairs = {(holmes.query("MATCH (n:Entity {id: $i}) RETURN n.name AS n", {"i": lk.alias})[0]["n"],
              holmes.query("MATCH (n:Entity {id: $i}) RETURN n.name AS n", {"i": lk.canonical})[0]["n"])
             for lk in links}
    assert ("Watson", "Dr. Watson") in pairs and ("Holmes", "Sherlock Holmes") in pairs
    assert all(a != "Mrs. Hudson" for a, _ in pairs)
    # only ALIAS_OF relationships were added; no node changed
    assert holmes.query("MATCH (n) RETURN count(n) AS n, collect(properties(n)) AS props")[0] == data_before
    assert holmes.query("MATCH ()-[r:ALIAS_OF]->() RETURN count(r) AS c")[0]["c"] == len(links)

    r = Retriever(holmes)
    sub = r.retrieve("Where did Watson serve?", hops=1)
    names = {n.name for n in sub.nodes.values()}
    assert {"Watson", "Dr. Watson", "Sherlock Holmes", "Baker Street", "Afghanistan"} <= names
    assert any(sub.nodes[a].name == "Watson" and sub.nodes[c].name == "Dr. Watson" for a, c in sub.alias_map.items())
    merged = dedup(sub, None)
    assert ("Dr. Watson", "served in", "Afghanistan") in merged.subgraph.triples()

    canonical = next(c for a, c in sub.alias_map.items() if sub.nodes[c].name == "Dr. Watson")
    gone = r.retrieve("Where did Watson serve?", hops=1,
                      perturbation=Perturbation(excluded_node_ids=frozenset({canonical})))
    assert not {"Watson", "Dr. Watson"} & {n.name for n in gone.nodes.values()}

    # re-running replaces the links instead of duplicating them
    again = persist_aliases(holmes, default_embedder().embed, 0.7, method="test")
    assert holmes.query("MATCH ()-[r:ALIAS_OF]->() RETURN count(r) AS c")[0]["c"] == len(again) == len(links)
    # ALIAS_OF is bookkeeping: never part of the answer context
    assert all(rel.label != "ALIAS_OF" for rel in sub.relationships.values())


def test_vector_linking_when_no_name_occurs_verbatim(holmes: Neo4jStore) -> None:
    from xgrag.retrieval.embeddings import embed_entities

    embedder = default_embedder()
    question = "Who lives on Baker St?"
    assert Retriever(holmes, embedder=embedder).link(question) == []  # no name verbatim, no vectors yet
    n = embed_entities(holmes, embedder, 384)
    assert n == holmes.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"]
    assert embed_entities(holmes, embedder, 384) == 0  # only missing ones
    linked = Retriever(holmes, embedder=embedder).link(question)
    assert [(le.node.name, le.method) for le in linked][:1] == [("Baker Street", "vector")]
    assert linked[0].score >= 0.9
    with pytest.raises(ValueError, match="expects 512"):
        embed_entities(holmes, embedder, 512, recompute=True)
