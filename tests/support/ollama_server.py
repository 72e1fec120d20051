"""An Ollama-protocol HTTP server for tests, backed by real local models.

It speaks the parts of the Ollama REST API that the `ollama` Python client and langchain-ollama's ChatOllama /
OllamaEmbeddings use: POST /api/chat and /api/generate (JSON with `"stream": false`, NDJSON over chunked transfer
encoding otherwise — Ollama streams by default and ChatOllama always asks for a stream), POST /api/embed and the
legacy /api/embeddings, GET /api/tags, POST /api/show, GET /api/version, GET /api/ps and GET / ("Ollama is
running"). Chat and generate run the real SmolLM2-135M-Instruct (xgrag.generate.smollm2) and honour
options.temperature / seed / num_predict / top_k / top_p / stop with Ollama's defaults (temperature 0.8, a random
seed); embeddings come from the real all-MiniLM-L6-v2 (xgrag.embed.default_embedder), unit-normalised
like Ollama's /api/embed. An unknown model gets a 404 with Ollama's error JSON.

    with OllamaTestServer() as server:
        client = ollama.Client(host=server.url)
        ...
        assert server.requests_to("/api/chat")[0].body["options"]["temperature"] == 0

It listens on 127.0.0.1 on a free port, serves from a background thread, records every request, and takes the
fault injection of tests/support/http_server.py (`fail_next` with a status and Retry-After, `delay_next`,
`malformed_next`, `drop_next`), answering injected errors with Ollama's error JSON.

Scripted models (`scripted={model name: rule}`), for steps a 135M model cannot do (writing Cypher, say): chat and
generate requests naming such a model are answered with a fixed reply instead of SmolLM2, over the same real HTTP
protocol (streamed or not). A rule is a mapping from a substring of the request's text (every message's content, or
the system + prompt of /api/generate) to the reply, tried in insertion order, or a callable from the list of
messages (role, content) to the reply or None. No match is an HTTP 500 naming the model, never a silent default.
Recorded requests to a scripted model have `scripted=True`; every other model keeps running SmolLM2.

Durations in responses are wall-clock nanoseconds; the split between prompt evaluation and generation is not
measured (prompt_eval_duration is reported as 0).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import numpy as np

from support.http_server import HTTPError, JSONHandler, LocalHTTPServer, RecordedRequest, parse_messages
from support.models import ModelBackend

__all__ = ["OllamaTestServer", "RecordedRequest", "normalise_model"]

OLLAMA_VERSION = "0.12.3"  # what /api/version reports
DEFAULT_NUM_PREDICT = 64  # Ollama's default is unbounded (-1); a test server must stay fast


ScriptedRule = Mapping[str, str] | Callable[[list[dict[str, str]]], "str | None"]


@dataclass
class _ScriptedCompletion:  # the attributes of xgrag.generate.smollm2.Completion that the handlers read
    text: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    done_reason: str = "stop"
    pieces: list[str] = field(default_factory=list)


@dataclass
class ModelInfo:
    name: str  # normalised, with a tag ("smollm2:latest")
    kind: str  # "chat" | "embed"
    details: dict[str, Any] = field(default_factory=dict)


def normalise_model(name: str) -> str:
    name = (name or "").strip()
    return name if ":" in name.rsplit("/", 1)[-1] else f"{name}:latest"


_CHAT_TEMPLATE = ("{{ if .System }}<|im_start|>system\n{{ .System }}<|im_end|>\n{{ end }}"
                  "<|im_start|>user\n{{ .Prompt }}<|im_end|>\n<|im_start|>assistant\n")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


class OllamaTestServer(LocalHTTPServer):
    """Context manager: `with OllamaTestServer() as server: ... server.url ...`."""

    thread_name = "ollama-test-server"

    def __init__(self, *, chat_models: Iterable[str] = ("smollm2", "smollm2:135m"),
                 embed_models: Iterable[str] = ("all-minilm", "all-minilm:l6-v2"),
                 default_num_predict: int = DEFAULT_NUM_PREDICT,
                 generator_factory: Callable[..., Any] | None = None, embedder: Any = None,
                 scripted: Mapping[str, ScriptedRule] | None = None,
                 host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__(host=host, port=port)
        self.models: dict[str, ModelInfo] = {}
        self._scripted: dict[str, ScriptedRule] = {}
        for name, rule in (scripted or {}).items():
            if not (callable(rule) or isinstance(rule, Mapping)):
                raise TypeError(f"scripted model {name!r}: the rule must be a mapping or a callable")
            self._scripted[normalise_model(name)] = rule
            self.models[normalise_model(name)] = ModelInfo(normalise_model(name), "chat", {
                "parent_model": "", "format": "scripted", "family": "scripted", "families": ["scripted"],
                "parameter_size": "0", "quantization_level": "none"})
        for name in chat_models:
            self.models[normalise_model(name)] = ModelInfo(normalise_model(name), "chat", {
                "parent_model": "", "format": "gguf", "family": "llama", "families": ["llama"],
                "parameter_size": "134.52M", "quantization_level": "Q4_1"})
        for name in embed_models:
            self.models[normalise_model(name)] = ModelInfo(normalise_model(name), "embed", {
                "parent_model": "", "format": "safetensors", "family": "bert", "families": ["bert"],
                "parameter_size": "22.6M", "quantization_level": "F32"})
        self.default_num_predict = default_num_predict
        self.backend_models = ModelBackend(generator_factory, embedder)

    # -- backends --------------------------------------------------------------------------------------------
    def model(self, name: Any, kind: str | None = None) -> ModelInfo:
        if not isinstance(name, str) or not name.strip():
            raise HTTPError(400, "model is required")
        info = self.models.get(normalise_model(name))
        if info is None:
            raise HTTPError(404, f'model "{name}" not found, try pulling it first')
        if kind is not None and info.kind != kind:
            action = "chat" if kind == "chat" else "embeddings"
            raise HTTPError(400, f'"{name}" does not support {action}')
        return info

    def generator(self, options: dict[str, Any]) -> Any:
        """SmolLM2 with Ollama's option names and defaults (temperature 0.8, a random seed)."""
        seed = options.get("seed")
        seed = int(seed) if seed is not None and int(seed) >= 0 else random.SystemRandom().randrange(2**31)
        num_predict = int(options.get("num_predict", -1))
        if num_predict <= 0:
            num_predict = self.default_num_predict
        return self.backend_models.generator(temperature=float(options.get("temperature", 0.8)), seed=seed,
                                             max_new_tokens=num_predict, top_k=int(options.get("top_k", 40)),
                                             top_p=float(options.get("top_p", 0.9)))

    def is_scripted(self, name: str) -> bool:
        return normalise_model(name) in self._scripted

    def scripted_reply(self, name: str, messages: list[dict[str, str]], pieces: bool) -> _ScriptedCompletion:
        """The scripted model's reply to `messages` (HTTP 500 naming the model when no rule matches)."""
        t0 = time.perf_counter()
        rule = self._scripted[normalise_model(name)]
        if callable(rule):
            reply = rule(messages)
        else:
            text = "\n".join(m["content"] for m in messages)
            reply = next((r for key, r in rule.items() if key in text), None)
        if reply is None:
            raise HTTPError(500, f"scripted model {name!r} has no reply for this prompt")
        words = reply.split(" ")
        chunks = [w + (" " if i < len(words) - 1 else "") for i, w in enumerate(words)] if pieces else []
        prompt_tokens = sum(len(m["content"].split()) for m in messages)
        return _ScriptedCompletion(reply, prompt_tokens, len(words), time.perf_counter() - t0, "stop", chunks)

    def embed(self, texts: Sequence[str], dimensions: int | None = None) -> tuple[np.ndarray, int]:
        return self.backend_models.embed(texts, dimensions)


