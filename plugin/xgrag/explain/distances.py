"""How far a masked answer is from the baseline answer: KG-SMILE's response measures, as data in one registry.

Each measure turns the embeddings of a0 and of a masked answer into the surrogate's response S_i (the regression
target of KG-SMILE Eq. 13) and a distance d_i for the kernel weight pi_i = exp(-d_i^2 / sigma^2) (Eq. 12).
`orientation` says which way S_i points: +1 for a similarity (higher = closer to a0), -1 for a distance. The
surrogate's importances are `orientation * coefficient`, so for every measure a positive importance means
"keeping this fact keeps the answer" (KG-SMILE §5.1 notes that plain WD "identifies nodes with the opposite
influence": that is its -1 orientation).

Definitions (kg-smile.txt §4 Step 2, Eq. 10-12; §5.1; §5.6 Table 5):
- cosine: S = cos(E(a0), E(a)) (Eq. 10); d = 1 - S.
- wasserstein: S = WD(E(a0), E(a)) (Eq. 11 with p = 1: the 1-D Wasserstein distance between the empirical
  distributions of the two vectors' components, scipy.stats.wasserstein_distance); d = S.
- inverse_wasserstein: S = 1 / (1 + WD). The paper defines inv_WD only as "inverse Wasserstein similarity derived
  from WD" (Table 1); 1 / (1 + WD) is that inverse kept finite and in (0, 1] (1 = identical); d = 1 - S.
- wasserstein_cosine, inverse_wasserstein_cosine: the hybrids "WD + Cosine" and "Inv. WD + Cosine" of §5.1
  (Table 2) and §5.6 (Table 5). The paper gives no formula; xgrag averages the two parts oriented alike:
  S = (WD + (1 - cos)) / 2 (a distance, d = S) and S = (inv_WD + cos) / 2 (a similarity, d = 1 - S).

Eq. 12 as printed puts the cosine SIMILARITY C_i in the kernel, which gives the masks that kept the answer the
least weight; xgrag uses the distance d_i, as LIME's kernel (and the surrogate's intent) does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np

from xgrag.errors import UsageError


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Eq. 10; the embedder's vectors are unit length, but normalise anyway (a hand-made vector may not be)."""
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    if na == 0.0 or nb == 0.0:
        raise ValueError("cosine of a zero vector is undefined")
    return float(a @ b) / (na * nb)


def wasserstein(a: np.ndarray, b: np.ndarray) -> float:
    """Eq. 11 (p = 1): 1-D Wasserstein distance between the components of the two vectors as empirical samples."""
    from scipy import stats  # here, not at import: scipy.stats takes ~1 s to import, the CLI validates without it

    return float(stats.wasserstein_distance(np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()))


def inverse_wasserstein(a: np.ndarray, b: np.ndarray) -> float:
    return 1.0 / (1.0 + wasserstein(a, b))


@dataclass(frozen=True)
class ResponseMeasure:
    name: str
    label: str
    orientation: Literal[1, -1]
    response: Callable[[np.ndarray, np.ndarray], float]
    kernel: bool = True  # False: every mask weighs the same (ContextCite), d_i = 0

    def distance(self, s: float) -> float:
        """The kernel's d_i from the response S_i: S itself for a distance, 1 - S for a similarity."""
        if not self.kernel:
            return 0.0
        return s if self.orientation == -1 else 1.0 - s


MEASURES: dict[str, ResponseMeasure] = {m.name: m for m in (
    ResponseMeasure("cosine", "cosine similarity (KG-SMILE Eq. 10)", 1, cosine),
    ResponseMeasure("wasserstein", "Wasserstein distance (KG-SMILE Eq. 11)", -1, wasserstein),
    ResponseMeasure("inverse_wasserstein", "inverse Wasserstein 1/(1+WD) (KG-SMILE inv_WD)", 1, inverse_wasserstein),
    ResponseMeasure("wasserstein_cosine", "hybrid (WD + (1 - cos)) / 2 (KG-SMILE 'WD + Cosine')", -1,
                    lambda a, b: (wasserstein(a, b) + 1.0 - cosine(a, b)) / 2.0),
    ResponseMeasure("inverse_wasserstein_cosine", "hybrid (inv_WD + cos) / 2 (KG-SMILE 'Inv. WD + Cosine')", 1,
                    lambda a, b: (inverse_wasserstein(a, b) + cosine(a, b)) / 2.0),
)}


def _scored(a: np.ndarray, b: np.ndarray) -> float:
    raise TypeError("the answer_logit response comes from scoring a0, not from answer embeddings")


# response_score "logprob": no masked answer is generated, so there is nothing to embed; the response is
# ContextCite's target, the logit of P(a0 | masked context) (xgrag.explain.scoring.answer_logit), with uniform
# weights as ContextCite fits it (a kernel on logits would need a width on their scale). Not a choice of
# `surrogate_distance`: the response score decides it.
ANSWER_LOGIT = ResponseMeasure("answer_logit", "logit of P(a0 | masked context) (ContextCite)", 1, _scored,
                               kernel=False)


def measure(name: str) -> ResponseMeasure:
    if name == ANSWER_LOGIT.name:
        return ANSWER_LOGIT
    if name not in MEASURES:
        raise UsageError(f"surrogate_distance: unknown response measure {name!r}",
                         hint=f"choose from {', '.join(MEASURES)}")
    return MEASURES[name]


def kernel_weights(distances: np.ndarray, sigma: float) -> np.ndarray:
    """KG-SMILE Eq. 12 with the distance: pi_i = exp(-d_i^2 / sigma^2)."""
    if not sigma > 0:
        raise ValueError(f"sigma must be positive, got {sigma}")
    d = np.asarray(distances, dtype=float)
    return np.exp(-(d**2) / sigma**2)
