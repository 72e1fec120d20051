"""A stack's context as units: the retriever items in prompt order and, nested under each, the lines or sentences
of its text (spans), each traced to the graph facts it states. Pure text handling: no graph, no model.

An item's text is what the stack put into its prompt for it (e.g. `RetrieverResultItem.content`). It is cut into
regions (the whole text; or, for the repr of a dict such as neo4j-graphrag's VectorRetriever default content
"{'text': '...'}", the inside of each string value, so that quotes and keys are never cut), each region into lines
and each line into sentences. An item with a single span has no spans: it is its own finest unit.

Removing spans rebuilds the item's text from the spans kept, joined by the separators that stood between them (a
line break when the two stood on different lines), with the text around the spans (a region's prefix and suffix,
the dict's keys) kept; an item whose every span is removed leaves the prompt, as if the item itself had been
removed (the two prompts are then identical, and the oracle asks the model once).

Tracing: a span states a fact when both of the fact's ends are named in it (whole words, case folded); it mentions
an entity when its name is in it. The facts an item may state come from the integration (the ids in the item's
metadata, or the facts extracted from its chunk); nothing else is inferred from text.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from xgrag.model import ContextUnit

LABEL_CHARS = 100  # a unit's label: its text, shortened
# a sentence ends at . ! or ? followed by space and something that starts a sentence
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")


@dataclass(frozen=True)
class KnownFact:
    """A graph fact an item may state: its id and its ends as stored."""

    id: str
    head: str
    relation: str
    tail: str
    head_id: str = ""
    tail_id: str = ""

    @property
    def text(self) -> str:
        return f"{self.head} {self.relation} {self.tail}"


@dataclass(frozen=True)
class KnownEntity:
    id: str
    name: str


@dataclass(frozen=True)
class ItemSource:
    """What an integration knows of one retriever item: the text the prompt shows, what it was retrieved as, the
    graph elements the stack's metadata names, the facts and entities it may state (for tracing its spans), and its
    provenance (ids, scores, metadata; JSON-safe)."""

    text: str
    source: str = "item"
    node_ids: tuple[str, ...] = ()
    relationship_ids: tuple[str, ...] = ()
    facts: tuple[KnownFact, ...] = ()
    entities: tuple[KnownEntity, ...] = ()
    provenance: Mapping[str, Any] = field(default_factory=dict)
    split: bool = True  # cut its text into spans (False: the item is the finest unit, e.g. a Cypher result row)
    # the item was produced from the elements it names (a Cypher row from the elements its query matched): it stands
    # for them whether or not its text names them (else only the facts its text states are the unit's)
    from_elements: bool = False


@dataclass(frozen=True)
class Segment:
    start: int
    end: int
    region: int


@dataclass(frozen=True)
class Segmentation:
    text: str
    regions: tuple[tuple[int, int, str], ...]  # (start, end, how a line break reads there)
    spans: tuple[Segment, ...]

    def _separator(self, a: int, b: int) -> str:
        """What joins kept span a to kept span b when the spans between them are removed: the first separator on
        the way that breaks a line (the two stood on different lines), else the one right before b."""
        brk = self.regions[self.spans[a].region][2]
        gaps = [self.text[self.spans[k].end:self.spans[k + 1].start] for k in range(a, b)]
        return next((g for g in gaps if brk in g or "\n" in g), gaps[-1])

    def without(self, removed: set[int]) -> str | None:
        """The text with the spans at indices `removed` cut out (None: every span was)."""
        if not removed:
            return self.text
        if len(removed) >= len(self.spans):
            return None
        out: list[str] = []
        cursor = 0
        for r, (rs, re_, _) in enumerate(self.regions):
            idx = [i for i, s in enumerate(self.spans) if s.region == r]
            out.append(self.text[cursor:rs])
            if not idx:
                out.append(self.text[rs:re_])
            else:
                kept = [i for i in idx if i not in removed]
                out.append(self.text[rs:self.spans[idx[0]].start])  # the region's prefix
                for j, i in enumerate(kept):
                    out.append(self.text[self.spans[i].start:self.spans[i].end])
                    if j < len(kept) - 1:
                        out.append(self._separator(i, kept[j + 1]))
                out.append(self.text[self.spans[idx[-1]].end:re_])  # the region's suffix
            cursor = re_
        out.append(self.text[cursor:])
        return "".join(out)


def _regions(text: str) -> list[tuple[int, int, str]]:
    """(start, end, line break) of the parts of `text` that hold prose: the inside of each string value when the
    text is a dict's repr (where a line break reads as the two characters backslash n), else the whole text."""
    stripped = text.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        try:
            value = ast.literal_eval(stripped)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            value = None
        if isinstance(value, dict):
            out: list[tuple[int, int, str]] = []
            cursor = 0
            for v in value.values():
                if not isinstance(v, str) or not v.strip():
                    continue
                literal = repr(v)
                at = text.find(literal, cursor)
                if at < 0:
                    continue
                out.append((at + 1, at + len(literal) - 1, "\\n"))
                cursor = at + len(literal)
            if out:
                return out
    return [(0, len(text), "\n")]


