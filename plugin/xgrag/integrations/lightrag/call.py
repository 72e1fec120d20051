"""One `rag.query()` of LightRAG as a StackCall: the entity rows, relation rows and chunks its kg_query put into the
prompt as the units, LightRAG's own prompt templates, and the user's LLM function as LightRAG calls it.

Capture, through LightRAG's public API only:
- the answer: `rag.aquery_llm(question, param)`, what `rag.query`/`rag.aquery` run and return the content of, with
  the structured data of that same retrieval (`data.entities`, `data.relationships`, `data.chunks`: keywords, source
  chunk ids, file paths, chunk ids; used for provenance and tracing, not for the prompt);
- the prompt: `rag.aquery_llm(question, replace(param, only_need_prompt=True))`, LightRAG's preview of the request
  its LLM receives (the same keywords, from its LLM cache or the same deterministic call, the same retrieval); taken
  apart with LightRAG's own PROMPTS (prompt.py). If the two retrievals differed, the replayed baseline would not
  reproduce the answer, and Explanation.reproduction says so.

The replay (`LightRAGReplay`) calls `rag.role_llm_funcs["query"]`: the user's `llm_model_func` (or their query-role
override) as LightRAG wraps it (its `llm_model_kwargs`, its response cache store, its priority queue), with the
arguments kg_query passes (the question, `system_prompt=`, `history_messages=`, `enable_cot=True`, `stream=`), then
cleans the response as kg_query does.

Units: each entity row and each relation row is one item (`split=False`); each chunk is an item whose text is the
chunk's content, cut into sentences (a probe dumps the chunk's row again with the sentences kept). A relation item is
labelled and traced in its meaning's direction (model/direction.py), its storage order kept in its provenance; a chunk
item may state the relations whose source chunk it is (LightRAG's source_id) and names the entities extracted from
it, so its sentences are traced to them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Sequence
from typing import Any

from xgrag.errors import UsageError
from xgrag.explain.stack import ItemSource, KnownEntity, KnownFact, StackCall, build_context
from xgrag.explain.stack.context import shorten
from xgrag.generate.base import Fact, Generation, GenerationError, Usage
from xgrag.model import Subgraph
from xgrag.model.direction import Direction, meaning_direction
from xgrag.model.trace import LightRAGMap

from .prompt import LightRAGPrompt, parse_prompt

STACK = "lightrag"
KG_MODES = ("local", "global", "hybrid", "mix")
_SEP = "<SEP>"
_SECRET = ("key", "secret", "token", "password", "auth", "credential")


def _json_safe(value: Any) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(type(value).__name__)
    return value


def _clean(response: str, sys_prompt: str, query: str) -> str:
    """kg_query's own clean-up of a non-streaming answer that echoes its prompt (operate.py)."""
    if len(response) > len(sys_prompt):
        response = (response.replace(sys_prompt, "").replace("user", "").replace("model", "")
                    .replace(query, "").replace("<system>", "").replace("</system>", "").strip())
    return response


class LightRAGReplay:
    """The user's LLM function as LightRAG's kg_query calls it (module docstring), as an xgrag Generator."""

    is_language_model = True

    def __init__(self, rag: Any, param: Any) -> None:
        from lightrag.constants import DEFAULT_QUERY_PRIORITY

        func = rag.role_llm_funcs.get("query")
        if func is None:
            raise UsageError("this LightRAG has no query LLM function (rag.role_llm_funcs['query'])")
        if getattr(param, "stream", False):
            raise UsageError("QueryParam(stream=True): a streamed answer is not replayed; explain with stream=False")
        self.func = func
        self.priority = DEFAULT_QUERY_PRIORITY
        self.history = list(param.conversation_history or [])
        self.stream = param.stream
        raw = getattr(rag, "llm_model_func", None)
        model = getattr(rag, "llm_model_name", "") or ""
        self.name = f"lightrag:{getattr(raw, '__name__', type(raw).__name__)}" + (f":{model}" if model else "")
        kwargs = {k: _json_safe(v) for k, v in sorted((rag.llm_model_kwargs or {}).items())
                  if not any(s in k.lower() for s in _SECRET)}
        self._params = {"replay": "LightRAG.role_llm_funcs['query']", "model": model, "llm_model_kwargs": kwargs,
                        "history": hashlib.sha256(json.dumps(self.history, sort_keys=True, default=str)
                                                  .encode()).hexdigest()[:16]}

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        raise GenerationError(f"{self.name}: LightRAG's LLM function is async and bound to the LightRAG's event "
                              "loop; it is replayed with agenerate")

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            out = await self.func(prompt, system_prompt=system, history_messages=self.history, enable_cot=True,
                                  stream=self.stream, _priority=self.priority)
        except Exception as exc:  # the user's LLM function's own failure, whatever its client raises
            raise GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000]) from exc
        if not isinstance(out, str):
            raise GenerationError(f"{self.name}: the LLM function returned {type(out).__name__}, not a text answer")
        return Generation(_clean(str(out), system or "", prompt), Usage(1, 0, 0, time.perf_counter() - t0),
                          self.name)


