"""The direction a storage-ordered relation (LightRAG's) means, read from its description: the Reading xgrag's own
retrieval puts on a relationship, and how prompts, labels and the subgraph JSON state it. These cases are also the
Java procedures' (tests/integration/test_procedures.py::test_java_reads_directions_like_python)."""

from __future__ import annotations

import pytest

from xgrag.generate.prompt import fact_line, facts_of, render
from xgrag.model import Node, Relationship, Subgraph
from xgrag.model.direction import Reading, read_stored

# (stored source, stored target, description, keywords) -> the relation as it reads
CASES = [
    ("Apollo 11", "Neil Armstrong", "Neil Armstrong commanded Apollo 11.", "commanded",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Apollo 11", "Neil Armstrong", "Apollo 11 was commanded by Neil Armstrong.", "commanded",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Neil Armstrong", "Apollo 11", "Neil Armstrong commanded Apollo 11.", "commanded, mission",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Apollo 11", "Neil Armstrong", "Neil Armstrong and Apollo 11 are linked.", "commanded",
     "Apollo 11 -commanded- Neil Armstrong (undirected)"),
    ("Apollo 11", "Neil Armstrong", "", "commanded", "Apollo 11 -commanded- Neil Armstrong (undirected)"),
    ("Marie Curie", "Pierre Curie", "Pierre Curie was the husband of Marie Curie.", "married",
     "Marie Curie -married- Pierre Curie (undirected)"),
    ("Marie Curie", "Pierre Curie", "Marie Curie married Pierre Curie in 1895.", "married",
     "Marie Curie -married-> Pierre Curie"),
    ("SORBONNE", "marie curie", "Marie Curie WORKED AT the Sorbonne.", "worked at",
     "marie curie -worked at-> SORBONNE"),
    ("A", "B", "First sentence. B is strongly supported by A.", "supported",
     "A -supported-> B"),
    ("Straße", "Ölwerk", "ÖLWERK lies on the STRASSE. Ölwerk owned Straße.", "owned", "Ölwerk -owned-> Straße"),
]


@pytest.mark.parametrize(("source", "target", "description", "keywords", "text"), CASES)
def test_reading_of_a_stored_relation(source: str, target: str, description: str, keywords: str,
                                      text: str) -> None:
    reading = read_stored(source, target, description, keywords)
    assert reading.text(source, target) == text
    assert Reading.from_json(reading.to_json()) == reading


def world(description: str) -> Subgraph:
    sub = Subgraph()
    sub.add_node(Node("Apollo 11", "Apollo 11", "mission"))
    sub.add_node(Node("Neil Armstrong", "Neil Armstrong", "person"))
    reading = read_stored("Apollo 11", "Neil Armstrong", description, "commanded")
    sub.add_relationship(Relationship("r1", "Apollo 11", "Neil Armstrong", "commanded", description,
                                      {"chunk_id": "c1"}, reading))
    return sub


def test_prompt_states_the_meaning_and_json_keeps_the_stored_direction() -> None:
    sub = world("Neil Armstrong commanded Apollo 11.")
    rel = sub.relationships["r1"]
    assert (rel.head, rel.tail) == ("Neil Armstrong", "Apollo 11")
    assert "- Neil Armstrong -commanded-> Apollo 11\n" in render("Who commanded Apollo 11?", sub).prompt
    fact = facts_of(sub)[0]
    assert (fact.head, fact.relation, fact.tail) == ("Neil Armstrong", "-commanded->", "Apollo 11")
    data = sub.to_json()["relationships"][0]
    assert (data["source"], data["target"]) == ("Apollo 11", "Neil Armstrong")  # as stored
    assert data["reading"] == {"relation": "commanded", "directed": True, "reversed": True,
                               "evidence": "Neil Armstrong commanded Apollo 11."}
    back = Subgraph.from_json(sub.to_json())
    assert fact_line(back, back.relationships["r1"]) == "Neil Armstrong -commanded-> Apollo 11"


def test_undirected_relation_is_marked_in_the_prompt() -> None:
    sub = world("Apollo 11 and Neil Armstrong appear together.")
    assert "- Apollo 11 -commanded- Neil Armstrong (undirected)\n" in render("q?", sub).prompt


def test_relationships_without_reading_render_as_before() -> None:
    sub = world("")
    rel = sub.relationships["r1"]
    sub.relationships["r1"] = Relationship(rel.id, rel.source, rel.target, "commanded_by")
    assert "- Apollo 11 commanded by Neil Armstrong\n" in render("q?", sub).prompt
    assert "reading" not in sub.to_json()["relationships"][0]
