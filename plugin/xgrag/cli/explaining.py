"""`xgrag explain QUESTION` and `xgrag explain-batch QUESTIONS.jsonl`: the same options (ExplainOptions), checked
in the same order: the question(s), the settings file, every value, the files to write, the generator's spec;
only then is Neo4j opened (a dead server is reported in seconds), and then the generator built (its model loaded).

What a failure keeps (README "Failures and exit statuses"): Ctrl-C / SIGTERM stop a run and write what was
answered; a lost server or generator leaves a partial explanation, written to every output asked for; one
failing output never prevents the others. The exit statuses are xgrag.report.outputs'.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from xgrag.cli.app import app, console, out, report_error
from xgrag.cli.options import ExplainOptions, HtmlPathOpt, JsonPathOpt, TopOpt, grouped
from xgrag.cli.output import (
    cache_path,
    html_report,
    open_store,
    progress_bar,
    report_failures,
    report_unlinked,
    ticker,
    warn_unmapped,
)
from xgrag.config import config_file
from xgrag.evaluate.batch import BatchSpec, check_out_dir, read_questions, run_batch, summary_row
from xgrag.explain.cancel import RunCancelled, StopRequest
from xgrag.explain.settings import require_scorer_spec
from xgrag.generate.cache import ResponseCache
from xgrag.generate.factory import check_generator_spec, make_generator
from xgrag.model import Explanation
from xgrag.report.outputs import EXIT_INCOMPLETE, EXIT_SIGNAL_BASE, EXIT_UNLINKED, Outputs, Written, exit_status
from xgrag.report.signals import signal_number, stop_on_signals
from xgrag.retrieval.question import check_question
from xgrag.store import explanations as saved


def notice(text: str) -> None:
    """What the signal handler says when the first SIGINT / SIGTERM arrives."""
    console.print(f"[yellow]{escape(text)}[/yellow]")


@app.command()
@grouped("options", ExplainOptions)
def explain(
    question: str,
    options: ExplainOptions,
    save: Annotated[bool, typer.Option("--save", help="persist the explanation in Neo4j (xgrag labels)")] = False,
    json_path: JsonPathOpt = None,
    html_path: HtmlPathOpt = None,
    top: TopOpt = 8,
) -> None:
    """Explain the answer to QUESTION: which nodes and edges of its subgraph moved the answer. Ctrl-C / SIGTERM
    stop it and write what was answered (exit 130 / 143); exit 3: written but incomplete; exit 5: the question's
    names matched no entity in the graph (named on stderr)."""
    check_question(question)
    settings = options.settings()
    cfg = options.explain_settings(settings)
    connection = options.connection()
    outputs = Outputs(json_path, html_path, save, title=f"xgrag: {question}", render_html=html_report)
    outputs.check()  # before any call: a run must never end by finding that its result cannot be written
    check_generator_spec(options.generator)  # an unknown spec is answered here, before Neo4j or a model loads
    require_scorer_spec(options.generator, cfg)  # a reader that cannot score: before the server and its model

    from xgrag.explain import Explainer
    from xgrag.explain.explainer import require_scorer
    from xgrag.report.console import print_explanation
    from xgrag.store.neo4j import show_driver_log

    show_driver_log(options.verbose)
    stop = StopRequest()
    # the server first: a dead one is reported in a second, not after the generator's model has loaded
    with stop_on_signals(stop, notice), open_store(settings) as store:
        gen = make_generator(options.generator, **connection)
        require_scorer(gen, cfg)  # a generator that cannot score is a usage error, before any call
        response_cache = ResponseCache(cache_path(settings)) if options.cache else None
        explainer = Explainer.from_settings(settings, store, generator=gen, explain=cfg, cache=response_cache)
        try:
            with progress_bar() as progress:
                task = progress.add_task(f"explaining with {gen.name}", total=None)
                ex = explainer.explain(question, progress=ticker(progress, task), stop=stop)
        except RunCancelled as exc:
            report_error(exc)
            raise typer.Exit(stopped_status(stop)) from None
        finally:
            explainer.close()

        if not ex.subgraph.seeds:
            warn_unmapped(store, question)  # while the server is open: does it name a label the mapping skips?

        def save_it(e: Explanation) -> str:
            saved.save_explanation(store, e)
            return f"saved as (:XgragExplanation {{id: '{e.id}'}})"

        # files first, then the console, then the save: a failed save (or an incomplete run) loses nothing
        written = outputs.write(ex, show=lambda e: print_explanation(out, e, top), save=save_it,
                                log=lambda line: console.print(escape(line)))
    shown = not outputs.to_stdout and all(what != "console" for what, _ in written.failures)
    raise typer.Exit(explained(ex, written, stop, shown=shown))


def stopped_status(stop: StopRequest) -> int:
    """A run stopped before it had anything to keep: 128 + the signal's number (130 when no signal says)."""
    number = signal_number(stop)
    return EXIT_SIGNAL_BASE + number if number is not None else RunCancelled.exit_code


