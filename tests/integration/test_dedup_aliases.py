"""Alias merging with the real embedding model, on the real graph."""

import csv
import itertools
from pathlib import Path

import pytest

from helpers import HOLMES_KG
from xgrag.config import RetrievalSettings
from xgrag.embed import default_embedder
from xgrag.model import Node, Perturbation, Relationship, Subgraph
from xgrag.retrieval import Retriever
from xgrag.retrieval.dedup import (
    dedup,
    find_aliases,
    graph_alias_links,
    persist_aliases,
    persisted_aliases,
    stored_name_text,
    stored_triple_text,
)
from xgrag.store.ingest import read_triples, write_triples
from xgrag.store.neo4j import Neo4jStore

KG = HOLMES_KG
STORIES = Path(__file__).resolve().parents[1] / "data" / "aliases" / "stories"


@pytest.fixture
def holmes(store: Neo4jStore, tmp_path) -> Neo4jStore:
    f = tmp_path / "holmes.tsv"
    f.write_text(KG)
    write_triples(store, read_triples(f))
    return store


def test_in_memory_dedup_of_a_retrieved_subgraph(holmes: Neo4jStore) -> None:
    before = holmes.checksum()
    sub = Retriever(holmes).retrieve("Where did Watson serve and where does Dr. Watson live?", hops=2)
    res = dedup(sub, default_embedder().embed, 0.7)
    names = {n.name for n in res.subgraph.nodes.values()}
    assert "Dr. Watson" in names and "Watson" not in names  # Dr. Watson has the higher degree
    assert ("Dr. Watson", "served in", "Afghanistan") in res.subgraph.triples()
    # ... which the graph never stated: shown as stored, with the merge noted
    served = next(r.id for r in res.subgraph.relationships.values() if r.label == "served in")
    assert stored_triple_text(res, served) == "Watson (merged into Dr. Watson) served in Afghanistan"
    watson = next(m.alias for m in res.merges if m.alias_name == "Watson")
    assert stored_name_text(res, watson) == "Watson (merged into Dr. Watson)"
    assert res.merge_of(watson).kind == "title"
    assert holmes.checksum() == before  # dedup never touches the graph


def test_persisted_aliases_are_followed_by_retrieval(holmes: Neo4jStore) -> None:
    data_before = holmes.query("MATCH (n) RETURN count(n) AS n, collect(properties(n)) AS props")[0]
    links = persist_aliases(holmes, default_embedder().embed, 0.7, method="test")
    pairs = {(holmes.query("MATCH (n:Entity {id: $i}) RETURN n.name AS n", {"i": lk.alias})[0]["n"],
              holmes.query("MATCH (n:Entity {id: $i}) RETURN n.name AS n", {"i": lk.canonical})[0]["n"])
             for lk in links}
    # the precise rule (default) finds exactly the two aliases of the Holmes KG, each with its evidence
    assert pairs == {("Watson", "Dr. Watson"), ("Holmes", "Sherlock Holmes")}
    assert {(lk.kind, lk.rule) for lk in links} == {("title", "precise"), ("surname", "precise")}
    stored = {(a.alias, a.canonical): a for a in persisted_aliases(holmes)}
    assert set(stored) == {(lk.alias, lk.canonical) for lk in links}
    assert all(a.rule == "precise" and a.evidence and a.evidence == lk.evidence for lk in links
               for a in [stored[(lk.alias, lk.canonical)]])
    # only ALIAS_OF relationships were added; no node changed
    assert holmes.query("MATCH (n) RETURN count(n) AS n, collect(properties(n)) AS props")[0] == data_before
    assert holmes.query("MATCH ()-[r:ALIAS_OF]->() RETURN count(r) AS c")[0]["c"] == len(links)

    r = Retriever(holmes)
    sub = r.retrieve("Where did Watson serve?", hops=1)
    names = {n.name for n in sub.nodes.values()}
    assert {"Watson", "Dr. Watson", "Sherlock Holmes", "Baker Street", "Afghanistan"} <= names
    assert any(sub.nodes[a].name == "Watson" and sub.nodes[c].name == "Dr. Watson" for a, c in sub.alias_map.items())
    merged = dedup(sub, None)
    assert ("Dr. Watson", "served in", "Afghanistan") in merged.subgraph.triples()

    canonical = next(c for a, c in sub.alias_map.items() if sub.nodes[c].name == "Dr. Watson")
    gone = r.retrieve("Where did Watson serve?", hops=1,
                      perturbation=Perturbation(excluded_node_ids=frozenset({canonical})))
    assert not {"Watson", "Dr. Watson"} & {n.name for n in gone.nodes.values()}

    # re-running replaces the links instead of duplicating them
    again = persist_aliases(holmes, default_embedder().embed, 0.7, method="test")
    assert holmes.query("MATCH ()-[r:ALIAS_OF]->() RETURN count(r) AS c")[0]["c"] == len(again) == len(links)
    # ALIAS_OF is bookkeeping: never part of the answer context
    assert all(rel.label != "ALIAS_OF" for rel in sub.relationships.values())


