"""The reference reader's pure parts: relation words by meaning, mentions as linking sees them, and a direct fact
beating a two-hop chain (a fake embedder: the words decide, not the vectors)."""

from __future__ import annotations

import zlib

import numpy as np

from fakes import ConstantEmbedder
from xgrag.generate.base import Fact
from xgrag.generate.extractive import (
    _KIND_PREFIX,
    ExtractiveReader,
    _head_stems,
    _kind_key,
    _Reading,
    compound_keys_read,
    content_stems,
    identifier_numbers,
    key_tokens,
    mentioned_names,
    records_joining,
    stem,
)


def test_inflections_and_irregular_forms_meet() -> None:
    for a, b in [("sell", "SOLD"), ("belong", "BELONGED"), ("staring", "STARED"), ("carry", "carried"),
                 ("director", "directed"), ("written", "WROTE"), ("buy", "bought"), ("running", "ran"),
                 ("actors", "acted"), ("paintings", "Painting"), ("ratings", "rating")]:
        assert stem(a) == stem(b.lower()), (a, b)
    assert stem("sell") != stem("send") and stem("star") != stem("stair")
    assert content_stems("BELONGED_TO") == {"belong"}  # "to" is weak: it never decides a match


def test_mentions_are_what_linking_would_link() -> None:
    names = ["Peter Rabbit", "Peter'S Father", "Mr. Mcgregor", "Shoes"]
    assert mentioned_names("what did peter lose", names) == {"Peter Rabbit"}
    # parts of names only when no whole name occurs (as linking): "Shoes" is named whole, "peter" is not read
    assert mentioned_names("who hung up peter's shoes", names) == {"Shoes"}


def _read(question: str, facts: list[Fact]) -> tuple[str, list[str]]:
    g = ExtractiveReader(ConstantEmbedder()).generate("", question=question, facts=tuple(facts))
    return g.text, list(g.evidence)


def test_a_direct_fact_beats_a_two_hop_chain_and_answers_its_other_side() -> None:
    facts = [Fact("1", "Jim", "SOLD", "Gold Watch"), Fact("2", "Gold Watch", "BELONGED TO", "Jim's Father"),
             Fact("3", "Della", "SOLD", "Hair"), Fact("4", "Madame Sofronie", "BOUGHT", "Hair"),
             Fact("5", "Hair", "SOLD FOR", "$20")]
    assert _read("What did Jim sell?", facts) == ("Gold Watch.", ["1"])
    assert _read("Who bought Della's hair?", facts) == ("Madame Sofronie.", ["4"])
    assert _read("who did the watch belong to", facts) == ("Jim's Father.", ["2"])


def test_a_chain_when_the_question_names_a_second_relation() -> None:
    facts = [Fact("1", "Film A", "STARRED ACTORS", "Tarik Lowe"), Fact("2", "Film A", "DIRECTED BY", "Dan S"),
             Fact("3", "Film A", "HAS GENRE", "Drama")]
    assert _read("who directed the films tarik lowe starred in", facts) == ("Dan S.", ["1", "2"])
    assert _read("what films did tarik lowe star in", facts) == ("Film A.", ["1"])


def test_the_same_relation_twice_only_when_the_question_says_so() -> None:
    facts = [Fact("1", "Catch a Fire", "WRITTEN BY", "Shawn Slovo"), Fact("2", "A World Apart", "WRITTEN BY",
                                                                           "Shawn Slovo")]
    assert _read("the screenwriter of catch a fire also wrote which films", facts) == ("A World Apart.", ["1", "2"])
    assert _read("who wrote catch a fire", facts) == ("Shawn Slovo.", ["1"])


def _prop(fid: str, entity: str, key: str, value: str, etype: str | None = None,
          via: tuple[str, str] | None = None) -> Fact:
    return Fact(fid, entity, key, value, "property", via, head_type=etype)


def _edge(fid: str, head: str, relation: str, tail: str, head_type: str | None = None,
          tail_type: str | None = None) -> Fact:
    return Fact(fid, head, relation, tail, head_type=head_type, tail_type=tail_type)


# A piece of Northwind as the context renders it: names, types, property facts of nodes and of a relationship
NORTHWIND = [
    _edge("r1", "Chai", "PART OF", "Beverages", "Product", "Category"),
    _edge("r2", "Exotic Liquids", "SUPPLIES", "Chai", "Supplier", "Product"),
    _edge("r3", "Exotic Liquids", "SUPPLIES", "Chang", "Supplier", "Product"),
    _edge("r4", "Chang", "PART OF", "Beverages", "Product", "Category"),
    _edge("r5", "Nancy Davolio", "REPORTS TO", "Andrew Fuller", "Employee", "Employee"),
    _edge("r6", "Order 10248", "ORDERS", "Queso Cabrales", "Order", "Product"),
    _edge("r7", "Order 10248", "ORDERS", "Chai", "Order", "Product"),
    _edge("r8", "Nancy Davolio", "SOLD", "Order 10248", "Employee", "Order"),
    _prop("p1", "Nancy Davolio", "birth date", "1948-12-08", "Employee"),
    _prop("p2", "Nancy Davolio", "hire date", "1992-05-01", "Employee"),
    _prop("p3", "Andrew Fuller", "birth date", "1952-02-19", "Employee"),
    _prop("p4", "Chai", "unit price", "18.0", "Product"),
    _prop("p5", "Chai", "units in stock", "39", "Product"),
    _prop("p6", "Queso Cabrales", "units in stock", "22", "Product"),
    _prop("p7", "Queso Cabrales", "units on order", "30", "Product"),
    _prop("p8", "Exotic Liquids", "city", "London", "Supplier"),
    _prop("p9", "Order 10248", "quantity", "12", "Order", ("ORDERS", "Queso Cabrales")),
    _prop("p10", "Order 10248", "unit price", "14.0", "Order", ("ORDERS", "Queso Cabrales")),
    _prop("p11", "Order 10248", "unit price", "14.4", "Order", ("ORDERS", "Chai")),
    _prop("p12", "Order 10248", "ship city", "Reims", "Order"),
]


def test_a_fact_stored_on_the_named_entity_beats_a_chain_through_another() -> None:
    # "born" meets "birth date"; Andrew Fuller's birth date is one REPORTS TO away and never the answer
    assert _read("When was Nancy Davolio born?", NORTHWIND) == ("1948-12-08.", ["p1"])
    assert _read("What is the unit price of Chai?", NORTHWIND) == ("18.0.", ["p4"])  # not an order's unit price
    assert _read("In which city is the supplier Exotic Liquids?", NORTHWIND) == ("London.", ["p8"])


def test_a_question_naming_both_ends_asks_about_their_relationship_and_how_many_asks_for_a_count() -> None:
    # "units" is also a word of "units in stock" / "units on order"; the ORDERS relationship between the two named
    # entities holds the answer, and "how many" picks its whole-number fact
    assert _read("How many units of Queso Cabrales did order 10248 contain?", NORTHWIND) == ("12.", ["p9"])


def test_type_words_pick_the_neighbour_and_chains_follow_types() -> None:
    assert _read("Which category is Chai in?", NORTHWIND) == ("Beverages.", ["r1"])
    assert _read("Who supplies Chang?", NORTHWIND) == ("Exotic Liquids.", ["r3"])  # SUPPLIES read backwards
    assert _read("Who does Nancy Davolio report to?", NORTHWIND) == ("Andrew Fuller.", ["r5"])
    text, evidence = _read("Which category are the products of Exotic Liquids in?", NORTHWIND)
    assert text == "Beverages." and evidence in (["r2", "r1"], ["r3", "r4"])


def test_three_facts_when_the_question_names_a_relation_twice_over_two_entities() -> None:
    # MetaQA 3-hop: X's director, the director's other films, their genre; the film's own genre (one fact, fewer
    # question words) and the director's film (two facts) are not the answer
    facts = [_edge("1", "Zodiac", "directed by", "David Fincher", "Movie", "Person"),
             _edge("2", "Se7en", "directed by", "David Fincher", "Movie", "Person"),
             _edge("3", "Se7en", "has genre", "Thriller", "Movie", "Genre"),
             _edge("4", "Zodiac", "has genre", "Crime", "Movie", "Genre"),
             _edge("5", "Se7en", "starred actors", "Brad Pitt", "Movie", "Person")]
    assert _read("what genres are the movies directed by the director of Zodiac", facts) == ("Thriller.",
                                                                                            ["1", "2", "3"])
    # a compound's head is the relation's word ("screenwriter" -> written by); "who" asks for a person
    facts = [_edge("1", "WarGames", "written by", "Lawrence Lasker", "Movie", "Person"),
             _edge("2", "Sneakers", "written by", "Lawrence Lasker", "Movie", "Person"),
             _edge("3", "Sneakers", "directed by", "Phil Alden Robinson", "Movie", "Person"),
             _edge("4", "Awakenings", "directed by", "Lawrence Lasker", "Movie", "Person")]
    assert _read("the movies written by the screenwriter of WarGames were directed by who", facts) == (
        "Phil Alden Robinson.", ["1", "2", "3"])


def _two_visits(first: str, second: str) -> list[Fact]:
    """Ana Watkins's visits to Place nr 92 and Place nr 7, each with its start stored on the relationship."""
    return [Fact("v1", "Ana Watkins", "VISITS", "Place nr 92", "edge", None, "Person", "Place"),
            Fact("v1#starttime", "Ana Watkins", "starttime", first, "property", ("VISITS", "Place nr 92")),
            Fact("v2", "Ana Watkins", "VISITS", "Place nr 7", "edge", None, "Person", "Place"),
            Fact("v2#starttime", "Ana Watkins", "starttime", second, "property", ("VISITS", "Place nr 7"))]


def test_a_day_the_question_names_picks_the_visit_of_that_day() -> None:
    # the day is said as people say it and stored as a zoned datetime on the relationship (or in a record's name)
    facts = _two_visits("2020-04-12T10:00:00.000000000+00:00", "2020-04-25T09:40:39.000000000+00:00")
    for question in ("Which place did Ana Watkins visit on April 25, 2020?", "Where did Ana Watkins go on 25 April "
                     "2020?", "Which place did Ana Watkins visit on 2020-04-25?"):
        assert _read(question, facts) == ("Place nr 7.", ["v2"]), question
    # "when" asks for a date: a zoned datetime is one
    assert _read("When did Ana Watkins visit Place nr 92?", facts)[0] == "2020-04-12T10:00:00.000000000+00:00."


def test_keys_written_as_one_word_and_words_stored_on_a_relationship_state_the_question() -> None:
    facts = [Fact("k#healthstatus", "Kendall Hinton", "healthstatus", "Sick", "property", None, "Person"),
             Fact("k#confirmedtime", "Kendall Hinton", "confirmedtime", "2020-04-09T15:33:37Z", "property", None,
                  "Person")]
    assert _read("When was Kendall Hinton's health status confirmed?", facts)[1] == ["k#confirmedtime"]
    assert _read("What is Kendall Hinton's health status?", facts)[1] == ["k#healthstatus"]
    family = [Fact("r1", "Euron Greyjoy", "RELATED TO", "Quellon Greyjoy", "edge", None, "Person", "Person"),
              Fact("r1#name", "Euron Greyjoy", "name", "father", "property", ("RELATED TO", "Quellon Greyjoy")),
              Fact("r2", "Euron Greyjoy", "RELATED TO", "Lady of House Sunderly", "edge", None, "Person", "Person"),
              Fact("r2#name", "Euron Greyjoy", "name", "mother", "property",
                   ("RELATED TO", "Lady of House Sunderly"))]
    assert _read("Who is Euron Greyjoy's father?", family)[0] == "Quellon Greyjoy."


def test_where_asks_for_a_place() -> None:
    facts = [Fact("b#battle_type", "Battle of the Blackwater", "battle type", "pitched battle", "property", None,
                  "Battle"),
             Fact("r1", "Battle of the Blackwater", "IS IN", "King's Landing", "edge", None, "Battle", "Location"),
             Fact("r2", "Stannis Baratheon", "ATTACKER COMMANDER", "Battle of the Blackwater", "edge", None, "Person",
                  "Battle")]
    assert _read("Where was the Battle of the Blackwater fought?", facts) == ("King's Landing.", ["r1"])


def test_a_type_word_mentions_no_entity_and_a_display_name_mentions_its_entity() -> None:
    facts = [Fact("g1", "IT00195@Corp.Local", "GENERIC WRITE", "GPO_15@Corp.Local", "edge", None, "Group", "GPO"),
             Fact("g1#isacl", "IT00195@Corp.Local", "isacl", "true", "property",
                  ("GENERIC WRITE", "GPO_15@Corp.Local")),
             Fact("u1", "IzettaM146@Corp.Local", "ALLOWED TO DELEGATE", "COMP00068.Corp.Local", "edge", None, "User",
                  "Computer"),
             Fact("u1#displayname", "IzettaM146@Corp.Local", "displayname", "Izetta Millikin", "property", None,
                  "User"),
             Fact("s1", "COMP00068.Corp.Local", "HAS SESSION", "Twana07@Corp.Local", "edge", None, "Computer",
                  "User")]
    # "GPO" names the type asked for, not GPO_15: the relationship to it answers, not its flag
    assert _read("Which GPO does the IT00195 group have GenericWrite on?", facts) == ("GPO_15@Corp.Local.", ["g1"])
    # the user is named by the display name she holds; the chain goes on to the session
    assert _read("Who has a session on the computer Izetta Millikin is allowed to delegate to?", facts) == \
        ("Twana07@Corp.Local.", ["u1", "s1"])


def test_a_value_of_the_kind_asked_for_states_when_through_another_entity() -> None:
    """fincen: "When did the transfer from X take place?" is X's transfer and its date, though no word of the
    question says "begin"; X's own map location is no date. Without a "when", the date is not stated."""
    facts = [Fact("e#location", "Nationwide Life", "location", "-97.0, 38.0", "property", None, "Entity"),
             Fact("o1", "Filing 2014-01-31", "ORIGINATOR", "Nationwide Life", "edge", None, "Filing", "Entity"),
             Fact("f#begin", "Filing 2014-01-31", "begin", "2014-01-31T00:00:00Z", "property", None, "Filing"),
             Fact("f#number", "Filing 2014-01-31", "number", "abc", "property", None, "Filing")]
    assert _read("When did the transfer from Nationwide Life take place?", facts) == ("2014-01-31T00:00:00Z.",
                                                                                     ["o1", "f#begin"])
    assert _read("Where is Nationwide Life?", facts)[1] != ["o1", "f#begin"]


# A festival's programme in a domain model's words: performers PLAY_AT shows, shows are ON_STAGE, stages typed Venue.
# No question word names a key or a relation's type: the class of answer asked for decides.
FESTIVAL = [_prop("p1", "Midnight Jazz", "start time", "2019-08-02 23:00:00", "Show"),
            _prop("p2", "Midnight Jazz", "format", "90-minute set", "Show"),
            _prop("p3", "Ada Byrne", "photo", "http://example.org/ada.jpg", "Performer"),
            _edge("r1", "Ada Byrne", "PLAYS AT", "Midnight Jazz", "Performer", "Show"),
            _edge("r2", "Midnight Jazz", "ON STAGE", "Blue Tent", "Show", "Venue")]


def test_who_asks_for_someone_not_a_stored_value() -> None:
    # a Performer is no type "who" knows by name; still someone, not the show's start time or format
    assert _read("Who is on the bill for Midnight Jazz?", FESTIVAL) == ("Ada Byrne.", ["r1"])


def test_the_verb_after_who_is_what_the_one_asked_did_not_the_type_of_what_was_done() -> None:
    # met-paintings (spent): the tag's painting is typed Painting, which says "painted"; it is what was painted, not
    # who painted it: its artist, one fact further, answers
    facts = [_edge("r1", "The Death of Socrates", "HAS TAG", "Socrates", "Painting", "Tag"),
             _edge("r2", "The Death of Socrates", "HAS ARTIST", "Jacques Louis David", "Painting", "Artist"),
             _edge("r3", "The Death of Socrates", "IN DEPARTMENT", "European Paintings", "Painting", "Department")]
    assert _read("Who painted the picture of Socrates?", facts) == ("Jacques Louis David.", ["r1", "r2"])
    # a type the question names as a noun still says its word: "which painting shows Socrates" is the painting
    assert _read("Which painting shows Socrates?", facts)[0] == "The Death of Socrates."


def test_a_place_noun_or_where_reaches_an_entity_of_a_place_type() -> None:
    # "room" and "Venue" are both words of places: the stage, not the format
    assert _read("Which room is Midnight Jazz in?", FESTIVAL) == ("Blue Tent.", ["r2"])
    # two facts: the performer's show, then its stage; not the performer's photo
    assert _read("Where is Ada Byrne's show?", FESTIVAL) == ("Blue Tent.", ["r1", "r2"])
    assert _read("Which room is Ada Byrne playing in?", FESTIVAL) == ("Blue Tent.", ["r1", "r2"])


def test_a_code_the_question_types_names_the_entity_a_fact_states_it_of() -> None:
    # the trucks are named by their serial numbers; the question names one by the code a fact states ("id
    # 1421413P"), as linking did: that truck's facts, not the first truck's
    facts = [_prop("p1", "VXD-0001", "serial number", "VXD-0001", "Truck"),
             _prop("p2", "VXD-0001", "id", "1421412P", "Truck"),
             _prop("p3", "VXD-0002", "serial number", "VXD-0002", "Truck"),
             _prop("p4", "VXD-0002", "id", "1421413P", "Truck"),
             _edge("r1", "VXD-0001", "HEADED TO", "Denver", "Truck", "City"),
             _edge("r2", "VXD-0002", "HEADED TO", "Dallas", "Truck", "City")]
    assert _read("What is the serial number of truck 1421413P?", facts) == ("VXD-0002.", ["p3"])
    assert _read("Where is truck 1421413P headed?", facts) == ("Dallas.", ["r2"])
    # nothing names the relation asked for: still never the code the question typed
    assert _read("What about truck 1421413P?", facts)[0] != "1421413P."


def test_the_class_asked_for_is_stated_by_the_answer_not_by_an_entity_on_the_way() -> None:
    # a Character is someone, but "who directed" asks for the film's director: the film's own fact, not a chain
    # through a character to another film's director
    facts = [_prop("p1", "Return of the Jedi", "director", "Richard Marquand", "Film"),
             _prop("p2", "The Phantom Menace", "director", "George Lucas", "Film"),
             _edge("r1", "Palpatine", "APPEARED IN", "Return of the Jedi", "Character", "Film"),
             _edge("r2", "Palpatine", "APPEARED IN", "The Phantom Menace", "Character", "Film")]
    assert _read("Who directed Return of the Jedi?", facts) == ("Richard Marquand.", ["p1"])


def _votes(year: int, start: str, end: str, total: int, jury: int, rid: str) -> list[Fact]:
    rel = f"SCORED {year}"
    return [Fact(rid, start, rel, end, "edge", None, "Club", "Club"),
            Fact(f"{rid}#points", start, "points", str(total), "property", (rel, end)),
            Fact(f"{rid}#jury_points", start, "jury points", str(jury), "property", (rel, end))]


def test_numbers_the_question_states_pick_the_fact_that_states_them() -> None:
    # a year in the relationship's type, a count on the relationship: neither is the answer, both say which fact
    facts = (_votes(1998, "Alder Club", "Birch Club", 10, 7, "a")
             + _votes(1998, "Alder Club", "Cedar Club", 12, 5, "b")
             + _votes(2005, "Alder Club", "Cedar Club", 8, 3, "c")
             + _votes(2005, "Alder Club", "Birch Club", 12, 12, "d"))
    assert _read("Who got Alder Club's 12 points in 1998?", facts) == ("Cedar Club.", ["b"])
    assert _read("Who got Alder Club's 12 points in 2005?", facts) == ("Birch Club.", ["d"])
    assert _read("How many points did Alder Club score against Cedar Club in 2005?", facts)[0] == "8."
    assert _read("How many jury points did Alder Club score against Cedar Club in 1998?", facts)[0] == "5."
    # the answer never states the question's number: a count equal to the year asked about is not preferred
    seasons = [Fact("s1", "Delta Club", "season", "2019", "property", None, "Club"),
               Fact("s2", "Delta Club", "goals", "31", "property", None, "Club")]
    assert _read("How many goals did Delta Club score in 2019?", seasons)[0] == "31."


def test_two_named_entities_read_in_the_order_the_question_names_them() -> None:
    facts = _votes(2019, "Alder Club", "Birch Club", 20, 8, "ab") + _votes(2019, "Birch Club", "Alder Club", 16, 4,
                                                                           "ba")
    assert _read("How many points did Alder Club give Birch Club in 2019?", facts)[0] == "20."
    assert _read("How many points did Birch Club give Alder Club in 2019?", facts)[0] == "16."
    # "from" names the start
    assert _read("How many points did Birch Club get from Alder Club in 2019?", facts)[0] == "20."


def test_capitals_abbreviate_the_one_name_with_those_initials() -> None:
    facts = (_votes(2021, "United Kingdom", "Iceland", 20, 8, "uk")
             + _votes(2021, "Iceland", "United Kingdom", 3, 3, "iu")
             + [Fact("k", "Ukraine", "SCORED 2021", "Iceland", "edge", None, "Club", "Club"),
                Fact("k#points", "Ukraine", "points", "5", "property", ("SCORED 2021", "Iceland"))])
    assert _read("How many points did the UK give Iceland in 2021?", facts)[0] == "20."
    # initials two names share say neither
    shared = facts + [Fact("u2", "Upper Kingsbury", "SCORED 2021", "Iceland", "edge", None, "Club", "Club")]
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), "How many points did the UK give Iceland in 2021?", shared)
    assert "United Kingdom" not in reading.mentioned


def test_a_value_typed_after_the_entity_s_type_names_it() -> None:
    # "complaint 4866226": the Complaint whose id is 4866226, though its name says only its date; never the answer
    facts = [Fact("c#id", "Complaint 2021-11-02", "id", "4866226", "property", None, "Complaint"),
             Fact("c#state", "Complaint 2021-11-02", "state", "MI", "property", None, "Complaint"),
             Fact("w", "Complaint 2021-11-02", "WITH", "Trouble During Payment", "edge", None, "Complaint", "Issue"),
             Fact("a", "Complaint 2021-11-02", "AGAINST", "Shellpoint", "edge", None, "Complaint", "Company"),
             Fact("a#date", "Complaint 2021-11-02", "date", "2021-11-03", "property", ("AGAINST", "Shellpoint")),
             Fact("c#received", "Complaint 2021-11-02", "date received", "2021-11-02", "property", None, "Complaint")]
    assert _read("What issue does complaint 4866226 raise?", facts) == ("Trouble During Payment.", ["w"])
    # the type at a relationship's other end says which relationship's property ("sent to the company")
    assert _read("When was complaint 4866226 sent to the company?", facts) == ("2021-11-03.", ["a#date"])
    # a number after a word that is not the entity's type names nothing
    assert _read("What issue does case 4866226 raise?", facts)[0] != "Trouble During Payment."


def test_a_value_typed_after_its_own_key_names_the_entity_and_is_never_the_answer() -> None:
    # "division 395": the Motion whose division is 395 (linked by that fact); the date is asked, not the division
    facts = [Fact("m#division", "UK withdrawal", "division", "395", "property", None, "Motion"),
             Fact("m#date", "UK withdrawal", "date", "2019-03-29", "property", None, "Motion"),
             Fact("n#division", "Motion B", "division", "386", "property", None, "Motion"),
             Fact("n#date", "Motion B", "date", "2019-03-27", "property", None, "Motion")]
    assert _read("On what date was division 395 held?", facts) == ("2019-03-29.", ["m#date"])
    assert _read("On what date was division 386 held?", facts) == ("2019-03-27.", ["n#date"])


def test_derived_forms_meet() -> None:
    assert stem("response") == stem("respond") == stem("responded") and stem("publicly") == stem("public")
    assert stem("defence") == stem("defend") and stem("historically") == stem("historic")
    assert stem("assembly") == "assembly" and stem("anomaly") == "anomaly"  # -ly alone is no adverb suffix
    assert stem("family") == stem("families") == stem("category")  # a family of things is a category of them


def test_a_month_the_question_names_picks_the_fact_of_a_day_in_it() -> None:
    facts = _two_visits("2020-04-12T10:00:00Z", "2020-05-25T09:40:39Z")
    assert _read("Which place did Ana Watkins visit in May 2020?", facts) == ("Place nr 7.", ["v2"])
    assert _read("Which place did Ana Watkins visit in April 2020?", facts) == ("Place nr 92.", ["v1"])


def test_a_type_named_as_the_question_s_subject_is_not_what_it_asks() -> None:
    # "how did the company respond": the company acts; the answer is the response, not a company it reaches
    facts = [Fact("c#id", "Complaint 2021-11-01", "id", "4865628", "property", None, "Complaint"),
             Fact("t", "Relief Given", "TO", "Complaint 2021-11-01", "edge", None, "Response", "Complaint"),
             Fact("a", "Relief Given", "ANSWERED", "Wells Fargo", "edge", None, "Response", "Company"),
             Fact("g", "Complaint 2021-11-01", "AGAINST", "Caliber", "edge", None, "Complaint", "Company")]
    assert _read("How did the company respond to complaint 4865628?", facts) == ("Relief Given.", ["t"])
    # a preposition after the noun: the noun is what is asked about ("the company against ...")
    assert _read("Which company is complaint 4865628 against?", facts)[0] == "Caliber."


def test_a_possessive_reads_the_relation_it_names_forward_and_grand_relatives_twice() -> None:
    # (child)-[:FATHER]->(father), (child)-[:MOTHER]->(mother), as a genealogy graph writes them
    def rel(rid: str, child: str, kind: str, parent: str) -> Fact:
        return Fact(rid, child, kind, parent, "edge", None, "Person", "Person")

    facts = [rel("1", "Gerald Ford", "FATHER", "Leslie King"), rel("2", "Michael Ford", "FATHER", "Gerald Ford"),
             rel("3", "Gerald Ford", "MOTHER", "Dorothy Gardner"), rel("4", "Leslie King", "FATHER", "Charles King"),
             rel("5", "Dorothy Gardner", "FATHER", "Levi Gardner"), rel("6", "Steven Ford", "FATHER", "Gerald Ford")]
    assert _read("Who was Gerald Ford's father?", facts) == ("Leslie King.", ["1"])
    assert _read("Who was Gerald Ford's paternal grandfather?", facts) == ("Charles King.", ["1", "4"])
    assert _read("Who was Gerald Ford's maternal grandfather?", facts) == ("Levi Gardner.", ["3", "5"])
    # ... and so do the words of "the father of X", X as typed (royal92, spent: "Louis XIV" for Louis_XIV)
    assert _read("Who was the father of Gerald Ford?", facts) == ("Leslie King.", ["1"])
    royals = [rel("7", "Louis de_France", "FATHER", "Louis_XIV"), rel("8", "Louis_XIV", "FATHER", "Louis_XIII")]
    assert _read("Who was the father of Louis XIV?", royals) == ("Louis_XIII.", ["8"])
    # a verb's relation keeps reading both ways ("X's director": (Person)-[:DIRECTED]->(Movie))
    films = [Fact("d", "Lana Wachowski", "DIRECTED", "The Matrix", "edge", None, "Person", "Movie")]
    assert _read("Who is The Matrix's director?", films)[0] == "Lana Wachowski."


def test_a_possessive_reads_a_relation_of_its_word_with_of_from_its_end() -> None:
    """(parent)-[:parent_of]->(child), as japanese-mythology (spent) writes it: "X's parent" and "the parent of X" are
    the start of the parent_of ending at X, not X's child; so is the parent after "X的" or "Xの", Chinese's and
    Japanese's possessive marks ("天忍穂耳尊の親神は誰", answered with its child)."""
    def rel(rid: str, parent: str, child: str) -> Fact:
        return Fact(rid, parent, "parent_of", child, "edge", None, "Deity", "Deity")

    facts = [rel("1", "天照大御神", "天忍穂耳尊"), rel("2", "天忍穂耳尊", "邇邇芸命")]
    for question in ("Who is 天忍穂耳尊's parent?", "Who is the parent of 天忍穂耳尊?", "天忍穂耳尊の親神は誰？",
                     "天忍穂耳尊の親は誰ですか？", "天忍穂耳尊的父亲是谁？"):
        assert _read(question, facts) == ("天照大御神.", ["1"]), question


def test_of_two_values_that_rank_alike_the_one_extending_the_other_is_read() -> None:
    """A record stores its day and its moment under two keys ("2021-01-01 00:00:00" shown as the day, and
    "2021-01-01 23:20:41"): asked when it happened, the reader gives the moment, whichever key is closer to the
    words."""
    t = "Transaction 2021-01-01 23:20:41"
    facts = [_prop("t#hash", t, "Transaction hash", "0x5e6ea428657e7ae1", "Transaction"),
             _prop("t#day", t, "datetime updated", "2021-01-01", "Transaction"),
             _prop("t#moment", t, "datetime updated seconds", "2021-01-01 23:20:41", "Transaction")]
    question = "When exactly was transaction 0x5e6ea428657e7ae1 made?"  # linked by its hash, a key
    assert _read(question, facts) == ("2021-01-01 23:20:41.", ["t#moment"])


def test_a_key_written_as_an_abbreviation_answers_the_word() -> None:
    facts = [_prop("s#lat", "Frascati", "lat", "41.865485", "Stop"),
             _prop("s#lon", "Frascati", "lon", "12.677923", "Stop")]
    assert _read("What is the longitude of Frascati?", facts) == ("12.677923.", ["s#lon"])
    assert _read("What is the latitude of Frascati?", facts) == ("41.865485.", ["s#lat"])


def test_of_two_entities_named_alike_the_one_written_as_typed_is_read() -> None:
    facts = [_prop("b#lon", "FRASCATI", "lon", "12.541804", "Stop"),
             _prop("r#lon", "Frascati", "lon", "12.677923", "Stop")]
    assert _read("What is the longitude of Frascati?", facts) == ("12.677923.", ["r#lon"])
    assert _read("What is the longitude of FRASCATI?", facts) == ("12.541804.", ["b#lon"])


def test_a_name_said_in_another_order_is_mentioned() -> None:
    """"steamed oysters" names the dish "Oysters: Steamed": the price on the menu's relationship to it is asked, not
    a number the menu itself holds."""
    facts = [_prop("m#dishes", "Virginia Hotel", "dish count", "40", "Menu"),
             _edge("s1", "Virginia Hotel", "SERVES", "Oysters: Steamed", "Menu", "Dish"),
             _prop("s1#price", "Virginia Hotel", "price", "0.4", "Menu", ("SERVES", "Oysters: Steamed")),
             _edge("s2", "Virginia Hotel", "SERVES", "Clam Chowder", "Menu", "Dish"),
             _prop("s2#price", "Virginia Hotel", "price", "0.15", "Menu", ("SERVES", "Clam Chowder"))]
    assert "Oysters: Steamed" in mentioned_names("How much did the Virginia Hotel charge for steamed oysters?",
                                                 ["Virginia Hotel", "Oysters: Steamed", "Clam Chowder"])
    assert _read("How much did the Virginia Hotel charge for steamed oysters?", facts) == ("0.4.", ["s1#price"])


def test_a_stop_is_a_place_where_asks_for() -> None:
    facts = [_prop("f#lat", "Frascati", "lat", "41.806927", "Stop"),
             _edge("r1", "Frascati", "RAIL", "Ciampino", "Stop", "Stop")]
    assert _read("Where does the train from Frascati go?", facts) == ("Ciampino.", ["r1"])


def test_a_relationship_s_property_ends_a_chain_that_reaches_a_second_named_entity() -> None:
    # "the MP for Ross": the person who REPRESENTS Ross; then the start of his MEMBER_OF the party the question names
    facts = [Fact("rep", "Ian Blackford", "REPRESENTS", "Ross, Skye and Lochaber", "edge", None, "Person",
                  "Constituency"),
             Fact("mem", "Ian Blackford", "MEMBER OF", "Scottish National Party", "edge", None, "Person", "Party"),
             Fact("mem#start", "Ian Blackford", "start", "2015-05-08", "property",
                  ("MEMBER OF", "Scottish National Party")),
             Fact("oth", "Neil Gray", "MEMBER OF", "Scottish National Party", "edge", None, "Person", "Party"),
             Fact("oth#start", "Neil Gray", "start", "2015-05-07", "property",
                  ("MEMBER OF", "Scottish National Party")),
             Fact("vote", "Scottish National Party", "AVERAGE VOTE", "Motion K", "edge", None, "Party", "Motion"),
             Fact("k#date", "Motion K", "date", "2019-03-27", "property", None, "Motion")]
    q = "Since when has the MP for Ross, Skye and Lochaber been in the Scottish National Party?"
    assert _read(q, facts) == ("2015-05-08.", ["rep", "mem#start"])
    # a relationship's property to an entity the question does not name is no step of a chain
    assert _read("Since when has the MP for Ross, Skye and Lochaber been in office?", facts)[0] != "2015-05-08."


def test_a_relationship_s_property_never_ends_a_longer_chain_that_wanders_to_the_named_entity() -> None:
    facts = [Fact("snp-m", "SNP", "AVERAGE VOTE", "Motion M (public vote)", "edge", None, "Party", "Motion"),
             Fact("snp-m#score", "SNP", "score", "0.97", "property", ("AVERAGE VOTE", "Motion M (public vote)")),
             Fact("sp-m", "Speaker", "AVERAGE VOTE", "Motion M (public vote)", "edge", None, "Party", "Motion"),
             Fact("sp-b", "Speaker", "AVERAGE VOTE", "Motion B", "edge", None, "Party", "Motion"),
             Fact("snp-b", "SNP", "AVERAGE VOTE", "Motion B", "edge", None, "Party", "Motion"),
             Fact("snp-b#score", "SNP", "score", "0.02", "property", ("AVERAGE VOTE", "Motion B"))]
    q = "What was the SNP's average vote score on Motion M (public vote)?"
    assert _read(q, facts) == ("0.97.", ["snp-m#score"])


def test_the_relation_between_two_named_entities_qualifies_them_and_is_not_asked() -> None:
    facts = [Fact("w1", "Brenda Hsueh", "WROTE EPISODE", "How Lily Stole Christmas", "edge", None, "Person",
                  "Episode"),
             Fact("w2", "Brenda Hsueh", "WROTE EPISODE", "Slutty Pumpkin", "edge", None, "Person", "Episode"),
             Fact("h#season", "How Lily Stole Christmas", "season", "2", "property", None, "Episode"),
             Fact("s#season", "Slutty Pumpkin", "season", "1", "property", None, "Episode")]
    q = "In which season is the episode How Lily Stole Christmas, written by Brenda Hsueh?"
    assert _read(q, facts) == ("2.", ["h#season"])


def test_of_several_relations_between_two_named_entities_the_question_s_word_says_which() -> None:
    # a country and a year are related three ways, each with a value: the relation's words say which is asked
    # (the words all three share, "year", say only how the two relate), typed as people type (GPD, BUDJET)
    facts = []
    for rid, rel, value in (("p", "POPULATION IN YEAR", "4336613"), ("g", "GPD IN YEAR", "127131461119.9"),
                            ("b", "BUDJET IN YEAR", "11722.0")):
        facts += [Fact(rid, "Norway", rel, "1994", "edge", None, "Country", "Year"),
                  Fact(f"{rid}#value", "Norway", "value", value, "property", (rel, "1994"), "Country")]
    assert _read("What was Norway's GDP in 1994?", facts) == ("127131461119.9.", ["g#value"])
    assert _read("What was Norway's sport budget in 1994?", facts) == ("11722.0.", ["b#value"])
    assert _read("What was Norway's population in 1994?", facts) == ("4336613.", ["p#value"])


