"""Loads `cypher/<name>.cypher` and fills schema placeholders with validated identifiers.

Placeholders are `{{NAME}}` or `{{NAME:var}}`. They expand only to identifiers from the validated
GraphSchema (back-quoted) or to fixed Cypher expressions; every value a query needs is a `$parameter`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from xgrag.config import GraphSchema, resource_dir, shared_config, validate_identifier

# Field order of the flat rows that {{NODEROW:v}} and {{RELROW:v}} render (lists instead of maps: the hot
# retrieval queries return hundreds of them, and a list decodes in about half the client time of a map);
# declared in cypher/shared_config.json, which the Java procedures read too.
NODE_ROW: tuple[str, ...] = tuple(shared_config()["rows"]["node"])
REL_ROW: tuple[str, ...] = tuple(shared_config()["rows"]["relationship"])
PROVENANCE_ROW: tuple[str, ...] = tuple(shared_config()["rows"]["provenance"])

_PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)(?::([A-Za-z_][A-Za-z0-9_]*))?\}\}")


def q(identifier: str) -> str:
    """Back-quote an identifier that has passed validation."""
    validate_identifier(identifier, "identifier")
    return f"`{identifier}`"


def _list_literal(values: list[str]) -> str:
    return "[" + ", ".join(f"'{validate_identifier(v, 'identifier')}'" for v in values) + "]"


class QueryLibrary:
    """Renders named queries for one schema. Cached: rendering is pure."""

    def __init__(self, schema: GraphSchema, root: Path | None = None) -> None:
        self.schema = schema
        self.root = root or resource_dir("cypher")
        self._cache: dict[str, str] = {}

    def names(self) -> list[str]:
        return sorted(p.stem for p in self.root.glob("*.cypher"))

    def raw(self, name: str) -> str:
        if not re.fullmatch(r"[a-z0-9_]+", name):
            raise ValueError(f"bad query name {name!r}")
        path = self.root / f"{name}.cypher"
        if not path.is_file():
            raise FileNotFoundError(f"no query file {path}")
        return path.read_text(encoding="utf-8")

    def get(self, name: str) -> str:
        if name not in self._cache:
            self._cache[name] = render(self.raw(name), self.schema)
        return self._cache[name]


def _prop(var: str, prop: str | None, default: str = "null") -> str:
    return f"{var}.{q(prop)}" if prop else default


def _expanders(s: GraphSchema) -> dict[str, Callable[[str | None], str]]:
    p = s.provenance

    def node_id(v: str | None) -> str:
        return f"{v}.{q(s.id_property)}" if s.id_property else f"elementId({v})"

    def rel_id(v: str | None) -> str:
        return f"{v}.{q(s.rel_id_property)}" if s.rel_id_property else f"elementId({v})"

    def node_type(v: str | None) -> str:
        if s.type_property:
            return f"{v}.{q(s.type_property)}"
        return f"head([l IN labels({v}) WHERE NOT l IN {_list_literal(s.generic_labels)}])"

    def aliases(v: str | None) -> str:
        return f"coalesce({v}.{q(s.alias_property)}, [])" if s.alias_property else "[]"

    def rel_label(v: str | None) -> str:
        return f"{v}.{q(s.relation_property)}" if s.relation_property else f"type({v})"

    def node_fields(v: str | None) -> dict[str, str]:
        return {"id": node_id(v), "name": f"toString({v}.{q(s.name_property)})", "type": node_type(v),
                "aliases": aliases(v), "description": _prop(str(v), s.description_property)}

    def rel_fields(v: str | None) -> dict[str, str]:
        return {"id": rel_id(v), "source": node_id(f"startNode({v})"), "target": node_id(f"endNode({v})"),
                "label": f"toString({rel_label(v)})", "description": _prop(str(v), s.rel_description_property)}

    def node_map(v: str | None) -> str:
        fields = node_fields(v)
        return "{" + ", ".join(f"{k}: {fields[k]}" for k in NODE_ROW) + "}"

    def prov_properties() -> dict[str, str | None]:
        return {field: getattr(p, f"{field}_property") for field in PROVENANCE_ROW}

    def prov(v: str | None) -> str:
        if p.mode != "relationship":
            return "{}"
        fields = prov_properties()
        inner = ", ".join(f"{k}: {_prop(str(v), prop)}" for k, prop in fields.items() if prop)
        return "{" + inner + "}"

    def rel_map(v: str | None) -> str:
        fields = rel_fields(v)
        return "{" + ", ".join(f"{k}: {fields[k]}" for k in REL_ROW) + f", provenance: {prov(v)}}}"

    # rows list the fields in the order cypher/shared_config.json declares (the decoders read the same order)
    def node_row(v: str | None) -> str:
        fields = node_fields(v)
        return "[" + ", ".join(fields[k] for k in NODE_ROW) + "]"

    def rel_row(v: str | None) -> str:
        fields = rel_fields(v)
        props = prov_properties() if p.mode == "relationship" else {}
        values = [fields[k] for k in REL_ROW] + [_prop(str(v), props.get(k)) for k in PROVENANCE_ROW]
        return "[" + ", ".join(values) + "]"

    def semantic(v: str | None) -> str:
        return f"NOT type({v}) IN {_list_literal(s.non_semantic_types)}"

    def mention(v: str | None) -> str:
        # (chunk)-[:T]->(entity) or (entity)-[:T]->(chunk); `v` names the entity variable
        t = q(p.mention_type)
        c = f"(c:{q(p.chunk_label)})"
        return f"{c}-[:{t}]->({v})" if p.mention_direction == "chunk_to_entity" else f"({v})-[:{t}]->{c}"

    def chunk_doc(_: str | None) -> str:
        if not (p.document_label and p.chunk_document_type):
            return "WITH pair, c, c AS d"
        t = q(p.chunk_document_type)
        d = f"(d:{q(p.document_label)})"
        pattern = f"{d}-[:{t}]->(c)" if p.chunk_document_direction == "document_to_chunk" else f"(c)-[:{t}]->{d}"
        return f"OPTIONAL MATCH {pattern}"

    def mention_prov(_: str | None) -> str:
        return (
            f"{{doc_id: {_prop('d', p.document_id_property)}, "
            f"chunk_id: {_prop('c', p.chunk_node_id_property, 'elementId(c)')}, "
            f"chunk_index: {_prop('c', p.chunk_node_index_property)}, "
            f"source: {_prop('d', p.document_source_property)}}}"
        )

    return {
        "ENTITY": lambda _: q(s.entity_label),
        "ALIAS_REL": lambda _: q(s.alias_type),
        "NAME_PROP": lambda _: q(s.name_property),
        "EMBEDDING_PROP": lambda _: q(s.embedding_property or "name_embedding"),
        "ID_PROP": lambda _: q(s.id_property or "id"),
        "INDEX": lambda v: q(f"{s.index_prefix}_{v}"),
        "FULLTEXT_INDEX": lambda _: q(s.fulltext_index),
        "VECTOR_INDEX": lambda _: q(s.vector_index),
        "FULLTEXT_PROPS": lambda v: ", ".join(
            f"{v}.{q(prop)}" for prop in (s.name_property, s.alias_property) if prop
        ),
        "ID": node_id,
        "RID": rel_id,
        "NAME": lambda v: f"toString({v}.{q(s.name_property)})",
        "TYPE": node_type,
        "ALIASES": aliases,
        "REL": rel_label,
        "NODE": node_map,
        "RELMAP": rel_map,
        "NODEROW": node_row,
        "RELROW": rel_row,
        "SEMANTIC": semantic,
        "MENTION": mention,
        "CHUNK_DOC": chunk_doc,
        "MENTION_PROV": mention_prov,
    }


@cache
def _expanders_for(schema_json: str) -> dict[str, Callable[[str | None], str]]:
    return _expanders(GraphSchema.model_validate_json(schema_json))


def render(text: str, schema: GraphSchema) -> str:
    table = _expanders_for(schema.model_dump_json())

    def sub(m: re.Match[str]) -> str:
        key, var = m.group(1), m.group(2)
        if key not in table:
            raise ValueError(f"unknown placeholder {{{{{key}}}}}")
        return table[key](var)

    return _PLACEHOLDER.sub(sub, text)
