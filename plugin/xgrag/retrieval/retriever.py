"""Retrieval in Cypher: bounded k-hop neighbourhoods, shortest paths (KGRAG-Ex) and PCST-merge (Ex-GraphRAG,
in xgrag.retrieval.pcst), from linked entities.

Every query takes `$excluded_node_ids` / `$excluded_rel_ids`: a Perturbation is applied by the very
retrieval that produced the unperturbed subgraph. Nothing here writes.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from xgrag.config import RetrievalSettings
from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.model import Node, Perturbation, PropertyFact, Subgraph, key_text
from xgrag.model.direction import read_stored
from xgrag.model.graph import BRIDGES_AT_MOST
from xgrag.model.provenance import FactProvenance, SourceEntry, fact_provenance
from xgrag.retrieval.linking import LinkedEntity, Linker, key_tokens, key_words, node_from_map, same_word
from xgrag.retrieval.mentions import linking_record
from xgrag.retrieval.modes import Mode, check_hops
from xgrag.retrieval.order import chosen, numbered, ordinal_asked, placed, placing_asked
from xgrag.retrieval.properties import asked_words, plain_value, property_relevance
from xgrag.retrieval.question import check_question
from xgrag.retrieval.rows import REL_ROW_LEN, node_row, rel_row
from xgrag.retrieval.words import (
    CJK_LETTER,
    NUMBER_WORDS,
    WEAK,
    clipped_from,
    content_stems,
    english_chinese,
    english_words,
    question_dates,
    question_language,
    question_months,
    question_numbers,
    stated_numbers,
    stem,
    value_dates,
)
from xgrag.store.neo4j import Neo4jStore
from xgrag.store.queries import q as quote

_F = TypeVar("_F", bound=Callable[..., Any])

# Words that say an identifier as a key's "id" does (`_state_asked_keys`): "what is the code of the Media Protection
# family" asks its `ID` "MP" (nist-controls, spent, answered a control of the family), as the reader reads "code"
# ("cod": "id" in the shared synonyms).
_ID_WORDS = frozenset(("identifier", "identifiers", "accession", "accessions", "code", "codes"))
# The fewest letters of a key's word clipped from a word of the question ("cod" of "code", "pop" of "population")
_CLIPPED_KEY = 3


def _one_read_transaction(fn: _F) -> _F:
    """All the queries of one retrieval step share one read transaction (see Neo4jStore.reading)."""

    @functools.wraps(fn)
    def wrapper(self: Retriever, *args: Any, **kwargs: Any) -> Any:
        with self.store.reading():
            return fn(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


class Retriever:
    """Question -> subgraph, through the named Cypher queries of a store (read transactions only)."""

    def __init__(self, store: Neo4jStore, settings: RetrievalSettings | None = None,
                 embedder: Embedder | None = None) -> None:
        self.store = store
        self.settings = settings or RetrievalSettings()
        self.embedder = embedder
        self.linker = Linker(store, self.settings, embedder)
        self._has_aliases: bool | None = None
        self._key_vectors: dict[str, Any] = {}  # embeddings of property keys, for property_relevance

    # -- linking ------------------------------------------------------------------------------

    @_one_read_transaction
    def link(self, question: str, excluded_node_ids: Iterable[str] = ()) -> list[LinkedEntity]:
        """The question's entities (see xgrag.retrieval.linking)."""
        return self.linker.link(question, excluded_node_ids)

    def entities_by_name(self, names: Iterable[str]) -> list[tuple[str, Node]]:
        """Entities whose name is exactly one of `names` (case-sensitive, index-backed), as (name, entity)."""
        return self.linker.entities_by_name(names)

    # -- perturbation filter --------------------------------------------------------------------

    def _aliases_exist(self) -> bool:
        if self._has_aliases is None:
            t = self.store.schema.alias_type
            rows = self.store.query(f"MATCH ()-[r:`{t}`]->() RETURN count(r) > 0 AS any")
            self._has_aliases = bool(rows[0]["any"])
        return self._has_aliases

    def alias_links(self, ids: Iterable[str]) -> list[tuple[Node, Node]]:
        ids = sorted(set(ids))
        if not ids or not self._aliases_exist():
            return []
        rows = self.store.read_plain("alias_links", ids=ids)
        return [(node_from_map(r["alias"]), node_from_map(r["canonical"])) for r in rows]

    def expand_exclusions(self, perturbation: Perturbation) -> tuple[list[str], list[str]]:
        """Excluding a canonical entity excludes its persisted aliases too."""
        nodes = set(perturbation.excluded_node_ids)
        for alias, canonical in self.alias_links(nodes):
            if canonical.id in nodes:
                nodes.add(alias.id)
        return sorted(nodes), sorted(perturbation.excluded_rel_ids)

    # -- retrieval --------------------------------------------------------------------------------

    @_one_read_transaction
    def retrieve(self, question: str, mode: Mode = "auto", hops: int | None = None,
                 perturbation: Perturbation | None = None,
                 seeds: Sequence[str] | None = None) -> Subgraph:
        if seeds is None or mode == "pcst":  # given seeds need no question, except to rank PCST's prizes
            question = check_question(question)
        perturbation = perturbation or Perturbation()
        ex_nodes, ex_rels = self.expand_exclusions(perturbation)
        given = seeds is not None
        linked: list[LinkedEntity] | None = None
        if seeds is None:
            linked = self.link(question, ex_nodes)
            seeds = [le.node.id for le in linked]
        else:
            seeds = [s for s in seeds if s not in set(ex_nodes)]
        if mode == "pcst":  # given seeds already hold the vector seeds of the unperturbed retrieval
            sub = self.pcst(question, seeds, hops, ex_nodes, ex_rels, vector_seeds=not given)
        elif mode == "paths":
            sub = self.paths(seeds, ex_nodes, ex_rels, hops)
        elif mode == "auto":
            from xgrag.retrieval.focus import focused

            hops = hops or self.settings.hops
            check_hops(hops)
            sub = focused(self, question, seeds, hops, ex_nodes, ex_rels)
        else:
            sub = self.khop(seeds, hops or self.settings.hops, ex_nodes, ex_rels)
        self.fill_properties(sub, question, perturbation.excluded_property_ids)
        if question:
            self._state_asked_keys(sub, question, perturbation.excluded_property_ids)
        if linked is not None:  # what the question's names matched, for the explanation (given seeds: none linked)
            self._state_linked_keys(sub, linked, perturbation.excluded_property_ids)
            sub.linking = linking_record(question, linked, bool(sub.seeds))
        return sub

    # -- property facts ---------------------------------------------------------------------------

    @staticmethod
    def _state_linked_keys(sub: Subgraph, linked: Sequence[LinkedEntity], excluded: Iterable[str]) -> None:
        """The key a seed was named by ("truck 1421412P"), as a fact of the seed when no mapped fact states it: the
        context says which entity the question meant, and an explanation can remove it like any fact."""
        gone = set(excluded)
        for le in linked:
            if le.stated is None or le.node.id not in sub.nodes:
                continue
            fact = PropertyFact(le.node.id, le.stated[0], le.stated[1])
            if fact.id not in gone and fact.id not in sub.properties:
                sub.add_property(fact)

    def _state_asked_keys(self, sub: Subgraph, question: str, excluded: Iterable[str]) -> None:
        """The key of the question's entities and of their neighbours, as a fact, when the question says the key's
        words ("What is Damian Grzanka's user id?", "the id of the accepted answer to X"): a key identifies a node
        and is no fact of a mapping, but a question that names it asks for its value. Keys that are names or facts
        already are stated as such. So are the mapping's `identifiers` (properties named as identifiers, no facts:
        "what is the gazette id of X"), and its `aliases` when the question asks for another name by their key's
        words or a synonym ("what nickname is X known by"). (The procedures' xgrag.subgraph does not add them.)"""
        schema = self.store.schema
        if not schema.general or not sub.seeds:
            return
        # (a Chinese question says a key's words in Chinese: "公司全称" its `fullname`; china-industry-chain, spent)
        # (... and a German, Nordic, Spanish or Korean question its words in English beside them: "Unter welcher
        # Nummer ist X verzeichnet" asks a Werk's `eid`, "nummer" an id; kollatz-prints, spent, answered its author)
        words = key_tokens(english_chinese(question) if CJK_LETTER.search(question)
                           else english_words(question, question_language(question)))
        seeds = set(sub.seeds)
        near = sorted(seeds | {r.target for r in sub.relationships.values() if r.source in seeds}
                      | {r.source for r in sub.relationships.values() if r.target in seeds})
        gone = set(excluded)
        asked = content_stems(question)
        # "what product number does Banana have": a number said after a label's noun is that label's id
        # (instacart-products, spent: a product's and an aisle's `id` were never stated, and a neighbour answered)
        typed = re.findall(r"[a-z]+", question.lower())
        number_of = {stem(a) for a, b in zip(typed, typed[1:], strict=False) if b in NUMBER_WORDS}
        for m in schema.entity_mappings():
            label_words = key_tokens(key_text(m.label))
            label_numbered = bool(label_words) and stem(label_words[-1]) in number_of
            # (and the other names a node goes by, `aliases`, when the question asks for one by the key's words or
            # their synonyms: "what nickname is X known by" asks `aliases`)
            other_names = [a for a in m.aliases if (stems := content_stems(key_text(a))) and stems <= asked]
            for key in dict.fromkeys([*([m.key] if m.key else []), *m.identifiers, *other_names]):
                if key in m.name or key in m.facts:
                    continue
                said = key_tokens(key_text(key))
                # (a key that says its own label's name needs only its other words said: "the TMDB id of X" asks a
                # Movie's `movie_id`; tmdb-films, spent, answered the release date)
                said = tuple(k for k in said if not any(same_word(k, w) for w in label_words)) or said
                # each of the key's words is one of the question's, or ends with one ("uuid": an id); an id is said
                # as an identifier or an accession too ("the UniProt accession of X": its `UniprotID`; t2d-net, spent);
                # a key's word clipped from one of the question's says it ("cod": "código", "code"; portugal-venues,
                # spent, answered a facility's id for "o código oficial do concelho de Alcobaça")
                if key not in other_names and (not said or not all(
                        any(same_word(k, w) or (len(w) >= 2 and w not in WEAK and k.endswith(w))
                            or (k == "id" and w in _ID_WORDS) or clipped_from(k, w, _CLIPPED_KEY)
                            for w in words)
                        for k in said)) and not (label_numbered and tuple(said) == ("id",)):
                    continue
                # identifiers from the validated mapping; the ids and the key's name are parameters
                rows = self.store.query(f"MATCH (n:{quote(m.label)}) WHERE elementId(n) IN $ids "
                                        "RETURN elementId(n) AS id, n[$key] AS value", {"ids": near, "key": key})
                for row in rows:
                    if row["value"] is None:
                        continue
                    fact = PropertyFact(str(row["id"]), key, plain_value(row["value"]))
                    if fact.id not in gone and fact.id not in sub.properties:
                        sub.add_property(fact)

    @_one_read_transaction
    def fill_properties(self, sub: Subgraph, question: str = "", excluded: Iterable[str] = ()) -> None:
        """The facts stored in properties of `sub`'s nodes and relationships (a general mapping's fact
        properties), in place, minus `excluded` ("<element id>#<key>": the transient filter of a property
        perturbation). Over `settings.max_property_facts`, the seeds' own facts are kept first, then those whose
        key is closest to the question (`property_relevance`); the rest are counted in `properties_omitted`."""
        schema = self.store.schema
        if not schema.has_property_facts:
            return
        ex = sorted(set(excluded))
        found: list[PropertyFact] = []
        if schema.node_facts() and sub.nodes:
            rows = self.store.read_plain("node_facts", ids=sorted(sub.nodes), excluded_property_ids=ex)
            found += [PropertyFact(str(r["owner"]), str(r["key"]), plain_value(r["value"])) for r in rows]
        if schema.relationship_facts() and sub.relationships:
            rows = self.store.read_plain("rel_facts", ids=sorted(sub.relationships), excluded_property_ids=ex)
            found += [PropertyFact(str(r["owner"]), str(r["key"]), plain_value(r["value"]), "relationship")
                      for r in rows]
        cap = self.settings.max_property_facts
        if len(found) > cap:
            found = self._most_relevant(sub, question, found, cap)
        for fact in found:
            sub.add_property(fact)

    def _most_relevant(self, sub: Subgraph, question: str, facts: list[PropertyFact], cap: int
                       ) -> list[PropertyFact]:
        """All of `facts`, most relevant first: those stating a day or month the question names, or a lone number it
        names on a seed's relationship, or of the neighbour it picks by an ordinal or numbers (`_picked_member`), or a
        short value of a seed's relationship that the question says (a side, a role), or of the participant whose tie
        to a seed stores the place the question asks who took, and of that tie ("who won X": `_placed_members`),
        the seeds' own (a seed's, or a relationship's between two seeds: "how many units of Queso Cabrales did order
        10248 contain"; an entity's next to two seeds, and its relationships to them: "since when has the MP for X
        been in party Y"), then a seed's neighbour's of a type the question names,
        then by `property_relevance` of the key to the question, then a seed's neighbour's and a seed's
        relationships' before the others', then in canonical order (stable: a perturbation never reorders what it did
        not touch). The procedures (PropertyFacts.java) count the seeds' own and their neighbours alike and rank by
        them and the key's words only (no day, number, ordinal, place or said value)."""
        seeds = set(sub.seeds)
        between = {rid for rid, r in sub.relationships.items() if r.source in seeds and r.target in seeds}
        joining = set(between)  # a relationship between two seeds itself
        # an entity next to two of the seeds links them ("the MP for Ross, Skye and Lochaber" and "the Scottish
        # National Party": Ian Blackford): its facts and those of its relationships to the seeds are the
        # question's own too (when he joined the party), not one of a hub's many alike (every other member's)
        # (what the seeds share, none in particular, is none: every country both voted for; but where a few of them
        # link more of the seeds than the rest, those: the bout of the two wrestlers in the tournament named)
        linking = sub.closest_bridges(BRIDGES_AT_MOST)
        between |= {rid for rid, r in sub.relationships.items()
                    if (r.source in seeds and r.target in linking) or (r.target in seeds and r.source in linking)}
        between |= linking
        of_seed = {rid for rid, r in sub.relationships.items() if r.source in seeds or r.target in seeds}
        near = of_seed | {end for rid in of_seed for end in (sub.relationships[rid].source,
                                                              sub.relationships[rid].target)}
        own_types = sorted({sub.nodes[s].type or "" for s in seeds if s in sub.nodes} - {""})
        # a seed's neighbour of a type the question names is the question's too ("what kind of place did X visit on
        # May 4": the type of the place X visited, among every other person's address; "the orders of Chai"): its
        # facts come after the seeds' own (the words of the seeds' own types aside; the procedures count alike)
        asked = asked_words(question, own_types)
        typed = {n for rid in of_seed for n in (sub.relationships[rid].source, sub.relationships[rid].target)
                 if n not in seeds and n in sub.nodes and sub.nodes[n].type
                 and any(same_word(t, w) for t in key_words(sub.nodes[n].type or "") for w in asked)}
        # ... and the seeds' relationships to them ("what quantity of Chai did each order hold": ORDERS' quantity)
        typed |= {rid for rid in of_seed if {sub.relationships[rid].source, sub.relationships[rid].target} & typed}
        relevance = property_relevance(question, sorted({f.key for f in facts}), self.embedder, self._key_vectors,
                                       own_types)
        days, months = question_dates(question), question_months(question)
        # a seed's own numbers ("order 10248") say which entity, not which of its facts
        numbers = question_numbers(question) - {n for s in seeds if s in sub.nodes
                                                for n in stated_numbers(sub.nodes[s].name)}
        # a number in a relationship's type ("VOTES_2019": "how many points did Norway give Sweden in 2019")
        type_numbers = {rid: stated_numbers(key_text(sub.relationships[rid].label)) for rid in of_seed} \
            if numbers else {}

        picked = self._picked_member(sub, question, facts, typed)
        # the participant the question asks by its place in the event it names ("who won X": the tie to X storing
        # position 1): that tie's facts and the participant's own first (xgrag.retrieval.order.placed)
        winners = self._placed_members(sub, question, facts, of_seed, seeds)
        # a short word the question says that a seed's relationship stores says which of the seed's relationships is
        # asked ("who played black in game 1": the playsIn {color: 'black'} of game 1, among the 1,755 property
        # facts of the games around it; a role, a side, a kind of tie)
        q_stems = content_stems(question)

        def said(f: PropertyFact) -> bool:
            if f.owner_kind != "relationship" or f.owner not in of_seed or not isinstance(f.value, str) \
                    or len(f.text.split()) > 3:
                return False
            stems = content_stems(f.text)
            return bool(stems) and stems <= q_stems

        def rank(f: PropertyFact) -> tuple[bool, int, float, bool, str]:
            # a value on a day the question names first ("which place did X visit on April 25, 2020": that visit's
            # start, among the dozens of X's visits), or of a number it names of a seed's relationship ("who got
            # Ireland's 12 points in 1998": the votes of 1998, of total 12), then the seeds' own
            on = value_dates(f.text) if days or months else set()
            named = bool(on & days) or bool({(y, m) for y, m, _ in on} & months) or (
                f.owner in of_seed and bool(numbers & (stated_numbers(f.text) | type_numbers.get(f.owner, set())))
            ) or f.owner == picked or said(f) or f.owner in winners or f.owner in joining
            # (a relationship between two seeds is named as much as a value it holds: "how much did Canada export
            # to the United States", whose "exports" every trade of both countries says; factbook-trade, spent:
            # the amount of the one between them was cut)
            # of facts under one key (every venue's city), a seed's neighbour's and its relationships' first: the
            # city of the venue the named match was played in, not of the venues of the other matches around
            return (not named, 0 if f.owner in seeds or f.owner in between else 1 if f.owner in typed else 2,
                    -relevance.get(f.key, 0.0), f.owner not in near, f.id)

        ordered = sorted(facts, key=rank)
        sub.properties_omitted += max(0, len(ordered) - cap)
        return ordered[:cap]

    @staticmethod
    def _placed_members(sub: Subgraph, question: str, facts: Sequence[PropertyFact], of_seed: set[str],
                        seeds: set[str]) -> set[str]:
        """The seeds' neighbours whose tie to a seed stores the place the question asks who took ("who won the 2012
        Brazilian Grand Prix": the driver whose PARTICIPATED_IN says position 1), with those ties: their facts are
        the question's, before the cap (the race's 24 drivers hold 400 tie facts)."""
        place = placing_asked(question)
        if place is None:
            return set()
        ties: dict[str, list[tuple[str, object]]] = {}
        tie_of: dict[str, set[str]] = {}
        for f in facts:
            rel = sub.relationships.get(f.owner) if f.owner_kind == "relationship" and f.owner in of_seed else None
            if rel is None or (rel.source in seeds) == (rel.target in seeds):
                continue  # not a tie between a seed and another entity
            other = rel.target if rel.source in seeds else rel.source
            ties.setdefault(other, []).append((f.key, f.value))
            tie_of.setdefault(other, set()).add(rel.id)
        winners = placed(ties, place)
        return set(winners) | {rid for w in winners for rid in tie_of[w]}

    @staticmethod
    def _picked_member(sub: Subgraph, question: str, facts: Sequence[PropertyFact], typed: set[str]) -> str | None:
        """The seed's neighbour of the kind the question names that it picks by an ordinal ("the first episode")
        or by numbers ("season 1 episode 1"), read off the neighbours' own facts (xgrag.retrieval.order): its facts
        are the question's, before the cap (a series' 60 episodes hold 120 numbers; the first episode's season
        number was among those cut)."""
        ordinal, pairs = ordinal_asked(question), numbered(question)
        if ordinal is None and not pairs:
            return None
        by_kind: dict[str, dict[str, dict[str, object]]] = {}
        for f in facts:
            node = sub.nodes.get(f.owner)
            if f.owner in typed and node is not None and node.type:
                by_kind.setdefault(node.type, {}).setdefault(f.owner, {})[f.key] = f.value
        return next(iter(chosen(by_kind, ordinal, pairs)), None)

    @_one_read_transaction
    def khop(self, seeds: Sequence[str], hops: int, excluded_node_ids: Sequence[str] = (),
             excluded_rel_ids: Sequence[str] = ()) -> Subgraph:
        cfg = self.settings
        if not 1 <= hops <= 4:
            raise UsageError(f"hops must be within 1..4, got {hops}")
        ex_nodes, ex_rels = sorted(set(excluded_node_ids)), sorted(set(excluded_rel_ids))
        sub = Subgraph(mode="khop")
        for row in self.store.read_plain("nodes_by_id", ids=sorted(set(seeds)), excluded_node_ids=ex_nodes):
            sub.add_node(node_from_map(row["node"]))
        sub.seeds = [s for s in dict.fromkeys(seeds) if s in sub.nodes]
        frontier = self.with_aliases(sub, list(sub.seeds), set(ex_nodes))
        for _ in range(hops):
            if not frontier:
                break
            room = cfg.max_relationships - len(sub.relationships)
            if room <= 0:
                sub.truncated = True
                break
            rows = self.store.read_plain("expand", frontier=sorted(frontier), excluded_node_ids=ex_nodes,
                                         excluded_rel_ids=ex_rels, limit=room + 1)[0]["rows"]
            if len(rows) > room:
                sub.truncated = True
                rows = rows[:room]
            new: list[str] = []
            for row in rows:
                rel, node = rel_row(row), node_row(row[REL_ROW_LEN:])
                if rel.id in sub.relationships:
                    continue
                if node.id not in sub.nodes:
                    if len(sub.nodes) >= cfg.max_nodes:
                        sub.truncated = True
                        continue
                    sub.add_node(node)
                    new.append(node.id)
                sub.add_relationship(rel)
            frontier = self.with_aliases(sub, new, set(ex_nodes))
        self._fill_provenance(sub)
        return sub

    @_one_read_transaction
    def pcst(self, question: str, seeds: Sequence[str] = (), hops: int | None = None,
             excluded_node_ids: Sequence[str] = (), excluded_rel_ids: Sequence[str] = (),
             vector_seeds: bool = True) -> Subgraph:
        """Ex-GraphRAG's PCST-merge (single-hop for hops=1, else multi-hop; default settings.pcst_hops) from
        `seeds` plus, with `vector_seeds`, the entities whose name embeddings are nearest the question's.
        Needs the retriever's embedder and stored name embeddings (`xgrag embed`); see xgrag.retrieval.pcst."""
        from xgrag.retrieval.pcst import pcst_retrieve

        return pcst_retrieve(self, question, seeds, hops or self.settings.pcst_hops, excluded_node_ids,
                             excluded_rel_ids, add_vector_seeds=vector_seeds).subgraph

    def with_aliases(self, sub: Subgraph, ids: list[str], excluded: set[str]) -> list[str]:
        """Add persisted alias-cluster members of `ids` (retrieval follows ALIAS_OF); returns the new frontier."""
        out = list(ids)
        for alias, canonical in self.alias_links(ids):
            for node in (alias, canonical):
                if node.id in excluded:
                    continue
                if node.id not in sub.nodes and len(sub.nodes) < self.settings.max_nodes:
                    sub.add_node(node)
                    out.append(node.id)
            if alias.id in sub.nodes and canonical.id in sub.nodes:
                sub.alias_map[alias.id] = canonical.id
        return out

    @_one_read_transaction
    def paths(self, seeds: Sequence[str], excluded_node_ids: Sequence[str] = (),
              excluded_rel_ids: Sequence[str] = (), hops: int | None = None,
              pairs: Sequence[tuple[str, str]] | None = None) -> Subgraph:
        """Shortest paths between every pair of seed entities (or only the given `pairs` of seeds); k-hop
        when there is no path (KGRAG-Ex)."""
        cfg = self.settings
        ex_nodes, ex_rels = sorted(set(excluded_node_ids)), sorted(set(excluded_rel_ids))
        seeds = list(dict.fromkeys(seeds))
        sub = Subgraph(mode="paths")
        for row in self.store.read_plain("nodes_by_id", ids=sorted(set(seeds)), excluded_node_ids=ex_nodes):
            sub.add_node(node_from_map(row["node"]))
        sub.seeds = [s for s in seeds if s in sub.nodes]
        if pairs is None:
            todo = list(itertools.combinations(sorted(sub.seeds), 2))
        else:
            todo = sorted({(min(a, b), max(a, b)) for a, b in pairs if a != b and a in sub.nodes and b in sub.nodes})
        for a, b in itertools.islice(todo, cfg.max_pairs):
            rows = self.store.read_plain("shortest_paths", source_id=a, target_id=b, max_length=cfg.max_path_length,
                                   max_paths=cfg.max_paths, excluded_node_ids=ex_nodes, excluded_rel_ids=ex_rels)
            for row in rows:
                if len(sub.relationships) + len(row["rels"]) > cfg.max_relationships:
                    sub.truncated = True
                    break
                for n in row["nodes"]:
                    sub.add_node(node_row(n))
                rels = [rel_row(r) for r in row["rels"]]
                for rel in rels:
                    sub.add_relationship(rel)
                sub.paths.append([r.id for r in rels])
        if not sub.paths:
            reason = "fewer than two linked entities" if len(sub.seeds) < 2 else "no path between the entities"
            fallback = self.khop(sub.seeds, hops or cfg.hops, ex_nodes, ex_rels)
            fallback.mode, fallback.fallback = "khop", f"paths -> khop: {reason}"
            return fallback
        self._fill_provenance(sub)
        return sub

    def fill_provenance(self, sub: Subgraph) -> None:
        """Provenance of `sub`'s relationships from the graph's mention structure (presets whose provenance mode is
        "mentions"), in place; a subgraph built from ids elsewhere (e.g. a neo4j-graphrag retriever's) gets it too."""
        self._fill_provenance(sub)

    def _fill_provenance(self, sub: Subgraph) -> None:
        self._stored_provenance(sub)
        if self.store.schema.relationship_direction == "undirected-sorted":
            read_directions(sub)

    def _stored_provenance(self, sub: Subgraph) -> None:
        mapping = self.store.schema.provenance
        if mapping.mode == "relationship" and mapping.value_separator and sub.relationships:
            for rid, rel in list(sub.relationships.items()):
                sub.relationships[rid] = replace(rel, provenance=split_provenance(rel.provenance,
                                                                                  mapping.value_separator))
            return
        if mapping.mode != "mentions" or not sub.relationships:
            return
        pairs = [{"id": r.id, "source": r.source, "target": r.target} for r in sub.sorted_relationships()]
        found = {row["id"]: row["prov"] for row in self.store.read_plain("provenance_mentions", pairs=pairs)}
        for rid, prov in found.items():
            rel = sub.relationships[rid]
            clean = fact_provenance(prov)
            sub.relationships[rid] = replace(rel, provenance=clean)


