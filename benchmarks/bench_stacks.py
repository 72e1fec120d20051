"""Explaining users' stacks: does the replayed call reproduce the stack's answer, does the planted unit rank first,
and how many LLM calls does an explanation take (prints figures; not a test).

The world (tests/support/stack_world.py): N missions, one chunk each (five sentences, one fact each), written into
Neo4j by neo4j-graphrag's own SimpleKGPipeline with a scripted extraction model; one question per mission whose
answer is planted in one fact (the chunk's sentence, the fact line, the Cypher row). The stacks are the libraries'
real objects; their LLM is the library's own client over HTTP to the OpenAI-protocol test server, where the
scripted model answers from the planted fact and says "I don't know." without it.

Per stack/retriever entry: `questions`, `reproduced` (share of explanations whose replayed baseline equals the
stack's answer after normalisation), `planted_first` (share whose top-ranked unit at the finest level is the
planted one: the sentence or fact line, or the row for Text2Cypher), `calls_mean` / `calls_max` (LLM calls per
explanation, the baseline's repeat included), `items_mean` / `spans_mean` (units of the context), `seconds_mean`.
Entries: neo4j-graphrag with each retriever, LangChain's LCEL chain and GraphCypherQAChain (on the SimpleKGPipeline
world), a LlamaIndex query engine (on the same missions written by LlamaIndex's own PropertyGraphIndex), LightRAG's
`rag.aquery` in local mode (the missions inserted by LightRAG's own `ainsert_custom_kg` into its Neo4JStorage,
tests/support/lightrag_world.py; its LLM function LightRAG's `openai_complete_if_cache` on the same server, scripted
model only). With `--only`, an existing `--json` file keeps its other entries.

`--world repeated`: the decisive fact stands in 2 or 3 chunks (issue 31, item 4): each asked mission's planted
sentence also ends the chunks of the next one or two missions launched from its site (stack_world.echoed; 3 copies
for odd mission numbers, 2 for even), so that removing one copy leaves the others. Run on the entries whose items
are chunks (VectorRetriever, HybridRetriever, LCEL, LlamaIndex with include_text=True, LightRAG local), each row
also says how many copies the context held (`copies`), whether the top unit at the finest level is a copy in the
redundant group holding every copy (`joint_first`: xgrag.model.copies, all copies removed at once) and that group's
joint importance; per entry `joint_first` (share), `joint_importance_mean` / `_min` and `copies_mean`.

`--answer-model smollm2`: the stacks answer with SmolLM2-135M behind the same server (a real model; Text2Cypher still
writes its query with the scripted model), `--max-calls 2` stops after the baseline: what that run measures is
whether replaying a real model's call reproduces its answer (`planted_first` is null: SmolLM2 does not answer from
the planted fact reliably).

Usage: python benchmarks/bench_stacks.py [--questions 24] [--top-k 10] [--only VectorRetriever,GraphCypherQAChain]
                                         [--answer-model planted|smollm2] [--max-calls N] [--world planted|repeated]
                                         [--json PATH]
Uses NEO4J_URI when set (the database is WIPED: point it at a scratch database), else starts its own embedded
Neo4j in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the OpenAI-protocol test server and the world

from neo4j_graphrag.generation import GraphRAG  # noqa: E402
from neo4j_graphrag.llm import OpenAILLM  # noqa: E402
from pydantic import SecretStr  # noqa: E402

from support import lightrag_world as L  # noqa: E402
from support import stack_world as W  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.config import EmbeddedSettings, schema_preset  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import ExplainSettings  # noqa: E402
from xgrag.explain.stack import STACK_SETTINGS  # noqa: E402
from xgrag.integrations.neo4j_graphrag import explain_search  # noqa: E402
from xgrag.model import Explanation  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402


def planted_first(ex: Explanation, mission: W.Mission) -> bool:
    """The finest-level top unit is the planted one: the top span when the context was cut into spans, else the
    top item (a Cypher row)."""
    forms = mission.forms
    if ex.stack and ex.stack.model_dump(mode="json").get("spans"):
        top = ex.top("span", 1)
        return bool(top) and top[0].label in forms
    top = ex.top("item", 1)
    return bool(top) and any(f in top[0].label for f in forms)


def copies_of(mission: W.Mission) -> int:
    """How many chunks state `mission`'s planted sentence in the repeated world: 3 for odd numbers, 2 for even."""
    return 3 if mission.number % 2 else 2


