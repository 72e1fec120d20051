"""Entity names held in memory: what linking reads when it may not create an index (a read-only mapping) or the
database has none of xgrag's (a general mapping that was never migrated).

Built per process and database from one read query over every entity label (`cypher/entity_names.cypher`),
then shared by every retriever of that database and mapping. Before each use it is checked against the graph: the
database's node and relationship counts (Neo4j's count store, constant time) and the names of a sample of its
entities, spread over the index (`cypher/entity_names_probe.cypher`); when either differs the graph was changed under
it (reloaded, entities added or deleted, a sampled entity renamed) and it is rebuilt. Neo4j reuses the ids of
deleted nodes, so an index kept over a reload would link a question to whatever node now holds an old id. A rename
that changes no count and misses the sample is not seen: `refresh_index` rebuilds on demand.

It answers the two questions linking asks of the full-text index: which entities are named exactly by a span of
the question, and which entities have names sharing the question's words (ranked by how much of the name the
question covers, then by id). Its cost (entities, seconds, approximate memory, builds) is reported with every
linking that used it (`Linker.source`).
"""

from __future__ import annotations

import heapq
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar, cast

from xgrag.errors import UsageError
from xgrag.model import Node
from xgrag.retrieval.words import CJK_LETTER, NAME_DOTS
from xgrag.store.neo4j import Neo4jStore

# The largest graph whose names are read into memory (one row per entity): beyond it, linking needs the full-text
# index `xgrag migrate` creates (or the user's own), which a read-only mapping cannot add.
MAX_ENTITIES = 5_000_000
# A word in more names than this ("order" in every "Order <n>" of a million-node graph) does not make candidates
# by itself when a rarer word of the question does: it only adds to theirs. Walking its whole posting list cost
# 2.1 s per question (p50, 1M nodes, bench_domain_scale) and ranked entities that share nothing else.
COMMON_WORD = 10_000
# Entities whose names are re-read before each use: one indexed lookup per id, a few milliseconds in all.
PROBE_SIZE = 32
Tokenize = Callable[[str], Sequence[str]]
MIN_DIGITS = 6  # a number this long names one thing (a phone, an account); shorter ones are counts and years
# Short words a name's initials skip ("United States of America": USA)
_LINKING_WORDS = frozenset({"of", "the", "and", "for", "de", "du", "la", "le", "von", "van", "&"})


def initials_of(name: str) -> str | None:
    """The initials people abbreviate a name of two to five capitalised words to ("United Kingdom": "UK",
    "United States of America": "USA"), linking words skipped; None for other names (one word, a word in lower
    case or starting with a digit)."""
    words = [w for w in re.split(r"[\s-]+", name.strip()) if w and w.lower() not in _LINKING_WORDS]
    if not 2 <= len(words) <= 5 or not all(w[0].isalpha() and w[0].isupper() for w in words):
        return None
    return "".join(w[0] for w in words)


_CAPITALS = re.compile(r"\b(?:[A-Z]\.){2,5}|\b[A-Z]{2,5}\b")


def capital_words(text: str) -> list[str]:
    """The words `text` types in capitals that may be initials, as typed: "UK", "USA", "U.S.A."."""
    return _CAPITALS.findall(text)


def digits_of(text: str) -> str | None:
    """The digits of a text written as a number with punctuation ("9-(882)417-7531", "4111 1111 1111 1111", "123-45-
    6789"): at least MIN_DIGITS digits, and nothing but digits, spaces and - ( ) / + around them; else None. Not dots:
    "10.0.2.54" and "10.0.0.254" are two addresses, a decimal is not a phone number."""
    if not re.fullmatch(r"[\d\s()/+-]+", text):
        return None
    number = re.sub(r"\D", "", text)
    return number if len(number) >= MIN_DIGITS else None  # a name's words as linking compares them (linking.key_tokens)


# A label's names end in its type word where more than this share of them do ("아파트" of 래미안원베일리아파트 and
# 서초더샵포레아파트), and a label of fewer names than TYPE_WORD_NAMES has none: two names that end alike are no rule.
TYPE_WORD_SHARE = 0.5
TYPE_WORD_NAMES = 5
# ... the word grows a letter at a time while nearly all names that end in it end in the longer word too ("트", "파트",
# "아파트": one word; "학교" of 고등학교 and 초등학교 stops at "학교"), from two letters (one is a particle's or a
# place name's ending: "동", "역")
TYPE_WORD_KEEP = 0.9
TYPE_WORD_LETTERS = (2, 6)
SHORT_NAME_LETTERS = 2  # what is left of a name without it: at least a word of two letters
_HANGUL_END = re.compile(r"[\uac00-\ud7a3]+$")


def _hangul_last(name: str) -> bool:
    """Whether `name` ends in a Hangul letter (a comparison, no regular expression: every name goes through it)."""
    return bool(name) and "\uac00" <= name[-1] <= "\ud7a3"


