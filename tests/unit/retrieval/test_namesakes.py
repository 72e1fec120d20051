"""Namesakes linked by one mention, told apart by the facts the rest of the question types (pure logic)."""

from xgrag.retrieval.linking import namesakes_told_apart

# five banks called SCOTIABANK CHILE (swift-codes, spent): four branches and their head office
BANKS = {
    "santiago": ["BKSACLRM055", "SANTIAGO", "BRANCH"],
    "valparaiso": ["BKSACLRM061", "VALPARAISO", "BRANCH"],
    "arica": ["BKSACLRM064", "ARICA", "BRANCH"],
    "concepcion": ["BKSACLRM068", "CONCEPCION", "BRANCH"],
    "head": ["BKSACLRMXXX", "SANTIAGO", "HEADQUARTERS"],
}


def test_the_town_and_kind_typed_keep_the_one_branch_that_holds_both() -> None:
    q = "What is the SWIFT code of the head office that Scotiabank Chile's Arica branch belongs to?"
    assert namesakes_told_apart(q, "Scotiabank Chile's", BANKS) == {"arica"}


def test_a_value_some_hold_keeps_those_that_hold_it() -> None:
    q = "Which Scotiabank Chile office in Santiago opened first?"
    assert namesakes_told_apart(q, "Scotiabank Chile", BANKS) == {"santiago", "head"}


def test_no_value_typed_keeps_every_namesake() -> None:
    q = "Where is Scotiabank Chile?"
    assert namesakes_told_apart(q, "Scotiabank Chile", BANKS) == set(BANKS)


def test_the_names_own_words_and_function_words_tell_nothing() -> None:
    held = {"a": ["Chile", "the"], "b": ["Peru", "of"]}
    q = "What is the code of Scotiabank Chile?"
    assert namesakes_told_apart(q, "Scotiabank Chile", held) == {"a", "b"}


def test_a_long_text_that_happens_to_be_quoted_whole_is_no_telling_value() -> None:
    text = "one two three four five six seven"
    held = {"a": [text], "b": ["other"]}
    assert namesakes_told_apart(f"Who wrote {text} for Acme?", "Acme", held) == {"a", "b"}


def test_a_value_typed_only_inside_the_mention_tells_nothing() -> None:
    held = {"a": ["Arica"], "b": ["Lima"]}
    assert namesakes_told_apart("Where is Banco Arica?", "Banco Arica", held) == {"a", "b"}
