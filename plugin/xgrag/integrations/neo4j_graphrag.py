"""xgrag for neo4j-graphrag: explain a `GraphRAG.search` answer (or a retriever result) with xgrag.

`explain_search(graphrag, query_text, store=...)` runs `graphrag.search(..., return_context=True)`, maps the
`RetrieverResult` onto the graph, explains the answer with the same LLM the search used, and returns the search
result (a `RagResultModel` subclass: `answer`, `retriever_result`) with an `explain` payload. `explain_result(result,
query_text, store=..., llm=...)` does the same for a result you already have (a `RagResultModel` from
`search(return_context=True)` or a bare `RetrieverResult` plus its answer).

The payload follows the shape of neo4j-graphrag's draft explain payload (neo4j/neo4j-graphrag-python PR #544,
branch `graphrag-explain-1`, `generation/explain.py`: `ExplainResult{sources: [SourceRef{index, content, score,
node_id, labels, metadata}], graph: [GraphContext{paths: [[GraphNodeRef{id, labels, properties} |
GraphRelationshipRef{type, start_id, end_id}]]}], trace: TraceStep{retriever, cypher}}`) and extends it with what
mattered, from xgrag's Explanation: each graph element's importance (XGRAG's 1 - cos(E(a0), E(a_p))), rank and
counterfactual answer per perturbation strategy; each source's importance and rank; how each item was mapped; the
explainer's own answer a0 and its similarity to the search's answer.

Mapping a RetrieverResult (read-only, every value a parameter, under the store's schema preset; `neo4j-graphrag`
for graphs its SimpleKGPipeline wrote, where entity and relationship ids are elementIds):

- an item's `metadata` names graph elements by id: `node_id`, `element_id`, `elementId`, `id` (VectorRetriever's
  default formatter puts the hit's elementId there), `node_ids`, `element_ids`, `entity_ids`, `nodes` (ids or
  driver `Node`s), `relationship_id`, `relationship_ids`, `rel_ids`, `relationships` (ids or driver
  `Relationship`s), and `graph` / `paths` (the draft's `GraphContext`, its dict form, or driver `Path`s; a path's
  relationship without an id is looked up by its ends and type). `record_formatter()` makes a VectorCypher/
  HybridCypher `result_formatter` that keeps a query's id columns there; with the retrievers' default formatters,
  return them in a `metadata` map column.
- relationship ids -> the stored semantic relationships between entities (`cypher/relationships_by_id.cypher`),
  with their ends; node ids -> entities (`nodes_by_id`). The facts are exactly the named relationships: an item
  that names entities but no relationship contributes the entities only, unless `induce_relationships=True` adds
  the relationships among them (marked in the trace: the LLM may not have seen those).
- ids that are not entities under the preset (a `Chunk`, a `Document`: labels from `element_labels.cypher`), ids
  with no node, and text-only items are reported as such in `sources[i].mapping` / `reason` and in the trace;
  nothing is ever inferred from text.

The explainer measures importances against its own baseline a0 (its generator on xgrag's strict prompt over the
mapped subgraph), as XGRAG defines them; the search's answer is the observed answer, with its similarity to a0
(`explain.observed_answer_similarity`). `LLMGenerator` wraps the search's `LLMInterface` / `LLMInterfaceV2` as
xgrag's generator (so explanations use the same model, settings and server); `XgragLLM` goes the other way (any
xgrag generator as a neo4j-graphrag LLM).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

try:
    import neo4j
    from neo4j_graphrag.exceptions import LLMGenerationError
    from neo4j_graphrag.generation.types import RagResultModel
    from neo4j_graphrag.llm import LLMInterface, LLMInterfaceV2
    from neo4j_graphrag.llm.types import LLMResponse, LLMUsage
    from neo4j_graphrag.types import LLMMessage, RetrieverResult, RetrieverResultItem
    from pydantic import BaseModel, ConfigDict, Field
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("xgrag.integrations.neo4j_graphrag needs neo4j-graphrag: pip install neo4j-graphrag") from exc

from xgrag.config import Settings
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.perturbers import PRIMARY_FOR_UNIT
from xgrag.generate.base import Fact, Generation, GenerationError, Generator, Usage
from xgrag.model import Component, Explanation, Node, Relationship, Subgraph
from xgrag.retrieval import Retriever
from xgrag.retrieval.linking import node_from_map
from xgrag.store.neo4j import Neo4jStore

NODE_KEYS = ("node_id", "element_id", "elementId", "id")
NODE_LIST_KEYS = ("node_ids", "element_ids", "entity_ids", "nodes")
REL_KEYS = ("relationship_id",)
REL_LIST_KEYS = ("relationship_ids", "rel_ids", "relationships")
GRAPH_KEYS = ("graph", "paths")
_ID_KEYS = frozenset(NODE_KEYS + NODE_LIST_KEYS + REL_KEYS + REL_LIST_KEYS + GRAPH_KEYS)
# keys the draft's SourceRef lifts out of metadata into its own fields
_SOURCE_KEYS = frozenset({"score", "nodeLabels", "labels"}) | _ID_KEYS
_MAX_IDS = 2000  # ids looked up per result
_SECRET = re.compile(r"(api_?key|secret|password|passwd|credential|headers|(^|_)auth|(^|_)token$)", re.I)

Mapping_ = Literal["facts", "entities", "unmapped"]


# -- neo4j-graphrag's LLM <-> xgrag's generator ------------------------------------------------------------------

def _json_safe(value: Any) -> bool:
    try:
        json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return False
    return True


def _llm_usage(response: Any, seconds: float) -> Usage:
    usage = getattr(response, "usage", None)
    return Usage(1, int(getattr(usage, "request_tokens", None) or 0),
                 int(getattr(usage, "response_tokens", None) or 0), seconds)


class LLMGenerator:
    """A neo4j-graphrag LLM (`LLMInterfaceV2`, e.g. `OpenAILLM`, `OllamaLLM`; or a legacy `LLMInterface`) as an
    xgrag Generator: xgrag's system and user prompt go through the LLM's own `invoke` / `ainvoke`, so explanations use
    the model, `model_params` (temperature, seed, ...), server and rate-limit handling of the search. Usage comes from
    `LLMResponse.usage` when the LLM reports it. `params` (the response cache key) holds the class, the model name and
    the JSON-safe `model_params` (nothing that looks like a secret)."""

    def __init__(self, llm: Any) -> None:
        if not isinstance(llm, LLMInterfaceV2 | LLMInterface):
            raise UsageError(f"LLMGenerator needs a neo4j-graphrag LLM (LLMInterfaceV2 or LLMInterface), got "
                             f"{type(llm).__name__}",
                             hint="for a LangChain chat model use xgrag.generate.langchain.LangChainGenerator")
        self.llm = llm
        self.model = str(getattr(llm, "model_name", "") or "")
        self.name = f"neo4j-graphrag:{type(llm).__name__}" + (f":{self.model}" if self.model else "")
        model_params = getattr(llm, "model_params", None) or {}
        self._params: dict[str, Any] = {"class": f"{type(llm).__module__}.{type(llm).__qualname__}",
                                        "model": self.model}
        for key, value in sorted(model_params.items()):
            if not _SECRET.search(str(key)) and _json_safe(value):
                self._params[str(key)] = value

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def _call(self, prompt: str, system: str | None, method: str) -> Any:
        """`invoke` / `ainvoke` as GraphRAG.search calls them: with a message list when the LLM has the V2
        interface, else (legacy LLMInterface) with the prompt and a system instruction."""
        fn = getattr(self.llm, method)
        if isinstance(self.llm, LLMInterfaceV2):
            return fn(self._messages(prompt, system))
        return fn(prompt, system_instruction=system)

    def _messages(self, prompt: str, system: str | None) -> list[LLMMessage]:
        messages: list[LLMMessage] = [{"role": "system", "content": system}] if system else []
        return [*messages, {"role": "user", "content": prompt}]

    def _error(self, exc: BaseException) -> GenerationError:
        return GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000])

    def _generation(self, response: Any, t0: float) -> Generation:
        content = getattr(response, "content", None)
        if not isinstance(content, str):
            raise GenerationError(f"{self.name}: the LLM returned {type(response).__name__}, not an LLMResponse")
        return Generation(content, _llm_usage(response, time.perf_counter() - t0), self.name)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            response = self._call(prompt, system, "invoke")
        except (LLMGenerationError, OSError, ValueError) as exc:
            raise self._error(exc) from exc
        return self._generation(response, t0)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            response = await self._call(prompt, system, "ainvoke")
        except (LLMGenerationError, OSError, ValueError) as exc:
            raise self._error(exc) from exc
        return self._generation(response, t0)


class XgragLLM(LLMInterfaceV2):
    """The other direction: an xgrag Generator (e.g. `make_generator("openai:gpt-4o-mini")`, with xgrag's retries,
    timeouts and usage accounting) as a neo4j-graphrag `LLMInterfaceV2` for `GraphRAG(retriever, llm)`. System
    messages become the generator's system prompt; earlier turns are prepended to the last user message as
    "role: content" lines. `response_format` (structured output) is not supported."""

    def __init__(self, generator: Generator) -> None:
        super().__init__(model_name=generator.name, model_params=dict(generator.params))
        self.generator = generator

    @staticmethod
    def _split(messages: Sequence[LLMMessage]) -> tuple[str, str | None]:
        if not messages or messages[-1]["role"] != "user":
            raise UsageError("XgragLLM: the last message must be the user's")
        system = "\n\n".join(m["content"] for m in messages if m["role"] == "system") or None
        turns = [f"{m['role']}: {m['content']}" for m in messages[:-1] if m["role"] != "system"]
        prompt = "\n".join([*turns, messages[-1]["content"]]) if turns else messages[-1]["content"]
        return prompt, system

    @staticmethod
    def _response(gen: Generation) -> LLMResponse:
        u = gen.usage
        return LLMResponse(content=gen.text, usage=LLMUsage(request_tokens=u.prompt_tokens,
                                                            response_tokens=u.completion_tokens,
                                                            total_tokens=u.prompt_tokens + u.completion_tokens))

    def invoke(self, input: list[LLMMessage], *, response_format: Any = None,  # noqa: A002
               **kwargs: Any) -> LLMResponse:
        if response_format is not None:
            raise UsageError("XgragLLM does not support response_format")
        prompt, system = self._split(input)
        return self._response(self.generator.generate(prompt, system))

    async def ainvoke(self, input: list[LLMMessage], *, response_format: Any = None,  # noqa: A002
                      **kwargs: Any) -> LLMResponse:
        if response_format is not None:
            raise UsageError("XgragLLM does not support response_format")
        prompt, system = self._split(input)
        return self._response(await self.generator.agenerate(prompt, system))


# -- a result formatter that keeps ids -----------------------------------------------------------------------------

def _plain(value: Any) -> Any:
    """A JSON-safe copy: driver graph values become their elementIds, temporal values ISO strings."""
    if isinstance(value, neo4j.graph.Node | neo4j.graph.Relationship):
        return value.element_id
    if isinstance(value, neo4j.graph.Path):
        return [_plain(e) for e in _path_elements(value)]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    iso = getattr(value, "iso_format", None)
    return iso() if callable(iso) else str(value)


def record_formatter(content_key: str = "text") -> Callable[[neo4j.Record], RetrieverResultItem]:
    """A `result_formatter` for VectorCypherRetriever / HybridCypherRetriever: `content` = the record's
    `content_key` column, `metadata` = every other column (ids, scores, ...), driver `Path`s kept as they are (the
    mapping reads their elements' ids). Pair it with a retrieval query that returns `elementId(...)`s, e.g.
    `[r IN rels | elementId(r)] AS relationship_ids`."""

    def format_record(record: neo4j.Record) -> RetrieverResultItem:
        if content_key not in record.keys():
            raise UsageError(f"record_formatter: the retrieval query returns no {content_key!r} column "
                             f"(columns: {', '.join(record.keys())})")
        meta = {k: (v if isinstance(v, neo4j.graph.Path) else _plain(v))
                for k, v in record.items() if k != content_key}
        return RetrieverResultItem(content=str(record[content_key]), metadata=meta)

    return format_record


# -- retriever result -> subgraph ----------------------------------------------------------------------------------

@dataclass
class ItemIds:
    """What one RetrieverResultItem names: node ids, relationship ids, and relationships known only by their ends and
    type (path elements without an id)."""

    nodes: list[str] = field(default_factory=list)
    rels: list[str] = field(default_factory=list)
    triples: list[tuple[str, str, str]] = field(default_factory=list)  # (source id, type, target id)
    paths: list[list[tuple[str, Any]]] = field(default_factory=list)  # ("node", id) / ("rel", id | triple)

    @property
    def empty(self) -> bool:
        return not (self.nodes or self.rels or self.triples)


def _path_elements(path: neo4j.graph.Path) -> list[Any]:
    out: list[Any] = []
    nodes, rels = list(path.nodes), list(path.relationships)
    for i, node in enumerate(nodes):
        out.append(node)
        if i < len(rels):
            out.append(rels[i])
    return out


def _add_node(ids: ItemIds, value: Any) -> str | None:
    """A node id: a string (or integer), a driver Node, or the draft's GraphNodeRef (object or dict)."""
    nid: str | None = None
    if isinstance(value, neo4j.graph.Node):
        nid = value.element_id
    elif isinstance(value, str | int) and not isinstance(value, bool):
        nid = str(value)
    else:
        ref = value.get("id") if isinstance(value, Mapping) else getattr(value, "id", None)
        nid = None if ref is None else str(ref)
    if nid is not None and nid not in ids.nodes:
        ids.nodes.append(nid)
    return nid


def _add_rel(ids: ItemIds, value: Any) -> str | tuple[str, str, str] | None:
    if isinstance(value, neo4j.graph.Relationship):
        rid = value.element_id
    elif isinstance(value, str | int) and not isinstance(value, bool):
        rid = str(value)
    else:  # the draft's GraphRelationshipRef (or its dict): type and ends, no id
        get = value.get if isinstance(value, Mapping) else lambda k: getattr(value, k, None)
        if get("id") is not None:
            rid = str(get("id"))
        elif get("type") and get("start_id") and get("end_id"):
            triple = (str(get("start_id")), str(get("type")), str(get("end_id")))
            if triple not in ids.triples:
                ids.triples.append(triple)
            return triple
        else:
            return None
    if rid not in ids.rels:
        ids.rels.append(rid)
    return rid


def _is_rel_ref(value: Any) -> bool:
    if isinstance(value, neo4j.graph.Relationship):
        return True
    get = value.get if isinstance(value, Mapping) else lambda k: getattr(value, k, None)
    return get("type") is not None and get("labels") is None


def _add_path(ids: ItemIds, elements: Iterable[Any]) -> None:
    path: list[tuple[str, Any]] = []
    for element in elements:
        if _is_rel_ref(element):
            ref = _add_rel(ids, element)
            if ref is not None:
                path.append(("rel", ref))
        else:
            nid = _add_node(ids, element)
            if nid is not None:
                path.append(("node", nid))
    if path:
        ids.paths.append(path)


def _add_graph(ids: ItemIds, value: Any) -> None:
    """The draft's GraphContext (object or dict), a list of paths, or driver Paths."""
    if isinstance(value, neo4j.graph.Path):
        _add_path(ids, _path_elements(value))
        return
    paths = value.get("paths") if isinstance(value, Mapping) else getattr(value, "paths", value)
    if isinstance(paths, neo4j.graph.Path):
        paths = [paths]
    if not isinstance(paths, list | tuple):
        return
    for path in paths:
        if isinstance(path, neo4j.graph.Path):
            _add_path(ids, _path_elements(path))
        elif isinstance(path, list | tuple):
            _add_path(ids, path)


def ids_of_item(item: RetrieverResultItem) -> ItemIds:
    """The graph elements a RetrieverResultItem names in its metadata (see the module docstring for the keys)."""
    ids = ItemIds()
    meta = item.metadata or {}

    def values(single: Iterable[str], lists: Iterable[str]) -> list[Any]:
        """The non-null values under the single-valued keys, then the members of the list-valued keys."""
        out = [meta[k] for k in single if meta.get(k) is not None]
        return out + [v for k in lists if isinstance(meta.get(k), list | tuple) for v in meta[k] if v is not None]

    for value in values(NODE_KEYS, NODE_LIST_KEYS):
        _add_node(ids, value)
    for value in values(REL_KEYS, REL_LIST_KEYS):
        _add_rel(ids, value)
    for key in GRAPH_KEYS:
        if meta.get(key) is not None:
            _add_graph(ids, meta[key])
    return ids


@dataclass
class SourceMapping:
    """How one item mapped onto the graph: the entities and facts it named, and what it named that is not one."""

    index: int  # 1-based, the draft's numbering of the LLM context
    mapping: Mapping_
    node_ids: list[str] = field(default_factory=list)
    relationship_ids: list[str] = field(default_factory=list)
    induced_relationship_ids: list[str] = field(default_factory=list)
    not_entities: dict[str, list[str]] = field(default_factory=dict)  # id -> labels of a node that is no entity
    missing_node_ids: list[str] = field(default_factory=list)  # no node with this id
    missing_relationships: list[str] = field(default_factory=list)  # no semantic relationship between entities
    paths: list[list[tuple[str, str]]] = field(default_factory=list)  # resolved ("node"|"rel", id) paths
    reason: str | None = None


@dataclass
class MappedResult:
    subgraph: Subgraph
    sources: list[SourceMapping]
    trace: dict[str, Any]


def _rel_from_map(row: Mapping[str, Any]) -> Relationship:
    return Relationship(str(row["id"]), str(row["source"]), str(row["target"]), str(row["label"]),
                        row.get("description"), dict(row.get("provenance") or {}))


def map_retriever_result(store: Neo4jStore, result: RetrieverResult, *,
                         induce_relationships: bool = False) -> MappedResult:
    """Map a neo4j-graphrag RetrieverResult onto the graph behind `store` (its schema preset says what an entity,
    an id and a semantic relationship are). Read-only: one read transaction, ids as parameters."""
    if not isinstance(result, RetrieverResult):
        raise UsageError(f"expected a neo4j_graphrag RetrieverResult, got {type(result).__name__}")
    items = [ids_of_item(item) for item in result.items]
    all_nodes = list(dict.fromkeys(n for it in items for n in it.nodes))
    all_rels = list(dict.fromkeys(r for it in items for r in it.rels))
    all_triples = list(dict.fromkeys(t for it in items for t in it.triples))
    if len(all_nodes) + len(all_rels) + len(all_triples) > _MAX_IDS:
        raise UsageError(f"the retriever result names {len(all_nodes)} nodes, {len(all_rels)} relationships and "
                         f"{len(all_triples)} path relationships; at most {_MAX_IDS} ids are mapped",
                         hint="lower the retriever's top_k or what its retrieval query returns")
    retriever = Retriever(store)
    sub = Subgraph(mode="supplied")
    with store.reading():
        rels: dict[str, Relationship] = {}
        for row in store.read_plain("relationships_by_id", rel_ids=all_rels) if all_rels else []:
            rel = _rel_from_map(row["rel"])
            rels[rel.id] = rel
        by_triple: dict[tuple[str, str, str], Relationship] = {}
        if all_triples:
            rows = store.read_plain("relationships_by_ends",
                                    triples=[{"source": s, "label": t, "target": o} for s, t, o in all_triples])
            for row in rows:
                rel = _rel_from_map(row["rel"])
                rels.setdefault(rel.id, rel)
                for s, t, o in all_triples:
                    if (s, o) == (rel.source, rel.target) and t == rel.label:
                        by_triple.setdefault((s, t, o), rel)
        wanted = list(dict.fromkeys(all_nodes + [e for r in rels.values() for e in (r.source, r.target)]))
        entities: dict[str, Node] = {}
        if wanted:
            for row in store.read_plain("nodes_by_id", ids=wanted, excluded_node_ids=[]):
                node = node_from_map(row["node"])
                entities[node.id] = node
        strangers = [n for n in all_nodes if n not in entities]
        labels = {str(r["id"]): list(r["labels"]) for r in store.read_plain("element_labels", ids=strangers)} \
            if strangers else {}
        induced: dict[str, list[Relationship]] = {}
        if induce_relationships:
            for i, it in enumerate(items):
                ents = [n for n in it.nodes if n in entities]
                if len(ents) > 1 and not it.rels and not it.triples:
                    rows = store.read_plain("relationships_between", ids=ents, rel_ids=None)
                    induced[str(i)] = [_rel_from_map(r["rel"]) for r in rows]
        mapped: list[SourceMapping] = []
        seeds: list[str] = []
        for i, it in enumerate(items):
            sm = SourceMapping(index=i + 1, mapping="unmapped")
            item_rels = [rels[r] for r in it.rels if r in rels] + [by_triple[t] for t in it.triples if t in by_triple]
            sm.missing_relationships = [r for r in it.rels if r not in rels] + \
                [f"({s})-[:{t}]->({o})" for s, t, o in it.triples if (s, t, o) not in by_triple]
            extra = induced.get(str(i), [])
            for rel in [*item_rels, *extra]:
                if rel.source in entities and rel.target in entities:
                    sub.add_node(entities[rel.source])
                    sub.add_node(entities[rel.target])
                    sub.add_relationship(rel)
            sm.relationship_ids = list(dict.fromkeys(r.id for r in item_rels))
            sm.induced_relationship_ids = [r.id for r in extra if r.id not in sm.relationship_ids]
            ents = [n for n in it.nodes if n in entities]
            for n in ents:
                sub.add_node(entities[n])
            ends = [e for r in item_rels + extra for e in (r.source, r.target)]
            sm.node_ids = list(dict.fromkeys(ents + ends))
            seeds += ents
            sm.not_entities = {n: labels[n] for n in it.nodes if n not in entities and n in labels}
            sm.missing_node_ids = [n for n in it.nodes if n not in entities and n not in labels]
            sm.paths = _resolved_paths(it, rels, by_triple, entities)
            sm.mapping = "facts" if sm.relationship_ids or sm.induced_relationship_ids else \
                "entities" if sm.node_ids else "unmapped"
            sm.reason = _reason(store, it, sm)
            mapped.append(sm)
        sub.seeds = [s for s in dict.fromkeys(seeds) if s in sub.nodes]
        retriever.fill_provenance(sub)
    trace = {
        "step": "map_context", "source": "neo4j_graphrag",
        "retriever": (result.metadata or {}).get("__retriever"), "items": len(result.items),
        "schema_preset": store.schema.preset,
        "method": "ids in item metadata looked up under the schema preset: relationship ids -> stored semantic "
                  "relationships between entities, node ids -> entities; text is never matched"
                  + ("; items naming entities only: the relationships among them (induced)" if induce_relationships
                     else ""),
        "mapped": [s.index for s in mapped if s.mapping == "facts"],
        "entities_only": [s.index for s in mapped if s.mapping == "entities"],
        "unmapped": [s.index for s in mapped if s.mapping == "unmapped"],
        "induced_relationships": sorted({r for s in mapped for r in s.induced_relationship_ids}),
        "nodes": len(sub.nodes), "relationships": len(sub.relationships),
    }
    return MappedResult(sub, mapped, trace)


def _resolved_paths(it: ItemIds, rels: Mapping[str, Relationship],
                    by_triple: Mapping[tuple[str, str, str], Relationship],
                    entities: Mapping[str, Node]) -> list[list[tuple[str, str]]]:
    """The item's own paths (from `graph`/`paths` metadata) with every element resolved to a stored entity or
    relationship id; a path with an element that is not one is cut there."""
    out: list[list[tuple[str, str]]] = []
    for path in it.paths:
        resolved: list[tuple[str, str]] = []
        for kind, ref in path:
            rel = by_triple.get(ref) if isinstance(ref, tuple) else rels.get(ref) if kind == "rel" else None
            if kind == "node" and ref in entities:
                resolved.append(("node", ref))
            elif kind == "rel" and rel is not None:
                resolved.append(("rel", rel.id))
            else:
                break
        if any(k == "rel" for k, _ in resolved):
            out.append(resolved)
    return out


def _reason(store: Neo4jStore, it: ItemIds, sm: SourceMapping) -> str | None:
    parts: list[str] = []
    if it.empty:
        return "text only: its metadata names no node or relationship id (nothing is inferred from text)"
    if sm.not_entities:
        parts.append("not entities under the '" + str(store.schema.preset) + "' preset: " + ", ".join(
            f"{n} ({':'.join(lbl) or 'no label'})" for n, lbl in sm.not_entities.items()))
    if sm.missing_node_ids:
        parts.append("no node with id " + ", ".join(sm.missing_node_ids))
    if sm.missing_relationships:
        parts.append("no semantic relationship between entities with id " + ", ".join(sm.missing_relationships))
    if sm.mapping == "entities":
        parts.append("names entities but no relationship between them (induce_relationships=True takes the "
                     "relationships among them)")
    return "; ".join(parts) or None


# -- the explain payload (the draft's shape, extended) -------------------------------------------------------------

class Attribution(BaseModel):
    """One perturbation of a graph element and what it did to the answer (from xgrag's Explanation)."""

    strategy: str
    importance: float | None = None
    normalized_importance: float | None = None
    rank: int | None = None
    counterfactual_answer: str | None = None
    answer_changed: bool | None = None
    evaluated: str = "measured"


class Scored(BaseModel):
    """The primary attribution of an element (node removal for an entity, edge removal for a fact; else the first
    strategy that perturbed it), with every strategy's in `attributions`."""

    importance: float | None = None
    normalized_importance: float | None = None
    rank: int | None = None
    strategy: str | None = None
    counterfactual_answer: str | None = None
    answer_changed: bool | None = None
    attributions: list[Attribution] = Field(default_factory=list)


class GraphNodeRef(Scored):
    id: str | None = None
    labels: list[str] = Field(default_factory=list)
    properties: dict[str, Any] = Field(default_factory=dict)


class GraphRelationshipRef(Scored):
    type: str
    start_id: str | None = None
    end_id: str | None = None
    id: str | None = None  # xgrag: the relationship's own id (elementId under the neo4j-graphrag preset)
    fact: str | None = None  # the triple as stored


class GraphContext(BaseModel):
    """Graph paths for one retrieved source (the item's own paths when it gave some, else one path per fact)."""

    source_index: int
    paths: list[list[GraphNodeRef | GraphRelationshipRef]] = Field(default_factory=list)


class SourceRef(BaseModel):
    index: int
    content: str
    score: float | None = None
    node_id: str | None = None
    labels: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    # xgrag
    mapping: Mapping_ = "unmapped"
    reason: str | None = None
    node_ids: list[str] = Field(default_factory=list)
    relationship_ids: list[str] = Field(default_factory=list)
    induced_relationship_ids: list[str] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list)
    importance: float | None = None  # the largest importance of its elements
    rank: int | None = None  # 1 = the source whose elements mattered most


