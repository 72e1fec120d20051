import networkx as nx
import numpy as np
import pytest

from xgrag.model import Node, Relationship, Subgraph
from xgrag.retrieval.centrality import betweenness_scores, degree_scores, pagerank_scores, scipy_centrality


def test_hand_computed_path_graph() -> None:
    # a - b - c : b lies on the only a..c path; the unordered pair {a, c} counts once
    edges = [(0, 1), (1, 2)]
    assert degree_scores(3, edges).tolist() == [1, 2, 1]
    assert betweenness_scores(3, edges).tolist() == [0, 1, 0]
    pr = pagerank_scores(3, edges)
    # By hand: PR(b) = 0.15 + 0.85 * 2 * PR(a) and PR(a) = 0.15 + 0.85 * PR(b) / 2
    # => PR(a) = (0.15 + 0.85 * 0.15 / 2) / (1 - 0.85 ** 2) = 0.7567..., PR(b) = 1.4364...
    a = (0.15 + 0.85 * 0.15 / 2) / (1 - 0.85**2)
    assert pr[0] == pytest.approx(a) and pr[2] == pytest.approx(a)
    assert pr[1] == pytest.approx(0.15 + 0.85 * 2 * a)


def test_betweenness_matches_networkx_on_simple_graphs() -> None:
    g = nx.karate_club_graph()
    edges = list(g.edges())
    ours = betweenness_scores(g.number_of_nodes(), edges)
    ref = nx.betweenness_centrality(g, normalized=False)
    assert np.allclose(ours, [ref[i] for i in range(g.number_of_nodes())])


def test_parallel_edges_multiply_path_counts() -> None:
    # a=b-c (double a-b edge) and a-d-c: three shortest a..c paths, two through b, one through d.
    # b is interior only for {a, c}: 2/3; d gets 1/3. (b, d) paths have no interior b or d.
    edges = [(0, 1), (0, 1), (1, 2), (0, 3), (3, 2)]
    bc = betweenness_scores(4, edges)
    assert bc[1] == pytest.approx(2 / 3) and bc[3] == pytest.approx(1 / 3)
    assert degree_scores(4, edges)[0] == 3


def test_subgraph_wrapper_keys_by_node_id() -> None:
    sub = Subgraph()
    for nid in "xyz":
        sub.add_node(Node(nid, nid.upper()))
    sub.add_relationship(Relationship("r1", "x", "y", "r"))
    res = scipy_centrality(sub, note="test")
    assert res.source == "scipy" and set(res.scores) == {"x", "y", "z"}
    assert res.scores["z"]["degree"] == 0 and res.scores["z"]["pagerank"] == pytest.approx(0.15)
