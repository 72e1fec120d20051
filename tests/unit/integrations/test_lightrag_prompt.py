"""LightRAG's prompt taken apart and rebuilt (xgrag.integrations.lightrag.prompt) with LightRAG's own PROMPTS, and a
relation's meaning direction read from its description and keywords (direction.py). Pure text: no LightRAG
instance, no graph."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")

from lightrag.prompt import PROMPTS  # noqa: E402

from xgrag.errors import UsageError  # noqa: E402
from xgrag.integrations.lightrag import meaning_direction, parse_prompt  # noqa: E402

FILL = {"response_type": "Multiple Paragraphs", "user_prompt": "n/a"}
Q = "Who commanded Apollo 11?"


def _full(entities: list[dict], relations: list[dict], chunks: list[dict], refs: list[str]) -> str:
    """The request as LightRAG's kg_query renders it for only_need_prompt."""
    dump = ["\n".join(json.dumps(r, ensure_ascii=False) for r in rows) for rows in (entities, relations, chunks)]
    context = PROMPTS["kg_query_context"].format(entities_str=dump[0], relations_str=dump[1],
                                                 text_chunks_str=dump[2], reference_list_str="\n".join(refs))
    system = PROMPTS["rag_response"].format(context_data=context, **FILL)
    return "\n\n".join([system, "---User Query---", Q])


ENTS = [{"entity": "Apollo 11", "type": "mission", "description": "A crewed lunar mission."}]
RELS = [{"entity1": "Apollo 11", "entity2": "Neil Armstrong", "description": "Neil Armstrong commanded Apollo 11."}]
CHUNKS = [{"reference_id": "1", "content": "Apollo 11 landed in 1969. Neil Armstrong commanded it."},
          {"reference_id": "2", "content": "Michael Collins stayed in orbit — “Columbia”."}]
REFS = ["[1] apollo.txt", "[2] collins.txt"]


def test_prompt_rebuilt_byte_for_byte_and_without_rows() -> None:
    full = _full(ENTS, RELS, CHUNKS, REFS)
    p = parse_prompt(full, Q, PROMPTS["rag_response"], PROMPTS["kg_query_context"], FILL)
    assert (p.entities, p.relations, p.chunks, p.references) == (ENTS, RELS, CHUNKS, REFS)
    ents, rels, _ = p.lines()
    assert p.render(ents, rels, p.chunks) + "\n\n---User Query---\n\n" + Q == full
    # a chunk left out takes its reference line with it (LightRAG lists the references of the chunks it kept)
    assert p.render(ents, [], p.chunks[:1]) + "\n\n---User Query---\n\n" + Q == _full(ENTS, [], CHUNKS[:1],
                                                                                        REFS[:1])


def test_prompt_of_another_template_is_refused() -> None:
    full = _full(ENTS, RELS, CHUNKS, REFS)
    with pytest.raises(UsageError, match="does not match its system prompt template"):
        parse_prompt(full, Q, "Answer from this:\n{context_data}\n", PROMPTS["kg_query_context"], FILL)
    with pytest.raises(UsageError, match="does not end with the question"):
        parse_prompt(full, "Another question?", PROMPTS["rag_response"], PROMPTS["kg_query_context"], FILL)


@pytest.mark.parametrize(("e1", "e2", "description", "keywords", "text"), [
    # stored sorted ("Apollo 11" < "Neil Armstrong"), meant the other way round
    ("Apollo 11", "Neil Armstrong", "Neil Armstrong commanded Apollo 11.", "commanded, leadership",
     "Neil Armstrong -commanded-> Apollo 11"),
    # passive voice: the agent follows "by"
    ("Apollo 11", "Neil Armstrong", "Apollo 11 was commanded by Neil Armstrong.", "commanded",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Apollo 11", "Neil Armstrong", "Apollo 11 was successfully commanded by Neil Armstrong.", "commanded",
     "Neil Armstrong -commanded-> Apollo 11"),
    # active, storage order is the meaning's: kept; the keyword that matched is the relation
    ("Marie Curie", "Pierre Curie", "Pierre was a physicist.<SEP>Marie Curie married Pierre Curie in 1895.",
     "spouse<SEP>married", "Marie Curie -married-> Pierre Curie"),
    # the keyword is not between the two names: the direction is unknown, never invented
    ("Marie Curie", "Pierre Curie", "Marie Curie and Pierre Curie were married.", "marriage",
     "Marie Curie -marriage- Pierre Curie (undirected)"),
    ("Apollo 11", "Neil Armstrong", "Armstrong was its commander.", "commanded",
     "Apollo 11 -commanded- Neil Armstrong (undirected)"),
    ("A", "B", "", "", "A -related to- B (undirected)"),
])
def test_meaning_direction(e1: str, e2: str, description: str, keywords: str, text: str) -> None:
    d = meaning_direction(e1, e2, description, keywords)
    assert d.text == text
    assert d.directed == ("undirected" not in text)
    assert (d.evidence != "") == d.directed
