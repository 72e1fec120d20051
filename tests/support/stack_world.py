"""A small world for explaining users' stacks, written by the libraries' own code, with one planted decisive fact
per question.

N space missions ("Kestrel 1" ... "Kestrel N"), one text chunk each: five sentences, one fact each (commander,
launch site, lunar module, launch year, payload). neo4j-graphrag's own SimpleKGPipeline writes them into Neo4j (a
Document, its Chunks with embeddings, entities FROM_CHUNK, the facts), its extraction LLM being neo4j-graphrag's
OpenAILLM pointed at the OpenAI-protocol test server, where the scripted model `planted` returns each chunk's
extraction JSON. The same scripted model then serves the stacks:

- a RAG prompt (a question about mission M): answers M's lunar module when the prompt holds M's planted fact in any
  of its forms (the chunk's sentence, the fact line "M HAD_LUNAR_MODULE X", a Cypher row with M and X as a neo4j
  Record or as LangChain's row dict), else "I don't know." Everything else in the context is a distractor;
- a Cypher-writing prompt (neo4j-graphrag's Text2Cypher, LangChain's GraphCypherQAChain): a query for the modules of
  the missions launched from M's site (a third of the missions, each row matched through two relationships);
- an extraction prompt: the chunk's JSON.

So the explained baseline must equal the stack's answer, and the planted unit (the sentence, the fact line, the
row) must rank first: what tests/integration and benchmarks/bench_stacks.py check.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from neo4j_graphrag.components.text_splitters.base import TextSplitter
from neo4j_graphrag.components.types import TextChunk
from neo4j_graphrag.embeddings.base import Embedder

MODEL = "planted"  # the scripted model's name on the OpenAI-protocol test server
DIM = 256
VECTOR_INDEX = "stack_world_chunks"
FULLTEXT_INDEX = "stack_world_chunk_text"
FIRST = ["Ada", "Bram", "Cleo", "Dov", "Edda", "Finn", "Gita", "Hugo", "Ines", "Joss", "Kara", "Lior", "Mina",
         "Nils", "Oona", "Pavo", "Quin", "Rhea", "Sami", "Tove", "Ulla", "Vero", "Wim", "Xena", "Yuri", "Zita",
         "Alva", "Bo", "Cato", "Dag"]
LAST = ["Brook", "Stone", "Marsh", "Vale", "Holt", "Reed", "Frost", "Lund", "Carr", "Wold"]
SITES = ["Cape North", "Pad Lumen", "Mesa Grey"]
MODULES = ["Heron", "Osprey", "Plover", "Wren", "Kite", "Egret", "Lark", "Tern", "Finch", "Raven", "Swift",
           "Crane", "Ibis", "Merlin", "Petrel", "Robin", "Shrike", "Teal", "Vireo", "Warbler", "Avocet", "Bunting",
           "Curlew", "Dunlin", "Eider", "Fulmar", "Gannet", "Hobby", "Jacana", "Knot"]
PAYLOADS = ["Sextant", "Prism", "Beacon", "Anvil", "Lantern", "Compass", "Quill", "Harbor", "Mirror", "Spindle"]
SCHEMA = {
    "node_types": [{"label": label, "properties": [{"name": "name", "type": "STRING"}]}
                   for label in ("Mission", "Person", "Site", "LunarModule", "Year", "Payload")],
    "relationship_types": ["COMMANDED_BY", "LAUNCHED_FROM", "HAD_LUNAR_MODULE", "LAUNCHED_IN", "CARRIED"],
    "patterns": [("Mission", "COMMANDED_BY", "Person"), ("Mission", "LAUNCHED_FROM", "Site"),
                 ("Mission", "HAD_LUNAR_MODULE", "LunarModule"), ("Mission", "LAUNCHED_IN", "Year"),
                 ("Mission", "CARRIED", "Payload")],
}
NEO4J_SCHEMA = ("Node properties:\nMission {name: STRING}\nLunarModule {name: STRING}\nSite {name: STRING}\n"
                "Relationship properties:\n\nThe relationships:\n(:Mission)-[:HAD_LUNAR_MODULE]->(:LunarModule)\n"
                "(:Mission)-[:LAUNCHED_FROM]->(:Site)")
# VectorCypherRetriever: each hit chunk as the facts among the entities extracted from it, one line each
VECTOR_CYPHER_QUERY = """
WITH node AS chunk, score
MATCH (chunk)<-[:FROM_CHUNK]-(e:__Entity__)
MATCH (e)-[r]->(t:__Entity__)
WHERE NOT type(r) IN ['FROM_CHUNK', 'FROM_DOCUMENT', 'NEXT_CHUNK'] AND (t)-[:FROM_CHUNK]->(chunk)
WITH chunk, score, collect(DISTINCT r) AS rels, collect(DISTINCT e) AS entities
RETURN reduce(s = '', r IN rels | s + startNode(r).name + ' ' + type(r) + ' ' + endNode(r).name + '\\n') AS text,
       score, elementId(chunk) AS chunk_id, [e IN entities | elementId(e)] AS node_ids,
       [r IN rels | elementId(r)] AS relationship_ids
