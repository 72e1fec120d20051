"""The reference reader on German questions as users type them: function words that state nothing, nouns written
capitalised, compounds joined by a hyphen read head-last, a name stored under a key of another language (a fake
embedder: the words decide, not the vectors). Each case is one that swiss-medicines (spent) answered wrongly."""

from __future__ import annotations

from fakes import ConstantEmbedder
from xgrag.generate.base import Fact
from xgrag.generate.extractive import ExtractiveReader, _Reading, stem


def _read(question: str, facts: list[Fact]) -> str:
    return ExtractiveReader(ConstantEmbedder()).generate("", question=question, facts=tuple(facts)).text


def _reading(question: str, facts: list[Fact]) -> _Reading:
    return _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)


def _prop(fid: str, entity: str, key: str, value: str, etype: str) -> Fact:
    return Fact(fid, entity, key, value, "property", None, head_type=etype)


def _edge(fid: str, head: str, relation: str, tail: str, head_type: str, tail_type: str) -> Fact:
    return Fact(fid, head, relation, tail, head_type=head_type, tail_type=tail_type)


PRODUCT = [
    _edge("sl", "Takhzyro", "IST AUF SL", "Takhzyro, Inj Lös 300 mg/2ml", "Produkt", "Spezialitätenliste"),
    _prop("zi", "Takhzyro", "Zulassungsinhaberin", "Takeda Pharma AG", "Produkt"),
    _prop("ez", "Takhzyro", "Erstzulassung", "2020-11-05", "Produkt"),
]


def test_a_german_auxiliary_or_article_states_no_relation() -> None:
    # "ist" stated IST_AUF_SL, one word as the key states "Zulassungsinhaberin", and the package answered
    assert _read("Wer ist die Zulassungsinhaberin von Takhzyro?", PRODUCT) == "Takeda Pharma AG."
    assert _read("Wann wurde Takhzyro erstmals zugelassen?", PRODUCT) == "2020-11-05."


def test_a_word_in_lower_case_after_a_german_noun_asked_is_the_verb() -> None:
    facts = [_edge("a", "Emgality", "HAT ATC", "N02CD02", "Produkt", "Substanz")]
    for question in ("Welchen Wirkstoff enthält die Packung Emgality?", "Welcher Wirkstoff ist in Emgality enthalten?"):
        reading = _reading(question, facts)
        assert reading.wh_noun == stem("wirkstoff") and reading.wh_modifier is None, question
    # a capitalised one is a noun of the compound, head last, as in English ("which OS version")
    reading = _reading("Welche ATC Gruppe hat Emgality?", facts)
    assert (reading.wh_noun, reading.wh_modifier) == (stem("gruppe"), stem("atc"))


GROUPS = [
    _prop("sai", "Calquence", "ATC-SAI", "L01EL02", "Produkt"),
    _edge("hat", "Calquence", "HAT ATC", "L01EL02", "Produkt", "Substanz"),
    _edge("grp", "L01EL02", "IST IN ATC GRUPPE", "L01EL", "Substanz", "Hierarchie"),
    _edge("up", "L01EL", "IST IN ATC GRUPPE", "L01E", "Hierarchie", "Hierarchie"),
]


def test_a_german_compound_joined_by_a_hyphen_asks_for_its_head() -> None:
    reading = _reading("In welcher ATC-Gruppe ist der Wirkstoff von Calquence?", GROUPS)
    assert (reading.wh_noun, reading.wh_modifier) == (stem("gruppe"), stem("atc"))
    # ... but not a code's compound: which code is said by its first part, the key the graph stores it under
    places = [_prop("id", "Eppishausen", "id", "place-0043", "Place"),
              _prop("wd", "Eppishausen", "wikidata", "https://www.wikidata.org/wiki/Q1423653", "Place")]
    assert _reading("Welche Wikidata-ID hat Eppishausen?", places).wh_noun == stem("wikidata")
    assert _read("Welche Wikidata-ID hat Eppishausen?", places) == "https://www.wikidata.org/wiki/Q1423653."
    # an English word with a hyphen is read as before
    assert _reading("Which sci-fi film stars Calquence?", GROUPS).wh_noun == stem("sci")


def test_the_relation_that_reaches_an_entity_may_name_the_noun_asked() -> None:
    # no type is called "Gruppe": IST_IN_ATC_GRUPPE says what its end is; the product's own code, under a key that
    # says "ATC", is no group
    assert _read("In welcher ATC-Gruppe ist der Wirkstoff von Calquence?", GROUPS) == "L01EL."


def test_a_name_stored_under_a_key_of_another_language_names_its_entity() -> None:
    facts = [_prop("en", "J05AB16", "Bezeichnung EN", "remdesivir", "Substanz"),
             _edge("g1", "J05AB16", "IST IN ATC GRUPPE", "J05AB", "Substanz", "Hierarchie"),
             _edge("g2", "J05AB", "IST IN ATC GRUPPE", "J05A", "Hierarchie", "Hierarchie")]
    assert _reading("Zu welcher ATC-Gruppe gehört Remdesivir?", facts).mentioned == {"J05AB16"}
    assert _read("Zu welcher ATC-Gruppe gehört Remdesivir?", facts) == "J05AB."
    facts[0] = _prop("en", "J05AB16", "name_de", "Remdesivir", "Substance")
    assert _reading("Which group is Remdesivir in?", facts).mentioned == {"J05AB16"}


def test_an_english_question_that_names_a_german_name_is_read_as_english() -> None:
    # "von der" is the name's: the question is English, and its "die" asks for a death
    facts = [_prop("b", "Ursula von der Leyen", "birth date", "1958-10-08", "Person"),
             _prop("d", "Ursula von der Leyen", "death date", "2099-01-01", "Person")]
    reading = _reading("When did Ursula von der Leyen die?", facts)
    assert not reading.german and stem("die") in reading.q_stems
