"""response_score "logprob" end to end: the real embedded Neo4j, SmolLM2 in process and behind the OpenAI-protocol
test server (real HTTP, /v1/completions echo log-probabilities). One tiny subgraph (2 facts): SmolLM2 is slow on
two cores."""

import math

import pytest

from helpers import SAMPLE
from support.openai_server import OpenAITestServer
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.prefix import promise_order
from xgrag.generate.openai import OpenAIGenerator
from xgrag.generate.prompt import render
from xgrag.generate.smollm2 import SmolLM2Generator, load_smollm2
from xgrag.model import Explanation, Perturbation
from xgrag.retrieval import Retriever, apply_in_memory
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

pytestmark = pytest.mark.llm  # both tests run SmolLM2 (in process and behind the OpenAI-protocol test server)

Q = "who is listed as director of [Tarik Lowe] starred movies"
N = 12  # new tokens per generation (only the baselines are generated)


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def check_against_direct_scores(ex: Explanation, local: SmolLM2Generator, abs_tol: float) -> None:
    """Every importance is 1 - P(a0 | G') / P(a0 | G) with both scored again here, independently of the explainer."""
    sub = ex.subgraph.to_subgraph()
    # the order the explainer rendered the context in ("promise" for a server: xgrag.explain.prefix)
    assert ex.cost.prefix is not None
    order = promise_order(Q, sub, default_embedder()) if ex.cost.prefix.order == "promise" else None
    full = render(Q, sub, order=order)
    lp_full = local.score_answer(full.prompt, full.system, ex.answer).logprob
    assert ex.baseline_logprob == pytest.approx(lp_full, abs=abs_tol)
    edges = [c for c in ex.components if c.strategy == "edge"]
    assert len(edges) == 2
    for c in edges:
        ctx = render(Q, apply_in_memory(sub, Perturbation(excluded_rel_ids=frozenset({c.id}))), order=order)
        lp = local.score_answer(ctx.prompt, ctx.system, ex.answer).logprob
        assert c.answer_logprob == pytest.approx(lp, abs=abs_tol)
        assert c.importance == pytest.approx(max(0.0, 1.0 - math.exp(lp - lp_full)), abs=10 * abs_tol)
        assert c.counterfactual_answer is None and c.answer_changed is None and c.evaluated == "measured"


def test_smollm2_explanation_scores_a0_with_one_forward_pass_per_probe(metaqa: Neo4jStore) -> None:
    emb = default_embedder()
    gen = SmolLM2Generator(max_new_tokens=N)
    model = load_smollm2().model
    passes: list[int] = []
    hook = model.register_forward_hook(lambda module, args, output: passes.append(1))
    before = metaqa.checksum()
    try:
        ex = Explainer(Retriever(metaqa, embedder=emb), gen, emb,
                       ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=2,
                                       resolve_redundancy=False)).explain(Q)
    finally:
        hook.remove()
    assert metaqa.checksum() == before  # scoring reads the graph like generating does
    assert ex.response_score == "logprob" and ex.answer.strip()
    # the two baselines were generated (one pass per token each); a0 scored twice, then once per removed fact (the
    # redundancy resolution is off: it runs when no single removal lowers log P(a0) by logprob_change, here ln 2,
    # and asks probes of its own; tests/unit/explain/test_logprob_score.py covers it)
    assert ex.cost.generator_calls == 2 and ex.cost.scored_probes == 2 + 2
    assert len(passes) == ex.cost.completion_tokens + ex.cost.scored_probes
    assert ex.cost.scoring_tokens > 100 and ex.cost.scoring_seconds > 0
    assert ex.noise_floor == 0.0  # a forward pass is deterministic: the repeated scores agree exactly
    check_against_direct_scores(ex, gen, abs_tol=1e-5)


def test_logprob_explanation_over_http_matches_in_process(metaqa: Neo4jStore) -> None:
    """The same explanation with OpenAIGenerator -> the OpenAI-protocol test server -> SmolLM2 (prompt
    log-probabilities from /v1/completions with echo, the chat format rendered client-side)."""
    emb = default_embedder()
    template = str(load_smollm2().tokenizer.chat_template)
    with OpenAITestServer(default_max_tokens=N) as server:
        gen = OpenAIGenerator("smollm2", base_url=server.base_url, max_tokens=N, chat_template=template)
        ex = Explainer(Retriever(metaqa, embedder=emb), gen, emb,
                       ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1,
                                       resolve_redundancy=False)).explain(Q)
        chats, scores = server.requests_to("/v1/chat/completions"), server.requests_to("/v1/completions")
    assert len(chats) == ex.cost.generator_calls == 1  # only a0 was generated
    # a0 on the full context, then per removed fact (the redundancy resolution off, as above)
    assert len(scores) == ex.cost.scored_probes == 1 + 2
    assert all(r.body["echo"] is True and r.body["max_tokens"] == 0 for r in scores)
    assert all(r.body["prompt"].endswith(ex.answer) for r in scores)  # always a0, never a new answer
    check_against_direct_scores(ex, SmolLM2Generator(max_new_tokens=N), abs_tol=1e-3)
