"""`xgrag serve`: the explanation workbench in the browser and its HTTP API (xgrag.serve)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

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
        "--token-file", help="file holding the access token (owner-only); default $XGRAG_SERVE_TOKEN, else a random "
                             "one printed once (needed when --host is not loopback)")] = None,
    workers: Annotated[int, typer.Option(min=1, help="explanations run at a time (more wait in a queue)")] = 2,
    cache: CacheOpt = True,
) -> None:
    """The explanation workbench in the browser: ask, watch the explanation fill in, remove facts and see the answer
    change, browse and compare saved explanations; its HTTP API (OpenAPI at /openapi.json)."""
    from xgrag.serve.auth import resolve_token

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
        console.print(f"xgrag serve on {serving.url} (generators: {', '.join(workbench.specs)}; the graph is read "
                      "only, except when you save); Ctrl-C stops it")
        if access.source == "generated":
            console.print("open this URL once (it holds the access token, shown only now):")
        out.print(serving.open_url)
        serving.run()
    finally:
        store.close()
