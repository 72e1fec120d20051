"""The answer the user got is the baseline (issue 31, item 3): every stack entry point that runs the stack's call
again takes `observed_answer`, and the LangChain callback handler explains the chain's own call (its context and the
answer it returned), not a fresh run's answer.

The user reported it with a drifting LLM: the user's call answered "Halvard Institute", `explain_chain` ran the chain
again, got "Pellaro Polytechnic", and explained that. Here the scripted model (tests/support/stack_world.py) answers
the planted module to its first RAG prompt (the user's call) and another module to every later one (`drift`): the
explanation must be judged against the user's answer, and the mismatch warned about or raised per `on_mismatch`.

The libraries' real objects over real HTTP to the OpenAI-protocol test server, no Neo4j (each stack over an
in-memory store of its own, as in test_stack_next_call.py).
"""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from support import stack_world as W
from support.openai_server import OpenAITestServer
from xgrag.errors import NotReproducedError, NotReproducedWarning, UsageError
from xgrag.explain import ExplainSettings
from xgrag.explain.stack import STACK_SETTINGS

CHAT = "/v1/chat/completions"
WORLD = W.missions(6)
MISSION = WORLD[2]
DRIFTED = WORLD[4].module  # what the drifting LLM answers after the user's call
ITEM = str(WORLD.index(MISSION) + 1)  # the unit id of the mission's chunk (the retriever returns the world in order)
SETTINGS = ExplainSettings(strategies=("item",))


@pytest.fixture(scope="module")
def rule() -> W.SynonymRule:
    return W.SynonymRule(WORLD)


@pytest.fixture(scope="module")
def srv(rule: W.SynonymRule) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


@pytest.fixture
def fresh_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The main thread's current loop, as a fresh script's LightRAG finds it; closed and unset afterwards."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        asyncio.set_event_loop(None)
        loop.close()


@pytest.fixture(autouse=True)
def _steady(rule: W.SynonymRule) -> Iterator[None]:
    rule.drift, rule.answers = None, 0
    yield
    rule.drift, rule.answers = None, 0


def _drift(rule: W.PlantedRule) -> None:
    """From now on: the next answer is the planted one (the user's call), every later one DRIFTED."""
    rule.answers = 0
    rule.drift = lambda n: None if n == 1 else DRIFTED


def _chain(srv: OpenAITestServer) -> Any:
    pytest.importorskip("langchain_openai")
    return W.lcel_chain(srv.base_url, WORLD)


def _assert_caught(reproduction: dict[str, Any], rerun: str | None) -> None:
    assert reproduction["reproduced"] is False
    assert reproduction["observed_answer"] == MISSION.module  # the user's answer is what was judged
    assert reproduction["replayed_answer"] == DRIFTED
    assert reproduction.get("rerun_answer") == rerun


# --------------------------------------------------------------------------------------------- explain_chain


def test_explain_chain_judges_the_users_answer_and_raises_on_a_drift(srv: OpenAITestServer,
                                                                     rule: W.SynonymRule) -> None:
    """The user's call answered the planted module; explain_chain's own run of the chain gets DRIFTED. With the
    user's answer given and on_mismatch="error": NotReproducedError (exit 4) naming both answers, before any
    probe (the user's call, the re-run, the two baseline replays)."""
    chain = _chain(srv)
    _drift(rule)
    seen = chain.invoke(MISSION.question)
    assert seen == MISSION.module
    srv.clear()
    with pytest.raises(NotReproducedError) as err:
        from xgrag.integrations.langchain import explain_chain

        explain_chain(chain, MISSION.question, observed_answer=seen, on_mismatch="error", settings=SETTINGS)
    assert err.value.exit_code == 4
    _assert_caught(err.value.reproduction, DRIFTED)
    assert f"the answer you observed was {MISSION.module!r}" in str(err.value) and repr(DRIFTED) in str(err.value)
    assert len(srv.requests_to(CHAT)) == 1 + STACK_SETTINGS.noise_runs  # the re-run and the replays; no probe


