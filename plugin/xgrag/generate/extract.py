"""Documents -> chunks -> typed triples per chunk (KGRAG-Ex §3), written with document/chunk provenance."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xgrag.generate.base import Generator, Usage
from xgrag.store.ingest import IngestStats, TripleRow, write_triples
from xgrag.store.neo4j import Neo4jStore

EXTRACTION_PROMPT_VERSION = "extract-v1"
EXTRACTION_SYSTEM = (
    "You extract a knowledge graph from text. Output one JSON object per line and nothing else. "
    'Each object: {"head": str, "head_type": str, "relation": str, "tail": str, "tail_type": str}. '
    "Types are short semantic labels such as Person, Animal, Place, Object, Event, Feeling. "
    "Relations are short lowercase verb phrases. Use names exactly as written in the text. "
    "Only state facts the text states."
)


@dataclass(frozen=True)
class Chunk:
    id: str
    doc_id: str
    index: int
    text: str


def chunk_text(doc_id: str, text: str, chunk_size: int = 1200) -> list[Chunk]:
    """Pack paragraphs (blank-line separated) into chunks of at most ~chunk_size characters;
    a paragraph longer than that is split at sentence ends."""
    pieces: list[str] = []
    for para in re.split(r"\n\s*\n", text):
        para = " ".join(para.split())
        if not para:
            continue
        if len(para) <= chunk_size:
            pieces.append(para)
            continue
        sentence_buf = ""
        for sentence in re.split(r"(?<=[.!?])\s+", para):
            if sentence_buf and len(sentence_buf) + len(sentence) + 1 > chunk_size:
                pieces.append(sentence_buf)
                sentence_buf = sentence
            else:
                sentence_buf = f"{sentence_buf} {sentence}".strip()
        if sentence_buf:
            pieces.append(sentence_buf)
    chunks: list[Chunk] = []
    buf = ""
    for piece in pieces:
        if buf and len(buf) + len(piece) + 2 > chunk_size:
            chunks.append(Chunk(f"{doc_id}#c{len(chunks)}", doc_id, len(chunks), buf))
            buf = piece
        else:
            buf = f"{buf}\n\n{piece}" if buf else piece
    if buf:
        chunks.append(Chunk(f"{doc_id}#c{len(chunks)}", doc_id, len(chunks), buf))
    return chunks


_TYPE = re.compile(r"[A-Za-z][A-Za-z0-9_ \-]{0,63}")


def parse_extraction(text: str) -> tuple[list[dict[str, str]], int]:
    """Triples from a generator's JSON-lines answer, plus the number of lines that were not triples."""
    triples: list[dict[str, str]] = []
    rejected = 0
    for line in text.splitlines():
        line = line.strip().rstrip(",")
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            rejected += 1
            continue
        if not isinstance(obj, dict):
            rejected += 1
            continue
        head, rel, tail = (str(obj.get(k) or "").strip() for k in ("head", "relation", "tail"))
        if not (head and rel and tail) or max(len(head), len(rel), len(tail)) > 300:
            rejected += 1
            continue
        ht, tt = (str(obj.get(k) or "Entity").strip() for k in ("head_type", "tail_type"))
        triples.append({"head": head, "relation": rel, "tail": tail,
                        "head_type": ht if _TYPE.fullmatch(ht) else "Entity",
                        "tail_type": tt if _TYPE.fullmatch(tt) else "Entity"})
    return triples, rejected


@dataclass
class DocIngestReport:
    stats: IngestStats
    usage: Usage = field(default_factory=Usage)
    rejected_lines: int = 0
    chunks_without_triples: int = 0


def document_id(path: Path, text: str) -> str:
    return f"doc:{path.stem}:{hashlib.sha1(text.encode()).hexdigest()[:8]}"


def ingest_documents(store: Neo4jStore, paths: Sequence[Path], generator: Generator, chunk_size: int = 1200,
                     progress: Callable[[int], None] | None = None) -> DocIngestReport:
    """Chunk each document, extract typed triples per chunk, write everything with provenance."""
    rows: list[TripleRow] = []
    chunks: list[dict[str, Any]] = []
    docs: list[dict[str, Any]] = []
    report = DocIngestReport(IngestStats())
    for path in paths:
        text = path.read_text(encoding="utf-8")
        doc_id = document_id(path, text)
        docs.append({"id": doc_id, "source": str(path), "title": path.stem})
        for chunk in chunk_text(doc_id, text, chunk_size):
            chunks.append({"id": chunk.id, "doc_id": doc_id, "index": chunk.index, "text": chunk.text})
            gen = generator.generate(f"Text:\n{chunk.text}\n\nTriples (JSON lines):", system=EXTRACTION_SYSTEM)
            report.usage.add(gen.usage)
            triples, rejected = parse_extraction(gen.text)
            report.rejected_lines += rejected
            if not triples:
                report.chunks_without_triples += 1
            for t in triples:
                rows.append(TripleRow(t["head"], t["relation"], t["tail"], t["head_type"], t["tail_type"],
                                      doc_id=doc_id, chunk_id=chunk.id, chunk_index=chunk.index,
                                      source=str(path), extractor=f"{generator.name}/{EXTRACTION_PROMPT_VERSION}"))
            if progress:
                progress(1)
    report.stats = write_triples(store, rows, chunks=chunks, documents=docs)
    return report


def story_paths(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.glob("*.txt"))
    return [path]
