"""The Explanation result: typed, JSON-serialisable (schema in docs/explanation.schema.json). Saving it to Neo4j
(under xgrag's own labels, the only write xgrag makes besides ingestion, and only when asked) is
`xgrag.store.explanations.save_explanation`; this module imports nothing from the store.

Field names follow neo4j-graphrag's conventions where they overlap (`sources`, `paths`, `trace`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, model_validator

from xgrag.model.linking import Linking
from xgrag.model.records import (
    Bridges,
    ComponentNote,
    CopyGroupRecord,
    DedupRecord,
    Evidence,
    ExplainConfig,
    GroupTesting,
    Incomplete,
    JsonObject,
    Provenance,
    Reproduction,
    StackRecord,
    SubgraphRecord,
    Surrogate,
    UnitRecord,
    omitted,
)
from xgrag.model.trace import READING, TraceStep

SCHEMA_VERSION = "xgrag.explanation/1"


# Component kinds that are units of the context (masks are not: a mask is a random set of facts); item and span are
# the units of a stack's context
UNIT_KINDS: tuple[str, ...] = ("node", "edge", "property", "item", "span")
# Component kinds that are facts (a relationship, or a fact stored in a property)
FACT_KINDS: tuple[str, ...] = ("edge", "property")


class Component(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # node: an entity; edge: a relationship (a triple); property: a fact stored in a property of a node or a
    # relationship (id "<element id>#<key>"); mask: a random mask (KG-SMILE); item / span: of a stack's context (a
    # retriever item, a line or sentence of its text; xgrag.model.context.ContextUnit)
    kind: Literal["node", "edge", "property", "mask", "item", "span"]
    id: str
    label: str
    strategy: str
    # XGRAG Imp = 1 - cos(E(a0), E(a_p)) (response_score "shift"), or 1 - P(a0 | G') / P(a0 | G) ("logprob");
    # None when not evaluated
    importance: float | None = None
    normalized_importance: float | None = None  # Imp / max Imp within the strategy
    # 1 = most important within the strategy; ties in importance (most often 0) ordered by relevance to the question
    rank: int | None = None
    counterfactual_answer: str | None = None  # None under "logprob": no answer is generated, a0 is scored
    answer_changed: bool | None = None  # None under "logprob" (nothing generated: unknown)
    answer_logprob: float | None = None  # "logprob": log P(a0 | the perturbed context)
    below_noise_floor: bool | None = None
    # measured: removed alone; conditional: removed after its redundant alternatives (no single removal
    # moved the answer); group: cleared by a group test; budget: not evaluated within max_calls;
    # failed: not evaluated because the generator failed before it was asked (Explanation.incomplete says why)
    evaluated: Literal["measured", "conditional", "group", "budget", "failed"] = "measured"
    # the graph's or the stack's metadata of where it came from (documents, chunks): free-form
    provenance: Provenance = Field(default_factory=dict)
    removed_nodes: list[str] = Field(default_factory=list)
    removed_relationships: list[str] = Field(default_factory=list)
    removed_properties: list[str] = Field(default_factory=list)
    note: ComponentNote = Field(default_factory=ComponentNote)
    # a stack's unit that states the same fact as other units (xgrag.model.copies): the group's id
    # (Explanation.copies), the other copies' ids, and the group's joint importance (all copies removed at once;
    # this component's own `importance` when the group was its probe)
    redundant_group: str | None = None
    copies: list[str] = Field(default_factory=list)
    joint_importance: float | None = None
    # redundant support on a graph context (evaluated "conditional"): the facts stating this one's relation to the same
    # seed or to a node the answer names (its parallels: the other films of the answer's genre) that the redundancy
    # resolution had removed, the answer staying, before this one's removal moved it: likely interchangeable supports,
    # which a removal cannot tell apart (which of them a model used does not show in its answers while another can
    # stand in). Inferred from the graph's structure and the cumulative removals, not each measured in this one's
    # place; absent when there are none
    alternatives: list[str] | None = omitted()
    # the white-box proxy's score of this component (ExplainSettings.proxy "attention": the target's attention to
    # the fact while reading a0, AttnTrace's aggregation), kept beside the measured importance and never mixed into
    # it: an estimate that ranked what the target then verified (GroupStrategy.proxy names it); absent otherwise
    proxy_score: float | None = omitted()

    @model_validator(mode="before")
    @classmethod
    def _computed_is_not_input(cls, data: Any) -> Any:
        """`importance_from` is computed from `evaluated`: the JSON carries it, reading it back ignores it."""
        if isinstance(data, Mapping) and "importance_from" in data:
            return {k: v for k, v in data.items() if k != "importance_from"}
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def importance_from(self) -> Literal["verified", "estimated"] | None:
        """"verified": measured by removing this component itself (alone, or once its redundant alternatives
        were out); "estimated": inferred from a group test that cleared it; None: not evaluated."""
        if self.evaluated in ("measured", "conditional"):
            return "verified"
        return "estimated" if self.evaluated == "group" else None


class PrefixShare(BaseModel):
    """How much of each probe's prompt a server's prefix cache can reuse: the leading characters of the model input
    (system prompt, then prompt) identical to the baseline's (xgrag.explain.prefix)."""

    model_config = ConfigDict(extra="forbid")

    # how the context was ordered: "promise" (closest to the question last), "canonical", or "stack" (a stack's
    # own prompt, kept in its order: reported only)
    order: str
    unit: str = "characters"
    baseline: int  # length of the baseline's model input
    probes: list[int] = Field(default_factory=list)  # per probe asked, in the order asked: the shared prefix
    mean_share: float | None = None  # mean over probes of shared prefix / probe input length


