"""What an entity name says about identity: its parsed form, the reasons two names can never denote the same
thing, and the string evidence that they may.

Pure functions over strings (no embedding, no graph). `xgrag.retrieval.alias_rule` combines them with name
embeddings and the graph neighbourhood into the merge decision.

A parsed name keeps: its tokens (case, diacritics and punctuation folded; "$" and "&" kept as words), the
numbers it states (digits, number words, ordinals, roman numerals: "Rocky II" and "Rocky 2" state 2), its
honorific titles ("Dr.", "Mrs.") and their gender, a possessive or relational qualifier ("Jim's Father",
"Wife of Jim": someone *of* Jim, never Jim), a generation suffix (Jr., Sr.), and its core: the tokens left
once articles and titles are removed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

ARTICLES = frozenset({"the", "a", "an"})
# Honorifics that precede a person's name without changing who is meant (gender: m, f, or None).
TITLES: dict[str, str | None] = {
    "mr": "m", "mister": "m", "sir": "m", "lord": "m", "monsieur": "m", "herr": "m", "senor": "m",
    "mrs": "f", "missus": "f", "ms": "f", "miss": "f", "madam": "f", "madame": "f", "mme": "f", "mlle": "f",
    "lady": "f", "dame": "f", "frau": "f", "senora": "f",
    "dr": None, "doctor": None, "prof": None, "professor": None, "rev": None, "reverend": None,
    "capt": None, "captain": None, "col": None, "colonel": None, "lt": None, "lieutenant": None, "sgt": None,
    "sergeant": None, "inspector": None, "detective": None, "officer": None, "judge": None,
    # a British style of address ("The Rt Hon Mike Penning MP", "The Right Honourable ..."), a peer's rank
    "rt": None, "hon": None, "honourable": None, "baron": "m", "baroness": "f", "cllr": None, "councillor": None,
}
# Letters that follow a person's name without changing who is meant: an office ("Mike Penning MP"), an honour
# ("Jane Smith OBE"), a degree; only ever at the end of a name, and only dropped when two words stay.
POST_NOMINALS = frozenset({
    "mp", "mep", "msp", "mla", "am", "qc", "kc", "jp", "dl", "obe", "cbe", "mbe", "kbe", "dbe", "frs", "phd", "esq",
})
# Nouns that name someone or something by its relation to another: "Jim's father" is not Jim, "the wife of
# X" is not X. Synonyms fold to one word so that "Jim's Dad" and "Jim's Father" compare equal.
RELATIONAL: dict[str, str] = {
    **{w: "father" for w in ("father", "dad", "daddy", "papa", "pa", "pop", "stepfather")},
    **{w: "mother" for w in ("mother", "mom", "mum", "mommy", "mummy", "mama", "mamma", "ma", "stepmother")},
    **{w: "grandfather" for w in ("grandfather", "grandpa", "granddad", "grandad")},
    **{w: "grandmother" for w in ("grandmother", "grandma", "granny", "grandmamma")},
    **{w: w for w in (
        "parent", "son", "daughter", "brother", "sister", "sibling", "husband", "wife", "spouse", "widow",
        "widower", "uncle", "aunt", "nephew", "niece", "cousin", "grandson", "granddaughter", "grandparent",
        "grandchild", "stepson", "stepdaughter", "fiance", "fiancee", "girlfriend", "boyfriend", "friend",
        "boss", "employer", "employee", "servant", "maid", "mistress", "owner", "heir", "ancestor",
        "descendant", "twin", "bride", "groom", "companion", "neighbour", "neighbor", "partner", "lover",
        "master", "pet", "ex")},
    **{w + "s": w for w in ("parent", "son", "daughter", "brother", "sister", "sibling", "husband", "uncle",
                            "aunt", "nephew", "cousin", "friend", "servant", "owner", "twin", "companion")},
    "wives": "wife", "nieces": "niece",
}
GENERATION = {"jr": "jr", "junior": "jr", "sr": "sr", "senior": "sr"}
# Words that describe a thing without changing which thing it is ("the old willow" is the willow of the story);
# evidence only when the graph around both names agrees (see alias_rule).
DESCRIPTIVE = frozenset({
    "old", "young", "little", "big", "small", "great", "large", "tiny", "huge", "poor", "good", "bad",
    "selfish", "proud", "lucky", "new", "aged", "dear", "wicked", "kind", "beautiful", "lovely", "pretty",
    "ugly", "naughty", "friendly", "stupid", "wise", "brave", "angry", "sad", "happy", "venerable", "famous",
    "white", "black", "blue", "red", "green", "yellow", "brown", "grey", "gray", "golden", "gold", "silver",
    "brass", "wooden", "broken", "cracked", "fat",
})
STOPWORDS = frozenset({"of", "the", "and", "for", "a", "an", "in", "on", "at", "de", "la", "le", "to", "&"})
UNITS = {"$": "$", "dollar": "$", "dollars": "$", "usd": "$", "cent": "cent", "cents": "cent", "¢": "cent",
         "£": "£", "pound": "£", "pounds": "£", "€": "€", "euro": "€", "euros": "€"}
_SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ORD = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
        "eighteenth", "nineteenth"]
NUMBER_WORDS: dict[str, int] = {w: i for i, w in enumerate(_SMALL)} | {w: i for i, w in enumerate(_ORD)} | {
    w: 10 * i for i, w in enumerate(_TENS) if w} | {w[:-1] + "ieth": 10 * i for i, w in enumerate(_TENS) if w}
MULTIPLIERS = {"hundred": 100, "hundredth": 100, "thousand": 1000, "thousandth": 1000, "million": 10**6,
               "billion": 10**9}
# A lone "I" is a roman numeral only after these words ("World War I", "Part I"), never the pronoun.
_ROMAN_CUE = frozenset({"part", "pt", "episode", "chapter", "volume", "vol", "book", "act", "season", "phase",
                        "war", "series", "no", "number"})
_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"m": 1000, "d": 500, "c": 100, "l": 50, "x": 10, "v": 5, "i": 1}
_TOKEN = re.compile(r"[$£€¢&]|\d+(?:[.,]\d+)*(?:st|nd|rd|th|s)?|[^\W\d_]+(?:'[^\W\d_]+)*'?", re.IGNORECASE)
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
_TRAILING_ARTICLE = re.compile(r",\s*(the|a|an)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class NameForm:
    raw: str
    plain: tuple[str, ...]  # folded word tokens without a leading "the" (titles kept: "Captain America")
    core: tuple[str, ...]  # plain without any leading article, honorific titles and generation suffix
    numbers: tuple[str, ...]  # canonical values of every number stated, sorted
    titles: frozenset[str]
    gender: str | None  # from the titles: "m", "f", or None (none or mixed)
    generation: str | None  # "jr" / "sr"
    # "Jim's Father" / "Father of Jim": possessor ("jim",) and what is possessed ("father",); None otherwise
    possessor: tuple[str, ...] | None
    possessed: tuple[str, ...]
    relational: frozenset[str]  # relational nouns, folded ("dad" -> "father")
    # the name's words run together, possessive "s" kept, numbers as values: punctuation and spacing variants
    # compare equal ("Cotton-tail" / "Cottontail", "Ocean's Eleven" / "Oceans 11", "J.R.R." / "JRR")
    loose: str
    upper: frozenset[str]  # folded tokens written in capitals in the raw name ("FBI")

    @property
    def key(self) -> str:
        """Equal keys: the same name up to case, diacritics, punctuation, articles, number spelling."""
        if self.possessor is not None:
            return " ".join(_numeric_key(self.possessor)) + " 's " + " ".join(_numeric_key(self.possessed))
        return " ".join(_numeric_key(self.plain))

    @property
    def core_key(self) -> tuple[str, ...]:
        return tuple(_numeric_key(self.core))

    @property
    def amount(self) -> tuple[str, ...] | None:
        """Sorted words of a name that states an amount ("$20", "Twenty Dollars"), else None."""
        tokens = _numeric_key(self.plain, words=True)
        if self.numbers and any(w in _UNIT_VALUES for w in tokens):
            return tuple(sorted(tokens))
        return None


_UNIT_VALUES = frozenset(UNITS.values())


def strip_marks(text: str) -> str:
    """Diacritics and apostrophe variants folded (NFKD, combining marks dropped); case kept."""
    text = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Case, diacritics and apostrophe variants folded (strip_marks, then casefold)."""
    return strip_marks(text).casefold()


