"""A LlamaIndex query engine explained with its own response synthesizer: the answer the engine gave, the nodes its
retriever returned (after its node postprocessors) as the units, and each probe re-run through the engine's own
`synthesize(query, nodes)` (its response synthesizer: its text_qa / refine templates, its response mode, its LLM
object) with some nodes, or some lines of a node, left out.

Units: `response.source_nodes` in order, each node's text exactly as the synthesizer put it into the prompt
(`node.get_content(metadata_mode=MetadataMode.LLM)`); a node's text is cut into lines and sentences (spans). A
PropertyGraphIndex retriever gives one node per triplet (`head -> RELATION -> tail`), or with `include_text=True`
one node per chunk whose triplet lines stand in front of the chunk's text.

A probe rebuilds the node list: a node left whole is the engine's own node object (so nothing is re-rendered), a
node with spans cut out becomes a TextNode of the text kept (its metadata, if the synthesizer showed any, is part
of that text already), a node left out is dropped; then `engine.synthesize(QueryBundle(question), nodes)` answers,
synchronously as `engine.query` did. The oracle's key for a probe is the engine's text_qa template filled with the
kept texts (what the synthesizer sends when they fit one prompt).

Tracing, with a store under the `llamaindex` schema preset (read-only): every triplet line of a node is matched to
the stored relationship of that relation between entities of those exact names (`response.subgraph_from_triplets`);
the node then states those facts, and its spans the facts whose both ends they name.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from llama_index.core.base.response.schema import Response
from llama_index.core.schema import MetadataMode, NodeWithScore, QueryBundle, TextNode

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
from xgrag.generate.base import Fact, Generation, GenerationError, Usage, read_answer
from xgrag.generate.cache import ResponseCache
from xgrag.generate.langchain import chat_model_params
from xgrag.loops import require_blocking, run_blocking
from xgrag.model import Explanation, Subgraph
from xgrag.model.trace import LlamaIndexMap
from xgrag.retrieval import Retriever
from xgrag.store.neo4j import Neo4jStore

from .response import UNMATCHED_PREFIX, subgraph_from_triplets, triplets_from_nodes

STACK = "llamaindex"
EMPTY_RESPONSE = "Empty Response"  # llama_index.core.response_synthesizers: the text of a synthesis without an answer
TEXT_QA = "response_synthesizer:text_qa_template"


def _synthesizer(engine: Any) -> Any:
    synth = getattr(engine, "_response_synthesizer", None)  # RetrieverQueryEngine keeps no public accessor
    if synth is None or not callable(getattr(engine, "synthesize", None)):
        raise UsageError(f"{type(engine).__name__} is not a query engine with a response synthesizer (expected a "
                         "RetrieverQueryEngine, e.g. index.as_query_engine(...))")
    return synth


def node_text(item: NodeWithScore) -> str:
    """A node's text as the response synthesizer puts it into the prompt."""
    return str(item.node.get_content(metadata_mode=MetadataMode.LLM))


def no_answer_sentinels(synth: Any) -> tuple[str, ...]:
    """What the response synthesizer answers when there is no answer: its `empty_response` (LlamaIndex's default
    "Empty Response", given when its LLM returned nothing or it got no nodes)."""
    configured = getattr(synth, "_empty_response", None)
    return tuple(dict.fromkeys([EMPTY_RESPONSE, *([configured] if isinstance(configured, str) else [])]))


