"""Which Neo4j a client talks to: $NEO4J_URI (the user's own server) or the embedded server that
`xgrag db start` (xgrag.store.embedded) recorded in `<home>/state.json`. Read by Neo4jStore.from_settings; below
both the driver wrapper and the launcher, so neither imports the other to find the server.

The embedded server runs with authentication on: its generated password lives in `<home>/password` (owner-only;
xgrag.store.embedded.ensure_password writes it), and `ServerState.connection()` reads it from there, so every
command connects without the user handling the password."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from xgrag.config import Settings
from xgrag.errors import ServiceError


class EmbeddedError(ServiceError):
    pass


@dataclass
class Connection:
    uri: str
    user: str | None = None
    password: str | None = None
    database: str = "neo4j"
    embedded: bool = False


@dataclass
class ServerState:
    pid: int
    uri: str
    port: int
    home: str
    log: str
    started_at: float
    gds_version: str | None = None
    apoc_version: str | None = None
    user: str = "neo4j"
    password_file: str | None = None  # None: a server started with authentication off (before it was the default)

    def connection(self) -> Connection:
        """How to connect to this server, its generated password read from the owner-only file."""
        password = read_password(Path(self.password_file)) if self.password_file else None
        return Connection(self.uri, self.user if password else None, password, "neo4j", embedded=True)


PASSWORD_FILE = "password"


def password_path(home: Path) -> Path:
    return home / PASSWORD_FILE


def read_password(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise EmbeddedError(f"cannot read the embedded server's password file {path}: {exc.strerror or exc}",
                            hint="`xgrag db stop` then `xgrag db start` generates a new one") from exc


def state_file(home: Path) -> Path:
    return home / "state.json"


def read_state(home: Path) -> ServerState | None:
    path = state_file(home)
    if not path.is_file():
        return None
    try:
        return ServerState(**json.loads(path.read_text()))
    except (ValueError, TypeError):
        return None


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie child still answers kill(0); check its state
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def running_state(home: Path) -> ServerState | None:
    state = read_state(home)
    if state and pid_alive(state.pid):
        return state
    return None


def resolve_connection(settings: Settings) -> Connection:
    """NEO4J_URI (the user's own server) wins; otherwise the running embedded server."""
    n = settings.neo4j
    if n.uri:
        return Connection(n.uri, n.user, n.password, n.database, embedded=False)
    state = running_state(Path(settings.embedded.home).expanduser())
    if state is None:
        raise EmbeddedError(
            "no Neo4j to talk to: start the embedded server with `xgrag db start`, "
            "or set NEO4J_URI (and NEO4J_USER, NEO4J_PASSWORD, NEO4J_DATABASE) for your own server"
        )
    return state.connection()
