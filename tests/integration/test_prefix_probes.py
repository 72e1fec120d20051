"""Prefix-friendly probes for servers (issue 30, item 3), over real HTTP: the OpenAI-protocol and Ollama test
servers with a scripted model, and the real MiniLM embedder ranking the facts. What the server receives is checked:
the baseline lists the facts closest to the question last, the same prompt every run; each probe's prompt shares
with the baseline's exactly the prefix the explanation's cost reports; and probes arrive concurrently (the scripted
model holds a probe until a second one is in flight: a serial client would never get there). No Neo4j: the
subgraph is supplied."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from fakes import graph_of
from support.ollama_server import OllamaTestServer
from support.openai_server import OpenAITestServer
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.prefix import shared_prefix
from xgrag.generate.ollama import OllamaGenerator
from xgrag.generate.openai import OpenAIGenerator
from xgrag.model import Subgraph

Q = "who directed Out to Sea"
FACTS = 5


def _graph() -> Subgraph:
    return graph_of([("m", "Out to Sea", "Movie"), ("d", "Martha Coolidge", "Person"),
                     ("a", "Jack Lemmon", "Person"), ("y", "1997", "Year"), ("l", "English", "Language"),
                     ("g", "Comedy", "Genre")],
                    [("r1", "m", "directed_by", "d"), ("r2", "m", "starred_actors", "a"),
                     ("r3", "m", "release_year", "y"), ("r4", "m", "in_language", "l"),
                     ("r5", "m", "has_genre", "g")], ["m"])


class Overlap:
    """A scripted model that records how many requests were in flight at once. The first request of a run (the
    baseline, asked alone) is answered at once; a probe waits (bounded) until another request is in flight too."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.inflight = 0
        self.peak = 0
        self.seen = 0

    def __call__(self, messages: list[dict[str, str]]) -> str:
        with self.cond:
            self.seen += 1
            first = self.seen == 1
            self.inflight += 1
            self.peak = max(self.peak, self.inflight)
            self.cond.notify_all()
            if not first:  # bounded: a serial client fails the peak assertion instead of hanging the test
                self.cond.wait_for(lambda: self.peak >= 2, timeout=10)
            self.inflight -= 1
        return "Martha Coolidge" if "directed by Martha Coolidge" in messages[-1]["content"] else "I don't know"


def _openai(rule: Overlap) -> tuple[Any, Callable[[Any], Any], str]:
    server = OpenAITestServer(chat_models=(), embed_models=(), scripted={"scripted": rule})
    return server, lambda s: OpenAIGenerator("scripted", base_url=s.base_url, max_retries=0), "/v1/chat/completions"


def _ollama(rule: Overlap) -> tuple[Any, Callable[[Any], Any], str]:
    server = OllamaTestServer(chat_models=(), embed_models=(), scripted={"scripted": rule})
    return server, lambda s: OllamaGenerator("scripted", host=s.url, max_retries=0), "/api/chat"


def _input(body: dict[str, Any]) -> str:
    """The model input as xgrag.explain.prefix measures it: the system prompt, a newline, the prompt."""
    msgs = {m["role"]: m["content"] for m in body["messages"]}
    return msgs["system"] + "\n" + msgs["user"]


@pytest.mark.parametrize("make", [_openai, _ollama], ids=["openai", "ollama"])
def test_probes_share_the_reported_prefix_arrive_concurrently_and_the_promising_facts_come_last(make) -> None:
    emb = default_embedder()
    cfg = ExplainSettings(strategies=("edge",), scheduler="exhaustive", dedup=False, noise_runs=1, concurrency=4)
    baselines = []
    for _ in range(2):
        rule = Overlap()
        server, generator, chat = make(rule)
        with server:
            ex = Explainer(None, generator(server), emb, cfg).explain(Q, subgraph=_graph())
            sent = [_input(r.body) for r in server.requests_to(chat)]
        assert len(sent) == 1 + FACTS and ex.cost.perturbations == FACTS
        assert rule.peak >= 2  # the server had two probes in flight at once
        base = sent[0]
        baselines.append(base)
        prefix = ex.cost.prefix
        assert prefix is not None and prefix.order == "promise"  # "auto" for a server
        assert prefix.baseline == len(base)
        # the probes the server received share with the baseline exactly the prefixes reported (arrival order
        # may differ from the order asked)
        assert Counter(shared_prefix(base, s) for s in sent[1:]) == Counter(prefix.probes)
        assert prefix.mean_share == pytest.approx(
            sum(shared_prefix(base, s) / len(s) for s in sent[1:]) / FACTS, abs=1e-4)
    assert baselines[0] == baselines[1]  # the order is deterministic
    # the facts in the baseline, by closeness to the question (the same embedder, independently): closest last
    lines = baselines[0].splitlines()
    facts = [line[2:] for line in lines[lines.index("Facts:") + 1:lines.index("", lines.index("Facts:"))]]
    vec = emb.embed([Q, *facts])
    closeness = [round(float(np.dot(vec[0], v)), 6) for v in vec[1:]]
    assert len(facts) == FACTS and closeness == sorted(closeness)