class SynthesizerReplay:
    """A query engine's response synthesizer as an xgrag Generator: `prepare(nodes)` gives the key the oracle caches
    on (the engine's text_qa template filled with the nodes' texts) and remembers the nodes; `generate(key)` calls
    `engine.synthesize(QueryBundle(question), nodes)`, synchronously as `engine.query` does."""

    is_language_model = True

    def __init__(self, engine: Any, question: str) -> None:
        self.engine = engine
        self.question = question
        synth = _synthesizer(engine)
        llm = getattr(synth, "_llm", None)
        self.llm = llm
        model = getattr(getattr(llm, "metadata", None), "model_name", None) if llm is not None else None
        self.name = f"llamaindex:{type(llm).__name__ if llm is not None else type(synth).__name__}" + (
            f":{model}" if model and model != "unknown" else "")
        prompts = engine.get_prompts()
        self.template = prompts.get(TEXT_QA)
        # the templates as the synthesizer picks them for this LLM (a selector prompt's chat or text variant)
        templates = {k: str(p.get_template(llm=llm)) for k, p in sorted(prompts.items())}
        params: dict[str, Any] = {**(chat_model_params(llm) if llm is not None else {}),
                                  "replay": "engine.synthesize", "synthesizer": type(synth).__name__,
                                  "templates": hashlib.sha256(json.dumps(templates, sort_keys=True).encode())
                                  .hexdigest()[:16]}
        self._params = params
        self._nodes: dict[str, list[NodeWithScore]] = {}
        self.no_answer = no_answer_sentinels(synth)

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def prepare(self, nodes: Sequence[NodeWithScore]) -> str:
        texts = [node_text(n) for n in nodes]
        context = "\n\n".join(texts)
        if self.template is not None:
            try:
                key = str(self.template.format(llm=self.llm, context_str=context, query_str=self.question))
            except (KeyError, ValueError):  # a user template with other variables: the texts alone key the call
                key = context
        else:
            key = context
        self._nodes[key] = list(nodes)
        return key

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        nodes = self._nodes.get(prompt)
        if nodes is None:
            raise GenerationError(f"{self.name}: no nodes were prepared for this prompt")
        t0 = time.perf_counter()
        try:
            out = self.engine.synthesize(QueryBundle(query_str=self.question), nodes)
        except Exception as exc:  # the engine's own failure, whatever its LLM client raises
            raise GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000]) from exc
        text = getattr(out, "response", None)
        if not isinstance(text, str):
            raise GenerationError(f"{self.name}: the synthesizer returned {type(out).__name__} without a text "
                                  "response (streaming and structured outputs are not replayed)")
        # one synthesis; a refine over several packed prompts makes more LLM calls than the one counted here. The
        # synthesizer's "Empty Response" (its LLM said nothing, or no node was left) is no answer: an abstention
        return Generation(read_answer(text, self.no_answer), Usage(1, 0, 0, time.perf_counter() - t0), self.name)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        return await asyncio.to_thread(self.generate, prompt, system)


@dataclass
class ExplainedResponse:
    response: Any  # the engine's own Response
    question: str
    explanation: Explanation | None
    trace: LlamaIndexMap  # how the nodes were traced to stored relationships

    @property
    def answer(self) -> str:
        return str(self.response.response)


def _kept(item: NodeWithScore, text: str) -> NodeWithScore:
    """`item` with its text replaced by `text` (what is kept of the text the synthesizer showed)."""
    node = TextNode(text=text, id_=item.node.node_id, relationships=dict(item.node.relationships))
    return NodeWithScore(node=node, score=item.score)


def engine_call(engine: Any, question: str, response: Any, *, store: Neo4jStore | None = None) -> StackCall:
    """The StackCall of `engine.query(question)` that returned `response`: its source nodes as units, traced to the
    stored relationships when `store` (under the llamaindex preset) is given, the engine's synthesizer replayed."""
    nodes = list(getattr(response, "source_nodes", None) or [])
    answer = getattr(response, "response", None)
    if not isinstance(answer, str):
        raise UsageError(f"expected the Response of a query engine (a text answer), got {type(response).__name__}")
    replay = SynthesizerReplay(engine, question)
    answer = read_answer(answer, replay.no_answer)  # as every replayed answer is read
    texts = [node_text(n) for n in nodes]
    graph = Subgraph(mode="supplied")
    rel_of: dict[tuple[str, ...], str] = {}
    if store is not None:
        triplets = triplets_from_nodes(nodes)
        graph, mapping = subgraph_from_triplets(Retriever(store), question, triplets, seeds=False)
        graph.mode = "supplied"
        rel_of = {tuple(m.triplet): m.relationship_id for m in mapping.matched}
        step = LlamaIndexMap(nodes=len(nodes), triplets=mapping.triplets, method=mapping.method,
                             matched=mapping.matched, unmatched=mapping.unmatched)
    else:
        step = LlamaIndexMap(nodes=len(nodes),
                             method="no store: the nodes are explained as units without graph elements")
    sources = []
    for i, (item, text) in enumerate(zip(nodes, texts, strict=True), start=1):
        rels = []
        for t in triplets_from_nodes([item]):
            rid = rel_of.get((t.head, t.relation, t.tail))
            if rid is None and store is not None:
                rid = f"{UNMATCHED_PREFIX}{t.head}|{t.relation}|{t.tail}"
            if rid is not None and rid in graph.relationships:
                rels.append(graph.relationships[rid])
        ents = list({n.id: n for r in rels for n in (graph.nodes[r.source], graph.nodes[r.target])}.values())
        prov: dict[str, Any] = {"index": i, "node_id": item.node.node_id}
        if item.score is not None:
            prov["score"] = item.score
        sources.append(ItemSource(
            text=text, source="node", node_ids=tuple(e.id for e in ents), relationship_ids=tuple(r.id for r in rels),
            facts=tuple(KnownFact(r.id, graph.nodes[r.source].name, r.label, graph.nodes[r.target].name, r.source,
                                  r.target) for r in rels),
            entities=tuple(KnownEntity(e.id, e.name) for e in ents), provenance=prov))

    def prompt(items: Sequence[str | None]) -> tuple[str | None, str]:
        kept = [item if text == original else _kept(item, text)
                for item, original, text in zip(nodes, texts, items, strict=True) if text is not None]
        return None, replay.prepare(kept)

    return StackCall(stack=STACK, component=f"{type(engine).__name__}({replay.params['synthesizer']})",
                     question=question, observed_answer=answer, context=build_context(sources), prompt=prompt,
                     generator=replay, graph=graph, prompt_name=f"llamaindex:{TEXT_QA}", notes=[step])


