"""SmolLM2's attention to its context as a proxy (xgrag.generate.attention): on a small hand-made context whose answer
copies one fact, that fact ranks first; the pass reads the prompt from the kept prefix cache (no second prefill)
and leaves the answer's log-probability as score_answer gives it (the real model in process; no server)."""

from __future__ import annotations

import pytest

from xgrag.generate.prompt import render
from xgrag.generate.smollm2 import SmolLM2Generator, load_smollm2
from xgrag.model import Node, Relationship, Subgraph

pytestmark = pytest.mark.llm

QUESTION = "Who directed Out to Sea?"
ANSWER = "Out to Sea was directed by Martha Coolidge."


def films() -> tuple[Subgraph, dict[str, int]]:
    """31 films and their directors; the planted one (Out to Sea, Martha Coolidge) in the middle of the prompt, not
    first or last, where attention gathers whatever a line says (the first fact lines drew the most in a trial)."""
    sub = Subgraph()
    rows = [(f"f{i}", f"Film {i}", f"p{i}", f"Person {i}") for i in range(30)]
    rows.insert(15, ("out", "Out to Sea", "mc", "Martha Coolidge"))
    for fid, film, pid, person in rows:
        sub.add_node(Node(fid, film, "Movie"))
        sub.add_node(Node(pid, person, "Person"))
        sub.add_relationship(Relationship(f"r_{fid}", fid, pid, "directed_by"))
    sub.seeds = ["out"]
    return sub, {f"r_{fid}": i for i, (fid, *_rest) in enumerate(rows)}


def test_the_fact_the_answer_copies_draws_the_most_attention_from_the_kept_prefix() -> None:
    sub, order = films()
    ctx = render(QUESTION, sub, order=order)
    gen, fresh = SmolLM2Generator(max_new_tokens=8), SmolLM2Generator(reuse_prefix=False)
    gen.generate(ctx.prompt, ctx.system)  # an explanation's baseline: the generation's KV cache is kept
    got = gen.context_attention(ctx.prompt, ctx.system, ANSWER, ctx.spans)
    for aggregation in ("attntrace", "sum"):
        scores = got.spans[aggregation]
        assert set(scores) == set(sub.relationships)
        ranked = sorted(scores, key=lambda k: -scores[k])
        assert ranked[0] == "r_out", (aggregation, ranked[:3])
        # by a margin: the planted fact is no tie with a neighbour or with the first line
        assert scores["r_out"] > 1.3 * scores[ranked[1]], (aggregation, scores["r_out"], scores[ranked[1]])
    # no second prefill: the prompt came from the generation's cache, only the answer's tokens (and the prompt's
    # last) were computed
    assert got.reused_tokens >= got.context_tokens - got.answer_tokens - 2
    # the answer's log-probability from that pass is score_answer's (sdpa) and a fresh full pass's
    assert got.score.logprob == pytest.approx(gen.score_answer(ctx.prompt, ctx.system, ANSWER).logprob, abs=1e-3)
    assert got.score.logprob == pytest.approx(fresh.score_answer(ctx.prompt, ctx.system, ANSWER).logprob, abs=1e-3)
    assert got.score.tokens == got.answer_tokens
    # the attention implementation is switched back for every later pass
    assert load_smollm2().model.config._attn_implementation == "sdpa"
    # without a kept prefix the pass reads the whole text, with the same result
    alone = fresh.context_attention(ctx.prompt, ctx.system, ANSWER, ctx.spans)
    assert alone.reused_tokens == 0
    assert alone.score.logprob == pytest.approx(got.score.logprob, abs=1e-3)
    assert alone.spans["attntrace"]["r_out"] == pytest.approx(got.spans["attntrace"]["r_out"], rel=1e-3)


def test_the_gradient_pass_ranks_the_fact_the_answer_copies_first_and_scores_the_answer_as_score_answer() -> None:
    # the gradient proxy measured in benchmarks/bench_attention_proxy.py: one forward and one backward pass over the
    # whole text; its log P(a0) is the plain score's, and on a context whose answer copies one fact both of its
    # readings (input x gradient, the gradient's norm) put that fact first, by a margin
    sub, _ = films()
    ctx = render(QUESTION, sub, order=films()[1])
    gen = SmolLM2Generator(max_new_tokens=8)
    got = gen.context_gradient(ctx.prompt, ctx.system, ANSWER, ctx.spans)
    assert got.score.logprob == pytest.approx(gen.score_answer(ctx.prompt, ctx.system, ANSWER).logprob, abs=1e-3)
    assert got.reused_tokens == 0 and got.score.tokens == got.answer_tokens
    for reading in ("input_x_gradient", "gradient_norm"):
        scores = got.spans[reading]
        assert set(scores) == set(sub.relationships)
        ranked = sorted(scores, key=lambda k: -scores[k])
        assert ranked[0] == "r_out", (reading, ranked[:3])
        assert scores["r_out"] > 1.3 * scores[ranked[1]], (reading, scores["r_out"], scores[ranked[1]])
    # the model is left as it was: no gradient kept on its weights
    assert all(p.grad is None for p in load_smollm2().model.parameters())
