"""GroupTester's inference of a moving group's second half (by elimination), with a fake measure: inferred inside a
split, tested at the first split of a group tested whole when the tester is told not to infer roots; and the second
halves of splits whose first half moved, tested together once the mover is found (defer_second)."""

from __future__ import annotations

import asyncio

from xgrag.explain.perturbers import Planned
from xgrag.explain.schedulers import GroupTester
from xgrag.model import Perturbation


def units(n: int) -> list[Planned]:
    return [Planned(Perturbation(excluded_rel_ids=frozenset({f"r{i}"})), "edge", "edge", f"r{i}") for i in range(n)]


def search(moves, infer_roots: bool, defer_second: bool = False) -> tuple[list[list[str]], set[str], set[str]]:
    """Test all 32 units as one group, then settle; (every removal measured, the units measured alone, cleared)."""
    calls: list[list[str]] = []
    planned = units(32)

    async def measure(members):
        removed = [m.target for m in members]
        calls.append(removed)
        return (0.5 if moves(set(removed)) else 0.0), f"run:{removed[0]}"

    async def go():
        tester = GroupTester(measure, threshold=1e-6, top_k=3, infer_roots=infer_roots, defer_second=defer_second)
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


def test_the_second_halves_beside_a_found_mover_are_tested_together() -> None:
    def one(removed: set[str]) -> bool:
        return "r3" in removed

    plain, alone, cleared = search(one, infer_roots=True)
    assert alone == {"r3"} and len(cleared) == 31
    # 1 whole; [0..15] moved, [16..31] tested; [0..7], [8..15]; [0..3], [4..7]; [0, 1] kept, so [2, 3] holds it:
    # [2] kept, [3] alone
    assert len(plain) == 10
    deferred, alone, cleared = search(one, infer_roots=True, defer_second=True)
    assert alone == {"r3"} and len(cleared) == 31
    # the halves beside the mover's path ([16..31], [8..15], [4..7]) wait, then go as one group that keeps the
    # answer: 2 tests fewer, and one test however deep the mover lies
    assert len(deferred) == 8 and sorted(deferred[-1], key=lambda t: int(t[1:])) == [f"r{i}" for i in range(4, 32)]
    # a second mover among the pending halves moves their group, which is then searched: nothing is missed
    both, alone, _ = search(lambda removed: bool({"r3", "r25"} & removed), infer_roots=True, defer_second=True)
    assert alone == {"r3", "r25"}


def test_an_inferred_half_whose_first_half_kept_the_answer_is_tested_not_inferred_again() -> None:
    # support split across the second half's quarters: r20 or r30 gives the answer, so the whole group and its second
    # half move (tested: infer_roots=False), [16..23] keeps it (r30 left), the inferred [24..31]'s first half
    # [24..27] keeps it (r20 left)
    def both(removed: set[str]) -> bool:
        return {"r20", "r30"} <= removed

    calls, alone, cleared = search(both, infer_roots=False)
    # [28..31] is tested, keeps the answer, and both halves are cleared: 6 tests, where inferring it again
    # descended to single facts that move nothing (8: [28, 29], [30], [31])
    assert len(calls) == 6 and calls[-1] == [f"r{i}" for i in range(28, 32)]
    assert not alone and len(cleared) == 32
    # one fact that moves the answer alone is still found, for one test more where the descent meets two halves in
    # a row that keep it
    calls, alone, _ = search(lambda removed: "r30" in removed, infer_roots=False)
    assert alone == {"r30"} and len(calls) == 9
    # a tester that infers roots (a stack's items and spans) infers as before
    calls, alone, cleared = search(both, infer_roots=True)
    assert not alone and len(calls) == 1 + 1 + 3 + 2


