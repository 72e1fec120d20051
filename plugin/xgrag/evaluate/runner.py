"""Run a dataset question by question: retrieve -> explain (Explainer) + RAG-Ex (word, sentence) on the identical
context, ablations, centrality; store each finished question as DIR/questions/<qid>.json (resumable).

Each stored record holds everything the report needs, as data: the scored units of the deduplicated subgraph
(nodes by name, facts as "head relation tail"), XGRAG's ground-truth relevance rel(p) = cos(E(a0), E(p)),
the dataset's gold relevance (MetaQA gold triples), the importances of every method, centrality (GDS), answer
correctness and cost. The report (eval_report.py) is a pure function of these records.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from xgrag.embed import Embedder
from xgrag.errors import ServiceError, UsageError, one_of
from xgrag.evaluate.datasets import LETTERS, Dataset, EvalQuestion
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.explainer import require_scorer
from xgrag.explain.perturbers import (
    ABLATION_STRATEGY,
    EVALUATED_BY_DEFAULT,
    MASK_STRATEGY,
    REGISTRY,
    resolve_strategies,
)
from xgrag.explain.scoring import option_letter
from xgrag.generate.base import abstains
from xgrag.generate.prompt import relation_text
from xgrag.model import Explanation, Subgraph
from xgrag.retrieval.modes import MODES

RECORD_VERSION = "xgrag.eval.question/1"
# options added after records were first written, newest last, grouped by when they came: unset (None), they change
# nothing, so records from before them stay valid
ADDED_FIELDS: tuple[tuple[str, ...], ...] = (
    ("kg",),
    ("masks", "keep_probability", "holdout", "surrogate_distance", "kernel_sigma", "surrogate_solvers"),
    ("response_score",),
    ("schedulers",),
)
HOT_SEEDS = (1, 2)  # the temperature ablation samples with two seeds
SURROGATE_SEEDS = (1, 2)  # the surrogate ablation draws masks with two more seeds (stability across seeds)
THETA_SWEEP = tuple(round(0.1 * i, 1) for i in range(11))
ABLATIONS = ("dedup", "theta-sim", "temperature", "surrogate")
# what `xgrag eval` explains unless told otherwise: the strategies compared by default and KG-SMILE's random masks
# (their surrogates are judged on held-out masks)
EVAL_STRATEGIES: tuple[str, ...] = EVALUATED_BY_DEFAULT
RAGEX_COST = {"generator_calls", "prompt_tokens", "completion_tokens", "seconds", "cache_hits"}


class EvalError(ServiceError):
    pass


@dataclass
class EvalConfig:
    dataset: str
    generator: str = "extractive"
    strategies: tuple[str, ...] = EVAL_STRATEGIES
    ablate: tuple[str, ...] = ()
    limit: int | None = None
    mode: str = "auto"
    hops: int | None = None
    theta_sim: float = 0.7
    noise_runs: int = 2
    concurrency: int = 4
    ragex: bool = True
    ragex_window: int = 5
    extractor: str | None = None
    kg: str | None = None  # a triples file replacing the extraction of a text dataset's KG
    hot_temperature: float = 0.7
    theta_r: float = 0.5
    theta_imp: float = 0.5
    # KG-SMILE masks and surrogates; None = ExplainSettings' default
    masks: int | None = None
    keep_probability: float | None = None
    holdout: float | None = None
    surrogate_distance: str | None = None
    kernel_sigma: float | None = None
    surrogate_solvers: tuple[str, ...] | None = None
    # ExplainSettings.response_score; None = its default ("shift"), so runs before the option stay resumable
    response_score: str | None = None
    # schedulers compared on the facts, blind, against leave-one-out (evaluate.scheduler_comparison); None = not run
    schedulers: tuple[str, ...] | None = None

    def surrogate_settings(self) -> dict[str, Any]:
        """The surrogate options that were set, as ExplainSettings fields."""
        names = ("masks", "keep_probability", "holdout", "surrogate_distance", "kernel_sigma", "surrogate_solvers")
        return {k: getattr(self, k) for k in names if getattr(self, k) is not None}

    def fingerprints(self, dataset_sha: str, generator_params: dict[str, Any], embedder: str) -> list[str]:
        """What determines a question's record; --limit is not part of it (a longer run extends a shorter one).

        The first is current; the others are equivalent spellings from before an option was added (an unset
        option added later changes nothing), so earlier runs stay resumable."""
        data = {k: v for k, v in asdict(self).items() if k not in ("dataset", "limit", "concurrency")}
        data.update(dataset_sha=dataset_sha, generator_params=generator_params, embedder=embedder,
                    record_version=RECORD_VERSION)
        variants = [data]
        for keys in reversed(ADDED_FIELDS):  # the spelling before the newest options, then before the ones before
            if any(data.get(key) is not None for key in keys):
                break
            variants.append({k: v for k, v in variants[-1].items() if k not in keys})
        return [hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()[:16]
                for v in variants]


# -- scoring units ---------------------------------------------------------------------------------

def unit_texts(sub: Subgraph) -> dict[str, dict[str, str]]:
    """The scored units: every node (by name) and every fact ("head relation tail")."""
    nodes = {nid: sub.nodes[nid].name for nid in sorted(sub.nodes)}
    edges = {r.id: f"{sub.nodes[r.source].name} {relation_text(r.label)} {sub.nodes[r.target].name}"
             for r in sub.sorted_relationships()}
    return {"node": nodes, "edge": edges}


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def gold_units(sub: Subgraph, gold: Sequence[Sequence[str]]) -> dict[str, dict[str, bool]]:
    """MetaQA ground truth: a fact is relevant when it is a gold triple; an entity when it is in one."""
    triples = {(_norm(h), _norm(r), _norm(t)) for h, r, t in gold}
    names = {_norm(x) for h, _, t in gold for x in (h, t)}
    edges = {r.id: (_norm(sub.nodes[r.source].name), _norm(r.label), _norm(sub.nodes[r.target].name)) in triples
             for r in sub.sorted_relationships()}
    nodes = {nid: _norm(sub.nodes[nid].name) in names for nid in sorted(sub.nodes)}
    return {"node": nodes, "edge": edges}


def relevance(answer: str, units: dict[str, dict[str, str]], embedder: Embedder) -> dict[str, dict[str, float]]:
    """XGRAG's ground truth rel(p) = cos(E(a0), E(p)) for every unit."""
    texts = sorted({answer, *units["node"].values(), *units["edge"].values()})
    vecs = dict(zip(texts, embedder.embed(texts), strict=True))
    a = vecs[answer]
    return {kind: {uid: round(float(vecs[t] @ a), 6) for uid, t in units[kind].items()} for kind in ("node", "edge")}


