"""`xgrag migrate` and `xgrag ingest triples | docs`: the schema, and data loaded into it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, get_args

import typer
from rich.markup import escape

from xgrag.cli.app import app, console, group, out
from xgrag.cli.options import (
    OLLAMA_HOST,
    BaseUrlOpt,
    ConfigOpt,
    GeneratorOpt,
    JsonFlag,
    OllamaHostOpt,
    PresetOpt,
    RetriesOpt,
    TimeoutOpt,
    connection,
    settings_for,
)
from xgrag.cli.output import open_store, print_json, progress_bar
from xgrag.errors import UsageError, one_of, read_text_lines
from xgrag.generate.factory import make_generator
from xgrag.store.ingest import Format, read_triples, write_triples
from xgrag.store.migrations import migrate as run_migrations

ingest_app = group("Load triples or documents into xgrag's schema.")
app.add_typer(ingest_app, name="ingest")


@app.command()
def migrate(config: ConfigOpt = None, preset: PresetOpt = None) -> None:
    """Apply migrations/V###__*.cypher in order (recorded in the graph; re-running is a no-op)."""
    settings = settings_for(config, preset)
    with open_store(settings) as store:
        result = run_migrations(store, settings.graph_schema, settings.embedding_dimensions)
    out.print(f"applied {len(result.applied)}: {', '.join(result.applied) or '-'}; "
              f"already applied {len(result.skipped)}")


@ingest_app.command("triples")
def ingest_triples(path: Path, config: ConfigOpt = None,
                   fmt: Annotated[str, typer.Option("--format", help=" | ".join(get_args(Format)))] = "auto",
                   batch_size: Annotated[int, typer.Option(help="rows per transaction")] = 5000,
                   workers: Annotated[int, typer.Option(help="transactions at a time")] = 2,
                   as_json: JsonFlag = False) -> None:
    """Load a triples file (validated whole before anything is written; idempotent)."""
    formats: tuple[Format, ...] = get_args(Format)
    if fmt not in formats:
        raise UsageError(f"--format: unknown format {fmt!r}", hint=f"use {', '.join(formats)}")
    settings = settings_for(config)
    rows = read_triples(path, one_of("--format", fmt, formats))
    with open_store(settings) as store, progress_bar() as progress:
        task = progress.add_task(f"ingesting {path.name}", total=len(rows))
        stats = write_triples(store, rows, batch_size, progress=lambda n: progress.advance(task, n), workers=workers)
    if as_json:
        print_json(stats.to_json())
    else:
        out.print(f"{stats.triples} triples ({stats.entities} entities) in {stats.batches} batches, "
                  f"{stats.seconds:.2f}s ({stats.rate:,.0f} triples/s, {stats.workers} transactions at a time)")


@ingest_app.command("docs")
def ingest_docs(path: Path, config: ConfigOpt = None,
                generator: GeneratorOpt = "ollama:llama3.1:8b",
                ollama_host: OllamaHostOpt = OLLAMA_HOST, base_url: BaseUrlOpt = None,
                timeout: TimeoutOpt = None, max_retries: RetriesOpt = None,
                chunk_size: Annotated[int, typer.Option(help="characters per chunk")] = 1200) -> None:
    """Chunk documents (.txt file or folder) and extract typed triples per chunk with an LLM."""
    from xgrag.generate.extract import ingest_documents, story_paths

    settings = settings_for(config)
    if generator == "extractive":
        raise UsageError("--generator: the extractive reader answers questions; it cannot extract triples",
                         hint="use an LLM: ollama:MODEL, langchain:ollama:MODEL or smollm2")
    paths = without_empty_documents(story_paths(path))
    if not paths:
        raise UsageError(f"{path}: no .txt documents")
    gen = make_generator(generator, **connection(ollama_host, base_url, timeout, max_retries))
    with open_store(settings) as store, progress_bar() as progress:
        task = progress.add_task("extracting triples per chunk", total=None)
        report = ingest_documents(store, paths, gen, chunk_size, progress=lambda n: progress.advance(task, n))
    s = report.stats
    out.print(f"{s.documents} documents, {s.chunks} chunks, {s.triples} triples "
              f"({report.rejected_lines} unparseable lines, {report.chunks_without_triples} chunks without "
              f"triples); {report.usage.calls} generator calls, {report.usage.prompt_tokens} + "
              f"{report.usage.completion_tokens} tokens")


def without_empty_documents(paths: list[Path]) -> list[Path]:
    """The documents that hold text. Each is read before a generator or Neo4j is asked (a missing or non-UTF-8 file
    is named, no traceback); empty ones are named and skipped, and only empty ones is an error: a run that ends in
    "0 chunks" on exit 0 looks like a success."""
    empty = [p for p in paths if not "".join(read_text_lines(p)).strip()]
    if empty and len(empty) == len(paths):
        raise UsageError(f"{', '.join(map(str, empty))}: no text (empty document{'s' if len(empty) > 1 else ''}); "
                         "nothing was written")
    if empty:
        console.print(f"[yellow]warning:[/yellow] skipped {len(empty)} empty document(s): "
                      f"{escape(', '.join(map(str, empty)))}")
    return [p for p in paths if p not in empty]
