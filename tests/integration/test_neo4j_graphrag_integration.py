"""neo4j-graphrag's GraphRAG.search explained by xgrag, with real neo4j-graphrag objects against the embedded Neo4j
(the planted-fact world for every retriever is tests/integration/test_neo4j_graphrag_stack.py).

The graph is written by neo4j-graphrag's own components (TextChunkEmbedder, LexicalGraphBuilder, Neo4jWriter: the
SimpleKGPipeline layout), its chunks embedded by a small deterministic Embedder subclass (hashed bag of words; no
model download) into a vector index made by neo4j_graphrag.indexes.create_vector_index. A VectorCypherRetriever
returns each hit chunk with its entities' facts and their elementIds; GraphRAG's LLM is neo4j-graphrag's own
OpenAILLM pointed (base_url) at the OpenAI-protocol test server, which serves SmolLM2-135M.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")

from neo4j_graphrag.embeddings.base import Embedder  # noqa: E402
from neo4j_graphrag.generation import GraphRAG  # noqa: E402
from neo4j_graphrag.indexes import create_vector_index, drop_index_if_exists  # noqa: E402
from neo4j_graphrag.llm import OpenAILLM  # noqa: E402
from neo4j_graphrag.retrievers import VectorCypherRetriever, VectorRetriever  # noqa: E402
from neo4j_graphrag.types import RetrieverResult, RetrieverResultItem  # noqa: E402

import helpers  # noqa: E402
from helpers import CURIE_FACTS, doc_block  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.config import schema_preset  # noqa: E402
from xgrag.errors import UsageError  # noqa: E402
from xgrag.explain.stack import STACK_SETTINGS  # noqa: E402
from xgrag.generate.base import Generator  # noqa: E402
from xgrag.generate.openai import OpenAIGenerator  # noqa: E402
from xgrag.integrations.neo4j_graphrag import (  # noqa: E402
    ExplainedRagResult,
    LLMGenerator,
    XgragLLM,
    explain_result,
    explain_search,
    map_retriever_result,
    record_formatter,
)
from xgrag.model.trace import Neo4jGraphRAGMap  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

N = 12  # SmolLM2 tokens per answer
DIM = 256
INDEX = "xgrag_test_chunk_vectors"
CHAT = "/v1/chat/completions"
QUESTION = "Who did Marie Curie marry?"
STORED = {(h, rel, t) for h, _, rel, t, _ in CURIE_FACTS}
# each hit chunk, the entities extracted from it and every fact touching them, with elementIds for xgrag
RETRIEVAL_QUERY = """
WITH node AS chunk, score
OPTIONAL MATCH (chunk)<-[:FROM_CHUNK]-(e:__Entity__)
OPTIONAL MATCH (e)-[r]-(:__Entity__)
WHERE NOT type(r) IN ['FROM_CHUNK', 'FROM_DOCUMENT', 'NEXT_CHUNK']
WITH chunk, score, collect(DISTINCT e) AS entities, collect(DISTINCT r) AS rels
RETURN chunk.text + reduce(s = '', r IN rels |
         s + '\\n' + startNode(r).name + ' ' + type(r) + ' ' + endNode(r).name) AS text,
       score, elementId(chunk) AS chunk_id,
       [e IN entities | elementId(e)] AS node_ids,
       [r IN rels | elementId(r)] AS relationship_ids
