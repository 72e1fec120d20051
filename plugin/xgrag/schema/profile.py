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
from collections.abc import Callable
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
    # short string values written with a letter: the examples are the smallest values, where digits sort first (a
    # keyword list's "10344", "1084" before its "Cybersecurity"); None where not measured
    lettered: int | None = None
    # items of the longest list value, apart from strings' characters: a key holding a string on some nodes and a
    # list on others (a site's construction_time "1420", [] where none is known) is a list of that many items, not of
    # its longest string's characters; None where no list was seen or not measured
    max_items: int | None = None

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
    """Per label (or type) of $batch ({name, ids}) and property key over its sampled elements: presence, value
    types, lengths, blobs, distinct short values and a few examples. `match` binds `var` to the sampled elements of
    `b` (by element id: one query text for every label or type, planned once, and several labels to a query)."""
    return f"""
UNWIND $batch AS b
CALL (b) {{
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
       sum(CASE WHEN t = 'STRING' AND sv =~ $lettered THEN 1 ELSE 0 END) AS lettered,
       head(collect(CASE WHEN blob = 1 THEN left(v, 16) END)) AS blob_example,
       max(CASE WHEN t STARTS WITH 'LIST' THEN len END) AS max_items
}}
RETURN b.name AS name, key, present, types, distinct, short, max_len, avg_len, min_len, low, high, blobs, examples,
       lettered, blob_example, max_items
"""


# a value with a letter in it, of any script (Java's regex, as Cypher's =~ reads it)
LETTERED_PATTERN = r"(?s).*[\p{L}].*"
SAMPLED_NODES = "UNWIND b.ids AS id MATCH (n) WHERE elementId(n) = id"
SAMPLED_RELS = "UNWIND b.ids AS id MATCH ()-[r]->() WHERE elementId(r) = id"
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
            blob_example=None if r["blob_example"] is None else str(r["blob_example"]),
            lettered=None if r.get("lettered") is None else int(r["lettered"]),
            max_items=None if r.get("max_items") is None else int(r["max_items"]))
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
# Nodes (or relationships) a graph may have for its labels (or types) to be sampled in one scan: see scans_whole.
SCAN_BUDGET = 250_000


# positions 0, w/k, 2w/k, ... of the w collected elements (all of them when w <= $sample)
_PICK = ("WITH xs, CASE WHEN size(xs) < $sample THEN size(xs) ELSE $sample END AS k "
         "UNWIND range(0, k - 1) AS j WITH xs, j * size(xs) / k AS i")


def _label_sample(label: str) -> str:
    """The label's node count (count store) and the element ids and labels of $sample of its first $window nodes,
    evenly spread (a label scan: one text per label, each planned)."""
    return ("UNWIND $names AS name\n"
            f"CALL () {{ MATCH (n:{quoted(label)}) RETURN count(n) AS count }}\n"
            f"CALL () {{ MATCH (n:{quoted(label)}) WITH n LIMIT $window WITH collect(n) AS xs\n"
            f"  {_PICK}\n"
            "  WITH xs[i] AS n RETURN collect(elementId(n)) AS ids, collect(labels(n)) AS labels }\n"
            "RETURN name, count, ids, labels")


def _type_sample(rtype: str) -> str:
    """The type's relationship count (count store) and the element ids and end labels of $sample of its first
    $window relationships, evenly spread (as `_label_sample`)."""
    return ("UNWIND $names AS name\n"
            f"CALL () {{ MATCH ()-[r:{quoted(rtype)}]->() RETURN count(r) AS count }}\n"
            f"CALL () {{ MATCH ()-[r:{quoted(rtype)}]->() WITH r LIMIT $window WITH collect(r) AS xs\n"
            f"  {_PICK}\n"
            "  WITH xs[i] AS r RETURN collect(elementId(r)) AS ids,\n"
            "  collect([labels(startNode(r)), labels(endNode(r))]) AS ends }\n"
            "RETURN name, count, ids, ends")


# The same samples, every label (or type) of $names in one scan of the whole graph, grouped: one text, planned once
# (scans_whole). A label's nodes come in the label scan's order (by id), so its sample is the one `_label_sample`
# takes; relationships come node by node, not in the type scan's order, so a type's sample may hold others, spread
# over the type all the same (network-management: 3 of 20 types sampled otherwise, the same mapping decided).
LABELS_SCAN = f"""
MATCH (n) UNWIND labels(n) AS name
WITH name, n WHERE name IN $names
WITH name, collect(n) AS members
WITH name, size(members) AS count, members[..$window] AS xs
{_PICK.replace("WITH xs,", "WITH name, count, xs,")}
WITH name, count, xs[i] AS n
RETURN name, count, collect(elementId(n)) AS ids, collect(labels(n)) AS labels
"""
TYPES_SCAN = f"""
MATCH ()-[r]->() WITH type(r) AS name, r WHERE name IN $names
WITH name, collect(r) AS members
WITH name, size(members) AS count, members[..$window] AS xs
{_PICK.replace("WITH xs,", "WITH name, count, xs,")}
WITH name, count, xs[i] AS r
RETURN name, count, collect(elementId(r)) AS ids, collect([labels(startNode(r)), labels(endNode(r))]) AS ends
"""