def type_word(names: Sequence[str], total: int | None = None) -> str | None:
    """The trailing Hangul word more than TYPE_WORD_SHARE of `names` (one label's; or of `total` names, where
    `names` are those of them that end in a Hangul letter) end in, as long as nearly all of those end in it
    (TYPE_WORD_KEEP), or None: "아파트" of a label of apartment complexes."""
    count = len(names) if total is None else total
    if count < TYPE_WORD_NAMES:
        return None
    ends = [m.group(0) for n in names if _hangul_last(n) for m in [_HANGUL_END.search(n)] if m]
    best: str | None = None
    shared = 0
    for letters in range(TYPE_WORD_LETTERS[0], TYPE_WORD_LETTERS[1] + 1):
        counts: dict[str, int] = {}
        for end in ends:
            if len(end) >= letters:
                counts[end[-letters:]] = counts.get(end[-letters:], 0) + 1
        if not counts:
            break
        word, n = max(counts.items(), key=lambda wn: (wn[1], wn[0]))
        if n <= TYPE_WORD_SHARE * count or (best is not None and (n < TYPE_WORD_KEEP * shared
                                                                       or not word.endswith(best))):
            break
        best, shared = word, n
    return best


# An abbreviation a name declares after it, in brackets: "China National Offshore Oil Corporation (CNOOC)"
_DECLARED = re.compile(r"^(.*\S)\s*\(([A-Z][A-Z0-9&.-]*[A-Z0-9])\)\s*$")


def declared_abbreviation(name: str) -> tuple[str, str] | None:
    """(the abbreviation, the name without it) where a name ends in the abbreviation it declares, in capitals in
    brackets ("China National Offshore Oil Corporation (CNOOC)": "CNOOC", "China National Offshore Oil
    Corporation"); None for a bracket of a word in lower case ("Hyson (Nigeria) Limited") or of one letter."""
    m = _DECLARED.match(name)
    if m is None or sum(c.isalpha() for c in m.group(2)) < 2:
        return None
    return m.group(2), m.group(1)


# A name that declares an abbreviation in capitals in brackets inside it, then goes on: "Peraturan Pemerintah (PP)
# Nomor 46 Tahun 2021 tentang ...", "World Health Organization (WHO) Regional Office for Europe"
_INNER = re.compile(r"^([^()]*\S)\s*\(([A-Z][A-Z0-9&.-]*[A-Z0-9])\)\s+([^()]*\S)\s*$")
# Short words in lower case an abbreviation leaves out ("Bank of America", "Komunikasi dan Informatika")
_SMALL_WORD = re.compile(r"[a-z]{1,3}")


def inner_abbreviation(name: str) -> tuple[str, str] | None:
    """(the name with the abbreviation it declares inside it, the name without it) where the abbreviation in capitals
    in brackets is the initials of the words before it (words joined by a hyphen each count; short words in lower
    case may be left out) and the name goes on after it: "Undang-undang (UU) Nomor 36 Tahun 1999 tentang
    Telekomunikasi" is typed "UU Nomor 36 Tahun 1999 tentang Telekomunikasi" and "Undang-Undang Nomor 36 ..."
    (indonesia-it-regulations, spent: no law named by its abbreviation was linked). None otherwise."""
    m = _INNER.match(name)
    if m is None:
        return None
    before, abbr, after = m.group(1), m.group(2), m.group(3)
    letters = [c for c in abbr if c.isalpha()]
    if len(letters) < 2:
        return None
    words = [w for w in re.split(r"[\s-]+", before) if w and not _SMALL_WORD.fullmatch(w)]
    if len(words) < len(letters) or [w[0].upper() for w in words[len(words) - len(letters):]] != letters:
        return None
    kept = before.split()
    # the words the abbreviation stands for, as written (a hyphened word counts its parts)
    at, need = len(kept), len(letters)
    while at > 0 and need > 0:
        at -= 1
        need -= len([w for w in re.split(r"-+", kept[at]) if w and not _SMALL_WORD.fullmatch(w)])
    if need < 0:
        return None
    return " ".join([*kept[:at], abbr, after]), f"{before} {after}"


def designation(name: str) -> str | None:
    """The words a long title designates its thing by, up to the number a word in lower case follows, where the title
    goes on to say what it is about: "UU Nomor 1 Tahun 2024" of "UU Nomor 1 Tahun 2024 tentang Perubahan Kedua atas
    ...", "Act No. 5" of "Act No. 5 of 2020 on Data Protection" (a law is cited by its number and year, its subject
    left out: indonesia-it-regulations, spent, linked none so cited). None for a name of fewer than six words, or
    where the words before that number are fewer than three, none begins with a capital or they hold a bracket (the
    forms of an abbreviation declared inside, `inner_abbreviation`, are tried instead)."""
    words = name.split()
    if len(words) < 6:
        return None
    for i in range(2, len(words) - 2):
        if re.search(r"\d", words[i]) and words[i + 1].isalpha() and words[i + 1].islower():
            head = words[:i + 1]
            if any(w[:1].isupper() for w in head) and not re.search(r"[()（）]", " ".join(head)):
                return " ".join(head)
            return None
    return None


