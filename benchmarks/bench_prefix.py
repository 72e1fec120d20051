"""Prefix-friendly probes: the share of each probe's prompt a server's prefix cache can reuse, in the canonical order
and in the promise order (closest to the question last), on MetaQA-10 (prints figures; not a test).

For each question of benchmarks/data/metaqa-10, the context is the facts of triples.tsv within two hops of the
topic entity (a supplied subgraph: no Neo4j). The generator is OpenAIGenerator against the OpenAI-protocol test
server (tests/support/openai_server.py) with a scripted model that answers with the gold answer when a gold triple's
line is in the prompt, else "I don't know" (the prefix share depends on the prompts, not on the model). Each question
is explained twice per budget, `--context-order canonical` and `promise`, with the exhaustive scheduler (leave one
out, most promising first) over edges and nodes: once with every probe, once within `--max-calls` (the probes a
budget, or the proxy-first plan, keeps are the promising ones). The figure is Explanation.cost.prefix.mean_share
(leading characters of the probe's model input identical to the baseline's / the probe's length), averaged over
the questions.

Usage: python benchmarks/bench_prefix.py [--max-calls 6] [--n N] [--json PATH]   (--n: the first N questions)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the OpenAI-protocol test server

from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.openai import OpenAIGenerator  # noqa: E402
from xgrag.generate.prompt import relation_text  # noqa: E402
from xgrag.model import Node, Relationship, Subgraph  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "metaqa-10"


def load() -> tuple[list[dict[str, Any]], list[tuple[str, str, str]]]:
    questions = [json.loads(line) for line in (DATA / "questions.jsonl").read_text().splitlines() if line.strip()]
    lines = (DATA / "triples.tsv").read_text(encoding="utf-8").splitlines()[1:]
    triples = [(h, r, t) for h, r, t in (line.split("\t")[:3] for line in lines)]
    return questions, triples


def context(topic: str, triples: list[tuple[str, str, str]], hops: int = 2) -> Subgraph:
    reached, chosen = {topic}, []
    for _ in range(hops):
        new = [tr for tr in triples if (tr[0] in reached or tr[2] in reached) and tr not in chosen]
        chosen += new
        reached |= {e for h, _, t in new for e in (h, t)}
    sub = Subgraph()
    for i, (head, relation, tail) in enumerate(chosen):
        for name in (head, tail):
            sub.nodes.setdefault(name, Node(name, name))
        sub.relationships[f"r{i}"] = Relationship(f"r{i}", head, tail, relation)
    sub.seeds = [topic]
    return sub


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-calls", type=int, default=6)
    ap.add_argument("--n", type=int, default=None, help="the first N questions (default all 10)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    questions, triples = load()
    questions = questions[:args.n] if args.n else questions
    gold = {q["question"]: ([f"{h} {relation_text(r)} {t}" for h, r, t in q["gold_triples"]], q["answers"][0])
            for q in questions}

    def reply(messages: list[dict[str, str]]) -> str:
        text = messages[-1]["content"]
        question = text.rsplit("Question: ", 1)[1].split("\n", 1)[0]
        lines, answer = gold[question]
        return answer if any(line in text for line in lines) else "I don't know"

    emb = default_embedder()
    rows: list[dict[str, Any]] = []
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={"scripted": reply}) as server:
        gen = OpenAIGenerator("scripted", base_url=server.base_url, max_retries=0)
        for q in questions:
            sub = context(q["topic_entity"], triples)
            row: dict[str, Any] = {"qid": q["qid"], "facts": len(sub.relationships)}
            for budget in (None, args.max_calls):
                for order in ("canonical", "promise"):
                    cfg = ExplainSettings(strategies=("edge", "node"), scheduler="exhaustive", noise_runs=1,
                                          dedup=False, context_order=order, max_calls=budget,
                                          resolve_redundancy=False)
                    ex = Explainer(None, gen, emb, cfg).explain(q["question"], subgraph=sub)
                    assert ex.cost.prefix is not None
                    row[f"{order}/{'all' if budget is None else budget}"] = ex.cost.prefix.mean_share
            rows.append(row)
    keys = [k for k in rows[0] if "/" in k]
    summary = {k: round(statistics.mean(r[k] for r in rows if r[k] is not None), 4) for k in keys}
    print(f"{'question':28} facts " + " ".join(f"{k:>16}" for k in keys))
    for r in rows:
        print(f"{r['qid']:28} {r['facts']:5} " + " ".join(f"{r[k]:>16.3f}" for k in keys))
    print(f"{'mean prefix share':28} {'':5} " + " ".join(f"{summary[k]:>16.3f}" for k in keys))
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "mean": summary, "max_calls": args.max_calls}, indent=2))


if __name__ == "__main__":
    main()
