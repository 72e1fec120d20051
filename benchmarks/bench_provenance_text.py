"""Provenance with text (issue 21.3) and one fact, many sources (21.4): what the chunk text costs and what it shows.

- Story graph (tests/data/stories: Peter Rabbit, four parts written by langchain-neo4j's own add_graph_documents with
  the story's text as the documents, read through the langchain preset): every story question explained (extractive
  reader, strategies node and edge, mode auto). Per explanation: the one chunk-text read's seconds and its share of
  the explanation's wall time, chunks read, excerpts, characters per excerpt, excerpts with head, relation and tail
  all marked, excerpts with no term marked (the note instead of a span).
- The read alone, repeated (`--repeat`) on each explanation's chunk ids: median and spread of its seconds.
- Ingestion: the shared MetaQA sample (../shared/data/metaqa/triples.tsv, 1,260 triples) written from one file name,
  then the same triples from a second (every triple a further source of its fact), then both again (nothing new):
  seconds per pass, relationships after each, facts with two sources.

    python benchmarks/bench_provenance_text.py [--repeat 5] [--ab 30000] [--ab-reps 3] [--questions N]
                                               [--json benchmarks/results/provenance_text.json]

Server: XGRAG_BENCH_URI / NEO4J_URI (a scratch database: the bench empties it), else an embedded Neo4j of its own
(1g heap) started and stopped (benchmarks/graph_server.py).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from unittest.mock import patch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from graph_server import SHARED_DATA, server_store  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from helpers import story_questions, write_story_graph  # noqa: E402
from xgrag.config import GraphSchema, schema_preset  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.explain.chunk_text import chunk_ids, read_chunk_texts  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.model import Explanation  # noqa: E402
from xgrag.model.records import JsonObject  # noqa: E402
from xgrag.model.trace import ChunkTextStep  # noqa: E402
from xgrag.retrieval import Retriever  # noqa: E402
from xgrag.store.ingest import TripleRow, read_triples, write_triples  # noqa: E402
from xgrag.store.migrations import migrate  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "provenance_text.json"
METAQA = SHARED_DATA / "metaqa" / "triples.tsv" if (SHARED_DATA / "metaqa" / "triples.tsv").is_file() else None


def spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"median": round(statistics.median(values), 4), "min": round(min(values), 4),
            "max": round(max(values), 4), "mean": round(statistics.fmean(values), 4)}


class Excerpt(BaseModel):
    """The excerpt xgrag.explain.chunk_text attaches to a provenance entry: the fields read here."""

    text: str
    matched: list[str]  # the roles marked in it (head, relation, tail, entity, key, value, span)
    marks: list[JsonObject]


def excerpts(provenance: JsonObject) -> list[Excerpt]:
    """The excerpts in a component's provenance: one per entry of its `documents` (or its own, when it names the
    chunk itself), as chunk_text attaches them."""
    docs = provenance.get("documents")
    entries = docs if isinstance(docs, list) else [provenance]
    return [Excerpt.model_validate(e["excerpt"]) for e in entries if isinstance(e, dict) and e.get("excerpt")]


def chunk_text_step(ex: Explanation) -> tuple[float, int]:
    """The chunk-text read's seconds and chunks, from the explanation's trace."""
    step = next(s for s in ex.trace if isinstance(s, ChunkTextStep))
    if step.seconds is None:  # the explainer times every chunk_text step it runs: a missing time is a defect
        raise ValueError(f"chunk_text step without seconds: {step}")
    return step.seconds, step.chunks or 0  # no chunks: skipped (the step says why)


def story(store: Neo4jStore, repeat: int, limit: int | None = None) -> dict[str, Any]:
    write_story_graph(store)
    schema = schema_preset("langchain")
    view = store.with_schema(schema)
    migrate(view, schema, 384)
    emb = default_embedder()
    explainer = Explainer(Retriever(view, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("node", "edge")))
    read_s: list[float] = []
    share: list[float] = []
    chunks: list[int] = []
    chars: list[int] = []
    alone: list[float] = []
    n_excerpts = full = none = edges = ends = 0
    for question, _, _ in story_questions()[:limit]:
        ex = explainer.explain(question)
        seconds, n_chunks = chunk_text_step(ex)
        read_s.append(seconds)
        share.append(seconds / ex.cost.seconds if ex.cost.seconds else 0.0)
        chunks.append(n_chunks)
        for c in ex.components:
            for e in excerpts(c.provenance):
                n_excerpts += 1
                edges += c.kind == "edge"
                chars.append(len(e.text))
                full += c.kind == "edge" and e.matched == ["head", "relation", "tail"]
                ends += c.kind == "edge" and {"head", "tail"} <= set(e.matched)
                none += not e.marks
        ids = chunk_ids(ex.components)
        for _ in range(repeat):
            t0 = time.perf_counter()
            read_chunk_texts(view, ids)
            alone.append(time.perf_counter() - t0)
    return {"questions": len(read_s), "read_seconds": spread(read_s), "read_share_of_explanation": spread(share),
            "chunks_per_explanation": spread([float(c) for c in chunks]), "excerpts": n_excerpts,
            "chars_per_excerpt": spread([float(c) for c in chars]),
            "edge_excerpts": edges, "edge_excerpts_with_head_and_tail": ends,
            "edge_excerpts_with_head_relation_tail": full, "excerpts_without_a_term": none,
            "read_alone_seconds": {"n": len(alone), **spread(alone)}}


def ingestion(store: Neo4jStore) -> dict[str, Any]:
    if METAQA is None:
        return {"skipped": "../shared/data/metaqa/triples.tsv not found"}
    store.query("MATCH (n) DETACH DELETE n", read_only=False)
    migrate(store, GraphSchema(), 384)
    a = read_triples(METAQA, "metaqa", doc_id="file:a.tsv")
    b = read_triples(METAQA, "metaqa", doc_id="file:b.tsv")
    passes = []
    for name, rows in (("first file", a), ("same triples, second file", b), ("both again", a + b)):
        t0 = time.perf_counter()
        write_triples(store, rows)
        seconds = time.perf_counter() - t0
        n = store.query("MATCH (:Entity)-[r:RELATION]->(:Entity) RETURN count(r) AS n, "
                        "count(r.other_sources) AS two")[0]
        passes.append({"pass": name, "rows": len(rows), "seconds": round(seconds, 3),
                       "relationships": n["n"], "facts_with_further_sources": n["two"]})
    return {"triples": len(a), "passes": passes}


def ingest_overhead(store: Neo4jStore, n: int, reps: int) -> dict[str, Any]:
    """The first ingestion of the first `n` triples of ../shared/data/metaqa-full/kb.tsv into an empty graph, with
    and without the statement that adds further sources (INGEST_SOURCES), alternating `reps` times each."""
    import xgrag.store.ingest as ingest

    kb = None if METAQA is None else METAQA.parents[1] / "metaqa-full" / "kb.tsv"
    if kb is None or not kb.is_file() or n <= 0:
        return {"skipped": "no ../shared/data/metaqa-full/kb.tsv or --ab 0"}
    lines = kb.read_text(encoding="utf-8").splitlines()[:n + 1]
    part = Path(tempfile.mkdtemp(prefix="xgrag-bench-kb-")) / "kb_part.tsv"
    part.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = read_triples(part, "metaqa")
    original = ingest._BatchPlanner.statements
    seconds: dict[str, list[float]] = {"with further sources": [], "without (relationship per source)": []}

    def without(self: ingest._BatchPlanner, rows_: Sequence[TripleRow],
                part_: Sequence[int]) -> list[tuple[str, dict[str, Any]]]:
        return [s for s in original(self, rows_, part_) if s[0] is not ingest.INGEST_SOURCES]

    for _ in range(reps):
        for name in seconds:
            _wipe(store)
            # the planner's method swapped for the run without further sources, restored on leaving (even on error)
            with patch.object(ingest._BatchPlanner, "statements", original if name.startswith("with ") else without):
                t0 = time.perf_counter()
                write_triples(store, rows)
                seconds[name].append(time.perf_counter() - t0)
    shutil.rmtree(part.parent, ignore_errors=True)
    return {"triples": len(rows), "reps": reps, **{k: spread(v) for k, v in seconds.items()}}


def _wipe(store: Neo4jStore) -> None:
    while store.query("MATCH (n) WITH n LIMIT 20000 DETACH DELETE n RETURN count(*) AS c", read_only=False)[0]["c"]:
        pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", default=str(OUT))
    ap.add_argument("--repeat", type=int, default=5, help="repetitions of the read alone per explanation")
    ap.add_argument("--ab", type=int, default=30000, help="metaqa-full triples for the ingestion A/B (0: skip)")
    ap.add_argument("--ab-reps", type=int, default=3)
    ap.add_argument("--questions", type=int, default=None, help="the first N story questions (default: all 20)")
    args = ap.parse_args()
    with server_store(heap="1g", prefix="xgrag-bench-provenance-") as store:
        out = {"story (langchain preset)": story(store, args.repeat, args.questions),
               "ingestion (xgrag)": ingestion(store),
               "first ingestion, with and without further sources": ingest_overhead(store, args.ab, args.ab_reps)}
    print(json.dumps(out, indent=2))
    Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
