"""The amounts and dates a question types (xgrag.retrieval.typed_values): what may name a record by what it holds."""

from __future__ import annotations

import datetime as dt

import pytest

from xgrag.retrieval.typed_values import typed_values

pytestmark = pytest.mark.unit


def test_amounts_with_a_currency_sign_separators_or_decimals_and_dates_as_people_write_them() -> None:
    v = typed_values("Which bank was the beneficiary of the $6,000,000 transfer from BMI Offshore Bank Ltd on "
                     "Mar 18, 2014?")
    assert v.amounts == {6_000_000.0: "$6,000,000"} and v.dates == {dt.date(2014, 3, 18): "Mar 18, 2014"}
    v = typed_values("Who sent the 427.12 transfer on 18 March 2014 (2014-03-18)?")
    assert v.amounts == {427.12: "427.12"} and list(v.dates) == [dt.date(2014, 3, 18)]
    assert typed_values("the €1,500.50 payment").amounts == {1500.5: "€1,500.50"}


def test_bare_integers_addresses_and_dotted_numbers_are_not_amounts() -> None:
    # a year, a count, a key; an IP address; a phone number written with dots; an impossible date
    for q in ["Which films came out in 2014?", "What did order 10248 contain?", "Who uses 10.0.2.54?",
              "When was 920.8554.3249.4 last used?", "What happened on Feb 30, 2014?"]:
        assert not typed_values(q), q
    # the amount beside the phone number is still read
    assert typed_values("When was 920.8554.3249.4 last used for the 824.84 transfer?").amounts == {824.84: "824.84"}


def test_a_day_in_numbers_is_read_as_written_never_as_a_date() -> None:
    # which number is the month is the graph's convention: "5/26/2013" names the records storing it so (its
    # numbers with or without a leading zero), and no date value
    v = typed_values("Where was the match between Mumbai Indians and Chennai Super Kings on 5/26/2013 played?")
    assert v and v.dates == {} and v.amounts == {}
    assert v.written == {"5/26/2013": "5/26/2013", "05/26/2013": "5/26/2013"}
    assert set(typed_values("the match on 06.04.2014").written) == {"6.4.2014", "06.4.2014", "6.04.2014",
                                                                   "06.04.2014"}
    # no day in either order, a version, an address, a fraction: nothing
    for q in ["on 13/13/2014", "release 1.2.2014.5", "Who uses 10.0.2.54?", "a 1/2 share"]:
        assert not typed_values(q).written, q


def test_a_quoted_text_is_read_as_typed_with_and_without_its_closing_full_stop() -> None:
    v = typed_values('Who wrote the pypsa-eur commit "Update installation.rst (#2116)"?')
    assert v and set(v.quoted) >= {"Update installation.rst (#2116)", '"Update installation.rst (#2116)"'}
    assert set(v.quoted.values()) == {"Update installation.rst (#2116)"}
    assert set(typed_values("the pull request \u201cUpdate multiqc wrapper.\u201d").quoted) >= {
        "Update multiqc wrapper.", "Update multiqc wrapper"}


def test_a_quoted_text_matches_a_title_stored_in_its_quotes() -> None:
    # a museum catalogue stores a named garment's title quoted ("\"Carnival Dress\"") beside plain "Evening dress"
    v = typed_values('Which couture house made the "Carnival Dress"?')
    assert v.quoted['"Carnival Dress"'] == v.quoted["\u201cCarnival Dress\u201d"] == "Carnival Dress"
    assert "Carnival Dress" in v.quoted


def test_two_letters_quoted_are_no_text_to_look_up() -> None:
    assert not typed_values('the "ab" grade').quoted


def test_a_month_without_a_day_is_its_first_day_and_its_year_no_amount() -> None:
    # a monthly series stores July 2022 as 2022-07-01 (dutch-weather-sales, spent); which property holds months is
    # the graph's (Linker._monthly_properties), the question only says the month
    v = typed_values("What was the overall weather score for July 2022?")
    assert v.months == {dt.date(2022, 7, 1): "July 2022"} and not v.dates and not v.amounts and v
    # a day is a day, not its month
    assert not typed_values("What happened on July 4, 2022?").months
