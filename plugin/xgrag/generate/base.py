"""The minimal generator interface (sync); every call reports its usage for cost accounting."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


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


@dataclass
class Generation:
    text: str
    usage: Usage = field(default_factory=Usage)
    model: str = ""


class GenerationError(RuntimeError):
    pass


class Generator(Protocol):
    name: str

    def generate(self, prompt: str, system: str | None = None) -> Generation: ...
