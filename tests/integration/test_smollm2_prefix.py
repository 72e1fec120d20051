"""SmolLM2's scoring with the kept prefix cache: the same log-probabilities as a full pass, and fewer tokens computed
for a perturbation that changes the context late (the real model in process; no server)."""

from __future__ import annotations

import pytest

from xgrag.generate.smollm2 import MIN_REUSED_TOKENS, SmolLM2Generator

pytestmark = pytest.mark.llm

SYSTEM = "Answer from the facts only."
FACTS = [f"- Film {i} directed by Person {i}" for i in range(30)] + ["- Out to Sea directed by Martha Coolidge"]
QUESTION = "Question: who directed Out to Sea?"


def prompt(facts: list[str]) -> str:
    return "Facts:\n" + "\n".join(facts) + "\n" + QUESTION


def test_scores_from_the_kept_prefix_equal_full_passes_and_compute_only_the_tail() -> None:
    reusing, fresh = SmolLM2Generator(), SmolLM2Generator(reuse_prefix=False)
    answer = "Martha Coolidge"
    variants = [FACTS, FACTS[:-1], FACTS[:25] + FACTS[26:], FACTS[1:]]  # whole, last removed, late, first removed
    for facts in variants:
        a = reusing.score_answer(prompt(facts), SYSTEM, answer)
        b = fresh.score_answer(prompt(facts), SYSTEM, answer)
        assert a.tokens == b.tokens
        assert a.logprob == pytest.approx(b.logprob, abs=1e-3), facts[-1]
    # the whole context was scored first and kept: a late removal reuses everything before it
    full = reusing.chat_prompt(prompt(FACTS), SYSTEM)
    late = reusing.chat_prompt(prompt(FACTS[:25] + FACTS[26:]), SYSTEM)
    scored = reusing.text_logprobs(late + answer, score_from=len(late))
    shared = len(full[:full.index(FACTS[25])])
    assert scored.reused_tokens >= MIN_REUSED_TOKENS
    assert scored.reused_tokens >= 0.7 * len([e for e in scored.ends if e <= shared])
    # a change in the first line leaves too little to reuse: a full pass, which becomes the new reference
    first_removed = reusing.chat_prompt(prompt(FACTS[1:]), SYSTEM)
    assert reusing.text_logprobs(first_removed + answer, score_from=len(first_removed)).reused_tokens < 40
    assert fresh.text_logprobs(late + answer, score_from=len(late)).reused_tokens == 0


def test_scoring_the_generated_answer_reuses_the_generations_cache() -> None:
    # an explanation's baseline: the answer generated, then scored on the same prompt (log P(a0 | G)); the
    # generation's own KV cache is kept, so the score computes only the tokens from the answer on, same numbers
    reusing, fresh = SmolLM2Generator(max_new_tokens=8), SmolLM2Generator(max_new_tokens=8, reuse_prefix=False)
    answer = reusing.generate(prompt(FACTS), SYSTEM).text
    assert answer
    text = reusing.chat_prompt(prompt(FACTS), SYSTEM)
    scored = reusing.text_logprobs(text + answer, score_from=len(text))
    prompt_tokens = len([e for e in scored.ends if e <= len(text)])
    assert scored.reused_tokens >= prompt_tokens - 2
    again = fresh.text_logprobs(text + answer, score_from=len(text))
    assert again.reused_tokens == 0
    assert scored.logprobs[-1] == pytest.approx(again.logprobs[-1], abs=1e-3)
    assert reusing.score_answer(prompt(FACTS), SYSTEM, answer).logprob == pytest.approx(
        fresh.score_answer(prompt(FACTS), SYSTEM, answer).logprob, abs=1e-3)
