"""Which member of a sequence a question picks: "the first episode of The Wire", "season 1 episode 1 of The West
Wing", "the last stop of route X".

A question that says an ordinal before a noun (`ordinal_asked`: "first"/"opening"/"earliest" for the lowest,
"last"/"final"/"latest" for the highest) or numbers after nouns (`numbered`: "season 1 episode 1") asks for one of
many things of one kind around the entity it names (a series' episodes). Which one is read off the members' own
facts: their keys that say an order (`sequence_keys`: numbers under a number, position, season, date... key, or ISO
days), compared coarsest first (the key with fewer distinct values: a season number before an episode number, 5
seasons of 10-13 episodes), the lowest or highest tuple wins (`pick`); an ordinal's noun must name the members' kind
("first air" names none). Retrieval keeps that member's facts first within
`max_property_facts` (a 60-episode series holds 120 numbers, more than the cap); the extractive reader reads the
chain through it first. Both read the same functions, so the member a context shows is the one the reader picks.

Inferred, never stored: a member is "first" only among the members the context holds; where none holds a sequence
key, nothing is picked (no guess by name or id). Pure functions over strings and values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from xgrag.retrieval.linking import ORDINAL_NUMBERS, key_words, same_word
from xgrag.retrieval.words import value_dates

# an ordinal word -> whether it asks for the lowest (False) or the highest (True) of a sequence
ORDINALS: dict[str, bool] = {"first": False, "opening": False, "earliest": False, "initial": False,
                             "last": True, "final": True, "latest": True, "closing": True}
_WORD = re.compile(r"[^\W\d_]+|\d+")
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# the words of a key that says where a thing stands in a sequence
SEQUENCE_WORDS = frozenset({
    "number", "no", "num", "nr", "order", "index", "idx", "position", "pos", "sequence", "seq", "rank", "ordinal",
    "season", "episode", "part", "chapter", "round", "stage", "step", "stop", "leg", "week", "day", "year", "date",
    "time", "start", "begin", "matchday", "gameweek"})
# words that may come between an ordinal and its noun ("the first ever episode", "the very last stop")
_BETWEEN = frozenset({"ever", "very", "regular", "full"})


def ordinal_asked(question: str) -> tuple[bool, str] | None:
    """(highest?, noun) for an ordinal word said before a noun ("the first episode": (False, "episode")); None
    where the question says none, or says it as an adverb ("when did Hardhome first air": the caller checks that
    the noun names a kind of the context)."""
    words = [w.lower() for w in _WORD.findall(question)]
    for i, w in enumerate(words):
        if w in ORDINALS:
            rest = [x for x in words[i + 1:i + 3] if x not in _BETWEEN]
            if rest and rest[0].isalpha():
                return ORDINALS[w], rest[0]
    return None


def numbered(question: str) -> list[tuple[str, int]]:
    """The (noun, number) pairs a question says as "<noun> <number>" ("season 1 episode 1": [("season", 1),
    ("episode", 1)]): a member is named by them where its keys hold each number under a key of that noun."""
    words = _WORD.findall(question)
    return [(words[i].lower(), int(words[i + 1])) for i in range(len(words) - 1)
            if words[i].isalpha() and words[i + 1].isdigit() and len(words[i + 1]) <= 4]


def names_kind(noun: str, kind: str | None) -> bool:
    """Whether `noun` names `kind` (a label or type: "episode" -> Episode, "stops" -> Stop)."""
    return kind is not None and any(same_word(noun, w) for w in key_words(kind))


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    text = str(value).strip()
    if re.fullmatch(r"-?\d+(\.\d+)?", text):
        return float(text)
    days = value_dates(text) if _ISO_DAY.match(text) else set()
    if len(days) == 1:
        y, m, d = next(iter(days))
        return float(y * 10_000 + m * 100 + d)
    return None


def sequence_keys(members: Mapping[str, Mapping[str, object]], noun: str | None = None) -> list[str]:
    """The keys that order `members` (member -> key -> value): numbers under a key that says an order (a number, a
    position, a season, a date: `SEQUENCE_WORDS`, or the noun asked, "episode" of episodeNumber) or ISO days under
    any key; coarsest first (fewest distinct values: a season before an episode), then by name. A key only some
    members hold still orders them: a context shows the numbers of the member retrieval picked, the cap cut the
    others' (their place is unknown, after every stated one)."""
    counts: dict[str, set[float]] = {}
    for facts in members.values():
        for key, value in facts.items():
            n = _number(value)
            words = key_words(key)
            says = any(w in SEQUENCE_WORDS or (noun is not None and same_word(w, noun)) for w in words)
            if n is not None and (says or _ISO_DAY.match(str(value).strip())):
                counts.setdefault(key, set()).add(n)
    return sorted(counts, key=lambda k: (len(counts[k]), k))


def pick(members: Mapping[str, Mapping[str, object]], highest: bool, noun: str | None = None) -> str | None:
    """The member first (or last) in the members' sequence (`sequence_keys`), None where nothing orders them or
    two share the winning place."""
    keys = sequence_keys(members, noun)
    if len(members) < 2 or not keys:
        return None
    inf = float("-inf") if highest else float("inf")

    def place(member: str) -> tuple[float, ...]:
        facts = members[member]
        return tuple(n if (n := _number(facts.get(k))) is not None else inf for k in keys)

    ranked = sorted(members, key=place, reverse=highest)
    if len(ranked) > 1 and place(ranked[0]) == place(ranked[1]):
        return None
    return ranked[0]


