"""The Ollama and LangChain adapters over real HTTP, against an Ollama-protocol server backed by real models.

No Ollama binary exists here: tests/support/ollama_server.py serves the Ollama REST API from SmolLM2-135M-Instruct
(chat/generate) and all-MiniLM-L6-v2 (embed). No Neo4j is needed. Generations are kept short (SmolLM2 on a CPU).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator

import numpy as np
import pytest

from support.ollama_server import OllamaTestServer
from xgrag.embed import EmbeddingError, default_embedder
from xgrag.generate.base import GenerationError
from xgrag.generate.embedders import LangChainEmbedder, OllamaEmbedder
from xgrag.generate.factory import make_embedder, make_generator
from xgrag.generate.langchain import LangChainGenerator
from xgrag.generate.ollama import OllamaGenerator
from xgrag.generate.smollm2 import SmolLM2Generator

N = 16  # new tokens per generation
SYSTEM = "You are a helpful assistant. Answer in one short sentence."
PROMPT = "What is the capital of France?"
TEXTS = ["Ridley Scott directed Alien.", "Sigourney Weaver starred in Alien.", "Paris is the capital of France.",
         "The Nostromo is a commercial towing spaceship.", "H. R. Giger designed the creature."]


@pytest.fixture(scope="module")
def ollama_server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer(default_num_predict=N) as srv:
        yield srv


@pytest.fixture
def dead_url() -> str:
    """A local URL with nothing listening (a port that was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def _cos(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.sum(a * b, axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


@pytest.mark.llm
def test_smollm2_in_process_is_deterministic() -> None:
    gen = SmolLM2Generator(max_new_tokens=N)
    first, second = gen.generate(PROMPT, SYSTEM), gen.generate(PROMPT, SYSTEM)
    assert first.text and first.text == second.text
    assert "Paris" in first.text
    assert first.usage.calls == 1 and first.usage.prompt_tokens > 10
    assert 0 < first.usage.completion_tokens <= N and first.usage.seconds > 0
    assert asyncio.run(gen.agenerate(PROMPT, SYSTEM)).text == first.text


@pytest.mark.llm
def test_ollama_generator_over_http(ollama_server: OllamaTestServer) -> None:
    ollama_server.clear()
    gen = OllamaGenerator(model="smollm2", host=ollama_server.url, num_ctx=2048, num_predict=N, timeout=120)
    first = gen.generate(PROMPT, SYSTEM)
    second = gen.generate(PROMPT, SYSTEM)
    assert first.text.strip() and first.text == second.text  # temperature 0, fixed seed
    assert first.usage.calls == 1 and first.usage.prompt_tokens > 10 and first.usage.completion_tokens > 0
    assert first.model == "ollama:smollm2"
    sent = ollama_server.requests_to("/api/chat")
    assert len(sent) == 2 and all(r.status == 200 for r in sent)
    body = sent[0].body
    assert body["model"] == "smollm2" and body["stream"] is False
    assert body["options"] == {"temperature": 0.0, "seed": 42, "num_ctx": 2048, "num_predict": N}
    assert body["messages"] == [{"role": "system", "content": SYSTEM}, {"role": "user", "content": PROMPT}]
    # the same model in process gives the same text: the server really runs SmolLM2 with these options
    assert SmolLM2Generator(max_new_tokens=N).generate(PROMPT, SYSTEM).text == first.text.strip()


@pytest.mark.llm
def test_ollama_agenerate_over_http(ollama_server: OllamaTestServer) -> None:
    gen = OllamaGenerator(model="smollm2", host=ollama_server.url, num_predict=N, timeout=120)
    sync = gen.generate(PROMPT, SYSTEM)

    async def concurrent() -> list:
        return list(await asyncio.gather(gen.agenerate(PROMPT, SYSTEM), gen.agenerate(PROMPT, SYSTEM)))

    a, b = asyncio.run(concurrent())
    assert a.text == b.text == sync.text
    assert a.usage.prompt_tokens == sync.usage.prompt_tokens and a.usage.completion_tokens > 0
    # a second event loop gets a fresh async client and still works
    assert asyncio.run(gen.agenerate(PROMPT, SYSTEM)).text == sync.text


@pytest.mark.llm
def test_langchain_chat_ollama_invoke_and_ainvoke(ollama_server: OllamaTestServer) -> None:
    from langchain_ollama import ChatOllama

    ollama_server.clear()
    chat = ChatOllama(base_url=ollama_server.url, model="smollm2", temperature=0, seed=42, num_predict=N)
    gen = LangChainGenerator(chat)
    assert gen.name == "langchain:ChatOllama:smollm2"
    out = gen.generate(PROMPT, SYSTEM)
    aout = asyncio.run(gen.agenerate(PROMPT, SYSTEM))
    assert out.text.strip() and out.text == aout.text
    assert out.usage.calls == 1 and out.usage.prompt_tokens > 10 and out.usage.completion_tokens > 0
    sent = ollama_server.requests_to("/api/chat")
    assert len(sent) == 2 and sent[0].body["stream"] is True  # ChatOllama streams: NDJSON chunks were parsed
    assert sent[0].body["options"]["temperature"] == 0 and sent[0].body["options"]["seed"] == 42
    direct = OllamaGenerator(model="smollm2", host=ollama_server.url, num_predict=N).generate(PROMPT, SYSTEM)
    assert out.text == direct.text  # streamed pieces reassemble into the non-streamed answer


@pytest.mark.llm
def test_streaming_generate_endpoint_matches_non_streaming(ollama_server: OllamaTestServer) -> None:
    import ollama

    client = ollama.Client(host=ollama_server.url)
    options = {"temperature": 0, "seed": 42, "num_predict": 8}
    whole = client.generate(model="smollm2", prompt=PROMPT, system=SYSTEM, options=options, stream=False)
    parts = list(client.generate(model="smollm2", prompt=PROMPT, system=SYSTEM, options=options, stream=True))
    assert "".join(p.response for p in parts) == whole.response and whole.response
    assert parts[-1].done and parts[-1].eval_count == whole.eval_count
    assert whole.done_reason in ("stop", "length")
    assert {m.model for m in client.list().models} >= {"smollm2:latest", "all-minilm:latest"}
    assert client.show("smollm2").capabilities == ["completion"]


@pytest.mark.llm
def test_factory_specs_over_http(ollama_server: OllamaTestServer) -> None:
    a = make_generator("ollama:smollm2:latest", ollama_host=ollama_server.url, num_predict=8)
    b = make_generator("langchain:ollama:smollm2", ollama_host=ollama_server.url, num_predict=8)
    ta, tb = a.generate(PROMPT, SYSTEM), b.generate(PROMPT, SYSTEM)
    assert ta.text and ta.text == tb.text
    emb = make_embedder("ollama:all-minilm", ollama_host=ollama_server.url)
    assert emb.embed(["x"]).shape == (1, 384)


def test_ollama_embedder_matches_the_local_model(ollama_server: OllamaTestServer) -> None:
    ollama_server.clear()
    local = default_embedder().embed(TEXTS)
    remote = OllamaEmbedder(model="all-minilm", host=ollama_server.url, batch_size=2).embed(TEXTS)
    assert remote.shape == local.shape == (len(TEXTS), 384) and remote.dtype == np.float32
    assert np.all(_cos(remote, local) > 0.999)
    assert [len(r.body["input"]) for r in ollama_server.requests_to("/api/embed")] == [2, 2, 1]


def test_langchain_ollama_embeddings_match_the_local_model(ollama_server: OllamaTestServer) -> None:
    from langchain_ollama import OllamaEmbeddings

    local = default_embedder().embed(TEXTS)
    emb = LangChainEmbedder(OllamaEmbeddings(base_url=ollama_server.url, model="all-minilm"))
    remote = emb.embed(TEXTS)
    assert emb.name == "langchain:OllamaEmbeddings:all-minilm"
    assert np.all(_cos(remote, local) > 0.999)
    assert np.allclose(np.linalg.norm(remote, axis=1), 1.0)


def test_nothing_listening_names_the_host(dead_url: str) -> None:
    gen = OllamaGenerator(model="llama3.1:8b", host=dead_url, timeout=5)
    with pytest.raises(GenerationError, match=rf"no Ollama server at {dead_url}: is `ollama serve` running"):
        gen.generate(PROMPT)
    with pytest.raises(GenerationError, match=rf"no Ollama server at {dead_url}"):
        asyncio.run(gen.agenerate(PROMPT))
    from langchain_ollama import ChatOllama

    lc = LangChainGenerator(ChatOllama(base_url=dead_url, model="llama3.1:8b", temperature=0))
    with pytest.raises(GenerationError, match=rf"no Ollama server at {dead_url}"):
        lc.generate(PROMPT)
    with pytest.raises(EmbeddingError, match=rf"no Ollama server at {dead_url}"):
        OllamaEmbedder(model="all-minilm", host=dead_url, timeout=5).embed(["x"])


@pytest.mark.llm
def test_unknown_model_and_server_errors(ollama_server: OllamaTestServer) -> None:
    gen = OllamaGenerator(model="llama3.1:8b", host=ollama_server.url, timeout=30)
    with pytest.raises(GenerationError, match=r"has no model 'llama3\.1:8b'.*ollama pull llama3\.1:8b"):
        gen.generate(PROMPT)
    assert ollama_server.requests_to("/api/chat")[-1].status == 404
    ollama_server.fail_next("/api/chat", 500, "CUDA out of memory", times=2)
    ok = OllamaGenerator(model="smollm2", host=ollama_server.url, num_predict=4, max_retries=1, backoff=0.01)
    with pytest.raises(GenerationError, match=rf"{ollama_server.url}.*HTTP 500.*CUDA out of memory.*gave up after 2 "
                                              "attempts"):
        ok.generate(PROMPT)
    with pytest.raises(EmbeddingError, match="has no model 'nomic-embed-text'"):
        OllamaEmbedder(model="nomic-embed-text", host=ollama_server.url).embed(["x"])