def test_of_two_ways_that_state_as_much_the_one_reaching_one_thing_answers() -> None:
    # 2004 holds three countries' GDPs (each country a host city) and one Games (its city): "which city" is reached
    # both ways, and no word of the question is in either; the way that reaches one city answers
    facts = []
    for i, (country, city) in enumerate((("China", "Beijing"), ("Brazil", "Rio"), ("Canada", "Calgary"))):
        facts += [_edge(f"a{i}", country, "GPD IN YEAR", "2004", "Country", "Year"),
                  _edge(f"b{i}", city, "CITY IN COUNTRY", country, "City", "Country")]
    facts += [_edge("z1", "Jo 14", "JO IN YEAR", "2004", "Jo", "Year"),
              _edge("z2", "Jo 14", "JO IN CITY", "Athens", "Jo", "City")]
    assert _read("Which city hosted the 2004 Olympics?", facts) == ("Athens.", ["z1", "z2"])


def test_a_korean_question_reads_a_name_with_a_particle_and_a_code_alone_asks_for_its_entity() -> None:
    facts = [_prop("c1", "교황청", "country code", "VAT", "Country"),
             _prop("c2", "일본", "country code", "JPN", "Country"),
             _edge("n1", "교황청", "NEED", "신앙서적", "Country", "Item"),
             _edge("n2", "일본", "NEED", "엔화", "Country", "Item")]
    # "the Holy See's country code?": the country is read with its particle ("교황청의"), the key with its ("code는")
    assert _read("교황청의 country code는?", facts) == ("VAT.", ["c1"])
    # "JPN is which country's code?": named by its code alone, and nothing else said, the country is the answer
    assert _read("JPN은 어느 나라의 코드야?", facts) == ("일본.", ["c2"])


def test_a_chinese_question_over_english_keys_reads_its_title_typed_without_quotes() -> None:
    # douban-movies (spent): keys in English, questions in Chinese, titles typed with or without 《》
    facts = [_edge("d", "中国合伙人", "director", "陈可辛", "Movie", "Person"),
             _edge("c", "中国合伙人", "district", "China_中国大陆", "Movie", "Country"),
             _prop("r", "中国合伙人", "rate", "7.6", "Movie"),
             _prop("l", "中国合伙人", "language", "汉语普通话;英语", "Movie"),
             _prop("s", "中国合伙人", "showtime", "2013.0", "Movie")]
    assert _read("中国合伙人的导演是谁？", facts) == ("陈可辛.", ["d"])
    assert _read("《中国合伙人》豆瓣评分多少？", facts) == ("7.6.", ["r"])
    assert _read("中国合伙人是哪一年的电影？", facts) == ("2013.0.", ["s"])
    assert _read("中国合伙人是哪个国家的电影？", facts) == ("China_中国大陆.", ["c"])
    assert _read("中国合伙人里说了哪些语言？", facts) == ("汉语普通话;英语.", ["l"])


def test_german_question_words_and_a_number_the_record_s_name_states() -> None:
    # "where was charter n. 500 issued": a place, not its serial 500 (its name states it), nor its date
    facts = [_prop("r", "RI III,2,3 n. 500", "regnum", "500", "Regesta"),
             _prop("d", "RI III,2,3 n. 500", "end date", "1096-05-04", "Regesta"),
             _edge("p", "RI III,2,3 n. 500", "PLACE OF ISSUE", "Meißen", "Regesta", "Place")]
    assert _read("Wo wurde das Regest RI III,2,3 n. 500 ausgestellt?", facts) == ("Meißen.", ["p"])
    assert _read("Auf welchen Tag ist RI III,2,3 n. 500 datiert?", facts) == ("1096-05-04.", ["d"])
    # asked by its key, the number is the answer; asked nothing the reader reads, it is not
    assert _read("What is the regnum of RI III,2,3 n. 500?", facts) == ("500.", ["r"])
    acts = [facts[0], _edge("a", "RI III,2,3 n. 500", "ACTION", "schenken", "Regesta", "Action")]
    assert _read("Was tut Heinrich IV. im Regest RI III,2,3 n. 500?", acts) == ("schenken.", ["a"])


def test_how_hard_asks_for_a_difficulty_or_a_skill_level() -> None:
    facts = [_prop("f", "Caramel Cake", "fat", "67", "Recipe"),
             _prop("k", "Caramel Cake", "skill level", "Easy", "Recipe"),
             _prop("t", "Caramel Cake", "cooking time", "3600", "Recipe")]
    assert _read("How hard is the Caramel Cake to make?", facts) == ("Easy.", ["k"])
    assert _read("How difficult is Caramel Cake?", facts) == ("Easy.", ["k"])


def test_a_record_the_question_names_by_its_type_and_day_is_the_question_s_never_the_answer() -> None:
    # "the chart of 2019-04-05": Chart 2019-04-05, linked by that day; the position is of Bad Guy's IN CHART to it
    facts = [Fact("in1", "Bad Guy", "IN CHART", "Chart 2019-04-05", "edge", None, "Song", "Chart"),
             Fact("in1#position", "Bad Guy", "position", "2", "property", ("IN CHART", "Chart 2019-04-05")),
             Fact("in2", "Bad Guy", "IN CHART", "Chart 2019-06-07", "edge", None, "Song", "Chart"),
             Fact("in2#position", "Bad Guy", "position", "6", "property", ("IN CHART", "Chart 2019-06-07")),
             Fact("c#start", "Chart 2019-04-05", "start", "2019-04-05", "property", None, "Chart"),
             Fact("c#end", "Chart 2019-04-05", "end", "2019-04-11", "property", None, "Chart")]
    assert _read("What position was Bad Guy at in the chart of 2019-04-05?", facts) == ("2.", ["in1#position"])
    # a day the question states is never its answer: the chart's start is the given, its end the asked
    assert _read("When does the chart starting 2019-04-05 end?", facts) == ("2019-04-11.", ["c#end"])


def test_a_record_named_by_the_question_s_day_answers_by_what_is_asked_not_by_its_day() -> None:
    facts = [Fact("p1", "Gracelyn Proctor", "PERFORMS VISIT", "Visit 2020-05-02T09:06:13Z", "edge", None, "Person",
                  "Visit"),
             Fact("v1#start", "Visit 2020-05-02T09:06:13Z", "starttime", "2020-05-02T09:06:13Z", "property", None,
                  "Visit"),
             Fact("l1", "Visit 2020-05-02T09:06:13Z", "LOCATED AT", "Place nr 61", "edge", None, "Visit", "Place"),
             Fact("p2", "Gracelyn Proctor", "PERFORMS VISIT", "Visit 2020-05-04T10:00:00Z", "edge", None, "Person",
                  "Visit"),
             Fact("l2", "Visit 2020-05-04T10:00:00Z", "LOCATED AT", "Place nr 3", "edge", None, "Visit", "Place"),
             Fact("g", "Gracelyn Proctor", "VISITS", "Place nr 61", "edge", None, "Person", "Place"),
             Fact("g#start", "Gracelyn Proctor", "starttime", "2020-05-02T09:06:13.000000000+00:00", "property",
                  ("VISITS", "Place nr 61"))]
    # the start time is the question's own (it says the day and the time): "where" asks for the place
    q = "Where did Gracelyn Proctor's visit that started on 2 May 2020 at 09:06 take place?"
    assert _read(q, facts)[0] == "Place nr 61."


def _radar() -> list[Fact]:
    """Technology Radar's model: a recommendation links a technology, a radar date and a ring (its POSITION)."""
    facts = []
    for tech, date, ring, rid in (("Docker", "Jan 2015", "Trial", "a"), ("Docker", "Jul 2014", "Assess", "b"),
                                  ("Boot2docker", "Jan 2015", "Adopt", "c")):
        rec = f"Recommendation {tech}_{date}_{ring}"
        facts += [Fact(f"t{rid}", rec, "TECHNOLOGY", tech, "edge", None, "Recommendation", "Technology"),
                  Fact(f"d{rid}", rec, "ON DATE", date, "edge", None, "Recommendation", "Date"),
                  Fact(f"p{rid}", rec, "POSITION", ring, "edge", None, "Recommendation", "Position")]
    facts += [Fact("n1", "Recommendation Docker_Jul 2014_Assess", "NEXT", "Recommendation Docker_Jan 2015_Trial",
                   "edge", None, "Recommendation", "Recommendation"),
              Fact("v1", "Jan 2015", "value", "Jan 2015", "property", None, "Date"),
              Fact("v2", "Trial", "value", "Trial", "property", None, "Position")]
    return facts


def test_what_two_named_entities_share_is_read_on_to_what_it_holds() -> None:
    # the recommendation that links Docker and the Jan 2015 radar is the question's; its ring is asked, though no
    # word says POSITION; not the ring of Docker's other recommendation, nor the next recommendation
    text, evidence = _read("Which ring was Docker in on the Jan 2015 radar?", _radar())
    assert text == "Trial."
    assert evidence[-1] == "pa"


def test_a_value_that_restates_its_entity_s_name_is_never_the_answer() -> None:
    # the Date node named by its value "Jan 2015": that value says nothing the question did not
    text, _ = _read("Which ring was Docker in on the Jan 2015 radar?", _radar())
    assert text != "Jan 2015."
    # asked by its key, it is the answer (as a truck's serial number that names it)
    assert _read("What is the value of the Jan 2015 radar?", _radar()) == ("Jan 2015.", ["v1"])


def test_who_reads_on_through_a_record_to_the_one_it_concerns() -> None:
    # "who scored goal X": the appearance that had the goal is a record named by its type and key; the player
    # who made that appearance is the answer
    facts = [Fact("a", "Appearance Karim Benzema_Real Madrid in 29362894", "HAD ATTEMPT", "Goal 29362894_6970",
                  "edge", None, "Appearance", "Goal"),
             Fact("m", "Karim Benzema", "MADE APPEARANCE", "Appearance Karim Benzema_Real Madrid in 29362894",
                  "edge", None, "Player", "Appearance"),
             Fact("g#time", "Goal 29362894_6970", "time", "26:21", "property", None, "Goal")]
    # a reader whose embedding relates no relation to the question's words: only the rule reads on
    strict = ExtractiveReader(ConstantEmbedder(), chain_threshold=2.0)
    g = strict.generate("", question="Who scored goal 29362894_6970?", facts=tuple(facts))
    assert (g.text, list(g.evidence)) == ("Karim Benzema.", ["a", "m"])



def test_a_past_tense_after_which_noun_is_the_verb_not_the_noun_asked() -> None:
    # "which customer placed": a customer is asked (an agent); "placed" is no place
    facts = [_edge("o1", "Order 10248", "BOUGHT BY", "Vins et alcools", "Order", "Customer"),
             _edge("o2", "Order 10248", "SHIPPED TO", "Reims", "Order", "City")]
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), "Which customer placed order 10248?", facts)
    assert reading.wh_noun == stem("customer") and reading.wh_modifier is None
    assert reading.asked_class is not None and stem("customer") in reading.asked_class
    # a compound noun keeps its head ("which OS version": a version)
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "Which OS version runs on it?", facts).wh_noun == \
        stem("version")


def test_a_lower_case_name_beside_another_of_its_type_is_mentioned() -> None:
    # a graph that stores its diseases in lower case: "obesity" names the other end of the relationship asked
    def related(rid: str, a: str, b: str, weight: str) -> list[Fact]:
        return [Fact(rid, a, "related", b, "edge", None, "disease", "disease"),
                Fact(f"{rid}#weight", a, "weight", weight, "property", ("related", b))]

    facts = related("r1", "heart failure", "edema", "2.41") + related("r2", "heart failure", "obesity", "8.70")
    assert _read("What is the weight of the link between obesity and heart failure?", facts) == ("8.70.", ["r2#weight"])


def test_what_kind_of_thing_asks_for_its_class_whatever_the_class_is_called() -> None:
    facts = [Fact("c", "Meow Parlour", "city", "New York", "property", None, "Place"),
             Fact("a", "Meow Parlour", "address", "46 Hester St", "property", None, "Place"),
             Fact("s", "animalshelters", "CONTAINS", "Meow Parlour", "edge", None, "Subcategory", "Place")]
    assert _read("What kind of place is Meow Parlour?", facts) == ("animalshelters.", ["s"])
    assert _read("What sort of business is Meow Parlour?", facts) == ("animalshelters.", ["s"])
    # a key named as a class answers too
    facts.append(Fact("g", "Meow Parlour", "genre", "cat cafe", "property", None, "Place"))
    assert _read("What type of place is Meow Parlour?", facts)[0] in ("animalshelters.", "cat cafe.")


def test_how_many_counts_the_head_of_a_compound_noun() -> None:
    # "how many IMDb votes": votes are counted (a number stored as 325194.0 under "imdb votes"), not a runtime
    facts = [Fact("r", "Bird Box", "runtime", "124", "property", None, "Movie"),
             Fact("h", "Bird Box", "HAS IMDB", "Imdb tt2737304", "edge", None, "Movie", "Imdb"),
             Fact("v", "Imdb tt2737304", "imdb votes", "325194.0", "property", None, "Imdb")]
    assert _read("How many IMDb votes does Bird Box have?", facts) == ("325194.0.", ["h", "v"])


def test_how_many_of_a_named_thing_counts_its_units() -> None:
    # "how many Lemon Grass Rg did X buy": the product is named, not a noun to count; the order line's quantity
    # answers it, not the line's item number or the order's id, though all are whole numbers
    facts = [Fact("b", "Nevada Langley", "BOUGHT", "Order 15:54:23", "edge", None, "Customer", "Order"),
             Fact("c", "Order 15:54:23", "CONTAINS", "Lemon Grass Rg", "edge", None, "Order", "Product"),
             Fact("n", "Order 15:54:23", "item number", "1", "property", ("CONTAINS", "Lemon Grass Rg"), "Order"),
             Fact("q", "Order 15:54:23", "quantity", "2", "property", ("CONTAINS", "Lemon Grass Rg"), "Order"),
             Fact("i", "Order 15:54:23", "order id", "561", "property", None, "Order")]
    assert _read("How many Lemon Grass Rg did Nevada Langley buy?", facts)[0] == "2."


def test_where_is_answered_by_the_most_precise_place_value() -> None:
    # "where is X" with no place entity linked: X's values under a place's key answer it, a street address before
    # its city and country; coordinates name no place
    facts = [Fact("lon", "Evil Twin Brewing", "lon", "-73.9905026", "property", None, "Business"),
             Fact("city", "Evil Twin Brewing", "city", "Brooklyn", "property", None, "Business"),
             Fact("cc", "Evil Twin Brewing", "country", "US", "property", None, "Business"),
             Fact("zz", "Evil Twin Brewing", "address", "43 Main St", "property", None, "Business"),
             Fact("r", "Evil Twin Brewing", "rating", "4.5", "property", None, "Business")]
    assert _read("Where is Evil Twin Brewing?", facts) == ("43 Main St.", ["zz"])


def test_a_form_the_question_names_picks_the_value_of_that_form() -> None:
    # "the two-letter ISO code": iso2, not iso3 (both keys say "iso": a word with a number after it says the word)
    facts = [Fact("a3", "Kosovo", "iso3", "XKS", "property", None, "Country"),
             Fact("z2", "Kosovo", "iso2", "XK", "property", None, "Country"),
             Fact("c", "Kosovo", "capital", "Pristina", "property", None, "Country")]
    assert _read("What is the two-letter ISO code of Kosovo?", facts) == ("XK.", ["z2"])
    assert _read("What is the 3-letter ISO code of Kosovo?", facts) == ("XKS.", ["a3"])
    assert _read("What is the ISO code of Kosovo?", facts)[0] in ("XK.", "XKS.")


def test_how_much_is_an_amount_not_a_count_of_things() -> None:
    facts = [Fact("n", "Nevada Langley", "items in order", "2", "property", ("BOUGHT", "Order 561"), "Customer"),
             Fact("t", "Nevada Langley", "order total", "5.0", "property", ("BOUGHT", "Order 561"), "Customer"),
             Fact("b", "Nevada Langley", "BOUGHT", "Order 561", "edge", None, "Customer", "Order")]
    assert _read("How much did Nevada Langley spend on order 561?", facts)[0] == "5.0."
    assert _read("How many items did Nevada Langley buy in order 561?", facts)[0] == "2."


def test_a_value_of_the_form_asked_ends_a_chain_whose_key_says_no_word() -> None:
    # "the three-letter code of the country Kraków is in": Poland's iso3, though no word says ISO
    facts = [Fact("in", "Kraków", "IN", "Poland", "edge", None, "City", "Country"),
             Fact("pop", "Kraków", "population", "756000", "property", None, "City"),
             Fact("i3", "Poland", "iso3", "POL", "property", None, "Country"),
             Fact("i2", "Poland", "iso2", "PL", "property", None, "Country")]
    assert _read("What is the three-letter code of the country Kraków is in?", facts) == ("POL.", ["in", "i3"])


def test_two_spellings_of_the_name_said_are_one_entity_mentioned() -> None:
    # "Tokyo" matches the city Tokyo and the region Tōkyō: one mention; Japan, next to both, links nothing, so a
    # chain through it to another city's population does not outrank Tokyo's own
    facts = [Fact("ti", "Tokyo", "IN", "Japan", "edge", None, "City", "Country"),
             Fact("ri", "Tōkyō", "IN", "Japan", "edge", None, "Region", "Country"),
             Fact("ki", "Kyoto", "IN", "Japan", "edge", None, "City", "Country"),
             Fact("kp", "Kyoto", "population", "1805000", "property", None, "City"),
             Fact("tp", "Tokyo", "population", "35676000", "property", None, "City")]
    assert _read("What is the population of Tokyo?", facts) == ("35676000.", ["tp"])


def test_entities_the_same_words_name_are_one_mention_and_the_best_known_is_meant() -> None:
    # two nodes of one name told apart by a year the question does not type (a load's ghost beside the painter,
    # painter-network, spent): "Paul Klee" names both, so a friend next to both is no bridge between two named
    # entities, and his nationality does not outrank Klee's own
    facts = [Fact("f1", "Franz Marc 1880", "INFLUENCED", "Paul Klee 1879", "edge", None, "Artist", "Artist"),
             Fact("f2", "Franz Marc 1880", "INFLUENCED", "Paul Klee 1940", "edge", None, "Artist", "Artist"),
             Fact("fn", "Franz Marc 1880", "nationality", "German", "property", None, "Artist"),
             Fact("kn", "Paul Klee 1879", "nationality", "German, Swiss", "property", None, "Artist"),
             Fact("kb", "Paul Klee 1879", "birth year", "1879", "property", None, "Artist"),
             Fact("gb", "Paul Klee 1940", "birth year", "1940", "property", None, "Artist")]
    assert _read("What nationality was Paul Klee?", facts) == ("German, Swiss.", ["kn"])
    # of the two, the one the context states more of is the one asked about: the painter, not the ghost
    assert _read("When was Paul Klee born?", facts) == ("1879.", ["kb"])


def test_an_irregular_past_after_which_noun_is_the_verb_and_a_value_typed_whole_is_not_asked() -> None:
    # "which studio made X" asks for a studio: "made" is the verb (it was read as the noun asked, and "make",
    # PRODUCED_BY's synonym, named the producers; anime-top1000, spent)
    facts = [Fact("c", "Death Note", "CREATED BY", "Madhouse", "edge", None, "Anime", "Studio"),
             Fact("p", "Death Note", "PRODUCED BY", "Ashi Productions", "edge", None, "Anime", "Producer")]
    assert _read("Which studio made Death Note?", facts) == ("Madhouse.", ["c"])
    # a relationship's value the question types whole says which relationship; what it leads on to is asked
    voiced = [Fact("v", "Nana", "VOICED BY", "Romi Park", "edge", None, "Anime", "VoiceActor"),
              Fact("v#character", "Nana", "character", "Nana Osaki", "property", ("v", "Romi Park"), "Anime"),
              Fact("s", "Nana", "CREATED BY", "Madhouse", "edge", None, "Anime", "Studio")]
    assert _read("Which studio made the anime in which Romi Park voices Nana Osaki?", voiced)[0] == "Madhouse."


def test_a_preposition_of_another_language_ends_the_noun_a_which_asks_for() -> None:
    # "qué equipos de la Serie A" asks for teams (Equipo), not for a "de" (serie-a, spent: a team-mate answered)
    facts = [Fact("t", "Marco Sportiello", "TRASPASO", "ACF Fiorentina", "edge", None, "Jugador", "Equipo"),
             Fact("m", "Marten de Roon", "TRASPASO", "ACF Fiorentina", "edge", None, "Jugador", "Equipo")]
    question = "¿En qué equipos de la Serie A ha jugado Marco Sportiello?"
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)
    assert reading.wh_noun == stem("equipos") and reading.wh_modifier is None
    # ... before an article or a name only: before a lower-case word it joins a compound whose head comes first
    # ("qué líneas de metro": lines, of the metro; read as a noun "de", a station answered; madrid-metro-campuses,
    # spent)
    lines = [Fact("l", "L1", "TIENE ESTACION", "SOL", "edge", None, "Linea", "Estacion"),
             Fact("c", "SOL", "CONEXION", "TIRSO DE MOLINA", "edge", None, "Estacion", "Estacion")]
    question = "¿Qué líneas de metro pasan por Sol?"
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), question, lines)
    assert (reading.wh_noun, reading.wh_modifier) == (stem("linea"), stem("metro"))
    assert _read(question, lines) == ("L1.", ["l"])
    # ... unless the compound is a name the question says: "quel fruit de mer" names the category Fruit de mer, and
    # asks for no fruit (cuisine-nicoise, spent: read as "which fruit", a recipe the mussel is in answered)
    soup = [Fact("i", "Moule", "INGREDIENT DE", "La soupe", "edge", None, "Ingredient", "Recette"),
            Fact("k", "Moule", "CATEGORIE", "Fruit de mer", "edge", None, "Ingredient", "Categorie")]
    compound = _Reading(ExtractiveReader(ConstantEmbedder()), "Quel fruit de mer met-on dans la soupe ?", soup)
    assert compound.wh_noun != stem("fruit") and compound.wh_modifier == stem("fruit")


def test_where_asks_for_the_place_nearest_the_entity_named() -> None:
    # "where is the master taught": its campus, not a Metro station near the campus (madrid-metro-campuses, spent)
    facts = [Fact("o", "CAMPUS SUR", "OFRECE", "MASTER EN CIBERSEGURIDAD", "edge", None, "Campus", "Estudio"),
             Fact("n", "CAMPUS SUR", "CERCANA", "MIGUEL HERNANDEZ", "edge", None, "Campus", "Estacion")]
    assert _read("¿Dónde se imparte el máster en Ciberseguridad?", facts) == ("CAMPUS SUR.", ["o"])


def test_a_group_named_by_its_members_answers_with_the_others() -> None:
    # a beach-volleyball team is named by its two players (beach-volleyball, spent): reached from one of them, the
    # team's name says him back; his partner is the other member it names, unless the team itself is asked for
    team = "Phil Dalhausser + Todd Rogers"
    facts = [Fact("m1", "Phil Dalhausser", "MEMBER IN", team, "edge", None, "Player", "Team"),
             Fact("m2", "Todd Rogers", "MEMBER IN", team, "edge", None, "Player", "Team"),
             Fact("c", "Phil Dalhausser", "FROM", "United States", "edge", None, "Player", "Country")]
    assert _read("Who is Phil Dalhausser's partner?", facts) == ("Todd Rogers.", ["m1", "m2"])
    assert _read("Which team is Phil Dalhausser in?", facts)[0] == "Phil Dalhausser + Todd Rogers."


def test_a_relation_is_read_in_the_voice_the_question_says_it() -> None:
    # the entity before the verb is its subject: the start of an active relation, the end of a passive one
    facts = [Fact("a", "ripgrep-all", "DEPENDS ON", "ripgrep", "edge", None, "Package", "Package"),
             Fact("b", "ripgrep", "DEPENDS ON", "pcre2", "edge", None, "Package", "Package")]
    assert _read("What does ripgrep depend on?", facts) == ("pcre2.", ["b"])
    assert _read("What depends on ripgrep?", facts) == ("ripgrep-all.", ["a"])
    made = [Fact("m", "neovim", "PACKAGED BY", "Daniel M. Capella", "edge", None, "Package", "Person"),
            Fact("n", "Lukas Fleischer", "PACKAGED BY", "neovim", "edge", None, "Person", "Package")]
    assert _read("Who packaged neovim?", made)[0] == "Daniel M. Capella."


def test_what_is_x_asking_nothing_else_is_answered_by_its_description() -> None:
    facts = [Fact("v", "tmux", "version", "3.5_a-1", "property", None, "Package"),
             Fact("zd", "tmux", "description", "Terminal multiplexer", "property", None, "Package"),
             Fact("u", "tmux", "url", "https://github.com/tmux/tmux/wiki", "property", None, "Package")]
    assert _read("What is the tmux package?", facts) == ("Terminal multiplexer.", ["zd"])
    assert _read("What is the version of tmux?", facts)[0] == "3.5_a-1."


def test_an_agent_noun_formed_from_the_entitys_type_names_the_relation() -> None:
    # "the packager of docker" (a Package): PACKAGED_BY, though "packager" and "package" share a stem
    facts = [Fact("p", "docker", "PROVIDES", "podman-docker", "edge", None, "Package", "Package"),
             Fact("q", "podman-docker", "PACKAGED BY", "David Runge", "edge", None, "Package", "Person"),
             Fact("z", "docker", "PACKAGED BY", "Lukas Fleischer", "edge", None, "Package", "Person"),
             Fact("r", "docker", "IS IN REPO", "extra", "edge", None, "Package", "Repo")]
    assert _read("Who is the packager of docker?", facts) == ("Lukas Fleischer.", ["z"])


def test_an_entity_referred_to_by_its_type_and_its_tie_is_the_one_asked_about() -> None:
    # "the disease linked to hereditary pancreatitis": its code, not hereditary pancreatitis' own
    facts = [Fact("own", "hereditary pancreatitis", "code", "C0238339", "property", None, "Disease"),
             Fact("rel", "pancreatitis, chronic", "related", "hereditary pancreatitis", "edge", None, "Disease",
                  "Disease"),
             Fact("zc", "pancreatitis, chronic", "code", "C0149521", "property", None, "Disease")]
    assert _read("What code does the disease linked to hereditary pancreatitis have?", facts) == (
        "C0149521.", ["rel", "zc"])
    assert _read("What code does hereditary pancreatitis have?", facts)[0] == "C0238339."


def test_the_entity_after_from_is_the_start_of_the_relation() -> None:
    facts = [Fact("a", "Twyford", "ELIZABETH", "Reading", "edge", None, "Station", "Station"),
             Fact("b", "Reading", "ELIZABETH", "Twyford", "edge", None, "Station", "Station")]
    assert _read("Where does the Elizabeth line go from Reading?", facts) == ("Twyford.", ["b"])


def _matches() -> list[Fact]:
    # two matches of the same two teams; the question names one by its teams and the day one of its facts stores
    return [Fact("h1", "match 476", "HOME", "Rajasthan Royals", "edge", None, "match", "team"),
            Fact("a1", "match 476", "AWAY", "Kolkata Knight Riders", "edge", None, "match", "team"),
            Fact("d1", "match 476", "date", "4/29/2014", "property", None, "match"),
            Fact("r1", "match 476", "result", "tie", "property", None, "match"),
            Fact("p1", "match 476", "player_of_match", "JP Faulkner", "property", None, "match"),
            Fact("0v", "match 476", "PLAYED IN", "Sheikh Zayed Stadium", "edge", None, "match", "venue"),
            Fact("h2", "match 7942", "HOME", "Rajasthan Royals", "edge", None, "match", "team"),
            Fact("a2", "match 7942", "AWAY", "Kolkata Knight Riders", "edge", None, "match", "team"),
            Fact("d2", "match 7942", "date", "5/5/2018", "property", None, "match"),
            Fact("r2", "match 7942", "result", "normal", "property", None, "match")]


def test_a_record_the_question_names_by_its_type_and_a_day_its_fact_stores_is_the_question_s() -> None:
    # "the match ... on 4/29/2014": match 476 (its date fact, typed as stored), never the answer; read from it,
    # its result, though a chain from a team through the other match touches both teams too
    q = "What was the result of the match between Rajasthan Royals and Kolkata Knight Riders on 4/29/2014?"
    assert _read(q, _matches()) == ("tie.", ["r1"])
    assert _read("Who was the player of the match on 4/29/2014?", _matches()) == ("JP Faulkner.", ["p1"])


def test_a_key_typed_as_a_phrase_is_the_one_asked() -> None:
    # "player" states PLAYED IN and player_of_match alike; the question types the key whole ("the player of the
    # match"), its own entity's type among its words
    assert _read("Who was the player of the match on 4/29/2014?", _matches()[:6]) == ("JP Faulkner.", ["p1"])


def test_how_far_asks_the_distance_though_no_word_says_it() -> None:
    facts = [Fact("v#dist", "Vega", "dist", "7.6787", "property", None, "Star"),
             Fact("v#x", "Vega", "x", "1.9", "property", None, "Star"),
             Fact("v#mag", "Vega", "mag", "0.03", "property", None, "Star"),
             Fact("v#absmag", "Vega", "absmag", "0.604", "property", None, "Star")]
    assert _read("How far away is Vega?", facts) == ("7.6787.", ["v#dist"])
    # "mag" is read as magnitude; "absmag" is not the apparent one
    assert _read("What is the apparent magnitude of Vega?", facts) == ("0.03.", ["v#mag"])


def test_a_relation_written_in_another_language_is_read_by_its_cognate() -> None:
    # the graph is French, the question English: "published" is A_PUBLIE's word, "nationality" NATIONALITE's
    facts = [Fact("p", "Dargaud", "A PUBLIE", "La Serpe d'or", "edge", None, "Editeur", "Album"),
             Fact("s", "Astérix", "APPARAIT DANS", "La Serpe d'or", "edge", None, "Personnage", "Album"),
             Fact("n", "Amonbofis", "NATIONALITE", "Égyptiens", "edge", None, "Personnage", "Nationalite"),
             Fact("t", "Amonbofis", "PERSONNAGE TYPE", "Les Méchants", "edge", None, "Personnage", "PersonnageType"),
             Fact("o", "Amonbofis", "occupation", "Architecte égyptien", "property", None, "Personnage")]
    assert _read("Which publisher published La Serpe d'or?", facts) == ("Dargaud.", ["p"])
    assert _read("What nationality is Amonbofis?", facts) == ("Égyptiens.", ["n"])


def test_a_key_written_in_another_language_is_read_by_its_english_word() -> None:
    # a Portuguese graph asked in English: "population" is populacao's word, "state" the Estado linked by one
    facts = [Fact("a", "Campinas", "atividade", "Serviços", "property", None, "Cidade"),
             Fact("p", "Campinas", "populacao", "1173370", "property", None, "Cidade"),
             Fact("t", "Campinas", "tipoCidade", "Urbano", "property", None, "Cidade"),
             Fact("e", "Campinas", "PERTENCE A", "SP", "edge", None, "Cidade", "Estado")]
    assert _read("What is the population of Campinas?", facts) == ("1173370.", ["p"])
    assert _read("Which state is Campinas in?", facts) == ("SP.", ["e"])


def test_the_options_a_question_offers_name_the_key_whose_values_say_them() -> None:
    # "urban or rural": no key says either word, tipoCidade's values do (Recife's, and Olinda's beside it)
    facts = [Fact("c", "Recife", "capital", "true", "property", None, "Cidade"),
             Fact("a", "Recife", "atividade", "Serviços", "property", None, "Cidade"),
             Fact("t", "Recife", "tipoCidade", "Urbano", "property", None, "Cidade"),
             Fact("o", "Olinda", "tipoCidade", "Rural Adjacente", "property", None, "Cidade"),
             Fact("e", "Recife", "VIZINHA DE", "Olinda", "edge", None, "Cidade", "Cidade")]
    assert _read("Is Recife urban or rural?", facts) == ("Urbano.", ["t"])
    assert _read("Is Olinda classed as urban or rural?", facts) == ("Rural Adjacente.", ["o"])


def test_an_entity_named_by_a_code_alone_is_answered_by_its_name_where_its_name_is_asked() -> None:
    facts = [Fact("k", "Leucovorin calcium", "ko", "D01211", "property", None, "Drug"),
             Fact("t", "Leucovorin calcium", "treats", "Colorectal cancer", "edge", None, "Drug", "Disease"),
             Fact("h", "Mucopolysaccharidosis type VI", "ko", "H00131", "property", None, "Disease"),
             Fact("c", "Mucopolysaccharidosis type VI", "disease_category", "Lysosomal storage disease", "property",
                  None, "Disease")]
    # the entity itself, by its type; what its code stands for; asked something else, that
    assert _read("Which drug has the KEGG code D01211?", facts) == ("Leucovorin calcium.", ["k"])
    assert _read("What is disease H00131?", facts) == ("Mucopolysaccharidosis type VI.", ["h"])
    assert _read("What does drug D01211 treat?", facts) == ("Colorectal cancer.", ["t"])
    assert _read("What is the disease category of H00131?", facts)[0] == "Lysosomal storage disease."


def test_a_short_name_typed_for_stand_for_or_reached_for_a_full_name_is_answered_by_the_entitys_name() -> None:
    facts = [Fact("s", "Social Democrats", "shortName", "SD", "property", None, "Party"),
             Fact("d", "Stephen Donnelly", "party", "SD", "property", None, "Candidate"),
             Fact("i", "Independent Alliance", "shortName", "IA", "property", None, "Party"),
             Fact("r", "Shane Ross", "party", "IA", "property", None, "Candidate"),
             Fact("w", "Shane Ross", "WORKS_IN", "Independent Alliance", "edge", None, "Candidate", "Party")]
    assert _read("What does the party abbreviation SD stand for?", facts) == ("Social Democrats.", ["s"])
    # X's party by its short name: the party whose short name that is; or reached, the party itself
    assert _read("What is the full name of the party Shane Ross stood for?", facts)[0] == "Independent Alliance."
    assert _read("What is the full name of the party Stephen Donnelly stood for?", facts) == (
        "Social Democrats.", ["d", "s"])
    # a party's short name asked, not its full name
    assert _read("Which party did Stephen Donnelly stand for?", facts) == ("SD.", ["d"])


def test_a_relation_in_camel_case_and_a_short_value_say_their_words() -> None:
    facts = [Fact("b", "Vivi Laurent-Täckholm", "bornIn", "Danderyd parish", "edge", None, "Person", "Place"),
             Fact("e", "Vivi Laurent-Täckholm", "employeeOf", "Cairo University", "edge", None, "Person",
                  "Organisation"),
             Fact("x", "Fiona Hodgson", "sex", "F", "property", None, "Speaker"),
             Fact("p", "Fiona Hodgson", "parliament", "House of Lords", "property", None, "Speaker")]
    assert _read("Where did Vivi Laurent-Täckholm work?", facts) == ("Cairo University.", ["e"])
    assert _read("Which house does Fiona Hodgson sit in?", facts) == ("House of Lords.", ["p"])


def test_a_yes_no_question_is_answered_by_the_named_entitys_short_value_that_states_its_word() -> None:
    facts = [Fact("c", "Building Plans Creation", "created", "2022-02-03T19:11:53Z", "property", None, "RSD"),
             Fact("s", "Building Plans Creation", "status", "published", "property", None, "RSD"),
             Fact("o", "Port Closure", "status", "archived", "property", None, "RSD"),
             Fact("d", "Building Plans Creation", "description", "Plans published drawings for a building site",
                  "property", None, "RSD")]
    assert _read("Is the skill Building Plans Creation published?", facts) == ("published.", ["s"])
    # another entity's value, or a long text that says the word, is not the state asked
    assert _read("Is Port Closure published?", facts) == ("archived.", ["o"])


