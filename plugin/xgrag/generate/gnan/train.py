"""Train an M-GNAN reader on MetaQA-style questions over subgraphs retrieved by
xgrag itself.

    python -m xgrag.generate.gnan.train
        --questions QUESTIONS.jsonl --triples KB.tsv [--per-hop 300]
        [--held-out 100] [--seed 0] [--epochs 8] [--time-budget 480]
        [--max-distance 2] [--normalize] [--no-dedup] [--out PATH]
        [--json METRICS.json]

Questions: JSON lines with `question`, `answers` (a list of names) and
optionally `hops` (default 1); a seeded sample of `--per-hop` questions per hop
count is trained on and the next `--held-out` of each hop count (never trained
on) are the held-out split. Each question's context is what an explanation gives
the generator: xgrag's k-hop retrieval (k = its hop count) from the question's
linked entities, then alias merging (the precise rule), rendered to facts. The
graph is `--uri` (holding the KB; `--triples` is ingested when it is empty) or,
without `--uri`, an embedded Neo4j started for the run in a temporary directory,
fed `--triples`, and stopped at the end.

Training minimises the cross-entropy of the gold answers among the candidates
(-log of the probability mass on the gold candidates), Adam, seeded, until
`--epochs` or `--time-budget` seconds, whichever comes first. The checkpoint
(default: $XGRAG_HOME/gnan/mgnan.pt) records the configuration, the seed and the
train / held-out Hits@1; use it with `--generator gnan` (or `gnan:PATH`).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from xgrag.embed import Embedder
from xgrag.errors import InputError, UsageError, read_jsonl
from xgrag.generate.base import Fact
from xgrag.generate.gnan.features import VectorCache, encode
from xgrag.generate.gnan.model import MGNAN, Batch, MGNANConfig
from xgrag.generate.gnan.reader import GNANReader, default_checkpoint, save_checkpoint


def norm(text: str) -> str:
    return " ".join(text.lower().replace(".", " ").split())


def load_questions(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for i, row in read_jsonl(path):
        if not isinstance(row.get("question"), str) or not row["question"].strip():
            raise InputError(path, i, "question", "a non-empty string is required")
        answers = row.get("answers")
        if not isinstance(answers, list) or not answers or not all(isinstance(a, str) for a in answers):
            raise InputError(path, i, "answers", "a non-empty list of strings is required")
        hops = row.get("hops", 1)
        if isinstance(hops, bool) or not isinstance(hops, int) or hops < 1:
            raise InputError(path, i, "hops", f"a positive integer is required, not {hops!r}")
        rows.append({**row, "hops": hops})
    if not rows:
        raise InputError(path, 0, "questions", "no questions in the file")
    return rows


def split(rows: Sequence[dict[str, Any]], per_hop: int, held_out: int, seed: int
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A seeded sample per hop count: the first `per_hop` to train on, the next `held_out` held out."""
    rng = random.Random(seed)
    train: list[dict[str, Any]] = []
    test: list[dict[str, Any]] = []
    for hop in sorted({r["hops"] for r in rows}):
        group = [r for r in rows if r["hops"] == hop]
        rng.shuffle(group)
        train += group[:per_hop]
        test += group[per_hop:per_hop + held_out]
    return train, test


class CachedEmbedder:
    """Names and texts embedded once per run (2- and 3-hop subgraphs share most of their names)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self._cache: dict[str, np.ndarray] = {}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        missing = sorted({t for t in texts if t not in self._cache})
        if missing:
            for t, v in zip(missing, self.inner.embed(missing), strict=True):
                self._cache[t] = v
        dim = next(iter(self._cache.values())).shape[0] if self._cache else 0
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, dim), dtype=np.float32)


def contexts(store: Any, rows: Sequence[dict[str, Any]], embedder: Embedder, dedup: bool = True
             ) -> list[tuple[str, tuple[Fact, ...]]]:
    """Each question's facts as an explanation would give them to the generator (retrieve, merge, render)."""
    from xgrag.generate.prompt import render
    from xgrag.retrieval.dedup import dedup as merge
    from xgrag.retrieval.dedup import identity
    from xgrag.retrieval.retriever import Retriever

    retriever = Retriever(store)
    out = []
    for row in rows:
        sub = retriever.retrieve(row["question"], hops=row["hops"])
        merged = merge(sub, embedder.embed, 0.7, "precise") if dedup else identity(sub)
        out.append((row["question"], render(row["question"], merged.subgraph).facts))
    return out