def test_explain_chain_warns_and_says_so_under_warn(srv: OpenAITestServer, rule: W.SynonymRule) -> None:
    """on_mismatch="warn": the explanation is made, and its reproduction, technical text and warning say that it
    explains the replayed answer, not the user's."""
    from xgrag.integrations.langchain import explain_chain

    chain = _chain(srv)
    _drift(rule)
    seen = chain.invoke(MISSION.question)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = explain_chain(chain, MISSION.question, observed_answer=seen, settings=SETTINGS)
    assert [w for w in caught if issubclass(w.category, NotReproducedWarning) and seen in str(w.message)]
    ex = out.explanation
    assert ex is not None and ex.reproduction is not None
    _assert_caught(ex.reproduction.model_dump(), DRIFTED)
    assert ex.technical_explanation.startswith("NOT REPRODUCED: the answer you observed was")
    assert out.answer == DRIFTED  # what explain_chain's own run returned, kept apart from the user's answer


def test_explain_chain_with_a_steady_llm_reproduces_the_users_answer(srv: OpenAITestServer) -> None:
    """A deterministic LLM: the user's answer, the re-run's and the replays' agree: reproduced, and the planted
    chunk ranks first."""
    from xgrag.integrations.langchain import explain_chain

    chain = _chain(srv)
    seen = chain.invoke(MISSION.question)
    out = explain_chain(chain, MISSION.question, observed_answer=seen, on_mismatch="error", settings=SETTINGS)
    ex = out.explanation
    assert ex is not None and ex.reproduction is not None and ex.reproduction.reproduced
    assert ex.reproduction.observed_answer == seen == ex.reproduction.rerun_answer
    assert "the stack's own call run again gave it too" in ex.reproduction.note
    assert ex.top("item", 1)[0].id == ITEM


@pytest.mark.parametrize("bad", [{"observed_answer": "  "}, {"on_mismatch": "ignore"}])
def test_a_bad_observed_answer_or_policy_is_refused_before_the_chain_runs(srv: OpenAITestServer,
                                                                         bad: dict[str, Any]) -> None:
    from xgrag.integrations.langchain import explain_chain

    chain = _chain(srv)
    srv.clear()
    with pytest.raises(UsageError, match="observed_answer|on_mismatch"):
        explain_chain(chain, MISSION.question, **bad)
    assert srv.requests_to(CHAT) == []


# --------------------------------------------------------------------------------------------- the other stacks


def _graphrag_case(srv: OpenAITestServer, tmp: Path) -> tuple[Callable[[], str], Callable[..., Any]]:
    from xgrag.integrations.neo4j_graphrag import explain_search

    rag = W.graphrag_over_chunks(srv.base_url, WORLD)
    return (lambda: str(rag.search(MISSION.question).answer),
            lambda **kw: explain_search(rag, MISSION.question, **kw))


def _llamaindex_case(srv: OpenAITestServer, tmp: Path) -> tuple[Callable[[], str], Callable[..., Any]]:
    pytest.importorskip("llama_index.llms.openai_like", reason="llama-index-llms-openai-like is in the [dev] extra")
    from xgrag.integrations.llamaindex import explain_query

    engine = W.llamaindex_engine(srv.base_url, WORLD)
    return (lambda: str(engine.query(MISSION.question).response),
            lambda **kw: explain_query(engine, MISSION.question, **kw))


def _aexplain_chain_case(srv: OpenAITestServer, tmp: Path) -> tuple[Callable[[], str], Callable[..., Any]]:
    from xgrag.integrations.langchain import aexplain_chain

    chain = _chain(srv)
    return (lambda: str(chain.invoke(MISSION.question)),
            lambda **kw: asyncio.run(aexplain_chain(chain, MISSION.question, **kw)))


CASES = {"neo4j-graphrag:explain_search": _graphrag_case, "llamaindex:explain_query": _llamaindex_case,
         "langchain:aexplain_chain": _aexplain_chain_case}


