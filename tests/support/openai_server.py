"""An OpenAI-protocol HTTP server for tests, backed by real local models.

It speaks the parts of the OpenAI REST API that xgrag's OpenAIGenerator / OpenAIEmbedder (and OpenAI-compatible
clients generally) use, under /v1:

  POST /v1/chat/completions  SmolLM2-135M-Instruct with the tokenizer's chat template; temperature (OpenAI's
                             default 1.0), seed, max_tokens / max_completion_tokens, stop, logprobs + top_logprobs
                             (the generated tokens' real log-probabilities); usage in tokenizer tokens. No streaming.
  POST /v1/completions       raw-text continuation; with echo=true and logprobs=N the prompt's tokens come back with
                             their real log-probabilities from one SmolLM2 forward pass (max_tokens=0 allowed with
                             echo, as vLLM does): tokens, token_logprobs (None for the first), top_logprobs,
                             text_offset.
  POST /v1/embeddings        all-MiniLM-L6-v2, unit-normalised; encoding_format float or base64; dimensions.
  GET  /v1/models            the served models.

Scripted models (`scripted={model name: rule}`), for what a 135M model cannot do reliably (answer from one planted
decisive unit of a context, write Cypher, return extraction JSON): chat requests naming such a model are answered by
the rule instead of SmolLM2, over the same protocol. A rule is a mapping from a substring of the request's text
(every message's content) to the reply, tried in insertion order, or a callable from the list of messages (role,
content) to the reply or None. No match is an HTTP 500 naming the model, never a silent default. Recorded requests to
a scripted model have `scripted=True`. /v1/completions does not serve scripted models (HTTP 400).

`api_key=` makes every endpoint demand `Authorization: Bearer <key>`; a wrong or missing key gets a 401 whose
message echoes the key it received (worse than OpenAI, which masks it: a client must scrub it from its errors).
`prompt_logprobs=` says how /v1/completions treats prompt log-probabilities: "supported" (vLLM), "ignored" (echo and
logprobs are ignored: a 200 with the completion only and logprobs null, max_tokens=0 giving an empty one),
"absent" (HTTP 404, as OpenAI answers for its chat models). Unknown models get OpenAI's 404 (code
model_not_found). Fault injection and request recording: tests/support/http_server.py.

    with OpenAITestServer() as server:
        gen = OpenAIGenerator("smollm2", base_url=server.base_url)
"""

from __future__ import annotations

import base64
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from support.http_server import HTTPError, JSONHandler, LocalHTTPServer, RecordedRequest, parse_messages
from support.models import ModelBackend

__all__ = ["OpenAITestServer", "RecordedRequest"]

DEFAULT_MAX_TOKENS = 64  # OpenAI's default is the model's limit; a test server must stay fast
ScriptedRule = Mapping[str, str] | Callable[[list[dict[str, str]]], "str | None"]


@dataclass
class _ScriptedCompletion:  # the attributes of xgrag.generate.smollm2.Completion that the chat handler reads
    text: str
    prompt_tokens: int
    completion_tokens: int
    done_reason: str = "stop"
    logprobs: Any = None
    top_logprobs: Any = None


_ERROR_TYPES = {400: ("invalid_request_error", None), 401: ("invalid_request_error", "invalid_api_key"),
                404: ("invalid_request_error", "model_not_found"), 429: ("requests", "rate_limit_exceeded")}


