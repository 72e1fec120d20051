"""The words of a question that may name a relation, a property or a type, as retrieval and the reference reader
compare them with the graph's relation types, property keys and entity types.

Pure functions over strings. `stem` makes the forms of one word meet ("sell"/"sold"/SOLD, "director"/DIRECTED_BY,
"born"/birthDate); `content_stems` keeps the words that can carry such meaning (weak words dropped); `answer_kind`
reads what kind of value a question asks for from its question words ("when" a date or a year, "how many" a
count, "how much" / "how long" an amount); `value_kind` says which kinds a stated value is.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterator
from typing import Literal

from xgrag.config import shared_config

STOP = frozenset(
    "a an and are as at be by for from has have in is it of on or the to was were what which who whom whose "
    "when where why how did does do that this with".split()
)
# Words that carry no relation meaning on their own: they never decide a match ("has" of HAS_GENRE, "to" of
# BELONGS_TO); the content words around them do.
WEAK = STOP | frozenset("have had having be been being am get got can could will would should may might "
                        "into onto up out over about after before than then there their his her its they "
                        "he she him them you your we our us i me my not no yes".split())
# Irregular forms people type, folded to one stem: a question says "sell", the graph stores SOLD or `sales` ("how many
# copies did Halo 3 sell" read the critic score; video-game-sales, spent). "born" meets
# "birth" (birthDate, BORN_IN) and "movies" meets "movie" (the -ies rule would make it "movy").
IRREGULAR = {
    "bought": "buy", "sold": "sell", "sale": "sell", "sales": "sell", "lost": "lose", "hung": "hang", "made": "make",
    "flew": "fly", "flown": "fly",
    "hid": "hide", "hidden": "hide", "wrote": "write", "written": "write", "writer": "write", "ran": "run",
    "ate": "eat", "eaten": "eat", "gave": "give", "given": "give", "took": "take", "taken": "take",
    "caught": "catch", "found": "find", "went": "go", "gone": "go", "saw": "see", "seen": "see", "met": "meet",
    "told": "tell", "said": "say", "left": "leave", "kept": "keep", "brought": "bring", "thought": "think",
    "won": "win", "wore": "wear", "worn": "wear", "began": "begin", "begun": "begin", "came": "come",
    "knew": "know", "known": "know", "spoke": "speak", "spoken": "speak", "stole": "steal", "stolen": "steal",
    "fell": "fall", "fallen": "fall", "felt": "feel", "held": "hold", "led": "lead", "paid": "pay",
    "sent": "send", "sat": "sit", "stood": "stand", "taught": "teach", "built": "build", "drew": "draw",
    "drawn": "draw", "drank": "drink", "drunk": "drink", "drove": "drive", "driven": "drive", "forgot": "forget",
    "forgotten": "forget", "grew": "grow", "grown": "grow", "heard": "hear", "overheard": "overhear",
    "shook": "shake", "shaken": "shake", "shot": "shoot", "sang": "sing", "sung": "sing", "slept": "sleep",
    "spent": "spend", "swam": "swim", "threw": "throw", "thrown": "throw", "woke": "wake", "chose": "choose",
    "chosen": "choose", "dug": "dig", "fed": "feed", "fought": "fight", "sought": "seek", "struck": "strike",
    "tore": "tear", "torn": "tear", "wept": "weep", "froze": "freeze", "frozen": "freeze", "bit": "bite",
    "bitten": "bite", "hurt": "hurt", "put": "put", "set": "set", "let": "let", "cut": "cut", "shut": "shut",
    "became": "become", "broke": "break", "broken": "break", "did": "do", "done": "do", "children": "child",
    "men": "man", "women": "woman", "mice": "mouse", "geese": "goose", "feet": "foot", "teeth": "tooth",
    "born": "birth", "movies": "movie", "kind": "type", "die": "death", "died": "death", "dies": "death",
    "dead": "death", "response": "respond", "responses": "respond", "defense": "defend", "defence": "defend",
    "offense": "offend", "offence": "offend", "paternal": "father", "maternal": "mother",
    # one who is acted on, as the verb (employeeOf: who employs them; "where did X work" meets it through "employ")
    **{w + s: base for w, base in (("employee", "employ"), ("attendee", "attend"), ("trainee", "train"),
                                   ("nominee", "nominate"), ("appointee", "appoint"), ("interviewee", "interview"),
                                   ("retiree", "retire"), ("payee", "pay"), ("invitee", "invite"),
                                   ("licensee", "license"), ("enrollee", "enroll"), ("draftee", "draft"))
       for s in ("", "s")},
}
# Irregular past tenses and participles (of IRREGULAR's verbs) that only a verb spells: after "which <noun>" one is the
# question's verb ("which studio made X" asks for a studio), as a form in -ed is. Forms that are also nouns or
# adjectives ("saw", "shot", "felt", "left", "set", "met") are not listed.
IRREGULAR_PAST = frozenset(
    "bought sold lost hung made flew flown hid hidden wrote written ran ate eaten gave given took taken caught went "
    "gone seen told said kept brought thought won wore worn began begun came knew known stole stolen fallen held led "
    "paid sent sat stood taught built drew drawn drank drove driven forgot forgotten grew grown heard overheard "
    "shook shaken sang sung slept swam threw thrown woke chose chosen dug fed fought sought struck tore torn wept "
    "froze frozen bitten became broke broken did done born".split())
# Prepositions and articles of other languages that follow a noun ("qué equipos de la Serie A", "welche Bücher von
# X", "welke opleiding van"): after "which <noun>" one ends the noun asked, as an English preposition (WEAK) does.
FOREIGN_FUNCTION_WORDS = frozenset(
    "de del della dello delle dei degli di da do dos das du des au aux von vom zum zur der den dem van het".split())
# ... and their articles: a preposition before one ends the noun ("equipos de la Serie A", "opleiding van de TU")
FOREIGN_ARTICLES = frozenset("la el los las le les l il lo gli i der die das den dem des het de o a os as".split())
# One verb for what graphs and questions say in other words (SLAIN_BY is who killed, PURCHASED what was bought),
# stem to stem: applied last, so every form of the word meets ("murderer", "murdered" and "killed").
SYNONYM_STEMS = {
    "slay": "kill", "slew": "kill", "slain": "kill", "murd": "kill", "murder": "kill", "purchas": "buy",
    "manufactur": "mak", "creat": "mak", "resid": "liv", "employ": "work", "situat": "locat", "possess": "own",
    "wed": "marry", "produc": "mak", "grad": "rank", "originat": "origin",
    # to establish is to create: "which case created the intelligible principle test" asks an ESTABLISHES
    # relationship, not an APPLIES one (us-constitutional-law, spent, answered the case that applied it)
    "establish": "mak",
    # a payment is what is paid: "the city's payment to Fitch Ratings" is the contract Fitch is PAID_TO
    # (nyc-checkbook-payments, spent, read no word of the tie)
    "payment": "pay",
    # to modify is to change: "how did X change the Sherbert test" says the MODIFIES relationship of the two
    # (us-constitutional-law, spent; that question is still answered with X's vote, not the relationship's
    # `direction`: the relation between two named entities is the question's own, benchmarks/README.md)
    "modify": "chang",
    # what identifies a thing, however named: "what is the code of X" asks a key `identifier` (SCIAN's industries,
    # spent, answered with a description), "the ID of X" one named `identifier` too
    "identifi": "id", "cod": "id",
    # what someone does for a living, however asked: "what was her occupation" asks a Has_Job relation or a `job`
    # key as much as an `occupation` one (a city directory's, charlotte-directory-1911, spent, answered an address)
    "occupation": "job", "profession": "job",
    # the whole world's figure, however said: "how many copies did X sell worldwide" asks `global_sales`, "when was
    # X first used anywhere in the world" a `first_global_use` (video-game-sales and covid-vaccinations, spent)
    "worldwid": "global", "world": "global",
    # who runs a team, however asked: "who is the head coach of X", "which club does Y coach" ask a MANAGES relation
    # or a `manager` key (botola-pro-squads, tune: answered a player and a nationality)
    "coach": "manag",
    # another name someone goes by: "what nickname is X known by" asks an `aliases` key (philippine-congress, tune:
    # answered the middle name); "alias" stems short of "aliases"
    "nicknam": "alias", "pseudonym": "alias", "monik": "alias", "alia": "alias",
    # when a thing was built, however asked: "when was X built" asks a `construction_time` key (china-world-heritage,
    # spent: answered with its dynasty); "construction" keeps its -ion, so both forms are listed
    # (... and who built a machine made it: "which organisation built the JOHNNIAC" asks its MANUFACTURER;
    # computer-history, spent, answered an operating system that runs on it)
    "build": "mak", "construction": "mak", "construct": "mak",
    # what a thing weighs: "how much does X weigh" asks its `weight` (mobile-devices, spent: answered a screen size)
    "weigh": "weight",
    # when a product came to market: "when did X launch" asks its `release_date` (mobile-devices, spent)
    "launch": "releas",
    # how much water a river carries: "what is the average discharge of X" asks its `flow` (europe-rivers, spent:
    # answered its basin's area)
    "discharg": "flow",
    # how a thing is described: "how is X described" asks a HAS_DESC relation ("desc", an abbreviation of
    # description, which keeps its -ion); a wine's grape is its variety: "which grape is X made from" asks IS_VARIETY
    # (wine-descriptors, spent: answered a descriptor and a vintage)
    "description": "describ", "grap": "variety",
    # a family of things is a category of them: "which control family does Time Stamps belong to" asks the Category
    # its CATEGORY_DET comes from (nist-controls, spent: answered a related control)
    "family": "category",
    # a country's dialling code is its telephone code: "what is the international dialling code of Armenia" asks
    # its `phoneCode` 374 (runway-countries, spent: answered its `id` 12, which "code" says too)
    "dial": "phon", "diall": "phon", "telephon": "phon",
    # a unit and its symbol: "the distance in kilometres" asks a `Distance_in_KM` (sri-lanka-travel, spent,
    # answered a town's other distance)
    "kilometr": "km", "kilomet": "km", "kms": "km",
}
_WORD = re.compile(r"[a-z0-9]+")
# The words that say "number" after a noun ("product number", "set no."): retrieval states a label's id for them, the
# reader reads them as the identifier asked
NUMBER_WORDS = frozenset(("number", "no", "num", "nr"))
_COUNT_WORDS = frozenset("count counts number num nbr no total qty quantity".split())
_WRITTEN_WORD = re.compile(r"[^\W_]+")  # letters and digits of any script


def fold_marks(text: str) -> str:
    """`text` with its diacritics folded (NFKD, combining marks dropped, then composed again: a Hangul syllable stays
    one letter); case kept. Not xgrag.retrieval.names.strip_marks, which linking and the procedures share: that one
    leaves Hangul decomposed, as Java's keyTokens does, and folds apostrophes."""
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


def _marked_letters(word: str) -> list[tuple[str, str]]:
    """A word's letters, each as (its letter without marks, lower case; the marks on it)."""
    out: list[tuple[str, str]] = []
    for ch in unicodedata.normalize("NFD", word.casefold()):
        if unicodedata.combining(ch) and out:
            out[-1] = (out[-1][0], out[-1][1] + ch)
        else:
            out.append((ch, ""))
    return out


def marks_disagree(typed: str, stored: str) -> bool:
    """Two spellings of one word without marks that both mark one of its letters, differently: "số" (a number) is
    not "Sò" (a clam), although a name index that folds marks stores both as "so" (vietnamese words differ by their
    marks alone). A word typed without a mark, or a name stored without one, agrees with the marked form ("Geres",
    "Gerês")."""
    a, b = _marked_letters(typed), _marked_letters(stored)
    if len(a) != len(b) or any(x[0] != y[0] for x, y in zip(a, b, strict=True)):
        return False
    return any(x[1] and y[1] and x[1] != y[1] for x, y in zip(a, b, strict=True))


def typed_otherwise(question: str, name: str) -> bool:
    """Whether a word of `name` is typed in the question only with other marks (`marks_disagree` at every place the
    question types it): the question does not say that name, whatever a search that folds marks found."""
    typed = _WRITTEN_MARKED.findall(unicodedata.normalize("NFC", question))
    for word in _WRITTEN_MARKED.findall(unicodedata.normalize("NFC", name)):
        if fold_marks(word) == word:
            continue
        same = [t for t in typed if fold_marks(t).casefold() == fold_marks(word).casefold()]
        if same and all(marks_disagree(t, word) for t in same):
            return True
    return False


_WRITTEN_MARKED = re.compile(r"[^\W\d_]+")


def written_words(text: str) -> list[str]:
    """A text's words as `content_stems` compares them: lower case, `fold_marks`, letters of any script ("código" ->
    "codigo", one word: read as [a-z0-9] it was "c" and "digo", and a Spanish graph's `codigo` met no question;
    "세대수" one word where it was none), underscores apart."""
    return _WRITTEN_WORD.findall(fold_marks(text.replace("_", " ")).lower())
# A schema word of another language -> the English words a question says ("populacao" -> "population", "ville" ->
# "city", "town"): a graph written in Portuguese or French is asked about in English (cypher/shared_config.json,
# read by the procedures too).
SCHEMA_WORDS: dict[str, tuple[str, ...]] = {k: tuple(v.split()) for k, v in
                                            shared_config()["schema_words"]["words"].items()}


def stem(word: str) -> str:
    """A crude, deterministic stem that makes the forms of one word meet: irregular forms from a list, then
    -ing/-ings/-ed/-s/-es/-ies, -ically/-icly to -ic, a final -e and a doubled consonant dropped ("staring" and
    "stared" -> "star", "running" -> "run", "carried" -> "carry"), and an agent suffix -er/-or on longer words
    ("director" -> "direct", as DIRECTED_BY). An irregular form's base form goes through the last rules too, so
    that "wrote", "written", "writer", "write" and "writes" all meet. Both sides of a comparison go through it,
    so its odd stems ("mother" -> "moth") only ever meet each other."""
    w = word.lower()
    if w in IRREGULAR:
        w = IRREGULAR[w]
    else:
        # (a plural of -ing meets its singular: "paintings" and "painting" -> "paint", as the label Painting; it was
        # "painting", and "which paintings" missed the type: met-paintings, spent)
        if w.endswith("ings") and len(w) > 6:
            w = w[:-4]
        elif w.endswith("ing") and len(w) > 5:
            w = w[:-3]
        # a short verb that begins with a vowel ("used", "using" and "use"; "aged", "owed"): its -d or -ing goes,
        # the -e stays ("first used" met no key `first_global_use`: covid-vaccinations, spent)
        elif len(w) in (4, 5) and w.endswith("ed" if len(w) == 4 else "ing") and w[0] in "aeiou" \
                and w[1] not in "aeiouy":
            w = w[:2] + "e"
        elif w.endswith("ied") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith("ed") and len(w) > 4:
            w = w[:-2]
        elif w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith("es") and len(w) > 4:
            w = w[:-2]
        elif w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
            w = w[:-1]
        elif w.endswith(("ically", "icly")) and len(w) > 6:  # an adverb meets its adjective: "publicly", "public"
            w = w[:w.rindex("ic") + 2]
        w = IRREGULAR.get(w, w)
    if w.endswith(("er", "or")) and len(w) > 4:  # an irregular form's base too: "paternal" -> "father" -> "fath"
        w = w[:-2]
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
        w = w[:-1]
    return SYNONYM_STEMS.get(w, w)


# Abbreviations property keys are written in, read as the word they stand for on both sides of a comparison:
# "What is the longitude of Frascati?" asks for `lon` (rome-transport's stops: the reader gave the latitude).
ABBREVIATIONS = {
    "lat": "latitude", "lon": "longitude", "lng": "longitude", "qty": "quantity", "desc": "description",
    "addr": "address", "amt": "amount", "nbr": "number", "num": "number", "pop": "population", "temp": "temperature",
    "dob": "birth", "dept": "department", "mgr": "manager", "avg": "average", "dist": "distance", "pct": "percent",
    "tel": "telephone", "yr": "year", "qtr": "quarter", "dur": "duration", "ht": "height", "wt": "weight",
    "repo": "repository", "repos": "repository", "org": "organization", "info": "information", "config":
    "configuration", "admin": "administrator", "ref": "reference", "img": "image", "msg": "message",
    "mag": "magnitude", "cd": "code", "nr": "number", "max": "maximum", "min": "minimum",
    "abbr": "abbreviation", "abbrev": "abbreviation",
    # a key's "pub" is when something was published ("year_pub": ecosystem-services, spent, answered "which year was
    # the study published" with its valuation method)
    "pub": "publish", "publ": "publish",
    # a drink's alcohol by volume and a beer's international bitterness units, as labels print them ("abv", "ibu":
    # craft-beers, spent, answered "what is the alcohol content of X" with its style)
    "abv": "alcohol", "ibu": "bitterness",
    # units of mass and energy as keys write them ("capacity_mw", "potential_gtco2": carbon-bombs, spent, answered
    # "how many gigatonnes of CO2 could X emit" with its country's emissions in thousand tons)
    "gt": "gigatonne", "kt": "kilotonne", "kg": "kilogram", "kw": "kilowatt", "mw": "megawatt", "gw": "gigawatt",
    "kwh": "kilowatt", "mwh": "megawatt", "gwh": "gigawatt",
    # ... and of time ("ms": a track's length in milliseconds; chinook-music, spent, answered "how long is X in
    # milliseconds" with its size in bytes)
    "ms": "millisecond", "msec": "millisecond", "sec": "second", "secs": "second", "hrs": "hour",
}
# ... of them, those a key writes onto a chemical formula ("gtco2", "mtco2e", "ktch4"), with the word each says; "mt"
# and "t" among them there only (elsewhere a mountain's "Mt", a letter)
_UNITS_ON_FORMULAS = {"gt": "gigatonne", "mt": "megatonne", "kt": "kilotonne", "kg": "kilogram", "t": "tonne"}
_FORMULA = re.compile(r"(?:[a-z]{1,2}\d+){1,3}[a-z]?")
# What "how <adjective>" asks for, though no word of it is said ("how far away is Vega": its distance, "dist").
HOW_DIMENSIONS = {
    "far": ("distance",), "heavy": ("weight", "mass"), "tall": ("height",), "high": ("height", "altitude",
    "elevation"), "long": ("length", "duration", "distance"), "old": ("age",), "deep": ("depth",), "wide": ("width",),
    "fast": ("speed", "velocity"), "hot": ("temperature",),
    # (an accord's, a drink's, a signal's: "how strong is the leather accord in X", its `strength`; fragrantica-
    # perfumes, spent)
    "strong": ("strength", "intensity"),
    # (a battery's, a tank's, a stadium's size is its capacity: "how big is the battery of X", mobile-devices, spent)
    "big": ("size", "area", "capacity"), "large": ("size", "area", "capacity"),
    "bright": ("brightness", "magnitude", "luminosity"), "expensive": ("price", "cost"),
    "hard": ("difficulty", "skill"), "difficult": ("difficulty", "skill"), "easy": ("difficulty", "skill"),
}


