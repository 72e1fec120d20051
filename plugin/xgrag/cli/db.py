"""`xgrag db start | status | stop | load-dump | dump`: the embedded Neo4j (5.26 + GDS + APOC) for local use."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from xgrag.cli.app import app, console, group, out
from xgrag.cli.options import ConfigOpt, JsonFlag, settings_for
from xgrag.cli.output import print_json
from xgrag.errors import XgragError
from xgrag.store.connection import password_path, resolve_connection, running_state
from xgrag.store.embedded import load_dump, start, stop, write_dump

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
    if state.password_file:
        console.print(f"authentication on: user {state.user}, password in {state.password_file} (readable by you "
                      "only; xgrag reads it itself; `xgrag db status` says how to connect)")
    out.print(state.uri)


# `xgrag db status`: what it found, as its first word and its exit status. A server that refused the credentials is
# running: calling it "not running" sent users to `xgrag db start` when their password was wrong. Exit 2 is what every
# other command exits with for refused credentials (bad configuration); 1 is a server that is not there.
STATUS_EXIT = {"running": 0, "not running": 1, "credentials refused": 2, "unusable": 2}


def status_of(exc: XgragError) -> str:
    """The status a failed connection attempt means (the exception's class says which failure it was)."""
    from xgrag.store.neo4j import CredentialsRefused

    if isinstance(exc, CredentialsRefused):
        return "credentials refused"
    return "unusable" if exc.exit_code == 2 else "not running"  # a usage error: a URI that is not Bolt, Neo4j 4.x


@db_app.command("status")
def db_status(config: ConfigOpt = None, as_json: JsonFlag = False) -> None:
    """Is a server reachable? Which GDS and APOC does it have? How does one connect to it? Exit status: 0 running,
    1 not running (nothing answers), 2 the server refused the credentials (or cannot be used as configured)."""
    from xgrag.store.neo4j import Neo4jStore

    settings = settings_for(config)
    home = Path(settings.embedded.home).expanduser()
    # never the password itself: where it is (the embedded server's owner-only file) or that it is set
    info: dict[str, Any] = {"running": False, "status": "not running", "uri": None, "user": None,
                            "password_file": None, "password_set": False, "database": None, "gds_version": None,
                            "apoc_version": None}
    try:
        conn = resolve_connection(settings)
        state = running_state(home) if conn.embedded else None
        info.update(uri=conn.uri, user=conn.user, password_set=conn.password is not None, database=conn.database,
                    embedded=conn.embedded, password_file=state.password_file if state is not None else None)
        with Neo4jStore.from_connection(conn, retry_budget=settings.neo4j.retry_budget) as store:
            store.verify()
            versions = store.server_versions()
        info.update(running=True, status="running", gds_version=versions["gds"], apoc_version=versions["apoc"],
                    neo4j_version=versions["neo4j"])
    except XgragError as exc:  # status reports what is wrong instead of failing on it
        info.update(status=status_of(exc), error=str(exc), hint=exc.hint)
    if info["password_file"] is None and not settings.neo4j.uri:
        kept = password_path(home)
        info["password_file"] = str(kept) if kept.is_file() else None
    if as_json:
        print_json(info)
    else:
        line = f"{info['status']}: {info.get('uri') or '-'}"
        if info["running"]:
            line += f"  GDS {info['gds_version']}  APOC {info['apoc_version']}"
        elif info["status"] == "credentials refused":
            line += "  (the server answers; it refused the user and password xgrag has)"
        out.print(line, markup=False)
        if info.get("uri"):
            out.print(how_to_connect(info), markup=False)
        if info.get("error"):
            console.print(escape(info["error"]))
        if info.get("hint"):
            console.print(f"[yellow]hint:[/yellow] {escape(info['hint'])}")
    raise typer.Exit(STATUS_EXIT[info["status"]])


def how_to_connect(info: dict[str, Any]) -> str:
    """How a user (or another tool) connects to the server xgrag uses, without printing its password."""
    if info.get("embedded") and info.get("password_file"):
        f = info["password_file"]
        return (f"connect as user {info['user']}, password in {f} (readable by you only; xgrag reads it itself), "
                f"e.g. cypher-shell -a {info['uri']} -u {info['user']} -p \"$(cat {f})\"; other tools: "
                f"NEO4J_URI={info['uri']} NEO4J_USER={info['user']} NEO4J_PASSWORD=\"$(cat {f})\"")
    if info.get("embedded"):
        return "authentication is off on this server (started by an older xgrag): restart it to turn it on"
    auth = "NEO4J_PASSWORD is set" if info.get("password_set") else "no NEO4J_PASSWORD set"
    return f"your own server (NEO4J_URI), user {info.get('user')}, {auth}"


@db_app.command("stop")
def db_stop(config: ConfigOpt = None) -> None:
    """Stop the embedded Neo4j (SIGTERM, clean shutdown)."""
    out.print("stopped" if stop(settings_for(config).embedded) else "not running")


@db_app.command("load-dump")
def db_load_dump(dump: Annotated[Path, typer.Argument(help="a .dump file (neo4j-admin database dump)")],
                 config: ConfigOpt = None,
                 force: Annotated[bool, typer.Option("--force", help="replace the data the embedded server "
                                                                    "holds (it is lost)")] = False) -> None:
    """Load a Neo4j database dump (a Neo4j example graph's .dump, your own neo4j-admin dump) into the embedded
    server, as `neo4j-admin database load` does. The server must be stopped; `xgrag db start` then opens it."""
    settings = settings_for(config)
    if settings.neo4j.uri:
        console.print(f"[yellow]NEO4J_URI is set ({settings.neo4j.uri}): the dump goes into the embedded server "
                      f"({settings.embedded.home}), not that one[/yellow]")
    t0 = time.perf_counter()
    with console.status(f"loading {dump} ..."):
        where = load_dump(settings.embedded, dump, overwrite=force)
    console.print(f"loaded in {time.perf_counter() - t0:.1f}s into {where}; start it with `xgrag db start`")


@db_app.command("dump")
def db_dump(file: Annotated[Path, typer.Argument(help="the dump file to write (must not exist)")],
            config: ConfigOpt = None) -> None:
    """Write the embedded server's database to a dump file, for `neo4j-admin database load` into your own Neo4j
    5.26. The server must be stopped."""
    settings = settings_for(config)
    t0 = time.perf_counter()
    with console.status(f"writing {file} ..."):
        where = write_dump(settings.embedded, file)
    console.print(f"written in {time.perf_counter() - t0:.1f}s: {where}")
