"""The question words retrieval and the reference reader compare with relations, keys and types."""

from __future__ import annotations

from xgrag.retrieval.words import answer_kind, content_stems, stated_stems, stem, value_kind


def test_irregular_forms_meet_their_regular_forms() -> None:
    assert len({stem(w) for w in ("write", "writes", "wrote", "written", "writer", "writing")}) == 1
    assert stem("born") == stem("birth") and stem("movies") == stem("movie")
    assert content_stems("birth date") & content_stems("When was she born?") == {stem("birth")}


def test_a_compound_word_states_its_head_where_the_graph_has_that_word() -> None:
    vocabulary = content_stems("written by") | content_stems("directed by")
    assert stem("writer") in stated_stems("the screenwriter of X", vocabulary)
    assert stem("writer") in stated_stems("who is the scriptwriter", vocabulary)
    assert stated_stems("the screenwriter of X", content_stems("has genre")) == content_stems("screenwriter of X")


def test_answer_kinds_from_question_words() -> None:
    assert answer_kind("When was Nancy Davolio born?") == "date"
    assert answer_kind("In what year was it released") == "date"
    assert answer_kind("How many units did order 10248 contain?") == "count"
    assert answer_kind("How much does Chai cost?") == "amount"
    assert answer_kind("the movies written by X were directed by who") == "agent"
    assert answer_kind("what are the genres of the films whose directors also directed X") is None
    assert value_kind("1948-12-08", "date") and value_kind("1997", "date") and not value_kind("Chai", "date")
    assert value_kind("12", "count") and not value_kind("14.0", "count") and value_kind("14.0", "amount")
    assert value_kind("Ann", "agent", "person") and value_kind("Exotic Liquids", "agent", "supplier")
    assert not value_kind("Zodiac", "agent", "movie") and not value_kind("18.0", "agent")