# What a count of a unit asks for, though no key's word is said ("how many square feet is X": its size; "how many
# bedrooms": `bed`, a real-estate listing's key; san-diego-places, spent, answered both with the price).
UNIT_DIMENSIONS = (
    (re.compile(r"\b(?:square|sq\.?)\s*(?:feet|foot|ft|meters?|metres?|m)\b|\bacres?\b|\bhectares?\b"),
     ("size", "area", "sqft", "surface")),
    (re.compile(r"\bbedrooms?\b"), ("bed", "beds", "bedroom")),
    (re.compile(r"\bbathrooms?\b"), ("bath", "baths", "bathroom")),
    # (... and a count of a unit of length or of time is a length or a duration, under a key that says one or its
    # unit: "몇 미터" (how many meters) is a line's `노선연장_m`, "몇 초" (how many seconds) a ride's `소요시간_s`, not
    # the number of its stations; korea-urban-rail, spent)
    (re.compile(r"\bhow many\s+(?:\S+\s+){0,2}?(?:meters?|metres?|kilomet(?:er|re)s?|km|miles?)\b"),
     ("length", "distance", "m", "km", "meter", "metre", "kilometer", "mile")),
    (re.compile(r"\bhow many\s+(?:\S+\s+){0,2}?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b"),
     ("duration", "time", "s", "sec", "second", "minute", "hour")),
)


# What "why" asks for, though no word of it is said: a reason, as keys store one ("why did Lewis Hamilton retire
# from the 2016 Malaysian Grand Prix": the race's status "Engine", not his 40 laps; formula-one, spent)
_WHY_KEYS = ("reason", "cause", "status", "motive", "purpose", "explanation", "grounds")


# The words of the scale "how <adjective>" measures on, where a graph grades a thing in words rather than numbers
# ("how strong is the association": its `score_note` "weak"; t2d-net, spent, answered with a SMILES string).
HOW_SCALES = {
    "strong": ("strong", "weak", "moderate", "medium"), "high": ("high", "low", "medium", "moderate"),
    "big": ("big", "large", "small", "medium"), "large": ("big", "large", "small", "medium"),
    "fast": ("fast", "slow", "quick"), "hot": ("hot", "cold", "warm", "mild", "cool"),
    "expensive": ("expensive", "cheap", "affordable"), "long": ("long", "short"), "old": ("old", "new", "young"),
    "heavy": ("heavy", "light"), "deep": ("deep", "shallow"), "wide": ("wide", "narrow"),
    "hard": ("hard", "easy", "difficult", "medium", "moderate"),
    "difficult": ("hard", "easy", "difficult", "medium", "moderate"),
    "easy": ("hard", "easy", "difficult", "medium", "moderate"),
    "severe": ("severe", "mild", "moderate", "critical"), "serious": ("severe", "mild", "moderate", "critical"),
    "risky": ("high", "low", "medium", "moderate"), "likely": ("likely", "unlikely", "possible", "probable"),
    "common": ("common", "rare", "uncommon", "frequent"), "rare": ("common", "rare", "uncommon", "frequent"),
    "reliable": ("high", "low", "medium", "moderate", "reliable", "unreliable"),
    "good": ("good", "bad", "poor", "fair", "excellent"), "bad": ("good", "bad", "poor", "fair", "excellent"),
}


def how_scale(text: str) -> set[str]:
    """The stems of the words of the scale each "how <adjective>" of `text` measures on (`HOW_SCALES`)."""
    return {stem(w) for adj in re.findall(r"\bhow\s+([a-z]+)", text.lower()) for w in HOW_SCALES.get(adj, ())}


def how_dimensions(text: str) -> set[str]:
    """The stems of what "how <adjective>" asks ("how far" -> distance), or a count of a unit ("how many square
    feet" -> size, area), or "why" (a reason: `_WHY_KEYS`), or "what ... for" (a purpose: `_FOR_KEYS`), the
    question's other words aside."""
    low = text.lower()
    return {stem(noun) for adj in re.findall(r"\bhow\s+([a-z]+)", low)
            for noun in (_TIME_TAKEN if adj == "long" and _TAKES_TIME.search(low) else HOW_DIMENSIONS.get(adj, ()))} | {
        stem(noun) for pattern, nouns in UNIT_DIMENSIONS if pattern.search(low) for noun in nouns} | (
        {stem(noun) for noun in _WHY_KEYS} if re.search(r"\bwhy\b", low) else set()) | (
        {stem(noun) for noun in _FOR_KEYS} if _WHAT_FOR.search(low) else set())


# What "what ... for" asks for: a purpose, as keys store one ("what was the city's payment to Fitch Ratings for": the
# payment's `purpose`; nyc-checkbook-payments, spent, answered its M/WBE category)
_WHAT_FOR = re.compile(r"^\W*what\b.*\bfor\W*$")
_FOR_KEYS = ("purpose", "reason", "use", "usage")


# "How long does the tram take", "how long is the train ride": a time, not a length or a distance (rome-transport,
# spent, answered with the ride's distance, 486 m, where its duration_avg is 123 s)
_TAKES_TIME = re.compile(r"\b(?:take|takes|took|taking|last|lasts|lasted|ride|trip|journey|flight|drive|walk|wait)\b")
_TIME_TAKEN = ("duration", "time")


# A version as keys write it: "v" and its number
_VERSION = re.compile(r"v(\d{1,2})")
# Two parts of one word joined by a hyphen ("h-index", "e-mail"), not inside a longer run of them
_HYPHENED = re.compile(r"(?<![\w-])([^\W_]+)-([^\W_]+)(?![\w-])")


def content_stems(text: str) -> set[str]:
    """The stems of a text's words that can carry a relation's meaning (weak words dropped; an abbreviation read as
    its word: ABBREVIATIONS; a schema word of another language as itself and its English word: SCHEMA_WORDS).
    Identifiers are split at underscores only: a property key or label goes through `xgrag.model.key_text` first
    ("unitPrice" -> "unit price")."""
    words = [w for w in written_words(text) if w not in WEAK]
    # a word written with a hyphen says its parts run together too, as identifiers write it ("h-index": the key
    # `hindex`, not `i10index`; faculty-coauthors, spent; "e-mail": `email`)
    words += [a + b for a, b in _HYPHENED.findall(fold_marks(text).lower()) if not (a + b).isdigit()]
    # a version written as a key writes it ("v3" of `v3.base_score`) says its number: "the CVSS 3 base score" is
    # `v3.base_score`, not `v2.base_score` (nvd-cve, spent)
    words += [m.group(1) for w in words for m in [_VERSION.fullmatch(w)] if m]
    # a word with a number after it is a kind of that word ("iso2", "iso3": ISO codes), and says the word too
    words += [m.group(1) for w in words for m in [_NUMBERED.fullmatch(w)] if m and m.group(1) not in WEAK]
    # a Korean word with a particle written onto it says the word without it too ("세대수는": 세대수, as topic)
    words += [base for w in words for base in [without_particle(w)] if base is not None]
    words += [e for w in words for e in SCHEMA_WORDS.get(w, ())]  # and, in English, what it says
    # a German word spelt with "ae", "oe", "ue" for an umlaut, as identifiers are, says the word with the umlaut
    # (folded): the key `laenge_in_meter` is the "Länge" a question says, "wie lang" (berlin-ubahn, spent)
    words += [spelt for w in words if len(w) >= _UMLAUT_LETTERS
              for spelt in [_UMLAUT_SPELT.sub(r"\1\2", w)] if spelt != w]
    # a word written as two abbreviations run together says both words ("orgnr": organization number; nav-job-ads,
    # spent: "organisasjonsnummeret" asked for it, a Norwegian compound of organisasjon and nummer)
    parts = [part for w in words for part in _abbreviations_run(w)]
    words += parts + [m.group(1) for w in parts for m in [_NUMBERED.fullmatch(w)] if m and m.group(1) not in WEAK]
    return {stem(ABBREVIATIONS.get(w, w)) for w in words}


def _abbreviations_run(word: str) -> tuple[str, ...]:
    """The two abbreviations (`ABBREVIATIONS`) a word not itself one is written as, run together ("orgnr": "org",
    "nr"), or ()."""
    if word in ABBREVIATIONS or len(word) < 4:
        return ()
    # a unit written onto a chemical formula: the unit, and the formula ("gtco2": gigatonnes of CO2)
    for i in (1, 2):
        if word[:i] in _UNITS_ON_FORMULAS and _FORMULA.fullmatch(word[i:]):
            return _UNITS_ON_FORMULAS[word[:i]], word[i:]
    for i in range(2, len(word) - 1):
        if word[:i] in ABBREVIATIONS and word[i:] in ABBREVIATIONS:
            return word[:i], word[i:]
    return ()


_NUMBERED = re.compile(r"([a-z]{2,})\d+")
# an umlaut spelt out after a consonant ("laenge", "groesse", "hoehe"), in words of this many letters at least
_UMLAUT_SPELT = re.compile(r"([b-df-hj-np-tv-z])([aou])e")
_UMLAUT_LETTERS = 5


def stated_stems(text: str, vocabulary: set[str]) -> set[str]:
    """`content_stems` of a question, plus the stem of a compound word's head where the graph's vocabulary (the
    stems of its relations, keys and types) holds it: English compounds end in their head, so a "screenwriter"
    and a "scriptwriter" are writers (WRITTEN_BY) and a "songwriter" too; "co-stars" are stars. And the initials of
    three or four words in a row where the vocabulary holds them as a word: "local government area" says LGA
    (OCCURRED_IN_LGA). And the one word of the vocabulary a word is a slip of the pen from (`misspelt`): a graph's
    BUDJET_IN_YEAR and GPD_IN_YEAR are what "budget" and "GDP" ask."""
    out = content_stems(text)
    words = written_words(text)
    for w in words:
        if w in WEAK or stem(w) in vocabulary:
            continue
        slip = misspelt(stem(w), vocabulary)
        if slip is not None:
            out.add(slip)
            continue
        parts = compound_parts(w, vocabulary)
        if parts is not None:
            out.update(p for p in parts if p is not None)
    for n in INITIALS_RUN:
        for i in range(len(words) - n + 1):
            said = initials_said(words[i:i + n], vocabulary)
            if said is not None:
                out.add(said)
    # a key typed as the graph writes it, its words run together in capitals ("¿Cuál es el AssocID de ...": the
    # relationship's `AssocID`, read "assoc id"; virus-hosts, spent, answered a genus): its words, where the graph's
    # vocabulary holds them
    for token in CAMEL_TOKEN.findall(text):
        out |= content_stems(_CAMEL_SPLIT.sub(" ", token)) & vocabulary
    return out


# A word written with a capital inside it, after a small letter ("AssocID", "HostTaxID", "releaseDate"), and the
# places its words meet
CAMEL_TOKEN = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z0-9]*\b")
_CAMEL_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def compound_parts(word: str, vocabulary: set[str]) -> tuple[str, str | None] | None:
    """(head, first part) of a compound word of 7 letters or more whose head (a stem) the graph's vocabulary holds,
    the first part only where the vocabulary holds it too, else None: English compounds end in their head (a
    "screenwriter" is a writer); a word the graph writes as two says both ("subsectores": IndustrySubSector, not
    IndustrySector). None for a shorter word, a weak one, or one the vocabulary holds whole."""
    if len(word) < 7 or word in WEAK or stem(word) in vocabulary:
        return None
    for i in range(3, len(word) - 3):
        head = stem(word[i:])
        # (a head of three letters is too short to tell a compound from a word that merely ends in it: "character"
        # is no "char" + "acter", read "act", the `actors` of a role; k-dramas, spent)
        if len(head) >= 4 and head in vocabulary:
            return head, word[:i] if word[:i] in vocabulary else None
    return None


# A word of at least this many letters may differ from the graph's by one letter (shorter ones, "gdp" and "gnp", are
# different words); any of at least three by two neighbouring letters swapped ("gpd").
SLIP_SUBSTITUTED = 6
SLIP_SWAPPED = 3


def misspelt(word: str, vocabulary: set[str]) -> str | None:
    """The one stem of the vocabulary (the graph's relation, key and type words) that `word`, a stem the vocabulary
    lacks, is a slip of the pen from, else None: the same length, the same first letter, and one letter changed
    (words of SLIP_SUBSTITUTED letters or more) or two neighbouring letters swapped (SLIP_SWAPPED or more). Graphs
    are typed by people (BUDJET_IN_YEAR, GPD_IN_YEAR), questions too; a word two of the graph's are near says
    neither."""
    if not word.isalpha() or len(word) < SLIP_SWAPPED:
        return None
    # (a word of three letters with a vowel is a word of its own, not an abbreviation typed in the wrong order:
    # "sit" is no slip from a label `sti`; singapore-boards, spent, read "which board does X sit on" as asking
    # for an STI company's code)
    if len(word) == SLIP_SWAPPED and re.search(r"[aeiouy]", word):
        return None
    near = []
    for v in vocabulary:
        if len(v) != len(word) or v[0] != word[0] or not v.isalpha():
            continue
        diff = [i for i in range(len(word)) if word[i] != v[i]]
        if (len(diff) == 1 and len(word) >= SLIP_SUBSTITUTED) or \
                (len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == v[diff[1]]
                 and word[diff[1]] == v[diff[0]]):
            near.append(v)
    return near[0] if len(near) == 1 else None


# How many words in a row may say a word of the graph by their initials (two letters, "id", "pm", would say too much
# by chance)
INITIALS_RUN = (3, 4)


def initials_said(run: list[str], vocabulary: set[str]) -> str | None:
    """The stem of the initials of `run` (lower-case words, none weak, letters only) where the vocabulary holds it
    ("local government area" -> "lga"), else None."""
    if not all(w.isalpha() and w not in WEAK for w in run):
        return None
    letters = stem("".join(w[0] for w in run))
    return letters if letters in vocabulary else None


# Types of entities a "who" question asks for (people and organisations), as stems.
AGENT_TYPES = frozenset(stem(w) for w in (
    "person people human individual actor actress director writer author employee staff customer client user "
    "artist character player member student teacher manager supplier vendor seller buyer shipper company "
    "organization organisation agent contact owner creator producer musician singer band team officer "
    "holder contributor committer reporter assignee sender recipient agency operator carrier airline firm corporation "
    "publisher manufacturer institution provider role "
    # (met-fashion, spent: "who designed Model No. 487" was answered with its year, a Designer no one)
    "designer architect inventor illustrator composer scientist politician athlete lawyer judge "
    # (faculty-coauthors, spent: a Coauthor tied to a Professor; "who has X collaborated with" read a `role`)
    "professor researcher lecturer coauthor colleague "
    # (hubei-tender-awards, spent: "哪家单位中标", which organisation won, met no Winner)
    "winner bidder contractor awardee").split())
# (a role played is someone: "who did X play")
# Types of entities a "where" question asks for (places), as stems.
PLACE_TYPES = frozenset(stem(w) for w in (
    "place location city town village country region state province county area district address street road "
    "site venue continent planet airport station stop building room zone campus park port harbour harbor island "
    "neighbourhood neighborhood municipality borough suburb circuit stadium arena racecourse velodrome "
    "school college university academy").split())
# (a race's or a match's venue is where it was held: "where was the 1950 British Grand Prix held" was answered with
# one of its drivers, the Circuit that HOSTED it no place; formula-one, spent)
# (... and a school is where someone studied: "where did Kalpana Chawla go to college" is the School she was
# EDUCATED_AT, not her class 15; nasa-astronauts, spent)
# (a campus is where a degree is taught: "¿Dónde se imparte el máster?" was answered with a Metro station near the
# campus, the one place of the chain; madrid-metro-campuses, spent)
# Types of entities a "when" question asks for (spans of time), as stems: "when did Allosaurus live" is answered by
# the Period it lived during (dinosaurs, spent), as by a date. (Not a Year node, "Year 1993": "in what year did Toni
# Morrison win her Nobel Prize" is answered by the prize's year 1993, not by the node named with its label; tried with
# "year" here, nobel-prizes, spent, 14 -> 13.)
TIME_TYPES = frozenset(stem(w) for w in "period era epoch century decade dynasty".split())


