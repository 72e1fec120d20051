"""The steps of an Explanation's trace (`Explanation.trace`): what the run did, step by step, each kind a typed record
told apart by its `step` (a discriminated union; map_context steps further by their `source`, the stack whose
context was mapped). Producers build these records; the JSON is what the dicts they replaced wrote: the same keys in
the same order (a key a step leaves out when it has nothing to say is `omitted()`), the same rounding (done by the
producer).

Reading an explanation written by another version (`Explanation.from_json`): a step of a kind this version does not
know, or of a known kind whose shape has changed since (a field it lacks), is kept as written (`UnknownStep`) rather
than refusing the whole explanation; unknown keys of a known kind are dropped like every record's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    Field,
    JsonValue,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    model_serializer,
    model_validator,
)

from xgrag.model.records import Incomplete, Record, Reproduction, omitted

# Explanation.from_json validates with this context: a step that does not validate as its kind is then kept as written
READING = "xgrag_reading"


class Step(Record):
    """A step of the trace. Every kind declares `step` as its Literal first, so the JSON starts with it."""

    step: str


# ---------------------------------------------------------------------------------------------------- the run


class RetrieveStep(Step):
    """The context: xgrag's retrieval, or a subgraph supplied by the caller (a captured stack context)."""

    step: Literal["retrieve"] = "retrieve"
    source: str  # "xgrag" | "supplied"
    seconds: float
    nodes: int
    relationships: int
    truncated: bool


class DedupStep(Step):
    """The alias merge (G_dedup): how many entities were merged and what is left."""

    step: Literal["dedup"] = "dedup"
    seconds: float
    merged: int
    nodes: int
    relationships: int


class ContextStep(Step):
    """A stack's context: which stack and call, its items and spans."""

    step: Literal["context"] = "context"
    source: str  # the stack
    component: str
    items: int
    spans: int


class ReproduceStep(Reproduction, Step):
    """Whether the replayed baseline reproduced the stack's answer (the Reproduction, field for field)."""

    step: Literal["reproduce"] = "reproduce"


class ObservedAnswerStep(Step):
    """An answer observed outside the explainer (e.g. a LangChain run's output) and cos(E(observed), E(a0))."""

    step: Literal["observed_answer"] = "observed_answer"
    similarity_to_a0: float
    note: str


class NoiseFloorStep(Step):
    """response_score "logprob": the floor in logprob units, with the semantic-shift floor it replaced."""

    step: Literal["noise_floor"] = "noise_floor"
    semantic_shift: float
    baseline_logprobs: list[float]


class ScheduleStep(Step):
    """The scheduler asked for and the one that ran, by the size it was chosen on: a stack's units or the facts."""

    step: Literal["schedule"] = "schedule"
    requested: str
    units: int | None = omitted()
    facts: int | None = omitted()
    scheduler: str


class BudgetStep(Step):
    """max_calls: how many probes were asked within it, how many were not."""

    step: Literal["budget"] = "budget"
    max_calls: int
    asked: int
    not_evaluated: int


class ResolveRedundancyStep(Step):
    """Redundant support resolved by cumulative removal within one strategy."""

    step: Literal["resolve_redundancy"] = "resolve_redundancy"
    strategy: str
    calls: int
    search: str | None = omitted()  # "binary" (group testing); absent: the linear scan
    citation_guided: bool
    redundant: int
    necessary: int
    # binary search under "logprob": how often the drop from the reduced context crossed the threshold only by adding
    # up small drops (the last fact removed no change on its own: none necessary there); absent when never
    diffuse: int | None = omitted()
    # binary search under "shift": how many necessary components were found where the search tried first (a component
    # measured alone by the scheduler, or a link of a chain through one found necessary), and how often removing
    # everything left kept the answer while removing all of it but its last did not (answers not monotone in what
    # is removed: searched below); absent when never
    guessed: int | None = omitted()
    unmonotone: int | None = omitted()
    # binary search under "shift" on a graph context: True when it stopped because the facts found necessary account
    # for the answer (a chain from a seed to it stating the question's relation words), before the end's removals of
    # everything left; absent when it did not stop so
    accounted: bool | None = omitted()
    # binary search under "shift": how often, after a guess that kept the answer, the last guess was asked next
    # instead of the next one (the guesses between answered by it when it kept); absent when never
    leapt: int | None = omitted()


