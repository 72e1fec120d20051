"""Labels: which are entities (not chunks, documents or xgrag's own), and per entity label its display name (one
property, a first + last name, or none) and its key (a uniqueness constraint, else a property unique in the
sample)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from xgrag.config import IDENTIFIER
from xgrag.schema.options import MAX_FACT_CHARS, InferOptions
from xgrag.schema.profile import SHORT_CHARS, GraphProfile, LabelProfile, PropertyStats, binary, id_named
from xgrag.schema.values import describes, not_a_fact, value_text


@dataclass(frozen=True)
class LabelSkip:
    label: str
    count: int
    reason: str


TEXT_KEYS = ("text", "content", "page_content", "pageContent", "body", "chunk", "passage")
ALIAS_KEYS = ("aliases", "alias", "synonyms", "alternateNames", "alternate_names", "altNames", "otherNames")
# the parts of a person's name in properties of their own, as keys read with case and "_" folded: a first part
# (a `name` that repeats is one: "Nancy" beside surname "Campbell") and a last part
FIRST_PARTS = ("firstname", "givenname", "forename", "first", "name")
LAST_PARTS = ("lastname", "surname", "familyname", "last")
# a title that repeats (a remake) is told apart by its year
YEAR_WORDS = ("year", "released", "releaseyear")
# The score of a name composed of a title that repeats and the year that tells its nodes apart (`name_candidates`)
TITLE_YEAR_SCORE = 88
# A value that names nothing a person would type: a hash, a UUID, base64 (20+ characters of letters, digits and
# -_+/= with a digit among them and nothing else: no space, dot or @).
_OPAQUE = re.compile(r"(?=.*\d)[0-9A-Za-z_+/=-]{20,}")
# A date or a time written as text ("2017-08-10", "1/08/2017", "10/08/17", "2014-12-09T13:50:51Z"); a dotted triple
# without a four-digit year is an address or a version ("10.1.1"), not a date.
_DATE_TEXT = re.compile(r"(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2}[-/]\d{1,2}[-/]\d{2})"
                        r"(?:[ T].*)?")
# Key words of properties whose values identify a node by the value itself (a phone number, an address, a URL).
VALUE_WORDS = ("ip", "address", "phone", "tel", "mobile", "fax", "email", "mail", "url", "link", "uri", "code",
               "postcode", "zip", "plate", "registration", "reg", "number", "no", "iban", "account", "card", "ssn",
               "serial", "passport", "licence", "license", "vin", "isbn", "sku", "host", "domain", "handle", "login",
               "username")
# A serial number as a label's key holds it: digits after at most a short prefix ("10248", "R7", "ORD-0001").
_SERIAL = re.compile(r"[A-Za-z]{0,4}[-_]?\d+")
# Key words of a property holding a record's kind ("Burglary"): shown before its date.
KIND_WORDS = ("type", "category", "kind", "class")
DATE_WORDS = ("date", "time", "start", "begin", "created", "when", "day")


# "name" and "title" as graphs written in other languages call them (a Paris metro graph's Station.nom, a Brazilian
# graph's Cidade.nome): read as the English words wherever a key is compared.
_KEY_WORDS = {"nom": "name", "nome": "name", "nombre": "name", "naam": "name", "navn": "name", "namn": "name",
              "nimi": "name", "titre": "title", "titulo": "title", "titolo": "title", "titel": "title",
              "intitule": "title", "libelle": "name",  # French: a station's intitulé, an item's libellé
              # Norwegian and Danish (an occupation's `yrkestittel`: nav-job-ads, spent, named by its code)
              "tittel": "title", "benevnelse": "name", "betegnelse": "name",
              # Indonesian and Malay (an establishment's `nama`: named by its address, its name a fact), Polish,
              # Czech, Croatian and Serbian, Turkish
              "nama": "name", "judul": "title", "nazwa": "name", "tytul": "title", "nazev": "name", "naziv": "name",
              "naslov": "title", "isim": "name",
              # Korean, Japanese and Chinese (a station's 이름, a site's 名称)
              "이름": "name", "명칭": "name", "제목": "title", "名前": "name", "名称": "name", "名字": "name",
              "タイトル": "title", "題名": "title", "标题": "title", "標題": "title"}


# ... and as the last word of a key written in Chinese, Japanese or Korean letters, which join a compound's words with
# no space or underscore: "股票名称" is the stock's name (china-stock-concepts, spent: its stocks and concepts were
# named by their codes "600519.SH" and "TS67" beside their 名称, and every answer came out as a code)
_CJK_KEY_ENDS = tuple(sorted((w for w in _KEY_WORDS if not w.isascii()), key=len, reverse=True))


def _norm(key: str) -> str:
    low = key.lower().replace("_", "")
    if low not in _KEY_WORDS and not low.isascii():
        for end in _CJK_KEY_ENDS:
            if low.endswith(end) and len(low) > len(end):
                return low[:-len(end)] + _KEY_WORDS[end]
    return _KEY_WORDS.get(low, low)


# "nm" as the last word of a key, the abbreviation of "name" public data writes ("attraction_nm", "cityNm", Korea's
# open data above all): read as "name" when a key is scored as a name (korea-travel-routes, spent: its 26,534
# attractions were named "attraction <attraction_id>" beside their `attraction_nm`, and no question linked one)
_NM_NAME = re.compile(r"(?:(?<=[A-Za-z0-9])_|(?<=[a-z0-9])(?=N))[Nn][Mm]$|^[Nn][Mm]$")


def name_key(key: str) -> bool:
    """A property named as a name is: `name`, `title` (any case, underscores aside; in another language too:
    `nom`, `nome`, `nombre`, `titre`, ...)."""
    return _norm(key) in ("name", "title")


# The name a person or an account goes by where not everyone has one (a username beside a wallet address).
HANDLE_KEYS = ("username", "nickname", "screenname", "displayname", "fullname", "handle")


def _usable(s: PropertyStats | None, lp: LabelProfile, opts: InferOptions, present: float | None = None,
            long: bool = False, named: bool = False) -> bool:
    """A short string property set on most sampled nodes (a name, or a part of one; `long`: a value up to a fact's
    length, a URL). `named`: the key says it is its nodes' name or title, so a few values longer than a fact do not
    disqualify it (a compound's systematic name runs to 335 characters where a drug's is "glimepiride": t2d-net,
    spent, named its compounds by their SMILES string and no drug could be linked), nor a length on average up to
    `TITLE_CHARS` (a law's title)."""
    n = max(lp.sampled, 1)
    return (s is not None and bool(IDENTIFIER.fullmatch(s.key)) and s.kinds == {"string"}
            and s.present >= (opts.name_present if present is None else present) * n and not binary(s)
            and (s.avg_len or 0) <= (MAX_FACT_CHARS if long else max(TITLE_CHARS, opts.text_chars) if named
                                     else opts.text_chars)
            and (named or (s.max_len or 0) <= MAX_FACT_CHARS))


# A name or title up to this long on average is still what its nodes are called, though longer than a fact: a law
# is "Peraturan Pemerintah (PP) Nomor 46 Tahun 2021 tentang Pos, Telekomunikasi, dan Penyiaran", 152 characters on
# average (indonesia-it-regulations, spent, named its regulations by their file names "PP_2021_046", and no question
# naming one by its title was linked). The profile counts distinct values up to as long (`SHORT_CHARS`).
TITLE_CHARS = SHORT_CHARS


def _unique(s: PropertyStats, opts: InferOptions) -> bool:
    return s.distinct / max(s.present, 1) >= opts.name_unique


def _partly_counted(s: PropertyStats, opts: InferOptions) -> bool:
    """Values longer than a fact on average, some too long for the profile to count (`SHORT_CHARS`)."""
    return (s.avg_len or 0) > opts.text_chars and s.short < s.present


def _unique_title(s: PropertyStats, opts: InferOptions) -> bool:
    """`_unique`, or, of a name or title longer than a fact on average (`TITLE_CHARS`), nearly every value its own
    among those short enough to be counted (`SHORT_CHARS`), where they are most of them (51 of a law's 63 titles)."""
    if _partly_counted(s, opts):
        return 2 * s.short >= s.present and s.distinct / max(s.short, 1) >= opts.name_unique
    return _unique(s, opts)


def opaque(s: PropertyStats) -> bool:
    """Values no one types: hashes, UUIDs, base64 (judged on the sampled examples)."""
    return bool(s.examples) and all(_OPAQUE.fullmatch(x) for x in s.examples)


# A name written as an identifier ("tien-phong-commercial-joint-stock-bank", "seb_bank_tallinn"): lowercase words
# joined by - or _, at least two of them, with a letter.
_SLUG = re.compile(r"(?=[a-z0-9_-]*[a-z])[a-z0-9]+(?:[-_][a-z0-9]+)+")


def slug_like(s: PropertyStats) -> bool:
    """Values that are names written as identifiers (judged on the sampled examples): a person reads the name they
    were made from, never the slug."""
    return bool(s.examples) and all(_SLUG.fullmatch(x) for x in s.examples)


# A key named with one of these words is a code people look up ("Crm Cd" 330, "Rpt Dist No" 1998, an InChIKey)
CODE_WORDS = ("code", "cd", "no", "nr", "num", "number", "key", "kode", "kod", "codigo", "codice", "nummer")


def readable_code(lp: LabelProfile, key: str) -> bool:
    """A key people ask for as well as name nodes by: a short code with letters ("LIE" of Liechtenstein, an airport's
    IATA code "HNL"), or a key whose name says it is a code or a number ("Crm Cd" 330: "what is the crime code for
    burglary from vehicle?"; an InChIKey), neither an identifier by its name (id, *_id) nor a serial number its
    label's nodes are known by ("Order 10248"); the code with letters neither opaque, a slug nor a date. It stays a
    fact ("what is the country code of Liechtenstein?")."""
    s = lp.properties.get(key)
    if s is None or business_key(lp, key):
        return False
    if id_named(key):  # an identifier, unless one people cite ("BER4257")
        return cited_code(s)
    if _has_word(key, CODE_WORDS) and s.kinds <= {"string", "integer"}:
        return True
    # a key named `identifier` of values that are not opaque ("33241", an industry's SCIAN code: "what is the code of
    # X?" was answered with X's description, its code no fact), as a code; a uuid under that name stays a key only
    if _has_word(key, ("identifier",)) and s.kinds <= {"string", "integer"} and not opaque(s):
        return True
    return (s.kinds == {"string"} and bool(s.examples)
            and all(re.fullmatch(r"[A-Za-z][A-Za-z0-9.-]{1,9}", x) for x in s.examples)
            and not opaque(s) and not slug_like(s) and not date_like(s))


def date_like(s: PropertyStats) -> bool:
    """Dates and times: temporal values, or text written as a date."""
    return "temporal" in s.kinds or (s.kinds == {"string"} and bool(s.examples)
                                     and all(_DATE_TEXT.fullmatch(x) for x in s.examples))


def _has_word(key: str, words: tuple[str, ...]) -> bool:
    """Does the key say one of `words`: as one of its parts (camelCase, snake_case), or, for a word of four letters
    or more, inside a key written as one word ("starttime", "phonenumber")?"""
    parts = [p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", key)] or [key.lower()]
    low = _norm(key)
    return any(w in parts or (len(w) >= 4 and w in low) for w in words)


def _text_prop(lp: LabelProfile, opts: InferOptions) -> PropertyStats | None:
    for k in TEXT_KEYS:
        s = lp.properties.get(k)
        if s and "string" in s.kinds and (s.avg_len or 0) > opts.text_chars:
            return s
    return None


def _embedding(lp: LabelProfile, opts: InferOptions) -> PropertyStats | None:
    for s in lp.properties.values():
        reason = not_a_fact(s, opts)
        if reason and reason.startswith("an embedding"):
            return s
    return None


def _long_text(lp: LabelProfile, opts: InferOptions) -> PropertyStats | None:
    for s in lp.properties.values():
        reason = not_a_fact(s, opts)
        if reason and reason.startswith("free text"):
            return s
    return None


# Words that say a name property holds the main one of a node's names ("canonical_name", "officialName")
_MAIN_NAME_QUALIFIERS = frozenset({"canonical", "official", "preferred", "primary", "standard", "proper", "main",
                                   "default"})


def name_candidates(lp: LabelProfile, opts: InferOptions,
                    copied: frozenset[str] = frozenset()) -> list[tuple[int, list[str], str]]:
    """(score, properties, why) of the display names the label's properties offer, best first. A single property
    must be set on most sampled nodes and nearly unique (names tell nodes apart: Order.shipName repeats, so orders
    are nameless); a name in parts (first + last, given + family, a repeating `name` + `surname`) need only be set;
    a repeating title is told apart by a year, else still names its nodes as their own name that repeats does,
    unless it is `copied` (the caller's: a key that names a label this one is linked to, an answer's title that is
    its question's)."""
    out: list[tuple[int, list[str], str]] = []
    props = sorted(lp.properties.items())
    for first, a in props:
        if _norm(first) not in FIRST_PARTS or not _usable(a, lp, opts):
            continue
        if _norm(first) == "name" and _unique(a, opts):
            continue  # a name that tells nodes apart is a whole name, not a first name
        for last, b in props:
            if _norm(last) in LAST_PARTS and _usable(b, lp, opts):
                out.append((92, [first, last], f"{first} + {last}: a person's name in two properties"))
    for title, a in props:
        if _norm(title) in ("title", "name") and _usable(a, lp, opts) and not _unique(a, opts):
            for year, b in props:
                if _norm(year) in YEAR_WORDS and b.present >= opts.name_present * max(lp.sampled, 1) \
                        and b.kinds <= {"string", "integer"}:
                    out.append((TITLE_YEAR_SCORE, [title, year], f"{title} repeats ({a.distinct} distinct values in "
                                                                 f"{a.present}); "
                                                   f"with {year} it tells nodes apart"))
    label_name = lp.label.lower() + "name"
    for key, s in props:
        low = _norm(_NM_NAME.sub("name", key))
        if low == "name":
            score = 100
        elif low == label_name:
            score = 95
        elif low == lp.label.lower().replace("_", ""):  # Album.album, Personnage.personnage: the label's own word
            score = 94
        elif len(low) >= 3 and low.isalpha() and lp.label.lower().replace("_", "").endswith(low):
            # ... or the head of its compound (Hashtag.tag "FlynnResignation": russian-troll-tweets, spent, named its
            # hashtags by their archived URLs, and "which hashtag" was answered with a URL)
            score = 94
        elif _named_for_label(low, lp.label):
            # the label's name said with its word first, as French, Spanish or Italian say it (Voie.NomVoie,
            # Estadio.nombre_estadio): the label's own name as `<label>Name` is (paris-housing, spent: streets were
            # named by their code CodeVoie "7472", "rue des Plantes" linking a number)
            score = 95
        elif low.endswith("name") and low[:-len("name")] in _MAIN_NAME_QUALIFIERS:
            # the name the graph's authors settled on among others (`canonical_name`, `official_name`,
            # `preferredName`): the label's own name, though it repeats (japanese-mythology, spent: its regions'
            # canonical_name repeats, "legacy_region_province" on 68 placeholder clusters, and every region was named
            # as a record, "ancient_country 2026-05-25T00:00:00 REGION-豊前国" for 豊前国)
            score = 94
        elif low in ("label", "preflabel") or _korean_name_key(key):
            # a node's label as RDF and SKOS write it (`label`, `prefLabel`), or a Korean key that says a name of
            # a kind ("역사명": the station's name): its own name, though it repeats (a station a node per line;
            # korea-urban-rail, spent, was named by its street address, the answer to "which station" an address)
            score = 94
        elif low == "title" or (low.endswith("title") and low not in ("jobtitle", "subtitle")):
            score = 90  # a title, or a title of a kind ("primaryTitle", "originalTitle": IMDb's), not a job's
        elif low in ("fullname", "displayname", "companyname"):
            score = 85
        elif low.endswith("name") and not id_named(key):
            score = 60
        elif _label_word(lp.label, key):
            score = 55
        else:
            continue
        if not _usable(s, lp, opts, named=score >= 90) or joined_list(s):
            continue
        seen = f"{s.distinct} distinct values in {s.present} sampled nodes" + (
            f", e.g. {value_text(s.examples, 2)}" if s.examples else "")
        if _partly_counted(s, opts):
            seen = (f"{s.distinct} distinct values in the {s.short} of {s.present} sampled nodes short enough to be "
                    f"counted, {s.avg_len:.0f} characters on average")
        if _unique(s, opts) or (score >= 90 and _unique_title(s, opts)):
            out.append((score, [key], seen))
        elif (score >= 94 or (score == 90 and key not in copied)) and not opaque(s) \
                and (s.distinct >= OWN_NAME_DISTINCT * s.present or composed_from(lp, opts, s) is not None
                     or only_web_addresses(lp, opts, s)):
            # the label's own name ("name", "customerName") repeats as people's names do (two customers called
            # Whoopi): still what its users call them, after any name in parts or title + year; a name said twice
            # links both, reported as ambiguous. So does a title (two paintings called "Portrait of a Man", known
            # by their titles, not their catalogue URLs: met-paintings, spent), unless it copies the name of what
            # the nodes are linked to (a Stack Overflow answer's title is its question's: the answer would read as
            # its question; named by its link)
            # (fewer distinct still, where a unique key is built from it: "45° Calf Press__Calf__Lever" beside
            # "45° Calf Press", exrx-exercises, spent, whose variants of an exercise were named by their composed key
            # and "which exercise" answered "Seated Hip External Rotation__Hips__Cable__...")
            # (... and where nothing else tells them apart but a web address no one types: a garment called "Evening
            # dress" as hundreds are, not "https://www.metmuseum.org/..."; met-fashion, spent, named its garments by
            # their page and no question naming one by its title was linked)
            built = composed_from(lp, opts, s)
            out.append((50, [key], f"the label's own {'title' if score == 90 else 'name'}, though it repeats "
                                   f"({seen})" + (f"; {built} is built from it" if built else
                                                  "; nothing else but a web address tells its nodes apart"
                                                  if s.distinct < OWN_NAME_DISTINCT * s.present else "")))
    # (a name of numbers only, where another candidate holds words, is a number: Doctor Who's Episode.episode, its
    # story number "3" under the label's own word, before its unique `title` "Genesis of the Daleks"; doctor-who,
    # spent, linked no story by its title)
    worded = {tuple(c[1]) for c in out if any(_has_letters(lp.properties[p]) for p in c[1] if p in lp.properties)}
    out.sort(key=lambda c: (bool(worded) and tuple(c[1]) not in worded, -c[0], c[1]))
    return out


def joined_list(s: PropertyStats) -> bool:
    """Values that are lists written as one text, their items joined by ";" (three items or more in every example):
    no name, whatever the key says (singapore-boards, spent: an institution's `name` holds its board members
    "Ang Kong Hua;Tham Kui Seng;...", the institution's own name under the label's word, `sti`, and "which bank is
    X a director of" was answered with the member list)."""
    return bool(s.examples) and all(str(e).count(";") >= 2 for e in s.examples)


def _has_letters(s: PropertyStats) -> bool:
    """Some sampled value holds a letter (of any script): not numbers alone ("1", "10")."""
    return any(re.search(r"[^\W\d_]", x) for x in s.examples)


# Characters that join the parts of a key built from several values ("45° Calf Press__Calf__Lever", "Paris|FR").
_JOINS = frozenset("_|:/#;@-.")


def composed_from(lp: LabelProfile, opts: InferOptions, s: PropertyStats) -> str | None:
    """The unique property of `lp` built from `s` and more (an id "45° Calf Press__Calf__Lever" beside a name "45° Calf
    Press" that repeats over an exercise's variants): one of its sampled values (the smallest,
    `PropertyStats.examples`) is one of `s`'s followed by a joining character. Its authors told the nodes apart by
    adding to the name, so the name is still what the nodes are called. A name with fewer distinct values than one
    in `KIND_ONLY` nodes is a kind, not a name, whatever is built from it."""
    if s.distinct * KIND_ONLY < s.present:
        return None
    for key, o in sorted(lp.properties.items()):
        if key != s.key and "string" in o.kinds and _unique(o, opts) and any(
                x.startswith(v) and len(x) > len(v) and x[len(v)] in _JOINS
                for x in o.examples for v in s.examples if v.strip()):
            return key
    return None


def only_web_addresses(lp: LabelProfile, opts: InferOptions, s: PropertyStats) -> bool:
    """Whether the only properties of `lp` that tell its nodes apart (short strings, nearly unique) are web
    addresses (`_web_address`), and there is one: its name `s` is what people call its nodes, though it repeats, unless
    it has fewer distinct values than one in `KIND_ONLY` nodes (a kind)."""
    if s.distinct * KIND_ONLY < s.present:
        return False
    unique = [o for k, o in sorted(lp.properties.items())
              if k != s.key and _usable(o, lp, opts, long=True) and _unique(o, opts)]
    return bool(unique) and all(_web_address(o) for o in unique)


def _korean_name_key(key: str) -> bool:
    """A Korean key that says a name of something ("역사명", "노선명", "기관명": the station's, the line's, the
    body's name): Hangul letters ending in 명 ("name"), three letters at least (two are a word of their own, 설명 a
    description, 생명 a life), not a description."""
    return len(key) >= 3 and key.endswith("명") and not key.endswith("설명") \
        and all("\uac00" <= ch <= "\ud7a3" for ch in key)


def _named_for_label(low: str, label: str) -> bool:
    """`low` (a key as `_norm` writes it) is a word for "name" or "title" in a language `_KEY_WORDS` holds, then the
    label's own word: `nomvoie` of Voie, `nombreestadio` of Estadio; or the label's word first, as German and the
    Nordic languages compound it, with or without a joining s or e: `yrkestittel` of yrke, `Stationsname`."""
    own = label.lower().replace("_", "")
    if len(own) < 3 or low == own:
        return False
    if low.endswith(own) and name_key(low[:-len(own)]):
        return True
    rest = low[len(own):] if low.startswith(own) else ""
    return bool(rest) and (name_key(rest) or (rest[0] in "se" and len(rest) > 3 and name_key(rest[1:])))


def repeating_name(lp: LabelProfile, opts: InferOptions, name: list[str]) -> bool:
    """A name of one property whose values repeat (the label's own name or title, `name_candidates`' 50: two
    paintings called "Portrait of a Man"): its nodes are told apart by their key, which then stays a fact to see and
    ask about ("what is the object ID of ...")."""
    return len(name) == 1 and name[0] in lp.properties and not _unique(lp.properties[name[0]], opts)


def _label_word(label: str, key: str) -> bool:
    """A key made of the label's own word and one more that says no identifier, code, number, date or value
    (`varietyDesc` "Albarino" beside `varietyID`, `colorDesc` "amber"): what the label's nodes are called, where the
    graph has no `name` (a short, nearly unique string: `_usable`, `_unique`, as any name)."""
    own = label.lower().replace("_", "")
    low = _norm(key)
    rest = low[len(own):]
    # (a value's word, `emailAddress`, `phoneNumber`: named by that value as such, `value_name`)
    # (a compound's joining s is no part of its last word: `yrkeskode` is yrke's code)
    return (low.startswith(own) and rest.isalpha() and len(rest) >= 3 and not id_named(key)
            and rest not in CODE_WORDS and not (rest[0] == "s" and rest[1:] in CODE_WORDS)
            and not _has_word(rest, DATE_WORDS) and not _has_word(rest, VALUE_WORDS)
            and rest not in ("type", "kind"))


# A label's own name property (`name`, `<label>Name`) that repeats still names its nodes when at least this share of
# its values are distinct (coffee-shop's customerName, 859 distinct in 1,000: some customers are known by a first
# name only); Northwind's Order.shipName (90 in 830) is no order's own name, and under this share no name at all.
OWN_NAME_DISTINCT = 0.5


def value_name(lp: LabelProfile, opts: InferOptions) -> tuple[str, str] | None:
    """(property, why) of a label whose nodes are identified by a value a person types (a phone number, an e-mail
    or street address, an IP address, a URL, a code): a short string set on most nodes, nearly unique, not opaque
    and not a date. Words of value keys (`VALUE_WORDS`) first, then the most often set."""
    # a value may be longer than a name (a URL): up to a fact's length. A number written as text ("32.38") is a
    # value only under a key that says so (an IP, a phone number); an address, an e-mail, a URL have letters.
    # (a date however written, "(1054 Juli 17 – 1056 Oktober 5)" under `date`, names no node: it says when)
    cands = [s for _, s in sorted(lp.properties.items())
             if _usable(s, lp, opts, long=True) and _unique(s, opts) and not opaque(s) and not date_like(s)
             and not _has_word(s.key, DATE_WORDS)
             and not (id_named(s.key) and not _has_word(s.key, VALUE_WORDS) and not _in_words(s))
             and (_has_word(s.key, VALUE_WORDS) or _has_letters(s)
                  or (s.lettered is not None and 2 * s.lettered >= s.present))]
    if not cands:
        return None
    # an identifier written in words first: it is how the records are cited ("RI III,2,3 n. 500"); a web address
    # last where a text with letters is there too: people type a sight's "Neuschwanstein Castle", not the address
    # of its photo (a page known by its URL alone is still named by it)
    best = min(cands, key=lambda s: (_web_address(s), not _has_word(s.key, VALUE_WORDS) and not _in_words(s),
                                     -s.present, s.key))
    return best.key, (f"its nodes are known by their {best.key} ({best.distinct} distinct values in {best.present}"
                      + (f", e.g. {value_text(best.examples, 2)}" if best.examples else "") + ")")


def _web_address(s: PropertyStats) -> bool:
    """Every sampled example a web address ("https://...", "www....")."""
    return bool(s.examples) and all(re.match(r"(?i)(https?://|www\.)\S+$", x.strip()) for x in s.examples)


def _in_words(s: PropertyStats) -> bool:
    """Values written as words with letters, every sampled example ("RI III,2,3 n. 500", a charter's citation): an
    identifier so written is how people cite its node, where an opaque one ("H4P01946", a UUID) has no space."""
    return bool(s.examples) and all(" " in x.strip() and re.search(r"[^\W\d_]", x) for x in s.examples)


def worded_value(lp: LabelProfile, key: str) -> bool:
    """Values written in words alone, every sampled example: letters, no digit, no @ or / (a wrestler's ring name
    "Akebono Taro" under `shikonaEn`): what people call the node, rather than the serial beside it (sumo-makuuchi,
    tune: wrestlers were named "Rikishi 3081", and no question naming one could be linked)."""
    s = lp.properties.get(key)
    return s is not None and bool(s.examples) and all(
        re.fullmatch(r"[^\W\d_][^\d@/]*", x.strip()) for x in s.examples)


def spelled_value(lp: LabelProfile, key: str) -> bool:
    """A value key (`VALUE_WORDS`) whose values are written with letters (a street address, an e-mail address, a
    host name): what people call the node by, rather than a serial number beside it ("the shop at 100 Church
    Street", not "Building 3"). A number however punctuated (a phone number) is not: the serial stays the name."""
    s = lp.properties.get(key)
    return (s is not None and _has_word(key, VALUE_WORDS) and bool(s.examples)
            and all(re.search(r"[^\W\d_]", x) for x in s.examples))


def business_key(lp: LabelProfile, key: str) -> bool:
    """A serial number named after its label or as a number people use (orderID, order_no, invoiceNumber; 10248,
    "R7", "ORD-0001"): nodes are known by it ("Order 10248"), not by what they hold. A value with more to it (a
    phone number "9-(882)417-7531") names its node by itself."""
    low, own, s = _norm(key), lp.label.lower(), lp.properties.get(key)
    if s is None or low not in (own + "id", own + "no", own + "number", own + "ref", "number", "no", "ref"):
        return False
    return s.kinds == {"integer"} or (s.kinds == {"string"} and bool(s.examples)
                                      and all(_SERIAL.fullmatch(x) for x in s.examples))


# At most this many measures name a record that holds nothing else (a range's two ends, a point's coordinates).
MEASURE_PARTS = 3
# A record's name tells its nodes apart when its most varied part has this many distinct values per node sampled.
DISTINCT_NAMES = 0.9
# A record named by its kind alone is joined by its most varied value when the kind has fewer distinct values than
# one in this many records (2 kinds of 2,313 study programmes; a network's 5 applications on 1,000 hosts are names,
# not kinds, and keep their name alone).
KIND_ONLY = 20


def record_name(lp: LabelProfile, opts: InferOptions, key: str | None) -> tuple[list[str], str, bool]:
    """(properties, why, after the label?) naming a record (a visit, a process, a port): what it is (a repeating
    name or its kind: "neo4j", "Burglary") and when (a date), else its key when the key is readable, else its most
    telling value; after its label when nothing says what it is ("Visit 2020-04-07T10:22:19Z", "Port 80"); a node
    holding nothing a person reads is named by its label alone."""
    n = max(lp.sampled, 1)
    parts: list[str] = []
    said: list[str] = []
    # (a kind every sampled node shares, "workflow_source" on 1,000 of 1,000, says only what the label says)
    named = [s for k, s in sorted(lp.properties.items())
             if (name_key(k) or (_has_word(k, KIND_WORDS) and not (s.distinct <= 1 < s.present)))
             and _usable(s, lp, opts)]
    sides = None if named else parties(lp, opts)
    what: str | None = None
    if named:
        best = min(named, key=lambda s: (not name_key(s.key), -s.present, s.key))
        what = best.key
        parts.append(best.key)
        said.append(f"what it is ({best.key}, {best.distinct} distinct values in {best.present})")
    elif sides is not None:
        parts += sides
        said.append(f"the two it is between ({' and '.join(sides)}, names of one kind)")
    dates = [s for k, s in sorted(lp.properties.items())
             if date_like(s) and s.present >= opts.name_present * n]
    if dates:
        best = min(dates, key=lambda s: (not _has_word(s.key, DATE_WORDS), not _has_word(s.key, ("start", "begin")),
                                         -s.present, -s.distinct, s.key))
        # when it began (a visit's start, not its end), and of two, the one telling records apart (nft-trades'
        # Datetime_updated is the day, "2021-01-01 00:00:00" on all; Datetime_updated_seconds the moment)
        parts.append(best.key)
        said.append(f"when ({best.key})")
    readable_key = key is not None and key in lp.properties and not opaque(lp.properties[key])
    # A key that is the name written as a slug ("malawi-savings-bank-limited" beside "Malawi Savings Bank Limited")
    # repeats the name in a form no one types: a display "Malawi Savings Bank Limited malawi-savings-bank-limited"
    # matched none of the ways users write the bank (fincen, a graph of the spent frozen split). Nodes whose name
    # repeats then share it (linking finds them all, by the name users type).
    derived = readable_key and bool(named) and slug_like(lp.properties[key or ""])
    # what it is and when may still repeat (1,851 arrests on 4 days: "Arrest 12/29/2017" named hundreds, and facts,
    # which name their ends, then read as one arrest's): the readable key tells them apart
    chosen = [lp.properties[p] for p in parts]
    # (two sides of 20 teams tell 380 matches apart together, as one side's distinct values cannot show)
    apart = bool(chosen) and (sides is not None and not dates
                              or max(c.distinct for c in chosen) >= DISTINCT_NAMES * max(c.present for c in chosen))
    if readable_key and not derived and key not in parts and (not dates or not parts or not apart):
        assert key is not None
        parts.append(key)
        said.append(f"its key ({key})" + ("" if apart or not chosen else
                                          f", as {' and '.join(c.key for c in chosen)} repeat"))
    scalars = [s for s in lp.properties.values()
               if s.kinds <= {"string", "integer"} and s.present >= opts.name_present * n and s.short == s.present
               and not opaque(s) and (s.avg_len or 0) <= opts.text_chars]
    kind = lp.properties[what] if what is not None and parts == [what] and not name_key(what) else None
    if kind is not None and kind.distinct * KIND_ONLY < kind.present:
        # A kind alone that a handful of values spread over many records (a study programme's `type`, HBO or WO,
        # on 2,313 programmes) names nearly every record alike: each "HBO", and a context read their facts as one
        # programme's (dutch-studies, spent). Its most varied readable value joins it ("HBO B Orthoptie").
        varied = [s for s in scalars if s.key != kind.key and s.distinct > kind.distinct]
        if varied:
            best = max(varied, key=lambda s: (s.distinct, s.present, s.key))
            parts.append(best.key)
            said.append(f"its {best.key} ({best.distinct} distinct values), as {kind.key} repeats")
    worded: list[PropertyStats] = []
    if not parts:
        # a node holding only measures (a racket's accepted tension, 22.67 to 27.21): named by them, up to
        # MEASURE_PARTS, after its label; by its label alone, every one was "Tension", and a context of several read
        # as one node holding all their values
        measures = sorted(k for k, s in lp.properties.items()
                          if s.kinds == {"float"} and s.present >= opts.name_present * n)
        if not scalars and measures:
            return measures[:MEASURE_PARTS], (f"a record holding only measures: named by its label and "
                                              f"{' and '.join(measures[:MEASURE_PARTS])}"), True
        if not scalars:  # a node that holds nothing a person reads (a link in a chain of nodes): named by what it is
            return [], "a record that holds nothing but its relationships: named by its label", True
        # (words before numbers: a record of who won a tender at what price is named by the company, "中国铁建重工
        # 集团股份有限公司", not by its price "5272256.00", where the names are as varied as names are, half or more
        # of them apart; hubei-tender-awards, spent: no company could be linked)
        worded = [s for s in scalars if _lettered(s) and s.distinct >= OWN_NAME_DISTINCT * s.present]
        best = max(worded or scalars, key=lambda s: (s.distinct, s.present, s.key))
        parts.append(best.key)
        said.append(f"its {best.key} ({best.distinct} distinct values in {best.present}; nothing names or "
                    "identifies these nodes alone)")
        # one value that repeats names several records alike (a route by the id of the airport it leaves: "Route
        # 16" was 40 routes, and a context read their facts as one route's): the next most varied value joins it
        # (where it leaves and where it goes)
        # (not to words that name what the record is about as names repeat: a company that won two tenders is two
        # records of its name, each tied to its tender)
        others = [s for s in scalars if s.key != best.key]
        if best.distinct < DISTINCT_NAMES * best.present and others and best not in worded:
            second = max(others, key=lambda s: (s.distinct, s.present, s.key))
            parts.append(second.key)
            said.append(f"its {second.key} ({second.distinct} distinct values), as {best.key} repeats")
    # (a record named by words alone, a company's name, reads as what it is without its label, and is linked as
    # typed: "Winner 中国铁建重工集团股份有限公司" matched no question naming the company)
    labelled = not named and not (parts and parts[0] in {s.key for s in worded})
    return parts, ("a record, named by " + ("its label, " if labelled else "") + " and ".join(said)), labelled


def _lettered(s: PropertyStats) -> bool:
    """Every sampled value holds a letter (of any script) and reads as a name: words, not numbers or amounts written
    as text, nor paths or addresses ("examples/c/src/Snakefile", a URL)."""
    return bool(s.examples) and all(re.search(r"[^\W\d_]", x) and "/" not in x and "\\" not in x
                                    for x in s.examples) and not slug_like(s)


# Words saying which side of a record between two comes first, as people say it: the home side of a match ("Arsenal v
# Leicester City"), where a flight, a transfer or a message comes from, a relation's source.
FIRST_SIDE = ("home", "host", "from", "source", "src", "origin", "sender", "start", "left", "first", "one", "a", "1")
# Two properties are the sides of a record when they hold this many distinct values each (a match's teams, a flight's
# airports; two statuses, "open" and "closed", are a change of state, not two parties) ...
SIDE_DISTINCT = 5
# ... and their smallest values (the examples sampled) share this many: the same kind of thing on both sides.
SIDE_SHARED = 2


def parties(lp: LabelProfile, opts: InferOptions) -> list[str] | None:
    """The two properties naming what a nameless record is between (a match's home and away teams, a flight's
    origin and destination, a trade's buyer and seller): short lettered strings, set on most nodes, each repeating
    (a side is in many records) and of one kind (their values overlap). Users name such a record by its two sides
    ("Arsenal v Leicester City"), never by its round or its number; the side a FIRST_SIDE word says first."""
    cands = [s for _, s in sorted(lp.properties.items())
             if _usable(s, lp, opts) and not _unique(s, opts) and s.distinct >= SIDE_DISTINCT and not opaque(s)
             and not date_like(s) and not id_named(s.key)
             and s.examples and all(re.search(r"[^\W\d_]", x) for x in s.examples)]
    pairs = [(a, b) for i, a in enumerate(cands) for b in cands[i + 1:]
             if len(set(a.examples) & set(b.examples)) >= SIDE_SHARED]
    if len(pairs) != 1:  # none, or several kinds of sides: nothing says which two the record is between
        return None
    a, b = pairs[0]
    if _has_word(b.key, FIRST_SIDE) and not _has_word(a.key, FIRST_SIDE):
        a, b = b, a
    return [a.key, b.key]


# A name set on this share of a label's sampled nodes (and on at least SPARSE_NAME_MIN of them) names those nodes;
# the others keep their label and key. OpenStreetMap names a few of its ways and nodes ("East 78th Street", "Zootique")
# and not the rest: read as records, all of them were "OSMWay <timestamp>" and no named one could be linked.
SPARSE_NAME_SHARE = 0.01
SPARSE_NAME_MIN = 3
# ... where at least this share of the names set differ: a street's segments share its name (several ways named "East
# 78th Street"), and linking the name finds them all.
SPARSE_NAME_DISTINCT = 0.5


# Without a key, a name set on at least this share of a label's sampled nodes (and on two at least) names those nodes,
# the others are named by their label, as a record holding nothing else is: nc-bird-conservation (spent) has three
# WorkingGroup nodes, two of them named ("AFWA Migratory Shore and Upland Game Bird Working Group"), all three read as
# "WorkingGroup", and the question naming what one of them wrote was answered with another organisation. Below half,
# a name says too little of the label to stand for it (one NBA team-season in 32 named, the rest records).
KEYLESS_NAME_SHARE = 0.5
KEYLESS_NAME_MIN = 2
# what a sparse name's reason says of the nodes without it, with a key and without (`sparse_name`'s `keyed`)
SPARSE_REST = {True: "the others are named by label and key", False: "no key: the others are named by their label"}


def sparse_name(lp: LabelProfile, opts: InferOptions, keyed: bool = True) -> tuple[str, str] | None:
    """(property, why) of a `name`, `title` or handle (HANDLE_KEYS) set on only some of a label's nodes: it names
    them (nodes that share it, like a street's segments, share the name), the rest are named by label and key;
    `keyed` False: the label has no key, and the name must be set on most of its nodes (`KEYLESS_NAME_SHARE`), the
    rest are named by their label."""
    n = max(lp.sampled, 1)
    least = max(SPARSE_NAME_MIN, SPARSE_NAME_SHARE * n) if keyed else max(KEYLESS_NAME_MIN, KEYLESS_NAME_SHARE * n)
    for key, s in sorted(lp.properties.items()):
        if (name_key(key) or _norm(key) in HANDLE_KEYS) and _usable(s, lp, opts, present=0.0) \
                and s.present >= least and s.distinct >= SPARSE_NAME_DISTINCT * s.present:
            return key, (f"set on {s.present} of {n} sampled nodes ({s.distinct} distinct values"
                         + (f", e.g. {value_text(s.examples, 2)}" if s.examples else "")
                         + "); " + SPARSE_REST[keyed])
    return None


def first_name_part(lp: LabelProfile, opts: InferOptions, name: str) -> str | None:
    """A first-name key (`FIRST_PARTS` but `name`) set on most sampled nodes, where the label's `name` is set on only
    some: what the others are called, before their label and key."""
    for key, s in sorted(lp.properties.items()):
        if key != name and _norm(key) in FIRST_PARTS and _norm(key) != "name" and _usable(s, lp, opts):
            return key
    return None


def record_alias(lp: LabelProfile, name: list[str]) -> str | None:
    """A record named by what it is and when ("Belvedere Castle 2020-01-04T21:09:15"): what it is, when that is a
    name or title, is also linked alone, as users type it (its date is no part of how they name it)."""
    if len(name) > 1 and name_key(name[0]) and name[0] in lp.properties:
        return name[0]
    return None


# Keys of what a node is about, in a few words, never what it is called ("theme": "Allexius Haller anrurend.", a
# register letter's subject, linked as the letter's name made "Brief", a theme of two letters, a name of both)
ABOUT_WORDS = ("theme", "topic", "comment", "note", "notes", "remark", "remarks", "content", "text")


def _about(key: str) -> bool:
    return describes(key) or _has_word(key, ABOUT_WORDS)


# A code people cite for a thing: two to five capital letters, then a number, a letter after it at most ("BER3978", a
# register's letter; "INV-0042"; not a generated "t1", "node_17" or "user_42", nor a one-letter "A10")
CITED_CODE = re.compile(r"[A-Z]{2,5}[-.]?\d{1,9}[A-Za-z]?")


def cited_code(s: PropertyStats) -> bool:
    """Are a property's values codes people cite (`CITED_CODE`: "BER3978", "INV-0042")? Judged on the sampled
    examples, two in three of them at least (a register's ids hold a stray note or two: "3. 1449 Juni 11 bis Juli 9"
    beside "BER1")."""
    codes = sum(1 for x in s.examples if CITED_CODE.fullmatch(x))
    return len(s.examples) >= 2 and 3 * codes >= 2 * len(s.examples)


# A name this long at most, without a space, is a code ("lcy", "bal"), not what people call a thing.
CODE_NAME_CHARS = 12
# A description of this many words at most, this long on average, names its node ("Ballard Branch").
NAME_WORDS = 6
NAME_CHARS = 40


def _few_words(s: PropertyStats) -> bool:
    return bool(s.examples) and (s.avg_len or 0) <= NAME_CHARS and all(
        len(x.split()) <= NAME_WORDS for x in s.examples)


def alias_properties(lp: LabelProfile, opts: InferOptions, taken: list[str]) -> list[tuple[str, str]]:
    """(property, why) of the other names of a named label's nodes, linked as their name is: short strings with a
    letter, nearly unique, not opaque, not dates, not URLs (a display name beside a login, a code beside a
    name). Name-like keys first, then value keys; at most 3. Where the nodes are named by a code (`taken`'s first,
    the name: short values without a space, "lcy"), a short description is what people call them ("Lake City
    Branch"; seattle-library-books, spent, linked no branch by it)."""
    out = []
    first = lp.properties.get(taken[0]) if taken else None
    coded = first is not None and bool(first.examples) and all(
        " " not in x and len(x) <= CODE_NAME_CHARS for x in first.examples)
    for key, s in sorted(lp.properties.items()):
        low = _norm(key)
        rank = 0 if low.endswith("name") or low.endswith("label") or low in ("title", "alias") \
            else 1 if _has_word(key, VALUE_WORDS) else 2
        # a name-like key beside a code that names the nodes (an occupation "15-1252" and its prefLabel "Software
        # Developers") may repeat as names do (at least half distinct): a name two nodes share links both
        unique = _unique(s, opts) or (rank == 0 and s.distinct / max(s.present, 1) >= 0.5)
        # an identifier written as a code people cite ("BER3978", a register's letter; "INV-0042") is linked as typed,
        # as a code beside a name is; other identifiers (a uuid, a serial number, a slug) are no one's name for a node
        cited = id_named(key) and cited_code(s)
        if cited:
            rank = 1
        if key in taken or not _usable(s, lp, opts, present=0.5) or not unique or opaque(s) \
                or date_like(s) or (id_named(key) and not cited) or (s.avg_len or 0) > 60 \
                or (_about(key) and not (coded and describes(key) and _few_words(s))):
            continue
        if not s.examples or not all(re.search(r"[^\W\d_]", x) for x in s.examples) \
                or any(re.match(r"[a-z][a-z0-9+.-]*://", x) for x in s.examples):
            continue
        out.append((rank, key, f"{s.distinct} distinct values in {s.present}"
                                + (f", e.g. {value_text(s.examples, 2)}" if s.examples else "")))
    out.sort()
    return [(key, why) for _, key, why in out[:3]]


def rejected_names(lp: LabelProfile, opts: InferOptions) -> list[str]:
    """Name-like properties that were not unique enough to name a node (said in the TOML)."""
    out = []
    for key, s in sorted(lp.properties.items()):
        low = key.lower().replace("_", "")
        if (low == "name" or low == "title" or low.endswith("name")) and "string" in s.kinds and s.present:
            ratio = s.distinct / max(s.present, 1)
            if ratio < opts.name_unique:
                out.append(f"{key} ({s.distinct} distinct values in {s.present})")
    return out


def choose_key(lp: LabelProfile, profile: GraphProfile, name: list[str]) -> tuple[str | None, str]:
    """The property identifying a node within its label: a uniqueness constraint, else a property set on every
    sampled node with no repeated value (identifier names first: <label>ID, *ID, *Id, id, *_id)."""
    # a constraint on a property no sampled node carries (left from other data) identifies nothing here
    constrained = [pc for pc in profile.unique_properties(lp.label)
                   if IDENTIFIER.fullmatch(pc[0]) and pc[0] in lp.properties]
    if constrained:
        constrained.sort(key=lambda pc: (-lp.properties[pc[0]].present, not id_named(pc[0]), pc[0]))
        prop, constraint = constrained[0]
        return prop, f"uniqueness constraint {constraint}"
    unique = [s for s in lp.properties.values()
              if IDENTIFIER.fullmatch(s.key) and s.present == lp.sampled and s.short == s.present
              and s.distinct == s.present and s.kinds <= {"string", "integer"}]
    if not unique:
        return None, "no property is set on every sampled node with distinct values"
    label_id = lp.label.lower() + "id"

    def rank(s: PropertyStats) -> tuple[int, str]:
        low = s.key.lower().replace("_", "")
        if low == label_id:
            return 0, s.key
        if id_named(s.key):
            return 1, s.key
        if s.key in name:
            return 2, s.key
        return 3, s.key

    best = min(unique, key=rank)
    return best.key, (f"no uniqueness constraint; set on all {lp.sampled} sampled nodes, no value repeated "
                      f"(not proven unique beyond the sample)")


# A label holding text is a record, not chunks, where it is related to other labels in this many ways (types): a
# charter whose summary is its `text` is issued at a place, on a date, names people and places, cites literature
# (six types: read as chunks, every label of such a graph was left out). A RAG library's chunks are related in two
# at most: to the entities they mention (one type, whatever their labels) and to their document.
RECORD_WAYS = 3


def _related_ways(label: str, profile: GraphProfile) -> int:
    """How many relationship types link `label`'s nodes to nodes of other labels (sampled)."""
    ways = 0
    for tp in profile.types.values():
        if any((label in a and set(b) - {label}) or (label in b and set(a) - {label}) for a, b in tp.ends):
            ways += 1
    return ways


def named_statement(lp: LabelProfile, opts: InferOptions) -> str | None:
    """The text key of a label whose nodes are named records of a short text, or None: its text (TEXT_KEYS) is no
    longer than a fact on average (MAX_FACT_CHARS) and a name of its own tells its nodes apart. A RAG library's
    chunks have no name and hold passages; a security control's enhancement "Account Management | Inactivity
    Logout" states in 162 characters on average what it asks (nist-controls, spent: read as chunks, no enhancement
    could be linked by its name), a poem its lines in its `content` (chinese-poetry, tune: left out for a few
    poems of thousands of characters, "what is the full text of 江雪" answered its poet)."""
    text = next((s for k in TEXT_KEYS if (s := lp.properties.get(k)) is not None and "string" in s.kinds), None)
    if text is None or (text.avg_len or 0) > MAX_FACT_CHARS:
        return None
    return text.key if _own_name(lp, opts) else None


def _own_name(lp: LabelProfile, opts: InferOptions) -> bool:
    """Whether one property of its own names the label's nodes and tells them apart (a name candidate of score 90 or
    more: a name, a title; not one composed of parts)."""
    return any(score >= 90 and len(keys) == 1 for score, keys, _ in name_candidates(lp, opts))


def named_article(lp: LabelProfile, opts: InferOptions) -> bool:
    """Whether a label holding a long text (TEXT_KEYS) is named articles, not chunks: a name of its own tells its
    nodes apart (a title) and no embedding beside the text says it is a passage retrieved by vector. A code's
    articles, "Điều 123" titled "Tội giết người" with 770 characters of `content`, were read as chunks and no
    question could name one (vietnam-codes, spent: 13 of 14 linked nothing they asked about); a RAG library's chunks
    have no name and an embedding, a document's chunks share its title."""
    return _embedding(lp, opts) is None and _own_name(lp, opts)


def classify_labels(profile: GraphProfile, opts: InferOptions) -> tuple[list[str], list[str], list[LabelSkip]]:
    """(entity labels, chunk labels, skipped labels with reasons). Chunks hold text (TEXT_KEYS), are related to
    other labels in fewer than RECORD_WAYS ways and are no named records of a short text (`named_statement`) or
    named articles (`named_article`);
    documents are labels linked only to chunks."""
    entities: list[str] = []
    chunks: list[str] = []
    skipped: list[LabelSkip] = []
    for label, lp in profile.labels.items():
        if label.startswith("Xgrag"):
            skipped.append(LabelSkip(label, lp.count, "xgrag's own records (migrations, saved explanations)"))
            continue
        text = _text_prop(lp, opts)
        if text is not None and _related_ways(label, profile) < RECORD_WAYS and not named_statement(lp, opts) \
                and not named_article(lp, opts):
            chunks.append(label)
            skipped.append(LabelSkip(label, lp.count, f"chunks of text: `{text.key}` averages {text.avg_len:.0f} "
                                                      "characters"))
            continue
        emb, long = _embedding(lp, opts), _long_text(lp, opts)
        if emb is not None and long is not None and not name_candidates(lp, opts):
            chunks.append(label)
            skipped.append(LabelSkip(label, lp.count, f"chunks: text in `{long.key}` with an embedding in "
                                                      f"`{emb.key}` and no name"))
            continue
        entities.append(label)
    documents = []
    for label in entities:
        linked: set[str] = set()
        via: set[str] = set()
        for tp in profile.types.values():
            for a, b in tp.ends:
                if label in a:
                    linked.update(b)
                    via.add(tp.type)
                if label in b:
                    linked.update(a)
                    via.add(tp.type)
        linked.discard(label)
        if linked and linked <= set(chunks):
            documents.append(label)
            skipped.append(LabelSkip(label, profile.labels[label].count,
                                     f"documents: linked only to chunks ({', '.join(sorted(via))})"))
    entities = [e for e in entities if e not in documents]
    chunks += documents
    return entities, chunks, sorted(skipped, key=lambda s: s.label)


def order(entities: list[str], profile: GraphProfile, naming: dict[str, int] | None = None) -> list[str]:
    """Mapping order: a node carrying several mapped labels reads as the first, so a label whose sampled nodes all
    carry another mapped label (Actor within Person) comes before it; then the label that names its nodes best
    (`naming`: 0 a name, 1 a value, 2 a record's label and contents: a software package that is also an
    application reads by its name, not as a record); otherwise by name."""
    rank = naming or {}
    mapped = set(entities)

    def is_super(label: str) -> bool:
        return any(profile.labels[o].co_labels.get(label, 0) == profile.labels[o].sampled
                   and profile.labels[o].sampled and o != label for o in entities)

    def shares(label: str) -> bool:  # some of its nodes carry another mapped label: how it names them matters
        return any(o in mapped for o in profile.labels[label].co_labels)
    return sorted(entities, key=lambda label: (is_super(label), rank.get(label, 0) if shares(label) else 0, label))