@pytest.mark.parametrize("case", list(CASES))
def test_every_stack_entry_point_judges_the_users_answer(srv: OpenAITestServer, rule: W.SynonymRule, case: str,
                                                         tmp_path: Path, fresh_loop: asyncio.AbstractEventLoop
                                                         ) -> None:
    """The same drift through each stack's own entry point: raised under "error" (the user's answer judged, the
    re-run's kept), explained with the mismatch stated under "warn".

    On the main thread's loop, as a fresh script has one (`fresh_loop`): an earlier `asyncio.run` in the process
    (another test's) leaves the thread with none, where LlamaIndex's `asyncio_run` runs each blocking query under an
    `asyncio.run` of its own and the LLM's cached async client meets the previous, closed loop on the second query:
    the user's own second `engine.query` fails there too, with or without xgrag (seen when this file ran after
    test_stack_copies.py in one process)."""
    user_call, explain = CASES[case](srv, tmp_path)
    _drift(rule)
    seen = user_call()
    assert seen == MISSION.module
    with pytest.raises(NotReproducedError) as err:
        explain(observed_answer=seen, on_mismatch="error", settings=SETTINGS)
    _assert_caught(err.value.reproduction, DRIFTED)
    with pytest.warns(NotReproducedWarning, match=MISSION.module):
        out = explain(observed_answer=seen, settings=SETTINGS)
    assert out.explanation is not None and out.explanation.reproduction is not None
    _assert_caught(out.explanation.reproduction.model_dump(), DRIFTED)


def test_lightrag_explain_query_judges_the_users_answer(tmp_path: Path,
                                                        fresh_loop: asyncio.AbstractEventLoop) -> None:
    """LightRAG (its default storages, its OpenAI LLM function): the user's rag.query answered the planted module;
    explain_query with that answer and a drifting LLM raises under "error". LightRAG's own LLM cache is off, as a
    drifting deployment's would be (a cached answer would hide the drift from both)."""
    pytest.importorskip("lightrag")
    from lightrag import QueryParam

    from support import lightrag_world as L
    from xgrag.integrations.lightrag import explain_query

    param = QueryParam(mode="local", top_k=2, chunk_top_k=1, enable_rerank=False)
    rule = L.LightRAGRule(WORLD)
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as srv:
        rag = L.local_rag(tmp_path, srv.base_url, enable_llm_cache=False)
        fresh_loop.run_until_complete(rag.initialize_storages())
        fresh_loop.run_until_complete(L.write_world(rag, WORLD))
        try:
            _drift(rule)
            seen = rag.query(MISSION.question, replace(param))
            assert seen == MISSION.module
            with pytest.raises(NotReproducedError) as err:
                explain_query(rag, MISSION.question, replace(param), observed_answer=seen, on_mismatch="error",
                              settings=replace(SETTINGS, max_calls=6))
            _assert_caught(err.value.reproduction, DRIFTED)
        finally:
            L.stop(fresh_loop, rag)


# --------------------------------------------------------------------------------------------- the callback handler


def test_the_handler_explains_the_chains_own_call(srv: OpenAITestServer) -> None:
    """XgragCallbackHandler.for_chain(chain) attached to the user's invoke: the explanation is of that call (its
    retrieved documents, its messages, the answer it returned), replayed through the chain's own model step; the
    chain's retriever is not run again (only chat requests follow the user's call, and the first replay is the
    user's request byte for byte)."""
    from xgrag.integrations.langchain import XgragCallbackHandler

    chain = _chain(srv)
    handler = XgragCallbackHandler.for_chain(chain, settings=SETTINGS, on_mismatch="error", raise_error=True)
    srv.clear()
    answer = chain.invoke(MISSION.question, config={"callbacks": [handler]})
    ex = handler.last_explanation
    assert ex is not None and ex.reproduction is not None and ex.reproduction.reproduced
    assert ex.reproduction.observed_answer == answer == MISSION.module
    assert ex.reproduction.rerun_answer is None  # nothing was run again
    assert ex.top("item", 1)[0].id == ITEM and ex.top("item", 1)[0].answer_changed
    assert ex.stack is not None and ex.stack.stack == "langchain" and ex.stack.items == len(WORLD)
    chats = srv.requests_to(CHAT)
    assert chats[1].body["messages"] == chats[0].body["messages"]  # the user's request, replayed
    assert ex.trace[0].step == "langchain_run" and ex.trace[0].run_id == str(handler.last_run_id)


