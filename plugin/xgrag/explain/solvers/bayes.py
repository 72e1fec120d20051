"""KG-SMILE's Bayesian ridge regression (kg-smile.txt §5, after BayLIME): a Gaussian prior on the coefficients
with precision lambda and Gaussian noise with precision alpha, both fitted by evidence maximisation (MacKay's
fixed-point updates with Gamma(1e-6, 1e-6) hyperpriors), as scikit-learn's BayesianRidge does — reimplemented in
numpy and checked against it in the unit tests."""

from __future__ import annotations

import numpy as np

from xgrag.explain.solvers.base import Fit, check_inputs, weighted_center


class BayesianRidge:
    name = "bayes_ridge"
    label = "Bayesian ridge (KG-SMILE / BayLIME)"

    def __init__(self, max_iter: int = 300, tol: float = 1e-3, alpha_1: float = 1e-6, alpha_2: float = 1e-6,
                 lambda_1: float = 1e-6, lambda_2: float = 1e-6) -> None:
        self.max_iter, self.tol = max_iter, tol
        self.alpha_1, self.alpha_2, self.lambda_1, self.lambda_2 = alpha_1, alpha_2, lambda_1, lambda_2

    def fit(self, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> Fit:
        x, y, w = check_inputs(x, y, w)
        xm, ym, xc, yc = weighted_center(x, y, w)
        n = float(w.sum())  # the effective sample size (scikit-learn >= 1.6 uses the sum of the weights)
        u, s, vh = np.linalg.svd(xc, full_matrices=False)
        eig = s**2
        uty = u.T @ yc
        alpha = 1.0 / (float(np.average((y - ym) ** 2, weights=w)) + float(np.finfo(float).eps))  # noise precision
        lam = 1.0  # weight precision
        coef = np.zeros(xc.shape[1])
        for i in range(self.max_iter):
            new = vh.T @ (s / (eig + lam / alpha) * uty)
            rss = float(np.sum((yc - xc @ new) ** 2))
            gamma = float(np.sum(alpha * eig / (lam + alpha * eig)))
            lam = float((gamma + 2 * self.lambda_1) / (float(np.sum(new**2)) + 2 * self.lambda_2))
            alpha = float((n - gamma + 2 * self.alpha_1) / (rss + 2 * self.alpha_2))
            if i > 0 and float(np.sum(np.abs(coef - new))) < self.tol:
                coef = new
                break
            coef = new
        coef = vh.T @ (s / (eig + lam / alpha) * uty)  # with the final hyperparameters, as scikit-learn does
        return Fit(coef, ym - float(xm @ coef))
