"""Build a dataset's knowledge graph with xgrag's own ingestion (idempotent: content-hash ids).

MetaQA: `triples.tsv` through xgrag.store.ingest (MetaQA format). Stories and MedMCQA: documents through
xgrag.extract.ingest_documents (the `xgrag ingest docs` machinery) with an LLM extractor whose responses are
cached in the run folder, so a resumed run re-extracts nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xgrag.errors import UsageError
from xgrag.evaluate.datasets import Dataset
from xgrag.generate.base import Fact, Generation, Generator, SyncGeneratorMixin, Usage
from xgrag.generate.cache import ResponseCache, prompt_key
from xgrag.store.neo4j import Neo4jStore


class CachingGenerator(SyncGeneratorMixin):
    """A generator whose responses are served from a ResponseCache when the exact input was seen before."""

    def __init__(self, inner: Generator, cache: ResponseCache) -> None:
        self.inner, self.cache = inner, cache
        self.name = inner.name
        self.hits = 0
        self.usage = Usage()

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.inner.params)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        key = prompt_key("extract", self.name, self.params, prompt, system)
        hit = self.cache.get(key)
        if hit is not None:
            self.hits += 1
            return Generation(hit.text, Usage(), hit.model, hit.evidence)
        gen = self.inner.generate(prompt, system, question=question, facts=facts)
        self.usage.add(gen.usage)
        self.cache.put(key, gen)
        return gen


@dataclass
class KgReport:
    source: str
    triples: int
    documents: int = 0
    chunks: int = 0
    extractor: str | None = None
    extractor_calls: int = 0
    extractor_cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    rejected_lines: int = 0
    chunks_without_triples: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def build_kg(store: Neo4jStore, dataset: Dataset, out_dir: Path, extractor: Generator | None,
             cache: ResponseCache, chunk_size: int = 1200, kg_file: Path | None = None) -> KgReport:
    """Ingest the dataset's KG; `kg_file` (a triples file in any `xgrag ingest triples` format) replaces the
    extraction of a text dataset, e.g. with triples extracted beforehand by a capable LLM."""
    from xgrag.store.ingest import read_triples, write_triples

    t0 = time.perf_counter()
    if kg_file is not None:
        stats = write_triples(store, read_triples(kg_file, "auto"))
        return KgReport(f"triples file {kg_file} (--kg)", stats.triples, seconds=round(time.perf_counter() - t0, 3))
    if dataset.kind == "metaqa":
        assert dataset.triples_path is not None
        stats = write_triples(store, read_triples(dataset.triples_path, "metaqa"))
        return KgReport(dataset.kg_source, stats.triples, seconds=round(time.perf_counter() - t0, 3))
    from xgrag.generate.extract import ingest_documents

    if extractor is None:
        raise UsageError(f"{dataset.path}: a {dataset.kind} dataset's KG is extracted from text and needs an LLM "
                         "extractor (--extractor smollm2 | ollama:MODEL | langchain:ollama:MODEL)")
    paths = [dataset.documents[k] for k in sorted(dataset.documents)]
    if dataset.texts:
        docs = out_dir / "kg" / "docs"
        docs.mkdir(parents=True, exist_ok=True)
        for key in sorted(dataset.texts):
            p = docs / f"{key}.txt"
            if not p.exists() or p.read_text(encoding="utf-8") != dataset.texts[key]:
                p.write_text(dataset.texts[key], encoding="utf-8")
            paths.append(p)
    if not paths:
        return KgReport(dataset.kg_source, 0, extractor=extractor.name)
    cached = CachingGenerator(extractor, cache)
    report = ingest_documents(store, paths, cached, chunk_size)
    return KgReport(dataset.kg_source, report.stats.triples, documents=report.stats.documents,
                    chunks=report.stats.chunks, extractor=f"{extractor.name} {extractor.params}",
                    extractor_calls=cached.usage.calls, extractor_cache_hits=cached.hits,
                    prompt_tokens=cached.usage.prompt_tokens, completion_tokens=cached.usage.completion_tokens,
                    rejected_lines=report.rejected_lines, chunks_without_triples=report.chunks_without_triples,
                    seconds=round(time.perf_counter() - t0, 3))
