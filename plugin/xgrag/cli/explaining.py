"""`xgrag explain QUESTION` and `xgrag explain-batch QUESTIONS.jsonl`: the same options (ExplainOptions), checked
in the same order: the question(s), the settings file, every value, the files to write; only then is a
generator built and Neo4j opened."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from xgrag.cli.app import INCOMPLETE_EXIT, app, console, out
from xgrag.cli.options import ExplainOptions, HtmlPathOpt, JsonPathOpt, TopOpt, grouped
from xgrag.cli.output import (
    cache_path,
    check_output,
    open_store,
    progress_bar,
    ticker,
    write_explanation_json,
    write_report,
)
from xgrag.config import config_file
from xgrag.evaluate.batch import BatchSpec, read_questions, run_batch, summary_row
from xgrag.generate.cache import ResponseCache
from xgrag.generate.factory import make_generator
from xgrag.retrieval.question import check_question
from xgrag.store import explanations as saved


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
    """Explain the answer to QUESTION: which nodes and edges of its subgraph moved the answer."""
    check_question(question)
    settings = options.settings()
    cfg = options.explain_settings(settings)
    connection = options.connection()
    check_output("--json", json_path)
    check_output("--html", html_path, creates_folders=True)

    gen = make_generator(options.generator, **connection)  # an unknown spec is answered here, before the engine loads
    from xgrag.explain import Explainer
    from xgrag.explain.explainer import require_scorer
    from xgrag.report.console import print_explanation

    require_scorer(gen, cfg)  # before Neo4j is opened: a generator that cannot score is a usage error
    response_cache = ResponseCache(cache_path(settings)) if options.cache else None
    with open_store(settings) as store:
        with progress_bar() as progress:
            task = progress.add_task(f"explaining with {gen.name}", total=None)
            explainer = Explainer.from_settings(settings, store, generator=gen, explain=cfg, cache=response_cache)
            ex = explainer.explain(question, progress=ticker(progress, task))
        # files first: a failed save (or an incomplete run) must not lose what was measured
        if html_path is not None:
            write_report(html_path, [ex], title=f"xgrag: {question}")
        to_stdout = json_path is not None and write_explanation_json(ex, json_path)
        if not to_stdout:
            print_explanation(out, ex, top)
        if save:
            saved.save_explanation(store, ex)
            console.print(f"saved as (:XgragExplanation {{id: '{ex.id}'}})")
    if ex.incomplete:
        written = [str(p) for p in (json_path, html_path) if p is not None and str(p) != "-"]
        console.print(f"[red]incomplete explanation[/red] ({escape(ex.incomplete['reason'])}): "
                      f"{ex.incomplete['answered']} of {ex.incomplete['planned']} perturbations answered"
                      + (f"; written to {', '.join(written)}" if written else ""))
        raise typer.Exit(INCOMPLETE_EXIT)


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
) -> None:
    """Explain every question of a JSONL file into a folder; resumable (a finished question is never redone)."""
    questions = read_questions(questions_file)
    settings = options.settings()
    cfg = options.explain_settings(settings)
    connection = options.connection()
    check_output("--out", out_dir / "summary.json", creates_folders=True)

    # a bad spec, or one that cannot score under --response-score logprob, is a usage error before any worker starts
    generator = make_generator(options.generator, **connection)
    from xgrag.explain.explainer import require_scorer

    require_scorer(generator, cfg)
    if ray is None:
        open_store(settings).close()  # fail fast when no server answers
    config_path = config_file(options.config)  # workers load the same file by its absolute path
    spec = BatchSpec(cfg, options.generator, connection, str(config_path.resolve()) if config_path else None,
                     str(cache_path(settings)) if options.cache else None, preset=options.preset)
    with progress_bar() as progress:
        task = progress.add_task("explaining", total=len(questions))

        def advance(record: dict[str, Any]) -> None:
            progress.update(task, description=f"{record['id']}: {record['status']}")
            progress.advance(task)

        result = run_batch(questions, out_dir, spec, ray=ray, workers=workers, progress=advance,
                           log=lambda s: console.print(escape(s)))
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
    if not result.complete:
        console.print(f"[red]{len(result.records) - result.count('done')} of {len(result.records)} questions "
                      "not done[/red] (incomplete or failed); run the same command again to redo them")
        raise typer.Exit(INCOMPLETE_EXIT)
