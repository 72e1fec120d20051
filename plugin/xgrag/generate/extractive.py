"""The extractive reader: a deterministic, non-LLM generator that answers from the context's facts.

It is NOT a language model. It answers with the end of the best chain of facts (a path of one to three facts)
that starts at an entity the question mentions: the other entity of a triple, or the value of a fact stored in a
property ("When was Nancy Davolio born?" -> the birth date of Nancy Davolio). Chains are ranked by, in order:

1. how many of the question's entities the chain involves (a question that names an order and a product asks
   about the relationship between the two: "How many units of Queso Cabrales did order 10248 contain?" -> the
   quantity of that ORDERS relationship); a chain through a bridge, an entity linked to two or more of them,
   involves them all ("which ring was Docker in on the Jan 2015 radar" -> the recommendation of Docker on that
   radar, then its ring, though no word names its POSITION);
2. whether the answer is the kind of value the question words ask for (`xgrag.retrieval.words.answer_kind`:
   "when" a date or a year, "how many" a whole number, "how much" an amount; "who" an entity of a person's or
   organisation's type, which ranks after 3 only: a type name is a weaker clue than a relation word; "who" an
   entity before a stored value whose key the question does not say, whatever its type is called; "where" an
   entity of a place type or a value stored under a place's key, the most precise first: "43 Main St" before
   "Brooklyn"; "how many" of a thing the question names, "how many Lemon Grass Rg did X buy", a key that counts
   units, its quantity, before another whole number, and "how much" an amount before a count of things; "the
   two-letter code" a value of that form, "XK" before "XKS"; "what is X", asking nothing else of it, its
   description; "the disease linked to X" asks of X's neighbour of that type, not of X);
3. how many of the question's words the chain states: relation words ("sell"/"sold"/SOLD, "director"/
   DIRECTED_BY, "born"/birthDate: `xgrag.retrieval.words.stem`), property keys as words ("unit price"), and the
   types of the entities it reaches ("Which category is Chai in?" -> the neighbour of type Category), beside the
   words that only name or type the question's own entities;
4. a fact stored on the question's own entity before any chain through another entity (Nancy Davolio's birth
   date, never her manager's);
5. fewer facts (a direct fact that states the question's words beats a chain; with no relation word at all,
   a chain whose relations pass the embedding threshold beats a direct fact, as before);
6. a fact between two entities the question names read the way it names them ("how many points did Norway give
   Sweden": Norway -> Sweden before Sweden -> Norway; the entity after "from" or "by" is the start), a relation
   read in the voice the question says it in ("what does ripgrep depend on": ripgrep -DEPENDS_ON-> what, not what
   depends on ripgrep; the start of an active relation is its subject, of a passive one, *_BY, its object), then the
   chain's order against the question's (the relation named next to the entity comes first: "who directed
   movies that share actors with X" is X's actors, their movies, those movies' directors);
7. relation similarity by name embeddings ("how popular is X" -> HAS_IMDB_VOTES), then fact ids.

Each fact after the first must state a question word the chain has not stated yet (a value of the kind the question
asks for states its "when" / "how many" / "how much", once per chain; an entity of the class asked for, an agent or
a place, may end a chain for its "who" / "where" / "which room", counted as no word: a tie-breaker, at the end only),
except the same relation
twice in a row ("the films starred by X actors": X's actors, then their films), which must be followed by a fact
that does, or be asked for by the question ("co-stars", "also directed", a relation word said twice). Entities
count as mentioned the way linking sees them (xgrag.retrieval.linking: whole names with case and possessives
folded, then the beginning or end of a name: "peter" mentions "Peter Rabbit"; a value typed after the entity's type,
"complaint 4866226"; capitals abbreviating one name, "the UK"). A type named as the question's subject ("how did
the company respond to X") is who acts, not a word the answer's chain must state. Without a word, a chain still reads
on from a bridge to what it holds (not to another of its kind), and from a record named by its type and key to an
entity of the class asked ("who scored goal X": the appearance that had it, then its player). A value that
restates its own entity's name is no answer unless the question says its key. "What kind (sort, type) of place is
X" names its answer by a class word in the answer's type or key ("Subcategory", "genre"), and "which house" by a
short value that says it ("House of Lords"); a yes/no question ("is the skill X published?") by the named entity's
short value that states its word (status "published"). An entity the question names by a code or initials alone is
answered by its name where that is what is asked: "which drug has code D01211" (its type), "what is disease
H00131", "what does SD stand for", "what is area number 12 called"; "the full name of" a value reached is the
entity it names (X's party "IA": Independent Alliance). A record whose name states the number typed after its type
("case 200100509") is mentioned with or without the fact that stores it; "what kind of premises" asks for an entity
typed Premise where the named one is not; "when" is answered by a day before a number read as a year (a time of day,
a code). Named entities the question says another one is by ("Drake's Practice", "Old Town Road by Lil Nas X", "the
pypsa-eur commit X": a name before the other's type) are touched by a chain from it. An entity named after
"besides", "other than", "apart from" or "except" is set aside: never touched, passed or answered. A yes/no question
naming two entities is answered by the fact between them (its second entity), where the context holds one. A text
the question quotes that an entity's fact states whole names that entity (a commit by its message), unless it is a
named entity's whole name; a value typed after its key's word names its entity only where no other entity holds it
("pull request closed" names none of 49 closed ones). A name stored under an agent's key ("author") states a "who"
as a date states a "when"; a relationship's value ends a chain past an unnamed end where its key is the noun asked
("which mega stone").

Because it is grounded by construction and reports the facts it used (`Generation.evidence`: relationship ids and
property fact ids), it is the offline default and the reference model for checking that explanations point at
the evidence really used.
"""

from __future__ import annotations

import functools
import itertools
import re
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from xgrag.embed import Embedder
from xgrag.generate.base import NO_ANSWER, Fact, Generation, GenerationError, SyncGeneratorMixin, Usage
from xgrag.model import Node, key_text
from xgrag.model.graph import PROPERTY_ID_SEPARATOR, season_span, seasons_in, split_property_fact_id
from xgrag.retrieval.linking import (
    DESCRIBED_TEXT,
    DESCRIBED_WORDS,
    JOIN_DEGREE,
    JOIN_HOPS,
    MAX_VALUE_RECORDS,
    NUMBER_MARKERS,
    LinkedEntity,
    case_parties,
    cited_codes,
    cited_head,
    described_by,
    described_enough,
    described_words,
    in_named_order,
    key_tokens,
    kind_placed,
    kind_said,
    lowered_names,
    most_said,
    naming_relation,
    only_inside,
    quoted_pieces,
    record_numbers,
    select_cases,
    select_demonyms,
    select_made_by,
    select_parts,
    select_reordered,
    select_whole,
    versus_word,
)
from xgrag.retrieval.name_index import (
    bilingual_parts,
    capital_words,
    cjk_parts,
    cjk_short_forms,
    initials_of,
    label_prefix,
    labelled_rest,
)
from xgrag.retrieval.names import ARTICLES as _ARTICLES
from xgrag.retrieval.names import fold
from xgrag.retrieval.order import chosen, numbered, ordinal_asked, placed, placing_asked
from xgrag.retrieval.typed_values import QUOTE_PAIRS, in_quotes, quoted_texts
from xgrag.retrieval.vietnamese import english_key, english_vietnamese, listed_words, reads_vietnamese, vietnamese_head
from xgrag.retrieval.words import (
    AGENT_TYPES,
    CHINESE_WORDS,
    CJK_LETTER,
    FOREIGN_ARTICLES,
    FOREIGN_FUNCTION_WORDS,
    HOW_DIMENSIONS,
    INITIALS_RUN,
    IRREGULAR,
    IRREGULAR_PAST,
    NUMBER_WORDS,
    PLACE_TYPES,
    SCHEMA_WORDS,
    WEAK,
    answer_kind,
    cjk_word_opening,
    clipped_from,
    cognate,
    cognate_stems,
    complete_names,
    compound_stems,
    content_stems,
    date_stamp,
    detach_particles,
    english_chinese,
    english_function_words,
    english_interrogatives,
    english_of,
    english_words,
    fold_marks,
    how_dimensions,
    how_scale,
    initials_said,
    join_spaced,
    join_typed_names,
    labelled_date,
    question_dates,
    question_language,
    question_month_texts,
    question_months,
    reads_german,
    set_apart,
    stated_stems,
    stem,
    time_type,
    value_dates,
    value_kind,
)
from xgrag.retrieval.words import STOP as _STOP

__all__ = ["UNKNOWN", "READER_VERSION", "ExtractiveReader", "content_stems", "mentioned_names", "stem"]

READER_VERSION = "extractive-v78"
# Words that qualify a key as a bound of its scale ("best_rating", "max_price", "lowest_temp")
_BOUND_WORDS = frozenset(("best", "worst", "max", "maximum", "min", "minimum", "highest", "lowest", "top", "peak"))
# What a key of places near a thing says (`_rank`: no answer to "where is it")
_NEAR_STEMS = frozenset(stem(w) for w in ("nearby", "near", "nearest", "close", "closest", "around", "surrounding",
                                          "neighbouring", "neighboring", "vicinity"))
# How much closer to the question (the cosine of the relation's words to the question's spans) a named entity's
# relationship must be than every key of its own values to be read before them where the question says no word of
# the graph (_Reading._closer): the two sides of an asked word measured 0.15-0.31 apart ("occupation": Has_Job
# 0.51, Address 0.36; "riskometer level": HAS_RISK 0.59, fund_Sortino 0.28), near ties stay as they were
CLOSER_MARGIN = 0.1

# The words asking for one side of a span, and the words of a key that stores that side (a marker word of its own,
# as the sequence's "~after")
_SPAN_SIDES = {
    "~end": (("until", "till"), {"to", "end", "ended", "ends", "until", "till"}),
    "~start": (("since",), {"from", "start", "started", "starts", "since", "began", "begin"}),
}
# Words that ask for something sharing a relation with the topic entity (then a chain may repeat the relation).
_SHARING = frozenset({"also", "same", "together", "shared", "share", "shares", "other", "else"})
_WH = frozenset({"which", "what"})
# a parent asked -> the relations the child's side says it with (SON_OF, DAUGHTER_OF, CHILD_OF)
_PARENT_OF_CHILD = {w: ("son", "daughter", "child") for w in ("father", "mother", "parent", "parents", "dad", "mum",
                                                              "mom")}
# how a group named by its members joins their names ("Phil Dalhausser + Todd Rogers", "Simon & Garfunkel")
_MEMBERS = re.compile(r"\s+(?:\+|&|/|and|und|y|et|e)\s+")
# a relation that gives its end as its start's name ("NAMED", "HAS_NAME", "CALLED", "KNOWN AS")
_NAMING = re.compile(r"(?:has |have )?(?:named|name|called|known as|alias)")
# auxiliaries after a "which"/"what" noun's compound ("which film genres are"): the compound is the noun
_AUXILIARIES = frozenset("is are was were do does did has have had can could will would may might".split())
# Words that begin a verb's object: after "which <noun> <word in -s>" they say the word is a verb ("which company
# owns the owner of X")
_OBJECT_STARTS = frozenset({"the", "a", "an", "its", "his", "her", "their", "this", "that", "these", "those"})
# "who painted X": the word after a question's "who" (its verb, unless an auxiliary)
_WHO_VERB = re.compile(r"\s*who\s+([a-z]+)\b")
# the options a question offers at its end: "is Recife urban or rural?", "was it a win or a loss?"
# a question answered yes or no: "is the skill X published?", "was the order shipped?"
_YES_NO = re.compile(r"^\s*(?:is|are|was|were|has|have|had)\b")
# the words that set a named entity aside ("besides X", "other than X"): the answer is not X
_EXCLUDING = r"(?:besides|aside\s+from|apart\s+from|other\s+than|except(?:\s+for)?|excluding|not\s+counting)"
# (a list of them too, its last of up to three words: "explicitly, implicitly or only in effect"; us-constitutional-law,
# spent, was read as a yes/no question and answered with the other case named)
# (a word in Chinese letters is an option too: "在上市還是上櫃交易", read "上市 or 上櫃 trade")
_OPTION_WORD = r"(?:[a-z][a-z-]+(?:['’]s)?|[\u4e00-\u9fff]+)"
_CHOICE = re.compile(rf"(?<![a-z])((?:{_OPTION_WORD},\s+){{0,4}})(?:an? |the )?({_OPTION_WORD}),?\s+or\s+"
                     rf"(?:an? |the )?((?:{_OPTION_WORD}\s+){{0,3}}{_OPTION_WORD})\W*$")
# Nouns that ask what class something is in ("what kind of place", "which sort of business"), as stems.
# "the <type> that / linked to / written by <entity>": an entity referred to by its type and its tie to another
# (the noun may have a word before it that qualifies it: "the saved place that serves curry")
_REFERRED = re.compile(r"\bthe\s+(?:[a-z]+\s+)?([a-z]+)\s+"
                       r"(?:that|which|who|whose|linked|related|connected|[a-z]{3,}ed)\b")
# Keys that say what an entity is about where it has no description: its heading
_HEADING_STEMS = frozenset(stem(w) for w in ("title", "subject", "topic", "heading", "caption"))
# Keys that say what an entity is, the answer to "what is X" when the question asks nothing else of it
_DESCRIPTION_STEMS = frozenset(stem(w) for w in ("description", "summary", "definition", "overview", "abstract",
                                                 "about", "bio", "biography", "tagline"))
_WHAT_IS = re.compile(r"^\s*(?:what|who)(?:'s|\s+(?:is|are|was|were))\b")
_REQUIRES = re.compile(r"^\s*what\s+(?:does|do|did)\b.*\b(requires?|mandates?|prescribes?|specif(?:y|ies)|asks?\s+for"
                       r"|demands?)\W*$")
# "the two-letter code", "a 4-digit year": the form of the answer asked for, its letters or digits counted
_NUMBER_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}
_FORM = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})[- ](letter|digit|character)s?\b")
# what asks for an entity's name: "what does SD stand for", "the full name of the party" ("the party X stood for" is
# the one X ran for, not what an abbreviation says)
_NAME_ASKED = re.compile(r"\bwhat\s+(?:does|do|did)\b.*\bstands?\s+for\b|\bfull\s+(?:name|title)\b|\bspelled\s+out\b"
                         r"|^\s*what\s+(?:is|was|are|were)\b.*\bcalled\s*\??\s*$")


# A question asking for a kind or a type of thing, in English and as the Romance and German languages ask it ("que
# tipo de", "qué clase de", "quel genre de", "welche Art von")
_TYPE_ASKED = re.compile(r"(?i)\b(?:what|which)\s+(?:kind|type|sort)s?\s+of\b"
                         r"|\b(?:que|qual|quais|qué|cuál|cuáles|quale|quali|che)\s+(?:tipos?|g[eé]neros?|class[ei]s?"
                         r"|clases?|specie)\s+d[eio]\b"
                         r"|\bquel(?:le)?s?\s+(?:types?|genres?|sortes?)\s+de\b|\bwelche[rsnm]?\s+(?:art|typ|sorte)\b")


def _form_fits(value: str, form: tuple[int, str] | None) -> bool:
    """Whether a value has the form the question asks for ("XK" is a two-letter code, "XKS" is not)."""
    if form is None:
        return True
    n, unit = form
    text = value.strip().rstrip(".")
    if unit == "letter":
        return len(text) == n and text.isalpha()
    if unit == "digit":
        return len(text) == n and text.isdigit()
    return len(text) == n


# A value that is a web address ("https://www.vinmonopolet.no/p/1101"), and the words asking for one: a link answers
# only a question that asks for a link, or says its key's words ("the homepage of X"); otherwise it states where more
# is written, never what is asked (a catalogue's page every product has beat products' own facts where no key said
# the question's words)
_URL = re.compile(r"(?i)^\s*(?:https?://|www\.)\S+\s*$")
_HOST = re.compile(r"(?i)^\s*(?:https?://)?(?:www\.)?([a-z0-9.-]+)")
_SITE = re.compile(r"(?i)^\s*(?:https?://)?(?:www\.)?([a-z0-9-]+)\.[a-z.]+(?:[/:?#]|\s*$)")  # "genius" of genius.com
_LINK_WORDS = frozenset(("url", "link", "links", "website", "websites", "site", "web", "page", "homepage", "address",
                         "uri", "href"))
# ... and "online", "on the web", ending a question asking where ("where can I read X online")
_ONLINE = re.compile(r"(?i)\b(?:online|on\s+the\s+(?:web|internet))\W*$")
# ... of which these ask for nothing but a web address ("page" may be a book's, "site" a place, "address" a street)
_WEB_WORDS = _LINK_WORDS - {"page", "site", "address"}
# A web address of a picture (its file's ending), and the words asking for one: "the movie page link of X" is its page,
# not its poster's file
_PICTURE_FILE = re.compile(r"(?i)\.(?:jpe?g|png|gif|svg|webp|bmp|tiff?)(?:[?#]\S*)?\s*$")
_PICTURE_WORDS = frozenset(("image", "images", "picture", "pictures", "photo", "photos", "poster", "posters", "logo",
                            "logos", "icon", "thumbnail", "cover", "img"))
# A value that names nothing: a bare number, an e-mail address, a web address, a date or a time, coordinates. A
# question that asks for someone, or for a thing of a type the context has, is not answered by one where an entity
# is at hand (37 of the 167 reading failures of the frozen runs 14-23 answered one where every gold answer is a name:
# "what party is X a member of" -> X's e-mail, "who played black in game 1" -> an Elo rating 0; bench_domains)
def _flat_text(text: str) -> str:
    """`text` lower case, apostrophes straight, its spaces and line breaks one space each (as quoted_pieces reads a
    quote)."""
    return " ".join(text.replace("\u2019", "'").replace("\u2018", "'").lower().split())


# Words from which a name is a sentence, no name a "which <noun>" is answered by (a tweet's text), where it holds a
# sentence's break, a link, a handle or a hashtag (a title of as many words holds none)
SENTENCE_WORDS = 8
# (a full stop after an abbreviation is no break: "West Virginia State Board of Education v. Barnette", a case's name;
# us-constitutional-law, the thirty-fifth split's, answered "what decision overruled Gobitis" with a value for it)
_SENTENCE_MARK = re.compile(r"\b[^\W\d_]{3,}\.\s+\w|[!?]\s+\w|https?://|(?<!\w)[@#]\w")
_LOWER_WORD = re.compile(r"(?<![\w.])[^\W\d_A-Z]{2,}(?![\w.])")
_SENTENCE_LOWER = 3


def _slug_of(value: str, name: str) -> bool:
    """Whether `value` is `name` as a key spells it: its letters and digits run together in lower case, diacritics
    folded, after an optional code prefix ("ARP:", "slt-"), where that spelling is ten characters or more."""
    def run(text: str) -> str:
        return re.sub(r"[\W_]+", "", fold_marks(text).lower())
    bare = re.sub(r"^[A-Za-z]{1,6}[:/-]", "", value.strip())
    spelled = run(name)
    return " " not in bare and len(spelled) >= 10 and run(bare) == spelled


# ... and in Chinese or Japanese, unspaced: a break inside (a full stop, a comma) followed by letters, in a text of at
# least twice as many letters as a sentence has words (a poem's lines, "纤云弄巧，飞星传恨，...")
_CJK_BREAK = re.compile(r"[。！？；，][^\W\d_]")


def _sentence_named(name: str) -> bool:
    """Whether an entity's name (or a value) is a sentence (`SENTENCE_WORDS`, `_SENTENCE_MARK`, `_CJK_BREAK`), as a
    tweet's text names it."""
    if CJK_LETTER.search(name):
        return len(name.strip()) >= 2 * SENTENCE_WORDS and _CJK_BREAK.search(name) is not None
    # (... with words in lower case between its names: a citation of capitalised names and abbreviations, "Cooper
    # Techs. Co. v. Dudas, 536 F.3d 1330, 87 USPQ2d 1705 (Fed. Cir. 2008)", is a name; uspto-patent-manual, spent)
    return len(name.split()) >= SENTENCE_WORDS and _SENTENCE_MARK.search(name) is not None \
        and len(_LOWER_WORD.findall(name)) >= _SENTENCE_LOWER
_NAMELESS = re.compile(r"(?i)^\s*(?:[+-]?(?:\d+(?:[.,]\d*)?|\.\d+)(?:e[+-]?\d+)?"
                       r"|[^@\s]+@[^@\s]+\.[a-z]{2,}"
                       r"|(?:https?://|www\.)\S+"
                       # (a link's path alone, "/RogerJStoneJr/status/901127011724271617")
                       r"|/[^\s/]+(?:/[^\s/]*)+"
                       r"|\d{4}-\d{2}(?:-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)?"
                       r"|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?)?"
                       r"|[+-]?\d+\.\d+\s*[,;]\s*[+-]?\d+\.\d+"
                       # (a database's key, a few letters and five digits or more, "tt0611656", "E05011857": "which
                       # show is The Remorseful Day an episode of" is no IMDb tconst of its own; cozy-mysteries, spent)
                       r"|[a-z]{1,4}\d{5,}"
                       r"|point\s*\(.*\))\s*$")
# ... and nouns that ask for such a value whatever its key is called ("what number is X in the show": its `id`)
_VALUE_NOUNS = frozenset(stem(w) for w in (
    "number no nr num percentage percent amount total sum count age year date day month time hour code id identifier "
    "phone telephone fax zip postcode email mail url link website coordinates latitude longitude population value "
    "version size").split())
# ... and those of them that say no more than that a value is asked: the word before one says which ("grid position")
_SEASON = stem("season")
# "which of the/my ...": the words between "which" and the noun a question asks for among a set it names
_WHICH_OF = r"(?:of\s+(?:the|my|our|your|his|her|its|their|these|those)\s+)?"
_GENERIC_NOUNS = _VALUE_NOUNS | frozenset(stem(w) for w in ("position", "place", "figure"))
# A word for someone who shares a group with another ("bandmate", "teammates"; not "checkmate", "climate")
_MATE = re.compile(r"\b(?:band|team|class|room|flat|house|ship|crew|label|stable|school|running|play|work|cell|bunk"
                   r"|squad|club|course|dorm|tour)mates?\b")
# ... and those that ask for a number, and a number as a value writes it
_NUMBER_NOUNS = frozenset(stem(w) for w in NUMBER_WORDS)
_NUMBER_TEXT = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
# A value that says there is none: a database's or an export's null marker (Ergast's "\N", "NULL", "N/A"). It states
# no fact of the entity and answers nothing where anything else can ("where was the 1950 British Grand Prix held":
# not its `url`'s "\N"; formula-one, spent).
# (... and a placeholder that says nothing is known: a period's `era` "Unknown" answered "which dynasty is X of" where
# X's Period "隋朝（581-618）" was reached; overseas-relics, spent)
_NULL_MARKER = re.compile(r"(?i)^\s*(?:\\n|null|none|nan|n/a|#n/a|nil|undefined|unknown|unspecified|not known|"
                          r"not specified)\s*$")
# A truth value. Under a key that says a kind ("is_drug" TRUE) it says its node is one of that kind: the node, not the
# value, is what "which drug ..." asks for; only a yes/no question is answered by it (t2d-net, spent, answered
# "which diabetes drug is predicted to target X" with "TRUE").
_TRUTH_VALUE = re.compile(r"(?i)^\s*(?:true|false|yes|no)\s*$")
_TRUE = re.compile(r"(?i)^\s*(?:true|yes)\s*$")
# "which" and a Chinese word, then its first English word alone (its others are synonyms, no compound), with the two
# empty groups a noun's compound would fill
_CHINESE_NOUN = re.compile(r"(?:which|what)\s+[^\x00-\x7f\s]+\s+([a-z]+)()()")


# Keys that count units of something ("quantity", "qty", "count", "units in stock"): what "how many" asks when it
# names no noun of its own to count ("how many Lemon Grass Rg did X buy": the quantity, not the line's item number).
_QUANTITY_STEMS = frozenset(stem(w) for w in ("quantity", "qty", "count", "units"))
# The words of a key that holds a share or a rank rather than an amount
_SHARE_STEMS = frozenset(stem(w) for w in (
    "percentage", "percent", "pct", "share", "ratio", "proportion", "fraction", "rank", "ranking"))
# ... and keys that count things, a "how many" answer that "how much" does not ask for ("how much did X spend on her
# order": its total, not its items in order); as typed, plural: "item total" is an amount
_COUNT_WORDS = frozenset(("quantity", "qty", "count", "units", "items", "number", "num"))
# Nouns asking for a settlement, and the types of a graph that keeps every kind of place under one label.
_SETTLEMENT_STEMS = frozenset(stem(w) for w in ("town", "city", "village", "hamlet", "municipality", "settlement"))
# Agent types that are bodies, not people: "who" is answered by one where no one else is at hand
_BODY_STEMS = frozenset(stem(w) for w in (
    "company organization organisation agency operator carrier airline firm corporation publisher manufacturer "
    "institution provider team band supplier vendor shipper department unit office").split())
# ... and the one that is neither: a role ("who built the Anaconda" is not its role Multi Purpose)
_NO_ONE_STEMS = frozenset({stem("role")})
# "who" as the subject of playing a part: its answer plays the part, it is no part
_WHO_PLAYS = re.compile(r"\s*who\s+(?:plays|played|portrays|portrayed|voices|voiced|is playing|was playing)\b", re.I)
# Verbs of being and having, not of action: "what does X weigh/cost/mean" asks a value of X's own
_STATE_VERBS = frozenset("have has had cost costs weigh weighs mean means measure stand look sound say contain "
                         "hold need want like do is are was were be".split())
_LOCATED_STEM = stem("located")  # "situated" too (SYNONYM_STEMS)
_GENERIC_PLACE_STEMS = frozenset(stem(w) for w in ("place", "location", "locality"))
# Keys of a tie that hold the value of the attribute it reaches ("numeric_value", "amount", "Wert")
_VALUE_STEMS = frozenset(stem(w) for w in ("value", "amount", "wert", "valor", "valeur", "measurement"))
_NUMERIC = re.compile(r"[-+]?\d+(?:[.,]\d+)?")
# (a style is the kind a beer, a building or a piece of music is said to be: "what kind of beer is 1554 Black Lager"
# asks its `style`; craft-beers, spent, answered its brewery)
_CLASS_STEMS = frozenset(stem(w) for w in ("kind", "sort", "type", "category", "class", "genre", "classification",
                                           "style"))
# Keys whose short value says what kind of thing the entity is: the class words, and a rank or level in a hierarchy
# ("rank": "genus" names a taxon a genus, "which genus does Variola virus belong to"; virus-knowledge-graph, spent)
_KIND_KEY_STEMS = _CLASS_STEMS | frozenset(stem(w) for w in ("rank", "level"))
# ... also ending a key written as one word, after three letters or more ("taxlevel": soil-taxonomy, spent, whose
# "which soil order do the Wassents belong to" was answered with a code, its parent's level "order" unread)
_KIND_KEY_ENDS = ("type", "category", "class", "genre", "classification", "rank", "level")


def _kind_key(relation: str) -> bool:
    """A key whose short value says what kind of thing the entity is (`_KIND_KEY_STEMS`, `_KIND_KEY_ENDS`)."""
    tokens = key_tokens(key_text(relation))
    return bool({stem(w) for w in tokens} & _KIND_KEY_STEMS) or (
        len(tokens) == 1 and any(tokens[0].endswith(w) and len(tokens[0]) >= len(w) + 3 for w in _KIND_KEY_ENDS))
# "<wh-word> [noun] <auxiliary> the <noun> <next word>": the noun after the auxiliary is the question's subject when
# the next word is its verb (not a preposition: "did the director of X" asks about the director)
_PREPOSITIONS = frozenset("against between among amongst without within toward towards behind beyond near like per "
                          "via during since until across along around beside besides despite inside outside "
                          "through throughout under underneath upon versus".split())
# "what is X made of" asks for its material, which graphs store under one of these keys (a museum's `medium`)
_MADE_OF = re.compile(r"\b(made|built|woven|carved|cast|composed|consists?|consisting)\s+(?:out\s+)?(?:of|from)\b")
_MATERIAL_STEMS = frozenset(stem(w) for w in ("medium", "material", "materials", "fabric", "fabrics", "ingredients",
                                              "composition", "substance"))
# A relation whose name ends in a preposition (MADE_IN, ACTED_IN, BORN_IN) states its verb where the question says
# it alone ("where was it made") or with any preposition ("works at" for WORKS_FOR), but not where every use of the
# verb is followed by "of" or "from" ("what is it made of": a material, which MADE_IN does not hold; nor CREATED, a
# verb alone) or, except for an agent's BY, by its object ("which house made the "Carnival Dress"": the maker; a
# DIRECTED_BY does answer "who directed the film"). met-fashion (spent): both questions were answered by a garment's
# MADE_IN year.
_RELATION_PREPOSITIONS = frozenset("in at on into within inside of from by with for to as about".split())
_OBJECT_STARTS = frozenset(("the", "a", "an", '"', "\u201c"))


def _verb_used_otherwise(words: list[str], verb: str, preposition: str | None) -> bool:
    """Every use of the verb (`verb`, a stem) in the question's `words` is followed by "of"/"from" (where the
    relation's own `preposition` is another), or by its object (where the relation has a preposition but "by")."""
    at = [i for i, w in enumerate(words) if stem(w) == verb]
    after = [words[i + 1] if i + 1 < len(words) else None for i in at]
    # (what a thing is made of: said by a verb's participle, "made of", not a noun's "the packager of")
    participle = all(words[i].endswith("ed") or words[i] in IRREGULAR for i in at)
    source = participle and preposition not in ("of", "from")
    objects = preposition is not None and preposition != "by"
    return bool(after) and all(a is not None and ((source and a in ("of", "from"))
                                                  or (objects and a in _OBJECT_STARTS)) for a in after)


