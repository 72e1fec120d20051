"""Retrieval that fits the question (mode "auto", the default): the k-hop neighbourhood when it fits the caps, and
otherwise, hop by hop, only the relationships whose relation or neighbour type the question names.

k-hop retrieval cuts a neighbourhood that exceeds `max_nodes` / `max_relationships` by relationship id, i.e.
arbitrarily: on 3-hop MetaQA questions it hit the 200-node cap in every question and lost the answer in most
(benchmarks/README.md). Here each hop is read as k-hop reads it (`cypher/expand.cypher`) and kept whole when it
fits. When it does not, the hop's fan-out is counted by group (`cypher/expand_groups.cypher`: frontier entity,
relation, direction, neighbour type) and only the groups the question asks about are expanded
(`cypher/expand_chosen.cypher`): those whose relation or neighbour type shares a word with the question
(`xgrag.retrieval.words`, outside the words that name or type the seeds: "what genres are the films starred by
Step Up actors" expands STARRED_ACTORS and HAS_GENRE). Relation types are taken cheapest first (the fewest
relationships in all), each group whole; a group that does not fit the room left is skipped (a hub: "Drama"'s
10,000 films), unless it is the hop's only candidate, which is then cut like k-hop. A hop with nothing the
question names is not expanded (the first hop excepted: it is cut like k-hop, so a question always gets its
seeds' neighbours). Before a first hop that does not fit, the relationships between the question's entities are
read (`cypher/expand_between.cypher`): a hub's cut must not lose what links two entities the question names.
Before a later hop that does not fit, the relationships of its bridges (entities linked to two of the question's
entities) are read whole: what two named entities share holds what the question asks of them (`_from_bridges`).

The subgraph records what happened: `mode` "khop" (everything fitted) or "focused", and `reason` (why, what was
expanded, what was left out). Every query takes the same transient perturbation filter as the other modes; reads
only; deterministic (stable orders everywhere).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from xgrag.config import RetrievalSettings
from xgrag.model import Subgraph, key_text
from xgrag.model.graph import BRIDGES_AT_MOST
from xgrag.retrieval.linking import node_from_map
from xgrag.retrieval.rows import REL_ROW_LEN, node_row, rel_row
from xgrag.retrieval.words import content_stems, stated_stems, stem
from xgrag.store.neo4j import Neo4jStore


class Retriever(Protocol):
    """What mode "auto" reads of the retriever that runs it (xgrag.retrieval.retriever.Retriever), named here so
    this module does not import the retriever that imports it (as xgrag.retrieval.pcst.Retriever)."""

    store: Neo4jStore
    settings: RetrievalSettings

    def with_aliases(self, sub: Subgraph, ids: list[str], excluded: set[str]) -> list[str]: ...

    def fill_provenance(self, sub: Subgraph) -> None: ...


@dataclass(frozen=True)
class Group:
    """The relationships one hop would add from one frontier entity over one relation, direction and type."""

    node: str
    relation: str
    outgoing: bool
    type: str | None
    size: int

    @property
    def kind(self) -> tuple[str, str]:
        """The relation type a group belongs to, as the question sees it (direction does not matter)."""
        return (self.relation, self.type or "")


def stems_of(group: Group) -> set[str]:
    """The words a group's relation and neighbour type state, as stems."""
    return content_stems(key_text(group.relation)) | (content_stems(key_text(group.type)) if group.type else set())


def question_words(question: str, seeds: Sequence[tuple[str, str | None]], groups: Sequence[Group] = ()
                   ) -> set[str]:
    """The question's words that may name a relation or a type (compounds read against the groups' words:
    "screenwriter" -> written_by): outside its seeds' names and types ("the supplier Exotic Liquids": "supplier"
    says which entity, not what is asked about it)."""
    own: set[str] = set()
    for name, typ in seeds:
        own |= content_stems(name)
        if typ:
            own |= content_stems(key_text(typ))
    vocabulary = {st for g in groups for st in stems_of(g)}
    words = stated_stems(question, vocabulary) - own
    # "after" and "before" say a sequence relation (NEXT, PREVIOUS, FOLLOWED_BY, PRECEDES...), words the question
    # need not type: "which story came after the one X appears in" asks the NEXT of X's story (doctor-who, spent:
    # the hop past X's story did not fit and expanded no NEXT, the answer was out of the context)
    if _SEQUENCE_ASKED.search(question.lower()):
        words |= {st for st in vocabulary if st in _SEQUENCE_STEMS}
    return words


