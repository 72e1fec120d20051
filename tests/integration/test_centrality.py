"""GDS (the real OpenGDS in the embedded server) and the scipy fallback agree."""

import random

import pytest

from helpers import SAMPLE
from xgrag.model import Node, Relationship, Subgraph
from xgrag.retrieval import Retriever
from xgrag.retrieval.centrality import centrality, gds_centrality, gds_graph_centrality, scipy_centrality
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore


def random_subgraph(seed: int, n: int, m: int, isolated: int = 2) -> Subgraph:
    rng = random.Random(seed)
    sub = Subgraph()
    for i in range(n + isolated):
        sub.add_node(Node(f"n{i}", f"N{i}"))
    for k in range(m):
        a, b = rng.sample(range(n), 2)
        sub.add_relationship(Relationship(f"r{k}", f"n{a}", f"n{b}", "rel"))
    # parallel edges: the same pair twice with different labels
    sub.add_relationship(Relationship("rp1", "n0", "n1", "other"))
    sub.add_relationship(Relationship("rp2", "n0", "n1", "third"))
    return sub


def assert_agree(gds: dict, sp: dict) -> None:
    assert set(gds) == set(sp)
    for nid in gds:
        assert gds[nid]["degree"] == sp[nid]["degree"], nid
        assert gds[nid]["betweenness"] == pytest.approx(sp[nid]["betweenness"], abs=1e-9), nid
        assert abs(gds[nid]["pagerank"] - sp[nid]["pagerank"]) <= 1e-3, nid


@pytest.mark.parametrize(("seed", "n", "m"), [(1, 6, 7), (2, 15, 30), (3, 40, 60), (4, 80, 200)])
def test_gds_and_scipy_agree_on_random_multigraphs(store: Neo4jStore, seed: int, n: int, m: int) -> None:
    sub = random_subgraph(seed, n, m)
    g = gds_centrality(store, sub)
    assert g.source == "gds"
    assert_agree(g.scores, scipy_centrality(sub).scores)


def test_gds_and_scipy_agree_on_retrieved_subgraphs(store: Neo4jStore) -> None:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    r = Retriever(store)
    for q in ["which movies are [Drama] films", "who is listed as director of [Tarik Lowe] starred movies",
              "what movies did [John Schlesinger] direct"]:
        sub = r.retrieve(q, hops=2)
        assert len(sub.nodes) > 2
        assert_agree(gds_centrality(store, sub).scores, scipy_centrality(sub).scores)


def test_projections_are_always_dropped(store: Neo4jStore, monkeypatch: pytest.MonkeyPatch) -> None:
    sub = random_subgraph(5, 10, 12)
    gds_centrality(store, sub)
    assert store.query("CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0
    # on error too: GDS itself rejects a damping factor outside [0, 1) after the projection exists
    import xgrag.retrieval.centrality as c

    monkeypatch.setattr(c, "DAMPING", 1.5)
    with pytest.raises(Exception, match="(?i)damping"):
        gds_centrality(store, sub)
    assert store.query("CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0


def test_whole_graph_centrality_and_preference(store: Neo4jStore) -> None:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    whole = gds_graph_centrality(store)
    n = store.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"]
    assert len(whole.scores) == n
    top = max(whole.scores.items(), key=lambda kv: kv[1]["degree"])
    name = store.query("MATCH (n:Entity {id: $id}) RETURN n.name AS name", {"id": top[0]})[0]["name"]
    assert name == "Comedy" and top[1]["degree"] == 33
    sub = Retriever(store).retrieve("which movies are [Drama] films", hops=1)
    assert centrality(store, sub).source == "gds"
    fallback = centrality(store, sub, prefer="scipy")
    assert fallback.source == "scipy" and fallback.note


def test_whole_graph_client_agrees_with_scipy(store: Neo4jStore) -> None:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    whole = gds_graph_centrality(store)
    sub = Subgraph()
    for row in store.query("MATCH (n:Entity) RETURN n.id AS id, n.name AS name"):
        sub.add_node(Node(row["id"], row["name"]))
    for row in store.query("MATCH (a:Entity)-[r:RELATION]->(b:Entity) RETURN r.id AS id, a.id AS s, b.id AS t, "
                           "r.label AS label"):
        sub.add_relationship(Relationship(row["id"], row["s"], row["t"], row["label"]))
    assert_agree(whole.scores, scipy_centrality(sub).scores)
    assert store.query("CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0
