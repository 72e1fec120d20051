"""The generator interface: text in, text plus usage out (sync and async).

Every generator runs at temperature 0 with a fixed seed by default, and reports usage (calls, prompt and
completion tokens, seconds) for cost accounting. `params` holds everything that changes its output; the
response cache keys on it. Structured `facts` and the bare `question` are passed alongside the prompt so that
non-LLM readers (the extractive reader) can answer from the same context an LLM sees as text.

`AnswerScorer` is an optional second capability: the log-probability of a fixed answer (the baseline's) after a
prompt (the perturbed context), from one forward pass over prompt + answer with no decoding. A generator that can
score implements it; callers test `isinstance(generator, AnswerScorer)`.
"""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from xgrag.errors import ServiceError


@dataclass
class Usage:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.seconds += other.seconds

    def to_json(self) -> dict[str, Any]:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class Fact:
    """One rendered statement of the context, in canonical order (what an LLM sees as a line of text): a triple
    (kind "edge": head -relation-> tail), or a fact stored in a property (kind "property": head = the entity, or
    for a relationship's property its start entity with `via` = (relation, end entity); relation = the key as
    words; tail = the value as text)."""

    id: str  # relationship id, or property fact id "<element id>#<key>"
    head: str
    relation: str
    tail: str
    kind: Literal["edge", "property"] = "edge"
    via: tuple[str, str] | None = None  # a relationship's property: (relation, end entity) of that relationship
    # the entities' types as the context states them ("Chai (Product)"): head's, and tail's for a triple (a
    # relationship property's end entity has its type on the triple of that relationship)
    head_type: str | None = None
    tail_type: str | None = None
    # the name people call an end by where its name was composed to tell it apart ("Carolus Duran" for "Carolus
    # Duran 1837": `Node.called`); an answer names it so
    head_called: str | None = None
    tail_called: str | None = None


@dataclass(frozen=True)
class TokenLogprob:
    """One generated token and the model's natural-log probability of it."""

    token: str
    logprob: float


@dataclass
class Generation:
    text: str
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    # Relationship ids the generator answered from, when it can say (the extractive reader can).
    evidence: list[str] | None = None
    # The completion's tokens with their log-probabilities, when the generator was asked for them and the server
    # returned them (OpenAIGenerator(logprobs=True)); not kept by the response cache.
    token_logprobs: list[TokenLogprob] | None = None


class GenerationError(ServiceError):
    pass


# The one reading of "no answer" (an abstention): what xgrag's readers say when the context does not answer the
# question, what an LLM's "I don't know" means, and what a stack's own sentinel for an empty answer is read as
# (LlamaIndex's synthesizer answers "Empty Response" when its LLM returned nothing or it had no nodes). A stack's
# counterfactual answer is then the same abstention whatever the stack prints for it, never a distinct answer text.
NO_ANSWER = "I don't know."
ABSTAIN = re.compile(r"\bdo(?:n'?t| not) know\b", re.IGNORECASE)


def abstains(text: str) -> bool:
    """The answer says it does not know (or says nothing)."""
    return not text.strip() or ABSTAIN.search(text) is not None


def read_answer(text: str, no_answer: Sequence[str] = ()) -> str:
    """`text` as an answer: NO_ANSWER when it is empty or one of `no_answer` (a stack's sentinels for "the LLM gave
    nothing", compared after answer_key), else `text` unchanged."""
    if not text.strip() or answer_key(text) in {answer_key(s) for s in no_answer if s.strip()}:
        return NO_ANSWER
    return text


def first_statement(text: str, names: Iterable[str] = ()) -> str:
    """The answer a reply to xgrag's own answer prompt gives: its first line that says something, up to its first
    sentence end. That prompt asks for "a single short sentence that states the answer" (prompt.py); a model that
    goes on (a second sentence, a blank line and a paragraph about the film, a list) says more than it was asked, and
    an explanation of the rest would explain text that answers nothing. A sentence ends at ".", "!" or "?" followed
    by a space or the line's end, except a full stop inside one of `names` (the context's entity names: "Mr. Smith
    Goes to Washington", "L.A. Confidential") and a list item's number at the line's start ("1. The Reaping").

    A first statement that only announces a list ("The films that fall under the genre of Under Suspicion are:",
    ending with a colon) names nothing: its answer is the list on the lines that follow (`list_answer`: the items
    up to the first that repeats one, names none of `names` or is no list item), as written; when no item names an
    entity of the context, the announcement alone, as before."""
    names = tuple(names)
    statement = first_sentence(text, names)
    if announces_list(statement):
        return list_answer(text, names)[0] or statement
    return statement


def first_sentence(text: str, names: Sequence[str] = ()) -> str:
    """The first line of `text` that says something, up to its first sentence end (first_statement's rule, without
    reading a list the line announces)."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    protected: list[tuple[int, int]] = []
    for name in {n for n in names if n and "." in n}:
        start = line.find(name)
        while start >= 0:
            protected.append((start, start + len(name)))
            start = line.find(name, start + 1)
    for end in re.finditer(r"[.!?](?=\s|$)", line):
        at = end.start()
        if any(a <= at < b for a, b in protected):
            continue
        if end.group() == "." and line[:at].isdigit():  # "1. The Reaping": a list item's number
            continue
        return line[:end.end()]
    return line


def announces_list(statement: str) -> bool:
    """A statement that ends with a colon announces what follows it ("... are:") and states nothing itself."""
    return statement.rstrip().endswith(":")


_ITEM = re.compile(r"(?:\d{1,3}\s*[.)]|[-*\u2022])\s+(\S.*)")


def list_item(line: str) -> str | None:
    """A list line's item, its number or bullet removed ("2. The Ghost and the Darkness" -> "The Ghost and the
    Darkness"); None for a line that is no list item."""
    m = _ITEM.fullmatch(line.strip())
    return m.group(1).strip() if m else None


