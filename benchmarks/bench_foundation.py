#!/usr/bin/env python
"""Foundation benchmark: ingestion rate, retrieval latency (with and without perturbation filters),
entity linking and centrality (GDS and scipy) on a seeded synthetic knowledge graph.

It prints figures and writes them as JSON; it is not a test and asserts nothing. Targets are reported
as met / missed:

- ingestion >= 20,000 triples/s (``xgrag.ingest.write_triples``, batched UNWIND, one transaction per batch);
- perturbed-subgraph retrieval (k-hop, hops=2, 1 node + 3 relationships excluded) p50 <= 10 ms.

The server: ``XGRAG_BENCH_URI`` or ``NEO4J_URI`` (+ ``NEO4J_USER``/``NEO4J_PASSWORD``/``NEO4J_DATABASE``)
when set, which must then hold no entities (or pass ``--wipe``, which deletes everything in it); otherwise
a fresh embedded Neo4j 5.26 + GDS + APOC in a temporary home, stopped and removed at the end, even on error.

    /root/.cache/xgrag/venv/bin/python benchmarks/bench_foundation.py                 # 100k / 300k
    /root/.cache/xgrag/venv/bin/python benchmarks/bench_foundation.py --entities 10000 \\
        --relationships 30000 --samples 50                                                # quick run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from graph_server import from_environment, server

from xgrag.config import GraphSchema
from xgrag.model import Subgraph
from xgrag.retrieval import Retriever
from xgrag.retrieval.centrality import gds_centrality, gds_graph_centrality, scipy_centrality
from xgrag.retrieval.modes import MODES, Mode
from xgrag.store.ingest import TripleRow, entity_id, relation_id, write_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[1]
DEFAULT_JSON = REPO / "benchmarks" / "results" / "foundation.json"

INGEST_TARGET = 20_000.0  # triples per second
PERTURBED_P50_TARGET = 10.0  # ms, k-hop (hops=2) with 1 node + 3 relationships excluded

# -- synthetic knowledge graph -------------------------------------------------------------------

TYPES = [("Person", 0.34), ("Work", 0.20), ("Organization", 0.16), ("Concept", 0.14), ("Place", 0.10),
         ("Event", 0.06)]
LABELS = [
    "related_to", "part_of", "located_in", "works_for", "member_of", "created", "influenced", "mentions",
    "collaborated_with", "founded", "born_in", "studied_at", "headquartered_in", "produced", "owns",
    "subsidiary_of", "cites", "participated_in", "successor_of", "award_received",
]
_ONSETS = ["b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kr", "l", "m", "n", "p", "pr", "qu",
           "r", "s", "sh", "st", "t", "th", "tr", "v", "w", "z"]
_VOWELS = ["a", "e", "i", "o", "u", "ae", "ai", "ea", "io", "ou", "y"]
_CODAS = ["", "", "", "n", "r", "l", "s", "th", "nd", "rk", "m", "x"]
_ORG = ["Corp", "Labs", "Institute", "Group", "Foundation", "University", "Partners", "Systems"]
_PLACE = ["City", "Valley", "Bay", "Heights", "Port", "Springs", "Falls"]
_CONCEPT = ["Theory", "Effect", "Principle", "Method", "Paradox", "Model"]
_EVENT = ["Summit", "Accord", "Festival", "Expedition", "Crisis", "Games"]
QUESTION_TEMPLATES = [
    "What is {name} known for?",
    "Which entities are connected to {name}?",
    "Who worked with {name} and where?",
    "Tell me how {name} relates to other organizations.",
    "When was {name} founded or created?",
    "Is there any link between {name} and the events of that year?",
]


@dataclass
class SyntheticKG:
    names: list[str]
    types: list[str]
    ids: list[str]
    rows: list[TripleRow]
    edges: list[tuple[int, int]]  # (head index, tail index), one per row
    rel_ids: list[str]
    island: np.ndarray  # bool per entity: in a small component of its own
    degree: np.ndarray = field(init=False)
    adjacency: list[list[int]] = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        self.degree = np.zeros(n, dtype=np.int64)
        self.adjacency = [[] for _ in range(n)]
        for h, t in self.edges:
            self.degree[h] += 1
            self.degree[t] += 1
            self.adjacency[h].append(t)
            self.adjacency[t].append(h)


def _words(rng: random.Random, count: int) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < count:
        word = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)
                       for _ in range(rng.choice((2, 2, 3))))
        word = word.capitalize()
        if word not in seen and len(word) >= 4:
            seen.add(word)
            out.append(word)
    return out


def _name_factory(rng: random.Random) -> Callable[[str], str]:
    vocab = _words(rng, 6000)
    cum = list(np.cumsum([1.0 / (r + 1) ** 0.7 for r in range(len(vocab))]))  # Zipf-ish word reuse

    def w() -> str:
        return rng.choices(vocab, cum_weights=cum)[0]

    def pick(*options: Callable[[], str]) -> str:
        return rng.choice(options)()

    patterns: dict[str, Callable[[], str]] = {
        "Person": lambda: f"{w()} {w()}",
        "Work": lambda: pick(lambda: f"The {w()} of {w()}", lambda: f"{w()} {w()}", w),
        "Organization": lambda: pick(lambda: f"{w()} {rng.choice(_ORG)}", lambda: f"{w()} {w()} {rng.choice(_ORG)}"),
        "Concept": lambda: f"{w()} {rng.choice(_CONCEPT)}",
        "Place": lambda: pick(w, lambda: f"{w()} {rng.choice(_PLACE)}"),
        "Event": lambda: f"{w()} {rng.choice(_EVENT)} {rng.randint(1850, 2024)}",
    }
    return lambda type_: patterns[type_]()


def generate_kg(n_entities: int, n_rels: int, seed: int, island_fraction: float = 0.02,
                p_pref: float = 0.8) -> SyntheticKG:
    """A skewed KG: one big component grown by preferential attachment (power-law-ish degrees, hubs),
    plus ~2% of the entities in small islands (2-4 entities) so that some entity pairs have no path.
    Relation labels are Zipf-distributed over 20 labels; names are unique pseudo-words with shared
    tokens (realistic full-text candidates); rows are shuffled like a real triples file."""
    rng = random.Random(seed)
    make_name = _name_factory(rng)
    type_cum = list(np.cumsum([w for _, w in TYPES]))
    types = rng.choices([t for t, _ in TYPES], cum_weights=type_cum, k=n_entities)
    names: list[str] = []
    used: set[str] = set()
    for etype in types:
        for attempt in range(50):
            name = make_name(etype)
            if attempt > 10:
                name = f"{name} {rng.randint(2, 99)}"
            if name not in used:
                break
        used.add(name)
        names.append(name)
    ids = [entity_id(nm, t) for nm, t in zip(names, types, strict=True)]

    n_island = int(n_entities * island_fraction) if n_entities >= 100 else 0
    n_island = n_island if n_island >= 2 else 0
    n_main = n_entities - n_island
    edges: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()  # unordered pairs already linked (one fact per pair and label)
    ends: list[int] = []

    def add(h: int, t: int) -> None:
        edges.append((h, t))
        seen.add((min(h, t), max(h, t)))

    # islands: paths of 2-4 entities
    i = n_main
    while i < n_entities:
        remaining = n_entities - i
        size = min(rng.randint(2, 4), remaining)
        if remaining - size == 1:  # never leave a lone entity (it would take part in no triple)
            size += 1
        for k in range(i, i + size - 1):
            add(k, k + 1)
        i += size
    island_edges = len(edges)
    if n_rels < island_edges + n_main - 1:
        raise SystemExit(f"--relationships must be at least {island_edges + n_main - 1} for "
                         f"{n_entities} entities (every entity takes part in a relationship)")

    def pick(limit: int) -> int:
        if ends and rng.random() < p_pref:
            return ends[rng.randrange(len(ends))]
        return rng.randrange(limit)

    # growth: every new entity attaches to an existing one (a spanning tree of the main component)
    for new in range(1, n_main):
        old = pick(new)
        h, t = (new, old) if rng.random() < 0.5 else (old, new)
        add(h, t)
        ends.extend((h, t))
    # densification: both ends preferential (or uniform), no self-loops, no repeated pair
    while len(edges) < n_rels:
        h, t = pick(n_main), pick(n_main)
        if h == t or (min(h, t), max(h, t)) in seen:
            continue
        add(h, t)
        ends.extend((h, t))

    label_cum = list(np.cumsum([1.0 / (r + 1) ** 1.1 for r in range(len(LABELS))]))
    labels = rng.choices(LABELS, cum_weights=label_cum, k=len(edges))
    rng.shuffle(edges)
    rows: list[TripleRow] = []
    rel_ids: list[str] = []
    source = f"synthetic://foundation/seed={seed}"
    for line, ((h, t), label) in enumerate(zip(edges, labels, strict=True), start=1):
        doc = f"synthetic:seed{seed}:doc{(line - 1) // 5000:04d}"
        rows.append(TripleRow(head=names[h], relation=label, tail=names[t], head_type=types[h], tail_type=types[t],
                              doc_id=doc, source=source, extractor="synthetic", line=line))
        rel_ids.append(relation_id(ids[h], label, ids[t], doc, None))
    island = np.zeros(n_entities, dtype=bool)
    island[n_main:] = True
    return SyntheticKG(names, types, ids, rows, edges, rel_ids, island)


# -- measuring -------------------------------------------------------------------------------------

def summary(ms: Sequence[float]) -> dict[str, float | int | None]:
    if not ms:
        return {"n": 0, "p50": None, "p95": None, "mean": None, "max": None}
    a = np.asarray(ms, dtype=float)
    return {"n": int(a.size), "p50": round(float(np.percentile(a, 50)), 3),
            "p95": round(float(np.percentile(a, 95)), 3), "mean": round(float(a.mean()), 3),
            "max": round(float(a.max()), 3)}


def degree_summary(deg: Sequence[int] | np.ndarray) -> dict[str, float | int]:
    a = np.asarray(deg)
    if a.size == 0:
        return {}
    return {"n": int(a.size), "min": int(a.min()), "p50": float(np.percentile(a, 50)),
            "p90": float(np.percentile(a, 90)), "p99": float(np.percentile(a, 99)), "max": int(a.max()),
            "mean": round(float(a.mean()), 2)}


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - t0) * 1000.0


def retrieval_mode(text: str) -> Mode:
    """`text` (a command line's, the CLI's default) as a retrieval mode; a ValueError naming it otherwise."""
    for mode in MODES:
        if mode == text:
            return mode
    raise ValueError(f"retrieval mode {text!r} is not one of {', '.join(MODES)}")


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


@dataclass
class Case:
    """Latencies (ms) of one retrieval case, with how often the result hit a size cap."""

    ms: list[float] = field(default_factory=list)
    truncated: int = 0
    fallback: int = 0
    sizes: list[int] = field(default_factory=list)  # relationships per result

    def add(self, sub: Subgraph, ms: float) -> None:
        self.ms.append(ms)
        self.truncated += int(sub.truncated)
        self.fallback += int(sub.fallback is not None)
        self.sizes.append(len(sub.relationships))

    def to_json(self) -> dict[str, Any]:
        n = len(self.ms)
        return {**summary(self.ms), "truncated": self.truncated,
                "truncated_fraction": round(self.truncated / n, 3) if n else None,
                "fallback_to_khop": self.fallback,
                "relationships_p50": float(np.percentile(self.sizes, 50)) if self.sizes else None}


def perturbation_from(sub: Subgraph, rng: random.Random, kg: SyntheticKG, n_nodes: int, n_rels: int,
                      pad_to: int = 0) -> tuple[list[str], list[str]]:
    """Exclusions as a perturbation would make them: node(s) and relationships of the unperturbed result
    (never a seed); with pad_to, topped up with random ids of the whole graph to `pad_to` ids in all."""
    candidates = sorted(n for n in sub.nodes if n not in set(sub.seeds))
    nodes = rng.sample(candidates, min(n_nodes, len(candidates)))
    rels_all = sorted(sub.relationships)
    rels = rng.sample(rels_all, min(n_rels, len(rels_all)))
    if pad_to:
        want_nodes = max(n_nodes, len(nodes))
        while len(nodes) < want_nodes:
            nodes.append(kg.ids[rng.randrange(len(kg.ids))])
        while len(nodes) + len(rels) < pad_to:
            rels.append(kg.rel_ids[rng.randrange(len(kg.rel_ids))])
    return nodes, rels


# -- server ----------------------------------------------------------------------------------------

@contextmanager
def neo4j_server(args: argparse.Namespace) -> Iterator[tuple[Neo4jStore, dict[str, Any]]]:
    """graph_server's server (args.heap, args.pagecache for an embedded one), verified, and what it is."""
    if from_environment() is None:
        log(f"starting embedded Neo4j (heap {args.heap}, page cache {args.pagecache})")
    with server(args.heap, args.pagecache) as srv, srv.store() as store:
        store.verify()
        yield store, ({"kind": "embedded", "uri": srv.uri, "heap": args.heap, "pagecache": args.pagecache,
                       "home": str(srv.home)} if srv.embedded else {"kind": "external", "uri": srv.uri})