"""


@dataclass(frozen=True)
class Mission:
    number: int
    commander: str
    site: str
    module: str
    year: str
    payload: str
    # other missions' planted sentences this chunk repeats (a world whose decisive fact stands in several chunks)
    echoes: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"Kestrel {self.number}"

    @property
    def planted(self) -> str:
        return f"The {self.name} lunar module was named {self.module}."

    @property
    def sentences(self) -> list[str]:
        return [f"{self.name} was commanded by {self.commander}.", f"{self.name} launched from {self.site}.",
                self.planted, f"{self.name} launched in {self.year}.",
                f"{self.name} carried the {self.payload} payload.", *self.echoes]

    @property
    def text(self) -> str:
        return " ".join(self.sentences)

    @property
    def fact_line(self) -> str:
        return f"{self.name} HAD_LUNAR_MODULE {self.module}"

    @property
    def triplet_line(self) -> str:
        """The fact as a LlamaIndex property-graph retriever renders a triplet."""
        return f"{self.name} -> HAD_LUNAR_MODULE -> {self.module}"

    @property
    def row(self) -> str:
        return f"mission='{self.name}' module='{self.module}'"

    @property
    def row_dict(self) -> str:
        """The row as LangChain's GraphCypherQAChain shows it (the repr of the row's dict)."""
        return repr({"mission": self.name, "module": self.module})

    @property
    def question(self) -> str:
        return f"What was the name of the {self.name} lunar module?"

    @property
    def forms(self) -> tuple[str, ...]:
        """The planted fact as each stack shows it: sentence, fact line, neo4j Record row, LangChain row dict,
        LlamaIndex triplet."""
        return self.planted, self.fact_line, self.row, self.row_dict, self.triplet_line

    def extraction(self) -> dict[str, Any]:
        nodes = [("Mission", self.name), ("Person", self.commander), ("Site", self.site),
                 ("LunarModule", self.module), ("Year", self.year), ("Payload", self.payload)]
        rels = ["COMMANDED_BY", "LAUNCHED_FROM", "HAD_LUNAR_MODULE", "LAUNCHED_IN", "CARRIED"]
        return {"nodes": [{"id": str(i), "label": label, "properties": {"name": name}}
                          for i, (label, name) in enumerate(nodes)],
                "relationships": [{"type": t, "start_node_id": "0", "end_node_id": str(i + 1), "properties": {}}
                                  for i, t in enumerate(rels)]}

    def cypher(self) -> str:
        return (f"MATCH (m:Mission)-[:LAUNCHED_FROM]->(s:Site {{name: '{self.site}'}}) "
                "MATCH (m)-[:HAD_LUNAR_MODULE]->(l:LunarModule) RETURN m.name AS mission, l.name AS module")


def missions(n: int = 24) -> list[Mission]:
    if not 1 <= n <= len(MODULES):
        raise ValueError(f"1..{len(MODULES)} missions")
    return [Mission(i, f"{FIRST[i - 1]} {LAST[(i - 1) % len(LAST)]}", SITES[(i - 1) % len(SITES)], MODULES[i - 1],
                    str(1960 + i), PAYLOADS[(i - 1) % len(PAYLOADS)]) for i in range(1, n + 1)]


def echoed(world: list[Mission], mission: Mission, copies: int) -> list[Mission]:
    """`world` with `mission`'s planted sentence repeated at the end of the chunks of the next `copies - 1` missions
    launched from its site (the missions a graph retriever reaches from it), so that the decisive fact stands in
    `copies` chunks and removing any one of them leaves it in the others."""
    others = [m for m in world if m.site == mission.site and m.number > mission.number][: copies - 1]
    if len(others) != copies - 1:
        raise ValueError(f"{mission.name}: fewer than {copies - 1} later missions from {mission.site}")
    hosts = {m.number for m in others}
    return [replace(m, echoes=(*m.echoes, mission.planted)) if m.number in hosts else m for m in world]


def _context(prompt: str) -> str:
    """The context part of a prompt: neo4j-graphrag's RagTemplate (between "Context:" and "Examples:"), LangChain's
    CYPHER_QA_PROMPT (between "Information:" and the question) or LlamaIndex's text_qa template (between its dashed
    lines)."""
    m = re.search(r"Context:\n(.*?)\n\nExamples:", prompt, re.S) or \
        re.search(r"Information:\n(.*)\n\nQuestion: ", prompt, re.S) or \
        re.search(r"-{21}\n(.*)\n-{21}\n", prompt, re.S)
    return m.group(1) if m else prompt


def _question(prompt: str) -> str | None:
    """The question of a RagTemplate, Text2CypherTemplate, LangChain Cypher-generation or Cypher-QA prompt, or of
    LlamaIndex's text_qa template."""
    for pattern in (r"Question:\n(.*?)\n", r"Input:\n(.*?)\n", r"The question is:\n(.*)$", r"\nQuery: (.*?)\n"):
        m = re.search(pattern, prompt, re.S)
        if m:
            return m.group(1).strip()
    asked = re.findall(r"Question: (.*)\n", prompt)  # CYPHER_QA_PROMPT: its example's question, then the user's
    return asked[-1].strip() if asked else None


