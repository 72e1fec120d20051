"""A BERT sentence encoder in NumPy: all-MiniLM-L6-v2 (xgrag's default embedder) without torch or transformers.

Why: every command that embeds (explain with the extractive or M-GNAN reader, dedup, linking by vectors) loaded
sentence-transformers first, and importing it (torch, transformers) cost 7-9 CPU-seconds per process on the 2-core
machine, more than the command's own work. This module reads the same files (tokenizer.json through the
`tokenizers` library, model.safetensors through `safetensors`) and runs the same computation: BertModel's
embeddings, post-norm encoder layers with exact (erf) GELU, then sentence-transformers' mean pooling over the
attention mask. It loads in well under a second. Its vectors match sentence-transformers' to float32 rounding
(tests/unit/embed/test_bert.py compares them with vectors sentence-transformers wrote for the same texts,
scripts/minilm_reference.py).

Only what all-MiniLM-L6-v2's folder declares is supported (BertModel, absolute positions, GELU, mean pooling);
any other folder is refused with the reason, and `SentenceTransformerEmbedder` loads it instead.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from xgrag.embed.base import EmbeddingError, normalise_rows


class UnsupportedModel(EmbeddingError):
    pass


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    out: np.ndarray = (x - mean) / np.sqrt(var + eps) * weight + bias
    return out


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf  # exact GELU, as BertModel's "gelu"

    out: np.ndarray = 0.5 * x * (1.0 + erf(x / np.float32(np.sqrt(2.0))))
    return out.astype(np.float32, copy=False)


def _read(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UnsupportedModel(f"{path}: {exc}") from exc
    if not isinstance(data, dict):
        raise UnsupportedModel(f"{path}: not a JSON object")
    return data


class NumpyBertEmbedder:
    """Mean-pooled BERT sentence embeddings, unit-normalised rows (the `Embedder` protocol)."""

    def __init__(self, model_path: str | Path, name: str, batch_size: int = 64) -> None:
        folder = Path(model_path)
        config = _read(folder / "config.json")
        pooling = _read(folder / "1_Pooling" / "config.json")
        st_config = _read(folder / "sentence_bert_config.json")
        # BertConfig's default position_embedding_type is "absolute": a config without the key has them
        declared = {"position_embedding_type": "absolute", **config}
        for key, value in {"model_type": "bert", "hidden_act": "gelu", "position_embedding_type": "absolute"}.items():
            if declared.get(key) != value:
                raise UnsupportedModel(f"{folder}: {key} is {declared.get(key)!r}, this encoder reads {value!r}")
        modes = {k for k, v in pooling.items() if k.startswith("pooling_mode_") and v}
        if modes != {"pooling_mode_mean_tokens"}:
            raise UnsupportedModel(f"{folder}: pooling {sorted(modes)}, this encoder does mean pooling only")
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise UnsupportedModel(f"{exc.name} is not installed") from exc
        self.name = name
        self.batch_size = batch_size
        self.heads = int(str(config["num_attention_heads"]))
        self.layers = int(str(config["num_hidden_layers"]))
        self.eps = float(str(config.get("layer_norm_eps", 1e-12)))
        self.max_length = int(str(st_config.get("max_seq_length", config.get("max_position_embeddings", 512))))
        weights = load_file(str(folder / "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
        self.w = {k[len(prefix):]: v for k, v in weights.items() if k.startswith(prefix)}
        self.dimensions = int(self.w["embeddings.word_embeddings.weight"].shape[1])
        # each dense layer's weight transposed once, contiguous (x @ W.T without a strided operand per call)
        dense = ("dense.weight", "query.weight", "key.weight", "value.weight")
        self.t = {k[:-len(".weight")]: np.ascontiguousarray(v.T) for k, v in self.w.items()
                  if k.startswith("encoder.") and k.endswith(dense)}
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=self.max_length)
        self.tokenizer.no_padding()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(texts)
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        # one BLAS thread: OpenBLAS threads spin waiting for a core, and on a busy 2-core machine that made the same
        # texts 3x slower; one thread also gives the same float rounding whatever the machine's core count
        with threadpool_limits(limits=1, user_api="blas"):
            for chosen in self._batches([len(e.ids) for e in encodings]):
                out[chosen] = self._batch([encodings[i].ids for i in chosen])
        return normalise_rows(out, texts)

    def _batches(self, lengths: list[int]) -> list[list[int]]:
        """Longest first; a batch ends at batch_size texts or at a text less than half as long as its first, whose
        padding would cost more than the text itself (sentence-transformers cuts by count only: one 256-token
        chunk among 63 entity names made the whole batch 256 tokens long, ~20x the work)."""
        order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
        batches: list[list[int]] = []
        for i in order:
            if not batches or len(batches[-1]) == self.batch_size or 2 * lengths[i] < lengths[batches[-1][0]]:
                batches.append([])
            batches[-1].append(i)
        return batches

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        # 2-D matrix products on contiguous operands: NumPy hands those to BLAS (stacked or strided ones it may not)
        flat = x.reshape(-1, x.shape[-1])
        out: np.ndarray = flat @ self.t[name] + self.w[name + ".bias"]
        return out.reshape(*x.shape[:-1], -1)

    def _batch(self, token_ids: list[list[int]]) -> np.ndarray:
        batch, length = len(token_ids), max(len(t) for t in token_ids)
        ids = np.zeros((batch, length), dtype=np.int64)
        mask = np.zeros((batch, length), dtype=np.float32)
        for row, t in enumerate(token_ids):
            ids[row, :len(t)] = t
            mask[row, :len(t)] = 1.0
        w = self.w
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        # padded keys get the float32 minimum added to their scores, as transformers' extended attention mask does
        blocked = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        head_dim = self.dimensions // self.heads
        scale = np.float32(1.0 / np.sqrt(head_dim))

        def heads(h: np.ndarray) -> np.ndarray:
            return np.ascontiguousarray(h.reshape(batch, length, self.heads, head_dim).transpose(0, 2, 1, 3))

        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q = heads(self._linear(x, p + "attention.self.query"))
            k = heads(self._linear(x, p + "attention.self.key"))
            v = heads(self._linear(x, p + "attention.self.value"))
            scores = q @ np.ascontiguousarray(k.transpose(0, 1, 3, 2)) * scale + blocked
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            probs = scores / scores.sum(axis=-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, length, -1)
            attended = self._linear(context, p + "attention.output.dense")
            x = _layer_norm(attended + x, w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], self.eps)
            hidden = _gelu(self._linear(x, p + "intermediate.dense"))
            x = _layer_norm(self._linear(hidden, p + "output.dense") + x, w[p + "output.LayerNorm.weight"],
                            w[p + "output.LayerNorm.bias"], self.eps)
        # sentence-transformers' mean pooling: the tokens the mask keeps, summed, over their count (at least 1e-9)
        summed = (x * mask[:, :, None]).sum(axis=1)
        pooled: np.ndarray = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        return pooled.astype(np.float32, copy=False)
