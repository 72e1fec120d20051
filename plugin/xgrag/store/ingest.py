"""Ingestion into xgrag's own schema, always with provenance.

Triples: TSV (`head<TAB>relation<TAB>tail`, optional header with extra columns), JSONL, and MetaQA
(`../shared/data/metaqa`: TSV with a header; entity types follow from the relation). The whole file is
parsed and validated before anything is written; then batches of UNWIND rows, one transaction each.
Re-running is idempotent: ids are content hashes, entities and documents are MERGEd and a relationship
is created only when no relationship with its relation is already there between its two ends. One fact, many
sources: a triple seen again from another document or chunk (in this input or an earlier one) is not a second
relationship; its source is added to the fact's `other_sources` (JSON objects, xgrag.model.provenance.with_sources),
so prompts state it once and its provenance lists every source.

Two phases: every entity of the input is MERGEd first (batches of ids), then the relationships are written
in batches, each transaction finding both ends by the element ids the entity phase returned (checked
against the entity ids), creating the relationships not already there and MERGEing the batch's chunk
mentions. Because every end exists before the second phase starts, relationship batches are independent
and run two at a time by default: a transaction keeps one server core busy, and on the 2-core benchmark
machine two at a time write about 1.6 times as fast. (Writing a batch through a Java procedure with the
core API instead of Cypher was tried: no faster, as half of a batch's time is its commit.) Rows travel
as positional lists, with provenance tuples and the timestamp shared per batch.
Figures: benchmarks/bench_foundation.py.
"""

from __future__ import annotations

import gc
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from xgrag.errors import InputError, ServiceError, UsageError, json_objects, read_text_lines

if TYPE_CHECKING:  # annotations only: reading and validating a triples file loads no driver (the CLI's usage errors)
    from xgrag.store.neo4j import Neo4jStore

Format = Literal["auto", "tsv", "jsonl", "metaqa"]

KNOWN_COLUMNS = ("head", "relation", "tail", "head_type", "tail_type", "description", "doc_id", "chunk_id",
                 "chunk_index", "source", "extractor")
MAX_NAME = 1000

# MetaQA: the movie is always the head; the tail's type follows from the relation.
METAQA_TAIL_TYPES = {
    "directed_by": "Person", "written_by": "Person", "starred_actors": "Person", "release_year": "Year",
    "in_language": "Language", "has_tags": "Tag", "has_genre": "Genre", "has_imdb_votes": "Votes",
    "has_imdb_rating": "Rating",
}
DEFAULT_TYPE = "Entity"


class IngestError(InputError):
    """A malformed input line: names the file, the line and the field."""


def entity_id(name: str, type_: str) -> str:
    return "e_" + hashlib.sha1(f"{type_}\x1f{name}".encode()).hexdigest()[:20]


def relation_id(head_id: str, relation: str, tail_id: str, doc_id: str | None, chunk_id: str | None) -> str:
    key = "\x1f".join([head_id, relation, tail_id, doc_id or "", chunk_id or ""])
    return "r_" + hashlib.sha1(key.encode()).hexdigest()[:20]


@dataclass
class TripleRow:
    head: str
    relation: str
    tail: str
    head_type: str = DEFAULT_TYPE
    tail_type: str = DEFAULT_TYPE
    description: str | None = None
    doc_id: str | None = None
    chunk_id: str | None = None
    chunk_index: int | None = None
    source: str | None = None
    extractor: str = "file"
    line: int = 0

    def to_param(self, created_at: str) -> dict[str, Any]:
        head_id, tail_id = entity_id(self.head, self.head_type), entity_id(self.tail, self.tail_type)
        data = asdict(self)
        data.update(head_id=head_id, tail_id=tail_id, created_at=created_at,
                    rel_id=relation_id(head_id, self.relation, tail_id, self.doc_id, self.chunk_id))
        return data


def _clean(value: Any, path: Path, line: int, name: str, required: bool) -> str | None:
    if value is None or (isinstance(value, str) and value.strip() == ""):
        if required:
            raise IngestError(path, line, name, "is empty")
        return None
    if not isinstance(value, (str, int, float)):
        raise IngestError(path, line, name, f"expected a string, got {type(value).__name__}")
    text = str(value).strip()
    if len(text) > MAX_NAME:
        raise IngestError(path, line, name, f"is longer than {MAX_NAME} characters")
    if any(ord(ch) < 32 and ch not in "\t" for ch in text):
        raise IngestError(path, line, name, "contains control characters")
    return text


