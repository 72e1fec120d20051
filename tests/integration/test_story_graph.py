"""Questions as people type them, on a story graph written by langchain-neo4j's own add_graph_documents
(tests/data/stories: The Tale of Peter Rabbit, four source documents), read through the langchain preset on the
real embedded Neo4j: every question's topic entity is linked, and the reference reader answers from the graph."""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [langchain] and [dev] extras")

from helpers import (  # noqa: E402
    drop_other_vector_indexes,
    mapped,
    story_facts,
    story_questions,
    write_story_graph,
    write_story_graph_graphrag,
    write_story_graph_xgrag,
)
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


def _misses(view: Neo4jStore) -> list[tuple[str, str, list[str]]]:
    r = Retriever(view)
    misses = []
    for question, topics, _ in story_questions():
        linked = {le.node.name for le in r.link(question)}
        misses += [(question, t, sorted(linked)) for t in topics if t not in linked]
    return misses


def test_every_story_question_links_its_topic_entities(story: Neo4jStore) -> None:
    assert _misses(story) == []


@pytest.mark.parametrize("preset", ["xgrag", "neo4j-graphrag"])
def test_partial_names_link_under_every_preset(store: Neo4jStore, preset: str) -> None:
    if preset == "xgrag":
        write_story_graph_xgrag(store)
        view = store
    else:
        pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")
        write_story_graph_graphrag(store)
        view = mapped(store, preset)
    assert _misses(view) == []


def test_partial_names_never_link_someone_else(story: Neo4jStore) -> None:
    r = Retriever(story)
    # "peter" is the beginning of "Peter Rabbit", never "Peter's Father" (someone of Peter's, not Peter)
    assert {le.node.name for le in r.link("what did peter eat")} == {"Peter Rabbit"}
    # a lone descriptive word names nothing: "old" qualifies "Old Mouse", it does not name it
    assert r.link("who is old") == []
    # a whole name wins over the parts inside it: "mrs rabbit" is Mrs. Rabbit, not also Peter Rabbit
    assert {le.node.name for le in r.link("where does mrs rabbit live")} == {"Mrs. Rabbit"}
    linked = r.link("who chased peter")
    assert [(le.method, le.mention) for le in linked] == [("partial", "peter")]
    # parts of names are a fallback: with a whole name in the question ("rake"), "peter" is not read as a name
    assert [(le.node.name, le.method) for le in r.link("who chased peter with the rake")] == [("Rake", "exact")]


def test_embeddings_configured_for_the_langchain_preset_get_their_vector_index(store: Neo4jStore) -> None:
    from xgrag.config import schema_preset
    from xgrag.embed import default_embedder
    from xgrag.errors import UsageError
    from xgrag.retrieval.embeddings import embed_entities
    from xgrag.store.migrations import migrate

    drop_other_vector_indexes(store, "__Entity__")  # e.g. LlamaIndex's "entity" index from another test
    write_story_graph(store)
    mapped(store, "langchain")  # migrated as configured first: no embedding_property, no vector index

    def vector_indexes() -> list[str]:
        return [r["name"] for r in store.query("SHOW VECTOR INDEXES YIELD name RETURN name")]

    assert "xgrag_lc_entity_embeddings" not in vector_indexes()
    schema = schema_preset("langchain", embedding_property="embedding")
    view = store.with_schema(schema)
    embedder = default_embedder()
    before = store.checksum()
    with pytest.raises(UsageError, match="does not exist, so no embedding was written") as err:
        embed_entities(view, embedder, 384)
    assert "xgrag migrate" in (err.value.hint or "")
    assert store.checksum() == before  # nothing written onto the user's nodes
    # the configuration changed what V004 does: it is applied again, not "already applied"
    result = migrate(view, schema, 384)
    assert result.applied == ["V004__entity_vector (configuration changed)"]
    assert "xgrag_lc_entity_embeddings" in vector_indexes()
    assert migrate(view, schema, 384).applied == []
    entities = store.query("MATCH (n:__Entity__) RETURN count(n) AS c")[0]["c"]
    assert embed_entities(view, embedder, 384) == entities
    written = store.query("MATCH (n) WHERE n.embedding IS NOT NULL RETURN count(n) AS c, "
                          "sum(CASE WHEN n:__Entity__ THEN 1 ELSE 0 END) AS entities")[0]
    assert written == {"c": entities, "entities": entities}  # the Document nodes keep their own properties
    # a misspelt name no word of which is stored: only the vector index links it (cosine 0.60 with
    # all-MiniLM-L6-v2; Neo4j scores (1 + cos) / 2 = 0.80, hence a threshold below the default 0.9)
    from xgrag.config import RetrievalSettings

    question = "camomille tee?"
    assert Retriever(view).link(question) == []  # no embedder: nothing
    linked = Retriever(view, RetrievalSettings(link_min_score=0.78), embedder=embedder).link(question)
    assert [(le.node.name, le.method) for le in linked] == [("Camomile Tea", "vector")]


def story_answers(view: Neo4jStore) -> list[tuple[str, str, list[str]]]:
    """(question, the reference reader's answer, gold answers) for every story question, over 2-hop retrieval."""
    from xgrag.embed import default_embedder
    from xgrag.generate.extractive import ExtractiveReader
    from xgrag.generate.prompt import facts_of

    reader = ExtractiveReader(default_embedder())
    r = Retriever(view)
    out = []
    for question, _, gold in story_questions():
        facts = facts_of(r.retrieve(question, hops=2))
        out.append((question, reader.generate("", question=question, facts=facts).text, gold))
    return out


def test_the_reference_reader_answers_the_story_questions(story: Neo4jStore) -> None:
    answers = story_answers(story)
    wrong = [(q, a, gold) for q, a, gold in answers if a.rstrip(".") not in gold]
    for q, a, gold in answers:
        print(f"{q!r}: {a} (gold {gold})")
    assert wrong == []
