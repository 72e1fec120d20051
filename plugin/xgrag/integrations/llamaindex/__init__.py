"""xgrag for LlamaIndex: explain the answer a query engine over a `PropertyGraphIndex` gave.

`explain_query(engine, question, store=...)` (engine.py) explains the engine's own call: the units are its source
nodes as its response synthesizer put them into the prompt, each probe calls `engine.synthesize` with some nodes
(or lines of a node) left out, with the engine's own templates and LLM, and the baseline must reproduce the
engine's answer (`Explanation.reproduction`). docs/stacks/llamaindex.md has the details.

`explain_response(explainer, question, response)` (response.py) is the earlier way: it reads the triplets in the
response's source nodes (`head -> RELATION -> tail`; with `include_properties=True` each part followed by its
properties, with `include_text=True` in front of the chunk's text), maps them onto the stored relationships (exact
entity names, under the store's schema preset: `llamaindex` for `Neo4jPropertyGraphStore`; an unmatched triplet
keeps an id `llamaindex:<head>|<relation>|<tail>` and is listed in the `map_context` trace step) and explains with
**xgrag's own generator** over that subgraph, perturbed in memory; the engine's answer is only recorded as
`observed_answer`.

`EntityNameRetriever` is a sub-retriever without an LLM or embeddings (entities named in the query, then
LlamaIndex's own `get_rel_map`), for deterministic pipelines and for tests.
"""

from __future__ import annotations

try:
    import llama_index.core  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("xgrag.integrations.llamaindex needs llama-index-core: pip install llama-index-core "
                      "llama-index-graph-stores-neo4j") from exc

from xgrag.integrations.llamaindex.engine import (
    ExplainedResponse,
    SynthesizerReplay,
    aexplain_engine_response,
    aexplain_query,
    engine_call,
    explain_engine_response,
    explain_query,
)
from xgrag.integrations.llamaindex.response import (
    UNMATCHED_PREFIX,
    CapturedTriplet,
    aexplain_response,
    explain_response,
    subgraph_from_response,
    subgraph_from_triplets,
    triplets_from_nodes,
)
from xgrag.integrations.llamaindex.retriever import EntityNameRetriever

__all__ = ["UNMATCHED_PREFIX", "CapturedTriplet", "EntityNameRetriever", "ExplainedResponse", "SynthesizerReplay",
           "aexplain_engine_response", "aexplain_query", "aexplain_response", "engine_call", "explain_engine_response",
           "explain_query", "explain_response", "subgraph_from_response", "subgraph_from_triplets",
           "triplets_from_nodes"]