def _type_ok(value: str | None, path: Path, line: int, name: str) -> str:
    if value is None:
        return DEFAULT_TYPE
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_ \-]{0,63}", value):
        raise IngestError(path, line, name, f"{value!r} is not a valid entity type")
    return value


def _row_from_mapping(data: dict[str, Any], path: Path, line: int, doc_id: str, source: str) -> TripleRow:
    unknown = sorted(set(data) - set(KNOWN_COLUMNS) - {"line"})
    if unknown:
        raise IngestError(path, line, unknown[0], f"unknown field (known: {', '.join(KNOWN_COLUMNS)})")
    head = _clean(data.get("head"), path, line, "head", True)
    relation = _clean(data.get("relation"), path, line, "relation", True)
    tail = _clean(data.get("tail"), path, line, "tail", True)
    chunk_index = data.get("chunk_index")
    if chunk_index not in (None, ""):
        try:
            chunk_index = int(chunk_index)
        except (TypeError, ValueError):
            raise IngestError(path, line, "chunk_index", f"{chunk_index!r} is not an integer") from None
    else:
        chunk_index = None
    return TripleRow(
        head=head or "", relation=relation or "", tail=tail or "",
        head_type=_type_ok(_clean(data.get("head_type"), path, line, "head_type", False), path, line, "head_type"),
        tail_type=_type_ok(_clean(data.get("tail_type"), path, line, "tail_type", False), path, line, "tail_type"),
        description=_clean(data.get("description"), path, line, "description", False),
        doc_id=_clean(data.get("doc_id"), path, line, "doc_id", False) or doc_id,
        chunk_id=_clean(data.get("chunk_id"), path, line, "chunk_id", False),
        chunk_index=chunk_index,
        source=_clean(data.get("source"), path, line, "source", False) or source,
        extractor=_clean(data.get("extractor"), path, line, "extractor", False) or "file",
        line=line,
    )


def detect_format(path: Path) -> Format:
    if path.suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    lines = read_text_lines(path, IngestError)
    first = lines[0].strip().split("\t") if lines else []
    if first == ["head", "relation", "tail"] and "metaqa" in str(path).lower():
        return "metaqa"
    return "tsv"


def read_triples(path: str | Path, fmt: Format = "auto", doc_id: str | None = None) -> list[TripleRow]:
    """Parse and validate a whole triples file; raises IngestError at the first bad line, and for a file that
    holds no triples at all (empty, blank lines, a header alone): that is a truncated export or the wrong path far
    more often than an intended no-op, and "0 triples" on exit 0 let a pipeline carry on with an empty graph."""
    path = Path(path)
    lines = read_text_lines(path, IngestError)
    rows = _parse_triples(path, lines, detect_format(path) if fmt == "auto" else fmt, doc_id or f"file:{path.name}")
    if not rows:
        what = "a header and no triples" if any(line.strip() for line in lines) else "nothing (the file is empty)"
        raise IngestError(path, 0, "triples", f"holds {what}; nothing was written")
    return rows


def _parse_triples(path: Path, lines: list[str], fmt: Format, doc: str) -> list[TripleRow]:
    source = str(path)
    rows: list[TripleRow] = []
    if fmt == "jsonl":
        return [_row_from_mapping(data, path, n, doc, source) for n, data in json_objects(path, lines, IngestError)]
    header: list[str] | None = None
    start = 0
    if lines and "head" in lines[0].split("\t") and "tail" in lines[0].split("\t"):
        header = [h.strip() for h in lines[0].split("\t")]
        for col in header:
            if col not in KNOWN_COLUMNS:
                raise IngestError(path, 1, col, f"unknown column (known: {', '.join(KNOWN_COLUMNS)})")
        start = 1
    columns = header or ["head", "relation", "tail", "head_type", "tail_type"]
    for n, text in enumerate(lines[start:], start=start + 1):
        if not text.strip():
            continue
        cells = text.split("\t")
        if len(cells) < 3 or len(cells) > len(columns):
            raise IngestError(path, n, "columns",
                              f"expected 3 to {len(columns)} tab-separated columns, found {len(cells)}")
        data = dict(zip(columns, cells, strict=False))
        if fmt == "metaqa":
            rel = (data.get("relation") or "").strip()
            if rel not in METAQA_TAIL_TYPES:
                raise IngestError(path, n, "relation",
                                  f"{rel!r} is not a MetaQA relation ({', '.join(METAQA_TAIL_TYPES)})")
            data.setdefault("head_type", "Movie")
            data.setdefault("tail_type", METAQA_TAIL_TYPES[rel])
        rows.append(_row_from_mapping(data, path, n, doc, source))
    return rows


