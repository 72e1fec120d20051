"""The explanation view's data: everything the browser front end (xgrag serve's page and the self-contained
`--html` export, one and the same) needs to draw one explanation, computed here so both show the same thing.

- the graph: nodes and relationships coloured by importance on a fixed 0..1 scale (XGRAG Figure 6, KG-SMILE), seed
  entities, bridge nodes (Ex-GraphRAG), the deciding chain (the facts and entities whose own removal changed the
  answer), positions from the deterministic layout (BFS rings from the seeds refined by Fruchterman-Reingold) and
  the labels that fit without overlapping (placed greedily, most important first; the rest show on hover). A
  subgraph of more than COLLAPSE_AT entities gets a collapsed drawing (the FOCUS_K most important entities, the
  seeds and the entities joining them) and the full one;
- the ranked table, the per-element details (scores per strategy, counterfactual answers, provenance);
- the honesty signals a reader must see next to the picture: the noise floor, how many scores were verified by
  their own removal and how many estimated by group tests or not evaluated, whether the baseline reproduced itself
  (and the observed answer, when one was given), whether the generator is a language model, an incomplete run, a
  question whose names matched nothing in the graph (unlinked: nothing was measured);
- the texts, the cost and the configuration.

Every value is data: the front end writes text with textContent and gives cytoscape text labels only, so markup in
a name stays text. Colours are computed here (one scale for every output).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from xgrag.errors import UsageError
from xgrag.explain.surrogate import surrogate_line
from xgrag.explain.texts import incomplete_summary
from xgrag.model import UNIT_KINDS, Component, Explanation
from xgrag.report.console import (
    bridge_line,
    cost_line,
    excerpt_segments,
    fact_labels,
    provenance_entries,
    provenance_text,
)
from xgrag.report.graph_layout import (
    Focus,
    LabelRequest,
    PlacedLabel,
    circle_box,
    edge_spots,
    focus_nodes,
    layout,
    node_spots,
    place_labels,
    shorten,
)

VIEW_VERSION = "xgrag.view/1"
WIDTH, HEIGHT, SMALL_HEIGHT = 760, 500, 380
NODE_R, SEED_R = 10.0, 13.0
NODE_FONT, EDGE_FONT = 11.5, 10.5
# A subgraph of more than COLLAPSE_AT entities is drawn as its FOCUS_K most important entities, the seeds and the
# entities connecting them; the rest is one click away ("show all").
COLLAPSE_AT, FOCUS_K = 60, 25
FULL_WIDTH = 1400
PARALLEL_STEP = 22.0  # distance between the middles of two relationships joining the same pair of entities
UNSCORED = "#eceef1"
# Sequential, low to high: a visible blue-grey at 0 (legible on white), then ColorBrewer YlOrRd: the most important
# components are dark red.
_STOPS = ((0.0, (168, 184, 201)), (0.2, (254, 217, 118)), (0.45, (253, 141, 60)), (0.7, (227, 26, 28)),
          (1.0, (128, 0, 38)))
NODE_KINDS = {"node"}  # node and synonym components are kind "node"
EDGE_KINDS = {"edge"}  # edge and subpath components are kind "edge" (property facts: the table only)


def colour(value: float | None) -> str:
    """Hex colour of an importance in [0, 1] (clipped); grey when not scored."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return UNSCORED
    v = min(1.0, max(0.0, float(value)))
    for (x0, c0), (x1, c1) in zip(_STOPS, _STOPS[1:], strict=False):
        if v <= x1:
            t = 0.0 if x1 == x0 else (v - x0) / (x1 - x0)
            rgb = tuple(round(a + (b - a) * t) for a, b in zip(c0, c1, strict=True))
            return "#" + "".join(f"{c:02x}" for c in rgb)
    return "#" + "".join(f"{c:02x}" for c in _STOPS[-1][1])


def colour_stops() -> list[tuple[float, str]]:
    return [(x, colour(x)) for x, _ in _STOPS]


