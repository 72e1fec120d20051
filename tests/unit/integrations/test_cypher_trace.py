"""The rewrite that traces a generated Cypher query's rows to the elements it matched (pure text; the re-run against
the real Neo4j is in tests/integration/test_neo4j_graphrag_stack.py)."""

from __future__ import annotations

import pytest

from xgrag.integrations.cypher_trace import CypherTrace, TracedRow, match_rows, rewrite


def test_named_and_anonymous_elements_are_returned_as_ids() -> None:
    query = ("MATCH (m:Mission)-[:LAUNCHED_FROM]->(s:Site {name: 'Cape North'}) "
             "MATCH (m)-[:HAD_LUNAR_MODULE]->(:LunarModule) RETURN m.name AS mission")
    out, why = rewrite(query)
    assert why is None and out is not None
    assert out.startswith("MATCH (m:Mission)-[__xgrag_r1:LAUNCHED_FROM]->(s:Site {name: 'Cape North'}) MATCH (m)"
                          "-[__xgrag_r2:HAD_LUNAR_MODULE]->(__xgrag_n1:LunarModule) RETURN m.name AS mission, ")
    assert "[m, s, __xgrag_n1]" in out and "[__xgrag_r1, __xgrag_r2]" in out and out.endswith("LIMIT 1000")


def test_bare_arrows_paths_and_variable_length_relationships() -> None:
    out, _ = rewrite("MATCH (a)-->(b)<--(c) RETURN a")
    assert out is not None and "(a)-[__xgrag_r1]->(b)<-[__xgrag_r2]-(c)" in out
    out, _ = rewrite("MATCH p = (a:P)-[r:KNOWS*1..3]->(b) RETURN b.name ORDER BY b.name DESC LIMIT 3")
    assert out is not None and "coalesce(nodes(p), [])" in out and "coalesce(r, [])" in out
    assert "ORDER BY" not in out and "LIMIT 3" not in out  # every match of every returned row is read


def test_strings_and_distinct_do_not_confuse_the_rewrite() -> None:
    out, _ = rewrite("MATCH (m {name: 'RETURN (x) -[:Y]-> WITH count('}) RETURN DISTINCT m.name;")
    assert out is not None and out.count("RETURN") == 2  # the one in the string, and the clause
    assert "'RETURN (x) -[:Y]-> WITH count('" in out and "DISTINCT" not in out


@pytest.mark.parametrize("query, reason", [
    ("MATCH (m) RETURN count(m)", "aggregates"),
    ("MATCH (m) WITH m RETURN m.name", "WITH"),
    ("MATCH (m) RETURN m UNION MATCH (n) RETURN n", "UNION"),
    ("CALL db.labels() YIELD label RETURN label", "CALL"),
    ("MATCH (m) // comment\nRETURN m", "comments"),
    ("RETURN 1 AS one", "bind no variable"),
    ("MATCH (m)", "no RETURN"),
])
def test_queries_whose_rows_are_not_matches_are_refused_with_a_reason(query: str, reason: str) -> None:
    out, why = rewrite(query)
    assert out is None and why is not None and reason in why


def test_rows_match_by_their_values_and_every_match_counts() -> None:
    trace = CypherTrace("q", [TracedRow({"x": "Eagle"}, ["n1"], ["r1"]), TracedRow({"x": "Eagle"}, ["n2"], ["r2"]),
                              TracedRow({"x": "Heron"}, ["n3"], ["r3"])], True)
    eagle, heron, none = match_rows(trace, ["Eagle", "Heron", "Kite"], lambda values: values["x"])
    assert eagle is not None and (eagle.node_ids, eagle.relationship_ids) == (["n1", "n2"], ["r1", "r2"])
    assert heron is not None and heron.relationship_ids == ["r3"] and none is None
