import math

import numpy as np
import pytest

from xgrag.errors import NotFoundError, UsageError
from xgrag.model import DedupRecord, Node, Relationship, Subgraph
from xgrag.model.direction import Reading
from xgrag.retrieval.alias_rule import AliasEntity, AliasJudge
from xgrag.retrieval.dedup import (
    alias_entities,
    dedup,
    graph_alias_links,
    similarity_clusters,
    stored_name_text,
    stored_triple_text,
)


def fake_embed(vectors: dict[str, list[float]]):
    def embed(texts):
        m = np.array([vectors[t] for t in texts], dtype=np.float32)
        return m / np.linalg.norm(m, axis=1, keepdims=True)

    return embed


def same_vector(texts):
    """Every name embeds to the same vector (cosine 1): only the rule's other evidence separates them."""
    return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def cosine_embed(cos: float):
    """Every pair of distinct names at cosine `cos` (a regular simplex scaled towards a common axis)."""
    def embed(texts):
        n = len(texts)
        m = np.zeros((n, n + 1), dtype=np.float32)
        m[:, 0] = math.sqrt(cos)
        for i in range(n):
            m[i, i + 1] = math.sqrt(1 - cos)
        return m
    return embed


VEC = {
    "Dr. Watson": [1, 0.1, 0], "Watson": [1, 0.15, 0], "John Watson": [0.9, 0.3, 0],
    "Holmes": [0, 1, 0], "London": [0, 0, 1], "Baker Street": [0.1, 0, 1],
}


def story() -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in [("w1", "Dr. Watson", "Person"), ("w2", "Watson", "Person"),
                           ("h", "Holmes", "Person"), ("l", "London", "Place"), ("b", "Baker Street", "Place")]:
        sub.add_node(Node(nid, name, typ, description=f"about {name}"))
    for rid, s, lab, t in [("r1", "w1", "friend_of", "h"), ("r2", "w2", "friend_of", "h"),
                           ("r3", "w2", "lives_in", "l"), ("r4", "w1", "lives_in", "l"),
                           ("r5", "w1", "alias", "w2"), ("r6", "h", "lives_in", "b")]:
        sub.add_relationship(Relationship(rid, s, t, lab))
    sub.seeds = ["w2"]
    return sub


def graph(nodes: list[tuple[str, str, str | None]], rels: list[tuple[str, str, str]] = ()) -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in nodes:
        sub.add_node(Node(nid, name, typ))
    for k, (s, label, t) in enumerate(rels):
        sub.add_relationship(Relationship(f"r{k}", s, t, label))
    return sub


def merged(res, a: str, b: str) -> bool:
    return res.mapping[a] == res.mapping[b]


# -- XGRAG's rule, kept by name ------------------------------------------------------------------------------------

def test_clusters_need_same_type_and_threshold() -> None:
    names = ["Dr. Watson", "Watson", "Holmes", "London", "Baker Street"]
    types = ["Person", "Person", "Person", "Place", "Place"]
    clusters = similarity_clusters(names, types, fake_embed(VEC), 0.7)
    assert [0, 1] in clusters and [2] in clusters
    # London/Baker Street are similar (cos ~0.995) and the same type -> merged at 0.7 by XGRAG's rule
    assert [3, 4] in clusters
    # With different types nothing merges
    assert len(similarity_clusters(names, ["A", "B", "C", "D", "E"], fake_embed(VEC), 0.7)) == 5
    # the precise rule needs name evidence: "London" and "Baker Street" share none
    precise = similarity_clusters(names, types, fake_embed(VEC), 0.7, rule="precise")
    assert [3] in precise and [4] in precise and [0, 1] in precise