def _ids(value: Any) -> list[str]:
    return [s for s in str(value or "").split(_SEP) if s]


def _by_key(rows: Sequence[dict[str, Any]], key: Any) -> dict[Any, dict[str, Any]]:
    out: dict[Any, dict[str, Any]] = {}
    for r in rows:
        out.setdefault(key(r), r)
    return out


def relation_id(entity1: str, entity2: str) -> str:
    """A relation's id in the explanation: LightRAG's own key, the sorted pair."""
    a, b = sorted((entity1, entity2))
    return f"lightrag:{a}|{b}"


def lightrag_call(rag: Any, question: str, param: Any, answer: str, data: dict[str, Any], full_prompt: str,
                  system_prompt: str | None = None) -> StackCall:
    """The StackCall of `rag.query(question, param)` that answered `answer`: `data` is aquery_llm's `data` of that
    retrieval, `full_prompt` LightRAG's only_need_prompt rendering of its request."""
    from lightrag.prompt import PROMPTS
    from lightrag.utils import resolve_user_prompt

    if param.mode not in KG_MODES:
        raise UsageError(f"QueryParam(mode={param.mode!r}): the graph modes {', '.join(KG_MODES)} are explained")
    user_prompt = resolve_user_prompt(param.user_prompt, getattr(rag, "user_prompt_prefix", "") or "",
                                      getattr(param, "disable_user_prompt_prefix", False))
    fill = {"response_type": param.response_type or "Multiple Paragraphs", "user_prompt": user_prompt.slot}
    template = system_prompt or PROMPTS["rag_response"]
    prompt = parse_prompt(full_prompt, question, template, PROMPTS["kg_query_context"], fill)
    sources, directions = _sources(prompt, data)
    ent_lines, rel_lines, _ = prompt.lines()
    n_ent, n_rel = len(prompt.entities), len(prompt.relations)

    def render(texts: Sequence[str | None]) -> tuple[str | None, str]:
        ents = [t for t in texts[:n_ent] if t is not None]
        rels = [line for line, t in zip(rel_lines, texts[n_ent:n_ent + n_rel], strict=True) if t is not None]
        chunks = [row if t == row.get("content") else {**row, "content": t}
                  for row, t in zip(prompt.chunks, texts[n_ent + n_rel:], strict=True) if t is not None]
        return prompt.render(ents, rels, chunks), question

    context = build_context(sources)
    # a relation item's label reads in its meaning's direction (its text stays the row the prompt showed)
    for k, unit in enumerate(context.items[n_ent:n_ent + n_rel]):
        context.items[n_ent + k] = dataclasses.replace(
            unit, label=f"[{unit.id}] {directions[k].text}")
    step = LightRAGMap(mode=param.mode, entities=n_ent, relations=n_rel, chunks=len(prompt.chunks),
                       references=len(prompt.references), directed=sum(d.directed for d in directions),
                       undirected=[relation_id(d.head, d.tail) for d in directions if not d.directed],
                       method="LightRAG's only_need_prompt request, parsed with its PROMPTS; relations read in their "
                              "meaning's direction from their description and keywords")
    del ent_lines
    return StackCall(stack=STACK, component=f"LightRAG(mode={param.mode})", question=question,
                     observed_answer=answer, context=context, prompt=render, generator=LightRAGReplay(rag, param),
                     graph=Subgraph(mode="supplied"), prompt_name="lightrag:rag_response" if system_prompt is None
                     else "lightrag:system_prompt", notes=[step],
                     details={"mode": param.mode, "entities": n_ent, "relations": n_rel,
                              "chunks": len(prompt.chunks)})


