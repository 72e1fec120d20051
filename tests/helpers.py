"""Paths and small helpers shared by tests (importable: pytest puts tests/ on sys.path)."""

import os
import re
import shlex
from pathlib import Path
from typing import Any

from xgrag.config import EmbeddedSettings, schema_preset
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

ROOT = Path(__file__).resolve().parents[1]
# ../shared/data beside the checkout (a worktree sits one level deeper: the nearest ancestor that has one)
SHARED = next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
              ROOT.parent / "shared" / "data")
SAMPLE = ROOT / "plugin" / "xgrag" / "data" / "sample"


DOCS = ROOT / "docs"


def doc_section(page: str | Path, heading: str) -> str:
    """The text under a heading of a documentation page (README.md or docs/...), at any level, up to the next
    heading of the same or a higher level (lines inside fenced code are not headings). The tests that run documented
    commands read them through this, so a block they run cannot move without the test noticing."""
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines(keepends=True)
    fenced, level, out = False, 0, []
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        hashes = len(line) - len(line.lstrip("#")) if not fenced and line.startswith("#") else 0
        is_heading = hashes and line[hashes:hashes + 1] == " "
        if level and is_heading and hashes <= level:
            break
        if level:
            out.append(line)
        elif is_heading and line[hashes + 1:].rstrip("\n") == heading:
            level = hashes
    assert level, f"{page} has no heading '{heading}'"
    return "".join(out)


def doc_blocks(page: str | Path, heading: str, lang: str) -> list[str]:
    """Every fenced ```lang block under a heading of a documentation page, in order."""

    blocks = re.findall(rf"^```{lang}\n(.*?)^```", doc_section(page, heading), re.S | re.M)
    assert blocks, f"{page}: no {lang} block under '{heading}'"
    return blocks


def doc_block(page: str | Path, heading: str, lang: str) -> str:
    """The first fenced ```lang block under a heading of a documentation page."""
    return doc_blocks(page, heading, lang)[0]


# The line right before a fence that marks a deliberately partial block (it uses a name the page defines elsewhere):
# `<!-- partial: why -->`. tests/unit/test_docs_blocks.py requires every other Python block to be run by a test.
PARTIAL = re.compile(r"^<!-- partial: (?P<why>.+?) -->$")


def page_blocks(page: str | Path, lang: str) -> list[tuple[str, str, str | None]]:
    """(the nearest heading above it, its text, why it is partial or None) for every fenced ```lang block of a page,
    in order (headings inside fenced blocks are not headings)."""
    out: list[tuple[str, str, str | None]] = []
    heading, previous = "", ""
    fence: str | None = None  # the language of the block being read, while inside one
    body: list[str] = []
    why: str | None = None
    for line in (ROOT / page).read_text(encoding="utf-8").splitlines():
        if fence is not None:
            if line.startswith("```"):
                if fence == lang:
                    out.append((heading, "".join(body), why))
                fence = None
            else:
                body.append(line + "\n")
        elif line.startswith("```"):
            fence, body = line[3:].strip(), []
            marked = PARTIAL.match(previous)
            why = marked.group("why") if marked else None
        elif line.startswith("#") and line.lstrip("#").startswith(" "):
            heading = line.lstrip("#").strip()
        previous = line
    return out


def doc_commands(block: str) -> list[list[str]]:
    """The `xgrag ...` commands of a bash block as argument lists (comments dropped, backslash continuations
    joined), without the leading `xgrag`."""

    lines = block.replace("\\\n", " ").splitlines()
    return [shlex.split(line, comments=True)[1:] for line in lines if line.startswith("xgrag ")]


def view_blocks(page: str) -> list[dict[str, Any]]:
    """The explanation views a self-contained page carries (xgrag.serve.export: inert JSON blocks)."""
    import json

    return [json.loads(m) for m in re.findall(
        r'<script type="application/json" class="xgrag-view" data-target="[^"]+">(.*?)</script>', page, re.S)]


def neo4j_auth(store: Neo4jStore) -> dict[str, Any]:
    """username= and password= of the test server, for another library's own client (LangChain's Neo4jGraph)."""
    user, password = store.credentials()
    return {"username": user, "password": password}


def mapped(server: Neo4jStore, preset: str) -> Neo4jStore:
    """The same database read through a schema preset, with that preset's migrations applied."""
    schema = schema_preset(preset)
    view = server.with_schema(schema)
    migrate(view, schema, 384)
    return view


