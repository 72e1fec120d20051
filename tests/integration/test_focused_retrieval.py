"""Mode "auto" (the default) on the real embedded Neo4j: the k-hop neighbourhood when it fits the caps; where it
does not, the relation types the question names, cheapest first, a hub's group skipped; recorded in the subgraph;
the transient perturbation filter and determinism as in the other modes."""

from __future__ import annotations

from pathlib import Path

import pytest

from xgrag.config import RetrievalSettings
from xgrag.generate.extractive import ExtractiveReader
from xgrag.generate.prompt import render
from xgrag.model import Perturbation
from xgrag.retrieval.retriever import Retriever
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

QUESTION = "what genres are the films starred by Step Up actors"
CAPS = RetrievalSettings(max_relationships=40, max_nodes=40)


@pytest.fixture
def films(store: Neo4jStore, tmp_path: Path) -> Neo4jStore:
    """Step Up's actors made three other films; its genre, Drama, is a hub of 60 films that exceeds the caps."""
    rows = [("Step Up", "starred_actors", "Channing Tatum"), ("Step Up", "starred_actors", "Jenna Dewan"),
            ("Step Up", "has_genre", "Drama"), ("Step Up", "directed_by", "Anne Fletcher"),
            ("She's the Man", "starred_actors", "Channing Tatum"), ("Fighting", "starred_actors", "Channing Tatum"),
            ("The Grudge 2", "starred_actors", "Jenna Dewan"), ("She's the Man", "has_genre", "Comedy"),
            ("Fighting", "has_genre", "Action"), ("The Grudge 2", "has_genre", "Horror"),
            ("She's the Man", "directed_by", "Andy Fickman"), ("Fighting", "directed_by", "Dito Montiel")]
    rows += [(f"Drama Film {i:02d}", "has_genre", "Drama") for i in range(60)]
    _ingest(store, tmp_path / "films.tsv", rows)
    return store


def _ingest(store: Neo4jStore, path: Path, rows: list[tuple[str, str, str]]) -> None:
    """Writes (head, relation, tail) rows as a MetaQA TSV file and ingests it."""
    path.write_text("head\trelation\ttail\n" + "".join(f"{h}\t{r}\t{t}\n" for h, r, t in rows), encoding="utf-8")
    ingest_triples(store, path, "metaqa")


def _triples(sub: object) -> set[tuple[str, str, str]]:
    return set(sub.triples())  # type: ignore[attr-defined]


def test_auto_spends_the_caps_on_the_named_relations_where_k_hop_cuts_by_id(films: Neo4jStore) -> None:
    r = Retriever(films, CAPS)
    khop = r.retrieve(QUESTION, mode="khop", hops=3)
    auto = r.retrieve(QUESTION, hops=3)  # the default mode
    assert khop.truncated and khop.mode == "khop" and auto.mode == "focused"
    chain = {("She's the Man", "starred_actors", "Channing Tatum"), ("She's the Man", "has_genre", "Comedy"),
             ("Fighting", "starred_actors", "Channing Tatum"), ("Fighting", "has_genre", "Action"),
             ("The Grudge 2", "starred_actors", "Jenna Dewan"), ("The Grudge 2", "has_genre", "Horror")}
    assert chain <= _triples(auto)
    assert not chain <= _triples(khop)  # k-hop spent its caps on Drama's films
    assert not any(t[0].startswith("Drama Film") for t in _triples(auto))
    assert auto.reason is not None and "hop 2" in auto.reason and "starred_actors" in auto.reason
    assert "1 named group(s) too large" in auto.reason and auto.truncated  # the Drama hub was skipped
    # the reader chains the three facts
    ctx = render(QUESTION, auto)
    answer = ExtractiveReader(_Constant()).generate("", question=QUESTION, facts=ctx.facts)
    assert answer.text in ("Comedy.", "Action.", "Horror.")
    assert len(answer.evidence or []) == 3


