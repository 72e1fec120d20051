"""Options declared once. A command takes an option through its alias here; `explain` and `explain-batch` take the
whole `ExplainOptions` group (one dataclass, injected by `grouped`), which is also the one place the command line
and the settings file meet in an `ExplainSettings`.

Help texts list every valid value from the registries (strategies, modes, generators, presets) so that
`xgrag explain --help` is the reference; they load without a model, a driver or scipy.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar, get_type_hints

import typer

from xgrag.config import PRESETS, Settings, load_settings
from xgrag.errors import UsageError, one_of
from xgrag.explain.perturbers import DEFAULT_STRATEGY, strategy_choices
from xgrag.explain.settings import (
    APPLY,
    CONTEXT_ORDERS,
    PROXY_NAMES,
    RESPONSE_SCORES,
    SCHEDULER_NAMES,
    ExplainSettings,
)
from xgrag.generate.factory import GENERATOR_SPECS
from xgrag.retrieval.modes import MAX_HOPS, MODES

R = TypeVar("R")

ConfigOpt = Annotated[Path | None, typer.Option("--config", help="TOML settings file (default: ./xgrag.toml)")]
PresetOpt = Annotated[str | None, typer.Option(
    "--preset", help=f"schema preset: how the graph is read ({' | '.join(PRESETS)}); overrides "
                     "$XGRAG_SCHEMA_PRESET and the config file's [schema] preset")]
AllPresetsOpt = Annotated[bool, typer.Option(
    "--all-presets", help="also list explanations saved under other schema presets (default: the current one)")]
JsonFlag = Annotated[bool, typer.Option("--json", help="print JSON instead of a table")]
JsonPathOpt = Annotated[Path | None, typer.Option("--json", help="write the explanation JSON here ('-' = stdout)")]
HtmlPathOpt = Annotated[Path | None, typer.Option("--html", help="write a self-contained HTML report here")]
TopOpt = Annotated[int, typer.Option(help="rows in the table")]

StrategyOpt = Annotated[str, typer.Option(help=f"{strategy_choices()} (comma-separated)")]
ModeOpt = Annotated[str, typer.Option(help=" | ".join(MODES))]
HopsOpt = Annotated[int | None, typer.Option(min=1, max=MAX_HOPS, help="k for k-hop (default: the settings')")]
NoiseRunsOpt = Annotated[int, typer.Option(help="baseline generations for the noise floor")]
CacheOpt = Annotated[bool, typer.Option("--cache/--no-cache", help="SQLite response cache")]
MaxCallsOpt = Annotated[int | None, typer.Option(help="generator-call budget per question (most promising first)")]
ApplyOpt = Annotated[str, typer.Option(help="memory (XGRAG set difference) | cypher (re-retrieve)")]
DedupOpt = Annotated[bool, typer.Option("--dedup/--no-dedup", help="merge alias entities first")]
SurrogatePathsOpt = Annotated[bool, typer.Option(
    "--surrogate-paths", help="mask strategy: add a feature per seed-to-answer path (the AND of its facts)")]
ConcurrencyOpt = Annotated[int, typer.Option(help="concurrent generator calls (per worker under --ray): for a "
                                              "server, the probes sent as concurrent HTTP requests")]
ContextOrderOpt = Annotated[str, typer.Option(
    "--context-order", help="auto (promise for a server, openai:/ollama:, and smollm2; canonical otherwise) | "
                            "promise (the facts closest to the question last: probes share a longer prompt prefix "
                            "a server caches) | canonical (by name)")]
SchedulerOpt = Annotated[str, typer.Option(
    help="auto (proxy from 30 facts, else leave-one-out; proxy on a stack's context) | exhaustive "
         "(leave-one-out) | group "
         "(adaptive group testing) | hierarchical (TracLLM-style halving, top-k groups per level) | proxy (a "
         "proxy ranks; the candidates verified alone, everything else removed at once)")]
ProxyOpt = Annotated[str, typer.Option(
    help="what ranks the proxy-first plan's candidates: embedding (closeness to the question or answer; no model "
         "call) | attention (the target's own attention to each fact while it reads its answer; smollm2 in "
         "process: one pass over the answer's tokens)")]
ResponseScoreOpt = Annotated[str, typer.Option(
    "--response-score",
    help="shift (generate an answer per perturbation, its semantic shift from a0) | logprob (score log P(a0 | "
         "perturbed context) in one forward pass, no decoding; smollm2 or openai:MODEL with prompt logprobs)")]
ChatTemplateOpt = Annotated[str | None, typer.Option(
    "--chat-template", help="openai:MODEL under --response-score logprob: the model's chat format for scoring "
                            "(/v1/completions applies none): chatml, or a file holding its Jinja chat_template")]
GeneratorOpt = Annotated[str, typer.Option(help=" | ".join(GENERATOR_SPECS))]
OllamaHostOpt = Annotated[str, typer.Option(envvar="OLLAMA_HOST", help="Ollama server for ollama:MODEL")]
BaseUrlOpt = Annotated[str | None, typer.Option(
    "--base-url", envvar="OPENAI_BASE_URL",
    help="OpenAI-compatible server for openai:MODEL (default https://api.openai.com/v1; key: $OPENAI_API_KEY)")]
TimeoutOpt = Annotated[float | None, typer.Option(
    min=0.1, help="seconds one request to an HTTP generator may take (default 120)")]
RetriesOpt = Annotated[int | None, typer.Option(
    "--max-retries", min=0, help="retries of an HTTP generator request on timeouts, 429 and 5xx (default 3)")]
ProvenanceTextOpt = Annotated[int, typer.Option(
    "--provenance-text", min=0,
    help="characters of chunk text shown with each source of a fact (around the fact's names, marked); 0 = none")]
VerboseOpt = Annotated[bool, typer.Option(
    "--verbose", "-v", help="also show the Neo4j driver's own log lines (its retries when a server is lost)")]

OLLAMA_HOST = "http://127.0.0.1:11434"


def settings_for(config: Path | None, preset: str | None = None) -> Settings:
    """The settings file (a missing or malformed one is a usage error) under the environment and --preset."""
    return load_settings(config, preset=preset)


def connection(ollama_host: str | None, base_url: str | None, timeout: float | None,
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


@dataclass(frozen=True)
class ExplainOptions:
    """What `explain` and `explain-batch` share: where the graph is, how it is perturbed and asked, and by whom."""

    config: ConfigOpt = None
    preset: PresetOpt = None
    strategy: StrategyOpt = DEFAULT_STRATEGY
    generator: GeneratorOpt = "extractive"
    ollama_host: OllamaHostOpt = OLLAMA_HOST
    base_url: BaseUrlOpt = None
    timeout: TimeoutOpt = None
    max_retries: RetriesOpt = None
    mode: ModeOpt = "auto"
    hops: HopsOpt = None
    max_calls: MaxCallsOpt = None
    apply: ApplyOpt = "memory"
    dedup: DedupOpt = True
    scheduler: SchedulerOpt = "auto"
    proxy: ProxyOpt = "embedding"
    response_score: ResponseScoreOpt = "shift"
    chat_template: ChatTemplateOpt = None
    noise_runs: NoiseRunsOpt = 2
    surrogate_paths: SurrogatePathsOpt = False
    concurrency: ConcurrencyOpt = 4
    context_order: ContextOrderOpt = "auto"
    cache: CacheOpt = True
    provenance_text: ProvenanceTextOpt = ExplainSettings.provenance_text_chars
    verbose: VerboseOpt = False

    def settings(self) -> Settings:
        return settings_for(self.config, self.preset)

    def explain_settings(self, settings: Settings) -> ExplainSettings:
        """The command line over the settings file's alias rule and theta_sim; a bad value is a usage error
        naming the option (ExplainSettings validates the rest at construction)."""
        return ExplainSettings(
            strategies=(self.strategy,), mode=one_of("mode", self.mode, MODES), hops=self.hops, dedup=self.dedup,
            apply=one_of("apply", self.apply, APPLY), noise_runs=self.noise_runs, max_calls=self.max_calls,
            concurrency=self.concurrency, scheduler=one_of("scheduler", self.scheduler, SCHEDULER_NAMES),
            proxy=one_of("proxy", self.proxy, PROXY_NAMES),
            response_score=one_of("response_score", self.response_score, RESPONSE_SCORES),
            context_order=one_of("context_order", self.context_order, CONTEXT_ORDERS),
            surrogate_paths=self.surrogate_paths, provenance_text_chars=self.provenance_text).with_settings(settings)

    def connection(self) -> dict[str, Any]:
        return connection(self.ollama_host, self.base_url, self.timeout, self.max_retries, self.chat_template)


def grouped(param: str, group: type[Any]) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Declare a group of options once: the command's parameter `param` (an instance of the dataclass `group`)
    is shown to Typer as the group's fields, each with its own Annotated typer.Option, at that parameter's
    place, and rebuilt into one `group` instance when the command runs."""
    hints = get_type_hints(group, include_extras=True)
    members = [inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, default=f.default, annotation=hints[f.name])
               for f in dataclasses.fields(group)]
    names = [m.name for m in members]

    def wrap(command: Callable[..., R]) -> Callable[..., R]:
        own = inspect.signature(command, eval_str=True).parameters
        if param not in own or set(own) & set(names):
            raise TypeError(f"{command.__name__}: needs a parameter {param!r} and no other named like "
                            f"{group.__name__}'s fields")
        params: list[inspect.Parameter] = []
        for name, p in own.items():
            params.extend(members if name == param else [p.replace(kind=inspect.Parameter.KEYWORD_ONLY)])

        @functools.wraps(command)
        def run(**kwargs: Any) -> R:
            values = {name: kwargs.pop(name) for name in names}
            return command(**kwargs, **{param: group(**values)})

        del run.__wrapped__  # Typer must read the signature below, not the command's
        run.__dict__["__signature__"] = inspect.Signature(params)
        run.__annotations__ = {p.name: p.annotation for p in params}
        return run

    return wrap