def method_scores(ex: Explanation) -> dict[str, dict[str, Any]]:
    """Per strategy: unit kind and {unit id: [importance, normalised importance]} (None when not evaluated).

    Random masks (KG-SMILE) score no unit on their own: their per-triple importances are the surrogate's
    coefficients (a triple whose presence keeps the answer has a positive one), normalised by the largest."""
    out: dict[str, dict[str, Any]] = {}
    for c in ex.components:
        unit = REGISTRY[c.strategy].unit if c.strategy in REGISTRY else None
        if unit not in ("node", "edge"):
            continue
        entry = out.setdefault(c.strategy, {"unit": unit, "scores": {}, "changed": {}})
        entry["scores"][c.id] = [c.importance, c.normalized_importance]
        entry["changed"][c.id] = c.answer_changed
    coefficients = ex.surrogate.coefficients if ex.surrogate else {}
    if coefficients and MASK_STRATEGY in out:
        raise EvalError("a strategy named 'mask' scored nodes or edges itself: the surrogate's scores would replace "
                        "them")
    if coefficients:
        top = max(max(coefficients.values()), 0.0)
        out[MASK_STRATEGY] = {"unit": "edge", "changed": {rid: None for rid in coefficients},
                       "scores": {rid: [v, (max(v, 0.0) / top) if top > 0 else 0.0]
                                  for rid, v in coefficients.items()}}
    return out


