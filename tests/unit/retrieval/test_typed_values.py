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