class TraceStep(BaseModel):
    retriever: str
    cypher: str | None = None
    retrieval_query: str | None = None  # xgrag: a VectorCypher/HybridCypher retriever's retrieval_query
    steps: list[dict[str, Any]] = Field(default_factory=list)  # xgrag: mapping and explanation steps


class ExplainPayload(BaseModel):
    sources: list[SourceRef]
    trace: TraceStep
    graph: list[GraphContext] | None = None
    # xgrag
    answer: str | None = None  # the search's answer (the observed answer)
    explainer_answer: str | None = None  # a0: the explainer's answer from the mapped subgraph
    observed_answer_similarity: float | None = None
    components: list[Component] = Field(default_factory=list)  # every scored component, as in the Explanation
    user_explanation: str | None = None
    technical_explanation: str | None = None
    explanation_id: str | None = None
    generator: str | None = None
    cost: dict[str, Any] | None = None
    incomplete: dict[str, Any] | None = None
    skipped: str | None = None  # why there is no explanation (nothing mapped onto the graph)


class ExplainedRagResult(RagResultModel):
    """The search result (`answer`, `retriever_result`) with the `explain` payload, and the full xgrag Explanation
    (`explanation`, None when nothing mapped; not part of the payload)."""

    explain: ExplainPayload
    explanation: Explanation | None = Field(default=None, exclude=True)

    model_config = ConfigDict(arbitrary_types_allowed=True)


