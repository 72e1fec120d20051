"""The Explainer: retrieve -> dedup -> baseline answer -> perturb -> re-generate -> embed -> score.

A perturbation is data (exclusion ids / renames). `apply="memory"` applies it to the deduplicated subgraph
(XGRAG's set difference, G' = G_dedup \\ {p}); `apply="cypher"` re-runs the same Cypher retrieval with
`$excluded_*` (KGRAG-Ex's re-retrieval). Neither writes to the graph.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import numpy as np

from xgrag import __version__
from xgrag.embed import Embedder
from xgrag.explain.perturbers.base import STRATEGIES, Planned, SynonymFn, plan
from xgrag.explain.scoring import answer_changed, mask_surrogate, noise_floor, normalise, semantic_shift
from xgrag.generate.base import Generation, Generator, Usage
from xgrag.generate.cache import ResponseCache, cache_key
from xgrag.generate.prompt import PROMPT_VERSION, RenderedContext, relation_text, render
from xgrag.model import Component, Cost, Explanation, Perturbation, Subgraph
from xgrag.retrieval.dedup import DedupResult, dedup
from xgrag.retrieval.retriever import Retriever, apply_in_memory

Progress = Callable[[str, int, int | None], None]  # (phase, advance, total)


@dataclass
class ExplainSettings:
    strategies: tuple[str, ...] = ("edge",)
    mode: Literal["khop", "paths"] = "khop"
    hops: int | None = None
    dedup: bool = True
    theta_sim: float = 0.7
    apply: Literal["memory", "cypher"] = "memory"
    noise_runs: int = 2  # baseline generations; the spread between them is the noise floor
    change_threshold: float = 0.9  # an answer "changed" when its similarity to a0 falls below this
    multiple_choice: bool = False
    max_calls: int | None = None
    concurrency: int = 4
    masks: int = 20
    seed: int = 0
    group_testing: bool = False
    top_k: int = 3
    generator_synonyms: bool = True
    # When no single removal moves the answer (redundant support), remove components cumulatively, least
    # relevant to the question first, keeping each removal that leaves the answer unchanged; the ones that then move it
    # get their shift in that reduced context as a conditional importance (evaluated = "conditional").
    resolve_redundancy: bool = True
    # In that resolution, when the generator reports the facts it answered from (Generation.evidence), those are
    # removed last, so among interchangeable supports the one the model says it used is the one tested.
    citation_guided: bool = True

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Run:
    planned: Planned
    context: RenderedContext | None = None
    generation: Generation | None = None
    cached: bool = False
    conditional: Generation | None = None  # answer when removed from the reduced (redundancy-free) context


@dataclass
class _Ledger:
    usage: Usage = field(default_factory=Usage)
    cache_hits: int = 0
    embed_seconds: float = 0.0


class Explainer:
    """Explains the answer a generator gives from a question's subgraph."""

    def __init__(self, retriever: Retriever, generator: Generator, embedder: Embedder,
                 settings: ExplainSettings | None = None, cache: ResponseCache | None = None) -> None:
        self.retriever = retriever
        self.generator = generator
        self.embedder = embedder
        self.settings = settings or ExplainSettings()
        self.cache = cache
        self._versions: dict[str, str | None] | None = None

    # -- public API ------------------------------------------------------------------------------

    def explain(self, question: str, progress: Progress | None = None, *, subgraph: Subgraph | None = None,
                answer: str | None = None, **overrides: Any) -> Explanation:
        return asyncio.run(self.aexplain(question, progress=progress, subgraph=subgraph, answer=answer, **overrides))

    async def aexplain(self, question: str, progress: Progress | None = None, *, subgraph: Subgraph | None = None,
                       answer: str | None = None, **overrides: Any) -> Explanation:
        """Explain the answer to `question`.

        `subgraph`: explain over this context (e.g. what a LangChain run retrieved) instead of retrieving; it
        is perturbed in memory only (`apply="cypher"` would re-run xgrag's retrieval, which did not produce it).
        `answer`: the answer actually observed (e.g. a chain's output). Importances are still measured against
        the explainer's own baseline `a0` (same generator and prompt as every counterfactual, as XGRAG defines
        them); the observed answer and its similarity to `a0` are recorded, so a reader can see whether the
        explanation transfers to it.
        """
        cfg = ExplainSettings(**{**asdict(self.settings), **overrides})
        strategies = tuple(STRATEGIES) if cfg.strategies in (("all",), "all") else tuple(cfg.strategies)
        t_start = time.perf_counter()
        ledger = _Ledger()
        trace: list[dict[str, Any]] = []

        t0 = time.perf_counter()
        if subgraph is not None:
            if cfg.apply == "cypher":
                raise ValueError("apply='cypher' re-runs xgrag's retrieval, which did not produce a supplied "
                                 "subgraph; use apply='memory' to explain over a supplied subgraph")
            retrieved = subgraph
        else:
            retrieved = self.retriever.retrieve(question, mode=cfg.mode, hops=cfg.hops)
        retrieval_seconds = time.perf_counter() - t0
        trace.append({"step": "retrieve", "source": "supplied" if subgraph is not None else "xgrag",
                      "seconds": round(retrieval_seconds, 4), "nodes": len(retrieved.nodes),
                      "relationships": len(retrieved.relationships), "truncated": retrieved.truncated})

        t0 = time.perf_counter()
        merged = self._dedup(retrieved, cfg)
        graph = merged.subgraph
        trace.append({"step": "dedup", "seconds": round(time.perf_counter() - t0, 4), "merged": merged.merged,
                      "nodes": len(graph.nodes), "relationships": len(graph.relationships)})

        # Baseline a0, generated noise_runs times (repeats bypass the cache on purpose).
        ctx0 = render(question, graph)
        sem = asyncio.Semaphore(max(1, cfg.concurrency))
        baselines = await asyncio.gather(*[self._generate(ctx0, ledger, sem, repeat=i)
                                           for i in range(max(1, cfg.noise_runs))])
        a0 = baselines[0][0]
        if progress:
            progress("baseline", len(baselines), None)

        synonym_fn = self._generator_synonyms(ledger) if cfg.generator_synonyms and self._is_llm() else None
        planned, skipped = plan(graph, strategies, synonym_fn, masks=cfg.masks, seed=cfg.seed)
        budget_left = None if cfg.max_calls is None else max(0, cfg.max_calls - ledger.usage.calls)

        group_info = None
        if cfg.group_testing:
            runs, group_info = await self._group_test(question, planned, graph, merged, retrieved, cfg, ledger, sem,
                                                      a0, progress)
        else:
            ordered = self._prioritise(planned, a0.text, question, graph, ledger) if budget_left is not None \
                else planned
            chosen = ordered if budget_left is None else ordered[:budget_left]
            runs = [_Run(p) for p in chosen]
            if progress:
                progress("perturb", 0, len(runs))
            await asyncio.gather(*[self._run_one(r, question, graph, merged, retrieved, cfg, ledger, sem, progress)
                                   for r in runs])
            evaluated = {id(r.planned) for r in runs}
            runs += [_Run(p) for p in planned if id(p) not in evaluated]

        # Embed every distinct answer once.
        texts = [g.text for g, _ in baselines] + [r.generation.text for r in runs if r.generation is not None]
        if answer is not None:
            texts.append(answer)
        vectors = self._embed(sorted(set(texts)), ledger)
        observed_similarity = None if answer is None else round(float(vectors[answer] @ vectors[a0.text]), 6)
        if answer is not None:
            trace.append({"step": "observed_answer", "similarity_to_a0": observed_similarity,
                          "note": "importances are measured against a0, the explainer's own answer from the same "
                                  "context; the similarity says how far that reproduces the observed answer"})
        base_vecs = np.stack([vectors[g.text] for g, _ in baselines])
        floor = noise_floor(base_vecs)
        if cfg.resolve_redundancy and not cfg.group_testing:
            await self._resolve_redundancy(runs, question, graph, merged, retrieved, cfg, ledger, sem, a0, vectors,
                                           floor, trace)
        components = self._score(runs, a0, vectors, floor, graph, cfg)
        surrogate = self._surrogate(runs, a0, vectors, graph) if "mask" in strategies else None

        cost = Cost(generator_calls=ledger.usage.calls, prompt_tokens=ledger.usage.prompt_tokens,
                    completion_tokens=ledger.usage.completion_tokens, cache_hits=ledger.cache_hits,
                    generator_seconds=round(ledger.usage.seconds, 4), embedder_seconds=round(ledger.embed_seconds, 4),
                    retrieval_seconds=round(retrieval_seconds, 4),
                    perturbations=sum(1 for r in runs if r.generation is not None))
        explanation = Explanation(
            id=str(uuid.uuid4()), created_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            question=question, answer=a0.text, baseline_answers=[g.text for g, _ in baselines],
            observed_answer=answer, observed_answer_similarity=observed_similarity,
            noise_floor=round(floor, 6), strategy="all" if set(strategies) == set(STRATEGIES) else ",".join(strategies),
            strategies=list(strategies), components=components, generator=self.generator.name,
            generator_params=dict(self.generator.params),
            generator_evidence=self._evidence(a0, graph), embedder=self.embedder.name, prompt_version=PROMPT_VERSION,
            user_explanation="", technical_explanation="",
            sources=self._sources(components, graph), paths=graph.paths, subgraph=graph.to_json(),
            dedup={"enabled": cfg.dedup, "theta_sim": cfg.theta_sim, "clusters": merged.clusters,
                   "merged": merged.merged},
            skipped=skipped, surrogate=surrogate, group_testing=group_info, cost=cost,
            config={**cfg.to_json(), "strategies": list(strategies)},
            versions=self._server_versions(), trace=trace,
        )
        explanation.user_explanation, explanation.technical_explanation = texts_for(explanation, graph)
        if observed_similarity is not None:
            explanation.technical_explanation += (
                f" The observed answer has similarity {observed_similarity:.2f} to the explainer's own answer from "
                "the same context, against which the importances were measured.")
        explanation.cost.seconds = round(time.perf_counter() - t_start, 4)
        return explanation

    # -- steps -------------------------------------------------------------------------------------

    def _dedup(self, sub: Subgraph, cfg: ExplainSettings) -> DedupResult:
        if cfg.dedup:
            return dedup(sub, self.embedder.embed, cfg.theta_sim)
        identity = Subgraph(nodes=dict(sub.nodes), relationships=dict(sub.relationships), seeds=list(sub.seeds),
                            truncated=sub.truncated, mode=sub.mode, paths=list(sub.paths), fallback=sub.fallback)
        return DedupResult(identity, {n: n for n in sub.nodes}, [], {r: [r] for r in sub.relationships})

    def _is_llm(self) -> bool:
        return not self.generator.name.startswith("extractive")

    async def _generate(self, ctx: RenderedContext, ledger: _Ledger, sem: asyncio.Semaphore,
                        repeat: int = 0) -> tuple[Generation, bool]:
        key = cache_key(self.generator.name, dict(self.generator.params), ctx.digest, repeat)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                ledger.cache_hits += 1
                return hit, True
        async with sem:
            gen = await self.generator.agenerate(ctx.prompt, ctx.system, question=ctx.question, facts=ctx.facts)
        ledger.usage.add(gen.usage)
        if self.cache is not None:
            self.cache.put(key, gen)
        return gen, False

    def _perturbed_graph(self, p: Perturbation, graph: Subgraph, merged: DedupResult, retrieved: Subgraph,
                         question: str, cfg: ExplainSettings) -> Subgraph:
        if cfg.apply == "memory":
            return apply_in_memory(graph, p)
        # Cypher: map canonical ids back to every retrieved id they stand for, re-retrieve, re-dedup.
        nodes = {m for n in p.excluded_node_ids for m in merged.node_members(n)}
        rels = {m for r in p.excluded_rel_ids for m in merged.rel_members.get(r, [r])}
        again = self.retriever.retrieve(question, mode=cfg.mode, hops=cfg.hops, seeds=retrieved.seeds,
                                        perturbation=Perturbation(frozenset(nodes), frozenset(rels)))
        redone = self._dedup(again, cfg).subgraph
        if p.renames:
            redone = apply_in_memory(redone, Perturbation(renames=p.renames))
        return redone

    async def _run_one(self, run: _Run, question: str, graph: Subgraph, merged: DedupResult, retrieved: Subgraph,
                       cfg: ExplainSettings, ledger: _Ledger, sem: asyncio.Semaphore,
                       progress: Progress | None) -> None:
        g2 = await asyncio.to_thread(self._perturbed_graph, run.planned.perturbation, graph, merged, retrieved,
                                     question, cfg) if cfg.apply == "cypher" else \
            self._perturbed_graph(run.planned.perturbation, graph, merged, retrieved, question, cfg)
        run.context = render(question, g2)
        run.generation, run.cached = await self._generate(run.context, ledger, sem)
        if progress:
            progress("perturb", 1, None)

    async def _resolve_redundancy(self, runs: list[_Run], question: str, graph: Subgraph, merged: DedupResult,
                                  retrieved: Subgraph, cfg: ExplainSettings, ledger: _Ledger,
                                  sem: asyncio.Semaphore, a0: Generation, vectors: dict[str, np.ndarray],
                                  floor: float, trace: list[dict[str, Any]]) -> None:
        base = vectors[a0.text]
        for strategy in ("edge", "subpath", "node"):
            group = [r for r in runs if r.planned.strategy == strategy and r.generation is not None]
            if not group or any(float(vectors[r.generation.text] @ base) < 1.0 - floor - 1e-6 for r in group):
                continue  # some single removal already moves the answer: nothing to resolve
            budget = None if cfg.max_calls is None else cfg.max_calls - ledger.usage.calls
            # least relevant to the question first, so the facts the question asks about are removed last
            order = list(reversed(self._prioritise([r.planned for r in group], a0.text, question, graph, ledger,
                                                   question_only=True)))
            cited = set(a0.evidence or ()) if cfg.citation_guided else set()
            if cited:
                # Which of two interchangeable supports a model used cannot be seen from its answers; when it
                # reports the facts it used, remove the uncited alternatives first (the cited ones still have
                # to move the answer to score).
                order.sort(key=lambda q: bool(q.removed_rels & cited or q.target in cited))
            by_planned = {id(r.planned): r for r in group}
            removed: list[Planned] = []
            calls = 0
            for p in order:
                if budget is not None and calls >= budget:
                    break
                trial = Perturbation(frozenset().union(*[q.perturbation.excluded_node_ids for q in [*removed, p]]),
                                     frozenset().union(*[q.perturbation.excluded_rel_ids for q in [*removed, p]]),
                                     kind="redundancy")
                ctx = render(question, self._perturbed_graph(trial, graph, merged, retrieved, question, cfg))
                gen, _ = await self._generate(ctx, ledger, sem)
                calls += 1
                vec = self._embed([gen.text], ledger)[gen.text]
                vectors[gen.text] = vec
                if float(semantic_shift(base, vec[None, :])[0]) <= floor:
                    removed.append(p)  # redundant given what is already removed: keep it out
                else:
                    by_planned[id(p)].conditional = gen  # necessary once its alternatives are gone
            trace.append({"step": "resolve_redundancy", "strategy": strategy, "calls": calls,
                          "citation_guided": bool(cited),
                          "redundant": len(removed), "necessary": sum(r.conditional is not None for r in group)})

    def _embed(self, texts: Sequence[str], ledger: _Ledger) -> dict[str, np.ndarray]:
        t0 = time.perf_counter()
        matrix = self.embedder.embed(list(texts))
        ledger.embed_seconds += time.perf_counter() - t0
        return {t: matrix[i] for i, t in enumerate(texts)}

    def _prioritise(self, planned: list[Planned], answer: str, question: str, graph: Subgraph,
                    ledger: _Ledger, question_only: bool = False) -> list[Planned]:
        """Under a call budget, most promising first: components whose text is closest to the answer or the
        question (one batched embedding call, no generator calls)."""
        def text(p: Planned) -> str:
            if p.kind == "edge" and p.target in graph.relationships:
                r = graph.relationships[p.target]
                # the relation as the prompt renders it ("written by", not "written_by"): the raw label embeds poorly
                return f"{graph.nodes[r.source].name} {relation_text(r.label)} {graph.nodes[r.target].name}"
            if p.kind == "node" and p.target in graph.nodes:
                return graph.nodes[p.target].name
            return ""

        labels = sorted({text(p) for p in planned} | {answer, question})
        vec = self._embed(labels, ledger)
        promise = {id(p): float(vec[text(p)] @ vec[question]) if question_only else
                   max(float(vec[text(p)] @ vec[answer]), float(vec[text(p)] @ vec[question])) for p in planned}
        return sorted(planned, key=lambda p: (-promise[id(p)], p.strategy, p.target))

    def _score(self, runs: list[_Run], a0: Generation, vectors: dict[str, np.ndarray], floor: float,
               graph: Subgraph, cfg: ExplainSettings) -> list[Component]:
        base = vectors[a0.text]
        by_strategy: dict[str, list[_Run]] = {}
        for r in runs:
            by_strategy.setdefault(r.planned.strategy, []).append(r)
        components: list[Component] = []
        for strategy, group in by_strategy.items():
            measured = [r for r in group if r.generation is not None]
            shifts = semantic_shift(base, np.stack([vectors[_answer(r).text] for r in measured])) \
                if measured else np.zeros(0)
            imp = {id(r): float(s) for r, s in zip(measured, shifts, strict=True)}
            for r in group:
                if r.generation is None and r.planned.note.get("group") == "no-effect":
                    imp[id(r)] = 0.0
            values = [imp[id(r)] for r in group if id(r) in imp]
            norm = dict(zip([id(r) for r in group if id(r) in imp], normalise(values), strict=True))
            order = sorted([r for r in group if id(r) in imp], key=lambda r: (-imp[id(r)], r.planned.target))
            rank = {id(r): i + 1 for i, r in enumerate(order)}
            for r in group:
                p = r.planned
                measured_here = r.generation is not None
                value = imp.get(id(r))
                evaluated = ("conditional" if r.conditional is not None else "measured") if measured_here else \
                    ("group" if value is not None else "budget")
                components.append(Component(
                    kind=p.kind, id=p.target, label=_label(p, graph), strategy=strategy, importance=value,
                    normalized_importance=norm.get(id(r)), rank=rank.get(id(r)),
                    counterfactual_answer=_answer(r).text if measured_here else None,
                    answer_changed=(answer_changed(value, cfg.change_threshold, a0.text, _answer(r).text,
                                                   cfg.multiple_choice) if measured_here and value is not None
                                    else (False if value == 0.0 else None)),
                    below_noise_floor=None if value is None else value <= floor,
                    evaluated=evaluated,
                    provenance=_provenance(p, graph),
                    removed_nodes=sorted(p.removed_nodes), removed_relationships=sorted(p.removed_rels),
                    note=dict(p.note),
                ))
        return components

    def _surrogate(self, runs: list[_Run], a0: Generation, vectors: dict[str, np.ndarray],
                   graph: Subgraph) -> dict[str, Any] | None:
        masks = [r for r in runs if r.planned.strategy == "mask" and r.generation is not None]
        rels = [r.id for r in graph.sorted_relationships()]
        if len(masks) < 2 or not rels:
            return None
        x = np.array([[0.0 if rid in r.planned.removed_rels else 1.0 for rid in rels] for r in masks])
        y = np.array([float(vectors[r.generation.text] @ vectors[a0.text]) for r in masks])
        coef, r2 = mask_surrogate(x, y)
        order = np.argsort(-coef, kind="stable")
        return {"method": "weighted ridge (KG-SMILE)", "samples": len(masks), "features": len(rels),
                "weighted_r2_in_sample": round(r2, 4),
                "note": "in-sample fit; held-out fidelity is reported by `xgrag eval`",
                "coefficients": {rels[i]: round(float(coef[i]), 6) for i in order}}

    def _evidence(self, a0: Generation, graph: Subgraph) -> list[dict[str, str]] | None:
        if a0.evidence is None:
            return None
        out = []
        for rid in a0.evidence:
            r = graph.relationships.get(rid)
            if r is not None:
                triple = f"{graph.nodes[r.source].name} {r.label} {graph.nodes[r.target].name}"
                out.append({"id": rid, "triple": triple})
        return out

    def _sources(self, components: list[Component], graph: Subgraph) -> list[dict[str, Any]]:
        """Documents behind the top components (neo4j-graphrag's `sources`)."""
        seen: dict[tuple, dict[str, Any]] = {}
        top = sorted([c for c in components if c.importance], key=lambda c: -(c.importance or 0))[:5]
        for c in top:
            prov = c.provenance
            for doc in prov.get("documents", [prov]) if prov else []:
                key = (doc.get("doc_id"), doc.get("chunk_id"), doc.get("source"))
                if any(key):
                    seen.setdefault(key, {k: v for k, v in doc.items() if v is not None} | {"component": c.id})
        return list(seen.values())

    def _generator_synonyms(self, ledger: _Ledger) -> SynonymFn:
        def ask(name: str, type_: str | None) -> tuple[str | None, str]:
            prompt = (f"Give one synonym or alternative name for the {type_ or 'entity'} \"{name}\". "
                      "Answer with the synonym only.")
            gen = self.generator.generate(prompt, "You answer with a single short phrase.")
            ledger.usage.add(gen.usage)
            synonym = gen.text.strip().strip('."\'').splitlines()[0].strip() if gen.text.strip() else ""
            return (synonym or None), f"generator:{self.generator.name}"

        return ask

    def _server_versions(self) -> dict[str, str | None]:
        if self._versions is None:
            try:
                v = self.retriever.store.server_versions()
            except Exception:  # noqa: BLE001 - versions are informational
                v = {}
            self._versions = {"xgrag": __version__, "neo4j": v.get("neo4j"), "gds": v.get("gds"),
                              "apoc": v.get("apoc")}
        return self._versions

    # -- adaptive group testing ----------------------------------------------------------------------

    async def _group_test(self, question: str, planned: list[Planned], graph: Subgraph, merged: DedupResult,
                          retrieved: Subgraph, cfg: ExplainSettings, ledger: _Ledger, sem: asyncio.Semaphore,
                          a0: Generation, progress: Progress | None) -> tuple[list[_Run], dict[str, Any]]:
        from xgrag.explain.schedulers.group import GroupTester, initial_groups

        calls_before = ledger.usage.calls + ledger.cache_hits
        base_vec = self._embed([a0.text], ledger)[a0.text]
        floor_guard = 1e-6
        runs: dict[int, _Run] = {}
        info: dict[str, Any] = {"strategies": {}}
        for strategy in sorted({p.strategy for p in planned}, key=STRATEGIES.index):
            units = [p for p in planned if p.strategy == strategy]
            if strategy in ("mask", "synonym"):  # masks are already groups; renames do not compose
                for p in units:
                    run = _Run(p)
                    await self._run_one(run, question, graph, merged, retrieved, cfg, ledger, sem, progress)
                    runs[id(p)] = run
                continue

            async def measure(members: Sequence[Planned]) -> tuple[float, _Run]:
                union = Perturbation(frozenset().union(*[m.perturbation.excluded_node_ids for m in members]),
                                     frozenset().union(*[m.perturbation.excluded_rel_ids for m in members]),
                                     kind="group")
                probe = Planned(union, members[0].strategy, "group", f"group-{len(members)}",
                                frozenset().union(*[m.removed_nodes for m in members]),
                                frozenset().union(*[m.removed_rels for m in members]))
                run = _Run(probe)
                await self._run_one(run, question, graph, merged, retrieved, cfg, ledger, sem, None)
                assert run.generation is not None
                vec = self._embed([run.generation.text], ledger)[run.generation.text]
                return float(semantic_shift(base_vec, vec[None, :])[0]), run

            tester = GroupTester(measure, threshold=floor_guard, top_k=cfg.top_k)
            result = await tester.run(initial_groups(units, graph))
            for p in units:
                if id(p) in result.singletons:
                    r = result.singletons[id(p)]
                    run = _Run(p, r.context, r.generation, r.cached)
                else:
                    run = _Run(Planned(p.perturbation, p.strategy, p.kind, p.target, p.removed_nodes, p.removed_rels,
                                       p.renamed, {**p.note, "group": "no-effect" if id(p) in result.cleared
                                                   else "unresolved"}))
                runs[id(p)] = run
            info["strategies"][strategy] = {"units": len(units), "tests": result.tests,
                                            "cleared": len(result.cleared), "measured": len(result.singletons)}
        info["generator_requests"] = ledger.usage.calls + ledger.cache_hits - calls_before
        return [runs[id(p)] for p in planned], info


