"""Prefix-friendly probes: the order of xgrag's own prompt, and how much of each probe's prompt a server can reuse.

OpenAI-compatible servers (vLLM, llama.cpp, LM Studio) and Ollama keep the key/value cache of a prompt prefix they
saw and skip recomputing it when the next prompt starts the same way; SmolLM2 in process does the same when it
scores (`reuse_prefix`). A probe is the baseline prompt without one
unit: everything before the removed unit is shared. `context_rank` orders xgrag's context so the units most likely
to matter come last (closest to the question by the run's embedder, decided once before the baseline: blind to the
answer and to which facts a generator says it used), so the probes most worth asking share the longest prefix.
`prefix_share` measures it, per probe, in characters of the model input (system prompt, then the user prompt).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from xgrag.embed import Embedder
from xgrag.generate.prompt import RenderedContext, fact_line
from xgrag.model import Subgraph
from xgrag.model.explanation import PrefixShare

Vectors = Callable[[list[str]], Mapping[str, np.ndarray]]


def serves_prefix_cache(generator: object) -> bool:
    """Whether the generator reuses the computation of prompt prefixes it saw (it says so: `caches_prefixes`): a
    server with a prefix cache, or an in-process model that keeps a scored prefix's KV cache (SmolLM2)."""
    return bool(getattr(generator, "caches_prefixes", False))


def context_rank(question: str, sub: Subgraph, vectors: Vectors) -> dict[str, int]:
    """A rank per node and relationship id of `sub` (lower: rendered earlier): by the cosine of the unit's text (a
    fact as the prompt states it, an entity's name) with the question, the closest last; ties in the canonical
    order. Deterministic: the same embedder gives the same ranks for the same graph and question."""
    facts = [(r.id, fact_line(sub, r)) for r in sub.sorted_relationships()]
    nodes = [(n.id, n.name) for n in sorted(sub.nodes.values(), key=lambda n: (n.name, n.id))]
    vec = vectors(sorted({question} | {t for _, t in facts} | {t for _, t in nodes}))
    q = vec[question]

    def ranks(units: list[tuple[str, str]]) -> dict[str, int]:
        # rounded: a last-bit difference between two embedding runs must not reorder the prompt
        closeness = {uid: round(float(vec[text] @ q), 6) for uid, text in units}
        ordered = sorted(range(len(units)), key=lambda i: (closeness[units[i][0]], i))
        return {units[i][0]: rank for rank, i in enumerate(ordered)}

    return {**ranks(nodes), **ranks(facts)}


def promise_order(question: str, sub: Subgraph, embedder: Embedder) -> dict[str, int]:
    """`context_rank` with `embedder`'s vectors: the order an explanation whose `cost.prefix.order` is "promise"
    rendered `sub` in (to render its prompts again, e.g. `render(question, sub, order=promise_order(...))`)."""
    def vectors(texts: list[str]) -> dict[str, np.ndarray]:
        return dict(zip(texts, embedder.embed(texts), strict=True))
    return context_rank(question, sub, vectors)


def model_input(ctx: RenderedContext) -> str:
    """What a server sees first to last (the chat template's markup aside): the system prompt, then the prompt."""
    return ctx.system + "\n" + ctx.prompt


def shared_prefix(a: str, b: str) -> int:
    """The number of leading characters `a` and `b` have in common."""
    return len(os.path.commonprefix([a, b]))


def prefix_share(baseline: RenderedContext, probes: Sequence[RenderedContext], order: str) -> PrefixShare:
    """Per probe, the leading characters of its model input identical to the baseline's, and the mean share of
    the probe's input they make up (what a prefix cache can reuse). `order`: how the context was ordered."""
    base = model_input(baseline)
    shared: list[int] = []
    shares: list[float] = []
    for ctx in probes:
        text = model_input(ctx)
        n = shared_prefix(base, text)
        shared.append(n)
        shares.append(n / len(text) if text else 1.0)
    mean = round(sum(shares) / len(shares), 4) if shares else None
    return PrefixShare(order=order, unit="characters", baseline=len(base), probes=shared, mean_share=mean)
