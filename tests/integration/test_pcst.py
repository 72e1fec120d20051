"""PCST-merge retrieval (Ex-GraphRAG §3.1) on the real embedded Neo4j: the vector index, Cypher similarities,
the transient perturbation filter, caps, errors, determinism.

The hand-built graph stores hand-made name embeddings so that every similarity, hence every prize, is known; its
"embedder" returns the question vector those similarities are measured against (a fixed vector: the model is
not what is under test there). The MetaQA-sample tests use the real all-MiniLM-L6-v2 embedder end to end.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence

import numpy as np
import pytest

from helpers import SAMPLE
from xgrag.config import RetrievalSettings
from xgrag.embed import default_embedder
from xgrag.model import Perturbation, Subgraph
from xgrag.retrieval.embeddings import embed_entities
from xgrag.retrieval.pcst import PcstError, pcst_retrieve
from xgrag.retrieval.retriever import Retriever
from xgrag.store.ingest import TripleRow, entity_id, ingest_triples, write_triples
from xgrag.store.neo4j import Neo4jStore

DIM = 384

# S is the question's entity. Two chains lead away from it, S-M1-A1 and S-M2-A2, and a dead end S-Z.
# Similarity to the question: A1 0.9, A2 0.8, S 0.7, M1 = M2 0.1, Z 0.05.
HAND = [("S", "to", "M1"), ("S", "to", "M2"), ("S", "to", "Z"), ("M1", "to", "A1"), ("M2", "to", "A2")]
COSINE = {"A1": 0.9, "A2": 0.8, "S": 0.7, "M1": 0.1, "M2": 0.1, "Z": 0.05}


def eid(name: str) -> str:
    return entity_id(name, "Thing")


class FixedQuestion:
    """The question is the first basis vector whatever its words (see the module docstring)."""

    name = "fixed-question"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        out[:, 0] = 1.0
        return out


def name_vector(i: int, cos: float) -> list[float]:
    """A unit vector at cosine `cos` to the first basis vector, orthogonal to every other name's."""
    v = [0.0] * DIM
    v[0], v[1 + i] = cos, math.sqrt(1 - cos * cos)
    return v


@pytest.fixture
def hand(store: Neo4jStore) -> Neo4jStore:
    write_triples(store, [TripleRow(h, r, t, "Thing", "Thing", line=i + 1) for i, (h, r, t) in enumerate(HAND)])
    rows = [{"id": eid(n), "embedding": name_vector(i, c)} for i, (n, c) in enumerate(sorted(COSINE.items()))]
    store.write("entity_embeddings_set", rows=rows, property="name_embedding")
    return store


def settings(**kw: object) -> RetrievalSettings:
    base = {"pcst_seed_k": 0, "pcst_prize_nodes": 3, "pcst_merge_nodes": 0, "pcst_top_k_per_hop": 10}
    return RetrievalSettings(**{**base, **kw})


def names(sub: Subgraph) -> set[str]:
    return {n.name for n in sub.nodes.values()}


def rel_names(sub: Subgraph) -> set[tuple[str, str]]:
    return {(sub.nodes[r.source].name, sub.nodes[r.target].name) for r in sub.relationships.values()}


def test_tree_on_a_hand_built_graph_is_the_optimum(hand: Neo4jStore) -> None:
    # prizes (top 3 by similarity): A1 3, A2 2, S 1; each edge costs 0.5. Joining A1 and A2 through S costs
    # 4 edges (2.0) for 6 (net 4) and beats A1-M1-S alone (net 3); Z has no prize and stays out.
    r = Retriever(hand, settings(), FixedQuestion())
    with hand.reading():
        res = pcst_retrieve(r, "anything", [eid("S")], hops=2, add_vector_seeds=False)
    sub = res.subgraph
    assert names(sub) == {"S", "M1", "M2", "A1", "A2"}
    assert rel_names(sub) == {("S", "M1"), ("S", "M2"), ("M1", "A1"), ("M2", "A2")}
    assert sub.mode == "pcst" and sub.seeds == [eid("S")] and not sub.truncated
    assert [n for n in res.prized] == [eid("A1"), eid("A2"), eid("S")]
    assert sorted(res.bridges) == sorted([eid("M1"), eid("M2")])  # tree nodes without a prize
    assert res.candidates == 6 and res.similarity[eid("Z")] == pytest.approx((1 + 0.05) / 2)  # Neo4j's 0..1


