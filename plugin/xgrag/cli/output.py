"""What several commands share at run time: the store they open, progress bars, the HTML report `eval` writes, what
they say when the question's names matched nothing in the graph. Explanations' files (JSON, HTML, their checks
before any work, the exit statuses) are xgrag.report.outputs'."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TaskID, TextColumn, TimeElapsedColumn

from xgrag.cli.app import console
from xgrag.config import Settings
from xgrag.report.outputs import EXIT_UNLINKED

if TYPE_CHECKING:
    from xgrag.model import Explanation
    from xgrag.model.linking import Linking
    from xgrag.report.outputs import Written
    from xgrag.store.neo4j import Neo4jStore


def open_store(settings: Settings) -> Neo4jStore:
    """A verified connection (a server that is missing, too old or refuses the credentials is an error here)."""
    from xgrag.store.neo4j import Neo4jStore

    store = Neo4jStore.from_settings(settings)
    store.verify()
    return store


def cache_path(settings: Settings) -> Path:
    return Path(settings.embedded.home).expanduser().parent / "cache.sqlite"


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def progress_bar() -> Progress:
    # the spinner keeps moving while a slow generator is being waited for
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console, transient=True)


def ticker(progress: Progress, task: TaskID) -> Callable[[str, int, int | None], None]:
    """The explainer's progress callback: a phase with a total restarts the bar (retrieving, baseline, perturb)."""

    def tick(phase: str, advance: int, total: int | None) -> None:
        if total is not None:
            progress.update(task, description=phase, total=total, completed=0)
        progress.advance(task, advance)

    return tick


def html_report(explanations: list[Explanation], title: str) -> str:
    """The --html page: the browser workbench's view, exported self-contained (xgrag.serve.export). Handed to
    xgrag.report.outputs by the CLI, because report sits below serve in the import layers."""
    from xgrag.serve.export import render_html

    return render_html(explanations, title=title)


def write_html_report(path: Path, explanations: Sequence[Explanation], title: str) -> None:
    """An HTML report whose path was checked before the work (xgrag.report.outputs.check_outputs)."""
    from xgrag.report.outputs import write_report

    write_report(path, list(explanations), title, html_report)
    console.print(f"wrote {path}")


def report_failures(written: Written) -> None:
    """Each output that could not be written after the run (the others were): what, why, and the hint."""
    for what, exc in written.failures:
        console.print(f"[red]error:[/red] {what}: {escape(str(exc))}")
        if exc.hint:
            console.print(f"[yellow]hint:[/yellow] {escape(exc.hint)}")


def warn_unmapped(store: Neo4jStore, question: str) -> None:
    """Nothing in the question was linked: say whether it names nodes of a label the mapping leaves out."""
    from xgrag.retrieval.unmapped import unmapped_mentions

    found = unmapped_mentions(store, question)
    for m in found.mentions:
        console.print(f"[yellow]warning: the question names {escape(m.value)!r}, the {escape(m.key)} of a "
                      f"{escape(m.label)} node, and {escape(m.label)} is not in the mapping: the graph's facts about "
                      f"it cannot be read (map it in xgrag.toml, or run `xgrag schema infer` again)[/yellow]")
    if not found.mentions and found.unmapped_labels:
        console.print(f"[yellow]nothing in the question was linked to an entity; labels the mapping leaves out: "
                      f"{escape(', '.join(found.unmapped_labels[:10]))}"
                      + (f" (not searched, too large: {escape(', '.join(found.not_searched))})"
                         if found.not_searched else "") + "[/yellow]")


def report_unlinked(linking: Linking, consequence: str) -> None:
    """The question's names matched no entity (`xgrag explain`, `xgrag retrieve`): name them on stderr with what
    the command could not do (`consequence`) and what to do; the command then exits EXIT_UNLINKED (5)."""
    console.print(f"[red]not in the graph[/red]: {escape(linking.tried())} matched no entity, so {consequence} "
                  f"(exit {EXIT_UNLINKED})")
    console.print("[yellow]hint:[/yellow] check the spelling; ingest the entity (`xgrag ingest`); for a graph xgrag "
                  "did not write, `xgrag schema infer` maps its labels")
