"""Generators and embedders from a short spec string (the CLI's --generator / --embedder).

Generators:
  extractive                    the non-LLM reader: answers from the facts and cites them
  gnan | gnan:PATH              the M-GNAN reader (not an LLM): answers with the top-scoring candidate entity and
                                knows each fact's exact contribution; a checkpoint from
                                `python -m xgrag.generate.gnan.train` (default $XGRAG_HOME/gnan/mgnan.pt)
  smollm2                       SmolLM2-135M-Instruct, local and offline (transformers); can score answers
  ollama:MODEL                  an Ollama server (ollama_host= / $OLLAMA_HOST, default http://127.0.0.1:11434);
                                the model name may itself contain ':', e.g. ollama:llama3.1:8b
  openai:MODEL                  an OpenAI-compatible server: OpenAI, vLLM, llama.cpp's server, LM Studio, ...
                                Base URL from base_url= / $OPENAI_BASE_URL (default https://api.openai.com/v1),
                                the key from $OPENAI_API_KEY only (not needed by a local server). Can score
                                answers where the server returns prompt log-probabilities (vLLM), given the
                                model's chat_template= ("chatml" or the tokenizer's Jinja template).
                                e.g. openai:gpt-4o-mini, or against a local vLLM
                                OPENAI_BASE_URL=http://127.0.0.1:8000/v1 and openai:Qwen/Qwen2.5-7B-Instruct
  langchain:ollama:MODEL        LangChain's ChatOllama (shorthand; ollama_host= as for ollama:)
  langchain:MODULE.CLASS:MODEL  any LangChain chat model class (a BaseChatModel), imported when used, e.g.
                                langchain:langchain_openai.ChatOpenAI:gpt-4o-mini
                                langchain:langchain_ollama.ChatOllama:llama3.1:8b
                                temperature=0 and seed=42 are set when the class has those settings.
Embedders: minilm (local all-MiniLM-L6-v2), ollama:MODEL, openai:MODEL (POST {base}/embeddings),
langchain:ollama:MODEL.

Keyword arguments:
  timeout=SECONDS      per-attempt timeout of HTTP generators (default 120); CLI --timeout
  max_retries=N        retries on timeouts, dropped connections, 429 and 5xx (default 3); CLI --max-retries
  base_url=URL         the server of openai:MODEL and of langchain:MODULE.CLASS:MODEL (passed as the class's
                       base_url); CLI --base-url
  ollama_host=URL      the server of ollama:MODEL and langchain:ollama:MODEL; CLI --ollama-host
Anything else goes to the constructor (seed=7, num_ctx=4096, max_new_tokens=32, max_tokens=64, backoff=0.1,
retry_seed=0, chat_template="chatml", logprobs=True, ...). Leave timeout/max_retries/base_url as None when the
user did not set them: a generator that has no such setting (smollm2, extractive) rejects them with a UsageError.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any, TypeVar

from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.generate.base import Generator

GENERATOR_SPECS = ("extractive", "gnan", "gnan:PATH", "smollm2", "ollama:MODEL", "openai:MODEL",
                   "langchain:ollama:MODEL",
                   "langchain:MODULE.CLASS:MODEL")
EMBEDDER_SPECS = ("minilm", "ollama:MODEL", "openai:MODEL", "langchain:ollama:MODEL")

_T = TypeVar("_T")


def _host(ollama_host: str | None) -> str:
    from xgrag.generate.ollama import DEFAULT_HOST, normalise_host

    return normalise_host(ollama_host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST)


def _model(spec: str, prefix: str) -> str:
    model = spec[len(prefix):].strip()
    if not model:
        raise UsageError(f"{spec!r}: the model name is missing (e.g. {prefix}llama3.1:8b)")
    return model


def _build(what: str, spec: str, factory: Callable[..., _T], *args: Any, **kw: Any) -> _T:
    try:
        return factory(*args, **kw)
    except TypeError as exc:
        if kw:
            raise UsageError(f"{what} {spec!r} does not take the options {sorted(kw)}: {exc}") from exc
        raise


def _http_options(timeout: float | None, max_retries: int | None) -> dict[str, Any]:
    return {k: v for k, v in (("timeout", timeout), ("max_retries", max_retries)) if v is not None}


def parse_langchain_spec(spec: str) -> tuple[str, str]:
    """`langchain:ollama:MODEL` -> ("ollama", MODEL); `langchain:MODULE.CLASS:MODEL` -> ("MODULE.CLASS", MODEL).

    The model name is everything after the second ':' (it may contain ':' itself)."""
    rest = spec[len("langchain:"):]
    target, sep, model = rest.partition(":")
    target = target.strip()
    if target != "ollama" and ("." not in target or target.startswith(".") or target.endswith(".")):
        raise UsageError(f"unknown generator {spec!r}: use one of {', '.join(GENERATOR_SPECS)}")
    if not sep or not model.strip():
        example = "langchain:ollama:llama3.1:8b" if target == "ollama" else f"langchain:{target}:gpt-4o-mini"
        raise UsageError(f"{spec!r}: the model name is missing (e.g. {example})")
    return target, model.strip()


def _chat_model_class(spec: str, path: str) -> type:
    from langchain_core.language_models import BaseChatModel

    module_name, _, class_name = path.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        package = module_name.split(".")[0]
        raise UsageError(f"{spec!r}: the module {module_name!r} is not installed "
                         f"(pip install {package.replace('_', '-')})") from exc
    cls = getattr(module, class_name, None)
    if cls is None:
        raise UsageError(f"{spec!r}: the module {module_name!r} has no class {class_name!r}")
    if not (isinstance(cls, type) and issubclass(cls, BaseChatModel)):
        raise UsageError(f"{spec!r}: {path} is not a LangChain chat model (a BaseChatModel subclass)")
    return cls


def _settings(cls: type) -> set[str]:
    """The constructor names a pydantic chat model accepts: field names and their aliases."""
    fields = getattr(cls, "model_fields", {}) or {}
    return set(fields) | {f.alias for f in fields.values() if getattr(f, "alias", None)}


def _langchain_class_generator(spec: str, path: str, model: str, base_url: str | None, timeout: float | None,
                               max_retries: int | None, kw: dict[str, Any]) -> Generator:
    from xgrag.generate.langchain import LangChainGenerator

    cls = _chat_model_class(spec, path)
    names = _settings(cls)
    options: dict[str, Any] = {}
    model_key = next((k for k in ("model", "model_name", "model_id") if k in names), None)
    if model_key is None:
        raise UsageError(f"{spec!r}: {path} has no model setting (model, model_name or model_id)")
    options[model_key] = model
    for key, default in (("temperature", 0.0), ("seed", 42)):
        if key in names:
            options[key] = default
    wanted = {"base_url": base_url, "timeout": timeout, "max_retries": max_retries}
    for key, value in wanted.items():
        if value is None:
            continue
        if key in names:
            options[key] = value
        elif key == "timeout" and "request_timeout" in names:
            options["request_timeout"] = value
        elif key == "timeout" and "client_kwargs" in names:  # langchain-ollama passes these to its httpx client
            options["client_kwargs"] = {**kw.pop("client_kwargs", {}), "timeout": value}
        else:
            raise UsageError(f"{spec!r}: {path} has no {key} setting")
    options.update(kw)
    try:
        chat = cls(**options)
    except Exception as exc:  # pydantic validation, a missing key, ...
        raise UsageError(f"{spec!r}: {path}({', '.join(sorted(options))}) failed: {type(exc).__name__}: "
                         f"{str(exc).splitlines()[0] if str(exc) else ''}") from exc
    return LangChainGenerator(chat)


def check_generator_spec(spec: str) -> str:
    """The spec's form, checked without building anything (no model loaded, no generator module imported): an
    unknown name, a missing model name or checkpoint path is the UsageError `make_generator` raises for it. The
    CLI checks this before it opens Neo4j, and opens Neo4j before it loads a model (a dead server is reported
    in a second, a bad spec without a connection). Returns the stripped spec."""
    spec = (spec or "").strip()
    if spec in ("extractive", "gnan", "smollm2"):
        return spec
    if spec.startswith("gnan:"):
        if not spec[len("gnan:"):].strip():
            raise UsageError(f"{spec!r}: the checkpoint path is missing (e.g. gnan:~/.xgrag/gnan/mgnan.pt)")
    elif spec.startswith("ollama:"):
        _model(spec, "ollama:")
    elif spec.startswith("openai:"):
        _model(spec, "openai:")
    elif spec.startswith("langchain:"):
        parse_langchain_spec(spec)
    else:
        raise UsageError(f"unknown generator {spec!r}: use one of {', '.join(GENERATOR_SPECS)}")
    return spec


# The local readers never score a fixed answer (no token log-probabilities): spec -> the name the built reader
# reports, known without building it (that loads the embedding model). tests/unit/generate/test_factory_specs.py
# checks the names and that the built classes have no score_answer.
READERS_THAT_CANNOT_SCORE = {"extractive": "extractive-reader", "gnan": "mgnan-reader"}


def reader_that_cannot_score(spec: str) -> str | None:
    """The name of the local reader `spec` builds (extractive, gnan, gnan:PATH), which cannot score a fixed
    answer; None for every other spec (whether it can score is known once it is built)."""
    spec = (spec or "").strip()
    return READERS_THAT_CANNOT_SCORE.get("gnan" if spec.startswith("gnan:") else spec)


def make_generator(spec: str, *, ollama_host: str | None = None, base_url: str | None = None,
                   timeout: float | None = None, max_retries: int | None = None, **kw: Any) -> Generator:
    """The generator for `spec` (see the module docstring); UsageError (a ValueError) for an unknown spec."""
    spec = (spec or "").strip()
    http = _http_options(timeout, max_retries)
    if spec == "extractive":
        try:
            from xgrag.generate.extractive import ExtractiveReader
        except ModuleNotFoundError as exc:
            if exc.name in ("xgrag.generate.extractive", "xgrag.generate"):
                raise ImportError("the extractive reader (module xgrag.generate.extractive) is missing from this "
                                  "install of xgrag") from exc
            raise
        embedder = kw.pop("embedder", None)
        if embedder is None:
            from xgrag.embed import default_embedder

            embedder = default_embedder()
        return _build("generator", spec, ExtractiveReader, embedder=embedder, **http, **kw)
    if spec == "gnan" or spec.startswith("gnan:"):
        from xgrag.generate.gnan.reader import GNANReader

        if http:
            raise UsageError(f"{spec!r}: the M-GNAN reader has no timeout or max_retries setting")
        path = spec[len("gnan:"):].strip() if spec.startswith("gnan:") else ""
        if spec.startswith("gnan:") and not path:
            raise UsageError(f"{spec!r}: the checkpoint path is missing (e.g. gnan:~/.xgrag/gnan/mgnan.pt)")
        embedder = kw.pop("embedder", None)
        if embedder is None:
            from xgrag.embed import default_embedder

            embedder = default_embedder()
        return _build("generator", spec, GNANReader.from_checkpoint, path or None, embedder, **kw)
    if spec == "smollm2":
        from xgrag.generate.smollm2 import SmolLM2Generator

        return _build("generator", spec, SmolLM2Generator, **http, **kw)
    if spec.startswith("ollama:"):
        from xgrag.generate.ollama import OllamaGenerator

        return _build("generator", spec, OllamaGenerator, model=_model(spec, "ollama:"), host=_host(ollama_host),
                      **http, **kw)
    if spec.startswith("openai:"):
        from xgrag.generate.openai import OpenAIGenerator

        return _build("generator", spec, OpenAIGenerator, model=_model(spec, "openai:"), base_url=base_url,
                      **http, **kw)
    if spec.startswith("langchain:"):
        target, model = parse_langchain_spec(spec)
        if target != "ollama":
            return _langchain_class_generator(spec, target, model, base_url, timeout, max_retries, kw)
        try:
            from langchain_ollama import ChatOllama
        except ImportError as exc:
            raise UsageError(f"{spec!r} needs langchain-ollama: pip install langchain-ollama") from exc
        from xgrag.generate.langchain import LangChainGenerator

        if max_retries is not None:
            raise UsageError(f"{spec!r}: ChatOllama has no max_retries setting (use ollama:{model} for retries)")
        options = {"temperature": 0.0, "seed": 42, "num_ctx": 8192, **kw}
        if timeout is not None:
            options["client_kwargs"] = {**options.get("client_kwargs", {}), "timeout": timeout}
        chat = _build("generator", spec, ChatOllama, model=model, base_url=_host(ollama_host), **options)
        return LangChainGenerator(chat)
    raise UsageError(f"unknown generator {spec!r}: use one of {', '.join(GENERATOR_SPECS)}")


def make_embedder(spec: str = "minilm", *, ollama_host: str | None = None, base_url: str | None = None,
                  timeout: float | None = None, max_retries: int | None = None, **kw: Any) -> Embedder:
    """The embedder for `spec`: `minilm` (the shared local model), `ollama:MODEL`, `openai:MODEL`,
    `langchain:ollama:MODEL`."""
    spec = (spec or "").strip()
    if spec == "minilm":
        from xgrag.embed import SentenceTransformerEmbedder, default_embedder

        return _build("embedder", spec, SentenceTransformerEmbedder, **kw) if kw else default_embedder()
    if spec.startswith("ollama:"):
        from xgrag.generate.embedders import OllamaEmbedder

        return _build("embedder", spec, OllamaEmbedder, model=_model(spec, "ollama:"), host=_host(ollama_host),
                      **_http_options(timeout, max_retries), **kw)
    if spec.startswith("openai:"):
        from xgrag.generate.embedders import OpenAIEmbedder

        return _build("embedder", spec, OpenAIEmbedder, model=_model(spec, "openai:"), base_url=base_url,
                      **_http_options(timeout, max_retries), **kw)
    if spec.startswith("langchain:ollama:"):
        model = _model(spec, "langchain:ollama:")
        try:
            from langchain_ollama import OllamaEmbeddings
        except ImportError as exc:
            raise UsageError(f"{spec!r} needs langchain-ollama: pip install langchain-ollama") from exc
        from xgrag.generate.embedders import LangChainEmbedder

        if max_retries is not None:
            raise UsageError(f"{spec!r}: OllamaEmbeddings has no max_retries setting (use ollama:{model} instead)")
        if timeout is not None:
            kw["client_kwargs"] = {**kw.get("client_kwargs", {}), "timeout": timeout}
        return LangChainEmbedder(_build("embedder", spec, OllamaEmbeddings, model=model, base_url=_host(ollama_host),
                                        **kw))
    raise UsageError(f"unknown embedder {spec!r}: use one of {', '.join(EMBEDDER_SPECS)}")