def test_single_hop_pool_and_merge_with_the_top_similar(hand: Neo4jStore) -> None:
    r = Retriever(hand, settings(pcst_prize_nodes=1, pcst_merge_nodes=2), FixedQuestion())
    # hops=1: the pool is S and its neighbours M1, M2, Z. The one prize goes to S (0.7, the best there);
    # no neighbour is worth an edge, so the tree is S alone; the merge adds the top-2 similar, S and M1
    # (M1 before M2 on the id tie-break), with the S-M1 relationship they induce.
    with hand.reading():
        res = pcst_retrieve(r, "anything", [eid("S")], hops=1, add_vector_seeds=False)
    assert res.candidates == 4 and res.tree_nodes == [eid("S")]
    top2 = sorted([eid("M1"), eid("M2")])[0]
    assert res.merged == [eid("S"), top2]
    assert set(res.subgraph.nodes) == {eid("S"), top2} and len(res.subgraph.relationships) == 1


def test_vector_seeds_come_from_the_index_and_linking(hand: Neo4jStore) -> None:
    # linking finds S by name; the vector index adds A1, the nearest name embedding to the question
    r = Retriever(hand, settings(pcst_seed_k=1), FixedQuestion())
    sub = r.retrieve("what is S", mode="pcst", hops=2)
    assert sub.seeds == [eid("S"), eid("A1")]
    assert names(sub) == {"S", "M1", "M2", "A1", "A2"}


def test_excluded_nodes_and_relationships_never_appear(hand: Neo4jStore) -> None:
    r = Retriever(hand, settings(pcst_merge_nodes=10), FixedQuestion())
    full = r.retrieve("what is S", mode="pcst", hops=2)
    assert eid("M2") in full.nodes and eid("Z") in full.nodes  # merge of the top 10 takes the whole pool
    cut = r.retrieve("what is S", mode="pcst", hops=2,
                     perturbation=Perturbation(excluded_node_ids=frozenset({eid("M2")})))
    assert names(cut) == {"S", "M1", "A1", "Z"}  # A2 was reachable only through M2
    rel = next(x for x in full.relationships.values() if {x.source, x.target} == {eid("M1"), eid("A1")})
    cut = r.retrieve("what is S", mode="pcst", hops=2, perturbation=Perturbation(excluded_rel_ids=frozenset({rel.id})))
    assert rel.id not in cut.relationships and eid("A1") not in cut.nodes
    # an excluded vector seed is replaced by the next nearest name, never used
    seeded = Retriever(hand, settings(pcst_seed_k=1), FixedQuestion())
    sub = seeded.retrieve("what is S", mode="pcst", hops=1,
                          perturbation=Perturbation(excluded_node_ids=frozenset({eid("A1")})))
    assert sub.seeds == [eid("S"), eid("A2")] and eid("A1") not in sub.nodes


