"""Scoring, as pure functions: XGRAG semantic shift and normalisation, the noise floor, KGRAG-Ex answer flips."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np


def semantic_shift(baseline: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """XGRAG Imp(p) = 1 - cos(E(a0), E(a_p)) for unit vectors, in [0, 2]; float32 rounding of identical
    answers (|shift| < 1e-6) is reported as exactly 0."""
    if answers.size == 0:
        return np.zeros(0)
    shift = np.clip(1.0 - answers.astype(np.float64) @ baseline.astype(np.float64), 0.0, 2.0)
    shift[shift < 1e-6] = 0.0
    return shift


def normalise(importance: Sequence[float]) -> list[float]:
    """Imp_norm(p) = Imp(p) / max Imp; all zeros stay zeros."""
    top = max(importance, default=0.0)
    return [float(v / top) if top > 0 else 0.0 for v in importance]


def noise_floor(baseline_vectors: np.ndarray) -> float:
    """Largest semantic shift between repeated baseline generations of the same context."""
    n = len(baseline_vectors)
    if n < 2:
        return 0.0
    sims = baseline_vectors @ baseline_vectors.T
    floor = float(max(0.0, 1.0 - sims[np.triu_indices(n, k=1)].min()))
    return 0.0 if floor < 1e-6 else floor


_OPTION = re.compile(r"(?:^|[^A-Za-z])(?:option\s*)?\(?([A-D])\)?(?:[.):\s]|$)")


def option_letter(text: str) -> str | None:
    """The multiple-choice option an answer selects ("B", "(b)", "Option C: ..."), if any."""
    m = _OPTION.search(text.strip()[:40].upper())
    return m.group(1) if m else None


def answer_changed(shift: float, threshold: float, baseline: str | None = None, answer: str | None = None,
                   multiple_choice: bool = False) -> bool:
    """KGRAG-Ex: the answer changed when the option letter differs (multiple choice) or the similarity
    to the baseline fell below `threshold` (i.e. shift > 1 - threshold)."""
    if multiple_choice and baseline is not None and answer is not None:
        return option_letter(baseline) != option_letter(answer)
    return shift > 1.0 - threshold