def test_a_record_named_by_its_number_its_day_before_a_number_and_a_kind_of_a_typed_thing() -> None:
    facts = [Fact("k", "Case 1/4/2020 0:00 200100509", "DR_NO", "200100509", "property", None, "Case"),
             Fact("d", "Case 1/4/2020 0:00 200100509", "DATE OCC", "1/4/2020 0:00", "property", None, "Case"),
             Fact("t", "Case 1/4/2020 0:00 200100509", "TIME OCC", "2200", "property", None, "Case"),
             Fact("c", "Case 1/4/2020 0:00 200100509", "Type", "BURGLARY", "edge", None, "Case", "Crime"),
             Fact("n", "BURGLARY", "Crm Cd", "310", "property", None, "Crime"),
             Fact("p", "Case 1/4/2020 0:00 200100509", "Involves_premise", "BEAUTY SUPPLY STORE", "edge", None,
                  "Case", "Premise")]
    # "when": the day it occurred, not a time of day or a crime's code read as years
    assert _read("When did the crime in case 200100509 occur?", facts) == ("1/4/2020 0:00.", ["d"])
    # the case is named by the number its name states, with or without the fact that stores it: that fact only says
    # what the question says, and never decides the answer
    without_key = [f for f in facts if f.id != "k"]
    assert _read("When did the crime in case 200100509 occur?", without_key) == ("1/4/2020 0:00.", ["d"])
    # "what kind of premises": a Premise, not the case's type; "what kind of crime": the Crime
    assert _read("What kind of premises did case 200100509 happen at?", facts) == ("BEAUTY SUPPLY STORE.", ["p"])
    assert _read("What kind of crime was case 200100509?", facts) == ("BURGLARY.", ["c"])


def test_a_thing_named_by_kind_and_number_is_answered_by_its_name_when_asked_what_it_is_called() -> None:
    facts = [Fact("a", "77th Street", "AREA", "12", "property", None, "Area"),
             Fact("b", "Central", "AREA", "1", "property", None, "Area"),
             Fact("l", "6200 4TH AV", "Located_in", "77th Street", "edge", None, "Location", "Area")]
    assert _read("What is LAPD area number 12 called?", facts) == ("77th Street.", ["a"])
    assert _read("What is area no. 1 called?", facts) == ("Central.", ["b"])


def test_an_entity_the_question_qualifies_a_named_one_by_is_touched_by_a_chain_from_that_one() -> None:
    # "Drake's Practice": Drake says which Practice; a chain from Practice touches him without passing him, so it is
    # not outranked by a chain through another song of Drake's that samples Practice
    facts = [Fact("a", "Practice", "HAS_ARTIST", "Drake", "edge", None, "Song", "Artist"),
             Fact("b", "Girls Love Beyonce", "HAS_ARTIST", "Drake", "edge", None, "Song", "Artist"),
             Fact("s", "Practice", "SAMPLES", "Back That Azz Up", "edge", None, "Song", "Song"),
             Fact("p", "Back That Azz Up", "PART_OF_ALBUM", "400 Degreez", "edge", None, "Song", "Album"),
             Fact("g", "Girls Love Beyonce", "SAMPLES", "Practice", "edge", None, "Song", "Song"),
             Fact("c", "Girls Love Beyonce", "PART_OF_ALBUM", "Care Package", "edge", None, "Song", "Album")]
    assert _read("Which album is the song Drake's Practice samples on?", facts) == ("400 Degreez.", ["s", "p"])


def test_a_named_entity_said_in_another_named_one_is_qualified_by_it_and_no_value_names_the_one_asked_about() -> None:
    # k-dramas (spent): "who plays X in Y" asks X's actor in that series; a role X loves, in Y too, is next to both
    # and outranked X's own `actors` before the rule; "which show does Z act in" was answered "Z" by her role's
    # `actors`, the chain back to the one named
    title = "Crash Landing on You (Korean: 사랑의 불시착)"
    facts = [Fact("a", "Hyun Bin", "AS", "Ri Jeong-hyeok", "edge", None, "Actor", "Role"),
             Fact("b", "Ri Jeong-hyeok", "IN", title, "edge", None, "Role", "Title"),
             Fact("c", "Ri Jeong-hyeok", "LOVES", "Yoon Se-ri", "edge", None, "Role", "Role"),
             Fact("d", "Yoon Se-ri", "IN", title, "edge", None, "Role", "Title"),
             Fact("e", "Yoon Se-ri", "LOVES", "Ri Jeong-hyeok", "edge", None, "Role", "Role"),
             Fact("f", "Son Ye-jin", "AS", "Yoon Se-ri", "edge", None, "Actor", "Role"),
             Fact("g", "Ri Jeong-hyeok", "actors", "Hyun Bin", "property", None, "Role"),
             Fact("h", "Yoon Se-ri", "actors", "Son Ye-jin", "property", None, "Role")]
    assert _read("Who plays Ri Jeong-hyeok in Crash Landing on You?", facts) == ("Hyun Bin.", ["g"])
    assert _read("Which show does Son Ye-jin act in?", facts)[0] == f"{title}."


def test_a_name_stored_in_lower_case_and_tied_to_a_named_entity_is_mentioned() -> None:
    # recipe-book (spent): "walnut" is a Product the Brownie's INGREDIENT reaches; read as a word, the Brownie's
    # cooking time answered "how much"
    facts = [Fact("t", "Brownie", "cooking time in min", "40", "property", None, "Recipe"),
             Fact("w", "Brownie", "INGREDIENT", "walnut", "edge", None, "Recipe", "Product"),
             Fact("wg", "Brownie", "required amount in grams", "100", "property", ("INGREDIENT", "walnut"), "Recipe"),
             Fact("s", "Brownie", "INGREDIENT", "sugar", "edge", None, "Recipe", "Product"),
             Fact("sg", "Brownie", "required amount in grams", "200", "property", ("INGREDIENT", "sugar"), "Recipe"),
             Fact("c", "walnut", "calories per 100 grams", "656", "property", None, "Product"),
             Fact("h", "honey", "calories per 100 grams", "304", "property", None, "Product")]
    assert _read("How much walnut do I need for the Brownie?", facts) == ("100.", ["wg"])
    # a lower-case name tied to no named entity stays a word of the question
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "How much honey do I need for the Brownie?",
                    facts).mentioned == {"Brownie"}
    # ... and a tag of the named film that says a word the relations ask with is the question's word, no entity
    films = [Fact("d", "Out to Sea", "directed_by", "Martha Coolidge", "edge", None, "Movie", "Person"),
             Fact("t", "Out to Sea", "has_tags", "director", "edge", None, "Movie", "Tag"),
             Fact("g", "Out to Sea", "has_tags", "sailing", "edge", None, "Movie", "Tag")]
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "who is the director of Out to Sea", films).mentioned == {
        "Out to Sea"}
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "is Out to Sea about sailing", films).mentioned == {
        "Out to Sea", "sailing"}


def test_a_share_or_a_rank_answers_how_much_only_where_the_question_says_it() -> None:
    # factbook-trade (spent): the tie's `percentage_exports` says "export" as the question does; the amount is asked
    tie = ("TRADES", "United States")
    facts = [Fact("t", "Canada", "TRADES", "United States", "edge", None, "Country", "Country"),
             Fact("a", "Canada", "amount", "446.137", "property", tie, "Country"),
             Fact("p", "Canada", "percentage exports", "0.73", "property", tie, "Country"),
             Fact("r", "Canada", "export trade rank", "1.0", "property", tie, "Country")]
    assert _read("How much did Canada export to the United States, in billions of dollars?", facts) == (
        "446.137.", ["a"])
    assert _read("What percentage of Canada's exports went to the United States?", facts) == ("0.73.", ["p"])


def test_a_noun_that_asks_for_any_value_is_said_by_the_word_before_it() -> None:
    # formula-one (spent): "which grid position" is the start's `grid`, not the `position` a driver finished in
    tie = ("PARTICIPATED_IN", "Brazilian Grand Prix 2006")
    facts = [Fact("t", "Michael Schumacher", "PARTICIPATED_IN", "Brazilian Grand Prix 2006", "edge", None, "Driver",
                  "Race"),
             Fact("p", "Michael Schumacher", "position", "4", "property", tie, "Driver"),
             Fact("g", "Michael Schumacher", "grid", "10", "property", tie, "Driver")]
    question = "From which grid position did Michael Schumacher start the 2006 Brazilian Grand Prix?"
    assert _read(question, facts) == ("10.", ["g"])
    assert _read("Which position did Michael Schumacher finish the 2006 Brazilian Grand Prix in?", facts) == (
        "4.", ["p"])


def test_a_named_entity_beside_the_record_that_links_it_to_a_named_month_is_the_one_asked_about() -> None:
    # dutch-weather-sales (spent): the month's Sales record links the Date and each category; "the figure for retail
    # sales via the internet in April 2020" is that category's value, not the record ("15.") nor the Date's month
    facts = [Fact("s", "Date 2020-04-01", "sales", "Sales 15", "edge", None, "Date", "Sales"),
             Fact("m", "Date 2020-04-01", "month", "Month 04", "edge", None, "Date", "Month"),
             Fact("o", "Sales 15", "online", "Retail sale via internet", "edge", None, "Sales", "Internet"),
             Fact("f", "Sales 15", "fashion", "Retail sale of clothes", "edge", None, "Sales", "Fashion"),
             Fact("ov", "Retail sale via internet", "value", "257.1", "property", None, "Internet"),
             Fact("fv", "Retail sale of clothes", "value", "293.0", "property", None, "Fashion"),
             Fact("dv", "Date 2020-04-01", "value", "2020-04-01", "property", None, "Date"),
             Fact("n", "Date 2020-05-01", "month", "Month 05", "edge", None, "Date", "Month")]
    assert _read("What was the figure for retail sale via internet in April 2020?", facts) == ("257.1.", ["ov"])

    # ... and where the embedding reads the Date's `sales` as closer to the question than its own key (the default
    # embedder, as on the graph), the record "Sales 15" between the two named is still no answer to it
    from xgrag.embed import default_embedder

    record = [Fact("g", "Date 2020-04-01", "google trends", "GoogleTrends 15", "edge", None, "Date", "GoogleTrends"),
              Fact("y", "Date 2020-04-01", "year", "Year 2020", "edge", None, "Date", "Year"),
              Fact("y5", "Date 2020-05-01", "year", "Year 2020", "edge", None, "Date", "Year"),
              Fact("t", "Sales 15", "total", "Retail trade", "edge", None, "Sales", "Trade"),
              Fact("d5", "Date 2020-05-01", "value", "2020-05-01", "property", None, "Date"),
              Fact("si", "Sales 15", "info", "All sales data is the percentage increase", "property", None, "Sales"),
              Fact("sc", "Sales 15", "total calc channels", "331.0", "property", None, "Sales")]
    record += [f for f in facts if f.id in ("s", "m", "o", "f", "ov", "fv", "dv")]
    question = "What was the figure for retail sales via the internet in April 2020?"
    g = ExtractiveReader(default_embedder()).generate("", question=question, facts=tuple(record))
    assert (g.text, list(g.evidence)) == ("257.1.", ["ov"])


def test_how_many_in_another_language_counts_its_own_word_not_the_english_read_beside_it() -> None:
    # nav-job-ads (spent): "hvor mange ansatte" counts the company's `antall ansatte` (357.0), not its orgnr
    facts = [Fact("a", "GINA TRICOT AS", "antall ansatte", "357.0", "property", None, "foretak"),
             Fact("o", "GINA TRICOT AS", "orgnr", "892380082", "property", None, "foretak"),
             Fact("k", "GINA TRICOT AS", "naring kode", "47.710", "property", None, "foretak")]
    assert _read("Hvor mange ansatte har Gina Tricot AS?", facts) == ("357.0.", ["a"])
    assert _read("Hva er organisasjonsnummeret til Gina Tricot AS?", facts) == ("892380082.", ["o"])


def test_which_other_asks_for_the_noun_after_other() -> None:
    # ski-resorts (spent): "which other ski resort" asks for a Resort; read as a noun "other", the resort's feature
    # "Summer Skiing" said "ski"
    facts = [Fact("f", "Thredbo", "OFFERS FEATURE", "Summer Skiing", "edge", None, "Resort", "Feature"),
             Fact("n", "Perisher", "NEAR TO", "Thredbo", "edge", None, "Resort", "Resort"),
             Fact("a", "Thredbo", "NEAR AIRPORT", "Cooma Airport", "edge", None, "Resort", "Airport")]
    assert _read("Which other ski resort is close to Thredbo?", facts) == ("Perisher.", ["n"])


def test_how_many_reads_the_number_whose_key_says_the_noun_before_other_whole_numbers() -> None:
    # nav-job-ads (spent): "how many employees has the company that sought fruit growers": the company's `antall
    # ansatte` "21.0", not the occupation's code 6112 nor the company's organisation number
    facts = [Fact("c", "Frukt- og bærprodusenter", "yrkeskode", "6112", "property", None, "yrke"),
             Fact("t", "NJØS AS", "trenger", "Frukt- og bærprodusenter", "edge", None, "foretak", "yrke"),
             Fact("a", "NJØS AS", "antall ansatte", "21.0", "property", None, "foretak"),
             Fact("o", "NJØS AS", "orgnr", "991738150", "property", None, "foretak")]
    question = "Hvor mange ansatte har bedriften som søkte etter frukt- og bærprodusenter?"
    assert _read(question, facts) == ("21.0.", ["t", "a"])


def test_a_label_beside_a_code_that_names_the_entity_mentions_it() -> None:
    # an occupation named by its SOC code, its prefLabel another name (SKOS): "software developers" mentions it
    facts = [Fact("l", "15-1252", "pref label", "Software Developers", "property", None, "Occupation"),
             Fact("c", "15-1252", "code", "15-1252", "property", None, "Occupation"),
             Fact("m", "15-1211", "pref label", "Computer Systems Analysts", "property", None, "Occupation"),
             Fact("d", "15-1211", "code", "15-1211", "property", None, "Occupation")]
    assert _read("What is the SOC code for software developers?", facts) == ("15-1252.", ["c"])
    facts += [Fact("p", "15-1252", "PART_OF", "15-1250", "edge", None, "Occupation", "Occupation"),
              Fact("q", "15-1211", "PART_OF", "15-1210", "edge", None, "Occupation", "Occupation")]
    assert _read("Which group are software developers part of?", facts) == ("15-1250.", ["p"])
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "Which group are software developers part of?",
                    facts).mentioned == {"15-1252"}


def test_a_day_of_the_week_and_a_type_spelled_out_by_its_initials() -> None:
    facts = [Fact("k", "Single 205", "crashID_orig", "20232032", "property", None, "Crash"),
             Fact("y", "Single 205", "year", "2023", "property", None, "Crash"),
             Fact("d", "Single 205", "dayweek", "Friday", "property", None, "Crash"),
             Fact("r", "Single 205", "nationalRemotenessAreas", "Inner Regional Australia", "property", None, "Crash"),
             Fact("l", "Single 205", "OCCURRED_IN_LGA", "Greater Shepparton", "edge", None, "Crash", "LGA")]
    assert _read("On what day of the week did crash 20232032 happen?", facts) == ("Friday.", ["d"])
    assert _read("In which local government area did crash 20232032 happen?", facts) == ("Greater Shepparton.", ["l"])


def test_a_record_named_by_the_two_it_is_between_is_the_one_the_question_names_in_its_order() -> None:
    """"Arsenal v Leicester City" names the match whose name holds both teams in that order (the home match), not
    the return match; its sides are what "who won" asks of it, and its facts what "on what day" asks; "when" after
    another question word joins a clause and asks no date."""
    home, away = "Match Arsenal FC Leicester City FC", "Match Leicester City FC Arsenal FC"
    facts = [_edge("1", "Arsenal FC", "WON", home, "Team", "Match"),
             _edge("2", "Leicester City FC", "LOST", home, "Team", "Match"),
             _edge("3", "Leicester City FC", "WON", away, "Team", "Match"),
             _edge("4", "Arsenal FC", "LOST", away, "Team", "Match"),
             _prop("5", home, "day name", "Fri", "Match"), _prop("6", away, "day name", "Sat", "Match"),
             _prop("7", home, "year", "2017", "Match"), _prop("8", away, "year", "2018", "Match")]
    assert _read("Who won Arsenal v Leicester City?", facts) == ("Arsenal FC.", ["1"])
    assert _read("Who won Leicester City v Arsenal?", facts) == ("Leicester City FC.", ["3"])
    assert _read("On what day did Leicester City host Arsenal?", facts) == ("Sat.", ["6"])
    assert _read("Which side lost when Arsenal hosted Leicester City?", facts) == ("Leicester City FC.", ["2"])


def test_a_web_address_answers_only_a_question_that_asks_for_a_link() -> None:
    """A product's catalogue page is no answer to "who makes X" where no key says the question's words; asked for
    ("what is the link to X") or named by its key ("X's homepage"), it is."""
    facts = [_prop("1", "Chateau Neuf 2019", "url", "https://www.example.no/p/1101", "Product"),
             _prop("2", "Chateau Neuf 2019", "produsent", "Domaine Roux", "Product"),
             _prop("3", "Chateau Neuf 2019", "homepage", "https://roux.example.fr", "Product")]
    assert _read("Who makes Chateau Neuf 2019?", facts)[0] == "Domaine Roux."
    assert _read("What is the link to Chateau Neuf 2019?", facts)[0] in ("https://www.example.no/p/1101.",
                                                                          "https://roux.example.fr.")
    assert _read("What is the homepage of Chateau Neuf 2019?", facts) == ("https://roux.example.fr.", ["3"])


def test_a_value_typed_after_a_word_of_its_key_names_its_record_and_is_not_the_answer() -> None:
    """"racket model 41": the record "Racket 41" (keyed by modelID, stated as a fact when linked by it) is the one
    asked about, and 41 is the question's own number, not its answer."""
    facts = [_prop("1", "Racket 41", "model id", "41", "Racket"),
             _prop("2", "Racket 41", "string pattern vx h", "18x20", "Racket"),
             _prop("3", "Racket 7", "string pattern vx h", "16x19", "Racket"),
             _edge("4", "Racket 41", "ACCEPTS TENSION", "Tension 27.21 22.67", "Racket", "Tension"),
             _prop("5", "Tension 27.21 22.67", "max tension", "27.21", "Tension"),
             _prop("6", "Tension 27.21 22.67", "min tension", "22.67", "Tension")]
    assert _read("What string pattern does racket model 41 have?", facts) == ("18x20.", ["2"])
    assert _read("What is the maximum tension racket model 41 accepts?", facts) == ("27.21.", ["4", "5"])


def test_the_key_word_a_value_is_typed_after_asks_nothing() -> None:
    """"call at stop 6": the calling point whose stop number is 6, and where it calls; "stop" asks for no stop
    number (the next calling point's)."""
    facts = [_prop("1", "R1 6", "stop number", "6", "CallingPoint"), _prop("2", "R1 7", "stop number", "7",
                                                                           "CallingPoint"),
             _edge("3", "R1 6", "NEXT", "R1 7", "CallingPoint", "CallingPoint"),
             _edge("4", "R1 6", "CALLS AT", "Gatwick Airport", "CallingPoint", "Station"),
             _edge("5", "R1 7", "CALLS AT", "Horley", "CallingPoint", "Station")]
    assert _read("Where does route R1 call at stop 6?", facts) == ("Gatwick Airport.", ["4"])


def test_an_entity_set_aside_by_besides_is_neither_touched_nor_the_answer() -> None:
    facts = [Fact("1", "Mega Ampharos", "IS", "Electric", "edge", None, "MegaEvolution", "Type"),
             Fact("2", "Mega Ampharos", "IS", "Dragon", "edge", None, "MegaEvolution", "Type"),
             Fact("3", "Ampharos", "MEGA EVOLVE", "Mega Ampharos", "edge", None, "Pokemon", "MegaEvolution"),
             Fact("4", "Ampharos", "IS", "Electric", "edge", None, "Pokemon", "Type"),
             Fact("5", "Ampharos", "regional pokedex number", "055", "property", None, "Pokemon")]
    # before: Electric counted as an entity the answer must touch, so the chain through Ampharos (next to both) won
    assert _read("What type is Mega Ampharos besides Electric?", facts) == ("Dragon.", ["2"])
    assert _read("What type is Mega Ampharos other than Electric?", facts) == ("Dragon.", ["2"])
    # nor is the way to an answer through it: Guy Abadia's other co-author, not Neal Stephenson's
    co = [Fact("a", "Guy Abadia", "CO AUTHORED", "Neal Stephenson", "edge", None, "Author", "Author"),
          Fact("b", "Dan Simmons", "CO AUTHORED", "Guy Abadia", "edge", None, "Author", "Author"),
          Fact("c", "Neal Stephenson", "CO AUTHORED", "Pedro Jorge Romero", "edge", None, "Author", "Author")]
    assert _read("Who has Guy Abadia co-authored with besides Neal Stephenson?", co) == ("Dan Simmons.", ["b"])
    # said only as something set aside, the entity named alone is still read
    assert _read("Which Pokemon is Electric besides Mega Ampharos?", facts)[0] == "Ampharos."


def test_a_yes_no_question_naming_two_entities_is_answered_by_the_fact_between_them() -> None:
    facts = [Fact("1", "Snorlax", "IS", "Normal", "edge", None, "Pokemon", "Type"),
             Fact("2", "Munchlax", "EVOLVE", "Snorlax", "edge", None, "Pokemon", "Pokemon"),
             Fact("3", "Munchlax", "IS", "Normal", "edge", None, "Pokemon", "Type")]
    # before: Munchlax, the entity next to both
    assert _read("Is Snorlax a Normal type?", facts) == ("Normal.", ["1"])
    # no fact between them: read as any question (no "no" from a context, which is not the graph)
    assert _read("Is Snorlax a Normal type?", facts[1:])[0] != "Normal."


def test_a_relationships_value_ends_a_chain_where_its_key_is_the_noun_asked() -> None:
    facts = [Fact("e1", "Riolu", "EVOLVE", "Lucario", "edge", None, "Pokemon", "Pokemon"),
             Fact("e2", "Lucario", "MEGA EVOLVE", "Mega Lucario", "edge", None, "Pokemon", "MegaEvolution"),
             Fact("e2#megaStone", "Lucario", "mega stone", "Lucarionite", "property", ("MEGA EVOLVE", "Mega Lucario")),
             Fact("e1#condition", "Riolu", "condition", "High Friendship", "property", ("EVOLVE", "Lucario"))]
    # before: Mega Lucario, the relationship's end (its value was read only towards an entity the question names)
    assert _read("Which mega stone does the Pokemon that Riolu evolves into use?", facts) == (
        "Lucarionite.", ["e1", "e2#megaStone"])


def _repo_facts() -> list[Fact]:
    return [Fact("hc", "pypsa-eur", "HAS COMMIT", "Commit 2026-03-06", "edge", None, "Repository", "Commit"),
            Fact("hc2", "pypsa-eur", "HAS COMMIT", "Commit 2026-02-04", "edge", None, "Repository", "Commit"),
            Fact("ac", "Jack Gregory", "AUTHORED COMMIT", "Commit 2026-03-06", "edge", None, "Contributor", "Commit"),
            Fact("ac2", "Ann Lee", "AUTHORED COMMIT", "Commit 2026-02-04", "edge", None, "Contributor", "Commit"),
            Fact("m", "Commit 2026-03-06", "message", "Update installation.rst (#2116)", "property", None, "Commit"),
            Fact("m2", "Commit 2026-02-04", "message", "Fix typo", "property", None, "Commit"),
            Fact("pr", "pypsa-eur", "HAS PR", "Update installation.rst", "edge", None, "Repository", "PullRequest"),
            Fact("pa", "Update installation.rst", "author", "fneum", "property", None, "PullRequest"),
            Fact("o", "pypsa-eur", "owner", "PyPSA", "property", None, "Repository")]


def test_a_quoted_text_a_fact_states_names_its_entity_and_the_name_quoted_in_part_does_not() -> None:
    # before: the pull request named by a part of the quote was the question's, and pypsa-eur's commits its answers
    assert _read('Who wrote the pypsa-eur commit "Update installation.rst (#2116)"?', _repo_facts()) == (
        "Jack Gregory.", ["ac"])
    # a quote that is an entity's whole name names that entity
    assert _read('Who opened the pypsa-eur pull request "Update installation.rst"?', _repo_facts()) == (
        "fneum.", ["pa"])


def test_a_name_stored_under_an_agents_key_ends_a_chain_for_who() -> None:
    facts = [Fact("c", "Update multiqc wrapper", "CLOSES", "Error in rule multiqc", "edge", None, "PullRequest",
                  "Issue"),
             Fact("a", "Error in rule multiqc", "author", "valery-shap", "property", None, "Issue"),
             Fact("t", "Error in rule multiqc", "created at", "2024-02-07T13:22:25Z", "property", None, "Issue"),
             Fact("pa", "Update multiqc wrapper", "author", "njohner", "property", None, "PullRequest")]
    # before: the issue itself (no word of the question says "author", so the chain could not go on)
    assert _read('Who opened the issue that the pull request "Update multiqc wrapper" closes?', facts) == (
        "valery-shap.", ["c", "a"])


def test_a_value_many_entities_hold_is_not_typed_as_a_name() -> None:
    facts = [Fact("h1", "Error during DRAM download", "HAS ISSUE", "atlas", "edge", None, "Issue", "Repository"),
             Fact("c1", "Fix dram", "CLOSES", "Error during DRAM download", "edge", None, "PullRequest", "Issue"),
             Fact("s1", "Fix dram", "state", "CLOSED", "property", None, "PullRequest"),
             Fact("s2", "Patch 1", "state", "CLOSED", "property", None, "PullRequest"),
             Fact("s3", "Fixed typo", "state", "CLOSED", "property", None, "PullRequest"),
             Fact("h2", "Patch 1", "HAS PR", "atlas", "edge", None, "PullRequest", "Repository")]
    # before: "pull request closed" typed "closed" after the type's word, and every closed pull request was named
    assert _read('Which pull request closed the atlas issue "Error during DRAM download"?', facts) == (
        "Fix dram.", ["c1"])


def test_a_train_named_by_its_number_and_the_company_a_present_tense_asks_for() -> None:
    # records named by their label and key ("Trip 15701"); the question names one by its number alone and its kind
    # in other words ("train"), as linking linked it (Linker._by_record_number); "runs" is the question's verb, not
    # the head of "which company ...": the Agency two hops on is of the class asked (an organisation)
    facts = [_prop("p1", "Trip 15701", "id", "15701", "Trip"), _prop("p2", "Trip 15701", "delay", "0", "Trip"),
             _prop("p3", "Trip 1533", "id", "1533", "Trip"), _prop("p4", "Trip 1533", "delay", "0", "Trip"),
             _edge("r1", "Trip 15701", "FOR", "Route 37", "Trip", "Route"),
             _edge("r2", "Trip 1533", "FOR", "Route 900", "Trip", "Route"),
             _edge("r3", "Route 37", "BELONGS TO", "Interregional Calatori", "Route", "Agency"),
             _edge("r4", "Route 900", "BELONGS TO", "CFR Calatori", "Route", "Agency")]
    assert _read("Which company runs train 15701?", facts) == ("Interregional Calatori.", ["r1", "r3"])
    assert _read("Which operator runs train 1533?", facts) == ("CFR Calatori.", ["r2", "r4"])
    # a number after a word that makes it a quantity names no train
    assert _read("Which company runs more than 1533?", facts)[0] != "CFR Calatori."


def test_a_record_whose_name_is_a_node_of_its_own_is_answered_and_named_by_it() -> None:
    # eu-rail-network: operation points are records ("Station DE0MFSN"), their names nodes of their own joined by
    # NAMED; a sight is near the record. The station is answered by its name, the naming fact cited; a question
    # naming two stations by those names reads the section between the records, and "how long" asks its length
    # (a key written as one word), not a longitude stored as "long"
    facts = [_edge("n1", "Station DE0MFSN", "NAMED", "Füssen", "Station", "OperationPointName"),
             _edge("near", "Station DE0MFSN", "IS NEAR", "Neuschwanstein Castle", "Station", "POI"),
             _prop("p1", "Neuschwanstein Castle", "long", "10.75", "POI"),
             _edge("n2", "Station DE000MH", "NAMED", "München Hbf", "Station", "OperationPointName"),
             _edge("n3", "Junction DE0MAKN", "NAMED", "München Kanal", "Junction", "OperationPointName"),
             _edge("s", "Station DE000MH", "SECTION", "Junction DE0MAKN", "Station", "Junction"),
             _prop("s#len", "Station DE000MH", "sectionlength", "5.4", None, ("SECTION", "Junction DE0MAKN")),
             _prop("p2", "Station DE000MH", "long", "11.55", "Station")]
    text, evidence = _read("Which station is nearest to Neuschwanstein Castle?", facts)
    assert text == "Füssen." and set(evidence) == {"near", "n1"}
    assert _read("How long is the section from München Hbf to München Kanal?", facts)[0] == "5.4."
    # a name not given by a naming relation is no name: the record is answered by the key it is shown with (its
    # label before the key is the display's, no value of the graph)
    other = [_edge("n1", "Station DE0MFSN", "SERVES", "Füssen", "Station", "Town"), facts[1]]
    assert _read("Which station is nearest to Neuschwanstein Castle?", other)[0] == "DE0MFSN."


def test_how_long_is_a_route_asks_its_distance() -> None:
    # a route between two airports holds its distance and its stops: "how long" asks the distance where no length
    # or duration is stated
    facts = [_edge("a", "Keflavik Airport", "HAS ROUTE", "Route 16 340", "Airport", "Route"),
             _edge("b", "Frankfurt Airport", "HAS ROUTE", "Route 16 340", "Airport", "Route"),
             _prop("s", "Route 16 340", "stops", "0", "Route"),
             _prop("z", "Route 16 340", "distance", "2401.2", "Route")]
    assert _read("How long is the route from Keflavik Airport to Frankfurt Airport?", facts)[0] == "2401.2."


def test_a_parent_asked_is_read_from_the_child_s_relation() -> None:
    # got-wiki: Tyrion -SON_OF-> Tywin; the character's actor is a fact of his; "father" names SON_OF read forward
    facts = [_prop("a", "Tyrion Lannister", "actor", "Peter Dinklage", "Character"),
             _edge("s", "Tyrion Lannister", "SON OF", "Tywin Lannister", "Character", "Character"),
             _edge("t", "Jaime Lannister", "SON OF", "Tywin Lannister", "Character", "Character")]
    assert _read("Who is Tyrion Lannister's father?", facts) == ("Tywin Lannister.", ["s"])
    assert _read("Who is Tywin Lannister's son?", facts)[0] in ("Tyrion Lannister.", "Jaime Lannister.")


def _garment() -> list[Fact]:
    # met-fashion (spent) as the context renders it: a garment named by its page, its title stored in quotes
    g = "https://www.metmuseum.org/art/collection/search/156600"
    return [_edge("y", g, "MADE IN", "Year 1938", "Garment", "Year"),
            _edge("c", "Schiaparelli", "CREATED", g, "Designer", "Garment"),
            _prop("m", g, "medium", "wool, silk", "Garment"),
            _prop("t", g, "title", '"Double Slipper Beret"', "Garment"),
            _prop("d", g, "date", "spring 1938", "Garment")]


def test_a_title_stored_in_quotes_names_its_record_as_the_question_quotes_it() -> None:
    # ... among another house's garment: the quote says which one
    other = [_edge("c2", "Lanvin", "CREATED", "https://m/2", "Designer", "Garment"),
             _prop("t2", "https://m/2", "title", '"La Traviata"', "Garment")]
    assert _read('Who created the "Double Slipper Beret"?', _garment() + other) == ("Schiaparelli.", ["c"])
    assert _read('Who created the "La Traviata"?', _garment() + other) == ("Lanvin.", ["c2"])


def test_a_title_one_entity_holds_names_it_where_the_question_says_it() -> None:
    # met-fashion (spent): an artwork named by its page, known by its title; a title several hold names none
    facts = [_prop("t", "https://m/253373", "title", "Marble statue of a wounded Amazon", "Artwork"),
             _prop("c", "https://m/253373", "culture", "Roman", "Artwork"),
             _prop("t2", "https://m/257642", "title", "Marble head of a youth", "Artwork"),
             _prop("c2", "https://m/257642", "culture", "Greek", "Artwork")]
    assert _read("Which culture made the Marble statue of a wounded Amazon?", facts) == ("Roman.", ["c"])
    assert _read("Which culture made the Marble head of a youth?", facts) == ("Greek.", ["c2"])


def test_what_a_thing_is_made_of_is_its_material_not_where_or_by_whom_it_was_made() -> None:
    assert _read('What is the "Double Slipper Beret" made of?', _garment()) == ("wool, silk.", ["m"])
    # MADE_IN states "made" said alone or with its preposition (where the garment stores no date of its own) ...
    undated = [f for f in _garment() if f.id != "d"]
    # (a Year node shown as "Year 1938", said by its key)
    assert _read('What year was the "Double Slipper Beret" made in?', undated) == ("1938.", ["y"])
    # ... and where it stores its own date too (a season of the year), the Year record MADE_IN reaches is a date as
    # well (`labelled_date`), and the words decide between the two: "made" is MADE_IN's
    assert _read('What year was the "Double Slipper Beret" made in?', _garment()) == ("1938.", ["y"])
    # ... a date value still outranks a record that is no date, as any date value does
    unyeared = [f if f.id != "y" else _edge("y", f.head, "MADE IN", "Paris", "Garment", "City") for f in _garment()]
    assert _read('What year was the "Double Slipper Beret" made in?', unyeared) == ("spring 1938.", ["d"])


def test_a_verb_with_its_object_asks_for_the_agent_not_a_relation_of_the_verb_and_a_preposition() -> None:
    # "which house made the X": the maker (CREATED, a synonym of making), not the year it was MADE_IN
    assert _read('Which couture house made the "Double Slipper Beret"?', _garment()) == ("Schiaparelli.", ["c"])
    # an agent's BY relation does answer the verb with its object
    films = [_edge("1", "Film A", "DIRECTED BY", "Dan S", "Movie", "Person"),
             _edge("2", "Film A", "SHOT IN", "Utah", "Movie", "Place")]
    assert _read("Who directed the film Film A?", films) == ("Dan S.", ["1"])


def test_a_code_copied_onto_the_records_of_its_owner_names_the_owner_only() -> None:
    # camara-deputados (spent): each deputy of PSOL holds "PSOL" as siglaPartido, a copy of the party's sigla
    facts = [_prop("s", "Partido Socialismo e Liberdade", "sigla", "PSOL", "Partido"),
             _prop("u", "Partido Socialismo e Liberdade", "uri", "https://example.org/partidos/36839", "Partido"),
             _edge("p1", "Ivan Valente", "PERTENCE A", "Partido Socialismo e Liberdade", "Deputado", "Partido"),
             _edge("p2", "Erika Hilton", "PERTENCE A", "Partido Socialismo e Liberdade", "Deputado", "Partido"),
             _prop("c1", "Ivan Valente", "sigla partido", "PSOL", "Deputado"),
             _prop("c2", "Erika Hilton", "sigla partido", "PSOL", "Deputado")]
    assert _read("What is the full name of the party PSOL?", facts) == ("Partido Socialismo e Liberdade.", ["s"])
    # without the relationships, no holder is the owner: each is named by the code
    alone = [f for f in facts if f.kind == "property"]
    assert _read("What is the full name of the party PSOL?", alone)[0] != "Partido Socialismo e Liberdade."


def test_a_title_quoted_before_what_the_thing_is_names_its_record() -> None:
    # met-fashion (spent): "\"La Sirène\" Evening dress" among Charles James's many evening dresses
    facts = [_edge("c", "Charles James", "CREATED", "https://m/1", "Designer", "Garment"),
             _prop("t", "https://m/1", "title", '"La Sirène" Evening dress', "Garment"),
             _prop("d", "https://m/1", "date", "1939", "Garment"),
             _edge("c2", "Charles James", "CREATED", "https://m/2", "Designer", "Garment"),
             _prop("t2", "https://m/2", "title", "Evening dress", "Garment"),
             _prop("d2", "https://m/2", "date", "1932", "Garment")]
    assert _read('When is Charles James\'s "La Sirène" evening dress dated?', facts) == ("1939.", ["d"])


