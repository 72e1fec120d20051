"""Adaptive group testing: perturb groups of components first, split only groups whose removal moves the
answer, stop once the top-k is settled.

Testing starts from one group holding every component, ordered so that each branch of the subgraph hanging
off the question's seed entities (the connected components left when the seeds are removed) is contiguous;
a moving group is split in halves, so splits fall along branches where they can. A group
whose removal does not move the answer clears all its members (each alone would not move it either unless
effects cancel, which the tests measure against leave-one-out). Under the "logprob" score a moving group's second
half is tested, not inferred to hold the mover when the first half did not move: small drops of log P(a0) add up,
so a group can cross the threshold with neither half doing so (GroupTester.by_elimination). Stops when k
components are measured whose importance is at least the effect of every group still unsplit.

A stack's context nests (xgrag.explain.stack: items, and the spans of an item's text): the spans of an item are
contiguous and form its own first group, and the nested strategy (`Perturber.nested_in`) only looks inside the
items whose removal moved the answer; the spans of an item whose removal did not are cleared by that test.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from xgrag.explain.perturbers import REGISTRY, Planned, union_of
from xgrag.explain.run import ExplainRun, Probe
from xgrag.model import Subgraph
from xgrag.model.copies import GROUP_PREFIX
from xgrag.model.records import GroupTesting as GroupTestingRecord

SMALL = 8  # below this many components, testing them one by one costs no more than splitting
Measure = Callable[[Sequence[Planned]], Awaitable[tuple[float, Any]]]


@dataclass
class GroupResult:
    singletons: dict[int, Any] = field(default_factory=dict)  # id(planned) -> the run that measured it alone
    effects: dict[int, float] = field(default_factory=dict)
    cleared: set[int] = field(default_factory=set)
    tests: int = 0
    verify: bool = True  # False: the search's own plan settled the ranking (a confirmed proxy): no verification
    # components the search's own plan already asked alone as its proxy's most promising (a proxy-first plan's
    # candidates): they count toward the verification's `verify` (GroupTesting.run), which tops them up
    verified_by_plan: int = 0
    # a proxy-first plan: how many components it verified alone, a joint probe of copies (`joint`) counted once
    proxy_candidates: int | None = None
    proxy_confirmed: bool | None = None  # ... and whether removing everything else left the answer unchanged
    # under logprob, when the sufficiency probe's drop crossed the threshold: the share of the facts' effect on
    # log P(a0) the candidates kept alone (scoring.kept_share)
    kept_share: float | None = None
    # units holding copies of one statement, removed together (ProxyFirst on a stack's context) and moving the
    # answer: (the units, the run that measured them together); reported as one group of copies (GroupTesting.run)
    joint: list[tuple[list[Planned], Any]] = field(default_factory=list)
    # the leave-one-out ceiling (GroupTester.settle): the calls leave-one-out over the searched units would have
    # spent, the baseline's included, and whether the search finished as leave-one-out to stay near it
    loo_ceiling: int | None = None
    ceiling_hit: bool = False
    # a proxy-first plan whose candidates did not confirm it: the facts naming an entity the answer names (or
    # stating its value) then verified alone before group testing searched the rest (ProxyFirst.search)
    answer_entity_candidates: int | None = None
    proxy: str | None = None  # a proxy-first plan: which proxy ranked ("embedding" | "attention")


def branch_order(units: Sequence[Planned], graph: Subgraph, by_relation: bool = True) -> list[Planned]:
    """Units ordered branch by branch (branches: the connected components of the subgraph without its seeds),
    and within a branch by relation type (`by_relation`), so that contiguous runs of the order are structural
    groups: a film with its facts, then within it the facts of one relation. A stack's context units are ordered
    by nesting instead: each item's spans together, in prompt order."""
    if any(p.kind in ("item", "span") for p in units):
        return [p for g in nesting_groups(units) for p in g]
    seeds = set(graph.seeds)
    parent = {n: n for n in graph.nodes}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in graph.relationships.values():
        if r.source not in seeds and r.target not in seeds:
            parent[find(r.source)] = find(r.target)

    def branch(p: Planned) -> str:
        nodes: list[str] = []
        target = p.target
        if p.kind == "property" and target in graph.properties:
            target = graph.properties[target].owner  # a property fact sits in its element's branch
            if target in seeds:
                return f"seed:{target}"
        if target in graph.relationships and p.kind in ("edge", "property"):
            r = graph.relationships[target]
            nodes = [n for n in (r.source, r.target) if n not in seeds]
        elif target in graph.nodes and p.kind in ("node", "property"):
            nodes = [] if target in seeds else [target]
        return find(nodes[0]) if nodes else f"seed:{target}"

    def relation(p: Planned) -> str:
        if p.kind == "property" and p.target in graph.properties:
            return graph.properties[p.target].key
        r = graph.relationships.get(p.target) if p.kind == "edge" else None
        return r.label if r is not None else ""

    groups: dict[str, list[Planned]] = {}
    for p in units:
        groups.setdefault(branch(p), []).append(p)
    # sorted() is stable: within a relation type the units keep their planned order
    return [p for k in sorted(groups) for p in (sorted(groups[k], key=relation) if by_relation else groups[k])]


