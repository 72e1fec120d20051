"""A neo4j-graphrag RetrieverResult mapped onto the graph, read-only: which entities and facts each item names.

An item's `metadata` names graph elements by id: `node_id`, `element_id`, `elementId`, `id` (VectorRetriever's
default formatter puts the hit's elementId there), `node_ids`, `element_ids`, `entity_ids`, `nodes` (ids or driver
`Node`s), `relationship_id`, `relationship_ids`, `rel_ids`, `relationships` (ids or driver `Relationship`s), and
`graph` / `paths` (the draft explain payload's `GraphContext`, its dict form, or driver `Path`s; a path's
relationship without an id is looked up by its ends and type). `record_formatter()` makes a VectorCypher /
HybridCypher `result_formatter` that keeps a query's id columns there.

Relationship ids become the stored semantic relationships between entities (`relationships_by_id`), node ids the
entities (`nodes_by_id`), under the store's schema preset (`neo4j-graphrag` for graphs its SimpleKGPipeline wrote).
Ids that are not entities (a `Chunk`) and text-only items are reported with the reason; a chunk's own facts (the
entities that mention it and the relationships among them, `chunk_facts`) are looked up separately, for tracing
the chunk's sentences. Nothing is inferred from text here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import neo4j
from neo4j_graphrag.types import RetrieverResult, RetrieverResultItem

from xgrag.errors import UsageError
from xgrag.model import Node, Relationship, Subgraph
from xgrag.model.provenance import fact_provenance
from xgrag.model.trace import Neo4jGraphRAGMap
from xgrag.retrieval import Retriever
from xgrag.retrieval.linking import node_from_map
from xgrag.store.neo4j import Neo4jStore

NODE_KEYS = ("node_id", "element_id", "elementId", "id")
NODE_LIST_KEYS = ("node_ids", "element_ids", "entity_ids", "nodes")
REL_KEYS = ("relationship_id",)
REL_LIST_KEYS = ("relationship_ids", "rel_ids", "relationships")
GRAPH_KEYS = ("graph", "paths")
ID_KEYS = frozenset(NODE_KEYS + NODE_LIST_KEYS + REL_KEYS + REL_LIST_KEYS + GRAPH_KEYS)
_MAX_IDS = 2000  # ids looked up per result

Mapping_ = Literal["facts", "entities", "unmapped"]


def plain(value: Any) -> Any:
    """A JSON-safe copy: driver graph values become their elementIds, temporal values ISO strings."""
    if isinstance(value, neo4j.graph.Node | neo4j.graph.Relationship):
        return value.element_id
    if isinstance(value, neo4j.graph.Path):
        return [plain(e) for e in _path_elements(value)]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    iso = getattr(value, "iso_format", None)
    return iso() if callable(iso) else str(value)


def record_formatter(content_key: str = "text") -> Callable[[neo4j.Record], RetrieverResultItem]:
    """A `result_formatter` for VectorCypherRetriever / HybridCypherRetriever: `content` = the record's
    `content_key` column, `metadata` = every other column (ids, scores, ...), driver `Path`s kept as they are (the
    mapping reads their elements' ids). Pair it with a retrieval query that returns `elementId(...)`s, e.g.
    `[r IN rels | elementId(r)] AS relationship_ids`."""

    def format_record(record: neo4j.Record) -> RetrieverResultItem:
        if content_key not in record.keys():
            raise UsageError(f"record_formatter: the retrieval query returns no {content_key!r} column "
                             f"(columns: {', '.join(record.keys())})")
        meta = {k: (v if isinstance(v, neo4j.graph.Path) else plain(v))
                for k, v in zip(record.keys(), record.values(), strict=True) if k != content_key}
        return RetrieverResultItem(content=str(record[content_key]), metadata=meta)

    return format_record


@dataclass
class ItemIds:
    """What one RetrieverResultItem names: node ids, relationship ids, and relationships known only by their ends and
    type (path elements without an id)."""

    nodes: list[str] = field(default_factory=list)
    rels: list[str] = field(default_factory=list)
    triples: list[tuple[str, str, str]] = field(default_factory=list)  # (source id, type, target id)
    paths: list[list[tuple[str, Any]]] = field(default_factory=list)  # ("node", id) / ("rel", id | triple)

    @property
    def empty(self) -> bool:
        return not (self.nodes or self.rels or self.triples)


def _path_elements(path: neo4j.graph.Path) -> list[Any]:
    out: list[Any] = []
    nodes, rels = list(path.nodes), list(path.relationships)
    for i, node in enumerate(nodes):
        out.append(node)
        if i < len(rels):
            out.append(rels[i])
    return out


def _add_node(ids: ItemIds, value: Any) -> str | None:
    """A node id: a string (or integer), a driver Node, or the draft's GraphNodeRef (object or dict)."""
    nid: str | None = None
    if isinstance(value, neo4j.graph.Node):
        nid = value.element_id
    elif isinstance(value, str | int) and not isinstance(value, bool):
        nid = str(value)
    else:
        ref = value.get("id") if isinstance(value, Mapping) else getattr(value, "id", None)
        nid = None if ref is None else str(ref)
    if nid is not None and nid not in ids.nodes:
        ids.nodes.append(nid)
    return nid


def _getter(value: Any) -> Callable[[str], Any]:
    """Read a reference's fields whether it is a dict or an object (the draft's GraphRelationshipRef)."""
    if isinstance(value, Mapping):
        return lambda k: value.get(k)
    return lambda k: getattr(value, k, None)


def _add_rel(ids: ItemIds, value: Any) -> str | tuple[str, str, str] | None:
    if isinstance(value, neo4j.graph.Relationship):
        rid = value.element_id
    elif isinstance(value, str | int) and not isinstance(value, bool):
        rid = str(value)
    else:  # the draft's GraphRelationshipRef (or its dict): type and ends, no id
        get = _getter(value)
        if get("id") is not None:
            rid = str(get("id"))
        elif get("type") and get("start_id") and get("end_id"):
            triple = (str(get("start_id")), str(get("type")), str(get("end_id")))
            if triple not in ids.triples:
                ids.triples.append(triple)
            return triple
        else:
            return None
    if rid not in ids.rels:
        ids.rels.append(rid)
    return rid


def _is_rel_ref(value: Any) -> bool:
    if isinstance(value, neo4j.graph.Relationship):
        return True
    get = _getter(value)
    return get("type") is not None and get("labels") is None


def _add_path(ids: ItemIds, elements: Iterable[Any]) -> None:
    path: list[tuple[str, Any]] = []
    for element in elements:
        if _is_rel_ref(element):
            ref = _add_rel(ids, element)
            if ref is not None:
                path.append(("rel", ref))
        else:
            nid = _add_node(ids, element)
            if nid is not None:
                path.append(("node", nid))
    if path:
        ids.paths.append(path)


def _add_graph(ids: ItemIds, value: Any) -> None:
    """The draft's GraphContext (object or dict), a list of paths, or driver Paths."""
    if isinstance(value, neo4j.graph.Path):
        _add_path(ids, _path_elements(value))
        return
    paths = value.get("paths") if isinstance(value, Mapping) else getattr(value, "paths", value)
    if isinstance(paths, neo4j.graph.Path):
        paths = [paths]
    if not isinstance(paths, list | tuple):
        return
    for path in paths:
        if isinstance(path, neo4j.graph.Path):
            _add_path(ids, _path_elements(path))
        elif isinstance(path, list | tuple):
            _add_path(ids, path)


def ids_of_item(item: RetrieverResultItem) -> ItemIds:
    """The graph elements a RetrieverResultItem names in its metadata (see the module docstring for the keys)."""
    ids = ItemIds()
    meta = item.metadata or {}

    def values(single: Iterable[str], lists: Iterable[str]) -> list[Any]:
        """The non-null values under the single-valued keys, then the members of the list-valued keys."""
        out = [meta[k] for k in single if meta.get(k) is not None]
        return out + [v for k in lists if isinstance(meta.get(k), list | tuple) for v in meta[k] if v is not None]

    for value in values(NODE_KEYS, NODE_LIST_KEYS):
        _add_node(ids, value)
    for value in values(REL_KEYS, REL_LIST_KEYS):
        _add_rel(ids, value)
    for key in GRAPH_KEYS:
        if meta.get(key) is not None:
            _add_graph(ids, meta[key])
    return ids


@dataclass
class SourceMapping:
    """How one item mapped onto the graph: the entities and facts it named, and what it named that is not one."""

    index: int  # 1-based, the draft's numbering of the LLM context
    mapping: Mapping_
    node_ids: list[str] = field(default_factory=list)
    relationship_ids: list[str] = field(default_factory=list)
    induced_relationship_ids: list[str] = field(default_factory=list)
    not_entities: dict[str, list[str]] = field(default_factory=dict)  # id -> labels of a node that is no entity
    missing_node_ids: list[str] = field(default_factory=list)  # no node with this id
    missing_relationships: list[str] = field(default_factory=list)  # no semantic relationship between entities
    paths: list[list[tuple[str, str]]] = field(default_factory=list)  # resolved ("node"|"rel", id) paths
    reason: str | None = None


@dataclass
class MappedResult:
    subgraph: Subgraph
    sources: list[SourceMapping]
    trace: Neo4jGraphRAGMap


def _rel_from_map(row: Mapping[str, Any]) -> Relationship:
    return Relationship(str(row["id"]), str(row["source"]), str(row["target"]), str(row["label"]),
                        row.get("description"), fact_provenance(row.get("provenance")))


def map_retriever_result(store: Neo4jStore, result: RetrieverResult, *,
                         induce_relationships: bool = False) -> MappedResult:
    """Map a neo4j-graphrag RetrieverResult onto the graph behind `store` (its schema preset says what an entity,
    an id and a semantic relationship are). Read-only: one read transaction, ids as parameters."""
    if not isinstance(result, RetrieverResult):
        raise UsageError(f"expected a neo4j_graphrag RetrieverResult, got {type(result).__name__}")
    items = [ids_of_item(item) for item in result.items]
    all_nodes = list(dict.fromkeys(n for it in items for n in it.nodes))
    all_rels = list(dict.fromkeys(r for it in items for r in it.rels))
    all_triples = list(dict.fromkeys(t for it in items for t in it.triples))
    if len(all_nodes) + len(all_rels) + len(all_triples) > _MAX_IDS:
        raise UsageError(f"the retriever result names {len(all_nodes)} nodes, {len(all_rels)} relationships and "
                         f"{len(all_triples)} path relationships; at most {_MAX_IDS} ids are mapped",
                         hint="lower the retriever's top_k or what its retrieval query returns")
    retriever = Retriever(store)
    sub = Subgraph(mode="supplied")
    with store.reading():
        rels: dict[str, Relationship] = {}
        for row in store.read_plain("relationships_by_id", rel_ids=all_rels) if all_rels else []:
            rel = _rel_from_map(row["rel"])
            rels[rel.id] = rel
        by_triple: dict[tuple[str, str, str], Relationship] = {}
        if all_triples:
            rows = store.read_plain("relationships_by_ends",
                                    triples=[{"source": s, "label": t, "target": o} for s, t, o in all_triples])
            for row in rows:
                rel = _rel_from_map(row["rel"])
                rels.setdefault(rel.id, rel)
                for s, t, o in all_triples:
                    if (s, o) == (rel.source, rel.target) and t == rel.label:
                        by_triple.setdefault((s, t, o), rel)
        wanted = list(dict.fromkeys(all_nodes + [e for r in rels.values() for e in (r.source, r.target)]))
        entities: dict[str, Node] = {}
        if wanted:
            for row in store.read_plain("nodes_by_id", ids=wanted, excluded_node_ids=[]):
                node = node_from_map(row["node"])
                entities[node.id] = node
        strangers = [n for n in all_nodes if n not in entities]
        labels = {str(r["id"]): list(r["labels"]) for r in store.read_plain("element_labels", ids=strangers)} \
            if strangers else {}
        induced: dict[str, list[Relationship]] = {}
        if induce_relationships:
            for i, it in enumerate(items):
                ents = [n for n in it.nodes if n in entities]
                if len(ents) > 1 and not it.rels and not it.triples:
                    rows = store.read_plain("relationships_between", ids=ents, rel_ids=None)
                    induced[str(i)] = [_rel_from_map(r["rel"]) for r in rows]
        mapped: list[SourceMapping] = []
        seeds: list[str] = []
        for i, it in enumerate(items):
            sm = SourceMapping(index=i + 1, mapping="unmapped")
            item_rels = [rels[r] for r in it.rels if r in rels] + [by_triple[t] for t in it.triples if t in by_triple]
            sm.missing_relationships = [r for r in it.rels if r not in rels] + \
                [f"({s})-[:{t}]->({o})" for s, t, o in it.triples if (s, t, o) not in by_triple]
            extra = induced.get(str(i), [])
            for rel in [*item_rels, *extra]:
                if rel.source in entities and rel.target in entities:
                    sub.add_node(entities[rel.source])
                    sub.add_node(entities[rel.target])
                    sub.add_relationship(rel)
            sm.relationship_ids = list(dict.fromkeys(r.id for r in item_rels))
            sm.induced_relationship_ids = [r.id for r in extra if r.id not in sm.relationship_ids]
            ents = [n for n in it.nodes if n in entities]
            for n in ents:
                sub.add_node(entities[n])
            ends = [e for r in item_rels + extra for e in (r.source, r.target)]
            sm.node_ids = list(dict.fromkeys(ents + ends))
            seeds += ents
            sm.not_entities = {n: labels[n] for n in it.nodes if n not in entities and n in labels}
            sm.missing_node_ids = [n for n in it.nodes if n not in entities and n not in labels]
            sm.paths = _resolved_paths(it, rels, by_triple, entities)
            sm.mapping = "facts" if sm.relationship_ids or sm.induced_relationship_ids else \
                "entities" if sm.node_ids else "unmapped"
            sm.reason = _reason(store, it, sm)
            mapped.append(sm)
        sub.seeds = [s for s in dict.fromkeys(seeds) if s in sub.nodes]
        retriever.fill_provenance(sub)
    trace = Neo4jGraphRAGMap(
        retriever=(result.metadata or {}).get("__retriever"), items=len(result.items),
        schema_preset=store.schema.preset,
        method="ids in item metadata looked up under the schema preset: relationship ids -> stored semantic "
               "relationships between entities, node ids -> entities; text is never matched"
               + ("; items naming entities only: the relationships among them (induced)" if induce_relationships
                  else ""),
        mapped=[s.index for s in mapped if s.mapping == "facts"],
        entities_only=[s.index for s in mapped if s.mapping == "entities"],
        unmapped=[s.index for s in mapped if s.mapping == "unmapped"],
        induced_relationships=sorted({r for s in mapped for r in s.induced_relationship_ids}),
        nodes=len(sub.nodes), relationships=len(sub.relationships))
    return MappedResult(sub, mapped, trace)


def _resolved_paths(it: ItemIds, rels: Mapping[str, Relationship],
                    by_triple: Mapping[tuple[str, str, str], Relationship],
                    entities: Mapping[str, Node]) -> list[list[tuple[str, str]]]:
    """The item's own paths (from `graph`/`paths` metadata) with every element resolved to a stored entity or
    relationship id; a path with an element that is not one is cut there."""
    out: list[list[tuple[str, str]]] = []
    for path in it.paths:
        resolved: list[tuple[str, str]] = []
        for kind, ref in path:
            rel = by_triple.get(ref) if isinstance(ref, tuple) else rels.get(ref) if kind == "rel" else None
            if kind == "node" and ref in entities:
                resolved.append(("node", ref))
            elif kind == "rel" and rel is not None:
                resolved.append(("rel", rel.id))
            else:
                break
        if any(k == "rel" for k, _ in resolved):
            out.append(resolved)
    return out


def _reason(store: Neo4jStore, it: ItemIds, sm: SourceMapping) -> str | None:
    parts: list[str] = []
    if it.empty:
        return "text only: its metadata names no node or relationship id (nothing is inferred from text)"
    if sm.not_entities:
        parts.append("not entities under the '" + str(store.schema.preset) + "' preset: " + ", ".join(
            f"{n} ({':'.join(lbl) or 'no label'})" for n, lbl in sm.not_entities.items()))
    if sm.missing_node_ids:
        parts.append("no node with id " + ", ".join(sm.missing_node_ids))
    if sm.missing_relationships:
        parts.append("no semantic relationship between entities with id " + ", ".join(sm.missing_relationships))
    if sm.mapping == "entities":
        parts.append("names entities but no relationship between them (induce_relationships=True takes the "
                     "relationships among them)")
    return "; ".join(parts) or None


def chunk_facts(store: Neo4jStore, chunk_ids: Sequence[str]) -> dict[str, tuple[list[Node], list[Relationship]]]:
    """For each chunk (by elementId) on a graph that records mentions (the preset's provenance mode "mentions", e.g.
    neo4j-graphrag's FROM_CHUNK): the entities that mention it and the semantic relationships among them. Empty for
    other graphs: their chunks are not linked to entities this way."""
    if not chunk_ids or store.schema.provenance.mode != "mentions":
        return {}
    out: dict[str, tuple[list[Node], list[Relationship]]] = {}
    for row in store.read_plain("chunk_facts", chunk_ids=list(chunk_ids)):
        out[str(row["chunk_id"])] = ([node_from_map(n) for n in row["nodes"]],
                                     [_rel_from_map(r) for r in row["rels"]])
    return out


def is_chunk(store: Neo4jStore, labels: Iterable[str]) -> bool:
    return store.schema.provenance.chunk_label in set(labels)
