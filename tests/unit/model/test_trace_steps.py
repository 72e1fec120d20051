"""The trace steps (xgrag.model.trace): every kind round-trips through its JSON with the keys in the order the
producers wrote them as dicts, keys a step had nothing to say about stay absent, and an explanation saved by another
version reads back with a step this version does not know (or no longer fits) kept as written."""

from __future__ import annotations

import json
import typing

import pytest
from pydantic import TypeAdapter, ValidationError

from xgrag.model import Explanation
from xgrag.model.trace import (
    BudgetStep,
    ChunkTextStep,
    ContextStep,
    DedupStep,
    GraphCypherQAMap,
    IncompleteStep,
    KnownStep,
    LangChainMap,
    LangChainRunStep,
    LightRAGMap,
    LlamaIndexMap,
    LlamaIndexResponseMap,
    MapContext,
    Neo4jGraphRAGMap,
    NoiseFloorStep,
    ObservedAnswerStep,
    QuestionEntity,
    ReproduceStep,
    ResolveRedundancyStep,
    RetrieveStep,
    ScheduleStep,
    TraceRowsStep,
    TraceStep,
    TripletMatch,
    TripletMiss,
    UnknownStep,
    UntracedRowsStep,
    XgragDocumentsMap,
)

STEP = TypeAdapter(TraceStep)
TRIPLE = ["Marie Curie", "MARRIED", "Pierre Curie"]

