"""The attention proxy's pure logic: character spans to token ranges, AttnTrace's aggregation (the mean of a span's
most attended tokens) against the plain sum, and the fact spans xgrag's prompt records (fake attention arrays; no
model)."""

from __future__ import annotations

import numpy as np
import pytest

from xgrag.generate.attention import scores_by_key, span_scores, token_ranges, token_weights
from xgrag.generate.prompt import render
from xgrag.model import Node, PropertyFact, Relationship, Subgraph


def test_spans_map_to_the_tokens_that_overlap_them() -> None:
    # "ab cd|ef" as tokens (0,2) (2,5) (5,7), plus a special token covering no character at the end
    offsets = [(0, 2), (2, 5), (5, 7), (7, 7)]
    assert token_ranges(offsets, [(0, 2), (3, 5), (1, 6), (7, 7), (6, 7)]) == [(0, 1), (1, 2), (0, 3), (0, 0),
                                                                               (2, 3)]


def test_token_weights_average_layers_heads_and_answer_tokens() -> None:
    attention = np.zeros((2, 3, 4, 5))
    attention[0, 0, 0, 1] = 24.0  # one head of one layer, one answer token: 24 / (2 * 3 * 4) = 1 at position 1
    attention[:, :, :, 3] = 0.5
    assert token_weights(attention).tolist() == pytest.approx([0.0, 1.0, 0.0, 0.5, 0.0])
    with pytest.raises(ValueError, match="layers, heads"):
        token_weights(np.zeros((3, 4, 5)))


def test_attntrace_keeps_a_short_decisive_span_above_a_long_diffuse_one_that_the_sum_prefers() -> None:
    # a 3-token fact attended 0.2 per token; a 40-token fact attended 0.02 per token (0.8 in all against 0.6)
    weights = np.array([0.2] * 3 + [0.02] * 40 + [0.0] * 2)
    ranges = [(0, 3), (3, 43), (43, 45), (45, 45)]
    assert span_scores(weights, ranges, "attntrace") == pytest.approx([0.2, 0.02, 0.0, 0.0])
    assert span_scores(weights, ranges, "sum") == pytest.approx([0.6, 0.8, 0.0, 0.0])
    # the mean of the top tokens, not of all: a long span holding one strongly attended word keeps that word's weight
    peaked = np.array([0.0] * 10 + [0.5] + [0.0] * 10)
    assert span_scores(peaked, [(0, 21)], "attntrace", top_tokens=1) == pytest.approx([0.5])
    assert span_scores(peaked, [(0, 21)], "attntrace", top_tokens=5) == pytest.approx([0.1])
    both = scores_by_key(weights, {"short": (0, 3), "long": (3, 43)})
    assert max(both["attntrace"], key=both["attntrace"].__getitem__) == "short"
    assert max(both["sum"], key=both["sum"].__getitem__) == "long"
    with pytest.raises(ValueError, match="top_tokens"):
        span_scores(weights, ranges, top_tokens=0)


def test_the_prompt_records_where_each_fact_is_stated() -> None:
    sub = Subgraph()
    for nid, name in [("r", "Red"), ("a", "Ann Lee"), ("b", "Bo Ek"), ("g", "Green")]:
        sub.add_node(Node(nid, name, "Thing"))
    sub.add_relationship(Relationship("a1", "r", "a", "starred_actors"))
    sub.add_relationship(Relationship("b1", "r", "b", "directed_by"))
    sub.add_relationship(Relationship("b2", "g", "b", "directed_by"))
    year, note = PropertyFact("r", "year", 1999), PropertyFact("b1", "note", "uncredited", "relationship")
    sub.add_property(year)
    sub.add_property(note)
    ctx = render("who directed Red?", sub)
    text = {key: ctx.prompt[a:b] for key, (a, b) in ctx.spans.items()}
    assert text["a1"] == "Red starred actors Ann Lee"
    assert text["b1"] == "Red directed by Bo Ek (note uncredited)"
    assert text["b2"] == "Green directed by Bo Ek"
    assert text[year.id] == "year 1999" and text[note.id] == "note uncredited"
    # the same spans under another order of the facts (the explainer's prefix-friendly order)
    again = render("who directed Red?", sub, order={"a1": 0, "b1": 1, "b2": 2})
    assert again.prompt != ctx.prompt
    assert {k: again.prompt[a:b] for k, (a, b) in again.spans.items()} == text
    assert again.spans != ctx.spans and again.digest != ctx.digest
