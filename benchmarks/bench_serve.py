"""xgrag serve in a real Chromium: first paint of a large explanation, and sessions at once (prints figures).

first paint   the time from the moment the page has the explanation's view data (the response parsed) to the first
              frame the browser paints with the drawing, the answer and the honesty signals (performance.now()
              around cytoscape's first render, then requestAnimationFrame; the ranked table is built right after
              that frame), for a ~200-entity explanation (3 hops around
              [Despicable Me 2], node removal, extractive reader): in the served page (each run a fresh page that asks
              the question; the response cache answers the repeats) and in the exported file (from parsing the
              embedded data). Also the size of the view data and the server's time to compute it.
sessions      N pages (default 8) each asking one of the sample questions and then one what-if (the top fact
              removed) at the same time, against the same questions asked one after another by one page; no
              response cache, so both really run. Wall time, per-session latency (ask to result, what-if), and
              whether the answers were identical.

Usage: python benchmarks/bench_serve.py [--runs 10] [--sessions 8] [--json benchmarks/results/serve.json]
Server: XGRAG_BENCH_URI / NEO4J_URI (a scratch database: it gets the sample KG ingested) else an embedded one started
and stopped here (benchmarks/graph_server.py).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_foundation import machine  # noqa: E402
from graph_server import server_store  # noqa: E402

from support.browser import CHROMIUM  # noqa: E402
from xgrag.config import GraphSchema, load_settings  # noqa: E402
from xgrag.generate.cache import ResponseCache  # noqa: E402
from xgrag.report.view import view_model  # noqa: E402
from xgrag.serve.engine import Workbench  # noqa: E402
from xgrag.serve.export import write_html  # noqa: E402
from xgrag.serve.server import Serving  # noqa: E402
from xgrag.store.ingest import ingest_triples  # noqa: E402
from xgrag.store.migrations import migrate  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

SAMPLE = ROOT / "plugin" / "xgrag" / "data" / "sample"
LARGE = "what genre is [Despicable Me 2]"
DEFAULT_JSON = ROOT / "benchmarks" / "results" / "serve.json"


@contextmanager
def sample_store() -> Iterator[Neo4jStore]:
    """graph_server's server (the embedded one with its generated password, or yours) holding the sample KG."""
    with server_store(heap="1g", prefix="xgrag-bench-serve-") as store:
        migrate(store, GraphSchema(), 384)
        ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
        yield store


