"""SynthesizerReplay and engine_call on LlamaIndex's own objects without a graph: a RetrieverQueryEngine over fixed
nodes (a BaseRetriever returning them), its default compact synthesizer and a CustomLLM that answers from the
prompt it is given (what the engine's LLM sees is what the replay sends)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("llama_index.core", reason="llama-index-core is in the [dev] extra")

from llama_index.core.base.base_retriever import BaseRetriever  # noqa: E402
from llama_index.core.llms import CompletionResponse, CustomLLM, LLMMetadata  # noqa: E402
from llama_index.core.llms.callbacks import llm_completion_callback  # noqa: E402
from llama_index.core.query_engine import RetrieverQueryEngine  # noqa: E402
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode  # noqa: E402

from fakes import HashEmbedder  # noqa: E402
from xgrag.generate.base import NO_ANSWER, abstains  # noqa: E402
from xgrag.integrations.llamaindex import SynthesizerReplay, engine_call, explain_engine_response  # noqa: E402

Q = "What was the name of the Kestrel 3 lunar module?"
PLANTED = "The Kestrel 3 lunar module was named Plover."


class PromptReader(CustomLLM):
    """Answers "Plover" when the planted sentence is in the prompt, else "I don't know."; records every prompt."""

    prompts: list[str] = []

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="prompt-reader", is_chat_model=False)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self.prompts.append(prompt)
        return CompletionResponse(text="Plover" if PLANTED in prompt else "I don't know.")

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError


class Fixed(BaseRetriever):
    def __init__(self, nodes: list[NodeWithScore]) -> None:
        super().__init__()
        self.nodes = nodes

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return list(self.nodes)


def _engine(llm: PromptReader) -> Any:
    nodes = [NodeWithScore(node=TextNode(text="Kestrel 3 launched from Mesa Grey. " + PLANTED, id_="c3",
                                         metadata={"file_name": "missions.txt"}), score=0.9),
             NodeWithScore(node=TextNode(text="Kestrel 4 launched from Cape North.", id_="c4"), score=0.5)]
    return RetrieverQueryEngine.from_args(Fixed(nodes), llm=llm)


def test_the_baseline_is_the_engines_prompt_and_a_cut_span_leaves_it() -> None:
    llm = PromptReader(prompts=[])
    engine = _engine(llm)
    response = engine.query(Q)
    assert response.response == "Plover"
    call = engine_call(engine, Q, response)
    assert [u.id for u in call.context.units] == ["1", "1.1", "1.2", "1.3", "2"]  # metadata line, 2 sentences
    assert call.generator.name == "llamaindex:PromptReader:prompt-reader"
    replay = call.generator
    assert isinstance(replay, SynthesizerReplay)
    baseline = call.render(())
    assert replay.generate(baseline.prompt).text == "Plover"
    assert llm.prompts[-1] == llm.prompts[0]  # the replayed prompt is the engine's own, byte for byte
    planted_span = next(u.id for u in call.context.units if u.text == PLANTED)
    assert replay.generate(call.render([planted_span]).prompt).text == "I don't know."
    assert PLANTED not in llm.prompts[-1] and "Kestrel 3 launched from Mesa Grey." in llm.prompts[-1]
    assert "file_name: missions.txt" in llm.prompts[-1]  # the kept metadata line stays where the prompt had it
    assert replay.generate(call.render(["1"]).prompt).text == "I don't know."
    assert "Mesa Grey" not in llm.prompts[-1] and "Kestrel 4 launched from Cape North." in llm.prompts[-1]
    # the model's parameters and the engine's templates key the cache, never a prompt that was not prepared
    assert replay.params["synthesizer"] == "CompactAndRefine" and len(replay.params["templates"]) == 16
    with pytest.raises(Exception, match="no nodes were prepared"):
        replay.generate("a prompt nobody prepared")


class SilentReader(PromptReader):
    """Answers "Plover" from the planted sentence and nothing at all without it (the synthesizer then answers its
    "Empty Response")."""

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self.prompts.append(prompt)
        return CompletionResponse(text="Plover" if PLANTED in prompt else "")


def test_the_synthesizers_empty_response_is_no_answer_not_an_answer_text() -> None:
    """Issue 30: LlamaIndex's "Empty Response" (its LLM returned nothing, or no node was left) appeared as a
    counterfactual answer of its own. It is read as xgrag's one abstention (generate.base.NO_ANSWER), as an LLM's
    "I don't know." is."""
    llm = SilentReader(prompts=[])
    engine = _engine(llm)
    response = engine.query(Q)
    call = engine_call(engine, Q, response)
    replay = call.generator
    assert isinstance(replay, SynthesizerReplay)
    # the engine's own synthesizer says "Empty Response" for both: its LLM said nothing, and no node at all
    assert engine.synthesize(QueryBundle(Q), [response.source_nodes[1]]).response == "Empty Response"
    assert engine.synthesize(QueryBundle(Q), []).response == "Empty Response"
    without_planted = replay.generate(call.render(["1"]).prompt).text
    without_any = replay.generate(call.render(["1", "2"]).prompt).text
    assert without_planted == without_any == NO_ANSWER and abstains(without_planted)
    ex = explain_engine_response(engine, Q, response, embedder=HashEmbedder()).explanation
    assert ex is not None
    answers = {c.counterfactual_answer for c in ex.components if c.counterfactual_answer is not None}
    assert "Empty Response" not in answers and NO_ANSWER in answers
    top = ex.top("span", 1)[0]
    assert top.label == PLANTED and top.counterfactual_answer == NO_ANSWER and top.answer_changed


def test_an_engine_that_answered_empty_response_answered_nothing() -> None:
    """The engine's own answer is read as the replays are: its "Empty Response" is the abstention, which the replayed
    baseline reproduces."""
    llm = SilentReader(prompts=[])
    nodes = [NodeWithScore(node=TextNode(text="Kestrel 4 launched from Cape North.", id_="c4"), score=0.5)]
    engine = RetrieverQueryEngine.from_args(Fixed(nodes), llm=llm)
    response = engine.query(Q)
    assert response.response == "Empty Response"
    call = engine_call(engine, Q, response)
    assert call.observed_answer == NO_ANSWER
    assert call.generator.generate(call.render(()).prompt).text == NO_ANSWER
