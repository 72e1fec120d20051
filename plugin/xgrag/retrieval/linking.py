"""Entity linking: which graph entities a question mentions, as people type questions.

Three tiers, each run only where the one before found nothing:
1. whole names: exact names among the question's word n-grams (index-backed), and full-text candidates kept
   only when their whole name (or alias) occurs in the question as words. Case, diacritics and possessives do
   not matter ("flopsy's mother" names "Flopsy"); brackets (MetaQA style) win outright. A lowercase word that
   matches a lowercase-stored entity (a tag or role label: "director") is not linked when the question also names
   something specific ("who is the director of Out to Sea" links Out to Sea only).
2. (only when no whole name occurs) parts of names: "peter" -> "Peter Rabbit", "sofronie" -> "Madame
   Sofronie", "the chain" -> "Platinum Fob Chain", "the cabbages" -> "Young Cabbages". A run of the question's
   words must be the beginning or the end of the name (after titles and articles), singular and plural alike,
   and must point at few entities (`MAX_PARTIAL`).
3. (only when nothing was linked and the graph stores name embeddings) nearest names of the question's short
   spans through the vector index.
Beside the first tier, with the in-memory name index (a read-only mapping): a number typed with or without its
punctuation ("98824177531", "9-(882)417-7531") links the entity named or aliased by the same digits. In a general
mapping, an amount or a date the question types ("the $82,850 transfer", "on Mar 18, 2014") links the records that
hold it among their facts (xgrag.retrieval.typed_values; `Linker._records_by_value`), and a label's words followed by
a key's value name the entity as people name things by kind and code ("truck 1421412P", "invoice 1004") where its
name is another property (`Linker._by_label_and_key`); a bare number said with another word for the kind names the
one record keyed by it ("train 1533" for "Trip 1533": `Linker._by_record_number`); a record next to an entity named
is named by text values it holds, as an address is typed ("die Ladesäule am Brooweg 48 in Kaltenkirchen": a station of
the town linked, by its street and house number; `Linker._records_held`, `select_held`), and stands for that entity.

Deterministic (ties broken by entity id); reads only; every value is a Cypher parameter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, TypeVar

from xgrag.config import RetrievalSettings
from xgrag.embed import Embedder
from xgrag.model import Node, key_text
from xgrag.retrieval.name_index import (
    NameIndex,
    declared_forms,
    designations,
    qualified_rest,
    qualified_word,
    qualifier_first,
    shared_index,
)
from xgrag.retrieval.names import (
    ARTICLES,
    DESCRIPTIVE,
    GENERATION,
    NUMBER_WORDS,
    POST_NOMINALS,
    TITLES,
    fold,
    strip_marks,
)
from xgrag.retrieval.typed_values import in_quotes, quoted_texts, typed_values
from xgrag.retrieval.vietnamese import generic_syllables, reads_vietnamese
from xgrag.retrieval.words import (
    CJK_LETTER,
    FOREIGN_ARTICLES,
    FOREIGN_FUNCTION_WORDS,
    PLACE_TYPES,
    SCHEMA_WORDS,
    asked_after_which,
    content_stems,
    detach_particles,
    detach_prefixes,
    english_interrogatives,
    fold_marks,
    join_typed_names,
    set_apart,
    stem,
    typed_otherwise,
    unspaced_spans,
)
from xgrag.store.neo4j import Neo4jStore
from xgrag.store.queries import q as quote

_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
_STOP = frozenset(
    "a an and are as at be by for from has have in is it of on or the to was were what which who whom whose "
    "when where why how did does do movie movies film films".split()
)
# Words that stand for something else in a sentence (pronouns, determiners, auxiliaries): typed in lower case they
# name no entity, whatever a graph of common words calls its nodes ("the kanji that means cat": no Meaning "that")
_FUNCTION = frozenset(
    "i me my we us our you your he him his she her they them their its this that these those there here "
    "can could would should will shall may might must been being am".split()
)
# Words that stand for a thing the sentence names otherwise ("the one X appears in", "the other"), typed in lower case
_PRONOUNS = _FUNCTION | frozenset("one ones other others another".split())
# the longest run of words looked up as a whole name: a paper's or a thesis's title runs to a dozen words and more
# ("Direct photodegradation of carbamazepine followed by micellar electrokinetic chromatography and mass
# spectrometry": 12), and a lookup of a span is one dictionary probe of the name index or one list item of a query
_MAX_SPAN = 16
# A run of words that fits more entities than this names none of them in particular ("peter" among 200 Peters
# of a film graph): it is not linked. A story's "mcgregor" (Mr. and Mrs. McGregor) still is.
MAX_PARTIAL = 3
# Longest run of question words tried against the beginning or end of a name.
_MAX_PART = 6
_VECTOR_K = 10
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*'?")
# Records linked by one typed value: more than this, and the value names none of them in particular (a common amount).
MAX_VALUE_RECORDS = 3
# nodes of a label read to decide whether a date property holds a monthly series (Linker._monthly_properties)
MONTHLY_SAMPLE = 1000
# A record joined to two named entities is looked for this many relationships from each at most (a grid's line:
# its two ends' buses, each in a substation; a route between two airports: one).
JOIN_HOPS = 2
# ... through nodes of this many relationships at most: a hub (an owner of hundreds of lines, a country) is near
# everything it holds, and joins no two entities to one record in particular.
JOIN_DEGREE = 50
# ... among at most this many of its kind near each entity: a hub's neighbourhood holds too many to tell which
# record the two have in common, and is not read past it.
JOIN_SCAN = 2000
# The neighbours of the linked entities read per label for the text values they hold (`Linker._records_held`): a
# town's charging stations, a person's records; a hub's tens of thousands are cut here, as a question names one.
MAX_HELD_NEIGHBOURS = 5000
# ... and of their text values, those this long at most: a street, a code, a title; not a description.
_MAX_HELD_TEXT = 200
# The nodes of a label read to tell a property that sorts them into kinds from one that names them (`Linker._sorting`)
SORTING_SAMPLE = 1000
# A label with more nodes than this is not scanned for typed values (no index serves a match on any fact property).
MAX_VALUE_SCAN = 500_000
# A bare number names a record by its key from this many digits on: one- and two-digit numbers in questions are
# counts, points and ranks far more often than names ("12 points", "top 10").
RECORD_NUMBER_DIGITS = 3
# ... written alone: not inside a number written with punctuation (a date, "1,500", "18.0"), not an amount or a share
_BARE_NUMBER = re.compile(rf"(?<![\w.,:/$€£¥-])\d{{{RECORD_NUMBER_DIGITS},18}}(?![\w$€£¥%]|[.,:/-]\d)")
# Words after which a bare number is a quantity, a year or a rank, not a record's name ("in 1999", "than 500", "the
# 1999 season", "top 100"), or the subject of a question's verb that names nothing of what it is ("what did 10248
# contain": no kind said, as Northwind's questions were written to show a bare number is no seed).
QUANTITY_CUES = frozenset(
    "in on at since before after until till from to by than over under above below around about circa between per "
    "of the a an and or more less fewer least most top first last next past every each all some has have had with "
    "scored won lost did does do".split())
_K = TypeVar("_K")  # the keys `most_said` tells apart
# A number written as one unit with inner punctuation: a date ("1948-12-08"), a decimal ("18.0"), a time, a ratio.
_COMPOUND_NUMBER = re.compile(r"\d+(?:[.,:/-]\d+)+")
_LETTER_COMPOUND = re.compile(r"(?<![\w-])[A-Za-z]-[A-Za-z]{2,}(?![\w-])")


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def key_tokens(text: str) -> tuple[str, ...]:
    """The words of a name or question as compared for linking: case, diacritics and apostrophe variants folded,
    a possessive dropped ("Della's" and "Sparrows'" -> "della", "sparrows": a question asks about "Della's hair"
    where the graph stores "Della"), a French or Italian article or preposition elided before a vowel dropped
    ("l'asperge", "d'aliments", "dell'anno" -> "asperge", "aliments", "anno": cuisine-nicoise, spent, stores
    "Asperge"), other apostrophes removed ("O'Brien" -> "obrien", as typed without one). The procedures read them
    alike (PropertyFacts.keyTokens)."""
    return tuple(_tokens(fold(text)))


def most_said(alike: Mapping[_K, str], typed: Iterable[str], q_words: AbstractSet[str]) -> set[_K]:
    """Of names found alike on the same typed words (`alike`: key -> name), the keys of those the question says the
    most other words of (their words beyond `typed`, among `q_words`); every key when it says none. Several names
    found on the same words are told apart by their other words the question says ("Which record did Rhino put out
    as a digital release in 2006": "Rhino (digital, 2006)", not "Rhino (cd, 2006)"; wareham-discography, spent):
    the linker's `select_whole` and the reader's `mention_words` both read this."""
    typed_set = set(typed)
    said = {k: sum(1 for w in set(key_tokens(name)) - typed_set if _said_alike(w, q_words))
            for k, name in alike.items()}
    most = max(said.values(), default=0)
    return {k for k, n in said.items() if n == most} if most else set(said)


# Endings that make one root into words of other kinds ("resist": "resistive", "resistance"; "electr": "electric",
# "electrical"), longest first; a root keeps at least _ROOT_MIN letters
_DERIVED = tuple(sorted(("ive", "ance", "ence", "ant", "ent", "ion", "ation", "al", "ical", "ic", "ity", "ness",
                         "ment", "ing", "ed", "er", "or", "ory", "ous", "ively", "ly"), key=len, reverse=True))
_ROOT_MIN = 4


def _root(word: str) -> str:
    """`word` without one ending of `_DERIVED` ("resistive" -> "resist"), or whole where none leaves a root."""
    return next((word[:-len(e)] for e in _DERIVED if word.endswith(e) and len(word) - len(e) >= _ROOT_MIN), word)


def _said_alike(word: str, q_words: AbstractSet[str]) -> bool:
    """The question says `word`, or a word of its root in another form (`_root`): "band resistance" says the
    Resistive of "Band Resistive" beside "Band-assisted" (exrx-exercises, spent: both were linked by "band", and
    the assisted band's exercise answered); "internet" does not say "internal"."""
    if word in q_words:
        return True
    root = _root(word)
    return any(_root(q) == root for q in q_words)


def key_words(key: str) -> tuple[str, ...]:
    """The words of a property key, label or relationship type as compared with a question's: its key_tokens
    ("nomeCidade" -> "nome", "cidade"), then the English words of each schema word of another language among them
    ("city", "town": SCHEMA_WORDS). The procedures read them alike (PropertyFacts.keyWords)."""
    tokens = key_tokens(key_text(key))
    english = [e for t in tokens for e in SCHEMA_WORDS.get(t, ())]
    return tokens + tuple(w for w in dict.fromkeys(english) if w not in tokens)


# an article or preposition French and Italian write onto the next word before a vowel or h ("l'", "d'", "qu'",
# "dell'", "all'"); dropped with its apostrophe (never a name's own letters: "O'Brien", "D'Arcy" before a consonant...
# ... and "d'Artagnan", stored and typed alike, loses its "d" on both sides)
_ELIDED = re.compile(r"^(?:[ldjmnstc]|qu|dell|dall|all|nell|sull|un)'(?=[aeiouyh])")


def _marked_words(text: str) -> list[tuple[str, bool]]:
    """The words of an already folded (or mark-stripped) text, each without an elided article before it and a
    possessive mark after it, with whether it had the mark (`_possessive`)."""
    return [_possessive(_ELIDED.sub("", w)) for w in _WORD.findall(text)]


def _tokens(text: str) -> list[str]:
    """The words of an already folded (or mark-stripped) text, elided articles and possessives dropped, empty
    bases skipped."""
    return [base for base, _ in _marked_words(text) if base]


def _possessive(word: str) -> tuple[str, bool]:
    """(the word without a possessive mark, whether it had one); inner apostrophes become nothing so that the
    name and the typed question compare equal whichever way the apostrophe was written or omitted."""
    marked = word.endswith("'s") or (word.endswith("'") and len(word) > 1)
    base = word[:-2] if word.endswith("'s") else word.rstrip("'")
    return base.replace("'", ""), marked


def same_word(a: str, b: str) -> bool:
    """Equal, or singular and plural of one word ("cabbage"/"cabbages", "bush"/"bushes", "berry"/"berries"):
    people ask about "the shoe" when the graph stores "Shoes". Short words (< 3 letters) only when equal."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    if len(short) < 3:
        return False
    return long in (short + "s", short + "es") or (short.endswith("y") and long == short[:-1] + "ies")


def word_variants(word: str) -> list[str]:
    """The word and its plausible singular/plural forms, for the full-text query (Lucene's standard analyser
    does not stem, so "shoe" alone would not find "Shoes")."""
    out = [word]
    if len(word) >= 3:
        if word.endswith("ies"):
            out.append(word[:-3] + "y")
        if word.endswith("es"):
            out.append(word[:-2])
        if word.endswith("s"):
            out.append(word[:-1])
        else:
            out += [word + "s"] if word.endswith("e") else [word + "s", word + "es"]
            if word.endswith("y"):
                out.append(word[:-1] + "ies")
    return list(dict.fromkeys(w for w in out if w))


def _escape(term: str) -> str:
    return _LUCENE_SPECIAL.sub(r"\\\1", term)


def question_terms(question: str) -> list[str]:
    """The question's non-stopword terms (with a possessive dropped, and singular and plural forms)."""
    terms: list[str] = []
    for word in re.findall(r"[\w']+", question.lower()):
        # (a word with an elided article, "d'izoard", is searched as names store it either way: "dizoard" as an
        # index that keeps the apostrophe's letters together reads it, "izoard" as key_tokens does)
        forms = [word, _ELIDED.sub("", word)] if "'" in word else [word]
        for form in dict.fromkeys(forms):
            for part in re.findall(r"\w+", _possessive(form)[0] if "'" in form else form):
                if part not in _STOP:
                    terms += [t for t in word_variants(part) if t not in terms]
                    # (... and without its marks, as the name index stores a name's words, `key_tokens`: "Animação
                    # do Gerês" met no "ANIMAÇÃO DO GERÊS", whose words are "animacao", "geres"; portugal-venues,
                    # spent, linked the region Centro)
                    folded = fold_marks(part)
                    if folded != part and folded not in _STOP:
                        terms += [t for t in word_variants(folded) if t not in terms]
    return terms


# A record described by the words of a text it holds, not named (`described_words`, `described_by`): at least this
# many of the question's own words, and half of them, in the text; texts shorter than DESCRIBED_TEXT characters are
# names and values, not what a record says
DESCRIBED_WORDS = 4
DESCRIBED_TEXT = 40


def described_words(question: str, said: Iterable[str] = (), asks: frozenset[str] = frozenset()) -> list[str]:
    """The stems of the question's own words that may describe a text a record holds ("which account tweeted that
    Gary Cohn should be fired immediately for his public attack on the president": gary, cohn, immediately, public,
    attack, president): four letters or more, not a stopword, not a word of the mapping (`asks`: what it asks with, a
    "tweet" or an "account"), not inside a name the question says (`said`); sorted."""
    rest = question
    for m in sorted((m for m in said if m), key=len, reverse=True):
        rest = re.sub(re.escape(m), " ", rest, flags=re.IGNORECASE)
    return sorted(st for st in content_stems(rest) if len(st) >= 4 and st.isalpha() and st not in asks
                  and stem(st) not in asks)


def described_by(words: Sequence[str], text: str) -> int:
    """How many of `words` (stems, `described_words`) the text holds, in any case."""
    low = text.lower()
    return sum(1 for w in words if w in low)


def described_enough(hits: int, words: Sequence[str]) -> bool:
    """Whether a text holding `hits` of the question's `words` is what the question describes (DESCRIBED_WORDS,
    and half of the words)."""
    return hits >= DESCRIBED_WORDS and 2 * hits >= len(words)


def lucene_query(question: str) -> str:
    """An OR query of the question's escaped terms (`question_terms`); inert for any input."""
    return " OR ".join(_escape(t) for t in question_terms(question))


def word_query(word: str) -> str:
    """The full-text query for one question word and its singular/plural forms."""
    return " OR ".join(_escape(t) for t in word_variants(word))


def record_numbers(question: str) -> dict[str, int]:
    """The bare numbers of RECORD_NUMBER_DIGITS+ digits `question` types where they may name a record (not part of
    a number written with punctuation, a date, an amount; not after a word of QUANTITY_CUES), each -> its position
    among `_typed_words(question)`."""
    words = _typed_words(question)
    out: dict[str, int] = {}
    for m in _BARE_NUMBER.finditer(question):
        token = m[0]
        before = re.findall(r"[\w'&.\-]+", question[:m.start()])
        if token in out or (before and before[-1].lower().strip(".,;:'\"()") in QUANTITY_CUES):
            continue
        out[token] = len(before) if len(before) < len(words) else len(words) - 1
    return out


def typed_as_stored(values: Iterable[str]) -> list[object]:
    """Tokens typed as a property's value, each as text and as the number it writes: an integer ("386"), or a decimal
    ("ABV 6.5": a beer's strength stored as the float 6.5, which the text "6.5" never equals in Cypher)."""
    texts = sorted(set(values))
    numbers: list[object] = [int(v) for v in texts if re.fullmatch(r"-?\d{1,18}", v)]
    numbers += [float(v) for v in texts if re.fullmatch(r"-?\d{1,15}\.\d{1,15}", v)]
    return [*texts, *numbers]


# an abbreviation written with its dots, then a number: "H.R. 2146", "S. 1177", "H.J.Res. 107"
_CITED = re.compile(r"(?<![\w.])((?:[^\W\d_]{1,6}\.\s?){1,4})\s?(\d{1,6})(?![\w.]|\.\d)")
# a stored code's head: letters (dots and spaces between them allowed), then a number, then nothing or a separator
_CODE_HEAD = re.compile(r"((?:[^\W\d_]+[.\s]?)+\s?\d+)(?:$|[-_/:,;\s])")


def cited_codes(question: str) -> dict[str, str]:
    """Codes the question cites with an abbreviation's dots (`_CITED`), compact (letters lower-cased, dots and
    spaces dropped: "hr2146") -> as typed ("H.R. 2146")."""
    out: dict[str, str] = {}
    for m in _CITED.finditer(question):
        letters = re.sub(r"[.\s]", "", m.group(1))
        out.setdefault(f"{letters.lower()}{m.group(2)}", m.group(0))
    return out


# what may follow a code's head in a stored key: a qualifier after one of these ("hr2146-114")
_CODE_SEPARATORS = ("-", "_", "/", ":", ",", ";", " ")


def code_spellings(code: str) -> list[str]:
    """The spellings a stored key may give a compact code ("hr2146"): lower case, upper case, and upper case with a
    space before the number ("HR 2146")."""
    split = re.match(r"(\D+)(\d+)$", code)
    spaced = [f"{split.group(1).upper()} {split.group(2)}"] if split else []
    return [code, code.upper(), *spaced]


def code_prefixes(code: str) -> list[str]:
    """The beginnings of a stored key holding a compact code with a qualifier: each spelling, then a separator
    ("hr2146-"); never the bare spelling, which "hr21460-114" begins too."""
    return [f"{s}{sep}" for s in code_spellings(code) for sep in _CODE_SEPARATORS]


def cited_head(value: str) -> str | None:
    """A stored code's head in compact form ("hr2146-114" -> "hr2146", "HR 2146" -> "hr2146"), or None when the
    value does not start with letters and a number that end there or at a separator."""
    m = _CODE_HEAD.match(value)
    return re.sub(r"[.\s]", "", m.group(1)).lower() if m else None


def hosted(question: str, mention: str) -> bool:
    """Whether the question places a side where the record happened, as a match is played at its home side ("how
    many goals did Manchester United score away at Manchester City": City's home match)."""
    return re.search(rf"(?i)\b(?:at|away to|visiting)\s+(?:the\s+)?{re.escape(mention)}", question) is not None


def in_named_order(question: str, first: str, second: str) -> bool:
    """Whether a record named by two sides, `first` then `second` (each as the question types it), is the one the
    question names: its first side is the one a question places it at (`hosted`), else the one it names first
    ("Arsenal v Leicester City": Arsenal's home match)."""
    if hosted(question, first) != hosted(question, second):
        return hosted(question, first)
    low = question.lower()
    return low.find(first.lower()) < low.find(second.lower())


# the most words a product's own name is typed with before "by" and its maker's name
_MADE_WORDS = 6


def made_by_prefixes(question: str, maker: str) -> list[tuple[str, ...]]:
    """Where the question types "<words> by <maker>" ("Zazen by Robert Piguet"), the word runs a name holding both
    would begin with: each run of up to `_MADE_WORDS` words before "by", then the maker's words ("zazen robert
    piguet", "is zazen robert piguet", ...), shortest first."""
    q = key_tokens(question)
    made = key_tokens(maker)
    out: list[tuple[str, ...]] = []
    for i in range(1, len(q) - len(made)):
        if q[i] == "by" and q[i + 1:i + 1 + len(made)] == made:
            out += [q[max(0, i - n):i] + made for n in range(1, min(_MADE_WORDS, i) + 1)]
    return out


def _typed_before_by(question: str, maker: str, words: int) -> str:
    """The mention "<words> by <maker>" as the question types it ("Zazen by Robert Piguet")."""
    at = question.lower().find(f" by {maker.lower()}")
    before = question[:at].split()[-words:] if at > 0 else []
    return " ".join([*before, "by", question[at + 4:at + 4 + len(maker)] if at > 0 else maker])


def select_made_by(question: str, candidates: Sequence[tuple[Node, float]], makers: Sequence[LinkedEntity]
                   ) -> list[LinkedEntity]:
    """Things named with their maker's name after their own, as a catalogue composes a product's title ("Zazen
    Robert Piguet for women and men") and people type it with "by" ("Zazen by Robert Piguet"): beside a maker
    linked whole, the one candidate whose name begins with the words typed before "by" and then the maker's name
    (method "maker"; the longest such run that one name begins with: "Nexa Immortal", not "Immortal", which
    begins no name).
    fragrantica-perfumes (spent) linked the brand alone for 8 of its 14 questions."""
    out: list[LinkedEntity] = []
    have = {le.node.id for le in makers}
    for maker in makers:
        prefixes = made_by_prefixes(question, maker.mention)
        if not prefixes:
            continue
        named = {node.id: (node, key_tokens(node.name)) for node, _ in candidates
                 if node.id not in have and len(key_tokens(node.name)) > len(key_tokens(maker.mention))}
        best: LinkedEntity | None = None
        for prefix in prefixes:
            hits = [node for node, words in named.values() if words[:len(prefix)] == prefix]
            if len(hits) == 1:
                own = len(prefix) - len(key_tokens(maker.mention))
                best = LinkedEntity(hits[0], "maker", 0.9, _typed_before_by(question, maker.mention, own))
        if best is not None:
            out.append(best)
            have.add(best.node.id)
    return out


# A court case as people type it, "<party> v. <party>" ("Belkin v. Kappos"): each party a run of capitalised words,
# with the small words of a name inside it ("University of Illinois Foundation")
_PARTY = r"[A-Z][\w'&.-]*(?:\s+(?:of|and|the|for|&|[A-Z][\w'&.-]*))*?"
_VERSUS = re.compile(rf"(?<![\w.-])({_PARTY})\s+vs?\.?\s+({_PARTY.replace('*?', '*')})")
_SENTENCE_WORDS = frozenset("is was were are did does do has have had can could should would will where what which "
                            "who whom whose when why how in on at the a an for of by to from with after before "
                            "since during".split())
_IN_RE = re.compile(rf"\b[Ii]n\s+re\s+({_PARTY.replace('*?', '*')})")
# ... and as a citation stores it: the parties on either side of the first " v. "; a matter "In re" after its party
# ("Abbott Diabetes Care Inc., In re, 696 F.3d 1142") or before it
_CITED_IN_RE = re.compile(r"(?i)(?:^|,\s*)in\s+re\b[\s,]*")
_CITED_VERSUS = re.compile(r"\s+vs?\.?\s+")


def case_parties(question: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...] | None]]:
    """The cases the question names as "<party> v. <party>": (what it typed, the first party's words, the
    second's); and as "In re <party>", a matter named by one party: (what it typed, the party's words, None)."""
    out: list[tuple[str, tuple[str, ...], tuple[str, ...] | None]] = []
    for m in _IN_RE.finditer(question):
        out.append((m.group(0).rstrip(" ,;:?!"), _party_words(m.group(1)), None))
    for m in _VERSUS.finditer(question):
        # (not the question's own first words, capitalised as a sentence begins: "Is Roe v. Wade ...")
        words = m.group(1).split()
        while len(words) > 1 and words[0].lower() in _SENTENCE_WORDS:
            words = words[1:]
        typed = question[m.start(1) + m.group(1).index(" ".join(words)):m.end()].rstrip(" ,;:?!")
        out.append((typed, _party_words(" ".join(words)), _party_words(m.group(2))))
    return out


