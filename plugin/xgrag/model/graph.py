"""Value types shared by retrieval, dedup, perturbation and scoring."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from xgrag.model.direction import Reading
from xgrag.model.linking import Linking
from xgrag.model.provenance import FactProvenance, fact_provenance

PropertyValue = str | int | float | bool | list[Any]
# A property fact's id: "<element id>#<key>", split at the last '#' (a key is a validated identifier and never holds
# one; an element id might).
PROPERTY_ID_SEPARATOR = "#"
# The rest of a composed name after the name a group of nodes shares: one number, what schema inference found to
# tell the group's nodes apart (a birth year, a stop's longitude: "Carolus Duran 1837", "La Storta 12.380691").
# (or a span of years, a season: "WAS 2001-2002", one team node per season; nba-six-dribbles, spent, answered so)
_TELLING_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?|\d{4}\s*[-/\u2013]\s*\d{2,4}")
# ... or by a code of a few capitals and four digits or more ("Derby E06000015": the ONS code that keeps the unitary
# authority apart from the ward called Derby; ons-hierarchies, spent, answered "which local authority" with both)
_TELLING_CODE = re.compile(r"[A-Z]{1,4}\d{4,}[A-Z0-9]*")
# a value stored for "nothing known": a dash, a question mark, n/a, none, null, unknown
_PLACEHOLDER = re.compile(r"[-\u2013\u2014?]+|(?i:n/?a|none|null|unknown)")
_MIDNIGHT = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$")
# A sports season written as the two years it spans ("1990-1991", "2014-15", "2020/21"): the second year follows the
# first. The season a question asks for ("in which season did X play") is such a value whatever its key is called (a
# team-season node's `year`; nba-six-dribbles, spent, answered with the team), and a name that ends with one is an
# edition of what people call it by ("WAS 2001-2002": `Node.called`); a show's season is a number, a season of the year
# a word, so neither is one.
_SEASON_SPAN = re.compile(r"^\s*(\d{4}|\d{2})\s*[-/\u2013]\s*(\d{4}|\d{2})\s*$")


def season_span(text: str) -> bool:
    """Whether `text` is a season written as the two years it spans, the second following the first ("1990-1991",
    "1990-91", "20/21"; not "1990-1995" nor a date "2014-12")."""
    m = _SEASON_SPAN.match(text)
    if m is None or (len(m.group(1)) == 2 and len(m.group(2)) == 4):
        return False
    first, second = int(m.group(1)), int(m.group(2))
    return (first + 1) % 100 == second % 100 and (len(m.group(2)) == 2 or second == first + 1)


_SEASON_IN_TEXT = re.compile(r"(?<![\w/.-])(\d{4}|\d{2})\s*[-/\u2013]\s*(\d{4}|\d{2})(?![\w/.-])")


def seasons_in(text: str) -> set[tuple[int, int]]:
    """The seasons `text` says (`season_span`), each as the last two digits of its two years: "in 2010-2011" and
    "MIA 2010-11" both say (10, 11)."""
    return {(int(m.group(1)) % 100, int(m.group(2)) % 100) for m in _SEASON_IN_TEXT.finditer(text)
            if season_span(m.group(0))}


def property_fact_id(owner: str, key: str) -> str:
    return f"{owner}{PROPERTY_ID_SEPARATOR}{key}"


def split_property_fact_id(fact_id: str) -> tuple[str, str]:
    owner, sep, key = fact_id.rpartition(PROPERTY_ID_SEPARATOR)
    if not sep or not owner or not key:
        raise ValueError(f"{fact_id!r} is not a property fact id (<element id>#<key>)")
    return owner, key


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def key_text(key: str) -> str:
    """A property key as words: "unitPrice" -> "unit price", "birth_date" -> "birth date", "HTTPCode" -> "http
    code" (how prompts state it and how it is matched to a question)."""
    return " ".join(_CAMEL.sub(" ", key).replace("_", " ").lower().split())


