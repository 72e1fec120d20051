"""Entry points: explain the answer a `GraphRAG.search` gave, with the search's own retriever items, prompt template
and LLM."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from neo4j_graphrag.generation.types import RagResultModel
from neo4j_graphrag.types import LLMMessage

from xgrag.errors import UsageError
from xgrag.explain import ExplainSettings
from xgrag.explain.explainer import aexplain_stack
from xgrag.explain.run import Progress
from xgrag.explain.stack import OnMismatch, check_observed
from xgrag.generate.cache import ResponseCache
from xgrag.loops import require_blocking, run_blocking
from xgrag.model import Explanation
from xgrag.store.neo4j import Neo4jStore

from .call import stack_call
from .payload import ExplainedRagResult, build_payload


def _history(message_history: Any) -> list[LLMMessage] | None:
    """A MessageHistory (its messages) or a list of messages, as GraphRAG.search takes them."""
    if message_history is None:
        return None
    messages = getattr(message_history, "messages", message_history)
    return list(messages)


async def aexplain_result(graphrag: Any, result: RagResultModel, query_text: str, *, store: Neo4jStore | None = None,
                          examples: str = "", message_history: Any = None, response_fallback: str | None = None,
                          settings: ExplainSettings | None = None, embedder: Any = None,
                          cache: ResponseCache | None = None, progress: Progress | None = None,
                          on_mismatch: OnMismatch = "warn", observed_answer: str | None = None
                          ) -> ExplainedRagResult:
    """`explain_result` for async code."""
    check_observed(observed_answer, on_mismatch)
    history = _history(message_history)
    if not isinstance(result, RagResultModel):
        raise UsageError(f"expected the RagResultModel of GraphRAG.search(..., return_context=True), got "
                         f"{type(result).__name__}")
    call, mapped = await asyncio.to_thread(stack_call, graphrag, query_text, result, store=store, examples=examples,
                                           message_history=history, response_fallback=response_fallback)
    retrieved = result.retriever_result
    assert retrieved is not None  # stack_call refused a result without one
    ex: Explanation | None = None
    skipped = None
    if not call.context.items:
        skipped = "the retriever returned no item: there is no context to explain"
    else:
        ex = await aexplain_stack(call, embedder=embedder, settings=settings, cache=cache, progress=progress,
                                  on_mismatch=on_mismatch, observed_answer=observed_answer)
    payload = build_payload(retrieved, call.context.units, call.graph, mapped, ex, answer=result.answer,
                            retriever=graphrag.retriever, extra_steps=call.notes, skipped=skipped)
    return ExplainedRagResult(answer=result.answer, retriever_result=retrieved, explain=payload, explanation=ex)


def explain_result(graphrag: Any, result: RagResultModel, query_text: str, *, store: Neo4jStore | None = None,
                   examples: str = "", message_history: Any = None, response_fallback: str | None = None,
                   settings: ExplainSettings | None = None, embedder: Any = None, cache: ResponseCache | None = None,
                   progress: Progress | None = None, on_mismatch: OnMismatch = "warn",
                   observed_answer: str | None = None) -> ExplainedRagResult:
    """Explain `result`, the answer `graphrag.search(query_text, ..., return_context=True)` gave, with the search's
    own items, RagTemplate and LLM (pass the search's own `examples`, `message_history`, `response_fallback`).
    `observed_answer`: the answer you got, when `result` is another run of the search (default: `result.answer`);
    the replays must reproduce it, and so must `result.answer`; a mismatch warns or raises per `on_mismatch`.
    `store` traces the items to graph elements under its schema preset (optional: without one the units are the
    items and their spans, unmapped). Blocking; from async code use `aexplain_result`. Leaves the thread's event loop
    as it was (xgrag.loops)."""
    return run_blocking(aexplain_result(graphrag, result, query_text, store=store, examples=examples,
                                        message_history=message_history, response_fallback=response_fallback,
                                        settings=settings, embedder=embedder, cache=cache, progress=progress,
                                        on_mismatch=on_mismatch, observed_answer=observed_answer),
                        async_form="aexplain_result")


async def aexplain_search(graphrag: Any, query_text: str, *, store: Neo4jStore | None = None,
                          retriever_config: dict[str, Any] | None = None, examples: str = "",
                          message_history: Sequence[LLMMessage] | Any = None, response_fallback: str | None = None,
                          settings: ExplainSettings | None = None, embedder: Any = None,
                          cache: ResponseCache | None = None, progress: Progress | None = None,
                          on_mismatch: OnMismatch = "warn", observed_answer: str | None = None
                          ) -> ExplainedRagResult:
    """`explain_search` for async code. GraphRAG.search is blocking only (its LLM's sync invoke, the sync driver):
    it runs in a worker thread, where it binds nothing to an event loop."""
    check_observed(observed_answer, on_mismatch)
    result = await asyncio.to_thread(graphrag.search, query_text=query_text, message_history=message_history,
                                     examples=examples, retriever_config=retriever_config, return_context=True,
                                     response_fallback=response_fallback)
    return await aexplain_result(graphrag, result, query_text, store=store, examples=examples,
                                 message_history=message_history, response_fallback=response_fallback,
                                 settings=settings, embedder=embedder, cache=cache, progress=progress,
                                 on_mismatch=on_mismatch, observed_answer=observed_answer)


def explain_search(graphrag: Any, query_text: str, *, store: Neo4jStore | None = None,
                   retriever_config: dict[str, Any] | None = None, examples: str = "",
                   message_history: Sequence[LLMMessage] | Any = None, response_fallback: str | None = None,
                   settings: ExplainSettings | None = None, embedder: Any = None, cache: ResponseCache | None = None,
                   progress: Progress | None = None, on_mismatch: OnMismatch = "warn",
                   observed_answer: str | None = None) -> ExplainedRagResult:
    """Run `graphrag.search(query_text, ..., return_context=True)` and explain the answer it gave: every probe
    rebuilds the search's own prompt (its RagTemplate over the retrieved items, some left out) and asks the
    search's own LLM (see the package docstring). Returns the search result with `.explain` (the payload) and
    `.explanation` (xgrag's Explanation; `.explanation.reproduction` says whether replaying the call gave the
    search's answer). `observed_answer`: the answer the search gave you, when you have it: the replays must
    reproduce it, and so must this run of the search; a mismatch warns or raises per `on_mismatch`. Blocking; from
    async code use `aexplain_search`. The search runs in the calling thread, as the caller's own would; the
    explanation leaves the thread's event loop as it was (xgrag.loops)."""
    require_blocking("aexplain_search")
    check_observed(observed_answer, on_mismatch)
    result = graphrag.search(query_text=query_text, message_history=message_history, examples=examples,
                             retriever_config=retriever_config, return_context=True,
                             response_fallback=response_fallback)
    return explain_result(graphrag, result, query_text, store=store, examples=examples,
                          message_history=message_history, response_fallback=response_fallback, settings=settings,
                          embedder=embedder, cache=cache, progress=progress, on_mismatch=on_mismatch,
                          observed_answer=observed_answer)