def _attributions(ex: Explanation) -> tuple[dict[str, list[Component]], dict[str, list[Component]]]:
    """Components by stored node id and by stored relationship id (through the explanation's alias merges)."""
    canonical = {m["alias"]: m["canonical"] for m in ex.dedup.get("merges", [])}
    kept_for: dict[str, str] = {}
    for kept, triples in (ex.dedup.get("stored") or {}).items():
        for t in triples:
            kept_for[str(t["rel_id"])] = kept
    by_node: dict[str, list[Component]] = {}
    by_rel: dict[str, list[Component]] = {}
    for c in ex.components:
        if c.kind == "node":
            by_node.setdefault(c.id, []).append(c)
        elif c.kind == "edge":
            by_rel.setdefault(c.id, []).append(c)
    for alias, canon in canonical.items():
        by_node.setdefault(alias, by_node.get(canon, []))
    for stored, kept in kept_for.items():
        by_rel.setdefault(stored, by_rel.get(kept, []))
    return by_node, by_rel


def _scored(components: Sequence[Component], primary: str) -> dict[str, Any]:
    atts = [Attribution(strategy=c.strategy, importance=c.importance, normalized_importance=c.normalized_importance,
                        rank=c.rank, counterfactual_answer=c.counterfactual_answer, answer_changed=c.answer_changed,
                        evaluated=c.evaluated) for c in components]
    main = next((a for a in atts if a.strategy == primary), atts[0] if atts else None)
    if main is None:
        return {}
    return {"importance": main.importance, "normalized_importance": main.normalized_importance, "rank": main.rank,
            "strategy": main.strategy, "counterfactual_answer": main.counterfactual_answer,
            "answer_changed": main.answer_changed, "attributions": atts}


