"""`xgrag db start | status | stop`: the embedded Neo4j (5.26 + GDS + APOC) for local use."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from xgrag.cli.app import app, console, group, out
from xgrag.cli.options import ConfigOpt, JsonFlag, settings_for
from xgrag.cli.output import print_json
from xgrag.errors import XgragError
from xgrag.store.connection import resolve_connection
from xgrag.store.embedded import start, stop

db_app = group("The embedded Neo4j (5.26 + GDS + APOC) for local use.")
app.add_typer(db_app, name="db")


@db_app.command("start")
def db_start(config: ConfigOpt = None,
             port: Annotated[int, typer.Option(help="Bolt port (0: a free one)")] = 0) -> None:
    """Build the launcher if needed, start the embedded Neo4j in the background, print its Bolt URI."""
    settings = settings_for(config)
    if settings.neo4j.uri:
        console.print(f"[yellow]NEO4J_URI is set ({settings.neo4j.uri}): xgrag uses that server; "
                      "the embedded one is started anyway[/yellow]")
    if port:
        settings.embedded.port = port
    t0 = time.perf_counter()
    with console.status("starting the embedded Neo4j (GDS, APOC) ..."):
        state = start(settings.embedded)
    console.print(f"ready in {time.perf_counter() - t0:.1f}s: GDS {state.gds_version}, APOC {state.apoc_version}, "
                  f"pid {state.pid}, data {state.home}")
    out.print(state.uri)


@db_app.command("status")
def db_status(config: ConfigOpt = None, as_json: JsonFlag = False) -> None:
    """Is a server reachable? Which GDS and APOC does it have?"""
    from xgrag.store.neo4j import Neo4jStore

    settings = settings_for(config)
    info: dict[str, Any] = {"running": False, "uri": None, "user": None, "password": None, "database": None,
                            "gds_version": None, "apoc_version": None}
    try:
        conn = resolve_connection(settings)
        info.update(uri=conn.uri, user=conn.user, password=conn.password, database=conn.database,
                    embedded=conn.embedded)
        with Neo4jStore(conn.uri, conn.user, conn.password, conn.database) as store:
            store.verify()
            versions = store.server_versions()
        info.update(running=True, gds_version=versions["gds"], apoc_version=versions["apoc"],
                    neo4j_version=versions["neo4j"])
    except XgragError as exc:  # status reports what is wrong instead of failing on it
        info["error"] = str(exc)
    if as_json:
        print_json(info)
    else:
        state = "running" if info["running"] else "not running"
        out.print(f"{state}: {info.get('uri') or '-'}  GDS {info['gds_version']}  APOC {info['apoc_version']}")
        if info.get("error"):
            console.print(info["error"])
    raise typer.Exit(0 if info["running"] else 1)


@db_app.command("stop")
def db_stop(config: ConfigOpt = None) -> None:
    """Stop the embedded Neo4j (SIGTERM, clean shutdown)."""
    out.print("stopped" if stop(settings_for(config).embedded) else "not running")
