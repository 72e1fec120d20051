"""`xgrag schema infer`: the schema mapping of the connected graph, inferred from the graph (read only)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from xgrag.cli.app import app, console, group
from xgrag.cli.options import ConfigOpt, settings_for
from xgrag.cli.output import open_store
from xgrag.errors import UsageError
from xgrag.files import check_writable_file

schema_app = group("How xgrag reads your graph: the [schema] table of xgrag.toml.")
app.add_typer(schema_app, name="schema")


@schema_app.command("infer")
def schema_infer(
    config: ConfigOpt = None,
    write: Annotated[Path | None, typer.Option("--write", help="write the TOML to this file (stdout otherwise)")]
    = None,
    force: Annotated[bool, typer.Option("--force", help="let --write replace an existing file")] = False,
    read_only: Annotated[bool, typer.Option("--read-only", help="emit read_only = true: xgrag then never writes "
                                                                "to this database")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the mapping, every decision and the cost as JSON")]
    = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="print what was read and the wall time")] = False,
    sample_nodes: Annotated[int, typer.Option(min=1, help="nodes sampled per label")] = 1000,
    sample_relationships: Annotated[int, typer.Option(min=1, help="relationships sampled per type")] = 1000,
) -> None:
    """Infer the [schema] mapping of the connected graph (read transactions only: nothing is written) and print it
    as commented TOML to edit: entity labels, keys, display names, fact properties, bookkeeping relationship types;
    a graph a RAG library wrote is answered with that library's preset."""
    if write is not None:
        check_writable_file(write, "--write", creates_folders=False)
        if write.exists() and not force:
            raise UsageError(f"--write {write}: the file exists; it was not overwritten",
                             hint="pass --force to replace it, or choose another path")
    settings = settings_for(config)
    from xgrag.schema import InferOptions, infer_schema, render_json, render_toml

    with open_store(settings) as store:
        inference = infer_schema(store, InferOptions(sample_nodes=sample_nodes,
                                                     sample_relationships=sample_relationships,
                                                     read_only=read_only))
    text = render_toml(inference)
    if write is not None:
        write.write_text(text, encoding="utf-8")
        schema = inference.schema
        facts = len(schema.relationship_facts())
        what = (f"preset {inference.preset!r}" if not schema.general else
                f"{len(schema.entities)} entity labels, {facts} relationship type{'s' * (facts != 1)} with fact "
                "properties")
        console.print(f"wrote {write}: {what}, read_only = {str(schema.read_only).lower()}", markup=False)
    if as_json:
        sys.stdout.write(render_json(inference))
    elif write is None:
        sys.stdout.write(text)
    if inference.coverage is not None:
        # always said (on stderr, beside the TOML): what the mapping leaves out must never go unnoticed
        cov = inference.coverage
        colour = "green" if cov.node_share >= 0.95 else "yellow"
        console.print(f"[{colour}]{escape(cov.sentence())}[/{colour}]")
    if verbose:
        s = inference.summary()
        console.print(f"read {s['labels']} labels and {s['types']} relationship types of {s['nodes']:,} nodes / "
                      f"{s['relationships']:,} relationships in {s['queries']} queries "
                      f"({s['foreign_key_probes']} foreign-key probes): {s['seconds']:.2f} s", markup=False)