# NEO4J_* variables the Neo4j docker image's entrypoint handles itself instead of turning them into settings
IMAGE_VARIABLES = {"NEO4J_AUTH", "NEO4J_PLUGINS", "NEO4J_ACCEPT_LICENSE_AGREEMENT", "NEO4J_EDITION"}


def setting_name(variable: str) -> str:
    """The Neo4j docker image's rule for NEO4J_* variables: strip NEO4J_, '__' -> '_', then '_' -> '.'."""
    body = variable.removeprefix("NEO4J_")
    return ".".join(part.replace("\0", "_") for part in body.replace("__", "\0").split("_"))


def compose_setting_names(compose: dict) -> set[str]:
    """The Neo4j settings docker/compose.yaml's neo4j service passes through its environment."""
    env = compose["services"]["neo4j"]["environment"]
    return {setting_name(k) for k in env if k.startswith("NEO4J_") and k not in IMAGE_VARIABLES}


def drop_other_vector_indexes(store: Neo4jStore, label: str) -> None:
    """Drop vector indexes on `label` that xgrag did not create (another library's tests left them: they outlive
    `wipe`, and Neo4j then skips creating xgrag's equivalent one)."""
    for row in store.query("SHOW VECTOR INDEXES YIELD name, labelsOrTypes RETURN name, labelsOrTypes"):
        if list(row["labelsOrTypes"] or []) == [label] and not row["name"].startswith("xgrag_"):
            name = row["name"].replace("`", "``")  # an index name from the server, not user input
            store.query(f"DROP INDEX `{name}` IF EXISTS", read_only=False)


def embedded_settings(home: Path, heap: str) -> EmbeddedSettings:
    """What `xgrag db start` uses under this environment (XGRAG_NEO4J_HEAP over `heap`, XGRAG_NEO4J_JVM_OPTS, which
    tests/conftest.py defaults), in `home`."""
    return EmbeddedSettings(home=home, heap=os.environ.get("XGRAG_NEO4J_HEAP", heap),
                            jvm_options=shlex.split(os.environ.get("XGRAG_NEO4J_JVM_OPTS", "")))


def wipe(store: Neo4jStore) -> None:
    """Per-test isolation: drop every GDS projection and every node (indexes and constraints stay)."""
    store.query("CALL gds.graph.list() YIELD graphName CALL gds.graph.drop(graphName, false) YIELD graphName AS g "
                "RETURN count(g)", read_only=False)
    _delete_all(store)


def metaqa_sample(store: Neo4jStore) -> Neo4jStore:
    """The database holding only the bundled MetaQA sample, as `xgrag ingest triples` writes it (after a wipe and
    xgrag's migrations): the graph the module-scoped serve, page and report fixtures share."""
    from xgrag.config import GraphSchema
    from xgrag.store.ingest import ingest_triples

    wipe(store)
    migrate(store, GraphSchema(), 384)
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def _delete_all(store: Neo4jStore) -> None:
    while store.query("MATCH (n) WITH n LIMIT 20000 DETACH DELETE n RETURN count(*) AS c",
                      read_only=False)[0]["c"]:
        pass


# The Curie facts, as written by LangChain's and neo4j-graphrag's own code in the schema-preset tests.
CURIE_TEXT = ("Marie Curie married Pierre Curie. Marie Curie won the Nobel Prize in Physics. "
              "Pierre Curie worked at the Sorbonne.")
CURIE_FACTS = [("Marie Curie", "Person", "MARRIED", "Pierre Curie", "Person"),
               ("Marie Curie", "Person", "WON", "Nobel Prize in Physics", "Award"),
               ("Pierre Curie", "Person", "WORKED_AT", "Sorbonne", "Organization")]


