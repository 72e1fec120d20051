"""Redundant support (a refiner after a leave-one-out schedule): when no single removal of a strategy moves
the answer, remove its components cumulatively, least relevant to the question first, keeping each removal that
leaves the answer unchanged; the ones that then move it get their shift in that reduced context as a
conditional importance (evaluated = "conditional").

`citation_guided`: when the generator reports the facts it answered from (Generation.evidence), those are
removed last, so among interchangeable supports the one the model says it used is the one tested. That reads
the generator's self-report, which a real LLM cannot be trusted to give; it is opt-in for faithfulness
measurements and recorded in the trace.

`search="binary"` (after adaptive group testing, whose probes were mostly never asked alone) finds the same
necessary components with a binary search over the cumulative removal order instead of one call per
component: with k necessary components among n, about k·(1 + log2 n) calls instead of n. It returns what the
linear scan returns whenever removing more of the order never brings the answer back (monotone removals); on
MetaQA every leave-one-out vs group-testing disagreement was such a redundant-support case (14 of 200).

Under the "logprob" score every removal is judged against the reduced context it is made from (ExplainRun.moved_from:
the drop of log P(a0) from that context's own score), never against the full context: nearly every removal lowers
P(a0) a little, and those drops add up over a cumulative removal until one more fact of no consequence crosses the
threshold. A component is necessary when its own removal, its alternatives out, lowers P(a0) by the drop that
counts. The binary search finds where the drop from its reference crosses the threshold; when the last step there is
no change on its own (the drop was spread over many facts: `diffuse` in the trace), those facts stay out and the
search goes on from the context without them. Under "shift" a reduced context that kept a0 answers a0, so both
judgements are the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from xgrag.explain.perturbers import REGISTRY, Planned, union_of
from xgrag.explain.run import ExplainRun, Probe, Response
from xgrag.explain.schedulers.proxy import accounts_for, answer_nodes, fact_words, relation_words
from xgrag.model.trace import ResolveRedundancyStep


class RedundancyResolution:
    name = "redundancy"

    def __init__(self, citation_guided: bool, max_calls: int | None = None,
                 search: Literal["linear", "binary"] = "linear") -> None:
        self.citation_guided = citation_guided
        self.max_calls = max_calls
        self.search = search

    async def run(self, run: ExplainRun, probes: list[Probe]) -> None:
        # strategies whose single removals of one component can be redundant with each other
        resolved = [name for name, p in REGISTRY.items() if p.removes and p.unit != "mask"]
        for strategy in resolved:
            if self.search == "binary":
                # after group testing: the components its tests cleared (never asked alone) or measured
                group = [p for p in probes if p.planned.strategy == strategy and
                         (p.answered or p.planned.note.get("group") == "no-effect")]
            else:
                group = [p for p in probes if p.planned.strategy == strategy and p.answered]
            if not group or any(run.effect(p.response) > run.change_floor + 1e-6 for p in group
                                if p.response is not None):
                continue  # some single removal already moves the answer: nothing to resolve
            if self.search == "binary":
                await self._resolve_binary(run, strategy, group)
            else:
                await self._resolve(run, strategy, group)

    def _order(self, run: ExplainRun, group: list[Probe]) -> list[Planned]:
        # least relevant to the question first, so the facts the question asks about are removed last
        order = list(reversed(run.by_promise([p.planned for p in group], question_only=True)))
        cited = set(run.a0.evidence or ()) if self.citation_guided else set()
        if cited:
            # Which of two interchangeable supports a model used cannot be seen from its answers; when it
            # reports the facts it used, remove the uncited alternatives first (the cited ones still have
            # to move the answer to score).
            order.sort(key=lambda q: bool((q.removed_rels | q.removed_properties) & cited or q.target in cited))
        return order

    @staticmethod
    def _kept_first(run: ExplainRun, order: list[Planned]) -> list[Planned]:
        """`order` with the members of the largest group removal already asked that left a0 where it was
        (run.kept_removals, under "shift": a proxy's sufficiency probe, everything but its candidates) moved first
        where they lie before the last component that removal kept, each part in its own order. Removing them
        together is known to keep a0, so the search starts past them (`_known_kept`) and looks among the facts that
        removal kept (the candidates: the trails that read the question) and the facts the order puts after them.
        In the relevance order alone the candidates were spread over the whole order and the search halved its way
        down from the full context to them (8 of 12 calls on a 221-fact context, benchmarks/README.md,
        bench_answer_cost, cost13). The members after the last candidate keep their place: closer to the question
        than every candidate, they are a reader's likeliest competitors of a0 (a film of the seed's the reader
        answers once the director link is out), and removing them before the candidates would hide the facts
        leave-one-out's scan finds necessary while they are there (it found one of three on seed 41's dev-2409)."""
        if run.settings.response_score == "logprob" or not run.kept_removals:
            return order
        kept = max(run.kept_removals, key=lambda k: (len(k), sorted(k)))
        last = max((i for i, q in enumerate(order) if q.target not in kept), default=-1)
        front = [q for q in order[:last] if q.target in kept]
        moved = {id(q) for q in front}
        return front + [q for q in order if id(q) not in moved]

    async def _resolve_binary(self, run: ExplainRun, strategy: str, group: list[Probe]) -> None:
        budget = None if self.max_calls is None else self.max_calls - run.oracle.calls
        order = self._kept_first(run, self._order(run, group))
        by_planned = {id(p.planned): p for p in group}
        position = {id(q): i for i, q in enumerate(order)}
        # Under "shift": the positions tried first as the next necessary one: for each component the scheduler
        # measured alone (a proxy's candidates: the trails it found; here each kept the answer), its own position
        # and the last of its parallels (`_last_parallel`), then the links of the chains through each one found
        # necessary (`_links`). Under "logprob" a removal is judged from its own reduced context and
        # small drops add up (`diffuse`): the plain search, as measured there; on a stack's items and spans too.
        graded = run.settings.response_score == "logprob"
        # on xgrag's graph context only: a stack's items and spans are no trails (searched as before)
        guided = not graded and not run.units
        measured = [p.planned for p in group if p.answered]
        guesses: set[int] = set() if not guided else {
            i for m in measured for i in (position[id(m)], self._last_parallel(run, m, order, position))}
        calls = 0

        async def without(members: list[Planned]) -> Response:
            """The response with `members` removed."""
            nonlocal calls
            response = await run.respond(await run.context_of(union_of(members, "redundancy")))
            calls += 1
            return response

        def spent() -> bool:
            return budget is not None and calls >= budget

        removed: list[Planned] = []  # redundant given the rest: stays out
        reference: Response | None = None  # what the context without `removed` answered (None: the full context)
        start, necessary, diffuse, guessed, unmonotone, leapt = 0, 0, 0, 0, 0, 0
        found: list[str] = []  # the components found necessary, in the order found
        # the question's relation words (outside the seeds' names) that the components measured alone state (the
        # proxy's candidates: its accounting's words, ProxyFirst.search): a chain of necessary facts accounts for the
        # answer only when it states every one (the seed's director alone does not account for "who wrote the films
        # directed by the director of X")
        words = relation_words(run.graph, run.question, named_seeds=False) & {
            w for m in measured for w in fact_words(run.graph, m.target)} if guided else set()
        accounted = False
        kept_guess = False  # the last removal asked was a guess's, and it kept a0
        leap_moved = False  # the last guess asked after one that kept moved a0: the guesses go on one by one
        while start < len(order) and not spent():
            known = self._known_kept(run, removed, order, start)
            ahead = sorted(g for g in guesses if start <= g < len(order) - 1)
            guess = ahead[0] if ahead else None
            leap = guess is not None and guess >= known and kept_guess and not leap_moved and len(ahead) > 1
            if leap:
                # A guess just kept a0: the reader is reading the rest as the search assumes (removing less never
                # moves what removing more kept), so the last guess is asked next. When it keeps a0 too, the guesses
                # between are answered by it (each a removal inside it). Where the answer's one support is the last
                # fact of the order (the seed's own fact to the answer, what a reader falls back on once every
                # chain is out), the guesses kept a0 one after the other, 3-4 calls for one fact
                # (benchmarks/README.md, bench_answer_cost, cost19). When it moves, the guesses go on one after the
                # other as before (the non-monotone middle of the order, where a reader answers a competitor while a
                # chain's facts are half out, is what they probe: cost14-18), its removal answered from the oracle's
                # memo when they reach it: one call more at most. Only after a guess that kept: where the first
                # guess moves, nothing changes.
                guess = ahead[-1]
                leapt += 1
                at_leap = await without(removed + order[start:guess + 1])
                if not run.moved_from(reference, at_leap):
                    guesses -= set(ahead)
                    removed.extend(order[start:guess + 1])
                    reference, start = at_leap, guess + 1
                    continue
                leap_moved = True
                continue
            if guess is not None:
                guesses.discard(guess)
                if known > guess:  # removing order[start..guess] is inside a kept group removal
                    removed.extend(order[start:guess + 1])
                    start = guess + 1
                    continue
                # the removal the linear scan makes at the guess: when it keeps a0, nothing up to it is necessary
                # (removing less never moves what removing more kept); when it moves, the necessary one is at or
                # before the guess, and removing one fewer says whether it is the guess itself
                at_hi = await without(removed + order[start:guess + 1])
                if not run.moved_from(reference, at_hi):
                    removed.extend(order[start:guess + 1])
                    reference, start = at_hi, guess + 1
                    kept_guess = True
                    continue
                kept_guess = False
                lo, hi, below = start, guess, reference
                if guess > max(start, known) and not spent():
                    at_less = await without(removed + order[start:guess])
                    if run.moved_from(reference, at_less):
                        hi, at_hi = guess - 1, at_less  # an earlier one: searched below
                    else:
                        lo, below = guess, at_less
                        guessed += 1
                else:
                    lo = guess
                    guessed += 1
            else:
                kept_guess = False
                # removing everything left: when even that keeps the answer, the rest is redundant
                at_hi = await without(removed + order[start:])
                lo, hi, below = start, len(order) - 1, reference
                if not run.moved_from(reference, at_hi):
                    if graded or len(order) - start < 2 or spent():
                        removed.extend(order[start:])
                        break
                    # Under "shift", one probe checks the monotone removals the search assumes: everything left
                    # but its last (the most relevant to the question) removed. A reader that lost its support can
                    # answer from a competitor of a0 that only the last removals take away (the extractive reader
                    # answers "Spun." from Mickey Rourke's films once the writer link is out, and "Drama." again
                    # from the one genre fact left; benchmarks/README.md, bench_answer_cost, cost7), so the linear
                    # scan finds a necessary fact in between that removing all of them hides. When that removal
                    # moves the answer, the search runs below it.
                    at_less = await without(removed + order[start:-1])
                    if not run.moved_from(reference, at_less):
                        removed.extend(order[start:])
                        break
                    hi, at_hi = len(order) - 2, at_less
                    unmonotone += 1
            # removing order[start..hi] moves it; order[start..lo-1] does not (`below` answered that context)
            # a group removal a scheduler already asked that kept a0 (under "shift": run.kept_removals, e.g. the
            # proxy's sufficiency probe, everything but its candidates) holding what is removed and
            # order[start..j-1] answers that removal as well: removing less never moves an answer that removing
            # more kept (the monotone removals this search assumes), so lo starts past the longest such prefix
            lo = min(hi, max(lo, known))
            while lo < hi and not spent():
                mid = (lo + hi) // 2
                answer = await without(removed + order[start:mid + 1])
                if run.moved_from(reference, answer):
                    hi, at_hi = mid, answer
                else:
                    lo, below = mid + 1, answer
            if lo < hi:
                break  # out of budget before the search settled: nothing half-found is reported
            if not run.moved_from(below, at_hi):
                # Under "logprob": the drop from the reference crossed the threshold only by adding up small drops,
                # and removing order[hi] once order[start..hi-1] are out is no change on its own: no fact here is
                # necessary. They stay out, and the search goes on against what the context without them answers.
                removed.extend(order[start:hi + 1])
                reference, start = at_hi, hi + 1
                diffuse += 1
                continue
            # order[hi] is necessary once order[start..hi-1] (redundant) are out, as the linear scan finds it
            probe = by_planned[id(order[hi])]
            probe.conditional = at_hi
            probe.alternatives = self.alternatives(run, order[hi], removed + order[start:hi])
            if probe.planned.note.get("group") == "no-effect":  # its group was cleared; alone it is necessary
                note = {**probe.planned.note, "group": "necessary-without-alternatives"}
                probe.planned = replace(probe.planned, note=note)
            necessary += 1
            found.append(order[hi].target)
            removed.extend(order[start:hi])
            reference, start = below, hi + 1
            if guided:
                guesses |= {i for i in self._links(run, order[hi], order, measured) if i >= start}
                # Under "shift" on a graph context: once the facts found necessary account for the answer (a chain
                # from a seed to the node it names, or its value, stating every relation word of the question:
                # proxy.accounts_for), the reading the answer needs is found and the search stops, without the
                # end's removal of everything left and its monotone check (1-2 calls: 13 -> 11 on a 171-fact
                # context whose three necessary facts join the seed to the answer; benchmarks/README.md,
                # bench_answer_cost, cost15). A chain that misses a relation word (the seed's one fact to the
                # answer, where leave-one-out's scan finds the films' facts further on) searches on.
                if start < len(order) and accounts_for(run.graph, run.a0.text, found, words):
                    accounted = True
                    break
        run.trace.append(ResolveRedundancyStep(strategy=strategy, calls=calls, search="binary",
                                               citation_guided=self.citation_guided and bool(run.a0.evidence),
                                               redundant=len(removed), necessary=necessary,
                                               diffuse=diffuse or None, guessed=guessed or None,
                                               unmonotone=unmonotone or None, accounted=accounted or None,
                                               leapt=leapt or None))

    @staticmethod
    def _parallels(run: ExplainRun, component: Planned, pool: list[Planned]) -> list[Planned]:
        """The members of `pool` parallel to `component`: relationships of its label that share its end at a seed or
        at a node the answer names (the other films of the answer's genre, the seed's other writer links), itself
        excluded. Empty for a component that is no relationship (a property fact, a stack's unit)."""
        rels = run.graph.relationships
        if component.kind != "edge" or component.target not in rels:
            return []
        r = rels[component.target]
        anchors = {r.source, r.target} & (set(run.graph.seeds) | answer_nodes(run.graph, run.a0.text))
        return [q for q in pool if q.kind == "edge" and q.target != r.id and q.target in rels
                and rels[q.target].label == r.label and {rels[q.target].source, rels[q.target].target} & anchors]

    @classmethod
    def alternatives(cls, run: ExplainRun, necessary: Planned, removed: list[Planned]) -> tuple[str, ...]:
        """The interchangeable supports of `necessary` (found necessary once `removed` were out, the answer staying
        after each of those removals): its parallels among `removed`. Each states the relation `necessary` states to
        the same seed or answer node, so each can likely stand in for it, which is why removing `necessary` alone
        moved nothing; inferred from the graph, not measured one by one. Which of them a model used no removal shows
        (Component.alternatives reports them beside the conditional importance)."""
        return tuple(q.target for q in cls._parallels(run, necessary, removed))

    @classmethod
    def _last_parallel(cls, run: ExplainRun, measured: Planned, order: list[Planned], position: dict[int, int]) -> int:
        """The position in `order` of the last of `measured` (a component measured alone that did not move the
        answer) and its parallels (`_parallels`). Removing `measured` alone kept the answer because a parallel stood
        in for it; the linear scan removes the parallels in its order until one is left, and that one, the last, is
        the one it finds necessary (the monotone removals the search assumes). `measured`'s own position for a
        component that is no relationship."""
        return max([position[id(measured)], *(position[id(q)] for q in cls._parallels(run, measured, order))])

    @staticmethod
    def _links(run: ExplainRun, found: Planned, order: list[Planned], measured: list[Planned]) -> list[int]:
        """The positions in `order` of the relationships that share a node other than a seed with `found` (a
        relationship found necessary): the other links of the chains through it. Once one film's genre fact is
        necessary, the reader answers through that film, and its link to the question's entity is the likeliest
        next necessary fact (the linear scan's). Not through a node a `measured` component (one the scheduler
        measured alone, already a guess) touches: the proxy's trail through that film names its link, and the
        film's other links would each cost a probe. Empty for a component that is no relationship."""
        rels = run.graph.relationships
        if found.kind != "edge" or found.target not in rels:
            return []
        r = rels[found.target]
        # neither a seed nor a node the answer names (every film of the answer's genre shares the genre), nor a
        # node whose link a measured component is
        touched = {n for m in measured if m.kind == "edge" and m.target in rels and m.target != r.id
                   for n in (rels[m.target].source, rels[m.target].target)}
        ends = {r.source, r.target} - set(run.graph.seeds) - answer_nodes(run.graph, run.a0.text) - touched
        return [i for i, q in enumerate(order) if q.kind == "edge" and q.target in rels and q.target != r.id
                and {rels[q.target].source, rels[q.target].target} & ends]

    @staticmethod
    def _known_kept(run: ExplainRun, removed: list[Planned], order: list[Planned], start: int) -> int:
        """The largest j such that removing `removed` and order[start..j-1] is inside a group removal already
        asked that left a0 where it was (run.kept_removals; under "shift" only: under "logprob" small drops add
        up, and a removal is judged against its own reduced context); `start` when there is none."""
        if run.settings.response_score == "logprob" or not run.kept_removals:
            return start
        out = set(m.target for m in removed)
        best = start
        for kept in run.kept_removals:
            if not out <= kept:
                continue
            j = start
            while j < len(order) and order[j].target in kept:
                j += 1
            best = max(best, j)
        return best

    async def _resolve(self, run: ExplainRun, strategy: str, group: list[Probe]) -> None:
        budget = None if self.max_calls is None else self.max_calls - run.oracle.calls
        order = self._order(run, group)
        cited = set(run.a0.evidence or ()) if self.citation_guided else set()
        by_planned = {id(p.planned): p for p in group}
        removed: list[Planned] = []
        reference: Response | None = None  # what the context without `removed` answered (None: the full context)
        calls = 0
        for planned in order:
            if budget is not None and calls >= budget:
                break
            trial = union_of([*removed, planned], "redundancy")
            response = await run.respond(await run.context_of(trial))
            calls += 1
            if not run.moved_from(reference, response):
                removed.append(planned)  # redundant given what is already removed: keep it out
                reference = response
            else:
                by_planned[id(planned)].conditional = response  # necessary once its alternatives are gone
                by_planned[id(planned)].alternatives = self.alternatives(run, planned, removed)
        run.trace.append(ResolveRedundancyStep(strategy=strategy, calls=calls, citation_guided=bool(cited),
                                               redundant=len(removed),
                                               necessary=sum(p.conditional is not None for p in group)))
