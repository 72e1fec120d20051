"""LangChain handler latency benchmark (prints figures; not a test).

An LCEL chain (XgragRetriever | prompt | ChatOllama | StrOutputParser) on a small xgrag-ingested graph, timed
`--repeats` times each: alone, with XgragCallbackHandler(mode="queued") (each queued explanation is awaited
outside the timing, so none overlaps a timed run), and with mode="inline". ChatOllama talks real HTTP to the
Ollama-protocol test server of tests/support (SmolLM2-135M behind it; there is no Ollama here), which the
explainer uses too. Reports median / min / max seconds and the explanations' own seconds and generator calls.

Usage: python benchmarks/bench_langchain.py [--repeats 3] [--json PATH]
Uses NEO4J_URI when set (nothing is deleted; the small graph is added with MERGE), else starts its own
embedded Neo4j in a temporary folder.
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
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the Ollama-protocol test server

from langchain_core.output_parsers import StrOutputParser  # noqa: E402
from langchain_core.prompts import ChatPromptTemplate  # noqa: E402
from langchain_core.runnables import RunnablePassthrough  # noqa: E402
from langchain_ollama import ChatOllama  # noqa: E402

from support.ollama_server import OllamaTestServer  # noqa: E402
from xgrag.config import EmbeddedSettings, GraphSchema  # noqa: E402
from xgrag.explain import ExplainSettings  # noqa: E402
from xgrag.integrations.langchain import XgragCallbackHandler, XgragRetriever, format_documents  # noqa: E402
from xgrag.store.ingest import ingest_triples  # noqa: E402
from xgrag.store.migrations import migrate  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

Q = "Who did Marie Curie marry?"
TSV = ("head\trelation\ttail\thead_type\ttail_type\tdoc_id\tchunk_id\n"
       "Marie Curie\tmarried\tPierre Curie\tPerson\tPerson\tcurie\tcurie#c0\n"
       "Marie Curie\twon\tNobel Prize in Physics\tPerson\tAward\tcurie\tcurie#c1\n"
       "Marie Curie\tborn in\tWarsaw\tPerson\tCity\tcurie\tcurie#c2\n"
       "Pierre Curie\tworked at\tSorbonne\tPerson\tOrganization\tcurie\tcurie#c3\n")


def stats(xs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(xs), 3), "min": round(min(xs), 3), "max": round(max(xs), 3)}


def run(store: Neo4jStore, server: OllamaTestServer, repeats: int) -> dict[str, Any]:
    def llm() -> ChatOllama:
        return ChatOllama(base_url=server.url, model="smollm2", temperature=0, seed=42, num_predict=24)

    prompt = ChatPromptTemplate.from_template(
        "Facts:\n{context}\n\nQuestion: {question}\nAnswer in one short sentence.")
    chain = ({"context": XgragRetriever.from_store(store, hops=1) | format_documents, "question": RunnablePassthrough()}
             | prompt | llm() | StrOutputParser())
    chain.invoke(Q)  # warm: the server loads SmolLM2, the driver connects
    alone, queued, inline = [], [], []
    explain_seconds, calls = [], []
    q_handler = XgragCallbackHandler.for_store(store, llm(), mode="queued",
        settings=ExplainSettings(strategies=("edge",)))
    i_handler = XgragCallbackHandler.for_store(store, llm(), settings=ExplainSettings(strategies=("edge",)))
    for _ in range(repeats):
        t0 = time.perf_counter()
        chain.invoke(Q)
        alone.append(time.perf_counter() - t0)
        rid = uuid.uuid4()
        t0 = time.perf_counter()
        chain.invoke(Q, config={"callbacks": [q_handler], "run_id": rid})
        queued.append(time.perf_counter() - t0)
        ex = q_handler.result(rid, timeout=900)  # not timed
        assert ex is not None, q_handler.errors or q_handler.skipped
        t0 = time.perf_counter()
        chain.invoke(Q, config={"callbacks": [i_handler]})
        inline.append(time.perf_counter() - t0)
        inline_ex = i_handler.last_explanation
        if inline_ex is None:  # the run was skipped or explaining failed: the handler says why
            raise RuntimeError(f"the inline handler explained nothing: {i_handler.errors or i_handler.skipped}")
        explain_seconds.append(inline_ex.cost.seconds)
        calls.append(inline_ex.cost.generator_calls)
    q_handler.close()
    return {"repeats": repeats, "chain_alone_s": stats(alone), "chain_with_queued_handler_s": stats(queued),
            "chain_with_inline_handler_s": stats(inline), "explanation_s": stats(explain_seconds),
            "explanation_generator_calls": calls, "strategies": ["edge"], "relationships_in_context": 3}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "langchain.json"))
    args = ap.parse_args()
    home = state = None
    if os.environ.get("NEO4J_URI"):
        store = Neo4jStore(os.environ["NEO4J_URI"], os.environ.get("NEO4J_USER"), os.environ.get("NEO4J_PASSWORD"))
    else:
        from xgrag.store.embedded import start

        home = Path(tempfile.mkdtemp(prefix="xgrag-bench-"))
        state = start(EmbeddedSettings(home=home, heap="1g"))
        store = Neo4jStore.from_connection(state.connection())
    results: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
                               "load_average_start": os.getloadavg()}
    try:
        migrate(store, GraphSchema(), 384)
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "curie.tsv").write_text(TSV)
            ingest_triples(store, Path(tmp) / "curie.tsv")
        with OllamaTestServer(default_num_predict=24) as server:
            results["lcel"] = run(store, server, args.repeats)
        results["load_average_end"] = os.getloadavg()
        print(json.dumps(results, indent=2))
    finally:
        store.close()
        if state is not None:
            from xgrag.store.embedded import stop_pid

            stop_pid(state.pid)
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
