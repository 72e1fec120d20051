"""Evaluation datasets, detected from the file and validated line by line before anything runs.

Three shapes (see ../shared/data/README.md):

- MetaQA: `questions.jsonl` with `qid, question, answers, hops, gold_triples` (+ `topic_entity`, `qtype`);
  the KG is `triples.tsv` in the same folder (MetaQA format, ingested with xgrag.store.ingest).
- Stories: `qa.jsonl` with `story_id, question, answers, type`; the KG is extracted from
  `stories/<story_id>.txt` next to it by xgrag.generate.extract (the `xgrag ingest docs` machinery).
- MedMCQA: `id, question, options {A..D}, answer` (+ `explanation`); answered and scored by option letter. The
  KG is extracted from each item's `explanation` (MedMCQA's `exp`, the rationale text standing in for the
  retrieved document); items without one have no evidence in the graph and are reported as such.

Every error names the file, the line and the field: `qa.jsonl:3: field 'answers': must be a non-empty list`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from xgrag.errors import InputError, read_jsonl

Kind = Literal["metaqa", "stories", "medmcqa"]
LETTERS = ("A", "B", "C", "D")
FACTUAL_WH = ("what", "who", "whom", "whose", "where", "when", "which")
INFERENTIAL_WH = ("why", "how")


class DatasetError(InputError):
    """A malformed dataset: names the file, the line (0 = the file as a whole) and the field."""


@dataclass(frozen=True)
class EvalQuestion:
    qid: str
    question: str  # as asked (MedMCQA: with its options and the instruction to answer with a letter)
    answers: tuple[str, ...]
    qtype: str  # MetaQA: 1-hop | 2-hop; stories: factual | inferential; MedMCQA: the subject
    line: int
    gold_triples: tuple[tuple[str, str, str], ...] = ()
    options: dict[str, str] = field(default_factory=dict)
    answer_letter: str | None = None
    story_id: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)  # qtype of MetaQA, leading wh-word, ...

    @property
    def multiple_choice(self) -> bool:
        return bool(self.options)


@dataclass
class Dataset:
    kind: Kind
    path: Path
    questions: list[EvalQuestion]
    triples_path: Path | None = None  # MetaQA KG
    documents: dict[str, Path] = field(default_factory=dict)  # doc key -> text file (stories)
    texts: dict[str, str] = field(default_factory=dict)  # doc key -> text (MedMCQA explanations)

    @property
    def kg_source(self) -> str:
        if self.kind == "metaqa":
            return f"MetaQA triples {self.triples_path}"
        if self.kind == "stories":
            return f"triples extracted from {len(self.documents)} stories (xgrag.generate.extract)"
        return f"triples extracted from {len(self.texts)} MedMCQA explanations (xgrag.generate.extract)"


def question_type(question: str) -> tuple[str, str | None]:
    """XGRAG's rule: the first interrogative word; what/who/.../which = factual, why/how = inferential."""
    for word in re.findall(r"[a-z]+", question.lower()):
        if word in FACTUAL_WH:
            return "factual", word
        if word in INFERENTIAL_WH:
            return "inferential", word
    return "factual", None


def multiple_choice_prompt(question: str, options: dict[str, str]) -> str:
    lines = [question.strip(), "Options:"] + [f"{k}. {options[k]}" for k in LETTERS if k in options]
    lines.append("Answer with the letter of the correct option (A, B, C or D) and the option text.")
    return "\n".join(lines)


def _read_jsonl(path: Path) -> list[tuple[int, dict[str, Any]]]:
    rows = read_jsonl(path, DatasetError)
    if not rows:
        raise DatasetError(path, 0, "lines", "the file holds no questions")
    return rows


def detect_kind(path: Path, first: dict[str, Any], line: int) -> Kind:
    if "gold_triples" in first or "topic_entity" in first:
        return "metaqa"
    if "story_id" in first:
        return "stories"
    if "options" in first:
        return "medmcqa"
    raise DatasetError(path, line, "kind", "cannot tell the dataset kind: expected MetaQA ('gold_triples'), "
                       f"stories ('story_id') or MedMCQA ('options') fields; found {sorted(first)}")