def time_type(type_: str) -> bool:
    """Whether an entity type (as words: key_text) names a span of time (`TIME_TYPES`)."""
    return bool(content_stems(type_) & TIME_TYPES)

Kind = Literal["date", "count", "amount", "agent", "place"]

# "how many" and a unit of measure (of mass, volume, length, energy, power or money; with a metric prefix)
_HOW_MANY_UNITS = re.compile(
    r"\bhow many (?:(?:giga|mega|kilo|milli|centi|metric|short|long|cubic|square) ?)?"
    r"(?:tonnes?|tons?|grams?|pounds?|ounces?|litres?|liters?|gallons?|barrels?|met(?:er|re)s?|miles?|feet|inch(?:es)?"
    r"|watts?|watt hours?|joules?|calories|dollars?|euros?|pounds sterling|yuan|yen|rupees?|acres?|hectares?)\b")


def answer_kind(question: str) -> Kind | None:
    """The kind of answer a question's question words ask for: "who" / "whom" an agent (an entity of a person or
    organisation type, `AGENT_TYPES`), "where" a place (`PLACE_TYPES`), "when" / "what year" / "which date" a date
    or a year, "how many" a count (a whole number), "how much" / "how long" / "how large" ... an amount (a number
    or a duration); otherwise None."""
    q = " ".join(_WORD.findall(question.lower()))
    if re.search(r"\bwhom?\b", q):  # "whose" opens a relative clause as often as a question
        return "agent"
    # ("how many <unit>" asks a measure in that unit, a number with a fraction as well: "how many gigatonnes of CO2
    # could X emit" is its `potential_gtco2` 1.56; carbon-bombs, spent, answered a whole number of another key)
    if _HOW_MANY_UNITS.search(q):
        return "amount"
    if re.search(r"\bhow many\b", q):
        return "count"
    if re.search(r"\bhow (much|large|big|long|old|far|tall|high|heavy|wide|deep|fast)\b", q):
        return "amount"  # a measure: a number, or a duration
    # a part of a whole asked as such ("what share of the Panamanian coffee's taste is winey": a fraction on the
    # tie; coffee-beans, spent, answered with another flavour)
    # (... or a holding's part, "what stake does the NNPC hold in X": 49.0 on its tie, not the tie's type;
    # nigeria-oil-contracts, spent)
    if re.search(r"\b(?:what|which) (?:share|percentage|proportion|fraction|portion|percent|stake)\b", q):
        return "amount"
    # ("when" after another question word joins a clause, "what was the score when City hosted Spurs", and asks
    # for no date)
    # (... and a month or a quarter asked is a date: "in which quarter did X come out" asks its release date, "Q3
    # 2022"; mobile-devices, spent, answered its device type)
    if re.search(r"^(?:(?!\b(?:what|which|how|where|whose)\b).)*\bwhen\b"
                 r"|\b(what|which) (year|date|day|week|month|quarter)s?\b"
                 r"|\bin what year\b", q):
        return "date"
    if re.search(r"^where\b|\bwhere (is|are|was|were|did|does|do)\b", q):
        return "place"
    return None


# A date or a time as graphs store it: ISO ("2020-04-07", "2014-12-09T13:50:51.644000Z", "...+00:00"), day/month
# or month/day with a four-digit year ("1/08/2017", "04/25/2020"), "1996-07-04 00:00:00.000".
_DATE = re.compile(r"^(\d{4}-\d{2}(-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?)?"
                   r"|\d{1,2}[/.-]\d{1,2}[/.-]\d{4}(\s+\d{1,2}:\d{2}(:\d{2})?(\s*[AaPp][Mm])?)?)$")  # "1/4/2020 0:00"
_FLOAT_YEAR = re.compile(r"^\d{4}\.0+$")
_YEAR = re.compile(r"^\d{3,4}$")  # a year as a number ("1997"; "299", a year of a story's calendar)
_EPOCH = re.compile(r"^\d{9,13}$")  # seconds or milliseconds since 1970
_INT = re.compile(r"^[+-]?\d+$")
_DURATION = re.compile(r"^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$")  # ISO 8601
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_FRACTION = re.compile(r"^(?:\d+\s+)?[1-9]\d?/[1-9]\d?$")  # "7/8", "1 1/2": not a date's "12/05/2020"
# (a unit of area or volume with its power, "29518km²", or in Chinese letters, "27800平方千米", "55.89万人": how
# china-cities, spent, stores an area, answered with a postcode for "拉萨市的面积有多大")
_MEASURED = re.compile(r"^(?:[$€£¥]\s?)?[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^(?:[$€£¥]\s?)?[+-]?\d+(?:\.\d+)?"
                       r"(?:\s?(?:[a-zA-Zµ°]{1,4}[²³]?|%|[\u4e00-\u9fff]{1,4}))?$")
_WEEKDAY = re.compile(r"(?i)^(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?$")
_CODE_KEY = re.compile(r"(?i:\b(?:cd|code|no|nr|num|number|id)\b)|[a-z](?:Code|No|Number|Id|ID)\b")
_TIME_KEY = re.compile(r"(?i)(date|time|created|modified|updated|when|stamp|logon|login|lastset|since|until|_at$|At$)")


# A date as Chinese and Japanese write it: a month with its day or days, a year before them, a note after them in
# brackets ("10月15-17日(旧暦9月)", "2019年10月1日", "3月"): japanese-mythology (spent) answered
# "神嘗祭はいつ行われますか" with another node's verified_at, the festival's date_pattern no date
_CJK_DATE = re.compile(r"^(?:\d{3,4}\s*年\s*)?\d{1,2}\s*月(?:\s*\d{1,2}(?:\s*[-~〜～–]\s*\d{1,2})?\s*[日号號])?"
                       r"(?:\s*[(（][^)）]{0,20}[)）])?$")


def _one_date(t: str, key: str | None) -> bool:
    """Whether `t` is one date or year as value_kind reads them (`key`: the property it is stored under)."""
    # a number under a code's or a number's key is no year ("Crm Cd" 330, "Rpt Dist No" 1998)
    year = _YEAR.match(t) is not None and (key is None or _CODE_KEY.search(key.replace("_", " ")) is None)
    # ... and a year written as a decimal ("2014.0": a table's year column read as floats, as pandas reads any
    # column with a value missing) is one under a key that says a time or a year (douban-movies' `showtime`, spent)
    year = year or (_FLOAT_YEAR.match(t) is not None and key is not None
                    and (_TIME_KEY.search(key) is not None or "year" in key.lower()))
    return bool(_DATE.match(t) or year or _MONTH_DATE_TEXT.match(t) or _STAMP.match(t) or _CJK_DATE.match(t)
                or (key is not None and _TIME_KEY.search(key) is not None and _EPOCH.match(t)))


# A period's text: a year, a century, an era ("1420", "3,300-2,300 BCE", "the 6th century AD")
_ERA_TEXT = re.compile(r"(?i)(?<![\d.])\d{3,4}(?![\d.])(?!\s*(?:mins?|minutes?|s|secs?|seconds?|h|hrs?|hours?|days?)\b)"
                       r"|\b\d{1,2}(?:st|nd|rd|th)\b|\bcentur(?:y|ies)\b"
                       r"|\b(?:BCE|BC|B\.C\.?|AD|A\.D\.?|CE)\b")
_SEASON_YEAR = re.compile(r"(?i)^(?:(?:spring|summer|fall|autumn|winter)\s+\d{4}|Q[1-4]\s*\d{4}|\d{4}\s*Q[1-4])$")
_DATE_SPAN = re.compile(r"(?i)^(.+?)\s+(?:to|until|till|-|–|—)\s+(.+)$")


def labelled_date(name: str, type_: str) -> str | None:
    """The date or year an entity's name states after its type's words ("Year 1957" of a Year: "1957"; "Day
    2020-04-07" of a Day), as a record named by its label and its key is; None for any other name."""
    words = type_.split()
    said = name.split()
    if len(said) <= len(words) or [w.casefold() for w in said[:len(words)]] != [w.casefold() for w in words]:
        return None
    rest = " ".join(said[len(words):])
    return rest if _one_date(rest, None) else None


def value_kind(text: str, kind: Kind, type_: str | None = None, key: str | None = None,
               counted: str | None = None, measured: bool = True) -> bool:
    """Whether an answer is of `kind`: an entity of an agent, place or time type (`type_`, its type as words), a date or
    a year ("1948-12-08", "1/08/2017", "March 20, 2006", "Oct 2012", "1997"; seconds or milliseconds since 1970
    when the property `key` says a date or time: "creation_date", "lastlogon"), a count ("12"; "7.64" of `viewers`
    where the question counts viewers, `counted`), an amount (any number: "18.0", "12"), a place (a value under a
    place's key: "address", "city"): the kinds but "agent" and "place" read the value's text or the entity's
    name. `measured`: False reads no amount written with its unit or currency."""
    if kind == "agent":  # ... or a name stored under an agent's key ("author": "abarilo"), not a date or number
        # under it ("author date")
        return (type_ is not None and bool(content_stems(type_) & AGENT_TYPES)) or (
            key is not None and bool(content_stems(key.replace("_", " ")) & AGENT_TYPES)
            and not (_NUMBER.match(text.strip()) or _DATE.match(text.strip()) or _YEAR.match(text.strip())
                     # (however the date is written: Twitter's "Wed Jul 01 21:09:53 +0000 2015" under `created_at`,
                     # whose "creat" says a creator; trump-tweets, tune, answered "who" with it)
                     or _one_date(text.strip(), key)))
    if kind == "place":  # an entity of a place type, or a value stored under a place's key ("address", "city")
        return (type_ is not None and bool(content_stems(type_) & PLACE_TYPES)) or (
            key is not None and bool(content_stems(key.replace("_", " ")) & PLACE_TYPES))
    t = text.strip()
    if kind == "date":
        if _WEEKDAY.match(t):  # "on what day of the week": a day's name
            return True
        if type_ is not None and time_type(type_):  # an entity that is a span of time
            return True
        # (... or one named by its type and a date or a year, as a record is: "Year 1957", the Year a Company was
        # FOUNDED in, when the graph stores the year as a node; computer-history, spent, answered another machine's
        # year of introduction)
        if type_ is not None and labelled_date(t, type_) is not None:
            return True
        # a season or a quarter of a year ("Fall 2020": when a show premiered; "Q3 2022": when a phone was
        # released, mobile-devices, spent) is a time as a catalogue writes it
        if _SEASON_YEAR.match(t):
            return True
        # ... and so is a span between two dates ("Oct 4, 2006 to Jun 27, 2007": when a show aired; the end "?"
        # while it runs): "when did it air" is answered by the span, not by a year read off its end
        span = _DATE_SPAN.match(t)
        if span is not None and _one_date(span.group(1), key) and (
                span.group(2) == "?" or _one_date(span.group(2), key)):
            return True
        # ... and a period stored under a key that says a time, however it is written ("about 3,300-2,300 BCE",
        # "9th -13th centuries", "Between 1406 and 1420" as a site's `construction_time`): "when was X built" is
        # answered by it, not by a year of another site's (china-world-heritage, spent)
        if key is not None and _TIME_KEY.search(key) is not None and _ERA_TEXT.search(t) is not None:
            return True
        return _one_date(t, key)
    if kind == "count":  # or any number whose key's head word is what is counted (`counted`, a stem: "how many
        # viewers": viewers 7.64, in millions; never "unit price" for "how many units")
        # (... however the count is written there: "how many pages" of `pages` "xii, 409 p. :ill. ;24 cm", a
        # catalogue's collation)
        # (a key that says it counts, "page_count", "num_pages", "total reviews", counts the word beside that one:
        # seattle-library-books, spent, answered the ISBN for "how many pages")
        words = _WORD.findall(key.lower().replace("_", " ")) if key is not None else []
        head = [w for w in words if w not in _COUNT_WORDS][-1:] or words[-1:]
        return bool(_INT.match(t)) or (counted is not None and re.search(r"\d", t) is not None
                                       and [stem(ABBREVIATIONS.get(w, w)) for w in head] == [counted])
    # ... or an amount written with its unit or currency ("580.00 g", "8720 mAh", "$12,000,000": what "how much
    # does X weigh" and "how much did Y pay Z" ask; mobile-devices and mlb-payrolls, spent, answered a bare number
    # of another key or the season the question named)
    # (... and a fraction as a recipe writes it, "7/8", "1 1/2": how much of an ingredient goes into a cocktail;
    # kindred-cocktails, the thirty-sixth split's, answered its unit "oz")
    return bool(_NUMBER.match(t) or _DURATION.match(t) or _FRACTION.match(t) or (measured and _MEASURED.match(t)))


_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS["sept"] = 9
# ... and German's ("30. März 1818", "12. Mai 1827": lassberg-letters, spent, linked the numbers 30 and 1818 where
# the question named a day), after the English abbreviations: "mae" of "maerz" abbreviates nothing
_MONTHS.update({m: i for i, ms in enumerate((
    "januar jänner jaenner", "februar", "märz maerz", "april", "mai", "juni", "juli", "august", "september",
    "oktober okt", "november", "dezember dez"), 1) for m in ms.split()})
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
# Days written with the month's name ("Mar 18, 2014", "18th of March 2014"), in any case.
_MONTH_DATES = [
    (re.compile(rf"(?i)\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"), ("m", "d", "y")),
    # (the day as German writes it, an ordinal with a full stop: "30. März 1818")
    (re.compile(rf"(?i)\b(\d{{1,2}})(?:st|nd|rd|th|\.)?\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}})\b"), ("d", "m", "y")),
]
# A value that is such a day, or a month of a year ("March 20, 2006", "20th March 2006", "Oct 2012"), whole.
_MONTH_DATE_TEXT = re.compile(rf"(?i)^(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
                              rf"|\d{{1,2}}(?:st|nd|rd|th|\.)?\s+(?:of\s+)?{_MONTH},?\s+\d{{4}}|{_MONTH},?\s+\d{{4}})$")
# A moment as Twitter and e-mail headers stamp it ("Wed Jul 01 21:09:53 +0000 2015", "Wed, 01 Jul 2015 21:09:53
# +0000"): a weekday, a day and a month's name, a time of day, a zone and the year, whole (trump-tweets, tune: "who
# did Trump say ..." was answered with the stamp under `created_at`, read as no date)
_STAMP = re.compile(r"(?i)^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?"
                    rf"(?:\d{{1,2}}\s+{_MONTH}|{_MONTH}\s+\d{{1,2}}),?"
                    r"(?=.*\b\d{4}\b)(?:\s+\d{4})?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:[+-]\d{4}|UTC|GMT|Z))?(?:\s+\d{4})?$")


def date_stamp(text: str) -> bool:
    """Whether `text` is a moment as Twitter and e-mail headers stamp it (`_STAMP`), whole."""
    return _STAMP.match(text.strip()) is not None


_Q_DATES = [*_MONTH_DATES, (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), ("y", "m", "d"))]
_NUMERIC_DATE = re.compile(r"\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b")
Day = tuple[int, int, int]


def _day(y: int, m: int, d: int) -> set[Day]:
    return {(y, m, d)} if 1 <= m <= 12 and 1 <= d <= 31 else set()


def month_name_days(text: str) -> list[tuple[Day, str, tuple[int, int]]]:
    """The days `text` writes with the month's name, each with the text as typed and its span: (day, text, span)."""
    out = []
    for pattern, order in _MONTH_DATES:
        for m in pattern.finditer(text):
            parts = dict(zip(order, m.groups(), strict=True))
            for day in _day(int(parts["y"]), _MONTHS[parts["m"].lower()], int(parts["d"])):
                out.append((day, m.group(), m.span()))
    return out


def question_dates(text: str) -> set[Day]:
    """The days a question names, as (year, month, day): "April 25, 2020", "25 April 2020", "2020-04-25", and
    "4/25/2020" or "25/4/2020" (both readings where both are days)."""
    t = text.lower()
    out: set[Day] = set()
    for pattern, order in _Q_DATES:
        for m in pattern.finditer(t):
            parts = dict(zip(order, m.groups(), strict=True))
            month = _MONTHS[parts["m"]] if not parts["m"].isdigit() else int(parts["m"])
            out |= _day(int(parts["y"]), month, int(parts["d"]))
    for m in _NUMERIC_DATE.finditer(t):
        a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        out |= _day(y, b, a) | _day(y, a, b)
    return out


# A whole number standing alone ("12 points", "in 1998"): not a piece of a date, a code, a phone number or a decimal
_LONE_NUMBER = re.compile(r"(?<![\w./:()-])(?<!\d,)\d+(?![\w/:()-]|[.,]\d)")


def question_numbers(text: str) -> set[int]:
    """The whole numbers a question states on their own ("Who got Ireland's 12 points in 1998?" -> {12, 1998}),
    outside the days it names ("April 25, 2020") and the codes it types ("10248-A", "9-(882)...")."""
    spans = [span for _, _, span in month_name_days(text)]
    out: set[int] = set()
    for m in _LONE_NUMBER.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        out.add(int(m.group()))
    return out


def stated_numbers(text: str) -> set[int]:
    """The whole numbers a name, a relation or a stored value states: its lone numbers ("VOTES 1998" -> {1998}),
    and a number stored as a decimal that is whole ("12.0" -> {12})."""
    t = text.strip()
    if _NUMBER.match(t):
        v = float(t)
        return {int(v)} if v.is_integer() and abs(v) < 1e15 else set()
    return {int(m.group()) for m in _LONE_NUMBER.finditer(text)}


_MONTH_YEAR = re.compile(rf"(?i)\b{_MONTH},?\s+(\d{{4}})\b")
_ISO_MONTH = re.compile(r"\b(\d{4})-(\d{1,2})\b(?!-\d)")


