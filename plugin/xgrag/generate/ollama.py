"""Ollama over HTTP: temperature 0, fixed seed, bounded context; sync and async.

The generator posts to /api/chat through xgrag.generate.http_client (a bounded timeout, retries with backoff on
timeouts, dropped connections, 429 and 5xx; one httpx pool per generator and one async pool per event loop).
Usage comes from the server's `prompt_eval_count` / `eval_count`; failures raise GenerationError naming the host,
the model, the cause and the attempts made. `describe_ollama_error` words the `ollama` client's errors for the
embedder and LangChain's ChatOllama, which still go through the `ollama` package.
"""

from __future__ import annotations

import time
from typing import Any

from xgrag.generate.base import Fact, Generation, Usage, chat_messages
from xgrag.generate.http_client import (
    DEFAULT_BACKOFF,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    JSONHTTPClient,
    RetryPolicy,
    field,
)

DEFAULT_HOST = "http://127.0.0.1:11434"


def normalise_host(host: str | None) -> str:
    """The base URL the `ollama` client will use for `host` (same rules: default port 11434, http scheme)."""
    try:
        from ollama._client import _parse_host
    except ImportError:  # pragma: no cover - private helper moved: keep the caller's spelling
        return (host or DEFAULT_HOST).rstrip("/")
    return _parse_host(host or DEFAULT_HOST)


def describe_ollama_error(exc: BaseException, host: str, model: str, what: str = "generation") -> str:
    """A message that says what to do: no server, unknown model, or the server's own error."""
    try:
        import httpx
        import ollama
    except ImportError:  # pragma: no cover - depends on the install
        return f"ollama {what} with {model!r} at {host} failed: {exc}"
    if isinstance(exc, ConnectionError | httpx.ConnectError):
        return f"no Ollama server at {host}: is `ollama serve` running? ({what} with model {model!r})"
    if isinstance(exc, httpx.TimeoutException):
        return f"the Ollama server at {host} timed out during {what} with model {model!r} ({type(exc).__name__})"
    if isinstance(exc, ollama.ResponseError):
        if exc.status_code == 404:
            return (f"the Ollama server at {host} has no model {model!r}: `ollama pull {model}` "
                    f"(server said: {exc.error})")
        return f"the Ollama server at {host} failed {what} with model {model!r} (HTTP {exc.status_code}): {exc.error}"
    if isinstance(exc, httpx.HTTPError):
        return f"talking to the Ollama server at {host} failed during {what} with model {model!r}: {exc!r}"
    return f"ollama {what} with model {model!r} at {host} failed: {type(exc).__name__}: {exc}"


def _usage(resp: dict[str, Any], seconds: float) -> Usage:
    return Usage(1, int(resp.get("prompt_eval_count") or 0), int(resp.get("eval_count") or 0), seconds)


class OllamaGenerator:
    """POST /api/chat (not streamed) with the shared resilient client (timeout, retries with backoff)."""

    # a server keeps the cache of prompt prefixes it saw: the explainer orders its context for it (xgrag.explain.prefix)
    caches_prefixes = True

    def __init__(self, model: str = "llama3.1:8b", host: str = DEFAULT_HOST, num_ctx: int = 8192,
                 temperature: float = 0.0, seed: int = 42, timeout: float = DEFAULT_TIMEOUT,
                 num_predict: int | None = None, max_retries: int = DEFAULT_MAX_RETRIES,
                 backoff: float = DEFAULT_BACKOFF, retry_seed: int | None = None) -> None:
        self.name = f"ollama:{model}"
        self.model = model
        self.host = normalise_host(host)
        self.num_ctx = num_ctx
        self.temperature = temperature
        self.seed = seed
        self.num_predict = num_predict  # cap on generated tokens (None: the server's default, unbounded)
        self.options: dict[str, Any] = {"temperature": temperature, "seed": seed, "num_ctx": num_ctx}
        if num_predict is not None:
            self.options["num_predict"] = num_predict
        self.http = JSONHTTPClient(self.host, label="Ollama server", timeout=timeout,
                                   policy=RetryPolicy(max_retries=max_retries, backoff=backoff), seed=retry_seed,
                                   connect_hint="is `ollama serve` running?", explain=self._explain)

    @property
    def timeout(self) -> float:
        return self.http.timeout

    @property
    def max_retries(self) -> int:
        return self.http.policy.max_retries

    @property
    def params(self) -> dict[str, Any]:
        params = {"model": self.model, "temperature": self.temperature, "seed": self.seed, "num_ctx": self.num_ctx}
        if self.num_predict is not None:
            params["num_predict"] = self.num_predict
        return params

    def _explain(self, status: int, said: str) -> str | None:
        if status == 404 and "model" in said.lower():
            return f"the server has no model {self.model!r}: `ollama pull {self.model}` (server said: {said})"
        return None

    def _payload(self, prompt: str, system: str | None) -> dict[str, Any]:
        return {"model": self.model, "messages": chat_messages(prompt, system), "options": self.options,
                "stream": False}

    def _generation(self, resp: dict[str, Any], seconds: float) -> Generation:
        text = field(resp, "message", "content", kind=str, what=f"{self.name} at {self.host}")
        return Generation(text, _usage(resp, seconds), self.name)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        resp = self.http.post("/api/chat", self._payload(prompt, system), model=self.model, action="chat")
        return self._generation(resp, time.perf_counter() - t0)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        resp = await self.http.apost("/api/chat", self._payload(prompt, system), model=self.model, action="chat")
        return self._generation(resp, time.perf_counter() - t0)

    def close(self) -> None:
        self.http.close()
