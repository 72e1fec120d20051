"""Nodes and relationships from the flat rows the retrieval queries return ({{NODEROW}}, {{RELROW}}: the field
order of cypher/shared_config.json, read by xgrag.store.queries). Every retrieval mode reads these rows: k-hop
and shortest paths (retriever.py) and PCST-merge (pcst.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xgrag.model import Node, Relationship
from xgrag.model.provenance import fact_provenance
from xgrag.store.queries import NODE_ROW, PROVENANCE_ROW, REL_ROW

_PROV_AT = len(REL_ROW)
# a relationship row's length with its provenance; a row of the expansion query continues with the far node's row
REL_ROW_LEN = len(REL_ROW) + len(PROVENANCE_ROW)
_N = {field: i for i, field in enumerate(NODE_ROW)}  # positions in the flat rows
_R = {field: i for i, field in enumerate(REL_ROW)}


def node_row(row: Sequence[Any]) -> Node:
    """A node from a {{NODEROW}} list (xgrag.store.queries.NODE_ROW)."""
    return Node(id=str(row[_N["id"]]), name=str(row[_N["name"]]), type=row[_N["type"]],
                aliases=tuple(row[_N["aliases"]] or ()), description=row[_N["description"]])


def rel_row(row: Sequence[Any]) -> Relationship:
    """A relationship from a {{RELROW}} list (provenance fields follow the relationship's own)."""
    prov = fact_provenance(dict(zip(PROVENANCE_ROW, row[_PROV_AT:REL_ROW_LEN], strict=True)))
    return Relationship(id=str(row[_R["id"]]), source=str(row[_R["source"]]), target=str(row[_R["target"]]),
                        label=str(row[_R["label"]]), description=row[_R["description"]], provenance=prov)
