"""The access rule of `xgrag serve` (light: the CLI checks it before anything loads).

Bound to a loopback address (127.0.0.1 by default), no token is needed unless one is given; bound to any other
address, every request needs the token: the file `--token-file` (which must be readable by its owner only), else
`XGRAG_SERVE_TOKEN`, else a random one generated at start and printed once (with the URL to open). The flag outranks
the environment because it is the explicit choice of this start: a token exported in a shell profile long ago must
not silently replace the file named on the command line (`Access.env_ignored` lets the CLI say so).
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from xgrag.errors import UsageError

TOKEN_ENV = "XGRAG_SERVE_TOKEN"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Access:
    token: str | None
    source: str  # "none" | "env" | "file" | "generated"
    env_ignored: bool = False  # $XGRAG_SERVE_TOKEN was set as well, and --token-file won over it


def resolve_token(host: str, token_file: Path | None = None, environ: dict[str, str] | None = None) -> Access:
    env = os.environ if environ is None else environ
    if token_file is not None:
        path = Path(token_file).expanduser()
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            raise UsageError(f"--token-file {path}: {exc.strerror or exc}") from exc
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise UsageError(f"--token-file {path}: readable by others (mode {stat.filemode(mode)})",
                             hint=f"chmod 600 {path}")
        try:
            text = path.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:  # a folder, a binary file: the flag named, no traceback
            raise UsageError(f"--token-file {path}: cannot read a token from it ({exc})") from exc
        if len(text) < 16:
            raise UsageError(f"--token-file {path}: a token needs at least 16 characters")
        return Access(text, "file", env_ignored=bool(env.get(TOKEN_ENV)))
    if env.get(TOKEN_ENV):
        return Access(env[TOKEN_ENV], "env")
    if is_loopback(host):
        return Access(None, "none")
    return Access(secrets.token_urlsafe(32), "generated")


def access_notes(access: Access, url: str, token_file: Path | None = None) -> list[str]:
    """What `xgrag serve` says at start about the token, naming where it comes from. A token the user supplied
    (environment or file) is never printed: it is already theirs, and a URL echoed on every start ends up in
    terminal scrollback, CI logs and screen shares. Only a generated token is shown, once (the user has no other
    way to learn it)."""
    notes: list[str] = []
    if access.env_ignored:
        notes.append(f"${TOKEN_ENV} is set and so is --token-file: the token in {token_file} is used (the command "
                     f"line is explicit), ${TOKEN_ENV} is ignored")
    where = {"env": f"the one in ${TOKEN_ENV}", "file": f"the one in {token_file}"}.get(access.source)
    if where is not None:
        notes.append(f"access token: {where} (not shown): open {url}?token=TOKEN once (the page keeps it in a "
                     "cookie), or send Authorization: Bearer TOKEN")
    return notes
