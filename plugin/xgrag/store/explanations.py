"""Saved explanations as a queryable record: by question, by entity, by relationship, over time.

`save_explanation()` writes `(:XgragExplanation)` with its cost and configuration as properties,
`-[:XGRAG_SCORED]->(entity)` per scored node and `-[:XGRAG_HAS_COMPONENT]->(:XgragComponent {rel_id})` per
scored relationship. The Cypher behind these functions is in `cypher/explanations_*.cypher` (usable directly
from cypher-shell or Neo4j Browser); every filter reaches Neo4j as a parameter.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from xgrag.errors import NotFoundError, UsageError
from xgrag.model import Explanation

if TYPE_CHECKING:  # annotations only: the CLI checks a filter (iso_bound) before any driver loads
    from xgrag.store.neo4j import Neo4jStore

TimeBound = str | datetime | date | None


class ExplanationNotFound(NotFoundError, KeyError):
    """No saved explanation has this id."""


class EntityNotFound(NotFoundError):
    """No entity has this id or name (a usage error: the name was given on the command line)."""

    exit_code = 2


class AmbiguousEntity(UsageError, LookupError):
    """Several entities share this name; pass one of their ids."""

    def __init__(self, name: str, candidates: list[dict[str, Any]]) -> None:
        listed = ", ".join(f"{c['id']} ({c.get('type') or '?'})" for c in candidates[:10])
        more = f" and {len(candidates) - 10} more" if len(candidates) > 10 else ""
        super().__init__(f"{len(candidates)} entities are named {name!r}: {listed}{more}; pass an id instead")
        self.candidates = candidates


class SavedExplanation(BaseModel):
    """One row of `find_explanations`: the header of a saved explanation and its strongest components."""

    id: str
    created_at: str
    question: str
    answer: str
    strategy: str | None = None
    generator: str | None = None
    embedder: str | None = None
    noise_floor: float | None = None
    cost: dict[str, Any] = Field(default_factory=dict)
    config: dict[str, Any] = Field(default_factory=dict)
    subgraph_nodes: int | None = None
    subgraph_relationships: int | None = None
    top: list[dict[str, Any]] = Field(default_factory=list)  # up to 5 components, by importance
    matched: list[dict[str, Any]] = Field(default_factory=list)  # the filtered entity's / relationship's scores

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.model_dump_json())
        return data


_COST_FIELDS = ("generator_calls", "prompt_tokens", "completion_tokens", "cache_hits", "seconds", "perturbations",
                "generator_seconds", "embedder_seconds", "retrieval_seconds")


def iso_bound(value: TimeBound, name: str = "time") -> str | None:
    """An ISO-8601 date or datetime for `datetime($since)` in Cypher; naive values are read as UTC."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    text = str(value).strip()
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError as exc:
        raise UsageError(f"{name}: {value!r} is not an ISO-8601 date or datetime (e.g. 2026-01-31 or "
                         "2026-01-31T12:00:00Z)") from exc
    return parsed.isoformat()


def _limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise UsageError(f"limit: {limit!r} must be a positive integer")
    return limit


def resolve_entity(store: Neo4jStore, entity: str) -> dict[str, Any]:
    """The entity with this id, else the one entity with this name (case-insensitive)."""
    rows = store.read("entity_resolve", entity=entity)
    exact = [r for r in rows if r["by_id"]]
    if exact:
        return exact[0]
    if not rows:
        raise EntityNotFound(f"no entity has the id or name {entity!r}")
    if len(rows) > 1:
        raise AmbiguousEntity(entity, rows)
    return rows[0]


def find_explanations(store: Neo4jStore, question: str | None = None, entity: str | None = None,
                      relationship: str | None = None, since: TimeBound = None, until: TimeBound = None,
                      limit: int | None = 20, all_mappings: bool = False) -> list[SavedExplanation]:
    """Saved explanations, newest first. Every filter is optional and they combine (AND). Only those saved
    under the store's schema mapping (preset) are listed, unless `all_mappings`:

    question: case-insensitive substring; entity: an entity id or exact name the explanation scored (or
    that ends a relationship it scored); relationship: a relationship id it scored; since/until: ISO-8601
    dates/datetimes (or datetime objects) bounding created_at, since inclusive, until exclusive.
    """
    entity_id = resolve_entity(store, entity)["id"] if entity else None
    rows = store.read("explanations_query", question=question or None, entity_id=entity_id,
                      relationship_id=relationship or None, since=iso_bound(since, "since"),
                      until=iso_bound(until, "until"), limit=_limit(limit),
                      schema_key=None if all_mappings else store.schema.key)
    return [_saved(r) for r in rows]


