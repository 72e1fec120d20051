"""The OpenAI-compatible generator and embedder over real HTTP, and the resilience of every HTTP generator.

tests/support/openai_server.py serves the OpenAI REST API from SmolLM2-135M-Instruct (chat, completions with echo
log-probabilities) and all-MiniLM-L6-v2 (embeddings); tests/support/ollama_server.py serves Ollama's. Both inject
faults on request (429 with Retry-After, 5xx, a delay past the client's timeout, malformed JSON, a reset
connection). No Neo4j is needed. Generations are kept short (SmolLM2 on a CPU).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from support.ollama_server import OllamaTestServer
from support.openai_server import OpenAITestServer
from xgrag.embed import EmbeddingError, default_embedder
from xgrag.errors import UsageError
from xgrag.generate.base import AnswerScorer, GenerationError, Generator
from xgrag.generate.embedders import OpenAIEmbedder
from xgrag.generate.factory import make_embedder, make_generator
from xgrag.generate.http_client import RetryPolicy
from xgrag.generate.langchain import LangChainGenerator
from xgrag.generate.ollama import OllamaGenerator
from xgrag.generate.openai import OpenAIGenerator
from xgrag.generate.smollm2 import SmolLM2Generator, load_smollm2

N = 12  # new tokens per generation
SYSTEM = "You are a helpful assistant. Answer in one short sentence."
PROMPT = "What is the capital of France?"
CHAT = "/v1/chat/completions"
TEXTS = ["Ridley Scott directed Alien.", "Sigourney Weaver starred in Alien.", "Paris is the capital of France.",
         "The Nostromo is a commercial towing spaceship.", "H. R. Giger designed the creature."]
KEY = "sk-test-Zq8sJ2mKvP0xR4"


@pytest.fixture(autouse=True)
def _no_ambient_openai_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


@pytest.fixture(scope="module")
def server() -> Iterator[OpenAITestServer]:
    with OpenAITestServer(default_max_tokens=N) as srv:
        yield srv


@pytest.fixture(scope="module")
def ollama_server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer(default_num_predict=N) as srv:
        yield srv


@pytest.fixture(scope="module")
def template() -> str:
    """SmolLM2's own chat template (from its tokenizer), as a user would copy it from tokenizer_config.json."""
    return str(load_smollm2().tokenizer.chat_template)


@pytest.fixture(scope="module")
def local() -> SmolLM2Generator:
    return SmolLM2Generator(max_new_tokens=N)


def _gen(server: OpenAITestServer, **kw: Any) -> OpenAIGenerator:
    return OpenAIGenerator("smollm2", base_url=server.base_url, **{"max_tokens": N, **kw})


# --------------------------------------------------------------------------------------------- answers


@pytest.mark.llm
def test_chat_answers_come_from_smollm2(server: OpenAITestServer, local: SmolLM2Generator) -> None:
    server.clear()
    gen = _gen(server)
    assert isinstance(gen, Generator) and isinstance(gen, AnswerScorer)
    first, second = gen.generate(PROMPT, SYSTEM), gen.generate(PROMPT, SYSTEM)
    assert first.text.strip() and first.text == second.text  # temperature 0
    assert first.model == "openai:smollm2"
    here = local.generate(PROMPT, SYSTEM)
    assert first.text.strip() == here.text  # the server really runs SmolLM2 with these options
    assert first.usage.calls == 1 and first.usage.prompt_tokens == here.usage.prompt_tokens
    assert 0 < first.usage.completion_tokens <= N and first.usage.seconds > 0
    sent = server.requests_to(CHAT)
    assert [r.status for r in sent] == [200, 200]
    assert sent[0].body == {"model": "smollm2", "temperature": 0.0, "seed": 42, "max_tokens": N, "stream": False,
                            "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": PROMPT}]}
    assert "authorization" not in sent[0].headers  # no OPENAI_API_KEY: a local server needs none


@pytest.mark.llm
def test_chat_async_and_concurrent(server: OpenAITestServer) -> None:
    gen = _gen(server)
    sync = gen.generate(PROMPT, SYSTEM)

    async def both() -> list:
        return list(await asyncio.gather(gen.agenerate(PROMPT, SYSTEM), gen.agenerate(PROMPT, SYSTEM)))

    a, b = asyncio.run(both())
    assert a.text == b.text == sync.text
    assert a.usage.prompt_tokens == sync.usage.prompt_tokens and a.usage.completion_tokens > 0
    assert asyncio.run(gen.agenerate(PROMPT, SYSTEM)).text == sync.text  # a second event loop gets its own pool


