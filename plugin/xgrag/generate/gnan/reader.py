"""The M-GNAN reader: a generator that answers with the highest-scoring candidate entity and knows exactly why.

Its answer's logit is a sum over the facts of the context (`model.py`), so `attributions(question, facts)` gives
each fact's exact contribution to the answer (they add up to the logit, in float64, to rounding), and
`Generation.evidence` lists the top contributors. It is not a language model: a small trained scorer over
xgrag's facts, used to check explainers against attributions nobody hand-wrote but that are known exactly.

Checkpoints come from `python -m xgrag.generate.gnan.train` (default path: `default_checkpoint()`, under
$XGRAG_HOME, else ~/.xgrag).
"""

from __future__ import annotations

import copy
import hashlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.generate.base import Fact, Generation, GenerationError, SyncGeneratorMixin, Usage
from xgrag.generate.extractive import UNKNOWN
from xgrag.generate.gnan.features import FEATURES_VERSION, VectorCache, encode
from xgrag.generate.gnan.model import MGNAN, Batch, MGNANConfig, attributions_of

CHECKPOINT_FORMAT = "xgrag-mgnan-v1"
TRAIN_COMMAND = "xgrag train-gnan --questions QUESTIONS.jsonl --triples KB.tsv"


def default_checkpoint() -> Path:
    """$XGRAG_HOME/gnan/mgnan.pt (XGRAG_HOME defaults to ~/.xgrag)."""
    home = os.environ.get("XGRAG_HOME")
    return (Path(home) if home else Path.home() / ".xgrag") / "gnan" / "mgnan.pt"


class CheckpointError(UsageError):
    """No usable M-GNAN checkpoint at a path."""


@dataclass(frozen=True)
class Scored:
    """One answer with everything the model computed for it."""

    answer: str | None  # None: no facts, nothing to answer from
    logit: float  # the answer's logit, from the forward pass
    candidates: dict[str, float]  # every candidate's logit
    attributions: dict[str, float]  # fact id -> contribution to the answer's logit (summed over groups)
    by_group: dict[str, dict[str, float]]  # fact id -> group name -> contribution
    facts: tuple[Fact, ...]

    def ranked(self) -> list[tuple[str, float]]:
        """Fact ids by contribution, largest first (ties by id)."""
        return sorted(self.attributions.items(), key=lambda kv: (-kv[1], kv[0]))


def save_checkpoint(path: Path, model: MGNAN, embedder_name: str, meta: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"format": CHECKPOINT_FORMAT, "features": FEATURES_VERSION, "embedder": embedder_name,
                "config": model.config.to_json(), "state_dict": model.state_dict(), "meta": meta}, path)
    return path


def load_checkpoint(path: Path) -> tuple[MGNAN, dict[str, Any]]:
    if not path.is_file():
        raise CheckpointError(f"no M-GNAN checkpoint at {path}",
                              hint=f"train one first: {TRAIN_COMMAND} --out {path}")
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # a truncated or foreign file
        raise CheckpointError(f"{path} is not an M-GNAN checkpoint: {type(exc).__name__}: {exc}",
                              hint=f"train one: {TRAIN_COMMAND} --out {path}") from exc
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        raise CheckpointError(f"{path} is not an M-GNAN checkpoint (format {CHECKPOINT_FORMAT!r} expected)",
                              hint=f"train one: {TRAIN_COMMAND} --out {path}")
    if data.get("features") != FEATURES_VERSION:
        raise CheckpointError(f"{path} was trained on features {data.get('features')!r}, this xgrag computes "
                              f"{FEATURES_VERSION!r}", hint=f"train it again: {TRAIN_COMMAND} --out {path}")
    model = MGNAN(MGNANConfig.from_json(data["config"]))
    model.load_state_dict(data["state_dict"])
    return model, data


class GNANReader(SyncGeneratorMixin):
    """Answers `question` from `facts` with the top-scoring candidate; exact per-fact attributions."""

    def __init__(self, model: MGNAN, embedder: Embedder, *, evidence_k: int = 3, version: str = "",
                 embedder_name: str | None = None) -> None:
        if embedder_name is not None and embedder_name != embedder.name:
            raise UsageError(f"this M-GNAN model was trained with the embedder {embedder_name!r}, "
                             f"not {embedder.name!r}")
        if evidence_k < 1:
            raise UsageError(f"evidence_k must be at least 1, not {evidence_k}")
        self.model = copy.deepcopy(model).double().eval()  # the caller's model stays as it was
        self.embedder = embedder
        self.evidence_k = evidence_k
        self.version = version or "untrained"
        self.name = "mgnan-reader"
        self.is_language_model = False
        self._vectors = VectorCache(embedder)

    @classmethod
    def from_checkpoint(cls, path: str | Path | None, embedder: Embedder, **kw: Any) -> GNANReader:
        file = Path(path).expanduser() if path else default_checkpoint()
        model, data = load_checkpoint(file)
        digest = hashlib.sha256(file.read_bytes()).hexdigest()[:16]
        return cls(model, embedder, version=digest, embedder_name=data.get("embedder"), **kw)

    @property
    def params(self) -> dict[str, Any]:
        return {"reader": "mgnan", "checkpoint": self.version, "features": FEATURES_VERSION,
                "embedder": self.embedder.name, "evidence_k": self.evidence_k}

    def score(self, question: str, facts: Sequence[Fact]) -> Scored:
        facts = tuple(facts)
        if len({f.id for f in facts}) != len(facts):
            raise GenerationError("M-GNAN reader: two facts share an id")
        enc = encode(question, facts, self._vectors, self.model.config.max_distance)
        if not facts:
            return Scored(None, 0.0, {}, {}, {}, facts)
        batch = Batch.of(enc, torch.float64)
        with torch.no_grad():
            logits, contrib = self.model(batch)
        names = enc.candidate_names()
        values = logits.numpy()
        best = min(range(len(names)), key=lambda i: (-values[i], names[i]))
        per = attributions_of(batch, contrib, best)
        groups = self.model.config.group_names
        attributions = {f.id: float(per[i].sum()) for i, f in enumerate(facts)}
        by_group = {f.id: {g: float(per[i, k]) for k, g in enumerate(groups)} for i, f in enumerate(facts)}
        return Scored(names[best], float(values[best]), {n: float(v) for n, v in zip(names, values, strict=True)},
                      attributions, by_group, facts)

    def attributions(self, question: str, facts: Sequence[Fact]) -> dict[str, float]:
        """Fact id -> exact contribution to the answer's logit (they sum to it)."""
        return self.score(question, facts).attributions

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        if question is None:
            raise GenerationError("the M-GNAN reader answers from structured facts: pass question= and facts=")
        t0 = time.perf_counter()
        scored = self.score(question, facts)
        usage = Usage(calls=1, seconds=time.perf_counter() - t0)
        if scored.answer is None:
            return Generation(UNKNOWN, usage, f"{self.name}/{self.version}", [])
        evidence = [fid for fid, v in scored.ranked() if v > 0][: self.evidence_k]
        return Generation(f"{scored.answer}.", usage, f"{self.name}/{self.version}", evidence)


def exact_top(scored: Scored, k: int) -> list[str]:
    return [fid for fid, _ in scored.ranked()[:k]]


def additivity_error(scored: Scored) -> float:
    """|sum of the attributions - the answer's logit| (float64)."""
    return abs(float(np.sum(list(scored.attributions.values()))) - scored.logit) if scored.answer else 0.0