# A name that ends in a qualifier in brackets: "My Love from the Star (Korean: 별에서 온 그대)", "Heat (1995 film)"
_QUALIFIED = re.compile(r"^(.*\S)\s*[(（]([^()（）]+)[)）]\s*$")


def declared_forms(name: str) -> tuple[str, str] | None:
    """The two forms a name declares by an abbreviation in brackets, at its end (`declared_abbreviation`) or inside
    it (`inner_abbreviation`); None where it declares none."""
    return declared_abbreviation(name) or inner_abbreviation(name)


def designations(name: str) -> list[str]:
    """The designations (`designation`) of a long title as written and in the forms of an abbreviation declared
    inside it (`inner_abbreviation`: "UU Nomor 1 Tahun 2024" and "Undang-undang Nomor 1 Tahun 2024"), each once."""
    out: list[str] = []
    for form in (name, *(inner_abbreviation(name) or ())):
        short = designation(form)
        if short is not None and short not in out:
            out.append(short)
    return out


# The legal forms a Chinese or Japanese company's registered name ends in, longest first: people name the company
# without them ("维信诺科技" for 维信诺科技股份有限公司; listed-company-profiles, spent, linked neither it nor
# "四川路桥建设集团"), as an English name is said without its "Ltd" (linking's `short_forms`)
CJK_LEGAL_FORMS = ("股份有限公司", "有限责任公司", "有限責任公司", "股份公司", "有限公司", "株式会社")
_CJK_NAME = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]{2,}")


def without_cjk_legal_form(name: str) -> str | None:
    """A company's name written in Chinese or Japanese letters without the legal form that ends it
    (`CJK_LEGAL_FORMS`), where two letters or more of those scripts stay and nothing else; else None."""
    form = next((f for f in CJK_LEGAL_FORMS if name.endswith(f)), None)  # the longest that ends it
    if form is None or not _CJK_NAME.fullmatch(name[:-len(form)]):
        return None
    return name[:-len(form)]


# A name of parts in Chinese or Japanese letters joined by dots (`NAME_DOTS`: "金·凯瑞", Jim Carrey;
# "レオナルド・ディカプリオ"): people type the name with them or without them ("金凯瑞")
_CJK_DOTTED = re.compile(rf"[\u3040-\u30ff\u3400-\u9fff]+(?:[{NAME_DOTS}][\u3040-\u30ff\u3400-\u9fff]+)+")


def without_cjk_dots(name: str) -> str | None:
    """A name whose parts in Chinese or Japanese letters are joined by a dot (`_CJK_DOTTED`), without the dots; else
    None."""
    if not _CJK_DOTTED.fullmatch(name):
        return None
    return re.sub(f"[{NAME_DOTS}]", "", name)


def cjk_short_forms(name: str) -> list[str]:
    """The shorter forms people type of a name in Chinese or Japanese letters: without its legal form
    (`without_cjk_legal_form`), without its dots (`without_cjk_dots`). The name index and the reference reader both
    read a name by them."""
    return [f for f in (without_cjk_legal_form(name), without_cjk_dots(name)) if f is not None]


def _qualified(name: str) -> tuple[str, str] | None:
    """(the name before it, the qualifier) of a name that ends in a qualifier in brackets, where the brackets declare
    no abbreviation (`declared_abbreviation` has those); a bracket inside what is left qualifies nothing."""
    m = _QUALIFIED.match(name)
    if m is None or declared_abbreviation(name) is not None or re.search(r"[()（）]", m.group(1)):
        return None
    return m.group(1).strip(), m.group(2).strip()


