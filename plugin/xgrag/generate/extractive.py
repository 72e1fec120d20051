"""The extractive reader: a deterministic, non-LLM generator that answers from the context's facts.

It is NOT a language model. It picks the fact whose relation best matches the question among the facts that
touch an entity the question mentions, answers with that fact's other entity, and chains one more fact only when
the question asks for a second relation the first fact does not state (2-hop: the first answer becomes the
subject of the second fact); a direct fact that matches the question beats any chain.

Relations are matched by meaning in two ways: by words (`stem`: inflections and agent nouns folded, irregular
verbs listed: "sell"/"sold"/SOLD, "belong to"/BELONGED_TO, "director"/DIRECTED_BY, "written"/WROTE), which
decides; and by name embeddings, which ranks among equals and stands in when no relation word occurs in the
question ("how popular is X" -> HAS_IMDB_VOTES). Entities count as mentioned the way linking sees them
(xgrag.retrieval.linking: whole names with case and possessives folded, then the beginning or end of a name:
"peter" mentions "Peter Rabbit").
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
from xgrag.model import Node
from xgrag.retrieval.linking import select_parts, select_whole

_STOP = frozenset(
    "a an and are as at be by for from has have in is it of on or the to was were what which who whom whose "
    "when where why how did does do that this with".split()
)
READER_VERSION = "extractive-v2"
# Words that carry no relation meaning on their own: they never decide a match ("has" of HAS_GENRE, "to" of
# BELONGS_TO); the content words around them do.
_WEAK = _STOP | frozenset("have had having be been being am get got can could will would should may might "
                          "into onto up out over about after before than then there their his her its they "
                          "he she him them you your we our us i me my not no yes".split())
# Words that ask for something sharing a relation with the topic entity (then a chain may repeat the relation).
_SHARING = frozenset({"also", "same", "together", "shared", "share", "shares", "other"})
# Irregular verb forms people type, folded to one stem: a question says "sell", the graph stores SOLD.
_IRREGULAR = {
    "bought": "buy", "sold": "sell", "lost": "lose", "hung": "hang", "made": "make", "flew": "fly", "flown": "fly",
    "hid": "hide", "hidden": "hide", "wrote": "write", "written": "write", "writer": "write", "ran": "run",
    "ate": "eat", "eaten": "eat", "gave": "give", "given": "give", "took": "take", "taken": "take",
    "caught": "catch", "found": "find", "went": "go", "gone": "go", "saw": "see", "seen": "see", "met": "meet",
    "told": "tell", "said": "say", "left": "leave", "kept": "keep", "brought": "bring", "thought": "think",
    "won": "win", "wore": "wear", "worn": "wear", "began": "begin", "begun": "begin", "came": "come",
    "knew": "know", "known": "know", "spoke": "speak", "spoken": "speak", "stole": "steal", "stolen": "steal",
    "fell": "fall", "fallen": "fall", "felt": "feel", "held": "hold", "led": "lead", "paid": "pay",
    "sent": "send", "sat": "sit", "stood": "stand", "taught": "teach", "built": "build", "drew": "draw",
    "drawn": "draw", "drank": "drink", "drunk": "drink", "drove": "drive", "driven": "drive", "forgot": "forget",
    "forgotten": "forget", "grew": "grow", "grown": "grow", "heard": "hear", "overheard": "overhear",
    "shook": "shake", "shaken": "shake", "shot": "shoot", "sang": "sing", "sung": "sing", "slept": "sleep",
    "spent": "spend", "swam": "swim", "threw": "throw", "thrown": "throw", "woke": "wake", "chose": "choose",
    "chosen": "choose", "dug": "dig", "fed": "feed", "fought": "fight", "sought": "seek", "struck": "strike",
    "tore": "tear", "torn": "tear", "wept": "weep", "froze": "freeze", "frozen": "freeze", "bit": "bite",
    "bitten": "bite", "hurt": "hurt", "put": "put", "set": "set", "let": "let", "cut": "cut", "shut": "shut",
    "became": "become", "broke": "break", "broken": "break", "did": "do", "done": "do", "children": "child",
    "men": "man", "women": "woman", "mice": "mouse", "geese": "goose", "feet": "foot", "teeth": "tooth",
}
UNKNOWN = "I don't know."


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def _mentioned(name: str, question_norm: str, brackets: set[str]) -> bool:
    n = _norm(name)
    if not n or (n in _STOP and n not in brackets):
        return False
    return f" {n} " in f" {question_norm} "


def stem(word: str) -> str:
    """A crude, deterministic stem that makes the forms of one word meet: irregular forms from a list, then
    -ing/-ed/-s/-es/-ies, a final -e and a doubled consonant dropped ("staring" and "stared" -> "star",
    "running" -> "run", "carried" -> "carry"), and an agent suffix -er/-or on longer words ("director" ->
    "direct", as DIRECTED_BY). Both sides of a comparison go through it, so its odd stems ("mother" -> "moth")
    only ever meet each other."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("ing") and len(w) > 5:
        w = w[:-3]
    elif w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ed") and len(w) > 4:
        w = w[:-2]
    elif w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("es") and len(w) > 4:
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        w = w[:-1]
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith(("er", "or")) and len(w) > 4:
        w = w[:-2]
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
        w = w[:-1]
    return w


