"""The pure PCST wrapper (pcst_fast, G-Retriever's solver) on graphs solved by hand, and the rank prizes."""

import numpy as np
import pytest

from xgrag.retrieval.pcst import Tree, rank_prizes, solve_pcst

# 0 - 1 - 2 - 3 on a line, 1 - 4 - 5 a branch, and a long way round 0 - 5 (cost 3)
EDGES = [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (0, 5)]
COSTS = [1.0, 1.0, 1.0, 1.0, 1.0, 3.0]


def test_two_prized_ends_are_joined_through_unprized_bridges() -> None:
    # joining 0 and 3 costs 3 for prizes 10 (net 7); node 5's 0.5 is worth neither the 2-edge branch nor the
    # 3-cost edge, so it stays out. Nodes 1 and 2 carry no prize: bridges.
    tree = solve_pcst(6, EDGES, [5, 0, 0, 5, 0, 0.5], COSTS)
    assert tree == Tree(nodes=(0, 1, 2, 3), edges=(0, 1, 2))


def test_a_prize_worth_its_branch_is_collected() -> None:
    # node 5 at prize 2.5 now pays for its cheapest branch 1-4-5 (cost 2), not for the direct edge (cost 3)
    tree = solve_pcst(6, EDGES, [5, 0, 0, 5, 0, 2.5], COSTS)
    assert tree == Tree(nodes=(0, 1, 2, 3, 4, 5), edges=(0, 1, 2, 3, 4))


def test_prizes_below_the_path_cost_give_the_single_best_node() -> None:
    # joining 0 (1.5) and 3 (1.0) costs 3 > 2.5: the best tree is node 0 alone
    assert solve_pcst(6, EDGES, [1.5, 0, 0, 1.0, 0, 0], COSTS) == Tree(nodes=(0,), edges=())


def test_star_collects_every_leaf_only_when_each_pays_for_its_edge() -> None:
    star = [(0, 1), (0, 2), (0, 3)]
    assert solve_pcst(4, star, [0, 2, 2, 2], [1, 1, 1]) == Tree(nodes=(0, 1, 2, 3), edges=(0, 1, 2))
    # leaves at 0.8 each: one leaf alone (0.8) beats any tree (two leaves: 1.6 - 2)
    lone = solve_pcst(4, star, [0, 0.8, 0.8, 0.8], [1, 1, 1])
    assert len(lone.nodes) == 1 and lone.nodes[0] in (1, 2, 3) and lone.edges == ()


def test_degenerate_inputs() -> None:
    assert solve_pcst(0, [], [], []) == Tree((), ())
    assert solve_pcst(6, EDGES, [0] * 6, COSTS) == Tree((), ())  # no prize: no tree (pcst_fast picks any node)
    assert solve_pcst(3, [], [0, 2, 1], []) == Tree((1,), ())
    with pytest.raises(ValueError, match="need 3 prizes"):
        solve_pcst(3, [(0, 1)], [1, 1], [1])


def test_rank_prizes_top_k_descending_ties_by_index() -> None:
    prizes = rank_prizes([0.1, 0.9, 0.5, 0.9, -1.0], 3)
    assert prizes.tolist() == [0.0, 3.0, 1.0, 2.0, 0.0]
    assert rank_prizes([0.3, 0.2], 10).tolist() == [2.0, 1.0]
    assert not np.any(rank_prizes([0.3, 0.2], 0))
