"""Real explanations of every kind the result model holds, made by the real Explainer over a supplied graph with the
deterministic fakes of fakes.py (pure logic: no Neo4j, no model): fact removal with an alias merge and a property
fact, a mask surrogate, group testing, one cut short by a stop, and a stack's context. Bridges are reported for every
graph explanation."""

from __future__ import annotations

import threading
from collections.abc import Callable

from test_cancel import StopsAt
from test_explain_logic import movie_graph
from test_stack_engine import PlantedLLM, call_for, chunk

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.explainer import explain_stack
from xgrag.model import Explanation, Node, PropertyFact, Relationship, Subgraph

QUESTION = "who directed Out to Sea"


def aliased_graph() -> Subgraph:
    """The movie graph plus an alias of its director (merged by dedup) and a property fact."""
    sub = movie_graph()
    sub.add_node(Node("d2", "Martha Coolidge.", "Person"))
    sub.add_relationship(Relationship("r5", "w", "d2", "worked_with", provenance={"doc_id": "kb", "line": 5}))
    sub.add_property(PropertyFact("m", "runtime", 106))
    return sub


def _explain(settings: ExplainSettings, sub: Subgraph | None = None) -> Explanation:
    explainer = Explainer(FixedRetriever(sub or aliased_graph()), RuleGenerator(), HashEmbedder(), settings)
    return explainer.explain(QUESTION)


def fact_removal() -> Explanation:
    return _explain(ExplainSettings(strategies=("edge", "node", "subpath"), noise_runs=2, concurrency=1,
                                    scheduler="exhaustive", theta_sim=0.5))


def surrogate() -> Explanation:
    return _explain(ExplainSettings(strategies=("mask",), masks=24, noise_runs=1, concurrency=1, seed=3))


def group_testing() -> Explanation:
    return _explain(ExplainSettings(strategies=("edge", "node"), noise_runs=1, concurrency=1, scheduler="group",
                                    max_calls=40))


def cancelled() -> Explanation:
    stop = threading.Event()
    settings = ExplainSettings(strategies=("edge", "node"), noise_runs=1, concurrency=1, scheduler="exhaustive",
                               resolve_redundancy=False)
    return Explainer(FixedRetriever(movie_graph()), StopsAt(stop, at=3), HashEmbedder(), settings).explain(
        QUESTION, stop=stop)


def stack() -> Explanation:
    return explain_stack(call_for([chunk(0), chunk(1, planted=True), chunk(2)], PlantedLLM()),
                         embedder=HashEmbedder())


KINDS: dict[str, Callable[[], Explanation]] = {
    "fact_removal": fact_removal, "surrogate": surrogate, "group_testing": group_testing, "cancelled": cancelled,
    "stack": stack,
}
