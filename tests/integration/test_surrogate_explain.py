"""KG-SMILE random masks over the real embedded Neo4j (sample MetaQA KB), the extractive reader and the real
embedding model: the explanation reports each surrogate's fidelity and LDS on held-out masks."""

import math

import pytest

from helpers import SAMPLE
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.extractive import ExtractiveReader
from xgrag.retrieval import Retriever
from xgrag.store.explanations import load_explanation, save_explanation
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

Q = "what genre is [Straw Dogs]"  # one genre fact among ~20 facts of the film (1 hop)


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def test_a_mask_explanation_reports_held_out_fidelity_and_lds(metaqa: Neo4jStore) -> None:
    emb = default_embedder()
    cfg = ExplainSettings(strategies=("mask",), masks=40, holdout=0.25, seed=3, noise_runs=1, hops=1,
                          surrogate_solvers=("lasso", "bayes_ridge", "linear"))
    explainer = Explainer(Retriever(metaqa, embedder=emb), ExtractiveReader(emb), emb, cfg)
    before = metaqa.checksum()
    ex = explainer.explain(Q)
    assert metaqa.checksum() == before
    s = ex.to_json()["surrogate"]  # the JSON the CLI writes and the graph stores
    assert ex.answer == "Thriller." and len(ex.subgraph.relationships) >= 15
    assert s is not None and s["masks"] == 40 and s["fit_masks"] == 30 and s["held_out_masks"] == 10
    assert s["features"] == len(ex.subgraph.relationships) and s["measure"] == "cosine"
    evidence = {e.id for e in ex.generator_evidence or []}
    fit_masks = [c for c in ex.components if c.kind == "mask"]
    assert len(fit_masks) == 40 and any(c.answer_changed for c in fit_masks)
    for name in ("lasso", "bayes_ridge", "linear"):
        entry = s["solvers"][name]
        held = entry["held_out"]
        assert held is not None and held["n"] == 10, name
        assert set(held) >= {"r2", "weighted_r2", "adjusted_r2", "l1", "l2", "weighted_l1", "weighted_l2",
                             "mean_loss", "lds"}
        assert set(entry["coefficients"]) == {r.id for r in ex.subgraph.relationships}
    lasso = s["solvers"]["lasso"]
    # the reader answers from one fact: keeping it keeps the answer, the sparse surrogate finds it and predicts
    # the unseen masks' responses in the right order
    assert next(iter(lasso["coefficients"])) in evidence
    assert lasso["held_out"]["lds"] is not None and lasso["held_out"]["lds"] >= 0.8
    assert not math.isnan(lasso["held_out"]["r2"]) and lasso["held_out"]["r2"] > 0.5
    # the held-out figures survive a round trip through the graph store
    save_explanation(metaqa, ex)
    again = load_explanation(metaqa, ex.id)
    assert again.surrogate == ex.surrogate


def test_path_features_are_chains_from_the_seed_to_the_answer(metaqa: Neo4jStore) -> None:
    emb = default_embedder()
    cfg = ExplainSettings(strategies=("mask",), masks=40, holdout=0.25, seed=3, noise_runs=1, hops=2,
                          surrogate_solvers=("lasso",), surrogate_paths=True)
    ex = Explainer(Retriever(metaqa, embedder=emb), ExtractiveReader(emb), emb, cfg).explain(
        "who is listed as director of [Tarik Lowe] starred movies")
    s = ex.to_json()["surrogate"]
    assert s is not None and s["path_features"] >= 1 and s["features"] == len(ex.subgraph.relationships) + \
        s["path_features"]
    rels = {r.id: r for r in ex.subgraph.relationships}
    names = {n.id: n.name for n in ex.subgraph.nodes}
    answer = ex.answer.rstrip(".").lower()
    for path in s["solvers"]["lasso"]["paths"]:
        # walk the path from the seed: each fact shares an entity with the one before; it ends at the answer
        at = set(ex.subgraph.seeds)
        for rid in path["facts"]:
            r = rels[rid]
            assert at & {r.source, r.target}, path
            at = {r.source, r.target} - at
        assert any(names[n].lower() == answer for n in at), path
    assert set(s["solvers"]["lasso"]["coefficients"]) == set(rels)