class ChunkTextStep(Step):
    """Provenance with text: the excerpts attached (xgrag.explain.chunk_text), or why none were."""

    step: Literal["chunk_text"] = "chunk_text"
    skipped: str | None = omitted()
    source: str | None = omitted()  # a stack's own item texts
    chunks: int | None = omitted()
    note: str | None = omitted()
    with_text: int | None = omitted()
    excerpts: int | None = omitted()
    without_match: int | None = omitted()
    chars: int | None = omitted()
    seconds: float | None = omitted()  # set by the explainer once the step is done


class IncompleteStep(Incomplete, Step):
    """The run was cut short: cancelled, or failed (the Incomplete record, field for field)."""

    step: Literal["cancelled", "failed"]


# ---------------------------------------------------------------------------------------------------- stacks


class TripletMatch(Record):
    """A LlamaIndex triplet found as a stored relationship."""

    triplet: list[str]  # [head, relation, tail]
    relationship_id: str


class TripletMiss(Record):
    """A LlamaIndex triplet not found in the graph, and the id it is explained under."""

    triplet: list[str]
    id: str


class QuestionEntity(Record):
    """A question entity xgrag linked, and how."""

    id: str
    name: str
    method: str


class MapContextStep(Step):
    """How a stack's context was mapped onto the graph; one kind per `source`."""

    step: Literal["map_context"] = "map_context"
    source: str


class XgragDocumentsMap(MapContextStep):
    """LangChain callback: XgragRetriever documents rebuilt into their subgraph."""

    source: Literal["xgrag_documents"] = "xgrag_documents"
    documents: int
    other_documents: int
    method: str
    nodes: int
    relationships: int


class GraphCypherQAMap(MapContextStep):
    """LangChain callback: GraphCypherQAChain rows matched to entity names, the context around them."""

    source: Literal["graph_cypher_qa"] = "graph_cypher_qa"
    cypher: str | None
    rows: int
    method: str
    values: list[str]
    matched: dict[str, list[str]]  # value -> the ids of the entities of that name
    unmatched: list[str]
    question_entities: list[QuestionEntity]
    mode: str
    fallback: str | None
    nodes: int
    relationships: int
    rows_from: str | None = omitted()  # where the callback found the rows


class LangChainMap(MapContextStep):
    """An LCEL chain: its documents located in the chat model's messages."""

    source: Literal["langchain"] = "langchain"
    documents: int
    in_prompt: int
    not_in_prompt: list[int]  # 1-based indices of the documents not found
    method: str


class LlamaIndexMap(MapContextStep):
    """A LlamaIndex query engine's source nodes, their triplets matched to stored relationships when a store was
    given."""

    source: Literal["llamaindex"] = "llamaindex"
    nodes: int  # source nodes
    triplets: int | None = omitted()
    method: str
    matched: list[TripletMatch] | None = omitted()
    unmatched: list[TripletMiss] | None = omitted()


class LlamaIndexResponseMap(MapContextStep):
    """A LlamaIndex response's triplets mapped onto the stored graph (xgrag's own explainer over them)."""

    source: Literal["llamaindex_response"] = "llamaindex_response"
    triplets: int
    method: str
    matched: list[TripletMatch]
    unmatched: list[TripletMiss]
    nodes: int  # of the subgraph
    relationships: int


class LightRAGMap(MapContextStep):
    """LightRAG's prompt parsed into entity rows, relation rows and chunks."""

    source: Literal["lightrag"] = "lightrag"
    mode: str
    entities: int
    relations: int
    chunks: int
    references: int
    directed: int
    undirected: list[str]  # relations whose direction could not be read
    method: str


