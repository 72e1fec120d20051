"""Which property values are facts (scalars, short strings, dates, short lists) and which are not (embeddings,
long lists, binary data written as text, free text), from a property's sampled statistics; and how the values a
sample showed read in a comment."""

from __future__ import annotations

import re

from xgrag.schema.options import MAX_FACT_CHARS, MAX_FACT_ITEMS, InferOptions
from xgrag.schema.profile import PropertyStats, binary


def value_text(values: tuple[str, ...], limit: int = 3) -> str:
    """Sample values for a comment: quoted, one line, control characters and long values cut."""
    shown = []
    for v in values[:limit]:
        v = re.sub(r"[\x00-\x1f\x7f]", " ", v)
        shown.append('"' + (v[:40] + "..." if len(v) > 40 else v) + '"')
    return ", ".join(shown)


def _type_text(s: PropertyStats) -> str:
    kinds = sorted(s.kinds)
    return " | ".join(k.replace("list:", "list of ") for k in kinds)


# Words of keys that say what their node is ("description", "summary", "bio"): what "what is X" asks, in a
# sentence or two. Such a key is a fact up to a fact's length on average (MAX_FACT_CHARS) where other text stops at
# text_chars; its values longer than a fact are not read (the fact queries skip them: store.queries), as its
# comment says.
DESCRIBING_WORDS = frozenset(("description", "summary", "overview", "abstract", "about", "bio", "biography",
                              "tagline", "synopsis", "definition"))


def describes(key: str) -> bool:
    """The key says what its node is: one of its parts (camelCase, snake_case) is a DESCRIBING_WORDS word."""
    return bool({p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", key)} & DESCRIBING_WORDS)


def describe(s: PropertyStats, sampled: int) -> str:
    """What the sample showed of a fact property: its type, how often it is set, a few values."""
    share = f"set on {s.present} of {sampled}" if s.present < sampled else "always set"
    examples = f", e.g. {value_text(s.examples)}" if s.examples else ""
    longer = f"; values over {MAX_FACT_CHARS} characters (up to {s.max_len:,}) are not read" \
        if "string" in s.kinds and (s.max_len or 0) > MAX_FACT_CHARS else ""
    return f"{_type_text(s)}, {share}{examples}{longer}"


# A key whose values are this long on average at most is a fact though some of them are longer than one.
SHORT_TEXT_CHARS = 40

VECTOR_ITEMS = 8  # float lists never shorter than this are vectors (coordinates, a pair of bounds are facts)


def _range(low: int | None, high: int | None) -> str:
    return f"{high}" if low == high else f"{low} to {high}"


def not_a_fact(s: PropertyStats, opts: InferOptions) -> str | None:
    """Why the values of `s` are not facts (an embedding, a long list, binary data, free text), or None."""
    kinds = s.kinds
    lists = {k for k in kinds if k.startswith("list:")}
    items = s.max_len if s.max_items is None else s.max_items  # a list's items, not a string's characters beside it
    # a vector: floats in lists of at least VECTOR_ITEMS (a 16-float embedding), or longer than a fact list
    if lists and any("float" in k for k in lists) and (
            (items or 0) > MAX_FACT_ITEMS or (s.min_len or 0) >= VECTOR_ITEMS and kinds == lists):
        return f"an embedding or vector: lists of {_range(s.min_len, s.max_len)} numbers"
    if lists and (items or 0) > MAX_FACT_ITEMS:
        return f"lists of up to {items} items (a fact lists at most {MAX_FACT_ITEMS})"
    if binary(s):
        start = f' ("{s.blob_example}...")' if s.blob_example else ""
        return f"binary data written as text{start}, {s.blobs} of {s.present} sampled values"
    if "string" in kinds and s.max_len is not None and s.avg_len is not None:
        said = describes(s.key)
        if s.avg_len > (MAX_FACT_CHARS if said else opts.text_chars):
            limit = f"a description at most {MAX_FACT_CHARS}" if said else f"text_chars = {opts.text_chars}"
            return (f"free text: {s.avg_len:.0f} characters on average, up to {s.max_len:,} (facts are short "
                    f"values; {limit})")
        # values short on average with a few long ones are labels that now and then run on (a study's location
        # "Vellayani lake", once a paragraph of 637 characters): a fact, its long values not read, as a description's
        # (ecosystem-services, spent: the sites' only readable names were out of the mapping)
        if s.max_len > MAX_FACT_CHARS and not said and s.avg_len > SHORT_TEXT_CHARS:
            return (f"values up to {s.max_len:,} characters (measured in Cypher, never read whole): longer than "
                    f"a fact ({MAX_FACT_CHARS})")
    if "other" in kinds:
        return f"values of a type that is not a fact ({', '.join(s.types)})"
    return None