def stats(values: list[float]) -> dict[str, float]:
    return {"n": len(values), "median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1), "sd": round(statistics.stdev(values), 1) if len(values) > 1 else 0.0}


def new_page(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.problems = problems
    page.goto(url)
    page.locator("#opt-generator option").first.wait_for(state="attached")
    return page


def ask(page: Any, question: str, options: dict[str, str] | None = None) -> None:
    if options:
        page.locator("details.options summary").click()
        for name, value in options.items():
            page.locator(f"#opt-{name}").fill(value)
    page.locator("input[type=text]").first.fill(question)
    page.locator("input[type=text]").first.press("Enter")


def wait_result(page: Any) -> Any:
    view = page.locator("#result section.xg-view[data-first-paint-ms]")
    view.wait_for(timeout=600_000)
    return view


def first_paint(browser: Any, store: Neo4jStore, runs: int, tmp: Path) -> dict[str, Any]:
    workbench = Workbench(load_settings(), store, cache=ResponseCache(tmp / "cache.sqlite"), workers=1)
    served: list[float] = []
    with Serving(workbench) as s:
        for _ in range(runs):
            page = new_page(browser, s.url)
            ask(page, LARGE, {"strategy": "node", "hops": "3"})
            wait_result(page)
            paint = page.evaluate("globalThis.xgrag.paints[0]")
            served.append(paint["ms"])
            entities = paint["entities"]
            ex_id = page.locator("#result section.xg-view").get_attribute("data-id")
            assert not page.problems, page.problems
            page.close()
        ex = workbench.explanation(ex_id)
    t0 = time.perf_counter()
    vm = view_model(ex)
    view_seconds = time.perf_counter() - t0
    exported = write_html(tmp / "large.html", ex, title=LARGE)
    offline: list[float] = []
    for _ in range(runs):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(exported.as_uri())
        page.locator("section.xg-view[data-first-paint-ms]").wait_for()
        offline.append(page.evaluate("globalThis.xgrag.views[0].firstPaintMs"))
        page.close()
    drawn = len(vm["graph"]["drawings"].get("collapsed", vm["graph"]["drawings"].get("whole"))["positions"])
    target = {"first paint (median) <= 1000 ms": "met" if statistics.median(served) <= 1000 and
              statistics.median(offline) <= 1000 else "MISSED",
              "runs over 1000 ms": sum(v > 1000 for v in served + offline)}
    return {"question": LARGE, "entities": entities, "relationships": len(ex.subgraph.relationships),
            "drawn_collapsed": drawn, "view_json_bytes": len(json.dumps(vm)),
            "view_model_seconds": round(view_seconds, 3), "served_ms": stats(served), "export_ms": stats(offline),
            "target": target}


def one_session(page: Any, question: str) -> dict[str, Any]:
    t0 = time.perf_counter()
    ask(page, question)
    view = wait_result(page)
    asked = time.perf_counter() - t0
    out: dict[str, Any] = {"answer": view.locator("p.answer .text").inner_text(), "ask_s": asked}
    rows = view.locator("table.ranked tbody tr")
    if rows.count():
        rows.first.locator("input.remove-unit").check()
        t1 = time.perf_counter()
        view.locator("button.ask-whatif").click()
        shown = view.locator(".whatif .result .counterfactual .text")
        shown.wait_for(timeout=600_000)
        out.update(whatif=shown.inner_text(), whatif_s=time.perf_counter() - t1)
    return out


def sessions(browser: Any, store: Neo4jStore, n: int) -> dict[str, Any]:
    questions = [json.loads(line)["question"] for line in
                 (SAMPLE / "metaqa_questions.jsonl").read_text(encoding="utf-8").splitlines()][:n]
    before = store.checksum()
    with Serving(Workbench(load_settings(), store, cache=None, workers=1)) as s:
        page = new_page(browser, s.url)
        t0 = time.perf_counter()
        alone = [one_session(page, q) for q in questions]
        sequential = time.perf_counter() - t0
        assert not page.problems, page.problems
        page.close()
    with Serving(Workbench(load_settings(), store, cache=None, workers=4)) as s:
        pages = [new_page(browser, s.url) for _ in questions]
        t0 = time.perf_counter()
        starts = []
        for page, q in zip(pages, questions, strict=True):
            starts.append(time.perf_counter())
            ask(page, q)
        together: list[dict[str, Any]] = []
        for page, started in zip(pages, starts, strict=True):
            view = wait_result(page)
            got = {"answer": view.locator("p.answer .text").inner_text(), "ask_s": time.perf_counter() - started}
            rows = view.locator("table.ranked tbody tr")
            got["has_rows"] = rows.count() > 0
            if got["has_rows"]:
                rows.first.locator("input.remove-unit").check()
            together.append(got)
        clicked = []
        for page, got in zip(pages, together, strict=True):
            clicked.append(time.perf_counter())
            if got["has_rows"]:
                page.locator("#result button.ask-whatif").click()
        for page, got, t1 in zip(pages, together, clicked, strict=True):
            if got["has_rows"]:
                shown = page.locator("#result .whatif .result .counterfactual .text")
                shown.wait_for(timeout=600_000)
                got.update(whatif=shown.inner_text(), whatif_s=time.perf_counter() - t1)
        concurrent = time.perf_counter() - t0
        errors = [p for page in pages for p in page.problems]
        for page in pages:
            page.close()
    same = [{k: a.get(k) for k in ("answer", "whatif")} for a in alone] == \
        [{k: b.get(k) for k in ("answer", "whatif")} for b in together]
    return {"sessions": n, "one_session_s": round(sequential, 2), "all_at_once_s": round(concurrent, 2),
            "ask_s_alone": stats([a["ask_s"] for a in alone]), "ask_s_together": stats([b["ask_s"] for b in together]),
            "whatif_s_together": stats([b["whatif_s"] for b in together if "whatif_s" in b]),
            "answers_identical": same, "console_errors": len(errors), "checksum_unchanged": store.checksum() == before}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--sessions", type=int, default=8)
    p.add_argument("--part", choices=("all", "paint", "sessions"), default="all")
    p.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    result: dict[str, Any] = {"machine": machine(), "browser": CHROMIUM,
                              "load_average_start": [round(x, 2) for x in os.getloadavg()]}
    tmp = Path(tempfile.mkdtemp(prefix="xgrag-bench-serve-"))
    try:
        with sample_store() as store, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            if args.part in ("all", "paint"):
                result["first_paint"] = first_paint(browser, store, args.runs, tmp)
                print(json.dumps(result["first_paint"], indent=2))
            if args.part in ("all", "sessions"):
                result["sessions"] = sessions(browser, store, args.sessions)
                print(json.dumps(result["sessions"], indent=2))
            browser.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    result["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
