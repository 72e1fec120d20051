"""What every embedder shares: the Embedder protocol, EmbeddingError, the rows check, and the environment a local
model loads in. Its own module so the local models (xgrag.embed.bert) import it, never the package that builds them
(xgrag.embed imports xgrag.embed.bert: the other way round would be a cycle)."""

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
