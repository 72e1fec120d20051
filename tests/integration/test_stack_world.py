"""Explaining the answer a user's stack gave, with the libraries' real objects, over a graph neo4j-graphrag's own
SimpleKGPipeline wrote into the real embedded Neo4j (tests/support/stack_world.py: 24 missions, one chunk each,
extraction JSON from the scripted model):

- neo4j-graphrag: GraphRAG with each retriever (VectorRetriever, VectorCypherRetriever, HybridRetriever,
  Text2CypherRetriever), its RagTemplate, its OpenAILLM pointed at the OpenAI-protocol test server;
- LangChain: GraphCypherQAChain (langchain-neo4j) over Neo4jGraph, its ChatOpenAI (langchain-openai) pointed at the
  same server.

The scripted model answers a question from one planted decisive fact (the chunk's sentence, the fact line, the
Cypher row) and says "I don't know." without it: the explained baseline must equal the stack's answer, and the
planted unit must rank first.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")

from neo4j_graphrag.generation import GraphRAG  # noqa: E402
from neo4j_graphrag.llm import OpenAILLM  # noqa: E402

from helpers import neo4j_auth, wipe  # noqa: E402
from support import stack_world as W  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.config import schema_preset  # noqa: E402
from xgrag.errors import NotReproducedError, NotReproducedWarning  # noqa: E402
from xgrag.integrations.cypher_trace import trace_cypher  # noqa: E402
from xgrag.integrations.neo4j_graphrag import ExplainedRagResult, explain_search  # noqa: E402
from xgrag.model.trace import TraceRowsStep  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

CHAT = "/v1/chat/completions"
WORLD = W.missions(24)
ASKED = [WORLD[2], WORLD[16]]  # two questions per retriever (the benchmark asks all 24)


@pytest.fixture(scope="module")
def rule() -> W.PlantedRule:
    return W.PlantedRule(WORLD)


@pytest.fixture(scope="module")
def srv(rule: W.PlantedRule) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


def _llm(srv: OpenAITestServer) -> OpenAILLM:
    return OpenAILLM(W.MODEL, base_url=srv.base_url, api_key="unused-by-the-test-server",
                     model_params={"temperature": 0, "seed": 42})


@pytest.fixture(scope="module")
def kg(server: Neo4jStore, srv: OpenAITestServer) -> Iterator[Neo4jStore]:
    """The world, written once for this module by SimpleKGPipeline, read through the neo4j-graphrag preset."""
    wipe(server)
    W.write_world(server.driver, server.database, _llm(srv), WORLD)
    yield server.with_schema(schema_preset("neo4j-graphrag"))
    wipe(server)


@pytest.fixture(autouse=True)
def _steady(rule: W.PlantedRule) -> Iterator[None]:
    rule.drift = None
    yield
    rule.drift = None


def _fact_id(kg: Neo4jStore, mission: W.Mission, rel: str) -> str:
    rows = kg.query(f"MATCH (:Mission {{name: $m}})-[r:{rel}]->() RETURN elementId(r) AS id", {"m": mission.name})
    assert len(rows) == 1
    return str(rows[0]["id"])


def _explain(kg: Neo4jStore, srv: OpenAITestServer, kind: str, mission: W.Mission, **kw: object
             ) -> ExplainedRagResult:
    llm = _llm(srv)
    rag = GraphRAG(W.retriever(kind, kg.driver, kg.database, llm), llm)
    config = None if kind == "text2cypher" else {"top_k": 10}
    return explain_search(rag, mission.question, store=kg, retriever_config=config, **kw)  # type: ignore[arg-type]


def _common(out: ExplainedRagResult, mission: W.Mission, kg: Neo4jStore, before: str) -> None:
    ex = out.explanation
    assert ex is not None and kg.checksum() == before  # nothing written by the search or the explanation
    assert out.answer == mission.module  # the stack's own answer ...
    assert ex.reproduction is not None and ex.reproduction.reproduced and ex.reproduction.exact  # ... reproduced
    assert ex.answer == out.answer and ex.reproduction.similarity == pytest.approx(1.0, abs=1e-5)
    assert out.explain.reproduced is True and out.explain.replayed_answer == mission.module
    assert ex.generator == f"neo4j-graphrag:OpenAILLM:{W.MODEL}" and ex.prompt_version == "neo4j-graphrag:RagTemplate"


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_vector_retriever_chunks_planted_sentence_first(kg: Neo4jStore, srv: OpenAITestServer,
                                                        mission: W.Mission) -> None:
    """A plain VectorRetriever returns Chunk nodes: each is an item (its text cut into five sentences), traced to the
    facts extracted from it (FROM_CHUNK); 10 chunks, 50 sentences, within 15 calls."""
    before = kg.checksum()
    srv.clear()
    out = _explain(kg, srv, "vector", mission)
    _common(out, mission, kg, before)
    ex = out.explanation
    assert ex is not None and ex.stack is not None and (ex.stack.items, ex.stack.spans) == (10, 50)
    # the search's own prompt, replayed byte for byte: the baseline's request equals the search's
    chats = srv.requests_to(CHAT)
    assert chats[1].body["messages"] == chats[0].body["messages"] and chats[0].body["model"] == W.MODEL
    assert chats[0].body["messages"][0] == {"role": "system",
                                            "content": "Answer the user question using the provided context."}
    top_span, top_item = ex.top("span", 1)[0], ex.top("item", 1)[0]
    assert top_span.label == mission.planted and top_span.answer_changed
    assert top_span.provenance["item"] == top_item.id and top_item.provenance["retrieved_as"] == "chunk"
    assert top_span.provenance["relationship_ids"] == [_fact_id(kg, mission, "HAD_LUNAR_MODULE")]
    assert mission.planted in top_item.label or mission.name in top_item.label
    # provenance with text: the chunk's text around the span, the span marked
    excerpt = top_span.provenance["excerpt"]
    assert [excerpt["text"][m["start"]:m["end"]] for m in excerpt["marks"]] == [mission.planted]
    assert ex.cost.generator_calls <= 15
    source = next(s for s in out.explain.sources if str(s.index) == top_item.id)
    assert source.rank == 1 and "Chunk" in source.labels and source.retrieved_as == "chunk"
    assert f"{mission.name} HAD_LUNAR_MODULE {mission.module}" in source.facts
    assert [sp.text for sp in source.spans if sp.rank == 1] == [mission.planted]
    assert out.explain.graph is not None
    rel = next(e for g in out.explain.graph for p in g.paths for e in p
               if getattr(e, "id", None) == _fact_id(kg, mission, "HAD_LUNAR_MODULE"))
    assert rel.importance == top_span.importance and top_span.id in rel.units  # type: ignore[union-attr]


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_vector_cypher_retriever_planted_fact_line_first(kg: Neo4jStore, srv: OpenAITestServer,
                                                         mission: W.Mission) -> None:
    """A VectorCypherRetriever record: its facts as lines, ids in its metadata (record_formatter)."""
    before = kg.checksum()
    out = _explain(kg, srv, "vector_cypher", mission)
    _common(out, mission, kg, before)
    ex = out.explanation
    assert ex is not None
    top_span = ex.top("span", 1)[0]
    assert top_span.label == mission.fact_line
    assert top_span.provenance["relationship_ids"] == [_fact_id(kg, mission, "HAD_LUNAR_MODULE")]
    assert all(s.mapping == "facts" for s in out.explain.sources)
    assert out.explain.trace.retriever == "VectorCypherRetriever"
    assert out.explain.trace.retrieval_query == W.VECTOR_CYPHER_QUERY
    assert ex.cost.generator_calls <= 15


def test_hybrid_retriever_units_without_ids_are_still_units(kg: Neo4jStore, srv: OpenAITestServer) -> None:
    """HybridRetriever's default formatter keeps no id: the chunks cannot be traced (said so), yet they are what the
    model saw, and the planted sentence ranks first."""
    mission = ASKED[0]
    before = kg.checksum()
    out = _explain(kg, srv, "hybrid", mission)
    _common(out, mission, kg, before)
    ex = out.explanation
    assert ex is not None and ex.top("span", 1)[0].label == mission.planted
    assert all(s.mapping == "unmapped" and (s.reason or "").startswith("text only") for s in out.explain.sources)
    assert out.explain.graph is None


@pytest.mark.parametrize("mission", ASKED, ids=lambda m: m.name)
def test_text2cypher_rows_traced_to_the_matched_elements(kg: Neo4jStore, srv: OpenAITestServer,
                                                         mission: W.Mission) -> None:
    """Text2CypherRetriever: the rows are the units; each is traced to the elements the generated query matched by
    re-running it read-only with their elementIds."""
    before = kg.checksum()
    out = _explain(kg, srv, "text2cypher", mission)
    _common(out, mission, kg, before)
    ex = out.explanation
    assert ex is not None and out.explain.trace.cypher == mission.cypher()
    rows = [s for s in out.explain.sources]
    assert len(rows) == 8 and all(s.retrieved_as == "row" and not s.spans for s in rows)  # a third of 24
    top = ex.top("item", 1)[0]
    assert mission.row in top.label and top.answer_changed
    planted = next(s for s in rows if str(s.index) == top.id)
    assert set(planted.relationship_ids) == {_fact_id(kg, mission, "HAD_LUNAR_MODULE"),
                                             _fact_id(kg, mission, "LAUNCHED_FROM")}
    assert len(planted.node_ids) == 3 and planted.mapping == "facts"
    step = next(s for s in ex.trace if isinstance(s, TraceRowsStep))
    assert step.traced is True and step.matched_rows == 8 and "__xgrag_rel_ids" in (step.rewritten or "")
    assert ex.cost.generator_calls <= 15


def test_an_aggregating_query_is_not_traced_and_says_why(kg: Neo4jStore) -> None:
    trace = trace_cypher(kg.driver, "MATCH (m:Mission)-[:LAUNCHED_FROM]->(s:Site) RETURN s.name AS site, "
                         "count(m) AS missions", database=kg.database)
    assert not trace.traced and trace.reason is not None and "aggregates" in trace.reason
    assert sorted(r.values["site"] for r in trace.rows) == sorted(W.SITES) and not any(r.node_ids for r in trace.rows)
    returned = trace_cypher(kg.driver, "MATCH (m:Mission {name: 'Kestrel 1'}) WITH m RETURN m", database=kg.database)
    assert not returned.traced and len(returned.rows) == 1 and len(returned.rows[0].node_ids) == 1  # its own value
    with pytest.raises(ValueError, match="not read-only"):
        trace_cypher(kg.driver, "MATCH (m:Mission) SET m.touched = true RETURN m.name", database=kg.database)


def test_a_stack_that_does_not_repeat_its_answer_is_never_explained_silently(kg: Neo4jStore, srv: OpenAITestServer,
                                                                             rule: W.PlantedRule) -> None:
    """The stack answered once; replaying its call gives another answer (the scripted model drifts after its first
    answer): a NotReproducedWarning, `reproduction.reproduced` False in the Explanation and the payload; with
    on_mismatch="error", NotReproducedError (exit status 4) before any probe."""
    mission = ASKED[0]
    rule.answers = 0
    rule.drift = lambda n: None if n == 1 else "Buzz Aldrin"
    with pytest.warns(NotReproducedWarning, match="Buzz Aldrin"):
        out = _explain(kg, srv, "vector_cypher", mission)
    ex = out.explanation
    assert ex is not None and ex.reproduction is not None and not ex.reproduced
    assert (ex.reproduction.observed_answer, ex.reproduction.replayed_answer) == (mission.module, "Buzz Aldrin")
    assert out.explain.reproduced is False and ex.technical_explanation.startswith("NOT REPRODUCED")
    rule.answers = 0
    srv.clear()
    with pytest.raises(NotReproducedError) as err:
        _explain(kg, srv, "vector_cypher", mission, on_mismatch="error")
    assert err.value.exit_code == 4
    assert len(srv.requests_to(CHAT)) == 3  # the search, then the two baseline runs; no probe


# --------------------------------------------------------------------------------------------- LangChain


def _cypher_qa_chain(kg: Neo4jStore, srv: OpenAITestServer, intermediate_steps: bool) -> object:
    from langchain_neo4j import GraphCypherQAChain, Neo4jGraph
    from langchain_openai import ChatOpenAI

    graph = Neo4jGraph(url=kg.uri, **neo4j_auth(kg), database=kg.database, refresh_schema=False)
    llm = ChatOpenAI(model=W.MODEL, base_url=srv.base_url, api_key="unused-by-the-test-server", temperature=0,
                     seed=42)
    return GraphCypherQAChain.from_llm(llm, graph=graph, allow_dangerous_requests=True,
                                       return_intermediate_steps=intermediate_steps)


@pytest.mark.parametrize("intermediate_steps", [True, False])
def test_graph_cypher_qa_chain_rows_traced_and_planted_row_first(kg: Neo4jStore, srv: OpenAITestServer,
                                                                 intermediate_steps: bool) -> None:
    """GraphCypherQAChain: the units are the rows it passed to its QA model (from its intermediate steps, or from
    its "Full Context:" text event), traced to the elements its generated query matched; every probe invokes the
    chain's own qa_chain with the rows kept."""
    pytest.importorskip("langchain_neo4j")
    pytest.importorskip("langchain_openai")
    from xgrag.integrations.langchain import explain_cypher_qa

    mission = ASKED[1]
    chain = _cypher_qa_chain(kg, srv, intermediate_steps)
    before = kg.checksum()
    srv.clear()
    out = explain_cypher_qa(chain, mission.question, store=kg)
    ex = out.explanation
    assert ex is not None and kg.checksum() == before
    assert out.answer == mission.module and out.query == mission.cypher() and len(out.rows) == 8
    assert ex.reproduction is not None and ex.reproduction.reproduced and ex.answer == out.answer
    chats = srv.requests_to(CHAT)
    assert "Generate Cypher statement" in chats[0].body["messages"][-1]["content"]
    assert chats[2].body["messages"] == chats[1].body["messages"]  # the QA request, replayed byte for byte
    assert ex.stack is not None and ex.stack.component == "GraphCypherQAChain" and ex.stack.spans == 0
    top = ex.top("item", 1)[0]
    assert top.label.endswith(mission.row_dict) and top.answer_changed
    assert set(top.provenance["relationship_ids"]) == {_fact_id(kg, mission, "HAD_LUNAR_MODULE"),
                                                       _fact_id(kg, mission, "LAUNCHED_FROM")}
    assert f"{mission.name} HAD_LUNAR_MODULE {mission.module}" in top.provenance["facts"]
    assert out.trace.traced is True and out.trace.matched_rows == 8
    # auto's proxy plan: the row stating the answer alone, then the other 7 at once (leave-one-out: 2 + 8)
    assert ex.cost.generator_calls == 2 + 1 + 1
    assert ex.group_testing is not None and ex.group_testing.strategies["item"].proxy_confirmed


