"""Embedders served over HTTP (Ollama's /api/embed, an OpenAI-compatible /embeddings) and any LangChain
`Embeddings`: the remote counterparts of xgrag.embed's local model, here beside the generators whose clients,
host handling and error messages they share. `xgrag.generate.factory.make_embedder` builds them from a spec."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from xgrag.embed import EmbeddingError, normalise_rows
from xgrag.errors import UsageError
from xgrag.generate.http_client import field
from xgrag.generate.ollama import describe_ollama_error, normalise_host
from xgrag.generate.openai import openai_client


class OllamaEmbedder:
    """An Ollama embedding model over HTTP (`/api/embed`), in batches of `batch_size` texts."""

    def __init__(self, model: str = "all-minilm", host: str = "http://127.0.0.1:11434", timeout: float = 120.0,
                 batch_size: int = 64) -> None:
        try:
            import ollama
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise EmbeddingError("the `ollama` package is not installed: pip install ollama") from exc
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
                raise EmbeddingError(describe_ollama_error(exc, self.host, self.model, "embedding")) from exc
            if len(vectors) != len(batch):
                raise EmbeddingError(f"{self.name} at {self.host} returned {len(vectors)} vectors for {len(batch)} "
                                     "texts")
            rows.extend(vectors)
        try:
            matrix = np.asarray(rows, dtype=np.float32)
        except ValueError as exc:  # ragged rows
            raise EmbeddingError(f"{self.name} returned vectors of different lengths") from exc
        out = normalise_rows(matrix, texts)
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
        out = normalise_rows(matrix, texts)
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
        out = normalise_rows(matrix, texts)
        self.dimensions = int(out.shape[1])
        return out

    def close(self) -> None:
        self.http.close()