def _party_words(party: str) -> tuple[str, ...]:
    return tuple(w for w in (w.strip(".,;:") for w in party.split()) if w)


def _party_word(typed: str, stored: str) -> bool:
    """Whether a party's word as typed is the one a citation stores, or its abbreviation ("Univ." for
    "University", "Techs." for "Technologies")."""
    t, s = typed.lower(), stored.lower().rstrip(",")
    if t == s.rstrip("."):
        return True
    if s.endswith(".") and len(s) >= 4:
        return t.startswith(s[:-1])
    return False


def _party_match(typed: tuple[str, ...], stored: str) -> int:
    """How many of a party's words as typed begin the party a citation stores, in order (0: not its first)."""
    words = stored.split()
    n = 0
    while n < min(len(typed), len(words)) and _party_word(typed[n], words[n]):
        n += 1
    return n


def select_cases(question: str, candidates: Sequence[tuple[Node, float]]) -> list[LinkedEntity]:
    """Cases named as people type them, "Belkin v. Kappos", for a citation stored whole ("Belkin Intl, Inc. v.
    Kappos, 696 F.3d 1379 (Fed. Cir. 2012)"): the candidate whose name has " v. " between parties that begin with
    the words typed on either side (or their abbreviations: "Univ." for "University"), the first word of each at
    least, most of them first; or for a matter typed "In re <party>", the one whose name says "In re" and begins
    with the party's words ("Abbott Diabetes Care Inc., In re, ..."). Of two that begin alike, neither. Method
    "case", inferred from the parties' words. uspto-patent-manual (spent) linked none of the four cases its
    questions name, and three nodes named "(V)" instead."""
    out: list[LinkedEntity] = []
    for typed, first, second in case_parties(question):
        scored: dict[str, tuple[int, Node]] = {}
        for node, _ in candidates:
            if second is None:  # "In re Abbott Diabetes Care": the matter's party first, or after "In re"
                named = _CITED_IN_RE.search(node.name)
                if named is None:
                    continue
                score = _party_match(first, node.name[named.end():] if named.start() == 0 else node.name)
            else:
                parts = _CITED_VERSUS.split(node.name, maxsplit=1)
                if len(parts) != 2:
                    continue
                one, two = _party_match(first, parts[0]), _party_match(second, parts[1])
                score = one + two if one and two else 0
            if score:
                scored[node.id] = (score, node)
        best = max((sc for sc, _ in scored.values()), default=0)
        top = [node for sc, node in scored.values() if sc == best]
        if len(top) == 1:
            out.append(LinkedEntity(top[0], "case", 0.9, typed))
    return out


def versus_word(question: str, mention: str) -> bool:
    """Whether `mention` is only the "v." of a case the question names ("Belkin v. Kappos"): no name."""
    return mention.strip(" .()").lower() in ("v", "vs") and bool(case_parties(question))


def _typed_words(question: str) -> list[str]:
    """The question's tokens as typed (brackets dropped; "&", ".", "-" and apostrophes kept inside a token)."""
    return re.findall(r"[\w'&.\-]+", question.replace("[", " ").replace("]", " "))


def candidate_spans(question: str) -> list[str]:
    """Word n-grams of the question (and bracketed spans), as typed and title-cased, for exact lookup."""
    spans: list[str] = re.findall(r"\[([^\[\]]{1,200})\]", question)
    # a title the question quotes is one span whatever it holds ("Error during DRAM download; processing vogdb"),
    # and so is a token joined by slashes ("results/plots/cars.html", "sunbeam-labs/sunbeam"), both of which the
    # word n-grams split
    spans += quoted_texts(question)
    for token in question.split():
        token = token.strip(".,;:!?'\"()")
        if "/" in token.strip("/"):
            spans.append(token)
            if token.lower().endswith("'s"):
                spans.append(token[:-2])
    words = _typed_words(question)
    for n in range(1, min(_MAX_SPAN, len(words)) + 1):
        for i in range(len(words) - n + 1):
            span = " ".join(words[i:i + n])
            spans.append(span)
            spans.append(span.strip(".,'"))
            if span.lower().endswith("'s"):  # "Della's" -> "Della": the possessive is not part of the name
                spans.append(span[:-2])
    out: list[str] = []
    for s in spans:
        # (... and in sentence case, as a term or a title is stored: "lấn biển" typed for the Concept "Lấn biển";
        # vietnam-land-law, spent, linked no concept it defines)
        for variant in (s, s.title(), s[:1].upper() + s[1:]):
            if variant and variant not in out:
                out.append(variant)
    return out


@dataclass(frozen=True)
class LinkedEntity:
    node: Node
    # bracket | exact | plural | short | number | initials | reordered | maker | case | key | value | code | between |
    # joins | held | described | year | named | partial | fulltext | vector
    method: str
    score: float
    mention: str
    # the property the question named it by, and its value, when no fact states it ("truck 1421412P": the key id of
    # a truck named by its serial number): retrieval states it, or the context would not say which truck is meant
    stated: tuple[str, str] | None = None


def number_units(text: str) -> list[tuple[int, int]]:
    """Token spans [start, end) of `key_tokens(text)` that one number written with inner punctuation covers
    ("1948-12-08" -> its three tokens, "18.0" -> two): a name may match such a number whole, never a part of it
    (an entity named "12" is not what "born on 1948-12-08" is about). So does a word made of one letter and a word
    joined by a hyphen ("E-road", "X-ray", "T-shirt"): its letter is no name (european-e-roads, spent, linked Spain's
    vehicle code "E" in "which E-road runs from Larne to Stranraer")."""
    folded = fold(text)
    spans = [m.span() for m in _WORD.finditer(folded) if _possessive(m.group())[0]]
    units = []
    for m in [*_COMPOUND_NUMBER.finditer(folded), *_LETTER_COMPOUND.finditer(folded)]:
        inside = [i for i, (a, b) in enumerate(spans) if a >= m.start() and b <= m.end()]
        if len(inside) > 1:
            units.append((inside[0], inside[-1] + 1))
    return units


def splits_a_number(start: int, end: int, units: Iterable[tuple[int, int]]) -> bool:
    """Whether question tokens [start, end) cover part of a number unit but not all of it."""
    return any(start < b and a < end and not (start <= a and b <= end) for a, b in units)


def _find(seq: tuple[str, ...], sub: tuple[str, ...], units: Iterable[tuple[int, int]] = ()) -> int:
    """The first position where `sub` occurs in `seq` without splitting a number unit, or -1."""
    for i in range(len(seq) - len(sub) + 1):
        if seq[i:i + len(sub)] == sub and not splits_a_number(i, i + len(sub), units):
            return i
    return -1


def _find_with_articles(seq: tuple[str, ...], sub: tuple[str, ...],
                        units: Iterable[tuple[int, int]] = ()) -> tuple[int, int] | None:
    """The span [start, end) where a name of two or more words occurs with articles between its words that it does
    not hold itself ("burglary from a vehicle"), or None."""
    if len(sub) < 2:
        return None
    for i in range(len(seq) - len(sub) + 1):
        j, k = i, 0
        while j < len(seq) and k < len(sub):
            if seq[j] == sub[k]:
                j, k = j + 1, k + 1
            elif k > 0 and seq[j] in ARTICLES:
                j += 1
            else:
                break
        if k == len(sub) and j - i > len(sub) and not splits_a_number(i, j, units):
            return i, j
    return None


# At most this many words of a name may follow its maker's name untyped ("for women and men")
_BY_REST = 4


def _find_by(seq: tuple[str, ...], sub: tuple[str, ...],
             units: Iterable[tuple[int, int]] = ()) -> tuple[int, int] | None:
    """The span [start, end) where a name that runs a thing's name into its maker's ("Zazen Robert Piguet for women
    and men") is typed with "by" between them ("Zazen by Robert Piguet"), its last few words (`_BY_REST`) untyped,
    or None."""
    if len(sub) < 2 or "by" in sub:
        return None
    for j, word in enumerate(seq):
        if word != "by":
            continue
        for a in range(1, min(j, len(sub) - 1) + 1):
            if seq[j - a:j] != sub[:a]:
                continue
            b = len(sub) - a
            while b > 0 and (len(sub) - a - b > _BY_REST or seq[j + 1:j + 1 + b] != sub[a:a + b]):
                b -= 1
            if b and not splits_a_number(j - a, j + 1 + b, units):
                return j - a, j + 1 + b
    return None


def _find_inflected(seq: tuple[str, ...], sub: tuple[str, ...], units: Iterable[tuple[int, int]] = ()) -> int:
    """Where a name of two or more words occurs with its last word in the other number (`same_word`), or -1."""
    n = len(sub)
    if n < 2:
        return -1
    for i in range(len(seq) - n + 1):
        if seq[i:i + n - 1] == sub[:-1] and seq[i + n - 1] != sub[-1] and same_word(seq[i + n - 1], sub[-1]) \
                and not splits_a_number(i, i + n, units):
            return i
    return -1


# Words people put between a kind and its number ("area number 12", "flight no. 815", "room # 101")
NUMBER_MARKERS = ("number", "no", "no.", "nr", "nr.", "num", "#")
# words that say a code between a fact's words and its value ("IATA code LHR", "ISBN id 0451")
CODE_MARKERS = ("code", "id", "identifier")


# The words after "which"/"what" read as the kind a question asks for, up to a verb or an article.
_ASKED_PHRASE = 5
_PHRASE_ENDS = frozenset("is are was were be been does did do has have had can could will would the a an of in on at "
                         "by for from to with".split()) | FOREIGN_ARTICLES | FOREIGN_FUNCTION_WORDS
# (other languages' articles and prepositions too: "em que equipa jogava o jogador da semana que veio de X" asks for a
# team, its player the record X names; nba-players-of-the-week, spent)


def asked_phrase(tokens: Sequence[str]) -> set[int]:
    """The positions of the phrase after "which"/"what" (`key_tokens`), up to its verb or the next article: the kind
    a question asks for ("which soil order do the Wassents belong to": "soil order")."""
    out: set[int] = set()
    for i, t in enumerate(tokens):
        if t not in ("which", "what"):
            continue
        for j in range(i + 1, min(len(tokens), i + 1 + _ASKED_PHRASE)):
            if tokens[j] in _PHRASE_ENDS:
                break
            out.add(j)
    return out


# The copulas between an interrogative and the kind it asks for ("what is the ingredient ...")
_COPULAS = frozenset("is are was were".split())


def kind_said(tokens: Sequence[str], kind: str) -> bool:
    """Whether a question (its `key_tokens`) says a kind (a label) by its words, each typed as the noun ("line",
    "lines"; "owns" says no Owner), and not as the kind it asks for ("which line runs between A and B": the
    record is the answer, not a thing the question names)."""
    words = key_tokens(key_text(kind))
    if not words or not all(any(same_word(t, w) for t in tokens) for w in words):
        return False
    for i, t in enumerate(tokens):
        if t not in ("which", "what"):
            continue
        # the phrase after the interrogative, up to its verb or the next article ("which Seattle Public Library
        # location has ...": a location asked), or after its copula and article ("what is the active ingredient
        # in Otezla": the ingredient asked, not one placed at Otezla; drug-brands, spent, took Apremilast as named
        # and left nothing to answer), not past them ("what is the tap position of the ICT at Korba (W)")
        at = i + 1
        if at < len(tokens) and tokens[at] in _COPULAS:
            at += 1 + (at + 1 < len(tokens) and tokens[at + 1] in ARTICLES)
        for w in tokens[at:at + _ASKED_PHRASE]:
            if w in _PHRASE_ENDS:
                break
            if same_word(w, words[-1]):
                return False
    # ... nor as what a Chinese question asks after it ("自治区政府驻地在哪里": where the seat is, not a seat named;
    # china-cities, spent: the seat asked was read as the question's own and never answered)
    for i, t in enumerate(tokens[:-1]):
        if same_word(t, words[-1]) and tokens[i + 1].startswith(_CJK_ASKS):
            return False
    return True


# The words a Chinese question asks with after the noun it asks about ("政府驻地在哪里", "车牌代码是什么")
_CJK_ASKS = ("在哪", "是什么", "是哪", "是多少", "有哪些", "有什么", "是谁", "叫什么", "为什么", "多少", "几")


# Words placing a thing at or in another ("the ICT at Korba"); not "of", "by" or "for", which relate it ("the
# manager of X", "the book by Y": a two-hop question's first hop, read as such; mutual-funds, spent, answered a
# fund's mean return when its manager was read as named)
_PLACING = frozenset("at in on".split())


def kind_placed(tokens: Sequence[str], kind: str, mention: Sequence[str]) -> bool:
    """Whether a question (its `key_tokens`) says a kind (`kind_said`) placed at an entity it names by `mention`
    (its tokens): the kind's last word in the singular, as the label says it, a placing word (at, in, on), an article
    at most, then the mention ("the ICT at Korba (W)")."""
    if not mention or not kind_said(tokens, kind):
        return False
    last = key_tokens(key_text(kind))[-1]
    n = len(mention)
    for i, t in enumerate(tokens[:-2]):
        # (the kind's word as the label says it, one thing: "the main languages in X's films" asks for several)
        if t != last or tokens[i + 1] not in _PLACING:
            continue
        at = i + 2 + (tokens[i + 2] in ARTICLES)
        if tuple(tokens[at:at + n]) == tuple(mention):
            return True
    return False