def _str(path: Path, line: int, obj: dict[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DatasetError(path, line, key, "must be a non-empty string" if key in obj else "is missing")
    return value.strip()


def _answers(path: Path, line: int, obj: dict[str, Any]) -> tuple[str, ...]:
    value = obj.get("answers")
    if not isinstance(value, list) or not value or not all(isinstance(a, str) and a.strip() for a in value):
        raise DatasetError(path, line, "answers", "must be a non-empty list of non-empty strings"
                           if "answers" in obj else "is missing")
    return tuple(a.strip() for a in value)


def _metaqa(path: Path, rows: list[tuple[int, dict[str, Any]]]) -> Dataset:
    questions = []
    for line, obj in rows:
        qid = _str(path, line, obj, "qid")
        hops = obj.get("hops")
        if not isinstance(hops, int) or hops < 1:
            raise DatasetError(path, line, "hops", "must be a positive integer" if "hops" in obj else "is missing")
        gold = obj.get("gold_triples")
        if not isinstance(gold, list) or not gold or not all(
                isinstance(t, list) and len(t) == 3 and all(isinstance(x, str) and x for x in t) for t in gold):
            raise DatasetError(path, line, "gold_triples", "must be a non-empty list of [head, relation, tail]"
                               if "gold_triples" in obj else "is missing")
        questions.append(EvalQuestion(
            qid=qid, question=_str(path, line, obj, "question"), answers=_answers(path, line, obj),
            qtype=f"{hops}-hop", line=line, gold_triples=tuple(tuple(t) for t in gold),
            detail={"metaqa_qtype": obj.get("qtype"), "topic_entity": obj.get("topic_entity")}))
    triples = path.parent / "triples.tsv"
    if not triples.is_file():
        raise DatasetError(path, 0, "triples.tsv", f"a MetaQA questions file needs its KG at {triples}")
    return Dataset("metaqa", path, _unique(path, questions), triples_path=triples)


def _stories(path: Path, rows: list[tuple[int, dict[str, Any]]]) -> Dataset:
    questions, documents = [], {}
    counters: dict[str, int] = {}
    for line, obj in rows:
        story = _str(path, line, obj, "story_id")
        if not re.fullmatch(r"[\w.\-]+", story):
            raise DatasetError(path, line, "story_id", f"{story!r} is not a file-name-safe id")
        text = _str(path, line, obj, "question")
        qtype = obj.get("type")
        derived, wh = question_type(text)
        if qtype is None:
            qtype = derived
        elif qtype not in ("factual", "inferential"):
            raise DatasetError(path, line, "type", f"{qtype!r} is not factual or inferential")
        doc = path.parent / "stories" / f"{story}.txt"
        if not doc.is_file():
            raise DatasetError(path, line, "story_id", f"the story text {doc} does not exist")
        documents[story] = doc
        counters[story] = counters.get(story, 0) + 1
        qid = str(obj.get("qid") or obj.get("id") or f"{story}-{counters[story]:03d}")
        questions.append(EvalQuestion(
            qid=qid, question=text, answers=_answers(path, line, obj), qtype=str(qtype), line=line, story_id=story,
            detail={"leading_wh": obj.get("leading_wh", wh), "explicit_or_implicit": obj.get("explicit_or_implicit"),
                    "evidence_sections": obj.get("evidence_sections")}))
    return Dataset("stories", path, _unique(path, questions), documents=documents)


def _medmcqa(path: Path, rows: list[tuple[int, dict[str, Any]]]) -> Dataset:
    questions, texts = [], {}
    for line, obj in rows:
        qid = _str(path, line, obj, "id")
        options = obj.get("options")
        if not isinstance(options, dict) or sorted(options) != list(LETTERS) or not all(
                isinstance(v, str) and v.strip() for v in options.values()):
            raise DatasetError(path, line, "options", "must map each of A, B, C, D to a non-empty string"
                               if "options" in obj else "is missing")
        letter = obj.get("answer")
        if letter not in LETTERS:
            raise DatasetError(path, line, "answer", f"must be one of A, B, C, D, got {letter!r}")
        explanation = obj.get("explanation")
        if explanation is not None and not isinstance(explanation, str):
            raise DatasetError(path, line, "explanation", "must be a string or null")
        if explanation and explanation.strip():
            texts[f"medmcqa-{qid}"] = explanation.strip()
        question = _str(path, line, obj, "question")
        questions.append(EvalQuestion(
            qid=qid, question=multiple_choice_prompt(question, options), answers=(letter, options[letter].strip()),
            qtype=str(obj.get("subject") or "unknown"), line=line, options={k: options[k].strip() for k in LETTERS},
            answer_letter=letter, detail={"question": question, "has_explanation": bool(explanation)}))
    return Dataset("medmcqa", path, _unique(path, questions), texts=texts)


def _unique(path: Path, questions: list[EvalQuestion]) -> list[EvalQuestion]:
    seen: dict[str, int] = {}
    for q in questions:
        if not re.fullmatch(r"[\w.\-:]+", q.qid):
            raise DatasetError(path, q.line, "qid", f"{q.qid!r}: ids may hold letters, digits, '.', '-', ':', '_'")
        if q.qid in seen:
            raise DatasetError(path, q.line, "qid", f"{q.qid!r} repeats line {seen[q.qid]}")
        seen[q.qid] = q.line
    return questions


def load_dataset(path: Path | str) -> Dataset:
    """Read, detect and validate a dataset file (DatasetError on the first problem)."""
    path = Path(path)
    rows = _read_jsonl(path)
    kind = detect_kind(path, rows[0][1], rows[0][0])
    loader = {"metaqa": _metaqa, "stories": _stories, "medmcqa": _medmcqa}[kind]
    return loader(path, rows)
