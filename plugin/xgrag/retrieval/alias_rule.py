"""The alias-merge decision for a pair of entities, and the clusters it builds: one code path for a retrieved
subgraph (`dedup.dedup`) and a whole graph (`dedup.graph_alias_links`, `dedup.persist_aliases`).

Two rules, chosen by name (`xgrag.config.Settings.dedup_rule`):

- "xgrag" (XGRAG §3.1, kept for its ablation): same type and cos(E(name_a), E(name_b)) >= theta; clusters are the
  connected components of those pairs.
- "precise" (the default): never merge what the names or the graph say differ -- incompatible types (the same, or
  one side untyped), different numbers or amounts, a possessive or relational qualifier ("Jim's Father" is not
  Jim), titles of different gender, different generation suffixes, or two entities linked to each other by a
  relationship (unless that relationship says they are the same: "alias of"). Otherwise merge only on string
  evidence (`xgrag.retrieval.names`), accepted by its tier: A (the same name written differently) always; B
  (titles, initials, an upper-case acronym) when the name cosine is at least `cosine_floor` or they share a
  neighbour; C (surname only, a dropped middle name, a title-cased acronym) when the cosine is at least theta or
  they share a neighbour; N (a given name alone, a gendered title with a surname) when the graph states the same
  fact of both (same relation to the same neighbour) or they share two neighbours;
  D (a descriptive word, a plural) only when they share neighbours (at least `neighbour_overlap` of the smaller
  neighbourhood); N and D also need the cosine at least `cosine_floor`. Two entities whose facts conflict on a
  relation that is functional in the graph at hand (each entity that has it has one value: a release year, a
  director) are never merged either: "The Babe" and "Babe" are two films; nor are two entities that are each
  described by several neighbours (`disjoint_min`) and share none, unless only case or accents differ.
  A name that fits two entities that cannot be merged with each other ("Holmes" beside "Sherlock Holmes" and
  "Mycroft Holmes"; an untyped "jordan" beside the person and the country) is ambiguous and merges with
  neither (on that tier of evidence and weaker ones). Clusters grow by the best-scored pairs first, and two
  clusters join only if every pair across them would be merged on its own, so a chain of look-alikes cannot
  join two different entities.

Every merge carries its evidence and score (`Decision`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import get_args

import numpy as np

from xgrag.config import DedupRule
from xgrag.errors import UsageError
from xgrag.model import key_text
from xgrag.retrieval.names import TIERS, NameForm, fold, name_evidence, name_keys, name_veto, parse

RULES: tuple[str, ...] = get_args(DedupRule)
EmbedFn = Callable[[Sequence[str]], np.ndarray]

# Types that say nothing (LangChain's base label, placeholders): such an entity counts as untyped.
GENERIC_TYPES = frozenset({"", "entity", "entities", "thing", "node", "unknown", "other", "none", "null"})
# Words in a type that make an entity a person or a story character (title, initials, surname evidence).
PERSON_TYPE_WORDS = ("person", "people", "character", "human", "actor", "actress", "director", "writer",
                     "author", "animal", "creature", "individual", "artist", "musician", "politician",
                     "scientist", "player", "family", "member", "king", "queen", "hero", "villain", "man",
                     "woman", "boy", "girl", "child")
# Relationship labels that state two entities are the same: evidence for, not against, the merge.
IDENTITY_LABELS = frozenset({
    "alias", "alias of", "also known as", "aka", "a k a", "same as", "known as", "nickname", "nickname of",
    "also called", "is also called", "is called", "called", "same entity as", "identical to", "synonym",
    "synonym of", "abbreviation of", "acronym of", "short for", "is also known as", "is alias of",
})
_NUMERIC = re.compile(r"\d+(\.\d+)?s?")
_TIER_WEIGHT = {"A": 1.0, "B": 0.85, "C": 0.7, "N": 0.6, "D": 0.55}


class DedupRuleError(UsageError):
    """An unknown dedup rule name or an invalid parameter."""


def check_rule(rule: str) -> str:
    if rule not in RULES:
        raise DedupRuleError(f"dedup_rule: {rule!r} is not one of {', '.join(RULES)}")
    return rule


def type_key(type_: str | None) -> str | None:
    if type_ is None:
        return None
    key = re.sub(r"[^a-z0-9]", "", fold(type_))
    return None if key in GENERIC_TYPES else key


def types_compatible(a: str | None, b: str | None) -> bool:
    ka, kb = type_key(a), type_key(b)
    return ka is None or kb is None or ka == kb


def person_like(a: str | None, b: str | None) -> bool:
    """At least one side is typed, and every typed side is a person or character type."""
    typed = [k for k in (type_key(a), type_key(b)) if k is not None]
    return bool(typed) and all(any(w in k for w in PERSON_TYPE_WORDS) for k in typed)


def is_identity_label(label: str) -> bool:
    return " ".join(re.sub(r"[_\-]+", " ", fold(label)).split()) in IDENTITY_LABELS


@dataclass(frozen=True)
class AliasEntity:
    """An entity as the rule sees it: its stored name and type, and its neighbourhood in the graph at hand."""

    id: str
    name: str
    type: str | None = None
    degree: int = 0
    neighbours: frozenset[str] = frozenset()  # ids of the entities it shares a relationship with
    neighbour_keys: frozenset[str] = frozenset()  # their names, folded (`NameForm.loose`)
    identity_links: frozenset[str] = frozenset()  # ids linked to it by an identity relation ("alias of")
    # (relation label with its direction, "directed_by>" or "<directed_by", neighbour name folded), and its stored
    # properties ("@lat", "41.86"): those only ever veto (conflicting values), never support a merge
    facts: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class Decision:
    """The rule's verdict on one pair: merge or not, a score in [0, 1], and why."""

    merge: bool
    score: float
    cosine: float
    evidence: tuple[str, ...]
    kind: str | None = None  # the name evidence ("same_name", "title", ...), "persisted", "similarity"
    tier: str | None = None
    veto: str | None = None
    # the tier of the name evidence alone (compatible types, no name veto), whatever the graph says: a name
    # that fits two different entities this way is ambiguous
    name_tier: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"merge": self.merge, "score": self.score, "cosine": None if math.isnan(self.cosine) else
                round(self.cosine, 4), "kind": self.kind, "tier": self.tier, "veto": self.veto,
                "name_tier": self.name_tier, "evidence": list(self.evidence)}