def scans_whole(elements: int) -> bool:
    """Sample all labels (or types) in one scan of the graph, one query text, rather than one text per label that
    reads only its nodes? A server just started plans each new text in about 0.1-0.2 s (61 labels: 7 s of a 20 s
    inference of a 786-node graph), about what a scan of SCAN_BUDGET elements costs."""
    return elements <= SCAN_BUDGET


def batches(names: list[str], parts: int) -> list[list[str]]:
    """`names` dealt round robin into at most `parts` batches (labels in name order are not in size order: each
    batch gets a share of the large ones)."""
    return [b for b in (names[i::max(1, parts)] for i in range(max(1, parts))) if b]


def probe_order(ids: list[str], parts: int = PROBE_PARTS) -> list[str]:
    """`ids` (in scan order) round robin over `parts` consecutive parts: a reader of the first few reads all parts."""
    size = -(-len(ids) // parts) if ids else 0
    runs = [ids[p * size:(p + 1) * size] for p in range(parts)]
    return [run[j] for j in range(size) for run in runs if j < len(run)]


def read_profile(store: Neo4jStore, sample_nodes: int, sample_relationships: int, max_keys: int = 500,
                 examples: int = 3, workers: int = 3) -> GraphProfile:
    """Profile the graph `store` is connected to, in read transactions only: 3 queries; the labels' samples (one
    query per label, its text naming it, or, while `scans_whole`, one scan for all) and their
    property statistics (one text, `workers` batches); the same for the relationship types. `max_keys`: property
    keys kept per label or type (the most frequent); a label with more is reported as such. `workers`: queries at
    once, each in a read transaction of its own (a server just started spends most of an inference planning and
    warming up, one query at a time per connection: two at once took a freshly started server's inference of a
    12-label, 20-type graph from 12.1 s to 9.0 s in process, quiet 2-core machine; warm: 1.3 s and 1.1 s)."""
    read = _Reader(store)
    params = {"short": SHORT_CHARS, "blob": BLOB_PATTERN, "blob_min": BLOB_MIN_CHARS, "lettered": LETTERED_PATTERN,
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

    def sampled(scan: str, text: Callable[[str], str], names: list[str], size: int,
                whole: bool) -> dict[str, dict[str, Any]]:
        # one scan of the whole graph (`whole`), or a text per name, each in a read transaction of its own
        def ask(batch: list[str]) -> list[dict[str, Any]]:
            with store.reading():
                return read(scan if whole else text(batch[0]), names=batch, sample=size,
                            window=SAMPLE_WINDOW * size)
        with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="xgrag-profile") as pool:
            rows = pool.map(ask, [names] if whole else [[x] for x in names])
            return {str(r["name"]): r for part in rows for r in part if r["count"]}  # 0: a token no element carries

    def stats(query: str, ids: dict[str, list[str]]) -> dict[str, list[dict[str, Any]]]:
        def ask(batch: list[str]) -> list[dict[str, Any]]:
            with store.reading():
                return read(query, batch=[{"name": x, "ids": ids[x]} for x in batch], **params)
        out: dict[str, list[dict[str, Any]]] = {x: [] for x in ids}
        with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="xgrag-profile") as pool:
            for part in pool.map(ask, batches(sorted(ids), workers)):
                for r in part:
                    out[str(r["name"])].append(r)
        return out

    readable_labels = [x for x in all_labels if IDENTIFIER.fullmatch(x)]
    readable_types = [x for x in all_types if IDENTIFIER.fullmatch(x)]
    label_rows = sampled(LABELS_SCAN, _label_sample, readable_labels, sample_nodes, scans_whole(profile.nodes))
    for label, row in sorted(label_rows.items()):
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
        profile.labels[label] = lp
    for label, rows in stats(NODE_STATS, {x: [str(i) for i in r["ids"]] for x, r in label_rows.items()}).items():
        profile.labels[label].properties, profile.labels[label].keys_seen = _stats(rows, max_keys)
    type_rows = sampled(TYPES_SCAN, _type_sample, readable_types, sample_relationships,
                        scans_whole(profile.relationships))
    for rtype, row in sorted(type_rows.items()):
        ids = [str(x) for x in row["ids"]]
        tp = TypeProfile(rtype, int(row["count"]), sampled=len(ids))
        ends: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
        for a, b in row["ends"]:
            pair = (tuple(sorted(a)), tuple(sorted(b)))
            ends[pair] = ends.get(pair, 0) + 1
        tp.ends = dict(sorted(ends.items()))
        profile.types[rtype] = tp
    for rtype, rows in stats(REL_STATS, {x: [str(i) for i in r["ids"]] for x, r in type_rows.items()}).items():
        profile.types[rtype].properties, profile.types[rtype].keys_seen = _stats(rows, max_keys)
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


