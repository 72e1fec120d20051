"""One error base for everything xgrag raises on purpose.

`XgragError` carries what the CLI needs to end cleanly: `exit_code` (2 for a usage error: bad input,
configuration or arguments; 1 for a failure of something xgrag depends on: Neo4j, a generator, the embedded
server) and an optional `hint` (what to do next). The CLI has one handler for the whole family, so a command
never lists library exception types, and a new error is one subclass here or beside its module.

Subclasses also derive from the builtin they replace (ValueError, RuntimeError, LookupError, KeyError), so code
written against the builtins keeps working.
"""

from __future__ import annotations


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