def surrogate_summary(ex: Explanation) -> dict[str, Any] | None:
    """The surrogate's held-out figures per solver (KG-SMILE fidelity family + LDS), without the coefficients."""
    s = ex.surrogate
    if not s:
        return None
    return {"measure": s.measure, "masks": s.masks, "fit_masks": s.fit_masks, "held_out_masks": s.held_out_masks,
            "features": s.features, "primary": s.primary, "note": s.note,
            "solvers": {name: {"held_out": None if fit.held_out is None else fit.held_out.model_dump(mode="json"),
                               "in_sample": fit.in_sample.model_dump(mode="json")}
                        for name, fit in s.solvers.items()}}


def summarize(ex: Explanation, embedder: Embedder, gold: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
    sub = ex.subgraph.to_subgraph()
    units = unit_texts(sub)
    data: dict[str, Any] = {
        "answer": ex.answer, "units": units, "relevance": relevance(ex.answer, units, embedder),
        "methods": method_scores(ex), "merged": ex.dedup.merged, "noise_floor": ex.noise_floor,
        "nodes": len(sub.nodes), "edges": len(sub.relationships),
        "cost": ex.cost.model_dump(),
    }
    surrogate = surrogate_summary(ex)
    if surrogate is not None:
        data["surrogate"] = surrogate
    if gold:
        data["gold"] = gold_units(sub, gold)
    return data


# -- answers -------------------------------------------------------------------------------------------

def token_f1(prediction: str, reference: str) -> float:
    p, r = _norm(prediction).split(), _norm(reference).split()
    if not p or not r:
        return 0.0
    common: dict[str, int] = {}
    for w in p:
        common[w] = common.get(w, 0) + 1
    overlap = 0
    for w in r:
        if common.get(w, 0) > 0:
            overlap += 1
            common[w] -= 1
    if overlap == 0:
        return 0.0
    precision, recall = overlap / len(p), overlap / len(r)
    return 2 * precision * recall / (precision + recall)


def grade(q: EvalQuestion, answer: str, kind: str, embedder: Embedder) -> dict[str, Any]:
    """Answer accuracy against the dataset's answers.

    MetaQA: correct when a gold answer occurs in the answer (word boundaries). Stories: best SQuAD token F1 over
    the reference answers, correct at F1 >= 0.5. MedMCQA: the option letter the answer states, else (said so in
    `letter_source`) the option whose text is nearest to the answer by embedding; "I don't know" abstains.
    """
    if kind == "medmcqa":
        letter, source = option_letter(answer), "stated"
        if letter is None and answer.strip() and abstains(answer):
            source = "abstained"
        elif letter is None and answer.strip():
            texts = [answer] + [q.options[k] for k in LETTERS]
            vecs = embedder.embed(texts)
            letter, source = LETTERS[int(np.argmax(vecs[1:] @ vecs[0]))], "nearest-option"
        elif letter is None:
            source = "none"
        return {"correct": letter == q.answer_letter, "predicted_letter": letter, "letter_source": source,
                "gold_letter": q.answer_letter}
    if kind == "metaqa":
        a = f" {_norm(answer)} "
        hits = [g for g in q.answers if f" {_norm(g)} " in a]
        return {"correct": bool(hits), "matched": hits}
    f1 = max(token_f1(answer, g) for g in q.answers)
    return {"correct": f1 >= 0.5, "token_f1": round(f1, 6)}


# -- RAG-Ex --------------------------------------------------------------------------------------------

def ragex_summary(result: Any, rel_ids: Sequence[str]) -> dict[str, Any]:
    imp = {str(k): float(v) for k, v in result.relationship_importance().items()}
    unknown = sorted(set(imp) - set(rel_ids))
    if unknown:
        raise EvalError(f"RAG-Ex scored relationships outside the context: {unknown[:3]}")
    top = max((v for v in imp.values()), default=0.0)
    scores = {rid: ([imp[rid], imp[rid] / top if top > 0 else 0.0] if rid in imp else [None, None])
              for rid in rel_ids}
    return {"unit": "edge", "scores": scores, "answer": result.answer, "features": len(result.features),
            "cost": result.cost.model_dump(include=RAGEX_COST)}


def add_ragex_relevance(record: dict[str, Any], embedder: Embedder) -> bool:
    """XGRAG's ground truth for RAG-Ex is relative to RAG-Ex's own baseline answer (its text prompt can make the
    generator answer differently from the graph prompt): rel(p) = cos(E(a0_ragex), E(p)) over the facts.
    Returns whether anything was added (records written before this existed get it on the next run)."""
    added = False
    units = record["main"]["units"]
    for data in (record.get("ragex") or {}).values():
        if "relevance" in data:
            continue
        if data["answer"] == record["main"]["answer"]:
            data["relevance"] = {"edge": dict(record["main"]["relevance"]["edge"])}
        else:
            data["relevance"] = {"edge": relevance(data["answer"], {"node": {}, "edge": units["edge"]},
                                                   embedder)["edge"]}
        added = True
    return added


# -- the run -------------------------------------------------------------------------------------------

def write_json(path: Path, data: Any) -> None:
    """Atomic: a killed run leaves either the old file or the new one, never half of one."""
    tmp = path.with_suffix(path.suffix + f".tmp{os.getpid()}")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True, default=str) + "\n", encoding="utf-8")
    tmp.replace(path)