# a month as Chinese and Japanese write it, without a day after it: "2022年7月" (not "2022年7月1日")
_CJK_MONTH = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月(?!\s*\d{1,2}\s*[日号號])")


def question_months(text: str) -> set[tuple[int, int]]:
    """The months a question names without a day, as (year, month): "in May 2020", "June, 1732", "2020-05",
    "2020年5月"; a month that is part of a day it names ("May 4, 2020", "4 May 2020") is a day (`question_dates`),
    not a month."""
    return set(question_month_texts(text))


def question_month_texts(text: str) -> dict[tuple[int, int], str]:
    """`question_months`, each with the text as typed ("May 2020")."""
    days = {span for _, _, span in month_name_days(text)}
    out: dict[tuple[int, int], str] = {}
    for m in _MONTH_YEAR.finditer(text):
        if any(a <= m.start() < b for a, b in days):
            continue
        out.setdefault((int(m.group(2)), _MONTHS[m.group(1).lower().rstrip(".")]), m.group())
    for m in [*_ISO_MONTH.finditer(text), *_CJK_MONTH.finditer(text)]:
        if 1 <= int(m.group(2)) <= 12:
            out.setdefault((int(m.group(1)), int(m.group(2))), m.group())
    return out


_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def value_dates(text: str) -> set[Day]:
    """The day a stored value or a name states: ISO ("2020-04-25T09:40:39Z", "Visit 2020-04-25T..."), or
    day/month/year and month/day/year ("1/08/2017": both readings), or a whole value that is a day written with its
    month's name ("Feb 13, 2012", "13 February 2012")."""
    out: set[Day] = set()
    for m in _ISO_DAY.finditer(text):
        out |= _day(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    # (the award's `data` "Feb 13, 2012" was read as no day, and "when" was answered with a weight of 200 read as a
    # year; nba-players-of-the-week, spent)
    if _MONTH_DATE_TEXT.match(text.strip()):
        out |= {day for day, _, _ in month_name_days(text)}
    for m in _NUMERIC_DATE.finditer(text):
        a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        out |= _day(y, b, a) | _day(y, a, b)
    return out


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def _spelled(word: str) -> str:
    return word.replace("ph", "f").replace("th", "t")


def cognate(a: str, b: str) -> bool:
    """Two stems of one word in two languages, as a graph's types and a question may be written ("nationalit" of
    NATIONALITE and "nationality", "publi" of A_PUBLIE and "publish", "compagnon" and "companion", "aventur" and
    "adventur"): both of 5 letters or more, the same first letter, one beginning the other or at most one edit in
    four letters of the shorter apart. Read only where nothing is stated word for word (`cognate_stems`)."""
    # (spelled with "f" for "ph" and "t" for "th", as Portuguese, Spanish and Italian write them: "fone" is a
    # phone, "teatro" a theatre; sao-paulo-transport, tune, answered a company's site for its phone number)
    if a != b and min(len(a), len(b)) >= 3 and _spelled(a) == _spelled(b):
        return True
    if a == b or min(len(a), len(b)) < 5 or a[0] != b[0]:
        return False
    short, long = sorted((a, b), key=len)
    return long.startswith(short) or _edits(a, b) <= len(short) // 4


def cognate_stems(stems: set[str], q_stems: set[str]) -> set[str]:
    """The question's stems that are cognates of `stems` (a relation's or a key's), for one that states none of
    the question's words as they are: English questions about a graph written in French ("who published X":
    A_PUBLIE)."""
    return {q for q in q_stems if not q.isdigit() and any(cognate(q, s) for s in stems)}


def compound_stems(key_words: set[str], q_words: set[str]) -> set[str]:
    """Question words that begin or end a key written as one word ("confirmedtime" states "confirmed" and
    "time", "healthstatus" states "health" and "status"): the stems of those question words (of 4 letters or
    more; a key's own words of 7 or more); and "id" of an identifier ending in it ("uuid", "userid")."""
    out = set()
    for k in key_words:
        if k.endswith("id") and k != "id" and "id" in q_words:  # an identifier written as one word: "uuid", "userid"
            out.add("id")
        if len(k) < 7:
            continue
        for w in q_words:
            if len(w) >= 4 and w != k and (k.startswith(w) or k.endswith(w) or k.startswith(stem(w))):
                out.add(stem(w))
    return out


# Korean particles and the copula's endings, written onto the word before them ("교황청에": to the Holy See; "JPN은":
# JPN, as topic), longest first: a name followed by one is no word of the graph's, and linking found nothing in six
# of every seven questions of a Korean graph.
PARTICLES = tuple(sorted(set(
    "에서는 에게서 으로는 이라는 에서 에게 에는 에도 으로 로는 까지 부터 보다 처럼 한테 "
    "이랑 이나 이란 라는 이야 인가 인데 은 는 이 가 을 를 에 의 로 와 과 도 만 인 야 랑".split()),
    key=lambda p: (-len(p), p)))
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def without_particle(word: str) -> str | None:
    """A Hangul word without the particle written onto its end ("아파트의" -> "아파트"), or None where it ends in
    none (or is no more than one)."""
    if not _HANGUL.match(word[-1:]):
        return None
    for particle in PARTICLES:
        if len(word) > len(particle) and word.endswith(particle):
            return word[:-len(particle)]
    return None


# One-letter endings that make a word of the name, no noun beside it: the plural 들 ("교황청들": Holy Sees, not the
# Holy See), the adjectival 적
_SUFFIXES_NOT_NOUNS = frozenset("들 적".split())


def _noun_written_on(word: str, known: Callable[[str], bool]) -> str | None:
    """A Hangul word that is a `known` name of two letters or more with a one-letter noun written onto its end
    ("청계산입구역": 청계산입구, a station, and 역), as "<name> <noun>"; None otherwise."""
    base, noun = word[:-1], word[-1:]
    if len(base) >= 2 and _HANGUL.match(noun) and noun not in _SUFFIXES_NOT_NOUNS and _HANGUL.match(base[-1]) \
            and known(base):
        return f"{base} {noun}"
    return None


def detach_particles(text: str, known: Callable[[str], bool]) -> str:
    """`text` with a particle written onto a word set apart ("교황청에 갈 때" -> "교황청 에 갈 때") where the word
    with it is not `known` and the word without it is (a name, or a word of one: `known` is the caller's, the name
    index's or the context's words; "스페인" ends in a particle's syllable and is a name), or where the word is of
    another script (a code: "JPN은"); so is a one-letter noun written onto a known name ("청계산입구역은" ->
    "청계산입구 역 은"). Other text is unchanged."""
    def apart(m: re.Match[str]) -> str:
        word = m.group(0)
        if not _HANGUL.match(word[-1]) or known(word):
            return word
        for particle in PARTICLES:
            if len(word) > len(particle) and word.endswith(particle):
                base = word[:-len(particle)]
                if not _HANGUL.search(base) or known(base):
                    return f"{base} {particle}"
                # ... and the one-letter noun written onto a name before the particle ("청계산입구역은": the
                # station 청계산입구, 역; a graph names it without the word, korea-urban-rail, spent: 8 of 14
                # questions linked nothing)
                noun = _noun_written_on(base, known)
                if noun is not None:
                    return f"{noun} {particle}"
        return _noun_written_on(word, known) or word
    return _WRITTEN_WORD.sub(apart, text)


# Hebrew's one-letter words written onto the next word ("and", "the", "in", "as", "to", "from", "that"): "בחוק ניירות
# ערך", in the Securities Law, types the law's name with "in" on its first word
_HEBREW_PREFIXES = "והבכלמש"
_HEBREW_WORD = re.compile(r"^[\u05d0-\u05ea]+$")


def detach_prefixes(text: str, known: Callable[[str], bool]) -> str:
    """`text` without Hebrew's one-letter words written onto a word (one or two of `_HEBREW_PREFIXES`: "בחוק",
    "ובחוק" -> "חוק") where the word with them is not `known` and the word without them is, two letters or more
    (israel-laws, spent: "סעיף 73 לחוק חוזה הביטוח" linked no law, whose names begin "חוק ..."). Dropped, not set
    apart: set apart, "ה" linked every section lettered "ה.". Other text is unchanged."""
    def apart(m: re.Match[str]) -> str:
        word = m.group(0)
        if not _HEBREW_WORD.match(word) or known(word):
            return word
        for cut in (1, 2):
            prefix, base = word[:cut], word[cut:]
            if len(base) >= 2 and all(ch in _HEBREW_PREFIXES for ch in prefix) and known(base):
                return base
        return word
    return _WRITTEN_WORD.sub(apart, text)


# Question words of other languages as the English ones the reader reads (`answer_kind`, the noun a "which" asks for):
# a graph's users ask in its language (the Regesta Imperii's charters in German, SNCF's stations in French,
# Vinmonopolet's catalogue in Norwegian). German, French, Norwegian and Danish, Swedish, Spanish, Portuguese, Dutch,
# Indonesian; none of them an English word ("was", "var", "come", "chi", "dove" are left out).
INTERROGATIVES = tuple(sorted({
    # German
    "wie viele": "how many", "wie viel": "how much", "wie lange": "how long", "wie alt": "how old",
    "welchen tag": "which day", "welchem tag": "which day", "welcher tag": "which day",
    "welches datum": "which date", "welchem jahr": "which year", "welches jahr": "which year",
    "wo": "where", "wohin": "where", "woher": "where", "wann": "when", "wer": "who", "wen": "whom", "wem": "whom",
    "wessen": "whose", "welche": "which", "welcher": "which", "welches": "which", "welchen": "which",
    "welchem": "which", "was für ein": "what kind of", "was für eine": "what kind of", "was für einen": "what kind of",
    "was für einem": "what kind of", "was für": "what kind of",
    # French
    "quel est": "what is", "quelle est": "what is", "quels sont": "what are", "quelles sont": "what are",
    "combien de": "how many", "combien d": "how many", "combien": "how much", "quelle année": "which year",
    "quelle date": "which date", "quel jour": "which day", "où": "where", "quand": "when", "qui": "who",
    "quel": "which", "quelle": "which", "quels": "which", "quelles": "which",
    # Norwegian, Danish
    "hva er": "what is", "hvad er": "what is", "hvor mange": "how many", "hvor mye": "how much",
    "hvor meget": "how much", "hvor lenge": "how long",
    "hvilket år": "which year", "hvilken dato": "which date", "hvor": "where", "når": "when", "hvem": "who",
    "hva": "what", "hvad": "what", "hvilken": "which", "hvilket": "which", "hvilke": "which",
    # Swedish
    "hur många": "how many", "hur mycket": "how much", "vilket år": "which year", "när": "when", "vem": "who",
    "vad": "what", "vilken": "which", "vilket": "which", "vilka": "which",
    # Spanish, Portuguese
    "cuántos": "how many", "cuántas": "how many", "cuánto": "how much", "quantos": "how many", "quantas": "how many",
    "dónde": "where", "donde": "where", "onde": "where", "cuándo": "when", "cuando": "when", "quando": "when",
    "quién": "who", "quien": "who", "quem": "who", "cuál": "which", "cuáles": "which", "qual": "which",
    "quais": "which", "qué": "what",
    # (their copula after "which" is English's "is": "Qual é a principal ameaça a X" asks what "what is the main
    # threat" asks, not for an "é"; brazil-threatened-species, spent)
    "qual é": "what is", "quais são": "what are", "qual foi": "what was", "quais foram": "what were",
    "cuál es": "what is", "cuáles son": "what are", "cuál fue": "what was", "cuáles fueron": "what were",
    # (... and Portuguese's "que" after a preposition asks "which" ("em que categoria": in which category); alone
    # it is a relative pronoun as often, "o filme que ganhou", read only where it opens the question, `_OPENING`)
    "em que": "in which", "a que": "to which", "de que": "of which", "com que": "with which", "que": "which",
    # (... and a time asked by its noun is a date asked, as "quelle date" and "welchen Tag" are: "em que semana foi X
    # jogador da semana" asks the award's date; nba-players-of-the-week, spent, answered a position)
    **{f"{before}{which} {noun}": f"{english_before}which {english}"
       for before, english_before in (("", ""), ("em ", "in "), ("en ", "in "), ("de ", "of "))
       for which in ("que", "qué") for noun, english in (
           ("ano", "year"), ("año", "year"), ("dia", "day"), ("día", "day"), ("semana", "week"), ("mês", "month"),
           ("mes", "month"), ("data", "date"), ("fecha", "date"))},
    # Dutch (not "wie", "who": German's "how", as in "Wie lautet ...")
    "hoeveel": "how many", "hoe lang": "how long", "hoe oud": "how old", "in welk jaar": "in which year",
    "welk jaar": "which year", "waar": "where", "wanneer": "when", "welke": "which", "welk": "which",
    "wat is": "what is", "wat zijn": "what are",
    # Indonesian, Malay ("partai mana": the noun before its question word, as typed)
    "di mana": "where", "dimana": "where", "ke mana": "where", "dari mana": "where", "siapa": "who",
    "kapan": "when", "berapa banyak": "how many", "berapa lama": "how long", "berapa": "how many",
    "tahun berapa": "which year", "apa": "what", "yang mana": "which", "mana": "which",
    # (its yes/no particle opens a question as "is" does: "Apakah Pasal 26 ... masih berlaku?", is it still in force)
    "apakah": "is",
    # Russian, each form of "which" as its noun's case asks ("в каком маршруте": in which route)
    **dict.fromkeys("какой какая какое какие какого какому каком какую каким какими каких".split(), "which"),
    **dict.fromkeys("каков какова каково каковы".split(), "what is"),
    "кто": "who", "кем": "by whom", "кому": "whom", "где": "where", "куда": "where", "откуда": "where",
    "когда": "when", "сколько": "how many", "что": "what", "чей": "whose", "чья": "whose", "чьё": "whose",
    "чьи": "whose", "как": "how", "в каком году": "in which year", "какого числа": "which date",
}.items(), key=lambda ge: (-len(ge[0]), ge[0])))
_INTERROGATIVE = re.compile(r"(?i)(?<!\w)(" + "|".join(re.escape(g) for g, _ in INTERROGATIVES) + r")(?!\w)")
_ENGLISH = {g: e for g, e in INTERROGATIVES}
# the question words read only where they open the question (Portuguese's "que": "Que espécie é contemplada pelo X")
_OPENING = frozenset({"que"})


def english_interrogatives(question: str) -> str:
    """`question` with its question words of another language (and a date asked for: "welchen Tag") in English
    ("Wo wurde ... ausgestellt?" -> "where wurde ... ausgestellt?"); other words unchanged, and a capitalised one past
    the first word too (a name)."""
    def english(m: re.Match[str]) -> str:
        word = m.group(1)
        # capitalised past the question's first word, it is a name ("Where is Quando?"); an `_OPENING` word past it
        # is not the question word it is at the start
        if (word[0].isupper() or word.lower() in _OPENING) and question[:m.start()].strip(" ¿¡«\"'"):
            return word
        return _ENGLISH[word.lower()]
    return _INTERROGATIVE.sub(english, _FOR_WHICH.sub("for which", question))


# Portuguese's and Spanish's "por que" before a noun asks "for which" ("Por que equipa jogava X": for which team; read
# as no question word, its "quando" clause asked a date; nba-players-of-the-week, spent); before an article, a
# pronoun, a verb of being or a name it asks "why", which the reader does not read
_FOR_WHICH = re.compile(r"\b[Pp]or\s+qu[eé](?=\s+(?!(?:o|a|os|as|um|uma|el|la|los|las|un|una|e|é|es|está|foi|fue|era|"
                        r"se|no|não|nao|lo|le|que|eu|ele|ela|él|ella)\b)[a-zà-öø-ÿ])")


# German's function words as the English ones the reader reads: its articles in every case ("der", "die", "das", "den",
# "dem", "des"), its auxiliaries ("ist", "wurde", "hatte"), prepositions and their contractions with the article
# ("vom", "im", "zur"), pronouns and conjunctions. Unread, they were words a relation, a key or a type could state:
# "ist" stated IST_AUF_SL ("Wer ist die Zulassungsinhaberin von X" was answered with X's package on that list),
# "die" the English "die" (death), and "welcher Wirkstoff ist" asked for an "ist" (swiss-medicines, spent). Read only
# in a question that reads German (`reads_german`): "die", "war", "hat", "am", "an", "will" are English words too.
GERMAN_FUNCTION_WORDS = {
    **dict.fromkeys("der die das den dem des".split(), "the"),
    **dict.fromkeys("ein eine einen einem einer eines".split(), "a"),
    **dict.fromkeys("kein keine keinen keinem keiner".split(), "no"),
    "vom": "of the", "im": "in the", "ins": "into the", "am": "on the", "zum": "to the", "zur": "to the",
    "beim": "at the", "von": "of", "zu": "to", "in": "in", "auf": "on", "an": "at", "für": "for", "fuer": "for",
    "mit": "with", "bei": "at", "aus": "from", "über": "about", "ueber": "about", "unter": "under",
    "nach": "after", "vor": "before", "seit": "since", "bis": "until", "zwischen": "between", "gegen": "against",
    "durch": "through", "ohne": "without", "um": "around", "und": "and", "oder": "or", "als": "as", "dass": "that",
    "ob": "whether", "nicht": "not", "auch": "also",
    "ist": "is", "sind": "are", "bin": "am", "bist": "are", "seid": "are", "war": "was", "waren": "were",
    "wird": "is", "werden": "are", "wurde": "was", "wurden": "were", "worden": "been", "gewesen": "been",
    "sein": "be", "hat": "has", "haben": "have", "hatte": "had", "hatten": "had", "gehabt": "had",
    "kann": "can", "können": "can", "konnte": "could", "konnten": "could", "soll": "should", "sollte": "should",
    "er": "he", "sie": "she", "es": "it", "wir": "we", "ich": "i", "sich": "",
    # (the question words English also spells, left to `english_interrogatives`: "wie", "how", is Dutch's "who")
    "was": "what", "wie": "how",
}
# ... the words of them and of German's question words that no English question types: a question with two of these,
# or opening with a question word of German's ("Welchen ATC-Code hat X?"), reads German ("der" alone may be a name's:
# "Haus der Kunst")
_GERMAN_ONLY = frozenset(
    "der das dem des ein eine einen einem einer eines keine keinen keinem keiner vom im ins zum zur beim von zu auf "
    "für fuer mit bei aus über ueber unter nach vor seit zwischen gegen durch ohne und oder als dass nicht auch ist "
    "sind bist seid waren wird werden wurde wurden worden gewesen haben hatte hatten gehabt kann können konnte "
    "konnten soll sollte wir ich sich wo wohin woher wann wer wen wem wessen welche welcher welches welchen welchem"
    .split())
# (those that open a German question: "wie" and "was" open English and Dutch ones too)
_GERMAN_OPENERS = frozenset("wo wohin woher wann wer wen wem wessen welche welcher welches welchen welchem".split())
_WORDS_AS_TYPED = re.compile(r"[^\W\d_]+")


def reads_german(question: str) -> bool:
    """Whether a question is German: two or more of its words (lower case as typed, or its first word) are German's
    alone (`_GERMAN_ONLY`), or its first word is one of German's question words ("Wann wurde ...", "Welchen ...")."""
    words = _WORDS_AS_TYPED.findall(question)
    if not words:
        return False
    first = words[0].lower()
    if first in _GERMAN_OPENERS:
        return True
    said = [w.lower() for i, w in enumerate(words) if i == 0 or w.islower()]
    return len({w for w in said if w in _GERMAN_ONLY}) >= 2


_GERMAN_FUNCTION_WORD = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, GERMAN_FUNCTION_WORDS), key=len,
                                                                 reverse=True)) + r")(?!\w)", re.IGNORECASE)