def _roman_value(token: str) -> int | None:
    if not token or not _ROMAN.match(token):
        return None
    total, prev = 0, 0
    for ch in reversed(token):
        v = _ROMAN_VALUES[ch]
        total, prev = (total - v, prev) if v < prev else (total + v, v)
    return total


def _roman(raw: str, folded: str, previous: str | None) -> int | None:
    """The value of a roman numeral token, or None. Only I, V, X, L ("Rocky II", "Louis XIV", "Super Bowl XLV"):
    C, D, M make words ("mix", "civil", "DC"). Written in capitals, or title-cased or lower-cased ("Rocky Ii",
    as LangChain's LLMGraphTransformer title-cases ids; "world war ii"), but not the names "Vi", "Xi", "Li". A
    lone "I" is a numeral only after a word like "part" or "war", never the pronoun."""
    if folded == "i":
        return 1 if previous in _ROMAN_CUE else None
    if len(folded) < 2 or not set(folded) <= {"i", "v", "x", "l"}:
        return None
    if not raw.isupper() and folded in {"vi", "xi", "li", "xl", "ll"}:
        return None
    return _roman_value(folded)


def _number(folded: str) -> str | None:
    """Canonical text of a digit token: thousands separators dropped, trailing zeros of decimals dropped."""
    m = re.fullmatch(r"(\d+(?:[.,]\d+)*)(st|nd|rd|th|s)?", folded)
    if not m:
        return None
    digits, suffix = m.group(1), m.group(2) or ""
    if re.fullmatch(r"\d{1,3}(,\d{3})+", digits):
        digits = digits.replace(",", "")
    digits = digits.replace(",", ".")
    if "." in digits and digits.count(".") == 1:
        whole, frac = digits.split(".")
        frac = frac.rstrip("0")
        digits = f"{int(whole)}.{frac}" if frac else str(int(whole))
    elif digits.isdigit():
        digits = str(int(digits))
    return digits + ("s" if suffix == "s" else "")


