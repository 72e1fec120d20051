"""One fact stored several times (a graph written before xgrag's ingestion kept one relationship per source): the
context states it once, with every copy's sources; the kept copy stands for all (a perturbation removes them all)."""

from __future__ import annotations

from xgrag.explain.components import label
from xgrag.explain.perturbers import Planned
from xgrag.generate.prompt import render
from xgrag.model import Node, Perturbation, Relationship, Subgraph
from xgrag.model.provenance import merged_provenance, with_sources
from xgrag.retrieval.dedup import dedup, identity, stored_triple_text


def graph() -> Subgraph:
    sub = Subgraph(seeds=["f"])
    sub.add_node(Node("f", "Film 1", "Movie"))
    sub.add_node(Node("p", "Person 1", "Person"))
    sub.add_node(Node("q", "Person 2", "Person"))
    sub.add_relationship(Relationship("r1", "f", "p", "directed_by", provenance={"doc_id": "a", "line": 2}))
    sub.add_relationship(Relationship("r2", "f", "p", "directed_by", provenance={"doc_id": "b", "line": 9}))
    sub.add_relationship(Relationship("r3", "f", "q", "written_by", provenance={"doc_id": "a", "line": 3}))
    sub.paths = [["r2", "r3"]]
    return sub


def test_identity_states_a_fact_once_with_every_source() -> None:
    merged = identity(graph())
    assert sorted(merged.subgraph.relationships) == ["r1", "r3"]
    assert merged.rel_members == {"r1": ["r1", "r2"], "r3": ["r3"]}
    assert merged.subgraph.relationships["r1"].provenance["documents"] == [{"doc_id": "a", "line": 2},
                                                                           {"doc_id": "b", "line": 9}]
    assert merged.subgraph.relationships["r3"].provenance == {"doc_id": "a", "line": 3}
    assert merged.subgraph.paths == [["r1", "r3"]]
    prompt = render("Who directed Film 1?", merged.subgraph).prompt
    assert prompt.count("Film 1 directed by Person 1") == 1
    # the component reads once, never "A; A"
    assert stored_triple_text(merged, "r1") == "Film 1 directed_by Person 1"
    planned = Planned(Perturbation(excluded_rel_ids=frozenset({"r1"})), "edge", "edge", "r1",
                      removed_rels=frozenset({"r1"}))
    assert label(planned, merged) == "Film 1 -directed_by-> Person 1"


def test_identity_without_facts_keeps_every_relationship() -> None:
    merged = identity(graph(), facts=False)
    assert sorted(merged.subgraph.relationships) == ["r1", "r2", "r3"]


def test_alias_dedup_keeps_the_sources_of_every_copy() -> None:
    merged = dedup(graph(), None)
    assert merged.rel_members["r1"] == ["r1", "r2"]
    assert [d["doc_id"] for d in merged.subgraph.relationships["r1"].provenance["documents"]] == ["a", "b"]


def test_two_lines_that_read_the_same_are_stated_once() -> None:
    sub = Subgraph()
    for nid in ("p1", "p2"):
        sub.add_node(Node(nid, "Paris"))
    sub.add_node(Node("fr", "France"))
    sub.add_relationship(Relationship("a", "p1", "fr", "in"))
    sub.add_relationship(Relationship("b", "p2", "fr", "in"))
    assert render("q", sub).prompt.count("- Paris in France") == 1


def test_stored_further_sources_read_as_documents() -> None:
    rel = Relationship("r", "h", "t", "x", provenance={
        "doc_id": "a", "line": 2, "created_at": "t0",
        "other_sources": ['{"doc_id":"b","line":5}', "not json", '{"doc_id":"a","line":2}']})
    assert "other_sources" not in rel.provenance and rel.provenance["created_at"] == "t0"
    assert rel.provenance["documents"] == [{"doc_id": "a", "line": 2}, {"doc_id": "b", "line": 5},
                                           {"unreadable": "not json"}]
    # read once: a relationship built from read provenance (e.g. Subgraph.from_json) keeps it as it is
    assert Relationship("r", "h", "t", "x", provenance=rel.provenance).provenance == rel.provenance
    assert with_sources({"doc_id": "a"}, ['{"doc_id":"a"}'])["documents"] == [{"doc_id": "a"}]
    assert merged_provenance([{"doc_id": "a"}]) == {"doc_id": "a"}
    assert merged_provenance([{"inferred": True, "candidates": 2, "documents": [{"chunk_id": "c1"}]},
                              {"inferred": True, "candidates": 3, "documents": [{"chunk_id": "c2"}]}]) == {
        "inferred": True, "candidates": 3, "documents": [{"chunk_id": "c1"}, {"chunk_id": "c2"}]}


def test_the_subgraph_table_counts_a_fact_s_further_sources() -> None:
    from rich.console import Console

    from xgrag.report.console import print_subgraph, provenance_text

    merged = identity(graph())
    out = Console(record=True, width=200, color_system=None)
    print_subgraph(out, "t", merged.subgraph.to_json())
    assert "a:2 (+1)" in out.export_text()
    assert provenance_text(merged.subgraph.relationships["r1"].provenance) == "a:2; b:9"
