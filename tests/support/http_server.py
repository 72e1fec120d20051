"""What the protocol test servers share: a threaded HTTP server on 127.0.0.1, request recording, JSON plumbing and
fault injection.

Faults are queued per path and each one answers one request, in order, before normal service resumes:

    server.fail_next("/v1/chat/completions", 429, retry_after=1)  # HTTP 429 with Retry-After: 1
    server.fail_next("/api/chat", 503, times=2)                   # two HTTP 503s
    server.delay_next(path, 2.0)          # wait 2 s, then answer normally (a client with a 0.5 s timeout gives up)
    server.malformed_next(path)           # HTTP 200 with a truncated JSON body
    server.drop_next(path)                # read the request, then reset the connection without answering
    server.stall_after(path, 5, release)  # answer 5 requests, then hold every later one until `release` is set
                                          # (a threading.Event) or its client gives up: a generator that stalls

Every request is recorded (method, path, parsed body, headers, the status answered and the fault injected, if any).
Errors use the subclass's error body (`error_body`), so an injected 500 looks like that server's own 500.
"""

from __future__ import annotations

import json
import select
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class RecordedRequest:
    method: str
    path: str
    body: Any  # the parsed JSON body (None when there was none, the raw text when it was not JSON)
    headers: dict[str, str]  # lower-case names
    status: int = 0  # the status the server answered with (0: the connection was dropped)
    scripted: bool = False  # answered by a scripted rule, not by a real model (the Ollama server's `scripted=`)
    fault: str | None = None  # the injected fault that answered it: "status", "delay", "malformed", "drop"
    answered: bool = False  # the response was sent in full (set after the handler returned)


@dataclass(frozen=True)
class Fault:
    kind: str  # "status" | "delay" | "malformed" | "drop" | "stall"
    status: int = 500
    message: str = "injected failure"
    retry_after: str | None = None
    seconds: float = 0.0
    release: threading.Event | None = field(default=None, compare=False)


class HTTPError(Exception):
    """Raised by an endpoint: answered with `status` and the server's error body."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


class LocalHTTPServer:
    """Base of the protocol test servers: `with Server() as server: ... server.url ...`."""

    handler: type[JSONHandler]  # the subclass's request handler (its ROUTES)
    thread_name = "test-http-server"

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self._bind = (host, port)
        self._requests: list[RecordedRequest] = []
        self._faults: dict[str, list[Fault]] = {}
        self._fail_after: dict[str, tuple[int, Fault]] = {}
        self._lock = threading.Lock()
        self._answered = threading.Condition(self._lock)  # notified whenever a request has been answered
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> Any:
        if self._httpd is not None:
            return self
        bound = type(f"Bound{self.handler.__name__}", (self.handler,), {"backend": self})
        httpd = ThreadingHTTPServer(self._bind, bound)
        httpd.daemon_threads = True
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name=self.thread_name, daemon=True)
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

    def __enter__(self) -> Any:
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

    # -- recording -------------------------------------------------------------------------------------------
    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def requests_to(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    def wait_answered(self, path: str, n: int, status: int = 200, timeout: float = 600.0) -> int:
        """Block until `n` requests to `path` were answered with `status` (or `timeout` seconds passed); returns
        how many were. A test acts at a known point of a client's run this way, never after a guessed sleep."""
        def count() -> int:
            return sum(1 for r in self._requests if r.path == path and r.status == status and r.answered)

        with self._answered:
            self._answered.wait_for(lambda: count() >= n, timeout=timeout)
            return count()

    def wait_idle(self, timeout: float = 60.0) -> bool:
        """Block until every recorded request has been answered (its body read and recorded): a client's call still
        in flight when its run returned is then recorded whole before the test reads or clears the requests."""
        with self._answered:
            return self._answered.wait_for(lambda: all(r.answered for r in self._requests), timeout=timeout)

    def _done(self, request: RecordedRequest) -> None:
        with self._answered:
            request.answered = True
            self._answered.notify_all()

    def clear(self) -> None:
        """Forget the recorded requests and any fault not yet served."""
        with self._lock:
            self._requests.clear()
            self._faults.clear()
            self._fail_after.clear()

    # -- fault injection -------------------------------------------------------------------------------------
    def inject(self, path: str, *faults: Fault) -> None:
        with self._lock:
            self._faults.setdefault(path, []).extend(faults)

    def fail_next(self, path: str, status: int = 500, message: str = "injected failure", times: int = 1,
                  retry_after: float | str | None = None) -> None:
        """Answer the next `times` requests to `path` with `status` (and Retry-After, when given)."""
        after = None if retry_after is None else (retry_after if isinstance(retry_after, str) else f"{retry_after:g}")
        self.inject(path, *[Fault("status", status, message, after)] * times)

    def fail_after(self, path: str, served: int, status: int = 500, message: str = "injected failure") -> None:
        """Answer the first `served` requests to `path` normally and every later one with `status`: a server that
        goes bad part-way through a run (retries cannot save it)."""
        with self._lock:
            self._fail_after[path] = (served, Fault("status", status, message))

    def delay_next(self, path: str, seconds: float, times: int = 1) -> None:
        """Wait `seconds` before handling each of the next `times` requests (longer than a client's timeout)."""
        self.inject(path, *[Fault("delay", seconds=seconds)] * times)

    def stall_after(self, path: str, served: int, release: threading.Event) -> None:
        """Answer the first `served` requests to `path` normally; hold every later one (unanswered) until `release`
        is set, then answer it normally, or drop it when its client goes away first (a cancelled call)."""
        with self._lock:
            self._fail_after[path] = (served, Fault("stall", release=release))

    def malformed_next(self, path: str, times: int = 1) -> None:
        self.inject(path, *[Fault("malformed")] * times)

    def drop_next(self, path: str, times: int = 1) -> None:
        self.inject(path, *[Fault("drop")] * times)

    def _record(self, request: RecordedRequest) -> Fault | None:
        with self._lock:
            self._requests.append(request)
            if request.path in self._fail_after:
                served, fault = self._fail_after[request.path]
                if sum(r.path == request.path for r in self._requests) > served:
                    request.fault = fault.kind
                    return fault
            queue = self._faults.get(request.path)
            if not queue:
                return None
            fault = queue.pop(0)
            if not queue:
                del self._faults[request.path]
            request.fault = fault.kind
            return fault

    def error_body(self, status: int, message: str) -> Any:
        """The JSON a server of this protocol answers an error with."""
        return {"error": message}