def _numeric_key(tokens: tuple[str, ...] | list[str], words: bool = False) -> list[str]:
    """Tokens with digits and roman numerals as their value ("#2" -> "2") and currency words folded to their
    symbol. With `words`, number words and ordinals too, runs combined ("eighty", "seven" -> "87"; "two",
    "thousand" -> "2000"). Without it they stay words: a title's spelled number is part of its identity
    (MetaQA holds "Twelve" and "12", "Five Fingers" and "5 Fingers" as different films)."""
    out: list[str] = []
    total = current = 0
    last: str | None = None  # kind of the previous number word: "unit", "tens", "mult"

    def flush() -> None:
        nonlocal total, current, last
        if last is not None:
            out.append(str(total + current))
        total = current = 0
        last = None

    for tok in tokens:
        if tok.startswith("#"):  # a number resolved at parse time (digits, roman numeral)
            flush()
            out.append(tok[1:])
            continue
        word = NUMBER_WORDS.get(tok) if words else None
        mult = MULTIPLIERS.get(tok) if words else None
        if word is not None:
            kind = "tens" if word >= 20 and word % 10 == 0 else "unit"
            if last == "unit" or (last == "tens" and kind == "tens"):
                flush()  # "one two": two numbers, not three
            current += word
            last = kind
        elif mult is not None and last is not None:
            if mult == 100:
                current = (current or 1) * 100
            else:
                total += (current or 1) * mult
                current = 0
            last = "mult"
        else:
            flush()
            out.append(UNITS.get(tok, tok))
    flush()
    return out