def _best(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return max(present) if present else None


def _r(v: float | None, digits: int = 6) -> float | None:
    return None if v is None else round(float(v), digits)


def _score(c: Component) -> dict[str, Any]:
    return {"strategy": c.strategy, "importance": _r(c.importance), "normalized": _r(c.normalized_importance),
            "rank": c.rank, "changed": c.answer_changed, "counterfactual": c.counterfactual_answer,
            "evaluated": c.evaluated, "from": c.importance_from, "below_noise_floor": c.below_noise_floor,
            "synonym": c.note.synonym, "copies": list(c.copies), "joint_importance": _r(c.joint_importance)}


def deciding(c: Component, response_score: str) -> bool:
    """Is `c` on the deciding chain: verified by its own removal, and that removal changed the answer (under the
    "logprob" score, where nothing is generated: it took at least half of the strongest drop of P(a0), above the
    noise floor)?"""
    if c.importance_from != "verified" or c.importance is None:
        return False
    if response_score == "logprob":
        return bool(not c.below_noise_floor and (c.normalized_importance or 0.0) >= 0.5)
    return bool(c.answer_changed)


def _as_read(r: dict[str, Any]) -> dict[str, Any]:
    """A relationship as the view draws it: as stored, or, for a storage-ordered one with a reading (LightRAG's), in
    its meaning's direction with the reading's relation, or marked undirected (drawn without an arrow). The
    explanation's subgraph keeps the stored direction."""
    reading = r.get("reading")
    if not reading:
        return r
    out = {**r, "label": reading["relation"] + ("" if reading["directed"] else " (undirected)"),
           "undirected": not reading["directed"]}
    if reading["reversed"]:
        out["source"], out["target"] = r["target"], r["source"]
    return out


class _Graph:
    """Keys, colours, scores and details of one explanation's subgraph."""

    def __init__(self, ex: Explanation) -> None:
        # the drawing works on the subgraph's JSON (what the front end is sent)
        sub = ex.subgraph.model_dump(mode="json")
        self.nodes = sorted(sub["nodes"], key=lambda n: (str(n.get("name")), str(n.get("id"))))
        node_ids = {n["id"] for n in self.nodes}
        self.rels = [_as_read(r) for r in sorted(sub["relationships"], key=lambda r: str(r.get("id")))
                     if r.get("source") in node_ids and r.get("target") in node_ids]
        self.seeds = [s for s in ex.subgraph.seeds if s in node_ids]
        self.names = {n["id"]: str(n.get("name") if n.get("name") is not None else n["id"]) for n in self.nodes}
        self.node_key = {n["id"]: f"n{i}" for i, n in enumerate(self.nodes)}
        self.edge_key = {r["id"]: f"e{i}" for i, r in enumerate(self.rels)}
        self.scored = [c for c in ex.components if c.kind in UNIT_KINDS and c.importance is not None]
        self.by_node: dict[str, list[Component]] = {}
        self.by_edge: dict[str, list[Component]] = {}
        for c in self.scored:
            (self.by_node if c.kind in NODE_KINDS else self.by_edge).setdefault(c.id, []).append(c)
        self.edge_value = {r["id"]: _best([c.importance for c in self.by_edge.get(r["id"], [])]) for r in self.rels}
        self.incident: dict[str, list[str]] = {n: [] for n in node_ids}
        for r in self.rels:
            self.incident[r["source"]].append(r["id"])
            if r["target"] != r["source"]:
                self.incident[r["target"]].append(r["id"])
        self.node_value: dict[str, float | None] = {}
        self.node_derived: dict[str, bool] = {}
        for nid in node_ids:
            own = _best([c.importance for c in self.by_node.get(nid, [])])
            derived = False
            if own is None:  # no node score: coloured by the strongest scored relationship it ends
                own = _best([self.edge_value[r] for r in self.incident[nid]])
                derived = own is not None
            self.node_value[nid], self.node_derived[nid] = own, derived
        self.degree = {nid: len(self.incident[nid]) for nid in node_ids}
        # how much a node matters for the drawing: its own score or its strongest relationship's
        self.priority = {nid: max([v for v in [self.node_value[nid], *(self.edge_value[r] for r in self.incident[nid])]
                                   if v is not None], default=0.0) for nid in node_ids}
        self.bridges = [n for n in ex.bridges.bridges if n in node_ids] if ex.bridges else []
        self.core = [n for n in ex.bridges.core if n in node_ids] if ex.bridges else []
        rels_by_id = {r["id"]: r for r in self.rels}
        chain = [c for c in self.scored if deciding(c, ex.response_score)]
        self.chain_edges = {c.id for c in chain if c.kind in EDGE_KINDS and c.id in rels_by_id}
        self.chain_nodes = {c.id for c in chain if c.kind in NODE_KINDS and c.id in node_ids}
        for rid in self.chain_edges:
            self.chain_nodes.update((rels_by_id[rid]["source"], rels_by_id[rid]["target"]))
        self.evidence = {e.id for e in ex.generator_evidence or []}

    def key_of(self, c: Component) -> str | None:
        return (self.node_key if c.kind in NODE_KINDS else self.edge_key).get(c.id)


def _drawing(g: _Graph, kind: str, node_ids: Sequence[str], width: int, height: int) -> dict[str, Any]:
    """Positions of the nodes drawn, which relationships join them, and the labels: placed (visible, never
    overlapping each other or a node), on hover (names that did not fit or were shortened) and the relation names
    shown by the "every relation name" switch."""
    keep = set(node_ids)
    ids = [n["id"] for n in g.nodes if n["id"] in keep]
    rels = [r for r in g.rels if r["source"] in keep and r["target"] in keep]
    dense = len(ids) > 80
    node_r, seed_r = (7.0, 11.0) if dense else (NODE_R, SEED_R)
    pos = layout(ids, [(r["source"], r["target"]) for r in rels], g.seeds, width=width, height=height,
                 margin=80.0 if dense else 70.0)
    radius = {nid: seed_r if nid in g.seeds else node_r for nid in ids}
    clearance = {nid: radius[nid] + (5.0 if nid in g.bridges else 1.0) for nid in ids}
    # the middle of each relationship as the browser draws it: straight, or bowed apart when several join the
    # same two entities (PARALLEL_STEP between their middles), a loop above its entity
    groups: dict[frozenset[str], list[dict[str, Any]]] = {}
    for r in rels:
        groups.setdefault(frozenset((r["source"], r["target"])), []).append(r)
    middle: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
    for r in rels:
        (x1, y1), (x2, y2) = pos[r["source"]], pos[r["target"]]
        if r["source"] == r["target"]:
            middle[r["id"]] = ((x1, y1 - radius[r["source"]] - 28.0), (0.0, -1.0))
            continue
        group = groups[frozenset((r["source"], r["target"]))]
        offset = (group.index(r) - (len(group) - 1) / 2) * PARALLEL_STEP
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        # one normal for the whole group (from its first member's direction), so reversed members bow apart too
        first = group[0]
        (fx1, fy1), (fx2, fy2) = pos[first["source"]], pos[first["target"]]
        flen = math.hypot(fx2 - fx1, fy2 - fy1) or 1.0
        normal = (-(fy2 - fy1) / flen, (fx2 - fx1) / flen)
        middle[r["id"]] = (((x1 + x2) / 2 + normal[0] * offset, (y1 + y2) / 2 + normal[1] * offset),
                           (-(y2 - y1) / length, (x2 - x1) / length))

    def node_order(nid: str) -> tuple[int, float, int, str]:
        return (0 if nid in g.seeds else 1, -g.priority[nid], -g.degree[nid], g.names[nid])

    nodes = sorted(ids, key=node_order)
    ranked_rels = sorted(rels, key=lambda r: (-(g.edge_value[r["id"]] or 0.0), g.edge_key[r["id"]]))

    def node_req(nid: str) -> LabelRequest:
        x, y = pos[nid]
        return LabelRequest(g.node_key[nid], g.names[nid], node_spots(x, y, clearance[nid], NODE_FONT), NODE_FONT)

    def edge_req(r: dict[str, Any]) -> LabelRequest:
        mid, normal = middle[r["id"]]
        return LabelRequest(g.edge_key[r["id"]], str(r.get("label") or ""), edge_spots(mid, normal, EDGE_FONT),
                            EDGE_FONT, (16,))

    head = 10 if kind != "full" else 25
    requests = [node_req(n) for n in nodes[:head]]
    requests += [edge_req(r) for r in ranked_rels if (g.edge_value[r["id"]] or 0.0) > 0.0]
    requests += [node_req(n) for n in nodes[head:]]
    if kind != "full":  # in the full drawing of a large subgraph only the scored relations are named
        requests += [edge_req(r) for r in ranked_rels if not (g.edge_value[r["id"]] or 0.0) > 0.0]
    obstacles = [circle_box(*pos[n], clearance[n]) for n in ids]
    placed = place_labels(requests, obstacles, width, height, limit=90 if kind == "full" else None)

    def carrier(owner: str, text: str, p: PlacedLabel | None, spot_x: float, spot_y: float, anchor: str,
                size: float, role: str) -> dict[str, Any]:
        # the text's vertical middle (the drawing centres a label on its carrier); x is the anchor point
        return {"owner": owner, "text": text, "x": round(spot_x, 1), "y": round(spot_y - 0.28 * size, 1),
                "anchor": anchor, "size": size, "role": role}

    labels: list[dict[str, Any]] = []
    for nid in ids:
        key = g.node_key[nid]
        p = placed.get(key)
        if p is not None:
            labels.append(carrier(key, p.text, p, p.spot.x, p.spot.y, p.spot.anchor, NODE_FONT,
                                  "short" if p.shortened else "name"))
        if p is None or p.shortened:  # the full name on hover, beside the node
            spot = p.spot if p is not None else node_spots(*pos[nid], clearance[nid], NODE_FONT)[0]
            labels.append(carrier(key, g.names[nid], None, spot.x, spot.y, spot.anchor, NODE_FONT, "hover"))
    for r in rels:
        key = g.edge_key[r["id"]]
        p = placed.get(key)
        if p is not None:
            labels.append(carrier(key, p.text, p, p.spot.x, p.spot.y, "middle", EDGE_FONT, "relation"))
        else:  # no free spot: shown by the "every relation name" switch and on hover
            mid, _ = middle[r["id"]]
            labels.append(carrier(key, shorten(str(r.get("label") or ""), 26), None, mid[0],
                                  mid[1] + 0.3 * EDGE_FONT, "middle", EDGE_FONT, "extra"))
    return {"kind": kind, "width": width, "height": height,
            "positions": {g.node_key[n]: [round(pos[n][0], 1), round(pos[n][1], 1)] for n in ids},
            "radius": {g.node_key[n]: radius[n] for n in ids},
            "edges": [g.edge_key[r["id"]] for r in rels], "labels": labels,
            "parallel_step": PARALLEL_STEP}


def _details(ex: Explanation, g: _Graph, drawn: set[str], hidden: Mapping[str, int]) -> dict[str, Any]:
    details: dict[str, Any] = {}
    for n in g.nodes:
        nid = n["id"]
        comps = sorted(g.by_node.get(nid, []), key=lambda c: (-(c.importance or 0), c.strategy))
        # an entity's provenance: where the facts it appears in come from (document, chunk, line)
        prov: Mapping[str, Any] | None = {"documents": [r.get("provenance") or {} for r in g.rels
                                                        if nid in (r["source"], r["target"])]}
        # the component's own provenance when the explanation read its chunk text (the excerpt around its name)
        prov = _with_text(comps) or prov
        if not provenance_entries(prov):
            prov = next((c.provenance for c in comps if c.provenance), None)
        details[g.node_key[nid]] = {
            "kind": "entity", "unit": {"kind": "node", "id": nid}, "title": g.names[nid],
            "subtitle": f"{n.get('type') or 'entity'} · id {nid}",
            "badges": (["seed entity of the question"] if nid in g.seeds else [])
            + (["on the deciding chain: its removal changed the answer"] if nid in g.chain_nodes
               and nid in {c.id for c in g.scored if c.kind in NODE_KINDS and deciding(c, ex.response_score)}
               else ["ends a fact of the deciding chain"] if nid in g.chain_nodes else [])
            + (["bridge: connects the important entities (Ex-GraphRAG)"] if nid in g.bridges else [])
            + (["semantic core (Ex-GraphRAG)"] if nid in g.core else [])
            + (["colour from its strongest relationship (no node score)"] if g.node_derived[nid] else [])
            + ([f"{hidden[nid]} neighbours only in the full drawing"] if hidden.get(nid) and nid in drawn else []),
            "scores": [_score(c) for c in comps], "provenance": _sources(prov)}
    for r in g.rels:
        comps = sorted(g.by_edge.get(r["id"], []), key=lambda c: (-(c.importance or 0), c.strategy))
        details[g.edge_key[r["id"]]] = {
            "kind": "relationship", "unit": {"kind": "edge", "id": r["id"]},
            "title": f"{g.names[r['source']]} -{r.get('label')}-> {g.names[r['target']]}",
            "subtitle": f"relationship id {r['id']}",
            "badges": (["on the deciding chain: its removal changed the answer"] if r["id"] in g.chain_edges
                       else []) + (["used by the generator (its reported evidence)"] if r["id"] in g.evidence else []),
            "scores": [_score(c) for c in comps],
            "provenance": _sources(_with_text(comps) or r.get("provenance")
                                   or (comps[0].provenance if comps else None))}
    return details


def _sources(prov: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Provenance entries for the page: an excerpt of chunk text becomes `text` ([segment, role of its mark or
    null], ...) and `text_note`; the page inserts each segment as text (markup from the graph stays inert)."""
    out = []
    for e in provenance_entries(prov):
        excerpt = e.pop("excerpt", None)
        if isinstance(excerpt, Mapping):
            e["text"] = [[seg, role] for seg, role in excerpt_segments(excerpt)]
            if excerpt.get("note"):
                e["text_note"] = str(excerpt["note"])
        out.append(e)
    return out


def _with_text(comps: Sequence[Component]) -> Mapping[str, Any] | None:
    """The first of `comps`' provenance that holds chunk text (an excerpt), if any."""
    return next((c.provenance for c in comps if any(e.get("excerpt") for e in provenance_entries(c.provenance))),
                None)


def _rows(ex: Explanation, g: _Graph) -> list[dict[str, Any]]:
    rows = sorted(g.scored, key=lambda c: (-(c.importance or 0.0), c.strategy, c.rank or 0, c.id))
    labels = {c.id: c.label for c in ex.components}
    out = []
    for c in rows:
        flag = None
        if c.evaluated == "conditional":
            flag = "conditional"
        elif c.importance_from == "estimated":
            flag = "estimated"
        elif c.below_noise_floor:
            flag = "noise"
        out.append({"key": g.key_of(c), "unit": {"kind": c.kind, "id": c.id}, "strategy": c.strategy,
                    "label": c.label, "importance": _r(c.importance), "fill": colour(c.importance), "rank": c.rank,
                    "changed": c.answer_changed, "counterfactual": c.counterfactual_answer,
                    "provenance": provenance_text(c.provenance), "flag": flag, "evaluated": c.evaluated,
                    "chain": deciding(c, ex.response_score), "copies": list(c.copies),
                    "group": c.redundant_group, "joint_importance": _r(c.joint_importance),
                    # redundant support: the parallel facts removed before this conditional one (Component.alternatives)
                    "alternatives": [labels.get(a, a) for a in c.alternatives or ()]})
    return out


def _copies(ex: Explanation) -> list[dict[str, Any]]:
    """A stack's context: each group of units that state the same fact (xgrag.model.copies), as the page lists it:
    the fact, the group's joint importance (every copy removed at once) and its answer, and which units are its
    copies (a span with the item it is in). Empty when the context had no copies."""
    units = {u.id: u for u in ex.units or []}
    out = []
    for g in ex.copies or []:
        members = []
        for m in g.members:
            u = units.get(m)
            members.append({"id": m, "kind": u.kind if u is not None else "unit",
                            "item": u.parent if u is not None and u.kind == "span" else m})
        out.append({"id": g.id, "text": g.text, "basis": g.basis, "strategy": g.strategy,
                    "importance": _r(g.importance), "fill": colour(g.importance), "rank": g.rank,
                    "evaluated": g.evaluated, "changed": g.answer_changed, "counterfactual": g.counterfactual_answer,
                    "members": members})
    return out


def _honesty(ex: Explanation, g: _Graph) -> dict[str, Any]:
    """How sure the explanation is, as figures (the page puts them beside the drawing)."""
    components = [c for c in ex.components if c.kind in UNIT_KINDS]
    verified = sum(c.importance_from == "verified" for c in components)
    estimated = sum(c.importance_from == "estimated" for c in components)
    unevaluated = sum(c.importance is None for c in components)
    key = [" ".join(a.lower().replace(".", " ").split()) for a in ex.baseline_answers]
    reproduced = None if len(key) < 2 else len(set(key)) == 1
    return {"noise_floor": ex.noise_floor, "response_score": ex.response_score,
            "verified": verified, "estimated": estimated, "not_evaluated": unevaluated,
            "below_floor": sum(bool(c.below_noise_floor) for c in components if c.importance is not None),
            "baseline_runs": len(ex.baseline_answers), "baseline_answers": list(ex.baseline_answers),
            "reproduced": reproduced, "observed_answer": ex.observed_answer,
            "observed_similarity": ex.observed_answer_similarity,
            "language_model": ex.generator_is_language_model,
            "incomplete": ex.incomplete.model_dump() if ex.incomplete else None,
            # why the run was cut short and what it kept, in one sentence (xgrag.explain.texts)
            "incomplete_text": incomplete_summary(ex.incomplete) if ex.incomplete else None,
            # the question's names matched no entity: nothing was measured, so nothing may be marked sure
            "unlinked": ex.unlinked, "not_in_graph": _not_in_graph(ex),
            "chain": len(g.chain_edges) + len([n for n in g.chain_nodes
                                                if n in {c.id for c in g.scored if c.kind in NODE_KINDS}])}


def _not_in_graph(ex: Explanation) -> str | None:
    """What of the question matched no entity ("'Foobar Baz'"), when anything did not; None otherwise."""
    linking = ex.linking
    return linking.tried() if linking is not None and (linking.unlinked or linking.unmatched) else None


def _cost(ex: Explanation) -> list[list[str]]:
    """The cost block, in the words of the console's cost line. Probes answered: the perturbed contexts asked (a
    verified score is one, a group test one). Cost.scored_probes counts the forward passes scoring a0 under
    response_score "logprob" (the baseline's included), so it is shown only there: a "scored probes 0" beside
    "2 verified by their own removal" of a run that generated its answers read as if nothing had been measured."""
    c = ex.cost
    pairs: list[tuple[str, object]] = [
        ("generator calls", c.generator_calls), ("prompt tokens", c.prompt_tokens),
        ("completion tokens", c.completion_tokens), ("cache hits", c.cache_hits),
        ("repeated contexts answered once", c.deduplicated), ("probes answered (perturbed contexts)", c.perturbations)]
    if ex.response_score == "logprob" or c.scored_probes:
        pairs.append(("scored probes (log P of a\u2080, one forward pass each)", c.scored_probes))
    if c.prefix is not None and c.prefix.mean_share is not None:
        pairs.append((f"prompt prefix shared with the baseline ({c.prefix.order} order)",
                      f"{c.prefix.mean_share:.0%} mean over {len(c.prefix.probes)} probes"))
    pairs += [("wall time", f"{c.seconds:.2f} s"), ("generator", f"{c.generator_seconds:.2f} s"),
              ("embedder", f"{c.embedder_seconds:.2f} s"), ("retrieval", f"{c.retrieval_seconds:.2f} s")]
    return [[k, str(v)] for k, v in pairs]


def _scalar(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, (list, tuple)):
        return ", ".join(_scalar(x) for x in v)
    return str(v)


def _config(ex: Explanation) -> list[list[str]]:
    cfg = ex.config
    return [[k, _scalar(v)] for k, v in (
        ("strategies", ex.strategies), ("scheduler", cfg.scheduler), ("mode", cfg.mode), ("hops", cfg.hops),
        ("apply", cfg.apply), ("dedup", cfg.dedup), ("θ_sim", cfg.theta_sim), ("noise runs", cfg.noise_runs),
        ("max calls", cfg.max_calls), ("response score", ex.response_score))]


def view_model(ex: Explanation, focus_k: int = FOCUS_K) -> dict[str, Any]:
    """Everything the front end draws for one explanation (plain JSON values)."""
    if focus_k < 1:
        raise UsageError(f"focus_k: {focus_k} must be at least 1 (the number of entities drawn before expanding)")
    g = _Graph(ex)
    node_list = [n["id"] for n in g.nodes]
    focus: Focus | None = None
    if len(g.nodes) > COLLAPSE_AT:
        f = focus_nodes(node_list, [(r["source"], r["target"]) for r in g.rels], g.priority, g.seeds, focus_k,
                        g.bridges)
        if len(f.nodes) < len(g.nodes):
            focus = f
    drawings: dict[str, Any] = {}
    if focus is not None:
        drawings["collapsed"] = _drawing(g, "collapsed", focus.nodes, WIDTH, HEIGHT)
        n = len(g.nodes)
        drawings["full"] = _drawing(g, "full", node_list, FULL_WIDTH, int(min(1100, max(640, 5.2 * n))))
    elif g.nodes:
        drawings["whole"] = _drawing(g, "whole", node_list, WIDTH, HEIGHT if len(g.nodes) > 12 else SMALL_HEIGHT)
    drawn = set(focus.nodes) if focus is not None else set(node_list)
    hidden = {nid: 0 for nid in node_list}
    if focus is not None:
        for r in g.rels:
            s, t = r["source"], r["target"]
            if s in drawn and t not in drawn:
                hidden[s] += 1
            elif t in drawn and s not in drawn:
                hidden[t] += 1
    sub = ex.subgraph
    caption = (f"{len(g.nodes)} entities, {len(g.rels)} relationships"
               + (", truncated" if sub.truncated else "")
               + (f"; {sub.fallback}" if sub.fallback else "")
               + (f"; retrieval {sub.mode}: {sub.reason}" if sub.reason else "")
               + (f"; {ex.dedup.merged} aliases merged" if ex.dedup.merged else ""))
    focus_caption = None
    if focus is not None:
        focus_caption = (f"Drawn: the {len(focus.top)} most important entities, {len(focus.seeds)} seed"
                         f"{'s' if len(focus.seeds) != 1 else ''} and {len(focus.connectors)} connecting them; "
                         f"{len(g.nodes) - len(focus.nodes)} more in the full drawing")
    through = ex.bridges.core_pair_betweenness if ex.bridges else {}
    articulation = set(ex.bridges.articulation if ex.bridges else [])
    bridges = [{"key": g.node_key[n], "name": g.names[n], "paths": through.get(n), "articulation": n in articulation,
                "importance": _r(g.node_value[n])} for n in g.bridges]
    rows = _rows(ex, g)
    masks = sum(c.kind == "mask" for c in ex.components)
    skipped = sum(c.kind in UNIT_KINDS and c.importance is None for c in ex.components)
    estimated = sum(r["flag"] == "estimated" for r in rows)
    notes = []
    if estimated:
        notes.append(f"{len(rows) - estimated} verified by their own removal, {estimated} estimated by group tests "
                     "(marked estimated).")
    if skipped:
        why = "cancelled" if ex.incomplete and ex.incomplete.cancelled else \
            "the run failed" if ex.incomplete else "budget"
        notes.append(f"{skipped} components not evaluated ({why}).")
    if masks:
        notes.append(f"{masks} random masks (KG-SMILE) are summarised by the surrogate, not listed.")
    nodes = []
    for n in g.nodes:
        nid = n["id"]
        nodes.append({"key": g.node_key[nid], "id": nid, "name": g.names[nid], "type": n.get("type") or "entity",
                      "value": _r(g.node_value[nid]), "fill": colour(g.node_value[nid]),
                      "derived": g.node_derived[nid], "seed": nid in g.seeds, "bridge": nid in g.bridges,
                      "core": nid in g.core, "chain": nid in g.chain_nodes})
    edges = [{"key": g.edge_key[r["id"]], "id": r["id"], "source": g.node_key[r["source"]],
              "target": g.node_key[r["target"]], "label": str(r.get("label") or ""),
              "value": _r(g.edge_value[r["id"]]), "fill": colour(g.edge_value[r["id"]]),
              "chain": r["id"] in g.chain_edges, "evidence": r["id"] in g.evidence,
              "undirected": bool(r.get("undirected"))} for r in g.rels]
    return {
        "version": VIEW_VERSION, "id": ex.id, "created_at": ex.created_at, "question": ex.question,
        "answer": ex.answer, "generator": ex.generator, "strategy": ex.strategy,
        "honesty": _honesty(ex, g),
        "graph": {"nodes": nodes, "edges": edges, "drawings": drawings, "caption": caption,
                  "focus": focus_caption, "collapsed": focus is not None,
                  "shown": len(focus.nodes) if focus is not None else len(g.nodes)},
        "details": _details(ex, g, drawn, hidden), "rows": rows, "copies": _copies(ex), "notes": " ".join(notes),
        "bridges": bridges,
        "bridge_line": bridge_line(ex),
        "texts": {"user": ex.user_explanation, "technical": ex.technical_explanation,
                  "evidence": [e.triple for e in ex.generator_evidence or []],
                  "surrogate": surrogate_line(ex.surrogate, fact_labels(ex)) if ex.surrogate else None,
                  "cost": cost_line(ex)},
        "cost": _cost(ex), "config": _config(ex), "colour_stops": colour_stops(), "unscored": UNSCORED,
    }
