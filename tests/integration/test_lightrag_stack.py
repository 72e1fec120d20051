"""LightRAG's own `rag.query()` explained with its own prompt and the user's LLM function, with real lightrag-hku
objects: the missions of tests/support/stack_world.py inserted by LightRAG (`ainsert_custom_kg`) into its
Neo4JStorage on the real embedded Neo4j (KV and vector storages its defaults, in a temporary folder; hashed
bag-of-words embeddings), its LLM function LightRAG's own `openai_complete_if_cache` pointed at the OpenAI-protocol
test server, where a scripted model extracts the query keywords and answers a mission's lunar module from its planted
chunk sentence ("I don't know." without it). The explained baseline must equal rag.query()'s answer (and send the
same request), the planted sentence rank first, relations read in their meaning's direction, nothing be written to
the graph."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")

from lightrag import QueryParam  # noqa: E402

from helpers import doc_block, wipe  # noqa: E402
from support import lightrag_world as L  # noqa: E402
from support import stack_world as W  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.errors import NotReproducedError  # noqa: E402
from xgrag.integrations.lightrag import aexplain_answer, aexplain_query  # noqa: E402
from xgrag.model.trace import LightRAGMap  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

CHAT = "/v1/chat/completions"
WORLD = W.missions(24)
ASKED = [WORLD[2], WORLD[16]]
PARAM = {"mode": "local", "top_k": 5, "chunk_top_k": 3, "enable_rerank": False}


@pytest.fixture(scope="module")
def rule() -> L.LightRAGRule:
    return L.LightRAGRule(WORLD)


@pytest.fixture(scope="module")
def srv(rule: L.LightRAGRule) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


@pytest.fixture(scope="module")
def lightrag(server: Neo4jStore, srv: OpenAITestServer, neo4j_uri: tuple[str, str | None, str | None],
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, asyncio.AbstractEventLoop]]:
    """One LightRAG for the module, on one event loop (its storages and LLM queue live on it), the world written."""
    wipe(server)
    uri, user, password = neo4j_uri
    try:
        with L.running(tmp_path_factory.mktemp("lightrag"), srv.base_url, WORLD, uri, user, password,
                       server.database) as (rag, loop):
            yield rag, loop
    finally:
        wipe(server)


@pytest.fixture(autouse=True)
def _steady(rule: L.LightRAGRule) -> Iterator[None]:
    rule.drift = None
    yield
    rule.drift = None


def _answer_requests(srv: OpenAITestServer) -> list[dict[str, Any]]:
    """The answering requests sent (system prompt + question), in order: not the keyword extraction."""
    return [r.body for r in srv.requests_to(CHAT) if r.body["messages"][0]["role"] == "system"]


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_query_explained_planted_sentence_first(lightrag, srv: OpenAITestServer, server: Neo4jStore,
                                                mission: W.Mission) -> None:
    rag, loop = lightrag
    before = server.checksum()
    srv.clear()
    out = loop.run_until_complete(aexplain_query(rag, mission.question, QueryParam(**PARAM)))
    ex = out.explanation
    assert ex is not None and server.checksum() == before
    # what rag.query() answered, reproduced by the replay, with the very request LightRAG sent
    assert out.answer == mission.module == ex.answer
    assert ex.reproduction is not None and ex.reproduction.reproduced and ex.reproduction.exact
    sent = _answer_requests(srv)
    assert sent[0] == sent[1], "the replayed baseline's request differs from rag.query()'s"
    assert f"{mission.name} lunar module was named {mission.module}" in sent[0]["messages"][0]["content"]
    # the units: LightRAG's context rows and its chunks' sentences
    assert ex.stack is not None and ex.stack.stack == "lightrag" and ex.stack.mode == "local"
    assert ex.stack.entities == 5 and (ex.stack.relations or 0) >= 5 and ex.stack.chunks == 3
    top = ex.top("span", 1)[0]
    assert top.label == mission.planted
    assert ex.top("item", 1)[0].provenance["retrieved_as"] == "chunk"
    assert ex.cost.generator_calls <= 20


def test_relations_read_in_meaning_direction(lightrag, mission: W.Mission = WORLD[0]) -> None:
    """LightRAG's rows name a relation's ends in sorted order ("Heron", "Kestrel 1"): the units read them in the
    direction their description says, active or passive, and keep the storage order in the provenance."""
    from xgrag.integrations.lightrag import lightrag_call

    rag, loop = lightrag
    param = QueryParam(**PARAM)

    async def call() -> Any:
        done = await rag.aquery_llm(mission.question, param)
        preview = await rag.aquery_llm(mission.question, QueryParam(**PARAM, only_need_prompt=True))
        return lightrag_call(rag, mission.question, param, done["llm_response"]["content"], done["data"],
                             preview["llm_response"]["content"])

    stack_call = loop.run_until_complete(call())
    rel = {(u.provenance["entity1"], u.provenance["entity2"]): u for u in stack_call.context.items
           if u.source == "relation"}
    module = rel[(mission.module, mission.name)]  # "Heron" < "Kestrel 1": stored the other way round
    assert f'"entity1": "{mission.module}", "entity2": "{mission.name}"' in module.text  # the prompt's row, as is
    assert module.label.endswith(f"{mission.name} -flew-> {mission.module}")
    assert module.facts == (f"{mission.name} -flew-> {mission.module}",)
    assert module.provenance["directed"] is True and module.provenance["head"] == mission.name
    commander = rel[tuple(sorted((mission.name, mission.commander)))]  # passive: "Kestrel 1 was commanded by ..."
    assert commander.facts == (f"{mission.commander} -commanded-> {mission.name}",)
    assert isinstance(stack_call.notes[0], LightRAGMap) and stack_call.notes[0].undirected == []


def test_explaining_a_given_answer_and_a_drifting_llm(lightrag, rule: L.LightRAGRule,
                                                      mission: W.Mission = WORLD[5]) -> None:
    """aexplain_answer explains an answer rag.query() already gave; when the user's LLM does not repeat it,
    on_mismatch="error" stops before any probe (NotReproducedError, CLI exit 4)."""
    rag, loop = lightrag
    param = QueryParam(**PARAM)
    answer = loop.run_until_complete(rag.aquery(mission.question, param))
    assert answer == mission.module
    out = loop.run_until_complete(aexplain_answer(rag, mission.question, answer, param))
    assert out.explanation is not None and out.explanation.reproduction is not None
    assert out.explanation.reproduction.reproduced
    rule.drift = lambda n: "Albatross"
    with pytest.raises(NotReproducedError) as err:
        loop.run_until_complete(aexplain_answer(rag, mission.question, answer, param, on_mismatch="error"))
    assert "Albatross" in str(err.value)


@pytest.mark.parametrize("page,heading", [("docs/integrations/lightrag.md", "Use with LightRAG"),
                                          ("docs/stacks/lightrag.md", "LightRAG")], ids=["integrations", "stacks"])
def test_use_with_lightrag_runs_as_written(page: str, heading: str, lightrag, srv: OpenAITestServer,
                                           mission: W.Mission = WORLD[7]) -> None:
    """The LightRAG pages' blocks, run as written on the user's LightRAG (the function each defines, called with it
    on the loop its storages were initialized on)."""
    rag, loop = lightrag
    namespace: dict[str, Any] = {}
    exec(compile(doc_block(page, heading, "python"), page, "exec"), namespace)  # noqa: S102
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        loop.run_until_complete(namespace["explain"](rag, mission.question))
    lines = printed.getvalue().splitlines()
    if page.startswith("docs/integrations"):
        assert lines[0] == f"{mission.module} | True | {mission.planted}"
        assert any(f"{mission.name} -flew-> {mission.module}" in line for line in lines[1:])
        return
    answer, reproduced, item, span, data, trace = lines
    assert (answer, reproduced, span) == (mission.module, "True", mission.planted)
    assert f"{mission.name} was commanded by {mission.commander}." in item  # the mission's chunk (label cut short)
    assert {"entities", "relationships", "chunks"} <= set(eval(data))  # noqa: S307 - a printed list of str
    entities, relations, chunks, undirected = trace.split(" ", 3)
    assert int(entities) > 0 and int(relations) > 0 and int(chunks) > 0 and undirected == "[]"


def test_blocking_explain_query_runs_on_lightrags_loop(lightrag, mission: W.Mission = WORLD[9]) -> None:
    """explain_query, for scripts that use LightRAG's blocking rag.query: it drives the loop LightRAG's own blocking
    calls drive (the current event loop), where the storages live."""
    from xgrag.integrations.lightrag import explain_query

    rag, loop = lightrag
    asyncio.set_event_loop(loop)
    try:
        out = explain_query(rag, mission.question, QueryParam(**PARAM))
    finally:
        asyncio.set_event_loop(None)
    assert out.answer == mission.module
    assert out.explanation is not None and out.explanation.reproduction is not None
    assert out.explanation.reproduction.reproduced
    assert out.explanation.top("span", 1)[0].label == mission.planted
