"""xgrag.embed.bert against the reference: the same all-MiniLM-L6-v2 folder read by sentence-transformers."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from helpers import SAMPLE
from xgrag.embed import SentenceTransformerEmbedder, default_embedder
from xgrag.embed.bert import NumpyBertEmbedder, UnsupportedModel


def texts() -> list[str]:
    questions = [json.loads(line)["question"] for line in
                 (SAMPLE / "metaqa_questions.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [line.split("\t") for line in (SAMPLE / "metaqa_triples.tsv").read_text(encoding="utf-8").splitlines()]
    names = sorted({r[0] for r in rows[1:30]} | {r[1] for r in rows[1:30]} | {r[2] for r in rows[1:30]})
    # empty, longer than the 256-token window (truncated), accents and CJK, markup, one repeated word
    odd = ["", "word " * 400, "Ünïcödé naïve café — “quotes” 東京", "<b>Dr. Watson</b> & co.", "a"]
    return questions + names + odd


@pytest.mark.slow
def test_the_vectors_are_sentence_transformers_to_float32_rounding() -> None:
    batch = texts()
    ours = default_embedder()
    reference = SentenceTransformerEmbedder()
    a, b = ours.embed(batch), reference.embed(batch)
    assert ours.name == reference.name  # the same model: caches and saved explanations keyed by it still hold
    assert a.shape == b.shape == (len(batch), 384) and a.dtype == np.float32
    assert float(np.abs(a - b).max()) < 1e-5  # measured: 2.1e-7
    # batches are formed by length, then put back in order: a text's vector does not depend on its neighbours
    # beyond rounding (the padding of its batch), and the same texts give the same bits
    single = np.vstack([ours.embed([t]) for t in batch[:12]])
    assert float(np.abs(single - a[:12]).max()) < 1e-5
    assert float(np.abs(ours.embed(batch[::-1])[::-1] - a).max()) < 1e-5
    assert np.array_equal(ours.embed(batch), a)


def test_a_folder_it_cannot_read_is_refused_with_the_reason(tmp_path: Path) -> None:
    model = tmp_path / "model"
    (model / "1_Pooling").mkdir(parents=True)
    (model / "config.json").write_text(json.dumps({"model_type": "bert", "hidden_act": "gelu_new"}))
    (model / "1_Pooling" / "config.json").write_text(json.dumps({"pooling_mode_mean_tokens": True}))
    (model / "sentence_bert_config.json").write_text("{}")
    with pytest.raises(UnsupportedModel, match="hidden_act is 'gelu_new'"):
        NumpyBertEmbedder(model, name="x")
    (model / "config.json").write_text(json.dumps({"model_type": "bert", "hidden_act": "gelu"}))
    (model / "1_Pooling" / "config.json").write_text(json.dumps({"pooling_mode_cls_token": True}))
    with pytest.raises(UnsupportedModel, match="mean pooling only"):
        NumpyBertEmbedder(model, name="x")
    (model / "config.json").write_text("{not json")
    with pytest.raises(UnsupportedModel, match="config.json"):
        NumpyBertEmbedder(model, name="x")