@pytest.mark.llm
def test_seed_is_sent_and_honoured(server: OpenAITestServer) -> None:
    server.clear()
    sampled = [_gen(server, temperature=0.9, seed=11, max_tokens=6).generate(PROMPT) for _ in range(2)]
    assert sampled[0].text == sampled[1].text  # sampling with the same seed
    _gen(server, seed=None, max_tokens=2).generate(PROMPT)
    bodies = [r.body for r in server.requests_to(CHAT)]
    assert [b.get("seed") for b in bodies] == [11, 11, None] and "seed" not in bodies[2]
    assert bodies[0]["temperature"] == 0.9


@pytest.mark.llm
def test_completion_token_logprobs(server: OpenAITestServer, local: SmolLM2Generator) -> None:
    server.clear()
    out = _gen(server, logprobs=True).generate(PROMPT, SYSTEM)
    assert server.requests_to(CHAT)[-1].body["logprobs"] is True
    assert out.token_logprobs and "".join(t.token for t in out.token_logprobs) == out.text
    assert all(t.logprob <= 0 for t in out.token_logprobs)
    # the greedy answer's token log-probabilities add up to what one scoring pass gives it
    scored = local.score_answer(PROMPT, SYSTEM, out.text)
    assert scored.tokens == len(out.token_logprobs)
    assert sum(t.logprob for t in out.token_logprobs) == pytest.approx(scored.logprob, abs=1e-3)
    assert _gen(server).generate(PROMPT, SYSTEM).token_logprobs is None  # not asked for, not there


# --------------------------------------------------------------------------------------------- scoring


ANSWERS = ["Paris", "The capital of France is Paris.", "Berlin", " Lyon, I think."]


@pytest.mark.llm
def test_score_answer_over_http_equals_local(server: OpenAITestServer, local: SmolLM2Generator,
                                             template: str) -> None:
    server.clear()
    gen = _gen(server, chat_template=template)
    remote = {a: gen.score_answer(PROMPT, SYSTEM, a) for a in ANSWERS}
    for answer in ANSWERS:
        here = local.score_answer(PROMPT, SYSTEM, answer)
        assert remote[answer].logprob == pytest.approx(here.logprob, abs=1e-3), answer
        assert remote[answer].tokens == here.tokens > 0
        assert remote[answer].logprob < 0 and remote[answer].usage.calls == 1
    assert remote["Paris"].logprob > remote["Berlin"].logprob  # the model knows this one
    sent = server.requests_to("/v1/completions")
    assert len(sent) == len(ANSWERS)  # one request per score
    body = sent[0].body
    assert (body["echo"], body["logprobs"], body["max_tokens"], body["temperature"]) == (True, 1, 0, 0.0)
    assert body["prompt"] == local.chat_prompt(PROMPT, SYSTEM) + "Paris"
    # async, without a system message (SmolLM2's template then adds its default one: rendered client-side too)
    a = asyncio.run(gen.ascore_answer(PROMPT, None, "Paris"))
    assert a.logprob == pytest.approx(local.score_answer(PROMPT, None, "Paris").logprob, abs=1e-3)
    # the built-in chatml format is SmolLM2's whenever a system message is given
    chatml = _gen(server, chat_template="chatml").score_answer(PROMPT, SYSTEM, "Paris")
    assert chatml.logprob == pytest.approx(remote["Paris"].logprob, abs=1e-6)


@pytest.mark.llm
def test_scoring_is_one_forward_pass_and_generation_is_many(server: OpenAITestServer, local: SmolLM2Generator,
                                                            template: str) -> None:
    model = load_smollm2().model
    calls: list[int] = []
    hook = model.register_forward_hook(lambda module, args, output: calls.append(1))
    try:
        local.score_answer(PROMPT, SYSTEM, "The capital of France is Paris.")
        local_passes = len(calls)
        _gen(server, chat_template=template).score_answer(PROMPT, SYSTEM, "The capital of France is Paris.")
        http_passes = len(calls) - local_passes
        out = local.generate(PROMPT, SYSTEM)
        generate_passes = len(calls) - local_passes - http_passes
    finally:
        hook.remove()
    assert local_passes == 1 and http_passes == 1
    assert generate_passes == out.usage.completion_tokens > 1  # decoding: one pass per generated token


