"""xgrag for LlamaIndex: explain the response of a query engine over a `PropertyGraphIndex`.

LlamaIndex's property-graph sub-retrievers (LLMSynonymRetriever, VectorContextRetriever, ...) hand each retrieved
triplet to the response synthesizer as text: one source node per triplet whose text is `head -> RELATION -> tail`
(`BasePGRetriever._get_nodes_with_score`; with `include_properties=True` each part is followed by its properties in
parentheses, and with `include_text=True` the lines are put, after a preamble, in front of the chunk they came
from). That text is all a response keeps of the graph, so xgrag reads those lines back from
`response.source_nodes` and maps them onto the stored graph:

- every head and tail is matched exactly to an entity name (xgrag's exact-name linking, under the store's schema
  preset: `llamaindex` for `Neo4jPropertyGraphStore`);
- each triplet becomes the stored relationship of that relation between those entities (its id, description and
  provenance: `triplet_source_id`, the chunk it was extracted from);
- a triplet with no such stored relationship (a renamed entity, another graph) is still explained, under an id
  `llamaindex:<head>|<relation>|<tail>`, and listed as unmatched in the explanation's trace (`step: "map_context"`).

The answer is explained over exactly that subgraph, perturbed in memory (nothing is re-retrieved, nothing is
written unless you save it): `Explainer.aexplain(question, subgraph=..., answer=response.response)`. As with
LangChain, importances are measured against the explainer's own baseline answer from that context; the engine's
answer is recorded as `observed_answer` with its similarity to that baseline.

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
