"""Hostile text in questions and in entity names is data, never Cypher or Lucene syntax."""

import pytest

from xgrag.model import Perturbation
from xgrag.retrieval import Retriever
from xgrag.retrieval.linking import normalise
from xgrag.store.ingest import entity_id, read_triples, write_triples
from xgrag.store.neo4j import Neo4jStore

HOSTILE = [
    "x'}) MATCH (n) DETACH DELETE n //",
    '" OR 1=1 //',
    "`) DETACH DELETE n RETURN (`",
    "name:* OR *:*",
    "Robert'); DROP INDEX xgrag_entity_names; //",
    "$excluded_node_ids",
    "{{ENTITY}}",
    "\\\" ~ [ ] ( ) { } ^ ? : / &&",
]


@pytest.fixture
def hostile_graph(store: Neo4jStore, tmp_path) -> Neo4jStore:
    f = tmp_path / "hostile.tsv"
    lines = [f"{name}\tlinked_to\tSafe Node {i}" for i, name in enumerate(HOSTILE)]
    lines.append("Safe Node 0\tlinked_to\tSafe Node 1")
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    write_triples(store, read_triples(f))
    return store


@pytest.mark.parametrize("question", HOSTILE + [f"who is [{h}]" for h in HOSTILE])
def test_hostile_questions_are_inert(hostile_graph: Neo4jStore, question: str) -> None:
    before = hostile_graph.checksum()
    r = Retriever(hostile_graph)
    for mode in ("khop", "paths"):
        r.retrieve(question, mode=mode, perturbation=Perturbation(frozenset({question}), frozenset({question})))
    assert hostile_graph.checksum() == before
    names = {x["name"] for x in hostile_graph.query("SHOW INDEXES YIELD name RETURN name")}
    assert "xgrag_entity_names" in names


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_entity_names_round_trip_as_data(hostile_graph: Neo4jStore, name: str) -> None:
    r = Retriever(hostile_graph)
    if "[" in name or not normalise(name):
        # not expressible as a bracketed mention: address it by id, as a caller holding ids would
        sub = r.retrieve("", hops=1, seeds=[entity_id(name, "Entity")])
    else:
        sub = r.retrieve(f"tell me about [{name}]", hops=1)
    assert [sub.nodes[s].name for s in sub.seeds] == [name]
    assert any(t[0] == name and t[1] == "linked_to" for t in sub.triples())