def test_auto_is_k_hop_when_everything_fits_and_records_why(films: Neo4jStore) -> None:
    r = Retriever(films)
    auto, khop = r.retrieve("who directed Fighting", hops=2), r.retrieve("who directed Fighting", mode="khop", hops=2)
    assert auto.mode == "khop" and auto.reason == "auto: the 2-hop neighbourhood fits the caps"
    assert {k: v for k, v in auto.to_json().items() if k != "reason"} == \
        {k: v for k, v in khop.to_json().items() if k != "reason"}


def test_auto_takes_the_transient_filter_and_is_deterministic(films: Neo4jStore) -> None:
    r = Retriever(films, CAPS)
    before = films.checksum()
    a, b = r.retrieve(QUESTION, hops=3), r.retrieve(QUESTION, hops=3)
    assert a.to_json() == b.to_json()
    edge = next(rel for rel in a.relationships.values()
                if a.nodes[rel.source].name == "Fighting" and rel.label == "starred_actors")
    cut = r.retrieve(QUESTION, hops=3, perturbation=Perturbation(excluded_rel_ids=frozenset({edge.id})))
    assert edge.id not in cut.relationships
    assert ("Fighting", "has_genre", "Action") not in _triples(cut)  # only reachable through the excluded edge
    assert ("She's the Man", "has_genre", "Comedy") in _triples(cut)
    tatum = next(n.id for n in a.nodes.values() if n.name == "Channing Tatum")
    no_tatum = r.retrieve(QUESTION, hops=3, perturbation=Perturbation(excluded_node_ids=frozenset({tatum})))
    assert tatum not in no_tatum.nodes and ("The Grudge 2", "has_genre", "Horror") in _triples(no_tatum)
    assert films.checksum() == before


class _Constant:
    """Every text the same vector: the reader's words decide."""

    name = "constant"
    dimensions = 4

    def embed(self, texts: list[str]):  # noqa: ANN201 - numpy array
        import numpy as np

        return np.tile(np.array([1.0, 0.0, 0.0, 0.0]), (len(texts), 1))


def test_what_links_two_named_entities_survives_a_hubs_cut(store: Neo4jStore, tmp_path: Path) -> None:
    """Drama holds 200 films, far over the caps; a question naming Drama and one of its films gets the
    relationship between the two whatever the cut keeps of Drama's fan-out, and the filter still removes it."""
    rows = [(f"Film {i:03d}", "has_genre", "Drama") for i in range(200)]
    rows += [("Quiet Harbour", "has_genre", "Drama"), ("Quiet Harbour", "directed_by", "Ana Ruiz")]
    _ingest(store, tmp_path / "hub.tsv", rows)
    r = Retriever(store, CAPS)
    question = "Is Quiet Harbour a Drama film?"
    sub = r.retrieve(question, hops=1)
    assert sorted(sub.nodes[s].name for s in sub.seeds) == ["Drama", "Quiet Harbour"]
    assert sub.mode == "focused" and sub.truncated
    assert ("Quiet Harbour", "has_genre", "Drama") in _triples(sub)
    assert sub.reason is not None and "the 1 relationship(s) between the question's entities read first" in sub.reason
    assert len(sub.relationships) <= CAPS.max_relationships
    link = next(rel.id for rel in sub.relationships.values() if sub.nodes[rel.source].name == "Quiet Harbour"
                and rel.label == "has_genre")
    cut = r.retrieve(question, hops=1, perturbation=Perturbation(excluded_rel_ids=frozenset({link})))
    assert ("Quiet Harbour", "has_genre", "Drama") not in _triples(cut)