def _answer(run: _Run) -> Generation:
    """The answer that scores a run: its conditional one when redundancy resolution found it necessary."""
    answer = run.conditional or run.generation
    assert answer is not None
    return answer


def _label(p: Planned, graph: Subgraph) -> str:
    if p.kind == "edge" and p.target in graph.relationships:
        r = graph.relationships[p.target]
        return f"{graph.nodes[r.source].name} -{r.label}-> {graph.nodes[r.target].name}"
    if p.kind == "node" and p.target in graph.nodes:
        base = graph.nodes[p.target].name
        return f"{base} => {p.note['synonym']}" if p.strategy == "synonym" else base
    return f"{p.target} ({len(p.removed_rels)} triples removed)"


def _provenance(p: Planned, graph: Subgraph) -> dict[str, Any]:
    if p.kind == "edge" and p.target in graph.relationships:
        return dict(graph.relationships[p.target].provenance)
    if p.kind == "node" and p.target in graph.nodes:
        docs = []
        for r in graph.sorted_relationships():
            if p.target in (r.source, r.target) and r.provenance:
                entry = {k: r.provenance.get(k) for k in ("doc_id", "chunk_id", "chunk_index", "source")}
                if entry not in docs:
                    docs.append(entry)
        return {"documents": docs} if docs else {}
    return {}


