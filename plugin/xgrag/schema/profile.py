"""What `xgrag schema infer` reads from a graph: labels, relationship types, their counts, constraints, indexes and a
bounded sample of property statistics per label and per type. Read transactions only.

The cost is bounded by the sample sizes, never by the graph: counts come from Neo4j's count store, every sample is
a `LIMIT`ed read, and a value is measured in Cypher (`size()`, a regular expression on its first 256 characters)
and only short values ever leave the server (a 10 MB string is measured there, never transferred).
`db.schema.nodeTypeProperties()` is not used: it reads every node of the graph.
"""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from xgrag.config import IDENTIFIER
from xgrag.store.neo4j import Neo4jStore

# A string that is binary data written as text: hex ("0x151C2F00...", Northwind's Category.picture), base64, or a
# data: URI. Tested on the first 256 characters of values of at least BLOB_MIN_CHARS.
BLOB_PATTERN = r"(?s)(0x[0-9A-Fa-f]+|[0-9A-Fa-f]{128,}|[A-Za-z0-9+/]{128,}={0,2}|data:[a-z]+/[^;,]+;base64,.*)"
BLOB_MIN_CHARS = 32
# Values at most this long are counted as distinct values and can be shown as examples; a longer one is text or a
# blob, measured but never transferred.
SHORT_CHARS = 200
EXAMPLE_CHARS = 60


def quoted(identifier: str) -> str:
    """Back-quote a label, type or property name read from the server. Only names that pass xgrag's identifier rule
    are ever spliced into Cypher (the others are reported and left out), so this never needs escaping."""
    if not IDENTIFIER.fullmatch(identifier):
        raise ValueError(f"not an identifier: {identifier!r}")
    return f"`{identifier}`"


@dataclass(frozen=True)
class PropertyStats:
    """One property key over the sampled nodes (or relationships) of one label (or type)."""

    key: str
    present: int  # sampled elements that carry it
    types: tuple[str, ...]  # Cypher value types seen (valueType() without NOT NULL), e.g. STRING, LIST<FLOAT>
    distinct: int  # distinct values among the short scalar ones
    short: int  # values that are scalars (not lists) and, if strings, at most SHORT_CHARS long
    max_len: int | None  # strings: characters; lists: items (None: neither)
    avg_len: float | None
    min_len: int | None
    blobs: int  # values that look like binary data written as text
    examples: tuple[str, ...]  # a few short values, as text
    blob_example: str | None = None  # the start of a value that looks like binary data
    low: float | None = None  # the smallest and largest number (integers, floats)
    high: float | None = None

    @property
    def kinds(self) -> set[str]:
        """string | integer | float | boolean | temporal | point | duration | list:<element kind> | other."""
        return {_kind(t) for t in self.types}


def binary(s: PropertyStats) -> bool:
    """Values that are binary data written as text (a picture in hex): most of them look so and are longer than a
    short value. A few hex strings among names (nft-trades' usernames: 4 of 160 "0x52f1...") and short hex identifiers
    people type (a 42-character wallet address, a 66-character transaction hash) are values, not data."""
    return bool(s.blobs) and 2 * s.blobs >= s.present and (s.avg_len or 0) > SHORT_CHARS


def _kind(cypher_type: str) -> str:
    t = cypher_type.upper()
    if t.startswith("LIST"):
        inner = t[t.find("<") + 1:t.rfind(">")] if "<" in t else ""
        kinds = sorted({_kind(x.strip()) for x in inner.split("|") if x.strip() and x.strip() != "NOTHING"})
        return "list:" + ("/".join(kinds) or "empty")
    for prefix, kind in (("STRING", "string"), ("INTEGER", "integer"), ("FLOAT", "float"), ("BOOLEAN", "boolean"),
                         ("DATE", "temporal"), ("LOCAL", "temporal"), ("ZONED", "temporal"), ("TIME", "temporal"),
                         ("POINT", "point"), ("DURATION", "duration")):
        if t.startswith(prefix):
            return kind
    return "other"


@dataclass
class LabelProfile:
    label: str
    count: int
    sampled: int = 0
    properties: dict[str, PropertyStats] = field(default_factory=dict)
    keys_seen: int = 0  # distinct property keys on the sampled nodes (properties keeps the most frequent)
    co_labels: dict[str, int] = field(default_factory=dict)  # other labels on the sampled nodes -> how many
    label_sets: dict[tuple[str, ...], int] = field(default_factory=dict)  # sampled nodes' other labels -> how many
    sample_ids: list[str] = field(default_factory=list)  # element ids of the sampled nodes (for link probes)


