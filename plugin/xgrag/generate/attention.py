"""A white-box proxy: how much an in-process causal LM attends to each fact of its context while it reads its own
answer (pure aggregation; the attention weights come from `SmolLM2Generator.context_attention`).

Two aggregations of one attention map, both from the answer tokens' rows (each token of the baseline answer a0, read
after the chat-formatted prompt, as the query) averaged over every head and every layer:

- "attntrace" (AttnTrace, Wang et al. 2025, "AttnTrace: Attention-based Context Traceback for Long-Context LLMs",
  arXiv, as its released code computes it: AttnTraceAttribution, avg_k = 5): a context token's weight is its
  attention averaged over the answer tokens, heads and layers; a segment's score is the mean of its `top_tokens`
  (avg_k) largest token weights, so that a long segment does not win by length alone (a sum grows with the tokens
  a fact spells). AttnTrace also averages over B random sub-contexts (a share q of the segments kept each time) to
  soften attention's dilution among duplicates; that costs B forward passes of the context, so it is not done
  here: one pass over a0's tokens against the prompt's cached prefix, nothing more;
- "sum": the plain baseline AttnTrace compares with (attention from the answer tokens to the context, summed over
  the segment's tokens).

A fact's span is its line in xgrag's prompt (`RenderedContext.spans`, character offsets), mapped to the tokens that
overlap it (`token_ranges`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from xgrag.generate.base import AnswerScore

Aggregation = Literal["attntrace", "sum"]
AGGREGATIONS: tuple[Aggregation, ...] = ("attntrace", "sum")
TOP_TOKENS = 5  # AttnTrace's avg_k: a segment's score is the mean of its 5 most attended tokens


@dataclass(frozen=True)
class ContextAttention:
    """The answer's attention to each span of its prompt, under each aggregation, and the answer's log-probability
    from the same pass (which must be the score `score_answer` gives: the pass only reads the weights)."""

    score: AnswerScore
    spans: dict[str, dict[str, float]] = field(default_factory=dict)  # aggregation -> span key -> score
    answer_tokens: int = 0
    context_tokens: int = 0  # tokens of the whole text the answer attended to
    reused_tokens: int = 0  # leading tokens read from the kept prefix's KV cache (0: a full pass was needed)
    seconds: float = 0.0


def token_ranges(offsets: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """For each character span [start, end), the token range [first, last + 1) of the tokens that overlap it
    (`offsets`: each token's characters, in order); (i, i) when no token overlaps it."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        # tokens are in text order, so the ones overlapping a span are consecutive; a special token (a, a) covers
        # no character and overlaps nothing
        inside = [i for i, (a, b) in enumerate(offsets) if a < end and b > start and b > a]
        out.append((inside[0], inside[-1] + 1) if inside else (0, 0))
    return out


def token_weights(attention: np.ndarray) -> np.ndarray:
    """Per key position: the attention averaged over layers, heads and the answer's query rows (AttnTrace's
    average), from an array shaped (layers, heads, answer tokens, positions)."""
    if attention.ndim != 4:
        raise ValueError(f"attention must be (layers, heads, answer tokens, positions), got shape {attention.shape}")
    weights: np.ndarray = np.asarray(attention, dtype=np.float64).mean(axis=(0, 1, 2))
    return weights


def span_scores(weights: np.ndarray, ranges: Sequence[tuple[int, int]], aggregation: Aggregation = "attntrace",
                top_tokens: int = TOP_TOKENS) -> list[float]:
    """Each token range's score from the per-token `weights`: the mean of its `top_tokens` largest weights
    ("attntrace"), or their sum ("sum"); 0 for an empty range."""
    if top_tokens < 1:
        raise ValueError("top_tokens must be at least 1")
    out: list[float] = []
    for first, last in ranges:
        values = np.sort(np.asarray(weights[first:last], dtype=np.float64))
        if values.size == 0:
            out.append(0.0)
        elif aggregation == "sum":
            out.append(float(values.sum()))
        else:
            out.append(float(values[-top_tokens:].mean()))
    return out


def scores_by_key(weights: np.ndarray, ranges: Mapping[str, tuple[int, int]],
                  top_tokens: int = TOP_TOKENS) -> dict[str, dict[str, float]]:
    """`span_scores` under each aggregation, by span key."""
    keys = list(ranges)
    return {agg: dict(zip(keys, span_scores(weights, [ranges[k] for k in keys], agg, top_tokens), strict=True))
            for agg in AGGREGATIONS}
