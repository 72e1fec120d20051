"""Generators and embedders from a short spec string (the CLI's --generator / --embedder).

Generators: `extractive` (the non-LLM reader), `smollm2` (local SmolLM2-135M-Instruct), `ollama:MODEL` (the model
name may itself contain ':', e.g. `ollama:llama3.1:8b`), `langchain:ollama:MODEL` (LangChain's ChatOllama).
Embedders: `minilm` (local all-MiniLM-L6-v2), `ollama:MODEL`, `langchain:ollama:MODEL`.
Extra keyword arguments go to the constructor (e.g. seed=7, num_ctx=4096, max_new_tokens=32).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.generate.base import Generator

GENERATOR_SPECS = ("extractive", "smollm2", "ollama:MODEL", "langchain:ollama:MODEL")
EMBEDDER_SPECS = ("minilm", "ollama:MODEL", "langchain:ollama:MODEL")

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


def make_generator(spec: str, *, ollama_host: str | None = None, **kw: Any) -> Generator:
    """The generator for `spec` (see the module docstring); ValueError for an unknown spec."""
    spec = (spec or "").strip()
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
        return _build("generator", spec, ExtractiveReader, embedder=embedder, **kw)
    if spec == "smollm2":
        from xgrag.generate.smollm2 import SmolLM2Generator

        return _build("generator", spec, SmolLM2Generator, **kw)
    if spec.startswith("ollama:"):
        from xgrag.generate.ollama import OllamaGenerator

        return _build("generator", spec, OllamaGenerator, model=_model(spec, "ollama:"), host=_host(ollama_host),
                      **kw)
    if spec.startswith("langchain:ollama:"):
        model = _model(spec, "langchain:ollama:")
        try:
            from langchain_ollama import ChatOllama
        except ImportError as exc:
            raise UsageError(f"{spec!r} needs langchain-ollama: pip install langchain-ollama") from exc
        from xgrag.generate.langchain import LangChainGenerator

        options = {"temperature": 0.0, "seed": 42, "num_ctx": 8192, **kw}
        chat = _build("generator", spec, ChatOllama, model=model, base_url=_host(ollama_host), **options)
        return LangChainGenerator(chat)
    raise UsageError(f"unknown generator {spec!r}: use one of {', '.join(GENERATOR_SPECS)}")


def make_embedder(spec: str = "minilm", *, ollama_host: str | None = None, **kw: Any) -> Embedder:
    """The embedder for `spec`: `minilm` (the shared local model), `ollama:MODEL`, `langchain:ollama:MODEL`."""
    spec = (spec or "").strip()
    if spec == "minilm":
        from xgrag.embed import SentenceTransformerEmbedder, default_embedder

        return _build("embedder", spec, SentenceTransformerEmbedder, **kw) if kw else default_embedder()
    if spec.startswith("ollama:"):
        from xgrag.embed import OllamaEmbedder

        return _build("embedder", spec, OllamaEmbedder, model=_model(spec, "ollama:"), host=_host(ollama_host), **kw)
    if spec.startswith("langchain:ollama:"):
        model = _model(spec, "langchain:ollama:")
        try:
            from langchain_ollama import OllamaEmbeddings
        except ImportError as exc:
            raise UsageError(f"{spec!r} needs langchain-ollama: pip install langchain-ollama") from exc
        from xgrag.embed import LangChainEmbedder

        return LangChainEmbedder(_build("embedder", spec, OllamaEmbeddings, model=model, base_url=_host(ollama_host),
                                        **kw))
    raise UsageError(f"unknown embedder {spec!r}: use one of {', '.join(EMBEDDER_SPECS)}")
