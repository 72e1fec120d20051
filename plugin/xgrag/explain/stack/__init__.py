"""Explain the answer a user's own stack gave: its retriever's context, its prompt, its LLM.

An integration (xgrag.integrations.<stack>) turns one call of the stack into a `StackCall`: the units of its
context (`build_context` from one `ItemSource` per retriever item: the text the prompt showed, what the stack's
metadata names, the facts it may state), the stack's own prompt assembly, and its LLM as an xgrag Generator that
sends a prompt exactly as the stack does. `aexplain_stack(call)` (xgrag.explain.explainer, which imports this
package) then runs xgrag's engine on it: the baseline replays the call (and must reproduce the stack's answer:
`Explanation.reproduction`), each probe rebuilds the stack's prompt without some units, and the schedulers choose
the probes (the proxy-first plan over the items, then over the spans inside the items whose removal moved the answer).

    call = StackCall(stack="mystack", component="MyChain", question=q, observed_answer=answer,
                     context=build_context([ItemSource(text) for text in retrieved_texts]),
                     prompt=lambda texts: (SYSTEM, TEMPLATE.format(
                         context="\\n".join(t for t in texts if t is not None), question=q)),
                     generator=MyLLMReplay(llm))
    ex = xgrag.explain.explainer.explain_stack(call)  # ex.reproduction.reproduced, ex.top("span"), ex.components, ...
"""

from __future__ import annotations

from dataclasses import replace

from xgrag.explain.perturbers import STACK_STRATEGIES
from xgrag.explain.settings import ExplainSettings
from xgrag.explain.stack.call import PromptFn, StackCall
from xgrag.explain.stack.context import (
    ItemSource,
    KnownEntity,
    KnownFact,
    Segmentation,
    StackContext,
    build_context,
    segment,
)
from xgrag.explain.stack.reproduction import ON_MISMATCH, OnMismatch, check_observed, check_reproduction

# What a stack explanation runs unless told otherwise: items then the spans inside the items that matter, chosen
# by `auto` (the proxy-first plan at every size, schedulers/stack_proxy.py; benchmarks/bench_stacks.py measures the
# calls, benchmarks/README.md bench_stacks); two baseline runs
# (the reproduction check sees whether the stack's LLM repeats itself); one unit verified alone after group
# testing (the one an embedding proxy ranks closest to the answer; 0 would trust the group tests entirely).
STACK_SETTINGS = ExplainSettings(strategies=STACK_STRATEGIES, dedup=False, generator_synonyms=False,
                                 group_verify=1)


def stack_settings(settings: ExplainSettings | None = None) -> ExplainSettings:
    """`settings` for a stack's context: its strategies default to the stack strategies when it names graph ones
    only by default (ExplainSettings() names "edge")."""
    if settings is None:
        return STACK_SETTINGS
    if settings.strategies == ExplainSettings().strategies:
        return replace(settings, strategies=STACK_STRATEGIES)
    return settings


__all__ = ["ON_MISMATCH", "STACK_SETTINGS", "ItemSource", "KnownEntity", "KnownFact", "OnMismatch", "PromptFn",
           "Segmentation", "StackCall", "StackContext", "build_context", "check_observed", "check_reproduction",
           "segment", "stack_settings"]
