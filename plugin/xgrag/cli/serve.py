"""`xgrag serve`: the explanation workbench in the browser and its HTTP API (xgrag.serve)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from xgrag.cli.app import app, console, out
from xgrag.cli.options import (
    BaseUrlOpt,
    CacheOpt,
    ConfigOpt,
    OllamaHostOpt,
    PresetOpt,
    RetriesOpt,
    TimeoutOpt,
    connection,
    settings_for,
)
from xgrag.cli.output import cache_path, open_store
from xgrag.generate.factory import GENERATOR_SPECS


def everywhere_note(host: str, port: int) -> str:
    """Bound to every interface: the URL printed names this machine's loopback; other machines use its name."""
    import socket

    return (f"listening on all interfaces ({host or '0.0.0.0'} port {port}): from another machine open "
            f"http://{socket.gethostname()}:{port}/ (or this machine's address)")


@app.command()
def serve(
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    host: Annotated[str, typer.Option(help="address to listen on; anything but loopback requires a token")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port (0: a free one)")] = 8765,
    generator: Annotated[list[str] | None, typer.Option(
        help=f"generator(s) the page may use, the first by default ({' | '.join(GENERATOR_SPECS)}; repeatable)")]
    = None,
    ollama_host: OllamaHostOpt = "http://127.0.0.1:11434",
    base_url: BaseUrlOpt = None,
    timeout: TimeoutOpt = None,
    max_retries: RetriesOpt = None,
    token_file: Annotated[Path | None, typer.Option(
        "--token-file", help="file holding the access token (owner-only); wins over $XGRAG_SERVE_TOKEN; without "
                             "either, a random one printed once (needed when --host is not loopback)")] = None,
    workers: Annotated[int, typer.Option(min=1, help="explanations run at a time (more wait in a queue)")] = 2,
    cache: CacheOpt = True,
) -> None:
    """The explanation workbench in the browser: ask, watch the explanation fill in, remove facts and see the answer
    change, browse and compare saved explanations; its HTTP API (OpenAPI at /openapi.json)."""
    from xgrag.serve.auth import access_notes, resolve_token

    settings = settings_for(config, preset)
    access = resolve_token(host, token_file)  # a bad token file is refused before anything loads
    from xgrag.generate.cache import ResponseCache
    from xgrag.serve.engine import Workbench
    from xgrag.serve.server import Serving

    store = open_store(settings)
    workbench = Workbench(settings, store, generators=generator or ["extractive"],
                          connection=connection(ollama_host, base_url, timeout, max_retries),
                          cache=ResponseCache(cache_path(settings)) if cache else None, workers=workers)
    try:
        serving = Serving(workbench, host, port, access)
        console.print(escape(f"xgrag serve on {serving.url} (generators: {', '.join(workbench.specs)}; the graph is "
                             "read only, except when you save); Ctrl-C stops it"))
        if serving.listens_everywhere:
            console.print(escape(everywhere_note(host, serving.port)))
        for note in access_notes(access, serving.url, token_file):
            console.print(escape(note))
        if access.source == "generated":
            console.print("open this URL once (it holds the access token, shown only now):")
        # stdout: the URL to open, alone on its line (scripts read it); with the token only when it was generated
        out.print(serving.open_url if access.source == "generated" else serving.url, markup=False)
        serving.run()
    finally:
        store.close()
