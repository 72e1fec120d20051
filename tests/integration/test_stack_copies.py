"""A decisive fact repeated in several items, on each of the four stacks with the libraries' real objects (issue 31,
item 4): the missions of tests/support/stack_world.py where Kestrel 3's planted sentence also ends the chunks of the
next two missions launched from its site (3 copies) and Kestrel 4's the chunk of the next one (2 copies)
(`stack_world.echoed`), written by each library's own code into the real embedded Neo4j (LangChain's LCEL chain
retrieves the same chunks). The scripted model answers from any copy and says "I don't know." without all of them.

Removing one copy leaves the others: alone, every copy scored 0 (or one got a conditional importance and the others
0 'no-effect', unlinked). The copies are one redundant group now, removed at once: its joint importance is non-zero,
on every copy, and the group ranks first."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")

from neo4j_graphrag.generation import GraphRAG  # noqa: E402
from neo4j_graphrag.llm import OpenAILLM  # noqa: E402

from helpers import llamaindex_graph_store, mapped, wipe  # noqa: E402
from support import lightrag_world as L  # noqa: E402
from support import stack_world as W  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.config import schema_preset  # noqa: E402
from xgrag.generate.base import NO_ANSWER  # noqa: E402
from xgrag.model import Explanation  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

BASE = W.missions(12)
REPEATED = {3: 3, 4: 2}  # mission number -> how many chunks state its planted sentence
WORLD = W.echoed(W.echoed(BASE, BASE[2], 3), BASE[3], 2)
ASKED = [m for m in WORLD if m.number in REPEATED]


def joint_first(ex: Explanation | None, mission: W.Mission) -> None:
    """The stack's answer reproduced; the top unit at the finest level is a copy of the planted sentence in a group
    holding every copy the context showed, with a non-zero joint importance on every copy, ranked first."""
    assert ex is not None and ex.reproduced and ex.answer == mission.module
    assert ex.units is not None and ex.copies is not None
    text = {u.id: u.text for u in ex.units}
    planted = [u.id for u in ex.units if u.text == mission.planted]
    assert len(planted) == REPEATED[mission.number], planted  # every chunk with a copy was in the context
    top = ex.top("span", 1)[0]
    assert top.redundant_group is not None and text[top.id] == mission.planted
    group = next(g for g in ex.copies if g.id == top.redundant_group)
    assert set(planted) <= set(group.members)
    assert group.importance is not None and group.importance > ex.noise_floor and group.rank == 1
    assert group.counterfactual_answer == NO_ANSWER and group.answer_changed
    copies = [c for c in ex.components if c.id in group.members]
    assert {c.id for c in copies} == set(group.members)
    assert all(c.joint_importance == group.importance and c.redundant_group == group.id for c in copies)
    assert all(sorted(c.copies) == sorted(set(group.members) - {c.id}) for c in copies)
    # a copy alone is never reported as 0 'no-effect' without its group
    assert all(c.importance == group.importance for c in copies if c.strategy == group.strategy)
    assert f"stated {len(group.members)} times" in ex.user_explanation
    # the items holding the copies were removed together (one joint probe), each carrying that removal's importance
    holders = {u.parent for u in ex.units if u.id in planted}
    held = next(g for g in ex.copies if g.strategy == "item" and holders <= set(g.members))
    assert held.importance is not None and held.importance > ex.noise_floor and held.rank == 1
    assert held.text == mission.planted and set(held.members) == holders  # the sentence they share
    assert all(c.redundant_group == held.id and c.joint_importance == c.importance == held.importance
               for c in ex.components if c.strategy == "item" and c.id in holders)


@pytest.fixture(scope="module")
def rule() -> L.LightRAGRule:
    return L.LightRAGRule(WORLD)


@pytest.fixture(scope="module")
def srv(rule: L.LightRAGRule) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


def _llm(srv: OpenAITestServer) -> OpenAILLM:
    return OpenAILLM(W.MODEL, base_url=srv.base_url, api_key="unused-by-the-test-server",
                     model_params={"temperature": 0, "seed": 42})


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_langchain_lcel_repeated_sentence(srv: OpenAITestServer, mission: W.Mission) -> None:
    """An LCEL chain (a retriever of the world's chunks | ChatPromptTemplate | ChatOpenAI | a parser)."""
    pytest.importorskip("langchain_openai")
    from xgrag.integrations.langchain import explain_chain

    chain = W.lcel_chain(srv.base_url, WORLD)
    out = explain_chain(chain, mission.question)
    joint_first(out.explanation, mission)


@pytest.fixture(scope="module")
def graphrag_kg(server: Neo4jStore, srv: OpenAITestServer) -> Iterator[Neo4jStore]:
    wipe(server)
    W.write_world(server.driver, server.database, _llm(srv), WORLD)
    yield server.with_schema(schema_preset("neo4j-graphrag"))
    wipe(server)


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_neo4j_graphrag_repeated_sentence(graphrag_kg: Neo4jStore, srv: OpenAITestServer,
                                          mission: W.Mission) -> None:
    """neo4j-graphrag's GraphRAG with a VectorRetriever over SimpleKGPipeline's chunks (top 10 of 12)."""
    from xgrag.integrations.neo4j_graphrag import explain_search

    llm = _llm(srv)
    rag = GraphRAG(W.retriever("vector", graphrag_kg.driver, graphrag_kg.database, llm), llm)
    out = explain_search(rag, mission.question, store=graphrag_kg, retriever_config={"top_k": 10})
    joint_first(out.explanation, mission)


@pytest.fixture(scope="module")
def llamaindex_world(graphrag_kg: Neo4jStore, server: Neo4jStore) -> Iterator[tuple[Any, Any, Neo4jStore]]:
    """After the neo4j-graphrag tests (both worlds use the __Entity__ label): PropertyGraphIndex's world."""
    wipe(server)
    graph_store = llamaindex_graph_store(server)
    index = W.write_llamaindex_world(graph_store, WORLD)
    yield index, graph_store, mapped(server, "llamaindex")
    graph_store.close()
    wipe(server)


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_llamaindex_repeated_sentence(llamaindex_world: tuple[Any, Any, Neo4jStore], srv: OpenAITestServer,
                                      mission: W.Mission) -> None:
    """A LlamaIndex query engine with include_text=True: one node per chunk reached from the mission (its site's
    missions two hops out), each its triplet lines then its text; the planted sentence stands in the chunks that
    repeat it, and the mission's own triplet line states the same fact (grouped by the facts it is traced to)."""
    pytest.importorskip("llama_index.llms.openai_like")
    from xgrag.integrations.llamaindex import EntityNameRetriever, explain_query

    index, graph_store, view = llamaindex_world
    sub = EntityNameRetriever(graph_store, depth=2, limit=30, include_text=True)
    engine = index.as_query_engine(sub_retrievers=[sub], llm=W.llamaindex_llm(srv.base_url))
    out = explain_query(engine, mission.question, store=view)
    joint_first(out.explanation, mission)


@pytest.fixture(scope="module")
def lightrag(llamaindex_world: Any, server: Neo4jStore, srv: OpenAITestServer,
             neo4j_uri: tuple[str, str | None, str | None], tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[tuple[Any, asyncio.AbstractEventLoop]]:
    """After the LlamaIndex tests: LightRAG's world (ainsert_custom_kg; the mission entity and its lunar-module
    relation sourced from every chunk that repeats the planted sentence, as LightRAG's extraction merges them)."""
    wipe(server)
    uri, user, password = neo4j_uri
    try:
        with L.running(tmp_path_factory.mktemp("lightrag-copies"), srv.base_url, WORLD, uri, user, password,
                       server.database) as (rag, loop):
            yield rag, loop
    finally:
        wipe(server)


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_lightrag_repeated_sentence(lightrag: tuple[Any, asyncio.AbstractEventLoop], mission: W.Mission) -> None:
    """LightRAG's rag.aquery in local mode (chunk_top_k 3): the chunks that repeat the planted sentence, and the
    relation row stating the same fact in other words (grouped by the fact both are traced to)."""
    from lightrag import QueryParam

    from xgrag.integrations.lightrag import aexplain_query

    rag, loop = lightrag
    param = QueryParam(mode="local", top_k=5, chunk_top_k=3, enable_rerank=False)
    out = loop.run_until_complete(aexplain_query(rag, mission.question, param))
    joint_first(out.explanation, mission)
