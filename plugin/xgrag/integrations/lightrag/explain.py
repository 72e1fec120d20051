"""Entry points: run `rag.query` and explain its answer (`aexplain_query`), or explain an answer already given for a
question and QueryParam (`aexplain_answer`). Async first, as LightRAG is: its storages and LLM queue live on the event
loop `rag.initialize_storages()` ran on. `explain_query` is the blocking form for scripts that use LightRAG's own
blocking `rag.query`, driven the way LightRAG drives its blocking calls."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from xgrag.errors import UsageError
from xgrag.explain import ExplainSettings
from xgrag.explain.explainer import aexplain_stack
from xgrag.explain.run import Progress
from xgrag.explain.stack import OnMismatch, check_observed
from xgrag.generate.cache import ResponseCache
from xgrag.loops import require_blocking, run_blocking
from xgrag.model import Explanation
from xgrag.model.trace import LightRAGMap

from .call import lightrag_call


@dataclass
class ExplainedQuery:
    question: str
    answer: str  # what rag.query returned
    explanation: Explanation | None
    data: dict[str, Any]  # LightRAG's structured data of the retrieval
    trace: LightRAGMap  # how the prompt's rows were read


def _param(param: Any) -> Any:
    from lightrag import QueryParam

    if param is None:
        return QueryParam()
    if not isinstance(param, QueryParam):
        raise UsageError(f"param: expected a lightrag QueryParam, got {type(param).__name__}")
    return param


async def _llm(rag: Any, question: str, param: Any, system_prompt: str | None) -> dict[str, Any]:
    result: dict[str, Any] = await rag.aquery_llm(question, param, system_prompt)
    if result.get("status") != "success":
        raise UsageError(f"LightRAG answered without a context to explain: {result.get('message')}")
    return result


async def aexplain_answer(rag: Any, question: str, answer: str, param: Any = None, *,
                          system_prompt: str | None = None, data: dict[str, Any] | None = None,
                          settings: ExplainSettings | None = None, embedder: Any = None,
                          cache: ResponseCache | None = None, progress: Progress | None = None,
                          on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedQuery:
    """Explain `answer`, what `rag.query(question, param, system_prompt)` returned. `data`: aquery_llm's data of that
    call when you have it (else the data of the only_need_prompt preview, the same retrieval run again).
    `observed_answer`: the answer you got, when `answer` came from another run of the query (default: `answer`);
    the replays must reproduce it, and so must `answer`; a mismatch warns or raises per `on_mismatch`."""
    check_observed(observed_answer, on_mismatch)
    param = _param(param)
    preview = await _llm(rag, question, replace(param, only_need_prompt=True), system_prompt)
    if data is None:
        data = preview.get("data") or {}
    full = (preview.get("llm_response") or {}).get("content")
    if not isinstance(full, str):
        raise UsageError("LightRAG returned no prompt for only_need_prompt=True")
    call = lightrag_call(rag, question, param, answer, data, full, system_prompt)
    if not call.context.items:
        raise UsageError("LightRAG's prompt holds no context rows: there is nothing to explain")
    ex = await aexplain_stack(call, embedder=embedder, settings=settings, cache=cache, progress=progress,
                              on_mismatch=on_mismatch, observed_answer=observed_answer)
    step = call.notes[0]
    assert isinstance(step, LightRAGMap)  # lightrag_call's one note
    return ExplainedQuery(question, answer, ex, data, step)


async def aexplain_query(rag: Any, question: str, param: Any = None, *, system_prompt: str | None = None,
                         settings: ExplainSettings | None = None, embedder: Any = None,
                         cache: ResponseCache | None = None, progress: Progress | None = None,
                         on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedQuery:
    """Run `rag.aquery_llm(question, param)` (what `rag.aquery` returns the content of) and explain its answer with
    LightRAG's own prompt and the user's LLM function (xgrag.integrations.lightrag.call). `observed_answer`: the
    answer LightRAG gave you, when you have it: the replays must reproduce it, and so must this query; a mismatch
    warns or raises per `on_mismatch`."""
    check_observed(observed_answer, on_mismatch)
    param = _param(param)
    result = await _llm(rag, question, param, system_prompt)
    answer = (result.get("llm_response") or {}).get("content")
    if not isinstance(answer, str):
        raise UsageError("LightRAG's answer is not a text (QueryParam(stream=True) is not explained)")
    return await aexplain_answer(rag, question, answer, param, system_prompt=system_prompt,
                                 data=result.get("data") or {}, settings=settings, embedder=embedder, cache=cache,
                                 progress=progress, on_mismatch=on_mismatch, observed_answer=observed_answer)


def explain_query(rag: Any, question: str, param: Any = None, *, system_prompt: str | None = None,
                  settings: ExplainSettings | None = None, embedder: Any = None, cache: ResponseCache | None = None,
                  progress: Progress | None = None, on_mismatch: OnMismatch = "warn",
                  observed_answer: str | None = None) -> ExplainedQuery:
    """`aexplain_query` for blocking code: on LightRAG's event loop, as its own blocking `rag.query` runs (from
    async code, await `aexplain_query`); the loop stays open and current (xgrag.loops)."""
    from lightrag.utils import always_get_an_event_loop

    require_blocking("aexplain_query")
    check_observed(observed_answer, on_mismatch)
    always_get_an_event_loop()  # LightRAG's own choice of loop: the thread's, made current if it has none
    return run_blocking(aexplain_query(rag, question, param, system_prompt=system_prompt, settings=settings,
                                       embedder=embedder, cache=cache, progress=progress, on_mismatch=on_mismatch,
                                       observed_answer=observed_answer),
                        async_form="aexplain_query")
