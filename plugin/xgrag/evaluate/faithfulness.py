"""Blind faithfulness of an explanation, as free functions: the explainer never sees what the generator says it
used; these metrics ask the generator again on contexts built from the explanation's ranking.

- ERASER (DeYoung et al., 2020, §4): comprehensiveness@k = the answer changes when the top-k facts are removed;
  sufficiency@k = the answer stays when only the top-k facts are kept. With a generator that only gives text
  (no class probability), the per-k score is that indicator, and AOPC is its mean over the bins
  (AOPC = 1/|B| * sum_{k in B} score@k; B = k 1, 2, 3 and 10/20/50% of the facts, each at least 1).
- Deletion curve: the share of bins where the answer still stands as more of the top is removed (1 - comp@k).
- Top-1 evidence: the top fact is one the generator reports it used (read here only, never by the explainer), or
  an interchangeable support (from that fact alone the generator gives the same answer).
- Gold chains (MetaQA): 1-hop the gold triple at rank 1; n-hop the top `GOLD_K[n]` facts hold a chain of gold
  triples that reaches an answer entity (from the topic entity when it is known).

"Changed" follows KGRAG-Ex: similarity to the baseline answer below `change_threshold`; a deterministic reader's
answers are compared exactly (threshold 1.0: any other text is a change).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from xgrag.embed import Embedder
from xgrag.explain.scoring import change_floor
from xgrag.generate.base import Generator, answer_key
from xgrag.generate.prompt import render
from xgrag.model import Explanation, Perturbation, Subgraph
from xgrag.retrieval.retriever import apply_in_memory

TOP_KS = (1, 2, 3)
FRACTIONS = (0.1, 0.2, 0.5)
GOLD_K = {1: 1, 2: 3, 3: 5}  # issue 12: 1-hop gold at rank 1, 2-hop chain in the top 3, 3-hop in the top 5
Ask = Callable[[frozenset[str]], str]  # excluded fact ids -> the generator's answer on what is left


norm = answer_key  # the name the benchmarks use


def bins(n: int, ks: Sequence[int] = TOP_KS, fractions: Sequence[float] = FRACTIONS) -> list[tuple[str, int]]:
    """The (label, k) bins for `n` facts: fixed k up to n, then fractions of n rounded up (each at least 1)."""
    out = [(str(k), k) for k in ks if k <= n]
    out += [(f"{round(f * 100)}%", max(1, math.ceil(f * n))) for f in fractions if n]
    return out


def same_answer_rule(baseline: str, embedder: Embedder | None, threshold: float) -> Callable[[str], bool]:
    """`answer` is the baseline's answer: equal text, or (threshold < 1) cosine similarity >= threshold."""
    base = norm(baseline)

    def same(answer: str) -> bool:
        if norm(answer) == base:
            return True
        if embedder is None or threshold >= 1.0:
            return False
        vec = embedder.embed([baseline, answer])
        return float(vec[0] @ vec[1]) >= threshold

    return same


@dataclass(frozen=True)
class Eraser:
    comprehensiveness: dict[str, bool]
    sufficiency: dict[str, bool]
    calls: int

    @property
    def aopc_comprehensiveness(self) -> float | None:
        return _mean(self.comprehensiveness.values())

    @property
    def aopc_sufficiency(self) -> float | None:
        return _mean(self.sufficiency.values())

    @property
    def deletion_curve(self) -> dict[str, bool]:
        """Per bin: does the answer still stand with the top-k removed."""
        return {label: not changed for label, changed in self.comprehensiveness.items()}

    def to_json(self) -> dict[str, object]:
        return {"comprehensiveness": self.comprehensiveness, "sufficiency": self.sufficiency,
                "aopc_comprehensiveness": self.aopc_comprehensiveness, "aopc_sufficiency": self.aopc_sufficiency,
                "calls": self.calls}


def _mean(values: Iterable[bool]) -> float | None:
    vals = [float(v) for v in values]
    return sum(vals) / len(vals) if vals else None


def eraser(ask: Ask, same: Callable[[str], bool], facts: Sequence[str], ranked: Sequence[str]) -> Eraser:
    """ERASER comprehensiveness and sufficiency of `ranked` (most important first) over the bins of `facts`.
    Contexts repeated across bins (k = 3 and 10% of 30 facts) are asked once."""
    everything = frozenset(facts)
    answers: dict[frozenset[str], str] = {}

    def answer(excluded: frozenset[str]) -> str:
        if excluded not in answers:
            answers[excluded] = ask(excluded)
        return answers[excluded]

    comp: dict[str, bool] = {}
    suff: dict[str, bool] = {}
    for label, k in bins(len(facts)):
        top = frozenset(ranked[:k])
        if len(top) < k:
            continue  # fewer ranked facts than the bin: not measured rather than measured on a shorter top
        comp[label] = not same(answer(top))
        suff[label] = same(answer(everything - top))
    return Eraser(comp, suff, len(answers))