def value_text(value: Any) -> str:
    """A property value as a prompt states it: lists joined by commas, booleans and numbers as Neo4j prints them,
    a date stored with a midnight time as the date alone ("1948-12-08 00:00:00.000" -> "1948-12-08": the same
    fact; Northwind stores birth dates that way)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ", ".join(value_text(v) for v in value)
    text = str(value)
    m = _MIDNIGHT.match(text)
    return m.group(1) if m else text


@dataclass(frozen=True)
class Node:
    id: str
    name: str
    type: str | None = None
    aliases: tuple[str, ...] = ()
    description: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "type": self.type}

    @property
    def called(self) -> str | None:
        """The name people call the node by where its name was composed to tell it from others that share one:
        the other name it holds that its name starts with, followed by one number only ("Carolus Duran 1837", also
        named "Carolus Duran": the painter's birth year keeps him apart from a namesake) or one code of capitals and
        digits ("Derby E06000015"), or by a placeholder that
        tells nothing ("Halte Sarinah -": a stop whose region is stored as "-"; jakarta-bus-routes, spent, answered
        six stops so). An answer names it so; the composed name stays what the context and the explanation show.
        So is a name's title before the season it ends with ("WAS 2001-2002": WAS). None for any other name (a
        person's given name beside the surname is no such prefix: what follows it is no number)."""
        for alias in self.aliases:
            rest = self.name[len(alias):] if alias and self.name.startswith(alias + " ") else ""
            if rest and (_TELLING_NUMBER.fullmatch(rest.strip()) or _TELLING_CODE.fullmatch(rest.strip())
                         or _PLACEHOLDER.fullmatch(rest.strip())):
                return alias
        # ... and a name composed of a title and the season it is an edition of, where the title is no alias (linked
        # by a title every edition shares, all of them were seeds; formula-one, spent): "WAS 2001-2002" is the
        # team people call WAS, the season said apart (nba-six-dribbles, spent, answered "which team" with it)
        title, _, last = self.name.rstrip().rpartition(" ")
        if title.strip() and season_span(last) and not (self.type and title.strip().casefold() == self.type.casefold()):
            return title.strip()
        return None


@dataclass(frozen=True)
class Relationship:
    id: str
    source: str
    target: str
    label: str
    description: str | None = None
    provenance: FactProvenance = field(default_factory=FactProvenance, compare=False, hash=False)
    # How it reads when the stored direction means nothing (schema.relationship_direction "undirected-sorted":
    # LightRAG's): set by retrieval from the description; None: the stored direction is the meaning's
    reading: Reading | None = field(default=None, compare=False, hash=False)

    @property
    def head(self) -> str:
        """The id of the end the relation is stated from (the stored source unless the reading reverses it)."""
        return self.target if self.reading is not None and self.reading.reversed else self.source

    @property
    def tail(self) -> str:
        return self.source if self.reading is not None and self.reading.reversed else self.target

    def __post_init__(self) -> None:
        # whatever built it (a query's row, a saved explanation, a stack's metadata), the provenance is the typed
        # structure: a fact xgrag's ingestion saw in several documents carries its further sources as an
        # `other_sources` list (raw, as every query returns it), read here as `documents`
        object.__setattr__(self, "provenance", fact_provenance(self.provenance))

    def to_json(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "source": self.source,
            "target": self.target,
            "label": self.label,
            "provenance": dict(self.provenance),
        }
        if self.reading is not None:
            out["reading"] = self.reading.to_json()
        return out


@dataclass(frozen=True)
class PropertyFact:
    """A fact stored in a property of a node or a relationship: (Chai) unitPrice 18.0, or (Order 10248)-[ORDERS
    {quantity: 12}]->(Queso Cabrales). A unit of its own: removing it leaves its element in the context; removing
    the element removes it (a property cannot be stated without the element it is about)."""

    owner: str  # node or relationship id
    key: str  # the property key (a validated identifier)
    value: Any  # str, int, float, bool, or a list of those (temporal values as ISO text)
    owner_kind: Literal["node", "relationship"] = "node"

    @property
    def id(self) -> str:
        return property_fact_id(self.owner, self.key)

    @property
    def text(self) -> str:
        return value_text(self.value)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "owner_kind": self.owner_kind, "key": self.key,
                "value": self.value}