class PlantedRule:
    """The scripted model's rule (see the module docstring). `answers` counts the RAG answers given; `drift`, when
    set, is a function from that count to a different answer (a stack whose LLM does not repeat itself)."""

    def __init__(self, world: list[Mission]) -> None:
        self.world = world
        self.by_question = {m.question: m for m in world}
        self.answers = 0
        self.drift: Any = None

    def __call__(self, messages: list[dict[str, str]]) -> str | None:
        prompt = messages[-1]["content"]
        if "extracting" in prompt and "Input text:" in prompt:
            chunk = prompt.rsplit("Input text:", 1)[1]
            hit = next((m for m in self.world if m.text in chunk), None)
            return None if hit is None else json.dumps(hit.extraction())
        question = _question(prompt)
        mission = self.by_question.get(question) if question else None
        if mission is None:
            return None
        if "Cypher query:" in prompt or "Generate Cypher statement" in prompt:
            return mission.cypher()
        self.answers += 1
        if self.drift is not None:
            drifted = self.drift(self.answers)
            if drifted is not None:
                return str(drifted)
        context = _context(prompt)
        if any(form in context for form in mission.forms):
            return mission.module
        return "I don't know."


class HashEmbedder(Embedder):
    """Deterministic chunk and query vectors: a hashed bag of lower-case words, L2-normalised (no model)."""

    def embed_query(self, text: str) -> list[float]:
        vec = [0.0] * DIM
        for word in re.findall(r"\w+", text.lower()):
            vec[int(hashlib.sha256(word.encode()).hexdigest(), 16) % DIM] += 1.0
        norm = math.sqrt(sum(v * v for v in vec)) or 1.0
        return [v / norm for v in vec]


