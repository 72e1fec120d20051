"""A deterministic reader to stand behind the protocol test servers where SmolLM2 would (their `generator_factory`)
when a test or benchmark proves the protocol path, not an answer: SmolLM2 costs seconds a call on a 2-core machine,
this costs microseconds. The tests that prove SmolLM2 itself answers over HTTP keep SmolLM2 behind the servers."""

from __future__ import annotations

import re
import threading
from typing import Any

from xgrag.generate.smollm2 import Completion

_WORDS = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "in", "by", "is", "are", "was", "were", "which", "what", "who", "whom", "when",
         "that", "did", "do", "does", "for", "to", "and", "movies", "movie", "films", "film", "also"}


class RuleReader:
    """Stands where SmolLM2 stands behind the test server (its `complete`): answers with the fact of the prompt's
    knowledge base that shares most words with the question, deterministically, in microseconds."""

    def __init__(self, **_: Any) -> None:
        pass

    def complete(self, messages: Any = None, *, raw_prompt: str | None = None, stop: Any = (), pieces: bool = False,
                 logprobs: int | None = None) -> Completion:
        text = raw_prompt if raw_prompt is not None else "\n".join(m["content"] for m in messages or [])
        question = text.rsplit("Question:", 1)[-1].split("\n", 1)[0]
        wanted = set(_WORDS.findall(question.lower())) - _STOP
        facts = [line[2:] for line in text.split("Facts:", 1)[-1].split("\n") if line.startswith("- ")]
        best = max(facts, key=lambda f: (len(wanted & set(_WORDS.findall(f.lower()))), f), default="")
        answer = f"{best}." if best and best != "(none)" else "I don't know."
        return Completion(answer, len(text.split()), len(answer.split()), 0.0, "stop")


class Gate:
    """Holds the calls of the readers it makes (`gate.reader` as a test server's `generator_factory`) while it is
    closed: a test that needs "an explanation still running" closes it, checks, then opens it. An order of events
    by construction, not a generator slow enough to still be running (a fast machine or a cache cannot make such a
    test pass by accident, a loaded one cannot make it fail). Open when made."""

    def __init__(self, timeout: float = 600.0) -> None:
        self._open = threading.Event()
        self._open.set()
        self._lock = threading.Lock()
        self.timeout = timeout  # generous: a call held this long means the test never opened the gate
        self.held = 0  # calls waiting at the gate now

    def close(self) -> None:
        self._open.clear()

    def open(self) -> None:
        self._open.set()

    def reader(self, **_: Any) -> GatedReader:
        return GatedReader(self)

    def wait(self) -> None:
        with self._lock:
            self.held += 1
        try:
            if not self._open.wait(self.timeout):
                raise TimeoutError(f"the gate stayed closed for {self.timeout:g} s")
        finally:
            with self._lock:
                self.held -= 1


class GatedReader(RuleReader):
    """A RuleReader whose every call first waits for its Gate to be open."""

    def __init__(self, gate: Gate, **_: Any) -> None:
        self.gate = gate

    def complete(self, messages: Any = None, *, raw_prompt: str | None = None, stop: Any = (), pieces: bool = False,
                 logprobs: int | None = None) -> Completion:
        self.gate.wait()
        return super().complete(messages, raw_prompt=raw_prompt, stop=stop, pieces=pieces, logprobs=logprobs)