class Cost(BaseModel):
    model_config = ConfigDict(extra="forbid")

    generator_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0  # wall time of the whole explanation
    cache_hits: int = 0
    # probes answered from the explanation's own memo: their context was identical to an earlier probe's (e.g.
    # the edge and the sub-path removal of a triple whose ends stay connected), so it was not generated again
    deduplicated: int = 0
    generator_seconds: float = 0.0
    embedder_seconds: float = 0.0
    retrieval_seconds: float = 0.0
    perturbations: int = 0
    # response_score "logprob": forward passes that scored a0 on a context (no decoding; not generator calls),
    # their prompt tokens and seconds
    scored_probes: int = 0
    scoring_tokens: int = 0
    scoring_seconds: float = 0.0
    # the prompt prefix each probe shares with the baseline (None: no probe was asked, or saved before it existed)
    prefix: PrefixShare | None = None


class Explanation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: str = SCHEMA_VERSION
    id: str
    created_at: str
    question: str
    answer: str  # a0: the explainer's generator on the unperturbed context; importances are measured against it
    baseline_answers: list[str]
    # The answer actually observed (e.g. a LangChain run's output) when one was supplied, and cos(E(observed), E(a0)).
    observed_answer: str | None = None
    observed_answer_similarity: float | None = None
    noise_floor: float  # in the units of response_score
    # how each probe's response was scored: "shift" (the answer generated from the perturbed context, its semantic
    # shift from a0) or "logprob" (log P(a0 | perturbed context), one forward pass, nothing generated)
    response_score: Literal["shift", "logprob"] = "shift"
    baseline_logprob: float | None = None  # "logprob": log P(a0 | the unperturbed context)
    strategy: str
    strategies: list[str]
    components: list[Component]
    generator: str
    generator_params: JsonObject  # the generator's own parameters (model, temperature, ...), as it reports them
    # False for deterministic readers (the extractive reference reader): outputs label them "not an LLM"
    generator_is_language_model: bool | None = None
    generator_evidence: list[Evidence] | None = None
    embedder: str
    prompt_version: str
    user_explanation: str
    technical_explanation: str
    # documents behind the top components: their provenance (free-form) and the component's id
    sources: list[Provenance] = Field(default_factory=list)
    paths: list[list[str]] = Field(default_factory=list)
    subgraph: SubgraphRecord
    dedup: DedupRecord = Field(default_factory=DedupRecord)
    skipped: dict[str, list[str]] = Field(default_factory=dict)
    surrogate: Surrogate | None = None
    group_testing: GroupTesting | None = None
    cost: Cost
    config: ExplainConfig
    versions: dict[str, str | None]
    # what the run did, step by step (xgrag.model.trace: {"step": "retrieve", ...}); each step's figures are its own
    trace: list[TraceStep] = Field(default_factory=list)
    # Ex-GraphRAG's semantic-structural mismatch (xgrag.explain.bridges): core / bridge / periphery nodes, how many
    # core pairs are connected only through bridges, Spearman(importance, betweenness)
    bridges: Bridges | None = None
    # set when the run could not finish (the generator or a server failed part-way, or it was cancelled); the
    # components then hold what was measured before
    incomplete: Incomplete | None = None
    # what the question's names matched in the graph (xgrag's own retrieval; None for a supplied subgraph or a
    # stack's context): the entities linked, the names that matched nothing, and whether nothing did (`unlinked`)
    linking: Linking | None = None
    # Explaining a user's stack (xgrag.explain.stack): which stack and call ({stack, component, prompt, units,
    # items, spans, ...}), the units of its context (ContextUnit.to_json) and whether the replayed baseline
    # reproduced the stack's answer. None for xgrag's own graph explanations.
    stack: StackRecord | None = None
    units: list[UnitRecord] | None = None
    reproduction: Reproduction | None = None
    # a stack's context: the groups of units that state the same fact (xgrag.model.copies), each probed by removing
    # every copy at once, with that joint importance; None for xgrag's own graph explanations
    copies: list[CopyGroupRecord] | None = None

    @property
    def unlinked(self) -> bool:
        """The question's names matched no entity and the context has no seed: the answer cannot come from the
        graph (every output says so; `xgrag explain` exits 5)."""
        return self.linking is not None and self.linking.unlinked

    @property
    def reproduced(self) -> bool | None:
        """None when no stack answer was replayed; else whether the replay reproduced it."""
        return None if self.reproduction is None else self.reproduction.reproduced

    def top(self, strategy: str | None = None, k: int = 3) -> list[Component]:
        pool = [c for c in self.components if c.rank is not None and (strategy is None or c.strategy == strategy)]
        return sorted(pool, key=lambda c: (-(c.importance or 0.0), c.rank or 0, c.id))[:k]

    def to_json(self) -> dict[str, Any]:
        return dict(json.loads(self.model_dump_json()))

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Explanation:
        """An explanation read back (saved in the graph, a batch's records, a file): keys this version does not
        know (written by an older or a newer xgrag) are dropped, not an error; what a producer in this version
        writes must be declared (the models forbid unknown keys). A trace step that does not fit its kind's record
        (or of a kind this version does not know) is kept as written (xgrag.model.trace.UnknownStep)."""
        if isinstance(data, str | bytes):
            return cls.model_validate_json(data, extra="ignore", context={READING: True})
        return cls.model_validate(data, extra="ignore", context={READING: True})
