"""Did the replayed baseline reproduce the answer the stack gave? An explanation of a stack's call explains the
replayed answer; it is the observed one only when the two agree. Checked once, right after the baseline, before
any probe is asked; never silent: the Explanation records it, a mismatch warns (NotReproducedWarning) or stops the
run (NotReproducedError, CLI exit status 4)."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

import numpy as np

from xgrag.errors import NotReproducedError, NotReproducedWarning
from xgrag.generate.base import Generation, answer_key
from xgrag.model import Reproduction

log = logging.getLogger(__name__)

OnMismatch = Literal["warn", "error"]
ON_MISMATCH: tuple[OnMismatch, ...] = ("warn", "error")


def check_reproduction(observed: str, baselines: Sequence[Generation],
                       vectors: Callable[[Iterable[str]], dict[str, np.ndarray]]) -> Reproduction:
    """Exact after normalisation (answer_key), and cos(E(observed), E(replayed)) of the first baseline run."""
    replayed = baselines[0].text
    exact = answer_key(observed) == answer_key(replayed)
    vec = vectors([observed, replayed])
    similarity = round(float(vec[observed] @ vec[replayed]), 6)
    agree = all(answer_key(g.text) == answer_key(replayed) for g in baselines)
    if exact:
        note = "The replayed call reproduced the stack's answer (equal after normalisation)."
    else:
        note = (f"NOT REPRODUCED: the stack answered {observed!r} but replaying its call gave {replayed!r} "
                f"(similarity {similarity:.2f}); the importances below explain the replayed answer, not the "
                "stack's.")
    if not agree:
        note += (f" The {len(baselines)} baseline runs did not all give the same answer: the stack's LLM is not "
                 "deterministic on this prompt.")
    return Reproduction(reproduced=exact, exact=exact, similarity=similarity, observed_answer=observed,
                        replayed_answer=replayed, baselines_agree=agree, note=note)


def mismatch(reproduction: Reproduction, on_mismatch: OnMismatch) -> None:
    """A baseline that did not reproduce the stack's answer: raise (`"error"`) or warn (`"warn"`), never silent."""
    if on_mismatch not in ON_MISMATCH:
        raise ValueError(f"on_mismatch: {on_mismatch!r} is not one of {', '.join(ON_MISMATCH)}")
    if on_mismatch == "error":
        raise NotReproducedError(reproduction.note, reproduction=reproduction.model_dump())
    log.warning("%s", reproduction.note)
    warnings.warn(reproduction.note, NotReproducedWarning, stacklevel=3)