@dataclass(frozen=True)
class Perturbation:
    """A transient filter: which ids retrieval must skip and which names rendering must replace.

    Applied by the same Cypher retrieval that produced the subgraph (or, equivalently, to the
    retrieved subgraph in memory); never a copy of the graph and never a write. `excluded_units`: the units of a
    stack's context (xgrag.model.context.ContextUnit ids: retriever items, spans of their text) the stack's own
    prompt is rebuilt without.
    """

    excluded_node_ids: frozenset[str] = frozenset()
    excluded_rel_ids: frozenset[str] = frozenset()
    renames: tuple[tuple[str, str], ...] = ()  # (node id, replacement name)
    kind: str = "none"
    target: str | None = None
    excluded_units: frozenset[str] = frozenset()  # a stack's context units (xgrag.explain.stack) to leave out
    # property facts to leave out ("<element id>#<key>"); their elements stay
    excluded_property_ids: frozenset[str] = frozenset()

    @property
    def is_empty(self) -> bool:
        return not (self.excluded_node_ids or self.excluded_rel_ids or self.renames or self.excluded_property_ids
                    or self.excluded_units)

    @classmethod
    def combined(cls, parts: Sequence[Perturbation], kind: str) -> Perturbation:
        """Every exclusion of `parts` at once (a group test, a redundancy trial). Renames do not compose."""
        return cls(frozenset().union(*[p.excluded_node_ids for p in parts]),
                   frozenset().union(*[p.excluded_rel_ids for p in parts]), kind=kind,
                   excluded_units=frozenset().union(*[p.excluded_units for p in parts]),
                   excluded_property_ids=frozenset().union(*[p.excluded_property_ids for p in parts]))


# More entities than this linked to the same seeds are what the seeds share, none in particular (two countries that
# both voted for 35 others; two diseases related to a dozen alike): retrieval reads none of them first, and the
# property facts' ranking keeps none of their facts with the seeds' own.
BRIDGES_AT_MOST = 3