def repeated_world(world: list[W.Mission], asked: list[W.Mission]) -> list[W.Mission]:
    """`world` with each asked mission's planted sentence repeated (stack_world.echoed, copies_of)."""
    for mission in asked:
        world = W.echoed(world, next(m for m in world if m.number == mission.number), copies_of(mission))
    return world


def joint_first(ex: Explanation, mission: W.Mission) -> dict[str, Any]:
    """In the repeated world: how many copies of the planted sentence the context held, whether the top unit at the
    finest level is a copy in the redundant group holding all of them, and that group's joint importance."""
    text = {u.id: u.text for u in ex.units or []}
    planted = [i for i, t in text.items() if t == mission.planted]
    top = ex.top("span", 1)
    group = next((g for g in ex.copies or [] if top and g.id == top[0].redundant_group), None)
    ok = (group is not None and set(planted) <= set(group.members) and group.rank == 1
          and group.importance is not None and group.importance > ex.noise_floor)
    return {"copies": len(planted), "joint_first": ok, "group_members": None if group is None else group.members,
            "joint_importance": None if group is None or group.importance is None else round(group.importance, 6)}


@dataclass
class Env:
    """What a stack runner gets: the world's graph, the scripted model (Cypher writing) and the answering model as
    neo4j-graphrag LLMs, the server, the embedder and the explanation settings."""

    kg: Neo4jStore
    llm: OpenAILLM
    answer_llm: OpenAILLM
    base_url: str
    answer_model: str
    embedder: Any
    settings: ExplainSettings
    llamaindex: tuple[Any, Any] | None = None  # the PropertyGraphIndex world: (index, Neo4jPropertyGraphStore)
    lightrag: tuple[Any, Any] | None = None  # the LightRAG world: (LightRAG, the event loop its storages live on)
    include_text: bool = False  # LlamaIndex: one node per chunk (the repeated world) instead of one per triplet


def neo4j_graphrag_runner(kind: str, top_k: int) -> Callable[[Env, W.Mission], Explanation]:
    def run(env: Env, mission: W.Mission) -> Explanation:
        rag = GraphRAG(W.retriever(kind, env.kg.driver, env.kg.database, env.llm), env.answer_llm)
        config = None if kind == "text2cypher" else {"top_k": top_k}
        out = explain_search(rag, mission.question, store=env.kg, retriever_config=config, embedder=env.embedder,
                             settings=env.settings)
        assert out.explanation is not None, out.explain.skipped
        return out.explanation

    return run


def password_of(store: Neo4jStore) -> str:
    """The password the store connected with, for the stacks' own clients (never printed); the embedded server's
    generated one when the benchmark started it."""
    return store.credentials()[1] or ""


def graph_cypher_qa_runner(env: Env, mission: W.Mission) -> Explanation:
    """LangChain's GraphCypherQAChain over Neo4jGraph; the Cypher written by the scripted model, the answer by
    `answer_model` (both ChatOpenAI over the same server)."""
    from langchain_neo4j import GraphCypherQAChain, Neo4jGraph
    from langchain_openai import ChatOpenAI

    from xgrag.integrations.langchain import explain_cypher_qa

    graph = Neo4jGraph(url=env.kg.uri, username=env.kg.user or "neo4j", password=password_of(env.kg),
                       database=env.kg.database, refresh_schema=False)
    cypher_llm = ChatOpenAI(model=W.MODEL, base_url=env.base_url, api_key=SecretStr("unused"), temperature=0,
                            seed=42)
    qa_llm = cypher_llm if env.answer_model == W.MODEL else ChatOpenAI(
        model=env.answer_model, base_url=env.base_url, api_key=SecretStr("unused"), temperature=0, seed=42,
        max_completion_tokens=24)
    chain = GraphCypherQAChain.from_llm(cypher_llm=cypher_llm, qa_llm=qa_llm, graph=graph,
                                        allow_dangerous_requests=True, return_intermediate_steps=True)
    try:
        out = explain_cypher_qa(chain, mission.question, store=env.kg, embedder=env.embedder, settings=env.settings)
    finally:
        graph.close() if hasattr(graph, "close") else None
    assert out.explanation is not None
    return out.explanation


