"""Provenance with text: the chunk text behind a fact, as a bounded excerpt around where the fact's names occur,
with the matching spans marked.

One read per explanation (cypher/chunk_texts.cypher, after the probes), never per probe: the chunk ids its
components' provenance names (at most MAX_CHUNKS), at most SEARCH_CHARS characters of each text. The excerpt is
`ExplainSettings.provenance_text_chars` characters (300 by default), placed to hold as many of the fact's terms (head,
relation, tail; an entity's names; a property's owner, key and value) as fit; each occurrence inside it is a mark
{start, end, role, text} with offsets into the excerpt. When none of the terms occurs, the excerpt is the text's
beginning, `marks` is empty and `note` says so: a span is never made up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from xgrag.generate.prompt import relation_text
from xgrag.model import Component, ContextUnit, key_text
from xgrag.model.trace import ChunkTextStep
from xgrag.retrieval.dedup import DedupResult
from xgrag.store.neo4j import Neo4jStore

MAX_CHUNKS = 200  # distinct chunks read per explanation (the components' first sources)
SEARCH_CHARS = 20_000  # characters of each chunk text read and searched for the fact's terms
ENTRIES_PER_COMPONENT = 3  # sources of one component shown with text (what the reports list)
NO_MATCH = "none of the fact's terms occurs in this chunk's text (searched: its first {n} characters); its beginning " \
           "is shown"


@dataclass(frozen=True)
class Term:
    role: str  # head, relation, tail, entity, key, value
    text: str


def _pattern(term: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)


def find_marks(text: str, terms: Sequence[Term]) -> list[tuple[int, int, str, str]]:
    """Every case-insensitive, whole-word occurrence of each term (whitespace in a term matches any whitespace), as
    (start, end, role, term), by position; an occurrence inside a longer one is dropped."""
    found: list[tuple[int, int, str, str]] = []
    for term in terms:
        if not term.text.strip():
            continue
        for m in _pattern(term.text).finditer(text):
            found.append((m.start(), m.end(), term.role, term.text))
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    out: list[tuple[int, int, str, str]] = []
    for f in found:
        if out and f[0] < out[-1][1]:
            continue  # overlaps the previous (longer or earlier) one
        out.append(f)
    return out


def excerpt(text: str, terms: Sequence[Term], width: int, chars: int | None = None) -> dict[str, Any]:
    """At most `width` characters of `text` around the occurrences of `terms` (see the module's doc). `chars`: the
    whole text's length when `text` is its beginning only."""
    total = len(text) if chars is None else chars
    marks = find_marks(text, terms)
    if not marks:
        return {"text": text[:width], "start": 0, "end": min(width, len(text)), "chars": total, "marks": [],
                "matched": [], "note": NO_MATCH.format(n=len(text))}
    best: tuple[int, int, int] | None = None  # (-distinct roles, -marks, start index)
    for i, first in enumerate(marks):
        inside = [m for m in marks[i:] if m[1] - first[0] <= width]
        key = (-len({m[2] for m in inside}), -len(inside), i)
        if best is None or key < best:
            best = key
    assert best is not None
    i = best[2]
    inside = [m for m in marks[i:] if m[1] - marks[i][0] <= width] or [marks[i]]
    span_start, span_end = inside[0][0], max(m[1] for m in inside)
    slack = max(0, width - (span_end - span_start))
    start = max(0, span_start - slack // 2)
    end = min(len(text), start + width)
    start = max(0, min(start, end - width))
    kept = [m for m in marks if m[0] >= start and m[1] <= end]
    return {"text": text[start:end], "start": start, "end": end, "chars": total,
            "marks": [{"start": s - start, "end": e - start, "role": role, "text": term} for s, e, role, term in kept],
            "matched": sorted({m[2] for m in kept})}


def component_terms(c: Component, merged: DedupResult) -> list[Term]:
    """What a component's chunk text is searched for: a fact's stored ends and relation (every copy's, with merge
    members' names), an entity's names, a property's owner, key and value."""
    graph = merged.subgraph
    terms: list[Term] = []
    if c.kind == "edge" and c.id in graph.relationships:
        for t in merged.stored_triples(c.id):
            terms += [Term("head", t.head), Term("tail", t.tail), *_relation_terms(t.label)]
    elif c.kind == "node" and c.id in graph.nodes:
        terms += [Term("entity", name) for _, name in merged.members(c.id)]
        terms += [Term("entity", a) for a in graph.nodes[c.id].aliases]
    elif c.kind == "property" and c.id in graph.properties:
        f = graph.properties[c.id]
        owner = graph.nodes.get(f.owner)
        if owner is not None:
            terms.append(Term("head", owner.name))
        elif f.owner in graph.relationships:
            rel = graph.relationships[f.owner]
            terms += [Term("head", graph.nodes[rel.source].name), Term("tail", graph.nodes[rel.target].name)]
        terms += [Term("key", key_text(f.key)), Term("value", f.text)]
    return list(dict.fromkeys(terms))


def _relation_terms(label: str) -> list[Term]:
    text = relation_text(label)
    parts = [p.strip() for p in text.split(",")] if "," in text else [text]  # LightRAG's keywords: a list
    return [Term("relation", p) for p in parts if p]


def _entries(prov: dict[str, Any], own: bool = False) -> list[dict[str, Any]]:
    """The provenance entries of a component that name a chunk: its `documents`, or itself. `own`: its documents
    are copied first (they may be shared with the subgraph's relationship, which keeps no excerpt)."""
    docs = prov.get("documents")
    if isinstance(docs, list):
        if own:
            docs = prov["documents"] = [dict(d) if isinstance(d, Mapping) else d for d in docs]
        return [d for d in docs if isinstance(d, dict) and d.get("chunk_id") is not None]
    return [prov] if prov.get("chunk_id") is not None else []


def chunk_ids(components: Iterable[Component]) -> list[str]:
    """The chunk ids the components' provenance names (the first ENTRIES_PER_COMPONENT of each), at most
    MAX_CHUNKS, the most important components' first."""
    out: dict[str, None] = {}
    for c in sorted(components, key=lambda c: -(c.importance or 0.0)):  # stable: the most important first
        for entry in _entries(c.provenance)[:ENTRIES_PER_COMPONENT]:
            out.setdefault(str(entry["chunk_id"]))
            if len(out) >= MAX_CHUNKS:
                return list(out)
    return list(out)


def read_chunk_texts(store: Neo4jStore, ids: Sequence[str]) -> dict[str, tuple[str, int]]:
    """Chunk id -> (the first SEARCH_CHARS characters of its text, its length): the one read."""
    if not ids or store.schema.provenance.chunk_text_property is None:
        return {}
    rows = store.read_plain("chunk_texts", ids=list(ids), max_chars=SEARCH_CHARS)
    out: dict[str, tuple[str, int]] = {}
    for row in rows:
        out.setdefault(str(row["id"]), (str(row["text"]), int(row["chars"])))
    return out


def attach_chunk_text(components: Sequence[Component], merged: DedupResult, store: Neo4jStore,
                      width: int) -> ChunkTextStep:
    """Add an `excerpt` to each provenance entry of `components` whose chunk holds text (in place); returns what
    was done, for the explanation's trace."""
    if width <= 0:
        return ChunkTextStep(skipped="provenance_text_chars is 0")
    if store.schema.provenance.chunk_text_property is None:
        return ChunkTextStep(skipped="the mapping names no chunk text property "
                                     "(schema.provenance.chunk_text_property)")
    ids = chunk_ids(components)
    if not ids:
        return ChunkTextStep(chunks=0, note="no component's provenance names a chunk")
    texts = read_chunk_texts(store, ids)
    attached = unmatched = 0
    for c in components:
        entries = _entries(c.provenance, own=True)[:ENTRIES_PER_COMPONENT]
        if not entries:
            continue
        terms = component_terms(c, merged)
        for entry in entries:
            found = texts.get(str(entry["chunk_id"]))
            if found is None:
                continue
            entry["excerpt"] = excerpt(found[0], terms, width, found[1])
            attached += 1
            unmatched += not entry["excerpt"]["marks"]
    return ChunkTextStep(chunks=len(ids), with_text=len(texts), excerpts=attached, without_match=unmatched,
                         chars=width)


def attach_span_text(components: Sequence[Component], units: Mapping[str, ContextUnit], width: int) -> ChunkTextStep:
    """A stack's context: each span component's provenance gets the excerpt of its item's text around it, the span
    marked (role "span"); in memory, no read (the stack's own text). Returns the trace step."""
    if width <= 0:
        return ChunkTextStep(skipped="provenance_text_chars is 0")
    attached = 0
    for c in components:
        unit = units.get(c.id)
        item = units.get(unit.parent) if unit is not None and unit.parent is not None else None
        if c.kind != "span" or unit is None or item is None:
            continue
        c.provenance["excerpt"] = excerpt(item.text, [Term("span", unit.text)], width)
        attached += 1
    return ChunkTextStep(source="the stack's own item texts", excerpts=attached, chars=width)