def content_stems(text: str) -> set[str]:
    """The stems of a text's words that can carry a relation's meaning (weak words dropped)."""
    return {stem(w) for w in re.findall(r"[a-z0-9]+", text.lower().replace("_", " ")) if w not in _WEAK}


def mentioned_names(question: str, names: list[str]) -> set[str]:
    """Which of `names` the question mentions, as entity linking decides it: whole names, or when none occurs
    the beginning or end of a name ("peter" -> "Peter Rabbit", never "Peter's Father")."""
    nodes = [(Node(name, name), 1.0) for name in sorted(set(names))]
    whole, _ = select_whole(question, nodes)
    return {le.node.name for le in whole or select_parts(question, nodes)}


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
        spans = self._question_spans(question)
        relations = sorted({f.relation for f in facts})
        fact_texts = {f.id: f"{f.head} {f.relation} {f.tail}" for f in facts}
        vec = self._embed(spans + relations + list(fact_texts.values()) + [question])
        span_m = np.stack([vec[s] for s in spans])
        rel_emb = {r: float(np.max(span_m @ vec[r])) for r in relations}
        qv = vec[question]
        mentioned = mentioned_names(question, [n for f in facts for n in (f.head, f.tail)])
        # the question's words that may name a relation: outside the entity names it mentions
        entity_stems = {st for n in mentioned for st in content_stems(n)}
        q_stems = content_stems(re.sub(r"\[[^\]]*\]", " ", question)) - entity_stems
        words = {r: content_stems(r) & q_stems for r in relations}  # question words a relation states
        lexical = {r: len(words[r]) / max(1, len(content_stems(r))) for r in relations}
        # words decide (a relation the question names beats one it does not); embeddings rank among equals
        score = {f.id: 2.0 * lexical[f.relation] + rel_emb[f.relation]
                 + self.fact_weight * float(vec[fact_texts[f.id]] @ qv) for f in facts}

        def side(f: Fact) -> str | None:
            """The entity a fact answers with: the end the question does not mention."""
            h, t = f.head in mentioned, f.tail in mentioned
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
        # A second hop: a fact through a first-hop answer, with another relation the question asks about. When
        # the question names relations in words, the second fact must state a word the first does not ("who
        # directed the films [X] starred in": STARRED_ACTORS, then DIRECTED_BY); a direct fact that states all
        # the question's relation words is the answer. Without any relation word, the embedding threshold
        # decides as before.
        any_words = any(words[f.relation] for f, _ in first)
        # The same relation twice ("the director of X also directed which films", "who acted together with X",
        # "co-stars"): only when the question says so, by repeating the relation's word or by a word of sharing.
        q_words = re.findall(r"[a-z0-9]+", question.lower())
        sharing = bool(_SHARING & set(q_words)) or "co-" in question.lower()
        q_counts = [stem(w) for w in q_words]
        chains: list[tuple[float, str, Fact, Fact, str]] = []
        for fa, ans in first:
            for f2 in facts:
                if f2.id == fa.id or ans not in (f2.head, f2.tail):
                    continue
                other = f2.tail if f2.head == ans else f2.head
                if other in mentioned:
                    continue
                if f2.relation == fa.relation:
                    repeated = any(q_counts.count(w) >= 2 for w in content_stems(fa.relation))
                    if not (repeated or (sharing and words[fa.relation] or sharing and not any_words)):
                        continue
                elif any_words or words[f2.relation]:
                    if not words[f2.relation] - words[fa.relation]:
                        continue
                elif rel_emb[f2.relation] < self.chain_threshold:
                    continue
                chains.append((-(score[fa.id] + score[f2.id]), fa.id + f2.id, fa, f2, other))
        if chains:
            _, _, c1, c2, a2 = min(chains)
            if not words[f1.relation] or (words[c1.relation] | words[c2.relation]) - words[f1.relation] or \
                    c1.relation == c2.relation:
                return f"{a2}.", [c1.id, c2.id]
        return f"{a1}.", [f1.id]
