"""LangChain's GraphCypherQAChain (langchain-neo4j) explained with its own QA step: the answer the chain gave, the
Cypher rows it passed to its QA model as the units, the chain's own `qa_chain` (its prompt, its model, its output
parser) replayed on the rows kept.

`explain_cypher_qa(chain, question, store=...)` runs the chain, reads the generated query and the rows from its
intermediate steps (or, without return_intermediate_steps, from the "Generated Cypher:" / "Full Context:" text
events the chain reports), traces every row to the elements the query matched (xgrag.integrations.cypher_trace:
the query re-run read-only with the elementIds its patterns bound; rows matched by their values), and explains with
xgrag's engine (xgrag.explain.stack): each probe invokes `chain.qa_chain` with `{"question", "context": kept rows}`
(or the function response built from them, for `use_function_response=True`), exactly as the chain does.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import neo4j
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel, BaseLanguageModel
from langchain_core.prompts import BasePromptTemplate

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
from xgrag.integrations.cypher_trace import CypherTrace, match_rows, record_of, trace_cypher, traced_graph
from xgrag.integrations.langchain.capture import _cypher_steps, _literal_rows, _text
from xgrag.loops import require_blocking, run_blocking
from xgrag.model import Explanation, Subgraph
from xgrag.model.trace import TraceRowsStep, TraceStep
from xgrag.store.neo4j import Neo4jStore

STACK = "langchain"


def _model_in(runnable: Any) -> Any:
    """The language model inside a runnable sequence (prompt | model | parser), through bindings."""
    steps = getattr(runnable, "steps", None) or [runnable]
    for step in steps:
        inner = getattr(step, "bound", step)
        if isinstance(inner, BaseLanguageModel):
            return inner
    return None


class QAChainReplay:
    """The QA step of a GraphCypherQAChain as an xgrag Generator. `prompt_for(rows)` gives the prompt the chain's QA
    prompt renders for those rows (the key the oracle caches and deduplicates on) and remembers the QA step's inputs;
    `generate(prompt)` invokes `chain.qa_chain` with them, synchronously as the chain does."""

    is_language_model = True

    def __init__(self, chain: Any, question: str) -> None:
        self.qa_chain = chain.qa_chain
        self.question = question
        self.use_function_response = bool(getattr(chain, "use_function_response", False))
        self._inputs: dict[str, dict[str, Any]] = {}
        model = _model_in(self.qa_chain)
        model_name = None if model is None else (getattr(model, "model_name", None) or getattr(model, "model", None))
        self.name = "langchain:GraphCypherQAChain.qa_chain" + (
            f":{type(model).__name__}" if model is not None else "") + (f":{model_name}" if model_name else "")
        params: dict[str, Any] = {"replay": "GraphCypherQAChain.qa_chain",
                                  "function_response": self.use_function_response}
        if isinstance(model, BaseChatModel):
            params.update(chat_model_params(model))
        bound = next((getattr(s, "kwargs", None) for s in getattr(self.qa_chain, "steps", [])
                      if getattr(s, "kwargs", None)), None)
        if bound:  # qa_llm.bind(**qa_llm_kwargs)
            params["bound"] = hashlib.sha256(json.dumps(bound, sort_keys=True, default=repr).encode()).hexdigest()[:16]
        self._params = params

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def inputs_for(self, rows: Sequence[Any]) -> dict[str, Any]:
        if self.use_function_response:
            from langchain_neo4j.chains.graph_qa.cypher import get_function_response

            return {"question": self.question, "function_response": get_function_response(self.question, list(rows))}
        return {"question": self.question, "context": list(rows)}

    def prompt_for(self, rows: Sequence[Any]) -> str:
        inputs = self.inputs_for(rows)
        first = getattr(self.qa_chain, "first", None)
        if isinstance(first, BasePromptTemplate):
            text = first.invoke(inputs).to_string()
        else:  # not a prompt first: the inputs themselves identify the call
            text = json.dumps(inputs, sort_keys=True, default=repr)
        self._inputs[text] = inputs
        return text

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        inputs = self._inputs.get(prompt)
        if inputs is None:
            raise GenerationError(f"{self.name}: no QA inputs were prepared for this prompt")
        t0 = time.perf_counter()
        try:
            out = self.qa_chain.invoke(inputs)
        except Exception as exc:  # the chain's own failure, whatever its model client raises
            raise GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000]) from exc
        text = out if isinstance(out, str) else _text(out)
        if text is None:
            raise GenerationError(f"{self.name}: the QA step returned {type(out).__name__}, not text")
        # token counts are not reported through a bare invoke: calls and seconds only
        return Generation(text, Usage(1, 0, 0, time.perf_counter() - t0), self.name)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        return await asyncio.to_thread(self.generate, prompt, system)


class _Texts(BaseCallbackHandler):
    """The chain's text events ("Generated Cypher:" <query>, "Full Context:" <rows>), in order."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def on_text(self, text: str, **kwargs: Any) -> None:
        self.texts.append(text)