# What asks for a sequence's neighbour, and the stems of the relations that state one (the reader's
# `_sequence_read` reads their direction)
_SEQUENCE_ASKED = re.compile(r"\b(?:after|before|next|previous|follow(?:s|ed|ing)?|preced(?:es|ed|ing)"
                             r"|succeed(?:s|ed)?)\b")
_SEQUENCE_STEMS = frozenset(stem(w) for w in ("next", "previous", "prev", "follow", "followed", "precede", "preceded",
                                               "succeeded", "succeed", "succeeds", "precedes", "follows"))


def named(group: Group, words: set[str]) -> set[str]:
    """The question words a group's relation or neighbour type states."""
    return stems_of(group) & words


@dataclass
class Choice:
    groups: list[Group]  # in expansion order
    kinds: list[tuple[str, str]]  # the relation types expanded, in order
    skipped: int = 0  # groups the question names that did not fit
    skipped_relationships: int = 0
    cut: bool = False  # the hop's only candidate group was cut to the room


def choose(groups: Sequence[Group], words: set[str], room: int, may_cut: bool = True) -> Choice:
    """The groups of one hop to expand within `room` relationships: those the question names, relation types in
    order of how many of its words they state (most first), then of their total size (cheapest first, then by
    name), each type's groups smallest first; a group that does not fit is skipped, unless nothing else is named
    and `may_cut`, when the smallest is taken and cut to the room."""
    relevant = [g for g in groups if named(g, words)]
    totals: dict[tuple[str, str], int] = {}
    says: dict[tuple[str, str], int] = {}
    for g in relevant:
        totals[g.kind] = totals.get(g.kind, 0) + g.size
        says[g.kind] = len(named(g, words))
    # a type that states more of the question's words first ("Norway's public vote ... in 2019": VOTES_2019 before
    # the other years' VOTES), then the cheapest
    order = sorted(totals, key=lambda k: (-says[k], totals[k], k))
    rank = {k: i for i, k in enumerate(order)}
    chosen: list[Group] = []
    skipped, skipped_rels, left = 0, 0, room
    for g in sorted(relevant, key=lambda g: (rank[g.kind], g.size, g.node, g.outgoing)):
        if g.size <= left:
            chosen.append(g)
            left -= g.size
        else:
            skipped += 1
            skipped_rels += g.size
    if not chosen and relevant and may_cut:
        smallest = min(relevant, key=lambda g: (g.size, rank[g.kind], g.node, g.outgoing))
        return Choice([smallest], [smallest.kind], skipped - 1, skipped_rels - smallest.size, cut=True)
    kinds = list(dict.fromkeys(g.kind for g in chosen))
    return Choice(chosen, kinds, skipped, skipped_rels)


def functional(groups: Sequence[Group], room: int) -> list[Group]:
    """Where a later hop is too large, the question names none of its relations and one entity: the groups of one
    relationship (an entity's only relation of a kind and direction: a route's operator, a film's one director),
    those of the frontier entities with the fewest relationships first, at most `room`. A chain the question asks
    along without naming it ("which company runs train 1533": the train's route, the route's agency) runs through
    such relations; a hub's fan-out (a station's hundreds of trains) is what does not fit."""
    sizes: dict[str, int] = {}
    for g in groups:
        sizes[g.node] = sizes.get(g.node, 0) + g.size
    ones = sorted((g for g in groups if g.size == 1),
                  key=lambda g: (sizes[g.node], g.node, g.relation, g.outgoing, g.type or ""))
    return ones[:max(room, 0)]


def _kind_text(kind: tuple[str, str]) -> str:
    relation, typ = kind
    return f"{relation} ({typ})" if typ else relation


