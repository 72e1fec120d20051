"""KGRAG-Ex's two explanations of a result: one sentence for the end user, one technical insight."""

from __future__ import annotations

from xgrag.explain.perturbers import REGISTRY
from xgrag.model import UNIT_KINDS, Component, Explanation, Incomplete

# what the user sentence calls the most important unit, per component kind (every kind of UNIT_KINDS)
WHAT = {"node": "entity", "edge": "fact", "property": "fact", "item": "retrieved item", "span": "passage"}

_WHAT_STOPPED = {"cancelled": "the run was cancelled", "neo4j": "Neo4j was lost",
                 "generator": "the generator failed", "service": "a service failed"}

# A run's `stage` (a scheduler's name, or a step) in words a user reads without knowing the schedulers
STAGE_WORDS = {
    "retrieve": "while retrieving the question's subgraph",
    "baseline": "while generating the answer to explain",
    "plan": "while planning what to remove", "schedule": "while planning what to remove",
    "exhaustive": "while removing each part of the context in turn",
    "budget": "while removing parts of the context one at a time, within the call budget",
    "group": "while removing parts of the context in groups",
    "proxy": "while removing first the parts of the context closest to the answer",
    "hierarchical": "while removing ever smaller groups of the context",
    "redundancy": "while removing redundant parts of the context together",
}


def incomplete_summary(incomplete: Incomplete) -> str:
    """One line on why a run was cut short and what it kept, in words (no scheduler's name): "Neo4j was lost while
    removing each part of the context in turn (lost the connection ...): 12 of 40 probes (...) answered and kept, 28
    missing (4 cancelled ...)". Explanations saved before `message` existed carried the error text in `reason`."""
    reason = incomplete.reason
    message = incomplete.message or ("" if reason in _WHAT_STOPPED else reason)
    what = _WHAT_STOPPED.get(reason, "the run failed")
    answered, planned = incomplete.answered, incomplete.planned
    stage = STAGE_WORDS.get(incomplete.stage, f"during {incomplete.stage}")
    text = f"{what} {stage}" + (f" ({message})" if message else "")
    if answered is not None and planned is not None:
        text += f": {answered} of {planned} probes (the question asked again without part of the context) " \
                "answered and kept"
        if planned > answered:
            cancelled = incomplete.cancelled_in_flight
            text += f", {planned - answered} missing" + (
                f" ({cancelled} cancelled while queued or in flight)" if cancelled else "")
    return text


def coverage(ex: Explanation) -> str:
    """What was not evaluated and why: a call budget, a failure or a stop part-way, targets a strategy had to
    skip. A sentence about the answer must never read as if everything had been tested when it was not. Why a run
    was cut short is not repeated here: every output shows `incomplete_summary` once, beside the answer."""
    units = [c for c in ex.components if c.kind in UNIT_KINDS]
    missing = [c for c in units if c.importance is None]
    notes = []
    if missing:
        why = ("their answers had not come back when the run stopped (a re-run with the same settings asks only "
               "these: the answered ones come from the response cache)" if ex.incomplete
               else "the call budget (max_calls) ran out")
        notes.append(f"{len(missing)} of {len(units)} components were not evaluated: {why}.")
    for strategy, ids in sorted(ex.skipped.items()):
        reason = getattr(REGISTRY.get(strategy), "skip_reason", "")
        notes.append(f"{strategy}: {len(ids)} target{'s' if len(ids) != 1 else ''} skipped"
                     + (f" ({reason})." if reason else "."))
    return " ".join(notes)


def unlinked_texts(ex: Explanation) -> tuple[str, str]:
    """The question's names matched nothing in the graph: say so, instead of "no fact changed the answer" over an
    empty context (there was nothing to perturb)."""
    assert ex.linking is not None
    tried = ex.linking.tried()
    user = (f"Nothing in the graph matched the question ({tried} matched no entity), so the answer does not come "
            "from the graph and there is nothing to explain.")
    technical = (f"Entity linking found no entity for {tried}; the retrieved context is empty, so no perturbation "
                 f"was asked ({ex.cost.generator_calls} generator calls, for the answer without context). Check "
                 "the spelling, whether the entity was ingested, and, for a graph xgrag did not write, whether its "
                 "label is in the mapping (`xgrag schema infer`).")
    return user, technical


