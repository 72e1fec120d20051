"""The reference reader's pure parts: relation words by meaning, mentions as linking sees them, and a direct fact
beating a two-hop chain (a fake embedder: the words decide, not the vectors)."""

from __future__ import annotations

import numpy as np

from xgrag.generate.base import Fact
from xgrag.generate.extractive import ExtractiveReader, content_stems, mentioned_names, stem


class ConstantEmbedder:
    """Every text the same vector: no embedding preference, so only the relation words can decide."""

    name = "constant"
    dimensions = 4

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.tile(np.array([1.0, 0.0, 0.0, 0.0]), (len(texts), 1))


def test_inflections_and_irregular_forms_meet() -> None:
    for a, b in [("sell", "SOLD"), ("belong", "BELONGED"), ("staring", "STARED"), ("carry", "carried"),
                 ("director", "directed"), ("written", "WROTE"), ("buy", "bought"), ("running", "ran"),
                 ("actors", "acted")]:
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