@dataclass
class TypeProfile:
    type: str
    count: int
    sampled: int = 0
    properties: dict[str, PropertyStats] = field(default_factory=dict)
    keys_seen: int = 0
    # (start labels, end labels) of the sampled relationships -> how many
    ends: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = field(default_factory=dict)

    def end_labels(self) -> tuple[set[str], set[str]]:
        starts = {label for (a, _), _n in self.ends.items() for label in a}
        ends = {label for (_, b), _n in self.ends.items() for label in b}
        return starts, ends


@dataclass(frozen=True)
class SchemaObject:
    """A constraint or an index as SHOW CONSTRAINTS / SHOW INDEXES lists it."""

    name: str
    type: str  # UNIQUENESS, NODE_KEY, RANGE, FULLTEXT, VECTOR, LOOKUP, ...
    entity_type: str  # NODE | RELATIONSHIP
    labels: tuple[str, ...]
    properties: tuple[str, ...]


@dataclass
class GraphProfile:
    nodes: int
    relationships: int
    labels: dict[str, LabelProfile]
    types: dict[str, TypeProfile]
    constraints: list[SchemaObject]
    indexes: list[SchemaObject]
    # labels and types whose names xgrag cannot splice into Cypher (they fail the identifier rule): not sampled
    unreadable_labels: list[str] = field(default_factory=list)
    unreadable_types: list[str] = field(default_factory=list)
    sample_nodes: int = 0
    sample_relationships: int = 0
    queries: int = 0
    # labels / types db.labels() / db.relationshipTypes() listed (a token may outlive its last element: counted, 0)
    listed_labels: int = 0
    listed_types: int = 0

    def unique_properties(self, label: str) -> list[tuple[str, str]]:
        """(property, constraint name) of the single-property uniqueness / node key constraints on `label`."""
        return [(c.properties[0], c.name) for c in self.constraints
                if c.entity_type == "NODE" and c.labels == (label,) and len(c.properties) == 1
                and c.type in ("UNIQUENESS", "NODE_KEY", "NODE_PROPERTY_UNIQUENESS")]

    def indexed(self, label: str, prop: str) -> bool:
        """Is `label`.`prop` the first property of a range (or constraint-backed) index: is a lookup by it a seek?"""
        return any(i.entity_type == "NODE" and label in i.labels and i.properties[:1] == (prop,)
                   and i.type in ("RANGE", "BTREE") for i in self.indexes)


# -- the queries (every one a read; labels/types/keys spliced only after `quoted`) -----------------------------------

def _stats_query(match: str, var: str) -> str:
    """Per property key over the sampled elements: presence, value types, lengths, blobs, distinct short values and
    a few examples. `match` binds `var` to the sampled elements (by element id: one query text for every label or
    type, planned once, instead of one per label)."""
    return f"""
{match}
UNWIND keys({var}) AS k
WITH k, {var}[k] AS v
WITH k, v, replace(valueType(v), ' NOT NULL', '') AS t
WITH k, v, t, CASE WHEN t = 'STRING' OR t STARTS WITH 'LIST' THEN size(v) END AS len
WITH k, v, t, len,
     CASE WHEN t STARTS WITH 'LIST' OR (t = 'STRING' AND len > $short) THEN null ELSE v END AS sv,
     CASE WHEN t = 'STRING' AND len >= $blob_min AND left(v, 256) =~ $blob THEN 1 ELSE 0 END AS blob
ORDER BY sv  // examples: the smallest values, whatever order the store keeps nodes in
RETURN k AS key, count(*) AS present, collect(DISTINCT t)[..6] AS types,
       count(DISTINCT sv) AS distinct, count(sv) AS short, max(len) AS max_len, avg(len) AS avg_len,
       min(len) AS min_len, min(CASE WHEN t IN ['INTEGER', 'FLOAT'] THEN v END) AS low,
       max(CASE WHEN t IN ['INTEGER', 'FLOAT'] THEN v END) AS high,
       sum(blob) AS blobs, collect(DISTINCT left(toString(sv), $example_chars))[..$examples] AS examples,
       head(collect(CASE WHEN blob = 1 THEN left(v, 16) END)) AS blob_example
"""


