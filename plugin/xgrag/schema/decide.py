"""The decisions of `xgrag schema infer` on a domain graph, from a GraphProfile: which labels are entities, each
label's key and display name (labels.py), which node and relationship properties are facts (values.py, links.py),
which relationship types are bookkeeping, and the chunk/document provenance pattern (provenance.py). Pure logic
except the foreign-key probes, asked through a callback. Every decision carries the reason the TOML prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from xgrag.config import IDENTIFIER, IDENTIFIER_RULE
from xgrag.model import key_text
from xgrag.schema.labels import (
    ALIAS_KEYS,
    HANDLE_KEYS,
    SPARSE_REST,
    TITLE_YEAR_SCORE,
    LabelSkip,
    alias_properties,
    business_key,
    choose_key,
    cited_code,
    classify_labels,
    first_name_part,
    name_candidates,
    name_key,
    named_statement,
    order,
    readable_code,
    record_alias,
    record_name,
    rejected_names,
    repeating_name,
    sparse_name,
    spelled_value,
    value_name,
    worded_value,
)
from xgrag.schema.links import Runner, foreign_keys, linking_types
from xgrag.schema.options import ALIAS_TYPE, MAX_FACT_CHARS, InferOptions
from xgrag.schema.profile import GraphProfile, LabelProfile, PropertyStats, TypeProfile, id_named, ids_named
from xgrag.schema.provenance import provenance
from xgrag.schema.values import describe, not_a_fact

__all__ = ["DomainDecisions", "EntityDecision", "InferOptions", "LabelSkip", "PropertyDecision", "TypeDecision",
           "decide_domain"]


# why a property named as an identifier ("id", "gazette_id") is no fact; such properties are the mapping's
# `identifiers`, stated only when a question names them
ID_NAMED = "an identifier (by its name), not a fact"


@dataclass(frozen=True)
class PropertyDecision:
    key: str
    fact: bool
    reason: str  # for a fact: what the sample showed (type, examples); otherwise why it was left out


@dataclass
class EntityDecision:
    label: str
    count: int
    sampled: int
    key: str | None
    key_reason: str
    name: list[str]
    name_reason: str
    facts: list[PropertyDecision] = field(default_factory=list)
    excluded: list[PropertyDecision] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    label_in_name: bool = False
    name_fallback: list[str] = field(default_factory=list)  # naming the nodes without a name
    fallback_reason: str = ""
    alias_reasons: dict[str, str] = field(default_factory=dict)  # single-valued aliases (codes, logins): why
    naming: str = "name"  # how its nodes are named: name (parts) | value (what identifies them) | record | key
    notes: list[str] = field(default_factory=list)

    @property
    def identifiers(self) -> list[str]:
        """The properties left out as identifiers by their name: no fact of every context, but stated when a
        question names them ("what is the gazette id of X")."""
        return [e.key for e in self.excluded if e.reason == ID_NAMED]

    def table(self) -> dict[str, Any]:
        """The [[schema.entities]] table."""
        out: dict[str, Any] = {"label": self.label}
        if self.key:
            out["key"] = self.key
        if self.name:
            out["name"] = list(self.name)
        if self.name_fallback:
            out["name_fallback"] = list(self.name_fallback)
        if self.label_in_name:
            out["label_in_name"] = True
        if self.aliases:
            out["aliases"] = list(self.aliases)
        out["facts"] = [f.key for f in self.facts]
        if self.identifiers:
            out["identifiers"] = self.identifiers
        return out


@dataclass
class TypeDecision:
    type: str
    count: int
    sampled: int
    ends: list[str]  # "Order -> Product"
    bookkeeping: bool
    reason: str
    facts: list[PropertyDecision] = field(default_factory=list)
    excluded: list[PropertyDecision] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    relation: str | None = None  # the property naming each relationship's relation (`_names_relation`)
    relation_reason: str = ""

    def table(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.relation:
            out["relation"] = self.relation
        out["facts"] = [f.key for f in self.facts]
        return out


@dataclass
class DomainDecisions:
    entities: list[EntityDecision]
    skipped: list[LabelSkip]
    types: list[TypeDecision]
    provenance: dict[str, Any] | None  # the [schema.provenance] overrides (mentions mode), None: no chunks
    provenance_reason: str
    notes: list[str] = field(default_factory=list)
    chunks: list[str] = field(default_factory=list)  # labels read as chunks and documents (provenance)

    def table(self, read_only: bool) -> dict[str, Any]:
        """The [schema] table: preset 'domain' and what differs from it."""
        out: dict[str, Any] = {"preset": "domain", "read_only": read_only,
                               "non_semantic_types": self.non_semantic_types()}
        if self.provenance:
            out["provenance"] = dict(self.provenance)
        out["entities"] = [e.table() for e in self.entities]
        out["relationships"] = [t.table() for t in self.types if not t.bookkeeping and (t.facts or t.relation)]
        return out

    def non_semantic_types(self) -> list[str]:
        types = [t.type for t in self.types if t.bookkeeping]
        return sorted(set(types) | {ALIAS_TYPE})


def _facts(props: dict[str, PropertyStats], sampled: int, taken: dict[str, str], opts: InferOptions,
           kind: str, keys_seen: int, told_apart_by: str | None = None, nameless: bool = False,
           stated: str | None = None
           ) -> tuple[list[PropertyDecision], list[PropertyDecision], list[str]]:
    """(facts, excluded, notes) of one label or type; `taken`: properties already decided (key, name, foreign keys)
    with their reasons; `told_apart_by`: the key that tells apart nodes whose name repeats, a fact whatever its
    name says; `nameless`: the nodes have no name (named by their label and key): a text no longer than a fact on
    average is what each says (a tweet's, a comment's), a fact as a description is, its longer values not read;
    `stated`: the text key of named records of a short text (`labels.named_statement`), read the same way."""
    facts: list[PropertyDecision] = []
    excluded: list[PropertyDecision] = []
    for key, s in props.items():
        if key in taken:
            excluded.append(PropertyDecision(key, False, taken[key]))
            continue
        if not IDENTIFIER.fullmatch(key):
            excluded.append(PropertyDecision(key, False, "its name is not an identifier xgrag splices into Cypher "
                                                         f"({IDENTIFIER_RULE}): rename the property to map it"))
            continue
        reason = not_a_fact(s, opts)
        # (a record known by its key alone is known to people by what it says: "the tweet saying liberals made the
        # eclipse a race issue" (russian-troll-tweets, spent: its text, 103 characters on average, was out of the
        # mapping and no tweet could be found by it)
        if reason is not None and ((nameless and reason.startswith("free text"))
                                   or (key == stated and reason.startswith(("free text", "values up to")))) \
                and s.avg_len is not None \
                and s.avg_len <= MAX_FACT_CHARS:
            reason = None
        # (an identifier people cite, "BER3978", stays a fact: "what is the number of the letter from X?" ... but not
        # the identifiers of other nodes, "DEI-538" in `main_deity_ids`: a reference, which answered "who is the main
        # deity of X" with the code; japanese-mythology, spent)
        if reason is None and (id_named(key) and not cited_code(s) or ids_named(key)) and key != told_apart_by:
            reason = ID_NAMED
        if reason is not None:
            excluded.append(PropertyDecision(key, False, reason))
        else:
            facts.append(PropertyDecision(key, True, describe(s, sampled)))
    notes = []
    if len(facts) > opts.max_facts:
        ranked = sorted(facts, key=lambda f: (-props[f.key].present, f.key))
        kept = {f.key for f in ranked[:opts.max_facts]}
        left = [f.key for f in ranked[opts.max_facts:]]
        notes.append(f"{len(facts)} properties could be facts; the {opts.max_facts} most often set are listed "
                     f"(max_facts = {opts.max_facts}), {len(left)} left out: {_names(left)}")
        facts = [f for f in facts if f.key in kept]
    if keys_seen > len(props):
        notes.append(f"{keys_seen} distinct property keys on the sampled {kind}; the {len(props)} most often set "
                     f"were profiled (max_keys)")
    return facts, excluded, notes


def _names(keys: list[str], limit: int = 12) -> str:
    shown = ", ".join(keys[:limit])
    return shown + (f" and {len(keys) - limit} more" if len(keys) > limit else "")


def _copies(record: LabelProfile, owner: LabelProfile, key: str) -> bool:
    """Whether `record`'s `key` shows a copy of `owner`'s name under the same key: the key says the owner's label
    (`TrackName` for the label `track`) or the two share a sampled value."""
    if set(key_text(owner.label).split()) <= set(key_text(key).split()):
        return True
    mine, theirs = record.properties.get(key), owner.properties.get(key)
    return mine is not None and theirs is not None and bool(set(mine.examples) & set(theirs.examples))


def decide_domain(profile: GraphProfile, opts: InferOptions,
                  run: Runner | None = None) -> tuple[DomainDecisions, dict[str, int]]:
    """The general mapping of a domain graph. `run` checks the planned foreign-key candidates against the graph
    (None: by name only). Returns the decisions and counts of the probes
    asked / skipped."""
    entities, chunks, skipped = classify_labels(profile, opts)
    notes: list[str] = []
    if profile.unreadable_labels:
        notes.append(f"labels left out, their names are not identifiers xgrag splices into Cypher: "
                     f"{_names(profile.unreadable_labels)}")
    if profile.unreadable_types:
        notes.append(f"relationship types left out, their names are not identifiers: "
                     f"{_names(profile.unreadable_types)}")
    # relationship types: bookkeeping when no sampled relationship joins two entity labels
    types: list[TypeDecision] = []
    ent = set(entities)
    for rtype, tp in profile.types.items():
        ends = sorted({f"{_main(a, ent)} -> {_main(b, ent)}" for a, b in tp.ends})
        joins = sum(n for (a, b), n in tp.ends.items() if set(a) & ent and set(b) & ent)
        if rtype.startswith("XGRAG_"):
            book, reason = True, "xgrag's own records (saved explanations)"
        elif rtype == ALIAS_TYPE:
            book, reason = True, "xgrag's alias links (two names of one entity), never a fact"
        elif not joins:
            book, reason = True, "bookkeeping: never joins two entities in the sample"
        else:
            book = False
            reason = "" if joins == tp.sampled else f"{tp.sampled - joins} of {tp.sampled} sampled touch non-entities"
        types.append(TypeDecision(rtype, tp.count, tp.sampled, ends, book, reason))
    bookkeeping = {t.type for t in types if t.bookkeeping}
    # keys and names
    decisions: dict[str, EntityDecision] = {}
    year_facts: dict[str, str] = {}  # label -> the year that tells apart the nodes of a title that repeats
    # the keys that name each label (its best name of one property), and the labels each is linked to: a title that
    # repeats names its nodes unless a label they are linked to is named by the same key (`name_candidates`' copied)
    first = {label: name_candidates(profile.labels[label], opts) for label in entities}
    named_by = {label: c[0][1][0] for label, c in first.items() if c and len(c[0][1]) == 1}
    pairs = linking_types(profile, bookkeeping)

    def copies(label: str, other: str) -> bool:
        """Does `label` hold a copy of the name `other` is named by: the same key, and a sampled value of it (the
        smallest, `PropertyStats.examples`) the same on both (an answer's title is its question's; an episode's
        primaryTitle is not its series')."""
        key = named_by.get(other)
        mine, theirs = profile.labels[label].properties.get(key or ""), profile.labels[other].properties.get(key or "")
        return mine is not None and theirs is not None and bool(set(mine.examples) & set(theirs.examples))

    for label in entities:
        lp = profile.labels[label]
        copied = frozenset(named_by[o] for a, o in pairs if a == label and o != label and o in named_by
                           and copies(label, o))
        cands = name_candidates(lp, opts, copied) if copied else first[label]
        name: list[str] = cands[0][1] if cands else []
        key, key_reason = choose_key(lp, profile, name)
        naming, labelled = "name", False
        known = key is not None and business_key(lp, key)  # "Order 10248": the number people know it by
        value = None if cands else value_name(lp, opts)
        if known and value is not None and not spelled_value(lp, value[0]) and not worded_value(lp, value[0]):
            value = None  # "Order 10248" beside a phone number: the serial names it (not beside a name in words)
        sparse = None if cands or known or value is not None else sparse_name(lp, opts, keyed=key is not None)
        record_aliases: list[tuple[str, str]] = []
        fallback: list[str] = []
        fallback_reason = ""
        if cands:
            name_reason = cands[0][2]
        elif value is not None:
            (name, name_reason), naming = ([value[0]], value[1]), "value"
        elif sparse is not None:
            name, name_reason = [sparse[0]], sparse[1]
            # ... and where it is not set, a first name most nodes have is what the others are called (a genealogy's
            # persons without a surname have no `name`, only `first`: "Elizabeth of_York", not "Person @I774@";
            # royal92, spent)
            given = first_name_part(lp, opts, sparse[0])
            if given is not None:
                fallback, fallback_reason = [given], f"where {sparse[0]} is not set: the {given} most nodes have"
                for rest in SPARSE_REST.values():
                    name_reason = name_reason.replace(rest, f"the others by {given}")
        elif not known:
            name, name_reason, labelled = record_name(lp, opts, key)
            # named by its name alone (a repeating bank name whose key only spells it): a named label, its name no
            # fact of its own ("(Aizkraukles Banka) name Aizkraukles Banka" said nothing)
            # (... and so is one named by its words alone, no label before them: a company that won a tender, whose
            # `winning_company` then restated its name as a fact and answered "what did it win"; hubei-tender-awards)
            naming = "name" if len(name) == 1 and (name_key(name[0]) or not labelled) else "record"
            alias = record_alias(lp, name)
            if alias is not None:
                record_aliases.append((alias, "what the record is, linked without its date"))
        else:
            naming = "key"
            rejected = rejected_names(lp, opts)
            name_reason = ("no name-like property" + (f" that tells nodes apart ({'; '.join(rejected)})"
                                                      if rejected else "")
                           + (f": nodes are named by label and key, e.g. \"{label} {_example(lp, key)}\""
                              if key else ""))
        # a designation every node has ("58Alp Ori") beside a name only some have ("Betelgeuse"): the name where it
        # is set, the designation where not (named by the designation, no star could be linked by its name)
        proper = sparse_name(lp, opts) if (cands or value is not None) and len(name) == 1 \
            and not name_key(name[0]) and name[0].lower().replace("_", "") not in HANDLE_KEYS else None
        # (only a name some nodes lack: a title every answer has and shares with its question's other answers
        # names none of them; its link, which is unique, does)
        if proper is not None and proper[0] != name[0] \
                and lp.properties[proper[0]].present < opts.name_present * max(lp.sampled, 1):
            fallback, fallback_reason = list(name), f"where {proper[0]} is not set: {name_reason}"
            name, name_reason, naming = [proper[0]], proper[1].replace(
                SPARSE_REST[True], f"the others by {name[0]}"), "name"
        if not name and not key and not labelled:
            skipped.append(LabelSkip(label, lp.count, "no property names or identifies its nodes (no name-like "
                                                      "property, none unique in the sample)"))
            continue
        aliases = [k for k in ALIAS_KEYS if k in lp.properties and lp.properties[k].kinds == {"list:string"}][:1]
        # a title that repeats, told apart by its year (a team per season, "WAS 2001-2002"; a race per year): the
        # year is a fact asked about ("which season is CHO in"). (The title is no alias: linked by it, every edition
        # was a seed before the year said narrowed them, and records held near 70 races were linked; formula-one)
        if cands and cands[0][0] == TITLE_YEAR_SCORE and len(name) == 2:
            year_facts[label] = name[1]
        # the designation of a node that has a name too is linked as typed ("the star 58Alp Ori")
        record_aliases += [(f, "the designation of the nodes that have a name, linked as typed") for f in fallback]
        others = record_aliases + (alias_properties(lp, opts, [*name, *fallback, *([key] if key else []), *aliases])
                                   if name else [])
        if label in year_facts:
            name_reason += f"; {year_facts[label]} stays a fact"
        decisions[label] = EntityDecision(label, lp.count, lp.sampled, key, key_reason, name, name_reason,
                                          aliases=aliases + [a for a, _ in others],
                                          label_in_name=labelled, alias_reasons=dict(others),
                                          naming=naming, name_fallback=fallback, fallback_reason=fallback_reason)
    keys = {label: d.key for label, d in decisions.items() if d.key}
    # foreign keys: by name (a property named like another label's key), then by value where a probe may ask
    taken: dict[str, dict[str, str]] = {}
    told_apart: dict[str, str | None] = {}  # the key that tells apart the nodes of a label whose name repeats
    probe_candidates: dict[str, list[PropertyStats]] = {}
    for label, d in decisions.items():
        lp = profile.labels[label]
        t: dict[str, str] = {}
        # (a designation naming the nodes without a name stays a fact of those with one)
        # (a key beside a name that repeats is what tells its nodes apart: a fact, seen beside the name)
        told_apart[label] = d.key if d.naming == "name" and repeating_name(lp, opts, d.name) else None
        if d.key and not (d.naming in ("value", "record") and d.key in d.name) and not readable_code(lp, d.key) \
                and d.key not in d.name_fallback and told_apart[label] is None:
            t[d.key] = ("the key: identifies the node" + (f" and names it (\"{label} <{d.key}>\")" if not d.name
                                                           else "") + ", not a fact")
        # a name in parts is said by the name; a record's date and kind and a value that names a node (its IP
        # address) are still facts to ask about ("when did the visit start", "what is the IP address of X")
        if d.naming == "name":
            for p in d.name:
                if p != year_facts.get(label):  # (the year a shared title is told apart by is asked)
                    t.setdefault(p, "the display name, not a fact")
        for a in d.aliases:
            if a not in d.alias_reasons:  # a list of other names; a single other name (a code) stays a fact too
                t[a] = "the aliases (other names), not a fact"
        for prop, s in lp.properties.items():
            if prop in t or not_a_fact(s, opts) or not IDENTIFIER.fullmatch(prop):
                continue
            # by name only where the key names its label (supplierID on a Product): a key as generic as `ip`, `name`
            # or `code` on two labels says nothing of a link between them (the value probe below may)
            owner = next((o for o, k in sorted(keys.items())
                          if k == prop and o != label and o.lower() in prop.lower()), None)
            if owner is not None:
                t[prop] = f"a foreign key: the key of {owner} ({owner}.{prop}), not a fact"
                # a record about the entity its foreign key names, named by a copy of that entity's name (an
                # insertion_log's TrackName beside its TrackID): named after its label too, or the two read as one
                # entity of that name and the record's facts as the entity's
                # (a copy shown: the name's key names the owner ("TrackName" of a track), or a sampled value is
                # both's. A key both call `name` alone copies nothing: Platform's name beside its
                # platform_family_id is the platform's own, "PlayStation 3", not the family's; igdb-games, tune)
                said = decisions[owner]
                if d.naming == "name" and len(d.name) == 1 and d.name[0] in said.name and not d.label_in_name \
                        and _copies(lp, profile.labels[owner], d.name[0]):
                    d.label_in_name = True
                    d.name_reason += (f"; a record about the {owner} its {prop} names, whose name it copies: named "
                                      "after its label too")
            elif not id_named(prop) and s.kinds <= {"string", "integer"} and s.short == s.present:
                probe_candidates.setdefault(label, []).append(s)
        taken[label] = t
    asked = skipped_probes = 0
    if run is not None and probe_candidates:
        fks, asked, skipped_probes = foreign_keys(profile, keys, probe_candidates, bookkeeping, run, opts)
        for (label, prop), why in fks.items():
            taken[label][prop] = why
        if skipped_probes:
            notes.append(f"{skipped_probes} foreign-key checks skipped (max_link_probes = {opts.max_link_probes})")
    for label, d in decisions.items():
        lp = profile.labels[label]
        # a property that says the node's own label on every sampled node (china-intangible-heritage, spent: `type`
        # "Organization" on each Organization) says nothing more; a fact of it answered "which item does X protect"
        # with "Organization"
        own = {k: "repeats the node's label on every sampled node: says nothing more" for k, ps in lp.properties.items()
               if k not in taken[label] and _says_its_type(ps, label)}
        d.facts, d.excluded, d.notes = _facts(lp.properties, lp.sampled, {**own, **taken[label]}, opts, "nodes",
                                              lp.keys_seen, told_apart[label],
                                              nameless=d.naming in ("key", "record") and not d.name,
                                              stated=named_statement(lp, opts))
    # relationship facts
    for td in types:
        if td.bookkeeping:
            continue
        tp = profile.types[td.type]
        end_keys = _end_keys(tp, decisions)
        t = {}
        relation = _relation_property(tp, set(end_keys))
        if relation is not None:
            td.relation, td.relation_reason = relation
            t[td.relation] = "names each relationship's relation: read as its label (relation)"
        for prop in tp.properties:
            if prop in end_keys:
                t[prop] = f"the key of the {end_keys[prop]} at an end: the relationship's end already says it"
            elif _says_its_type(tp.properties[prop], td.type):
                # a `type` property that repeats the relationship's type (human1-metabolism, spent: catalyzes
                # {type: 'catalyzes'}): a fact of it answered "which gene catalyzes X" with "catalyzes"
                t[prop] = "repeats the relationship's type on every sampled relationship: says nothing more"
        td.facts, td.excluded, td.notes = _facts(tp.properties, tp.sampled, t, opts, "relationships", tp.keys_seen)
    prov, prov_reason = provenance(profile, chunks, [e for e in entities if e in decisions])
    rank = {"name": 0, "value": 1, "record": 2, "key": 2}
    ordered = [decisions[label] for label in order(list(decisions), profile,
                                                  {label: rank[d.naming] for label, d in decisions.items()})]
    return (DomainDecisions(ordered, sorted(skipped, key=lambda s: s.label), types, prov, prov_reason, notes,
                            chunks=sorted(chunks)),
            {"asked": asked, "skipped": skipped_probes})


# a key that says it holds the relation ("relation_type", "predicate", "relationship", "rel", "verb") ...
_RELATION_KEY_WORDS = frozenset({"relation", "relationship", "predicate", "rel", "verb"})
# ... or a generic one ("type", "name") whose values are relation identifiers joined by "_" ("parent_of", "WORKS_AT")
_GENERIC_KEYS = frozenset({"type", "name", "label", "kind"})
_RELATION_IDENTIFIER = re.compile(r"[^\W\d_]+(?:_[^\W\d_]+)+")
_RELATION_PHRASE = re.compile(r"[^\W\d_][\w\- ]{0,47}")


def _says_relation(key: str) -> bool:
    """Does a key's name say it holds a relation (`_RELATION_KEY_WORDS`: "relation_type", "predicate")?"""
    return bool(set(key_text(key).lower().split()) & _RELATION_KEY_WORDS)


def _names_relation(key: str, s: PropertyStats, sampled: int) -> bool:
    """Does `key` name each relationship's relation, its type only grouping them (japanese-mythology, spent: RITUAL
    {relation_type: "primary_deity_of"}, LINEAGE {relation_type: "parent_of"}; a generic RELATED {predicate: ...})?
    A string set on nearly every sampled relationship (90%), short (48 characters at most), a small vocabulary (at
    most 60 values, and a third of the relationships carrying it), its sampled values written as a relation is (a
    phrase of at most 5 words), under a key that says so (`_RELATION_KEY_WORDS`) or a generic key whose values are
    identifiers joined by "_" (`_GENERIC_KEYS`: a `type` {"savings"} of an account qualifies the relation, it does not
    name it)."""
    if s.kinds != {"string"} or not s.examples or s.present < 0.9 * sampled or (s.max_len or 0) > 48 \
            or not 1 <= s.distinct <= min(60, max(1, s.present // 3)) or s.short < s.present:
        return False
    if not all(_RELATION_PHRASE.fullmatch(x) and len(re.split(r"[\s_\-]+", x.strip())) <= 5 for x in s.examples):
        return False
    if _says_relation(key):
        return True
    return key.lower() in _GENERIC_KEYS and all(_RELATION_IDENTIFIER.fullmatch(x) for x in s.examples)


def _relation_property(tp: TypeProfile, end_keys: set[str]) -> tuple[str, str] | None:
    """(the property naming each relationship's relation, why) of a relationship type (`_names_relation`; a key
    saying so before a generic one, then the most often set), or None."""
    found = [(k, s) for k, s in tp.properties.items()
             if k not in end_keys and IDENTIFIER.fullmatch(k) and _names_relation(k, s, tp.sampled)]
    if not found:
        return None
    key, s = min(found, key=lambda ks: (not _says_relation(ks[0]),
                                        -ks[1].present, ks[0]))
    shown = ", ".join(f'"{x}"' for x in s.examples)
    values = f"{s.distinct} value{'s' if s.distinct != 1 else ''}"
    return key, (f"names each relationship's relation ({values} on {s.present} of {tp.sampled} sampled, "
                 f"e.g. {shown}): read as its label in place of the type, which groups them")


def _says_its_type(s: PropertyStats, own: str) -> bool:
    """Does every sampled value of `s` say the relationship's own type or the node's own label (one distinct value,
    its words)?"""
    def words(text: str) -> str:  # "HAS_PART", "has part", "has-part" alike
        return " ".join(re.split(r"[\W_]+", text.lower())).strip()

    return s.distinct == 1 and bool(s.examples) and all(words(x) == words(own) for x in s.examples)


def _example(lp: LabelProfile, key: str | None) -> str:
    s = lp.properties.get(key) if key else None
    return s.examples[0] if s and s.examples else "<key>"


def _main(labels: tuple[str, ...], entities: set[str]) -> str:
    """A node's labels for display: its entity labels, else all of them."""
    shown = [x for x in labels if x in entities] or list(labels)
    return ":".join(shown) or "(no label)"


def _end_keys(tp: TypeProfile, decisions: dict[str, EntityDecision]) -> dict[str, str]:
    out: dict[str, str] = {}
    for a, b in tp.ends:
        for label in (*a, *b):
            d = decisions.get(label)
            if d and d.key:
                out.setdefault(d.key, label)
    return out