def test_a_named_entity_with_few_relationships_keeps_them_all_beside_a_hub(store: Neo4jStore, tmp_path: Path) -> None:
    """Drama holds 200 films; a question naming Drama and a director of two films, neither of them Drama's: the
    first hop does not fit and names no relation, so the director's two films are read whole and Drama's fan-out is
    cut to the room left (cut by id alone, it kept Drama's first films and the director's were left out)."""
    rows = [(f"Film {i:03d}", "has_genre", "Drama") for i in range(200)]
    rows += [("Zed Harbour", "directed_by", "Ana Ruiz"), ("Zed Lights", "directed_by", "Ana Ruiz")]
    _ingest(store, tmp_path / "hub.tsv", rows)
    sub = Retriever(store, CAPS).retrieve("Did Ana Ruiz make a Drama?", hops=1)
    assert sorted(sub.nodes[s].name for s in sub.seeds) == ["Ana Ruiz", "Drama"]
    assert sub.mode == "focused" and sub.truncated
    assert {("Zed Harbour", "directed_by", "Ana Ruiz"), ("Zed Lights", "directed_by", "Ana Ruiz")} <= _triples(sub)
    assert sub.reason is not None and "the 1 entities with the fewest whole, each entity's smallest groups first" \
        in sub.reason
    assert len(sub.relationships) <= CAPS.max_relationships and len(sub.nodes) <= CAPS.max_nodes


def test_a_hubs_smallest_group_is_kept_and_read_on_past_a_first_hop_that_does_not_fit(
        store: Neo4jStore, tmp_path: Path) -> None:
    """Ana Ruiz directed 60 films and wrote one, whose language is a hop further: the first hop does not fit and
    the question names none of its relations. Its smallest group (the film she wrote) is kept and the hop keeps its
    share of the room, so the second hop reads that film's language, which the question asks (as a year's one
    Olympic Games beside 200 countries' GDPs that year, whose city "which city hosted" asks: cut by id with the
    whole room, the film was left out and no room was left for a second hop); the rest of the first hop is added
    after, within the caps."""
    rows = [(f"Film {i:02d}", "directed_by", "Ana Ruiz") for i in range(60)]
    rows += [("Zed Harbour", "written_by", "Ana Ruiz"), ("Zed Harbour", "in_language", "Basque"),
             ("Film 00", "in_language", "Spanish")]
    _ingest(store, tmp_path / "hub.tsv", rows)
    sub = Retriever(store, CAPS).retrieve("Which language is the story by Ana Ruiz told in?", hops=2)
    assert [sub.nodes[s].name for s in sub.seeds] == ["Ana Ruiz"]
    assert sub.mode == "focused" and sub.truncated
    assert {("Zed Harbour", "written_by", "Ana Ruiz"), ("Zed Harbour", "in_language", "Basque")} <= _triples(sub)
    # the first hop's rest is added up to the caps (the node cap here: each film is a node)
    assert len(sub.relationships) <= CAPS.max_relationships and len(sub.nodes) == CAPS.max_nodes
    # the share: half the nodes left beside the seed (39 // 2), each relationship bringing a film
    assert sub.reason is not None and "this hop's share 19, the rest added after the last hop" in sub.reason


