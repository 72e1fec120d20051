"""JSON over HTTP to a model server, with a bounded timeout and retries (one implementation for every HTTP generator).

Used by the Ollama generator, the OpenAI-compatible generator and the OpenAI-compatible embedder.

Retried: a timeout (connecting, reading, writing, waiting for a pooled connection), a connection dropped or reset
by the server mid-request, HTTP 429 and HTTP 5xx. Not retried: any other 4xx (the request, the model name or the
key is wrong; asking again gives the same answer), nothing listening at the address (connection refused), and a
2xx whose body is not a JSON object (a server that answers garbage once answers it again).

Before retry number r (0 for the first), the client waits `backoff * 2**r` seconds, capped at `max_backoff`, less
up to `jitter` (25%) of it drawn from `random.Random(seed)`: concurrent clients spread out, and a test that passes a
seed gets the same schedule every time. A 429 or 503 that says Retry-After (seconds or an HTTP date) or
retry-after-ms is honoured as given instead; a wait longer than `max_retry_after` is not, and the call fails at once
saying so (sleeping for many minutes inside an explanation run is worse than stopping).

`timeout` bounds each attempt's connect, each read and each write (httpx semantics): a server that sends nothing
for `timeout` seconds fails the attempt, so one call takes at most about `timeout * (max_retries + 1)` plus the
backoff. The final error names the server, the model, the status or cause and how many attempts were made. Secrets
(the Authorization header's value) are never logged and are scrubbed from every message, whatever the server echoes.
"""

from __future__ import annotations

import asyncio
import email.utils
import logging
import random
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from xgrag.errors import ServiceError, UsageError
from xgrag.generate.base import GenerationError

log = logging.getLogger("xgrag.generate")

DEFAULT_TIMEOUT = 120.0
DEFAULT_MAX_RETRIES = 3
DEFAULT_BACKOFF = 0.5

# A dropped or reset connection (httpx raises these when the peer closes or resets mid-request).
_DROPPED = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError, httpx.CloseError)


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry. Validated: a bad value is a UsageError naming the setting."""

    max_retries: int = DEFAULT_MAX_RETRIES
    backoff: float = DEFAULT_BACKOFF  # seconds before the first retry; doubles each retry
    max_backoff: float = 30.0
    jitter: float = 0.25  # the fraction of each wait drawn at random (subtracted, so a wait never grows)
    max_retry_after: float = 60.0  # longest Retry-After the client honours

    def __post_init__(self) -> None:
        if isinstance(self.max_retries, bool) or not isinstance(self.max_retries, int) or self.max_retries < 0:
            raise UsageError(f"max_retries must be a whole number >= 0, got {self.max_retries!r}")
        for name in ("backoff", "max_backoff", "max_retry_after"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or value < 0:
                raise UsageError(f"{name} must be a number of seconds >= 0, got {value!r}")
        if not 0 <= self.jitter <= 1:
            raise UsageError(f"jitter must be between 0 and 1, got {self.jitter!r}")

    def backoff_delay(self, retry: int, rng: random.Random) -> float:
        """Seconds to wait before retry number `retry` (0 = the first retry) when the server gave no Retry-After."""
        base = min(self.max_backoff, self.backoff * 2.0 ** retry)
        return base * (1.0 - self.jitter * rng.random())

    def schedule(self, seed: int | None) -> list[float]:
        """The waits before each retry for a given seed (what a call that keeps failing will sleep)."""
        rng = random.Random(seed)
        return [self.backoff_delay(r, rng) for r in range(self.max_retries)]


def check_timeout(timeout: Any) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise UsageError(f"timeout must be a number of seconds > 0, got {timeout!r}")
    return float(timeout)


def parse_retry_after(headers: Mapping[str, str], now: datetime | None = None) -> float | None:
    """Seconds the server asks to wait: `retry-after-ms`, else `Retry-After` (seconds or an HTTP date); None if
    absent or unreadable."""
    lowered = {k.lower(): v for k, v in headers.items()}
    ms = lowered.get("retry-after-ms")
    if ms is not None:
        try:
            value = float(ms) / 1000.0
            if value >= 0:
                return value
        except ValueError:
            pass
    raw = lowered.get("retry-after")
    if raw is None:
        return None
    raw = raw.strip()
    try:
        seconds = float(raw)
        return seconds if seconds >= 0 else None
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())


def display_url(url: str) -> str:
    """`url` without user:password@ (what error messages show)."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    netloc = parts.hostname or ""
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def server_message(response: httpx.Response) -> str:
    """The error text a server put in its body: OpenAI's {"error": {"message"}}, Ollama's {"error": "..."}, or the
    start of the raw body."""
    try:
        body = response.json()
    except ValueError:
        return response.text.strip()[:300]
    if isinstance(body, dict):
        err = body.get("error", body.get("detail", body.get("message")))
        if isinstance(err, dict):
            err = err.get("message") or err
        if err is not None:
            return str(err)[:300]
    return str(body)[:300]


