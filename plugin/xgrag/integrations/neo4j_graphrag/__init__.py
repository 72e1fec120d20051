"""xgrag for neo4j-graphrag: explain the answer `GraphRAG.search` gave, with the search's own retrieved items, its
prompt template and its LLM.

    result = explain_search(GraphRAG(retriever, llm), "Who did Marie Curie marry?", store=store)
    result.answer                      # the search's own answer
    result.explanation.reproduction    # did replaying the call give that answer (exact after normalisation)?
    result.explain.sources             # each retrieved item (and its spans): importance, rank, facts, mapping

How: `explain_search` runs `GraphRAG.search(..., return_context=True)`, turns the retrieved items into units
(`call.stack_call`: each item, and the lines or sentences of its text; a Text2Cypher row is one unit) and explains
with xgrag's engine (xgrag.explain.stack): every probe fills the search's own RagTemplate with some units left out
and asks the search's own LLM object the way `GraphRAG.search` does (`adapter.GraphRAGReplay`). Units are traced to
graph elements when a store is given: ids in the items' metadata (`mapping`), a VectorRetriever chunk's extracted
facts, a Text2Cypher row's matched elements (`xgrag.integrations.cypher_trace`). Read-only throughout.

Modules: adapter (the LLM both ways and the replay), mapping (items -> graph elements), call (a search -> a
StackCall), payload (the draft explain payload, extended), explain (the entry points). docs/stacks/neo4j-graphrag.md
has the details and the measured figures.
"""

from __future__ import annotations

try:
    import neo4j_graphrag  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("xgrag.integrations.neo4j_graphrag needs neo4j-graphrag: pip install neo4j-graphrag") from exc

from .adapter import FALLBACK_PROMPT, GraphRAGReplay, LLMGenerator, XgragLLM
from .call import stack_call, trace_rows
from .explain import aexplain_result, aexplain_search, explain_result, explain_search
from .mapping import (
    ItemIds,
    MappedResult,
    SourceMapping,
    chunk_facts,
    ids_of_item,
    map_retriever_result,
    record_formatter,
)
from .payload import (
    ExplainedRagResult,
    ExplainPayload,
    GraphContext,
    GraphNodeRef,
    GraphRelationshipRef,
    SourceRef,
    TraceStep,
    UnitScore,
    build_payload,
)

__all__ = [
    "FALLBACK_PROMPT", "ExplainPayload", "ExplainedRagResult", "GraphContext", "GraphNodeRef", "GraphRAGReplay",
    "GraphRelationshipRef", "ItemIds", "LLMGenerator", "MappedResult", "SourceMapping", "SourceRef", "TraceStep",
    "UnitScore", "XgragLLM", "aexplain_result", "aexplain_search", "build_payload", "chunk_facts", "explain_result",
    "explain_search", "ids_of_item", "map_retriever_result", "record_formatter", "stack_call", "trace_rows",
]
