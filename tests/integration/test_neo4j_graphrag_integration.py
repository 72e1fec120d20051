"""neo4j-graphrag's GraphRAG.search explained by xgrag, with real neo4j-graphrag objects against the embedded Neo4j.

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
from xgrag.explain import ExplainSettings  # noqa: E402
from xgrag.generate.base import Generator  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402
from xgrag.generate.openai import OpenAIGenerator  # noqa: E402
from xgrag.integrations.neo4j_graphrag import (  # noqa: E402
    ExplainedRagResult,
    GraphNodeRef,
    GraphRelationshipRef,
    LLMGenerator,
    XgragLLM,
    explain_result,
    explain_search,
    make_explainer,
    map_retriever_result,
    record_formatter,
)
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


def test_explain_search_payload(kg: Neo4jStore, openai_server: OpenAITestServer) -> None:
    rag = GraphRAG(_retriever(kg), _llm(openai_server))
    before = kg.checksum()
    openai_server.clear()
    out = explain_search(rag, QUESTION, store=kg, retriever_config={"top_k": 2},
                         settings=ExplainSettings(strategies=("node", "edge"), noise_runs=1))
    assert kg.checksum() == before  # nothing written, by the search or the explanation
    assert isinstance(out, ExplainedRagResult) and out.explanation is not None
    ex, payload = out.explanation, out.explain
    # the search itself: GraphRAG's own answer, from its own prompt, is the observed answer
    assert out.answer.strip() and payload.answer == out.answer == ex.observed_answer
    assert out.retriever_result is not None and len(out.retriever_result.items) == 2
    assert payload.explainer_answer == ex.answer and payload.explainer_answer.strip()
    assert isinstance(payload.observed_answer_similarity, float)
    assert payload.generator == "neo4j-graphrag:OpenAILLM:smollm2"
    # every generator call went to the search's LLM server: 1 search + 1 baseline + 4 nodes + 3 edges (fewer when
    # two perturbations render the same context)
    assert 2 + 3 <= len(openai_server.requests_to(CHAT)) <= 1 + 1 + 4 + 3
    assert payload.cost is not None and payload.cost["generator_calls"] >= 4

    # sources: the draft's fields, numbered as GraphRAG's context, plus how each mapped and what mattered
    sources = payload.sources
    assert [s.index for s in sources] == [1, 2]
    assert sources[0].content.startswith("Marie Curie married Pierre Curie.")
    assert sources[1].content.startswith("Marie Curie won the Nobel Prize in Physics.")
    assert all(isinstance(s.score, float) and "chunk_id" in s.metadata for s in sources)
    assert all(s.mapping == "facts" and s.reason is None for s in sources)
    assert {f for s in sources for f in s.facts} == {" ".join(t) for t in STORED}  # MARRIED, WON, WORKED_AT
    assert sorted(s.rank for s in sources if s.rank is not None) == [1, 2]
    assert all(s.importance is not None for s in sources)

    # every fact the payload states is a stored relationship between the stated entities
    names = {v: k for k, v in _entity_ids(kg).items()}
    stated = 0
    assert payload.graph is not None and [g.source_index for g in payload.graph] == [1, 2]
    for ctx in payload.graph:
        for path in ctx.paths:
            for element in path:
                if isinstance(element, GraphRelationshipRef):
                    assert element.id is not None
                    s, r, t, sid, tid = _stored_fact(kg, element.id)
                    assert (element.type, element.start_id, element.end_id) == (r, sid, tid)
                    assert element.fact == f"{s} {r} {t}" and (s, r, t) in STORED
                    assert element.strategy == "edge" and element.importance is not None
                    assert element.rank is not None and element.rank >= 1
                    assert element.counterfactual_answer is not None
                    assert [a.strategy for a in element.attributions] == ["edge"]
                    stated += 1
                else:
                    assert isinstance(element, GraphNodeRef) and element.id in names
                    assert element.properties == {"name": names[element.id]}
                    assert element.strategy == "node" and element.importance is not None and element.rank
    assert stated == 5  # chunk 1: MARRIED, WON, WORKED_AT (Pierre's); chunk 2: MARRIED, WON
    for src in sources:
        for rid in src.relationship_ids:
            assert " ".join(_stored_fact(kg, rid)[:3]) in src.facts

    # ranks per strategy are 1..n, and the components are the Explanation's
    for strategy, n in (("node", 4), ("edge", 3)):
        ranks = sorted(c.rank for c in payload.components if c.strategy == strategy and c.rank is not None)
        assert ranks == list(range(1, n + 1))
    assert payload.components == ex.components

    # trace: the draft's retriever name plus the retrieval query, the mapping and the explanation's steps
    assert payload.trace.retriever == "VectorCypherRetriever" and payload.trace.cypher is None
    assert payload.trace.retrieval_query == RETRIEVAL_QUERY
    step = payload.trace.steps[0]
    assert step["step"] == "map_context" and step["mapped"] == [1, 2] and step["unmapped"] == []
    assert step["schema_preset"] == "neo4j-graphrag"
    assert any(s.get("step") == "observed_answer" for s in payload.trace.steps)
    # JSON-serialisable as a whole
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
    assert [s.mapping for s in mapped.sources] == ["unmapped", "unmapped", "unmapped", "facts", "entities"]
    reasons = [s.reason or "" for s in mapped.sources]
    assert "not entities under the 'neo4j-graphrag' preset" in reasons[0] and "(Chunk:" in reasons[0]
    assert reasons[1].startswith("text only")
    assert "no node with id" in reasons[2]
    assert "induce_relationships=True" in reasons[4]
    assert sorted(mapped.subgraph.triples()) == [("Marie Curie", "MARRIED", "Pierre Curie")]  # nothing invented
    assert set(mapped.subgraph.nodes) == {ids["Marie Curie"], ids["Pierre Curie"], ids["Nobel Prize in Physics"]}
    assert mapped.sources[3].paths and [k for k, _ in mapped.sources[3].paths[0]] == ["node", "rel", "node"]
    assert mapped.trace["unmapped"] == [1, 2, 3] and mapped.trace["entities_only"] == [5]
    # induced on request: the relationships among the entities an item names, marked as such
    induced = map_retriever_result(kg, result, induce_relationships=True)
    assert induced.sources[4].mapping == "facts" and induced.sources[4].induced_relationship_ids
    assert ("Marie Curie", "WON", "Nobel Prize in Physics") in induced.subgraph.triples()
    assert induced.trace["induced_relationships"] == induced.sources[4].induced_relationship_ids

    # explained with xgrag's extractive reader (explainer= path): the payload keeps every source, graph only for
    # the mapped ones, and the GraphContext path as the item gave it
    explainer = make_explainer(kg, make_generator("extractive", embedder=_minilm()))
    out = explain_result(result, QUESTION, store=kg, explainer=explainer, answer="Pierre Curie.",
                         settings=ExplainSettings(strategies=("edge",), noise_runs=1))
    assert kg.checksum() == before
    assert [s.mapping for s in out.explain.sources] == ["unmapped", "unmapped", "unmapped", "facts", "entities"]
    assert out.explain.sources[0].node_id == chunk_hit.items[0].metadata["id"]
    assert "Chunk" in out.explain.sources[0].labels  # the draft's labels, from VectorRetriever's nodeLabels
    assert out.explain.graph is not None and [g.source_index for g in out.explain.graph] == [4, 5]
    path = out.explain.graph[0].paths[0]
    assert [type(e).__name__ for e in path] == ["GraphNodeRef", "GraphRelationshipRef", "GraphNodeRef"]
    rel = path[1]
    assert isinstance(rel, GraphRelationshipRef) and rel.fact == "Marie Curie MARRIED Pierre Curie"
    assert rel.rank == 1 and rel.importance is not None and rel.importance > 0.5  # the answer's only support
    assert out.explain.answer == "Pierre Curie." and out.explain.explainer_answer == "Pierre Curie."
    assert out.explain.sources[3].rank == 1


def test_nothing_mapped_is_skipped_with_reasons(kg: Neo4jStore) -> None:
    result = RetrieverResult(items=[RetrieverResultItem(content="free text")])
    out = explain_result(result, QUESTION, store=kg, explainer=make_explainer(kg, make_generator(
        "extractive", embedder=_minilm())), answer="?")
    assert out.explanation is None and out.explain.graph is None
    assert out.explain.skipped is not None and "[1] text only" in out.explain.skipped
    with pytest.raises(UsageError, match="return_context=True"):
        from neo4j_graphrag.generation.types import RagResultModel

        explain_result(RagResultModel(answer="x"), QUESTION, store=kg, explainer=make_explainer(
            kg, make_generator("extractive", embedder=_minilm())))


def _minilm():  # noqa: ANN202 - the default embedder (local all-MiniLM-L6-v2)
    from xgrag.embed import default_embedder

    return default_embedder()


# --------------------------------------------------------------------------------------------- README


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
        assert store.checksum() == before
