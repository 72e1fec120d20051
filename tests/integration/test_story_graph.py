"""Questions as people type them, on a story graph written by langchain-neo4j's own add_graph_documents
(tests/data/stories: The Tale of Peter Rabbit, four source documents), read through the langchain preset on the
real embedded Neo4j: every question's topic entity is linked, and the reference reader answers from the graph."""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [langchain] and [dev] extras")

from helpers import mapped, story_facts, story_questions, write_story_graph  # noqa: E402
from xgrag.retrieval import Retriever  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402


@pytest.fixture
def story(store: Neo4jStore) -> Neo4jStore:
    write_story_graph(store)
    return mapped(store, "langchain")


def test_the_story_graph_is_written_by_langchain(story: Neo4jStore) -> None:
    facts = story_facts()
    assert 35 <= len(facts) <= 50
    rows = story.query("MATCH (:__Entity__)-[r]->(:__Entity__) RETURN count(r) AS n")
    assert rows[0]["n"] == len(facts)
    docs = story.query("MATCH (d:Document) RETURN d.source AS source ORDER BY source")
    assert [d["source"] for d in docs] == [f"peter-rabbit-part{i}" for i in (1, 2, 3, 4)]
    assert len(story_questions()) >= 12


def test_every_story_question_links_its_topic_entities(story: Neo4jStore) -> None:
    r = Retriever(story)
    misses = []
    for question, topics, _ in story_questions():
        linked = {le.node.name for le in r.link(question)}
        print(question, "->", sorted(linked))
        misses += [(question, t, sorted(linked)) for t in topics if t not in linked]
    assert not misses