async def aexplain_engine_response(engine: Any, question: str, response: Any, *, store: Neo4jStore | None = None,
                                   settings: ExplainSettings | None = None, embedder: Any = None,
                                   cache: ResponseCache | None = None, progress: Progress | None = None,
                                   on_mismatch: OnMismatch = "warn",
                                   observed_answer: str | None = None) -> ExplainedResponse:
    """`explain_engine_response` for async code."""
    check_observed(observed_answer, on_mismatch)
    call = await asyncio.to_thread(engine_call, engine, question, response, store=store)
    if not call.context.items:
        raise UsageError("the response has no source nodes: there is no context to explain")
    ex = await aexplain_stack(call, embedder=embedder, settings=settings, cache=cache, progress=progress,
                              on_mismatch=on_mismatch, observed_answer=observed_answer)
    step = call.notes[0]
    assert isinstance(step, LlamaIndexMap)  # engine_call's one note
    return ExplainedResponse(response, question, ex, step)


def explain_engine_response(engine: Any, question: str, response: Any, *, store: Neo4jStore | None = None,
                            settings: ExplainSettings | None = None, embedder: Any = None,
                            cache: ResponseCache | None = None, progress: Progress | None = None,
                            on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedResponse:
    """Explain `response`, the answer `engine.query(question)` gave, with the engine's own response synthesizer
    (see the module docstring). `store` (llamaindex preset) traces the nodes' triplets to stored relationships.
    `observed_answer`: the answer you got, when `response` is another run of the query (default: its own); the
    replays must reproduce it, and so must `response`; a mismatch warns or raises per `on_mismatch`.
    Blocking; from async code use `aexplain_engine_response`. Runs on the thread's event loop, which LlamaIndex's
    own blocking calls use, and leaves it open and current (xgrag.loops)."""
    return run_blocking(aexplain_engine_response(engine, question, response, store=store, settings=settings,
                                                 embedder=embedder, cache=cache, progress=progress,
                                                 on_mismatch=on_mismatch, observed_answer=observed_answer),
                        async_form="aexplain_engine_response")


def _text_response(response: Any) -> Any:
    if not isinstance(response, Response):
        raise UsageError(f"the engine answered with {type(response).__name__}; a text Response is explained "
                         "(streaming=False, no output_cls)")
    return response


async def aexplain_query(engine: Any, question: str, *, store: Neo4jStore | None = None,
                         settings: ExplainSettings | None = None, embedder: Any = None,
                         cache: ResponseCache | None = None, progress: Progress | None = None,
                         on_mismatch: OnMismatch = "warn", observed_answer: str | None = None) -> ExplainedResponse:
    """`explain_query` for async code: `await engine.aquery(question)` on the caller's loop, as async code queries.
    Not `engine.query` in a worker thread: its LlamaIndex asyncio_run would open the LLM's async client in a loop of
    its own, closed when the query returns, and the user's next query would find that client bound to it."""
    check_observed(observed_answer, on_mismatch)
    response = _text_response(await engine.aquery(question))
    return await aexplain_engine_response(engine, question, response, store=store, settings=settings,
                                          embedder=embedder, cache=cache, progress=progress, on_mismatch=on_mismatch,
                                          observed_answer=observed_answer)


def explain_query(engine: Any, question: str, *, store: Neo4jStore | None = None,
                  settings: ExplainSettings | None = None, embedder: Any = None, cache: ResponseCache | None = None,
                  progress: Progress | None = None, on_mismatch: OnMismatch = "warn",
                  observed_answer: str | None = None) -> ExplainedResponse:
    """Run `engine.query(question)` and explain the answer it gave with the engine's own response synthesizer and
    LLM (see the module docstring). `observed_answer`: the answer the engine gave you, when you have it: the
    replays must reproduce it, and so must this query; a mismatch warns or raises per `on_mismatch`. Blocking;
    from async code use `aexplain_query`. The query runs in the calling thread, exactly as the caller's own
    `engine.query` would (LlamaIndex runs its async retrieval on the thread's event loop), then the explanation runs
    on that same loop, left open and current (xgrag.loops)."""
    require_blocking("aexplain_query")
    check_observed(observed_answer, on_mismatch)
    response = _text_response(engine.query(question))
    return explain_engine_response(engine, question, response, store=store, settings=settings, embedder=embedder,
                                   cache=cache, progress=progress, on_mismatch=on_mismatch,
                                   observed_answer=observed_answer)