def test_how_tall_is_answered_by_the_height_however_it_is_written() -> None:
    # nfl-rosters (spent): a height "6-5" is no amount; the weight 289 is, and was answered
    facts = [_prop("h", "J.J. Watt", "height", "6-5", "Player"), _prop("w", "J.J. Watt", "weight", "289", "Player")]
    assert _read("How tall is J.J. Watt?", facts) == ("6-5.", ["h"])
    assert _read("How heavy is J.J. Watt?", facts) == ("289.", ["w"])


def test_capitals_inside_a_name_said_whole_are_no_initials() -> None:
    # nfl-rosters (spent): "J.J." of "J.J. Watt" also abbreviates his teammate Johnathan Joseph, whose height a chain
    # through their team answered
    facts = [_prop("h", "J.J. Watt", "height", "6-5", "Player"), _prop("w", "J.J. Watt", "weight", "295", "Player"),
             _edge("t", "J.J. Watt", "PLAYS FOR", "Houston Texans", "Player", "Team"),
             _edge("t2", "Johnathan Joseph", "PLAYS FOR", "Houston Texans", "Player", "Team"),
             _prop("h2", "Johnathan Joseph", "height", "5-11", "Player")]
    assert _read("How tall is J.J. Watt?", facts) == ("6-5.", ["h"])
    # said alone, the capitals still abbreviate the one name with those initials
    assert _read("How tall is JJ?", facts) == ("5-11.", ["h2"])


def test_a_count_of_a_unit_asks_for_the_key_that_measures_in_it() -> None:
    # san-diego-places (spent): a Zillow listing's size and beds, both answered by its price
    facts = [_prop("p", "1051 Myrtle Way", "price", "2998000", "Property"),
             _prop("s", "1051 Myrtle Way", "size", "4629", "Property"),
             _prop("b", "1051 Myrtle Way", "bed", "4", "Property"),
             _prop("y", "1051 Myrtle Way", "year built", "1930", "Property")]
    assert _read("How many square feet is 1051 Myrtle Way?", facts) == ("4629.", ["s"])
    assert _read("How many bedrooms does 1051 Myrtle Way have?", facts) == ("4.", ["b"])
    assert _read("What is the price of 1051 Myrtle Way?", facts) == ("2998000.", ["p"])


def test_a_relation_word_a_what_asks_for_has_no_voice_and_grade_means_rank() -> None:
    # crinacle-iems (spent): "what grade did X give the IE600" asks IE600 -RANKED-> what; "grade" before the name was
    # read as the verb's subject, so the chain from the IE600 was read against its voice and the technical grade won
    facts = [_edge("r", "IE600", "RANKED", "A+", "Products", "Ranks"),
             _prop("t", "IE600", "technical rank", "S-", "Products"),
             _edge("r2", "IE900", "RANKED", "B+", "Products", "Ranks")]
    assert _read("What grade did Crinacle give the IE600?", facts) == ("A+.", ["r"])
    assert _read("What rank does the IE600 have?", facts) == ("A+.", ["r"])


def test_who_makes_is_who_produces() -> None:
    # crinacle-iems (spent): Moondrop -PRODUCES-> Blessing 2, where the product's tester ("owner") answered
    facts = [_edge("p", "Moondrop", "PRODUCES", "Blessing 2", "Brands", "Products"),
             _prop("o", "Blessing 2", "owner", "Review unit", "Products"),
             _edge("p2", "Moondrop", "PRODUCES", "Aria", "Brands", "Products")]
    assert _read("Who makes the Blessing 2?", facts) == ("Moondrop.", ["p"])
    assert _read("Which brand manufactures the Blessing 2?", facts) == ("Moondrop.", ["p"])


def test_an_entity_named_by_its_code_leaves_no_part_of_another_name_read() -> None:
    # mitre-attack (spent): "exploit" begins the attack pattern "Exploit Script-Based APIs"; read as its mention,
    # "exploit" left the question's words and another pattern's likelihood of attack answered
    facts = [_prop("c", "Cross-Site Request Forgery (CSRF)", "cwe id", "CWE-352", "CWE"),
             _prop("l", "Cross-Site Request Forgery (CSRF)", "likelihood of exploit", "Medium", "CWE"),
             _edge("k", "Exploit Script-Based APIs", "RELATES TO", "Cross-Site Request Forgery (CSRF)", "CAPEC", "CWE"),
             _prop("a", "Exploit Script-Based APIs", "likelihood of attack", "High", "CAPEC")]
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), "What is the likelihood of exploit of CWE-352?", facts)
    assert reading.mentioned == {"Cross-Site Request Forgery (CSRF)"} and "exploit" in reading.q_stems
    assert _read("What is the likelihood of exploit of CWE-352?", facts) == ("Medium.", ["l"])
    # with no code typed, the part of the name is still read ("exploit script" names the pattern)
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "How likely is the exploit script attack?",
                    facts).mentioned == {"Exploit Script-Based APIs"}


def test_originate_meets_origin() -> None:
    # mitre-attack (spent): the group's own year of origin, not that of a group from a country it targets
    facts = [_prop("y", "Machete", "year of origin", "2010", "Group"),
             _edge("t", "Machete", "TARGETS", "Russian Federation", "Group", "Country"),
             _edge("o", "Sandworm Team", "ORIGINATES", "Russian Federation", "Group", "Country"),
             _prop("y2", "Sandworm Team", "year of origin", "2009", "Group")]
    assert _read("In what year did the Machete group originate?", facts) == ("2010.", ["y"])


def test_who_won_is_the_participant_whose_tie_states_the_first_place() -> None:
    # formula-one (spent): "who won the 2012 Brazilian Grand Prix" read whichever driver's tie read closest; the
    # winner is the driver whose PARTICIPATED_IN states position 1 (positionOrder 1 too), not the one whose fastest
    # lap ranks 1 or who started first
    race = "Brazilian Grand Prix 2012"
    via = ("PARTICIPATED IN", race)
    facts = [_edge("h", "Autódromo José Carlos Pace", "HOSTED", race, "Circuit", "Race")]
    for i, (driver, position, rank, grid) in enumerate([("Michael Schumacher", "7", "1", "13"),
                                                        ("Jenson Button", "1", "3", "2"),
                                                        ("Fernando Alonso", "2", "4", "7"),
                                                        ("Lewis Hamilton", "\\N", "2", "1")]):
        facts += [_edge(f"p{i}", driver, "PARTICIPATED IN", race, "Driver", "Race"),
                  _prop(f"pos{i}", driver, "position", position, "Driver", via),
                  _prop(f"ord{i}", driver, "position order", position.replace("\\N", "20"), "Driver", via),
                  _prop(f"rank{i}", driver, "rank", rank, "Driver", via),
                  _prop(f"grid{i}", driver, "grid", grid, "Driver", via),
                  _prop(f"n{i}", driver, "nationality", ["German", "British", "Spanish", "British"][i], "Driver")]
    assert _read("Who won the 2012 Brazilian Grand Prix?", facts)[0] == "Jenson Button."
    assert _read("Who finished second at the 2012 Brazilian Grand Prix?", facts)[0] == "Fernando Alonso."
    assert _read("What nationality is the driver who won the 2012 Brazilian Grand Prix?", facts)[0] == "British."


def test_where_a_race_was_held_is_the_circuit_that_hosted_it() -> None:
    # formula-one (spent): a Circuit was no place, so "where" read one of the race's drivers
    race = "British Grand Prix 1950"
    facts = [_edge(f"p{i}", driver, "PARTICIPATED IN", race, "Driver", "Race")
             for i, driver in enumerate(["Toulo de Graffenried", "Louis Chiron", "Joe Kelly"])]
    facts += [_edge("x", "Silverstone Circuit", "HOSTED", race, "Circuit", "Race"),
              _prop("d", race, "date", "1950-05-13", "Race")]
    assert _read("Where was the 1950 British Grand Prix held?", facts) == ("Silverstone Circuit.", ["x"])


def test_why_asks_for_a_reason_under_a_key_that_stores_one() -> None:
    # formula-one (spent): "why did Lewis Hamilton retire" answered his laps; the tie's status says why
    via = ("PARTICIPATED IN", "Malaysian Grand Prix 2016")
    facts = [_edge("p", "Lewis Hamilton", "PARTICIPATED IN", "Malaysian Grand Prix 2016", "Driver", "Race"),
             _prop("a", "Lewis Hamilton", "laps", "40", "Driver", via),
             _prop("b", "Lewis Hamilton", "grid", "1", "Driver", via),
             _prop("z", "Lewis Hamilton", "status", "Engine", "Driver", via)]
    assert _read("Why did Lewis Hamilton retire from the 2016 Malaysian Grand Prix?", facts) == ("Engine.", ["z"])


def test_a_value_of_a_tie_to_what_the_question_sets_aside_is_no_answer() -> None:
    # covid-vaccinations (spent): "besides Pfizer/BioNTech" set the vaccine aside, but the date of Hong Kong's tie to
    # it still answered
    facts = [_edge("u1", "Hong Kong", "USES", "Pfizer/BioNTech", "Country", "Vaccine"),
             _prop("d1", "Hong Kong", "first used", "2021-03-06", "Country", ("USES", "Pfizer/BioNTech")),
             _edge("u2", "Hong Kong", "USES", "Sinovac", "Country", "Vaccine"),
             _prop("d2", "Hong Kong", "first used", "2021-02-22", "Country", ("USES", "Sinovac"))]
    assert _read("Besides Pfizer/BioNTech, which COVID vaccine did Hong Kong use?", facts)[0] == "Sinovac."
    assert _read("Which vaccine other than Pfizer/BioNTech was used in Hong Kong?", facts)[0] == "Sinovac."


def test_the_first_of_a_kind_is_read_off_its_numbers() -> None:
    # tv-series (spent): the series' own director answered "who directed the first episode of The Wire"
    facts = [_edge("s", "Joy Kecken", "DIRECTED", "The Wire", "Person", "TvSeries")]
    for i, (season, episode, director) in enumerate([(2, 1, "Ed Bianchi"), (1, 1, "Clark Johnson"),
                                                     (1, 2, "Clark Johnson"), (1, 3, "Tim Van Patten"),
                                                     (2, 2, "Ernest Dickerson")]):
        ep = f"Episode tt074945{i}"
        facts += [_edge(f"h{i}", "The Wire", "HAS EPISODE", ep, "TvSeries", "Episode"),
                  _edge(f"d{i}", director, "DIRECTED", ep, "Person", "Episode"),
                  _prop(f"s{i}", ep, "season number", str(season), "Episode"),
                  _prop(f"n{i}", ep, "episode number", str(episode), "Episode")]
    assert _read("Who directed the first episode of The Wire?", facts) == ("Clark Johnson.", ["h1", "d1"])
    assert _read("Who directed the last episode of The Wire?", facts) == ("Ernest Dickerson.", ["h4", "d4"])
    assert _read("Who directed season 2 episode 1 of The Wire?", facts) == ("Ed Bianchi.", ["h0", "d0"])
    assert _read("Who directed The Wire?", facts) == ("Joy Kecken.", ["s"])


def test_a_key_in_portuguese_says_its_english_word_and_a_link_to_the_thing_does_not_name_it() -> None:
    # camara-deputados (spent): "partido" is the party ("uf" the state), and uriPartido only points to it
    facts = [_prop("s", "Adilson Barroso", "siglaPartido", "PL", "Deputado"),
             _prop("u", "Adilson Barroso", "uriPartido", "https://dadosabertos.camara.leg.br/api/v2/partidos/37906",
                   "Deputado"),
             _prop("e", "Adilson Barroso", "email", "dep.adilsonbarroso@camara.leg.br", "Deputado"),
             _prop("f", "Adilson Barroso", "siglaUf", "SP", "Deputado")]
    assert _read("What party is Adilson Barroso a member of?", facts) == ("PL.", ["s"])
    assert _read("Which state does Adilson Barroso represent?", facts) == ("SP.", ["f"])
    # asked for the link, the link answers
    assert _read("What is the URI of Adilson Barroso's party?", facts)[1] == ["u"]


def test_when_is_answered_by_a_span_of_time_as_by_a_date() -> None:
    # dinosaurs (spent): the Period Allosaurus lived during, not the millions of years its relationship states
    facts = [_edge("p", "Allosaurus", "LIVED DURING", "Late Jurassic", "Dinosaur", "Period"),
             _edge("c", "Allosaurus", "LIVED IN", "USA", "Dinosaur", "Country"),
             _prop("n", "Allosaurus", "named year", "1877", "Dinosaur")]
    facts.append(_prop("t", "Allosaurus", "to", "144", "Dinosaur", via=("LIVED DURING", "Late Jurassic")))
    assert _read("When did Allosaurus live?", facts) == ("Late Jurassic.", ["p"])
    assert _read("When was Allosaurus named?", facts) == ("1877.", ["n"])


def _chess() -> list[Fact]:
    """Two games of one championship and their players (chess-championships, spent), as the context renders them."""
    facts = [_edge("w1", "Steinitz Wilhelm", "playsIn", "Game 1", "Player", "Game"),
             _edge("b1", "Zukertort Johannes", "playsIn", "Game 1", "Player", "Game"),
             _edge("w2", "Steinitz Wilhelm", "playsIn", "Game 2", "Player", "Game"),
             _edge("b2", "Zukertort Johannes", "playsIn", "Game 2", "Player", "Game"),
             _edge("e1", "Game 1", "belongsTo", "World Championship 1st", "Game", "Event"),
             _edge("e2", "Game 2", "belongsTo", "World Championship 1st", "Game", "Event"),
             _prop("o1", "Game 1", "opening", "Queen's Gambit Declined Slav", "Game"),
             _prop("o2", "Game 2", "opening", "Ruy Lopez", "Game"),
             _prop("r1", "Game 1", "result", "black", "Game"),
             _prop("s", "World Championship 1st", "site", "USA", "Event")]
    # a relationship's property, its id the relationship's and its key (as xgrag.model.graph.PropertyFact names it)
    facts.append(_prop("w1#color", "Steinitz Wilhelm", "color", "black", "Player", via=("playsIn", "Game 1")))
    facts.append(_prop("b1#color", "Zukertort Johannes", "color", "white", "Player", via=("playsIn", "Game 1")))
    return facts


def test_a_named_entitys_own_value_beats_its_siblings_reached_through_a_shared_neighbour() -> None:
    # "played" is said by playsIn: Game 1 -playsIn- Steinitz -playsIn- Game 2 -opening- states two question words
    assert _read("Which opening was played in game 1?", _chess()) == ("Queen's Gambit Declined Slav.", ["o1"])


def test_a_type_word_typed_beside_the_name_speaks_of_no_other_of_its_kind() -> None:
    # exrx-exercises (spent): "the Push Pull exercise" is the one named; Push Pull -USES- Cable -USES- Pull-up
    # -force- states "use" too, yet reads another exercise's force, as a sibling reached through a shared neighbour
    facts = [_edge("u1", "Push Pull", "USES EQUIPMENT", "Cable", "ExerciseVariant", "Equipment"),
             _edge("u2", "Pull-up", "USES EQUIPMENT", "Cable", "ExerciseVariant", "Equipment"),
             _prop("f1", "Push Pull", "force", "Push & Pull", "ExerciseVariant"),
             _prop("f2", "Pull-up", "force", "Pull", "ExerciseVariant")]
    assert _read("What kind of force does the Push Pull exercise use?", facts) == ("Push & Pull.", ["f1"])
    assert _read("What kind of force does the exercise Push Pull use?", facts) == ("Push & Pull.", ["f1"])


def test_a_word_stored_on_a_relationship_says_which_one_and_a_name_says_the_noun_asked() -> None:
    assert _read("Who played black in game 1?", _chess()) == ("Steinitz Wilhelm.", ["w1"])
    # no type is called a championship: the Event whose name says it is asked
    # (read through the game's own event or another game's: both belong to it; a detour to an entity is what MetaQA's
    # 3-hop questions ask, "who starred films for the screenwriter of X", and is kept)
    assert _read("Which championship was game 1 played in?", _chess())[0] == "World Championship 1st."
    # college-baseball (spent): a university is the College the player's team represents
    facts = [_edge("p", "Jordan Stribling", "PLAYS FOR", "Oklahoma Sooners", "Player", "Team"),
             _edge("r", "Oklahoma Sooners", "REPRESENTS", "University of Oklahoma", "Team", "College"),
             _edge("m", "Oklahoma Sooners", "MEMBER OF", "Southeastern Conference", "Team", "Conference"),
             _prop("y", "Jordan Stribling", "class year", "Freshman", "Player")]
    assert _read("Which university does Jordan Stribling play for?", facts) == ("University of Oklahoma.", ["p", "r"])
    assert _read("Which team does Jordan Stribling play for?", facts) == ("Oklahoma Sooners.", ["p"])
    # a type called so is asked, whatever names say the noun (nasa-lessons, spent: a Topic named by its terms)
    facts = [_edge("w", "OCHS, BILL", "Wrote", "Principal Investigator Mode", "Submitter", "Lesson"),
             _edge("t", "LESSON", "RankIn", "lesson hazard prime", "Term", "Topic"),
             _edge("x", "OCHS, BILL", "Wrote", "LESSON", "Submitter", "Term")]
    assert _read("Which lesson did Bill Ochs submit?", facts[:2])[0] == "Principal Investigator Mode."


def test_what_kind_of_is_answered_by_a_class_whose_name_says_the_noun() -> None:
    # dinosaurs (spent): the Group Stegosaurus is a member of, "armoured dinosaur", not its length
    facts = [_edge("g", "Stegosaurus", "MEMBER OF", "armoured dinosaur", "Dinosaur", "Group"),
             _edge("p", "Stegosaurus", "LIVED DURING", "Late Jurassic", "Dinosaur", "Period"),
             _prop("l", "Stegosaurus", "length", "9.0", "Dinosaur"),
             _prop("d", "Stegosaurus", "diet", "herbivorous", "Dinosaur")]
    assert _read("What kind of dinosaur was Stegosaurus?", facts) == ("armoured dinosaur.", ["g"])
    assert _read("How long was Stegosaurus?", facts) == ("9.0.", ["l"])


def test_others_of_the_named_ones_kind_asked_about_are_read_through_a_shared_neighbour() -> None:
    # MetaQA 3-hop: "the movies starred by actors in X" are the others of X's kind its actors starred in
    facts = [_edge("a", "Women in Love", "starred_actors", "Oliver Reed", "Movie", "Person"),
             _edge("b", "Gladiator", "starred_actors", "Oliver Reed", "Movie", "Person"),
             _edge("l", "Women in Love", "in_language", "English", "Movie", "Language"),
             _edge("m", "Gladiator", "in_language", "Latin", "Movie", "Language")]
    assert _read("what are the primary languages in the movies starred by actors in Women in Love", facts) == (
        "Latin.", ["a", "b", "m"])


def test_a_question_in_indonesian_reads_its_question_words_and_kinship_words() -> None:
    # indonesia-politicians (tune): "siapa" is who, "di mana" where; "istri" (wife) says the SPOUSE a KERABAT
    # (relative) stores, "kuliah" (to study at college) the ALUMNI relationship
    facts = [_edge("s", "Ganjar Pranowo", "KERABAT", "Siti Atikoh Suprianti", "Politikus", "Person"),
             _edge("c", "Ganjar Pranowo", "KERABAT", "Muhammad Zinedine Alam Ganjar", "Politikus", "Person"),
             _edge("p", "Ganjar Pranowo", "ANGGOTA_PARTAI", "Partai Demokrasi Indonesia Perjuangan", "Politikus",
                   "Partai"),
             _edge("a", "Ganjar Pranowo", "ALUMNI", "Universitas Gadjah Mada", "Politikus", "Pendidikan")]
    facts.append(_prop("s#tipe", "Ganjar Pranowo", "tipe", "SPOUSE", "Politikus", via=("KERABAT",
                                                                                     "Siti Atikoh Suprianti")))
    facts.append(_prop("c#tipe", "Ganjar Pranowo", "tipe", "CHILD", "Politikus", via=("KERABAT",
                                                                                    "Muhammad Zinedine Alam Ganjar")))
    assert _read("Siapa istri Ganjar Pranowo?", facts) == ("Siti Atikoh Suprianti.", ["s"])
    assert _read("Di mana Ganjar Pranowo kuliah?", facts) == ("Universitas Gadjah Mada.", ["a"])
    assert _read("Ganjar Pranowo anggota partai apa?", facts) == ("Partai Demokrasi Indonesia Perjuangan.", ["p"])


def test_a_which_noun_of_another_language_asks_for_the_type_its_english_word_names() -> None:
    # scian-industries (spent): "rama" is a branch (IndustryBranch); read as itself it named no type and the named
    # industry's own description, a cross-reference, was the answer
    facts = [_edge("b", "Agencias de viajes", "SUBCLASS OF", "Agencias de viajes y servicios de reservaciones",
                   "IndustrySubBranch", "IndustryBranch"),
             _prop("d", "Agencias de viajes", "description", "Véase la descripción de la categoría 561510.",
                   "IndustrySubBranch")]
    assert _read("¿A qué rama pertenecen las agencias de viajes?", facts) == (
        "Agencias de viajes y servicios de reservaciones.", ["b"])
    # and "código" asks a key called identifier (a code, read with its accent)
    facts.append(_prop("i", "Agencias de viajes", "identifier", "56151", "IndustrySubBranch"))
    assert _read("¿Cuál es el código de las agencias de viajes?", facts) == ("56151.", ["i"])


def test_a_which_noun_the_graph_writes_as_two_words_asks_for_its_type() -> None:
    # "qué subsector": the IndustrySubSector, not the IndustrySector the same industry is filed under too
    for order in (1, -1):
        facts = [_edge("a", "Minería de carbón", "FILED UNDER", "Minería", "IndustryBranch", "IndustrySector"),
                 _edge("b", "Minería de carbón", "FILED UNDER", "Minería de carbón mineral", "IndustryBranch",
                       "IndustrySubSector")][::order]
        assert _read("¿En qué subsector está la minería de carbón?", facts) == ("Minería de carbón mineral.", ["b"])


def test_was_fur_ein_asks_what_kind_of() -> None:
    # nuremberg-letters (tune): "Was für ein Schreiben ist BER93?" asks the letter's kind (its Type), not its number
    facts = [_edge("t", "Letter 1449-05-14", "TYPE", "Bittbrief", "Letter", "Type"),
             _prop("n", "Letter 1449-05-14", "nr", "102", "Letter"), _prop("i", "Letter 1449-05-14", "id", "BER93")]
    assert _read("Was für ein Schreiben ist BER93?", facts) == ("Bittbrief.", ["t"])


def test_an_agent_noun_relation_is_who_did_it_and_a_role_is_someone() -> None:
    # james-bond (spent): DIRECTOR_OF is who directed the film ("directed the" read it as a verb used otherwise, as
    # MADE_IN is for "which house made the dress", and the film's Bond answered)
    facts = [_edge("v", "Spectre", "HAS VEHICLE", "DB10", "Film", "Vehicle"),
             _edge("d", "Sam Mendes", "DIRECTOR OF", "Spectre", "People", "Film"),
             _edge("b", "Daniel Craig", "AS BOND IN", "Spectre", "People", "Film")]
    assert _read("Who directed the Bond film with the Aston Martin DB10?", facts) == ("Sam Mendes.", ["v", "d"])
    # "who did X play": the role she played, a value, not the film she is a Bond girl in
    facts = [_edge("g", "Honor Blackman", "IS BOND GIRL IN", "Goldfinger", "People", "Film"),
             _prop("r", "Honor Blackman", "role", "Pussy Galore", "People")]
    assert _read("Who did Honor Blackman play?", facts) == ("Pussy Galore.", ["r"])


def test_after_and_before_read_a_sequence_relation_to_the_side_asked() -> None:
    # tech-radar, himym (spent): Hold -NEXT-> Assess -NEXT-> Trial; "after Assess" is Trial, "before Assess" Hold
    facts = [_edge("h", "Hold", "NEXT", "Assess", "Ring", "Ring"),
             _edge("t", "Assess", "NEXT", "Trial", "Ring", "Ring")]
    for order in (1, -1):
        assert _read("Which ring comes after Assess?", facts[::order]) == ("Trial.", ["t"])
        assert _read("Which ring comes before Assess?", facts[::order]) == ("Hold.", ["h"])
    # a relation written the other way round: X -FOLLOWS-> Y is X after Y
    facts = [_edge("a", "Jenkins", "FOLLOWS", "Slap Bet", "Episode", "Episode"),
             _edge("b", "Symphony of Illumination", "FOLLOWS", "Jenkins", "Episode", "Episode")]
    for order in (1, -1):
        assert _read("Which episode followed Jenkins?", facts[::order]) == ("Symphony of Illumination.", ["b"])


def test_the_one_after_a_named_one_is_read_through_the_sequence() -> None:
    # himym (spent): "the episode after Jenkins" is Jenkins -NEXT_EPISODE-> Perfect Week, then its director, not
    # Jenkins' own director (a shorter chain stating "directed" too)
    facts = [_edge("j", "Jenkins", "DIRECTED EPISODE", "Neil Patrick Harris", "Episode", "Person"),
             _edge("n", "Jenkins", "NEXT EPISODE", "Perfect Week", "Episode", "Episode"),
             _edge("p", "Girls Versus Suits", "NEXT EPISODE", "Jenkins", "Episode", "Episode"),
             _edge("d", "Perfect Week", "DIRECTED EPISODE", "Pamela Fryman", "Episode", "Person"),
             _edge("g", "Girls Versus Suits", "DIRECTED EPISODE", "Rob Greenberg", "Episode", "Person")]
    assert _read("Who directed the episode after Jenkins?", facts) == ("Pamela Fryman.", ["n", "d"])
    assert _read("Who directed the episode before Jenkins?", facts) == ("Rob Greenberg.", ["p", "g"])
    assert _read("Who directed Jenkins?", facts) == ("Neil Patrick Harris.", ["j"])


def test_how_long_a_ride_takes_asks_for_its_time_not_its_distance() -> None:
    # rome-transport (spent): a ride's distance (486 m) answered "how long does the tram take", its duration_avg 123 s
    facts = [Fact("t", "ANKARA/TIZIANO", "TRAM", "APOLLODORO", "edge", None, "Stop", "Stop"),
             Fact("t#distance", "ANKARA/TIZIANO", "distance", "486", "property", ("t", "APOLLODORO"), "Stop"),
             Fact("t#duration_avg", "ANKARA/TIZIANO", "duration avg", "123.0", "property", ("t", "APOLLODORO"), "Stop")]
    assert _read("How long does the tram take from ANKARA/TIZIANO to APOLLODORO?", facts)[0] == "123.0."
    assert _read("How long is the tram ride from ANKARA/TIZIANO to APOLLODORO?", facts)[0] == "123.0."
    assert _read("How far is the tram ride from ANKARA/TIZIANO to APOLLODORO?", facts)[0] == "486."


def test_where_on_a_site_the_context_links_to_asks_for_that_link() -> None:
    # hip-hop-candidates (spent): "where on Genius can I find the line" answered with the song the line is in
    line = "Uh, Bernie Sanders need a Nike deal"
    facts = [Fact("h", "Valleys", "HAS LINE", line, "edge", None, "Song", "Line"),
             Fact("u", line, "url", "http://genius.com/Lupe-fiasco-valleys-lyrics", "property", None, "Line")]
    assert _read(f'Where on Genius can I find the line "{line}"?', facts) == (
        "http://genius.com/Lupe-fiasco-valleys-lyrics.", ["u"])
    # a site no link of the context is on asks for no link
    assert _read(f'Where on Spotify can I find the line "{line}"?', facts)[0] != "http://genius.com/Lupe-fiasco-valleys-lyrics."


def test_where_is_a_place_named_by_what_it_serves_asks_for_its_address() -> None:
    # cornwall-restaurants (tune): "where is the Lebanese place" was answered with the restaurant, one step short of
    # its address; "where can I get" asks for the restaurant itself
    facts = [Fact("c", "Shawarma On Wheels", "category is", "Lebanese", "edge", None, "Restaurant", "Type"),
             Fact("a", "Shawarma On Wheels", "address", "309 Pitt Street", "property", None, "Restaurant"),
             Fact("l", "Shawarma On Wheels", "latitude", "45.02", "property", None, "Restaurant")]
    # (no two texts alike: a chain grows by the question's words and kinds only, never by an embedding's likeness)
    class Apart:
        name, dimensions = "apart", 64

        def embed(self, texts: list[str]) -> np.ndarray:
            return np.eye(64)[[zlib.crc32(t.encode()) % 64 for t in texts]]

    def read(question: str) -> tuple[str, list[str]]:
        g = ExtractiveReader(Apart()).generate("", question=question, facts=tuple(facts))
        return g.text, list(g.evidence)
    assert read("Where is the Lebanese place?") == ("309 Pitt Street.", ["c", "a"])
    assert read("Where can I get Lebanese food?") == ("Shawarma On Wheels.", ["c"])


def test_which_organisation_asks_for_a_provider_and_a_named_site_s_link_is_on_that_site() -> None:
    # nz-health-data-sources (spent): "which organisation runs X" answered X's URL (a provider is someone), and "the
    # Figure.NZ link for the chart X" the statistics office's link of a data set the chart is based on, through the
    # provider named Figure.NZ (the site, not a second thing asked about)
    registry = "Auckland Rheumatic Fever Registry"
    facts = [Fact("p", "The University of Auckland", "provides", registry, "edge", None, "Provider", "Dataset"),
             Fact("u", registry, "url", "https://www.auckland.ac.nz/en.html", "property", None, "Dataset")]
    assert _read(f"Which organisation runs the {registry}?", facts) == ("The University of Auckland.", ["p"])
    chart, data = "Business types in New Zealand", "Business Demography Statistics"
    charts = [Fact("c", chart, "url", "https://figure.nz/chart/EENi9", "property", None, "Chart"),
              Fact("d", data, "is detailed in", chart, "edge", None, "Dataset", "Chart"),
              Fact("s", data, "url", "http://nzdotstat.stats.govt.nz/WBOS", "property", None, "Dataset"),
              Fact("f", "Figure.NZ", "provides", chart, "edge", None, "Provider", "Chart"),
              Fact("o", "Statistics New Zealand", "provides", data, "edge", None, "Provider", "Dataset"),
              Fact("t", data, "contains information about", "figure.nz", "edge", None, "Dataset", "Tag")]
    assert _read(f"What is the Figure.NZ link for the chart {chart}?", charts) == (
        "https://figure.nz/chart/EENi9.", ["c"])


def test_which_company_builds_asks_for_the_corporation_that_produces_it() -> None:
    # elite-dangerous-lore (spent): "which company builds the Anaconda" answered its role; a corporation is someone
    facts = [Fact("r", "Anaconda", "Role", "Multi Purpose", "edge", None, "ShipType", "Role"),
             Fact("p", "Falcon Delacey", "Produces", "Anaconda", "edge", None, "Corporation", "ShipType")]
    assert _read("Which company builds the Anaconda?", facts) == ("Falcon Delacey.", ["p"])
    assert _read("Who built the Anaconda?", facts) == ("Falcon Delacey.", ["p"])


def test_a_name_composed_to_tell_namesakes_apart_is_answered_as_people_call_it() -> None:
    from xgrag.generate.prompt import facts_of
    from xgrag.model import Node, Relationship, Subgraph

    # painter-network (spent): two "Carolus Duran" nodes, told apart by the birth year the name is composed with
    teacher = Node("a", "Carolus Duran 1837", "Artist", aliases=("Carolus Duran",))
    pupil = Node("b", "John Singer Sargent 1856", "Artist", aliases=("John Singer Sargent",))
    person = Node("c", "Nancy Campbell", "Person", aliases=("Nancy",))  # a given name beside a surname: no number
    assert teacher.called == "Carolus Duran" and person.called is None
    assert Node("d", "Apollo 13", "Film").called is None  # a number in a name the graph stores whole
    # jakarta-bus-routes (spent): a stop's name composed with its region, stored as "-" where none is known
    assert Node("e", "Halte Sarinah -", "PoI", aliases=("Halte Sarinah",)).called == "Halte Sarinah"
    assert Node("f", "Bulak Dukuh Jakarta Timur", "PoI", aliases=("Bulak Dukuh",)).called is None
    # a team's node per season, its name composed with the season (nba-six-dribbles, spent: "WAS 2001-2002")
    assert Node("g", "WAS 2001-2002", "Team", aliases=("WAS",)).called == "WAS"
    assert Node("h", "WAS Bullets", "Team", aliases=("WAS",)).called is None
    # ... and so it is without the title as an alias (linked by a title every edition shares, every edition was a
    # seed): a name ending with a season is that season's edition of its title
    assert Node("i", "WAS 2001-2002", "Team").called == "WAS"
    assert Node("j", "Premier League 2019-20", "Competition").called == "Premier League"
    assert Node("k", "Season 2001-2002", "Season").called is None  # its title is its type: the season itself
    assert Node("l", "Europe 1914-1918", "Front").called is None  # no season: the years do not follow
    assert Node("m", "Summit 2014-12", "Event").called is None  # a month, no season
    # ons-hierarchies (spent): a unitary authority and a ward both called Derby, told apart by the ONS code
    assert Node("n", "Derby E06000015", "Area", aliases=("Derby",)).called == "Derby"
    assert Node("o", "Derby Road", "Street", aliases=("Derby",)).called is None  # a word, no code
    assert Node("p", "Derby e06", "Area", aliases=("Derby",)).called is None  # no code of capitals and digits
    sub = Subgraph(nodes={n.id: n for n in (teacher, pupil, person)},
                   relationships={"r1": Relationship("r1", "a", "b", "TAUGHT"),
                                  "r2": Relationship("r2", "c", "b", "MET")})
    facts = list(facts_of(sub))
    assert _read("Who taught John Singer Sargent?", facts) == ("Carolus Duran.", ["r1"])
    assert _read("Who did Nancy Campbell meet?", facts) == ("John Singer Sargent.", ["r2"])
    # without the other name, the composed name is all the reader knows
    assert _read("Who taught John Singer Sargent?", [Fact("r1", "Carolus Duran 1837", "TAUGHT",
                                                          "John Singer Sargent 1856")])[0] == "Carolus Duran 1837."


def test_what_named_entities_merely_share_links_nothing_when_no_word_asks_it() -> None:
    # airport-routes (spent): both airports and both cities are on the continent EU; the route's distance is the one
    # fact that says "distance"
    facts = [_edge("c1", "Svalbard Airport", "IN CITY", "Longyearbyen", "Airport", "City"),
             _edge("c2", "Tromsø Airport", "IN CITY", "Tromsø", "Airport", "City"),
             *[_edge(f"e{i}", n, "ON CONTINENT", "EU", t, "Continent") for i, (n, t) in enumerate(
                 [("Svalbard Airport", "Airport"), ("Tromsø Airport", "Airport"), ("Longyearbyen", "City"),
                  ("Tromsø", "City")])],
             _edge("r1", "Svalbard Airport", "HAS ROUTE", "Tromsø Airport", "Airport", "Airport"),
             _prop("p1", "Svalbard Airport", "distance", "595", "Airport", ("HAS ROUTE", "Tromsø Airport")),
             _prop("p2", "Svalbard Airport", "altitude", "88", "Airport"),
             _prop("p3", "Svalbard Airport", "iata", "LYR", "Airport"), _prop("p4", "Tromsø Airport", "iata", "TOS",
                                                                             "Airport")]
    assert _read("What is the distance from Longyearbyen LYR to Tromsø TOS?", facts)[0] == "595."
    # ... and what they share is still read where the question asks it
    assert _read("Which continent are Svalbard Airport and Tromsø Airport on?", facts)[0] == "EU."