def named_by_label(le: LinkedEntity) -> bool:
    """A node linked by a name that is only its label ("Tension"), not by its key, values or sides."""
    return bool(le.node.type) and le.method not in ("key", "value", "between") \
        and normalise(le.node.name) == normalise(key_text(le.node.type or ""))


def _typed_after(words: list[str], low: list[str], phrase: list[str],
                 markers: Iterable[str] = ()) -> dict[str, str]:
    """{mention: token} for each place the question's `words` (`low`: lower-cased) say `phrase` (lower-case words)
    and then one more token, its trailing punctuation dropped: "delivery van 7731201Q" -> "7731201Q"; a word saying
    a number between them is skipped ("area number 12" -> "12"), as is one of `markers` (the key's own words:
    "racket model 87" for a Racket keyed by modelID)."""
    n = len(phrase)
    skip = set(NUMBER_MARKERS) | set(markers)
    out: dict[str, str] = {}
    for i in range(len(words) - n):
        if low[i:i + n] != phrase:
            continue
        j = i + n + 1 if low[i + n] in skip and i + n + 1 < len(words) else i + n
        out[" ".join(words[i:j + 1])] = words[j].strip(".,'?!")
    return out


# (start, end) token span in the question, the mention, the entity, its score, method, stored name in lower case
_Found = tuple[int, int, str, Node, float, str, bool]

# The legal forms that end a company's registered name and that people leave out when they name it ("FedEx" for
# "FEDEX CORP", "Atlassian" for "ATLASSIAN CORP PLC"), as key_tokens gives them ("L.L.C." -> l l c).
LEGAL_FORMS: tuple[tuple[str, ...], ...] = tuple(tuple(f.split()) for f in (
    "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "l l c", "lp", "l p",
    "llp", "l l p", "plc", "gmbh", "ag", "sa", "s a", "nv", "n v", "bv", "se", "pty", "spa", "s p a", "srl", "oyj",
    "ab", "asa", "kk"))


_REGNAL = re.compile(r"(?=[ivxl]{2,})m{0,1}(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})")


def short_forms(tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A name without the legal forms that end it, one at a time ("atlassian corp plc" -> "atlassian corp",
    "atlassian"); none for a name that is nothing else, or whose rest would be one letter. A person's name likewise
    without the letters after it and the style before it, where two words or more stay ("the rt hon mike penning mp"
    -> "the rt hon mike penning", "mike penning"; "mrs carolyn harris" -> "carolyn harris"): people name an MP by
    name, a register stores her with her honorifics (uk-party-donations, spent). Never down to one word ("mrs
    harris" -> "harris" is a part of a name, tier 2's to find)."""
    out: list[tuple[str, ...]] = []
    rest = tokens
    while True:
        form = next((f for f in LEGAL_FORMS if len(rest) > len(f) and rest[-len(f):] == f), None)
        if form is None and len(rest) > 2 and rest[-1] in POST_NOMINALS:
            form = rest[-1:]
        if form is None:
            break
        rest = rest[:-len(form)]
        if len("".join(rest)) < 2 or " ".join(rest) in _STOP:
            break
        out.append(rest)
    # a ruler's name without the regnal number after the given name, where three words or more stay ("Queen
    # Elizabeth II, Elizabeth Alexandra Mary Windsor" for "Elizabeth_II Alexandra Mary Windsor"; royal92, spent)
    if len(tokens) >= 4 and _REGNAL.fullmatch(tokens[1]) and tokens[:1] + tokens[2:] not in out:
        out.append(tokens[:1] + tokens[2:])
    # a person's name without its middle initials ("roger j stone jr" -> "roger stone jr"), and without the
    # generation after it ("roger stone"): people say Roger Stone, a register stores "ROGER J. STONE, JR."
    # (trumpworld, spent: linked nothing of him); select_whole prefers, on the same words, a name that holds no
    # generation (Donald Trump is DONALD J. TRUMP, not DONALD TRUMP JR.)
    gen = tokens[-1:] if len(tokens) > 2 and tokens[-1] in GENERATION else ()
    person = tokens[:len(tokens) - len(gen)]
    if len(person) >= 3 and len(person[0]) > 1 and len(person[-1]) > 1 and person[0].isalpha() \
            and person[-1].isalpha() and all(len(t) == 1 and t.isalpha() for t in person[1:-1]):
        for form in ((person[0], person[-1], *gen), (person[0], person[-1])):
            if form != tokens and form not in out:
                out.append(form)
    if gen and person not in out and len(person) >= 2 and all(len(t) > 1 for t in person):
        out.append(person)
    for form in [tokens, *out]:
        at = 0
        while at < len(form) - 2 and (form[at] in ARTICLES or form[at] in TITLES or (
                form[at] == "right" and form[at + 1] in ("honourable", "hon"))):
            at += 1
        if at and any(t in TITLES for t in form[:at]) and form[at:] not in out:
            out.append(form[at:])
    return out


def abbreviated_forms(surface: str) -> list[tuple[str, ...]]:
    """The abbreviation a name declares in brackets at its end, and the name without it ("China National Offshore
    Oil Corporation (CNOOC)" -> "cnooc", "china national offshore oil corporation"; `declared_abbreviation`), as
    key tokens: a register writes both, people type one (nigeria-oil-contracts, spent: "CNOOC" linked nothing); or
    declared inside it, with the name with it in its place and without it (`inner_abbreviation`: "UU Nomor 36
    Tahun 1999 ..." for "Undang-undang (UU) Nomor 36 Tahun 1999 ...")."""
    declared = declared_forms(surface)
    forms = [] if declared is None else [f for f in map(key_tokens, declared) if f]
    # ... and a long title by its designation, its number and year ("UU Nomor 1 Tahun 2024": `designations`)
    forms += [f for short in designations(surface) if (f := key_tokens(short)) and f not in forms]
    # ... and a name typed without the qualifier in brackets that ends it (`qualified_rest`: "Who played Cheon
    # Song-yi in My Love from the Star" for the title "My Love from the Star (Korean: 별에서 온 그대)"; k-dramas,
    # spent: the title's words read as its relations', LOVES answered)
    rest = qualified_rest(surface)
    if rest is not None and key_tokens(rest):
        forms.append(key_tokens(rest))
    # ... or with that qualifier said first, as an adjective (`qualifier_first`: "the selectorized sled" for "Sled
    # (selectorized)")
    first = qualifier_first(surface)
    if first is not None and key_tokens(first):
        forms.append(key_tokens(first))
    return forms


# A relationship that gives its end as its start's name: in English words ("HAS_NAME", "ALIAS", "KNOWN_AS") or in
# Chinese (中文名 its Chinese name, 别名 an alias, 简称 its short name)
_NAMING_WORDS = re.compile(r"(?:has |have )?(?:name|named|called|alias|aliases|known as|also known as)")
_NAMING_CJK = frozenset({"中文名", "外文名", "英文名", "别名", "曾用名", "简称", "全称", "别称", "名称", "又名", "原名",
                         "本名", "学名", "俗名"})


def naming_relation(rel_type: str) -> bool:
    """Whether a relationship type gives its end as its start's name (`_NAMING_WORDS`, `_NAMING_CJK`)."""
    return rel_type.strip() in _NAMING_CJK or _NAMING_WORDS.fullmatch(key_text(rel_type).strip().lower()) is not None


def select_mentions(question: str, candidates: Sequence[tuple[Node, float]]) -> list[LinkedEntity]:
    """Keep candidates whose whole name or alias occurs as words in the question (case, diacritics and
    possessives folded); longest first, non-overlapping. Bracketed spans (MetaQA style) win outright."""
    return select_whole(question, candidates)[0]


def _capitalised(question: str) -> frozenset[str]:
    """The words a question types capitalised where a sentence does not ask for a capital (not its first word, not
    after a full stop, not in a question typed in Title Case: some word in lower case), as typed."""
    words = list(re.finditer(r"[^\W\d_]+", question))
    if not any(w.group().islower() for w in words):
        return frozenset()
    return frozenset(w.group() for i, w in enumerate(words) if i > 0 and w.group()[:1].isupper()
                     and w.group()[1:].islower() and not re.search(r"[.!?:]\s*$", question[:w.start()]))


# a name, a comma, then a year with at most a word before it (a Hebrew calendar's year, "תשכ""ה–1965"; "Act No. 5 of")
_WITHOUT_YEAR = re.compile(r"^(.+?),\s*(?:[^\s,]+\s*[-–—]?\s*)?\d{4}\s*$")


def select_whole(question: str, candidates: Sequence[tuple[Node, float]], schema_stems: frozenset[str] = frozenset()
                  ) -> tuple[list[LinkedEntity], set[int]]:
    """select_mentions, plus the question-token positions the chosen mentions cover. `schema_stems`: the stems of
    the mapping's labels, relationship types and keys (`schema_stems`), words a question asks with."""
    brackets = {key_tokens(b) for b in re.findall(r"\[([^\[\]]+)\]", question)}
    q = key_tokens(question.replace("[", " ").replace("]", " "))
    units = number_units(question.replace("[", " ").replace("]", " "))
    found: list[_Found] = []
    capitalised = _capitalised(question)
    for node, score in candidates:
        for surface in (node.name, *node.aliases):
            s = key_tokens(surface)
            joined = " ".join(s)
            if not s or (joined in _STOP and s not in brackets):
                continue
            start = _find(q, s, units)
            if start >= 0:
                method = "bracket" if s in brackets else "exact"
                found.append((start, start + len(s), joined, node, score, method, surface.islower()))
                continue
            # a name of two or more words said with an article inside ("burglary from a vehicle" for "BURGLARY
            # FROM VEHICLE"): an article names nothing, so the name is as typed
            span = _find_with_articles(q, s, units)
            if span is not None:
                found.append((span[0], span[1], joined, node, score, "exact", surface.islower()))
                continue
            # a thing's name run into its maker's, typed with "by" between them ("Zazen by Robert Piguet" for
            # "Zazen Robert Piguet for women and men"; fragrantica-perfumes, spent, linked none): inferred ("short")
            span = _find_by(q, s, units)
            if span is not None:
                found.append((span[0], span[1], " ".join(q[span[0]:span[1]]), node, score, "short",
                              surface.islower()))
                continue
            # a name of two or more words whose last word the question inflects ("the Liberal Democrats" for the
            # party stored as "Liberal Democrat"): inferred, said as such ("plural")
            start = _find_inflected(q, s, units)
            if start >= 0:
                found.append((start, start + len(s), " ".join(q[start:start + len(s)]), node, score, "plural",
                              surface.islower()))
                continue
            # a company named without its legal form, a person without her honorifics: inferred, said as such
            # ("short")
            # (the longest form the question types: "Album Go Live" is "Go Live (album)" with its qualifier said
            # first, more than the name without it, which another entity's whole name "Go Live" ties; kpop-network,
            # spent, linked the namesake)
            shorts = short_forms(s) + abbreviated_forms(surface)
            # ... or a name ending in its year after a comma ("Companies Act, 2013", "חוק הירושה, תשכ"ה–1965") without
            # it, as laws and treaties are cited (israel-laws, spent: no law was linked by its title)
            dated = _WITHOUT_YEAR.match(surface)
            if dated is not None and len(key_tokens(dated.group(1))) >= 2:
                shorts.append(key_tokens(dated.group(1)))
            # ... or a place named "<kind> of <name>" ("City of Baguio", "Province of Cebu") by its name, where the
            # question says the kind elsewhere ("the city class of Baguio"; philippine-psgc, spent, linked only the
            # barangays called Baguio and answered a barangay's town's class); not the kind a "which" asks for
            if len(s) >= 3 and s[1] == "of" and s[0] not in _STOP and " ".join(s[2:]) not in _STOP and any(
                    w == s[0] and (i == 0 or q[i - 1] not in ("which", "what")) for i, w in enumerate(q)):
                shorts.append(s[2:])
            # ... or by the one word before its qualifier, typed as a name is (`qualified_word`, `_capitalised`)
            word = qualified_word(surface)
            if word is not None and word in capitalised:
                shorts.append(key_tokens(word))
            forms = [(start, short) for short in shorts if (start := _find(q, short, units)) >= 0]
            if forms:
                start, short = max(forms, key=lambda form: len(form[1]))
                found.append((start, start + len(short), " ".join(short), node, score, "short", surface.islower()))
    if not found:
        return [], set()
    # several names found without their other words on the same words are told apart by those other words the
    # question says (`most_said`)
    q_set = set(q)
    by_span: dict[tuple[int, int], list[_Found]] = {}
    for f in found:
        if f[5] == "short":
            by_span.setdefault((f[0], f[1]), []).append(f)
    for alike in by_span.values():
        if len({f[3].id for f in alike}) < 2:
            continue
        kept = most_said({id(f): f[3].name for f in alike}, alike[0][2].split(), q_set)
        dropped = {id(f) for f in alike} - kept
        found = [f for f in found if id(f) not in dropped]
    if any(f[5] == "bracket" for f in found):
        found = [f for f in found if f[5] == "bracket"]
    else:
        found = _without_keywords(question, q, found, schema_stems)
    # a name found as typed outranks another entity's name found inflected or without its legal form on the same
    # words, where both are of a kind: a graph that holds a donor "Open Britain" and a recipient "Open Britain Ltd"
    # (two registers' spellings of one company) is asked about either by "Open Britain" (uk-party-donations, spent)
    whole_kinds: dict[tuple[int, int], set[str | None]] = {}
    for f in found:
        if f[5] in ("exact", "bracket"):
            whole_kinds.setdefault((f[0], f[1]), set()).add(f[3].type)
    found = [f for f in found if f[5] in ("exact", "bracket") or (f[0], f[1]) not in whole_kinds
             or (f[3].type is not None and f[3].type not in whole_kinds[(f[0], f[1])])]
    # two people found without a part of their names on the same words: the one whose name holds no generation is
    # meant where the question types none ("Donald Trump": DONALD J. TRUMP, not DONALD TRUMP JR.)
    def generation(f: _Found) -> bool:
        return key_tokens(f[3].name)[-1:] in [(g,) for g in GENERATION]

    plain_spans = {(f[0], f[1]) for f in found if f[5] == "short" and not generation(f)}
    found = [f for f in found if not (f[5] == "short" and (f[0], f[1]) in plain_spans and generation(f)
                                      and f[2].split()[-1] not in GENERATION)]
    # longest first by the words that name something: a leading article names nothing, so "the Joseph Rowntree
    # Reform Trust Ltd" is the stored "Joseph Rowntree Reform Trust Ltd", not "The Joseph Rowntree Reform Trust"
    # with "ltd" left over (uk-party-donations, spent)
    found.sort(key=lambda f: (-(f[1] - f[0] - (q[f[0]] in ARTICLES)), -len(f[2]), f[0], f[3].id))
    taken: list[tuple[int, int]] = []
    chosen: list[LinkedEntity] = []
    for start, end, mention, node, score, method, _ in found:
        same_span = any(a == start and b == end for a, b in taken)
        overlaps = any(start < b and a < end for a, b in taken)
        if overlaps and not same_span:
            continue
        if not same_span:
            taken.append((start, end))
        if all(c.node.id != node.id for c in chosen):
            chosen.append(LinkedEntity(node, method, float(score), mention))
    # a one-word name many entities hold (every "Elizabeth" of a genealogy that stores a first name alone), said
    # where an entity named in the question bears it too ("Queen Elizabeth II, Elizabeth Alexandra Mary Windsor"),
    # is that entity's, not each of theirs (royal92, spent: 30 Elizabeths beside the queen)
    held: dict[str, list[LinkedEntity]] = {}
    for c in chosen:
        held.setdefault(c.mention, []).append(c)
    for mention, group in held.items():
        if len(group) > MAX_PARTIAL and len(mention.split()) == 1 and any(
                c.mention != mention and mention in key_tokens(c.node.name) for c in chosen):
            chosen = [c for c in chosen if c.mention != mention]
    covered = {i for a, b in taken for i in range(a, b)}
    return sorted(chosen, key=lambda c: (c.mention, c.node.id)), covered


# Words that may come between a name and the year it holds, as people type an edition ("the Australian Open in 2003")
_BEFORE_YEAR = frozenset({"in", "of", "for", "from", "at", "during"})


# A value longer than this many words is a text, not what a question types to tell namesakes apart
_TELLING_WORDS = 6


def namesakes_told_apart(question: str, mention: str, held: Mapping[str, Sequence[str]]) -> set[str]:
    """Of the nodes one mention linked that share its name (`held`: each one's fact values), the ones the rest of
    the question tells apart: those holding the most values the question types outside the mention ("Scotiabank
    Chile's Arica branch": five banks called SCOTIABANK CHILE, one a BRANCH in ARICA; swift-codes, spent, read
    another branch's code). A value of the name's own words, of function words only or of over `_TELLING_WORDS`
    words tells nothing. Every id when no value is typed, or when the values typed tie them all."""
    q, m = key_tokens(question), key_tokens(mention)
    at = _find(q, m) if m else -1
    sides = [q[:at], q[at + len(m):]] if at >= 0 else [q]
    silent = set(m) | _STOP | _FUNCTION
    said: dict[str, int] = {}
    for node_id, values in held.items():
        hits = set()
        for value in values:
            words = key_tokens(value)
            if not words or len(words) > _TELLING_WORDS or set(words) <= silent or len("".join(words)) < 3:
                continue
            if any(_find(side, words) >= 0 for side in sides):
                hits.add(words)
        said[node_id] = len(hits)
    best = max(said.values(), default=0)
    kept = {node_id for node_id, n in said.items() if n == best}
    return set(held) if best == 0 else kept


def _year_apart(q: tuple[str, ...], used: list[int]) -> bool:
    """Whether a name's words, said in order, are apart only where its year is: a name composed of a title and a
    year ("Australian Open 2003") typed with a preposition before the year ("the Australian Open in 2003")."""
    gaps = [(a, b) for a, b in zip(used, used[1:], strict=False) if b > a + 1]
    return bool(gaps) and all(q[b].isdigit() and len(q[b]) == 4 and all(q[i] in _BEFORE_YEAR for i in range(a + 1, b))
                              for a, b in gaps)


def select_reordered(question: str, candidates: Sequence[tuple[Node, float]], covered: Iterable[int] = (),
                     linked: Iterable[str] = ()) -> list[LinkedEntity]:
    """Names of two or more words that the question says in another order ("steamed oysters" for "Oysters:
    Steamed", "a pint bottle of White Rock Water" for "White Rock Water (pint bottle)"), or in order with a
    preposition before the year they hold ("the Australian Open in 2003"): every word of the name's
    core (`name_core`) is a distinct question word outside `covered`, within a window of the name's length plus
    two, and the name is not `linked` already. Inferred, said as such ("reordered"); a name no run of words gives
    whole, so it never competes with one that does."""
    q = key_tokens(question.replace("[", " ").replace("]", " "))
    taken = set(covered)
    free = [i for i in range(len(q)) if i not in taken and q[i] not in _STOP]
    done = set(linked)
    out: dict[str, LinkedEntity] = {}
    for node, _ in candidates:
        if node.id in done or node.id in out:
            continue
        for surface in (node.name, *node.aliases):
            core = [w for w in name_core(surface) if w not in _STOP]
            if "," in surface and len(surface.split(",")[0].split()) == 1:
                # a person's name stored surname first ("Foley, William P", "Cohen, Peter A Mr", as FEC filings and
                # library catalogues write them) is typed given name first, without its middle initials, titles
                # or suffixes ("William Foley"; georgia-fec-2022, spent, linked other Williams and Foleys)
                core = [w for w in core if len(w) > 1 and w not in TITLES and w not in GENERATION
                        and w not in POST_NOMINALS]
            if len(core) < 2:
                continue
            used: list[int] = []
            for word in core:
                at = next((i for i in free if i not in used and same_word(q[i], word)), None)
                if at is None:
                    break
                used.append(at)
            if len(used) == len(core) and max(used) - min(used) < len(core) + 2 and (
                    used != sorted(used) or _year_apart(q, used)):
                out[node.id] = LinkedEntity(node, "reordered", 0.9, " ".join(q[i] for i in sorted(used)))
                break
    return sorted(out.values(), key=lambda c: (c.mention, c.node.id))


def _names_something(tokens: tuple[str, ...], asks: frozenset[str]) -> bool:
    """Whether a stored value's words name something in particular: a word of three letters or more that is neither
    a function word nor a word the mapping asks with (a value "dataset" in a graph whose label is dataset says the
    kind, "13" or "2a" alone is a number any record may hold)."""
    words = [w for w in tokens if len(w) >= 3 and not w.isdigit() and w not in _STOP and w not in _FUNCTION]
    return bool(words) and not all(content_stems(w) <= asks for w in words)


# A value in capitals of this many letters at most may be the initials of the words it stands for ("F" a final, "QF"
# a quarter-final, as a draw's rounds are stored).
_INITIALS_LETTERS = 3
# Words that say a number's place in a series ("the fourth set"), read as that number.
ORDINAL_NUMBERS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                   "eighth": 8, "ninth": 9, "tenth": 10}
# The words of a key that numbers a thing's place in a series (a set's `number`, a chapter's `index`)
ORDER_KEY_WORDS = frozenset({"number", "num", "nr", "no", "order", "index", "idx", "position", "pos", "seq",
                             "sequence"})


def _ordinal(word: str) -> int | None:
    if word in ORDINAL_NUMBERS:
        return ORDINAL_NUMBERS[word]
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", word)
    return int(m[1]) if m else None


def _initials_at(q: tuple[str, ...], value: str, seen: set[int], asks: frozenset[str],
                 names: AbstractSet[str] = frozenset()) -> int | None:
    """Where a run of the question's words begins whose initials a value in capitals is ("F": "final"; "QF": "quarter
    final"): words of four letters or more, no function word, no ordinal (a place in a series, "the fourth set"), no
    word the mapping asks with, none already linked; one letter stands for no word typed as a name (`names`: "P", a
    country's note, is no "Paris")."""
    if not re.fullmatch(rf"[A-Z]{{1,{_INITIALS_LETTERS}}}", value):
        return None
    n = len(value)
    for i in range(len(q) - n + 1):
        run = q[i:i + n]
        if all(len(w) >= 4 and w.isalpha() and w not in _STOP and w not in _FUNCTION and w not in ORDINAL_NUMBERS
               and not content_stems(w) <= asks and w[0] == c and not (n == 1 and w in names)
               for w, c in zip(run, value.lower(), strict=True)) and not seen & set(range(i, i + n)):
            return i
    return None


def select_held(question: str, records: Sequence[tuple[str, Sequence[tuple[str, str]]]], said: Iterable[str] = (),
                asks: frozenset[str] = frozenset(), sorting: Iterable[str] = (),
                via: Mapping[str, Iterable[str]] | None = None) -> list[tuple[str, str]]:
    """Records the question names by text values they hold, each given with its text facts as (property, value)
    (`records`: the records next to an entity the question names): a value is held where its words occur whole in
    the question outside the words of the mentions already linked (`said`), as an address is typed ("die Ladesäule
    am Brooweg 48 in Kaltenkirchen": the street and the house number of one station of the town linked; any order,
    any preposition between). The records holding the most such values win, if one of their values names something:
    words that say more than a number or the mapping's kinds (`_names_something`: a house number alone names no
    station), of a property not in `sorting`, whose values sort records into a few kinds rather than name them (a
    committee's type "Senate" is no committee's name). More than MAX_VALUE_RECORDS of them: the values name none in
    particular, nothing. (record id, mention) of each, by id.

    A kind names a record where one record alone of those next to an entity holds it (`via`: the entities each
    record was found next to): the final of a tournament is its one match of round "F", typed as the initials of
    the words it stands for ("the 2009 Australian Open final"); the fourth set of a match its one set numbered 4
    ("the fourth set": an ordinal and the word after it)."""
    q = key_tokens(question.replace("[", " ").replace("]", " "))
    units = number_units(question.replace("[", " ").replace("]", " "))
    kinds = set(sorting)
    seen: set[int] = set()
    for mention in said:
        m = key_tokens(mention)
        start = _find(q, m, units) if m else -1
        seen |= set(range(start, start + len(m))) if start >= 0 else set()
    # the kind a "which"/"what" asks for names no record it holds: it is what is asked of the one named ("which soil
    # order do the Wassents belong to": not the one neighbour of Wassents whose level is "order"; soil-taxonomy,
    # spent, linked the order and dropped Wassents)
    seen |= asked_phrase(q)
    # the words typed capitalised past the first: names, which no one-letter code abbreviates
    typed_names = {w.lower() for w in re.findall(r"(?<=\s)[A-Z][a-z]+", question)}
    # how many records next to each entity hold each value: one alone, and the value names it there
    beside: dict[tuple[str, str, str], int] = {}
    for record, values in records:
        for prop, value in dict.fromkeys(values):
            for seed in (via or {}).get(record, ()):
                beside[(seed, prop, value)] = beside.get((seed, prop, value), 0) + 1

    def alone(record: str, prop: str, value: str) -> bool:
        return any(beside.get((seed, prop, value)) == 1 for seed in (via or {}).get(record, ()))

    held: dict[str, tuple[int, str]] = {}
    for record, values in records:
        spans: list[tuple[int, int, bool]] = []
        for prop, value in dict.fromkeys(values):
            v = key_tokens(value)
            at = next((i for i in range(len(q) - len(v) + 1) if v and q[i:i + len(v)] == v
                       and not seen & set(range(i, i + len(v))) and not splits_a_number(i, i + len(v), units)), None)
            if at is not None:
                spans.append((at, at + len(v), _names_something(v, asks)
                              and (prop not in kinds or alone(record, prop, value))))
                continue
            at = _initials_at(q, value, seen, asks, typed_names)
            if at is not None:
                spans.append((at, at + len(value), alone(record, prop, value)))
                continue
            if value.isdigit() and set(key_words(prop)) & ORDER_KEY_WORDS:
                at = next((i for i in range(len(q) - 1) if _ordinal(q[i]) == int(value) and i not in seen), None)
                if at is not None:
                    spans.append((at, at + 2, alone(record, prop, value)))
        taken: list[tuple[int, int, bool]] = []
        for a, b, named in sorted(spans, key=lambda s: (s[0] - s[1], -s[2], s[0])):  # longest first, apart
            if not any(a < y and x < b for x, y, _ in taken):
                taken.append((a, b, named))
        if any(named for _, _, named in taken):
            mention = " ".join(" ".join(q[a:b]) for a, b, _ in sorted(taken))
            held[record] = (len(taken), mention)
    best = max((n for n, _ in held.values()), default=0)
    chosen = sorted((record, mention) for record, (n, mention) in held.items() if n == best)
    return chosen if len(chosen) <= MAX_VALUE_RECORDS else []


# A name typed for a record is looked up in runs of this many question words at most.
_MAX_RECORD_TEXT_WORDS = 8
_TYPED_WORD = re.compile(r"[^\W_]+(?:['’.&-][^\W_]+)*")


def record_text_spans(question: str, said: Iterable[str] = (),
                      asks: frozenset[str] = frozenset()) -> dict[str, tuple[int, int]]:
    """The runs of question words that could be a text a record holds as its name (`Linker._records_by_text`):
    folded text -> (first word, one past the last), each run holding a word typed with a capital past the question's
    first word (a place or a title: "the Vellayani lake study site"; not "which protected sites", a kind typed in
    lower case), none of the words of the mentions already linked (`said`), not only words the mapping asks with."""
    words = [(m.start(), m.end(), m.group(0)) for m in _TYPED_WORD.finditer(question)]
    low = [fold(w) for _, _, w in words]
    seen: set[int] = set()
    for mention in said:
        m = [fold(w) for w in _TYPED_WORD.findall(mention)]
        for i in range(len(low) - len(m) + 1):
            if m and low[i:i + len(m)] == m:
                seen |= set(range(i, i + len(m)))
    out: dict[str, tuple[int, int]] = {}
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + _MAX_RECORD_TEXT_WORDS) + 1):
            if seen & set(range(i, j)):
                break
            if not any(k > 0 and words[k][2][:1].isupper() for k in range(i, j)):
                continue
            surface = question[words[i][0]:words[j - 1][1]]
            stems = content_stems(surface)
            if not stems or all(w in asks or stem(w) in asks for w in stems):
                continue
            for text in (fold(surface), " ".join(low[i:j]), surface.lower()):
                out.setdefault(text, (i, j))
                # (an ampersand typed as "and", or the other way: "the DPMU deployment and operations support
                # contract" is the one whose purpose is "DPMU Deployment & Operations Support";
                # nyc-checkbook-payments, spent, linked two budget codes by "operations" and "support")
                for said_as, held_as in ((" and ", " & "), (" & ", " and ")):
                    if said_as in text:
                        out.setdefault(text.replace(said_as, held_as), (i, j))
    return out


