"""The missions of stack_world.py as a LightRAG graph, written by LightRAG's own code into the embedded Neo4j.

`make_rag(...)` builds a real `LightRAG` (lightrag-hku) whose graph storage is its `Neo4JStorage` on the test
server, its KV and vector storages its defaults (JsonKVStorage, NanoVectorDBStorage) in a temporary working folder,
its LLM function LightRAG's own `openai_complete_if_cache` pointed at the OpenAI-protocol test server (the scripted
model), its embedding function the hashed bag of words of stack_world (deterministic, no model), and a tokenizer of
four characters per token (LightRAG's default, tiktoken, downloads its encoding: not offline).

`write_world(rag, world)` inserts the missions through `rag.ainsert_custom_kg` (LightRAG's API for a knowledge graph
built outside its extractor: it writes the chunks, entities and relations into its graph, vector and KV storages
exactly as its pipeline stores them; edges are keyed by the alphabetically sorted pair). One chunk per mission (its
five sentences, the planted one included), six entities and five relations per mission. The relations' descriptions
say the fact in other words than the chunk's sentences and name their ends in the meaning's order, active or passive
("Kestrel 3 was commanded by Cleo Marsh."); their keywords are the verb LightRAG's extractor would give.

`LightRAGRule` is the scripted model for LightRAG's two query prompts: keyword extraction (the mission's name as the
low-level keyword, "lunar module" as the high-level one) and the answer (LightRAG's rag_response system prompt with
the context, the question as the user message): the mission's lunar module when the context holds the mission's
planted sentence, else "I don't know.". So the planted unit is the chunk sentence, and nothing else decides.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from support import stack_world as W

WORKSPACE = "kestrel"
FILE = "missions.txt"


class FourCharTokenizer:
    """Deterministic offline tokenizer for LightRAG's token budgets: one token per four characters (about what
    tiktoken gives English text). decode(encode(s)) == s."""

    def encode(self, content: str) -> list[int]:
        return [sum(ord(c) << (21 * i) for i, c in enumerate(content[k:k + 4])) | (len(content[k:k + 4]) << 84)
                for k in range(0, len(content), 4)]

    def decode(self, tokens: list[int]) -> str:
        out = []
        for t in tokens:
            n = t >> 84
            out.append("".join(chr((t >> (21 * i)) & 0x1FFFFF) for i in range(n)))
        return "".join(out)


def _relations(m: W.Mission) -> list[tuple[str, str, str, str]]:
    """(src, tgt, description, keywords): the mission's five facts as LightRAG relations."""
    return [(m.name, m.commander, f"{m.name} was commanded by {m.commander}.", "commanded"),
            (m.name, m.site, f"{m.name} lifted off from {m.site}.", "lifted off from"),
            (m.name, m.module, f"{m.name} flew the {m.module} lander.", "flew"),
            (m.name, m.year, f"{m.name} lifted off in {m.year}.", "lifted off in"),
            (m.name, m.payload, f"{m.name} took the {m.payload} package aloft.", "took")]


def custom_kg(world: list[W.Mission]) -> dict[str, Any]:
    """The missions as LightRAG's custom KG: one chunk per mission (alias "mission-<n>"), entities and relations
    whose source_id is that chunk."""
    chunks = [{"content": m.text, "source_id": f"mission-{m.number}", "file_path": FILE,
               "chunk_order_index": m.number - 1} for m in world]
    entities: dict[str, dict[str, Any]] = {}
    relations = []
    for m in world:
        src = f"mission-{m.number}"
        for name, typ, desc in ((m.name, "mission", f"{m.name} is a crewed space mission."),
                                (m.commander, "person", f"{m.commander} is an astronaut."),
                                (m.site, "location", f"{m.site} is a launch site."),
                                (m.module, "spacecraft", f"{m.module} is a lunar lander."),
                                (m.year, "date", f"{m.year} is a year."),
                                (m.payload, "equipment", f"{m.payload} is a science package.")):
            entities.setdefault(name, {"entity_name": name, "entity_type": typ, "description": desc,
                                       "source_id": src, "file_path": FILE})
        for s, t, desc, kw in _relations(m):
            relations.append({"src_id": s, "tgt_id": t, "description": desc, "keywords": kw, "weight": 1.0,
                              "source_id": src, "file_path": FILE})
    return {"chunks": chunks, "entities": list(entities.values()), "relationships": relations}


async def hash_embed(texts: list[str], **_: Any) -> np.ndarray:
    return np.array([W.HashEmbedder().embed_query(t) for t in texts], dtype=np.float32)


@contextmanager
def neo4j_env(uri: str, user: str | None, password: str | None, database: str | None) -> Iterator[None]:
    """LightRAG's Neo4JStorage reads its connection from the environment."""
    env = {"NEO4J_URI": uri, "NEO4J_USERNAME": user or "neo4j", "NEO4J_PASSWORD": password or "",
           "NEO4J_DATABASE": database or "neo4j"}
    saved = {k: os.environ.get(k) for k in (*env, "NEO4J_WORKSPACE")}
    os.environ.update(env)
    os.environ.pop("NEO4J_WORKSPACE", None)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def make_rag(working_dir: Path, base_url: str, model: str = W.MODEL, **kwargs: Any) -> Any:
    """A LightRAG over Neo4JStorage (connection from the environment: neo4j_env) whose LLM function is LightRAG's own
    OpenAI client on `base_url` (temperature 0, seed 42). Call `await rag.initialize_storages()` next."""
    from lightrag import LightRAG
    from lightrag.llm.openai import openai_complete_if_cache
    from lightrag.utils import EmbeddingFunc, Tokenizer

    async def llm_model_func(prompt: str, system_prompt: str | None = None,
                             history_messages: list[dict[str, Any]] | None = None, **kw: Any) -> str:
        return await openai_complete_if_cache(model, prompt, system_prompt=system_prompt,
                                              history_messages=history_messages or [], base_url=base_url,
                                              api_key="unused-by-the-test-server", **kw)

    return LightRAG(working_dir=str(working_dir), workspace=WORKSPACE, graph_storage="Neo4JStorage",
                    llm_model_func=llm_model_func, llm_model_name=model,
                    llm_model_kwargs={"temperature": 0, "seed": 42},
                    embedding_func=EmbeddingFunc(embedding_dim=W.DIM, max_token_size=8192, func=hash_embed),
                    tokenizer=Tokenizer(model_name="four-chars", tokenizer=FourCharTokenizer()), **kwargs)


