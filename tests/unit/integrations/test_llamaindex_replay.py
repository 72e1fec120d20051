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

from xgrag.integrations.llamaindex import SynthesizerReplay, engine_call  # noqa: E402

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
