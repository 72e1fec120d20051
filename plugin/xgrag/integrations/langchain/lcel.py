"""An LCEL chain explained with its own prompt and model: the answer the chain gave, the documents its retriever
returned as the units, the messages its chat model received rebuilt without some of them, and the chain's own model
step (with its bound parameters and the steps after it, e.g. an output parser) re-invoked on them.

`explain_chain(chain, inputs, store=...)` runs the chain with a capturing callback: the documents of every retriever
run, the messages of its chat model call, the final output. Each document is located verbatim in those messages
(where the chain's own formatting put it); a probe cuts the removed documents (or sentences of a document) out of
the messages, with the separator that followed them, and invokes the chain's model step and what follows it in the
chain (`RunnableSequence(model, *rest)`), exactly as the chain did. A document whose text is not found verbatim in
the prompt is not a unit (the model did not see it as such): the trace lists it.

Supported: a chain that is a RunnableSequence with one chat model step (a BaseChatModel, or a binding of one) called
once per run; anything before the model (retrievers, formatting, prompt templates) is captured through its output,
so it may be any runnable. Documents from XgragRetriever carry their graph ids into the units.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable, RunnableBinding, RunnableSequence

from xgrag.errors import UsageError
from xgrag.explain import ExplainSettings
from xgrag.explain.explainer import aexplain_stack
from xgrag.explain.run import Progress
from xgrag.explain.stack import (
    ItemSource,
    KnownEntity,
    KnownFact,
    OnMismatch,
    StackCall,
    build_context,
    check_observed,
)
from xgrag.generate.base import Fact, Generation, GenerationError, Usage
from xgrag.generate.cache import ResponseCache
from xgrag.generate.langchain import chat_model_params
from xgrag.integrations.langchain.capture import _text, answer_text, question_text
from xgrag.integrations.langchain.documents import is_xgrag_document
from xgrag.loops import require_blocking, run_blocking
from xgrag.model import Explanation, Node, Relationship, Subgraph
from xgrag.model.provenance import fact_provenance
from xgrag.model.trace import LangChainMap, TraceStep

STACK = "langchain"


def _chat_model(step: Any) -> BaseChatModel | None:
    inner = step.bound if isinstance(step, RunnableBinding) else step
    return inner if isinstance(inner, BaseChatModel) else None


def model_tail(chain: Any) -> tuple[Runnable[Any, Any], BaseChatModel, list[str]]:
    """The chain's model step and every step after it (one runnable), the chat model, and the steps' names."""
    steps = list(chain.steps) if isinstance(chain, RunnableSequence) else [chain]
    at = [i for i, step in enumerate(steps) if _chat_model(step) is not None]
    if len(at) != 1:
        raise UsageError(f"explain_chain needs a RunnableSequence with exactly one chat model step; this chain has "
                         f"{len(at)} (steps: {', '.join(type(s).__name__ for s in steps)})")
    model = _chat_model(steps[at[0]])
    assert model is not None
    tail = steps[at[0]:]
    runnable: Runnable[Any, Any] = tail[0] if len(tail) == 1 else RunnableSequence(*tail)
    return runnable, model, [type(s).__name__ for s in tail]


class ChainReplay:
    """The model step of an LCEL chain (and the steps after it) as an xgrag Generator: `prepare(messages)` gives the
    key the oracle caches on (the messages as text) and remembers them; `generate(key)` invokes the chain's own
    model step on them, synchronously as the chain did."""

    is_language_model = True

    def __init__(self, chain: Any) -> None:
        self.tail, self.model, steps = model_tail(chain)
        name = getattr(self.model, "model_name", None) or getattr(self.model, "model", None)
        self.name = f"langchain:{type(self.model).__name__}" + (f":{name}" if name else "")
        params: dict[str, Any] = {**chat_model_params(self.model), "replay": "LCEL model step", "steps": steps}
        bound = getattr(self.tail.steps[0] if isinstance(self.tail, RunnableSequence) else self.tail, "kwargs", None)
        if bound:  # model.bind(...): those parameters go with every call
            params["bound"] = hashlib.sha256(json.dumps(bound, sort_keys=True, default=repr).encode()).hexdigest()[:16]
        self._params = params
        self._messages: dict[str, list[BaseMessage]] = {}

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def prepare(self, messages: Sequence[BaseMessage]) -> str:
        key = "\n\n".join(f"{m.type}: {m.content}" for m in messages)
        self._messages[key] = list(messages)
        return key

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        messages = self._messages.get(prompt)
        if messages is None:
            raise GenerationError(f"{self.name}: no messages were prepared for this prompt")
        t0 = time.perf_counter()
        try:
            out = self.tail.invoke(messages)
        except Exception as exc:  # the chain's own failure, whatever its model client raises
            raise GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000]) from exc
        text = out if isinstance(out, str) else _text(out)
        if text is None:
            raise GenerationError(f"{self.name}: the chain's model step returned {type(out).__name__}, not text")
        meta = getattr(out, "usage_metadata", None) or {}
        return Generation(text, Usage(1, int(meta.get("input_tokens") or 0), int(meta.get("output_tokens") or 0),
                                      time.perf_counter() - t0), self.name)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        return await asyncio.to_thread(self.generate, prompt, system)


class _Capture(BaseCallbackHandler):
    """The documents every retriever run returned and the messages of every chat model call, in order."""

    def __init__(self) -> None:
        self.documents: list[Document] = []
        self.model_calls: list[list[BaseMessage]] = []
        self.text_model_calls = 0

    def on_retriever_end(self, documents: Sequence[Document], **kwargs: Any) -> None:
        self.documents.extend(documents)

    def on_chat_model_start(self, serialized: Any, messages: list[list[BaseMessage]], **kwargs: Any) -> None:
        self.model_calls.extend(list(batch) for batch in messages)

    def on_llm_start(self, serialized: Any, prompts: list[str], **kwargs: Any) -> None:
        self.text_model_calls += len(prompts)


@dataclass(frozen=True)
class _Place:
    message: int
    start: int
    end: int


def _locate(messages: Sequence[BaseMessage], texts: Sequence[str]) -> list[_Place | None]:
    """Where each text stands in the messages (string contents), in order, without overlaps."""
    places: list[_Place | None] = []
    taken: dict[int, list[tuple[int, int]]] = {}
    for text in texts:
        found = None
        for i, message in enumerate(messages):
            content = message.content if isinstance(message.content, str) else None
            if content is None or not text:
                continue
            at = content.find(text)
            while at >= 0 and any(a < at + len(text) and at < b for a, b in taken.get(i, [])):
                at = content.find(text, at + 1)
            if at >= 0:
                found = _Place(i, at, at + len(text))
                taken.setdefault(i, []).append((at, at + len(text)))
                break
        places.append(found)
    return places


def _rebuild(content: str, edits: Sequence[tuple[int, int, str | None]]) -> str:
    """`content` with each (start, end) replaced by its new text, or cut with the white space after it (before it,
    for the last piece of the message) when the new text is None."""
    out = content
    for start, end, new in sorted(edits, reverse=True):
        if new is not None:
            out = out[:start] + new + out[end:]
            continue
        after = re.match(r"\s*", out[end:])
        gap = after.end() if after else 0
        if end + gap < len(out):
            out = out[:start] + out[end + gap:]
        else:
            before = re.search(r"\s*$", out[:start])
            out = out[: before.start() if before else start] + out[end:]
    return out


@dataclass
class ExplainedChain:
    answer: str  # the chain's output
    question: str
    documents: list[Document]  # what its retrievers returned, in order
    explanation: Explanation | None
    trace: LangChainMap  # how the documents were found in the model's messages


def _graph_of(doc: Document) -> tuple[list[Node], list[Relationship]]:
    """The fact an XgragRetriever document stands for (its metadata), as graph elements."""
    if not is_xgrag_document(doc):
        return [], []
    m = doc.metadata
    head, tail = Node(str(m["head_id"]), str(m["head"]), m.get("head_type")), \
        Node(str(m["tail_id"]), str(m["tail"]), m.get("tail_type"))
    return [head, tail], [Relationship(str(m["relationship_id"]), head.id, tail.id, str(m["relation"]),
                                       provenance=fact_provenance(m.get("provenance")))]


def chain_call(chain: Any, question: str, answer: str, messages: Sequence[BaseMessage],
               documents: Sequence[Document]) -> StackCall:
    """The StackCall of one run of `chain`: the documents found in the model's messages as units, the messages
    rebuilt without the removed ones, the chain's model step replayed."""
    replay = ChainReplay(chain)
    places = _locate(messages, [d.page_content for d in documents])
    kept = [(d, p) for d, p in zip(documents, places, strict=True) if p is not None]
    graph = Subgraph(mode="supplied")
    sources = []
    for i, (doc, _) in enumerate(kept, start=1):
        nodes, rels = _graph_of(doc)
        for n in nodes:
            graph.add_node(n)
        for r in rels:
            graph.add_relationship(r)
        meta = {k: v for k, v in (doc.metadata or {}).items() if isinstance(v, str | int | float | bool)}
        sources.append(ItemSource(
            text=doc.page_content, source="document", node_ids=tuple(n.id for n in nodes),
            relationship_ids=tuple(r.id for r in rels),
            facts=tuple(KnownFact(r.id, graph.nodes[r.source].name, r.label, graph.nodes[r.target].name, r.source,
                                  r.target) for r in rels),
            entities=tuple(KnownEntity(n.id, n.name) for n in nodes),
            provenance={"index": i, **({"id": doc.id} if doc.id else {}), **({"metadata": meta} if meta else {})}))
    missing = [i + 1 for i, p in enumerate(places) if p is None]
    notes: list[TraceStep] = [LangChainMap(
        documents=len(documents), in_prompt=len(kept), not_in_prompt=missing,
        method="each retrieved document located verbatim in the chat model's messages; a probe cuts it out (with the "
               "separator after it) and re-invokes the chain's model step")]

    def prompt(items: Sequence[str | None]) -> tuple[str | None, str]:
        edits: dict[int, list[tuple[int, int, str | None]]] = {}
        for (doc, place), text in zip(kept, items, strict=True):
            if text != doc.page_content:
                edits.setdefault(place.message, []).append((place.start, place.end, text))
        rebuilt = [m.model_copy(update={"content": _rebuild(str(m.content), edits[i])}) if i in edits else m
                   for i, m in enumerate(messages)]
        return None, replay.prepare(rebuilt)

    return StackCall(stack=STACK, component=f"LCEL({' | '.join(type(s).__name__ for s in chain.steps)})"
                     if isinstance(chain, RunnableSequence) else type(chain).__name__,
                     question=question, observed_answer=answer, context=build_context(sources), prompt=prompt,
                     generator=replay, graph=graph, prompt_name="langchain:the chain's own prompt (as sent)",
                     notes=notes)


