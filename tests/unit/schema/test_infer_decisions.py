"""The pure decisions of `xgrag schema infer` (which values are facts, which property names a node, which is its key)
on profiles written out by hand, and the TOML they are written as. The graph-reading side is tested against the
embedded Neo4j in tests/integration/test_schema_infer.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import tomllib

from xgrag.config import ConfigError, load_settings
from xgrag.schema.emit import _comment, toml_value
from xgrag.schema.labels import choose_key, composed_from, name_candidates, only_web_addresses
from xgrag.schema.options import InferOptions
from xgrag.schema.profile import GraphProfile, LabelProfile, PropertyStats, SchemaObject, id_named
from xgrag.schema.values import describe, not_a_fact

OPTS = InferOptions()


def stats(key: str, types: tuple[str, ...] = ("STRING",), present: int = 10, distinct: int = 10,
          max_len: int | None = 12, avg_len: float | None = 8.0, min_len: int | None = 3, blobs: int = 0,
          short: int | None = None, blob_example: str | None = None) -> PropertyStats:
    lists = any(t.startswith("LIST") for t in types)
    return PropertyStats(key=key, present=present, types=types, distinct=distinct,
                         short=(0 if lists else present) if short is None else short, max_len=max_len,
                         avg_len=avg_len, min_len=min_len, blobs=blobs, examples=("a", "b"),
                         blob_example=blob_example)


def label(name: str, *props: PropertyStats, sampled: int = 10) -> LabelProfile:
    return LabelProfile(name, count=sampled, sampled=sampled, properties={p.key: p for p in props})


@pytest.mark.parametrize(("s", "reason"), [
    (stats("embedding", ("LIST<FLOAT>",), max_len=384, avg_len=384, min_len=384),
     "an embedding or vector: lists of 384 numbers"),
    (stats("vec", ("LIST<FLOAT>",), max_len=16, avg_len=16, min_len=16), "an embedding or vector: lists of 16 numbers"),
    (stats("tags", ("LIST<STRING>",), max_len=50, avg_len=30), "lists of up to 50 items (a fact lists at most 20)"),
    (stats("picture", max_len=21000, avg_len=21000, blobs=8, blob_example="0x151C2F0002"),
     'binary data written as text ("0x151C2F0002..."), 8 of 10 sampled values'),
    (stats("notes", max_len=256, avg_len=211), "free text: 211 characters on average, up to 256"),
    (stats("bio", max_len=10_485_760, avg_len=499_000.0), "free text: 499000 characters on average, up to 10,485,760"),
    (stats("motto", max_len=900, avg_len=60), "values up to 900 characters (measured in Cypher, never read whole)"),
])
def test_values_that_are_not_facts_say_why(s: PropertyStats, reason: str) -> None:
    why = not_a_fact(s, OPTS)
    assert why is not None and why.startswith(reason)


def test_short_labels_with_a_few_long_values_are_facts() -> None:
    # a study's location: "Vellayani lake" (20 characters on average) and now and then a paragraph of 637; its long
    # values are not read (ecosystem-services, spent: the sites' only readable names were out of the mapping)
    location = stats("study_location", max_len=637, avg_len=20)
    assert not_a_fact(location, OPTS) is None
    assert "values over 300 characters (up to 637) are not read" in describe(location, 10)


def test_a_key_holding_a_string_on_some_nodes_and_a_short_list_on_others_is_a_fact() -> None:
    # construction_time "Between 1406 and 1420" on most sites, [] where none is known: the longest value (109
    # characters) is a string's, not a list of 109 items (china-world-heritage, spent: "when was X built" was read
    # as its dynasty, the key out of the mapping)
    mixed = PropertyStats(key="construction_time", present=10, types=("LIST<NOTHING>", "STRING"), distinct=8, short=8,
                          max_len=109, avg_len=20.0, min_len=0, blobs=0, examples=("1420",), max_items=0)
    assert not_a_fact(mixed, OPTS) is None
    long_list = PropertyStats(key="tags", present=10, types=("LIST<STRING>", "STRING"), distinct=2, short=2,
                              max_len=40, avg_len=20.0, min_len=0, blobs=0, examples=("a",), max_items=40)
    assert not_a_fact(long_list, OPTS) == "lists of up to 40 items (a fact lists at most 20)"


@pytest.mark.parametrize("s", [
    stats("city"), stats("unitPrice", ("FLOAT",), max_len=None, avg_len=None, min_len=None),
    stats("birthDate", ("DATE",), max_len=None, avg_len=None, min_len=None),
    stats("genres", ("LIST<STRING>",), max_len=4, avg_len=2.5),
    stats("location", ("LIST<FLOAT>",), max_len=2, avg_len=2, min_len=2),
    stats("discontinued", ("BOOLEAN",), max_len=None, avg_len=None, min_len=None)])
def test_scalars_short_strings_dates_and_short_lists_are_facts(s: PropertyStats) -> None:
    assert not_a_fact(s, OPTS) is None


def test_names_one_property_a_composition_or_none() -> None:
    employee = label("Employee", stats("firstName", distinct=9), stats("lastName", distinct=10),
                     stats("title", distinct=4), stats("employeeID"))
    assert name_candidates(employee, OPTS)[0][1] == ["firstName", "lastName"]  # title repeats: not a name
    product = label("Product", stats("productName"), stats("quantityPerUnit"), stats("supplierID"))
    assert name_candidates(product, OPTS)[0][1] == ["productName"]
    order = label("Order", stats("orderID"), stats("shipName", distinct=2), stats("shipCity", distinct=3))
    assert name_candidates(order, OPTS) == []  # shipName does not tell orders apart
    person = label("Person", stats("name"), stats("firstName"), stats("lastName"))
    assert name_candidates(person, OPTS)[0][1] == ["name"]


def test_a_key_ending_in_nm_is_a_name() -> None:
    # korea-travel-routes (spent): attractions were named "attraction <attraction_id>" beside their `attraction_nm`
    attraction = label("attraction", stats("attraction_id"), stats("attraction_nm"), stats("address"),
                       stats("city_nm", distinct=3))
    assert name_candidates(attraction, OPTS)[0][:2] == (95, ["attraction_nm"])
    assert name_candidates(label("City", stats("cityNm"), stats("code")), OPTS)[0][1] == ["cityNm"]
    # "nm" inside a word is no name ("param", "hanm")
    assert name_candidates(label("Setting", stats("param"), stats("hanm")), OPTS) == []
    sparse = label("Thing", stats("name", present=3, distinct=3))  # set on 3 of 10: not the name of the others
    assert name_candidates(sparse, OPTS) == []
    # a property named as its label is (Album.album, Personnage.personnage, whatever the language) is its name
    album = label("Album", stats("albumId"), stats("album"), stats("premiereEdition", distinct=6))
    assert name_candidates(album, OPTS)[0][1] == ["album"]


def test_a_name_with_a_few_values_longer_than_a_fact_still_names_its_nodes() -> None:
    # t2d-net (spent): a compound's systematic name runs to 335 characters where a drug's is "glimepiride"; it was
    # named by its SMILES string and no drug could be linked
    compound = label("Compound", stats("name", max_len=335, avg_len=70.0), stats("smiles", max_len=120, avg_len=50.0),
                     stats("CID"))
    assert name_candidates(compound, OPTS)[0][1] == ["name"]
    # free text under a name's key (long on average) is still no name, nor is a long-valued key of another kind
    assert name_candidates(label("Thing", stats("name", max_len=900, avg_len=400.0)), OPTS) == []
    assert name_candidates(label("Thing", stats("commonName", max_len=335, avg_len=70.0)), OPTS) == []


def test_a_title_as_long_as_a_laws_names_its_nodes_over_a_file_name() -> None:
    # indonesia-it-regulations (spent): a regulation's title averages 152 characters (12 of 63 over the 200 the
    # profile counts distinct values of); named by its file name "PP_2021_046", no title a question typed was linked
    law = label("Regulation", stats("title", max_len=274, avg_len=152.0, distinct=8, short=8),
                stats("download_name"), stats("type", distinct=3), sampled=10)
    assert name_candidates(law, OPTS)[0][1] == ["title"]
    # a name's key: the same; another key that long stays text, and a title repeating among the values counted, or
    # counted on fewer than half the nodes, names nothing
    assert name_candidates(label("Organ", stats("nome", max_len=729, avg_len=132.0)), OPTS)[0][1] == ["nome"]
    assert name_candidates(label("Thing", stats("summary", max_len=274, avg_len=152.0)), OPTS) == []
    assert name_candidates(label("Thing", stats("title", max_len=274, avg_len=152.0, distinct=4, short=8),
                                 stats("download_name")), OPTS)[0][1] == ["download_name"]
    assert name_candidates(label("Thing", stats("title", max_len=900, avg_len=190.0, distinct=4, short=4),
                                 stats("download_name")), OPTS)[0][1] == ["download_name"]
    # past a name's length on average (TITLE_CHARS) it is text
    assert name_candidates(label("Thing", stats("title", max_len=900, avg_len=260.0, distinct=4, short=4)), OPTS) == []


def test_a_label_or_a_korean_name_key_names_nodes_though_it_repeats() -> None:
    # a station a node per line, its `label` and 역사명 repeating: its own name, not its unique street address
    # (korea-urban-rail, spent: the answer to "which station" was an address)
    station = label("Station", stats("label", distinct=8), stats("역사명", distinct=8),
                    examples(stats("주소"), "서울특별시 서초구 청계산로 지하 179"), stats("역번호"))
    assert name_candidates(station, OPTS)[0][1] == ["label"]
    assert name_candidates(label("Line", stats("노선명"), stats("역수", distinct=4)), OPTS)[0][1] == ["노선명"]
    assert name_candidates(label("Term", stats("prefLabel")), OPTS)[0][1] == ["prefLabel"]
    for key in ("이름", "名称"):
        assert name_candidates(label("Thing", stats(key), stats("종류", distinct=2)), OPTS)[0][1] == [key]
    # (설명, a description, and a two-letter word ending in 명, are no names)
    assert name_candidates(label("Thing", stats("설명"), stats("생명")), OPTS) == []


def test_name_and_title_in_other_languages_name_nodes() -> None:
    # a Paris metro graph's Station.nom (repeating: a station on three lines is three nodes), a Brazilian Cidade.nome,
    # a Spanish nombre, a French titre
    station = label("Station", stats("nom", distinct=7), stats("ligne", distinct=4), stats("trafic", distinct=10))
    assert name_candidates(station, OPTS)[0][1] == ["nom"]
    for key in ("nome", "nombre", "titre", "intitule", "libelle"):
        assert name_candidates(label("Thing", stats(key), stats("tipo", distinct=2)), OPTS)[0][1] == [key]
    # ... and said before the label's word, as those languages say it: Voie.NomVoie, Estadio.nombre_estadio
    # (paris-housing, spent: streets were named by their code, CodeVoie "7472")
    voie = label("Voie", examples(stats("CodeVoie"), "7472", "0016"), examples(stats("NomVoie"), "Rue des Plantes"),
                 stats("TypeVoie", distinct=3))
    assert name_candidates(voie, OPTS)[0][1] == ["NomVoie"]
    assert name_candidates(label("Estadio", stats("nombre_estadio"), stats("capacidad")), OPTS)[0][1] == [
        "nombre_estadio"]
    # (not another word before it: a type or a code)
    assert not any(c[1] in (["TypeVoie"], ["CodeVoie"]) for c in name_candidates(voie, OPTS))


def test_the_label_s_word_and_another_name_its_nodes_where_nothing_else_does() -> None:
    # a wine shop's graph: `varietyDesc` "Albarino" beside `varietyID`, `wineDesc` beside `vintage`
    variety = label("Variety", stats("varietyID"), stats("varietyDesc"))
    assert name_candidates(variety, OPTS)[0][1] == ["varietyDesc"]
    wine = label("Wine", stats("wineID"), stats("wineDesc"), stats("vintage", types=("INTEGER",), distinct=6))
    assert name_candidates(wine, OPTS)[0][1] == ["wineDesc"]
    # ... not a code, a number, a date or a kind of the label's, nor one that repeats or a long text
    for key in ("countryCode", "orderNo", "orderDate", "wineType", "wineNumber", "emailAddress"):
        assert name_candidates(label(key[:key.index(next(c for c in key if c.isupper()))].title(), stats(key)),
                               OPTS) == [], key
    assert name_candidates(label("Color", stats("colorDesc", distinct=3)), OPTS) == []
    assert name_candidates(label("Book", stats("bookDesc", avg_len=400.0, max_len=900)), OPTS) == []
    # a name the graph has comes first
    assert name_candidates(label("Grape", stats("grapeName"), stats("grapeDesc")), OPTS)[0][1] == ["grapeName"]


def test_the_key_is_a_constraint_else_a_unique_identifier_in_the_sample() -> None:
    lp = label("Order", stats("orderID"), stats("code"), stats("freight", distinct=7))
    profile = GraphProfile(nodes=10, relationships=0, labels={"Order": lp}, types={}, constraints=[], indexes=[])
    key, why = choose_key(lp, profile, [])
    assert key == "orderID" and why.startswith("no uniqueness constraint; set on all 10 sampled nodes")
    profile.constraints.append(SchemaObject("order_code", "UNIQUENESS", "NODE", ("Order",), ("code",)))
    assert choose_key(lp, profile, []) == ("code", "uniqueness constraint order_code")
    # a constraint on a property no sampled node has (other data's, long gone) is not this label's key
    profile.constraints.append(SchemaObject("old", "UNIQUENESS", "NODE", ("Order",), ("legacyID",)))
    assert choose_key(lp, profile, []) == ("code", "uniqueness constraint order_code")
    repeated = label("Tag", stats("colour", distinct=2))
    assert choose_key(repeated, GraphProfile(10, 0, {"Tag": repeated}, {}, [], []), [])[0] is None


@pytest.mark.parametrize(("name", "ident"), [("id", True), ("ID", True), ("productID", True), ("product_id", True),
                                             ("supplierId", True), ("uuid", True), ("uid", True), ("_key", True),
                                             ("valid", False), ("paid", False), ("reportsTo", False),
                                             ("grid", False), ("key", False), ("name", False)])
def test_identifier_names(name: str, ident: bool) -> None:
    assert id_named(name) is ident


def test_toml_values_and_comments_from_the_graph_stay_valid_toml() -> None:
    nasty = 'a "quoted" \\ value\nwith a newline\t# and a hash'
    doc = f"x = {toml_value(nasty)}\n" + "\n".join(_comment(f"an example: {nasty} " * 12, "  ")) + "\ny = 1\n"
    assert tomllib.loads(doc) == {"x": nasty, "y": 1}
    assert all(len(line) <= 120 for line in doc.splitlines()[1:-1])
    assert toml_value(None) == '""' and toml_value(["a", "b"]) == '["a", "b"]' and toml_value(True) == "true"


def test_an_empty_string_sets_an_optional_identifier_to_nothing(tmp_path: Path) -> None:
    """TOML has no null: schema infer writes "" for a field set to nothing, and load_settings reads it so."""
    f = tmp_path / "x.toml"
    f.write_text('[schema]\npreset = "domain"\ndescription_property = ""\n[schema.provenance]\nmode = "mentions"\n'
                 'chunk_label = "Passage"\ndocument_label = ""\nchunk_document_type = ""\n'
                 '[[schema.entities]]\nlabel = "Person"\nname = ["name"]\n')
    s = load_settings(f, env={}).graph_schema
    assert s.provenance.document_label is None and s.provenance.chunk_document_type is None
    assert s.description_property is None and s.provenance.chunk_label == "Passage"
    f.write_text('[schema]\npreset = "domain"\nentity_label = ""\n')  # a required identifier stays required
    with pytest.raises(ConfigError, match="schema.entity_label: '' is not a valid identifier"):
        load_settings(f, env={})
    f.write_text('[schema]\npreset = "lightrag"\n[schema.provenance]\nvalue_separator = ""\n')  # not an identifier
    with pytest.raises(ConfigError, match="value_separator"):
        load_settings(f, env={})


def examples(s: PropertyStats, *values: str) -> PropertyStats:
    from dataclasses import replace

    return replace(s, examples=tuple(values))


def test_a_first_name_that_repeats_is_composed_with_the_surname() -> None:
    from xgrag.schema.labels import alias_properties

    person = label("Person", stats("name", distinct=6), stats("surname", distinct=8), stats("nhs_no"))
    assert name_candidates(person, OPTS)[0][1] == ["name", "surname"]
    # a name that tells people apart is their whole name: the surname beside it is not appended to it
    whole = label("Person", stats("name"), stats("surname", distinct=8))
    assert name_candidates(whole, OPTS)[0][1] == ["name"]
    remake = label("Movie", stats("title", distinct=7), stats("released", ("INTEGER",), distinct=9))
    assert name_candidates(remake, OPTS)[0][1] == ["title", "released"]
    # a unique display name beside a login is another name of the user, linked as the name is
    user = label("User", examples(stats("name"), "NannieDeltoro01@TestCompany.Local", "Zola02@TestCompany.Local"),
                 examples(stats("displayname"), "Nannie Deltoro", "Zola Risius"),
                 examples(stats("objectid"), "S-1-5-21-883232822-1", "S-1-5-21-883232822-2"),
                 examples(stats("lastlogon", ("INTEGER",)), "1568307412"),
                 examples(stats("url"), "https://x.org/u/1", "https://x.org/u/2"))
    assert [a for a, _ in alias_properties(user, OPTS, ["name"])] == ["displayname"]
    # a name-like key that repeats as names do (an occupation group and its detailed occupation share "Registered
    # Nurses") is another name beside a code; a value key that repeats so is not
    occupation = label("Occupation", examples(stats("code"), "29-1141", "29-1140"),
                       examples(stats("prefLabel", present=10, distinct=6), "Registered Nurses", "Software Developers"),
                       examples(stats("group", present=10, distinct=6), "Healthcare", "Computing"))
    assert [a for a, _ in alias_properties(occupation, OPTS, ["code"])] == ["prefLabel"]
    occupation.properties["prefLabel"] = examples(stats("prefLabel", present=10, distinct=4), "Registered Nurses")
    assert alias_properties(occupation, OPTS, ["code"]) == []  # fewer than half distinct


def test_a_short_description_of_nodes_named_by_a_code_is_another_name_of_theirs() -> None:
    from xgrag.schema.labels import alias_properties

    # seattle-library-books (spent): a library location named by its code, "lcy", is the Lake City Branch
    location = label("Location", examples(stats("code", avg_len=3.0), "bal", "lcy"),
                     examples(stats("description", avg_len=16.0), "Ballard Branch", "Lake City Branch"))
    assert [a for a, _ in alias_properties(location, OPTS, ["code"])] == ["description"]
    # beside a name that is no code, a description says what the node is about, not what it is called
    named = label("Location", examples(stats("name", avg_len=14.0), "Ballard Branch", "Lake City Branch"),
                  examples(stats("description", avg_len=16.0), "Ballard Branch", "Lake City Branch"))
    assert alias_properties(named, OPTS, ["name"]) == []
    # nor is a long description a name
    location.properties["description"] = examples(stats("description", avg_len=55.0),
                                                  "The branch in Ballard, open on weekdays from nine to five")
    assert alias_properties(location, OPTS, ["code"]) == []


def test_a_node_known_by_its_value_is_named_by_it_and_a_record_by_its_label_kind_and_date() -> None:
    from xgrag.schema.labels import date_like, opaque, record_name, value_name

    phone = label("Phone", examples(stats("phoneNo"), "9-(882)417-7531", "0-(101)555-0100"))
    assert value_name(phone, OPTS) is not None and value_name(phone, OPTS)[0] == "phoneNo"  # type: ignore[index]
    hashed = label("Crime", examples(stats("id"), "a3f9c2e1d4b5a6f7e8d9c0b1a2f3e4d5",
                                     "b4e0d3f2e5c6b7a8f9e0d1c2b3a4f5e6"),
                   examples(stats("type", distinct=3), "Burglary", "Drugs"),
                   examples(stats("date", distinct=5), "1/08/2017", "10/08/2017"),
                   examples(stats("note", distinct=4), "x"))
    assert opaque(hashed.properties["id"]) and date_like(hashed.properties["date"])
    assert value_name(hashed, OPTS) is None  # an opaque hash names nothing a person types
    parts, why, labelled = record_name(hashed, OPTS, "id")  # type: ignore[misc]
    assert parts == ["type", "date"] and why.startswith("a record") and not labelled  # "Burglary 1/08/2017"
    # an address of the network, not a date: named by it
    switch = label("Switch", examples(stats("ip"), "10.1.1", "10.1.10"))
    assert not date_like(switch.properties["ip"]) and value_name(switch, OPTS)[0] == "ip"  # type: ignore[index]
    visit = label("Visit", examples(stats("id", ("INTEGER",)), "1", "2"),
                  examples(stats("endtime", ("ZONED DATETIME",), distinct=10), "2020-04-07T14:26:08Z"),
                  examples(stats("starttime", ("ZONED DATETIME",), distinct=10), "2020-04-07T10:22:19Z"))
    assert record_name(visit, OPTS, "id")[::2] == (["starttime"], True)  # type: ignore[index]  # "Visit 2020-..."
    port = label("Port", examples(stats("port", ("INTEGER",), distinct=4), "80", "443"))
    assert record_name(port, OPTS, None)[::2] == (["port"], True)  # type: ignore[index]  # "Port 80"


def test_a_spelled_value_names_a_node_before_its_serial_number_and_a_phone_number_does_not() -> None:
    """A shop known by a serial (buildingId 1..9) and a street address: people say "the shop at 100 Church Street",
    so the address names it (the serial still links as "building 3"); beside a phone number, the serial names it."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.labels import spelled_value

    shop = label("Building", examples(stats("buildingId"), "1", "2"),
                 examples(stats("address"), "100 Church Street", "122 E Broadway"),
                 examples(stats("telephone"), "242-212-0080", "343-212-5151"))
    assert spelled_value(shop, "address") and not spelled_value(shop, "telephone")
    office = label("Office", examples(stats("officeId"), "1", "2"),
                   examples(stats("telephone"), "242-212-0080", "343-212-5151"))
    profile = GraphProfile(nodes=20, relationships=0, labels={"Building": shop, "Office": office}, types={},
                           constraints=[], indexes=[])
    named = {d.label: (d.key, d.name, d.naming) for d in decide_domain(profile, OPTS)[0].entities}
    assert named["Building"] == ("buildingId", ["address"], "value")
    assert named["Office"] == ("officeId", [], "key")


