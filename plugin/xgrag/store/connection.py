"""Which Neo4j a client talks to: $NEO4J_URI (the user's own server) or the embedded server that
`xgrag db start` (xgrag.store.embedded) recorded in `<home>/state.json`. Read by Neo4jStore.from_settings; below
both the driver wrapper and the launcher, so neither imports the other to find the server.

The embedded server runs with authentication on: its generated password lives in `<home>/password` (owner-only;
xgrag.store.embedded.ensure_password writes it), and `ServerState.connection()` reads it from there, so every
command connects without the user handling the password."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from xgrag.config import Neo4jSettings, Settings
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


# Said once per process: a command resolves the connection more than once (a store per worker, a status check).
_WARNED: set[str] = set()


def ignored_without_uri(n: Neo4jSettings, environ: Mapping[str, str] | None = None) -> list[str]:
    """The connection settings given for a server of the user's own that the embedded server does not take (it has
    its own user, generated password and one database), by the name the user set them under."""
    env = os.environ if environ is None else environ
    given = (("password", "NEO4J_PASSWORD", n.password is not None), ("user", "NEO4J_USER", n.user != "neo4j"),
             ("database", "NEO4J_DATABASE", n.database != "neo4j"))
    return [var if env.get(var) else f"[neo4j] {field}" for field, var, set_ in given if set_]


def warn_ignored(n: Neo4jSettings) -> None:
    """NEO4J_PASSWORD without NEO4J_URI is most often a forgotten export: the user believes xgrag talks to their
    server while it talks to the embedded one. Say so on stderr (names only, never a value), once."""
    names = ignored_without_uri(n)
    key = ",".join(names)
    if not names or key in _WARNED:
        return
    _WARNED.add(key)
    them = "it" if len(names) == 1 else "them"
    print(f"warning: {' and '.join(names)} {'is' if len(names) == 1 else 'are'} set but NEO4J_URI is not: xgrag "
          f"uses the embedded server (its own user and generated password) and ignores {them}; set "
          f"NEO4J_URI=bolt://HOST:7687 to use your own server, or unset {them}", file=sys.stderr)


def resolve_connection(settings: Settings) -> Connection:
    """NEO4J_URI (the user's own server) wins; otherwise the running embedded server (warning once when
    credentials meant for another server are set)."""
    n = settings.neo4j
    if n.uri:
        return Connection(n.uri, n.user, n.password, n.database, embedded=False)
    warn_ignored(n)
    state = running_state(Path(settings.embedded.home).expanduser())
    if state is None:
        raise EmbeddedError(
            "no Neo4j to talk to: start the embedded server with `xgrag db start`, "
            "or set NEO4J_URI (and NEO4J_USER, NEO4J_PASSWORD, NEO4J_DATABASE) for your own server"
        )
    return state.connection()
