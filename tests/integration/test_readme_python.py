"""The documented Python blocks, run as written against the real embedded Neo4j: "Explain from Python" (the
README's tour and docs/guide/python.md), the LightRAG, LlamaIndex and LangChain (GraphCypherQAChain) integration pages
and the stack pages (docs/stacks/: LangChain's LCEL chain and GraphCypherQAChain, neo4j-graphrag, LlamaIndex), each
with the library's real objects, their LLM the OpenAI-protocol test server's scripted model (OPENAI_BASE_URL).
tests/unit/test_docs_blocks.py checks that every Python block of those pages is run by a test."""

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
    out = _run_block("docs/integrations/lightrag.md", "xgrag's own retrieval over a LightRAG graph")
    assert out.startswith("Pierre Curie")
    assert f"| Marie Curie -married-> Pierre Curie | ['{chunks[0]}', '{extra}']" in out


def _drop_preset_indexes(store: Neo4jStore, preset: str) -> None:
    """The indexes `xgrag migrate --preset PRESET` creates, dropped: the database as a library left it."""
    from xgrag.config import schema_preset

    schema = schema_preset(preset)
    for name in (schema.fulltext_index, schema.vector_index):
        store.query(f"DROP INDEX `{name}` IF EXISTS", read_only=False)


LLAMAINDEX_BLOCKS = [("docs/integrations/llamaindex.md", "Use with LlamaIndex"),
                     ("docs/stacks/llamaindex.md", "LlamaIndex")]


@pytest.mark.parametrize("page,heading", LLAMAINDEX_BLOCKS, ids=["integrations", "stacks"])
def test_use_with_llamaindex_runs_as_written(page: str, heading: str, store: Neo4jStore,
                                             neo4j_uri: tuple[str, str | None, str | None],
                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """On a freshly written graph (no `xgrag migrate`): the engine's own answer, reproduced, the MARRIED triplet's
    node first; the engine's LLM is OpenAILike over the OpenAI protocol, a scripted model answering from that line."""
    pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in [dev]")
    pytest.importorskip("llama_index.llms.openai_like", reason="llama-index-llms-openai-like is in [dev]")
    import helpers
    from support.openai_server import OpenAITestServer

    _drop_preset_indexes(store, "llamaindex")  # a fresh graph: none of the llamaindex preset's indexes
    helpers.write_llamaindex_graph(store)[1].close()  # LlamaIndex's own PropertyGraphIndex
    _point_at(monkeypatch, tmp_path, neo4j_uri)
    rule = {"Marie Curie -> MARRIED -> Pierre Curie": "Pierre Curie", "Who did Marie Curie marry?": "I don't know."}
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={"curie": rule}) as srv:
        monkeypatch.setenv("LLM_MODEL", "curie")
        monkeypatch.setenv("OPENAI_BASE_URL", srv.base_url)
        before = store.checksum()
        out = _run_block(page, heading)
        assert store.checksum() == before
    if page.startswith("docs/integrations"):
        assert out.startswith("Pierre Curie | True | ")
        assert "Marie Curie -> MARRIED -> Pierre Curie | ['Marie Curie MARRIED Pierre Curie']" in out
        return
    lines = out.splitlines()
    assert lines[:2] == ["Pierre Curie", "True True"], lines
    assert lines[2].endswith(" Marie Curie -> MARRIED -> Pierre Curie ['Marie Curie MARRIED Pierre Curie']")
    assert float(lines[2].split()[0]) > 0 and all(float(line.split()[0]) == 0 for line in lines[3:-1])
    nodes = int(lines[-1].split()[0])
    assert nodes >= 2 and lines[-1] == f"{nodes} nodes, {nodes} triplets matched to stored relationships"


def test_llamaindex_missing_migration_names_the_command(store: Neo4jStore) -> None:
    """xgrag's own retrieval over a fresh LlamaIndex graph needs the preset's indexes: the hint is the exact command
    (a bare `xgrag migrate` would migrate the configured preset, not llamaindex)."""
    pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in [dev]")
    import helpers
    from xgrag.config import Settings, schema_preset
    from xgrag.explain import Explainer
    from xgrag.generate.factory import make_generator
    from xgrag.store.neo4j import MissingMigration

    _drop_preset_indexes(store, "llamaindex")
    helpers.write_llamaindex_graph(store)[1].close()
    schema = schema_preset("llamaindex")
    explainer = Explainer.from_settings(Settings(schema=schema), store.with_schema(schema),
                                        generator=make_generator("extractive"))
    with pytest.raises(MissingMigration) as err:
        explainer.explain("Who did Marie Curie marry?")
    assert err.value.hint is not None and "run `xgrag migrate --preset llamaindex`" in err.value.hint


CYPHER_QA_BLOCKS = [("docs/integrations/langchain.md", "Explaining a GraphCypherQAChain's answer"),
                    ("docs/stacks/langchain.md", "GraphCypherQAChain's own call: `explain_cypher_qa`")]


