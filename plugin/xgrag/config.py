"""Settings (environment + optional TOML file) and the schema mapping onto a user's graph.

Every label, relationship type and property name that can reach a Cypher query lives here and is
validated against a strict identifier pattern. Questions and data never supply identifiers.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

import tomllib
from pydantic import BaseModel, Field, field_validator, model_validator

from xgrag.errors import UsageError

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


DedupRule = Literal["precise", "xgrag"]  # alias-merging rules, by name (xgrag.retrieval.alias_rule)


class ConfigError(UsageError):
    """Raised for invalid configuration, naming the field at fault."""


def validate_identifier(value: str, field: str) -> str:
    if not isinstance(value, str) or not IDENTIFIER.fullmatch(value):
        raise ConfigError(
            f"{field}: {value!r} is not a valid identifier "
            f"(allowed: letters, digits and '_', not starting with a digit, at most 64 characters)"
        )
    return value


def _check(value: str | None, field: str) -> str | None:
    return None if value is None else validate_identifier(value, field)


class ProvenanceMapping(BaseModel):
    """Where a relationship's provenance (document, chunk) is read from.

    mode "relationship": properties on the relationship itself (xgrag's own ingestion).
    mode "mentions": the chunk(s)/document(s) that mention both endpoints (LangChain, neo4j-graphrag).
    """

    mode: Literal["relationship", "mentions"] = "relationship"
    doc_id_property: str | None = "doc_id"
    chunk_id_property: str | None = "chunk_id"
    chunk_index_property: str | None = "chunk_index"
    source_property: str | None = "source"
    extractor_property: str | None = "extractor"
    created_at_property: str | None = "created_at"
    line_property: str | None = "line"
    # mentions mode
    chunk_label: str = "Chunk"
    mention_type: str = "MENTIONS"
    mention_direction: Literal["chunk_to_entity", "entity_to_chunk"] = "chunk_to_entity"
    document_label: str | None = "Document"
    chunk_document_type: str | None = "HAS_CHUNK"
    chunk_document_direction: Literal["document_to_chunk", "chunk_to_document"] = "document_to_chunk"
    document_id_property: str | None = "id"
    chunk_node_id_property: str | None = "id"
    chunk_node_index_property: str | None = "index"
    document_source_property: str | None = "source"

    @model_validator(mode="after")
    def _identifiers(self) -> ProvenanceMapping:
        for name in (
            "doc_id_property", "chunk_id_property", "chunk_index_property", "source_property",
            "extractor_property", "created_at_property", "line_property", "chunk_label", "mention_type",
            "document_label", "chunk_document_type", "document_id_property", "chunk_node_id_property",
            "chunk_node_index_property", "document_source_property",
        ):
            _check(getattr(self, name), f"schema.provenance.{name}")
        return self


class GraphSchema(BaseModel):
    """How xgrag reads a graph: which nodes are entities, where names, types and relation texts live."""

    preset: str = "xgrag"
    entity_label: str = "Entity"
    id_property: str | None = "id"  # None: elementId()
    name_property: str = "name"
    alias_property: str | None = "aliases"
    description_property: str | None = "description"
    type_property: str | None = "type"  # None: the first label that is not in generic_labels
    generic_labels: list[str] = Field(default_factory=list)
    relation_property: str | None = "label"  # None: the relationship type
    rel_id_property: str | None = "id"  # None: elementId()
    # Add a range index on a user graph's entity id. Off where the writing library creates its own
    # uniqueness constraint there (LangChain): an index first would make that constraint fail.
    index_id_property: bool = True
    rel_description_property: str | None = "description"
    # Relationship types between entities that carry no meaning for answering (bookkeeping).
    non_semantic_types: list[str] = Field(default_factory=lambda: ["ALIAS_OF"])
    alias_type: str = "ALIAS_OF"
    embedding_property: str | None = "name_embedding"
    # Names of the indexes xgrag creates; distinct per preset so mappings never collide.
    index_prefix: str = "xgrag"
    fulltext_index: str = "xgrag_entity_names"
    vector_index: str = "xgrag_entity_embeddings"
    provenance: ProvenanceMapping = Field(default_factory=ProvenanceMapping)

    @model_validator(mode="after")
    def _identifiers(self) -> GraphSchema:
        for name in (
            "entity_label", "id_property", "name_property", "alias_property", "description_property",
            "type_property", "relation_property", "rel_id_property", "rel_description_property",
            "alias_type", "embedding_property", "fulltext_index", "vector_index", "index_prefix",
        ):
            _check(getattr(self, name), f"schema.{name}")
        for i, label in enumerate(self.generic_labels):
            validate_identifier(label, f"schema.generic_labels[{i}]")
        for i, t in enumerate(self.non_semantic_types):
            validate_identifier(t, f"schema.non_semantic_types[{i}]")
        if self.alias_type not in self.non_semantic_types:
            self.non_semantic_types = [*self.non_semantic_types, self.alias_type]
        return self

    @property
    def key(self) -> str:
        """Identifies the mapping in xgrag's migration records."""
        return f"{self.preset}:{self.entity_label}"


def _langchain_schema() -> GraphSchema:
    # LangChain's Neo4jGraph.add_graph_documents(baseEntityLabel=True, include_source=True):
    # (:__Entity__:<Type> {id: name}), dynamic relationship types, (:Document {id, text, source})-[:MENTIONS]->(e)
    return GraphSchema(
        preset="langchain",
        index_prefix="xgrag_lc",
        index_id_property=False,
        fulltext_index="xgrag_lc_entity_names",
        vector_index="xgrag_lc_entity_embeddings",
        entity_label="__Entity__",
        id_property="id",
        name_property="id",
        alias_property=None,
        description_property="description",
        type_property=None,
        generic_labels=["__Entity__"],
        relation_property=None,
        rel_id_property=None,
        rel_description_property=None,
        non_semantic_types=["ALIAS_OF", "MENTIONS"],
        embedding_property=None,
        provenance=ProvenanceMapping(
            mode="mentions",
            chunk_label="Document",
            mention_type="MENTIONS",
            mention_direction="chunk_to_entity",
            document_label=None,
            chunk_document_type=None,
            document_id_property="id",
            chunk_node_id_property="id",
            chunk_node_index_property=None,
            document_source_property="source",
        ),
    )


def _graphrag_schema() -> GraphSchema:
    # neo4j-graphrag SimpleKGPipeline: (:__KGBuilder__:__Entity__:<Type> {name}), dynamic relationship
    # types, (e)-[:FROM_CHUNK]->(:Chunk {index, text})-[:FROM_DOCUMENT]->(:Document {path})
    return GraphSchema(
        preset="neo4j-graphrag",
        index_prefix="xgrag_kg",
        fulltext_index="xgrag_kg_entity_names",
        vector_index="xgrag_kg_entity_embeddings",
        entity_label="__Entity__",
        id_property=None,
        name_property="name",
        alias_property=None,
        description_property="description",
        type_property=None,
        generic_labels=["__Entity__", "__KGBuilder__"],
        relation_property=None,
        rel_id_property=None,
        rel_description_property=None,
        non_semantic_types=["ALIAS_OF", "FROM_CHUNK", "FROM_DOCUMENT", "NEXT_CHUNK"],
        embedding_property=None,
        provenance=ProvenanceMapping(
            mode="mentions",
            chunk_label="Chunk",
            mention_type="FROM_CHUNK",
            mention_direction="entity_to_chunk",
            document_label="Document",
            chunk_document_type="FROM_DOCUMENT",
            chunk_document_direction="chunk_to_document",
            document_id_property="path",
            chunk_node_id_property=None,
            chunk_node_index_property="index",
            document_source_property="path",
        ),
    )


PRESETS = {"xgrag": GraphSchema, "langchain": _langchain_schema, "neo4j-graphrag": _graphrag_schema}


def schema_preset(name: str, **overrides: object) -> GraphSchema:
    if name not in PRESETS:
        raise ConfigError(f"schema.preset: unknown preset {name!r}; choose one of {sorted(PRESETS)}")
    base = PRESETS[name]()
    if not overrides:
        return base
    data = base.model_dump()
    prov = overrides.pop("provenance", None)
    data.update(overrides)
    if isinstance(prov, dict):
        data["provenance"] = {**data["provenance"], **prov}
    return GraphSchema.model_validate(data)


class Neo4jSettings(BaseModel):
    uri: str | None = None  # None: the embedded server
    user: str = "neo4j"
    password: str | None = None
    database: str = "neo4j"


class EmbeddedSettings(BaseModel):
    home: Path = Field(default_factory=lambda: Path.home() / ".xgrag" / "embedded")
    port: int = 0  # 0: pick a free loopback port
    heap: str = "2g"
    pagecache: str = "256m"
    start_timeout: float = 180.0


class RetrievalSettings(BaseModel):
    hops: int = 2
    max_nodes: int = 200
    max_relationships: int = 400
    max_path_length: int = 6
    max_paths: int = 25
    link_limit: int = 10
    # vector linking: Neo4j cosine score (1 + cos) / 2 of a question span and an entity name; 0.9 = cos 0.8
    link_min_score: float = 0.9
    vector_link_top: int = 2

    @field_validator("hops")
    @classmethod
    def _hops(cls, v: int) -> int:
        if not 1 <= v <= 4:
            raise ConfigError(f"retrieval.hops: {v} is outside 1..4")
        return v

    @field_validator("max_path_length")
    @classmethod
    def _plen(cls, v: int) -> int:
        if not 1 <= v <= 8:
            raise ConfigError(f"retrieval.max_path_length: {v} is outside 1..8")
        return v


class Settings(BaseModel):
    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    embedded: EmbeddedSettings = Field(default_factory=EmbeddedSettings)
    schema_: GraphSchema = Field(default_factory=GraphSchema, alias="schema")
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    embedding_dimensions: int = 384
    embedding_model: str = "all-MiniLM-L6-v2"
    theta_sim: float = 0.7
    # alias merging: "precise" (never merges what names or graph say differ; xgrag.retrieval.alias_rule) or
    # "xgrag" (XGRAG §3.1: same type and name cosine >= theta_sim, for its ablation)
    dedup_rule: DedupRule = "precise"
    batch_size: int = 5000

    model_config = {"populate_by_name": True}

    @property
    def graph_schema(self) -> GraphSchema:
        return self.schema_


def load_settings(path: str | Path | None = None, env: dict[str, str] | None = None) -> Settings:
    """Settings from (lowest to highest priority) defaults, a TOML file, then environment variables.

    The file is `path`, else $XGRAG_CONFIG, else ./xgrag.toml when present.
    """
    env = dict(os.environ if env is None else env)
    data: dict = {}
    file = Path(path) if path else (Path(env["XGRAG_CONFIG"]) if env.get("XGRAG_CONFIG") else None)
    if file is None and Path("xgrag.toml").is_file():
        file = Path("xgrag.toml")
    if file is not None:
        if not file.is_file():
            raise ConfigError(f"config file {file} does not exist")
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{file}: {exc}") from exc
    schema_data = data.pop("schema", {})
    preset = env.get("XGRAG_SCHEMA_PRESET") or schema_data.pop("preset", "xgrag")
    try:
        schema = schema_preset(preset, **schema_data)
    except ConfigError:
        raise
    except ValueError as exc:
        raise ConfigError(f"schema: {exc}") from exc
    neo = data.setdefault("neo4j", {})
    for key, var in (("uri", "NEO4J_URI"), ("user", "NEO4J_USER"), ("password", "NEO4J_PASSWORD"),
                     ("database", "NEO4J_DATABASE")):
        if env.get(var):
            neo[key] = env[var]
    emb = data.setdefault("embedded", {})
    if env.get("XGRAG_HOME"):
        emb["home"] = str(Path(env["XGRAG_HOME"]) / "embedded")
    if env.get("XGRAG_NEO4J_HEAP"):
        emb["heap"] = env["XGRAG_NEO4J_HEAP"]
    if env.get("XGRAG_EMBEDDING_DIMENSIONS"):
        data["embedding_dimensions"] = int(env["XGRAG_EMBEDDING_DIMENSIONS"])
    try:
        settings = Settings.model_validate({**data, "schema": schema})
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    return settings