class OpenAITestServer(LocalHTTPServer):
    """Context manager: `with OpenAITestServer() as server: ... server.base_url ...`."""

    thread_name = "openai-test-server"

    def __init__(self, *, chat_models: Iterable[str] = ("smollm2",), embed_models: Iterable[str] = ("all-minilm",),
                 api_key: str | None = None, prompt_logprobs: str = "supported",
                 default_max_tokens: int = DEFAULT_MAX_TOKENS, generator_factory: Callable[..., Any] | None = None,
                 embedder: Any = None, scripted: Mapping[str, ScriptedRule] | None = None, host: str = "127.0.0.1",
                 port: int = 0) -> None:
        super().__init__(host=host, port=port)
        if prompt_logprobs not in ("supported", "ignored", "absent"):
            raise ValueError(f"prompt_logprobs must be supported, ignored or absent, got {prompt_logprobs!r}")
        self.models = {**{m: "chat" for m in chat_models}, **{m: "embed" for m in embed_models}}
        self.scripted: dict[str, ScriptedRule] = {}
        for name, rule in (scripted or {}).items():
            if not (callable(rule) or isinstance(rule, Mapping)):
                raise TypeError(f"scripted model {name!r}: the rule must be a mapping or a callable")
            self.scripted[name] = rule
            self.models[name] = "chat"
        self.api_key = api_key
        self.prompt_logprobs = prompt_logprobs
        self.default_max_tokens = default_max_tokens
        self.backend_models = ModelBackend(generator_factory, embedder)

    @property
    def base_url(self) -> str:
        return f"{self.url}/v1"

    def error_body(self, status: int, message: str) -> Any:
        kind, code = _ERROR_TYPES.get(status, ("server_error" if status >= 500 else "invalid_request_error", None))
        return {"error": {"message": message, "type": kind, "param": None, "code": code}}

    def model(self, name: Any, kind: str) -> str:
        if not isinstance(name, str) or not name.strip():
            raise HTTPError(400, "you must provide a model parameter")
        served = self.models.get(name)
        if served is None:
            raise HTTPError(404, f"The model `{name}` does not exist or you do not have access to it.")
        if served != kind:
            raise HTTPError(400, f"The model `{name}` does not support {'chat' if kind == 'chat' else 'embeddings'}.")
        return name

    def scripted_reply(self, name: str, messages: list[dict[str, str]]) -> _ScriptedCompletion:
        """The scripted model's reply to `messages` (HTTP 500 naming the model when no rule matches)."""
        rule = self.scripted[name]
        if callable(rule):
            reply = rule(messages)
        else:
            text = "\n".join(m["content"] for m in messages)
            reply = next((r for key, r in rule.items() if key in text), None)
        if reply is None:
            raise HTTPError(500, f"scripted model {name!r} has no reply for this prompt")
        return _ScriptedCompletion(reply, sum(len(m["content"].split()) for m in messages), len(reply.split()))

    def generator(self, body: dict[str, Any], max_tokens: int) -> Any:
        """SmolLM2 for one request: OpenAI's option names and defaults (temperature 1.0, no seed = random)."""
        seed = body.get("seed")
        if seed is None:
            seed = int.from_bytes(uuid.uuid4().bytes[:4], "big")
        return self.backend_models.generator(temperature=float(body.get("temperature", 1.0)), seed=int(seed),
                                             max_new_tokens=max_tokens, top_p=float(body.get("top_p", 1.0)),
                                             top_k=0)


def _int(body: dict[str, Any], key: str, default: int | None, low: int, high: int | None = None) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        raise HTTPError(400, f"'{key}' must be an integer between {low} and {high if high is not None else 'inf'}")
    return value


def _stop(body: dict[str, Any]) -> list[str]:
    stop = body.get("stop") or []
    return [stop] if isinstance(stop, str) else [str(s) for s in stop]


def _usage(prompt: int, completion: int) -> dict[str, int]:
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _finish(done_reason: str) -> str:
    return "stop" if done_reason == "stop" else "length"