def source_json(r: TripleRow) -> str:
    """One source of a fact as stored in `other_sources` (the fields that are set; stable text)."""
    data = {"doc_id": r.doc_id, "chunk_id": r.chunk_id, "chunk_index": r.chunk_index, "source": r.source,
            "extractor": r.extractor, "line": r.line or None}
    return json.dumps({k: v for k, v in data.items() if v is not None}, sort_keys=True, separators=(",", ":"))


def batched(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


# Entities: [id, name, type]; every entity of the call is written (MERGEd) before any relationship, so that
# relationship batches can run concurrently. MERGE on the unique constraint locks the id's index entry: two
# ingestions running at once cannot duplicate an entity.
# The batch returns [id, element id] pairs: the relationship phase finds both ends by
# element id (a direct record lookup, about a fifth faster than two unique-index seeks per row) and checks
# each end's id before using it.
INGEST_ENTITIES = """
UNWIND $entities AS e
MERGE (n:Entity {id: e[0]})
  ON CREATE SET n.name = e[1], n.type = e[2], n.aliases = [], n.created_at = $created_at
RETURN collect([e[0], elementId(n)]) AS element_ids
"""

# $rels: distinct facts (head, relation, tail) of the batch (the first occurrence in the input is the fact's own
# source; every row of one fact is planned into the batch of its first occurrence, so two concurrent batches never
# create the same fact), each [rel_id, head_id, tail_id, label, line, provenance index, description, head element id,
# tail element id, sources]; sources: [[key, json], ...] of every distinct source of the fact in this input, its own
# first (key: doc_id and chunk_id joined by $sep, what a source is identified by; json: the source's fields).
# $prov: distinct [doc_id, chunk_id, chunk_index, source, extractor] of the batch. Both ends were written by
# the entity phase: a row whose end has vanished since (or whose element id now names another node) reaches
# CREATE with a missing end and fails the batch ("node `h` is missing") instead of being skipped.
# A fact already in the graph (an earlier ingestion) is not created again: INGEST_SOURCES, run first in the same
# transaction, adds the sources it does not list yet to `other_sources` (the first relationship by id, when a graph
# written before this holds several copies, and a source any copy holds is not added again).
# Not `MERGE (h)-[r:RELATION {id: ...}]->(t)`: with the range index on RELATION(id), the planner may read
# MERGE's pattern as a scan of that whole index (it does while the index's sampled size lags behind a growing
# graph, e.g. on a first ingest), which made single batches take minutes. The existence check below has no
# property predicate on the pattern, so its plan is always Expand(Into) between the two ends. Without a
# relationship uniqueness constraint, two ingestions of the same rows at the same moment could both create a
# relationship (re-running an ingestion afterwards changes nothing). Properties are given in the CREATE pattern
# (null ones are not stored): about 6% faster than CREATE then SET.
INGEST_RELATIONS = """
UNWIND $rels AS row
OPTIONAL MATCH (h0) WHERE elementId(h0) = row[7]
OPTIONAL MATCH (t0) WHERE elementId(t0) = row[8]
WITH row, CASE WHEN h0:Entity AND h0.id = row[1] THEN h0 END AS h,
     CASE WHEN t0:Entity AND t0.id = row[2] THEN t0 END AS t
WHERE h IS NULL OR t IS NULL OR none(x IN [(h)-[y:RELATION]->(t) | y.label] WHERE x = row[3])
CREATE (h)-[r:RELATION {id: row[0], label: row[3], description: row[6], doc_id: $prov[row[5]][0],
    chunk_id: $prov[row[5]][1], chunk_index: $prov[row[5]][2], source: $prov[row[5]][3],
    extractor: $prov[row[5]][4], line: row[4], created_at: $created_at,
    other_sources: CASE WHEN size(row[9]) > 1 THEN [s IN tail(row[9]) | s[1]] END,
    other_source_keys: CASE WHEN size(row[9]) > 1 THEN [s IN tail(row[9]) | s[0]] END}]->(t)
"""

INGEST_SOURCES = """
UNWIND $rels AS row
MATCH (h:Entity) WHERE elementId(h) = row[7] AND h.id = row[1]
MATCH (t:Entity) WHERE elementId(t) = row[8] AND t.id = row[2]
MATCH (h)-[r:RELATION]->(t) WHERE r.label = row[3]
WITH row, r ORDER BY r.id
WITH row, collect(r) AS copies
WITH row, copies[0] AS r, reduce(known = [], x IN copies | known + [coalesce(x.doc_id, '') + $sep +
     coalesce(x.chunk_id, '')] + coalesce(x.other_source_keys, [])) AS known
WITH r, [s IN row[9] WHERE NOT s[0] IN known] AS new
WHERE size(new) > 0
SET r.other_sources = coalesce(r.other_sources, []) + [s IN new | s[1]],
    r.other_source_keys = coalesce(r.other_source_keys, []) + [s IN new | s[0]]
"""
# what identifies a source of a fact (the relationship id of a fact's first source hashes the same two)
SOURCE_KEY_SEPARATOR = "\x1f"

INGEST_DOCUMENTS = """
UNWIND $docs AS d
MERGE (doc:Document {id: d.id})
  ON CREATE SET doc.source = d.source, doc.title = d.title, doc.created_at = d.created_at
"""

INGEST_CHUNKS = """
UNWIND $chunks AS c
MATCH (doc:Document {id: c.doc_id})
MERGE (ch:Chunk {id: c.id})
  ON CREATE SET ch.text = c.text, ch.index = c.index, ch.doc_id = c.doc_id
MERGE (doc)-[:HAS_CHUNK]->(ch)
"""

INGEST_MENTIONS = """
UNWIND $mentions AS m
MATCH (ch:Chunk {id: m.chunk_id})
MATCH (e:Entity {id: m.entity_id})
MERGE (ch)-[:MENTIONS]->(e)
"""


@dataclass
class IngestStats:
    triples: int = 0
    batches: int = 0
    entities: int = 0  # distinct entities of the input (merged: new or already there)
    documents: int = 0
    chunks: int = 0
    seconds: float = 0.0
    workers: int = 1
    phase_seconds: dict[str, float] = field(default_factory=dict)  # documents, entities, relationships
    warnings: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.triples / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "triples_per_second": round(self.rate, 1)}


