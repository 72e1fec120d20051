"""A user's stack named from a shell: `module:attribute` (`xgrag explain-stack`), loaded and explained with the
integration of its kind.

`load_stack("mystack:build")` imports `mystack` (the current directory first on the path, as `python -m` has it),
reads `build` (a dotted path inside the module is allowed: `mystack:app.chain`) and, when it is not itself a stack
object but a callable, calls it with no argument: the factory returns the user's chain, GraphRAG, query engine or
LightRAG, built as the user's own script builds it. Every way this can go wrong (no colon, the module missing, an
import failing inside the user's module, the attribute missing, the factory raising, an object of another kind) is a
UsageError naming what was wrong (CLI exit 2), never a traceback.

`explain_loaded(stack, question, ...)` runs the stack's call once (its own entry point: `explain_chain`,
`explain_cypher_qa`, `explain_search`, LlamaIndex's or LightRAG's `explain_query`) and explains it, judged against
`observed_answer` when given (the answer the user got; xgrag.explain.stack.StackCall.observed).

The kinds are told apart by the classes' modules, so that a library not installed is never imported to ask.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from xgrag.errors import UsageError

if TYPE_CHECKING:  # loading a stack imports nothing heavy: a bad entry point is answered at once
    from xgrag.explain import ExplainSettings
    from xgrag.explain.stack import OnMismatch
    from xgrag.model import Explanation

StackKind = Literal["langchain:GraphCypherQAChain", "langchain:LCEL", "neo4j-graphrag:GraphRAG",
                    "llamaindex:query engine", "lightrag:LightRAG"]
EXPECTED = ("an LCEL chain (a LangChain Runnable with one chat-model step), a langchain-neo4j GraphCypherQAChain, a "
            "neo4j-graphrag GraphRAG, a LlamaIndex query engine or a LightRAG instance")


@dataclass
class StackAnswer:
    """What `explain_loaded` gives back: the stack's kind, the answer its call gave (this run's), the explanation."""

    kind: StackKind
    answer: str
    explanation: Explanation | None


def _classes(obj: Any) -> list[str]:
    return [f"{c.__module__}.{c.__qualname__}" for c in type(obj).__mro__]


def stack_kind(obj: Any) -> StackKind | None:
    """Which kind of stack object `obj` is (None: none xgrag explains)."""
    names = _classes(obj)
    if any(n.startswith("langchain_neo4j.") and n.endswith(".GraphCypherQAChain") for n in names):
        return "langchain:GraphCypherQAChain"
    if any(n.startswith("neo4j_graphrag.generation.") and n.endswith(".GraphRAG") for n in names):
        return "neo4j-graphrag:GraphRAG"
    if any(n.startswith("llama_index.core.") and n.endswith(".BaseQueryEngine") for n in names):
        return "llamaindex:query engine"
    if any(n.startswith("lightrag.") and n.endswith(".LightRAG") for n in names):
        return "lightrag:LightRAG"
    if any(n == "langchain_core.runnables.base.Runnable" for n in names):
        return "langchain:LCEL"
    return None


def _import(module: str, spec: str) -> Any:
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:  # a console script's path lacks it; `python -m` has it
        sys.path.insert(0, cwd)
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if missing == module or module.startswith(missing + "."):
            raise UsageError(f"{spec}: no module named {missing!r} (searched the current directory and the Python "
                             "path)", hint="run from the folder that holds it, or set PYTHONPATH") from None
        raise UsageError(f"{spec}: importing {module!r} failed: {exc}") from None
    except Exception as exc:  # the user's module raised while importing: say what, without the traceback
        raise UsageError(f"{spec}: importing {module!r} failed: {type(exc).__name__}: {exc}") from None


def load_stack(spec: str) -> Any:
    """The stack object `spec` ("module:attribute") names (module docstring)."""
    module, sep, attr = spec.partition(":")
    if not sep or not module.strip() or not attr.strip():
        raise UsageError(f"{spec!r}: expected MODULE:ATTRIBUTE, e.g. mystack:build_chain (a module on the path and "
                         "the stack object, or a function returning it, inside it)")
    found: Any = _import(module, spec)
    where = module
    for part in attr.split("."):
        if not hasattr(found, part):
            raise UsageError(f"{spec}: {where} has no attribute {part!r}")
        found = getattr(found, part)
        where = f"{where}.{part}"
    if stack_kind(found) is None and callable(found):
        try:
            found = found()
        except Exception as exc:  # the user's factory failed: its message, not its traceback
            raise UsageError(f"{spec}: calling {where}() failed: {type(exc).__name__}: {exc}") from None
        where = f"{where}()"
    if stack_kind(found) is None:
        raise UsageError(f"{spec}: {where} is a {type(found).__module__}.{type(found).__qualname__}; expected "
                         f"{EXPECTED}, or a function of no argument returning one")
    return found


def _runner(kind: StackKind) -> Callable[..., Any]:
    if kind == "langchain:GraphCypherQAChain":
        from xgrag.integrations.langchain import explain_cypher_qa

        return explain_cypher_qa
    if kind == "langchain:LCEL":
        from xgrag.integrations.langchain import explain_chain

        return explain_chain
    if kind == "neo4j-graphrag:GraphRAG":
        from xgrag.integrations.neo4j_graphrag import explain_search

        return explain_search
    if kind == "llamaindex:query engine":
        from xgrag.integrations.llamaindex import explain_query

        return explain_query
    from xgrag.integrations.lightrag import explain_query as explain_lightrag

    return explain_lightrag


def explain_loaded(stack: Any, question: str, *, observed_answer: str | None = None,
                   on_mismatch: OnMismatch = "warn", settings: ExplainSettings | None = None) -> StackAnswer:
    """Run `stack`'s call on `question` once with its integration's entry point and explain it (blocking)."""
    from xgrag.explain.stack import check_observed

    check_observed(observed_answer, on_mismatch)
    kind = stack_kind(stack)
    if kind is None:
        raise UsageError(f"a {type(stack).__name__} is not a stack xgrag explains; expected {EXPECTED}")
    out = _runner(kind)(stack, question, settings=settings, on_mismatch=on_mismatch,
                        observed_answer=observed_answer)
    answer = out.answer
    return StackAnswer(kind, str(answer), out.explanation)


__all__ = ["EXPECTED", "StackAnswer", "StackKind", "explain_loaded", "load_stack", "stack_kind"]