def langchain_embeddings() -> Any:
    """The same hashed bag of words as a LangChain Embeddings (for langchain-neo4j's Neo4jVector)."""
    from langchain_core.embeddings import Embeddings

    class HashEmbeddings(Embeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [HashEmbedder().embed_query(t) for t in texts]

        def embed_query(self, text: str) -> list[float]:
            return HashEmbedder().embed_query(text)

    return HashEmbeddings()


class ParagraphSplitter(TextSplitter):
    """One chunk per paragraph (blank-line separated): one chunk per mission."""

    def iter_chunks(self, text: str) -> Iterator[TextChunk]:
        for i, part in enumerate(p.strip() for p in text.split("\n\n") if p.strip()):
            yield TextChunk(text=part, index=i)


def write_world(driver: Any, database: str | None, llm: Any, world: list[Mission]) -> Any:
    """The missions' document through neo4j-graphrag's SimpleKGPipeline (extraction by `llm`, the scripted model),
    then its vector index on Chunk.embedding and a full-text index on Chunk.text (neo4j_graphrag.indexes)."""
    from neo4j_graphrag.experimental.pipeline.kg_builder import SimpleKGPipeline
    from neo4j_graphrag.indexes import create_fulltext_index, create_vector_index, drop_index_if_exists

    pipeline = SimpleKGPipeline(llm=llm, driver=driver, embedder=HashEmbedder(), schema=SCHEMA, from_file=False,
                                text_splitter=ParagraphSplitter(), on_error="RAISE", neo4j_database=database)
    result = asyncio.run(pipeline.run_async(text="\n\n".join(m.text for m in world)))
    for name in (VECTOR_INDEX, FULLTEXT_INDEX):
        drop_index_if_exists(driver, name, neo4j_database=database)
    records, _, _ = driver.execute_query("SHOW INDEXES YIELD name, type, labelsOrTypes WHERE type = 'VECTOR' AND "
                                         "'Chunk' IN labelsOrTypes RETURN name", database_=database)
    for row in records:  # another vector index on Chunk.embedding makes IF NOT EXISTS a no-op
        drop_index_if_exists(driver, row["name"], neo4j_database=database)
    create_vector_index(driver, VECTOR_INDEX, label="Chunk", embedding_property="embedding", dimensions=DIM,
                        similarity_fn="cosine", neo4j_database=database)
    create_fulltext_index(driver, FULLTEXT_INDEX, label="Chunk", node_properties=["text"],
                          neo4j_database=database)
    driver.execute_query("CALL db.awaitIndexes(300)", database_=database)
    return result


def retriever(kind: str, driver: Any, database: str | None, llm: Any = None) -> Any:
    """The neo4j-graphrag retriever `kind` over the world: vector, vector_cypher, hybrid or text2cypher."""
    from neo4j_graphrag.retrievers import HybridRetriever, Text2CypherRetriever, VectorCypherRetriever, VectorRetriever

    from xgrag.integrations.neo4j_graphrag import record_formatter

    if kind == "vector":
        return VectorRetriever(driver, VECTOR_INDEX, HashEmbedder(), neo4j_database=database)
    if kind == "vector_cypher":
        return VectorCypherRetriever(driver, VECTOR_INDEX, VECTOR_CYPHER_QUERY, embedder=HashEmbedder(),
                                     result_formatter=record_formatter("text"), neo4j_database=database)
    if kind == "hybrid":
        return HybridRetriever(driver, VECTOR_INDEX, FULLTEXT_INDEX, HashEmbedder(), neo4j_database=database)
    if kind == "text2cypher":
        return Text2CypherRetriever(driver, llm, neo4j_schema=NEO4J_SCHEMA, neo4j_database=database)
    raise ValueError(f"unknown retriever kind {kind!r}")


def write_llamaindex_world(graph_store: Any, world: list[Mission]) -> Any:
    """The missions written by LlamaIndex's own PropertyGraphIndex into `graph_store` (a Neo4jPropertyGraphStore):
    one TextNode chunk per mission, a kg extractor that returns each chunk's five facts as EntityNode / Relation
    objects (what an LLM path extractor would return), no embeddings. The index writes the chunks, entities,
    relations, MENTIONS links and triplet_source_id as it does for SimpleLLMPathExtractor output. Returns the
    index."""
    from llama_index.core import PropertyGraphIndex
    from llama_index.core.graph_stores.types import KG_NODES_KEY, KG_RELATIONS_KEY, EntityNode, Relation
    from llama_index.core.llms import MockLLM
    from llama_index.core.schema import NodeRelationship, RelatedNodeInfo, TextNode, TransformComponent

    by_text = {m.text: m for m in world}

    class MissionExtractor(TransformComponent):
        def __call__(self, nodes: Any, **kwargs: Any) -> Any:
            for node in nodes:
                m = by_text[node.get_content()]
                ext = m.extraction()
                ents = [EntityNode(name=n["properties"]["name"], label=n["label"]) for n in ext["nodes"]]
                node.metadata[KG_NODES_KEY] = ents
                node.metadata[KG_RELATIONS_KEY] = [
                    Relation(label=r["type"], source_id=ents[int(r["start_node_id"])].id,
                             target_id=ents[int(r["end_node_id"])].id) for r in ext["relationships"]]
            return nodes

    nodes = [TextNode(text=m.text, id_=f"kestrel-chunk-{m.number}", metadata={"file_name": "missions.txt"},
                      relationships={NodeRelationship.SOURCE: RelatedNodeInfo(node_id="missions.txt")})
             for m in world]
    return PropertyGraphIndex(nodes=nodes, property_graph_store=graph_store, kg_extractors=[MissionExtractor()],
                              llm=MockLLM(), embed_kg_nodes=False, use_async=False, show_progress=False)


def llamaindex_llm(base_url: str, model: str = MODEL) -> Any:
    """LlamaIndex's OpenAILike chat LLM pointed at the OpenAI-protocol test server (its scripted model by default)."""
    from llama_index.llms.openai_like import OpenAILike

    return OpenAILike(model=model, api_base=base_url, api_key="unused-by-the-test-server", is_chat_model=True,
                      temperature=0.0, additional_kwargs={"seed": 42}, max_retries=0, timeout=120.0)


def lcel_chain(base_url: str, world: list[Mission], metadata: bool = False) -> Any:
    """An LCEL chain as LangChain's RAG tutorial writes it: a retriever returning the world's chunks (with each
    mission's number as metadata when asked) | a ChatPromptTemplate | ChatOpenAI on the test server | a parser."""
    from langchain_core.callbacks import CallbackManagerForRetrieverRun
    from langchain_core.documents import Document
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.runnables import RunnablePassthrough
    from langchain_openai import ChatOpenAI

    class Chunks(BaseRetriever):
        def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun
                                    ) -> list[Document]:
            return [Document(page_content=m.text, metadata={"mission": m.number} if metadata else {})
                    for m in world]

    def format_docs(docs: list[Document]) -> str:
        return "\n\n".join(d.page_content for d in docs)

    prompt = ChatPromptTemplate.from_messages([("system", "Answer from the context."),
                                               ("human", "Context:\n{context}\n\nQuestion:\n{question}\n")])
    llm = ChatOpenAI(model=MODEL, base_url=base_url, api_key="unused-by-the-test-server", temperature=0,
                     seed=42, max_retries=0)
    return {"context": Chunks() | format_docs, "question": RunnablePassthrough()} | prompt | llm | StrOutputParser()