PERSISTED = Decision(True, 1.0, math.nan, ("persisted ALIAS_OF link",), kind="persisted", tier="A", name_tier="A")


@dataclass(frozen=True)
class PreciseParams:
    cosine_floor: float = 0.4  # tiers B and D: below it the embedding contradicts the string evidence
    neighbour_overlap: float = 0.5  # tier D: shared neighbours / the smaller neighbourhood
    # a relation is functional in the graph at hand when at least `functional_min` entities have it and at least
    # `functional_share` of them have one value
    functional_min: int = 3
    functional_share: float = 0.9
    # two entities that each have at least this many neighbours and share none are two entities ("The Scar" and
    # "Scar" in MetaQA: two films, each with its director, cast and year) -- unless only case or accents differ
    disjoint_min: int = 3
    max_block: int = 200  # a name key shared by more entities than this says nothing (candidates only)


@dataclass
class Clusters:
    """Clusters (entity indices, more than one member) and the merge pairs that built them (a spanning forest)."""

    clusters: list[list[int]]
    edges: list[tuple[int, int, Decision]] = field(default_factory=list)

    def parents(self, canonical: int, cluster: Sequence[int]) -> dict[int, tuple[int, Decision]]:
        """Each member but `canonical` -> (the member it was merged with, on the way to canonical; why)."""
        members = set(cluster)
        adj: dict[int, list[tuple[int, Decision]]] = {}
        for i, j, d in self.edges:
            if i in members:
                adj.setdefault(i, []).append((j, d))
                adj.setdefault(j, []).append((i, d))
        out: dict[int, tuple[int, Decision]] = {}
        frontier = [canonical]
        seen = {canonical}
        while frontier:
            nxt = []
            for u in frontier:
                for v, d in sorted(adj.get(u, []), key=lambda x: x[0]):
                    if v not in seen:
                        seen.add(v)
                        out[v] = (u, d)
                        nxt.append(v)
            frontier = nxt
        return out


