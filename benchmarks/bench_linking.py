"""Seed recall of entity linking and accuracy of the reference reader on questions as people type them, before and
after issue 15.2/15.3 (the "before" code is read from git at BASE and loaded beside the current one).

Sets: the story questions of tests/data/stories (Peter Rabbit, written by langchain-neo4j's add_graph_documents,
read through the langchain preset; 20 questions: partial names, lower case, possessives, plurals), and MetaQA dev
questions from ../shared/data/metaqa-full with the [brackets] removed (a seeded sample per hop; the whole KB in
one store, see metaqa_full.py). Seed recall = the intended topic entity is among the linked seeds; reader
accuracy = the answer is one of the gold answers, over retrieval with the question's hop count in `--mode` (default
auto, the default mode: k-hop when it fits the caps; `--mode khop` for the figures before issue 20), on 1-, 2- and
3-hop questions (`--reader-hops`).

    python benchmarks/bench_linking.py --per-hop 100 --reader-per-hop 100   # ~10 min, mostly loading the KB
    python benchmarks/bench_linking.py --base REV --json PATH   # compare with the linking of another revision
    python benchmarks/bench_linking.py --kb KB.tsv --questions Q.jsonl   # another MetaQA-format KB and questions
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from bench_foundation import retrieval_mode
from metaqa_full import ROOT, add_data_args, correct, kb_store, norm, plain, questions

sys.path.insert(0, str(ROOT / "tests"))

from helpers import story_questions, write_story_graph  # noqa: E402
from xgrag.config import schema_preset  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.generate.prompt import facts_of  # noqa: E402
from xgrag.retrieval import Retriever  # noqa: E402
from xgrag.retrieval.modes import Mode  # noqa: E402
from xgrag.store.migrations import migrate  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

BASE = "a82ac38"  # main before issue 15.2/15.3
OUT = ROOT / "benchmarks" / "results" / "linking.json"


def load_before(path: str, name: str, base: str = BASE) -> ModuleType:
    """A module's source at `base`, loaded under another name (its xgrag imports resolve to the current package)."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{base}:{path}"], check=True, capture_output=True,
                          text=True).stdout
    file = Path(tempfile.mkdtemp(prefix="xgrag-bench-linking-")) / f"{name}.py"
    file.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def retriever(store: Neo4jStore, version: str, old_linking: ModuleType) -> Retriever:
    r = Retriever(store)
    if version == "before":
        r.linker = old_linking.Linker(store, r.settings, None)
    return r


def recall(r: Retriever, items: list[tuple[str, list[str]]]) -> dict[str, Any]:
    hits, seeds = 0, 0
    misses: list[str] = []
    for question, topics in items:
        linked = {norm(le.node.name) for le in r.link(question)}
        seeds += len(linked)
        if all(norm(t) in linked for t in topics):
            hits += 1
        elif len(misses) < 10:
            misses.append(question)
    n = len(items)
    return {"n": n, "recall": round(hits / n, 3), "mean_seeds": round(seeds / n, 2), "misses_sample": misses}


def accuracy(r: Retriever, reader: Any, items: list[tuple[str, int, list[str]]], mode: Mode = "auto"
             ) -> dict[str, Any]:
    right = 0
    wrong: list[dict[str, Any]] = []
    for question, hops, gold in items:
        facts = facts_of(r.retrieve(question, mode=mode, hops=hops))
        answer = reader.generate("", question=question, facts=facts).text.rstrip(".")
        if correct(answer, gold):
            right += 1
        else:  # every one: a before/after comparison reads which questions changed
            wrong.append({"question": question, "answer": answer, "gold": gold[:3]})
    n = len(items)
    return {"n": n, "accuracy": round(right / n, 3), "wrong": wrong}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-hop", type=int, default=100, help="MetaQA questions per hop for seed recall")
    ap.add_argument("--reader-per-hop", type=int, default=100, help="MetaQA 1-/2-hop questions for the reader")
    ap.add_argument("--seed", type=int, default=7)
    add_data_args(ap, "--questions")
    ap.add_argument("--base", default=BASE, help="the git revision whose linking and reader are 'before'")
    ap.add_argument("--mode", default="auto", type=retrieval_mode,
                    help="retrieval mode for the reader's contexts (auto | khop | ...)")
    ap.add_argument("--reader-hops", default="1,2,3", help="hop counts of the reader's MetaQA questions")
    ap.add_argument("--json", default=str(OUT))
    args = ap.parse_args()
    old_linking = load_before("plugin/xgrag/retrieval/linking.py", "linking_before", args.base)
    old_reader = load_before("plugin/xgrag/generate/extractive.py", "extractive_before", args.base)
    embedder = default_embedder()
    readers = {"before": old_reader.ExtractiveReader(embedder), "after": ExtractiveReader(embedder)}
    reader_hops = tuple(int(h) for h in args.reader_hops.split(","))
    results: dict[str, Any] = {"base": args.base, "seed": args.seed, "mode": args.mode, "reader_hops": reader_hops,
                               "linking": {}, "reader": {}}
    t0 = time.perf_counter()
    with kb_store(kb=args.kb) as (store, info):
        results["kb"] = info
        write_story_graph(store)
        lc_schema = schema_preset("langchain")
        story = store.with_schema(lc_schema)
        migrate(story, lc_schema, 384)
        sq = story_questions()
        mq = questions(args.per_hop, args.seed, path=args.questions_path)
        for version in ("before", "after"):
            link: dict[str, Any] = {"story (langchain preset)": recall(
                retriever(story, version, old_linking), [(q, t) for q, t, _ in sq])}
            r = retriever(store, version, old_linking)
            for hop in sorted({q["hops"] for q in mq}):  # the hop counts the question file has
                link[f"metaqa {hop}-hop unbracketed"] = recall(
                    r, [(plain(q["question"]), [q["topic_entity"]]) for q in mq if q["hops"] == hop])
            results["linking"][version] = link
            print(version, "linking", {k: (v["n"], v["recall"], v["mean_seeds"]) for k, v in link.items()},
                  flush=True)
            read: dict[str, Any] = {"story (langchain preset)": accuracy(
                retriever(story, version, old_linking), readers[version], [(q, 2, gold) for q, _, gold in sq],
                args.mode)}
            # the 1- and 2-hop samples are those of --reader-hops 1,2 (the sample is drawn hop by hop, in order)
            rq = questions(args.reader_per_hop, args.seed, hops=reader_hops, path=args.questions_path)
            for hop in reader_hops:
                read[f"metaqa {hop}-hop unbracketed"] = accuracy(
                    r, readers[version], [(plain(q["question"]), hop, q["answers"]) for q in rq if q["hops"] == hop],
                    args.mode)
            results["reader"][version] = read
            print(version, "reader", {k: (v["n"], v["accuracy"]) for k, v in read.items()}, flush=True)
    results["seconds"] = round(time.perf_counter() - t0, 1)
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