def ask_generator(generator: Generator, question: str, graph: Subgraph,
                  order: Mapping[str, int] | None = None) -> Ask:
    """An `Ask` that renders the subgraph without the excluded facts and asks once, in the order the explanation
    rendered its prompts (`order`: xgrag.explain.prefix.promise_order for an explanation whose cost.prefix.order is
    "promise"; None: the canonical order): the same prompts as the explanation's, or the answers could differ for
    a reason the evaluation does not measure."""

    def ask(excluded: frozenset[str]) -> str:
        ctx = render(question, apply_in_memory(graph, Perturbation(excluded_rel_ids=excluded)), order=order)
        return generator.generate(ctx.prompt, ctx.system, question=question, facts=ctx.facts).text

    return ask


def ranked_facts(ex: Explanation) -> list[str]:
    """Fact ids, most important first (the explanation's edge ranking; unmeasured facts last)."""
    return [c.id for c in ex.top("edge", 10**9)]


def top_above_floor(ex: Explanation, k: int) -> list[str]:
    """The k most important facts whose importance exceeds the noise floor (the set agreement compares)."""
    return [c.id for c in ex.top("edge", k) if (c.importance or 0.0) > ex.noise_floor]


def top_moving(ex: Explanation, k: int) -> list[str]:
    """The k most important facts whose removal moves the answer by the explainer's own criterion: importance above
    `xgrag.explain.scoring.change_floor` (the noise floor under "shift", so this is `top_above_floor` there; under
    "logprob" a drop of log P(a0) by at least `logprob_change` nats, ln 2 by default). Under "logprob" nearly every
    removal lowers P(a0) a little, so the noise floor (0 for a deterministic forward pass) ranks the third fact of a
    top 3 among near-ties (0.30 against 0.29 nats); the change floor keeps the facts each removal of which the
    explanation itself counts as moving a0, the same judgement "shift" makes."""
    floor = change_floor(ex.response_score, ex.noise_floor, ex.config.logprob_change)
    return [c.id for c in ex.top("edge", k) if (c.importance or 0.0) > floor + 1e-9]


def triples_of(ex: Explanation) -> dict[str, tuple[str, str, str]]:
    names = ex.subgraph.names()
    return {r.id: (names[r.source], r.label, names[r.target]) for r in ex.subgraph.relationships}


def gold_chain(triples: Iterable[tuple[str, str, str]], gold: Iterable[Sequence[str]], answers: Iterable[str],
               hops: int, topic: str | None = None) -> bool:
    """Do the gold triples among `triples` form a chain of `hops` facts reaching an answer (from `topic` when
    given; else from any end)? Undirected, names compared case- and punctuation-insensitively."""
    gold_set = {(norm(h), norm(r), norm(t)) for h, r, t in gold}
    edges: dict[str, set[str]] = defaultdict(set)
    for h, r, t in triples:
        if (norm(h), norm(r), norm(t)) in gold_set:
            edges[norm(h)].add(norm(t))
            edges[norm(t)].add(norm(h))
    targets = {norm(a) for a in answers}
    starts = [norm(topic)] if topic else list(edges)
    for start in starts:
        depth = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for node in frontier:
                for other in edges[node]:
                    if other not in depth:
                        depth[other] = depth[node] + 1
                        nxt.append(other)
            frontier = nxt
        if any(t in depth and t != start and (topic or depth[t] >= hops) for t in targets):
            return True
    return False


def evidence_or_support(ex: Explanation, ask: Ask, same: Callable[[str], bool]) -> tuple[bool, bool]:
    """(top-1 is the generator's reported evidence, ... or an interchangeable support: the answer from that fact
    alone is the baseline's). The evidence is read here, after the explanation, never by the explainer."""
    ranked = ranked_facts(ex)
    if not ranked:
        return False, False
    evidence = {e.id for e in ex.generator_evidence or []}
    if ranked[0] in evidence:
        return True, True
    alone = frozenset(r.id for r in ex.subgraph.relationships) - {ranked[0]}
    return False, same(ask(alone))


def top1_evidence_or_alternative(ex: Explanation) -> bool:
    """The top fact is one the generator reports it answered from, or it was found necessary under redundant support
    and one of its `alternatives` (the interchangeable supports removed before it, Component.alternatives) is. Read
    after the explanation, never by the explainer; the strict figure is `evidence_or_support`'s first."""
    top = ex.top("edge", 1)
    if not top:
        return False
    evidence = {e.id for e in ex.generator_evidence or []}
    return top[0].id in evidence or bool(set(top[0].alternatives or ()) & evidence)


def agreement(ex: Explanation, reference: Explanation, k: int = 3) -> bool:
    """Top-k identical to the reference's (leave-one-out): the same set of facts above the noise floor."""
    return set(top_above_floor(ex, k)) == set(top_above_floor(reference, k))


def moving_agreement(ex: Explanation, reference: Explanation, k: int = 3) -> bool:
    """Top-k identical to the reference's among the facts whose removal moves the answer (`top_moving`): under
    "shift" the same as `agreement`; under "logprob" the facts that lower log P(a0) by at least `logprob_change`."""
    return set(top_moving(ex, k)) == set(top_moving(reference, k))
