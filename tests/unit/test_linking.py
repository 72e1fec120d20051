from xgrag.model import Node
from xgrag.retrieval.linking import candidate_spans, lucene_query, normalise, select_mentions


def test_lucene_query_escapes_everything() -> None:
    q = lucene_query('who is "Bob" AND (Alice)? title:x* ~2 \\ / [a] {b}')
    assert '"' not in q.replace('\\"', "")
    for ch in "()*?~:[]{}/":
        assert ch not in q.replace("\\" + ch, "")
    assert lucene_query("what is the") == ""


def test_candidate_spans_include_brackets_and_title_case() -> None:
    spans = candidate_spans("who directed [The Mask] with jim carrey")
    assert "The Mask" in spans and "Jim Carrey" in spans and "jim carrey" in spans


def test_select_prefers_longest_non_overlapping_mentions() -> None:
    cands = [(Node("1", "Paul"), 1.0), (Node("2", "Paul Hogan"), 1.0), (Node("3", "Hogan"), 1.0),
             (Node("4", "Crocodile Dundee"), 1.0)]
    linked = select_mentions("did paul hogan star in crocodile dundee", cands)
    assert sorted(le.node.id for le in linked) == ["2", "4"]


def test_brackets_win_and_aliases_count() -> None:
    cands = [(Node("1", "Tom Gries", aliases=("T. Gries",)), 1.0), (Node("2", "100 Rifles"), 1.0)]
    linked = select_mentions("who directed [100 Rifles] like t. gries", cands)
    assert [le.node.id for le in linked] == ["2"] and linked[0].method == "bracket"
    linked = select_mentions("films by t. gries", cands)
    assert [le.node.id for le in linked] == ["1"]


def test_stopword_names_are_not_linked_unless_bracketed() -> None:
    cands = [(Node("1", "It"), 1.0)]
    assert select_mentions("what is it about", cands) == []
    assert [le.node.id for le in select_mentions("who directed [It]", cands)] == ["1"]
    assert normalise("  Dr.  Watson! ") == "dr watson"