def test_until_asks_for_the_end_of_a_span_and_since_for_its_start() -> None:
    # dinosaurs (spent): LIVED_DURING {from: 121, to: 112}
    facts = [_edge("r1", "Lurdusaurus", "LIVED DURING", "Early Cretaceous", "Dinosaur", "Period"),
             _prop("p1", "Lurdusaurus", "from", "121", "Dinosaur", ("LIVED DURING", "Early Cretaceous")),
             _prop("p2", "Lurdusaurus", "to", "112", "Dinosaur", ("LIVED DURING", "Early Cretaceous"))]
    q = "Until how many million years ago did Lurdusaurus live in the Early Cretaceous?"
    assert _read(q, facts) == ("112.", ["p2"])
    assert _read(q.replace("Until", "Since"), facts) == ("121.", ["p1"])


def test_a_relationship_s_property_states_its_type_s_words_in_any_form_the_triple_does() -> None:
    # harry-potter (spent): "interactions" is INTERACTS's word; the named pair's weight, not a number of another's
    facts = [_edge("r1", "Draco Malfoy", "INTERACTS", "Harry Potter", "Character", "Character"),
             _edge("r2", "Albus Dumbledore", "INTERACTS", "Draco Malfoy", "Character", "Character"),
             _edge("r3", "Albus Dumbledore", "INTERACTS", "Harry Potter", "Character", "Character"),
             _prop("p1", "Draco Malfoy", "weight", "97", "Character", ("INTERACTS", "Harry Potter")),
             _prop("p2", "Albus Dumbledore", "first seen", "3046", "Character")]
    assert _read("How many interactions are there between Draco Malfoy and Harry Potter?", facts) == ("97.", ["p1"])


def test_a_german_norwegian_or_korean_question_s_words_meet_english_keys_and_types() -> None:
    # nuremberg-letters (spent): German questions, English types and keys; the reader met no content word of theirs
    letters = [_edge("s", "Reithans", "SENDER IN", "Letter 1452-11-22", "Person", "Letter"),
               _edge("m", "Paul Auer", "MENTIONED IN", "Letter 1452-11-22", "Person", "Letter"),
               _prop("r", "Reithans", "role", "Untervogt zu Kitzingen", "Person"),
               _prop("p", "Reithans", "place", "Kitzingen", "Person")]
    assert _read("Wer wird im Letter 1452-11-22 erwähnt?", letters) == ("Paul Auer.", ["m"])
    assert _read("Welches Amt hatte Reithans?", letters) == ("Untervogt zu Kitzingen.", ["r"])
    # vinmonopolet (spent): Norwegian, a definite ending and a compound ("varenummeret": vare + nummer + -et)
    wine = [_edge("o", "Cune Reserva 2005", "HAS ORIGIN", "Rioja", "Product", "Region"),
            _edge("c", "Rioja", "IS IN", "Spania", "Region", "Country"),
            _prop("i", "Cune Reserva 2005", "productId", "932201", "Product"),
            _prop("l", "Cune Reserva 2005", "pricePerLiter", "199.9", "Product")]
    assert _read("Hva er varenummeret til Cune Reserva 2005?", wine) == ("932201.", ["i"])
    assert _read("Hvilket distrikt kommer Cune Reserva 2005 fra?", wine) == ("Rioja.", ["o"])
    # seocho-apartments (spent): Korean, a particle on the word ("시공사가") and a verb made of a noun ("준공됐어")
    flats = [_prop("b", "래미안퍼스티지아파트", "constructor", "삼성물산(주)", "Apartment"),
             _prop("y", "래미안퍼스티지아파트", "completion", "2009", "Apartment"),
             _prop("h", "래미안퍼스티지아파트", "households", "2444", "Apartment"),
             _prop("g", "래미안퍼스티지아파트", "pop_floating_2020", "575982", "Apartment")]
    assert _read("래미안퍼스티지아파트 시공사가 어디야?", flats) == ("삼성물산(주).", ["b"])
    assert _read("래미안퍼스티지아파트는 몇 세대야?", flats) == ("2444.", ["h"])
    # korea-travel-routes (spent): "몇 시에 출발해" asks the hour a bus departs, not its fare (the first value read)
    leg = ("goes", "울산")
    bus = [_edge("e", "여수", "goes", "울산", "city", "city"), _edge("b", "여수", "goes", "부산", "city", "city"),
           _prop("f", "여수", "fare", "27200", "city", via=leg),
           _prop("d", "여수", "depart_time_str", "13:30:00", "city", via=leg),
           _prop("a", "여수", "destination_time_str", "17:00:00", "city", via=leg),
           _prop("u", "여수", "duration", "210", "city", via=leg)]
    assert _read("여수에서 울산 가는 버스는 몇 시에 출발해?", bus) == ("13:30:00.", ["d"])
    assert _read("여수에서 울산 가는 버스는 몇 시에 도착해?", bus) == ("17:00:00.", ["a"])
    assert _read("여수에서 울산 가는 버스 요금은 얼마야?", bus) == ("27200.", ["f"])


class TopicEmbedder:
    """Texts holding a word of one topic share its direction; every other text a direction of its own (seeded by
    the text), nearly orthogonal to the rest: a stand-in for an embedding that puts "occupation" near "Has Job"
    and far from "Address"."""

    name = "topic"
    dimensions = 64

    def __init__(self, *topic: str) -> None:
        self.topic = topic

    def embed(self, texts: list[str]) -> np.ndarray:
        on = np.eye(self.dimensions)[0]

        def own(text: str) -> np.ndarray:
            v = np.random.default_rng(zlib.crc32(text.encode())).standard_normal(self.dimensions)
            v[0] = 0.0
            return v / np.linalg.norm(v)

        return np.stack([on if any(w in t.lower() for w in self.topic) else own(t) for t in texts])


def test_a_relationship_closer_to_the_question_than_every_own_key_beats_the_own_value() -> None:
    """"What was Nettie Abernethy's occupation?" said no word of the graph: her stored Address was read before her
    Has_Job (charlotte-directory-1911, twenty-third frozen split; "occupation" now means "job" in the word lists, so
    another word the lists do not know stands for it here). The relation whose words the question's
    embedding is closer to, by CLOSER_MARGIN over every key of her own values, is read first; with no such
    preference (every text alike) her own value still comes first."""
    facts = [_prop("a", "Nettie Abernethy", "Address", "311 north College", "Person"),
             _edge("j", "Nettie Abernethy", "Has_Job", "bookkeeper", "Person", "Job"),
             _edge("h", "Nettie Abernethy", "Lives_In", "house", "Person", "Dwelling")]
    question = "What was Nettie Abernethy's livelihood?"
    g = ExtractiveReader(TopicEmbedder("livelihood", "job")).generate("", question=question, facts=tuple(facts))
    assert (g.text, list(g.evidence)) == ("bookkeeper.", ["j"])
    assert _read(question, facts) == ("311 north College.", ["a"])
    # an own value whose key is as close as the relation keeps its place
    facts[0] = _prop("a", "Nettie Abernethy", "Job title", "clerk", "Person")
    g = ExtractiveReader(TopicEmbedder("livelihood", "job")).generate("", question=question, facts=tuple(facts))
    assert g.text == "clerk."
    # a relationship into the entity is another's fact about it, however close: the station's own lines stay first
    # (madrid-metro-campuses: "which Cercanías stop at Méndez Álvaro" answered a metro line having the station)
    facts = [_prop("r", "Mendez Alvaro", "renfe", "C-1, C-10, C-5", "Station"),
             _edge("t", "L6", "Tiene_Estacion", "Mendez Alvaro", "Line", "Station")]
    g = ExtractiveReader(TopicEmbedder("paran", "estacion")).generate(
        "", question="¿Qué Cercanías paran en Mendez Alvaro?", facts=tuple(facts))
    assert g.text == "C-1, C-10, C-5."


def test_a_value_that_names_nothing_answers_no_who_and_no_which_type() -> None:
    """A bare number, an e-mail or a web address, a date, coordinates name nothing: "who" and "which <a type of the
    context>" are answered by an entity where one is at hand, not by one (37 of the 167 reading failures of the
    frozen runs 14-23 answered such a value where every gold answer was a name). Where the key says the noun asked,
    or no entity is at hand, the value still answers."""
    facts = [_prop("e", "Adilson Barroso", "email", "dep.adilsonbarroso@camara.leg.br", "Deputado"),
             _prop("d", "Adilson Barroso", "joined", "2019-02-01", "Deputado"),
             _edge("p", "Adilson Barroso", "PERTENCE_A", "PL", "Deputado", "Party")]
    assert _read("Which party is Adilson Barroso in?", facts) == ("PL.", ["p"])
    # the key states the question's word "black", the entity none: the number was read before this rule
    facts = [_prop("b", "Game 1", "black elo", "0", "Game"), _edge("w", "Steinitz Wilhelm", "PLAYS_IN", "Game 1",
                                                                    "Player", "Game")]
    assert _read("Who was black in game 1?", facts) == ("Steinitz Wilhelm.", ["w"])
    # the key says what is asked; and with no entity at hand the value answers
    facts = [_prop("y", "Game 1", "year", "1886", "Game"), _edge("v", "Game 1", "AT", "St. Louis", "Game", "Event")]
    assert _read("Which year was game 1 played?", facts) == ("1886.", ["y"])
    assert _read("Who was black in game 1?", facts[:1]) == ("1886.", ["y"])


def test_whose_opening_a_question_asks_for_someone() -> None:
    """"Whose unit of the ER4XR did Crinacle test?": the owner stored on the IEM, not its value score 1 (crinacle-iems,
    spent); "whose" inside a question opens a clause and asks nothing."""
    facts = [_prop("v", "ER4XR", "value", "1", "IEM"), _prop("o", "ER4XR", "owner", "Zeppelin & Co demo unit", "IEM"),
             _prop("d", "ER4XR", "description", "A more mainstream tuning", "IEM")]
    assert _read("Whose unit of the ER4XR did Crinacle test?", facts) == ("Zeppelin & Co demo unit.", ["o"])


def test_who_goes_on_past_a_first_fact_that_reached_no_one() -> None:
    """"Who played Bond opposite Jill St. John?": her film is no one; its Bond, reached by a relation that states
    "bond" again, answers (james-bond, spent: answered the film). From someone, "who" does not go on: the one
    reached first answers ("who did Jill St. John play opposite": her co-star, not the film's next cast)."""
    facts = [_edge("g", "Jill St. John", "IS_BOND_GIRL_IN", "Diamonds Are Forever", "People", "Film"),
             _edge("b", "Sean Connery", "AS_BOND_IN", "Diamonds Are Forever", "People", "Film"),
             _edge("d", "Guy Hamilton", "DIRECTOR_OF", "Diamonds Are Forever", "People", "Film"),
             _prop("y", "Diamonds Are Forever", "year", "1971", "Film")]
    assert _read("Who played Bond opposite Jill St. John?", facts) == ("Sean Connery.", ["g", "b"])
    facts = [_edge("c", "Jill St. John", "BOND_COSTAR_OF", "Sean Connery", "People", "People"),
             _edge("b", "Sean Connery", "AS_BOND_IN", "Diamonds Are Forever", "People", "Film")]
    assert _read("Who was Jill St. John's Bond co-star?", facts) == ("Sean Connery.", ["c"])


def test_a_null_marker_answers_nothing_where_anything_else_can() -> None:
    """Ergast's "\\N" (and NULL, N/A) says a value is missing: "where was the 1950 British Grand Prix held" is not
    answered by the race's "\\N" where the circuit is at hand (formula-one, spent); alone, it is still what the
    context says."""
    facts = [_prop("t", "British Grand Prix 1950", "time", "\\N", "Race"),
             _edge("h", "Silverstone Circuit", "HOSTED", "British Grand Prix 1950", "Circuit", "Race")]
    assert _read("Where was the 1950 British Grand Prix held?", facts)[1] == ["h"]
    assert _read("What time did the 1950 British Grand Prix start?", facts[:1]) == ("\\N.", ["t"])


def test_which_with_a_noun_in_another_script_asks_for_an_entity() -> None:
    """"贵州茅台属于哪个行业？" (which industry is Kweichow Moutai in): "哪个" reads "which", its noun 行业 is no
    English word; the stock code 600519 names nothing and the industry answers (a-share-companies, spent)."""
    facts = [_prop("c", "贵州茅台", "code", "600519", "Company"),
             _edge("i", "贵州茅台", "industry_of", "酿酒行业", "Company", "Industry")]
    assert _read("贵州茅台属于哪个行业？", facts) == ("酿酒行业.", ["i"])
    assert _read("贵州茅台的股票代码是多少？", facts)[0] == "600519."


def test_a_coach_manages_and_a_coach_set_before_a_name_says_what_he_is() -> None:
    # botola-pro-squads (tune): "coach" asks a MANAGES relation; before a name it says what that person is
    facts = [Fact("m", "Pepe Mel", "MANAGES", "Ittihad Tanger", "edge", None, "Manager", "Team"),
             Fact("b", "Pepe Mel", "BELONGS TO", "Spain", "edge", None, "Manager", "Country"),
             Fact("p", "Ahmed Chentouf", "PLAYS FOR", "Ittihad Tanger", "edge", None, "Player", "Team"),
             Fact("c", "Ittihad Tanger", "BASED IN", "Morocco", "edge", None, "Team", "Country")]
    assert _read("Which club does Pepe Mel coach?", facts) == ("Ittihad Tanger.", ["m"])
    assert _read("Who is the head coach of Ittihad Tanger?", facts) == ("Pepe Mel.", ["m"])
    assert _read("What country is the coach Pepe Mel from?", facts) == ("Spain.", ["b"])


def test_a_record_of_a_kind_the_question_says_joined_to_two_it_names_is_what_it_asks_about() -> None:
    # western-india-grid (spent): a line is named by its conductor, joined to substations through its ends' buses
    e = "edge"
    facts = [Fact("b1", "Bus 1", "LOCATED IN", "Gandhar", e, None, "Bus", "Substation"),
             Fact("b2", "Bus 2", "LOCATED IN", "Navsari", e, None, "Bus", "Substation"),
             Fact("b3", "Bus 3", "LOCATED IN", "Vapi", e, None, "Bus", "Substation"),
             Fact("c1", "Twin Moose 58.8", "CONNECTED TO", "Bus 1", e, None, "Line", "Bus"),
             Fact("c2", "Twin Moose 58.8", "CONNECTED TO", "Bus 2", e, None, "Line", "Bus"),
             Fact("c3", "Twin Moose 45.1", "CONNECTED TO", "Bus 2", e, None, "Line", "Bus"),
             Fact("c4", "Twin Moose 45.1", "CONNECTED TO", "Bus 3", e, None, "Line", "Bus"),
             Fact("k1", "Twin Moose 58.8", "km", "106", "property", None, "Line"),
             Fact("k2", "Twin Moose 45.1", "km", "82", "property", None, "Line"),
             Fact("s1", "Twin Moose 58.8", "sil", "517", "property", None, "Line"),
             Fact("s2", "Twin Moose 45.1", "sil", "640", "property", None, "Line")]
    assert _read("What is the SIL of the line between Gandhar and Navsari?", facts) == ("517.", ["s1"])
    assert _read("What is the SIL of the Navsari to Vapi line?", facts) == ("640.", ["s2"])
    types = {"Gandhar": "Substation", "Navsari": "Substation", "Vapi": "Substation", "Bus 1": "Bus", "Bus 2": "Bus",
             "Bus 3": "Bus", "Twin Moose 58.8": "Line", "Twin Moose 45.1": "Line"}
    assert records_joining("the line between Gandhar and Navsari", {"Gandhar", "Navsari"}, facts, types) == {
        "Twin Moose 58.8": {"Gandhar", "Navsari"}}
    # the kind asked is the answer, not a thing named; no line joins Gandhar and Vapi
    assert records_joining("which line runs between Gandhar and Navsari", {"Gandhar", "Navsari"}, facts,
                           types) == {}
    assert records_joining("the line between Gandhar and Vapi", {"Gandhar", "Vapi"}, facts, types) == {}
    # one entity the kind is placed at: its one line (Gandhar's), none of Navsari's two
    assert records_joining("the sil of the line at Gandhar", {"Gandhar"}, facts, types, {"Gandhar": "Gandhar"}) == {
        "Twin Moose 58.8": {"Gandhar"}}
    assert records_joining("the sil of the line at Navsari", {"Navsari"}, facts, types, {"Navsari": "Navsari"}) == {}
    # several asked for ("the lines at Gandhar"): none placed; two entities of one name are one end, not two
    assert records_joining("the sil of the lines at Gandhar", {"Gandhar"}, facts, types, {"Gandhar": "Gandhar"}) == {}
    same = types | {"gandhar": "Substation"}
    assert records_joining("the lines of Gandhar", {"Gandhar", "gandhar"}, facts, same) == {}
    assert _read("What is the SIL of the line at Vapi?", facts) == ("640.", ["s2"])
    # "what is the line at X" asks for the line, as "which line" does: none placed at Gandhar for the question
    assert records_joining("what is the line at Gandhar", {"Gandhar"}, facts, types, {"Gandhar": "Gandhar"}) == {}
    assert records_joining("what is the sil of the line at Gandhar", {"Gandhar"}, facts, types,
                           {"Gandhar": "Gandhar"}) == {"Twin Moose 58.8": {"Gandhar"}}


def test_the_kind_asked_after_what_is_the_is_the_answer_not_a_record_placed_at_the_named_entity() -> None:
    # drug-brands (spent): "the active ingredient in Otezla" was read as the one Ingredient placed at Otezla,
    # named by the question, so the answer was left out
    e = "edge"
    facts = [Fact("p", "Apremilast", "PRESENT IN", "Otezla", e, None, "Ingredient", "Drug"),
             Fact("b", "Otezla", "BELONGS TO", "antirheumatics", e, None, "Drug", "DrugClass"),
             Fact("q", "Penicillamine", "PRESENT IN", "Depen Titratabs", e, None, "Ingredient", "Drug"),
             Fact("c", "Depen Titratabs", "BELONGS TO", "antirheumatics", e, None, "Drug", "DrugClass")]
    types = {"Apremilast": "Ingredient", "Otezla": "Drug", "antirheumatics": "DrugClass",
             "Penicillamine": "Ingredient", "Depen Titratabs": "Drug"}
    assert records_joining("What is the active ingredient in Otezla?", {"Otezla"}, facts, types,
                           {"Otezla": "Otezla"}) == {}
    assert _read("What is the active ingredient in Otezla?", facts)[0] == "Apremilast."


def test_a_noun_asked_is_said_by_an_entity_s_own_kind_fact() -> None:
    # philippine-congress (tune): a chamber is a Group whose `type` is "chamber"; without reading it the chain went
    # on to the Congress the chamber belongs to, whose name says the question's "Congress"
    facts = [Fact("m", "Alfredo Lim", "MEMBER OF", "Senate - 13th Congress", "edge", None, "Person", "Group"),
             Fact("b", "Senate - 13th Congress", "BELONGS TO", "13th Congress of the Philippines", "edge", None,
                  "Group", "Congress"),
             Fact("t", "Senate - 13th Congress", "type", "chamber", "property", None, "Group"),
             Fact("o", "13th Congress of the Philippines", "ordinal", "13th", "property", None, "Congress")]
    assert _read("Which chamber of the Philippine Congress was Alfredo Lim a member of?", facts) == (
        "Senate - 13th Congress.", ["m"])


def test_an_attribute_reached_by_a_tie_holding_its_value_is_answered_by_the_value() -> None:
    # dehn-equipment (spent): a component HAS_PROPERTY an attribute node, the value on the tie
    tie = ("HAS PROPERTY", "Load capacity [kg]")
    facts = [Fact("h", "UR10e", "HAS PROPERTY", "Load capacity [kg]", "edge", None, "Component", "Property"),
             Fact("w", "UR10e", "HAS PROPERTY", "Net weight [kg]", "edge", None, "Component", "Property"),
             Fact("v", "UR10e", "numeric value", "12.5", "property", tie, "Component"),
             Fact("u", "UR10e", "unit", "kg", "property", tie, "Component"),
             Fact("v2", "UR10e", "numeric value", "33.5", "property", ("HAS PROPERTY", "Net weight [kg]"), "Component")]
    assert _read("What is the load capacity of the UR10e in kg?", facts) == ("12.5.", ["h", "v"])
    # the attribute itself asked for: the entity, not a value
    assert _read("Which property does the UR10e have in kg?", facts)[0] != "12.5."


def test_an_amount_asked_of_a_record_named_by_what_it_holds_is_the_amount() -> None:
    # mobile-devices (spent): a device HAS_RAM a record named by its label and capacity ("RAM 4"), HAS_BATTERY one
    # named by its type and capacity ("Li-Po 8720"); a weight stored with its unit
    facts = [Fact("r", "REDMI 13R 5G", "HAS RAM", "RAM 4", "edge", None, "Device", "RAM"),
             Fact("g", "RAM 4", "capacity gb", "4", "property", None, "RAM"),
             Fact("b", "REDMI 13R 5G", "HAS BATTERY", "Li-Po 5030", "edge", None, "Device", "Battery"),
             Fact("c", "Li-Po 5030", "capacity mah", "5030", "property", None, "Battery"),
             Fact("f", "Li-Po 5030", "fast charging", "true", "property", None, "Battery"),
             Fact("p", "REDMI 13R 5G", "HAS PHYSICAL PROPERTIES", "PhysicalProperties 199 g", "edge", None, "Device",
                  "PhysicalProperties"),
             Fact("w", "PhysicalProperties 199 g", "weight", "199.00 g", "property", None, "PhysicalProperties"),
             Fact("m", "REDMI 13R 5G", "camera megapixels", "13", "property", None, "Device")]
    assert _read("How much RAM does the Redmi 13R 5G have?", facts) == ("4.", ["r", "g"])
    assert _read("How big is the battery of the Redmi 13R 5G?", facts)[0] == "5030."
    assert _read("How much does the Redmi 13R 5G weigh?", facts)[0] == "199.00 g."
    # "how heavy" asks the weight however it is written, though no word of its key is said
    assert _read("How heavy is the Redmi 13R 5G?", facts)[0] == "199.00 g."
    # the record asked for by its kind, no amount: the record
    assert _read("Which battery does the Redmi 13R 5G have?", facts)[0] == "Li-Po 5030."


def test_a_number_the_question_types_is_no_answer() -> None:
    # mlb-payrolls (spent): "in 2017" says which PAYS tie; its salary is asked, not its season
    tie = ("PAYS", "Chris Sale")
    facts = [Fact("p", "Boston Red Sox", "PAYS", "Chris Sale", "edge", None, "Team", "Player"),
             Fact("s", "Boston Red Sox", "season", "2017", "property", tie, "Team"),
             Fact("m", "Boston Red Sox", "salary", "$12,000,000", "property", tie, "Team")]
    assert _read("How much did the Boston Red Sox pay Chris Sale in 2017?", facts) == ("$12,000,000.", ["m"])
    assert _read("In which season did the Boston Red Sox pay Chris Sale?", facts)[0] == "2017."


def test_a_name_says_the_noun_asked_by_its_head_not_by_a_word_that_qualifies_it() -> None:
    # drug-interactions (spent): "Drug Hypersensitivity" is a condition, no drug; Colchicine is a Medicine
    facts = [Fact("c", "Verapamil", "CONTRAINDICATED WITH DISEASE", "Drug Hypersensitivity", "edge", None, "Medicine",
                  "Condition"),
             Fact("i", "Colchicine", "INTERACTS WITH", "Verapamil", "edge", None, "Medicine", "Medicine")]
    assert _read("Which drug does Verapamil interact with?", facts) == ("Colchicine.", ["i"])
    assert _head_stems("University of Oklahoma") == _head_stems("university")
    assert _head_stems("World Championship 8th") == _head_stems("championship")
    assert _head_stems("Louis XIV") == _head_stems("louis") and _head_stems("Civil") == _head_stems("civil")


def test_a_record_named_with_its_number_is_mentioned_by_the_name_people_call_it() -> None:
    # china-intangible-heritage (spent): items named by name and list number ("西安鼓乐 435", a namesake per place);
    # the question types the name alone, and the item's own 名称 (its name again) is no answer
    item = "西安鼓乐 435"
    facts = [Fact("o", item, "由保护单位", "陕西省艺术研究院", "edge", None, "Item", "Organization", "西安鼓乐"),
             Fact("r", item, "申报于", "陕西省西安市", "edge", None, "Item", "Region", "西安鼓乐"),
             Fact("n", item, "名称", "西安鼓乐", "property", None, "Item", None, "西安鼓乐"),
             Fact("x", item, "number", "435", "property", None, "Item", None, "西安鼓乐")]
    paper = Fact("p", "宣纸制作技艺 2430", "由保护单位", "中国宣纸股份有限公司", "edge", None, "Item", "Organization",
                 "宣纸制作技艺")
    assert _read("宣纸制作技艺的保护单位是哪家？", [*facts, paper])[0] == "中国宣纸股份有限公司."
    assert _read("西安鼓乐的保护单位是哪家？", facts) == ("陕西省艺术研究院.", ["o"])


def test_a_town_asked_is_an_entity_typed_as_a_place_in_general() -> None:
    # european-e-roads (spent): every place is a Place; the Country it is in is no town
    facts = [Fact("r", "Eceabat", "EROAD", "Çanakkale", "edge", None, "Place", "Place"),
             Fact("c", "Eceabat", "IN COUNTRY", "TR", "edge", None, "Place", "Country")]
    assert _read("Which town does the E-road from Eceabat lead to?", facts) == ("Çanakkale.", ["r"])
    assert _read("Which country is Eceabat in?", facts) == ("TR.", ["c"])


def test_of_two_records_joining_two_named_entities_the_one_in_the_question_s_order_is_named() -> None:
    e = "edge"
    facts = [Fact("o1", "Keflavik", "HAS ROUTE", "Route 16 535", e, None, "Airport", "Route"),
             Fact("d1", "Route 16 535", "TO", "Edinburgh", e, None, "Route", "Airport"),
             Fact("o2", "Edinburgh", "HAS ROUTE", "Route 535 16", e, None, "Airport", "Route"),
             Fact("d2", "Route 535 16", "TO", "Keflavik", e, None, "Route", "Airport")]
    types = {"Keflavik": "Airport", "Edinburgh": "Airport", "Route 16 535": "Route", "Route 535 16": "Route"}
    said = {"Keflavik": "Keflavik", "Edinburgh": "Edinburgh"}
    assert set(records_joining("the route from Keflavik to Edinburgh", set(said), facts, types, said)) == {
        "Route 16 535"}
    assert set(records_joining("the route from Edinburgh to Keflavik", set(said), facts, types, said)) == {
        "Route 535 16"}


def test_a_quality_typed_in_lower_case_beside_a_name_is_mentioned_where_a_fact_ties_them() -> None:
    # coffee-beans (spent): a bean TASTES a Flavor named "Chocolaty", the share on the tie; "chocolaty" typed in lower
    # case beside "Blue Moon" was a word of the question, and the bean's largest share answered
    tie_c, tie_f = ("TASTES", "Chocolaty"), ("TASTES", "Fruity")
    facts = [Fact("c", "Blue Moon", "TASTES", "Chocolaty", "edge", None, "CoffeeBean", "Flavor"),
             Fact("f", "Blue Moon", "TASTES", "Fruity", "edge", None, "CoffeeBean", "Flavor"),
             Fact("pc", "Blue Moon", "percentage", "0.4285714285714286", "property", tie_c, "CoffeeBean"),
             Fact("pf", "Blue Moon", "percentage", "0.5714285714285714", "property", tie_f, "CoffeeBean")]
    assert _read("How much of the Blue Moon's taste is chocolaty?", facts)[0] == "0.4285714285714286."
    # two steps away, through the one bean of a country, and asked by "how <quality>"
    facts2 = [Fact("o", "Peaberry", "IS FROM", "Tanzania", "edge", None, "CoffeeBean", "Origin"),
              Fact("s", "Peaberry", "TASTES", "Spicy", "edge", None, "CoffeeBean", "Flavor"),
              Fact("n", "Peaberry", "TASTES", "Nutty", "edge", None, "CoffeeBean", "Flavor"),
              Fact("ps", "Peaberry", "percentage", "0.18181818181818182", "property", ("TASTES", "Spicy"),
                   "CoffeeBean"),
              Fact("pn", "Peaberry", "percentage", "0.8181818181818182", "property", ("TASTES", "Nutty"),
                   "CoffeeBean")]
    assert _read("How spicy is the coffee from Tanzania?", facts2)[0] == "0.18181818181818182."
    # a word naming nothing tied to the named entity stays a word of the question
    facts3 = facts + [Fact("x", "Other Bean", "TASTES", "Made", "edge", None, "CoffeeBean", "Flavor")]
    assert _read("Who made the Blue Moon?", facts3)[0] != "Made."


def test_an_entity_whose_name_a_place_key_states_is_a_place() -> None:
    # coffee-beans (spent): an Origin's `country` is its name; "where is X grown" answered with a Flavor before
    # (ids ordered so that, with nothing else to tell them apart, the flavour would come first)
    facts = [Fact("z", "Huehuetenango SHB", "IS FROM", "Guatemala", "edge", None, "CoffeeBean", "Origin"),
             Fact("a", "Huehuetenango SHB", "TASTES", "Flowery", "edge", None, "CoffeeBean", "Flavor"),
             Fact("c", "Guatemala", "country", "Guatemala", "property", None, "Origin")]
    assert _read("Where is the Huehuetenango SHB coffee grown?", facts) == ("Guatemala.", ["z"])


def _soils() -> list[Fact]:
    """A great group, its suborder and its order in the Keys to Soil Taxonomy (soil-taxonomy, spent): CHILD_OF up,
    each taxon's level under the one-word key `taxlevel`, and a code each."""
    facts = [Fact("g", "Natraquerts", "CHILD OF", "Aquerts", "edge", None, "Taxon", "Taxon"),
             Fact("s", "Aquerts", "CHILD OF", "Vertisols", "edge", None, "Taxon", "Taxon"),
             Fact("o", "Vertisols", "CHILD OF", "Soil Taxonomy", "edge", None, "Taxon", "Taxonomy"),
             Fact("d", "Dystraquerts", "CHILD OF", "Aquerts", "edge", None, "Taxon", "Taxon")]
    for fid, name, level, code in (("n", "Natraquerts", "great group", "FAD"), ("a", "Aquerts", "suborder", "FA"),
                                   ("v", "Vertisols", "order", "F"), ("y", "Dystraquerts", "great group", "FAB")):
        facts += [Fact(fid + "l", name, "taxlevel", level, "property", None, "Taxon"),
                  Fact(fid + "c", name, "code", code, "property", None, "Taxon")]
    return facts


def test_a_level_under_a_one_word_key_names_the_taxon_a_which_asks_for_however_high_it_is() -> None:
    # "taxlevel" says a level as "rank" does: the suborder one step up, the order two (a hierarchy climbed)
    assert _read("Which suborder do the Natraquerts belong to?", _soils()) == ("Aquerts.", ["g"])
    assert _read("Which soil order do the Natraquerts belong to?", _soils()) == ("Vertisols.", ["g", "s"])
    assert _read("What order are the Aquerts in?", _soils()) == ("Vertisols.", ["s"])
    # a key that only ends in such a word after too short a start says no level ("flevel" is no kind)
    assert _kind_key("taxlevel") and _kind_key("nodeType") and not _kind_key("flevel")


def test_a_rank_fact_names_the_taxon_a_which_asks_for_and_a_one_word_key_states_its_written_out_words() -> None:
    # virus-knowledge-graph (spent): HAS_TAXON from parent to child; a parent of rank genus is "which genus"
    facts = [Fact("p", "Orthopoxvirus", "HAS TAXON", "Variola virus", "edge", None, "Taxon", "Taxon"),
             Fact("h", "Variola virus", "INFECTS", "Homo sapiens", "edge", None, "Taxon", "Taxon"),
             Fact("rp", "Orthopoxvirus", "rank", "genus", "property", None, "Taxon"),
             Fact("rv", "Variola virus", "rank", "species", "property", None, "Taxon"),
             Fact("tv", "Variola virus", "taxid", "10255", "property", None, "Taxon"),
             Fact("tp", "Orthopoxvirus", "taxid", "10242", "property", None, "Taxon")]
    assert _read("Which genus does Variola virus belong to?", facts) == ("Orthopoxvirus.", ["p"])
    assert _read("What is the NCBI taxonomy id of Variola virus?", facts) == ("10255.", ["tv"])
    # two steps: the virus that causes a disease, then its genus (a Taxon above a Taxon is no sibling here)
    facts2 = facts + [Fact("c", "Variola virus", "CAUSES", "Smallpox", "edge", None, "Taxon", "Disease")]
    assert _read("Which genus does the virus that causes Smallpox belong to?", facts2) == (
        "Orthopoxvirus.", ["c", "p"])


def test_who_is_answered_by_the_one_agent_tied_to_the_thing_reached_not_by_a_type_word_said_of_something_else() -> None:
    # sao-paulo-transport (tune): a Company OWNs a Line, stations are PART_OF it; "operates" is said by no relation
    facts = [Fact("a", "Jurubatuba", "PART OF", "Emerald", "edge", None, "TrainStation", "Line"),
             Fact("b", "CPTM", "OWN", "Emerald", "edge", None, "Company", "Line"),
             Fact("c", "Socorro", "PART OF", "Emerald", "edge", None, "TrainStation", "Line")]
    assert _read("Who operates the line through Jurubatuba?", facts) == ("CPTM.", ["a", "b"])
    # "metro" is said of the network, not of the answer: a MetroStation of the line is no one
    facts2 = [Fact("m", "Morumbi", "PART OF", "Yellow", "edge", None, "MetroStation", "Line"),
              Fact("o", "ViaQuatro", "OWN", "Yellow", "edge", None, "Company", "Line"),
              Fact("p", "Morumbi", "is paid", "never", "property", ("PART OF", "Yellow"), "MetroStation")]
    assert _read("Who operates the Yellow line of the Sao Paulo metro?", facts2) == ("ViaQuatro.", ["o"])


def test_a_key_spelled_with_f_for_ph_states_the_question_s_word() -> None:
    # sao-paulo-transport (tune): a Company's `fone` beside its `site`
    # (ids ordered so that, with nothing else to tell them apart, the site would come first)
    facts = [Fact("a", "EMTU", "site", "www.emtu.sp.gov.br", "property", None, "Company"),
             Fact("z", "EMTU", "fone", "08007240555", "property", None, "Company")]
    assert _read("What is EMTU's phone number?", facts) == ("08007240555.", ["z"])


def test_a_qualifier_set_before_the_relation_it_qualifies_is_read_first_and_an_appositive_keeps_the_of_form() -> None:
    # royal92 (spent): "the maternal grandfather of X" is X's mother's father, though "grandfather" stands next to X;
    # "the mother of Queen Elizabeth II, Elizabeth Alexandra Mary Windsor" reads MOTHER from her (child -MOTHER->
    # mother)
    facts = [Fact("f", "Nicholas_II Alexandrovich Romanov", "FATHER", "Alexander_III Romanov", "edge", None, "Person",
                  "Person"),
             Fact("m", "Nicholas_II Alexandrovich Romanov", "MOTHER", "Dagmar of_Denmark", "edge", None, "Person",
                  "Person"),
             Fact("ff", "Alexander_III Romanov", "FATHER", "Alexander_II Romanov", "edge", None, "Person", "Person"),
             Fact("fm", "Alexander_III Romanov", "MOTHER", "Marie of_Hesse", "edge", None, "Person", "Person"),
             Fact("mf", "Dagmar of_Denmark", "FATHER", "Christian_IX", "edge", None, "Person", "Person"),
             Fact("mm", "Dagmar of_Denmark", "MOTHER", "Louise of_Hesse", "edge", None, "Person", "Person")]
    assert _read("Who was the maternal grandfather of Nicholas II Alexandrovich Romanov?", facts)[0] == "Christian_IX."
    assert _read("Who was the paternal grandmother of Nicholas II Alexandrovich Romanov?", facts)[0] == \
        "Marie of_Hesse."
    facts2 = [Fact("c", "Edward Windsor", "MOTHER", "Elizabeth_II Alexandra Mary Windsor", "edge", None, "Person",
                   "Person"),
              Fact("q", "Elizabeth_II Alexandra Mary Windsor", "MOTHER", "Elizabeth Bowes-Lyon", "edge", None,
                   "Person", "Person")]
    assert _read("Who was the mother of Queen Elizabeth II, Elizabeth Alexandra Mary Windsor?", facts2) == (
        "Elizabeth Bowes-Lyon.", ["q"])