@dataclass
class Subgraph:
    nodes: dict[str, Node] = field(default_factory=dict)
    relationships: dict[str, Relationship] = field(default_factory=dict)
    seeds: list[str] = field(default_factory=list)
    truncated: bool = False
    mode: str = "khop"
    # alias id -> canonical id, from persisted ALIAS_OF relationships (retrieval) or dedup
    alias_map: dict[str, str] = field(default_factory=dict)
    paths: list[list[str]] = field(default_factory=list)  # relationship ids per shortest path
    fallback: str | None = None  # why the requested mode fell back to another
    # why the subgraph is what it is (mode "auto": the whole neighbourhood fitted, or which relation types a hop
    # was focused on and what was left out; xgrag.retrieval.focus)
    reason: str | None = None
    # facts stored in properties of the nodes and relationships above (a general mapping's), by id
    properties: dict[str, PropertyFact] = field(default_factory=dict)
    # property facts of retrieved elements left out of the context by the cap (RetrievalSettings.max_property_facts)
    properties_omitted: int = 0
    # what the question's names matched (set by Retriever.retrieve when it linked them; None for a subgraph built
    # otherwise): carried to the explanation, never part of the context or of to_json
    linking: Linking | None = None

    def add_node(self, node: Node) -> None:
        self.nodes.setdefault(node.id, node)

    def add_relationship(self, rel: Relationship) -> None:
        self.relationships.setdefault(rel.id, rel)

    def add_property(self, fact: PropertyFact) -> None:
        self.properties.setdefault(fact.id, fact)

    def properties_of(self, owner: str) -> list[PropertyFact]:
        """The property facts of one node or relationship, by key."""
        return sorted((f for f in self.properties.values() if f.owner == owner), key=lambda f: f.key)

    def sorted_properties(self) -> list[PropertyFact]:
        """Property facts in a canonical order (owner's name, key), stable across perturbations."""
        def key(f: PropertyFact) -> tuple[str, str, str]:
            if f.owner_kind == "node" and f.owner in self.nodes:
                return (self.nodes[f.owner].name, f.key, f.id)
            rel = self.relationships.get(f.owner)
            head = self.nodes[rel.source].name if rel is not None and rel.source in self.nodes else f.owner
            return (head, f.key, f.id)

        return sorted(self.properties.values(), key=key)

    def _seeds_linked(self) -> dict[str, int]:
        """How many of the seeds each entity that is not one is linked to."""
        seeds = set(self.seeds)
        near: dict[str, set[str]] = {}
        for r in self.relationships.values():
            if r.source in seeds:
                near.setdefault(r.target, set()).add(r.source)
            if r.target in seeds:
                near.setdefault(r.source, set()).add(r.target)
        return {n: len(linked) for n, linked in near.items() if n not in seeds}

    def bridges(self, least: int = 2) -> set[str]:
        """The entities, not seeds, linked to two or more of the seeds (`least`): what the question's entities share
        (an MP between his constituency and his party, a recommendation between a technology and a radar)."""
        return {n for n, count in self._seeds_linked().items() if count >= max(least, 2)}

    def closest_bridges(self, at_most: int) -> set[str]:
        """The bridges linked to the most seeds, where at most `at_most` are (else none): of the 40 bouts two
        wrestlers fought, the one that the tournament the question names holds too (sumo-makuuchi, tune)."""
        linked = self._seeds_linked()
        least = 2
        while True:
            found = {n for n, count in linked.items() if count >= least}
            if len(found) <= at_most:
                return found
            least += 1

    def degree(self) -> dict[str, int]:
        deg = {nid: 0 for nid in self.nodes}
        for rel in self.relationships.values():
            if rel.source in deg:
                deg[rel.source] += 1
            if rel.target in deg:
                deg[rel.target] += 1
        return deg

    def triples(self) -> list[tuple[str, str, str]]:
        """(head name, relation, tail name) in a canonical order, stable across perturbations."""
        out = []
        for rel in self.sorted_relationships():
            out.append((self.nodes[rel.source].name, rel.label, self.nodes[rel.target].name))
        return out

    def sorted_relationships(self) -> list[Relationship]:
        def key(r: Relationship) -> tuple[str, str, str, str]:
            return (self.nodes[r.source].name, r.label, self.nodes[r.target].name, r.id)

        return sorted(self.relationships.values(), key=key)

    def copy(self) -> Subgraph:
        """A shallow copy (nodes and relationships are immutable values)."""
        return Subgraph(nodes=dict(self.nodes), relationships=dict(self.relationships), seeds=list(self.seeds),
                        truncated=self.truncated, mode=self.mode, alias_map=dict(self.alias_map),
                        paths=[list(p) for p in self.paths], fallback=self.fallback,
                        properties=dict(self.properties), properties_omitted=self.properties_omitted,
                        reason=self.reason, linking=self.linking)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], paths: Sequence[Sequence[str]] | None = None) -> Subgraph:
        """Rebuild a Subgraph from `to_json()` (e.g. `Explanation.subgraph`, with `Explanation.paths`): names,
        types, relation labels, ids and provenance, i.e. everything a rendered context reads."""
        sub = cls(seeds=list(data.get("seeds", [])), truncated=bool(data.get("truncated", False)),
                  mode=str(data.get("mode", "khop")), alias_map=dict(data.get("alias_map") or {}),
                  paths=[list(p) for p in (paths or data.get("paths") or [])], fallback=data.get("fallback"),
                  reason=data.get("reason"))
        for n in data.get("nodes", []):
            sub.add_node(Node(n["id"], n["name"], n.get("type")))
        for r in data.get("relationships", []):
            reading = Reading.from_json(r["reading"]) if r.get("reading") else None
            sub.add_relationship(Relationship(r["id"], r["source"], r["target"], r["label"],
                                              provenance=fact_provenance(r.get("provenance")), reading=reading))
        for f in data.get("properties", []):
            sub.add_property(PropertyFact(f["owner"], f["key"], f["value"], f.get("owner_kind", "node")))
        sub.properties_omitted = int(data.get("properties_omitted", 0))
        return sub

    def to_json(self) -> dict[str, Any]:
        return {
            "nodes": [n.to_json() for n in sorted(self.nodes.values(), key=lambda n: (n.name, n.id))],
            "relationships": [r.to_json() for r in self.sorted_relationships()],
            "seeds": list(self.seeds),
            "truncated": self.truncated,
            "mode": self.mode,
            "fallback": self.fallback,
            "reason": self.reason,
            "alias_map": dict(sorted(self.alias_map.items())),
            "properties": [f.to_json() for f in self.sorted_properties()],
            "properties_omitted": self.properties_omitted,
        }


def undirected(relationships: Iterable[Relationship]) -> dict[str, list[tuple[str, str]]]:
    """Each node's (relationship id, other end) pairs, both ways, in the relationships' order: the walks of the
    explainers' paths and trails read a subgraph's relationships undirected."""
    adjacent: dict[str, list[tuple[str, str]]] = {}
    for rel in relationships:
        adjacent.setdefault(rel.source, []).append((rel.id, rel.target))
        adjacent.setdefault(rel.target, []).append((rel.id, rel.source))
    return adjacent
