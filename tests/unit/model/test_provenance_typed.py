"""Relationship.provenance is the typed FactProvenance whatever built the relationship (issue 31, item 18)."""

from __future__ import annotations

import pytest

from xgrag.errors import UsageError
from xgrag.model import Relationship, Subgraph, fact_provenance
from xgrag.model.provenance import FactProvenance, SourceEntry


def test_a_stored_row_becomes_the_typed_structure() -> None:
    row = {"doc_id": "kb", "chunk_id": None, "line": 3, "other_sources": ['{"doc_id": "kb2", "line": 9}', "oops"]}
    assert fact_provenance({"doc_id": "kb", "other_sources": None}) == {"doc_id": "kb"}  # a row without any
    rel = Relationship("r", "h", "t", "x", provenance=fact_provenance(row))
    want: FactProvenance = {"doc_id": "kb", "line": 3, "documents": [
        SourceEntry(doc_id="kb", line=3), SourceEntry(doc_id="kb2", line=9), SourceEntry(unreadable="oops")]}
    assert rel.provenance == want


def test_a_saved_subgraph_reads_back_typed() -> None:
    data = {"nodes": [{"id": "h", "name": "H"}, {"id": "t", "name": "T"}],
            "relationships": [{"id": "r", "source": "h", "target": "t", "label": "x",
                               "provenance": {"inferred": True, "basis": "mentions of both ends", "candidates": 2,
                                              "documents": [{"chunk_id": "c1", "doc_id": None}]}}]}
    rel = Subgraph.from_json(data).relationships["r"]
    assert rel.provenance == {"inferred": True, "basis": "mentions of both ends", "candidates": 2,
                              "documents": [{"chunk_id": "c1"}]}


@pytest.mark.parametrize("prov, field", [({"doc_id": "kb", "page": 3}, "page"),
                                         ({"documents": [{"chunk_id": "c", "score": 0.4}]}, "score")])
def test_an_unknown_field_is_named(prov: dict[str, object], field: str) -> None:
    with pytest.raises(UsageError, match=f"unknown field.*{field}"):
        Relationship("r", "h", "t", "x", provenance=prov)  # type: ignore[arg-type]
