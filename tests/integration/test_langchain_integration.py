"""xgrag inside real LangChain runs: LCEL chains and GraphCypherQAChain, real embedded Neo4j, ChatOllama over real
HTTP against the Ollama-protocol test server.

What these tests prove is LangChain's side: the callbacks, the captured documents, rows and answers, inline, queued
and async explanations, every call going over the Ollama protocol. So a rule reader answers behind the server
(tests/support/readers.py: the fact sharing most words with the question, in microseconds) instead of SmolLM2,
which cost seconds a call here (the file took 133 s on the 2-core machine, most of it SmolLM2). SmolLM2 itself
behind ChatOllama: tests/integration/test_ollama_protocol.py (invoke and ainvoke) and
tests/integration/test_explain_graph.py::test_explanation_through_the_ollama_protocol (a whole explanation, spec
`langchain:ollama:smollm2`).

The one scripted step is GraphCypherQAChain's Cypher generation: the test server answers the model name
`cypher-writer` from a fixed mapping, over the same HTTP protocol.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("langchain_core", reason="langchain-core is in the [langchain] and [dev] extras")
pytest.importorskip("langchain_ollama", reason="langchain-ollama is in the [dev] extra")

from langchain_core.output_parsers import StrOutputParser  # noqa: E402
from langchain_core.prompts import ChatPromptTemplate  # noqa: E402
from langchain_core.runnables import RunnablePassthrough  # noqa: E402
from langchain_ollama import ChatOllama  # noqa: E402

from helpers import doc_block, mapped, neo4j_auth, write_langchain_graph  # noqa: E402
from support.ollama_server import OllamaTestServer  # noqa: E402
from support.readers import Gate, RuleReader  # noqa: E402
from xgrag.explain import ExplainSettings  # noqa: E402
from xgrag.integrations.langchain import (  # noqa: E402
    XgragCallbackHandler,
    XgragRetriever,
    format_documents,
    with_explanation,
)
from xgrag.model.trace import GraphCypherQAMap, LangChainRunStep, RetrieveStep, XgragDocumentsMap  # noqa: E402
from xgrag.retrieval import Retriever  # noqa: E402
from xgrag.store.ingest import ingest_triples  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

Q = "Who did Marie Curie marry?"
N = 24  # new tokens per generation (num_predict, sent by ChatOllama)
TSV = ("head\trelation\ttail\thead_type\ttail_type\tdoc_id\tchunk_id\tchunk_index\tsource\n"
       "Marie Curie\tmarried\tPierre Curie\tPerson\tPerson\tcurie\tcurie#c0\t0\tcurie.txt\n"
       "Marie Curie\twon\tNobel Prize in Physics\tPerson\tAward\tcurie\tcurie#c1\t1\tcurie.txt\n"
       "Marie Curie\tborn in\tWarsaw\tPerson\tCity\tcurie\tcurie#c2\t2\tcurie.txt\n"
       "Pierre Curie\tworked at\tSorbonne\tPerson\tOrganization\tcurie\tcurie#c3\t3\tcurie.txt\n")
CYPHER = "MATCH (m:Person {id: 'Marie Curie'})-[:MARRIED]->(s:Person) RETURN s.id AS spouse"
PROMPT = ChatPromptTemplate.from_template(
    "Facts:\n{context}\n\nQuestion: {question}\nAnswer in one short sentence from the facts.")
PAGE = "docs/integrations/langchain.md"  # the documented example test_readme_example_runs runs


@pytest.fixture(scope="module")
def ollama() -> Iterator[OllamaTestServer]:
    # `llama3.1:8b` is served too: the documented example names a real model and runs here unchanged.
    with OllamaTestServer(chat_models=("smollm2", "llama3.1:8b"), default_num_predict=N, generator_factory=RuleReader,
                          scripted={"cypher-writer": {f"The question is:\n{Q}": CYPHER}}) as server:
        yield server


@pytest.fixture
def curie(store: Neo4jStore, tmp_path: Path) -> Neo4jStore:
    f = tmp_path / "curie.tsv"
    f.write_text(TSV)
    ingest_triples(store, f)
    return store


def chat(server: OllamaTestServer, model: str = "smollm2") -> ChatOllama:
    return ChatOllama(base_url=server.url, model=model, temperature=0, seed=42, num_predict=N)


def lcel_chain(store: Neo4jStore, server: OllamaTestServer):
    retriever = XgragRetriever.from_store(store, hops=1)
    return ({"context": retriever | format_documents, "question": RunnablePassthrough()}
            | PROMPT | chat(server) | StrOutputParser())


def chats(server: OllamaTestServer) -> list:
    return server.requests_to("/api/chat")


def test_xgrag_retriever_documents(curie: Neo4jStore) -> None:
    docs = XgragRetriever.from_store(curie, hops=1).invoke(Q)
    sub = Retriever(curie).retrieve(Q, hops=1)
    assert [d.page_content for d in docs] == ["Marie Curie born in Warsaw", "Marie Curie married Pierre Curie",
                                              "Marie Curie won Nobel Prize in Physics"]
    assert [d.metadata["relationship_id"] for d in docs] == [r.id for r in sub.sorted_relationships()]
    married = docs[1].metadata
    assert married["relation"] == "married" and married["head"] == "Marie Curie" and married["tail"] == "Pierre Curie"
    assert {married["head_id"], married["tail_id"]} <= set(sub.nodes)
    assert married["document"] == "curie" and married["chunk"] == "curie#c0" and married["source"] == "curie.txt"
    assert married["provenance"]["chunk_index"] == 0 and married["head_type"] == "Person"
    paths = XgragRetriever.from_store(curie, mode="paths").invoke("How is Marie Curie connected to the Sorbonne?")
    assert [d.page_content for d in paths] == ["Marie Curie married Pierre Curie", "Pierre Curie worked at Sorbonne"]
    assert paths[0].metadata["retrieval_mode"] == "paths"


@pytest.mark.llm
def test_lcel_chain_inline_explanation(curie: Neo4jStore, ollama: OllamaTestServer) -> None:
    chain = lcel_chain(curie, ollama)
    handler = XgragCallbackHandler.for_store(curie, chat(ollama), settings=ExplainSettings(strategies=("edge",)))
    before = curie.checksum()
    ollama.clear()
    answer = chain.invoke(Q, config={"callbacks": [handler]})
    run_id = handler.last_run_id
    ex = handler.explanations[run_id]  # inline: there before invoke returned
    assert handler.last_explanation is ex and not handler.futures and not handler.errors
    retrieved = Retriever(curie).retrieve(Q, hops=1)
    edges = [c for c in ex.components if c.strategy == "edge"]
    assert {c.id for c in edges} == set(retrieved.relationships)  # the retrieved relationship ids are scored
    assert all(c.importance is not None and c.evaluated in ("measured", "conditional") for c in edges)
    assert ex.question == Q and ex.observed_answer == answer and ex.observed_answer_similarity is not None
    assert isinstance(ex.trace[0], XgragDocumentsMap) and ex.trace[0].documents == 3
    assert isinstance(ex.trace[1], LangChainRunStep) and ex.trace[1].run_id == str(run_id)
    assert isinstance(ex.trace[2], RetrieveStep)
    assert ex.trace[2].source == "supplied" and ex.trace[2].relationships == 3
    married = next(c for c in edges if "married" in c.label)
    assert married.provenance["chunk_id"] == "curie#c0"
    # every generation went over HTTP to the test server: the chain's one, then the explainer's
    sent = chats(ollama)
    assert len(sent) == 1 + ex.cost.generator_calls and all(r.status == 200 and not r.scripted for r in sent)
    assert "Marie Curie married Pierre Curie" in sent[0].body["messages"][-1]["content"]
    assert ex.generator == "langchain:ChatOllama:smollm2"
    assert curie.checksum() == before  # explaining never writes
    assert handler.captures[run_id].retriever_queries == [Q]


@pytest.mark.llm
def test_queued_explanation_leaves_chain_latency_alone(curie: Neo4jStore, ollama: OllamaTestServer,
                                                       capsys: pytest.CaptureFixture) -> None:
    chain = lcel_chain(curie, ollama)
    chain.invoke(Q)  # warm: the first request of the module starts the server's handler threads and the client
    before = curie.checksum()
    t0 = time.perf_counter()
    plain = chain.invoke(Q)
    t_plain = time.perf_counter() - t0

    # The explainer's chat model talks to a server of its own whose calls wait at a gate while it is closed: the
    # queued explanation is then still running when the chain returns by construction (it was a SmolLM2 run slow
    # enough to be). One chat model for both handlers and both explanations: its async client must survive from
    # one explanation to the next (it did not when each explanation ran on its own event loop).
    gate = Gate()
    with OllamaTestServer(chat_models=("smollm2",), default_num_predict=N, generator_factory=gate.reader) as held:
        explainer_llm = chat(held)
        inline = XgragCallbackHandler.for_store(curie, explainer_llm, settings=ExplainSettings(strategies=("edge",)))
        t0 = time.perf_counter()
        chain.invoke(Q, config={"callbacks": [inline]})
        t_inline = time.perf_counter() - t0
        explained_on_return = inline.last_explanation is not None

        queued = XgragCallbackHandler.for_store(curie, explainer_llm, mode="queued",
            settings=ExplainSettings(strategies=("edge",)))
        run_id = uuid.uuid4()
        gate.close()
        try:
            t0 = time.perf_counter()
            answer = chain.invoke(Q, config={"callbacks": [queued], "run_id": run_id})
            t_queued = time.perf_counter() - t0
            assert run_id in queued.futures
            # the chain returned while its explanation's first generator call waits at the gate: an order of
            # events, not a comparison of durations, so a loaded machine cannot make it fail
            deadline = time.monotonic() + 600
            while gate.held == 0 and not queued.futures[run_id].done() and time.monotonic() < deadline:
                time.sleep(0.01)  # polls an observable state (a call held), never a guessed time
            assert gate.held >= 1 and not queued.futures[run_id].done()
        finally:
            gate.open()
        assert queued.wait(timeout=600)
        explainer_calls = held.requests_to("/api/chat")
    ex = queued.result(run_id)
    queued.close()
    assert answer == plain and ex is not None and queued.last_explanation is ex and ex.observed_answer == answer
    run = ex.trace[1]
    assert isinstance(run, LangChainRunStep)
    assert run == LangChainRunStep(run_id=str(run_id), mode="queued", handler="XgragCallbackHandler",
                                   run_seconds=run.run_seconds)
    ex_inline = inline.last_explanation
    # both explanations asked the gated server, every call of each: nothing was answered around the gate
    assert len(explainer_calls) == ex_inline.cost.generator_calls + ex.cost.generator_calls
    assert [(c.id, c.counterfactual_answer) for c in ex.components] == \
        [(c.id, c.counterfactual_answer) for c in ex_inline.components]  # temperature 0: same explanation
    # inline: the run returns after its explanation (done when invoke returned, and the run took at least as long)
    assert explained_on_return and t_inline > ex_inline.cost.seconds
    assert curie.checksum() == before
    with capsys.disabled():
        print(f"\n[latency] chain alone {t_plain:.2f}s, with inline handler {t_inline:.2f}s "
              f"(explanation {ex_inline.cost.seconds:.2f}s, {ex_inline.cost.generator_calls} calls), "
              f"with queued handler {t_queued:.2f}s")


@pytest.mark.llm
def test_save_and_with_explanation(curie: Neo4jStore, ollama: OllamaTestServer) -> None:
    handler = XgragCallbackHandler.for_store(curie, chat(ollama), save=True,
        settings=ExplainSettings(strategies=("edge",)))
    before = curie.checksum()
    out = with_explanation(lcel_chain(curie, ollama), handler).invoke(Q)
    ex = out["explanation"]
    assert set(out) == {"answer", "explanation", "run_id"} and out["answer"] == ex.observed_answer
    assert handler.explanations[uuid.UUID(out["run_id"])] is ex
    after = curie.checksum()
    assert after != before  # save=True is the one write
    row = curie.query("MATCH (x:XgragExplanation {id: $id}) OPTIONAL MATCH (x)-[:XGRAG_HAS_COMPONENT]->(k) "
                      "RETURN x.question AS q, x.answer AS a, count(k) AS components", {"id": ex.id})[0]
    assert row == {"q": Q, "a": ex.answer, "components": 3}
    assert after["nodes"] == before["nodes"] + 1 + 3


@pytest.mark.llm
def test_async_chain_with_the_async_handler(curie: Neo4jStore, ollama: OllamaTestServer) -> None:
    """ainvoke + AsyncXgragCallbackHandler inline: the explainer's ChatOllama calls are awaited on the app's loop."""
    import asyncio

    from xgrag.integrations.langchain import AsyncXgragCallbackHandler

    handler = AsyncXgragCallbackHandler.for_store(curie, chat(ollama), settings=ExplainSettings(strategies=("edge",)))
    ollama.clear()
    out = asyncio.run(with_explanation(lcel_chain(curie, ollama), handler).ainvoke(Q))
    ex = out["explanation"]
    assert ex is not None and ex.observed_answer == out["answer"] and not handler.futures
    assert isinstance(ex.trace[1], LangChainRunStep) and ex.trace[1].handler == "AsyncXgragCallbackHandler"
    assert {c.id for c in ex.components} == set(Retriever(curie).retrieve(Q, hops=1).relationships)
    assert len(chats(ollama)) == 1 + ex.cost.generator_calls


@pytest.mark.llm
def test_graph_cypher_qa_chain_existing_stack(store: Neo4jStore, ollama: OllamaTestServer) -> None:
    pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [dev] extra")
    from langchain_neo4j import GraphCypherQAChain, Neo4jGraph

    write_langchain_graph(store)
    view = mapped(store, "langchain")  # xgrag reads LangChain's layout (adds only its own indexes)
    graph = Neo4jGraph(url=store.uri, **neo4j_auth(store), database=store.database)
    chain = GraphCypherQAChain.from_llm(cypher_llm=chat(ollama, "cypher-writer"), qa_llm=chat(ollama), graph=graph,
                                        return_intermediate_steps=True, allow_dangerous_requests=True)
    handler = XgragCallbackHandler.for_store(view, chat(ollama), settings=ExplainSettings(strategies=("edge", "node")))
    before = store.checksum()
    ollama.clear()
    try:
        out = chain.invoke({"query": Q}, config={"callbacks": [handler]})
    finally:
        graph.close()
    assert out["intermediate_steps"][1]["context"] == [{"spouse": "Pierre Curie"}]
    run_id = handler.last_run_id
    cap = handler.captures[run_id]
    assert cap.cypher_rows == [{"spouse": "Pierre Curie"}] and cap.cypher_rows_source == "intermediate_steps"
    assert cap.cypher_query == CYPHER and cap.question == Q and cap.answer == out["result"]
    ex = handler.explanations[run_id]
    # the rows were mapped onto the right entities and the fact that links them to the question
    mapping = ex.trace[0]
    assert isinstance(mapping, GraphCypherQAMap) and mapping.cypher == CYPHER
    assert list(mapping.matched) == ["Pierre Curie"] and mapping.unmatched == []
    assert [e.name for e in mapping.question_entities] == ["Marie Curie"]
    assert sorted(n.name for n in ex.subgraph.nodes) == ["Marie Curie", "Pierre Curie"]
    edge = next(c for c in ex.components if c.strategy == "edge")
    assert edge.label == "Marie Curie -MARRIED-> Pierre Curie" and edge.importance is not None
    # provenance from LangChain's MENTIONS structure: inferred (documents mentioning both ends), marked as such
    assert edge.provenance["inferred"] and edge.provenance["documents"][0]["source"] == "curie.txt"
    assert sorted(c.label for c in ex.components if c.strategy == "node") == ["Marie Curie", "Pierre Curie"]
    assert ex.observed_answer == out["result"]
    # one scripted request (the Cypher step); the QA step and the explainer ran the reader, all over HTTP
    sent = chats(ollama)
    assert [r.body["model"] for r in sent if r.scripted] == ["cypher-writer"]
    assert len([r for r in sent if not r.scripted]) == 1 + ex.cost.generator_calls
    assert all(r.status == 200 for r in sent)
    assert store.checksum() == before


@pytest.mark.llm
def test_graph_cypher_rows_without_intermediate_steps(store: Neo4jStore, ollama: OllamaTestServer) -> None:
    """Without return_intermediate_steps the rows are read from the chain's "Full Context:" text event."""
    pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [dev] extra")
    from langchain_neo4j import GraphCypherQAChain, Neo4jGraph

    write_langchain_graph(store)
    view = mapped(store, "langchain")
    graph = Neo4jGraph(url=store.uri, **neo4j_auth(store), database=store.database)
    chain = GraphCypherQAChain.from_llm(cypher_llm=chat(ollama, "cypher-writer"), qa_llm=chat(ollama), graph=graph,
                                        allow_dangerous_requests=True)
    handler = XgragCallbackHandler.for_store(view, "extractive", settings=ExplainSettings(strategies=("edge",)))
    try:
        out = chain.invoke({"query": Q}, config={"callbacks": [handler]})
    finally:
        graph.close()
    cap = handler.captures[handler.last_run_id]
    assert cap.cypher_rows == [{"spouse": "Pierre Curie"}] and cap.cypher_rows_source == "chain_text"
    assert cap.cypher_query == CYPHER
    ex = handler.last_explanation
    assert ex.answer == "Pierre Curie." and ex.observed_answer == out["result"]
    assert ex.top("edge", 1)[0].label == "Marie Curie -MARRIED-> Pierre Curie"


