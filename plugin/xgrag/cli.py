"""The `xgrag` command line."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from xgrag.config import PRESETS, Settings, config_file, load_settings
from xgrag.errors import ServiceError, UsageError, XgragError
from xgrag.explain.perturbers import COMPARED_BY_DEFAULT, DEFAULT_STRATEGY, EVALUATED_BY_DEFAULT, strategy_choices
from xgrag.generate.factory import GENERATOR_SPECS
from xgrag.report.console import print_explanation, print_subgraph
from xgrag.report.outputs import EXIT_INCOMPLETE
from xgrag.retrieval import MODES

if TYPE_CHECKING:
    from xgrag.explain import ExplainSettings
    from xgrag.store.neo4j import Neo4jStore

console = Console(stderr=True)
# Tables stay readable when stdout is not a terminal (pipes, CI logs): rich would fall back to 80 columns.
out = Console(soft_wrap=True, width=None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "160")))


def report_error(exc: XgragError) -> int:
    """The one place an expected failure reaches the user: its message, a hint, and the exit code."""
    console.print(f"[red]error:[/red] {_escape(str(exc))}")
    if exc.hint:
        console.print(f"[yellow]hint:[/yellow] {_escape(exc.hint)}")
    return exc.exit_code


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


class _App(typer.Typer):
    """Every command's XgragError ends here (message, hint, exit code): no command lists library exception
    types, and no expected failure prints a traceback."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(*args, **kwargs)
        except XgragError as exc:
            sys.exit(report_error(exc))


app = _App(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False,
           help="Explain GraphRAG answers over Neo4j by perturbing the retrieved subgraph.")
db_app = typer.Typer(no_args_is_help=True, help="The embedded Neo4j (5.26 + GDS + APOC) for local use.")
ingest_app = typer.Typer(no_args_is_help=True, help="Load triples or documents into xgrag's schema.")
app.add_typer(db_app, name="db")
app.add_typer(ingest_app, name="ingest")

# `xgrag explain` wrote an explanation but could not finish it (the generator failed part-way): the files hold
# what was measured, marked incomplete (the exit statuses: xgrag.report.outputs)
INCOMPLETE_EXIT = EXIT_INCOMPLETE

# options `explain` and `explain-batch` (and the commands reading the graph) share
StrategyOpt = Annotated[str, typer.Option(help=f"{strategy_choices()} (comma-separated)")]
ModeOpt = Annotated[str, typer.Option(help=" | ".join(MODES))]
HopsOpt = Annotated[int | None, typer.Option(help="k for k-hop (1..4)")]
NoiseRunsOpt = Annotated[int, typer.Option(help="baseline generations for the noise floor")]
CacheOpt = Annotated[bool, typer.Option("--cache/--no-cache", help="SQLite response cache")]
SchedulerOpt = Annotated[str, typer.Option(
    help="auto (group testing from 30 facts, else leave-one-out) | exhaustive (leave-one-out) | group "
         "(adaptive group testing) | hierarchical (TracLLM-style halving, top-k groups per level)")]
ResponseScoreOpt = Annotated[str, typer.Option(
    "--response-score",
    help="shift (generate an answer per perturbation, its semantic shift from a0) | logprob (score log P(a0 | "
         "perturbed context) in one forward pass, no decoding; smollm2 or openai:MODEL with prompt logprobs)")]
ChatTemplateOpt = Annotated[str | None, typer.Option(
    "--chat-template", help="openai:MODEL under --response-score logprob: the model's chat format for scoring "
                            "(/v1/completions applies none): chatml, or a file holding its Jinja chat_template")]
ConfigOpt = Annotated[Path | None, typer.Option("--config", help="TOML settings file (default: ./xgrag.toml)")]
PresetOpt = Annotated[str | None, typer.Option(
    "--preset", help=f"schema preset: how the graph is read ({' | '.join(PRESETS)}); overrides "
                     "$XGRAG_SCHEMA_PRESET and the config file's [schema] preset")]
AllPresetsOpt = Annotated[bool, typer.Option(
    "--all-presets", help="also list explanations saved under other schema presets (default: the current one)")]
GeneratorOpt = Annotated[str, typer.Option(help=" | ".join(GENERATOR_SPECS))]
OllamaHostOpt = Annotated[str, typer.Option(envvar="OLLAMA_HOST", help="Ollama server for ollama:MODEL")]
BaseUrlOpt = Annotated[str | None, typer.Option(
    "--base-url", envvar="OPENAI_BASE_URL",
    help="OpenAI-compatible server for openai:MODEL (default https://api.openai.com/v1; key: $OPENAI_API_KEY)")]
TimeoutOpt = Annotated[float | None, typer.Option(
    min=0.1, help="seconds one request to an HTTP generator may take (default 120)")]
RetriesOpt = Annotated[int | None, typer.Option(
    "--max-retries", min=0, help="retries of an HTTP generator request on timeouts, 429 and 5xx (default 3)")]
VerboseOpt = Annotated[bool, typer.Option(
    "--verbose", "-v", help="also show the Neo4j driver's own log lines (its retries when a server is lost)")]


