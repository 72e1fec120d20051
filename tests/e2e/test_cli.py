"""The CLI as a user runs it: its own embedded server (XGRAG_HOME in a temp dir), real subprocesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import SAMPLE, doc_block, doc_commands, view_blocks

pytestmark = pytest.mark.e2e

QUESTION = "who is listed as director of [Tarik Lowe] starred movies"


def run(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, capture_output=True, text=True,
                          timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"xgrag {' '.join(args)} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory):
    home = tmp_path_factory.mktemp("xgrag-home")
    e = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    e["XGRAG_HOME"] = str(home)
    e["COLUMNS"] = "200"
    start = run(e, "db", "start")
    assert start.stdout.strip().startswith("bolt://127.0.0.1:")
    yield e
    run(e, "db", "stop", check=False)


@pytest.fixture(scope="module")
def sample(env) -> None:
    """The sample KG migrated and ingested once for the tests below that explain over it (each ran both commands
    itself before; both are idempotent, so the graph is the same: `migrate` applying 0 the second time is asserted
    in test_migrate_ingest_retrieve_perturb, re-ingesting leaving the checksum alone in tests/e2e/test_eval.py).
    Nothing in this module deletes from the graph."""
    run(env, "migrate")
    run(env, "ingest", "triples", str(SAMPLE / "metaqa_triples.tsv"))


def test_status_json(env) -> None:
    status = json.loads(run(env, "db", "status", "--json").stdout)
    assert status["running"] is True and status["uri"].startswith("bolt://127.0.0.1:")
    assert status["gds_version"].startswith("2.13") and status["apoc_version"].startswith("5.26")
    assert set(status) >= {"running", "uri", "user", "password_file", "password_set", "database", "gds_version",
                           "apoc_version"}


def test_the_embedded_server_refuses_a_connection_without_its_generated_password(env) -> None:
    """Authentication is on: no credentials, or wrong ones, are refused; the generated password (in an owner-only
    file under XGRAG_HOME, which every command finds by itself) is accepted and never printed or logged."""
    import stat

    from xgrag.store.neo4j import Neo4jStore, StoreConfigError

    status = json.loads(run(env, "db", "status", "--json").stdout)
    password_file = Path(status["password_file"])
    assert password_file.parent == Path(env["XGRAG_HOME"]) / "embedded"
    assert stat.S_IMODE(password_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(password_file.parent.stat().st_mode) == 0o700
    password = password_file.read_text().strip()
    assert len(password) >= 32 and status["user"] == "neo4j" and status["password_set"] is True
    for user, wrong in (("neo4j", None), ("neo4j", "not-the-password"), ("admin", password)):
        with pytest.raises(StoreConfigError), Neo4jStore(status["uri"], user, wrong) as store:
            store.verify()
    with Neo4jStore(status["uri"], "neo4j", password) as store:
        assert store.query("RETURN 1 AS one") == [{"one": 1}]
    shown = run(env, "db", "status")
    assert f'-p "$(cat {password_file})"' in " ".join(shown.stdout.split())
    logs = [shown.stdout, shown.stderr, json.dumps(status), *(
        p.read_text(errors="replace") for p in password_file.parent.rglob("*") if p.is_file() and p != password_file
        and p.suffix in (".log", ".txt", ".json"))]
    assert not any(password in text for text in logs)


def test_migrate_ingest_retrieve_perturb(env) -> None:
    first = run(env, "migrate").stdout
    assert "applied 6" in first
    assert "applied 0" in run(env, "migrate").stdout
    stats = json.loads(run(env, "ingest", "triples", str(SAMPLE / "metaqa_triples.tsv"), "--json").stdout)
    assert stats["triples"] == 1260
    before = json.loads(run(env, "checksum").stdout)
    data = json.loads(run(env, "retrieve", QUESTION, "--json", "--centrality").stdout)
    assert set(data) >= {"nodes", "relationships", "seeds", "truncated", "centrality", "centrality_source"}
    assert data["centrality_source"] == "gds"
    names = {n["id"]: n["name"] for n in data["nodes"]}
    assert [names[s] for s in data["seeds"]] == ["Tarik Lowe"]
    assert data["linking"] == {"linked": [{"mention": "tarik lowe", "id": data["seeds"][0], "name": "Tarik Lowe",
                                           "method": "bracket"}], "unmatched": [], "searched": [], "unlinked": False,
                               "ambiguous": []}
    rel = next(r for r in data["relationships"] if r["label"] == "directed_by")
    assert set(rel) == {"id", "source", "target", "label", "provenance"}
    assert rel["provenance"]["doc_id"] == "file:metaqa_triples.tsv" and rel["provenance"]["line"] > 1
    assert set(data["centrality"][data["seeds"][0]]) == {"degree", "betweenness", "pagerank"}
    cut = json.loads(run(env, "retrieve", QUESTION, "--json", "--exclude-rel", rel["id"]).stdout)
    assert rel["id"] not in {r["id"] for r in cut["relationships"]}
    assert len(cut["relationships"]) == len(data["relationships"]) - 1
    movie = rel["source"]
    cut = json.loads(run(env, "retrieve", QUESTION, "--json", "--exclude-node", movie).stdout)
    assert movie not in {n["id"] for n in cut["nodes"]}
    # the only entity the question names, excluded: nothing retrieved, but its name did match (exit 0, not 5)
    cut = json.loads(run(env, "retrieve", QUESTION, "--json", "--exclude-node", data["seeds"][0]).stdout)
    assert cut["nodes"] == [] and cut["linking"]["unlinked"] is False
    assert [m["name"] for m in cut["linking"]["linked"]] == ["Tarik Lowe"] and cut["linking"]["unmatched"] == []
    paths = json.loads(run(env, "retrieve", "did Tarik Lowe work with Daniel Schechter", "--mode", "paths",
                           "--json").stdout)
    assert paths["mode"] == "paths" and len(paths["relationships"]) == 2
    assert json.loads(run(env, "checksum").stdout) == before


def test_retrieve_says_what_matched_nothing_and_exits_5_when_nothing_did(env, sample) -> None:
    """As `xgrag explain`: the linking in the JSON and the text, and exit 5 naming the names on stderr when the
    question's names matched no entity (before, an empty subgraph and exit 0)."""
    partly = run(env, "retrieve", "did Tarik Lowe work with Zorblax Quint")
    text = " ".join(partly.stdout.split())
    assert "linked: Tarik Lowe (exact, from 'tarik lowe')" in text
    assert "not in the graph: 'Zorblax Quint' matched no entity" in text
    missing = run(env, "retrieve", "who directed [Zorblax <b>Quint</b>]", "--json", check=False)
    assert missing.returncode == 5, missing.stderr
    data = json.loads(missing.stdout)
    assert data["nodes"] == [] and data["linking"]["unlinked"] is True
    assert data["linking"]["unmatched"] == ["Zorblax <b>Quint</b>"] and data["linking"]["linked"] == []
    err = " ".join(missing.stderr.split())
    assert "not in the graph: 'Zorblax <b>Quint</b>' matched no entity, so nothing of the graph is retrieved for " \
           "it (exit 5)" in err and "hint: check the spelling" in err and "Traceback" not in err
    said = run(env, "retrieve", "who directed [Zorblax Quint]", check=False)
    assert said.returncode == 5 and "Traceback" not in said.stderr
    assert "Not in the graph: 'Zorblax Quint' matched no entity, so nothing of the graph is retrieved for the " \
           "question" in " ".join(said.stdout.split())