class BatchError(ServiceError):
    """A batch failed in the database: none of its rows were written; other batches may have been."""

    def __init__(self, phase: str, index: int, total: int, lines: tuple[int, int] | None, committed: int,
                 cause: BaseException) -> None:
        where = f" (input lines {lines[0]}-{lines[1]})" if lines else ""
        super().__init__(
            f"{phase} batch {index + 1} of {total}{where} failed and wrote nothing: {cause}. "
            f"{committed} other {phase} batches were committed; ingestion is idempotent, so re-running it "
            "after fixing the cause completes the graph without duplicates")
        self.phase, self.index, self.lines, self.committed = phase, index, lines, committed


def _require_xgrag_schema(store: Neo4jStore) -> None:
    if store.schema.preset != "xgrag":
        raise UsageError(
            f"ingestion writes xgrag's own schema, but the configured schema preset is {store.schema.preset!r}; "
            "ingest with the 'xgrag' preset (your existing graph is read through its preset instead)"
        )


def write_triples(store: Neo4jStore, rows: Sequence[TripleRow], batch_size: int = 5000,
                  chunks: Sequence[dict[str, Any]] = (), documents: Sequence[dict[str, Any]] = (),
                  progress: Callable[[int], None] | None = None, workers: int = 2) -> IngestStats:
    """Write validated rows: documents and chunks, then every entity (batches of `batch_size`), then the
    relationships (with their chunk mentions) in batches of `batch_size` rows, each batch one transaction,
    up to `workers` transactions at a time.

    A failed batch writes nothing of itself and raises BatchError after the batches in flight finish; the
    entities, written first, stay (re-running completes the graph). `progress(n)` is called with the rows of
    each committed batch."""
    with _gc_paused():
        return _write_triples(store, rows, batch_size, chunks, documents, progress, workers)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Python's cyclic GC off while batches are planned: its full collections walk every input row again
    and again (planning 300k rows took 2.8 s with it, 1.6 s without). Planning makes no reference cycles;
    whatever else does is collected when the GC is back on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _write_triples(store: Neo4jStore, rows: Sequence[TripleRow], batch_size: int,
                   chunks: Sequence[dict[str, Any]], documents: Sequence[dict[str, Any]],
                   progress: Callable[[int], None] | None, workers: int) -> IngestStats:
    _require_xgrag_schema(store)
    if batch_size < 1:
        raise UsageError(f"batch_size must be >= 1, got {batch_size}")
    if workers < 1:
        raise UsageError(f"workers must be >= 1, got {workers}")
    stats = IngestStats(workers=workers)
    t0 = time.perf_counter()
    created_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    docs = list(documents) or [
        {"id": d, "source": s, "title": None}
        for d, s in sorted({(r.doc_id, r.source) for r in rows if r.doc_id}, key=lambda x: x[0] or "")
    ]
    for d in docs:
        d.setdefault("created_at", created_at)
    if docs:
        store.query(INGEST_DOCUMENTS, {"docs": docs}, read_only=False)
        stats.documents = len(docs)
    chunks = list(chunks) or [
        {"id": c, "doc_id": d, "index": i, "text": None}
        for c, d, i in sorted({(r.chunk_id, r.doc_id, r.chunk_index) for r in rows if r.chunk_id and r.doc_id},
                              key=lambda x: x[0] or "")
    ]
    if chunks:
        for part in batched(list(chunks), batch_size):
            store.query(INGEST_CHUNKS, {"chunks": list(part)}, read_only=False)
        stats.chunks = len(chunks)
    t1 = time.perf_counter()
    stats.phase_seconds["documents"] = round(t1 - t0, 3)
    planner = _BatchPlanner(created_at)
    entities = planner.entities(rows)
    planner.group_facts(rows)
    stats.entities = len(entities)
    entity_parts = list(batched(entities, batch_size))

    def on_entities(i: int, results: list[list[dict[str, Any]]]) -> None:
        planner.element_ids.update(results[0][0]["element_ids"])

    _run_batches(store, "entity",
                 ([(INGEST_ENTITIES, {"entities": list(part), "created_at": created_at})] for part in entity_parts),
                 len(entity_parts), workers, on_entities)
    t2 = time.perf_counter()
    stats.phase_seconds["entities"] = round(t2 - t1, 3)
    parts = list(batched(range(len(rows)), batch_size))
    lines = [(rows[part[0]].line, rows[part[-1]].line) if rows[part[0]].line else None for part in parts]

    def on_commit(i: int, _results: list[list[dict[str, Any]]]) -> None:
        stats.triples += len(parts[i])
        stats.batches += 1
        if progress:
            progress(len(parts[i]))

    _run_batches(store, "relationship", (planner.statements(rows, part) for part in parts), len(parts),
                 workers, on_commit, lines)
    stats.seconds = time.perf_counter() - t0
    stats.phase_seconds["relationships"] = round(stats.seconds - (t2 - t0), 3)
    return stats