@dataclass
class _Failure:
    cause: str
    retryable: bool
    status: int | None = None
    retry_after: float | None = None
    note: str = ""  # why it was not retried


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


Explain = Callable[[int, str], "str | None"]


class JSONHTTPClient:
    """POST JSON with retries. `label` names the kind of server in messages ("Ollama server"), `connect_hint`
    says what to do when nothing listens, `explain(status, server_message)` may word a non-retried status better
    (e.g. Ollama's unknown model). `error` is the exception class raised (GenerationError, EmbeddingError)."""

    def __init__(self, base_url: str, *, label: str, timeout: float = DEFAULT_TIMEOUT,
                 policy: RetryPolicy | None = None, seed: int | None = None,
                 headers: Mapping[str, str] | None = None, error: type[ServiceError] = GenerationError,
                 connect_hint: str = "", explain: Explain | None = None,
                 transport: httpx.BaseTransport | None = None,
                 async_transport: httpx.AsyncBaseTransport | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 asleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.base_url = base_url.rstrip("/")
        self.url = display_url(self.base_url)
        self.label = label
        self.timeout = check_timeout(timeout)
        self.policy = policy or RetryPolicy()
        self._headers = dict(headers or {})
        # Whatever authenticates us is scrubbed from every message (a server may echo the key in its error text).
        self._secrets = [v.split(" ", 1)[-1] for k, v in self._headers.items()
                         if k.lower() in ("authorization", "api-key", "x-api-key") and v.strip()]
        password = urlsplit(self.base_url).password
        if password:
            self._secrets.append(password)
        self.error = error
        self.connect_hint = connect_hint
        self.explain = explain
        self._transport = transport
        self._async_transport = async_transport
        # Replaceable: a recording sleep in tests.
        self.sleep = sleep
        self.asleep = asleep
        self._rng = random.Random(seed)
        self._client: httpx.Client | None = None
        self._async: tuple[asyncio.AbstractEventLoop, httpx.AsyncClient] | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:  # never the headers
        return f"JSONHTTPClient({self.url!r}, label={self.label!r}, timeout={self.timeout}, {self.policy})"

    # -- clients ---------------------------------------------------------------------------------------------
    @property
    def transport(self) -> httpx.BaseTransport | None:
        return self._transport

    @transport.setter
    def transport(self, transport: httpx.BaseTransport | None) -> None:
        """Send through another httpx transport (httpx.MockTransport in tests); the next call opens a new pool."""
        self.close()
        self._transport = transport

    @property
    def async_transport(self) -> httpx.AsyncBaseTransport | None:
        return self._async_transport

    @async_transport.setter
    def async_transport(self, transport: httpx.AsyncBaseTransport | None) -> None:
        self.close()
        self._async_transport = transport

    def _sync(self) -> httpx.Client:
        with self._lock:
            if self._client is None:
                self._client = httpx.Client(timeout=httpx.Timeout(self.timeout), headers=self._headers,
                                            transport=self._transport)
            return self._client

    def _async_client(self) -> httpx.AsyncClient:
        # An httpx async pool belongs to the event loop it was opened in; callers may run on one loop after another.
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._async is None or self._async[0] is not loop:
                self._async = (loop, httpx.AsyncClient(timeout=httpx.Timeout(self.timeout), headers=self._headers,
                                                       transport=self._async_transport))
            return self._async[1]

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
            self._async = None  # its loop owns the connections; they go with it

    # -- calls -----------------------------------------------------------------------------------------------
    def post(self, path: str, payload: Mapping[str, Any], *, model: str, action: str,
             explain: Explain | None = None) -> dict[str, Any]:
        return self._run(lambda: self._sync().post(self.base_url + path, json=payload), model, action, explain)

    async def apost(self, path: str, payload: Mapping[str, Any], *, model: str, action: str,
                    explain: Explain | None = None) -> dict[str, Any]:
        client = self._async_client()
        retry = 0
        while True:
            try:
                response = await client.post(self.base_url + path, json=payload)
            except httpx.HTTPError as exc:
                failure = self._transport_failure(exc)
            else:
                if response.is_success:
                    return self._json(response, model, action, retry + 1)
                failure = self._status_failure(response, explain)
            delay = self._next_delay(failure, retry, model, action)
            await self.asleep(delay)
            retry += 1

    def _run(self, send: Callable[[], httpx.Response], model: str, action: str,
             explain: Explain | None) -> dict[str, Any]:
        retry = 0
        while True:
            try:
                response = send()
            except httpx.HTTPError as exc:
                failure = self._transport_failure(exc)
            else:
                if response.is_success:
                    return self._json(response, model, action, retry + 1)
                failure = self._status_failure(response, explain)
            self.sleep(self._next_delay(failure, retry, model, action))
            retry += 1

    # -- classification --------------------------------------------------------------------------------------
    def _transport_failure(self, exc: httpx.HTTPError) -> _Failure:
        if isinstance(exc, httpx.TimeoutException):
            return _Failure(f"no answer within the {self.timeout:g} s timeout ({type(exc).__name__})", True)
        if isinstance(exc, _DROPPED):
            return _Failure(f"the connection was dropped ({type(exc).__name__}: {exc})", True)
        if isinstance(exc, httpx.ConnectError):
            hint = f": {self.connect_hint}" if self.connect_hint else ""
            return _Failure(f"no {self.label} at {self.url}{hint} ({exc})", False,
                            note="a refused connection is not retried")
        return _Failure(f"{type(exc).__name__}: {exc}", False, note="not retried")

    def _status_failure(self, response: httpx.Response, explain: Explain | None) -> _Failure:
        status = response.status_code
        said = server_message(response)
        retryable = status == 429 or status >= 500
        cause = None
        if not retryable:
            for hook in (explain, self.explain):
                cause = hook(status, said) if hook is not None else None
                if cause:
                    break
        if cause is None:
            reason = f" {response.reason_phrase}" if response.reason_phrase else ""
            cause = f"HTTP {status}{reason}" + (f" (server said: {said})" if said else "")
        return _Failure(cause, retryable, status, parse_retry_after(response.headers) if retryable else None,
                        note="" if retryable else f"HTTP {status} is not retried")

    def _next_delay(self, failure: _Failure, retry: int, model: str, action: str) -> float:
        """Seconds to wait before the next attempt, or raise the final error."""
        attempts = retry + 1
        if not failure.retryable:
            raise self._error(failure, model, action, f"{_plural(attempts, 'attempt')}; {failure.note}")
        if retry >= self.policy.max_retries:
            raise self._error(failure, model, action,
                              f"gave up after {_plural(attempts, 'attempt')}: timeout {self.timeout:g} s, "
                              f"max_retries {self.policy.max_retries}")
        if failure.retry_after is not None:
            if failure.retry_after > self.policy.max_retry_after:
                raise self._error(failure, model, action,
                                  f"{_plural(attempts, 'attempt')}; the server asked to wait "
                                  f"{failure.retry_after:g} s, more than max_retry_after "
                                  f"{self.policy.max_retry_after:g} s")
            delay = failure.retry_after
        else:
            delay = self.policy.backoff_delay(retry, self._rng)
        log.info("%s", self._scrub(f"{self.label} at {self.url}: {action} with model {model!r}: {failure.cause}; "
                                   f"retry {retry + 1} of {self.policy.max_retries} in {delay:.2f} s"))
        return delay

    def _error(self, failure: _Failure, model: str, action: str, detail: str) -> ServiceError:
        what = f"{action} with model {model!r}" if model else action
        message = f"{self.label} at {self.url}: {what} failed: {failure.cause} ({detail})"
        if failure.cause.startswith(f"no {self.label} at "):  # the cause already names the server
            message = f"{failure.cause} ({what}; {detail})"
        return self.error(self._scrub(message))

    def _json(self, response: httpx.Response, model: str, action: str, attempts: int) -> dict[str, Any]:
        try:
            body = response.json()
        except ValueError as exc:
            start = response.text[:80]
            raise self._error(_Failure(f"the server answered HTTP {response.status_code} with malformed JSON "
                                       f"({exc}; the body starts {start!r})", False), model, action,
                              f"{_plural(attempts, 'attempt')}; malformed JSON is not retried") from None
        if not isinstance(body, dict):
            raise self._error(_Failure(f"the server answered with a JSON {type(body).__name__}, not an object",
                                       False), model, action, _plural(attempts, "attempt"))
        return body

    def _scrub(self, text: str) -> str:
        for secret in self._secrets:
            if secret:
                text = text.replace(secret, "***")
        return text


def field(body: Any, *path: str | int, kind: type | tuple[type, ...] | None = None, what: str,
          error: type[ServiceError] = GenerationError) -> Any:
    """body[path[0]][path[1]]...; a missing or mistyped field is an error naming the field and `what` answered."""
    value = body
    where = ""
    for key in path:
        where += f"[{key}]" if isinstance(key, int) else (f".{key}" if where else str(key))
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            raise error(f"{what}: malformed response, field {where!r} is missing") from None
    if kind is not None and not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise error(f"{what}: malformed response, field {where!r} is a {type(value).__name__}, not a {names}")
    return value
