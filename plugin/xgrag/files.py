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
    """`path` exists as a folder (created if missing, with its parents) and a file can be written in it.
    `given`: the path the user typed, when `path` is its folder (messages name what the user typed)."""
    shown = f"{option} {given or path}"
    where = "" if given is None else f" {path}"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"{shown}: {'its folder' + where if given else 'it'} exists and is not a folder") from None
    except OSError as exc:
        raise UsageError(f"{shown}: cannot create the folder{where} ({_reason(exc)})") from exc
    try:
        with tempfile.TemporaryFile(dir=path, prefix=".xgrag-write-check-"):
            pass
    except OSError as exc:
        raise UsageError(f"{shown}: cannot write in the folder{where} ({_reason(exc)})") from exc


def check_writable_file(path: Path, option: str) -> None:
    """`path` can be written: its folder exists (or can be created) and is writable, and the path is not a folder
    nor a file that cannot be replaced. Nothing is left behind (a missing folder that was created stays)."""
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder; give a file name")
    check_writable_dir(path.parent if str(path.parent) else Path("."), option, given=path)
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"{option} {path}: the file exists and cannot be overwritten (permission denied)")


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename: a run cut off mid-write
    (a signal, a full disk) leaves the old file or the new one, never half of one. The file gets the usual
    permissions (the umask's), as a plain write would."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with open(tmp, "x", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