def read_directions(sub: Subgraph) -> None:
    """In place: every relationship of `sub` without a reading gets the one its description states (a preset whose
    relationships are stored "undirected-sorted", LightRAG's). The stored source and target stay as they are.
    The Java procedures do the same (Retrieval.readDirections)."""
    for rid, rel in list(sub.relationships.items()):
        if rel.reading is None and rel.source in sub.nodes and rel.target in sub.nodes:
            sub.relationships[rid] = replace(rel, reading=read_stored(
                sub.nodes[rel.source].name, sub.nodes[rel.target].name, rel.description, rel.label))


def split_provenance(prov: FactProvenance, separator: str) -> FactProvenance:
    """Stored provenance whose properties hold several values joined by `separator` (LightRAG: the ids of every
    chunk a relationship was extracted from, `<SEP>`-joined; its file paths likewise): one entry in `documents`
    per chunk id, in stored order. A doc id or source is put on every entry when there is exactly one; several
    (not aligned with the chunk ids in the graph) are listed as `doc_ids` / `sources`. Stored, not inferred.
    The Java procedures do the same (Retrieval.splitProvenance)."""
    def values(key: str) -> list[str]:
        raw = prov.get(key)
        if raw is None:
            return []
        return list(dict.fromkeys(v.strip() for v in str(raw).split(separator) if v.strip()))

    split_keys = ("chunk_id", "doc_id", "source")
    out = fact_provenance({k: v for k, v in prov.items() if k not in split_keys})
    chunks, docs, sources = values("chunk_id"), values("doc_id"), values("source")
    common = SourceEntry()
    if len(docs) == 1:
        common["doc_id"] = docs[0]
    if len(sources) == 1:
        common["source"] = sources[0]
    entries = [SourceEntry(chunk_id=c, **common) for c in chunks] or ([common] if common else [])
    if entries:
        out["documents"] = entries
    if len(docs) > 1:
        out["doc_ids"] = docs
    if len(sources) > 1:
        out["sources"] = sources
    return out