def _record(e: AliasEntity) -> bool:
    """An entity named by its type and what it holds ("Arrest 12/29/2017", "Visit 2020-04-07T10:22:19Z", "Order
    10248"): a general mapping's record, one of many a name like it may fit."""
    label = key_text(e.type or "").lower()
    return bool(label) and e.name.lower().startswith(label + " ") and re.search(r"\d", e.name[len(label):]) is not None


class AliasJudge:
    """Decides pairs of `entities` under one rule and clusters them. `vectors`: unit name embeddings, one row
    per entity (None: only persisted aliases can merge)."""

    def __init__(self, entities: Sequence[AliasEntity], vectors: np.ndarray | None, theta: float = 0.7,
                 rule: str = "precise", params: PreciseParams | None = None) -> None:
        self.entities = list(entities)
        self.vectors = vectors
        self.theta = float(theta)
        self.rule = check_rule(rule)
        self.params = params or PreciseParams()
        self.forms: list[NameForm] = [parse(e.name) for e in self.entities]
        self._cache: dict[tuple[int, int], Decision] = {}
        self.facts: list[dict[str, set[str]]] = []
        for e in self.entities:
            by_label: dict[str, set[str]] = {}
            for label, value in e.facts:
                by_label.setdefault(label, set()).add(value)
            self.facts.append(by_label)
        having: dict[str, int] = {}
        single: dict[str, int] = {}
        for by_label in self.facts:
            for label, values in by_label.items():
                having[label] = having.get(label, 0) + 1
                single[label] = single.get(label, 0) + (len(values) == 1)
        self.functional = frozenset(label for label, k in having.items() if k >= self.params.functional_min
                                    and single[label] >= self.params.functional_share * k)

    # -- one pair --------------------------------------------------------------------------------------------

    def cosine(self, i: int, j: int) -> float:
        if self.vectors is None:
            return math.nan
        return float(self.vectors[i] @ self.vectors[j])

    def decide(self, i: int, j: int) -> Decision:
        key = (i, j) if i < j else (j, i)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._xgrag(*key) if self.rule == "xgrag" else self._precise(*key)
            self._cache[key] = hit
        return hit

    def _xgrag(self, i: int, j: int) -> Decision:
        a, b = self.entities[i], self.entities[j]
        cos = self.cosine(i, j)
        if a.type != b.type:
            return Decision(False, 0.0, cos, (f"different types ({a.type} vs {b.type})",), veto="type")
        ok = not math.isnan(cos) and cos >= self.theta - 1e-6
        why = (f"same type ({a.type or 'untyped'})", f"name cosine {cos:.2f} {'>=' if ok else '<'} theta "
                                                      f"{self.theta:.2f}")
        return Decision(ok, round(max(cos, 0.0), 4) if ok else 0.0, cos, why, kind="similarity",
                        tier="A" if ok else None)

    def _precise(self, i: int, j: int) -> Decision:
        a, b = self.entities[i], self.entities[j]
        fa, fb = self.forms[i], self.forms[j]
        cos = self.cosine(i, j)

        def veto(reason: str) -> Decision:
            return Decision(False, 0.0, cos, (reason,), veto=reason)

        if not types_compatible(a.type, b.type):
            return veto(f"different types ({a.type} vs {b.type})")
        reason = name_veto(fa, fb)
        if reason is not None:
            return veto(reason)
        ev = name_evidence(fa, fb, person_like(a.type, b.type))
        identity = b.id in a.identity_links or a.id in b.identity_links
        fit = "A" if identity else ev.tier if ev is not None else None

        def graph_veto(reason: str) -> Decision:
            return Decision(False, 0.0, cos, (reason,), veto=reason, name_tier=fit)

        if not identity and (b.id in a.neighbours or a.id in b.neighbours):
            return graph_veto("linked to each other by a relationship")
        if not identity and _record(a) and _record(b):
            # "Arrest 12/29/2017" twice: two arrests of one day, named by their type and what they hold, not one
            return graph_veto("two records named by their type and what they hold")
        reason = self._conflict(i, j)
        if reason is not None:
            return graph_veto(reason)
        shared, overlap = self._shared(i, j)
        own = {fa.loose, fb.loose}
        described = min(len(a.neighbour_keys - own), len(b.neighbour_keys - own))
        if not identity and not shared and described >= self.params.disjoint_min and fold(a.name) != fold(b.name):
            return graph_veto(f"both are described by {described}+ neighbours and share none")
        if identity:
            detail = "a relationship in the graph says they are the same"
            ev_kind, tier, details = "alias_link", "A", (detail,) + ((ev.detail,) if ev else ())
        elif ev is None:
            return Decision(False, 0.0, cos, ("no name evidence",))
        else:
            ev_kind, tier, details = ev.kind, ev.tier, (ev.detail,)
        # a property value two entities share (a gender, a country code) is no sign they are one: only relations
        same_facts = sorted(f for f in a.facts & b.facts if not f[0].startswith("@"))
        cos_ok = not math.isnan(cos)
        p = self.params
        if tier == "A":
            merge = True
        elif tier == "B":
            merge = bool(shared) or (cos_ok and cos >= p.cosine_floor)
        elif tier == "C":
            merge = bool(shared) or (cos_ok and cos >= self.theta - 1e-6)
        elif tier == "N":
            merge = (len(shared) >= 2 or bool(same_facts)) and (not cos_ok or cos >= p.cosine_floor)
        else:
            merge = bool(shared) and overlap >= p.neighbour_overlap and (not cos_ok or cos >= p.cosine_floor)
        score = 0.6 * _TIER_WEIGHT[tier] + 0.25 * (max(cos, 0.0) if cos_ok else 0.0) + 0.15 * min(1.0, overlap)
        evidence = details + ((f"name cosine {cos:.2f}",) if cos_ok else ()) + (
            (f"{len(shared)} shared neighbour{'s' * (len(shared) != 1)}: {', '.join(sorted(shared)[:5])}",)
            if shared else ()) + ((f"the same fact stated of both: {_fact_text(same_facts[0])}",) if same_facts else ())
        if not merge:
            need = {"B": f"cosine >= {p.cosine_floor:.2f} or a shared neighbour",
                    "C": f"cosine >= {self.theta:.2f} or a shared neighbour",
                    "N": "the same fact stated of both, or two shared neighbours",
                    "D": f"shared neighbours (overlap >= {p.neighbour_overlap:.2f})"}[tier]
            evidence = evidence + (f"not enough: tier {tier} needs {need}",)
        return Decision(merge, round(score, 4), cos, evidence, kind=ev_kind, tier=tier, name_tier=fit)

    def _conflict(self, i: int, j: int) -> str | None:
        """Different values of relations that are functional in the graph at hand ("release_year> 2002" vs
        "release_year> 2007"). A sparse graph makes many-valued relations look functional (one writer per film
        in a small subgraph), so one conflict vetoes only when its values are numbers (a year, an amount);
        otherwise it takes two conflicting relations."""
        fa, fb = self.facts[i], self.facts[j]
        conflicts = [label for label in sorted(self.functional & fa.keys() & fb.keys()) if not fa[label] & fb[label]]
        numeric = [label for label in conflicts if all(_NUMERIC.fullmatch(v) for v in fa[label] | fb[label])]
        if numeric or len(conflicts) >= 2:
            return "conflicting facts: " + "; ".join(
                f"{label.strip('<>@')} {', '.join(sorted(fa[label]))} vs {', '.join(sorted(fb[label]))}"
                for label in (numeric or conflicts))
        return None

    def _shared(self, i: int, j: int) -> tuple[frozenset[str], float]:
        a, b = self.entities[i], self.entities[j]
        own = {self.forms[i].loose, self.forms[j].loose}
        na, nb = a.neighbour_keys - own, b.neighbour_keys - own
        shared = na & nb
        smaller = min(len(na), len(nb))
        return shared, (len(shared) / smaller if smaller else 0.0)

    # -- candidates ------------------------------------------------------------------------------------------

    def candidates(self, block: int = 2048) -> list[tuple[int, int]]:
        """Pairs worth deciding, sorted. XGRAG: same type and cos >= theta (computed blockwise). Precise: the
        pairs that can have name evidence at all, found by the keys that evidence needs (`name_keys`: the same
        folded name, the name without titles, without descriptive words, singular, surname, given name,
        acronym letters) -- the rule never merges without name evidence, so nothing else needs deciding. A key
        shared by more than `max_block` entities ("john", "smith" in a large graph) is skipped as a whole:
        those pairs are not merged, and no ambiguity goes unseen."""
        n = len(self.entities)
        if self.vectors is None or n < 2:
            return []
        pairs: set[tuple[int, int]] = set()
        if self.rule == "xgrag":
            by_type: dict[str | None, list[int]] = {}
            for i, e in enumerate(self.entities):
                by_type.setdefault(e.type, []).append(i)
            for members in by_type.values():
                if len(members) < 2:
                    continue
                idx = np.asarray(members)
                vecs = self.vectors[idx]
                for start in range(0, len(idx), block):
                    sims = vecs[start:start + block] @ vecs.T
                    a, b = np.nonzero(sims >= self.theta - 1e-6)
                    pairs.update((int(idx[x]), int(idx[y])) for x, y in zip(a + start, b, strict=True) if x < y)
            return sorted(pairs)
        blocks: dict[tuple[str, str], list[int]] = {}
        for i, (e, f) in enumerate(zip(self.entities, self.forms, strict=True)):
            for k in name_keys(f, person=type_key(e.type) is None or person_like(e.type, None)):
                blocks.setdefault(k, []).append(i)
        for (kind, _), members in blocks.items():
            if not 1 < len(members) <= self.params.max_block:
                continue
            if kind in ("first", "acronym"):  # "Peter" / "FBI" against full names, never two full names
                alone = {i for i in members if len(self.forms[i].core if kind == "first" else self.forms[i].plain)
                         == 1}
                pairs.update((min(i, j), max(i, j)) for i in alone for j in members if j not in alone)
            else:
                pairs.update(itertools.combinations(members, 2))
        return sorted(pairs)

    # -- clusters --------------------------------------------------------------------------------------------

    def clusters(self, forced: Iterable[tuple[int, int]] = (),
                 candidates: Sequence[tuple[int, int]] | None = None) -> Clusters:
        """Clusters from the persisted (`forced`) pairs and the accepted candidate pairs (default: `candidates()`)."""
        n = len(self.entities)
        parent = list(range(n))
        members: dict[int, list[int]] = {i: [i] for i in range(n)}
        edges: list[tuple[int, int, Decision]] = []

        def root(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def union(x: int, y: int, d: Decision) -> None:
            rx, ry = root(x), root(y)
            if len(members[rx]) < len(members[ry]):
                rx, ry = ry, rx
            parent[ry] = rx
            members[rx].extend(members.pop(ry))
            edges.append((x, y, d) if x < y else (y, x, d))

        for x, y in sorted({(min(p), max(p)) for p in forced if p[0] != p[1]}):
            if root(x) != root(y):
                union(x, y, PERSISTED)
        pairs = self.candidates() if candidates is None else candidates
        decided = [(i, j, self.decide(i, j)) for i, j in pairs]
        accepted = [(i, j, d) for i, j, d in decided if d.merge]
        if self.rule == "xgrag":  # connected components: every accepted pair joins, best cosine first
            for i, j, d in sorted(accepted, key=lambda t: (-t[2].score, t[0], t[1])):
                if root(i) != root(j):
                    union(i, j, d)
        else:
            cut = self._ambiguous(decided)
            accepted = [(i, j, d) for i, j, d in accepted
                        if min(cut.get(i, len(TIERS)), cut.get(j, len(TIERS))) > TIERS.index(str(d.tier))]
            for i, j, d in sorted(accepted, key=lambda t: (-t[2].score, t[0], t[1])):
                ri, rj = root(i), root(j)
                if ri == rj:
                    continue
                if all(self.decide(x, y).merge for x in members[ri] for y in members[rj]):
                    union(i, j, d)
        out = sorted((sorted(m) for m in members.values() if len(m) > 1), key=lambda c: c[0])
        return Clusters(out, sorted(edges, key=lambda e: (e[0], e[1])))

    def _ambiguous(self, decided: Sequence[tuple[int, int, Decision]]) -> dict[int, int]:
        """Entities whose name fits (`Decision.name_tier`: whatever the graph says) two entities that would not
        be merged with each other, as {entity: the tier rank from which its pairs are ambiguous}. Tiers are
        weighed in order: a name that is the same name as one entity (tier A) and the plural of another (tier D)
        is the first one, and only its tier-D pair is dropped; "Holmes" beside "Sherlock Holmes" and "Mycroft
        Holmes" (both tier C) loses both. The less specific side of a pair (the shorter name) is the one that may
        be ambiguous."""
        partners: dict[int, list[tuple[int, int]]] = {}
        for i, j, d in decided:
            if d.name_tier is None:
                continue
            rank = TIERS.index(d.name_tier)
            li, lj = len(self.forms[i].loose), len(self.forms[j].loose)
            if li <= lj:
                partners.setdefault(i, []).append((rank, j))
            if lj <= li:
                partners.setdefault(j, []).append((rank, i))
        cut: dict[int, int] = {}
        for x, ps in partners.items():
            if len(ps) < 2:
                continue
            seen: list[int] = []
            for rank in sorted({r for r, _ in ps}):
                new = [y for r, y in ps if r == rank]
                if any(not self.decide(y, z).merge for y, z in itertools.combinations(new, 2)) or \
                        any(not self.decide(y, z).merge for y in new for z in seen):
                    cut[x] = rank
                    break
                seen += new
        return cut


def _fact_text(fact: tuple[str, str]) -> str:
    label, value = fact
    return f"{label[:-1]} {value}" if label.endswith(">") else f"{value} {label[1:]} it"


def canonical_index(cluster: Sequence[int], entities: Sequence[AliasEntity]) -> int:
    """XGRAG's representative: the highest degree; ties: the shorter name, then the smallest id."""
    return min(cluster, key=lambda i: (-entities[i].degree, len(entities[i].name), entities[i].id))


def embed_names(entities: Sequence[AliasEntity], embed: EmbedFn | None) -> np.ndarray | None:
    """One unit vector per entity (each distinct name embedded once), or None without an embedder."""
    if embed is None or not entities:
        return None
    distinct = sorted({e.name for e in entities})
    index = {name: k for k, name in enumerate(distinct)}
    vecs = np.asarray(embed(distinct), dtype=np.float32)
    return vecs[[index[e.name] for e in entities]]
