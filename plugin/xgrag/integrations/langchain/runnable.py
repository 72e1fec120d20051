"""A chain that returns its explanation: `with_explanation(chain, handler)`."""

from __future__ import annotations

import uuid
from typing import Any

from langchain_core.callbacks import (
    BaseCallbackManager,
)
from langchain_core.runnables import Runnable, RunnableConfig
from langchain_core.runnables.config import ensure_config

from xgrag.integrations.langchain.callback import XgragCallbackHandler

# -- a chain that returns its explanation ------------------------------------------------------------------------

def _with_handler(callbacks: Any, handler: XgragCallbackHandler) -> Any:
    if callbacks is None:
        return [handler]
    if isinstance(callbacks, BaseCallbackManager):
        manager = callbacks.copy()
        manager.add_handler(handler, inherit=True)
        return manager
    return list(callbacks) if handler in callbacks else [*callbacks, handler]


class ExplainedRunnable(Runnable[Any, dict[str, Any]]):
    """`chain` with the handler attached; returns {"answer": chain output, "explanation": Explanation | None,
    "run_id": str} (waiting for a queued explanation up to `timeout` seconds)."""

    def __init__(self, chain: Runnable[Any, Any], handler: XgragCallbackHandler, timeout: float | None = None) -> None:
        self.chain = chain
        self.handler = handler
        self.timeout = timeout

    def _config(self, config: RunnableConfig | None) -> tuple[RunnableConfig, uuid.UUID]:
        cfg = ensure_config(config)
        run_id = cfg.get("run_id") or uuid.uuid4()
        return {**cfg, "callbacks": _with_handler(cfg.get("callbacks"), self.handler), "run_id": run_id}, run_id

    def _result(self, answer: Any, run_id: uuid.UUID) -> dict[str, Any]:
        out = {"answer": answer, "explanation": self.handler.explanations.get(run_id), "run_id": str(run_id)}
        if out["explanation"] is None:
            reason = self.handler.skipped.get(run_id) or self.handler.errors.get(run_id)
            out["error"] = None if reason is None else str(reason)
        return out

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> dict[str, Any]:  # noqa: A002
        cfg, run_id = self._config(config)
        answer = self.chain.invoke(input, cfg, **kwargs)
        self.handler.result(run_id, self.timeout)
        return self._result(answer, run_id)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None,  # noqa: A002
                      **kwargs: Any) -> dict[str, Any]:
        cfg, run_id = self._config(config)
        answer = await self.chain.ainvoke(input, cfg, **kwargs)
        await self.handler.aresult(run_id, self.timeout)
        return self._result(answer, run_id)


def with_explanation(chain: Runnable[Any, Any], handler: XgragCallbackHandler,
                     timeout: float | None = None) -> ExplainedRunnable:
    """Wrap `chain` so that invoking it returns {"answer", "explanation", "run_id"} (see ExplainedRunnable)."""
    return ExplainedRunnable(chain, handler, timeout)