async def write_world(rag: Any, world: list[W.Mission]) -> None:
    await rag.ainsert_custom_kg(custom_kg(world))
    await _merge_echoes(rag, world)


async def _merge_echoes(rag: Any, world: list[W.Mission]) -> None:
    """A chunk repeating a mission's planted sentence (stack_world.echoed) is also a source of the mission entity and
    of its lunar-module relation, as LightRAG's own extraction merges one fact found in several chunks: their
    source_id becomes the chunk ids joined by <SEP> (written through LightRAG's graph storage: ainsert_custom_kg takes
    one source per entity)."""
    from lightrag.constants import GRAPH_FIELD_SEP
    from lightrag.utils import compute_mdhash_id, sanitize_text_for_encoding

    graph = rag.chunk_entity_relation_graph
    for m in world:
        hosts = [e for e in world if m.planted in e.echoes]
        if not hosts:
            continue
        source = GRAPH_FIELD_SEP.join(compute_mdhash_id(sanitize_text_for_encoding(c.text), prefix="chunk-")
                                      for c in (m, *hosts))
        node = await graph.get_node(m.name)
        await graph.upsert_node(m.name, {**node, "source_id": source})
        edge = await graph.get_edge(m.name, m.module)
        await graph.upsert_edge(m.name, m.module, {**edge, "source_id": source})
    await graph.index_done_callback()


def _system(messages: list[dict[str, str]]) -> str:
    return "\n".join(m["content"] for m in messages if m.get("role") == "system")


class LightRAGRule(W.PlantedRule):
    """stack_world's scripted model for LightRAG's query prompts (module docstring), and PlantedRule's for every
    other prompt (so one server serves every stack); `answers` counts the answers given, `drift` makes them drift as
    in PlantedRule."""

    def __call__(self, messages: list[dict[str, str]]) -> str | None:
        prompt = messages[-1]["content"]
        if "---Context---" not in _system(messages) and "---Real Data---" not in prompt:
            return super().__call__(messages)
        if "---Real Data---" in prompt and "User Query:" in prompt:  # keyword extraction
            query = prompt.rsplit("User Query:", 1)[1].split("\n", 1)[0].strip()
            mission = self.by_question.get(query)
            if mission is None:
                return None
            return json.dumps({"high_level_keywords": ["lunar module"], "low_level_keywords": [mission.name]})
        mission = self.by_question.get(prompt.strip())
        system = _system(messages)
        if mission is None or "---Context---" not in system:
            return None
        self.answers += 1
        if self.drift is not None:
            drifted = self.drift(self.answers)
            if drifted is not None:
                return str(drifted)
        context = system.split("---Context---", 1)[1]
        return mission.module if re.search(re.escape(mission.planted), context) else "I don't know."


def local_rag(tmp: Path, base_url: str, **kwargs: Any) -> Any:
    """A LightRAG with its default storages (NetworkX graph, JSON KV, NanoVectorDB) in `tmp`, no Neo4j, its LLM
    function LightRAG's own OpenAI client on the test server at `base_url`; `kwargs`: more LightRAG fields."""
    from lightrag import LightRAG
    from lightrag.llm.openai import openai_complete_if_cache
    from lightrag.utils import EmbeddingFunc, Tokenizer

    async def llm_model_func(prompt: str, system_prompt: str | None = None,
                             history_messages: list[dict[str, Any]] | None = None, **kw: Any) -> str:
        return await openai_complete_if_cache(W.MODEL, prompt, system_prompt=system_prompt,
                                              history_messages=history_messages or [], base_url=base_url,
                                              api_key="unused-by-the-test-server", **kw)

    return LightRAG(working_dir=str(tmp), workspace=WORKSPACE, llm_model_func=llm_model_func,
                    llm_model_name=W.MODEL, llm_model_kwargs={"temperature": 0, "seed": 42},
                    embedding_func=EmbeddingFunc(embedding_dim=W.DIM, max_token_size=8192, func=hash_embed),
                    tokenizer=Tokenizer(model_name="four-chars", tokenizer=FourCharTokenizer()), **kwargs)


def stop(loop: Any, rag: Any) -> None:
    """Finalise `rag`'s storages on `loop` and cancel what LightRAG left running there (its LLM queue workers)."""
    import asyncio

    loop.run_until_complete(rag.finalize_storages())
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))


@contextmanager
def running(home: Path, base_url: str, world: list[W.Mission], uri: str, user: str | None, password: str | None,
            database: str | None) -> Iterator[tuple[Any, Any]]:
    """A LightRAG over Neo4JStorage on one event loop of its own (its storages and LLM queue live on it), `world`
    written: yields (rag, loop); stopped and the loop closed after."""
    import asyncio

    loop = asyncio.new_event_loop()
    with neo4j_env(uri, user, password, database):
        rag = make_rag(home, base_url)
        loop.run_until_complete(rag.initialize_storages())
        loop.run_until_complete(write_world(rag, world))
        try:
            yield rag, loop
        finally:
            stop(loop, rag)
            loop.close()
