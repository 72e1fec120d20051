"""Scoring, as pure functions: XGRAG semantic shift and normalisation, the noise floor, KGRAG-Ex answer flips, and
the log-probability response score (the drop of log P(a0 | context) when a component is removed)."""

from __future__ import annotations

import math
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


def logprob_importance(full: float, perturbed: float) -> float:
    """Importance from scoring the fixed baseline answer a0: 1 - P(a0 | G') / P(a0 | G) = 1 - exp(lp' - lp), clipped
    to [0, 1], where lp = log P(a0 | full context) and lp' = log P(a0 | perturbed context).

    TracLLM (Wang et al., USENIX Security 2025) and ContextCite (Cohen-Wang et al., NeurIPS 2024) score a context
    ablation by the log-probability of the original answer, not by decoding a new one; this is that drop, mapped
    to the relative loss of a0's probability because (1) it is monotone in the raw drop lp - lp', so a
    leave-one-out ranking is the raw drop's ranking; (2) it lives in [0, 1] like the semantic shift, so the noise
    floor, Imp_norm, group testing's comparisons and the reports keep one scale; (3) the raw drop is unbounded
    and grows with the answer's length in tokens, which a threshold could not be set against. A removal that
    makes a0 MORE likely is not evidence for a0 and scores 0 (as a semantic shift cannot be negative). It
    saturates only when a0 loses ~36 nats (float64 resolution), where the answer is gone anyway."""
    if not (math.isfinite(full) and math.isfinite(perturbed)):
        raise ValueError(f"log-probabilities must be finite, got {full} and {perturbed}")
    return float(min(1.0, max(0.0, -math.expm1(perturbed - full))))


def logprob_floor(scores: Sequence[float]) -> float:
    """The noise floor of the logprob score: the largest importance between repeated scorings of a0 on the full
    context (0 for a deterministic forward pass; a server that batches requests can differ in the last digits)."""
    if len(scores) < 2:
        return 0.0
    floor = max(logprob_importance(max(a, b), min(a, b)) for a in scores for b in scores)
    return 0.0 if floor < 1e-6 else floor


# The drop of log P(a0) that counts as the answer moving under the logprob score: ln 2, a0 half as likely. Any
# removal changes the prompt, so nearly every one lowers P(a0) a little, and the noise floor of repeated scorings
# (0 for a deterministic forward pass) cannot tell those from a removal that matters. After a drop of ln 2 any a0
# has P <= 1/2, where another answer can be the more likely one; after a smaller drop a near-certain a0 is still
# the most likely answer. A drop in nats is a ratio of probabilities: one scale for a short and a long answer.
LOGPROB_CHANGE = math.log(2.0)


def logprob_change_importance(nats: float) -> float:
    """The importance (1 - P(a0 | G') / P(a0 | G), `logprob_importance`) of a drop of `nats` in log P(a0): a
    threshold on the drop expressed on the importance scale (ln 2 -> 0.5)."""
    if not (nats > 0 and math.isfinite(nats)):
        raise ValueError(f"a drop of log P(a0) that counts as a change must be a positive number, got {nats}")
    return float(-math.expm1(-nats))


def change_floor(response_score: str, noise_floor: float, logprob_change: float = LOGPROB_CHANGE) -> float:
    """The importance above which a removal counts as moving the answer: the noise floor under the "shift" score
    (a generated answer's shift beyond the spread of repeated baselines), and under "logprob" at least the
    importance of a drop of `logprob_change` nats (a0 that much less likely; the noise floor when larger)."""
    if response_score == "logprob":
        return max(noise_floor, logprob_change_importance(logprob_change))
    return noise_floor


# The share of the facts' effect on log P(a0) that the proxy's candidates must keep, alone, for its plan to be
# confirmed under the logprob score (`kept_share`, ExplainSettings.sufficiency_share). Two thirds: the candidates
# carry at least twice what all the other facts together do for a0 (the drift of removing them and any fact the
# proxy missed). At one half a fact off the proxy's trails that matters as much as all the candidates together
# would pass when the others drift nothing (tests/unit/explain/test_prefix_groups.py holds such a case).
SUFFICIENCY_SHARE = 2.0 / 3.0


def kept_share(full: float, kept: float, none: float) -> float | None:
    """How much of the context's effect on a0 a part of it keeps on its own, under the logprob score: (log P(a0 |
    the part) - log P(a0 | none of the facts)) / (log P(a0 | full) - log P(a0 | none)), 1 when the part keeps a0 as
    likely as the full context does, 0 when as likely as no facts at all, negative when less (a generative model's
    score is not monotone in what is removed). None when the facts do not raise log P(a0) at all (full <= none):
    there is no effect to keep a share of.

    ERASER's sufficiency (DeYoung et al., ACL 2020: the model's score on the rationale alone against the full input)
    normalised by the empty input's score, as Carton et al. (EMNLP 2020) normalise it. Removing a hundred facts moves
    any generative model's score by more than a single fact does, whatever they state (the prompt's form changes), so
    "the answer kept" (the drop below `logprob_change`) is the wrong question for a removal of nearly everything:
    this one judges the drop against the drop of removing everything."""
    for name, value in (("full", full), ("kept", kept), ("none", none)):
        if not math.isfinite(value):
            raise ValueError(f"log-probabilities must be finite, got {name}={value}")
    if full <= none:
        return None
    return float((kept - none) / (full - none))


def answer_logit(logprob: float) -> float:
    """ContextCite's surrogate target: the logit of p = P(a0 | masked context), log p - log(1 - p), computed from
    log p without underflow (p of a whole answer is often below 1e-30). p is capped at 1 - 1e-9 (logit ~20.7): a
    sum of token log-probabilities can round to 0.0, whose logit would be infinite and break the regression."""
    lp = min(float(logprob), -1e-9)
    return float(lp - math.log(-math.expm1(lp)))


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
