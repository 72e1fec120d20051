"""The access rule of `xgrag serve` (light: the CLI checks it before anything loads).

Bound to a loopback address (127.0.0.1 by default), no token is needed unless one is given; bound to any other
address, every request needs the token: `XGRAG_SERVE_TOKEN`, else the file `--token-file` (which must be readable by
its owner only), else a random one generated at start and printed once (with the URL to open).
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


def resolve_token(host: str, token_file: Path | None = None, environ: dict[str, str] | None = None) -> Access:
    env = os.environ if environ is None else environ
    if env.get(TOKEN_ENV):
        return Access(env[TOKEN_ENV], "env")
    if token_file is not None:
        path = Path(token_file).expanduser()
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            raise UsageError(f"--token-file {path}: {exc.strerror or exc}") from exc
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise UsageError(f"--token-file {path}: readable by others (mode {stat.filemode(mode)})",
                             hint=f"chmod 600 {path}")
        text = path.read_text(encoding="utf-8").strip()
        if len(text) < 16:
            raise UsageError(f"--token-file {path}: a token needs at least 16 characters")
        return Access(text, "file")
    if is_loopback(host):
        return Access(None, "none")
    return Access(secrets.token_urlsafe(32), "generated")
