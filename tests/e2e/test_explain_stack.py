"""`xgrag explain-stack MODULE:FACTORY QUESTION` as a user runs it from a shell (issue 31, item 5): a real `xgrag`
subprocess, the user's own module in the current folder building a real LangChain LCEL chain (a retriever | a
ChatPromptTemplate | ChatOpenAI | StrOutputParser) whose ChatOpenAI talks HTTP to the OpenAI-protocol test server's
scripted model (tests/support/stack_world.py). No Neo4j: the chain's retriever returns the missions' chunks.

Covered: exit 0 with the explanation (console and --json), exit 4 when the answer the user observed is not what the
stack's call gives now (--on-mismatch error, before any probe), the warning under --on-mismatch warn, and exit 2
with a message naming what was wrong for every kind of bad entry point, never a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from support import stack_world as W
from support.openai_server import OpenAITestServer

pytestmark = pytest.mark.e2e
pytest.importorskip("langchain_openai")

CHAT = "/v1/chat/completions"
WORLD = W.missions(6)
MISSION = WORLD[2]
OTHER = WORLD[4].module
TESTS = Path(__file__).resolve().parents[1]
# the user's module, as they would write it: it builds their chain (here the stack world's LCEL chain) against the
# LLM server their environment names
USER_MODULE = '''
import os

from support import stack_world as W


def build_chain():
    return W.lcel_chain(os.environ["KESTREL_LLM_URL"], W.missions(6))


not_a_stack = [1, 2, 3]


def broken():
    raise RuntimeError("the vector store is not reachable")
'''


@pytest.fixture(scope="module")
def rule() -> W.PlantedRule:
    return W.PlantedRule(WORLD)


@pytest.fixture(scope="module")
def srv(rule: W.PlantedRule) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


@pytest.fixture
def home(tmp_path: Path, srv: OpenAITestServer, rule: W.PlantedRule) -> Iterator[tuple[Path, dict[str, str]]]:
    """The user's folder with their module, and the environment the CLI runs in."""
    (tmp_path / "kestrel_stack.py").write_text(USER_MODULE)
    (tmp_path / "bad_import.py").write_text("import a_module_nobody_installed\n")
    env = {**os.environ, "KESTREL_LLM_URL": srv.base_url, "XGRAG_HOME": str(tmp_path / "xgrag-home"),
           "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    rule.drift, rule.answers = None, 0
    srv.clear()
    yield tmp_path, env
    rule.drift, rule.answers = None, 0


def run(home: tuple[Path, dict[str, str]], *args: str) -> subprocess.CompletedProcess[str]:
    cwd, env = home
    return subprocess.run([sys.executable, "-m", "xgrag.cli", "explain-stack", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr


def test_exit_0_explains_the_stacks_answer(home: tuple[Path, dict[str, str]], srv: OpenAITestServer) -> None:
    out_file = home[0] / "ex.json"
    proc = run(home, "kestrel_stack:build_chain", MISSION.question, "--observed-answer", MISSION.module,
               "--on-mismatch", "error", "--strategy", "item", "--json", str(out_file))
    assert proc.returncode == 0, proc.stderr
    no_traceback(proc)
    assert "explaining langchain:LCEL from kestrel_stack:build_chain" in proc.stderr
    assert f"A: {MISSION.module}" in proc.stdout and "reproduced its answer" in proc.stdout
    ex = json.loads(out_file.read_text())
    assert ex["reproduction"]["reproduced"] is True
    assert ex["reproduction"]["observed_answer"] == ex["reproduction"]["rerun_answer"] == MISSION.module
    assert ex["stack"]["stack"] == "langchain" and ex["stack"]["items"] == len(WORLD)
    top = min((c for c in ex["components"] if c["kind"] == "item"), key=lambda c: c["rank"])
    assert top["id"] == str(WORLD.index(MISSION) + 1) and top["answer_changed"] is True
    # the chain's own call, its two baseline replays, then the proxy-first plan's probes: at least the decisive
    # chunk removed alone, never more than one probe per chunk
    assert 1 + 2 + 1 <= len(srv.requests_to(CHAT)) <= 1 + 2 + len(WORLD)


def test_json_to_stdout_carries_the_explanation_only(home: tuple[Path, dict[str, str]]) -> None:
    proc = run(home, "kestrel_stack:build_chain", MISSION.question, "--strategy", "item", "--json", "-")
    assert proc.returncode == 0, proc.stderr
    ex = json.loads(proc.stdout)
    assert ex["answer"] == MISSION.module and ex["reproduction"]["reproduced"] is True
    assert "rerun_answer" not in ex["reproduction"]  # no observed answer given: this run's answer is the baseline


def test_exit_4_when_the_observed_answer_is_not_reproduced(home: tuple[Path, dict[str, str]],
                                                           srv: OpenAITestServer) -> None:
    """The user saw OTHER (their LLM drifted since); the stack's call now answers the planted module: exit 4 with
    both answers named, before any probe (the call and its two replays only)."""
    proc = run(home, "kestrel_stack:build_chain", MISSION.question, "--observed-answer", OTHER,
               "--on-mismatch", "error", "--json", str(home[0] / "never.json"))
    assert proc.returncode == 4, proc.stderr
    no_traceback(proc)
    message = " ".join(proc.stderr.split())
    assert "NOT REPRODUCED" in message and repr(OTHER) in message and repr(MISSION.module) in message
    assert len(srv.requests_to(CHAT)) == 3
    assert not (home[0] / "never.json").exists()


def test_under_warn_a_mismatch_is_explained_and_said(home: tuple[Path, dict[str, str]], rule: W.PlantedRule) -> None:
    rule.drift = lambda n: None if n == 1 else OTHER  # the call answers the planted module, its replays OTHER
    proc = run(home, "kestrel_stack:build_chain", MISSION.question, "--observed-answer", MISSION.module,
               "--strategy", "item", "--json", "-")
    assert proc.returncode == 0, proc.stderr
    ex = json.loads(proc.stdout)
    r = ex["reproduction"]
    assert r["reproduced"] is False and r["observed_answer"] == MISSION.module and r["replayed_answer"] == OTHER
    assert "warning:" in proc.stderr and "NOT REPRODUCED" in proc.stderr


@pytest.mark.parametrize(("entry", "said"), [
    ("no_such_module:build", "no module named 'no_such_module'"),
    ("bad_import:build", "importing 'bad_import' failed: No module named 'a_module_nobody_installed'"),
    ("kestrel_stack:build_chian", "kestrel_stack has no attribute 'build_chian'"),
    ("kestrel_stack:not_a_stack", "kestrel_stack.not_a_stack is a builtins.list; expected an LCEL chain"),
    ("kestrel_stack:broken", "calling kestrel_stack.broken() failed: RuntimeError: the vector store is not "
                             "reachable"),
    ("kestrel_stack", "expected MODULE:ATTRIBUTE"),
])
def test_exit_2_names_what_is_wrong_with_the_entry_point(home: tuple[Path, dict[str, str]], srv: OpenAITestServer,
                                                         entry: str, said: str) -> None:
    proc = run(home, entry, MISSION.question)
    assert proc.returncode == 2, proc.stderr
    no_traceback(proc)
    assert said in " ".join(proc.stderr.split())
    assert srv.requests_to(CHAT) == []


def test_exit_2_for_a_bad_option_before_the_stack_is_loaded(home: tuple[Path, dict[str, str]]) -> None:
    for args, said in ((["--on-mismatch", "ignore"], "--on-mismatch: 'ignore' is not one of warn, error"),
                       (["--strategy", "edge"], "--strategy: edge is not a stack strategy"),
                       (["--observed-answer", " "], "observed_answer: expected the answer text")):
        proc = run(home, "no_such_module:build", MISSION.question, *args)
        assert proc.returncode == 2 and said in " ".join(proc.stderr.split()), proc.stderr
        no_traceback(proc)
