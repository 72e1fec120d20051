"""Ollama over HTTP with the `ollama` client: temperature 0, fixed seed, bounded context; sync and async.

One `ollama.Client` per generator (created on first use) and one `ollama.AsyncClient` per generator and event
loop (an httpx async pool belongs to the loop it was opened in, and callers may run several `asyncio.run`s).
Usage comes from the server's `prompt_eval_count` / `eval_count`; failures raise GenerationError naming the
host and the model.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from xgrag.generate.base import Fact, Generation, GenerationError, Usage

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


def _messages(prompt: str, system: str | None) -> list[dict[str, str]]:
    return ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": prompt}]


def _usage(resp: Any, seconds: float) -> Usage:
    return Usage(1, int(resp.get("prompt_eval_count") or 0), int(resp.get("eval_count") or 0), seconds)


def _text(resp: Any) -> str:
    message = resp.get("message")
    content = message.get("content") if message is not None else None
    if content is None:
        raise GenerationError(f"malformed Ollama response (no message content): {resp!r}"[:300])
    return str(content)


class OllamaGenerator:
    def __init__(self, model: str = "llama3.1:8b", host: str = DEFAULT_HOST, num_ctx: int = 8192,
                 temperature: float = 0.0, seed: int = 42, timeout: float = 300.0,
                 num_predict: int | None = None) -> None:
        try:
            import ollama  # noqa: F401
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise GenerationError("the `ollama` package is not installed: pip install ollama") from exc
        self.name = f"ollama:{model}"
        self.model = model
        self.host = normalise_host(host)
        self.num_ctx = num_ctx
        self.temperature = temperature
        self.seed = seed
        self.timeout = timeout
        self.num_predict = num_predict  # cap on generated tokens (None: the server's default, unbounded)
        self.options: dict[str, Any] = {"temperature": temperature, "seed": seed, "num_ctx": num_ctx}
        if num_predict is not None:
            self.options["num_predict"] = num_predict
        self._client: Any = None
        self._async: tuple[asyncio.AbstractEventLoop, Any] | None = None
        self._lock = threading.Lock()

    @property
    def params(self) -> dict[str, Any]:
        params = {"model": self.model, "temperature": self.temperature, "seed": self.seed, "num_ctx": self.num_ctx}
        if self.num_predict is not None:
            params["num_predict"] = self.num_predict
        return params

    @property
    def client(self) -> Any:
        with self._lock:
            if self._client is None:
                import ollama

                self._client = ollama.Client(host=self.host, timeout=self.timeout)
            return self._client

    def _async_client(self) -> Any:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._async is None or self._async[0] is not loop:
                import ollama

                self._async = (loop, ollama.AsyncClient(host=self.host, timeout=self.timeout))
            return self._async[1]

    def _error(self, exc: BaseException) -> GenerationError:
        return GenerationError(f"{self.name}: {describe_ollama_error(exc, self.host, self.model)}")

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            resp = self.client.chat(model=self.model, messages=_messages(prompt, system), options=self.options,
                                    stream=False)
        except Exception as exc:
            raise self._error(exc) from exc
        return Generation(_text(resp), _usage(resp, time.perf_counter() - t0), self.name)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            resp = await self._async_client().chat(model=self.model, messages=_messages(prompt, system),
                                                   options=self.options, stream=False)
        except Exception as exc:
            raise self._error(exc) from exc
        return Generation(_text(resp), _usage(resp, time.perf_counter() - t0), self.name)

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
            self._async = None  # its loop owns the connections; they go with it
