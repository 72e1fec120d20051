"""The typed parts of an Explanation (xgrag.model.explanation): what each method found and what the run saw, as
pydantic models whose JSON is the Explanation JSON's (docs/explanation.schema.json is generated from them).

A key that the result left out when it had no value (e.g. a surrogate's `note`, a solver's `paths`) is declared
`omitted()`: None in Python, absent from the JSON, so the JSON keeps the shape it had when these were dicts (saved
explanations, the CLI's --json and the browser's API read it). Values a user or a stack supplies (a generator's
parameters, provenance) stay JSON mappings: typing them would claim a shape nobody promised.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue
from pydantic_core import to_jsonable_python

from xgrag.model.direction import Reading
from xgrag.model.graph import Subgraph

# A generator's own parameters, a stack's details: free-form, but JSON
JsonObject = dict[str, JsonValue]


def json_object(value: Mapping[str, Any]) -> JsonObject:
    """`value` as JSON holds it (tuples as lists, ...): what a free-form mapping reads back as from the JSON."""
    out: JsonObject = to_jsonable_python(dict(value))
    return out


def _as_json_object(value: Any) -> Any:
    # a mapping built in Python (tuples, a frozen view of a record) becomes what its JSON reads back as; anything
    # else is left for validation to reject with the field's name
    return json_object(value) if isinstance(value, Mapping) else value


# Metadata the graph or a stack holds about where something came from (documents, chunks, lines, scores): its keys
# are the graph's own, so free-form, but JSON (validated: a value JSON cannot hold is an error naming the field)
Provenance = Annotated[JsonObject, BeforeValidator(_as_json_object)]


def _is_none(value: object) -> bool:
    return value is None


def omitted() -> Any:
    """A field that is None when the result had nothing to say, and then absent from the JSON."""
    return Field(default=None, exclude_if=_is_none)


class Record(BaseModel):
    """Fields unknown to the model are an error (a producer that adds a key must declare it here, so the schema
    says it): the published schema is the whole JSON."""

    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------------------------------------------- the graph


class NodeRecord(Record):
    id: str
    name: str
    type: str | None = None


class ReadingRecord(Record):
    """How a relationship stored in no meaningful direction reads (xgrag.model.direction.Reading; the lightrag
    preset): the relation, whether a direction was found, whether it runs against the stored one, and the
    sentence it was read from."""

    relation: str
    directed: bool
    reversed: bool
    evidence: str

    @classmethod
    def of(cls, reading: Reading) -> ReadingRecord:
        return cls(relation=reading.relation, directed=reading.directed, reversed=reading.reversed,
                   evidence=reading.evidence)

    def text(self, source: str, target: str) -> str:
        """How the relationship reads between its stored ends' names (Reading.text)."""
        return Reading(self.relation, self.directed, self.reversed, self.evidence).text(source, target)


class RelationshipRecord(Record):
    id: str
    source: str  # as stored
    target: str
    label: str
    # where the fact came from (documents, chunks, lines): the graph's own metadata, free-form
    provenance: Provenance = Field(default_factory=dict)
    reading: ReadingRecord | None = omitted()


class PropertyFactRecord(Record):
    id: str
    owner: str
    owner_kind: str = "node"  # "node" | "relationship"
    key: str
    value: JsonValue  # str, int, float, bool, or a list of those (temporal values as ISO text)


class SubgraphRecord(Record):
    """The deduplicated subgraph the explanation is about (xgrag.model.Subgraph.to_json)."""

    nodes: list[NodeRecord] = Field(default_factory=list)
    relationships: list[RelationshipRecord] = Field(default_factory=list)
    seeds: list[str] = Field(default_factory=list)
    truncated: bool = False
    mode: str = "khop"
    fallback: str | None = None
    reason: str | None = None
    alias_map: dict[str, str] = Field(default_factory=dict)
    properties: list[PropertyFactRecord] = Field(default_factory=list)
    properties_omitted: int = 0

    def names(self) -> dict[str, str]:
        """Node id -> name."""
        return {n.id: n.name for n in self.nodes}

    def to_subgraph(self, paths: Sequence[Sequence[str]] | None = None) -> Subgraph:
        """The Subgraph again (with `Explanation.paths`): names, types, labels, ids and provenance, i.e. everything
        a rendered context reads."""
        return Subgraph.from_json(self.model_dump(), paths)