# a probe's question: (label, property, target label, target key, linking types)
ProbeSpec = tuple[str, str, str, str, list[str]]

# One text for every probe (planned once), and many probes to a query: each probe's label, property, target label
# and key are values. On a server just started, running a query costs far more than its reads (200 probes, one
# query each: 6 s of a 15 s inference of a 786-node graph; warm, 2 s), so probes go in batches. Reads only the
# sampled nodes (the ids of each label given once) and, of each, its relationships of the given types; a node with
# more than $max_degree relationships is not expanded. Per linking type and direction, a node counts as linked
# where its value is the key of the one target node that type links it to that way: a value that picks one of
# several (a match's winner among the two teams linked by HOME and AWAY, or among two linked by one type) says
# which, which no relationship states.
LINK_PROBES = """
UNWIND $probes AS p
CALL (p) {
  UNWIND $samples[p.label] AS id
  MATCH (a) WHERE elementId(a) = id
  WITH a, a[p.prop] AS v WHERE v IS NOT NULL
  WITH a, v LIMIT $per_probe
  WITH collect({a: a, v: v, hub: COUNT { (a)--() } > $max_degree}) AS rows
  UNWIND p.types AS t
  UNWIND rows AS row
  WITH t, row.a AS a, row.v AS v, row.hub AS hub
  WITH t, a, v, hub,
       [(a)-[r]->(b) WHERE NOT hub AND type(r) = t AND p.target IN labels(b) | b[p.key]] AS outs,
       [(a)<-[r]-(b) WHERE NOT hub AND type(r) = t AND p.target IN labels(b) | b[p.key]] AS ins
  RETURN t, count(a) AS sampled, count(CASE WHEN hub THEN 1 END) AS hubs,
         count(CASE WHEN outs = [v] THEN 1 END) AS linked_out, count(CASE WHEN ins = [v] THEN 1 END) AS linked_in
}
RETURN p.i AS i, t, sampled, hubs, linked_out, linked_in
"""


def probe_links(store: Neo4jStore, samples: dict[str, list[str]], specs: list[ProbeSpec], per_probe: int,
                max_degree: int = 1000) -> list[LinkProbe]:
    """For each spec (label, prop, target, key, types), in one query: is `prop` (on the sampled nodes of `label`,
    `samples`) a foreign key, the `key` of the one `target` node linked to each by one of `types` in one direction?
    The best type and direction answer (LINK_PROBES); LinkProbe(0, 0, 0) where no sampled node holds the property
    or no linking type links one."""
    labels = sorted({spec[0] for spec in specs})
    probes = [{"i": i, "label": label, "prop": prop, "target": target, "key": key, "types": types}
              for i, (label, prop, target, key, types) in enumerate(specs)]
    rows = store.query(LINK_PROBES, {"probes": probes, "samples": {x: samples[x] for x in labels},
                                     "per_probe": per_probe, "max_degree": max_degree}, read_only=True, plain=True)
    answers = [LinkProbe(0, 0, 0) for _ in specs]
    best: dict[int, tuple[int, str]] = {}
    for r in rows:
        i, linked, via = int(r["i"]), max(int(r["linked_out"]), int(r["linked_in"])), str(r["t"])
        if i not in best or (linked, via) > best[i]:
            best[i] = (linked, via)
            answers[i] = LinkProbe(int(r["sampled"]), linked, int(r["hubs"]), via)
    return answers


_ID_NAME = re.compile(r"(?:^(?i:id|uid|uuid|guid)$|_(?:id|uuid|key)$|[a-z0-9](?:ID|Id|Uuid|UUID|Key)$|^_)")


def id_named(prop: str) -> bool:
    """A property whose name says it is an identifier: id, productID, product_id, supplierId, uuid, _key, ..."""
    return bool(_ID_NAME.search(prop))


_IDS_NAME = re.compile(r"(?:_(?:ids|uuids)$|[a-z0-9](?:IDs|Ids|IDS)$)")


def ids_named(prop: str) -> bool:
    """A property whose name says it holds the identifiers of other nodes: main_deity_ids, memberIds, ..."""
    return bool(_IDS_NAME.search(prop))