def write_graphrag_graph(store: Neo4jStore, embedder: Any = None) -> None:
    """The Curie facts as neo4j-graphrag's SimpleKGPipeline writes them (LexicalGraphBuilder + Neo4jWriter: document,
    chunks, entities linked FROM_CHUNK), the chunks embedded by its TextChunkEmbedder when `embedder` (a
    neo4j_graphrag Embedder) is given."""
    import asyncio

    from neo4j_graphrag.components.embedder import TextChunkEmbedder
    from neo4j_graphrag.components.kg_writer import Neo4jWriter
    from neo4j_graphrag.components.lexical_graph import LexicalGraphBuilder
    from neo4j_graphrag.components.types import (
        DocumentInfo,
        Neo4jGraph,
        Neo4jNode,
        Neo4jRelationship,
        TextChunk,
        TextChunks,
    )

    async def run() -> None:
        builder = LexicalGraphBuilder()
        chunks = [TextChunk(text=s.strip() + ".", index=i) for i, s in enumerate(CURIE_TEXT.split(".")[:3])]
        if embedder is not None:
            chunks = (await TextChunkEmbedder(embedder).run(TextChunks(chunks=chunks))).chunks
        lexical = (await builder.run(TextChunks(chunks=chunks), DocumentInfo(path="curie.txt"))).graph
        entities = Neo4jGraph()
        ids: dict[str, str] = {}
        for i, (h, ht, rel, t, tt) in enumerate(CURIE_FACTS):
            for name, typ in ((h, ht), (t, tt)):
                if name not in ids:
                    ids[name] = f"{i}:{name}"
                    entities.nodes.append(Neo4jNode(id=ids[name], label=typ, properties={"name": name}))
            entities.relationships.append(Neo4jRelationship(start_node_id=ids[h], end_node_id=ids[t], type=rel))
        for i, chunk in enumerate(chunks):
            chunk_graph = Neo4jGraph(nodes=[n for n in entities.nodes
                                            if n.properties["name"] in (CURIE_FACTS[i][0], CURIE_FACTS[i][3])])
            await builder.process_chunk_extracted_entities(chunk_graph, chunk)
            entities.relationships.extend(chunk_graph.relationships)
        graph = Neo4jGraph(nodes=lexical.nodes + entities.nodes,
                           relationships=lexical.relationships + entities.relationships)
        await Neo4jWriter(store.driver, neo4j_database=store.database).run(graph)

    asyncio.run(run())


def write_langchain_graph(store: Neo4jStore, package: str = "langchain_neo4j") -> None:
    """The Curie facts written by langchain-neo4j's own add_graph_documents (LLMGraphTransformer's layout), or by
    the older langchain-community's (`package="langchain_community"`), which stacks built before langchain-neo4j
    still use."""
    import importlib

    from langchain_core.documents import Document

    if package == "langchain_community":
        Neo4jGraph = importlib.import_module("langchain_community.graphs").Neo4jGraph  # noqa: N806
        gd = importlib.import_module("langchain_community.graphs.graph_document")
    else:
        Neo4jGraph = importlib.import_module("langchain_neo4j").Neo4jGraph  # noqa: N806
        gd = importlib.import_module("langchain_neo4j.graphs.graph_document")
    GraphDocument, LNode, LRel = gd.GraphDocument, gd.Node, gd.Relationship  # noqa: N806

    nodes = {}
    rels = []
    for h, ht, rel, t, tt in CURIE_FACTS:
        nodes.setdefault(h, LNode(id=h, type=ht))
        nodes.setdefault(t, LNode(id=t, type=tt))
        rels.append(LRel(source=nodes[h], target=nodes[t], type=rel))
    doc = Document(page_content=CURIE_TEXT, metadata={"source": "curie.txt"})
    # LangChain's own client and writer, with the test server's credentials
    user, password = store.credentials()
    graph = Neo4jGraph(url=store.uri, username=user, password=password, database=store.database,
                       refresh_schema=False)
    try:
        graph.add_graph_documents([GraphDocument(nodes=list(nodes.values()), relationships=rels, source=doc)],
                                  include_source=True, baseEntityLabel=True)
    finally:
        # langchain-community's Neo4jGraph has no close(): its driver is closed directly
        graph.close() if hasattr(graph, "close") else graph._driver.close()


# Alias entities ("Dr. Watson" / "Watson", "Sherlock Holmes" / "Holmes") for dedup and alias tests.
HOLMES_KG = """head\trelation\ttail\thead_type\ttail_type
Dr. Watson\tfriend of\tSherlock Holmes\tPerson\tPerson
Dr. Watson\tlives at\tBaker Street\tPerson\tPlace
Watson\tserved in\tAfghanistan\tPerson\tPlace
Sherlock Holmes\tlives at\tBaker Street\tPerson\tPlace
Holmes\tplays\tviolin\tPerson\tObject
Mrs. Hudson\towns\tBaker Street\tPerson\tPlace
"""


