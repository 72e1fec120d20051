"""A re-run after a failed run sends no prompt twice (issue 31, item 11): the answers and the synonyms asked of the
generator are both in the response cache. Counted at the LLM server: an OpenAI-protocol test server with a scripted
model, which goes bad part-way through the first run."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from fakes import HashEmbedder, out_to_sea_graph
from support.openai_server import OpenAITestServer
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.cache import ResponseCache
from xgrag.generate.openai import OpenAIGenerator

CHAT = "/v1/chat/completions"
Q = "who directed Out to Sea"


def _reply(messages: list[dict[str, str]]) -> str:
    text = messages[-1]["content"]
    if "synonym" in text:
        name = text.split('"')[1]
        return f"{name} (alias)"
    return "Martha Coolidge" if "directed by Martha Coolidge" in text else "I don't know"


def _prompt(body: dict[str, object]) -> str:
    return json.dumps(body["messages"], sort_keys=True)


def test_a_rerun_after_a_failure_sends_no_prompt_twice(tmp_path: Path) -> None:
    cfg = ExplainSettings(strategies=("synonym", "edge"), scheduler="exhaustive", dedup=False, noise_runs=1,
                          concurrency=1)
    cache = ResponseCache(tmp_path / "cache.sqlite")
    # Each run talks to a server of its own (the cache keys name the model, not its address): the first run
    # cancels the calls it had in flight when it failed, and one of those can reach a server after the run
    # returned, half-sent; on a shared server it was counted as the second run's (2 of ~1,590 in full CI runs).
    with OpenAITestServer(chat_models=(), embed_models=(), scripted={"scripted": _reply}) as server1, \
            OpenAITestServer(chat_models=(), embed_models=(), scripted={"scripted": _reply}) as server2:
        # the baseline and the 4 synonyms are answered, then the server fails every request: the run is incomplete
        server1.fail_after(CHAT, 1 + 4 + 1, status=400, message="the server went away")
        gen1 = OpenAIGenerator("scripted", base_url=server1.base_url, max_retries=0)
        first = Explainer(None, gen1, HashEmbedder(), cfg, cache).explain(Q, subgraph=out_to_sea_graph())
        assert first.incomplete is not None and first.incomplete.reason == "generator"
        gen2 = OpenAIGenerator("scripted", base_url=server2.base_url, max_retries=0)
        second = Explainer(None, gen2, HashEmbedder(), cfg, cache).explain(Q, subgraph=out_to_sea_graph())
        assert server1.wait_idle() and server2.wait_idle()
        run1 = server1.requests_to(CHAT)
        run2 = server2.requests_to(CHAT)
    assert second.incomplete is None
    run1 = [r for r in run1 if r.status == 200]
    synonyms_asked = [r for r in run1 if "synonym" in _prompt(r.body)]
    assert len(synonyms_asked) == 4  # the first run did ask them (so the second must not)
    answered = Counter(_prompt(r.body) for r in run1)
    resent = [p for p in (_prompt(r.body) for r in run2) if p in answered]
    assert resent == []  # no answered prompt of the first run, synonym or probe, is sent again
    assert run2 and all(r.status == 200 for r in run2)
    assert max(Counter(_prompt(r.body) for r in run1 + run2).values()) == 1
    assert not any("synonym" in _prompt(r.body) for r in run2)
    synonyms = sorted(c.note.synonym for c in second.components if c.strategy == "synonym" and c.note)
    assert synonyms == sorted(f"{n} (alias)" for n in ("Out to Sea", "Martha Coolidge", "Jack Lemmon", "1997"))
