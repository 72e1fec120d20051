"""RAG-Ex (Sudhi et al., 2024), the text-level baseline of XGRAG §4.4 and KGRAG-Ex §5.2, on xgrag's own context.

The deduplicated subgraph is rendered as text — one sentence "head relation tail." per triple, in the
canonical order of xgrag.generate.prompt (prompt.facts_of) — and wrapped in the same strict prompt (same system rules,
same "Question: ... / Answer:" framing); only the knowledge base is a paragraph instead of entity and fact
lists. The text is then perturbed the RAG-Ex way:

- sentence level: leave one sentence (= one triple) out;
- word level: leave one window of `window` whitespace tokens out (non-overlapping windows over the whole
  context text, so a window may straddle two sentences; KGRAG-Ex uses 5).

Each feature scores Imp = 1 - cos(E(a0), E(a_feature)) with the same embedder as xgrag, normalised by the
maximum; responses go through the same ResponseCache keys (generator, params, digest of the rendered input).
Each feature records the triples whose sentences it overlaps, so `relationship_importance()` puts the
text-level scores on the same relationship ids as the graph-native ones.

Generators that read structured facts instead of text (the extractive reader) receive the facts the
perturbed text still states: a triple keeps the words of its head, relation and tail that survived, and is
gone once any of those three lost all its words (it no longer states a relation between two entities).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, Field

from xgrag.embed import Embedder
from xgrag.explain.oracle import AnswerOracle
from xgrag.explain.scoring import normalise, semantic_shift
from xgrag.generate.base import Fact, Generator
from xgrag.generate.cache import ResponseCache
from xgrag.generate.prompt import DEFAULT_RESPONSE_TYPE, PROMPT_VERSION, SYSTEM_TEMPLATE, RenderedContext, facts_of
from xgrag.loops import run_blocking
from xgrag.model import Cost, Subgraph

Level = Literal["word", "sentence"]
TEXT_CONTEXT = "rag-ex-text-v1"  # how the context is rendered as text; recorded with every result

_PARTS = ("head", "relation", "tail")


@dataclass(frozen=True)
class Token:
    """One whitespace token of the context text, with the triple and the part of it that it belongs to."""

    text: str  # as it appears in the context (the sentence's last token carries the full stop)
    word: str  # without the sentence's full stop
    start: int
    end: int
    sentence: int  # index into the facts, canonical order
    part: str  # head | relation | tail


@dataclass(frozen=True)
class TextContext:
    """The subgraph as text: sentences in canonical order, their character spans, and the tokens."""

    facts: tuple[Fact, ...]
    sentences: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    tokens: tuple[Token, ...]

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)

    def without(self, removed: frozenset[int]) -> tuple[str, tuple[Fact, ...]]:
        """The context text and the still-stated facts once the tokens at `removed` are left out."""
        kept = [t for i, t in enumerate(self.tokens) if i not in removed]
        words: dict[int, dict[str, list[str]]] = {}
        for t in kept:
            words.setdefault(t.sentence, {p: [] for p in _PARTS})[t.part].append(t.word)
        had = {(t.sentence, t.part) for t in self.tokens}
        touched = {self.tokens[i].sentence for i in removed}
        facts = []
        for i, fact in enumerate(self.facts):
            if i not in touched:
                facts.append(fact)  # untouched: exactly the fact xgrag renders (names not re-split)
                continue
            parts = words.get(i)
            if parts is None or any((i, p) in had and not parts[p] for p in _PARTS):
                continue
            head, relation, tail = (" ".join(parts[p]) for p in _PARTS)
            facts.append(Fact(fact.id, head, relation, tail))
        return " ".join(t.text for t in kept), tuple(facts)


def text_context(graph: Subgraph) -> TextContext:
    """One sentence per triple, in xgrag.generate.prompt's canonical order, joined by single spaces. Whitespace inside
    names collapses to single spaces (the text is rebuilt from its tokens, so offsets are exact)."""
    facts = facts_of(graph)
    sentences: list[str] = []
    spans: list[tuple[int, int]] = []
    tokens: list[Token] = []
    offset = 0
    for i, fact in enumerate(facts):
        pieces = [(w, part) for part, value in zip(_PARTS, (fact.head, fact.relation, fact.tail), strict=True)
                  for w in value.split()]
        texts = [w + "." if j == len(pieces) - 1 else w for j, (w, _) in enumerate(pieces)]
        pos = offset
        for text, (word, part) in zip(texts, pieces, strict=True):
            tokens.append(Token(text, word, pos, pos + len(text), i, part))
            pos += len(text) + 1
        sentence = " ".join(texts)
        sentences.append(sentence)
        spans.append((offset, offset + len(sentence)))
        if sentence:
            offset += len(sentence) + 1
    return TextContext(facts, tuple(sentences), tuple(spans), tuple(tokens))


def word_windows(n_tokens: int, window: int = 5) -> list[range]:
    """Non-overlapping windows of `window` token indices covering 0..n_tokens-1 (the last may be shorter)."""
    if window < 1:
        raise ValueError(f"window must be >= 1, got {window}")
    return [range(s, min(s + window, n_tokens)) for s in range(0, n_tokens, window)]


def render_text(question: str, text: str, facts: tuple[Fact, ...],
                response_type: str = DEFAULT_RESPONSE_TYPE) -> RenderedContext:
    """xgrag's strict prompt (same system rules, same question/answer framing) around a text knowledge base."""
    prompt = "\n".join(["---Knowledge Base---", text if text.strip() else "(none)", "", f"Question: {question}",
                        "Answer:"])
    return RenderedContext(SYSTEM_TEMPLATE.format(response_type=response_type), prompt, facts, question)


