"""Each schema-mapping preset reads a graph written by the real library it is named after."""


import neo4j
import pytest

import helpers
from helpers import CURIE_FACTS, CURIE_TEXT, mapped, neo4j_auth
from xgrag.explain.chunk_text import read_chunk_texts
from xgrag.model import Perturbation
from xgrag.retrieval import Retriever
from xgrag.store.neo4j import Neo4jStore

TEXT, FACTS = CURIE_TEXT, CURIE_FACTS


def _driver(store: Neo4jStore) -> neo4j.Driver:
    return store._driver  # the same server, written through the other library's own code


def write_langchain_graph(store: Neo4jStore) -> None:
    pytest.importorskip("langchain_neo4j", reason="langchain-neo4j is in the [dev] extra")
    helpers.write_langchain_graph(store)


def write_graphrag_graph(store: Neo4jStore) -> None:
    pytest.importorskip("neo4j_graphrag", reason="neo4j-graphrag is in the [dev] extra")
    helpers.write_graphrag_graph(store)


def write_lightrag_graph(store: Neo4jStore) -> None:
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    helpers.write_lightrag_graph(store)


def write_llamaindex_graph(store: Neo4jStore) -> None:
    pytest.importorskip("llama_index.graph_stores.neo4j", reason="llama-index-graph-stores-neo4j is in the [dev] extra")
    helpers.write_llamaindex_graph(store)[1].close()


def write_langchain_community_graph(store: Neo4jStore) -> None:
    # langchain-community 0.4 still installs beside langchain-core 1.x (deprecated, "being sunset")
    helpers.write_langchain_graph(store, package="langchain_community")


@pytest.mark.parametrize(("preset", "writer"), [("langchain", write_langchain_graph),
                                                ("langchain", write_langchain_community_graph),
                                                ("neo4j-graphrag", write_graphrag_graph)])
def test_preset_retrieves_the_library_written_graph(store: Neo4jStore, preset: str, writer) -> None:
    writer(store)
    view = mapped(store, preset)
    r = Retriever(view)
    linked = r.link("Who did Marie Curie marry?")
    assert [le.node.name for le in linked] == ["Marie Curie"]
    assert linked[0].node.type == "Person"
    sub = r.retrieve("Who did Marie Curie marry?", hops=1)
    assert sorted(sub.triples()) == [("Marie Curie", "MARRIED", "Pierre Curie"),
                                     ("Marie Curie", "WON", "Nobel Prize in Physics")]
    types = {n.name: n.type for n in sub.nodes.values()}
    assert types["Nobel Prize in Physics"] == "Award"
    # provenance comes from the library's own mention structure: inferred, every candidate listed
    for rel in sub.relationships.values():
        assert rel.provenance["inferred"] is True and rel.provenance["candidates"] >= 1, rel
        assert [d.get("source") for d in rel.provenance["documents"]] == ["curie.txt"] * rel.provenance["candidates"]
        assert all(d.get("chunk_id") for d in rel.provenance["documents"])
    # the chunk text behind that provenance, from the property the library writes (provenance with text)
    ids = [d["chunk_id"] for rel in sub.relationships.values() for d in rel.provenance["documents"]]
    texts = read_chunk_texts(view, ids)
    assert set(texts) == set(ids) and all("Marie Curie" in text for text, _ in texts.values())
    two = r.retrieve("Where did Marie Curie's husband work?", hops=2)
    assert ("Pierre Curie", "WORKED_AT", "Sorbonne") in two.triples()
    # bookkeeping relationships (MENTIONS, FROM_CHUNK, ...) never enter the context
    assert {t[1] for t in two.triples()} == {"MARRIED", "WON", "WORKED_AT"}
    married = next(x for x in sub.relationships.values() if x.label == "MARRIED")
    pert = r.retrieve("Who did Marie Curie marry?", hops=1,
                      perturbation=Perturbation(excluded_rel_ids=frozenset({married.id})))
    assert [t[1] for t in pert.triples()] == ["WON"]
    paths = r.retrieve("How are Marie Curie and the Sorbonne connected?", mode="paths")
    assert paths.mode == "paths" and len(paths.paths[0]) == 2