def test_bad_input_is_reported_with_file_line_field(env, tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text("A\tknows\tB\nC\tknows\n")
    proc = run(env, "ingest", "triples", str(bad), check=False)
    assert proc.returncode == 2
    assert f"{bad}:2: field 'columns'" in proc.stderr.replace("\n", "")
    proc = run(env, "retrieve", "x", "--mode", "nope", check=False)
    assert proc.returncode == 2 and "--mode" in proc.stderr
    proc = run(env, "retrieve", "x", "--hops", "9", check=False)
    assert proc.returncode == 2 and "hops" in proc.stderr


def test_demo_is_the_main_job(env) -> None:
    out = run(env, "demo").stdout
    assert "1. Neo4j" in out and "GDS 2.13" in out
    assert "Tarik Lowe" in out and "Daniel Schechter" in out
    assert "excluded" in out and "the graph itself is unchanged: yes" in out


def test_explain_html_save_then_query_saved_explanations(env, sample, tmp_path: Path) -> None:
    report, data = tmp_path / "out" / "report.html", tmp_path / "e.json"
    run(env, "explain", QUESTION, "--strategy", "node,edge", "--save", "--html", str(report), "--json", str(data))
    ex = json.loads(data.read_text())
    page = report.read_text(encoding="utf-8")
    (view,) = view_blocks(page)
    assert view["question"] == "who is listed as director of [Tarik Lowe] starred movies" and view["graph"]["nodes"]
    assert len(view["rows"]) == sum(c["importance"] is not None for c in ex["components"])

    rows = json.loads(run(env, "explanations", "--json").stdout)
    assert ex["id"] in [r["id"] for r in rows]
    mine = next(r for r in rows if r["id"] == ex["id"])
    assert mine["cost"]["generator_calls"] == ex["cost"]["generator_calls"] and mine["config"] == ex["config"]
    by_entity = json.loads(run(env, "explanations", "--entity", "tarik lowe", "--json").stdout)
    hit = next(r for r in by_entity if r["id"] == ex["id"])
    assert {m["label"] for m in hit["matched"] if m["kind"] == "node"} == {"Tarik Lowe"}
    edge = max((c for c in ex["components"] if c["strategy"] == "edge"), key=lambda c: c["importance"])
    by_rel = json.loads(run(env, "explanations", "--relationship", edge["id"], "--question", "TARIK",
                            "--json").stdout)
    assert ex["id"] in [r["id"] for r in by_rel] and all(r["matched"][0]["id"] == edge["id"] for r in by_rel)
    assert json.loads(run(env, "explanations", "--since", "2999-01-01", "--json").stdout) == []
    days = json.loads(run(env, "explanations", "timeline", "--json").stdout)
    assert sum(d["explanations"] for d in days) == len(rows)
    table = run(env, "explanations", "--entity", "Tarik Lowe").stdout
    assert ex["id"] in table and "its scores" in table

    shown = tmp_path / "shown.html"
    out = run(env, "explanations", "show", ex["id"], "--html", str(shown)).stdout
    assert ex["answer"] in out and view_blocks(shown.read_text(encoding="utf-8"))[0]["rows"] == view["rows"]
    missing = run(env, "explanations", "show", "no-such-id", check=False)
    assert missing.returncode == 1 and "no saved explanation has the id 'no-such-id'" in missing.stderr
    unknown = run(env, "explanations", "--entity", "Nobody At All", check=False)
    assert unknown.returncode == 2 and "no entity has the id or name 'Nobody At All'" in unknown.stderr
    bad = run(env, "explanations", "--since", "last week", check=False)
    assert bad.returncode == 2 and "not an ISO-8601" in bad.stderr


def test_stop_then_status_says_not_running(tmp_path: Path) -> None:
    e = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    e["XGRAG_HOME"] = str(tmp_path)
    proc = run(e, "db", "status", "--json", check=False)
    assert proc.returncode == 1 and json.loads(proc.stdout)["running"] is False
    assert "xgrag db start" in json.loads(proc.stdout)["error"]
    assert run(e, "db", "stop").stdout.strip() == "not running"


# -- failure paths: a message and a hint, the right exit code, no traceback, nothing lost, nothing written ----------

def failed(proc: subprocess.CompletedProcess[str], code: int, *needles: str) -> str:
    err = " ".join(proc.stderr.split())
    assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    for needle in needles:
        assert needle in err, (needle, err)
    return err


def test_connection_problems_end_in_a_message_and_a_hint(env) -> None:
    from support.bolt_auth_server import OldBoltServer, RefusingBoltServer

    with RefusingBoltServer() as refusing:
        auth = {**env, "NEO4J_URI": refusing.uri, "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": "wrong"}
        failed(run(auth, "retrieve", QUESTION, check=False), 2, "refused the credentials of user 'neo4j'",
               "hint: check NEO4J_USER and NEO4J_PASSWORD")
        assert refusing.logins >= 1
    with OldBoltServer() as old:
        failed(run({**env, "NEO4J_URI": old.uri}, "checksum", check=False), 2, "needs Neo4j 5.26 or later")
    failed(run({**env, "NEO4J_URI": "localhost:7687"}, "retrieve", QUESTION, check=False), 2,
           "'localhost:7687' is not a Neo4j Bolt URI", "bolt://HOST:7687")
    failed(run({**env, "NEO4J_URI": "http://localhost:7474"}, "checksum", check=False), 2,
           "is not a Neo4j Bolt URI", "not the HTTP port 7474")
    failed(run({**env, "NEO4J_URI": "bolt://127.0.0.1:9"}, "retrieve", QUESTION, check=False), 1,
           "cannot reach Neo4j at bolt://127.0.0.1:9")


def test_bad_questions_and_files_are_usage_errors_that_write_nothing(env, sample, tmp_path: Path) -> None:
    before = json.loads(run(env, "checksum").stdout)
    failed(run(env, "explain", "   ", check=False), 2, "question: empty")
    failed(run(env, "retrieve", "who directed " * 1700, check=False), 2, "question: 22,099 characters; the limit is "
           "2,000")
    latin = tmp_path / "latin1.tsv"
    latin.write_bytes("head\trelation\ttail\nAmélie\tdirected_by\tJean-Pierre Jeunet\n".encode("latin-1"))
    failed(run(env, "ingest", "triples", str(latin), check=False), 2, f"{latin}:2: field 'encoding'",
           "is not UTF-8")
    # a preset whose indexes were never created: the fix is named, not a driver traceback
    failed(run({**env, "XGRAG_SCHEMA_PRESET": "langchain"}, "retrieve", QUESTION, check=False), 2,
           "xgrag_lc_entity_names", "hint: run `xgrag migrate --preset langchain`")
    failed(run(env, "explain", QUESTION, "--strategy", "edge,nope", check=False), 2, "unknown strategy 'nope'",
           "hint: choose from node, edge")
    # scoring a0 needs a generator that can: the reader is named, never silently swapped for generating
    failed(run(env, "explain", QUESTION, "--response-score", "logprob", check=False), 2,
           "the generator 'extractive-reader' cannot score a fixed answer", "hint: use --generator smollm2")
    batch = tmp_path / "q.jsonl"
    batch.write_text(json.dumps({"question": QUESTION}) + "\n")
    failed(run(env, "explain-batch", str(batch), "--out", str(tmp_path / "b"), "--response-score", "logprob",
               check=False), 2, "cannot score a fixed answer")
    assert not (tmp_path / "b").exists()  # refused before any worker wrote anything
    failed(run(env, "explain", QUESTION, "--response-score", "probability", check=False), 2,
           "response_score: 'probability' is not one of shift, logprob")
    assert json.loads(run(env, "checksum").stdout) == before


@pytest.mark.llm
def test_a_generator_failing_part_way_leaves_an_incomplete_explanation(env, sample, tmp_path: Path) -> None:
    from support.openai_server import OpenAITestServer

    before = json.loads(run(env, "checksum").stdout)
    data, page = tmp_path / "partial.json", tmp_path / "partial.html"
    with OpenAITestServer() as server:
        # the baseline and two perturbations are answered, then the server answers HTTP 500 to everything
        server.fail_after("/v1/chat/completions", 3, 500)
        proc = run(env, "explain", QUESTION, "--generator", "openai:smollm2", "--base-url", f"{server.url}/v1",
                   "--strategy", "edge,node", "--noise-runs", "1", "--concurrency", "1", "--max-retries", "1",
                   "--no-cache", "--json", str(data), "--html", str(page), check=False)
    err = failed(proc, 3, "incomplete explanation", f"written to {data}, {page}")
    # why it stopped is said once: in the report beside the answer (stderr points to it)
    assert " ".join(proc.stdout.split()).count("HTTP 500") == 1 and "HTTP 500" not in err, proc.stdout
    ex = json.loads(data.read_text())
    assert ex["incomplete"]["error"] == "GenerationError" and ex["incomplete"]["answered"] == 2, err
    evaluated = [c["evaluated"] for c in ex["components"]]
    assert evaluated.count("measured") + evaluated.count("conditional") == 2 and "failed" in evaluated
    assert "HTTP 500" in ex["incomplete"]["message"] and "not evaluated" in ex["technical_explanation"]
    assert "incomplete" in page.read_text(encoding="utf-8").lower()
    assert json.loads(run(env, "checksum").stdout) == before


def test_a_restarted_server_keeps_its_port(env) -> None:
    """The module's server (started by `xgrag db start` in its own XGRAG_HOME), stopped and started again: one
    restart instead of a second server of this test's own (each start costs ~30 s on the 2-core machine)."""
    first = json.loads(run(env, "db", "status", "--json").stdout)["uri"]
    assert run(env, "db", "stop").stdout.strip() == "stopped"
    assert json.loads(run(env, "db", "status", "--json", check=False).stdout)["running"] is False
    again = run(env, "db", "start").stdout.strip()
    assert first.startswith("bolt://127.0.0.1:") and again == first  # an exported NEO4J_URI keeps working
    assert json.loads(run(env, "db", "status", "--json").stdout)["uri"] == first


def test_explain_batch_resumes_and_names_bad_lines(env, sample, tmp_path: Path) -> None:
    before = json.loads(run(env, "checksum").stdout)
    qfile = tmp_path / "questions.jsonl"
    qfile.write_text(json.dumps({"id": "tarik", "question": QUESTION}) + "\n"
                     + json.dumps({"question": "who was the director of [Out to Sea]"}) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    first = run(env, "explain-batch", str(qfile), "--out", str(out), "--noise-runs", "1")
    assert "0 already done" in " ".join(first.stderr.split()) and "tarik" in first.stdout
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["questions"], summary["done"], summary["explained_now"]) == (2, 2, 2)
    assert all((out / row["file"]).is_file() for row in summary["rows"])
    again = run(env, "explain-batch", str(qfile), "--out", str(out), "--noise-runs", "1")
    assert "2 already done" in " ".join(again.stderr.split())
    assert json.loads((out / "summary.json").read_text())["explained_now"] == 0
    assert json.loads(run(env, "checksum").stdout) == before  # explaining never writes to the graph

    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"question": "fine"}) + "\n{\"question\": \"no closing brace\"\n", encoding="utf-8")
    failed(run(env, "explain-batch", str(bad), "--out", str(out), check=False), 2, f"{bad}:2", "field 'json'")


