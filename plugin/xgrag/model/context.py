"""The units of a stack's context: what a user's RAG stack actually put into its prompt.

A retriever item (a chunk, a graph-fact record, a Cypher result row, a retriever record) is one `item`; when its
text has several lines or sentences, each is a `span` nested under it. A probe leaves units out and the stack's
own prompt is rebuilt without them (xgrag.explain.stack). Units are traced to the graph elements they state where
the stack's metadata or the graph says so (`node_ids`, `relationship_ids`, `facts`); a unit traced to nothing is
still a unit: the model saw it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

UnitKind = Literal["item", "span"]


@dataclass(frozen=True)
class ContextUnit:
    id: str  # items "1", "2", ... in prompt order; spans "1.1", "1.2", ... within their item
    kind: UnitKind
    text: str  # the characters the prompt shows for it (an item's whole content; a span's own text)
    label: str  # how reports name it (the text, shortened)
    parent: str | None = None  # a span's item
    source: str = "item"  # what the stack retrieved it as: "chunk", "record", "row", ... (provenance "retrieved_as")
    node_ids: tuple[str, ...] = ()  # graph entities it names (by the stack's metadata) or mentions (by name)
    relationship_ids: tuple[str, ...] = ()  # graph facts it states
    facts: tuple[str, ...] = ()  # those facts as "head RELATION tail"
    provenance: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text, "label": self.label, "parent": self.parent,
                "source": self.source, "node_ids": list(self.node_ids),
                "relationship_ids": list(self.relationship_ids), "facts": list(self.facts),
                "provenance": dict(self.provenance)}