def _connection(ollama_host: str | None, base_url: str | None, timeout: float | None,
                max_retries: int | None, chat_template: str | None = None) -> dict[str, Any]:
    """The options every generator spec is built with (make_generator's keywords); unset ones stay unset.
    `chat_template`: "chatml", or a file holding the tokenizer's Jinja chat template (read here)."""
    if chat_template is not None and chat_template != "chatml":
        path = Path(chat_template).expanduser()
        if not path.is_file():
            raise UsageError(f"--chat-template: {chat_template!r} is neither 'chatml' nor a file",
                             hint="pass chatml, or a file holding the model's chat_template (tokenizer_config.json)")
        chat_template = path.read_text(encoding="utf-8")
    options = {"ollama_host": ollama_host, "base_url": base_url, "timeout": timeout, "max_retries": max_retries,
               "chat_template": chat_template}
    return {k: v for k, v in options.items() if v is not None}


def _settings(config: Path | None, preset: str | None = None) -> Settings:
    return load_settings(config, preset=preset)


def _store(settings: Settings) -> Neo4jStore:
    from xgrag.store.neo4j import Neo4jStore

    store = Neo4jStore.from_settings(settings)
    store.verify()
    return store


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


# -- db -----------------------------------------------------------------------------------------

@db_app.command("start")
def db_start(config: ConfigOpt = None,
             port: Annotated[int, typer.Option(help="Bolt port (0: a free one)")] = 0) -> None:
    """Build the launcher if needed, start the embedded Neo4j in the background, print its Bolt URI."""
    from xgrag.store.embedded import start

    settings = _settings(config)
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


@db_app.command("status")
def db_status(config: ConfigOpt = None, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Is a server reachable? Which GDS and APOC does it have?"""
    from xgrag.store.embedded import password_path, resolve_connection, running_state
    from xgrag.store.neo4j import Neo4jStore

    settings = _settings(config)
    # never the password itself: where it is (the embedded server's owner-only file) or that it is set
    info: dict[str, Any] = {"running": False, "uri": None, "user": None, "password_file": None,
                            "password_set": False, "database": None, "gds_version": None, "apoc_version": None}
    try:
        conn = resolve_connection(settings)
        state = running_state(Path(settings.embedded.home).expanduser()) if conn.embedded else None
        info.update(uri=conn.uri, user=conn.user, password_set=conn.password is not None, database=conn.database,
                    embedded=conn.embedded,
                    password_file=state.password_file if state is not None else None)
        with Neo4jStore.from_connection(conn, retry_budget=settings.neo4j.retry_budget) as store:
            store.verify()
            versions = store.server_versions()
        info.update(running=True, gds_version=versions["gds"], apoc_version=versions["apoc"],
                    neo4j_version=versions["neo4j"])
    except XgragError as exc:  # status reports what is wrong instead of failing on it
        info["error"] = str(exc)
    if info["password_file"] is None and not settings.neo4j.uri:
        kept = password_path(Path(settings.embedded.home).expanduser())
        info["password_file"] = str(kept) if kept.is_file() else None
    if as_json:
        _print_json(info)
    else:
        running = "running" if info["running"] else "not running"
        out.print(f"{running}: {info.get('uri') or '-'}  GDS {info['gds_version']}  APOC {info['apoc_version']}")
        if info.get("uri"):
            out.print(_how_to_connect(info, settings))
        if info.get("error"):
            console.print(info["error"])
    raise typer.Exit(0 if info["running"] else 1)


def _how_to_connect(info: dict[str, Any], settings: Settings) -> str:
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
    from xgrag.store.embedded import stop

    settings = _settings(config)
    out.print("stopped" if stop(settings.embedded) else "not running")


# -- schema and data -----------------------------------------------------------------------------

@app.command()
def migrate(config: ConfigOpt = None, preset: PresetOpt = None) -> None:
    """Apply migrations/V###__*.cypher in order (recorded in the graph; re-running is a no-op)."""
    from xgrag.store.migrations import migrate as run

    settings = _settings(config, preset)
    with _store(settings) as store:
        result = run(store, settings.graph_schema, settings.embedding_dimensions)
    out.print(f"applied {len(result.applied)}: {', '.join(result.applied) or '-'}; "
              f"already applied {len(result.skipped)}")


def _progress() -> Progress:
    # the spinner keeps moving while a slow generator is being waited for
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console, transient=True)


