"""The real local models behind the protocol test servers: SmolLM2-135M-Instruct for chat, completion and prompt
log-probabilities, all-MiniLM-L6-v2 for embeddings. Both are loaded once per process and shared."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


class ModelBackend:
    """`generator(...)` builds a SmolLM2 generator for one request's sampling options (the weights are shared);
    `embed(texts)` returns unit-normalised MiniLM vectors and the token count."""

    def __init__(self, generator_factory: Callable[..., Any] | None = None, embedder: Any = None) -> None:
        self._generator_factory = generator_factory
        self._embedder = embedder
        self._lock = threading.Lock()

    def generator(self, *, temperature: float, seed: int, max_new_tokens: int, top_k: int = 40,
                  top_p: float = 0.9) -> Any:
        kwargs = {"temperature": temperature, "seed": seed, "max_new_tokens": max_new_tokens, "top_k": top_k,
                  "top_p": top_p}
        if self._generator_factory is not None:
            return self._generator_factory(**kwargs)
        from xgrag.generate.smollm2 import SmolLM2Generator

        return SmolLM2Generator(**kwargs)

    def embedder(self) -> Any:
        with self._lock:
            if self._embedder is None:
                from xgrag.embed import default_embedder

                self._embedder = default_embedder()
            return self._embedder

    def embed(self, texts: Sequence[str], dimensions: int | None = None) -> tuple[np.ndarray, int]:
        embedder = self.embedder()
        matrix = embedder.embed(list(texts)) if texts else np.zeros((0, 0), dtype=np.float32)
        if dimensions:
            matrix = matrix[:, :dimensions]
            matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        tokenizer = getattr(getattr(embedder, "_model", None), "tokenizer", None)
        if tokenizer is not None:
            tokens = sum(len(tokenizer(t)["input_ids"]) for t in texts)
        else:
            tokens = sum(len(t.split()) for t in texts)
        return matrix, tokens
