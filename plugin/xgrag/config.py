"""Settings (environment + optional TOML file) and the schema mapping onto a user's graph.

Every label, relationship type and property name that can reach a Cypher query lives here and is
validated against the identifier rule (cypher/shared_config.json). Questions never supply identifiers.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from functools import cache
from pathlib import Path
from typing import Any, Literal

import tomllib
from pydantic import BaseModel, Field, ValidationError, ValidationInfo, field_validator, model_validator

from xgrag.errors import UsageError


def resource_dir(kind: str) -> Path:
    """The folder holding `cypher/` or `migrations/` files (repository root, or $XGRAG_<KIND>_DIR)."""
    env = os.environ.get(f"XGRAG_{kind.upper()}_DIR")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent / kind
        if candidate.is_dir() and (parent / "pyproject.toml").is_file():
            return candidate
    raise FileNotFoundError(f"cannot find the {kind}/ folder; set XGRAG_{kind.upper()}_DIR")


@cache
def shared_config() -> dict[str, Any]:
    """cypher/shared_config.json: the identifier rule, schema fields and presets, retrieval defaults and row
    layouts, read by this module and by the Java procedures (bundled into their jar), so the two never drift."""
    path = resource_dir("cypher") / "shared_config.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


_SHARED = shared_config()
_FIELDS = _SHARED["schema_fields"]
_SCHEMA = _SHARED["schema"]
_PROVENANCE = _SCHEMA["provenance"]
_RETRIEVAL = _SHARED["retrieval"]
# Labels, types and property keys as graphs really name them ("Area (sq. mi.)", "pageRank-1", "Pop. Density"),
# back-quoted wherever they reach Cypher, or written inside a single-quoted string literal: the rule keeps out only
# what could end either (a backtick, a quote, a backslash) and what a reader cannot see (control, invisible and
# direction-changing characters), so neither needs escaping.
IDENTIFIER = re.compile(_SHARED["identifier_pattern"])
IDENTIFIER_RULE: str = _SHARED["identifier_rule"]


DedupRule = Literal["precise", "xgrag"]  # alias-merging rules, by name (xgrag.retrieval.alias_rule)


class ConfigError(UsageError):
    """Raised for invalid configuration, naming the field at fault."""


def validate_identifier(value: str, field: str) -> str:
    if not isinstance(value, str) or not IDENTIFIER.fullmatch(value):
        raise ConfigError(f"{field}: {value!r} is not a valid identifier ({IDENTIFIER_RULE})")
    return value


def _check(value: str | None, field: str) -> str | None:
    return None if value is None else validate_identifier(value, field)


class ProvenanceMapping(BaseModel):
    """Where a relationship's provenance (document, chunk) is read from.

    mode "relationship": properties on the relationship itself (xgrag's own ingestion).
    mode "mentions": the chunk(s)/document(s) that mention both endpoints (LangChain, neo4j-graphrag).
    Defaults: cypher/shared_config.json.
    """

    mode: Literal["relationship", "mentions"] = _PROVENANCE["mode"]
    doc_id_property: str | None = _PROVENANCE["doc_id_property"]
    chunk_id_property: str | None = _PROVENANCE["chunk_id_property"]
    chunk_index_property: str | None = _PROVENANCE["chunk_index_property"]
    source_property: str | None = _PROVENANCE["source_property"]
    extractor_property: str | None = _PROVENANCE["extractor_property"]
    created_at_property: str | None = _PROVENANCE["created_at_property"]
    line_property: str | None = _PROVENANCE["line_property"]
    # the further sources of a fact xgrag's ingestion saw again from another document or chunk (a list of JSON
    # objects {doc_id, chunk_id, chunk_index, source, extractor, line}; the fact's own fields are its first source)
    other_sources_property: str | None = _PROVENANCE["other_sources_property"]
    # mode "relationship": the text between several values of one property (LightRAG's "<SEP>" joins the ids of
    # every chunk a relationship was extracted from); each chunk id becomes one provenance entry. Never in Cypher.
    value_separator: str | None = _PROVENANCE["value_separator"]
    # mentions mode
    chunk_label: str = _PROVENANCE["chunk_label"]
    mention_type: str = _PROVENANCE["mention_type"]
    mention_direction: Literal["chunk_to_entity", "entity_to_chunk"] = _PROVENANCE["mention_direction"]
    document_label: str | None = _PROVENANCE["document_label"]
    chunk_document_type: str | None = _PROVENANCE["chunk_document_type"]
    chunk_document_direction: Literal["document_to_chunk", "chunk_to_document"] = \
        _PROVENANCE["chunk_document_direction"]
    document_id_property: str | None = _PROVENANCE["document_id_property"]
    chunk_node_id_property: str | None = _PROVENANCE["chunk_node_id_property"]
    chunk_node_index_property: str | None = _PROVENANCE["chunk_node_index_property"]
    document_source_property: str | None = _PROVENANCE["document_source_property"]
    # the text of a chunk node (label chunk_label, id chunk_node_id_property, elementId() when that is unset), shown
    # with a fact's provenance in either mode; None: the graph holds no chunk text (LightRAG keeps it outside Neo4j)
    chunk_text_property: str | None = _PROVENANCE["chunk_text_property"]

    @model_validator(mode="after")
    def _identifiers(self) -> ProvenanceMapping:
        for name in _FIELDS["provenance_identifiers"]:
            _check(getattr(self, name), f"schema.provenance.{name}")
        if self.value_separator is not None and not self.value_separator.strip():
            raise ConfigError("schema.provenance.value_separator: must not be empty or blank (null: no separator)")
        return self


_ENTITY_FIELDS = _FIELDS["entity_fields"]
_REL_FIELDS = _FIELDS["relationship_fields"]


class EntityMapping(BaseModel):
    """One entity label of a general mapping: how its nodes are named and which of their properties are facts.

    `name`: the properties whose values, joined by a space, are the display name ("firstName", "lastName" ->
    "Nancy Davolio"); empty: the label and the key's value ("Order 10248"). `label_in_name`: the label comes first
    ("Visit 2020-04-07T10:22:19Z", "Port 80": a record named by what it holds). `facts`: node properties stated as
    facts (scalars, short strings, dates, lists of those), each one a unit an explanation can remove without
    removing the node. `key`: the property that identifies a node within its label (a display fallback and what
    `schema infer` found unique); nodes are identified by elementId() in a general mapping. `aliases`: properties
    whose values are other names of the node, linked as the name is (a list of names, or one value: a login, a
    display name, a code as users type it); one property name is read as a list of one. `name_fallback`: properties
    naming a node none of whose `name` properties is set, the first one set (a star's Bayer-Flamsteed designation
    where it has no proper name: "Sirius", else "58Alp Ori"), before the label and key. `identifiers`: properties
    that identify a node but are no facts of every context ("id", "gazette_id"), stated for a question that names
    them ("what is the gazette id of X") as the key is; the procedures accept and validate them and state neither."""

    model_config = {"extra": "forbid"}

    label: str
    key: str | None = None
    name: list[str] = Field(default_factory=list)
    name_fallback: list[str] = Field(default_factory=list)
    label_in_name: bool = Field(default=False, strict=True)  # TOML true/false (the procedures read the same)
    facts: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    identifiers: list[str] = Field(default_factory=list)
    description: str | None = None

    @field_validator("aliases", mode="before")
    @classmethod
    def _one_alias(cls, value: object) -> object:
        """`aliases = "nicknames"` (one property, as earlier mappings wrote it) is the list of that one."""
        if value is None:
            return []
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _identifiers(self) -> EntityMapping:
        where = f"schema.entities[{self.label!r}]" if isinstance(self.label, str) else "schema.entities"
        for name in _ENTITY_FIELDS["identifiers"]:
            _check(getattr(self, name), f"{where}.{name}")
        for name in _ENTITY_FIELDS["identifier_lists"]:
            for i, value in enumerate(getattr(self, name)):
                validate_identifier(value, f"{where}.{name}[{i}]")
        if not self.name and not self.key and not self.label_in_name:
            raise ConfigError(f"{where}: give `name` (the properties that name a node) or `key` (nodes are then "
                              f"named '{self.label} <key>')")
        return self


class RelationshipMapping(BaseModel):
    """The fact properties of one relationship type (`ORDERS {quantity, unitPrice, discount}`): each one a unit
    an explanation can remove without removing the relationship. `relation`: the property whose value names each
    relationship's relation where the type only groups them (`RITUAL {relation_type: "primary_deity_of"}`, a
    generic `RELATED {predicate: "parent_of"}`): read as the relationship's label in place of its type (the type
    where the value is missing or blank)."""

    model_config = {"extra": "forbid"}

    type: str
    facts: list[str] = Field(default_factory=list)
    relation: str | None = None

    @model_validator(mode="after")
    def _identifiers(self) -> RelationshipMapping:
        where = f"schema.relationships[{self.type!r}]" if isinstance(self.type, str) else "schema.relationships"
        for name in _REL_FIELDS["identifiers"]:
            _check(getattr(self, name), f"{where}.{name}")
        for name in _REL_FIELDS["identifier_lists"]:
            for i, value in enumerate(getattr(self, name)):
                validate_identifier(value, f"{where}.{name}[{i}]")
        return self


class GraphSchema(BaseModel):
    """How xgrag reads a graph: which nodes are entities, where names, types and relation texts live.
    Defaults (xgrag's own schema) and the presets: cypher/shared_config.json."""

    preset: str = _SCHEMA["preset"]
    entity_label: str = _SCHEMA["entity_label"]
    id_property: str | None = _SCHEMA["id_property"]  # None: elementId()
    name_property: str = _SCHEMA["name_property"]
    alias_property: str | None = _SCHEMA["alias_property"]
    description_property: str | None = _SCHEMA["description_property"]
    type_property: str | None = _SCHEMA["type_property"]  # None: the first label that is not in generic_labels
    generic_labels: list[str] = Field(default_factory=lambda: list(_SCHEMA["generic_labels"]))
    relation_property: str | None = _SCHEMA["relation_property"]  # None: the relationship type
    rel_id_property: str | None = _SCHEMA["rel_id_property"]  # None: elementId()
    # Add a range index on a user graph's entity id. Off where the writing library creates its own
    # uniqueness constraint there (LangChain): an index first would make that constraint fail.
    index_id_property: bool = _SCHEMA["index_id_property"]
    rel_description_property: str | None = _SCHEMA["rel_description_property"]
    # Relationship types between entities that carry no meaning for answering (bookkeeping).
    non_semantic_types: list[str] = Field(default_factory=lambda: list(_SCHEMA["non_semantic_types"]))
    alias_type: str = _SCHEMA["alias_type"]
    embedding_property: str | None = _SCHEMA["embedding_property"]
    # Names of the indexes xgrag creates; distinct per preset so mappings never collide.
    index_prefix: str = _SCHEMA["index_prefix"]
    fulltext_index: str = _SCHEMA["fulltext_index"]
    vector_index: str = _SCHEMA["vector_index"]
    provenance: ProvenanceMapping = Field(default_factory=ProvenanceMapping)
    # A general mapping (any labels, facts in properties): the entity labels with their names and fact properties,
    # and the fact properties per relationship type. Empty `entities`: one label, `entity_label`, named by
    # `name_property` (the library presets). See `entity_mappings`.
    entities: list[EntityMapping] = Field(default_factory=list)
    relationships: list[RelationshipMapping] = Field(default_factory=list)
    # Nothing is ever written to the database: no indexes, constraints, migration records or saved explanations
    # (every write is refused by the store); linking then reads names into memory (xgrag.retrieval.name_index).
    read_only: bool = bool(_SCHEMA["read_only"])
    # "stored": a relationship's stored direction is its meaning's. "undirected-sorted": the writer stores every edge
    # for the sorted pair of its ends (LightRAG), so retrieval reads the direction from the relationship's
    # description and marks it undirected when that does not say (xgrag.model.direction, Relationship.reading)
    relationship_direction: Literal["stored", "undirected-sorted"] = _SCHEMA["relationship_direction"]

    @model_validator(mode="after")
    def _identifiers(self) -> GraphSchema:
        for name in _FIELDS["identifiers"]:
            _check(getattr(self, name), f"schema.{name}")
        for name in _FIELDS["identifier_lists"]:
            for i, value in enumerate(getattr(self, name)):
                validate_identifier(value, f"schema.{name}[{i}]")
        if self.alias_type not in self.non_semantic_types:
            self.non_semantic_types = [*self.non_semantic_types, self.alias_type]
        labels = [e.label for e in self.entities]
        if len(set(labels)) != len(labels):
            dup = sorted({x for x in labels if labels.count(x) > 1})
            raise ConfigError(f"schema.entities: the label {dup[0]!r} is listed twice (one [[schema.entities]] "
                              "table per label)")
        types = [r.type for r in self.relationships]
        if len(set(types)) != len(types):
            dup = sorted({x for x in types if types.count(x) > 1})
            raise ConfigError(f"schema.relationships: the type {dup[0]!r} is listed twice")
        if self.entities and (self.id_property or self.rel_id_property):
            raise ConfigError("schema.entities: a general mapping identifies nodes and relationships by elementId(); "
                              "set id_property and rel_id_property to nothing (preset 'domain' does)")
        return self

    @property
    def general(self) -> bool:
        """A mapping with its own [[schema.entities]] (any labels, composite names, property facts)."""
        return bool(self.entities)

    def entity_mappings(self) -> list[EntityMapping]:
        """Every entity label and how it reads: the general mapping's tables, or the one label of a preset."""
        if self.entities:
            return list(self.entities)
        return [EntityMapping(label=self.entity_label, key=self.id_property, name=[self.name_property],
                              aliases=[self.alias_property] if self.alias_property else [],
                              description=self.description_property)]

    def entity_labels(self) -> list[str]:
        return [e.label for e in self.entity_mappings()]

    def read_labels(self) -> set[str]:
        """Every label this mapping reads: its entity labels (and their generic co-labels), the chunks and documents
        of its provenance."""
        p = self.provenance
        return {*self.entity_labels(), *self.generic_labels, *(x for x in (p.chunk_label, p.document_label) if x)}

    def relationship_facts(self) -> dict[str, list[str]]:
        """Relationship type -> its fact properties (types with none are left out)."""
        return {r.type: list(r.facts) for r in self.relationships if r.facts}

    def node_facts(self) -> dict[str, list[str]]:
        """Entity label -> its fact properties (labels with none are left out)."""
        return {e.label: list(e.facts) for e in self.entity_mappings() if e.facts}

    @property
    def has_property_facts(self) -> bool:
        return bool(self.node_facts() or self.relationship_facts())

    @property
    def key(self) -> str:
        """Identifies the mapping in xgrag's migration records."""
        if self.entities:
            return f"{self.preset}:{'|'.join(self.entity_labels())}"
        return f"{self.preset}:{self.entity_label}"


PRESETS: tuple[str, ...] = tuple(_SHARED["presets"])
# Why each library preset maps the library's graph the way it does (relation text, provenance):
# cypher/shared_config.json "preset_notes" (lightrag: relations rendered from `keywords`, not the type DIRECTED).
PRESET_NOTES: dict[str, str] = dict(_SHARED.get("preset_notes", {}))


def readable(exc: ValidationError, prefix: str = "") -> str:
    """A pydantic validation error as lines a person reads: `schema.entities[2].facts: must be a list`, not the
    raw dump with URLs and input reprs."""
    lines = []
    for err in exc.errors(include_url=False, include_input=False):
        loc = prefix
        for part in err["loc"]:
            loc += f"[{part}]" if isinstance(part, int) else (f".{part}" if loc else str(part))
        msg = str(err["msg"]).removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown field (check its spelling)"
        # validators name their own field (`schema.entities['Order'].facts[0]: ...`): keep their wording
        lines.append(msg if msg.startswith(("schema.", "retrieval.")) else f"{loc or 'settings'}: {msg}")
    return "; ".join(dict.fromkeys(lines))


def schema_preset(name: str, **overrides: object) -> GraphSchema:
    """A preset from cypher/shared_config.json with field overrides (a `provenance` dict is merged field by field)."""
    if name not in _SHARED["presets"]:
        raise ConfigError(f"schema.preset: unknown preset {name!r}; choose one of {sorted(PRESETS)}")
    unknown = sorted(set(overrides) - set(GraphSchema.model_fields) - {"preset"})
    if unknown:
        raise ConfigError(f"schema.{unknown[0]}: unknown field (check its spelling; the fields are listed in "
                          "README's configuration section)")
    data = GraphSchema().model_dump()
    for layer in (_SHARED["presets"][name], overrides):
        layer = dict(layer)
        prov = layer.pop("provenance", None)
        data.update(layer)
        if isinstance(prov, dict):
            data["provenance"] = {**data["provenance"], **prov}
        elif prov is not None:
            data["provenance"] = prov
    try:
        return GraphSchema.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(readable(exc, "schema")) from None


class Neo4jSettings(BaseModel):
    uri: str | None = None  # None: the embedded server
    user: str = "neo4j"
    password: str | None = None
    database: str = "neo4j"
    # seconds the driver may retry a failed read or wait for a connection before xgrag reports the server lost
    # (xgrag.store.neo4j.DEFAULT_RETRY_BUDGET says why 3); $XGRAG_NEO4J_RETRY_BUDGET or [neo4j] retry_budget
    retry_budget: float = Field(default=3.0, gt=0, le=600)


_JVM_OPTIONS_OF_XGRAG = frozenset({"-cp", "-classpath", "--class-path", "-jar", "-XX:SharedArchiveFile",
                                   "-XX:ArchiveClassesAtExit"})


class EmbeddedSettings(BaseModel):
    home: Path = Field(default_factory=lambda: Path.home() / ".xgrag" / "embedded")
    port: int = 0  # 0: pick a free loopback port
    heap: str = "2g"
    pagecache: str = "256m"
    start_timeout: float = 180.0
    # Extra JVM flags (XGRAG_NEO4J_JVM_OPTS, split like a shell line), after xgrag's own: e.g. the test suite's
    # -XX:TieredStopAtLevel=1. Flags only: the classpath and main class are xgrag's.
    jvm_options: list[str] = Field(default_factory=list)
    # Start from a class-data-sharing archive of the launcher's classes (prepared once per build of the jars,
    # under embedded-neo4j/target/cds/): the JVM maps the classes instead of loading ~200 jars' worth each start.
    class_archive: bool = True

    @field_validator("jvm_options")
    @classmethod
    def _flags_only(cls, options: list[str]) -> list[str]:
        for option in options:
            if not option.startswith("-") or option.split("=", 1)[0] in _JVM_OPTIONS_OF_XGRAG:
                raise ValueError(f"jvm_options: {option!r} is not an extra JVM flag (the classpath, main class and "
                                 "class archive are xgrag's)")
        return options


class RetrievalSettings(BaseModel):
    """Defaults: cypher/shared_config.json (the Java procedures use the same)."""

    hops: int = _RETRIEVAL["hops"]
    max_nodes: int = _RETRIEVAL["max_nodes"]
    max_relationships: int = _RETRIEVAL["max_relationships"]
    max_path_length: int = _RETRIEVAL["max_path_length"]
    max_paths: int = _RETRIEVAL["max_paths"]
    max_pairs: int = _RETRIEVAL["max_pairs"]  # seed pairs whose shortest paths are searched (paths mode)
    link_limit: int = _RETRIEVAL["link_limit"]
    # vector linking: Neo4j cosine score (1 + cos) / 2 of a question span and an entity name; 0.9 = cos 0.8
    link_min_score: float = _RETRIEVAL["link_min_score"]
    vector_link_top: int = _RETRIEVAL["vector_link_top"]
    # facts stored in properties (general mappings): at most this many per context, the question's own entities'
    # first, then those whose key is closest to the question (xgrag.retrieval.properties); 0 states none
    max_property_facts: int = Field(default=_RETRIEVAL["max_property_facts"], ge=0)
    # Python only (the Java procedures have no PCST):
    # PCST-merge (Ex-GraphRAG §3.1; mode "pcst"). Seeds: linked entities + the pcst_seed_k nearest name
    # embeddings. hops=1: the seeds' whole 1-hop pool; hops>1: per hop, the pcst_top_k_per_hop new neighbours
    # most similar to the question, per frontier entity. Rank prizes on the pcst_prize_nodes most similar
    # candidates, uniform edge cost (G-Retriever's 0.5), then merged with the subgraph induced by the
    # pcst_merge_nodes most similar candidates. pcst_hops: the hops when a call names none (the paper's h = 3).
    # The paper takes 4 vector seeds and no linking. Beside linking, 1 is enough: on metaqa-full dev 2-hop
    # questions (n=100) 4 seeds gave recall 0.92 at 58 nodes, 1 seed 0.90 at 24 (k-hop 2: 0.90 at 79); the other
    # 3 are mostly names merely near the question's words (benchmarks/results/retrieval_modes*.json).
    pcst_seed_k: int = Field(default=1, ge=0)
    pcst_hops: int = Field(default=3, ge=1, le=4)
    pcst_top_k_per_hop: int = Field(default=5, ge=1)
    pcst_prize_nodes: int = Field(default=100, ge=0)
    pcst_merge_nodes: int = Field(default=200, ge=0)
    pcst_edge_cost: float = Field(default=0.5, gt=0)
    # bounds on the candidate pool; a cut sets `truncated`. An entity of higher degree is not expanded (ranking
    # a hub's thousands of neighbours by similarity costs more than the whole retrieval): not in the paper.
    pcst_max_expand_degree: int = Field(default=300, ge=0)
    pcst_max_candidates: int = Field(default=3000, ge=1)
    pcst_max_candidate_relationships: int = Field(default=20000, ge=1)

    @field_validator("hops", "max_path_length")
    @classmethod
    def _in_range(cls, v: int, info: ValidationInfo) -> int:
        low, high = _RETRIEVAL["ranges"][info.field_name]
        if not low <= v <= high:
            raise ConfigError(f"retrieval.{info.field_name}: {v} is outside {low}..{high}")
        return v

    @field_validator("max_nodes", "max_relationships", "max_paths", "max_pairs", "link_limit", "vector_link_top")
    @classmethod
    def _positive(cls, v: int, info: ValidationInfo) -> int:
        if v < 1:
            raise ConfigError(f"retrieval.{info.field_name}: {v} must be at least 1")
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


def config_file(path: str | Path | None = None, env: dict[str, str] | None = None) -> Path | None:
    """The settings file `load_settings` reads: `path`, else $XGRAG_CONFIG, else ./xgrag.toml when present."""
    env = dict(os.environ if env is None else env)
    if path:
        return Path(path)
    if env.get("XGRAG_CONFIG"):
        return Path(env["XGRAG_CONFIG"])
    return Path("xgrag.toml") if Path("xgrag.toml").is_file() else None


_SCHEMA_HINT = ("fix that field of [schema] in {file} (README, Configuration, lists the fields), or write a fresh "
                "mapping of the connected graph: xgrag schema infer --write {file} --force")


def _optional_identifiers(model: type[BaseModel], names: list[str]) -> set[str]:
    return {n for n in names if type(None) in getattr(model.model_fields[n].annotation, "__args__", ())}


def _toml_nulls(schema_data: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: in [schema] and [schema.provenance] an optional identifier written "" is set to nothing
    (`document_label = ""`: the chunks belong to no document nodes), as null is in the procedures' config map.
    `xgrag schema infer` writes such fields so."""
    top = _optional_identifiers(GraphSchema, _FIELDS["identifiers"])
    prov = _optional_identifiers(ProvenanceMapping, _FIELDS["provenance_identifiers"])
    out = {k: None if k in top and v == "" else v for k, v in schema_data.items()}
    provenance = out.get("provenance")
    if isinstance(provenance, dict):
        out["provenance"] = {k: None if k in prov and v == "" else v for k, v in provenance.items()}
    return out


def load_settings(path: str | Path | None = None, env: dict[str, str] | None = None,
                  preset: str | None = None) -> Settings:
    """Settings from (lowest to highest priority) defaults, a TOML file, then environment variables.

    The file is `path`, else $XGRAG_CONFIG, else ./xgrag.toml when present. The schema preset: `preset` (the CLI's
    --preset), else $XGRAG_SCHEMA_PRESET, else the file's [schema] preset, else "xgrag"; the file's other [schema]
    fields override the chosen preset's.
    """
    env = dict(os.environ if env is None else env)
    data: dict[str, Any] = {}
    file = config_file(path, env)
    if file is not None:
        if not file.is_file():
            raise ConfigError(f"config file {file} does not exist")
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{file}: {exc}", hint="fix the TOML syntax at that line") from exc
    schema_data = data.pop("schema", {})
    file_preset = schema_data.pop("preset", None)  # never an override of the chosen preset's name
    preset = preset or env.get("XGRAG_SCHEMA_PRESET") or file_preset or "xgrag"
    if not isinstance(schema_data, dict):
        raise ConfigError(f"{file}: [schema] must be a table")
    schema_data = _toml_nulls(schema_data)
    try:
        schema = schema_preset(preset, **schema_data)
    except ConfigError as exc:
        if file is not None and not str(exc).startswith(str(file)):
            raise ConfigError(f"{file}: {exc}", hint=exc.hint or _SCHEMA_HINT.format(file=file)) from None
        raise
    except ValueError as exc:
        raise ConfigError(f"schema: {exc}") from exc
    neo = data.setdefault("neo4j", {})
    for key, var in (("uri", "NEO4J_URI"), ("user", "NEO4J_USER"), ("password", "NEO4J_PASSWORD"),
                     ("database", "NEO4J_DATABASE")):
        if env.get(var):
            neo[key] = env[var]
    if env.get("XGRAG_NEO4J_RETRY_BUDGET"):
        neo["retry_budget"] = env["XGRAG_NEO4J_RETRY_BUDGET"]
    emb = data.setdefault("embedded", {})
    if env.get("XGRAG_HOME"):
        emb["home"] = str(Path(env["XGRAG_HOME"]) / "embedded")
    if env.get("XGRAG_NEO4J_HEAP"):
        emb["heap"] = env["XGRAG_NEO4J_HEAP"]
    if env.get("XGRAG_NEO4J_JVM_OPTS"):
        emb["jvm_options"] = shlex.split(env["XGRAG_NEO4J_JVM_OPTS"])
    if env.get("XGRAG_EMBEDDING_DIMENSIONS"):
        data["embedding_dimensions"] = int(env["XGRAG_EMBEDDING_DIMENSIONS"])
    try:
        settings = Settings.model_validate({**data, "schema": schema})
    except ValidationError as exc:
        raise ConfigError(f"{file or 'settings'}: {readable(exc)}") from None
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    return settings