@lru_cache(maxsize=65536)
def parse(name: str) -> NameForm:
    """The parsed form of an entity name (cached: names repeat across subgraphs)."""
    raw = name.strip()
    trailing = _TRAILING_ARTICLE.search(raw)
    body = f"{trailing.group(1)} {raw[: trailing.start()]}" if trailing else raw  # "Matrix, The" -> "The Matrix"
    raw_tokens = _TOKEN.findall(body.translate(_APOSTROPHES))
    tokens: list[str] = []
    marks: list[bool] = []  # possessive mark ('s or s') on the token
    for r in raw_tokens:
        f = fold(r)
        mark = f.endswith("'s") or (f.endswith("s'") and len(f) > 2)
        base = f[:-2] if f.endswith("'s") else f[:-1] if f.endswith("'") else f
        tokens.append(base.replace("'", ""))
        marks.append(mark)
    # digits and roman numerals are resolved here ("#2"): a numeral depends on the raw case and the word before
    resolved: list[str] = []
    upper: set[str] = set()
    for i, (r, f) in enumerate(zip(raw_tokens, tokens, strict=True)):
        bare = r[:-2] if r.endswith(("'s", "'S")) else r.rstrip("'")
        if bare.isupper() and bare.isalpha():
            upper.add(f)
        num = _number(f)
        roman = None if num is not None else _roman(bare, f, tokens[i - 1] if i else None)
        resolved.append("#" + num if num is not None else "#" + str(roman) if roman is not None else f)
    numbers = sorted(t for t in _numeric_key(resolved, words=True) if re.fullmatch(r"\d+(\.\d+)?s?", t))
    # honorifics count only in front of the name ("Old Mrs. Rabbit", "The Dr. Who"), never inside or after it
    # ("Christopher Judge"); a generation suffix only at the end
    at = 0
    while at < len(tokens) and (tokens[at] in ARTICLES or tokens[at] in DESCRIPTIVE) and \
            any(t in TITLES for t in tokens[at + 1:at + 3]):
        at += 1
    title_at = []
    while at < len(tokens) - 1 and tokens[at] in TITLES:
        title_at.append(at)
        at += 1
    gen_at = [len(tokens) - 1] if len(tokens) > 1 and tokens[-1] in GENERATION else []
    for k in title_at + gen_at:
        resolved[k] = _MARK + resolved[k]
    titles = frozenset(tokens[k] for k in title_at)
    genders = {TITLES[t] for t in titles} - {None}
    generation = GENERATION[tokens[gen_at[0]]] if gen_at else None
    relational = frozenset(RELATIONAL[t] for t in tokens if t in RELATIONAL)
    possessor: tuple[str, ...] | None = None
    possessed: tuple[str, ...] = ()
    mark_at = next((i for i, m in enumerate(marks) if m and i < len(marks) - 1), None)
    if mark_at is not None:  # "jim's father" (a mark on the last word is only a possessive form: "Jim's")
        possessor, possessed = _strip(resolved[: mark_at + 1]), _strip(resolved[mark_at + 1:])
    else:
        for i, t in enumerate(tokens[:-2]):
            if t in RELATIONAL and tokens[i + 1] == "of":  # "wife of jim"
                possessor, possessed = _strip(resolved[i + 2:]), _strip(resolved[: i + 1])
                break
    if re.match(r"\s*[A-Za-z]\.", body):  # "A.J. Buckley": a leading "A." is an initial, not the article
        resolved[0] = _INITIAL + resolved[0]
    plain = _strip(resolved, keep_titles=True)
    glued = _strip([t + "s" if m and not t.endswith("s") else t for t, m in zip(resolved, marks, strict=True)],
                   keep_titles=True)
    return NameForm(raw=name, plain=plain, core=_strip(resolved), numbers=tuple(numbers), titles=titles,
                    gender=genders.pop() if len(genders) == 1 else None, generation=generation,
                    possessor=possessor, possessed=possessed, relational=relational,
                    loose="".join(_numeric_key(glued)), upper=frozenset(upper))


_MARK = "\x00"  # marks a title or generation token in the resolved tokens
_INITIAL = "\x01"  # marks a leading single-letter initial ("A." of "A.J. Buckley"), kept where an article goes


def _strip(tokens: list[str], keep_titles: bool = False) -> tuple[str, ...]:
    """Without a leading "the" (and, for the person core, "a"/"an", titles and the generation suffix): "The
    Matrix" is "Matrix", but "A Family" is not "The Family" (MetaQA holds both, as different films)."""
    out = [t.lstrip(_MARK) for t in tokens if keep_titles or not t.startswith(_MARK)]
    while out and (out[0] == "the" or (not keep_titles and out[0] in ARTICLES)):
        out = out[1:]
    return tuple(t.lstrip(_INITIAL) for t in out)


# -- never merge -------------------------------------------------------------------------------------------------