def _source_refs(result: RetrieverResult) -> list[SourceRef]:
    """The draft's SourceRef fields of each item."""
    out = []
    for i, item in enumerate(result.items, start=1):
        meta = item.metadata or {}
        labels = meta.get("labels") or meta.get("nodeLabels") or []
        node_id = next((meta[k] for k in NODE_KEYS if meta.get(k) is not None), None)
        score = meta.get("score")
        out.append(SourceRef(
            index=i, content=str(item.content),
            score=float(score) if isinstance(score, int | float) and not isinstance(score, bool) else None,
            node_id=None if node_id is None else str(_plain(node_id)),
            labels=[str(x) for x in labels] if isinstance(labels, list | tuple) else [str(labels)],
            metadata={k: _plain(v) for k, v in meta.items() if k not in _SOURCE_KEYS}))
    return out


def build_payload(result: RetrieverResult, mapped: MappedResult, ex: Explanation | None, *, answer: str | None,
                  retriever: Any = None, skipped: str | None = None) -> ExplainPayload:
    """The explain payload: the draft's sources / graph / trace of `result`, extended from `ex`."""
    sub = mapped.subgraph
    by_node, by_rel = _attributions(ex) if ex is not None else ({}, {})

    def node_ref(nid: str) -> GraphNodeRef:
        node = sub.nodes[nid]
        return GraphNodeRef(id=nid, labels=[node.type] if node.type else [], properties={"name": node.name},
                            **_scored(by_node.get(nid, []), PRIMARY_FOR_UNIT["node"]))

    def fact(rel: Relationship) -> str:
        return f"{sub.nodes[rel.source].name} {rel.label} {sub.nodes[rel.target].name}"

    def rel_ref(rid: str) -> GraphRelationshipRef:
        rel = sub.relationships[rid]
        return GraphRelationshipRef(type=rel.label, start_id=rel.source, end_id=rel.target, id=rid, fact=fact(rel),
                                    **_scored(by_rel.get(rid, []), PRIMARY_FOR_UNIT["edge"]))

    sources = _source_refs(result)
    contexts: list[GraphContext] = []
    for ref, sm in zip(sources, mapped.sources, strict=True):
        rel_ids = sm.relationship_ids + sm.induced_relationship_ids
        ref.mapping, ref.reason, ref.node_ids = sm.mapping, sm.reason, sm.node_ids
        ref.relationship_ids, ref.induced_relationship_ids = sm.relationship_ids, sm.induced_relationship_ids
        ref.facts = [fact(sub.relationships[r]) for r in rel_ids]
        values = [c.importance for n in sm.node_ids for c in by_node.get(n, []) if c.importance is not None] + \
            [c.importance for r in rel_ids for c in by_rel.get(r, []) if c.importance is not None]
        ref.importance = max(values) if values else None
        if sm.mapping == "unmapped":
            continue
        paths: list[list[GraphNodeRef | GraphRelationshipRef]] = []
        covered: set[str] = set()
        for path in sm.paths:
            paths.append([node_ref(x) if kind == "node" else rel_ref(x) for kind, x in path])
            covered |= {x for kind, x in path if kind == "rel"}
        for rid in rel_ids:
            if rid not in covered:
                rel = sub.relationships[rid]
                paths.append([node_ref(rel.source), rel_ref(rid), node_ref(rel.target)])
        on_paths = {e.id for p in paths for e in p if isinstance(e, GraphNodeRef)}
        paths += [[node_ref(n)] for n in sm.node_ids if n not in on_paths]
        contexts.append(GraphContext(source_index=sm.index, paths=paths))
    order = sorted((s for s in sources if s.importance is not None), key=lambda s: (-(s.importance or 0.0), s.index))
    for rank, s in enumerate(order, start=1):
        s.rank = rank
    meta = result.metadata or {}
    cypher = meta.get("cypher")
    trace = TraceStep(retriever=str(meta.get("__retriever", type(retriever).__name__ if retriever else "unknown")),
                      cypher=None if cypher is None else str(cypher),
                      retrieval_query=getattr(retriever, "retrieval_query", None),
                      steps=[mapped.trace, *(ex.trace if ex is not None else [])])
    payload = ExplainPayload(sources=sources, trace=trace, graph=contexts or None, answer=answer, skipped=skipped)
    if ex is not None:
        payload.explainer_answer = ex.answer
        payload.observed_answer_similarity = ex.observed_answer_similarity
        payload.components = list(ex.components)
        payload.user_explanation, payload.technical_explanation = ex.user_explanation, ex.technical_explanation
        payload.explanation_id, payload.generator = ex.id, ex.generator
        payload.cost, payload.incomplete = ex.cost.model_dump(), ex.incomplete
    return payload