def test_explain_with_preset_lightrag_over_a_lightrag_written_graph(env, tmp_path: Path) -> None:
    """XGRAG's paper setting: a LightRAG graph (written by LightRAG's own Neo4JStorage) and a question, explained
    from the command line with --preset lightrag, which outranks $XGRAG_SCHEMA_PRESET and the config file."""
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    import types

    import helpers

    status = json.loads(run(env, "db", "status", "--json").stdout)
    password = Path(status["password_file"]).read_text().strip()
    helpers.write_lightrag_graph(types.SimpleNamespace(uri=status["uri"], database=status["database"],
                                                       credentials=lambda: (status["user"], password)))
    chunks, extra = helpers.lightrag_chunk_ids()
    config = tmp_path / "xgrag.toml"
    config.write_text('[schema]\npreset = "neo4j-graphrag"\n')
    e = {**env, "XGRAG_SCHEMA_PRESET": "langchain"}
    assert "applied" in run(e, "migrate", "--config", str(config), "--preset", "lightrag").stdout
    question = "Who did Marie Curie marry?"
    sub = json.loads(run(e, "retrieve", question, "--config", str(config), "--preset", "lightrag", "--hops", "1",
                         "--json").stdout)
    names = {n["id"]: n["name"] for n in sub["nodes"]}
    assert sorted((names[r["source"]], r["label"], names[r["target"]]) for r in sub["relationships"]) == \
        [("Marie Curie", "married", "Pierre Curie"), ("Marie Curie", "won", "Nobel Prize in Physics")]
    data = tmp_path / "e.json"
    run(e, "explain", question, "--config", str(config), "--preset", "lightrag", "--hops", "1", "--no-cache",
        "--json", str(data))
    ex = json.loads(data.read_text())
    assert ex["answer"].startswith("Pierre Curie")
    top = max((c for c in ex["components"] if c["strategy"] == "edge"), key=lambda c: c["importance"])
    assert top["label"] == "Marie Curie -married-> Pierre Curie"
    # the stored provenance: both chunks LightRAG recorded for the fact, not inferred
    assert [d["chunk_id"] for d in top["provenance"]["documents"]] == [chunks[0], extra]
    assert not top["provenance"].get("inferred")
    # without the flag, the environment's preset is used (and finds no LangChain graph)
    other = run(e, "retrieve", question, "--config", str(config), "--json", check=False)
    assert "Marie Curie" not in other.stdout