def name_veto(a: NameForm, b: NameForm) -> str | None:
    """Why two names can never denote the same entity, or None. Numbers first: "$20"/"$21", "Rocky II"/
    "Rocky III", "$1.87"/"87 Cents" differ in what they state even where the letters are alike."""
    if a.numbers != b.numbers:
        return f"different numbers ({_listed(a.numbers)} vs {_listed(b.numbers)})"
    if a.generation != b.generation:
        return f"different generation suffix ({a.generation or 'none'} vs {b.generation or 'none'})"
    if a.gender and b.gender and a.gender != b.gender:
        return f"titles of different gender ({_listed(sorted(a.titles))} vs {_listed(sorted(b.titles))})"
    if a.loose == b.loose:
        return None  # only punctuation or spacing differs ("Jim's Father" / "Jims Father")
    if (a.possessor is None) != (b.possessor is None):
        p = a if a.possessor is not None else b
        return (f"{p.raw!r} names someone or something of {' '.join(p.possessor or ())!r} "
                "(possessive or relational qualifier)")
    if a.possessor is not None and b.possessor is not None and \
            _numeric_key(a.possessor) != _numeric_key(b.possessor):
        return f"different possessors ({' '.join(a.possessor)!r} vs {' '.join(b.possessor)!r})"
    if a.relational != b.relational:
        return f"different relational words ({_listed(sorted(a.relational))} vs {_listed(sorted(b.relational))})"
    return None


def _listed(items: tuple[str, ...] | list[str]) -> str:
    return ", ".join(items) if items else "none"


# -- evidence for a merge ----------------------------------------------------------------------------------------

# Tiers: A the same name written differently (merged unless a veto applies); B a strong alias pattern (titles,
# initials, an upper-case acronym); C a weaker one that needs the name embedding or a shared neighbour to agree
# (surname only, a dropped middle name); N a pattern that needs the graph to state the same of both (a given
# name alone, a gendered title with a surname: "Mrs. Rabbit" may be "Peter Rabbit"'s mother); D a descriptive
# word or plural that needs the neighbourhoods to overlap.
# See alias_rule for how tiers are accepted.
TIERS = ("A", "B", "C", "N", "D")


@dataclass(frozen=True)
class NameEvidence:
    kind: str
    tier: str
    detail: str


def name_evidence(a: NameForm, b: NameForm, person: bool) -> NameEvidence | None:
    """The string evidence that two names may denote the same entity (None: none). `person`: the entities are
    typed as people or characters, which allows title, initial, surname and given-name evidence."""
    if a.key == b.key or a.loose == b.loose:
        return NameEvidence("same_name", "A", _same_name_detail(a, b))
    if a.amount is not None and a.amount == b.amount:
        return NameEvidence("same_name", "A", "the same amount written differently")
    if a.possessor is not None and b.possessor is not None:  # same possessor (name_veto): compare the rest
        ev = _thing_evidence(tuple(_numeric_key(a.possessed)), tuple(_numeric_key(b.possessed)))
        return None if ev is None else NameEvidence(ev.kind, ev.tier, f"{ev.detail}, of the same possessor")
    if person:
        ev = _person_evidence(a, b)
        if ev is not None:
            return ev
    ev = _acronym_evidence(a, b)
    if ev is not None:
        return ev
    return _thing_evidence(tuple(_numeric_key(a.plain)), tuple(_numeric_key(b.plain)))


def _same_name_detail(a: NameForm, b: NameForm) -> str:
    if a.raw == b.raw:
        return "identical names"
    if fold(a.raw) == fold(b.raw):
        return "the same name up to case or accents"

    def article(f: NameForm) -> bool:
        return fold(f.raw).startswith("the ") or bool(_TRAILING_ARTICLE.search(f.raw))

    if article(a) != article(b) or (article(a) and fold(a.raw)[:4] != fold(b.raw)[:4]):
        return "the same name with or without \"the\""
    if a.numbers and any(ch.isdigit() for ch in a.raw) != any(ch.isdigit() for ch in b.raw):
        return "the same name with a number written as digits or a roman numeral"
    return "the same name up to punctuation, spacing or a possessive 's"


