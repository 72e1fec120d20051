"""The generator interface: text in, text plus usage out (sync and async).

Every generator runs at temperature 0 with a fixed seed by default, and reports usage (calls, prompt and
completion tokens, seconds) for cost accounting. `params` holds everything that changes its output; the
response cache keys on it. Structured `facts` and the bare `question` are passed alongside the prompt so that
non-LLM readers (the extractive reader) can answer from the same context an LLM sees as text.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from xgrag.errors import ServiceError


@dataclass
class Usage:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.seconds += other.seconds

    def to_json(self) -> dict[str, Any]:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class Fact:
    """One rendered triple of the context, in canonical order (what an LLM sees as a line of text)."""

    id: str  # relationship id
    head: str
    relation: str
    tail: str


@dataclass
class Generation:
    text: str
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    # Relationship ids the generator answered from, when it can say (the extractive reader can).
    evidence: list[str] | None = None


class GenerationError(ServiceError):
    pass


@runtime_checkable
class Generator(Protocol):
    name: str

    @property
    def params(self) -> dict[str, Any]:
        """Everything besides the prompt that changes the output (model, temperature, seed, ...)."""
        ...

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation: ...

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation: ...


class SyncGeneratorMixin:
    """Async for generators that only have a blocking implementation: run it in a worker thread."""

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        return await asyncio.to_thread(self.generate, prompt, system, question=question,  # type: ignore[attr-defined]
                                       facts=facts)
