"""xgrag for LightRAG (lightrag-hku): explain the answer `rag.query()` gave, from the context it retrieved.

`aexplain_query(rag, question, param)` (explain.py) runs the query and explains it: the units are the entity rows,
relation rows and chunks LightRAG's kg_query put into its prompt (read from LightRAG's own `only_need_prompt`
rendering), each probe re-renders LightRAG's prompt templates without some of them and calls the user's LLM function
as LightRAG does (`rag.role_llm_funcs["query"]`), and the baseline must reproduce the answer
(`Explanation.reproduction`). Relations are labelled in their meaning's direction (direction.py), not LightRAG's
sorted storage order; undirected when the description does not say. docs/stacks/lightrag.md has the details.
"""

from __future__ import annotations

try:
    import lightrag  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("xgrag.integrations.lightrag needs LightRAG: pip install lightrag-hku") from exc

from xgrag.integrations.lightrag.call import KG_MODES, LightRAGReplay, lightrag_call, relation_id
from xgrag.integrations.lightrag.direction import Direction, keyword_list, meaning_direction
from xgrag.integrations.lightrag.explain import ExplainedQuery, aexplain_answer, aexplain_query, explain_query
from xgrag.integrations.lightrag.prompt import LightRAGPrompt, parse_prompt

__all__ = ["KG_MODES", "Direction", "ExplainedQuery", "LightRAGPrompt", "LightRAGReplay", "aexplain_answer",
           "aexplain_query", "explain_query", "keyword_list", "lightrag_call", "meaning_direction", "parse_prompt",
           "relation_id"]
