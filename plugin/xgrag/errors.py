"""One error base for everything xgrag raises on purpose.

`XgragError` carries what the CLI needs to end cleanly: `exit_code` (2 for a usage error: bad input,
configuration or arguments; 1 for a failure of something xgrag depends on: Neo4j, a generator, the embedded
server; 4 when a user's stack answer could not be reproduced by replaying its call, NotReproducedError; the CLI
uses 3 for an incomplete explanation and 5 for a question whose names matched nothing in the graph,
xgrag.report.outputs) and an optional `hint` (what to do next). The CLI has one handler for the
whole family, so a command never lists library exception types, and a new error is one subclass here or beside its
module.

Subclasses also derive from the builtin they replace (ValueError, RuntimeError, LookupError, KeyError), so code
written against the builtins keeps working.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

_Choice = TypeVar("_Choice", bound=str)


class XgragError(Exception):
    """Base of xgrag's errors. `str(error)` is the message a user reads; `hint` says what to do about it."""

    exit_code: int = 1

    def __init__(self, message: str = "", *, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


class UsageError(XgragError, ValueError):
    """Bad input: arguments, configuration, data files, an unknown name. CLI exit code 2."""

    exit_code = 2


class ServiceError(XgragError, RuntimeError):
    """Something xgrag depends on failed: Neo4j, a generator or embedder server, the embedded launcher. Exit 1."""

    exit_code = 1


class NotReproducedError(XgragError):
    """Explaining a user's stack: replaying its call did not give the answer the stack gave, so an explanation would
    explain a different answer (xgrag.explain.stack, on_mismatch="error"). CLI exit code 4, distinct from a failed
    service (1), a usage error (2) and an incomplete explanation (3, xgrag explain / explain-batch): the stack and
    xgrag both worked, the stack's call did not repeat its answer."""

    exit_code = 4

    def __init__(self, message: str = "", *, hint: str | None = None, reproduction: dict[str, Any] | None = None
                 ) -> None:
        super().__init__(message, hint=hint or "the stack's LLM must be deterministic on the same prompt "
                                                "(temperature 0, a fixed seed); on_mismatch='warn' explains the "
                                                "replayed answer instead, and says so")
        self.reproduction = reproduction or {}


class NotReproducedWarning(UserWarning):
    """Explaining a user's stack: the replayed call gave another answer than the stack did; the explanation explains
    the replayed one (Explanation.reproduction says how close it is)."""


class NotFoundError(XgragError, LookupError):
    """A named thing (a saved explanation, an entity) does not exist. Exit 1 unless a subclass says otherwise."""

    exit_code = 1

    def __str__(self) -> str:  # KeyError-like subclasses would quote their message; keep it readable
        return str(self.args[0]) if self.args else "not found"


class InputError(UsageError):
    """A malformed input file: names the file, the line (0 = the file as a whole) and the field."""

    def __init__(self, path: object, line: int, field: str, message: str) -> None:
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: field '{field}': {message}")
        self.path, self.line, self.field = str(path), line, field


def one_of(field: str, value: str, choices: Sequence[_Choice]) -> _Choice:
    """`value` as the choice it equals, typed as the choices are (a Literal), or a UsageError naming the field
    and every choice: how a string from a command line or a file becomes one of a fixed set of names."""
    for choice in choices:
        if choice == value:
            return choice
    raise UsageError(f"{field}: {value!r} is not one of {', '.join(choices)}")


def read_text_lines(path: object, error: type[InputError] = InputError) -> list[str]:
    """The lines of a UTF-8 text file; a file that is not UTF-8 is an `error` naming the line and column of the
    first bad byte (instead of a decoder traceback), a missing file one naming the path."""
    from pathlib import Path

    file = Path(str(path))
    if not file.is_file():
        raise error(file, 0, "path", "no such file")
    raw = file.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise error(file, line, "encoding", f"byte 0x{raw[exc.start]:02x} at column {column} is not UTF-8; "
                                            "save the file as UTF-8") from None
    return text.removeprefix("\ufeff").splitlines()



def json_objects(path: object, lines: list[str],
                 error: type[InputError] = InputError) -> list[tuple[int, dict[str, Any]]]:
    """The JSON objects of JSONL `lines` with their 1-based line numbers (blank lines skipped); a line that is not
    JSON, or not an object, is an `error` naming the file, the line and the field 'json'."""
    import json

    rows: list[tuple[int, dict[str, Any]]] = []
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise error(path, n, "json", f"not valid JSON ({exc.msg} at column {exc.colno})") from None
        if not isinstance(obj, dict):
            raise error(path, n, "json", f"expected an object, got {type(obj).__name__}")
        rows.append((n, obj))
    return rows


def read_jsonl(path: object, error: type[InputError] = InputError) -> list[tuple[int, dict[str, Any]]]:
    """`json_objects` of a UTF-8 file (read with `read_text_lines`)."""
    return json_objects(path, read_text_lines(path, error), error)
