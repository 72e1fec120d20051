"""An Ollama-protocol HTTP server for tests, backed by real local models.

It speaks the parts of the Ollama REST API that the `ollama` Python client and langchain-ollama's ChatOllama /
OllamaEmbeddings use: POST /api/chat and /api/generate (JSON with `"stream": false`, NDJSON over chunked transfer
encoding otherwise — Ollama streams by default and ChatOllama always asks for a stream), POST /api/embed and the
legacy /api/embeddings, GET /api/tags, POST /api/show, GET /api/version, GET /api/ps and GET / ("Ollama is
running"). Chat and generate run the real SmolLM2-135M-Instruct (xgrag.generate.smollm2) and honour
options.temperature / seed / num_predict / top_k / top_p / stop with Ollama's defaults (temperature 0.8, a random
seed); embeddings come from the real all-MiniLM-L6-v2 (xgrag.embed.SentenceTransformerEmbedder), unit-normalised
like Ollama's /api/embed. An unknown model gets a 404 with Ollama's error JSON.

    with OllamaTestServer() as server:
        client = ollama.Client(host=server.url)
        ...
        assert server.requests_to("/api/chat")[0].body["options"]["temperature"] == 0

It listens on 127.0.0.1 on a free port, serves from a background thread, records every request, and can be told
to fail the next requests to a path (`fail_next`).

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
import json
import random
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

OLLAMA_VERSION = "0.12.3"  # what /api/version reports
DEFAULT_NUM_PREDICT = 64  # Ollama's default is unbounded (-1); a test server must stay fast


@dataclass
class RecordedRequest:
    method: str
    path: str
    body: Any  # the parsed JSON body (None when there was none, the raw text when it was not JSON)
    headers: dict[str, str]
    status: int = 0  # the status the server answered with
    scripted: bool = False  # answered by a scripted rule (see `scripted=`), not by SmolLM2


@dataclass
class _Failure:
    status: int
    message: str
    remaining: int


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


class OllamaTestServer:
    """Context manager: `with OllamaTestServer() as server: ... server.url ...`."""

    def __init__(self, *, chat_models: Iterable[str] = ("smollm2", "smollm2:135m"),
                 embed_models: Iterable[str] = ("all-minilm", "all-minilm:l6-v2"),
                 default_num_predict: int = DEFAULT_NUM_PREDICT,
                 generator_factory: Callable[..., Any] | None = None, embedder: Any = None,
                 scripted: Mapping[str, ScriptedRule] | None = None,
                 host: str = "127.0.0.1", port: int = 0) -> None:
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
        self._generator_factory = generator_factory
        self._embedder = embedder
        self._bind = (host, port)
        self._requests: list[RecordedRequest] = []
        self._failures: dict[str, _Failure] = {}
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> OllamaTestServer:
        if self._httpd is not None:
            return self
        handler = type("BoundOllamaHandler", (_Handler,), {"backend": self})
        httpd = ThreadingHTTPServer(self._bind, handler)
        httpd.daemon_threads = True
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="ollama-test-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        httpd, self._httpd = self._httpd, None
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

    def __enter__(self) -> OllamaTestServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def host(self) -> str:
        assert self._httpd is not None, "the server is not running"
        return str(self._httpd.server_address[0])

    @property
    def port(self) -> int:
        assert self._httpd is not None, "the server is not running"
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    # -- recording and fault injection -----------------------------------------------------------------------
    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def requests_to(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()

    def fail_next(self, path: str, status: int = 500, message: str = "injected failure", times: int = 1) -> None:
        """Answer the next `times` requests to `path` with `status` and Ollama's error JSON."""
        with self._lock:
            self._failures[path] = _Failure(status, message, times)

    def _record(self, request: RecordedRequest) -> _Failure | None:
        with self._lock:
            self._requests.append(request)
            failure = self._failures.get(request.path)
            if failure is None:
                return None
            failure.remaining -= 1
            if failure.remaining <= 0:
                del self._failures[request.path]
            return failure

    # -- backends --------------------------------------------------------------------------------------------
    def model(self, name: Any, kind: str | None = None) -> ModelInfo:
        if not isinstance(name, str) or not name.strip():
            raise _HTTPError(400, "model is required")
        info = self.models.get(normalise_model(name))
        if info is None:
            raise _HTTPError(404, f'model "{name}" not found, try pulling it first')
        if kind is not None and info.kind != kind:
            action = "chat" if kind == "chat" else "embeddings"
            raise _HTTPError(400, f'"{name}" does not support {action}')
        return info

    def generator(self, options: dict[str, Any]) -> Any:
        temperature = float(options.get("temperature", 0.8))
        seed = options.get("seed")
        seed = int(seed) if seed is not None and int(seed) >= 0 else random.SystemRandom().randrange(2**31)
        num_predict = int(options.get("num_predict", -1))
        if num_predict <= 0:
            num_predict = self.default_num_predict
        kwargs = {"temperature": temperature, "seed": seed, "max_new_tokens": num_predict,
                  "top_k": int(options.get("top_k", 40)), "top_p": float(options.get("top_p", 0.9))}
        if self._generator_factory is not None:
            return self._generator_factory(**kwargs)
        from xgrag.generate.smollm2 import SmolLM2Generator

        return SmolLM2Generator(**kwargs)

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
            raise _HTTPError(500, f"scripted model {name!r} has no reply for this prompt")
        words = reply.split(" ")
        chunks = [w + (" " if i < len(words) - 1 else "") for i, w in enumerate(words)] if pieces else []
        prompt_tokens = sum(len(m["content"].split()) for m in messages)
        return _ScriptedCompletion(reply, prompt_tokens, len(words), time.perf_counter() - t0, "stop", chunks)

    def embedder(self) -> Any:
        with self._lock:
            if self._embedder is None:
                from xgrag.embed import default_embedder

                self._embedder = default_embedder()
            return self._embedder

    def embed(self, texts: Sequence[str], dimensions: int | None = None) -> tuple[np.ndarray, int]:
        embedder = self.embedder()
        matrix = embedder.embed(list(texts)) if texts else np.zeros((0, 0), dtype=np.float32)
        if dimensions:
            matrix = matrix[:, :dimensions]
            matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        tokenizer = getattr(getattr(embedder, "_model", None), "tokenizer", None)
        if tokenizer is not None:
            tokens = sum(len(tokenizer(t)["input_ids"]) for t in texts)
        else:
            tokens = sum(len(t.split()) for t in texts)
        return matrix, tokens