def test_lcel_chain_replayed_with_its_own_prompt_and_model(kg: Neo4jStore, srv: OpenAITestServer) -> None:
    """An LCEL chain ({context: retriever | format_docs, question} | ChatPromptTemplate | ChatOpenAI |
    StrOutputParser) over langchain-neo4j's Neo4jVector on the world's chunk index: the documents are the units,
    located in the messages the model received; every probe is those messages with units cut out, sent through the
    chain's own model step and parser."""
    pytest.importorskip("langchain_neo4j")
    pytest.importorskip("langchain_openai")
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnablePassthrough
    from langchain_neo4j import Neo4jVector
    from langchain_openai import ChatOpenAI

    from xgrag.integrations.langchain import explain_chain

    mission = ASKED[0]
    store = Neo4jVector.from_existing_index(W.langchain_embeddings(), index_name=W.VECTOR_INDEX, url=kg.uri,
                                            **neo4j_auth(kg), database=kg.database)
    prompt = ChatPromptTemplate.from_messages([("system", "Answer from the context."),
                                               ("human", "Context:\n{context}\n\nQuestion:\n{question}\n")])
    llm = ChatOpenAI(model=W.MODEL, base_url=srv.base_url, api_key="unused-by-the-test-server", temperature=0,
                     seed=42)

    def format_docs(docs: list) -> str:  # type: ignore[type-arg]
        return "\n\n".join(d.page_content for d in docs)

    chain = ({"context": store.as_retriever(search_kwargs={"k": 10}) | format_docs, "question": RunnablePassthrough()}
             | prompt | llm | StrOutputParser())
    before = kg.checksum()
    srv.clear()
    out = explain_chain(chain, mission.question)
    ex = out.explanation
    assert ex is not None and kg.checksum() == before
    assert out.answer == mission.module and len(out.documents) == 10
    assert ex.reproduction is not None and ex.reproduction.reproduced
    chats = srv.requests_to(CHAT)
    assert chats[1].body["messages"] == chats[0].body["messages"]  # the chain's own messages, replayed
    assert ex.stack is not None and (ex.stack.items, ex.stack.spans) == (10, 50)
    top_span, top_item = ex.top("span", 1)[0], ex.top("item", 1)[0]
    assert top_span.label == mission.planted and top_span.provenance["item"] == top_item.id
    assert top_item.answer_changed and mission.planted in next(
        d.page_content for d in out.documents if d.page_content.startswith(f"{mission.name} was"))
    # a probe without the planted chunk: the same messages, that chunk and its separator cut out
    without = next(r.body["messages"][1]["content"] for r in chats[3:]
                   if mission.planted not in r.body["messages"][1]["content"])
    assert "\n\n\n" not in without and without.startswith("Context:\n") and without.endswith(
        f"Question:\n{mission.question}\n")
    assert ex.cost.generator_calls <= 15
    assert out.trace.in_prompt == 10 and out.trace.not_in_prompt == []