def numbered_member(members: Mapping[str, Mapping[str, object]], pairs: Sequence[tuple[str, int]]) -> str | None:
    """The one member whose keys hold every (noun, number) pair under a key of that noun ("season 1 episode 1": the
    episode whose season number is 1 and episode number is 1), None where none or several do."""
    if not pairs:
        return None
    found = []
    for member, facts in members.items():
        if all(any(_number(v) == float(n) and any(same_word(noun, w) for w in key_words(k))
                   for k, v in facts.items()) for noun, n in pairs):
            found.append(member)
    return found[0] if len(found) == 1 else None


def chosen(by_kind: Mapping[str, Mapping[str, Mapping[str, object]]], ordinal: tuple[bool, str] | None,
           pairs: Sequence[tuple[str, int]]) -> list[str]:
    """The member picked in each kind (`by_kind`: kind -> member -> key -> value), kinds in name order: by the
    ordinal where its noun names the kind (`pick`), else by the numbers (`numbered_member`). Retrieval and the
    extractive reader both choose through it."""
    out = []
    for kind, members in sorted(by_kind.items()):
        member = pick(members, ordinal[0], ordinal[1]) if ordinal is not None and names_kind(ordinal[1], kind) \
            else numbered_member(members, pairs)
        if member is not None:
            out.append(member)
    return out


# -- placings: "who won X", "who finished second in X", "the runner-up of X" -------------------------------------
# A question that asks who took a place in an event asks for the participant whose tie to the event stores that
# place (Ergast's results: Driver -PARTICIPATED_IN {position: 1}-> Race; a league table's FINISHED {rank: 2}), a
# fact retrieval would otherwise cut among the event's many ties (formula-one, spent: "who won the 2012 Brazilian
# Grand Prix" read the drivers' laps and fastest laps, every driver's position was cut). A language's words for
# winning and for a place, not any graph's keys.
_WON = re.compile(r"\b(?:won|win|wins|winning|winner|winners|victor|victors|victorious|gewann|gewonnen|sieger|"
                  r"siegerin|gagné|gagnant|gagnante|vainqueur|remporté|ganó|ganador|ganadora|venceu|vencedor|"
                  r"vencedora|vinto|vinse|vincitore|vincitrice|winnaar)\b")
# (counting wins asks for no place: "how many races did Senna win", "who won the most titles")
_COUNTED = re.compile(r"\bhow many\b|\bmost\b|\btimes\b")
_RUNNER_UP = re.compile(r"\brunners?[- ]up\b")
_ORDINAL = r"(" + "|".join(ORDINAL_NUMBERS) + r"|\d{1,3}(?:st|nd|rd|th))"
_FINISHED = re.compile(r"\b(?:finish|finished|finishes|came|come|comes|placed|ranked|ended)\s+(?:in\s+)?(?:the\s+)?"
                       + _ORDINAL + r"\b")
_IN_PLACE = re.compile(r"\b" + _ORDINAL + r"\s+(?:place|position)\b")
# the words of a key that stores a place in an event
PLACING_WORDS = frozenset({"position", "pos", "place", "placing", "placement", "rank", "ranking", "standing",
                           "finish", "finishing", "platz", "platzierung", "rang", "posizione", "posicion",
                           "posicao", "classement", "plaats"})
_PLACE_VALUE = re.compile(r"\s*(\d{1,3})(?:st|nd|rd|th|\.)?\s*")


def _ordinal_number(word: str) -> int:
    return ORDINAL_NUMBERS.get(word) or int(re.sub(r"\D", "", word))


def placing_asked(question: str) -> int | None:
    """The place a question asks who took ("who won X": 1, "who finished second": 2, "the runner-up": 2, "who came
    3rd": 3), None where it asks none (or counts wins: "how many races did X win")."""
    low = question.lower()
    for pattern in (_FINISHED, _IN_PLACE):
        m = pattern.search(low)
        if m:
            return _ordinal_number(m.group(1))
    if _RUNNER_UP.search(low):
        return 2
    if _WON.search(low) and not _COUNTED.search(low):
        return 1
    return None


def placing_value(key: str, value: object) -> int | None:
    """The place a fact stores, where its key says a place (`PLACING_WORDS`: position, positionOrder, rank) and its
    value is a whole number as a place is written (1, "1", "1st", "2."); None otherwise."""
    if not any(w in PLACING_WORDS for w in key_words(key)) or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    m = _PLACE_VALUE.fullmatch(str(value))
    return int(m.group(1)) if m else None


def placed(ties: Mapping[str, Sequence[tuple[str, object]]], place: int) -> list[str]:
    """The participants (`ties`: participant -> (key, value) of each fact of its ties to the event the question
    names) whose ties store `place` under the most keys saying a place: Ergast's winner states 1 under position,
    positionOrder and positionText, the driver with the fastest lap 1 under rank alone, the pole sitter 1 under
    its qualifying tie's position. Empty where none does."""
    counts = {p: sum(1 for k, v in facts if placing_value(k, v) == place) for p, facts in ties.items()}
    best = max(counts.values(), default=0)
    return sorted(p for p, n in counts.items() if n == best) if best else []
