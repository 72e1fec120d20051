"""The README's "Explain from Python" block, run as written against the real embedded Neo4j."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from helpers import SAMPLE
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_block(heading: str) -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, f"no python block under '## {heading}'"
    return match.group(1)


def test_explain_from_python_runs_as_written(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    uri, user, password = neo4j_uri
    monkeypatch.chdir(tmp_path)  # no ./xgrag.toml
    monkeypatch.setenv("NEO4J_URI", uri)
    for var, value in (("NEO4J_USER", user), ("NEO4J_PASSWORD", password)):
        if value:
            monkeypatch.setenv(var, value)
        else:
            monkeypatch.delenv(var, raising=False)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(readme_block("Explain from Python"), "README.md", "exec"), {})  # noqa: S102
    out = printed.getvalue()
    assert out.startswith("Martha Coolidge.")  # Out to Sea's director in the shipped sample KG
    assert "Out to Sea -directed_by-> Martha Coolidge" in out