# One of every kind (and of each variant whose keys differ), with the keys its producer writes, in that order
EXAMPLES: dict[str, tuple[object, list[str]]] = {
    "retrieve": (RetrieveStep(source="xgrag", seconds=0.0123, nodes=5, relationships=4, truncated=False),
                 ["step", "source", "seconds", "nodes", "relationships", "truncated"]),
    "dedup": (DedupStep(seconds=0.001, merged=1, nodes=4, relationships=4),
              ["step", "seconds", "merged", "nodes", "relationships"]),
    "context": (ContextStep(source="langchain", component="LCEL(x)", items=3, spans=7),
                ["step", "source", "component", "items", "spans"]),
    "reproduce": (ReproduceStep(reproduced=True, exact=True, similarity=1.0, observed_answer="a", replayed_answer="a",
                                note="same"),
                  ["step", "reproduced", "exact", "similarity", "observed_answer", "replayed_answer",
                   "baselines_agree", "note"]),
    "observed_answer": (ObservedAnswerStep(similarity_to_a0=0.912345, note="n"), ["step", "similarity_to_a0", "note"]),
    "noise_floor": (NoiseFloorStep(semantic_shift=0.0, baseline_logprobs=[-1.25, -1.5]),
                    ["step", "semantic_shift", "baseline_logprobs"]),
    "schedule_facts": (ScheduleStep(requested="auto", facts=12, scheduler="exhaustive"),
                       ["step", "requested", "facts", "scheduler"]),
    "schedule_units": (ScheduleStep(requested="auto", units=40, scheduler="group"),
                       ["step", "requested", "units", "scheduler"]),
    "budget": (BudgetStep(max_calls=10, asked=8, not_evaluated=2), ["step", "max_calls", "asked", "not_evaluated"]),
    "resolve_redundancy_binary": (
        ResolveRedundancyStep(strategy="edge", calls=3, search="binary", citation_guided=False, redundant=2,
                              necessary=1),
        ["step", "strategy", "calls", "search", "citation_guided", "redundant", "necessary"]),
    "resolve_redundancy_linear": (
        ResolveRedundancyStep(strategy="node", calls=4, citation_guided=True, redundant=3, necessary=1),
        ["step", "strategy", "calls", "citation_guided", "redundant", "necessary"]),
    "chunk_text_read": (ChunkTextStep(chunks=2, with_text=2, excerpts=3, without_match=0, chars=300, seconds=0.01),
                        ["step", "chunks", "with_text", "excerpts", "without_match", "chars", "seconds"]),
    "chunk_text_skipped": (ChunkTextStep(skipped="provenance_text_chars is 0", seconds=0.0),
                           ["step", "skipped", "seconds"]),
    "chunk_text_none": (ChunkTextStep(chunks=0, note="no chunk"), ["step", "chunks", "note"]),
    "chunk_text_stack": (ChunkTextStep(source="the stack's own item texts", excerpts=1, chars=200),
                         ["step", "source", "excerpts", "chars"]),
    "cancelled": (IncompleteStep(step="cancelled", reason="cancelled", message="SIGINT", error="Cancelled",
                                 stage="exhaustive", answered=3, planned=9, missing=6, hint="re-run"),
                  ["step", "reason", "message", "error", "stage", "answered", "planned", "missing",
                   "cancelled_in_flight", "hint"]),
    "failed": (IncompleteStep(step="failed", reason="generator_unreachable"),
               ["step", "reason", "message", "error", "stage", "answered", "planned", "missing",
                "cancelled_in_flight", "hint"]),
    "map_xgrag_documents": (
        XgragDocumentsMap(documents=3, other_documents=0, method="m", nodes=4, relationships=3),
        ["step", "source", "documents", "other_documents", "method", "nodes", "relationships"]),
    "map_graph_cypher_qa": (
        GraphCypherQAMap(cypher="MATCH ...", rows=1, method="m", values=["Pierre Curie"],
                         matched={"Pierre Curie": ["p"]}, unmatched=[],
                         question_entities=[QuestionEntity(id="m", name="Marie Curie", method="exact")],
                         mode="paths", fallback=None, nodes=2, relationships=1, rows_from="intermediate_steps"),
        ["step", "source", "cypher", "rows", "method", "values", "matched", "unmatched", "question_entities", "mode",
         "fallback", "nodes", "relationships", "rows_from"]),
    "map_langchain": (LangChainMap(documents=3, in_prompt=2, not_in_prompt=[3], method="m"),
                      ["step", "source", "documents", "in_prompt", "not_in_prompt", "method"]),
    "map_llamaindex_store": (
        LlamaIndexMap(nodes=2, triplets=2, method="m", matched=[TripletMatch(triplet=TRIPLE, relationship_id="r")],
                      unmatched=[TripletMiss(triplet=TRIPLE, id="unmatched:x")]),
        ["step", "source", "nodes", "triplets", "method", "matched", "unmatched"]),
    "map_llamaindex_no_store": (LlamaIndexMap(nodes=2, method="no store"), ["step", "source", "nodes", "method"]),
    "map_llamaindex_response": (
        LlamaIndexResponseMap(triplets=1, method="m", matched=[TripletMatch(triplet=TRIPLE, relationship_id="r")],
                              unmatched=[], nodes=2, relationships=1),
        ["step", "source", "triplets", "method", "matched", "unmatched", "nodes", "relationships"]),
    "map_lightrag": (
        LightRAGMap(mode="local", entities=3, relations=2, chunks=1, references=1, directed=1, undirected=["a|b"],
                    method="m"),
        ["step", "source", "mode", "entities", "relations", "chunks", "references", "directed", "undirected",
         "method"]),
    "map_neo4j_graphrag": (
        Neo4jGraphRAGMap(retriever="VectorCypherRetriever", items=2, schema_preset="neo4j-graphrag", method="m",
                         mapped=[1], entities_only=[], unmapped=[2], induced_relationships=[], nodes=2,
                         relationships=1),
        ["step", "source", "retriever", "items", "schema_preset", "method", "mapped", "entities_only", "unmapped",
         "induced_relationships", "nodes", "relationships"]),
    "map_neo4j_graphrag_chunks": (
        Neo4jGraphRAGMap(retriever=None, items=1, schema_preset="neo4j-graphrag", method="m", mapped=[],
                         entities_only=[], unmapped=[1], induced_relationships=[], nodes=0, relationships=0,
                         chunks_traced=1, chunk_facts=2),
        ["step", "source", "retriever", "items", "schema_preset", "method", "mapped", "entities_only", "unmapped",
         "induced_relationships", "nodes", "relationships", "chunks_traced", "chunk_facts"]),
    "trace_rows_run": (
        TraceRowsStep(cypher="MATCH (n) RETURN n", rows=8, query="MATCH (n) RETURN n", traced=True, reason=None,
                      rewritten=None, matched_rows=8, method="m"),
        ["step", "cypher", "rows", "query", "traced", "reason", "rewritten", "matched_rows", "method"]),
    "trace_rows_not_run": (TraceRowsStep(cypher=None, rows=2, traced=False, reason="the chain generated no query"),
                           ["step", "cypher", "rows", "traced", "reason"]),
    "untraced_rows": (UntracedRowsStep(reason="aggregation", note="n"), ["step", "reason", "note"]),
    "langchain_run": (LangChainRunStep(run_id="r", mode="inline", handler="XgragCallbackHandler", run_seconds=0.5),
                      ["step", "run_id", "mode", "handler", "run_seconds"]),
}


def _kinds(union: object) -> set[type]:
    """The step classes of a (nested, Annotated) union."""
    out: set[type] = set()
    for arg in typing.get_args(union):
        if isinstance(arg, type):
            out.add(arg)
        else:
            out |= _kinds(arg)
    return out


