"""The LangChain handler's capture logic, driven by real LangChain runnables and fake models (no sockets).

The Explainer is the real one with the unit-test doubles (rule generator, hash embedder); what is checked here is
which context and answer reach it. The same paths over real Neo4j and HTTP: tests/integration/
test_langchain_integration.py.
"""

from __future__ import annotations

import uuid

import pytest

pytest.importorskip("langchain_core")

from langchain_core.callbacks import CallbackManagerForRetrieverRun  # noqa: E402
from langchain_core.documents import Document  # noqa: E402
from langchain_core.language_models.fake_chat_models import FakeListChatModel  # noqa: E402
from langchain_core.messages import AIMessage, HumanMessage  # noqa: E402
from langchain_core.output_parsers import StrOutputParser  # noqa: E402
from langchain_core.prompts import ChatPromptTemplate  # noqa: E402
from langchain_core.retrievers import BaseRetriever  # noqa: E402
from langchain_core.runnables import RunnableLambda, RunnablePassthrough  # noqa: E402

from fakes import FixedRetriever, HashEmbedder, RuleGenerator  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.integrations.langchain import (  # noqa: E402
    XgragCallbackHandler,
    _literal_rows,
    answer_text,
    documents_from_subgraph,
    format_documents,
    question_text,
    row_values,
    subgraph_from_documents,
    subgraph_from_rows,
    with_explanation,
)
from xgrag.model import Node, Relationship, Subgraph  # noqa: E402
from xgrag.model.trace import (  # noqa: E402
    LangChainRunStep,
    QuestionEntity,  # noqa: E402
    XgragDocumentsMap,
)
from xgrag.retrieval.linking import LinkedEntity  # noqa: E402

Q = "who directed Out to Sea"
PROMPT = ChatPromptTemplate.from_template("Facts:\n{context}\nQuestion: {question}")


def movie_graph() -> Subgraph:
    sub = Subgraph(seeds=["m"])
    for nid, name, typ in [("m", "Out to Sea", "Movie"), ("d", "Martha Coolidge", "Person"),
                           ("a", "Jack Lemmon", "Person"), ("y", "1997", "Year"),
                           ("w", "Robert Nelson Jacobs", "Person")]:
        sub.add_node(Node(nid, name, typ))
    for rid, s, lab, t in [("r1", "m", "directed_by", "d"), ("r2", "m", "starred_actors", "a"),
                           ("r3", "m", "release_year", "y"), ("r4", "m", "written_by", "w")]:
        sub.add_relationship(Relationship(rid, s, t, lab, provenance={"doc_id": "kb", "line": int(rid[1])}))
    return sub


class StaticRetriever(BaseRetriever):
    docs: list[Document]

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        return list(self.docs)


def explainer() -> Explainer:
    # the retriever's own subgraph is empty: a handler must explain over the captured context, never re-retrieve
    return Explainer(FixedRetriever(Subgraph()), RuleGenerator("directed by"), HashEmbedder(),
                     ExplainSettings(strategies=("edge",)))


def chain(docs: list[Document], replies: list[str]):
    return ({"context": StaticRetriever(docs=docs) | format_documents, "question": RunnablePassthrough()}
            | PROMPT | FakeListChatModel(responses=replies) | StrOutputParser())


def test_documents_round_trip_to_the_subgraph() -> None:
    sub = movie_graph()
    docs = documents_from_subgraph(sub)
    assert [d.page_content for d in docs] == ["Out to Sea directed by Martha Coolidge", "Out to Sea release year 1997",
                                              "Out to Sea starred actors Jack Lemmon",
                                              "Out to Sea written by Robert Nelson Jacobs"]
    assert docs[0].metadata["relationship_id"] == "r1" and docs[0].metadata["document"] == "kb"
    back = subgraph_from_documents([*docs, Document(page_content="unrelated text chunk")])
    assert back.triples() == sub.triples() and back.seeds == ["m"]
    assert {r.id: r.provenance for r in back.relationships.values()} == \
        {r.id: r.provenance for r in sub.relationships.values()}


