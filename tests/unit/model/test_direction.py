"""The direction a storage-ordered relation (LightRAG's) means, read from its description: the Reading xgrag's own
retrieval puts on a relationship, and how prompts, labels and the subgraph JSON state it. These cases are also the
Java procedures' (tests/integration/test_procedures.py::test_java_reads_relation_directions_like_python)."""

from __future__ import annotations

import pytest

from support.direction_cases import CASES
from xgrag.generate.prompt import fact_line, facts_of, render
from xgrag.model import Node, Relationship, Subgraph
from xgrag.model.direction import Reading, read_stored


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