def _after(texts: Sequence[str], label: str) -> str | None:
    for i, text in enumerate(texts[:-1]):
        if text == label:
            return texts[i + 1]
    return None


@dataclass
class ExplainedCypherQA:
    answer: str  # the chain's answer
    question: str
    query: str | None  # the Cypher the chain generated
    rows: list[Any]  # the rows it passed to its QA step
    explanation: Explanation | None
    trace: TraceRowsStep  # how the rows were traced to graph elements


def cypher_qa_call(chain: Any, question: str, answer: str, query: str | None, rows: Sequence[Any], *,
                   store: Neo4jStore | None = None) -> StackCall:
    """The StackCall of one GraphCypherQAChain run: its rows as units (traced when `store` or the chain's graph can
    re-run `query` read-only), its qa_chain replayed."""
    replay = QAChainReplay(chain, question)
    graph = Subgraph(mode="supplied")
    matched: list[Any] = [None] * len(rows)
    driver = store.driver if store is not None else getattr(getattr(chain, "graph", None), "_driver", None)
    database = store.database if store is not None else getattr(getattr(chain, "graph", None), "_database", None)
    trace: CypherTrace | None = None
    why = None
    if not query:
        why = "the chain generated no query"
    elif driver is None:
        why = "no driver to re-run the query with"
    else:
        try:
            trace = trace_cypher(driver, query, database=database)
        except (ValueError, neo4j.exceptions.Neo4jError) as exc:
            why = f"the query could not be re-run read-only: {exc}"
    if trace is not None:
        matched = match_rows(trace, [repr(r) for r in rows],
                             lambda values: repr(record_of(values).data()))
        # rows: the rows the query gave when re-run (the rows the chain passed on: the units)
        step = TraceRowsStep(cypher=query, **trace.to_json(), matched_rows=sum(m is not None for m in matched))
        if store is not None:
            graph = traced_graph(store, matched)
    else:
        step = TraceRowsStep(cypher=query, rows=len(rows), traced=False, reason=why)
    notes: list[TraceStep] = [step]
    sources = []
    for i, (row, hit) in enumerate(zip(rows, matched, strict=True), start=1):
        rels = [graph.relationships[r] for r in (hit.relationship_ids if hit else []) if r in graph.relationships]
        ents = [graph.nodes[n] for n in (hit.node_ids if hit else []) if n in graph.nodes]
        sources.append(ItemSource(
            text=repr(row), source="row", node_ids=tuple(e.id for e in ents),
            relationship_ids=tuple(r.id for r in rels),
            facts=tuple(KnownFact(r.id, graph.nodes[r.source].name, r.label, graph.nodes[r.target].name, r.source,
                                  r.target) for r in rels),
            entities=tuple(KnownEntity(e.id, e.name) for e in ents),
            provenance={"index": i, "traced": hit is not None}, split=False, from_elements=True))
    context = build_context(sources)

    def prompt(items: Sequence[str | None]) -> tuple[str | None, str]:
        return None, replay.prompt_for([row for row, text in zip(rows, items, strict=True) if text is not None])

    return StackCall(stack=STACK, component="GraphCypherQAChain", question=question, observed_answer=answer,
                     context=context, prompt=prompt, generator=replay, graph=graph,
                     prompt_name="langchain:GraphCypherQAChain.qa_chain", notes=notes,
                     details={"cypher": query})


