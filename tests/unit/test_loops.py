"""xgrag.loops: a blocking entry point (Explainer.explain, the stacks' explain_*, RagExExplainer.explain) runs its
explanation without replacing or closing the calling thread's event loop (issue 31: LlamaIndex's next blocking query
failed after an explanation run by asyncio.run)."""

from __future__ import annotations

import asyncio
import gc
import threading
import warnings
from collections.abc import Iterator

import pytest

from xgrag.errors import UsageError
from xgrag.loops import current_loop, run_blocking


@pytest.fixture
def no_loop() -> Iterator[None]:
    """Each test starts and ends with the thread holding no current loop."""
    asyncio.set_event_loop(None)
    yield
    asyncio.set_event_loop(None)


async def _running() -> asyncio.AbstractEventLoop:
    return asyncio.get_running_loop()


def test_runs_on_the_threads_current_loop_and_leaves_it_current_and_open(no_loop: None) -> None:
    """What LlamaIndex's and LightRAG's blocking calls use: the thread's loop. The explanation runs there and the loop
    stays open and current, with what the library started on it meanwhile still alive there."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    started: list[asyncio.Task[None]] = []

    async def explanation() -> asyncio.AbstractEventLoop:
        started.append(asyncio.get_running_loop().create_task(asyncio.sleep(3600)))  # a library's worker task
        return asyncio.get_running_loop()

    try:
        assert run_blocking(explanation()) is loop
        assert current_loop() is loop and not loop.is_closed()
        assert not started[0].done()  # not the explanation's to cancel
    finally:
        started[0].cancel()
        loop.run_until_complete(asyncio.gather(*started, return_exceptions=True))
        asyncio.set_event_loop(None)
        loop.close()


def test_without_a_current_loop_uses_its_own_never_made_current(no_loop: None) -> None:
    """No loop in the thread: a loop of xgrag's own, closed afterwards with its leftover tasks cancelled; the thread
    is left without a current loop, as before (asyncio.run would have set one, then set None)."""
    left: list[asyncio.Task[None]] = []

    async def explanation() -> asyncio.AbstractEventLoop:
        assert current_loop() is None  # running, but never the thread's current loop
        left.append(asyncio.get_running_loop().create_task(asyncio.sleep(3600)))
        return asyncio.get_running_loop()

    own = run_blocking(explanation())
    assert own.is_closed() and left[0].cancelled()
    assert current_loop() is None


def test_a_closed_current_loop_is_not_used(no_loop: None) -> None:
    closed = asyncio.new_event_loop()
    closed.close()
    asyncio.set_event_loop(closed)
    own = run_blocking(_running())
    assert own is not closed and own.is_closed()


def test_refused_inside_a_running_loop_naming_the_async_form(no_loop: None) -> None:
    """The coroutine it was handed is closed, not left to warn that it was never awaited."""
    async def inside() -> None:
        with pytest.raises(UsageError, match="await aexplain_query instead"):
            run_blocking(_running(), async_form="aexplain_query")

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        asyncio.run(inside())
        gc.collect()
    assert not [w for w in seen if "never awaited" in str(w.message)]


def test_another_thread_gets_its_own_loop(no_loop: None) -> None:
    """A worker thread has no current loop: its own, closed, and the main thread's state is not touched."""
    main = asyncio.new_event_loop()
    asyncio.set_event_loop(main)
    seen: list[asyncio.AbstractEventLoop] = []
    try:
        worker = threading.Thread(target=lambda: seen.append(run_blocking(_running())))
        worker.start()
        worker.join()
        assert seen and seen[0] is not main and seen[0].is_closed()
        assert current_loop() is main
    finally:
        asyncio.set_event_loop(None)
        main.close()
