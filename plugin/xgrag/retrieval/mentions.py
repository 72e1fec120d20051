"""Which names of a question linking matched, and which it did not (xgrag.model.linking.Linking).

Linking (xgrag.retrieval.linking) reports what it found, not what it missed. A user who asks about an entity the
graph does not hold must be told that this name matched nothing, not handed "I don't know." with an empty table.
So the question's names are read off as typed: a bracketed or quoted span, or a run of capitalised words and
numbers ("Out to Sea", "Tarik Lowe", "10248"; "of", "to", "the", ... may join two capitalised words). A name no
linked mention covers matched nothing. The first word of a question is capitalised anyway: alone it is not taken
for a name ("Peter's mother?" shows no name; then, if nothing linked, the words the linker looked up are listed).

The reading is deliberately conservative: it lists a name only when the question's own typing marks it, so a
sentence never claims that an ordinary word ("directed") "matched nothing".

Pure: no Neo4j, no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from xgrag.model.linking import AmbiguousMention, LinkedMention, Linking
from xgrag.retrieval.linking import LinkedEntity, key_tokens, uncovered_words

# Apostrophe variants, one character for one, so offsets into the question stay valid (names.strip_marks also
# decomposes accents, which would move them).
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
_TYPED_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*'?")
_BRACKETED = re.compile(r"\[([^\[\]]{1,200})\]")
_QUOTED = re.compile(r"\"([^\"]{1,200})\"|“([^”]{1,200})”")
# Lowercase words that may sit inside a name between two capitalised ones ("Out to Sea", "Lord of the Rings"). Not
# "and": "Out to Sea and Grumpy Old Men" names two films far more often than "Romeo and Juliet" names one (which,
# linked, covers both words anyway).
CONNECTORS = frozenset("of the to a an in on at for de da del der di du la le van von y".split())
# Capitalised words that begin a question rather than a name ("Who", "Did", "List").
QUESTION_WORDS = frozenset(
    "who whom whose what which when where why how did does do is are was were has have had can could would should "
    "will name list tell give show find i".split())


@dataclass(frozen=True)
class _Word:
    text: str  # as typed
    start: int  # offsets in the question
    end: int
    keys: tuple[str, ...]  # key_tokens(text): what linking compares


@dataclass(frozen=True)
class Name:
    """A name as the question types it, and the question's words it spans."""

    text: str
    words: tuple[int, ...]


def _words(question: str) -> list[_Word]:
    text = question.translate(_APOSTROPHES)
    return [_Word(question[m.start():m.end()], m.start(), m.end(), key_tokens(m.group()))
            for m in _TYPED_WORD.finditer(text)]


def _inside(words: Sequence[_Word], start: int, end: int) -> tuple[int, ...]:
    return tuple(i for i, w in enumerate(words) if w.start >= start and w.end <= end)


def _capitalised(word: _Word) -> bool:
    return word.text[:1].isupper() or any(ch.isdigit() for ch in word.text)


def question_names(question: str) -> list[Name]:
    """The question's names as typed (module docstring), in order."""
    words = _words(question)
    spans: list[tuple[int, int]] = [m.span(1) for m in _BRACKETED.finditer(question)]
    spans += [m.span(1) if m.group(1) is not None else m.span(2) for m in _QUOTED.finditer(question)]
    names = [Name(question[a:b].strip(), _inside(words, a, b)) for a, b in spans]
    taken = {i for n in names for i in n.words}
    run: list[int] = []

    def close() -> None:
        while run and words[run[-1]].text.casefold() in CONNECTORS and not _capitalised(words[run[-1]]):
            run.pop()  # a connector ends no name
        while run and words[run[0]].text.casefold() in QUESTION_WORDS:
            run.pop(0)
        sentence_start = bool(run) and run[0] == 0 and len(run) == 1 and not any(ch.isdigit() for ch in words[0].text)
        if run and not sentence_start:
            text = question[words[run[0]].start:words[run[-1]].end]
            # "Della's hair": the name is Della (as linking reads it)
            text = text[:-2] if text.translate(_APOSTROPHES).endswith("'s") else text
            names.append(Name(text, tuple(run)))
        run.clear()

    for i, word in enumerate(words):
        if i in taken:
            close()
        elif _capitalised(word):
            run.append(i)
        elif run and word.text.casefold() in CONNECTORS:
            run.append(i)
        else:
            close()
    close()
    named = [n for n in names if n.text and n.words]
    return sorted(named, key=lambda n: n.words[0])


def _covered(words: Sequence[_Word], linked: Sequence[LinkedEntity]) -> tuple[set[int], set[str]]:
    """The question's words that linked mentions cover, and the key tokens of mentions not found in the question
    as one run of words (matched against names word by word instead, so a mention is never lost)."""
    flat = [(i, k) for i, w in enumerate(words) for k in w.keys]
    keys = [k for _, k in flat]
    covered: set[int] = set()
    loose: set[str] = set()
    for le in linked:
        mention = key_tokens(le.mention)
        found = False
        for at in range(len(keys) - len(mention) + 1):
            if mention and tuple(keys[at:at + len(mention)]) == mention:
                covered.update(flat[j][0] for j in range(at, at + len(mention)))
                found = True
        if not found:
            loose.update(mention)
    return covered, loose


def linking_record(question: str, linked: Sequence[LinkedEntity], seeded: bool) -> Linking:
    """What linking found for `question` (`linked`, Linker.link's result) and which of its names matched nothing;
    `seeded`: the retrieved context has a seed entity (PCST may add some by embedding when nothing linked)."""
    words = _words(question)
    covered, loose = _covered(words, linked)
    unmatched: list[str] = []
    for name in question_names(question):
        keys = {k for i in name.words for k in words[i].keys}
        if covered.isdisjoint(name.words) and loose.isdisjoint(keys) and name.text not in unmatched:
            unmatched.append(name.text)
    searched = [] if linked or unmatched else uncovered_words(question, set())
    # one name, several entities: said, never resolved in silence (the context holds them all)
    by_mention: dict[tuple[str, ...], list[LinkedEntity]] = {}
    for le in linked:
        group = by_mention.setdefault(key_tokens(le.mention), [])
        if all(other.node.id != le.node.id for other in group):
            group.append(le)
    ambiguous = [AmbiguousMention(mention=group[0].mention, names=[le.node.name for le in group],
                                  ids=[le.node.id for le in group])
                 for _, group in sorted(by_mention.items()) if len(group) > 1]
    return Linking(linked=[LinkedMention(mention=le.mention, id=le.node.id, name=le.node.name, method=le.method)
                           for le in linked],
                   unmatched=unmatched, searched=searched, unlinked=not linked and not seeded, ambiguous=ambiguous)
