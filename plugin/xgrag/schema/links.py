"""Foreign keys found by value: a property whose value, on most sampled nodes, is the key of the node a
relationship links it to (the relationship states the fact; the property repeats it)."""

from __future__ import annotations

from collections.abc import Callable

from xgrag.schema.options import InferOptions
from xgrag.schema.profile import GraphProfile, LinkProbe, ProbeSpec, PropertyStats

# runs the planned probes (in any order, in batches, at once) and answers each, in the order asked
Runner = Callable[[list[ProbeSpec]], list[LinkProbe]]


def linking_types(profile: GraphProfile, bookkeeping: set[str]) -> dict[tuple[str, str], list[str]]:
    """(label a, label b) -> the relationship types linking them (either direction) in the sample, sorted; read once
    (asked per candidate, label and target, it was a second of a 61-label graph's inference)."""
    pairs: dict[tuple[str, str], set[str]] = {}
    for tp in profile.types.values():
        if tp.type in bookkeeping:
            continue
        for starts, ends in tp.ends:
            for a in starts:
                for b in ends:
                    pairs.setdefault((a, b), set()).add(tp.type)
                    pairs.setdefault((b, a), set()).add(tp.type)
    return {pair: sorted(types) for pair, types in pairs.items()}


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
                 bookkeeping: set[str], run: Runner,
                 opts: InferOptions) -> tuple[dict[tuple[str, str], str], int, int]:
    """(label, property) -> why it is a foreign key: on most sampled nodes (80%) its value is the key of the one
    node a relationship type links it to (Employee.reportsTo is the employeeID of the Employee REPORTS_TO links;
    Order.shipVia the shipperID of the Shipper SHIPPED_VIA links): the relationship states the fact, the property
    repeats it. A value that picks one of several linked nodes (a match's winner, one of its HOME and AWAY teams)
    is a fact of its own.
    Probed only where the value ranges fit (`_could_hold`); a probe reads at most `link_probe` sampled nodes and
    their relationships of the linking types. The probes are planned first, then `run` answers them all. Returns
    (reasons, probes asked, probes skipped by the budget)."""
    planned: list[ProbeSpec] = []
    skipped = 0
    linking = linking_types(profile, bookkeeping)
    for label, props in candidates.items():
        for s in props:
            for target, key in sorted(keys.items()):
                via = linking.get((label, target), [])
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
    for (label, prop, target, key, via), r in zip(planned, run(planned) if planned else [], strict=True):
        if not r.sampled or r.linked < 0.8 * r.sampled:
            continue
        share = r.linked / r.sampled
        why = (f"a foreign key: on {r.linked} of {r.sampled} sampled nodes its value is the {key} of the "
               f"{target} linked by {r.via or ' or '.join(via)}, which states it already")
        cand = (share, -profile.labels[target].count, why)
        if (label, prop) not in best or cand[:2] > best[label, prop][:2]:
            best[label, prop] = cand
    return {k: v[2] for k, v in best.items()}, len(planned), skipped