def prompt_order(units: Sequence[Planned], order: Mapping[str, int], graph: Subgraph) -> list[Planned]:
    """Units in the order the prompt states them (xgrag.generate.prompt.render with `order`: the entities, each with
    its property facts, then the relationships, each with its own; unranked ones after the ranked, as render puts
    them; ties keep the given order). A group test that removes a contiguous run of this order leaves the prompt
    unchanged up to the run's first unit, so a prefix cache (SmolLM2's kept KV cache, a server's) reuses all of it,
    and the removed units are not computed at all: the probe computes only what follows the run. Members spread over
    the prompt (branch_order) change it near its start and leave most of it to compute again."""
    unranked = len(order)

    def position(p: Planned) -> tuple[int, int]:
        target = p.target
        if p.kind == "property" and target in graph.properties:
            fact = graph.properties[target]
            return (0, order.get(fact.owner, unranked)) if fact.owner_kind == "node" \
                else (1, order.get(fact.owner, unranked))
        if p.kind == "node":
            return 0, order.get(target, unranked)
        return 1, order.get(target, unranked)

    return sorted(units, key=position)


def search_order(units: Sequence[Planned], run: ExplainRun) -> list[Planned]:
    """The order a search splits units in: branch by branch (branch_order, planned order within a branch), or, when
    the run's prompt is ordered for a prefix cache (`run.order`: the "promise" order, chosen for a generator that
    reuses computed prefixes), the prompt's own order (prompt_order), so that every half a search tests is a
    contiguous run of the prompt and its probe reuses the prefix before it. A stack's nested units keep nesting
    order. Under the canonical order nothing changes: the searches measured with branch order stay as measured."""
    if run.order and not any(p.kind in ("item", "span") for p in units):
        return prompt_order(branch_order(units, run.graph, by_relation=False), run.order, run.graph)
    return branch_order(units, run.graph, by_relation=False)


def nesting_groups(units: Sequence[Planned]) -> list[list[Planned]]:
    """Units grouped by the unit they nest under (`Planned.parent`), in order of first appearance; a unit that nests
    under nothing is a group of its own."""
    groups: dict[str, list[Planned]] = {}
    for i, p in enumerate(units):
        groups.setdefault(f"parent:{p.parent}" if p.parent is not None else f"own:{i}", []).append(p)
    return list(groups.values())