def select_record_texts(spans: dict[str, tuple[int, int]],
                        hits: Sequence[tuple[str, Sequence[str]]]) -> list[tuple[str, str]]:
    """(record id, mention) of the records a question names by a text they hold: `hits` are the records whose text
    facts equal one of the question's runs (`record_text_spans`), each with those values. The longest runs first,
    apart: a run more than MAX_VALUE_RECORDS records hold names none of them in particular ("Berlin", where fifty
    studies were made), and no shorter run inside it is read either (what was typed is the longer)."""
    by_run: dict[tuple[int, int], set[str]] = {}
    text_of: dict[tuple[int, int], str] = {}
    for record, values in hits:
        for value in values:
            run = spans.get(fold(value).strip()) or spans.get(value.strip().lower())
            if run is not None:
                by_run.setdefault(run, set()).add(record)
                text_of.setdefault(run, value.strip())
    taken: list[tuple[int, int]] = []
    out: dict[str, str] = {}
    for run in sorted(by_run, key=lambda r: (r[0] - r[1], r[0])):
        if any(run[0] < b and a < run[1] for a, b in taken):
            continue
        taken.append(run)
        if len(by_run[run]) <= MAX_VALUE_RECORDS:
            for record in by_run[run]:
                out.setdefault(record, text_of[run])
    return sorted(out.items())


def schema_stems(schema: Any) -> frozenset[str]:
    """The stems of a general mapping's labels, relationship types and fact keys: the words a question asks with
    ("what level", "the kanji that means"); empty for a preset's mapping, whose one label and type say nothing."""
    if not schema.general:
        return frozenset()
    names = [m.label for m in schema.entity_mappings()] + [r.type for r in schema.relationships]
    names += [k for m in schema.entity_mappings() for k in m.facts]
    return frozenset(st for n in names for st in content_stems(key_text(n)))


_DETERMINERS = ARTICLES | {"his", "her", "its", "their", "my", "your", "our", "this", "that", "these", "those"}
# French words no English question types: where two are said, "a" is the verb avoir, no article ("a-t-il été emprunté",
# "a été publié": the book "Été" is not named; paris-library-loans, spent)
# (folded as key_tokens reads the question: "été" is "ete")
_FRENCH_ONLY = frozenset("combien quel quelle quels quelles qui chez est sont ete les des du une dans sur avec pour "
                         "par il elle ils elles ce cette".split())


def _french(q: tuple[str, ...]) -> bool:
    """Whether a question's key tokens say two words only French says (`_FRENCH_ONLY`)."""
    return len(set(q) & _FRENCH_ONLY) >= 2


def _without_keywords(question: str, q: tuple[str, ...], found: list[_Found],
                      schema: frozenset[str] = frozenset()) -> list[_Found]:
    """Drop keyword matches when the question also names something specific.

    A keyword match is one lowercase word of the question matching an entity whose stored name is that lowercase
    word: a tag or role label ("director", "actors", "language"), not a name. "who is the director of Out to Sea"
    is about Out to Sea; linking "director" as well made every film tagged "director" part of the 2-hop context
    and of the explanation (unbracketed MetaQA dev, 600 questions: 0.47 extra seeds per question, 0.10 after:
    titles stored capitalised, "Fall", "Together", stay names; topic entity linked in all 600 either way). A
    specific match is any other: several words, a number, a word written with a capital in the question or in
    the graph, or a word after its own kind's ("which leaf character has the state canaliculate": a State named
    canaliculate, though "leaf" names an Organ). With no specific match, keywords stay ("films about ghost"); so
    does a keyword of a specific match's type ("the link between obesity and heart failure": two diseases, stored
    in lower case)."""
    # key_tokens without the case folding: the question's words as typed, position for position
    cased = _tokens(strip_marks(question.replace("[", " ").replace("]", " ")))
    if len(cased) != len(q):
        return found  # tokenisations disagree (unusual Unicode): no position can be trusted, keep every match

    def kind_said(f: _Found) -> bool:
        # the word before it is its own kind's ("the state canaliculate", "the genre comedy"): the question names
        # it by kind and name, as people name a thing, not a tag it happens to say
        kind = key_tokens(key_text(f[3].type or ""))
        return f[0] > 0 and any(same_word(q[f[0] - 1], w) for w in kind)

    def keyword(f: _Found) -> bool:
        start, end, stored_lower = f[0], f[1], f[6]
        # islower: letters, all lower case ("1997" is not a keyword: a year is specific)
        return end - start == 1 and cased[start].islower() and stored_lower and not kind_said(f)

    # a function word names nothing ("that", "you")
    found = [f for f in found if not (keyword(f) and q[f[0]] in _FUNCTION)]
    # a word of the mapping's labels, types or keys typed in lower case beside another match asks with it, whether
    # a node of that name is stored in lower case ("what level is the kanji that means cat": Level, HAS_LEVEL,
    # HAS_MEANING; cat is linked) or not ("the alignment of X": the label Alignment); alone, it is what is named
    kind_words = [f for f in found if f[1] - f[0] == 1 and cased[f[0]].islower() and content_stems(q[f[0]]) & schema]
    if kind_words and len(kind_words) < len(found):
        found = [f for f in found if f not in kind_words]
    # a one-word name stored with a capital but typed in lower case, where the question writes another name with
    # capitals (past its first word), is a word of the question: "who made the song that Old Town Road samples"
    # names no song "Made"; after an article, a possessive or a name it is a thing named ("what did the rabbit eat
    # in Out to Sea": Rabbit; "who bought Della's hair": Hair)
    capitalised = any(f[0] > 0 and any(w[:1].isupper() for w in cased[f[0]:f[1]]) for f in found)
    if capitalised:
        ends = {g[1] for g in found}
        determiners = _DETERMINERS - {"a"} if _french(q) else _DETERMINERS
        found = [f for f in found if not (f[1] - f[0] == 1 and cased[f[0]].islower() and not f[6] and (
            f[0] == 0 or (q[f[0] - 1] not in determiners and f[0] not in ends)))]
        # (... and a pronoun names nothing, after an article or not: "the one Sutekh appears in" is a story, no
        # planet "One"; doctor-who, spent)
        found = [f for f in found if not (f[1] - f[0] == 1 and cased[f[0]].islower() and not f[6]
                                          and q[f[0]] in _PRONOUNS)]
        # ... and names stored with capitals that the question types in lower case one right after the other are
        # one phrase of its own, a compound noun, not names in a row: "how much did Children of a Lesser God earn
        # at the box office" names no film "The Box" and no film "Office" (tmdb-films, spent: their revenue 0.0
        # answered)
        lowered = [f for f in found if not f[6] and all(not c[:1].isalpha() or c.islower() for c in cased[f[0]:f[1]])]
        starts = {f[0] for f in lowered}
        ends = {f[1] for f in lowered}
        in_a_row = {f for f in lowered if f[1] in starts or f[0] in ends}
        if in_a_row:
            found = [f for f in found if f not in in_a_row]
    if all(keyword(f) for f in found):
        return found
    # a keyword of the same type as a specific match is a peer of it, not a tag: a graph that stores its names in
    # lower case ("obesity" beside "heart failure", both diseases)
    specific = {f[3].type for f in found if not keyword(f) and f[3].type}
    return [f for f in found if not keyword(f) or f[3].type in specific]


# What an adjective of a place adds to the place's name ("Panama" -> "Panamanian", "China" -> "Chinese", "Peru" ->
# "Peruvian", "Mexico" -> "Mexican", "Italy" -> "Italian", "Kenya" -> "Kenyan", "Japan" -> "Japanese")
_DEMONYM_ENDINGS = ("nian", "vian", "ian", "ean", "ese", "ish", "an", "n", "i")


# ... and adjectives no ending makes from their place's name ("What French recipe is there?": France; recipe-book,
# spent, linked nothing)
_IRREGULAR_DEMONYMS = {
    "French": ("France",), "Dutch": ("Netherlands", "The Netherlands", "Holland"), "Swiss": ("Switzerland",),
    "Greek": ("Greece",), "British": ("United Kingdom", "Great Britain", "Britain"), "English": ("England",),
    "Welsh": ("Wales",), "Scottish": ("Scotland",), "Scots": ("Scotland",), "Irish": ("Ireland",),
    "Danish": ("Denmark",), "Swedish": ("Sweden",), "Finnish": ("Finland",), "Polish": ("Poland",),
    "Turkish": ("Turkey", "Türkiye"), "Spanish": ("Spain",), "Thai": ("Thailand",), "Filipino": ("Philippines",),
    "Norwegian": ("Norway",), "Belgian": ("Belgium",), "Icelandic": ("Iceland",), "Czech": ("Czechia",
    "Czech Republic"), "Portuguese": ("Portugal",), "Lebanese": ("Lebanon",), "Cypriot": ("Cyprus",),
    "Malagasy": ("Madagascar",), "Emirati": ("United Arab Emirates",), "Basque": ("Basque Country",),
}


