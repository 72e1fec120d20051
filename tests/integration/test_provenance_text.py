"""Provenance with text (issue 21): the chunk text behind a fact, read once per explanation from the real embedded
Neo4j, in the JSON, the console and the HTML page (a real headless Chromium); and one fact with two sources, written
by xgrag's own ingestion, stated once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from helpers import wipe
from support.browser import Watched, chromium
from xgrag.config import GraphSchema
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.extractive import ExtractiveReader
from xgrag.generate.prompt import render
from xgrag.model import Explanation
from xgrag.model.trace import ChunkTextStep
from xgrag.report.console import print_explanation
from xgrag.retrieval import Retriever
from xgrag.serve.export import write_html
from xgrag.store.ingest import TripleRow, write_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

EVIL = "<img src=x onerror=alert(3)>"
TEXTS = {
    "mission#0": f"{EVIL} Apollo 11 was the first crewed landing on the Moon. Neil Armstrong commanded Apollo 11; "
                 "Buzz Aldrin piloted the lunar module Eagle.",
    "crew#0": "In July 1969 NEIL ARMSTRONG commanded Apollo 11, with Michael Collins in orbit. " + "x " * 400,
    "crew#1": "The crew trained for months.",
}
DOCS = {"mission#0": ("doc:mission", "mission.txt", 0), "crew#0": ("doc:crew", "crew.txt", 0),
        "crew#1": ("doc:crew", "crew.txt", 1)}
FACTS = [("Neil Armstrong", "commanded", "Apollo 11", "mission#0"), ("Buzz Aldrin", "piloted", "Eagle", "mission#0"),
         ("Buzz Aldrin", "crew_of", "Apollo 11", "mission#0"),
         ("Neil Armstrong", "commanded", "Apollo 11", "crew#0"),  # the same fact from another document
         ("Michael Collins", "crew_of", "Apollo 11", "crew#0"), ("Michael Collins", "piloted", "Columbia", "crew#1")]
QUESTION = "Who commanded [Apollo 11]?"


def _rows() -> list[TripleRow]:
    return [TripleRow(h, r, t, doc_id=DOCS[c][0], chunk_id=c, chunk_index=DOCS[c][2], source=DOCS[c][1],
                      line=i + 1) for i, (h, r, t, c) in enumerate(FACTS)]


@pytest.fixture(scope="module")
def explained(server: Neo4jStore) -> tuple[Explainer, Explanation]:
    wipe(server)
    migrate(server, GraphSchema(), 384)
    docs = [{"id": d, "source": s, "title": None} for d, s, _ in sorted(set(DOCS.values()))]
    chunks = [{"id": c, "doc_id": DOCS[c][0], "index": DOCS[c][2], "text": t} for c, t in TEXTS.items()]
    write_triples(server, _rows(), chunks=chunks, documents=docs)
    emb = default_embedder()
    explainer = Explainer(Retriever(server, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("node", "edge"), mode="khop", hops=2))
    return explainer, explainer.explain(QUESTION)


def _commanded(ex: Explanation):
    return next(c for c in ex.components if c.kind == "edge" and "commanded" in c.label)


def test_one_fact_two_sources_each_with_its_text_in_the_json(explained: tuple[Explainer, Explanation],
                                                             server: Neo4jStore) -> None:
    explainer, ex = explained
    assert server.query("MATCH ()-[r:RELATION {label: 'commanded'}]->() RETURN count(r) AS c")[0]["c"] == 1
    edge = _commanded(ex)
    assert edge.label == "Neil Armstrong -commanded-> Apollo 11"  # once, never "A; A"
    docs = edge.provenance["documents"]
    assert [(d["doc_id"], d["chunk_id"]) for d in docs] == [("doc:mission", "mission#0"), ("doc:crew", "crew#0")]
    for d in docs:
        e = d["excerpt"]
        assert len(e["text"]) <= 300 and e["text"] == TEXTS[d["chunk_id"]][e["start"]:e["end"]]
        assert e["chars"] == len(TEXTS[d["chunk_id"]]) and e["matched"] == ["head", "relation", "tail"]
        assert {e["text"][m["start"]:m["end"]].lower() for m in e["marks"]} >= {"neil armstrong", "commanded",
                                                                                "apollo 11"}
    assert docs[1]["excerpt"]["end"] < docs[1]["excerpt"]["chars"]  # a long chunk: bounded, not whole
    # a fact whose chunk does not state it: the excerpt says so, nothing is marked
    columbia = [c for c in ex.components if c.kind == "edge" and "Columbia" in c.label]
    for c in columbia:
        assert c.provenance["excerpt"]["marks"] == [] and "none of the fact's terms" in c.provenance["excerpt"]["note"]
    # the subgraph keeps provenance without text; the read is one step of the trace, not one per probe
    rel = next(r for r in ex.subgraph.relationships if r.label == "commanded")
    assert len(rel.provenance["documents"]) == 2 and not any("excerpt" in d for d in rel.provenance["documents"])
    steps = [s for s in ex.trace if isinstance(s, ChunkTextStep)]
    assert len(steps) == 1 and steps[0].chunks == steps[0].with_text and (steps[0].chunks or 0) >= 2
    assert steps[0].seconds is not None
    data = Explanation.model_validate_json(ex.model_dump_json())
    assert _commanded(data).provenance["documents"][0]["excerpt"] == docs[0]["excerpt"]
    # the prompt states the fact once
    run = explainer.prepare(QUESTION)
    assert render(QUESTION, run.graph).prompt.count("Neil Armstrong commanded Apollo 11") == 1


def test_no_text_when_switched_off(explained: tuple[Explainer, Explanation]) -> None:
    explainer, _ = explained
    ex = explainer.explain(QUESTION, settings=ExplainSettings(strategies=("edge",), mode="khop", hops=2,
                                                              provenance_text_chars=0, noise_runs=1))
    assert not any("excerpt" in d for d in _commanded(ex).provenance["documents"])
    assert [s.skipped for s in ex.trace if isinstance(s, ChunkTextStep)] == ["provenance_text_chars is 0"]


def test_the_console_prints_the_text_with_markup_as_stored(explained: tuple[Explainer, Explanation]) -> None:
    _, ex = explained
    out = Console(record=True, width=240, color_system=None)
    print_explanation(out, ex)
    text = out.export_text()
    assert "Source text" in text and "Neil Armstrong commanded Apollo 11" in text
    assert "NEIL ARMSTRONG commanded Apollo 11" in text and EVIL in text  # markup prints as it is stored


@pytest.fixture(scope="module")
def page(explained: tuple[Explainer, Explanation], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watched]:
    _, ex = explained
    path: Path = write_html(tmp_path_factory.mktemp("report") / "report.html", [ex], title="provenance text")
    with chromium() as browser:
        watched = Watched(browser, path)
        watched.wait_views(1)
        yield watched
        watched.page.close()


@pytest.mark.browser
def test_the_page_shows_the_text_with_its_marks_and_markup_stays_text(page: Watched,
                                                                     explained: tuple[Explainer, Explanation]) -> None:
    _, ex = explained
    sec = page.page.locator("#ex-0 section.xg-view")
    edge = _commanded(ex)
    row = sec.locator("table.ranked tbody tr", has_text=edge.label).first
    row.click()
    quotes = sec.locator(".details blockquote.source-text")
    assert quotes.count() == 2
    assert "Neil Armstrong commanded Apollo 11" in quotes.nth(0).inner_text()
    assert EVIL in quotes.nth(0).inner_text()  # shown as text
    marks = quotes.nth(1).locator("mark.term").all_inner_texts()
    assert marks[:3] == ["NEIL ARMSTRONG", "commanded", "Apollo 11"]
    assert page.page.locator("img").count() == 0 and page.dialogs == []
    page.assert_clean()
