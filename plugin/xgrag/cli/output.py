"""What several commands share at run time: the store they open, progress bars, and the files they write (JSON,
HTML), whose paths are checked before any work starts."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TaskID, TextColumn, TimeElapsedColumn

from xgrag.cli.app import console
from xgrag.config import Settings
from xgrag.errors import UsageError

if TYPE_CHECKING:
    from xgrag.model import Explanation
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


def check_output(option: str, path: Path | None, *, creates_folders: bool = False) -> None:
    """A file the command will write at the end, checked before the work: its folder exists (or, when the writer
    creates folders, the nearest existing one is a writable folder), and it is not itself a folder."""
    if path is None or str(path) == "-":
        return
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder", hint="name the file to write")
    folder = path.parent
    while creates_folders and not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise UsageError(f"{option} {path}: {folder} " + ("is not a folder" if folder.exists() else "does not exist"))
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{option} {path}: the folder {folder} is not writable")


def write_explanation_json(ex: Explanation, json_path: Path) -> bool:
    """Write the explanation's JSON to `json_path`; True when that was stdout ('-'), which then carries nothing else."""
    payload = json.dumps(ex.to_json(), indent=2)
    if str(json_path) == "-":
        sys.stdout.write(payload + "\n")
        return True
    try:
        json_path.write_text(payload + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--json {json_path}: {exc.strerror or exc}") from exc
    console.print(f"wrote {json_path}")
    return False


def write_report(path: Path, explanations: Sequence[Explanation], title: str) -> None:
    from xgrag.serve.export import write_html

    try:
        write_html(path, explanations, title=title)
    except OSError as exc:
        raise UsageError(f"--html {path}: {exc.strerror or exc}") from exc
    console.print(f"wrote {path}")
