"""The self-contained page (`--html`, xgrag.serve.export) in a real headless Chromium (Debian's /usr/bin/chromium
through Playwright), built from real explanations over the real embedded Neo4j. It is the view `xgrag serve` shows
(the same modules, cytoscape.js inlined), readable with no server: any request other than the page itself, any
console error or warning, page error or dialog fails the test.

Screenshots go to $XGRAG_TEST_ARTIFACTS (default tests/artifacts/, git-ignored).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.browser import ARTIFACTS, Watched, chromium, overlaps
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.bridges import classify
from xgrag.generate.extractive import ExtractiveReader
from xgrag.model import Explanation
from xgrag.report.view import COLLAPSE_AT, FOCUS_K, colour
from xgrag.retrieval import Retriever
from xgrag.serve.export import write_html
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

pytestmark = pytest.mark.browser  # every test here drives chromium

TARIK = "who is listed as director of [Tarik Lowe] starred movies"
OUT_TO_SEA = "who was the director of [Out to Sea]"
# markup and script in an entity name, in a property (the fact's document id) and in the question
EVIL_MOVIE = "Evil <script>window.__xgrag_pwned=1</script> Movie"
EVIL_PERSON = '<img src=x onerror=alert(1)>Jane & "Sons"'
EVIL_DOC = "<img src=x onerror=alert(2)>"
EVIL = f"who directed [{EVIL_MOVIE}]"
# 3 hops around a 2008 animated sequel reach ~200 entities of the sample KB (the retrieval's node cap)
LARGE = "what genre is [Despicable Me 2]"


@pytest.fixture(scope="module")
def explanations(server: Neo4jStore, tmp_path_factory: pytest.TempPathFactory) -> list[Explanation]:
    from helpers import metaqa_sample

    metaqa_sample(server)
    evil = tmp_path_factory.mktemp("kg") / "evil.tsv"
    evil.write_text("head\trelation\ttail\thead_type\ttail_type\tdoc_id\n"
                    f"{EVIL_MOVIE}\tdirected_by\t{EVIL_PERSON}\tMovie\tPerson\t{EVIL_DOC}\n"
                    f"{EVIL_MOVIE}\trelease_year\t1999\tMovie\tYear\t{EVIL_DOC}\n", encoding="utf-8")
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
                          ExplainSettings(strategies=("node",), hops=3, noise_runs=1, mode="khop"))
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


# A stack's context (no graph) whose decisive sentence, with markup, is stated by two of its chunks: copies of one fact
COPIED = "The <img src=x onerror=alert(7)> lunar module was named Eagle."


@pytest.fixture(scope="module")
def copied() -> Explanation:
    """A stack explanation with one group of copies: the real stack engine, an LLM that answers from the decisive
    sentence (a fake: the page is what is tested here, not a stack)."""
    from fakes import HashEmbedder, PlantedLLM
    from xgrag.explain.explainer import explain_stack
    from xgrag.explain.stack import ItemSource, StackCall, build_context

    texts = [f"Mission {i} launched from pad {i}. " + (COPIED if i in (1, 4) else f"Mission {i} lasted {i} days.")
             + f" Mission {i} landed in ocean {i}." for i in range(6)]

    def prompt(items: list[str | None]) -> tuple[str | None, str]:
        return "Answer from the context.", "\n".join(t for t in items if t is not None) + "\nQuestion: the module?"

    call = StackCall(stack="test", component="fake", question="What was the lunar module named?",
                     observed_answer="Eagle.", context=build_context([ItemSource(t, source="chunk") for t in texts]),
                     prompt=prompt, generator=PlantedLLM(decisive=(COPIED,)))
    return explain_stack(call, embedder=HashEmbedder())


@pytest.fixture(scope="module")
def browser(explanations: list[Explanation], large: Explanation, bridged: Explanation, copied: Explanation) -> Iterator:
    # Playwright's sync API runs an event loop in this thread: the explanations come first.
    if os.environ.get("XGRAG_SKIP_BROWSER"):
        pytest.skip("XGRAG_SKIP_BROWSER is set")
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def report(explanations: list[Explanation], browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watched]:
    path = write_html(tmp_path_factory.mktemp("report") / "report.html", explanations, title="xgrag <report> test",
                      summary={"questions": 3, "generator": "extractive-reader", "mean importance": 0.51234})
    watched = Watched(browser, path)
    watched.wait_views(3)
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
    assert page.locator("section.xg-view").count() == 3
    assert page.locator(".summary").inner_text().count("0.5123") == 1
    for i, ex in enumerate(explanations):
        sec = page.locator(f"#ex-{i} section.xg-view")
        assert sec.locator("h2.question .text").inner_text() == ex.question
        assert len(ex.subgraph.nodes) <= COLLAPSE_AT  # drawn whole, not collapsed
        assert sec.locator("button.expand").count() == 0 and sec.locator(".xg-cy canvas").count() >= 1
        assert report.cy(i, "cy.nodes('.entity').length") == len(ex.subgraph.nodes)
        assert report.cy(i, "cy.edges().length") == len(ex.subgraph.relationships)
        assert sec.locator("table.ranked tbody tr").count() == len(_scored(ex))
        assert report.cy(i, "cy.nodes('.entity.seed').length") == len(ex.subgraph.seeds)
        assert sec.locator(".colour-bar .ramp").count() == 1
        # the first table row is the most important component, coloured as such
        top = max(_scored(ex), key=lambda c: c.importance)
        first = sec.locator("table.ranked tbody tr").first
        assert float(first.locator("td.importance").inner_text().split()[0]) == pytest.approx(top.importance,
                                                                                                abs=5e-4)
        swatch = first.locator(".swatch").evaluate("e => getComputedStyle(e).backgroundColor")
        r, g, b = (int(colour(top.importance)[k:k + 2], 16) for k in (1, 3, 5))
        assert swatch == f"rgb({r}, {g}, {b})"
        # the drawing is really laid out: every node inside the visible drawing area
        box = sec.locator(".xg-cy").bounding_box()
        inside = report.cy(i, "cy.nodes('.entity').map(n => { const b = n.renderedBoundingBox(); "
                              "return b.x1 >= 0 && b.y1 >= 0 && b.x2 <= cy.width() && b.y2 <= cy.height(); })")
        assert all(inside) and box["width"] > 400
        # the honesty signals sit beside the drawing, not below it
        honesty = sec.locator(".honesty").bounding_box()
        assert honesty["x"] > box["x"] + box["width"] - 1 and honesty["y"] < box["y"] + box["height"]
    assert sum(len(ex.subgraph.nodes) for ex in explanations) > 40
    report.assert_clean()


def test_hover_and_click_show_provenance_and_counterfactual(report: Watched, explanations: list[Explanation]) -> None:
    page = report.page
    ex = explanations[0]
    sec = page.locator("#ex-0 section.xg-view")
    details = sec.locator(".details")
    edge = ex.top("edge", 1)[0]
    assert edge.label == "Supporting Characters -directed_by-> Daniel Schechter" and edge.answer_changed
    key = _key(sec, edge)
    report.hover(0, key)
    assert details.locator("h4").inner_text() == edge.label
    assert details.locator("td.counterfactual").first.inner_text() == edge.counterfactual_answer
    prov = details.locator("ul.provenance").inner_text()
    assert f"line {edge.provenance['line']}" in prov and "metaqa_triples.tsv" in prov
    assert "used by the generator" in details.inner_text() and "deciding chain" in details.inner_text()
    assert report.cy(0, f"cy.getElementById('{key}').hasClass('active')")
    assert sec.locator(f'table.ranked tr[data-key="{key}"]').get_attribute("class").split() == [
        "component", "chain", "active"]

    node = next(c for c in _scored(ex) if c.kind == "node" and c.label == "Tarik Lowe")
    seed = report.cy(0, "cy.nodes('.entity.seed').map(n => n.id())")
    report.hover(0, seed[0])
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

    # the larger graph: its most important node by hover, through the drawing
    big = explanations[1]
    best = max((c for c in _scored(big) if c.kind == "node"), key=lambda c: c.importance)
    sec1 = page.locator("#ex-1 section.xg-view")
    report.hover(1, _key(sec1, best))
    assert sec1.locator(".details h4").inner_text() == best.label
    assert sec1.locator(".details td.counterfactual").first.inner_text() == best.counterfactual_answer
    page.mouse.move(2, 2)
    report.assert_clean()


def test_markup_from_the_graph_and_the_question_stays_text(report: Watched, explanations: list[Explanation]) -> None:
    page = report.page
    ex = explanations[2]
    assert ex.answer == f"{EVIL_PERSON}."
    sec = page.locator("#ex-2 section.xg-view")
    assert sec.locator("h2.question .text").inner_text() == EVIL
    assert sec.locator("p.answer .text").inner_text() == ex.answer
    assert page.evaluate("typeof window.__xgrag_pwned") == "undefined" and report.dialogs == []
    assert page.locator("img").count() == 0 and page.locator("script").count() == 3 + 2  # data blocks + code
    person = next(c for c in _scored(ex) if c.strategy == "node" and c.label == EVIL_PERSON)
    report.hover(2, _key(sec, person))
    assert sec.locator(".details h4").inner_text() == EVIL_PERSON
    assert EVIL_DOC in sec.locator(".details ul.provenance").inner_text()  # a property, shown literally
    # the drawing's labels are text too (cytoscape draws them on a canvas)
    assert EVIL_PERSON in report.cy(2, "cy.nodes('.label').map(n => n.data('text'))")
    page.mouse.move(2, 2)
    report.assert_clean()


def test_relation_names_are_on_the_edges_and_labels_do_not_collide(report: Watched,
                                                                   explanations: list[Explanation]) -> None:
    for i, ex in enumerate(explanations):
        boxes = report.labels(i)
        assert overlaps(boxes) == [], i
        names = {n.name for n in ex.subgraph.nodes}
        shown = [b[0] for b in boxes]
        assert any(t in names for t in shown) or any(t.endswith("…") for t in shown)
    # the small explanation names its relations on the edges without hovering
    ex, sec = explanations[0], report.page.locator("#ex-0 section.xg-view")
    relations = {r.label for r in ex.subgraph.relationships}
    names = {n.name for n in ex.subgraph.nodes}
    visible = [b[0] for b in report.labels(0) if b[0] not in names]
    assert visible and set(visible) <= relations
    named = len(visible)
    # the switch shows every relation name; off again, only the ones that fit
    sec.locator("input.rel-toggle").check()
    every = [b[0] for b in report.labels(0) if b[0] not in names]
    assert len(every) == len(ex.subgraph.relationships) >= named
    sec.locator("input.rel-toggle").uncheck()
    assert len([b[0] for b in report.labels(0) if b[0] not in names]) == named
    report.assert_clean()


def test_a_large_subgraph_collapses_and_expands(large: Explanation, browser, tmp_path: Path) -> None:
    nodes = large.subgraph.nodes
    assert len(nodes) >= 150, len(nodes)
    path = write_html(tmp_path / "large.html", large, title="190 entities")
    watched = Watched(browser, path)
    try:
        page = watched.page
        watched.wait_views(1)
        sec = page.locator("section.xg-view")
        drawn = watched.cy(0, "cy.nodes('.entity').length")
        caption = sec.locator(".caption").inner_text()
        top, seeds, connectors, more = map(int, re.search(
            r"the (\d+) most important entities, (\d+) seeds? and (\d+) connecting them; (\d+) more", caption).groups())
        assert top == FOCUS_K and seeds == len(large.subgraph.seeds) >= 1
        assert drawn == top + seeds + connectors and drawn + more == len(nodes)
        assert connectors <= 2 * FOCUS_K  # 3 hops: at most two inner nodes per path
        assert overlaps(watched.labels(0)) == []
        # the most important node is drawn in the collapsed view and coloured as such
        best = max((c for c in _scored(large) if c.kind == "node"), key=lambda c: c.importance)
        key = _key(sec, best)
        assert watched.cy(0, f"cy.getElementById('{key}').data('fill')") == colour(best.importance)
        # bridges (Ex-GraphRAG) are ringed and listed
        bridges = large.bridges.bridges if large.bridges else []
        assert sec.locator("table.bridge-table tbody tr").count() == len(bridges)
        if bridges:
            assert "Spearman" in sec.locator(".bridge-line").inner_text() or \
                large.bridges is None or large.bridges.spearman_importance_betweenness is None
            assert watched.cy(0, "cy.nodes('.entity.bridge').length") == len(bridges)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        sec.screenshot(path=str(ARTIFACTS / "report-190.png"))
        # expand: the full drawing with every entity, then back
        button = sec.locator("button.expand")
        button.click()
        assert watched.cy(0, "cy.nodes('.entity').length") == len(nodes)
        assert watched.cy(0, "cy.edges().length") == len(large.subgraph.relationships)
        visible = watched.cy(0, "cy.nodes('.entity').filter(n => { const b = n.renderedBoundingBox(); "
                                "return b.x1 >= 0 && b.y1 >= 0 && b.x2 <= cy.width() && b.y2 <= cy.height(); })"
                                ".length")
        assert visible == len(nodes)
        assert overlaps(watched.labels(0)) == []
        assert button.get_attribute("aria-expanded") == "true" and button.inner_text().startswith("Show the")
        # the full drawing is interactive too: hovering the best node shows its details
        watched.hover(0, key)
        assert sec.locator(".details h4").inner_text() == best.label
        # a name left out (or shortened) for lack of room appears in full on hover
        unnamed = watched.cy(0, "Array.from(new Set(cy.nodes('.label.hover').map(n => n.data('owner'))))")
        assert unnamed
        target = unnamed[len(unnamed) // 2]
        watched.hover(0, target)
        shown = [b[0] for b in watched.labels(0)
                 if b[0] in watched.cy(0, f"cy.nodes('.label').filter(n => n.data('owner') === '{target}')"
                                          ".map(n => n.data('text'))")]
        assert shown == [sec.locator(".details h4").inner_text()]
        page.mouse.move(2, 2)
        sec.locator(".xg-cy").screenshot(path=str(ARTIFACTS / "report-190-full.png"))
        button.click()
        assert watched.cy(0, "cy.nodes('.entity').length") == drawn
        assert button.inner_text() == f"Show all {len(nodes)} entities"
        watched.assert_clean()
    finally:
        watched.page.close()


def test_bridge_nodes_are_ringed_and_listed(bridged: Explanation, browser, tmp_path: Path) -> None:
    """Measured: the extractive reader answers from the directed_by facts whether or not the actor is there, so
    the real report has one core entity (the director) and no bridge. The drawing is checked with the
    classification the same code (xgrag.explain.bridges.classify) gives on this real subgraph when the actor
    counts as important too: both films, each redundant, then bridge the two."""
    b = bridged.bridges
    assert b is not None
    names = {n.id: n.name for n in bridged.subgraph.nodes}
    ids = {v: k for k, v in names.items()}
    assert bridged.answer == "Otto Brennick." and [names[n] for n in b.core] == ["Otto Brennick"]
    assert b.bridges == []
    graph = bridged.subgraph.to_subgraph()
    report = classify(graph, {ids["Quilla Ambrose"]: 1.0, ids["Otto Brennick"]: 1.0}, floor=bridged.noise_floor)
    assert sorted(names[n] for n in report.bridges) == ["Harbour of Glass", "Lanterns Over Vale"]
    bridged = bridged.model_copy(update={"bridges": report})
    b = report
    watched = Watched(browser, write_html(tmp_path / "bridged.html", bridged))
    try:
        watched.wait_views(1)
        sec = watched.page.locator("section.xg-view")
        ringed = watched.cy(0, "cy.nodes('.entity.bridge').map(n => [n.style('outline-style'), "
                               "n.style('outline-width')])")
        assert len(ringed) == 2 and all(style == "dashed" and width != "0px" for style, width in ringed)
        bridge = names[b.bridges[0]]
        line = sec.locator(".bridge-line").inner_text()
        assert bridge in line and "connected core pairs only through them" in line
        if b.spearman_importance_betweenness is not None:
            assert f"Spearman(importance, betweenness) {b.spearman_importance_betweenness:.2f}" in line
        row = sec.locator("table.bridge-table tbody tr")
        assert row.count() == 2 and row.first.locator("td").first.inner_text() == bridge
        row.first.hover()
        assert sec.locator(".details h4").inner_text() == bridge
        assert "bridge: connects the important entities" in sec.locator(".details").inner_text()
        # the highlighted node keeps its name on the drawing
        key = row.first.get_attribute("data-key")
        assert watched.cy(0, f"cy.getElementById('{key}').hasClass('active')")
        assert bridge in [t[0] for t in watched.labels(0)]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        sec.locator(".xg-grid").screenshot(path=str(ARTIFACTS / "report-bridge.png"))
        watched.assert_clean()
    finally:
        watched.page.close()


def test_copies_of_a_fact_are_shown_with_their_joint_importance(copied: Explanation, browser, tmp_path: Path) -> None:
    """A stack's context that states the decisive fact twice: the page lists the group (its joint importance, the
    answer without every copy, which units are the copies) and marks each copy's row (before: nothing of it showed,
    each copy's row read like any unit's). The fact's markup stays text."""
    # the two sentences (a span group) and the two chunks holding them, removed together (an item group)
    assert copied.copies is not None and [g.strategy for g in copied.copies] == ["item", "span"]
    held, group = copied.copies
    assert group.importance is not None and group.importance > copied.noise_floor
    assert held.importance is not None and held.importance > copied.noise_floor
    watched = Watched(browser, write_html(tmp_path / "copies.html", copied))
    try:
        watched.wait_views(1)
        sec = watched.page.locator("section.xg-view")
        listed = sec.locator(".copies table.copies-table tbody tr")
        assert listed.count() == 2
        cells = [r.locator("td").all_inner_texts() for r in listed.all()]
        assert cells == [[f"{held.importance:.3f}", "1", "yes", "I don't know.", COPIED, "item 2; item 5"],
                         [f"{group.importance:.3f}", "1", "yes", "I don't know.", COPIED,
                          "2.2 (in item 2); 5.2 (in item 5)"]]
        rows = sec.locator("table.ranked tbody tr")
        marked = {r.get_attribute("data-unit"): r.locator(".copy-of").inner_text() for r in rows.all()
                  if r.locator(".copy-of").count()}
        assert marked == {"span:2.2": "one of 2 copies, with 5.2", "span:5.2": "one of 2 copies, with 2.2",
                          "item:2": "one of 2 copies, with 5", "item:5": "one of 2 copies, with 2"}
        assert sec.locator("table.ranked .flag.joint").count() == 4
        assert watched.page.locator("img").count() == 0 and watched.dialogs == []
        watched.assert_clean()
    finally:
        watched.page.close()


def test_screenshot(report: Watched, explanations: list[Explanation]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = report.page
    sec = page.locator("#ex-1 section.xg-view")
    sec.scroll_into_view_if_needed()
    best = max((c for c in _scored(explanations[1]) if c.kind == "edge"), key=lambda c: c.importance)
    sec.locator(f'table.ranked tbody tr[data-key="{_key(sec, best)}"]').first.click()  # pin it for the picture
    shot = ARTIFACTS / "html_report.png"
    sec.screenshot(path=str(shot))
    page.locator("#ex-0 section.xg-view").screenshot(path=str(ARTIFACTS / "report-small.png"))
    page.screenshot(path=str(ARTIFACTS / "html_report_full.png"), full_page=True)
    assert shot.stat().st_size > 20_000
    report.assert_clean()