def _drop_leading_descriptive(core: tuple[str, ...]) -> tuple[str, ...]:
    i = 0
    while i < len(core) - 1 and core[i] in DESCRIPTIVE:
        i += 1
    return core[i:]


def _person_evidence(a: NameForm, b: NameForm) -> NameEvidence | None:
    ca, cb = a.core_key, b.core_key
    da, db = _drop_leading_descriptive(ca), _drop_leading_descriptive(cb)
    if (da, db) == (ca, cb):
        return _person_core_evidence(a, b, ca, cb)
    # "Old Mrs. Rabbit" / "Mrs. Rabbit": a description, not a name, differs: the graph must agree (tier D), or
    # more if the names alone already needed more (tier N)
    words = sorted((set(ca) | set(cb)) - (set(da) | set(db)))
    if da == db:
        return NameEvidence("modifier", "D", f"the same name with a descriptive word ({' '.join(words)})")
    ev = _person_core_evidence(a, b, da, db)
    if ev is None:
        return None
    return NameEvidence(ev.kind if ev.tier == "N" else "modifier", "N" if ev.tier == "N" else "D",
                        f"{ev.detail}, with a descriptive word ({' '.join(words)})")


def _person_core_evidence(a: NameForm, b: NameForm, ca: tuple[str, ...], cb: tuple[str, ...]) -> NameEvidence | None:
    if not ca or not cb:
        return None
    if ca == cb:
        return NameEvidence("title", "B", f"the same name with different titles ({_listed(sorted(a.titles))} vs "
                                          f"{_listed(sorted(b.titles))})")
    (short, s_form), (long, _) = sorted([(ca, a), (cb, b)], key=lambda x: (len(x[0]), x[0]))
    if short[-1] != long[-1]:
        if len(short) == 1 and len(short[0]) > 1 and 2 <= len(long) <= 3 and short[0] == long[0]:
            return NameEvidence("given_name", "N", f"{short[0]!r} is the given name of {' '.join(long)!r}")
        return None
    given_s, given_l = short[:-1], long[:-1]
    if not given_s:
        if len(given_l) > 3:
            return None
        if s_form.titles:
            # "Mrs. Rabbit" beside "Peter Rabbit": a gendered title on a family name may be another member of
            # the family, so it needs the graph to agree (tier N); "Dr. Watson" / "John Watson" need less.
            return NameEvidence("title_surname", "N" if s_form.gender else "C",
                                f"title and surname {s_form.raw!r} of the full name {' '.join(long)!r}")
        return NameEvidence("surname", "C", f"{short[-1]!r} is the surname of {' '.join(long)!r}")
    aligned = _align_given(given_s, given_l)
    if aligned is None:
        return None
    substituted, skipped_initial, skipped_full = aligned
    # one difference is a common way of writing the same name ("T. Hanks", "Samuel L. Jackson" / "Samuel
    # Jackson"); a full middle name left out, or two differences at once ("E.G. Marshall" / "Edison Marshall",
    # "C. Gardner Sullivan" / "Chris Sullivan"), fit many different people in a large graph: the graph must agree
    if skipped_full:
        return NameEvidence("middle_name", "N", "the same name with a middle name left out"
                            + (" and given names as initials" if substituted or skipped_initial else ""))
    if substituted and skipped_initial:
        return NameEvidence("initials", "N", "the same name with an initial for a given name and a middle "
                                             "initial left out")
    if substituted:
        return NameEvidence("initials", "B", "the same name with a given name written as an initial")
    if skipped_initial:  # film credits keep "Morgan J. Freeman" apart from "Morgan Freeman" by that initial
        return NameEvidence("initials", "N", "the same name with a middle initial left out")
    return None


def _align_given(short: tuple[str, ...], long: tuple[str, ...]) -> tuple[bool, bool, bool] | None:
    """Align given names ("t" ~ "tom"; middle names of the longer side may be skipped, the first may not).
    Returns (an initial stands for a name, a middle initial was skipped, a full middle name was skipped), or
    None when they disagree."""

    def match(x: str, y: str) -> bool:
        return x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))

    if not match(short[0], long[0]):
        return None
    substituted = short[0] != long[0]
    skipped_initial = skipped_full = False
    i, j = 1, 1
    while i < len(short):
        if j >= len(long):
            return None
        if match(short[i], long[j]):
            substituted |= short[i] != long[j]
            i += 1
        else:
            skipped_full |= len(long[j]) > 1
            skipped_initial |= len(long[j]) == 1
        j += 1
    for extra in long[j:]:
        skipped_full |= len(extra) > 1
        skipped_initial |= len(extra) == 1
    return substituted, skipped_initial, skipped_full


