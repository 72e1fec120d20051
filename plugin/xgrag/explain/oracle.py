"""The answer oracle: every generator call and every embedding an explanation makes goes through one of these.

- generate (async, concurrency-limited) with the persistent response cache (keyed on the generator, its
  parameters, the prompt version and the rendered context) and, within one oracle's life, content-addressed
  dedup: a context that was already asked is never generated again, whatever strategy produced it (two probes
  that render the same context share one answer; `deduplicated` counts them). Deliberate repeats (the noise
  floor's baseline runs) are addressed by `repeat` and bypass both;
- embed once per distinct text (a memo), so the same answer always maps to the same vector;
- score a fixed answer (log P(a0 | context), one forward pass, no decoding) for generators that can
  (AnswerScorer), with the same cache, dedup and repeats; scored probes are their own kind in the ledger
  (`scoring`), not generations;
- a cost ledger: generator usage, scoring usage, cache hits, dedup hits, embedder seconds.

The Explainer, the RAG-Ex baseline and evaluation all use it; create one per explanation (its memo is that
explanation's).
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np

from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.explain.cancel import Stopped
from xgrag.generate.attention import ContextAttention
from xgrag.generate.base import (
    AnswerScore,
    AnswerScorer,
    Generation,
    Generator,
    SyncGeneratorMixin,
    SyncScorerMixin,
    Usage,
)
from xgrag.generate.cache import ResponseCache, cache_key, prompt_key, score_key
from xgrag.generate.prompt import RenderedContext


@dataclass
class Ledger:
    usage: Usage = field(default_factory=Usage)  # what the generator actually generated
    scoring: Usage = field(default_factory=Usage)  # fixed answers it scored (calls = scored probes)
    cache_hits: int = 0  # answered from the persistent response cache
    deduplicated: int = 0  # answered from this oracle's memo: the same context was already asked
    requests: int = 0  # every answer or score asked for (= calls + scored + cache hits + deduplicated)
    embed_seconds: float = 0.0
    embedded_texts: int = 0


@dataclass(frozen=True)
class Answer:
    generation: Generation
    cached: bool = False  # from the persistent cache
    deduplicated: bool = False  # from this oracle's memo

    @property
    def text(self) -> str:
        return self.generation.text


@dataclass(frozen=True)
class Scored:
    score: AnswerScore
    cached: bool = False  # from the persistent cache
    deduplicated: bool = False  # from this oracle's memo


def is_language_model(generator: Generator) -> bool:
    """Generators declare whether they are language models (the extractive and M-GNAN readers are not); a
    generator that does not say is treated as one."""
    return bool(getattr(generator, "is_language_model", True))


class AnswerOracle:
    def __init__(self, generator: Generator, embedder: Embedder, cache: ResponseCache | None = None,
                 concurrency: int = 4, executor: Executor | None = None) -> None:
        """`executor`: the thread pool blocking generators (the readers, SmolLM2) run in; None: asyncio's default
        executor (shared with everything else in the process, see xgrag.explain.cancel)."""
        self.generator = generator
        self._executor = executor
        # set from any thread: no call starts after it (a call waiting for a free slot raises Stopped instead)
        self.stop: threading.Event | None = None
        self.embedder = embedder
        self.cache = cache
        self.ledger = Ledger()
        self._semaphore: asyncio.Semaphore | None = None
        self._concurrency = max(1, concurrency)
        self._asked: dict[tuple[str, int], asyncio.Task[Generation]] = {}
        self._scored: dict[tuple[str, str, int], asyncio.Task[AnswerScore]] = {}
        self._vectors: dict[str, np.ndarray] = {}

    @property
    def calls(self) -> int:
        """Model calls made so far, generations and scored answers alike (what a call budget counts)."""
        return self.ledger.usage.calls + self.ledger.scoring.calls

    @property
    def can_score(self) -> bool:
        return isinstance(self.generator, AnswerScorer)

    async def answer(self, ctx: RenderedContext, repeat: int = 0) -> Answer:
        """The generator's answer to a rendered context. `repeat` > 0 asks again on purpose (noise floor)."""
        self.ledger.requests += 1
        key = (ctx.digest, repeat)
        task = self._asked.get(key)
        if task is not None:
            self.ledger.deduplicated += 1
            return Answer(await task, deduplicated=True)
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
            self._check_stop()
            gen = await self._call(ctx)
        self.ledger.usage.add(gen.usage)
        if self.cache is not None:
            self.cache.put(self._cache_key(ctx, repeat), gen)
        return gen

    def _check_stop(self) -> None:
        if self.stop is not None and self.stop.is_set():
            raise Stopped

    async def _call(self, ctx: RenderedContext) -> Generation:
        """One generator call: a blocking generator in this oracle's pool, an async one on the event loop. A
        cancelled call is not an answer (the caller's CancelledError; a pool thread finishes and is discarded)."""
        gen = self.generator
        if self._executor is not None and isinstance(gen, SyncGeneratorMixin):
            call = functools.partial(gen.generate, ctx.prompt, ctx.system,
                                     question=ctx.question, facts=ctx.facts)
            return await asyncio.get_running_loop().run_in_executor(self._executor, call)
        return await gen.agenerate(ctx.prompt, ctx.system, question=ctx.question, facts=ctx.facts)

    async def score(self, ctx: RenderedContext, answer: str, repeat: int = 0) -> Scored:
        """log P(`answer` | the rendered context) from the generator's one-pass scoring; `repeat` > 0 scores again
        on purpose (the logprob noise floor). Cached and deduplicated like answers, counted as scored probes."""
        scorer = self.generator
        if not isinstance(scorer, AnswerScorer):
            raise UsageError(f"generator {self.generator.name!r} cannot score a fixed answer (no AnswerScorer)")
        self.ledger.requests += 1
        key = (ctx.digest, answer, repeat)
        task = self._scored.get(key)
        if task is not None:
            self.ledger.deduplicated += 1
            return Scored(await task, deduplicated=True)
        ckey = score_key(self.generator.name, dict(self.generator.params), ctx.digest, answer, repeat)
        cached = None if self.cache is None else self.cache.get_score(ckey)
        if cached is not None:
            self.ledger.cache_hits += 1
            done: asyncio.Future[AnswerScore] = asyncio.get_running_loop().create_future()
            done.set_result(cached)
            self._scored[key] = done  # type: ignore[assignment]
            return Scored(cached, cached=True)

        async def run() -> AnswerScore:
            if self._semaphore is None:
                self._semaphore = asyncio.Semaphore(self._concurrency)
            async with self._semaphore:
                self._check_stop()
                if self._executor is not None and isinstance(scorer, SyncScorerMixin):
                    got = await asyncio.get_running_loop().run_in_executor(
                        self._executor, functools.partial(scorer.score_answer, ctx.prompt,
                                                          ctx.system, answer))
                else:
                    got = await scorer.ascore_answer(ctx.prompt, ctx.system, answer)
            self.ledger.scoring.add(got.usage)
            if self.cache is not None:
                self.cache.put_score(ckey, got)
            return got

        task = asyncio.ensure_future(run())
        self._scored[key] = task
        try:
            return Scored(await task)
        except BaseException:
            self._scored.pop(key, None)  # a failed call is not a score: a later ask tries again
            raise

    async def attention(self, ctx: RenderedContext, answer: str) -> ContextAttention:
        """The generator's own attention to each fact of `ctx` while it reads `answer` (a white-box proxy:
        `attends_to_context`, xgrag.generate.attention), with log P(answer | ctx) from the same pass. One pass over
        the answer's tokens against the prompt's cached prefix: counted as a scored pass in the ledger (a target
        call), never cached (the weights are not a response)."""
        generator = self.generator
        if not getattr(generator, "attends_to_context", False):
            raise UsageError(f"generator {generator.name!r} does not expose its attention to the context")
        self.ledger.requests += 1
        call = functools.partial(generator.context_attention, ctx.prompt,  # type: ignore[attr-defined]
                                 ctx.system, answer, ctx.spans)
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self._concurrency)
        async with self._semaphore:
            self._check_stop()
            got: ContextAttention = await asyncio.get_running_loop().run_in_executor(self._executor, call)
        self.ledger.scoring.add(got.score.usage)
        return got

    def ask(self, prompt: str, system: str | None = None, purpose: str = "ask") -> Generation:
        """A free-form request (e.g. a synonym for an entity), counted in the ledger. Cached like answers (under
        `purpose` and the exact text): a re-run after a failure does not ask it again."""
        self.ledger.requests += 1
        key = prompt_key(purpose, self.generator.name, dict(self.generator.params), prompt, system)
        cached = None if self.cache is None else self.cache.get(key)
        if cached is not None:
            self.ledger.cache_hits += 1
            return cached
        gen = self.generator.generate(prompt, system)
        self.ledger.usage.add(gen.usage)
        if self.cache is not None:
            self.cache.put(key, gen)
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
