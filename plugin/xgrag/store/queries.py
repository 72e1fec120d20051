"""Loads `cypher/<name>.cypher` and fills schema placeholders with validated identifiers.

Placeholders are `{{NAME}}` or `{{NAME:var}}`. They expand only to identifiers from the validated
GraphSchema (back-quoted) or to fixed Cypher expressions; every value a query needs is a `$parameter`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from xgrag.config import EntityMapping, GraphSchema, resource_dir, shared_config, validate_identifier

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


def _text_list(values: list[str]) -> str:
    """A Cypher list literal of texts from xgrag's own configuration (never a user's value: those are parameters)."""
    return "[" + ", ".join("'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'" for v in values) + "]"


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


def _string(identifier: str) -> str:
    """A validated identifier as a Cypher string literal (it cannot hold a quote)."""
    return f"'{validate_identifier(identifier, 'identifier')}'"


# The longest property value stated as a fact (characters of its text; list items counted apiece): a longer value
# is free text or a blob, never part of a prompt, whatever the mapping says. The Java procedures use the same.
MAX_FACT_CHARS: int = int(shared_config()["retrieval"]["max_fact_chars"])
MAX_FACT_ITEMS: int = int(shared_config()["retrieval"]["max_fact_items"])
# texts that state nothing, compared trimmed and in lower case (an empty description, a placeholder "n/a")
BLANK_VALUES: list[str] = [str(v) for v in shared_config()["retrieval"]["blank_values"]]


def _fact_pairs(v: str, keys: list[str] | str) -> str:
    """[[key, value], ...] of the given fact properties of `v` (a list of keys, or a Cypher list expression of them)
    that are set, not blank and short enough to be facts. (A blank text states nothing: met-fashion's garments all
    hold an empty `description`, its artworks often an empty `culture`, which the reader gave as an answer; nor
    does "n/a", the placeholder french-medicines' diseases hold for their abbreviations.)"""
    listed = keys if isinstance(keys, str) else _list_literal(keys)
    return (f"[k IN {listed} WHERE {v}[k] IS NOT NULL AND CASE WHEN valueType({v}[k]) STARTS WITH 'LIST' "
            f"THEN size({v}[k]) <= {MAX_FACT_ITEMS} ELSE size(toString({v}[k])) <= {MAX_FACT_CHARS} "
            f"AND NOT toLower(trim(toString({v}[k]))) IN {_text_list(BLANK_VALUES)} END | [k, {v}[k]]]")


def _general(s: GraphSchema) -> dict[str, Callable[[str | None], str]]:
    """Expanders that differ for a general mapping (several labels, composite names, property facts). A node
    carrying several mapped labels reads as the first of them in mapping order (its name and type), and states the
    facts of all of them."""
    mappings = s.entity_mappings()

    def by_label(v: str | None, expr: Callable[[str, EntityMapping], str | None], default: str = "null") -> str:
        arms = [(m.label, expr(str(v), m)) for m in mappings]
        arms = [(label, e) for label, e in arms if e is not None]
        if not arms:
            return default
        return "CASE " + " ".join(f"WHEN {v}:{q(label)} THEN {e}" for label, e in arms) + f" ELSE {default} END"

    def name_of(v: str, m: EntityMapping) -> str:
        # no key: the label alone for a node that holds nothing to name it by (label_in_name) or lacks the name most
        # of its label's nodes have (a person reads "WorkingGroup", never an element id), else its element id
        keyed = (f"{_string(m.label)} + ' ' + toString({v}.{q(m.key)})" if m.key
                 else _string(m.label) if m.label_in_name or m.name else f"elementId({v})")
        if m.name_fallback:  # where no part of the name is set: the first fallback set, then the label and key
            keyed = "coalesce(" + ", ".join([*(f"toString({v}.{q(p)})" for p in m.name_fallback), keyed]) + ")"
        if not m.name:
            return keyed
        labelled = f"{_string(m.label)} + ' ' + " if m.label_in_name else ""
        if len(m.name) == 1 and not m.label_in_name:
            return f"coalesce(toString({v}.{q(m.name[0])}), {keyed})"
        parts = " + ' ' + ".join(f"coalesce(toString({v}.{q(p)}), '')" for p in m.name)
        joined = f"trim({parts})"
        # every part missing: the label and key, never an empty name
        return f"CASE WHEN {joined} = '' THEN {keyed} ELSE {labelled}{joined} END"

    def prop_of(field: str) -> Callable[[str, EntityMapping], str | None]:
        def expr(v: str, m: EntityMapping) -> str | None:
            prop = getattr(m, field)
            return f"{v}.{q(prop)}" if prop else None
        return expr

    def aliases_of(v: str, m: EntityMapping) -> str | None:
        # each property a list of names or one value (a login, a code): every value as text, a missing one as none
        parts = [f"CASE WHEN {v}.{q(p)} IS NULL THEN [] WHEN valueType({v}.{q(p)}) STARTS WITH 'LIST' "
                 f"THEN [x IN {v}.{q(p)} | toString(x)] ELSE [toString({v}.{q(p)})] END" for p in m.aliases]
        return " + ".join(parts) if parts else None

    def facts_of(v: str, m: EntityMapping) -> str | None:
        return _fact_pairs(v, m.facts) if m.facts else None

    def node_facts(v: str | None) -> str:
        # the facts of every mapped label the node carries, each key once (a node that is both a Service and a
        # Software states its ports, mapped for Software, though it reads as a Service: network-management's
        # "neo4j" lost its ports when Service's sample no longer held a Software node)
        factual = [m for m in mappings if m.facts]
        if len(factual) <= 1:
            return by_label(v, facts_of, "[]")
        keys = " + ".join(f"CASE WHEN {v}:{q(m.label)} THEN {_list_literal(m.facts)} ELSE [] END" for m in factual)
        return _fact_pairs(str(v), f"reduce(acc = [], k IN {keys} | CASE WHEN k IN acc THEN acc ELSE acc + k END)")

    def rel_facts(v: str | None) -> str:
        arms = [f"WHEN {_string(t)} THEN {_fact_pairs(str(v), keys)}" for t, keys in s.relationship_facts().items()]
        return f"CASE type({v}) {' '.join(arms)} ELSE [] END" if arms else "[]"

    def rel_label(v: str | None) -> str:
        # a type that only groups its relationships reads each one's relation from the mapped property (the type
        # where it is missing or blank): "primary_deity_of", not "RITUAL"
        arms = [f"WHEN {_string(r.type)} THEN CASE WHEN trim(coalesce(toString({v}.{q(r.relation)}), '')) = '' "
                f"THEN type({v}) ELSE toString({v}.{q(r.relation)}) END" for r in s.relationships if r.relation]
        return f"CASE type({v}) {' '.join(arms)} ELSE type({v}) END"

    name_props = list(dict.fromkeys(p for m in mappings for p in [*m.name, *m.name_fallback, *m.aliases]))
    relations = {"REL": rel_label} if any(r.relation for r in s.relationships) else {}
    return {
        **relations,
        "ENTITY": lambda _: "|".join(q(m.label) for m in mappings),
        "NAME": lambda v: by_label(v, name_of, f"elementId({v})"),
        "TYPE": lambda v: by_label(v, lambda _v, m: _string(m.label)),
        "ALIASES": lambda v: "[]" if not any(m.aliases for m in mappings)
        else f"coalesce({by_label(v, aliases_of)}, [])",
        "DESCRIPTION": lambda v: by_label(v, prop_of("description")),
        "NODEFACTS": node_facts,
        "RELFACTS": rel_facts,
        "FULLTEXT_PROPS": lambda v: ", ".join(f"{v}.{q(p)}" for p in name_props),
    }


def _expanders(s: GraphSchema) -> dict[str, Callable[[str | None], str]]:
    p = s.provenance

    def node_id(v: str | None) -> str:
        return f"{v}.{q(s.id_property)}" if s.id_property else f"elementId({v})"

    def rel_id(v: str | None) -> str:
        return f"{v}.{q(s.rel_id_property)}" if s.rel_id_property else f"elementId({v})"

    # a general mapping reads names, types, aliases and descriptions per label (_general); a preset from one label
    general = _general(s) if s.general else {}

    def node_type(v: str | None) -> str:
        if general:
            return general["TYPE"](v)
        if s.type_property:
            return f"{v}.{q(s.type_property)}"
        return f"head([l IN labels({v}) WHERE NOT l IN {_list_literal(s.generic_labels)}])"

    def aliases(v: str | None) -> str:
        if general:
            return general["ALIASES"](v)
        return f"coalesce({v}.{q(s.alias_property)}, [])" if s.alias_property else "[]"

    def rel_label(v: str | None) -> str:
        if "REL" in general:
            return general["REL"](v)
        return f"{v}.{q(s.relation_property)}" if s.relation_property else f"type({v})"

    def node_name(v: str | None) -> str:
        return general["NAME"](v) if general else f"toString({v}.{q(s.name_property)})"

    def node_fields(v: str | None) -> dict[str, str]:
        description = general["DESCRIPTION"](v) if general else _prop(str(v), s.description_property)
        return {"id": node_id(v), "name": node_name(v), "type": node_type(v),
                "aliases": aliases(v), "description": description}

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

    table: dict[str, Callable[[str | None], str]] = {
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
        "NAME": node_name,
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
        # chunk nodes by the id provenance holds, and their text (provenance with text: cypher/chunk_texts.cypher)
        "CHUNK": lambda _: q(p.chunk_label),
        "CHUNK_ID": lambda v: _prop(str(v), p.chunk_node_id_property, f"elementId({v})"),
        "CHUNK_TEXT": lambda v: _prop(str(v), p.chunk_text_property),
        # property facts: [[key, value], ...] of a node / a relationship (a preset maps none: [])
        "NODEFACTS": lambda _: "[]",
        "RELFACTS": lambda _: "[]",
    }
    table.update(general)
    return table


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