# A question asking for what comes after or before the entity it names, in a sequence (`_Reading._sequence`)
_AFTER = re.compile(r"\b(?:after|following|followed|follows|succeeded|succeeds)\b")
_BEFORE = re.compile(r"\b(?:before|preceding|preceded|precedes|prior to|previous to)\b")
_SUBJECT = re.compile(r"\s*(?:how|when|where|why|what|which|who)(?:\s+[a-z]+)?\s+(?:did|does|do|has|have|had|will|"
                      r"would|can|could)\s+the\s+([a-z]+)\s+([a-z]+)")
UNKNOWN = NO_ANSWER  # generate.base: the one abstention text
# Marks a chain whose last value is of the kind the question asks for, counted as one stated question word.
KIND_STATED = "~kind"
# Marks a chain that ends at an entity of the class asked for (who: an agent; where, "which room": a place): it lets a
# chain reach it without a word naming the relation, but counts as no question word (a type's name is a weaker clue
# than a relation's word): it decides between chains that state as many of the question's words, at the chain's end
# only (dropped when the chain goes on).
KIND_CLASS = "~class"
MAX_FACTS = 3  # the longest chain read (MetaQA's 3-hop questions)
MAX_CHAINS = 50_000  # chains looked at per question, at most (a bound, never reached on 400-fact contexts)


def _word_count(text: str, word: str) -> int:
    """How many times `word` occurs in `text` as a word, in any case."""
    return len(re.findall(rf"\b{re.escape(word)}\b", text.lower()))


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def _record_named(name: str, typ: str | None) -> bool:
    """`name` is a record's, its type's words and one more token ("Station DE0MFSN", "Trip 1533")."""
    words = name.split()
    return bool(typ) and len(words) >= 2 and set(key_tokens(" ".join(words[:-1]))) == set(
        key_tokens(key_text(typ or "")))


def _quotes_title(text: str, quotes: set[str]) -> bool:
    """A stored text that is one of the question's `quotes` (lower case), bare or in its quotes, or that begins with
    one in its quotes ("\"La Sirène\" Evening dress")."""
    low = text.strip().lower()
    return _unquoted(text) in quotes or any(low.startswith(f"{form} ") for q in quotes for form in in_quotes(q))


def _copy_holders(holders: set[str], facts: Iterable[Fact]) -> set[str]:
    """Of the entities holding one code, those that hold a copy of another's: where exactly one of them is related
    (by a fact, either way) to every other, the others."""
    if len(holders) < 2:
        return set()
    related: dict[str, set[str]] = {}
    for f in facts:
        if f.kind == "edge" and f.head in holders and f.tail in holders:
            related.setdefault(f.head, set()).add(f.tail)
            related.setdefault(f.tail, set()).add(f.head)
    owners = [h for h in sorted(holders) if related.get(h, set()) >= holders - {h}]
    return holders - {owners[0]} if len(owners) == 1 else set()


def _unquoted(text: str) -> str:
    """A stored text, lower case, without the quotes it may be stored in ("\"Carnival Dress\"", \u201cLa
    Traviata\u201d)."""
    low = text.strip().lower()
    for a, b in QUOTE_PAIRS:
        if len(low) > 2 and low.startswith(a) and low.endswith(b):
            return low[1:-1].strip()
    return low


def _sentence(answer: str) -> str:
    """The answer as a one-sentence reply: a full stop added unless it ends in one ("Houston, we have a problem.")."""
    return answer if answer.endswith((".", "!", "?")) else f"{answer}."


def mentioned_names(question: str, names: list[str], kinds: Iterable[str] = (),
                    types: Mapping[str, str] | None = None) -> set[str]:
    """Which of `names` the question mentions, as entity linking decides it: whole names (also said in another
    order: `select_reordered`), or when none occurs
    the beginning or end of a name ("peter" -> "Peter Rabbit", never "Peter's Father"); a one-word part that
    names one of `kinds` (the entities' types: "which GPO ..." asks for a GPO) mentions none. `types`: each name's
    entity type, where known (linking keeps a lower-case name beside another of its type)."""
    return set(mention_words(question, names, kinds, types))


def mention_words(question: str, names: list[str], kinds: Iterable[str] = (),
                  types: Mapping[str, str] | None = None, parts: bool = True) -> dict[str, str]:
    """`mentioned_names`, each with the words of the question that mention it (`parts`: False, whole names only)."""
    types = types or {}
    nodes = [(Node(name, name, type=types.get(name)), 1.0) for name in sorted(set(names))]
    whole, covered = select_whole(question, nodes)
    whole += select_reordered(question, nodes, covered, {le.node.id for le in whole})
    if whole or not parts:
        return {le.node.name: le.mention for le in whole}
    # the noun a "which" or "what" asks for, typed in lower case, names what is asked, no part of a name ("which
    # foundation is Condoleezza Rice a director of": not the Foundation for Excellence in Education, whose tie to
    # her then read as the question's own; trumpworld, spent)
    # ... and so does the noun of an entity the question describes by a clause, "the <noun> that ...": it says what
    # the unnamed one is ("the state the company that Joseph Manchin bought shares of is located in": not City
    # Holding Company, whose state then read as the answer; senator-stocks, spent)
    asked = {len(key_tokens(question[:m.start(1)])) for pattern in (
        r"\b(?:[Ww]hich|[Ww]hat)\s+([a-z][\w-]*)", r"\b[Tt]he\s+([a-z][\w-]*)\s+(?:that|which|who|whom|whose)\b")
        for m in re.finditer(pattern, question)}
    found = {le.node.name: le.mention for le in select_parts(question, nodes, set(covered) | asked, kinds=kinds)}
    # names a part of which the question says alike are told apart by their other words it says (`most_said`: the
    # linker named "Rhino (digital, 2006)", the reader both Rhinos, and answered the CD's record)
    q_words = set(key_tokens(question))
    by_words: dict[str, list[str]] = {}
    for name, words in found.items():
        by_words.setdefault(words, []).append(name)
    for words, alike in by_words.items():
        if len(alike) >= 2:
            for n in set(alike) - most_said({n: n for n in alike}, key_tokens(words), q_words):
                del found[n]
    return found


@functools.lru_cache(maxsize=4096)
def _key_word_set(relation: str) -> frozenset[str]:
    """A key's or relation's words (key_tokens of its key_text), once per relation: every chain's rank reads them."""
    return frozenset(key_tokens(key_text(relation)))


def records_between(question: str, said: Mapping[str, str], names: Iterable[str], types: Mapping[str, str]) -> set[str]:
    """Records named by the two they are between, both of which the question names, in the order it names them
    ("Arsenal v Leicester City": "Match Arsenal FC Leicester City FC", not the return match "Match Leicester City
    FC Arsenal FC") or with the one it places the record at first ("away at Arsenal"), as linking names them
    (Linker._records_between, `in_named_order`). `said`: each mentioned name -> its words."""
    low = question.lower()
    found = {n: low.find(w.lower()) for n, w in said.items() if w}
    at = {n: i for n, i in found.items() if i >= 0}
    out = set()
    for n in set(names) - set(said):
        typ = types.get(n)
        if not typ:
            continue
        inside = sorted((n.find(m), m) for m in at if m != n and m in n)
        if len(inside) != 2 or inside[0][0] + len(inside[0][1]) > inside[1][0]:
            continue
        rest = n
        for _, m in inside:
            rest = rest.replace(m, " ")
        # nothing else in the name but its type's words: the record is those two (a film named "Kramer vs. Kramer"
        # is no record between two Kramers)
        if set(key_tokens(rest)) <= set(key_tokens(key_text(typ))) \
                and in_named_order(question, said[inside[0][1]], said[inside[1][1]]):
            out.add(n)
    return out


def records_joining(question: str, mentioned: Iterable[str], facts: Sequence[Fact],
                    types: Mapping[str, str], said: Mapping[str, str] | None = None) -> dict[str, set[str]]:
    """Records of a kind the question says by its type's words, joined by the context's relationships to two or
    more entities it names, as linking names them (Linker._records_joining): "the 400 kV line between Gandhar and
    Navsari" is the line whose ends' buses are in those substations. At most JOIN_HOPS relationships from each,
    the nearest first, through no entity of more than JOIN_DEGREE relationships in the context; of those near the
    most named entities, at most MAX_VALUE_RECORDS, else none; or the one of its kind near the one entity the
    question places it at (`said`: each mentioned name's words; "the ICT at Korba (W)"). Each with the named
    entities it joins."""
    tokens = key_tokens(english_interrogatives(question))  # ("que jogador" asks as "which player" does)
    kinds = {t for t in set(types.values()) if kind_said(tokens, t)}
    # (one end per name: two entities of one name, a person and a tag "mark herman", are one named once)
    ends = sorted(dict((n.lower(), n) for n in sorted(set(mentioned), reverse=True)).values())
    placed = {e: {k for k in kinds if kind_placed(tokens, k, key_tokens(said[e]))}
              for e in ends if said and said.get(e)}
    if not kinds or (len(ends) < 2 and not any(placed.values())):
        return {}
    links: dict[str, set[str]] = {}
    ties: set[tuple[str, str]] = set()  # (head, tail) of each relationship, for the order the question names
    for f in facts:
        if f.kind == "edge" and f.head != f.tail:
            links.setdefault(f.head, set()).add(f.tail)
            links.setdefault(f.tail, set()).add(f.head)
            ties.add((f.head, f.tail))
    if {types.get(e) for e in ends} & kinds:
        return {}  # one of that kind is named already
    for hops in range(1, JOIN_HOPS + 1):
        near: dict[str, set[str]] = {}
        for end in ends:
            reached: set[str] = set()
            frontier = {end}
            for step in range(hops):
                nxt = set()
                for n in frontier:
                    # (through no hub: an owner of a hundred lines is near each of them)
                    if step and len(links.get(n, ())) > JOIN_DEGREE:
                        continue
                    nxt |= links.get(n, set())
                reached |= nxt
                frontier = nxt
            for n in reached:
                if types.get(n) in kinds and n not in ends:
                    near.setdefault(n, set()).add(end)
        most = max((len(e) for e in near.values()), default=0)
        if most >= 2:
            found = {n: e for n, e in near.items() if len(e) == most}
            if hops == 1 and len(found) > 1 and said:
                # (the one leaving the entity named first and reaching the other, as linking keeps it: "the route
                # from Keflavik to Edinburgh", not the route back)
                low = question.lower()
                at = sorted((low.find(said[e].lower()), e) for e in ends if said.get(e) and said[e].lower() in low)
                if len(at) >= 2:
                    first, last = at[0][1], at[-1][1]
                    kept = {n for n in found if (first, n) in ties and (n, last) in ties}
                    found = {n: found[n] for n in kept} or found
            return found if len(found) <= MAX_VALUE_RECORDS else {}
        alone = [{n for n, e in near.items() if end in e and types.get(n) in ks} for end, ks in placed.items() if ks]
        if len(alone) == 1 and len(alone[0]) == 1:
            return {n: near[n] for n in alone[0]}
    return {}


# What a person's role in something is asked by (stems), and the words of a value that states one at most.
ROLE_STEMS = frozenset(stem(w) for w in ("role", "position", "title", "job", "post"))
ROLE_WORDS = 6


# What parts of a name are written between ("Account Management | Inactivity Logout", "Nonlocal Maintenance: X")
_NAME_PARTS = re.compile(r"\s*[|:/,()\[\]]\s*|\s+-\s+")
# ... of which one in brackets ending it tells namesakes apart by their kind ("Classy (nhóm nhạc)", the band; "Go
# Live (album)"): a question saying that kind names no such entity by it
_KIND_IN_BRACKETS = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")
# The words of a question that ask ("how much", "which"): they abbreviate no key's initials
_ASKING_WORDS = frozenset("how much many what which who whom whose when where why".split())


@dataclass(frozen=True)
class _Step:
    """One fact read from one end: from entity `at` to `to` (the other entity, or a property's value)."""

    fact: Fact
    at: str
    to: str
    value: bool  # `to` is a stated value (a property fact), not an entity
    relation: str  # what a repeat compares: the relation, or the property key
    words: frozenset[str]  # question words it states: relation or key, the reached entity's type
    relation_words: frozenset[str]  # question words its relation or key states (without types)
    other: str | None = None  # a relationship property: the relationship's other end


@dataclass
class _Chain:
    steps: tuple[_Step, ...]
    covered: frozenset[str]
    pending: bool = False  # ends in a repeated relation that a later fact must justify
    key: tuple[Any, ...] = field(default=())


class ExtractiveReader(SyncGeneratorMixin):
    """Answers `question` from `facts` (triples and property facts); reports the facts it answered from."""

    def __init__(self, embedder: Embedder, chain_threshold: float = 0.5, fact_weight: float = 0.05) -> None:
        self.embedder = embedder
        self.chain_threshold = chain_threshold
        self.fact_weight = fact_weight
        self.name = "extractive-reader"
        self.is_language_model = False  # a deterministic reader: no synonyms asked of it, labelled as not an LLM
        self._vectors: dict[str, np.ndarray] = {}

    @property
    def params(self) -> dict[str, Any]:
        return {"reader": READER_VERSION, "embedder": self.embedder.name, "chain_threshold": self.chain_threshold,
                "fact_weight": self.fact_weight}

    def _embed(self, texts: list[str]) -> dict[str, np.ndarray]:
        missing = sorted({t for t in texts if t not in self._vectors})
        if missing:
            for text, vec in zip(missing, self.embedder.embed(missing), strict=True):
                self._vectors[text] = vec
        return {t: self._vectors[t] for t in texts}

    def _question_spans(self, question: str) -> list[str]:
        """1-3 word spans of the question outside bracketed entity mentions, without stopword-only spans."""
        text = re.sub(r"\[[^\]]*\]", " | ", question)
        spans: list[str] = []
        for part in text.split("|"):
            words = _norm(part).split()
            for n in (1, 2, 3):
                for i in range(len(words) - n + 1):
                    span = words[i:i + n]
                    if all(w in _STOP for w in span):
                        continue
                    s = " ".join(span)
                    if s not in spans:
                        spans.append(s)
        return spans or [_norm(question) or question]

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        if question is None:
            raise GenerationError("the extractive reader answers from structured facts: pass question= and facts=")
        t0 = time.perf_counter()
        answer, evidence = self._answer(question, list(facts))
        usage = Usage(calls=1, prompt_tokens=0, completion_tokens=0, seconds=time.perf_counter() - t0)
        return Generation(answer, usage, f"{self.name}/{READER_VERSION}", evidence)

    def _answer(self, question: str, facts: list[Fact]) -> tuple[str, list[str]]:
        if not facts:
            return UNKNOWN, []
        reading = _Reading(self, question, compound_keys_read(question, facts))
        return reading.called(*reading.answer())


# The nouns a key written as one lower-case word ends in ("birthplace", "releasedate", "starttime", "healthstatus",
# "hometown", "zipcode"): what the value is
_KEY_HEADS = ("place", "date", "time", "day", "year", "name", "status", "type", "town", "city", "country", "code",
              "number", "count", "rate", "score", "size", "price", "location")
_ONE_WORD_KEY = re.compile(r"[a-z]{7,}")


def compound_keys_read(question: str, facts: list[Fact]) -> list[Fact]:
    """`facts` with a property key written as one lower-case word read as its two words, where it ends in a noun of
    `_KEY_HEADS` after four letters or more and the question says the word before it ("where was Gong Li born":
    `birthplace` read "birth place", as `birth_place` is, so the place answers, not `birth` 1965-12-31; movie-qa,
    spent). Only where the question says the first word: "candidate" is no "candi date"."""
    said = {stem(w) for w in re.findall(r"[a-z]+", english_chinese(question).lower())}
    out = []
    for f in facts:
        if f.kind == "property" and _ONE_WORD_KEY.fullmatch(f.relation):
            head = next((h for h in _KEY_HEADS if f.relation.endswith(h) and len(f.relation) - len(h) >= 4), None)
            if head is not None and stem(f.relation[:-len(head)]) in said:
                f = replace(f, relation=f"{f.relation[:-len(head)]} {head}")
        out.append(f)
    return out


# A key that holds another name of its entity: its last word says a name ("displayName", "alias"; German's
# "Bezeichnung" and "Benennung", French's "nom", Spanish's "nombre", ...), or says one in a language it names by its
# code ("name_de", "Bezeichnung EN": a substance coded J05AB16 is named "remdesivir" there, and "zu welcher ATC-Gruppe
# gehört Remdesivir" named nothing the reader knew; swiss-medicines, spent)
_NAME_KEY = re.compile(r"(?:name|alias|label|bezeichnung|benennung|nom|nombre|nome|naam|navn|namn|nama)"
                       r"(?:[\s_]*(?:en|de|fr|it|es|pt|nl|sv|da|fi|pl|cs|ru|zh|ja|ko|ar|tr|el|hu|ro|la))?")


def _names_key(key: str) -> bool:
    """Whether a property key holds another name of its entity (`_NAME_KEY`, at the key's end)."""
    words = key_text(key).lower().split()
    return bool(words) and (_NAME_KEY.fullmatch(words[-1]) is not None or (
        len(words) > 1 and _NAME_KEY.fullmatch(" ".join(words[-2:])) is not None)
        or re.search(r"(name|alias|label)$", key.replace(" ", "").lower()) is not None)


# ... unless the question asks for the short form ("what is the abbreviation of Develop Sales Proposal")
_SHORT_FORM_ASKED = re.compile(r"\b(?:abbreviat\w*|acronyms?|initials|short\s+(?:name|form))\b", re.IGNORECASE)


def _titles_key(key: str) -> bool:
    """Whether a property key holds a title of its entity: one ending in "title" ("originalTitle"), or a title
    under a qualifier of its form ("titleNormalized": libreto-libraries, spent, where a book is displayed as its
    catalogue entry "R. Gocleni Experimentbuch. 1642." and the question types its normalised title
    "Experiment-Buch")."""
    if key.replace(" ", "").lower().endswith("title"):
        return True
    words = key_text(key).lower().split()
    return len(words) > 1 and "title" in (words[0], words[-1]) \
        and all(w == "title" or w in _TITLE_QUALIFIERS for w in words)


_TITLE_QUALIFIERS = frozenset("normalized normalised normal clean cleaned standard standardized standardised std "
                              "display sort sorted full short original official alt alternative main common".split())


def _spelt_out(other: str, name: str) -> bool:
    """Whether another name of an entity spells out what its name abbreviates: words, longer than the name ("Develop
    Sales Proposal" of "DSP 1.1.9.2"). A question naming an entity so names it as people call it, not by a code, and
    asks what the question says of it: tmf-frameworx, spent, answered "which process is Develop Sales Proposal a part
    of" with DSP 1.1.9.2 itself, the name its code was read to stand for."""
    return len(other.split()) >= 2 and len(other) > len(name)


# The heads of a code's compound ("Wikidata-ID", "ATC-Code", "Harris-Nummer"), German and English, as typed (folded)
_CODE_HEADS = frozenset("id nr no nummer number code kennung kennzahl schlussel".split())


_ID = stem("id")
_AGGREGATE_WORDS = frozenset("total average mean median maximum minimum max min overall".split())


def identifier_numbers(tokens: Sequence[str], nouns: set[str]) -> list[int]:
    """Where the question says "<noun> number" and the noun is a type's (`nouns`: the stems of the context's types'
    last words; a set number, a flight number): the number's positions, each naming what identifies the thing, as
    "code" does, so an `id` states it ("what is the set number of Utapau Troopers" is its `id` 75036-1, not its
    `Pieces` 83.0; lego-star-wars, spent), as retrieval states a label's id for it (Retriever's key facts). Not after
    another word ("the phone number of X" is its `phone`), and "the number of ...", "how many" and "total number"
    count, and name none."""
    return [i for i in range(1, len(tokens))
            if stem(tokens[i]) in _NUMBER_NOUNS and tokens[i - 1] not in WEAK
            and tokens[i - 1] not in _COUNT_WORDS | _AGGREGATE_WORDS
            and stem(tokens[i - 1]) in nouns and stem(tokens[i - 1]) not in _QUANTITY_STEMS]


# The fewest letters of a word clipped from a longer one ("telecom", "pharma"): shorter prefixes ("tele", "bio")
# begin too many words
CLIPPED_LETTERS = 6


def _clipped_from(word: str, whole: str) -> bool:
    """`clipped_from` at CLIPPED_LETTERS: "telecom" from "telecommunication", "pharma" from "pharmaceutical"."""
    return clipped_from(word, whole, CLIPPED_LETTERS)


def _noun_stem(word: str, vocabulary: set[str], language: str | None = None) -> str:
    """The stem of the noun a "which"/"what" asks for, as the graph says it: a schema word of another language
    (SCHEMA_WORDS) as its English word where the graph's vocabulary holds that and not the word itself ("¿A qué rama
    pertenece X?": a branch, the type IndustryBranch; read as "rama" it named no type and the reader answered with
    X's own description); so is a word of the question's language (`english_of`: "welches Amt" asks for a role)."""
    own = stem(word)
    if own in vocabulary:
        return own
    english = [stem(e) for e in (*SCHEMA_WORDS.get(word, ()), *english_of(word, language)) if stem(e) in vocabulary]
    return english[0] if english else own


# Words after which a name's head noun is said ("University of Oklahoma": a university), English and Romance/Germanic
_HEAD_ENDS = frozenset("of for in at on de du des del della di da von van".split())


def monthly_records(months: Mapping[tuple[int, int], str], known: Iterable[str], types: Mapping[str, str]
                    ) -> set[str]:
    """The entities of `known` that stand for a month the question names (`months`, (year, month) -> text): of a
    type whose names in the context each state one day, two distinct days at least and every one the first of its
    month (a monthly series, "Date 2022-07-01"), those whose day is the first of a month asked. Where any name of the
    type states another day it is a daily series, and its first day is only itself."""
    if not months:
        return set()
    by_type: dict[str, dict[str, tuple[int, int, int]]] = {}
    for n in known:
        days = value_dates(n)
        if len(days) == 1 and types.get(n):
            by_type.setdefault(types[n], {})[n] = next(iter(days))
    out: set[str] = set()
    for named in by_type.values():
        if len(set(named.values())) >= 2 and all(d == 1 for _, _, d in named.values()):
            out |= {n for n, (y, m, _) in named.items() if (y, m) in months}
    return out


# What stands between two entities a question offers to choose from: 还是 ("省级部门还是市级部门", a short word before
# it) or "or" ("a provincial or a city department", "Paris or London")
_ALTERNATIVE = re.compile(r"\s*[^\s，,。？?]{0,4}\s*还是\s*|\s*(?:\w+\s+)?or\s+(?:an?\s+|the\s+)?")


# A kind written before a colon opening a name: one or two words of letters ("DRUG: X", "Behavioral Therapy: Y");
# not a time ("12:30") or a reference ("Genesis 1:3")
_KIND_PREFIX = re.compile(r"([A-Za-z][A-Za-z-]+(?: [A-Za-z][A-Za-z-]+)?):\s+\S")


def _head_phrase(words: list[str]) -> list[str]:
    """A name's words up to its first preposition after the first word (`_HEAD_ENDS`): the phrase its head ends."""
    cut = next((i for i, w in enumerate(words) if w.lower() in _HEAD_ENDS and i > 0), len(words))
    return words[:cut]


def _head_stems(name: str) -> set[str]:
    """The stems of what a name says its entity is: its head noun, the last word before a preposition, numbers and
    ordinals aside ("University of Oklahoma": university; "World Championship 8th": championship), not a word that
    qualifies it ("Drug Hypersensitivity" is no drug: "which drug does Verapamil interact with" was answered by
    that condition; drug-interactions, spent). A name of one word is its own head."""
    words = _head_phrase(re.findall(r"[^\W_]+", name.lower()))
    head = [w for w in words if not re.fullmatch(r"\d+(?:st|nd|rd|th)?|(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})", w)]
    return content_stems(head[-1]) if head else set()


# A company's legal form ending its name ("Proto Labs, Inc.", "PagSeguro Digital Ltd.", "Siemens AG", "Renault
# S.A."): the name says the entity is a company, whatever its type is called (a Stock, an Issuer, an Organisation)
_LEGAL_FORM = re.compile(r"(?:,?\s+)(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|llp|plc|gmbh|ag|"
                         r"s\.?\s?a|s\.?\s?p\.?\s?a|s\.?r\.?l|n\.?v|b\.?v|a/?s|asa|ab|oy|oyj|k\.?k|pty|se)\.?$",
                         re.IGNORECASE)
_COMPANY_STEMS = frozenset(stem(w) for w in ("company", "firm", "corporation", "business", "enterprise", "issuer"))


def _type_words(typ: str) -> set[str]:
    """The stems a type's name says, a Chinese one's English words too (`CHINESE_WORDS`: 方名 says "formula",
    which "哪个方子" asks for; tcm-formulas, spent)."""
    text = key_text(typ)
    return content_stems(english_chinese(text) if CJK_LETTER.search(text) else text)


_TYPED_WORD = re.compile(r"[^\W_]+")
_HAS_LETTER = re.compile(r"[^\W\d_]")


def _node_of(fact: Fact) -> str | None:
    """The node a property fact is of (its id before the last PROPERTY_ID_SEPARATOR), else None."""
    if fact.kind != "property" or fact.via is not None or PROPERTY_ID_SEPARATOR not in fact.id:
        return None
    return fact.id.rsplit(PROPERTY_ID_SEPARATOR, 1)[0]


