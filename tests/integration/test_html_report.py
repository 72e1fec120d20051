"""The HTML report in a real headless Chromium (Debian's /usr/bin/chromium through Playwright), built from real
explanations over the real embedded Neo4j. The page must work offline: any request other than the page itself,
any console error or warning, page error or dialog fails the test.

Screenshots go to $XGRAG_TEST_ARTIFACTS (default tests/artifacts/, git-ignored).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import ROOT, SAMPLE
from xgrag.config import GraphSchema
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.bridges import classify
from xgrag.generate.extractive import ExtractiveReader
from xgrag.model import Explanation, Subgraph
from xgrag.report.html import COLLAPSE_AT, FOCUS_K, colour, write_html
from xgrag.retrieval import Retriever
from xgrag.store.ingest import ingest_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

pytestmark = pytest.mark.browser  # every test here drives chromium (the report fixture opens the page in it)

CHROMIUM = os.environ.get("XGRAG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("XGRAG_TEST_ARTIFACTS") or ROOT / "tests" / "artifacts")

TARIK = "who is listed as director of [Tarik Lowe] starred movies"
OUT_TO_SEA = "who was the director of [Out to Sea]"
EVIL_MOVIE = "Evil <script>window.__xgrag_pwned=1</script> Movie"
EVIL_PERSON = '<img src=x onerror="window.__xgrag_pwned=2">Jane & "Sons"'
EVIL = f"who directed [{EVIL_MOVIE}]"
# 3 hops around a 2008 animated sequel reach ~200 entities of the sample KB (the retrieval's node cap)
LARGE = "what genre is [Despicable Me 2]"


@pytest.fixture(scope="module")
def explanations(server: Neo4jStore, tmp_path_factory: pytest.TempPathFactory) -> list[Explanation]:
    from helpers import wipe

    wipe(server)
    migrate(server, GraphSchema(), 384)
    ingest_triples(server, SAMPLE / "metaqa_triples.tsv", "metaqa")
    evil = tmp_path_factory.mktemp("kg") / "evil.tsv"
    evil.write_text("head\trelation\ttail\thead_type\ttail_type\n"
                    f"{EVIL_MOVIE}\tdirected_by\t{EVIL_PERSON}\tMovie\tPerson\n"
                    f"{EVIL_MOVIE}\trelease_year\t1999\tMovie\tYear\n", encoding="utf-8")
    ingest_triples(server, evil, "tsv")
    emb = default_embedder()
    explainer = Explainer(Retriever(server, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("node", "edge")))
    return [explainer.explain(q) for q in (TARIK, OUT_TO_SEA, EVIL)]


@pytest.fixture(scope="module")
def large(explanations: list[Explanation], server: Neo4jStore) -> Explanation:
    """A real 3-hop retrieval over the sample KB (ingested by `explanations`), explained by node removal."""
    emb = default_embedder()
    explainer = Explainer(Retriever(server, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("node",), hops=3, noise_runs=1))
    return explainer.explain(LARGE)


# Two parallel routes from the actor to the director: each film alone is redundant, so one of them ends up with a
# low importance while it still lies on a shortest path between the important entities: a bridge (Ex-GraphRAG)
BRIDGED = "who directed the films that [Quilla Ambrose] starred in"
BRIDGED_KG = ("head\trelation\ttail\thead_type\ttail_type\n"
              "Harbour of Glass\tstarred_actors\tQuilla Ambrose\tMovie\tPerson\n"
              "Lanterns Over Vale\tstarred_actors\tQuilla Ambrose\tMovie\tPerson\n"
              "Harbour of Glass\tdirected_by\tOtto Brennick\tMovie\tPerson\n"
              "Lanterns Over Vale\tdirected_by\tOtto Brennick\tMovie\tPerson\n"
              "Ember Falls\twritten_by\tQuilla Ambrose\tMovie\tPerson\n"
              "Ember Falls\tdirected_by\tMara Lindqvist\tMovie\tPerson\n")


@pytest.fixture(scope="module")
def bridged(explanations: list[Explanation], server: Neo4jStore,
            tmp_path_factory: pytest.TempPathFactory) -> Explanation:
    kg = tmp_path_factory.mktemp("kg") / "bridged.tsv"
    kg.write_text(BRIDGED_KG, encoding="utf-8")
    ingest_triples(server, kg, "tsv")
    emb = default_embedder()
    explainer = Explainer(Retriever(server, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("node",), hops=2))
    return explainer.explain(BRIDGED)


@pytest.fixture(scope="module")
def browser(explanations: list[Explanation], large: Explanation, bridged: Explanation) -> Iterator:
    # Playwright's sync API runs an event loop in this thread: the explanations (asyncio.run) come first.
    if os.environ.get("XGRAG_SKIP_BROWSER"):
        pytest.skip("XGRAG_SKIP_BROWSER is set")
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: install Debian's (apt-get install -y chromium; scripts/bootstrap.sh "
                    "does it as root) or set XGRAG_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


class Watched:
    """A page whose every request, console message, page error and dialog is recorded."""

    def __init__(self, browser, path: Path) -> None:
        self.url = path.resolve().as_uri()
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.page = browser.new_page(viewport={"width": 1400, "height": 1000})
        self.page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"), d.dismiss()))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.route("**/*", self._route)
        self.page.goto(self.url)
        self.page.wait_for_load_state("load")

    def _route(self, route) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            self.problems.append(f"blocked request: {route.request.url}")
            route.abort()

    def foreign_requests(self) -> list[str]:
        return [u for u in self.requests if u != self.url]

    def assert_clean(self) -> None:
        assert self.problems == [] and self.foreign_requests() == [], (self.problems, self.foreign_requests())


@pytest.fixture(scope="module")
def report(explanations: list[Explanation], browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watched]:
    path = write_html(tmp_path_factory.mktemp("report") / "report.html", explanations, title="xgrag <report> test",
                      summary={"questions": 3, "generator": "extractive-reader", "mean importance": 0.51234})
    watched = Watched(browser, path)
    yield watched
    watched.page.close()


def _scored(ex: Explanation) -> list:
    return [c for c in ex.components if c.kind in ("node", "edge") and c.importance is not None]


def _key(section, component) -> str:
    """The data-key of a component's table row (shared with its node or edge in the drawing)."""
    rows = section.locator("table.ranked tbody tr").evaluate_all(
        "rs => rs.map(r => [r.cells[1].textContent, r.cells[2].textContent, r.getAttribute('data-key')])")
    keys = {(strategy, label): key for strategy, label, key in rows}
    return keys[(component.strategy, component.label)]


