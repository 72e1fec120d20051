"""Any LangChain chat model (`BaseChatModel`) as an xgrag generator: invoke / ainvoke with a system and a user message.

Usage comes from `AIMessage.usage_metadata` when the integration reports it (tokens 0 otherwise; calls is always 1).
`params` feeds the response cache key, so besides the JSON-safe part of `_identifying_params` (empty for some
integrations, ChatOllama among them) it holds the model's scalar settings that change its output (model name,
temperature, seed, ...); connection details and secrets are left out.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from xgrag.generate.base import Fact, Generation, GenerationError, Usage

# Settings that do not change what the model answers, or must not end up in a cache key or a report.
_SKIP = frozenset({
    "name", "cache", "verbose", "callbacks", "callback_manager", "tags", "metadata", "custom_get_token_ids",
    "rate_limiter", "disable_streaming", "output_version", "base_url", "client_kwargs", "async_client_kwargs",
    "sync_client_kwargs", "keep_alive", "timeout", "request_timeout", "max_retries", "streaming",
    "validate_model_on_init",
    "default_headers", "default_query", "http_client", "http_async_client", "openai_api_base", "openai_organization",
    "openai_proxy", "sleep", "i", "error_on_chunk_number",
})
_SECRET = re.compile(r"(api_?key|secret|password|passwd|credential|headers|(^|_)auth|(^|_)token$)", re.I)
_SCALARS = (str, int, float, bool)


def _json_safe(value: Any) -> bool:
    try:
        json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return False
    return True


def _model_name(model: Any) -> str | None:
    try:
        ls = model._get_ls_params()
    except Exception:
        ls = {}
    for candidate in (ls.get("ls_model_name"), getattr(model, "model", None), getattr(model, "model_name", None),
                      getattr(model, "model_id", None)):
        if isinstance(candidate, str) and candidate:
            return candidate
    return None


def chat_model_params(model: Any) -> dict[str, Any]:
    """What identifies `model`'s output: the JSON-safe subset of `_identifying_params` plus scalar settings."""
    params: dict[str, Any] = {"class": type(model).__name__}
    llm_type = getattr(model, "_llm_type", None)
    if isinstance(llm_type, str):
        params["llm_type"] = llm_type
    fields = getattr(type(model), "model_fields", {}) or {}
    for key in fields:
        if key in _SKIP or _SECRET.search(key):
            continue
        value = getattr(model, key, None)
        if value is None or not (isinstance(value, _SCALARS) or (isinstance(value, list | tuple)
                                                                and all(isinstance(v, _SCALARS) for v in value))):
            continue
        params[key] = list(value) if isinstance(value, tuple) else value
    try:
        ident = dict(model._identifying_params)
    except Exception:
        ident = {}
    for key, value in ident.items():
        if key in _SKIP or _SECRET.search(str(key)) or value is None or not _json_safe(value):
            continue
        params[str(key)] = value
    name = _model_name(model)
    if name:
        params.setdefault("model", name)
    return params


def _content_text(message: Any) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks (Anthropic-style): keep the text ones
        parts = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict) and block.get("type") == "text":
                parts.append(str(block.get("text", "")))
        return "".join(parts)
    raise GenerationError(f"unexpected chat model output {type(content).__name__}: {content!r}"[:300])


def _usage(message: Any, seconds: float) -> Usage:
    meta = getattr(message, "usage_metadata", None) or {}
    return Usage(1, int(meta.get("input_tokens") or 0), int(meta.get("output_tokens") or 0), seconds)


class LangChainGenerator:
    """Wraps a LangChain `BaseChatModel` (ChatOllama, ChatOpenAI, a fake model in tests, ...)."""

    def __init__(self, chat_model: Any) -> None:
        try:
            from langchain_core.language_models import BaseChatModel
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise GenerationError("langchain-core is not installed: pip install langchain-core") from exc
        if not isinstance(chat_model, BaseChatModel):
            raise TypeError(f"LangChainGenerator needs a LangChain BaseChatModel, got {type(chat_model).__name__}")
        self.chat_model = chat_model
        model_name = _model_name(chat_model)
        self.name = f"langchain:{type(chat_model).__name__}" + (f":{model_name}" if model_name else "")
        self._params = chat_model_params(chat_model)

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def _messages(self, prompt: str, system: str | None) -> list[Any]:
        from langchain_core.messages import HumanMessage, SystemMessage

        return ([SystemMessage(content=system)] if system else []) + [HumanMessage(content=prompt)]

    def _error(self, exc: BaseException) -> GenerationError:
        host = getattr(self.chat_model, "base_url", None)
        if type(self.chat_model).__name__ == "ChatOllama":
            from xgrag.generate.ollama import describe_ollama_error, normalise_host

            detail = describe_ollama_error(exc, normalise_host(host), _model_name(self.chat_model) or "?")
            return GenerationError(f"{self.name}: {detail}")
        where = f" at {host}" if isinstance(host, str) and host else ""
        return GenerationError(f"{self.name}{where}: {type(exc).__name__}: {exc}")

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            message = self.chat_model.invoke(self._messages(prompt, system))
        except Exception as exc:
            raise self._error(exc) from exc
        return Generation(_content_text(message), _usage(message, time.perf_counter() - t0), self.name)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            message = await self.chat_model.ainvoke(self._messages(prompt, system))
        except Exception as exc:
            raise self._error(exc) from exc
        return Generation(_content_text(message), _usage(message, time.perf_counter() - t0), self.name)
