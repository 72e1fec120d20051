"""GraphRAGReplay sends what GraphRAG.search sends: the real GraphRAG class and RagTemplate, with recording LLMs
(fakes of the model only: pure logic, no socket; the same over HTTP with OpenAILLM is in
tests/integration/test_stack_world.py). Message history, a custom template, the fallback and a legacy LLMInterface."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("neo4j_graphrag")

import neo4j  # noqa: E402
from neo4j_graphrag.generation import GraphRAG, RagTemplate  # noqa: E402
from neo4j_graphrag.llm import LLMInterface, LLMInterfaceV2  # noqa: E402
from neo4j_graphrag.llm.types import LLMResponse  # noqa: E402
from neo4j_graphrag.retrievers.base import Retriever  # noqa: E402
from neo4j_graphrag.types import RawSearchResult, RetrieverResult, RetrieverResultItem  # noqa: E402

from xgrag.integrations.neo4j_graphrag import FALLBACK_PROMPT, stack_call  # noqa: E402

Q = "What was the name of the Kestrel 3 lunar module?"
ITEMS = ["Kestrel 3 launched in 1963. The Kestrel 3 lunar module was named Plover.", "Kestrel 6 carried Beacon."]
HISTORY = [{"role": "user", "content": "Hello"}, {"role": "assistant", "content": "Hi."}]


class FixedRetriever(Retriever):
    VERIFY_NEO4J_VERSION = False  # no server: the driver below is never used

    def __init__(self, texts: list[str]) -> None:
        super().__init__(neo4j.GraphDatabase.driver("bolt://127.0.0.1:9"))
        self.texts = texts

    def get_search_results(self, *args: Any, **kwargs: Any) -> RawSearchResult:
        return RawSearchResult(records=[])

    def search(self, *args: Any, **kwargs: Any) -> RetrieverResult:
        return RetrieverResult(items=[RetrieverResultItem(content=t) for t in self.texts],
                               metadata={"__retriever": "FixedRetriever"})


class RecordingV2(LLMInterfaceV2):
    def __init__(self) -> None:
        super().__init__(model_name="recorder", model_params={"temperature": 0, "api_key": "secret"})
        self.calls: list[Any] = []

    def invoke(self, input: Any, *, response_format: Any = None, **kwargs: Any) -> LLMResponse:  # noqa: A002
        self.calls.append(input)
        return LLMResponse(content="Plover" if "Plover" in str(input) else "I don't know.")

    async def ainvoke(self, input: Any, *, response_format: Any = None, **kwargs: Any) -> LLMResponse:  # noqa: A002
        return self.invoke(input)


class RecordingV1(LLMInterface):
    def __init__(self) -> None:
        super().__init__(model_name="legacy")
        self.calls: list[dict[str, Any]] = []

    def invoke(self, input: Any, message_history: Any = None, system_instruction: Any = None) -> LLMResponse:  # noqa: A002
        self.calls.append({"input": input, "message_history": message_history,
                           "system_instruction": system_instruction})
        return LLMResponse(content="Plover" if "Plover" in str(input) else "I don't know.")

    async def ainvoke(self, input: Any, message_history: Any = None,  # noqa: A002
                      system_instruction: Any = None) -> LLMResponse:
        return self.invoke(input, message_history, system_instruction)


def test_the_replay_sends_exactly_what_the_search_sent() -> None:
    llm = RecordingV2()
    template = RagTemplate(template="Ctx:\n{context}\nEx: {examples}\nQ: {query_text}\nA:",
                           system_instructions="Be brief.")
    rag = GraphRAG(FixedRetriever(ITEMS), llm, prompt_template=template)
    result = rag.search(Q, message_history=HISTORY, examples="none", return_context=True)
    call, mapped = stack_call(rag, Q, result, examples="none", message_history=HISTORY)
    assert mapped is None and call.observed_answer == "Plover" and len(call.context.items) == 2
    searched = llm.calls[-1]
    replayed = call.generator.generate(call.render(()).prompt)
    assert llm.calls[-1] == searched and replayed.text == "Plover"  # the same messages: history, system, prompt
    assert [m["role"] for m in searched] == ["system", "user", "assistant", "user"]
    params = call.generator.params
    assert params["temperature"] == 0 and "api_key" not in params and "message_history" in params
    without = call.render({"1.2"}).prompt  # the planted sentence cut, the rest of its item kept
    assert "Kestrel 3 launched in 1963.\nKestrel 6 carried Beacon." in without
    assert call.generator.generate(without).text == "I don't know."


def test_with_a_fallback_and_no_item_left_the_replay_answers_it_without_the_model() -> None:
    llm = RecordingV2()
    rag = GraphRAG(FixedRetriever(ITEMS), llm)
    result = rag.search(Q, response_fallback="No context.", return_context=True)
    call, _ = stack_call(rag, Q, result, response_fallback="No context.")
    calls = len(llm.calls)
    ctx = call.render({"1", "2"})
    assert ctx.prompt == FALLBACK_PROMPT
    gen = call.generator.generate(ctx.prompt)
    assert gen.text == "No context." and gen.usage.calls == 0 and len(llm.calls) == calls
    assert call.render({"1"}).prompt != FALLBACK_PROMPT  # one item left: the model is asked


def test_a_legacy_llm_interface_gets_the_prompt_and_keywords_as_the_search_gave_them() -> None:
    llm = RecordingV1()
    rag = GraphRAG(FixedRetriever(ITEMS), llm)
    result = rag.search(Q, message_history=HISTORY, return_context=True)
    call, _ = stack_call(rag, Q, result, message_history=HISTORY)
    searched = llm.calls[-1]
    call.generator.generate(call.render(()).prompt)
    assert llm.calls[-1] == searched and searched["system_instruction"] == RagTemplate().system_instructions