def _options(body: dict[str, Any]) -> dict[str, Any]:
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise HTTPError(400, "json: cannot unmarshal options")
    return options


def _durations(seconds: float, load_seconds: float = 0.0) -> dict[str, int]:
    return {"total_duration": int((seconds + load_seconds) * 1e9), "load_duration": int(load_seconds * 1e9),
            "prompt_eval_duration": 0, "eval_duration": int(seconds * 1e9)}


class _Handler(JSONHandler):
    backend: OllamaTestServer  # set on the bound subclass
    server_version = "ollama-test-server"

    # -- endpoints -------------------------------------------------------------------------------------------
    def root(self, body: dict[str, Any]) -> None:
        self._send(200, "Ollama is running", "text/plain; charset=utf-8")

    def version(self, body: dict[str, Any]) -> None:
        self._send(200, {"version": OLLAMA_VERSION})

    def tags(self, body: dict[str, Any]) -> None:
        models = [{"name": m.name, "model": m.name, "modified_at": "2025-02-07T07:02:00Z",
                   "size": 98362432 if m.kind == "chat" else 45960996,
                   "digest": hashlib.sha256(m.name.encode()).hexdigest(), "details": m.details}
                  for m in self.backend.models.values()]
        self._send(200, {"models": models})

    def ps(self, body: dict[str, Any]) -> None:
        self._send(200, {"models": []})

    def show(self, body: dict[str, Any]) -> None:
        info = self.backend.model(body.get("model") or body.get("name"))
        chat = info.kind == "chat"
        self._send(200, {
            "license": "Apache-2.0",
            "modelfile": f"FROM {info.name}\n",
            "parameters": "stop \"<|im_end|>\"" if chat else "",
            "template": _CHAT_TEMPLATE if chat else "{{ .Prompt }}",
            "details": info.details,
            "model_info": {"general.architecture": "llama" if chat else "bert",
                           "general.parameter_count": 134515008 if chat else 22565376},
            "capabilities": ["completion"] if chat else ["embedding"],
            "modified_at": "2025-02-07T07:02:00Z",
        })

    def chat(self, body: dict[str, Any]) -> None:
        model = body.get("model")
        self.backend.model(model, "chat")
        messages = parse_messages(body.get("messages") or [])
        stream = body.get("stream", True) is not False
        base = {"model": model}
        if not messages:  # Ollama loads the model and answers with done_reason "load"
            final = {**base, "created_at": _now(), "message": {"role": "assistant", "content": ""},
                     "done_reason": "load", "done": True}
            if stream:
                self._stream([final])
            else:
                self._send(200, final)
            return
        if self.backend.is_scripted(model):
            self._request.scripted = True
            completion = self.backend.scripted_reply(model, messages, stream)
        else:
            gen = self.backend.generator(_options(body))
            completion = gen.complete(messages, stop=_stop(body), pieces=stream)
        counts = {"prompt_eval_count": completion.prompt_tokens, "eval_count": completion.completion_tokens,
                  **_durations(completion.seconds)}
        if not stream:
            self._send(200, {**base, "created_at": _now(), "message": {"role": "assistant", "content": completion.text},
                             "done_reason": completion.done_reason, "done": True, **counts})
            return
        parts = [{**base, "created_at": _now(), "message": {"role": "assistant", "content": piece}, "done": False}
                 for piece in completion.pieces]
        parts.append({**base, "created_at": _now(), "message": {"role": "assistant", "content": ""},
                      "done_reason": completion.done_reason, "done": True, **counts})
        self._stream(parts)

    def generate(self, body: dict[str, Any]) -> None:
        model = body.get("model")
        self.backend.model(model, "chat")
        prompt = str(body.get("prompt") or "")
        stream = body.get("stream", True) is not False
        base = {"model": model}
        if not prompt:
            final = {**base, "created_at": _now(), "response": "", "done": True, "done_reason": "load"}
            if stream:
                self._stream([final])
            else:
                self._send(200, final)
            return
        system = body.get("system")
        messages = ([{"role": "system", "content": str(system)}] if system else []) + [
            {"role": "user", "content": prompt}]
        if self.backend.is_scripted(model):
            self._request.scripted = True
            completion = self.backend.scripted_reply(model, messages, stream)
        elif body.get("raw"):
            completion = self.backend.generator(_options(body)).complete(raw_prompt=prompt, stop=_stop(body),
                                                                         pieces=stream)
        else:
            completion = self.backend.generator(_options(body)).complete(messages, stop=_stop(body), pieces=stream)
        counts = {"prompt_eval_count": completion.prompt_tokens, "eval_count": completion.completion_tokens,
                  **_durations(completion.seconds)}
        if not stream:
            self._send(200, {**base, "created_at": _now(), "response": completion.text, "done": True,
                             "done_reason": completion.done_reason, **counts})
            return
        parts = [{**base, "created_at": _now(), "response": piece, "done": False} for piece in completion.pieces]
        parts.append({**base, "created_at": _now(), "response": "", "done": True,
                      "done_reason": completion.done_reason, **counts})
        self._stream(parts)

    def embed(self, body: dict[str, Any]) -> None:
        model = body.get("model")
        self.backend.model(model, "embed")
        raw = body.get("input", [])
        texts = [raw] if isinstance(raw, str) else list(raw or [])
        if not all(isinstance(t, str) for t in texts):
            raise HTTPError(400, "invalid input type")
        dimensions = body.get("dimensions")
        t0 = time.perf_counter()
        matrix, tokens = self.backend.embed(texts, int(dimensions) if dimensions else None)
        seconds = time.perf_counter() - t0
        self._send(200, {"model": model, "embeddings": matrix.astype(float).tolist(),
                         "total_duration": int(seconds * 1e9), "load_duration": 0, "prompt_eval_count": tokens})

    def embeddings(self, body: dict[str, Any]) -> None:  # legacy: one prompt, one vector
        model = body.get("model")
        self.backend.model(model, "embed")
        prompt = str(body.get("prompt") or "")
        if not prompt:
            self._send(200, {"embedding": []})
            return
        matrix, _ = self.backend.embed([prompt])
        self._send(200, {"embedding": matrix[0].astype(float).tolist()})


def _stop(body: dict[str, Any]) -> list[str]:
    stop = _options(body).get("stop") or []
    return [stop] if isinstance(stop, str) else [str(s) for s in stop]


_Handler.ROUTES = {
    ("GET", "/"): _Handler.root,
    ("GET", "/api/version"): _Handler.version,
    ("GET", "/api/tags"): _Handler.tags,
    ("GET", "/api/ps"): _Handler.ps,
    ("POST", "/api/show"): _Handler.show,
    ("POST", "/api/chat"): _Handler.chat,
    ("POST", "/api/generate"): _Handler.generate,
    ("POST", "/api/embed"): _Handler.embed,
    ("POST", "/api/embeddings"): _Handler.embeddings,
}
OllamaTestServer.handler = _Handler