def captured_call(chain: Any, question: str, answer: str, model_calls: Sequence[Sequence[BaseMessage]],
                  text_model_calls: int, documents: Sequence[Document]) -> StackCall:
    """The StackCall of one captured run of `chain` (by explain_chain's own capture, or by the callback handler
    attached to the user's call): its one chat-model call's messages, its retrieved documents, its answer; a
    UsageError naming what the run lacks."""
    if text_model_calls or len(model_calls) != 1:
        raise UsageError(f"the chain's own call is explained for chains that call one chat model once; this run made "
                         f"{len(model_calls)} chat model calls and {text_model_calls} text-LLM calls")
    if not documents:
        raise UsageError("the chain's run returned no document from a retriever: there is no context to explain")
    call = chain_call(chain, question, answer, model_calls[0], documents)
    if not call.context.items:
        raise UsageError("none of the retrieved documents appears verbatim in the chat model's messages")
    return call


def _run(chain: Any, inputs: Any) -> tuple[Any, _Capture]:
    """The chain's own call, blocking as `chain.invoke` is, with the capturing callback."""
    capture = _Capture()
    return chain.invoke(inputs, {"callbacks": [capture]}), capture


async def _aexplain_run(chain: Any, inputs: Any, output: Any, capture: _Capture, *, question: str | None,
                        settings: ExplainSettings | None, embedder: Any, cache: ResponseCache | None,
                        progress: Progress | None, on_mismatch: OnMismatch,
                        observed_answer: str | None) -> ExplainedChain:
    answer = answer_text(output)
    if answer is None:
        raise UsageError(f"the chain's output is not text: {type(output).__name__}")
    asked = question or question_text(inputs) or str(inputs)
    call = captured_call(chain, asked, answer, capture.model_calls, capture.text_model_calls, capture.documents)
    ex = await aexplain_stack(call, embedder=embedder, settings=settings, cache=cache, progress=progress,
                              on_mismatch=on_mismatch, observed_answer=observed_answer)
    step = call.notes[0]
    assert isinstance(step, LangChainMap)  # chain_call's one note
    return ExplainedChain(answer, asked, list(capture.documents), ex, step)