# ---------------------------------------------------------------------------------------------------- dedup


class StoredTripleRecord(Record):
    """A triple as the graph stores it (original ends and names), behind a relationship of the merged subgraph: the
    alias merge's own record of it (xgrag.retrieval.dedup.StoredTriple is this class)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rel_id: str
    head_id: str
    head: str
    label: str
    tail_id: str
    tail: str
    # how it reads when the stored direction means nothing (Relationship.reading; LightRAG's graphs)
    reading: ReadingRecord | None = omitted()


class MergeRecord(Record):
    """One entity merged into another by the alias rule, and why."""

    alias: str
    canonical: str
    alias_name: str
    canonical_name: str
    via: str
    score: float
    kind: str | None = None
    evidence: list[str] = Field(default_factory=list)


class DedupRecord(Record):
    """The alias merge (XGRAG's G_dedup): settings, clusters, merges, and the stored triples behind merged facts."""

    enabled: bool = False
    theta_sim: float = 0.7
    rule: str = "precise"
    merged: int = 0
    clusters: list[list[str]] = Field(default_factory=list)
    merges: list[MergeRecord] = Field(default_factory=list)
    stored: dict[str, list[StoredTripleRecord]] = Field(default_factory=dict)
    dropped: list[StoredTripleRecord] = Field(default_factory=list)


# ---------------------------------------------------------------------------------------------------- methods


class Fit(Record):
    """A surrogate's fit on the masks it was fitted on."""

    r2: float | None = None
    weighted_r2: float | None = None
    adjusted_r2: float | None = None


class Fidelity(Record):
    """A surrogate judged on held-out masks (xgrag.explain.fidelity.fidelity_report); undefined values None."""

    n: int
    r2: float | None = None
    weighted_r2: float | None = None
    adjusted_r2: float | None = None
    l1: float | None = None
    l2: float | None = None
    weighted_l1: float | None = None
    weighted_l2: float | None = None
    mean_loss: float | None = None
    lds: float | None = None
    note: str | None = omitted()


class PathCoefficient(Record):
    facts: list[str]
    coefficient: float


class SolverFit(Record):
    """One solver's surrogate: per-fact coefficients (largest effect first), its fit and its held-out fidelity."""

    label: str
    coefficients: dict[str, float] = Field(default_factory=dict)
    intercept: float = 0.0
    in_sample: Fit = Field(default_factory=Fit)
    held_out: Fidelity | None = None  # None: too few masks held out
    paths: list[PathCoefficient] | None = omitted()  # with seed-to-answer path features


class Surrogate(Record):
    """KG-SMILE's random-mask surrogate (xgrag.explain.surrogate): every solver fitted on the same masks."""

    measure: str | None = None
    measure_label: str | None = None
    kernel_sigma: float | None = None
    masks: int = 0
    fit_masks: int = 0
    held_out_masks: int = 0
    features: int = 0
    path_features: int = 0
    solvers: dict[str, SolverFit] = Field(default_factory=dict)
    note: str | None = omitted()  # why there is no surrogate, or no held-out fidelity
    method: str | None = None
    keep_probability: float | None = None
    planned_masks: int | None = None
    split_seed: int | None = None
    primary: str | None = None  # the solver whose coefficients are `coefficients`
    samples: int | None = None
    coefficients: dict[str, float] = Field(default_factory=dict)

    def primary_fit(self) -> SolverFit | None:
        """The primary solver's fit (the first solver when none is named), None without one."""
        name = self.primary or next(iter(self.solvers), None)
        return None if name is None else self.solvers.get(name)

    def held_out_lds(self, solver: str) -> float | None:
        fit = self.solvers.get(solver)
        return None if fit is None or fit.held_out is None else fit.held_out.lds


class GroupStrategy(Record):
    """Group testing over one strategy's components: how many tests cleared how many components."""

    units: int
    tests: int
    cleared: int
    measured: int
    verified_alone: int
    inside_moving_parents: int | None = omitted()  # spans searched inside items whose removal moved the answer
    # a proxy-first plan (scheduler "proxy"): the components it verified alone (the units holding copies of one
    # statement of the answer, verified together, count once), and whether removing all the others at once left the
    # answer unchanged (the proxy's ranking confirmed; else group testing searched the rest)
    proxy_candidates: int | None = omitted()
    proxy_confirmed: bool | None = omitted()
    # under the logprob score, when removing all but the candidates lowered log P(a0) by more than logprob_change:
    # the share of the facts' effect on log P(a0) the candidates kept alone (xgrag.explain.scoring.kept_share;
    # null when the facts do not raise it), against ExplainSettings.sufficiency_share
    kept_share: float | None = omitted()
    # the leave-one-out ceiling (xgrag.explain.schedulers.group.GroupTester.settle), recorded when it was hit: the
    # calls leave-one-out over the searched units would spend, the baseline's included; the search then finished as
    # leave-one-out over the units it had not decided
    loo_ceiling: int | None = omitted()
    loo_ceiling_hit: bool | None = omitted()
    # a proxy-first plan not confirmed by its candidates: how many facts naming an entity the answer names (or
    # stating its value) it then verified alone before searching the rest
    answer_entity_candidates: int | None = omitted()
    # a proxy-first plan: which proxy ranked its components ("embedding": closeness to the question or answer;
    # "attention": the target's own attention to each fact while reading a0, ExplainSettings.proxy). Its scores are
    # kept per component (Component.proxy_score), marked as the proxy's: estimates, not measured importances
    proxy: str | None = omitted()


class GroupTesting(Record):
    strategies: dict[str, GroupStrategy] = Field(default_factory=dict)
    scheduler: str = "group"
    generator_requests: int = 0
    max_calls: int | None = omitted()


class Bridges(Record):
    """Ex-GraphRAG's semantic-structural mismatch (xgrag.explain.bridges): core / bridge / periphery nodes, how
    many connected core pairs are connected only through bridges, Spearman(importance, betweenness)."""

    importance_from: str  # "node" | "edge" | "none"
    core: list[str] = Field(default_factory=list)
    bridges: list[str] = Field(default_factory=list)
    periphery: int = 0
    core_pairs: int = 0  # core pairs connected in the subgraph
    pairs_only_via_bridges: int = 0  # of those, the ones disconnected once the bridges are removed
    core_pair_betweenness: dict[str, float] = Field(default_factory=dict)  # bridges' count of core-pair paths
    articulation: list[str] = Field(default_factory=list)  # bridges whose removal alone separates a core pair
    spearman_importance_betweenness: float | None = None
    spearman_p: float | None = None


class Incomplete(Record):
    """Why a run did not finish (the generator or a server failed part-way, or it was cancelled); the components
    then hold what was measured before."""

    reason: str  # "cancelled", or the kind of failure (xgrag.explain.cancel.failure_reason)
    message: str = ""
    error: str = ""  # the error's class name
    stage: str = ""  # where the run was
    answered: int | None = None  # None: saved before the counts were recorded
    planned: int | None = None
    missing: int = 0
    cancelled_in_flight: int = 0
    hint: str | None = None

    @property
    def cancelled(self) -> bool:
        return self.reason == "cancelled"


# ---------------------------------------------------------------------------------------------------- components


class ComponentNote(Record):
    """What a component's probe noted besides its importance: the synonym injected, or how group testing left it."""

    synonym: str | None = omitted()
    synonym_source: str | None = omitted()
    # "no-effect" (cleared by a group test), "unresolved", "necessary-without-alternatives"
    group: str | None = omitted()
    cleared_by: str | None = omitted()  # "parent": its item's removal did not move the answer


class Evidence(Record):
    """A fact the generator says it answered from, as the context showed it."""

    id: str
    triple: str


# ---------------------------------------------------------------------------------------------------- a stack


class StackRecord(Record):
    """Which stack and call an explanation of a user's stack is about (xgrag.explain.stack.StackCall.describe)."""

    stack: str
    component: str
    prompt: str = ""
    generator: str = ""
    items: int = 0
    spans: int = 0
    retriever: str | None = omitted()  # neo4j-graphrag: the retriever's class
    cypher: str | None = omitted()  # LangChain's GraphCypherQAChain: the query it generated
    # LightRAG: the query mode and how many entity rows, relation rows and chunks its context held
    mode: str | None = omitted()
    entities: int | None = omitted()
    relations: int | None = omitted()
    chunks: int | None = omitted()


class UnitRecord(Record):
    """A unit of a stack's context (xgrag.model.context.ContextUnit)."""

    id: str
    kind: str  # "item" | "span"
    text: str
    label: str
    parent: str | None = None
    source: str = "item"
    node_ids: list[str] = Field(default_factory=list)
    relationship_ids: list[str] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list)
    # the stack's metadata for the unit (document ids, scores, ...): free-form
    provenance: Provenance = Field(default_factory=dict)


