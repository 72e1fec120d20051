"""The questions file of `xgrag explain-batch` (pure parsing) and the summary rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from xgrag.errors import InputError
from xgrag.evaluate.batch import read_questions, summary_row


def write(tmp_path: Path, text: str | bytes) -> Path:
    p = tmp_path / "q.jsonl"
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def test_ids_given_or_derived_and_blank_lines_skipped(tmp_path: Path) -> None:
    qs = read_questions(write(tmp_path, '{"question": "who directed Out to Sea", "id": "q1"}\n\n'
                                        '{"question": "  what year was Heat released "}\n'))
    assert [q.id for q in qs][0] == "q1" and [q.line for q in qs] == [1, 3]
    assert qs[1].question == "what year was Heat released"
    assert qs[1].id.startswith("q-") and len(qs[1].id) == 14
    # the derived id depends on the question only: a re-run finds the same files
    assert read_questions(write(tmp_path, '{"question": "what year was Heat released"}'))[0].id == qs[1].id


@pytest.mark.parametrize(("text", "line", "field"), [
    ('{"question": "a"}\n{"question": "b",}\n', 2, "json"),
    ('["who directed Heat"]\n', 1, "json"),
    ('{"id": "x"}\n', 1, "question"),
    ('{"question": "   "}\n', 1, "question"),
    ('{"question": "a", "id": "../etc/passwd"}\n', 1, "id"),
    ('{"question": "a", "id": 7}\n', 1, "id"),
    ('{"question": "a", "id": "x"}\n{"question": "b", "id": "x"}\n', 2, "id"),
    ('{"question": "a"}\n{"question": "a"}\n', 2, "question"),
    ("\n\n", 0, "question"),
])
def test_malformed_lines_are_named(tmp_path: Path, text: str, line: int, field: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as err:
        read_questions(path)
    assert (err.value.line, err.value.field) == (line, field)
    assert str(path) in str(err.value)


def test_non_utf8_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        read_questions(write(tmp_path, b'{"question": "a"}\n{"question": "caf\xe9"}\n'))
    assert (err.value.line, err.value.field) == (2, "encoding")


def test_summary_rows() -> None:
    failed = summary_row({"id": "q1", "question": "q", "status": "failed", "error": "UsageError", "message": "m"})
    assert failed == {"id": "q1", "question": "q", "status": "failed", "file": "questions/q1.json",
                      "error": "UsageError", "message": "m"}
    ex = {"answer": "Ang Lee", "cost": {"generator_calls": 5}, "subgraph": {"relationships": [{}, {}]},
          "components": [{"rank": 2, "label": "b", "strategy": "edge", "importance": 0.1},
                         {"rank": None, "label": "c", "strategy": "edge", "importance": None},
                         {"rank": 1, "label": "a", "strategy": "edge", "importance": 0.9}]}
    row = summary_row({"id": "q2", "question": "q", "status": "done", "explanation": ex})
    assert row["top"] == {"label": "a", "strategy": "edge", "importance": 0.9}
    assert (row["answer"], row["generator_calls"], row["facts"]) == ("Ang Lee", 5, 2)
