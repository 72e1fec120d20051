"""Load Neo4j's Movies example graph (graph.json beside this file) into the Neo4j at NEO4J_URI.

The graph as its own script builds it: (:Person {name, born}), (:Movie {title, released, tagline}),
(:Person)-[:ACTED_IN {roles}]->(:Movie), DIRECTED, PRODUCED, WROTE, (:Person)-[:REVIEWED {summary, rating}]->(:Movie),
(:Person)-[:FOLLOWS]->(:Person); no constraint or index is created (a user's graph as it is).
Usage: NEO4J_URI=bolt://... [NEO4J_USER=... NEO4J_PASSWORD=...] python load.py   (or `load(driver)` from Python)"""
from __future__ import annotations

import json
import os
import pathlib

HERE = pathlib.Path(__file__).parent


def graph() -> dict:
    return json.loads((HERE / "graph.json").read_text(encoding="utf-8"))


def load(driver, database: str | None = None) -> tuple[int, int]:
    """Create the graph (nodes, then relationships by their ends' unique name/title); returns the counts."""
    g = graph()
    for label in ("Person", "Movie"):
        rows = [n["properties"] for n in g["nodes"] if n["labels"] == [label]]
        driver.execute_query(f"UNWIND $rows AS row CREATE (n:{label}) SET n = row", rows=rows, database_=database)
    by_type: dict[str, list[dict]] = {}
    for r in g["relationships"]:
        by_type.setdefault(r["type"], []).append({"a": r["start"][1], "b": r["end"][1], "props": r["properties"]})
    for rel_type, rows in by_type.items():
        # labels and types come from this file's fixed vocabulary, never from input
        driver.execute_query(
            f"UNWIND $rows AS row MATCH (a:Person {{name: row.a}}) MATCH (b:Person|Movie) "
            f"WHERE b.name = row.b OR b.title = row.b CREATE (a)-[r:{rel_type}]->(b) SET r = row.props",
            rows=rows, database_=database)
    return len(g["nodes"]), len(g["relationships"])


if __name__ == "__main__":
    from neo4j import GraphDatabase

    pw = os.environ.get("NEO4J_PASSWORD")
    auth = (os.environ.get("NEO4J_USER", "neo4j"), pw) if pw else None
    with GraphDatabase.driver(os.environ["NEO4J_URI"], auth=auth) as drv:
        n, r = load(drv, os.environ.get("NEO4J_DATABASE") or None)
    print(f"movies: {n} nodes, {r} relationships")