def unmatched_note(ex: Explanation) -> str:
    """Names of the question that matched nothing while others did: the explanation covers only the linked ones."""
    if ex.linking is None or ex.unlinked or not ex.linking.unmatched:
        return ""
    return f"Not in the graph: {ex.linking.tried()} matched no entity; the context holds only what the other names " \
           "matched."


def ambiguous_note(ex: Explanation) -> str:
    """Names that matched several entities: the context holds every one, and the answer may be about any of them."""
    if ex.linking is None or ex.unlinked or not ex.linking.ambiguous:
        return ""
    return f"Ambiguous: {ex.linking.ambiguity()}; the context holds each, and the answer may be about any of them."


def _nothing_measured(ex: Explanation, caveat: str) -> tuple[str, str]:
    """No component got a score: never "no fact changed the answer", which would claim a measurement."""
    units = [c for c in ex.components if c.kind in UNIT_KINDS]
    what = "parts of the stack's context" if ex.stack is not None else "facts and entities"
    if not units:
        user = f"The context held no {what} to remove, so nothing was measured."
        technical = f"0 components in the context ({', '.join(ex.strategies)}); no perturbation was asked."
    else:
        user = (f"None of the {len(units)} {what} was evaluated, so this explanation cannot say which of them the "
                "answer depended on: see the technical note.")
        technical = f"0 of {len(units)} components evaluated ({', '.join(ex.strategies)})."
    return user, technical + (f" {caveat}" if caveat else "")