def test_every_kind_has_an_example() -> None:
    assert _kinds(KnownStep) == {type(step) for step, _ in EXAMPLES.values()}
    assert _kinds(MapContext) <= _kinds(KnownStep)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_a_step_round_trips_with_its_keys_in_order(name: str) -> None:
    step, keys = EXAMPLES[name]
    text = STEP.dump_json(step)
    assert list(json.loads(text)) == keys
    again = STEP.validate_json(text)
    assert type(again) is type(step) and again == step
    assert STEP.dump_json(again) == text
    assert STEP.validate_python(STEP.dump_python(step, mode="json")) == step


def test_a_known_kind_refuses_keys_it_does_not_declare() -> None:
    with pytest.raises(ValidationError):
        STEP.validate_python({"step": "budget", "max_calls": 1, "asked": 1, "not_evaluated": 0, "extra": 1})
    with pytest.raises(ValidationError):
        STEP.validate_python({"step": "budget", "max_calls": 1})  # asked, not_evaluated missing


def test_the_run_only_trace_rows_keys_are_absent_when_the_query_was_not_run() -> None:
    not_run = json.loads(STEP.dump_json(EXAMPLES["trace_rows_not_run"][0]))
    assert "rewritten" not in not_run and "query" not in not_run
    run = json.loads(STEP.dump_json(EXAMPLES["trace_rows_run"][0]))
    assert run["rewritten"] is None and run["reason"] is None  # written as null when the query was re-run


def _saved(trace: list[dict[str, object]]) -> dict[str, object]:
    """A minimal explanation JSON as an older version could have saved it, with `trace`."""
    return {"id": "x", "created_at": "2026-11-20T00:00:00Z", "question": "q", "answer": "a", "baseline_answers": ["a"],
            "noise_floor": 0.0, "strategy": "edge", "strategies": ["edge"], "components": [], "generator": "g",
            "generator_params": {}, "embedder": "e", "prompt_version": "p", "user_explanation": "",
            "technical_explanation": "", "subgraph": {}, "cost": {}, "config": {}, "versions": {}, "trace": trace}


OLD_KIND = {"step": "rerank", "kept": [1, 2], "model": {"name": "x", "k": 3}, "seconds": 0.5}


def test_a_step_of_an_unknown_kind_reads_back_as_written() -> None:
    saved = _saved([OLD_KIND, {"step": "budget", "max_calls": 4, "asked": 4, "not_evaluated": 0}])
    ex = Explanation.from_json(json.dumps(saved))
    old, budget = ex.trace
    assert isinstance(old, UnknownStep) and old.step == "rerank" and old.fields["kept"] == [1, 2]
    assert isinstance(budget, BudgetStep) and budget.asked == 4
    assert ex.to_json()["trace"] == saved["trace"]  # written back the same, keys in their order
    assert list(ex.to_json()["trace"][0]) == list(OLD_KIND)
    assert Explanation.from_json(ex.model_dump_json()) == ex
    assert Explanation.from_json(saved) == ex  # from a mapping too
    # an unknown kind is no error on any path (a newer version's step); a mapping with no step is
    assert isinstance(Explanation.model_validate(saved).trace[0], UnknownStep)
    with pytest.raises(ValidationError):
        Explanation.model_validate(_saved([{"kept": [1]}]))


def test_a_known_kind_that_no_longer_fits_is_kept_only_when_reading_a_saved_explanation() -> None:
    old_budget = {"step": "budget", "max_calls": 4, "asked": 4}  # an older shape: no not_evaluated
    old_map = {"step": "map_context", "source": "old_stack", "documents": 1}  # a source this version does not know
    with_extra = {"step": "dedup", "seconds": 0.1, "merged": 0, "nodes": 1, "relationships": 1, "gone": True}
    saved = _saved([old_budget, old_map, with_extra])
    ex = Explanation.from_json(json.dumps(saved))
    kept_budget, kept_map, dedup = ex.trace
    assert isinstance(kept_budget, UnknownStep) and kept_budget.fields == {"max_calls": 4, "asked": 4}
    assert isinstance(kept_map, UnknownStep) and kept_map.fields["source"] == "old_stack"
    assert isinstance(dedup, DedupStep) and "gone" not in dedup.model_dump()  # an unknown key dropped
    assert ex.to_json()["trace"][:2] == [old_budget, old_map]
    # making an explanation (not reading a saved one): a known kind must fit its record
    with pytest.raises(ValidationError):
        Explanation.model_validate(_saved([old_budget]))
    with pytest.raises(ValidationError):
        Explanation.model_validate(_saved([old_map]))