def test_the_handler_judges_the_answer_the_user_got(srv: OpenAITestServer, rule: W.SynonymRule) -> None:
    """A drifting LLM: the user's call answered the planted module, the replays of that same call answer DRIFTED.
    The explanation is judged against the user's answer (warn), or the run's error is NotReproducedError (error);
    with raise_error the user's invoke raises it."""
    from xgrag.integrations.langchain import XgragCallbackHandler

    chain = _chain(srv)
    handler = XgragCallbackHandler.for_chain(chain, settings=SETTINGS)
    _drift(rule)
    with pytest.warns(NotReproducedWarning, match=MISSION.module):
        answer = chain.invoke(MISSION.question, config={"callbacks": [handler]})
    assert answer == MISSION.module
    ex = handler.last_explanation
    assert ex is not None and ex.reproduction is not None
    _assert_caught(ex.reproduction.model_dump(), None)
    assert ex.technical_explanation.startswith("NOT REPRODUCED")

    strict = XgragCallbackHandler.for_chain(chain, settings=SETTINGS, on_mismatch="error")
    _drift(rule)
    assert chain.invoke(MISSION.question, config={"callbacks": [strict]}) == MISSION.module
    run_id = strict.last_run_id
    assert run_id is not None and strict.explanations.get(run_id) is None
    error = strict.errors[run_id]
    assert isinstance(error, NotReproducedError)
    _assert_caught(error.reproduction, None)

    raising = XgragCallbackHandler.for_chain(chain, settings=SETTINGS, on_mismatch="error", raise_error=True)
    _drift(rule)
    with pytest.raises(NotReproducedError):
        chain.invoke(MISSION.question, config={"callbacks": [raising]})


def test_the_async_handler_explains_the_chains_own_call(srv: OpenAITestServer, rule: W.SynonymRule) -> None:
    """AsyncXgragCallbackHandler under ainvoke: the same, awaited on the application's loop."""
    from xgrag.integrations.langchain import AsyncXgragCallbackHandler

    chain = _chain(srv)
    handler = AsyncXgragCallbackHandler.for_chain(chain, settings=SETTINGS, on_mismatch="error")

    async def main() -> None:  # one application loop: the chat model's async client is bound to it
        _drift(rule)
        assert await chain.ainvoke(MISSION.question, config={"callbacks": [handler]}) == MISSION.module
        run_id = handler.last_run_id
        assert run_id is not None and isinstance(handler.errors[run_id], NotReproducedError)
        rule.drift = None
        assert await chain.ainvoke(MISSION.question, config={"callbacks": [handler]}) == MISSION.module

    asyncio.run(main())
    ex = handler.last_explanation
    assert ex is not None and ex.reproduced and ex.reproduction is not None
    assert ex.reproduction.observed_answer == MISSION.module


def test_a_handler_for_a_chain_it_cannot_replay_is_refused() -> None:
    """A chain without one chat-model step is refused when the handler is made, naming what it has."""
    from langchain_core.runnables import RunnableLambda

    from xgrag.integrations.langchain import XgragCallbackHandler

    with pytest.raises(UsageError, match="exactly one chat model step"):
        XgragCallbackHandler.for_chain(RunnableLambda(lambda x: x) | RunnableLambda(str))
    with pytest.raises(UsageError, match="on_mismatch"):
        XgragCallbackHandler.for_chain(RunnableLambda(str), on_mismatch="never")  # type: ignore[arg-type]