def _saved(row: dict[str, Any]) -> SavedExplanation:
    try:
        config = json.loads(row.get("config_json") or "{}")
    except json.JSONDecodeError:
        config = {"unparsed": row.get("config_json")}
    return SavedExplanation(
        id=row["id"], created_at=row["created_at"], question=row["question"], answer=row["answer"],
        strategy=row.get("strategy"), generator=row.get("generator"), embedder=row.get("embedder"),
        noise_floor=row.get("noise_floor"), cost={k: row.get(k) for k in _COST_FIELDS if row.get(k) is not None},
        config=config, subgraph_nodes=row.get("subgraph_nodes"),
        subgraph_relationships=row.get("subgraph_relationships"), top=row.get("top") or [],
        matched=row.get("matched") or [])


def explanations_by_entity(store: Neo4jStore, entity: str, since: TimeBound = None, until: TimeBound = None,
                           limit: int | None = 20) -> list[dict[str, Any]]:
    """Which answers did this entity drive? One row per explanation, strongest first: the entity's own
    importance and rank (node/synonym scores), the relationships it ends that were scored, and `best`."""
    entity_id = resolve_entity(store, entity)["id"]
    return store.read("explanations_by_entity", entity_id=entity_id, since=iso_bound(since, "since"),
                      until=iso_bound(until, "until"), limit=_limit(limit))


def explanations_by_relationship(store: Neo4jStore, relationship: str, since: TimeBound = None,
                                 until: TimeBound = None, limit: int | None = 20) -> list[dict[str, Any]]:
    """Every saved score of one relationship (edge/subpath), strongest first, with its provenance."""
    rows = store.read("explanations_by_relationship", relationship_id=relationship,
                      since=iso_bound(since, "since"), until=iso_bound(until, "until"), limit=_limit(limit))
    for r in rows:
        r["provenance"] = json.loads(r.pop("provenance_json") or "{}")
    return rows


def explanations_timeline(store: Neo4jStore, question: str | None = None, since: TimeBound = None,
                          until: TimeBound = None, limit: int | None = 30,
                          all_mappings: bool = False) -> list[dict[str, Any]]:
    """Explanations per UTC day, newest first, with their summed cost (those saved under the store's schema
    mapping unless `all_mappings`)."""
    return store.read("explanations_timeline", question=question or None, since=iso_bound(since, "since"),
                      until=iso_bound(until, "until"), limit=_limit(limit),
                      schema_key=None if all_mappings else store.schema.key)


def load_explanation(store: Neo4jStore, explanation_id: str) -> Explanation:
    """The full saved Explanation (round-trips `save_explanation`)."""
    rows = store.read("explanation_load", id=explanation_id)
    if not rows:
        raise ExplanationNotFound(f"no saved explanation has the id {explanation_id!r}")
    return Explanation.from_json(rows[0]["json"])


def save_explanation(store: Neo4jStore, ex: Explanation) -> str:
    """Persist under :XgragExplanation / :XgragComponent, linked to the scored entities (xgrag's own labels
    only; one transaction). Returns the id."""
    nodes = [{"id": c.id, "strategy": c.strategy, "importance": c.importance,
              "normalized": c.normalized_importance, "rank": c.rank, "changed": c.answer_changed,
              "counterfactual": c.counterfactual_answer}
             for c in ex.components if c.kind == "node" and c.importance is not None]
    rels = {r.id: r for r in ex.subgraph.relationships}
    edges = [{"rel_id": c.id, "label": c.label, "strategy": c.strategy, "importance": c.importance,
              "normalized": c.normalized_importance, "rank": c.rank, "changed": c.answer_changed,
              "counterfactual": c.counterfactual_answer, "source": rels[c.id].source,
              "target": rels[c.id].target, "provenance": json.dumps(c.provenance, default=str)}
             for c in ex.components if c.kind == "edge" and c.importance is not None and c.id in rels]
    header = {
        "id": ex.id, "question": ex.question, "answer": ex.answer, "strategy": ex.strategy,
        "created_at": ex.created_at, "generator": ex.generator, "embedder": ex.embedder,
        "prompt_version": ex.prompt_version, "noise_floor": ex.noise_floor,
        "user_explanation": ex.user_explanation, "technical_explanation": ex.technical_explanation,
        "generator_calls": ex.cost.generator_calls, "prompt_tokens": ex.cost.prompt_tokens,
        "completion_tokens": ex.cost.completion_tokens, "seconds": ex.cost.seconds,
        "cache_hits": ex.cost.cache_hits, "perturbations": ex.cost.perturbations,
        "generator_seconds": ex.cost.generator_seconds, "embedder_seconds": ex.cost.embedder_seconds,
        "retrieval_seconds": ex.cost.retrieval_seconds, "strategies": list(ex.strategies),
        "subgraph_nodes": len(ex.subgraph.nodes),
        "subgraph_relationships": len(ex.subgraph.relationships),
        "config_json": json.dumps(ex.config.model_dump()),
        "schema_key": store.schema.key,  # the listing shows explanations of the mapping it reads the graph with
        "json": ex.model_dump_json(),
    }
    store.transaction([
        (store.queries.get("explanation_save"), {"e": header}),
        (store.queries.get("explanation_save_nodes"), {"id": ex.id, "components": nodes}),
        (store.queries.get("explanation_save_edges"), {"id": ex.id, "components": edges}),
    ])
    return ex.id