def _sigterm(_signum: int, _frame: Any) -> None:
    raise SystemExit(143)  # run the finally blocks (stop the server) on SIGTERM too


# -- phases ----------------------------------------------------------------------------------------

# The ingestion query before this benchmark (one MERGE of each end per row, rows as maps), kept here as the
# baseline that --baseline measures in the same run: same rows, same batches, same transactions.
LEGACY_INGEST_TRIPLES = """
UNWIND $rows AS row
MERGE (h:Entity {id: row.head_id})
  ON CREATE SET h.name = row.head, h.type = row.head_type, h.aliases = [], h.created_at = row.created_at
MERGE (t:Entity {id: row.tail_id})
  ON CREATE SET t.name = row.tail, t.type = row.tail_type, t.aliases = [], t.created_at = row.created_at
MERGE (h)-[r:RELATION {id: row.rel_id}]->(t)
  ON CREATE SET r.label = row.relation, r.description = row.description, r.doc_id = row.doc_id,
                r.chunk_id = row.chunk_id, r.chunk_index = row.chunk_index, r.source = row.source,
                r.extractor = row.extractor, r.line = row.line, r.created_at = row.created_at
"""


def legacy_write_triples(store: Neo4jStore, rows: Sequence[TripleRow], batch_size: int) -> float:
    """The write loop of xgrag.store.ingest before this benchmark (documents first, then one transaction per
    batch of full-row maps). Returns seconds."""
    t0 = time.perf_counter()
    created_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    docs = [{"id": d, "source": s, "title": None, "created_at": created_at}
            for d, s in sorted({(r.doc_id, r.source) for r in rows if r.doc_id}, key=lambda x: x[0] or "")]
    store.query("UNWIND $docs AS d MERGE (doc:Document {id: d.id}) ON CREATE SET doc.source = d.source, "
                "doc.title = d.title, doc.created_at = d.created_at", {"docs": docs}, read_only=False)
    for i in range(0, len(rows), batch_size):
        params = [r.to_param(created_at) for r in rows[i:i + batch_size]]
        store.transaction([(LEGACY_INGEST_TRIPLES, {"rows": params})])
    return time.perf_counter() - t0


