"""The answer oracle: one generation per distinct context within an explanation, embeddings once per text."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from fakes import HashEmbedder, RuleGenerator
from xgrag.explain.oracle import AnswerOracle, is_language_model
from xgrag.generate.base import Generation, GenerationError, SyncGeneratorMixin, Usage
from xgrag.generate.cache import ResponseCache
from xgrag.generate.prompt import render
from xgrag.model import Node, Relationship, Subgraph


def graph(*facts: tuple[str, str, str]) -> Subgraph:
    sub = Subgraph()
    for i, (h, r, t) in enumerate(facts):
        sub.add_node(Node(h, h))
        sub.add_node(Node(t, t))
        sub.add_relationship(Relationship(f"r{i}", h, t, r))
    return sub


CTX_A = render("who directed Out to Sea", graph(("Out to Sea", "directed_by", "Martha Coolidge")))
CTX_B = render("who directed Out to Sea", graph(("Out to Sea", "release_year", "1997")))


def test_the_same_context_is_generated_once_also_when_asked_concurrently() -> None:
    gen = RuleGenerator()
    oracle = AnswerOracle(gen, HashEmbedder(), concurrency=4)

    async def ask() -> list[str]:
        answers = await asyncio.gather(*[oracle.answer(c) for c in (CTX_A, CTX_A, CTX_B, CTX_A)])
        return [a.text for a in answers] + [(await oracle.answer(CTX_B)).text]

    texts = asyncio.run(ask())
    assert texts == ["Martha Coolidge.", "Martha Coolidge.", "I don't know.", "Martha Coolidge.", "I don't know."]
    assert gen.calls == 2 and oracle.calls == 2
    assert oracle.ledger.deduplicated == 3 and oracle.ledger.requests == 5 and oracle.ledger.cache_hits == 0


def test_repeats_are_generated_again_on_purpose() -> None:
    gen = RuleGenerator()
    oracle = AnswerOracle(gen, HashEmbedder())

    async def ask() -> None:
        for repeat in (0, 1, 2, 1):
            await oracle.answer(CTX_A, repeat=repeat)

    asyncio.run(ask())
    assert gen.calls == 3 and oracle.ledger.deduplicated == 1


def test_the_persistent_cache_answers_before_the_generator(tmp_path) -> None:
    cache = ResponseCache(tmp_path / "c.sqlite")
    first = AnswerOracle(RuleGenerator(), HashEmbedder(), cache)
    asyncio.run(first.answer(CTX_A))
    gen = RuleGenerator()
    second = AnswerOracle(gen, HashEmbedder(), cache)
    answer = asyncio.run(second.answer(CTX_A))
    assert answer.cached and answer.text == "Martha Coolidge." and gen.calls == 0
    assert second.ledger.cache_hits == 1 and second.calls == 0


class FlakyGenerator(SyncGeneratorMixin):
    name = "flaky"
    params: dict[str, str] = {}

    def __init__(self) -> None:
        self.calls = 0

    def generate(self, prompt, system=None, *, question=None, facts=()) -> Generation:
        self.calls += 1
        if self.calls == 1:
            raise GenerationError("server went away")
        return Generation("ok", Usage(1, 1, 1, 0.0), self.name)


def test_a_failed_call_is_not_remembered_as_an_answer() -> None:
    gen = FlakyGenerator()
    oracle = AnswerOracle(gen, HashEmbedder())
    with pytest.raises(GenerationError):
        asyncio.run(oracle.answer(CTX_A))
    assert asyncio.run(oracle.answer(CTX_A)).text == "ok" and gen.calls == 2


class CountingEmbedder(HashEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.batches: list[list[str]] = []

    def embed(self, texts):
        self.batches.append(list(texts))
        return super().embed(texts)


def test_each_distinct_text_is_embedded_once() -> None:
    emb = CountingEmbedder()
    oracle = AnswerOracle(RuleGenerator(), emb)
    first = oracle.vectors(["b", "a", "b"])
    again = oracle.vectors(["a", "c"])
    assert emb.batches == [["a", "b"], ["c"]]
    assert np.array_equal(first["a"], again["a"]) and oracle.ledger.embedded_texts == 3


def test_generators_declare_whether_they_are_language_models() -> None:
    from xgrag.generate.extractive import ExtractiveReader

    assert not is_language_model(ExtractiveReader(HashEmbedder()))
    assert is_language_model(RuleGenerator())  # says nothing: treated as one
