import numpy as np

from xgrag.model import Node, Relationship, Subgraph
from xgrag.retrieval.dedup import dedup, graph_alias_links, similarity_clusters


def fake_embed(vectors: dict[str, list[float]]):
    def embed(texts):
        m = np.array([vectors[t] for t in texts], dtype=np.float32)
        return m / np.linalg.norm(m, axis=1, keepdims=True)

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


def test_clusters_need_same_type_and_threshold() -> None:
    names = ["Dr. Watson", "Watson", "Holmes", "London", "Baker Street"]
    types = ["Person", "Person", "Person", "Place", "Place"]
    clusters = similarity_clusters(names, types, fake_embed(VEC), 0.7)
    assert [0, 1] in clusters and [2] in clusters
    # London/Baker Street are similar (cos ~0.995) and the same type -> merged at 0.7
    assert [3, 4] in clusters
    # With different types nothing merges
    assert len(similarity_clusters(names, ["A", "B", "C", "D", "E"], fake_embed(VEC), 0.7)) == 5


def test_dedup_follows_xgrag_rules() -> None:
    sub = story()
    res = dedup(sub, fake_embed(VEC), 0.998)  # only near-identical names merge
    # w1 and w2 both have degree 3: the tie goes to the shorter name
    assert res.mapping["w1"] == res.mapping["w2"]
    canonical = res.mapping["w1"]
    out = res.subgraph
    assert set(out.nodes) == {canonical, "h", "l", "b"}
    # self-loop (w1 alias w2) dropped; duplicate facts collapse to one per (s, label, t)
    labels = sorted((r.source, r.label, r.target) for r in out.relationships.values())
    assert labels == sorted([(canonical, "friend_of", "h"), (canonical, "lives_in", "l"), ("h", "lives_in", "b")])
    assert out.seeds == [canonical]
    assert "about Dr. Watson" in out.nodes[canonical].description and "about Watson" in out.nodes[canonical].description
    other = "w2" if canonical == "w1" else "w1"
    assert sub.nodes[other].name in out.nodes[canonical].aliases


def test_canonical_is_highest_degree() -> None:
    sub = story()
    sub.add_relationship(Relationship("r7", "w2", "b", "knows"))  # w2 now has the highest degree
    res = dedup(sub, fake_embed(VEC), 0.998)
    assert res.mapping["w1"] == "w2"


def test_persisted_alias_map_is_honoured_without_embeddings() -> None:
    sub = story()
    sub.alias_map = {"w1": "w2"}
    res = dedup(sub, None)
    assert res.mapping["w1"] == res.mapping["w2"] and res.merged == 1


def test_theta_one_merges_nothing_but_identical() -> None:
    res = dedup(story(), fake_embed(VEC), 1.0)
    assert res.merged == 0 and len(res.subgraph.relationships) == 6


def test_graph_alias_links_blockwise() -> None:
    ents = [{"id": "w1", "name": "Dr. Watson", "type": "Person", "degree": 1},
            {"id": "w2", "name": "Watson", "type": "Person", "degree": 5},
            {"id": "h", "name": "Holmes", "type": "Person", "degree": 9},
            {"id": "l", "name": "London", "type": "Place", "degree": 2}]
    links = graph_alias_links(ents, fake_embed(VEC), 0.9, block=1)
    assert [(lk.alias, lk.canonical) for lk in links] == [("w1", "w2")]
    assert 0.9 <= links[0].score <= 1.0