def test_a_nordic_compound_of_the_label_and_title_names_its_nodes_before_its_code() -> None:
    # nav-job-ads (spent): an occupation's `yrkestittel` (yrke + s + tittel, its title) and `yrkeskode` (its code,
    # the joining s before "kode"): named by its code, no occupation could be linked by what people call it
    occupation = label("yrke", examples(stats("yrkeskode"), "0", "110"),
                       examples(stats("yrkestittel"), "Birøktere", "Jurister og advokater"))
    assert name_candidates(occupation, OPTS)[0][1] == ["yrkestittel"]
    # German compounds too, and a Norwegian title alone
    assert name_candidates(label("Station", stats("stationsname"), stats("linie", distinct=3)), OPTS)[0][1] == [
        "stationsname"]
    assert name_candidates(label("Bok", stats("tittel"), stats("sjanger", distinct=3)), OPTS)[0][1] == ["tittel"]


def test_a_value_in_words_names_a_node_before_its_serial_number() -> None:
    """A wrestler known by a serial (rikishiID, and `name` holding the same number) and a ring name in words under a
    key that says no name (`shikonaEn`): named by the ring name, as an address names a shop (sumo-makuuchi, tune:
    "Rikishi 3081", no question naming a wrestler could be linked); a code with digits does not."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.labels import worded_value

    wrestler = label("Rikishi", examples(stats("rikishiID", ("INTEGER",)), "1", "2"),
                     examples(stats("name", ("INTEGER",)), "1", "2"),
                     examples(stats("shikonaEn"), "Abi", "Akebono Taro"),
                     examples(stats("heya", distinct=4), "Miyagino", "Arashio"))
    assert worded_value(wrestler, "shikonaEn")
    part = label("Part", examples(stats("partId", ("INTEGER",)), "1", "2"), examples(stats("sku"), "AB-12", "CD-40"))
    assert not worded_value(part, "sku")
    office = label("Office", examples(stats("officeId"), "1", "2"),
                   examples(stats("telephone"), "242-212-0080", "343-212-5151"))
    assert not worded_value(office, "telephone")
    profile = GraphProfile(nodes=20, relationships=0, labels={"Rikishi": wrestler, "Office": office}, types={},
                           constraints=[], indexes=[])
    named = {d.label: (d.key, d.name, d.naming) for d in decide_domain(profile, OPTS)[0].entities}
    assert named["Rikishi"] == ("rikishiID", ["shikonaEn"], "value")
    assert named["Office"] == ("officeId", [], "key")  # beside a phone number the serial still names it


def test_a_key_that_is_the_name_written_as_a_slug_is_not_appended_to_the_name() -> None:
    """A repeating name beside a key that spells it as an identifier: the display is the name as people write it
    ("Malawi Savings Bank Limited"), not "Malawi Savings Bank Limited malawi-savings-bank-limited"; a readable key
    that is not a slug still tells same-named nodes apart."""
    from xgrag.schema.labels import record_name, slug_like

    bank = label("Entity", examples(stats("name", distinct=8), "Malawi Savings Bank Limited", "SEB Bank"),
                 examples(stats("id"), "malawi-savings-bank-limited", "seb-bank-tallinn-estonia-est"))
    assert slug_like(bank.properties["id"])
    assert record_name(bank, OPTS, "id")[::2] == (["name"], False)  # type: ignore[index]
    coded = label("Entity", examples(stats("name", distinct=8), "SEB Bank", "SEB Bank"),
                  examples(stats("code"), "SEB-EE-01", "SEB-LV-02"))
    assert not slug_like(coded.properties["code"])
    assert record_name(coded, OPTS, "code")[::2] == (["name", "code"], False)  # type: ignore[index]


def test_a_name_set_on_few_nodes_names_them_and_a_record_is_linked_by_what_it_is() -> None:
    """OpenStreetMap names some of its ways ("East 78th Street", repeated over a street's segments) and not the
    rest: the name names those (the others by label and key); a record named by what it is and when also links by
    what it is alone."""
    from dataclasses import replace

    from xgrag.schema.labels import record_alias, sparse_name

    way = label("OSMWay", examples(stats("way_osm_id", ("INTEGER",)), "5670071", "5670072"),
                examples(stats("timestamp", distinct=10), "2017-04-21T04:37:33", "2018-01-12T23:16:28"))
    way.properties["name"] = replace(examples(stats("name"), "East 78th Street", "Riftstone Arch"), present=2,
                                     distinct=2)
    assert sparse_name(way, OPTS) is None  # 2 of 10 sampled: too few to be a name
    way.properties["name"] = replace(way.properties["name"], present=4, distinct=3)
    assert sparse_name(way, OPTS) is not None and sparse_name(way, OPTS)[0] == "name"  # type: ignore[index]
    way.properties["name"] = replace(way.properties["name"], present=4, distinct=1)  # one name on every one
    assert sparse_name(way, OPTS) is None
    poi = label("PointOfInterest", examples(stats("name", distinct=6), "Belvedere Castle", "bench"))
    assert record_alias(poi, ["name", "timestamp"]) == "name"
    assert record_alias(poi, ["type", "date"]) is None  # "Burglary" names a kind, not the record


def test_a_key_that_is_a_readable_code_stays_a_fact() -> None:
    """"What is the country code of Liechtenstein?" asks for the key: a short code with letters is asked for as
    well as naming nodes; an id, a slug, a serial number or a number is not."""
    from xgrag.schema.labels import readable_code

    country = label("Country", examples(stats("code"), "LIE", "AFG"), examples(stats("name"), "Liechtenstein", "x"))
    assert readable_code(country, "code")
    for prop, values in [("id", ("ab12", "cd34")), ("slug", ("seb-bank-tallinn", "abn-amro")),
                         ("countryID", ("LIE", "AFG"))]:
        assert not readable_code(label("Country", examples(stats(prop), *values)), prop), prop
    order = label("Order", examples(stats("orderNo"), "R7", "R8"))
    assert not readable_code(order, "orderNo")  # a serial: "Order R7"
    assert not readable_code(label("Port", examples(stats("port", ("INTEGER",)), "80", "443")), "port")


def test_a_key_named_as_a_code_or_number_stays_a_fact() -> None:
    """"What is the crime code for burglary from vehicle?" asks for the key "Crm Cd" (330): a key whose name says it
    is a code, a number or a key is looked up whatever its values; an id or a serial its nodes are known by is not."""
    from xgrag.schema.labels import readable_code

    for prop, values in [("Crm Cd", ("330", "310")), ("Rpt Dist No", ("1998", "1543")), ("soc_code", ("15-1252",)),
                         ("InChIKey", ("IUBSYMUCCVWXPE-UHFFFAOYSA-N", "BSYNRYMUTXBXSQ-UHFFFAOYSA-N"))]:
        types = ("INTEGER",) if values[0].isdigit() else ("STRING",)
        assert readable_code(label("Crime", examples(stats(prop, types), *values)), prop), prop
    for prop in ("crime_id", "crimeNo", "number"):  # an id; serials the crimes are known by ("Crime 330")
        assert not readable_code(label("Crime", examples(stats(prop, ("INTEGER",)), "330", "310")), prop), prop
    assert not readable_code(label("Crime", examples(stats("area", ("INTEGER",)), "12", "1")), "area")


def test_a_key_named_identifier_stays_a_fact_unless_opaque() -> None:
    """"What is the code of <an industry>?" asks for its `identifier` ("33241"): a key named so is a code people look
    up; a uuid under that name is not."""
    from xgrag.schema.labels import readable_code

    industry = label("IndustrySubBranch", examples(stats("identifier"), "33241", "11111"))
    assert readable_code(industry, "identifier")
    uuids = ("0f8fad5b-d9cb-469f-a165-70867728950e", "7c9e6679-7425-40de-944b-e07fc1f90ae7")
    assert not readable_code(label("IndustrySubBranch", examples(stats("identifier"), *uuids)), "identifier")


def test_probes_read_the_sample_round_robin_over_its_parts() -> None:
    """The sample is in scan order; a probe reads its first few carrying a property: ordered round robin over four
    parts, those few come from every part of the label."""
    from xgrag.schema.profile import probe_order

    ids = [str(i) for i in range(10)]
    assert probe_order(ids) == ["0", "3", "6", "9", "1", "4", "7", "2", "5", "8"]
    assert sorted(probe_order(ids), key=int) == ids and probe_order([]) == []


def test_hex_identifiers_and_a_few_hex_names_are_values_not_binary_data() -> None:
    """Binary data is most values looking binary and long: a wallet address or a transaction hash is typed by users;
    a few hex usernames among real ones do not make the usernames data."""
    from xgrag.schema.labels import _usable

    wallet = stats("address", max_len=42, avg_len=42, min_len=42, blobs=10, blob_example="0x7d3191969145")
    assert not_a_fact(wallet, OPTS) is None
    usernames = stats("username", present=160, distinct=160, blobs=4, blob_example="0x52f1f2957b7e")
    assert not_a_fact(usernames, OPTS) is None
    assert _usable(usernames, label("Trader", usernames, sampled=160), OPTS)
    picture = stats("picture", max_len=402, avg_len=402, blobs=10, blob_example="0x151C2F0002")
    assert (not_a_fact(picture, OPTS) or "").startswith("binary data written as text")


def test_a_handle_set_on_some_nodes_names_them_and_a_record_is_named_by_its_telling_date() -> None:
    from dataclasses import replace

    from xgrag.schema.labels import record_name, sparse_name

    trader = label("Trader", examples(stats("wallet"), "0x7d31919691450e94e4654c7d727b668588dc0378"))
    trader.properties["username"] = replace(examples(stats("username"), "dees", "packphour"), present=3, distinct=3)
    assert sparse_name(trader, OPTS) is not None and sparse_name(trader, OPTS)[0] == "username"  # type: ignore[index]
    # of two dates, the one telling records apart: the day alone is the same on all ("2021-01-01 00:00:00")
    trade = label("Transaction", examples(stats("hash"), "0x91459e5a2a395fd74e16c2dc28c24965192ef23066023d11eecc5c"),
                  examples(stats("Datetime_updated", distinct=1), "2021-01-01 00:00:00"),
                  examples(stats("Datetime_updated_seconds", distinct=10), "2021-01-01 23:51:58"))
    assert record_name(trade, OPTS, "hash")[0] == ["Datetime_updated_seconds"]


def test_the_label_s_own_name_names_its_nodes_though_it_repeats_as_people_s_names_do() -> None:
    # some customers are known by a first name only: customerName repeats (8 distinct in 10) and is still their name
    customer = label("Customer", stats("customerName", distinct=8), stats("customerId"), stats("email"))
    assert name_candidates(customer, OPTS)[0][1] == ["customerName"]
    assert "repeats" in name_candidates(customer, OPTS)[0][2]
    # a name in parts still comes first (the first name that repeats is composed with the surname)
    person = label("Person", stats("name", distinct=6), stats("surname", distinct=8))
    assert name_candidates(person, OPTS)[0][1] == ["name", "surname"]
    # under half distinct, or another label's name (an order's ship name), or a repeating title: no name
    assert name_candidates(label("Customer", stats("customerName", distinct=4), stats("customerId")), OPTS) == []
    assert name_candidates(label("Order", stats("shipName", distinct=8), stats("orderID")), OPTS) == []
    # a title that repeats names its nodes as a name does (two paintings called "Portrait of a Man": met-paintings,
    # spent), unless it copies the name of what they are linked to (the caller's `copied`)
    post = label("Post", stats("title", distinct=8), stats("postId"))
    assert name_candidates(post, OPTS)[0][:2] == (50, ["title"])
    assert name_candidates(post, OPTS, frozenset({"title"})) == []


def test_a_name_that_repeats_names_its_nodes_where_their_unique_key_is_built_from_it() -> None:
    # exrx-exercises (spent): 332 names over 845 variants of the exercises, each told apart by an id that joins the
    # name, the body part, the equipment and the target ("45° Calf Press__Calf__Lever"): the name is still theirs
    name = replace(stats("name", present=845, distinct=332), examples=("45° Calf Press", "45° Calf Raise"))
    ident = replace(stats("id", present=845, distinct=845, max_len=90, avg_len=40.0),
                    examples=("45° Calf Press__Calf__Lever (plate loade", "45° Calf Press__Calf__Sled__Gastrocnemiu"))
    variant = label("ExerciseVariant", name, ident, sampled=845)
    assert composed_from(variant, OPTS, name) == "id"
    assert name_candidates(variant, OPTS)[0][:2] == (50, ["name"])
    assert "id is built from it" in name_candidates(variant, OPTS)[0][2]
    # a key that merely begins like a name, with no joining character after it, is built from nothing
    loose = replace(ident, examples=("45° Calf Pressure", "45° Calf Raises"))
    assert composed_from(label("ExerciseVariant", name, loose, sampled=845), OPTS, name) is None
    assert name_candidates(label("ExerciseVariant", name, loose, sampled=845), OPTS) == []
    # a "name" with fewer distinct values than one in KIND_ONLY nodes is a kind, whatever is built from it
    kind = replace(name, distinct=30)
    assert composed_from(label("Crime", kind, ident, sampled=845), OPTS, kind) is None


def test_a_title_that_repeats_names_its_nodes_where_only_a_web_address_tells_them_apart() -> None:
    # met-fashion (spent): garments titled "Evening dress" as hundreds are, each with its page on the Met's site
    title = replace(stats("title", present=100, distinct=30), examples=("Dress", "Evening dress"))
    url = replace(stats("url", present=100, distinct=100, max_len=60, avg_len=52.0),
                  examples=("https://www.metmuseum.org/art/collection/search/1", "https://www.metmuseum.org/x/2"))
    garment = label("Garment", title, url, sampled=100)
    assert only_web_addresses(garment, OPTS, title)
    assert name_candidates(garment, OPTS)[0][:2] == (50, ["title"])
    assert "web address" in name_candidates(garment, OPTS)[0][2]
    # a code beside the address tells them apart too: no name then (the code or the address names them)
    code = replace(stats("accession", present=100, distinct=100), examples=("1975.1.1", "C.I.38.23"))
    assert name_candidates(label("Garment", title, url, code, sampled=100), OPTS) == []
    # a title with fewer distinct values than one in KIND_ONLY nodes is a kind
    assert name_candidates(label("Garment", replace(title, distinct=4), url, sampled=100), OPTS) == []


def test_a_name_some_nodes_lack_names_them_before_a_designation_and_one_all_share_does_not() -> None:
    """A quarter of the stars have a proper name: it names them, their designation the rest (`name_fallback`). Every
    answer has a title, shared with its question's other answers and copied from the question it answers (named by
    that title): its unique link names it, as before. A painting's own title that repeats names it."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.profile import TypeProfile

    star = label("Star", examples(stats("bf"), "9Alp CMa", "58Alp Ori"),
                 examples(stats("name", present=3, distinct=3), "Sirius", "Betelgeuse"))
    answer = label("Answer", examples(stats("link"), "https://stackoverflow.com/a/1", "https://stackoverflow.com/a/2"),
                   examples(stats("title", distinct=6), "How to merge nodes?", "Why is my query slow?"))
    question = label("Question", examples(stats("title"), "How to merge nodes?", "Why is my query slow?"))
    painting = label("Painting", examples(stats("url"), "http://www.metmuseum.org/1", "http://www.metmuseum.org/2"),
                     examples(stats("title", distinct=8), "Portrait of a Man", "The Harvesters"))
    # IMDb's episodes and series are both titled by `primaryTitle`, not one a copy of the other's (no value shared)
    episode = label("Episode", examples(stats("tconst"), "tt0214950", "tt0307058"),
                    examples(stats("primaryTitle", distinct=7), "17 Years of Nothing", "A Billion Beats"))
    series = label("Series", examples(stats("tconst"), "tt0092379", "tt0118401"),
                   examples(stats("primaryTitle"), "Death in Paradise", "Endeavour"))
    answers = TypeProfile("ANSWERS", count=10, sampled=10, ends={(("Answer",), ("Question",)): 10})
    part_of = TypeProfile("PART_OF", count=10, sampled=10, ends={(("Episode",), ("Series",)): 10})
    profile = GraphProfile(nodes=60, relationships=20, labels={"Star": star, "Answer": answer, "Question": question,
                                                               "Painting": painting, "Episode": episode,
                                                               "Series": series},
                           types={"ANSWERS": answers, "PART_OF": part_of}, constraints=[], indexes=[])
    named = {d.label: (d.name, d.name_fallback) for d in decide_domain(profile, OPTS)[0].entities}
    assert named["Star"] == (["name"], ["bf"])
    assert named["Answer"] == (["link"], [])
    assert named["Painting"] == (["title"], [])
    assert named["Episode"] == (["primaryTitle"], []) and named["Series"] == (["primaryTitle"], [])