def _acronym_evidence(a: NameForm, b: NameForm) -> NameEvidence | None:
    for short, long in ((a, b), (b, a)):
        if len(short.plain) != 1 or not short.plain[0].isalpha() or not 2 <= len(short.plain[0]) <= 6:
            continue
        upper = short.plain[0] in short.upper
        if not upper and len(short.plain[0]) < 3:
            continue  # "Go" is a word, not the acronym of "Going Overboard"
        words = [t for t in long.plain if t not in STOPWORDS and not t.startswith("#")]
        if len(words) >= 2 and "".join(w[0] for w in words) == short.plain[0]:
            return NameEvidence("acronym", "B" if upper else "C",
                                f"{short.raw!r} is the acronym of {long.raw!r}")
    return None


def _plural(x: str, y: str) -> bool:
    if len(x) > len(y):
        x, y = y, x
    return len(x) >= 3 and (y in (x + "s", x + "es") or (x.endswith("y") and y == x[:-1] + "ies"))


def _thing_evidence(ta: tuple[str, ...], tb: tuple[str, ...]) -> NameEvidence | None:
    if not ta or not tb:
        return None
    if len(ta) == len(tb) and ta[:-1] == tb[:-1] and _plural(ta[-1], tb[-1]):
        return NameEvidence("plural", "D", "singular and plural of the same name")
    short, long = sorted((ta, tb), key=lambda t: (len(t), t))
    extras = _extras(short, long)
    if extras and any(e != "of" for e in extras) and all(e in DESCRIPTIVE or e == "of" for e in extras):
        return NameEvidence("modifier", "D", f"the same name with descriptive words ({' '.join(extras)})")
    return None


def _extras(short: tuple[str, ...], long: tuple[str, ...]) -> list[str] | None:
    """The words of `long` left over when `short` is found in it in order (None when it is not)."""
    extras: list[str] = []
    i = 0
    for tok in long:
        if i < len(short) and tok == short[i]:
            i += 1
        else:
            extras.append(tok)
    return extras if i == len(short) else None


def name_keys(f: NameForm, person: bool) -> list[tuple[str, str]]:
    """Keys two names share whenever `name_evidence` can find evidence between them (candidate blocking): the
    folded name, the loose form, the core without titles, the name without descriptive words, each singular
    reading of the last word, the amount, acronym letters; for people also the surname and the given name."""
    plain = tuple(_numeric_key(f.plain))
    keys = [("key", f.key), ("loose", f.loose)]
    core = f.core_key
    if core:
        keys.append(("core", " ".join(core)))
        plain_core = _drop_leading_descriptive(core)
        keys.append(("bare", " ".join(t for t in plain_core if t not in DESCRIPTIVE and t != "of")))
        if person:
            keys += [("last", core[-1]), ("first", plain_core[0])]
    if plain:
        keys.append(("bare", " ".join(t for t in plain if t not in DESCRIPTIVE and t != "of")))
        last = plain[-1]
        for singular in {last, last[:-1] if last.endswith("s") else last, last[:-2] if last.endswith("es") else last,
                         last[:-3] + "y" if last.endswith("ies") else last}:
            keys.append(("singular", " ".join(plain[:-1] + (singular,))))
    if f.possessor is not None:
        possessed = [t for t in _numeric_key(f.possessed) if t not in DESCRIPTIVE and t != "of"]
        keys.append(("possessed", " ".join(_numeric_key(f.possessor)) + " 's " + " ".join(possessed)))
    if f.amount is not None:
        keys.append(("amount", " ".join(f.amount)))
    words = [t for t in f.plain if t not in STOPWORDS and not t.startswith("#")]
    if len(words) >= 2:
        keys.append(("acronym", "".join(w[0] for w in words)))
    elif len(f.plain) == 1 and f.plain[0].isalpha():
        keys.append(("acronym", f.plain[0]))
    return sorted(set(keys))