def wipe_graph(store: Neo4jStore) -> float:
    """Delete every entity and document (migrations and indexes stay). Returns seconds."""
    t0 = time.perf_counter()
    while store.query("MATCH (n) WHERE n:Entity OR n:Document OR n:Chunk WITH n LIMIT 20000 DETACH DELETE n "
                      "RETURN count(*) AS c", read_only=False)[0]["c"]:
        pass
    return time.perf_counter() - t0


def phase_ingest(store: Neo4jStore, kg: SyntheticKG, args: argparse.Namespace) -> dict[str, Any]:
    n_rows = len(kg.rows)
    out: dict[str, Any] = {}
    if args.ingest_warmup_rounds:
        # A fresh server's JIT makes the first ingestions much slower (about 15k -> 20k triples/s over the first
        # three 300k-row ingestions here); warm it on other graphs of the same size, each deleted afterwards.
        rates = []
        for k in range(args.ingest_warmup_rounds):
            warm_kg = generate_kg(len(kg.names), n_rows, args.seed + 1000 + k)
            stats = write_triples(store, warm_kg.rows, batch_size=args.batch_size, workers=args.workers)
            rates.append(round(stats.rate, 1))
            if k == 0:
                out["cold_start"] = {"triples": stats.triples, "seconds": round(stats.seconds, 3),
                                     "triples_per_second": round(stats.rate, 1),
                                     "note": "first ingest on a fresh server (another seeded graph), then deleted"}
            log(f"warm-up {k + 1}/{args.ingest_warmup_rounds}: {stats.triples:,} triples of another graph at "
                f"{stats.rate:,.0f} triples/s; deleting")
            wipe_graph(store)
        out["warmup_triples_per_second"] = rates
        if args.baseline:  # warm the baseline's statement too, so that before/after compare warm figures
            legacy_write_triples(store, generate_kg(20_000, 60_000, args.seed + 999).rows, args.batch_size)
            wipe_graph(store)
    if args.baseline:
        log(f"baseline: the previous single-statement ingestion of the same {n_rows:,} triples")
        seconds = legacy_write_triples(store, kg.rows, args.batch_size)
        out["baseline"] = {"seconds": round(seconds, 3), "triples_per_second": round(n_rows / seconds, 1),
                           "query": "one statement per batch: MERGE head, MERGE tail, MERGE relationship per row "
                                    "(rows as 16-key maps)"}
        log(f"baseline: {seconds:.1f}s = {n_rows / seconds:,.0f} triples/s; deleting")
        out["baseline"]["wipe_seconds"] = round(wipe_graph(store), 1)
    if args.compare_workers and args.workers != 1:
        log(f"one transaction at a time: the same {n_rows:,} triples with workers=1")
        one = write_triples(store, kg.rows, batch_size=args.batch_size, workers=1)
        out["one_worker"] = {"seconds": round(one.seconds, 3), "triples_per_second": round(one.rate, 1),
                             "phase_seconds": one.phase_seconds}
        log(f"workers=1: {one.seconds:.1f}s = {one.rate:,.0f} triples/s; deleting")
        wipe_graph(store)
    log(f"ingesting {n_rows:,} triples over {len(kg.names):,} entities (batch {args.batch_size})")
    done = [0]
    next_report = [0.0]

    def progress(n: int) -> None:
        done[0] += n
        if time.perf_counter() >= next_report[0]:
            log(f"  {done[0]:,}/{n_rows:,}")
            next_report[0] = time.perf_counter() + 15

    # Repeated (each on an emptied database, the last one kept for retrieval): one ingestion is one sample of
    # a figure that moves by +-15% between runs on this 2-core VM; the median is the one judged.
    repeats: list[dict[str, Any]] = []
    for k in range(args.ingest_repeats):
        if k:
            wipe_graph(store)
            log(f"ingesting again ({k + 1}/{args.ingest_repeats})")
        stats = write_triples(store, kg.rows, batch_size=args.batch_size, progress=progress, workers=args.workers)
        repeats.append({"seconds": round(stats.seconds, 3), "triples_per_second": round(stats.rate, 1),
                        "phase_seconds": stats.phase_seconds})
        log(f"ingested in {stats.seconds:.1f}s = {stats.rate:,.0f} triples/s")
    rate = float(np.median([r["triples_per_second"] for r in repeats]))
    typical = sorted(repeats, key=lambda r: r["triples_per_second"])[(len(repeats) - 1) // 2]  # the median run
    counts = store.query("MATCH (n:Entity) WITH count(n) AS n "
                         "MATCH (:Entity)-[r:RELATION]->(:Entity) RETURN n, count(r) AS r")[0]
    out.update({
        "triples": stats.triples, "batches": stats.batches, "batch_size": args.batch_size,
        "workers": stats.workers, "entities": stats.entities,
        "phase_seconds": typical["phase_seconds"], "documents": stats.documents,
        "seconds": round(stats.triples / rate, 3), "triples_per_second": round(rate, 1),
        "repeats": repeats, "target_triples_per_second": INGEST_TARGET, "target_met": rate >= INGEST_TARGET,
        "entities_in_db": counts["n"], "relationships_in_db": counts["r"],
        "counts_match": counts["n"] == len(kg.names) and counts["r"] == n_rows,
        "neo4j_rust_extension": rust_extension_active(),
    })
    if args.idempotence_check:
        log("re-ingesting the same rows (idempotence check; checksum before and after)")
        before, ms_before = timed(store.checksum)
        again = write_triples(store, kg.rows, batch_size=args.batch_size)
        after, ms_after = timed(store.checksum)
        out["reingest"] = {"seconds": round(again.seconds, 3), "triples_per_second": round(again.rate, 1),
                           "checksum_unchanged": before == after, "checksum_seconds": round(ms_before / 1000, 2),
                           "checksum": after["sha256"][:16]}
        log(f"re-ingest {again.seconds:.1f}s, checksum unchanged: {before == after}")
    return out


def pick_seeds(kg: SyntheticKG, n: int, rng: random.Random, exclude: set[int] | frozenset[int] = frozenset(),
               ) -> dict[str, list[int]]:
    """A third each of low (<= median), mid and high (top 1%) degree entities."""
    deg = kg.degree
    p50, p99 = np.percentile(deg, 50), np.percentile(deg, 99)
    buckets = {
        "low": [i for i in range(len(deg)) if deg[i] <= p50 and i not in exclude],
        "mid": [i for i in range(len(deg)) if p50 < deg[i] < p99 and i not in exclude],
        "high": [i for i in range(len(deg)) if deg[i] >= p99 and i not in exclude],
    }
    out: dict[str, list[int]] = {}
    sizes = {"low": n - 2 * (n // 3), "mid": n // 3, "high": n // 3}
    for key, members in buckets.items():
        out[key] = rng.sample(members, min(sizes[key], len(members)))
    return out


def pick_pairs(kg: SyntheticKG, n: int, rng: random.Random) -> list[tuple[int, int, str]]:
    """near: 2 hops apart; far: random pair of the big component; disconnected: one end on an island."""
    main = np.flatnonzero(~kg.island)
    islands = np.flatnonzero(kg.island)
    pairs: list[tuple[int, int, str]] = []
    n_near, n_far = int(n * 0.4), int(n * 0.4)
    n_disc = n - n_near - n_far if islands.size else 0
    n_far = n - n_near - n_disc
    while len(pairs) < n_near:
        a = int(main[rng.randrange(main.size)])
        mids = kg.adjacency[a]
        b = rng.choice(kg.adjacency[rng.choice(mids)])
        if b != a and b not in mids:
            pairs.append((a, b, "near"))
    while len(pairs) < n_near + n_far:
        a, b = int(main[rng.randrange(main.size)]), int(main[rng.randrange(main.size)])
        if a != b:
            pairs.append((a, b, "far"))
    while len(pairs) < n:
        pairs.append((int(main[rng.randrange(main.size)]), int(islands[rng.randrange(islands.size)]),
                      "disconnected"))
    return pairs


def phase_retrieval(store: Neo4jStore, kg: SyntheticKG, args: argparse.Namespace,
                    rng: random.Random) -> tuple[dict[str, Any], list[Subgraph]]:
    retriever = Retriever(store)
    cfg = retriever.settings
    picks = pick_seeds(kg, args.samples, rng)
    seeds = [(i, bucket) for bucket, members in picks.items() for i in members]
    taken = {i for i, _ in seeds}
    warm = [i for members in pick_seeds(kg, args.warmup, rng, exclude=taken).values() for i in members]
    rng.shuffle(seeds)
    pairs = pick_pairs(kg, max(2, args.samples // 2), rng)
    warm_pairs = pick_pairs(kg, max(2, args.warmup // 2), rng)

    def questions(idx: int) -> str:
        return QUESTION_TEMPLATES[idx % len(QUESTION_TEMPLATES)].format(name=kg.names[idx])

    log(f"warm-up: {len(warm)} seeds, {len(warm_pairs)} pairs, at least {args.warmup_rounds} rounds and "
        f"{args.warmup_seconds:.0f} s (the server's JIT needs thousands of queries)")
    t_warm = time.perf_counter()
    rounds = 0
    while rounds < args.warmup_rounds or time.perf_counter() - t_warm < args.warmup_seconds:
        rounds += 1
        for i in warm:
            for hops in (1, 2):
                sub = retriever.khop([kg.ids[i]], hops)
                ex_n, ex_r = perturbation_from(sub, rng, kg, 1, 3)
                retriever.khop([kg.ids[i]], hops, ex_n, ex_r)
                ex_n, ex_r = perturbation_from(sub, rng, kg, 10, 40, pad_to=50)
                retriever.khop([kg.ids[i]], hops, ex_n, ex_r)
            retriever.link(questions(i))
        for a, b, _ in warm_pairs:
            sub = retriever.paths([kg.ids[a], kg.ids[b]])
            ex_n, ex_r = perturbation_from(sub, rng, kg, 1, 3)
            retriever.paths([kg.ids[a], kg.ids[b]], ex_n, ex_r)
            ex_n, ex_r = perturbation_from(sub, rng, kg, 10, 40, pad_to=50)
            retriever.paths([kg.ids[a], kg.ids[b]], ex_n, ex_r)

    t_measured = time.perf_counter()
    cases: dict[str, Case] = {k: Case() for k in (
        "khop1", "khop1_ex1n3r", "khop1_ex50", "khop2", "khop2_ex1n3r", "khop2_ex50",
        "paths", "paths_ex1n3r", "paths_ex50")}
    by_bucket: dict[str, dict[str, list[float]]] = {}
    subgraphs: list[Subgraph] = []
    log(f"retrieval: {len(seeds)} seeds x k-hop 1/2 x (none, 1 node + 3 rels, 50 ids)")
    for i, bucket in seeds:
        sid = kg.ids[i]
        for hops in (1, 2):
            sub, ms = timed(partial(retriever.khop, [sid], hops))
            cases[f"khop{hops}"].add(sub, ms)
            by_bucket.setdefault(bucket, {}).setdefault(f"khop{hops}", []).append(ms)
            if hops == 2:
                subgraphs.append(sub)
            ex_n, ex_r = perturbation_from(sub, rng, kg, 1, 3)
            psub, ms = timed(partial(retriever.khop, [sid], hops, ex_n, ex_r))
            cases[f"khop{hops}_ex1n3r"].add(psub, ms)
            by_bucket[bucket].setdefault(f"khop{hops}_ex1n3r", []).append(ms)
            ex_n, ex_r = perturbation_from(sub, rng, kg, 10, 40, pad_to=50)
            psub, ms = timed(partial(retriever.khop, [sid], hops, ex_n, ex_r))
            cases[f"khop{hops}_ex50"].add(psub, ms)
    log(f"paths: {len(pairs)} pairs x (none, 1 node + 3 rels, 50 ids)")
    path_lengths: list[int] = []
    by_kind: dict[str, dict[str, list[float]]] = {}
    for a, b, kind in pairs:
        ends = [kg.ids[a], kg.ids[b]]
        sub, ms = timed(partial(retriever.paths, ends))
        cases["paths"].add(sub, ms)
        by_kind.setdefault(kind, {}).setdefault("paths", []).append(ms)
        if sub.paths:
            path_lengths.append(min(len(p) for p in sub.paths))
        ex_n, ex_r = perturbation_from(sub, rng, kg, 1, 3)
        psub, ms = timed(partial(retriever.paths, ends, ex_n, ex_r))
        cases["paths_ex1n3r"].add(psub, ms)
        by_kind[kind].setdefault("paths_ex1n3r", []).append(ms)
        ex_n, ex_r = perturbation_from(sub, rng, kg, 10, 40, pad_to=50)
        psub, ms = timed(partial(retriever.paths, ends, ex_n, ex_r))
        cases["paths_ex50"].add(psub, ms)
    log(f"linking: {len(seeds)} questions")
    link_ms: list[float] = []
    linked_ok = 0
    for i, _ in seeds:
        found, ms = timed(partial(retriever.link, questions(i)))
        link_ms.append(ms)
        linked_ok += int(any(le.node.id == kg.ids[i] for le in found))

    seed_deg = {b: degree_summary([kg.degree[i] for i, bb in seeds if bb == b]) for b in ("low", "mid", "high")}
    target = cases["khop2_ex1n3r"].to_json()["p50"]
    out = {
        "caps": {"max_nodes": cfg.max_nodes, "max_relationships": cfg.max_relationships,
                 "max_path_length": cfg.max_path_length, "max_paths": cfg.max_paths},
        "warmup": {"seeds": len(warm), "pairs": len(warm_pairs), "rounds": rounds,
                   "seconds": round(t_measured - t_warm, 1)},
        "seed_degrees": {"all": degree_summary([kg.degree[i] for i, _ in seeds]), **seed_deg},
        "cases": {k: c.to_json() for k, c in cases.items()},
        "khop_by_degree_bucket": {b: {k: summary(v) for k, v in d.items()} for b, d in by_bucket.items()},
        "paths_by_pair_kind": {k: {c: summary(v) for c, v in d.items()} for k, d in by_kind.items()},
        "pair_kinds": {k: sum(1 for *_, kk in pairs if kk == k) for k in ("near", "far", "disconnected")},
        "shortest_path_length": degree_summary(path_lengths) if path_lengths else {},
        "link": {**summary(link_ms), "questions": len(link_ms),
                 "seed_linked_fraction": round(linked_ok / max(1, len(link_ms)), 3)},
        "target_perturbed_p50_ms": PERTURBED_P50_TARGET,
        "target_met": target is not None and target <= PERTURBED_P50_TARGET,
    }
    return out, subgraphs


# What-if for the diagnosis: cypher/expand.cypher (xgrag schema) as it was before it returned one record of
# flat rows: one record per relationship, relationship and node as maps.
MAPS_EXPAND = """
UNWIND $frontier AS fid
MATCH (s:Entity {id: fid})-[r]-(m:Entity)
WHERE NOT type(r) IN ['ALIAS_OF'] AND NOT r.id IN $excluded_rel_ids AND NOT m.id IN $excluded_node_ids
WITH DISTINCT r, m
RETURN {id: r.id, source: startNode(r).id, target: endNode(r).id, label: toString(r.label),
        description: r.description, provenance: {doc_id: r.doc_id, chunk_id: r.chunk_id,
        chunk_index: r.chunk_index, source: r.source, extractor: r.extractor, created_at: r.created_at,
        line: r.line}} AS rel,
       {id: m.id, name: toString(m.name), type: m.type, aliases: coalesce(m.aliases, []),
        description: m.description} AS node
ORDER BY rel.id
LIMIT $limit
"""


class TracingStore:
    """A Neo4jStore stand-in for diagnosis: runs each named read as Neo4jStore does (inside the retrieval
    step's one read transaction, which the store's own `reading()` opens, rows from record values for
    `read_plain`) and records per query the wall time, the server's own time (result_available_after +
    result_consumed_after) and the number of rows."""

    def __init__(self, store: Neo4jStore) -> None:
        self._store = store
        self.calls: list[tuple[str, float, int, int]] = []  # name, wall ms, server ms, rows

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def _run(self, name: str, params: dict[str, Any], plain: bool) -> list[dict]:
        cypher = self._store.queries.get(name)

        def work(tx: Any) -> tuple[list[dict], Any]:
            result = tx.run(cypher, params)
            if plain:
                keys = result.keys()
                rows = [dict(zip(keys, record.values(), strict=True)) for record in result]
            else:
                rows = [record.data() for record in result]
            return rows, result.consume()

        t0 = time.perf_counter()
        tx = getattr(self._store._local, "tx", None)  # noqa: SLF001 - the transaction reading() opened
        if tx is not None:
            rows, summ = work(tx)
        else:
            with _driver(self._store).session(database=self._store.database) as session:
                rows, summ = session.execute_read(work)
        wall = (time.perf_counter() - t0) * 1000
        # expand.cypher answers with one record that holds all its rows: count those
        n_rows = len(rows[0]["rows"]) if len(rows) == 1 and isinstance(rows[0].get("rows"), list) else len(rows)
        self.calls.append((name, wall, (summ.result_available_after or 0) + (summ.result_consumed_after or 0),
                           n_rows))
        return rows

    def read(self, name: str, **params: Any) -> list[dict]:
        return self._run(name, params, plain=False)

    def read_plain(self, name: str, **params: Any) -> list[dict]:
        return self._run(name, params, plain=True)


def _read_values(session: Any, cypher: str, params: dict[str, Any]) -> list[list[Any]]:
    """Every record's values, in one read transaction of `session` (a neo4j driver session)."""
    rows: list[list[Any]] = session.execute_read(lambda tx: [r.values() for r in tx.run(cypher, params)])
    return rows


def _driver(store: Neo4jStore) -> Any:
    return getattr(store, "driver", None) or store._driver  # noqa: SLF001 - older stores have no property


def rust_extension_active() -> bool:
    try:
        from neo4j._codec.packstream import v1  # noqa: PLC0415
    except ImportError:
        return False
    return getattr(v1, "_rust_pack", None) is not None


def _profile_plan(plan: Any) -> tuple[int, list[str]]:
    hits, ops = int(plan.get("dbHits", 0) or 0), [plan["operatorType"].split("@")[0]]
    for child in plan.get("children", []):
        h, o = _profile_plan(child)
        hits, ops = hits + h, ops + o
    return hits, ops


def phase_diagnosis(store: Neo4jStore, kg: SyntheticKG, args: argparse.Namespace,
                    rng: random.Random) -> dict[str, Any]:
    """Where the time of a perturbed 2-hop retrieval goes: server vs client, round trips, rows; the cost of
    record.data() vs plain values for the same rows; PROFILE of the expand query."""
    log("diagnosis: tracing perturbed 2-hop retrievals, round-trip floor, PROFILE of expand.cypher")
    tracer = TracingStore(store)
    traced = Retriever(tracer)  # type: ignore[arg-type]  # a stand-in forwarding to the real store (diagnosis)
    plain = Retriever(store)
    picks = pick_seeds(kg, min(60, args.samples), rng)
    seeds = [i for members in picks.values() for i in members]
    per_call: list[dict[str, float]] = []
    for i in seeds:
        sub = plain.khop([kg.ids[i]], 2)
        ex_n, ex_r = perturbation_from(sub, rng, kg, 1, 3)
        tracer.calls.clear()
        _, wall = timed(partial(traced.khop, [kg.ids[i]], 2, ex_n, ex_r))
        server = sum(c[2] for c in tracer.calls)
        rows = sum(c[3] for c in tracer.calls)
        per_call.append({"wall": wall, "server": server, "queries": len(tracer.calls), "rows": rows})
    floor = [timed(partial(store.query, "RETURN 1 AS one"))[1] for _ in range(300)][100:]
    # decoding cost: the same 2nd-hop expansion as one record of flat rows (expand.cypher) and as one record
    # per relationship with maps (MAPS_EXPAND, its previous shape), both read through values()
    cypher = store.queries.get("expand")
    high = picks.get("high") or seeds
    flat_ms: list[float] = []
    maps_ms: list[float] = []
    n_rows: list[int] = []
    drv = _driver(store)
    for i in high[:20]:
        frontier = sorted(plain.khop([kg.ids[i]], 1).nodes)
        params = {"frontier": frontier, "excluded_node_ids": [], "excluded_rel_ids": [], "limit": 401}
        with drv.session(database=store.database) as session:
            for _ in range(3):
                values, ms_f = timed(partial(_read_values, session, cypher, params))
                _, ms_m = timed(partial(_read_values, session, MAPS_EXPAND, params))
            flat_ms.append(ms_f)
            maps_ms.append(ms_m)
            n_rows.append(len(values[0][0]))
    mid = (picks.get("mid") or seeds)[0]
    with drv.session(database=store.database) as session:
        for _ in range(3):  # the first PROFILE of a query text is planned afresh
            summ = session.run("PROFILE " + cypher, {"frontier": [kg.ids[mid]], "excluded_node_ids": [],
                                                     "excluded_rel_ids": [], "limit": 401}).consume()
    hits, ops = _profile_plan(summ.profile)

    def col(key: str) -> list[float]:
        return [c[key] for c in per_call]

    client = [c["wall"] - c["server"] for c in per_call]
    return {
        "seeds": len(per_call),
        "khop2_ex1n3r_wall_ms": summary(col("wall")),
        "server_ms": summary(col("server")),
        "client_and_protocol_ms": summary(client),
        "queries_per_call": summary(col("queries")),
        "rows_per_call": summary(col("rows")),
        "round_trip_floor_ms": summary(floor),
        "expand_2nd_hop_high_degree": {"rows": summary(n_rows), "flat_one_record_ms": summary(flat_ms),
                                       "maps_record_per_row_ms": summary(maps_ms)},
        "profile_expand_mid_seed": {"degree": int(kg.degree[mid]), "db_hits": hits,
                                    "server_ms": (summ.result_available_after or 0)
                                    + (summ.result_consumed_after or 0), "operators": ops},
        "neo4j_rust_extension": rust_extension_active(),
    }


def _terminate_gds(store: Neo4jStore) -> int:
    """Terminate running transactions that call GDS (used when the whole-graph run exceeds its time)."""
    with _driver(store).session(database=store.database) as session:
        ids = [r["transactionId"] for r in session.run(
            "SHOW TRANSACTIONS YIELD transactionId, currentQuery "
            "WHERE currentQuery CONTAINS 'gds.' AND NOT currentQuery CONTAINS 'SHOW TRANSACTIONS' "
            "RETURN transactionId")]
        if ids:
            session.run("TERMINATE TRANSACTIONS $ids", ids=ids).consume()
    return len(ids)


def whole_graph_breakdown(store: Neo4jStore, n_entities: int) -> dict[str, Any]:
    """Each step of a whole-graph centrality on one projection (the same projection query), with exact
    betweenness estimated from a sampled run (Brandes' cost is proportional to the number of sources)."""
    name = f"xgrag_bench_{os.getpid()}"
    out: dict[str, Any] = {}
    try:
        _, ms = timed(lambda: store.read("gds_project_entities", graph_name=name))
        out["project_s"] = round(ms / 1000, 2)
        _, ms = timed(lambda: store.query("CALL gds.degree.stats($g, {concurrency: 4}) YIELD computeMillis "
                                          "RETURN computeMillis", {"g": name}))
        out["degree_s"] = round(ms / 1000, 2)
        row, ms = timed(lambda: store.query(
            "CALL gds.pageRank.stats($g, {dampingFactor: 0.85, maxIterations: 200, tolerance: 1e-10, "
            "concurrency: 4}) YIELD ranIterations, didConverge RETURN ranIterations, didConverge",
            {"g": name})[0])
        out["pagerank_s"] = round(ms / 1000, 2)
        out["pagerank_iterations"] = row["ranIterations"]
        sample = min(100, n_entities)
        _, ms = timed(lambda: store.query("CALL gds.betweenness.stats($g, {samplingSize: $k, samplingSeed: 1, "
                                          "concurrency: 4}) YIELD computeMillis RETURN computeMillis",
                                          {"g": name, "k": sample}))
        out["betweenness_sampled_sources"] = sample
        out["betweenness_sampled_s"] = round(ms / 1000, 2)
        out["betweenness_exact_estimate_s"] = round(ms / 1000 * n_entities / sample, 1)
    finally:
        store.read("gds_drop", graph_name=name)
    return out


def run_with_timeout(store: Neo4jStore, fn: Callable[[], Any], timeout: float) -> tuple[Any, float, str]:
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - reported, not raised
            box["error"] = exc

    t0 = time.perf_counter()
    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(timeout)
    status = "done"
    if worker.is_alive():
        status = f"terminated after {timeout:.0f} s"
        deadline = time.perf_counter() + 120
        while worker.is_alive() and time.perf_counter() < deadline:
            _terminate_gds(store)
            worker.join(5)
    elif "error" in box:
        status = f"error: {type(box['error']).__name__}: {str(box['error'])[:200]}"
    return box.get("value"), time.perf_counter() - t0, status


def _max_diff(a: dict[str, dict[str, float]], b: dict[str, dict[str, float]], key: str) -> float:
    return max((abs(a[n][key] - b[n][key]) for n in a if n in b), default=0.0)


def phase_centrality(store: Neo4jStore, subgraphs: list[Subgraph], args: argparse.Namespace) -> dict[str, Any]:
    subs = [s for s in subgraphs if s.nodes][: args.centrality_samples]
    log(f"centrality: GDS and scipy on {len(subs)} retrieved 2-hop subgraphs")
    for s in subs[:5]:
        gds_centrality(store, s)
        scipy_centrality(s)
    gds_ms: list[float] = []
    scipy_ms: list[float] = []
    diffs = {"degree": 0.0, "betweenness": 0.0, "pagerank": 0.0}
    for s in subs:
        g, ms = timed(partial(gds_centrality, store, s))
        gds_ms.append(ms)
        p, ms = timed(partial(scipy_centrality, s))
        scipy_ms.append(ms)
        for k in diffs:
            diffs[k] = max(diffs[k], _max_diff(g.scores, p.scores, k))
    out: dict[str, Any] = {
        "subgraphs": len(subs),
        "subgraph_nodes": degree_summary([len(s.nodes) for s in subs]),
        "subgraph_relationships": degree_summary([len(s.relationships) for s in subs]),
        "gds_subgraph_ms": summary(gds_ms),
        "scipy_subgraph_ms": summary(scipy_ms),
        "gds_vs_scipy_max_abs_diff": {k: float(f"{v:.3g}") for k, v in diffs.items()},
    }
    if args.graph_centrality:
        n_entities = store.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"]
        log("whole-graph centrality, step by step (exact betweenness estimated from 100 sampled sources)")
        steps = whole_graph_breakdown(store, n_entities)
        out["gds_whole_graph_steps"] = steps
        estimate = (steps["project_s"] + steps["degree_s"] + steps["pagerank_s"]
                    + steps["betweenness_exact_estimate_s"])
        out["gds_whole_graph_estimate_s"] = round(estimate, 1)
        timeout = args.graph_centrality_timeout
        if estimate <= 3 * timeout or args.force_graph_centrality:
            log(f"gds_graph_centrality on the whole graph (estimate {estimate:.0f} s, limit {timeout:.0f} s)")
            res, seconds, status = run_with_timeout(store, lambda: gds_graph_centrality(store), timeout)
            out["gds_whole_graph_status"] = status
            out["gds_whole_graph_seconds"] = round(seconds, 2) if status == "done" else None
            out["gds_whole_graph_nodes"] = len(res.scores) if res is not None else None
            log(f"whole graph: {status}, {seconds:.1f} s")
        else:
            out["gds_whole_graph_status"] = (f"not run: estimated {estimate:.0f} s > 3 x the {timeout:.0f} s limit "
                                             "(--force-graph-centrality to try anyway)")
            out["gds_whole_graph_seconds"] = None
            log(out["gds_whole_graph_status"])
    return out


# -- report ----------------------------------------------------------------------------------------

def _fmt(v: Any, nd: int = 1) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:,.{nd}f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def render_table(res: dict[str, Any]) -> str:
    lines: list[str] = []
    g = res["graph"]
    lines.append(f"xgrag foundation benchmark  seed={res['args']['seed']}  {res['server'].get('neo4j')} "
                 f"GDS {res['server'].get('gds')}  ({res['machine']['cpus']} CPUs, {res['machine']['mem_gib']} GiB)")
    lines.append(f"graph: {g['entities']:,} entities, {g['relationships']:,} relationships, "
                 f"{g['relation_labels']} labels, degree p50/p90/p99/max = {g['degree']['p50']:.0f}/"
                 f"{g['degree']['p90']:.0f}/{g['degree']['p99']:.0f}/{g['degree']['max']}")
    if "ingest" in res:
        i = res["ingest"]
        ok = "met" if i["target_met"] else "MISSED"
        lines.append("")
        if "cold_start" in i:
            c = i["cold_start"]
            lines.append(f"cold start {c['triples']:>9,} triples  {c['seconds']:>8.2f} s  "
                         f"{c['triples_per_second']:>10,.0f} triples/s   (fresh server, another graph)")
        if "warmup_triples_per_second" in i:
            lines.append("warm-up    " + ", ".join(f"{r:,.0f}" for r in i["warmup_triples_per_second"])
                         + " triples/s   (other graphs of the same size, deleted)")
        if "one_worker" in i:
            o = i["one_worker"]
            lines.append(f"workers=1  {i['triples']:>9,} triples  {o['seconds']:>8.2f} s  "
                         f"{o['triples_per_second']:>10,.0f} triples/s   (one transaction at a time)")
        if "baseline" in i:
            b = i["baseline"]
            lines.append(f"baseline   {i['triples']:>9,} triples  {b['seconds']:>8.2f} s  "
                         f"{b['triples_per_second']:>10,.0f} triples/s   (previous single-statement ingestion)")
        reps = i.get("repeats", [])
        what = f"median of {len(reps)}" if len(reps) > 1 else "one run"
        lines.append(f"ingest     {i['triples']:>9,} triples  {i['seconds']:>8.2f} s  "
                     f"{i['triples_per_second']:>10,.0f} triples/s   (target >= {INGEST_TARGET:,.0f}: {ok}; {what}; "
                     f"workers={i.get('workers')}, entities {i.get('phase_seconds', {}).get('entities', 0):.1f} s, "
                     f"relationships {i.get('phase_seconds', {}).get('relationships', 0):.1f} s)")
        if len(reps) > 1:
            lines.append("  each run  " + ", ".join(f"{r['triples_per_second']:,.0f}" for r in reps) + " triples/s")
        if "reingest" in i:
            r = i["reingest"]
            lines.append(f"re-ingest  {i['triples']:>9,} triples  {r['seconds']:>8.2f} s  "
                         f"{r['triples_per_second']:>10,.0f} triples/s   "
                         f"(checksum unchanged: {r['checksum_unchanged']})")
    if "retrieval" in res:
        r = res["retrieval"]
        sd = r["seed_degrees"]
        lines.append("")
        lines.append("seed degrees  " + "  ".join(
            f"{b}: n={sd[b].get('n', 0)} min/p50/max={sd[b].get('min', '-')}/{_fmt(sd[b].get('p50'), 0)}/"
            f"{sd[b].get('max', '-')}" for b in ("low", "mid", "high") if sd.get(b)))
        lines.append(f"{'case (warm, ms)':<28}{'n':>5}{'p50':>9}{'p95':>9}{'max':>9}{'trunc':>8}{'fallbk':>8}"
                     f"{'rels p50':>10}")
        names = {"khop1": "khop hops=1", "khop1_ex1n3r": "  excl 1 node + 3 rels", "khop1_ex50": "  excl 50 ids",
                 "khop2": "khop hops=2", "khop2_ex1n3r": "  excl 1 node + 3 rels", "khop2_ex50": "  excl 50 ids",
                 "paths": "paths (pair)", "paths_ex1n3r": "  excl 1 node + 3 rels", "paths_ex50": "  excl 50 ids"}
        for key, label in names.items():
            c = r["cases"][key]
            lines.append(f"{label:<28}{c['n']:>5}{_fmt(c['p50'], 2):>9}{_fmt(c['p95'], 2):>9}"
                         f"{_fmt(c['max'], 1):>9}{c['truncated']:>8}{c['fallback_to_khop']:>8}"
                         f"{_fmt(c['relationships_p50'], 0):>10}")
        lk = r["link"]
        lines.append(f"{'link(question)':<28}{lk['n']:>5}{_fmt(lk['p50'], 2):>9}{_fmt(lk['p95'], 2):>9}"
                     f"{_fmt(lk['max'], 1):>9}   seed linked: {lk['seed_linked_fraction']:.1%}")
        for b, d in r["khop_by_degree_bucket"].items():
            lines.append(f"  {b + ' degree':<26}" + "  ".join(
                f"{k} p50 {_fmt(v['p50'], 2)}" for k, v in d.items()))
        for k, d in r["paths_by_pair_kind"].items():
            lines.append(f"  {k + ' pairs':<26}" + "  ".join(
                f"{c} p50 {_fmt(v['p50'], 2)}" for c, v in d.items()))
        ok = "met" if r["target_met"] else "MISSED"
        lines.append(f"perturbed-subgraph retrieval (khop2, 1 node + 3 rels) p50 = "
                     f"{_fmt(r['cases']['khop2_ex1n3r']['p50'], 2)} ms (target <= {PERTURBED_P50_TARGET:.0f}: {ok})")
    if "centrality" in res:
        c = res["centrality"]
        lines.append("")
        sn, sr = c["subgraph_nodes"], c["subgraph_relationships"]
        lines.append(f"centrality on {c['subgraphs']} 2-hop subgraphs (nodes p50 {_fmt(sn.get('p50'), 0)}, "
                     f"rels p50 {_fmt(sr.get('p50'), 0)}, max {sr.get('max', '-')})")
        for key, label in (("gds_subgraph_ms", "gds_centrality"), ("scipy_subgraph_ms", "scipy_centrality")):
            s = c[key]
            lines.append(f"  {label:<26}{s['n']:>5}{_fmt(s['p50'], 2):>9}{_fmt(s['p95'], 2):>9}"
                         f"{_fmt(s['max'], 1):>9} ms")
        d = c["gds_vs_scipy_max_abs_diff"]
        lines.append(f"  max |gds - scipy|: degree {d['degree']:.3g}, betweenness {d['betweenness']:.3g}, "
                     f"pagerank {d['pagerank']:.3g}")
        if "gds_whole_graph_status" in c:
            st = c["gds_whole_graph_steps"]
            if c.get("gds_whole_graph_seconds") is not None:
                lines.append(f"  gds_graph_centrality (whole graph, {c['gds_whole_graph_nodes']:,} nodes): "
                             f"{c['gds_whole_graph_seconds']:.2f} s")
            else:
                lines.append(f"  gds_graph_centrality (whole graph): {c['gds_whole_graph_status']}")
            lines.append(f"  whole graph by step: project {st['project_s']:.2f} s, degree {st['degree_s']:.2f} s, "
                         f"pagerank {st['pagerank_s']:.2f} s ({st['pagerank_iterations']} it), betweenness "
                         f"{st['betweenness_sampled_s']:.2f} s for {st['betweenness_sampled_sources']} sources "
                         f"-> exact ~{st['betweenness_exact_estimate_s']:,.0f} s")
    if "diagnosis" in res:
        d = res["diagnosis"]
        e = d["expand_2nd_hop_high_degree"]
        lines.append("")
        lines.append(f"diagnosis (khop2, 1 node + 3 rels, {d['seeds']} seeds; p50): wall "
                     f"{_fmt(d['khop2_ex1n3r_wall_ms']['p50'], 2)} ms = server {_fmt(d['server_ms']['p50'], 2)} ms + "
                     f"client/protocol {_fmt(d['client_and_protocol_ms']['p50'], 2)} ms; "
                     f"{_fmt(d['queries_per_call']['p50'], 0)} queries, {_fmt(d['rows_per_call']['p50'], 0)} rows")
        lines.append(f"  round-trip floor {_fmt(d['round_trip_floor_ms']['p50'], 2)} ms per query; "
                     f"neo4j-rust-ext: {d['neo4j_rust_extension']}")
        lines.append(f"  {_fmt(e['rows']['p50'], 0)} expand rows (2nd hop of high-degree seeds): one record of flat "
                     f"rows {_fmt(e['flat_one_record_ms']['p50'], 2)} ms, a record per row with maps "
                     f"{_fmt(e['maps_record_per_row_ms']['p50'], 2)} ms")
        pe = d["profile_expand_mid_seed"]
        lines.append(f"  PROFILE expand (seed degree {pe['degree']}): {pe['db_hits']} db hits, "
                     f"server {pe['server_ms']} ms")
    lines.append("")
    la = res.get("load_average", {})
    lines.append(f"total {res['total_seconds']:.0f} s; load average at start {la.get('start', '-')}, "
                 f"at end {la.get('end', '-')} (other processes share the {res['machine']['cpus']} CPUs)")
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    mem = 0.0
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                                text=True, timeout=5).stdout.strip() or None
    except (OSError, subprocess.TimeoutExpired):
        commit = None
    return {"cpus": os.cpu_count(), "mem_gib": round(mem, 1), "python": platform.python_version(),
            "platform": platform.platform(), "git_commit": commit}


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--entities", type=int, default=100_000)
    p.add_argument("--relationships", type=int, default=300_000)
    p.add_argument("--samples", type=int, default=200, help="seed entities timed per retrieval case")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--json", type=Path, default=DEFAULT_JSON, help=f"default {DEFAULT_JSON.relative_to(REPO)}")
    p.add_argument("--batch-size", type=int, default=5000, help="write_triples batch size (its default)")
    p.add_argument("--warmup", type=int, default=30, help="extra seeds used only to warm up")
    p.add_argument("--warmup-rounds", type=int, default=2)
    p.add_argument("--centrality-samples", type=int, default=100, help="subgraphs for GDS/scipy centrality")
    p.add_argument("--ingest-warmup-rounds", type=int, default=2,
                   help="other graphs of the same size ingested and deleted first, to warm the server's JIT; "
                        "the first is reported as the cold start (0: none)")
    p.add_argument("--ingest-repeats", type=int, default=3,
                   help="timed ingestions of the graph (each on an emptied database); the median is reported")
    p.add_argument("--workers", type=int, default=2, help="write_triples workers (its default)")
    p.add_argument("--no-compare-workers", dest="compare_workers", action="store_false",
                   help="skip the workers=1 ingestion of the same rows")
    p.add_argument("--no-baseline", dest="baseline", action="store_false",
                   help="skip the previous single-statement ingestion of the same rows (before/after)")
    p.add_argument("--no-idempotence-check", dest="idempotence_check", action="store_false",
                   help="skip the re-ingest + checksum comparison")
    p.add_argument("--no-graph-centrality", dest="graph_centrality", action="store_false",
                   help="skip gds_graph_centrality on the whole graph")
    p.add_argument("--graph-centrality-timeout", type=float, default=300.0,
                   help="seconds before the whole-graph run is terminated (it is not started when its estimate "
                        "exceeds 3x this)")
    p.add_argument("--force-graph-centrality", action="store_true",
                   help="start the whole-graph run whatever its estimate")
    p.add_argument("--warmup-seconds", type=float, default=30.0, help="minimum warm-up time")
    p.add_argument("--heap", default="4g")
    p.add_argument("--pagecache", default="1g")
    p.add_argument("--wipe", action="store_true",
                   help="with NEO4J_URI/XGRAG_BENCH_URI: delete everything in that database first")
    args = p.parse_args(argv)
    if args.ingest_repeats < 1:
        p.error(f"--ingest-repeats must be >= 1, got {args.ingest_repeats}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _sigterm)
    t_start = time.perf_counter()
    load_start = _load()
    log(f"generating a synthetic KG: {args.entities:,} entities, {args.relationships:,} relationships, "
        f"seed {args.seed}")
    kg, gen_ms = timed(lambda: generate_kg(args.entities, args.relationships, args.seed))
    res: dict[str, Any] = {
        "benchmark": "foundation", "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
        "machine": machine(),
        "graph": {"entities": len(kg.names), "relationships": len(kg.rows), "relation_labels": len(LABELS),
                  "types": {t: kg.types.count(t) for t, _ in TYPES},
                  "island_entities": int(kg.island.sum()), "degree": degree_summary(kg.degree),
                  "generate_seconds": round(gen_ms / 1000, 2)},
    }
    with neo4j_server(args) as (store, server):
        res["server"] = {**server, **store.server_versions()}
        if server["kind"] == "external":
            if args.wipe:
                store.query("CALL gds.graph.list() YIELD graphName "
                            "CALL gds.graph.drop(graphName, false) YIELD graphName AS g RETURN count(g)")
                while store.query("MATCH (n) WITH n LIMIT 20000 DETACH DELETE n RETURN count(*) AS c",
                                  read_only=False)[0]["c"]:
                    pass
            elif store.query("MATCH (n:Entity) RETURN count(n) > 0 AS any")[0]["any"]:
                raise SystemExit("the database at NEO4J_URI/XGRAG_BENCH_URI already holds entities; "
                                 "use an empty database or pass --wipe")
        migrate(store, GraphSchema(), 384)
        res["ingest"] = phase_ingest(store, kg, args)
        rng = random.Random(args.seed + 1)
        res["retrieval"], subgraphs = phase_retrieval(store, kg, args, rng)
        res["diagnosis"] = phase_diagnosis(store, kg, args, random.Random(args.seed + 2))
        res["centrality"] = phase_centrality(store, subgraphs, args)
        res["store_size_mb"] = _store_size(server)
    res["total_seconds"] = round(time.perf_counter() - t_start, 1)
    res["load_average"] = {"start": load_start, "end": _load()}
    print(render_table(res))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(res, indent=2, default=str) + "\n")
    log(f"wrote {args.json}")
    return 0


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _store_size(server: dict[str, Any]) -> float | None:
    home = server.get("home")
    if not home:
        return None
    total = sum(p.stat().st_size for p in Path(home).rglob("*") if p.is_file())
    return round(total / 1024 / 1024, 1)


if __name__ == "__main__":
    sys.exit(main())
