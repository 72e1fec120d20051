"""M-GNAN (Ex-GraphRAG §3.2) over facts: each candidate's logit is a sum of per-fact, per-group terms.

Ex-GraphRAG's node representation is
    [h_i]_g = sum_j 1/#dist(j, i) * rho(1 / (1 + dist(j, i))) * f_g([x_j]_{F_g})
with f_g a multilayer perceptron per feature group g, rho a learnable monotone function of the distance and
#dist(j, i) the number of units at the same distance from i as j. Here the units j are the facts of the context
(so attributions are about facts, which is what xgrag's edge explanations rank), i runs over the candidate
answers, and the logit of candidate c is sum_g [h_c]_g — no bias, no other term — so

    logit(c) = sum_j sum_g contribution(j, g, c)    exactly (up to float rounding, checked to 1e-5).

One departure from the paper, forced by answer selection: f_g reads the fact's features *as seen from the
candidate* (its role in the fact, the hops of both from the question's entities; `features.POS_DIM`). With fact
features alone, a film and its director receive the same terms from the facts joining them and cannot be told
apart. The model stays additive over facts and groups: nothing combines two facts before the sum.

Feature groups (`MGNANConfig.groups`) are tuples of blocks: "q" (question embedding), "qr" (question *
relation embedding), "cos" (their cosine): per relation; "pos" (the structural vector): per pair. The default is
one group holding every block (the paper's common G = 1 setting).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from xgrag.errors import UsageError
from xgrag.generate.gnan.features import POS_DIM, Encoded

BLOCKS = ("q", "qr", "cos", "pos")
RELATION_BLOCKS = ("q", "qr", "cos")


@dataclass(frozen=True)
class MGNANConfig:
    dim: int = 384  # embedding dimensions
    hidden: tuple[int, ...] = (64, 32)
    max_distance: int = 2
    # divide by #dist(j, c) as the paper does. Off by default: measured on the whole MetaQA KB
    # (benchmarks/results/gnan*.json) it ties many facts at the top (mean 17 tied at rank 1 vs 2.2) and lowers the
    # agreement of removal importances with the exact attributions (top-3 overlap on correct answers 0.77 vs
    # 0.80) at the same held-out Hits@1 (0.717 both); `xgrag train-gnan --normalize` trains the paper's variant.
    normalize: bool = False
    groups: tuple[tuple[str, ...], ...] = (("q", "qr", "cos", "pos"),)
    group_names: tuple[str, ...] = ("all",)

    def __post_init__(self) -> None:
        if not self.groups or len(self.groups) != len(self.group_names):
            raise UsageError("M-GNAN config: one name per feature group, at least one group")
        for g in self.groups:
            bad = [b for b in g if b not in BLOCKS]
            if bad or not g:
                raise UsageError(f"M-GNAN config: feature group {g!r}: blocks must be among {', '.join(BLOCKS)}")
        if not self.hidden or any(h < 1 for h in self.hidden) or self.max_distance < 0 or self.dim < 1:
            raise UsageError("M-GNAN config: hidden sizes and dim must be positive, max_distance >= 0")

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()} | {
            "groups": [list(g) for g in self.groups]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MGNANConfig:
        return cls(dim=int(data["dim"]), hidden=tuple(int(h) for h in data["hidden"]),
                   max_distance=int(data["max_distance"]), normalize=bool(data["normalize"]),
                   groups=tuple(tuple(g) for g in data["groups"]), group_names=tuple(data["group_names"]))


@dataclass
class Batch:
    """An Encoded question as tensors."""

    fact_relation: torch.Tensor
    question: torch.Tensor
    relations: torch.Tensor
    pair_candidate: torch.Tensor
    pair_fact: torch.Tensor
    pair_distance: torch.Tensor
    pair_count: torch.Tensor
    pair_pos: torch.Tensor
    n_candidates: int
    n_facts: int
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, enc: Encoded, dtype: torch.dtype = torch.float32) -> Batch:
        def t(a: np.ndarray, float_: bool = False) -> torch.Tensor:
            return torch.from_numpy(np.ascontiguousarray(a)).to(dtype if float_ else torch.int64)

        return cls(t(enc.fact_relation), t(enc.question_vec, True), t(enc.relation_vecs, True),
                   t(enc.pair_candidate), t(enc.pair_fact), t(enc.pair_distance), t(enc.pair_count, True),
                   t(enc.pair_pos, True), len(enc.candidates), len(enc.facts))


class ShapeFunction(nn.Module):
    """f_g: an MLP over one feature group. Its first layer is split into a per-relation part (blocks q, qr, cos,
    computed once per relation) and a per-pair part (pos): the same function as an MLP on the concatenation."""

    def __init__(self, blocks: tuple[str, ...], dim: int, hidden: tuple[int, ...]) -> None:
        super().__init__()
        self.blocks = blocks
        rel_in = sum({"q": dim, "qr": dim, "cos": 1}[b] for b in blocks if b in RELATION_BLOCKS)
        self.rel = nn.Linear(rel_in, hidden[0], bias=False) if rel_in else None
        self.pos = nn.Linear(POS_DIM, hidden[0], bias=False) if "pos" in blocks else None
        self.bias = nn.Parameter(torch.zeros(hidden[0]))
        layers: list[nn.Module] = []
        for a, b in zip(hidden, hidden[1:], strict=False):
            layers += [nn.Linear(a, b), nn.ReLU()]
        layers.append(nn.Linear(hidden[-1], 1))
        self.rest = nn.Sequential(*layers)

    def forward(self, b: Batch) -> torch.Tensor:
        h = self.bias.expand(b.pair_fact.shape[0], -1)
        if self.rel is not None:
            parts = {"q": b.question.expand(b.relations.shape[0], -1), "qr": b.relations * b.question,
                     "cos": (b.relations @ b.question).unsqueeze(1)}
            per_rel = self.rel(torch.cat([parts[k] for k in self.blocks if k in RELATION_BLOCKS], dim=1))
            h = h + per_rel[b.fact_relation[b.pair_fact]]
        if self.pos is not None:
            h = h + self.pos(b.pair_pos)
        out: torch.Tensor = self.rest(torch.relu(h)).squeeze(1)
        return out


class MGNAN(nn.Module):
    def __init__(self, config: MGNANConfig) -> None:
        super().__init__()
        self.config = config
        self.shapes = nn.ModuleList(ShapeFunction(g, config.dim, config.hidden) for g in config.groups)
        # rho over distances 0..max_distance: weights = reverse cumulative sums of softplus, so they never grow
        # with the distance (rho is monotone in 1 / (1 + dist), as the paper asks)
        self.rho_raw = nn.Parameter(torch.zeros(config.max_distance + 1))

    def rho(self) -> torch.Tensor:
        w = nn.functional.softplus(self.rho_raw)
        return torch.flip(torch.cumsum(torch.flip(w, [0]), 0), [0])

    def contributions(self, b: Batch) -> torch.Tensor:
        """(pairs, groups): 1/#dist * rho(dist) * f_g for each (fact, candidate) pair."""
        weight = self.rho()[b.pair_distance]
        if self.config.normalize:
            weight = weight / b.pair_count
        return torch.stack([f(b) for f in self.shapes], dim=1) * weight.unsqueeze(1)

    def forward(self, b: Batch) -> tuple[torch.Tensor, torch.Tensor]:
        """(logits per candidate, contributions per pair and group); logits = the contributions summed."""
        contrib = self.contributions(b)
        logits = torch.zeros(b.n_candidates, dtype=contrib.dtype).index_add_(0, b.pair_candidate, contrib.sum(1))
        return logits, contrib


def attributions_of(b: Batch, contrib: torch.Tensor, candidate: int) -> np.ndarray:
    """(facts, groups) contributions of every fact to candidate `candidate`'s logit (zero beyond the distance)."""
    out = torch.zeros(b.n_facts, contrib.shape[1], dtype=contrib.dtype)
    mask = b.pair_candidate == candidate
    out.index_add_(0, b.pair_fact[mask], contrib[mask])
    result: np.ndarray = out.detach().numpy()
    return result
