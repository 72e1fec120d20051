"""Outputs are checked before the run and written one by one after it; the exit status says what happened; the
first SIGINT / SIGTERM only requests the stop. Real files in a temporary folder, a real Explanation from the
unit fakes."""

from __future__ import annotations

import io
import signal
from pathlib import Path

import pytest
from rich.console import Console

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.cancel import StopRequest
from xgrag.files import check_writable_file
from xgrag.model import Node, Relationship, Subgraph
from xgrag.report.console import print_explanation
from xgrag.report.outputs import Outputs, check_outputs, exit_status
from xgrag.report.signals import signal_number, stop_on_signals
from xgrag.serve.export import render_html
from xgrag.store.neo4j import StoreError


def movie_graph() -> Subgraph:
    sub = Subgraph(seeds=["m"])
    for nid, name in (("m", "Out to Sea"), ("d", "Martha Coolidge"), ("a", "Jack Lemmon")):
        sub.add_node(Node(nid, name, "Thing"))
    sub.add_relationship(Relationship("r1", "m", "d", "directed_by"))
    sub.add_relationship(Relationship("r2", "m", "a", "starred_actors"))
    return sub


def explanation():
    return Explainer(FixedRetriever(movie_graph()), RuleGenerator(), HashEmbedder(),
                     ExplainSettings(strategies=("edge",), noise_runs=1)).explain("who directed Out to Sea")


def test_a_path_that_cannot_be_written_is_named_and_nothing_is_created(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    with pytest.raises(UsageError, match="is a folder; give a file name"):
        check_writable_file(tmp_path, "--json")
    with pytest.raises(UsageError, match="a-file exists and is not a folder"):
        check_writable_file(a_file / "deeper" / "e.json", "--json")
    nested = tmp_path / "new" / "folders" / "e.json"
    check_writable_file(nested, "--html")  # creatable: fine, and nothing is created by the check
    assert not (tmp_path / "new").exists()
    with pytest.raises(UsageError, match="new/folders does not exist"):
        check_writable_file(nested, "--json", creates_folders=False)  # a writer that creates no folder
    with pytest.raises(UsageError, match="new/folders does not exist"):
        check_outputs([("--json", nested)])
    check_outputs([("--html", nested)])
    assert not (tmp_path / "new").exists()
    with pytest.raises(UsageError) as caught:
        check_outputs([("--json", a_file / "x.json"), ("--html", tmp_path), ("--json", Path("-"))])
    assert "--json" in str(caught.value) and "--html" in str(caught.value) and "nothing was run" in caught.value.hint


def test_one_failing_output_never_prevents_the_others(tmp_path: Path) -> None:
    ex = explanation()
    data, page = tmp_path / "sub" / "e.json", tmp_path / "page" / "e.html"
    (tmp_path / "sub").mkdir()  # --json's folder must exist; --html's is created
    outputs = Outputs(data, page, save=True, title="t", render_html=lambda exs, title: render_html(exs, title=title))
    outputs.check()
    (tmp_path / "sub").rmdir()
    (tmp_path / "sub").write_text("became a file after the check")  # the JSON's folder is gone by write time
    buf, saved, logged = io.StringIO(), [], []

    def save(e) -> str:
        saved.append(e.id)
        raise StoreError("lost the connection to Neo4j at bolt://127.0.0.1:1", hint="is it running?")

    written = outputs.write(ex, show=lambda e: print_explanation(Console(file=buf, width=200), e), save=save,
                            log=logged.append)
    assert [what for what, _ in written.failures] == ["--json", "--save"]
    assert written.files == [str(page)] and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "Q: who directed Out to Sea" in buf.getvalue() and saved == [ex.id]
    assert written.exit_code == 1 and exit_status(incomplete=False, written=written) == 1
    assert not list(tmp_path.rglob("*.tmp"))  # no half-written file left behind


def test_exit_statuses() -> None:
    assert exit_status(incomplete=False) == 0 and exit_status(incomplete=True) == 3
    assert exit_status(incomplete=True, signal_number=int(signal.SIGINT)) == 130
    assert exit_status(incomplete=True, signal_number=int(signal.SIGTERM)) == 143


def test_the_first_signal_requests_the_stop_and_the_handlers_come_back() -> None:
    before = signal.getsignal(signal.SIGINT)
    stop, notices = StopRequest(), []
    with stop_on_signals(stop, notices.append):
        signal.raise_signal(signal.SIGTERM)  # (a second SIGTERM would end the process at once)
    assert stop.is_set() and stop.detail == "SIGTERM" and signal_number(stop) == int(signal.SIGTERM)
    assert notices and notices[0].startswith("SIGTERM: stopping")
    assert signal.getsignal(signal.SIGINT) is before
    stop = StopRequest()
    with pytest.raises(KeyboardInterrupt), stop_on_signals(stop, notices.append):
        signal.raise_signal(signal.SIGINT)
        assert stop.detail == "SIGINT"
        signal.raise_signal(signal.SIGINT)  # the second: now
    assert signal.getsignal(signal.SIGINT) is before