def test_a_record_whose_date_repeats_is_told_apart_by_its_readable_key() -> None:
    """1,851 arrests on four days: "Arrest 12/29/2017" would name hundreds of them, and facts, which name their ends,
    would read as one arrest's; with the key each is its own ("Arrest 12/29/2017 173064944"). Dates that tell the
    records apart (a visit's moment) keep the name short."""
    from xgrag.schema.labels import record_name

    arrest = label("Arrest", examples(stats("key", ("INTEGER",)), "173064944", "173070625"),
                   examples(stats("date", distinct=4), "12/29/2017", "12/30/2017"))
    parts, why, labelled = record_name(arrest, OPTS, "key")
    assert (parts, labelled) == (["date", "key"], True) and "as date repeat" in why
    moments = label("Arrest", examples(stats("key", ("INTEGER",)), "173064944", "173070625"),
                    examples(stats("date", distinct=10), "12/29/2017 10:22", "12/30/2017 11:02"))
    assert record_name(moments, OPTS, "key")[::2] == (["date"], True)  # type: ignore[index]


def test_a_value_whose_smallest_examples_are_numbers_but_most_values_words_still_names_its_nodes() -> None:
    """Keywords known by their prefLabel: the examples are the smallest values, where digits sort first ("10344",
    "1084"), while most labels are words ("Cybersecurity"); the count of values written with a letter decides."""
    from dataclasses import replace

    from xgrag.schema.labels import value_name

    pref = examples(stats("prefLabel", present=10, distinct=10), "10344", "1084")
    keyword = label("Keyword", pref)
    assert value_name(keyword, OPTS) is None  # not measured: the examples alone
    assert value_name(label("Keyword", replace(pref, lettered=8)), OPTS)[0] == "prefLabel"  # type: ignore[index]
    assert value_name(label("Keyword", replace(pref, lettered=2)), OPTS) is None  # mostly numbers: no name