def test_use_with_openai_compatible_servers_runs_as_written(env, sample) -> None:
    """docs/integrations/openai-ollama.md's commands, as written, against the OpenAI-protocol test server serving the
    page's model name; OPENAI_BASE_URL set as the block's first line does. What is proved is the command and the
    protocol, so a rule reader answers behind the server (tests/support/readers.py: the fact sharing most words with
    the question) instead of SmolLM2, which took minutes for the page's explanation on the 2-core machine. SmolLM2
    behind this server, from the CLI: test_a_generator_failing_part_way_leaves_an_incomplete_explanation below;
    explanations over the protocol answered by SmolLM2: tests/integration/test_logprob_explain.py, the serve
    workbench's `openai:smollm2` (tests/integration/test_serve_browser.py) and test_openai_protocol.py."""
    from support.openai_server import OpenAITestServer
    from support.readers import RuleReader

    commands = doc_commands(doc_block("docs/integrations/openai-ollama.md", "Use with OpenAI-compatible servers",
                                      "bash"))
    assert commands and all(c[0] == "explain" for c in commands)
    model = next(a.split(":", 1)[1] for c in commands for a in c if a.startswith("openai:"))
    with OpenAITestServer(chat_models=(model,), default_max_tokens=16, generator_factory=RuleReader) as server:
        e = {**env, "OPENAI_BASE_URL": f"{server.url}/v1"}
        for args in commands:
            proc = run(e, *args)
            assert "Out to Sea" in proc.stdout and "Traceback" not in proc.stderr
            # the reader's answer came back over HTTP: the fact that names who directed Out to Sea
            assert "A: Out to Sea directed by Martha Coolidge." in " ".join(proc.stdout.split())
        chats = server.requests_to("/v1/chat/completions")
        assert chats and {r.body["model"] for r in chats} == {model}
        assert all(r.body.get("temperature") == 0 for r in chats)


def test_train_gnan_is_a_command_with_the_trainers_options(env, tmp_path: Path) -> None:
    helped = run(env, "train-gnan", "--help")
    assert "--questions" in helped.stdout and "--time-budget" in helped.stdout
    missing = tmp_path / "nope.jsonl"
    failed(run(env, "train-gnan", "--questions", str(missing), "--uri", "bolt://127.0.0.1:1", check=False), 2,
           str(missing), "no such file")