def test_a_share_asked_is_an_amount_and_a_record_shown_by_label_and_key_is_said_by_its_key() -> None:
    # coffee-beans (spent): "what share of" asks the fraction on the tie, not another flavour of the bean
    facts = [Fact("o", "Boquette SHB", "IS FROM", "Panama", "edge", None, "CoffeeBean", "Origin"),
             Fact("a", "Boquette SHB", "TASTES", "Chocolaty", "edge", None, "CoffeeBean", "Flavor"),
             Fact("w", "Boquette SHB", "TASTES", "Winey", "edge", None, "CoffeeBean", "Flavor"),
             Fact("pa", "Boquette SHB", "percentage", "0.75", "property", ("TASTES", "Chocolaty"), "CoffeeBean"),
             Fact("pw", "Boquette SHB", "percentage", "0.25", "property", ("TASTES", "Winey"), "CoffeeBean"),
             Fact("c", "Panama", "country", "Panama", "property", None, "Origin")]
    assert _read("What share of the Panamanian coffee's taste is winey?", facts)[0] == "0.25."
    # virus-knowledge-graph (spent): a Kegg ortholog has no name; schema inference shows it as "Kegg K19394"
    facts2 = [Fact("t", "Rimantadine hydrochloride", "TARGETS", "Kegg K19394", "edge", None, "Drug", "Kegg")]
    assert _read("What does Rimantadine hydrochloride target?", facts2) == ("K19394.", ["t"])
    # lincs-lymphoma (spent): a Cell named by what it is, its `cell_type` "cell line", and its key: the cell line U937
    facts3 = [Fact("g", "plerixafor", "DRUG SIGNATURE", "Signature 7", "edge", None, "Drug", "Signature"),
              Fact("c", "cell line U937", "CELL SIGNATURE", "Signature 7", "edge", None, "Cell", "Signature"),
              Fact("k", "cell line U937", "cell type", "cell line", "property", None, "Cell")]
    assert _read("On which cell line was plerixafor tested?", facts3) == ("U937.", ["g", "c"])


def test_a_chinese_key_inside_a_run_of_the_question_and_its_english_words_are_stated() -> None:
    # china-intangible-heritage (spent): an Item's `序号`, said inside "名录序号是多少" or asked as "第几号"
    facts = [Fact("o", "西安鼓乐 435", "由保护单位", "陕西省艺术研究院", "edge", None, "Item", "Organization"),
             Fact("n", "西安鼓乐 435", "序号", "435", "property", None, "Item"),
             Fact("c", "西安鼓乐 435", "createdAt", "1796201782221", "property", None, "Item")]
    assert _read("西安鼓乐 435的名录序号是多少？", facts) == ("435.", ["n"])
    assert _read("西安鼓乐 435在国家级非物质文化遗产名录中是第几号？", facts) == ("435.", ["n"])


def test_chinese_words_of_a_museum_meet_its_english_labels() -> None:
    # guangdong-museum (spent): an Artifact MADE_OF a Material, BELONGS_TO an Era; an object's size beside them
    facts = [Fact("m", "沧海龙吟琴", "MADE OF", "木", "edge", None, "Artifact", "Material"),
             Fact("e", "沧海龙吟琴", "BELONGS TO", "明", "edge", None, "Artifact", "Era"),
             Fact("s", "沧海龙吟琴", "size", "长129cm、宽25cm、高12cm", "property", None, "Artifact")]
    assert _read("沧海龙吟琴是用什么材质做的？", facts) == ("木.", ["m"])
    assert _read("沧海龙吟琴是哪个时代的文物？", facts) == ("明.", ["e"])
    # a part of a hall, not the hall's stored location
    facts2 = [Fact("p", "广东自然资源展二", "PART OF", "广东自然资源展厅", "edge", None, "Hall", "Hall"),
              Fact("l", "广东自然资源展二", "location", "三夹层", "property", None, "Hall")]
    assert _read("广东自然资源展二是哪个展厅的一部分？", facts2) == ("广东自然资源展厅.", ["p"])


def test_a_style_answers_what_kind_of_thing_it_is() -> None:
    # craft-beers (spent): a Beer's `style` beside the brewery it is BREWED_BY
    # (ids ordered so that, with nothing else to tell them apart, the brewery would come first)
    facts = [Fact("a", "1554 Black Lager", "BREWED BY", "New Belgium Brewing Company", "edge", None, "Beer", "Brewery"),
             Fact("z", "1554 Black Lager", "style", "Euro Dark Lager", "property", None, "Beer")]
    assert _read("What kind of beer is 1554 Black Lager?", facts) == ("Euro Dark Lager.", ["z"])


def test_a_key_of_letters_and_a_number_states_them_typed_apart() -> None:
    # un-structure (spent): a Country's ISOAlpha3 beside its ISOCode
    facts = [Fact("c", "Azerbaijan", "ISOCode", "031", "property", None, "Country"),
             Fact("a", "Azerbaijan", "ISOAlpha3", "AZE", "property", None, "Country")]
    assert _read("What is the ISO alpha-3 code of Azerbaijan?", facts) == ("AZE.", ["a"])



def test_a_value_of_an_entity_of_the_type_asked_answers_nothing_that_entity_does() -> None:
    # snomed-trials (tune): "which trial studies X" is the Trial that FOCUSES_ON X, not its study_results, whose key
    # says "study"
    facts = [Fact("f", "NCT05818137", "FOCUSES ON", "Pulmonary Arterial Hypertension", "edge", None, "Trial",
                  "Condition"),
             _prop("r", "NCT05818137", "study results", "False", "Trial"),
             _prop("t", "NCT05818137", "study type", "INTERVENTIONAL", "Trial")]
    assert _read("Which trial studies pulmonary arterial hypertension?", facts) == ("NCT05818137.", ["f"])
    # a value the question asks for of that trial is still read ("what is the study type of the trial on X")
    assert _read("What is the study type of the trial on pulmonary arterial hypertension?", facts)[0] == (
        "INTERVENTIONAL.")


def test_a_role_no_key_says_is_the_short_text_a_relationship_holds() -> None:
    # trumpworld (spent): INVOLVED_WITH {connection: "General counsel", source: <url>}; "position" and "role" are said
    # by no key, relation or type of the context: the tie's short text states them, not the company it reaches
    facts = [Fact("e", "ALAN GARTEN", "INVOLVED WITH", "THE TRUMP ORGANIZATION, INC.", "edge", None, "Person",
                  "Organization"),
             _prop("c", "ALAN GARTEN", "connection", "General counsel", "Person",
                   ("INVOLVED WITH", "THE TRUMP ORGANIZATION, INC.")),
             _prop("s", "ALAN GARTEN", "source", "https://www.nytimes.com/2016/garten.html", "Person",
                   ("INVOLVED WITH", "THE TRUMP ORGANIZATION, INC."))]
    assert _read("What position does Alan Garten hold at the company he works for?", facts)[0] == "General counsel."
    assert _read("What was Alan Garten's role?", facts)[0] == "General counsel."
    # where a key says the role, that key answers (a film's `roles` on ACTED_IN), as before
    acted = [Fact("a", "Keanu Reeves", "ACTED IN", "The Matrix", "edge", None, "Person", "Movie"),
             _prop("r", "Keanu Reeves", "roles", "Neo", "Person", ("ACTED IN", "The Matrix")),
             _prop("n", "Keanu Reeves", "note", "Lead actor", "Person", ("ACTED IN", "The Matrix"))]
    assert _read("What role did Keanu Reeves play in The Matrix?", acted)[0] == "Neo."


def test_the_noun_a_which_asks_for_is_no_part_of_a_name_it_mentions() -> None:
    # trumpworld (spent): "which foundation is Condoleezza Rice a director of" (stored CONDOLEEZA: her name read by
    # its parts); "foundation" asks for the organisation, it does not mention the Foundation for Excellence in
    # Education, whose tie to her (connection "Director") then read as the question's own and answered
    tie = ("INVOLVED WITH", "FOUNDATION FOR EXCELLENCE IN EDUCATION")
    facts = [Fact("e", "CONDOLEEZA RICE", "INVOLVED WITH", "FOUNDATION FOR EXCELLENCE IN EDUCATION", "edge", None,
                  "Person", "Organization"),
             _prop("c", "CONDOLEEZA RICE", "connection", "Director", "Person", tie),
             Fact("j", "JEB BUSH", "INVOLVED WITH", "FOUNDATION FOR EXCELLENCE IN EDUCATION", "edge", None,
                  "Person", "Organization")]
    assert mentioned_names("Which foundation is Condoleezza Rice a director of?",
                           ["CONDOLEEZA RICE", "FOUNDATION FOR EXCELLENCE IN EDUCATION", "JEB BUSH"]) == {
        "CONDOLEEZA RICE"}
    assert _read("Which foundation is Condoleezza Rice a director of?", facts)[0] == (
        "FOUNDATION FOR EXCELLENCE IN EDUCATION.")
    # named by a word of its own name, not the noun asked, it is mentioned
    assert "FOUNDATION FOR EXCELLENCE IN EDUCATION" in mentioned_names(
        "Who directs the Excellence in Education foundation?", ["FOUNDATION FOR EXCELLENCE IN EDUCATION"])


def test_a_relation_repeated_with_another_text_of_its_own_is_read_on() -> None:
    # trumpworld (spent): both ties are INVOLVED WITH; their texts (a property of each relationship, its id
    # "<edge>#<key>") say spokesman and president, so the second is no repetition of the first ("who is the president
    # of the company X is a spokesman for": the company's president)
    company = "KUSHNER COMPANIES"
    tie = ("INVOLVED WITH", company)
    facts = [Fact("r", "HOWARD RUBENSTEIN", "INVOLVED WITH", company, "edge", None, "Person", "Organization"),
             _prop("r#connection", "HOWARD RUBENSTEIN", "connection", "Spokesman", "Person", tie),
             Fact("m", "LAURENT MORALI", "INVOLVED WITH", company, "edge", None, "Person", "Organization"),
             _prop("m#connection", "LAURENT MORALI", "connection", "President", "Person", tie),
             Fact("h", "ALAN HAMMER", "INVOLVED WITH", company, "edge", None, "Person", "Organization"),
             _prop("h#connection", "ALAN HAMMER", "connection", "Former chairman", "Person", tie)]
    q = "Who is the president of the company Howard Rubenstein is a spokesman for?"
    assert _read(q, facts)[0] == "LAURENT MORALI."
    # the company itself where the question asks for no one past it
    assert _read("Which company is Howard Rubenstein a spokesman for?", facts)[0] == f"{company}."


def test_a_relation_word_said_twice_asks_for_the_repetition_before_a_climb() -> None:
    # nigeria-oil-contracts (spent): "which company owns the owner of X": "owns" is the verb, Company the noun asked;
    # X has two owners, one of them owned in turn: the owner's owner, not X's owner
    def owns(i: str, owned: str, owner: str) -> Fact:
        return Fact(i, owned, "IS OWNER", owner, "edge", None, "Company", "Company")

    facts = [owns("1", "Mirror Lake Oil and Gas Company Limited", "Addax Petroleum Corporation"),
             owns("2", "Mirror Lake Oil and Gas Company Limited", "Sinopec International Petroleum Corporation"),
             owns("3", "Sinopec International Petroleum Corporation", "China Petrochemical Corporation")]
    facts += [_prop(f"{f.id}#ownership_type", f.head, "ownership type", "Directly Controlled", "Company",
                    ("IS OWNER", f.tail)) for f in list(facts)]
    q = "Which company owns the owner of Mirror Lake Oil and Gas Company Limited?"
    assert _Reading(ExtractiveReader(ConstantEmbedder()), q, facts).wh_noun == "company"
    assert _read(q, facts) == ("China Petrochemical Corporation.", ["2", "3"])


def test_a_name_typed_with_a_capital_before_its_keys_word_names_the_record_holding_it() -> None:
    # nigeria-oil-contracts (spent): "the Egina field" is the contract whose `field` is Egina
    def contract(i: str, name: str, field: str, operator: str) -> list[Fact]:
        return [_prop(f"{i}f", name, "field", field, "Contract"),
                Fact(f"{i}o", name, "HAS OPERATOR", operator, "edge", None, "Contract", "Company"),
                Fact(f"{i}a", "NNPC", "AWARDS", name, "edge", None, "Company", "Contract")]

    facts = contract("e", "Contract Egina OML 130", "Egina", "Total Upstream Nigeria Limited") + contract(
        "b", "Contract Bonga OML 118", "Bonga", "Shell Nigeria Exploration")
    q = "Which company is the operator of the production sharing contract for the Egina field?"
    assert _read(q, facts)[0] == "Total Upstream Nigeria Limited."
    assert _read(q.replace("Egina", "Bonga"), facts)[0] == "Shell Nigeria Exploration."


def test_a_name_node_stands_for_its_entity_and_an_asked_kind_is_no_record_named() -> None:
    # china-cities (spent): 宝鸡 is the end of 宝鸡市's 中文名; the question is about the city (its province's plate
    # code, not the city's own); "自治区政府驻地在哪里" asks where the region's seat is, it names no seat
    facts = [_edge("n", "宝鸡市", "中文名", "宝鸡", "城市", "中文名"),
             _edge("p", "宝鸡市", "属于", "陕西省", "城市", "省份"),
             _edge("c", "宝鸡市", "车牌代码", "陕C", "城市", "车牌代码"),
             _edge("s", "陕西省", "车牌代码", "陕A—陕V", "省份", "车牌代码")]
    assert _read("宝鸡所在省份的车牌代码是什么？", facts)[0] == "陕A—陕V."
    assert _read("宝鸡的车牌代码是什么？", facts)[0] == "陕C."
    region = [_edge("n", "桂林市", "中文名", "桂林", "城市", "中文名"),
              _edge("p", "桂林市", "属于", "广西壮族自治区", "城市", "省份"),
              _edge("k", "广西壮族自治区", "行政区类别", "自治区", "省份", "行政区类别"),
              _edge("g", "广西壮族自治区", "政府驻地", "南宁市青秀区民生路2号", "省份", "政府驻地"),
              _edge("h", "桂林市", "政府驻地", "临桂区西城中路69号", "城市", "政府驻地")]
    assert _read("桂林所在的自治区政府驻地在哪里？", region)[0] == "南宁市青秀区民生路2号."


def test_a_source_asked_in_chinese_meets_a_relation_named_source() -> None:
    # tcm-formulas (spent): "出自哪本书" and "出处" met no word of the relation 来源, and the formula's root answered
    # (the source's fact last by id: with no word stated, the first fact by id would answer)
    facts = [_edge("z", "麻黄汤", "来源", "《伤寒论》", "方名", "来源"),
             _edge("a", "麻黄汤", "包含", "方剂", "方名", "方剂"),
             _edge("h", "麻黄汤", "中药组成", "杏仁", "方名", "中药名")]
    assert _read("麻黄汤出自哪本书？", facts)[0] == "《伤寒论》."
    assert _read("麻黄汤的出处是哪部医书？", facts)[0] == "《伤寒论》."


def test_english_lettered_types_are_met_by_the_chinese_words_of_services_and_games() -> None:
    # guangdong-gov-services and delta-force (spent): types and keys in English letters (matter_object,
    # theme_category, OF_CLA_TYPE, caliber) beside Chinese names; the question's words met none of them
    # (the asked fact last by id: with no word stated, the first fact by id would answer)
    matter = [_edge("a", "广东医学收录信息查询", "handle location", "无线下办理窗口", "Matter", "Location"),
              _edge("b", "广东医学收录信息查询", "theme category", "医疗卫生", "Matter", "Theme"),
              _edge("z", "广东医学收录信息查询", "matter object", "自然人", "Matter", "Object")]
    assert _read("广东医学收录信息查询面向什么服务对象？", matter)[0] == "自然人."
    assert _read("广东医学收录信息查询属于哪个服务主题？", matter)[0] == "医疗卫生."
    operator = [_edge("a", "凯·席尔瓦", "HAS SKILL", "终极技能：巡飞弹", "Operator", "Skill"),
                Fact("b", "凯·席尔瓦", "weight", "62", "property", None, "Operator"),
                Fact("z", "凯·席尔瓦", "class", "侦察", "property", None, "Operator")]
    assert _read("凯·席尔瓦是什么兵种？", operator)[0] == "侦察."
    armour = [Fact("a", "泰坦防弹装甲", "weight", "12.04", "property", None, "Equipment"),
              _edge("z", "泰坦防弹装甲", "HAS LEVEL", "六级", "Equipment", "Level")]
    assert _read("泰坦防弹装甲是几级护甲？", armour)[0] == "六级."


def test_english_relations_and_keys_are_met_by_the_chinese_words_of_games_shops_and_funds() -> None:
    # star-rail and taiwan-etf-holdings (spent): relations Fall, Currency and keys element, weight in English letters
    # beside Chinese names; the question's words met none of them (the asked fact last by id)
    drops = [Fact("a", "次元扑满", "area", "空间站", "property", None, "Monster"),
             _edge("b", "星琼", "Sales", "商店", "Material", "Store"),
             _edge("z", "次元扑满", "Fall", "星琼", "Monster", "Material")]
    assert _read("哪个敌人会掉落星琼？", drops)[0] == "次元扑满."
    shop = [Fact("a", "赎珠阁", "place", "罗浮", "property", None, "Store"),
            _edge("b", "赎珠阁", "Sales", "记忆的质料", "Store", "Material"),
            _edge("z", "赎珠阁", "Currency", "巡镝", "Store", "Material")]
    assert _read("赎珠阁用什么货币结算？", shop)[0] == "巡镝."
    character = [Fact("a", "希儿", "destiny", "巡猎", "property", None, "Character"),
                 Fact("z", "希儿", "element", "量子", "property", None, "Character")]
    assert _read("希儿是什么属性的角色？", character)[0] == "量子."
    fund = [Fact("a", "台積電", "shares", "1000", "property", ("HOLDS", "元大台灣50"), "Stock"),
            Fact("z", "台積電", "weight", "55.2", "property", ("HOLDS", "元大台灣50"), "Stock")]
    assert _read("台積電在元大台灣50的權重是多少？", fund)[0] == "55.2."
    # chinese-poetry (spent): "哪首诗" asks for a Poetry, not the poet's dynasty
    poet = [_edge("a", "徐锡麟", "DYNASTY IS", "清代", "Author", "Dynasty"),
            _edge("z", "徐锡麟", "HAS POETRY", "出塞", "Author", "Poetry")]
    assert _read("徐锡麟写过哪首诗？", poet)[0] == "出塞."


def test_french_relations_are_met_by_the_english_verbs_that_say_them() -> None:
    # asterix (spent): A_ECRIT (a écrit) and A_DESSINE (a dessiné) from a Scenariste and a Dessinateur; "who wrote"
    # and "who drew" met neither and answered a character APPARAIT_DANS the album (the asked fact last by id)
    album = [_edge("a", "Astérix", "APPARAIT DANS", "Le Grand Fossé", "Personnage", "Album"),
             _edge("b", "Uderzo", "A DESSINE", "Le Grand Fossé", "Dessinateur", "Album"),
             _edge("c", "Dargaud", "A PUBLIE", "Le Grand Fossé", "Editeur", "Album"),
             _edge("z", "Goscinny", "A ECRIT", "Le Grand Fossé", "Scenariste", "Album")]
    assert _read("Who wrote Le Grand Fossé?", album) == ("Goscinny.", ["z"])
    assert _read("Who drew Le Grand Fossé?", album) == ("Uderzo.", ["b"])
    assert _read("Who published Le Grand Fossé?", album) == ("Dargaud.", ["c"])


def test_a_wine_s_grape_is_its_variety_and_how_it_is_described_its_descriptors() -> None:
    # wine-descriptors (spent): IS_VARIETY and HAS_DESC ("desc", description) met no word of "grape", "described"
    wine = [Fact("v", "Alamos Malbec", "vintage", "2016", "property", None, "Wine"),
            _edge("d", "Alamos Malbec", "HAS DESC", "floral", "Wine", "Descriptor"),
            _edge("z", "Alamos Malbec", "IS VARIETY", "Malbec", "Wine", "Variety")]
    assert _read("Which grape is Alamos Malbec made from?", wine) == ("Malbec.", ["z"])
    described = [_edge("a", "Alamos Malbec", "IS VARIETY", "Malbec", "Wine", "Variety"),
                 Fact("b", "Alamos Malbec", "vintage", "2016", "property", None, "Wine"),
                 _edge("z", "Alamos Malbec", "HAS DESC", "floral", "Wine", "Descriptor")]
    assert _read("How is Alamos Malbec described?", described) == ("floral.", ["z"])


def test_a_designer_is_someone_a_who_asks_for() -> None:
    # met-fashion (spent): "who designed X" was answered with the Year X was MADE_IN, whose relation the embedding
    # put closer than CREATED; a Designer is someone
    garment = [_edge("a", "Model No. 487", "MADE IN", "Year 1938", "Garment", "Year"),
               _prop("m", "Model No. 487", "medium", "silk, wood", "Garment"),
               _edge("z", "Balenciaga", "CREATED", "Model No. 487", "Designer", "Garment")]
    reader = ExtractiveReader(TopicEmbedder("designed", "made in"))
    g = reader.generate("", question="Who designed Model No. 487?", facts=tuple(garment))
    assert (g.text, list(g.evidence)) == ("Balenciaga.", ["z"])


def test_chinese_words_in_traditional_letters_are_read_as_in_simplified_ones() -> None:
    # taiwan-stock-knowledge (the thirty-eighth split's, after its run): "產業" (产业, industry) and "股票代號" (代号, a
    # code) met none of industry_of and `code`; the stock's `market` answered (the asked fact last by id)
    stock = [Fact("a", "大立光", "market", "上市", "property", None, "Stock"),
             _edge("z", "大立光", "industry of", "光電業", "Stock", "Industry")]
    assert _read("大立光屬於哪個產業？", stock)[0] == "光電業."
    coded = [Fact("a", "穩懋", "market", "上櫃", "property", None, "Stock"),
             Fact("z", "穩懋", "code", "3105", "property", None, "Stock")]
    assert _read("穩懋的股票代號是多少？", coded)[0] == "3105."


def _monthly_series() -> list[Fact]:
    # dutch-weather-sales (spent): a month is a Date node named by its first day; its Weather record holds a score
    # and reaches one node per reading, each named by what was measured and its unit, holding the value
    facts: list[Fact] = []
    for month, wid, score, temp, rain in [(6, "41", "6.9", "16.1", "80.2"), (7, "42", "7.6", "18.5", "73.0"),
                                          (8, "43", "7.1", "18.0", "91.4")]:
        day, weather = f"Date 2022-{month:02d}-01", f"Weather {wid}"
        facts += [Fact(f"y{month}", "Year 2022", "year", day, "edge", None, "Year", "Date"),
                  Fact(f"w{month}", day, "weather", weather, "edge", None, "Date", "Weather"),
                  Fact(f"s{month}", weather, "score", score, "property", None, "Weather"),
                  Fact(f"t{month}", weather, "temperature", f"Temperature {wid}", "edge", None, "Weather",
                       "Temperature"),
                  Fact(f"tv{month}", f"Temperature {wid}", "value", temp, "property", None, "Temperature"),
                  Fact(f"tu{month}", f"Temperature {wid}", "unit", "°C", "property", None, "Temperature"),
                  Fact(f"r{month}", weather, "rain", f"Rain {wid}", "edge", None, "Weather", "Rain"),
                  Fact(f"rv{month}", f"Rain {wid}", "value", rain, "property", None, "Rain")]
    return facts


def test_a_month_names_the_record_of_a_monthly_series_and_a_measurement_answers_with_its_value() -> None:
    facts = _monthly_series()
    assert _read("What was the overall weather score for July 2022?", facts) == ("7.6.", ["w7", "s7"])
    # the reading reached is a measurement: its one value answers, not its name
    assert _read("What was the average temperature in July 2022?", facts) == ("18.5.", ["w7", "t7", "tv7"])
    assert _read("How much rain fell in August 2022?", facts) == ("91.4.", ["w8", "r8", "rv8"])
    # a daily series: a month names none of its days (the first day is only itself)
    daily = [Fact(f"{f.id}d", f.head.replace("-06-01", "-07-15"), f.relation, f.tail, f.kind, f.via, f.head_type,
                  f.tail_type) if f.head.startswith("Date 2022-06") else f for f in facts]
    assert not {n for n in _Reading(ExtractiveReader(ConstantEmbedder()), "What was the weather score for July 2022?",
                                    daily).mentioned if n.startswith("Date")}


def test_a_measurement_is_not_the_answer_where_the_question_asks_for_an_entity() -> None:
    facts = _monthly_series()
    # (a record is answered by what tells it apart, "42" of "Temperature 42")
    assert _read("Which temperature record belongs to the weather of July 2022?", facts)[0] == "42."


def test_what_a_name_says_after_its_kind_and_a_colon_mentions_it() -> None:
    # delta-force (spent): "哪位干员的终极技能是巡飞弹" answered the skill "终极技能：巡飞弹" itself, no operator
    facts = [_edge("a", "乌鲁鲁", "HAS SKILL", "终极技能：巡飞弹", "Operator", "Skill"),
             _edge("b", "蜂医", "HAS SKILL", "终极技能：烟雾无人机", "Operator", "Skill")]
    assert _read("哪位干员的终极技能是巡飞弹？", facts) == ("乌鲁鲁.", ["a"])


def test_a_question_offering_two_entities_is_answered_by_the_one_the_context_ties_to_its_subject() -> None:
    # guangdong-gov-services (spent): "X是省级部门还是市级部门" answered a member of 省级 (a provincial court)
    facts = [_edge("a", "省级", "consists of", "广州海事法院", "Level", "Department"),
             _edge("b", "省级", "consists of", "广东省公安厅", "Level", "Department"),
             _edge("z", "市级", "consists of", "广州空港经济区管理委员会", "Level", "Department")]
    assert _read("广州空港经济区管理委员会是省级部门还是市级部门？", facts) == ("市级.", ["z"])
    assert _read("广东省公安厅是省级部门还是市级部门？", facts) == ("省级.", ["b"])
    english = [_edge("a", "Paris", "capital of", "France", "City", "Country"),
               _edge("z", "Lyon", "located in", "France", "City", "Country"),
               _edge("b", "London", "capital of", "United Kingdom", "City", "Country")]
    assert _read("Is the capital of the United Kingdom Paris or London?", english) == ("London.", ["b"])
    # both offered tied to the subject: no choice is made by this rule (the question is read as any other)
    both = [*facts, _edge("y", "省级", "consists of", "广州空港经济区管理委员会", "Level", "Department")]
    assert _Reading(ExtractiveReader(ConstantEmbedder()), "广州空港经济区管理委员会是省级部门还是市级部门？",
                    both)._alternative_asked() is None


def _t2d() -> list[Fact]:
    # t2d-net (spent): compounds, one a drug, predicted (SLAP) to target genes, with a grade of the prediction
    return [_edge("s1", "glyburide", "SLAP", "Dopamine transporter", "Compound", "Gene"),
            _edge("s2", "2,4-dinitro-phenol", "SLAP", "Dopamine transporter", "Compound", "Gene"),
            _prop("d1", "glyburide", "is drug", "TRUE", "Compound"),
            _prop("f1", "Dopamine transporter", "family", "Transporter", "Gene"),
            _prop("c1", "glyburide", "CID", "3488", "Compound"),
            _prop("u1", "glyburide", "SUID", "185", "Compound"),
            _prop("m1", "glyburide", "smiles", "CCC1=C(CN(C1=O)C(=O)NCCC2=CC=C(C=C2)S(=O)NC3CCC(CC3)C)C", "Compound"),
            _prop("n1", "glyburide", "score note", "weak", "Compound", via=("SLAP", "Dopamine transporter")),
            _prop("v1", "glyburide", "score", "0.0151", "Compound", via=("SLAP", "Dopamine transporter"))]


def test_a_truth_under_is_kind_makes_its_entity_one_and_answers_no_which() -> None:
    facts = _t2d()
    assert _read("Which diabetes drug is predicted to target the dopamine transporter?", facts)[0] == "glyburide."
    # without the truth the compound is no drug and the value TRUE is still no answer to "which drug"
    falsy = [_prop("d1", "glyburide", "is drug", "FALSE", "Compound") if f.id == "d1" else f for f in facts]
    assert _read("Which diabetes drug is predicted to target the dopamine transporter?", falsy)[0] != "FALSE."


def test_an_initial_and_id_state_the_two_words_a_key_abbreviates() -> None:
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), "What is the PubChem compound ID of glyburide?", _t2d())
    assert {"compound", "id"} <= reading.relation_words["CID"]
    assert "compound" not in reading.relation_words["SUID"]
    assert _read("What is the PubChem compound ID of glyburide?", _t2d()) == ("3488.", ["c1"])


def test_how_strong_is_answered_by_a_grade_on_its_scale() -> None:
    facts = _t2d()
    assert _read("How strong is the predicted association between glyburide and the dopamine transporter?",
                 facts) == ("weak.", ["n1"])
    # no grade in words: not this rule's answer
    assert _read("How strong is the predicted association between glyburide and the dopamine transporter?",
                 [f for f in facts if f.id != "n1"])[0] != "weak."


def test_a_chinese_noun_asked_meets_a_chinese_type_and_the_class_node_is_no_member() -> None:
    # tcm-formulas (spent): formulas (方名) 包含'd by a node 方剂 of type 方剂, each with its 来源 and 功能主治;
    # "哪个方子", "什么方剂" ask for a formula, not the class node, a symptom or the source book
    facts = [_edge("c1", "方剂", "包含", "暖肝煎", "方剂", "方名"),
             _edge("t1", "暖肝煎", "功能主治", "睾丸冷痛", "方名", "功能主治"),
             _edge("t2", "暖肝煎", "功能主治", "小腹疼痛", "方名", "功能主治"),
             _edge("s1", "暖肝煎", "来源", "《景岳全书》", "方名", "来源"),
             _edge("c2", "方剂", "包含", "至宝丹", "方剂", "方名"),
             _edge("s2", "至宝丹", "来源", "《灵苑方》", "方名", "来源"),
             _edge("t3", "至宝丹", "功能主治", "神昏谵语", "方名", "功能主治")]
    assert _read("睾丸冷痛应该用哪个方子？", facts)[0] == "暖肝煎."
    assert _read("哪个方剂出自《灵苑方》？", facts)[0] == "至宝丹."
    assert _read("神昏谵语用什么方剂？", facts)[0] == "至宝丹."
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), "哪个方剂出自《灵苑方》？", facts)
    assert reading.wh_noun == "formula" and "formula" in reading._type_stems("至宝丹")


def test_the_level_above_said_in_chinese_reads_the_parent_relation_on() -> None:
    # china-industry-chain (spent): "上一级行业" met no word of 上级行业 and the company's own industry answered
    facts = [_edge("a", "青岛啤酒", "所属行业", "啤酒", "company", "industry"),
             _edge("b", "燕京啤酒", "所属行业", "啤酒", "company", "industry"),
             _edge("p", "啤酒", "上级行业", "非白酒", "industry", "industry")]
    assert _read("青岛啤酒所在行业的上一级行业是什么？", facts) == ("非白酒.", ["a", "p"])


def test_a_chinese_phrase_asked_is_read_by_its_head_not_its_first_word() -> None:
    # china-intangible-heritage (spent): "哪个国家级非遗项目" asks for a 项目 (an Item), not a 国家 (a country)
    facts = [_edge("p", "北方昆曲剧院", "由保护单位", "昆曲 1039", "Organization", "Item"),
             _edge("r", "昆曲 1039", "申报于", "北京市", "Item", "Region")]
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), "北方昆曲剧院负责保护哪个国家级非遗项目？", facts)
    assert reading.wh_noun != "country"
    assert _read("北方昆曲剧院负责保护哪个国家级非遗项目？", facts)[0] == "昆曲 1039."


def test_a_season_asked_is_two_years_spanned_and_a_season_named_picks_the_edition() -> None:
    from xgrag.generate.prompt import facts_of, property_facts_of
    from xgrag.model import Node, PropertyFact, Relationship, Subgraph
    from xgrag.model.graph import season_span, seasons_in

    assert season_span("1990-1991") and season_span("1990-91") and season_span("20/21") and season_span("1999-2000")
    assert not season_span("1990-1995") and not season_span("2014-12") and not season_span("3")
    assert seasons_in("in 2010-2011, and 2014-12-01 or 1/08/2017") == {(10, 11)}
    # nba-six-dribbles (spent): one Team node per season, its name the abbreviation and the season, the season its
    # `year`
    teams = [Node("t1", "CLE 2009-2010", "Team"), Node("t2", "MIA 2010-2011", "Team"),
             Node("t3", "CLE 2008-2009", "Team")]
    player = Node("p", "lebron james", "Player")
    sub = Subgraph(nodes={n.id: n for n in (player, *teams)},
                   relationships={f"r{i}": Relationship(f"r{i}", "p", t.id, "PLAYS_IN") for i, t in enumerate(teams)},
                   properties={f.id: f for f in (PropertyFact(t.id, "year", t.name.split()[1]) for t in teams)})
    facts = [*facts_of(sub), *property_facts_of(sub)]
    # the season named says which edition; the answer is the team as people call it
    assert _read("Which team did LeBron James play for in 2010-2011?", facts) == ("MIA.", ["r1"])
    assert _read("Which team did LeBron James play for in 2008-09?", facts) == ("CLE.", ["r2"])
    # a season asked is the `year` of the team it played in, whatever its key is called
    one = Subgraph(nodes={"p": Node("p", "a.j. wynder", "Player"), "t": Node("t", "BOS 1990-1991", "Team")},
                   relationships={"r": Relationship("r", "p", "t", "PLAYS_IN")},
                   properties={"t#year": PropertyFact("t", "year", "1990-1991")})
    assert _read("In which season did A.J. Wynder play?", [*facts_of(one), *property_facts_of(one)]) == (
        "1990-1991.", ["r", "t#year"])
    # a show's season is a number: no span answers it over the number its key states
    show = [Fact("s", "The Owl of Minerva", "season", "3", "property", None, "Episode"),
            Fact("y", "The Owl of Minerva", "aired", "2014-2015", "property", None, "Episode")]
    assert _read("Which season is The Owl of Minerva in?", show) == ("3.", ["s"])


def test_a_name_typed_without_the_capitals_the_names_of_its_type_begin_with_mentions_it() -> None:
    # telco-topology (tune): "the Netflix CDN" is CNNetflix; with no name mentioned, the first fact by score answered
    facts = [_edge("a", "PE**KBL*HSI", "LINK", "CNNetflix", "PE", "CDN"),
             _edge("b", "PE**RKT*HSI", "LINK", "CNAkamai", "PE", "CDN"),
             Fact("c", "PE**KBL*HSI", "uplink", "0.0", "property", ("LINK", "CNNetflix"), "PE")]
    assert _read("Which PE router is the Netflix CDN connected to?", facts) == ("PE**KBL*HSI.", ["a"])
    assert _read("Which PE router serves the Akamai CDN?", facts) == ("PE**RKT*HSI.", ["b"])