def test_servers_without_prompt_logprobs_say_so(template: str) -> None:
    for mode, status in (("ignored", 200), ("absent", 404)):
        with OpenAITestServer(prompt_logprobs=mode) as srv:
            gen = OpenAIGenerator("smollm2", base_url=srv.base_url, chat_template=template, max_retries=2)
            with pytest.raises(GenerationError, match="does not return prompt log-probabilities") as info:
                gen.score_answer(PROMPT, SYSTEM, "Paris")
            assert [r.status for r in srv.requests_to("/v1/completions")] == [status]  # not retried
            assert srv.base_url in str(info.value) and "smollm2" in str(info.value)
            with pytest.raises(GenerationError, match="does not return prompt log-probabilities"):
                asyncio.run(gen.ascore_answer(PROMPT, SYSTEM, "Paris"))
    with pytest.raises(UsageError, match="needs the model's chat template"):
        OpenAIGenerator("smollm2", base_url="http://127.0.0.1:9/v1").score_answer(PROMPT, SYSTEM, "Paris")


# --------------------------------------------------------------------------------------------- embeddings


def test_embeddings_match_the_local_model(server: OpenAITestServer) -> None:
    server.clear()
    local = default_embedder().embed(TEXTS)
    emb = OpenAIEmbedder("all-minilm", base_url=server.base_url, batch_size=2)
    remote = emb.embed(TEXTS)
    assert remote.shape == local.shape == (len(TEXTS), 384) and remote.dtype == np.float32
    assert np.allclose(np.linalg.norm(remote, axis=1), 1.0, atol=1e-5)
    assert np.all(np.sum(remote * local, axis=1) > 0.999)
    sent = server.requests_to("/v1/embeddings")
    assert [len(r.body["input"]) for r in sent] == [2, 2, 1]
    assert sent[0].body["encoding_format"] == "float" and "dimensions" not in sent[0].body
    short = OpenAIEmbedder("all-minilm", base_url=server.base_url, dimensions=64).embed(TEXTS[:2])
    assert short.shape == (2, 64) and np.allclose(np.linalg.norm(short, axis=1), 1.0, atol=1e-5)
    assert emb.embed([]).shape == (0, 384)
    with pytest.raises(EmbeddingError, match=r"model 'nomic-embed-text' failed: HTTP 404"):
        OpenAIEmbedder("nomic-embed-text", base_url=server.base_url).embed(["x"])


@pytest.mark.llm
def test_factory_specs_over_http(server: OpenAITestServer, monkeypatch: pytest.MonkeyPatch) -> None:
    a = make_generator("openai:smollm2", base_url=server.base_url, max_tokens=6, timeout=30, max_retries=1)
    assert isinstance(a, OpenAIGenerator) and (a.timeout, a.max_retries) == (30.0, 1)
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    b = make_generator("openai:smollm2", max_tokens=6)
    assert b.base_url == server.base_url
    assert a.generate(PROMPT, SYSTEM).text == b.generate(PROMPT, SYSTEM).text != ""
    assert make_embedder("openai:all-minilm").embed(["x", "y"]).shape == (2, 384)


@pytest.mark.llm
def test_langchain_class_path_spec_over_http(ollama_server: OllamaTestServer) -> None:
    gen = make_generator("langchain:langchain_ollama.ChatOllama:smollm2", base_url=ollama_server.url,
                         num_predict=8, timeout=60)
    assert isinstance(gen, LangChainGenerator) and gen.name == "langchain:ChatOllama:smollm2"
    assert gen.params["temperature"] == 0.0 and gen.params["seed"] == 42
    direct = OllamaGenerator(model="smollm2", host=ollama_server.url, num_predict=8).generate(PROMPT, SYSTEM)
    assert gen.generate(PROMPT, SYSTEM).text == direct.text != ""


