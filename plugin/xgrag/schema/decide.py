"""The decisions of `xgrag schema infer` on a domain graph, from a GraphProfile: which labels are entities, each
label's key and display name, which node and relationship properties are facts, which relationship types are
bookkeeping, and the chunk/document provenance pattern. Pure logic except `foreign_keys`, which asks bounded reads
through a callback. Every decision carries the reason the TOML prints beside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from xgrag.config import IDENTIFIER, shared_config
from xgrag.schema.profile import GraphProfile, LabelProfile, LinkProbe, PropertyStats, TypeProfile, id_named

# What a fact may be (the retrieval's own guard, cypher/shared_config.json): at most this many characters, lists of
# at most this many items. A property most of whose values are longer is not a fact.
MAX_FACT_CHARS: int = int(shared_config()["retrieval"]["max_fact_chars"])
MAX_FACT_ITEMS: int = int(shared_config()["retrieval"]["max_fact_items"])
ALIAS_TYPE: str = str(shared_config()["schema"]["alias_type"])


@dataclass(frozen=True)
class InferOptions:
    """The bounds of one inference. Its cost grows with the sample sizes (and the number of labels and types), never
    with the graph: every read is LIMITed."""

    sample_nodes: int = 1000  # nodes sampled per label
    sample_relationships: int = 1000  # relationships sampled per type
    max_facts: int = 40  # fact properties listed per label or type (the most frequent)
    max_keys: int = 500  # property keys profiled per label or type (the most frequent)
    # a string property whose values average more characters than this is free text (Employee.notes: 214), not a fact
    text_chars: int = 100
    name_unique: float = 0.9  # a display name must be this unique (distinct / present) in the sample
    name_present: float = 0.9  # ... and set on this share of the sampled nodes
    link_probe: int = 20  # nodes read per foreign-key probe
    max_link_probes: int = 200  # foreign-key probes per inference
    read_only: bool = False


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
    aliases: str | None = None
    notes: list[str] = field(default_factory=list)

    def table(self) -> dict[str, Any]:
        """The [[schema.entities]] table."""
        out: dict[str, Any] = {"label": self.label}
        if self.key:
            out["key"] = self.key
        if self.name:
            out["name"] = list(self.name)
        if self.aliases:
            out["aliases"] = self.aliases
        out["facts"] = [f.key for f in self.facts]
        return out


@dataclass(frozen=True)
class LabelSkip:
    label: str
    count: int
    reason: str


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


@dataclass
class DomainDecisions:
    entities: list[EntityDecision]
    skipped: list[LabelSkip]
    types: list[TypeDecision]
    provenance: dict[str, Any] | None  # the [schema.provenance] overrides (mentions mode), None: no chunks
    provenance_reason: str
    notes: list[str] = field(default_factory=list)

    def table(self, read_only: bool) -> dict[str, Any]:
        """The [schema] table: preset 'domain' and what differs from it."""
        out: dict[str, Any] = {"preset": "domain", "read_only": read_only,
                               "non_semantic_types": self.non_semantic_types()}
        if self.provenance:
            out["provenance"] = dict(self.provenance)
        out["entities"] = [e.table() for e in self.entities]
        out["relationships"] = [{"type": t.type, "facts": [f.key for f in t.facts]}
                                for t in self.types if not t.bookkeeping and t.facts]
        return out

    def non_semantic_types(self) -> list[str]:
        types = [t.type for t in self.types if t.bookkeeping]
        return sorted(set(types) | {ALIAS_TYPE})


# -- property values -------------------------------------------------------------------------------------------------

def value_text(values: tuple[str, ...], limit: int = 3) -> str:
    """Sample values for a comment: quoted, one line, control characters and long values cut."""
    shown = []
    for v in values[:limit]:
        v = re.sub(r"[\x00-\x1f\x7f]", " ", v)
        shown.append('"' + (v[:40] + "..." if len(v) > 40 else v) + '"')
    return ", ".join(shown)


def _type_text(s: PropertyStats) -> str:
    kinds = sorted(s.kinds)
    return " | ".join(k.replace("list:", "list of ") for k in kinds)


def describe(s: PropertyStats, sampled: int) -> str:
    """What the sample showed of a fact property: its type, how often it is set, a few values."""
    share = f"set on {s.present} of {sampled}" if s.present < sampled else "always set"
    examples = f", e.g. {value_text(s.examples)}" if s.examples else ""
    return f"{_type_text(s)}, {share}{examples}"


VECTOR_ITEMS = 8  # float lists never shorter than this are vectors (coordinates, a pair of bounds are facts)


def _range(low: int | None, high: int | None) -> str:
    return f"{high}" if low == high else f"{low} to {high}"


def not_a_fact(s: PropertyStats, opts: InferOptions) -> str | None:
    """Why the values of `s` are not facts (an embedding, a long list, binary data, free text), or None."""
    kinds = s.kinds
    lists = {k for k in kinds if k.startswith("list:")}
    # a vector: floats in lists of at least VECTOR_ITEMS (a 16-float embedding), or longer than a fact list
    if lists and any("float" in k for k in lists) and (
            (s.max_len or 0) > MAX_FACT_ITEMS or (s.min_len or 0) >= VECTOR_ITEMS and kinds == lists):
        return f"an embedding or vector: lists of {_range(s.min_len, s.max_len)} numbers"
    if lists and (s.max_len or 0) > MAX_FACT_ITEMS:
        return f"lists of up to {s.max_len} items (a fact lists at most {MAX_FACT_ITEMS})"
    if s.blobs:
        start = f' ("{s.blob_example}...")' if s.blob_example else ""
        return f"binary data written as text{start}, {s.blobs} of {s.present} sampled values"
    if "string" in kinds and s.max_len is not None and s.avg_len is not None:
        if s.avg_len > opts.text_chars:
            return (f"free text: {s.avg_len:.0f} characters on average, up to {s.max_len:,} (facts are short "
                    f"values; text_chars = {opts.text_chars})")
        if s.max_len > MAX_FACT_CHARS:
            return (f"values up to {s.max_len:,} characters (measured in Cypher, never read whole): longer than "
                    f"a fact ({MAX_FACT_CHARS})")
    if "other" in kinds:
        return f"values of a type that is not a fact ({', '.join(s.types)})"
    return None


# -- labels: entities, keys, names -----------------------------------------------------------------------------------

TEXT_KEYS = ("text", "content", "page_content", "pageContent", "body", "chunk", "passage")
ALIAS_KEYS = ("aliases", "alias", "synonyms", "alternateNames", "alternate_names", "altNames", "otherNames")
# two properties a person's name is composed of (first part first)
NAME_PAIRS = (("firstName", "lastName"), ("first_name", "last_name"), ("givenName", "familyName"),
              ("given_name", "family_name"), ("forename", "surname"), ("firstname", "lastname"))


def _text_prop(lp: LabelProfile, opts: InferOptions) -> PropertyStats | None:
    for k in TEXT_KEYS:
        s = lp.properties.get(k)
        if s and "string" in s.kinds and (s.avg_len or 0) > opts.text_chars:
            return s
    return None


def _embedding(lp: LabelProfile, opts: InferOptions) -> PropertyStats | None:
    for s in lp.properties.values():
        reason = not_a_fact(s, opts)
        if reason and reason.startswith("an embedding"):
            return s
    return None


def _long_text(lp: LabelProfile, opts: InferOptions) -> PropertyStats | None:
    for s in lp.properties.values():
        reason = not_a_fact(s, opts)
        if reason and reason.startswith("free text"):
            return s
    return None


def name_candidates(lp: LabelProfile, opts: InferOptions) -> list[tuple[int, list[str], str]]:
    """(score, properties, why) of the display names the label's properties offer, best first. A single property
    must be set on most sampled nodes and nearly unique (names tell nodes apart: Order.shipName repeats, so orders
    are nameless); a first + last name pair need only be set."""
    out: list[tuple[int, list[str], str]] = []
    n = max(lp.sampled, 1)

    def usable(s: PropertyStats | None) -> bool:
        return (s is not None and bool(IDENTIFIER.fullmatch(s.key)) and s.kinds == {"string"}
                and s.present >= opts.name_present * n and not s.blobs and (s.avg_len or 0) <= opts.text_chars
                and (s.max_len or 0) <= MAX_FACT_CHARS)

    for first, last in NAME_PAIRS:
        a, b = lp.properties.get(first), lp.properties.get(last)
        if usable(a) and usable(b):
            out.append((92, [first, last], f"{first} + {last}: a person's name in two properties"))
    label_name = lp.label.lower() + "name"
    for key, s in sorted(lp.properties.items()):
        low = key.lower().replace("_", "")
        if low == "name":
            score = 100
        elif low == label_name:
            score = 95
        elif low == "title":
            score = 90
        elif low in ("fullname", "displayname", "companyname"):
            score = 85
        elif low.endswith("name") and not id_named(key):
            score = 60
        else:
            continue
        if not usable(s):
            continue
        assert s is not None
        ratio = s.distinct / max(s.present, 1)
        if ratio < opts.name_unique:
            continue
        out.append((score, [key], f"{s.distinct} distinct values in {s.present} sampled nodes"
                                  + (f", e.g. {value_text(s.examples, 2)}" if s.examples else "")))
    out.sort(key=lambda c: (-c[0], c[1]))
    return out


def _rejected_names(lp: LabelProfile, opts: InferOptions) -> list[str]:
    """Name-like properties that were not unique enough to name a node (said in the TOML)."""
    out = []
    for key, s in sorted(lp.properties.items()):
        low = key.lower().replace("_", "")
        if (low == "name" or low == "title" or low.endswith("name")) and "string" in s.kinds and s.present:
            ratio = s.distinct / max(s.present, 1)
            if ratio < opts.name_unique:
                out.append(f"{key} ({s.distinct} distinct values in {s.present})")
    return out


def choose_key(lp: LabelProfile, profile: GraphProfile, name: list[str]) -> tuple[str | None, str]:
    """The property identifying a node within its label: a uniqueness constraint, else a property set on every
    sampled node with no repeated value (identifier names first: <label>ID, *ID, *Id, id, *_id)."""
    # a constraint on a property no sampled node carries (left from other data) identifies nothing here
    constrained = [pc for pc in profile.unique_properties(lp.label)
                   if IDENTIFIER.fullmatch(pc[0]) and pc[0] in lp.properties]
    if constrained:
        constrained.sort(key=lambda pc: (-lp.properties[pc[0]].present, not id_named(pc[0]), pc[0]))
        prop, constraint = constrained[0]
        return prop, f"uniqueness constraint {constraint}"
    unique = [s for s in lp.properties.values()
              if IDENTIFIER.fullmatch(s.key) and s.present == lp.sampled and s.short == s.present
              and s.distinct == s.present and s.kinds <= {"string", "integer"}]
    if not unique:
        return None, "no property is set on every sampled node with distinct values"
    label_id = lp.label.lower() + "id"

    def rank(s: PropertyStats) -> tuple[int, str]:
        low = s.key.lower().replace("_", "")
        if low == label_id:
            return 0, s.key
        if id_named(s.key):
            return 1, s.key
        if s.key in name:
            return 2, s.key
        return 3, s.key

    best = min(unique, key=rank)
    return best.key, (f"no uniqueness constraint; set on all {lp.sampled} sampled nodes, no value repeated "
                      f"(not proven unique beyond the sample)")


def classify_labels(profile: GraphProfile, opts: InferOptions) -> tuple[list[str], list[str], list[LabelSkip]]:
    """(entity labels, chunk labels, skipped labels with reasons). Documents are labels linked only to chunks."""
    entities: list[str] = []
    chunks: list[str] = []
    skipped: list[LabelSkip] = []
    for label, lp in profile.labels.items():
        if label.startswith("Xgrag"):
            skipped.append(LabelSkip(label, lp.count, "xgrag's own records (migrations, saved explanations)"))
            continue
        text = _text_prop(lp, opts)
        if text is not None:
            chunks.append(label)
            skipped.append(LabelSkip(label, lp.count, f"chunks of text: `{text.key}` averages {text.avg_len:.0f} "
                                                      "characters"))
            continue
        emb, long = _embedding(lp, opts), _long_text(lp, opts)
        if emb is not None and long is not None and not name_candidates(lp, opts):
            chunks.append(label)
            skipped.append(LabelSkip(label, lp.count, f"chunks: text in `{long.key}` with an embedding in "
                                                      f"`{emb.key}` and no name"))
            continue
        entities.append(label)
    documents = []
    for label in entities:
        linked: set[str] = set()
        via: set[str] = set()
        for tp in profile.types.values():
            for a, b in tp.ends:
                if label in a:
                    linked.update(b)
                    via.add(tp.type)
                if label in b:
                    linked.update(a)
                    via.add(tp.type)
        linked.discard(label)
        if linked and linked <= set(chunks):
            documents.append(label)
            skipped.append(LabelSkip(label, profile.labels[label].count,
                                     f"documents: linked only to chunks ({', '.join(sorted(via))})"))
    entities = [e for e in entities if e not in documents]
    chunks += documents
    return entities, chunks, sorted(skipped, key=lambda s: s.label)


def _order(entities: list[str], profile: GraphProfile) -> list[str]:
    """Mapping order: a node carrying several mapped labels reads as the first, so a label whose sampled nodes all
    carry another mapped label (Actor within Person) comes before it; otherwise by name."""
    def is_super(label: str) -> bool:
        return any(profile.labels[o].co_labels.get(label, 0) == profile.labels[o].sampled
                   and profile.labels[o].sampled and o != label for o in entities)
    return sorted(entities, key=lambda label: (is_super(label), label))


# -- foreign keys ----------------------------------------------------------------------------------------------------

# (label, property, target label, target key, linking types) -> what a bounded read of the sample found
Prober = Callable[[str, str, str, str, list[str]], LinkProbe]


def _connected(profile: GraphProfile, a: str, b: str, bookkeeping: set[str]) -> list[str]:
    """Relationship types linking labels a and b (either direction) in the sample."""
    out = []
    for tp in profile.types.values():
        if tp.type in bookkeeping:
            continue
        if any((a in s and b in e) or (b in s and a in e) for s, e in tp.ends):
            out.append(tp.type)
    return sorted(out)


def _could_hold(s: PropertyStats, key: PropertyStats, targets: int) -> bool:
    """Could the sampled values of `s` be values of the key `key` (same types; strings of lengths, numbers in the
    range, the key's sample showed; no more distinct values than the target has nodes)? Keeps probes few."""
    if s.kinds != key.kinds or s.distinct > targets:
        return False
    if s.kinds == {"string"}:
        return (s.min_len is not None and key.min_len is not None and s.max_len is not None
                and key.max_len is not None and key.min_len <= s.min_len and s.max_len <= key.max_len)
    if s.low is None or s.high is None or key.low is None or key.high is None:
        return False
    # a key sample may not hold the key's extremes when the label is larger than the sample: then any range fits
    return key.present < targets or key.low <= s.low and s.high <= key.high


def foreign_keys(profile: GraphProfile, keys: dict[str, str], candidates: dict[str, list[PropertyStats]],
                 bookkeeping: set[str], probe: Prober, opts: InferOptions) -> tuple[dict[tuple[str, str], str],
                                                                                       int, int]:
    """(label, property) -> why it is a foreign key: on most sampled nodes (80%) its value is the key of the node
    a relationship links it to (Employee.reportsTo is the employeeID of the Employee REPORTS_TO links; Order.shipVia
    the shipperID of the Shipper SHIPPED_VIA links): the relationship states the fact, the property repeats it.
    Probed only where the value ranges fit (`_could_hold`); a probe reads at most `link_probe` sampled nodes and
    their relationships of the linking types. Returns (reasons, probes asked, probes skipped by the budget)."""
    found: dict[tuple[str, str], str] = {}
    asked = skipped = 0
    for label, props in candidates.items():
        for s in props:
            best: tuple[float, int, str] | None = None
            for target, key in sorted(keys.items()):
                via = _connected(profile, label, target, bookkeeping)
                if not via:
                    continue
                tstats = profile.labels[target].properties.get(key)
                if tstats is None or not _could_hold(s, tstats, profile.labels[target].count):
                    continue
                if asked >= opts.max_link_probes:
                    skipped += 1
                    continue
                asked += 1
                r = probe(label, s.key, target, key, via)
                if not r.sampled or r.linked < 0.8 * r.sampled:
                    continue
                share = r.linked / r.sampled
                why = (f"a foreign key: on {r.linked} of {r.sampled} sampled nodes its value is the {key} of the "
                       f"{target} linked by {' or '.join(via)}, which states it already")
                cand = (share, -profile.labels[target].count, why)
                if best is None or cand[:2] > best[:2]:
                    best = cand
            if best is not None:
                found[(label, s.key)] = best[2]
    return found, asked, skipped


# -- the whole domain mapping ----------------------------------------------------------------------------------------

def _facts(props: dict[str, PropertyStats], sampled: int, taken: dict[str, str], opts: InferOptions,
           kind: str, keys_seen: int) -> tuple[list[PropertyDecision], list[PropertyDecision], list[str]]:
    """(facts, excluded, notes) of one label or type; `taken`: properties already decided (key, name, foreign keys)
    with their reasons."""
    facts: list[PropertyDecision] = []
    excluded: list[PropertyDecision] = []
    for key, s in props.items():
        if key in taken:
            excluded.append(PropertyDecision(key, False, taken[key]))
            continue
        if not IDENTIFIER.fullmatch(key):
            excluded.append(PropertyDecision(key, False, "its name is not an identifier xgrag splices into Cypher "
                                                         "(letters, digits, _): rename the property to map it"))
            continue
        reason = not_a_fact(s, opts)
        if reason is None and id_named(key):
            reason = "an identifier (by its name), not a fact"
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


def decide_domain(profile: GraphProfile, opts: InferOptions,
                  probe: Prober | None = None) -> tuple[DomainDecisions, dict[str, int]]:
    """The general mapping of a domain graph. `probe` checks foreign-key candidates against the graph (None: by
    name only). Returns the decisions and counts of the probes asked / skipped."""
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
    for label in entities:
        lp = profile.labels[label]
        cands = name_candidates(lp, opts)
        name: list[str] = cands[0][1] if cands else []
        key, key_reason = choose_key(lp, profile, name)
        if cands:
            name_reason = cands[0][2]
        else:
            rejected = _rejected_names(lp, opts)
            name_reason = ("no name-like property" + (f" that tells nodes apart ({'; '.join(rejected)})"
                                                      if rejected else "")
                           + (f": nodes are named by label and key, e.g. \"{label} {_example(lp, key)}\""
                              if key else ""))
        if not name and not key:
            skipped.append(LabelSkip(label, lp.count, "no property names or identifies its nodes (no name-like "
                                                      "property, none unique in the sample)"))
            continue
        aliases = next((k for k in ALIAS_KEYS if k in lp.properties
                        and lp.properties[k].kinds == {"list:string"}), None)
        decisions[label] = EntityDecision(label, lp.count, lp.sampled, key, key_reason, name, name_reason,
                                          aliases=aliases)
    keys = {label: d.key for label, d in decisions.items() if d.key}
    # foreign keys: by name (a property named like another label's key), then by value where a probe may ask
    taken: dict[str, dict[str, str]] = {}
    probe_candidates: dict[str, list[PropertyStats]] = {}
    for label, d in decisions.items():
        lp = profile.labels[label]
        t: dict[str, str] = {}
        if d.key:
            t[d.key] = ("the key: identifies the node" + (f" and names it (\"{label} <{d.key}>\")" if not d.name
                                                           else "") + ", not a fact")
        for p in d.name:
            t.setdefault(p, "the display name, not a fact")
        if d.aliases:
            t[d.aliases] = "the aliases (other names), not a fact"
        for prop, s in lp.properties.items():
            if prop in t or not_a_fact(s, opts) or not IDENTIFIER.fullmatch(prop):
                continue
            owner = next((o for o, k in sorted(keys.items()) if k == prop and o != label), None)
            if owner is not None:
                t[prop] = f"a foreign key: the key of {owner} ({owner}.{prop}), not a fact"
            elif not id_named(prop) and s.kinds <= {"string", "integer"} and s.short == s.present:
                probe_candidates.setdefault(label, []).append(s)
        taken[label] = t
    asked = skipped_probes = 0
    if probe is not None and probe_candidates:
        fks, asked, skipped_probes = foreign_keys(profile, keys, probe_candidates, bookkeeping, probe, opts)
        for (label, prop), why in fks.items():
            taken[label][prop] = why
        if skipped_probes:
            notes.append(f"{skipped_probes} foreign-key checks skipped (max_link_probes = {opts.max_link_probes})")
    for label, d in decisions.items():
        lp = profile.labels[label]
        d.facts, d.excluded, d.notes = _facts(lp.properties, lp.sampled, taken[label], opts, "nodes", lp.keys_seen)
    # relationship facts
    for td in types:
        if td.bookkeeping:
            continue
        tp = profile.types[td.type]
        end_keys = _end_keys(tp, decisions)
        t = {}
        for prop in tp.properties:
            if prop in end_keys:
                t[prop] = f"the key of the {end_keys[prop]} at an end: the relationship's end already says it"
        td.facts, td.excluded, td.notes = _facts(tp.properties, tp.sampled, t, opts, "relationships", tp.keys_seen)
    provenance, prov_reason = _provenance(profile, chunks, [e for e in entities if e in decisions], types)
    ordered = [decisions[label] for label in _order(list(decisions), profile)]
    return (DomainDecisions(ordered, sorted(skipped, key=lambda s: s.label), types, provenance, prov_reason, notes),
            {"asked": asked, "skipped": skipped_probes})


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


INDEX_KEYS = ("index", "chunk_index", "chunkIndex", "position", "seq", "order")
SOURCE_KEYS = ("source", "path", "file_path", "filePath", "url", "uri", "fileName", "file_name", "title")


def _provenance(profile: GraphProfile, chunks: list[str], entities: list[str],
                types: list[TypeDecision]) -> tuple[dict[str, Any] | None, str]:
    """Mentions-mode provenance when chunk nodes are linked to entities: the chunk label, the linking type and its
    direction, and the documents the chunks belong to. None when the graph has no chunks."""
    ent = set(entities)
    text_chunks = [c for c in chunks if any(k in profile.labels[c].properties for k in TEXT_KEYS)] or chunks
    best: tuple[int, str, str, str] | None = None  # (relationships, chunk label, type, direction)
    for td in types:
        tp = profile.types[td.type]
        for chunk in text_chunks:
            to_ent = sum(n for (a, b), n in tp.ends.items() if chunk in a and set(b) & ent)
            from_ent = sum(n for (a, b), n in tp.ends.items() if set(a) & ent and chunk in b)
            for n, direction in ((to_ent, "chunk_to_entity"), (from_ent, "entity_to_chunk")):
                if n and (best is None or n > best[0]):
                    best = (n, chunk, td.type, direction)
    if best is None:
        if chunks:
            return None, f"chunk labels ({', '.join(chunks)}) are not linked to entities: no provenance"
        return None, "no chunks or documents: relationships carry no provenance"
    _, chunk, mention, direction = best
    prov: dict[str, Any] = {"mode": "mentions", "chunk_label": chunk, "mention_type": mention,
                            "mention_direction": direction, "document_label": None, "chunk_document_type": None,
                            "document_id_property": None, "document_source_property": None,
                            "chunk_node_id_property": _id_of(profile.labels[chunk], profile),
                            "chunk_node_index_property": next(
                                (k for k in INDEX_KEYS if k in profile.labels[chunk].properties), None)}
    why = f"{chunk} nodes are linked to entities by {mention} ({direction.replace('_', ' ')})"
    for td in types:
        tp = profile.types[td.type]
        for doc in chunks:
            if doc == chunk:
                continue
            down = any(doc in a and chunk in b for a, b in tp.ends)
            up = any(chunk in a and doc in b for a, b in tp.ends)
            if down or up:
                dp = profile.labels[doc]
                prov.update(document_label=doc, chunk_document_type=td.type,
                            chunk_document_direction="document_to_chunk" if down else "chunk_to_document",
                            document_id_property=_id_of(dp, profile),
                            document_source_property=next((k for k in SOURCE_KEYS if k in dp.properties), None))
                why += f"; chunks belong to {doc} nodes ({td.type})"
                return prov, why
    return prov, why


def _id_of(lp: LabelProfile, profile: GraphProfile) -> str | None:
    key, _ = choose_key(lp, profile, [])
    return key
