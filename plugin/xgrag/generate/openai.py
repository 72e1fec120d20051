"""OpenAI-compatible servers over HTTP: OpenAI itself, vLLM, llama.cpp's server, LM Studio, LocalAI, ...

Answers come from POST {base}/chat/completions at temperature 0, with `seed` (OpenAI, vLLM and llama.cpp honour it;
servers that do not ignore it) and an optional `max_tokens`; usage from the response's `usage`; the completion's
token log-probabilities too when `logprobs=True` and the server returns them (Generation.token_logprobs).

Fixed-answer scoring (`score_answer`) uses the legacy POST {base}/completions with echo=true, logprobs=1,
max_tokens=0: the server tokenizes the chat-formatted prompt followed by the answer, runs one forward pass and
echoes every token with its log-probability; the answer's share is summed client-side from the token offsets.
That endpoint applies no chat template, so the generator needs the model's (`chat_template`: "chatml" or the
tokenizer's Jinja template, see xgrag.generate.chat_format). vLLM offers this; OpenAI's own chat models do not
(no /v1/completions for them): such servers get a GenerationError saying they do not return prompt log-probabilities.

The base URL comes from the argument, else $OPENAI_BASE_URL, else https://api.openai.com/v1. The key comes from
$OPENAI_API_KEY only (sent as `Authorization: Bearer`; a local server that needs none works without it); it is
never logged, never in `params` (the response-cache key), never in an error message, never saved. Connection
details (the base URL) are not in `params` either, as for the other HTTP generators. Timeouts, retries and error
wording: xgrag.generate.http_client (shared with the Ollama generator).
"""

from __future__ import annotations

import os
import time
from typing import Any

from xgrag.errors import UsageError
from xgrag.generate.base import (
    AnswerScore,
    Fact,
    Generation,
    GenerationError,
    TokenLogprob,
    Usage,
    chat_messages,
    span_logprob,
)
from xgrag.generate.chat_format import check_template, render_chat_prompt
from xgrag.generate.http_client import (
    DEFAULT_BACKOFF,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    JSONHTTPClient,
    RetryPolicy,
    field,
)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
LABEL = "OpenAI-compatible server"


def resolve_base_url(base_url: str | None = None) -> str:
    """The API root (…/v1): the argument, else $OPENAI_BASE_URL, else OpenAI's."""
    url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).strip().rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise UsageError(f"the OpenAI-compatible base URL must start with http:// or https://, got {url[:80]!r}")
    return url


def auth_headers() -> dict[str, str]:
    """The bearer header from $OPENAI_API_KEY, or nothing (local servers usually need no key)."""
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    return {"Authorization": f"Bearer {key}"} if key else {}


def openai_client(base_url: str | None, *, timeout: float, max_retries: int, backoff: float, retry_seed: int | None,
                  error: type[GenerationError] | Any = GenerationError) -> JSONHTTPClient:
    return JSONHTTPClient(resolve_base_url(base_url), label=LABEL, timeout=timeout,
                          policy=RetryPolicy(max_retries=max_retries, backoff=backoff), seed=retry_seed,
                          headers=auth_headers(), error=error)


def _no_prompt_logprobs(status: int, said: str) -> str:
    detail = f"HTTP {status}" + (f": {said}" if said else "")
    if status in (404, 405):
        return f"the server does not return prompt log-probabilities: it has no /completions endpoint for this model " \
               f"({detail})"
    return ("the server does not return prompt log-probabilities: it rejected the request for them "
            f"(echo=true, logprobs=1, max_tokens=0; {detail})")


def _usage_of(body: dict[str, Any]) -> dict[str, Any]:
    usage = body.get("usage")
    return usage if isinstance(usage, dict) else {}  # some servers report none: tokens 0, the call still counts