class _HTTPError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _options(body: dict[str, Any]) -> dict[str, Any]:
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise _HTTPError(400, "json: cannot unmarshal options")
    return options


def _messages(raw: Any) -> list[dict[str, str]]:
    if not isinstance(raw, list):
        raise _HTTPError(400, "messages must be a list")
    out = []
    for m in raw:
        if not isinstance(m, dict) or not isinstance(m.get("role"), str):
            raise _HTTPError(400, "each message needs a role")
        out.append({"role": m["role"], "content": str(m.get("content") or "")})
    return out


def _durations(seconds: float, load_seconds: float = 0.0) -> dict[str, int]:
    return {"total_duration": int((seconds + load_seconds) * 1e9), "load_duration": int(load_seconds * 1e9),
            "prompt_eval_duration": 0, "eval_duration": int(seconds * 1e9)}


class _Handler(BaseHTTPRequestHandler):
    backend: OllamaTestServer  # set on the bound subclass
    _request: RecordedRequest  # the request being handled
    protocol_version = "HTTP/1.1"
    server_version = "ollama-test-server"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's signature
        pass

    # -- plumbing --------------------------------------------------------------------------------------------
    def _read_body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")

    def _send(self, status: int, payload: Any, content_type: str = "application/json; charset=utf-8") -> None:
        data = payload if isinstance(payload, bytes) else (
            payload.encode() if isinstance(payload, str) else json.dumps(payload).encode())
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _stream(self, parts: Iterable[dict[str, Any]]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for part in parts:
            line = json.dumps(part).encode() + b"\n"
            self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _handle(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/") or "/"
        body = self._read_body() if self.command in ("POST", "PUT", "DELETE") else None
        request = RecordedRequest(self.command, path, body, {k.lower(): v for k, v in self.headers.items()})
        self._request = request
        failure = self.backend._record(request)
        try:
            if failure is not None:
                raise _HTTPError(failure.status, failure.message)
            route = _ROUTES.get((self.command if self.command != "HEAD" else "GET", path))
            if route is None:
                request.status = 404
                self._send(404, "404 page not found", "text/plain; charset=utf-8")
                return
            if self.command == "POST" and not isinstance(body, dict):
                raise _HTTPError(400, "invalid JSON body" if body is not None else "missing request body")
            request.status = 200
            route(self, body if isinstance(body, dict) else {})
        except _HTTPError as exc:
            request.status = exc.status
            self._send(exc.status, {"error": exc.message})
        except Exception as exc:  # the backend failed: Ollama answers 500 with the error text
            request.status = 500
            self._send(500, {"error": f"{type(exc).__name__}: {exc}"})

    do_GET = do_POST = do_HEAD = do_DELETE = _handle  # noqa: N815 - http.server's naming

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
        messages = _messages(body.get("messages") or [])
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
            raise _HTTPError(400, "invalid input type")
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


_ROUTES: dict[tuple[str, str], Callable[[_Handler, dict[str, Any]], None]] = {
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