# A story graph as a new user would have it: the facts of "The Tale of Peter Rabbit" (written by hand from the
# text, one name per entity as LLMGraphTransformer stores them), over four source documents (the story's parts),
# written by langchain-neo4j's own add_graph_documents; and natural questions about it (partial names, lower
# case, possessives, plurals, verbs in other inflections) with their topic entities and gold answers.
STORIES = ROOT / "tests" / "data" / "stories"
STORY = "peter-rabbit"
STORY_PARTS = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8, 9)}  # source document -> story sections


def story_facts(story: str = STORY) -> list[tuple[str, str, str, str, str, int]]:
    """(head, head_type, relation, tail, tail_type, part) rows of tests/data/stories/<story>.facts.tsv."""
    lines = [line for line in (STORIES / f"{story}.facts.tsv").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    rows = [line.split("\t") for line in lines[1:]]
    return [(h, ht, r, t, tt, int(p)) for h, ht, r, t, tt, p in rows]


def story_questions(story: str = STORY) -> list[tuple[str, list[str], list[str]]]:
    """(question, topic entities, gold answers) rows of tests/data/stories/<story>_questions.tsv."""
    lines = (STORIES / f"{story}_questions.tsv").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines[1:] if line]
    return [(q, topics.split("|"), answers.split("|")) for q, topics, answers in rows]


def write_story_graph(store: Neo4jStore, story: str = STORY) -> int:
    """The story's facts written by langchain-neo4j's own add_graph_documents (include_source=True,
    baseEntityLabel=True), one GraphDocument per story part; returns the number of facts."""
    import json

    from langchain_core.documents import Document
    from langchain_neo4j import Neo4jGraph
    from langchain_neo4j.graphs.graph_document import GraphDocument
    from langchain_neo4j.graphs.graph_document import Node as LNode
    from langchain_neo4j.graphs.graph_document import Relationship as LRel

    sections = {int(d["section"]): str(d["text"]) for d in map(
        json.loads, (STORIES / f"{story}.sections.jsonl").read_text(encoding="utf-8").splitlines())}
    facts = story_facts(story)
    documents = []
    for part, numbers in STORY_PARTS.items():
        nodes: dict[str, LNode] = {}
        rels = []
        for h, ht, rel, t, tt, p in facts:
            if p != part:
                continue
            nodes.setdefault(h, LNode(id=h, type=ht))
            nodes.setdefault(t, LNode(id=t, type=tt))
            rels.append(LRel(source=nodes[h], target=nodes[t], type=rel))
        text = "\n\n".join(sections[n] for n in numbers)
        doc = Document(page_content=text, metadata={"source": f"{story}-part{part}"})
        documents.append(GraphDocument(nodes=list(nodes.values()), relationships=rels, source=doc))
    user, password = store.credentials()
    graph = Neo4jGraph(url=store.uri, username=user, password=password, database=store.database,
                       refresh_schema=False)
    try:
        graph.add_graph_documents(documents, include_source=True, baseEntityLabel=True)
    finally:
        graph.close()
    return len(facts)


def write_story_graph_xgrag(store: Neo4jStore, story: str = STORY) -> None:
    """The same story facts written by xgrag's own ingestion (xgrag preset)."""
    from xgrag.store.ingest import TripleRow, write_triples

    write_triples(store, [TripleRow(h, r, t, ht, tt, doc_id=f"{story}-part{p}", source=f"{story}-part{p}")
                          for h, ht, r, t, tt, p in story_facts(story)])


def write_story_graph_graphrag(store: Neo4jStore, story: str = STORY) -> None:
    """The same story facts written by neo4j-graphrag's own KG writer (neo4j-graphrag preset; entities only)."""
    import asyncio

    from neo4j_graphrag.components.kg_writer import Neo4jWriter
    from neo4j_graphrag.components.types import Neo4jGraph, Neo4jNode, Neo4jRelationship

    graph = Neo4jGraph()
    ids: dict[str, str] = {}
    for h, ht, rel, t, tt, _ in story_facts(story):
        for name, typ in ((h, ht), (t, tt)):
            if name not in ids:
                ids[name] = f"{len(ids)}:{name}"
                graph.nodes.append(Neo4jNode(id=ids[name], label=typ, properties={"name": name}))
        graph.relationships.append(Neo4jRelationship(start_node_id=ids[h], end_node_id=ids[t], type=rel))
    asyncio.run(Neo4jWriter(store._driver, neo4j_database=store.database).run(graph))

