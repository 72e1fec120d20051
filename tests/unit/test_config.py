import pytest

from xgrag.config import ConfigError, GraphSchema, load_settings, schema_preset, validate_identifier


@pytest.mark.parametrize("bad", ["", "1abc", "a-b", "a b", "Entity`) DETACH DELETE n //", "x" * 65, "Éntity"])
def test_identifiers_are_strict(bad: str) -> None:
    with pytest.raises(ConfigError):
        validate_identifier(bad, "schema.entity_label")


def test_schema_rejects_injection_in_any_identifier() -> None:
    with pytest.raises(ValueError, match="schema.name_property"):
        GraphSchema(name_property="name} RETURN 1 //")
    with pytest.raises(ValueError, match="generic_labels"):
        GraphSchema(generic_labels=["ok", "bad label"])


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
    f.write_text('[schema]\nentity_label = "A:B"\n')
    with pytest.raises(ConfigError, match="entity_label"):
        load_settings(f, env={})
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "missing.toml", env={})