def test_pending_halves_that_cannot_beat_the_top_k_are_not_removed_again() -> None:
    # a proxy plan's two candidates moved the answer alone, and the group of its candidates left (one mover among
    # four) moved it too: the split finds the third mover, each as moving as the group it was split from. The top
    # 3 is then settled, and the halves pending beside the mover (ranked as the group they came from) cannot beat
    # it: their removal together would only clear them. They stay unresolved, one test fewer (5, not 6)
    calls: list[list[str]] = []
    planned = units(6)
    movers = {"r0", "r1", "r2"}

    async def measure(members):
        removed = [m.target for m in members]
        calls.append(removed)
        return (0.5 if movers & set(removed) else 0.0), f"run:{removed[0]}"

    async def go():
        tester = GroupTester(measure, threshold=1e-6, top_k=3, infer_roots=False, defer_second=True)
        await tester.test([planned[0]])
        await tester.test([planned[1]])
        await tester.test(planned[2:])
        return await tester.settle()

    result = asyncio.run(go())
    by_id = {id(p): p.target for p in planned}
    assert {by_id[i] for i in result.singletons} == movers
    assert calls == [["r0"], ["r1"], ["r2", "r3", "r4", "r5"], ["r2", "r3"], ["r2"]]
    assert not {by_id[i] for i in result.cleared}


def test_a_moving_pair_of_few_candidates_has_its_second_member_tested_at_once() -> None:
    # a proxy plan's group of four candidates left (fewer than SMALL: the links of a few trails) moved the answer,
    # and two of them, the two links of the chain the reader follows, move it alone. The split finds [r0, r1]
    # moving and r0 moving alone; r1, the pair's second, is then tested at once, and the pending half [r2, r3]
    # clears: 5 tests. Left pending beside [r2, r3], r1 moved their group too, which was split again down to it
    # ([r2, r3, r1], [r2], [r3, r1] inferred: [r3], [r1]): 7 tests
    calls: list[list[str]] = []
    planned = units(4)
    movers = {"r0", "r1"}

    async def measure(members):
        removed = [m.target for m in members]
        calls.append(removed)
        return (0.5 if movers & set(removed) else 0.0), f"run:{removed[0]}"

    async def go():
        tester = GroupTester(measure, threshold=1e-6, top_k=3, infer_roots=False, defer_second=True)
        await tester.test(planned)
        return await tester.settle()

    result = asyncio.run(go())
    by_id = {id(p): p.target for p in planned}
    assert {by_id[i] for i in result.singletons} == movers
    assert calls == [["r0", "r1", "r2", "r3"], ["r0", "r1"], ["r0"], ["r1"], ["r2", "r3"]]
    assert {by_id[i] for i in result.cleared} == {"r2", "r3"}


def test_a_context_rests_moving_pair_still_leaves_its_second_member_pending() -> None:
    # the same pair inside a group of SMALL or more (a context's rest, where a pair's second is as unlikely to move
    # as any pending half): left pending, as before
    calls, alone, cleared = search(lambda removed: "r0" in removed, infer_roots=False, defer_second=True)
    assert alone == {"r0"} and len(cleared) == 31
    assert ["r1"] not in calls


def chain_search(chain) -> tuple[list[list[str]], set[str]]:
    """Three candidates left, each of which moves the answer alone, tested as one group, then settled; (every removal
    measured, the units measured alone)."""
    calls: list[list[str]] = []
    planned = units(3)

    async def measure(members):
        removed = [m.target for m in members]
        calls.append(removed)
        return 0.5, f"run:{removed[0]}"

    async def go():
        tester = GroupTester(measure, threshold=1e-6, top_k=3, infer_roots=False, defer_second=True, chain=chain)
        await tester.test(planned)
        return await tester.settle()

    result = asyncio.run(go())
    by_id = {id(p): p.target for p in planned}
    return calls, {by_id[i] for i in result.singletons}


def test_a_moving_group_of_few_that_is_one_chain_has_each_member_tested_alone() -> None:
    # a proxy plan's group of three candidates left that is one whole trail to the answer (the chain the reader
    # follows: `chain` says so) moved the answer, and each of its links moves it alone. Tested alone: 4 tests.
    # Halved, [r0] moved, [r1, r2] waited, moved when removed together and was split again: 5 tests. A group the
    # callback does not call a chain is halved as before.
    calls, alone = chain_search(lambda members: True)
    assert alone == {"r0", "r1", "r2"}
    assert calls == [["r0", "r1", "r2"], ["r0"], ["r1"], ["r2"]]
    calls, alone = chain_search(lambda members: False)
    assert alone == {"r0", "r1", "r2"}
    assert calls == [["r0", "r1", "r2"], ["r0"], ["r1", "r2"], ["r1"], ["r2"]]