# -- LightRAG and LlamaIndex graphs, written by the libraries' own storage code -------------------------------------

# LightRAG's relationship keywords for the Curie facts (its extractor's "relationship keywords"; xgrag's lightrag
# preset renders them as the relation) and a second chunk, from a second file, for MARRIED: LightRAG joins the
# ids of every chunk a fact was extracted from with "<SEP>" (and the files likewise).
LIGHTRAG_KEYWORDS = {"MARRIED": "married", "WON": "won", "WORKED_AT": "worked at"}
LIGHTRAG_EXTRA = ("Pierre Curie was the husband of Marie Curie.", "letters.txt")


def curie_sentences() -> list[str]:
    return [s.strip() + "." for s in CURIE_TEXT.split(".") if s.strip()]


def lightrag_chunk_ids() -> tuple[list[str], str]:
    """The chunk ids LightRAG gives the Curie sentences (its own compute_mdhash_id), and the extra chunk's."""
    from lightrag.utils import compute_mdhash_id

    return ([compute_mdhash_id(s, prefix="chunk-") for s in curie_sentences()],
            compute_mdhash_id(LIGHTRAG_EXTRA[0], prefix="chunk-"))


def write_lightrag_graph(store: Neo4jStore, workspace: str = "base") -> None:
    """The Curie facts written by LightRAG's Neo4JStorage (lightrag-hku) upsert_node / upsert_edge, as its
    extraction pipeline calls them (operate.py: node and edge dicts with entity_type, description, keywords,
    source_id, file_path, created_at). No LLM and no embedding: the graph storage never embeds (embedding_func=None).
    Connection settings from the environment, which is how LightRAG reads them."""
    import asyncio
    import os

    from lightrag.kg.neo4j_impl import Neo4JStorage
    from lightrag.kg.shared_storage import initialize_share_data

    sep = "<SEP>"
    chunks, extra = lightrag_chunk_ids()
    user, password = store.credentials()
    env = {"NEO4J_URI": store.uri, "NEO4J_USERNAME": user, "NEO4J_PASSWORD": password or "",
           "NEO4J_DATABASE": store.database}
    saved = {k: os.environ.get(k) for k in (*env, "NEO4J_WORKSPACE")}
    os.environ.update(env)
    os.environ.pop("NEO4J_WORKSPACE", None)

    async def run() -> None:
        initialize_share_data()
        storage = Neo4JStorage(namespace="chunk_entity_relation", global_config={}, embedding_func=None,
                               workspace=workspace)
        await storage.initialize()
        try:
            sources: dict[str, list[tuple[str, str]]] = {}
            for i, (h, _, _, t, _) in enumerate(CURIE_FACTS):
                for name in (h, t):
                    sources.setdefault(name, []).append((chunks[i], "curie.txt"))
            for name in ("Marie Curie", "Pierre Curie"):
                sources[name].append((extra, LIGHTRAG_EXTRA[1]))
            types = {h: ht for h, ht, _, _, _ in CURIE_FACTS} | {t: tt for _, _, _, t, tt in CURIE_FACTS}
            for name, typ in types.items():
                cids = list(dict.fromkeys(c for c, _ in sources[name]))
                files = list(dict.fromkeys(f for _, f in sources[name]))
                await storage.upsert_node(name, {"entity_id": name, "entity_type": typ,
                                                 "description": f"{name} appears in the Curie texts.",
                                                 "source_id": sep.join(cids), "file_path": sep.join(files),
                                                 "created_at": 1700000000})
            for i, (h, _, rel, t, _) in enumerate(CURIE_FACTS):
                cids, files = [chunks[i]], ["curie.txt"]
                if rel == "MARRIED":
                    cids, files = [chunks[i], extra], ["curie.txt", LIGHTRAG_EXTRA[1]]
                await storage.upsert_edge(h, t, {"weight": 1.0, "description": curie_sentences()[i],
                                                 "keywords": LIGHTRAG_KEYWORDS[rel], "source_id": sep.join(cids),
                                                 "file_path": sep.join(files), "created_at": 1700000000})
        finally:
            await storage.finalize()

    try:
        asyncio.run(run())
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


