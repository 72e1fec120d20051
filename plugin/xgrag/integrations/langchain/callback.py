"""The callback handlers: capture a run's context and answer, explain it inline, queued or on the caller's loop.

Two ways to explain a captured run:
- `for_chain(chain)`: the chain's own call, the one the user made (its retrieved documents and the messages its
  chat model received, or a GraphCypherQAChain's rows; the answer the user got), with the stack engine
  (xgrag.explain.stack): the chain's own model step (or QA step) is replayed on the captured context, the replays
  must reproduce the user's answer (`on_mismatch`), and nothing of the chain runs again before that;
- `for_store(store, generator)` / an `Explainer`: xgrag's own re-answer over the graph context the run retrieved
  (XgragRetriever documents, Cypher rows mapped by entity names), the run's answer recorded as observed_answer.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from langchain_core.callbacks import (
    AsyncCallbackHandler,
    BaseCallbackHandler,
)
from langchain_core.documents import Document
from langchain_core.messages import BaseMessage

from xgrag.config import RetrievalSettings, Settings
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.stack import OnMismatch, StackCall, check_observed, stack_settings
from xgrag.integrations.langchain.capture import (
    RunCapture,
    _cypher_steps,
    _documents_in,
    _literal_rows,
    _qa_rows,
    answer_text,
    question_text,
)
from xgrag.integrations.langchain.documents import is_xgrag_document, merge_subgraphs, subgraph_from_documents
from xgrag.integrations.langchain.rows import subgraph_from_rows
from xgrag.model import Explanation, Subgraph
from xgrag.model.trace import GraphCypherQAMap, LangChainRunStep, XgragDocumentsMap
from xgrag.store.explanations import save_explanation
from xgrag.store.neo4j import Neo4jStore

log = logging.getLogger(__name__)


# -- the callback handler ------------------------------------------------------------------------------------

class XgragCallbackHandler(BaseCallbackHandler):
    """Explains the answer of every chain / agent run it is attached to (see the module docstring)."""

    run_inline = True  # capturing is cheap and must see a run's events in order, also under ainvoke
    raise_error = False

    def __init__(self, explainer: Explainer | None = None, *, mode: Literal["inline", "queued"] = "inline",
                 save: bool = False, store: Neo4jStore | None = None, row_hops: int = 1, workers: int = 1,
                 raise_error: bool = False, max_kept: int | None = 1000, settings: ExplainSettings | None = None,
                 chain: Any = None, on_mismatch: OnMismatch = "warn", embedder: Any = None,
                 cache: Any = None) -> None:
        """`explainer` explains (its retriever's store is where `save=True` writes, unless `store` is given);
        `row_hops`: k-hop radius when Cypher rows cannot be joined to the question by a path; `workers`: how many
        of this handler's explanations run at once on the explainer loop; `raise_error`: let an inline
        explanation's failure propagate out of the run (LangChain otherwise logs and swallows callback errors);
        `max_kept`: runs whose results are kept (oldest dropped first; None keeps all); `settings`: how to explain
        (default: the explainer's own), e.g. `replace(explainer.settings, strategies=("edge",), max_calls=10)`.
        `chain`: the chain this handler is attached to; given, the handler explains that chain's own call (see the
        module docstring and `for_chain`; `on_mismatch`, `embedder`, `cache` are the stack explanation's) instead
        of the explainer's re-answer."""
        if mode not in ("inline", "queued"):
            raise UsageError(f"mode must be 'inline' or 'queued', got {mode!r}")
        if (explainer is None) == (chain is None):
            raise UsageError("XgragCallbackHandler needs either a chain (explain the chain's own call: for_chain) or "
                             "an Explainer (xgrag's re-answer over the captured context: for_store), not both")
        check_observed(None, on_mismatch)
        if chain is not None:
            _chain_kind(chain)  # a chain whose call cannot be replayed is refused here, before any run
            settings = stack_settings(settings)
        else:
            assert explainer is not None
            settings = settings or explainer.settings
        if settings.apply != "memory":
            raise UsageError("the handler explains over the captured context, perturbed in memory: apply='memory'")
        if save and store is None and explainer is None:
            raise UsageError("save=True needs the store to save in: pass store=")
        self.explainer = explainer
        self.chain = chain
        self.on_mismatch: OnMismatch = on_mismatch
        self.embedder = embedder
        self.cache = cache
        self.mode = mode
        self.save = save
        self.store = store if store is not None or explainer is None else explainer.graph_retriever().store
        self.row_hops = row_hops
        self.raise_error = raise_error
        self.settings = settings
        self.explanations: dict[uuid.UUID, Explanation] = {}
        self.captures: dict[uuid.UUID, RunCapture] = {}
        self.skipped: dict[uuid.UUID, str] = {}
        self.errors: dict[uuid.UUID, BaseException] = {}
        self.futures: dict[uuid.UUID, concurrent.futures.Future[Explanation | None]] = {}
        self.last_run_id: uuid.UUID | None = None
        self._last_explained: uuid.UUID | None = None
        self._workers = max(1, workers)
        self.max_kept = max_kept
        self._sem: asyncio.Semaphore | None = None  # created on the explainer loop
        self._live: dict[uuid.UUID, RunCapture] = {}
        self._root_of: dict[uuid.UUID, uuid.UUID] = {}
        self._lock = threading.RLock()

    @classmethod
    def for_store(cls, store: Neo4jStore, generator: Any, *, embedder: Any = None, retrieval: Any = None,
                  settings: ExplainSettings | None = None, cache: Any = None, **kwargs: Any) -> XgragCallbackHandler:
        """A handler whose Explainer reads `store` and generates with `generator`: a LangChain chat model (use the
        chain's own), an xgrag Generator, or a spec string ("ollama:llama3.1:8b", "extractive", ...)."""
        from xgrag.embed import default_embedder

        emb = embedder or default_embedder()
        config = Settings(retrieval=retrieval or RetrievalSettings())
        explainer = Explainer.from_settings(config, store, generator=_as_generator(generator, emb), embedder=emb,
                                            explain=settings or ExplainSettings(), cache=cache)
        return cls(explainer, **kwargs)

    @classmethod
    def for_chain(cls, chain: Any, *, on_mismatch: OnMismatch = "warn", settings: ExplainSettings | None = None,
                  embedder: Any = None, cache: Any = None, store: Neo4jStore | None = None,
                  **kwargs: Any) -> XgragCallbackHandler:
        """A handler that explains the call of `chain` it is attached to: the documents its retrievers returned and
        the messages its chat model received (an LCEL RunnableSequence with one chat-model step), or the rows a
        GraphCypherQAChain passed to its QA step, and the answer the call returned (the baseline the replays of
        the chain's own model step must reproduce: `on_mismatch` "warn" or "error"). `store`: names a
        GraphCypherQAChain's rows' entities and facts (and where `save=True` writes)."""
        return cls(chain=chain, on_mismatch=on_mismatch, settings=settings, embedder=embedder, cache=cache,
                   store=store, **kwargs)

    # -- results -----------------------------------------------------------------------------------------------

    @property
    def last_explanation(self) -> Explanation | None:
        """The explanation finished most recently (None when none has finished yet)."""
        with self._lock:
            return None if self._last_explained is None else self.explanations.get(self._last_explained)

    def result(self, run_id: uuid.UUID | str, timeout: float | None = None) -> Explanation | None:
        """The run's explanation, waiting for a queued one; None when the run was skipped or explaining failed
        (see `skipped` / `errors`)."""
        rid = run_id if isinstance(run_id, uuid.UUID) else uuid.UUID(str(run_id))
        future = self.futures.get(rid)
        if future is not None:
            future.result(timeout)
        return self.explanations.get(rid)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for every queued explanation; True when all are done."""
        with self._lock:
            pending = list(self.futures.values())
        _, not_done = concurrent.futures.wait(pending, timeout)
        return not not_done

    async def aresult(self, run_id: uuid.UUID | str, timeout: float | None = None) -> Explanation | None:
        """`result` for async code (never blocks the caller's loop)."""
        rid = run_id if isinstance(run_id, uuid.UUID) else uuid.UUID(str(run_id))
        future = self.futures.get(rid)
        if future is not None:
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), timeout)
        return self.explanations.get(rid)

    def close(self, wait: bool = True) -> None:
        """Wait for this handler's queued explanations (the shared explainer loop keeps running)."""
        if wait:
            self.wait()

    def __enter__(self) -> XgragCallbackHandler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- run bookkeeping ---------------------------------------------------------------------------------------

    def _enter(self, run_id: uuid.UUID, parent_run_id: uuid.UUID | None, event: str) -> RunCapture:
        with self._lock:
            root = self._root_of.get(parent_run_id) if parent_run_id is not None else None
            if root is None or root not in self._live:  # no parent this handler saw: a root run for it
                root = run_id
                self._live[run_id] = RunCapture(run_id)
            self._root_of[run_id] = root
            cap = self._live[root]
            cap.run_ids.add(run_id)
            cap.events.append(event)
            return cap

    def _capture_of(self, run_id: uuid.UUID) -> RunCapture | None:
        with self._lock:
            root = self._root_of.get(run_id)
            return None if root is None else self._live.get(root)

    def _close_run(self, cap: RunCapture) -> None:
        with self._lock:
            self._live.pop(cap.run_id, None)
            for rid in cap.run_ids:
                self._root_of.pop(rid, None)
            cap.inputs_by_run.clear()
            cap.text_labels.clear()
            cap.seconds = time.perf_counter() - cap.started
            self.captures[cap.run_id] = cap
            self.last_run_id = cap.run_id
            self._trim()

    def _trim(self) -> None:
        if self.max_kept is None:
            return
        for table in (self.captures, self.explanations, self.skipped, self.errors):
            while len(table) > self.max_kept:
                del table[next(iter(table))]
        done = [rid for rid, f in self.futures.items() if f.done()]
        for rid in done[:max(0, len(self.futures) - self.max_kept)]:
            del self.futures[rid]

    # -- events ------------------------------------------------------------------------------------------------

    def on_chain_start(self, serialized: dict[str, Any] | None, inputs: Any, *, run_id: uuid.UUID,
                       parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._enter(run_id, parent_run_id, "chain_start")
        if cap.run_id == run_id:
            cap.inputs = inputs
        cap.inputs_by_run[run_id] = inputs
        # GraphCypherQAChain's QA step is invoked with {"question", "context": rows} (its events reach handlers only
        # where the chain passes its callbacks on; see on_text for the version that does not).
        rows = _qa_rows(inputs)
        if rows is not None and cap.cypher_rows_source in (None, "chain_text"):
            cap.cypher_rows, cap.cypher_rows_source, cap.cypher_question = rows, "qa_input", inputs["question"]

    def on_chain_end(self, outputs: Any, *, run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None,
                     **kwargs: Any) -> None:
        cap = self._chain_end(outputs, run_id)
        if cap is not None:
            self._finish(cap)

    def _chain_end(self, outputs: Any, run_id: uuid.UUID) -> RunCapture | None:
        """Record a chain's end; the capture when it was the root run and is ready to explain, else None."""
        cap = self._capture_of(run_id)
        if cap is None:
            return None
        query, rows = _cypher_steps(outputs)
        if rows is not None:
            cap.cypher_rows, cap.cypher_rows_source, cap.cypher_query = rows, "intermediate_steps", query
            cap.cypher_question = question_text(outputs) or question_text(cap.inputs_by_run.get(run_id))
            cap.events.append("graph_cypher_qa_end")
        if run_id != cap.run_id:
            return None
        cap.answer = answer_text(outputs) if cap.answer is None else cap.answer
        return cap if self._ready(cap) else None

    def on_chain_error(self, error: BaseException, *, run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None,
                       **kwargs: Any) -> None:
        cap = self._capture_of(run_id)
        if cap is not None and run_id == cap.run_id:
            self._close_run(cap)
            self.skipped[run_id] = f"the run failed: {type(error).__name__}: {error}"

    def on_text(self, text: str, *, run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None,
                **kwargs: Any) -> None:
        """GraphCypherQAChain reports "Generated Cypher:" <cypher> "Full Context:" <str(rows)> as text events
        (whatever `verbose` is): the rows even without return_intermediate_steps. langchain-neo4j 0.11 passes
        `callbacks=` to its inner runnables' invoke, where it is ignored, so its QA step's own events never arrive."""
        cap = self._capture_of(run_id)
        if cap is None or not isinstance(text, str):
            return
        label = cap.text_labels.pop(run_id, None)
        if text in ("Generated Cypher:", "Full Context:"):
            cap.text_labels[run_id] = text
        elif label == "Generated Cypher:" and cap.cypher_rows_source != "intermediate_steps":
            cap.cypher_query = text
        elif label == "Full Context:" and cap.cypher_rows_source in (None, "chain_text"):
            rows = _literal_rows(text)
            if rows is not None:
                cap.cypher_rows, cap.cypher_rows_source = rows, "chain_text"
                cap.cypher_question = question_text(cap.inputs_by_run.get(run_id))

    def on_retriever_start(self, serialized: dict[str, Any] | None, query: str, *, run_id: uuid.UUID,
                           parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._enter(run_id, parent_run_id, "retriever_start")
        if isinstance(query, str):
            cap.retriever_queries.append(query)

    def on_chat_model_start(self, serialized: dict[str, Any] | None, messages: list[list[BaseMessage]], *,
                            run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._model_run(run_id, parent_run_id, "chat_model_start")
        if cap is not None:
            with self._lock:
                cap.model_calls.extend(list(batch) for batch in messages)

    def on_llm_start(self, serialized: dict[str, Any] | None, prompts: list[str], *, run_id: uuid.UUID,
                     parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._model_run(run_id, parent_run_id, "llm_start")
        if cap is not None:
            with self._lock:
                cap.text_model_calls += len(prompts)

    def _model_run(self, run_id: uuid.UUID, parent_run_id: uuid.UUID | None, event: str) -> RunCapture | None:
        """The capture a model run belongs to; None for a model called on its own (no run of this handler's is its
        parent: there is no retrieved context, and no end event would close it)."""
        if self.chain is None or parent_run_id is None or self._capture_of(parent_run_id) is None:
            return None  # (the re-answer needs no messages: a handler without a chain keeps none)
        return self._enter(run_id, parent_run_id, event)

    def on_retriever_end(self, documents: Sequence[Document], *, run_id: uuid.UUID,
                         parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._capture_of(run_id)
        if cap is None:
            return
        if self.chain is not None:  # the chain's own context (the re-answer keeps xgrag's documents only)
            with self._lock:
                cap.retrieved += list(documents)
        self._add_documents(cap, documents, "retriever_end")
        if run_id == cap.run_id:  # the handler is attached to a bare retriever: there is no answer to explain
            self._close_run(cap)
            self.skipped[run_id] = "a retriever run on its own has no answer to explain"

    def on_retriever_error(self, error: BaseException, *, run_id: uuid.UUID, **kwargs: Any) -> None:
        cap = self._capture_of(run_id)
        if cap is not None and run_id == cap.run_id:
            self._close_run(cap)

    def on_tool_start(self, serialized: dict[str, Any] | None, input_str: str, *, run_id: uuid.UUID,
                      parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._enter(run_id, parent_run_id, "tool_start")
        cap.inputs_by_run[run_id] = kwargs.get("inputs") or input_str

    def on_tool_end(self, output: Any, *, run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None,
                    **kwargs: Any) -> None:
        cap = self._capture_of(run_id)
        if cap is None:
            return
        self._add_documents(cap, _documents_in(output), "tool_end")
        query, rows = _cypher_steps(output if isinstance(output, Mapping) else getattr(output, "artifact", None))
        if rows is not None:
            cap.cypher_rows, cap.cypher_rows_source, cap.cypher_query = rows, "tool_output", query
            cap.cypher_question = question_text(output) or question_text(cap.inputs_by_run.get(run_id))
        if run_id == cap.run_id:
            self._close_run(cap)
            self.skipped[run_id] = "a tool run on its own has no answer to explain"

    def on_tool_error(self, error: BaseException, *, run_id: uuid.UUID, **kwargs: Any) -> None:
        cap = self._capture_of(run_id)
        if cap is not None and run_id == cap.run_id:
            self._close_run(cap)

    def on_agent_finish(self, finish: Any, *, run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None,
                        **kwargs: Any) -> None:
        cap = self._capture_of(run_id)
        values = getattr(finish, "return_values", None)
        if cap is not None and isinstance(values, Mapping):
            cap.answer = answer_text(values)

    def _add_documents(self, cap: RunCapture, documents: Sequence[Any], event: str) -> None:
        ours = [d for d in documents if is_xgrag_document(d)]
        with self._lock:
            cap.documents += ours
            cap.other_documents += len(documents) - len(ours)
            if ours:
                cap.events.append(f"{event}:{len(ours)} xgrag documents")

    # -- explaining --------------------------------------------------------------------------------------------

    def _ready(self, cap: RunCapture) -> bool:
        """Close the root run; False (with the reason in `skipped`) when there is nothing to explain."""
        self._close_run(cap)
        cap.question = cap.cypher_question or next(iter(cap.retriever_queries), None) or question_text(cap.inputs)
        if self.chain is not None:  # the chain's own call: any retrieved document, or its Cypher rows
            if not cap.retrieved and cap.cypher_rows is None:
                self.skipped[cap.run_id] = "the run retrieved no document and no Cypher rows: no context to explain"
                return False
        elif not cap.has_context:
            self.skipped[cap.run_id] = ("no graph context was captured (no XgragRetriever documents, no "
                                        f"GraphCypherQAChain rows; {cap.other_documents} other documents)")
            return False
        if cap.answer is None or cap.question is None:
            self.skipped[cap.run_id] = "the run's " + ("answer" if cap.answer is None else "question") + \
                " could not be read from its inputs/outputs"
            return False
        return True

    def _submit(self, cap: RunCapture) -> concurrent.futures.Future[Explanation | None]:
        """Explain on xgrag's explainer loop (one event loop in one daemon thread, shared by every sync handler of
        the process). One long-lived loop, not one per explanation: async clients such as ChatOllama's bind to the
        loop they were first used on and fail on the next one ("Event loop is closed")."""
        future = asyncio.run_coroutine_threadsafe(self._limited(cap), _explainer_loop())
        if self.mode == "queued":
            with self._lock:
                self.futures[cap.run_id] = future
        return future

    async def _limited(self, cap: RunCapture) -> Explanation | None:
        if self._sem is None:
            self._sem = asyncio.Semaphore(self._workers)
        async with self._sem:
            return await self._aexplain_run(cap)

    def _finish(self, cap: RunCapture) -> None:
        future = self._submit(cap)
        if self.mode == "inline":
            future.result()  # blocks the calling thread (under ainvoke: the caller's loop; see the async handler)

    def context_of(self, cap: RunCapture) -> tuple[Subgraph, list[XgragDocumentsMap | GraphCypherQAMap]]:
        """The captured context as a subgraph, and the trace steps saying where it came from."""
        assert self.explainer is not None  # the re-answer's context (a handler for a chain replays its call)
        parts: list[Subgraph] = []
        steps: list[XgragDocumentsMap | GraphCypherQAMap] = []
        if cap.documents:
            sub = subgraph_from_documents(cap.documents)
            parts.append(sub)
            steps.append(XgragDocumentsMap(
                documents=len(cap.documents), other_documents=cap.other_documents,
                method="XgragRetriever documents rebuilt into their subgraph from metadata (node and relationship "
                       "ids, relations, provenance); no query",
                nodes=len(sub.nodes), relationships=len(sub.relationships)))
        if cap.cypher_rows is not None:
            sub, step = subgraph_from_rows(self.explainer.graph_retriever(), cap.question or "", cap.cypher_rows,
                                           self.row_hops, cap.cypher_query)
            step.rows_from = cap.cypher_rows_source
            parts.append(sub)
            steps.append(step)
        return (parts[0] if len(parts) == 1 else merge_subgraphs(parts)), steps

    async def _aexplain_run(self, cap: RunCapture) -> Explanation | None:
        """Map the captured context and await the explainer; mapping and saving (sync driver) run in a worker
        thread."""
        if self.chain is not None:
            return await self._aexplain_call(cap)
        assert self.explainer is not None
        try:
            graph, steps = await asyncio.to_thread(self.context_of, cap)
            if not self._has_facts(cap, graph, steps):
                return None
            assert cap.question is not None
            ex = await self.explainer.aexplain(cap.question, settings=self.settings, subgraph=graph, answer=cap.answer)
            return await asyncio.to_thread(self._keep, cap, ex, steps)
        except Exception as exc:
            self._failed(cap, exc)
            return None

    def stack_call(self, cap: RunCapture) -> StackCall:
        """The chain's own call as it was captured: its context, its answer, its model step (or QA step) replayed."""
        assert cap.answer is not None and cap.question is not None
        if _chain_kind(self.chain) == "cypher_qa":
            from xgrag.integrations.langchain.cypher_qa import cypher_qa_call

            if cap.cypher_rows is None:
                raise UsageError("the GraphCypherQAChain run reported no rows (its intermediate steps or its 'Full "
                                 "Context:' text event)")
            return cypher_qa_call(self.chain, cap.question, cap.answer, cap.cypher_query, cap.cypher_rows,
                                  store=self.store)
        from xgrag.integrations.langchain.lcel import captured_call

        return captured_call(self.chain, cap.question, cap.answer, cap.model_calls, cap.text_model_calls,
                             cap.retrieved)

    async def _aexplain_call(self, cap: RunCapture) -> Explanation | None:
        """Explain the captured call with the stack engine: no part of the chain runs again but its model step (or
        QA step), replayed on the captured context; the baseline to reproduce is the answer the run returned."""
        from xgrag.explain.explainer import aexplain_stack

        try:
            call = await asyncio.to_thread(self.stack_call, cap)
            ex = await aexplain_stack(call, embedder=self.embedder, settings=self.settings, cache=self.cache,
                                      on_mismatch=self.on_mismatch)
            return await asyncio.to_thread(self._keep, cap, ex, [])
        except Exception as exc:
            self._failed(cap, exc)
            return None

    def _has_facts(self, cap: RunCapture, graph: Subgraph, steps: list[XgragDocumentsMap | GraphCypherQAMap]
                   ) -> bool:
        if graph.relationships:
            return True
        self.skipped[cap.run_id] = "the captured context maps to no relationship of the graph: " + \
            "; ".join(s.method for s in steps)
        return False

    def _keep(self, cap: RunCapture, ex: Explanation, steps: Sequence[XgragDocumentsMap | GraphCypherQAMap]
              ) -> Explanation:
        ex.trace[:0] = [*steps, LangChainRunStep(run_id=str(cap.run_id), mode=self.mode, handler=type(self).__name__,
                                                 run_seconds=round(cap.seconds or 0.0, 4))]
        if self.save:
            assert self.store is not None  # checked when the handler was made
            save_explanation(self.store, ex)
        with self._lock:
            self.explanations[cap.run_id] = ex
            self._last_explained = cap.run_id
            self._trim()
        return ex

    def _failed(self, cap: RunCapture, exc: Exception) -> None:
        log.warning("xgrag could not explain run %s: %s: %s", cap.run_id, type(exc).__name__, exc)
        self.errors[cap.run_id] = exc
        if self.raise_error and self.mode == "inline":
            raise exc
        return None


# the capture methods are the sync handler's on purpose (run_inline: LangChain calls them in order on its loop)
class AsyncXgragCallbackHandler(XgragCallbackHandler, AsyncCallbackHandler):  # type: ignore[misc]
    """For async applications (`ainvoke`, one long-lived event loop): the same capture, but the root run's end is
    a coroutine awaited on the application's loop. `mode="inline"` awaits the explanation there (the run returns
    after it; other tasks keep running; the explainer's async chat client stays on the loop the application's own
    chain uses); `mode="queued"` schedules it as a task on that loop (`await handler.aresult(run_id)`).

    Use XgragCallbackHandler under a sync `invoke`: LangChain then runs this coroutine on a throw-away loop each
    time, and async clients bound to the first such loop fail on the next."""

    async def on_chain_end(self, outputs: Any, *, run_id: uuid.UUID,  # type: ignore[override]
                           parent_run_id: uuid.UUID | None = None, **kwargs: Any) -> None:
        cap = self._chain_end(outputs, run_id)
        if cap is None:
            return
        if self.mode == "inline":
            await self._aexplain_run(cap)
            return
        future: concurrent.futures.Future[Explanation | None] = concurrent.futures.Future()
        task = asyncio.get_running_loop().create_task(self._aexplain_run(cap))
        self._tasks.add(task)

        def done(t: asyncio.Task[Explanation | None]) -> None:
            self._tasks.discard(t)
            if t.cancelled():
                future.cancel()
            elif t.exception() is not None:
                future.set_exception(t.exception())
            else:
                future.set_result(t.result())

        task.add_done_callback(done)
        with self._lock:
            self.futures[cap.run_id] = future

    @property
    def _tasks(self) -> set[asyncio.Task[Explanation | None]]:  # strong references to running tasks
        tasks = self.__dict__.get("_task_refs")
        if tasks is None:
            tasks = self.__dict__["_task_refs"] = set()
        return tasks


_LOOP: asyncio.AbstractEventLoop | None = None
_LOOP_LOCK = threading.Lock()


def _explainer_loop() -> asyncio.AbstractEventLoop:
    """The process's explainer loop: started on first use in a daemon thread, runs until the process exits."""
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None or _LOOP.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="xgrag-explainer-loop", daemon=True).start()
            _LOOP = loop
        return _LOOP


def _chain_kind(chain: Any) -> Literal["lcel", "cypher_qa"]:
    """Which of the chains whose call the handler can replay `chain` is (a UsageError naming what it is else)."""
    if hasattr(chain, "qa_chain") and hasattr(chain, "cypher_generation_chain"):
        if getattr(chain, "return_direct", False):
            raise UsageError("the chain has return_direct=True: it answers with the rows, no model answer to explain")
        return "cypher_qa"
    from xgrag.integrations.langchain.lcel import model_tail

    model_tail(chain)  # a RunnableSequence with exactly one chat-model step, else a UsageError saying so
    return "lcel"


def _as_generator(generator: Any, embedder: Any) -> Any:
    if isinstance(generator, str):
        from xgrag.generate.factory import make_generator

        return make_generator(generator, embedder=embedder) if generator == "extractive" else \
            make_generator(generator)
    try:
        from langchain_core.language_models import BaseChatModel
    except ImportError:  # pragma: no cover
        BaseChatModel = ()  # type: ignore[assignment,misc]  # noqa: N806
    if isinstance(generator, BaseChatModel):
        from xgrag.generate.langchain import LangChainGenerator

        return LangChainGenerator(generator)
    if callable(getattr(generator, "agenerate", None)) and hasattr(generator, "name"):
        return generator
    raise TypeError(f"generator must be a LangChain chat model, an xgrag Generator or a spec string, got "
                    f"{type(generator).__name__}")
