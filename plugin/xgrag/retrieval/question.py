"""What a question must be before it reaches Cypher: not empty, not longer than a question can reasonably be.

The limit keeps the full-text query inside Lucene's clause limit (a 20,000-character "question" ended in
`TooManyClauses`) and the n-gram lookup small; 2,000 characters is several paragraphs.
"""

from __future__ import annotations

from xgrag.errors import UsageError

MAX_QUESTION_CHARS = 2000


def check_question(question: str) -> str:
    """The question, stripped; a UsageError naming what is wrong otherwise."""
    if not isinstance(question, str) or not question.strip():
        raise UsageError("question: empty", hint="ask a question about the graph, e.g. \"who directed Out to Sea\"")
    text = question.strip()
    if len(text) > MAX_QUESTION_CHARS:
        raise UsageError(f"question: {len(text):,} characters; the limit is {MAX_QUESTION_CHARS:,}",
                         hint="ask one question; pass a long context as the graph, not as the question")
    return text