def texts_for(ex: Explanation) -> tuple[str, str]:
    """KGRAG-Ex's two explanations: one sentence for the end user, one technical insight."""
    if ex.unlinked:
        return unlinked_texts(ex)
    singles = [c for c in ex.components if c.kind in UNIT_KINDS and c.importance is not None]
    not_evaluated = coverage(ex)
    caveat = " ".join(n for n in (unmatched_note(ex), ambiguous_note(ex), not_evaluated) if n)
    if not singles:
        return _nothing_measured(ex, caveat)
    if max(c.importance or 0.0 for c in singles) <= 0.0:
        evaluated = "evaluated " if not_evaluated else ""
        effect = "made the answer less likely" if ex.response_score == "logprob" else "changed the answer"
        what = "part of the stack's context" if ex.stack is not None else "fact or entity in the retrieved context"
        return (f"No {evaluated}{what} {effect} when perturbed."
                + (" Not every component was evaluated: see the technical note." if _unevaluated(ex) else ""),
                f"{len(singles)} perturbations ({', '.join(ex.strategies)}); none moved the answer beyond "
                f"the noise floor {ex.noise_floor:.3f}." + (f" {caveat}" if caveat else ""))
    # Flip counts per target across strategies (KGRAG-Ex: "Removing X led to a different answer N times");
    # the element that changes the answer most often, then by the largest semantic shift, is the user's one.
    flips: dict[str, list[Component]] = {}
    for c in singles:
        flips.setdefault(c.label.split(" => ")[0], []).append(c)
    # on a tie, the finer unit (a span before the item holding it) names what mattered more precisely
    ranked = sorted(flips.items(), key=lambda kv: (-sum(bool(c.answer_changed) for c in kv[1]),
                                                  -max(c.importance or 0 for c in kv[1]),
                                                  not any(c.kind == "span" for c in kv[1]), kv[0]))
    best_label, best_group = ranked[0]
    best = max(best_group, key=lambda c: c.importance or 0.0)
    what = WHAT[best.kind]
    user = (f"The most important {what} for answering the question is {best_label}. "
            "It had the biggest impact on the result.")
    if best.copies:
        # copies of one fact (xgrag.model.copies) were removed together: say so, or a reader would remove one copy
        # and see no change
        user += (f" It is stated {len(best.copies) + 1} times in the context (units "
                 f"{', '.join(sorted([best.id, *best.copies]))}): the importance is that of removing every copy at "
                 "once; one copy alone is enough for the answer.")
    elif best.alternatives:
        # redundant support: the fact mattered once its parallels were out; which of them the model read is not known,
        # and a reader who removed this fact alone would see no change
        n = len(best.alternatives)
        user += (f" It mattered once {n} parallel fact{'s' if n != 1 else ''} that can stand in for it "
                 f"{'were' if n != 1 else 'was'} removed (redundant support): the model may have read "
                 f"{'any of them' if n != 1 else 'that one'} instead.")
    parts = []
    if ex.response_score == "logprob":
        # nothing was generated: say how much less likely each removal made the answer, not whether it changed
        for label, comps in ranked[:3]:
            top = max(comps, key=lambda c: c.importance or 0.0)
            if not top.importance or top.importance <= ex.noise_floor:
                continue
            level = "a highly influential" if top.importance >= 0.5 else "a moderately influential"
            parts.append(f"Removing {label} ({top.strategy}) made the answer {100 * top.importance:.0f}% less likely "
                         f"(log-probability {top.answer_logprob:.2f} vs {ex.baseline_logprob:.2f}), indicating it "
                         f"is {level} element of the context.")
    for label, comps in ranked[:3] if ex.response_score == "shift" else ():
        n = sum(bool(c.answer_changed) for c in comps)
        if n == 0:
            continue
        shift = max(c.importance or 0.0 for c in comps)
        level = "a highly influential" if shift >= 0.5 else "a moderately influential"
        verbs = "/".join(sorted({c.strategy for c in comps if c.answer_changed}))
        parts.append(f"Perturbing {label} ({verbs}) led to a different answer {n} time{'s' if n != 1 else ''} "
                     f"(semantic shift {shift:.2f}), indicating it is {level} element of the context.")
    if not parts and ex.response_score == "logprob":
        parts.append(f"No removal lowered the answer's probability beyond the noise floor; the largest drop was "
                     f"{best.importance:.2f} for {best.label}.")
    elif not parts:
        parts.append(f"No perturbation changed the answer beyond the similarity threshold; the largest semantic "
                     f"shift was {best.importance:.2f} for {best.label}.")
    if ex.copies:
        parts.append(f"{len(ex.copies)} group{'s' if len(ex.copies) != 1 else ''} of units stating the same fact "
                     "(same normalised text or the same traced facts) were each removed as one unit, their joint "
                     "importance reported on every copy: " + "; ".join(
                         f"{'+'.join(g.members)} ({g.importance:.2f})" if g.importance is not None
                         else f"{'+'.join(g.members)} (not evaluated)" for g in ex.copies[:3]) + ".")
    if any(c.evaluated == "conditional" for c in singles):
        parts.append("No single removal changed the answer (redundant support): these importances are conditional, "
                     "measured after removing the redundant alternatives one by one.")
        alternatives = [c for c in singles if c.alternatives]
        if alternatives:
            parts.append("Which of interchangeable facts the model read no removal shows: " + "; ".join(
                f"{c.label.split(' => ')[0]} is interchangeable with {len(c.alternatives or ())} parallel "
                f"fact{'s' if len(c.alternatives or ()) != 1 else ''} removed before it"
                for c in alternatives[:3]) + " (Component.alternatives).")
    scored = f", {ex.cost.scored_probes} scored probes (log P of the answer, no decoding)" \
        if ex.response_score == "logprob" else ""
    parts.append(f"Noise floor {ex.noise_floor:.3f} over {len(ex.baseline_answers)} baseline runs; "
                 f"{ex.cost.generator_calls} generator calls{scored}, {ex.cost.cache_hits} cache hits.")
    if caveat:
        parts.append(caveat)
        if _unevaluated(ex):
            user += " Not every component was evaluated: see the technical note."
    return user, " ".join(parts)


def _unevaluated(ex: Explanation) -> bool:
    return any(c.importance is None for c in ex.components if c.kind in UNIT_KINDS)
