"""The Typer application every command module registers on, its one error handler, and the two consoles.

Importing this (and the options) loads no model, driver or numerical library: a command imports what it runs
inside its body, after the command line has been validated, so a usage error is answered in well under a second.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from xgrag.errors import XgragError

# Messages are not wrapped by rich (the terminal wraps them): rich breaks words, so a long path it printed
# ("wrote /tmp/.../xgrag.t" + newline + "oml") could not be copied back.
# emoji=False: a message is printed as written ("mystack:x:" stays that, not a cross mark)
console = Console(stderr=True, soft_wrap=True, emoji=False)
# Tables stay readable when stdout is not a terminal (pipes, CI logs): rich would fall back to 80 columns.
out = Console(soft_wrap=True, emoji=False, width=None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "160")))

# The exit statuses (0, 1, 2, 3 incomplete, 5 unlinked, 130 / 143 stopped by a signal) are documented and defined
# once, in xgrag.report.outputs.


def report_error(exc: XgragError) -> int:
    """The one place an expected failure reaches the user: its message, a hint, and the exit code."""
    console.print(f"[red]error:[/red] {escape(str(exc))}")
    if exc.hint:
        console.print(f"[yellow]hint:[/yellow] {escape(exc.hint)}")
    return exc.exit_code


class _App(typer.Typer):
    """Every command's XgragError ends here (message, hint, exit code): no command lists library exception
    types, and no expected failure prints a traceback."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(*args, **kwargs)
        except XgragError as exc:
            sys.exit(report_error(exc))


def group(help_text: str, *, no_args_is_help: bool = True) -> typer.Typer:
    """A command group (`xgrag db ...`) with the application's help format."""
    return typer.Typer(no_args_is_help=no_args_is_help, rich_markup_mode=None, help=help_text)


# rich_markup_mode=None: click's plain help, which wraps an option's text in a column of ~48 characters at 80
# columns and never cuts a word; rich's panels left ~25 and cut the valid values (`node|edge|synonym|s…`), and
# read "[schema]" in a help text as markup.
app = _App(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False, rich_markup_mode=None,
           help="Explain GraphRAG answers over Neo4j by perturbing the retrieved subgraph.")


def main() -> None:  # pragma: no cover - the console script and `python -m xgrag.cli`
    app()
