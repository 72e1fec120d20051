"""The direction a LightRAG relation means, read from its own description and keywords; pure text, no graph.
Used by the LightRAG stack integration (xgrag.integrations.lightrag: the relations `rag.query()` put into its prompt)
and by xgrag's own retrieval over a graph LightRAG wrote (preset "lightrag", whose relationships are stored
"undirected-sorted": `Reading`, set by xgrag.retrieval). The Java procedures implement the same rule
(org.xgrag.procedures.Direction); tests/unit/model/test_direction.py holds the cases both must agree on.

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
    # case-insensitive on the text itself (not on a case-folded copy, whose offsets can differ from the text's)
    m = re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.I)
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
        for kw in kws:
            m = re.search(r"(?<!\w)" + re.escape(kw) + r"(?!\w)", between, re.I)
            if m is None:
                continue
            passive = bool(_PASSIVE_BE.search(between[:m.start()])) and \
                re.match(r"\s+by\b", between[m.end():], re.I) is not None
            if passive:
                return Direction(second, kw, first, True, sentence)
            return Direction(first, kw, second, True, sentence)
    return Direction(entity1, relation, entity2, False, "")


@dataclass(frozen=True)
class Reading:
    """How a relationship stored in an arbitrary direction reads (a preset whose relationship_direction is
    "undirected-sorted"): the relation (the keyword the direction was read from, else the first keyword), whether
    its description states a direction, whether that direction runs from the stored target to the stored source,
    and the sentence it was read from. The stored direction itself stays on the relationship (source, target)."""

    relation: str
    directed: bool
    reversed: bool
    evidence: str

    @property
    def arrow(self) -> str:
        """The relation as the LightRAG stack path writes it in a fact: "-commanded->" or "-commanded-"."""
        return f"-{self.relation}->" if self.directed else f"-{self.relation}-"

    def text(self, source: str, target: str) -> str:
        """'head -relation-> tail' in the meaning's direction (given the stored ends' names), or 'source -relation-
        target (undirected)'; the same wording as `Direction.text`."""
        head, tail = (target, source) if self.reversed else (source, target)
        return Direction(head, self.relation, tail, self.directed, self.evidence).text

    def to_json(self) -> dict[str, object]:
        return {"relation": self.relation, "directed": self.directed, "reversed": self.reversed,
                "evidence": self.evidence}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Reading:
        return cls(str(data["relation"]), bool(data["directed"]), bool(data["reversed"]), str(data["evidence"]))


def read_stored(source: str, target: str, description: str | None, keywords: str) -> Reading:
    """The `Reading` of a relationship stored (source)-[keywords]->(target) with `description` (names: the ends'
    stored names). Never reversed without a sentence that says so."""
    d = meaning_direction(source, target, description or "", keywords)
    reversed_ = d.directed and source != target and (d.head, d.tail) == (target, source)
    return Reading(d.relation, d.directed, reversed_, d.evidence)