def test_caps_truncate_deterministically_and_hubs_are_not_expanded(hand: Neo4jStore) -> None:
    r = Retriever(hand, settings(pcst_merge_nodes=10, max_nodes=3, max_relationships=1), FixedQuestion())
    a = r.retrieve("what is S", mode="pcst", hops=2)
    b = r.retrieve("what is S", mode="pcst", hops=2)
    assert a.truncated and len(a.nodes) == 3 and len(a.relationships) <= 1
    assert eid("S") in a.nodes and a.to_json() == b.to_json()
    # seed first, then tree nodes by similarity: S, A1, A2
    assert names(a) == {"S", "A1", "A2"}
    hubs = Retriever(hand, settings(pcst_max_expand_degree=2), FixedQuestion())
    with hand.reading():
        res = pcst_retrieve(hubs, "anything", [eid("S")], hops=2, add_vector_seeds=False)
    assert res.hubs == [eid("S")] and res.subgraph.truncated and res.candidates == 1  # S has degree 3
    small = Retriever(hand, settings(pcst_max_candidates=3), FixedQuestion())
    with hand.reading():
        res = pcst_retrieve(small, "anything", [eid("S")], hops=1, add_vector_seeds=False)
    assert res.candidates == 3 and res.subgraph.truncated


# -- the MetaQA sample with the real embedder -----------------------------------------------------------------


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def questions() -> list[dict]:
    return [json.loads(line) for line in (SAMPLE / "metaqa_questions.jsonl").read_text().splitlines()]


def test_missing_embeddings_or_embedder_is_a_clear_error(metaqa: Neo4jStore) -> None:
    q = questions()[0]["question"]
    with pytest.raises(PcstError, match="needs an embedder") as err:
        Retriever(metaqa).retrieve(q, mode="pcst")
    assert "default_embedder" in (err.value.hint or "")
    with pytest.raises(PcstError, match="no entity-name embeddings") as err:
        Retriever(metaqa, embedder=default_embedder()).retrieve(q, mode="pcst")
    assert "xgrag embed" in (err.value.hint or "") and err.value.exit_code == 2
    no_prop = metaqa.with_schema(metaqa.schema.model_copy(update={"embedding_property": None}))
    with pytest.raises(PcstError, match="no embedding_property"):
        Retriever(no_prop, embedder=default_embedder()).retrieve(q, mode="pcst")


def test_metaqa_answers_exclusions_determinism_and_no_writes(metaqa: Neo4jStore) -> None:
    embedder = default_embedder()
    embed_entities(metaqa, embedder, DIM)
    r = Retriever(metaqa, embedder=embedder)
    before = metaqa.checksum()
    qs = questions()[:12]
    found = 0
    rng = random.Random(3)
    for q in qs:
        text = q["question"].replace("[", "").replace("]", "")
        sub = r.retrieve(text, mode="pcst", hops=q["hops"])
        again = r.retrieve(text, mode="pcst", hops=q["hops"])
        assert sub.to_json() == again.to_json()  # determinism
        assert len(sub.nodes) <= r.settings.max_nodes and len(sub.relationships) <= r.settings.max_relationships
        found += any(a.lower() in {n.name.lower() for n in sub.nodes.values()} for a in q["answers"])
        # a random mask of the retrieved subgraph: nothing masked comes back, whatever else does
        others = sorted(set(sub.nodes) - set(sub.seeds))
        ex_nodes = frozenset(rng.sample(others, k=min(3, len(others))))
        ex_rels = frozenset(rng.sample(sorted(sub.relationships), k=min(5, len(sub.relationships))))
        pert = r.retrieve(text, mode="pcst", hops=q["hops"], perturbation=Perturbation(ex_nodes, ex_rels))
        assert not ex_nodes & set(pert.nodes) and not ex_rels & set(pert.relationships)
        assert all(x.source not in ex_nodes and x.target not in ex_nodes for x in pert.relationships.values())
        # re-retrieval with the recorded seeds (the explainer's path) keeps them, minus excluded ones
        seed = sub.seeds[0]
        again = r.retrieve(text, mode="pcst", hops=q["hops"], seeds=sub.seeds,
                           perturbation=Perturbation(excluded_node_ids=frozenset({seed})))
        assert seed not in again.nodes and again.seeds == [s for s in sub.seeds if s != seed]
    assert found >= len(qs) // 2, found  # the answer is in most retrieved subgraphs
    assert metaqa.checksum() == before