def initial_groups(units: Sequence[Planned], graph: Subgraph,
                   order: Mapping[str, int] | None = None) -> list[list[Planned]]:
    """One root group, ordered branch by branch (see branch_order), or in the prompt's order when `order` (the
    prompt's ranks, ExplainRun.order) is given (see search_order).

    Starting from the root costs 1 + ~2 log2(n) tests per important component; starting from the branches
    would cost at least one test per branch, which is every component when each hangs off a seed. Nested units
    (spans) start from their parents' groups instead: one group per item, whose test repeats the item's removal
    (the same prompt: answered from the oracle's memo, not the model)."""
    if any(p.parent is not None for p in units):
        return [g2 for g in nesting_groups(units) for g2 in ([[p] for p in g] if len(g) < SMALL else [g])]
    # within a branch, the planned order: the order group testing's figures (benchmarks/bench_cost.py) were
    # measured with; sorting by relation there moved one 3-hop question's split and lost its agreement
    ordered = branch_order(units, graph, by_relation=False)
    if order:
        ordered = prompt_order(ordered, order, graph)
    if len(ordered) < SMALL:
        return [[p] for p in ordered]  # 1 + 2 log2(n) >= n: plain leave-one-out is cheaper
    return [ordered]


class GroupTester:
    """One search's tests and what they settled (`result`): `test` a group (cleared, measured alone, or queued to
    split), `settle` by splitting the queued groups until the top-k is settled; `run` does both for the groups
    given."""

    def __init__(self, measure: Measure, threshold: float, top_k: int = 3,
                 can_ask: Callable[[], bool] = lambda: True, by_elimination: bool = True,
                 ceiling: int | None = None, calls: Callable[[], int] | None = None,
                 infer_roots: bool = True, defer_second: bool = False,
                 chain: Callable[[Sequence[Planned]], bool] | None = None) -> None:
        self.measure = measure
        self.threshold = threshold
        self.top_k = top_k
        self.can_ask = can_ask  # False once the call budget is spent: what is untested stays unresolved
        # A group that moved the answer and whose first half did not holds its mover in the second half: so under
        # "shift", where an answer moves when some member of the removal matters. Under "logprob" (False) the small
        # drops of removals add up: a group can cross the threshold with neither half doing so alone, and the
        # second half is tested instead of inferred (when it does not move either, both halves are cleared rather
        # than split down to a single fact that moves nothing).
        self.by_elimination = by_elimination
        # False: a group of SMALL or more tested as a whole (not a half of a split) that moved is split with both
        # halves tested, its second half never inferred to move from a first half that did not. Inference assumes
        # one fact or a few that move the answer alone; a removal of most of a context can move an answer that no
        # part of it moves (redundant support split across the halves, a reader that answers otherwise from the few
        # facts left), and inference then descends to a single fact that moves nothing, ~log2(n) calls (the
        # proxy's sufficiency probe: ProxyFirst; benchmarks/README.md, bench_answer_cost, cost6). A small group
        # (the proxy's candidates left) is still inferred: its halves are a fact or two.
        self.infer_roots = infer_roots
        self.roots: set[int] = set()  # the heap counters of groups tested as a whole
        # the heap counters of second halves inferred to move (never measured). Under infer_roots=False an inferred
        # group of SMALL or more whose own first half did not move either has its second half tested, not inferred
        # again: two halves in a row that kept the answer say the group's move was the removal of most of a context
        # (a reader answering otherwise from the few facts left, or support split across the halves), not one fact
        # (benchmarks/README.md, bench_answer_cost, cost8: dev-4222 descended 8 halves to a fact that moved nothing)
        self.inferred: set[int] = set()
        # True (under by_elimination): when a split's first half moved, its second half is not tested at once but
        # kept pending, and once the search has followed the movers down, the pending halves are removed together
        # in one group test (cleared at once when the answer stays; searched as a group when it moves). One mover
        # among n then costs ~log2(n) + 1 tests rather than 2 log2(n) (benchmarks/README.md, cost6)
        self.defer_second = defer_second
        self.pending: list[list[Planned]] = []
        # the heap counters of groups descending from a group of fewer than SMALL members tested whole (a proxy's
        # candidates left, or the answer's entity's facts: a handful of trail facts, not a context's rest). There a
        # moving pair whose first member moved alone has its second tested at once rather than left pending
        # (settle): the candidates are the links of a few trails, and a pair of them that moved together is most
        # often two links of the one chain the reader follows, each of which moves the answer alone. Left pending
        # it moved the pending halves' group too, which was split again down to it (benchmarks/README.md,
        # bench_answer_cost, cost18: 2 tests more on each of dev-14587 and dev-10441)
        self.few: set[int] = set()
        # True for the members of a group that are one chain from the question to the answer (ProxyFirst: a whole
        # trail from a seed to a node the answer names, stating the question's relation words). A group of fewer
        # than SMALL tested whole that moved the answer and is such a chain has each member tested alone instead of
        # halved (settle): a reader that follows a chain loses it when any link goes, so its links are most often
        # each a mover, and halving a group of movers costs more tests than its members (benchmarks/README.md,
        # bench_answer_cost, cost19: 3 movers of 3 in 4 tests, 2 of 5 in 7). A group that is no such chain (a trail
        # of other relations, facts of several trails) is halved as before: it most often holds one mover.
        self.chain = chain
        # the largest effect of a group a pending half was split from: what the pending halves are ranked by, as an
        # unsplit group is ranked by its own removal's effect (settle)
        self.pending_bound = 0.0
        # The leave-one-out ceiling: the target calls leave-one-out over the same units would spend (the baseline's
        # included), and the target's running count (`calls`). See settle.
        self.ceiling = ceiling
        self.calls = calls
        self.drifting = False  # a split showed the drift moving groups down to pairs (drifts_to_pairs)
        self.result = GroupResult(loo_ceiling=ceiling)
        self.heap: list[tuple[float, int, list[Planned]]] = []
        self.counter = 0

    async def test(self, members: list[Planned]) -> bool:
        """Measure a group; True when its removal moved the answer (a group is then queued to be split)."""
        effect, run = await self.measure(members)
        return self.record(members, effect, run, root=True)

    def record(self, members: list[Planned], effect: float, run: Any, root: bool = True) -> bool:
        """What a group's measured removal settles (`test` without the measurement): cleared below the threshold,
        else measured alone (one member) or queued to be split. True when it moved the answer."""
        self.result.tests += 1
        if effect <= self.threshold:
            self.result.cleared.update(id(m) for m in members)
            return False
        if len(members) == 1:
            self.result.singletons[id(members[0])] = run
            self.result.effects[id(members[0])] = effect
        else:
            self.counter += 1
            heapq.heappush(self.heap, (-effect, self.counter, members))
            if root:
                self.roots.add(self.counter)
                if len(members) < SMALL:
                    self.few.add(self.counter)
        return True

    async def test_joint(self, members: list[Planned]) -> bool:
        """Measure units that hold copies of one statement, together; True when their removal moved the answer.
        Cleared together when it did not; when it did, the removal is their joint importance (`result.joint`), not
        a group to split: removed alone, each would leave the other copies."""
        effect, run = await self.measure(members)
        self.result.tests += 1
        if effect <= self.threshold:
            self.result.cleared.update(id(m) for m in members)
            return False
        self.result.joint.append((members, run))
        return True

    def undecided(self) -> int:
        """The units still in groups that moved the answer or are pending (defer_second): neither measured alone nor
        cleared by a group test."""
        return sum(len(members) for _, _, members in self.heap) + sum(len(p) for p in self.pending)

    def over_ceiling(self, allowed: int) -> bool:
        """Would finishing as leave-one-out now (every undecided unit alone) spend more than the ceiling plus
        `allowed` calls? False without a ceiling."""
        if self.ceiling is None or self.calls is None:
            return False
        return self.calls() + self.undecided() > self.ceiling + allowed

    async def settle(self) -> GroupResult:
        """Split the queued groups, the most moving first, until no unsplit group can beat the k-th measured one.

        Under a leave-one-out ceiling (`ceiling`: the calls leave-one-out over the same units would spend, the
        baseline's included) the search finishes as leave-one-out once it is clearly losing to it: before each
        split it projects its total were it to finish as leave-one-out now (the calls spent plus one per undecided
        unit), and once that exceeds the ceiling by more than `allowed` it finishes so, every undecided unit
        removed alone, reusing what every test so far measured or cleared (`result.ceiling_hit`). Splitting costs
        two tests per level, and under a graded score (logprob) a long answer's drift can move every group down to
        pairs of facts, at up to twice leave-one-out's cost (dev-8068 of bench_answer_cost: 112 calls against 104).

        Leave-one-out's own count cannot be the bound of a plan that tests groups at all: a group test that settles
        nothing (it moved, all its members stay undecided) puts the projection one over, and only a later group
        that clears takes it back; where every group moves (the drift) none does, and where the drift stops at
        groups of a few facts the projection climbs over the ceiling by a third of the units before the halves
        start clearing and the search ends at half of leave-one-out's cost
        (test_logprob_score::test_a_group_whose_halves_each_keep_a0_is_cleared_not_split_down_to_single_facts:
        21 probes against 42). What is allowed over: the tests asked before the search that settled nothing (a
        root group, a proxy's sufficiency probe and its reference: no plan knows before asking them whether they
        clear), the splits whose two halves both moved while separating the top-k (at most k - 1 when nothing
        drifts), and half the units the search started with (the drift's climb) until the drift read off a split
        whose two halves both moved says the halves will keep moving down to pairs of facts (`drifts_to_pairs`);
        from then on that half is no longer allowed. Each split is judged after both its halves, so a search ends
        within the ceiling + those tests + 2 (k - 1) + 2, + half its units when no such drift was seen: at most
        about 1.5 times leave-one-out, where plain splitting reaches twice."""
        result, heap = self.result, self.heap
        fixed = drift = 0
        if self.ceiling is not None and self.calls is not None:
            fixed = max(0, self.calls() + self.undecided() - self.ceiling) + 2 * max(0, self.top_k - 1)
            drift = (self.undecided() + 1) // 2
        while (heap or self.pending) and self.can_ask():
            top_effects = sorted(result.effects.values(), reverse=True)
            if not heap or len(top_effects) >= self.top_k and top_effects[self.top_k - 1] >= -heap[0][0]:
                if not self.pending:
                    break  # no unsplit group can beat the k-th measured component
                if len(top_effects) >= self.top_k and top_effects[self.top_k - 1] >= self.pending_bound:
                    # nor can a pending half: it is ranked as the group it was split from (whose removal's effect
                    # bounds it as an unsplit group's bounds its members), and the k measured components already
                    # reach that. Their removal together would only clear them: the top-k is settled without it,
                    # and they stay unresolved as an unsplit group does (a confirmed plan whose candidates left
                    # held the three movers paid that call for nothing: benchmarks/README.md, bench_answer_cost,
                    # cost17)
                    break
                # the second halves left pending, removed together: cleared when the answer stays (a group
                # tested whole: split with both halves tested when it moves, infer_roots)
                together = [m for p in self.pending for m in p]
                self.pending.clear()
                await self.test(together)
                continue
            if self.over_ceiling(fixed + (0 if self.drifting else drift)):
                await self.finish_alone()
                break
            neg_effect, counter, members = heapq.heappop(heap)
            if self.chain is not None and counter in self.roots and counter in self.few and self.chain(members):
                for m in members:  # a chain's links, each alone (its removal already moved the answer)
                    if not self.can_ask():
                        self.counter += 1
                        heapq.heappush(heap, (neg_effect, self.counter, members[members.index(m):]))
                        break
                    effect, measured = await self.measure([m])
                    self.record([m], effect, measured, root=False)
                continue
            half = len(members) // 2
            first_effect, first_run = await self.measure(members[:half])
            moved = self.record(members[:half], first_effect, first_run, root=False)
            few = counter in self.few
            if moved and few and half > 1:
                self.few.add(self.counter)  # the first half queued to be split: of the same few
            rest = members[half:]
            if not self.can_ask():
                if moved:
                    self.counter += 1
                    heapq.heappush(heap, (neg_effect, self.counter, rest))  # untested: stays unresolved
                break
            # a half measured to move (neither a group tested whole nor a half inferred): its mover is inferred
            half_that_moved = counter not in self.roots and counter not in self.inferred
            if not moved and len(rest) > 1 and self.by_elimination and (
                    self.infer_roots or half_that_moved or len(members) < SMALL):
                # the group moved and its first half did not: the second half holds the mover, so split it
                # directly (binary splitting) instead of spending a test on it as a whole
                self.counter += 1
                heapq.heappush(heap, (neg_effect, self.counter, rest))
                self.inferred.add(self.counter)
                if few:
                    self.few.add(self.counter)
            elif moved and self.defer_second and self.by_elimination and not (
                    few and len(rest) == 1 and not self.settled(-neg_effect)):
                self.pending.append(rest)  # tested with the other pending halves, once the movers are followed
                self.pending_bound = max(self.pending_bound, -neg_effect)
            else:
                # (also the one member left of a moving pair of a few candidates whose first member moved alone,
                # while the top-k is not settled: `few`)
                rest_effect, rest_run = await self.measure(rest)
                if self.record(rest, rest_effect, rest_run, root=False) and few and len(rest) > 1:
                    self.few.add(self.counter)
                if rest_effect > self.threshold and moved:
                    self.drifting = self.drifting or self.drifts_to_pairs(
                        len(members[:half]), first_effect, len(rest), rest_effect)
        return result

    def settled(self, bound: float) -> bool:
        """Do the top_k components measured alone reach `bound` (a group's removal's effect, which ranks what is
        left of it)?"""
        top = sorted(self.result.effects.values(), reverse=True)
        return len(top) >= self.top_k and top[self.top_k - 1] >= bound

    def drifts_to_pairs(self, size_a: int, effect_a: float, size_b: int, effect_b: float) -> bool:
        """Under the logprob score (not `by_elimination`), after a split whose two halves both moved: does the drop
        per unit of the half that dropped less (the one less likely to hold a mover: its drop is the drift every
        removal makes) cross the threshold for groups of 3 or fewer, i.e. will halving keep moving groups down to
        pairs, where splitting costs more than removing each alone? Importances are 1 - exp(-drop)
        (scoring.logprob_importance): turned back into nats, which add up over removals as the drift does."""
        if self.by_elimination:
            return False

        def nats(effect: float) -> float:
            return -math.log1p(-min(effect, 1.0 - 1e-16))

        per_unit = min(nats(effect_a) / max(size_a, 1), nats(effect_b) / max(size_b, 1))
        return 3 * per_unit > nats(self.threshold)

    async def finish_alone(self) -> None:
        """Leave-one-out over the undecided units (the ceiling's fallback): each unit of every queued group removed
        alone, the most moving group's first."""
        self.result.ceiling_hit = True
        queued = [heapq.heappop(self.heap)[2] for _ in range(len(self.heap))] + self.pending
        self.pending = []
        for i, members in enumerate(queued):
            for j, m in enumerate(members):
                if not self.can_ask():
                    # what the budget leaves untested stays queued: unresolved
                    rest = members[j:] + [u for g in queued[i + 1:] for u in g]
                    self.counter += 1
                    heapq.heappush(self.heap, (0.0, self.counter, rest))
                    return
                # measured as leave-one-out measures it, also below the threshold (reported "measured", with its
                # own effect, as leave-one-out reports it; not "cleared by a group test")
                effect, measured = await self.measure([m])
                self.result.tests += 1
                self.result.singletons[id(m)] = measured
                self.result.effects[id(m)] = effect
                self.result.cleared.discard(id(m))

    async def run(self, groups: Sequence[Sequence[Planned]]) -> GroupResult:
        for g in groups:
            if g and self.can_ask():
                await self.test(list(g))
        return await self.settle()