class RagExFeature(BaseModel):
    text: str
    start: int  # character offsets in RagExResult.context
    end: int
    importance: float  # 1 - cos(E(a0), E(a_feature))
    normalized_importance: float  # importance / max importance
    rank: int  # 1 = most important; ties by position in the text
    counterfactual_answer: str
    relationship_ids: list[str]  # the triples whose sentences this feature overlaps, in text order


class RagExResult(BaseModel):
    question: str
    answer: str
    level: Level
    window: int | None  # tokens per feature at word level
    context: str  # the unperturbed knowledge-base text
    relationship_ids: list[str]  # every triple of the context, in text order
    features: list[RagExFeature]
    cost: Cost
    generator: str
    generator_params: dict[str, Any]
    generator_evidence: list[str] | None = None  # relationship ids, when the generator reports them
    embedder: str
    prompt_version: str = PROMPT_VERSION
    text_context: str = TEXT_CONTEXT
    method: str = "rag-ex"
    extra: dict[str, Any] = Field(default_factory=dict)

    def relationship_importance(self, normalized: bool = False) -> dict[str, float]:
        """Per triple, the maximum importance over the features touching its sentence (0.0 if none does)."""
        out = {rid: 0.0 for rid in self.relationship_ids}
        for f in self.features:
            value = f.normalized_importance if normalized else f.importance
            for rid in f.relationship_ids:
                out[rid] = max(out.get(rid, 0.0), value)
        return out

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


@dataclass
class _Feature:
    text: str
    start: int
    end: int
    removed: frozenset[int]
    relationship_ids: list[str]


def features_of(ctx: TextContext, level: Level, window: int = 5) -> list[_Feature]:
    """The features to leave out, in text order."""
    if level == "sentence":
        groups = [[j for j, t in enumerate(ctx.tokens) if t.sentence == i] for i in range(len(ctx.facts))]
    elif level == "word":
        groups = [list(w) for w in word_windows(len(ctx.tokens), window)]
    else:
        raise ValueError(f"level must be 'word' or 'sentence', got {level!r}")
    out = []
    for idx in groups:
        if not idx:
            continue
        toks = [ctx.tokens[j] for j in idx]
        rids = list(dict.fromkeys(ctx.facts[t.sentence].id for t in toks))
        out.append(_Feature(" ".join(t.text for t in toks), toks[0].start, toks[-1].end, frozenset(idx), rids))
    return out


class RagExExplainer:
    """Explains the answer a generator gives from the subgraph rendered as text, by leaving text out."""

    def __init__(self, generator: Generator, embedder: Embedder, cache: ResponseCache | None = None,
                 concurrency: int = 4) -> None:
        self.generator = generator
        self.embedder = embedder
        self.cache = cache
        self.concurrency = max(1, concurrency)

    def explain(self, question: str, graph: Subgraph, level: Level, window: int = 5,
                response_type: str = DEFAULT_RESPONSE_TYPE) -> RagExResult:
        """Blocking `aexplain`, leaving the thread's event loop as it was (xgrag.loops)."""
        return run_blocking(self.aexplain(question, graph, level, window, response_type=response_type),
                            async_form="RagExExplainer.aexplain")

    async def aexplain(self, question: str, graph: Subgraph, level: Level, window: int = 5,
                       response_type: str = DEFAULT_RESPONSE_TYPE) -> RagExResult:
        t_start = time.perf_counter()
        ctx = text_context(graph)
        features = features_of(ctx, level, window)
        oracle = AnswerOracle(self.generator, self.embedder, self.cache, self.concurrency)
        a0 = (await oracle.answer(render_text(question, ctx.text, ctx.facts, response_type))).generation
        variants = [ctx.without(f.removed) for f in features]
        answers = [a.generation for a in await asyncio.gather(
            *[oracle.answer(render_text(question, text, facts, response_type)) for text, facts in variants])]
        vec = oracle.vectors(sorted({a0.text, *(g.text for g in answers)}))
        shifts = semantic_shift(vec[a0.text], np.stack([vec[g.text] for g in answers])) if answers else np.zeros(0)
        values = [float(s) for s in shifts]
        norm = normalise(values)
        order = sorted(range(len(features)), key=lambda i: (-values[i], features[i].start))
        rank = {i: r + 1 for r, i in enumerate(order)}

        out = [RagExFeature(text=f.text, start=f.start, end=f.end, importance=values[i],
                            normalized_importance=norm[i], rank=rank[i], counterfactual_answer=answers[i].text,
                            relationship_ids=f.relationship_ids) for i, f in enumerate(features)]
        ledger = oracle.ledger
        cost = Cost(generator_calls=ledger.usage.calls, prompt_tokens=ledger.usage.prompt_tokens,
                    completion_tokens=ledger.usage.completion_tokens, cache_hits=ledger.cache_hits,
                    deduplicated=ledger.deduplicated, generator_seconds=round(ledger.usage.seconds, 4),
                    embedder_seconds=round(ledger.embed_seconds, 4),
                    perturbations=len(features), seconds=round(time.perf_counter() - t_start, 4))
        return RagExResult(question=question, answer=a0.text, level=level,
                           window=window if level == "word" else None, context=ctx.text,
                           relationship_ids=[f.id for f in ctx.facts], features=out, cost=cost,
                           generator=self.generator.name, generator_params=dict(self.generator.params),
                           generator_evidence=a0.evidence, embedder=self.embedder.name)