def _run_batches(store: Neo4jStore, phase: str, batches: Iterator[list[tuple[str, dict[str, Any]]]], total: int,
                 workers: int, on_commit: Callable[[int, list[list[dict[str, Any]]]], None] | None = None,
                 lines: Sequence[tuple[int, int] | None] | None = None) -> None:
    """Each batch in its own write transaction, at most `workers` at once. Batches are planned lazily, but
    the next one is planned as soon as one is submitted, while the transactions run: a worker that finishes
    gets a planned batch at once instead of waiting for planning. Stops submitting at the first failure,
    lets the batches in flight finish, then raises BatchError."""
    if total == 0:
        return
    committed = 0
    failure: tuple[int, BaseException] | None = None
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"xgrag-ingest-{phase}") as pool:
        in_flight: dict[Any, int] = {}
        it = enumerate(batches)
        planned = [next(it, None)]

        def submit_next() -> bool:
            nxt = planned[0]
            if nxt is None:
                return False
            in_flight[pool.submit(store.transaction, nxt[1])] = nxt[0]
            planned[0] = next(it, None)
            return True

        for _ in range(workers):
            if not submit_next():
                break
        while in_flight:
            done = next(iter(wait(in_flight, return_when=FIRST_COMPLETED).done))
            i = in_flight.pop(done)
            exc = done.exception()
            if exc is not None:
                if failure is None or i < failure[0]:
                    failure = (i, exc)
                continue
            committed += 1
            if on_commit:
                on_commit(i, done.result())
            if failure is None:
                submit_next()
    if failure is not None:
        where = lines[failure[0]] if lines else None
        raise BatchError(phase, failure[0], total, where, committed, failure[1]) from failure[1]