def test_a_nameless_record_between_two_of_a_kind_is_named_by_them_home_side_first() -> None:
    """A match holding its teams' names (homeTeam, awayTeam: 20 teams over 380 matches) and nothing that names it
    is called by its two sides, as people say it ("Arsenal v Leicester City"), not by its round ("Match 1" named
    ten matches); two of a kind that are a change of state (a status before and after) or two unrelated values name
    no sides."""
    from xgrag.schema.labels import parties, record_name

    match = label("Match", examples(stats("awayTeam", distinct=20, present=380), "AFC Bournemouth", "Arsenal FC"),
                  examples(stats("homeTeam", distinct=20, present=380), "AFC Bournemouth", "Arsenal FC"),
                  examples(stats("round", ("INTEGER",), distinct=38, present=380), "1", "2"),
                  examples(stats("FT", distinct=30, present=380), "0-0", "0-1"), sampled=380)
    assert parties(match, OPTS) == ["homeTeam", "awayTeam"]  # the home side first, though "away" sorts first
    parts, why, labelled = record_name(match, OPTS, None)
    assert parts == ["homeTeam", "awayTeam"] and labelled and "between" in why  # "Match Arsenal FC Leicester City FC"
    ticket = label("Ticket", examples(stats("status", distinct=3), "closed", "open"),
                   examples(stats("previousStatus", distinct=3), "closed", "open"))
    assert parties(ticket, OPTS) is None  # three states: no parties
    trip = label("Trip", examples(stats("rider", distinct=8), "Ann Lee", "Bo Chan"),
                 examples(stats("bike", distinct=8), "Red 12", "Blue 7"))
    assert parties(trip, OPTS) is None  # a rider and a bike are not two of a kind
    # (both name it, the rider repeating, but not as the two it is between)
    assert "between" not in record_name(trip, OPTS, None)[1]