def test_dedup_follows_xgrag_rules() -> None:
    sub = story()
    res = dedup(sub, fake_embed(VEC), 0.998, rule="xgrag")  # only near-identical names merge
    # w1 and w2 both have degree 3: the tie goes to the shorter name
    assert res.mapping["w1"] == res.mapping["w2"] == "w2"
    canonical = res.mapping["w1"]
    out = res.subgraph
    assert set(out.nodes) == {canonical, "h", "l", "b"}
    # self-loop (w1 alias w2) dropped; duplicate facts collapse to one per (s, label, t)
    labels = sorted((r.source, r.label, r.target) for r in out.relationships.values())
    assert labels == sorted([(canonical, "friend_of", "h"), (canonical, "lives_in", "l"), ("h", "lives_in", "b")])
    assert out.seeds == [canonical]
    assert "about Dr. Watson" in out.nodes[canonical].description and "about Watson" in out.nodes[canonical].description
    assert "Dr. Watson" in out.nodes[canonical].aliases
    assert res.rule == "xgrag" and res.merges[0].kind == "similarity"
    assert any("theta 1.00" in e or "theta 0.998" in e or ">= theta" in e for e in res.merges[0].evidence)


def test_canonical_is_highest_degree() -> None:
    sub = story()
    sub.add_relationship(Relationship("r7", "w2", "b", "knows"))  # w2 now has the highest degree
    for rule in ("xgrag", "precise"):
        res = dedup(sub, fake_embed(VEC), 0.998, rule=rule)
        assert res.mapping["w1"] == "w2"


def test_the_member_holding_the_most_stays_its_properties_counted_with_its_relationships() -> None:
    """guangdong-gov-services (spent) writes a matter twice: a node with the guide's fields, one with its name and
    relationships; the name node stood for both and every field left the context."""
    from xgrag.model import PropertyFact

    sub = graph([("m1", "雨情查询", "Matter"), ("m2", "雨情查询", "Matter"), ("d", "广东省水利厅", "Department"),
                 ("o", "自然人", "Object")], [("d", "accrual item", "m1"), ("m1", "matter object", "o")])
    for key, value in [("consult_phone", "020-38356454"), ("complain_phone", "020-12345"), ("handle_time", "1")]:
        sub.add_property(PropertyFact("m2", key, value))
    res = dedup(sub, same_vector)
    assert res.mapping["m1"] == "m2" and {f.key for f in res.subgraph.properties_of("m2")} == {
        "consult_phone", "complain_phone", "handle_time"}
    # the relationships are the kept node's now (stored_triple_text says whose they were)
    assert {(r.source, r.target) for r in res.subgraph.relationships.values()} == {("d", "m2"), ("m2", "o")}
    # fewer properties than the other's relationships: the relationships' node stays
    lone = graph([("m1", "雨情查询", "Matter"), ("m2", "雨情查询", "Matter"), ("d", "广东省水利厅", "Department"),
                  ("o", "自然人", "Object")], [("d", "accrual item", "m1"), ("m1", "matter object", "o")])
    lone.add_property(PropertyFact("m2", "handle_time", "1"))
    assert dedup(lone, same_vector).mapping["m2"] == "m1"


def test_persisted_alias_map_is_honoured_without_embeddings() -> None:
    sub = story()
    sub.alias_map = {"w1": "w2"}
    res = dedup(sub, None)
    assert res.mapping["w1"] == res.mapping["w2"] and res.merged == 1
    assert res.merges[0].kind == "persisted" and res.merges[0].evidence == ("persisted ALIAS_OF link",)


def test_theta_one_merges_nothing_but_identical() -> None:
    res = dedup(story(), fake_embed(VEC), 1.0, rule="xgrag")
    assert res.merged == 0 and len(res.subgraph.relationships) == 6