# (src, tgt, description, keywords) as LightRAG stores them: its pipeline keys an edge by the sorted pair (operate.py),
# so "Neil Armstrong commanded Apollo 11" is stored (Apollo 11)-[DIRECTED]->(Neil Armstrong); ainsert_custom_kg
# writes src -> tgt as given
APOLLO = [("Apollo 11", "Neil Armstrong", "Neil Armstrong commanded Apollo 11.", "commanded"),
          ("Apollo 11", "Eagle", "Apollo 11 flew the Eagle lander.", "flew"),
          ("Apollo 11", "Buzz Aldrin", "Buzz Aldrin and Apollo 11 appear in the same report.", "crewed")]


def write_apollo_with_lightrag(store: Neo4jStore, neo4j_uri, tmp_path) -> Neo4jStore:
    """APOLLO written by LightRAG's own `ainsert_custom_kg` into its Neo4JStorage (workspace
    lightrag_world.WORKSPACE); the view of it through the lightrag preset. A custom-KG insert never calls the LLM
    function (its URL is unreachable)."""
    import asyncio

    from support import lightrag_world as L
    from xgrag.config import schema_preset
    from xgrag.store.migrations import migrate

    entities = sorted({n for s, t, _, _ in APOLLO for n in (s, t)})
    kg = {"chunks": [{"content": " ".join(d for _, _, d, _ in APOLLO), "source_id": "apollo-1", "file_path": "a.txt",
                      "chunk_order_index": 0}],
          "entities": [{"entity_name": n, "entity_type": "thing", "description": f"{n} is named in the report.",
                        "source_id": "apollo-1", "file_path": "a.txt"} for n in entities],
          "relationships": [{"src_id": s, "tgt_id": t, "description": d, "keywords": k, "weight": 1.0,
                             "source_id": "apollo-1", "file_path": "a.txt"} for s, t, d, k in APOLLO]}
    uri, user, password = neo4j_uri

    async def run() -> None:
        rag = L.make_rag(tmp_path, "http://127.0.0.1:9/v1")
        await rag.initialize_storages()
        try:
            await rag.ainsert_custom_kg(kg)
        finally:
            await rag.finalize_storages()

    with L.neo4j_env(uri, user, password, store.database):
        asyncio.run(run())
    view = store.with_schema(schema_preset("lightrag", entity_label=L.WORKSPACE, index_prefix="xgrag_lr_k",
                                           fulltext_index=f"entity_id_fulltext_idx_{L.WORKSPACE}"))
    migrate(view, view.schema, 384)
    return view


def llamaindex_graph_store(store: Neo4jStore):  # -> Neo4jPropertyGraphStore
    """LlamaIndex's Neo4jPropertyGraphStore on the test server, with its credentials."""
    from llama_index.graph_stores.neo4j import Neo4jPropertyGraphStore

    user, password = store.credentials()
    return Neo4jPropertyGraphStore(username=user, password=password, url=store.uri, database=store.database)


def write_llamaindex_graph(store: Neo4jStore):  # -> (PropertyGraphIndex, Neo4jPropertyGraphStore)
    """The Curie facts written by LlamaIndex's own PropertyGraphIndex into Neo4jPropertyGraphStore: one chunk
    (TextNode of the document "curie.txt") per sentence, a kg extractor that returns each sentence's fact as
    EntityNode / Relation objects (instead of an LLM's), no embeddings (embed_kg_nodes=False). The index then
    writes the chunks, entities, relations, MENTIONS links and triplet_source_id exactly as it does for
    SimpleLLMPathExtractor output."""
    from llama_index.core import PropertyGraphIndex
    from llama_index.core.graph_stores.types import KG_NODES_KEY, KG_RELATIONS_KEY, EntityNode, Relation
    from llama_index.core.llms import MockLLM
    from llama_index.core.schema import NodeRelationship, RelatedNodeInfo, TextNode, TransformComponent

    class CurieExtractor(TransformComponent):
        """What an LLM path extractor would return for each sentence: that sentence's fact."""

        def __call__(self, nodes, **kwargs):
            for node in nodes:
                i = curie_sentences().index(node.get_content())
                h, ht, rel, t, tt = CURIE_FACTS[i]
                head, tail = EntityNode(name=h, label=ht), EntityNode(name=t, label=tt)
                node.metadata[KG_NODES_KEY] = [head, tail]
                node.metadata[KG_RELATIONS_KEY] = [Relation(label=rel, source_id=head.id, target_id=tail.id)]
            return nodes

    nodes = [TextNode(text=s, id_=f"curie-chunk-{i}", metadata={"file_name": "curie.txt"},
                      relationships={NodeRelationship.SOURCE: RelatedNodeInfo(node_id="curie.txt")})
             for i, s in enumerate(curie_sentences())]
    graph_store = llamaindex_graph_store(store)
    index = PropertyGraphIndex(nodes=nodes, property_graph_store=graph_store, kg_extractors=[CurieExtractor()],
                               llm=MockLLM(), embed_kg_nodes=False, use_async=False, show_progress=False)
    return index, graph_store


