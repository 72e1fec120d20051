"""`xgrag explain-stack MODULE:FACTORY QUESTION`: explain the answer a user's own stack gives, from a shell.

The stack is named as a Python entry point (xgrag.integrations.entry.load_stack): a module on the path (the current
directory first) and the chain, GraphRAG, query engine or LightRAG inside it, or a function of no argument that
builds it. Its call runs once through its integration's entry point and is explained with the stack engine; with
`--observed-answer` the answer the user got is the baseline the replays (and this run) must reproduce.

Exit statuses (xgrag.report.outputs, xgrag.errors): 0 explained; 2 a usage error (the entry point: module or
attribute missing, an object of another kind, its factory failing; a bad option); 3 written but incomplete; 4 not
reproduced under `--on-mismatch error` (nothing probed); 1 the stack's own call failed.
"""

from __future__ import annotations

import warnings
from typing import Annotated

import typer
from rich.markup import escape

from xgrag.cli.app import app, console, out
from xgrag.cli.options import JsonPathOpt, TopOpt
from xgrag.cli.output import report_failures
from xgrag.errors import ServiceError, UsageError, XgragError, one_of
from xgrag.explain.perturbers import STACK_STRATEGIES
from xgrag.explain.stack.reproduction import ON_MISMATCH, check_observed
from xgrag.retrieval.question import check_question

ALL_STACK_STRATEGIES = ",".join(STACK_STRATEGIES)
EntryArg = Annotated[str, typer.Argument(
    metavar="MODULE:FACTORY",
    help="the stack: a module on the path (the current directory first) and, inside it, an LCEL chain, a "
         "GraphCypherQAChain, a neo4j-graphrag GraphRAG, a LlamaIndex query engine or a LightRAG, or a function of "
         "no argument returning one (e.g. mystack:build_chain)")]
ObservedOpt = Annotated[str | None, typer.Option(
    "--observed-answer", help="the answer the stack gave you: the baseline its replayed call must reproduce "
                              "(default: the answer of the call this command makes)")]
OnMismatchOpt = Annotated[str, typer.Option(
    "--on-mismatch", help="when the replayed call does not give the observed answer: warn (explain the replayed "
                          "answer, and say so) | error (stop before any probe, exit 4)")]
StackStrategyOpt = Annotated[str, typer.Option(
    "--strategy", help=f"{' | '.join(STACK_STRATEGIES)} (comma-separated): remove retrieved items, spans of them")]
StackMaxCallsOpt = Annotated[int | None, typer.Option(
    "--max-calls", min=1, help="calls of the stack's LLM per explanation (default: no limit)")]


def _strategies(text: str) -> tuple[str, ...]:
    names = tuple(s.strip() for s in text.split(",") if s.strip())
    wrong = [s for s in names if s not in STACK_STRATEGIES]
    if not names or wrong:
        raise UsageError(f"--strategy: {', '.join(wrong) or repr(text)} is not a stack strategy; choose from "
                         f"{', '.join(STACK_STRATEGIES)}")
    return names


@app.command("explain-stack")
def explain_stack(
    entry: EntryArg,
    question: str,
    observed_answer: ObservedOpt = None,
    on_mismatch: OnMismatchOpt = "warn",
    strategy: StackStrategyOpt = ALL_STACK_STRATEGIES,
    max_calls: StackMaxCallsOpt = None,
    json_path: JsonPathOpt = None,
    top: TopOpt = 8,
) -> None:
    """Explain the answer your own RAG stack gives to QUESTION, with its own retriever's context, prompt and LLM.
    Exit 4: the replayed call did not reproduce the answer (under --on-mismatch error); 2: a bad entry point or
    option; 3: written but incomplete; 1: the stack's own call failed."""
    check_question(question)
    policy = one_of("--on-mismatch", on_mismatch, ON_MISMATCH)
    check_observed(observed_answer, policy)
    strategies = _strategies(strategy)
    from xgrag.report.outputs import Outputs, exit_status

    outputs = Outputs(json_path, None, False, title=f"xgrag: {question}")
    outputs.check()  # before the stack is loaded or called

    from xgrag.integrations.entry import explain_loaded, load_stack, stack_kind

    stack = load_stack(entry)  # the user's module runs here: every option was checked before
    from xgrag.explain import ExplainSettings
    from xgrag.explain.stack import stack_settings
    from xgrag.report.console import print_explanation

    settings = stack_settings(ExplainSettings(strategies=strategies, max_calls=max_calls))
    console.print(f"explaining {escape(str(stack_kind(stack)))} from {escape(entry)}")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            result = explain_loaded(stack, question, observed_answer=observed_answer, on_mismatch=policy,
                                    settings=settings)
        except XgragError:
            raise
        except Exception as exc:  # the user's stack failed in its own call (its LLM, its database): no traceback
            raise ServiceError(f"the stack's call failed: {type(exc).__name__}: {exc}"[:2000]) from None
    from xgrag.errors import NotReproducedWarning

    for w in seen:
        if issubclass(w.category, NotReproducedWarning):
            console.print(f"[yellow]warning:[/yellow] {escape(str(w.message))}")
    ex = result.explanation
    if ex is None:
        raise ServiceError(f"the stack answered {result.answer!r} from an empty context: there is nothing to explain")
    written = outputs.write(ex, show=lambda e: print_explanation(out, e, top), save=None,
                            log=lambda line: console.print(escape(line)))
    report_failures(written)
    raise typer.Exit(exit_status(incomplete=bool(ex.incomplete), written=written))


__all__ = ["explain_stack"]
