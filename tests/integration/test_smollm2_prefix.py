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


def test_a_probe_reads_the_kept_prefix_in_place_and_leaves_it_intact() -> None:
    # a probe's cache holds views of the kept prefix (no ~80 MB copy per probe on a long prompt); the kept cache,
    # the reference of every later probe, is never written: the same probe scored again gives the same numbers
    gen, fresh = SmolLM2Generator(), SmolLM2Generator(reuse_prefix=False)
    answer = "Martha Coolidge"
    gen.score_answer(prompt(FACTS), SYSTEM, answer)  # a full pass: the reference
    assert gen._prefix is not None
    kept_ids, kept = gen._prefix
    before = [(layer.keys.clone(), layer.values.clone()) for layer in kept.layers]
    late = gen.chat_prompt(prompt(FACTS[:25] + FACTS[26:]), SYSTEM)
    ids = [int(t) for t in gen.load().tokenizer(late + answer, add_special_tokens=False)["input_ids"]]
    view, shared = gen._cached_prefix(ids, len(ids) - 3)
    assert shared >= MIN_REUSED_TOKENS and view.get_seq_length() == shared
    assert view.layers[0].keys.untyped_storage().data_ptr() == kept.layers[0].keys.untyped_storage().data_ptr()
    probes = (FACTS[:25] + FACTS[26:], FACTS[:20] + FACTS[21:])
    first = [gen.score_answer(prompt(facts), SYSTEM, answer).logprob for facts in probes]
    assert gen._prefix[1] is kept and kept.get_seq_length() == len(kept_ids)  # no full pass: the same reference
    for layer, (keys, values) in zip(kept.layers, before, strict=True):
        assert layer.keys.shape == keys.shape and bool((layer.keys == keys).all())
        assert bool((layer.values == values).all())
    assert gen.score_answer(prompt(probes[0]), SYSTEM, answer).logprob == first[0]
    for facts, value in zip(probes, first, strict=True):
        assert value == pytest.approx(fresh.score_answer(prompt(facts), SYSTEM, answer).logprob, abs=1e-3)