def test_row_values_and_literal_rows() -> None:
    rows = [{"spouse": "Pierre Curie", "n": {"id": "Sorbonne", "founded": 1257, "ok": True}, "x": None,
             "names": ["a", "a", " b "]}, {"spouse": "Pierre Curie", "long": "z" * 500}]
    assert row_values(rows) == ["Pierre Curie", "Sorbonne", "1257", "a", "b"]
    assert _literal_rows("[{'spouse': 'Pierre Curie'}, {'n': 3}]") == [{"spouse": "Pierre Curie"}, {"n": 3}]
    assert _literal_rows("[{'d': neo4j.time.Date(2020, 1, 1)}]") is None
    assert _literal_rows("__import__('os').system('true')") is None  # literals only, never evaluated


def test_answer_and_question_text() -> None:
    assert answer_text("x") == "x" and answer_text(AIMessage(content="y")) == "y"
    assert answer_text({"query": "q", "result": "r", "intermediate_steps": []}) == "r"
    assert answer_text({"messages": [HumanMessage(content="q"), AIMessage(content="a")]}) == "a"
    assert answer_text({"foo": 1}) is None
    assert question_text({"query": "q"}) == "q" and question_text("q") == "q"
    assert question_text({"messages": [("user", "q?")]}) == "q?"


def test_inline_handler_explains_the_captured_documents() -> None:
    docs = documents_from_subgraph(movie_graph())
    handler = XgragCallbackHandler(explainer())
    answer = chain(docs, ["Martha Coolidge directed it."]).invoke(Q, config={"callbacks": [handler]})
    run_id = handler.last_run_id
    ex = handler.explanations[run_id]
    assert answer == "Martha Coolidge directed it." == ex.observed_answer
    assert ex.question == Q and ex.answer == "Martha Coolidge."  # a0 from the explainer's own generator
    assert {c.id for c in ex.components} == {"r1", "r2", "r3", "r4"}
    assert ex.top("edge", 1)[0].id == "r1"
    assert isinstance(ex.trace[0], XgragDocumentsMap) and ex.trace[0].documents == 4
    cap = handler.captures[run_id]
    assert cap.retriever_queries == [Q] and len(cap.documents) == 4 and cap.seconds is not None


def test_runs_without_graph_context_are_skipped_with_a_reason() -> None:
    handler = XgragCallbackHandler(explainer())
    chain([Document(page_content="a text chunk")], ["no idea"]).invoke(Q, config={"callbacks": [handler]})
    assert not handler.explanations
    assert "no graph context was captured" in handler.skipped[handler.last_run_id]
    assert "1 other documents" in handler.skipped[handler.last_run_id]


def test_batch_runs_are_kept_apart() -> None:
    g1 = movie_graph()
    g2 = Subgraph(nodes={"x": Node("x", "Alien"), "y": Node("y", "Ridley Scott")},
                  relationships={"q1": Relationship("q1", "x", "y", "directed_by")}, seeds=["x"])

    def pick(question: str) -> list[Document]:
        return documents_from_subgraph(g1 if "Out to Sea" in question else g2)

    handler = XgragCallbackHandler(explainer())
    # a retriever invoked inside a lambda inherits the run's callbacks (LangChain's child config)
    c = {"context": RunnableLambda(lambda q: StaticRetriever(docs=pick(q)).invoke(q)) | format_documents,
         "question": RunnablePassthrough()} | PROMPT | FakeListChatModel(responses=["ok"]) | StrOutputParser()
    c.batch([Q, "who directed Alien"], config={"callbacks": [handler]})
    by_question = {ex.question: ex for ex in handler.explanations.values()}
    assert set(by_question) == {Q, "who directed Alien"}
    assert {c.id for c in by_question[Q].components} == {"r1", "r2", "r3", "r4"}
    assert {c.id for c in by_question["who directed Alien"].components} == {"q1"}


