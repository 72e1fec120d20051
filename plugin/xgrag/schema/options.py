"""The bounds and thresholds of one `xgrag schema infer`, and what the retrieval accepts as a fact."""

from __future__ import annotations

from dataclasses import dataclass

from xgrag.config import shared_config

# What a fact may be (the retrieval's own guard, cypher/shared_config.json): at most this many characters, lists of
# at most this many items. A property most of whose values are longer is not a fact.
MAX_FACT_CHARS: int = int(shared_config()["retrieval"]["max_fact_chars"])
MAX_FACT_ITEMS: int = int(shared_config()["retrieval"]["max_fact_items"])
ALIAS_TYPE: str = str(shared_config()["schema"]["alias_type"])


@dataclass(frozen=True)
class InferOptions:
    """The bounds of one inference. Its cost grows with the sample sizes (and the number of labels and types), never
    with the graph: every read is LIMITed."""

    sample_nodes: int = 1000  # nodes sampled per label
    sample_relationships: int = 1000  # relationships sampled per type
    max_facts: int = 40  # fact properties listed per label or type (the most frequent)
    max_keys: int = 500  # property keys profiled per label or type (the most frequent)
    # a string property whose values average more characters than this is free text (Employee.notes: 214), not a fact
    text_chars: int = 100
    name_unique: float = 0.9  # a display name must be this unique (distinct / present) in the sample
    name_present: float = 0.9  # ... and set on this share of the sampled nodes
    link_probe: int = 20  # nodes read per foreign-key probe
    max_link_probes: int = 200  # foreign-key probes per inference
    # queries at once (labels, types and probes; each its own read transaction): on a server just started, most of an
    # inference is the server planning and warming up, which more connections share (the GoT example graph, 12 labels
    # and 20 types, just started, 2 cores: 1 -> 12.1 s, 2 -> 9.0-10.2 s, 3 -> 8.8 s, 4 -> 9.4 s; n = 1 each)
    workers: int = 3
    read_only: bool = False