@ingest_app.command("triples")
def ingest_triples(path: Path, config: ConfigOpt = None,
                   fmt: Annotated[str, typer.Option("--format", help="auto|tsv|jsonl|metaqa")] = "auto",
                   batch_size: Annotated[int, typer.Option(help="rows per transaction")] = 5000,
                   workers: Annotated[int, typer.Option(help="transactions at a time")] = 2,
                   as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Load a triples file (validated whole before anything is written; idempotent)."""
    from xgrag.store.ingest import read_triples, write_triples

    if fmt not in ("auto", "tsv", "jsonl", "metaqa"):
        raise UsageError(f"--format: unknown format {fmt!r}", hint="use auto, tsv, jsonl or metaqa")
    settings = _settings(config)
    rows = read_triples(path, fmt)  # type: ignore[arg-type]
    with _store(settings) as store, _progress() as progress:
        task = progress.add_task(f"ingesting {path.name}", total=len(rows))
        stats = write_triples(store, rows, batch_size, progress=lambda n: progress.advance(task, n), workers=workers)
    if as_json:
        _print_json(stats.to_json())
    else:
        out.print(f"{stats.triples} triples ({stats.entities} entities) in {stats.batches} batches, "
                  f"{stats.seconds:.2f}s ({stats.rate:,.0f} triples/s, {stats.workers} transactions at a time)")


@ingest_app.command("docs")
def ingest_docs(path: Path, config: ConfigOpt = None,
                generator: GeneratorOpt = "ollama:llama3.1:8b",
                ollama_host: OllamaHostOpt = "http://127.0.0.1:11434", base_url: BaseUrlOpt = None,
                timeout: TimeoutOpt = None, max_retries: RetriesOpt = None,
                chunk_size: Annotated[int, typer.Option(help="characters per chunk")] = 1200) -> None:
    """Chunk documents (.txt file or folder) and extract typed triples per chunk with an LLM."""
    from xgrag.generate.extract import ingest_documents, story_paths
    from xgrag.generate.factory import make_generator

    settings = _settings(config)
    if generator == "extractive":
        raise UsageError("--generator: the extractive reader answers questions; it cannot extract triples",
                         hint="use an LLM: ollama:MODEL, langchain:ollama:MODEL or smollm2")
    paths = story_paths(path)
    if not paths:
        raise UsageError(f"{path}: no .txt documents")
    gen = make_generator(generator, **_connection(ollama_host, base_url, timeout, max_retries))
    with _store(settings) as store, _progress() as progress:
        task = progress.add_task("extracting triples per chunk", total=None)
        report = ingest_documents(store, paths, gen, chunk_size, progress=lambda n: progress.advance(task, n))
    s = report.stats
    out.print(f"{s.documents} documents, {s.chunks} chunks, {s.triples} triples "
              f"({report.rejected_lines} unparseable lines, {report.chunks_without_triples} chunks without "
              f"triples); {report.usage.calls} generator calls, {report.usage.prompt_tokens} + "
              f"{report.usage.completion_tokens} tokens")


# -- retrieval -------------------------------------------------------------------------------------

@app.command()
def retrieve(
    question: str,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    mode: ModeOpt = "khop",
    hops: HopsOpt = None,
    exclude_node: Annotated[list[str] | None, typer.Option("--exclude-node", help="entity id to leave out")] = None,
    exclude_rel: Annotated[list[str] | None, typer.Option("--exclude-rel", help="relationship id")] = None,
    with_centrality: Annotated[bool, typer.Option("--centrality", help="add degree/betweenness/PageRank")] = False,
    with_dedup: Annotated[bool, typer.Option("--dedup", help="merge alias entities (embedding model)")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Retrieve the question's subgraph, optionally with a transient perturbation filter."""
    from xgrag.model import Perturbation
    from xgrag.retrieval import Retriever
    from xgrag.retrieval.centrality import centrality

    if mode not in MODES:
        raise UsageError(f"--mode: {mode!r} is not one of {', '.join(MODES)}")
    settings = _settings(config, preset)
    perturbation = Perturbation(frozenset(exclude_node or ()), frozenset(exclude_rel or ()), kind="cli")
    from xgrag.embed import default_embedder

    # the embedding model loads only when needed: PCST ranks by similarity to the question, dedup compares names
    embedder = default_embedder() if mode == "pcst" or with_dedup else None
    with _store(settings) as store:
        retriever = Retriever(store, settings.retrieval, embedder)
        sub = retriever.retrieve(question, mode=mode, hops=hops, perturbation=perturbation)
        dedup_info = None
        if with_dedup and embedder is not None:
            from xgrag.retrieval.dedup import dedup

            result = dedup(sub, embedder.embed, settings.theta_sim, settings.dedup_rule)
            sub, dedup_info = result.subgraph, {"clusters": result.clusters, "merged": result.merged}
        data = sub.to_json()
        if dedup_info:
            data["dedup"] = dedup_info
        if with_centrality:
            cent = centrality(store, sub)
            if cent.source != "gds":
                console.print(f"[yellow]{cent.note}[/yellow]")
            data.update(cent.to_json())
    if as_json:
        _print_json(data)
    else:
        print_subgraph(out, question, data)


@app.command("dedup")
def dedup_cmd(config: ConfigOpt = None,
              theta: Annotated[float | None, typer.Option(help="name-embedding threshold (default 0.7)")] = None,
              rule: Annotated[str | None, typer.Option(help="precise (default) | xgrag (the paper's rule)")] = None,
              persist: Annotated[bool, typer.Option("--persist", help="write ALIAS_OF links")] = False) -> None:
    """Find alias entities graph-wide; --persist writes ALIAS_OF links. The dry run shows exactly what --persist
    would write (the same rule, with every entity's neighbourhood read from the graph)."""
    from xgrag.embed import default_embedder
    from xgrag.retrieval.dedup import find_aliases, persist_aliases

    settings = _settings(config)
    theta = settings.theta_sim if theta is None else theta
    rule = rule or settings.dedup_rule
    embedder = default_embedder()
    with _store(settings) as store:
        if persist:
            links = persist_aliases(store, embedder.embed, theta, method=embedder.name, rule=rule)
        else:
            links = find_aliases(store, embedder.embed, theta, rule=rule)
        names = {r["id"]: r["name"] for r in store.read("nodes_by_id", ids=sorted(
            {x for link in links[:50] for x in (link.alias, link.canonical)}), excluded_node_ids=[])
            for r in [r["node"]]}
    for link in links[:50]:
        why = "; ".join(link.evidence) or link.kind or ""
        out.print(f"{escape(names.get(link.alias, link.alias))} -> {escape(names.get(link.canonical, link.canonical))}"
                  f"  ({link.rule} {link.score:.3f}{': ' + escape(why) if why else ''})")
    out.print(f"{len(links)} alias links{' written' if persist else ' found (dry run; --persist writes them)'}")


@app.command("embed")
def embed_cmd(config: ConfigOpt = None,
              recompute: Annotated[bool, typer.Option(help="recompute existing embeddings too")] = False) -> None:
    """Store entity-name embeddings (all-MiniLM-L6-v2) for vector entity linking. Writes to the graph."""
    from xgrag.embed import default_embedder
    from xgrag.retrieval.embeddings import embed_entities

    settings = _settings(config)
    embedder = default_embedder()
    with _store(settings) as store, _progress() as progress:
        task = progress.add_task("embedding entity names", total=None)
        n = embed_entities(store, embedder, settings.embedding_dimensions, recompute=recompute,
                           progress=lambda k: progress.advance(task, k))
    schema = settings.graph_schema
    out.print(f"{n} entity names embedded with {embedder.name} into :{schema.entity_label}."
              f"{schema.embedding_property} (vector index {schema.vector_index}; nothing else was written)")


@app.command("centrality")
def centrality_cmd(config: ConfigOpt = None, top: Annotated[int, typer.Option(help="rows to show")] = 10,
                   as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Degree, betweenness and PageRank of every entity (GDS through the graphdatascience client)."""
    from xgrag.retrieval.centrality import gds_graph_centrality

    settings = _settings(config)
    with _store(settings) as store:
        if not store.has_gds():
            raise ServiceError("this server has no GDS (gds.version() is missing)",
                               hint="install the Graph Data Science plugin, or use the embedded server")
        result = gds_graph_centrality(store)
        ids = sorted(result.scores, key=lambda k: (-result.scores[k]["pagerank"], k))[:top]
        names = {r["id"]: r["name"] for r in store.read("nodes_by_id", ids=ids, excluded_node_ids=[])
                 for r in [r["node"]]}
    if as_json:
        _print_json(result.to_json())
        return
    table = Table(title=f"top {top} entities by PageRank ({result.source})")
    for col in ("entity", "id", "degree", "betweenness", "pagerank"):
        table.add_column(col)
    for k in ids:
        s = result.scores[k]
        table.add_row(names.get(k, k), k, f"{s['degree']:.0f}", f"{s['betweenness']:.1f}", f"{s['pagerank']:.3f}")
    out.print(table)


@app.command()
def checksum(config: ConfigOpt = None) -> None:
    """Counts and a hash of every node and relationship: compare before and after to prove no writes."""
    settings = _settings(config)
    with _store(settings) as store:
        _print_json(store.checksum())


# -- explain ----------------------------------------------------------------------------------------

def _explain_settings(settings: Settings, **options: Any) -> ExplainSettings:
    """What the command line asked for, with the alias rule and theta_sim of the settings (file, environment):
    explain and explain-batch build their ExplainSettings here."""
    from xgrag.explain import ExplainSettings

    return ExplainSettings(theta_sim=settings.theta_sim, dedup_rule=settings.dedup_rule, **options)


def _cache_path(settings: Settings) -> Path:
    return Path(settings.embedded.home).expanduser().parent / "cache.sqlite"


@app.command()
def explain(
    question: str,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    generator: GeneratorOpt = "extractive",
    ollama_host: OllamaHostOpt = "http://127.0.0.1:11434",
    base_url: BaseUrlOpt = None,
    timeout: TimeoutOpt = None,
    max_retries: RetriesOpt = None,
    mode: ModeOpt = "khop",
    hops: HopsOpt = None,
    max_calls: Annotated[int | None, typer.Option(help="generator-call budget (most promising first)")] = None,
    apply: Annotated[str, typer.Option(help="memory (XGRAG set difference) | cypher (re-retrieve)")] = "memory",
    dedup: Annotated[bool, typer.Option("--dedup/--no-dedup", help="merge alias entities first")] = True,
    scheduler: SchedulerOpt = "auto",
    response_score: ResponseScoreOpt = "shift",
    chat_template: ChatTemplateOpt = None,
    noise_runs: NoiseRunsOpt = 2,
    surrogate_paths: Annotated[bool, typer.Option(
        "--surrogate-paths", help="mask strategy: add a feature per seed-to-answer path (the AND of its facts)")]
    = False,
    concurrency: Annotated[int, typer.Option(help="concurrent generator calls")] = 4,
    cache: CacheOpt = True,
    save: Annotated[bool, typer.Option("--save", help="persist the explanation in Neo4j (xgrag labels)")] = False,
    json_path: Annotated[Path | None, typer.Option("--json", help="write the explanation JSON here ('-' = stdout)")]
    = None,
    html_path: Annotated[Path | None, typer.Option("--html", help="write a self-contained HTML report here")] = None,
    top: Annotated[int, typer.Option(help="rows in the table")] = 8,
    verbose: VerboseOpt = False,
) -> None:
    """Explain the answer to QUESTION: which nodes and edges of its subgraph moved the answer. Ctrl-C / SIGTERM
    stop it and write what was answered (exit 130 / 143); exit 3: written but incomplete."""
    from xgrag.explain import Explainer
    from xgrag.explain.cancel import RunCancelled, StopRequest
    from xgrag.explain.explainer import require_scorer
    from xgrag.generate.cache import ResponseCache
    from xgrag.generate.factory import make_generator
    from xgrag.report.outputs import Outputs
    from xgrag.report.signals import stop_on_signals
    from xgrag.store.explanations import save_explanation
    from xgrag.store.neo4j import show_driver_log

    outputs = Outputs(json_path, html_path, save, title=f"xgrag: {question}")
    outputs.check()  # before any call: a run must never end by finding that its result cannot be written
    show_driver_log(verbose)
    settings = _settings(config, preset)
    cfg = _explain_settings(settings, strategies=(strategy,), mode=mode, hops=hops, dedup=dedup, apply=apply,
                            noise_runs=noise_runs, max_calls=max_calls, concurrency=concurrency, scheduler=scheduler,
                            response_score=response_score, surrogate_paths=surrogate_paths)
    connection = _connection(ollama_host, base_url, timeout, max_retries, chat_template)
    stop = StopRequest()
    # the server first: a dead one is reported in a second, not after the generator's model has loaded
    with stop_on_signals(stop, lambda text: console.print(f"[yellow]{_escape(text)}[/yellow]")), \
            _store(settings) as store:
        gen = make_generator(generator, **connection)
        require_scorer(gen, cfg)  # a generator that cannot score is a usage error, before any call
        response_cache = ResponseCache(_cache_path(settings)) if cache else None
        explainer = Explainer.from_settings(settings, store, generator=gen, explain=cfg, cache=response_cache)
        try:
            with _progress() as progress:
                task = progress.add_task(f"explaining with {gen.name}", total=None)
                ex = explainer.explain(question, progress=_ticker(progress, task), stop=stop)
        except RunCancelled as exc:
            report_error(exc)
            raise typer.Exit(_stopped_status(stop)) from None
        finally:
            explainer.close()

        def saved(e: Any) -> str:
            save_explanation(store, e)
            return f"saved as (:XgragExplanation {{id: '{e.id}'}})"

        written = outputs.write(ex, show=lambda e: print_explanation(out, e, top), save=saved,
                                log=lambda line: console.print(_escape(line)))
    raise typer.Exit(_explained(ex, written, stop))


def _stopped_status(stop: Any) -> int:
    from xgrag.report.signals import signal_number

    number = signal_number(stop)
    return 128 + number if number is not None else 130


def _explained(ex: Any, written: Any, stop: Any) -> int:
    """After `explain`: every failed output named, what an incomplete explanation kept and where it went; the
    exit status (xgrag.report.outputs)."""
    from xgrag.explain.texts import incomplete_summary
    from xgrag.report.outputs import exit_status
    from xgrag.report.signals import signal_number

    for what, exc in written.failures:
        console.print(f"[red]error:[/red] {what}: {_escape(str(exc))}")
        if exc.hint:
            console.print(f"[yellow]hint:[/yellow] {_escape(exc.hint)}")
    if ex.incomplete:
        where = ", ".join(written.files) if written.files else "the console only (no --json / --html given)"
        console.print(f"[red]incomplete explanation[/red]: {_escape(incomplete_summary(ex.incomplete))}; "
                      f"written to {_escape(where)}")
        if ex.incomplete.get("hint"):
            console.print(f"[yellow]hint:[/yellow] {_escape(str(ex.incomplete['hint']))}")
    return exit_status(incomplete=bool(ex.incomplete), written=written, signal_number=signal_number(stop))


@app.command("explain-batch")
def explain_batch(
    questions_file: Annotated[Path, typer.Argument(metavar="QUESTIONS.jsonl",
                                                   help='one {"question": ..., "id": ...} per line')],
    out_dir: Annotated[Path, typer.Option("--out", help="folder for questions/<id>.json and summary.json")],
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    generator: GeneratorOpt = "extractive",
    ollama_host: OllamaHostOpt = "http://127.0.0.1:11434",
    base_url: BaseUrlOpt = None,
    timeout: TimeoutOpt = None,
    max_retries: RetriesOpt = None,
    mode: ModeOpt = "khop",
    hops: HopsOpt = None,
    max_calls: Annotated[int | None, typer.Option(help="generator-call budget per question")] = None,
    scheduler: SchedulerOpt = "auto",
    response_score: ResponseScoreOpt = "shift",
    chat_template: ChatTemplateOpt = None,
    noise_runs: NoiseRunsOpt = 2,
    concurrency: Annotated[int, typer.Option(help="concurrent generator calls per worker")] = 4,
    cache: CacheOpt = True,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help="run as Ray actors: 'local' starts Ray on this machine; 'auto' or ray://HOST:10001 joins a cluster "
             "(which needs xgrag installed)")] = None,
    workers: Annotated[int, typer.Option(min=1, help="Ray workers (each with its own driver and generator)")] = 2,
    wait_for_neo4j: Annotated[float, typer.Option(
        "--wait-for-neo4j", min=0, help="seconds a batch whose Neo4j went away waits for it to answer again "
                                        "(the question cut is then asked again)")] = 300.0,
    verbose: VerboseOpt = False,
) -> None:
    """Explain every question of a JSONL file into a folder; resumable (a finished question is never redone).
    Ctrl-C / SIGTERM: the question in hand is kept as incomplete, summary.json written (exit 130 / 143)."""
    from xgrag.evaluate.batch import BatchSpec, check_out_dir, read_questions, run_batch
    from xgrag.explain.cancel import StopRequest
    from xgrag.explain.explainer import require_scorer
    from xgrag.generate.factory import make_generator
    from xgrag.report.signals import signal_number, stop_on_signals
    from xgrag.store.neo4j import show_driver_log

    check_out_dir(out_dir)  # before any call
    show_driver_log(verbose)
    settings = _settings(config, preset)
    questions = read_questions(questions_file)
    cfg = _explain_settings(settings, strategies=(strategy,), mode=mode, hops=hops, noise_runs=noise_runs,
                            max_calls=max_calls, concurrency=concurrency, scheduler=scheduler,
                            response_score=response_score)
    connection = _connection(ollama_host, base_url, timeout, max_retries, chat_template)
    if ray is None:
        _store(settings).close()  # fail fast when no server answers (before the generator's model loads)
    # a bad spec, or one that cannot score under --response-score logprob, is a usage error before any worker starts
    require_scorer(make_generator(generator, **connection), cfg)
    config_path = config_file(config)  # workers load the same file by its absolute path
    spec = BatchSpec(cfg, generator, connection, str(config_path.resolve()) if config_path else None,
                     str(_cache_path(settings)) if cache else None, preset=preset, neo4j_wait=wait_for_neo4j)
    stop = StopRequest()
    with stop_on_signals(stop, lambda text: console.print(f"[yellow]{_escape(text)}[/yellow]")), \
            _progress() as progress:
        task = progress.add_task("explaining", total=len(questions))

        def advance(record: dict[str, Any]) -> None:
            progress.update(task, description=f"{record['id']}: {record['status']}")
            progress.advance(task)

        result = run_batch(questions, out_dir, spec, ray=ray, workers=workers, progress=advance,
                           log=lambda s: console.print(_escape(s)), stop=stop)
        progress.update(task, completed=len(questions))
    table = Table(title=f"{len(result.records)} questions ({len(result.reused)} reused) on {result.where}")
    for col in ("id", "status", "answer", "top component", "calls"):
        table.add_column(col)
    from xgrag.evaluate.batch import summary_row

    for record in result.records:
        row = summary_row(record)
        top = row.get("top") or {}
        table.add_row(_escape(row["id"]), row["status"], _escape(str(row.get("answer", row.get("message", "")))),
                      _escape(str(top.get("label", ""))), str(row.get("generator_calls", "")))
    out.print(table)
    console.print(f"wrote {out_dir / 'summary.json'}")
    if result.worker_deaths:
        console.print(f"[yellow]{result.worker_deaths} Ray worker(s) died and were replaced[/yellow]")
    if result.neo4j_pauses:
        console.print(f"[yellow]Neo4j went away {len(result.neo4j_pauses)} time(s); the batch waited "
                      f"{sum(result.neo4j_pauses):.0f} s in all[/yellow]")
    if not result.complete:
        console.print(f"[red]{len(result.records) - result.count('done')} of {len(result.records)} questions "
                      "not done[/red] (incomplete, failed or not run); run the same command again to redo them")
    number = signal_number(stop)
    if number is not None:
        console.print(f"stopped by {stop.detail}: {result.count('done')} of {len(result.records)} questions done; "
                      f"summary in {out_dir / 'summary.json'}")
        raise typer.Exit(128 + number)
    if not result.complete:
        raise typer.Exit(INCOMPLETE_EXIT)


def _ticker(progress: Progress, task: Any) -> Callable[[str, int, int | None], None]:
    """The explainer's progress callback: a phase with a total restarts the bar (retrieving, baseline, perturb)."""

    def tick(phase: str, advance: int, total: int | None) -> None:
        if total is not None:
            progress.update(task, description=phase, total=total, completed=0)
        progress.advance(task, advance)

    return tick


def _write_report(path: Path, explanations: list[Any], title: str) -> None:
    from xgrag.report.outputs import check_outputs, write_report

    check_outputs([("--html", path)])
    write_report(path, explanations, title)
    console.print(f"wrote {path}")


# -- saved explanations ---------------------------------------------------------------------------

explanations_app = typer.Typer(
    help="Saved explanations (xgrag explain --save): list and filter them, show one, see them over time.")
app.add_typer(explanations_app, name="explanations")


@explanations_app.callback(invoke_without_command=True)
def explanations_list(
    ctx: typer.Context,
    config: ConfigOpt = None,
    question: Annotated[str | None, typer.Option(help="case-insensitive substring of the question")] = None,
    entity: Annotated[str | None, typer.Option(help="entity id or exact name the explanation scored")] = None,
    relationship: Annotated[str | None, typer.Option(help="relationship id the explanation scored")] = None,
    since: Annotated[str | None, typer.Option(help="ISO date/datetime: saved at or after")] = None,
    until: Annotated[str | None, typer.Option(help="ISO date/datetime: saved before")] = None,
    limit: Annotated[int, typer.Option(min=1, help="rows")] = 20,
    all_presets: AllPresetsOpt = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """List saved explanations, newest first; filters combine. `show ID` and `timeline` are subcommands."""
    if ctx.invoked_subcommand is not None:
        return
    from xgrag.store.explanations import find_explanations

    settings = _settings(config)
    with _store(settings) as store:
        rows = find_explanations(store, question=question, entity=entity, relationship=relationship,
                                 since=since, until=until, limit=limit, all_mappings=all_presets)
    if as_json:
        _print_json([r.to_json() for r in rows])
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
    html_path: Annotated[Path | None, typer.Option("--html", help="write a self-contained HTML report here")] = None,
    json_path: Annotated[Path | None, typer.Option("--json", help="write the explanation JSON here ('-' = stdout)")]
    = None,
    top: Annotated[int, typer.Option(help="rows in the table")] = 8,
) -> None:
    """Print one saved explanation (as `xgrag explain` does); --html writes its report."""
    from xgrag.report.outputs import Outputs
    from xgrag.store.explanations import load_explanation

    outputs = Outputs(json_path, html_path, title="")
    outputs.check()
    settings = _settings(config)
    with _store(settings) as store:
        ex = load_explanation(store, explanation_id)
    outputs = Outputs(json_path, html_path, title=f"xgrag: {ex.question}")
    written = outputs.write(ex, show=lambda e: print_explanation(out, e, top), save=None,
                            log=lambda line: console.print(_escape(line)))
    for what, exc in written.failures:
        console.print(f"[red]error:[/red] {what}: {_escape(str(exc))}")
    raise typer.Exit(written.exit_code)


EXPLANATION_QUERIES = ("explanations_query", "explanations_by_entity", "explanations_by_relationship",
                       "explanations_timeline")


@explanations_app.command("cypher")
def explanations_cypher(
    name: Annotated[str, typer.Argument(help=f"one of {', '.join(EXPLANATION_QUERIES)}")] = "explanations_query",
    config: ConfigOpt = None,
) -> None:
    """Print a saved-explanation query rendered for your schema (for cypher-shell, Neo4j Browser, procedures)."""
    from xgrag.store.queries import QueryLibrary

    if name not in EXPLANATION_QUERIES:
        raise UsageError(f"unknown query {name!r}", hint=f"use one of {', '.join(EXPLANATION_QUERIES)}")
    sys.stdout.write(QueryLibrary(_settings(config).graph_schema).get(name))


@explanations_app.command("timeline")
def explanations_timeline_cmd(
    config: ConfigOpt = None,
    question: Annotated[str | None, typer.Option(help="case-insensitive substring of the question")] = None,
    since: Annotated[str | None, typer.Option(help="ISO date/datetime: saved at or after")] = None,
    until: Annotated[str | None, typer.Option(help="ISO date/datetime: saved before")] = None,
    limit: Annotated[int, typer.Option(min=1, help="days")] = 30,
    all_presets: AllPresetsOpt = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Saved explanations per UTC day with their summed cost."""
    from xgrag.store.explanations import explanations_timeline

    settings = _settings(config)
    with _store(settings) as store:
        rows = explanations_timeline(store, question=question, since=since, until=until, limit=limit,
                                     all_mappings=all_presets)
    if as_json:
        _print_json(rows)
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


# -- eval -----------------------------------------------------------------------------------------

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
    strategies: Annotated[str, typer.Option(help=f"{strategy_choices()} (comma-separated)")] =
    ",".join(EVALUATED_BY_DEFAULT),
    ablate: Annotated[list[str] | None, typer.Option(help="dedup | theta-sim | temperature | surrogate (stability "
                                                          "across mask seeds, consistency across repeats) "
                                                          "(repeatable)")] = None,
    masks: Annotated[int | None, typer.Option(help="random masks per question (KG-SMILE; default 20)")] = None,
    surrogate_distance: Annotated[str | None, typer.Option(
        help="response measure of the mask surrogates: cosine | wasserstein | inverse_wasserstein | "
             "wasserstein_cosine | inverse_wasserstein_cosine")] = None,
    surrogate_solvers: Annotated[str | None, typer.Option(
        help="surrogate solvers, comma-separated, the first scored as the mask strategy's importances "
             "(lasso,bayes_ridge,linear)")] = None,
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
    ollama_host: OllamaHostOpt = "http://127.0.0.1:11434",
    base_url: BaseUrlOpt = None,
    timeout: TimeoutOpt = None,
    max_retries: RetriesOpt = None,
    mode: ModeOpt = "khop",
    response_score: ResponseScoreOpt = "shift",
    chat_template: ChatTemplateOpt = None,
    concurrency: Annotated[int, typer.Option(help="concurrent generator calls")] = 4,
    html_path: Annotated[Path | None, typer.Option("--html", help="also write every question's explanation as one "
                                                                  "self-contained HTML page")] = None,
) -> None:
    """Evaluate explanations over a dataset: report.md, results.json and plots in --out (resumable)."""
    from rich.progress import TimeRemainingColumn

    from xgrag.evaluate.report import write_report
    from xgrag.evaluate.runner import EvalConfig, run_eval
    from xgrag.evaluate.schedulers import resolve_schedulers
    from xgrag.explain.perturbers import resolve_strategies
    from xgrag.explain.solvers import resolve_solvers
    from xgrag.report.outputs import check_outputs

    check_outputs([("--html", html_path)])  # before the first question, not after the last
    settings = _settings(config)
    names = resolve_strategies(strategies)
    parts = tuple(a.strip() for item in (ablate or []) for a in item.split(",") if a.strip())
    cfg = EvalConfig(dataset=str(dataset), generator=generator, strategies=names, ablate=parts, limit=limit, mode=mode,
                     theta_sim=settings.theta_sim, concurrency=concurrency, ragex=ragex, extractor=extractor,
                     kg=str(kg) if kg else None, masks=masks, surrogate_distance=surrogate_distance,
                     response_score=None if response_score == "shift" else response_score,
                     surrogate_solvers=resolve_solvers(surrogate_solvers) if surrogate_solvers else None,
                     schedulers=resolve_schedulers([n.strip() for n in schedulers.split(",") if n.strip()])
                     if schedulers else None)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("eta"), TimeRemainingColumn(), console=console)
    with progress:
        result = run_eval(cfg, settings, out_dir, connection=_connection(ollama_host, base_url, timeout, max_retries,
                                                                          chat_template),
                          progress=progress, log=console.print)
    results = write_report(out_dir, result.records, result.meta)
    cost = results["tables"]["cost"]
    out.print(f"{len(result.evaluated)} questions evaluated, {len(result.reused)} reused from {out_dir}/questions")
    for name, c in cost.items():
        out.print(f"cost {name}: {c['calls_total']} generator calls, {c['tokens_total']} tokens, "
                  f"{c['seconds_total']:.1f}s over {c['questions']} questions")
    if html_path is not None:
        from xgrag.model import Explanation

        explanations = [Explanation.model_validate(r["explanation"]) for r in result.records if r.get("explanation")]
        _write_report(html_path, explanations, title=f"xgrag eval: {dataset.name} ({generator})")
    acc = results["tables"]["accuracy"]["all"]
    out.print(f"answer accuracy {acc['accuracy']:.2f} ({acc['n']} questions); wrote {out_dir / 'report.md'}, "
              f"{out_dir / 'results.json'}")


# -- demo -----------------------------------------------------------------------------------------

SAMPLE_DIR = Path(__file__).resolve().parent / "data" / "sample"


DEMO_QUESTIONS = (
    "who is listed as director of [Tarik Lowe] starred movies",
    "what are the languages spoken in the movies written by [Jeethu Joseph]",
    "who was the director of [Out to Sea]",
)


@app.command()
def demo(config: ConfigOpt = None,
         question: Annotated[list[str] | None, typer.Option(help="question(s) to explain (default: 3 samples)")]
         = None) -> None:
    """Embedded Neo4j, migrations, the shipped sample KG, a perturbed retrieval, then explanations."""
    from xgrag.embed import default_embedder
    from xgrag.explain import Explainer, ExplainSettings
    from xgrag.generate.cache import ResponseCache
    from xgrag.generate.extractive import ExtractiveReader
    from xgrag.model import Perturbation
    from xgrag.retrieval import Retriever
    from xgrag.store.embedded import start
    from xgrag.store.ingest import read_triples, write_triples
    from xgrag.store.migrations import migrate as run_migrations

    settings = _settings(config)
    questions = list(question or DEMO_QUESTIONS)
    if not settings.neo4j.uri:
        with console.status("starting the embedded Neo4j (first run builds it with Maven) ..."):
            state = start(settings.embedded)
        out.print(f"[bold]1. Neo4j[/bold] {state.uri} (GDS {state.gds_version}, APOC {state.apoc_version})")
    with _store(settings) as store:
        result = run_migrations(store, settings.graph_schema, settings.embedding_dimensions)
        out.print(f"[bold]2. migrations[/bold] applied {len(result.applied)}, already applied {len(result.skipped)}")
        rows = read_triples(SAMPLE_DIR / "metaqa_triples.tsv", "metaqa")
        stats = write_triples(store, rows)
        out.print(f"[bold]3. sample KG[/bold] {stats.triples} MetaQA triples (idempotent) in {stats.seconds:.2f}s")
        before = store.checksum()
        embedder = default_embedder()
        retriever = Retriever(store, settings.retrieval, embedder)
        sub = retriever.retrieve(questions[0], mode="khop", hops=2)
        out.print("[bold]4. retrieval[/bold] (Cypher, k = 2)")
        print_subgraph(out, questions[0], sub.to_json())
        seed_rels = [r for r in sub.sorted_relationships() if sub.seeds and sub.seeds[0] in (r.source, r.target)]
        if seed_rels:
            target = seed_rels[0]
            perturbed = retriever.retrieve(questions[0], mode="khop", hops=2, perturbation=Perturbation(
                excluded_rel_ids=frozenset({target.id}), kind="edge", target=target.id))
            out.print(f"   the same retrieval with {sub.nodes[target.source].name} -{target.label}-> "
                      f"{sub.nodes[target.target].name} ({target.id}) excluded as a transient filter: "
                      f"{len(perturbed.relationships)} of {len(sub.relationships)} relationships, "
                      f"{len(perturbed.nodes)} of {len(sub.nodes)} nodes remain")
        out.print("[bold]5. explanations[/bold] (extractive reader — a deterministic non-LLM reader; "
                  "strategies node, edge, subpath)")
        explainer = Explainer.from_settings(
            settings, store, generator=ExtractiveReader(embedder), embedder=embedder,
            explain=ExplainSettings(strategies=COMPARED_BY_DEFAULT, theta_sim=settings.theta_sim),
            cache=ResponseCache(_cache_path(settings)))
        for q in questions:
            ex = explainer.explain(q)
            out.rule()
            print_explanation(out, ex, top=4)
        out.print(f"the graph itself is unchanged: {'yes' if store.checksum() == before else 'NO'}")


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
