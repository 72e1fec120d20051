"""A question about an entity the graph does not hold, over the real embedded Neo4j and the sample KB: the
explanation records that its names matched nothing (`linking`, `unlinked`), the report says so instead of an empty
table and "no fact changed the answer", `xgrag explain` exits 5 naming the names on stderr, `explain-batch` records
it per question, and the self-contained page shows no reassuring (green) sign for it, its markup inert.

The CLI runs in process (typer's runner) against the session's server, as tests/integration/test_cli_save_failure.py
does; the page is opened in Debian's Chromium."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import metaqa_sample, view_blocks
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.extractive import ExtractiveReader
from xgrag.model import Explanation
from xgrag.report.outputs import EXIT_UNLINKED
from xgrag.retrieval import Retriever
from xgrag.store.neo4j import Neo4jStore

MISSING = "who directed [Zorblax Quint]"
PARTLY = "did Tarik Lowe work with Zorblax Quint"
EVIL_NAME = "<img src=x onerror=alert(1)>Zorblax"
EVIL = f"who directed [{EVIL_NAME}]"


@pytest.fixture(scope="module")
def graph(server: Neo4jStore) -> Neo4jStore:
    return metaqa_sample(server)


@pytest.fixture(scope="module")
def explainer(graph: Neo4jStore) -> Iterator[Explainer]:
    emb = default_embedder()
    ex = Explainer(Retriever(graph, embedder=emb), ExtractiveReader(emb), emb,
                   ExplainSettings(strategies=("node", "edge"), noise_runs=1))
    yield ex
    ex.close()


@pytest.fixture
def cli_env(graph: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None], monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> None:
    monkeypatch.setenv("XGRAG_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NEO4J_URI", neo4j_uri[0])
    monkeypatch.setenv("NEO4J_USER", neo4j_uri[1] or "neo4j")
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_uri[2] or "")
    monkeypatch.setenv("COLUMNS", "200")
    for var in ("XGRAG_CONFIG", "XGRAG_SCHEMA_PRESET"):
        monkeypatch.delenv(var, raising=False)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_name_the_graph_does_not_hold_is_recorded_and_said(explainer: Explainer) -> None:
    ex = explainer.explain(MISSING)
    assert ex.unlinked and ex.linking is not None
    assert ex.linking.linked == [] and ex.linking.unmatched == ["Zorblax Quint"]
    assert ex.subgraph.nodes == [] and ex.components == [] and ex.cost.perturbations == 0
    assert ex.user_explanation.startswith("Nothing in the graph matched the question ('Zorblax Quint' matched no "
                                          "entity)")
    for text in (ex.user_explanation, ex.technical_explanation):
        assert "changed the answer" not in text, text
    back = Explanation.from_json(json.dumps(ex.to_json()))
    assert back.unlinked and back.to_json()["linking"] == ex.to_json()["linking"]


def test_a_name_that_matched_nothing_beside_one_that_did(explainer: Explainer) -> None:
    ex = explainer.explain(PARTLY)
    assert ex.linking is not None and not ex.unlinked
    assert [(m.name, m.method) for m in ex.linking.linked] == [("Tarik Lowe", "exact")]
    assert ex.linking.unmatched == ["Zorblax Quint"] and ex.components
    assert "Not in the graph: 'Zorblax Quint' matched no entity" in ex.technical_explanation


def test_a_question_with_no_name_lists_the_words_looked_up(explainer: Explainer) -> None:
    ex = explainer.explain("who directed zorblax quint")
    assert ex.unlinked and ex.linking is not None and ex.linking.unmatched == []
    assert ex.linking.searched == ["directed", "zorblax", "quint"]
    assert "the words directed, zorblax, quint" in ex.user_explanation


def test_explain_exits_5_and_names_what_matched_nothing(cli_env: None, tmp_path: Path) -> None:
    from xgrag.cli import app

    data, page = tmp_path / "e.json", tmp_path / "e.html"
    result = CliRunner().invoke(app, ["explain", EVIL, "--no-cache", "--json", str(data), "--html", str(page)])
    assert result.exit_code == EXIT_UNLINKED == 5, result.output
    assert "Traceback" not in result.output
    err, out = flat(result.stderr), flat(result.stdout)
    assert f"not in the graph: '{EVIL_NAME}' matched no entity, so the answer does not come from the graph" in err
    assert f"Not in the graph: Nothing in the graph matched the question ('{EVIL_NAME}'" in out, out
    assert "most important components" not in out and "changed the answer" not in out
    ex = json.loads(data.read_text())
    assert ex["linking"]["unlinked"] is True and ex["linking"]["unmatched"] == [EVIL_NAME]
    html = page.read_text(encoding="utf-8")
    assert "<img src=x" not in html  # the name travels as inert data
    (view,) = view_blocks(html)
    assert view["honesty"]["unlinked"] is True and view["honesty"]["not_in_graph"] == f"'{EVIL_NAME}'"


def test_a_linked_question_still_exits_0(cli_env: None) -> None:
    from xgrag.cli import app

    result = CliRunner().invoke(app, ["explain", PARTLY, "--no-cache", "--strategy", "edge"])
    assert result.exit_code == 0, result.output
    assert "not in the graph" not in result.stderr


def test_explain_batch_records_it_per_question(cli_env: None, tmp_path: Path) -> None:
    from xgrag.cli import app

    questions = tmp_path / "q.jsonl"
    questions.write_text("".join(json.dumps(q) + "\n" for q in [
        {"id": "linked", "question": "who was the director of [Out to Sea]"},
        {"id": "missing", "question": MISSING}, {"id": "partly", "question": PARTLY}]), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["explain-batch", str(questions), "--out", str(out), "--no-cache",
                                      "--strategy", "edge"])
    assert result.exit_code == EXIT_UNLINKED, result.output
    assert "missing: not in the graph: 'Zorblax Quint' matched no entity" in flat(result.stderr)
    summary = json.loads((out / "summary.json").read_text())
    rows = {r["id"]: r for r in summary["rows"]}
    assert {k: r["status"] for k, r in rows.items()} == {"linked": "done", "missing": "unlinked", "partly": "done"}
    assert (summary["done"], summary["unlinked"]) == (2, 1)
    assert rows["missing"]["unmatched"] == ["Zorblax Quint"] and rows["missing"]["not_in_graph"] == "'Zorblax Quint'"
    assert rows["partly"]["unmatched"] == ["Zorblax Quint"] and "unmatched" not in rows["linked"]
    record = json.loads((out / "questions" / "missing.json").read_text())
    assert record["status"] == "unlinked" and record["explanation"]["linking"]["unlinked"] is True
    # an unlinked question is asked again by the next run (the entity may have been ingested since); done ones not
    again = CliRunner().invoke(app, ["explain-batch", str(questions), "--out", str(out), "--no-cache",
                                     "--strategy", "edge"])
    assert again.exit_code == EXIT_UNLINKED and "2 already done" in flat(again.stderr), again.output


@pytest.mark.browser
def test_the_page_shows_it_without_a_green_mark(explainer: Explainer, tmp_path: Path) -> None:
    from support.browser import Watched, chromium
    from xgrag.serve.export import write_html

    if os.environ.get("XGRAG_SKIP_BROWSER"):
        pytest.skip("XGRAG_SKIP_BROWSER is set")
    ex = explainer.explain(EVIL)  # before Playwright's event loop starts in this thread
    path = write_html(tmp_path / "unlinked.html", [ex], title="unlinked")
    with chromium() as browser:
        watched = Watched(browser, path)
        try:
            watched.wait_views(1)
            page = watched.page
            alert = page.locator(".xg-view .unlinked")
            assert alert.count() == 1 and f"Not in the graph: '{EVIL_NAME}' matched no entity" in alert.inner_text()
            honesty = page.locator(".honesty")
            assert honesty.locator(".ok").count() == 0 and honesty.locator(".warn").count() >= 2
            assert "no entity of the graph matched" in honesty.inner_text()
            assert page.locator("img").count() == 0  # the name's markup is text, not an element
            watched.assert_clean()
        finally:
            watched.page.close()