@dataclass
class Example:
    question: str
    facts: tuple[Fact, ...]
    answers: list[str]
    batch: Batch
    gold: list[int]  # candidate indices that are gold answers


def examples(items: Sequence[tuple[str, tuple[Fact, ...]]], rows: Sequence[dict[str, Any]], vectors: VectorCache,
             max_distance: int) -> list[Example]:
    out = []
    for (question, facts), row in zip(items, rows, strict=True):
        enc = encode(question, facts, vectors, max_distance)
        gold_names = {norm(a) for a in row["answers"]}
        gold = [k for k, name in enumerate(enc.candidate_names()) if norm(name) in gold_names]
        out.append(Example(question, facts, list(row["answers"]), Batch.of(enc), gold))
    return out


def fit(train: Sequence[Example], config: MGNANConfig, *, seed: int = 0, epochs: int = 8, lr: float = 3e-3,
        batch_size: int = 16, weight_decay: float = 1e-5, time_budget: float | None = None,
        log: Any = None) -> tuple[MGNAN, dict[str, Any]]:
    """Train from a fixed seed; questions whose gold answer is not a candidate are skipped (nothing to learn)."""
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = MGNAN(config)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    usable = [e for e in train if e.gold and e.batch.pair_fact.numel()]
    t0 = time.perf_counter()
    done_epochs, losses = 0, []
    for epoch in range(epochs):
        order = list(range(len(usable)))
        rng.shuffle(order)
        total = 0.0
        for start in range(0, len(order), batch_size):
            opt.zero_grad()
            loss = torch.zeros(())
            for k in order[start:start + batch_size]:
                ex = usable[k]
                logits, _ = model(ex.batch)
                loss = loss + torch.logsumexp(logits, 0) - torch.logsumexp(logits[ex.gold], 0)
            (loss / batch_size).backward()  # type: ignore[no-untyped-call]
            opt.step()
            total += float(loss.detach())
        done_epochs = epoch + 1
        losses.append(round(total / max(1, len(usable)), 4))
        if log:
            log(f"epoch {done_epochs}: loss {losses[-1]:.4f} ({time.perf_counter() - t0:.0f}s)")
        if time_budget is not None and time.perf_counter() - t0 > time_budget:
            break
    return model, {"epochs": done_epochs, "loss": losses, "trained_on": len(usable),
                   "seconds": round(time.perf_counter() - t0, 1)}


def hits_at_1(reader: GNANReader, items: Sequence[Example]) -> float:
    if not items:
        return 0.0
    hits = 0
    for ex in items:
        answer = reader.score(ex.question, ex.facts).answer
        hits += answer is not None and norm(answer) in {norm(a) for a in ex.answers}
    return hits / len(items)