class CopyGroupRecord(Record):
    """Units of a stack's context that state the same fact (xgrag.model.copies), removed together as one probe; or
    items that each hold a copy of one statement of the answer, removed together by the proxy-first plan
    (schedulers/proxy.py; `text`: that statement). `basis`: "text" (the same normalised text) or "facts" (traced to
    the same graph facts); `strategy`: the probe's (the span strategy when a member is a span); `importance` /
    `rank` / `evaluated`: the group's, as its member components carry them (None: not evaluated);
    `counterfactual_answer`: the answer without any of the copies."""

    id: str
    members: list[str]
    basis: str
    text: str  # the first copy's label (items holding copies: the statement they share)
    strategy: str
    importance: float | None = None
    rank: int | None = None
    evaluated: str = "measured"
    counterfactual_answer: str | None = None
    answer_changed: bool | None = None


class Reproduction(BaseModel):
    """Did the replayed baseline (the stack's own generation step on the unperturbed context, asked noise_runs
    times) give the answer the stack gave? `reproduced`: every baseline run equal to it after normalisation (case,
    full stops, spacing: generate.base.answer_key); `exact`: the first run (`replayed_answer`, a0) is;
    `similarity`: cos(E(observed), E(replayed)); `rerun_answer`: what the stack's call gave when xgrag ran it again
    (the observed answer being the one the user got), which must equal it too. The importances explain the replayed
    answer, which is the observed one only when `reproduced`."""

    reproduced: bool
    exact: bool
    similarity: float
    observed_answer: str
    replayed_answer: str
    # every baseline run's answer equal (normalised) to the first: the replay is deterministic as far as was seen
    baselines_agree: bool = True
    note: str = ""
    # the answer of the stack's own call when xgrag ran it again to capture its context, while the observed answer
    # is the one the user got (given to the entry point): judged with the baselines (absent when not run again)
    rerun_answer: str | None = omitted()