def test_the_handler_explains_a_graph_cypher_qa_chains_own_call(kg: Neo4jStore, srv: OpenAITestServer,
                                                                rule: W.PlantedRule) -> None:
    """XgragCallbackHandler.for_chain(GraphCypherQAChain) attached to the user's call (issue 31, item 3): the rows
    that call passed to its QA step (read from its "Full Context:" text event) are the units, traced to the elements
    its query matched; the baseline is the answer the call returned, and the chain is not run again (one
    Cypher-generation request in all). With a drifting LLM the explanation is judged against the user's answer;
    explain_cypher_qa with `observed_answer` raises under "error", naming its own run's answer."""
    pytest.importorskip("langchain_neo4j")
    pytest.importorskip("langchain_openai")
    from xgrag.explain import ExplainSettings
    from xgrag.integrations.langchain import XgragCallbackHandler, explain_cypher_qa

    mission = ASKED[1]
    chain = _cypher_qa_chain(kg, srv, False)
    items = ExplainSettings(strategies=("item",))
    handler = XgragCallbackHandler.for_chain(chain, store=kg, settings=items, on_mismatch="error", raise_error=True)
    before = kg.checksum()
    srv.clear()
    answer = chain.invoke({"query": mission.question}, config={"callbacks": [handler]})["result"]
    ex = handler.last_explanation
    assert answer == mission.module and ex is not None and kg.checksum() == before
    assert ex.reproduction is not None and ex.reproduction.reproduced
    assert ex.reproduction.observed_answer == answer and ex.reproduction.rerun_answer is None
    assert ex.stack is not None and ex.stack.component == "GraphCypherQAChain" and ex.stack.cypher == mission.cypher()
    top = ex.top("item", 1)[0]
    assert top.label.endswith(mission.row_dict) and top.answer_changed
    assert _fact_id(kg, mission, "HAD_LUNAR_MODULE") in top.provenance["relationship_ids"]
    chats = srv.requests_to(CHAT)
    assert sum("Generate Cypher statement" in r.body["messages"][-1]["content"] for r in chats) == 1

    warn = XgragCallbackHandler.for_chain(chain, store=kg, settings=items)
    rule.answers = 0
    rule.drift = lambda n: None if n == 1 else "Buzz Aldrin"
    with pytest.warns(NotReproducedWarning, match=mission.module):
        assert chain.invoke({"query": mission.question}, config={"callbacks": [warn]})["result"] == mission.module
    drifted = warn.last_explanation
    assert drifted is not None and drifted.reproduction is not None and not drifted.reproduction.reproduced
    assert (drifted.reproduction.observed_answer, drifted.reproduction.replayed_answer) == (mission.module,
                                                                                            "Buzz Aldrin")
    rule.drift = lambda n: "Buzz Aldrin"  # the user saw the planted module; the LLM has drifted since
    with pytest.raises(NotReproducedError) as err:
        explain_cypher_qa(chain, mission.question, store=kg, observed_answer=mission.module, on_mismatch="error",
                          settings=items)
    assert err.value.reproduction["observed_answer"] == mission.module
    assert err.value.reproduction["rerun_answer"] == "Buzz Aldrin"
