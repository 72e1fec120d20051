"""SIGINT (Ctrl-C) and SIGTERM stop a command and keep its work instead of killing it.

Within `stop_on_signals(stop)`, the first SIGINT or SIGTERM only sets `stop` (a StopRequest naming the signal):
the run asks nothing new, cancels its calls in flight, and the command writes what was answered (the partial
explanation, the batch's summary) before it exits with 128 + the signal's number (130, 143). A second signal
means "now": SIGINT raises KeyboardInterrupt at once, SIGTERM ends the process with 143 without writing.
The previous handlers come back when the block ends.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from xgrag.explain.cancel import StopRequest

SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def stop_on_signals(stop: StopRequest, notice: Callable[[str], None]) -> Iterator[StopRequest]:
    """Route SIGINT / SIGTERM to `stop` for the block (main thread only; elsewhere the block runs unguarded)."""
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    received: list[int] = []

    def handle(signum: int, frame: FrameType | None) -> None:
        if received:  # the second signal: the user means it
            if signum == signal.SIGINT:
                raise KeyboardInterrupt
            os._exit(128 + signum)  # no cleanup: that is what a second SIGTERM asks for
        received.append(signum)
        name = signal.Signals(signum).name
        stop.request(name)
        again = "Ctrl-C" if signum == signal.SIGINT else "SIGTERM"
        notice(f"{name}: stopping; writing what was answered so far ({again} again to quit at once)")

    previous = {s: signal.signal(s, handle) for s in SIGNALS}
    try:
        yield stop
    finally:
        for s, h in previous.items():
            signal.signal(s, h)


def signal_number(stop: StopRequest) -> int | None:
    """The number of the signal that set `stop` (None: not set by a signal)."""
    detail = stop.detail or ""
    return int(signal.Signals[detail]) if detail in signal.Signals.__members__ else None