class _Handler(JSONHandler):
    backend: OpenAITestServer  # set on the bound subclass
    server_version = "openai-test-server"

    def _auth(self) -> None:
        key = self.backend.api_key
        if key is None:
            return
        sent = self.headers.get("Authorization", "")
        if sent != f"Bearer {key}":
            received = sent.removeprefix("Bearer ") if sent else "none"
            raise HTTPError(401, f"Incorrect API key provided: {received}.")

    def models(self, body: dict[str, Any]) -> None:
        self._auth()
        self._send(200, {"object": "list", "data": [
            {"id": name, "object": "model", "created": 1700000000, "owned_by": "xgrag-tests"}
            for name in self.backend.models]})

    def chat(self, body: dict[str, Any]) -> None:
        self._auth()
        model = self.backend.model(body.get("model"), "chat")
        if body.get("stream"):
            raise HTTPError(400, "stream=true is not supported by this test server")
        messages = parse_messages(body.get("messages"))
        if not messages:
            raise HTTPError(400, "'messages' must be a non-empty array")
        max_tokens = _int(body, "max_completion_tokens", None, 1) or _int(body, "max_tokens", None, 1)
        top = _int(body, "top_logprobs", 0, 0, 20) or 0
        want_logprobs = bool(body.get("logprobs"))
        if model in self.backend.scripted:
            self._request.scripted = True
            c = self.backend.scripted_reply(model, messages)
        else:
            gen = self.backend.generator(body, max_tokens or self.backend.default_max_tokens)
            c = gen.complete(messages, stop=_stop(body), logprobs=top if want_logprobs else None)
        logprobs = None
        if want_logprobs:
            logprobs = {"content": [
                {"token": t.token, "logprob": t.logprob, "bytes": list(t.token.encode()),
                 "top_logprobs": [{"token": a.token, "logprob": a.logprob, "bytes": list(a.token.encode())}
                                  for a in (c.top_logprobs[i] if c.top_logprobs else [])]}
                for i, t in enumerate(c.logprobs or [])], "refusal": None}
        self._send(200, {
            "id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": model, "system_fingerprint": "fp_smollm2_135m",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": c.text, "refusal": None},
                         "logprobs": logprobs, "finish_reason": _finish(c.done_reason)}],
            "usage": _usage(c.prompt_tokens, c.completion_tokens)})

    def completions(self, body: dict[str, Any]) -> None:
        self._auth()
        model = self.backend.model(body.get("model"), "chat")
        mode = self.backend.prompt_logprobs
        if model in self.backend.scripted:
            raise HTTPError(400, f"the scripted model `{model}` serves /v1/chat/completions only")
        if mode == "absent":
            raise HTTPError(404, "This is a chat model and not supported in the v1/completions endpoint. "
                                 "Did you mean to use v1/chat/completions?")
        prompt = body.get("prompt")
        if isinstance(prompt, list) and len(prompt) == 1:
            prompt = prompt[0]
        if not isinstance(prompt, str) or not prompt:
            raise HTTPError(400, "'prompt' must be a non-empty string")
        max_tokens = _int(body, "max_tokens", 16, 0) or 0
        echo = bool(body.get("echo")) and mode == "supported"
        top = _int(body, "logprobs", None, 0, 5) if mode == "supported" else None
        if max_tokens == 0 and not echo and mode == "supported":
            raise HTTPError(400, "max_tokens must be at least 1 unless echo is set")
        gen = self.backend.generator(body, max(1, max_tokens))
        generated = gen.complete(raw_prompt=prompt, stop=_stop(body), logprobs=top) if max_tokens else None
        text = (prompt if echo else "") + (generated.text if generated else "")
        logprobs = None
        prompt_tokens = generated.prompt_tokens if generated else 0
        if top is not None:
            tokens: list[str] = []
            offsets: list[int] = []
            values: list[float | None] = []
            tops: list[dict[str, float] | None] = []
            if echo:
                scored = gen.text_logprobs(prompt, top=top)
                prompt_tokens = len(scored.tokens)
                tokens += scored.tokens
                offsets += scored.starts
                values += scored.logprobs
                tops += [{a.token: a.logprob for a in alts} if i else None for i, alts in enumerate(scored.top)]
            at = len(prompt)
            for i, t in enumerate((generated.logprobs or []) if generated else []):
                tokens.append(t.token)
                offsets.append(at)
                values.append(t.logprob)
                alts = generated.top_logprobs[i] if generated and generated.top_logprobs else []
                tops.append({a.token: a.logprob for a in alts})
                at += len(t.token)
            logprobs = {"tokens": tokens, "token_logprobs": values, "top_logprobs": tops, "text_offset": offsets}
        elif echo:
            prompt_tokens = len(gen.text_logprobs(prompt).tokens)
        self._send(200, {
            "id": f"cmpl-{uuid.uuid4().hex[:24]}", "object": "text_completion", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "text": text, "logprobs": logprobs,
                         "finish_reason": _finish(generated.done_reason) if generated else "length"}],
            "usage": _usage(prompt_tokens, generated.completion_tokens if generated else 0)})

    def embeddings(self, body: dict[str, Any]) -> None:
        self._auth()
        model = self.backend.model(body.get("model"), "embed")
        raw = body.get("input")
        texts = [raw] if isinstance(raw, str) else raw
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) and t for t in texts):
            raise HTTPError(400, "'input' must be a non-empty string or a non-empty array of non-empty strings")
        encoding = body.get("encoding_format", "float")
        if encoding not in ("float", "base64"):
            raise HTTPError(400, "'encoding_format' must be float or base64")
        dimensions = _int(body, "dimensions", None, 1)
        matrix, tokens = self.backend.backend_models.embed(texts, dimensions)
        data = []
        for i, row in enumerate(matrix):
            vector: Any = (row.astype(float).tolist() if encoding == "float"
                           else base64.b64encode(row.astype(np.float32).tobytes()).decode())
            data.append({"object": "embedding", "index": i, "embedding": vector})
        self._send(200, {"object": "list", "data": data, "model": model, "usage": _usage(tokens, 0)})


_Handler.ROUTES = {
    ("GET", "/v1/models"): _Handler.models,
    ("POST", "/v1/chat/completions"): _Handler.chat,
    ("POST", "/v1/completions"): _Handler.completions,
    ("POST", "/v1/embeddings"): _Handler.embeddings,
}
OpenAITestServer.handler = _Handler