def test_queued_handler_and_with_explanation() -> None:
    handler = XgragCallbackHandler(explainer(), mode="queued")
    run_id = uuid.uuid4()
    chain(documents_from_subgraph(movie_graph()), ["x"]).invoke(Q, config={"callbacks": [handler],
                                                                           "run_id": run_id})
    assert run_id in handler.futures and handler.wait(30)
    assert handler.result(str(run_id)) is handler.explanations[run_id] is handler.last_explanation
    out = with_explanation(chain(documents_from_subgraph(movie_graph()), ["y"]), handler, timeout=30).invoke(Q)
    assert out["answer"] == "y" and out["explanation"].observed_answer == "y"
    assert handler.explanations[uuid.UUID(out["run_id"])] is out["explanation"]
    handler.close()


def test_handler_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="mode must be"):
        XgragCallbackHandler(explainer(), mode="later")
    with pytest.raises(ValueError, match="apply='memory'"):
        XgragCallbackHandler(explainer(), settings=ExplainSettings(apply="cypher"))
    with pytest.raises(ValueError, match="apply='cypher' re-runs xgrag's retrieval"):
        explainer().explain(Q, subgraph=movie_graph(), settings=ExplainSettings(apply="cypher"))


class RowRetriever:
    """What subgraph_from_rows asks of xgrag's Retriever, over a fixed two-fact graph."""

    def __init__(self) -> None:
        self.m, self.p = Node("m", "Marie Curie", "Person"), Node("p", "Pierre Curie", "Person")
        self.calls: list[tuple] = []

    def entities_by_name(self, names):
        self.calls.append(("names", list(names)))
        return [(n, node) for n in names for node in (self.m, self.p) if node.name == n]

    def link(self, question):
        return [LinkedEntity(self.m, "exact", 1.0, "marie curie")] if "Marie Curie" in question else []

    def paths(self, seeds, hops=None, pairs=None):
        self.calls.append(("paths", list(seeds), list(pairs)))
        return Subgraph(nodes={"m": self.m, "p": self.p},
                        relationships={"r": Relationship("r", "m", "p", "MARRIED")}, seeds=list(seeds), mode="paths",
                        paths=[["r"]])

    def khop(self, seeds, hops):
        self.calls.append(("khop", list(seeds), hops))
        return Subgraph(nodes={s: (self.m if s == "m" else self.p) for s in seeds}, seeds=list(seeds))


def test_rows_map_to_entities_by_exact_name() -> None:
    r = RowRetriever()
    sub, step = subgraph_from_rows(r, "Who did Marie Curie marry?", [{"spouse": "Pierre Curie", "since": 1895}],
                                   cypher="MATCH ...")
    assert r.calls[0] == ("names", ["Pierre Curie", "1895"])
    assert r.calls[1] == ("paths", ["m", "p"], [("m", "p")])
    assert step.matched == {"Pierre Curie": ["p"]} and step.unmatched == ["1895"]
    assert step.question_entities == [QuestionEntity(id="m", name="Marie Curie", method="exact")]
    assert "shortest paths" in step.method and sub.triples() == [("Marie Curie", "MARRIED", "Pierre Curie")]
    # no question entity: k-hop around the matched ones, said so
    sub2, step2 = subgraph_from_rows(RowRetriever(), "Who was married?", [{"spouse": "Pierre Curie"}])
    assert sub2.fallback.startswith("no question entity") and "1-hop" in step2.method