class _BatchPlanner:
    """Entity ids (content hashes, computed once per distinct name and type) and each batch's statements:
    its distinct relationships (with shared provenance tuples) and the mentions not yet sent in this call."""

    def __init__(self, created_at: str) -> None:
        self.created_at = created_at
        self.ends: list[tuple[str, str]] = []  # per input row: (head id, tail id), set by entities()
        self.element_ids: dict[str, str] = {}  # entity id -> element id, filled as entity batches commit
        self.mentioned: set[tuple[str, str]] = set()  # (chunk id, entity id) pairs sent by an earlier batch
        self.later: dict[int, list[int]] = {}  # a fact's first row -> its later rows (group_facts)
        self.repeated: set[int] = set()  # rows planned with their fact's first row

    def entities(self, rows: Sequence[TripleRow]) -> list[list[str]]:
        """Every distinct entity of the rows as [id, name, type], in order of first appearance; records
        each row's end ids for statements()."""
        ids: dict[tuple[str, str], str] = {}  # (type, name) -> id: a hub recurs in many rows
        out: list[list[str]] = []
        ends = self.ends = []
        for r in rows:
            pair = []
            for name, type_ in ((r.head, r.head_type), (r.tail, r.tail_type)):
                eid = ids.get((type_, name))
                if eid is None:
                    eid = ids[(type_, name)] = entity_id(name, type_)
                    out.append([eid, name, type_])
                pair.append(eid)
            ends.append((pair[0], pair[1]))
        return out

    def group_facts(self, rows: Sequence[TripleRow]) -> None:
        """Every row of one fact (head, relation, tail) after its first: planned with the first (after entities())."""
        first: dict[tuple[str, str, str], int] = {}
        later: dict[int, list[int]] = {}
        for i, r in enumerate(rows):
            head_id, tail_id = self.ends[i]
            j = first.setdefault((head_id, r.relation, tail_id), i)
            if j != i:
                later.setdefault(j, []).append(i)
        self.later = later
        self.repeated = {i for group in later.values() for i in group}

    def statements(self, rows: Sequence[TripleRow], part: Sequence[int]) -> list[tuple[str, dict[str, Any]]]:
        """The statements of the rows at the indices `part` (after entities(), group_facts() and the entity
        phase): each fact first seen in `part` with every source the input gives it."""
        rels: dict[str, list[Any]] = {}
        prov: dict[tuple[Any, ...], int] = {}
        mentions: list[dict[str, str]] = []
        element_ids = self.element_ids
        for i in part:
            if i in self.repeated:
                continue  # planned with the fact's first row
            r = rows[i]
            head_id, tail_id = self.ends[i]
            key = (r.doc_id, r.chunk_id, r.chunk_index, r.source, r.extractor)
            p = prov.get(key)
            if p is None:
                p = prov[key] = len(prov)
            sources: dict[str, str] = {}
            for j in (i, *self.later.get(i, ())):
                src = rows[j]
                sources.setdefault(f"{src.doc_id or ''}{SOURCE_KEY_SEPARATOR}{src.chunk_id or ''}", source_json(src))
                if src.chunk_id:
                    for eid in (head_id, tail_id):
                        if (src.chunk_id, eid) not in self.mentioned:
                            self.mentioned.add((src.chunk_id, eid))
                            mentions.append({"chunk_id": src.chunk_id, "entity_id": eid})
            rel_id = relation_id(head_id, r.relation, tail_id, r.doc_id, r.chunk_id)
            rels[rel_id] = [rel_id, head_id, tail_id, r.relation, r.line, p, r.description,
                            element_ids.get(head_id), element_ids.get(tail_id), [list(s) for s in sources.items()]]
        batch = list(rels.values())
        statements: list[tuple[str, dict[str, Any]]] = [
            (INGEST_SOURCES, {"rels": batch, "sep": SOURCE_KEY_SEPARATOR}),
            (INGEST_RELATIONS, {"rels": batch, "prov": [list(k) for k in prov], "created_at": self.created_at}),
        ]
        if mentions:
            statements.append((INGEST_MENTIONS, {"mentions": mentions}))
        return statements


def ingest_triples(store: Neo4jStore, path: str | Path, fmt: Format = "auto", batch_size: int = 5000,
                   progress: Callable[[int], None] | None = None, workers: int = 2) -> IngestStats:
    with _gc_paused():  # parsing builds one object per line: the same GC cost as planning
        rows = read_triples(path, fmt)
        return write_triples(store, rows, batch_size, progress=progress, workers=workers)
