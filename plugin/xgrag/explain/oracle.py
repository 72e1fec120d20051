"""The answer oracle: every generator call and every embedding an explanation makes goes through one of these.

- generate (async, concurrency-limited) with the persistent response cache (keyed on the generator, its
  parameters, the prompt version and the rendered context) and, within one oracle's life, content-addressed
  dedup: a context that was already asked is never generated again, whatever strategy produced it (two probes
  that render the same context share one answer; `deduplicated` counts them). Deliberate repeats (the noise
  floor's baseline runs) are addressed by `repeat` and bypass both;
- embed once per distinct text (a memo), so the same answer always maps to the same vector;
- a cost ledger: generator usage, cache hits, dedup hits, embedder seconds.

The Explainer, the RAG-Ex baseline and evaluation all use it; create one per explanation (its memo is that
explanation's).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.generate.base import AnswerScorer, Generation, Generator, Usage
from xgrag.generate.cache import ResponseCache, cache_key
from xgrag.generate.prompt import RenderedContext


@dataclass
class Ledger:
    usage: Usage = field(default_factory=Usage)  # what the generator actually ran
    cache_hits: int = 0  # answered from the persistent response cache
    deduplicated: int = 0  # answered from this oracle's memo: the same context was already asked
    requests: int = 0  # every answer asked for (= calls + cache hits + deduplicated)
    embed_seconds: float = 0.0
    embedded_texts: int = 0
    scored: int = 0  # of the calls, prompt passes that scored the fixed answer (no decoding)


@dataclass(frozen=True)
class Answer:
    generation: Generation
    cached: bool = False  # from the persistent cache
    deduplicated: bool = False  # from this oracle's memo

    @property
    def text(self) -> str:
        return self.generation.text


def is_language_model(generator: Generator) -> bool:
    """Generators declare whether they are language models (the extractive and M-GNAN readers are not); a
    generator that does not say is treated as one."""
    return bool(getattr(generator, "is_language_model", True))


def require_scorer(generator: Generator) -> None:
    """response_score="logprob" needs a generator that scores a fixed answer; say so before any work."""
    if not isinstance(generator, AnswerScorer):
        raise UsageError(f"the generator {generator.name} cannot score a fixed answer (it has no score_answer), so "
                         "response_score 'logprob' cannot be used with it",
                         hint="use response_score 'shift', or a generator that scores answers: smollm2, or an "
                              "OpenAI-compatible server returning prompt log-probabilities")


class AnswerOracle:
    def __init__(self, generator: Generator, embedder: Embedder, cache: ResponseCache | None = None,
                 concurrency: int = 4) -> None:
        self.generator = generator
        self.embedder = embedder
        self.cache = cache
        self.ledger = Ledger()
        self._semaphore: asyncio.Semaphore | None = None
        self._concurrency = max(1, concurrency)
        self._asked: dict[tuple[str, int], asyncio.Task[Generation]] = {}
        self._vectors: dict[str, np.ndarray] = {}
        # Set once the baseline is known under response_score="logprob": every later answer is then this text's
        # log-probability given the context (see score_fixed_answer), not a decoded answer.
        self.fixed_answer: str | None = None

    def score_fixed_answer(self, answer: str) -> None:
        """From now on, answer() scores `answer` in one prompt pass instead of generating. The persistent
        response cache is not used for scores (it stores decoded answers); the memo still dedups contexts."""
        require_scorer(self.generator)
        self.fixed_answer = answer

    @property
    def calls(self) -> int:
        """Generator calls made so far (what a call budget counts)."""
        return self.ledger.usage.calls

    async def answer(self, ctx: RenderedContext, repeat: int = 0) -> Answer:
        """The generator's answer to a rendered context. `repeat` > 0 asks again on purpose (noise floor)."""
        self.ledger.requests += 1
        scoring = self.fixed_answer is not None and repeat == 0
        key = (ctx.digest, -1 if scoring else repeat)  # a context's score and its decoded answer are apart
        task = self._asked.get(key)
        if task is not None:
            self.ledger.deduplicated += 1
            return Answer(await task, deduplicated=True)
        if scoring:
            assert self.fixed_answer is not None
            task = asyncio.ensure_future(self._score(ctx, self.fixed_answer))
            self._asked[key] = task
            try:
                return Answer(await task)
            except BaseException:
                self._asked.pop(key, None)
                raise
        cached = self._from_cache(ctx, repeat)
        if cached is not None:
            self.ledger.cache_hits += 1
            done: asyncio.Future[Generation] = asyncio.get_running_loop().create_future()
            done.set_result(cached)
            self._asked[key] = done  # type: ignore[assignment]
            return Answer(cached, cached=True)
        task = asyncio.ensure_future(self._generate(ctx, repeat))
        self._asked[key] = task
        try:
            return Answer(await task)
        except BaseException:
            self._asked.pop(key, None)  # a failed call is not an answer: a later ask tries again
            raise

    def _cache_key(self, ctx: RenderedContext, repeat: int) -> str:
        return cache_key(self.generator.name, dict(self.generator.params), ctx.digest, repeat)

    def _from_cache(self, ctx: RenderedContext, repeat: int) -> Generation | None:
        return None if self.cache is None else self.cache.get(self._cache_key(ctx, repeat))

    async def _generate(self, ctx: RenderedContext, repeat: int) -> Generation:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self._concurrency)
        async with self._semaphore:
            gen = await self.generator.agenerate(ctx.prompt, ctx.system, question=ctx.question, facts=ctx.facts)
        self.ledger.usage.add(gen.usage)
        if self.cache is not None:
            self.cache.put(self._cache_key(ctx, repeat), gen)
        return gen

    async def _score(self, ctx: RenderedContext, answer: str) -> Generation:
        assert isinstance(self.generator, AnswerScorer)
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self._concurrency)
        async with self._semaphore:
            score = await self.generator.ascore_answer(ctx.prompt, ctx.system, answer)
        self.ledger.usage.add(score.usage)
        self.ledger.scored += 1
        return Generation(answer, score.usage, self.generator.name, answer_logprob=score.logprob)

    def ask(self, prompt: str, system: str | None = None) -> Generation:
        """A free-form, uncached request (e.g. a synonym for an entity), counted in the ledger."""
        gen = self.generator.generate(prompt, system)
        self.ledger.usage.add(gen.usage)
        self.ledger.requests += 1
        return gen

    # -- embeddings ------------------------------------------------------------------------------------

    def vectors(self, texts: Iterable[str]) -> dict[str, np.ndarray]:
        """Unit vectors of `texts`; each distinct text is embedded once per oracle (new ones in one sorted batch)."""
        wanted = list(dict.fromkeys(texts))
        missing = sorted(t for t in wanted if t not in self._vectors)
        if missing:
            t0 = time.perf_counter()
            matrix = self.embedder.embed(missing)
            self.ledger.embed_seconds += time.perf_counter() - t0
            self.ledger.embedded_texts += len(missing)
            for i, text in enumerate(missing):
                self._vectors[text] = matrix[i]
        return {t: self._vectors[t] for t in wanted}

    def vector(self, text: str) -> np.ndarray:
        return self.vectors([text])[text]