RETRIEVERS = {"vector": "VectorRetriever", "vector_cypher": "VectorCypherRetriever", "hybrid": "HybridRetriever",
              "text2cypher": "Text2CypherRetriever"}


class SynonymRule(PlantedRule):
    """The planted model, and LlamaIndex's synonym prompt (LLMSynonymRetriever) answered with the mission named in
    its query."""

    def __call__(self, messages: list[dict[str, str]]) -> str | None:
        prompt = messages[-1]["content"]
        if "KEYWORDS:" in prompt and "QUERY:" in prompt:
            query = re.search(r"QUERY: (.*)\n", prompt)
            mission = self.by_question.get(query.group(1).strip()) if query else None
            return None if mission is None else mission.name
        return super().__call__(messages)


def llamaindex_engine(base_url: str, world: list[Mission]) -> Any:
    """A PropertyGraphIndex over SimplePropertyGraphStore (written by the index, no Neo4j), queried as
    `as_query_engine` does by default: LLMSynonymRetriever with the engine's LLM (OpenAILike, which caches its
    AsyncOpenAI client; the server's rule must answer its keyword prompt: SynonymRule), PGRetriever with
    use_async=True, the compact synthesizer."""
    from llama_index.core.graph_stores import SimplePropertyGraphStore
    from llama_index.core.indices.property_graph import LLMSynonymRetriever
    from llama_index.core.query_engine import RetrieverQueryEngine

    index = write_llamaindex_world(SimplePropertyGraphStore(), world)
    llm = llamaindex_llm(base_url)
    retriever = index.as_retriever(sub_retrievers=[
        LLMSynonymRetriever(index.property_graph_store, include_text=False, llm=llm)], use_async=True)
    return RetrieverQueryEngine.from_args(retriever, llm=llm)


def graphrag_over_chunks(base_url: str, world: list[Mission]) -> Any:
    """neo4j-graphrag's GraphRAG with its OpenAILLM (a sync and an async OpenAI client) on the test server and a
    retriever returning the missions' chunks: a Retriever subclass that asks no database (a driver object is
    required, never connected)."""
    import neo4j
    from neo4j_graphrag.generation import GraphRAG
    from neo4j_graphrag.llm import OpenAILLM
    from neo4j_graphrag.retrievers.base import Retriever
    from neo4j_graphrag.types import RawSearchResult, RetrieverResultItem

    class Chunks(Retriever):
        VERIFY_NEO4J_VERSION = False

        def get_search_results(self, query_text: str | None = None, **kwargs: Any) -> RawSearchResult:
            return RawSearchResult(records=[neo4j.Record({"text": m.text}) for m in world])

        def default_record_formatter(self, record: neo4j.Record) -> RetrieverResultItem:
            return RetrieverResultItem(content=record["text"])

    driver = neo4j.GraphDatabase.driver("bolt://127.0.0.1:9", auth=("neo4j", "never-connected"))
    llm = OpenAILLM(MODEL, base_url=base_url, api_key="unused-by-the-test-server",
                    model_params={"temperature": 0, "seed": 42})
    return GraphRAG(Chunks(driver), llm)