def test_what_two_named_entities_share_brings_what_it_holds_past_a_hop_that_does_not_fit(
        store: Neo4jStore, tmp_path: Path) -> None:
    """30 films of 1958 and Kim Novak's 3 fit the first hop; the second (every film's director and actor) does
    not, and the question names none of its relations. The one film linked to both named entities is read whole
    first: who made it is what "who made the Kim Novak film of 1958" asks (as a radar's recommendation of Docker
    on the Jan 2015 radar holds its ring)."""
    rows = [(f"Film {i:02d}", "release_year", "1958") for i in range(30)]
    rows += [(f"Film {i:02d}", "directed_by", f"Director {i:02d}") for i in range(30)]
    rows += [(f"Film {i:02d}", "starred_actors", f"Actor {i:02d}") for i in range(30)]
    rows += [("Vertigo", "release_year", "1958"), ("Vertigo", "starred_actors", "Kim Novak"),
             ("Vertigo", "directed_by", "Alfred Hitchcock"), ("Picnic", "starred_actors", "Kim Novak"),
             ("Picnic", "directed_by", "Joshua Logan"), ("Pal Joey", "starred_actors", "Kim Novak")]
    _ingest(store, tmp_path / "films.tsv", rows)
    r = Retriever(store, CAPS)
    question = "Who made the Kim Novak film of 1958?"
    sub = r.retrieve(question, hops=2)
    assert sorted(sub.nodes[s].name for s in sub.seeds) == ["1958", "Kim Novak"]
    assert sub.mode == "focused"
    assert ("Vertigo", "directed_by", "Alfred Hitchcock") in _triples(sub)
    assert ("Picnic", "directed_by", "Joshua Logan") not in _triples(sub)  # not of 1958: not read
    assert sub.reason is not None and "1 entity linked to two of the question's entities read first" in sub.reason
    assert len(sub.relationships) <= CAPS.max_relationships and len(sub.nodes) <= CAPS.max_nodes
    link = next(rel.id for rel in sub.relationships.values() if rel.label == "directed_by"
                and sub.nodes[rel.source].name == "Vertigo")
    cut = r.retrieve(question, hops=2, perturbation=Perturbation(excluded_rel_ids=frozenset({link})))
    assert ("Vertigo", "directed_by", "Alfred Hitchcock") not in _triples(cut)


def test_many_entities_shared_by_two_named_ones_are_none_in_particular(store: Neo4jStore, tmp_path: Path) -> None:
    """Kim Novak made 4 of the 30 films of 1958: none of them is the one film a question means, so no bridge is
    read first (the hop is chosen as before) and the subgraph says why."""
    rows = [(f"Film {i:02d}", "release_year", "1958") for i in range(30)]
    rows += [(f"Film {i:02d}", "directed_by", f"Director {i:02d}") for i in range(30)]
    rows += [(f"Film {i:02d}", "starred_actors", f"Actor {i:02d}") for i in range(30)]
    rows += [(f"Film {i:02d}", "starred_actors", "Kim Novak") for i in range(4)]
    _ingest(store, tmp_path / "films.tsv", rows)
    sub = Retriever(store, CAPS).retrieve("Who made the Kim Novak film of 1958?", hops=2)
    assert sorted(sub.nodes[s].name for s in sub.seeds) == ["1958", "Kim Novak"]
    assert sub.reason is not None and "4 entities linked to two of the question's entities, none read first" \
        in sub.reason
    assert not any(rel.label == "directed_by" for rel in sub.relationships.values())


def test_what_a_shared_hub_holds_once_is_read_before_its_fan_out(store: Neo4jStore, tmp_path: Path) -> None:
    """Two named actors share a film of 300 more actors: the film is what they share, and what it holds once (its
    director) is read before the fan-out of its other actors, which would fill the room read by id
    (instacart-products, spent: "which department sells X" lost the department of the aisle X and a namesake
    share to the aisle's other products)."""
    rows = [("Vertigo", "starred_actors", "Kim Novak"), ("Vertigo", "starred_actors", "James Stewart")]
    rows += [("Vertigo", "starred_actors", f"Actor {i:03d}") for i in range(300)]
    rows += [("Vertigo", "directed_by", "Alfred Hitchcock")]
    _ingest(store, tmp_path / "cast.tsv", rows)
    sub = Retriever(store, CAPS).retrieve("Who made the film with Kim Novak and James Stewart?", hops=2)
    assert sorted(sub.nodes[s].name for s in sub.seeds) == ["James Stewart", "Kim Novak"]
    assert ("Vertigo", "directed_by", "Alfred Hitchcock") in _triples(sub), sub.reason
    assert sub.reason is not None and "1 entity linked to two of the question's entities read first" in sub.reason
    assert len(sub.relationships) <= CAPS.max_relationships and sub.truncated
