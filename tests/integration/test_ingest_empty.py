"""An ingest given nothing to ingest is an error that names the file, not "0 triples" on exit 0 (a truncated export
or the wrong path let a pipeline carry on with an empty graph): `xgrag ingest triples` as a user runs it, against
the real Neo4j, which it leaves unchanged; `xgrag ingest docs` names and skips empty documents."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from xgrag.cli.ingest import without_empty_documents
from xgrag.errors import UsageError
from xgrag.store.ingest import IngestError, read_triples
from xgrag.store.neo4j import Neo4jStore


def xgrag(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture
def env(neo4j_uri: tuple[str, str | None, str | None], tmp_path: Path) -> dict[str, str]:
    uri, user, password = neo4j_uri
    base = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "XGRAG_CONFIG"))}
    return {**base, "NEO4J_URI": uri, "NEO4J_USER": user or "neo4j", "NEO4J_PASSWORD": password or "",
            "XGRAG_HOME": str(tmp_path / "home"), "COLUMNS": "400"}


def test_an_empty_triples_file_is_refused_and_writes_nothing(store: Neo4jStore, env: dict[str, str],
                                                             tmp_path: Path) -> None:
    before = store.checksum()
    empty = tmp_path / "kg.tsv"
    empty.write_text("")
    proc = xgrag(env, tmp_path, "ingest", "triples", str(empty))
    err = " ".join(proc.stderr.split())
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert f"error: {empty}: field 'triples': holds nothing (the file is empty); nothing was written" in err
    assert "Traceback" not in proc.stderr and "0 triples" not in proc.stdout
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "chapter.txt").write_text("\n")
    # refused before a generator is made (none answers at this address) or Neo4j is asked
    proc = xgrag(env, tmp_path, "ingest", "docs", str(docs), "--generator", "ollama:none",
                 "--ollama-host", "http://127.0.0.1:9")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, (proc.stdout, proc.stderr)
    assert f"{docs / 'chapter.txt'}: no text (empty document); nothing was written" in " ".join(proc.stderr.split())
    assert store.checksum() == before


@pytest.mark.parametrize(("name", "text", "what"), [
    ("header.tsv", "head\trelation\ttail\n\n", "holds a header and no triples"),
    ("blank.tsv", "\n  \n", "holds nothing (the file is empty)"),
    ("blank.jsonl", "\n\n", "holds nothing (the file is empty)"),
    ("movies_metaqa.tsv", "head\trelation\ttail\n", "holds a header and no triples"),
])
def test_a_file_without_triples_is_named_whatever_its_format(tmp_path: Path, name: str, text: str,
                                                             what: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(IngestError, match=re.escape(what)) as raised:
        read_triples(path)
    assert raised.value.path == str(path) and raised.value.field == "triples" and raised.value.exit_code == 2


def test_empty_documents_are_named_and_skipped_and_only_empty_ones_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    story, empty, blank = tmp_path / "story.txt", tmp_path / "empty.txt", tmp_path / "blank.txt"
    story.write_text("Marie Curie married Pierre Curie.\n")
    empty.write_text("")
    blank.write_text("\n \n")
    assert without_empty_documents([blank, empty, story]) == [story]
    assert f"skipped 2 empty document(s): {blank}, {empty}" in " ".join(capsys.readouterr().err.split())
    with pytest.raises(UsageError, match="no text \\(empty documents\\); nothing was written"):
        without_empty_documents([blank, empty])
    with pytest.raises(UsageError, match="no such file"):
        without_empty_documents([tmp_path / "missing.txt"])