@pytest.mark.llm
def test_langchain_chat_openai_spec_over_http(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("langchain_openai")
    with OpenAITestServer(api_key=KEY, default_max_tokens=8) as srv:
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        gen = make_generator("langchain:langchain_openai.ChatOpenAI:smollm2", base_url=srv.base_url, max_tokens=8,
                             timeout=60, max_retries=1)
        assert isinstance(gen, LangChainGenerator) and gen.name == "langchain:ChatOpenAI:smollm2"
        out = gen.generate(PROMPT, SYSTEM)
        direct = OpenAIGenerator("smollm2", base_url=srv.base_url, max_tokens=8).generate(PROMPT, SYSTEM)
        assert out.text == direct.text != "" and out.usage.prompt_tokens == direct.usage.prompt_tokens
        sent = srv.requests_to(CHAT)[0]
        assert sent.headers["authorization"] == f"Bearer {KEY}"
        assert sent.body["temperature"] == 0.0 and sent.body["seed"] == 42 and sent.body["model"] == "smollm2"
        assert KEY not in json.dumps(gen.params) and gen.params["seed"] == 42
        assert (gen.chat_model.request_timeout, gen.chat_model.max_retries) == (60, 1)
        monkeypatch.delenv("OPENAI_API_KEY")
        with pytest.raises(UsageError, match=r"'langchain:langchain_openai\.ChatOpenAI:smollm2': "
                                             r"langchain_openai\.ChatOpenAI\(.*\) failed"):
            make_generator("langchain:langchain_openai.ChatOpenAI:smollm2", base_url=srv.base_url)


# --------------------------------------------------------------------------------------------- the API key


@pytest.mark.llm
def test_the_key_is_sent_and_never_leaks(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with OpenAITestServer(api_key=KEY, default_max_tokens=4) as srv:
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        gen = OpenAIGenerator("smollm2", base_url=srv.base_url, max_tokens=4, backoff=0.01, retry_seed=0)
        srv.fail_next(CHAT, 503, f"upstream said {KEY}")  # a server that echoes the key in an error
        assert gen.generate(PROMPT).text
        emb = OpenAIEmbedder("all-minilm", base_url=srv.base_url)
        assert emb.embed(["x"]).shape == (1, 384)
        assert {r.headers.get("authorization") for r in srv.requests} == {f"Bearer {KEY}"}
        for shown in (json.dumps(gen.params), repr(gen), repr(gen.http), repr(emb), str(vars(gen))):
            assert KEY not in shown

        monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong-LEAKME-77")
        wrong = OpenAIGenerator("smollm2", base_url=srv.base_url, backoff=0.01)
        srv.clear()
        with pytest.raises(GenerationError) as info:
            wrong.generate(PROMPT)
        assert "HTTP 401" in str(info.value) and "Incorrect API key provided: ***" in str(info.value)
        assert "LEAKME" not in str(info.value) and len(srv.requests) == 1  # echoed by the server, scrubbed; 401 once
        monkeypatch.delenv("OPENAI_API_KEY")
        with pytest.raises(GenerationError, match=r"HTTP 401.*Incorrect API key provided: none"):
            OpenAIGenerator("smollm2", base_url=srv.base_url).generate(PROMPT)
    assert "retry 1 of 3" in caplog.text  # the 503 was logged ...
    assert KEY not in caplog.text and "LEAKME" not in caplog.text  # ... without the key it echoed


# --------------------------------------------------------------------------------------------- resilience


@dataclass
class Target:
    """One HTTP generator and the server path it posts to."""

    name: str
    server: Any
    path: str
    make: Callable[..., Any]


@pytest.fixture(params=["openai", "ollama"])
def target(request: pytest.FixtureRequest, server: OpenAITestServer, ollama_server: OllamaTestServer) -> Target:
    if request.param == "openai":
        t = Target("openai", server, CHAT, lambda **kw: OpenAIGenerator("smollm2", base_url=server.base_url,
                                                                        max_tokens=4, **kw))
    else:
        t = Target("ollama", ollama_server, "/api/chat",
                   lambda **kw: OllamaGenerator(model="smollm2", host=ollama_server.url, num_predict=4, **kw))
    t.server.clear()
    return t


def _statuses(t: Target) -> list[tuple[int, str | None]]:
    return [(r.status, r.fault) for r in t.server.requests_to(t.path)]


@pytest.mark.llm
def test_5xx_is_retried_with_the_seeded_backoff(target: Target) -> None:
    gen = target.make(max_retries=3, backoff=0.05, retry_seed=7)
    waits: list[float] = []
    gen.http.sleep = lambda s: (waits.append(s), time.sleep(s))
    target.server.fail_next(target.path, 500)
    target.server.fail_next(target.path, 503)
    assert gen.generate(PROMPT).text
    assert _statuses(target) == [(500, "status"), (503, "status"), (200, None)]
    assert waits == RetryPolicy(backoff=0.05).schedule(7)[:2]  # deterministic jitter for a given seed


def test_retries_exhausted_name_server_model_cause_and_attempts(target: Target) -> None:
    gen = target.make(max_retries=2, backoff=0.01)
    target.server.fail_next(target.path, 503, "overloaded", times=3)
    with pytest.raises(GenerationError) as info:
        gen.generate(PROMPT)
    message = str(info.value)
    assert target.server.url in message and "'smollm2'" in message
    assert "HTTP 503" in message and "overloaded" in message and "gave up after 3 attempts" in message
    assert "Traceback" not in message
    assert _statuses(target) == [(503, "status")] * 3
    target.server.fail_next(target.path, 502, times=3)
    with pytest.raises(GenerationError, match=r"HTTP 502.*gave up after 3 attempts"):
        asyncio.run(gen.agenerate(PROMPT))


@pytest.mark.llm
def test_429_honours_retry_after(target: Target) -> None:
    gen = target.make(backoff=0.01)
    target.server.fail_next(target.path, 429, "slow down", retry_after=1)
    t0 = time.perf_counter()
    assert asyncio.run(gen.agenerate(PROMPT)).text
    assert time.perf_counter() - t0 >= 1.0  # the server's Retry-After, not the 0.01 s backoff
    assert _statuses(target) == [(429, "status"), (200, None)]
    target.server.fail_next(target.path, 429, retry_after=3600)  # longer than max_retry_after: stop at once
    with pytest.raises(GenerationError, match=r"HTTP 429.*asked to wait 3600 s, more than max_retry_after 60 s"):
        gen.generate(PROMPT)


def test_4xx_is_not_retried(target: Target) -> None:
    gen = target.make(max_retries=3, backoff=0.01)
    target.server.fail_next(target.path, 400, "bad request body")
    with pytest.raises(GenerationError, match=r"HTTP 400.*bad request body.*1 attempt; HTTP 400 is not retried"):
        gen.generate(PROMPT)
    assert _statuses(target) == [(400, "status")]


@pytest.mark.llm
def test_timeouts_are_retried_and_bounded(target: Target) -> None:
    # one answer later than the timeout, then a normal one: 4 tokens of SmolLM2, which may include loading the model
    # (the first request of a run selecting this test alone) on a loaded machine, so a generous timeout
    patient = target.make(timeout=10.0, max_retries=1, backoff=0.05)
    target.server.delay_next(target.path, 11.0)
    assert patient.generate(PROMPT).text
    assert [r.fault for r in target.server.requests_to(target.path)] == ["delay", None]
    target.server.clear()
    timeout, retries, delay = 0.5, 2, 30.0
    gen = target.make(timeout=timeout, max_retries=retries, backoff=0.05, retry_seed=1)
    target.server.delay_next(target.path, delay, times=retries + 1)
    t0 = time.perf_counter()
    with pytest.raises(GenerationError, match=r"no answer within the 0\.5 s timeout.*gave up after 3 attempts"):
        gen.generate(PROMPT)
    elapsed = time.perf_counter() - t0
    backoff = sum(RetryPolicy(backoff=0.05, max_retries=retries).schedule(1))
    # bounded by the client's timeouts, not the server's delays (3 x 30 s); 10 s of slack for a loaded machine
    assert timeout * (retries + 1) <= elapsed < timeout * (retries + 1) + backoff + 10.0 < delay
    assert len(target.server.requests_to(target.path)) == retries + 1


@pytest.mark.llm
def test_dropped_connections_are_retried(target: Target) -> None:
    gen = target.make(max_retries=1, backoff=0.01)
    target.server.drop_next(target.path)
    assert gen.generate(PROMPT).text
    assert _statuses(target) == [(0, "drop"), (200, None)]
    target.server.drop_next(target.path, times=2)
    with pytest.raises(GenerationError, match=r"connection was dropped.*gave up after 2 attempts"):
        asyncio.run(gen.agenerate(PROMPT))


def test_malformed_json_is_an_error_naming_it(target: Target) -> None:
    gen = target.make(backoff=0.01)
    target.server.malformed_next(target.path)
    with pytest.raises(GenerationError, match=r"answered HTTP 200 with malformed JSON.*the body starts"):
        gen.generate(PROMPT)
    assert _statuses(target) == [(200, "malformed")]
