import json

import pytest

from helpers import SAMPLE, wipe
from xgrag.config import RetrievalSettings
from xgrag.generate.base import Generation, Usage
from xgrag.generate.extract import ingest_documents
from xgrag.generate.prompt import render
from xgrag.retrieval import Retriever
from xgrag.retrieval.dedup import identity
from xgrag.store.ingest import BatchError, IngestError, ingest_triples, read_triples, write_triples
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


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_batch_is_rolled_back_whole(store: Neo4jStore, tmp_path, workers: int) -> None:
    f = tmp_path / "kg.tsv"
    f.write_text("".join(f"A{i}\tknows\tB{i}\n" for i in range(10)))
    rows = read_triples(f)
    # Make the second relationship batch fail inside the database: a description that is not a string.
    rows[7].description = {"not": "a string"}  # type: ignore[assignment]
    with pytest.raises(BatchError, match=r"relationship batch 2 of 2 \(input lines 6-10\) failed and wrote "
                                         r"nothing: .*1 other relationship batches were committed") as err:
        write_triples(store, rows, batch_size=5, workers=workers)
    assert err.value.lines == (6, 10) and err.value.committed == 1
    n, r = counts(store)
    assert r == 5  # first batch committed, second batch (rows 5..9) not at all
    assert n == 20  # every entity is written before the relationships
    assert store.query("MATCH (:Entity {name: 'A7'})-[r]-() RETURN count(r) AS c")[0]["c"] == 0
    # Fixing the row and re-running completes the graph without duplicates.
    rows[7].description = None
    stats = write_triples(store, rows, batch_size=5, workers=workers)
    assert counts(store) == (20, 10) and stats.triples == 10 and stats.entities == 20


def test_an_entity_deleted_between_the_phases_fails_its_batch(store: Neo4jStore, tmp_path, monkeypatch) -> None:
    """Relationship batches find their ends by the element ids the entity phase returned: an end deleted (or
    replaced by another node under the same id) since then must fail the batch, not be skipped or misattached."""
    import xgrag.store.ingest as ingest

    f = tmp_path / "kg.tsv"
    f.write_text("".join(f"A{i}\tknows\tB{i}\n" for i in range(10)))
    rows = read_triples(f)
    plan = ingest._BatchPlanner.statements
    done: list[int] = []

    def statements(self, rows, part):  # noqa: ANN001, ANN202 - the planner's own signature
        if not done:  # before the first relationship batch: another client replaces entity B7
            store.query("MATCH (n:Entity {name: 'B7'}) WITH n, n.id AS id DETACH DELETE n "
                        "CREATE (:Entity {id: id, name: 'B7', type: 'Entity', aliases: []})", read_only=False)
            done.append(1)
        return plan(self, rows, part)

    monkeypatch.setattr(ingest._BatchPlanner, "statements", statements)
    with pytest.raises(BatchError, match=r"relationship batch 2 of 2 \(input lines 6-10\) failed and wrote "
                                         r"nothing: .*node `t` is missing"):
        write_triples(store, rows, batch_size=5, workers=1)
    assert counts(store) == (20, 5)
    assert store.query("MATCH (:Entity {name: 'B7'})-[r]-() RETURN count(r) AS c")[0]["c"] == 0
    monkeypatch.undo()
    write_triples(store, rows, batch_size=5)  # a re-run looks the new node up and completes the graph
    assert counts(store) == (20, 10)


