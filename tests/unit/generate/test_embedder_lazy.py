"""The default embedder (all-MiniLM-L6-v2) loads its model on first use, not when it is made: `xgrag eval` resuming
a finished run embeds nothing and so never pays the seconds of imports and weights."""

from __future__ import annotations

from xgrag.embed import SentenceTransformerEmbedder, default_embedder


def test_the_embedder_loads_the_model_on_the_first_embed_only() -> None:
    e = SentenceTransformerEmbedder()
    assert e.name.startswith("sentence-transformers:") and e.name == default_embedder().name
    assert not e.loaded
    v = e.embed(["the movie was released in 1959", "Clark Gable"])
    assert e.loaded and v.shape == (2, 384) and e.dimensions == 384
    assert abs(float(v[0] @ v[0]) - 1.0) < 1e-5