@pytest.mark.parametrize("page,heading", CYPHER_QA_BLOCKS, ids=["integrations", "stacks"])
def test_explaining_a_graph_cypher_qa_chain_runs_as_written(page: str, heading: str, store: Neo4jStore,
                                                             neo4j_uri: tuple[str, str | None, str | None],
                                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The GraphCypherQAChain blocks on a graph langchain-neo4j wrote (no `xgrag migrate`): the chain's own answer,
    reproduced, its one row traced to the MARRIED relationship; ChatOpenAI over the OpenAI protocol, a scripted model
    writing the query and answering from the row. The integrations page's chain returns its intermediate steps; the
    stack page's does not (the rows are read from its "Full Context:" text event)."""
    pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [dev] extra")
    import helpers
    from support.openai_server import OpenAITestServer

    _drop_preset_indexes(store, "langchain")
    helpers.write_langchain_graph(store)
    _point_at(monkeypatch, tmp_path, neo4j_uri)
    if not neo4j_uri[2]:  # the embedded test server runs without auth; Neo4jGraph insists on a password anyway
        monkeypatch.setenv("NEO4J_PASSWORD", "unused-auth-is-off")
    cypher = "MATCH (m:Person {id: 'Marie Curie'})-[:MARRIED]->(s:Person) RETURN s.id AS spouse"
    # the first key found in the prompt answers: the row, else the query-writing prompt, else the QA prompt without it
    rule = {"'spouse': 'Pierre Curie'": "Pierre Curie", "Generate Cypher statement": cypher,
            "Helpful Answer:": "I don't know."}
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={"gpt-4o-mini": rule}) as srv:
        _openai_env(monkeypatch, srv.base_url)
        before = store.checksum()
        out = _run_block(page, heading)
        assert store.checksum() == before
    if page.startswith("docs/integrations"):
        assert out.startswith("Pierre Curie | True | [1] {'spouse': 'Pierre Curie'} | ")
        assert "Marie Curie MARRIED Pierre Curie" in out
    else:
        answer, rows = out.splitlines()
        assert answer == f"Pierre Curie | {cypher}"
        assert rows == "[{'spouse': 'Pierre Curie'}] | [1] {'spouse': 'Pierre Curie'}"


def _openai_env(monkeypatch: pytest.MonkeyPatch, base_url: str) -> None:
    """What the blocks' OpenAI clients read: the test server's URL; a key the server ignores (clients insist)."""
    monkeypatch.setenv("OPENAI_BASE_URL", base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-unused")


def test_explaining_an_lcel_chain_runs_as_written(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
                                                  monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """docs/stacks/langchain.md's LCEL block on a graph langchain-neo4j wrote, migrated for xgrag's retrieval
    (XgragRetriever): the chain's own answer, reproduced, the MARRIED document first; ChatOpenAI over the OpenAI
    protocol, a scripted model answering from that document's line."""
    pytest.importorskip("langchain_openai", reason="langchain-openai is in the [dev] extra")
    import helpers
    from support.openai_server import OpenAITestServer

    helpers.write_langchain_graph(store)
    helpers.mapped(store, "langchain")  # `xgrag migrate --preset langchain`: the full-text index linking reads
    _point_at(monkeypatch, tmp_path, neo4j_uri)
    rule = {"Marie Curie MARRIED Pierre Curie": "Pierre Curie", "Question:": "I don't know."}
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={"gpt-4o-mini": rule}) as srv:
        _openai_env(monkeypatch, srv.base_url)
        before = store.checksum()
        out = _run_block("docs/stacks/langchain.md", "An LCEL chain's own call: `explain_chain`")
        assert store.checksum() == before
    answer, found = out.splitlines()
    assert answer.startswith("Pierre Curie | True | ") and "Marie Curie MARRIED Pierre Curie" in answer
    documents = int(found.split()[2])
    assert documents >= 2 and found == f"{documents} of {documents} documents found in the prompt"


def test_explaining_a_graphrag_search_runs_as_written(store: Neo4jStore,
                                                      neo4j_uri: tuple[str, str | None, str | None],
                                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """docs/stacks/neo4j-graphrag.md's block on a graph neo4j-graphrag's own writer laid out as SimpleKGPipeline does
    (no `xgrag migrate`): GraphRAG.search with a Text2CypherRetriever, OpenAILLM over the OpenAI protocol, a scripted
    model writing the query and answering from its row; the search's answer reproduced, the row traced to MARRIED."""
    pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")
    import helpers
    from support.openai_server import OpenAITestServer

    helpers.write_graphrag_graph(store)
    _point_at(monkeypatch, tmp_path, neo4j_uri)
    cypher = "MATCH (:Person {name: 'Marie Curie'})-[:MARRIED]->(s:Person) RETURN s.name AS spouse"
    rule = {"spouse='Pierre Curie'": "Pierre Curie", "Generate a Cypher statement": cypher,
            "Answer:": "I don't know."}
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={"gpt-4o-mini": rule}) as srv:
        _openai_env(monkeypatch, srv.base_url)
        before = store.checksum()
        out = _run_block("docs/stacks/neo4j-graphrag.md", "neo4j-graphrag")
        assert store.checksum() == before
    answer, source = out.splitlines()
    assert answer == "Pierre Curie | True | [1] <Record spouse='Pierre Curie'>", answer
    assert source.startswith("1 1 ") and source.endswith(" row ['Marie Curie MARRIED Pierre Curie']"), source
