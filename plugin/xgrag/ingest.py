"""Ingestion into xgrag's own schema, always with provenance.

Triples: TSV (`head<TAB>relation<TAB>tail`, optional header with extra columns), JSONL, and MetaQA
(`../shared/data/metaqa`: TSV with a header; entity types follow from the relation). The whole file is
parsed and validated before anything is written; then batches of UNWIND rows, one transaction each.
Re-running is idempotent: ids are content hashes, entities and documents are MERGEd and a relationship
is created only when its id is not already there between its two ends.

Each batch's transaction MERGEs the entities first met in that batch, then looks up both ends of each of
the batch's distinct relationships by id and creates the relationship unless it exists, then MERGEs the
batch's mentions. Rows travel as positional lists, with provenance tuples and the timestamp shared per
batch: packing parameters in the pure-Python driver is a large share of the time. The next batch is
prepared while the server runs the current one. Figures: benchmarks/bench_foundation.py.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

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


class IngestError(ValueError):
    """A malformed input line: names the file, the line and the field."""

    def __init__(self, path: Path | str, line: int, field: str, message: str) -> None:
        super().__init__(f"{path}:{line}: field '{field}': {message}")
        self.path, self.line, self.field = str(path), line, field


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
    with path.open(encoding="utf-8") as fh:
        first = fh.readline().strip().split("\t")
    if first == ["head", "relation", "tail"] and "metaqa" in str(path).lower():
        return "metaqa"
    return "tsv"


def read_triples(path: str | Path, fmt: Format = "auto", doc_id: str | None = None) -> list[TripleRow]:
    """Parse and validate a whole triples file; raises IngestError at the first bad line."""
    path = Path(path)
    if not path.is_file():
        raise IngestError(path, 0, "path", "file does not exist")
    fmt = detect_format(path) if fmt == "auto" else fmt
    doc = doc_id or f"file:{path.name}"
    source = str(path)
    rows: list[TripleRow] = []
    with path.open(encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    if fmt == "jsonl":
        for n, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise IngestError(path, n, "json", f"invalid JSON ({exc.msg} at column {exc.colno})") from None
            if not isinstance(data, dict):
                raise IngestError(path, n, "json", "expected an object")
            rows.append(_row_from_mapping(data, path, n, doc, source))
        return rows
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


def batched(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


# One batch = INGEST_ENTITIES, INGEST_RELATIONS (and INGEST_MENTIONS) in one transaction.
# $entities: [id, name, type] of the entities first met in this batch (an entity already written by an
# earlier batch of the same call is not sent again).
INGEST_ENTITIES = """
UNWIND $entities AS e
MERGE (n:Entity {id: e[0]})
  ON CREATE SET n.name = e[1], n.type = e[2], n.aliases = [], n.created_at = $created_at
"""

# $rels: distinct relationships of the batch (first occurrence of an id wins, as MERGE would), each
# [rel_id, head_id, tail_id, label, line, provenance index, description]; $prov: distinct
# [doc_id, chunk_id, chunk_index, source, extractor] of the batch. Both ends were written by this or an
# earlier batch: a row whose end has vanished since reaches CREATE and fails the batch ("node `h` is
# missing") instead of being skipped.
# Not `MERGE (h)-[r:RELATION {id: ...}]->(t)`: with the range index on RELATION(id), the planner may read
# MERGE's pattern as a scan of that whole index (it does while the index's sampled size lags behind a growing
# graph, e.g. on a first ingest), which made single batches take minutes. The existence check below has no
# property predicate on the pattern, so its plan is always Expand(Into) between the two ends. A relationship
# uniqueness constraint on RELATION(id) would make a MERGE safe to plan and concurrent ingestions of the same
# rows unable to duplicate a relationship; without it, two ingestions of the same rows at the same moment
# could both create it (re-running an ingestion afterwards changes nothing).
INGEST_RELATIONS = """
UNWIND $rels AS row
OPTIONAL MATCH (h:Entity {id: row[1]})
OPTIONAL MATCH (t:Entity {id: row[2]})
WITH h, t, row
WHERE h IS NULL OR t IS NULL OR none(x IN [(h)-[y:RELATION]->(t) | y.id] WHERE x = row[0])
CREATE (h)-[r:RELATION {id: row[0]}]->(t)
SET r.label = row[3], r.description = row[6], r.doc_id = $prov[row[5]][0], r.chunk_id = $prov[row[5]][1],
    r.chunk_index = $prov[row[5]][2], r.source = $prov[row[5]][3], r.extractor = $prov[row[5]][4],
    r.line = row[4], r.created_at = $created_at
