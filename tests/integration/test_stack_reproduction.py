"""A stack whose LLM does not repeat its answer is caught every time, before any probe is spent (issue 31).

The baseline replays the stack's call noise_runs times, concurrently; the reproduction used to compare only the
first run with the stack's answer, so an LLM that gave the stack's answer to one replay and another answer to the
other passed about half the time (`reproduced=True` with `baselines_agree=False`), and the probes then measured its
noise. Now every run must give the stack's answer.

A real LangChain LCEL chain (a retriever returning the missions' chunks | ChatPromptTemplate | ChatOpenAI |
StrOutputParser) with its ChatOpenAI over HTTP to the OpenAI-protocol test server, whose scripted model answers from
the planted fact (tests/support/stack_world.py) but, here, does not repeat itself: it alternates between two answers,
or samples one. Each try is the chain's own call and the two baseline replays (on_mismatch="error" stops there), so
the 20 tries cost 60 scripted calls.
"""

from __future__ import annotations

import random
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("langchain_openai")

from support import stack_world as W  # noqa: E402
from support.openai_server import OpenAITestServer  # noqa: E402
from xgrag.errors import NotReproducedError, NotReproducedWarning  # noqa: E402
from xgrag.explain import ExplainSettings  # noqa: E402
from xgrag.explain.stack import STACK_SETTINGS  # noqa: E402
from xgrag.integrations.langchain import explain_chain  # noqa: E402

CHAT = "/v1/chat/completions"
TRIES = 20  # the acceptance: caught in 20 of 20
WORLD = W.missions(6)
MISSION = WORLD[2]
OTHER = WORLD[4].module


class Recorded(W.PlantedRule):
    """The planted model, one request at a time (the replays arrive concurrently), remembering what it answered."""

    def __init__(self, world: list[W.Mission]) -> None:
        super().__init__(world)
        self.lock = threading.Lock()
        self.given: list[str] = []

    def __call__(self, messages: list[dict[str, str]]) -> str | None:
        with self.lock:
            reply = super().__call__(messages)
            if reply is not None:
                self.given.append(reply)
            return reply


@pytest.fixture(scope="module")
def rule() -> Recorded:
    return Recorded(WORLD)


@pytest.fixture(scope="module")
def srv(rule: Recorded) -> Iterator[OpenAITestServer]:
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={W.MODEL: rule}) as s:
        yield s


@pytest.fixture(autouse=True)
def _fresh(rule: Recorded) -> Iterator[None]:
    rule.drift, rule.answers = None, 0
    yield
    rule.drift, rule.answers = None, 0


def _chain(srv: OpenAITestServer) -> Any:
    return W.lcel_chain(srv.base_url, WORLD, metadata=False)


def _try(chain: Any, srv: OpenAITestServer, rule: Recorded) -> tuple[NotReproducedError | None, list[str]]:
    """One try with on_mismatch="error": the error (None when reproduced) and what the model answered, in order."""
    srv.clear()
    rule.given.clear()
    rule.answers = 0
    try:
        explain_chain(chain, MISSION.question, on_mismatch="error")
    except NotReproducedError as exc:
        error: NotReproducedError | None = exc
    else:
        error = None
    return error, list(rule.given)


def test_an_alternating_llm_is_caught_every_time_before_any_probe(srv: OpenAITestServer, rule: Recorded) -> None:
    """The model alternates: the chain's call gets the planted answer, one replay another answer, the other replay
    the planted answer again. Whichever replay counts as the first, it is caught: 20 of 20, three calls each."""
    chain = _chain(srv)
    rule.drift = lambda n: None if n % 2 == 1 else OTHER
    caught = 0
    for i in range(TRIES):
        error, given = _try(chain, srv, rule)
        assert error is not None, f"try {i}: not caught"
        assert sorted(given) == sorted([MISSION.module, OTHER, MISSION.module]) and given[0] == MISSION.module, i
        assert len(srv.requests_to(CHAT)) == 1 + STACK_SETTINGS.noise_runs, i  # the call, its replays; no probe
        assert error.exit_code == 4 and error.reproduction["reproduced"] is False
        assert error.reproduction["baselines_agree"] is False and "not deterministic" in str(error)
        caught += 1
    assert caught == TRIES


def test_a_sampling_llm_is_caught_whenever_it_did_not_repeat_itself(srv: OpenAITestServer, rule: Recorded) -> None:
    """The model samples its answer (seeded: the same draws every run) among the 30 module names: caught exactly
    when the three answers of a try were not all the same, which with these draws is 20 tries of 20."""
    chain = _chain(srv)
    draws = random.Random(31)
    rule.drift = lambda n: draws.choice(W.MODULES)
    caught = 0
    for i in range(TRIES):
        error, given = _try(chain, srv, rule)
        call_and_replays = given[:1 + STACK_SETTINGS.noise_runs]
        assert (error is not None) == (len(set(call_and_replays)) > 1), (i, call_and_replays)
        assert len(given) == len(call_and_replays), i  # caught before any probe
        caught += error is not None
    assert caught == TRIES


def test_by_default_a_nondeterministic_llm_is_said_clearly(srv: OpenAITestServer, rule: Recorded) -> None:
    """on_mismatch="warn" (the default): the explanation is made, and says it explains noise, wherever it is read:
    the NotReproducedWarning, `reproduction`, the technical explanation."""
    chain = _chain(srv)
    rule.drift = lambda n: None if n % 2 == 1 else OTHER
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = explain_chain(chain, MISSION.question, settings=ExplainSettings(strategies=("item",)))
    assert [w for w in seen if issubclass(w.category, NotReproducedWarning) and "not deterministic" in str(w.message)]
    ex = out.explanation
    assert ex is not None and ex.reproduction is not None
    r = ex.reproduction
    assert r.reproduced is False and r.baselines_agree is False and r.observed_answer == MISSION.module
    assert sorted(ex.baseline_answers) == sorted([MISSION.module, OTHER])
    assert ex.technical_explanation.startswith("NOT REPRODUCED: the stack's LLM is not deterministic")
    assert "of 2 replays of its unperturbed call 1 gave that answer" in r.note