# -- entry points --------------------------------------------------------------------------------------------------

def make_explainer(store: Neo4jStore, llm: Any, *, settings: Settings | None = None,
                   explain: ExplainSettings | None = None, embedder: Any = None, cache: Any = None) -> Explainer:
    """An Explainer over `store` whose generator is `llm`: a neo4j-graphrag LLM (wrapped in LLMGenerator) or an
    xgrag Generator."""
    generator = llm if isinstance(llm, Generator) and not isinstance(llm, LLMInterface | LLMInterfaceV2) \
        else LLMGenerator(llm)
    return Explainer.from_settings(settings or Settings(), store, generator=generator, embedder=embedder,
                                   explain=explain, cache=cache)


def _split_result(result: RagResultModel | RetrieverResult, answer: str | None) -> tuple[RetrieverResult, str | None]:
    if isinstance(result, RagResultModel):
        if result.retriever_result is None:
            raise UsageError("the search result has no retriever_result: call GraphRAG.search(..., "
                             "return_context=True), or use explain_search")
        return result.retriever_result, answer if answer is not None else result.answer
    if isinstance(result, RetrieverResult):
        return result, answer
    raise UsageError(f"expected a RagResultModel or a RetrieverResult, got {type(result).__name__}")


async def aexplain_result(result: RagResultModel | RetrieverResult, query_text: str, *, store: Neo4jStore,
                          explainer: Explainer | None = None, llm: Any = None, answer: str | None = None,
                          retriever: Any = None, settings: ExplainSettings | None = None,
                          induce_relationships: bool = False) -> ExplainedRagResult:
    """Explain a search result you already have (see `explain_result`)."""
    retriever_result, observed = _split_result(result, answer)
    if explainer is None:
        if llm is None:
            raise UsageError("pass explainer= or llm= (the LLM the search used)")
        explainer = make_explainer(store, llm, explain=settings)
    cfg = settings or explainer.settings
    if cfg.apply != "memory":
        raise UsageError("a retriever result is explained over its mapped subgraph, perturbed in memory: "
                         "use apply='memory'")
    mapped = await asyncio.to_thread(map_retriever_result, store, retriever_result,
                                     induce_relationships=induce_relationships)
    ex: Explanation | None = None
    skipped = None
    if not mapped.subgraph.nodes:
        skipped = "no item of the retriever result maps onto an entity of the graph: " + "; ".join(
            f"[{s.index}] {s.reason}" for s in mapped.sources) if mapped.sources else "the retriever returned no item"
    else:
        ex = await explainer.aexplain(query_text, settings=cfg, subgraph=mapped.subgraph, answer=observed)
        ex.trace[:0] = [mapped.trace]
    payload = build_payload(retriever_result, mapped, ex, answer=observed, retriever=retriever, skipped=skipped)
    return ExplainedRagResult(answer=observed or "", retriever_result=retriever_result, explain=payload,
                              explanation=ex)