# ---------------------------------------------------------------------------------------------------- the run


class ExplainConfig(Record):
    """The settings the explanation was made with (xgrag.explain.ExplainSettings, field for field; a unit test
    holds them equal). Defaults are ExplainSettings' (an explanation saved before a field existed reads with it)."""

    strategies: list[str] = Field(default_factory=lambda: ["edge"])
    mode: str = "auto"
    hops: int | None = None
    dedup: bool = True
    dedup_rule: str = "precise"
    theta_sim: float = 0.7
    apply: str = "memory"
    noise_runs: int = 2
    change_threshold: float = 0.9
    multiple_choice: bool = False
    scheduler: str = "auto"
    proxy: str = "embedding"  # what ranked the proxy-first plan's components: embedding | attention
    max_calls: int | None = None
    response_score: str = "shift"
    logprob_change: float = 0.6931471805599453  # ln 2 (xgrag.explain.scoring.LOGPROB_CHANGE)
    sufficiency_share: float = 0.6666666666666666  # 2/3 (xgrag.explain.scoring.SUFFICIENCY_SHARE)
    group_verify: int = 5
    concurrency: int = 4
    context_order: str = "auto"
    masks: int = 20
    seed: int = 0
    keep_probability: float = 0.5
    holdout: float = 0.25
    surrogate_distance: str = "cosine"
    kernel_sigma: float = 1.0
    surrogate_solvers: list[str] = Field(default_factory=lambda: ["lasso", "bayes_ridge", "linear"])
    surrogate_paths: bool = False
    top_k: int = 3
    generator_synonyms: bool = True
    resolve_redundancy: bool = True
    citation_guided: bool = True
    provenance_text_chars: int = 300  # characters of chunk text around a fact in its provenance (0: none)