def test_tool_artifacts_and_retriever_tools_are_captured() -> None:
    from langchain_core.tools import tool

    @tool(response_format="content_and_artifact")
    def graph_facts(question: str) -> tuple[str, list[Document]]:
        """Facts of the knowledge graph about the question."""
        docs = documents_from_subgraph(movie_graph())
        return format_documents(docs), docs

    def agent_step(question: str) -> str:  # what an agent does with a tool call
        message = graph_facts.invoke({"name": "graph_facts", "args": {"question": question}, "id": "call-1",
                                      "type": "tool_call"})
        return f"Facts:\n{message.content}\nQuestion: {question}"

    handler = XgragCallbackHandler(explainer())
    out = (RunnableLambda(agent_step) | FakeListChatModel(responses=["Martha Coolidge."]) | StrOutputParser()).invoke(
        Q, config={"callbacks": [handler]})
    cap = handler.captures[handler.last_run_id]
    assert len(cap.documents) == 4 and "tool_end:4 xgrag documents" in cap.events
    ex = handler.last_explanation
    assert ex.observed_answer == out and {c.id for c in ex.components} == {"r1", "r2", "r3", "r4"}


class SlowRule(RuleGenerator):
    """The rule generator taking 30 ms per call (in a worker thread, like a blocking client)."""

    def generate(self, prompt, system=None, *, question=None, facts=()):
        import time

        time.sleep(0.03)
        return super().generate(prompt, system, question=question, facts=facts)


def _ticks_during(handler_cls) -> tuple[int, object]:
    """ainvoke a chain with an inline handler while a 5 ms ticker runs on the same loop: how often it ticked."""
    import asyncio

    handler = handler_cls(Explainer(FixedRetriever(Subgraph()), SlowRule("directed by"), HashEmbedder(),
                                    ExplainSettings(strategies=("edge",), concurrency=1)))
    c = chain(documents_from_subgraph(movie_graph()), ["Martha Coolidge."])

    async def main() -> int:
        ticks = 0
        done = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not done.is_set():
                await asyncio.sleep(0.005)
                ticks += 1

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0.02)
        before = ticks
        await c.ainvoke(Q, config={"callbacks": [handler]})
        assert handler.last_explanation is not None  # inline: explained before ainvoke returned
        done.set()
        await task
        return ticks - before

    return asyncio.run(main()), handler


def test_async_handler_does_not_block_the_event_loop() -> None:
    from xgrag.integrations.langchain import AsyncXgragCallbackHandler

    # 2 baselines + 4 removals (+ redundancy checks) at 30 ms each: >= 180 ms of generation
    blocked, sync_handler = _ticks_during(XgragCallbackHandler)
    free, async_handler = _ticks_during(AsyncXgragCallbackHandler)
    assert sync_handler.last_explanation.cost.generator_calls >= 6
    assert free >= 10 and free > 3 * blocked, (free, blocked)
    assert [c.id for c in async_handler.last_explanation.top("edge", 4)] == \
        [c.id for c in sync_handler.last_explanation.top("edge", 4)]
    run = async_handler.last_explanation.trace[1]
    assert isinstance(run, LangChainRunStep) and run.handler == "AsyncXgragCallbackHandler"


def test_async_handler_queued_runs_on_the_callers_loop() -> None:
    import asyncio

    from xgrag.integrations.langchain import AsyncXgragCallbackHandler

    handler = AsyncXgragCallbackHandler(explainer(), mode="queued")
    c = chain(documents_from_subgraph(movie_graph()), ["Martha Coolidge."])

    async def main():
        run_id = uuid.uuid4()
        out = await c.ainvoke(Q, config={"callbacks": [handler], "run_id": run_id})
        pending = not handler.futures[run_id].done()  # scheduled on this loop, not run yet
        ex = await handler.aresult(run_id, timeout=30)
        return out, pending, ex

    out, pending, ex = asyncio.run(main())
    assert pending and ex is not None and ex.observed_answer == out and handler.last_explanation is ex


def test_results_are_bounded() -> None:
    handler = XgragCallbackHandler(explainer(), max_kept=1)
    c = chain(documents_from_subgraph(movie_graph()), ["a", "b"])
    c.invoke(Q, config={"callbacks": [handler]})
    c.invoke(Q, config={"callbacks": [handler]})
    assert list(handler.captures) == list(handler.explanations) == [handler.last_run_id]
    assert handler.last_explanation.observed_answer == "b" and not handler._live and not handler._root_of
