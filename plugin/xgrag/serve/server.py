"""Running `xgrag serve`: the Host values it answers to and uvicorn (in the foreground for the CLI, or in a thread
for tests and benchmarks). The token rule is xgrag.serve.auth. The token is never logged: uvicorn's access log is off
(it would print `?token=`), and errors never echo it.
"""

from __future__ import annotations

import threading
from typing import Any

from xgrag.errors import UsageError
from xgrag.serve.auth import Access, is_loopback, resolve_token
from xgrag.serve.engine import Workbench

__all__ = ["Access", "Serving", "allowed_hosts", "is_loopback", "reachable_host", "resolve_token"]


# Addresses that mean "every interface": a socket binds them, but no browser can open them
EVERY_INTERFACE = ("0.0.0.0", "::", "")


def reachable_host(host: str) -> str:
    """The address a printed URL names for a server bound to `host`: for every interface, this machine's loopback
    of the same family (always reachable from here, whatever the machine's names resolve to)."""
    if host in EVERY_INTERFACE:
        return "::1" if host == "::" else "127.0.0.1"
    return host


def allowed_hosts(host: str, port: int) -> list[str] | None:
    """The Host header values the server answers to; None when bound to every address (the token guards it)."""
    if host in EVERY_INTERFACE:
        return None
    names = {host, "127.0.0.1", "localhost", "[::1]"}
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    return sorted(f"{n}:{port}" for n in names)


class Serving:
    """uvicorn serving a workbench on a thread (tests, benchmarks) or in the foreground (`run`)."""

    def __init__(self, workbench: Workbench, host: str = "127.0.0.1", port: int = 0, access: Access | None = None,
                 log_level: str = "warning") -> None:
        import socket

        import uvicorn

        self.workbench = workbench
        self.host = host
        self.access = access or resolve_token(host)
        if not is_loopback(host) and self.access.token is None:
            raise UsageError(f"xgrag serve --host {host}: another address than loopback needs a token")
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.sock.bind((host, port))
        except OSError as exc:
            self.sock.close()
            raise UsageError(f"xgrag serve: cannot listen on {host}:{port} ({exc.strerror or exc})") from exc
        self.port = int(self.sock.getsockname()[1])
        from xgrag.serve.app import create_app

        self.app = create_app(workbench, token=self.access.token, hosts=allowed_hosts(host, self.port))
        # log_config=None: uvicorn's records go to the process's logging as configured (the CLI prints warnings and
        # errors; tests capture them) instead of handlers uvicorn would bind to the stderr of the moment
        config = uvicorn.Config(self.app, log_config=None, log_level=log_level, access_log=False,
                                timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def listens_everywhere(self) -> bool:
        return self.host in EVERY_INTERFACE

    @property
    def url(self) -> str:
        """A URL of the server that opens from this machine (never http://0.0.0.0/); without the token."""
        host = reachable_host(self.host)
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}/"

    @property
    def open_url(self) -> str:
        """The URL a person opens (with the token, once: the page moves it into a cookie)."""
        return self.url + (f"?token={self.access.token}" if self.access.token else "")

    def run(self) -> None:
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.workbench.close()

    def start(self) -> Serving:
        self._thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True,
                                        name="xgrag-serve")
        self._thread.start()
        started = threading.Event()

        def wait() -> None:
            while not self.server.started and self._thread is not None and self._thread.is_alive():
                started.wait(0.01)

        wait()
        if not self.server.started:
            raise RuntimeError("xgrag serve did not start")
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=30)
        self.workbench.close()
        self.sock.close()

    def __enter__(self) -> Serving:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
