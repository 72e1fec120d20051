"""Vietnamese questions read in English, as the reference reader and linking read other languages' (words.py).

Vietnamese puts its question word after what it asks about ("Jung Yong Hwa là thành viên của nhóm nhạc nào?": J. is
a member of which group; "Lee Jung Shin chơi nhạc cụ gì?": plays which instrument) and writes its words as syllables
apart ("nhóm nhạc", a band). Graphs asked in Vietnamese keep English labels and relationship types (Group, MEMBER_OF)
beside keys in Vietnamese without their marks (`thanh_vien`, `chieu_cao`): kpop-network and vietnam-land-law (spent)
were answered 6 and 2 of 14, with no question word read. `english_vietnamese` says the question's question word in
English at its front, the noun it asks about after it, and each word of a general vocabulary (`VIETNAMESE_WORDS`,
written from the language, not from a graph) followed by its English words; `reads_vietnamese` says which questions
are read so. Pure functions over strings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection

from xgrag.retrieval.words import fold_marks

# Letters only Vietnamese writes among the Latin scripts (ă, đ, ơ, ư, and the vowels with a tone mark below or a hook:
# the Latin Extended Additional block's U+1EA0..U+1EF9); "ê", "ô", "â" are French and Portuguese letters too
_VIETNAMESE_LETTER = re.compile("[ăđĩũơưĂĐĨŨƠƯ\u1ea0-\u1ef9]")
_SYLLABLE = re.compile(r"[^\W\d_]+")

# The general vocabulary, each Vietnamese word (one or more syllables, lower case, with its marks) with its English
# words: people and roles, music and films, making and belonging, places, times, numbers and measures, laws and kinds.
VIETNAMESE_WORDS = {k: tuple(v.split()) for k, v in {
    # people and roles
    "người": "person people", "ca sĩ": "singer artist", "nhạc sĩ": "musician composer songwriter",
    "thành viên": "member", "cựu thành viên": "former member", "trưởng nhóm": "leader", "nhóm": "group",
    "nhóm nhạc": "group band", "ban nhạc": "band group", "nhóm nhỏ": "subunit subgroup",
    "công ty": "company", "công ty quản lý": "company management manager agency", "hãng đĩa": "label record",
    "hãng": "company label", "diễn viên": "actor actress", "đạo diễn": "director", "tác giả": "author writer",
    "người sáng tác": "writer songwriter composer", "nhà sản xuất": "producer", "người sáng lập": "founder",
    "chủ sở hữu": "owner", "vợ": "wife spouse", "chồng": "husband spouse", "cha": "father", "bố": "father",
    "mẹ": "mother", "con": "child", "học sinh": "student", "sinh viên": "student", "giáo viên": "teacher",
    "nghề nghiệp": "occupation profession job", "chức vụ": "position office role",
    # music, films, books, games
    "bài hát": "song", "ca khúc": "song", "bài": "song piece", "đĩa đơn": "single", "album": "album",
    "nhạc cụ": "instrument", "thể loại": "genre type", "phim": "film movie", "sách": "book",
    "trò chơi": "game", "giải thưởng": "award prize",
    # making, belonging, doing
    "sáng tác": "wrote writer composed composer", "viết": "wrote writer written", "hát": "sang singer sings",
    "trình bày": "performed performer", "phát hành": "released release", "sản xuất": "produced producer",
    "quản lý": "managed manages manager management", "thuộc": "belongs part of", "sinh": "born birth",
    "qua đời": "died death", "mất": "died death", "thành lập": "founded founder", "chơi": "plays played player",
    "chứa": "contains", "gồm": "includes contains", "bao gồm": "includes contains", "nằm trong": "in contained part",
    "thay thế": "replaces replaced supersedes", "giải thích": "explains defines definition",
    "định nghĩa": "definition defines", "quy định": "regulates provision rule", "hoạt động": "active activity",
    "kết hôn": "married spouse", "làm việc": "worked works", "học": "studied", "dựa trên": "based",
    "phát triển": "developed developer", "chế tạo": "made built manufactured", "thay đổi": "changed change",
    "sửa đổi": "amended amendment", "ban hành": "issued enacted",
    # places
    "nơi": "place", "quốc gia": "country nation", "nước": "country", "thành phố": "city", "tỉnh": "province",
    "địa chỉ": "address", "quê quán": "hometown origin", "nguyên quán": "origin hometown",
    "nơi sinh": "birthplace born",
    # times
    "năm": "year", "ngày": "day date", "tháng": "month", "thời gian": "time period", "thời lượng": "duration length",
    "ngày sinh": "birth date born", "tuổi": "age", "năm hoạt động": "years active",
    # numbers and measures
    "số": "number", "số lượng": "number count quantity", "giá": "price", "chiều cao": "height",
    "cao": "tall height", "dài": "long length duration", "độ dài": "length", "rộng": "wide width",
    "diện tích": "area", "dân số": "population", "điểm": "score points", "tỷ lệ": "rate ratio",
    "tỉ lệ": "rate ratio", "độ tương đồng": "similarity score", "tương đồng": "similar similarity",
    # laws and their parts
    "mục đích": "purpose", "đấu giá": "auction", "giá trị": "value",
    "luật": "law", "bộ luật": "code law", "điều": "article", "chương": "chapter", "mục": "section",
    "khoản": "clause paragraph", "điểm khoản": "point clause", "nghị định": "decree", "văn bản": "document text",
    "khái niệm": "concept term definition", "thuật ngữ": "term", "hiệu lực": "effect force",
    # kinds and names
    "loại": "type kind", "tên": "name", "mô tả": "description", "mã": "code",
    # food and health (vietnam-nutrition, spent: "loại cá nào", "chất xơ", "bệnh gì nên hạn chế" met none of its
    # ingredients "Cá thu", keys fiber_g or relation RESTRICTED_FOR)
    "món": "dish", "món ăn": "dish", "nguyên liệu": "ingredient", "thành phần": "ingredient component",
    "thực phẩm": "food", "nhóm thực phẩm": "food group category", "cá": "fish", "cua": "crab", "tôm": "shrimp",
    "thịt": "meat", "gà": "chicken", "bò": "beef", "lợn": "pork", "heo": "pork", "nấm": "mushroom", "gạo": "rice",
    "rau": "vegetable", "quả": "fruit", "trái cây": "fruit", "đậu": "bean", "trứng": "egg", "sữa": "milk",
    "chất xơ": "fiber fibre", "chất béo": "fat", "chất đạm": "protein", "đạm": "protein",
    "glucid": "carbohydrate carb glucid", "tinh bột": "starch carbohydrate", "đường": "sugar",
    "năng lượng": "energy calories kcal", "calo": "calories kcal energy", "vitamin": "vitamin",
    "canxi": "calcium", "sắt": "iron", "muối": "salt sodium", "natri": "sodium", "kali": "potassium",
    "hàm lượng": "content amount", "bệnh": "disease illness", "hạn chế": "restricted restriction limit",
    "kiêng": "avoid restricted", "nên ăn": "recommended", "phù hợp": "suitable recommended",
    # (... and where a dish comes from, what it is served with and who says so: vietnamese-dishes, spent: "có nguồn gốc
    # từ vùng nào", "trang nào cho biết", "nguồn nào nói" met none of its relations originRegion, servedWith or the
    # ties' `source_url`, and answered the one `source` every dish holds)
    "nguồn gốc": "origin", "xuất xứ": "origin", "vùng": "region area", "miền": "region", "đặc sản": "specialty",
    "ăn kèm": "served with", "dị ứng": "allergen allergy", "hương vị": "flavor flavour taste", "vị": "flavor taste",
    "cách chế biến": "cooking technique", "chế biến": "cooking cooked", "trang": "page url source",
    "nguồn": "source url", "cùng": "same shared", "giống": "same like",
}.items()}

# Its function words, which name nothing typed in lower case ("là", is; "mà", that; "của", of): linking's runs of a
# question's words skip them, as English's ("Shangri La" and "Ma Boy" were linked from "là" and "mà")
FUNCTION_WORDS = frozenset(
    "là mà của và có được bởi cho với trong ngoài trên dưới từ đến tại ở thì này kia đó ấy những các một đã đang "
    "sẽ không chưa cũng rất nào gì ai đâu mấy bao nhiêu lâu khi sao thế nhé vậy hay hoặc về theo vì nên do sang "
    "bị việc người".split())

# "<measure> bao nhiêu": how <adjective> (cao bao nhiêu: how tall)
_MEASURES = {"cao": "tall", "dài": "long", "rộng": "wide", "nặng": "heavy", "lớn": "large", "xa": "far",
             "sâu": "deep", "nhanh": "fast", "to": "big"}
# units a "bao nhiêu" asks an amount in ("bao nhiêu gam", how many grams: a measure, not a count)
_UNITS = frozenset("gam g gram kg mg µg mcg kcal calo lít l ml mét m km cm mm giờ phút giây ngày tuần tháng năm tuổi "
                   "đồng usd vnd phần trăm %".split())
# Question phrases that stand alone, longest first in the pattern: their English as the reader reads it
_ALONE = {
    "bao nhiêu tuổi": "how old", "bao lâu": "how long", "khi nào": "when", "lúc nào": "when", "bao giờ": "when",
    "hồi nào": "when", "ở đâu": "where", "nơi nào": "where", "chỗ nào": "where", "tại sao": "why", "vì sao": "why",
    "như thế nào": "how", "thế nào": "how", "ra sao": "how", "là gì": "what is", "là ai": "who is",
    # (a day asked is a date, however the graph writes it: "sinh ngày nào", born on which day, asks a birth date, not a
    # "day" a title says)
    "ngày nào": "when", "hôm nào": "when",
}
# ("mấy" right after its noun asks which number, "điều mấy" which article, "tầng mấy" which floor; before it, "mấy
# người", how many: `_WH_ALONE`)
_NOUN_ASKED = {"nào": "which", "gì": "what", "số mấy": "which number", "thứ mấy": "which", "mấy": "which number"}
# the syllables of those words written with a mark, which no English word is
_MARKED = frozenset(syllable for phrase in (*VIETNAMESE_WORDS, *FUNCTION_WORDS, *_MEASURES, *_ALONE, *_NOUN_ASKED)
                    for syllable in phrase.split() if not syllable.isascii())


def reads_vietnamese(question: str) -> bool:
    """Whether a question is Vietnamese: two or more of its words typed in lower case (or its first word) hold a letter
    only Vietnamese writes (`_VIETNAMESE_LETTER`) or are syllables of its words written with a mark (`_MARKED`: "là",
    "nào", "dài"); a Vietnamese name in an English question does not make it so."""
    words = _SYLLABLE.findall(question)
    said = {w.lower() for i, w in enumerate(words) if (i == 0 or w.islower())
            and (_VIETNAMESE_LETTER.search(w) or w.lower() in _MARKED)}
    return len(said) >= 2


def _alternatives(phrases: Collection[str]) -> str:
    """`phrases` as one regular expression's alternatives, the longest first."""
    return "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))


