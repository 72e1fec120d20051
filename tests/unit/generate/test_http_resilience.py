"""Retries, backoff, Retry-After, error wording, OpenAI response parsing, chat formats and spec parsing, without
sockets: the HTTP client talks to httpx.MockTransport in process. Real HTTP: tests/integration/test_openai_protocol.py.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from typing import Any

import httpx
import pytest

from xgrag.embed import EmbeddingError
from xgrag.errors import UsageError
from xgrag.generate.base import GenerationError, span_logprob
from xgrag.generate.chat_format import check_template, render_chat_prompt
from xgrag.generate.embedders import OpenAIEmbedder
from xgrag.generate.factory import make_embedder, make_generator, parse_langchain_spec
from xgrag.generate.http_client import JSONHTTPClient, RetryPolicy, display_url, field, parse_retry_after
from xgrag.generate.langchain import LangChainGenerator
from xgrag.generate.ollama import OllamaGenerator
from xgrag.generate.openai import DEFAULT_BASE_URL, OpenAIGenerator

# --------------------------------------------------------------------------------------------- backoff schedule


def test_backoff_doubles_with_bounded_jitter_and_a_cap() -> None:
    policy = RetryPolicy(max_retries=8, backoff=0.5, max_backoff=10.0, jitter=0.25)
    waits = policy.schedule(seed=3)
    assert len(waits) == 8
    for retry, wait in enumerate(waits):
        base = min(10.0, 0.5 * 2**retry)
        assert base * 0.75 <= wait <= base  # jitter only shortens a wait
    assert waits[-1] <= 10.0 and waits[-2] >= 7.5  # capped
    assert waits == policy.schedule(seed=3)  # the same seed, the same schedule
    assert waits != policy.schedule(seed=4)
    assert RetryPolicy(jitter=0.0).schedule(None) == [0.5, 1.0, 2.0]
    rng = random.Random(3)
    assert [policy.backoff_delay(r, rng) for r in range(8)] == waits


@pytest.mark.parametrize("kwargs, name", [({"max_retries": -1}, "max_retries"), ({"max_retries": 1.5}, "max_retries"),
                                          ({"backoff": -0.1}, "backoff"), ({"jitter": 1.5}, "jitter"),
                                          ({"max_retry_after": "x"}, "max_retry_after")])
def test_bad_retry_settings_are_usage_errors(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(UsageError, match=name):
        RetryPolicy(**kwargs)


def test_bad_timeouts_are_usage_errors() -> None:
    for bad in (0, -1, "30", None):
        with pytest.raises(UsageError, match="timeout must be a number of seconds > 0"):
            OpenAIGenerator("m", base_url="http://h/v1", timeout=bad)  # type: ignore[arg-type]


def test_retry_after_forms() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=timezone.utc)
    assert parse_retry_after({"Retry-After": "3"}) == 3.0
    assert parse_retry_after({"retry-after": "0.5"}) == 0.5
    assert parse_retry_after({"retry-after-ms": "250", "Retry-After": "9"}) == 0.25  # OpenAI's finer header first
    assert parse_retry_after({"Retry-After": format_datetime(now + timedelta(seconds=7))}, now) == 7.0
    assert parse_retry_after({"Retry-After": format_datetime(now - timedelta(seconds=7))}, now) == 0.0
    assert parse_retry_after({"Retry-After": "soon"}) is None
    assert parse_retry_after({"Retry-After": "-4"}) is None
    assert parse_retry_after({}) is None


def test_display_url_hides_credentials() -> None:
    assert display_url("https://user:pw@example.test:8443/v1") == "https://example.test:8443/v1"
    assert display_url("http://127.0.0.1:8000/v1") == "http://127.0.0.1:8000/v1"


# --------------------------------------------------------------------------------------------- the retry loop


class Script:
    """Answers requests in order from a list of responses or exceptions; records requests and waits."""

    def __init__(self, *steps: httpx.Response | type[Exception] | Callable[[httpx.Request], httpx.Response]) -> None:
        self.steps = list(steps)
        self.requests: list[httpx.Request] = []
        self.waits: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        step = self.steps.pop(0)
        if isinstance(step, type) and issubclass(step, Exception):
            raise step("scripted failure", request=request)  # type: ignore[call-arg]
        return step(request) if callable(step) else step

    def attach(self, http: JSONHTTPClient) -> None:
        http.transport = httpx.MockTransport(self)
        http.async_transport = httpx.MockTransport(self)
        http.sleep = self.waits.append

        async def wait(seconds: float) -> None:
            self.waits.append(seconds)

        http.asleep = wait


OK = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "Ridley Scott"}}],
      "usage": {"prompt_tokens": 30, "completion_tokens": 3, "total_tokens": 33}}


def _openai(script: Script, **kw: Any) -> OpenAIGenerator:
    gen = OpenAIGenerator("gpt-4o-mini", base_url="http://h:1/v1", **{"retry_seed": 5, "backoff": 0.5, **kw})
    script.attach(gen.http)
    return gen


def test_5xx_429_timeouts_and_drops_are_retried_on_the_seeded_schedule() -> None:
    script = Script(httpx.Response(500), httpx.ReadTimeout, httpx.RemoteProtocolError, httpx.Response(200, json=OK))
    gen = _openai(script)
    out = gen.generate("q")
    assert out.text == "Ridley Scott" and out.usage.prompt_tokens == 30 and len(script.requests) == 4
    assert script.waits == RetryPolicy(backoff=0.5).schedule(5)


def test_retry_after_is_honoured_and_async_retries_too() -> None:
    script = Script(httpx.Response(429, headers={"Retry-After": "2"}), httpx.Response(503, headers={
        "retry-after-ms": "10"}), httpx.Response(200, json=OK))
    out = asyncio.run(_openai(script).agenerate("q"))
    assert out.text == "Ridley Scott" and script.waits == [2.0, 0.01]


def test_exhausted_retries_name_everything_but_the_key(monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-unit-SECRET")
    caplog.set_level(logging.INFO, logger="xgrag.generate")
    said = {"error": {"message": "overloaded, key sk-unit-SECRET", "type": "server_error"}}
    script = Script(*[httpx.Response(503, json=said)] * 3)
    gen = _openai(script, max_retries=2)
    with pytest.raises(GenerationError) as info:
        gen.generate("q")
    message = str(info.value)
    assert message.startswith("OpenAI-compatible server at http://h:1/v1: chat completion with model 'gpt-4o-mini' "
                              "failed: HTTP 503 Service Unavailable (server said: overloaded, key ***)")
    assert "gave up after 3 attempts: timeout 120 s, max_retries 2" in message
    assert "SECRET" not in message and "SECRET" not in caplog.text and caplog.text.count("retry ") == 2
    assert script.requests[0].headers["authorization"] == "Bearer sk-unit-SECRET"


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_other_4xx_are_not_retried(status: int) -> None:
    script = Script(httpx.Response(status, json={"error": {"message": "nope"}}))
    with pytest.raises(GenerationError, match=rf"HTTP {status}.*nope.*\(1 attempt; HTTP {status} is not retried\)"):
        _openai(script).generate("q")
    assert len(script.requests) == 1 and script.waits == []


def test_connection_refused_is_not_retried() -> None:
    script = Script(httpx.ConnectError)
    with pytest.raises(GenerationError, match=r"^no OpenAI-compatible server at http://h:1/v1 .*a refused connection "
                                              r"is not retried"):
        _openai(script).generate("q")
    assert len(script.requests) == 1


def test_a_retry_after_beyond_the_limit_fails_at_once() -> None:
    script = Script(httpx.Response(429, headers={"Retry-After": "900"}))
    with pytest.raises(GenerationError, match=r"asked to wait 900 s, more than max_retry_after 60 s"):
        _openai(script).generate("q")
    assert script.waits == []


@pytest.mark.parametrize("body, expected", [
    (b"<html>502 Bad Gateway</html>", "malformed JSON"),
    (b"[1, 2]", "a JSON list, not an object"),
    (b'{"choices": []}', r"field 'choices\[0\]' is missing"),
    (b'{"choices": [{"message": {"content": null}}]}',
     r"field 'choices\[0\]\.message\.content' is a NoneType, not a str"),
])
def test_malformed_answers_say_what_is_wrong(body: bytes, expected: str) -> None:
    script = Script(httpx.Response(200, content=body))
    with pytest.raises(GenerationError, match=expected):
        _openai(script).generate("q")
    assert len(script.requests) == 1  # not retried


def test_field_names_the_path() -> None:
    body = {"data": [{"embedding": [1.0]}, {"x": 1}]}
    assert field(body, "data", 0, "embedding", kind=list, what="w") == [1.0]
    with pytest.raises(EmbeddingError, match=r"w: malformed response, field 'data\[1\]\.embedding' is missing"):
        field(body, "data", 1, "embedding", what="w", error=EmbeddingError)


# --------------------------------------------------------------------------------------------- OpenAI requests


def test_openai_request_and_params(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    script = Script(httpx.Response(200, json=OK))
    gen = _openai(script, seed=9, max_tokens=32)
    gen.generate("Who directed Alien?", "Answer briefly.")
    request = script.requests[0]
    assert str(request.url) == "http://h:1/v1/chat/completions" and "authorization" not in request.headers
    assert json.loads(request.content) == {
        "model": "gpt-4o-mini", "temperature": 0.0, "seed": 9, "max_tokens": 32, "stream": False,
        "messages": [{"role": "system", "content": "Answer briefly."},
                     {"role": "user", "content": "Who directed Alien?"}]}
    assert gen.params == {"model": "gpt-4o-mini", "temperature": 0.0, "seed": 9, "max_tokens": 32}
    assert OpenAIGenerator("m", base_url="http://h/v1", seed=None, logprobs=True).params == {
        "model": "m", "temperature": 0.0, "logprobs": True}


def test_openai_base_url_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert OpenAIGenerator("m").base_url == DEFAULT_BASE_URL
    monkeypatch.setenv("OPENAI_BASE_URL", "http://vllm:8000/v1/")
    assert OpenAIGenerator("m").base_url == "http://vllm:8000/v1"
    assert OpenAIGenerator("m", base_url="http://other:1/v1").base_url == "http://other:1/v1"
    with pytest.raises(UsageError, match="must start with http"):
        OpenAIGenerator("m", base_url="vllm:8000")


def test_chat_logprobs_are_read_when_present() -> None:
    body = {**OK, "choices": [{"message": {"content": "Ridley Scott"}, "logprobs": {"content": [
        {"token": "Rid", "logprob": -0.5}, {"token": "ley", "logprob": -0.1}, {"token": " Scott", "logprob": 0}]}}]}
    out = _openai(Script(httpx.Response(200, json=body)), logprobs=True).generate("q")
    assert [(t.token, t.logprob) for t in out.token_logprobs or []] == [("Rid", -0.5), ("ley", -0.1), (" Scott", 0.0)]
    missing = _openai(Script(httpx.Response(200, json=OK)), logprobs=True).generate("q")
    assert missing.token_logprobs is None  # asked for, the server did not send them


# --------------------------------------------------------------------------------------------- scoring (parsing)

PROMPT_TEXT = "<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\n"


def _echo(tokens: list[str], logprobs: list[float | None], offsets: list[int] | None = None) -> dict[str, Any]:
    lp: dict[str, Any] = {"tokens": tokens, "token_logprobs": logprobs}
    if offsets is not None:
        lp["text_offset"] = offsets
    return {"choices": [{"text": "".join(tokens), "logprobs": lp}], "usage": {"prompt_tokens": len(tokens)}}


def test_score_sums_the_answer_tokens() -> None:
    tokens = ["<|im_start|>", "user", "\n", "q", "<|im_end|>", "\n", "<|im_start|>", "assistant", "\n", "Par", "is"]
    values: list[float | None] = [None, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -0.25, -0.5]
    offsets = [sum(len(t) for t in tokens[:i]) for i in range(len(tokens))]
    for body in (_echo(tokens, values, offsets), _echo(tokens, values)):  # text_offset given, or derived
        script = Script(httpx.Response(200, json=body))
        score = _openai(script, chat_template="chatml").score_answer("q", None, "Paris")
        assert (score.logprob, score.tokens, score.usage.prompt_tokens) == (-0.75, 2, 11)
        sent = json.loads(script.requests[0].content)
        assert sent == {"model": "gpt-4o-mini", "prompt": PROMPT_TEXT + "Paris", "max_tokens": 0, "echo": True,
                        "logprobs": 1, "temperature": 0.0}
        assert str(script.requests[0].url) == "http://h:1/v1/completions"


@pytest.mark.parametrize("body, expected", [
    ({"choices": [{"text": "", "logprobs": None}]}, "answered without logprobs"),
    (_echo([], []), "have no tokens"),
    (_echo(["Paris"], [-0.1], [len(PROMPT_TEXT)]), "the prompt was not echoed"),
    (_echo(["x" * len(PROMPT_TEXT), "Paris"], [None, None]), "no finite log-probability"),
])
def test_servers_that_do_not_score_the_prompt_are_named(body: dict[str, Any], expected: str) -> None:
    gen = _openai(Script(httpx.Response(200, json=body)), chat_template="chatml")
    with pytest.raises(GenerationError, match=expected) as info:
        gen.score_answer("q", None, "Paris")
    if "no finite" not in expected:
        assert "does not return prompt log-probabilities for model 'gpt-4o-mini'" in str(info.value)


def test_scoring_4xx_says_the_server_does_not_return_prompt_logprobs() -> None:
    for status in (404, 400):
        script = Script(httpx.Response(status, json={"error": {"message": "echo is not supported"}}))
        with pytest.raises(GenerationError, match=rf"does not return prompt log-probabilities.*HTTP {status}: echo is "
                                                  "not supported"):
            _openai(script, chat_template="chatml").score_answer("q", None, "Paris")


def test_scoring_needs_an_answer_and_a_template() -> None:
    with pytest.raises(UsageError, match="chat template"):
        OpenAIGenerator("m", base_url="http://h/v1").score_answer("q", None, "Paris")
    with pytest.raises(UsageError, match="empty"):
        OpenAIGenerator("m", base_url="http://h/v1", chat_template="chatml").score_answer("q", None, "")


def test_span_logprob_boundaries() -> None:
    # text "ab|cd": tokens "a" "b" "cd"; the answer starts at 2
    assert span_logprob([0, 1, 2], [1, 2, 4], [None, -1.0, -2.0], 2, 4) == (-2.0, 1)
    # a token straddling the boundary ("bc") counts as an answer token
    assert span_logprob([0, 1, 3], [1, 3, 4], [None, -1.0, -2.0], 2, 4) == (-3.0, 2)
    # tokens after the answer (a server that generated anyway) do not count
    assert span_logprob([0, 2, 4], [2, 4, 6], [None, -1.0, -5.0], 2, 4) == (-1.0, 1)
    with pytest.raises(GenerationError, match="no token covers"):
        span_logprob([0], [2], [None], 2, 4)
    with pytest.raises(GenerationError, match="do not line up"):
        span_logprob([0, 1], [1], [None], 0, 1)


# --------------------------------------------------------------------------------------------- chat formats


MESSAGES = [{"role": "system", "content": "S"}, {"role": "user", "content": "Q"}]
CHATML_JINJA = ("{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + "
                "'<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}"
                "{% endif %}")


def test_chatml_and_jinja_templates() -> None:
    expected = "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n"
    assert render_chat_prompt("chatml", MESSAGES) == expected
    assert render_chat_prompt(check_template(CHATML_JINJA) or "", MESSAGES) == expected
    llama = "{{ bos_token }}{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}[assistant]"
    assert render_chat_prompt(llama, MESSAGES) == "[system]S[user]Q[assistant]"  # the server adds its BOS
    refusing = "{% if messages[0].role == 'system' %}{{ raise_exception('no system role') }}{% endif %}x"
    with pytest.raises(UsageError, match="refused the messages: no system role"):
        render_chat_prompt(refusing, MESSAGES)
    with pytest.raises(UsageError, match="does not compile"):
        check_template("{% for %}")
    with pytest.raises(UsageError, match="chatml or a Jinja chat template"):
        check_template("llama3")


# --------------------------------------------------------------------------------------------- specs


def test_openai_specs() -> None:
    gen = make_generator("openai:Qwen/Qwen2.5-7B-Instruct", base_url="http://gpu:8000/v1", timeout=30,
                         max_retries=5, max_tokens=64, chat_template="chatml")
    assert isinstance(gen, OpenAIGenerator)
    assert (gen.model, gen.name, gen.base_url) == ("Qwen/Qwen2.5-7B-Instruct", "openai:Qwen/Qwen2.5-7B-Instruct",
                                                   "http://gpu:8000/v1")
    assert (gen.timeout, gen.max_retries, gen.max_tokens, gen.chat_template) == (30.0, 5, 64, "chatml")
    emb = make_embedder("openai:text-embedding-3-small", base_url="http://gpu:8000/v1", batch_size=16, max_retries=0)
    assert isinstance(emb, OpenAIEmbedder) and emb.batch_size == 16 and emb.http.policy.max_retries == 0
    with pytest.raises(ValueError, match="model name is missing"):
        make_generator("openai:")
    with pytest.raises(UsageError, match="does not take the options"):
        make_generator("openai:m", num_ctx=3)


def test_http_options_reach_the_ollama_generator_and_local_ones_reject_them() -> None:
    gen = make_generator("ollama:llama3.1:8b", ollama_host="http://h:1", timeout=12.5, max_retries=0)
    assert isinstance(gen, OllamaGenerator) and (gen.timeout, gen.max_retries) == (12.5, 0)
    assert make_generator("ollama:m", ollama_host="http://h:1").timeout == 120.0  # the default
    with pytest.raises(UsageError, match=r"'smollm2' does not take the options \['timeout'\]"):
        make_generator("smollm2", timeout=5)
    with pytest.raises(UsageError, match="ChatOllama has no max_retries setting"):
        make_generator("langchain:ollama:m", ollama_host="http://h:1", max_retries=2)
    lc = make_generator("langchain:ollama:m", ollama_host="http://h:1", timeout=9)
    assert lc.chat_model.client_kwargs == {"timeout": 9}


@pytest.mark.parametrize("spec, parsed", [
    ("langchain:ollama:llama3.1:8b", ("ollama", "llama3.1:8b")),
    ("langchain:langchain_openai.ChatOpenAI:gpt-4o-mini", ("langchain_openai.ChatOpenAI", "gpt-4o-mini")),
    ("langchain:langchain_ollama.ChatOllama:llama3.1:8b", ("langchain_ollama.ChatOllama", "llama3.1:8b")),
])
def test_langchain_spec_parsing(spec: str, parsed: tuple[str, str]) -> None:
    assert parse_langchain_spec(spec) == parsed


@pytest.mark.parametrize("spec, expected", [
    ("langchain:openai:gpt-4o", "unknown generator"),
    ("langchain:.ChatX:m", "unknown generator"),
    ("langchain:langchain_openai.ChatOpenAI", "model name is missing"),
    ("langchain:langchain_openai.ChatOpenAI:", "model name is missing"),
    ("langchain:no_such_pkg_xyz.ChatX:m", r"module 'no_such_pkg_xyz' is not installed \(pip install no-such-pkg-xyz\)"),
    ("langchain:langchain_ollama.ChatNothing:m", "has no class 'ChatNothing'"),
    ("langchain:langchain_ollama.OllamaEmbeddings:m", "is not a LangChain chat model"),
    ("langchain:langchain_core.language_models.FakeListChatModel:m", "has no model setting"),
])
def test_langchain_class_path_errors(spec: str, expected: str) -> None:
    with pytest.raises(UsageError, match=expected):
        make_generator(spec)


def test_langchain_class_path_builds_a_deterministic_chat_model() -> None:
    gen = make_generator("langchain:langchain_ollama.ChatOllama:llama3.1:8b", base_url="http://h:5", timeout=7,
                         num_ctx=2048)
    assert isinstance(gen, LangChainGenerator)
    chat = gen.chat_model
    assert type(chat).__name__ == "ChatOllama" and chat.model == "llama3.1:8b" and chat.base_url == "http://h:5"
    assert (chat.temperature, chat.seed, chat.num_ctx, chat.client_kwargs) == (0.0, 42, 2048, {"timeout": 7})
    assert make_generator("langchain:langchain_ollama.ChatOllama:m", seed=3).chat_model.seed == 3  # kwargs win
    with pytest.raises(UsageError, match="ChatOllama has no max_retries setting"):
        make_generator("langchain:langchain_ollama.ChatOllama:m", max_retries=1)