def test_a_record_holding_only_measures_is_named_by_them_after_its_label() -> None:
    """A racket's accepted tension (minTension 22.67, maxTension 27.21, nothing else): "Tension 27.21 22.67", not
    "Tension" for all 18 of them, which a context read as one node holding every value."""
    from xgrag.schema.labels import record_name

    tension = label("Tension", examples(stats("maxTension", ("FLOAT",), distinct=9), "24.94", "25.85"),
                    examples(stats("minTension", ("FLOAT",), distinct=9), "18.14", "20.41"))
    assert record_name(tension, OPTS, None)[::2] == (["maxTension", "minTension"], True)  # type: ignore[index]
    link = label("Link")
    assert record_name(link, OPTS, None)[::2] == ([], True)  # type: ignore[index]  # nothing but relationships


def test_a_key_that_describes_its_node_is_a_fact_up_to_a_facts_length_and_says_what_is_not_read() -> None:
    # a repository's `description` (103 characters on average, up to 510): what "what is X's description" asks
    s = stats("description", max_len=510, avg_len=103)
    assert not_a_fact(s, OPTS) is None
    assert describe(s, 10).endswith("values over 300 characters (up to 510) are not read")
    assert not_a_fact(stats("shortBio", max_len=280, avg_len=150), OPTS) is None
    # other text of that length is still free text, and a description is too past a fact's length on average
    assert (not_a_fact(stats("notes", max_len=510, avg_len=103), OPTS) or "").startswith("free text: 103")
    assert (not_a_fact(stats("description", max_len=9000, avg_len=2400), OPTS) or "").startswith("free text: 2400")


def test_a_kind_every_node_shares_names_nothing_and_the_most_telling_value_does() -> None:
    from xgrag.schema.labels import record_name

    # 1,849 workflow files, all of file_type "workflow_source", with a hashed key: before, every one was named
    # "workflow_source"
    wf = label("WorkflowFile", examples(stats("workflow_file_id"), "f605f065820d19d31c5a983ad60a36fa8523a804",
                                        "f65472b61c87a72bb995005bfceb5ef7cf738e07"),
               examples(stats("file_type", distinct=1), "workflow_source"),
               examples(stats("engine", distinct=2), "snakemake", "nextflow"),
               examples(stats("path", distinct=9), "examples/c/src/Snakefile", ".test/Snakefile"))
    parts, _, labelled = record_name(wf, OPTS, "workflow_file_id")
    assert parts == ["path"] and labelled  # "WorkflowFile examples/c/src/Snakefile"
    # a kind that varies still says what each record is ("Burglary 1/08/2017", in the test above)
    wf.properties["file_type"] = examples(stats("file_type", distinct=3), "workflow_source", "config")
    assert record_name(wf, OPTS, "workflow_file_id")[0][0] == "file_type"


def test_a_name_of_numbers_comes_after_a_title_of_words() -> None:
    from xgrag.schema.labels import name_candidates

    # doctor-who (spent): Episode.episode (the label's own word) holds story numbers, its `title` the stories' titles
    ep = label("Episode", examples(stats("episode", present=246, distinct=224), "1", "10"),
               examples(stats("title", present=246, distinct=246), "An Unearthly Child", "Genesis of the Daleks"),
               sampled=246)
    assert name_candidates(ep, OPTS)[0][1] == ["title"]


def test_a_record_of_a_name_and_a_number_is_named_by_the_name_alone() -> None:
    from xgrag.schema.labels import record_name

    # hubei-tender-awards (spent): a Winner holds the company that won (284 distinct in 380: companies win several
    # tenders) and the price as text (373 distinct); named "Winner 0.90", no company could be linked
    winner = label("Winner", examples(stats("winning_company", present=380, distinct=284), "上海天华建筑设计有限公司",
                                      "中国铁建重工集团股份有限公司"),
                   examples(stats("winning_price", present=380, distinct=373), "0.00", "5272256.00"), sampled=380)
    parts, _, labelled = record_name(winner, OPTS, None)
    assert parts == ["winning_company"] and not labelled
    # names that mostly repeat are a kind, not a name: the most telling value still names the record, after its label
    winner.properties["winning_company"] = examples(stats("winning_company", present=380, distinct=40), "a", "b")
    parts, _, labelled = record_name(winner, OPTS, None)
    assert parts[0] == "winning_price" and labelled