def demonym_places(word: str) -> list[str]:
    """The place names an adjective of a place written with a capital may be made from ("Panamanian": "Panama";
    "Colombian": "Colombia"; "Chinese": "China"; an irregular one by `_IRREGULAR_DEMONYMS`: "French": "France"),
    longest first; none for a word in lower case or of under six letters unless irregular (a place name is looked up
    only as its adjective: "the Panamanian coffee" names Panama; coffee-beans, spent)."""
    if word in _IRREGULAR_DEMONYMS:
        return sorted(_IRREGULAR_DEMONYMS[word], key=lambda f: (-len(f), f))
    if len(word) < 6 or not word[:1].isupper() or not word[1:].islower() or not word.isalpha():
        return []
    out: list[str] = []
    for ending in _DEMONYM_ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < 4:
            continue
        base = word[:-len(ending)]
        for form in (base, base + "a", base + "o", base + "y", base + "e"):
            if form not in out and form != word:
                out.append(form)
        shortened = base[:-1] + ("a" if base[-1] != "a" else "")
        if base[-1] in "aeiouy" and len(base) > 4 and shortened not in out:
            out.append(shortened)
    return sorted(out, key=lambda f: (-len(f), f))


def select_demonyms(question: str, candidates: Sequence[tuple[Node, float]], covered: Iterable[int] = ()
                    ) -> list[LinkedEntity]:
    """Places the question names by their adjective, outside `covered` ("What share of the Panamanian coffee's
    taste is winey?": Panama): one candidate whose whole name is a form `demonym_places` makes of the word, the
    longest form first. Inferred, said as such ("demonym")."""
    words = _tokens(strip_marks(question.replace("[", " ").replace("]", " ")))
    # (positions as key_tokens counts them; where the two tokenisations disagree none can be trusted)
    covered = set(covered) if len(words) == len(key_tokens(question.replace("[", " ").replace("]", " "))) else set()
    by_name: dict[str, list[Node]] = {}
    for node, _ in candidates:
        by_name.setdefault(node.name, []).append(node)
    out: list[LinkedEntity] = []
    for i, w in enumerate(words):
        if i in covered:
            continue
        for form in demonym_places(w[:-2] if w.endswith("'s") else w):
            if len(by_name.get(form, [])) == 1:
                out.append(LinkedEntity(by_name[form][0], "demonym", 0.9, w))
                break
    return out


def lowered_names(question: str, nodes: Iterable[Node], covered: set[int],
                  asks: frozenset[str] = frozenset(), stored_lower: bool = False) -> list[tuple[Node, str]]:
    """One-word names stored with a capital that the question types in lower case outside the `covered` positions
    (its whole-name mentions), each with the word as typed: what `_without_keywords` sets aside beside a name
    written with capitals ("who made the song that Old Town Road samples" names no song "Made"). A function word,
    a stopword or a word the mapping asks with (`asks`) is never one. Whether such a word names its entity is
    decided by what the named entity is tied to (`Linker._lowered_beside`; the reader reads it off its facts).
    `stored_lower`: the one-word names stored in lower case instead, which `_without_keywords` sets aside as tags
    beside a name ("how much walnut do I need for the Brownie": the Product "walnut")."""
    q = key_tokens(question.replace("[", " ").replace("]", " "))
    cased = _tokens(strip_marks(question.replace("[", " ").replace("]", " ")))
    if len(cased) != len(q):
        return []
    # (in a French question its own function words are none either: "a-t-il été emprunté" names no book "Été";
    # paris-library-loans, spent, answered another book's loans)
    function = _FUNCTION | _FRENCH_ONLY if _french(q) else _FUNCTION
    out: list[tuple[Node, str]] = []
    for node in nodes:
        s = key_tokens(node.name)
        if len(s) != 1 or node.name.islower() != stored_lower or s[0] in function or s[0] in _STOP \
                or content_stems(s[0]) & asks:
            continue
        at = [i for i, t in enumerate(q) if t == s[0] and i not in covered and cased[i].islower()]
        if at:
            out.append((node, cased[at[0]]))
    return out


def name_core(surface: str) -> tuple[str, ...]:
    """The part of a name a person may shorten it to: without leading articles and honorific titles ("Mr.
    McGregor" -> "mcgregor"), and for a possessive name only what is possessed ("Mr. McGregor's Garden" ->
    "garden"): "peter" must never link "Peter's Father", who is someone else."""
    words = _marked_words(fold(surface))  # as key_tokens reads the question
    for i, (_, marked) in enumerate(words[:-1]):
        if marked:
            words = words[i + 1:]
            break
    tokens = [w for w, _ in words if w]
    while len(tokens) > 1 and (tokens[0] in ARTICLES or tokens[0] in TITLES):
        tokens = tokens[1:]
    return tuple(tokens)


def _same_run(run: tuple[str, ...], part: tuple[str, ...]) -> bool:
    return len(run) == len(part) and all(same_word(a, b) for a, b in zip(run, part, strict=True))


def part_coverage(run: tuple[str, ...], surface: str) -> float:
    """How much of a name a run of question words covers when it is the name's beginning or end (0 if not):
    "the chain" covers 1/3 of "Platinum Fob Chain", "sofronie" 1/1 of "Madame Sofronie" (titles dropped).
    A lone descriptive or number word ("old", "five") is never enough: it qualifies the name's head."""
    core = name_core(surface)
    k = len(run)
    if not core or k > len(core):
        return 0.0
    if k == 1 and len(core) > 1 and (run[0] in DESCRIPTIVE or run[0] in NUMBER_WORDS or run[0].isdigit()):
        return 0.0
    if _same_run(run, core[:k]) or _same_run(run, core[-k:]):
        return k / len(core)
    return 0.0


def select_parts(question: str, candidates: Sequence[tuple[Node, float]], covered: Iterable[int] = (),
                 saturated: Iterable[str] = (), kinds: Iterable[str] = ()) -> list[LinkedEntity]:
    """Tier 2: runs of the question's words outside `covered` (positions of whole-name mentions) that begin or
    end a candidate's name. Per run the candidates it covers most of are kept, unless there are more than
    MAX_PARTIAL of them; longer runs first, non-overlapping. A one-word run whose full-text query was cut at
    its limit (`saturated`) fits too many entities to tell, and is skipped; so is one that names a kind of
    entity (`kinds`, the graph's entity types and fact keys: "which product costs 18.0" asks about a Product, not
    "Dairy Products")."""
    q = key_tokens(question.replace("[", " ").replace("]", " "))
    units = number_units(question.replace("[", " ").replace("]", " "))
    full, covered = set(saturated), set(covered)
    kind_words = {w for k in kinds for w in key_tokens(key_text(k))}
    # the word right after an interrogative ("which", "hvilken", "welche": `english_interrogatives`) is the kind
    # asked where more than MAX_PARTIAL names hold it as a word: "hvilken bedrift trenger dekormalere" asks for a
    # company (bedrift), it names no "KS BEDRIFT" among EFFEKTIV BEDRIFT AS and RENAS BEDRIFT AS (nav-job-ads,
    # spent); "which Lennon song" still names John Lennon
    asked = key_tokens(english_interrogatives(question.replace("[", " ").replace("]", " ")))
    after_wh = {i + 1 for i, t in enumerate(asked) if t in ("which", "what")} if len(asked) == len(q) else set()
    # a one-letter word says nothing; a one-digit number does ("GPO_7", "Place nr 7")
    content = [i not in covered and t not in _STOP and t not in TITLES and (len(t) > 1 or t.isdigit())
               for i, t in enumerate(q)]
    # (a Vietnamese question's function words name nothing, "là" no "Shangri La", and its general words alone no part
    # of a name: kpop-network, spent, linked nine entities for "Công ty nào quản lý nhóm nhạc mà Key là thành viên")
    generic: frozenset[str] = frozenset()
    if reads_vietnamese(question):
        function, generic = generic_syllables(key_tokens)
        content = [c and t not in function for c, t in zip(content, q, strict=True)]
    runs: list[tuple[int, int]] = []
    for start in range(len(q)):
        if not content[start]:
            continue
        for end in range(start + 1, min(len(q), start + _MAX_PART) + 1):
            if any(i in covered for i in range(start, end)):
                break
            if content[end - 1]:
                runs.append((start, end))
    chosen: dict[str, LinkedEntity] = {}
    taken: list[tuple[int, int]] = []
    for start, end in sorted(runs, key=lambda r: (-(r[1] - r[0]), r[0])):
        if any(start < b and a < end for a, b in taken):
            continue
        run = q[start:end]
        if generic and all(t in generic for t in run):
            continue
        # (a kind's word with a preposition of another language is that word alone: "el campus de Montegancedo"
        # names no "Campus de Móstoles"; madrid-metro-campuses, spent, read three campuses in it)
        core = [t for t in run if t not in FOREIGN_FUNCTION_WORDS] or run
        if (len(run) == 1 and run[0] in full) or (len(core) == 1 and any(same_word(core[0], k) for k in kind_words)) \
                or splits_a_number(start, end, units):
            continue
        if len(run) == 1 and start in after_wh and sum(
                1 for node, _ in candidates if run[0] in key_tokens(node.name)) > MAX_PARTIAL:
            continue
        best: dict[str, tuple[float, Node]] = {}
        for node, _ in candidates:
            # (a name composed with the season it is an edition of is covered by its title as people call it:
            # "WAT" is the whole of "WAT 1949-1950" as a team is called, more than of a player "wat misaka";
            # nba-six-dribbles, spent, linked the player)
            called = (node.called,) if node.called and node.called != node.name else ()
            cov = max(part_coverage(run, s) for s in (node.name, *node.aliases, *called))
            if cov > 0 and cov >= best.get(node.id, (0.0, node))[0]:
                best[node.id] = (cov, node)
        if not best:
            continue
        top = max(c for c, _ in best.values())
        winners = sorted((n for c, n in best.values() if c == top), key=lambda n: n.id)
        # a run that a name chosen by a longer run also ends (or begins) is that name's other part, said with it
        # ("the Temple of Heaven in Beijing": the beginning and end of "Temple of Heaven: an Imperial Sacrificial
        # Altar in Beijing"), no mention of every other name that ends so ("Summer Palace, an Imperial Garden in
        # Beijing"; china-world-heritage, spent: the reader answered a Beijing palace's construction time), however
        # much of that name the run covers (a shorter name it ends covers more of it)
        if any(node.id in chosen for _, node in best.values()):
            taken.append((start, end))
            continue
        if len(winners) > MAX_PARTIAL:
            continue
        taken.append((start, end))
        for node in winners:
            chosen.setdefault(node.id, LinkedEntity(node, "partial", top, " ".join(run)))
    return sorted(chosen.values(), key=lambda c: (c.mention, c.node.id))


def uncovered_words(question: str, covered: set[int]) -> list[str]:
    """The question's content words outside whole-name mentions: one full-text query each for tier 2."""
    q = key_tokens(question.replace("[", " ").replace("]", " "))
    words = [t for i, t in enumerate(q) if i not in covered and t not in _STOP and t not in TITLES
             and (len(t) > 1 or t.isdigit())]
    return list(dict.fromkeys(words))


def only_inside(question: str, mention: str, outer: Sequence[str]) -> bool:
    """Whether every place `question` types `mention` (in any case) lies inside a longer text of `outer` it types
    there too; False where the mention is not found as typed (nothing is known of where it was said)."""
    low = question.lower()
    said = mention.lower().strip()
    spans = [(m.start(), m.start() + len(o)) for o in outer if len(o.strip()) > len(said)
             for m in re.finditer(re.escape(o.lower().strip()), low)]
    places = [m.start() for m in re.finditer(re.escape(said), low)] if said else []
    return bool(places) and bool(spans) and all(
        any(a <= p and p + len(said) <= b for a, b in spans) for p in places)


def _plain(amount: float) -> str:
    """An amount as a property stored as text holds it: "6000000", "19864873.13" (no separators, no sign)."""
    return str(int(amount)) if amount.is_integer() else str(amount)


