"""Which groups of one hop focused retrieval expands (pure: the queries run in tests/integration)."""

from __future__ import annotations

from xgrag.retrieval.focus import Group, choose, question_words


def _groups() -> list[Group]:
    return [Group("a1", "starred_actors", False, "Movie", 20), Group("a2", "starred_actors", False, "Movie", 15),
            Group("drama", "has_genre", False, "Movie", 9000), Group("y2006", "release_year", False, "Movie", 3000),
            Group("d", "directed_by", False, "Movie", 12), Group("t", "has_tags", False, "Movie", 40)]


def test_only_what_the_question_names_cheapest_type_first_and_hubs_skipped() -> None:
    words = question_words("what genres are the films starred by Step Up actors", [("Step Up", "Movie")], _groups())
    choice = choose(_groups(), words, 200)
    assert [g.node for g in choice.groups] == ["a2", "a1"]  # the genre hub does not fit, nothing else is named
    assert choice.skipped == 1 and choice.skipped_relationships == 9000 and not choice.cut
    # the seed's own type word ("the film X") names nothing; a compound names its head ("screenwriter")
    assert "movie" not in question_words("the movie X", [("X", "Movie")])
    assert "writ" in question_words("who is the screenwriter", [], [Group("x", "written_by", True, "Person", 1)])


def test_a_lone_named_hub_is_cut_only_where_allowed() -> None:
    hub = [Group("1997", "release_year", False, "Movie", 500), Group("1997", "has_tags", False, "Tag", 3)]
    words = question_words("which films were released in 1997", [("1997", "Year")], hub)
    assert choose(hub, words, 200).cut and [g.relation for g in choose(hub, words, 200).groups] == ["release_year"]
    assert choose(hub, words, 200, may_cut=False).groups == []
    assert choose(hub, set(), 200).groups == []  # nothing named: nothing chosen


def test_a_type_stating_more_of_the_question_s_words_goes_first() -> None:
    # every year's VOTES names "vote"; the one naming the year too is taken first, though it is not the cheapest
    groups = [Group("n", f"votes_{y}", True, "Country", size) for y, size in ((1978, 1), (1990, 1), (2019, 3))]
    words = question_words("How many points did Norway's public vote give Sweden in 2019?", [("Norway", "Country")],
                           groups)
    assert [g.relation for g in choose(groups, words, 3).groups] == ["votes_2019"]


def test_a_hop_nothing_names_reads_each_entity_s_only_relation_of_a_kind_fewest_first() -> None:
    from xgrag.retrieval.focus import functional
    groups = [Group("route", "BELONGS_TO", True, "Agency", 1), Group("route", "ENDS_AT", True, "Stop", 1),
              Group("route", "FOR", False, "Trip", 40),
              Group("stop", "TO_TRIP", True, "Trip", 300), Group("stop", "STARTS_AT", False, "Route", 1)]
    # the route's single relations first (it has 42 in all, the stop 301); the fan-outs never
    assert [(g.node, g.relation) for g in functional(groups, 10)] == [
        ("route", "BELONGS_TO"), ("route", "ENDS_AT"), ("stop", "STARTS_AT")]
    assert [(g.node, g.relation) for g in functional(groups, 1)] == [("route", "BELONGS_TO")]
    assert functional([Group("stop", "TO_TRIP", True, "Trip", 300)], 10) == []


def test_after_and_before_name_the_sequence_relations() -> None:
    # doctor-who (spent): "which story came after the one Sutekh appears in": the hop past his story did not fit,
    # and no word the question types is NEXT's, so the story after it was out of the context
    groups = [Group("pyramids", "NEXT", True, "Episode", 1), Group("pyramids", "PREVIOUS", False, "Episode", 1),
              Group("doctor", "APPEARED_IN", True, "Episode", 300)]
    words = question_words("Which story came after the one Sutekh appears in?", [("Sutekh", "Enemy")], groups)
    assert {"next", "previous"} <= words
    assert [g.relation for g in choose(groups, words, 10).groups] == ["NEXT", "PREVIOUS"]
    # a question that asks for no neighbour in a sequence names none of them
    assert not {"next", "previous"} & question_words("Which story does Sutekh appear in?", [("Sutekh", "Enemy")],
                                                     groups)