def test_libraries_can_still_write_after_xgrag_migrates(store: Neo4jStore) -> None:
    """xgrag's indexes must not block the constraints the libraries create on their first write."""
    for preset in ("langchain", "neo4j-graphrag", "lightrag", "llamaindex"):
        mapped(store, preset)
    write_langchain_graph(store)
    write_graphrag_graph(store)
    write_lightrag_graph(store)
    assert [le.node.name for le in Retriever(mapped(store, "lightrag")).link("Who did Marie Curie marry?")] == \
        ["Marie Curie"]
    # LangChain's and LlamaIndex's graphs cannot share a database (both key __Entity__ on a unique `id`): the data
    # goes, xgrag's indexes and the libraries' constraints stay
    helpers.wipe(store)
    write_llamaindex_graph(store)
    assert [le.node.name for le in Retriever(mapped(store, "llamaindex")).link("Who did Marie Curie marry?")] == \
        ["Marie Curie"]
    view = store.with_schema(mapped(store, "langchain").schema)
    assert [le.node.name for le in Retriever(view).link("Who did Marie Curie marry?")] == ["Marie Curie"]


def test_inferred_provenance_lists_every_document_that_mentions_both_ends(store: Neo4jStore) -> None:
    """LangChain records which documents mention an entity, not which document a fact came from: every document
    mentioning both ends is a candidate, and the provenance says it is inferred."""
    from langchain_core.documents import Document
    from langchain_neo4j import Neo4jGraph
    from langchain_neo4j.graphs.graph_document import GraphDocument
    from langchain_neo4j.graphs.graph_document import Node as LNode
    from langchain_neo4j.graphs.graph_document import Relationship as LRel

    jim, watch, della = LNode(id="Jim", type="Person"), LNode(id="Gold Watch", type="Object"), \
        LNode(id="Della", type="Person")
    part2 = GraphDocument(nodes=[jim, watch], relationships=[LRel(source=jim, target=watch, type="OWNED")],
                          source=Document(page_content="Jim's gold watch ...", metadata={"source": "magi-part2"}))
    part4 = GraphDocument(nodes=[jim, watch, della], relationships=[LRel(source=jim, target=watch, type="SOLD"),
                                                                     LRel(source=della, target=jim, type="LOVES")],
                          source=Document(page_content="Jim sold the watch ...", metadata={"source": "magi-part4"}))
    graph = Neo4jGraph(url=store.uri, **neo4j_auth(store), database=store.database,
                       refresh_schema=False)
    try:
        graph.add_graph_documents([part2, part4], include_source=True, baseEntityLabel=True)
    finally:
        graph.close()
    sub = Retriever(mapped(store, "langchain")).retrieve("What did Jim sell?", hops=1)
    sold = next(r for r in sub.relationships.values() if r.label == "SOLD")
    assert sold.provenance["inferred"] is True and sold.provenance["candidates"] == 2
    assert sorted(d["source"] for d in sold.provenance["documents"]) == ["magi-part2", "magi-part4"]
    loves = next(r for r in sub.relationships.values() if r.label == "LOVES")
    assert [d["source"] for d in loves.provenance["documents"]] == ["magi-part4"]
    from xgrag.report.console import provenance_text

    assert provenance_text(sold.provenance).startswith("inferred: magi-part")


# -- LightRAG and LlamaIndex: stored provenance (chunk ids on the relationship), not inferred --------------------

def _check_library_graph(view: Neo4jStore, relation: dict[str, str]) -> dict[str, object]:
    """The shared shape: linking, 1-hop, 2-hop, paths, an excluded relationship, no bookkeeping relationship.
    `relation`: the fact's relation name -> the relation text the preset renders. Returns the 1-hop relationships
    by relation text."""
    r = Retriever(view)
    linked = r.link("Who did Marie Curie marry?")
    assert [le.node.name for le in linked] == ["Marie Curie"]
    assert linked[0].node.type == "Person"
    sub = r.retrieve("Who did Marie Curie marry?", hops=1)
    assert sorted(sub.triples()) == [("Marie Curie", relation["MARRIED"], "Pierre Curie"),
                                     ("Marie Curie", relation["WON"], "Nobel Prize in Physics")]
    assert {n.name: n.type for n in sub.nodes.values()}["Nobel Prize in Physics"] == "Award"
    two = r.retrieve("Where did Marie Curie's husband work?", hops=2)
    assert ("Pierre Curie", relation["WORKED_AT"], "Sorbonne") in two.triples()
    # bookkeeping (chunks, MENTIONS, ...) never enters the context: only the three facts, only entities
    assert sorted(t[1] for t in two.triples()) == sorted(relation.values())
    assert sorted(n.name for n in two.nodes.values()) == ["Marie Curie", "Nobel Prize in Physics", "Pierre Curie",
                                                          "Sorbonne"]
    by_label = {x.label: x for x in sub.relationships.values()}
    married = by_label[relation["MARRIED"]]
    pert = r.retrieve("Who did Marie Curie marry?", hops=1,
                      perturbation=Perturbation(excluded_rel_ids=frozenset({married.id})))
    assert [t[1] for t in pert.triples()] == [relation["WON"]]
    paths = r.retrieve("How are Marie Curie and the Sorbonne connected?", mode="paths")
    assert paths.mode == "paths" and len(paths.paths[0]) == 2
    return dict(by_label)


