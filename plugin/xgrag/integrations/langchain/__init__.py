"""xgrag for LangChain: a callback handler that explains a chain's answer, and a retriever that feeds a chain
xgrag's subgraph.

`XgragCallbackHandler.for_chain(chain)` explains the user's own call of `chain` (an LCEL chain or a
GraphCypherQAChain) as it ran: its retrieved documents and model messages (or rows), and the answer it returned as
the baseline its replayed model step must reproduce (xgrag.integrations.langchain.callback; docs/stacks/langchain.md).
`explain_chain` / `explain_cypher_qa` run the chain themselves (`observed_answer=`: the answer the user got). What
follows is the handler made from an Explainer (`for_store`): xgrag's own re-answer over the captured graph context.

`XgragCallbackHandler`, attached to any chain or agent run (`config={"callbacks": [handler]}`), captures the graph
context the run retrieved and its final answer, then explains that answer with an xgrag `Explainer` over exactly
that context (perturbed in memory; nothing is re-retrieved and nothing is written unless `save=True`):

- documents from retriever runs (and tool outputs / tool artifacts) that `XgragRetriever` produced: the subgraph is
  rebuilt from their metadata (node ids, relationship ids, relations, provenance) without a query;
- `GraphCypherQAChain` rows (`intermediate_steps` -> `context`; without return_intermediate_steps, the rows it
  reports in its "Full Context:" text event, parsed as Python literals, or its QA step's input): Cypher rows hold
  values, not ids, so every string (and integer) value is matched exactly to an entity name (xgrag's exact-name
  linking), the question's entities are linked as usual, and the context becomes the shortest paths between the
  question's entities and the matched ones (k-hop around them when there is no such pair or path). The explanation's
  trace says how the context was mapped (`step: "map_context"`), including unmatched values.

`mode="inline"` explains before the run returns (under `ainvoke` the sync handler blocks the event loop while it
explains; `AsyncXgragCallbackHandler` awaits the explanation on the loop instead); `mode="queued"` hands the
explanation to a background worker thread so the chain's latency is unaffected (`handler.wait()`,
`handler.result(run_id)`, `handler.futures[run_id]`). Results: `handler.explanations[run_id]`,
`handler.last_explanation`, `handler.captures[run_id]` (what was captured), `handler.skipped[run_id]` (why a run was
not explained), `handler.errors[run_id]`.

What LangChain allows: a callback handler cannot change a run's output, and a run's metadata is fixed when it
starts, so the explanation cannot be attached to the run itself. The run id is the link: pass your own
(`config={"run_id": uuid}`) or read `handler.last_run_id`; `with_explanation(chain, handler)` wraps a chain so that
it returns `{"answer", "explanation", "run_id"}`.

The explainer measures importances against its own baseline answer `a0` (its generator, xgrag's strict prompt,
the captured context) — the definition every counterfactual is compared with. The run's own answer is recorded as
`Explanation.observed_answer` with its similarity to `a0`; use the chain's chat model as the explainer's generator
(`XgragCallbackHandler.for_store(store, llm)`) so that the two agree as far as the prompts allow.

`XgragRetriever` returns a question's subgraph (k-hop or shortest paths) as one `Document` per triple, with
`page_content` the triple as xgrag's prompt renders it ("Marie Curie MARRIED Pierre Curie").
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("xgrag.integrations.langchain needs langchain-core: pip install langchain-core "
                      "(the `langchain` extra)") from exc

from xgrag.integrations.langchain.callback import AsyncXgragCallbackHandler, XgragCallbackHandler
from xgrag.integrations.langchain.capture import RunCapture, answer_text, question_text
from xgrag.integrations.langchain.capture import _literal_rows as _literal_rows  # the unit tests read it
from xgrag.integrations.langchain.cypher_qa import (
    ExplainedCypherQA,
    QAChainReplay,
    aexplain_cypher_qa,
    cypher_qa_call,
    explain_cypher_qa,
)
from xgrag.integrations.langchain.documents import (
    TRIPLE_SCHEMA,
    documents_from_subgraph,
    format_documents,
    is_xgrag_document,
    merge_subgraphs,
    subgraph_from_documents,
)
from xgrag.integrations.langchain.lcel import ChainReplay, ExplainedChain, aexplain_chain, chain_call, explain_chain
from xgrag.integrations.langchain.retriever import XgragRetriever
from xgrag.integrations.langchain.rows import row_values, subgraph_from_rows
from xgrag.integrations.langchain.runnable import ExplainedRunnable, with_explanation

__all__ = [
    "AsyncXgragCallbackHandler", "ChainReplay", "ExplainedChain", "ExplainedCypherQA", "ExplainedRunnable",
    "QAChainReplay", "RunCapture", "TRIPLE_SCHEMA", "XgragCallbackHandler", "XgragRetriever", "aexplain_chain",
    "aexplain_cypher_qa", "answer_text", "chain_call", "cypher_qa_call", "documents_from_subgraph", "explain_chain",
    "explain_cypher_qa", "format_documents", "is_xgrag_document", "merge_subgraphs", "question_text", "row_values",
    "subgraph_from_documents", "subgraph_from_rows", "with_explanation",
]
