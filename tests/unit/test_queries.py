import re

import pytest

from xgrag.config import GraphSchema, schema_preset
from xgrag.store.queries import QueryLibrary, render


@pytest.mark.parametrize("preset", ["xgrag", "langchain", "neo4j-graphrag"])
def test_every_query_renders_without_placeholders(preset: str) -> None:
    lib = QueryLibrary(schema_preset(preset))
    assert "expand" in lib.names() and "shortest_paths" in lib.names()
    for name in lib.names():
        text = lib.get(name)
        assert "{{" not in text, name


def test_values_are_parameters_not_literals() -> None:
    lib = QueryLibrary(GraphSchema())
    for name in ("expand", "shortest_paths", "link_fulltext", "link_exact", "nodes_by_id"):
        text = lib.get(name)
        assert "$excluded_node_ids" in text, name
    assert "$excluded_rel_ids" in lib.get("expand")
    assert "$excluded_rel_ids" in lib.get("shortest_paths")


def test_elementid_fallback_and_label_types() -> None:
    schema = schema_preset("neo4j-graphrag")
    text = render("MATCH (n:{{ENTITY}}) RETURN {{ID:n}}, {{TYPE:n}}, {{REL:r}}", schema)
    assert "MATCH (n:`__Entity__`)" in text
    assert "elementId(n)" in text
    assert "'__KGBuilder__'" in text and "type(r)" in text


def test_unknown_placeholder_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown placeholder"):
        render("RETURN {{NOPE}}", GraphSchema())


def test_bad_query_name_is_refused() -> None:
    lib = QueryLibrary(GraphSchema())
    with pytest.raises(ValueError):
        lib.raw("../migrations/V001")


def test_identifiers_are_backquoted() -> None:
    text = QueryLibrary(GraphSchema(entity_label="My_Entity")).get("expand")
    assert re.search(r":`My_Entity`", text)