def explain_result(result: RagResultModel | RetrieverResult, query_text: str, *, store: Neo4jStore,
                   explainer: Explainer | None = None, llm: Any = None, answer: str | None = None,
                   retriever: Any = None, settings: ExplainSettings | None = None,
                   induce_relationships: bool = False) -> ExplainedRagResult:
    """Explain `result`: a `RagResultModel` from `GraphRAG.search(..., return_context=True)` (its answer is the
    observed answer) or a `RetrieverResult` (pass the answer it led to as `answer=`). `store` reads the graph under
    its schema preset; `explainer` (or `llm`, the search's LLM, to build one with defaults) explains; `retriever`
    (optional) puts its retrieval_query in the trace. Blocking; from async code use `aexplain_result`."""
    return asyncio.run(aexplain_result(result, query_text, store=store, explainer=explainer, llm=llm, answer=answer,
                                       retriever=retriever, settings=settings,
                                       induce_relationships=induce_relationships))


async def aexplain_search(graphrag: Any, query_text: str, *, store: Neo4jStore, explainer: Explainer | None = None,
                          settings: ExplainSettings | None = None, retriever_config: dict[str, Any] | None = None,
                          examples: str = "", induce_relationships: bool = False) -> ExplainedRagResult:
    """`explain_search` for async code (the search itself runs in a worker thread)."""
    result = await asyncio.to_thread(graphrag.search, query_text=query_text, retriever_config=retriever_config,
                                     examples=examples, return_context=True)
    explainer = explainer or make_explainer(store, graphrag.llm, explain=settings)
    return await aexplain_result(result, query_text, store=store, explainer=explainer, retriever=graphrag.retriever,
                                 settings=settings, induce_relationships=induce_relationships)


