"""LightRAG's answer prompt, taken apart into its context rows and put back together without some of them.

`kg_query` (lightrag/operate.py) fills PROMPTS["kg_query_context"] with four sections (the entity rows, the relation
rows, the chunk rows, each `json.dumps(row, ensure_ascii=False)` on its own line, and the reference list
`[n] file_path`), puts that into the system prompt template (PROMPTS["rag_response"] or the `system_prompt` given to
`rag.query`) and sends the question as the user message. `parse_prompt` takes LightRAG's own rendering of that
request (`QueryParam(only_need_prompt=True)`: "<system prompt>\\n\\n---User Query---\\n\\n<question>") apart with
the same templates; `LightRAGPrompt.render` puts the kept rows back with them. Nothing is re-serialised except a chunk
whose content lost sentences (its row dumped again as LightRAG dumps it); the baseline renders byte-identical (checked
when parsing). A reference line is kept while a kept chunk cites its id (LightRAG builds the list from the chunks it
kept).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xgrag.errors import UsageError

USER_QUERY = "\n\n---User Query---\n\n"
_MARK = "\x00xgrag-{}\x00"
_REF = re.compile(r"^\[([^\]]*)\]")


def _pieces(template: str, names: Sequence[str], **fixed: str) -> list[str]:
    """`template` formatted with a marker per name in `names`, split at the markers: the fixed text around them."""
    marked = template.format(**fixed, **{n: _MARK.format(n) for n in names})
    out = []
    for n in names:
        head, _, marked = marked.partition(_MARK.format(n))
        out.append(head)
    out.append(marked)
    return out


def _between(text: str, pieces: list[str], what: str) -> list[str]:
    """The values between the fixed `pieces` of `text` (in order), or a UsageError naming `what`."""
    if not text.startswith(pieces[0]) or not text.endswith(pieces[-1]):
        raise UsageError(f"LightRAG's prompt does not match its {what} template: cannot find the context rows")
    body = text[len(pieces[0]):len(text) - len(pieces[-1])]
    values = []
    for piece in pieces[1:-1]:
        at = body.find(piece)
        if at < 0:
            raise UsageError(f"LightRAG's prompt does not match its {what} template: cannot find the context rows")
        values.append(body[:at])
        body = body[at + len(piece):]
    values.append(body)
    return values


def _rows(text: str, section: str) -> list[dict[str, Any]]:
    rows = []
    for n, line in enumerate(text.split("\n") if text else [], start=1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"LightRAG's {section} section, line {n}: not a JSON row ({exc.msg})") from None
        if not isinstance(row, dict) or json.dumps(row, ensure_ascii=False) != line:
            raise UsageError(f"LightRAG's {section} section, line {n}: not a row as LightRAG writes it")
        rows.append(row)
    return rows


@dataclass
class LightRAGPrompt:
    """One kg_query request: the system prompt around the context, the context template's fixed text, the rows."""

    system_pieces: list[str]  # the system prompt before and after {context_data}
    context_pieces: list[str]  # kg_query_context's fixed text around its four sections
    entities: list[dict[str, Any]]
    relations: list[dict[str, Any]]
    chunks: list[dict[str, Any]]
    references: list[str]  # the reference list's lines
    question: str

    def lines(self) -> tuple[list[str], list[str], list[str]]:
        dump = [[json.dumps(r, ensure_ascii=False) for r in rows]
                for rows in (self.entities, self.relations, self.chunks)]
        return dump[0], dump[1], dump[2]

    def render(self, entities: Sequence[str], relations: Sequence[str], chunks: Sequence[dict[str, Any]]) -> str:
        """The system prompt with the kept entity and relation lines and chunk rows (in prompt order)."""
        cited = {str(c.get("reference_id", "")) for c in chunks}
        refs = [line for line in self.references
                if (m := _REF.match(line)) is None or m.group(1) in cited]
        values = ["\n".join(entities), "\n".join(relations),
                  "\n".join(json.dumps(c, ensure_ascii=False) for c in chunks), "\n".join(refs)]
        c = self.context_pieces
        context = c[0] + "".join(v + p for v, p in zip(values, c[1:], strict=True))
        return self.system_pieces[0] + context + self.system_pieces[1]


def parse_prompt(full: str, question: str, system_template: str, context_template: str,
                 fill: dict[str, str]) -> LightRAGPrompt:
    """LightRAG's only_need_prompt output taken apart (`fill`: the template's other fields, response_type and
    user_prompt, as kg_query fills them)."""
    tail = USER_QUERY + question
    if not full.endswith(tail):
        raise UsageError("LightRAG's prompt does not end with the question: was it rendered for another query?")
    system = full[: len(full) - len(tail)]
    system_pieces = _pieces(system_template, ["context_data"], **fill)
    (context,) = _between(system, system_pieces, "system prompt")
    names = ["entities_str", "relations_str", "text_chunks_str", "reference_list_str"]
    context_pieces = _pieces(context_template, names)
    ent, rel, chunks, refs = _between(context, context_pieces, "kg_query_context")
    out = LightRAGPrompt(system_pieces, context_pieces, _rows(ent, "entity"), _rows(rel, "relationship"),
                         _rows(chunks, "document chunk"), refs.split("\n") if refs else [], question)
    e, r, _ = out.lines()
    if out.render(e, r, out.chunks) != system:  # the baseline must be LightRAG's own request, byte for byte
        raise UsageError("LightRAG's prompt could not be rebuilt byte for byte from its rows")
    return out
