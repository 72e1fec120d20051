"""What every benchmark on the whole MetaQA KB needs: the data, a server holding the KB, a seeded question sample.

`../shared/data/metaqa-full` (kb.tsv: 129,232 triples, 42,776 entities; questions_dev.jsonl: 1/2/3-hop dev
questions with gold triples) is ingested with xgrag's own ingestion into `XGRAG_BENCH_URI` (a database that holds
it already, or an empty one) or into an embedded Neo4j started for the run and stopped at the end.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from xgrag.config import EmbeddedSettings, GraphSchema
from xgrag.store.ingest import read_triples, write_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

ROOT = Path(__file__).resolve().parents[1]
# shared/ beside the checkout (a worktree under wt/ finds it one level further up)
DATA = next((p / "shared" / "data" / "metaqa-full" for p in ROOT.parents
             if (p / "shared" / "data" / "metaqa-full").is_dir()), ROOT.parent / "shared" / "data" / "metaqa-full")


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


def bench_store(uri: str, conn: Any = None) -> Neo4jStore:
    """A store on `uri`: an embedded server's resolved connection (its generated password) when `conn` is given,
    else a server of your own (XGRAG_BENCH_URI) with NEO4J_USER / NEO4J_PASSWORD from the environment."""
    if conn is not None:
        return Neo4jStore.from_connection(conn)
    return Neo4jStore(uri, os.environ.get("NEO4J_USER"), os.environ.get("NEO4J_PASSWORD"))


@contextmanager
def kb_store(embeddings: bool = False, heap: str = "3g",
             kb: Path = DATA / "kb.tsv") -> Iterator[tuple[Neo4jStore, dict[str, Any]]]:
    """A store holding the whole KB (and what `prepare` reports); an embedded server is stopped at the end."""
    uri, home, pid, conn = os.environ.get("XGRAG_BENCH_URI"), None, None, None
    if not uri:
        from xgrag.store.embedded import start

        home = Path(tempfile.mkdtemp(prefix="xgrag-bench-metaqa-full-"))
        state = start(EmbeddedSettings(home=home, heap=heap, pagecache="1g"))
        uri, pid, conn = state.uri, state.pid, state.connection()
    try:
        with bench_store(uri, conn) as store:
            yield store, prepare(store, embeddings, kb)
    finally:
        if pid is not None:
            from xgrag.store.embedded import stop_pid

            stop_pid(pid)
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)