SAMPLED_NODES = "UNWIND $ids AS id MATCH (n) WHERE elementId(n) = id"
SAMPLED_RELS = "UNWIND $ids AS id MATCH ()-[r]->() WHERE elementId(r) = id"
NODE_STATS = _stats_query(SAMPLED_NODES, "n")
REL_STATS = _stats_query(SAMPLED_RELS, "r")


def _stats(rows: list[dict[str, Any]], keep: int) -> tuple[dict[str, PropertyStats], int]:
    """The `keep` most frequent keys (ties by name), and how many distinct keys there were."""
    ordered = sorted(rows, key=lambda r: (-int(r["present"]), str(r["key"])))
    out: dict[str, PropertyStats] = {}
    for r in ordered[:keep]:
        out[str(r["key"])] = PropertyStats(
            key=str(r["key"]), present=int(r["present"]), types=tuple(sorted(str(t) for t in r["types"])),
            distinct=int(r["distinct"]), short=int(r["short"]),
            max_len=None if r["max_len"] is None else int(r["max_len"]),
            avg_len=None if r["avg_len"] is None else float(r["avg_len"]),
            min_len=None if r["min_len"] is None else int(r["min_len"]),
            low=None if r["low"] is None else float(r["low"]), high=None if r["high"] is None else float(r["high"]),
            blobs=int(r["blobs"]), examples=tuple(str(x) for x in r["examples"]),
            blob_example=None if r["blob_example"] is None else str(r["blob_example"]))
    return dict(sorted(out.items())), len(rows)


class _Reader:
    def __init__(self, store: Neo4jStore) -> None:
        self.store = store
        self.queries = 0
        self._lock = threading.Lock()

    def __call__(self, cypher: str, **params: Any) -> list[dict[str, Any]]:
        with self._lock:
            self.queries += 1
        return self.store.query(cypher, params, read_only=True, plain=True)


OVERVIEW = """
CALL () { MATCH (n) RETURN count(n) AS nodes }
CALL () { MATCH ()-[r]->() RETURN count(r) AS relationships }
CALL () { CALL db.labels() YIELD label RETURN collect(label) AS labels }
CALL () { CALL db.relationshipTypes() YIELD relationshipType RETURN collect(relationshipType) AS types }
RETURN nodes, relationships, labels, types
"""
CONSTRAINTS = ("SHOW CONSTRAINTS YIELD name, type, entityType, labelsOrTypes, properties "
               "RETURN name, type, entityType, labelsOrTypes, properties ORDER BY name")


INDEXES = ("SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties "
           "RETURN name, type, entityType, labelsOrTypes, properties ORDER BY name")


# A sample is spread evenly over the label's (or type's) scan order, not its first $sample elements: a graph is
# written file by file, so the first thousand nodes of a label are often one source's (nft-trades' first 3,183 NFTs
# are one market's, none with a name; the other 1,716 have one), and a property only later ones carry was never
# seen. The spread covers the first SAMPLE_WINDOW samples' worth (25,000 nodes at the default 1,000): a label up to
# that size is read in all its parts, a larger one in its first 25,000. One scan of at most that many, collected and
# picked from in Cypher (SKIP takes no variable; four SKIPed blocks in a UNION took a 1M-node synthetic graph's cold
# inference from 17 s to 36 s at load 5-8).
SAMPLE_WINDOW = 25
# Probes read the first few sampled elements carrying a property: the ids are ordered round robin over this many
# parts of the sample, so that those few come from every part of the label.
PROBE_PARTS = 4


def _label_sample(label: str) -> str:
    """The label's node count (count store) and the element ids and labels of $sample of its first $window nodes,
    evenly spread."""
    return (f"CALL () {{ MATCH (n:{quoted(label)}) RETURN count(n) AS count }}\n"
            f"CALL () {{ MATCH (n:{quoted(label)}) WITH n LIMIT $window WITH collect(n) AS xs\n"
            f"  {_PICK}\n"
            "  WITH xs[i] AS n RETURN collect(elementId(n)) AS ids, collect(labels(n)) AS labels }\n"
            "RETURN count, ids, labels")


