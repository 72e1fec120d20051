"""What-if: the answer when a person removes the facts or entities they chose, asked exactly as a probe is.

`WhatIf(explainer, explanation)` rebuilds the explanation's run state the way `explain` built it (the same
retrieval and alias merge, `Explainer.prepare`), checks that this reproduces the context the explanation was made
from, and then answers selections of units through that run: the selection becomes a Perturbation (a transient
filter: exclusion ids), applied by the run's own `apply` (in memory, or re-retrieved through Cypher), rendered,
and asked through an AnswerOracle with the explainer's generator and response cache, scored by `ExplainRun.effect`.
Removing one fact therefore asks the very context the explanation's probe for that fact asked (same digest, same
cache entry), and nothing is ever written to the graph.

A unit is `(kind, id)`; `UNIT_KINDS` maps a kind to the Perturbation field its ids go into and to how its presence
in the context is checked. A new kind of unit (e.g. a fact stored in a property) is one entry there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xgrag.errors import UsageError
from xgrag.explain.components import label
from xgrag.explain.oracle import AnswerOracle
from xgrag.explain.perturbers import Planned
from xgrag.explain.run import ExplainRun
from xgrag.explain.scoring import answer_changed
from xgrag.explain.settings import ExplainSettings
from xgrag.generate.base import AnswerScore, Generation
from xgrag.model import Explanation, Perturbation, Subgraph, SubgraphRecord
from xgrag.model.records import json_object

if TYPE_CHECKING:
    from xgrag.explain.explainer import Explainer


@dataclass(frozen=True)
class UnitKind:
    field: str  # the Perturbation field that holds the excluded ids of this kind
    present: Callable[[Subgraph, str], bool]  # is the unit in the context?
    probe_kind: str  # the component kind a probe of this unit reports ("node" | "edge" | "property")


UNIT_KINDS: dict[str, UnitKind] = {
    "node": UnitKind("excluded_node_ids", lambda g, i: i in g.nodes, "node"),
    "edge": UnitKind("excluded_rel_ids", lambda g, i: i in g.relationships, "edge"),
    # a fact stored in a property (general mappings): its element stays in the context
    "property": UnitKind("excluded_property_ids", lambda g, i: i in g.properties, "property"),
}


@dataclass(frozen=True)
class Unit:
    """One thing a person can take out of the context: an entity ("node"), a fact ("edge"), ..."""

    kind: str
    id: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "id": self.id}


class ContextChanged(UsageError):
    """The explanation's context can no longer be rebuilt as it was (the graph changed since it was made)."""


def perturbation_of(units: Sequence[Unit], graph: Subgraph) -> Perturbation:
    """The transient filter removing `units` from `graph`; an unknown kind or a unit not in the context is a usage
    error that names it."""
    if not units:
        raise UsageError("what-if: select at least one fact or entity to remove")
    fields: dict[str, set[str]] = {k.field: set() for k in UNIT_KINDS.values()}
    for unit in units:
        kind = UNIT_KINDS.get(unit.kind)
        if kind is None:
            raise UsageError(f"what-if: unknown unit kind {unit.kind!r}", hint=f"use one of {', '.join(UNIT_KINDS)}")
        if not kind.present(graph, unit.id):
            raise UsageError(f"what-if: {unit.kind} {unit.id!r} is not in this explanation's context")
        fields[kind.field].add(unit.id)
    changes: dict[str, Any] = {name: frozenset(ids) for name, ids in fields.items()}  # typed per kind above
    return Perturbation(**changes, kind="what-if")


@dataclass(frozen=True)
class Counterfactual:
    units: tuple[Unit, ...]
    labels: tuple[str, ...]  # the units as the graph stores them (components' labels)
    baseline: str  # a0, the explanation's answer
    answer: str | None  # the counterfactual answer (None under response_score "logprob": a0 is scored instead)
    effect: float  # in the explanation's importance units: semantic shift, or the drop of P(a0)
    changed: bool | None  # KGRAG-Ex's "the answer changed" (None under "logprob")
    below_noise_floor: bool
    answer_logprob: float | None
    cached: bool  # answered from the response cache
    context_digest: str  # identifies the exact model input (equal to the probe's for a single component)
    facts_left: int  # in the context asked

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["units"] = [u.to_json() for u in self.units]
        data["labels"] = list(self.labels)
        return data