def english_function_words(question: str, german: bool | None = None) -> str:
    """A German question (`german`, else `reads_german` of it) with its function words in English
    (GERMAN_FUNCTION_WORDS: "Wer ist die Zulassungsinhaberin von X?" -> "Wer is the Zulassungsinhaberin of X?"),
    those typed in lower case or opening it (a capitalised one past the first word is a name's: "Das Boot"); any
    other question unchanged. Read its question words first (`english_interrogatives`: "wie viele" is "how many")."""
    if not (reads_german(question) if german is None else german):
        return question

    def english(m: re.Match[str]) -> str:
        word = m.group(1)
        if not word.islower() and question[:m.start()].strip(" ¿¡«\"'"):
            return word
        return GERMAN_FUNCTION_WORDS[word.lower()]
    return _GERMAN_FUNCTION_WORD.sub(english, question)


# Chinese and Japanese are written without spaces between words: a name inside a question is no word of it ("致我们
# 终将逝去的青春的导演是谁" is one run of letters, and linking found no film in it, nor in five of douban-movies'
# fourteen questions, spent, that typed a title without 《》). Inside such a run, the names a caller knows are set
# apart; a run of at most this many letters is one name.
CJK_LETTER = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_NAME_LETTERS = 40
# ... a written word there runs on over the dot between the parts of a name written in those letters ("金·凯瑞", Jim
# Carrey: "金·凯瑞主演的那部电影是谁导演的" held no name, the dot ending a word; mtime-top100, spent)
NAME_DOTS = "\u00b7\u2027\u2022\u30fb\uff65"
_CJK_WRITTEN_WORD = re.compile(rf"[^\W_]+(?:[{NAME_DOTS}][^\W_]+)*")


def _inner_spans(word: str) -> Iterator[tuple[int, int]]:
    """[i, j) of every run of two letters or more inside `word`, at most _CJK_NAME_LETTERS long."""
    for i in range(len(word) - 1):
        for j in range(i + 2, min(len(word), i + _CJK_NAME_LETTERS) + 1):
            yield i, j


def unspaced_spans(text: str) -> list[str]:
    """Every run of two letters or more inside a written word that holds Chinese or Japanese letters ("失恋33天的编剧"
    -> "失恋", "失恋3", ..., "失恋33天", ...), in order, each once: the spans a caller looks names up among. None
    for text in other scripts, whose words are spaced."""
    out: dict[str, None] = {}
    for m in _CJK_WRITTEN_WORD.finditer(text):
        word = m.group(0)
        if not CJK_LETTER.search(word):
            continue
        for i, j in _inner_spans(word):
            out.setdefault(word[i:j], None)
    return list(out)


# A Chinese question word and its measure word, just before the noun it asks for ("哪座城市": which city)
_CJK_WHICH = re.compile(r"(?:哪一?[个個座家位部本首种種类類件款条條所间間只隻台张張辆輛架艘届屆门門场場支名处處]?"
                        r"|什么|什麼)$")


def asked_after_which(question: str, name: str) -> bool:
    """Whether a question types `name` only as the noun a Chinese question word asks for, last in its clause
    ("收藏X的博物馆位于哪座城市？": a city asked, not the artifact titled 城市; overseas-relics, spent, linked it and
    answered its English title)."""
    at = list(re.finditer(re.escape(name), question)) if name else []
    return bool(at) and all(_CJK_WHICH.search(question[:m.start()]) is not None
                            and re.match(r"\s*(?:[？?。！!，,]|$)", question[m.end():]) is not None for m in at)


def join_spaced(text: str, words: Collection[str]) -> str:
    """`text` with each of `words` written in Hangul as one word (three letters or more) joined where it is typed
    with a space inside ("노선 연장" -> "노선연장"): Korean writers space a compound as they please, and a graph's key
    `노선연장_m` was said in the question though no word of it met the key's (korea-urban-rail, spent)."""
    for word in sorted({w for w in words if len(w) >= 3 and _HANGUL_WORD.fullmatch(w)}, key=len, reverse=True):
        for i in range(1, len(word)):
            text = re.sub(rf"(?<![\uac00-\ud7a3]){re.escape(word[:i])}\s+{re.escape(word[i:])}", word, text)
    return text


# A name's words typed apart where the graph writes them as one (`join_typed_names`): two or three words of letters,
# each of two letters or more, spaced or hyphenated once, the first capitalised as a name is typed
_TYPED_PART = re.compile(r"[^\W\d_]{2,}")
# ... making a word of this many letters at least ("AltTegel"; no short word two short words happen to spell)
_JOINED_LETTERS = 6


def join_typed_names(text: str, known: Callable[[str], bool]) -> str:
    """`text` with a name typed as two or three words that the graph writes as one written as one
    ("Innsbrucker Platz" -> "InnsbruckerPlatz", "Alt-Tegel" -> "AltTegel"): where the words joined are a `known` name
    word (the caller's: the name index's words, or a context's names') and not every one of the words typed is one of
    its own (a graph that names "New York" and "NewYork" both is read as typed). A graph of transit
    stops writes "KrummeLanke"; its users type "Krumme Lanke" (berlin-ubahn, spent: 4 of 14 questions linked no
    stop). The first word must begin with a capital, as a name is typed. Longest first; other text unchanged."""
    parts = list(_TYPED_PART.finditer(text))
    pieces: list[str] = []
    at = i = 0
    while i < len(parts):
        for n in (3, 2):
            run = parts[i:i + n]
            if len(run) < n or not run[0].group(0)[:1].isupper() \
                    or any(text[a.end():b.start()] not in (" ", "-") for a, b in itertools.pairwise(run)):
                continue
            typed = [m.group(0) for m in run]
            joined = "".join(typed)
            if len(joined) >= _JOINED_LETTERS and known(joined) and not all(known(t) for t in typed):
                pieces += [text[at:run[0].start()], joined]
                at = run[-1].end()
                i += n
                break
        else:
            i += 1
    pieces.append(text[at:])
    return "".join(pieces)


def set_apart(text: str, names: Collection[str]) -> str:
    """`text` with each of `names` found inside a written word of Chinese or Japanese letters set apart by spaces
    ("中国合伙人是谁拍的" -> "中国合伙人 是谁拍的"): longest first, never overlapping one already set apart (a
    shorter name inside a longer one, "中国" in "中国合伙人", is part of it). Words that are a name whole, and words of
    other scripts, are unchanged."""
    def apart(m: re.Match[str]) -> str:
        word = m.group(0)
        if not CJK_LETTER.search(word) or word in names:
            return word
        found = sorted(((i, j) for i, j in _inner_spans(word) if word[i:j] in names),
                       key=lambda ij: (ij[0] - ij[1], ij[0]))
        taken: list[tuple[int, int]] = []
        for i, j in found:
            if all(j <= a or i >= b for a, b in taken):
                taken.append((i, j))
        pieces, at = [], 0
        for i, j in sorted(taken):
            pieces += [word[at:i], word[i:j]]
            at = j
        pieces.append(word[at:])
        return " ".join(p for p in pieces if p)
    return _CJK_WRITTEN_WORD.sub(apart, text)


# A Chinese question's words as the English ones the reader reads, where a graph's keys and types are English (a
# Chinese film catalogue's `director`, `rate`, `language`): question words replaced ("谁" -> "who", "哪一年" -> "which
# year"), words of the graph's kinds said in English beside themselves ("导演" -> "导演 director directed": a graph
# whose keys are Chinese still meets the word), function words dropped. Longest first, left to right, in the words
# that are no name (names are set apart first: "黄金时代" holds "时代", "an era", and is a film).
# (多少 is "how many" before a measure word or after 有, and otherwise asks a value: "评分多少", "its rating, how
# much"; "how many" reads a count)
CHINESE_QUESTION_WORDS = {
    "是谁": "who", "谁": "who", "哪一年": "which year", "哪年": "which year", "哪一天": "which day",
    "哪天": "which day", "什么时候": "when", "何时": "when", "几月": "which month", "哪里": "where", "哪儿": "where",
    "在哪": "where", "什么地方": "where", "有多少": "how many", "多少个": "how many", "多少部": "how many",
    "多少位": "how many", "多少本": "how many", "多少家": "how many", "多少次": "how many", "多少人": "how many",
    "多少种": "how many", "多少首": "how many", "多少钱": "how much", "多少": "what", "几个": "how many",
    "几部": "how many", "几位": "how many", "几本": "how many", "几家": "how many", "几次": "how many",
    "几首": "how many", "多久": "how long", "多长时间": "how long", "多长": "how long", "多高": "how tall",
    "多重": "how heavy", "多远": "how far", "多大": "how old", "为什么": "why", "为何": "why", "怎么": "how",
    "如何": "how", "什么": "what", "啥": "what", "哪个": "which", "哪些": "which", "哪部": "which", "哪位": "which",
    "哪家": "which", "哪本": "which", "哪首": "which", "哪场": "which", "哪支": "which", "哪条": "which",
    # (an alternative offered: "元太是在上市還是上櫃交易", listed or over the counter)
    "还是": "or", "或者": "or", "或是": "or",
    "哪种": "which", "哪类": "which", "哪一类": "which kind", "哪一种": "which kind",
    "第几号": "which number", "第几": "which",
    "哪": "which",
    # function words: no relation, key or type
    "的": "", "是": "", "了": "", "过": "", "吗": "", "呢": "", "都": "", "还": "", "在": "", "被": "", "由": "",
    "把": "", "请问": "", "一下": "", "叫": "", "所": "",
    # Japanese, written in the same letters and its own: its question words and particles (a Japanese question over a
    # graph of bilingual names, "浮島丸訴訟の最高裁判決はいつですか"; japan-reparation-lawsuits, tune, answered a date
    # for "who" and "where")
    "誰": "who", "だれ": "who", "どこ": "where", "いつ": "when", "何年": "which year", "どの": "which",
    "何": "what", "なに": "what", "ですか": "", "でしたか": "", "ますか": "", "ました": "", "です": "", "の": "",
    "第何代": "which number", "何代目": "which number", "何番目": "which number",
    "は": "", "が": "", "を": "", "に": "", "で": "", "か": "",
}

# "which" with a measure word, with or without "one", in simplified and traditional letters ("哪一檔ETF", which ETF;
# "哪個", "哪一部"): the measure word is no part of the noun asked (taiwan-etf-holdings, the thirty-seventh split's,
# after its run: "一檔ETF" was read as the noun); 种 is a kind, "哪一種證券" which kind of security, asked above
_MEASURE_WORDS = "个個位部本首场場支条條家檔档只隻间間座台张張件款名门門辆輛架艘届屆"
CHINESE_QUESTION_WORDS.update({f"哪{one}{m}": "which" for one in ("", "一") for m in _MEASURE_WORDS
                               if f"哪{one}{m}" not in CHINESE_QUESTION_WORDS})
# ... and "how many" with any of them ("持有多少張聯發科的股票", how many lots of shares; taiwan-stock-knowledge, spent,
# read 多少 alone, "what", and answered the stock's market)
CHINESE_QUESTION_WORDS.update({f"{q}{m}": "how many" for q in ("多少", "几", "幾") for m in _MEASURE_WORDS
                               if f"{q}{m}" not in CHINESE_QUESTION_WORDS})