def names_entity(item: str, names: Iterable[str]) -> bool:
    """Does a list item name one of `names`: it is the name (answer_key: case and full stops folded), or the name
    followed by a remark in brackets or after a dash, comma or colon ("The Reaping (2007)")? An item that only
    begins with a name ("The Reaping of Souls") names another title, one the model made up."""
    key = answer_key(item.rstrip(".;,"))
    for name in names:
        if not name.strip():
            continue
        if answer_key(name) == key or re.match(re.escape(name.strip()) + r"\s*[(\[,:\-\u2013\u2014]", item):
            return True
    return False


def list_answer(text: str, names: Iterable[str]) -> tuple[str, bool]:
    """(the answer, settled) of a reply whose first line announces a list: the text from that line to the end of the
    last item read, as written, and whether the list is over. Items are the list lines after it (blank lines before
    the first skipped), read until one is no list item, repeats an earlier one (a small model loops over its own
    list) or names no entity of `names` (it invents titles; `names_entity`), or a blank line follows the items:
    then the list is settled. A last line without a line end may still be growing (a reply being decoded) and
    settles nothing; it is read when it names an entity. The answer is empty when no item was read."""
    names = tuple(names)
    lines = text.splitlines(keepends=True)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return "", False
    at = sum(len(line) for line in lines[:first])
    start = at + len(lines[first]) - len(lines[first].lstrip())
    offset = at + len(lines[first])
    end: int | None = None
    seen: set[str] = set()
    for line in lines[first + 1:]:
        complete = line.endswith(("\n", "\r"))
        line_start, offset = offset, offset + len(line)
        if not line.strip():
            if end is not None and complete:
                return text[start:end], True
            continue
        item = list_item(line)
        if item is None or answer_key(item) in seen or not names_entity(item, names):
            return (text[start:end] if end is not None else ""), complete
        seen.add(answer_key(item))
        end = line_start + len(line.rstrip())
    return (text[start:end] if end is not None else ""), False


def answer_key(text: str) -> str:
    """An answer as compared with another or with an entity name: case, full stops and spacing folded."""
    return " ".join(text.lower().replace(".", " ").split())


def chat_messages(prompt: str, system: str | None) -> list[dict[str, str]]:
    """The chat every generator sends: an optional system message, then the user's prompt."""
    return ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": prompt}]


@runtime_checkable
class Generator(Protocol):
    name: str

    @property
    def params(self) -> dict[str, Any]:
        """Everything besides the prompt that changes the output (model, temperature, seed, ...)."""
        ...

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation: ...

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation: ...


@dataclass(frozen=True)
class AnswerScore:
    """log P(answer | chat-formatted prompt): the sum over the answer's tokens, how many there were, the cost."""

    logprob: float
    tokens: int
    usage: Usage = field(default_factory=Usage)

    @property
    def mean_logprob(self) -> float:
        return self.logprob / self.tokens if self.tokens else 0.0


@runtime_checkable
class AnswerScorer(Protocol):
    """Scores a fixed answer in one prompt pass (no decoding)."""

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore: ...

    async def ascore_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore: ...


def span_logprob(starts: Sequence[int], ends: Sequence[int], logprobs: Sequence[float | None], span_start: int,
                 span_end: int, what: str = "scoring") -> tuple[float, int]:
    """Sum of the log-probabilities of the tokens that cover characters [span_start, span_end) of the scored text.

    Token i covers [starts[i], ends[i]). A token that straddles span_start (the tokenizer merged the last prompt
    characters with the first answer characters) counts as an answer token: its probability is still conditioned
    on everything before it. Returns (sum, token count); raises GenerationError when an answer token has no
    log-probability or no token covers the span (both mean the server did not score the text we sent)."""
    if not len(starts) == len(ends) == len(logprobs):
        raise GenerationError(f"{what}: {len(starts)} token offsets, {len(ends)} ends and {len(logprobs)} "
                              "log-probabilities do not line up")
    total, count = 0.0, 0
    for start, end, logprob in zip(starts, ends, logprobs, strict=True):
        inside = span_start <= start < span_end if end <= start else (start < span_end and end > span_start)
        if not inside:
            continue
        if isinstance(logprob, bool) or not isinstance(logprob, int | float) or not math.isfinite(logprob):
            raise GenerationError(f"{what}: the token at character {start} of the answer has no finite "
                                  f"log-probability ({logprob!r})")
        total += float(logprob)
        count += 1
    if count == 0:
        raise GenerationError(f"{what}: no token covers the answer (characters {span_start}-{span_end})")
    return total, count


class SyncScorerMixin:
    """Async scoring for scorers that only have a blocking implementation: run it in a worker thread."""

    async def ascore_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        return await asyncio.to_thread(self.score_answer, prompt, system, answer)  # type: ignore[attr-defined]


class SyncGeneratorMixin:
    """Async for generators that only have a blocking implementation: run it in a worker thread."""

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        return await asyncio.to_thread(self.generate, prompt, system, question=question,  # type: ignore[attr-defined]
                                       facts=facts)
