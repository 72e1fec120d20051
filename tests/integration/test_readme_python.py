"""The documented Python blocks, run as written against the real embedded Neo4j: "Explain from Python" (the
README's tour and docs/guide/python.md) and the LightRAG and LlamaIndex stack pages."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from helpers import SAMPLE, doc_block
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore


@pytest.mark.parametrize("page", ["README.md", "docs/guide/python.md"])
def test_explain_from_python_runs_as_written(page: str, store: Neo4jStore,
                                             neo4j_uri: tuple[str, str | None, str | None],
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
        exec(compile(doc_block(page, "Explain from Python", "python"), page, "exec"), {})  # noqa: S102
    out = printed.getvalue()
    assert out.startswith("Martha Coolidge.")  # Out to Sea's director in the shipped sample KG
    assert "Out to Sea -directed_by-> Martha Coolidge" in out


def _point_at(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, neo4j_uri: tuple[str, str | None, str | None]) -> None:
    uri, user, password = neo4j_uri
    monkeypatch.chdir(tmp_path)  # no ./xgrag.toml
    monkeypatch.delenv("XGRAG_SCHEMA_PRESET", raising=False)
    monkeypatch.setenv("NEO4J_URI", uri)
    for var, value in (("NEO4J_USER", user), ("NEO4J_PASSWORD", password)):
        if value:
            monkeypatch.setenv(var, value)
        else:
            monkeypatch.delenv(var, raising=False)


def _run_block(page: str, heading: str) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(doc_block(page, heading, "python"), page, "exec"), {})  # noqa: S102
    return printed.getvalue()


def test_use_with_lightrag_runs_as_written(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    import helpers

    helpers.write_lightrag_graph(store)  # LightRAG's own Neo4JStorage
    helpers.mapped(store, "lightrag")  # `xgrag migrate --preset lightrag`
    _point_at(monkeypatch, tmp_path, neo4j_uri)
    chunks, extra = helpers.lightrag_chunk_ids()
    out = _run_block("docs/integrations/lightrag.md", "Use with LightRAG")
    assert out.startswith("Pierre Curie")
    assert f"| Marie Curie -married-> Pierre Curie | ['{chunks[0]}', '{extra}']" in out


def test_use_with_llamaindex_runs_as_written(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in [dev]")
    import helpers

    helpers.write_llamaindex_graph(store)[1].close()  # LlamaIndex's own PropertyGraphIndex
    helpers.mapped(store, "llamaindex")
    _point_at(monkeypatch, tmp_path, neo4j_uri)
    out = _run_block("docs/integrations/llamaindex.md", "Use with LlamaIndex")
    assert out.startswith("Pierre Curie")
    assert "| Marie Curie -MARRIED-> Pierre Curie |" in out and out.count("'relationship_id'") == 2
