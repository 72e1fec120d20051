import re

import pytest

from xgrag.config import GraphSchema, schema_preset
from xgrag.store.queries import NODE_ROW, PROVENANCE_ROW, REL_ROW, QueryLibrary, render


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


def _top_level_items(list_literal: str) -> list[str]:
    assert list_literal.startswith("[") and list_literal.endswith("]")
    items, depth, cur = [], 0, ""
    for ch in list_literal[1:-1]:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*items, cur.strip()]


@pytest.mark.parametrize("preset", ["xgrag", "langchain", "neo4j-graphrag"])
@pytest.mark.parametrize("mode", ["relationship", "mentions"])
def test_flat_rows_have_the_declared_field_order(preset: str, mode: str) -> None:
    schema = schema_preset(preset)
    schema = schema.model_copy(update={"provenance": schema.provenance.model_copy(update={"mode": mode})})
    node = _top_level_items(render("{{NODEROW:n}}", schema))
    rel = _top_level_items(render("{{RELROW:r}}", schema))
    assert len(node) == len(NODE_ROW) and len(rel) == len(REL_ROW) + len(PROVENANCE_ROW)
    assert node[0] == render("{{ID:n}}", schema) and rel[0] == render("{{RID:r}}", schema)
    assert rel[3] == f"toString({render('{{REL:r}}', schema)})"
    prov = rel[len(REL_ROW):]
    if mode == "mentions":  # mention provenance is read by provenance_mentions.cypher, not from the relationship
        assert prov == ["null"] * len(PROVENANCE_ROW)
    else:
        for field, expr in zip(PROVENANCE_ROW, prov, strict=True):
            configured = getattr(schema.provenance, f"{field}_property")
            assert expr == (f"r.`{configured}`" if configured else "null"), field