# -- Northwind: Neo4j's own domain-graph example (../shared/data/northwind), loaded from its local CSVs ---------------

NORTHWIND = SHARED / "northwind"


def write_northwind(store: Neo4jStore) -> None:
    """Northwind as its load.py writes it (its STEPS, its CSV reader; no network): 1,047 nodes in 7 labels, 4,807
    relationships, the uniqueness constraints on each label's ID. Idempotent (MERGE)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("northwind_load", NORTHWIND / "load.py")
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    for query, name in load.STEPS:
        store.query(query, {"rows": load.rows(name) if name else None}, read_only=False)


def schema_state(store: Neo4jStore) -> dict[str, Any]:
    """Everything a read must leave as it was: every node, relationship and property (checksum) and every index and
    constraint (their definitions; SHOW INDEXES' readCount / lastRead move with any read, and are left out)."""
    indexes = store.query("SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state, options "
                          "RETURN name, type, entityType, labelsOrTypes, properties, state, options ORDER BY name")
    constraints = store.query("SHOW CONSTRAINTS YIELD name, type, entityType, labelsOrTypes, properties "
                              "RETURN name, type, entityType, labelsOrTypes, properties ORDER BY name")
    return {"checksum": store.checksum(), "indexes": indexes, "constraints": constraints}


# -- domain question sets: the gold fact of a question in a retrieved subgraph --------------------------------------

def gold_fact_id(subgraph: Any, evidence: list[str]) -> str | None:
    """The id of the fact `evidence` names in a subgraph's JSON (`Subgraph.to_json()`, or the typed
    `Explanation.subgraph`, read as its JSON):
    [head, TYPE, tail] a relationship, [entity, key, value] a property of a node, [start, "TYPE.key", value] a
    property of a relationship (the Movies set's form); None when the subgraph does not hold it."""
    head, what, _ = evidence
    if not isinstance(subgraph, dict):
        subgraph = subgraph.model_dump(mode="json")
    names = {n["id"]: n["name"] for n in subgraph.get("nodes", [])}
    rels = {r["id"]: r for r in subgraph.get("relationships", [])}
    for r in subgraph.get("relationships", []):
        if r["label"] == what and (names.get(r["source"]), names.get(r["target"])) == (head, evidence[2]):
            return str(r["id"])
    rel_type, _, key = what.rpartition(".")
    for p in subgraph.get("properties", []):
        if p["key"] != key:
            continue
        if p.get("owner_kind", "node") == "node" and not rel_type and names.get(p["owner"]) == head:
            return str(p["id"])
        r = rels.get(p["owner"])
        if r is not None and r["label"] == rel_type and names.get(r["source"]) == head and \
                evidence[2] in [str(v) for v in (p["value"] if isinstance(p["value"], list) else [p["value"]])]:
            return str(p["id"])
    return None



# A cricket season as a domain graph stores it (the IPL graph's model, in small): matches named by a serial key, their
# day a text "5/21/2017", each at a venue with a city, two teams by HOME and AWAY; the match on 5/21/2017 is created
# last, so that its venue's element id sorts after the others' (a tie broken by id alone would not choose it).
MATCHES = """
CREATE (mi:Team {team_name: 'Mumbai Indians'}), (rps:Team {team_name: 'Rising Pune Supergiant'})
WITH mi, rps UNWIND range(1, 12) AS i
CREATE (v:Venue {stadium: 'Stadium ' + i, city: 'City ' + i})
CREATE (mi)-[:PLAYS_AT]->(v)
CREATE (m:Match {match_id: toString(i), date: '4/' + i + '/2017', player_of_match: 'Player ' + i,
                 winner: CASE WHEN i % 2 = 0 THEN 'Mumbai Indians' ELSE 'Rising Pune Supergiant' END})
CREATE (m)-[:HOME]->(mi), (m)-[:AWAY]->(rps), (m)-[:PLAYED_IN]->(v)
WITH mi, rps, count(*) AS made
CREATE (v:Venue {stadium: 'Rajiv Gandhi Stadium', city: 'Hyderabad'})
CREATE (m:Match {match_id: '59', date: '5/21/2017', player_of_match: 'KH Pandya', winner: 'Mumbai Indians'})
CREATE (m)-[:HOME]->(mi), (m)-[:AWAY]->(rps), (m)-[:PLAYED_IN]->(v)
"""
MATCH_ENTITIES = [
    {"label": "Team", "key": "team_name", "name": ["team_name"]},
    {"label": "Venue", "name": ["stadium"], "facts": ["city"]},
    {"label": "Match", "key": "match_id", "facts": ["date", "player_of_match", "winner"]}]


# A star catalogue as HYG stores it: every star its Bayer-Flamsteed designation (`bf`), a proper name (`name`) on a
# quarter of them, a Hipparcos number as the key.
STARS = """
UNWIND range(1, 40) AS i
CREATE (:Star {hip: 1000 + i, bf: toString(i) + 'Alp ' + ['Ori', 'CMa', 'Lyr', 'Tau'][i % 4], dist: i * 1.5,
               name: CASE WHEN i % 4 = 0 THEN ['Sirius', 'Vega', 'Rigel', 'Deneb', 'Mira', 'Spica', 'Altair',
                                              'Polaris', 'Capella', 'Castor'][i / 4 - 1] END})
"""


# People and the places they visit, as contact-tracing stores them: each place's kind in `type`; every person's
# birthplace in `place_of_birth`, a key stating "place" that the question's "what kind of place" names too.
VISITS = """
CREATE (carlo:Person {name: 'Carlo Bryan', place_of_birth: 'Antwerp'})-[:VISITS]->(p:Place {name: 'Place nr 3',
        type: 'Restaurant'})
WITH p UNWIND range(1, 20) AS i
CREATE (:Person {name: 'Visitor ' + i, place_of_birth: 'Town ' + i})-[:VISITS]->(p)
"""
VISIT_ENTITIES = [{"label": "Person", "name": ["name"], "facts": ["place_of_birth"]},
                  {"label": "Place", "name": ["name"], "facts": ["type"]}]


# Cities of a Brazilian state as a graph written in Portuguese stores them: its keys are Portuguese words (populacao,
# tipoCidade, atividade), the questions English ("the population of Campinas").
CIDADES = """
CREATE (sp:Estado {sigla: 'SP'})
CREATE (:Cidade {nomeCidade: 'Campinas', atividade: 'Serviços', capital: false, populacao: '1173370',
                 tipoCidade: 'Urbano'})-[:PERTENCE_A]->(sp)
WITH sp UNWIND range(1, 20) AS i
CREATE (:Cidade {nomeCidade: 'Cidade ' + i, atividade: 'Agricultura', capital: false, populacao: toString(1000 * i),
                 tipoCidade: 'Rural'})-[:PERTENCE_A]->(sp)
"""
CIDADE_ENTITIES = [{"label": "Cidade", "key": "nomeCidade", "name": ["nomeCidade"],
                    "facts": ["atividade", "capital", "populacao", "tipoCidade"]},
                   {"label": "Estado", "key": "sigla", "name": ["sigla"]}]


# Garments as a museum's open-access export holds them: every record carries every field, blank where the museum has
# nothing to say (an empty description, a culture of "", a period "N/A").
GARMENTS = """
CREATE (h:Designer {name: 'Schiaparelli'})
CREATE (h)-[:CREATED]->(:Garment {id: 156600, title: '"Double Slipper Beret"', medium: 'wool, silk', culture: '',
                                  description: '  ', date: 'spring 1938', period: 'N/A'})
"""
GARMENT_ENTITIES = [{"label": "Garment", "key": "id", "name": ["title"],
                     "facts": ["culture", "date", "description", "medium", "period"]},
                    {"label": "Designer", "name": ["name"]}]
