"""Temporal property values as facts hold them: the form Cypher's toString writes (names and typed values are
matched in it), not the driver's nanoseconds and "+00:00"."""

from __future__ import annotations

import datetime as dt

import neo4j.time as nt

from xgrag.retrieval.properties import plain_value, temporal_text


def test_driver_temporals_read_as_cypher_writes_them() -> None:
    utc = dt.timezone.utc
    assert plain_value(nt.Time(13, 30, 0, tzinfo=utc)) == "13:30:00Z"
    assert plain_value(nt.DateTime(2020, 1, 2, 3, 4, 5, 123000000, tzinfo=utc)) == "2020-01-02T03:04:05.123Z"
    assert plain_value(nt.DateTime(2020, 1, 2, 3, 4, 5)) == "2020-01-02T03:04:05"
    assert plain_value(nt.Time(3, 4, 5, 500000000)) == "03:04:05.5"
    assert plain_value(nt.Time(3, 4, 5, tzinfo=dt.timezone(-dt.timedelta(hours=2, minutes=30)))) == "03:04:05-02:30"
    assert plain_value(nt.DateTime(2020, 6, 1, 12, tzinfo=dt.timezone(dt.timedelta(hours=2)))) \
        == "2020-06-01T12:00:00+02:00"


def test_dates_durations_and_text_pass_unchanged() -> None:
    assert plain_value(nt.Date(1948, 12, 8)) == "1948-12-08"
    assert plain_value(nt.Duration(seconds=1.5)) == "PT1.5S"
    assert plain_value(dt.date(2020, 1, 1)) == "2020-01-01"
    assert plain_value(dt.datetime(2020, 1, 1, 1, 1, 1, 120000)) == "2020-01-01T01:01:01.12"
    # a string that looks like a time is the graph's own text: never rewritten
    assert plain_value("13:30:00.000000000+00:00") == "13:30:00.000000000+00:00"
    assert temporal_text("P1DT2H") == "P1DT2H"
    assert temporal_text("10:00:00.010+00:00") == "10:00:00.01Z"
