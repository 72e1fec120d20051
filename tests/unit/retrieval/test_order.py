"""Which member of a sequence a question picks (xgrag.retrieval.order): pure functions, no graph."""

from __future__ import annotations

from xgrag.retrieval.order import (
    names_kind,
    numbered,
    numbered_member,
    ordinal_asked,
    pick,
    placed,
    placing_asked,
    placing_value,
    sequence_keys,
)

# a series' episodes as tv-series (spent) stores them: season and episode numbers, an IMDb id
EPISODES = {
    "e21": {"seasonNumber": 2, "episodeNumber": 1, "imdbId": "tt2"},
    "e12": {"seasonNumber": 1, "episodeNumber": 2, "imdbId": "tt3"},
    "e11": {"seasonNumber": 1, "episodeNumber": 1, "imdbId": "tt4"},
    "e13": {"seasonNumber": 1, "episodeNumber": 3, "imdbId": "tt5"},
    "e22": {"seasonNumber": 2, "episodeNumber": 2, "imdbId": "tt1"},
}


def test_an_ordinal_before_a_noun_is_asked_and_an_adverb_is_not_a_noun_of_the_graph() -> None:
    assert ordinal_asked("Who directed the first episode of The Wire?") == (False, "episode")
    assert ordinal_asked("Which station is the very last stop of route 12?") == (True, "stop")
    assert ordinal_asked("Who directed The Wire?") is None
    # an adverb: its next word ("air") names no kind, which the caller checks
    highest, noun = ordinal_asked("When did Hardhome first air?") or (None, "")
    assert noun == "air" and not names_kind(noun, "Episode") and names_kind("episodes", "Episode")


def test_numbers_after_nouns_name_the_member_that_holds_them() -> None:
    assert numbered("Who directed season 1 episode 2 of The West Wing?") == [("season", 1), ("episode", 2)]
    assert numbered_member(EPISODES, numbered("season 1 episode 2")) == "e12"
    assert numbered_member(EPISODES, [("season", 3)]) is None  # none holds it
    assert numbered_member(EPISODES, [("episode", 1)]) is None  # two do: none in particular


def test_the_first_is_read_coarsest_key_first_and_the_last_likewise() -> None:
    assert sequence_keys(EPISODES, "episode") == ["seasonNumber", "episodeNumber"]  # 2 seasons before 3 episodes
    assert pick(EPISODES, highest=False, noun="episode") == "e11"  # not e21, the first episode number seen
    assert pick(EPISODES, highest=True, noun="episode") == "e22"


def test_nothing_is_picked_without_a_key_that_orders_or_with_a_tie() -> None:
    # a number under a key that says no order (a price, a rating) orders nothing; an ISO day under any key does
    assert pick({"a": {"price": 3}, "b": {"price": 1}}, highest=False) is None
    assert pick({"a": {"aired": "2002-06-09"}, "b": {"aired": "2002-06-02"}}, highest=False) == "b"
    assert pick({"a": {"episodeNumber": 1}, "b": {"episodeNumber": 1}}, highest=False) is None


def test_a_member_whose_numbers_a_context_lacks_comes_after_every_stated_one() -> None:
    # a context shows the season of the member retrieval kept first; the cap cut the other episodes' seasons
    shown = {"e11": {"seasonNumber": 1, "episodeNumber": 1}, "e21": {"episodeNumber": 1},
             "e31": {"episodeNumber": 1}, "e12": {"episodeNumber": 2}}
    assert pick(shown, highest=False, noun="episode") == "e11"


def test_a_question_asks_who_took_a_place_by_winning_a_finish_or_an_ordinal_place() -> None:
    assert placing_asked("Who won the 2012 Brazilian Grand Prix?") == 1
    assert placing_asked("What nationality is the driver who won the 1976 Japanese Grand Prix?") == 1
    assert placing_asked("Who finished second at the 1996 Monaco Grand Prix?") == 2
    assert placing_asked("who came 3rd in the race") == 3
    assert placing_asked("Which team finished in 5th place?") == 5
    assert placing_asked("Who was the runner-up of Eurovision 2019?") == 2
    assert placing_asked("Wer gewann das Rennen?") == 1
    # counting wins, or no place at all
    assert placing_asked("How many races did Ayrton Senna win?") is None
    assert placing_asked("Who won the most titles?") is None
    assert placing_asked("Who took pole position at the 2008 Italian Grand Prix?") is None
    assert placing_asked("Who directed the first episode of The Wire?") is None


def test_a_place_is_a_whole_number_under_a_key_that_says_a_place() -> None:
    assert placing_value("positionOrder", 1) == 1
    assert placing_value("positionText", "1") == 1
    assert placing_value("rank", "2nd") == 2
    assert placing_value("final_standing", 3.0) == 3
    assert placing_value("grid", 1) is None  # a starting slot, not a place taken
    assert placing_value("position", "\\N") is None and placing_value("position", "R") is None
    assert placing_value("position", True) is None


def test_the_participant_placed_is_the_one_whose_ties_state_the_place_under_most_keys() -> None:
    # Ergast's results as formula-one (spent) stores them: the winner states 1 under position, positionOrder and
    # positionText; the driver with the fastest lap 1 under rank; the pole sitter 1 under its qualifying position
    ties = {
        "Jenson Button": [("position", 1), ("position order", 1), ("position text", "1"), ("rank", 3),
                          ("grid", 2), ("laps", 71)],
        "Lewis Hamilton": [("position", None), ("position order", 20), ("position text", "R"), ("grid", 1),
                           ("position", 1)],
        "Michael Schumacher": [("position", 7), ("position order", 7), ("position text", "7"), ("rank", 1)],
        "Fernando Alonso": [("position", 2), ("position order", 2), ("position text", "2"), ("laps", 1)],
    }
    assert placed(ties, 1) == ["Jenson Button"]
    assert placed(ties, 2) == ["Fernando Alonso"]
    assert placed(ties, 4) == []