def test_a_sight_is_named_by_its_text_not_by_the_web_address_of_its_photo() -> None:
    from xgrag.schema.labels import value_name

    # eu-rail-network's points of interest: a unique description (one example a single word, so not "in words")
    # and a unique link to a photo, whose key says a value ("link"): the text names them; a page known by its URL
    # alone is still named by it
    poi = label("POI", examples(stats("description"), "Atomium", "Burg (Castle) Frankenstein, Odenwald Mountains"),
                examples(stats("linkFoto"), "https://www.followmeaway.com/a.jpg", "https://www.followmeaway.com/b.jpg"))
    assert value_name(poi, OPTS)[0] == "description"  # type: ignore[index]
    page = label("Page", examples(stats("linkFoto"), "https://x.org/a.jpg", "https://x.org/b.jpg"))
    assert value_name(page, OPTS)[0] == "linkFoto"  # type: ignore[index]


def test_a_record_named_by_a_value_that_repeats_is_named_by_the_next_most_varied_value_too() -> None:
    from xgrag.schema.labels import record_name

    # openflights-routes: a Route node per airport pair holds the two airports' ids, its distance and stops; by the
    # id of the airport it leaves alone, "Route 16" named 40 routes, read as one route in a context
    route = label("Route", examples(stats("source_airport_id", ("INTEGER",), distinct=6), "1", "2"),
                  examples(stats("destination_airport_id", ("INTEGER",), distinct=5), "5", "4"),
                  examples(stats("stops", ("INTEGER",), distinct=1), "0"),
                  examples(stats("distance", ("FLOAT",)), "106.7", "183.5"))
    parts, why, labelled = record_name(route, OPTS, None)  # type: ignore[misc]
    assert parts == ["source_airport_id", "destination_airport_id"] and labelled and "repeats" in why
    # a value that tells records apart names them alone
    port = label("Port", examples(stats("port", ("INTEGER",), distinct=10), "80", "443"),
                 examples(stats("proto", distinct=2), "tcp", "udp"))
    assert record_name(port, OPTS, None)[0] == ["port"]


def test_a_record_named_by_a_kind_a_handful_of_values_spread_over_many_is_joined_by_its_most_varied_value() -> None:
    from xgrag.schema.labels import record_name

    # dutch-studies (spent): 2,313 study programmes, each of type HBO or WO; named by the type alone, nearly every
    # programme was "HBO". Its most varied readable value joins it; a kind that tells records apart names them alone.
    programme = label("Opleiding", examples(stats("type", present=100, distinct=2), "HBO", "WO"),
                      examples(stats("studie", present=100, distinct=60), "B Orthoptie", "M Sonologie"),
                      examples(stats("stad", present=100, distinct=30), "DELFT", "GOUDA"), sampled=100)
    parts, why, _ = record_name(programme, OPTS, None)  # type: ignore[misc]
    assert parts == ["type", "studie"] and "as type repeats" in why
    kinds = label("Opleiding", examples(stats("type", present=100, distinct=40), "HBO", "WO"),
                  examples(stats("studie", present=100, distinct=60), "B Orthoptie", "M Sonologie"), sampled=100)
    assert record_name(kinds, OPTS, None)[0] == ["type"]  # type: ignore[misc]


def test_a_record_named_by_a_copy_of_its_foreign_key_entity_s_name_is_named_after_its_label_too() -> None:
    """spotify-charts: an insertion_log node per track holds the track's TrackID and a copy of its TrackName; named
    by the TrackName alone, each log read as its track (its InsertionTimeStamp answered "how many times has X been
    played"). Named after its label too ("insertion_log Beautiful Things"); the track keeps its name."""
    from xgrag.schema.decide import decide_domain

    track = label("track", examples(stats("TrackID"), "t1", "t2"),
                  examples(stats("TrackName"), "Beautiful Things", "Snooze"))
    log = label("insertion_log", examples(stats("LogID"), "l1", "l2"), examples(stats("TrackID"), "t1", "t2"),
                examples(stats("TrackName"), "Beautiful Things", "Snooze"),
                examples(stats("InsertionTimeStamp", distinct=1), "2024-04-03 11:45:25"))
    profile = GraphProfile(nodes=20, relationships=0, labels={"track": track, "insertion_log": log}, types={},
                           constraints=[], indexes=[])
    named = {d.label: (d.name, d.label_in_name) for d in decide_domain(profile, OPTS)[0].entities}
    assert named["track"] == (["TrackName"], False)
    assert named["insertion_log"] == (["TrackName"], True)


def test_a_name_under_the_same_generic_key_as_its_foreign_key_entity_s_is_no_copy() -> None:
    """igdb-games (tune): a Platform's `name` beside its platform_family_id is the platform's own ("PlayStation 3"),
    not a copy of the family's, though both call the key `name`: no value shared, the key says no label. Named by
    it alone (it was "Platform PlayStation 3", answering "which console" with a name nobody types); a record whose
    sampled names are its owner's is still named after its label too."""
    from xgrag.schema.decide import decide_domain

    family = label("Platform_Family", examples(stats("platform_family_id"), "f1", "f2"),
                   examples(stats("name"), "Android", "Apple Macintosh"))

    def platform(*names: str) -> LabelProfile:
        return label("Platform", examples(stats("platform_id"), "p1", "p2"),
                     examples(stats("platform_family_id"), "f1", "f2"), examples(stats("name"), *names))

    for names, labelled in ((("Acorn Archimedes", "Amazon Fire TV"), False), (("Android", "Amazon Fire TV"), True)):
        profile = GraphProfile(nodes=20, relationships=0, labels={"Platform_Family": family,
                                                                  "Platform": platform(*names)},
                               types={}, constraints=[], indexes=[])
        named = {d.label: (d.name, d.label_in_name) for d in decide_domain(profile, OPTS)[0].entities}
        assert named["Platform"] == (["name"], labelled), names
        assert named["Platform_Family"] == (["name"], False)


def test_where_a_name_is_set_on_some_nodes_a_first_name_most_have_names_the_others() -> None:
    """royal92 (spent): a genealogy's `name` joins first and last name, so persons without a surname have none; their
    `first` ("Elizabeth of_York") names them, not their label and key ("Person @I774@")."""
    from dataclasses import replace

    from xgrag.schema.decide import decide_domain

    person = label("Person", examples(stats("id"), "@I1@", "@I2@"), examples(stats("first"), "Elizabeth of_York"),
                   examples(stats("birth", ("INTEGER",), distinct=9), "1466"))
    person.properties["name"] = replace(examples(stats("name"), "Henry_VIII Tudor"), present=4, distinct=4)
    profile = GraphProfile(nodes=10, relationships=0, labels={"Person": person}, types={}, constraints=[],
                           indexes=[])
    (decided,) = decide_domain(profile, OPTS)[0].entities
    assert (decided.name, decided.name_fallback) == (["name"], ["first"])
    # (without a first name most nodes have, the others keep their label and key)
    del person.properties["first"]
    (decided,) = decide_domain(profile, OPTS)[0].entities
    assert (decided.name, decided.name_fallback) == (["name"], [])


def test_a_property_that_repeats_the_node_s_label_is_no_fact() -> None:
    """china-intangible-heritage (spent): every node holds `type`, a copy of its label ("Organization"); a fact of it
    answered "which item does X protect" with "Organization". A kind that varies stays a fact."""
    from xgrag.schema.decide import decide_domain

    org = label("Organization", examples(stats("name"), "中国嵩山少林寺", "北方昆曲剧院"),
                examples(stats("type", distinct=1), "Organization"), examples(stats("kind", distinct=3), "museum"))
    profile = GraphProfile(nodes=10, relationships=0, labels={"Organization": org}, types={}, constraints=[],
                           indexes=[])
    (decided,) = decide_domain(profile, OPTS)[0].entities
    assert [f.key for f in decided.facts] == ["kind"]
    assert any(x.key == "type" and "repeats the node's label" in x.reason for x in decided.excluded)


