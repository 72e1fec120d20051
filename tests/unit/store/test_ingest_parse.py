import json

import pytest

from xgrag.store.ingest import IngestError, entity_id, read_triples, relation_id


def test_tsv_with_and_without_header(tmp_path) -> None:
    f = tmp_path / "kg.tsv"
    f.write_text("Alice\tknows\tBob\nBob\tlives_in\tParis\tPerson\tCity\n")
    rows = read_triples(f)
    assert [(r.head, r.relation, r.tail) for r in rows] == [("Alice", "knows", "Bob"), ("Bob", "lives_in", "Paris")]
    assert rows[1].head_type == "Person" and rows[1].tail_type == "City" and rows[0].head_type == "Entity"
    assert rows[0].line == 1 and rows[0].doc_id == "file:kg.tsv"
    g = tmp_path / "h.tsv"
    g.write_text("head\trelation\ttail\tdoc_id\tchunk_id\tchunk_index\nA\tr\tB\td1\tc1\t3\n")
    (row,) = read_triples(g)
    assert (row.doc_id, row.chunk_id, row.chunk_index, row.line) == ("d1", "c1", 3, 2)


def test_metaqa_types_follow_the_relation() -> None:
    rows = read_triples(_metaqa(), "metaqa")
    assert len(rows) == 1260
    by_rel = {r.relation: r for r in rows}
    assert by_rel["directed_by"].head_type == "Movie" and by_rel["directed_by"].tail_type == "Person"
    assert by_rel["release_year"].tail_type == "Year"


def _metaqa():
    from pathlib import Path

    import xgrag

    return Path(xgrag.__file__).parent / "data" / "sample" / "metaqa_triples.tsv"


@pytest.mark.parametrize(
    ("content", "line", "field"),
    [
        ("A\tr\tB\nC\t\tD\n", 2, "relation"),
        ("A\tr\tB\nonly-two\tcols\n", 2, "columns"),
        ("A\tr\tB\tBad!Type\n", 1, "head_type"),
        ("head\trelation\ttail\tcolour\nA\tr\tB\tred\n", 1, "colour"),
    ],
)
def test_tsv_errors_name_file_line_field(tmp_path, content, line, field) -> None:
    f = tmp_path / "bad.tsv"
    f.write_text(content)
    with pytest.raises(IngestError) as info:
        read_triples(f)
    assert info.value.line == line and info.value.field == field
    assert str(f) in str(info.value) and f":{line}:" in str(info.value)


def test_jsonl_errors(tmp_path) -> None:
    f = tmp_path / "kg.jsonl"
    f.write_text(json.dumps({"head": "A", "relation": "r", "tail": "B"}) + "\n{not json\n")
    with pytest.raises(IngestError, match=r"kg.jsonl:2: field 'json'"):
        read_triples(f)
    f.write_text(json.dumps({"head": "A", "relation": "r", "tail": ""}) + "\n")
    with pytest.raises(IngestError, match="field 'tail': is empty"):
        read_triples(f)
    f.write_text(json.dumps({"head": "A", "relation": "r", "tail": "B", "chunk_index": "x"}) + "\n")
    with pytest.raises(IngestError, match="chunk_index"):
        read_triples(f)


def test_metaqa_unknown_relation(tmp_path) -> None:
    f = tmp_path / "metaqa.tsv"
    f.write_text("head\trelation\ttail\nM\tdirected_by\tP\nM\tpainted_by\tQ\n")
    with pytest.raises(IngestError, match=r":3: field 'relation'"):
        read_triples(f, "metaqa")


def test_ids_are_stable_and_type_aware() -> None:
    assert entity_id("1999", "Year") != entity_id("1999", "Movie")
    assert entity_id("X", "T") == entity_id("X", "T")
    assert relation_id("a", "r", "b", None, None) != relation_id("a", "r", "b", "doc", None)