CHINESE_WORDS = {k: tuple(v.split()) for k, v in {
    # courts (Chinese and Japanese write them alike)
    "被告": "defendant sued", "原告": "plaintiff plaintiffs", "判決": "ruling ruled judgment",
    "判决": "ruling ruled judgment", "訴訟": "lawsuit", "诉讼": "lawsuit", "裁判所": "court", "法院": "court",
    # people and what they do
    "导演": "director directed", "执导": "directed director", "拍摄": "filmed directed", "拍": "directed filmed",
    "编剧": "screenwriter writer written", "作者": "author writer", "作家": "writer author", "写": "wrote writer",
    "演员": "actor cast", "主演": "starring actor cast", "出演": "acted actor starring", "参演": "acted actor",
    "演": "acted actor", "配音": "voice", "作曲": "composer composed music", "作词": "lyricist lyrics",
    "歌手": "singer artist", "唱": "sang singer", "制片": "producer produced", "出品": "produced producer",
    "发行": "released distributor", "出版社": "publisher", "出版": "published publisher", "创始人": "founder",
    "创办": "founded founder", "成立": "founded established", "所有者": "owner", "拥有": "owns owner",
    "经理": "manager", "员工": "employee", "雇员": "employee", "工作": "works work job", "职业": "occupation job",
    "职位": "position title", "教练": "coach", "球员": "player", "队员": "player member", "球队": "team",
    "俱乐部": "club", "成员": "member", "父亲": "father", "母亲": "mother", "儿子": "son", "女儿": "daughter",
    "孩子": "child children", "子女": "children child", "妻子": "wife spouse", "丈夫": "husband spouse",
    "配偶": "spouse", "兄弟": "brother sibling", "姐妹": "sister sibling", "朋友": "friend", "同事": "colleague",
    "学生": "student", "老师": "teacher", "获得": "won received", "获奖": "award won", "奖项": "award prize",
    "参加": "participated attended", "合作": "collaborated", "购买": "bought purchased", "买": "bought",
    "销售": "sales sold", "卖": "sold", "生产": "produced manufactured", "制造": "manufactured made",
    "使用": "uses used", "属于": "belongs part", "包含": "contains includes", "说": "spoken speak",
    "任职": "employed employ works position", "就职": "employed employ works", "董事长": "chairman",
    "董事": "director board", "总经理": "manager ceo", "股东": "shareholder holder", "持股": "holds holding shares",
    # (a company's general manager is its chief executive, its legal representative a post of its own, its registered
    # capital its `capital`; listed-company-profiles, spent, answered CHAIRMAN for "法人代表" and the English name for
    # "注册资金")
    "首席执行官": "ceo chief executive", "法人代表": "legal representative", "法定代表人": "legal representative",
    "注册资金": "registered capital", "注册资本": "registered capital", "资金": "capital funds", "资本": "capital",
    # companies and markets (a-share-companies, spent: "孙飘扬任职的公司属于哪个行业" met no word of `industry of`)
    "行业": "industry sector", "产业": "industry", "概念": "concept", "板块": "sector", "股票": "stock shares",
    "股份": "shares", "比例": "ratio proportion", "上市": "listed", "交易": "trade traded",
    # levels of a hierarchy (china-industry-chain, spent: "上一级行业" met no word of its relation 上级行业)
    "上级": "parent upper superior", "上一级": "parent upper superior",
    "下级": "child lower subordinate", "下一级": "child lower subordinate", "所属": "belongs part",
    "全称": "full name", "简称": "short name abbreviation",
    # what two things share (jbk-diseases, spent: "哪种疾病和甲亢有相同的症状" read no "same", and the reader answered
    # a symptom of 甲亢, not the other disease that has it)
    "相同": "same", "一样": "same", "同样": "same", "共同": "shared common", "另一种": "other another",
    "另一个": "other another", "其他": "other", "别的": "other",
    # medicines (chinese-cardio-drugs, spent: "美西律禁用于哪类人群" met no word of `prohibition people`)
    "药物": "drug medicine", "药品": "drug medicine", "药": "drug medicine", "禁用": "prohibition prohibited",
    "禁止": "prohibition prohibited", "禁忌": "prohibition contraindication", "慎用": "caution", "人群": "people group",
    "症状": "symptom", "疾病": "disease", "病": "disease", "用量": "dosage dose consumption", "剂量": "dose dosage",
    "用法": "usage use",
    "次数": "frequency times", "频率": "frequency", "规格": "size specification", "适应症": "indication use",
    "治疗": "treats treatment", "副作用": "side effect",
    # formulas of Chinese medicine (tcm-formulas, spent: "哪个方子", "用什么方剂" met no word of its type 方名, and a
    # formula's 功能主治 none of "治疗")
    "方剂": "formula prescription", "方子": "formula prescription", "方名": "formula prescription name",
    "处方": "prescription formula", "药方": "prescription formula", "主治": "treats indication treatment",
    "功能": "function", "中药": "herb medicine", "药材": "herb medicine", "组成": "composition consists",
    "医书": "book medical",
    # places (a province is one of China's first-level regions, as its autonomous regions are: "在哪个省份" asks a
    # company's `region` 新疆维吾尔自治区; listed-company-profiles, spent, answered its street address)
    "国家": "country", "地区": "region area", "城市": "city", "省份": "province region", "省": "province region",
    "州": "state",
    "县": "county", "地址": "address", "街道": "street subdistrict", "位置": "location position", "位于": "located",
    # China's lower administrative levels, and what puts a place under one (lijiang-land-survey, spent: "丽江飞机场归
    # 哪个镇管辖", which town administers the airport, met no word of the unit it DM_BELOGNGS_TO)
    "镇": "town township", "乡": "township town", "社区": "community", "区划": "division",
    "办事处": "office subdistrict", "管辖": "belongs jurisdiction administered", "隶属": "belongs subordinate",
    "出生地": "birthplace born", "国籍": "nationality country", "语言": "language",
    # times
    "年份": "year", "年龄": "age", "年": "year", "月份": "month", "日期": "date", "时间": "time date",
    "上映": "released release", "发布": "released published", "出生": "born birth", "生日": "birthday birth",
    "去世": "died death", "逝世": "died death", "死亡": "died death", "开始": "start began", "结束": "end ended",
    # numbers
    "评分": "rating rate score", "打分": "rating score", "分数": "score", "得分": "score", "评价": "rating review",
    "票房": "gross box office", "价格": "price", "价钱": "price", "售价": "price", "费用": "cost", "成本": "cost",
    "数量": "quantity number", "人口": "population", "面积": "area", "高度": "height", "身高": "height",
    "体重": "weight", "重量": "weight", "长度": "length", "片长": "length runtime duration",
    "时长": "duration length runtime", "分钟": "minutes", "岁": "age", "页数": "pages",
    # kinds and names
    "类型": "type category genre", "类别": "category type", "种类": "kind type", "分类": "category",
    "风格": "style genre", "名字": "name", "名称": "name", "英文名": "english name", "别名": "alias other name",
    "又名": "alias other name", "标题": "title", "描述": "description", "简介": "summary description",
    # what a text says (chinese-poetry, tune: "《江雪》的全文是什么" asks the poem's `content`)
    "全文": "text content", "内容": "content text", "正文": "text content",
    "电话": "phone", "邮政编码": "postcode postal", "邮政区码": "postcode postal",
    "邮编": "postcode postal", "区号": "dialling code", "邮箱": "email", "网址": "url website",
    "网站": "website url", "链接": "link url",
    # a person's work place and pages (ruc-faculty, spent: "孟小峰老师在哪个实验室" answered his position, the lab
    # he works in a type no word met; his office, homepage and professional title likewise)
    "实验室": "lab laboratory", "办公室": "office", "主页": "homepage home page", "网页": "web page url",
    "职称": "title position rank",
    # a place on a ranked list (mtime-top100, spent: "在Top100里排第几名" was answered with the English title)
    "排名": "rank ranking", "名次": "rank", "第几名": "rank",
    # sources (tcm-formulas, spent: "出自哪本书", "出处是哪部医书" met no word of its relation 来源)
    "来源": "source origin", "出自": "source origin", "出处": "source origin",
    "编号": "number id", "代码": "code", "编码": "code", "代号": "code number", "号码": "number",
    "序号": "number serial",
    "项目": "item project",
    "地方": "place region area",
    # things
    "电影": "movie film", "影片": "film movie", "电视剧": "series show", "书籍": "book", "图书": "book", "书": "book",
    "歌曲": "song", "歌": "song", "专辑": "album", "诗": "poem poetry", "诗歌": "poetry poem",
    "诗人": "poet author", "公司": "company", "学校": "school", "大学": "university",
    "医院": "hospital", "产品": "product", "订单": "order", "客户": "customer", "顾客": "customer",
    "供应商": "supplier", "品牌": "brand", "商店": "store shop", "餐厅": "restaurant", "车站": "station",
    "线路": "line route", "航班": "flight", "机场": "airport", "比赛": "match game", "赛季": "season",
    # travel (china-travel-lounges, spent: "在哪个航站楼" met no key `terminal` and answered a province)
    "航站楼": "terminal", "航站": "terminal", "登机口": "gate", "休息室": "lounge", "贵宾厅": "lounge vip",
    "贵宾": "vip", "高铁站": "station", "火车站": "station", "站台": "platform", "检票口": "gate",
    # museums (guangdong-museum, spent: "用什么材质做的", "哪个时代", "在哪个展厅", "在几楼" met no key or type of its
    # English labels Material, Era, Hall and answered an object's size)
    "材质": "material", "材料": "material", "质地": "material", "时代": "era period", "年代": "era period",
    "朝代": "dynasty era period", "展厅": "hall", "展馆": "hall", "展览": "exhibition", "藏品": "collection item",
    "文物": "artifact relic", "楼层": "floor", "几楼": "which floor", "哪一层": "which floor", "楼": "floor",
    "层": "floor", "一部分": "part", "部分": "part",
    # (... and the collection that holds them: overseas-relics, spent: "藏于哪个博物馆", "哪个时期", "尺寸", "馆藏编号",
    # "英文名称", "哪一大类" met none of its English labels Museum, Period or keys dimensions, accession_number,
    # title_en, category, and answered an artifact's English title)
    "博物馆": "museum", "美术馆": "museum gallery", "收藏": "held collection stored", "藏于": "held stored",
    "馆藏": "accession collection held", "时期": "period era", "尺寸": "dimensions size", "大小": "size dimensions",
    "英文": "english en", "中文": "chinese zh", "大类": "category", "作品": "work artwork",
    # (a thing's English name is its English title where it has one: "蟾蜍吊坠的英文名称" is its `title_en`, not the
    # `name_en` of its material)
    "英文名称": "english en name title", "中文名称": "chinese zh name title",
    # public services and administration (guangdong-gov-services, spent: "哪个部门负责", "哪个服务主题", "面向什么服务
    # 对象" met none of its English-lettered types accrual_item, theme_category, matter_object)
    "负责": "responsible charge accrual", "主管": "responsible charge", "事项": "matter item", "主题": "theme topic",
    "对象": "object target", "服务": "service", "部门": "department", "单位": "department unit organisation",
    "机构": "organisation institution agency", "权力": "power", "行政": "administrative administration",
    "办理": "handle handling", "时限": "time limit", "期限": "time limit term", "投诉": "complaint complain",
    "咨询": "consult consultation", "级别": "level grade", "等级": "level grade", "几级": "level", "层级": "level",
    # games and equipment (delta-force, spent: "什么兵种", "几级护甲", "口径", "耐久度" met none of OF_CLA_TYPE,
    # HAS_LEVEL, caliber, durability)
    "兵种": "class", "职业类型": "class", "干员": "operator agent", "技能": "skill", "大招": "ultimate skill",
    "地图": "map", "区域": "area zone region",
    "门卡": "key card", "钥匙": "key", "枪械": "firearm gun weapon", "枪": "gun firearm", "武器": "weapon",
    "口径": "caliber calibre", "子弹": "ammo bullet ammunition", "弹药": "ammo ammunition", "耐久度": "durability",
    "耐久": "durability", "穿透": "penetration", "护甲": "armor armour", "装备": "equipment gear", "真名": "real name",
    # games and their shops (star-rail, spent: "哪个敌人会掉落", "用什么货币", "什么属性", "什么抗性" met none of its
    # relations Fall and Currency or its keys element and resistance)
    # (written in simplified letters; their traditional forms are added below, `traditional`)
    "掉落": "drops drop fall", "掉": "drops drop fall", "货币": "currency", "结算": "currency paid",
    "属性": "element attribute", "抗性": "resistance", "敌人": "monster enemy", "怪物": "monster", "角色": "character",
    "星魂": "soul eidolon", "光锥": "light cone", "材料名": "material", "花": "cost spend", "需要": "requires required",
    "突破": "promote promotion",
    # funds (taiwan-etf-holdings, spent: "權重", "比重", "發行" met none of its keys weight and issuer; 發行 written
    # out, as a fund's issuer says more than 发行's release)
    "权重": "weight", "比重": "weight proportion", "發行": "issued issuer released", "发行商": "issuer",
    "成分股": "holding constituent", "持有": "holds holding", "基金": "fund", "追踪": "tracked track tracks",
    "指数": "index",
    # Japanese words, in its own letters and kana (japanese-mythology, spent: "天忍穂耳尊の親神は誰", "主祭神の妻",
    # "何と読みますか", "住所", "典拠" met none of its relations parent_of, primary_deity_of, married_to or keys
    # canonical_reading, address, source_reference): kin, gods and their places, doing, places, readings, sources
    "親": "parent", "親神": "parent deity", "父親": "father parent", "母親": "mother parent", "子供": "child children",
    "息子": "son child", "妻": "wife spouse married", "夫": "husband spouse married", "夫婦": "married spouse couple",
    "配偶者": "spouse married", "祖先": "ancestor", "先祖": "ancestor", "子孫": "descendant descended",
    "後継者": "successor succeeded", "神様": "deity god", "祭神": "deity",
    "主祭神": "primary main deity", "神社": "shrine", "寺院": "temple", "祀る": "enshrined",
    "祀られ": "enshrined", "習合": "syncretized syncretism", "同一視": "identified same syncretized",
    "祭り": "festival", "行われ": "performed held", "行う": "performed held", "開催": "held hosted",
    "創建": "founded founding", "建立": "founded built", "設立": "founded established", "住所": "address",
    "所在地": "location address located", "都道府県": "prefecture", "県": "prefecture", "読み": "reading",
    "読み方": "reading", "ふりがな": "reading", "典拠": "source reference", "根拠": "source basis evidence",
    "出典": "source reference", "一宮": "ichinomiya",
    # tenders and procurement (hubei-tender-awards, spent: "中标价是多少", "招标人是谁" met none of its keys
    # winning_price, tenderee)
    "中标": "bid award awarded", "中标价": "winning price bid", "中标金额": "winning price amount",
    "金额": "amount price sum", "招标": "tender tendering", "招标人": "tenderee tender buyer", "投标": "bid tender",
    "采购": "procurement purchase", "合同": "contract", "工程": "project works engineering",
    "施工": "construction works",
}.items()}
# The traditional letters of the simplified ones the words above are written in, where they differ: a question in
# traditional letters (Taiwan's, Hong Kong's) says the same words ("產業" is 产业, industry; "股票代號" a stock's 代号,
# its code; taiwan-stock-knowledge, the thirty-eighth split's, after its run: none of them was read)
_TRADITIONAL = dict(zip(
    "专业东个为么乐书买亲们价儿写决创别剂剧办务区医单卖厅县参发号员咨响图场块备奖头宾对导层属岁师币干应张弹径总恋户执"
    "护拥摄敌数时机权构枪条来标检楼气没测点热爱状现环产电疗监着矿码种积称简类级线练组经结编网罗义职药获节蓝术见规视览"
    "觉订讼评诉词诗话询语说请谁贝负责货质购贵费赛踪车辆辑过还远选递逻邮钟钥钱铁链销锥长门问间队阵阳际隶雇难页项顾频题"
    "风饭馆驻驾验龄历统计诊维预态认识调设资讯众传从让论讲读学习园乡镇动运输转军战胜举党议审罚则约签证报纸杂",
    "專業東個為麼樂書買親們價兒寫決創別劑劇辦務區醫單賣廳縣參發號員諮響圖場塊備獎頭賓對導層屬歲師幣幹應張彈徑總戀戶執"
    "護擁攝敵數時機權構槍條來標檢樓氣沒測點熱愛狀現環產電療監著礦碼種積稱簡類級線練組經結編網羅義職藥獲節藍術見規視覽"
    "覺訂訟評訴詞詩話詢語說請誰貝負責貨質購貴費賽蹤車輛輯過還遠選遞邏郵鐘鑰錢鐵鏈銷錐長門問間隊陣陽際隸僱難頁項顧頻題"
    "風飯館駐駕驗齡歷統計診維預態認識調設資訊眾傳從讓論講讀學習園鄉鎮動運輸轉軍戰勝舉黨議審罰則約簽證報紙雜",
    strict=True))


def traditional(text: str) -> str:
    """`text` in traditional letters where a simplified one of `_TRADITIONAL` has another ("产业" -> "產業")."""
    return "".join(_TRADITIONAL.get(ch, ch) for ch in text)


CHINESE_QUESTION_WORDS.update({traditional(k): v for k, v in CHINESE_QUESTION_WORDS.items()
                               if traditional(k) not in CHINESE_QUESTION_WORDS})
CHINESE_WORDS.update({traditional(k): v for k, v in CHINESE_WORDS.items() if traditional(k) not in CHINESE_WORDS})
_CHINESE_TERMS = sorted({*CHINESE_QUESTION_WORDS, *CHINESE_WORDS}, key=lambda t: (-len(t), t))
_CHINESE_TERM = re.compile("|".join(_CHINESE_TERMS))


def cjk_word_opening(text: str) -> tuple[str, ...]:
    """The English words of the listed word (CHINESE_WORDS, the longest) that opens `text`, written in Chinese or
    Japanese letters ("親神は誰" -> ("parent", "deity")); () where none does or a question word does."""
    m = _CHINESE_TERM.match(text)
    return CHINESE_WORDS.get(m.group(0), ()) if m else ()


def english_chinese(text: str, names: Collection[str] = ()) -> str:
    """`text` with the words of its Chinese runs that are no name read in English (CHINESE_QUESTION_WORDS,
    CHINESE_WORDS); a run that is one of `names` whole, and text in other scripts, unchanged. Set names apart first
    (`set_apart`)."""
    def english(term: re.Match[str]) -> str:
        word = term.group(0)
        if word in CHINESE_QUESTION_WORDS:
            return f" {CHINESE_QUESTION_WORDS[word]} "
        return f" {word} {' '.join(CHINESE_WORDS[word])} "

    def run(m: re.Match[str]) -> str:
        word = m.group(0)
        if not CJK_LETTER.search(word) or word in names:
            return word
        return _CHINESE_TERM.sub(english, word)
    return _WRITTEN_WORD.sub(run, text)