class Neo4jGraphRAGMap(MapContextStep):
    """A neo4j-graphrag RetrieverResult's ids looked up under the schema preset."""

    source: Literal["neo4j_graphrag"] = "neo4j_graphrag"
    retriever: str | None
    items: int
    schema_preset: str
    method: str
    mapped: list[int]  # 1-based item indices
    entities_only: list[int]
    unmapped: list[int]
    induced_relationships: list[str]
    nodes: int
    relationships: int
    # a stack call's mapping: the chunk nodes among the items and the facts read from them
    chunks_traced: int | None = omitted()
    chunk_facts: int | None = omitted()


class TraceRowsStep(Step):
    """A Cypher query's rows traced to the elements its patterns matched (xgrag.integrations.cypher_trace), or why
    they were not. The trace's own fields (`query` .. `rewritten`) are there only when the query was re-run."""

    step: Literal["trace_rows"] = "trace_rows"
    cypher: str | None  # the query the stack ran (None: it generated none)
    rows: int
    query: str | None = omitted()
    traced: bool
    reason: str | None = None
    rewritten: str | None = None  # the read-only query that was run; absent when none was
    matched_rows: int | None = omitted()
    method: str | None = omitted()

    @model_serializer(mode="wrap")
    def _without_rewritten_unless_run(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)
        if self.query is None:
            out.pop("rewritten", None)
        return out


class UntracedRowsStep(Step):
    """Rows explained as units without the graph elements they came from."""

    step: Literal["untraced_rows"] = "untraced_rows"
    reason: str | None
    note: str


class LangChainRunStep(Step):
    """The LangChain run a callback handler explained."""

    step: Literal["langchain_run"] = "langchain_run"
    run_id: str
    mode: str
    handler: str
    run_seconds: float


# ---------------------------------------------------------------------------------------------------- the union


MapContext = Annotated[
    XgragDocumentsMap | GraphCypherQAMap | LangChainMap | LlamaIndexMap | LlamaIndexResponseMap | LightRAGMap
    | Neo4jGraphRAGMap,
    Field(discriminator="source")]

KnownStep = Annotated[
    RetrieveStep | DedupStep | ContextStep | ReproduceStep | ObservedAnswerStep | NoiseFloorStep | ScheduleStep
    | BudgetStep | ResolveRedundancyStep | ChunkTextStep | IncompleteStep | MapContext | TraceRowsStep
    | UntracedRowsStep | LangChainRunStep,
    Field(discriminator="step")]

def _kinds(union: object) -> list[type[Step]]:
    """The step classes of a (nested, Annotated) union of them."""
    if isinstance(union, type) and issubclass(union, Step):
        return [union]
    return [kind for arg in get_args(union) for kind in _kinds(arg)]


# The `step` of every known kind (map_context once: its kinds differ by `source`)
KNOWN_STEPS: frozenset[str] = frozenset(
    value for kind in _kinds(KnownStep) for value in get_args(kind.model_fields["step"].annotation))


class UnknownStep(Step):
    """A step as another xgrag version wrote it: a kind this version does not know (any validation), or a known kind
    whose fields no longer fit (only when reading a saved explanation, Explanation.from_json). Kept as written:
    `step` and every other key (`fields`), and written back the same."""

    fields: dict[str, JsonValue] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _as_written(cls, data: Any, info: ValidationInfo) -> Any:
        if not isinstance(data, dict):
            return data
        step = data.get("step")
        if step in KNOWN_STEPS and not (info.context or {}).get(READING):
            raise ValueError(f"a {step!r} step that does not fit its record (see the errors of that kind)")
        return {"step": step, "fields": {k: v for k, v in data.items() if k != "step"}}

    @model_serializer(mode="wrap")
    def _flat(self, handler: SerializerFunctionWrapHandler) -> dict[str, JsonValue]:
        return {"step": self.step, **self.fields}


# A known kind when it is one (left to right: the discriminated union first), else the step as written
TraceStep = Annotated[KnownStep | UnknownStep, Field(union_mode="left_to_right")]
