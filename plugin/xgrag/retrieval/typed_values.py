"""Values a question types that can only name a record by what it holds: an amount ("$6,000,000", "427.12",
"€1,500.50"), a date ("Mar 18, 2014", "18 March 2014", "2014-03-18") and a text it quotes (a commit's message). A day
written in numbers with slashes or dots ("5/26/2013", "12/03/2014") is read as text only (`written`): which of its
numbers is the month is the graph's convention, not the question's, so it names the records that store it as written
(its digits with or without a leading zero), never a date value.

A transfer, an order line or a filing has no name; its users name it by its amount and its date ("the $82,850 that
Merrill Lynch sent", "the 824.84 transfer"). On two graphs of the spent frozen split (fincen, bloom) 11 of 41
questions named such a record and none linked. xgrag.retrieval.linking looks these values up among the fact
properties of the mapped entity labels (Linker._records_by_value).

What is read as an amount: a number with a currency sign, with thousands separators, or with decimals. A bare
integer is not ("2014", "3 films", "order 10248"): counts, years and keys are far more common, and keys link by name.

Pure: no Neo4j.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from xgrag.retrieval.words import month_name_days, question_month_texts

_AMOUNT = re.compile(r"(?<![\w.,])([$€£¥]\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+)(?!\w|[.,]\d)")
# ISO days with two-digit month and day only ("2014-03-18"): what a question types as a stored value's day
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
# a day in numbers, day and month in the graph's order, a four-digit year: "5/26/2013", "26.05.2013"
_NUMERIC_DAY = re.compile(r"(?<![\w./])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/]|\.\d)")


@dataclass(frozen=True)
class TypedValues:
    """What a question types that may name a record: amounts (as numbers) and dates, each with the text typed."""

    amounts: dict[float, str] = field(default_factory=dict)
    dates: dict[dt.date, str] = field(default_factory=dict)
    # a numeric day's spellings ("05/26/2013", "5/26/2013") -> the text typed
    written: dict[str, str] = field(default_factory=dict)
    # a text the question quotes (a commit's message, an issue's title: "the commit "Update installation.rst
    # (#2116)""), with and without a full stop that ends it -> the text quoted
    quoted: dict[str, str] = field(default_factory=dict)
    # a month named without a day ("July 2022", "2022年7月"), as its first day -> the text typed: a monthly series
    # stores each month so (a Date node "2022-07-01"); it names a record only where the property's values are all
    # first days (Linker._records_by_value)
    months: dict[dt.date, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.amounts or self.dates or self.written or self.quoted or self.months)

    def texts(self) -> list[str]:
        """The values as typed (stored text properties hold them so: "Mar 18, 2014"), a numeric day's
        spellings, and the texts quoted."""
        return [*self.amounts.values(), *self.dates.values(), *self.written, *self.quoted]


# text in double quotes, straight or curly, of a few characters at least (not an inch mark)
_QUOTED = re.compile(r"\"([^\"]{3,200})\"|\u201c([^\u201d]{3,200})\u201d")


# the pairs of double quotes a text may be stored or typed in: straight and curly
QUOTE_PAIRS = (('"', '"'), ("\u201c", "\u201d"))


def in_quotes(text: str) -> list[str]:
    """`text` in each pair of double quotes (a catalogue stores a named work's title so: "\"Carnival Dress\"")."""
    return [f"{a}{text}{b}" for a, b in QUOTE_PAIRS]


def quoted_texts(question: str) -> list[str]:
    """The texts `question` puts in double quotes, as typed."""
    return [(m[1] or m[2]).strip() for m in _QUOTED.finditer(question) if (m[1] or m[2]).strip()]


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def typed_values(question: str) -> TypedValues:
    """The amounts and dates `question` types (module docstring)."""
    dates: dict[dt.date, str] = {}
    spans: list[tuple[int, int]] = []
    for (year, month, mday), text, span in month_name_days(question):
        day = _date(year, month, mday)
        if day is not None:
            dates.setdefault(day, text)
            spans.append(span)
    for m in _ISO.finditer(question):
        d = _date(int(m[1]), int(m[2]), int(m[3]))
        if d is not None:
            dates.setdefault(d, m[0])
            spans.append(m.span())
    written: dict[str, str] = {}
    for m in _NUMERIC_DAY.finditer(question):
        a, sep, b, written_year = int(m[1]), m[2], int(m[3]), m[4]
        if _date(int(written_year), b, a) is None and _date(int(written_year), a, b) is None:
            continue  # no day in either order ("13/13/2014")
        spans.append(m.span())
        for x in (str(a), f"{a:02d}"):
            for y in (str(b), f"{b:02d}"):
                written.setdefault(f"{x}{sep}{y}{sep}{written_year}", m[0])
    amounts: dict[float, str] = {}
    for m in _AMOUNT.finditer(question):
        if any(a <= m.start() < b for a, b in spans):
            continue  # the day or year of a date
        sign, digits = m[1], m[2]
        if not sign and "," not in digits and "." not in digits:
            continue  # a bare integer: a count, a year, a key
        amounts.setdefault(float(digits.replace(",", "")), m[0].strip())
    quoted: dict[str, str] = {}
    for text in quoted_texts(question):
        for spelled in (text, text.rstrip(".")):
            # a catalogue stores a named work's title in its quotes ("\"Carnival Dress\"", beside the plain
            # "Evening dress" of the unnamed ones): the text as quoted matches it too
            for form in (spelled, *in_quotes(spelled)):
                quoted.setdefault(form, text)
    months = {dt.date(year, month, 1): text for (year, month), text in question_month_texts(question).items()}
    return TypedValues(amounts, dates, written, quoted, months)
