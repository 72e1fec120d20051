import pytest

from xgrag.config import ConfigError, EntityMapping, GraphSchema, load_settings, schema_preset, validate_identifier


@pytest.mark.parametrize("bad", ["", "Entity`) DETACH DELETE n //", "x" * 65, " name", "name ", "it's", 'say "x"',
                                 "a\\b", "a\nb", "a\tb", "a\u202eb", "a\u200bb", "a\x85b"])
def test_identifiers_keep_out_what_could_end_a_quote_or_hide(bad: str) -> None:
    with pytest.raises(ConfigError, match="is not a valid identifier \\(1 to 64 characters"):
        validate_identifier(bad, "schema.entity_label")


@pytest.mark.parametrize("good", ["Area (sq. mi.)", "GDP ($ per capita)", "pageRank-1", "1abc", "a b", "Éntity",
                                  "x" * 64, "name} RETURN 1 //"])
def test_identifiers_take_the_names_graphs_use(good: str) -> None:
    """Back-quoted, any of these is one name to Cypher (the last one included: no backtick can end the quote)."""
    assert validate_identifier(good, "schema.entity_label") == good


def test_schema_rejects_injection_in_any_identifier() -> None:
    with pytest.raises(ValueError, match="schema.name_property"):
        GraphSchema(name_property="name`} RETURN 1 //")
    with pytest.raises(ValueError, match="generic_labels"):
        GraphSchema(generic_labels=["ok", "bad`label"])


def test_presets_differ_where_the_stacks_differ() -> None:
    lc = schema_preset("langchain")
    gr = schema_preset("neo4j-graphrag")
    assert lc.entity_label == gr.entity_label == "__Entity__"
    assert lc.name_property == "id" and gr.name_property == "name"
    assert lc.relation_property is None and gr.relation_property is None
    assert lc.provenance.mode == gr.provenance.mode == "mentions"
    assert gr.provenance.mention_direction == "entity_to_chunk"
    with pytest.raises(ConfigError, match="unknown preset"):
        schema_preset("nope")


def test_settings_from_file_and_env(tmp_path) -> None:
    f = tmp_path / "x.toml"
    f.write_text('theta_sim = 0.8\n[schema]\npreset = "langchain"\nname_property = "title"\n'
                 '[retrieval]\nhops = 1\n')
    s = load_settings(f, env={"NEO4J_URI": "bolt://h:7687", "NEO4J_PASSWORD": "pw"})
    assert s.theta_sim == 0.8 and s.retrieval.hops == 1
    assert s.graph_schema.preset == "langchain" and s.graph_schema.name_property == "title"
    assert s.neo4j.uri == "bolt://h:7687" and s.neo4j.password == "pw"


def test_settings_errors_name_the_field(tmp_path) -> None:
    f = tmp_path / "x.toml"
    f.write_text('[retrieval]\nhops = 9\n')
    with pytest.raises(ConfigError, match="hops"):
        load_settings(f, env={})
    f.write_text('[schema]\nentity_label = "A`B"\n')
    with pytest.raises(ConfigError, match="entity_label"):
        load_settings(f, env={})
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "missing.toml", env={})


def test_library_presets_map_the_libraries_own_fields() -> None:
    lr, li = schema_preset("lightrag"), schema_preset("llamaindex")
    # LightRAG: workspace label, entity_id as id and name, relation text from keywords (the type is DIRECTED)
    assert (lr.entity_label, lr.id_property, lr.name_property, lr.type_property) == \
        ("base", "entity_id", "entity_id", "entity_type")
    assert (lr.relation_property, lr.rel_description_property) == ("keywords", "description")
    assert lr.provenance.mode == "relationship" and lr.provenance.chunk_id_property == "source_id"
    assert lr.provenance.value_separator == "<SEP>" and lr.provenance.source_property == "file_path"
    # LlamaIndex: __Entity__ with name; type = the label beside __Entity__/__Node__; chunk id on the relation
    assert (li.entity_label, li.id_property, li.name_property, li.type_property) == ("__Entity__", "id", "name", None)
    assert set(li.generic_labels) == {"__Entity__", "__Node__"} and "MENTIONS" in li.non_semantic_types
    assert li.provenance.chunk_id_property == "triplet_source_id" and li.provenance.value_separator is None
    with pytest.raises(ValueError, match="value_separator"):
        schema_preset("lightrag", provenance={"value_separator": " "})


def test_preset_argument_outranks_env_and_file(tmp_path) -> None:
    f = tmp_path / "x.toml"
    f.write_text('[schema]\npreset = "langchain"\n')
    assert load_settings(f, env={}).graph_schema.preset == "langchain"
    from_env = load_settings(f, env={"XGRAG_SCHEMA_PRESET": "neo4j-graphrag"}).graph_schema
    # the file's preset name never overrides the chosen preset's
    assert from_env.preset == "neo4j-graphrag" and from_env.entity_label == "__Entity__"
    chosen = load_settings(f, env={"XGRAG_SCHEMA_PRESET": "neo4j-graphrag"}, preset="lightrag").graph_schema
    assert chosen.preset == "lightrag" and chosen.entity_label == "base"
    with pytest.raises(ConfigError, match="unknown preset 'nope'"):
        load_settings(f, env={}, preset="nope")


def test_split_provenance_keeps_every_stored_chunk() -> None:
    from xgrag.retrieval.retriever import split_provenance

    prov = {"chunk_id": "chunk-a<SEP>chunk-b<SEP>chunk-a", "source": "a.txt<SEP>b.txt", "created_at": 7}
    assert split_provenance(prov, "<SEP>") == {"created_at": 7, "documents": [{"chunk_id": "chunk-a"},
                                                                              {"chunk_id": "chunk-b"}],
                                               "sources": ["a.txt", "b.txt"]}
    assert split_provenance({"chunk_id": "c1", "source": "a.txt"}, "<SEP>") == \
        {"documents": [{"chunk_id": "c1", "source": "a.txt"}]}
    assert split_provenance({}, "<SEP>") == {}


def test_a_name_fallback_is_checked_and_rendered_after_the_name() -> None:
    """`name_fallback`: the first set of its properties names a node without a name, before the label and key; each
    one an identifier, like every other field."""
    with pytest.raises(ValueError, match=r"schema.entities\[.Star.\].name_fallback\[0\]"):
        EntityMapping(label="Star", name=["name"], name_fallback=["bf`) DETACH DELETE n //"])
    schema = schema_preset("domain", entities=[EntityMapping(label="Star", key="hip", name=["name"],
                                                             name_fallback=["bf", "gl"])])
    from xgrag.store.queries import QueryLibrary

    text = QueryLibrary(schema).get("entity_names")
    assert "coalesce(toString(n.`name`), coalesce(toString(n.`bf`), toString(n.`gl`), 'Star' + ' ' + " \
           "toString(n.`hip`)))" in text.replace("\n", " ")