def segment(text: str) -> Segmentation:
    """Regions, then lines, then sentences; each span trimmed of surrounding white space; empty ones dropped."""
    regions = _regions(text)
    spans: list[Segment] = []
    for r, (rs, re_, brk) in enumerate(regions):
        line_start = rs
        while line_start <= re_:
            at = text.find(brk, line_start, re_)
            line_end = re_ if at < 0 else at
            line = text[line_start:line_end]
            start = 0
            for m in [*_SENTENCE.finditer(line), None]:
                end = len(line) if m is None else m.start()
                piece = line[start:end]
                lead = len(piece) - len(piece.lstrip())
                body = piece.strip()
                if body:
                    s = line_start + start + lead
                    spans.append(Segment(s, s + len(body), r))
                if m is not None:
                    start = m.end()
            if at < 0:
                break
            line_start = at + len(brk)
    return Segmentation(text, tuple(regions), tuple(spans))


def shorten(text: str, limit: int = LABEL_CHARS) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def _names(text: str, name: str) -> bool:
    if not name.strip():
        return False
    return re.search(r"(?<!\w)" + re.escape(name.casefold()) + r"(?!\w)", text.casefold()) is not None


def _trace(text: str, facts: Sequence[KnownFact], entities: Sequence[KnownEntity]
           ) -> tuple[list[KnownFact], list[str]]:
    """The facts `text` states (both ends named) and the entity ids it names."""
    stated = [f for f in facts if _names(text, f.head) and _names(text, f.tail)]
    named = [e.id for e in entities if _names(text, e.name)]
    named += [i for f in stated for i in (f.head_id, f.tail_id) if i]
    return stated, list(dict.fromkeys(named))


@dataclass
class StackContext:
    """The units of one stack call's context, and the texts of its items with some units removed."""

    items: list[ContextUnit]
    spans: dict[str, list[ContextUnit]]  # item id -> its spans (items with two or more)
    segmentations: dict[str, Segmentation]

    @property
    def units(self) -> list[ContextUnit]:
        """Items and spans, each item followed by its spans (prompt order)."""
        return [u for item in self.items for u in (item, *self.spans.get(item.id, []))]

    def texts(self, removed: Iterable[str] = ()) -> list[str | None]:
        """Every item's text in prompt order without the `removed` units: None for an item left out (removed itself,
        or every one of its spans removed), its text with the removed spans cut out otherwise."""
        gone = set(removed)
        out: list[str | None] = []
        for item in self.items:
            if item.id in gone:
                out.append(None)
                continue
            spans = self.spans.get(item.id, [])
            cut = {i for i, s in enumerate(spans) if s.id in gone}
            out.append(self.segmentations[item.id].without(cut) if cut else item.text)
        return out


def build_context(items: Sequence[ItemSource]) -> StackContext:
    """Units from what an integration knows of each retriever item, in prompt order (ids "1", "2", ...; spans
    "1.1", "1.2", ...)."""
    units: list[ContextUnit] = []
    spans: dict[str, list[ContextUnit]] = {}
    segs: dict[str, Segmentation] = {}
    for n, src in enumerate(items, start=1):
        iid = str(n)
        seg = segment(src.text) if src.split else Segmentation(src.text, ((0, len(src.text), "\n"),), ())
        segs[iid] = seg
        stated, named = _trace(src.text, src.facts, src.entities)
        item_spans: list[ContextUnit] = []
        if len(seg.spans) >= 2:
            for k, s in enumerate(seg.spans, start=1):
                text = src.text[s.start:s.end]
                s_facts, s_named = _trace(text, src.facts, src.entities)
                item_spans.append(ContextUnit(
                    id=f"{iid}.{k}", kind="span", text=text, label=shorten(text), parent=iid, source=src.source,
                    node_ids=tuple(s_named), relationship_ids=tuple(f.id for f in s_facts),
                    facts=tuple(f.text for f in s_facts)))
        rel_ids = [f.id for f in stated]
        if src.from_elements:
            rel_ids = list(dict.fromkeys([*src.relationship_ids, *rel_ids]))
            known = {f.id: f for f in src.facts}
            stated = [known[r] for r in rel_ids if r in known]
        unstated = [r for r in src.relationship_ids if r not in rel_ids]
        prov: dict[str, Any] = dict(src.provenance)
        if unstated:
            # the stack's metadata names these facts, but the text the model saw does not state them
            prov["named_not_stated"] = unstated
        units.append(ContextUnit(
            id=iid, kind="item", text=src.text, label=f"[{iid}] {shorten(src.text)}", source=src.source,
            node_ids=tuple(dict.fromkeys([*src.node_ids, *named])), relationship_ids=tuple(rel_ids),
            facts=tuple(f.text for f in stated), provenance=prov))
        if item_spans:
            spans[iid] = item_spans
    return StackContext(units, spans, segs)
