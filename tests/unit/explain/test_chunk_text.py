"""Provenance with text: the excerpt around a fact's terms, the marks, and no invented span (pure logic; the read
itself is tested against the real Neo4j in tests/integration/test_provenance_text.py)."""

from __future__ import annotations

from xgrag.explain.chunk_text import NO_MATCH, Term, chunk_ids, component_terms, excerpt, find_marks
from xgrag.model import Component, Node, Relationship, Subgraph
from xgrag.retrieval.dedup import identity

TEXT = ("Apollo 11 was the spaceflight that first landed humans on the Moon. " * 3
        + "Neil Armstrong commanded Apollo 11, and Buzz Aldrin piloted the lunar module Eagle. "
        + "Michael Collins stayed in orbit. " * 5)
TERMS = [Term("head", "Neil Armstrong"), Term("relation", "commanded"), Term("tail", "Apollo 11")]


def test_the_excerpt_is_bounded_and_holds_every_term_with_exact_marks() -> None:
    ex = excerpt(TEXT, TERMS, 120)
    assert len(ex["text"]) == 120 and ex["chars"] == len(TEXT) and ex["end"] - ex["start"] == 120
    assert ex["matched"] == ["head", "relation", "tail"]
    for m in ex["marks"]:
        assert ex["text"][m["start"]:m["end"]].lower() == m["text"].lower()
    # the window chose the sentence that holds all three, not the first "Apollo 11"
    assert "Neil Armstrong commanded Apollo 11" in ex["text"]
    assert TEXT[ex["start"]:ex["end"]] == ex["text"]


def test_no_match_says_so_and_marks_nothing() -> None:
    ex = excerpt("Michael Collins stayed in orbit.", TERMS, 300)
    assert ex["marks"] == [] and ex["matched"] == [] and ex["text"] == "Michael Collins stayed in orbit."
    assert ex["note"] == NO_MATCH.format(n=32)


def test_matches_are_whole_words_case_insensitive_and_span_line_breaks() -> None:
    marks = find_marks("ARMSTRONGS and neil\narmstrong; Apollo 110 vs apollo 11.",
                       [Term("head", "Neil Armstrong"), Term("tail", "Apollo 11"), Term("x", "Armstrong")])
    assert [(role, t) for _, _, role, t in marks] == [("head", "Neil Armstrong"), ("tail", "Apollo 11")]


def test_markup_in_the_text_is_kept_as_text() -> None:
    ex = excerpt("<img src=x onerror=alert(1)> Neil Armstrong commanded Apollo 11", TERMS, 300)
    assert ex["text"].startswith("<img src=x onerror=alert(1)>") and len(ex["marks"]) == 3


def test_terms_and_chunk_ids_of_components() -> None:
    sub = Subgraph()
    sub.add_node(Node("n", "Neil Armstrong", aliases=("Neil A. Armstrong",)))
    sub.add_node(Node("a", "Apollo 11"))
    sub.add_relationship(Relationship("r", "n", "a", "commanded, mission lead", provenance={"chunk_id": "c1"}))
    merged = identity(sub)
    edge = Component(kind="edge", id="r", label="x", strategy="edge", importance=0.1,
                     provenance={"documents": [{"chunk_id": "c2"}, {"chunk_id": "c1"}, {"doc_id": "d"}]})
    node = Component(kind="node", id="n", label="x", strategy="node", importance=0.9, provenance={"chunk_id": "c3"})
    assert [t.text for t in component_terms(edge, merged)] == ["Neil Armstrong", "Apollo 11", "commanded",
                                                               "mission lead"]
    assert [t.text for t in component_terms(node, merged)] == ["Neil Armstrong", "Neil A. Armstrong"]
    assert chunk_ids([edge, node]) == ["c3", "c2", "c1"]  # the most important component's first


def test_a_stack_span_gets_its_item_text_around_it() -> None:
    from xgrag.explain.chunk_text import attach_span_text
    from xgrag.model import ContextUnit

    item = ContextUnit("1", "item", TEXT, "chunk", source="chunk")
    span = ContextUnit("1.4", "span", "Neil Armstrong commanded Apollo 11, and Buzz Aldrin piloted the lunar module "
                       "Eagle.", "span", parent="1")
    comps = [Component(kind="span", id="1.4", label="s", strategy="unit", provenance={"retrieved_as": "chunk"}),
             Component(kind="item", id="1", label="i", strategy="unit")]
    step = attach_span_text(comps, {"1": item, "1.4": span}, 200)
    assert step.excerpts == 1 and "excerpt" not in comps[1].provenance
    e = comps[0].provenance["excerpt"]
    assert [m["role"] for m in e["marks"]] == ["span"] and e["text"][e["marks"][0]["start"]:].startswith("Neil")
