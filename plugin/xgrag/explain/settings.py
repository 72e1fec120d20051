"""ExplainSettings: everything that changes an explanation, typed and validated at construction.

Change one field with `dataclasses.replace(settings, hops=1)` (checked by type checkers), never `**kwargs`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import Literal, get_args

from xgrag.config import DedupRule, Settings
from xgrag.errors import UsageError
from xgrag.explain.distances import MEASURES
from xgrag.explain.perturbers import DEFAULT_STRATEGY, resolve_strategies
from xgrag.explain.scoring import LOGPROB_CHANGE, SUFFICIENCY_SHARE
from xgrag.explain.solvers import resolve_solvers
from xgrag.model.records import ExplainConfig
from xgrag.retrieval.modes import MODES, Mode, check_hops

Apply = Literal["memory", "cypher"]
SchedulerName = Literal["auto", "exhaustive", "group", "hierarchical", "proxy"]
# How a probe's response is scored (xgrag.explain.scoring): "shift" generates an answer from the perturbed context
# and measures its semantic shift from a0 (XGRAG); "logprob" generates nothing and scores log P(a0 | perturbed
# context) in one forward pass (TracLLM, ContextCite), for generators that can (xgrag.generate.base.AnswerScorer).
ResponseScore = Literal["shift", "logprob"]
RESPONSE_SCORES: tuple[ResponseScore, ...] = ("shift", "logprob")
# The order of entities and facts in xgrag's own prompt (xgrag.explain.prefix): "promise" ranks them by closeness to
# the question (embeddings only, before the baseline: blind to the answer), the closest last, so a probe removing a
# unit likely to matter shares the longest prefix with the baseline prompt (a server's prefix cache reuses it);
# "canonical" is the name order; "auto" is "promise" for a generator that reuses prompt prefixes (`caches_prefixes`:
# servers over HTTP, vLLM, llama.cpp, LM Studio, Ollama; SmolLM2 in process, which keeps the KV cache of the prompt
# it scored) and "canonical" for any other. Either is deterministic.
ContextOrder = Literal["auto", "promise", "canonical"]
CONTEXT_ORDERS: tuple[ContextOrder, ...] = ("auto", "promise", "canonical")
APPLY: tuple[Apply, ...] = ("memory", "cypher")
# What ranks the components in the proxy-first plan (scheduler "proxy", and "auto" where it resolves to it) beside
# the answer's structure (the facts it restates, its trails, its value): "embedding" (closeness of each fact's text
# to the question or the answer; no model call) or "attention" (the target's own attention to each fact while it
# reads its answer a0: AttnTrace's aggregation, xgrag.generate.attention; one pass over a0's tokens against the
# prompt's cached prefix, for an in-process model that exposes it, `attends_to_context`: SmolLM2). A white-box mode:
# explanations say which proxy ranked and keep its scores, marked as the proxy's.
ProxyName = Literal["embedding", "attention"]
PROXY_NAMES: tuple[ProxyName, ...] = ("embedding", "attention")
SCHEDULER_NAMES: tuple[SchedulerName, ...] = ("auto", "exhaustive", "group", "hierarchical", "proxy")


@dataclass(frozen=True)
class ExplainSettings:
    strategies: tuple[str, ...] = (DEFAULT_STRATEGY,)  # names from xgrag.explain.perturbers.REGISTRY, or ("all",)
    mode: Mode = "auto"  # k-hop when it fits the caps, else focused on the question (xgrag.retrieval.focus)
    hops: int | None = None  # None: the retrieval settings' hops
    dedup: bool = True
    # "precise" (default: never merges names that differ in a number, a possessive or relational qualifier, or
    # entities linked to each other) or "xgrag" (the paper's rule: same type and name cosine >= theta_sim)
    dedup_rule: DedupRule = "precise"
    theta_sim: float = 0.7
    apply: Apply = "memory"
    noise_runs: int = 2  # baseline generations; the spread between them is the noise floor
    change_threshold: float = 0.9  # an answer "changed" when its similarity to a0 falls below this
    multiple_choice: bool = False
    # Which probes are asked: "exhaustive" = leave-one-out (within max_calls, most promising first); "group" =
    # adaptive group testing; "hierarchical" = TracLLM's recursive halving keeping the top_k groups per level;
    # "proxy" = a proxy ranks, the generator verifies the top candidates alone plus one sufficiency probe;
    # "auto" = from 30 facts up the proxy-first plan, leave-one-out below; on a stack's context the proxy-first plan
    # at every size
    # (xgrag.explain.schedulers.resolve_scheduler says why).
    scheduler: SchedulerName = "auto"
    proxy: ProxyName = "embedding"  # PROXY_NAMES above
    max_calls: int | None = None  # model calls in all: generations and scored probes
    # "shift" (default) or "logprob" (RESPONSE_SCORES above; importance = 1 - P(a0 | G') / P(a0 | G))
    response_score: ResponseScore = "shift"
    # response_score "logprob": a removal counts as moving the answer when it lowers log P(a0) by more than this
    # many nats (ln 2: a0 half as likely; xgrag.explain.scoring.LOGPROB_CHANGE says why). Group testing clears a
    # group below it, the redundancy resolution keeps a removal below it; the importances stay the measured drops.
    logprob_change: float = LOGPROB_CHANGE
    # response_score "logprob", the proxy-first plan: when removing everything but the proxy's candidates lowers
    # log P(a0) by more than logprob_change (removing a hundred facts shifts any generative model's scores), the plan
    # is still confirmed when the candidates alone keep at least this share of what the facts do for a0, measured
    # from the context with none of them (xgrag.explain.scoring.kept_share; one more scored pass)
    sufficiency_share: float = SUFFICIENCY_SHARE
    # after group testing, this many of the components an embedding proxy ranks most relevant to the question or
    # answer are also asked alone (effects can cancel inside a group); 0 = off
    group_verify: int = 5
    # generator calls in flight at once (an asyncio semaphore): for a server (openai:, ollama:) the probes are sent
    # as this many concurrent HTTP requests, which a batching server (vLLM, llama.cpp --parallel, Ollama with
    # OLLAMA_NUM_PARALLEL) answers together; 4 suits a single local server, raise it for a larger one
    concurrency: int = 4
    context_order: ContextOrder = "auto"
    masks: int = 20
    seed: int = 0
    # KG-SMILE random masks (strategy "mask"): each fact is kept with this probability, independently and seeded
    keep_probability: float = 0.5
    # The share of the answered masks held out (a split seeded by `seed`): the surrogates are fitted on the rest
    # and their fidelity (R^2 family, LDS) is measured on these only, never in-sample.
    holdout: float = 0.25
    # The response of a masked answer (xgrag.explain.distances.MEASURES: cosine, wasserstein,
    # inverse_wasserstein and the hybrids) and the kernel width sigma of pi = exp(-d^2 / sigma^2)
    surrogate_distance: str = "cosine"
    kernel_sigma: float = 1.0
    # Solvers fitted to the same masks (xgrag.explain.solvers.REGISTRY); the first one's coefficients are the
    # importances `xgrag eval` scores.
    surrogate_solvers: tuple[str, ...] = ("lasso", "bayes_ridge", "linear")
    # Add one feature per path of 2+ facts from a seed to the baseline answer (1 when all its facts are kept): the
    # AND a multi-hop answer needs, which a surrogate linear in single facts cannot express. Off = KG-SMILE's.
    surrogate_paths: bool = False
    top_k: int = 3
    generator_synonyms: bool = True
    # When no single removal moves the answer (redundant support), remove components cumulatively, least
    # relevant to the question first, keeping each removal that leaves the answer unchanged; the ones that then
    # move it get their shift in that reduced context as a conditional importance (evaluated = "conditional").
    resolve_redundancy: bool = True
    # In that resolution, when the generator reports the facts it answered from (Generation.evidence), those are
    # removed last, so among interchangeable supports the one the model says it used is the one tested. This
    # reads the generator's self-report; faithfulness figures must be measured with it off.
    citation_guided: bool = True
    # Provenance with text: the characters of chunk text shown with each source of a fact (an excerpt around where
    # the fact's names occur, the matches marked; xgrag.explain.chunk_text); 0 = no chunk text is read
    provenance_text_chars: int = 300

    def __post_init__(self) -> None:
        object.__setattr__(self, "strategies", resolve_strategies(self.strategies))
        object.__setattr__(self, "surrogate_solvers", resolve_solvers(self.surrogate_solvers))
        if self.surrogate_distance not in MEASURES:
            raise UsageError(f"surrogate_distance: {self.surrogate_distance!r} is not one of {', '.join(MEASURES)}")
        if not 0.0 < self.keep_probability < 1.0:
            raise UsageError(f"keep_probability: {self.keep_probability} is outside (0, 1): a mask must be able to "
                             "keep and to remove a fact")
        if not 0.0 < self.holdout < 1.0:
            raise UsageError(f"holdout: {self.holdout} is outside (0, 1): fidelity needs masks held out and masks "
                             "to fit")
        if not (self.kernel_sigma > 0 and math.isfinite(self.kernel_sigma)):
            raise UsageError(f"kernel_sigma: {self.kernel_sigma} must be a positive number")
        if self.mode not in MODES:
            raise UsageError(f"mode: {self.mode!r} is not one of {', '.join(MODES)}")
        if self.apply not in APPLY:
            raise UsageError(f"apply: {self.apply!r} is not one of {', '.join(APPLY)}")
        if self.scheduler not in SCHEDULER_NAMES:
            raise UsageError(f"scheduler: {self.scheduler!r} is not one of {', '.join(SCHEDULER_NAMES)}")
        if self.proxy not in PROXY_NAMES:
            raise UsageError(f"proxy: {self.proxy!r} is not one of {', '.join(PROXY_NAMES)}")
        if self.response_score not in RESPONSE_SCORES:
            raise UsageError(f"response_score: {self.response_score!r} is not one of {', '.join(RESPONSE_SCORES)}")
        if self.context_order not in CONTEXT_ORDERS:
            raise UsageError(f"context_order: {self.context_order!r} is not one of {', '.join(CONTEXT_ORDERS)}")
        if not (self.logprob_change > 0 and math.isfinite(self.logprob_change)):
            raise UsageError(f"logprob_change: {self.logprob_change} must be a positive number of nats (ln 2 = "
                             "0.693: a0 half as likely)")
        if not 0.0 < self.sufficiency_share <= 1.0:
            raise UsageError(f"sufficiency_share: {self.sufficiency_share} is outside (0, 1] (the share of the facts' "
                             "effect on log P(a0) the proxy's candidates must keep alone)")
        if self.dedup_rule not in get_args(DedupRule):
            raise UsageError(f"dedup_rule: {self.dedup_rule!r} is not one of {', '.join(get_args(DedupRule))}")
        check_hops(self.hops)
        if not 0.0 <= self.theta_sim <= 1.0:
            raise UsageError(f"theta_sim: {self.theta_sim} is outside 0..1")
        if not 0.0 <= self.change_threshold <= 1.0:
            raise UsageError(f"change_threshold: {self.change_threshold} is outside 0..1")
        for name in ("noise_runs", "concurrency", "top_k", "masks"):
            if getattr(self, name) < 1:
                raise UsageError(f"{name}: {getattr(self, name)} must be at least 1")
        if self.provenance_text_chars < 0:
            raise UsageError(f"provenance_text_chars: {self.provenance_text_chars} must not be negative (0: no text)")
        if self.group_verify < 0:
            raise UsageError(f"group_verify: {self.group_verify} must not be negative")
        if self.max_calls is not None and self.max_calls < 0:
            raise UsageError(f"max_calls: {self.max_calls} must not be negative")

    def with_settings(self, settings: Settings) -> ExplainSettings:
        """These settings under the alias rule and theta_sim of `settings` (the config file and environment): the
        one place a Settings reaches an ExplainSettings (the CLI's commands, Explainer.from_settings)."""
        return replace(self, theta_sim=settings.theta_sim, dedup_rule=settings.dedup_rule)

    def record(self) -> ExplainConfig:
        """These settings as an explanation records them (Explanation.config)."""
        return ExplainConfig.model_validate(asdict(self))


def require_scorer_spec(spec: str, settings: ExplainSettings) -> None:
    """`require_scorer` (xgrag.explain.explainer) from the --generator spec alone, for the local readers (which
    never score): building one loads the embedding model (seconds) and importing the explainer takes seconds
    more, and the command line's usage error must not wait for either. Other specs are checked by
    `require_scorer` once built (an OpenAI-compatible server may or may not score)."""
    from xgrag.generate.factory import reader_that_cannot_score

    name = reader_that_cannot_score(spec)
    if settings.response_score == "logprob" and name is not None:
        raise cannot_score(name)
    if settings.proxy == "attention" and name is not None:  # a local reader has no attention to read either
        raise cannot_attend(name)


def cannot_score(name: str) -> UsageError:
    """The usage error for --response-score logprob with the generator `name`, which cannot score an answer."""
    return UsageError(
        f"response_score 'logprob' (--response-score logprob): the generator {name!r} cannot score a "
        "fixed answer (log P(a0 | context) needs its token log-probabilities)",
        hint="use --generator smollm2 or openai:MODEL on a server with prompt log-probabilities "
             "(/v1/completions echo, e.g. vLLM), or --response-score shift")


def cannot_attend(name: str) -> UsageError:
    """The usage error for proxy "attention" with the generator `name`, whose attention xgrag cannot read."""
    return UsageError(
        f"proxy 'attention' (--proxy attention): the generator {name!r} does not expose its attention to the "
        "context (an in-process model that does: smollm2)", hint="use --generator smollm2, or --proxy embedding")
