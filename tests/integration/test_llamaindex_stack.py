"""A LlamaIndex query engine explained with its own response synthesizer and LLM, with real llama-index objects: the
missions of tests/support/stack_world.py written by LlamaIndex's own PropertyGraphIndex into Neo4jPropertyGraphStore
on the real embedded Neo4j, a query engine (`index.as_query_engine`: EntityNameRetriever, the default compact
synthesizer) whose LLM is LlamaIndex's OpenAILike pointed at the OpenAI-protocol test server's scripted model. The
model answers a mission's lunar module from its planted triplet line (or chunk sentence) and says "I don't know."
without it: the explained baseline must equal the engine's answer and the planted node rank first."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in the [dev] extra")
pytest.importorskip("llama_index.llms.openai_like", reason="llama-index-llms-openai-like is in the [dev] extra")

from helpers import llamaindex_graph_store, mapped, wipe  # noqa: E402
from support import stack_world as W  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.errors import NotReproducedError  # noqa: E402
from xgrag.integrations.llamaindex import EntityNameRetriever, explain_engine_response, explain_query  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

CHAT = "/v1/chat/completions"
WORLD = W.missions(24)
ASKED = [WORLD[2], WORLD[16]]


@pytest.fixture(scope="module")
def rule() -> W.PlantedRule:
    return W.PlantedRule(WORLD)


@pytest.fixture(scope="module")
def srv(rule: W.PlantedRule) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


@pytest.fixture(scope="module")
def world(server: Neo4jStore) -> Iterator[tuple[object, object, Neo4jStore]]:
    """The missions written once for this module by PropertyGraphIndex, read through the llamaindex preset."""
    wipe(server)
    graph_store = llamaindex_graph_store(server)
    index = W.write_llamaindex_world(graph_store, WORLD)
    yield index, graph_store, mapped(server, "llamaindex")
    graph_store.close()
    wipe(server)


@pytest.fixture(autouse=True)
def _steady(rule: W.PlantedRule) -> Iterator[None]:
    rule.drift = None
    yield
    rule.drift = None


def _engine(world: tuple[object, object, Neo4jStore], srv: OpenAITestServer, **retriever: object) -> object:
    index, graph_store, _ = world
    sub = EntityNameRetriever(graph_store, depth=2, limit=30, **retriever)
    return index.as_query_engine(sub_retrievers=[sub], llm=W.llamaindex_llm(srv.base_url))  # type: ignore[attr-defined]


def _rel_id(view: Neo4jStore, mission: W.Mission) -> str:
    rows = view.query("MATCH (:__Entity__ {name: $m})-[r:HAD_LUNAR_MODULE]->() RETURN elementId(r) AS id",
                      {"m": mission.name})
    assert len(rows) == 1
    return str(rows[0]["id"])


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_triplet_nodes_planted_triplet_first(world, srv: OpenAITestServer, mission: W.Mission) -> None:
    """One source node per triplet (the mission's five facts and, two hops out, the missions launched from its
    site): the planted triplet's node ranks first, traced to the stored HAD_LUNAR_MODULE relationship."""
    _, _, view = world
    before = view.checksum()
    srv.clear()
    out = explain_query(_engine(world, srv), mission.question, store=view)
    ex = out.explanation
    assert ex is not None and view.checksum() == before
    assert out.answer == mission.module  # the engine's own answer ...
    assert ex.reproduction is not None and ex.reproduction.reproduced and ex.reproduction.exact  # ... reproduced
    assert ex.answer == mission.module
    assert ex.generator == f"llamaindex:OpenAILike:{W.MODEL}"
    # the baseline replays the engine's own request byte for byte (the same messages, the same model parameters)
    chats = srv.requests_to(CHAT)
    assert chats[1].body == chats[0].body and chats[0].body["model"] == W.MODEL
    assert chats[0].body["temperature"] == 0 and chats[0].body["seed"] == 42
    assert mission.triplet_line in chats[0].body["messages"][-1]["content"]
    n = len(out.response.source_nodes)
    assert ex.stack is not None and ex.stack.items == n and n > 5  # two hops: more than the mission's own facts
    top = ex.top("item", 1)[0]
    assert top.label.endswith(f"] {mission.triplet_line}") and top.answer_changed  # "[index] text"
    assert top.provenance["relationship_ids"] == [_rel_id(view, mission)]
    assert out.trace.unmatched == [] and len(out.trace.matched or []) == n
    # under 30 units `auto` asks each node's removal once, after the two baseline runs
    assert ex.cost.generator_calls <= n + 2
    # every probe went through the engine's synthesizer: its chat template around the kept triplet lines
    assert all("Context information is below." in c.body["messages"][-1]["content"] for c in chats)


def test_text_nodes_chunk_first(world, srv: OpenAITestServer) -> None:
    """include_text=True: one node per chunk (its triplet lines, then its text, with the chunk's metadata as the
    synthesizer shows it); the planted mission's chunk ranks first. The fact stands in the chunk twice (its triplet
    line and its sentence), so no single span of it moves the answer."""
    _, _, view = world
    mission = ASKED[0]
    engine = _engine(world, srv, include_text=True)
    response = engine.query(mission.question)  # type: ignore[attr-defined]
    out = explain_engine_response(engine, mission.question, response, store=view)
    ex = out.explanation
    assert ex is not None and ex.reproduction is not None and ex.reproduction.exact
    assert out.answer == mission.module == ex.answer
    assert ex.stack is not None and ex.stack.items == len(response.source_nodes) and ex.stack.spans > 0
    top = ex.top("item", 1)[0]
    # the chunk node of the asked mission (its LLM-mode text starts with the chunk's metadata, as the prompt showed)
    assert top.provenance["node_id"] == f"kestrel-chunk-{mission.number}" and top.answer_changed
    assert top.label.startswith("[") and "file_name: missions.txt" in top.label
    assert _rel_id(view, mission) in top.provenance["relationship_ids"]
    assert f"{mission.name} HAD_LUNAR_MODULE {mission.module}" in top.provenance["facts"]


def test_a_different_replayed_answer_is_an_error_when_asked(world, srv: OpenAITestServer, rule: W.PlantedRule
                                                            ) -> None:
    """The engine's LLM answers differently on the replay: never a silent explanation of another answer."""
    mission = ASKED[1]
    engine = _engine(world, srv)
    response = engine.query(mission.question)  # type: ignore[attr-defined]
    rule.drift = lambda n: "Somebody else"
    with pytest.raises(NotReproducedError):
        explain_engine_response(engine, mission.question, response, store=world[2], on_mismatch="error")