def test_graph_alias_links_blockwise() -> None:
    ents = [{"id": "w1", "name": "Dr. Watson", "type": "Person", "degree": 1},
            {"id": "w2", "name": "Watson", "type": "Person", "degree": 5},
            {"id": "h", "name": "Holmes", "type": "Person", "degree": 9},
            {"id": "l", "name": "London", "type": "Place", "degree": 2}]
    links = graph_alias_links(ents, fake_embed(VEC), 0.9, block=1, rule="xgrag")
    assert [(lk.alias, lk.canonical) for lk in links] == [("w1", "w2")]
    assert 0.9 <= links[0].score <= 1.0 and links[0].rule == "xgrag"
    precise = graph_alias_links(ents, fake_embed(VEC), 0.9, block=1)
    assert [(lk.alias, lk.canonical, lk.kind) for lk in precise] == [("w1", "w2", "title")]
    assert precise[0].rule == "precise" and "different titles" in precise[0].evidence[0]


def test_unknown_rule_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="dedup_rule: 'fuzzy'"):
        dedup(story(), same_vector, rule="fuzzy")


# -- the precise rule: never merge ---------------------------------------------------------------------------------

AMOUNTS = [("a", "$20", "Money"), ("b", "$21", "Money"), ("c", "$8 Per Week", "Money"), ("d", "$30 Per Week", "Money"),
           ("e", "$1.87", "Money"), ("f", "87 Cents", "Money"), ("g", "Rocky II", "Movie"), ("h", "Rocky III", "Movie"),
           ("i", "King Kong (1933)", "Movie"), ("j", "King Kong (2005)", "Movie")]


def test_numbers_and_amounts_never_merge() -> None:
    sub = graph(AMOUNTS)
    assert dedup(sub, same_vector, 0.7, rule="xgrag").merged == 8  # what XGRAG's rule did on the Magi graph
    res = dedup(sub, same_vector, 0.7)
    assert res.merged == 0
    judge = AliasJudge([AliasEntity(n, name, t) for n, name, t in AMOUNTS], same_vector([x for _, x, _ in AMOUNTS]))
    assert "different numbers (20 vs 21)" in judge.decide(0, 1).veto
    assert "different numbers (1.87 vs 87)" in judge.decide(4, 5).veto


RELATIVES = [("jim", "Jim", "Person"), ("f", "Jim'S Father", "Person"), ("g", "Jim'S Grandfather", "Person"),
             ("w", "Wife Of Jim", "Person"), ("watch", "Gold Watch", "Object")]


def test_possessive_and_relational_qualifiers_never_merge() -> None:
    sub = graph(RELATIVES, [("g", "OWNED", "watch"), ("jim", "SOLD", "watch")])
    assert dedup(sub, same_vector, 0.7, rule="xgrag").merged == 3
    res = dedup(sub, same_vector, 0.7)
    assert res.merged == 0
    assert stored_triple_text(res, "r0") == "Jim'S Grandfather OWNED Gold Watch"


def test_entities_linked_to_each_other_never_merge_unless_the_link_says_they_are_one() -> None:
    nodes = [("a", "Dr. Watson", "Person"), ("b", "Watson", "Person")]
    assert not merged(dedup(graph(nodes, [("a", "knows", "b")]), same_vector), "a", "b")
    res = dedup(graph(nodes, [("a", "also known as", "b")]), same_vector)
    assert merged(res, "a", "b")
    assert "a relationship in the graph says they are the same" in res.merges[0].evidence
    assert res.dropped and res.dropped[0].label == "also known as"  # kept aside, never shown as a fact


def test_types_must_be_compatible() -> None:
    nodes = [("p", "Jordan", "Person"), ("c", "Jordan", "Country"), ("u", "jordan", None), ("e", "JORDAN", "Entity")]
    # an untyped (or generically typed) "jordan" beside the person and the country could be either: no merge
    assert dedup(graph(nodes), same_vector).merged == 0
    judge = AliasJudge([AliasEntity("p", "Jordan", "Person"), AliasEntity("c", "Jordan", "Country")],
                       same_vector(["Jordan", "Jordan"]))
    assert judge.decide(0, 1).veto == "different types (Person vs Country)"
    # beside only one of them, it is that one
    assert merged(dedup(graph([nodes[0], nodes[2]]), same_vector), "p", "u")
    assert merged(dedup(graph([nodes[1], nodes[3]]), same_vector), "c", "e")