def test_lightrag_preset_reads_the_graph_lightrag_writes(store: Neo4jStore) -> None:
    """LightRAG's Neo4JStorage: workspace label, entity_id, entity_type, relationships DIRECTED whose relation is
    in `keywords`; provenance = the chunk ids in source_id, split at <SEP>."""
    write_lightrag_graph(store)
    assert store.query("MATCH ()-[r]->() RETURN collect(DISTINCT type(r)) AS t")[0]["t"] == ["DIRECTED"]
    rels = _check_library_graph(mapped(store, "lightrag"), helpers.LIGHTRAG_KEYWORDS)
    chunks, extra = helpers.lightrag_chunk_ids()
    won, married = rels["won"], rels["married"]
    # stored, not inferred: exactly the chunks LightRAG recorded, with the file when there is one
    assert won.provenance == {"created_at": 1700000000, "documents": [{"chunk_id": chunks[1], "source": "curie.txt"}]}
    assert married.provenance == {"created_at": 1700000000, "documents": [{"chunk_id": chunks[0]},
                                                                          {"chunk_id": extra}],
                                  "sources": ["curie.txt", "letters.txt"]}
    # LightRAG's relation description is kept (not rendered as the relation)
    assert won.description == "Marie Curie won the Nobel Prize in Physics."
    from xgrag.report.console import provenance_text

    assert provenance_text(won.provenance) == f"curie.txt chunk {chunks[1]}"
    # LightRAG keeps chunk text in its KV store, not in Neo4j: the preset reads none (and does not look)
    assert mapped(store, "lightrag").schema.provenance.chunk_text_property is None
    assert read_chunk_texts(mapped(store, "lightrag"), [chunks[1]]) == {}


def test_lightrag_workspaces_are_separate_labels(store: Neo4jStore) -> None:
    write_lightrag_graph(store)
    helpers.write_lightrag_graph(store, workspace="team_b")
    assert store.query("MATCH (n:team_b) RETURN count(n) AS c")[0]["c"] == 4
    from xgrag.config import schema_preset

    view = store.with_schema(schema_preset("lightrag", entity_label="team_b", index_prefix="xgrag_lr_b",
                                           fulltext_index="entity_id_fulltext_idx_team_b"))
    from xgrag.store.migrations import migrate

    migrate(view, view.schema, 384)
    sub = Retriever(view).retrieve("Who did Marie Curie marry?", hops=1)
    ids = {row["id"] for row in store.query("MATCH (n:team_b) RETURN elementId(n) AS id")}
    base = Retriever(mapped(store, "lightrag")).retrieve("Who did Marie Curie marry?", hops=1)
    assert len(sub.relationships) == len(base.relationships) == 2
    # same names, different workspaces: the relationships are the workspace's own
    team_b_rels = {row["id"] for row in store.query("MATCH (:team_b)-[r]->(:team_b) RETURN elementId(r) AS id")}
    assert set(sub.relationships) <= team_b_rels and not set(base.relationships) & team_b_rels
    assert ids  # both workspaces were written


def test_llamaindex_preset_reads_the_graph_property_graph_index_writes(store: Neo4jStore) -> None:
    """LlamaIndex's Neo4jPropertyGraphStore written by PropertyGraphIndex: __Node__/__Entity__ labels, name, the
    relation as the relationship type; provenance = triplet_source_id, the id of the chunk node the triplet was
    extracted from (stored on the relationship)."""
    write_llamaindex_graph(store)
    assert store.query("MATCH (c:Chunk)-[:MENTIONS]->(:__Entity__) RETURN count(*) AS c")[0]["c"] == 6
    rels = _check_library_graph(mapped(store, "llamaindex"), {k: k for k in ("MARRIED", "WON", "WORKED_AT")})
    assert rels["MARRIED"].provenance == {"chunk_id": "curie-chunk-0"}
    assert rels["WON"].provenance == {"chunk_id": "curie-chunk-1"}
    # the chunk id names LlamaIndex's own chunk node, which holds the text and the document
    chunk = store.query("MATCH (c:__Node__:Chunk {id: $id}) RETURN c.text AS text, c.ref_doc_id AS doc",
                        {"id": "curie-chunk-1"})
    assert chunk == [{"text": "Marie Curie won the Nobel Prize in Physics.", "doc": "curie.txt"}]
    # provenance with text reads that chunk's text through the preset's mapping
    assert read_chunk_texts(mapped(store, "llamaindex"), ["curie-chunk-1"]) == {
        "curie-chunk-1": ("Marie Curie won the Nobel Prize in Physics.", 43)}
