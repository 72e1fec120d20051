"""KG-SMILE's surrogate over the answered mask probes: design matrix (1 = triple kept), response = cosine
similarity of each masked answer to a0, solved by a solver from xgrag.explain.solvers."""

from __future__ import annotations

from typing import Any

import numpy as np

from xgrag.explain.run import ExplainRun
from xgrag.explain.solvers import mask_surrogate


def mask_surrogate_summary(run: ExplainRun, vectors: dict[str, np.ndarray]) -> dict[str, Any] | None:
    masks = [p for p in run.probes if p.planned.kind == "mask" and p.generation is not None]
    rels = [r.id for r in run.graph.sorted_relationships()]
    if len(masks) < 2 or not rels:
        return None
    x = np.array([[0.0 if rid in p.planned.removed_rels else 1.0 for rid in rels] for p in masks])
    y = np.array([float(vectors[p.answer.text] @ vectors[run.a0.text]) for p in masks])
    coef, r2 = mask_surrogate(x, y)
    order = np.argsort(-coef, kind="stable")
    return {"method": "weighted ridge (KG-SMILE)", "samples": len(masks), "features": len(rels),
            "weighted_r2_in_sample": round(r2, 4),
            "note": "in-sample fit only: it says nothing about how well the surrogate predicts unseen masks",
            "coefficients": {rels[i]: round(float(coef[i]), 6) for i in order}}