def lcel_runner(top_k: int) -> Callable[[Env, W.Mission], Explanation]:
    """An LCEL chain: {context: Neo4jVector retriever | format_docs, question} | ChatPromptTemplate | ChatOpenAI |
    StrOutputParser, over the world's chunk index."""

    def run(env: Env, mission: W.Mission) -> Explanation:
        from langchain_core.output_parsers import StrOutputParser
        from langchain_core.prompts import ChatPromptTemplate
        from langchain_core.runnables import RunnablePassthrough
        from langchain_neo4j import Neo4jVector
        from langchain_openai import ChatOpenAI

        from xgrag.integrations.langchain import explain_chain

        vector = Neo4jVector.from_existing_index(W.langchain_embeddings(), index_name=W.VECTOR_INDEX,
                                                 url=env.kg.uri, username=env.kg.user or "neo4j",
                                                 password=password_of(env.kg),
                                                 database=env.kg.database)
        prompt = ChatPromptTemplate.from_messages([("system", "Answer from the context."),
                                                   ("human", "Context:\n{context}\n\nQuestion:\n{question}\n")])
        # max_completion_tokens: the name ChatOpenAI declares for its max_tokens field (the same request)
        llm = ChatOpenAI(model=env.answer_model, base_url=env.base_url, api_key=SecretStr("unused"), temperature=0,
                         seed=42, max_completion_tokens=24)

        def format_docs(docs: list[Any]) -> str:
            return "\n\n".join(d.page_content for d in docs)

        chain = ({"context": vector.as_retriever(search_kwargs={"k": top_k}) | format_docs,
                  "question": RunnablePassthrough()} | prompt | llm | StrOutputParser())
        out = explain_chain(chain, mission.question, embedder=env.embedder, settings=env.settings)
        assert out.explanation is not None
        return out.explanation

    return run


def llamaindex_runner(env: Env, mission: W.Mission) -> Explanation:
    """A LlamaIndex query engine over the PropertyGraphIndex world (`index.as_query_engine`: EntityNameRetriever two
    hops out, limit 30, the default compact synthesizer), its LLM LlamaIndex's OpenAILike on the same server."""
    from xgrag.integrations.llamaindex import EntityNameRetriever, explain_query

    assert env.llamaindex is not None
    index, graph_store = env.llamaindex
    engine = index.as_query_engine(sub_retrievers=[EntityNameRetriever(graph_store, depth=2, limit=30,
                                                                       include_text=env.include_text)],
                                   llm=W.llamaindex_llm(env.base_url, model=env.answer_model))
    out = explain_query(engine, mission.question, store=env.kg, embedder=env.embedder, settings=env.settings)
    assert out.explanation is not None
    return out.explanation


def lightrag_runner(mode: str) -> Callable[[Env, W.Mission], Explanation]:
    """LightRAG's own query (`rag.aquery_llm`, what `rag.query` returns the content of) with QueryParam(mode, top_k=5,
    chunk_top_k=3, enable_rerank=False), explained on the LightRAG's event loop."""

    def run(env: Env, mission: W.Mission) -> Explanation:
        from lightrag import QueryParam

        from xgrag.integrations.lightrag import aexplain_query

        assert env.lightrag is not None
        rag, loop = env.lightrag
        param = QueryParam(mode=mode, top_k=5, chunk_top_k=3, enable_rerank=False)
        out = loop.run_until_complete(aexplain_query(rag, mission.question, param, embedder=env.embedder,
                                                     settings=env.settings))
        assert out.explanation is not None
        return out.explanation

    return run


def start_lightrag(store: Neo4jStore, base_url: str, world: list[W.Mission], home: Path) -> tuple[Any, Any]:
    """The LightRAG world: a LightRAG over Neo4JStorage on `store` (its other storages in `home`), the missions
    inserted; returns (rag, its event loop)."""
    import asyncio

    user, password = store.credentials()
    loop = asyncio.new_event_loop()
    with L.neo4j_env(store.uri, user, password, store.database):
        rag = L.make_rag(home, base_url)
        loop.run_until_complete(rag.initialize_storages())
    loop.run_until_complete(L.write_world(rag, world))
    return rag, loop


def stop_lightrag(rag: Any, loop: Any) -> None:
    import asyncio

    loop.run_until_complete(rag.finalize_storages())
    pending = asyncio.all_tasks(loop)  # LightRAG's LLM queue workers
    for task in pending:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.close()
    shutil.rmtree(rag.working_dir, ignore_errors=True)


# which world an entry runs on: SimpleKGPipeline's (neo4j-graphrag, LangChain) or PropertyGraphIndex's (LlamaIndex);
# the two share the __Entity__ label, so one is written after the other is wiped
WORLDS = {"neo4j-graphrag": "neo4j-graphrag", "langchain": "neo4j-graphrag", "llamaindex": "llamaindex",
          "lightrag": "lightrag"}