def qualified_rest(name: str) -> str | None:
    """A name without the qualifier in brackets that ends it ("My Love from the Star (Korean: 별에서 온 그대)": "My
    Love from the Star"), as its users type it; None where the name has none, the brackets declare an abbreviation
    (`declared_abbreviation` has those), or what is left is one word in Latin letters (too common a word to stand
    for the entity: "Star (magazine)") or shorter than two letters."""
    parts = _qualified(name)
    if parts is None:
        return None
    rest = parts[0]
    if sum(c.isalnum() for c in rest) < 2:
        return None
    if not any("\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in rest) and len(rest.split()) < 2:
        return None
    return rest


def qualified_word(name: str) -> str | None:
    """The one word in Latin letters (three or more) that a name keeps before the qualifier in brackets ending it
    ("Joker (New Earth)": "Joker"), which `qualified_rest` refuses as too common a word to stand for the entity on
    its own; `select_whole` reads it only where the question types it capitalised inside a sentence, as a name is
    ("Is the Joker a good character": comic-characters, spent, linked nothing). None otherwise."""
    parts = _qualified(name)
    if parts is None or not re.fullmatch(r"[A-Z][A-Za-z]{2,}", parts[0]):
        return None
    return parts[0]


def qualifier_first(name: str) -> str | None:
    """A name whose qualifier in brackets, a word or three in lower case, is said before it, as an adjective is
    ("Sled (selectorized)": "selectorized Sled", "Lever (plate loaded)": "plate loaded Lever"): a catalogue writes
    the kind first, people the quality first (exrx-exercises, spent: "the selectorized sled" linked every sled).
    In any script's lower-case letters: Vietnamese Wikipedia writes "Roly-Poly (bài hát)" (a song), people "bài hát
    Roly-Poly" (kpop-network, spent, linked a namesake without it). None where the name has no such qualifier."""
    parts = _qualified(name)
    if parts is None:
        return None
    rest, qualifier = parts
    if not re.fullmatch(r"[^\W\d_][^\W\d_-]*(?:-[^\W\d_]+)*(?: [^\W\d_]+(?:-[^\W\d_]+)*){0,2}", qualifier) \
            or not qualifier.islower() or not re.search(r"[^\W\d_]", rest):
        return None
    return f"{qualifier} {rest}"


# A name that says its kind before a colon, then what it is: "终极技能：巡飞弹" (a skill), "Ultimate: Loitering
# munition"; the kind is a few words (or up to six Chinese or Japanese letters), the rest two letters or more
_LABELLED = re.compile(r"^\s*([^:：]{1,24}?)\s*(?:：|:\s)\s*(\S.*?)\s*$")


# A name written in two scripts, Chinese or Japanese letters then its translation in Latin letters ("東京地裁 Tokyo
# Local Court", "劉連仁訴訟 Lawsuit by Liu Lianren")
_BILINGUAL = re.compile(r"^\s*([^A-Za-z]*[\u3040-\u30ff\u3400-\u9fff][^A-Za-z]*?)"
                        r"\s+([A-Za-z][^\u3040-\u30ff\u3400-\u9fff]*?)\s*$")


def bilingual_parts(name: str) -> tuple[str, str] | None:
    """The two names of a name written in Chinese or Japanese letters, then in Latin letters after a space ("東京地裁
    Tokyo Local Court": "東京地裁" and "Tokyo Local Court"), each as people typing one language type it (a Japanese
    question names "鹿島花岡鉱山中国人強制連行訴訟" inside its run of letters; japan-reparation-lawsuits, tune, linked
    nothing for three of its questions); None for any other name. Each part holds two letters at least."""
    m = _BILINGUAL.match(name)
    if m is None or len(m.group(1).strip()) < 2 or sum(c.isalpha() for c in m.group(2)) < 2:
        return None
    return m.group(1).strip(), m.group(2).strip()


def labelled_rest(name: str) -> str | None:
    """What a name that says its kind before a colon names after it ("终极技能：巡飞弹": "巡飞弹"), as its users type
    it ("哪位干员的终极技能是巡飞弹"); None where the name has no such colon, its kind is more than three words or
    six letters of a Chinese or Japanese run, or what follows is shorter than two letters or holds another colon."""
    m = _LABELLED.match(name)
    if m is None:
        return None
    kind, rest = m.group(1), m.group(2)
    cjk = sum(1 for c in kind if "\u3040" <= c <= "\u9fff")
    if len(kind.split()) > 3 or (cjk and cjk > 6) or sum(c.isalnum() for c in rest) < 2 or re.search("[:：]", rest):
        return None
    # (one word in Latin letters after the colon is too common a word to stand for the entity: "Oysters: Steamed")
    if not any("\u3040" <= c <= "\u9fff" for c in rest) and len(rest.split()) < 2:
        return None
    return rest


# A name that begins with two to four capitals written onto a capitalised word ("CNNetflix": CN, then Netflix)
_PREFIXED = re.compile(r"^([A-Z]{2,4})(?=[A-Z][a-z]{2,})")
# the share of a label's names, and the fewest, that must begin with one such prefix for it to be the label's
PREFIX_SHARE = 0.8
PREFIX_LEAST = 3


def label_prefix(names: Sequence[str], total: int, least: int = PREFIX_LEAST) -> str | None:
    """The capitals most of a label's names begin with, written onto a capitalised word (at least PREFIX_SHARE of
    its `total` names and `least` of them: "CN" of "CNNetflix", "CNAkamai", "CNConversant"), else None: a prefix
    few names carry is part of those names ("USAirways" among other airlines)."""
    counts: dict[str, int] = {}
    for name in names:
        m = _PREFIXED.match(name)
        if m is not None:
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    if not counts:
        return None
    prefix, n = max(sorted(counts.items()), key=lambda kv: kv[1])
    return prefix if n >= least and n >= PREFIX_SHARE * total else None


# A run of Chinese or Japanese letters; names typed in part share at least CJK_PART_MIN of them in a row with the
# question, found through pieces of CJK_GRAM letters (the CJK_CANDIDATES names sharing most pieces are compared
# whole); more than CJK_PART_MAX names sharing the longest run: it names none of them
_CJK_RUN = re.compile(CJK_LETTER.pattern + "+")
_K = TypeVar("_K")
CJK_GRAM = 3
CJK_PART_MIN = 6
CJK_CANDIDATES = 200
CJK_PART_MAX = 3


def _shared_run(a: str, b: str) -> str:
    """The longest run of letters `a` and `b` both hold (the first in `a` of that length)."""
    best, at = 0, 0
    prev = [0] * (len(b) + 1)
    for i, ca in enumerate(a, 1):
        cur = [0] * (len(b) + 1)
        for j, cb in enumerate(b, 1):
            if ca == cb:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best:
                    best, at = cur[j], i
        prev = cur
    return a[at - best:at]


def _cjk_runs(text: str) -> list[str]:
    """The runs of Chinese or Japanese letters of `text` long enough to name something typed in part."""
    return [r for r in _CJK_RUN.findall(text) if len(r) >= CJK_PART_MIN]


def _longest_shared(runs: list[str], names: Iterable[tuple[_K, str]]) -> dict[_K, str]:
    """Of `names` (key, name), those holding the longest run of `runs` shares with any of them, at least
    CJK_PART_MIN letters, where at most CJK_PART_MAX do ("股份有限公司", which many share, names none): key -> the
    shared run, in the order of `names`."""
    shared: dict[_K, str] = {}
    for key, name in names:
        best = max((_shared_run(r, nr) for r in runs for nr in _CJK_RUN.findall(name)), key=len, default="")
        if len(best) >= CJK_PART_MIN:
            shared[key] = best
    if not shared:
        return {}
    longest = max(len(v) for v in shared.values())
    found = {k: v for k, v in shared.items() if len(v) == longest}
    return found if len(found) <= CJK_PART_MAX else {}


def cjk_parts(text: str, names: Iterable[str]) -> dict[str, str]:
    """Of `names`, those holding the longest run of Chinese or Japanese letters `text` shares with any of them
    (`_longest_shared`): name -> the shared run. `NameIndex.cjk_parts` over a few names, as the reader reads a
    context's (the index looks up its many through pieces of names first)."""
    runs = _cjk_runs(text)
    return _longest_shared(runs, ((n, n) for n in names)) if runs else {}


@dataclass
class NameIndex:
    nodes: dict[str, Node] = field(default_factory=dict)
    by_name: dict[str, list[str]] = field(default_factory=dict)  # exact stored name (or alias) -> ids
    by_word: dict[str, list[str]] = field(default_factory=dict)  # folded word -> ids
    words: dict[str, int] = field(default_factory=dict)  # id -> words in its name
    # the digits of a name or alias that is mostly digits (a phone, card or account number) -> ids: typed with or
    # without its punctuation ("98824177531" or "9-(882)417-7531"), the same number
    by_digits: dict[str, list[str]] = field(default_factory=dict)
    # the initials of a name of several capitalised words ("UK" of "United Kingdom") -> ids
    by_initials: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0
    truncated: bool = False
    counts: tuple[int, int] = (-1, -1)  # (nodes, relationships) in the database when it was read
    builds: int = 1  # how many times this database's index was built in this process (1 + rebuilds on change)
    _sample: list[str] | None = field(default=None, repr=False)
    _common: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _cjk_grams: dict[str, list[str]] | None = field(default=None, repr=False)  # built on first use (`cjk_parts`)

    @classmethod
    def build(cls, rows: Iterable[Sequence[object]], tokenize: Tokenize) -> NameIndex:
        t0 = time.perf_counter()
        index = cls()
        for row in rows:
            nid, name, typ = str(row[0]), str(row[1]), row[2]
            aliases = tuple(str(a) for a in cast(Sequence[object], row[3] or ()))
            node = Node(nid, name, None if typ is None else str(typ), aliases)
            index.nodes[nid] = node
            seen: set[str] = set()
            for surface in (name, *aliases):
                index.by_name.setdefault(surface, []).append(nid)
                number = digits_of(surface)
                if number is not None:
                    index.by_digits.setdefault(number, []).append(nid)
                initials = initials_of(surface)
                if initials is not None and nid not in index.by_initials.get(initials, ()):
                    index.by_initials.setdefault(initials, []).append(nid)
                words = tokenize(surface)
                if surface == name:
                    index.words[nid] = max(1, len(words))
                for w in words:
                    if w not in seen:
                        seen.add(w)
                        index.by_word.setdefault(w, []).append(nid)
        index._add_short_names(tokenize)
        index._add_declared(tokenize)
        index._add_labelled(tokenize)
        index._add_unprefixed(tokenize)
        index._add_bilingual(tokenize)
        index.seconds = time.perf_counter() - t0
        return index

    def _add_short_names(self, tokenize: Tokenize) -> None:
        """Each name also without the trailing Hangul word most names of its label end in (`type_word`), where
        what is left is no other name and no short name of another name: Korean names carry their kind written
        onto them ("래미안원베일리아파트", an apartment complex) and are typed without it ("래미안원베일리는";
        seocho-apartments, spent: 7 of its 14 questions linked nothing). The short name is an alias of the
        entity."""
        # (only names that end in a Hangul letter are gathered: a graph of other names costs one comparison each)
        totals: dict[str, int] = {}
        by_type: dict[str, list[str]] = {}
        for nid, node in self.nodes.items():
            if node.type is not None:
                totals[node.type] = totals.get(node.type, 0) + 1
                if _hangul_last(node.name):
                    by_type.setdefault(node.type, []).append(nid)
        short: dict[str, list[str]] = {}
        for typ, ids in by_type.items():
            word = type_word([self.nodes[nid].name for nid in ids], totals[typ])
            if word is None:
                continue
            for nid in ids:
                name = self.nodes[nid].name
                rest = name[:-len(word)].rstrip()
                if not name.endswith(word) or len(rest) < SHORT_NAME_LETTERS:
                    continue
                if rest not in self.by_name:
                    short.setdefault(rest, []).append(nid)
                # ... and with a space before its type word, as typed where the short name is not one entity's
                # ("서초더샵포레 아파트": 서초더샵포레 is a complex's, a bus stop's and a daycare's)
                spaced = f"{rest} {word}"
                if spaced != name and spaced not in self.by_name:
                    short.setdefault(spaced, []).append(nid)
        # (entities of one name, under two labels, share its short name as they share the name; entities of two
        # names that differ in the type word alone, "반포자이아파트" and "반포자이상가", share none)
        self._add_aliases({rest: ids for rest, ids in short.items()
                           if len({self.nodes[nid].name for nid in ids}) == 1}, tokenize)

    def _add_declared(self, tokenize: Tokenize) -> None:
        """Each name that declares its abbreviation in brackets also by that abbreviation and by the name without it,
        as aliases (`declared_abbreviation`: the name itself says both), where neither is a name already: people
        type "the NNPC" for "Nigerian National Petroleum Corporation (NNPC)", whose one word in five lost it among
        the word search's many "... Nigeria Limited" (nigeria-oil-contracts, spent)."""
        added: dict[str, list[str]] = {}
        for nid, node in self.nodes.items():
            declared = declared_forms(node.name)
            if declared is None:
                continue
            for form in declared:
                if form not in self.by_name and nid not in added.get(form, ()):
                    added.setdefault(form, []).append(nid)
        self._add_aliases(added, tokenize)
        # ... and a long title by its designation (`designation`), the name's own or that of a form above, and a
        # company written in Chinese or Japanese letters by its name without its legal form (`without_cjk_legal_form`),
        # and a name of dotted parts in those letters without its dots (`without_cjk_dots`), where that designates one
        # entity and is no name already
        designated: dict[str, set[str]] = {}
        for nid, node in self.nodes.items():
            for short in (*designations(node.name), *cjk_short_forms(node.name)):
                if short not in self.by_name:
                    designated.setdefault(short, set()).add(nid)
        self._add_aliases({d: sorted(ids) for d, ids in designated.items() if len(ids) == 1}, tokenize)

    def _add_labelled(self, tokenize: Tokenize) -> None:
        """Each name that says its kind before a colon also by what follows it, as an alias (`labelled_rest`: the
        name itself says it), where that is no name already and names one entity: "哪位干员的终极技能是巡飞弹" types
        the skill "终极技能：巡飞弹" as its kind, then 是, then the rest (delta-force, spent: nothing linked)."""
        added: dict[str, list[str]] = {}
        for nid, node in self.nodes.items():
            rest = labelled_rest(node.name)
            if rest is not None and rest not in self.by_name:
                added.setdefault(rest, []).append(nid)
        self._add_aliases({rest: ids for rest, ids in added.items()
                           if len({self.nodes[nid].name for nid in ids}) == 1}, tokenize)

    def _add_unprefixed(self, tokenize: Tokenize) -> None:
        """Each name also without the capitals most names of its label begin with, written onto a capitalised word
        (`label_prefix`), as an alias where the rest is no name already and names one entity: a label's kind or
        source is written onto its names as the Korean ones write theirs at the end, and people type the word
        ("the Netflix CDN" for "CNNetflix": telco-topology, tune, linked nothing for five of its questions)."""
        by_type: dict[str, list[str]] = {}
        for nid, node in self.nodes.items():
            if node.type is not None and _PREFIXED.match(node.name):
                by_type.setdefault(node.type, []).append(nid)
        totals: dict[str, int] = {}
        for node in self.nodes.values():
            if node.type in by_type:
                totals[node.type] = totals.get(node.type, 0) + 1
        added: dict[str, list[str]] = {}
        for typ, ids in by_type.items():
            prefix = label_prefix([self.nodes[nid].name for nid in ids], totals[typ])
            if prefix is None:
                continue
            for nid in ids:
                rest = self.nodes[nid].name[len(prefix):]
                if self.nodes[nid].name.startswith(prefix) and rest not in self.by_name:
                    added.setdefault(rest, []).append(nid)
        self._add_aliases({rest: ids for rest, ids in added.items()
                           if len({self.nodes[nid].name for nid in ids}) == 1}, tokenize)

    def _add_bilingual(self, tokenize: Tokenize) -> None:
        """Each name written in two scripts also by each of them (`bilingual_parts`), as aliases where the part is no
        name already and names one entity."""
        added: dict[str, list[str]] = {}
        for nid, node in self.nodes.items():
            parts = bilingual_parts(node.name)
            for part in parts or ():
                if part not in self.by_name and nid not in added.get(part, ()):
                    added.setdefault(part, []).append(nid)
        self._add_aliases({part: ids for part, ids in added.items()
                           if len({self.nodes[nid].name for nid in ids}) == 1}, tokenize)

    def _add_aliases(self, forms: dict[str, list[str]], tokenize: Tokenize) -> None:
        """Each form as an alias of its entities: a name to look up exactly, and its words to search by."""
        for form, ids in forms.items():
            self.by_name[form] = list(ids)
            for nid in ids:
                node = self.nodes[nid]
                self.nodes[nid] = replace(node, aliases=(*node.aliases, form))
                for w in tokenize(form):
                    if nid not in self.by_word.get(w, ()):
                        self.by_word.setdefault(w, []).append(nid)

    @classmethod
    def load(cls, store: Neo4jStore, tokenize: Tokenize, limit: int = MAX_ENTITIES) -> NameIndex:
        t0 = time.perf_counter()
        rows = store.read_plain("entity_names", limit=limit + 1)
        if len(rows) > limit:
            raise UsageError(f"the graph holds more than {limit:,} entities: too many to read their names into "
                             "memory for linking",
                             hint="let xgrag create its full-text index (`xgrag migrate`, read_only = false), or "
                                  "map fewer entity labels in [[schema.entities]]")
        index = cls.build((r["row"] for r in rows), tokenize)
        index.seconds = time.perf_counter() - t0
        return index

    def sample(self, size: int = PROBE_SIZE) -> list[str]:
        """Ids spread evenly over the index (sorted, so the same index always probes the same entities; chosen once:
        sorting a million ids on every link would cost more than the check)."""
        if self._sample is None or len(self._sample) != min(size, len(self.nodes)):
            ids = sorted(self.nodes)
            step = max(1.0, len(ids) / size)
            self._sample = ids if len(ids) <= size else [ids[int(i * step)] for i in range(size)]
        return self._sample

    def matches(self, store: Neo4jStore) -> bool:
        """Whether the graph still looks as it did when the index was read: same counts, sample unchanged."""
        if graph_counts(store) != self.counts:
            return False
        ids = self.sample()
        now = {str(r["row"][0]): str(r["row"][1]) for r in store.read_plain("entity_names_probe", ids=ids)}
        return now == {nid: self.nodes[nid].name for nid in ids}

    def cost(self) -> dict[str, object]:
        """What the index cost: entities, seconds to read and build, an estimate of its memory."""
        size = sum(sys.getsizeof(k) + sys.getsizeof(v) for k, v in self.by_word.items())
        size += sum(sys.getsizeof(n.id) + sys.getsizeof(n.name) for n in self.nodes.values())
        return {"method": "memory", "entities": len(self.nodes), "seconds": round(self.seconds, 3),
                "approx_mb": round(size / 2**20, 1), "builds": self.builds}

    def exact(self, names: Iterable[str], excluded: set[str]) -> list[tuple[Node, str]]:
        """Entities whose stored name (or an alias) is exactly one of `names` (case-sensitive), as
        (entity, name); the full-text path's `link_exact`."""
        out: list[tuple[Node, str]] = []
        for name in dict.fromkeys(names):
            for nid in self.by_name.get(name, ()):
                if nid not in excluded:
                    out.append((self.nodes[nid], name))
        return sorted(out, key=lambda x: (x[1], x[0].id))

    def cjk_parts(self, text: str, excluded: set[str]) -> list[tuple[Node, str]]:
        """Entities whose name holds, in a row, the longest run of Chinese or Japanese letters that `text` (the
        question without the names it says whole) shares with any name, at least CJK_PART_MIN letters, where at
        most CJK_PART_MAX names share it: (entity, the shared letters). Such names are typed in part: a tender's
        notice "[湖北省中心]武汉大学雷军科技楼入驻改造工程项目...中标结果公告(标段编号...)" is asked about as
        "武汉大学雷军科技楼入驻改造工程项目" (hubei-tender-awards, spent: none of its tenders was linked). Found
        through the names' CJK_GRAM-letter pieces, then the longest shared run (`_shared_run`)."""
        runs = _cjk_runs(text)
        if not runs:
            return []
        grams = self._cjk_index()
        counts: dict[str, int] = {}
        for g in {r[i:i + CJK_GRAM] for r in runs for i in range(len(r) - CJK_GRAM + 1)}:
            for nid in grams.get(g, ()):
                if nid not in excluded:
                    counts[nid] = counts.get(nid, 0) + 1
        least = CJK_PART_MIN - CJK_GRAM + 1
        ranked = heapq.nsmallest(CJK_CANDIDATES, ((n, nid) for nid, n in counts.items() if n >= least),
                                 key=lambda x: (-x[0], x[1]))
        found = _longest_shared(runs, ((nid, self.nodes[nid].name) for _, nid in ranked))
        return [(self.nodes[nid], found[nid]) for nid in sorted(found)]

    def _cjk_index(self) -> dict[str, list[str]]:
        if self._cjk_grams is None:
            grams: dict[str, list[str]] = {}
            for nid, node in self.nodes.items():
                seen: set[str] = set()
                for run in _CJK_RUN.findall(node.name):
                    for i in range(len(run) - CJK_GRAM + 1):
                        g = run[i:i + CJK_GRAM]
                        if g not in seen:
                            seen.add(g)
                            grams.setdefault(g, []).append(nid)
            self._cjk_grams = grams
        return self._cjk_grams

    def numbers(self, question: str, excluded: set[str]) -> list[tuple[Node, str]]:
        """Entities named by a number the question types, with or without its punctuation: (entity, as typed)."""
        out: list[tuple[Node, str]] = []
        for token in question.split():
            typed = token.strip("?!,;:'\"")
            number = digits_of(typed)
            for nid in self.by_digits.get(number or "", ()):
                if nid not in excluded:
                    out.append((self.nodes[nid], typed))
        return sorted(dict.fromkeys(out), key=lambda x: (x[1], x[0].id))

    def initials(self, question: str, excluded: set[str]) -> list[tuple[Node, str]]:
        """The entity a word typed in capitals abbreviates ("the UK": United Kingdom; "U.S.A." as "USA"), when it
        is the initials of one entity's name only and no entity is named by the word itself nor has it among its
        name's words: (entity, as typed). Several entities with those initials: none (the word says no one)."""
        out: list[tuple[Node, str]] = []
        for token in capital_words(question):
            letters = token.replace(".", "")
            if letters in self.by_name or token in self.by_name or letters.lower() in self.by_word:
                continue
            ids = [nid for nid in self.by_initials.get(letters, ()) if nid not in excluded]
            if len(ids) == 1:
                out.append((self.nodes[ids[0]], token))
        return sorted(dict.fromkeys(out), key=lambda x: (x[1], x[0].id))

    def search(self, terms: Iterable[str], limit: int, excluded: set[str]) -> list[tuple[Node, float]]:
        """Entities whose names share words with `terms` (already folded, with their singular/plural variants),
        best first: the share of the name's words among the terms, then the number matched, then id. The
        full-text path's `link_fulltext` (the selection in xgrag.retrieval.linking decides what links)."""
        hits: dict[str, int] = {}
        # rarest words first, so a common word meets the candidates the rarer ones found
        postings = sorted(((t, self.by_word.get(t, [])) for t in dict.fromkeys(terms)), key=lambda tp: len(tp[1]))
        for term, ids in postings:
            if len(ids) > COMMON_WORD and hits:
                members = self._members(term)
                for nid in hits:
                    if nid in members:
                        hits[nid] += 1
                continue
            for nid in ids:
                if nid not in excluded:
                    hits[nid] = hits.get(nid, 0) + 1
        ranked = heapq.nsmallest(limit, hits.items(),
                                 key=lambda kv: (-kv[1] / self.words.get(kv[0], 1), -kv[1], kv[0]))
        return [(self.nodes[nid], n / self.words.get(nid, 1)) for nid, n in ranked]

    def _members(self, word: str) -> frozenset[str]:
        """The ids under a common word, as a set (built once per word and index)."""
        found = self._common.get(word)
        if found is None:
            found = self._common[word] = frozenset(self.by_word.get(word, ()))
        return found


def graph_counts(store: Neo4jStore) -> tuple[int, int]:
    """(nodes, relationships) in the database, from Neo4j's count store."""
    row = store.read_plain("graph_counts")[0]
    return int(row["nodes"]), int(row["relationships"])


_CACHE: dict[tuple[str, str, str], NameIndex] = {}
_LOCK = threading.Lock()


def _key(store: Neo4jStore) -> tuple[str, str, str]:
    return store.uri, store.database, store.schema.model_dump_json()


def _load(store: Neo4jStore, tokenize: Tokenize, builds: int) -> NameIndex:
    # counts read before the names: a write landing between the two makes the next check rebuild, never the
    # reverse (an index missing a write while its counts say it has it)
    counts = graph_counts(store)
    index = NameIndex.load(store, tokenize)
    index.counts, index.builds = counts, builds
    return index


def shared_index(store: Neo4jStore, tokenize: Tokenize) -> NameIndex:
    """The process's name index for this database and mapping: built on first use, checked against the graph on
    every later one (`NameIndex.matches`) and rebuilt when the graph changed."""
    key = _key(store)
    with _LOCK:
        index = _CACHE.get(key)
        if index is None or not index.matches(store):
            index = _CACHE[key] = _load(store, tokenize, 1 if index is None else index.builds + 1)
        return index


def refresh_index(store: Neo4jStore, tokenize: Tokenize) -> NameIndex:
    """Rebuild this database's name index now (after a change the check cannot see: a rename off the sample)."""
    key = _key(store)
    with _LOCK:
        old = _CACHE.get(key)
        index = _CACHE[key] = _load(store, tokenize, 1 if old is None else old.builds + 1)
        return index