def test_an_identifier_people_cite_is_linked_as_typed_and_stays_a_fact() -> None:
    """A register's letters are named by label and date ("Letter 1453-04-04"); users cite them by their id
    ("BER4257"): an id-named property of such codes is another name, linked as typed, and a fact; a generated id
    ("t1", "user_42") is neither. A theme, however unique and short, is what a node is about, never a name."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.labels import alias_properties, cited_code

    letter = label("Letter", examples(stats("id"), "3. 1449 Juni 11 bis Juli 9", "BER1", "BER1005"),
                   examples(stats("theme"), "Allexius Haller anrurend.", "Brief"),
                   examples(stats("isoStartDate", ("DATE",), distinct=9), "1449-04-16", "1449-05-14"))
    assert cited_code(letter.properties["id"])
    assert [a for a, _ in alias_properties(letter, OPTS, ["isoStartDate"])] == ["id"]
    for values in (("t1", "t2"), ("user_42", "user_43"), ("A10", "A11")):
        assert not cited_code(examples(stats("id"), *values)), values
    profile = GraphProfile(nodes=10, relationships=0, labels={"Letter": letter}, types={}, constraints=[], indexes=[])
    decided = decide_domain(profile, OPTS)[0]
    assert "id" in {f.key for f in decided.entities[0].facts if f.fact}


def test_the_key_of_nodes_whose_name_repeats_stays_a_fact_that_tells_them_apart() -> None:
    """Two hosts called "Homo sapiens" or two customers called Whoopi are told apart by their key: it stays a fact,
    seen beside the name and asked about ("what is the tax id of ..."), though its name says an identifier. Where the
    name tells the nodes apart, the key is no fact, as before."""
    from xgrag.schema.decide import decide_domain

    def facts(name_distinct: int) -> set[str]:
        host = label("Host", stats("hostName", distinct=name_distinct), stats("hostTaxID", ("INTEGER",),
                                                                             max_len=None, avg_len=None, min_len=None),
                     stats("lineage"))
        profile = GraphProfile(nodes=10, relationships=0, labels={"Host": host}, types={}, constraints=[],
                               indexes=[])
        decided = decide_domain(profile, OPTS)[0].entities[0]
        assert decided.name == ["hostName"] and decided.key == "hostTaxID"
        return {f.key for f in decided.facts if f.fact}

    assert "hostTaxID" in facts(8)
    assert "hostTaxID" not in facts(10)


def test_a_name_key_in_another_language_names_the_nodes() -> None:
    """indonesia-establishments (spent): an establishment's `nama` is its name; read as no name key, its address
    (`alamat`, also unique) named every establishment and "PT Advanced Packaging Solution" linked nothing."""
    from xgrag.schema.labels import name_key

    assert all(name_key(k) for k in ("nama", "Nama", "nazwa", "naziv", "judul", "nome", "titre"))
    firm = label("Perusahaan", examples(stats("alamat"), "Jl. Raden Saleh No. 45 G, Cikini", "BATAM, Belian"),
                 examples(stats("nama"), "PT Abadinusa Usahasemesta", "PT Advanced Packaging Solution"))
    assert name_candidates(firm, OPTS)[0][1] == ["nama"]


def test_a_property_left_out_as_an_identifier_is_one_of_the_mapping_s_identifiers() -> None:
    """sri-lanka-ministries (spent): a department's gazette `id` ("2610/11_dep_99") is no fact of every context, but
    "what is the gazette id of X" asks for it: the mapping lists it under `identifiers`, which the retriever states
    for a question that names them; the key and facts are not listed again."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.emit import _entity

    dept = label("department", examples(stats("name"), "Sri Lanka Customs", "Department of Meteorology"),
                 examples(stats("id"), "2610/11_dep_99", "2610/11_dep_153"),
                 examples(stats("budget", ("INTEGER",), max_len=None, avg_len=None, min_len=None), "12", "40"))
    profile = GraphProfile(nodes=10, relationships=0, labels={"department": dept}, types={}, indexes=[],
                           constraints=[SchemaObject("department_name_unique", "UNIQUENESS", "NODE", ("department",),
                                                     ("name",))])
    decided = decide_domain(profile, OPTS)[0].entities[0]
    assert decided.key == "name" and decided.name == ["name"] and [f.key for f in decided.facts] == ["budget"]
    assert decided.identifiers == ["id"] and decided.table()["identifiers"] == ["id"]
    assert any(line.startswith('identifiers = ["id"]') for line in _entity(decided))
    # no identifier left out: no `identifiers` field
    plain = label("department", examples(stats("name"), "Sri Lanka Customs", "Department of Meteorology"))
    decided = decide_domain(GraphProfile(10, 0, {"department": plain}, {}, [], []), OPTS)[0].entities[0]
    assert decided.identifiers == [] and "identifiers" not in decided.table()


def test_a_relationship_property_that_repeats_its_type_is_no_fact() -> None:
    """human1-metabolism (spent): every catalyzes relationship stores {type: 'catalyzes'}; as a fact it answered "which
    gene catalyzes X" with "catalyzes". A property with other values, or several, stays a fact."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.profile import TypeProfile

    gene = label("Gene", examples(stats("symbol"), "GCLC", "AASS"))
    reaction = label("Reaction", examples(stats("rid"), "R_HMR_4324", "R_HMR_4667"))

    def decided(*props: PropertyStats) -> list[str]:
        tp = TypeProfile("catalyzes", count=10, sampled=10, properties={p.key: p for p in props},
                         ends={(("Gene",), ("Reaction",)): 10})
        profile = GraphProfile(nodes=20, relationships=10, labels={"Gene": gene, "Reaction": reaction},
                               types={"catalyzes": tp}, constraints=[], indexes=[])
        t = next(t for t in decide_domain(profile, OPTS)[0].types if t.type == "catalyzes")
        return [f.key for f in t.facts]

    assert decided(examples(stats("type", distinct=1), "catalyzes", "catalyzes")) == []
    assert decided(examples(stats("type", distinct=2), "catalyzes", "inhibits")) == ["type"]
    assert decided(examples(stats("evidence", distinct=1), "manual", "manual")) == ["evidence"]


def test_a_title_told_apart_by_its_year_keeps_the_year_a_fact() -> None:
    # nba-six-dribbles (spent): one Team node per season, "WAS" and "2001-2002" composed into "WAS 2001-2002"; the
    # season is asked ("which season is CHO in"); the title is no alias (every edition would link by it)
    from xgrag.schema.decide import decide_domain

    team = label("Team", examples(stats("name", distinct=3), "WAS", "ORL"),
                 examples(stats("year", distinct=6), "2001-2002", "2014-2015"))
    profile = GraphProfile(nodes=10, relationships=0, labels={"Team": team}, types={}, constraints=[], indexes=[])
    decided = decide_domain(profile, OPTS)[0].entities[0]
    assert decided.name == ["name", "year"] and decided.aliases == []
    assert {f.key for f in decided.facts if f.fact} == {"year"}


def test_a_record_known_by_its_key_alone_states_its_short_text_as_a_fact() -> None:
    """A tweet named "Tweet <tweet_id>" is known to its readers by what it says (russian-troll-tweets, spent: its
    `text`, 103 characters on average, was free text out of the mapping, and "the tweet saying ..." found nothing):
    a nameless label's text no longer than a fact on average is a fact; a named label's is still free text, and so
    is a nameless label's text longer than a fact."""
    from xgrag.schema.decide import decide_domain

    tweet = label("Tweet", stats("tweet_id", ("INTEGER",), max_len=None, avg_len=None, min_len=None),
                  examples(stats("text", max_len=247, avg_len=103),
                           "Nancy Pelosi spent 2 minutes blasting Mike Flynn for tweets from a fake account "
                           "@GenMikeFlynn",
                           "Gary Cohen should be fired immediately for his public attack on the President"))
    note = label("Note", examples(stats("noteId"), "1", "2"), stats("body", max_len=4000, avg_len=1200))
    person = label("Person", stats("name"), stats("notes", max_len=247, avg_len=103))
    from xgrag.schema.profile import TypeProfile

    # (three ways to other labels: a record, not a chunk of text)
    ways = {t: TypeProfile(t, count=10, sampled=10, ends={(("User",), (label_,)): 10})
            for t, label_ in (("POSTED", "Tweet"), ("HAS_TAG", "Tweet"), ("WROTE", "Note"))}
    ways.update({t: TypeProfile(t, count=10, sampled=10, ends={((label_,), ("Hashtag",)): 10})
                 for t, label_ in (("TAGGED", "Tweet"), ("ABOUT", "Note"), ("TOPIC", "Note"))})
    users = label("User", stats("name"))
    tags = label("Hashtag", stats("tag"))
    profile = GraphProfile(nodes=50, relationships=60, labels={"Tweet": tweet, "Note": note, "Person": person,
                                                               "User": users, "Hashtag": tags},
                           types=ways, constraints=[], indexes=[])
    decided = {d.label: d for d in decide_domain(profile, OPTS)[0].entities}
    assert decided["Tweet"].naming == "key" and [f.key for f in decided["Tweet"].facts] == ["text"]
    assert [f.key for f in decided["Note"].facts] == []
    assert [f.key for f in decided["Person"].facts] == []


def test_the_head_of_the_label_s_compound_names_its_nodes() -> None:
    # russian-troll-tweets (spent): a Hashtag's `tag` ("FlynnResignation"), not its archived URL
    hashtag = label("Hashtag", stats("tag"), stats("archived_url", max_len=90, avg_len=70))
    assert name_candidates(hashtag, OPTS)[0][1] == ["tag"]
    assert name_candidates(label("Hashtag", stats("hash"), stats("archived_url", max_len=90, avg_len=70)), OPTS) == []