# the entries whose items are chunks, run on the repeated world (a Cypher row or a fact line is not repeated there)
REPEATED_ENTRIES = ("VectorRetriever", "HybridRetriever", "LCEL", "PropertyGraphIndex", "local")


def stacks(top_k: int) -> dict[str, Callable[[Env, W.Mission], Explanation]]:
    """Every stack/retriever entry: a runner from the environment and a question to the Explanation."""
    out = {f"neo4j-graphrag/{W.RETRIEVERS[k]}": neo4j_graphrag_runner(k, top_k) for k in W.RETRIEVERS}
    out["langchain/LCEL"] = lcel_runner(top_k)
    out["langchain/GraphCypherQAChain"] = graph_cypher_qa_runner
    out["llamaindex/PropertyGraphIndex"] = llamaindex_runner
    out["lightrag/local"] = lightrag_runner("local")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--questions", type=int, default=24)
    ap.add_argument("--top-k", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated entries (the part after the stack's '/'), e.g. "
                    "VectorRetriever,GraphCypherQAChain")
    ap.add_argument("--answer-model", choices=(W.MODEL, "smollm2"), default=W.MODEL)
    ap.add_argument("--max-calls", type=int, default=None)
    ap.add_argument("--world", choices=("planted", "repeated"), default="planted")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    settings = replace(STACK_SETTINGS, max_calls=args.max_calls)
    scripted = args.answer_model == W.MODEL
    world = W.missions(24)  # the whole world is written whatever is asked: retrieval and rows see all 24 missions
    asked = world[: args.questions]
    repeated = args.world == "repeated"
    if repeated:
        if args.questions > 16:
            raise SystemExit("--world repeated: at most 16 questions (a repeated sentence needs later missions from "
                             "the same site)")
        world = repeated_world(world, asked)
        asked = world[: args.questions]
    only = {k for k in args.only.split(",") if k} or (set(REPEATED_ENTRIES) if repeated else None)
    home = None
    state = None
    if os.environ.get("NEO4J_URI"):
        store = Neo4jStore(os.environ["NEO4J_URI"], os.environ.get("NEO4J_USER"), os.environ.get("NEO4J_PASSWORD"))
    else:
        from xgrag.store.embedded import start

        home = Path(tempfile.mkdtemp(prefix="xgrag-bench-stacks-"))
        # a shared, loaded host can take minutes to start Neo4j: 10 minutes before giving up
        state = start(EmbeddedSettings(home=home, heap=os.environ.get("XGRAG_NEO4J_HEAP", "1g"), start_timeout=600.0))
        # the embedded server has authentication on: its generated password, as `xgrag db start` writes it
        store = Neo4jStore.from_connection(state.connection())
    rule = L.LightRAGRule(world)  # PlantedRule, and LightRAG's keyword and answer prompts
    out: dict[str, Any] = {"stacks": {}, "rows": []}
    try:
        with OpenAITestServer(chat_models=() if scripted else ("smollm2",), embed_models=(),
                              scripted={W.MODEL: rule}, default_max_tokens=24) as srv:
            llm = OpenAILLM(W.MODEL, base_url=srv.base_url, api_key="unused-by-the-test-server",
                            model_params={"temperature": 0, "seed": 42})
            answer_llm = llm if scripted else OpenAILLM(
                "smollm2", base_url=srv.base_url, api_key="unused-by-the-test-server",
                model_params={"temperature": 0, "seed": 42, "max_tokens": 24})
            embedder = default_embedder()
            entries = {name: run for name, run in stacks(args.top_k).items()
                       if not only or name.split("/", 1)[1] in only}
            if not scripted and any(name.startswith("lightrag/") for name in entries):
                # LightRAG asks the same LLM function for its query keywords (JSON), which SmolLM2 cannot write
                raise SystemExit("--answer-model smollm2 does not cover the lightrag entries: run them with "
                                 "--answer-model planted")
            write_seconds: dict[str, float] = {}
            written = None
            llamaindex = None
            lightrag = None
            kg = store
            for name, run in entries.items():
                world_name = WORLDS[name.split("/", 1)[0]]
                if world_name != written:
                    if llamaindex is not None:
                        llamaindex[1].close()
                        llamaindex = None
                    if lightrag is not None:
                        stop_lightrag(*lightrag)
                        lightrag = None
                    store.query("MATCH (n) DETACH DELETE n", read_only=False)
                    t0 = time.perf_counter()
                    if world_name == "llamaindex":
                        from llama_index.graph_stores.neo4j import Neo4jPropertyGraphStore

                        graph_store = Neo4jPropertyGraphStore(
                            username=store.user or "neo4j", password=password_of(store),
                            url=store.uri, database=store.database)
                        llamaindex = (W.write_llamaindex_world(graph_store, world), graph_store)
                        kg = store.with_schema(schema_preset("llamaindex"))
                    elif world_name == "lightrag":
                        lightrag = start_lightrag(store, srv.base_url, world,
                                                  Path(tempfile.mkdtemp(prefix="xgrag-bench-lightrag-")))
                        kg = store.with_schema(schema_preset("lightrag"))
                    else:
                        W.write_world(store.driver, store.database, llm, world)
                        kg = store.with_schema(schema_preset("neo4j-graphrag"))
                    write_seconds[world_name] = round(time.perf_counter() - t0, 1)
                    written = world_name
                env = Env(kg, llm, answer_llm, srv.base_url, args.answer_model, embedder, settings, llamaindex,
                          lightrag, include_text=repeated)
                rows: list[dict[str, Any]] = []
                for mission in asked:
                    t1 = time.perf_counter()
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", DeprecationWarning)
                        ex = run(env, mission)
                    assert ex.reproduction is not None and ex.stack is not None
                    rows.append({"stack": name, "question": mission.question, "answer": ex.observed_answer,
                                 "replayed": ex.answer, "reproduced": ex.reproduction.reproduced,
                                 "similarity": ex.reproduction.similarity,
                                 "planted_first": planted_first(ex, mission) if scripted else None,
                                 "calls": ex.cost.generator_calls, "items": ex.stack.items,
                                 "spans": ex.stack.spans, "seconds": round(time.perf_counter() - t1, 3)})
                    if repeated:
                        rows[-1].update(joint_first(ex, mission))
                    print(json.dumps(rows[-1]), flush=True)
                n = len(rows)
                out["stacks"][name] = {
                    "questions": n, "reproduced": sum(r["reproduced"] for r in rows) / n,
                    "planted_first": sum(r["planted_first"] for r in rows) / n if scripted else None,
                    "calls_mean": round(statistics.mean(r["calls"] for r in rows), 3),
                    "calls_max": max(r["calls"] for r in rows), "calls_min": min(r["calls"] for r in rows),
                    "items_mean": round(statistics.mean(r["items"] for r in rows), 3),
                    "spans_mean": round(statistics.mean(r["spans"] for r in rows), 3),
                    "seconds_mean": round(statistics.mean(r["seconds"] for r in rows), 3)}
                if repeated:
                    joint = [r["joint_importance"] or 0.0 for r in rows]
                    out["stacks"][name].update(
                        joint_first=sum(r["joint_first"] for r in rows) / n,
                        joint_importance_mean=round(statistics.mean(joint), 6), joint_importance_min=min(joint),
                        copies_mean=round(statistics.mean(r["copies"] for r in rows), 3))
                out["rows"] += rows
            if llamaindex is not None:
                llamaindex[1].close()
            if lightrag is not None:
                stop_lightrag(*lightrag)
            out["meta"] = {"missions": len(world), "world": args.world, "top_k": args.top_k,
                           "world_write_seconds": write_seconds,
                           "answer_model": args.answer_model, "max_calls": args.max_calls,
                           "python": platform.python_version(), "machine": platform.machine(),
                           "cpus": os.cpu_count(), "protocol": "OpenAI chat completions (tests/support)",
                           "embedder": embedder.name}
    finally:
        store.close()
        if state is not None:
            from xgrag.store.embedded import stop_pid

            stop_pid(state.pid)
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)
    print(json.dumps({"stacks": out["stacks"], "meta": out["meta"]}, indent=2))
    if args.json:
        if args.json.exists() and only:
            # --only re-runs some entries: keep the file's others (their rows and figures) beside them
            old = json.loads(args.json.read_text(encoding="utf-8"))
            kept = {k: v for k, v in old.get("stacks", {}).items() if k not in out["stacks"]}
            out["stacks"] = {**kept, **out["stacks"]}
            out["rows"] = [r for r in old.get("rows", []) if r.get("stack") in kept] + out["rows"]
            out["meta"]["merged_from"] = str(args.json)
            old_write = old.get("meta", {}).get("world_write_seconds")
            if isinstance(old_write, int | float):  # files written before the LlamaIndex world had one world
                old_write = {"neo4j-graphrag": old_write}
            out["meta"]["world_write_seconds"] = {**(old_write or {}), **out["meta"]["world_write_seconds"]}
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
