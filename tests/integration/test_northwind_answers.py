"""Northwind (Neo4j's own domain graph, ../shared/data/northwind) answered and explained with nothing written by
hand and nothing written to the database: the read-only mapping `xgrag schema infer` decides, then the example
questions through retrieval (mode auto) and explanation (fact removal) with default options, on the real embedded
Neo4j. Northwind is loaded once for the module (~30 s)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import NORTHWIND, doc_block, doc_commands, gold_fact_id, schema_state, wipe, write_northwind
from xgrag.config import Settings
from xgrag.embed import default_embedder
from xgrag.explain import Explainer
from xgrag.generate.base import answer_key
from xgrag.generate.extractive import ExtractiveReader
from xgrag.generate.prompt import render
from xgrag.retrieval import Retriever
from xgrag.schema.infer import infer_schema
from xgrag.schema.options import InferOptions
from xgrag.store.neo4j import Neo4jStore

QUESTIONS = [json.loads(line) for line in (NORTHWIND / "questions.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()]
# the entities each question names, in the file's order
TOPICS = ["Chai", "Chang", "Nancy Davolio", "Nancy Davolio", "Chai", "Exotic Liquids", "Exotic Liquids", "Seafood"]


@pytest.fixture(scope="module")
def northwind(server: Neo4jStore) -> dict[str, Any]:
    """Northwind as its load.py writes it, its state before any test reads it, and the inferred read-only
    mapping."""
    wipe(server)
    write_northwind(server)
    before = schema_state(server)
    schema = infer_schema(server, InferOptions(read_only=True)).schema
    return {"store": server.with_schema(schema), "before": before, "settings": Settings(schema=schema)}


def test_the_example_questions_are_linked_and_answered(northwind: dict[str, Any]) -> None:
    store, before = northwind["store"], northwind["before"]
    assert store.schema.read_only
    retriever = Retriever(store)  # the default retrieval settings and mode, as `xgrag retrieve`
    reader = ExtractiveReader(default_embedder())
    answers = []
    for q, topic in zip(QUESTIONS, TOPICS, strict=True):
        assert [le.node.name for le in retriever.link(q["question"])] == [topic], q["question"]
        sub = retriever.retrieve(q["question"])
        assert sub.reason is not None and sub.reason.startswith("auto: ")
        ctx = render(q["question"], sub)
        answers.append(reader.generate(ctx.prompt, ctx.system, question=q["question"], facts=ctx.facts).text)
    right = [answer_key(a) in {answer_key(g) for g in q["answers"]} for a, q in zip(answers, QUESTIONS, strict=True)]
    assert right == [True] * len(QUESTIONS), list(zip(answers, [q["question"] for q in QUESTIONS], strict=True))
    assert answers[3] == "1948-12-08."  # a node's property fact, not her manager's (one REPORTS_TO away)
    assert schema_state(store) == before


def test_numbers_and_dates_are_not_seeds_and_a_relationship_property_answers(northwind: dict[str, Any]) -> None:
    store = northwind["store"]
    retriever = Retriever(store)
    assert [le.node.name for le in retriever.link("What did order 10248 contain?")] == ["Order 10248"]
    for question in ("What did 10248 contain?", "Who was born on 1948-12-08?", "Which product costs 18.0?",
                     "Who was born in 1948?"):
        assert retriever.link(question) == [], question
    question = "How many units of Queso Cabrales did order 10248 contain?"
    sub = retriever.retrieve(question)
    ctx = render(question, sub)
    g = ExtractiveReader(default_embedder()).generate(ctx.prompt, ctx.system, question=question, facts=ctx.facts)
    assert g.text == "12." and g.evidence is not None and len(g.evidence) == 1
    fact = sub.properties[g.evidence[0]]
    assert fact.key == "quantity" and fact.owner_kind == "relationship"
    assert schema_state(store) == northwind["before"]


def test_explanations_rank_the_gold_fact_first(northwind: dict[str, Any]) -> None:
    store, settings = northwind["store"], northwind["settings"]
    embedder = default_embedder()
    explainer = Explainer.from_settings(settings, store, generator=ExtractiveReader(embedder), embedder=embedder)
    named = [q for q in QUESTIONS if q.get("evidence")]
    assert len(named) == 6
    top_is_gold = []
    for q in named:
        ex = explainer.explain(q["question"])  # default ExplainSettings: mode auto, fact removal, scheduler auto
        gold = gold_fact_id(ex.subgraph, q["evidence"][0])
        assert gold is not None, q["question"]
        assert gold in [e.id for e in ex.generator_evidence or []], q["question"]  # the reader says it used it
        ranked = sorted((c for c in ex.components if c.rank is not None), key=lambda c: c.rank or 0)
        top_is_gold.append(ranked[0].id == gold)
    assert sum(top_is_gold) >= 5, top_is_gold
    assert schema_state(store) == northwind["before"]


def test_the_readme_commands_as_a_user_types_them(northwind: dict[str, Any],
                                                 neo4j_uri: tuple[str, str | None, str | None],
                                                 tmp_path: Path) -> None:
    """docs/configuration.md "Pointing xgrag at an existing Neo4j", its commands as written (`xgrag schema infer
    --read-only --write xgrag.toml`, then `xgrag retrieve` and `xgrag explain` with no option), then the same two
    with --json."""
    uri, user, password = neo4j_uri
    env = {**os.environ, "NEO4J_URI": uri, "COLUMNS": "200", "XGRAG_HOME": str(tmp_path / "home")}
    if user and password:
        env.update(NEO4J_USER=user, NEO4J_PASSWORD=password)

    def xgrag(*args: str) -> str:
        proc = subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=900, check=False)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "Traceback" not in proc.stderr
        return proc.stdout

    commands = doc_commands(doc_block("docs/configuration.md", "Pointing xgrag at an existing Neo4j", "bash"))
    assert [c[:2] for c in commands] == [["schema", "infer"], ["retrieve", QUESTIONS[3]["question"]],
                                         ["explain", QUESTIONS[3]["question"]]]
    printed = [xgrag(*args) for args in commands]
    assert "read_only = true" in (tmp_path / "xgrag.toml").read_text(encoding="utf-8")
    assert "Nancy Davolio" in printed[1] and "1948-12-08" in printed[1]
    assert "1948-12-08" in printed[2] and "(Nancy Davolio) birthDate 1948-12-08" in printed[2]

    sub = json.loads(xgrag(*commands[1], "--json"))
    names = {n["id"]: n["name"] for n in sub["nodes"]}
    assert [names[s] for s in sub["seeds"]] == ["Nancy Davolio"]
    assert sub["reason"].startswith("auto: ") and any(p["key"] == "birthDate" for p in sub["properties"])
    ex = json.loads(xgrag(*commands[2], "--json", "-"))
    assert ex["answer"] == "1948-12-08." and ex["subgraph"]["reason"].startswith("auto: ")
    top = min((c for c in ex["components"] if c["rank"] is not None), key=lambda c: c["rank"])
    assert top["kind"] == "property" and top["id"] == gold_fact_id(ex["subgraph"], QUESTIONS[3]["evidence"][0])
    assert top["label"] == "(Nancy Davolio) birthDate 1948-12-08"
    assert schema_state(northwind["store"]) == northwind["before"]
