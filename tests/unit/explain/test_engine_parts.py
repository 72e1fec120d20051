"""The registry, the typed settings, the scheduler chain and the public API: the engine's seams."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from xgrag.errors import UsageError, XgragError
from xgrag.explain import ExplainSettings
from xgrag.explain.perturbers import REGISTRY, resolve_strategies, strategy_choices, strategy_names
from xgrag.explain.schedulers import (
    AUTO_GROUP_FACTS,
    Budgeted,
    Exhaustive,
    GroupTesting,
    ProxyFirst,
    RedundancyResolution,
    resolve_scheduler,
    schedule_for,
)
from xgrag.model import Node, Relationship, Subgraph

ROOT = Path(__file__).resolve().parents[3]


def test_all_means_every_registered_strategy_everywhere() -> None:
    """`all` is every graph strategy; the stack strategies (a user's stack context) are registered beside them."""
    assert strategy_names() == ("node", "edge", "synonym", "subpath", "mask")
    assert tuple(REGISTRY) == (*strategy_names(), *strategy_names("stack"))
    assert strategy_names("stack") == ("item", "span") and REGISTRY["span"].nested_in == "item"
    assert resolve_strategies("all") == resolve_strategies(["all"]) == strategy_names()
    assert ExplainSettings(strategies=("all",)).strategies == strategy_names()
    assert resolve_strategies("edge, node,edge") == ("edge", "node")
    assert strategy_choices() == "node|edge|synonym|subpath|mask|all"
    from xgrag.evaluate.eval_report import METHOD_LABEL

    assert set(strategy_names()) <= set(METHOD_LABEL)  # reports label every strategy from the registry
    assert {p.unit for p in REGISTRY.values()} == {"node", "edge", "mask", "item", "span"}


def test_unknown_strategies_and_bad_settings_are_usage_errors_naming_the_field() -> None:
    with pytest.raises(UsageError, match="unknown strategy 'nope'") as info:
        ExplainSettings(strategies=("edge", "nope"))
    assert info.value.exit_code == 2 and "node, edge" in (info.value.hint or "")
    for kwargs, field in [({"mode": "pcstx"}, "mode"), ({"hops": 7}, "hops"), ({"theta_sim": 1.5}, "theta_sim"),
                          ({"noise_runs": 0}, "noise_runs"), ({"max_calls": -1}, "max_calls"),
                          ({"scheduler": "magic"}, "scheduler"), ({"apply": "disk"}, "apply")]:
        with pytest.raises(UsageError, match=f"^{field}:"):
            ExplainSettings(**kwargs)  # type: ignore[arg-type]
    s = ExplainSettings()
    assert replace(s, hops=1).hops == 1 and s.hops is None  # frozen: variants are copies


def test_the_scheduler_chain_follows_the_settings() -> None:
    def names(**kw: object) -> list[type]:
        return [type(s) for s in schedule_for(ExplainSettings(**kw))]  # type: ignore[arg-type]

    assert names() == [Exhaustive, RedundancyResolution]  # auto, on a small subgraph: leave-one-out
    auto = ExplainSettings()
    assert auto.scheduler == "auto"
    assert [type(s) for s in schedule_for(auto, facts=AUTO_GROUP_FACTS - 1)] == [Exhaustive, RedundancyResolution]
    assert [type(s) for s in schedule_for(auto, facts=AUTO_GROUP_FACTS)] == [ProxyFirst, RedundancyResolution]
    # a stack's context (items, spans): the proxy-first plan at every size (its proxy reads the units' texts)
    for size in (1, AUTO_GROUP_FACTS - 1, AUTO_GROUP_FACTS):
        assert [type(s) for s in schedule_for(auto, facts=size, stack=True)] == [ProxyFirst, RedundancyResolution]
        assert resolve_scheduler(auto, size, stack=True) == "proxy"
    assert resolve_scheduler(ExplainSettings(scheduler="group"), 5, stack=True) == "group"
    assert resolve_scheduler(ExplainSettings(scheduler="exhaustive"), 500) == "exhaustive"
    assert names(max_calls=5) == [Budgeted, RedundancyResolution]
    assert names(resolve_redundancy=False) == [Exhaustive]
    assert names(scheduler="group") == [GroupTesting, RedundancyResolution]
    assert [s.search for s in schedule_for(ExplainSettings(scheduler="group"))[1:]] == ["binary"]  # type: ignore
    assert names(scheduler="group", resolve_redundancy=False) == [GroupTesting]


def test_subgraph_json_round_trip() -> None:
    sub = Subgraph(seeds=["a"], mode="paths", paths=[["r1"]], fallback=None)
    sub.add_node(Node("a", "Alpha", "T"))
    sub.add_node(Node("b", "Beta", None))
    sub.add_relationship(Relationship("r1", "a", "b", "knows", provenance={"doc_id": "d"}))
    again = Subgraph.from_json(json.loads(json.dumps(sub.to_json())), paths=sub.paths)
    assert again.to_json() == sub.to_json() and again.paths == [["r1"]]
    assert again.relationships["r1"].provenance == {"doc_id": "d"}


def test_every_error_class_derives_from_one_base_with_an_exit_code() -> None:
    import xgrag.config
    import xgrag.embed
    import xgrag.evaluate.datasets
    import xgrag.evaluate.runner
    import xgrag.generate.base
    import xgrag.store.embedded
    import xgrag.store.explanations
    import xgrag.store.ingest
    import xgrag.store.migrations
    import xgrag.store.neo4j

    errors = [xgrag.config.ConfigError, xgrag.embed.EmbeddingError, xgrag.evaluate.datasets.DatasetError,
              xgrag.evaluate.runner.EvalError, xgrag.generate.base.GenerationError, xgrag.store.embedded.EmbeddedError,
              xgrag.store.explanations.ExplanationNotFound, xgrag.store.explanations.EntityNotFound,
              xgrag.store.explanations.AmbiguousEntity, xgrag.store.ingest.IngestError, xgrag.store.ingest.BatchError,
              xgrag.store.migrations.MigrationError, xgrag.store.neo4j.StoreError]
    for cls in errors:
        assert issubclass(cls, XgragError), cls
        assert cls.exit_code in (1, 2)
    assert xgrag.config.ConfigError.exit_code == 2 and xgrag.store.neo4j.StoreError.exit_code == 1


def test_importing_xgrag_changes_no_environment_and_loads_nothing_heavy() -> None:
    code = ("import os, sys, json; before = dict(os.environ); import xgrag; "
            "from xgrag import Explainer, ExplainSettings, Explanation, Retriever, Neo4jStore, make_generator, "
            "default_embedder; "
            "print(json.dumps({'env': dict(os.environ) == before, 'torch': 'torch' in sys.modules, "
            "'all': sorted(xgrag.__all__)}))")
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY",)}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "plugin"), env.get("PYTHONPATH", "")])
    out = json.loads(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                    check=True).stdout)
    assert out["env"] is True and out["torch"] is False
    assert {"Explainer", "ExplainSettings", "Explanation", "Retriever", "Neo4jStore", "make_generator",
            "default_embedder", "XgragError"} <= set(out["all"])
