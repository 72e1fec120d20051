"""The CLI guide's "Commands at a glance" block against the CLI itself: every command it shows exists, every option
it names is one that command declares, and every command of the CLI is shown (a new command or a renamed option
fails here instead of leaving the summary stale)."""

from __future__ import annotations

import re
from typing import Any

import typer

from helpers import doc_block
from xgrag.cli import app

PAGE = "docs/guide/cli.md"


def synopsis() -> list[str]:
    """One string per command of the block: its first line plus its indented continuation lines, comments cut."""
    commands: list[str] = []
    for line in doc_block(PAGE, "Commands at a glance", "bash").splitlines():
        text = line.split("#", 1)[0].rstrip()
        if line.startswith("xgrag "):
            commands.append(text)
        elif text.strip() and commands:
            commands[-1] += " " + text.strip()
    return commands


def _resolve(root: Any, words: list[str]) -> tuple[list[str], Any]:
    """The deepest (sub)command the leading words name."""
    path, command = [], root
    for word in words:
        ctx = command.context_class(command)
        sub = command.get_command(ctx, word) if hasattr(command, "get_command") else None
        if sub is None:
            break
        path, command = [*path, word], sub
    return path, command


def test_every_command_and_option_of_the_summary_exists() -> None:
    root = typer.main.get_command(app)
    shown, passthrough = set(), set()
    for line in synopsis():
        words = line.split()[1:]
        path, command = _resolve(root, words)
        assert path, line
        assert not hasattr(command, "list_commands") or path == ["explanations"], f"{line}: names a group only"
        shown.add(path[0])
        named = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", line))
        if command.context_settings.get("ignore_unknown_options"):
            # train-gnan hands its arguments to an argparse parser that imports torch: tests/unit/test_docs_build.py
            # checks these options against its rendered --help
            passthrough.add(path[0])
            continue
        declared = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
        assert named <= declared, f"{' '.join(path)}: {sorted(named - declared)} not declared"
    listed = {name for name in root.list_commands(root.context_class(root))
              if not getattr(root.get_command(root.context_class(root), name), "hidden", False)}
    assert listed <= shown, f"commands missing from {PAGE}'s summary: {sorted(listed - shown)}"
    assert passthrough == {"train-gnan"}
