import pytest

from helpers import SAMPLE
from xgrag.extract import ingest_documents
from xgrag.generate.base import Generation, Usage
from xgrag.ingest import IngestError, ingest_triples, read_triples, write_triples
from xgrag.store.neo4j import Neo4jStore


def counts(store: Neo4jStore) -> tuple[int, int]:
    n = store.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"]
    r = store.query("MATCH (:Entity)-[r:RELATION]->(:Entity) RETURN count(r) AS c")[0]["c"]
    return n, r


def test_metaqa_sample_ingest_is_idempotent(store: Neo4jStore) -> None:
    stats = ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa", batch_size=500)
    assert stats.triples == 1260 and stats.batches == 3
    first = counts(store)
    assert first[1] == 1260
    before = store.checksum()
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa", batch_size=500)
    assert counts(store) == first
    assert store.checksum() == before  # MERGE with ON CREATE: a re-run changes nothing at all
    row = store.query("MATCH (h:Entity {name: '100 Rifles'})-[r:RELATION {label: 'directed_by'}]->(t) "
                      "RETURN h.type AS ht, t.name AS t, t.type AS tt, r.doc_id AS doc, r.line AS line, "
                      "r.source AS source")[0]
    assert row == {"ht": "Movie", "t": "Tom Gries", "tt": "Person", "doc": "file:metaqa_triples.tsv",
                   "line": 2, "source": str(SAMPLE / "metaqa_triples.tsv")}
    assert store.query("MATCH (d:Document {id: 'file:metaqa_triples.tsv'}) RETURN count(d) AS c")[0]["c"] == 1


def test_malformed_line_writes_nothing(store: Neo4jStore, tmp_path) -> None:
    f = tmp_path / "kg.tsv"
    f.write_text("A\tknows\tB\n" * 3 + "C\t\tD\n")
    before = store.checksum()
    with pytest.raises(IngestError, match=r"kg.tsv:4: field 'relation'"):
        ingest_triples(store, f)
    assert store.checksum() == before


def test_a_failing_batch_is_rolled_back_whole(store: Neo4jStore, tmp_path) -> None:
    f = tmp_path / "kg.tsv"
    f.write_text("".join(f"A{i}\tknows\tB{i}\n" for i in range(10)))
    rows = read_triples(f)
    # Make the second batch fail inside the database: a row whose head_type is not a string.
    rows[7].head_type = {"not": "a string"}  # type: ignore[assignment]
    with pytest.raises(Exception):  # noqa: B017 - the driver's error type depends on the server
        write_triples(store, rows, batch_size=5)
    n, r = counts(store)
    assert r == 5  # first batch committed, second batch (rows 5..9) not at all
    assert n == 10


def test_chunk_provenance_and_mentions(store: Neo4jStore, tmp_path) -> None:
    f = tmp_path / "kg.tsv"
    f.write_text("head\trelation\ttail\tdoc_id\tchunk_id\tchunk_index\nPeter\tate\tlettuce\tpr\tpr#c1\t1\n")
    ingest_triples(store, f)
    row = store.query("MATCH (d:Document {id: 'pr'})-[:HAS_CHUNK]->(c:Chunk {id: 'pr#c1'})-[:MENTIONS]->(e) "
                      "RETURN c.index AS idx, collect(e.name) AS names")[0]
    assert row["idx"] == 1 and sorted(row["names"]) == ["Peter", "lettuce"]


class ScriptedExtractor:
    """Test double for the LLM: maps a chunk to its JSON-lines triples (the graph writes are real)."""

    name = "scripted"

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers
        self.prompts: list[str] = []

    def generate(self, prompt: str, system: str | None = None) -> Generation:
        self.prompts.append(prompt)
        text = next((a for key, a in self.answers.items() if key in prompt), "no triples here")
        return Generation(text, Usage(1, len(prompt.split()), len(text.split()), 0.0), self.name)


def test_docs_ingest_writes_chunks_and_typed_triples(store: Neo4jStore, tmp_path) -> None:
    doc = tmp_path / "peter.txt"
    doc.write_text("Peter Rabbit squeezed under the gate.\n\nMr. McGregor chased Peter.\n", encoding="utf-8")
    gen = ScriptedExtractor({
        "squeezed": '{"head": "Peter Rabbit", "head_type": "Animal", "relation": "squeezed under", '
                    '"tail": "gate", "tail_type": "Object"}\nnot json',
        "chased": '{"head": "Mr. McGregor", "head_type": "Person", "relation": "chased", "tail": "Peter", '
                  '"tail_type": "Animal"}',
    })
    report = ingest_documents(store, [doc], gen, chunk_size=40)
    assert report.stats.chunks == 2 and report.stats.triples == 2 and report.usage.calls == 2
    rows = store.query(
        "MATCH (h:Entity)-[r:RELATION]->(t:Entity) RETURN h.name AS h, h.type AS ht, r.label AS rel, "
        "r.chunk_index AS ci, r.extractor AS ex, r.doc_id AS doc ORDER BY ci")
    assert [(r["h"], r["ht"], r["rel"], r["ci"]) for r in rows] == [
        ("Peter Rabbit", "Animal", "squeezed under", 0), ("Mr. McGregor", "Person", "chased", 1)]
    assert rows[0]["ex"].startswith("scripted/extract-v") and rows[0]["doc"].startswith("doc:peter:")
    mentions = store.query("MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) RETURN c.index AS i, e.name AS n ORDER BY i, n")
    assert [(m["i"], m["n"]) for m in mentions] == [(0, "Peter Rabbit"), (0, "gate"), (1, "Mr. McGregor"),
                                                    (1, "Peter")]