def _between_seeds(store: Neo4jStore, sub: Subgraph, frontier: Sequence[str], ex_nodes: Sequence[str],
                   ex_rels: Sequence[str], room: int, notes: list[str]) -> int:
    """Adds the relationships between the question's entities (`cypher/expand_between.cypher`) before a first hop
    that does not fit is chosen from: what links two named entities is what a question naming both asks about,
    and a hub's fan-out cut by id or by relation words may leave it out. Returns how many were added."""
    rows = store.read_plain("expand_between", frontier=sorted(frontier), targets=sorted(sub.seeds),
                            excluded_node_ids=ex_nodes, excluded_rel_ids=ex_rels, limit=room)[0]["rows"]
    added = 0
    for row in rows:
        rel = rel_row(row)
        if rel.id not in sub.relationships and rel.source in sub.nodes and rel.target in sub.nodes:
            sub.add_relationship(rel)
            added += 1
    if added:
        notes.append(f"hop 1: the {added:,} relationship(s) between the question's entities read first")
    return added


# More entities than this linked to the same two of the question's entities: they are what those two have in
# common, not the one thing the question asks about (a recommendation of Docker on the Jan 2015 radar is one);
# defined with Subgraph.bridges, which the property facts' ranking reads too.
MAX_BRIDGES = BRIDGES_AT_MOST


def _add_rows(sub: Subgraph, rows: Sequence[Sequence[object]], take: int, max_nodes: int) -> tuple[int, list[str]]:
    """Adds the first `take` of `cypher/expand.cypher`'s rows (relationship and far node) to `sub`, no node past
    `max_nodes` (`sub` is then truncated, as it is when rows were left over). Returns the relationships added and
    the entities they added (the next hop's frontier)."""
    added, new = 0, list[str]()
    for row in rows[:take]:
        rel, node = rel_row(row), node_row(row[REL_ROW_LEN:])
        if rel.id in sub.relationships:
            continue
        if node.id not in sub.nodes:
            if len(sub.nodes) >= max_nodes:
                sub.truncated = True
                continue
            sub.add_node(node)
            new.append(node.id)
        sub.add_relationship(rel)
        added += 1
    if len(rows) > take:
        sub.truncated = True
    return added, new


def _groups(store: Neo4jStore, frontier: Sequence[str], ex_nodes: Sequence[str], ex_rels: Sequence[str]
            ) -> list[Group]:
    """The fan-out of a hop from `frontier`, by group (`cypher/expand_groups.cypher`), the perturbation applied."""
    rows = store.read_plain("expand_groups", frontier=list(frontier), excluded_node_ids=list(ex_nodes),
                            excluded_rel_ids=list(ex_rels))[0]["groups"]
    return [Group(str(g[0]), str(g[1]), bool(g[2]), None if g[3] is None else str(g[3]), int(g[4])) for g in rows]


def _from_bridges(store: Neo4jStore, sub: Subgraph, frontier: Sequence[str], ex_nodes: Sequence[str],
                  ex_rels: Sequence[str], room: int, max_nodes: int, hop: int,
                  notes: list[str]) -> tuple[int, list[str]]:
    """Before a later hop that does not fit is chosen from, the relationships of its bridges: frontier entities
    linked to two or more of the question's entities. Such an entity is what the question's entities share (a
    recommendation of Docker on the Jan 2015 radar, a goal in a match), and the question asks what else it holds
    (its ring, its scorer), a relation the question need not name. Read like a hop (`cypher/expand.cypher`),
    whole or cut to the room left. Returns the relationships added and the entities they added."""
    linking = sub.bridges()
    bridges = sorted(n for n in frontier if n in linking)
    if len(bridges) > MAX_BRIDGES:  # ... unless a few of them link more of the question's entities than the rest
        closer = sub.closest_bridges(MAX_BRIDGES)
        bridges = sorted(n for n in frontier if n in closer) or bridges
    if len(bridges) > MAX_BRIDGES:  # two diseases related to a dozen alike: none is the one the question means
        notes.append(f"hop {hop}: {len(bridges):,} entities linked to two of the question's entities, none read "
                     f"first (more than {MAX_BRIDGES})")
        return 0, []
    if not bridges or room <= 0:
        return 0, []
    # its groups smallest first (relation, direction, neighbour type): what it holds once (the aisle's department)
    # before its fan-out, the many others of the named ones' kind tied to it as they are (the aisle's 200 other
    # products; instacart-products, spent: read by id, they filled the room and the department was left out)
    groups = sorted(_groups(store, bridges, ex_nodes, ex_rels),
                    key=lambda g: (g.size, g.node, g.relation, g.outgoing, g.type or ""))
    rows = store.read_plain("expand_chosen", groups=[[g.node, g.relation, g.outgoing, g.type] for g in groups],
                            excluded_node_ids=list(ex_nodes), excluded_rel_ids=list(ex_rels),
                            limit=room + 1)[0]["rows"]
    added, new = _add_rows(sub, rows, room, max_nodes)
    if added:
        notes.append(f"hop {hop}: the {added:,} relationship(s) of {len(bridges):,} entit"
                     f"{'y' if len(bridges) == 1 else 'ies'} linked to two of the question's entities read first")
    return added, new