class OpenAIGenerator:
    """Chat completions from an OpenAI-compatible server; fixed-answer scoring where the server supports it."""

    # a server keeps the cache of prompt prefixes it saw: the explainer orders its context for it (xgrag.explain.prefix)
    caches_prefixes = True

    def __init__(self, model: str, base_url: str | None = None, *, temperature: float = 0.0, seed: int | None = 42,
                 max_tokens: int | None = None, logprobs: bool = False, chat_template: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT, max_retries: int = DEFAULT_MAX_RETRIES,
                 backoff: float = DEFAULT_BACKOFF, retry_seed: int | None = None) -> None:
        if not isinstance(model, str) or not model.strip():
            raise UsageError("OpenAIGenerator: the model name is missing")
        if max_tokens is not None and max_tokens < 1:
            raise UsageError(f"max_tokens must be at least 1, got {max_tokens}")
        self.model = model.strip()
        self.name = f"openai:{self.model}"
        self.temperature = float(temperature)
        self.seed = None if seed is None else int(seed)
        self.max_tokens = max_tokens
        self.logprobs = bool(logprobs)
        self.chat_template = check_template(chat_template)
        self.http = openai_client(base_url, timeout=timeout, max_retries=max_retries, backoff=backoff,
                                  retry_seed=retry_seed)

    def __repr__(self) -> str:
        return f"OpenAIGenerator({self.model!r}, base_url={self.http.url!r})"

    @property
    def base_url(self) -> str:
        return self.http.url

    @property
    def timeout(self) -> float:
        return self.http.timeout

    @property
    def max_retries(self) -> int:
        return self.http.policy.max_retries

    @property
    def params(self) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.model, "temperature": self.temperature}
        if self.seed is not None:
            params["seed"] = self.seed
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        if self.logprobs:
            params["logprobs"] = True
        return params

    # -- chat ------------------------------------------------------------------------------------------------
    def _chat_payload(self, prompt: str, system: str | None) -> dict[str, Any]:
        payload: dict[str, Any] = {"model": self.model, "messages": chat_messages(prompt, system),
                                   "temperature": self.temperature, "stream": False}
        if self.seed is not None:
            payload["seed"] = self.seed
        if self.max_tokens is not None:
            payload["max_tokens"] = self.max_tokens
        if self.logprobs:
            payload["logprobs"] = True
        return payload

    def _generation(self, body: dict[str, Any], seconds: float) -> Generation:
        what = f"{self.name} at {self.http.url}"
        text = field(body, "choices", 0, "message", "content", kind=str, what=what)
        usage = _usage_of(body)
        tokens: list[TokenLogprob] | None = None
        if self.logprobs:
            content = (body["choices"][0].get("logprobs") or {}).get("content")
            if isinstance(content, list):
                tokens = [TokenLogprob(str(field(t, "token", what=what)),
                                       float(field(t, "logprob", kind=(int, float), what=what))) for t in content]
        return Generation(text, Usage(1, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens")
                                                                                    or 0), seconds),
                          self.name, token_logprobs=tokens)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        body = self.http.post("/chat/completions", self._chat_payload(prompt, system), model=self.model,
                              action="chat completion")
        return self._generation(body, time.perf_counter() - t0)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        body = await self.http.apost("/chat/completions", self._chat_payload(prompt, system), model=self.model,
                                     action="chat completion")
        return self._generation(body, time.perf_counter() - t0)

    # -- fixed-answer scoring --------------------------------------------------------------------------------
    def chat_prompt(self, prompt: str, system: str | None) -> str:
        """The chat-formatted text the answer is scored after."""
        if self.chat_template is None:
            raise UsageError(f"{self.name}: scoring an answer needs the model's chat template (the /completions "
                             "endpoint applies none): pass chat_template='chatml' or the tokenizer's "
                             "chat_template string")
        return render_chat_prompt(self.chat_template, chat_messages(prompt, system))

    def _score_payload(self, prompt: str, system: str | None, answer: str) -> tuple[dict[str, Any], int, int]:
        if not isinstance(answer, str) or not answer:
            raise UsageError(f"{self.name}: the answer to score is empty")
        text = self.chat_prompt(prompt, system)
        payload = {"model": self.model, "prompt": text + answer, "max_tokens": 0, "echo": True, "logprobs": 1,
                   "temperature": 0.0}
        return payload, len(text), len(text) + len(answer)

    def _score(self, body: dict[str, Any], start: int, end: int, seconds: float) -> AnswerScore:
        what = f"{self.name} at {self.http.url} (scoring an answer)"
        unsupported = (f"{LABEL} at {self.http.url} does not return prompt log-probabilities for model "
                       f"{self.model!r}")
        choices = body.get("choices")
        logprobs = choices[0].get("logprobs") if isinstance(choices, list) and choices and isinstance(
            choices[0], dict) else None
        if not isinstance(logprobs, dict):
            raise GenerationError(f"{unsupported}: /completions answered without logprobs to echo=true, logprobs=1")
        tokens = logprobs.get("tokens")
        values = logprobs.get("token_logprobs")
        if not isinstance(tokens, list) or not isinstance(values, list) or not tokens:
            raise GenerationError(f"{unsupported}: the answer's logprobs have no tokens")
        offsets = logprobs.get("text_offset")
        if not isinstance(offsets, list):  # some servers leave text_offset out: the tokens are the text, in order
            offsets, at = [], 0
            for token in tokens:
                offsets.append(at)
                at += len(str(token))
        if len(offsets) != len(tokens) or offsets[0] != 0:
            raise GenerationError(f"{unsupported}: the prompt was not echoed (the first token is at character "
                                  f"{offsets[0] if offsets else '?'}, not 0)")
        ends = [int(o) + len(str(t)) for o, t in zip(offsets, tokens, strict=True)]
        total, count = span_logprob([int(o) for o in offsets], ends, values, start, end, what)
        usage = _usage_of(body)
        return AnswerScore(total, count, Usage(1, int(usage.get("prompt_tokens") or len(tokens)), 0, seconds))

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        """log P(answer | chat-formatted prompt) from one /completions pass with echo (no decoding)."""
        payload, start, end = self._score_payload(prompt, system, answer)
        t0 = time.perf_counter()
        body = self.http.post("/completions", payload, model=self.model, action="scoring an answer",
                              explain=_no_prompt_logprobs)
        return self._score(body, start, end, time.perf_counter() - t0)

    async def ascore_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        payload, start, end = self._score_payload(prompt, system, answer)
        t0 = time.perf_counter()
        body = await self.http.apost("/completions", payload, model=self.model, action="scoring an answer",
                                     explain=_no_prompt_logprobs)
        return self._score(body, start, end, time.perf_counter() - t0)

    def close(self) -> None:
        self.http.close()