def texts_for(ex: Explanation, graph: Subgraph) -> tuple[str, str]:
    """KGRAG-Ex's two explanations: one sentence for the end user, one technical insight."""
    singles = [c for c in ex.components if c.kind in ("node", "edge") and c.importance is not None]
    if not singles or max(c.importance or 0.0 for c in singles) <= 0.0:
        return ("No single fact or entity in the retrieved context changed the answer when perturbed.",
                f"{len(singles)} perturbations ({', '.join(ex.strategies)}); none moved the answer beyond "
                f"the noise floor {ex.noise_floor:.3f}.")
    # Flip counts per target across strategies (KGRAG-Ex: "Removing X led to a different answer N times");
    # the element that changes the answer most often, then by the largest semantic shift, is the user's one.
    flips: dict[str, list[Component]] = {}
    for c in singles:
        flips.setdefault(c.label.split(" => ")[0], []).append(c)
    ranked = sorted(flips.items(), key=lambda kv: (-sum(bool(c.answer_changed) for c in kv[1]),
                                                  -max(c.importance or 0 for c in kv[1]), kv[0]))
    best_label, best_group = ranked[0]
    best = max(best_group, key=lambda c: c.importance or 0.0)
    what = "fact" if best.kind == "edge" else "entity"
    user = (f"The most important {what} for answering the question is {best_label}. "
            "It had the biggest impact on the result.")
    parts = []
    for label, comps in ranked[:3]:
        n = sum(bool(c.answer_changed) for c in comps)
        if n == 0:
            continue
        shift = max(c.importance or 0.0 for c in comps)
        level = "a highly influential" if shift >= 0.5 else "a moderately influential"
        verbs = "/".join(sorted({c.strategy for c in comps if c.answer_changed}))
        parts.append(f"Perturbing {label} ({verbs}) led to a different answer {n} time{'s' if n != 1 else ''} "
                     f"(semantic shift {shift:.2f}), indicating it is {level} element of the context.")
    if not parts:
        parts.append(f"No perturbation changed the answer beyond the similarity threshold; the largest semantic "
                     f"shift was {best.importance:.2f} for {best.label}.")
    if any(c.evaluated == "conditional" for c in singles):
        parts.append("No single removal changed the answer (redundant support): these importances are conditional, "
                     "measured after removing the redundant alternatives one by one.")
    parts.append(f"Noise floor {ex.noise_floor:.3f} over {len(ex.baseline_answers)} baseline runs; "
                 f"{ex.cost.generator_calls} generator calls, {ex.cost.cache_hits} cache hits.")
    return user, " ".join(parts)
