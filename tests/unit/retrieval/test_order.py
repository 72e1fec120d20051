"""Which member of a sequence a question picks (xgrag.retrieval.order): pure functions, no graph."""

from __future__ import annotations

from xgrag.retrieval.order import names_kind, numbered, numbered_member, ordinal_asked, pick, sequence_keys

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