def focused(retriever: Retriever, question: str, seeds: Sequence[str], hops: int, ex_nodes: Sequence[str],
            ex_rels: Sequence[str]) -> Subgraph:
    """Mode "auto": k-hop while each hop fits the caps, the question's relation types where one does not (see the
    module docstring). Run inside the caller's read transaction."""
    cfg, store = retriever.settings, retriever.store
    ex_nodes, ex_rels = sorted(set(ex_nodes)), sorted(set(ex_rels))
    sub = Subgraph(mode="khop")
    for row in store.read_plain("nodes_by_id", ids=sorted(set(seeds)), excluded_node_ids=ex_nodes):
        sub.add_node(node_from_map(row["node"]))
    sub.seeds = [s for s in dict.fromkeys(seeds) if s in sub.nodes]
    seeds_named = [(sub.nodes[s].name, sub.nodes[s].type) for s in sub.seeds]
    notes: list[str] = []
    frontier = retriever.with_aliases(sub, list(sub.seeds), set(ex_nodes))
    deferred: list[Sequence[object]] = []  # a cut first hop's rows past its share (added after the last hop)
    for hop in range(1, hops + 1):
        if not frontier:
            break
        room = cfg.max_relationships - len(sub.relationships)
        node_room = cfg.max_nodes - len(sub.nodes)
        if room <= 0 or node_room <= 0:
            sub.truncated = True
            notes.append(f"hop {hop}: no room left under the caps")
            break
        rows = store.read_plain("expand", frontier=sorted(frontier), excluded_node_ids=ex_nodes,
                                excluded_rel_ids=ex_rels, limit=room + 1)[0]["rows"]
        take = room
        bridged: list[str] = []  # entities a bridge's relationships added: the next hop's frontier too
        new_nodes = {str(node_row(row[REL_ROW_LEN:]).id) for row in rows} - set(sub.nodes)
        if len(rows) > room or len(new_nodes) > node_room:
            if hop == 1 and len(sub.seeds) > 1:
                room -= _between_seeds(store, sub, frontier, ex_nodes, ex_rels, room, notes)
            elif hop > 1 and len(sub.seeds) > 1:
                added, bridged = _from_bridges(store, sub, frontier, ex_nodes, ex_rels, room, cfg.max_nodes, hop,
                                               notes)
                room -= added
            groups = _groups(store, sorted(frontier), ex_nodes, ex_rels)
            total = sum(g.size for g in groups)
            words = question_words(question, seeds_named, groups)
            # the room is shared with the hops still to come; a hub's group is cut to fit only where nothing
            # follows it or nothing precedes it (the first hop: the seeds' own neighbours)
            budget = room // (hops - hop + 1)
            choice = choose(groups, words, budget, may_cut=hop in (1, hops))
            sub.mode = "focused"
            if not choice.groups and hop > 1:
                # (from one named entity only: with two or more, what they share was read first (bridges), and the
                # rest of the hop is not what is asked: "the Kim Novak film of 1958" reads no other film's director)
                single = functional(groups, budget) if len(sub.seeds) == 1 else []
                if not single:
                    notes.append(f"hop {hop}: not expanded: its {total:,} relationships exceed the room left "
                                 f"({room:,}) and the question names none of their relations or types")
                    break
                notes.append(f"hop {hop}: its {total:,} relationships exceed the room left ({room:,}) and the "
                             f"question names none of their relations or types: the {len(single):,} that are "
                             "their entity's only one of a relation read, those of the entities with the fewest "
                             "first")
                rows = store.read_plain("expand_chosen", groups=[[g.node, g.relation, g.outgoing, g.type]
                                                                 for g in single],
                                        excluded_node_ids=ex_nodes, excluded_rel_ids=ex_rels,
                                        limit=len(single) + 1)[0]["rows"]
                take = len(single)
                sub.truncated = True
            elif choice.groups:
                params = [[g.node, g.relation, g.outgoing, g.type] for g in choice.groups]
                take = budget if choice.cut else room
                rows = store.read_plain("expand_chosen", groups=params, excluded_node_ids=ex_nodes,
                                        excluded_rel_ids=ex_rels, limit=take + 1)[0]["rows"]
                left_out = total - sum(g.size for g in choice.groups)
                notes.append(f"hop {hop}: {total:,} relationships exceed the room left ({room:,}; this hop's share "
                             f"{budget:,}): expanded "
                             f"{', '.join(_kind_text(k) for k in choice.kinds)} (named by the question), "
                             f"{left_out:,} relationships left out"
                             + (f", {choice.skipped} named group(s) too large" if choice.skipped else "")
                             + ("; cut to the room left" if choice.cut else ""))
                sub.truncated = sub.truncated or choice.skipped > 0 or choice.cut
            else:  # the first hop and nothing named: cut, so the seeds keep neighbours
                # ... the seeds with the fewest first, whole (the match a question names by its day beside its two
                # teams, hubs of hundreds of matches: the teams' first relationships by id left out the match's
                # venue); then each seed's groups smallest first, the largest cut (a year's one Olympic Games
                # beside the GDPs of 200 countries that year: by id, the Games were left out)
                sizes: dict[str, int] = {}
                for g in groups:
                    sizes[g.node] = sizes.get(g.node, 0) + g.size
                whole, used = [], 0
                for node in sorted(sizes, key=lambda n: (sizes[n], n)):
                    if used + sizes[node] > min(room, node_room):  # each relationship may bring a node
                        break
                    whole.append(node)
                    used += sizes[node]
                first = {n: i for i, n in enumerate(whole)}
                ordered = sorted(groups, key=lambda g: (first.get(g.node, len(first)), g.size, g.node, g.relation,
                                                        g.outgoing, g.type or ""))
                rows = store.read_plain("expand_chosen", groups=[[g.node, g.relation, g.outgoing, g.type]
                                                                 for g in ordered],
                                        excluded_node_ids=ex_nodes, excluded_rel_ids=ex_rels,
                                        limit=room + 1)[0]["rows"]
                # more hops follow: this one keeps its share of the room, so the next can read what its smallest
                # groups reached (the Games' city); what it left is added after the last hop, within the room
                # the later hops left (`deferred`)
                if hop < hops:  # its share of the nodes too: each relationship may bring one
                    take = min(budget, node_room // (hops - hop + 1), len(rows))
                    deferred = rows[take:]
                    rows = rows[:take]
                notes.append(f"hop {hop}: {total:,} relationships exceed the room left ({room:,}) and the question "
                             "names none of their relations or types: "
                             + (f"the {len(whole)} entities with the fewest whole, "
                                if whole and len(whole) < len(sizes) else "")
                             + "each entity's smallest groups first, the largest cut"
                             + (f"; this hop's share {take:,}, the rest added after the last hop"
                                if hop < hops else ""))
                sub.truncated = True
        _, new = _add_rows(sub, rows, take, cfg.max_nodes)
        frontier = retriever.with_aliases(sub, bridged + new, set(ex_nodes))
    if deferred:
        room = cfg.max_relationships - len(sub.relationships)
        added, _ = _add_rows(sub, deferred, max(room, 0), cfg.max_nodes)
        notes.append(f"after the last hop: {added:,} of the first hop's {len(deferred):,} relationships past its "
                     "share added")
    if sub.mode == "focused":
        sub.reason = "auto: " + "; ".join(notes)
    else:
        sub.reason = f"auto: the {hops}-hop neighbourhood fits the caps" + (f" ({'; '.join(notes)})" if notes else "")
    retriever.fill_provenance(sub)
    return sub
