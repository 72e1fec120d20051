"""Dataset detection and validation for `xgrag eval` (pure file parsing)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers import ROOT
from xgrag.evaluate.datasets import DatasetError, load_dataset, multiple_choice_prompt, question_type

DATA = ROOT / "tests" / "data" / "eval"


def test_detects_the_three_kinds_from_the_test_slices() -> None:
    metaqa = load_dataset(DATA / "metaqa" / "questions.jsonl")
    assert metaqa.kind == "metaqa" and metaqa.triples_path == DATA / "metaqa" / "triples.tsv"
    assert [q.qtype for q in metaqa.questions] == ["1-hop", "1-hop", "2-hop", "2-hop"]
    assert ("Supporting Characters", "starred_actors", "Tarik Lowe") in metaqa.questions[3].gold_triples
    stories = load_dataset(DATA / "qa.jsonl")
    assert stories.kind == "stories" and set(stories.documents) == {"why-dog-and-cat-are-enemies"}
    assert [q.qtype for q in stories.questions] == ["factual", "inferential"]
    assert [q.qid for q in stories.questions] == ["why-dog-and-cat-are-enemies-001", "why-dog-and-cat-are-enemies-002"]
    med = load_dataset(DATA / "medical" / "medmcqa.jsonl")
    assert med.kind == "medmcqa" and all(q.multiple_choice for q in med.questions)
    q = med.questions[0]
    assert q.answer_letter == "A" and q.answers == ("A", "Brain parenchyma")
    assert "A. Brain parenchyma" in q.question and "D. Medulla oblongata." in q.question
    assert sorted(med.texts) == sorted(f"medmcqa-{q.qid}" for q in med.questions)


def test_question_type_follows_the_first_wh_word() -> None:
    assert question_type("Who owned the ring?") == ("factual", "who")
    assert question_type("Why was it a lucky ring?") == ("inferential", "why")
    assert question_type("And how many were there, and what?") == ("inferential", "how")
    assert question_type("Name the cat.") == ("factual", None)
    assert multiple_choice_prompt("Q?", {"A": "x", "B": "y", "C": "z", "D": "w"}).splitlines()[1:3] == \
        ["Options:", "A. x"]


def _write(tmp: Path, name: str, rows: list) -> Path:
    path = tmp / name
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


def _metaqa_row(**kw) -> dict:
    row = {"qid": "q1", "question": "who directed [X]", "answers": ["Y"], "hops": 1,
           "gold_triples": [["X", "directed_by", "Y"]]}
    row.update(kw)
    return row


@pytest.mark.parametrize(("rows", "line", "field"), [
    ([_metaqa_row(), "{not json"], 2, "json"),
    ([_metaqa_row(), _metaqa_row(qid="q2", answers=[])], 2, "answers"),
    ([_metaqa_row(gold_triples=[["X", "directed_by"]])], 1, "gold_triples"),
    ([_metaqa_row(), _metaqa_row(hops="two", qid="q2")], 2, "hops"),
    ([_metaqa_row(), _metaqa_row()], 2, "qid"),
    ([{"question": "what?", "answers": ["a"]}], 1, "kind"),
])
def test_malformed_metaqa_lines_name_file_line_and_field(tmp_path: Path, rows: list, line: int, field: str) -> None:
    (tmp_path / "triples.tsv").write_text("head\trelation\ttail\nX\tdirected_by\tY\n")
    path = _write(tmp_path, "questions.jsonl", rows)
    with pytest.raises(DatasetError) as err:
        load_dataset(path)
    assert str(err.value).startswith(f"{path}:{line}: field '{field}'")
    assert (err.value.line, err.value.field) == (line, field)


def test_metaqa_without_its_triples_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "questions.jsonl", [_metaqa_row()])
    with pytest.raises(DatasetError, match=r"field 'triples.tsv': .*triples.tsv"):
        load_dataset(path)


def test_story_text_must_exist_and_type_must_be_known(tmp_path: Path) -> None:
    row = {"story_id": "missing-story", "question": "Who?", "answers": ["a"], "type": "factual"}
    with pytest.raises(DatasetError, match=r"qa.jsonl:1: field 'story_id': the story text .*missing-story.txt"):
        load_dataset(_write(tmp_path, "qa.jsonl", [row]))
    (tmp_path / "stories").mkdir()
    shutil.copy(DATA / "stories" / "why-dog-and-cat-are-enemies.txt", tmp_path / "stories")
    row = {"story_id": "why-dog-and-cat-are-enemies", "question": "Who?", "answers": ["a"], "type": "summary"}
    with pytest.raises(DatasetError, match=r"qa.jsonl:1: field 'type': 'summary'"):
        load_dataset(_write(tmp_path, "qa.jsonl", [row]))


@pytest.mark.parametrize(("change", "field"), [
    ({"answer": "E"}, "answer"),
    ({"options": {"A": "x", "B": "y", "C": "z"}}, "options"),
    ({"explanation": 3}, "explanation"),
    ({"question": ""}, "question"),
])
def test_malformed_medmcqa(tmp_path: Path, change: dict, field: str) -> None:
    row = json.loads((DATA / "medical" / "medmcqa.jsonl").read_text().splitlines()[0])
    path = _write(tmp_path, "med.jsonl", [row, {**row, "id": "other", **change}])
    with pytest.raises(DatasetError) as err:
        load_dataset(path)
    assert str(err.value).startswith(f"{path}:2: field '{field}'")


def test_empty_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="field 'path': no such file"):
        load_dataset(tmp_path / "nope.jsonl")
    (tmp_path / "empty.jsonl").write_text("\n\n")
    with pytest.raises(DatasetError, match="holds no questions"):
        load_dataset(tmp_path / "empty.jsonl")
