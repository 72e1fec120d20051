"""The domain corpus's bookkeeping (benchmarks/domain_corpus.py, benchmarks/domain_gold.py), without a server: every
graph has a question file of at least 12 well-formed records, and the splits are exactly the documented draws (the
first, spent one; the next frozen one), so a graph cannot slip into or out of the frozen split unnoticed."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from helpers import ROOT

KINDS = {"edge", "node-property", "relationship-property", "two-hop"}


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses resolve the module's annotations through sys.modules
    spec.loader.exec_module(module)
    return module


corpus = _module("domain_corpus")
gold = _module("domain_gold")


def _node_ok(ref: Any) -> bool:
    return (isinstance(ref, dict) and isinstance(ref.get("label"), str) and isinstance(ref.get("where"), dict)
            and bool(ref["where"]))


def _fact_ok(fact: Any) -> bool:
    if not isinstance(fact, dict):
        return False
    if "node" in fact:
        return _node_ok(fact["node"]) and isinstance(fact.get("key"), str)
    return (_node_ok(fact.get("start")) and _node_ok(fact.get("end")) and isinstance(fact.get("type"), str)
            and isinstance(fact.get("key", ""), str))


@pytest.mark.parametrize("name", sorted(corpus.GRAPHS))
def test_every_graph_has_twelve_well_formed_questions(name: str) -> None:
    records = gold.read_questions(corpus.GRAPHS[name].questions)
    assert len(records) >= 12
    for q in records:
        where = f"{name}:{q['line']}"
        assert isinstance(q["question"], str) and q["question"].strip(), where
        assert q["kind"] in KINDS, where
        assert all(isinstance(a, str) and a for a in q["answers"]), where
        assert q["named"] and all(_node_ok(ref) for ref in q["named"]), where
        evidence = q.get("evidence", [])
        assert all(_fact_ok(f) for f in evidence), where
        assert q["kind"] != "two-hop" or len(evidence) == 2, where
        assert q["kind"] != "relationship-property" or all("key" in f and "node" not in f for f in evidence), where


def test_a_question_file_without_answers_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "questions.jsonl"
    bad.write_text('{"question": "Who?", "answers": [], "kind": "edge", "named": []}\n', encoding="utf-8")
    with pytest.raises(gold.GoldError, match="answers"):
        gold.read_questions(bad)


def _split(split: str) -> set[str]:
    return {n for n, g in corpus.GRAPHS.items() if g.split == split}


def test_the_next_frozen_split_is_the_documented_draw() -> None:
    pool = ["foodmart", "legis-graph", "oscon", "sdn-university", "supply-chain"]  # as the docstring records it
    drawn = sorted(random.Random(30).sample(sorted(pool), min(5, len(pool))))
    assert tuple(pool) == corpus.NEXT_POOL and corpus.NEXT_SEED == 30
    assert _split("frozen") == set(drawn) == set(corpus.draw(corpus.NEXT_POOL, corpus.NEXT_SEED))
    assert {n for n in pool if n not in drawn} <= _split("tune")


def test_the_first_frozen_split_is_spent() -> None:
    first = sorted(random.Random(29).sample(sorted(corpus.FIRST_CORPUS), 5))
    assert first == ["airport-routes", "bloom", "entity-resolution", "fincen", "openstreetmap"]
    assert _split("spent") == set(first)
    assert _split("tune") == set(corpus.FIRST_CORPUS) - set(first)
    assert set(corpus.GRAPHS) == set(corpus.FIRST_CORPUS) | set(corpus.NEXT_POOL)


def test_a_graph_with_an_unknown_split_is_refused() -> None:
    with pytest.raises(ValueError, match="split 'held-out' is not one of tune, frozen, spent"):
        corpus.Graph("x", "held-out", "about")


@pytest.mark.parametrize(("old", "new"), [
    ("CREATE CONSTRAINT ON (p:Party) ASSERT p.name IS UNIQUE",
     "CREATE CONSTRAINT FOR (p:Party) REQUIRE p.name IS UNIQUE"),
    ("CREATE INDEX ON :Legislator(thomasID)", "CREATE INDEX FOR (n:Legislator) ON (n.thomasID)"),
    ("SET s.coffee_bar = toInt(line.coffee_bar) > 0, m.month = toInteger(line.m)",
     "SET s.coffee_bar = toInteger(line.coffee_bar) > 0, m.month = toInteger(line.m)"),
    ("SET r.distance = distance(p2,p1)/1000", "SET r.distance = point.distance(p2,p1)/1000"),
    ("RETURN point.distance(a, b), n.distance", "RETURN point.distance(a, b), n.distance"),
])
def test_removed_syntax_is_written_in_five_syntax(old: str, new: str) -> None:
    assert corpus._five(old) == new


def test_a_load_csv_statement_is_given_its_rows() -> None:
    class Recorder:
        def __init__(self) -> None:
            self.calls: list[tuple[str, dict[str, Any]]] = []

        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            self.calls.append((statement, params or {}))
            return []

    script = ('CREATE CONSTRAINT ON (s:Speaker) ASSERT s.serial IS UNIQUE;\n// a comment\n'
              'LOAD CSV WITH headers FROM "file:data/speakers.csv" as line\nCREATE (:Speaker {serial: line.serial});\n'
              "LOAD CSV WITH HEADERS FROM 'https://x.org/absent.csv' AS row CREATE (:Sale {id: row.id});\n")
    rows = {"file:data/speakers.csv": [{"serial": str(i)} for i in range(corpus._BATCH + 1)]}
    store = Recorder()
    corpus._run_script(store, script, lambda url: rows.get(url))
    statements = [s for s, _ in store.calls]
    assert statements == ["CREATE CONSTRAINT FOR (s:Speaker) REQUIRE s.serial IS UNIQUE",
                          "UNWIND $rows AS line\nCREATE (:Speaker {serial: line.serial})",
                          "UNWIND $rows AS line\nCREATE (:Speaker {serial: line.serial})"]
    assert [len(p["rows"]) for _, p in store.calls[1:]] == [corpus._BATCH, 1]
    assert store.calls[2][1]["rows"] == [{"serial": str(corpus._BATCH)}]


def test_csv_rows_are_strings_and_empty_fields_null() -> None:
    assert corpus._csv_rows(b'\xef\xbb\xbfa,b,c\n1,,"x, y"\n') == [{"a": "1", "b": None, "c": "x, y"}]


def test_a_file_is_read_from_either_mirror_layout(tmp_path: Path) -> None:
    import subprocess

    fetched = tmp_path / "neo4j-examples+demo" / "repo"
    fetched.mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "data.csv").write_text("a\n1\n", encoding="utf-8")
    subprocess.run([*git, "add", "data.csv"], check=True)
    subprocess.run([*git, "commit", "-qm", "data"], check=True)
    (tmp_path / "star-wars").mkdir()  # an ordinary copy of a neo4j-graph-examples repository, no git
    (tmp_path / "star-wars" / "a.json").write_text("{}", encoding="utf-8")

    assert corpus.read_file("neo4j-examples/demo", "data.csv", tmp_path) == b"a\n1\n"  # <owner>+<name>/repo/.git
    assert corpus.read_file("star-wars", "a.json", tmp_path) == b"{}"
    assert corpus.head_commit("neo4j-examples/demo", tmp_path)
    with pytest.raises(corpus.CorpusError, match="data/sales.csv is not in the mirror"):
        corpus.read_file("neo4j-examples/demo", "data/sales.csv", tmp_path)
    with pytest.raises(corpus.CorpusError, match=re.escape(f"star-wars: data/swapi.json is not in the mirror "
                                                           f"{tmp_path / 'star-wars'}") + "$"):
        corpus.read_file("star-wars", "data/swapi.json", tmp_path)
    with pytest.raises(corpus.CorpusError, match="no mirror of github.com/neo4j-examples/absent"):
        corpus.read_file("neo4j-examples/absent", "x", tmp_path)