"""


class HashEmbedder(Embedder):
    """Deterministic: a hashed bag of lower-case words, L2-normalised (no model)."""

    def embed_query(self, text: str) -> list[float]:
        vec = [0.0] * DIM
        for word in re.findall(r"\w+", text.lower()):
            vec[int(hashlib.sha256(word.encode()).hexdigest(), 16) % DIM] += 1.0
        norm = math.sqrt(sum(v * v for v in vec)) or 1.0
        return [v / norm for v in vec]


def write_kg(store: Neo4jStore, embedder: Embedder, index: str = INDEX, dim: int = DIM) -> None:
    """The Curie facts as SimpleKGPipeline writes them (the schema-preset test's graph), chunks embedded by
    neo4j-graphrag's TextChunkEmbedder, plus its vector index on Chunk.embedding."""

    helpers.write_graphrag_graph(store, embedder)
    # indexes outlive the per-test wipe: a vector index on Chunk.embedding under another name (or dimension) would
    # make create_vector_index's IF NOT EXISTS a no-op
    for row in store.query("SHOW INDEXES YIELD name, type, labelsOrTypes "
                           "WHERE type = 'VECTOR' AND 'Chunk' IN labelsOrTypes RETURN name"):
        drop_index_if_exists(store.driver, row["name"], neo4j_database=store.database)
    create_vector_index(store.driver, index, label="Chunk", embedding_property="embedding", dimensions=dim,
                        similarity_fn="cosine", neo4j_database=store.database)
    store.query("CALL db.awaitIndexes(120)")


@pytest.fixture(scope="module")
def openai_server() -> Iterator[OpenAITestServer]:
    with OpenAITestServer(default_max_tokens=N) as srv:
        yield srv


@pytest.fixture
def kg(store: Neo4jStore) -> Neo4jStore:
    """The graph written by neo4j-graphrag, read through xgrag's neo4j-graphrag preset (no migration: read-only)."""
    write_kg(store, HashEmbedder())
    return store.with_schema(schema_preset("neo4j-graphrag"))


def _llm(server: OpenAITestServer) -> OpenAILLM:
    return OpenAILLM("smollm2", base_url=server.base_url, api_key="unused-by-the-test-server",
                     model_params={"temperature": 0, "seed": 42, "max_tokens": N})


def _retriever(kg: Neo4jStore) -> VectorCypherRetriever:
    return VectorCypherRetriever(kg.driver, INDEX, RETRIEVAL_QUERY, embedder=HashEmbedder(),
                                 result_formatter=record_formatter("text"), neo4j_database=kg.database)


def _stored_fact(kg: Neo4jStore, rel_id: str) -> tuple[str, str, str, str, str]:
    rows = kg.query("MATCH (s:__Entity__)-[r]->(t:__Entity__) WHERE elementId(r) = $id "
                    "RETURN s.name AS s, type(r) AS r, t.name AS t, elementId(s) AS sid, elementId(t) AS tid",
                    {"id": rel_id})
    assert len(rows) == 1, rel_id
    return rows[0]["s"], rows[0]["r"], rows[0]["t"], rows[0]["sid"], rows[0]["tid"]


def _entity_ids(kg: Neo4jStore) -> dict[str, str]:
    return {r["name"]: r["id"] for r in kg.query("MATCH (e:__Entity__) RETURN e.name AS name, elementId(e) AS id")}


# --------------------------------------------------------------------------------------------- the LLM adapters


@pytest.mark.llm
def test_llm_adapter_uses_the_search_llm(openai_server: OpenAITestServer) -> None:
    llm = _llm(openai_server)
    gen = LLMGenerator(llm)
    assert isinstance(gen, Generator)
    assert gen.name == "neo4j-graphrag:OpenAILLM:smollm2"
    assert gen.params["temperature"] == 0 and gen.params["seed"] == 42 and "api_key" not in gen.params
    openai_server.clear()
    out = gen.generate("What is the capital of France?", "Answer in one short sentence.")
    direct = llm.invoke([{"role": "system", "content": "Answer in one short sentence."},
                         {"role": "user", "content": "What is the capital of France?"}])
    assert out.text == direct.content and out.text.strip()
    assert out.usage.calls == 1 and out.usage.prompt_tokens > 0 and 0 < out.usage.completion_tokens <= N
    assert asyncio.run(gen.agenerate("What is the capital of France?", "Answer in one short sentence.")).text \
        == out.text
    body = openai_server.requests_to(CHAT)[0].body
    assert body["messages"][0] == {"role": "system", "content": "Answer in one short sentence."}
    assert body["temperature"] == 0 and body["seed"] == 42 and body["model"] == "smollm2"
    with pytest.raises(UsageError, match="neo4j-graphrag LLM"):
        LLMGenerator(object())


@pytest.mark.llm
def test_xgrag_generator_as_a_graphrag_llm(kg: Neo4jStore, openai_server: OpenAITestServer) -> None:
    """The other direction: xgrag's own OpenAI-compatible generator answering inside GraphRAG."""
    gen = OpenAIGenerator("smollm2", base_url=openai_server.base_url, max_tokens=N)
    rag = GraphRAG(_retriever(kg), XgragLLM(gen))
    openai_server.clear()
    result = rag.search(QUESTION, retriever_config={"top_k": 1}, return_context=True)
    assert result.answer.strip() and result.retriever_result is not None
    sent = openai_server.requests_to(CHAT)[-1].body["messages"]
    assert sent[0]["role"] == "system" and "Marie Curie married Pierre Curie" in sent[-1]["content"]


# --------------------------------------------------------------------------------------------- explain_search


@pytest.mark.llm
def test_explain_search_replays_the_search_with_smollm2(kg: Neo4jStore, openai_server: OpenAITestServer) -> None:
    """A real (weak) model behind the protocol: SmolLM2 at temperature 0 with a seed repeats itself, so replaying the
    search's call reproduces its answer exactly; every probe is the search's own prompt with units left out."""
    rag = GraphRAG(_retriever(kg), _llm(openai_server))
    before = kg.checksum()
    openai_server.clear()
    out = explain_search(rag, QUESTION, store=kg, retriever_config={"top_k": 2},
                         # leave-one-out: every span measured alone (auto's proxy plan clears most of them)
                         settings=replace(STACK_SETTINGS, scheduler="exhaustive"))
    assert kg.checksum() == before  # nothing written, by the search or the explanation
    assert isinstance(out, ExplainedRagResult) and out.explanation is not None
    ex, payload = out.explanation, out.explain
    assert out.answer.strip() and ex.reproduction is not None and ex.reproduction.reproduced
    assert ex.answer == out.answer == ex.observed_answer and payload.reproduced is True
    assert ex.reproduction.baselines_agree
    chats = openai_server.requests_to(CHAT)
    search, baseline = chats[0].body, chats[1].body
    assert baseline["messages"] == search["messages"]  # the search's own prompt, byte for byte
    assert (search["temperature"], search["seed"], search["model"]) == (0, 42, "smollm2")
    assert len(chats) == 1 + ex.cost.generator_calls
    skeleton = search["messages"][1]["content"]
    assert skeleton.startswith("Context:\n") and skeleton.endswith(f"Question:\n{QUESTION}\n\nAnswer:\n")
    assert chats[2].body["messages"] == search["messages"]  # the baseline's repeat (its noise floor)
    for req in chats[3:]:
        messages = req.body["messages"]
        assert messages[0] == search["messages"][0] and messages[1]["content"].startswith("Context:\n")
        assert messages[1]["content"].endswith(f"Question:\n{QUESTION}\n\nAnswer:\n")
        assert len(messages[1]["content"]) < len(skeleton)  # something was left out

    # units: the two records (chunk text + its facts, one per line), their lines traced to the stored facts
    assert ex.stack is not None and ex.stack.items == 2
    assert ex.stack.component == "GraphRAG(VectorCypherRetriever)"
    sources = payload.sources
    assert [s.index for s in sources] == [1, 2] and all(s.retrieved_as == "record" for s in sources)
    assert sources[0].content.startswith("Marie Curie married Pierre Curie.")
    assert all(s.mapping == "facts" and isinstance(s.score, float) for s in sources)
    assert {f for s in sources for f in s.facts} == {" ".join(t) for t in STORED}
    spans = [sp for s in sources for sp in s.spans]
    assert spans and all(sp.importance is not None and sp.evaluated == "measured" for sp in spans)
    for sp in spans:
        for rid in sp.relationship_ids:  # a span is traced to a fact only when it names both ends
            s_, r, t, _, _ = _stored_fact(kg, rid)
            assert s_ in sp.text and t in sp.text
    assert any(sp.text == "Marie Curie MARRIED Pierre Curie" and len(sp.relationship_ids) == 1 for sp in spans)
    # one rank per probe: a span and its copies (the chunk's sentence and the record's fact line stating the same
    # stored fact, xgrag.model.copies) are one group, removed together, sharing its rank
    for strategy, n in (("item", 2), ("span", len(spans))):
        ranked = [c for c in ex.components if c.strategy == strategy and c.rank is not None]
        assert len(ranked) == n
        probes = {c.redundant_group or c.id: c.rank for c in ranked}
        assert sorted(probes.values()) == list(range(1, len(probes) + 1))
        assert all(c.rank == probes[c.redundant_group or c.id] for c in ranked)
    assert ex.copies
    married = next(g for g in ex.copies if any(sp.text == "Marie Curie MARRIED Pierre Curie" and sp.id in g.members
                                               for sp in spans))
    # the same statement once case and punctuation are folded, wherever the records repeat it
    assert married.basis == "text" and {next(sp.text for sp in spans if sp.id == m) for m in married.members} == {
        "Marie Curie married Pierre Curie.", "Marie Curie MARRIED Pierre Curie"}
    linked = [sp for sp in spans if sp.id in married.members]  # the payload links the copies too
    assert all(sp.redundant_group == married.id and sp.copies and sp.joint_importance == married.importance
               for sp in linked)
    assert payload.trace.retriever == "VectorCypherRetriever" and payload.trace.retrieval_query == RETRIEVAL_QUERY
    step = payload.trace.steps[0]
    assert isinstance(step, Neo4jGraphRAGMap) and step.mapped == [1, 2]
    dumped = out.model_dump(mode="json")
    assert set(dumped["explain"]) >= {"sources", "graph", "trace"} and "explanation" not in dumped


def test_unmappable_items_are_reported_not_invented(kg: Neo4jStore) -> None:
    """A plain VectorRetriever names chunks (not entities), a text item names nothing, a bogus id names no node: each
    is reported with its reason; a path in the draft's GraphContext form (no relationship ids) maps by its ends."""
    ids = _entity_ids(kg)
    plain = VectorRetriever(kg.driver, INDEX, HashEmbedder(), return_properties=["text"], neo4j_database=kg.database)
    chunk_hit = plain.search(query_text=QUESTION, top_k=1)
    assert chunk_hit.items[0].metadata and chunk_hit.items[0].metadata.get("id")  # the chunk's elementId
    draft_path = {"paths": [[{"id": ids["Marie Curie"], "labels": ["Person"], "properties": {"name": "Marie Curie"}},
                             {"type": "MARRIED", "start_id": ids["Marie Curie"], "end_id": ids["Pierre Curie"]},
                             {"id": ids["Pierre Curie"], "labels": ["Person"], "properties": {}}]]}
    result = RetrieverResult(items=[
        chunk_hit.items[0],
        RetrieverResultItem(content="Marie and Pierre Curie were married in 1895."),
        RetrieverResultItem(content="bogus", metadata={"node_ids": ["4:00000000-0000-0000-0000-000000000000:999"]}),
        RetrieverResultItem(content="Marie Curie married Pierre Curie.", metadata={"graph": draft_path}),
        RetrieverResultItem(content="Marie Curie, Nobel Prize", metadata={"node_ids": [ids["Marie Curie"],
                                                                                      ids["Nobel Prize in Physics"]]}),
    ], metadata={"__retriever": "Handmade"})
    before = kg.checksum()
    mapped = map_retriever_result(kg, result)
    assert kg.checksum() == before
    assert [s.mapping for s in mapped.sources] == ["unmapped", "unmapped", "unmapped", "facts", "entities"]
    reasons = [s.reason or "" for s in mapped.sources]
    assert "not entities under the 'neo4j-graphrag' preset" in reasons[0] and "Chunk" in reasons[0]
    assert reasons[1].startswith("text only")
    assert "no node with id" in reasons[2]
    assert "induce_relationships=True" in reasons[4]
    assert sorted(mapped.subgraph.triples()) == [("Marie Curie", "MARRIED", "Pierre Curie")]  # nothing invented
    assert set(mapped.subgraph.nodes) == {ids["Marie Curie"], ids["Pierre Curie"], ids["Nobel Prize in Physics"]}
    assert mapped.sources[3].paths and [k for k, _ in mapped.sources[3].paths[0]] == ["node", "rel", "node"]
    assert mapped.trace.unmapped == [1, 2, 3] and mapped.trace.entities_only == [5]
    # induced on request: the relationships among the entities an item names, marked as such
    induced = map_retriever_result(kg, result, induce_relationships=True)
    assert induced.sources[4].mapping == "facts" and induced.sources[4].induced_relationship_ids
    assert ("Marie Curie", "WON", "Nobel Prize in Physics") in induced.subgraph.triples()
    assert induced.trace.induced_relationships == induced.sources[4].induced_relationship_ids


@pytest.mark.llm
def test_no_item_no_explanation_and_a_result_without_context_is_refused(kg: Neo4jStore,
                                                                        openai_server: OpenAITestServer) -> None:
    from neo4j_graphrag.generation.types import RagResultModel

    rag = GraphRAG(_retriever(kg), _llm(openai_server))
    empty = RagResultModel(answer="I don't know.", retriever_result=RetrieverResult(items=[]))
    out = explain_result(rag, empty, QUESTION, store=kg)
    assert out.explanation is None and out.explain.skipped is not None and "no item" in out.explain.skipped
    with pytest.raises(UsageError, match="return_context=True"):
        explain_result(rag, RagResultModel(answer="x"), QUESTION, store=kg)


# --------------------------------------------------------------------------------------------- README


@pytest.mark.llm
def test_readme_block_runs_as_written(store: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """docs/integrations/neo4j-graphrag.md's block, as written: NEO4J_URI at the test Neo4j, OPENAI_BASE_URL at an
    OpenAI-protocol test server serving SmolLM2 as gpt-4o-mini and MiniLM as text-embedding-3-small (which also
    embedded the chunks, through neo4j-graphrag's OpenAIEmbeddings)."""
    from neo4j_graphrag.embeddings import OpenAIEmbeddings

    with OpenAITestServer(chat_models=("gpt-4o-mini",), embed_models=("text-embedding-3-small",),
                          default_max_tokens=N) as srv:
        monkeypatch.chdir(tmp_path)
        uri, user, password = neo4j_uri
        monkeypatch.setenv("NEO4J_URI", uri)
        for var, value in (("NEO4J_USER", user), ("NEO4J_PASSWORD", password)):
            if value:
                monkeypatch.setenv(var, value)
            else:
                monkeypatch.delenv(var, raising=False)
        monkeypatch.setenv("OPENAI_BASE_URL", srv.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-unused")
        write_kg(store, OpenAIEmbeddings(model="text-embedding-3-small"), index="chunk_embeddings", dim=384)
        before = store.checksum()
        page = "docs/integrations/neo4j-graphrag.md"
        scope: dict[str, object] = {}
        exec(compile(doc_block(page, "Use with neo4j-graphrag", "python"), page, "exec"), scope)  # noqa: S102
        result = scope["result"]
        assert isinstance(result, ExplainedRagResult) and result.explanation is not None
        assert result.explain.sources[0].content.startswith("Marie Curie married Pierre Curie.")
        assert result.explain.sources[0].rank is not None and srv.requests_to(CHAT)
        assert result.explanation.reproduction is not None and result.explanation.reproduction.reproduced
        assert store.checksum() == before