def test_gender_of_titles_and_generations_never_merge() -> None:
    res = dedup(graph([("a", "Mr. McGregor", "Person"), ("b", "Mrs. McGregor", "Person"),
                       ("c", "Frank Sinatra", "Person"), ("d", "Frank Sinatra Jr.", "Person")]), same_vector)
    assert res.merged == 0


def test_conflicting_facts_on_a_functional_relation_never_merge() -> None:
    # "The Babe" (1992) and "Babe" (1995) are two films: the same name up to "the", different release years
    nodes = [("m1", "The Babe", "Movie"), ("m2", "Babe", "Movie"), ("m3", "Heat", "Movie"),
             ("y1", "1992", "Year"), ("y2", "1995", "Year"), ("y3", "1986", "Year")]
    rels = [("m1", "release_year", "y1"), ("m2", "release_year", "y2"), ("m3", "release_year", "y3")]
    sub = graph(nodes, rels)
    assert not merged(dedup(sub, same_vector), "m1", "m2")
    ids = sorted(sub.nodes)
    judge = AliasJudge(alias_entities(sub, ids), same_vector(ids))
    assert judge.decide(ids.index("m1"), ids.index("m2")).veto == "conflicting facts: release_year 1992 vs 1995"
    # without the facts the names alone say they are the same title
    assert merged(dedup(graph(nodes), same_vector), "m1", "m2")
    # one conflict on a relation with entity values (one writer each in a small graph) is not enough
    nodes2 = [("m1", "The Babe", "Movie"), ("m2", "Babe", "Movie"), ("m3", "Heat", "Movie"),
              ("w1", "John Fusco", "Person"), ("w2", "George Miller", "Person"), ("w3", "Michael Mann", "Person")]
    rels2 = [("m1", "written_by", "w1"), ("m2", "written_by", "w2"), ("m3", "written_by", "w3")]
    assert merged(dedup(graph(nodes2, rels2), same_vector), "m1", "m2")



def test_conflicting_stored_properties_never_merge_and_a_shared_one_is_no_evidence() -> None:
    """Two stops named "FRASCATI" and "Frascati" (the same name up to case) at different coordinates are two places;
    two people who share a stored value (a gender) are not one for it."""
    from xgrag.model import PropertyFact

    nodes = [("s1", "FRASCATI", "Stop"), ("s2", "Frascati", "Stop"), ("s3", "Ciampino", "Stop")]
    sub = graph(nodes)
    assert merged(dedup(sub, same_vector), "s1", "s2")  # the names alone: one stop
    for nid, lat in [("s1", 41.865485), ("s2", 41.806927), ("s3", 41.800453)]:
        sub.add_property(PropertyFact(nid, "lat", lat))
    assert not merged(dedup(sub, same_vector), "s1", "s2")
    ids = sorted(sub.nodes)
    judge = AliasJudge(alias_entities(sub, ids), same_vector(ids))
    assert judge.decide(ids.index("s1"), ids.index("s2")).veto == "conflicting facts: lat 41.865485 vs 41.806927"
    people = graph([("p1", "Ann Lee", "Person"), ("p2", "Anne Leigh", "Person")])
    for nid in ("p1", "p2"):
        people.add_property(PropertyFact(nid, "gender", "female"))
    ids = sorted(people.nodes)
    judge = AliasJudge(alias_entities(people, ids), same_vector(ids))
    assert "the same fact stated of both" not in " ".join(judge.decide(0, 1).evidence)


# -- the precise rule: evidence ------------------------------------------------------------------------------------

