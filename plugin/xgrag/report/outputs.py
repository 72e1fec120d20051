"""Where an explanation goes (JSON, HTML, the console, Neo4j), planned and checked before the run, written
one by one after it so that one failing output never prevents the others, and the exit status that says what
happened.

Exit statuses of `xgrag explain` / `explain-batch` (README "Failures and exit statuses"):

    0    done: the explanation (every question) is complete and every output was written
    1    something xgrag depends on failed (Neo4j, a generator before its first answer), or an output could not
         be written after the run (the others were)
    2    bad input: arguments, configuration, files, an output path that cannot be written (found before any
         generator call)
    3    written, but incomplete: the generator or Neo4j failed part-way (explain-batch: a question is not done)
    5    written, but the question's names matched no entity in the graph, so its answer does not come from the
         graph and there is nothing to explain (explain-batch: every question finished, at least one so); stderr
         names what matched nothing. 4 is NotReproducedError's (xgrag.errors)
    130  stopped by SIGINT (Ctrl-C), 143 by SIGTERM: what was answered was written first (the partial explanation,
         the batch's summary), and the path printed
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xgrag.errors import ServiceError, UsageError, XgragError
from xgrag.files import check_writable_file, write_text_atomic
from xgrag.model import Explanation

EXIT_OK = 0
EXIT_SERVICE = 1
EXIT_USAGE = 2
EXIT_INCOMPLETE = 3
# distinct from an incomplete run (3): everything was asked and written; the graph held nothing the question names
EXIT_UNLINKED = 5
EXIT_SIGNAL_BASE = 128  # + the signal's number: 130 SIGINT, 143 SIGTERM (the shell's convention)


class OutputError(ServiceError):
    """An output that passed its check could not be written after the run (a full disk, a folder removed)."""


# The options whose folder must already exist (as it always had to for --json); the others (--html, eval's
# --html) create theirs, as the HTML writer always did.
FOLDER_MUST_EXIST = frozenset({"--json"})


def check_outputs(paths: Sequence[tuple[str, Path | None]]) -> None:
    """Check every (option, path) before the run; '-' (stdout) and None need nothing. All bad ones are named at
    once, so a user fixes them in one go."""
    problems: list[str] = []
    for option, path in paths:
        if path is None or str(path) == "-":
            continue
        try:
            check_writable_file(path, option, creates_folders=option not in FOLDER_MUST_EXIST)
        except UsageError as exc:
            problems.append(str(exc))
    if problems:
        raise UsageError("; ".join(problems), hint="nothing was run: fix the output paths and run it again")


def write_json(ex: Explanation, path: Path) -> None:
    """The explanation's JSON at `path` ('-': stdout)."""
    payload = json.dumps(ex.to_json(), indent=2) + "\n"
    if str(path) == "-":
        sys.stdout.write(payload)
        sys.stdout.flush()
        return
    try:
        write_text_atomic(path, payload)
    except OSError as exc:
        raise OutputError(f"--json {path}: {exc.strerror or exc}") from exc


# (explanations, title) -> the self-contained HTML page; the CLI passes xgrag.serve.export's (serve sits above
# report in the import layers, so this module cannot import it)
HtmlRenderer = Callable[[list[Explanation], str], str]


def write_report(path: Path, explanations: list[Explanation], title: str, render: HtmlRenderer) -> None:
    """The self-contained HTML report at `path`, written atomically."""
    try:
        write_text_atomic(path, render(explanations, title))
    except OSError as exc:
        raise OutputError(f"--html {path}: {exc.strerror or exc}") from exc


@dataclass
class Written:
    """What became of each output: the files written, the outputs that failed (the others were still written)."""

    files: list[str] = field(default_factory=list)
    saved: bool = False
    failures: list[tuple[str, XgragError]] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """The first failure's code (1 for a dependency or a file, 2 for a usage error), else 0."""
        return self.failures[0][1].exit_code if self.failures else EXIT_OK


@dataclass(frozen=True)
class Outputs:
    """The outputs `xgrag explain` was asked for."""

    json_path: Path | None = None
    html_path: Path | None = None
    save: bool = False
    title: str = "xgrag"
    render_html: HtmlRenderer | None = None  # required with html_path

    @property
    def to_stdout(self) -> bool:
        """The JSON goes to stdout, which then carries nothing else (no console table)."""
        return self.json_path is not None and str(self.json_path) == "-"

    def check(self) -> None:
        if self.html_path is not None and self.render_html is None:
            raise TypeError("Outputs: html_path needs render_html (the page renderer)")
        check_outputs([("--json", self.json_path), ("--html", self.html_path)])

    def write(self, ex: Explanation, *, show: Callable[[Explanation], None],
              save: Callable[[Explanation], str] | None, log: Callable[[str], None]) -> Written:
        """Files first (a failed save must not lose what was measured), then the console, then the save; each in
        its own try, so one failing never prevents the others. `show` prints the console table; `save` stores the
        explanation and returns a line saying where."""
        done = Written()

        def attempt(what: str, action: Callable[[], Any]) -> bool:
            try:
                action()
            except XgragError as exc:
                done.failures.append((what, exc))
                return False
            except OSError as exc:  # a console write to a closed pipe, say
                done.failures.append((what, OutputError(f"{what}: {exc.strerror or exc}")))
                return False
            return True

        json_path, html_path = self.json_path, self.html_path
        if json_path is not None and attempt("--json", lambda: write_json(ex, json_path)) and not self.to_stdout:
            done.files.append(str(json_path))
            log(f"wrote {json_path}")
        render = self.render_html
        if html_path is not None and render is not None and attempt(
                "--html", lambda: write_report(html_path, [ex], self.title, render)):
            done.files.append(str(html_path))
            log(f"wrote {html_path}")
        if not self.to_stdout:
            attempt("console", lambda: show(ex))
        if self.save and save is not None:
            if ex.incomplete:
                log("saving the incomplete explanation (marked incomplete in the graph as in the files)")

            def store() -> None:
                log(save(ex))

            done.saved = attempt("--save", store)
        return done


def exit_status(*, incomplete: bool, written: Written | None = None, signal_number: int | None = None,
                unlinked: bool = False) -> int:
    """The documented status (module docstring): a signal first, then a failed output, then incompleteness, then a
    question that matched nothing in the graph."""
    if signal_number is not None:
        return EXIT_SIGNAL_BASE + signal_number
    if written is not None and written.failures:
        return written.exit_code
    if incomplete:
        return EXIT_INCOMPLETE
    return EXIT_UNLINKED if unlinked else EXIT_OK