def settings_of(explanation: Explanation) -> ExplainSettings:
    """The ExplainSettings an explanation ran with (its `config`), keys this version does not know ignored."""
    known = {f.name for f in dataclasses.fields(ExplainSettings)}
    values = {k: v for k, v in explanation.config.model_dump().items() if k in known}
    for key in ("strategies", "surrogate_solvers"):
        if key in values:
            values[key] = tuple(values[key])
    return ExplainSettings(**values)


def _context_key(graph: SubgraphRecord) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    return (sorted((n.id, n.name, n.type) for n in graph.nodes),
            sorted((r.id, r.source, r.target, r.label) for r in graph.relationships))


class WhatIf:
    """Counterfactuals over one explanation's context. Build it once per explanation (it retrieves); `ask` may be
    called from any thread, each call in its own event loop (it opens its own oracle; the response cache is
    shared)."""

    def __init__(self, explainer: Explainer, explanation: Explanation) -> None:
        gen = explainer.generator
        if gen.name != explanation.generator or json_object(gen.params) != explanation.generator_params:
            raise UsageError(f"what-if: this explanation was made with the generator {explanation.generator!r} "
                             f"({explanation.generator_params}); the one at hand is {gen.name!r} ({dict(gen.params)})",
                             hint="ask again with the generator the explanation was made with")
        self.explainer = explainer
        self.explanation = explanation
        self.settings = settings_of(explanation)
        run = explainer.prepare(explanation.question, self.settings)
        if _context_key(SubgraphRecord.model_validate(run.graph.to_json())) != _context_key(explanation.subgraph):
            raise ContextChanged(
                "what-if: retrieving this question again no longer gives the context the explanation was made from "
                f"({len(run.graph.nodes)} entities and {len(run.graph.relationships)} facts now, "
                f"{len(explanation.subgraph.nodes)} and {len(explanation.subgraph.relationships)} then): the graph "
                "changed since",
                hint="ask the question again for a fresh explanation")
        run.baselines = [Generation(explanation.answer)]
        run.floor = explanation.noise_floor
        if explanation.response_score == "logprob":
            if explanation.baseline_logprob is None:
                raise UsageError("what-if: a 'logprob' explanation without its baseline_logprob cannot be compared")
            run.baseline_score = AnswerScore(explanation.baseline_logprob, 0)
        self.run = run

    @property
    def graph(self) -> Subgraph:
        return self.run.graph

    def labels(self, units: Sequence[Unit]) -> tuple[str, ...]:
        return tuple(label(Planned(Perturbation(), "what-if", UNIT_KINDS[u.kind].probe_kind,  # type: ignore[arg-type]
                                   u.id), self.run.merged) for u in units)

    async def ask(self, units: Sequence[Unit]) -> Counterfactual:
        units = tuple(dict.fromkeys(units))
        perturbation = perturbation_of(units, self.graph)
        ex = self.explainer
        run: ExplainRun = dataclasses.replace(
            self.run, oracle=AnswerOracle(ex.generator, ex.embedder, ex.cache, self.settings.concurrency),
            observer=None, stop=None, progress=None)
        ctx = await run.context_of(perturbation)
        response = await run.respond(ctx)
        effect = run.effect(response)
        text = response.text
        changed = None if text is None else answer_changed(effect, self.settings.change_threshold,
                                                           self.explanation.answer, text,
                                                           self.settings.multiple_choice)
        return Counterfactual(
            units=units, labels=self.labels(units), baseline=self.explanation.answer, answer=text,
            effect=round(effect, 6), changed=changed, below_noise_floor=effect <= run.floor,
            answer_logprob=None if response.score is None else round(response.score.logprob, 6),
            cached=response.cached, context_digest=ctx.digest, facts_left=len(ctx.facts))
