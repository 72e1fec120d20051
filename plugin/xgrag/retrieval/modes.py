"""The retrieval modes and the hop range, apart from the retriever so that validating a command line (the CLI,
ExplainSettings) does not load the Neo4j driver."""

from __future__ import annotations

from typing import Literal, get_args

from xgrag.errors import UsageError

# "auto" (the default): k-hop when the neighbourhood fits the caps, else focused on the question's relation types
# (xgrag.retrieval.focus)
Mode = Literal["auto", "khop", "paths", "pcst"]
MODES: tuple[Mode, ...] = get_args(Mode)
# k of a k-hop neighbourhood: 1..MAX_HOPS, the bound the retriever and PCST enforce on their own argument too
MAX_HOPS = 4


def check_hops(hops: int | None) -> None:
    """None (the retrieval settings' hops) or 1..MAX_HOPS; a UsageError naming the value otherwise."""
    if hops is not None and not 1 <= hops <= MAX_HOPS:
        raise UsageError(f"hops: {hops} is outside 1..{MAX_HOPS}")