def explained(ex: Explanation, written: Written, stop: StopRequest, *, shown: bool = True) -> int:
    """After `explain`: every failed output named, what an incomplete explanation kept and where it went, what
    matched nothing in the graph; the exit status (xgrag.report.outputs). `shown`: the console report was printed,
    and it already says why a run was cut short (said once, not again here)."""
    from xgrag.explain.texts import incomplete_summary

    report_failures(written)
    if ex.incomplete:
        where = ", ".join(written.files) if written.files else "the console only (no --json / --html given)"
        if shown:
            console.print(f"[red]incomplete explanation[/red] written to {escape(where)} (why: in the report above)")
        else:
            console.print(f"[red]incomplete explanation[/red]: {escape(incomplete_summary(ex.incomplete))}; "
                          f"written to {escape(where)}")
        if ex.incomplete.hint:
            console.print(f"[yellow]hint:[/yellow] {escape(ex.incomplete.hint)}")
    if ex.unlinked:
        assert ex.linking is not None
        report_unlinked(ex.linking, "the answer does not come from the graph")
    return exit_status(incomplete=bool(ex.incomplete), written=written, signal_number=signal_number(stop),
                       unlinked=ex.unlinked)


@app.command("explain-batch")
@grouped("options", ExplainOptions)
def explain_batch(
    questions_file: Annotated[Path, typer.Argument(metavar="QUESTIONS.jsonl",
                                                   help='one {"question": ..., "id": ...} per line')],
    out_dir: Annotated[Path, typer.Option("--out", help="folder for questions/<id>.json and summary.json")],
    options: ExplainOptions,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help="run as Ray actors: 'local' starts Ray on this machine; 'auto' or ray://HOST:10001 joins a cluster "
             "(which needs xgrag installed)")] = None,
    workers: Annotated[int, typer.Option(min=1, help="Ray workers (each with its own driver and generator)")] = 2,
    wait_for_neo4j: Annotated[float, typer.Option(
        "--wait-for-neo4j", min=0, help="seconds a batch whose Neo4j went away waits for it to answer again "
                                        "(the question cut is then asked again)")] = 300.0,
) -> None:
    """Explain every question of a JSONL file into a folder; resumable (a finished question is never redone).
    Ctrl-C / SIGTERM: the question in hand is kept as incomplete, summary.json written (exit 130 / 143). Exit 3: a
    question is not done; 5: every one finished, but some question's names matched no entity (status "unlinked")."""
    questions = read_questions(questions_file)
    settings = options.settings()
    cfg = options.explain_settings(settings)
    connection = options.connection()
    check_out_dir(out_dir)  # before any call
    check_generator_spec(options.generator)
    require_scorer_spec(options.generator, cfg)  # a reader that cannot score: before the server and its model

    from xgrag.explain.explainer import require_scorer
    from xgrag.store.neo4j import show_driver_log

    show_driver_log(options.verbose)
    if ray is None:
        open_store(settings).close()  # fail fast when no server answers (before the generator's model loads)
    # one that cannot score under --response-score logprob is a usage error before any worker starts
    require_scorer(make_generator(options.generator, **connection), cfg)
    config_path = config_file(options.config)  # workers load the same file by its absolute path
    spec = BatchSpec(cfg, options.generator, connection, str(config_path.resolve()) if config_path else None,
                     str(cache_path(settings)) if options.cache else None, preset=options.preset,
                     neo4j_wait=wait_for_neo4j)
    stop = StopRequest()
    with stop_on_signals(stop, notice), progress_bar() as progress:
        task = progress.add_task("explaining", total=len(questions))

        def advance(record: dict[str, Any]) -> None:
            progress.update(task, description=f"{record['id']}: {record['status']}")
            progress.advance(task)

        result = run_batch(questions, out_dir, spec, ray=ray, workers=workers, progress=advance,
                           log=lambda s: console.print(escape(s)), stop=stop)
        progress.update(task, completed=len(questions))
    table = Table(title=f"{len(result.records)} questions ({len(result.reused)} reused) on {result.where}")
    for col in ("id", "status", "answer", "top component", "calls"):
        table.add_column(col)
    for record in result.records:
        row = summary_row(record)
        top = row.get("top") or {}
        table.add_row(escape(row["id"]), row["status"], escape(str(row.get("answer", row.get("message", "")))),
                      escape(str(top.get("label", ""))), str(row.get("generator_calls", "")))
    out.print(table)
    console.print(f"wrote {out_dir / 'summary.json'}")
    if result.worker_deaths:
        console.print(f"[yellow]{result.worker_deaths} Ray worker(s) died and were replaced[/yellow]")
    if result.neo4j_pauses:
        console.print(f"[yellow]Neo4j went away {len(result.neo4j_pauses)} time(s); the batch waited "
                      f"{sum(result.neo4j_pauses):.0f} s in all[/yellow]")
    unlinked = [r for r in result.records if r["status"] == "unlinked"]
    for record in unlinked:
        names = str(summary_row(record).get("not_in_graph", ""))
        console.print(f"[yellow]{escape(record['id'])}: not in the graph[/yellow]: {escape(names)} matched no entity")
    unfinished = len(result.records) - result.count("done") - len(unlinked)
    if unfinished:
        console.print(f"[red]{unfinished} of {len(result.records)} questions not done[/red] (incomplete, failed or "
                      "not run); run the same command again to redo them")
    number = signal_number(stop)
    if number is not None:
        console.print(f"stopped by {stop.detail}: {result.count('done')} of {len(result.records)} questions done; "
                      f"summary in {out_dir / 'summary.json'}")
        raise typer.Exit(EXIT_SIGNAL_BASE + number)
    if unfinished:
        raise typer.Exit(EXIT_INCOMPLETE)
    if unlinked:
        raise typer.Exit(EXIT_UNLINKED)
