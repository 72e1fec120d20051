"""The answer SmolLM2 gives to xgrag's own answer prompt: the reply's first statement, within a short budget; any
other prompt (a stack's own, through an adapter) gets the whole reply (the real model in process; no server)."""

from __future__ import annotations

import pytest

from fakes import graph_of
from xgrag.generate.base import first_statement
from xgrag.generate.prompt import render
from xgrag.generate.smollm2 import SmolLM2Generator
from xgrag.model import Subgraph

pytestmark = pytest.mark.llm

QUESTION = "which person directed the films acted by the actors in Tap"


def tap_graph() -> Subgraph:
    return graph_of([(nid, name, "Thing") for nid, name in [("s", "Tap"), ("f1", "The Boy Who Could Fly"),
                                                             ("a", "Gregory Hines"), ("d", "Nick Castle"),
                                                             ("g", "Drama")]],
                    [("r1", "s", "starred_actors", "a"), ("r2", "f1", "starred_actors", "a"),
                     ("r3", "f1", "directed_by", "d"), ("r4", "s", "directed_by", "d"), ("r5", "f1", "has_genre", "g")],
                    ["s"])


def test_xgrags_prompt_gets_the_first_statement_and_a_stacks_prompt_the_whole_reply() -> None:
    gen = SmolLM2Generator()
    ctx = render(QUESTION, tap_graph())
    whole = gen.generate(ctx.prompt, ctx.system)  # no question: a stack's own prompt, as an adapter sends it
    answer = gen.generate(ctx.prompt, ctx.system, question=QUESTION, facts=ctx.facts)
    # the model goes on past the one sentence the prompt asks for (a blank line, then text that answers nothing)
    assert "\n" in whole.text and whole.usage.completion_tokens > gen.answer_tokens
    assert answer.text and "\n" not in answer.text
    assert answer.text == first_statement(whole.text, [n for f in ctx.facts for n in (f.head, f.tail)])
    assert whole.text.startswith(answer.text)  # greedy: the same tokens, decoded with a shorter budget
    assert answer.usage.completion_tokens <= gen.answer_tokens == 32
    assert "Nick Castle" in answer.text
    # the explanation's baseline scores the answer reported, not the reply it was cut from
    assert gen.score_answer(ctx.prompt, ctx.system, answer.text).tokens < \
        gen.score_answer(ctx.prompt, ctx.system, whole.text).tokens