def question_path(out: Path, qid: str) -> Path:
    return out / "questions" / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', qid)}.json"


def load_record(out: Path, qid: str, fingerprints: Sequence[str]) -> dict[str, Any] | None:
    path = question_path(out, qid)
    if not path.exists():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return None  # an interrupted write of an older version: redo the question
    return record if record.get("fingerprint") in fingerprints else None


class QuestionRunner:
    """Everything needed to evaluate one question; built once per run."""

    def __init__(self, cfg: EvalConfig, dataset: Dataset, explainer: Explainer, embedder: Embedder,
                 store: Any, ragex: Any | None, hot_explainers: Sequence[tuple[int, Explainer]] = ()) -> None:
        self.cfg, self.dataset, self.embedder, self.store = cfg, dataset, embedder, store
        self.main = explainer
        self.ragex = ragex
        self.hot = list(hot_explainers)

    def run(self, q: EvalQuestion) -> dict[str, Any]:
        from xgrag.retrieval.centrality import centrality

        cfg = self.cfg
        t0 = time.perf_counter()
        base = replace(self.main.settings, multiple_choice=q.multiple_choice)
        node_only = replace(base, strategies=(ABLATION_STRATEGY,))
        ex = self.main.explain(q.question, settings=base)
        main = summarize(ex, self.embedder, q.gold_triples)
        record: dict[str, Any] = {
            "qid": q.qid, "line": q.line, "question": q.question, "qtype": q.qtype, "kind": self.dataset.kind,
            "answers": list(q.answers), "detail": q.detail, "answer": ex.answer, "generator": ex.generator,
            "grade": grade(q, ex.answer, self.dataset.kind, self.embedder), "main": main,
            "explanation": ex.to_json(),
        }
        graph = ex.subgraph.to_subgraph()
        # Centrality of the explained (deduplicated) subgraph's entities, from GDS when the server has it.
        if graph.nodes:
            cent = centrality(self.store, graph)
            record["centrality"] = {"source": cent.source, "scores": cent.scores}
        # RAG-Ex on the identical context: the same deduplicated subgraph the explainer answered from.
        if self.ragex is not None and graph.relationships:
            rel_ids = [r.id for r in graph.sorted_relationships()]
            record["ragex"] = {}
            for level in ("word", "sentence"):
                result = self.ragex.explain(q.question, graph, level=level, window=cfg.ragex_window)
                record["ragex"][level] = ragex_summary(result, rel_ids)
            add_ragex_relevance(record, self.embedder)
        ablations: dict[str, Any] = {}
        if "dedup" in cfg.ablate:
            off = self.main.explain(q.question, settings=replace(node_only, dedup=False))
            ablations["dedup_off"] = summarize(off, self.embedder, q.gold_triples)
        if "theta-sim" in cfg.ablate:
            sweep = {}
            for theta in THETA_SWEEP:
                # XGRAG's ablation of its own rule (§4.5): the precise rule barely depends on theta
                e = self.main.explain(q.question, settings=replace(node_only, theta_sim=theta, dedup_rule="xgrag"))
                sweep[f"{theta:.1f}"] = summarize(e, self.embedder, q.gold_triples)
            ablations["theta_sim"] = sweep
        if "temperature" in cfg.ablate and self.hot:
            # Sampling is seeded per call, so one seed repeats itself: stability is measured across seeds.
            temps: dict[str, Any] = {"0.0": {"baseline_answers": ex.baseline_answers, "noise_floor": ex.noise_floor}}
            for seed, explainer in self.hot:
                e = explainer.explain(q.question, settings=replace(explainer.settings,
                                                                   multiple_choice=q.multiple_choice))
                hot = summarize(e, self.embedder, q.gold_triples)
                hot.update(grade=grade(q, e.answer, self.dataset.kind, self.embedder),
                           baseline_answers=e.baseline_answers, seed=seed)
                temps[f"{cfg.hot_temperature} seed {seed}"] = hot
            ablations["temperature"] = temps
        if "surrogate" in cfg.ablate and ex.surrogate and ex.surrogate.solvers:
            ablations["surrogate"] = self.surrogate_ablation(q, base, ex)
        record["ablations"] = ablations
        if cfg.schedulers:
            record["schedulers"] = self.scheduler_comparison(q, base, bool(record["grade"]["correct"]))
        record["seconds"] = round(time.perf_counter() - t0, 3)
        return record


    def scheduler_comparison(self, q: EvalQuestion, base: ExplainSettings, correct: bool) -> dict[str, Any]:
        """Schedulers compared blind against leave-one-out (gold chains only where the answer is correct)."""
        from xgrag.evaluate.scheduler_comparison import compare_schedulers, hops_of

        return compare_schedulers(
            self.main, q.question, base, self.cfg.schedulers or (), self.embedder,
            exact=self.cfg.generator.strip() == "extractive", gold=q.gold_triples, answers=q.answers,
            hops=hops_of(q.qtype), topic=q.detail.get("topic_entity"), correct=correct)

    def surrogate_ablation(self, q: EvalQuestion, base: ExplainSettings, ex: Explanation) -> dict[str, Any]:
        """KG-SMILE §5.4-5.5 for the surrogates: stability = mean pairwise top-k Jaccard of each solver's
        coefficients over masks drawn with seeds 0 (the main run), 1 and 2; consistency = Spearman of the
        coefficients of the main run and of a repeat with the same seed and no response cache (a sampling LLM
        answers anew; a deterministic generator repeats itself and scores 1)."""
        from xgrag.evaluate import metrics as m

        masks_only = replace(base, strategies=(MASK_STRATEGY,))
        solvers = list(ex.surrogate.solvers) if ex.surrogate else []
        runs = [ex]
        runs += [self.main.explain(q.question, settings=replace(masks_only, seed=seed)) for seed in SURROGATE_SEEDS]
        fresh = Explainer(self.main.retriever, self.main.generator, self.main.embedder, masks_only, cache=None)
        repeat = fresh.explain(q.question, settings=replace(masks_only, seed=base.seed))

        def coef(e: Explanation, solver: str) -> dict[str, float]:
            fit = e.surrogate.solvers.get(solver) if e.surrogate else None
            return dict(fit.coefficients) if fit else {}

        out: dict[str, Any] = {"seeds": [base.seed, *SURROGATE_SEEDS], "top_k": base.top_k, "solvers": {}}
        for solver in solvers:
            stab = m.stability([coef(e, solver) for e in runs], k=base.top_k)
            cons = m.consistency([coef(ex, solver), coef(repeat, solver)])
            out["solvers"][solver] = {"stability": None if math.isnan(stab) else round(stab, 6),
                                      "consistency": None if math.isnan(cons) else round(cons, 6),
                                      "lds_by_seed": [e.surrogate.held_out_lds(solver) if e.surrogate else None
                                                      for e in runs]}
        return out


