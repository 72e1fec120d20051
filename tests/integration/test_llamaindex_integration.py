"""xgrag.integrations.llamaindex with real llama-index objects: a PropertyGraphIndex written by LlamaIndex's own code
into Neo4jPropertyGraphStore on the test Neo4j, a query engine (LLM-free sub-retriever, MockLLM synthesizer), and
xgrag explaining its response over the triplets the response's source nodes carry."""

from __future__ import annotations

import pytest

pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in the [dev] extra")

from llama_index.core.llms import MockLLM  # noqa: E402
from llama_index.core.schema import NodeWithScore, TextNode  # noqa: E402

from helpers import mapped, write_llamaindex_graph  # noqa: E402
from xgrag.config import Settings, schema_preset  # noqa: E402
from xgrag.errors import UsageError  # noqa: E402
from xgrag.explain import Explainer  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402
from xgrag.integrations.llamaindex import (  # noqa: E402
    CapturedTriplet,
    EntityNameRetriever,
    explain_response,
    subgraph_from_response,
    triplets_from_nodes,
)
from xgrag.model.trace import LlamaIndexResponseMap  # noqa: E402
from xgrag.retrieval import Retriever  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

QUESTION = "Who did Marie Curie marry?"


@pytest.fixture
def graph(store: Neo4jStore):
    index, graph_store = write_llamaindex_graph(store)
    yield index, graph_store, mapped(store, "llamaindex")
    graph_store.close()


def _explainer(view: Neo4jStore) -> Explainer:
    return Explainer.from_settings(Settings(schema=schema_preset("llamaindex")), view,
                                   generator=make_generator("extractive"))


def test_explains_a_query_engine_response_over_its_triplets(graph) -> None:
    index, graph_store, view = graph
    engine = index.as_query_engine(sub_retrievers=[EntityNameRetriever(graph_store)], llm=MockLLM())
    response = engine.query(QUESTION)
    # LlamaIndex links each triplet node to the head entity's triplet_source_id: the last chunk that mentioned
    # Marie Curie (chunk 1), for both facts
    # (in get_rel_map's order, which follows the store's internal ids)
    assert sorted(triplets_from_nodes(response.source_nodes), key=lambda t: t.relation) == [
        CapturedTriplet("Marie Curie", "MARRIED", "Pierre Curie", "curie-chunk-1"),
        CapturedTriplet("Marie Curie", "WON", "Nobel Prize in Physics", "curie-chunk-1")]
    ex = explain_response(_explainer(view), QUESTION, response)
    assert ex.answer.startswith("Pierre Curie")
    assert ex.observed_answer == response.response  # the engine's own (MockLLM) answer, kept beside a0
    step = ex.trace[0]
    assert isinstance(step, LlamaIndexResponseMap) and step.unmatched == [] and len(step.matched) == 2
    # the ids are the stored relationships' (the same the llamaindex preset retrieves)
    stored = Retriever(view).retrieve(QUESTION, hops=1)
    assert {m.relationship_id for m in step.matched} == set(stored.relationships)
    top = ex.top("edge", k=1)[0]
    assert top.label == "Marie Curie -MARRIED-> Pierre Curie" and top.rank == 1
    # the relationship's own triplet_source_id (stored by PropertyGraphIndex): the chunk the fact came from
    # ... and that chunk's text, read from the graph (issue 21: provenance with text), the fact's ends marked
    assert top.provenance["chunk_id"] == "curie-chunk-0" and set(top.provenance) == {"chunk_id", "excerpt"}
    excerpt = top.provenance["excerpt"]
    assert {m["role"] for m in excerpt["marks"]} >= {"head"} and excerpt["chars"] > 0


def test_include_text_and_properties_lines_map_to_the_same_relationships(graph) -> None:
    index, graph_store, view = graph
    plain = index.as_query_engine(sub_retrievers=[EntityNameRetriever(graph_store)], llm=MockLLM()).query(QUESTION)
    rich = index.as_query_engine(sub_retrievers=[EntityNameRetriever(graph_store, include_text=True,
                                                                     include_properties=True)],
                                 llm=MockLLM()).query(QUESTION)
    # the triplet lines now carry properties and sit in front of the source chunk's text
    assert any("triplet_source_id" in n.node.get_content() for n in rich.source_nodes)
    r = Retriever(view)
    a, _ = subgraph_from_response(r, QUESTION, plain)
    b, _ = subgraph_from_response(r, QUESTION, rich)
    assert sorted(a.relationships) == sorted(b.relationships) and len(a.relationships) == 2
    assert a.seeds == b.seeds == [n.id for n in a.nodes.values() if n.name == "Marie Curie"]


def test_unmatched_triplets_are_explained_and_listed(graph) -> None:
    _, _, view = graph
    from llama_index.core.schema import NodeRelationship, RelatedNodeInfo

    source = {NodeRelationship.SOURCE: RelatedNodeInfo(node_id="curie-chunk-1")}
    nodes = [NodeWithScore(node=TextNode(text="Marie Curie -> MARRIED -> Pierre Curie", relationships=source)),
             NodeWithScore(node=TextNode(text="Marie Curie -> ADMIRED -> Albert Einstein", relationships=source))]
    sub, step = subgraph_from_response(Retriever(view), QUESTION, nodes)
    assert [u.triplet for u in step.unmatched] == [["Marie Curie", "ADMIRED", "Albert Einstein"]]
    admired = sub.relationships["llamaindex:Marie Curie|ADMIRED|Albert Einstein"]
    assert admired.provenance["inferred"] is True and admired.provenance["documents"] == [{"chunk_id": "curie-chunk-1"}]
    # a matched triplet keeps the stored provenance, not the source node's
    married = next(r for r in sub.relationships.values() if r.label == "MARRIED")
    assert married.provenance == {"chunk_id": "curie-chunk-0"}
    assert sorted(sub.triples()) == [("Marie Curie", "ADMIRED", "Albert Einstein"),
                                     ("Marie Curie", "MARRIED", "Pierre Curie")]
    with pytest.raises(UsageError, match="no graph triplets"):
        explain_response(_explainer(view), QUESTION, [NodeWithScore(node=TextNode(text="plain text"))])
    with pytest.raises(UsageError, match="source_nodes"):
        subgraph_from_response(Retriever(view), QUESTION, "not a response")
