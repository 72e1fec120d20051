"""Labels: which are entities (not chunks, documents or xgrag's own), and per entity label its display name (one
property, a first + last name, or none) and its key (a uniqueness constraint, else a property unique in the
sample)."""

from __future__ import annotations

from dataclasses import dataclass

from xgrag.config import IDENTIFIER
from xgrag.schema.options import MAX_FACT_CHARS, InferOptions
from xgrag.schema.profile import GraphProfile, LabelProfile, PropertyStats, id_named
from xgrag.schema.values import not_a_fact, value_text


@dataclass(frozen=True)
class LabelSkip:
    label: str
    count: int
    reason: str


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


def rejected_names(lp: LabelProfile, opts: InferOptions) -> list[str]:
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


def order(entities: list[str], profile: GraphProfile) -> list[str]:
    """Mapping order: a node carrying several mapped labels reads as the first, so a label whose sampled nodes all
    carry another mapped label (Actor within Person) comes before it; otherwise by name."""
    def is_super(label: str) -> bool:
        return any(profile.labels[o].co_labels.get(label, 0) == profile.labels[o].sampled
                   and profile.labels[o].sampled and o != label for o in entities)
    return sorted(entities, key=lambda label: (is_super(label), label))
