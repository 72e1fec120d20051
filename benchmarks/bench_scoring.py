"""Fixed-answer scoring vs. decoding: per-call latency of SmolLM2-135M, in process and behind an OpenAI-protocol
server (prints figures; not a test).

For `--questions` 1-hop MetaQA dev questions (seeded sample, [brackets] removed), the context is the topic entity's
facts from the whole MetaQA KB (kb.tsv, both directions, the first `--facts` in canonical order) rendered with
xgrag's answer prompt. The baseline answer a0 is SmolLM2's greedy answer on that context; the perturbed context
drops one fact (a gold triple when one is in the context). On the perturbed context each question is then:

  chat  : a new answer decoded greedily (max `--max-tokens` new tokens), what a counterfactual costs today;
  score : log P(a0 | perturbed context), one forward pass over prompt + a0, no decoding;

both in process (SmolLM2Generator.generate / score_answer) and over HTTP (OpenAIGenerator.generate /
score_answer against tests/support/openai_server.py on 127.0.0.1, which runs the same model in this process).
The number of forward passes per call is counted with a hook on the model; wall and CPU seconds are both recorded
(CPU seconds of this process include the in-process server's threads). No Neo4j is needed.

Usage: python benchmarks/bench_scoring.py [--questions 20] [--facts 20] [--max-tokens 32] [--json PATH]
                                         [--kb PATH] [--dev-questions PATH]   (default: the whole KB, metaqa_full.py)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the OpenAI-protocol test server

from metaqa_full import add_data_args  # noqa: E402

from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.generate.openai import OpenAIGenerator  # noqa: E402
from xgrag.generate.prompt import render  # noqa: E402
from xgrag.generate.smollm2 import SmolLM2Generator, load_smollm2  # noqa: E402
from xgrag.model.graph import Node, Relationship, Subgraph  # noqa: E402


def load_questions(n: int, seed: int, path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    one_hop = sorted((r for r in rows if r.get("hops") == 1), key=lambda r: r["qid"])
    return random.Random(seed).sample(one_hop, n)


def load_kb(entities: set[str], path: Path) -> dict[str, list[tuple[str, str, str]]]:
    facts: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    with path.open(encoding="utf-8") as f:
        next(f)  # header
        for line in f:
            head, relation, tail = line.rstrip("\n").split("\t")[:3]
            for end in (head, tail):
                if end in entities:
                    facts[end].append((head, relation, tail))
    return facts


def subgraph(triples: list[tuple[str, str, str]]) -> Subgraph:
    sub = Subgraph()
    for i, (head, relation, tail) in enumerate(triples):
        for name in (head, tail):
            sub.nodes.setdefault(name, Node(name, name))
        sub.relationships[f"r{i}"] = Relationship(f"r{i}", head, tail, relation)
    return sub


def stats(xs: list[float]) -> dict[str, float]:
    qs = statistics.quantiles(xs, n=10) if len(xs) >= 2 else [xs[0]] * 9
    return {"median": round(statistics.median(xs), 4), "p10": round(qs[0], 4), "p90": round(qs[-1], 4),
            "min": round(min(xs), 4), "max": round(max(xs), 4), "n": len(xs)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=int, default=20)
    ap.add_argument("--facts", type=int, default=20)
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument("--seed", type=int, default=7)
    add_data_args(ap, "--dev-questions")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "scoring.json")
    args = ap.parse_args()

    load_start = os.getloadavg()
    questions = load_questions(args.questions, args.seed, args.questions_path)
    kb = load_kb({q["topic_entity"] for q in questions}, args.kb)
    cases = []
    for q in questions:
        triples = sorted(set(kb[q["topic_entity"]]))[:args.facts]
        gold = {tuple(t) for t in q.get("gold_triples", [])}
        drop = next((i for i, t in enumerate(triples) if t in gold), 0)
        question = re.sub(r"[\[\]]", "", q["question"])
        full = render(question, subgraph(triples))
        perturbed = render(question, subgraph(triples[:drop] + triples[drop + 1:]))
        cases.append((q["qid"], full, perturbed))

    local = SmolLM2Generator(max_new_tokens=args.max_tokens)
    model = load_smollm2().model
    passes: list[int] = []
    model.register_forward_hook(lambda module, inputs, output: passes.append(1))

    def timed(call: Any) -> tuple[Any, float, float, int]:
        """Wall seconds, and CPU seconds of this process (client and in-process server threads): the CPU figure
        moves less than the wall one when other work shares the machine."""
        before = len(passes)
        t0, c0 = time.perf_counter(), time.process_time()
        out = call()
        return out, time.perf_counter() - t0, time.process_time() - c0, len(passes) - before

    rows = []
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    counts: dict[str, list[int]] = defaultdict(list)
    with OpenAITestServer(default_max_tokens=args.max_tokens) as server:
        remote = OpenAIGenerator("smollm2", base_url=server.base_url, max_tokens=args.max_tokens,
                                 chat_template=str(load_smollm2().tokenizer.chat_template))
        local.generate(cases[0][1].prompt, cases[0][1].system)  # warm: load the model, first-call overheads
        remote.score_answer(cases[0][1].prompt, cases[0][1].system, "warm")
        for qid, full, perturbed in cases:
            baseline = local.generate(full.prompt, full.system).text or "I don't know."
            calls = {
                "chat_local": lambda p=perturbed: local.generate(p.prompt, p.system),
                "score_local": lambda p=perturbed, a=baseline: local.score_answer(p.prompt, p.system, a),
                "chat_http": lambda p=perturbed: remote.generate(p.prompt, p.system),
                "score_http": lambda p=perturbed, a=baseline: remote.score_answer(p.prompt, p.system, a),
            }
            row: dict[str, Any] = {"qid": qid, "baseline": baseline}
            for name, call in calls.items():
                out, seconds, cpu_seconds, n_passes = timed(call)
                times[name].append(seconds)
                cpu[name].append(cpu_seconds)
                counts[name].append(n_passes)
                row[name] = {"seconds": round(seconds, 4), "cpu_seconds": round(cpu_seconds, 4),
                             "forward_passes": n_passes}
                if name.startswith("chat"):
                    row[name]["completion_tokens"] = out.usage.completion_tokens
                    row[name]["prompt_tokens"] = out.usage.prompt_tokens
                else:
                    row[name].update(logprob=round(out.logprob, 4), answer_tokens=out.tokens)
            row["score_http_minus_local"] = abs(row["score_http"]["logprob"] - row["score_local"]["logprob"])
            rows.append(row)
            print(f"{qid}: chat {row['chat_local']['seconds']:.2f}/{row['chat_http']['seconds']:.2f} s "
                  f"({row['chat_local']['completion_tokens']} tok, {row['chat_local']['forward_passes']} passes)  "
                  f"score {row['score_local']['seconds']:.2f}/{row['score_http']['seconds']:.2f} s "
                  f"({row['score_local']['forward_passes']} pass, {row['score_local']['answer_tokens']} answer tok)  "
                  f"local/http", flush=True)

    summary = {name: stats(xs) for name, xs in times.items()}
    forward = {name: {"min": min(c), "max": max(c), "median": statistics.median(c)} for name, c in counts.items()}
    def ratio(table: dict[str, list[float]], where: str) -> dict[str, float]:
        return stats([c / s for c, s in zip(table[f"chat_{where}"], table[f"score_{where}"], strict=True)])

    result = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "python": platform.python_version(),
                    "torch_threads": local.threads, "loadavg_start": load_start, "loadavg_end": os.getloadavg()},
        "settings": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "prompt_tokens": stats([float(r["chat_local"]["prompt_tokens"]) for r in rows]),
        "completion_tokens": stats([float(r["chat_local"]["completion_tokens"]) for r in rows]),
        "seconds": summary, "cpu_seconds": {name: stats(xs) for name, xs in cpu.items()}, "forward_passes": forward,
        "chat_over_score": {"local": ratio(times, "local"), "http": ratio(times, "http")},
        "chat_over_score_cpu": {"local": ratio(cpu, "local"), "http": ratio(cpu, "http")},
        "max_score_http_minus_local": max(r["score_http_minus_local"] for r in rows),
        "rows": rows,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: result[k] for k in ("prompt_tokens", "completion_tokens", "seconds", "cpu_seconds",
                                             "forward_passes", "chat_over_score", "chat_over_score_cpu",
                                             "max_score_http_minus_local")}, indent=2))
    print(f"load average {load_start} -> {result['machine']['loadavg_end']}; written to {args.json}")


if __name__ == "__main__":
    main()
