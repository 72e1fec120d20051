"""Output paths checked before any work is done, and files written whole or not at all.

A path a command will write (`--json`, `--html`, a batch's `--out`) is checked before the first generator call:
a run of minutes must never end by discovering that its result cannot be written. The check really writes (a
temporary file in the target's folder, removed at once), so a read-only file system, a folder owned by someone
else or a path naming a folder all fail here, with the option and the reason, as a UsageError (exit 2).
"""

from __future__ import annotations

import os
import tempfile
import uuid
from pathlib import Path

from xgrag.errors import UsageError


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def check_writable_dir(path: Path, option: str, given: Path | None = None) -> None:
    """A file can be written in `path`, or `path` can be created: its nearest existing ancestor is a folder a file
    can be written in. Nothing is created (a command refused later for another reason leaves no trace).
    `given`: the path the user typed, when `path` is its folder (messages name what the user typed)."""
    shown = f"{option} {given or path}"
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise UsageError(f"{shown}: {existing} exists and is not a folder")
    try:
        with tempfile.TemporaryFile(dir=existing, prefix=".xgrag-write-check-"):
            pass
    except OSError as exc:
        what = "write in" if existing == path else f"create {path} in"
        raise UsageError(f"{shown}: cannot {what} the folder {existing} ({_reason(exc)})") from exc


def check_writable_file(path: Path, option: str, *, creates_folders: bool = True) -> None:
    """`path` can be written: its folder exists (or, when the writer `creates_folders`, can be created) and is
    writable, and the path is not a folder nor a file that cannot be replaced. Nothing is created."""
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder; give a file name")
    folder = path.parent if str(path.parent) else Path(".")
    if not creates_folders and not folder.exists():
        raise UsageError(f"{option} {path}: {folder} does not exist", hint=f"create {folder} first")
    check_writable_dir(folder, option, given=path)
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"{option} {path}: the file exists and cannot be overwritten (permission denied)")


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename: a run cut off mid-write
    (a signal, a full disk) leaves the old file or the new one, never half of one. The file gets the usual
    permissions (the umask's), as a plain write would."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with open(tmp, "x", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
