"""What one LangChain run produced: its question, answer, retrieved documents and Cypher rows, read from the
callback events."""

from __future__ import annotations

import ast
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from langchain_core.documents import Document
from langchain_core.messages import BaseMessage

_QUESTION_KEYS = ("question", "query", "input")
_ANSWER_KEYS = ("result", "answer", "output", "output_text", "text")


# -- what one run produced -----------------------------------------------------------------------------------

@dataclass
class RunCapture:
    """What the handler saw of one root run (a chain or agent invocation)."""

    run_id: uuid.UUID
    inputs: Any = None
    question: str | None = None  # resolved when the run ends
    answer: str | None = None
    documents: list[Document] = field(default_factory=list)  # XgragRetriever documents (retrievers, tools)
    other_documents: int = 0  # documents without xgrag metadata (not explainable)
    retriever_queries: list[str] = field(default_factory=list)
    cypher_query: str | None = None
    cypher_question: str | None = None
    cypher_rows: list[Any] | None = None  # GraphCypherQAChain context rows
    cypher_rows_source: str | None = None  # "intermediate_steps" | "chain_text" | "qa_input" | "tool_output"
    events: list[str] = field(default_factory=list)
    run_ids: set[uuid.UUID] = field(default_factory=set)
    inputs_by_run: dict[uuid.UUID, Any] = field(default_factory=dict)
    text_labels: dict[uuid.UUID, str] = field(default_factory=dict)
    # the chain's own call, for a handler that explains it (XgragCallbackHandler.for_chain): every document its
    # retrievers returned (xgrag's or not), the messages of each chat-model call, the text-LLM calls
    retrieved: list[Document] = field(default_factory=list)
    model_calls: list[list[BaseMessage]] = field(default_factory=list)
    text_model_calls: int = 0
    started: float = field(default_factory=time.perf_counter)
    seconds: float | None = None  # the run's own duration (start to end, explanation excluded)

    @property
    def has_context(self) -> bool:
        return bool(self.documents) or self.cypher_rows is not None


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    content = getattr(value, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b if isinstance(b, str) else str(b.get("text", "")) for b in content
                 if isinstance(b, str) or (isinstance(b, Mapping) and b.get("type") == "text")]
        return "".join(parts)
    return None


def answer_text(outputs: Any) -> str | None:
    """A run's final answer: a string, a message, or a dict's result/answer/output/text (or its last AI message)."""
    text = _text(outputs)
    if text is not None:
        return text
    if isinstance(outputs, Mapping):
        for key in _ANSWER_KEYS:
            if key in outputs:
                found = answer_text(outputs[key])
                if found is not None:
                    return found
        messages = outputs.get("messages")
        if isinstance(messages, list):
            for message in reversed(messages):
                if getattr(message, "type", None) == "ai":
                    return _text(message)
    return None


def question_text(inputs: Any) -> str | None:
    if isinstance(inputs, str):
        return inputs
    if isinstance(inputs, Mapping):
        for key in _QUESTION_KEYS:
            value = inputs.get(key)
            if isinstance(value, str):
                return value
        messages = inputs.get("messages")
        if isinstance(messages, list):
            for message in reversed(messages):
                if getattr(message, "type", None) == "human" or (isinstance(message, tuple) and message[0] == "user"):
                    return _text(message[1] if isinstance(message, tuple) else message)
    return None


def _cypher_steps(outputs: Any) -> tuple[str | None, list[Any] | None]:
    """(generated Cypher, context rows) from GraphCypherQAChain outputs with return_intermediate_steps=True."""
    if not isinstance(outputs, Mapping) or not isinstance(outputs.get("intermediate_steps"), list):
        return None, None
    query, rows = None, None
    for step in outputs["intermediate_steps"]:
        if isinstance(step, Mapping):
            if isinstance(step.get("query"), str):
                query = step["query"]
            if isinstance(step.get("context"), list):
                rows = list(step["context"])
    return query, rows


def _qa_rows(inputs: Any) -> list[Any] | None:
    """Rows from the input of GraphCypherQAChain's QA step: {"question": str, "context": [row, ...]}."""
    if not isinstance(inputs, Mapping) or not isinstance(inputs.get("question"), str):
        return None
    rows = inputs.get("context")
    if isinstance(rows, list) and rows and all(isinstance(r, Mapping) for r in rows):
        return list(rows)
    return None


def _literal_rows(text: str) -> list[Any] | None:
    """Rows from their Python repr (GraphCypherQAChain's "Full Context:" text); None when it is not a list of
    plain literals (e.g. rows holding driver temporal types)."""
    try:
        rows = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return rows if isinstance(rows, list) and all(isinstance(r, Mapping) for r in rows) else None


def _documents_in(value: Any) -> list[Any]:
    """Documents in a tool's output: a list of Documents, or a ToolMessage / result whose artifact is one."""
    for candidate in (value, getattr(value, "artifact", None)):
        if isinstance(candidate, list | tuple) and candidate and all(isinstance(d, Document) for d in candidate):
            return list(candidate)
    return []