@contextmanager
def graph(uri: str | None, triples: Path | None) -> Iterator[Any]:
    """A store holding the KB: `uri` (ingesting `triples` when it is empty), else an embedded server."""
    from xgrag.config import EmbeddedSettings, GraphSchema
    from xgrag.store.ingest import read_triples, write_triples
    from xgrag.store.migrations import migrate
    from xgrag.store.neo4j import Neo4jStore

    home, pid, conn = None, None, None
    if uri is None:
        if triples is None:
            raise UsageError("no graph to retrieve from: pass --uri (a Neo4j holding the KB) or --triples KB.tsv")
        from xgrag.store.embedded import start

        home = Path(tempfile.mkdtemp(prefix="xgrag-gnan-train-"))
        state = start(EmbeddedSettings(home=home, heap="2g", pagecache="1g"), quiet=True)
        uri, pid, conn = state.uri, state.pid, state.connection()
    try:
        with (Neo4jStore(uri, os.environ.get("NEO4J_USER"), os.environ.get("NEO4J_PASSWORD")) if conn is None
              else Neo4jStore.from_connection(conn)) as store:
            migrate(store, GraphSchema(), 384)
            if store.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"] == 0:
                if triples is None:
                    raise UsageError(f"the graph at {uri} is empty: pass --triples KB.tsv to ingest one")
                write_triples(store, read_triples(triples, "auto"))
            yield store
    finally:
        if pid is not None:
            from xgrag.store.embedded import stop_pid

            stop_pid(pid)
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="xgrag train-gnan", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--triples", type=Path, default=None)
    ap.add_argument("--uri", default=None)
    ap.add_argument("--per-hop", type=int, default=300)
    ap.add_argument("--held-out", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--time-budget", type=float, default=480.0, help="seconds of optimisation (default 480)")
    ap.add_argument("--max-distance", type=int, default=2)
    ap.add_argument("--normalize", action="store_true",
                    help="the paper's 1/#dist factor (off by default: it ties many facts; see MGNANConfig)")
    ap.add_argument("--no-dedup", action="store_true")
    ap.add_argument("--out", type=Path, default=None, help=f"checkpoint (default {default_checkpoint()})")
    ap.add_argument("--json", type=Path, default=None, help="also write the metrics here")
    args = ap.parse_args(argv)
    from xgrag.errors import XgragError

    try:
        return _run(args)
    except XgragError as exc:
        print(f"error: {exc}" + (f"\nhint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
        return exc.exit_code


def _run(args: argparse.Namespace) -> int:
    from xgrag.embed import default_embedder

    if args.per_hop < 1 or args.held_out < 0 or args.epochs < 1:
        raise UsageError("--per-hop and --epochs must be at least 1, --held-out at least 0")
    torch.set_num_threads(1)
    out = args.out or default_checkpoint()
    rows = load_questions(args.questions)
    train_rows, test_rows = split(rows, args.per_hop, args.held_out, args.seed)
    emb = CachedEmbedder(default_embedder())
    vectors = VectorCache(emb)
    config = MGNANConfig(max_distance=args.max_distance, normalize=args.normalize)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    with graph(args.uri, args.triples) as store:
        train_ctx = contexts(store, train_rows, emb, not args.no_dedup)
        test_ctx = contexts(store, test_rows, emb, not args.no_dedup)
    log(f"contexts: {len(train_ctx)} train, {len(test_ctx)} held out ({time.perf_counter() - t0:.0f}s)")
    train = examples(train_ctx, train_rows, vectors, config.max_distance)
    test = examples(test_ctx, test_rows, vectors, config.max_distance)
    model, info = fit(train, config, seed=args.seed, epochs=args.epochs, time_budget=args.time_budget, log=log)
    reader = GNANReader(model, emb)
    metrics: dict[str, Any] = {
        "seed": args.seed, "questions": str(args.questions), "train": len(train), "held_out": len(test),
        "train_hits@1": round(hits_at_1(reader, train), 4), "held_out_hits@1": round(hits_at_1(reader, test), 4),
        "held_out_by_hops": {}, "answer_in_context": {
            "train": round(sum(bool(e.gold) for e in train) / max(1, len(train)), 4),
            "held_out": round(sum(bool(e.gold) for e in test) / max(1, len(test)), 4)}, **info}
    for hop in sorted({r["hops"] for r in test_rows}):
        group = [e for e, r in zip(test, test_rows, strict=True) if r["hops"] == hop]
        metrics["held_out_by_hops"][str(hop)] = {"n": len(group), "hits@1": round(hits_at_1(reader, group), 4)}
    metrics["held_out_qids"] = [r.get("qid", r["question"]) for r in test_rows]
    save_checkpoint(out, model, emb.name, metrics)
    print(json.dumps({k: v for k, v in metrics.items() if k != "held_out_qids"}, indent=2))
    print(f"checkpoint: {out}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(metrics, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
