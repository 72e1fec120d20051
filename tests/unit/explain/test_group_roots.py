"""GroupTester's inference of a moving group's second half (by elimination), with a fake measure: inferred inside a
split, tested at the first split of a group tested whole when the tester is told not to infer roots."""

from __future__ import annotations

import asyncio

from xgrag.explain.perturbers import Planned
from xgrag.explain.schedulers import GroupTester
from xgrag.model import Perturbation


def units(n: int) -> list[Planned]:
    return [Planned(Perturbation(excluded_rel_ids=frozenset({f"r{i}"})), "edge", "edge", f"r{i}") for i in range(n)]


def search(moves, infer_roots: bool) -> tuple[list[list[str]], set[str], set[str]]:
    """Test all 32 units as one group, then settle; (every removal measured, the units measured alone, cleared)."""
    calls: list[list[str]] = []
    planned = units(32)

    async def measure(members):
        removed = [m.target for m in members]
        calls.append(removed)
        return (0.5 if moves(set(removed)) else 0.0), f"run:{removed[0]}"

    async def go():
        tester = GroupTester(measure, threshold=1e-6, top_k=3, infer_roots=infer_roots)
        await tester.test(list(planned))
        return await tester.settle()

    result = asyncio.run(go())
    by_id = {id(p): p.target for p in planned}
    return calls, {by_id[i] for i in result.singletons}, {by_id[i] for i in result.cleared}


def test_a_group_moved_only_by_removing_both_halves_clears_them_instead_of_descending() -> None:
    # redundant support split across the halves: r3 or r20 gives the answer, so only removing both moves it
    def both(removed: set[str]) -> bool:
        return {"r3", "r20"} <= removed

    calls, alone, cleared = search(both, infer_roots=True)
    # inferred: the first half kept the answer, so the second half "holds the mover" and is split down to the last
    # pair, both of whose facts are removed alone and move nothing (16 -> 8 -> 4 -> 2: 3 more halves, 2 alone)
    assert len(calls) == 1 + 1 + 3 + 2 and not alone and len(cleared) == 32
    calls, alone, cleared = search(both, infer_roots=False)
    # tested: both halves keep the answer and are cleared, 2 tests after the whole
    assert len(calls) == 1 + 2 and not alone and len(cleared) == 32


def test_below_the_first_split_the_second_half_is_still_inferred() -> None:
    def one(removed: set[str]) -> bool:
        return "r20" in removed

    inferred, alone, _ = search(one, True)
    assert alone == {"r20"}
    tested, alone, _ = search(one, False)
    assert alone == {"r20"}
    # the same search but for the whole group's second half, tested rather than inferred: one test more
    assert len(tested) == len(inferred) + 1
    assert tested[:3] == [[f"r{i}" for i in range(32)], [f"r{i}" for i in range(16)],
                          [f"r{i}" for i in range(16, 32)]]