def test_same_name_written_differently_merges() -> None:
    nodes = [("a", "Cotton-Tail", "Animal"), ("b", "Cottontail", "Animal"), ("c", "The Matrix", "Movie"),
             ("d", "Matrix, The", "Movie"), ("e", "Rocky II", "Movie"), ("f", "Rocky 2", "Movie"),
             ("g", "Jim'S", "Person"), ("h", "Jim", "Person")]
    res = dedup(graph(nodes), cosine_embed(0.1))  # even where the embedding disagrees
    assert all(merged(res, x, y) for x, y in [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")])
    assert res.merged == 4 and all(m.kind == "same_name" for m in res.merges)
    assert not merged(res, "e", "c")


def test_title_and_initials_need_the_embedding_not_to_disagree() -> None:
    nodes = [("a", "Dr. Watson", "Person"), ("b", "Watson", "Person"), ("c", "T. Hanks", "Person"),
             ("d", "Tom Hanks", "Person")]
    assert dedup(graph(nodes), cosine_embed(0.6)).merged == 2
    assert dedup(graph(nodes), cosine_embed(0.2)).merged == 0


def test_surname_needs_theta_or_a_shared_neighbour() -> None:
    nodes = [("a", "Sherlock Holmes", "Person"), ("b", "Holmes", "Person"), ("v", "violin", "Object")]
    assert merged(dedup(graph(nodes), cosine_embed(0.8), 0.7), "a", "b")
    assert not merged(dedup(graph(nodes), cosine_embed(0.6), 0.7), "a", "b")
    res = dedup(graph(nodes, [("a", "plays", "v"), ("b", "owns", "v")]), cosine_embed(0.6), 0.7)
    assert merged(res, "a", "b")
    assert any("1 shared neighbour: violin" in e for e in res.merges[0].evidence)


def test_gendered_title_with_surname_needs_the_same_fact() -> None:
    # "Mrs. Rabbit" beside "Peter Rabbit" may be his mother: a shared neighbour is not enough, the same fact is
    nodes = [("a", "Mr. Holmes", "Person"), ("b", "Sherlock Holmes", "Person"), ("s", "Baker Street", "Place")]
    assert not merged(dedup(graph(nodes, [("a", "visited", "s"), ("b", "lives at", "s")]), same_vector), "a", "b")
    res = dedup(graph(nodes, [("a", "lives at", "s"), ("b", "lives at", "s")]), same_vector)
    assert merged(res, "a", "b")
    assert res.merges[0].kind == "title_surname"
    assert any("the same fact stated of both: lives at bakerstreet" in e for e in res.merges[0].evidence)


def test_acronym_merges() -> None:
    nodes = [("a", "FBI", "Organization"), ("b", "Federal Bureau of Investigation", "Organization")]
    res = dedup(graph(nodes), cosine_embed(0.65))
    assert merged(res, "a", "b") and res.merges[0].kind == "acronym"


def test_descriptive_words_and_plurals_need_overlapping_neighbourhoods() -> None:
    nodes = [("a", "Cat", "Animal"), ("b", "White Cat", "Animal"), ("p", "Pond", "Place"), ("q", "Peter", "Animal"),
             ("s", "Sparrow", "Animal"), ("t", "Sparrows", "Animal"), ("n", "Narrator", "Person")]
    assert dedup(graph(nodes), same_vector).merged == 0
    res = dedup(graph(nodes, [("a", "sat by", "p"), ("b", "sat by", "p"), ("q", "avoided", "b"),
                              ("s", "told", "n"), ("t", "told", "n")]), same_vector)
    assert merged(res, "a", "b") and merged(res, "s", "t")
    assert {m.kind for m in res.merges} == {"modifier", "plural"}


def test_an_ambiguous_name_merges_with_neither() -> None:
    nodes = [("h", "Holmes", "Person"), ("s", "Sherlock Holmes", "Person"), ("m", "Mycroft Holmes", "Person")]
    res = dedup(graph(nodes), same_vector)
    assert res.merged == 0
    # alone with one of them, it merges
    assert dedup(graph(nodes[:2]), same_vector).merged == 1


def test_clusters_join_only_when_every_pair_across_them_merges() -> None:
    # Dr. Watson ~ Watson (title) and Watson ~ John Watson (surname), but Dr. Watson is linked to John Watson:
    # the chain through "Watson" must not put them in one cluster (here "Watson" is also ambiguous)
    nodes = [("a", "Dr. Watson", "Person"), ("b", "Watson", "Person"), ("c", "John Watson", "Person")]
    res = dedup(graph(nodes, [("a", "treated", "c")]), same_vector)
    assert not merged(res, "a", "c")
    assert dedup(graph(nodes), same_vector).merged == 2  # unlinked, all three are one person
    # the cross-cluster check on its own (no name is ambiguous here): {Watson, Dr. Watson} and {Dr. John Watson}
    # meet through (Dr. Watson, Dr. John Watson), but Watson and Dr. John Watson are linked
    ents = [AliasEntity("a", "Watson", "Person", neighbours=frozenset({"c"})), AliasEntity("b", "Dr. Watson", "Person"),
            AliasEntity("c", "Dr. John Watson", "Person", neighbours=frozenset({"a"}))]
    judge = AliasJudge(ents, same_vector(["x"] * 3))
    assert judge.decide(0, 1).merge and judge.decide(1, 2).merge and not judge.decide(0, 2).merge
    found = judge.clusters(candidates=[(0, 1), (1, 2)])
    assert found.clusters == [[0, 1]] and [(i, j) for i, j, _ in found.edges] == [(0, 1)]


def test_ambiguity_is_weighed_tier_by_tier() -> None:
    # "Awakening" is the same title as "The Awakening" (tier A) and the singular of "Awakenings" (tier D), a
    # different film (linked to the first): it is the first, and does not join the second
    nodes = [("a", "The Awakening", "Movie"), ("b", "Awakening", "Movie"), ("c", "Awakenings", "Movie"),
             ("x", "Drama", "Genre")]
    rels = [("a", "has_genre", "x"), ("b", "has_genre", "x"), ("c", "has_genre", "x"), ("c", "inspired_by", "a")]
    res = dedup(graph(nodes, rels), same_vector)
    assert merged(res, "a", "b") and not merged(res, "b", "c")


# -- merged things are shown as such -------------------------------------------------------------------------------

def test_stored_triples_show_what_the_graph_holds_with_merge_notes() -> None:
    sub = graph(RELATIVES[:2] + [("watch", "Gold Watch", "Object"), ("chain", "Chain", "Accessory")],
                [("f", "OWNED", "watch"), ("jim", "SOLD", "watch"), ("jim", "BOUGHT", "chain")])
    sub.add_relationship(Relationship("dup", "f", "watch", "OWNED"))  # a second stored statement of r0's fact
    res = dedup(sub, same_vector, 0.7, rule="xgrag")  # XGRAG merges Jim'S Father into Jim
    assert res.mapping["f"] == "jim"
    kept = next(r for r in res.subgraph.relationships.values() if r.label == "OWNED")
    # the deduplicated subgraph says (jim, OWNED, watch); the graph never did
    assert (kept.source, kept.target) == ("jim", "watch")
    # one fact stored twice reads once (issue 21: never "A; A"); both stored copies stay listed
    assert stored_triple_text(res, kept.id) == "Jim'S Father (merged into Jim) OWNED Gold Watch"
    assert [t.head for t in res.stored_triples(kept.id)] == ["Jim'S Father", "Jim'S Father"]
    assert res.stored_triples("dup") == res.stored_triples(kept.id)  # a duplicate id finds its kept relationship
    assert stored_triple_text(res, "r1") == "Jim SOLD Gold Watch"
    assert stored_name_text(res, "f") == "Jim'S Father (merged into Jim)" and stored_name_text(res, "jim") == "Jim"
    assert res.members("jim") == [("jim", "Jim"), ("f", "Jim'S Father")]
    assert res.merge_of("f").canonical == "jim" and res.merge_of("jim") is None
    data = res.to_json()
    assert data["merges"][0]["alias_name"] == "Jim'S Father" and data["rule"] == "xgrag"
    assert kept.id in data["stored"] and "r2" not in data["stored"]  # only relationships a merge touched
    with pytest.raises(NotFoundError, match="relationship 'nope'"):
        stored_triple_text(res, "nope")


def test_a_merged_fact_stored_without_a_meaningful_direction_keeps_its_reading_in_the_record() -> None:
    """The stored triple is the Explanation's record (one declaration): a relationship read in its meaning's
    direction (LightRAG's graphs) keeps that reading through the merge, the record and its JSON."""
    sub = graph(RELATIVES[:2] + [("watch", "Gold Watch", "Object")], [("jim", "SOLD", "watch")])
    sub.add_relationship(Relationship("r1", "watch", "f", "owned", reading=Reading("owned", True, True, "f owned it")))
    res = dedup(sub, same_vector, 0.7, rule="xgrag")  # Jim'S Father merged into Jim
    (stored,) = res.stored_triples("r1")
    assert stored.reading is not None and stored.reading.relation == "owned"
    assert stored_triple_text(res, "r1") == "Jim'S Father (merged into Jim) -owned-> Gold Watch"
    record = DedupRecord.model_validate({"enabled": True, **res.to_json()})
    assert record.stored["r1"] == [stored]
    assert "reading" not in record.stored["r1"][0].model_copy(update={"reading": None}).model_dump(mode="json")
    assert DedupRecord.model_validate_json(record.model_dump_json()) == record


def test_every_merge_records_its_evidence_and_score() -> None:
    res = dedup(story(), fake_embed(VEC), 0.7)
    assert len(res.merges) == 1
    m = res.merges[0]
    assert (m.alias_name, m.canonical_name, m.kind) in {("Dr. Watson", "Watson", "alias_link"),
                                                       ("Watson", "Dr. Watson", "alias_link")}
    assert 0 < m.score <= 1 and any("cosine" in e for e in m.evidence)


def test_dedup_off_result_still_renders_stored_names() -> None:
    # the explainer builds an identity DedupResult when dedup is off: rendering falls back to the subgraph
    from xgrag.retrieval.dedup import DedupResult

    sub = story()
    res = DedupResult(sub, {n: n for n in sub.nodes}, [], {r: [r] for r in sub.relationships})
    assert stored_triple_text(res, "r1") == "Dr. Watson friend_of Holmes"


def test_records_named_alike_by_what_they_hold_are_never_merged_by_the_precise_rule() -> None:
    """Two arrests of one day are both "Arrest 12/29/2017" (a record named by its type and its date): two arrests,
    not one; two people or places named alike still merge on the same evidence."""
    names = ["Arrest 12/29/2017", "Arrest 12/29/2017", "Order 10248", "Order 10248", "Bastille", "Bastille"]
    types = ["Arrest", "Arrest", "Order", "Order", "Station", "Station"]
    clusters = similarity_clusters(names, types, same_vector, 0.7, rule="precise")
    assert [0] in clusters and [1] in clusters and [2] in clusters and [3] in clusters
    assert [4, 5] in clusters


def test_a_self_loop_the_graph_stores_is_a_fact_and_stays() -> None:
    """Only a loop that merging makes (a relationship between two aliases) is dropped: a relationship the graph
    stores from a node to itself (a code that was the product's until a date, X -WAR_ATC_BIS-> X) is one of its facts,
    merged or not."""
    sub = story()
    sub.add_relationship(Relationship("loop", "h", "h", "was_code_until"))
    for rule in ("xgrag", "precise"):
        res = dedup(sub, fake_embed(VEC), 0.998, rule=rule)
        loops = [r for r in res.subgraph.relationships.values() if r.source == r.target]
        assert [(r.id, r.label) for r in loops] == [("loop", "was_code_until")]
        # the alias link between w1 and w2 that merging made a loop is still kept aside
        assert all(r.label != "alias" for r in res.subgraph.relationships.values())
