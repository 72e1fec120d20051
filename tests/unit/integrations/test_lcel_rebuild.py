"""Locating retrieved documents in a chat model's messages and cutting them out (pure text; the chain replay with
LangChain's real objects is in tests/integration/test_stack_world.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_core")

from langchain_core.messages import HumanMessage, SystemMessage  # noqa: E402

from xgrag.integrations.langchain.lcel import _locate, _rebuild  # noqa: E402

DOCS = ["Alpha one. Alpha two.", "Beta one.", "Gamma one."]
CONTENT = "Context:\n" + "\n\n".join(DOCS) + "\n\nQuestion:\nWhat?\n"


def test_documents_are_located_in_order_without_overlap() -> None:
    messages = [SystemMessage(content="Answer from the context."), HumanMessage(content=CONTENT)]
    places = _locate(messages, [*DOCS, "Not there.", "Beta one."])
    assert [p.message if p else None for p in places] == [1, 1, 1, None, None]  # a second "Beta one." is not there
    assert places[1] is not None and CONTENT[places[1].start:places[1].end] == "Beta one."


@pytest.mark.parametrize("cut, expected", [
    ({0}, "Context:\nBeta one.\n\nGamma one.\n\nQuestion:\nWhat?\n"),
    ({1}, "Context:\nAlpha one. Alpha two.\n\nGamma one.\n\nQuestion:\nWhat?\n"),
    ({2}, "Context:\nAlpha one. Alpha two.\n\nBeta one.\n\nQuestion:\nWhat?\n"),
    ({0, 1, 2}, "Context:\nQuestion:\nWhat?\n"),
])
def test_a_cut_document_takes_its_separator_with_it(cut: set[int], expected: str) -> None:
    places = _locate([HumanMessage(content=CONTENT)], DOCS)
    edits = [(p.start, p.end, None) for i, p in enumerate(places) if p is not None and i in cut]
    assert _rebuild(CONTENT, edits) == expected


def test_a_document_with_a_sentence_cut_is_replaced_in_place() -> None:
    places = _locate([HumanMessage(content=CONTENT)], DOCS)
    assert places[0] is not None
    out = _rebuild(CONTENT, [(places[0].start, places[0].end, "Alpha two.")])
    assert out == "Context:\nAlpha two.\n\nBeta one.\n\nGamma one.\n\nQuestion:\nWhat?\n"