def _type_sample(rtype: str) -> str:
    """The type's relationship count (count store) and the element ids and end labels of $sample of its first
    $window relationships, evenly spread."""
    return (f"CALL () {{ MATCH ()-[r:{quoted(rtype)}]->() RETURN count(r) AS count }}\n"
            f"CALL () {{ MATCH ()-[r:{quoted(rtype)}]->() WITH r LIMIT $window WITH collect(r) AS xs\n"
            f"  {_PICK}\n"
            "  WITH xs[i] AS r RETURN collect(elementId(r)) AS ids,\n"
            "  collect([labels(startNode(r)), labels(endNode(r))]) AS ends }\n"
            "RETURN count, ids, ends")


# positions 0, w/k, 2w/k, ... of the w collected elements (all of them when w <= $sample)
_PICK = ("WITH xs, CASE WHEN size(xs) < $sample THEN size(xs) ELSE $sample END AS k "
         "UNWIND range(0, k - 1) AS j WITH xs, j * size(xs) / k AS i")


def probe_order(ids: list[str], parts: int = PROBE_PARTS) -> list[str]:
    """`ids` (in scan order) round robin over `parts` consecutive parts: a reader of the first few reads all parts."""
    size = -(-len(ids) // parts) if ids else 0
    runs = [ids[p * size:(p + 1) * size] for p in range(parts)]
    return [run[j] for j in range(size) for run in runs if j < len(run)]


def read_profile(store: Neo4jStore, sample_nodes: int, sample_relationships: int, max_keys: int = 500,
                 examples: int = 3, workers: int = 3) -> GraphProfile:
    """Profile the graph `store` is connected to: 3 queries, then 2 per label and 2 per relationship type (one whose
    text names the label or type; one shared by all, planned once), in read transactions only. `max_keys`: property
    keys kept per label or type (the most frequent); a label with more is reported as such. `workers`: labels and
    types profiled at once, each worker in a read transaction of its own (a server just started spends most of an
    inference planning and warming up, one query at a time per connection: two at once took a freshly started
    server's inference of a 12-label, 20-type graph from 12.1 s to 9.0 s in process, quiet 2-core machine; warm:
    1.3 s and 1.1 s)."""
    read = _Reader(store)
    params = {"short": SHORT_CHARS, "blob": BLOB_PATTERN, "blob_min": BLOB_MIN_CHARS,
              "example_chars": EXAMPLE_CHARS, "examples": examples}
    with store.reading():
        overview = read(OVERVIEW)[0]
        all_labels = sorted(str(x) for x in overview["labels"])
        all_types = sorted(str(x) for x in overview["types"])
        profile = GraphProfile(nodes=int(overview["nodes"]), relationships=int(overview["relationships"]),
                               labels={}, types={}, constraints=[_schema_object(r) for r in read(CONSTRAINTS)],
                               indexes=[_schema_object(r) for r in read(INDEXES)], sample_nodes=sample_nodes,
                               sample_relationships=sample_relationships, listed_labels=len(all_labels),
                               listed_types=len(all_types))
    profile.unreadable_labels = [x for x in all_labels if not IDENTIFIER.fullmatch(x)]
    profile.unreadable_types = [x for x in all_types if not IDENTIFIER.fullmatch(x)]

    def label_profile(label: str) -> LabelProfile | None:
        with store.reading():
            row = read(_label_sample(label), sample=sample_nodes, window=SAMPLE_WINDOW * sample_nodes)[0]
            if not row["count"]:
                return None  # a label token no node carries any more
            ids = [str(x) for x in row["ids"]]
            lp = LabelProfile(label, int(row["count"]), sampled=len(ids), sample_ids=probe_order(ids))
            co: dict[str, int] = {}
            sets: dict[tuple[str, ...], int] = {}
            for labels in row["labels"]:
                others = tuple(sorted(str(x) for x in labels if x != label))
                sets[others] = sets.get(others, 0) + 1
                for other in others:
                    co[other] = co.get(other, 0) + 1
            lp.co_labels = dict(sorted(co.items()))
            lp.label_sets = dict(sorted(sets.items()))
            lp.properties, lp.keys_seen = _stats(read(NODE_STATS, ids=ids, **params), max_keys)
            return lp

    def type_profile(rtype: str) -> TypeProfile | None:
        with store.reading():
            row = read(_type_sample(rtype), sample=sample_relationships,
                       window=SAMPLE_WINDOW * sample_relationships)[0]
            if not row["count"]:
                return None
            ids = [str(x) for x in row["ids"]]
            tp = TypeProfile(rtype, int(row["count"]), sampled=len(ids))
            ends: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
            for a, b in row["ends"]:
                pair = (tuple(sorted(a)), tuple(sorted(b)))
                ends[pair] = ends.get(pair, 0) + 1
            tp.ends = dict(sorted(ends.items()))
            tp.properties, tp.keys_seen = _stats(read(REL_STATS, ids=ids, **params), max_keys)
            return tp

    readable_labels = [x for x in all_labels if IDENTIFIER.fullmatch(x)]
    readable_types = [x for x in all_types if IDENTIFIER.fullmatch(x)]
    with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="xgrag-profile") as pool:
        labels = list(pool.map(label_profile, readable_labels))
        types = list(pool.map(type_profile, readable_types))
    profile.labels = {lp.label: lp for lp in labels if lp is not None}
    profile.types = {tp.type: tp for tp in types if tp is not None}
    profile.queries = read.queries
    return profile


