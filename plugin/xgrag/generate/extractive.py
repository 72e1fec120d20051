"""The extractive reader: a deterministic, non-LLM generator that answers from the context's facts.

It is NOT a language model. It picks the fact whose relation best matches the question among the facts that
touch an entity the question mentions, answers with that fact's other entity, and chains one more fact when
the question asks for a second relation (2-hop: the first answer becomes the subject of the second fact).
Because it is grounded by construction and reports the facts it used (`Generation.evidence`), it is the
offline default and the reference model for checking that explanations point at the evidence really used.
"""

from __future__ import annotations

import re
import time
from typing import Any

import numpy as np

from xgrag.embed import Embedder
from xgrag.generate.base import Fact, Generation, GenerationError, SyncGeneratorMixin, Usage

_STOP = frozenset(
    "a an and are as at be by for from has have in is it of on or the to was were what which who whom whose "
    "when where why how did does do that this with".split()
)
READER_VERSION = "extractive-v1"
UNKNOWN = "I don't know."


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def _mentioned(name: str, question_norm: str, brackets: set[str]) -> bool:
    n = _norm(name)
    if not n or (n in _STOP and n not in brackets):
        return False
    return f" {n} " in f" {question_norm} "


class ExtractiveReader(SyncGeneratorMixin):
    """Answers `question` from `facts` by embedding similarity; reports the facts it answered from."""

    def __init__(self, embedder: Embedder, chain_threshold: float = 0.5, fact_weight: float = 0.05) -> None:
        self.embedder = embedder
        self.chain_threshold = chain_threshold
        self.fact_weight = fact_weight
        self.name = "extractive-reader"
        self.is_language_model = False  # a deterministic reader: no synonyms asked of it, labelled as not an LLM
        self._vectors: dict[str, np.ndarray] = {}

    @property
    def params(self) -> dict[str, Any]:
        return {"reader": READER_VERSION, "embedder": self.embedder.name, "chain_threshold": self.chain_threshold,
                "fact_weight": self.fact_weight}

    def _embed(self, texts: list[str]) -> dict[str, np.ndarray]:
        missing = sorted({t for t in texts if t not in self._vectors})
        if missing:
            for text, vec in zip(missing, self.embedder.embed(missing), strict=True):
                self._vectors[text] = vec
        return {t: self._vectors[t] for t in texts}

    def _question_spans(self, question: str) -> list[str]:
        """1-3 word spans of the question outside bracketed entity mentions, without stopword-only spans."""
        text = re.sub(r"\[[^\]]*\]", " | ", question)
        spans: list[str] = []
        for part in text.split("|"):
            words = _norm(part).split()
            for n in (1, 2, 3):
                for i in range(len(words) - n + 1):
                    span = words[i:i + n]
                    if all(w in _STOP for w in span):
                        continue
                    s = " ".join(span)
                    if s not in spans:
                        spans.append(s)
        return spans or [_norm(question) or question]

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        if question is None:
            raise GenerationError("the extractive reader answers from structured facts: pass question= and facts=")
        t0 = time.perf_counter()
        answer, evidence = self._answer(question, list(facts))
        usage = Usage(calls=1, prompt_tokens=0, completion_tokens=0, seconds=time.perf_counter() - t0)
        return Generation(answer, usage, f"{self.name}/{READER_VERSION}", evidence)

    def _answer(self, question: str, facts: list[Fact]) -> tuple[str, list[str]]:
        if not facts:
            return UNKNOWN, []
        qn = _norm(question)
        brackets = {_norm(b) for b in re.findall(r"\[([^\[\]]+)\]", question)}
        spans = self._question_spans(question)
        relations = sorted({f.relation for f in facts})
        fact_texts = {f.id: f"{f.head} {f.relation} {f.tail}" for f in facts}
        vec = self._embed(spans + relations + list(fact_texts.values()) + [question])
        span_m = np.stack([vec[s] for s in spans])
        rel_score = {r: float(np.max(span_m @ vec[r])) for r in relations}
        qv = vec[question]
        score = {f.id: rel_score[f.relation] + self.fact_weight * float(vec[fact_texts[f.id]] @ qv) for f in facts}

        def side(f: Fact) -> str | None:
            """The entity a fact answers with: the end the question does not mention."""
            h, t = _mentioned(f.head, qn, brackets), _mentioned(f.tail, qn, brackets)
            if h and not t:
                return f.tail
            if t and not h:
                return f.head
            return None

        first = [(f, side(f)) for f in facts if side(f) is not None]
        if not first:
            best = min(facts, key=lambda f: (-score[f.id], f.id))
            return f"{best.tail}.", [best.id]
        f1, a1 = min(first, key=lambda fa: (-score[fa[0].id], fa[0].id))
        # A second hop: a fact through a first-hop answer, with another relation the question asks about.
        chains: list[tuple[float, str, Fact, Fact, str]] = []
        for fa, ans in first:
            for f2 in facts:
                if f2.id == fa.id or f2.relation == fa.relation or ans not in (f2.head, f2.tail):
                    continue
                other = f2.tail if f2.head == ans else f2.head
                if _mentioned(other, qn, brackets) or rel_score[f2.relation] < self.chain_threshold:
                    continue
                chains.append((-(score[fa.id] + score[f2.id]), fa.id + f2.id, fa, f2, other))
        if chains:
            _, _, c1, c2, a2 = min(chains)
            return f"{a2}.", [c1.id, c2.id]
        return f"{a1}.", [f1.id]
