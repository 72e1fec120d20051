"""Did the replayed baseline reproduce the answer the stack gave? An explanation of a stack's call explains the
replayed answer; it is the observed one only when the two agree, on every baseline run (noise_runs replays of the
unperturbed call): one run that differs, or runs that differ from each other, mean the stack's LLM does not repeat
its answer, and the probes would measure its noise. Checked once, right after the baseline, before any probe is
asked; never silent: the Explanation records it, a mismatch warns (NotReproducedWarning) or stops the run
(NotReproducedError, CLI exit status 4)."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

import numpy as np

from xgrag.errors import NotReproducedError, NotReproducedWarning, UsageError
from xgrag.generate.base import Generation, answer_key
from xgrag.model import Reproduction

log = logging.getLogger(__name__)

OnMismatch = Literal["warn", "error"]
ON_MISMATCH: tuple[OnMismatch, ...] = ("warn", "error")


def check_observed(observed_answer: str | None, on_mismatch: str) -> None:
    """What every stack entry point checks before it calls anything of the user's: the answer the user got (None:
    the entry point's own run of the call is the baseline) and the policy for a mismatch."""
    if on_mismatch not in ON_MISMATCH:
        raise UsageError(f"on_mismatch: {on_mismatch!r} is not one of {', '.join(ON_MISMATCH)}")
    if observed_answer is not None and (not isinstance(observed_answer, str) or not observed_answer.strip()):
        raise UsageError(f"observed_answer: expected the answer text the stack gave you, got {observed_answer!r}")


def check_reproduction(observed: str, baselines: Sequence[Generation],
                       vectors: Callable[[Iterable[str]], dict[str, np.ndarray]], *,
                       rerun: str | None = None) -> Reproduction:
    """Judged on every baseline run, not the first: the runs go out concurrently, so which one is "first" is the
    order of the requests, and a nondeterministic LLM that gives the stack's answer to one run and another answer to
    the next would pass a one-run check about half the time (and the probes would measure its noise). Reproduced
    only when every run equals the observed answer after normalisation (answer_key), and so does `rerun` when given
    (the answer of the stack's own call that xgrag ran again to capture its context, while `observed` is the answer
    the user got: an LLM that drifted between the user's call and that one is caught there, before any replay is
    trusted); `exact`: the first run (a0, the answer the importances are measured against) does; `baselines_agree`:
    the runs all equal each other; `similarity`: cos(E(observed), E(a0))."""
    replayed = baselines[0].text
    key = answer_key(observed)
    keys = [answer_key(g.text) for g in baselines]
    exact = keys[0] == key
    matching = sum(k == key for k in keys)
    rerun_ok = rerun is None or answer_key(rerun) == key
    reproduced = matching == len(keys) and rerun_ok
    agree = len(set(keys)) == 1
    vec = vectors([observed, replayed])
    similarity = round(float(vec[observed] @ vec[replayed]), 6)
    runs = len(baselines)
    if reproduced:
        note = ("The replayed call reproduced the stack's answer (equal after normalisation"
                + (f", in all {runs} replays of its unperturbed call" if runs > 1 else "")
                + (", and the stack's own call run again gave it too" if rerun is not None else "") + ").")
    elif not rerun_ok:
        assert rerun is not None
        note = (f"NOT REPRODUCED: the answer you observed was {observed!r}, but the stack's own call, run again to "
                f"capture its context, answered {rerun!r}, and replaying that call gave {replayed!r}"
                + (f" ({matching} of {runs} replays gave your answer)" if runs > 1 else "")
                + f" (similarity {similarity:.2f}): the stack's LLM did not repeat your answer. The importances "
                "below explain the replayed answer, not yours. Make the LLM deterministic (temperature 0, a fixed "
                "seed) and explain again.")
    elif agree:
        note = (f"NOT REPRODUCED: the stack answered {observed!r} but replaying its call gave {replayed!r}"
                + (f" in all {runs} replays" if runs > 1 else "")
                + f" (similarity {similarity:.2f}); the importances below explain the replayed answer, not the "
                "stack's.")
    else:
        others = list(dict.fromkeys(g.text for g, k in zip(baselines, keys, strict=True) if k != key))
        note = (f"NOT REPRODUCED: the stack's LLM is not deterministic on this prompt: the stack answered "
                f"{observed!r}, and of {runs} replays of its unperturbed call {matching} gave that answer and "
                f"{runs - matching} gave {', '.join(repr(t) for t in others)}. Removing a unit cannot be told apart "
                f"from the LLM's own variation: the importances below explain the replayed answer {replayed!r} "
                "against that noise, not the stack's answer. Make the LLM deterministic (temperature 0, a fixed "
                "seed) and explain again.")
    return Reproduction(reproduced=reproduced, exact=exact, similarity=similarity, observed_answer=observed,
                        replayed_answer=replayed, baselines_agree=agree, note=note, rerun_answer=rerun)


def mismatch(reproduction: Reproduction, on_mismatch: OnMismatch) -> None:
    """A baseline that did not reproduce the stack's answer: raise (`"error"`) or warn (`"warn"`), never silent."""
    if on_mismatch not in ON_MISMATCH:
        raise ValueError(f"on_mismatch: {on_mismatch!r} is not one of {', '.join(ON_MISMATCH)}")
    if on_mismatch == "error":
        raise NotReproducedError(reproduction.note, reproduction=reproduction.model_dump())
    log.warning("%s", reproduction.note)
    warnings.warn(reproduction.note, NotReproducedWarning, stacklevel=3)
