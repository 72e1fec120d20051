"""Foreign keys found by value: a property whose value, on most sampled nodes, is the key of the node a
relationship links it to (the relationship states the fact; the property repeats it)."""

from __future__ import annotations

from collections.abc import Callable

from xgrag.schema.options import InferOptions
from xgrag.schema.profile import GraphProfile, LinkProbe, PropertyStats

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


# a probe's question: (label, property, target label, target key, linking types)
ProbeSpec = tuple[str, str, str, str, list[str]]
# runs the planned probes (in any order, at once if it likes) and answers each, in the order asked
Runner = Callable[[Prober, list[ProbeSpec]], list[LinkProbe]]


def in_turn(probe: Prober, specs: list[ProbeSpec]) -> list[LinkProbe]:
    return [probe(*spec) for spec in specs]


def foreign_keys(profile: GraphProfile, keys: dict[str, str], candidates: dict[str, list[PropertyStats]],
                 bookkeeping: set[str], probe: Prober, opts: InferOptions,
                 run: Runner = in_turn) -> tuple[dict[tuple[str, str], str], int, int]:
    """(label, property) -> why it is a foreign key: on most sampled nodes (80%) its value is the key of the one
    node a relationship type links it to (Employee.reportsTo is the employeeID of the Employee REPORTS_TO links;
    Order.shipVia the shipperID of the Shipper SHIPPED_VIA links): the relationship states the fact, the property
    repeats it. A value that picks one of several linked nodes (a match's winner, one of its HOME and AWAY teams)
    is a fact of its own.
    Probed only where the value ranges fit (`_could_hold`); a probe reads at most `link_probe` sampled nodes and
    their relationships of the linking types. The probes are planned first, then `run` (one after the other, or at
    once). Returns (reasons, probes asked, probes skipped by the budget)."""
    planned: list[ProbeSpec] = []
    skipped = 0
    for label, props in candidates.items():
        for s in props:
            for target, key in sorted(keys.items()):
                via = _connected(profile, label, target, bookkeeping)
                if not via:
                    continue
                tstats = profile.labels[target].properties.get(key)
                if tstats is None or not _could_hold(s, tstats, profile.labels[target].count):
                    continue
                if len(planned) >= opts.max_link_probes:
                    skipped += 1
                    continue
                planned.append((label, s.key, target, key, via))
    best: dict[tuple[str, str], tuple[float, int, str]] = {}
    for (label, prop, target, key, via), r in zip(planned, run(probe, planned), strict=True):
        if not r.sampled or r.linked < 0.8 * r.sampled:
            continue
        share = r.linked / r.sampled
        why = (f"a foreign key: on {r.linked} of {r.sampled} sampled nodes its value is the {key} of the "
               f"{target} linked by {r.via or ' or '.join(via)}, which states it already")
        cand = (share, -profile.labels[target].count, why)
        if (label, prop) not in best or cand[:2] > best[label, prop][:2]:
            best[label, prop] = cand
    return {k: v[2] for k, v in best.items()}, len(planned), skipped