# The words a graph's users type in German, in Norwegian, Danish and Swedish, and in Korean for what graphs hold
# (people and roles, sending and mentioning, places, times, numbers and units, codes, kinds, names, things), each read
# in English beside itself where a graph's labels, types and keys are English: "Wer hat den Brief BER3978
# geschickt?" over Letter and SENDER_IN, "Hvilket land kommer X fra?" over Country and HAS_ORIGIN, "몇 세대야?" over
# `households` (nuremberg-letters, vinmonopolet, seocho-apartments, spent: the reader met none of their questions'
# content words). A general vocabulary written from the languages, not from one graph's words; read only in a question
# of that language (`question_language`) and only outside the names it says (`english_words`).
# (German: nouns in the singular, read with -e/-en/-es/-s/-n/-er written on; verbs as typed, participle, past and
# present each listed: the forms differ in their middle.)
GERMAN_WORDS = {k: tuple(v.split()) for k, v in {
    # people and roles
    "person": "person people", "mensch": "person people", "leute": "people person", "mann": "man husband",
    "frau": "woman wife", "kind": "child", "sohn": "son", "tochter": "daughter", "vater": "father",
    "mutter": "mother", "bruder": "brother sibling", "schwester": "sister sibling", "ehefrau": "wife spouse",
    "ehemann": "husband spouse", "gatte": "spouse", "eltern": "parents parent", "freund": "friend",
    "familie": "family", "absender": "sender sent from", "empfänger": "receiver recipient addressee",
    "adressat": "addressee recipient receiver", "verfasser": "author writer", "autor": "author writer",
    "schreiber": "writer scribe", "herausgeber": "editor publisher", "verlag": "publisher", "verleger": "publisher",
    "hersteller": "manufacturer producer maker", "produzent": "producer", "erzeuger": "producer",
    "künstler": "artist", "maler": "painter artist", "komponist": "composer", "regisseur": "director",
    "schauspieler": "actor", "sänger": "singer", "spieler": "player", "trainer": "coach trainer",
    "mitglied": "member", "gründer": "founder", "besitzer": "owner", "eigentümer": "owner", "inhaber": "holder owner",
    "mitarbeiter": "employee staff", "leiter": "head leader director", "präsident": "president",
    "bürgermeister": "mayor", "kaiser": "emperor", "könig": "king", "papst": "pope", "bischof": "bishop",
    "beruf": "occupation profession job", "amt": "office role position", "stelle": "position job",
    "titel": "title", "rang": "rank", "rolle": "role", "stand": "status state estate",
    # sending, writing, mentioning, doing
    "geschickt": "sent sender", "schickte": "sent sender", "schickten": "sent sender", "schickt": "sends sender",
    "gesandt": "sent sender", "gesendet": "sent sender", "sandte": "sent sender", "versandt": "sent sender",
    "geschrieben": "wrote written writer", "schrieb": "wrote writer", "schrieben": "wrote writer",
    "schreibt": "writes writer", "verfasst": "wrote author authored", "verfasste": "wrote author authored",
    "adressiert": "addressed addressee receiver recipient", "gerichtet": "addressed receiver recipient",
    "erhalten": "received receiver", "erhielt": "received receiver", "empfangen": "received receiver",
    "empfing": "received receiver", "erwähnt": "mentioned mentions", "erwähnte": "mentioned mentions",
    "genannt": "mentioned named called", "nennt": "mentions names", "gegründet": "founded founder",
    "gründete": "founded founder", "geboren": "born birth", "gestorben": "died death", "starb": "died death",
    "geheiratet": "married spouse", "heiratete": "married spouse", "gemalt": "painted painter",
    "malte": "painted painter", "komponiert": "composed composer", "gespielt": "played player",
    "spielte": "played player", "hergestellt": "made manufactured producer", "produziert": "produced producer",
    "gebaut": "built builder", "baute": "built builder", "erschienen": "published appeared",
    "erschien": "published appeared", "veröffentlicht": "published publisher", "gedruckt": "printed published",
    "verkauft": "sold sells", "gekauft": "bought", "gehört": "belongs owner part", "gehörte": "belonged owner part",
    "liegt": "lies located location", "lag": "lay located location", "befindet": "located location",
    "tätig": "active worked work", "gearbeitet": "worked work", "arbeitete": "worked work",
    "arbeitet": "works work", "wohnte": "lived residence", "lebte": "lived residence", "studierte": "studied",
    "enthält": "contains includes", "stammt": "comes origin",
    # places
    "ort": "place location", "stadt": "city town", "dorf": "village", "land": "country", "staat": "state country",
    "region": "region", "gebiet": "area region territory", "bezirk": "district", "kreis": "district county",
    "bundesland": "state", "provinz": "province", "kanton": "canton", "gemeinde": "municipality community",
    "adresse": "address", "straße": "street", "strasse": "street", "platz": "square place", "herkunft": "origin",
    "heimat": "home origin", "wohnort": "residence", "geburtsort": "birthplace born", "sterbeort": "deathplace died",
    "standort": "location", "lage": "location position", "archiv": "archive repository",
    "bibliothek": "library", "sammlung": "collection", "museum": "museum", "kirche": "church",
    "kloster": "monastery", "schule": "school", "universität": "university", "hof": "court",
    # times
    "datum": "date", "tag": "day date", "monat": "month", "jahr": "year", "jahrhundert": "century",
    "zeit": "time period", "zeitraum": "period", "beginn": "start begin", "anfang": "start begin",
    "ende": "end", "geburt": "birth", "geburtsdatum": "birth date", "tod": "death", "todesdatum": "death date",
    "alter": "age", "dauer": "duration length", "gründung": "founding founded", "ausgestellt": "issued issue",
    # numbers and units
    "anzahl": "number count", "zahl": "number", "nummer": "number id", "menge": "quantity amount",
    "preis": "price", "kosten": "cost price", "betrag": "amount", "wert": "value", "summe": "sum total",
    "gewicht": "weight", "größe": "size height", "höhe": "height altitude", "länge": "length", "breite": "width",
    "breitengrad": "latitude", "längengrad": "longitude", "laengengrad": "longitude",
    "fläche": "area", "einwohner": "population inhabitants", "bevölkerung": "population",
    "prozent": "percent", "punkte": "points", "stimmen": "votes", "ergebnis": "result score",
    "liter": "liter volume", "meter": "meters", "kilometer": "kilometers distance", "entfernung": "distance",
    "blatt": "leaf sheet page folio", "seite": "page side", "band": "volume", "signatur": "shelfmark signature",
    # codes, kinds, names
    "kennung": "id identifier", "kennzeichen": "code id", "code": "code", "schlüssel": "key code",
    "art": "type kind", "typ": "type kind", "sorte": "sort type variety", "gattung": "genre type",
    "kategorie": "category", "klasse": "class", "gruppe": "group", "name": "name", "namen": "name",
    "vorname": "first given name", "nachname": "last family name surname", "bezeichnung": "name designation",
    "beschreibung": "description", "inhalt": "content summary", "sprache": "language", "farbe": "color colour",
    "geschlecht": "gender sex",
    # things
    "brief": "letter", "schreiben": "letter", "urkunde": "charter document", "dokument": "document",
    "buch": "book", "werk": "work", "text": "text", "bild": "picture image painting", "gemälde": "painting",
    "lied": "song", "film": "film movie", "firma": "company", "unternehmen": "company", "verein": "club",
    "mannschaft": "team", "partei": "party", "produkt": "product", "ware": "product goods item",
    "artikel": "article item", "packung": "package pack", "verpackung": "packaging package",
    "wirkstoff": "substance ingredient active", "arzneimittel": "medicine drug", "medikament": "medicine drug",
    "bahnhof": "station", "haltestelle": "stop station",
    "linie": "line route", "spiel": "game match", "saison": "season", "verweis": "reference link",
}.items()}
# Norwegian (bokmål and nynorsk), Danish and Swedish, one list where the words agree (nouns in the indefinite
# singular, read with the definite and plural endings -en/-et/-a/-ene/-er/-ar/-or/-na written on: "flasken",
# "varenummeret", "viner").
NORDIC_WORDS = {k: tuple(v.split()) for k, v in {
    # people and roles
    "person": "person people", "folk": "people", "mann": "man husband", "man": "man husband", "kvinne": "woman",
    "kvinna": "woman", "barn": "child children", "sønn": "son", "søn": "son", "son": "son", "datter": "daughter",
    "dotter": "daughter", "far": "father", "mor": "mother", "bror": "brother sibling", "søster": "sister sibling",
    "syster": "sister sibling", "kone": "wife spouse", "hustru": "wife spouse", "ektefelle": "spouse",
    "venn": "friend", "ven": "friend", "vän": "friend", "familie": "family", "familj": "family",
    "avsender": "sender", "afsender": "sender", "avsändare": "sender", "mottaker": "receiver recipient",
    "modtager": "receiver recipient", "mottagare": "receiver recipient", "forfatter": "author writer",
    "författare": "author writer", "skribent": "writer", "utgiver": "publisher", "udgiver": "publisher",
    "forlag": "publisher", "förlag": "publisher", "produsent": "producer", "producent": "producer",
    "tilvirker": "producer maker", "grossist": "wholesaler distributor", "leverandør": "supplier",
    "leverantör": "supplier", "kunstner": "artist", "konstnär": "artist", "maler": "painter", "målare": "painter",
    "komponist": "composer", "regissør": "director", "instruktør": "director", "regissör": "director",
    "skuespiller": "actor", "skådespelare": "actor", "sanger": "singer", "sangerinne": "singer",
    "sångare": "singer", "spiller": "player", "spelare": "player", "trener": "coach", "tränare": "coach",
    "medlem": "member", "grunnlegger": "founder", "grundlægger": "founder", "grundare": "founder",
    "eier": "owner", "ejer": "owner", "ägare": "owner", "ansatt": "employee", "ansat": "employee",
    "anställd": "employee", "leder": "leader head manager", "ledare": "leader head", "sjef": "chief head manager",
    "chef": "chief head manager", "president": "president", "ordfører": "mayor", "borgmester": "mayor",
    "kung": "king", "konge": "king", "yrke": "occupation profession job", "erhverv": "occupation profession job",
    "stilling": "position job title", "tittel": "title", "titel": "title", "rolle": "role", "roll": "role",
    # making, selling, writing, being somewhere
    "produserer": "produces producer produced", "produseres": "produced producer", "produsert": "produced producer",
    "produserte": "produced producer", "producerer": "produces producer", "producerar": "produces producer",
    "lager": "makes producer maker", "laget": "made producer maker", "tillverkar": "makes producer maker",
    "selger": "sells seller", "sælger": "sells seller", "säljer": "sells seller", "selges": "sold",
    "sælges": "sold", "säljs": "sold", "solgt": "sold", "sålt": "sold", "fører": "carries sells",
    "skrev": "wrote writer", "skrevet": "written writer", "skrivit": "written writer", "sendte": "sent sender",
    "sendt": "sent sender", "skickade": "sent sender", "nevnt": "mentioned mentions", "nævnt": "mentioned mentions",
    "nämnd": "mentioned mentions", "født": "born birth", "född": "born birth", "død": "died death",
    "døde": "died death", "dog": "died death", "grunnlagt": "founded founder", "grundlagt": "founded founder",
    "grundad": "founded founder", "bygget": "built builder", "byggd": "built builder", "kommer": "comes origin",
    "stammer": "comes origin", "ligger": "lies located location", "finnes": "found located available",
    "findes": "found located available", "finns": "found located available", "hører": "belongs part",
    "tilhører": "belongs part", "tillhör": "belongs part", "inneholder": "contains includes",
    "indeholder": "contains includes", "innehåller": "contains includes", "koster": "costs price",
    "kostar": "costs price", "spilte": "played player", "spelade": "played player", "jobber": "works work",
    "arbeider": "works work", "arbetar": "works work",
    # places
    "sted": "place location", "ställe": "place location", "plats": "place location",
    "plass": "place location", "by": "city town", "stad": "city town", "bygd": "village", "land": "country",
    "stat": "state", "region": "region", "distrikt": "district region area", "område": "area region district",
    "fylke": "county region", "län": "county region", "amt": "county region", "kommune": "municipality",
    "kommun": "municipality", "provins": "province", "adresse": "address", "adress": "address", "gate": "street",
    "gata": "street", "vei": "road street", "väg": "road street", "opprinnelse": "origin",
    "oprindelse": "origin", "ursprung": "origin", "opphav": "origin", "herkomst": "origin",
    "hjemsted": "home residence", "fødested": "birthplace born", "fødeby": "birthplace born",
    "födelseort": "birthplace born", "beliggenhet": "location", "beliggenhed": "location", "läge": "location",
    "butikk": "store shop", "butik": "store shop", "skole": "school", "skola": "school",
    "universitet": "university", "kirke": "church", "kyrka": "church", "museum": "museum",
    "stasjon": "station", "station": "station", "holdeplass": "stop station", "hållplats": "stop station",
    "linje": "line route", "rute": "route line",
    # times
    "dato": "date", "datum": "date", "dag": "day date", "måned": "month", "månad": "month", "år": "year",
    "årgang": "vintage year", "årgång": "vintage year", "århundre": "century", "århundrede": "century",
    "tid": "time", "tidspunkt": "time date", "periode": "period", "period": "period", "start": "start",
    "slutt": "end", "slut": "end", "fødsel": "birth", "födelse": "birth", "fødselsdag": "birthday birth",
    "döden": "death", "alder": "age", "ålder": "age", "varighet": "duration",
    "varighed": "duration", "längd": "length duration",
    # numbers and units
    "antall": "number count", "antal": "number count", "tall": "number", "tal": "number", "nummer": "number id",
    "mengde": "quantity amount", "mængde": "quantity amount", "mängd": "quantity amount", "pris": "price",
    "kostnad": "cost", "omkostning": "cost", "beløp": "amount", "beløb": "amount", "belopp": "amount",
    "verdi": "value", "værdi": "value", "värde": "value", "sum": "sum total", "vekt": "weight", "vægt": "weight",
    "vikt": "weight", "størrelse": "size", "storlek": "size", "høyde": "height", "højde": "height",
    "höjd": "height", "lengde": "length", "længde": "length", "bredde": "width", "bredd": "width",
    "areal": "area", "innbygger": "population inhabitants", "indbygger": "population inhabitants",
    "invånare": "population inhabitants", "befolkning": "population", "prosent": "percent", "procent": "percent",
    "alkohol": "alcohol abv", "styrke": "strength abv", "sukker": "sugar", "socker": "sugar", "syre": "acid",
    "liter": "liter volume", "volum": "volume", "volym": "volume", "poeng": "points score", "point": "points",
    "poäng": "points score", "stemme": "votes", "röst": "votes", "resultat": "result score",
    "avstand": "distance", "afstand": "distance", "avstånd": "distance",
    # codes, kinds, names
    "kode": "code", "kod": "code", "id": "id", "varenummer": "product number id", "varenr": "product number id",
    "type": "type kind", "typ": "type kind", "sort": "sort type kind", "slag": "kind type", "art": "kind type",
    "kategori": "category", "klasse": "class", "klass": "class", "gruppe": "group", "grupp": "group",
    "sjanger": "genre", "genre": "genre", "navn": "name", "namn": "name", "fornavn": "first given name",
    "förnamn": "first given name", "etternavn": "last family name surname", "efternavn": "last family name surname",
    "efternamn": "last family name surname", "beskrivelse": "description", "beskrivning": "description",
    "språk": "language", "sprog": "language", "farge": "color colour", "farve": "color colour",
    "färg": "color colour", "kjønn": "gender sex", "køn": "gender sex", "kön": "gender sex", "smak": "taste flavor",
    "smag": "taste flavor", "lukt": "smell aroma", "duft": "aroma smell",
    # things
    "vare": "product item goods", "produkt": "product", "artikkel": "article item", "artikel": "article item",
    "emballasje": "packaging package", "emballage": "packaging package", "förpackning": "packaging package",
    "pakke": "package", "paket": "package", "flaske": "bottle", "flaska": "bottle", "boks": "can box",
    "burk": "can jar", "brev": "letter", "bok": "book", "bog": "book", "verk": "work", "værk": "work",
    "bilde": "picture image", "billede": "picture image", "bild": "picture image", "maleri": "painting",
    "målning": "painting", "sang": "song", "låt": "song", "sång": "song", "film": "film movie",
    "firma": "company", "selskap": "company", "selskab": "company", "företag": "company", "bolag": "company",
    "klubb": "club", "klub": "club", "lag": "team", "parti": "party", "vin": "wine", "øl": "beer", "öl": "beer",
    "brennevin": "spirits liquor", "brændevin": "spirits liquor", "sprit": "spirits liquor", "whisky": "whisky spirits",
    "drue": "grape",
    "druve": "grape", "kamp": "match game", "match": "match game", "spill": "game", "spel": "game",
    "sesong": "season", "sæson": "season", "säsong": "season",
}.items()}
# Korean, as typed after its particles are set apart ("시공사가" -> "시공사"; `without_particle`): nouns, and the verbs
# a noun makes with 하다 or 되다 ("준공됐어": 준공, completion) read through the noun. Its question words are read as
# the English ones (`answer_kind`), beside themselves; "몇" with a counter after it ("몇 년", "몇 호선") asks which one,
# not how many.
KOREAN_QUESTION_WORDS = {
    "몇 년": "which year", "몇년": "which year", "몇 월": "which month", "몇월": "which month", "몇 호선": "which line",
    "몇 분": "how many minutes", "몇분": "how many minutes", "몇 시": "what time", "몇시": "what time",
    "누구": "who", "누가": "who", "어디": "where", "언제": "when", "어느": "which", "무슨": "which", "어떤": "which",
    "뭐": "what", "무엇": "what", "뭔": "what", "몇": "how many", "얼마나": "how much", "얼마": "how much",
    "왜": "why", "어떻게": "how",
}
KOREAN_WORDS = {k: tuple(v.split()) for k, v in {
    # people and roles
    "사람": "person people", "인물": "person", "남자": "man male", "여자": "woman female", "아이": "child",
    "아들": "son", "딸": "daughter", "아버지": "father", "어머니": "mother", "형제": "brother sibling",
    "자매": "sister sibling", "아내": "wife spouse", "남편": "husband spouse", "배우자": "spouse", "친구": "friend",
    "가족": "family", "작가": "writer author", "저자": "author writer", "감독": "director", "배우": "actor",
    "가수": "singer artist", "선수": "player", "코치": "coach", "회원": "member", "멤버": "member",
    "설립자": "founder", "창업자": "founder", "소유자": "owner", "주인": "owner", "직원": "employee staff",
    "대표": "representative head ceo", "사장": "president ceo", "회장": "chairman president",
    "시공사": "constructor builder", "건설사": "constructor builder", "시행사": "developer",
    "제조사": "manufacturer maker", "제조업체": "manufacturer maker", "생산자": "producer", "판매자": "seller",
    "운영자": "operator", "관리자": "manager administrator", "직업": "occupation job", "직위": "position title",
    "역할": "role",
    # doing
    "준공": "completion completed built", "완공": "completion completed built", "건설": "construction built",
    "건축": "construction built architecture", "설립": "founded founding established",
    "개업": "opened opening", "개원": "opened opening", "개교": "opened founded", "개관": "opened opening",
    "입주": "moved occupancy", "출발": "departure depart departs", "도착": "arrival arrive arrives",
    "출생": "born birth", "사망": "died death", "결혼": "married spouse",
    "제작": "made produced producer", "생산": "produced producer", "판매": "sold sales", "구매": "bought",
    "운영": "operated operator", "소속": "belongs affiliation member", "위치": "location located",
    "출판": "published publisher", "발행": "published issued", "발표": "released published",
    # places
    "동": "dong district", "구": "gu district", "지역": "region area", "구역": "zone area district",
    "나라": "country", "국가": "country", "도시": "city", "주소": "address", "도로명": "road street address",
    "도로": "road", "거리": "street distance", "장소": "place location", "근처": "near nearby", "주변": "nearby",
    "역": "station", "지하철": "subway metro", "지하철역": "subway station", "정류장": "stop station",
    "버스": "bus", "노선": "route line", "호선": "line", "공원": "park", "학교": "school",
    "초등학교": "elementary school", "중학교": "middle school", "고등학교": "high school", "대학교": "university",
    "대학": "university college", "병원": "hospital", "약국": "pharmacy", "영화관": "theater cinema",
    "극장": "theater", "도서관": "library", "박물관": "museum", "시장": "market", "마트": "mart store",
    "상가": "shops commercial", "식당": "restaurant", "음식점": "restaurant", "카페": "cafe", "아파트": "apartment",
    "건물": "building", "주택": "house housing", "단지": "complex",
    # times
    "날짜": "date", "일자": "date", "년": "year", "연도": "year", "년도": "year", "월": "month",
    "시간": "time hours", "기간": "period", "시작": "start", "종료": "end", "생일": "birthday birth",
    "나이": "age", "연식": "year age",
    # numbers and units
    "세대": "households household", "세대수": "households household", "가구": "households household",
    "인구": "population", "개수": "number count", "숫자": "number",
    "번호": "number id", "코드": "code", "가격": "price", "값": "price value", "비용": "cost", "금액": "amount",
    "면적": "area", "넓이": "area", "높이": "height", "층": "floor floors", "층수": "floors floor",
    "길이": "length", "무게": "weight", "크기": "size", "비율": "ratio rate", "평균": "average",
    "점수": "score", "평점": "rating score", "방": "room rooms", "방수": "rooms room", "욕실": "bathroom",
    "화장실": "bathroom toilet", "주차": "parking", "주차장": "parking", "동수": "buildings",
    "용적률": "floor area ratio", "건폐율": "building coverage ratio",
    # kinds and names
    "종류": "type kind", "유형": "type", "타입": "type", "형태": "type form", "분류": "category class",
    "방식": "type method system", "구조": "structure type", "등급": "grade level", "수준": "level",
    "이름": "name", "명칭": "name", "설명": "description", "전화": "phone", "전화번호": "phone number",
    "홈페이지": "homepage website url", "난방": "heating", "냉방": "cooling",
    # things
    "회사": "company", "기업": "company", "제품": "product", "상품": "product", "영화": "movie film",
    "책": "book", "노래": "song", "앨범": "album", "경기": "match game", "팀": "team", "시즌": "season",
    # units, and the regions a country's railways are told by
    "미터": "meter meters", "킬로미터": "kilometer kilometers km", "초": "second seconds", "연장": "length extension",
    "시도": "province region", "권역": "area zone", "걸려": "take takes", "걸리": "take takes",
    "이어진": "connected connects", "이어져": "connected connects", "연결": "connection connected connects",
    # a place's visit, and its safety
    "입장료": "admission fee", "요금": "fee fare price", "운영시간": "opening hours operating",
    "영업시간": "opening hours",
    "휠체어": "wheelchair", "위험": "risk danger hazard", "사고": "accident incident", "활동": "activity",
    "조치": "action measure", "권고": "recommendation recommend", "주의보": "advisory warning", "어항": "harbor port",
    "준비물": "item items supplies", "챙겨야": "pack bring item", "챙겨": "pack bring item", "챙길": "pack bring item",
    "필요": "need needed required", "액티비티": "activity",
}.items()}
# Words only these languages' questions type (the English ones, "man", "by", "land", "art", aside): two of them,
# or a question word of theirs opening the question, make a question Norwegian, Danish or Swedish.
_NORDIC_ONLY = frozenset(
    "hvem hva hvad hvilken hvilket hvilke hvor hvordan hvorfor hvornår når när vem vad vilken vilket vilka hur "
    "varför og och eller ikke ikkje inte fra från til till af av på også både mellom mellan ble blev blir bliver "
    "hadde havde hade kommer ligger finnes findes finns selges sælges säljs fører produserer er är den det de "
    "ett en noen nogen någon".split())