def test_a_japanese_question_names_a_bilingual_name_by_its_japanese_and_asks_in_its_own_words() -> None:
    # japan-reparation-lawsuits (tune): names in Japanese and English; "の被告はどこですか" asks for the defendant,
    # "いつ" a date; a date answered "where" and "who" before
    suit = "浮島丸訴訟 Ukishima-maru Lawsuit"
    facts = [_edge("d", suit, "AGAINST", "国 Japanese State", "Lawsuit", "Defendant"),
             Fact("f", suit, "filed", "1992-08-25", "property", None, "Lawsuit"),
             Fact("r#date", suit, "date", "2004-11-30", "property", ("RULED", "最高裁 Supreme Court"), "Lawsuit"),
             _edge("r", "最高裁 Supreme Court", "RULED", suit, "Court", "Lawsuit")]
    assert _read("浮島丸訴訟の被告はどこですか？", facts)[0] == "国 Japanese State."
    assert _read("浮島丸訴訟の最高裁判決はいつですか？", facts)[0] == "2004-11-30."


def test_a_type_that_says_the_noun_only_before_its_head_is_another_kind() -> None:
    # un-structure (spent): Mongolia is in the region Eastern Asia (a Continent_Region), which is in the continent Asia
    facts = [_edge("r", "Mongolia", "IN", "Eastern Asia", "Country", "Continent_Region"),
             _edge("c", "Eastern Asia", "PART_OF", "Asia", "Continent_Region", "Continent")]
    assert _read("On which continent is Mongolia?", facts)[0] == "Asia."
    assert _read("In which region is Mongolia?", facts)[0] == "Eastern Asia."


def test_a_type_that_says_the_noun_before_its_head_is_read_on_to_the_noun_itself() -> None:
    # nvd-cve (spent): a CVE AFFECTS a ProductVersion, a VERSION_OF a Product; "which product" asks for the Product,
    # whose tie to the version states no word of the question
    facts = [_edge("a", "CVE-2017-0207", "AFFECTS", "microsoft_outlook_=2011", "CVE", "ProductVersion"),
             _edge("v", "microsoft_outlook_=2011", "VERSION_OF", "outlook", "ProductVersion", "Product"),
             _prop("s", "CVE-2017-0207", "v3.base_score", "6.5", "CVE")]
    assert _read("Which product is affected by CVE-2017-0207?", facts)[0] == "outlook."
    assert _read("What product does CVE-2017-0207 affect?", facts)[0] == "outlook."
    # ... and the version is still what "which product version" asks
    assert _read("Which product version is affected by CVE-2017-0207?", facts)[0] == "microsoft_outlook_=2011."


def test_a_name_typed_after_its_type_names_its_entity_not_the_one_that_copies_it() -> None:
    # sordariomycetes-taxonomy (spent): each taxon copies its ancestors' names as properties (`family`, `order`);
    # "the family Koralionastetaceae" names the family (by its own `scientificName` too), not its one genus, whose
    # `family` holds the same text
    facts = [_edge("p1", "Koralionastes", "PARENT", "Koralionastetaceae", "genus", "family"),
             _edge("p2", "Koralionastetaceae", "PARENT", "Koralionastetales", "family", "order"),
             _prop("f", "Koralionastes", "family", "Koralionastetaceae", "genus"),
             _prop("o1", "Koralionastes", "order", "Koralionastetales", "genus"),
             _prop("o", "Koralionastetaceae", "order", "Koralionastetales", "family"),
             _prop("c", "Koralionastetaceae", "class", "Sordariomycetes", "family")]
    question = "Which genus is the only one in the family Koralionastetaceae?"
    assert _read(question, facts)[0] == "Koralionastes."
    named = [*facts, _prop("n", "Koralionastetaceae", "scientificName", "Koralionastetaceae", "family")]
    assert _read(question, named)[0] == "Koralionastes."
    assert _read("Which order is the family Koralionastetaceae in?", named)[0] == "Koralionastetales."


def test_co_said_of_a_tie_between_two_people_is_that_tie_not_a_tie_shared() -> None:
    # faculty-coauthors (spent): Coauthor -cooperateWith-> Professor; "co-authored" is the tie itself, not the
    # co-author's co-author; and a `role` that is a type of the context ("Professor") names no one
    facts = [_edge("a", "Alfred Strauss", "cooperateWith", "Peter Mark", "Coauthor", "Professor"),
             _edge("b", "Peter Mark", "cooperateWith", "Steffen Freitag", "Professor", "Coauthor"),
             _prop("s", "Alfred Strauss", "scholar_Id", "YNN-PmYAAAAJ", "Coauthor")]
    assert _read("Who has Alfred Strauss co-authored papers with?", facts) == ("Peter Mark.", ["a"])
    role = [*facts, _prop("r", "Peter Mark", "role", "Professor", "Professor")]
    assert _read("Who has Alfred Strauss cooperated with?", role) == ("Peter Mark.", ["a"])
    # ... while a tie through a thing of another kind is still shared: the film two actors co-star in
    films = [_edge("f", "Tom Hanks", "ACTED_IN", "Big", "Person", "Movie"),
             _edge("g", "Elizabeth Perkins", "ACTED_IN", "Big", "Person", "Movie")]
    assert _read("Who co-starred with Tom Hanks?", films)[0] == "Elizabeth Perkins."


def test_who_plays_a_part_is_its_player_not_a_part() -> None:
    # k-dramas (spent): Roles LOVE each other and hold their actors; "who plays the woman X loves" asks for the one
    # who plays her, "who does X love" for the part
    facts = [_edge("l", "Do Min-joon", "LOVES", "Cheon Song-yi", "Role", "Role"),
             _prop("a", "Cheon Song-yi", "actors", "Jun Ji-hyun", "Role"),
             _prop("b", "Do Min-joon", "actors", "Kim Soo-hyun", "Role")]
    assert _read("Who plays the woman Do Min-joon loves?", facts) == ("Jun Ji-hyun.", ["l", "a"])
    assert _read("Who does Do Min-joon love?", facts) == ("Cheon Song-yi.", ["l"])
    assert _read("Who plays Do Min-joon?", facts) == ("Kim Soo-hyun.", ["b"])


def test_the_named_one_says_the_kind_asked() -> None:
    # tech-radar (spent): radars are Date nodes; "which radar came after the Jul 2011 one" asks for a Date, not
    # the technology "Build your own radar" whose name says the noun
    facts = [_edge("n", "Jul 2011", "NEXT", "Mar 2012", "Date", "Date"),
             _edge("o", "Build your own radar_Jul 2011_Trial", "ON_DATE", "Jul 2011", "Recommendation", "Date"),
             _edge("t", "Build your own radar_Jul 2011_Trial", "TECHNOLOGY", "Build your own radar",
                   "Recommendation", "Technology")]
    assert _read("Which radar came after the Jul 2011 one?", facts) == ("Mar 2012.", ["n"])


def test_what_else_asks_for_what_is_shared_past_the_one_set_aside() -> None:
    # open-targets-indications (spent): "besides X, what else is the drug for X indicated for" is the drug's other
    # disease, not the drug
    facts = [_edge("x", "ETRIPAMIL", "INTERACTS_WITH", "paroxysmal supraventricular tachycardia", "Drug", "Disease"),
             _edge("y", "ETRIPAMIL", "INTERACTS_WITH", "atrial fibrillation", "Drug", "Disease"),
             _prop("a", "ETRIPAMIL", "isApproved", "false", "Drug")]
    question = ("Besides paroxysmal supraventricular tachycardia, what else is the drug for paroxysmal "
                "supraventricular tachycardia indicated for?")
    assert _read(question, facts) == ("atrial fibrillation.", ["x", "y"])


class _NounEmbedder(ConstantEmbedder):
    """The constant vector for every text but "genome" and the types "Strain" and "Pathogen", which lean away from
    it towards "genome" (the Pathogen closest): only a tie-break that reads the noun asked against the types can
    prefer the Strain."""

    def embed(self, texts: list[str]) -> np.ndarray:
        out = super().embed(texts)
        for i, text in enumerate(texts):
            if text.lower() in ("genome", "pathogen"):
                out[i] = np.array([0.6, 0.8, 0.0, 0.0])
            elif text.lower() == "strain":
                out[i] = np.array([0.8, 0.6, 0.0, 0.0])
        return out


def test_a_noun_no_type_says_prefers_the_type_closest_to_it_between_equal_chains() -> None:
    # coronavirus-strains (spent): "which genome was sampled in X": a Strain FOUND_IN X, a Person LOCATED_IN X;
    # no type says "genome" and no relation "sampled"
    facts = [_edge("p", "Person 2020-03-07 USA/CA-CDPH-UC1/2020", "LOCATED_IN", "Sonoma County", "Person", "Admin2"),
             _edge("s", "USA/CA-CDPH-UC1/2020", "FOUND_IN", "Sonoma County", "Strain", "Admin2"),
             # (a type closer still, that no chain from Sonoma County ends at, weighs nothing)
             _edge("h", "SARS-CoV-2", "HAS", "USA/WA1/2020", "Pathogen", "Strain")]
    question = "Which genome was sampled in Sonoma County?"
    g = ExtractiveReader(_NounEmbedder()).generate("", question=question, facts=tuple(facts))
    assert (g.text, list(g.evidence)) == ("USA/CA-CDPH-UC1/2020.", ["s"])


def test_a_chinese_name_typed_in_part_is_the_one_mentioned() -> None:
    # hubei-tender-awards (spent): "融通地产仓储物流改造项目施工" is typed of the notice's whole name
    tender = "[湖北省中心]融通地产仓储物流改造项目施工融通地产仓储物流改造项目中标结果公告(标段编号HBSJ-2)"
    facts = [_edge("g", "中建科工集团有限公司", "Get", tender, "Winner", "Tender"),
             _prop("p", "中建科工集团有限公司", "winning_price", "1667700.00", "Winner")]
    assert _read("融通地产仓储物流改造项目施工是哪家公司拿下的？", facts) == ("中建科工集团有限公司.", ["g"])


def test_a_group_named_as_its_members_type_says_the_noun_its_name_says() -> None:
    # un-structure (spent): the IFC is labelled World_Bank_Group, the group itself a node "World Bank Group" of
    # another label; "which group" asks for that node, not a value of the IFC's own
    facts = [_edge("g", "International Finance Corporation", "belongs to", "World Bank Group",
                   "World_Bank_Group", "UN_Specialized_Agencies"),
             _prop("a", "International Finance Corporation", "abbreviation", "IFC", "World_Bank_Group")]
    assert _read("The International Finance Corporation is part of which group?", facts)[0] == "World Bank Group."


def test_a_quoted_passage_with_its_gaps_marked_names_the_text_that_holds_it() -> None:
    # trump-tweets (tune): the question quotes a tweet with "..." for what it leaves out; the tweet's text holds
    # each piece; a tag "trump" is named too, by the author's name, and its tweets are no answer
    tweet = "Look how small the pages have become @WSJ. Looks like a tabloid\u2014saving money I assume!"
    facts = [_edge("m", tweet, "MENTIONED", "wsj", "Tweet", "User"),
             _prop("d", tweet, "created at", "Mon Jul 20 20:24:14 +0000 2015", "Tweet"),
             _edge("t", "Done by a real fan! #TRUMP https://t.co/R7fzPgcwmx", "TAGGED", "trump", "Retweet", "Tag")]
    question = ("Which newspaper did Trump mock in his tweet \"Look how small the pages have become ... Looks like a "
                "tabloid\u2014saving money I assume!\"?")
    assert _read(question, facts)[0] == "wsj."
    assert _read("When did Trump tweet \"Look how small the pages have become ... Looks like a tabloid\"?",
                 facts)[0] == "Mon Jul 20 20:24:14 +0000 2015."


def test_who_is_no_stamp_and_no_sentence() -> None:
    # trump-tweets (tune): `created_at` says "creat" (a creator), but its Twitter stamp is a moment, not someone;
    # and a tweet's text is no one the question names
    tweet = ".@GovernorPataki  couldn\u2019t be elected dog catcher if he ran again\u2014so he didn\u2019t!"
    facts = [_edge("m", tweet, "MENTIONED", "governorpataki", "Tweet", "User"),
             _prop("d", tweet, "created at", "Wed Jul 01 21:09:53 +0000 2015", "Tweet")]
    assert _read("Who did Trump say \"couldn\u2019t be elected dog catcher if he ran again\"?", facts)[0] \
        == "governorpataki."
    cup = "Congratulations to the 2016 #StanleyCup Champions, Pittsburgh @Penguins! Well done tonight."
    facts = [_edge("t", cup, "TAGGED", "stanleycup", "Tweet", "Tag"),
             _edge("u", "Pittsburgh Penguins", "TAGGED", "stanleycup", "Club", "Tag")]
    # a sentence (a break, a handle, a hashtag) answers no "which <noun>" that no type says; a short name does
    assert _read("Which team is tagged with #StanleyCup?", facts)[0] == "Pittsburgh Penguins."


def test_a_record_described_by_the_words_of_its_text_is_the_question_s_and_its_text_no_answer() -> None:
    # russian-troll-tweets (spent): "which account tweeted that ..." describes a tweet (named "Tweet <id>") by its
    # text's words, unquoted; its poster answers, not its text (which restates the question) nor its permalink
    cohen = ("Gary Cohen, recommended by Jared Kushner, should be fired immediately for his public attack on the "
             "President")
    facts = [_edge("p", "RogerJStoneJr", "POSTED", "Tweet 901127011724271617", "User", "Tweet"),
             _prop("l", "Tweet 901127011724271617", "permalink", "/RogerJStoneJr/status/901127011724271617", "Tweet"),
             _prop("t", "Tweet 901127011724271617", "text", cohen, "Tweet"),
             _edge("q", "TEN_GOP", "POSTED", "Tweet 831601749156851712", "User", "Tweet"),
             _prop("u", "Tweet 831601749156851712", "text", "The president spoke about jobs and the economy today",
                   "Tweet")]
    question = ("Which account tweeted that Gary Cohen should be fired immediately for his public attack on the "
                "president?")
    assert _read(question, facts)[0] == "RogerJStoneJr."
    # a link's path names nothing a "which" asks for
    assert _read("Which account is behind tweet 901127011724271617?", facts[:2])[0] == "RogerJStoneJr."


def test_a_type_word_beside_a_name_two_entities_share_says_which_it_is() -> None:
    # russian-troll-tweets (spent): a user and a hashtag are both called DisruptJ20; "the #DisruptJ20 hashtag page"
    # names the hashtag, it asks for no other hashtag a tweet of the user's has
    facts = [_edge("p", "DisruptJ20", "POSTED", "Tweet 8225", "User", "Tweet"),
             _edge("h", "Tweet 8225", "HAS TAG", "OccupyInauguration", "Tweet", "Hashtag"),
             _prop("a", "OccupyInauguration", "archived url", "/web/2017/https://twitter.com/hashtag/OccupyInauguration",
                   "Hashtag"),
             _prop("b", "DisruptJ20", "archived url", "/web/2017/https://twitter.com/hashtag/DisruptJ20", "Hashtag")]
    assert _read("Where is the #DisruptJ20 hashtag page archived?", facts)[0] \
        == "/web/2017/https://twitter.com/hashtag/DisruptJ20."


def test_a_kind_asked_of_a_type_two_entities_of_the_name_have_is_still_asked() -> None:
    # jeju-safe-tourism (tune): "모슬포항" is a fishing port and an area; "what kind of fishing port is it" asks the
    # port's kind: the type word is asked, not said beside the name to tell which of the two is meant
    facts = [_prop("k", "Moseulpo", "port", "national", "Area"),
             _edge("a", "Moseulpo", "IN", "Daejeong", "Port", "Town"),
             _prop("c", "Moseulpo", "code", "AREA", "Port")]
    assert _read("What kind of port is Moseulpo?", facts)[0] == "national."


def test_a_case_named_with_an_abbreviation_is_no_sentence() -> None:
    # us-constitutional-law (the thirty-fifth split's, spent): "v." is no sentence's break; the case that overruled
    # Gobitis answers "what decision", not the overruling's `overrule_type`
    barnette = "West Virginia State Board of Education v. Barnette"
    facts = [_edge("o", barnette, "OVERRULES", "Minersville School District v. Gobitis", "Case", "Case"),
             Fact("t", barnette, "overrule type", "explicit", "property",
                  ("OVERRULES", "Minersville School District v. Gobitis"), head_type="Case")]
    assert _read("What decision overruled Minersville School District v. Gobitis?", facts)[0] == barnette + "."


def test_a_capitalised_name_before_the_noun_asked_is_its_modifier() -> None:
    # us-constitutional-law (spent): "which Supreme Court case" asks for a Case; read as a "court", the case's
    # `court_name` answered it
    schechter = "A. L. A. Schechter Poultry Corporation v. United States"
    facts = [_prop("c", schechter, "court name", "Supreme Court of the United States", "Case"),
             _edge("e", schechter, "ESTABLISHES", "Intelligible Principle Test", "Case", "DoctrinalTest")]
    assert _read("Which Supreme Court case established the intelligible principle test?", facts)[0] \
        == schechter + "."


def test_to_create_is_to_establish() -> None:
    # us-constitutional-law (spent): "created" asks the ESTABLISHES tie, not the APPLIES one of another case
    facts = [_edge("a", "Mistretta v. United States", "APPLIES", "Intelligible Principle Test", "Case", "Test"),
             _edge("e", "Schechter v. United States", "ESTABLISHES", "Intelligible Principle Test", "Case", "Test")]
    assert _read("Which case created the intelligible principle test?", facts) == ("Schechter v. United States.",
                                                                                   ["e"])


def test_a_list_of_options_asks_the_value_that_states_one() -> None:
    # us-constitutional-law (spent): "explicitly, implicitly or only in effect" offers three values; it is no yes/no
    # question about the two cases named
    brown, plessy = "Brown v. Board of Education of Topeka", "Plessy v. Ferguson"
    facts = [_edge("o", brown, "OVERRULES", plessy, "Case", "Case"),
             _edge("i", plessy, "INTELLECTUALLY PRECEDES", brown, "Case", "Case"),
             Fact("t", brown, "overrule type", "effective", "property", ("OVERRULES", plessy), head_type="Case"),
             Fact("v", brown, "valid from", "1954-05-17", "property", ("OVERRULES", plessy), head_type="Case")]
    assert _read(f"Was {plessy} overruled by {brown} explicitly, implicitly or only in effect?", facts)[0] \
        == "effective."


def test_three_words_that_are_a_type_name_ask_for_its_head() -> None:
    # nc-bird-conservation (spent): "which bird conservation region" asks for a BirdConservationRegion, not the
    # priority whose type says "conservation" too (reached, it is said as the reader says a record shown by its
    # label and a number: by the number, "28")
    priority = "NCWAP 2015 Conservation Programs And Partnerships Priority 104"
    facts = [_edge("h", "Cerulean Warbler", "HAS HABITAT", "Cove Forests", "Bird", "Habitat"),
             _edge("p", "Cove Forests", "HAS PRIORITY", priority, "Habitat",
                   "ConservationProgramsAndPartnershipsPriority"),
             _edge("g", "Cerulean Warbler", "HAS GEOGRAPHY", "Bird Conservation Region 28", "Bird",
                   "BirdConservationRegion")]
    assert _read("Which bird conservation region is the Cerulean Warbler tied to?", facts)[1] == ["g"]


def test_a_database_key_names_nothing_a_which_asks_for() -> None:
    # cozy-mysteries (spent): "which show" is not the episode's own IMDb key, "tt0611656", which the question names
    # no key of; it is the series the episode is part of
    facts = [_prop("k", "The Remorseful Day", "tconst", "tt0611656", "Episode"),
             _edge("p", "The Remorseful Day", "PART OF", "Inspector Morse", "Episode", "Series")]
    assert _read("The Remorseful Day is an episode of which show?", facts) == ("Inspector Morse.", ["p"])
    # ... where the key is asked, it is the answer
    assert _read("What is the tconst of The Remorseful Day?", facts)[0] == "tt0611656."


def test_a_nameless_value_answers_no_which_of_a_type_however_many_named_it_touches() -> None:
    # hip-hop-candidates (spent): the year on Lupe Fiasco's PERFORMS of Valleys touches both entities named, but
    # "which candidate" asks for a Candidate: the one a line of the song mentions
    line = "Uh, Bernie Sanders need a Nike deal"
    facts = [_edge("p", "Lupe Fiasco", "PERFORMS", "Valleys", "Artist", "Song"),
             Fact("d", "Lupe Fiasco", "data", "2015", "property", ("PERFORMS", "Valleys"), head_type="Artist"),
             _edge("l", "Valleys", "HAS LINE", line, "Song", "Line"),
             _edge("m", line, "MENTIONS", "Bernie Sanders", "Line", "Candidate")]
    assert _read("Which candidate does Lupe Fiasco mention in Valleys?", facts) == ("Bernie Sanders.", ["l", "m"])


def test_a_key_that_spells_the_name_run_together_is_no_answer() -> None:
    # generalitat-org-chart (the thirty-sixth split's, after its run): a unit's `pk` "ARP:comissio..." spells its own
    # name; "which directorate does it depend on" is the unit it is CHILD_OF
    name = "Comissió Catalana de Bioseguretat"
    facts = [_prop("k", name, "pk", "ARP:comissiocatalanadebioseguretat", "Organization"),
             _edge("c", name, "CHILD OF", "Direcció General d'Agricultura", "Organization", "Organization")]
    assert _read(f"Which directorate does the {name} depend on?", facts) == ("Direcció General d'Agricultura.",
                                                                             ["c"])
    assert _read(f"What is the pk of the {name}?", facts)[0] == "ARP:comissiocatalanadebioseguretat."


def test_how_much_of_an_ingredient_is_its_quantity_written_as_a_fraction() -> None:
    # kindred-cocktails (the thirty-sixth split's, after its run): the quantity "7/8", not the unit "oz"
    tie = ("PART OF", "PHI-FLIP")
    facts = [_edge("p", "Yogurt Liqueur", "PART OF", "PHI-FLIP", "Ingredient", "Cocktail"),
             Fact("q", "Yogurt Liqueur", "quantity", "7/8", "property", tie, head_type="Ingredient"),
             Fact("u", "Yogurt Liqueur", "unit", "oz", "property", tie, head_type="Ingredient")]
    assert _read("How much yogurt liqueur goes into the PHI-FLIP?", facts)[0] == "7/8."


def test_a_legal_form_says_a_company_whatever_its_type() -> None:
    # senator-stocks (spent): companies are typed Stock; "which company" is the one whose name ends in a legal form,
    # not its industry, and the one a ticker names is itself the answer
    facts = [_edge("c", "Brazil", "IN COUNTRY", "PagSeguro Digital Ltd.", "Country", "Stock"),
             _edge("i", "PagSeguro Digital Ltd.", "IN INDUSTRY", "Software—Infrastructure", "Stock", "Industry")]
    assert _read("Which company is based in Brazil?", facts) == ("PagSeguro Digital Ltd.", ["c"])
    facts = [_prop("t", "Proto Labs, Inc.", "ticker", "PRLB", "Stock"),
             _edge("i", "Proto Labs, Inc.", "IN INDUSTRY", "Metal Fabrication", "Stock", "Industry")]
    assert _read("Which company trades under the ticker PRLB?", facts)[0] == "Proto Labs, Inc."
    # ... and without one the name says nothing of the kind: the industry is read as before
    facts = [_edge("c", "Brazil", "IN COUNTRY", "PagSeguro Digital", "Country", "Stock"),
             _edge("i", "PagSeguro Digital", "IN INDUSTRY", "Software—Infrastructure", "Stock", "Industry")]
    assert _read("Which company is based in Brazil?", facts)[0] == "Software—Infrastructure."
    # ... nor where the graph types its bodies: then an Organization is a firm, suffix or not (trumpworld, spent)
    question = "Which firm bought the lobbying firm Roger Stone co-founded?"
    facts = [_edge("b", "Black, Manafort and Stone", "CONNECTED TO", "Burson-Marsteller", "Organization",
                   "Organization"),
             _edge("t", "Black, Manafort and Stone", "CONNECTED TO", "Trump Organization LLC", "Organization",
                   "Trump")]
    assert _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)._name_says_noun(
        "Trump Organization LLC") == set()
    facts[0] = _edge("b", "Black, Manafort and Stone", "CONNECTED TO", "Burson-Marsteller", "Stock", "Stock")
    assert _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)._name_says_noun(
        "Trump Organization LLC") == {stem("firm")}


def test_how_much_of_a_named_thing_is_its_quantity() -> None:
    # kindred-cocktails (spent): "how much pisco" asks the recipe's `quantity`, not another ingredient's frequency
    tie = ("PART OF", "1,001 Tiaras")
    facts = [_edge("p", "Pisco", "PART OF", "1,001 Tiaras", "Ingredient", "Cocktail"),
             Fact("q", "Pisco", "quantity", "1 1/2", "property", tie, head_type="Ingredient"),
             _edge("b", "Bitters", "PART OF", "1,001 Tiaras", "Ingredient", "Cocktail"),
             Fact("f", "Bitters", "frequency", "32", "property", ("AFFINITY", "Pisco"), head_type="Ingredient")]
    assert _read("How much pisco does the 1,001 Tiaras call for?", facts)[0] == "1 1/2."
    # ... "how much" of nothing named is an amount, not a count of units
    facts = [_prop("q", "Order 7", "quantity", "3", "Order"), _prop("t", "Order 7", "freight", "42.00", "Order")]
    assert _read("How much was Order 7?", facts)[0] == "42.00."


def test_where_a_page_is_asked_its_link_is_the_place() -> None:
    # kindred-cocktails (spent): "where can I find the recipe page" is the cocktail's `url`, not an ingredient
    url = "https://kindredcocktails.com/cocktail/bulwer-lytton"
    facts = [_edge("i", "Lavender Bitters", "PART OF", "Bulwer-Lytton", "Ingredient", "Cocktail"),
             _prop("u", "Bulwer-Lytton", "url", url, "Cocktail")]
    assert _read("Where can I find the recipe page of the Bulwer-Lytton?", facts) == (f"{url}.", ["u"])


def test_a_link_asked_is_a_web_address_whatever_its_key_and_not_a_picture_s() -> None:
    # mtime-top100 (spent): "the movie page link of Coco" is its `src`, not its English title under `movie_en`, whose
    # key says "movie", nor its poster's file under `image`
    page, poster = "http://movie.mtime.com/227434/", "http://img5.mtime.cn/mt/2017/12/02/172158.15874011_96X128.jpg"
    facts = [_prop("e", "Coco", "movie en", "Coco (English)", "Movie"), _prop("s", "Coco", "src", page, "Movie"),
             _prop("i", "Coco", "image", poster, "Movie"), _prop("y", "Coco", "year", "2017", "Movie")]
    assert _read("What is the link of the movie page of Coco?", facts) == (f"{page}.", ["s"])
    assert _read("What is the URL of the poster image of Coco?", facts) == (f"{poster}.", ["i"])
    # no link asked: no link answers, nor where a link is a tie between two things (t2d-net, spent)
    assert _read("What is the English movie title of Coco?", facts)[0] == "Coco (English)."
    facts = [_prop("s", "miglitol", "SLAP score", "0.0007", "Compound", via=("PREDICTED", "sucrase-isomaltase")),
             _prop("u", "miglitol", "source", "http://cheminfov.informatics.indiana.edu/rest/cid/4", "Compound",
                   via=("PREDICTED", "sucrase-isomaltase"))]
    assert _read("What is the SLAP score of the predicted link between miglitol and sucrase-isomaltase?",
                 facts)[0] == "0.0007."


def test_a_chinese_company_named_without_its_legal_form_is_the_one_asked_about() -> None:
    # listed-company-profiles (spent): linking found 四川路桥建设集团股份有限公司 by its short name, the reader knew
    # no company the question named and answered another Sichuan company's employees
    facts = [_prop("a", "四川安杰信科技股份有限公司", "employees", "152", "Company"),
             _prop("b", "四川路桥建设集团股份有限公司", "employees", "10930", "Company"),
             _prop("c", "金·凯瑞", "born", "1962", "Actor"), _prop("d", "金·凯利", "born", "1912", "Actor")]
    assert _read("四川路桥建设集团有多少名员工？", facts) == ("10930.", ["b"])
    assert _read("金凯瑞是哪一年出生的？", facts) == ("1962.", ["c"])


def test_the_same_tie_out_from_the_named_entity_and_back_at_another_level_reaches_the_type_asked() -> None:
    # coronavirus-strains (spent): the strain FOUND_IN Starnberg is FOUND_IN a Country and an Admin1 (GeoNames'
    # first-level division: a province); the reader answered the strain itself
    facts = [_edge("c", "Germany/BavPat1/2020", "FOUND IN", "Starnberg", "Strain", "City"),
             _edge("g", "Germany/BavPat1/2020", "FOUND IN", "Germany", "Strain", "Country"),
             _edge("b", "Germany/BavPat1/2020", "FOUND IN", "Bavaria", "Strain", "Admin1"),
             _edge("m", "Italy/UniSR1/2020", "FOUND IN", "Milan", "Strain", "City"),
             _edge("i", "Italy/UniSR1/2020", "FOUND IN", "Italy", "Strain", "Country")]
    assert _read("Which country was the genome from Starnberg found in?", facts) == ("Germany.", ["c", "g"])
    assert _read("Which province was the genome from Starnberg found in?", facts) == ("Bavaria.", ["c", "b"])
    # back to the named entity's own type is a sibling of it, no other level: another city of the strain's
    facts += [_edge("n", "Germany/BavPat1/2020", "FOUND IN", "Munich", "Strain", "City")]
    assert _read("Which city was the genome from Starnberg found in?", facts)[1] != ["c", "n"]


def test_a_value_typed_whole_names_its_one_holder_where_no_entity_is_named() -> None:
    # lego-star-wars (spent): "the Titanium Metallic piece" is the Part whose Colour it is; nothing was mentioned and
    # the fact closest to the words answered, the set's piece count
    facts = [_edge("t", "Cross Bow", "PART TYPE", "Part 4617248", "Design", "Part"),
             _edge("c", "Millennium Falcon", "CONTAINS", "Part 4617248", "Set", "Part"),
             _prop("p", "Millennium Falcon", "pieces", "1254.0", "Set"),
             _prop("k", "Part 4617248", "colour", "Titanium Metallic", "Part"),
             _edge("c2", "Snowspeeder", "CONTAINS", "Part 300121", "Set", "Part"),
             _prop("k2", "Part 300121", "colour", "Black", "Part"),
             _prop("k3", "Part 300122", "colour", "Black", "Part")]
    assert _read("Which set has the Titanium Metallic piece?", facts) == ("Millennium Falcon.", ["c"])
    # a value two entities hold names neither
    assert _read("Which set has the Black piece?", facts)[0] != "Snowspeeder."


def test_a_value_typed_as_the_noun_asked_names_no_holder() -> None:
    # lincs-lymphoma (spent): "in which cell line was CEP57's expression changed" asks for a cell line; the one
    # cell line of the context (its `cell_type` "cell line") is no entity the question names, so its source was
    # answered as a fact of the question's own
    facts = [_prop("t", "cell line WSUDLCL2", "cell type", "cell line", "Cell"),
             _prop("s", "cell line WSUDLCL2", "cell source", "DSMZ", "Cell"),
             _prop("g", "centrosomal protein 57kDa", "pr gene symbol", "CEP57", "Gene"),
             _edge("e", "Signature 12", "SIGNATURE GENE", "centrosomal protein 57kDa", "Signature", "Gene"),
             _edge("c", "Signature 12", "CELL SIGNATURE", "cell line WSUDLCL2", "Signature", "Cell")]
    assert _read("In which cell line was CEP57's expression changed?", facts)[0] == "WSUDLCL2."
    # typed elsewhere, the value still names its one holder
    assert _read("Where does the cell line come from?", facts) == ("DSMZ.", ["s"])


def test_a_code_cited_with_dots_names_the_entity_stating_it_without_them() -> None:
    # legis-graph (spent): "H.R. 100" is the bill whose billID is "hr100-114" (the 114th Congress's); its official
    # title is its name
    title = "To amend title 11 of the United States Code to stop abusive student loan collection practices."
    facts = [_prop("b", title, "bill id", "hr100-114", "Bill"),
             _prop("b2", "A bill to deter terrorism.", "bill id", "hr1000-114", "Bill"),
             _edge("r", title, "REFERRED TO", "House Committee on the Judiciary", "Bill", "Committee"),
             _edge("r2", "A bill to deter terrorism.", "REFERRED TO", "House Committee on Finance", "Bill",
                   "Committee")]
    assert _read("Which committee was H.R. 100 referred to?", facts) == ("House Committee on the Judiciary.", ["r"])
    assert _read("Which committee was H.R. 1000 referred to?", facts) == ("House Committee on Finance.", ["r2"])


def test_a_product_typed_by_its_maker_is_the_one_named_with_both() -> None:
    # fragrantica-perfumes (spent): "Gasolin by Rammstein" is the perfume "Gasolin Rammstein for women and men";
    # "how strong" asks for the strength of its tie to the accord named
    gasolin, sonne = "Gasolin Rammstein for women and men", "Sonne Rammstein for men"
    facts = [_edge("b", gasolin, "HAS BRAND", "Rammstein", "Perfume", "Brand"),
             _edge("b2", sonne, "HAS BRAND", "Rammstein", "Perfume", "Brand"),
             _edge("a", gasolin, "HAS ACCORD", "leather", "Perfume", "Accord"),
             _prop("s", gasolin, "strength", "100%", "Perfume", via=("HAS ACCORD", "leather")),
             _edge("a2", sonne, "HAS ACCORD", "leather", "Perfume", "Accord"),
             _prop("s2", sonne, "strength", "40%", "Perfume", via=("HAS ACCORD", "leather")),
             _prop("u", gasolin, "url", "https://www.fragrantica.com/perfume/Rammstein/Gasolin-1.html", "Perfume"),
             _prop("u2", sonne, "url", "https://www.fragrantica.com/perfume/Rammstein/Sonne-2.html", "Perfume")]
    assert _read("How strong is the leather accord in Gasolin by Rammstein?", facts) == ("100%.", ["s"])
    assert _read("How strong is the leather accord in Sonne by Rammstein?", facts) == ("40%.", ["s2"])
    assert _read("What is the Fragrantica page of Gasolin by Rammstein?", facts)[1] == ["u"]


def test_a_match_placed_at_a_side_is_that_side_s_home_match() -> None:
    # premier-league (spent): "away at Manchester City" is the match named with City first
    home, away = "Match Manchester City FC Manchester United FC", "Match Manchester United FC Manchester City FC"
    facts = [_edge("w", "Manchester City FC", "WON", away, "Club", "Match"),
             _edge("l", "Manchester United FC", "LOST", away, "Club", "Match"),
             _prop("g", "Manchester United FC", "goals scored", "1", "Club", via=("LOST", away)),
             _edge("l2", "Manchester City FC", "LOST", home, "Club", "Match"),
             _edge("w2", "Manchester United FC", "WON", home, "Club", "Match"),
             _prop("g2", "Manchester United FC", "goals scored", "3", "Club", via=("WON", home))]
    assert _read("How many goals did Manchester United FC score away at Manchester City FC?", facts)[0] == "3."
    assert _read("How many goals did Manchester United FC score at home against Manchester City FC?",
                 facts)[0] == "1."


def test_a_key_of_a_unit_s_abbreviation_is_what_a_question_in_that_unit_asks() -> None:
    # chinook-music (spent): a track's length is `ms`, milliseconds; "bytes" is its size
    facts = [_prop("b", "Bohemian Rhapsody", "bytes", "11619868", "Track"),
             _prop("m", "Bohemian Rhapsody", "ms", "358948", "Track"),
             _prop("p", "Bohemian Rhapsody", "unit price", "0.99", "Track")]
    assert _read("How long is Bohemian Rhapsody in milliseconds?", facts) == ("358948.", ["m"])


def test_a_key_naming_a_bound_of_its_scale_is_no_value_asked_unless_said() -> None:
    # fragrantica-perfumes (spent): "what is X rated" is its `rating_value`, not its `best_rating` (5, the scale's top)
    facts = [_prop("b", "Titanium Gisada for men", "best rating", "5", "Perfume"),
             _prop("v", "Titanium Gisada for men", "rating value", "4.07", "Perfume")]
    assert _read("What is Titanium Gisada for men rated?", facts) == ("4.07.", ["v"])
    assert _read("What is the best rating of Titanium Gisada for men?", facts) == ("5.", ["b"])