class GroupTesting:
    """Adaptive group testing per strategy (strategies that are not `groupable` — masks are groups already,
    renames do not compose — are asked one by one). Members of a group whose removal does not move the answer
    are cleared with importance 0 (evaluated = "group"); groups that move it are split until the top-k is
    settled."""

    name = "group"

    def __init__(self, top_k: int = 3, max_calls: int | None = None, verify: int = 0) -> None:
        self.top_k = top_k
        self.verify = verify  # components asked alone after the tests, most promising first
        self.max_calls = max_calls  # generator calls in all (baselines included), as --max-calls counts them

    async def search(self, measure: Measure, units: Sequence[Planned], run: ExplainRun, threshold: float,
                     can_ask: Callable[[], bool], ceiling: int | None = None) -> GroupResult:
        """Which groups to test: adaptive splitting from the root (HierarchicalSearch and ProxyFirst override
        this), under the leave-one-out `ceiling` (GroupTester.settle)."""
        tester = GroupTester(measure, threshold=threshold, top_k=self.top_k, can_ask=can_ask,
                             by_elimination=run.settings.response_score != "logprob", ceiling=ceiling,
                             calls=lambda: run.oracle.calls)
        return await tester.run(initial_groups(units, run.graph, run.order))

    @staticmethod
    def _outside_moving_parents(run: ExplainRun, probes: Sequence[Probe], parent_strategy: str,
                                units: Sequence[Planned], threshold: float) -> dict[int, str]:
        """The nested units not to search, with their outcome: "no-effect" under a parent whose removal did not move
        the answer (measured alone or cleared by a group test), "unresolved" under a parent left unresolved. Units
        whose parent strategy did not run are all searched."""
        # an item in a group of copies (xgrag.model.copies) is tested by its group's removal
        parents = {t: p for p in probes if p.planned.strategy == parent_strategy
                   for t in (p.planned.members or (p.planned.target,))}
        if not parents:
            return {}
        outside: dict[int, str] = {}
        for planned in units:
            parent = parents.get(planned.parent or "")
            if parent is None:
                continue
            if parent.response is not None:
                if run.effect(parent.response) <= threshold:
                    outside[id(planned)] = "no-effect"
            elif parent.planned.note.get("group") == "no-effect":
                outside[id(planned)] = "no-effect"
            else:
                outside[id(planned)] = "unresolved"
        return outside

    @staticmethod
    def _join_copies(probes: list[Probe], by_planned: dict[int, Probe], result: GroupResult) -> set[int]:
        """Units removed together as holders of copies of one statement (`result.joint`) become one probe in
        `probes`, in the place of the first: a group of copies (`Planned.members`, as xgrag.model.copies groups are
        planned), whose importance each unit reports as its joint importance, linked to the others. Returns the
        ids of the Planned it replaced."""
        joined: set[int] = set()
        position = {id(p.planned): i for i, p in enumerate(probes)}
        for together, measured in result.joint:
            members = sorted(together, key=lambda m: position[id(m)])  # in prompt order, as copy groups are
            ids = tuple(m.target for m in members)
            first = members[0]
            planned = Planned(union_of(members, first.strategy), first.strategy, first.kind,
                              GROUP_PREFIX + "+".join(ids), parent=first.parent if all(
                                  m.parent == first.parent for m in members) else None, members=ids)
            planned = replace(planned, perturbation=replace(planned.perturbation, target=planned.target))
            probe = Probe(planned, context=measured.context, response=measured.response)
            replaced = {id(by_planned[id(m)]) for m in members}
            at = min(i for i, p in enumerate(probes) if id(p) in replaced)
            probes[:] = [p for p in probes[:at] if id(p) not in replaced] + [probe] + [
                p for p in probes[at:] if id(p) not in replaced]
            joined |= {id(m) for m in members}
        return joined

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        requests_before = run.oracle.ledger.requests
        # Under "shift" a group is cleared only when its removal left the answer's text where it was (1e-6: float
        # rounding), as group testing's figures were measured. Under "logprob" nearly every removal lowers P(a0)
        # a little, so a group would never clear: the drop that counts as a change (ExplainRun.change_floor).
        floor_guard = max(1e-6, run.change_floor) if run.settings.response_score == "logprob" else 1e-6
        info: dict[str, Any] = {"strategies": {}}
        order = list(REGISTRY)
        by_planned = {id(p.planned): p for p in probes}

        def can_ask() -> bool:
            return self.max_calls is None or run.oracle.calls < self.max_calls

        for strategy in sorted({p.planned.strategy for p in probes}, key=order.index):
            units = [p.planned for p in probes if p.planned.strategy == strategy]
            if not REGISTRY[strategy].groupable:
                for planned in units:
                    if can_ask():
                        await run.ask(by_planned[id(planned)])
                continue

            async def measure(members: Sequence[Planned]) -> tuple[float, Probe]:
                group = Planned(union_of(members, "group"), members[0].strategy, members[0].kind,
                                f"group-{len(members)}", frozenset().union(*[m.removed_nodes for m in members]),
                                frozenset().union(*[m.removed_rels for m in members]),
                                removed_properties=frozenset().union(*[m.removed_properties for m in members]))
                probe = await run.ask(Probe(group), progress=False)
                assert probe.response is not None
                if run.settings.response_score != "logprob" and len(members) > 1 and not run.moved(probe.response):
                    run.kept_removals.append(frozenset(m.target for m in members))
                return run.effect(probe.response), probe

            parents = REGISTRY[strategy].nested_in
            outside: dict[int, str] = {}  # id(planned) -> why it was not searched (its parent's outcome)
            if parents is not None:
                outside = self._outside_moving_parents(run, probes, parents, units, floor_guard)
            searched = [p for p in units if id(p) not in outside]
            # what leave-one-out over the searched units would spend from here, the baseline already spent: no
            # search costs more (GroupTester.settle), nor does the verification below
            ceiling = run.oracle.calls + len(searched)
            result = await self.search(measure, searched, run, floor_guard, can_ask, ceiling) if searched \
                else GroupResult()
            result.cleared.update(i for i, why in outside.items() if why == "no-effect")
            joined = self._join_copies(probes, by_planned, result)
            # Proxy-ranked verification (AttriBoT's idea): effects can cancel inside a group (removing a fact
            # moves the answer, removing it with others does not), so the components the run's proxy ranks
            # most relevant to the question or answer are asked alone as well, unless a test already did.
            verified = 0
            # AttriBoT's verification is the proxy's top components asked alone; those the search's plan already
            # asked alone (a proxy-first plan's candidates) are part of it, so they are topped up to `verify`, not
            # followed by `verify` more (benchmarks/README.md, bench_answer_cost, cost8)
            to_verify = max(0, self.verify - result.verified_by_plan) if result.verify else 0
            for planned in run.by_proxy([p for p in searched if id(p) not in result.singletons
                                          and id(p) not in joined])[:to_verify]:
                if not can_ask() or run.oracle.calls >= ceiling:
                    break
                await run.ask(by_planned[id(planned)], progress=False)
                verified += 1
            for planned in units:
                if id(planned) in joined:
                    continue  # reported by its joint probe (_join_copies)
                probe = by_planned[id(planned)]
                if id(planned) not in result.singletons and probe.answered:
                    continue  # verified alone: measured like leave-one-out
                if id(planned) in result.singletons:
                    measured: Probe = result.singletons[id(planned)]
                    probe.context, probe.response = measured.context, measured.response
                else:
                    outcome = "no-effect" if id(planned) in result.cleared else "unresolved"
                    note = {**planned.note, "group": outcome}
                    if id(planned) in outside:
                        note["cleared_by"] = "parent"  # its item's removal did not move the answer (or was not asked)
                    probe.planned = replace(planned, note=note)
            info["strategies"][strategy] = {"units": len(units), "tests": result.tests,
                                            "cleared": len(result.cleared), "measured": len(result.singletons),
                                            "verified_alone": verified}
            if result.proxy_candidates is not None:
                info["strategies"][strategy].update(proxy_candidates=result.proxy_candidates,
                                                    proxy_confirmed=result.proxy_confirmed,
                                                    kept_share=result.kept_share, proxy=result.proxy)
                if result.answer_entity_candidates is not None:
                    info["strategies"][strategy]["answer_entity_candidates"] = result.answer_entity_candidates
            if result.ceiling_hit:
                info["strategies"][strategy].update(loo_ceiling=result.loo_ceiling, loo_ceiling_hit=True)
            if parents is not None:
                info["strategies"][strategy]["inside_moving_parents"] = len(searched)
        info["scheduler"] = self.name
        info["generator_requests"] = run.oracle.ledger.requests - requests_before
        if self.max_calls is not None:
            info["max_calls"] = self.max_calls
        run.group_info = GroupTestingRecord.model_validate(info)
