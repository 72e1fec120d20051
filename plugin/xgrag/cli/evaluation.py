"""`xgrag eval` (explanations measured over a dataset) and `xgrag train-gnan` (the M-GNAN reader's trainer)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from xgrag.cli.app import app, console, out
from xgrag.cli.options import (
    OLLAMA_HOST,
    BaseUrlOpt,
    ChatTemplateOpt,
    ConcurrencyOpt,
    ConfigOpt,
    GeneratorOpt,
    ModeOpt,
    OllamaHostOpt,
    ResponseScoreOpt,
    RetriesOpt,
    StrategyOpt,
    TimeoutOpt,
    connection,
    settings_for,
)
from xgrag.cli.output import write_html_report
from xgrag.errors import InputError, one_of
from xgrag.evaluate.datasets import DatasetError
from xgrag.evaluate.eval_report import write_report as write_eval_report
from xgrag.explain.distances import MEASURES
from xgrag.explain.perturbers import EVALUATED_BY_DEFAULT, resolve_strategies
from xgrag.explain.settings import RESPONSE_SCORES, ExplainSettings
from xgrag.explain.solvers import REGISTRY as SOLVERS
from xgrag.explain.solvers import resolve_solvers
from xgrag.model import Explanation
from xgrag.report.outputs import check_outputs
from xgrag.retrieval.modes import MODES

EVALUATED = ",".join(EVALUATED_BY_DEFAULT)


@app.command("train-gnan", add_help_option=False,
             context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def train_gnan(ctx: typer.Context) -> None:
    """Train the M-GNAN reader that `--generator gnan` loads (seeded, within a time budget); `xgrag train-gnan
    --help` lists its options (--questions FILE, --triples KB.tsv or --uri, --per-hop, --time-budget, --out)."""
    from xgrag.generate.gnan.train import main

    code = main(list(ctx.args))
    if code:
        raise typer.Exit(code)


@app.command("eval")
def eval_cmd(
    dataset: Annotated[Path, typer.Option(help="MetaQA questions.jsonl, stories qa.jsonl or MedMCQA-shaped JSONL")],
    config: ConfigOpt = None,
    generator: GeneratorOpt = "extractive",
    strategies: StrategyOpt = EVALUATED,
    ablate: Annotated[list[str] | None, typer.Option(help="dedup | theta-sim | temperature | surrogate (stability "
                                                          "across mask seeds, consistency across repeats) "
                                                          "(repeatable)")] = None,
    masks: Annotated[int | None, typer.Option(help="random masks per question (KG-SMILE; default 20)")] = None,
    surrogate_distance: Annotated[str | None, typer.Option(
        help=f"response measure of the mask surrogates: {' | '.join(MEASURES)}")] = None,
    surrogate_solvers: Annotated[str | None, typer.Option(
        help=f"surrogate solvers ({' | '.join(SOLVERS)}), comma-separated, the first scored as the mask "
             f"strategy's importances (default {','.join(ExplainSettings.surrogate_solvers)})")] = None,
    schedulers: Annotated[str | None, typer.Option(
        help="also compare these schedulers (comma-separated, e.g. group,auto) on the facts against leave-one-out: "
             "calls, top-3 agreement and blind faithfulness (ERASER comprehensiveness / sufficiency, AOPC, top-1 "
             "evidence, gold chains)")] = None,
    limit: Annotated[int | None, typer.Option(help="first N questions only")] = None,
    out_dir: Annotated[Path, typer.Option("--out", help="run folder (resumable)")] = Path("runs/eval"),
    extractor: Annotated[str | None, typer.Option(help="LLM extracting story/MedMCQA KGs (default: the generator, "
                                                       "smollm2 for the extractive reader)")] = None,
    kg: Annotated[Path | None, typer.Option(help="triples file to ingest instead of extracting a text dataset's "
                                                 "KG")] = None,
    ragex: Annotated[bool, typer.Option("--ragex/--no-ragex", help="RAG-Ex word/sentence baseline")] = True,
    ollama_host: OllamaHostOpt = OLLAMA_HOST,
    base_url: BaseUrlOpt = None,
    timeout: TimeoutOpt = None,
    max_retries: RetriesOpt = None,
    mode: ModeOpt = "auto",
    response_score: ResponseScoreOpt = "shift",
    chat_template: ChatTemplateOpt = None,
    concurrency: ConcurrencyOpt = 4,
    html_path: Annotated[Path | None, typer.Option("--html", help="also write every question's explanation as one "
                                                                  "self-contained HTML page")] = None,
) -> None:
    """Evaluate explanations over a dataset: report.md, results.json and plots in --out (resumable)."""
    if not dataset.is_file():
        raise DatasetError(dataset, 0, "path", "no such file")
    if kg is not None and not kg.is_file():
        raise InputError(kg, 0, "path", "no such file")
    check_outputs([("--html", html_path)])  # before the first question, not after the last
    settings = settings_for(config)
    names = resolve_strategies(strategies)
    solvers = resolve_solvers(surrogate_solvers) if surrogate_solvers else None
    one_of("mode", mode, MODES)
    one_of("response_score", response_score, RESPONSE_SCORES)

    from xgrag.evaluate.runner import EvalConfig, run_eval
    from xgrag.evaluate.scheduler_comparison import resolve_schedulers

    parts = tuple(a.strip() for item in (ablate or []) for a in item.split(",") if a.strip())
    cfg = EvalConfig(dataset=str(dataset), generator=generator, strategies=names, ablate=parts, limit=limit, mode=mode,
                     theta_sim=settings.theta_sim, concurrency=concurrency, ragex=ragex, extractor=extractor,
                     kg=str(kg) if kg else None, masks=masks, surrogate_distance=surrogate_distance,
                     response_score=None if response_score == "shift" else response_score,
                     surrogate_solvers=solvers,
                     schedulers=resolve_schedulers([n.strip() for n in schedulers.split(",") if n.strip()])
                     if schedulers else None)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("eta"), TimeRemainingColumn(), console=console)
    with progress:
        result = run_eval(cfg, settings, out_dir, connection=connection(ollama_host, base_url, timeout, max_retries,
                                                                          chat_template),
                          progress=progress, log=console.print)
    results = write_eval_report(out_dir, result.records, result.meta)
    cost = results["tables"]["cost"]
    out.print(f"{len(result.evaluated)} questions evaluated, {len(result.reused)} reused from {out_dir}/questions")
    for name, c in cost.items():
        out.print(f"cost {name}: {c['calls_total']} generator calls, {c['tokens_total']} tokens, "
                  f"{c['seconds_total']:.1f}s over {c['questions']} questions")
    if html_path is not None:
        explanations = [Explanation.from_json(r["explanation"]) for r in result.records if r.get("explanation")]
        write_html_report(html_path, explanations, title=f"xgrag eval: {dataset.name} ({generator})")
    acc = results["tables"]["accuracy"]["all"]
    out.print(f"answer accuracy {acc['accuracy']:.2f} ({acc['n']} questions); wrote {out_dir / 'report.md'}, "
              f"{out_dir / 'results.json'}")

