"""The command line before anything runs: help at 80 columns lists every valid value whole; a usage error is a
message and exit 2 without a model, a driver or a connection loaded; explain and explain-batch share their
options and merge the settings file the same way."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from xgrag.cli import app
from xgrag.cli.options import ExplainOptions
from xgrag.config import PRESETS, Settings
from xgrag.explain.distances import MEASURES
from xgrag.explain.perturbers import strategy_names
from xgrag.explain.settings import APPLY, RESPONSE_SCORES, SCHEDULER_NAMES
from xgrag.explain.solvers import REGISTRY as SOLVERS
from xgrag.generate.factory import GENERATOR_SPECS
from xgrag.retrieval.modes import MODES

HELP_VALUES = {
    "explain": [*strategy_names(), "all", *MODES, *GENERATOR_SPECS, *PRESETS, *SCHEDULER_NAMES, *RESPONSE_SCORES,
                *APPLY, "chatml", "http://127.0.0.1:11434", "https://api.openai.com/v1"],
    "explain-batch": [*strategy_names(), "all", *MODES, *GENERATOR_SPECS, *PRESETS, *SCHEDULER_NAMES,
                      *RESPONSE_SCORES, *APPLY],
    "eval": [*strategy_names(), *MODES, *GENERATOR_SPECS, *MEASURES, *SOLVERS, *RESPONSE_SCORES],
    "retrieve": [*MODES, *PRESETS],
    "ingest triples": ["auto", "tsv", "jsonl", "metaqa"],
}


def help_text(command: str) -> str:
    result = CliRunner().invoke(app, [*command.split(), "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", sorted(HELP_VALUES))
def test_help_at_80_columns_shows_every_valid_value_whole(command: str) -> None:
    text = help_text(command)
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    words = set(re.split(r"[\s|,;()\[\]']+", text))
    missing = [v for v in HELP_VALUES[command] if v not in words]
    assert not missing, f"xgrag {command} --help at 80 columns lacks {missing}:\n{text}"


def test_explain_and_explain_batch_take_the_same_explain_options() -> None:
    import typer.main

    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    explain, batch = ({p.name for p in commands[name].params} for name in ("explain", "explain-batch"))
    assert set(ExplainOptions.__dataclass_fields__) <= explain & batch
    assert explain - batch == {"question", "save", "json_path", "html_path", "top"}
    assert batch - explain == {"questions_file", "out_dir", "ray", "workers", "wait_for_neo4j"}


def test_explain_settings_are_the_command_line_over_the_settings_file() -> None:
    settings = Settings(theta_sim=0.85, dedup_rule="xgrag")
    cfg = ExplainOptions(strategy="node,edge", hops=2, mode="paths", scheduler="group", noise_runs=1,
                         dedup=False).explain_settings(settings)
    assert cfg.strategies == ("node", "edge") and (cfg.hops, cfg.mode, cfg.scheduler) == (2, "paths", "group")
    assert (cfg.noise_runs, cfg.dedup, cfg.theta_sim, cfg.dedup_rule) == (1, False, 0.85, "xgrag")


# Every case: (arguments, message). Run in one fresh interpreter, which records after each case the modules a
# usage error must not need: a model (torch, transformers, sentence-transformers), the Neo4j driver, scipy.
USAGE_ERRORS = [
    (["explain", ""], "question: empty"),
    (["explain", "   "], "question: empty"),
    (["retrieve", ""], "question: empty"),
    (["explain", "q", "--strategy", "edge,nope"], "unknown strategy 'nope'"),
    (["explain", "q", "--mode", "nope"], "mode: 'nope' is not one of auto, khop, paths, pcst"),
    (["explain", "q", "--scheduler", "nope"], "scheduler: 'nope' is not one of"),
    (["explain", "q", "--response-score", "probability"], "response_score: 'probability' is not one of"),
    (["explain", "q", "--apply", "nope"], "apply: 'nope' is not one of memory, cypher"),
    (["explain", "q", "--hops", "9"], "--hops"),
    (["explain", "q", "--generator", "nope"], "unknown generator 'nope'"),
    (["explain", "q", "--chat-template", "{missing}"], "is neither 'chatml' nor a file"),
    (["explain", "q", "--json", "{missing}/e.json"], "does not exist"),
    (["explain", "q", "--config", "{missing}/xgrag.toml"], "does not exist"),
    (["retrieve", "q", "--mode", "nope"], "--mode: 'nope' is not one of"),
    (["explain-batch", "{missing}/q.jsonl", "--out", "{tmp}/out"], "field 'path': no such file"),
    (["explain-batch", "{questions}", "--out", "{tmp}/out", "--strategy", "nope"], "unknown strategy 'nope'"),
    (["ingest", "triples", "{missing}/t.tsv"], "field 'path': no such file"),
    (["ingest", "triples", "{questions}", "--format", "csv"], "--format: unknown format 'csv'"),
    (["explanations", "--since", "last week"], "not an ISO-8601"),
    (["explanations", "timeline", "--until", "soon"], "not an ISO-8601"),
    (["eval", "--dataset", "{missing}/qa.jsonl"], "field 'path': no such file"),
    (["eval", "--dataset", "{questions}", "--strategies", "nope"], "unknown strategy 'nope'"),
    (["serve", "--token-file", "{missing}/token"], "--token-file {missing}/token: No such file"),
    (["serve", "--host", "0.0.0.0", "--token-file", "{questions}"], "readable by others"),
    (["eval", "--dataset", "{questions}", "--mode", "nope"], "mode: 'nope' is not one of auto, khop, paths, pcst"),
]
HEAVY = ("torch", "transformers", "sentence_transformers", "neo4j", "scipy", "sklearn", "graphdatascience")

PROBE = """
import json, sys
from typer.testing import CliRunner
from xgrag.cli import app
from xgrag.errors import XgragError
heavy = {heavy!r}
report = []
for args in json.loads(sys.argv[1]):
    result = CliRunner().invoke(app, args, env={{"COLUMNS": "200", "NEO4J_URI": "bolt://127.0.0.1:9"}})
    exc = result.exception
    if isinstance(exc, XgragError):  # what the app's one handler turns into a message and an exit code
        exit_code, text = exc.exit_code, str(exc)
    else:
        exit_code, text = result.exit_code, result.output
    report.append({{"exit": exit_code, "text": " ".join(text.split()),
                    "loaded": sorted(m for m in heavy if m in sys.modules)}})
print(json.dumps(report))
"""


def test_usage_errors_are_answered_before_any_model_or_driver_loads(tmp_path: Path) -> None:
    questions = tmp_path / "questions.jsonl"
    questions.write_text(json.dumps({"question": "who directed Out to Sea"}) + "\n", encoding="utf-8")
    fill = {"missing": str(tmp_path / "missing"), "tmp": str(tmp_path), "questions": str(questions)}
    cases = [[a.format(**fill) for a in args] for args, _ in USAGE_ERRORS]
    env = {**os.environ, "XGRAG_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY), json.dumps(cases)], env=env,
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    for (args, message), got in zip(USAGE_ERRORS, json.loads(proc.stdout), strict=True):
        assert got["exit"] == 2 and message.format(**fill) in got["text"], (args, got)
        assert got["loaded"] == [], f"xgrag {' '.join(args)} loaded {got['loaded']} before answering"
    assert not (tmp_path / "out").exists()  # nothing was written
