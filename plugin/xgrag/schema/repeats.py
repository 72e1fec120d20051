"""Names that tell a label's sampled nodes apart but repeat in the graph. The profile samples a large label's nodes
spread over it, so a name shared by a group of neighbouring nodes (a route's calling points, 20 of them each under
the route's name) looks unique there (987 distinct in 1,000 sampled of 52,582) and every calling point of a route
is then one name: the context read the route's twenty stops as one node. Nodes a graph loads together sit together
in its store, so a run of consecutive nodes shows the groups the spread sample hides: where the name repeats there,
it is composed with the fact that tells the group's nodes apart (the stop's number), when one does. Read
transactions, one or two LIMITed queries per large named label."""

from __future__ import annotations

from typing import Any

from xgrag.schema.decide import DomainDecisions
from xgrag.schema.options import InferOptions
from xgrag.schema.profile import GraphProfile, quoted
from xgrag.store.neo4j import Neo4jStore

# Consecutive nodes read per label to see whether its name repeats: enough to hold many groups of any size people
# name things in; a bounded read however large the label.
REPEAT_WINDOW = 20_000
# Facts tried as the part telling a group's nodes apart, most varied first.
MAX_PARTS_TRIED = 4


def _distinct(view: Neo4jStore, label: str, props: list[str]) -> tuple[int, int]:
    """(distinct values of `props` together, nodes carrying the first) over the label's first REPEAT_WINDOW nodes."""
    first = quoted(props[0])
    together = "[" + ", ".join(f"n.{quoted(p)}" for p in props) + "]"
    # identifiers read from the server and checked by `quoted`; the window is a parameter
    row = view.query(f"MATCH (n:{quoted(label)}) WHERE n.{first} IS NOT NULL WITH n LIMIT $window "
                     f"RETURN count(DISTINCT {together}) AS d, count(n) AS c", {"window": REPEAT_WINDOW})
    return int(row[0]["d"]), int(row[0]["c"])


def tell_apart(view: Neo4jStore, profile: GraphProfile, domain: DomainDecisions, opts: InferOptions) -> int:
    """Compose each large label's one-property name that repeats among consecutive nodes with the fact that tells
    them apart there (said in its name's reason); a name no fact tells apart is kept and said to repeat. So too a
    record named by two values or more that repeat together (`_records_apart`). Returns the queries asked."""
    asked = _records_apart(view, profile, domain, opts)
    for d in domain.entities:
        lp = profile.labels[d.label]
        if lp.count <= lp.sampled or d.naming != "name" or len(d.name) != 1 or d.name_fallback:
            continue  # every node was read (the sample is the label), or a name in parts, a value, a record
        s = lp.properties.get(d.name[0])
        if s is None or s.distinct < opts.name_unique * s.present:
            continue  # a name already known to repeat (people's names, chosen as such): what users call them
        distinct, carried = _distinct(view, d.label, d.name)
        asked += 1
        if not carried or distinct >= opts.name_unique * carried:
            continue
        parts: list[tuple[Any, str]] = []
        for f in d.facts:
            s = lp.properties.get(f.key)
            if s is not None and s.kinds <= {"string", "integer"} and s.short == s.present \
                    and s.present >= opts.name_present * lp.sampled and f.key not in d.name:
                parts.append((-s.distinct, f.key))
        told = None
        for _, key in sorted(parts)[:MAX_PARTS_TRIED]:
            together, _ = _distinct(view, d.label, [d.name[0], key])
            asked += 1
            if together >= opts.name_unique * carried:
                told = key
                break
        said = f"{d.name[0]} repeats among consecutive nodes ({distinct:,} distinct in {carried:,})"
        if told is not None:
            # the shared name still links the group as typed ("route BRGHTN-VICTRIC-1C8F9A": its calling points)
            d.aliases.append(d.name[0])
            d.alias_reasons[d.name[0]] = "the name a group of them shares, linked without what tells them apart"
            d.name = [d.name[0], told]
            d.name_reason = f"{said}; with {told} it tells them apart ({d.name_reason} in the spread sample)"
        else:
            d.name_reason = f"{d.name_reason}; but {said}, and no fact tells them apart: nodes may share a name"
    return asked


def _records_apart(view: Neo4jStore, profile: GraphProfile, domain: DomainDecisions, opts: InferOptions) -> int:
    """Compose each record named by several of its values that still repeat together with the fact that tells them
    apart, a word before a number: the per-property counts of the sample cannot show that two values repeat together
    (telco-topology, tune: one TRAFFIC_UP record per class of traffic between an access node and a gateway, all
    "TRAFFIC_UP OLT00**ABT*3 CGW*.PNK", and a context read the five classes' figures as one record's; its class
    `cfu`, "RETAIL", tells them apart). Returns the queries asked."""
    asked = 0
    for d in domain.entities:
        if d.naming != "record" or len(d.name) < 2 or d.name_fallback or (d.key is not None and d.key in d.name):
            continue  # one value, or a key among them: told apart already
        lp = profile.labels[d.label]
        distinct, carried = _distinct(view, d.label, d.name)
        asked += 1
        if not carried or distinct >= opts.name_unique * carried:
            continue
        parts: list[tuple[Any, ...]] = []
        for f in d.facts:
            s = lp.properties.get(f.key)
            if s is not None and s.kinds <= {"string", "integer"} and s.short == s.present \
                    and s.present >= opts.name_present * lp.sampled and f.key not in d.name:
                parts.append((s.kinds != {"string"}, -s.distinct, f.key))
        told = None
        for *_, key in sorted(parts)[:MAX_PARTS_TRIED]:
            together, _ = _distinct(view, d.label, [*d.name, key])
            asked += 1
            if together >= opts.name_unique * carried:
                told = key
                break
        said = f"{' and '.join(d.name)} repeat together ({distinct:,} distinct in {carried:,} consecutive records)"
        if told is not None:
            d.name = [*d.name, told]
            d.name_reason = f"{d.name_reason}; but {said}: with {told} they are told apart"
        else:
            d.name_reason = f"{d.name_reason}; but {said}, and no fact tells them apart: records may share a name"
    return asked