def _phrase_pattern(phrases: Collection[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W_])(?:{_alternatives(phrases)})(?![^\W_])", re.IGNORECASE)


_LISTED = _phrase_pattern(VIETNAMESE_WORDS)
_ALONE_PATTERN = _phrase_pattern(_ALONE)
# "<noun> nào" / "<noun> gì" / "<noun> số mấy": the noun asked is the listed word right before (the longest)
_NOUN_BEFORE = re.compile(rf"(?<![^\W_])(?P<noun>{_alternatives(VIETNAMESE_WORDS)})"
                          r"\s+(?P<wh>nào|gì|số mấy|thứ mấy|mấy)(?![^\W_])", re.IGNORECASE)
_WH_ALONE = re.compile(r"(?<![^\W_])(?P<wh>nào|gì|số mấy|thứ mấy|mấy)(?![^\W_])", re.IGNORECASE)
_HOW_MUCH = re.compile(r"(?<![^\W_])(?:(?P<adj>" + "|".join(map(re.escape, _MEASURES)) + r")\s+)?bao nhiêu"
                       r"(?:\s+(?P<noun>[^\W\d_]+))?(?![^\W_])", re.IGNORECASE)
_WHO = re.compile(r"(?<![^\W_])ai(?![^\W_])", re.IGNORECASE)