"""

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
    documents: int = 0
    chunks: int = 0
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.triples / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "triples_per_second": round(self.rate, 1)}


def _require_xgrag_schema(store: Neo4jStore) -> None:
    if store.schema.preset != "xgrag":
        raise ValueError(
            f"ingestion writes xgrag's own schema, but the configured schema preset is {store.schema.preset!r}; "
            "ingest with the 'xgrag' preset (your existing graph is read through its preset instead)"
        )


def write_triples(store: Neo4jStore, rows: Sequence[TripleRow], batch_size: int = 5000,
                  chunks: Sequence[dict[str, Any]] = (), documents: Sequence[dict[str, Any]] = (),
                  progress: Callable[[int], None] | None = None) -> IngestStats:
    """Write validated rows. Documents and chunks first, then one transaction per batch of triples
    (with that batch's mentions)."""
    _require_xgrag_schema(store)
    stats = IngestStats()
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
    planner = _BatchPlanner(created_at)
    parts = list(batched(list(rows), batch_size))
    # The next batch's parameters are prepared in a worker thread while the server runs the current one.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="xgrag-ingest") as pool:
        upcoming = [pool.submit(planner.statements, parts[0])] if parts else []
        for i, part in enumerate(parts):
            statements = upcoming.pop().result()
            if i + 1 < len(parts):
                upcoming.append(pool.submit(planner.statements, parts[i + 1]))
            store.transaction(statements)
            stats.triples += len(part)
            stats.batches += 1
            if progress:
                progress(len(part))
    stats.seconds = time.perf_counter() - t0
    return stats


class _BatchPlanner:
    """The statements of each batch, in order: entities not yet written by an earlier batch of this call,
    the batch's distinct relationships (with shared provenance tuples) and distinct mentions."""

    def __init__(self, created_at: str) -> None:
        self.created_at = created_at
        self.ids: dict[str, str] = {}  # "type\x1fname" -> entity id (a hub recurs in many rows)
        self.written: set[str] = set()  # entity ids sent in an earlier batch

    def entity_id(self, name: str, type_: str) -> str:
        key = f"{type_}\x1f{name}"
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = entity_id(name, type_)
        return found

    def statements(self, part: Sequence[TripleRow]) -> list[tuple[str, dict[str, Any]]]:
        written = self.written
        entities: dict[str, list[Any]] = {}
        rels: dict[str, list[Any]] = {}
        prov: dict[tuple[Any, ...], int] = {}
        mentions: dict[tuple[str, str], dict[str, str]] = {}
        for r in part:
            head_id = self.entity_id(r.head, r.head_type)
            tail_id = self.entity_id(r.tail, r.tail_type)
            if head_id not in written and head_id not in entities:
                entities[head_id] = [head_id, r.head, r.head_type]
            if tail_id not in written and tail_id not in entities:
                entities[tail_id] = [tail_id, r.tail, r.tail_type]
            rel_id = relation_id(head_id, r.relation, tail_id, r.doc_id, r.chunk_id)
            if rel_id not in rels:
                key = (r.doc_id, r.chunk_id, r.chunk_index, r.source, r.extractor)
                p = prov.get(key)
                if p is None:
                    p = prov[key] = len(prov)
                rels[rel_id] = [rel_id, head_id, tail_id, r.relation, r.line, p, r.description]
            if r.chunk_id:
                for eid in (head_id, tail_id):
                    mentions.setdefault((r.chunk_id, eid), {"chunk_id": r.chunk_id, "entity_id": eid})
        written.update(entities)
        statements: list[tuple[str, dict[str, Any]]] = [
            (INGEST_ENTITIES, {"entities": list(entities.values()), "created_at": self.created_at}),
            (INGEST_RELATIONS, {"rels": list(rels.values()), "prov": [list(k) for k in prov],
                                "created_at": self.created_at}),
        ]
        if mentions:
            statements.append((INGEST_MENTIONS, {"mentions": list(mentions.values())}))
        return statements


def ingest_triples(store: Neo4jStore, path: str | Path, fmt: Format = "auto", batch_size: int = 5000,
                   progress: Callable[[int], None] | None = None) -> IngestStats:
    rows = read_triples(path, fmt)
    return write_triples(store, rows, batch_size, progress=progress)
