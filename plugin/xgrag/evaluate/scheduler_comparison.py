"""`xgrag eval --schedulers`: each scheduler explains the same question's facts, blind (citation guidance off),
and is judged against leave-one-out (the reference, always run) on cost, top-3 agreement and the blind
faithfulness metrics of xgrag.evaluate.faithfulness. The generator is asked again for those metrics; those calls
are counted apart from the explanation's own (`faithfulness_calls`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from xgrag.embed import Embedder
from xgrag.errors import UsageError, one_of
from xgrag.evaluate import faithfulness as f
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.prefix import promise_order
from xgrag.explain.settings import SCHEDULER_NAMES, SchedulerName
from xgrag.model.trace import ScheduleStep

REFERENCE: SchedulerName = "exhaustive"
FACTS = "edge"  # faithfulness is about facts: the fact-removal strategy is what every scheduler is compared on


def resolve_schedulers(names: Sequence[str]) -> tuple[SchedulerName, ...]:
    """The schedulers to compare, leave-one-out first (the reference), each once; unknown names are an error."""
    unknown = [n for n in names if n not in SCHEDULER_NAMES]
    if unknown:
        raise UsageError(f"--schedulers: unknown scheduler {unknown[0]!r}; choose from {', '.join(SCHEDULER_NAMES)}")
    return (REFERENCE, *dict.fromkeys(one_of("--schedulers", n, SCHEDULER_NAMES) for n in names if n != REFERENCE))


def hops_of(qtype: str) -> int | None:
    head = qtype.split("-", 1)[0]
    return int(head) if qtype.endswith("-hop") and head.isdigit() else None


def compare_schedulers(explainer: Explainer, question: str, base: ExplainSettings, schedulers: Sequence[str],
                       embedder: Embedder, *, exact: bool, gold: Sequence[Sequence[str]] = (),
                       answers: Sequence[str] = (), hops: int | None = None, topic: str | None = None,
                       correct: bool | None = None) -> dict[str, Any]:
    """Per scheduler: generator calls after the baselines, top-3 agreement with leave-one-out, top-1 evidence
    (or interchangeable support), ERASER comprehensiveness / sufficiency with AOPC, and the gold chain when the
    dataset has gold triples. `exact`: compare answers as text (a deterministic reader)."""
    blind = replace(base, strategies=(FACTS,), citation_guided=False)
    runs = {name: explainer.explain(question, settings=replace(blind, scheduler=name))
            for name in resolve_schedulers(schedulers)}
    reference = runs[REFERENCE]
    graph = reference.subgraph.to_subgraph()
    facts = sorted(graph.relationships)
    # the prompts in the order the explanation rendered them (a server generator's: by promise)
    prefix = reference.cost.prefix
    order = promise_order(question, graph, explainer.embedder) if prefix and prefix.order == "promise" else None
    ask = f.ask_generator(explainer.generator, question, graph, order=order)
    same = f.same_answer_rule(reference.answer, None if exact else embedder,
                              1.0 if exact else base.change_threshold)
    out: dict[str, Any] = {"facts": len(facts), "reference": REFERENCE, "exact_answers": exact, "runs": {}}
    single = any(c.evaluated == "measured" and (c.importance or 0.0) > reference.noise_floor
                 for c in reference.components if c.strategy == FACTS)
    out["single_support"] = single  # some fact moves the answer on its own (ERASER's clean case)
    k_gold = f.GOLD_K.get(hops or 0)
    for name, ex in runs.items():
        ranked = f.ranked_facts(ex)
        erased = f.eraser(ask, same, facts, ranked)
        evidence, support = f.evidence_or_support(ex, ask, same)
        row: dict[str, Any] = {
            # what ran ("auto" names the scheduler it chose for this subgraph's size)
            "ran": next((t.scheduler for t in ex.trace if isinstance(t, ScheduleStep)), name),
            "calls": ex.cost.generator_calls - len(ex.baseline_answers),
            "agree_top3": f.agreement(ex, reference),
            "top1_evidence": evidence, "top1_evidence_or_support": support,
            **erased.to_json(),
            "faithfulness_calls": erased.calls + (0 if evidence else 1),
        }
        if gold and k_gold is not None and hops is not None:
            triples = f.triples_of(ex)
            row["gold_chain"] = f.gold_chain([triples[r] for r in ranked[:k_gold] if r in triples], gold,
                                             answers or [ex.answer], hops, topic) if correct else None
        out["runs"][name] = row
    return out
