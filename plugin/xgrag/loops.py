"""Blocking entry points run their explanation here, never with `asyncio.run`: explaining leaves the caller's event
loop, and whatever the user's objects bound to it, exactly as they were. Every stage's blocking entry point uses it
(`Explainer.explain`, `RagExExplainer.explain`, `xgrag serve`'s what-if, the stacks' `explain_*`), so it sits at the
bottom of the import layers and imports nothing of xgrag but `errors`.

Why not `asyncio.run`: it makes a new loop the calling thread's current one and, when it returns, sets the current
loop to None and closes its own. The libraries' blocking calls run their async paths on the thread's current loop
(LlamaIndex's `asyncio_run`: `asyncio.get_event_loop()`, made once and kept open; LightRAG's
`always_get_an_event_loop`), and their clients keep connections bound to it (`OpenAILike`'s cached `AsyncOpenAI`,
whose httpx pool belongs to the loop it was opened in). After an `asyncio.run` the thread has no current loop, so
the library's next blocking call makes a loop of its own and finds its client bound to another one: LlamaIndex's
`engine.query` after an explanation failed with "Detected nested async" over "Event loop is closed".

`run_blocking(coro)`:
- inside a running loop: refused (the caller awaits the async form);
- the thread has a current loop, open and idle (the user's, or the one their library made current): the explanation
  runs on it, as the library's own blocking calls do, and it stays open and current;
- the thread has none: a loop of xgrag's own, never made current, closed afterwards. Nothing of the user's is bound
  to it, because a blocking entry point calls the user's objects the way the blocking caller does: their own call in
  the caller's thread (`engine.query`, `graphrag.search`, `chain.invoke`) before any loop runs, the replays through
  their blocking methods in worker threads.

The async entry points run on the caller's loop and call the user's objects there (LlamaIndex: `engine.aquery`, not
`engine.query` in a worker thread, whose `asyncio_run` would open the client's connections in a loop closed when the
query returns).
"""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Coroutine
from typing import Any, TypeVar

from xgrag.errors import UsageError

T = TypeVar("T")


def current_loop() -> asyncio.AbstractEventLoop | None:
    """The calling thread's current event loop when it is open and not running, read without creating one (which
    `asyncio.get_event_loop()` does in the main thread); None when it has none."""
    with warnings.catch_warnings():  # the policy API is deprecated from Python 3.14 (still there until 3.16)
        warnings.simplefilter("ignore", DeprecationWarning)
        policy = asyncio.get_event_loop_policy()
        local = getattr(policy, "_local", None)  # BaseDefaultEventLoopPolicy's per-thread state (3.10 - 3.14)
        if local is not None:
            loop = getattr(local, "_loop", None)
        else:  # another policy: ask it (it may make a loop current, as the libraries' own blocking calls would)
            try:
                loop = policy.get_event_loop()
            except RuntimeError:
                loop = None
    if not isinstance(loop, asyncio.AbstractEventLoop) or loop.is_closed() or loop.is_running():
        return None
    return loop


def require_blocking(async_form: str = "the async form") -> None:
    """Refuse a blocking entry point called inside a running event loop (before it calls anything of the user's):
    it would block that loop, and the user's objects belong to it. `async_form`: what to await instead."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    raise UsageError(f"called inside a running event loop: await {async_form} instead")


def run_blocking(coro: Coroutine[Any, Any, T], *, async_form: str = "the async form") -> T:
    """Run `coro` to completion from blocking code, leaving the thread's event loop as it found it (module
    docstring). `async_form`: what a caller inside a running loop should await instead (named in the error)."""
    try:
        require_blocking(async_form)
    except UsageError:
        coro.close()  # never awaited: no "coroutine was never awaited" warning on top of the error
        raise
    loop = current_loop()
    if loop is not None:
        return _run_on(loop, coro)
    own = asyncio.new_event_loop()  # never set as the thread's current loop
    try:
        return _run_on(own, coro, cancel_rest=True)
    finally:
        try:
            own.run_until_complete(own.shutdown_asyncgens())
            own.run_until_complete(own.shutdown_default_executor())
        finally:
            own.close()


def _run_on(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T], *, cancel_rest: bool = False) -> T:
    """`coro` on `loop` until done. On the way out (an interrupt included) the explanation's own task is cancelled
    and awaited if it did not finish; `cancel_rest` (xgrag's own loop) also every other task left, as asyncio.run
    does. On a user's loop, tasks its library started meanwhile (LightRAG's LLM queue workers) keep running there."""
    task = loop.create_task(coro)
    try:
        return loop.run_until_complete(task)
    finally:
        left = [t for t in asyncio.all_tasks(loop) if not t.done() and (cancel_rest or t is task)]
        for t in left:
            t.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))


__all__ = ["current_loop", "require_blocking", "run_blocking"]
