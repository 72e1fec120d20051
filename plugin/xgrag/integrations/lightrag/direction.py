"""The direction a LightRAG relation means, read from its own description and keywords; pure text, no graph.

LightRAG keys every edge by the alphabetically sorted pair of its ends (operate.py sorts `src_tgt`, the relations
vector store sorts `src_id`/`tgt_id`), so a context row `{"entity1": "Apollo 11", "entity2": "Neil Armstrong"}` says
nothing about who did what. Its description usually does ("Neil Armstrong commanded Apollo 11."). A relation is
read as directed only when one sentence of its description names both ends with one of its keywords between them:
active ("A <keyword> ... B": A -> B) or passive ("A was <keyword> by B", "<be> [adverb] <keyword> by": B -> A). In any
other case the direction is unknown and the relation is rendered undirected ("A -keyword- B"): never a direction the
graph does not hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEP = "<SEP>"  # LightRAG joins merged descriptions and keyword lists with it
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_PASSIVE_BE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+(?:\w+ly\s+)?$", re.I)


@dataclass(frozen=True)
class Direction:
    head: str
    relation: str
    tail: str
    directed: bool
    evidence: str  # the sentence the direction was read from ("" when undirected)

    @property
    def text(self) -> str:
        """'head -relation-> tail', or 'head -relation- tail (undirected)'."""
        if self.directed:
            return f"{self.head} -{self.relation}-> {self.tail}"
        return f"{self.head} -{self.relation}- {self.tail} (undirected)"


def keyword_list(keywords: str) -> list[str]:
    """LightRAG's relationship keywords: comma (or <SEP>) separated phrases, in order, without repeats."""
    parts = [p.strip() for chunk in keywords.split(_SEP) for p in chunk.split(",")]
    return list(dict.fromkeys(p for p in parts if p))


def _find(text: str, name: str) -> int:
    m = re.search(r"(?<!\w)" + re.escape(name.casefold()) + r"(?!\w)", text.casefold())
    return -1 if m is None else m.start()


def meaning_direction(entity1: str, entity2: str, description: str, keywords: str) -> Direction:
    """The relation between `entity1` and `entity2` (LightRAG's storage order) in its meaning's direction."""
    kws = keyword_list(keywords)
    relation = kws[0] if kws else "related to"
    for sentence in (s.strip() for part in description.split(_SEP) for s in _SENTENCES.split(part)):
        a, b = _find(sentence, entity1), _find(sentence, entity2)
        if a < 0 or b < 0 or a == b:
            continue
        first, second = (entity1, entity2) if a < b else (entity2, entity1)
        start = min(a, b) + len(first)
        between = sentence[start:max(a, b)]
        low = between.casefold()
        for kw in kws:
            m = re.search(r"(?<!\w)" + re.escape(kw.casefold()) + r"(?!\w)", low)
            if m is None:
                continue
            passive = bool(_PASSIVE_BE.search(between[:m.start()])) and \
                re.match(r"\s+by\b", between[m.end():], re.I) is not None
            if passive:
                return Direction(second, kw, first, True, sentence)
            return Direction(first, kw, second, True, sentence)
    return Direction(entity1, relation, entity2, False, "")
