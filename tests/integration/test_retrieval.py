"""Retrieval through Cypher with the transient perturbation filter, on the real embedded Neo4j."""

import json
import random

import pytest

from helpers import SAMPLE
from xgrag.config import RetrievalSettings
from xgrag.model import Perturbation
from xgrag.retrieval.retriever import Retriever, apply_in_memory
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

Q2 = "who is listed as director of [Tarik Lowe] starred movies"


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def questions() -> list[dict]:
    return [json.loads(line) for line in (SAMPLE / "metaqa_questions.jsonl").read_text().splitlines()]


def test_linking_finds_the_bracketed_topic_entity(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    for q in questions():
        linked = r.link(q["question"])
        assert [le.node.name.lower() for le in linked] == [q["topic_entity"].lower()], q["question"]


def test_linking_without_brackets_uses_fulltext_and_exact_names(metaqa: Neo4jStore) -> None:
    linked = Retriever(metaqa).link("who directed Supporting Characters")
    assert [le.node.name for le in linked] == ["Supporting Characters"]


def test_two_hop_retrieval_contains_the_gold_triples(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    for q in questions():
        sub = r.retrieve(q["question"], hops=q["hops"])
        triples = set(sub.triples())
        for h, rel, t in q["gold_triples"]:
            assert (h, rel, t) in triples, (q["question"], (h, rel, t))
        assert not sub.truncated


def test_node_exclusion_removes_node_and_everything_behind_it(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    sub = r.retrieve(Q2, hops=2)
    movie = next(n for n in sub.nodes.values() if n.name == "Supporting Characters")
    p = Perturbation(excluded_node_ids=frozenset({movie.id}), kind="node", target=movie.id)
    pert = r.retrieve(Q2, hops=2, perturbation=p)
    assert movie.id not in pert.nodes
    assert all(movie.id not in (rel.source, rel.target) for rel in pert.relationships.values())
    assert "Daniel Schechter" not in {n.name for n in pert.nodes.values()}  # only reachable via the movie
    assert pert.seeds == sub.seeds


def test_relationship_exclusion_removes_only_that_relationship(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    sub = r.retrieve(Q2, hops=2)
    rel = next(x for x in sub.relationships.values() if x.label == "directed_by")
    pert = r.retrieve(Q2, hops=2, perturbation=Perturbation(excluded_rel_ids=frozenset({rel.id})))
    assert set(sub.relationships) - set(pert.relationships) == {rel.id}
    # the director is a leaf reached only through that relationship
    assert set(sub.nodes) - set(pert.nodes) == {rel.target}


def test_excluding_a_seed_excludes_it_from_linking(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    seed = r.retrieve(Q2).seeds[0]
    pert = r.retrieve(Q2, perturbation=Perturbation(excluded_node_ids=frozenset({seed})))
    assert seed not in pert.nodes and pert.seeds == []


def test_in_memory_perturbation_equals_cypher_for_edges(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    for q in questions()[:10]:
        sub = r.retrieve(q["question"], hops=1)
        for rid in sorted(sub.relationships)[:5]:
            p = Perturbation(excluded_rel_ids=frozenset({rid}))
            via_cypher = r.retrieve(q["question"], hops=1, perturbation=p)
            in_memory = apply_in_memory(sub, p)
            assert set(via_cypher.relationships) == set(in_memory.relationships)


def test_caps_truncate_deterministically(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa, RetrievalSettings(max_relationships=5, max_nodes=4))
    a = r.retrieve("which movies are [Drama] films", hops=2)
    b = r.retrieve("which movies are [Drama] films", hops=2)
    assert a.truncated and len(a.relationships) <= 5 and len(a.nodes) <= 4
    assert a.to_json() == b.to_json()


def test_shortest_paths_between_entities_and_fallback(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    sub = r.retrieve("did Tarik Lowe work with Daniel Schechter", mode="paths")
    assert sub.mode == "paths" and sub.fallback is None
    assert sub.triples() == [("Supporting Characters", "directed_by", "Daniel Schechter"),
                             ("Supporting Characters", "starred_actors", "Tarik Lowe")]
    assert len(sub.paths) == 1 and len(sub.paths[0]) == 2
    # cut the path: no path is left, so retrieval falls back to k-hop (KGRAG-Ex)
    directed = next(x.id for x in sub.relationships.values() if x.label == "directed_by")
    cut = r.retrieve("did Tarik Lowe work with Daniel Schechter", mode="paths",
                     perturbation=Perturbation(excluded_rel_ids=frozenset({directed})))
    assert cut.mode == "khop" and "no path" in (cut.fallback or "")
    assert directed not in cut.relationships
    one = r.retrieve(Q2, mode="paths")
    assert one.fallback and "fewer than two" in one.fallback


def test_checksum_unchanged_after_200_perturbed_retrievals(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    before = metaqa.checksum()
    rng = random.Random(7)
    qs = questions()
    done = 0
    while done < 200:
        q = qs[done % len(qs)]
        sub = r.retrieve(q["question"], hops=q["hops"])
        nodes, rels = sorted(sub.nodes), sorted(sub.relationships)
        p = Perturbation(frozenset(rng.sample(nodes, k=min(2, len(nodes)))),
                         frozenset(rng.sample(rels, k=min(3, len(rels)))), kind="mask")
        r.retrieve(q["question"], mode="paths" if done % 4 == 0 else "khop", hops=q["hops"], perturbation=p)
        done += 1
    after = metaqa.checksum()
    assert after == before and after["relationships"] >= 1260
