"""The proxy of a proxy-first plan on a stack's context (items, and spans inside the items that matter): which
units the target verifies alone before the sufficiency probe (xgrag.explain.schedulers.proxy says what follows).

A stack's units have no graph path to the answer for the proxy to follow (proxy.py's trails), so the proxy reads the
units' texts: first the units that state the answer (the answer's entity names whole, then the share of the answer's
content words the unit's text holds), then the embedding proxy's order (`ExplainRun.promise`: closeness to the
question or the answer). Blind: the answer's text, the question and the units' texts, never the units a stack's LLM
says it used. Pure (texts and scores in, ranking out): unit-tested with plain values.

At most STACK_CANDIDATES units are verified alone: the units stating the answer, or, when none does (an answer in
other words than its source), the one the embedding proxy ranks first. A unit the proxy missed shows in the
sufficiency probe (removing every other unit moves the answer), and group testing then searches the rest.

Copies (`joint_plan`): when the candidates include units that each hold a copy of one statement stating the answer
(xgrag.model.copies: chunks ending with the same decisive sentence), those units are removed together in one probe,
every unit holding a copy with them: removing one copy alone leaves the others and moves nothing (measured on
bench_stacks --world repeated: 3 single removals that moved nothing, then a redundancy search over the items, 10-12
calls), while the joint removal measures the statement's joint importance in one call. What lies inside the group
is resolved at the next level (the spans of those units, where the copies are one unit).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import TypeVar

from xgrag.generate.base import answer_key

# Units verified alone per level (items, then spans). Measured with benchmarks/bench_stacks.py (README,
# bench_stacks): a planted fact is stated in one unit per level, or in 2-3 items when repeated (its copies at the
# span level are one unit, xgrag.model.copies); more candidates cost one call each whether they matter or not.
STACK_CANDIDATES = 3
STATED = 0.5  # share of the answer's content words a unit must hold to count as stating it
_WORD = re.compile(r"\w+")
# words an answer states that name nothing (an answer's own phrasing, not its content)
_FILLER = frozenset("""a an and are as at be by for from has have in is it its of on or that the their there this
to was were which who with i don t know not no yes""".split())

T = TypeVar("T")


def answer_names(answer: str) -> set[str]:
    """The names an answer states, folded (answer_key): the answer itself and its list items ("A, B and C"); as
    proxy.answer_parts, which imports this module's plan."""
    text = answer.strip().rstrip(".")
    parts = {answer_key(text)} | {answer_key(p) for p in re.split(r",|\band\b|;", text) if p.strip()}
    return {p for p in parts if p}


def _fold(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def content_words(text: str) -> set[str]:
    """The folded words of `text` that can name something: not filler, not a single character."""
    return {w for w in _WORD.findall(text.casefold()) if len(w) > 1 and w not in _FILLER}


def stated(text: str, answer: str) -> tuple[int, float]:
    """How far a unit's `text` states `answer`: (the answer's entity names it holds whole, the share of the answer's
    content words it holds). (0, 0.0) for an answer with no content words ("I don't know.")."""
    words = content_words(answer)
    if not words:
        return 0, 0.0
    # names and text compared with punctuation folded into spaces ("Plover," states "Plover")
    folded = f" {_fold(text)} "
    whole = sum(1 for part in {_fold(p) for p in answer_names(answer)} if len(part) > 1 and f" {part} " in folded)
    return whole, len(words & content_words(text)) / len(words)


def stack_proxy_plan(units: Sequence[T], texts: Mapping[int, str], promise: Mapping[int, float], answer: str,
                     limit: int = STACK_CANDIDATES) -> tuple[list[T], list[T]]:
    """(candidates, the rest) of `units` (keyed by id() in `texts` and `promise`): the units stating `answer` most
    fully, up to `limit`, or the most promising unit when none states it; the rest most promising first."""
    if not units:
        return [], []
    score = {id(u): stated(texts[id(u)], answer) for u in units}
    order = {id(u): i for i, u in enumerate(units)}
    ranked = sorted(units, key=lambda u: (-score[id(u)][0], -score[id(u)][1], -promise[id(u)], order[id(u)]))
    stating = [u for u in ranked if score[id(u)][0] > 0 or score[id(u)][1] >= STATED]
    chosen = stating[:max(1, limit)] or ranked[:1]
    taken = {id(u) for u in chosen}
    rest = sorted((u for u in units if id(u) not in taken), key=lambda u: (-promise[id(u)], order[id(u)]))
    return chosen, rest


def states(text: str, answer: str) -> bool:
    """Does `text` state `answer` as the proxy counts it: one of its names whole, or most of its content words."""
    whole, share = stated(text, answer)
    return whole > 0 or share >= STATED


def joint_plan(candidates: Sequence[T], rest: Sequence[T], holds: Mapping[int, Collection[str]],
               statements: Mapping[str, Sequence[str]], answer: str) -> tuple[list[list[T]], list[T]]:
    """(tests, the rest): the candidates as the probes that verify them, each alone, except that the units holding a
    copy of one statement that states `answer` are one probe together, the candidates and the rest alike, standing
    where its first candidate stood. `holds[id(u)]`: the statements (any keys, e.g. normalised texts) unit u is or
    holds as a part; `statements[key]`: their texts (the statement states the answer when one of them does).
    A statement held by one unit only is no joint probe: that unit is verified alone as before."""
    pool = [*candidates, *rest]
    stating = {g for g, texts in statements.items() if any(states(t, answer) for t in texts)}
    joint: dict[int, list[T]] = {}  # id(unit) -> the units removed with it
    for c in candidates:
        if id(c) in joint:
            continue
        for group in sorted(set(holds.get(id(c), ())) & stating):
            together = [u for u in pool if group in holds.get(id(u), ()) and id(u) not in joint]
            if len(together) > 1:
                for u in together:
                    joint[id(u)] = together
                break
    tests: list[list[T]] = []
    for c in candidates:
        test = joint.get(id(c), [c])
        if not any(t is test for t in tests):
            tests.append(test)
    return tests, [u for u in rest if id(u) not in joint]
