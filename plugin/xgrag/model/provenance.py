"""Where a relationship (a fact) came from: the typed provenance `Relationship.provenance` holds.

What is stored decides the shape (cypher/shared_config.json `rows.provenance` and `schema.provenance`):
- a graph whose relationships carry provenance properties (xgrag's own ingestion, mode "relationship"): the source
  fields of `SourceEntry` on the relationship itself, and `other_sources` (JSON objects, one per further document
  the same fact was ingested from), read into `documents` as soon as a Relationship is built;
- a preset whose properties join several values (LightRAG's `<SEP>`-joined chunk ids): one `documents` entry per
  chunk, with `doc_ids` / `sources` when several are not aligned with the chunks (xgrag.retrieval.retriever);
- a graph that records mentions instead (mode "mentions"): the chunks that mention both ends, `inferred` with the
  `basis` of the inference and how many `candidates` there were (cypher/provenance_mentions.cypher);
- a fact stored several times: the first copy's fields, `documents` listing every copy's sources.

Values are the graph's own (ids may be strings or integers as a graph stores them). `fact_provenance` builds the
typed structure from any stored mapping, naming an unexpected key instead of carrying it along untyped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, cast

from xgrag.errors import UsageError

StoredId = str | int  # a document or chunk id as the graph stores it


class SourceEntry(TypedDict, total=False):
    """One source of a fact: a document, a chunk of it, the line it was read from."""

    doc_id: StoredId
    chunk_id: StoredId
    chunk_index: int
    source: str
    extractor: str
    line: int
    unreadable: str  # an `other_sources` item that was not a JSON object: its first 200 characters


class FactProvenance(TypedDict, total=False):
    """A relationship's provenance (see the module's docstring for which keys each kind of graph gives)."""

    # the relationship's own source fields (SourceEntry's) and when it was ingested
    doc_id: StoredId
    chunk_id: StoredId
    chunk_index: int
    source: str
    extractor: str
    line: int
    created_at: Any  # what the graph stores: xgrag's ingestion writes an ISO string, another graph may hold a date
    # every source, when there are several (or they were inferred): the fact's own first
    documents: list[SourceEntry]
    doc_ids: list[str]  # several document ids not aligned with the chunk ids (a `value_separator` preset)
    sources: list[str]
    inferred: bool  # candidates (chunks mentioning the fact's ends), not the fact's recorded source
    basis: str  # what an inference rests on
    candidates: int  # how many candidates there were (documents lists at most 20)


# The fields of one source of a fact (a provenance entry): a stored fact's own provenance properties, one item of
# `documents` when it has several sources.
SOURCE_FIELDS: tuple[str, ...] = ("doc_id", "chunk_id", "chunk_index", "source", "extractor", "line")
_ENTRY_KEYS = frozenset(SourceEntry.__annotations__)
_KEYS = frozenset(FactProvenance.__annotations__)


def source_entry(data: Mapping[str, Any]) -> SourceEntry:
    """The source fields of a provenance dict or entry that are set."""
    return cast(SourceEntry, {k: data[k] for k in SOURCE_FIELDS if data.get(k) is not None})


def _entry(data: Mapping[str, Any]) -> SourceEntry:
    unknown = sorted(set(data) - _ENTRY_KEYS)
    if unknown:
        raise UsageError(f"provenance: a documents entry has unknown field(s) {', '.join(unknown)} "
                         f"(known: {', '.join(sorted(_ENTRY_KEYS))})")
    return cast(SourceEntry, {k: v for k, v in data.items() if v is not None})


def fact_provenance(data: Mapping[str, Any] | None) -> FactProvenance:
    """A relationship's provenance from what a query, a saved explanation or a stack's metadata holds: None values
    dropped, `other_sources` read into `documents` (with_sources). A key outside FactProvenance is an error naming
    it, never carried along untyped."""
    out = {k: v for k, v in (data or {}).items() if v is not None}
    extra = out.pop("other_sources", None)
    if extra is not None:
        return with_sources(out, list(extra) if isinstance(extra, list | tuple) else [])
    unknown = sorted(set(out) - _KEYS)
    if unknown:
        raise UsageError(f"provenance: unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(_KEYS))})")
    docs = out.get("documents")
    if docs is not None:
        out["documents"] = [_entry(d) for d in docs if isinstance(d, Mapping)]
    return cast(FactProvenance, out)


def provenance_documents(prov: Mapping[str, Any]) -> list[SourceEntry]:
    """Every source of a fact: its `documents`, else the provenance itself as one entry (none when it has no
    source field)."""
    docs = prov.get("documents")
    if isinstance(docs, list):
        return [cast(SourceEntry, dict(d)) for d in docs if isinstance(d, Mapping)]
    entry = source_entry(prov)
    return [entry] if entry else []


def with_sources(prov: Mapping[str, Any], extra: Sequence[str]) -> FactProvenance:
    """A stored fact's provenance with the further sources xgrag's ingestion recorded for it (JSON objects, the
    `other_sources` property; cypher/shared_config.json rows.provenance): `documents` lists the fact's own source first,
    then each further one. An entry that is not a JSON object is listed as unreadable with its first 200
    characters, never dropped. The Java procedures do the same (Retrieval.withSources)."""
    out = fact_provenance({k: v for k, v in prov.items() if k != "other_sources"})
    docs = [source_entry(prov)]
    for raw in extra:
        try:
            data = json.loads(raw)
        except (TypeError, ValueError):
            data = None
        entry = source_entry(data) if isinstance(data, dict) else SourceEntry(unreadable=str(raw)[:200])
        if entry not in docs:
            docs.append(entry)
    out["documents"] = docs
    return out


def merged_provenance(provs: Sequence[FactProvenance]) -> FactProvenance:
    """The provenance of one fact stored several times (identical head, relation and tail): the first copy's
    fields, and `documents` listing every copy's sources once, in order. One copy: its provenance unchanged."""
    if len(provs) == 1:
        return provs[0].copy()
    out = provs[0].copy()
    docs: list[SourceEntry] = []
    for prov in provs:
        for d in provenance_documents(prov):
            if d not in docs:
                docs.append(d)
        if prov.get("inferred"):
            out["inferred"] = True
    if docs:
        out["documents"] = docs
    if "candidates" in out:
        out["candidates"] = max(int(p.get("candidates") or 0) for p in provs)
    return out