def _run(chain: Any, question: str) -> tuple[Any, _Texts]:
    """The chain's own call, blocking as `chain.invoke` is, with the callback that reads its text events."""
    if getattr(chain, "return_direct", False):
        raise UsageError("the chain has return_direct=True: it answers with the rows, no model answer to explain")
    texts = _Texts()
    return chain.invoke({chain.input_key: question}, {"callbacks": [texts]}), texts


async def _aexplain_run(chain: Any, question: str, outputs: Any, texts: _Texts, *, store: Neo4jStore | None,
                        settings: ExplainSettings | None, embedder: Any, cache: ResponseCache | None,
                        progress: Progress | None, on_mismatch: OnMismatch,
                        observed_answer: str | None) -> ExplainedCypherQA:
    answer = outputs.get(chain.output_key) if isinstance(outputs, dict) else None
    if not isinstance(answer, str):
        raise UsageError(f"the chain's output {chain.output_key!r} is not text: {type(answer).__name__}")
    query, rows = _cypher_steps(outputs)
    query = query or _after(texts.texts, "Generated Cypher:")
    if rows is None:
        shown = _after(texts.texts, "Full Context:")
        rows = None if shown is None else _literal_rows(shown)
    if rows is None:
        raise UsageError("the chain's rows could not be read (return_intermediate_steps=True gives them as they are; "
                         "its 'Full Context:' text holds values that are not Python literals)")
    call = await asyncio.to_thread(cypher_qa_call, chain, question, answer, query, rows, store=store)
    ex = await aexplain_stack(call, embedder=embedder, settings=settings, cache=cache, progress=progress,
                              on_mismatch=on_mismatch, observed_answer=observed_answer)
    step = call.notes[0]
    assert isinstance(step, TraceRowsStep)  # cypher_qa_call's one note
    return ExplainedCypherQA(answer, question, query, list(rows), ex, step)


async def aexplain_cypher_qa(chain: Any, question: str, *, store: Neo4jStore | None = None,
                             settings: ExplainSettings | None = None, embedder: Any = None,
                             cache: ResponseCache | None = None, progress: Progress | None = None,
                             on_mismatch: OnMismatch = "warn",
                             observed_answer: str | None = None) -> ExplainedCypherQA:
    """`explain_cypher_qa` for async code (the chain's blocking invoke runs in a worker thread: its sync model
    client and graph driver bind nothing to an event loop)."""
    check_observed(observed_answer, on_mismatch)
    outputs, texts = await asyncio.to_thread(_run, chain, question)
    return await _aexplain_run(chain, question, outputs, texts, store=store, settings=settings, embedder=embedder,
                               cache=cache, progress=progress, on_mismatch=on_mismatch,
                               observed_answer=observed_answer)


def explain_cypher_qa(chain: Any, question: str, *, store: Neo4jStore | None = None,
                      settings: ExplainSettings | None = None, embedder: Any = None,
                      cache: ResponseCache | None = None, progress: Progress | None = None,
                      on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedCypherQA:
    """Run `chain` (a GraphCypherQAChain) on `question` and explain the answer it gave with its own QA step (see the
    module docstring). `store` reads the graph under its schema preset to name the rows' entities and facts
    (without one, rows are still traced to element ids through the chain's own graph connection).
    `observed_answer`: the answer the chain gave you, when you have it: the replays must reproduce it, and so must
    this run of the chain; a mismatch warns or raises per `on_mismatch`. Blocking: the chain runs in the calling
    thread, as the caller's own invoke would, and the explanation leaves the thread's event loop as it was
    (xgrag.loops)."""
    require_blocking("aexplain_cypher_qa")
    check_observed(observed_answer, on_mismatch)
    outputs, texts = _run(chain, question)
    return run_blocking(_aexplain_run(chain, question, outputs, texts, store=store, settings=settings,
                                      embedder=embedder, cache=cache, progress=progress, on_mismatch=on_mismatch,
                                      observed_answer=observed_answer),
                        async_form="aexplain_cypher_qa")
