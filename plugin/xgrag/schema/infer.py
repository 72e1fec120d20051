"""`xgrag schema infer`: the schema mapping of the connected graph, decided from the graph itself (read only).

A graph written by a RAG library is answered with that library's preset (xgrag.schema.presets); any other graph
with the general mapping (preset 'domain', xgrag.schema.decide). Either way the result is the `[schema]` table a
person reads and edits (xgrag.schema.emit writes it as commented TOML) and the GraphSchema it loads into.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from xgrag.config import ConfigError, GraphSchema, schema_preset
from xgrag.errors import UsageError
from xgrag.schema.coverage import Coverage, measure_coverage
from xgrag.schema.decide import DomainDecisions, InferOptions, decide_domain
from xgrag.schema.presets import Recognised, recognise, unread_labels
from xgrag.schema.profile import GraphProfile, LinkProbe, ProbeSpec, probe_links, read_profile
from xgrag.schema.repeats import tell_apart
from xgrag.store.neo4j import Neo4jStore

# Foreign-key probes asked in one query at most: a batch is read in one transaction, and a bounded one keeps a
# graph with many candidates from holding one long read.
PROBES_PER_QUERY = 50


class InferError(UsageError):
    """The graph offers nothing to map: no nodes, or no label that could be an entity."""


@dataclass
class Inference:
    table: dict[str, Any]  # the [schema] table (None: a field set to nothing)
    schema: GraphSchema  # what the table loads into
    profile: GraphProfile
    options: InferOptions
    source: str  # "bolt://host:port (database neo4j)"
    recognised: Recognised | None = None
    also: list[Recognised] = field(default_factory=list)
    domain: DomainDecisions | None = None
    unread: list[str] = field(default_factory=list)  # labels (with counts) the recognised preset does not read
    probes: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    coverage: Coverage | None = None

    @property
    def preset(self) -> str:
        return str(self.table["preset"])

    def summary(self) -> dict[str, Any]:
        """What was read and what it cost (for --json and --verbose)."""
        return {"nodes": self.profile.nodes, "relationships": self.profile.relationships,
                "labels": len(self.profile.labels), "types": len(self.profile.types),
                "sample_nodes": self.options.sample_nodes, "sample_relationships": self.options.sample_relationships,
                "queries": self.profile.queries + self.probes.get("queries", 0),
                "foreign_key_probes": self.probes.get("asked", 0), "probe_queries": self.probes.get("queries", 0),
                "seconds": round(self.seconds, 3)}


def schema_from_table(table: dict[str, Any]) -> GraphSchema:
    """The GraphSchema a [schema] table loads into (as xgrag.config.load_settings builds it)."""
    overrides = {k: v for k, v in table.items() if k != "preset"}
    return schema_preset(str(table["preset"]), **overrides)


def infer_schema(store: Neo4jStore, options: InferOptions | None = None) -> Inference:
    """Read the graph behind `store` (read transactions only: the store is viewed through a read-only mapping, so
    a write would be refused before it reached the server) and decide its mapping."""
    opts = options or InferOptions()
    t0 = time.perf_counter()
    view = store.with_schema(schema_preset("domain", read_only=True))
    source = f"{store.uri} (database {store.database})"
    profile = read_profile(view, opts.sample_nodes, opts.sample_relationships, opts.max_keys, workers=opts.workers)
    if profile.nodes == 0:
        raise InferError(f"the database at {source} holds no nodes: there is nothing to infer a mapping from",
                         hint="load your graph first, or point NEO4J_URI / NEO4J_DATABASE (or --config) at the "
                              "database that holds it")
    best, also = recognise(profile)
    passed_over = ""
    if best is not None:
        table: dict[str, Any] = {"preset": best.preset, "read_only": opts.read_only, **best.overrides}
        schema = schema_from_table(table)
        unread = unread_labels(profile, schema, set(best.covers))
        if sum(lp.count for lp in unread) <= best.entities:
            inference = Inference(table, schema, profile, opts, source, best, also,
                                  unread=[f"{lp.label} ({lp.count:,} nodes)" for lp in unread])
        else:  # a library's graph beside a larger domain graph: the mapping reads the domain graph
            passed_over = (f"also found: {best.reason} ({best.entities:,} entity nodes, fewer than the "
                           f"{sum(lp.count for lp in unread):,} nodes of the other labels); map it in a settings "
                           f"file of its own: [schema] preset = {best.preset!r}")
            best = None
    if best is None:
        samples = {label: lp.sample_ids for label, lp in profile.labels.items()}
        probe_queries: list[int] = []

        def at_once(specs: list[ProbeSpec]) -> list[LinkProbe]:
            # the probes in `workers` batches, each one query in a read transaction of its own (see read_profile
            # and LINK_PROBES), at most PROBES_PER_QUERY to a query
            size = max(1, min(PROBES_PER_QUERY, -(-len(specs) // max(1, opts.workers))))
            batches = [specs[i:i + size] for i in range(0, len(specs), size)]
            probe_queries.append(len(batches))
            with ThreadPoolExecutor(max_workers=max(1, opts.workers), thread_name_prefix="xgrag-probe") as pool:
                answered = pool.map(lambda batch: probe_links(view, samples, batch, opts.link_probe), batches)
                return [probe for batch in answered for probe in batch]

        domain, counts = decide_domain(profile, opts, at_once)
        counts["queries"] = sum(probe_queries)
        counts["name_checks"] = tell_apart(view, profile, domain, opts)
        if passed_over:
            domain.notes.append(passed_over)
        if not domain.entities:
            left = "; ".join(f"{s.label}: {s.reason}" for s in domain.skipped) or "none"
            raise InferError(f"the database at {source} has no label that could be an entity (labels left out: "
                             f"{left})", hint="schema infer maps domain labels; write the [schema] table by hand "
                                              "(README: Configuration) if these labels are your entities")
        table = domain.table(opts.read_only)
        try:
            schema = schema_from_table(table)
        except ConfigError as exc:  # a decision the mapping cannot hold: a bug here, said plainly
            raise InferError(f"the inferred mapping does not validate: {exc}",
                             hint="this is a fault of schema infer (please report it with the --json output); write "
                                  "the [schema] table by hand meanwhile (README, Configuration)") from exc
        inference = Inference(table, schema, profile, opts, source, domain=domain, probes=counts)
    inference.coverage = _coverage(view, inference)
    inference.seconds = time.perf_counter() - t0
    return inference


def _coverage(view: Neo4jStore, inf: Inference) -> Coverage:
    """What the decided mapping reads of the graph, and why each label it leaves out is left out."""
    if inf.domain is not None:  # its entities, and the labels read as chunks and documents (when it found any)
        read = {e.label for e in inf.domain.entities} | set(inf.domain.chunks)
        reasons = {s.label: s.reason for s in inf.domain.skipped}
    else:
        read = inf.schema.read_labels() | set(inf.recognised.covers if inf.recognised else ())
        reasons = {label: f"preset {inf.preset!r} reads {inf.schema.entity_label} nodes only"
                   for label in inf.profile.labels}
    return measure_coverage(view, inf.profile, inf.schema, read, reasons)