def test_a_name_key_copying_another_entity_s_name_does_not_mention_its_holder() -> None:
    # lincs-lymphoma (spent): a signature's `pert_iname` is the name of the drug it was recorded for; "which signature
    # was recorded for cytarabine" names the drug, and the signature is the answer
    sig = "trt_cp KHW001_U937_6H:BRD-A18929998-001-02-2:10"
    facts = [_edge("d", "cytarabine", "DRUG SIGNATURE", sig, "Drug", "Signature"),
             _prop("n", sig, "pert iname", "cytarabine", "Signature"),
             _prop("s", "cytarabine", "source", "drugcentral_lincs_lymphoma", "Drug")]
    assert _read("Which signature was recorded for cytarabine?", facts) == (f"{sig}.", ["d"])


def test_a_text_of_sentences_answers_no_which_or_who() -> None:
    # chinese-poetry (tune): "which poet wrote it" is the poem's author, not its lines, once its `content` is a fact;
    # "what is its full text" is the lines
    lines = "\n纤云弄巧，飞星传恨，银汉迢迢暗度。金风玉露一相逢，便胜却人间无数。\n"
    facts = [_prop("c", "鹊桥仙·纤云弄巧", "content", lines, "Poetry"),
             _edge("a", "鹊桥仙·纤云弄巧", "HAS POETRY", "秦观", "Poetry", "Author")]
    assert _read("《鹊桥仙·纤云弄巧》是哪位词人写的？", facts) == ("秦观.", ["a"])
    assert _read("《鹊桥仙·纤云弄巧》的全文是什么？", facts)[1] == ["c"]


def test_where_found_is_what_a_located_relation_reaches() -> None:
    # blood-cell-markers (spent): the cells a marker marks are a broad type; where they are found is the tissue
    # that type IS_LOCATED_IN, though no type says a place
    facts = [_edge("m", "CD31 PECAM1", "MARK BROAD", "Endothelial", "Marker", "BroadCellType"),
             _edge("l", "Endothelial", "IS LOCATED IN TISSUE TYPE", "Umbilical cord blood", "BroadCellType",
                   "TissueType")]
    assert _read("Where are the cells marked by CD31 PECAM1 found?", facts) == ("Umbilical cord blood.", ["m", "l"])


def test_the_noun_a_clause_describes_names_no_entity() -> None:
    # senator-stocks (spent): "the company that Joseph Manchin bought shares of" is the one he PURCHASED, not City
    # Holding Company, whose name ends in "company"
    assert mentioned_names("In which state is the company that Joseph Manchin bought shares of located?",
                           ["City Holding Company", "Joseph Manchin, III"]) == {"Joseph Manchin, III"}
    facts = [_edge("s", "City Holding Company", "IN STATE", "WV", "Stock", "State"),
             _edge("r", "Joseph Manchin, III", "REPRESENTS", "WV", "Senator", "State"),
             _edge("p", "Joseph Manchin, III", "PURCHASED", "Huntington Bancshares", "Senator", "Stock"),
             _edge("h", "Huntington Bancshares", "IN STATE", "OH", "Stock", "State")]
    assert _read("In which state is the company that Joseph Manchin bought shares of located?", facts) \
        == ("OH.", ["p", "h"])


def test_who_where_no_word_decides_is_someone_before_a_body() -> None:
    # generalitat-org-chart (spent): "qui dirigeix X" states no relation's word; the Person RESPONSIBLE_OF the unit
    # answers it, not the unit it is CHILD_OF (an Organization, an agent type too)
    unit = "Autoritat Catalana de Protecció de Dades"
    facts = [_edge("c", unit, "CHILD OF", "Direcció (apdcat)", "Organization", "Organization"),
             _edge("r", "Meritxell Borràs Solé", "RESPONSIBLE OF", unit, "Person", "Organization")]
    assert _read(f"Qui dirigeix l'{unit}?", facts) == ("Meritxell Borràs Solé.", ["r"])
    # ... where a word decides, a body still answers: "who owns X" is the company that OWNS it
    facts = [_edge("o", "Shell Petroleum NV", "OWNS", "Shell Nigeria", "Company", "Company"),
             _edge("w", "Ann Smith", "WORKS FOR", "Shell Nigeria", "Person", "Company")]
    assert _read("Who owns Shell Nigeria?", facts) == ("Shell Petroleum NV.", ["o"])


def test_a_verb_of_action_reads_the_named_entity_as_its_subject_or_object() -> None:
    # chip-supply-chain (tune): "what does EV Group make" is what EV Group -OUTPUTS->, not its country (no word says
    # either); "which company makes EUV scanners" is the start of the OUTPUTS that ends at them, not a chipmaker
    # they are INPUTS of
    facts = [_prop("c", "EV Group", "country", "AUT", "Company"),
             _edge("o", "EV Group", "OUTPUTS", "Wafer bonding tools", "Company", "Component"),
             _edge("i", "Resist", "INPUTS", "EV Group", "Component", "Company")]
    assert _read("What does EV Group make?", facts) == ("Wafer bonding tools.", ["o"])
    assert _read("What does EV Group supply to chipmakers?", facts) == ("Wafer bonding tools.", ["o"])
    assert _read("What does the EV Group make?", facts) == ("Wafer bonding tools.", ["o"])  # with an article
    # ... a verb of having asks its own value
    assert _read("What country does EV Group have?", facts)[0] == "AUT."
    facts = [_edge("i", "EUV scanners", "INPUTS", "Microchip", "Component", "Company"),
             _edge("o", "ASML", "OUTPUTS", "EUV scanners", "Company", "Component")]
    assert _read("Which company makes EUV scanners?", facts) == ("ASML.", ["o"])


def test_a_number_under_a_key_a_verb_says_answers_no_which_noun() -> None:
    # telco-topology (tune): "which metro switch does X uplink to" is the switch X LINKS to, not the tie's `uplink`
    # 0.0, whose key the verb "uplink" says
    tie = ("LINKS", "MET**KPS")
    facts = [_edge("l", "OLT00**SAR*5", "LINKS", "MET**KPS", "OLT", "ME"),
             Fact("u", "OLT00**SAR*5", "uplink", "0.0", "property", tie, head_type="OLT")]
    assert _read("Which metro switch does the access node OLT00**SAR*5 uplink to?", facts) == ("MET**KPS.", ["l"])
    # ... "what" asks a value as often: its key said, the number is the answer
    assert _read("What uplink does OLT00**SAR*5 have to MET**KPS?", facts)[0] == "0.0."


def test_chinese_which_with_a_measure_word_asks_for_the_noun_after_it() -> None:
    # taiwan-etf-holdings (the thirty-seventh split's, after its run): "哪一檔ETF" (which ETF, with "one" and a
    # measure word) asks for the ETF that HOLDS the stock, not the stock's `sector`
    facts = [_edge("h", "群益台灣精選高息", "HOLDS", "陽明", "ETF", "Stock"),
             _prop("s", "陽明", "sector", "航運", "Stock")]
    assert _read("哪一檔ETF持有陽明？", facts) == ("群益台灣精選高息.", ["h"])
    facts = [_edge("h", "富邦台50", "HOLDS", "台塑", "ETF", "Stock"), _prop("s", "台塑", "sector", "塑化", "Stock")]
    assert _read("台塑是哪一檔ETF的成分股？", facts) == ("富邦台50.", ["h"])


def test_a_number_noun_with_a_word_before_it_asks_a_number_not_an_entity_of_that_word() -> None:
    # wareham-discography (spent): "what track number is Memphis on the No. 6 CD" is the `position` on Memphis'
    # tie to the CD, not another track of the CD, whose type says "track"
    tie = ("INCLUDED ON", "No. 6 (cd, 1997)")
    facts = [_edge("g", "No. 6 (cd, 1997)", "INCLUDED ON", "Greyhound", "Version", "Track"),
             _edge("m", "Memphis", "INCLUDED ON", "No. 6 (cd, 1997)", "Track", "Version"),
             Fact("p", "Memphis", "position", "8", "property", tie, head_type="Track"),
             Fact("q", "Greyhound", "position", "6", "property", tie, head_type="Track"),
             _edge("r", "No. 6 (cd, 1997)", "RELEASE OF", "Six Feet of Chain", "Version", "Release"),
             _edge("s", "Six Feet of Chain", "INCLUDED ON", "No. 6 (cd, 1997)", "Track", "Version")]
    assert _read("What track number is Memphis on the No. 6 (cd, 1997) of Six Feet of Chain?", facts)[0] == "8."


def test_names_a_question_says_a_part_of_alike_are_told_apart_by_their_other_words() -> None:
    # wareham-discography (spent): "Rhino ... as a digital release in 2006" is "Rhino (digital, 2006)", not the CD
    facts = [_edge("c", "Rhino (cd, 2006)", "RELEASE OF", "Best of Luna", "Version", "Release"),
             _edge("d", "Rhino (digital, 2006)", "RELEASE OF", "Lunafied", "Version", "Release")]
    assert _read("Which record did Rhino put out as a digital release in 2006?", facts)[0] == "Lunafied."
    assert _read("Which record did Rhino put out on cd in 2006?", facts)[0] == "Best of Luna."


def test_a_mate_is_another_of_the_named_ones_kind_in_the_group_they_share() -> None:
    # wareham-discography (spent): "who was Claudia Silver's bandmate" was answered with the band
    facts = [_edge("c", "Claudia Silver", "MEMBER OF", "Cagney & Lacee", "Person", "Band"),
             _edge("d", "Dean Wareham", "MEMBER OF", "Cagney & Lacee", "Person", "Band")]
    assert _read("Who was Claudia Silver's bandmate?", facts) == ("Dean Wareham.", ["c", "d"])
    assert _read("Which band was Claudia Silver a member of?", facts) == ("Cagney & Lacee.", ["c"])
    assert _read("What is the climate of Cagney & Lacee?", facts)[0] != "Dean Wareham."


def test_where_someone_went_to_college_is_the_school() -> None:
    # nasa-astronauts (spent): "where did Kalpana Chawla go to college" was answered with her class 15
    facts = [_edge("g", "Kalpana Chawla", "RECRUITED IN CLASS", "15", "Astronaut", "Group"),
             _edge("s", "Kalpana Chawla", "EDUCATED AT", "Punjab Engineering College", "Astronaut", "School")]
    assert _read("Where did Kalpana Chawla go to college?", facts)[0] == "Punjab Engineering College."


def test_indonesian_words_of_amending_and_force_read_as_english_ones() -> None:
    # indonesia-it-regulations (spent): "diubah oleh" (amended by), "mulai berlaku" (in force from), "apakah" (is
    # it): the schema speaks English
    tie = ("AMENDED BY", "Pasal 27 UU 1/2024")
    facts = [_prop("s", "Pasal 27 UU 11/2008", "status", "Tidak Berlaku", "Article"),
             _edge("a", "Pasal 27 UU 11/2008", "AMENDED BY", "Pasal 27 UU 1/2024", "Article", "Article"),
             Fact("n", "Pasal 27 UU 11/2008", "amendment number", "2", "property", tie, head_type="Article"),
             _prop("e", "UU 36/1999", "effective date", "2000-09-08", "Regulation"),
             _prop("i", "UU 36/1999", "issue date", "1999-09-08", "Regulation")]
    assert _read("Pasal 27 UU 11/2008 diubah oleh pasal apa?", facts)[0] == "Pasal 27 UU 1/2024."
    assert _read("Apakah Pasal 27 UU 11/2008 masih berlaku?", facts)[0] == "Tidak Berlaku."
    assert _read("Kapan UU 36/1999 mulai berlaku?", facts)[0] == "2000-09-08."


def test_chinese_which_kind_asks_a_class_and_haishi_offers_options() -> None:
    # taiwan-stock-knowledge (spent): "哪一種證券" (which kind of security) is its StockType, not its market; "在上市
    # 還是上櫃交易" (listed or over the counter) is its `market`, one of the two, not its code
    facts = [_prop("m", "王道圓滿R1", "market", "上市", "Stock"), _prop("c", "王道圓滿R1", "code", "01009T", "Stock"),
             _edge("t", "王道圓滿R1", "type of", "受益證券-不動產投資信託", "Stock", "StockType"),
             _prop("k", "元太", "code", "8069", "Stock"), _prop("n", "元太", "market", "上櫃", "Stock"),
             _edge("i", "元太", "industry of", "光電業", "Stock", "Industry")]
    assert _read("王道圓滿R1是哪一種證券？", facts)[0] == "受益證券-不動產投資信託."
    assert _read("元太是在上市還是上櫃交易？", facts)[0] == "上櫃."


def test_a_modifier_of_a_type_asked_is_no_key_asked() -> None:
    # japan-saved-places (spent): "which saved place serves beef" asks for a Place that serves it; the word "saved"
    # qualifies the place, and the place's `saved list` "star" is no answer ("place" is a type of the context here,
    # not the generic noun of "which place did X finish in")
    facts = [_edge("s", "beef", "SERVES CUISINE", "Kuroushi Seven", "Cuisine", "Place"),
             _prop("l", "Kuroushi Seven", "saved list", "star", "Place"),
             _edge("h", "Hokkaido", "HAS PLACE", "Kuroushi Seven", "Region", "Place")]
    assert _read("Which saved place serves beef?", facts) == ("Kuroushi Seven.", ["s"])
    assert _read("Which of my saved places serves beef?", facts) == ("Kuroushi Seven.", ["s"])
    assert _read("Which saved list is Kuroushi Seven on?", facts) == ("star.", ["l"])


def test_which_asks_for_the_entity_a_long_value_only_restates() -> None:
    # japan-saved-places (spent): "which prefecture is the bridge in" asks for the Region it is tied to, whose name
    # its street address only repeats among other words; "where is the bridge" is still its address
    address = "4 Higashimaikocho, Tarumi-ku, Kobe, Hyogo 655-0047, Japan"
    facts = [_prop("a", "Akashi-Kaikyo Bridge", "address", address, "Place"),
             _prop("l", "Akashi-Kaikyo Bridge", "saved list", "star", "Place"),
             _edge("h", "Hyogo", "HAS PLACE", "Akashi-Kaikyo Bridge", "Region", "Place"),
             _edge("o", "Hyogo", "HAS PLACE", "Arima Masu Ike", "Region", "Place")]
    assert _read("Which prefecture is the Akashi-Kaikyo Bridge in?", facts) == ("Hyogo.", ["h"])
    assert _read("Where is the Akashi-Kaikyo Bridge?", facts) == (f"{address}.", ["a"])


def test_the_entity_referred_to_by_a_qualified_type_is_where_the_ask_begins() -> None:
    # japan-saved-places (spent): "which prefecture is the saved place that serves curry in" is the Region of the
    # place that serves curry, one fact on from it though no word of the graph says "prefecture"
    facts = [_edge("s", "kitchen and CURRY", "SERVES CUISINE", "curry", "Place", "CuisineType"),
             _edge("t", "Tokyo", "HAS PLACE", "kitchen and CURRY", "Region", "Place"),
             _prop("l", "kitchen and CURRY", "saved list", "star", "Place"),
             _prop("v", "kitchen and CURRY", "visited", "false", "Place")]
    assert _read("Which prefecture is the saved place that serves curry in?", facts) == ("Tokyo.", ["s", "t"])
    assert _read("Which saved place serves curry?", facts) == ("kitchen and CURRY.", ["s"])


def test_a_truth_value_under_a_key_no_word_says_answers_no_wh_question() -> None:
    # open-targets-indications (spent): "what is zolmitriptan indicated for" is a disease, not its `isApproved`
    facts = [_prop("a", "ZOLMITRIPTAN", "isApproved", "true", "Drug"),
             _edge("m", "ZOLMITRIPTAN", "INTERACTS WITH", "migraine disorder", "Drug", "Disease")]
    assert _read("What is zolmitriptan indicated for?", facts) == ("migraine disorder.", ["m"])
    assert _read("Is zolmitriptan approved?", facts)[1] == ["a"]


def test_an_option_offered_that_the_question_names_is_chosen_by_its_tie() -> None:
    # comic-characters (spent): "is Catwoman among the good, the bad or the neutral characters" names one option, an
    # entity tied to her; "characters", said after the last option only, is what all three are, no option
    facts = [_edge("n", "Catwoman (Selina Kyle)", "HAS ALIGNMENT", "Neutral Characters", "Character", "Alignment"),
             _edge("x", "Accolon", "HAS ALIGNMENT", "Neutral Characters", "Character", "Alignment"),
             _prop("l", "Catwoman (Selina Kyle)", "alive", "Living Characters", "Character"),
             _edge("s", "Catwoman (Selina Kyle)", "HAS SEX", "Female Characters", "Character", "Sex")]
    question = "Is Catwoman Selina Kyle counted among the good, the bad or the neutral characters?"
    assert _read(question, facts) == ("Neutral Characters.", ["n"])
    # ... and where the option named is not hers, the options are read as words of the chains
    facts = [_edge("g", "Catwoman (Selina Kyle)", "HAS ALIGNMENT", "Good Characters", "Character", "Alignment"),
             *facts[1:]]
    assert _read(question, facts) == ("Good Characters.", ["g"])


def test_capitals_typed_before_a_name_qualify_it_and_a_citation_is_no_sentence() -> None:
    # uspto-patent-manual (spent): "MPEP 2730" names section 2730; the one case of the context whose `source` is
    # "MPEP" is not named by it, and its citation, abbreviations and all, is a name the question's "case" asks for
    cite = "Cooper Techs. Co. v. Dudas, 536 F.3d 1330, 87 USPQ2d 1705 (Fed. Cir. 2008)"
    facts = [_edge("c", "2730", "MPEPS CaseAction", cite, "MPEPSection", "Case"),
             _prop("s", cite, "source", "MPEP", "Case"),
             _edge("i", "2730", "MPEPS SMIndex", "Rules, Patent Code of Federal Regulations - 1.702", "MPEPSection",
                   "MPEPSMIndexItem")]
    assert _read("Which case is cited in MPEP 2730?", facts) == (f"{cite}.", ["c"])


def test_a_case_typed_by_its_parties_is_mentioned_as_linking_names_it() -> None:
    # uspto-patent-manual (spent): "Belkin v. Kappos" is the citation "Belkin Intl, Inc. v. Kappos, ..."; its "v."
    # names no "(V)", and the parts of other names are not read beside it
    cite = "Belkin Intl, Inc. v. Kappos, 696 F.3d 1379 (Fed. Cir. 2012)"
    facts = [_edge("c", "2248", "CITES", cite, "Section", "Case"),
             _prop("h", "2248", "chapter", "2200", "Section"),
             _prop("v", "(V)", "chapter", "1800", "Section"),
             _edge("k", "Kappos Memo", "CITES", "1000", "Memo", "Section")]
    assert _read("In which chapter is Belkin v. Kappos cited?", facts) == ("2200.", ["c", "h"])


def test_what_an_entity_without_a_description_is_about_is_its_title() -> None:
    # uspto-patent-manual (spent): "what is MPEP section 2190 about" is its `title`, not an index entry pointing to it;
    # a description still comes first where there is one
    facts = [_prop("t", "2190", "title", "Prosecution Laches [R-08.2012]", "MPEPSection"),
             _prop("c", "2190", "chapter", "2100", "MPEPSection"),
             _edge("i", "2190", "MPEPS SMIndex", "Laches", "MPEPSection", "MPEPSMIndexItem")]
    assert _read("What is MPEP section 2190 about?", facts) == ("Prosecution Laches [R-08.2012].", ["t"])
    facts.append(_prop("d", "2190", "description", "Unreasonable delay in prosecution", "MPEPSection"))
    assert _read("What is MPEP section 2190 about?", facts) == ("Unreasonable delay in prosecution.", ["d"])


def test_the_words_of_a_referring_clause_say_its_tie_not_a_later_fact() -> None:
    # japan-saved-places (spent): "the saved place listed under information" is tied to information by the clause;
    # "listed" is no word of the place's `saved list`, and its Region is asked
    facts = [_edge("a", "Kashiragashima Village Information Center", "HAS ACTIVITY", "information", "Place",
                   "ActivityCategory"),
             _edge("r", "Nagasaki", "HAS PLACE", "Kashiragashima Village Information Center", "Region", "Place"),
             _prop("l", "Kashiragashima Village Information Center", "saved list", "star", "Place")]
    assert _read("In which prefecture is the saved place listed under information?", facts) == (
        "Nagasaki.", ["a", "r"])
    assert _read("Which saved list is the place listed under information on?", facts)[0] == "star."


def test_no_word_stated_a_chain_through_one_of_several_alike_is_no_likelier_than_the_named_one_s_own_tie() -> None:
    # chinook-music (spent): "who recorded the album Jagged Little Pill" is the album's artist (BY), not the composer
    # of one of its many tracks (ON), which no word asked for either
    facts = [_edge("a", "Jagged Little Pill", "BY", "Alanis Morissette", "Album", "Artist"),
             _edge("o1", "Forgiven", "ON", "Jagged Little Pill", "Track", "Album"),
             _edge("o2", "You Oughta Know (Alternate)", "ON", "Jagged Little Pill", "Track", "Album"),
             _prop("c1", "Forgiven", "composer", "Alanis Morissette & Glenn Ballard", "Track"),
             _prop("c2", "You Oughta Know (Alternate)", "composer", "Alanis Morissette & Glenn Ballard", "Track")]
    assert _read("Who recorded the album Jagged Little Pill?", facts) == ("Alanis Morissette.", ["a"])
    assert _read("Who composed Forgiven?", facts) == ("Alanis Morissette & Glenn Ballard.", ["c1"])
    # (through the one a named entity reaches so, a chain reads on as before: the fincen transfer's date, above)


def test_options_said_as_possessives_are_the_options_and_a_name_saying_both_is_neither() -> None:
    # fragrantica-perfumes (spent): "a men's or a women's fragrance" offers "men" and "women"; the target "for
    # women and men", which another perfume has, says both and answers nothing
    nexa, solaris = "Nexa Immortal Rue Broca for men", "Solaris Penhaligon's for women and men"
    facts = [Fact("a", nexa, "FOR_TARGET", "for men", "edge", None, "Perfume", "Target"),
             Fact("b", nexa, "HAS_BRAND", "Rue Broca", "edge", None, "Perfume", "Brand"),
             Fact("c", solaris, "FOR_TARGET", "for women and men", "edge", None, "Perfume", "Target"),
             Fact("e", solaris, "HAS_BRAND", "Penhaligon's", "edge", None, "Perfume", "Brand")]
    assert _read("Is Nexa Immortal by Rue Broca a men's or a women's fragrance?", facts) == ("for men.", ["a"])
    assert _read("Is Solaris by Penhaligon's a men's or a women's fragrance?", facts) == ("for women and men.", ["c"])


def test_the_named_one_s_type_phrase_refers_to_the_entity_of_that_type_tied_to_it() -> None:
    # fragrantica-perfumes (spent): "who is the Caron perfume made for" asks the target of the perfume HAS_BRAND
    # Caron, not the perfume
    perfume = "Pour Un Homme de Caron Parfum Caron for men"
    facts = [Fact("a", perfume, "HAS_BRAND", "Caron", "edge", None, "Perfume", "Brand"),
             Fact("b", perfume, "FOR_TARGET", "for men", "edge", None, "Perfume", "Target"),
             Fact("c", perfume, "HAS_ACCORD", "woody", "edge", None, "Perfume", "Accord"),
             Fact("e", "Other X for women", "HAS_BRAND", "Dior", "edge", None, "Perfume", "Brand")]
    assert _read("Who is the Caron perfume made for?", facts) == ("for men.", ["a", "b"])
    assert _read("Which perfume does Caron make?", facts) == (f"{perfume}.", ["a"])


def test_a_number_after_its_types_words_as_written_is_part_of_the_name_not_a_code() -> None:
    # nc-bird-conservation (spent): "which bird conservation region is the Cerulean Warbler tied to" was answered
    # "28": the stored name "Bird Conservation Region 28" read as a record composed of its label and key
    facts = [_edge("a", "Cerulean Warbler", "HAS_GEOGRAPHY", "Bird Conservation Region 28", "Bird",
                   "BirdConservationRegion"),
             _prop("c", "Bird Conservation Region 28", "bcrid", "28", "BirdConservationRegion"),
             _prop("d", "Bird Conservation Region 28", "descriptiveName", "Appalachian Mountains",
                   "BirdConservationRegion")]
    assert _read("Which bird conservation region is the Cerulean Warbler tied to?", facts) == (
        "Bird Conservation Region 28.", ["a"])
    # a record named as composed, its raw label and its key, is still said by its key
    composed = [_edge("a", "Cerulean Warbler", "HAS_GEOGRAPHY", "Region 28", "Bird", "Region"),
                _prop("c", "Region 28", "bcrid", "28", "Region")]
    assert _read("Which region is the Cerulean Warbler tied to?", composed) == ("28.", ["a"])


def test_a_dialling_code_is_the_phone_code_not_the_id() -> None:
    # runway-countries (spent): "what is the international dialling code of Armenia" was answered with its `id` 12,
    # which "code" says too (code and id are one word to the reader)
    facts = [_prop("a", "Armenia", "id", "12", "Country"), _prop("b", "Armenia", "phoneCode", "374", "Country"),
             _prop("c", "Armenia", "latitude", "40.0", "Country")]
    assert _read("What is the international dialling code of Armenia?", facts) == ("374.", ["b"])
    assert _read("What is the telephone code of Armenia?", facts) == ("374.", ["b"])


def test_a_things_number_is_its_identifier_a_number_of_things_a_count() -> None:
    # lego-star-wars (spent): "what is the set number of Utapau Troopers" was answered with its `Pieces` 83.0
    facts = [_prop("a", "Utapau Troopers", "Pieces", "83.0", "Set"),
             _prop("b", "Utapau Troopers", "id", "75036-1", "Set"),
             _prop("c", "Utapau Troopers", "year", "2014", "Set")]
    assert _read("What is the set number of Utapau Troopers?", facts) == ("75036-1.", ["b"])
    # "the number of" and "how many" count: no identifier is asked
    assert _read("How many pieces does Utapau Troopers have?", facts) == ("83.0.", ["a"])
    assert identifier_numbers(key_tokens("What is the total number of pieces"), {"total", "piec"}) == []
    assert identifier_numbers(key_tokens("what is the number of sets"), {"set"}) == []
    assert identifier_numbers(key_tokens("what is the flight number of X"), {"flight"}) == [4]
    # a number after a word no type says is that word's ("the phone number of X": its `phone`, not its `id`)
    phone = [_prop("a", "Armenia", "id", "12", "Country"), _prop("b", "Armenia", "phone", "374", "Country")]
    assert _read("What is the phone number of Armenia?", phone) == ("374.", ["b"])


def test_a_code_typed_inside_a_name_said_whole_names_nothing_else() -> None:
    # computer-history (spent): "LEO 1" named J. Lyons and Co too, whose `abbr` is LEO; the reader then read on from
    # the company as named and answered another company founded in the year LEO 1 came out
    types = {"LEO 1": "System", "J. Lyons and Co": "Company", "Wang Laboratories": "Company",
             "LEO Monitor": "Software", "Year 1951": "Year", "Year 1884": "Year"}
    edges = [("J. Lyons and Co", "FOUNDED", "Year 1884"), ("LEO 1", "INTRODUCED", "Year 1951"),
             ("LEO 1", "MANUFACTURER", "J. Lyons and Co"), ("LEO Monitor", "CREATED_BY", "J. Lyons and Co"),
             ("LEO Monitor", "RELEASED", "Year 1951"), ("LEO Monitor", "RUNS_ON", "LEO 1"),
             ("Wang Laboratories", "FOUNDED", "Year 1951")]
    facts = [_edge(f"e{i}", h, r, t, types[h], types[t]) for i, (h, r, t) in enumerate(edges)]
    facts += [_prop("p0", "J. Lyons and Co", "abbr", "LEO", "Company"),
              _prop("p1", "Year 1884", "year", "1884", "Year"), _prop("p2", "Year 1951", "year", "1951", "Year")]
    assert _read("When was the company that built the LEO 1 founded?", facts) == ("1884.", ["e2", "e0"])
    # typed alone, the code still names the company
    assert _read("When was LEO founded?", facts) == ("1884.", ["e0"])


def test_a_relation_of_the_named_entity_ending_in_the_noun_asked_beats_a_type_that_says_it_further_off() -> None:
    # nc-bird-conservation (spent): "which organization is behind <report>" is the report's HAS_ORGANIZATION end, a
    # WorkingGroup; an Organization two hops off, through the flyway the report is about, was answered
    report = "Summary of Secretive Marsh Bird Surveys in the Atlantic Flyway 2020"
    group, other = "AFWA Migratory Shore Working Group", "Partners in Flight Eastern Working Group"
    flyway = "Atlantic Flyway"
    facts = [_edge("o", report, "HAS_ORGANIZATION", group, "Report", "WorkingGroup"),
             _edge("g", report, "HAS_GEOGRAPHY", flyway, "Report", "Flyway"),
             _edge("p", flyway, "HAS_PLAN", report, "Flyway", "Report"),
             _edge("f", other, "HAS_GEOGRAPHY", flyway, "Organization", "Flyway"),
             _prop("y", report, "hasPublicationYear", "2020", "Report")]
    assert _read(f"Which organization is behind the {report}?", facts) == (f"{group}.", ["o"])
    # (with no relation of the report's own saying it, the Organization is still the answer)
    assert _read(f"Which organization is behind the {report}?", facts[1:])[0] == f"{other}."


def test_a_chain_does_not_read_on_from_what_two_named_entities_share_to_another_of_their_kind() -> None:
    # blood-cell-markers (spent): "in which part of the blood are Sertoli cells found" is the Serum between the blood
    # and the Sertoli cells; read on from it, the Myeloid cell also found in the serum was answered
    facts = [_edge("m", "Myeloid cell", "IS_LOCATED_IN_TISSUE_TYPE", "Serum", "CellName", "TissueType"),
             _edge("s", "Sertoli cell", "IS_LOCATED_IN_TISSUE_TYPE", "Serum", "CellName", "TissueType"),
             _edge("b", "Serum", "BELONGS_TO_TISSUE_CLASS", "Blood", "TissueType", "TissueClass"),
             _edge("c", "B cell", "IS_LOCATED_IN_TISSUE_TYPE", "Blood", "CellName", "TissueType"),
             _prop("t", "Sertoli cell", "cell_type", "Normal cell", "CellName")]
    assert _read("In which part of the blood are Sertoli cells found?", facts) == ("Serum.", ["s"])


def test_a_kind_before_a_colon_opening_a_name_says_the_noun_asked() -> None:
    """Registries write an intervention's kind before its name ("DRUG: Nitazoxanide"): "which drug" asks for it,
    though no type or relation of the context says "drug" (it was answered with the trial's `age`)."""
    trial = "Novel Regimens in COVID-19 Treatment"
    facts = [Fact("i1", trial, "HAS INTERVENTION", "DRUG: Nitazoxanide", "edge", None, "Trial", "Intervention"),
             Fact("i2", trial, "HAS INTERVENTION", "OTHER: Standard of care", "edge", None, "Trial", "Intervention"),
             Fact("c1", trial, "HAS CONDITION", "COVID-19", "edge", None, "Trial", "Condition"),
             Fact("s1", trial, "SPONSORED BY", "Romark Laboratories L.C.", "edge", None, "Trial", "Sponsor"),
             Fact("t#age", trial, "age", "18 Years and older (Adult, Older Adult)", "property", None, "Trial"),
             Fact("t#phase", trial, "phase", "PHASE3", "property", None, "Trial")]
    assert _read(f"Which drug is given in the {trial} trial?", facts) == ("DRUG: Nitazoxanide.", ["i1"])
    # a time or a verse is no kind
    assert _KIND_PREFIX.match("12:30 Express") is None and _KIND_PREFIX.match("Genesis 1:3") is None


def test_a_long_name_whose_head_phrase_says_the_noun_asked_is_the_answer() -> None:
    """"CDI-988 Safety Study in Healthy Participants" says a study before its preposition, as "University of
    Oklahoma" says a university: "which study" asks for it, not for its `study type` one step on."""
    trial = "CDI-988 Safety Study in Healthy Participants"
    facts = [Fact("s1", trial, "SPONSORED BY", "Cocrystal Pharma, Inc.", "edge", None, "Trial", "Sponsor"),
             Fact("t#st", trial, "study type", "INTERVENTIONAL", "property", None, "Trial"),
             Fact("t#ph", trial, "phase", "PHASE1", "property", None, "Trial"),
             Fact("c1", trial, "HAS CONDITION", "COVID-19", "edge", None, "Trial", "Condition")]
    assert _read("Which study does Cocrystal Pharma sponsor?", facts) == (f"{trial}.", ["s1"])


def test_a_key_written_as_one_word_is_read_as_its_words_where_the_question_says_the_first() -> None:
    """`birthplace` beside `birth`: "where ... born" asks the place, in English and in Chinese, with the question
    word opening the question or in place ("出生在什么地方"); "which year" still asks the date."""
    p = "巩俐"
    facts = [Fact("b", p, "birth", "1965-12-31", "property", None, "Person"),
             Fact("bp", p, "birthplace", "Shenyang, Liaoning Province, China", "property", None, "Person"),
             Fact("a1", p, "actedin", "霸王别姬", "edge", None, "Person", "Movie"),
             Fact("r1", "霸王别姬", "releasedate", "1993-01-01", "property", None, "Movie")]
    place = ("Shenyang, Liaoning Province, China.", ["bp"])
    for q in ("巩俐是在哪里出生的？", "巩俐出生在什么地方", "Where was 巩俐 born?"):
        assert _read(q, facts) == place, q
    assert _read("巩俐是哪一年出生的", facts) == ("1965-12-31.", ["b"])
    # only where the question says the first word: a key is never cut into a word nobody asked
    kept = compound_keys_read("who is the candidate", [Fact("c", "X", "candidate", "Y", "property")])
    assert kept[0].relation == "candidate"
    assert compound_keys_read("when was it released", facts)[3].relation == "release date"


def test_how_many_counts_the_noun_after_a_scale_and_before_a_verb() -> None:
    """friends-episodes (spent): "How many million US viewers watched X?" counted "us" (the words after "million")
    and answered the episode's number; "how many viewers watched X" counted "watched"."""
    e = "The One with the Free Porn"
    facts = [_prop("1", e, "episode_num", "17", "Episode"), _prop("2", e, "views", "23.2", "Episode"),
             _prop("3", e, "rating", "8.5", "Episode"), _edge("4", e, "IN", "Season 4", "Episode", "Season")]
    for question in (f"How many million US viewers watched {e}?", f"How many viewers watched {e}?",
                     f"How many thousands of viewers did {e} have?"):
        assert _read(question, facts) == ("23.2.", ["2"]), question
    assert _read("How many episodes are in Season 4?", facts)[0] != "23.2."


def test_a_type_word_that_is_the_asked_keys_own_word_speaks_of_no_other_of_its_kind() -> None:
    # friends-episodes (spent): "what episode number within its season is X" says "episode" as episode_num's word,
    # not of other episodes; it read the number of another episode of X's season that shares "Rachel" with X
    x, other = "The One Where Rachel Goes Back to Work", "The One with Rachel's Other Sister"
    facts = [_edge("i1", x, "IN", "Season 9", "Episode", "Season"),
             _edge("i2", other, "IN", "Season 9", "Episode", "Season"),
             _prop("n1", x, "episode_num", "11", "Episode"),
             _prop("n2", other, "episode_num", "8", "Episode")]
    assert _read(f"What episode number within its season is {x}?", facts) == ("11.", ["n1"])
    # ... while one that speaks of the others of its kind reads theirs
    assert _read(f"Which episode number does the other episode of the season of {x} have?", facts)[0] == "8."