def _schema_object(row: dict[str, Any]) -> SchemaObject:
    return SchemaObject(name=str(row["name"]), type=str(row["type"]), entity_type=str(row["entityType"]),
                        labels=tuple(row["labelsOrTypes"] or ()), properties=tuple(row["properties"] or ()))


# -- foreign keys: a property whose values are another label's keys --------------------------------------------------

@dataclass(frozen=True)
class LinkProbe:
    """Of `sampled` nodes carrying a property, on `linked` its value is the key of the one node of the target label
    that the type `via` links to it (in one direction); `hubs` were not checked (more relationships than the
    bound)."""

    sampled: int
    linked: int
    hubs: int
    via: str = ""


# One text for every probe (planned once): the label, property, target label and key are parameters. Reads only
# the sampled nodes and, of each, its relationships of the given types; a node with more than $max_degree
# relationships is not expanded. Per linking type and direction, a node counts as linked where its value is the key
# of the one target node that type links it to that way: a value that picks one of several (a match's winner among
# the two teams linked by HOME and AWAY, or among two linked by one type) says which, which no relationship states.
LINK_PROBE = """
UNWIND $ids AS id
MATCH (a) WHERE elementId(a) = id
WITH a, a[$prop] AS v WHERE v IS NOT NULL
WITH a, v LIMIT $per_probe
WITH collect({a: a, v: v, hub: COUNT { (a)--() } > $max_degree}) AS rows
UNWIND $types AS t
UNWIND rows AS row
WITH t, row.a AS a, row.v AS v, row.hub AS hub
WITH t, a, v, hub,
     [(a)-[r]->(b) WHERE NOT hub AND type(r) = t AND $target IN labels(b) | b[$key]] AS outs,
     [(a)<-[r]-(b) WHERE NOT hub AND type(r) = t AND $target IN labels(b) | b[$key]] AS ins
RETURN t, count(a) AS sampled, count(CASE WHEN hub THEN 1 END) AS hubs,
       count(CASE WHEN outs = [v] THEN 1 END) AS linked_out, count(CASE WHEN ins = [v] THEN 1 END) AS linked_in
"""


def probe_link(store: Neo4jStore, ids: list[str], prop: str, target: str, key: str, types: list[str],
               per_probe: int, max_degree: int = 1000) -> LinkProbe:
    """Is `prop` (on the nodes `ids`) a foreign key: the `key` of the one `target` node linked to each by one of
    `types` in one direction? The best type and direction answer (LINK_PROBE)."""
    rows = store.query(LINK_PROBE, {"ids": ids, "prop": prop, "target": target, "key": key, "types": types,
                                    "per_probe": per_probe, "max_degree": max_degree},
                       read_only=True, plain=True)
    if not rows:  # no sampled node holds the property, or no linking type
        return LinkProbe(0, 0, 0)
    best = max(rows, key=lambda r: (max(int(r["linked_out"]), int(r["linked_in"])), str(r["t"])))
    return LinkProbe(int(best["sampled"]), max(int(best["linked_out"]), int(best["linked_in"])), int(best["hubs"]),
                     str(best["t"]))


_ID_NAME = re.compile(r"(?:^(?i:id|uid|uuid|guid)$|_(?:id|uuid|key)$|[a-z0-9](?:ID|Id|Uuid|UUID|Key)$|^_)")


def id_named(prop: str) -> bool:
    """A property whose name says it is an identifier: id, productID, product_id, supplierId, uuid, _key, ..."""
    return bool(_ID_NAME.search(prop))