@pytest.mark.llm
def test_readme_example_runs(curie: Neo4jStore, ollama: OllamaTestServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/integrations/langchain.md's block, run as written (NEO4J_URI and OLLAMA_HOST point at the tests')."""
    code = doc_block(PAGE, "Use with LangChain", "python")
    assert len([line for line in code.splitlines() if line.strip()]) <= 16
    monkeypatch.setenv("NEO4J_URI", curie.uri)
    user, password = curie.credentials()
    monkeypatch.setenv("NEO4J_USER", user)
    monkeypatch.setenv("NEO4J_PASSWORD", password or "")
    monkeypatch.setenv("OLLAMA_HOST", ollama.url)
    monkeypatch.delenv("XGRAG_CONFIG", raising=False)
    monkeypatch.delenv("XGRAG_SCHEMA_PRESET", raising=False)
    before = curie.checksum()
    ollama.clear()
    namespace: dict = {}
    exec(compile(code, PAGE, "exec"), namespace)  # noqa: S102 - the documented example itself
    try:
        ex = namespace["handler"].last_explanation
        assert ex is not None and ex.question == "Who did Marie Curie marry?"
        assert ex.observed_answer == namespace["answer"]
        assert any(c.label == "Marie Curie -married-> Pierre Curie" for c in ex.components)
        assert {r.body["model"] for r in chats(ollama)} == {"llama3.1:8b"}
    finally:
        namespace["store"].close()
    assert curie.checksum() == before


def test_scripted_model_speaks_the_protocol(ollama: OllamaTestServer) -> None:
    """The scripted Cypher writer: a fixed reply over real HTTP, streamed or not; no match is an HTTP 500."""
    import ollama as ollama_client

    client = ollama_client.Client(host=ollama.url)
    whole = client.generate(model="cypher-writer", prompt=f"The question is:\n{Q}", stream=False)
    parts = list(client.chat(model="cypher-writer", messages=[{"role": "user", "content": f"The question is:\n{Q}"}],
                             stream=True))
    assert whole.response == CYPHER == "".join(p.message.content for p in parts)
    with pytest.raises(ollama_client.ResponseError, match="has no reply for this prompt"):
        client.chat(model="cypher-writer", messages=[{"role": "user", "content": "something else"}])
    assert [r.scripted for r in ollama.requests_to("/api/chat")[-2:]] == [True, True]
    assert ollama.requests_to("/api/chat")[-1].status == 500
    assert {m.model for m in client.list().models} >= {"cypher-writer:latest", "smollm2:latest"}
