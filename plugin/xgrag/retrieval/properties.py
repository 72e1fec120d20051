"""Facts stored in properties: their values as plain JSON, and which keys a question is about.

Retrieval keeps every property fact of the question's own entities; when a subgraph holds more than
`RetrievalSettings.max_property_facts` (a 2-hop neighbourhood of orders has hundreds of dates and addresses), it
keeps those whose key is closest to the question: the key's words in the question ("unit price", "city") first,
then by embedding similarity of the key's words to the question ("born" -> "birth date").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from xgrag.embed import Embedder
from xgrag.model import key_text
from xgrag.retrieval.linking import key_tokens, key_words, same_word
from xgrag.retrieval.words import CAMEL_TOKEN


def plain_value(value: Any) -> Any:
    """A property value as JSON holds it: temporal values (neo4j.time.*, datetime) as ISO text, lists item by
    item, a spatial point as its coordinates, everything else (str, int, float, bool) as is; other values as
    their text. The Java procedures write the same (PropertyFacts.plain)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    iso = getattr(value, "iso_format", None) or getattr(value, "isoformat", None)
    if callable(iso):  # before tuples: the driver's Duration is a tuple (months, days, seconds, nanoseconds)
        return temporal_text(str(iso()))
    if isinstance(value, list | tuple):  # a list, or a neo4j.spatial Point (a tuple of its coordinates)
        return [plain_value(v) for v in value]
    return str(value)


# the clock part of an ISO time or date-time: hours to seconds, a fraction, an offset
_CLOCK_TAIL = re.compile(r"(\d{2}:\d{2}:\d{2})(?:\.(\d*?)0*)?(Z|[+-]\d{2}:\d{2}(?::\d{2})?)?$")


def temporal_text(iso: str) -> str:
    """An ISO time or date-time as Cypher's `toString` writes it (the form names and typed values are matched
    in): seconds always, a fraction only as long as it has digits ("03:04:05.123", not the driver's
    ".123000000"), a zero offset as "Z" ("13:30:00Z", not "13:30:00.000000000+00:00"). Dates and durations pass
    unchanged. The procedures write the same (PropertyFacts.plain)."""
    m = _CLOCK_TAIL.search(iso)
    if m is None:
        return iso
    offset = m[3] or ""
    if offset in ("+00:00", "-00:00", "+00:00:00"):
        offset = "Z"
    return iso[:m.start()] + m[1] + (f".{m[2]}" if m[2] else "") + offset


def asked_words(question: str, own_types: Sequence[str] = ()) -> list[str]:
    """The question's words (key_tokens, and the words of a key typed as written, "AssocID": `CAMEL_TOKEN`) but
    those of `own_types`, the types of its own entities: "match" in "the match on 5/21/2017" says which entity,
    not what is asked of it. The procedures read them alike (PropertyFacts.askedWords)."""
    own = {w for t in own_types for w in key_words(t)}
    typed = list(key_tokens(question))
    # (a key typed as the graph writes it, "¿Cuál es el AssocID de ...", says its words: the relationship's
    # `AssocID`, which no word of the question met; virus-hosts, spent, answered a genus)
    for token in CAMEL_TOKEN.findall(question):
        typed += [w for w in key_words(token) if w not in typed]
    return [w for w in typed if not any(same_word(w, o) for o in own)]


def property_relevance(question: str, keys: Sequence[str], embedder: Embedder | None,
                       cache: dict[str, Any], own_types: Sequence[str] = ()) -> dict[str, float]:
    """key -> how much the question is about it: 1 per word of the key the question contains (singular and
    plural alike), plus the cosine similarity of the key's words and the question when an embedder is given
    (key embeddings are kept in `cache`: a schema has few keys). The words of `own_types` (the types of the
    question's own entities) count for no key: "the match on 5/21/2017" says which match, it does not ask for
    every other match's player_of_match over the city the question asks."""
    words = asked_words(question, own_types)
    out: dict[str, float] = {}
    for key in keys:
        kw = key_words(key)
        out[key] = float(sum(1 for k in kw if any(same_word(k, w) for w in words)))
    if embedder is None or not question.strip() or not keys:
        return out
    missing = [k for k in keys if k not in cache]
    if missing:
        for k, vec in zip(missing, embedder.embed([key_text(k) for k in missing]), strict=True):
            cache[k] = np.asarray(vec, dtype=np.float32)
    q = np.asarray(embedder.embed([question])[0], dtype=np.float32)
    for key in keys:
        v = cache[key]
        denom = float(np.linalg.norm(v) * np.linalg.norm(q)) or 1.0
        out[key] += float(v @ q) / denom
    return out
