"""`explain-batch` over the real embedded Neo4j: in this process and as actors of a local Ray instance, resumable,
one failing question recorded without stopping the batch."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import SAMPLE
from xgrag.config import GraphSchema
from xgrag.evaluate.batch import BatchSpec, read_questions, run_batch
from xgrag.explain import ExplainSettings
from xgrag.store.ingest import ingest_triples
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

QUESTIONS = [{"id": "out-to-sea", "question": "who was the director of [Out to Sea]"},
             {"id": "tarik", "question": "who is listed as director of [Tarik Lowe] starred movies"},
             {"id": "too-long", "question": "why " * 600}]  # over the 2,000-character limit: a usage error


@pytest.fixture(scope="module")
def batch_env(server: Neo4jStore, neo4j_uri: tuple[str, str | None, str | None],
              tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BatchSpec]:
    from helpers import wipe

    wipe(server)
    migrate(server, GraphSchema(), 384)
    ingest_triples(server, SAMPLE / "metaqa_triples.tsv", "metaqa")
    folder = tmp_path_factory.mktemp("batch")
    config = folder / "xgrag.toml"
    # the test server's generated password in the test's own settings file (a user's lives in the environment)
    uri, user, password = neo4j_uri
    config.write_text(f'[neo4j]\nuri = "{uri}"\nuser = "{user or "neo4j"}"\n'
                      + (f'password = "{password}"\n' if password else ""), encoding="utf-8")
    qfile = folder / "questions.jsonl"
    qfile.write_text("".join(json.dumps(q) + "\n" for q in QUESTIONS), encoding="utf-8")
    spec = BatchSpec(ExplainSettings(strategies=("edge",), noise_runs=1, concurrency=2), "extractive", {},
                     str(config), None)
    return qfile, spec


def statuses(out: Path) -> dict[str, str]:
    return {r["id"]: r["status"] for r in json.loads((out / "summary.json").read_text())["rows"]}


def test_local_batch_is_resumable(batch_env: tuple[Path, BatchSpec], tmp_path: Path) -> None:
    qfile, spec = batch_env
    questions = read_questions(qfile)
    seen: list[str] = []
    first = run_batch(questions, tmp_path, spec, progress=lambda r: seen.append(r["id"]))
    assert seen == ["out-to-sea", "tarik", "too-long"] and first.explained == seen and first.reused == []
    assert statuses(tmp_path) == {"out-to-sea": "done", "tarik": "done", "too-long": "failed"}
    failed = json.loads((tmp_path / "questions" / "too-long.json").read_text())
    assert failed["error"] == "UsageError" and "2,000" in failed["message"]
    record = json.loads((tmp_path / "questions" / "out-to-sea.json").read_text())
    assert record["explanation"]["answer"] and record["explanation"]["components"]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert (summary["done"], summary["failed"], summary["explained_now"]) == (2, 1, 3)
    assert summary["generator_calls"] == sum(
        json.loads((tmp_path / "questions" / f"{q}.json").read_text())["explanation"]["cost"]["generator_calls"]
        for q in ("out-to-sea", "tarik"))
    before = (tmp_path / "questions" / "out-to-sea.json").read_bytes()

    again = run_batch(questions, tmp_path, spec)  # finished questions are kept; the failed one is redone
    assert again.reused == ["out-to-sea", "tarik"] and again.explained == ["too-long"]
    assert (tmp_path / "questions" / "out-to-sea.json").read_bytes() == before

    other = BatchSpec(ExplainSettings(strategies=("node",), noise_runs=1), "extractive", {}, spec.config_path)
    assert run_batch(questions, tmp_path, other).reused == []  # other settings: nothing is reused


def test_ray_actors_give_the_same_explanations(batch_env: tuple[Path, BatchSpec], tmp_path: Path) -> None:
    qfile, spec = batch_env
    questions = read_questions(qfile)
    local = run_batch(questions, tmp_path / "local", spec)
    on_ray = run_batch(questions, tmp_path / "ray", spec, ray="local", workers=2)
    assert on_ray.where == "ray:local"
    for a, b in zip(local.records, on_ray.records, strict=True):
        assert a["status"] == b["status"]
        if a["status"] == "done":
            ea, eb = a["explanation"], b["explanation"]
            assert ea["answer"] == eb["answer"]
            assert [(c["id"], c["rank"]) for c in ea["components"]] == [(c["id"], c["rank"]) for c in eb["components"]]
            # Ray sets OMP_NUM_THREADS=1 in actors of num_cpus=1 and this process runs torch on more threads: the
            # embeddings' sums are reduced in another order, so importances agree to float error (0.609469 vs 0.609468)
            for ca, cb in zip(ea["components"], eb["components"], strict=True):
                assert (ca["importance"] is None) == (cb["importance"] is None)
                assert abs((ca["importance"] or 0.0) - (cb["importance"] or 0.0)) <= 1e-5, ca["id"]
    # explained in Ray's worker processes, not here
    assert {r["worker_pid"] for r in on_ray.records} - {os.getpid()} == {r["worker_pid"] for r in on_ray.records}