class _Reading:
    """One question over one context: the steps each fact offers, the chains they form, the best chain."""

    def __init__(self, reader: ExtractiveReader, question: str, facts: list[Fact]) -> None:
        self.reader, self.question, self.facts = reader, question, facts
        self._measured: dict[str, Fact] | None = None  # entity -> its one value (`_measurement`), read once
        types: dict[str, str] = {}
        # (every type a name has: two entities may share one, a user and a hashtag "DisruptJ20")
        all_types: dict[str, set[str]] = {}
        names: list[str] = []
        for f in facts:
            names.append(f.head)
            if f.head_type:
                types.setdefault(f.head, f.head_type)
                all_types.setdefault(f.head, set()).add(f.head_type)
            if f.kind == "edge":
                names.append(f.tail)
                if f.tail_type:
                    types.setdefault(f.tail, f.tail_type)
                    all_types.setdefault(f.tail, set()).add(f.tail_type)
            elif f.via is not None:
                names.append(f.via[1])
        known = set(names)
        self.types = types
        self.all_types = all_types
        # a Korean name typed without the type word written onto its end ("래미안원베일리는" for 래미안원베일리아파트)
        # is read as the name, as linking links it through the name index's short names
        question = complete_names(question, known)
        # a name with a Korean particle written onto it ("교황청에") is read as the name, as linking links it
        name_words = {t for n in names for t in key_tokens(n)}
        def a_name_word(w: str) -> bool:
            return bool(key_tokens(w)) and set(key_tokens(w)) <= name_words
        question = detach_particles(question, a_name_word)
        # ... and a name typed as words the graph writes as one ("Krumme Lanke": "KrummeLanke"), as linking reads it;
        # not where another name an entity holds, a title or a name under a key, says them apart: "Experiment-Buch"
        # is R. Gocleni Experimentbuch. 1642.'s `titleNormalized` (libreto-libraries, spent, read "ExperimentBuch"
        # and mentioned nothing)
        name_words |= {t for f in facts if f.kind == "property" and f.via is None
                       and (_titles_key(f.relation) or _names_key(f.relation)) for t in key_tokens(f.tail)}
        question = join_typed_names(question, a_name_word)
        # a name composed to tell namesakes apart ("Carolus Duran 1837") is answered as people call it
        self.called_as = {**{f.head: f.head_called for f in facts if f.head_called},
                          **{f.tail: f.tail_called for f in facts if f.kind == "edge" and f.tail_called}}
        # ... and the name people call it by, where one entity of the context alone is called so ("端午节" of
        # "端午节 3129"), names it in the question
        called_by: dict[str, set[str]] = {}
        for entity, name in self.called_as.items():
            if name != entity:
                called_by.setdefault(name, set()).add(entity)
        called_names = {name: next(iter(ents)) for name, ents in called_by.items() if len(ents) == 1}
        # ... and a name inside a run of Chinese or Japanese letters is a word of its own, as linking reads it; so is
        # a relation's or a key's name written in those letters ("西安鼓乐的名录序号是多少": the item's `序号`, which
        # the run hid; china-intangible-heritage, spent, answered its protecting unit)
        spelt_keys = {f.relation for f in facts if CJK_LETTER.search(f.relation) and len(f.relation) >= 2}
        # (what a name says after its kind and a colon is a name typed too, "巡飞弹" of "终极技能：巡飞弹", below)
        rests: dict[str, set[str]] = {}
        for n in known:
            rest = labelled_rest(n)
            if rest is not None and rest not in known:
                rests.setdefault(rest, set()).add(n)
        labelled = {r: next(iter(ns)) for r, ns in rests.items() if len(ns) == 1}
        # (... and a name without the capitals the names of its type in the context begin with, "Netflix" of
        # "CNNetflix", as the name index holds it (NameIndex._add_unprefixed); the context may hold one of them)
        of_type: dict[str, list[str]] = {}
        for n in sorted(known):
            if types.get(n):
                of_type.setdefault(types[n], []).append(n)
        unprefixed: dict[str, set[str]] = {}
        for ns in of_type.values():
            prefix = label_prefix(ns, len(ns), least=1)
            for n in ns:
                rest = n[len(prefix):] if prefix is not None and n.startswith(prefix) else ""
                if rest and rest not in known:
                    unprefixed.setdefault(rest, set()).add(n)
        labelled.update({r: next(iter(ns)) for r, ns in unprefixed.items() if len(ns) == 1 and r not in labelled})
        # (... and each script of a name written in two, "東京地裁" of "東京地裁 Tokyo Local Court"
        # (NameIndex._add_bilingual))
        scripts: dict[str, set[str]] = {}
        for n in known:
            for part in bilingual_parts(n) or ():
                if part not in known:
                    scripts.setdefault(part, set()).add(n)
        labelled.update({r: next(iter(ns)) for r, ns in scripts.items() if len(ns) == 1 and r not in labelled})
        # (... and a company written in Chinese or Japanese letters without its legal form, a name of dotted parts
        # in those letters without its dots, "四川路桥建设集团" of 四川路桥建设集团股份有限公司, "金凯瑞" of "金·凯瑞"
        # (NameIndex._add_declared); listed-company-profiles, spent, linked the company and answered another's
        # employees, the question naming none it knew)
        shorter: dict[str, set[str]] = {}
        for n in known:
            for short in cjk_short_forms(n):
                if short not in known:
                    shorter.setdefault(short, set()).add(n)
        labelled.update({r: next(iter(ns)) for r, ns in shorter.items() if len(ns) == 1 and r not in labelled})
        # (a key's Hangul word typed with a space inside, "노선 연장" for `노선연장_m`, is that word)
        question = join_spaced(question, {w for f in facts for w in f.relation.split()}
                               | {w for t in types.values() for w in key_text(t).split()})
        question = set_apart(question, known | set(called_names) | spelt_keys | set(labelled))
        self.question = question
        # another name an entity holds (a display name beside a login: "Izetta Millikin" of
        # IzettaMillikin146@TestCompany.Local) mentions it as its name does
        other_names = {f.tail: f.head for f in facts if f.kind == "property" and f.via is None
                       and _names_key(f.relation) and f.tail != f.head}
        # ... and a title one entity of the context holds (an artwork named by its page, "Marble statue of a wounded
        # Amazon" its title; met-fashion, spent), not one several share ("Evening dress")
        titles: dict[str, set[str]] = {}
        for f in facts:
            if f.kind == "property" and f.via is None and _titles_key(f.relation) and f.tail != f.head:
                titles.setdefault(f.tail, set()).add(f.head)
        other_names.update({t: next(iter(h)) for t, h in titles.items() if len(h) == 1 and t not in other_names})
        # (not a name that is another entity's own in the context: the holder copies the name of what it refers to,
        # a signature's `pert_iname` "cytarabine", the Drug it was recorded for; lincs-lymphoma, spent, read
        # "which signature was recorded for cytarabine" as naming the signature)
        other_names = {o: h for o, h in other_names.items() if o not in known}
        # ... and so does a name a record holds in a node of its own ("Station DE000MH -NAMED-> München Hbf": the
        # register's operation point and its name): the record is what the name is said of
        self.naming = {f.head: (f.tail, f.id) for f in facts if f.kind == "edge" and f.head != f.tail
                       and _NAMING.fullmatch(f.relation.strip().lower()) and _record_named(f.head, types.get(f.head))}
        other_names.update({tail: head for head, (tail, _) in self.naming.items()})
        # ... and so does the name people call it by, where its own was composed ("西安鼓乐" names "西安鼓乐 435":
        # china-intangible-heritage, spent, mentioned nothing and answered the item's name for its list number)
        other_names.update({c: e for c, e in called_names.items() if c not in other_names})
        # ... and so does a name node of its own, the end of a naming relationship from it alone (宝鸡 of 宝鸡市's
        # 中文名), as linking reads it (Linker._named_by): the entity named is the question's, not its name
        # (china-cities, spent: chains began at the name node and ran out of length before the province's facts)
        name_of: dict[str, set[str]] = {}
        for f in facts:
            if f.kind == "edge" and f.head != f.tail and naming_relation(f.relation):
                name_of.setdefault(f.tail, set()).add(f.head)
        name_nodes = {n: next(iter(h)) for n, h in name_of.items() if len(h) == 1}
        other_names.update({n: e for n, e in name_nodes.items() if n not in other_names})
        # ... and what a name says after its kind and a colon ("巡飞弹" of "终极技能：巡飞弹"), where one name of the
        # context says it, as the name index holds it (NameIndex._add_labelled)
        other_names.update({r: n for r, n in labelled.items() if r not in other_names})
        said = mention_words(question, names + sorted(other_names), set(types.values()), types)
        self.mentioned = {n for n in said if n in known and n not in name_nodes} \
            | {other_names[n] for n in said if n in other_names}
        # a product typed "<name> by <maker>" ("Gasolin by Rammstein") is the one named with both ("Gasolin Rammstein
        # for women and men"), as linking named it (select_made_by)
        if " by " in question and said:
            makers = [LinkedEntity(Node(n, n), "exact", 1.0, w) for n, w in said.items() if w and n in known]
            made = select_made_by(question, [(Node(n, n, type=types.get(n)), 1.0) for n in sorted(known)], makers)
            said.update({le.node.name: le.mention for le in made})
            self.mentioned |= {le.node.name for le in made}
        # a case typed by its parties ("Belkin v. Kappos") is the citation named so ("Belkin Intl, Inc. v. Kappos,
        # 696 F.3d 1379 ..."), as linking named it (select_cases); its "v." names nothing
        if case_parties(question):
            cases = select_cases(question, [(Node(n, n, type=types.get(n)), 1.0) for n in sorted(known)])
            versus = {n for n, w in said.items() if versus_word(question, w or "")}
            # (a case named is a whole name: the parts of other names are not read then, as linking reads none)
            if cases:
                versus |= set(said) - set(mention_words(question, names + sorted(other_names), set(types.values()),
                                                        types, parts=False))
            self.mentioned -= versus | {other_names[n] for n in versus if n in other_names}
            said = {n: w for n, w in said.items() if n not in versus}
            said.update({le.node.name: le.mention for le in cases})
            self.mentioned |= {le.node.name for le in cases}
        # a month typed without a day ("July 2022") names the record of a monthly series that the context names by
        # its first day ("Date 2022-07-01"), as linking named it (Linker._monthly_properties); the year typed inside
        # the month names no Year of its own (dutch-weather-sales, spent: every chain began at Year 2022)
        month_texts = question_month_texts(question)
        monthly = monthly_records(month_texts, known, types)
        inside = list(month_texts.values()) if monthly else []
        if monthly:
            self.mentioned = {n for n in self.mentioned if not (said.get(n) and only_inside(question, said[n], inside))}
            self.mentioned |= monthly
        # where the question names no entity, a value it types whole, with letters, names the one entity of the
        # context that holds it, as linking links a record by what it holds (Linker's `held` values): "which set has
        # the Titanium Metallic piece" asks about the Part whose Colour it is (lego-star-wars, spent: nothing was
        # mentioned and the fact closest to the words answered, a set's piece count)
        if not self.mentioned:
            value_holders: dict[str, set[str]] = {}
            for f in facts:
                if f.kind == "property" and f.via is None and len(f.tail.strip()) >= 4 and _HAS_LETTER.search(f.tail):
                    value_holders.setdefault(f.tail, set()).add(f.head)
            held = {v: next(iter(h)) for v, h in value_holders.items() if len(h) == 1}
            # (not a value typed as the noun a "which" or "what" asks for: "in which cell line was CEP57's
            # expression changed" asks for a cell line, the `cell_type` of the one in the context; lincs-lymphoma,
            # spent)
            # (an ampersand typed as "and" too, as linking reads it: `record_text_spans`)
            typed_as = {v.replace(" & ", " and "): v for v in held if " & " in v}
            values_said = {typed_as.get(v, v): w for v, w in mention_words(question, sorted({*held, *typed_as}),
                                                                            parts=False).items()
                           if w and not re.search(rf"\b(?:which|what)\s+{re.escape(w)}", question, re.IGNORECASE)}
            if values_said:
                said.update(values_said)
                other_names.update({v: held[v] for v in values_said})
                self.mentioned = {held[v] for v in values_said}
        # a name of Chinese or Japanese letters typed in part ("武汉大学雷军科技楼入驻改造工程项目" of a tender's
        # notice), as linking reads it (NameIndex.cjk_parts): the names sharing the longest run with the question
        if not self.mentioned and CJK_LETTER.search(question):
            typed_in_part = cjk_parts(question, sorted(known))
            if typed_in_part:
                said.update(typed_in_part)
                self.mentioned = set(typed_in_part)
        # a one-word name typed in lower case beside a name written with capitals ("how much of the Blue Moon's
        # taste is chocolaty") mentions its entity where a fact ties it to a mentioned one, directly or through one
        # other, as linking reads it (Linker._lowered_beside)
        # (the question's positions its mentions cover, as select_whole's would be)
        said_words = {t for m in said.values() if m for t in key_tokens(m)}
        covered = {i for i, t in enumerate(key_tokens(question.replace("[", " ").replace("]", " "))) if t in said_words}
        if self.mentioned:
            lowered = lowered_names(question, [Node(n, n) for n in sorted(known - self.mentioned)], covered)
            if lowered:
                ties = self._tied
                near = set(self.mentioned) | {n for m in self.mentioned for n in ties.get(m, ())}
                self.mentioned |= {node.name for node, _ in lowered if ties.get(node.name, set()) & near}
            # ... and one stored in lower case, tied to a mentioned entity itself ("how much walnut do I need for the
            # Brownie": its INGREDIENT walnut; recipe-book, spent), as linking reads it
            # (not a word the facts' relations and keys ask with: a tag "director" of a film is read as the question's
            # word, as linking reads the mapping's words)
            asked_with = frozenset(st for f in facts for st in content_stems(key_text(f.relation)))
            stored_lower = lowered_names(question, [Node(n, n) for n in sorted(known - self.mentioned)], covered,
                                         asked_with, stored_lower=True)
            if stored_lower:
                tied = {f.tail for f in facts if f.kind == "edge" and f.head in self.mentioned} \
                    | {f.head for f in facts if f.kind == "edge" and f.tail in self.mentioned}
                self.mentioned |= {node.name for node, _ in stored_lower if node.name in tied}
        # a place named by its adjective ("the Panamanian coffee": Panama), as linking reads it (select_demonyms): of a
        # type that is a place, or whose name a fact states under a place's key (an Origin's `country`)
        place_named = {f.head for f in facts if f.kind == "property" and f.via is None and f.tail.strip() == f.head
                       and content_stems(key_text(f.relation)) & PLACE_TYPES}
        places = [(Node(n, n, type=types.get(n)), 1.0) for n in sorted(known - self.mentioned)
                  if n in place_named or (types.get(n) and content_stems(key_text(types[n])) & PLACE_TYPES)]
        if places:
            self.mentioned |= {le.node.name for le in select_demonyms(question, places, covered)}
        # (a record named by the two it is between: their relations to it are what is asked, "who won Arsenal v
        # Leicester City", never known)
        self.between = records_between(question, said, names, types)
        self.mentioned |= self.between
        # a code the question types (letters and digits: "truck 1421412P") that a fact of an entity states names that
        # entity, as linking named it by that code
        # (or three or more capitals, "JPN", as Linker._by_code reads them)
        self.codes = {t.lower() for t in re.findall(r"[\w.-]+", question)
                      if (re.search(r"\d", t) and re.search(r"[^\W\d_]", t)) or re.fullmatch(r"[A-Z]{3,}", t)}
        # ... and a code cited with an abbreviation's dots ("H.R. 100") that a fact states without them, or with a
        # qualifier ("hr100-114"), as Linker._by_cited_code named it
        cited = cited_codes(question)
        if cited:
            self.codes |= {f.tail.strip().lower() for f in facts if f.kind == "property" and f.via is None
                           and cited_head(f.tail.strip()) in cited}
        # so does a value typed after the entity's type ("complaint 4866226": the Complaint whose id is 4866226) or
        # after its own key ("division 395": the Motion whose division is 395), as linking named it by its label and
        # key or by that fact (Linker._by_label_and_key, Linker._by_fact_and_value)
        # (one tokenisation, read in lower case and as typed: the capital rule below reads the same positions)
        cased = re.findall(r"[\w.-]+", question)
        words = [w.lower() for w in cased]
        typed_after = {(words[i], words[i + 1].strip(".")) for i in range(len(words) - 1)}
        # (a word saying a number between them is skipped, as linking does: "area number 12")
        typed_after |= {(words[i], words[i + 2].strip(".")) for i in range(len(words) - 2)
                        if words[i + 1] in NUMBER_MARKERS}
        # ... or a name typed with a capital before its key's word ("the Egina field": the contract whose field is
        # Egina, as linking named it; nigeria-oil-contracts, spent, read no contract as the question's)
        typed_after |= {(words[i + 1], words[i].strip(".")) for i in range(1, len(words) - 1)
                        if cased[i][:1].isupper() and words[i + 1] not in _STOP}
        code_words: set[str] = set()
        # (a value names its entity only where no other entity of the context holds it under that key: "pull
        # request closed" types no pull request, where 49 are in state "CLOSED")
        holders: dict[tuple[str, str], set[str]] = {}
        for f in facts:
            if f.kind == "property" and f.via is None:
                holders.setdefault((f.relation, f.tail.strip().lower()), set()).add(f.head)
        # (a value that is the whole name of an entity the question names is a copy of that name: "the family
        # Koralionastetaceae" names the family, not the one genus whose `family` copies its name)
        named_whole = {n.strip().lower() for n in self.mentioned}
        for f in facts:
            typ = types.get(f.head)
            if f.kind != "property" or f.via is not None \
                    or len(holders[(f.relation, f.tail.strip().lower())]) > 1 \
                    or (f.tail.strip().lower() in named_whole and f.head not in self.mentioned):
                continue
            # (any word of the key but a stopword: "racket model 15" types the model id 15)
            said_by = (key_text(typ).lower().split()[-1:] if typ else []) + [
                w for w in key_text(f.relation).lower().split() if w not in _STOP]
            typing = [t for t in said_by if (t, f.tail.strip().lower()) in typed_after]
            if typing:
                self.codes.add(f.tail.strip().lower())
                # the key's word the question typed the value after names the entity, it asks nothing ("call at
                # stop 6": the calling point whose stop number is 6; "stop" then asks for no stop number)
                code_words.update(stem(t) for t in typing)
        # a bare number (3+ digits, not a quantity's: "train 15701") that one record of the context is named by
        # (its type's words, then the number: "Trip 15701") names it, as linking named it by its key
        # (Linker._by_record_number); a fact stating the number (its key) then only says what the question says
        for number in record_numbers(question):
            if only_inside(question, number, inside):
                continue  # the year of a month that names a monthly record (above)
            by_name = {n for n in known if types.get(n) and n.split()[-1] == number
                       and set(key_tokens(n)[:-1]) <= set(key_tokens(key_text(types[n])))}
            if len(by_name) == 1:
                self.codes.add(number)
                self.mentioned |= by_name
        # (three or more capitals typed just before a name the question says, with at most one word in lower case
        # between, qualify that name, they name nothing: "which case is cited in MPEP 2730" names section 2730, not
        # the one case of the context whose `source` is "MPEP"; uspto-patent-manual, spent. After a name they
        # still name their own entity: "from Longyearbyen LYR", the airport)
        # (the tokens `cased` holds, as typed)
        starts = {key_tokens(w)[0] for w in said.values() if w and key_tokens(w)}
        capitals = {t.lower() for i, t in enumerate(cased) if re.fullmatch(r"[A-Z]{3,}", t) and any(
            j < len(cased) and key_tokens(cased[j])[:1] == (w,) and (j == i + 1 or cased[i + 1].islower())
            for j in (i + 1, i + 2) for w in starts)}
        # (... nor does a code typed as a part of a name the question says whole: the "LEO" of "LEO 1", a computer,
        # is not J. Lyons and Co, whose `abbr` is LEO; computer-history, spent, read on from the company as named and
        # answered "when was the company that built the LEO 1 founded" with another company; as initials above)
        whole = [f" {' '.join(key_tokens(w))} " for w in said.values() if w]
        spaced_codes = {c: f" {' '.join(key_tokens(c))} " for c in self.codes if key_tokens(c)}
        in_names = {c for c, spaced in spaced_codes.items() if any(spaced in w and spaced != w for w in whole)}
        by_code_value: dict[str, set[str]] = {}
        for f in facts:
            if f.kind == "property" and f.via is None and f.tail.strip().lower() in self.codes - capitals - in_names:
                by_code_value.setdefault(f.tail.strip().lower(), set()).add(f.head)
        # (a code held by one entity and by every entity related to it is that one's: the others hold a copy of it,
        # a foreign key beside the relationship, "PSOL" as the siglaPartido of each of the party's deputies;
        # camara-deputados, spent: the nine holders took "the full name of the party PSOL" for a deputy's)
        self.code_copies = {h for holders in by_code_value.values() for h in _copy_holders(holders, facts)}
        # (... and so do the others where one holder is named by the code itself: "the family Koralionastetaceae" is
        # the family, whose `scientificName` it is, not the one genus whose `family` copies it; the two are tied
        # both ways, so no one holder is the tie of all; sordariomycetes-taxonomy, spent, read the genus as named
        # and answered the family's parent)
        self.code_copies |= {h for code, holders in by_code_value.items()
                             if any(n.strip().lower() == code for n in holders)
                             for h in holders if h.strip().lower() != code}
        by_code_named = {h for holders in by_code_value.values() for h in holders} - self.code_copies
        # (an entity named by its code is named whole: the parts of other names are not read then, as linking reads
        # none where a code linked ("the likelihood of exploit of CWE-352": no "Exploit Script-Based APIs" by its
        # first word; mitre-attack, spent))
        if by_code_named and said and not mention_words(question, names + sorted(other_names), set(types.values()),
                                                        types, parts=False):
            self.mentioned -= set(said) | {other_names[n] for n in said if n in other_names}
            said = {}
        self.mentioned |= by_code_named
        # a text the question quotes that a fact of an entity states whole names that entity ("the commit "Update
        # installation.rst (#2116)"": the commit with that message), as linking named it (Linker._records_by_value);
        # a name said only inside the quote is not the question's ("Update installation.rst", a pull request)
        # (a quote that is a mentioned entity's whole name names it, as linking reads it)
        quotes = {q.lower() for t in quoted_texts(question) for q in (t, t.rstrip("."))
                  if not any(_norm(w) == _norm(t) for w in said.values() if w)}
        # (a title stored in its own quotes, "\"Carnival Dress\"", as a catalogue writes a named work's, is the text
        # quoted: typed_values reads it so)
        # (... or one stored in its quotes before what the thing is, "\"La Sirène\" Evening dress")
        by_quote = {f.head for f in facts if f.kind == "property" and f.via is None and _quotes_title(f.tail, quotes)}
        if by_quote:
            self.codes |= {f.tail.strip().lower() for f in facts if f.head in by_quote and f.kind == "property"
                           and _quotes_title(f.tail, quotes)}
            self.mentioned -= {n for n, w in said.items() if n not in by_quote and w
                               and any(_norm(w) in _norm(q) and _norm(w) != _norm(q) for q in quotes)}
            self.mentioned |= by_quote
        # ... and so does a passage quoted from a longer text ("his tweet "Look how small the pages have become ...
        # Looks like a tabloid"": the tweet's text holds each piece, an ellipsis between them): the one entity whose
        # name holds every piece, as linking reads it (Linker's quoted passages; trump-tweets, tune); a name said only
        # inside the quote (@USCG of "Thank you @USCG!") is not the question's
        self.passages: set[str] = set()
        self.described: set[str] = set()
        for quote in quoted_texts(question):
            pieces = quoted_pieces(quote) if len(quote.split()) >= 4 else []
            held_by = [n for n in known if pieces and all(p in _flat_text(n) for p in pieces)]
            if len(held_by) == 1 and held_by[0] not in by_quote:
                self.passages.add(held_by[0])
        if self.passages:
            self.mentioned -= {n for n, w in said.items() if n not in self.passages and w
                               and any(_norm(w) in _norm(q) and _norm(w) != _norm(q) for q in quotes)}
            self.mentioned |= self.passages
        self.quote_words = {st for q in quotes for st in content_stems(q)} if by_quote or self.passages else set()
        # ... and a record the question describes by the words of a text it holds, unquoted ("which account tweeted
        # that Gary Cohn should be fired immediately for his public attack on the president"), as linking reads it
        # (Linker._records_described): the one entity whose text holds the most of the question's own words, where
        # that is enough; those words say what it says, they ask nothing (russian-troll-tweets, spent)
        if not by_quote and not self.passages:
            schema_words = {st for f in facts for st in content_stems(key_text(f.relation))} | {
                st for t in set(types.values()) for st in _type_words(t)}
            d_words = described_words(question, [w for w in said.values() if w], frozenset(schema_words))
            d_texts = [(described_by(d_words, f.tail), f.head) for f in facts if f.kind == "property" and f.via is None
                     and len(f.tail) >= DESCRIBED_TEXT and f.head not in self.mentioned] \
                if len(d_words) >= DESCRIBED_WORDS else []
            d_best = max((h for h, _ in d_texts), default=0)
            d_holders = {n for h, n in d_texts if h == d_best}
            if described_enough(d_best, d_words) and len(d_holders) == 1:
                self.mentioned |= d_holders
                self.described = d_holders
                self.quote_words |= set(d_words)
                # (the text it was described by restates the question: no answer, as a quoted one is none)
                self.codes |= {f.tail.strip().lower() for f in facts if f.head in d_holders and f.kind == "property"
                               and f.via is None and len(f.tail) >= DESCRIBED_TEXT
                               and described_by(d_words, f.tail) == d_best}
        # ... or a record whose name states the number typed after its type ("case 200100509": "Case 1/4/2020 0:00
        # 200100509"), as linking named it by label and key: with or without the fact that stores it, so that fact,
        # which only says what the question says, never decides the answer
        # (a word of its key may come between, which the context does not state: "racket model 87", the Racket
        # keyed by modelID named "Racket 87", as linking reads the key's words there; any one word but a stopword)
        by_key_word = typed_after | {(words[i], words[i + 2].strip(".")) for i in range(len(words) - 2)
                                     if words[i + 1].isalpha() and words[i + 1] not in _STOP}
        for n in known:
            typ = types.get(n)
            if typ and any((t, tok) in by_key_word for t in key_text(typ).lower().split()[-1:]
                           for tok in re.findall(r"[\w.-]+", n.lower()) if any(c.isdigit() for c in tok)):
                self.mentioned.add(n)
        # and a record named by its type and a day ("Chart 2019-04-05") that the question names by both ("the chart
        # of 2019-04-05"), as linking named it by that value: it is the question's, never its answer
        self.q_days = question_dates(re.sub(r"\[[^\]]*\]", " ", question))
        said_stems = content_stems(question)
        by_day = {n for n in known if self.q_days and types.get(n) and value_dates(n) & self.q_days
                  and content_stems(key_text(types[n])) & said_stems}
        # ... or by its type and a day one of its facts stores, typed as stored ("the match on 5/26/2013": the match
        # whose date is "5/26/2013", named "match 457"), as linking named it by that value (typed_values.written)
        by_day |= {f.head for f in facts if f.kind == "property" and f.via is None and self.q_days
                   and types.get(f.head) and value_dates(f.tail) & self.q_days
                   and re.search(rf"(?<![\w/.]){re.escape(f.tail.strip())}(?![\w/]|\.\d)", question)
                   and content_stems(key_text(types[f.head])) & said_stems}
        self.mentioned |= by_day
        # a word typed in capitals abbreviates the one name of the context with those initials ("the UK": United
        # Kingdom), as linking reads it (xgrag.retrieval.name_index.initials_of)
        self.initials: dict[str, str] = {}
        by_initials: dict[str, set[str]] = {}
        for name in known:
            letters = initials_of(name)
            if letters is not None:
                by_initials.setdefault(letters, set()).add(name)
        # (not a part of a name the question says whole: the "J.J." of "J.J. Watt" is no Johnathan Joseph;
        # nfl-rosters, spent)
        whole = [f" {' '.join(key_tokens(w))} " for w in said.values() if w]
        for token in capital_words(question):
            found = by_initials.get(token.replace(".", ""), set())
            typed = f" {' '.join(key_tokens(token))} "
            if any(typed in w and typed != w for w in whole):
                continue
            if len(found) == 1 and token not in names:
                self.initials[next(iter(found))] = token
        self.mentioned |= set(self.initials)
        # a record of a kind the question says, joined to two it names ("the 400 kV line between A and B") or placed
        # at one ("the ICT at Korba (W)"), once the question's other entities are known (a quote may name one of
        # that kind itself)
        self.joined = records_joining(question, self.mentioned, facts, types, said)
        self.mentioned |= set(self.joined)
        # the entities the question names by a code or initials alone, never by a name of theirs, each with the
        # fact that states that code (None for initials no fact states): what such a question may ask is the name
        # ("which drug has the KEGG code D01211", "what does SD stand for")
        # (another name it holds, "SD" under shortName, is such a code: its name is what "stand for" asks)
        by_name = {n for n in said if n in known}
        typed_codes = self.codes | {t.lower() for t in self.initials.values()}
        self.by_code: dict[str, str | None] = {}
        for f in facts:
            if f.kind == "property" and f.via is None and f.head not in by_name and f.head not in self.code_copies and (
                    f.tail.strip().lower() in typed_codes
                    or (f.tail in said and other_names.get(f.tail) == f.head and f.tail not in called_names
                        and not (_spelt_out(f.tail, f.head) and not _SHORT_FORM_ASKED.search(question)))):
                # (the name people call it by, "宣纸制作技艺" of "宣纸制作技艺 2430", is its name, no code)
                self.by_code.setdefault(f.head, f.id)
        for name in self.initials:
            if name not in by_name:
                self.by_code.setdefault(name, None)
        # (German question words read as the English ones, and in a German question its function words too: the
        # words of the names it says aside, "von der Leyen" makes no question German)
        # (... and a Chinese question's words outside its names, where the graph's words are English)
        unsaid = question
        for w in sorted((w for w in said.values() if w), key=len, reverse=True):
            unsaid = re.sub(re.escape(w), " ", unsaid, flags=re.IGNORECASE)
        self.german = reads_german(unsaid)
        # (a Vietnamese question's question word said first in English, its words read in English beside them; and the
        # keys of its graph, written in Vietnamese without their marks, read in English as well for their kind)
        self.vietnamese = reads_vietnamese(unsaid)
        # (... each of its words one word with its English: the stems of both count once in a chain)
        self.one_word: dict[str, str] = {}
        for typed, said_in_english in (listed_words(question, [w for w in said.values() if w]) if self.vietnamese
                                       else []):
            stems = content_stems(fold_marks(typed)) | content_stems(" ".join(said_in_english))
            for st in stems:
                self.one_word.setdefault(st, min(stems))
        plain = re.sub(r"\[[^\]]*\]", " ", question)
        plain = english_vietnamese(plain, [w for w in said.values() if w]) if self.vietnamese else plain
        plain = english_chinese(english_function_words(english_interrogatives(plain), self.german), known)
        # ... and a German, Norwegian, Danish, Swedish or Korean question's words of what graphs hold, in English
        # beside themselves (outside the names it says), where the graph's words are English
        self.language = question_language(unsaid)
        as_typed = plain
        plain = english_words(plain, self.language, [w for w in said.values() if w])
        # where the question names each entity it mentions (by its words)
        self.said_at = {n: question.lower().find(w.lower()) for n, w in said.items() if w}
        # ... and the words themselves, for each entity they name (through another name it holds too)
        self.mention_of = {n: w for n, w in said.items() if w and n in known}
        self.mention_of.update({other_names[n]: w for n, w in said.items() if w and n in other_names})
        # an entity named after "besides", "other than", "apart from", "except" is one the question sets aside: not
        # an entity the answer's chain must touch, and never the answer ("what type is Mega Ampharos besides
        # Electric": its other type; "who has X co-authored with besides Y"); its words ask nothing either
        # (the words as said, folded: "pfizer biontech" is typed "Pfizer/BioNTech")
        self.excluded = {n for n, w in said.items() if n in self.mentioned and w and re.search(
            rf"\b{_EXCLUDING}\s+(?:the\s+|an?\s+)?" + r"[\W_]+".join(re.escape(t) for t in w.lower().split()),
            question.lower())}
        if self.excluded and self.mentioned - self.excluded:
            self.mentioned -= self.excluded
        else:
            self.excluded = set()
        # the question's words that may name a relation, a key or a type: outside the names of the entities it
        # mentions and the types of those ("the supplier Exotic Liquids": "supplier" says what it is, not what is
        # asked about it)
        own = {st for n in self.mentioned for st in content_stems(n) | self._type_stems(n)}
        # (... whichever of the entities of a name it is: "the #DisruptJ20 hashtag" says which of the user and the
        # hashtag called DisruptJ20 is named, it asks for no hashtag; russian-troll-tweets, spent)
        # (only the type word typed right beside the name, before or after it: "어떤 종류의 어항" asks for a kind of
        # fishing port, the type of the port named, and asks it; jeju-safe-tourism, tune)
        for n in self.mentioned:
            said_as = said.get(n) or self.mention_of.get(n)
            others = {st for t in all_types.get(n, set()) - {types.get(n)} for st in _type_words(t)}
            start = question.lower().find(said_as.lower()) if said_as else -1
            if said_as and others and start >= 0:
                beside = re.findall(r"\w+", question[:start])[-1:] \
                    + re.findall(r"\w+", question[start + len(said_as):])[:1]
                own |= others & content_stems(" ".join(beside))
        # the question's words outside the names it types: a type said there is asked about in its own right ("the
        # movies starred by actors in Women in Love": other movies than the one named; not "game 416"'s "game")
        # (nor is the type word typed right beside a name, "the Push Pull exercise", which says what the one named
        # is: exrx-exercises, spent, read another exercise's force through the cable both use)
        unnamed = plain.lower()
        for n, w in sorted(((n, w) for n, w in said.items() if w), key=lambda nw: len(nw[1]), reverse=True):
            at = unnamed.find(w.lower())
            if at >= 0:
                ahead, behind = unnamed[:at], unnamed[at + len(w):]
                last, nxt = re.search(r"(\w+)\W*$", ahead), re.match(r"\W*(\w+)", behind)
                if nxt and content_stems(nxt.group(1)) & self._type_stems(n):
                    behind = behind[nxt.end():]
                elif last and content_stems(last.group(1)) & self._type_stems(n):
                    ahead = ahead[:last.start()]
                unnamed = ahead + " " + behind
            unnamed = unnamed.replace(w.lower(), " ")
        self.unnamed_stems = content_stems(unnamed)
        # (each word's stems apart: `_others_said` counts how often a type's word is said)
        self.unnamed_word_stems = [content_stems(w) for w in re.findall(r"\w+", unnamed)]
        # (... except the words of a named entity that a key of another named entity says, where no fact of the
        # context ties the two: "the fibre in mung beans" names the nutrient "Chất xơ (Fiber)", and asks the beans'
        # `fiber_g`; vietnam-nutrition, spent, answered their fat once the nutrient was linked)
        # (only where an amount is asked, as of a substance: "is X a normal cell or a cancer cell" names the class
        # "Cancer cell" as an option, whatever X's `cancer_type` says; blood-cell-markers, spent)
        asked_kind = answer_kind(plain)  # (self.kind's start, below)
        keys_of: dict[str, set[str]] = {}
        for f in facts if asked_kind in ("amount", "count") else ():
            if f.kind == "property" and f.via is None and f.head in self.mentioned:
                keys_of.setdefault(f.head, set()).update(content_stems(key_text(f.relation)))
        edge_pairs = {frozenset((f.head, f.tail)) for f in facts if f.kind == "edge"}
        for named_one in self.mentioned:
            for key_holder, its_keys in keys_of.items():
                if key_holder != named_one and frozenset((named_one, key_holder)) not in edge_pairs:
                    own -= content_stems(named_one) & its_keys
        own |= {st for n in self.excluded for st in content_stems(n)} | self.quote_words
        own |= content_stems(" ".join(re.findall(_EXCLUDING, plain.lower())))
        own |= {st for n in said if n in other_names for st in content_stems(n)}
        own |= code_words
        # the relation between two entities the question names says how they relate, which it already knows ("the
        # episode How Lily Stole Christmas, written by Brenda Hsueh": the season asked is the episode's, not that of
        # another episode she wrote)
        # (its words only: a year in its type, VOTES_2005, still says which of their relationships) ... and where
        # two named entities are related in several ways, only the words all of those share: the others say which
        # one is asked ("Norway's GDP in 1994": GPD_IN_YEAR beside POPULATION_IN_YEAR and BUDJET_IN_YEAR)
        between: dict[frozenset[str], list[set[str]]] = {}
        for f in facts:
            if f.kind == "edge" and f.head in self.mentioned and f.tail in self.mentioned and f.head != f.tail \
                    and not {f.head, f.tail} & self.between:
                between.setdefault(frozenset((f.head, f.tail)), []).append(
                    {st for st in content_stems(self._relation(f)) if st.isalpha()})
        # (... but not the words a key of such a relationship says too: "the distance between Trincomalee and
        # Jaffna" asks its HAS_DISTANCE's `Distance_in_KM`, which the relation's "distance" names; sri-lanka-travel,
        # spent, answered another town the first is at a distance from)
        tie_keys: dict[frozenset[str], set[str]] = {}
        for f in facts:
            if f.kind == "property" and f.via is not None:
                tie_keys.setdefault(frozenset((f.head, f.via[1])), set()).update(content_stems(key_text(f.relation)))
        for pair, ways in between.items():
            own |= set.intersection(*ways) - tie_keys.get(pair, set())
        relations = sorted({self._relation(f) for f in facts})
        self.type_words = type_words = {st for t in set(types.values()) for st in _type_words(t)}
        # the kind an entity's own kind fact says it is ("Senate - 13th Congress" type "chamber", a Group): a noun a
        # "which" asks for names it as its type's would ("which chamber was X a member of"; philippine-congress,
        # tune, was answered with the Congress the chamber belongs to)
        self.kind_values: dict[str, set[str]] = {}
        # the keys an entity's own name is stated under (an Origin's `country` "Guatemala"): what it is, beside its type
        self.named_under: dict[str, set[str]] = {}
        for f in facts:
            if f.kind == "property" and f.via is None and f.tail.strip() == f.head.strip():
                self.named_under.setdefault(f.head, set()).add(key_text(f.relation))
        for f in facts:
            if f.kind == "property" and f.via is None and len(f.tail.split()) <= 3 and _kind_key(f.relation):
                self.kind_values.setdefault(f.head, set()).update(content_stems(f.tail))
            # ... and a truth under a key "is <kind>" ("is_drug" TRUE): the entity is one (t2d-net, spent: "which
            # diabetes drug is predicted to target X" is answered by the compound that is a drug)
            if f.kind == "property" and f.via is None and _TRUE.match(f.tail):
                truth_key = key_tokens(key_text(f.relation).lower())
                if len(truth_key) >= 2 and truth_key[0] == "is":
                    self.kind_values.setdefault(f.head, set()).update(content_stems(" ".join(truth_key[1:])))
        vocabulary = {st for r in relations for st in content_stems(self._key(r))} | type_words
        self.q_stems = stated_stems(plain, vocabulary) - own
        type_heads = {stem(words[-1]) for words in (key_tokens(key_text(t)) for t in set(types.values())) if words}
        # where "<type noun> number" is typed (`identifier_numbers`), read once: the stems and `_positions` read it
        self.identifier_at = identifier_numbers(key_tokens(plain), type_heads)
        if self.identifier_at:
            self.q_stems.add(_ID)
        # "how far", "how heavy": the dimension asked, where the graph's words say it
        self.dimension_stems = how_dimensions(plain) & vocabulary
        # ... and "how much <noun>", where a key says the noun: "how much light does X need" is its `light
        # requirement` "full sun to partial shade", however it is written (flora-graph, spent, answered a height 60)
        much_noun = re.search(r"\bhow much\s+([a-z]+)\b", plain.lower())
        if much_noun is not None and much_noun.group(1) not in WEAK \
                and not self._name_begins(plain.lower()[much_noun.start(1):]) and stem(much_noun.group(1)) in {
                    st for f in facts if f.kind == "property" for st in content_stems(key_text(f.relation))}:
            self.dimension_stems = self.dimension_stems | {stem(much_noun.group(1))}
        self.scale_stems = how_scale(plain)
        self.q_stems |= self.dimension_stems
        # a parent asked where the graph says the child's side ("Tyrion Lannister's father": Tyrion -SON_OF->
        # Tywin): the child's relation, read from the child, names the parent
        for word in re.findall(r"[a-z]+", plain.lower()):
            self.q_stems |= {stem(w) for w in _PARENT_OF_CHILD.get(word, ())} & vocabulary
        # ... and its adjective is no key's word where the graph says that dimension, alone or in a key written as
        # one word ("sectionlength"): "how long is the section" asks its length, not a longitude stored as "long"
        joined = {r.replace(" ", "").lower() for r in relations}
        adjectives = re.findall(r"\bhow\s+([a-z]+)", plain.lower())
        dimensions = {n for adjective in adjectives for n in HOW_DIMENSIONS.get(adjective, ())}
        for adjective in adjectives:
            nouns = HOW_DIMENSIONS.get(adjective, ())
            if {stem(n) for n in nouns} & vocabulary or any(n in r for n in nouns for r in joined):
                self.q_stems.discard(stem(adjective))
        # ... but a word formed from a type's ("packager", "packaged" beside the type Package) names a relation of
        # that stem (PACKAGED_BY), not the entity's type: kept where a relation says it
        # (the types' stems only: a relation between two named entities is not asked, however it is said)
        own_words = {w for n in self.mentioned
                     for w in re.findall(r"[a-z0-9]+", (n + " " + key_text(self.types.get(n) or "")).lower())}
        type_own = {st for n in self.mentioned for st in self._type_stems(n)} - {
            st for n in self.mentioned for st in content_stems(n)}
        relation_stems = {st for r in relations for st in content_stems(r)}
        # (not a word set before a name it describes: "the coach Amir Abdou" says what he is, as "the Manager" would;
        # "which club does Pepe Mel coach" asks his MANAGES; botola-pro-squads, tune)
        appositive = {m.group(1) for n in self.mentioned
                      for m in re.finditer(r"([a-z]+)\s+" + re.escape(n.lower()) + r"\b", plain.lower())}
        self.q_stems |= {stem(w) for w in re.findall(r"[a-z]+", plain.lower())
                         if w not in WEAK and w not in own_words and not (w.endswith("s") and w[:-1] in own_words)
                         and w not in appositive and stem(w) in type_own & relation_stems}
        # the subject of "how did the company respond to X", "what did the customer say": a type named after the
        # question's verb ("did the company") and before its own verb is who acts, not what is asked (the answer is
        # the response, not the company); its word is the subject's, as a seed's type is the seed's
        subject = _SUBJECT.match(plain.lower())
        if subject and subject.group(2) not in WEAK | _PREPOSITIONS:
            actor = stem(subject.group(1))
            if actor in type_words and _word_count(plain, subject.group(1)) == 1:
                self.q_stems.discard(actor)
        self.kind = asked_kind
        # Chinese and Japanese ask in place: "巩俐出生在什么地方" (born at what place) ends in its "where", which
        # answer_kind reads only opening the question or before its verb, as English writes it
        if self.kind is None and CJK_LETTER.search(question) and re.search(r"\bwhere\b", plain.lower()):
            self.kind = "place"
        # "whose" opening the question asks for someone, as "who" does ("whose unit of X did Crinacle test": its
        # `owner`, not its value 1; crinacle-iems, spent); inside one it opens a clause, and answer_kind leaves it
        if self.kind is None and re.match(r"\W*whose\b", plain.lower()):
            self.kind = "agent"
        # "how <word>" where the word names an entity of the context asks how much of that quality ("how spicy is
        # the coffee from Tanzania": the share its TASTES to the Flavor "Spicy" states; coffee-beans, spent)
        how = re.match(r"\W*how\s+([^\W\d_]+)\b", plain.lower())
        if self.kind is None and how and any(key_tokens(m) == (how.group(1),) for m in self.mentioned):
            self.kind = "amount"
        # "who painted X": the verb right after "who" is what the one asked for did; an entity reached whose type
        # says that word (a Painting, a Building, a Recording) is what was done, not who did it, so its type states
        # no word there (met-paintings, spent: "who painted the picture of Socrates" answered the painting, typed
        # Painting, before its artist)
        done = _WHO_VERB.match(plain.lower())
        self.who_verb: frozenset[str] = frozenset({stem(done.group(1))}) \
            if self.kind == "agent" and done and done.group(1) not in _AUXILIARIES else frozenset()
        plain_words = set(re.findall(r"[a-z]+", plain.lower()))
        self.link_asked = bool(plain_words & _LINK_WORDS)
        self.web_asked = bool(plain_words & (_LINK_WORDS - {"address"}))  # an address may be a street's
        # (a link between two things is a tie of the graph, no web address: "the SLAP score of the predicted link
        # between miglitol and sucrase-isomaltase"; t2d-net, spent)
        self.url_asked = bool(plain_words & (_WEB_WORDS - {"link", "links"})) or (
            bool(plain_words & {"link", "links"}) and re.search(r"\blinks?\s+between\b", plain.lower()) is None)
        # ... as is where a question ends by asking where it is online ("where can I find the Singapore Exchange's
        # board of directors online": its `url`; singapore-boards, spent, answered another key), not where "online"
        # qualifies a noun ("which online shop")
        online = _ONLINE.search(plain) is not None
        self.link_asked = self.link_asked or online
        self.web_asked = self.web_asked or online
        self.url_asked = self.url_asked or online
        self.picture_asked = bool(plain_words & _PICTURE_WORDS)
        # "where is X", "where are the stations": X's location is asked (not "where can I get X")
        self.located = re.match(r"\W*where\s+(?:is|are|was|were)\b", plain.lower()) is not None
        # ... and so does the name of the site the context's links are on ("where on Genius can I find the line":
        # its genius.com link; hip-hop-candidates, spent, answered with the song the line is in): where such a link
        # is asked, it is where the thing is
        links = [f.tail for f in facts if f.kind == "property" and _URL.match(f.tail)]
        sites = {m.group(1).lower() for link in links for m in [_SITE.search(link)] if m}
        self.sites_named = sites & (plain_words - WEAK)
        self.site_asked = bool(self.sites_named)
        # (an entity named as the site is, "Figure.NZ" beside figure.nz's links, is where the link is asked on, not a
        # second thing the question is about: chains need not touch it)
        hosts = {m.group(1).lower() for link in links for m in [_HOST.search(link)] if m}
        if self.site_asked and len(self.mentioned) > 1:
            self.mentioned -= {n for n in self.mentioned if re.sub(r"[^a-z0-9.-]", "", n.lower()) in hosts}
        self.link_asked = self.link_asked or self.site_asked
        # "the disease linked to X", "the package that provides X": a type named, then what ties it to the entity
        # named after it: what is asked is of a neighbour of that type, not of X itself
        self.via_type: str | None = None
        # ... and the words of the clause that ties it to that entity ("listed under" of "the saved place listed
        # under information") say that tie, the first fact: no later fact states them (japan-saved-places, spent:
        # "listed" read as the word of the place's `saved list`, answered "star")
        self.via_words: frozenset[str] = frozenset()
        self.spread: dict[tuple[Any, ...], int] = {}  # how many ends each chain's way reaches (`answer`)
        for m in _REFERRED.finditer(plain.lower()):
            later = [at for n in self.mentioned for at in [plain.lower().find(n.lower())] if at > m.start()]
            if stem(m.group(1)) in type_words and later:
                self.via_type = stem(m.group(1))
                self.via_words = frozenset(content_stems(plain.lower()[m.end(1):min(later)]) - type_words)
                break
        # ... and "the <named> <type>": the entity of that type tied to the one named, which the question asks about
        # ("who is the Caron perfume made for": the perfume HAS_BRAND Caron, then its target; fragrantica-perfumes,
        # spent, answered the perfume); not the named one's own type ("the Caron brand")
        if self.via_type is None:
            for n in sorted(self.mentioned):
                spelt = (self.mention_of.get(n) or n).lower()
                phrase = re.search(r"\bthe\s+" + re.escape(spelt) + r"\s+([a-z]+)\b", plain.lower())
                if phrase is not None and stem(phrase.group(1)) in type_words - self._type_stems(n):
                    self.via_type = stem(phrase.group(1))
                    break
        # "what is the tmux package": nothing is asked of the entity but what it is (no word beyond its name and type)
        # (a code the question names the entity by is no word asked of it: "what is disease H00131")
        # (... or what a rule, a control or a standard requires: "what does the safeguard Use Unique Passwords
        # require" asks its description, the requirement's text; cis-controls and nist-controls, spent, answered a
        # neighbour)
        requires = _REQUIRES.match(plain.lower())
        if requires is not None and self.kind is None:
            self.q_stems -= content_stems(requires.group(1))
        self.defines = bool(_WHAT_IS.match(plain.lower()) or requires) \
            and not self.q_stems - {stem(c) for c in self.codes} and self.kind is None
        self.asks_name = _NAME_ASKED.search(plain.lower()) is not None
        self.type_asked = _TYPE_ASKED.search(self.question) is not None
        form = _FORM.search(plain.lower())
        self.form = None if form is None else (
            int(form.group(1)) if form.group(1).isdigit() else _NUMBER_WORDS[form.group(1)], form.group(2))
        if form is not None:  # its words say the value's form, which a value of that form states (_kind_mark)
            self.q_stems -= content_stems(form.group(0))
        # what "how many" counts: a number under a key that names it is a count, though not a whole one ("how many
        # viewers": 7.64, in millions)
        # (in a compound its head: "how many IMDb votes" counts votes)
        # (a scale said before it is no part of it: "how many million US viewers" counts viewers, `views` 23.2, not
        # the episode's number; friends-episodes, spent)
        counted = re.search(r"\bhow many\s+(?:(?:hundred|thousand|million|billion|trillion)s?\s+(?:of\s+)?)?"
                            r"([a-z]+)(?:\s+([a-z]+))?", plain.lower())
        # (... and a verb after it is none: "how many viewers watched X" counts viewers, not "watched")
        head = None if counted is None else counted.group(2) if counted.group(2) and counted.group(2) not in WEAK \
            and not (counted.group(2).endswith("ed") and len(counted.group(2)) > 4) else counted.group(1)
        # (... not the English word read beside a word of the question's language: "hvor mange ansatte" counts the
        # `antall ansatte` its graph writes in Norwegian, not "employees"; nav-job-ads, spent, answered the orgnr)
        if counted is not None and counted.group(2) and counted.group(2) in english_of(counted.group(1),
                                                                                          self.language):
            head = counted.group(1)
        # "how many Lemon Grass Rg": a name the question mentions is what is counted, in units; none of its words is
        # a key's head
        if counted is not None and self._name_begins(plain.lower()[counted.start(1):]):
            head = None
        self.counted = stem(head) if head and head not in WEAK else None
        # "X's bandmate", "her teammates": another of X's kind in a group X is in
        self.mate_asked = _MATE.search(plain.lower()) is not None
        # "what does X make": the one entity named the subject of a verb of action (`_rank`'s closer), where the
        # question says nothing after the verb but a phrase of who it is done for ("to chip designers")
        self.acts_on = self._acted_with(re.fullmatch(
            r"\W*what\s+(?:do|does|did)\s+(?:the\s+)?(?P<name>.+?)\s+(?P<verb>[a-z]+)(?:\s+(?:to|for)\s+[^?]*)?\W*",
            plain.lower()))
        # ... and "which company makes X", "who makes X": the one entity named its object
        self.acted_on = self._acted_with(re.fullmatch(
            r"\W*(?:who|(?:which|what)\s+[a-z]+)\s+(?P<verb>[a-z]+(?:s|ed))\s+(?:the\s+)?(?P<name>.+?)\W*",
            plain.lower()))
        # "which <noun>" (English's "which", not "what": "what priority" asks a value as often as not)
        # (the question's own "which", not another language's interrogative read as one: "¿cuál es el código")
        # (... "which of my saved places" too, the noun after the article or the possessive)
        self.which_noun = re.search(rf"\bwhich\s+{_WHICH_OF}(?!(?:is|are|was|were|of|one|ones)\b)[a-z]",
                                    question.lower()) is not None
        # "how much pisco": a named thing's amount, which a key of units states (`_rank`'s units)
        much = re.search(r"\bhow much\s+(?:of\s+)?(?:the\s+)?", plain.lower())
        self.much_of_named = much is not None and self._name_begins(plain.lower()[much.end():])
        # the noun a "which"/"what" asks for, and in a compound its head ("which OS version": a version; "what
        # machine type": a type, not a machine), the word before it a weaker clue
        # (read with diacritics folded: "qué género" asks for a "genero", not a "g")
        # (a German compound joined by a hyphen is read as its words, its head last: "welcher ATC-Gruppe" asks for a
        # Gruppe of the ATC's, not an "ATC"; swiss-medicines, spent; but not a code's compound, "Wikidata-ID",
        # "Harris-Nummer": which code is said by its first part, the key a graph stores it under, as it was read
        # before this rule; lassberg-letters, spent, answered the place's own id)
        # (a Spanish question as typed: its words read in English stand after the noun asked, where a preposition
        # and the compound's other word follow it, "qué líneas de metro"; `_noun_stem` reads the noun in English)
        folded = re.sub(r"(?<=[^\W\d_])-(?=([^\W\d_]+))",
                        lambda m: m.group(0) if m.group(1).lower() in _CODE_HEADS else " ",
                        fold_marks(plain)) if self.german else fold_marks(as_typed if self.language == "spanish"
                                                                          else plain)
        # (a Chinese noun read in English comes after its own word: "哪个方子" reads "which 方子 formula prescription")
        # (its English words are synonyms, no compound: the first is the noun)
        low_folded = folded.lower()
        # (and "which other X" asks for an X: "which other ski resort is close to Thredbo" asks for a resort, not
        # an "other ski"; ski-resorts, spent, answered its Summer Skiing)
        # (and "which of my saved places" asks for a place as "which saved place" does; japan-saved-places, spent)
        noun = re.search(rf"\b(?:which|what)\s+{_WHICH_OF}(?:other\s+)?(?:[^\x00-\x7f\s]+\s+)?([a-z]+)"
                         r"(?:\s+([a-z]+))?(?:\s+([a-z]+))?", low_folded)
        # (... where it is the phrase's one word read in English: Chinese says its head last, "哪个国家级非遗项目"
        # asks for a 项目, not a 国家; china-intangible-heritage, spent)
        if noun is not None and not re.match(r"(?:which|what)\s+[a-z]", noun.group(0)):
            noun = _CHINESE_NOUN.match(low_folded, noun.start())  # the same place, its first English word alone
            # (the phrase ends where "和", "跟" or "与" joins the entity it is compared or shared with:
            # "哪种疾病和甲亢有相同的症状" asks for a 疾病; jbk-diseases, spent)
            rest = re.split(r"[？?。！!，,《和跟与]", low_folded[noun.end():], maxsplit=1)[0] if noun else ""
            if re.search(r"[\u4e00-\u9fff]\s+[a-z]", rest):
                noun = None
        # (... and one that is also a name, left as written (a node "方剂" of the class): its English word still
        # says the noun, "哪个方剂出自X" asks for a formula)
        cjk = re.search(r"\b(?:which|what)\s+([\u4e00-\u9fff]+)(?!\s*[a-z])", low_folded)
        if cjk is not None and CHINESE_WORDS.get(cjk.group(1)) and (noun is None or noun.start() > cjk.start()):
            noun = re.search(r"which\s+([a-z]+)()()", f"which {CHINESE_WORDS[cjk.group(1)][0]}")
        first = noun.group(1) if noun and noun.group(1) not in WEAK else None
        # (a verb in -s before a name the question mentions asks for its subject, no noun: "what pollinates Conium
        # maculatum" asks for what POLLINATED_BY reaches, not for a "conium"; flora-graph, spent, answered its genus.
        # A type of the context so placed is the noun asked, as typed: "which films Tom Hanks starred in")
        # (a type's own word, not one of its stem: "pollinates" is no Pollinator)
        if first and noun is not None and noun.group(2) and re.fullmatch(r"[a-z]+[^s]s", first) \
                and not {first, first[:-1], first[:-2]} & {w for t in set(types.values())
                                                           for w in key_text(t).lower().split()} \
                and self._name_begins(low_folded[noun.start(2):]):
            first = None
        # (a past tense after the noun is the question's verb: "which customer placed order X" asks for a customer;
        # so is a present one, a word in -s the graph does not say followed by no auxiliary: "which company runs
        # train 1533", where "which film genres are" and "which OS versions does" keep their compound)
        # (... an irregular one too: "which studio made Death Note" asks for a studio; anime-top1000, spent: "made"
        # was read as the noun asked, and "make", PRODUCED_BY's synonym, named its producers)
        # (... and a preposition of another language before an article or a name ends the noun: "qué equipos de la
        # Serie A" asks for teams; before a lower-case word it joins a compound, "quel fruit de mer", read as before)
        # (the word as typed: `noun` read the folded question in lower case, which keeps every offset)
        third = folded[noun.start(3):noun.end(3)] if noun is not None and noun.group(3) else None
        foreign = noun is not None and noun.group(2) in FOREIGN_FUNCTION_WORDS and third is not None
        qualifier = foreign and third is not None and (third.lower() in FOREIGN_ARTICLES or third[0].isupper())
        second = noun.group(2) if first and noun and noun.group(2) and noun.group(2) not in WEAK \
            and not noun.group(2).endswith("ed") and noun.group(2) not in IRREGULAR_PAST and not qualifier else None
        # (German writes its nouns capitalised: a word in lower case after the noun asked is the question's verb,
        # "welchen Wirkstoff enthält die Packung X" asks for a Wirkstoff, not an "enthält"; swiss-medicines, spent)
        if second and noun is not None and self.german and folded[noun.start(2):noun.end(2)].islower():
            second = None
        if second and re.fullmatch(r"[a-z]+[^s]s", second) and stem(second) not in vocabulary \
                and noun is not None and noun.group(3) not in _AUXILIARIES:
            second = None
        # ... and so is one the graph says as a key, after a noun that is a type of the context and before the words
        # of an entity the question names ("which trial studies pulmonary arterial hypertension": a Trial, not a
        # `study_results`; snomed-trials, tune); "which film genres are" keeps its compound
        # (... or before an article or a possessive, which begins the verb's object: "which company owns the owner
        # of X" asks for a Company, not an "own"; nigeria-oil-contracts, spent)
        if second and re.fullmatch(r"[a-z]+[^s]s", second) and first and stem(first) in type_words \
                and noun is not None and noun.group(3) not in _AUXILIARIES \
                and (noun.group(3) in _OBJECT_STARTS
                     or any(plain.lower()[noun.end(2):].lstrip().startswith(n.lower()) for n in self.mentioned)):
            second = None
        # (the English words read beside a word of the question's language say that word again, they are no
        # compound's head: "welches Amt office role position" asks for an Amt, a role where the graph says one)
        if first and second and second in english_of(first, self.language):
            second = None
        # (Spanish and Portuguese write a noun's head first, its adjective or the question's verb after it: "em que
        # semana foi X" asks for a semana, not a "foi"; nba-players-of-the-week, spent, answered a position. The word
        # after is the head's modifier, "qué código SCIAN", "qual unidade litoestratigráfica")
        head_first = bool(first and second and self.language == "spanish" and noun is not None
                          and noun.group(2) not in FOREIGN_FUNCTION_WORDS)
        self.wh_noun = _noun_stem(first if head_first or not second else second, vocabulary, self.language) \
            if first else None
        self.wh_modifier = _noun_stem(second if head_first else first, vocabulary, self.language) \
            if second and first else None
        # ... before a lower-case word the preposition joins a compound whose head comes first, as the languages
        # that have such prepositions write it ("qué líneas de metro": lines, of the metro; it was read as a noun
        # "de", and the reader answered with a station; madrid-metro-campuses, spent); where the compound is a name
        # the question says ("quel fruit de mer": the category Fruit de mer, named), it is read as before
        if first and noun is not None and foreign and third and not qualifier:
            compound = f"{first} {noun.group(2)} {third.lower()}"
            if any(compound in fold_marks(w).lower() for w in self.mention_of.values()):
                # (read as before this rule: the preposition as the noun, its head the modifier; with no noun, or
                # the head as the noun, the recipe the mussel is in lost to others it is in, 9 -> 8/14)
                self.wh_noun, self.wh_modifier = _noun_stem(noun.group(2), vocabulary), _noun_stem(first, vocabulary)
                # (... unless its head is a type of the context: "que jogador da semana saiu de Lehigh" asks for a
                # Jogador who received the award named JOGADOR DA SEMANA, not for a "da"; nba-players-of-the-week,
                # spent, answered a player's position)
                if _noun_stem(first, vocabulary, self.language) in type_words:
                    self.wh_noun, self.wh_modifier = _noun_stem(first, vocabulary, self.language), None
            else:
                self.wh_noun, self.wh_modifier = _noun_stem(first, vocabulary), _noun_stem(third.lower(), vocabulary)
        if first and second and third and noun is not None and not foreign:
            # a name of two capitalised words before a lower-case noun of the graph is that noun's modifier, the noun
            # asked: "which Supreme Court case created X" asks for a Case, not a court ("Supreme Court of the United
            # States", a case's `court_name`, answered it; us-constitutional-law, spent); "which Premier League club".
            # (Not in German, which capitalises every noun; not before a past tense or an auxiliary; only a noun the
            # graph's relations, keys or types say.)
            if not self.german and folded[noun.start(1)].isupper() and folded[noun.start(2)].isupper() \
                    and third.islower() and third not in WEAK and third not in _AUXILIARIES \
                    and not third.endswith("ed") and third not in IRREGULAR_PAST and stem(third) in vocabulary:
                self.wh_noun, self.wh_modifier = stem(third), _noun_stem(second, vocabulary)
            # ... and three words that are a type's name as the graph writes it, head last, ask for that type: "which
            # bird conservation region" asks for a BirdConservationRegion, not a "conservation" that a priority's
            # type also says (nc-bird-conservation, spent)
            asked_words = [stem(first), stem(second), stem(third)]
            if third.islower() and any([stem(w) for w in key_tokens(key_text(t).lower())] == asked_words
                                       for t in set(types.values())):
                self.wh_noun, self.wh_modifier = stem(third), stem(second)
        # ... and so is a name the question links, typed whole between "which" and a lower-case noun of the graph:
        # "which Network Infrastructure Management safeguard" asks for a Safeguard of that control, not for an
        # "infrastructure" (cis-controls, spent, answered another safeguard three steps away)
        opener = re.search(r"\b(?:which|what)\s+", plain, flags=re.IGNORECASE)
        if opener is not None and not self.german:
            rest = plain[opener.end():]
            for typed_name in sorted({w for w in self.mention_of.values() if len(w.split()) >= 2}, key=len,
                                     reverse=True):
                if rest.lower().startswith(typed_name.lower()):
                    head = re.match(r"\s+([a-z]+)\b", rest[len(typed_name):])
                    if head is not None and head.group(1) not in WEAK and head.group(1) not in _AUXILIARIES \
                            and stem(head.group(1)) in vocabulary:
                        self.wh_noun, self.wh_modifier = stem(head.group(1)), None
                    break
        # "which local government area": words whose initials are a type or key of the graph (LGA) ask for it
        spelled = re.search(r"\b(?:which|what)\s+((?:[a-z]+\s+){1,3}[a-z]+)", plain.lower())
        if spelled is not None:
            run = spelled.group(1).split()
            for size in sorted(INITIALS_RUN, reverse=True):
                spelled_as = initials_said(run[:size], vocabulary) if len(run) >= size else None
                if spelled_as is not None:
                    self.wh_noun, self.wh_modifier = spelled_as, None
                    break
        # "what kind of premises did case X happen at": a kind of thing the context's entities are typed as, other
        # than the named one's own, asks for such an entity (the Premise "BEAUTY SUPPLY STORE"), not for a class;
        # "what kind of place is X" (X a Place) asks X's class
        kind_of = re.search(r"\b(?:which|what)\s+(?:kind|type|sort)s?\s+of\s+([a-z]+)", plain.lower())
        if kind_of is not None and stem(kind_of.group(1)) in self.type_words - {
                st for n in self.mentioned for st in self._type_stems(n)}:
            self.wh_noun, self.wh_modifier = stem(kind_of.group(1)), None
        # ... and where it still asks for a class ("what kind of dinosaur was X", X a Dinosaur), the noun the class
        # is of, which a class's name may say ("armoured dinosaur", the Group X is a member of; dinosaurs, spent);
        # read more widely than above (class and category words, an article before the noun)
        class_of = re.search(r"\b(?:which|what)\s+(?:kinds?|sorts?|types?|class(?:es)?|categor(?:y|ies))\s+of\s+"
                             r"(?:an?\s+|the\s+)?([a-z]+)", plain.lower())
        self.class_of = stem(class_of.group(1)) if class_of and class_of.group(1) not in WEAK else None
        self._name_nouns: dict[str, set[str]] = {}  # _name_says_noun's, by name
        # the entities whose own kind fact says the word before the noun asked, whole or clipped as people clip it
        # ("which telecom company": M1's `Institution_Type` "Telecommunication"): that word says which one is asked,
        # and the noun alone no longer does (singapore-boards, spent: Keppel Corporation, whose name says
        # "company", answered)
        modifier = self.wh_modifier
        self.modifier_kinds: set[str] = set() if modifier is None or modifier == self.wh_noun else {
            e for e, kinds in self.kind_values.items() if any(_clipped_from(modifier, k) for k in kinds)}
        # the class of entity asked for: "who" an agent, "where" a place, or a "which"/"what" noun of either class
        # ("which room": a place, though the graph types its rooms as Venue; "which officer": an agent)
        self.asked_class: frozenset[str] | None = (
            AGENT_TYPES if self.kind == "agent" or (self.kind is None and self.wh_noun in AGENT_TYPES)
            else PLACE_TYPES if self.kind == "place" or (self.kind is None and self.wh_noun in PLACE_TYPES)
            else None)
        # an entity is asked: someone ("who", "whose"), a place or agent class, or a "which"/"what" noun that asks
        # for no number, date, code or link (`_VALUE_NOUNS`), in English or in another script ("哪个行业", which
        # industry: a-share-companies, spent, answered a stock code)
        self.asks_entity = self.asked_class is not None or (
            self.wh_noun is not None and self.wh_noun not in _VALUE_NOUNS) or (
            self.wh_noun is None and re.search(r"\b(?:which|what)\s+[^\x00-\x7f]", plain.lower()) is not None)
        self.relation_named = False  # a relation or key of the facts from the question's entities is named
        q_words = re.findall(r"[a-z0-9]+", question.lower())
        # (in another language, its words read in English: "相同" is "same"; jbk-diseases, spent)
        self.sharing = bool(_SHARING & (set(q_words) | set(re.findall(r"[a-z]+", plain.lower())))) \
            or "co-" in question.lower() or self.mate_asked
        # a relation word said twice asks for the relation twice; the noun a "which"/"what" asks for is not a
        # saying of it ("which shipper shipped order 10248" asks for SHIPPED_VIA once)
        self.q_counts = [stem(w) for i, w in enumerate(q_words) if i == 0 or q_words[i - 1] not in _WH]
        # a "grand" relative is the relation twice ("grandfather": a parent's father), the head said twice
        self.q_counts += [stem(w[5:]) for w in q_words if w.startswith("grand") and len(w) > 8]
        # "X's father": the words after a name's possessive name a relation read from X (graphs write (X)-[:FATHER]->
        # (his father)); a relation named by the same word ("FATHER", not "DIRECTED" for "director") is read forward
        low = question.lower().replace("\u2019", "'")
        # "which ring comes after Assess", "the episode before Jenkins": the side of a sequence asked
        after = _AFTER.search(plain.lower()) is not None
        before = _BEFORE.search(plain.lower()) is not None
        self.sequence_asked: str | None = "after" if after and not before else "before" if before and not after \
            else None
        self.possessed: dict[str, set[str]] = {}
        for name in self.mentioned:
            for m in re.finditer(re.escape(name.lower()) + r"'s?\s+([a-z]+)(?:\s+([a-z]+))?", low):
                self.possessed.setdefault(name, set()).update(w for w in m.groups() if w)
            # ... and so do the words of "the father of X" (or "the paternal grandfather of X"), X as the question
            # types it ("Louis XIV" for Louis_XIV): "who was the father of Louis XIV" read Louis de_France
            # -FATHER-> Louis_XIV, his son (royal92, spent)
            spellings = sorted(t for t in {name.lower(), (said.get(name) or "").lower()} if t)
            for spelt in spellings:
                # (after an appositive the name follows: "the mother of Queen Elizabeth II, Elizabeth Alexandra Mary
                # Windsor")
                for m in re.finditer(r"\bthe\s+(?:([a-z]+)\s+)?([a-z]+)\s+of\s+(?:[^,?;]{1,40},\s+)?"
                                     + re.escape(spelt) + r"\b", low):
                    self.possessed.setdefault(name, set()).update(w for w in m.groups() if w)
            # ... and so does the word after "X的" or "Xの" (Chinese's and Japanese's possessive marks:
            # "天忍穂耳尊の親神", its parent; japanese-mythology, spent, read its child), in English
            for m in re.finditer(re.escape(name) + r"\s*[的の]\s*(?=\S)", question):
                said_after = cjk_word_opening(question[m.end():])
                if said_after:
                    self.possessed.setdefault(name, set()).update(said_after)
        self.positions = self._positions(plain, vocabulary)
        spans = reader._question_spans(question)
        self.fact_texts = {f.id: f"{f.head} {f.relation} {f.tail}" for f in facts}
        vec = reader._embed(spans + relations + list(self.fact_texts.values()) + [question])
        span_m = np.stack([vec[s] for s in spans])
        self.rel_emb = {r: float(np.max(span_m @ vec[r])) for r in relations}
        qv = vec[question]
        self.fact_sim = {f.id: float(vec[self.fact_texts[f.id]] @ qv) for f in facts}
        # a key written as one word ("confirmedtime", "healthstatus") states the question words it begins or ends with
        raw = (set(re.findall(r"[a-z]+", plain.lower())) - WEAK) | dimensions
        # (a relation written in camel case says its words apart too: employeeOf, "employee of", says "work")
        self.relation_words = {r: ((content_stems(r) | content_stems(key_text(r))) & self.q_stems)
                               | (compound_stems(set(re.findall(r"[a-z]+", r.lower())), raw) - own) for r in relations}
        # a key or relation written in Chinese states the English words of the Chinese words it holds, as the
        # question's Chinese words are read (`CHINESE_WORDS`): "第几号" asks "which number", the item's `序号`
        # (china-intangible-heritage, spent, answered its createdAt)
        for r in relations:
            if CJK_LETTER.search(r):
                english = {e for zh, en in CHINESE_WORDS.items() if len(zh) >= 2 and zh in r for e in en}
                self.relation_words[r] = self.relation_words[r] | (content_stems(" ".join(sorted(english)))
                                                                   & self.q_stems)
        # a key's word written as initials ("goalsScoredHT", "GDP") states the question's words it abbreviates
        # ("by half-time", "gross domestic product"), of the words that may name a relation
        asked = [w for w in re.findall(r"[a-z]+", plain.lower()) if stem(w) in self.q_stems]
        for r in relations:
            for t in set(re.findall(r"[a-z]+", key_text(r))):
                if 2 <= len(t) <= 4 and not re.search(r"[aeiouy]", t):
                    for i in range(len(asked) - len(t) + 1):
                        # (never the words that ask, "how much": "how much gam" (grams) is no `mg`; vietnam-
                        # nutrition, spent, answered a food's sodium in mg for its carbohydrate in grams)
                        if "".join(w[0] for w in asked[i:i + len(t)]) == t \
                                and not set(asked[i:i + len(t)]) & _ASKING_WORDS:
                            self.relation_words[r] = self.relation_words[r] | {stem(w) for w in asked[i:i + len(t)]}
        # a key written as one word of a shortened word and a whole one ("taxid", "pubdate") states the two words the
        # question writes out ("the NCBI taxonomy id": a taxon's `taxid`, not its parent's taxid reached through
        # HAS_TAXON, whose relation says "taxonomy" too; virus-knowledge-graph, spent)
        spoken = re.findall(r"[a-z]+", plain.lower())
        for r in relations:
            k = r.lower()
            if not re.fullmatch(r"[a-z]+", k):
                continue
            for a, b in zip(spoken, spoken[1:], strict=False):
                head = k[:-len(b)] if k.endswith(b) else ""
                if len(b) >= 2 and len(head) >= 3 and a.startswith(head) and b not in WEAK:
                    self.relation_words[r] = self.relation_words[r] | {stem(a), stem(b)}
                # (... or an initial and "id": a compound's `CID` is its "compound ID", not its `SUID` beside it;
                # t2d-net, spent)
                elif b == "id" and len(head) == 1 and a.startswith(head) and a not in WEAK:
                    self.relation_words[r] = self.relation_words[r] | {stem(a), stem(b)}
        # ... and a key named as the type of the entities holding it, whose values are whole numbers, states
        # "number": it numbers them in their series ("the number of the story X appears in": an Episode's `episode`
        # 158; doctor-who, spent, answered the story's title)
        numbers = {stem(w) for w in NUMBER_WORDS} & self.q_stems
        if numbers:
            for f in facts:
                typ = types.get(f.head)
                if f.kind == "property" and f.via is None and typ is not None and f.tail.strip().isdigit() \
                        and key_tokens(key_text(f.relation)) == key_tokens(key_text(typ)):
                    self.relation_words[f.relation] = self.relation_words[f.relation] | numbers
        # ... and a key's word of letters and a number ("ISOAlpha3") states them typed apart ("ISO alpha-3 code": not
        # the `ISOCode` 031 beside it, which says "code"; un-structure, spent)
        spoken_all = re.findall(r"[a-z]+|\d+", plain.lower())
        for r in relations:
            for word, number in re.findall(r"([a-z]{2,})(\d+)\b", key_text(r).lower()):
                if any(a == word and b == number for a, b in zip(spoken_all, spoken_all[1:], strict=False)):
                    self.relation_words[r] = self.relation_words[r] | {stem(word), number}
        # "until" and "till" ask for the end of a span, "since" for its start: a key named as that side ("to",
        # "end", "ended"; "from", "start", "began") states the word ("until how many million years ago did X live
        # in the Early Cretaceous": LIVED_DURING {from: 121, to: 112}, to; dinosaurs, spent, answered from)
        low_plain = plain.lower()
        for side, (asked_by, keys) in _SPAN_SIDES.items():
            if any(re.search(rf"\b{w}\b", low_plain) for w in asked_by):
                for r in relations:
                    if set(key_text(r).lower().split()) & keys:
                        self.relation_words[r] = self.relation_words[r] | {side}
        # a relation stating none of the question's words as written may state one in another language ("who
        # published X": A_PUBLIE), of the question's words that no relation, key or type states as written
        unstated = self.q_stems - vocabulary
        for r in relations:
            if not self.relation_words[r]:
                self.relation_words[r] = cognate_stems(content_stems(r), unstated)
        # the options a question offers ("is Recife urban or rural?") are said by a key none of whose words the
        # question says but whose values, any entity's in the context, state one of them ("Urbano", "Rural
        # Adjacente": tipoCidade): that key is asked
        choice = _CHOICE.search(plain.lower().strip())
        # (a type's noun after the last option, which the others leave out, is what they all are, no option: "a
        # good or a bad character", "the good, the bad or the neutral characters"; comic-characters, spent,
        # answered "Living Characters", a value stating "character")
        option_words = [re.findall(_OPTION_WORD, g) for g in choice.groups()] if choice else []
        if choice and len(option_words[2]) > 1 and stem(option_words[2][-1]) in type_words:
            option_words[2] = option_words[2][:-1]
        # (options said as possessives, "a men's or a women's fragrance", qualify the noun after the last one: the
        # options are "men" and "women", the noun none; fragrantica-perfumes, spent)
        if choice:
            final = option_words[2]
            owned = [i for i, w in enumerate(final) if re.search(r"['’]s$", w)]
            if owned and owned[-1] < len(final) - 1:
                option_words[2] = final[:owned[-1] + 1]
            option_words = [[re.sub(r"['’]s$", "", w) for w in ws] for ws in option_words]
        options = {stem(w) for ws in option_words for w in ws if w not in WEAK}
        # ... and an entity whose name says an option is that option, as a value saying it is (`_steps_from`); a
        # type's word says no option ("a normal cell or a cancer cell": every cell's name says "cell")
        self.offered = frozenset(options - type_words)
        # (a name said only in part, by the options' words, is no entity the question names: "is X a men's or a
        # women's fragrance" does not name the target "for women and men", which may be X's answer; an option typed
        # as a whole name, "Paris or London", still names it)
        if self.offered:
            self.mentioned -= {n for n in self.mentioned if self.mention_of.get(n)
                               and key_tokens(self.mention_of[n]) != key_tokens(n)
                               and content_stems(self.mention_of[n]) <= self.offered}
        # so is the state a yes/no question asks about ("is the skill X published?": a status "published"), of the
        # entity it names: its words beyond the names and types, said by a short value
        yes_no = not options and _YES_NO.match(plain.lower()) is not None
        self.yes_no = yes_no
        if yes_no:
            options = set(self.q_stems)
        for f in facts:
            if options and f.kind == "property" and not self.relation_words.get(self._relation(f)) and not (
                    yes_no and (f.head not in self.mentioned or len(f.tail.split()) > 3)):
                stated = {o for o in options for v in content_stems(f.tail) if o == v or cognate(o, v)}
                if stated:
                    self.relation_words[self._relation(f)] = stated
        typed_words = re.findall(r"[a-z]+|[\"\u201c]", plain.lower())
        edges = {f.relation for f in facts if f.kind == "edge"}  # a key's word ("the value of") is no verb
        for r in sorted(edges & set(relations)):
            parts = key_text(r).lower().split()
            if len(parts) >= 2 and parts[-1] in _RELATION_PREPOSITIONS:
                # (an agent noun is no verb used otherwise: DIRECTOR_OF is who directed X, "who directed the film";
                # james-bond, spent, answered with the film's Bond)
                if parts[-2].endswith(("er", "or")) and stem(parts[-2]) != parts[-2]:
                    continue
                verb, used = stem(parts[-2]), _verb_used_otherwise(typed_words, stem(parts[-2]), parts[-1])
            elif len(parts) == 1 and parts[0].endswith("ed"):  # CREATED: what it is made of or from is no maker
                verb, used = stem(parts[0]), _verb_used_otherwise(typed_words, stem(parts[0]), None)
            else:
                continue
            if verb in self.relation_words[r] and used:
                self.relation_words[r] = self.relation_words[r] - {verb}
        made_of = _MADE_OF.search(plain.lower())
        if made_of:
            for r in relations:
                if content_stems(key_text(r)) & _MATERIAL_STEMS:
                    self.relation_words[r] = self.relation_words[r] | {stem(made_of.group(1))}
        self.lexical = {r: len(self.relation_words[r]) / max(1, len(content_stems(r))) for r in relations}
        # the properties of each relationship in the context (its id -> their values): a relationship's own words
        # ("RELATED_TO {name: 'father'}") and dates ("VISITS {starttime: 2020-04-25...}") are said by its facts
        self.rel_values: dict[str, list[str]] = {}
        for f in facts:
            if f.via is not None and PROPERTY_ID_SEPARATOR in f.id:
                self.rel_values.setdefault(split_property_fact_id(f.id)[0], []).append(f.tail)
        # of two entities the question names alike ("FRASCATI", a bus stop, and "Frascati", the station), the one
        # written as it is typed there
        # (a text the question quotes, its gaps marked, is typed as written: "his tweet "Look how small ...
        # tabloid"", not "Trump", a tag #TRUMP, typed in another case)
        self.verbatim = {n for n in self.mentioned if n in question} | self.passages
        self.q_months = question_months(plain)
        # ... and the seasons it names ("in 2010-2011": the team node of that season, "MIA 2010-2011", not another)
        self.q_seasons = seasons_in(plain)
        # bridges: entities linked to two or more entities the question names, each with those. A chain through
        # one touches them all, and reads what they share ("which ring was Docker in on the Jan 2015 radar": the
        # recommendation of Docker on that radar, then its ring). Named by name or code: a day names every
        # record of that day, many, none of them the one asked
        next_to: dict[str, set[str]] = {}
        for f in facts:
            if f.kind == "edge" and f.head != f.tail:
                for here, there in ((f.head, f.tail), (f.tail, f.head)):
                    if there in self.mentioned and there not in by_day:
                        next_to.setdefault(here, set()).add(there)
        # (two spellings of one name, "Tokyo" and the region "Tōkyō", are one mention the question made, not two
        # entities it names: what is next to both links nothing)
        # (... and so are two entities the same words of the question name: "Paul Klee 1879" and "Paul Klee 1940",
        # two nodes of one name told apart by a year the question does not type; painter-network, spent: a friend
        # of both was read as a bridge between two named entities and his nationality outranked Klee's own)
        self.folded = {m: fold(self.mention_of.get(m, m)) for m in self.mentioned}
        # of the entities the same words name, the one the context states most of is the one meant, as a reader
        # takes the best-known bearer of a name (the Edward Hopper born 1882 with 40 facts, not the node of one
        # birth year that a load left beside him); a name no other shares weighs nothing here
        alike: dict[str, list[str]] = {}
        for name in sorted(self.mentioned):
            alike.setdefault(self.folded[name], []).append(name)
        facts_of_entity = Counter(f.head for f in facts) + Counter(f.tail for f in facts if f.kind == "edge")
        self.best_known = {n: facts_of_entity[n] for ns in alike.values() if len(ns) > 1 for n in ns}
        self.bridges = {e: ms for e, ms in next_to.items() if len({self.folded[m] for m in ms}) >= 2}
        # the named entities that say which one another named entity is, next to it in the graph and typed as its
        # owner or maker: "Drake's Practice", "Old Town Road by Lil Nas X" (not "units of Queso Cabrales in order
        # 10248": two things asked about, neither said to be the other's)
        low_q = plain.lower()
        # (... or said right after it with "in", "on" or "at", where the two are joined by a relationship that states
        # nothing of its own: "who plays Ri Jeong-hyeok in Crash Landing on You", the role in that series; k-dramas,
        # spent: a role loved by him, a bridge to both, outranked his own actor. Not "units of Queso Cabrales in
        # order 10248": the order's line with the product states the units, the two asked about together)
        lined = {(f.head, f.via[1]) for f in facts if f.via is not None}
        said_q = f" {' '.join(key_tokens(plain))} "

        def said_of(name: str) -> str:
            return self.mention_of.get(name) or " ".join(key_tokens(name))

        self.qualifiers = {n: {m for m in next_to.get(n, set()) if m != n and (
            f"{m.lower()}'s {n.lower()}" in low_q or re.search(  # (by one of several: "by Drake and 21 Savage")
                rf"\b{re.escape(n.lower())}\s+by\s+(?:[^,?]{{1,40}}?\s+and\s+)?{re.escape(m.lower())}\b",
                low_q) is not None or self._typed_by(m, n, low_q) or (
                (n, m) not in lined and (m, n) not in lined and f" {n_said} " in said_q and re.search(
                    rf" {re.escape(n_said)} (?:in|on|at) (?:the )?{re.escape(said_of(m))} ", said_q) is not None)
            # (Vietnamese says the owner after "của", of: "Album A Class của Miss A", Miss A's album A Class; the
            # relationship between the two outranked the album's length; kpop-network, spent)
            or (self.vietnamese and f" {n_said} cua {said_of(m)} " in said_q))}
            for n in self.mentioned for n_said in [said_of(n)]}
        # ... and the named entities a record is joined to say which record it is (the line between the two)
        for record, ends in self.joined.items():
            self.qualifiers[record] = self.qualifiers.get(record, set()) | (ends & self.mentioned)

    def _typed_by(self, owner: str, name: str, low_q: str) -> bool:
        """The question says `owner` right before `name`'s type, as an adjective ("the pypsa-eur commit "Update
        installation.rst"", "the atlas pull request "Fix dram""): `owner` says which one `name` is."""
        typ = self.types.get(name)
        if not typ:
            return False
        words = r"\s+".join(re.escape(w) for w in key_text(typ).lower().split())
        return re.search(rf"(?<!\w){re.escape(owner.lower())}(?:'s)?\s+{words}s?\b", low_q) is not None

    # -- words ------------------------------------------------------------------------------------

    def _type_stems(self, name: str) -> set[str]:
        typ = self.types.get(name)
        return _type_words(typ) if typ else set()

    @staticmethod
    def _relation(f: Fact) -> str:
        return f.relation

    def _positions(self, text: str, vocabulary: set[str]) -> dict[str, list[int]]:
        """"w:<stem>" -> positions of the question's words with that stem (a compound's head too); "m:<name>" ->
        where each mentioned name begins (one tokenisation for both: linking's)."""
        tokens = key_tokens(text)
        self.tokens = tokens
        self.token_set = frozenset(tokens)  # as every chain's rank reads them, computed once
        self.bare_tokens = [w for w in tokens if w not in _ARTICLES]  # as _phrase compares them, computed once
        out: dict[str, list[int]] = {}
        for i, w in enumerate(tokens):
            for st in {stem(w)} | stated_stems(w, vocabulary):
                out.setdefault("w:" + st, []).append(i)
        for i in self.identifier_at:
            out.setdefault("w:" + _ID, []).append(i)
        for name in self.mentioned:
            # (a name mentioned by some of its words is where those words are: "Brancusi" for "Constantin Brâncuși
            # 1876", a node named with the year that tells it apart; painter-network, spent: without a position the
            # voice of "who influenced Constantin Brancusi" was not read, and what he influenced answered)
            s = key_tokens(self.initials[name] if name in self.initials else self.mention_of.get(name, name))
            for i in range(len(tokens) - len(s) + 1):
                if s and tokens[i:i + len(s)] == s:
                    out.setdefault("m:" + name, []).append(i)
                    break
        return out

    def _score(self, f: Fact) -> float:
        r = self._relation(f)
        return 2.0 * self.lexical[r] + self.rel_emb[r] + self.reader.fact_weight * self.fact_sim[f.id]

    # -- steps -------------------------------------------------------------------------------------

    def _steps_from(self) -> dict[str, list[_Step]]:
        """Every way to read each fact, by the entity it is read from."""
        out: dict[str, list[_Step]] = {}
        # a role asked ("what position does X hold at Y", "X's role") that no key, relation or type of the context
        # says is stated by a short text a relationship holds, its only description of the tie (trumpworld, spent:
        # INVOLVED_WITH {connection: "General counsel"} answered the company instead)
        # (an English word the question types, not one read off a word of another language: "Was ist X von Beruf"
        # asks the job a key of hers states, "孙飘扬任职的公司" names the company where he holds a post; a vote's "JA"
        # and a post "董事长" answered them)
        said_anywhere = {w for ws in self.relation_words.values() for w in ws} | self.type_words
        typed = {stem(w) for w in re.findall(r"[a-z]+", self.question.lower())}
        roles = frozenset(w for w in ROLE_STEMS & self.q_stems & typed if w not in said_anywhere)
        for f in self.facts:
            rel_words = frozenset(self.relation_words[self._relation(f)])
            if f.kind == "edge":
                # a short word stored on the relationship says what it is ("father" of a RELATED_TO)
                said = {st for v in self.rel_values.get(f.id, ()) if len(v.split()) <= 3 for st in content_stems(v)}
                rel_words = rel_words | frozenset(said & self.q_stems)
                for at, to in ((f.head, f.tail), (f.tail, f.head)):
                    if at == to:
                        continue
                    # a sequence relation read to the side asked states the question's "after" or "before" ("who
                    # directed the episode after Jenkins": Jenkins -NEXT_EPISODE-> X, then X's director; himym,
                    # spent, answered with Jenkins' own director)
                    side = frozenset({"~" + self.sequence_asked}) if self.sequence_asked is not None \
                        and self._sequence_read(f, at) == self.sequence_asked else frozenset()
                    # (the kind an entity's own kind fact says, "rank: genus", states the noun a "which" asks as its
                    # type's name would: "which genus does the virus that causes Lassa fever belong to", one step
                    # past the virus to its parent taxon; virus-knowledge-graph, spent)
                    words = rel_words | side | ((self._type_stems(to) & self.q_stems) - self.who_verb) \
                        | self._name_says_noun(to) | (self.kind_values.get(to, set()) & {self.wh_noun}) \
                        | ({self.wh_modifier} if to in self.modifier_kinds and self.wh_modifier else set()) \
                        | (self.offered & content_stems(to) if self.offered else set())
                    out.setdefault(at, []).append(_Step(f, at, to, False, f.relation, frozenset(words),
                                                        rel_words | side))
            elif f.via is None:
                # (a word the question says before the noun of the entity's type qualifies the entity, it asks no
                # key: "the saved place that serves curry" is a Place, its `saved list` "star" is not asked;
                # japan-saved-places, spent, answered "star" to six questions)
                # (a key that says the type's noun too says the whole phrase: "the maximum tension racket 41
                # accepts" is the Tension's `max tension`)
                qualifying = {w for t in self._type_stems(f.head) - content_stems(key_text(f.relation))
                              for w in self._type_qualifiers.get(t, ())}
                rel_words = rel_words - qualifying if qualifying else rel_words
                out.setdefault(f.head, []).append(_Step(f, f.head, f.tail, True, "#" + f.relation, rel_words,
                                                        rel_words))
            else:  # a relationship's property: read from either end of the relationship
                # (the relationship's type states what it states as a triple of it does: in other forms too,
                # "interactions" of INTERACTS; harry-potter, spent, read the weight of the two named characters'
                # interaction as stating no word, and another pair's number won)
                words = rel_words | (content_stems(f.via[0]) & self.q_stems) \
                    | frozenset(self.relation_words.get(f.via[0], ()))
                if roles and len(f.tail.split()) <= ROLE_WORDS and re.search(r"[^\W\d_]", f.tail) \
                        and not _URL.match(f.tail):
                    words = words | roles
                for at, other in ((f.head, f.via[1]), (f.via[1], f.head)):
                    # the type of the entity at the other end says which relationship ("when was complaint X sent
                    # to the company": the date of its relationship to a Company), as it does of a triple's end
                    ends = words | (self._type_stems(other) & self.q_stems)
                    out.setdefault(at, []).append(_Step(f, at, f.tail, True, "#" + f.relation, frozenset(ends),
                                                        rel_words, other))
        for steps in out.values():
            steps.sort(key=lambda s: (s.fact.id, s.to))
        return out

    @functools.cached_property
    def _type_qualifiers(self) -> dict[str, set[str]]:
        """By a type word of the context the question says, the participle it says just before it that is no type
        word and no part of a name it types ("saved" of "which saved place"): it qualifies the entity of that type."""
        named = {stem(w) for m in self.mentioned for w in re.findall(r"[^\W\d_]+", m.lower())}
        typed = re.findall(r"[^\W\d_]+", fold_marks(self.question).lower())
        out: dict[str, set[str]] = {}
        for raw, word in zip(typed, typed[1:], strict=False):
            before, word = stem(raw), stem(word)
            # (a participle, "saved", "visited": what was done to the entity; not a noun or an adjective that says
            # which of its values is asked, "the average Google search interest": the record's `average`;
            # dutch-weather-sales, spent)
            if raw.endswith("ed") and word in self.type_words and before not in self.type_words \
                    and before in self.q_stems and before not in named:
                out.setdefault(word, set()).add(before)
        return out

    def _name_says_noun(self, name: str) -> set[str]:
        """The noun a "which"/"what" asks for, where an entity's short name says it and its type does not: "which
        university does X play for" is answered by "University of Oklahoma", a College (college-baseball, spent).
        Read once per name: every step to the entity and every chain ending at it asks.
        """
        if name not in self._name_nouns:
            self._name_nouns[name] = self._read_name_nouns(name)
        return self._name_nouns[name]

    def _read_name_nouns(self, name: str) -> set[str]:
        if self.wh_noun is None or self.wh_noun in self._type_stems(name):
            return set()
        # a kind written before a colon opening the name says what the entity is, however long the rest ("DRUG:
        # Nitazoxanide", "DEVICE: ...", "Category: ...", as registries write them: "which drug is given in <trial>"
        # is its Intervention "DRUG: Nitazoxanide", not the trial's `age`; covid-clinical-trials, spent)
        kind = _KIND_PREFIX.match(name)
        if kind and self.wh_noun in {st for w in kind.group(1).split() for st in content_stems(w)}:
            return {self.wh_noun}
        # (a short head phrase before a preposition counts as a short name: "CDI-988 Safety Study in Healthy
        # Participants" says a study, as "University of Oklahoma" a university; "which study does Cocrystal Pharma
        # sponsor" was read on past it to its `study_type`; covid-clinical-trials, spent)
        if len(_head_phrase(name.split())) > 4:
            return set()
        # (where no type of the context is called so: "which lesson did X submit" asks for a Lesson, not the topic
        # "lesson hazard prime"; nasa-lessons, spent) ... and a class's name says the noun a "what kind of" asks a
        # class of: "armoured dinosaur"
        # (a type that is this entity's own name does not count: a group's members labelled by the group's name,
        # "World_Bank_Group" for the IFC, and the group a node "World Bank Group"; "which group is the IFC part of"
        # asks for that node; un-structure, spent)
        said = self.wh_noun in self.type_words and any(
            self.wh_noun in _type_words(t) and fold(key_text(t)).split() != fold(name).split()
            for t in set(self.types.values()))
        nouns = set() if said else {self.wh_noun}
        if self.class_of and self.class_of not in self._type_stems(name):
            nouns.add(self.class_of)
        # (a legal form at the name's end says "company" however the graph types it: "which company is based in
        # Brazil" is PagSeguro Digital Ltd., a Stock, not its industry; senator-stocks, spent)
        # (not where a type of the context says a body, an Organization: the graph types its companies, suffix or
        # not; "which firm bought the lobbying firm X co-founded" is BURSON-MARSTELLER, an Organization, not TRUMP
        # ORGANIZATION LLC, typed Trump; trumpworld, spent)
        legal = _COMPANY_STEMS if _LEGAL_FORM.search(name) and len(name.split()) > 1 and not self._bodies_typed \
            else set()
        # (a name in Vietnamese says its head first, "Cá thu" a fish: "loại cá nào", which fish, asked the dish's
        # mackerel, not its fish sauce "Nước mắm cá"; vietnam-nutrition, spent)
        heads = {st for w in vietnamese_head(name) for st in content_stems(w)} if self.vietnamese else _head_stems(name)
        return nouns & (heads | legal)

    def called(self, text: str, ids: list[str]) -> tuple[str, list[str]]:
        """The answer as people call it: a record named by its type and key whose name the context holds in a
        node of its own ("Station DE0MFSN" -NAMED-> "Füssen") is answered by that name, the naming fact cited."""
        entity = text[:-1] if text.endswith(".") else text
        if entity in self.naming:
            name, fact = self.naming[entity]
            return _sentence(name), [*ids, fact] if fact not in ids else ids
        # a name composed to tell namesakes apart is said as people call it: "Carolus Duran", not "Carolus Duran
        # 1837" (the number is the painter's birth year); in a list, each member so
        parts = [entity] if entity in self.called_as else entity.split(", ")
        if any(p in self.called_as for p in parts):
            return _sentence(", ".join(self.called_as.get(p, p) for p in parts)), ids
        # a nameless record shown by its label and its key ("Kegg K19394": what schema inference composes) is said by
        # the key the graph holds, "K19394"; the label is the display's, no value of the graph (virus-knowledge-graph,
        # spent)
        # (... and a record named by what it is, a value of its own, and its key: "cell line U937", a Cell whose
        # `cell_type` is "cell line", is the cell line "U937"; lincs-lymphoma, spent)
        typ = self.types.get(entity)
        shown = ((typ, key_text(typ)) if typ else ()) + tuple(
            f.tail for f in self.facts
            if f.kind == "property" and f.via is None and f.head == entity and f.tail.strip())
        label = max((f"{t} " for t in shown if entity.lower().startswith(f"{t} ".lower())), key=len, default="")
        # (a number after the type's words as people write them, not its label as composed, is part of a name the
        # graph stores: "Bird Conservation Region 28", a BirdConservationRegion, is said whole, "28" says nothing;
        # nc-bird-conservation, spent. "Temperature 42", as composed, is its record's key.)
        code = entity[len(label):] if label else ""
        if code and " " not in code and re.search(r"\d", code) and entity not in self.mentioned \
                and not (_NUMERIC.fullmatch(code) and typ and label.strip() == key_text(typ) != typ):
            return _sentence(code), ids
        return text, ids

    def answer(self) -> tuple[str, list[str]]:
        by_entity = self._steps_from()
        named = self._name_of_coded(by_entity)
        if named is not None:
            return named
        related = self._related_as_asked()
        if related is not None:
            return related
        chosen_one = self._alternative_asked() or self._offered_entity() or self._named_by_other_name()
        if chosen_one is not None:
            return chosen_one
        # never an answer the question typed itself (the code it named the entity by)
        # (one of the two a named record is between may be what is asked of it: "who won Arsenal v Leicester City")
        first = [s for m in sorted(self.mentioned) for s in by_entity.get(m, [])
                 if (s.value or s.to not in self.mentioned or (s.at in self.between and s.to in s.at))
                 and not (s.value and s.to.strip().lower() in self.codes)
                 and not (s.value and (self._given(s.to) or self._restates(s) or self._typed_whole(s)))]
        if not first:
            top = min(self.facts, key=lambda f: (-self._score(f), f.id))
            return _sentence(top.tail), [top.id]
        # whether the question names what it asks about in words (a relation, a key, a type): then every fact
        # of a chain must state one; otherwise chains are read by embedding similarity
        any_words = any(s.words for s in first)
        self.relation_named = any(s.relation_words for s in first)
        longest = MAX_FACTS if any_words else 2  # without relation words, chains by embedding: two facts at most
        chains: list[_Chain] = []
        frontier = [_Chain((s,), s.words | self._kind_mark(s)) for s in first]
        looked = 0
        while frontier:
            chains += [c for c in frontier if not c.pending]
            if len(frontier[0].steps) >= longest or looked > MAX_CHAINS:
                break
            grown: list[_Chain] = []
            for chain in frontier:
                last = chain.steps[-1]
                if last.value or last.other is not None or last.to in self.mentioned:
                    continue  # a value ends a chain, as does a side of a named record (the answer asked of it)
                # a chain may come back to an entity it passed (never to the question's): "who directed the
                # movies whose writers also wrote X" may be that writer; each fact is read once
                used = {s.fact.id for s in chain.steps}
                passed = {s.at for s in chain.steps}
                for step in by_entity.get(last.to, []):
                    # a relationship's property ends a chain of two facts only, where that relationship reaches
                    # another entity the question names and the value is what is asked, by its kind or its key
                    # ("since when has the MP for X been in party Y": X's MP, then the start of his membership of Y;
                    # not the start of the visit that took place where the question asks)
                    # (... or where its key is the noun the question asks for, whatever it reaches: "which mega
                    # stone does the Pokemon that Riolu evolves into use": Lucario's mega evolution's stone)
                    if step.fact.id in used or (step.other is not None and (
                            len(chain.steps) > 1 or step.other in passed
                            or not (self._kind_mark(step) or step.relation_words)
                            or (step.other not in self.mentioned and not self._key_asked(step)))):
                        continue
                    # (... nor to it by a value that names it: "which show does Son Ye-jin act in" is not her role's
                    # `actors` "Son Ye-jin", a word "act" states; k-dramas, spent)
                    if (not step.value and step.to in self.mentioned) or (step.value and (
                            self._given(step.to) or self._restates(step) or self._typed_whole(step)
                            or fold(step.to) in self._mentioned_folds)):
                        continue
                    nxt = self._extend(chain, step, any_words)
                    if nxt is not None:
                        grown.append(nxt)
                        looked += 1
            frontier = grown
        # how many ends each chain's way (its start, then each fact's relation and direction) reaches in the
        # context: of two ways that state as much, the one that reaches one thing answers "which city hosted the
        # 2004 Olympics" (2004's one Games' city), not one of the many it reaches through a crowd (the cities of
        # the 200 countries with a GDP that year)
        ends: dict[tuple[Any, ...], set[str]] = {}
        for c in chains:
            ends.setdefault(self._way(c), set()).add(c.steps[-1].to)
        self.spread = {way: len(reached) for way, reached in ends.items()}
        # (what the question set aside is no answer, nor the way to one, nor a value of a tie to it, where anything
        # else is: "besides Pfizer/BioNTech, which vaccine did Hong Kong use" read the date of Hong Kong's USES of
        # Pfizer/BioNTech; covid-vaccinations, spent)
        chains = [c for c in chains if not any(
            s.to in self.excluded or (s.fact.via is not None and {s.fact.head, s.fact.via[1]} & self.excluded)
            for s in c.steps)] or chains
        # (the types the chains end at, which `_noun_farther` weighs against each other)
        self.end_types = {t for c in chains if not c.steps[-1].value and (t := self.types.get(c.steps[-1].to))}
        for c in chains:
            c.key = self._rank(c, any_words)
        best = min(chains, key=lambda c: c.key)
        # a value that another, equally ranked value extends says less of the same thing: a day ("2021-01-01")
        # where the other gives its moment ("2021-01-01 23:20:41"); only the facts' closeness to the words told
        # them apart, and it favours the shorter key ("datetime updated" over "... seconds")
        said = best.steps[-1].to
        fuller = [c for c in chains if c.key[:-2] == best.key[:-2] and c.steps[-1].value and best.steps[-1].value
                  and len(c.steps[-1].to) > len(said) and c.steps[-1].to.startswith(said)]
        if fuller:
            best = min(fuller, key=lambda c: c.key)
        ids = [s.fact.id for s in best.steps]
        members = self._other_members(best, by_entity)
        if members is not None:
            return members[0], ids + members[1]
        if self.asks_name and best.steps[-1].value:
            # a name asked, a value reached: a shorter name of the entity the chain reached names it less fully
            # than its own name ("the full name of the party X ran for": the party, not its short name "IA")
            end = best.steps[-1]
            if len(best.steps) > 1 and end.at not in self.mentioned and len(end.to) < len(end.at):
                return _sentence(end.at), ids[:-1]
            # ... or the value is what another entity is known by (X's party "IA": the party whose short name is
            # IA), where exactly one entity of the context holds it
            said = _norm(end.to)
            passed = {s.at for s in best.steps}
            holders = sorted({(f.head, f.id) for f in self.facts if f.kind == "property" and f.via is None
                              and f.head not in passed and _norm(f.tail) == said})
            if len({h for h, _ in holders}) == 1:
                return _sentence(holders[0][0]), ids + [holders[0][1]]
        held = self._value_of_attribute(best)
        if held is not None:
            return _sentence(held.tail), ids + [held.id]
        amount = self._amount_named(best)
        if amount is not None:
            return _sentence(amount.tail), ids + [amount.id]
        measured = self._measured_value(best)
        if measured is not None:
            return _sentence(measured.tail), ids + [measured.id]
        # a date asked, an entity named by its type and a date reached ("Year 1957"): the date its name states
        end_type = None if best.steps[-1].value else self.types.get(best.steps[-1].to)
        dated = labelled_date(best.steps[-1].to, key_text(end_type)) if self.kind == "date" and end_type else None
        return _sentence(dated or best.steps[-1].to), ids

    def _measured_value(self, chain: _Chain) -> Fact | None:
        """Where the chain ends at a measurement, an entity that holds one number under a key that says a value
        (`value`, `amount`, `wert`) and no other number ("Temperature °C" {unit: °C, value: 18.5}, "Retail trade"
        {value: 429.7}: a monthly series' readings, each a node of its own), that number: the entity's name says
        only what was measured, its value is what "what was the average temperature in July 2022" asks
        (dutch-weather-sales, spent, answered "Temperature °C"). Not where the question asks for an entity (who,
        where, when, which <type>, a name) or names the measurement itself. None otherwise."""
        end = chain.steps[-1]
        if end.value or end.fact.kind != "edge" or end.to in self.mentioned or self.asks_name \
                or self.wh_noun is not None or self.kind in ("agent", "place", "date"):
            return None
        return self._measurement(end.to)

    def _measurement(self, entity: str) -> Fact | None:
        """The one number `entity` holds, where it holds one only and under a key that says a value
        (`_measured_value`); None otherwise."""
        if self._measured is None:
            held: dict[str, list[Fact]] = {}
            for f in self.facts:
                if f.kind == "property" and f.via is None and _NUMERIC.fullmatch(f.tail.strip()):
                    held.setdefault(f.head, []).append(f)
            self._measured = {h: fs[0] for h, fs in held.items()
                              if len(fs) == 1 and content_stems(key_text(fs[0].relation)) & _VALUE_STEMS}
        return self._measured.get(entity)

    def _amount_named(self, chain: _Chain) -> Fact | None:
        """Where an amount is asked ("how much RAM does X have", "how big is the battery of Y") and the chain ends
        at a record named by what it holds ("RAM 4", "Li-Po 8720": its label or kind, then its value), the one
        fact of that record whose number its name states (capacity_gb 4, capacity_mah 8720): the amount it holds,
        not the record's name (mobile-devices, spent). None otherwise."""
        end = chain.steps[-1]
        if end.value or self.kind not in ("amount", "count"):
            return None
        numbers = set(_NUMERIC.findall(end.to))
        held = [f for f in self.facts if f.kind == "property" and f.via is None and f.head == end.to
                and f.tail.strip() in numbers and value_kind(f.tail, "amount")]
        return held[0] if len({f.relation for f in held}) == 1 else None

    def _value_of_attribute(self, chain: _Chain) -> Fact | None:
        """Where the chain ends at an attribute the question names by all its words, reached from a named entity by a
        tie that holds the attribute's value ("UR10e -HAS_PROPERTY {numeric_value: 12.5, unit: kg}-> Load capacity
        [kg]": "what is the load capacity of the UR10e"), that value: the tie's property whose key says a value
        (`value`, `amount`, `wert`), else its one number. None otherwise, and where the question asks for an
        entity of the attribute's type ("which property does X have")."""
        end = chain.steps[-1]
        if end.value or end.at not in self.mentioned or end.fact.kind != "edge":
            return None
        words = content_stems(end.to)
        typ = self.types.get(end.to)
        if not words or not words <= self.q_stems | content_stems(self.question) or (
                self.wh_noun is not None and typ is not None and self.wh_noun in _type_words(typ)):
            return None
        tie = [f for f in self.facts if f.kind == "property" and f.via is not None and f.head == end.at
               and f.via == (end.fact.relation, end.to)]
        said = [f for f in tie if content_stems(key_text(f.relation)) & _VALUE_STEMS]
        numbers = [f for f in tie if _NUMERIC.fullmatch(f.tail.strip())]
        found = said if len(said) == 1 else numbers if len(numbers) == 1 else []
        return found[0] if found else None

    def _other_members(self, chain: _Chain, by_entity: Mapping[str, list[_Step]]) -> tuple[str, list[str]] | None:
        """Where the chain ends at a group named by its members, one of them the entity the question names ("Phil
        Dalhausser + Todd Rogers", a beach-volleyball team reached from Phil Dalhausser), and the question does not
        ask for the group by its type: the group's name says the named one back, and the others it names, reached
        from it in the context, are the answer ("who is Phil Dalhausser's partner": Todd Rogers; beach-volleyball,
        spent)."""
        end = chain.steps[-1]
        if end.value or end.to in self.mentioned or (
                self.wh_noun is not None and self.wh_noun in self._type_stems(end.to)):
            return None
        parts = {_norm(p) for p in _MEMBERS.split(end.to) if p.strip()}
        start = chain.steps[0].at
        if len(parts) < 2 or _norm(start) not in parts:
            return None
        others = sorted({(s.to, s.fact.id) for s in by_entity.get(end.to, [])
                         if not s.value and s.to != start and _norm(s.to) in parts})
        if not others:
            return None
        return _sentence(", ".join(dict.fromkeys(n for n, _ in others))), [i for _, i in others]

    def _name_of_coded(self, by_entity: Mapping[str, list[_Step]]) -> tuple[str, list[str]] | None:
        """The name of the one entity the question names by a code or initials alone, where the question asks
        nothing else of it: its name ("what does SD stand for", "the full name of ..."), what it is ("what is
        disease H00131": the name its code stands for) or the entity itself by its type ("which drug has the KEGG
        code D01211": the Drug). Answered from the fact that states the code, else from nothing but the name."""
        if len(self.by_code) != 1 or len(self.mentioned) != 1:
            return None
        entity, fact = next(iter(self.by_code.items()))
        if entity not in self.mentioned:
            return None
        # a relation or key the question says, other than the code's own, is what is asked of it
        asked = any(s.relation_words for s in by_entity.get(entity, []) if s.fact.id != fact)
        if asked and not self.asks_name:
            return None
        # ... or the question says nothing the context's words say, nor asks a kind of value: named by its code
        # alone, the entity is what is asked ("ISL은 어느 나라야?": which country is ISL)
        says_nothing = self.kind is None and self.wh_noun is None and not any(
            s.words for steps in by_entity.values() for s in steps)
        # (... or its name says the noun asked where no type does: "which company trades under the ticker PRLB" is
        # "Proto Labs, Inc.", a Stock; senator-stocks, spent, answered its industry)
        if not (self.asks_name or self.defines or says_nothing or (
                self.wh_noun is not None and (self.wh_noun in self._type_stems(entity)
                                              or self.wh_noun in self._name_says_noun(entity)))):
            return None
        return _sentence(entity), [fact] if fact is not None else []

    def _key_asked(self, step: _Step) -> bool:
        """The value's key is what the question's "which"/"what" asks for, with the word before it where the key
        has two ("which mega stone": `megaStone`; not "which level" of a key `level` alone where "what" named it)."""
        key = content_stems(key_text(step.fact.relation))
        return self.wh_noun is not None and self.wh_noun in key and (
            len(key) < 2 or (self.wh_modifier is not None and self.wh_modifier in key))

    def _related_as_asked(self) -> tuple[str, list[str]] | None:
        """A yes/no question naming two entities ("is Snorlax a Normal type?", "was X directed by Y?") asks whether
        the context relates them: where a fact does, the entity named last (what the question says the first one is),
        from that fact. Without one, the question is read as any other (no "no": the context is not the graph)."""
        if not self.yes_no or len(self.mentioned) < 2:
            return None
        at = {n: self.said_at.get(n, -1) for n in self.mentioned}
        facts = sorted((f for f in self.facts if f.kind == "edge" and f.head != f.tail and f.head in self.mentioned
                        and f.tail in self.mentioned and not {f.head, f.tail} & self.between),
                       key=lambda f: (min(at[f.head], at[f.tail]), -max(at[f.head], at[f.tail]), f.id))
        if not facts:
            return None
        f = facts[0]
        return _sentence(f.head if at[f.head] > at[f.tail] else f.tail), [f.id]

    def _named_by_other_name(self) -> tuple[str, list[str]] | None:
        """"Which plant is also known as Indian saffron" asks for the entity the question names by another of its
        names: where the one entity named was linked by a name not its own (through a naming relationship, its node
        "indian saffron" ALSO_KNOWN_AS of Turmeric), that fact states it, and the noun asked is the entity's type,
        the entity itself, from that fact (medicinal-plants, spent, answered "indian saffron", which the question
        typed). None otherwise."""
        if len(self.mentioned) != 1 or self.wh_noun is None or self.yes_no:
            return None
        (named,) = self.mentioned
        typed = key_tokens(self.mention_of.get(named, ""))
        if not typed or typed == key_tokens(named) or self.wh_noun not in self._type_stems(named):
            return None
        facts = sorted((f for f in self.facts if f.kind == "edge" and f.head != f.tail and named in (f.head, f.tail)
                        and key_tokens(f.tail if f.head == named else f.head) == typed), key=lambda f: f.id)
        return (_sentence(named), [facts[0].id]) if facts else None

    def _alternative_asked(self) -> tuple[str, list[str]] | None:
        """A question that offers two entities to choose from ("X是省级部门还是市级部门", "is X a provincial or a
        city department") asks which of them the context relates to the other entity it names: where a fact ties
        exactly one of the two to it, that one, from that fact (guangdong-gov-services, spent: answered a provincial
        court, a member of 省级). The two are named next to each other, 还是 or "or" between them with at most a
        short word (a type word, an article) besides. None otherwise."""
        if len(self.mentioned) < 3:
            return None
        text = self.question.lower()
        spans = sorted((at, at + len(self.mention_of[n]), n) for n in self.mentioned
                       if (at := self.said_at.get(n, -1)) >= 0 and n in self.mention_of)
        pairs = [(a[2], b[2]) for a, b in zip(spans, spans[1:], strict=False)
                 if _ALTERNATIVE.fullmatch(text[a[1]:b[0]])]
        if len(pairs) != 1:
            return None
        first, second = pairs[0]
        others = self.mentioned - {first, second}
        ties = {choice: sorted(f.id for f in self.facts if f.kind == "edge" and f.head != f.tail
                               and {f.head, f.tail} & others and choice in (f.head, f.tail))
                for choice in (first, second)}
        tied = [c for c, ids in ties.items() if ids]
        if len(tied) != 1:
            return None
        return _sentence(tied[0]), ties[tied[0]][:1]

    def _offered_entity(self) -> tuple[str, list[str]] | None:
        """A question that offers options ("is Catwoman among the good, the bad or the neutral characters") where the
        question names one entity whose name says an option ("Neutral Characters") and a fact ties it to another
        entity it names: that one, from that fact (comic-characters, spent: answered her `alive` "Living
        Characters"). Where it is tied to none, the chains read the options as words (`offered`); None then."""
        if not self.offered or len(self.mentioned) < 2:
            return None
        ties = {}
        for n in sorted(self.mentioned):
            # (a name that says two options, "for women and men", is none of them: "is X a men's or a women's
            # fragrance" is not answered by another perfume's target; fragrantica-perfumes, spent)
            if len(content_stems(n) & self.offered) != 1:
                continue
            ids = sorted(f.id for f in self.facts if f.kind == "edge" and f.head != f.tail and n in (f.head, f.tail)
                         and ({f.head, f.tail} - {n}) & self.mentioned
                         and not content_stems(f.tail if f.head == n else f.head) & self.offered)
            if ids:
                ties[n] = ids
        if len(ties) != 1:
            return None
        (name, ids), = ties.items()
        return _sentence(name), ids[:1]

    @functools.cached_property
    def _fan(self) -> dict[tuple[str, str, bool], set[str]]:
        """By (entity, relation, whether the entity is its start), the other ends of the context's relationships."""
        fan: dict[tuple[str, str, bool], set[str]] = {}
        for f in self.facts:
            if f.kind == "edge" and f.head != f.tail:
                fan.setdefault((f.head, f.relation, True), set()).add(f.tail)
                fan.setdefault((f.tail, f.relation, False), set()).add(f.head)
        return fan

    def _sole_tie(self, step: _Step) -> bool:
        """A relationship property's step read from the relationship's start, which has no other relationship of that
        type in the context, whose key states a word of the question that the relationship's own type does not (a
        species' `ameaca` on its one CLASSIFICADA_COMO: the key alone says "ameaça"). Not from its end (an order
        line's unit price is Chai's price in no order), nor where the relationship says the question's word itself
        ("diubah oleh pasal apa": the article AMENDED BY reaches, not the tie's `amendment number`)."""
        via = step.fact.via
        if via is None or step.at != step.fact.head or not step.relation_words \
                or content_stems(key_text(via[0])) & self.q_stems:
            return False
        return len(self._fan.get((step.at, via[0], True), ())) == 1

    @functools.cached_property
    def _tied(self) -> dict[str, set[str]]:
        """By entity, the entities a relationship of the context ties it to (either end)."""
        tied: dict[str, set[str]] = {}
        for f in self.facts:
            if f.kind == "edge" and f.head != f.tail:
                tied.setdefault(f.head, set()).add(f.tail)
                tied.setdefault(f.tail, set()).add(f.head)
        return tied

    def _restates_neighbour(self, entity: str, value: str) -> bool:
        """Whether `value`, a value of `entity` longer than a name, says the whole name of an entity `entity` is tied
        to among other words (an address naming the prefecture the place is in). Read once per (entity, value):
        every chain ending at the value asks, and a hub has hundreds of ties."""
        known = self._restated.get((entity, value))
        if known is None:
            low = value.casefold()
            known = any(len(n) >= 3 and n.casefold() != low.strip() and re.search(
                rf"(?<!\w){re.escape(n.casefold())}(?!\w)", low) is not None for n in self._tied.get(entity, ()))
            self._restated[(entity, value)] = known
        return known

    @functools.cached_property
    def _restated(self) -> dict[tuple[str, str], bool]:
        """`_restates_neighbour`'s answers so far."""
        return {}

    @functools.cached_property
    def _counted_keyed(self) -> bool:
        """Whether a value's key of the context says the noun "how many" counts (`counted`)."""
        return self.counted is not None and any(
            f.kind == "property" and self.counted in content_stems(key_text(f.relation)) for f in self.facts)

    @functools.cached_property
    def _mentioned_folds(self) -> frozenset[str]:
        """The names of the entities the question names, folded (`fold`)."""
        return frozenset(fold(m) for m in self.mentioned)

    def _given(self, value: str) -> bool:
        """A date on a day the question names, never an answer: the question states it ("the chart starting
        2019-04-05": its start; "where did X's visit that started on 2 May 2020 at 09:06 take place": the visit's
        start time). A moment on that day still answers a question that asks when or at what time."""
        days = value_dates(value)
        if not days or not days <= self.q_days or not value_kind(value, "date"):
            return False
        asks_time = self.kind == "date" or re.search(r"\bwhat time\b", self.question.lower()) is not None
        return len(value.strip()) <= 10 or not asks_time

    @functools.cached_property
    def _typed_numbers(self) -> frozenset[str]:
        """The whole numbers the question types ("2017"; not the parts of "3.5" or "12,000")."""
        return frozenset(re.findall(r"(?<![\d.,])\d+(?![\d.,]\d)", self.question))

    def _typed_whole(self, step: _Step) -> bool:
        """A value of two words or more (or a number) that the question types whole, under a key it does not say,
        where it offers no choice ("... or ..."): it says which one, it is not asked ("the anime in which Romi Park
        voices Nana Osaki": which voicing, by its `character`; the studio is asked; anime-top1000, spent). Asked by
        its key, it is the answer, as `_restates` reads it."""
        typed = key_tokens(step.to)
        if step.relation_words or re.search(r"\bor\b", self.question.lower()):
            return False
        # ... and so does a number it types ("how much did the Red Sox pay Chris Sale in 2017": the PAYS tie's
        # season 2017 says which tie, its salary is asked; mlb-payrolls, spent)
        if re.fullmatch(r"\d+", step.to.strip()):
            return step.to.strip() in self._typed_numbers
        if len(typed) < 2:
            return False
        return any(self.tokens[i:i + len(typed)] == typed for i in range(len(self.tokens) - len(typed) + 1))

    def _restates(self, step: _Step) -> bool:
        """A value that is its own entity's name, under a key the question does not say, tells nothing of it (a
        Date node named by its `value` "Jan 2015"): "which ring was Docker in on the Jan 2015 radar" is not
        answered "Jan 2015"; nor is a number its name states. Asked by its key, it is the answer ("the serial number
        of truck 1421413P")."""
        if step.other is not None or step.relation_words:
            return False
        # ... nor a number its name states ("regnum" 500 of the charter "RI III,2,3 n. 500"), nor the name it was
        # told apart from its namesakes by ("端午节" of "端午节 3129", an item named by its name and list number:
        # china-intangible-heritage, spent, answered its own name for its number and its region)
        # ... nor its name as a key spells it, run together in lower case, a code's prefix before it ("ARP:
        # comissiocatalanadebioseguretat" of the Comissió Catalana de Bioseguretat, its `pk`; generalitat-org-chart,
        # the thirty-sixth split's, answered it for the directorate the commission depends on)
        return _norm(step.to) == _norm(step.at) or _slug_of(step.to, step.at) or (
            step.to.strip().isdigit() and step.to.strip() in re.findall(r"\d+", step.at)) or (
            bool(step.to.strip()) and step.at.startswith(step.to.strip() + " ")
            and step.at[len(step.to.strip()):].strip().isdigit())

    def _repeated_word(self, step: _Step) -> bool:
        """The question says the relation's word twice ("the director of X also directed")."""
        return any(self.q_counts.count(w) >= 2 for w in content_stems(step.relation))

    def _says_sharing(self, step: _Step) -> bool:
        """The question says "also", "same", "co-" of this relation (or names no relation at all: "who appeared
        in the same movie with X")."""
        return self.sharing and (bool(step.relation_words) or not self.relation_named)

    def _extend(self, chain: _Chain, step: _Step, any_words: bool) -> _Chain | None:
        # the class asked for is stated by the answer, not by an entity a chain passes on its way ("who directed
        # Return of the Jedi": not a character of it, her other film, and that film's director); a chain is only
        # extended from an entity (a value ends it), so a kind it stated so far was that of an entity passed
        chain = _Chain(chain.steps, chain.covered - {KIND_CLASS}, chain.pending)
        if self.via_words and step.words & self.via_words:  # the referring clause's words: the first fact's
            step = replace(step, words=step.words - self.via_words,
                           relation_words=step.relation_words - self.via_words)
        grown = self._grow(chain, step, any_words)
        # the class of the entity it ends at, however it was reached (a value's kind counts where _grow says)
        return None if grown is None else _Chain(grown.steps, grown.covered | (self._kind_mark(step) & {KIND_CLASS}),
                                                 grown.pending)

    def _grow(self, chain: _Chain, step: _Step, any_words: bool) -> _Chain | None:
        last = chain.steps[-1]
        new = step.words - chain.covered
        if chain.pending:  # the repeat before this step must be justified by a new question word now
            return _Chain((*chain.steps, step), chain.covered | step.words) if new else None
        # a relation repeated is the same tie again, unless this fact's own words (its relationship's text) state a
        # question word the last one did not: "the president of the company X is a spokesman for" is X INVOLVED
        # WITH (Spokesman) a company, then who is INVOLVED WITH (President) it (trumpworld, spent: answered the
        # company)
        if not step.value and step.relation == last.relation \
                and not step.relation_words - last.relation_words - chain.covered:
            # a repetition that reaches the type the question asks for is a hierarchy climbed ("which country is
            # Place nr 88 in": PART_OF a region, PART_OF a country), unless the question says the relation's word
            # twice: then the repetition is asked, as below ("which company owns the owner of X": the owner's owner,
            # not X's owner, which the climb tied with; nigeria-oil-contracts, spent)
            # (... past a type that says the noun only before its head: "Continent_Region" to its Continent)
            # (... or the kind its own kind fact says: a taxon of level "order", "which soil order do the Natraquerts
            # belong to", two CHILD_OF up from a great group; soil-taxonomy, spent, answered its code)
            # (... or, out from the entity named and back, the same tie at another level: "which country was the
            # genome from Starnberg found in" is the strain FOUND_IN Starnberg, then the Country it is FOUND_IN;
            # coronavirus-strains, spent, answered the strain. Not back to one of the named entity's own type: that
            # is a sibling of it, another film of its director)
            onwards = (step.at == step.fact.head) == (last.at == last.fact.head)
            fanned = not onwards and len(chain.steps) == 1 and last.at == last.fact.tail \
                and self.types.get(step.to) is not None \
                and self.types.get(step.to) != self.types.get(last.at)
            if self.wh_noun is not None and not self._repeated_word(step) \
                    and (self.wh_noun in self._type_stems(step.to)
                         or self.wh_noun in self.kind_values.get(step.to, ())) \
                    and (self.wh_noun not in chain.covered or (self._noun_before_head(step.at)
                                                               and not self._noun_before_head(step.to))) \
                    and (onwards or fanned):  # onwards or fanned out, not back down
                return _Chain((*chain.steps, step), chain.covered | step.words)
            # the repetition the question asks for counts as stated (after the question's words, see _rank): a
            # relation word said twice, or a word of sharing ("which films share the director of X"); a
            # repetition in the middle of a chain must still be followed by a fact that states a new word
            repeat = {"=" + step.relation}
            if self._repeated_word(step):
                return _Chain((*chain.steps, step), chain.covered | step.words | repeat)
            # (... not where the first fact already reached someone "who" asks for: "who has X co-authored papers
            # with" is X's cooperateWith, a tie between two people; the sharing is through a thing of another kind,
            # the film two actors co-star in; faculty-coauthors, spent, answered a co-author's co-author)
            # (a body between two people is what they share, the band of "who was X's bandmate")
            if self._says_sharing(step) and not (len(chain.steps) == 1 and self.asked_class is AGENT_TYPES
                                                 and not last.value and self._someone(last.to)
                                                 and self._someone(last.at)):
                return _Chain((*chain.steps, step), chain.covered | step.words | repeat)
            if len(chain.steps) + 1 < MAX_FACTS and any_words:
                return _Chain((*chain.steps, step), chain.covered | step.words, pending=True)
            return None
        mark = self._kind_mark(step)
        # a place may be reached by its class alone ("where is X's talk": its venue); someone may not: "who" is
        # answered by many entities a chain passes ("who did the sparrows fly to": Peter, not the man who chased him)
        # (... and so may a name stored under an agent's key: one value, not an entity many chains pass)
        if mark and not mark & chain.covered and (mark != {KIND_CLASS} or self.asked_class is PLACE_TYPES
                                                  or self._record(step.at) or step.value):
            # a value of the kind the question asks for states its question word: "when did the transfer from X take
            # place" is X's transfer and its date, though no word says "begin" (fincen, a graph of the spent frozen
            # split: the reader answered X's map location instead); so does an entity of the class asked for
            # ("where is X's talk": X's talk, then its venue, though no word says "venue")
            return _Chain((*chain.steps, step), chain.covered | step.words | mark)
        # ... but where the first fact reached something that is no one (a Film), someone the next one reaches by a
        # relation stating a word of the question answers "who", the word said once already or not ("who played
        # Bond opposite Jill St. John": her film, then its Bond, Sean Connery, AS BOND IN it; a two-hop question
        # was answered a hop short in 29 of the 294 failures of the frozen runs 14-23)
        if mark == {KIND_CLASS} and self.asked_class is AGENT_TYPES and len(chain.steps) == 1 and not step.value \
                and step.relation_words and step.at not in self.mentioned and self.types.get(step.at) is not None \
                and not self._in_class(step.at):
            return _Chain((*chain.steps, step), chain.covered | step.words | mark)
        # ... and so does the one someone tied to it at all, where the next relation states no word ("who operates
        # the line through Jurubatuba": the line, then the one Company that OWNs it; sao-paulo-transport, tune,
        # answered with the line)
        # (only where the first fact said none of the question's words: "who did the sparrows fly to" is answered by
        # the one FLEW_TO reaches, Peter, not by the man who chased him; the story graph)
        if mark == {KIND_CLASS} and self.asked_class is AGENT_TYPES and len(chain.steps) == 1 and not step.value \
                and not chain.steps[0].relation_words \
                and step.at not in self.mentioned and self.types.get(step.at) is not None \
                and not self._in_class(step.at) and self._agents_of(step.at) == {step.to}:
            return _Chain((*chain.steps, step), chain.covered | step.words | mark)
        # "which prefecture is the saved place that serves curry in": the entity referred to by its type and its tie
        # to the one named (`via_type`) is where the question's ask begins, so one fact on from it is read whatever
        # it states (its Region; japan-saved-places, spent, answered the place itself)
        # (to an entity: a value no word asks for is no answer to it, the place's `saved list` "star")
        if self.via_type is not None and len(chain.steps) == 1 and not last.value and step.at == last.to \
                and not step.value \
                and step.at not in self.mentioned and self.via_type in self._type_stems(step.at) \
                and step.to not in self.mentioned and self.types.get(step.to) != self.types.get(step.at):
            return _Chain((*chain.steps, step), chain.covered | step.words)
        # an entity whose type says the noun asked only before its head ("ProductVersion" for "which product") is
        # another kind than the one asked, so one fact on to an entity whose type says it as its head is read
        # whatever that fact states ("which product is affected by CVE-X": the version X AFFECTS, then the Product
        # it is a VERSION_OF; nvd-cve, spent, answered the version). _rank puts the noun's own type first.
        if self.wh_noun is not None and len(chain.steps) == 1 and not step.value and step.at == last.to \
                and step.at not in self.mentioned and step.to not in self.mentioned \
                and self._noun_before_head(step.at) and self.wh_noun in self._type_stems(step.to) \
                and not self._noun_before_head(step.to):
            return _Chain((*chain.steps, step), chain.covered | step.words)
        if any_words or step.words:
            return _Chain((*chain.steps, step), chain.covered | step.words) if new else None
        if step.at in self.bridges \
                and self.types.get(step.to) != self.types.get(step.at) \
                and not self._asked_type(step.at):  # not another of its kind, nor past what was asked
            # from the entity two named entities share, what else it holds is what is asked, whatever the
            # relation is called (the graph's POSITION for "which ring")
            return _Chain((*chain.steps, step), chain.covered | step.words)
        if self.rel_emb[self._relation(step.fact)] < self.reader.chain_threshold:
            return None
        return _Chain((*chain.steps, step), chain.covered | step.words)

    @functools.cached_property
    def _agents(self) -> dict[str, set[str]]:
        """entity -> the entities of the class "who" asks for that an edge of the context ties to it."""
        out: dict[str, set[str]] = {}
        for f in self.facts:
            if f.kind == "edge" and f.head != f.tail:
                for a, b in ((f.head, f.tail), (f.tail, f.head)):
                    if self._in_class(b):
                        out.setdefault(a, set()).add(b)
        return out

    def _key(self, relation: str) -> str:
        """A property's key as its kind is read: in English beside itself where a Vietnamese question's graph writes
        it in Vietnamese (`english_key`)."""
        return english_key(relation) if self.vietnamese else relation

    def _agents_of(self, name: str) -> set[str]:
        return self._agents.get(name, set())

    def _kind_mark(self, step: _Step) -> set[str]:
        """{KIND_STATED} for a stated value of the kind the question asks for (a date, a count, an amount: read off
        the value; or of the form it names, "the three-letter code": "POL"), {KIND_CLASS} for an entity of the class
        it asks for (an agent, a place: read off its type's name), else nothing."""
        if step.value:
            kind = self.kind in ("date", "count", "amount") and value_kind(step.to, self.kind,
                                                                            key=self._key(step.fact.relation))
            if kind or (self.form is not None and _form_fits(step.to, self.form)):
                return {KIND_STATED}
            # (... as is one under the key of the dimension asked, however it is written, as `_rank` reads it: "how
            # much light": a `light requirement` "full sun to partial shade"; flora-graph, spent)
            if self.kind in ("count", "amount") and self.dimension_stems \
                    and content_stems(self._key(step.fact.relation)) & self.dimension_stems:
                return {KIND_STATED}
            # a season asked is two years spanned, whatever its key ("in which season did X play": its team's
            # `year` "1990-1991"; nba-six-dribbles, spent)
            if self.wh_noun == _SEASON and season_span(step.to):
                return {KIND_STATED}
            # a name stored under an agent's key ("author") is of the class "who" asks, as an entity of an agent type
            # is: it may end a chain, and counts as no word
            # (... and a value stored under a place's key, "address", of the class "where is X" asks: "where is the
            # Lebanese place": its address, one step past the restaurant the cuisine names; cornwall-restaurants,
            # tune, answered with the restaurant. Not "where can I get Caribbean food": the place that serves it is
            # what is asked, not its street)
            # (... not a value that is a type of the context: a `role` "Professor" beside the label Professor says what
            # someone is, it names no one; faculty-coauthors, spent, answered "who has X collaborated with" so)
            return {KIND_CLASS} if (self.kind == "agent" or (self.kind == "place" and self.located)) and value_kind(
                step.to, self.kind, key=self._key(step.fact.relation)) \
                and not (self.kind == "agent" and _norm(step.to) in self._type_names) else set()
        # an entity that is a span of time answers "when" as a date does ("when did Allosaurus live": the Period it
        # lived during, not the million years its relationship's from/to state; dinosaurs, spent)
        typ = self.types.get(step.to)
        if self.kind == "date" and typ is not None and (time_type(key_text(typ))
                                                        or labelled_date(step.to, key_text(typ)) is not None):
            return {KIND_STATED}
        return {KIND_CLASS} if self._in_class(step.to) or self._located_at(step) else set()

    @functools.cached_property
    def _one_types(self) -> set[str]:
        """The types of the named entities the question refers to as "the <name> one(s)": of the kind its "which"
        asks for ("which radar came after the Jul 2011 one")."""
        low = self.question.lower()
        return {t for n in self.mentioned if (t := self.types.get(n)) is not None
                and re.search(r"\bthe\s+" + re.escape((self.mention_of.get(n) or n).lower()) + r"\s+ones?\b", low)}

    @functools.cached_property
    def _who_plays(self) -> bool:
        """The question asks who plays, played or portrays a part ("who plays X", "who played the woman X loves")."""
        return _WHO_PLAYS.match(self.question) is not None

    @functools.cached_property
    def _type_names(self) -> frozenset[str]:
        """The context's entity types as words, normalised as `_norm` reads a value ("Professor", "Product Version")."""
        return frozenset(_norm(key_text(t)) for t in set(self.types.values()) if t)

    def _located_at(self, step: _Step) -> bool:
        """"where" asked, the step reaches what a relation says its start is located in (IS_LOCATED_IN, SITUATED_IN):
        a place, whatever its type is called."""
        return self.kind == "place" and not step.value and step.fact.kind == "edge" and step.at == step.fact.head \
            and step.at != step.to and _LOCATED_STEM in content_stems(key_text(step.fact.relation))

    def _noun_before_head(self, name: str) -> bool:
        """The entity's type says the noun asked only before its head ("Continent_Region" for "which continent")."""
        typ = self.types.get(name)
        if self.wh_noun is None or not typ or CJK_LETTER.search(typ):
            return False
        words = key_tokens(key_text(typ))
        # (Spanish and Portuguese say the head first: a type named in the question's own words, "CategoriaAmeaca" of
        # "em que categoria de ameaça", is a Categoria; brazil-threatened-species, spent, answered the `ameaca` of
        # the classification, read as asking the "ameaça" the category only qualified. A type named in English
        # words, "ThreatCategory" of "qué categoría", is read head last as before.)
        if self.language == "spanish" and len(words) > 1 and fold(words[0]).lower() in self._typed_words:
            words = (*words[1:], words[0])
        return len(words) > 1 and stem(words[-1]) != self.wh_noun and self.wh_noun in {stem(w) for w in words[:-1]}

    @functools.cached_property
    def _typed_words(self) -> frozenset[str]:
        """The question's words and numbers as typed (`_TYPED_WORD`), diacritics folded, in lower case."""
        return frozenset(_TYPED_WORD.findall(fold(self.question).lower()))

    def _kind_of_named(self, name: str, named: Iterable[str]) -> bool:
        """Is the entity of a type one of `named` (entities the question names) has."""
        mine = self.all_types.get(name, set())
        return bool(mine) and any(mine & self.all_types.get(n, set()) for n in named)

    def _asked_type(self, name: str) -> bool:
        """The entity is of the type or class the question asks for ("which place": a Place is the answer, not
        what it is part of)."""
        return self._in_class(name) or (self.wh_noun is not None and self.wh_noun in self._type_stems(name))

    def _record(self, name: str) -> bool:
        """An entity named by its type and a key ("Appearance Karim Benzema_Real Madrid in 29362894", "Goal
        29362894_6970"; schema inference names a record so): who or where it concerns is an entity it links to, so
        a chain reads on through it to one of the class asked for ("who scored goal X": the player of the
        appearance that had it, not the appearance)."""
        typ = self.types.get(name)
        if not typ:
            return False
        label = key_text(typ).lower() + " "
        return name.lower().startswith(label) and re.search(r"[\d_]", name[len(label):]) is not None

    def _name_begins(self, text: str) -> bool:
        """A name the question mentions begins `text` (lower case): "how many Lemon Grass Rg", "how much pisco"."""
        return any(text.startswith(n.lower()) for n in self.mentioned)

    def _acted_with(self, said: re.Match[str] | None) -> str | None:
        """The one entity the question mentions, where `said` reads it whole as its group `name` beside a verb of
        action (its group `verb`, no `_STATE_VERBS`): the subject or object `_voice` and `_rank` read it as."""
        if said is None or said.group("verb") in _STATE_VERBS or len(self.mentioned) != 1:
            return None
        return next((n for n in self.mentioned if n.lower() == said.group("name").strip()), None)

    @functools.cached_property
    def _bodies_typed(self) -> bool:
        """Whether a type of the context says a body (a Company, an Organization: `_BODY_STEMS`)."""
        return any(content_stems(key_text(t)) & _BODY_STEMS for t in set(self.types.values()) if t)

    def _someone(self, name: str) -> bool:
        """The entity's type says a person (an agent type that is no body: `_BODY_STEMS`)."""
        stems = content_stems(key_text(self.types.get(name) or ""))
        return bool(stems & AGENT_TYPES) and not stems & (_BODY_STEMS | _NO_ONE_STEMS)

    def _in_class(self, name: str) -> bool:
        typ = self.types.get(name)
        return self.asked_class is not None and typ is not None and bool(content_stems(key_text(typ))
                                                                          & self.asked_class)

    @functools.cached_property
    def _named_in_part(self) -> frozenset[str]:
        """The entities of the context not mentioned whose name holds a part (between separators: "|", ":", " - ",
        brackets, "/", ",") of at least two words that the question says, all of them, and not as a mentioned
        entity's words: the question names them by that part."""
        q = content_stems(fold_marks(self.question))
        named = {st for m in self.mentioned for st in content_stems(fold_marks(m))}
        out: set[str] = set()
        for f in self.facts:
            for e in (f.head,) if f.kind == "property" else (f.head, f.tail):
                if e in self.mentioned or e in out:
                    continue
                # (kpop-network, spent: "AOA Cream là nhóm nhỏ của nhóm nhạc nào", which band AOA Cream is a
                # subgroup of, asks the kind "nhóm nhạc" that "Classy (nhóm nhạc)" is, and a chain through it won)
                parts = [p for p in _NAME_PARTS.split(_KIND_IN_BRACKETS.sub("", e)) if p.strip()]
                if len(parts) < 2:
                    continue
                for part in parts:
                    stems = content_stems(fold_marks(part))
                    if len(stems) >= 2 and stems <= q and not stems <= named:
                        out.add(e)
                        break
        return frozenset(out)

    def _rank(self, chain: _Chain, any_words: bool) -> tuple[Any, ...]:
        steps = chain.steps
        end = steps[-1]
        touched = {steps[0].at} | {s.other for s in steps if s.other in self.mentioned}
        # a chain through a bridge touches the named entities it is next to, where the chain states a word of the
        # question (or the question says none): what they merely share, which no word asks about, links nothing
        # ("the distance from Longyearbyen to Tromsø": both are on the continent EU, four named airports and cities
        # next to it, and EU outranked the route's distance, the one fact stating "distance"; airport-routes, spent)
        if not any_words or any(s.words for s in steps):
            touched |= {m for s in steps if not s.value for m in self.bridges.get(s.to, ())}
            # a chain from a named entity that is itself next to two others the question names (the match it names
            # by its day and its two teams) touches them as a chain through it does
            touched |= self.bridges.get(steps[0].at, set())
            # ... and so does a value of a named entity's own beside such a bridge: the others it links say which one
            # it is ("the figure for retail sales via the internet in April 2020": the month's Sales record links
            # the month and the category named; dutch-weather-sales, spent, answered a sibling category's value)
            if len(steps) == 1 and end.value and end.other is None:
                touched |= self._bridged.get(steps[0].at, set())
        # ... and, from a named entity, those the question says which one it is by (its qualifiers): a chain from
        # it touches them without passing them
        touched |= self.qualifiers.get(steps[0].at, set())
        end_type = None if end.value else self.types.get(end.to)
        # (a measure written with its unit or currency, "199.00 g", "$12,000,000", is an amount where the question
        # says its key's or its relationship's word, "weigh", "pay": any weight is no answer to "how much RAM")
        # (an entity whose own name a fact states under a key is of the kind that key says: an Origin whose
        # `country` is its name is a country, a place "where is X grown" asks for; coffee-beans, spent)
        kind_ok = self.kind is not None and value_kind(end.to, self.kind, " ".join(
            (key_text(end_type), *sorted(self.named_under.get(end.to, ())))) if end_type else None,
                                                       key=self._key(end.fact.relation) if end.value else None,
                                                       counted=self.counted, measured=bool(end.words))
        # "how tall": a value under the key of the dimension asked is of the kind asked however it is written (a
        # player's height "6-5", not his weight 289; nfl-rosters, spent)
        kind_ok = kind_ok or (bool(self.dimension_stems) and end.value
                              and bool(content_stems(self._key(end.relation)) & self.dimension_stems))
        # ... and so is a grade on its scale ("how strong": "weak"), a short value of words
        kind_ok = kind_ok or (bool(self.scale_stems) and end.value and len(end.to.split()) <= 3
                              and bool(content_stems(end.to) & self.scale_stems))
        # (a measurement reached is of the kind its one value is: "how much rain fell in November 2023" reaches
        # "Rain mm" {value: 507.9}, an amount; `_measured_value` answers with that value)
        kind_ok = kind_ok or (self.kind in ("amount", "count") and not end.value and end.fact.kind == "edge"
                              and (held := self._measurement(end.to)) is not None
                              and value_kind(held.tail, self.kind, None, key=self._key(held.relation),
                                             counted=self.counted, measured=bool(end.words)))
        # (an entity reached along a relation that says where its other end is located, IS_LOCATED_IN, is a place,
        # whatever it is called: "where are the cells marked by CD31 PECAM1 found" is the tissue their broad type
        # IS_LOCATED_IN_TISSUE_TYPE, not that type; blood-cell-markers, spent)
        kind_ok = kind_ok or self._located_at(end)
        # (a link on the site the question names is where the thing is found)
        # (... as is one where the question says a page, a site or a link: "where can I find the recipe page of the
        # Bulwer-Lytton" is its `url`; kindred-cocktails, spent, answered an ingredient)
        kind_ok = kind_ok or (self.kind == "place" and (self.site_asked or self.web_asked) and end.value
                              and _URL.match(end.to) is not None)
        # (... and what a question asks where it says a link or a URL, whatever the key is called:
        # "时光网上《寻梦环游记》的电影页面链接是什么" (the link of Coco's page) is its `src`
        # "http://movie.mtime.com/227434/", not its English title under `movie_en`, whose key says "movie";
        # mtime-top100, spent; a picture's file only where a picture is asked)
        kind_ok = kind_ok or (self.url_asked and end.value and _URL.match(end.to) is not None
                              and (self.picture_asked or _PICTURE_FILE.search(end.to) is None))
        # (a number under a key of a share or a rank is no amount a question asks without saying so: "how much did
        # Canada export to the United States" is the tie's `amount`, not its `percentage_exports`, which says
        # "export" too; factbook-trade, spent)
        kind_ok = kind_ok and not (self.kind == "amount" and end.value and bool(
            content_stems(key_text(end.relation)) & _SHARE_STEMS) and not self.q_stems & _SHARE_STEMS)
        # (... nor the places a key says are near it where the question asks where it is, not what is near: "where
        # is the Palmstone Retreat" is its area Kitulgala, not its `Nearby Places`; sri-lanka-travel, spent)
        kind_ok = kind_ok and not (self.kind == "place" and end.value and bool(
            content_stems(key_text(end.relation)) & _NEAR_STEMS) and not self.q_stems & _NEAR_STEMS)
        # the noun a "which"/"what" asks for names the answer's type, or the key of a value ("which shipper" ->
        # a Shipper, not a shipped date; "in which city" -> a city)
        what = _type_words(end_type) if end_type else content_stems(end.relation) if end.value else set()
        # ... or a short value that says it ("which house does X sit in": "House of Lords", under `parliament`), or
        # an entity's short name where no type says it (`_name_says_noun`: "which championship was game 120 played
        # in" -> "World Championship 8th", an Event; chess, spent)
        named = set() if end.value else self._name_says_noun(end.to)
        # (not a web address, whose path's words say what the page is about: SMRT's board page
        # ".../Board-of-Directors" is no board a "which SMRT board member" asks for; singapore-boards, spent)
        if end.value and len(end.to.split()) <= 4 and _URL.match(end.to) is None:
            what = what | content_stems(end.to)
        what = what | named | (set() if end.value else self.kind_values.get(end.to, set()))
        # "which radar came after the Jul 2011 one" names the Jul 2011 radar by "one": the noun asked is the named
        # entity's kind, whatever its type is called (a Date), and another entity whose name merely says the noun
        # ("Build your own radar", a Technology) is no radar (tech-radar, spent, answered that technology)
        if self._one_types and not end.value and self.wh_noun is not None:
            what = what | {self.wh_noun} if end_type in self._one_types else what - named
        # a town, a city or a village asked is an entity typed as a place in general ("which town does the E-road
        # from Eceabat lead to": a Place, not the Country it is in; european-e-roads, spent)
        if end_type and self.wh_noun in _SETTLEMENT_STEMS and content_stems(key_text(end_type)) & _GENERIC_PLACE_STEMS:
            what = what | {self.wh_noun}
        # ... or the relation that reaches an entity, read forward, where it ends in the noun (HAS_GENRE, IN_GROUP)
        # and no type of the context says it ("in welcher ATC-Gruppe ist X": X -IST_IN_ATC_GRUPPE-> L01EL, typed
        # Hierarchie; it was answered with X's own code, whose key said "ATC"; swiss-medicines, spent). (Not a verb's
        # relation, DEPENDS_ON: "what depends on X" is read in its voice, not as a noun asked.)
        # (... where a type says it too, when the relation is the named entity's own: "which organization is behind
        # <report>" is its HAS_ORGANIZATION's end, a WorkingGroup, not an Organization two hops off that shares the
        # report's flyway; nc-bird-conservation, spent)
        if not end.value and end.fact.kind == "edge" and end.at == end.fact.head and end.at != end.to \
                and self.wh_noun is not None and (self.wh_noun not in self.type_words
                                                  or (len(steps) == 1 and end.at in self.mentioned)):
            parts = key_text(end.fact.relation).lower().split()
            if len(parts) > 1 and stem(parts[-1]) == self.wh_noun:
                what = what | {self.wh_noun}
        # "what kind of place is X" asks for a class: an entity or a key whose name is a class word ("Subcategory",
        # "genre", "type"), whatever class word the question used
        asks_class = self.wh_noun in _CLASS_STEMS
        noun_ok = 0 if self.wh_noun is not None and (self.wh_noun in what or (
            asks_class and any(w.endswith(c) for w in what for c in _CLASS_STEMS)) or (
            asks_class and self.class_of is not None and self.class_of in named)) else \
            1 if self.wh_modifier is not None and self.wh_modifier in what else 2
        # (a type that says the noun only before its head, "Continent_Region", is another kind than the one named so:
        # "on which continent is Mongolia" is answered by its Continent, not by its region Eastern Asia; un-structure,
        # spent)
        if noun_ok == 0 and not end.value and self._noun_before_head(end.to):
            noun_ok = 1
        if self.modifier_kinds and not end.value:
            noun_ok = 0 if end.to in self.modifier_kinds else max(noun_ok, 1)
        # a noun that asks for a value whatever its key is called ("position", "number", "date") says which value by
        # the word before it: "which grid position did X start from" is X's `grid`, before the `position` he
        # finished in (formula-one, spent); a key that says the head alone is second
        # (... not where the noun is a type of the context: "which saved place serves beef" asks for a Place, and
        # "saved" qualifies it, not its `saved list`; japan-saved-places, spent)
        if self.wh_modifier is not None and self.wh_noun in _GENERIC_NOUNS and end.value \
                and self.wh_noun not in self.type_words:
            noun_ok = 0 if self.wh_modifier in what else max(noun_ok, 1)
        # ... and "what track number" asks for a number, of a track: a number stored on the track's tie is one (its
        # `position`), the track itself none, whose type says the word before the noun only (wareham-discography,
        # spent, answered another track of the CD named)
        if self.wh_modifier is not None and self.wh_noun in _NUMBER_NOUNS and self.wh_noun not in what:
            noun_ok = 2 if not end.value else min(noun_ok, 1) if _NUMBER_TEXT.fullmatch(end.to.strip()) else noun_ok
        # a fact of the question's own entities only: a property of a named entity, or of a relationship between
        # two named entities, before a property of a relationship to another entity (an order's unit price of
        # Chai is not Chai's unit price); without question words it still beats a chain through another entity,
        # which otherwise wins there
        # (... but the property of a relationship the named entity has to one entity only, of its type, is its own:
        # "qual é a principal ameaça a Alouatta belzebul" is the `ameaca` of its one CLASSIFICADA_COMO, not the
        # category that relationship reaches; brazil-threatened-species, spent)
        foreign = any(s.other is not None and s.other not in self.mentioned and not self._sole_tie(s) for s in steps)
        own = len(steps) == 1 and end.value and not foreign
        # (... but "which <noun>" asks for an entity: where neither a key nor a type says the noun, a value of the
        # named entity's own is no likelier than a relationship of it; "which prefecture is X in" is not X's
        # `saved list` "star" but the Region it is tied to; japan-saved-places, spent)
        if own and self.which_noun and self.wh_noun is not None and noun_ok == 2 and self.asks_entity:
            own = False
        # ... unless a relationship of that entity is clearly closer to the question than every key of its own
        # values: then that one fact first ("what was X's occupation": X -Has_Job-> bookkeeper, not X's stored
        # Address; "the riskometer level of X": -HAS_RISK->, not fund_Sortino; 68 of 294 failures of the frozen
        # runs 14-23 were a right entity's other relation or value, benchmarks/README.md, bench_domains)
        closer = len(steps) == 1 and not end.value and not foreign and (end.at, end.fact.relation) in self._closer
        # ... and "what does X <verb>" asks for what X's action reaches, the other end of a relationship X is the
        # start of, not a value X stores under a key no word says ("what does EV Group make": its OUTPUTS, not its
        # country AUT; chip-supply-chain, tune)
        if self.acts_on is not None and steps[0].at == self.acts_on:
            closer = closer or (len(steps) == 1 and not end.value and end.fact.kind == "edge"
                                and end.at == end.fact.head and end.at != end.to)
            own = False
        # (where no word is stated, a chain read on through one of several the named entity reaches alike is read
        # through an arbitrary one: "who recorded the album Jagged Little Pill" is the album's artist, not the
        # composer of one of its tracks; chinook-music, spent. Through the one it reaches so, or through the one
        # between it and another named entity, it reads on as before: the transfer's date, the radar's ring)
        arbitrary = not any_words and len(steps) > 1 and not steps[0].value and steps[0].to not in self.mentioned \
            and steps[0].to not in self.bridges \
            and len(self._fan.get((steps[0].at, steps[0].relation, steps[0].at == steps[0].fact.head), ())) > 1
        # (... nor past an entity two named ones share to another of their kinds: "in which part of the blood are
        # Sertoli cells found" is the Serum between the blood and the Sertoli cells, not the Myeloid cell found in
        # it too; blood-cell-markers, spent)
        arbitrary = arbitrary or (not any_words and not end.value and any(
            not s.value and s.to in self.bridges and self._kind_of_named(end.to, self.bridges[s.to])
            for s in steps[:-1]))
        length = (len(steps), foreign) if any_words else (not closer, not own, arbitrary, -len(steps), foreign)
        # a value's kind (a date, a count, an amount) is read off the value itself and outranks the question's
        # words; an agent is only guessed from the entity's type name, which a graph need not spell as a person
        # ("who is peter's cousin" -> Benjamin Bunny, a Rabbit, COUSIN OF Peter; not Mr. Mcgregor, a Person who
        # CHASED him): it decides only between chains that state as many of the question's words
        agent = self.kind in ("agent", "place")
        # "who" asks for someone: an entity before a stored value (a date, a URL, a session's type) whose key the
        # question does not say, whatever its type is called (a Speaker, a Legislator); a place is no one
        someone = 0 if kind_ok or (not end.value and self._in_class(end.to)) else \
            1 if self.kind == "agent" and not end.value and not (
                self.types.get(end.to) and content_stems(key_text(self.types[end.to])) & PLACE_TYPES) else 2
        # ... and "who plays <a part>" asks for the one who plays it, not for a part (a Role is someone where "who
        # did X play" asks for it): "who plays the woman Do Min-joon loves" is her Role's actor, not the Role that
        # LOVES reaches (k-dramas, spent, answered the role)
        if someone == 0 and self._who_plays and not end.value \
                and content_stems(key_text(self.types.get(end.to) or "")) & _NO_ONE_STEMS:
            someone = 1
        # past the first fact, an entity of the kind it was reached from is a sibling (the next recommendation of
        # the one two named entities share), not what that one holds
        # (a relation the question names between two of a kind, "X's grandfather", is asked, not a sibling)
        # (not one whose own kind fact says the noun asked where the one it was reached from says another: a taxon
        # of rank genus above a species, "which genus does the virus that causes Lassa fever belong to")
        sibling = len(steps) > 1 and not end.value and end_type is not None and self.types.get(end.at) == end_type \
            and not end.relation_words and not (self.wh_noun in self.kind_values.get(end.to, ())
                                                and self.wh_noun not in self.kind_values.get(end.at, ()))
        repeats = sum(1 for w in chain.covered if w.startswith("="))
        # "who" asks for someone: the type word of an end that is no one, said by the question about something else
        # ("who operates the Yellow line of the São Paulo metro": a MetroStation of the line says "metro"), states no
        # word for it (sao-paulo-transport, tune, answered with a station before the company that OWNs the line)
        # (nor does that of the other end of a relationship whose property a value end states: "never" on its PART_OF)
        said_of = end.other if end.value else end.to
        own_type_said = (self._type_stems(said_of) & chain.covered) - {w for s in steps for w in s.relation_words} \
            if self.kind == "agent" and said_of is not None and not self._in_class(said_of) else set()
        # ... and a value a chain reads of one reached out and back by one relationship type from a named entity of
        # its kind, where the named one states it itself, is the sibling's, not the named one's ("which opening was
        # played in game 416": not the opening of another game its player played, "played" said by playsIn; chess,
        # spent), unless the question asks for what is shared ("the films that share a director with X")
        sibling = sibling or (not repeats and self._through_sibling(chain))
        # ... but "X's bandmate" asks for just that: another of X's kind in what X belongs to, not the band
        # (wareham-discography, spent, answered "who was Claudia Silver's bandmate" with Cagney & Lacee)
        if self.mate_asked:
            sibling = not (len(steps) > 1 and not end.value and end.to != steps[0].at and end_type is not None
                           and self.types.get(steps[0].at) == end_type)
        # "how many" with no noun of its own counts units: a key that says so before another whole number (an item's
        # line number, a store's id)
        # (... but "how much" of a thing the question names asks its quantity: "how much pisco does the 1,001 Tiaras
        # call for" is the recipe's `quantity` 1 1/2; kindred-cocktails, spent, answered a frequency 32)
        units = (self.kind == "count" and self.counted is None and end.value
                 and not content_stems(end.relation) & _QUANTITY_STEMS) or (
            self.kind == "amount" and end.value and not self.much_of_named
            and bool(set(re.findall(r"[a-z]+", end.relation.lower())) & _COUNT_WORDS))
        # (a key that says it holds a link to the thing, "uriPartido", points to the party, it does not name it:
        # "which party" is not asking for it; camara-deputados, spent)
        unasked_link = end.value and _URL.match(end.to) is not None and not self.link_asked and (
            not end.relation_words or bool(_key_word_set(end.relation) & _LINK_WORDS))
        # ... and so is a link on another site than the one the question names ("the Figure.NZ link for the chart":
        # not the statistics office's link of a data set the chart is based on; nz-health-data-sources, spent)
        site = _SITE.search(end.to) if end.value and self.sites_named and _URL.match(end.to) else None
        unasked_link = unasked_link or (site is not None and site.group(1).lower() not in self.sites_named)
        # a value that names nothing answers no "who" and no "which <type>" (`_NAMELESS`), unless its kind is the
        # one asked or its key says the noun asked ("which year": 1997 under `year`), or, where no one is asked,
        # any word of the question ("apa kode KBLI untuk X", "what code of the KBLI": X's `kode`)
        # (nor, where "which <noun>" asks for one, a number under a key a verb of the question says: "which metro
        # switch does X uplink to" is the switch it LINKS to, not the tie's `uplink` 0.0; telco-topology, tune)
        nameless = end.value and not kind_ok and noun_ok != 0 and self.asks_entity \
            and (self.kind == "agent" or not end.relation_words or (self.which_noun and self.wh_noun is not None)) \
            and (_NAMELESS.match(end.to) is not None or date_stamp(end.to)
                 # (... nor a text of sentences: "《鹊桥仙·纤云弄巧》是哪位词人写的" (which poet wrote it) is its
                 # author, not its lines; chinese-poetry, tune)
                 or _sentence_named(end.to))
        # ... nor does an entity named by a sentence (a tweet's text) that the question does not name: "which team
        # did Trump congratulate in his tweet with #StanleyCup" is the team the tweet mentions, not the tweet
        # (trump-tweets, tune)
        nameless = nameless or (not end.value and not kind_ok and noun_ok != 0 and self.asks_entity
                                and end.to not in self.mentioned and _sentence_named(end.to))
        # ... nor does a record named by its type and a serial ("Sales 15") where the noun asked is not its type:
        # "what was the figure for retail sales via the internet in April 2020" is a value, not the month's Sales
        # record that links the two named (dutch-weather-sales, spent)
        # (or where none is asked and the record is the one between two named entities: it links them, the question
        # asks what it holds of them)
        nameless = nameless or (not end.value and not kind_ok and noun_ok != 0 and _record_named(end.to, end_type)
                                and (self.wh_noun is not None or end.to in self.bridges))
        # "how many <noun>": where a key says the noun (`antall ansatte` for "hvor mange ansatte"), its number is the
        # count before any other whole number (an occupation's code, an organisation number; nav-job-ads, spent); a
        # unit's word says none in particular ("how many units": an order's quantity, not the stock's units)
        not_counted = self.counted is not None and self.counted not in _QUANTITY_STEMS and self._counted_keyed \
            and not (end.value and self.counted in content_stems(key_text(end.relation)))
        # an entity named as its own type (a node "方剂" labelled 方剂 that 包含 every formula) is the class itself,
        # no member of it: "哪个方子" asks for a formula (tcm-formulas, spent, answered "方剂")
        the_class = end_type is not None and self.asks_entity and not asks_class \
            and end.to.strip().casefold() == end_type.strip().casefold()
        # ... and a kind or type asked is named by words, not by a bare number (a code of it): "que tipo de
        # espetáculo acolhe X" is the Activity "cinema" X HAS, not its `roomtype` 7 (portugal-venues, spent)
        # (... nor by a place: the Municipality X is LOCATED_AT is no kind of show)
        the_class = the_class or (self.type_asked and (
            _NUMBER_TEXT.fullmatch(end.to.strip()) is not None if end.value
            else end_type is not None and bool(content_stems(key_text(end_type)) & PLACE_TYPES)))
        # (... nor, in a question that is no yes/no one, a truth value under a key that says none of its words:
        # "what is zolmitriptan indicated for" is a disease, not its `isApproved` true; open-targets-indications,
        # spent)
        return (end.value and (_NULL_MARKER.match(end.to) is not None or (
                    (self.asks_entity or not end.relation_words) and not self.yes_no
                    and _TRUTH_VALUE.match(end.to) is not None)),
                # a value that names nothing is no answer to a "which" whose noun is a type of the context, however
                # many named entities its chain touches ("which candidate does Lupe Fiasco mention in Valleys": not
                # the year 2015 on his PERFORMS of the song, which touches both; hip-hop-candidates, spent)
                nameless and noun_ok == 2 and self.wh_noun is not None and self.wh_noun in self.type_words,
                -len({self.folded[m] for m in touched & self.mentioned}),
                # ... and of the entities it passes, those the question names by a part of their name that no
                # linked name says ("the Inactivity Logout enhancement of Account Management": the node "Account
                # Management | Inactivity Logout" the question names, not another enhancement related to it;
                # nist-controls, spent)
                -sum(1 for s in steps[:-1] if not s.value and s.to in self._named_in_part), -self._days(chain),
                not any(not s.value and s.to in self.picked for s in steps) if self.picked else False, unasked_link,
                nameless,
                the_class, not _form_fits(end.to, self.form), not kind_ok and not agent, not_counted, sibling, noun_ok,
                repeats - len({self.one_word.get(w, w) for w in chain.covered - {KIND_CLASS} - own_type_said}),
                -repeats, not self._phrase(end), units,
                # (... then a title or a subject of its own, where it has no description: "what is MPEP section
                # 2190 about" is its `title` "Prosecution Laches", not an index entry that points to it;
                # uspto-patent-manual, spent)
                (0 if end.value and content_stems(end.relation) & _DESCRIPTION_STEMS else
                 1 if end.value and len(steps) == 1 and content_stems(end.relation) & _HEADING_STEMS else 2)
                if self.defines else 0,
                someone if agent or self.asked_class is not None else 0,
                # "who", where no chain states a word of the question, is someone before a body: "qui dirigeix
                # l'Autoritat Catalana de Protecció de Dades" is the Person RESPONSIBLE_OF it, not the unit it is
                # CHILD_OF, an Organization (generalitat-org-chart, spent)
                self.kind == "agent" and not any_words and not end.value and not self._someone(end.to),
                # "where is X", answered by the place nearest X: a place reached through another is that one's
                # neighbour ("where is the master taught": its campus, not a Metro station near the campus;
                # madrid-metro-campuses, spent)
                len(steps) if self.kind == "place" and kind_ok else 0,
                # ... and by X's stored place values: the most precise, a street address before its city and country
                # (more words), before coordinates, which name no place; "when", by a day before a number read as a
                # year ("1/4/2020 0:00" before a time of day 2200)
                -len(end.to.split()) if self.kind == "place" and end.value and kind_ok else
                int(not value_dates(end.to)) if self.kind == "date" and end.value and kind_ok else 0,
                # "which <noun>", where no key or type says the noun, asks for an entity: not a long value of the
                # named one that only repeats the name of an entity it is tied to ("which prefecture is the bridge
                # in": the Region Hyogo it HAS_PLACE from, not its street address "..., Kobe, Hyogo 655-0047,
                # Japan"; japan-saved-places, spent). "Where is it" still reads the address (`kind` place).
                bool(end.value and len(steps) == 1 and self.which_noun and noun_ok == 2
                     and self._restates_neighbour(steps[0].at, end.to)),
                # the entity referred to by its type and its tie to the one named is the chain's first step
                self.via_type is not None and not (len(steps) > 1 and not steps[0].value
                                                   and self.via_type in self._type_stems(steps[0].to)),
                length, self._against(chain) + self._backwards(chain) + self._sequence(chain), self._voice(chain),
                -self._alignment(chain),
                steps[0].at not in self.verbatim,
                self.spread.get(self._way(chain), 1) if len(steps) > 1 else 1,
                -self.best_known.get(steps[0].at, 0),
                -self._namesake_said.get(_node_of(steps[0].fact) or "", 0),
                # between otherwise equal values, one under a key qualified as a bound of its scale that the question
                # does not say ("best rating", "max price") is that bound, not the value asked ("what is X rated":
                # its `rating_value` 4.07, not its `best_rating` 5; fragrantica-perfumes, spent)
                bool(end.value and _key_word_set(end.relation) & _BOUND_WORDS - self.token_set),
                self._noun_farther(end),
                -sum(self._score(s.fact) for s in steps),
                [s.fact.id for s in steps])

    def _noun_farther(self, end: _Step) -> bool:
        """Where no type of the context says the noun asked, whether the entity a chain ends at is of a type less
        close to it than the closest (the cosine of their embeddings, to two places): between chains equal in all
        else, "which genome was sampled in Sonoma County" is the Strain FOUND_IN it, not the Person LOCATED_IN it
        (coronavirus-strains, spent, answered the person: only the facts' closeness to the question told the two
        apart). Weighed among the types the chains end at (`end_types`); a value is never farther: this tells
        entities apart, not an entity from a value."""
        typ = None if end.value else self.types.get(end.to)
        if typ is None or self.wh_noun is None or self.wh_noun in self.type_words or not self._type_closeness:
            return False
        return self._type_closeness.get(typ, 0.0) < max(self._type_closeness.get(t, 0.0) for t in self.end_types)

    @functools.cached_property
    def _type_closeness(self) -> dict[str, float]:
        word = next((w for w in re.findall(r"[^\W\d_]+", self.question.lower()) if stem(w) == self.wh_noun), None)
        types = sorted({t for t in self.types.values() if t})
        if word is None or not types:
            return {}
        vec = self.reader._embed([word, *(key_text(t) for t in types)])
        return {t: round(float(vec[word] @ vec[key_text(t)]), 2) for t in types}

    @functools.cached_property
    def _namesake_said(self) -> dict[str, int]:
        """By node (`_node_of` a property fact), how many of its own numbers the question types (a year, an edition),
        where its name is shared by another node of the context: the reading knows entities by name, so namesakes
        read as one, and this says which of them the question means ("Đất tín ngưỡng ... của Luật Đất đai 2024": the
        article whose `law_year` is 2024, not its 2013 namesake; vietnam-land-law, spent, answered 2013's article
        number). A number, as schema inference tells namesakes apart by one (`_TELLING_NUMBER`): a word typed is as
        often an option the question offers ("a normal cell or a cancer cell": blood-cell-markers, spent)."""
        nodes: dict[str, set[str]] = {}
        for f in self.facts:
            node = _node_of(f)
            if node is not None:
                nodes.setdefault(f.head, set()).add(node)
        typed = self._typed_words
        said: dict[str, int] = {}
        for f in self.facts:
            node = _node_of(f)
            if node is not None and len(nodes[f.head]) > 1 and f.tail.strip().isdigit() and f.tail.strip() in typed:
                said[node] = said.get(node, 0) + 1
        return said

    @functools.cached_property
    def _closer(self) -> set[tuple[str, str]]:
        """(named entity, relation) of each relationship from an entity the question names (its head: the entity's
        own fact, as its values are) whose relation is closer to the question by embedding (rel_emb) than every key
        of the values stated of that entity itself, by CLOSER_MARGIN at least: what a question that says none of
        the graph's words asks of the entity. Not a relationship into it: another entity's fact about it (the
        metro lines that have the station) is no attribute of it, and "which Cercanías stop at Méndez Álvaro" was
        answered with a metro line instead of the station's own value "C-1, C-10, C-5" (madrid-metro-campuses,
        spent: the embedding cannot tell Cercanías is Renfe). Empty for an entity with no value of its own."""
        best_own: dict[str, float] = {}
        for entity, key in self._own_keys:
            if entity in self.mentioned:
                best_own[entity] = max(best_own.get(entity, -1.0), self.rel_emb[key])
        out: set[tuple[str, str]] = set()
        for f in self.facts:
            if f.kind != "edge" or f.head == f.tail:
                continue
            if f.head in best_own and self.rel_emb[self._relation(f)] >= best_own[f.head] + CLOSER_MARGIN:
                out.add((f.head, f.relation))
        return out

    @functools.cached_property
    def _own_keys(self) -> set[tuple[str, str]]:
        """(entity, key) of every value the context states of an entity itself."""
        return {(f.head, f.relation) for f in self.facts if f.kind == "property" and f.via is None}

    def _through_sibling(self, chain: _Chain) -> bool:
        """The chain's last fact is a value of an entity of the start's type that it reached out and back through
        one relationship type (Game -playsIn- Player -playsIn- another Game), the start states a value under that
        key itself, and the question does not speak of others of the start's type outside the names it
        types ("the movies starred by actors in Women in Love" does: MetaQA's 3-hop questions)."""
        steps = chain.steps
        end, start = steps[-1], steps[0].at
        # (a value only: an entity reached so is what MetaQA's 3-hop questions ask, "who starred films for the
        # screenwriter of Broken Arrow": the actors of Graham Yost's other films, Christian Slater among them, who
        # starred in Broken Arrow too)
        if len(steps) < 3 or not end.value or end.at == start or end.fact.via is not None \
                or self.types.get(end.at) is None or self.types.get(end.at) != self.types.get(start) \
                or (start, end.fact.relation) not in self._own_keys \
                or self._others_said(start, end.fact.relation):  # others of its kind asked about
            return False
        # (through a neighbour of another kind: in a graph of one kind of node, MetaQA's, every entity is a sibling)
        return any(not a.value and not b.value and a.fact.relation == b.fact.relation and b.to == end.at
                   and self.types.get(a.to) != self.types.get(start) for a, b in itertools.pairwise(steps[:-1]))

    def _others_said(self, entity: str, key: str) -> bool:
        """Whether the question speaks of others of `entity`'s type outside the names it types: says the type's word,
        once more than the asked key's own word does ("what episode number within its season is X" says "episode"
        as episode_num's word, of no other episode; friends-episodes, spent, read another episode's number)."""
        kind = self._type_stems(entity)
        said = sum(1 for stems in self.unnamed_word_stems if stems & kind)
        return said > (1 if kind & content_stems(key_text(key)) else 0)

    @functools.cached_property
    def picked(self) -> set[str]:
        """The entities the question picks among many of a kind around one it names, by an ordinal ("the first
        episode of The Wire") or by numbers ("season 1 episode 1"), read off their facts in the context as
        retrieval read them (xgrag.retrieval.order): a chain through one of them is what is asked (tv-series,
        spent: the series' own director answered "who directed the first episode"); and those whose tie to a
        named entity stores the place the question asks who took ("who won X": `_placed`)."""
        ordinal, pairs = ordinal_asked(self.question), numbered(self.question)
        if ordinal is None and not pairs:
            return self._placed()
        own: dict[str, dict[str, object]] = {}
        for f in self.facts:
            if f.kind == "property" and f.via is None:
                own.setdefault(f.head, {})[f.relation] = f.tail
        out: set[str] = set()
        for m in sorted(self.mentioned):
            by_kind: dict[str, dict[str, dict[str, object]]] = {}
            for f in self.facts:
                if f.kind != "edge" or m not in (f.head, f.tail) or f.head == f.tail:
                    continue
                other = f.tail if f.head == m else f.head
                kind = self.types.get(other)
                if kind and other not in self.mentioned:
                    by_kind.setdefault(kind, {})[other] = own.get(other, {})
            out.update(chosen(by_kind, ordinal, pairs))
        return out | self._placed()

    def _placed(self) -> set[str]:
        """The entities whose tie to a named one stores the place the question asks who took, as retrieval keeps
        them (xgrag.retrieval.order.placed): "who won the 2012 Brazilian Grand Prix" is the driver whose
        PARTICIPATED_IN states position 1, not whichever driver's tie reads closest (formula-one, spent)."""
        place = placing_asked(self.question)
        if place is None:
            return set()
        ties: dict[str, list[tuple[str, object]]] = {}
        for f in self.facts:
            if f.kind != "property" or f.via is None or (f.head in self.mentioned) == (f.via[1] in self.mentioned):
                continue
            other = f.via[1] if f.head in self.mentioned else f.head
            ties.setdefault(other, []).append((f.relation, f.tail))
        return set(placed(ties, place))

    @staticmethod
    def _way(chain: _Chain) -> tuple[Any, ...]:
        """A chain's way: where it starts, then each fact's relation (or key) and the end it was read from."""
        return (chain.steps[0].at,) + tuple((s.relation, s.at == s.fact.head, s.value) for s in chain.steps)

    @functools.cached_property
    def _bridged(self) -> dict[str, set[str]]:
        """Each named entity -> the other named entities a bridge beside it links it to (`bridges`). Not an entity
        named by a day or a month: it says when the others are, they do not say which one it is (every chain from
        the month's Date would touch the category, and its month or season answered)."""
        out: dict[str, set[str]] = {}
        for linked in self.bridges.values():
            for m in linked:
                if not value_dates(m):
                    out.setdefault(m, set()).update(linked - {m})
        return out

    def _days(self, chain: _Chain) -> int:
        """How many of the days, months and seasons the question names the chain states: in an entity's name ("Visit
        2020-04-25...", the one it starts at included), a value, or a property of a relationship it follows (a
        visit's start); a month ("in May 2020") by any day of it."""
        if not self.q_days and not self.q_months and not self.q_seasons:
            return 0
        # the entity it starts at counts too: every chain from a record the question names by its day ("Visit
        # 2020-05-02T09:06:13Z") states that day, so the day tells none of them apart (its start time is no answer
        # to "where did that visit take place")
        days: set[tuple[int, int, int]] = value_dates(chain.steps[0].at)
        seasons = seasons_in(chain.steps[0].at)
        # (... and so do the named entities a bridge beside it links it to: the month that says which one it is)
        for other in self._bridged.get(chain.steps[0].at, ()):
            days |= value_dates(other)
        for step in chain.steps:
            days |= value_dates(step.to)
            seasons |= seasons_in(step.to)
            if not step.value:
                for v in self.rel_values.get(step.fact.id, ()):
                    days |= value_dates(v)
        # (a season the question names counts as a day does: "which team did X play for in 2010-2011" is the team
        # node of that season; nba-six-dribbles, spent, answered another season's)
        return len(days & self.q_days) + len({(y, m) for y, m, _ in days} & self.q_months) \
            + len(seasons & self.q_seasons)

    def _against(self, chain: _Chain) -> int:
        """1 when the chain's first fact links two entities the question names against the way it names them, else
        0: "how many points did Norway give Sweden" reads Norway -> Sweden before Sweden -> Norway (the entity said
        first is the start, as graphs write subject -> object), "... Sweden got from Norway" the other way (the
        entity after "from" or "by" is the start)."""
        first = chain.steps[0]
        f = first.fact
        ends = (f.head, f.tail) if f.kind == "edge" else (f.head, f.via[1]) if f.via is not None else None
        if ends is None or ends[0] == ends[1] or not all(e in self.mentioned for e in ends):
            return 0
        at = {e: self.positions.get("m:" + e) for e in ends}
        if not all(at.values()):
            return 0
        said_first, said_second = sorted(ends, key=lambda e: at[e][0])  # type: ignore[index]
        start = said_second if self._after_from(at[said_second][0]) else said_first  # type: ignore[index]
        return 0 if start == ends[0] else 1

    def _voice(self, chain: _Chain) -> int:
        """1 when the chain's first fact reads its relation against the voice the question says it in, else 0: the
        entity said before the relation's word is its subject ("what does ripgrep depend on": ripgrep -DEPENDS_ON->
        what; "which package provides awk": what -PROVIDES-> awk), the start of an active relation and the end of a
        passive one ("who packaged neovim": neovim -PACKAGED_BY-> who); the entity after "from" is the start ("where
        does the Elizabeth line go from Reading": Reading -ELIZABETH-> what)."""
        first = chain.steps[0]
        f = first.fact
        at = self.positions.get("m:" + first.at)
        # (a relation's word that is the noun a "what"/"which" asks for names the answer, not a verb with a voice:
        # "what grade did X give the IE600" asks IE600 -RANKED-> what; crinacle-iems, spent)
        said = [i for st in first.relation_words for i in self.positions.get("w:" + st, [])
                if self._word_before(i) not in ("what", "which")]
        # (no relation's word said, a verb of action still has a voice: "what does X make" reads X as the start of
        # the relationship, "which company makes X" as its end; chip-supply-chain, tune: EUV scanners -INPUTS->
        # a chipmaker that uses them answered who makes them)
        # (a passive relation, PACKAGED_BY, the other way: "who packaged neovim" is neovim -PACKAGED_BY-> who)
        if f.kind == "edge" and f.head != f.tail and not said and first.at in (self.acts_on, self.acted_on):
            passive = key_text(f.relation).lower().split()[-1:] == ["by"]
            return 0 if (first.at == f.head) == ((first.at == self.acts_on) != passive) else 1
        if f.kind != "edge" or f.head == f.tail or not at or not said:
            return 0
        before = self._word_before(at[0])
        if before == "from":  # "where does the line go from Reading": Reading is the start
            return 0 if first.at == f.head else 1
        # (the agent after "by" is the subject: "the films directed by X": films -DIRECTED_BY-> X)
        subject = at[0] < min(said) or before == "by"
        passive = key_text(f.relation).lower().split()[-1:] == ["by"]
        return 0 if (first.at == f.head) == (subject != passive) else 1

    def _sequence(self, chain: _Chain) -> int:
        """1 when the chain's first fact reads a relation of a sequence (NEXT, FOLLOWED_BY, PRECEDES, FOLLOWS,
        PREVIOUS) to the side the question does not ask: "which ring comes after Assess" is Assess -NEXT-> what, not
        what -NEXT-> Assess (tech-radar, himym, spent: the ring, the edition, the episode before it answered); "which
        episode came before X" the other way. Else 0."""
        first = chain.steps[0]
        reads = self._sequence_read(first.fact, first.at)
        return 0 if reads is None or self.sequence_asked is None or reads == self.sequence_asked else 1

    @staticmethod
    def _sequence_read(f: Fact, at: str) -> str | None:
        """"after" or "before": the side of `at` that fact `f`, read from `at`, reaches in a sequence relation
        (Assess -NEXT-> Trial read from Assess: after; from Trial: before), or None for another relation or a
        value."""
        if f.kind != "edge" or f.head == f.tail:
            return None
        words = [w for w in key_text(f.relation).lower().split() if w not in ("has", "is", "the")]
        text = " ".join(words)
        if words[:1] == ["next"] or text.startswith(("followed by", "succeeded by", "precedes", "before")):
            onwards = "after"  # head -> tail: the tail comes after the head
        elif words[:1] in (["previous"], ["prev"]) or text.startswith(("preceded by", "follows", "succeeds",
                                                                         "after")):
            onwards = "before"
        else:
            return None
        return onwards if at == f.head else ("before" if onwards == "after" else "after")

    def _backwards(self, chain: _Chain) -> int:
        """How many facts of the chain read a relation named after a possessive ("X's father", "X's paternal
        grandfather") against its direction: from the relation's end instead of its start. A relation that says
        "of" after the word ("parent_of", "FATHER_OF": its start is the parent of its end) is read from its end:
        "X's parent" is the start of the parent_of ending at X (japanese-mythology, spent, answered X's child)."""
        words = self.possessed.get(chain.steps[0].at)
        if not words:
            return 0
        out = 0
        for step in chain.steps:
            f = step.fact
            if f.kind != "edge":
                continue
            rel = key_text(f.relation).lower().replace(" ", "")
            if rel and any(w == rel or w == rel + "s" or (w.endswith(rel) and len(rel) >= 4) for w in words) \
                    and step.at != f.head:
                out += 1
            elif rel.endswith("of") and any(w in (rel[:-2], rel[:-2] + "s") for w in words) and step.at == f.head:
                out += 1
        return out

    def _word_before(self, position: int) -> str | None:
        """The question's word before the token at `position`, an article skipped."""
        before = [w for w in self.tokens[max(0, position - 2):position] if w not in _ARTICLES]
        return before[-1] if before else None

    def _after_from(self, position: int) -> bool:
        """The question's word before the token at `position` (an article skipped) is "from" or "by"."""
        return self._word_before(position) in ("from", "by")

    def _phrase(self, step: _Step) -> bool:
        """The question types the step's relation or key of two words or more as it is written, articles aside
        ("the player of the match": player_of_match): its words, the question's own entity's type among them
        ("match"), which the stems compared leave out, say which of the facts stating as many words is asked."""
        words = [w for w in key_tokens(key_text(step.relation).lower()) if w not in _ARTICLES]
        if len(words) < 2:
            return False
        typed = self.bare_tokens
        return any(typed[i:i + len(words)] == words for i in range(len(typed) - len(words) + 1))

    def _alignment(self, chain: _Chain) -> int:
        """How far the last fact's question words lie from the entity, beyond the first fact's: the relation
        named next to the entity is read first."""
        if len(chain.steps) < 2:
            return 0
        at = self.positions.get("m:" + chain.steps[0].at)
        if not at:
            return 0

        def distance(step: _Step) -> int | None:
            spots = [p for w in step.words for p in self.positions.get("w:" + w, [])]
            return min(abs(p - at[0]) for p in spots) if spots else None

        # a word set right before the noun it qualifies is read first, on whichever side of the entity the two stand
        # ("the maternal grandfather of X": X's mother, then her father; royal92, spent, read the father first, the
        # word next to X)
        spots_first = {p for w in chain.steps[0].words for p in self.positions.get("w:" + w, [])}
        spots_last = {p for w in chain.steps[-1].words for p in self.positions.get("w:" + w, [])}
        # (... and a last fact that states the pair whole, the qualifier with its noun, is read so first: "the
        # contract number of X's contract" is the contract's `contract id`, not the code of the budget it is UNDER,
        # which says the noun alone; nyc-checkbook-payments, spent)
        if len(chain.steps) == 2 and any(p in spots_first and p + 1 in spots_last for p in spots_last):
            return 2
        if len(chain.steps) == 2 and not spots_first & spots_last:
            if any(p + 1 in spots_last for p in spots_first):
                return 1
            if any(p + 1 in spots_first for p in spots_last):
                return -1
        first, last = distance(chain.steps[0]), distance(chain.steps[-1])
        return 0 if first is None or last is None else last - first

