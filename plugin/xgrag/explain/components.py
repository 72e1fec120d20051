"""From answered probes to the Explanation's components: importance per strategy (XGRAG Imp and Imp_norm),
rank, whether the answer changed (KGRAG-Ex), how it was evaluated, labels and provenance; plus the generator's
evidence and the documents behind the top components."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import JsonValue

from xgrag.explain.perturbers import Planned
from xgrag.explain.run import ExplainRun, Probe
from xgrag.explain.schedulers.stack_proxy import states
from xgrag.explain.scoring import answer_changed, normalise
from xgrag.model import Component, ContextUnit, PropertyFact, Subgraph
from xgrag.model.copies import copy_groups, statement_key
from xgrag.model.provenance import provenance_documents
from xgrag.model.records import ComponentNote, CopyGroupRecord, Evidence, JsonObject
from xgrag.retrieval.dedup import DedupResult, stored_arrow_text, stored_name_text, stored_triple_text


def build_components(run: ExplainRun) -> list[Component]:
    cfg, a0, floor, graph = run.settings, run.a0, run.floor, run.graph
    by_strategy: dict[str, list[Probe]] = {}
    for p in run.probes:
        by_strategy.setdefault(p.planned.strategy, []).append(p)
    components: list[Component] = []

    def changed(value: float | None, counterfactual: str | None) -> bool | None:
        if cfg.response_score == "logprob":
            # a scored probe says how much less likely a0 became, not what would be answered instead
            return None
        if counterfactual is not None and value is not None:
            return answer_changed(value, cfg.change_threshold, a0.text, counterfactual, cfg.multiple_choice)
        return False if value == 0.0 else None  # cleared by a group test: did not move

    for strategy, group in by_strategy.items():
        # asked alone, or found necessary by redundancy resolution after group testing cleared it
        measured = [p for p in group if p.answered or p.conditional is not None]
        # the run's response score (semantic shift of the answer, or the drop of a0's probability)
        imp = {id(p): run.effect(p.outcome) for p in measured}
        for p in group:
            if not p.answered and p.conditional is None and p.planned.note.get("group") == "no-effect":
                imp[id(p)] = 0.0
        scored = [p for p in group if id(p) in imp]
        norm = dict(zip([id(p) for p in scored], normalise([imp[id(p)] for p in scored]), strict=True))
        # Ties (most often 0: no single removal moved the answer) are ordered by relevance to the question (the
        # embedding proxy, no generator call), then by id: a 2-hop chain's first fact, which a reader answering
        # from the only candidate left does not need, is listed before unrelated facts. Importance stays 0 and
        # is reported below the noise floor; only the order among equals is chosen here.
        relevance = {id(q): i for i, q in enumerate(run.by_promise([p.planned for p in scored],
                                                                   question_only=True))}
        # and a relationship or node after a fact stored on it that moved the answer as much: removing the carrier
        # removes the fact, so the fact alone is the finer account ("the role Keanu Reeves played": the ACTED_IN
        # relationship's `roles`, not the relationship, ranks first)
        stored = {(p.planned.target.partition("#")[0], imp[id(p)]) for p in scored
                  if p.planned.kind == "property" and "#" in p.planned.target}
        order = sorted(scored, key=lambda p: (-imp[id(p)],
                                              p.planned.kind != "property" and (p.planned.target, imp[id(p)]) in stored,
                                              relevance[id(p.planned)], p.planned.target))
        rank = {id(p): i + 1 for i, p in enumerate(order)}

        for p in group:
            planned = p.planned
            measured_here = p.answered or p.conditional is not None
            outcome = p.outcome if measured_here else None
            counterfactual = None if outcome is None else outcome.text
            value = imp.get(id(p))
            evaluated: Literal["measured", "conditional", "group", "budget", "failed"] = (
                ("conditional" if p.conditional is not None else "measured") if measured_here
                else "group" if value is not None else "failed" if run.incomplete else "budget")
            # a group of copies of one fact (xgrag.model.copies) is one probe: each copy of the probe's kind gets
            # its figures, linked to the others (an item in a span group keeps its own item component)
            targets = [m for m in planned.members if run.units[m].kind == planned.kind] or [planned.target]
            for target in targets:
                unit = run.units.get(target)
                components.append(Component(
                    kind=planned.kind, id=target,
                    label=unit.label if unit is not None else label(planned, run.merged), strategy=strategy,
                    importance=value, normalized_importance=norm.get(id(p)), rank=rank.get(id(p)),
                    counterfactual_answer=counterfactual,
                    answer_changed=changed(value, counterfactual),
                    answer_logprob=None if outcome is None or outcome.score is None
                    else round(outcome.score.logprob, 6),
                    below_noise_floor=None if value is None else value <= floor,
                    evaluated=evaluated,
                    provenance=unit_provenance(unit) if unit is not None else provenance(planned, graph),
                    removed_nodes=sorted(planned.removed_nodes), removed_relationships=sorted(planned.removed_rels),
                    removed_properties=sorted(planned.removed_properties),
                    note=ComponentNote.model_validate(planned.note),
                    redundant_group=planned.target if planned.members else None,
                    copies=[m for m in planned.members if m != target],
                    joint_importance=value if planned.members else None,
                    alternatives=list(p.alternatives) if p.conditional is not None and p.alternatives else None,
                    # the white-box proxy's estimate, kept beside the measurement and marked as the proxy's
                    proxy_score=None if target not in run.proxy_scores else round(run.proxy_scores[target], 8),
                ))
    link_copies(run, components)
    return components


def link_copies(run: ExplainRun, components: list[Component]) -> None:
    """An item that is a copy in a span group (xgrag.model.copies: e.g. a relation row stating a chunk's sentence) was
    also removed alone as an item: its component links to its group and carries the group's joint importance, so
    that its own (often 0) importance never stands alone."""
    for p in run.probes:
        if not p.planned.members:
            continue
        joint = next((c.importance for c in components if c.redundant_group == p.planned.target), None)
        for c in components:
            if c.id in p.planned.members and c.redundant_group is None:
                c.redundant_group = p.planned.target
                c.copies = [m for m in p.planned.members if m != c.id]
                c.joint_importance = joint


def copy_records(run: ExplainRun, components: list[Component]) -> list[CopyGroupRecord]:
    """The groups of copies the run probed, with the figures their member components carry."""
    basis = {g.id: g.basis for g in copy_groups(list(run.units.values()))}
    out: list[CopyGroupRecord] = []
    for p in run.probes:
        planned = p.planned
        if not planned.members:
            continue
        c = next(c for c in components if c.redundant_group == planned.target and c.strategy == planned.strategy)
        text = run.units[planned.members[0]].label
        if planned.target not in basis:
            # items removed together because each holds a copy of one statement (schedulers.proxy, joint probe):
            # the statement they all hold is the group's fact, not the first item's whole text
            owners: dict[str, set[str]] = {}
            first: dict[str, str] = {}
            for u in run.units.values():
                for owner in {o for o in (u.id, u.parent) if o is not None} & set(planned.members):
                    owners.setdefault(statement_key(u.text), set()).add(owner)
                    first.setdefault(statement_key(u.text), u.label)
            # of the statements every member holds (a chunk's metadata line may be one), the one stating the answer
            shared = sorted((k for k, o in owners.items() if o == set(planned.members)),
                            key=lambda k: not states(first[k], run.a0.text))
            if shared:
                text = first[shared[0]]
        out.append(CopyGroupRecord(
            id=planned.target, members=list(planned.members), basis=basis.get(planned.target, "text"),
            text=text, strategy=planned.strategy, importance=c.importance,
            rank=c.rank, evaluated=c.evaluated, counterfactual_answer=c.counterfactual_answer,
            answer_changed=c.answer_changed))
    return out


def label(p: Planned, merged: DedupResult) -> str:
    """A component as the graph stores it: a fact with its stored ends (a merged alias shown as such, "Jim'S
    Father (merged into Jim) -OWNED-> Gold Watch"; several stored facts a merge collapsed joined by "; "), an
    entity with the names merged into it. Never a triple the merge made up."""
    graph = merged.subgraph
    if p.kind == "edge" and p.target in graph.relationships:
        # one fact stored twice reads once (never "A; A")
        return "; ".join(dict.fromkeys(stored_arrow_text(merged, t) for t in merged.stored_triples(p.target)))
    if p.kind == "node" and p.target in graph.nodes:
        base = merged.stored_name(p.target)
        others = [name for nid, name in merged.members(p.target) if nid != p.target]
        if others:
            base += f" (merged with {', '.join(others)})"
        return f"{base} => {p.renamed[0][1]}" if p.renamed else base
    if p.kind == "property" and p.target in graph.properties:
        return property_label(merged, graph.properties[p.target])
    return f"{p.target} ({len(p.removed_rels)} triples removed)"


def unit_provenance(unit: ContextUnit) -> dict[str, Any]:
    """Where a stack's context unit came from: what the stack retrieved (its source and metadata), the item it is a
    span of, and the graph elements it was traced to."""
    out: dict[str, Any] = {"retrieved_as": unit.source, **dict(unit.provenance)}
    if unit.parent is not None:
        out["item"] = unit.parent
    if unit.node_ids:
        out["node_ids"] = list(unit.node_ids)
    if unit.relationship_ids:
        out["relationship_ids"] = list(unit.relationship_ids)
    if unit.facts:
        out["facts"] = list(unit.facts)
    return out


def property_label(merged: DedupResult, f: PropertyFact) -> str:
    """A property fact as the graph stores it: "(Chai) unitPrice 18.0", "(Order 10248)-[ORDERS {quantity: 12}]->
    (Queso Cabrales)" (the stored key, not its wording in the prompt)."""
    graph = merged.subgraph
    if f.owner_kind == "node":
        return f"({stored_name_text(merged, f.owner)}) {f.key} {f.text}"
    rel = graph.relationships.get(f.owner)
    if rel is None:
        return f"{f.owner} {{{f.key}: {f.text}}}"
    return (f"({stored_name_text(merged, rel.source)})-[{rel.label} {{{f.key}: {f.text}}}]->"
            f"({stored_name_text(merged, rel.target)})")


def provenance(p: Planned, graph: Subgraph) -> dict[str, Any]:
    if p.kind == "edge" and p.target in graph.relationships:
        return dict(graph.relationships[p.target].provenance)
    if p.kind == "property" and p.target in graph.properties:
        owner = graph.properties[p.target].owner  # a relationship's property: where the relationship came from
        return dict(graph.relationships[owner].provenance) if owner in graph.relationships else {}
    if p.kind == "node" and p.target in graph.nodes:
        docs: list[dict[str, Any]] = []
        inferred = False
        for r in graph.sorted_relationships():
            if p.target in (r.source, r.target) and r.provenance:
                inferred = inferred or bool(r.provenance.get("inferred"))
                for doc in provenance_documents(r.provenance):
                    entry = {k: doc.get(k) for k in ("doc_id", "chunk_id", "chunk_index", "source")}
                    if entry not in docs:
                        docs.append(entry)
        if not docs:
            return {}
        return {"documents": docs, **({"inferred": True, "basis": "mentions of the facts' ends"} if inferred else {})}
    return {}


def generator_evidence(run: ExplainRun) -> list[Evidence] | None:
    """The facts the generator says it answered from (when it can say), as the context showed them."""
    if run.a0.evidence is None:
        return None
    out = []
    for rid in run.a0.evidence:
        if rid in run.graph.relationships:
            out.append(Evidence(id=rid, triple=stored_triple_text(run.merged, rid)))
        elif rid in run.graph.properties:  # a fact stored in a property
            out.append(Evidence(id=rid, triple=property_label(run.merged, run.graph.properties[rid])))
    return out


def sources(components: list[Component]) -> list[JsonObject]:
    """Documents behind the top components (neo4j-graphrag's `sources`)."""
    seen: dict[tuple[JsonValue, ...], JsonObject] = {}
    top = sorted([c for c in components if c.importance], key=lambda c: -(c.importance or 0))[:5]
    for c in top:
        prov = c.provenance
        listed = prov.get("documents")
        docs = listed if isinstance(listed, list) else [prov] if prov else []
        for doc in docs:
            if not isinstance(doc, dict):
                continue  # provenance is the graph's own metadata: an entry that is not an object names no document
            key = (doc.get("doc_id"), doc.get("chunk_id"), doc.get("source"))
            if any(key):
                entry: JsonObject = {k: v for k, v in doc.items() if v is not None}
                entry["component"] = c.id
                if prov.get("inferred"):
                    entry["inferred"] = True  # one of the documents that mention the fact's ends, not its source
                seen.setdefault(key, entry)
    return list(seen.values())