async def aexplain_chain(chain: Any, inputs: Any, *, question: str | None = None,
                         settings: ExplainSettings | None = None, embedder: Any = None,
                         cache: ResponseCache | None = None, progress: Progress | None = None,
                         on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedChain:
    """`explain_chain` for async code (the chain's blocking invoke runs in a worker thread: a chat model's sync
    client binds nothing to an event loop)."""
    check_observed(observed_answer, on_mismatch)
    output, capture = await asyncio.to_thread(_run, chain, inputs)
    return await _aexplain_run(chain, inputs, output, capture, question=question, settings=settings,
                               embedder=embedder, cache=cache, progress=progress, on_mismatch=on_mismatch,
                               observed_answer=observed_answer)


def explain_chain(chain: Any, inputs: Any, *, question: str | None = None, settings: ExplainSettings | None = None,
                  embedder: Any = None, cache: ResponseCache | None = None, progress: Progress | None = None,
                  on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedChain:
    """Run the LCEL `chain` on `inputs` and explain its answer with its own prompt and model (see the module
    docstring). `question`: what the explanation calls the question (default: the input's question/query/input, or
    the input itself). `observed_answer`: the answer the chain gave you, when you have it: the replays must
    reproduce it, and so must this run of the chain (`Explanation.reproduction.rerun_answer`); a mismatch warns or
    raises per `on_mismatch`. (To explain the very call you made, with its own context, attach
    `XgragCallbackHandler.for_chain(chain)` to it.) Blocking; from async code use `aexplain_chain`. The chain runs
    in the calling thread, as the caller's own invoke would, and the explanation leaves the thread's event loop as
    it was (xgrag.loops)."""
    require_blocking("aexplain_chain")
    check_observed(observed_answer, on_mismatch)
    output, capture = _run(chain, inputs)
    return run_blocking(_aexplain_run(chain, inputs, output, capture, question=question, settings=settings,
                                      embedder=embedder, cache=cache, progress=progress, on_mismatch=on_mismatch,
                                      observed_answer=observed_answer),
                        async_form="aexplain_chain")
