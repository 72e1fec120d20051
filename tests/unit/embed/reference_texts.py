"""The texts xgrag.embed.bert is checked on against sentence-transformers (scripts/minilm_reference.py)."""

from __future__ import annotations

import json
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[3] / "plugin" / "xgrag" / "data" / "sample"


def reference_texts() -> list[str]:
    questions = [json.loads(line)["question"] for line in
                 (SAMPLE / "metaqa_questions.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [line.split("\t") for line in (SAMPLE / "metaqa_triples.tsv").read_text(encoding="utf-8").splitlines()]
    names = sorted({r[0] for r in rows[1:30]} | {r[1] for r in rows[1:30]} | {r[2] for r in rows[1:30]})
    # empty, longer than the 256-token window (truncated), accents and CJK, markup, one repeated word
    odd = ["", "word " * 400, "Ünïcödé naïve café — “quotes” 東京", "<b>Dr. Watson</b> & co.", "a"]
    return questions + names + odd