def _typed_key(value: object, amounts: dict[float, str], dates: dict[Any, str],
               written: dict[str, str] | None = None) -> object:
    """Which typed value a stored value matched: the amount (a number), the date (a temporal value, or its text),
    a numeric day's text as typed (stored in one of its spellings)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if float(value) in amounts else None
    if isinstance(value, str):
        for a, text in amounts.items():
            if value in (text, _plain(a)):
                return a
        for d, text in dates.items():
            if value == text:
                return d
        return (written or {}).get(value)
    to_date = getattr(value, "to_native", None)
    native = to_date() if callable(to_date) else value
    day = native.date() if hasattr(native, "date") and callable(native.date) else native
    return day if day in dates else None


def quoted_pieces(quote: str) -> list[str]:
    """The pieces of a quoted passage, lower case, apostrophes straight, split where it leaves words out ("...",
    "…"); pieces of fewer than two words are no evidence and are dropped."""
    pieces = [" ".join(p.split()) for p in re.split(r"\.\.\.|\u2026", _apostrophes(quote).lower())]
    return [p for p in pieces if len(p.split()) >= 2]


def _apostrophes(text: str) -> str:
    """`text` with curly apostrophes written straight (as the passages' query compares them)."""
    return text.replace("\u2019", "'").replace("\u2018", "'")


def _straight(text: str) -> str:
    """`text` with curly double quotes written straight."""
    return text.replace("\u201c", '"').replace("\u201d", '"')


def node_from_map(row: dict[str, Any]) -> Node:
    """A node from a {{NODEMAP}} map row (linking and alias queries)."""
    return Node(
        id=str(row["id"]),
        name=str(row["name"]),
        type=row.get("type"),
        aliases=tuple(row.get("aliases") or ()),
        description=row.get("description"),
    )


class Linker:
    """Question -> linked entities, through the store's named queries (run inside the caller's transaction).

    Candidates come from xgrag's full-text index (`xgrag migrate` creates it), or, where xgrag may not create one
    (a read-only mapping) or a general mapping's database has none, from the process's in-memory name index
    (xgrag.retrieval.name_index). `source` says which, and what the memory index cost."""

    def __init__(self, store: Neo4jStore, settings: RetrievalSettings, embedder: Embedder | None = None) -> None:
        self.store = store
        self.settings = settings
        self.embedder = embedder
        self._memory: NameIndex | None = None
        self._use_memory: bool | None = None  # decided once per linker
        self._naming: list[str] | None = None  # the database's naming relationship types, read once (_naming_types)
        self._monthly: dict[str, list[str]] = {}  # label -> its properties that hold a monthly series (read once)

    def _names(self, check: bool = False) -> NameIndex | None:
        """The in-memory name index when linking must use one. `check` (once per link) re-validates it against
        the graph, so a linker kept across a reload never links through the old graph's ids."""
        if self._use_memory is None:
            schema = self.store.schema
            self._use_memory = schema.read_only or (schema.general and not self._fulltext_exists())
            check = True
        if self._use_memory and (check or self._memory is None):
            self._memory = shared_index(self.store, key_tokens)
        return self._memory

    def _fulltext_exists(self) -> bool:
        rows = self.store.query("SHOW FULLTEXT INDEXES YIELD name WHERE name = $name RETURN count(*) AS n",
                                {"name": self.store.schema.fulltext_index})
        return bool(rows and rows[0]["n"])

    @property
    def source(self) -> dict[str, object]:
        """How candidates are found: the full-text index (by name) or the memory index (with its cost)."""
        names = self._names()
        return names.cost() if names is not None else {"method": "fulltext", "index": self.store.schema.fulltext_index}

    def _exact(self, names: list[str], excluded: list[str]) -> list[tuple[Node, str]]:
        memory = self._names()
        if memory is not None:
            return memory.exact(names, set(excluded))
        if self.store.schema.general:
            # a composed name ("Nancy Davolio") has no range index to look up: its words through the full-text one
            out = self._keyed(names, excluded)
            for name in names:
                for node, _ in self._search(list(key_tokens(name)), self.settings.link_limit * 5, excluded):
                    if name in (node.name, *node.aliases) and (node, name) not in out:
                        out.append((node, name))
            return out
        return [(node_from_map(row["node"]), str(row["candidate"]))
                for row in self.store.read("link_exact", names=names, excluded_node_ids=excluded)]

    def _keyed(self, names: list[str], excluded: list[str]) -> list[tuple[Node, str]]:
        """Nameless entities named by their label and key ("Order 10248"): the full-text index holds name properties
        only, so "<Label> <key>" spans are looked up by the key instead (a number as typed, or as text)."""
        out: list[tuple[Node, str]] = []
        for m in self.store.schema.entity_mappings():
            if m.name or not m.key:
                continue
            # the label as typed in any case ("order 10248"), the key as typed
            spans = (n.partition(" ") for n in names)
            values = {key for label, _, key in spans if label.lower() == m.label.lower() and key.strip()}
            if not values:
                continue
            wanted: list[object] = [*sorted(values)]
            wanted += [int(v) for v in sorted(values) if re.fullmatch(r"-?\d{1,18}", v)]
            # identifiers from the validated mapping; the values are parameters
            rows = self.store.query(f"MATCH (n:{quote(m.label)}) WHERE n.{quote(m.key)} IN $values "
                                    "RETURN elementId(n) AS id LIMIT $limit",
                                    {"values": wanted, "limit": self.settings.link_limit * 5})
            ids = [str(r["id"]) for r in rows]
            if ids:
                named = {f"{m.label} {v}" for v in values}
                for row in self.store.read("nodes_by_id", ids=ids, excluded_node_ids=excluded):
                    node = node_from_map(row["node"])
                    if node.name in named:
                        out.append((node, node.name))
        return out

    def _keyed_by(self, label: str, key: str, values: Sequence[object], limit: int) -> dict[str, str]:
        """element id -> key as text, of the `label` nodes whose `key` is one of `values` (at most `limit`)."""
        # identifiers from the validated mapping; the values are parameters
        rows = self.store.query(f"MATCH (n:{quote(label)}) WHERE n.{quote(key)} IN $values "
                                f"RETURN elementId(n) AS id, toString(n.{quote(key)}) AS key LIMIT $limit",
                                {"values": list(values), "limit": limit})
        return {str(r["id"]): str(r["key"]) for r in rows}

    def _by_label_and_key(self, question: str, linked: Sequence[LinkedEntity],
                          excluded: list[str]) -> list[LinkedEntity]:
        """Named entities the question names by their kind and key, as people name things ("truck 1421412P",
        "route r1", "invoice 1004"), when the name is another property (a truck named by its serial number): the
        label's words as typed in any case, then one token, looked up as the key's value (text, or a number). So
        are records without a name ("sales order 0500000000" for a SalesOrder named "SalesOrder 0500000000": the
        name index holds the label as one word, the question types it as two)."""
        words = _typed_words(question)
        low = [w.lower() for w in words]
        have = {le.node.id for le in linked}
        out: list[LinkedEntity] = []
        for m in self.store.schema.entity_mappings():
            if not m.key:
                continue
            # (the key's words but an identifier's: "model" of modelID)
            typed = _typed_after(words, low, key_text(m.label).split(),
                                 [w for w in key_text(m.key).split() if w not in ("id", "identifier", "key")])
            values = sorted({v for v in typed.values() if v})
            if not values:
                continue
            wanted: list[object] = [*values, *[int(v) for v in values if re.fullmatch(r"-?\d{1,18}", v)]]
            keys = self._keyed_by(m.label, m.key, wanted, self.settings.link_limit * 5)
            if not keys:
                continue
            for row in self.store.read("nodes_by_id", ids=sorted(keys), excluded_node_ids=excluded):
                node = node_from_map(row["node"])
                if node.id in have:
                    continue
                # a key stored as a float (12.0) equals the typed 12 in Cypher but not as text
                mention = next((t for t, v in typed.items() if v == keys[node.id] or v == keys[node.id].strip()),
                               next(iter(typed)))
                out.append(LinkedEntity(node, "key", 1.0, mention, stated=(m.key, keys[node.id])))
                have.add(node.id)
        return out

    def _by_code(self, question: str, excluded: list[str],
                 linked: Sequence[LinkedEntity] = ()) -> list[LinkedEntity]:
        """A code typed alone ("which drug has the KEGG code D01211?": letters and digits, 4 or more characters; or,
        where nothing else was linked, 3 or more capitals, "JPN") that is the key of exactly one node of the mapped
        labels names it (method "code"; a key lookup per label, index-backed where the key is constrained). Beside
        entities `linked` already, only a code of capitals and digits outside their mentions ("the z-score of
        ATP11B when U937 cells were treated with lovastatin": lincs-lymphoma, spent, linked the drug and the cell
        line, not the gene). A code two nodes share names neither, and one typed after a kind's words ("dock
        7731201Q") is that kind's (`_by_label_and_key`), never another's."""
        said = " ".join(normalise(le.mention) for le in linked)
        words = _typed_words(question)
        low = [w.lower() for w in words]
        kinds = [key_text(m.label).split() for m in self.store.schema.entity_mappings()]
        codes: set[str] = set()
        for i, w in enumerate(words):
            c = w.strip(".,;:!?'\"()-")
            # (a possessive is no part of the code: "SCYL3's expression"; lincs-lymphoma, spent, linked no gene)
            c = re.sub(r"['\u2019]s$", "", c)
            # letters and digits, or three or more capitals ("JPN": a country's code, as ISO writes it)
            lettered = len(c) >= 4 and re.search(r"\d", c) is not None and re.search(r"[^\W\d_]", c) is not None
            if not lettered and not re.fullmatch(r"[A-Z]{3,}", c):
                continue
            if linked and (not lettered or c != c.upper() or normalise(c) in said.split()):
                continue
            if any(i >= len(k) and low[i - len(k):i] == k for k in kinds):
                continue
            codes.add(c)
        if not codes:
            return []
        found: dict[str, list[tuple[str, str]]] = {}  # code -> (element id, key)
        for m in self.store.schema.entity_mappings():
            if not m.key:
                continue
            for node_id, code in self._keyed_by(m.label, m.key, sorted(codes), len(codes) * 2).items():
                found.setdefault(code, []).append((node_id, m.key))
        ones = {hits[0][0]: (code, hits[0][1]) for code, hits in sorted(found.items()) if len(hits) == 1}
        if not ones:
            return []
        out: list[LinkedEntity] = []
        for row in self.store.read("nodes_by_id", ids=sorted(ones), excluded_node_ids=excluded):
            node = node_from_map(row["node"])
            code, key = ones[node.id]
            out.append(LinkedEntity(node, "code", 1.0, code, stated=(key, code)))
        return out

    def _made_by(self, question: str, whole: Sequence[LinkedEntity], candidates: dict[str, tuple[Node, float]],
                 excluded: list[str]) -> list[LinkedEntity]:
        """`select_made_by` among the word search's candidates and the names holding the words typed before "by"
        and the maker's (a word search of its own: a maker of hundreds of products crowds the question's search)."""
        makers = [le for le in whole if made_by_prefixes(question, le.mention)]
        if not makers:
            return []
        pool = dict(candidates)
        for maker in makers:
            for prefix in made_by_prefixes(question, maker.mention)[-1:]:
                for node, score in self._search(list(prefix), self.settings.link_limit * 5, excluded):
                    pool.setdefault(node.id, (node, score))
        return select_made_by(question, list(pool.values()), makers)

    def _cases(self, question: str, candidates: dict[str, tuple[Node, float]], whole: Sequence[LinkedEntity],
               excluded: list[str]) -> list[LinkedEntity]:
        """`select_cases` among the word search's candidates and those of a search for the parties' first words."""
        pool = dict(candidates)
        for _, first, second in case_parties(question):
            for node, score in self._search([first[0], *(second[:1] if second else ())], self.settings.link_limit * 5,
                                            excluded):
                pool.setdefault(node.id, (node, score))
        have = {le.node.id for le in whole}
        return [le for le in select_cases(question, list(pool.values())) if le.node.id not in have]

    def _by_cited_code(self, question: str, linked: Sequence[LinkedEntity],
                       excluded: list[str]) -> list[LinkedEntity]:
        """A code cited as people write it, an abbreviation with its dots and a number ("H.R. 2146", "S. 1177",
        "H.J.Res. 107"), that is the key of exactly one node stored without the dots, in either case, or with a
        qualifier after a separator ("hr2146-114": the bill of the 114th Congress). Looked up by prefix (an index
        seek where the key is constrained), then compared whole in Python (`cited_head`): "hr21460-114" is no
        H.R. 2146. legis-graph (spent) linked none of the six bills its questions cite."""
        cited = cited_codes(question)
        if not cited:
            return []
        spellings = sorted({s for code in cited for s in code_spellings(code)})
        prefixes = sorted({p for code in cited for p in code_prefixes(code)})
        found: dict[str, list[tuple[str, str, str]]] = {}  # compact code -> (element id, key, value)
        for m in self.store.schema.entity_mappings():
            if not m.key:
                continue
            # identifiers from the validated mapping; the values are parameters
            key = f"n.{quote(m.key)}"
            rows = self.store.query(f"MATCH (n:{quote(m.label)}) WHERE {key} IN $spellings "
                                    f"RETURN elementId(n) AS id, {key} AS key LIMIT $limit UNION "
                                    f"UNWIND $prefixes AS p MATCH (n:{quote(m.label)}) WHERE {key} STARTS WITH p "
                                    f"RETURN elementId(n) AS id, {key} AS key LIMIT $limit",
                                    {"spellings": spellings, "prefixes": prefixes, "limit": len(spellings) * 4})
            for r in rows:
                head = cited_head(str(r["key"]))
                if head in cited:
                    found.setdefault(head, []).append((str(r["id"]), m.key, str(r["key"])))
        ones = {hits[0][0]: (cited[code], hits[0][1], hits[0][2]) for code, hits in sorted(found.items())
                if len(hits) == 1}
        have = {le.node.id for le in linked}
        out: list[LinkedEntity] = []
        if ones:
            for row in self.store.read("nodes_by_id", ids=sorted(ones), excluded_node_ids=excluded):
                node = node_from_map(row["node"])
                if node.id not in have:
                    typed, key, value = ones[node.id]
                    out.append(LinkedEntity(node, "code", 1.0, typed, stated=(key, value)))
        return out

    def _by_record_number(self, question: str, linked: Sequence[LinkedEntity],
                          excluded: list[str]) -> list[LinkedEntity]:
        """A record named by its number with another word for its kind ("train 1533" for a Trip named "Trip 1533",
        "what kind of train is 12531"): a bare number of RECORD_NUMBER_DIGITS+ digits that no linked mention covers,
        not typed after a word that makes it a quantity, a year or a rank ("in 1999", "than 500", "the 1999
        season"), and that is the key of exactly one node among the labels named by their key (records; an entity
        with a name is not named by its id). A fact of that record typed just before the number is part of the
        mention ("IR 1533": its ShortName), and a link made from that word alone is dropped by the caller."""
        words = _typed_words(question)
        said = [normalise(le.mention) for le in linked]
        numbers = {n: i for n, i in record_numbers(question).items() if not any(n in s.split() for s in said)}
        if not numbers:
            return []
        wanted: list[object] = [*sorted(numbers), *[int(v) for v in sorted(numbers)]]
        found: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}  # number -> (element id, key, facts)
        for m in self.store.schema.entity_mappings():
            if not m.key or (m.name and list(m.name) != [m.key]):
                continue
            for node_id, key in self._keyed_by(m.label, m.key, wanted, len(wanted) * 2).items():
                found.setdefault(key.strip(), []).append((node_id, m.key, tuple(m.facts)))
        ones = {hits[0][0]: (number, hits[0][1], hits[0][2]) for number, hits in sorted(found.items())
                if len(hits) == 1 and number in numbers}
        if not ones:
            return []
        have = {le.node.id for le in linked}
        out: list[LinkedEntity] = []
        for row in self.store.read("nodes_by_id", ids=sorted(ones), excluded_node_ids=excluded):
            node = node_from_map(row["node"])
            if node.id in have:
                continue
            number, key, facts = ones[node.id]
            i = numbers[number]
            mention = number
            before = words[i - 1].strip(".,;:'\"()") if i > 0 else ""
            if before and facts and self.store.query(
                    # identifiers from the validated mapping's facts are parameters here (a dynamic lookup)
                    "MATCH (n) WHERE elementId(n) = $id "
                    "RETURN any(k IN $facts WHERE toLower(toString(n[k])) = $word) AS said",
                    {"id": node.id, "facts": list(facts), "word": before.lower()})[0]["said"]:
                mention = f"{before} {number}"
            out.append(LinkedEntity(node, "key", 1.0, mention, stated=(key, number)))
        return out

    def _by_fact_and_value(self, question: str, linked: Sequence[LinkedEntity],
                           excluded: list[str]) -> list[LinkedEntity]:
        """Records the question names by one of their facts and its value, as people name votes, flights and rooms
        ("division 386", "flight BA117", "room 101"): a fact property's words as typed in any case, or the label's
        words where its key holds no such value ("crash 20231157": a public id kept as a fact), then one token
        holding a digit, looked up as that property's value (text, or a number); at most MAX_VALUE_RECORDS
        records per phrase, or it names none of them in particular (labels of more than MAX_VALUE_SCAN nodes are
        not scanned: no index serves a fact property)."""
        words = _typed_words(question)
        low = [w.lower() for w in words]
        have = {le.node.id for le in linked}
        keyed = {le.mention for le in linked if le.method == "key"}
        out: list[LinkedEntity] = []
        for m in self.store.schema.entity_mappings():
            phrases: dict[str, dict[str, str]] = {}  # fact -> {mention: value}
            for fact in m.facts:
                # (a word saying a code may come between: "the IATA code LHR"; the value holds a digit, or is a code
                # in capitals as codes are typed)
                typed = {t: v for t, v in _typed_after(words, low, key_text(fact).split(), CODE_MARKERS).items()
                         if re.search(r"\d", v) or re.fullmatch(r"[A-Z]{2,}", v)}
                if typed:
                    phrases[fact] = typed
            # the label's words and a number its key does not hold ("crash 20231157", a crash keyed by an internal
            # id): the number is one of its facts' values, a public id the mapping keeps as a fact (crashID_orig)
            by_label = {t: v for t, v in _typed_after(words, low, key_text(m.label).split()).items()
                        if re.search(r"\d", v) and t not in keyed}
            if by_label:
                for fact in m.facts:
                    phrases.setdefault(fact, by_label)
            if not phrases:
                continue
            label = quote(m.label)
            if not self._scannable(label):
                continue
            for fact, typed in sorted(phrases.items()):
                values = sorted(set(typed.values()))
                # identifiers from the validated mapping; the values are parameters
                rows = self.store.query(f"MATCH (n:{label}) WHERE n.{quote(fact)} IN $values "
                                        f"RETURN elementId(n) AS id, toString(n.{quote(fact)}) AS value LIMIT $limit",
                                        {"values": typed_as_stored(values), "limit": MAX_VALUE_RECORDS + 1})
                found = {str(r["id"]): str(r["value"]) for r in rows}
                if not found or len(found) > MAX_VALUE_RECORDS:
                    continue
                for row in self.store.read("nodes_by_id", ids=sorted(found), excluded_node_ids=excluded):
                    node = node_from_map(row["node"])
                    if node.id in have:
                        continue
                    # a number stored as a float (386.0) equals the typed 386 in Cypher but not as text
                    mention = next((t for t, v in typed.items() if v == found[node.id].strip()), next(iter(typed)))
                    out.append(LinkedEntity(node, "value", 1.0, mention, stated=(fact, found[node.id])))
                    have.add(node.id)
        return out

    def _search(self, terms: list[str], limit: int, excluded: list[str]) -> list[tuple[Node, float]]:
        memory = self._names()
        if memory is not None:
            return memory.search(terms, limit, set(excluded))
        query = " OR ".join(_escape(t) for t in terms)
        rows = self.store.read("link_fulltext", index=self.store.schema.fulltext_index, query=query, limit=limit,
                               excluded_node_ids=excluded)
        return [(node_from_map(row["node"]), float(row["score"])) for row in rows]

    def _known_word(self, word: str) -> bool:
        """Whether `word` is a name's word (or words) in the graph: the name index's words, else a full-text
        search for it."""
        tokens = key_tokens(word)
        if not tokens:
            return False
        memory = self._names()
        if memory is not None:
            return all(t in memory.by_word for t in tokens)
        return any(set(tokens) <= set(key_tokens(node.name))
                   for node, _ in self._search([word.casefold()], 5, []))

    def _unspaced_names(self, question: str, excluded: list[str]) -> set[str]:
        """The names stored whole that runs of Chinese or Japanese letters in `question` hold (`unspaced_spans`),
        looked up at once by the memory index or the exact-name index. Not through the general mapping's full-text
        index: it would cost one search per span (hundreds), and its analyzer reads such letters one by one, so its
        word search already meets a name inside a run."""
        spans = unspaced_spans(question)
        if not spans or (self._names() is None and self.store.schema.general):
            return set()
        # (not a name typed as the noun a question word asks for, "哪座城市", `asked_after_which`)
        return {name for _, name in self._exact(spans, excluded) if not asked_after_which(question, name)}

    def link(self, question: str, excluded_node_ids: Iterable[str] = ()) -> list[LinkedEntity]:
        # a name with a Korean particle written onto it ("교황청에") is linked as the name
        question = detach_particles(question, self._known_word)
        # ... and a name with one of Hebrew's one-letter words written onto it ("בחוק ...") as the name
        question = detach_prefixes(question, self._known_word)
        excluded = sorted(set(excluded_node_ids))
        # ... and a name inside a run of Chinese or Japanese letters is set apart, as a word of its own
        question = set_apart(question, self._unspaced_names(question, excluded))
        # ... and a name typed as two or three words that the graph writes as one ("Krumme Lanke": "KrummeLanke") is
        # that word
        question = join_typed_names(question, self._known_word)
        cfg = self.settings
        candidates: dict[str, tuple[Node, float]] = {}
        # a general mapping's composed names have no exact index: with the full-text one, the word search below
        # finds them (the memory index answers exact names itself)
        if self._names(check=True) is not None or not self.store.schema.general:
            for node, _ in self._exact(candidate_spans(question), excluded):
                candidates[node.id] = (node, 1.0)
        else:
            for node, _ in self._keyed(candidate_spans(question), excluded):  # "Order 10248": no name to search
                candidates[node.id] = (node, 1.0)
        terms = question_terms(question)
        if terms:
            for node, score in self._search(terms, cfg.link_limit * 5, excluded):
                candidates.setdefault(node.id, (node, score))
        # (names whose words the question types only with other marks are other words, found because the index
        # folds marks: "chỉ số" (index) named the clam "Sò"; vietnam-nutrition, spent, answered its fat)
        candidates = {k: v for k, v in candidates.items() if not typed_otherwise(question, v[0].name)}
        # the words the mapping asks with (the stems of its labels, types and fact keys)
        asks = schema_stems(self.store.schema)
        whole, covered = select_whole(question, list(candidates.values()), asks)
        if re.search(r"\[[^\[\]]+\]", question) and any(le.method == "bracket" for le in whole):
            return whole  # MetaQA style: the bracketed entity is the topic entity, nothing else is
        # a product named with its maker's name after its own, typed "<name> by <maker>" ("Zazen by Robert Piguet")
        # (before the names typed in lower case beside them, which it may tie: "the leather accord in Gasolin by
        # Rammstein")
        if " by " in question and whole:
            whole += self._made_by(question, whole, candidates, excluded)
        if self.store.schema.general and whole:
            whole += self._lowered_beside(question, candidates, whole, covered, asks)
        # a case typed by its parties ("Belkin v. Kappos"), whose "v." names nothing
        if self.store.schema.general and case_parties(question):
            whole = [le for le in whole if not versus_word(question, le.mention)]
            whole += self._cases(question, candidates, whole, excluded)
        # a place named by its adjective ("the Panamanian coffee"): inferred, said as such ("demonym")
        forms = sorted({f for w in _tokens(strip_marks(question)) for f in demonym_places(w)}) \
            if self.store.schema.general else []
        if forms:
            # (of a label that is a place, or named by a place's key: an Origin's `country`)
            place_labels = {m.label for m in self.store.schema.entity_mappings()
                            if any(content_stems(key_text(k)) & PLACE_TYPES for k in (m.label, *m.name))}
            places = [(node, 0.9) for node, _ in self._exact(forms, excluded) if node.type in place_labels]
            named = {le.node.id for le in whole}
            whole += [le for le in select_demonyms(question, places, covered) if le.node.id not in named]
        # a number typed with or without its punctuation names the entity stored with the other (a phone number)
        memory = self._names()
        numbers = [] if memory is None else [
            LinkedEntity(node, "number", 1.0, typed) for node, typed in memory.numbers(question, set(excluded))
            if node.id not in {le.node.id for le in whole}]
        whole += numbers
        # a name of Chinese or Japanese letters typed in part (a notice's project, without its centre and its lot
        # number): the longest run it shares with the question outside the names said whole, inferred, said as
        # such ("partial"; NameIndex.cjk_parts)
        if memory is not None and CJK_LETTER.search(question):
            rest = question
            for le in sorted(whole, key=lambda le: -len(le.mention)):
                rest = rest.replace(le.mention, " ")
            named = {le.node.id for le in whole}
            whole += [LinkedEntity(node, "partial", 0.8, typed) for node, typed in memory.cjk_parts(rest, set(excluded))
                      if node.id not in named]
        # a word typed in capitals that abbreviates one entity's name ("the UK"): inferred, said as such
        # ("initials"); the memory index holds every name to read them off (the full-text index cannot list them)
        # (not a word the mapping asks with: "the IATA code" names the key iata, not Ingeniero Ambrosio Taravella
        # Airport)
        whole += [] if memory is None else [
            LinkedEntity(node, "initials", 0.9, typed) for node, typed in memory.initials(question, set(excluded))
            if node.id not in {le.node.id for le in whole} and not content_stems(typed) & asks]
        # a name said in another order ("steamed oysters": "Oysters: Steamed"), among the word search's candidates
        reordered = select_reordered(question, list(candidates.values()), covered, {le.node.id for le in whole})
        # ... also over the words of a shorter name linked whole, which it then replaces: "Victor Wembanyama" is
        # the athlete "WEMBANYAMA Victor", not the one named "VICTOR" (paris-2024-olympics, spent, answered his
        # height)
        for le in select_reordered(question, list(candidates.values()), (),
                                   {le.node.id for le in (*whole, *reordered)}):
            words = set(key_tokens(le.mention))
            inside = [w for w in whole if set(key_tokens(w.mention)) < words]
            if inside:
                whole = [w for w in whole if w not in inside]
                reordered.append(le)
        whole += reordered
        if self.store.schema.general:
            whole += self._by_label_and_key(question, whole, excluded)
            whole += self._by_cited_code(question, whole, excluded)
            whole += self._by_fact_and_value(question, whole, excluded)
            by_number = self._by_record_number(question, whole, excluded)
            # a word linked alone that is part of a record's number as typed ("IR" of "IR 1533", read as initials)
            # named that record, not an entity of its own
            joined = {normalise(le.mention) for le in by_number if " " in le.mention}
            whole = [le for le in whole if not any(normalise(le.mention) in j.split() for j in joined)] + by_number
            # (a quote that is an entity's whole name names that entity, not a record holding the same text: the
            # pull request "Update multiqc wrapper", not the commit whose message it is)
            named = {normalise(le.mention) for le in whole}
            by_value = [le for le in self._records_by_value(question, whole, excluded)
                        if normalise(le.mention) not in named]
            # a record whose fact is the whole text quoted is what the quote names, not an entity named by a part
            # of it ("the commit "Update installation.rst (#2116)"": not the pull request "Update installation.rst")
            quotes = {normalise(q) for q in quoted_texts(question)} & {normalise(le.mention) for le in by_value}
            whole = [le for le, said in ((le, normalise(le.mention)) for le in whole)
                     if not any(said != q and said in q for q in quotes)]
            # a word typed only inside a value that named a record is part of that value, no name of its own: the
            # year of "July 2022" that named the month's record is no Year 2022 (its every month would be read)
            whole = [le for le in whole if not only_inside(question, le.mention, [v.mention for v in by_value])]
            whole += by_value
            # a record next to an entity named, named by values it holds ("am Brooweg 48 in Kaltenkirchen"); the
            # entity it was found next to only said where it is: the question asks about the record, and that
            # entity's other neighbours (the town's other stations) are no part of the answer
            held, located = self._records_held(question, whole, asks, excluded)
            if held:
                whole = [le for le in whole if le.node.id not in located] + held
            # a record named by a text it holds, typed as a name is ("the Vellayani lake study site")
            whole += self._records_by_text(question, whole, asks, excluded)
            # ... or described by the words of one ("the tweet saying liberals made the eclipse a race issue")
            whole += self._records_described(question, whole, asks, excluded)
            named = {le.node.id for le in whole}
            whole += [le for le in self._by_code(question, excluded, whole) if le.node.id not in named]
        # A whole name is the strongest evidence of what a question is about; parts of names are a fallback.
        # Measured on unbracketed MetaQA (whole names always present): also linking parts of names in the
        # remaining words added 0.6-1.7 seeds per question ("release", "years" begin film titles) and took
        # the reader's 2-hop accuracy from 0.64 to 0.13, for no gain in seed recall (1.0 either way).
        # A whole name that is nothing but words the mapping asks with (the classification "Paintings" for "which
        # paintings by Caravaggio": a kind's word) is no evidence of what else the question names: the parts of
        # names are read in the other words too ("Caravaggio (Michelangelo Merisi)"; met-paintings, spent), and
        # where they name something the kind's word asks with it, as beside a whole name (`_without_keywords`).
        # Not on MetaQA, whose questions always hold a title or a name beside any such word.
        # (a word stemmed once more meets its label's stem where one pass stops short of it; "paintings", which this
        # was written for, meets "paint" in one pass since stem reads -ings)
        if whole and all((said := content_stems(le.mention)) and all(w in asks or stem(w) in asks for w in said)
                         for le in whole):
            named_ids = {le.node.id for le in whole}
            whole = [le for le in self._parts(question, covered, candidates, excluded)
                     if le.node.id not in named_ids] or whole
        found = whole or self._parts(question, covered, candidates, excluded) or self._fuzzy(question, excluded)
        # a record named by its label alone ("Tension": a node that holds nothing but its relationships) is named by
        # no word of the question: "tension" says the kind asked, and linked every one of the 18
        found = [le for le in found if not named_by_label(le)]
        if self.store.schema.general and len(found) >= 2:
            found += self._records_between(question, found, excluded)
        if self.store.schema.general and found:
            found += self._records_joining(question, found, excluded)
        if self.store.schema.general and found:
            found = self._editions_by_year(question, found, candidates)
        if self.store.schema.general and len(found) >= 2:
            found = self._namesakes_apart(question, found)
        if self.store.schema.general and found:
            found = self._named_by(found, excluded)
        return found

    def _naming_types(self) -> list[str]:
        """The database's relationship types that are naming relations (`naming_relation`), read once."""
        if self._naming is None:
            rows = self.store.query("CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType AS t")
            skip = set(self.store.schema.non_semantic_types)
            self._naming = sorted(str(r["t"]) for r in rows if naming_relation(str(r["t"])) and str(r["t"]) not in skip)
        return self._naming

    def _named_by(self, found: list[LinkedEntity], excluded: list[str]) -> list[LinkedEntity]:
        """An entity linked that is another's name in a node of its own (the end of a naming relationship, 中文名,
        ALIAS, HAS_NAME: `naming_relation`, from one entity only) stands for that entity: "宝鸡所在省份" names the city
        宝鸡市, whose 中文名 is the node 宝鸡 (china-cities, spent: the name node linked, its city's province was
        three steps away and out of the context). Inferred, said as such ("named")."""
        types = self._naming_types()
        if not types:
            return found
        ids = [le.node.id for le in found]
        # relationship types from the validated mapping, as parameters like every value
        rows = self.store.query("MATCH (m)-[r]->(n) WHERE elementId(n) IN $ids AND type(r) IN $types "
                                "AND NOT elementId(m) IN $excluded "
                                "RETURN elementId(n) AS id, collect(DISTINCT elementId(m)) AS by",
                                {"ids": ids, "types": types, "excluded": excluded})
        named = {str(r["id"]): str(r["by"][0]) for r in rows if len(r["by"]) == 1}
        named = {k: v for k, v in named.items() if v not in ids}
        if not named:
            return found
        nodes = {n.id: n for n in (node_from_map(row["node"]) for row in self.store.read(
            "nodes_by_id", ids=sorted(set(named.values())), excluded_node_ids=excluded))}
        out: list[LinkedEntity] = []
        for le in found:
            node = nodes.get(named.get(le.node.id, ""))
            if node is None:
                out.append(le)
            elif all(o.node.id != node.id for o in out):
                out.append(LinkedEntity(node, "named", le.score, le.mention))
        return out

    def _lowered_beside(self, question: str, candidates: dict[str, tuple[Node, float]],
                        whole: Sequence[LinkedEntity], covered: set[int], asks: frozenset[str]) -> list[LinkedEntity]:
        """`lowered_names` whose entity is within two relationships of an entity linked: an adjective naming a
        quality the named thing has ("how much of the Blue Moon's taste is chocolaty": the Flavor "Chocolaty",
        TASTES from the bean; "how spicy is the coffee from Tanzania": two steps from the country; coffee-beans,
        spent). Unconnected, such a word stays a word of the question, as `_without_keywords` reads it."""
        linked = {le.node.id for le in whole}
        others = [n for n, _ in candidates.values() if n.id not in linked]
        found = {node.id: (node, mention) for node, mention in lowered_names(question, others, covered, asks)}
        # ... and a word stored in lower case, a thing whose graph writes its names so, where it is tied to the named
        # entity itself ("how much walnut do I need for the Brownie": the Brownie's INGREDIENT walnut; recipe-book,
        # spent: set aside as a tag, the Brownie's other ingredients answered); one step only, as a tag two steps away
        # is any film's
        lower = {node.id: (node, mention) for node, mention in lowered_names(question, others, covered, asks,
                                                                             stored_lower=True)}
        if not found and not lower:
            return []
        rows = self.store.query(
            "MATCH (a) WHERE elementId(a) IN $words MATCH (b) WHERE elementId(b) IN $linked "
            "MATCH p = shortestPath((a)-[*..2]-(b)) RETURN elementId(a) AS id, min(length(p)) AS hops",
            {"words": sorted({*found, *lower}), "linked": sorted(linked)})
        hops = {str(r["id"]): int(r["hops"]) for r in rows}
        near = {nid for nid in found if nid in hops} | {nid for nid in lower if hops.get(nid) == 1}
        return [LinkedEntity(node, "exact", 1.0, mention)
                for nid, (node, mention) in sorted({**lower, **found}.items()) if nid in near]

    def _editions_by_year(self, question: str, linked: list[LinkedEntity],
                          candidates: dict[str, tuple[Node, float]]) -> list[LinkedEntity]:
        """A name said with a year ("the 1999 Manual of Leaf Architecture", "Manual of Leaf Architecture (1999)")
        names the one of its kind whose name begins with it and whose facts hold that year, where the node of that
        exact name holds no fact of it (the 2009 edition's title is the short one; pbot-leaf-architecture, spent,
        answered the 2009 edition's year for the 1999 one's DOI). Among the word search's candidates; inferred,
        said as such ("year"). A year the linked node holds, or none or several others do, changes nothing."""
        low = " " + normalise(question) + " "
        facts = {m.label: list(m.facts) for m in self.store.schema.entity_mappings()}
        out = []
        for le in linked:
            said = normalise(le.mention)
            at = low.find(" " + said + " ")
            year = None if at < 0 else (re.search(r" ((?:1[5-9]|20)\d\d) (?:the )?$", low[:at + 1])
                                        or re.search(r"^ (?:of |in )?((?:1[5-9]|20)\d\d) ", low[at + len(said) + 1:]))
            keys = facts.get(le.node.type or "", [])
            if year is None or not keys or le.method not in ("exact", "bracket", "plural", "short"):
                out.append(le)
                continue
            peers = [n for n, _ in candidates.values() if n.id != le.node.id and n.type == le.node.type
                     and normalise(n.name).startswith(said + " ")]
            if not peers:
                out.append(le)
                continue
            # the label from the validated mapping; the ids, keys and year are parameters
            rows = self.store.query(f"MATCH (n:{quote(le.node.type or '')}) WHERE elementId(n) IN $ids "
                                    "RETURN elementId(n) AS id, any(k IN $keys WHERE n[k] IS NOT NULL "
                                    "AND toString(n[k]) CONTAINS $year) AS holds",
                                    {"ids": [le.node.id, *(n.id for n in peers)], "keys": keys,
                                     "year": year.group(1)})
            holding = {str(r["id"]) for r in rows if r["holds"]}
            chosen = [n for n in peers if n.id in holding]
            if le.node.id in holding or len(chosen) != 1:
                out.append(le)
                continue
            out.append(LinkedEntity(chosen[0], "year", le.score, f"{le.mention} {year.group(1)}"))
        # (every edition the shared title links by its alias names the one of the year: that one once; formula-one's
        # races, each called by the title it shares, linked "the 2008 Italian Grand Prix" 74 times)
        once: dict[str, LinkedEntity] = {}
        for le in out:
            once.setdefault(le.node.id, le)
        return list(once.values())

    def _namesakes_apart(self, question: str, linked: list[LinkedEntity]) -> list[LinkedEntity]:
        """Nodes one mention linked by a name they share, narrowed to those the rest of the question tells apart by
        their facts (`namesakes_told_apart`); the others are dropped. A mention that linked one node is kept."""
        groups: dict[str, list[LinkedEntity]] = {}
        for le in linked:
            groups.setdefault(normalise(le.mention), []).append(le)
        facts = {m.label: list(m.facts) for m in self.store.schema.entity_mappings()}
        dropped: set[str] = set()
        for group in groups.values():
            nodes = {le.node.id: le.node for le in group}
            if len(nodes) < 2 or len({normalise(n.name) for n in nodes.values()}) != 1:
                continue
            held: dict[str, list[str]] = {i: [] for i in nodes}
            for label in sorted({n.type or "" for n in nodes.values()}):
                keys = facts.get(label, [])
                if not keys:
                    continue
                # the label and keys from the validated mapping; the ids and keys as parameters
                rows = self.store.query(f"MATCH (n:{quote(label)}) WHERE elementId(n) IN $ids "
                                        "RETURN elementId(n) AS id, [k IN $keys | n[k]] AS values",
                                        {"ids": [i for i, n in nodes.items() if n.type == label], "keys": keys})
                for row in rows:
                    for value in row["values"]:
                        held[str(row["id"])] += [str(v) for v in (value if isinstance(value, list) else [value])
                                                 if v is not None]
            kept = namesakes_told_apart(question, group[0].mention, held)
            dropped |= set(nodes) - kept
        return [le for le in linked if le.node.id not in dropped] if dropped else linked

    def _records_held(self, question: str, linked: Sequence[LinkedEntity], asks: frozenset[str],
                      excluded: list[str]) -> tuple[list[LinkedEntity], set[str]]:
        """Records next to an entity the question names, named by text values they hold (`select_held`): a charging
        station typed by its street and house number beside its town, the town linked by name and the station by
        nothing else it could be named by. Read: each mapped label's text and whole-number facts of the linked
        entities' neighbours through relations (at most MAX_HELD_NEIGHBOURS per label); inferred, said as such
        ("held"). A record found so is where the next is looked for, once: the fourth set of a tournament's final
        is next to the final, not the tournament. Also the ids of the linked entities (and records) the records
        chosen were found next to."""
        if not linked:
            return [], set()
        held, located = self._held_step(question, sorted({le.node.id for le in linked}),
                                        [le.mention for le in linked], asks, excluded)
        if held:
            further, beside = self._held_step(question, sorted(le.node.id for le in held),
                                              [le.mention for le in (*linked, *held)], asks, excluded)
            if further:
                return further, located | beside
        return held, located

    def _held_step(self, question: str, seeds: list[str], said: list[str], asks: frozenset[str],
                   excluded: list[str]) -> tuple[list[LinkedEntity], set[str]]:
        records: list[tuple[str, Sequence[tuple[str, str]]]] = []
        via: dict[str, set[str]] = {}
        ties: set[str] = set()
        sorting: set[str] = set()
        for m in self.store.schema.entity_mappings():
            # (a label without facts is read too, for the ties it is reached by)
            # identifiers from the validated mapping; the values are parameters
            rows = self.store.query(
                f"MATCH (s)-[r]-(n:{quote(m.label)}) WHERE elementId(s) IN $seeds AND NOT type(r) IN $skip "
                "AND NOT elementId(n) IN $seeds AND NOT elementId(n) IN $excluded "
                "WITH n, collect(DISTINCT elementId(s)) AS via, collect(DISTINCT type(r)) AS types LIMIT $limit "
                "RETURN elementId(n) AS id, via, types, "
                "[k IN $facts WHERE (n[k] IS :: STRING AND size(n[k]) <= $longest) "
                "OR n[k] IS :: INTEGER | [k, toString(n[k])]] AS values",
                {"seeds": seeds, "skip": list(self.store.schema.non_semantic_types), "excluded": excluded,
                 "limit": MAX_HELD_NEIGHBOURS, "facts": list(m.facts), "longest": _MAX_HELD_TEXT})
            ties |= {str(t) for r in rows for t in r["types"]}
            rows = [r for r in rows if r["values"]]
            records += [(str(r["id"]), [(str(k), str(v)) for k, v in r["values"]]) for r in rows]
            via.update((str(r["id"]), {str(s) for s in r["via"]}) for r in rows)
            if rows:
                sorting |= self._sorting(m.label, list(m.facts))
        # (a word of the relationships a record is reached by says that tie, no value of the record: "which team was
        # Yusuf Dikec a member of" does not name his event of gender "M" by "member"; paris-2024-olympics, spent)
        said_by_ties = frozenset(st for t in ties for st in content_stems(key_text(t)))
        chosen = dict(select_held(question, records, said, asks | said_by_ties, sorting, via))
        if not chosen:
            return [], set()
        held = [LinkedEntity(node, "held", 1.0, chosen[node.id]) for node in (
            node_from_map(row["node"]) for row in self.store.read("nodes_by_id", ids=sorted(chosen),
                                                                  excluded_node_ids=excluded))]
        return held, {s for le in held for s in via.get(le.node.id, ())}

    def _records_by_text(self, question: str, linked: Sequence[LinkedEntity], asks: frozenset[str],
                         excluded: list[str]) -> list[LinkedEntity]:
        """Records the question names by a text one of their facts holds whole, a place or a title typed with a
        capital (`record_text_spans`, `select_record_texts`): a study site numbered 6520001 whose location is
        "Vellayani lake", asked about as "the Vellayani lake study site". Only labels of records (named by their
        label and key, or by a name without a letter: a number) of at most MAX_VALUE_SCAN nodes are read; inferred,
        said as such ("held")."""
        spans = record_text_spans(question, [le.mention for le in linked], asks)
        if not spans:
            return []
        hits: list[tuple[str, Sequence[str]]] = []
        for m in self.store.schema.entity_mappings():
            if not m.facts:
                continue
            label = quote(m.label)
            # a label of named things (a person, a lake) is named by its name, not by a text it holds
            numbered = "" if m.label_in_name or not m.name else \
                f"AND NOT coalesce(toString(n.{quote(m.name[0])}), '') =~ $letter "
            if not self._scannable(label):
                continue
            # identifiers from the validated mapping; the values are parameters
            rows = self.store.query(
                f"MATCH (n:{label}) WHERE NOT elementId(n) IN $excluded {numbered}"
                "WITH n, [k IN $facts WHERE n[k] IS :: STRING AND size(n[k]) <= $longest "
                "AND toLower(trim(n[k])) IN $spans | n[k]] AS hit WHERE hit <> [] "
                "RETURN elementId(n) AS id, hit LIMIT $limit",
                {"excluded": excluded, "facts": list(m.facts), "longest": _MAX_HELD_TEXT, "spans": sorted(spans),
                 "letter": r"(?s).*\p{L}.*", "limit": MAX_VALUE_RECORDS * 50})
            hits += [(str(r["id"]), [str(v) for v in r["hit"]]) for r in rows]
        chosen = dict(select_record_texts(spans, hits))
        have = {le.node.id for le in linked}
        return [LinkedEntity(node, "held", 1.0, chosen[node.id]) for node in (
            node_from_map(row["node"]) for row in self.store.read("nodes_by_id", ids=sorted(chosen),
                                                                  excluded_node_ids=excluded))
            if node.id not in have]

    def _records_described(self, question: str, linked: Sequence[LinkedEntity], asks: frozenset[str],
                           excluded: list[str]) -> list[LinkedEntity]:
        """Records the question describes by the words of a text one of their facts holds, without quoting it
        ("which account tweeted that Gary Cohn should be fired immediately for his public attack on the president":
        the tweet whose text holds those words; russian-troll-tweets, spent): the texts of DESCRIBED_TEXT characters
        or more holding the most of the question's own words (`described_words`), where that is enough
        (`described_enough`) and at most MAX_VALUE_RECORDS texts hold as many. Labels of at most MAX_VALUE_SCAN
        nodes are read; inferred, said as such ("described")."""
        words = described_words(question, [le.mention for le in linked], asks)
        if len(words) < DESCRIBED_WORDS:
            return []
        hits: dict[str, int] = {}
        for m in self.store.schema.entity_mappings():
            props = list(dict.fromkeys([*m.facts, *m.name]))
            if not props:
                continue
            label = quote(m.label)
            if not self._scannable(label):
                continue
            # identifiers from the validated mapping; the words are parameters
            rows = self.store.query(
                f"MATCH (n:{label}) WHERE NOT elementId(n) IN $excluded "
                "WITH n, [k IN $props WHERE n[k] IS :: STRING AND size(n[k]) >= $shortest "
                "| toLower(n[k])] AS texts WHERE texts <> [] "
                "WITH n, reduce(h = 0, t IN texts | CASE WHEN size([w IN $words WHERE t CONTAINS w]) > h "
                "THEN size([w IN $words WHERE t CONTAINS w]) ELSE h END) AS hit WHERE hit >= $least "
                "RETURN elementId(n) AS id, hit ORDER BY hit DESC LIMIT $limit",
                {"excluded": excluded, "props": props, "shortest": DESCRIBED_TEXT, "words": words,
                 "least": DESCRIBED_WORDS, "limit": MAX_VALUE_RECORDS + 1})
            hits.update({str(r["id"]): int(r["hit"]) for r in rows})
        best = max(hits.values(), default=0)
        chosen = sorted(nid for nid, h in hits.items() if h == best)
        if not described_enough(best, words) or len(chosen) > MAX_VALUE_RECORDS:
            return []
        have = {le.node.id for le in linked}
        return [LinkedEntity(node, "described", 0.9, " ".join(words)) for node in (
            node_from_map(row["node"]) for row in self.store.read("nodes_by_id", ids=chosen,
                                                                  excluded_node_ids=excluded))
            if node.id not in have]

    def _sorting(self, label: str, facts: list[str]) -> set[str]:
        """The text facts of `label` whose values sort its nodes into kinds rather than name them: fewer distinct
        values than a third of the nodes that hold one, in the label's first SORTING_SAMPLE nodes (a committee's type
        among Senate, House and PAC; a station's plug type), not a street nor a title, which few records share."""
        # identifiers from the validated mapping; the keys are parameters
        rows = self.store.query(f"MATCH (n:{quote(label)}) WITH n LIMIT $sample UNWIND $facts AS k "
                                "WITH k, n[k] AS v WHERE v IS :: STRING "
                                "RETURN k, count(v) AS held, count(DISTINCT v) AS distinct",
                                {"sample": SORTING_SAMPLE, "facts": facts})
        return {str(r["k"]) for r in rows if int(r["distinct"]) * 3 < int(r["held"])}

    def _scannable(self, label: str) -> bool:
        """Whether a label (quoted) is small enough to scan for records by what they hold (MAX_VALUE_SCAN nodes, from
        the count store): no index serves a match on a fact property or on two name parts."""
        return int(self.store.query(f"MATCH (n:{label}) RETURN count(n) AS c")[0]["c"]) <= MAX_VALUE_SCAN

    def _records_between(self, question: str, linked: Sequence[LinkedEntity],
                         excluded: list[str]) -> list[LinkedEntity]:
        """Records named by the two they are between ("Arsenal v Leicester City": the match whose name parts hold
        both teams' names): a record label named by two or more properties (label_in_name) whose nodes hold the
        names of two linked entities in two of them. Where both orders exist (a home and an away match), the one
        whose first part the question places it at ("away at Manchester City"), else names first, as people say
        it (`in_named_order`); more than MAX_VALUE_RECORDS left: nothing. premier-league (spent) linked the return
        match for "away at" and "at"."""
        at = {le.node.name: question.lower().find(le.mention.lower()) for le in linked
              if le.mention and le.node.name}
        if len(at) < 2:
            return []
        have = {le.node.id for le in linked}
        out: list[LinkedEntity] = []
        for m in self.store.schema.entity_mappings():
            if not m.label_in_name or len(m.name) < 2:
                continue
            label = quote(m.label)
            if not self._scannable(label):  # no index serves a match on two name parts
                continue
            # identifiers from the validated mapping; the names are parameters
            rows = self.store.query(
                f"MATCH (n:{label}) WITH n, [k IN $props | toString(n[k])] AS parts "
                "WITH n, [p IN parts WHERE p IN $names] AS hit WHERE size(hit) >= 2 "
                "RETURN elementId(n) AS id, hit LIMIT $limit",
                {"props": m.name, "names": sorted(at), "limit": MAX_VALUE_RECORDS * 50})
            rows = [r for r in rows if len(set(r["hit"])) >= 2 and str(r["id"]) not in excluded
                    and str(r["id"]) not in have]
            said = {le.node.name: le.mention for le in linked if le.mention}
            ordered = [r for r in rows if in_named_order(question, said[r["hit"][0]], said[r["hit"][1]])]
            chosen = ordered or rows
            if not chosen or len(chosen) > MAX_VALUE_RECORDS:
                continue
            mention = {str(r["id"]): " ".join(said[h] for h in r["hit"][:2]) for r in chosen}
            for row in self.store.read("nodes_by_id", ids=sorted(mention), excluded_node_ids=excluded):
                node = node_from_map(row["node"])
                out.append(LinkedEntity(node, "between", 1.0, mention[node.id]))
        return out

    def _records_joining(self, question: str, linked: Sequence[LinkedEntity],
                         excluded: list[str]) -> list[LinkedEntity]:
        """Records of a kind the question says by its label's words, joined through relationships to two entities
        it names: "the 400 kV line between Gandhar and Navsari" is the Line whose ends' buses are in those two
        substations (a grid names its lines by their circuit number, never by their ends, and its substations by
        their own names; western-india-grid, spent, answered a bus for the line's length). Looked for at one
        relationship from each, then at up to JOIN_HOPS, among at most JOIN_SCAN of the kind near each entity (a
        hub's neighbourhood is not read past it); more than MAX_VALUE_RECORDS found: nothing. Not a kind the
        question asks for ("which line runs between A and B": the record is the answer, not what it names) nor one
        already linked. Inferred, said as such ("joins")."""
        # (its question words read in English: "que jogador da semana saiu de Lehigh" asks for the player, as "which
        # player" does; nba-players-of-the-week, spent, took the answer as named)
        low = key_tokens(english_interrogatives(question))
        have_types = {le.node.type for le in linked}
        have = {le.node.id for le in linked}
        # (one end per name said: two nodes of one name, a person and a tag "mark herman", are one entity named once)
        ends = [le for le in dict((normalise(le.mention), le) for le in linked if le.method != "joins").values()][:3]
        if not ends:
            return []
        skip = list(self.store.schema.non_semantic_types)
        out: list[LinkedEntity] = []
        for m in self.store.schema.entity_mappings():
            if m.label in have_types or not kind_said(low, m.label):
                continue
            label = quote(m.label)
            chosen: list[str] = []
            for hops in range(1, JOIN_HOPS + 1):
                near: list[set[str]] = []
                for le in ends:
                    # the label from the validated mapping; ids, types and limits are parameters
                    # (through no hub: an owner of 200 lines joins each of them to each of its substations)
                    rows = self.store.query(
                        f"MATCH p = (a)-[rs*1..{hops}]-(n:{label}) WHERE elementId(a) = $a "
                        "AND none(r IN rs WHERE type(r) IN $skip) AND NOT elementId(n) IN $excluded "
                        "AND all(x IN nodes(p)[1..-1] WHERE COUNT { (x)--() } <= $degree) "
                        "RETURN DISTINCT elementId(n) AS id LIMIT $scan",
                        {"a": le.node.id, "skip": skip, "excluded": excluded, "scan": JOIN_SCAN + 1,
                         "degree": JOIN_DEGREE})
                    near.append({str(r["id"]) for r in rows} if len(rows) <= JOIN_SCAN else set())
                # near two of the entities at least, and of those, near the most ("the 765 kV line between A and
                # B": near A, B and the voltage, where A's other 765 kV lines are near two)
                times: dict[str, int] = {}
                for ids in near:
                    for n in ids - have:
                        times[n] = times.get(n, 0) + 1
                most = max(times.values(), default=0)
                if most >= 2:
                    chosen = sorted(n for n, c in times.items() if c == most)
                    if hops == 1 and len(chosen) > 1:
                        chosen = self._joined_in_order(question, ends, chosen) or chosen
                    break
                # ... or the one of its kind near an entity the question places it at ("the ICT at Korba (W)": the
                # substation's one transformer, two relationships away)
                alone = [ids - have for le, ids in zip(ends, near, strict=True)
                         if kind_placed(low, m.label, key_tokens(le.mention))]
                if len(alone) == 1 and len(alone[0]) == 1:
                    chosen = sorted(alone[0])
                    break
            if not chosen or len(chosen) > MAX_VALUE_RECORDS:
                continue
            mention = " ".join(le.mention for le in ends[:2])
            for row in self.store.read("nodes_by_id", ids=chosen, excluded_node_ids=excluded):
                out.append(LinkedEntity(node_from_map(row["node"]), "joins", 1.0, mention))
        return out

    def _joined_in_order(self, question: str, ends: Sequence[LinkedEntity], records: list[str]) -> list[str]:
        """Of records each one relationship from two named entities, those leaving the one the question names first
        and reaching the other ("the route from Keflavik to Edinburgh": Keflavik -HAS_ROUTE-> route -TO->
        Edinburgh, not the route back), as people say them; empty where none is so."""
        low = question.lower()
        at = sorted((low.find(le.mention.lower()), le.node.id) for le in ends if le.mention.lower() in low)
        if len(at) < 2:
            return []
        first, last = at[0][1], at[-1][1]
        rows = self.store.query("MATCH (a)-[r]-(n) WHERE elementId(a) IN $ends AND elementId(n) IN $records "
                                "RETURN elementId(a) AS a, elementId(n) AS n, elementId(startNode(r)) = elementId(a) "
                                "AS out", {"ends": [first, last], "records": records})
        leaves = {str(r["n"]) for r in rows if r["a"] == first and r["out"]}
        reaches = {str(r["n"]) for r in rows if r["a"] == last and not r["out"]}
        return sorted(leaves & reaches)

    def _records_by_value(self, question: str, linked: Sequence[LinkedEntity],
                          excluded: list[str]) -> list[LinkedEntity]:
        """Records named by what they hold: the entities of a mapped label whose fact properties hold the most of
        the amounts and dates the question types (a number equal as a number; a date as a date, or as the text
        typed). Where several hold as many, those next to an entity the question names win; more than
        MAX_VALUE_RECORDS left: the values name none of them in particular, nothing is linked."""
        values = typed_values(question)
        if not values:
            return []
        amounts = sorted(values.amounts)
        texts = values.texts() + [_plain(a) for a in amounts]
        dates = sorted(values.dates)
        firsts = sorted(values.months)
        days = {**values.months, **values.dates}  # a month's first day as the month typed, a day typed as itself
        found: dict[str, set[object]] = {}
        spelled = values.written | values.quoted  # the texts matched as typed, each -> what the question typed
        # a title stored in its quotes before what the thing is ("\"La Sirène\" Evening dress", a museum's): the
        # question quotes the title alone
        quotes = quoted_texts(question)
        titled = {f"{form} ": t for t in quotes for form in in_quotes(t)}
        # a passage quoted from a longer text ("his tweet "Look how small the pages have become ... Looks like a
        # tabloid"", trump-tweets, tune): the text that holds each of its pieces, an ellipsis between them, in any
        # case and with either apostrophe; four words at least, or the quote is a name or a title
        passages = {t: pieces for t in quotes if len(t.split()) >= 4 and (pieces := quoted_pieces(t))}
        said = _straight(question).lower()
        for m in self.store.schema.entity_mappings():
            props = list(dict.fromkeys([*m.facts, *m.name]))  # a record's date names it and is a fact of it
            if not props:
                continue
            label = quote(m.label)
            if not self._scannable(label):
                continue
            monthly = self._monthly_properties(label, props) if firsts else []
            # identifiers from the validated mapping; every value is a parameter
            rows = self.store.query(
                f"MATCH (n:{label}) WITH n, [k IN $props WHERE n[k] IN $amounts OR n[k] IN $texts "
                "OR (n[k] IS :: DATE | ZONED DATETIME | LOCAL DATETIME AND date(n[k]) IN $dates) "
                "OR (k IN $monthly AND n[k] IS :: DATE | ZONED DATETIME | LOCAL DATETIME "
                "AND date(n[k]) IN $firsts) "
                "OR (n[k] IS :: STRING AND any(t IN $titled WHERE n[k] STARTS WITH t)) "
                "OR (n[k] IS :: STRING AND any(q IN $passages WHERE all(p IN q WHERE "
                "replace(replace(toLower(n[k]), '\u2019', \"'\"), '\u2018', \"'\") CONTAINS p))) | n[k]] AS hit "
                "WHERE hit <> [] RETURN elementId(n) AS id, hit LIMIT $limit",
                {"props": props, "amounts": amounts, "texts": texts, "dates": dates, "monthly": monthly,
                 "firsts": firsts, "titled": sorted(titled),
                 "passages": [passages[t] for t in sorted(passages)], "limit": MAX_VALUE_RECORDS * 50})
            for row in rows:
                keys = found.setdefault(str(row["id"]), set())
                for v in row["hit"]:
                    if isinstance(v, str) and passages:
                        text = _apostrophes(v).lower()
                        keys.update(("quote", t) for t, pieces in passages.items()
                                    if all(p in text for p in pieces))
                    prefix = next((p for p in titled if isinstance(v, str) and v.startswith(p)), None)
                    keys.add(_typed_key(v, values.amounts, days, spelled)
                             or (titled[prefix] if prefix is not None else None))
                    # ... and what the thing is, said after the quote too ("the "La Sirène" evening dress"), tells it
                    # from the records titled "La Sirène" alone: one more value of the question it holds
                    if prefix is not None and _straight(v).lower() in said:
                        keys.add(("after", v))
        found = {nid: keys - {None} for nid, keys in found.items() if nid not in excluded}
        best = max((len(k) for k in found.values()), default=0)
        chosen = sorted(nid for nid, k in found.items() if best and len(k) == best)
        if len(chosen) > MAX_VALUE_RECORDS and linked:
            near = {str(r["id"]) for r in self.store.query(
                "MATCH (n)--(m) WHERE elementId(n) IN $ids AND elementId(m) IN $seeds "
                "RETURN DISTINCT elementId(n) AS id",
                {"ids": chosen, "seeds": [le.node.id for le in linked]})}
            chosen = [nid for nid in chosen if nid in near]
        if not chosen or len(chosen) > MAX_VALUE_RECORDS:
            return []
        typed: dict[object, str] = {}
        for pairs in (values.amounts.items(), days.items(), ((t, t) for t in spelled.values()),
                      ((("quote", t), t) for t in passages)):
            typed.update(pairs)
        out = []
        already = {le.node.id for le in linked}
        for row in self.store.read("nodes_by_id", ids=chosen, excluded_node_ids=excluded):
            node = node_from_map(row["node"])
            mention = " ".join(typed[k] for k in sorted(found[node.id], key=str) if k in typed)
            if node.id not in already:
                out.append(LinkedEntity(node, "value", 1.0, mention))
        return out

    def _monthly_properties(self, label: str, props: list[str]) -> list[str]:
        """Which of `props` hold a monthly series on `label`: temporal values on three distinct days at least, every
        one the first of its month (of the first MONTHLY_SAMPLE nodes). Such a property stores a month as its first
        day ("2022-07-01" for July 2022), so a month the question names without a day names its record; where any
        value falls on another day the property holds days, and a first day is only itself. Read once per label."""
        if label not in self._monthly:
            # identifiers from the validated mapping; every value is a parameter
            rows = self.store.query(
                f"MATCH (n:{label}) WITH n LIMIT $sample UNWIND $props AS k WITH k, n[k] AS v "
                "WHERE v IS :: DATE | ZONED DATETIME | LOCAL DATETIME WITH k, date(v) AS d "
                "RETURN k, count(DISTINCT d) AS days, sum(CASE WHEN d.day = 1 THEN 0 ELSE 1 END) AS others",
                {"sample": MONTHLY_SAMPLE, "props": props})
            self._monthly[label] = sorted(str(r["k"]) for r in rows if r["days"] >= 3 and r["others"] == 0)
        return [k for k in self._monthly[label] if k in props]

    def _parts(self, question: str, covered: set[int], candidates: dict[str, tuple[Node, float]],
               excluded: list[str]) -> list[LinkedEntity]:
        """Tier 2 with its own candidates: one full-text query per uncovered word, so that a word shared by
        many names is seen to be (the question-wide query keeps only its best-scoring hits)."""
        limit = self.settings.link_limit * 5
        pool = dict(candidates)
        saturated: list[str] = []
        for word in uncovered_words(question, covered):
            rows = self._search(word_variants(word), limit, excluded)
            if len(rows) >= limit:
                saturated.append(word)
            for node, score in rows:
                pool.setdefault(node.id, (node, score))
        kinds = set(self.store.schema.entity_labels()) if self.store.schema.general else set()
        kinds |= {node.type for node, _ in pool.values() if node.type}
        # ... and a word that names a fact key asks for that fact ("a qué universidad pertenece el campus":
        # `Universidad`, not the Metro station Universidad Rey Juan Carlos; madrid-metro-campuses, spent)
        if self.store.schema.general:
            kinds |= {k for m in self.store.schema.entity_mappings() for k in m.facts}
        return select_parts(question, list(pool.values()), covered, saturated, kinds)

    def entities_by_name(self, names: Iterable[str]) -> list[tuple[str, Node]]:
        """Entities whose name is exactly one of `names` (case-sensitive, index-backed), as (name, entity)."""
        wanted = sorted({n for n in names if n})
        if not wanted:
            return []
        self._names(check=True)
        return [(name, node) for node, name in self._exact(wanted, [])]

    def _fuzzy(self, question: str, excluded: list[str]) -> list[LinkedEntity]:
        """No name occurs verbatim: nearest entity-name embeddings of the question's short spans
        (vector index; only when the graph stores name embeddings and an embedder is configured)."""
        if self.embedder is None or not self.store.schema.embedding_property:
            return []
        spans: list[str] = []
        for span in candidate_spans(question):
            words = normalise(span).split()
            if 0 < len(words) <= 4 and not all(w in _STOP for w in words) and normalise(span) not in spans:
                spans.append(normalise(span))
        if not spans:
            return []
        best: dict[str, LinkedEntity] = {}
        for span, vec in zip(spans, self.embedder.embed(spans), strict=True):
            # k=10, not 1: the vector index is approximate (HNSW), and with k=1 it returned far neighbours
            # ("camomille" -> "Blue Jacket" at 0.67 while "Camomile Tea" scores 0.83)
            rows = self.store.read("link_vector", index=self.store.schema.vector_index, k=_VECTOR_K,
                                   embedding=vec.tolist(), min_score=self.settings.link_min_score,
                                   excluded_node_ids=excluded)
            for row in rows[:1]:  # the span's nearest name
                node, score = node_from_map(row["node"]), float(row["score"])
                if node.id not in best or score > best[node.id].score:
                    best[node.id] = LinkedEntity(node, "vector", score, span)
        ranked = sorted(best.values(), key=lambda le: (-le.score, le.node.id))
        return ranked[: self.settings.vector_link_top]
