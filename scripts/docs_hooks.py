"""MkDocs hooks (mkdocs.yml `hooks:`): the CLI reference, rendered from the Typer app itself.

A page holding the marker `<!-- xgrag-cli-reference -->` gets one section per command, in the order the CLI lists
them, each with the command's own `--help` text (click's plain help, as `xgrag CMD --help` prints it at 80
columns). Nothing is copied by hand, so the reference cannot drift from the options the code declares.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MARKER = "<!-- xgrag-cli-reference -->"
# 80 columns: the help fits the content column of a 1,280 px window (about 84 columns of code font) unscrolled
WIDTH = 80

# the docs are built from a checkout: import this checkout's package, not whichever xgrag is installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugin"))


def _commands(command: Any, path: list[str], parent: Any = None) -> Iterator[tuple[list[str], Any, Any]]:
    """(path, command, context) for the command and every subcommand, depth first, in the CLI's listed order."""
    ctx = command.context_class(command, info_name=" ".join(path), parent=parent, terminal_width=WIDTH,
                                max_content_width=WIDTH)
    yield path, command, ctx
    if hasattr(command, "list_commands"):  # a group (typer vendors click: no isinstance against click.Group)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not getattr(sub, "hidden", False):
                yield from _commands(sub, [*path, name], ctx)


def cli_reference() -> str:
    import os

    import typer
    from typer.testing import CliRunner

    from xgrag.cli import app

    root = typer.main.get_command(app)
    runner = CliRunner()
    sections = []
    for path, command, _ctx in _commands(root, ["xgrag"]):
        title = " ".join(path)
        summary = (command.get_short_help_str(limit=WIDTH) if len(path) > 1 else "").strip()
        # the command's own `--help`, as a user gets it (train-gnan hands --help to its argparse parser)
        result = runner.invoke(app, [*path[1:], "--help"], prog_name="xgrag", terminal_width=WIDTH,
                               env={**os.environ, "COLUMNS": str(WIDTH)})
        if result.exit_code != 0:
            raise RuntimeError(f"`{title} --help` exited {result.exit_code}: {result.output}")
        text = result.output.rstrip()
        # text blocks scroll rather than wrap (docs/stylesheets/code.css): help wider than WIDTH (a raw description,
        # an argparse usage line) would be cut at the page's edge
        wide = [line for line in text.splitlines() if len(line) > WIDTH]
        if wide:
            raise RuntimeError(f"`{title} --help` has lines over {WIDTH} columns: {wide[:3]}")
        sections.append(f"## `{title}`\n\n{summary}\n\n```text\n{text}\n```\n")
    return "\n".join(sections)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if MARKER in markdown:
        return markdown.replace(MARKER, cli_reference())
    return markdown
