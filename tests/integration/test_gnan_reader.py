"""The M-GNAN reader end to end on the real embedded Neo4j: trained for seconds on the sample questions over
contexts xgrag retrieves, saved, loaded as `gnan:PATH`, and explained by leave-one-out: the explanation's top fact
is the reader's top exact attribution."""

from __future__ import annotations

import pytest

from helpers import SAMPLE
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.factory import make_generator
from xgrag.generate.gnan.features import VectorCache
from xgrag.generate.gnan.model import MGNANConfig
from xgrag.generate.gnan.reader import GNANReader, additivity_error, save_checkpoint
from xgrag.generate.gnan.train import contexts, examples, fit, hits_at_1, load_questions, norm
from xgrag.generate.prompt import render
from xgrag.retrieval import Retriever
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def test_trained_reader_is_explained_by_its_own_top_attribution(metaqa: Neo4jStore, tmp_path) -> None:
    emb = default_embedder()
    rows = [r for r in load_questions(SAMPLE / "metaqa_questions.jsonl") if r["hops"] == 1][:40]
    items = contexts(metaqa, rows, emb)
    train = examples(items, rows, VectorCache(emb), 2)
    model, info = fit(train, MGNANConfig(), seed=0, epochs=40, lr=0.01, time_budget=20)
    assert info["loss"][-1] < info["loss"][0]
    path = save_checkpoint(tmp_path / "mgnan.pt", model, emb.name, info)
    reader = make_generator(f"gnan:{path}", embedder=emb)
    assert isinstance(reader, GNANReader)
    assert hits_at_1(reader, train) >= 0.5  # it learnt something (an untrained one picks among ~10 candidates)

    # the first training question it answers correctly
    row, (question, facts) = next((r, it) for r, it in zip(rows, items, strict=True)
                                  if (a := reader.score(*it).answer) and norm(a) in {norm(x) for x in r["answers"]})
    before = metaqa.checksum()
    explainer = Explainer(Retriever(metaqa, embedder=emb), reader, emb,
                          ExplainSettings(strategies=("edge",), scheduler="exhaustive", noise_runs=1, hops=row["hops"],
                                          citation_guided=False, resolve_redundancy=False))
    ex = explainer.explain(question, settings=None)
    assert metaqa.checksum() == before
    ctx = render(question, ex.subgraph.to_subgraph(ex.paths))
    assert {f.id for f in ctx.facts} == {f.id for f in facts}  # the context it was trained on
    scored = reader.score(question, ctx.facts)
    assert ex.answer == f"{scored.answer}."
    assert additivity_error(scored) < 1e-5
    assert abs(sum(scored.attributions.values()) - scored.logit) < 1e-5
    top = ex.top("edge", 1)[0]
    assert top.answer_changed and top.id == scored.ranked()[0][0]
    assert [e.id for e in ex.generator_evidence or []][:1] == [top.id]
