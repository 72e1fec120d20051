"""xgrag.embed.bert against the reference: the same all-MiniLM-L6-v2 folder read by sentence-transformers."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from reference_texts import reference_texts

from helpers import ROOT
from xgrag.embed import default_embedder
from xgrag.embed.bert import NumpyBertEmbedder, UnsupportedModel

REFERENCE = ROOT / "tests" / "data" / "embed" / "minilm_reference.npz"


def test_the_vectors_are_sentence_transformers_to_float32_rounding() -> None:
    """Against vectors sentence-transformers computed for the same texts (scripts/minilm_reference.py writes them;
    loading torch here cost this test a minute in the suite)."""
    reference = np.load(REFERENCE)
    batch = reference_texts()
    assert list(reference["texts"]) == batch, "the texts changed: run scripts/minilm_reference.py"
    ours = default_embedder()
    a = ours.embed(batch)
    assert ours.name == str(reference["name"])  # the same model: caches and saved explanations keyed by it hold
    assert a.shape == reference["vectors"].shape == (len(batch), 384) and a.dtype == np.float32
    assert float(np.abs(a - reference["vectors"]).max()) < 1e-5  # measured: 2.1e-7 (434 texts), 1.2e-7 here
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


def test_batches_are_cut_where_padding_would_cost_more_than_the_text() -> None:
    embedder = default_embedder()
    assert isinstance(embedder, NumpyBertEmbedder)
    lengths = [12, 256, 20, 200, 129, 128, 18, 11]
    batches = embedder._batches(lengths)
    assert [[lengths[i] for i in b] for b in batches] == [[256, 200, 129, 128], [20, 18, 12, 11]]
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    assert [len(b) for b in embedder._batches([5] * 130)] == [64, 64, 2]  # batch_size still caps a batch
