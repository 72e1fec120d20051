"""`xgrag explanations [show ID | cypher NAME | timeline]`: the explanations `xgrag explain --save` stored."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from xgrag.cli.app import app, console, group, out
from xgrag.cli.options import AllPresetsOpt, ConfigOpt, HtmlPathOpt, JsonFlag, JsonPathOpt, TopOpt, settings_for
from xgrag.cli.output import html_report, open_store, print_json, report_failures
from xgrag.errors import UsageError
from xgrag.report.outputs import Outputs
from xgrag.store.explanations import explanations_timeline, find_explanations, iso_bound, load_explanation
from xgrag.store.queries import QueryLibrary

explanations_app = group(
    "Saved explanations (xgrag explain --save): list and filter them, show one, see them over time.",
    no_args_is_help=False)
app.add_typer(explanations_app, name="explanations")

# the filters the list and the timeline share
QuestionFilterOpt = Annotated[str | None, typer.Option(help="case-insensitive substring of the question")]
SinceOpt = Annotated[str | None, typer.Option(help="ISO date/datetime: saved at or after")]
UntilOpt = Annotated[str | None, typer.Option(help="ISO date/datetime: saved before")]


def check_bounds(since: str | None, until: str | None) -> None:
    """A malformed --since / --until is a usage error before Neo4j is opened."""
    iso_bound(since, "since")
    iso_bound(until, "until")


@explanations_app.callback(invoke_without_command=True)
def explanations_list(
    ctx: typer.Context,
    config: ConfigOpt = None,
    question: QuestionFilterOpt = None,
    entity: Annotated[str | None, typer.Option(help="entity id or exact name the explanation scored")] = None,
    relationship: Annotated[str | None, typer.Option(help="relationship id the explanation scored")] = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    limit: Annotated[int, typer.Option(min=1, help="rows")] = 20,
    all_presets: AllPresetsOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """List saved explanations, newest first; filters combine. `show ID` and `timeline` are subcommands."""
    if ctx.invoked_subcommand is not None:
        return
    check_bounds(since, until)
    settings = settings_for(config)

    with open_store(settings) as store:
        rows = find_explanations(store, question=question, entity=entity, relationship=relationship,
                                 since=since, until=until, limit=limit, all_mappings=all_presets)
    if as_json:
        print_json([r.to_json() for r in rows])
        return
    filtered = entity is not None or relationship is not None
    table = Table(title=f"saved explanations ({len(rows)}, newest first)")
    table.add_column("saved (UTC)", no_wrap=True, min_width=16)
    table.add_column("id", no_wrap=True, min_width=36)  # whole, for `xgrag explanations show ID`
    for col in ("question", "answer", f"{'its scores' if filtered else 'top component'}: importance (rank)",
                "calls"):
        table.add_column(col)

    def scored(c: dict[str, Any], label: bool) -> str:
        imp = f"{c['importance']:.3f}" if c.get("importance") is not None else "-"
        return f"{c.get('label', '') + ': ' if label else ''}{c.get('strategy', '')} {imp} (#{c.get('rank', '-')})"

    for r in rows:
        if filtered:
            scores = "\n".join(scored(m, m.get("kind") == "edge" and entity is not None) for m in r.matched[:4])
        else:
            scores = scored(r.top[0], True) if r.top else ""
        table.add_row(r.created_at.replace("T", " ")[:16], r.id, r.question, r.answer, scores,
                      str(r.cost.get("generator_calls", "")))
    out.print(table)


@explanations_app.command("show")
def explanations_show(
    explanation_id: Annotated[str, typer.Argument(metavar="ID", help="the explanation's id")],
    config: ConfigOpt = None,
    html_path: HtmlPathOpt = None,
    json_path: JsonPathOpt = None,
    top: TopOpt = 8,
) -> None:
    """Print one saved explanation (as `xgrag explain` does); --html writes its report."""
    Outputs(json_path, html_path, render_html=html_report).check()
    settings = settings_for(config)
    from xgrag.report.console import print_explanation

    with open_store(settings) as store:
        ex = load_explanation(store, explanation_id)
    # each output on its own: a failing --html does not stop the JSON or the table
    written = Outputs(json_path, html_path, title=f"xgrag: {ex.question}", render_html=html_report).write(
        ex, show=lambda e: print_explanation(out, e, top), save=None, log=lambda line: console.print(escape(line)))
    report_failures(written)
    raise typer.Exit(written.exit_code)


EXPLANATION_QUERIES = ("explanations_query", "explanations_by_entity", "explanations_by_relationship",
                       "explanations_timeline")


@explanations_app.command("cypher")
def explanations_cypher(
    name: Annotated[str, typer.Argument(help=f"one of {', '.join(EXPLANATION_QUERIES)}")] = "explanations_query",
    config: ConfigOpt = None,
) -> None:
    """Print a saved-explanation query rendered for your schema (for cypher-shell, Neo4j Browser, procedures)."""
    if name not in EXPLANATION_QUERIES:
        raise UsageError(f"unknown query {name!r}", hint=f"use one of {', '.join(EXPLANATION_QUERIES)}")
    sys.stdout.write(QueryLibrary(settings_for(config).graph_schema).get(name))


@explanations_app.command("timeline")
def explanations_timeline_cmd(
    config: ConfigOpt = None,
    question: QuestionFilterOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    limit: Annotated[int, typer.Option(min=1, help="days")] = 30,
    all_presets: AllPresetsOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """Saved explanations per UTC day with their summed cost."""
    check_bounds(since, until)
    settings = settings_for(config)

    with open_store(settings) as store:
        rows = explanations_timeline(store, question=question, since=since, until=until, limit=limit,
                                     all_mappings=all_presets)
    if as_json:
        print_json(rows)
        return
    table = Table(title="saved explanations per day")
    for col in ("day", "explanations", "questions", "generator calls", "tokens", "cache hits", "seconds",
                "generators"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["day"], str(r["explanations"]), str(r["questions"]), str(r["generator_calls"]),
                      str(r["prompt_tokens"] + r["completion_tokens"]), str(r["cache_hits"]),
                      f"{r['seconds']:.2f}", ", ".join(r["generators"]))
    out.print(table)