def _spans_outside(question: str, names: Collection[str]) -> list[tuple[int, int]]:
    """The spans of `question` that none of `names` (as typed, any case) covers."""
    taken: list[tuple[int, int]] = []
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        for m in re.finditer(re.escape(name), question, re.IGNORECASE):
            if not any(m.start() < b and a < m.end() for a, b in taken):
                taken.append((m.start(), m.end()))
    spans, at = [], 0
    for a, b in sorted(taken):
        spans.append((at, a))
        at = b
    spans.append((at, len(question)))
    return spans


def english_vietnamese(question: str, names: Collection[str] = ()) -> str:
    """A Vietnamese question (`reads_vietnamese`) as the reader reads it: its question word in English at its front,
    with the noun it asks about ("nhóm nhạc nào" -> "which group"; "cao bao nhiêu" -> "how tall"; "ai" -> "who"),
    ended by "?", then the question without its question word, each word of `VIETNAMESE_WORDS` followed by its English
    words ("thành viên member"); text inside one of `names` (the names the question says) unchanged. Any other
    question is returned as it is.
    "Jung Yong Hwa là thành viên của nhóm nhạc nào?" -> "which group? Jung Yong Hwa là thành viên member của nhóm
    nhạc group band?"."""
    if not reads_vietnamese(question):
        return question
    spans = _spans_outside(question, names)
    asked: list[str] = []

    def take(pattern: re.Pattern[str], english: Callable[[re.Match[str]], str]) -> None:
        nonlocal question, spans
        for a, b in spans:
            m = pattern.search(question, a, b)
            if m is None:
                continue
            said = english(m)
            if not said:
                continue
            asked.append(said)
            # (the question's other words stay where they are: the noun asked about, the measure)
            keep = " ".join(m.group(g) for g in ("adj", "noun") if g in pattern.groupindex and m.group(g))
            question = question[:m.start()] + keep + question[m.end():]
            spans = _spans_outside(question, names)
            return

    def noun_asked(m: re.Match[str]) -> str:
        noun = VIETNAMESE_WORDS[m.group("noun").lower()]
        wh = _NOUN_ASKED[m.group("wh").lower()]
        if wh == "which number":  # "điều số mấy": which article's number
            return f"what {noun[0]} number"
        return f"{wh} {noun[0]}"

    def how_much(m: re.Match[str]) -> str:
        if m.group("adj"):
            return f"how {_MEASURES[m.group('adj').lower()]}"
        noun = m.group("noun")
        # "bao nhiêu <noun>": how many of them; after what it measures ("độ tương đồng bao nhiêu"), or with a unit
        # ("bao nhiêu gam glucid": how many grams, an amount), how much
        return "how many" if noun and noun.lower() not in FUNCTION_WORDS | _UNITS else "how much"

    take(_ALONE_PATTERN, lambda m: _ALONE[m.group(0).lower()])
    if not asked:
        take(_HOW_MUCH, how_much)
    if not asked:
        take(_NOUN_BEFORE, noun_asked)
    if not asked:
        # (a "mấy" no listed noun precedes counts: "có mấy người", how many people)
        take(_WH_ALONE, lambda m: "how many" if m.group("wh").lower() == "mấy" else _NOUN_ASKED[m.group("wh").lower()])
    if not asked:
        take(_WHO, lambda m: "who" if m.group(0).islower() or m.start() == len(question) - len(question.lstrip())
             else "")

    def with_english(m: re.Match[str]) -> str:
        return f"{m.group(0)} {' '.join(VIETNAMESE_WORDS[m.group(0).lower()])}"
    pieces, at = [], 0
    for a, b in _spans_outside(question, names):
        pieces += [question[at:a], _LISTED.sub(with_english, question[a:b])]
        at = b
    read = "".join(pieces) + question[at:]
    read = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", read)).strip()
    return f"{asked[0]}? {read}" if asked else read


