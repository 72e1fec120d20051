"""The server under every integration test is a real Neo4j 5.26 with GDS and APOC registered."""

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
