"""What every benchmark on the whole MetaQA KB needs: the data, a server holding the KB, a seeded question sample.

`../shared/data/metaqa-full` (kb.tsv: 129,232 triples, 42,776 entities; questions_dev.jsonl: 1/2/3-hop dev
questions with gold triples) is ingested with xgrag's own ingestion into the server graph_server.py finds
(XGRAG_BENCH_URI / NEO4J_URI: a database that holds it already, or an empty one; else an embedded Neo4j started for
the run and stopped at the end).
`add_data_args` gives a benchmark --kb and a questions file, so a small MetaQA-format pair (benchmarks/data/metaqa-10)
runs it in seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from graph_server import SHARED_DATA, server_store

from xgrag.config import GraphSchema
from xgrag.store.ingest import read_triples, write_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

ROOT = Path(__file__).resolve().parents[1]
DATA = SHARED_DATA / "metaqa-full"


def plain(question: str) -> str:
    """A MetaQA question as people type it: without the [brackets] around the topic entity."""
    return question.replace("[", "").replace("]", "")


def norm(text: str) -> str:
    return " ".join(text.lower().replace(".", " ").split())


def correct(answer: str, gold: list[str]) -> bool:
    return norm(answer) in {norm(a) for a in gold}


def questions(per_hop: int, seed: int, hops: tuple[int, ...] = (1, 2, 3),
              path: Path = DATA / "questions_dev.jsonl") -> list[dict[str, Any]]:
    """A seeded sample of `per_hop` dev questions per hop count (in that order), from `path` (MetaQA-full format)."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for hop in hops:
        group = [q for q in rows if q["hops"] == hop]
        rng.shuffle(group)
        out += group[:per_hop]
    return out


def prepare(store: Neo4jStore, embeddings: bool = False, kb: Path = DATA / "kb.tsv") -> dict[str, Any]:
    """Ingest the KB (`kb`, MetaQA's tab-separated triples) unless the database holds one; store entity-name
    embeddings when asked (PCST, vector linking)."""
    info: dict[str, Any] = {}
    migrate(store, GraphSchema(), 384)
    if store.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"] == 0:
        t = time.perf_counter()
        stats = write_triples(store, read_triples(kb, "metaqa"))
        info.update(ingest_seconds=round(time.perf_counter() - t, 1), triples=stats.triples)
    if embeddings:
        from xgrag.embed import default_embedder
        from xgrag.retrieval.embeddings import embed_entities

        t = time.perf_counter()
        info["embedded_now"] = embed_entities(store, default_embedder(), 384)
        info["embed_seconds"] = round(time.perf_counter() - t, 1)
    info["entities"] = store.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"]
    info["relationships"] = store.query("MATCH (:Entity)-[r]->(:Entity) RETURN count(r) AS c")[0]["c"]
    return info


@contextmanager
def kb_store(embeddings: bool = False, heap: str = "3g",
             kb: Path = DATA / "kb.tsv") -> Iterator[tuple[Neo4jStore, dict[str, Any]]]:
    """A store holding the KB `kb` (and what `prepare` reports), on graph_server's server (XGRAG_BENCH_URI /
    NEO4J_URI, else an embedded one stopped at the end)."""
    with server_store(heap=heap, pagecache="1g", prefix="xgrag-bench-metaqa-full-") as store:
        yield store, prepare(store, embeddings, kb)


def add_data_args(ap: argparse.ArgumentParser, questions_flag: str = "--questions") -> None:
    """--kb and the questions file (`questions_flag`, read as args.questions_path): the shared whole KB and dev set by
    default; a small MetaQA-format pair (benchmarks/data/metaqa-10) for a quick run."""
    ap.add_argument("--kb", type=Path, default=DATA / "kb.tsv", help="MetaQA triples (default: the whole KB)")
    ap.add_argument(questions_flag, dest="questions_path", type=Path, default=DATA / "questions_dev.jsonl",
                    help="MetaQA-format questions (default: the whole KB's dev set)")