def test_vector_linking_when_no_name_occurs_verbatim(holmes: Neo4jStore) -> None:
    from xgrag.retrieval.embeddings import embed_entities

    embedder = default_embedder()
    # the beginning of a name is a mention of it (tier 2), no vectors needed
    assert [(le.node.name, le.method) for le in Retriever(holmes).link("Who lives on Baker St?")] == [
        ("Baker Street", "partial")]
    question = "Who served in Afghanistn?"  # misspelt: no stored word occurs
    # all-MiniLM-L6-v2: cosine 0.73 for this misspelling, a Neo4j score of (1 + cos) / 2 = 0.87
    settings = RetrievalSettings(link_min_score=0.85)
    assert Retriever(holmes, settings, embedder=embedder).link(question) == []  # no vectors yet
    n = embed_entities(holmes, embedder, 384)
    assert n == holmes.query("MATCH (n:Entity) RETURN count(n) AS c")[0]["c"]
    assert embed_entities(holmes, embedder, 384) == 0  # only missing ones
    linked = Retriever(holmes, settings, embedder=embedder).link(question)
    assert [(le.node.name, le.method) for le in linked][:1] == [("Afghanistan", "vector")]
    assert linked[0].score >= 0.85
    with pytest.raises(ValueError, match="expects 512"):
        embed_entities(holmes, embedder, 512, recompute=True)


def _story_gold(story: str) -> set[frozenset[str]]:
    """Pairs of (name) that are the same entity in the story's hand-written gold file."""
    pairs: set[frozenset[str]] = set()
    with open(STORIES / f"{story}.gold.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            names = [m.rsplit("::", 1)[0] for m in row["members"].split(" | ")]
            pairs |= {frozenset(p) for p in itertools.combinations(names, 2)}
    return pairs


def _whole_graph(store: Neo4jStore) -> Subgraph:
    sub = Subgraph()
    for row in store.query("MATCH (n:Entity) RETURN n.id AS id, n.name AS name, n.type AS type ORDER BY id"):
        sub.add_node(Node(row["id"], row["name"], row["type"]))
    for row in store.query("MATCH (a:Entity)-[r:RELATION]->(b:Entity) RETURN r.id AS id, a.id AS s, b.id AS t, "
                           "r.label AS label ORDER BY id"):
        sub.add_relationship(Relationship(row["id"], row["s"], row["t"], row["label"]))
    return sub


@pytest.mark.parametrize("story", ["peter-rabbit", "the-selfish-giant"])
def test_graph_wide_precise_aliases_on_a_story_graph_are_all_true(store: Neo4jStore, story: str) -> None:
    write_triples(store, read_triples(STORIES / f"{story}.kg.tsv"))
    embed = default_embedder().embed
    name = {r["id"]: r["name"] for r in store.query("MATCH (n:Entity) RETURN n.id AS id, n.name AS name")}
    gold = _story_gold(story)
    dry = find_aliases(store, embed, 0.7)
    links = persist_aliases(store, embed, 0.7, method="test")
    assert [(lk.alias, lk.canonical, lk.evidence) for lk in dry] == [(lk.alias, lk.canonical, lk.evidence)
                                                                     for lk in links]
    written = store.query("MATCH (a:Entity)-[l:ALIAS_OF]->(c:Entity) RETURN a.id AS a, c.id AS c, l.rule AS rule, "
                          "l.evidence AS evidence")
    assert {(r["a"], r["c"]) for r in written} == {(lk.alias, lk.canonical) for lk in links}
    assert all(r["rule"] == "precise" and r["evidence"] for r in written)
    wrong = [(name[lk.alias], name[lk.canonical]) for lk in links
             if frozenset((name[lk.alias], name[lk.canonical])) not in gold]
    assert wrong == [] and len(links) >= 4
    # XGRAG's rule on the same graph writes wrong links (what the precise rule is for)
    xgrag = graph_alias_links(store.read("entities_all"), embed, 0.7, rule="xgrag")
    assert any(frozenset((name[lk.alias], name[lk.canonical])) not in gold for lk in xgrag)
    # one code path: the graph-wide links are the merges dedup makes of the whole graph as a subgraph
    res = dedup(_whole_graph(store), embed, 0.7)
    assert {(m.alias, m.canonical) for m in res.merges} == {(lk.alias, lk.canonical) for lk in links}
