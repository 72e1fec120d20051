"""The question's names that linking matched and those it did not (xgrag.retrieval.mentions): pure logic over the
linker's result (the linker itself runs against Neo4j in tests/integration/test_unlinked.py)."""

from __future__ import annotations

from xgrag.model import Node
from xgrag.retrieval.linking import LinkedEntity
from xgrag.retrieval.mentions import linking_record, question_names


def linked(name: str, mention: str, method: str = "exact") -> LinkedEntity:
    return LinkedEntity(Node(f"id-{name}", name), method, 1.0, mention)


def names(question: str) -> list[str]:
    return [n.text for n in question_names(question)]


def test_names_as_typed_brackets_quotes_and_capitalised_runs() -> None:
    assert names("who directed Out to Sea") == ["Out to Sea"]
    assert names("Who directed Out to Sea and Lord of the Rings?") == ["Out to Sea", "Lord of the Rings"]
    assert names("who is listed as director of [Nobody Known] starred movies") == ["Nobody Known"]
    assert names('what did "the quiet one" write') == ["the quiet one"]
    assert names("which films were released in 1997") == ["1997"]
    assert names("Whose phone number is 9-(882)417-7531?") == ["9-(882)417-7531"]
    assert names("what is Della's hair like") == ["Della"]  # the possessive is not part of the name


def test_a_capitalised_first_word_or_a_question_word_is_not_a_name() -> None:
    assert names("Peter's mother?") == []  # the question's first word is capitalised anyway
    assert names("Who directed the film") == []
    assert names("what should I watch") == []
    assert names("Is Foobar a director") == ["Foobar"]


def test_nothing_linked_lists_every_name_and_is_unlinked() -> None:
    rec = linking_record("who directed Foobar Baz", [], seeded=False)
    assert rec.unlinked and rec.linked == [] and rec.unmatched == ["Foobar Baz"] and rec.searched == []
    assert rec.tried() == "'Foobar Baz'"


def test_no_name_in_sight_lists_the_words_the_linker_looked_up() -> None:
    rec = linking_record("who directed foobar baz", [], seeded=False)
    assert rec.unlinked and rec.unmatched == [] and rec.searched == ["directed", "foobar", "baz"]
    assert rec.tried() == "the words directed, foobar, baz"


def test_some_linked_lists_only_the_names_that_matched_nothing() -> None:
    rec = linking_record("did Tarik Lowe work with Zorblax Quint", [linked("Tarik Lowe", "tarik lowe")],
                         seeded=True)
    assert not rec.unlinked and rec.unmatched == ["Zorblax Quint"] and rec.searched == []
    assert [(m.name, m.mention, m.method) for m in rec.linked] == [("Tarik Lowe", "tarik lowe", "exact")]
    # every name linked: nothing is listed, and ordinary words are never claimed to have "matched nothing"
    rec = linking_record("who directed Out to Sea", [linked("Out to Sea", "out to sea")], seeded=True)
    assert rec.unmatched == [] and rec.searched == [] and not rec.unlinked


def test_a_part_of_a_name_counts_as_its_match() -> None:
    rec = linking_record("what did Peter Rabbit eat", [linked("Peter Rabbit", "peter", "partial")], seeded=True)
    assert rec.unmatched == []
    # a mention not found as one run of the question's words still covers the names holding its words
    rec = linking_record("who is Tarik Lowe", [linked("Tarik Lowe", "lowe tarik", "vector")], seeded=True)
    assert rec.unmatched == []


def test_seeds_without_a_link_are_not_unlinked() -> None:
    """PCST adds the entities nearest the question by embedding: the context is then not empty."""
    rec = linking_record("who directed Foobar Baz", [], seeded=True)
    assert not rec.unlinked and rec.unmatched == ["Foobar Baz"]


def test_a_name_that_matched_several_entities_is_ambiguous_and_said() -> None:
    from xgrag.report.console import linking_line

    two = [LinkedEntity(Node("1", "Nancy Davolio"), "partial", 1.0, "nancy"),
           LinkedEntity(Node("2", "Nancy Campbell"), "partial", 1.0, "Nancy"),
           LinkedEntity(Node("3", "Chai"), "exact", 1.0, "chai")]
    rec = linking_record("Did Nancy order Chai?", two, seeded=True)
    assert [(a.mention, a.names, a.ids) for a in rec.ambiguous] == [("nancy", ["Nancy Davolio", "Nancy Campbell"],
                                                                     ["1", "2"])]
    assert rec.ambiguity() == "'nancy' matched 2 entities (Nancy Davolio, Nancy Campbell)"
    assert "ambiguous: 'nancy' matched 2 entities" in linking_line(rec)
    # one entity per name, or one entity found twice: nothing ambiguous
    rec = linking_record("Did Nancy order Chai?", [two[0], two[0], two[2]], seeded=True)
    assert rec.ambiguous == [] and rec.ambiguity() == "" and "ambiguous" not in linking_line(rec)
    # many: the first few named, the rest counted
    many = [LinkedEntity(Node(str(i), f"Cooling System {i}"), "exact", 1.0, "cooling system") for i in range(7)]
    assert linking_record("Which truck has the failing Cooling System?", many, seeded=True).ambiguity() == (
        "'cooling system' matched 7 entities (Cooling System 0, Cooling System 1, Cooling System 2, Cooling System 3, "
        "and 3 more)")