def test_the_guard_catches_requests(browser, tmp_path) -> None:
    """The checks below could fail: a page with an image and a stylesheet is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html><head><link rel="stylesheet" href="https://example.invalid/a.css">'
                   '</head><body><img src="missing.png"></body></html>')
    watched = Watched(browser, bad)
    try:
        assert any("example.invalid" in u for u in watched.foreign_requests())
        assert any(u.endswith("missing.png") for u in watched.foreign_requests())
        assert any(p.startswith("blocked request") for p in watched.problems)
    finally:
        watched.page.close()


def test_every_explanation_is_drawn_and_tabled(report: Watched, explanations: list[Explanation]) -> None:
    page = report.page
    assert page.title() == "xgrag <report> test"
    assert page.locator("section.explanation").count() == 3
    assert page.locator(".summary").inner_text().count("0.5123") == 1
    for i, ex in enumerate(explanations):
        sec = page.locator(f"#ex-{i}")
        assert sec.locator("h2").inner_text().endswith(ex.question)
        assert len(ex.subgraph["nodes"]) <= COLLAPSE_AT  # drawn whole, not collapsed
        assert sec.locator("button.expand").count() == 0 and sec.locator("svg.graph").count() == 1
        assert sec.locator("svg.graph g.node").count() == len(ex.subgraph["nodes"])
        assert sec.locator("svg.graph g.edge").count() == len(ex.subgraph["relationships"])
        assert sec.locator("table.ranked tbody tr").count() == len(_scored(ex))
        assert sec.locator("svg.graph g.node.seed").count() == len(ex.subgraph["seeds"])
        assert sec.locator("svg.colour-bar").count() == 1
        # the first table row is the most important component, coloured as such
        top = max(_scored(ex), key=lambda c: c.importance)
        first = sec.locator("table.ranked tbody tr").first
        assert float(first.locator("td.importance").inner_text().split()[0]) == pytest.approx(top.importance,
                                                                                                abs=5e-4)
        swatch = first.locator(".swatch").evaluate("e => getComputedStyle(e).backgroundColor")
        r, g, b = (int(colour(top.importance)[k:k + 2], 16) for k in (1, 3, 5))
        assert swatch == f"rgb({r}, {g}, {b})"
        # the SVG is really laid out: every node inside the drawing
        box = sec.locator("svg.graph").bounding_box()
        for circle in sec.locator("svg.graph g.node circle").all()[:10]:
            c = circle.bounding_box()
            assert box["x"] <= c["x"] and c["x"] + c["width"] <= box["x"] + box["width"]
    assert sum(len(ex.subgraph["nodes"]) for ex in explanations) > 40
    report.assert_clean()


def test_hover_and_click_show_provenance_and_counterfactual(report: Watched, explanations: list[Explanation]) -> None:
    page = report.page
    ex = explanations[0]
    sec = page.locator("#ex-0")
    details = sec.locator(".details")
    edge = ex.top("edge", 1)[0]
    assert edge.label == "Supporting Characters -directed_by-> Daniel Schechter" and edge.answer_changed
    key = _key(sec, edge)
    sec.locator(f'svg.graph g.edge[data-key="{key}"] path.edge-hit').hover()
    assert details.locator("h4").inner_text() == edge.label
    assert details.locator("td.counterfactual").first.inner_text() == edge.counterfactual_answer
    prov = details.locator("ul.provenance").inner_text()
    assert f"document {edge.provenance['doc_id']}" in prov and f"line {edge.provenance['line']}" in prov
    assert "used by the generator" in details.inner_text()
    assert sec.locator(f'g.edge[data-key="{key}"]').get_attribute("class").split() == ["edge", "active"]

    node = next(c for c in _scored(ex) if c.kind == "node" and c.label == "Tarik Lowe")
    circle = sec.locator("svg.graph g.node.seed circle")
    circle.hover()
    assert details.locator("h4").inner_text() == "Tarik Lowe"
    assert details.locator("td.counterfactual").first.inner_text() == node.counterfactual_answer
    assert "seed entity" in details.inner_text() and "line " in details.locator("ul.provenance").inner_text()
    page.mouse.move(2, 2)
    assert details.get_attribute("data-shown") is None and "Hover or click" in details.inner_text()

    # a click on a table row pins its details; a second click releases them
    top_row = sec.locator("table.ranked tbody tr").first
    top_row.click()
    page.mouse.move(2, 2)
    assert details.get_attribute("data-shown") == top_row.get_attribute("data-key")
    assert details.locator("h4").inner_text() == top_row.locator("td").nth(2).inner_text()
    assert details.locator("td.counterfactual").first.inner_text() == top_row.locator("td.cf").inner_text()
    top_row.click()
    page.mouse.move(2, 2)
    assert details.get_attribute("data-shown") is None

    # the large graph: its most important node by hover, through the drawing
    big = explanations[1]
    best = max((c for c in _scored(big) if c.kind == "node"), key=lambda c: c.importance)
    sec1 = page.locator("#ex-1")
    sec1.locator(f'svg.graph g.node[data-key="{_key(sec1, best)}"] circle').hover()
    assert sec1.locator(".details h4").inner_text() == best.label
    assert sec1.locator(".details td.counterfactual").first.inner_text() == best.counterfactual_answer
    report.assert_clean()


def test_names_from_the_data_stay_text(report: Watched, explanations: list[Explanation]) -> None:
    page = report.page
    ex = explanations[2]
    assert ex.answer == f"{EVIL_PERSON}."
    sec = page.locator("#ex-2")
    assert sec.locator("h2").inner_text().endswith(EVIL)
    assert sec.locator("p.answer").inner_text().endswith(ex.answer)
    assert page.evaluate("typeof window.__xgrag_pwned") == "undefined"
    assert page.locator("img").count() == 0 and page.locator("script").count() == 4  # 3 data blocks + the code
    person = next(c for c in _scored(ex) if c.strategy == "node" and c.label == EVIL_PERSON)
    sec.locator(f'svg.graph g.node[data-key="{_key(sec, person)}"] circle').hover()
    assert sec.locator(".details h4").inner_text() == EVIL_PERSON
    report.assert_clean()


VISIBLE_LABEL_BOXES = """svg => Array.from(svg.querySelectorAll("text.node-label, text.edge-label"))
  .filter(t => getComputedStyle(t).display !== "none")
  .map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.top, r.right, r.bottom]; })"""


def overlaps(boxes: list[list]) -> list[tuple[str, str]]:
    """Pairs of rendered label boxes that overlap by more than half a pixel (the text as Chromium drew it)."""
    out = []
    for i, (ta, l1, t1, r1, b1) in enumerate(boxes):
        for tb, l2, t2, r2, b2 in boxes[i + 1:]:
            if min(r1, r2) - max(l1, l2) > 0.5 and min(b1, b2) - max(t1, t2) > 0.5:
                out.append((ta, tb))
    return out


def test_relation_names_are_on_the_edges_and_labels_do_not_collide(report: Watched,
                                                                   explanations: list[Explanation]) -> None:
    page = report.page
    for i, ex in enumerate(explanations):
        svg = page.locator(f"#ex-{i} svg.graph")
        boxes = svg.evaluate(VISIBLE_LABEL_BOXES)
        assert overlaps(boxes) == [], i
        names = {n["name"] for n in ex.subgraph["nodes"]}
        shown = [b[0] for b in boxes]
        assert any(t in names for t in shown) or any(t.endswith("…") for t in shown)
    # the small explanation names its relations on the edges without hovering
    ex, sec = explanations[0], page.locator("#ex-0")
    relations = {r["label"] for r in ex.subgraph["relationships"]}
    visible = sec.locator("svg.graph text.edge-label").evaluate_all(
        "ts => ts.filter(t => getComputedStyle(t).display !== 'none').map(t => t.textContent)")
    assert visible and set(visible) <= relations
    named = len(visible)
    # the switch shows every relation name; off again, only the ones that fit
    sec.locator("input.rel-toggle").check()
    every = sec.locator("svg.graph text.edge-label").evaluate_all(
        "ts => ts.filter(t => getComputedStyle(t).display !== 'none').length")
    assert every == len(ex.subgraph["relationships"]) >= named
    sec.locator("input.rel-toggle").uncheck()
    again = sec.locator("svg.graph text.edge-label").evaluate_all(
        "ts => ts.filter(t => getComputedStyle(t).display !== 'none').length")
    assert again == named
    report.assert_clean()


def test_a_large_subgraph_collapses_and_expands(large: Explanation, browser, tmp_path: Path) -> None:
    nodes = large.subgraph["nodes"]
    assert len(nodes) >= 150, len(nodes)
    path = write_html(tmp_path / "large.html", large, title="190 entities")
    watched = Watched(browser, path)
    try:
        page = watched.page
        sec = page.locator("#ex-0")
        collapsed, full = sec.locator(".drawing.collapsed"), sec.locator(".drawing.full")
        assert collapsed.is_visible() and not full.is_visible()
        drawn = collapsed.locator("g.node").count()
        caption = sec.locator("figcaption").inner_text()
        top, seeds, connectors, more = map(int, re.search(
            r"the (\d+) most important entities, (\d+) seeds? and (\d+) connecting them; (\d+) more", caption).groups())
        assert top == FOCUS_K and seeds == len(large.subgraph["seeds"]) >= 1
        assert drawn == top + seeds + connectors <= FOCUS_K + seeds + connectors and drawn + more == len(nodes)
        assert connectors <= 2 * FOCUS_K  # 3 hops: at most two inner nodes per path
        assert overlaps(collapsed.locator("svg").evaluate(VISIBLE_LABEL_BOXES)) == []
        # the most important node is drawn in the collapsed view and coloured as such
        best = max((c for c in _scored(large) if c.kind == "node"), key=lambda c: c.importance)
        key = _key(sec, best)
        assert collapsed.locator(f'g.node[data-key="{key}"]').count() == 1
        # bridges (Ex-GraphRAG) are ringed and listed
        bridges = (large.bridges or {}).get("bridges") or []
        assert sec.locator("table.bridge-table tbody tr").count() == len(bridges)
        if bridges:
            assert "Spearman" in sec.locator(".bridge-line").inner_text() or \
                large.bridges.get("spearman_importance_betweenness") is None
            assert collapsed.locator("g.node.bridge circle.bridge-ring").count() == len(bridges)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        sec.screenshot(path=str(ARTIFACTS / "report-190.png"))
        # expand: the full drawing with every entity, then back
        sec.locator("svg.graph.collapsed g.more").click()
        assert full.is_visible() and not collapsed.is_visible()
        assert full.locator("g.node").count() == len(nodes)
        assert full.locator("g.edge").count() == len(large.subgraph["relationships"])
        visible_nodes = full.locator("g.node circle.dot").evaluate_all(
            "cs => cs.filter(c => { const r = c.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length")
        assert visible_nodes == len(nodes)
        assert overlaps(full.locator("svg").evaluate(VISIBLE_LABEL_BOXES)) == []
        button = sec.locator("button.expand")
        assert button.get_attribute("aria-expanded") == "true" and button.inner_text().startswith("Show the")
        # the full drawing is interactive too: hovering the best node shows its details
        full.locator(f'g.node[data-key="{key}"] circle.dot').hover()
        assert sec.locator(".details h4").inner_text() == best.label
        # a name left out (or shortened) for lack of room appears in full on hover
        unnamed = full.locator("g.node:has(text.node-label.hover)")
        assert unnamed.count() > 0
        target = unnamed.nth(unnamed.count() // 2)
        target.locator("circle.dot").hover(force=True)
        visible = target.locator("text.node-label").evaluate_all(
            "ts => ts.filter(t => getComputedStyle(t).display !== 'none').map(t => t.textContent)")
        assert visible == [sec.locator(".details h4").inner_text()]
        page.mouse.move(2, 2)
        full.screenshot(path=str(ARTIFACTS / "report-190-full.png"))
        button.click()
        assert collapsed.is_visible() and not full.is_visible()
        assert button.inner_text() == f"Show all {len(nodes)} entities"
        watched.assert_clean()
    finally:
        watched.page.close()


def test_bridge_nodes_are_ringed_and_listed(bridged: Explanation, browser, tmp_path: Path) -> None:
    """Measured: the extractive reader answers from the directed_by facts whether or not the actor is there, so
    the real report has one core entity (the director) and no bridge. The drawing is checked with the
    classification the same code (xgrag.explain.bridges.classify) gives on this real subgraph when the actor
    counts as important too: both films, each redundant, then bridge the two."""
    b = bridged.bridges or {}
    names = {n["id"]: n["name"] for n in bridged.subgraph["nodes"]}
    ids = {v: k for k, v in names.items()}
    assert bridged.answer == "Otto Brennick." and [names[n] for n in b["core"]] == ["Otto Brennick"]
    assert b["bridges"] == []
    graph = Subgraph.from_json(bridged.subgraph)
    report = classify(graph, {ids["Quilla Ambrose"]: 1.0, ids["Otto Brennick"]: 1.0}, floor=bridged.noise_floor)
    assert sorted(names[n] for n in report.bridges) == ["Harbour of Glass", "Lanterns Over Vale"]
    bridged = bridged.model_copy(update={"bridges": report.to_json()})
    b = bridged.bridges
    watched = Watched(browser, write_html(tmp_path / "bridged.html", bridged))
    try:
        sec = watched.page.locator("#ex-0")
        ring = sec.locator("svg.graph g.node.bridge circle.bridge-ring")
        assert ring.count() == 2 and ring.first.is_visible()
        assert ring.first.evaluate("c => getComputedStyle(c).strokeDasharray") not in ("none", "")
        bridge = names[b["bridges"][0]]
        line = sec.locator(".bridge-line").inner_text()
        assert bridge in line and "connected core pairs only through them" in line
        if b.get("spearman_importance_betweenness") is not None:
            assert f"Spearman(importance, betweenness) {b['spearman_importance_betweenness']:.2f}" in line
        row = sec.locator("table.bridge-table tbody tr")
        assert row.count() == 2 and row.first.locator("td").first.inner_text() == bridge
        row.first.hover()
        assert sec.locator(".details h4").inner_text() == bridge
        assert "bridge: connects the important entities" in sec.locator(".details").inner_text()
        # the highlighted node keeps its name on the drawing
        shown = sec.locator("svg.graph g.node.active text.node-label").evaluate_all(
            "ts => ts.filter(t => getComputedStyle(t).display !== 'none').map(t => t.textContent)")
        assert shown == [bridge]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        sec.locator("figure").screenshot(path=str(ARTIFACTS / "report-bridge.png"))
        watched.assert_clean()
    finally:
        watched.page.close()


def test_screenshot(report: Watched, explanations: list[Explanation]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = report.page
    sec = page.locator("#ex-1")
    sec.scroll_into_view_if_needed()
    best = max((c for c in _scored(explanations[1]) if c.kind == "edge"), key=lambda c: c.importance)
    sec.locator(f'table.ranked tbody tr[data-key="{_key(sec, best)}"]').first.click()  # pin it for the picture
    shot = ARTIFACTS / "html_report.png"
    sec.screenshot(path=str(shot))
    page.locator("#ex-0").screenshot(path=str(ARTIFACTS / "report-small.png"))
    page.screenshot(path=str(ARTIFACTS / "html_report_full.png"), full_page=True)
    assert shot.stat().st_size > 20_000
    report.assert_clean()