def explain_search(graphrag: Any, query_text: str, *, store: Neo4jStore, explainer: Explainer | None = None,
                   settings: ExplainSettings | None = None, retriever_config: dict[str, Any] | None = None,
                   examples: str = "", induce_relationships: bool = False) -> ExplainedRagResult:
    """Run `graphrag.search(query_text, return_context=True)` and explain its answer with the same LLM
    (`graphrag.llm` through LLMGenerator, unless `explainer` is given). Returns the search result with `.explain`
    (see the module docstring) and `.explanation` (xgrag's full Explanation). Blocking; from async code use
    `aexplain_search`."""
    return asyncio.run(aexplain_search(graphrag, query_text, store=store, explainer=explainer, settings=settings,
                                       retriever_config=retriever_config, examples=examples,
                                       induce_relationships=induce_relationships))


__all__ = [
    "Attribution", "ExplainPayload", "ExplainedRagResult", "GraphContext", "GraphNodeRef", "GraphRelationshipRef",
    "ItemIds", "LLMGenerator", "MappedResult", "SourceMapping", "SourceRef", "TraceStep", "XgragLLM",
    "aexplain_result", "aexplain_search", "build_payload", "explain_result", "explain_search", "ids_of_item",
    "make_explainer", "map_retriever_result", "record_formatter",
]
