"""`xgrag serve` as a user starts it (a real subprocess over the real Neo4j): which token it uses when both
$XGRAG_SERVE_TOKEN and --token-file are given (the flag, and it says so), that a token the user supplied is never
printed, and that --host 0.0.0.0 prints an address a browser can open and says it listens on all interfaces."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from xgrag.serve.auth import Access, access_notes
from xgrag.store.neo4j import Neo4jStore

ENV_TOKEN = "env-token-0123456789-abcdefghij"
FILE_TOKEN = "file-token-9876543210-zyxwvutsrq"


@pytest.fixture
def env(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], tmp_path: Path) -> dict[str, str]:
    uri, user, password = neo4j_uri
    base = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "XGRAG_SERVE", "XGRAG_CONFIG"))}
    return {**base, "NEO4J_URI": uri, "NEO4J_USER": user or "neo4j", "NEO4J_PASSWORD": password or "",
            "XGRAG_HOME": str(tmp_path / "home"), "PYTHONUNBUFFERED": "1", "COLUMNS": "400"}


@pytest.fixture
def token_file(tmp_path: Path) -> Path:
    path = tmp_path / "token"
    path.write_text(FILE_TOKEN + "\n")
    path.chmod(0o600)
    return path


@contextmanager
def serving(env: dict[str, str], cwd: Path, *args: str) -> Iterator[tuple[str, httpx.Client, list[str]]]:
    """`xgrag serve --port 0 ARGS`: the URL it printed on stdout, a client of it once it answers, and (after the
    block, once stopped with Ctrl-C) everything it wrote to stdout and stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "xgrag.cli", "serve", "--port", "0", "--no-cache", *args],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    printed: list[str] = []
    url = ""
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()  # printed once the socket is bound
        assert url.startswith("http://"), (url, proc.stderr.read() if proc.poll() is not None else "")
        with httpx.Client(base_url=url.split("?", 1)[0], timeout=60) as client:  # the token: a header below
            deadline = time.monotonic() + 120
            while True:
                try:
                    client.get("/openapi.json")
                    break
                except httpx.ConnectError:
                    assert proc.poll() is None and time.monotonic() < deadline, "xgrag serve never answered"
                    time.sleep(0.1)
            yield url, client, printed
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        printed[:] = [url, out, err]


def config_status(client: httpx.Client, token: str) -> int:
    return client.get("/api/config", headers={"Authorization": f"Bearer {token}"}).status_code


def test_the_token_file_wins_over_the_environment_and_all_interfaces_print_a_reachable_url(
        env: dict[str, str], token_file: Path, tmp_path: Path) -> None:
    with serving({**env, "XGRAG_SERVE_TOKEN": ENV_TOKEN}, tmp_path, "--host", "0.0.0.0", "--token-file",
                 str(token_file)) as (url, client, printed):
        assert url.startswith("http://127.0.0.1:") and url.endswith("/") and "token" not in url
        assert config_status(client, FILE_TOKEN) == 200  # the flag is the explicit choice
        assert config_status(client, ENV_TOKEN) == 401
        assert client.get("/api/config").status_code == 401
    _, out, err = printed
    said = " ".join(err.split())
    assert "$XGRAG_SERVE_TOKEN is ignored" in said and f"the token in {token_file} is used" in said
    assert "listening on all interfaces" in said and f"http://{socket.gethostname()}:" in said
    assert "0.0.0.0:" not in out and "http://0.0.0.0" not in said
    assert FILE_TOKEN not in out + err and ENV_TOKEN not in out + err  # neither secret is echoed


def test_a_token_from_the_environment_is_never_printed(env: dict[str, str], tmp_path: Path) -> None:
    with serving({**env, "XGRAG_SERVE_TOKEN": ENV_TOKEN}, tmp_path) as (url, client, printed):
        assert "token" not in url
        assert config_status(client, ENV_TOKEN) == 200
    _, out, err = printed
    assert ENV_TOKEN not in out + err
    assert "access token: the one in $XGRAG_SERVE_TOKEN (not shown)" in " ".join(err.split())


def test_a_generated_token_is_printed_once_with_the_url(env: dict[str, str], tmp_path: Path) -> None:
    """What the docs promise for a token nobody supplied: the only way to learn it is the URL printed once."""
    with serving(env, tmp_path, "--host", "0.0.0.0") as (url, client, printed):
        assert url.startswith("http://127.0.0.1:") and "?token=" in url
        token = url.split("?token=", 1)[1]
        assert len(token) >= 32 and config_status(client, token) == 200
    _, out, err = printed
    assert (out + err).count(token) == 0  # the stdout line read above is the one place it appeared


def test_the_notes_name_the_source_never_the_token(token_file: Path) -> None:
    url = "http://127.0.0.1:8765/"
    assert access_notes(Access(None, "none"), url) == []
    assert access_notes(Access("g" * 40, "generated"), url) == []  # the CLI prints that one itself, once
    for access in (Access(ENV_TOKEN, "env"), Access(FILE_TOKEN, "file", env_ignored=True)):
        notes = " ".join(access_notes(access, url, token_file))
        assert "not shown" in notes and ENV_TOKEN not in notes and FILE_TOKEN not in notes