_NORDIC_OPENERS = frozenset(
    "hvem hva hvad hvilken hvilket hvilke hvor hvordan hvorfor hvornår når när vem vad vilken vilket vilka hur "
    "varför".split())
# Spanish question words, as only Spanish writes them (with their accents: "que", "cual" and "donde" are other
# languages' words too); a question opened by "¿" is Spanish as well
_SPANISH_OPENERS = frozenset("qué cuál cuáles cuánto cuánta cuántos cuántas dónde adónde quién quiénes cuándo".split())
# ... and Portuguese's (its first word, or its first two: "Em que concelho fica X?"), read through the same schema
# words of other languages: a Portuguese question met no `Municipality` or `District` (portugal-venues, spent)
_PORTUGUESE_OPENERS = frozenset("qual quais quanto quanta quantos quantas quem onde quando".split())
_PORTUGUESE_PAIRS = frozenset(("em que", "a que", "de que", "que tipo", "com que", "o que", "em qual", "a qual",
                               "de qual", "que ano", "que dia", "por que", "por qual"))
_NORDIC_DISTINCT = _NORDIC_ONLY - frozenset("den de en er".split())  # German's and English's too


# Russian words of what graphs hold, by their stem as `_listed` reads it without a case ending (`_ENDINGS`), with
# their English: a graph whose keys and relations are English is asked in Russian ("Какова длина маршрута X": its
# `route_length`; spb-walks, spent, answered every question with a coordinate or a timestamp)
RUSSIAN_WORDS = {k: tuple(v.split()) for k, v in {
    # people and roles
    "человек": "person people", "люд": "people", "автор": "author creator writer", "создател": "creator author",
    "пользовател": "user", "владелец": "owner", "владельц": "owner", "участник": "participant member",
    "член": "member", "игрок": "player", "тренер": "coach", "команд": "team", "сотрудник": "employee staff",
    "директор": "director", "руководител": "head manager", "президент": "president", "основател": "founder",
    "писател": "writer author", "режиссер": "director", "актер": "actor", "актрис": "actress actor",
    "певец": "singer artist", "певиц": "singer artist", "исполнител": "artist performer", "жен": "wife spouse",
    "муж": "husband spouse", "отец": "father", "отц": "father", "мат": "mother", "сын": "son", "доч": "daughter",
    "брат": "brother sibling", "сестр": "sister sibling", "друг": "friend", "компани": "company",
    "организаци": "organization", "фирм": "firm company", "университет": "university", "вуз": "university",
    "школ": "school", "клуб": "club",
    # doing
    "созда": "created create creator", "создан": "created create", "создал": "created create creator",
    "написа": "wrote written author", "написал": "wrote written author", "основа": "founded", "основан": "founded",
    "построен": "built", "постро": "built", "открыт": "opened", "родил": "born birth", "умер": "died death",
    "входит": "include includes part", "вход": "include includes part", "включен": "include included",
    "включа": "include includes", "содерж": "contains include", "ведет": "leads route",
    "начина": "starts start begins", "заканчива": "ends end", "принадлеж": "belongs owner",
    "находит": "located location", "располож": "located location",
    "описан": "described description", "опис": "description described", "занима": "takes", "сходит": "meet",
    "играет": "plays", "игра": "played plays", "работа": "works worked", "жив": "lives lived",
    # things and places
    "маршрут": "route", "прогулк": "walk route", "путь": "path route way", "пут": "path route way",
    "дорог": "road", "улиц": "street streets", "перекресток": "intersection crossing junction",
    "перекрестк": "intersection crossing junction", "здани": "building", "дом": "house building",
    "строени": "building", "объект": "object place point", "мест": "place location", "точк": "point",
    "достопримечательност": "sight attraction point interest", "город": "city", "стран": "country",
    "район": "district area", "регион": "region", "област": "region", "остров": "island", "рек": "river",
    "парк": "park", "станци": "station", "адрес": "address", "набережн": "embankment",
    "книг": "book", "фильм": "film movie", "песн": "song", "альбом": "album", "жанр": "genre", "товар": "product",
    "заказ": "order", "продукт": "product",
    # times
    "дат": "date", "год": "year", "лет": "years year", "месяц": "month", "день": "day",
    "врем": "time", "минут": "minutes minute duration", "час": "hours hour duration",
    "продолжительност": "duration length", "длительност": "duration", "начал": "start beginning",
    "конец": "end", "конц": "end",
    # numbers and names
    "номер": "number id", "порядков": "order ordinal", "порядок": "order", "количеств": "count number",
    "числ": "number count", "длин": "length", "расстояни": "distance", "высот": "height", "ширин": "width",
    "площад": "area", "цен": "price", "стоимост": "cost price", "возраст": "age", "назва": "name title",
    "названи": "name title", "имя": "name", "имен": "name", "фамили": "surname", "тип": "type", "вид": "type kind",
    "категори": "category", "рейтинг": "rating", "оценк": "rating score", "описани": "description",
    "почт": "email mail", "телефон": "phone", "координат": "coordinates location", "широт": "latitude",
    "долгот": "longitude",
}.items()}


def clipped_from(word: str, whole: str, least: int) -> bool:
    """Whether `word` is `whole` or clipped from it as people clip words, at least `least` letters long: "telecom"
    of "telecommunication", a key's "cod" of "código" (the reader asks 6 letters of a question's word, retrieval 3 of
    a key's)."""
    return word == whole or (len(word) >= least and len(whole) > len(word) and whole.startswith(word))


def question_language(question: str) -> str | None:
    """"korean" (Hangul letters), "russian" (Cyrillic letters), "german" (`reads_german`), "spanish" ("¿", or a
    Spanish or Portuguese question
    word first),
    "nordic" (two words only Norwegian, Danish or Swedish type, `_NORDIC_ONLY`, or one of their question words
    first), else None: the languages `english_words` reads."""
    if _HANGUL.search(question):
        return "korean"
    if _CYRILLIC.search(question):
        return "russian"
    if reads_german(question):
        return "german"
    words = _WORDS_AS_TYPED.findall(question)
    if "\u00bf" in question or (words and words[0].lower() in _SPANISH_OPENERS):
        return "spanish"
    if words and (words[0].lower() in _PORTUGUESE_OPENERS
                  or " ".join(w.lower() for w in words[:2]) in _PORTUGUESE_PAIRS):
        return "spanish"  # (Spanish and Portuguese read alike: SCHEMA_WORDS, their plural endings)
    if not words:
        return None
    if words[0].lower() in _NORDIC_OPENERS:
        return "nordic"
    said = {w.lower() for i, w in enumerate(words) if i == 0 or w.islower()}
    return "nordic" if len(said & _NORDIC_DISTINCT) >= 2 else None


# The endings a listed word is read through, longest first: German's case and plural endings; the Nordic languages'
# definite and plural ones. A word keeps at least three letters without its ending.
_ENDINGS = {
    "german": ("innen", "in", "en", "es", "er", "e", "s", "n"),
    "nordic": ("ene", "ane", "erne", "arna", "orna", "na", "en", "et", "er", "ar", "or", "a", "e", "n"),
    "spanish": ("es", "s"),
    # Russian's case endings of nouns and adjectives, and its verbs' past and reflexive ones ("создан", "входит")
    "russian": ("ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "ах", "ях", "ов", "ев", "ей", "ой", "ом", "ем",
                "ам", "ям", "ую", "юю", "ая", "яя", "ое", "ее", "ые", "ие", "ый", "ий", "ых", "их", "ым", "им", "ся",
                "ит", "ет", "ал", "ла", "ло", "ли", "на", "но", "ны", "а", "я", "у", "ю", "е", "ы", "и", "о", "ь"),
}
# (a Spanish question is read through the schema words of other languages, written without accents: a graph whose
# keys are English is asked in Spanish as much as a Spanish graph in English, "¿Qué puntuación de intercambio tiene
# X?" asks its `exchange_score`; erasmus-leon, spent, answered the university's city)
_WORD_LISTS = {"german": GERMAN_WORDS, "nordic": NORDIC_WORDS, "korean": KOREAN_WORDS, "spanish": SCHEMA_WORDS,
               "russian": RUSSIAN_WORDS}
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
# the last part of a compound, at least this many letters: German and the Nordic languages write a compound as one
# word that ends in its head ("literprisen": a price; "Harris-Nummer": a number)
_HEAD_LETTERS = 4
_KOREAN_VERB = re.compile(r"^(?:하|했|한|할|해|함|되|된|됐|될|돼|됨)")
# "몇 시" asks the hour only with a particle, a space or the end after it: "몇 시간" (how many hours), "몇 시즌" (which
# season) are other words
_HOUR_AFTER = r"(?=에|야|쯤|부터|까지|\s|\?|$)"
_KOREAN_QUESTION_AFTER = {"몇 시": _HOUR_AFTER, "몇시": _HOUR_AFTER}
_KOREAN_QUESTION = re.compile("|".join(re.escape(w) + _KOREAN_QUESTION_AFTER.get(w, "")
                                       for w in sorted(KOREAN_QUESTION_WORDS, key=len, reverse=True)))


def _listed(word: str, language: str) -> tuple[str, ...] | None:
    """The English words of a word as typed (lower case) in `language`'s list: whole, without an ending of the
    language's, or (German, Nordic) through the head of a compound written as one word, with its first part's words
    where the list holds that too ("varenummeret" -> product item goods number id); Korean: without its particle, or a
    noun of the list with a form of 하다 or 되다 after it ("준공됐어")."""
    words = _WORD_LISTS[language]
    if language == "korean":
        base = without_particle(word) if word not in words else word
        for w in (word, base):
            if w is not None and w in words:
                return words[w]
        for i in range(len(word) - 1, 1, -1):  # the longest noun first
            if word[:i] in words and _KOREAN_VERB.match(word[i:]):
                return words[word[:i]]
        return None
    if language == "spanish":
        word = fold_marks(word)
    if language == "russian":
        word = word.replace("ё", "е")
    forms = [word] + [word[:-len(e)] for e in _ENDINGS[language] if word.endswith(e) and len(word) - len(e) >= 3]
    for form in forms:
        if form in words:
            return words[form]
    if language in ("spanish", "russian"):  # Spanish joins a compound's words with "de", Russian by cases, never in one
        return None
    for form in forms:
        for i in range(3, len(form) - _HEAD_LETTERS + 1):
            head = form[i:].lstrip("-")
            if head in words and len(head) >= _HEAD_LETTERS:
                first = form[:i].rstrip("-s")
                return words.get(first, ()) + words[head] if len(first) >= 3 else words[head]
    return None


def english_of(word: str, language: str | None) -> tuple[str, ...]:
    """The English words of one word as typed in `language` (`_listed`), or () where it lists none."""
    return (_listed(word.lower(), language) or ()) if language in _WORD_LISTS else ()


def english_words(question: str, language: str | None, names: Collection[str] = ()) -> str:
    """`question` with each word of `language`'s list (`question_language`; GERMAN_WORDS, NORDIC_WORDS, KOREAN_WORDS,
    for Spanish SCHEMA_WORDS) followed by its English words, and a Korean question word by the English one (`_listed`
    reads the forms); words inside one of `names` (as typed, any case) and text of no listed language unchanged:
    "Hvilket land kommer X fra?" -> "Hvilket land country kommer comes origin X fra?". A Nordic word capitalised past
    the question's first word is a name's ("Central Highland"): those languages write their nouns in lower case (German
    writes every noun capitalised). Korean's English comes before its noun ("어느 나라" -> "어느 which country 나라"):
    the reader reads the noun after "which" in Latin letters, and a Korean noun follows its question word."""
    if language not in _WORD_LISTS:
        return question
    spans = sorted({n for n in names if n}, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) for n in spans), re.IGNORECASE) if spans else None

    def outside(text: str, opens: bool) -> str:
        def english(m: re.Match[str]) -> str:
            word = m.group(0)
            if language == "nordic" and not word.islower() and (not opens or text[:m.start()].strip(" ¿¡«\"'")):
                return word
            found = _listed(word.lower(), language)
            if not found:
                return word
            return f"{' '.join(found)} {word}" if language == "korean" else f"{word} {' '.join(found)}"
        if language == "korean":
            text = _KOREAN_QUESTION.sub(lambda q: f" {q.group(0)} {KOREAN_QUESTION_WORDS[q.group(0)]} ", text)
        return _WRITTEN_WORD.sub(english, text)
    if pattern is None:
        return outside(question, True)
    pieces, at = [], 0
    for m in pattern.finditer(question):
        pieces += [outside(question[at:m.start()], at == 0), m.group(0)]
        at = m.end()
    pieces.append(outside(question[at:], at == 0))
    return "".join(pieces)


_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]+")


def complete_names(text: str, names: Collection[str]) -> str:
    """`text` with a Korean name typed without the Hangul word written onto its end ("래미안원베일리는" for
    래미안원베일리아파트, an apartment complex; a particle after it read apart, `without_particle`) written as the
    name, where exactly one of `names` (a context's) starts with what was typed and goes on in two Hangul letters or
    more and nothing else: the reader then reads the name the question means, as linking linked it (the name index's
    short names, `xgrag.retrieval.name_index.type_word`); so is a name typed with a space before its last two Hangul
    letters or more. Other words unchanged."""
    def complete(m: re.Match[str]) -> str:
        word = m.group(0)
        if not _HANGUL.search(word) or word in names:
            return word
        for base in (word, without_particle(word)):
            if base is None or len(base) < 2 or base in names:
                continue
            full = {n for n in names if n.startswith(base) and len(n) - len(base) >= 2
                    and _HANGUL_WORD.fullmatch(n[len(base):])}
            if len(full) == 1:
                return next(iter(full)) + word[len(base):]
        return word
    # (... and a name typed with a space before its type word, "서초더샵포레 아파트", is the name)
    for name in names:
        if len(name) >= 4 and _HANGUL_WORD.fullmatch(name[-2:]):
            for i in range(2, len(name) - 1):
                if name[i - 1] != " " and name[i] != " " and f"{name[:i]} {name[i:]}" in text:
                    text = text.replace(f"{name[:i]} {name[i:]}", name)
    return _WRITTEN_WORD.sub(complete, text)