def parse_messages(raw: Any) -> list[dict[str, str]]:
    """A chat request's messages as {role, content} (400 when they are not a list of objects with a role)."""
    if not isinstance(raw, list):
        raise HTTPError(400, "messages must be a list")
    out = []
    for m in raw:
        if not isinstance(m, dict) or not isinstance(m.get("role"), str):
            raise HTTPError(400, "each message needs a role")
        out.append({"role": m["role"], "content": str(m.get("content") or "")})
    return out


Route = Callable[["JSONHandler", dict[str, Any]], None]


class JSONHandler(BaseHTTPRequestHandler):
    backend: Any  # the LocalHTTPServer subclass instance (set on the bound subclass)
    ROUTES: dict[tuple[str, str], Route] = {}
    _request: RecordedRequest  # the request being handled
    protocol_version = "HTTP/1.1"
    server_version = "xgrag-test-server"

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

    def _send(self, status: int, payload: Any, content_type: str = "application/json; charset=utf-8",
              headers: dict[str, str] | None = None) -> None:
        data = payload if isinstance(payload, bytes) else (
            payload.encode() if isinstance(payload, str) else json.dumps(payload).encode())
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (a delay fault): nothing to do
                self.close_connection = True

    def _stream(self, parts: Iterable[dict[str, Any]], content_type: str = "application/x-ndjson") -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for part in parts:
            line = json.dumps(part).encode() + b"\n"
            self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _reset(self) -> None:
        """Close with a TCP reset (SO_LINGER 0): the client sees its connection dropped mid-request."""
        self.close_connection = True
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        except OSError:
            pass

    def _client_gone(self) -> bool:
        """True when the client closed the connection (a timed-out client: no model time spent on it)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def _handle(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/") or "/"
        body = self._read_body() if self.command in ("POST", "PUT", "DELETE") else None
        request = RecordedRequest(self.command, path, body, {k.lower(): v for k, v in self.headers.items()})
        self._request = request
        fault = self.backend._record(request)
        try:
            if fault is not None:
                if fault.kind == "drop":
                    self._reset()
                    return
                if fault.kind == "malformed":
                    request.status = 200
                    self._send(200, b'{"id": "truncated", "choices": [{"index": 0, "message": {"content": "Par')
                    return
                if fault.kind == "status":
                    headers = {"Retry-After": fault.retry_after} if fault.retry_after is not None else None
                    raise HTTPError(fault.status, fault.message, headers)
                if fault.kind == "stall":
                    assert fault.release is not None
                    # the handler thread waits for the release; the client's disconnect ends the wait too
                    while not fault.release.wait(0.05):
                        if self._client_gone():
                            self.close_connection = True
                            return
                time.sleep(fault.seconds)  # "delay": then serve normally, unless the client gave up meanwhile
                if self._client_gone():
                    self.close_connection = True
                    return
            route = self.ROUTES.get((self.command if self.command != "HEAD" else "GET", path))
            if route is None:
                request.status = 404
                self._send(404, "404 page not found", "text/plain; charset=utf-8")
                return
            if self.command == "POST" and not isinstance(body, dict):
                raise HTTPError(400, "invalid JSON body" if body is not None else "missing request body")
            request.status = 200
            route(self, body if isinstance(body, dict) else {})
        except HTTPError as exc:
            request.status = exc.status
            self._send(exc.status, self.backend.error_body(exc.status, exc.message), headers=exc.headers)
        except Exception as exc:  # the backend failed: answered 500 with the error text
            request.status = 500
            self._send(500, self.backend.error_body(500, f"{type(exc).__name__}: {exc}"))
        finally:
            self.backend._done(request)

    do_GET = do_POST = do_HEAD = do_DELETE = _handle  # noqa: N815 - http.server's naming