def apply_in_memory(sub: Subgraph, perturbation: Perturbation) -> Subgraph:
    """The same perturbation applied to an already-retrieved subgraph (no re-retrieval).

    Equivalent to re-running retrieval only when exclusions do not open room under the size caps;
    tests compare both paths.
    """
    ex_nodes = set(perturbation.excluded_node_ids)
    out = Subgraph(seeds=[s for s in sub.seeds if s not in ex_nodes], truncated=sub.truncated, mode=sub.mode,
                   fallback=sub.fallback, reason=sub.reason)
    renames = dict(perturbation.renames)
    for nid, node in sub.nodes.items():
        if nid in ex_nodes:
            continue
        if nid in renames:
            node = Node(node.id, renames[nid], node.type, node.aliases, node.description)
        out.add_node(node)
    for rid, rel in sub.relationships.items():
        if rid in perturbation.excluded_rel_ids or rel.source in ex_nodes or rel.target in ex_nodes:
            continue
        out.add_relationship(rel)
    out.alias_map = {a: c for a, c in sub.alias_map.items() if a in out.nodes and c in out.nodes}
    out.paths = [[r for r in p if r in out.relationships] for p in sub.paths]
    out.properties_omitted = sub.properties_omitted
    for fid, fact in sub.properties.items():
        if fid in perturbation.excluded_property_ids:
            continue
        if fact.owner in out.nodes or fact.owner in out.relationships:  # a property goes with its element
            out.add_property(fact)
    return out
