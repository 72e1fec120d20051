"""`xgrag explain --save --json --html` when the save fails (the server went away after every generator call):
the files are written first and stay; the error is reported, not a traceback. Run in-process (typer's runner) so
the save can be made to fail at that exact point against the real embedded Neo4j."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import SAMPLE
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore, StoreError


def test_a_failed_save_keeps_the_json_and_html(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
                                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import xgrag.store.explanations as saved
    from xgrag.cli import app

    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    before = store.checksum()

    def server_gone(*_: object) -> str:
        raise StoreError("lost the connection to Neo4j at bolt://127.0.0.1:7687: connection reset",
                         hint="is the server still running?")

    monkeypatch.setattr(saved, "save_explanation", server_gone)
    monkeypatch.setenv("XGRAG_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NEO4J_URI", neo4j_uri[0])
    monkeypatch.setenv("NEO4J_USER", neo4j_uri[1] or "neo4j")
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_uri[2] or "")
    data, page = tmp_path / "e.json", tmp_path / "e.html"
    result = CliRunner().invoke(app, ["explain", "who was the director of [Out to Sea]", "--save", "--no-cache",
                                      "--json", str(data), "--html", str(page)])
    # the failed save is reported (message + exit 1) after the files and the console table were written
    assert result.exit_code == 1, result.output
    assert "error: --save: lost the connection to Neo4j" in " ".join(result.output.split())
    assert "Traceback" not in result.output
    ex = json.loads(data.read_text())
    assert ex["answer"] == "Martha Coolidge." and ex["incomplete"] is None
    assert "Martha Coolidge" in page.read_text(encoding="utf-8")
    assert store.checksum() == before