def test_concurrent_batches_write_the_same_graph_as_one_at_a_time(store: Neo4jStore, tmp_path) -> None:
    f = tmp_path / "kg.tsv"
    f.write_text("head\trelation\ttail\tdoc_id\tchunk_id\tchunk_index\tdescription\n"
                 "Peter\tate\tlettuce\tpr\tpr#c1\t1\tin the garden\n"
                 "Peter\tfled\tMr. McGregor\tpr\tpr#c2\t2\t\n"
                 "Peter\tate\tlettuce\tpr\tpr#c2\t2\t\n")
    rows = read_triples(f) + read_triples(SAMPLE / "metaqa_triples.tsv", "metaqa")
    graph = ("MATCH (h:Entity)-[r:RELATION]->(t:Entity) "
             "RETURN h {.*, created_at: null} AS h, t.id AS t, r {.*, created_at: null} AS r ORDER BY r.id")
    mentions = "MATCH (c:Chunk)-[m:MENTIONS]->(e) RETURN c.id AS c, e.id AS e, count(m) AS n ORDER BY c, e"
    # small batches: mentions of one chunk and relationships of one hub spread over concurrent batches
    a = write_triples(store, rows, batch_size=20, workers=4)
    first, first_mentions = store.query(graph), store.query(mentions)
    wipe(store)
    b = write_triples(store, rows, batch_size=5000, workers=1)
    assert a.triples == b.triples == len(rows) and a.batches == -(-len(rows) // 20) and b.batches == 1
    # "Peter ate lettuce" from two chunks is one fact with two sources
    assert len(first) == len(rows) - 1 and [m["n"] for m in first_mentions] == [1] * 5
    ate = [r["r"] for r in first if r["r"]["label"] == "ate"]
    assert len(ate) == 1 and ate[0]["chunk_id"] == "pr#c1" and len(ate[0]["other_sources"]) == 1
    assert store.query(graph) == first and store.query(mentions) == first_mentions


TRIPLES = "".join(f"Film {i}\tdirected_by\tPerson {i % 7}\n" for i in range(40))


@pytest.mark.parametrize("workers", [1, 2])
def test_the_same_triples_from_two_files_are_one_fact_with_two_sources(store: Neo4jStore, tmp_path,
                                                                       workers: int) -> None:
    a, b = tmp_path / "a.tsv", tmp_path / "b.tsv"
    a.write_text(TRIPLES)
    # b: the same facts in another order, one of them twice (lines 1 and 41: in different batches of 8), plus one
    b.write_text("".join(reversed(TRIPLES.splitlines(keepends=True))) + "Film 39\tdirected_by\tPerson 4\n"
                 + "Film 0\tdirected_by\tPerson 6\n")
    ingest_triples(store, a, batch_size=8, workers=workers)
    ingest_triples(store, b, batch_size=8, workers=workers)
    assert counts(store) == (47, 41)
    rows = store.query("MATCH (h:Entity)-[r:RELATION]->(t:Entity) WITH h.name AS h, t.name AS t, count(r) AS n, "
                       "collect(r)[0] AS r RETURN h, t, n, r.doc_id AS doc, r.line AS line, r.other_sources AS more")
    assert {r["n"] for r in rows} == {1}
    two = [r for r in rows if r["more"]]
    assert len(two) == 40 and all(r["doc"] == "file:a.tsv" and len(r["more"]) == 1 for r in two)
    film1 = next(r for r in two if r["h"] == "Film 1")
    assert json.loads(film1["more"][0]) == {"doc_id": "file:b.tsv", "extractor": "file", "line": 39,
                                            "source": str(b)}
    # re-running either file changes nothing (each source is listed once)
    before = store.checksum()
    ingest_triples(store, b, batch_size=8, workers=workers)
    ingest_triples(store, a, batch_size=8, workers=workers)
    assert store.checksum() == before
    # retrieval reads both sources; the prompt states the fact once
    retriever = Retriever(store, RetrievalSettings(hops=1))
    sub = retriever.retrieve("Who directed Film 1?", mode="khop", hops=1)
    rel = next(r for r in sub.relationships.values() if sub.nodes[r.source].name == "Film 1")
    assert [(d["doc_id"], d["line"]) for d in rel.provenance["documents"]] == [("file:a.tsv", 2),
                                                                            ("file:b.tsv", 39)]
    prompt = render("Who directed Film 1?", identity(sub).subgraph).prompt
    assert prompt.count("Film 1 directed by Person 1") == 1


def test_ingest_settings_are_validated(store: Neo4jStore) -> None:
    with pytest.raises(ValueError, match="workers must be >= 1"):
        write_triples(store, [], workers=0)
    with pytest.raises(ValueError, match="batch_size must be >= 1"):
        write_triples(store, [], batch_size=0)


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