def _sources(prompt: LightRAGPrompt, data: dict[str, Any]) -> tuple[list[ItemSource], list[Direction]]:
    ent_data = _by_key(data.get("entities") or [], lambda r: r.get("entity_name"))
    rel_data = _by_key(data.get("relationships") or [], lambda r: tuple(sorted((str(r.get("src_id")),
                                                                                  str(r.get("tgt_id"))))))
    chunk_data = _by_key(data.get("chunks") or [], lambda r: r.get("content"))
    ent_lines, rel_lines, _ = prompt.lines()
    sources: list[ItemSource] = []
    directions: list[Direction] = []
    by_chunk_facts: dict[str, list[KnownFact]] = {}
    by_chunk_entities: dict[str, list[KnownEntity]] = {}
    for i, (row, line) in enumerate(zip(prompt.entities, ent_lines, strict=True), start=1):
        name = str(row.get("entity", ""))
        d = ent_data.get(name, {})
        ent = KnownEntity(f"lightrag:{name}", name)
        for cid in _ids(d.get("source_id")):
            by_chunk_entities.setdefault(cid, []).append(ent)
        sources.append(ItemSource(
            text=line, source="entity", split=False, entities=(ent,),
            provenance={"section": "entity", "index": i, "entity": name, "type": row.get("type"),
                        "chunk_ids": _ids(d.get("source_id")), "file_path": _ids(d.get("file_path"))}))
    for i, (row, line) in enumerate(zip(prompt.relations, rel_lines, strict=True), start=1):
        e1, e2 = str(row.get("entity1", "")), str(row.get("entity2", ""))
        d = rel_data.get(tuple(sorted((e1, e2))), {})
        direction = meaning_direction(e1, e2, str(row.get("description", "")), str(d.get("keywords", "")))
        directions.append(direction)
        rid = relation_id(e1, e2)
        arrow = f"-{direction.relation}->" if direction.directed else f"-{direction.relation}-"
        fact = KnownFact(rid, direction.head, arrow, direction.tail, f"lightrag:{direction.head}",
                         f"lightrag:{direction.tail}")
        for cid in _ids(d.get("source_id")):
            by_chunk_facts.setdefault(cid, []).append(fact)
        sources.append(ItemSource(
            text=line, source="relation", split=False, relationship_ids=(rid,), facts=(fact,), from_elements=True,
            node_ids=(f"lightrag:{e1}", f"lightrag:{e2}"),
            provenance={"section": "relationship", "index": i, "entity1": e1, "entity2": e2,
                        "head": direction.head, "relation": direction.relation, "tail": direction.tail,
                        "directed": direction.directed, "direction_evidence": direction.evidence,
                        "keywords": d.get("keywords"), "chunk_ids": _ids(d.get("source_id")),
                        "file_path": _ids(d.get("file_path"))}))
    for i, row in enumerate(prompt.chunks, start=1):
        content = str(row.get("content", ""))
        d = chunk_data.get(content, {})
        cid = str(d.get("chunk_id", ""))
        prov = {"section": "chunk", "index": i, "chunk_id": cid, "reference_id": row.get("reference_id"),
                "file_path": d.get("file_path"), "text": shorten(content, 300)}
        sources.append(ItemSource(text=content, source="chunk", facts=tuple(by_chunk_facts.get(cid, [])),
                                  entities=tuple(by_chunk_entities.get(cid, [])), provenance=prov))
    return sources, directions