def test_without_a_key_a_name_most_nodes_have_names_them_and_the_others_keep_their_label() -> None:
    """nc-bird-conservation (spent): two of three WorkingGroup nodes have a `name` and there is no key; all three were
    read as "WorkingGroup", and a question naming what one of them wrote was answered with another organisation.
    The name names the nodes that have it; below half of the sample (one NBA team-season in 32) it does not."""
    from dataclasses import replace

    from xgrag.schema.decide import decide_domain
    from xgrag.schema.labels import sparse_name

    group = label("WorkingGroup", sampled=3)
    group.properties["name"] = replace(
        examples(stats("name"), "AFWA Migratory Shore and Upland Game Bird Working Group"), present=2, distinct=2)
    profile = GraphProfile(nodes=3, relationships=0, labels={"WorkingGroup": group}, types={}, constraints=[],
                           indexes=[])
    (decided,) = decide_domain(profile, OPTS)[0].entities
    assert (decided.key, decided.name, decided.naming, decided.label_in_name) == (None, ["name"], "name", False)
    assert "named by their label" in decided.name_reason
    # (... and where a first name most nodes have is set, the others are named by it, as the reason says)
    group.properties["first"] = examples(stats("first", present=3, distinct=1), "Loggerhead")
    (decided,) = decide_domain(profile, OPTS)[0].entities
    assert (decided.name, decided.name_fallback) == (["name"], ["first"])
    assert "the others by first" in decided.name_reason and "named by their label" not in decided.name_reason
    del group.properties["first"]
    assert sparse_name(group, OPTS) is None  # with a key, two nodes are too few (SPARSE_NAME_MIN)
    season = label("ATL", sampled=32)
    season.properties["name"] = replace(examples(stats("name"), "Atlanta Hawks"), present=1, distinct=1)
    assert sparse_name(season, OPTS, keyed=False) is None
    season.properties["name"] = replace(season.properties["name"], present=15, distinct=15)
    assert sparse_name(season, OPTS, keyed=False) is None  # 15 of 32: under half
    season.properties["name"] = replace(season.properties["name"], present=16, distinct=16)
    assert sparse_name(season, OPTS, keyed=False) is not None


def test_named_articles_of_a_long_text_are_entities_and_passages_stay_chunks() -> None:
    from xgrag.schema.labels import classify_labels
    long_text = {"max_len": 2000, "avg_len": 770.0, "min_len": 200}
    # a code's articles: a title of its own on each, 770 characters of content, no embedding (vietnam-codes, spent)
    article = label("Dieu", stats("title", avg_len=40.0, max_len=90), stats("content", **long_text),
                    stats("number", distinct=6))
    # passages: no name; a titled passage with an embedding beside its text is retrieved by vector: chunks
    passage = label("Passage", stats("content", **long_text), stats("position"))
    embedded = label("Section", stats("title", avg_len=40.0, max_len=90), stats("text", **long_text),
                     stats("embedding", ("LIST<FLOAT>",), max_len=384, avg_len=384, min_len=384))
    # the same articles sharing their document's title: no name of their own
    shared = label("Clause", stats("title", distinct=2), stats("content", **long_text))
    labels = {lp.label: lp for lp in (article, passage, embedded, shared)}
    profile = GraphProfile(nodes=40, relationships=0, labels=labels, types={}, constraints=[], indexes=[])
    entities, chunks, _ = classify_labels(profile, OPTS)
    assert entities == ["Dieu"] and sorted(chunks) == ["Clause", "Passage", "Section"]


def test_a_key_written_in_chinese_letters_that_ends_in_name_is_a_name() -> None:
    # a stock named by its code beside its 股票名称 (the stock's name): the name names it (china-stock-concepts, spent)
    stock = label("股票", stats("TS代码"), stats("股票名称"), stats("行业", distinct=4))
    assert name_candidates(stock, OPTS)[0][1] == ["股票名称"]
    # ... of another label's word too, after a label's own; "排名" (a rank) ends in no name word
    concept = label("概念", stats("概念代码"), stats("板块名称"), stats("排名"))
    assert [keys for _, keys, _ in name_candidates(concept, OPTS)] == [["板块名称"]]


def _relation_types(*props: PropertyStats, rtype: str = "RITUAL", sampled: int = 10) -> tuple[str | None, list[str]]:
    """(the relation property, the facts) decided for one relationship type between two named labels."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.profile import TypeProfile

    deity = label("Deity", examples(stats("name"), "天照大御神", "織田信長"))
    shrine = label("Shrine", examples(stats("name"), "建勲神社", "青葉神社"))
    tp = TypeProfile(rtype, count=sampled, sampled=sampled, properties={p.key: p for p in props},
                     ends={(("Deity",), ("Shrine",)): sampled})
    profile = GraphProfile(nodes=20, relationships=sampled, labels={"Deity": deity, "Shrine": shrine},
                           types={rtype: tp}, constraints=[], indexes=[])
    decided = decide_domain(profile, OPTS)[0]
    t = next(t for t in decided.types if t.type == rtype)
    return t.relation, [f.key for f in t.facts]


def test_a_relationship_property_naming_each_relationships_relation_is_its_label() -> None:
    """japanese-mythology (spent): its types group relations (RITUAL, LINEAGE) and `relation_type` names each one
    ("primary_deity_of", "parent_of"); read as facts of a RITUAL, "who is the main deity of X" met no relation."""
    vocabulary = examples(stats("relation_type", present=1000, distinct=4, max_len=16), "enshrined_at",
                          "performed_at", "primary_deity_of")
    notes = examples(stats("notes", present=1000, distinct=300, max_len=40), "Sprint11", "主祭神誤登録")
    assert _relation_types(vocabulary, notes, sampled=1000) == ("relation_type", ["notes"])
    # ... under a generic key ("type", "name") only where its values are relation identifiers joined by "_"
    generic = examples(stats("type", present=1000, distinct=4, max_len=16), "WORKS_AT", "parent_of")
    assert _relation_types(generic, sampled=1000) == ("type", [])
    kinds = examples(stats("type", present=1000, distinct=3, max_len=10), "checking", "savings")
    assert _relation_types(kinds, sampled=1000) == (None, ["type"])
    # not a vocabulary: a value per relationship, text, or set on few of them
    many = examples(stats("relation", present=1000, distinct=900, max_len=16), "a_b", "c_d")
    sentence = examples(stats("relation", present=1000, distinct=4, max_len=200), "a", "b")
    rare = examples(stats("predicate", present=500, distinct=4, max_len=16), "parent_of", "sibling_of")
    for prop in (many, sentence, rare):
        assert _relation_types(prop, sampled=1000) == (None, [prop.key])


def test_the_relation_property_is_written_to_the_toml_and_loads(tmp_path: Path) -> None:
    from xgrag.schema.decide import TypeDecision
    from xgrag.schema.emit import _relationship

    t = TypeDecision("RITUAL", 10, 10, ["Deity -> Shrine"], False, "", relation="relation_type",
                     relation_reason="names each relationship's relation")
    text = "\n".join(_relationship(t))
    assert 'relation = "relation_type"' in text and "names each relationship's relation" in text
    assert t.table() == {"type": "RITUAL", "relation": "relation_type", "facts": []}
    path = tmp_path / "x.toml"
    path.write_text('[schema]\npreset = "domain"\n[[schema.entities]]\nlabel = "Deity"\nname = ["name"]\n' + text
                    + "\n")
    schema = load_settings(path).graph_schema
    assert [(r.type, r.relation) for r in schema.relationships] == [("RITUAL", "relation_type")]


def test_a_canonical_name_that_repeats_still_names_its_nodes() -> None:
    """japanese-mythology (spent): its regions' `canonical_name` repeats over placeholder clusters (280 distinct in
    347), and every region was named as a record ("ancient_country 2026-05-25T00:00:00 REGION-豊前国")."""
    region = label("Region", examples(stats("canonical_name", present=347, distinct=280), "三河国", "豊前国"),
                   stats("master_id", present=347, distinct=347), stats("region_type", present=347, distinct=6),
                   sampled=347)
    assert name_candidates(region, OPTS)[0][1] == ["canonical_name"]
    # a name of another kind that repeats does not ("nickname")
    other = label("Region", examples(stats("nick_name", present=347, distinct=280), "三河", "豊前"),
                  stats("region_type", present=347, distinct=6), sampled=347)
    assert name_candidates(other, OPTS) == []


def test_the_identifiers_of_other_nodes_are_no_facts_though_people_cite_codes() -> None:
    """`main_deity_ids` "DEI-538" (japanese-mythology, spent) answered "who is the main deity of X" with the code: a
    property that holds other nodes' identifiers is an identifier (stated when a question names it), while a node's
    own cited code stays a fact."""
    from xgrag.schema.decide import decide_domain
    from xgrag.schema.profile import ids_named

    assert ids_named("main_deity_ids") and ids_named("memberIds") and not ids_named("ids") \
        and not id_named("main_deity_ids")
    shrine = label("Shrine", examples(stats("name"), "青葉神社", "建勲神社"),
                   examples(stats("main_deity_ids"), "DEI-538", "DEI-5"),
                   examples(stats("shrine_code"), "SHR-1006", "SHR-5"))
    profile = GraphProfile(nodes=10, relationships=0, labels={"Shrine": shrine}, types={}, constraints=[], indexes=[])
    decided = decide_domain(profile, OPTS)[0].entities[0]
    assert [f.key for f in decided.facts] == ["shrine_code"]
    assert decided.identifiers == ["main_deity_ids"]


def test_a_list_written_as_one_text_names_nothing() -> None:
    # singapore-boards (spent): an institution's `name` holds its board members joined by ";", its own name under
    # the label's word `sti`; the member list was its name, and "which bank is X a director of" answered with it
    members = replace(stats("name", max_len=700, avg_len=170, short=8),
                      examples=("Ang Kong Hua;Tham Kui Seng;Ajaib Haridass", "Ben Keswick;John Witt;Yiu Kai Pang"))
    company = label("sti", members, replace(stats("sti"), examples=("Keppel Corporation", "M1")))
    assert [c[1] for c in name_candidates(company, OPTS)] == [["sti"]]
    # a name with one ";" in it is still one
    one = replace(stats("name"), examples=("Smith; John", "Doe; Jane"))
    assert name_candidates(label("Person", one), OPTS)[0][1] == ["name"]
