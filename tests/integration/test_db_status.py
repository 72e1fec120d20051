"""`xgrag db status` and the connection every command resolves, against the real Neo4j: a server that refuses the
credentials is not reported as "not running" (its own status and exit code), and a NEO4J_PASSWORD left without
NEO4J_URI, which the embedded server ignores, is named once on stderr instead of being ignored in silence."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from xgrag.cli import app
from xgrag.config import load_settings
from xgrag.store import connection
from xgrag.store.connection import ServerState, resolve_connection
from xgrag.store.neo4j import Neo4jStore

NOT_THE_PASSWORD = "stale-password-from-a-profile"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE", "XGRAG_CONFIG",
                "XGRAG_SCHEMA_PRESET"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XGRAG_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # no ./xgrag.toml of the checkout's
    return monkeypatch


def status(*args: str) -> tuple[int, dict[str, object] | str, str]:
    result = CliRunner().invoke(app, ["db", "status", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, json.loads(result.stdout) if "--json" in args else result.stdout, result.stderr


def test_refused_credentials_are_told_apart_from_a_stopped_server(
        server: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], clean_env: pytest.MonkeyPatch) -> None:
    uri, _, password = neo4j_uri
    if password is None:
        pytest.skip("the test server runs with authentication off: it refuses nobody")
    # a user of its own: failed logins lock the user out for a few seconds, and the other tests log in as neo4j
    clean_env.setenv("NEO4J_URI", uri)
    clean_env.setenv("NEO4J_USER", "xgrag-nobody")
    clean_env.setenv("NEO4J_PASSWORD", NOT_THE_PASSWORD)
    code, info, _ = status("--json")
    assert isinstance(info, dict)
    assert code == 2 and info["status"] == "credentials refused" and info["running"] is False
    assert "refused the credentials of user 'xgrag-nobody'" in str(info["error"])
    assert "NEO4J_PASSWORD" in str(info["hint"])
    code, text, err = status()
    assert code == 2 and str(text).startswith(f"credentials refused: {uri}") and "not running" not in str(text)
    assert "hint: check NEO4J_USER and NEO4J_PASSWORD" in " ".join(err.split())
    assert NOT_THE_PASSWORD not in json.dumps(info) + str(text) + err

    clean_env.setenv("NEO4J_URI", "bolt://127.0.0.1:9")  # nothing listens there
    code, info, _ = status("--json")
    assert isinstance(info, dict)
    assert code == 1 and info["status"] == "not running" and "cannot reach Neo4j" in str(info["error"])


def embedded_record(home: Path, uri: str, user: str | None, password: str | None) -> None:
    """The state `xgrag db start` records, for the test's server: `home` then holds an embedded server that runs."""
    import os

    home.mkdir(parents=True)
    password_file = None
    if password is not None:
        (home / "password").write_text(password + "\n")
        (home / "password").chmod(0o600)
        password_file = str(home / "password")
    state = ServerState(pid=os.getpid(), uri=uri, port=int(uri.rsplit(":", 1)[1]), home=str(home), log="",
                        started_at=time.time(), user=user or "neo4j", password_file=password_file)
    (home / "state.json").write_text(json.dumps(dataclasses.asdict(state)))


def test_a_password_without_a_uri_is_named_once_on_stderr(
        server: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], clean_env: pytest.MonkeyPatch,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    uri, user, password = neo4j_uri
    embedded_record(tmp_path / "home" / "embedded", uri, user, password)
    clean_env.setattr(connection, "_WARNED", set())  # once per process: this test's process may have warned
    clean_env.setenv("NEO4J_PASSWORD", NOT_THE_PASSWORD)
    code, info, err = status("--json")
    assert isinstance(info, dict)
    assert code == 0 and info["running"] is True and info["embedded"] is True  # the embedded server, as before
    said = " ".join(err.split())
    assert "warning: NEO4J_PASSWORD is set but NEO4J_URI is not" in said and "ignores it" in said
    assert said.count("warning:") == 1 and NOT_THE_PASSWORD not in err

    clean_env.setattr(connection, "_WARNED", set())
    clean_env.setenv("NEO4J_DATABASE", "movies")
    settings = load_settings()
    for _ in range(3):  # every store a command opens resolves the connection again: said once
        with Neo4jStore.from_settings(settings) as store:
            store.verify()
    assert resolve_connection(settings).embedded
    err = capsys.readouterr().err
    assert err.count("warning:") == 1
    assert "NEO4J_PASSWORD and NEO4J_DATABASE are set but NEO4J_URI is not" in " ".join(err.split())