def vietnamese_head(name: str) -> tuple[str, ...]:
    """The English words of the vocabulary's word (the longest) that opens a name written in Vietnamese, which puts
    a noun's head first ("Cá thu": a fish, "Nấm rơm": a mushroom, "Nước mắm cá" no fish); () where none opens it."""
    m = _LISTED.match(name.strip())
    return VIETNAMESE_WORDS[m.group(0).lower()] if m else ()


_FOLDED: dict[str, tuple[str, ...]] = {}
for _word, _english in VIETNAMESE_WORDS.items():
    _FOLDED.setdefault(fold_marks(_word).lower(), _english)


def listed_words(question: str, names: Collection[str] = ()) -> list[tuple[str, tuple[str, ...]]]:
    """Each word of `VIETNAMESE_WORDS` a question types outside `names`, as typed, with its English words: the
    reader counts a word and its English once ("sáng tác", written, is one word however many of its English words a
    chain states)."""
    return [(m.group(0), VIETNAMESE_WORDS[m.group(0).lower()]) for a, b in _spans_outside(question, names)
            for m in _LISTED.finditer(question, a, b)]


def english_key(key: str) -> str:
    """A property key written in Vietnamese without its marks (`sang_tac`, `chieu_cao`: how graphs asked in Vietnamese
    store them) followed by the English words of the vocabulary's word it spells ("sang_tac writer songwriter
    composer ..."), so that a key's kind is read as an English key's is ("who" asks for a value under a writer's
    key); any other key unchanged."""
    words = _SYLLABLE.findall(key.lower())  # (letters only: "_", "#" and digits part words)
    english: list[str] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):  # the longest word of the vocabulary first
            found = _FOLDED.get(" ".join(words[i:j]))
            if found is not None:
                english += found
                i = j
                break
        else:
            i += 1
    return f"{key} {' '.join(english)}" if english else key


@functools.lru_cache(maxsize=4)
def generic_syllables(fold: Callable[[str], tuple[str, ...]]) -> tuple[frozenset[str], frozenset[str]]:
    """(function words, words of the vocabulary) as `fold` writes a question's words (linking's key_tokens): the
    function words name nothing alone, and a run of the vocabulary's words alone names a kind or a relation, no part of
    a name ("thành viên", member, is no part of an Occupation "Phát Thanh Viên")."""
    function = frozenset(t for w in FUNCTION_WORDS for t in fold(w))
    vocabulary = frozenset(t for w in VIETNAMESE_WORDS for t in fold(w)) | function
    return function, vocabulary
