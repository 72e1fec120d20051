"""KG-SMILE's weighted linear regression (kg-smile.txt §4 Step 3, Eq. 13-14): least squares of the response on
the keep-mask, each mask weighted by its kernel weight pi_i (LIME's weighted fit; Eq. 13 as printed multiplies
each regressor by its weight, which for a per-mask weight is the same weighted fit up to the intercept).

With more facts than masks the system is underdetermined; the minimum-norm solution is returned (numpy lstsq,
as scikit-learn's LinearRegression does). It interpolates the fitted masks: its held-out fidelity shows what
that is worth."""

from __future__ import annotations

import numpy as np

from xgrag.explain.solvers.base import Fit, check_inputs, weighted_center


class WeightedLinear:
    name = "linear"
    label = "weighted linear regression (KG-SMILE)"

    def fit(self, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> Fit:
        x, y, w = check_inputs(x, y, w)
        xm, ym, xc, yc = weighted_center(x, y, w)
        coef = np.linalg.lstsq(xc, yc, rcond=None)[0]
        return Fit(coef, ym - float(xm @ coef))
