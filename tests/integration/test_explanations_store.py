"""Saved explanations queried by question, entity, relationship and time, against the real embedded Neo4j.

The explanations are real (Explainer + extractive reader + the real embedding model over the MetaQA sample);
only their `created_at` is set to fixed instants so the time filters have known answers.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from helpers import SAMPLE
from xgrag.config import GraphSchema
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.extractive import ExtractiveReader
from xgrag.model import Explanation
from xgrag.retrieval import Retriever
from xgrag.store.explanations import (
    AmbiguousEntity,
    EntityNotFound,
    ExplanationNotFound,
    explanations_by_entity,
    explanations_by_relationship,
    explanations_timeline,
    find_explanations,
    load_explanation,
    resolve_entity,
    save_explanation,
)
from xgrag.store.ingest import entity_id, ingest_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

TARIK = "who is listed as director of [Tarik Lowe] starred movies"
SCHECHTER = "which films did [Daniel Schechter] direct"
OUT_TO_SEA = "who was the director of [Out to Sea]"
JEETHU = "what are the languages spoken in the movies written by [Jeethu Joseph]"
SAVED_AT = {TARIK: "2026-01-05T10:00:00Z", SCHECHTER: "2026-01-05T18:30:00Z", OUT_TO_SEA: "2026-02-10T09:15:00Z",
            JEETHU: "2026-03-01T00:00:00Z"}
ALL_NULL = {"question": None, "entity_id": None, "relationship_id": None, "since": None, "until": None, "limit": None,
            "schema_key": None}


@pytest.fixture(scope="module")
def saved(server: Neo4jStore, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Explanation]:
    from helpers import wipe

    wipe(server)
    migrate(server, GraphSchema(), 384)
    ingest_triples(server, SAMPLE / "metaqa_triples.tsv", "metaqa")
    extra = tmp_path_factory.mktemp("kg") / "ambiguous.tsv"
    extra.write_text("head\trelation\ttail\thead_type\ttail_type\n"
                     "Mercury\torbits\tSun\tPlanet\tStar\nFreddie\tnicknamed\tMercury\tPerson\tNickname\n")
    ingest_triples(server, extra, "tsv")
    emb = default_embedder()
    explainer = Explainer(Retriever(server, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("node", "edge"), scheduler="exhaustive"))
    out = {}
    for question, at in SAVED_AT.items():
        ex = explainer.explain(question)
        ex.created_at = at
        save_explanation(server, ex)
        out[question] = ex
    return out


def _scored(ex: Explanation) -> list:
    return [c for c in ex.components if c.kind in ("node", "edge") and c.importance is not None]


def _node(ex: Explanation, name: str):
    return next(c for c in ex.components if c.kind == "node" and c.strategy == "node" and c.label == name)


def test_the_explanations_are_real(saved: dict[str, Explanation]) -> None:
    assert saved[TARIK].answer == "Daniel Schechter."
    assert saved[SCHECHTER].answer.strip()
    assert saved[JEETHU].answer == "Malayalam."
    assert all(len(_scored(ex)) >= 3 for ex in saved.values())


def test_unfiltered_is_newest_first_with_cost_config_and_top_components(server, saved) -> None:
    rows = find_explanations(server)
    assert [r.question for r in rows] == [JEETHU, OUT_TO_SEA, SCHECHTER, TARIK]
    for r in rows:
        ex = saved[r.question]
        assert r.id == ex.id and r.answer == ex.answer and r.created_at == ex.created_at
        assert r.strategy == "node,edge" and r.generator == ex.generator
        assert r.cost["generator_calls"] == ex.cost.generator_calls > 0
        assert r.cost["perturbations"] == ex.cost.perturbations == len(_scored(ex))
        assert r.cost["seconds"] == ex.cost.seconds
        assert r.config == ex.config.model_dump() and r.config["strategies"] == ["node", "edge"]
        assert r.subgraph_nodes == len(ex.subgraph.nodes)
        assert r.subgraph_relationships == len(ex.subgraph.relationships)
        expected = sorted(_scored(ex), key=lambda c: -c.importance)[:5]
        assert len(r.top) == min(5, len(_scored(ex)))
        assert [t["importance"] for t in r.top] == pytest.approx([c.importance for c in expected])
        assert r.top[0]["id"] in {c.id for c in _scored(ex) if c.importance == expected[0].importance}
        assert r.matched == []


def test_question_filter_is_a_case_insensitive_substring(server, saved) -> None:
    assert [r.id for r in find_explanations(server, question="DIRECTOR OF [out")] == [saved[OUT_TO_SEA].id]
    assert {r.question for r in find_explanations(server, question="director")} == {TARIK, OUT_TO_SEA}
    assert find_explanations(server, question="') RETURN 1 //") == []  # a value, never Cypher


def test_entity_filter_by_name_or_id_reports_its_importance_and_rank(server, saved) -> None:
    by_name = find_explanations(server, entity="daniel schechter")
    assert [r.question for r in by_name] == [SCHECHTER, TARIK]
    by_id = find_explanations(server, entity=entity_id("Daniel Schechter", "Person"))
    assert [r.id for r in by_id] == [r.id for r in by_name]
    for r in by_name:
        own = _node(saved[r.question], "Daniel Schechter")
        node_rows = [m for m in r.matched if m["kind"] == "node"]
        assert node_rows[0]["importance"] == pytest.approx(own.importance)
        assert node_rows[0]["rank"] == own.rank and node_rows[0]["counterfactual_answer"] == own.counterfactual_answer
        # relationships that end at the entity are matched too
        ends = {c.id for c in _scored(saved[r.question]) if c.kind == "edge" and "Daniel Schechter" in c.label}
        assert {m["id"] for m in r.matched if m["kind"] == "edge"} == ends
    # an entity no explanation scored, and one that does not exist
    assert find_explanations(server, entity="Sun") == []
    with pytest.raises(EntityNotFound, match="no entity has the id or name 'Nobody At All'"):
        find_explanations(server, entity="Nobody At All")
    with pytest.raises(AmbiguousEntity, match="2 entities are named 'mercury'"):
        find_explanations(server, entity="mercury")
    assert resolve_entity(server, entity_id("Mercury", "Planet"))["type"] == "Planet"


def test_relationship_filter(server, saved) -> None:
    top_edge = saved[TARIK].top("edge", 1)[0]
    assert top_edge.label == "Supporting Characters -directed_by-> Daniel Schechter"
    rows = find_explanations(server, relationship=top_edge.id)
    assert [r.question for r in rows] == [SCHECHTER, TARIK]
    for r in rows:
        comp = next(c for c in saved[r.question].components if c.strategy == "edge" and c.id == top_edge.id)
        assert [(m["id"], m["rank"]) for m in r.matched] == [(comp.id, comp.rank)]
        assert r.matched[0]["importance"] == pytest.approx(comp.importance)
    assert find_explanations(server, relationship="r_does_not_exist") == []


def test_time_window_and_limit(server, saved) -> None:
    assert [r.question for r in find_explanations(server, since="2026-02-01")] == [JEETHU, OUT_TO_SEA]
    assert [r.question for r in find_explanations(server, until="2026-01-05T18:30:00Z")] == [TARIK]  # exclusive
    assert [r.question for r in find_explanations(server, since=datetime(2026, 1, 5, 18, 30, tzinfo=UTC),
                                                  until="2026-03-01")] == [OUT_TO_SEA, SCHECHTER]
    assert [r.question for r in find_explanations(server, limit=2)] == [JEETHU, OUT_TO_SEA]
    combined = find_explanations(server, question="director", entity="Tarik Lowe", since="2026-01-01",
                                 until="2026-01-06", limit=5)
    assert [r.question for r in combined] == [TARIK]
    with pytest.raises(ValueError, match="since: 'last week' is not an ISO-8601"):
        find_explanations(server, since="last week")
    with pytest.raises(ValueError, match="limit"):
        find_explanations(server, limit=0)


def test_the_cypher_file_with_every_parameter_null(server, saved) -> None:
    """What other clients (Cypher procedures, cypher-shell) run: all six parameters, null = no filter."""
    rows = server.read("explanations_query", **ALL_NULL)
    assert [r["id"] for r in rows] == [r.id for r in find_explanations(server)]
    assert all(isinstance(json.loads(r["config_json"]), dict) for r in rows)
    one = server.read("explanations_query", **{**ALL_NULL, "relationship_id": saved[TARIK].top("edge", 1)[0].id,
                                               "until": "2026-01-05T12:00:00Z", "limit": 1})
    assert [r["question"] for r in one] == [TARIK]


def test_by_entity_lists_the_answers_it_drove_strongest_first(server, saved) -> None:
    rows = explanations_by_entity(server, "Supporting Characters")
    assert {r["question"] for r in rows} == {TARIK, SCHECHTER}
    assert [r["best"] for r in rows] == sorted((r["best"] for r in rows), reverse=True)
    for r in rows:
        own = _node(saved[r["question"]], "Supporting Characters")
        assert r["entity_name"] == "Supporting Characters" and r["answer"] == saved[r["question"]].answer
        assert r["importance"] == pytest.approx(own.importance) and r["rank"] == own.rank
        assert r["best"] >= r["importance"]
        assert {e["id"] for e in r["edges"]} == {c.id for c in _scored(saved[r["question"]]) if c.kind == "edge"
                                                 and "Supporting Characters" in c.label}
    assert [r["question"] for r in explanations_by_entity(server, "Supporting Characters",
                                                          since="2026-01-05T12:00:00Z")] == [SCHECHTER]


def test_by_relationship_carries_provenance(server, saved) -> None:
    edge = saved[JEETHU].top("edge", 1)[0]
    rows = explanations_by_relationship(server, edge.id)
    assert len(rows) == 1
    r = rows[0]
    assert r["id"] == saved[JEETHU].id and r["relationship_id"] == edge.id and r["rank"] == edge.rank == 1
    assert r["importance"] == pytest.approx(edge.importance)
    assert f"{r['source_name']} -" in edge.label and edge.label.endswith(r["target_name"])
    assert r["provenance"]["doc_id"] == "file:metaqa_triples.tsv" and r["provenance"] == edge.provenance


def test_timeline_sums_cost_per_day(server, saved) -> None:
    days = explanations_timeline(server)
    assert [d["day"] for d in days] == ["2026-03-01", "2026-02-10", "2026-01-05"]
    jan = days[-1]
    assert jan["explanations"] == 2 and jan["questions"] == 2
    assert jan["generator_calls"] == saved[TARIK].cost.generator_calls + saved[SCHECHTER].cost.generator_calls
    assert jan["perturbations"] == saved[TARIK].cost.perturbations + saved[SCHECHTER].cost.perturbations
    assert [d["day"] for d in explanations_timeline(server, question="director", until="2026-02-01")] == [
        "2026-01-05"]
    assert explanations_timeline(server, question="director", until="2026-02-01")[0]["explanations"] == 1


def test_load_round_trips(server, saved) -> None:
    for ex in saved.values():
        assert load_explanation(server, ex.id).to_json() == ex.to_json()
    with pytest.raises(ExplanationNotFound, match="no saved explanation has the id 'nope'"):
        load_explanation(server, "nope")


def test_the_listing_shows_the_explanations_of_the_current_schema_mapping(server: Neo4jStore, saved) -> None:
    from xgrag.config import schema_preset

    mine = {r.id for r in find_explanations(server, limit=100)}
    assert {ex.id for ex in saved.values()} <= mine
    other = server.with_schema(schema_preset("langchain"))
    assert not {ex.id for ex in saved.values()} & {r.id for r in find_explanations(other, limit=100)}
    everything = {r.id for r in find_explanations(other, limit=100, all_mappings=True)}
    assert {ex.id for ex in saved.values()} <= everything
    assert explanations_timeline(other) == [] and len(explanations_timeline(other, all_mappings=True)) >= 3



def test_the_documented_python_and_cypher_run_as_written(server: Neo4jStore, saved) -> None:
    """docs/guide/saved.md's "From Python" block (with `store` the reader's open store) and its Neo4j Browser query
    (with `$name` set as Browser's `:param name => 'Daniel Schechter'` would)."""
    from helpers import doc_blocks

    page, heading = "docs/guide/saved.md", "Saved explanations in the graph"
    scope: dict = {"store": server}
    exec(compile(doc_blocks(page, heading, "python")[0], page, "exec"), scope)  # noqa: S102
    assert [r.question for r in scope["rows"]] == [TARIK]  # "director", Daniel Schechter drove it, since 2026-01-01
    assert scope["ex"].question == TARIK and scope["ex"].components == saved[TARIK].components
    rows = server.query(doc_blocks(page, heading, "cypher")[0], {"name": "Daniel Schechter"})
    assert {r["x.question"] for r in rows} == {TARIK, SCHECHTER}
    assert [r["s.importance"] for r in rows] == sorted((r["s.importance"] for r in rows), reverse=True)