def kg_digest(dataset: Dataset, kg_file: Path | None = None) -> str:
    """Hash of everything the KG is built from (the question file itself is hashed per question)."""
    h = hashlib.sha256(dataset.kind.encode())
    files = ([dataset.triples_path] if dataset.triples_path else []) + [dataset.documents[k]
                                                                        for k in sorted(dataset.documents)]
    files += [kg_file] if kg_file else []
    for p in files:
        h.update(p.read_bytes())
    for k in sorted(dataset.texts):
        h.update(k.encode() + b"\x00" + dataset.texts[k].encode())
    return h.hexdigest()[:16]


def question_digest(q: EvalQuestion) -> str:
    data = {"qid": q.qid, "question": q.question, "answers": q.answers, "qtype": q.qtype, "gold": q.gold_triples,
            "options": q.options, "letter": q.answer_letter}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class RunResult:
    out: Path
    records: list[dict[str, Any]]
    evaluated: list[str]
    reused: list[str]
    meta: dict[str, Any]


def run_eval(cfg: EvalConfig, settings: Any, out: Path, *, connection: dict[str, Any] | None = None,
             progress: Any | None = None, log: Callable[[str], None] = lambda s: None) -> RunResult:
    """Evaluate `cfg.dataset` into `out` (resumable) and return the records in dataset order."""
    from xgrag.embed import default_embedder
    from xgrag.evaluate.datasets import load_dataset
    from xgrag.evaluate.kg import build_kg
    from xgrag.generate.cache import ResponseCache
    from xgrag.generate.factory import make_generator
    from xgrag.store.migrations import migrate
    from xgrag.store.neo4j import Neo4jStore

    unknown = [a for a in cfg.ablate if a not in ABLATIONS]
    if unknown:
        raise UsageError(f"--ablate: unknown ablation {unknown[0]!r}; choose from {', '.join(ABLATIONS)}")
    cfg.strategies = resolve_strategies(cfg.strategies)
    if cfg.limit is not None and cfg.limit < 1:
        raise UsageError("--limit must be at least 1")
    is_llm = cfg.generator.strip() != "extractive"
    scoring: dict[str, Any] = {} if cfg.response_score is None else {"response_score": cfg.response_score}
    # bad surrogate options or response score fail here, early
    ExplainSettings(strategies=cfg.strategies, mode=one_of("mode", cfg.mode, MODES), **cfg.surrogate_settings(),
                    **scoring)
    if "surrogate" in cfg.ablate and MASK_STRATEGY not in cfg.strategies:
        raise UsageError("--ablate surrogate measures the surrogates of random masks: include 'mask' in --strategies")
    if "temperature" in cfg.ablate and not is_llm:
        raise UsageError("--ablate temperature needs an LLM generator (smollm2, ollama:MODEL, ...): the extractive "
                         "reader has no temperature")
    dataset = load_dataset(cfg.dataset)
    questions = dataset.questions[: cfg.limit] if cfg.limit else dataset.questions
    kg_file = Path(cfg.kg) if cfg.kg else None
    if kg_file is not None and dataset.kind == "metaqa":
        raise UsageError(f"--kg: a MetaQA dataset's KG is its {dataset.triples_path}; --kg is for text datasets")
    if kg_file is not None and not kg_file.is_file():
        raise UsageError(f"--kg: {kg_file} does not exist")
    spec = None
    if dataset.kind != "metaqa" and kg_file is None:
        spec = cfg.extractor or (cfg.generator if is_llm else "smollm2")
        if spec == "extractive":
            raise UsageError("--extractor: the extractive reader cannot extract triples; use smollm2 or an LLM")
    store = Neo4jStore.from_settings(settings)  # fail fast, before loading models, when no server answers
    try:
        store.verify()
        embedder = default_embedder()
        options: dict[str, Any] = {} if is_llm else {"embedder": embedder}
        conn = dict(connection or {})  # ollama_host, base_url, timeout, max_retries as the user set them
        generator = make_generator(cfg.generator, **conn, **options)
        require_scorer(generator, ExplainSettings(**scoring))  # a generator that cannot score: a usage error
        hot = [(seed, make_generator(cfg.generator, **conn, temperature=cfg.hot_temperature,
                                     seed=seed)) for seed in HOT_SEEDS] if "temperature" in cfg.ablate else []
        extract_options: dict[str, Any] = {"max_new_tokens": 256} if spec == "smollm2" else {}
        # the chat template is for scoring answers (--response-score logprob), not for extracting triples
        extractor = None if spec is None else make_generator(
            spec, **{k: v for k, v in conn.items() if k != "chat_template"}, **extract_options)
    except BaseException:
        store.close()
        raise
    cfg.extractor = spec
    out.mkdir(parents=True, exist_ok=True)
    (out / "questions").mkdir(exist_ok=True)
    fingerprints = cfg.fingerprints(kg_digest(dataset, kg_file), dict(generator.params), embedder.name)
    fingerprint = fingerprints[0]
    cache = ResponseCache(out / "cache.sqlite")

    try:
        migrate(store, settings.graph_schema, settings.embedding_dimensions)
        kg_report = out / "kg" / "report.json"
        kg_report.parent.mkdir(exist_ok=True)
        log(f"building the KG: {kg_file or dataset.kg_source}")
        kg = build_kg(store, dataset, out, extractor, cache, kg_file=kg_file)
        if cfg.mode == "pcst":  # PCST ranks entities by name-embedding similarity: the KG needs them stored
            from xgrag.retrieval.embeddings import embed_entities

            log(f"embedded {embed_entities(store, embedder, settings.embedding_dimensions)} entity names (PCST)")
        previous = json.loads(kg_report.read_text()) if kg_report.exists() else None
        if previous is None or previous.get("fingerprint") not in fingerprints or previous["triples"] != kg.triples:
            write_json(kg_report, {**kg.to_json(), "fingerprint": fingerprint})
            previous = {**kg.to_json(), "fingerprint": fingerprint}
        log(f"KG: {kg.triples} triples ({kg.extractor_calls} extractor calls, {kg.extractor_cache_hits} cached)")

        base = ExplainSettings(strategies=cfg.strategies, mode=one_of("mode", cfg.mode, MODES), hops=cfg.hops,
                               noise_runs=cfg.noise_runs, concurrency=cfg.concurrency, dedup=True,
                               theta_sim=cfg.theta_sim, **cfg.surrogate_settings(), **scoring)
        explainer = Explainer.from_settings(settings, store, generator=generator, embedder=embedder, explain=base,
                                            cache=cache)

        ragex = None
        if cfg.ragex:
            from xgrag.evaluate.rag_ex import RagExExplainer

            ragex = RagExExplainer(generator, embedder, cache=cache, concurrency=cfg.concurrency)
        node_removal = replace(base, strategies=(ABLATION_STRATEGY,))
        hot_explainers = [(seed, Explainer.from_settings(settings, store, generator=g, embedder=embedder,
                                                         explain=node_removal, cache=cache))
                          for seed, g in hot]
        runner = QuestionRunner(cfg, dataset, explainer, embedder, store, ragex, hot_explainers)
        records, evaluated, reused = [], [], []
        task = progress.add_task("evaluating", total=len(questions)) if progress is not None else None
        for q in questions:
            qd = question_digest(q)
            record = load_record(out, q.qid, fingerprints)
            if record is not None and record.get("question_digest") == qd:
                reused.append(q.qid)
                if add_ragex_relevance(record, embedder):
                    write_json(question_path(out, q.qid), record)
                    record = json.loads(question_path(out, q.qid).read_text(encoding="utf-8"))
            else:
                if progress is not None:
                    progress.update(task, description=f"{q.qid}")
                record = runner.run(q)
                record.update(fingerprint=fingerprint, question_digest=qd, record_version=RECORD_VERSION)
                write_json(question_path(out, q.qid), record)
                record = json.loads(question_path(out, q.qid).read_text(encoding="utf-8"))
                evaluated.append(q.qid)
            records.append(record)
            if progress is not None:
                progress.advance(task)
        versions = runner.main._server_versions()
    finally:
        store.close()
        cache.close()
    meta = {
        "dataset": {"path": str(dataset.path), "kind": dataset.kind, "questions": len(dataset.questions),
                    "evaluated": len(questions), "kg": previous},
        "generator": {"spec": cfg.generator, "name": generator.name, "params": dict(generator.params),
                      "llm": is_llm},
        "embedder": embedder.name, "config": {k: v for k, v in asdict(cfg).items() if k != "dataset"},
        "fingerprint": fingerprint, "versions": versions,
    }
    write_json(out / "run.json", meta)
    return RunResult(out, records, evaluated, reused, meta)
