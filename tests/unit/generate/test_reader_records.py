"""The reference reader on records and namesakes: a record named by its type and a date answers "when" with the date;
two nodes of one name are told apart by a number of theirs the question types. Each case is one that
computer-history or vietnam-land-law (spent) answered wrongly."""

from __future__ import annotations

from fakes import ConstantEmbedder
from xgrag.generate.base import Fact
from xgrag.generate.extractive import ExtractiveReader
from xgrag.retrieval.words import labelled_date, stem, value_kind


def _read(question: str, facts: list[Fact]) -> str:
    return ExtractiveReader(ConstantEmbedder()).generate("", question=question, facts=tuple(facts)).text


def test_a_record_named_by_its_type_and_a_year_states_that_year() -> None:
    assert labelled_date("Year 1957", "year") == "1957"
    assert labelled_date("Year of the Dragon", "year") is None and labelled_date("1957", "year") is None
    assert value_kind("Year 1957", "date", "year") and not value_kind("Year 1957", "date", "company")


def test_when_is_answered_by_the_year_record_a_relation_the_question_says_reaches() -> None:
    # computer-history (spent): "when was Control Data Corporation founded" was answered with a machine's year of
    # introduction, the Year record FOUNDED reaches being no date
    facts = [Fact("f", "Control Data Corporation", "FOUNDED", "Year 1957", head_type="Company", tail_type="Year"),
             Fact("m", "Control Data Corporation", "MANUFACTURER", "1700", head_type="Company", tail_type="System"),
             Fact("i", "1700", "introduced", "1965", "property", None, head_type="System")]
    assert _read("When was Control Data Corporation founded?", facts) == "1957."


def test_namesakes_are_told_apart_by_a_number_of_theirs_the_question_types() -> None:
    # vietnam-land-law (spent): two articles named "Đất tín ngưỡng", one of each law; the question names the 2024 law
    facts = [Fact("4:a:803#article_number", "Đất tín ngưỡng", "article_number", "160", "property", None,
                  head_type="Article"),
             Fact("4:a:803#law_year", "Đất tín ngưỡng", "law_year", "2013", "property", None, head_type="Article"),
             Fact("4:a:2340#article_number", "Đất tín ngưỡng", "article_number", "212", "property", None,
                  head_type="Article"),
             Fact("4:a:2340#law_year", "Đất tín ngưỡng", "law_year", "2024", "property", None, head_type="Article")]
    assert _read("Đất tín ngưỡng được quy định tại điều số mấy của Luật Đất đai 2024?", facts) == "212."
    assert _read("Đất tín ngưỡng được quy định tại điều số mấy của Luật Đất đai 2013?", facts) == "160."


def test_a_family_asked_is_the_category_a_thing_is_in() -> None:
    # nist-controls (spent): "which control family does Time Stamps belong to" was answered with a related control
    facts = [Fact("c", "Audit and Accountability", "CATEGORY_DET", "Time Stamps", head_type="Category",
                  tail_type="Control"),
             Fact("r", "Time Stamps", "RELATED_CONTROL", "System Time Synchronization", head_type="Control",
                  tail_type="Control")]
    assert _read("Which control family does Time Stamps belong to?", facts) == "Audit and Accountability."


def test_an_entity_named_by_the_words_its_code_abbreviates_is_asked_about_not_named() -> None:
    from fakes import ConstantEmbedder
    from xgrag.generate.base import Fact
    from xgrag.generate.extractive import ExtractiveReader

    def read(question: str, facts: list[Fact]) -> str:
        return ExtractiveReader(ConstantEmbedder()).generate("", question=question, facts=tuple(facts)).text
    # a process named by its abbreviation and number, its long name another name it holds (tmf-frameworx, spent)
    facts = [Fact("ln", "DSP 1.1.9.2", "longName", "Develop Sales Proposal", "property", None, head_type="Process"),
             Fact("sub", "Selling 1.1.9", "Sub_Process", "DSP 1.1.9.2", head_type="Process", tail_type="Process"),
             Fact("own", "DSP 1.1.9.2", "owner", "Sales Department", "property", None, head_type="Process")]
    assert read("Which process is Develop Sales Proposal a part of?", facts) == "Selling 1.1.9."
    assert read("Who is the owner of Develop Sales Proposal?", facts) == "Sales Department."
    # ... the short form asked is its name; a code ("SD") typed is still what the name stands for
    assert read("What is the abbreviation of Develop Sales Proposal?", facts) == "DSP 1.1.9.2."
    coded = [Fact("sn", "Strategic Defense", "shortName", "SD", "property", None, head_type="Program"),
             Fact("own", "Strategic Defense", "owner", "Army", "property", None, head_type="Program")]
    assert read("What does SD stand for?", coded) == "Strategic Defense."


def _nutrients() -> list[Fact]:
    food = "Đậu xanh ( Đậu tắt)"
    facts = [Fact(f"4:a:63#{k}", food, k, v, "property", None, head_type="Ingredient")
             for k, v in (("fat_g", "2.4"), ("fiber_g", "4.7"), ("protein_g", "23.4"), ("water_g", "14.0"),
                          ("carb_g", "53.1"), ("sodium_mg", "6.0"), ("iron_mg", "4.8"))]
    facts += [Fact("5:a:2330#value", "Chất xơ (Fiber)", "value", "26.0", "property",
                   ("HAS_NUTRIENT", "Đậu đen"), head_type="Nutrient"),
              Fact("5:a:2330", "Đậu đen", "HAS_NUTRIENT", "Chất xơ (Fiber)", head_type="Ingredient",
                   tail_type="Nutrient")]
    return facts


def test_a_named_entity_a_key_of_another_says_is_that_key_asked_where_nothing_ties_them() -> None:
    # vietnam-nutrition (spent): once the nutrient "Chất xơ (Fiber)" was linked beside the beans, its words were
    # the question's own names and stated no key: the beans' fat was answered for their fibre
    assert _read("Hàm lượng chất xơ trong đậu xanh là bao nhiêu?", _nutrients()) == "4.7."


def test_the_words_that_ask_abbreviate_no_key() -> None:
    # vietnam-nutrition (spent): "bao nhiêu gam" reads "how much gam", whose initials are a key's "mg": the rice's
    # sodium in mg was answered for its carbohydrate ("glucid") in grams
    facts = [Fact(f"4:a:6#{k}", "Gạo tẻ máy", k, v, "property", None, head_type="Ingredient")
             for k, v in (("sodium_mg", "5.0"), ("iron_mg", "1.3"), ("carb_g", "75.9"), ("fat_g", "1.0"))]
    assert _read("100 gam gạo tẻ máy chứa bao nhiêu gam glucid?", facts) == "75.9."


def test_a_chain_through_an_entity_the_question_names_by_a_part_of_its_name_is_read_first() -> None:
    # nist-controls (spent): "the Inactivity Logout enhancement of Account Management" names the enhancement
    # "Account Management | Inactivity Logout", which linking did not link; another way from Account Management
    # was read instead. Here the other enhancements' facts come first in every order but this rule's.
    am, il = "Account Management", "Account Management | Inactivity Logout"
    facts = [Fact("z1", am, "ENHANCEMENT_DET", il, head_type="Control", tail_type="Enhancement"),
             Fact("z2", il, "RELATED_CONTROL", "Device Lock", head_type="Enhancement", tail_type="Control")]
    for i in range(2):
        other = f"Account Management | Option {i}"
        facts += [Fact(f"a{i}", am, "ENHANCEMENT_DET", other, head_type="Control", tail_type="Enhancement"),
                  Fact(f"b{i}", other, "RELATED_CONTROL", f"Control {i}", head_type="Enhancement",
                       tail_type="Control")]
    assert _read("Which control is the Inactivity Logout enhancement of Account Management related to?",
                 facts) == "Device Lock."
    # a part of one word, or words of a name the question links, name nothing by this rule
    assert _read("Which control is the Option enhancement of Account Management related to?", facts) != "Device Lock."


def test_a_kind_in_brackets_ending_a_name_is_no_part_the_question_names_it_by() -> None:
    # kpop-network (spent): "AOA Cream là nhóm nhỏ của nhóm nhạc nào" (which band is AOA Cream a subgroup of) asks
    # the kind "nhóm nhạc" that "Classy (nhóm nhạc)" is; a chain through Classy to a key saying "nhóm nhỏ của"
    # was read first
    from xgrag.generate.extractive import _Reading
    facts = [Fact("z", "AOA Cream", "SUBUNIT_OF", "AOA", head_type="Group", tail_type="Group"),
             Fact("a", "AOA Cream", "MANAGED_BY", "Universal Music Japan", head_type="Group", tail_type="Company"),
             Fact("b", "Universal Music Japan", "MANAGED_BY", "Classy (nhóm nhạc)", head_type="Company",
                  tail_type="Group"),
             Fact("4:c:1#nhom_nho_cua", "Classy (nhóm nhạc)", "nhom_nho_cua", "My Teenage Girl", "property", None,
                  head_type="Group")]
    question = "AOA Cream là nhóm nhỏ của nhóm nhạc nào?"
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)
    assert "Classy (nhóm nhạc)" not in reading._named_in_part
    # a name whose parts before its brackets the question says is still named in part
    named = _Reading(ExtractiveReader(ConstantEmbedder()), "Which company manages the Night Shift of AOA Cream?",
                     [Fact("m", "AOA Cream | Night Shift (band)", "MANAGED_BY", "X", head_type="Group",
                           tail_type="Company"), *facts])
    assert "AOA Cream | Night Shift (band)" in named._named_in_part


def test_a_key_named_as_the_type_of_its_holders_numbers_them() -> None:
    # doctor-who (spent): "the number of the story in which Cassandra appears" is the story's `episode` 158 (its
    # label's own word), not the story
    facts = [Fact("a", "Cassandra", "APPEARED_IN", "The End of the World", head_type="Character",
                  tail_type="Episode"),
             Fact("c", "Cassandra", "COMES_FROM", "Earth", head_type="Character", tail_type="Planet"),
             Fact("4:e:1#episode", "The End of the World", "episode", "158", "property", None, head_type="Episode"),
             Fact("4:e:1#title", "The End of the World", "title", "The End of the World", "property", None,
                  head_type="Episode")]
    assert _read("What is the number of the story in which Cassandra appears?", facts) == "158."
    assert _read("In which story does Cassandra appear?", facts) == "The End of the World."


def test_the_distance_between_two_named_places_is_their_tie_s_key() -> None:
    # sri-lanka-travel (spent): "distance" is the word of HAS_DISTANCE between the two towns named, and was read as
    # what the question already knows; "kilometres" met no `Distance_in_KM`; another town's distance was answered
    facts = [Fact("z1", "Trincomalee", "HAS_DISTANCE", "Jaffna", head_type="Area", tail_type="Area"),
             Fact("z1#Distance_in_KM", "Trincomalee", "Distance_in_KM", "233.0", "property",
                  ("HAS_DISTANCE", "Jaffna"), head_type="Area"),
             Fact("a0", "Trincomalee", "HAS_DISTANCE", "Anuradhapura", head_type="Area", tail_type="Area"),
             Fact("a0#Distance_in_KM", "Trincomalee", "Distance_in_KM", "106.0", "property",
                  ("HAS_DISTANCE", "Anuradhapura"), head_type="Area"),
             Fact("a1", "Anuradhapura", "HAS_DISTANCE", "Jaffna", head_type="Area", tail_type="Area")]
    question = "What is the distance in kilometres between Trincomalee and Jaffna?"
    assert _read(question, facts) == "233.0."
    # (the words the reader reads as asking: the tie's own word, which its key says too, and the key's unit)
    from xgrag.generate.extractive import _Reading
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)
    assert {stem("distance"), "km"} <= reading.q_stems


def test_where_a_thing_is_is_not_what_is_near_it() -> None:
    # sri-lanka-travel (spent): "where is the Palmstone Retreat" was answered with its `Nearby Places`
    facts = [Fact("4:p:1#Nearby Places", "Palmstone Retreat", "Nearby Places",
                  "Moksha at Kitulgala, Kitulgala Water Rafting, Serendib Adventures", "property", None,
                  head_type="Accomadation"),
             Fact("5:p:2", "Palmstone Retreat", "HAS_ACCOMADATION", "Kitulgala", head_type="Accomadation",
                  tail_type="Area")]
    assert _read("Where is the Palmstone Retreat?", facts) == "Kitulgala."
    assert _read("Which places are near the Palmstone Retreat?", facts).startswith("Moksha")


def test_a_linked_name_between_which_and_a_noun_qualifies_the_noun() -> None:
    # cis-controls (spent): "which Network Infrastructure Management safeguard" asks for a safeguard of that
    # control, not for an "infrastructure"; a safeguard three steps away was answered
    ctl, ig1 = "Network Infrastructure Management", "IG1"
    facts = [Fact("a1", ctl, "CONTROL_HAS_SAFEGUARD", "Securely Manage Network Infrastructure", head_type="Control",
                  tail_type="Safeguard"),
             Fact("a2", "Securely Manage Network Infrastructure", "SAFEGUARD_BELONGS_TO_IMPLEMENTATION_GROUP", "IG2",
                  head_type="Safeguard", tail_type="ImplementationGroup"),
             Fact("z1", ctl, "CONTROL_HAS_SAFEGUARD", "Ensure Network Infrastructure is Up-to-Date",
                  head_type="Control", tail_type="Safeguard"),
             Fact("z2", "Ensure Network Infrastructure is Up-to-Date", "SAFEGUARD_BELONGS_TO_IMPLEMENTATION_GROUP", ig1,
                  head_type="Safeguard", tail_type="ImplementationGroup"),
             Fact("z3", "Ensure Network Infrastructure is Up-to-Date", "SAFEGUARD_BELONGS_TO_IMPLEMENTATION_GROUP",
                  "IG2", head_type="Safeguard", tail_type="ImplementationGroup")]
    question = "Which Network Infrastructure Management safeguard is in implementation group IG1?"
    from xgrag.generate.extractive import _Reading
    reading = _Reading(ExtractiveReader(ConstantEmbedder()), question, facts)
    assert reading.wh_noun == "safeguard"
    assert _read(question, facts) == "Ensure Network Infrastructure is Up-to-Date."


def test_what_a_rule_requires_is_its_description() -> None:
    # cis-controls (spent): "what does the safeguard Use Unique Passwords require" was answered with its asset class
    facts = [Fact("6:s:1#description", "Use Unique Passwords", "description",
                  "Use unique passwords for all enterprise assets.", "property", None, head_type="Safeguard"),
             Fact("5:s:2", "Use Unique Passwords", "SAFEGUARD_APPLIES_TO_ASSET", "Users", head_type="Safeguard",
                  tail_type="AssetClass")]
    question = "What does the safeguard Use Unique Passwords require?"
    assert _read(question, facts) == "Use unique passwords for all enterprise assets."
    from xgrag.generate.extractive import _Reading
    assert _Reading(ExtractiveReader(ConstantEmbedder()), question, facts).defines  # what it is, as "what is X"
    assert _read("Which asset class does the safeguard Use Unique Passwords apply to?", facts) == "Users."


def test_a_named_option_is_no_key_asked_where_no_amount_is() -> None:
    # blood-cell-markers (spent): "is X a normal cell or a cancer cell" names the class "Cancer cell" as an option;
    # its words stay the question's names (they asked X's `cancer_type` and read the class's neighbour otherwise)
    from xgrag.generate.extractive import _Reading
    facts = [Fact("4:b:1#cell_type", "Age-associated B cell", "cell_type", "Normal cell", "property", None,
                  head_type="Cell"),
             Fact("4:b:1#cancer_type", "Age-associated B cell", "cancer_type", "Normal", "property", None,
                  head_type="Cell"),
             Fact("5:c:1", "Cancer cell", "BELONGS_TO_BROAD_CELL_TYPE", "Cancer-initiating cell", head_type="Cell",
                  tail_type="Cell")]
    reading = _Reading(ExtractiveReader(ConstantEmbedder()),
                       "Is the age-associated B cell a normal cell or a cancer cell?", facts)
    assert stem("cancer") not in reading.q_stems


def _boards() -> list[Fact]:
    # singapore-boards (spent): institutions named under their label's word, typed by `Institution_Type`
    def serve(i: str, person: str, board: str, label: str) -> Fact:
        return Fact(f"5:s:{i}", person, "Serve", board, head_type="name", tail_type=label)

    def prop(i: str, board: str, key: str, value: str, label: str) -> Fact:
        return Fact(f"4:b:{i}#{key}", board, key, value, "property", None, head_type=label)

    return [serve("1", "Loh Chin Hua", "Keppel Corporation", "sti"),
            serve("2", "Loh Chin Hua", "Singapore Economic Development Board", "misc"),
            serve("9", "Loh Chin Hua", "M1", "tele"),
            serve("3", "Yap Kim Wah", "SMRT", "go"), serve("4", "Yap Kim Wah", "SATS", "sti"),
            serve("5", "Judy Lee", "SMRT", "go"), serve("6", "Euleen Goh", "SATS", "sti"),
            prop("1", "Keppel Corporation", "Institution_Type", "Misc", "sti"),
            prop("2", "M1", "Institution_Type", "Telecommunication", "tele"),
            prop("3", "SMRT", "url", "https://www.smrt.com.sg/About-SMRT/Board-of-Directors", "go"),
            prop("4", "SATS", "url", "https://www.sats.com.sg/about-sats/our-leadership", "sti"),
            prop("5", "SATS", "Legal_Instituion", "Public Service Comission", "sti")]


def test_the_word_before_the_noun_asked_said_by_an_entity_s_own_kind_fact_clipped_says_which_is_asked() -> None:
    # "telecom" is clipped from M1's "Telecommunication"; Keppel Corporation's name says "company" alone
    from xgrag.generate.extractive import _clipped_from
    facts = _boards()
    assert _read("Which telecom company's board does Loh Chin Hua sit on?", facts) == "M1."
    assert _clipped_from("telecom", "telecommun") and _clipped_from("misc", "misc")
    assert not _clipped_from("tele", "telecommun") and not _clipped_from("telecommun", "telecom")
    # without a modifier the name that says the noun answers, as before
    assert _read("Which company's board does Loh Chin Hua sit on?", facts) == "Keppel Corporation."


def test_where_a_question_asks_where_a_thing_is_online_its_web_address_answers() -> None:
    # singapore-boards (spent): "where can I find the Singapore Exchange's board of directors online" was answered by
    # its `Legal_Instituion`, its `url` read as a link nobody asked for
    from xgrag.generate.extractive import _Reading
    facts = [f for f in _boards() if f.head == "SATS"]
    reader = ExtractiveReader(ConstantEmbedder())
    for question in ("Where can I find the SATS board of directors online?", "Is SATS's board on the web?"):
        reading = _Reading(reader, question, facts)
        assert reading.link_asked and reading.url_asked
    # "online" that qualifies a noun asks for no link
    shop = _Reading(reader, "Which online shop does SATS own?", facts)
    assert not shop.url_asked and not shop.web_asked
    assert _read("Where can I find the SATS board of directors online?", facts) \
        == "https://www.sats.com.sg/about-sats/our-leadership."
    assert _read("Where can I find the SATS board of directors on the web?", facts) \
        == "https://www.sats.com.sg/about-sats/our-leadership."


def test_a_web_address_s_path_words_say_no_noun_asked() -> None:
    # SMRT's board page ".../Board-of-Directors" answered "which SMRT board member also sits on the board of SATS"
    # (SATS's own values left out: with the words of the page no more, they tie with him here, and the real context's
    # similarity put him first)
    facts = [f for f in _boards() if f.kind == "edge" or f.head == "SMRT"]
    assert _read("Which SMRT board member also sits on the board of SATS?", facts) == "Yap Kim Wah."


def test_a_kind_asked_is_named_by_words_not_by_a_number_nor_by_a_place() -> None:
    # portugal-venues (spent): "que tipo de espetáculo acolhe X" is the Activity "cinema" X HAS, not its `roomtype`
    # 7 (the key says "type") nor the Municipality it is LOCATED_AT
    hall = "AUDITÓRIO MUNICIPAL DE MESÃO FRIO"
    facts = [Fact("4:f:1#roomtype", hall, "roomtype", "7", "property", None, head_type="Facility"),
             Fact("5:a", hall, "LOCATED_AT", "Mesão Frio", head_type="Facility", tail_type="Municipality"),
             Fact("5:z", hall, "HAS", "cinema", head_type="Facility", tail_type="Activity")]
    assert _read("Que tipo de espetáculo acolhe o Auditório Municipal de Mesão Frio?", facts) == "cinema."
    assert _read("What kind of show does the Auditório Municipal de Mesão Frio host?", facts) == "cinema."
    # a room type asked by its key's words, with no kind asked, is still that key's number
    assert _read("What is the room type of the Auditório Municipal de Mesão Frio?", facts) == "7."


def test_a_russian_question_asks_the_english_keys_and_relations_its_words_say() -> None:
    # spb-walks (spent): each answer was the route's creation time or a building's coordinates
    route, house = "Вдоль Карповки", "Особняк А. Н. Резвой"

    def key(k: str, v: str) -> Fact:
        return Fact(f"4:r:1#{k}", route, k, v, "property", None, head_type="Route")

    facts = [key("route_created_at", "2025-01-25T08:34:53.123Z"), key("route_length", "1092.79"),
             key("route_duration", "91.89"), key("route_description", "Прогулка по Аптекарскому острову"),
             Fact("4:p:1#poi_location", house, "poi_location", "30.3044, 59.9716", "property", None,
                  head_type="PointOfInterest"),
             Fact("5:z", route, "INCLUDE", house, head_type="Route", tail_type="PointOfInterest")]
    assert _read("Какова длина маршрута Вдоль Карповки?", facts) == "1092.79."
    assert _read("Сколько минут занимает маршрут Вдоль Карповки?", facts) == "91.89."
    assert _read("Как описан маршрут Вдоль Карповки?", facts) == "Прогулка по Аптекарскому острову."
    assert _read("В какой маршрут входит Особняк А. Н. Резвой?", facts) == "Вдоль Карповки."


def test_the_entity_a_question_names_by_another_of_its_names_is_what_it_asks_for() -> None:
    # medicinal-plants (spent): "which medicinal plant is also known as Indian saffron" was answered "indian saffron",
    # the name node the question typed, which names Turmeric
    def also(i: str, name: str) -> Fact:
        return Fact(f"5:{i}", "Turmeric", "ALSO_KNOWN_AS", name, head_type="Plant", tail_type="CommonName")

    facts = [also("a", "haldi"), also("b", "curcuma"), also("z", "indian saffron"),
             Fact("5:c", "Turmeric", "GROWS_IN", "south asia", head_type="Plant", tail_type="Region")]
    assert _read("Which medicinal plant is also known as Indian saffron?", facts) == "Turmeric."
    # where the noun asked is no type of the entity, read as before: one of its other names
    assert _read("Which region does the plant known as Indian saffron grow in?", facts) == "south asia."


def test_the_property_of_a_named_entitys_one_relationship_of_a_type_is_its_own() -> None:
    # brazil-threatened-species (spent): "qual é a principal ameaça a Alouatta belzebul" was answered with the category
    # its one CLASSIFICADA_COMO reaches (typed CategoriaAmeaca), not that relationship's `ameaca`
    species, other = "Alouatta belzebul", "Alopias vulpinus"

    def classified(i: str, who: str, category: str, threat: str) -> list[Fact]:
        return [Fact(f"5:{i}", who, "CLASSIFICADA_COMO", category, head_type="Especie",
                     tail_type="CategoriaAmeaca"),
                Fact(f"5:{i}#ameaca", who, "ameaca", threat, "property", ("CLASSIFICADA_COMO", category),
                     head_type="Especie"),
                Fact(f"5:{i}#uso", who, "uso", "1 - Alimentação humana", "property", ("CLASSIFICADA_COMO", category),
                     head_type="Especie")]

    facts = [*classified("a", species, "Vulnerável", "11 - Mudanças e extremos climáticos"),
             *classified("b", other, "Criticamente em Perigo", "5 - Uso de recursos biológicos"),
             Fact("5:c", species, "ESTA_EM", "FLONA Carajás", head_type="Especie", tail_type="AcaoConservacao")]
    assert _read("Qual é a principal ameaça a Alouatta belzebul?", facts) == "11 - Mudanças e extremos climáticos."
    # ... and a type named in the question's words says its head first in Portuguese: the category is asked
    assert _read("Em que categoria de ameaça está classificada Alopias vulpinus?", facts) == "Criticamente em Perigo."


def test_the_property_of_one_of_many_relationships_to_other_entities_is_not_the_named_entitys() -> None:
    # (the rule above only for one relationship of its type: an order line's unit price of Chai is not Chai's)
    def line(i: str, order: str, price: str) -> Fact:
        return Fact(f"5:{i}#unitPrice", order, "unitPrice", price, "property", ("ORDERS", "Chai"),
                    head_type="Order")

    facts = [line("a", "Order 10248", "14.4"), line("b", "Order 10249", "18.0"),
             Fact("4:c#unitPrice", "Chai", "unitPrice", "18.5", "property", None, head_type="Product"),
             Fact("5:a", "Order 10248", "ORDERS", "Chai", head_type="Order", tail_type="Product"),
             Fact("5:b", "Order 10249", "ORDERS", "Chai", head_type="Order", tail_type="Product")]
    assert _read("What is the unit price of Chai?", facts) == "18.5."


def test_a_work_named_by_its_normalised_title_is_the_one_asked_about() -> None:
    # libreto-libraries (spent): a book displayed as its catalogue entry, typed by its `titleNormalized` with a hyphen
    # ("Experiment-Buch"), was joined into "ExperimentBuch" (a word of the entry) and named nothing
    book = "R. Gocleni Experimentbuch. 1642."
    facts = [Fact("5:a", "Goclenius, Rudolph d.J.", "author", book, head_type="PERSON", tail_type="RECORD"),
             Fact("5:b", book, "isReferencedBy", "Bibliothek Benedikt Bahnsen", head_type="RECORD",
                  tail_type="OBJECT"),
             Fact("5:c", "Amsterdam", "erscheinungsort", "Bibliothek Benedikt Bahnsen", head_type="GEOGNAME",
                  tail_type="OBJECT"),
             Fact("4:b#titleNormalized", book, "title normalized", "Experiment-Buch", "property", None,
                  head_type="RECORD")]
    assert _read("Wer hat das „Experiment-Buch“ geschrieben?", facts) == "Goclenius, Rudolph d.J."


def test_a_latitude_asked_in_german_is_the_places_lat() -> None:
    # libreto-libraries (spent): "auf welchem Breitengrad liegt Enkhuizen" read no word and answered a record there
    facts = [Fact("4:e#lat", "Enkhuizen", "lat", "52.7167", "property", None, head_type="GEOGNAME"),
             Fact("4:e#long", "Enkhuizen", "long", "5.2833", "property", None, head_type="GEOGNAME"),
             Fact("5:d", "Enkhuizen", "bezugsort", "Nulliteyten des Nationalen Synodi. 1622.", head_type="GEOGNAME",
                  tail_type="RECORD")]
    assert _read("Auf welchem Breitengrad liegt Enkhuizen?", facts) == "52.7167."


def test_what_a_verb_in_s_before_a_name_asks_is_its_subject_and_how_much_reads_the_key_of_its_noun() -> None:
    # flora-graph (spent): "what pollinates Conium maculatum" read "conium" as the noun asked and answered the genus;
    # "how much light does Camassia quamash need" asked for a number and answered its mature height
    facts = [Fact("5:g", "Conium maculatum", "BELONGS TO", "Conium", head_type="Species", tail_type="Genus"),
             Fact("5:p", "Conium maculatum", "POLLINATED BY", "Lasioglossum spp.", head_type="Species",
                  tail_type="Pollinator"),
             Fact("4:c#matureHeightCm", "Camassia quamash", "mature height cm", "60", "property", None,
                  head_type="Species"),
             Fact("5:h", "Camassia quamash", "HAS CARE PROFILE", "well-drained loam", head_type="Species",
                  tail_type="CareProfile"),
             Fact("4:p#lightRequirement", "well-drained loam", "light requirement", "full sun to partial shade",
                  "property", None, head_type="CareProfile"),
             Fact("4:p#waterMl", "well-drained loam", "water ml", "250", "property", None, head_type="CareProfile")]
    assert _read("What pollinates Conium maculatum?", facts) == "Lasioglossum spp."
    assert _read("How much light does Camassia quamash need?", facts) == "full sun to partial shade."
    # a type's own word so placed is still the noun asked
    assert _read("Which genus Conium maculatum belongs to?", facts) == "Conium."


def _weekly_awards() -> list[Fact]:
    award = "JOGADOR DA SEMANA"

    def player(i: str, who: str, college: str, week: str, weight: str) -> list[Fact]:
        return [Fact(f"5:{i}u", who, "Universidade", college, head_type="Jogador", tail_type="Equipa"),
                Fact(f"5:{i}r", who, "recebe", award, head_type="Jogador", tail_type="Premio"),
                Fact(f"5:{i}r#altura", who, "altura", "6'3", "property", ("recebe", award), head_type="Jogador"),
                Fact(f"5:{i}r#peso", who, "peso", weight, "property", ("recebe", award), head_type="Jogador"),
                Fact(f"5:{i}r#posicao", who, "posição", "G", "property", ("recebe", award), head_type="Jogador"),
                Fact(f"5:{i}r#data", who, "data", week, "property", ("recebe", award), head_type="Jogador")]

    return [*player("a", "C.J. McCollum", "Lehigh", "Nov 12, 2018", "190"),
            *player("b", "Jeremy Lin", "Harvard", "Feb 13, 2012", "200")]


def test_a_named_award_whose_name_opens_with_a_type_asks_for_that_type() -> None:
    # nba-players-of-the-week (spent): "que jogador da semana" read the award's compound ("JOGADOR DA SEMANA", named)
    # as asking for a "da", and the player was answered with his position
    assert _read("Que jogador da semana saiu da universidade de Lehigh?", _weekly_awards()) == "C.J. McCollum."


def test_a_week_asked_in_portuguese_is_the_awards_date() -> None:
    # nba-players-of-the-week (spent): "em que semana foi X jogador da semana" read "foi" as the noun asked, and
    # "Feb 13, 2012" as no date; answered with a weight
    assert _read("Em que semana foi o Jeremy Lin jogador da semana?", _weekly_awards()) == "Feb 13, 2012."


def _payments() -> list[Fact]:
    def contract(i: str, day: str, purpose: str, number: str, budget: str, department: str) -> list[Fact]:
        name = f"Contract {day}"
        return [Fact(f"4:{i}#purpose", name, "purpose", purpose, "property", None, head_type="Contract"),
                Fact(f"4:{i}#contract_id", name, "contract id", number, "property", None, head_type="Contract"),
                Fact(f"5:{i}b", name, "UNDER BUDGET", budget, head_type="Contract", tail_type="BudgetCode"),
                Fact(f"5:{i}d", name, "MANAGED BY", department, head_type="Contract", tail_type="Department"),
                Fact(f"5:{i}a", department, "HAS CONTRACT", name, head_type="Department", tail_type="Contract")]

    return [*contract("a", "2024-08-12", "DPMU Deployment & Operations Support", "CT181620248805446", "0201",
                      "OFFICE OF CHIEF MEDICAL EXAMINER - OTPS"),
            *contract("b", "2024-08-30", "Systems Business Analysis", "CT100420221405131", "1004",
                      "Campaign Finance Board")]


def test_a_record_named_by_its_text_with_and_for_an_ampersand_is_the_one_asked_about() -> None:
    # nyc-checkbook-payments (spent): the contract typed by its purpose with "and" for its "&" named nothing, and a
    # payment date answered
    assert _read("Which department handled the DPMU deployment and operations support contract?", _payments()) \
        == "OFFICE OF CHIEF MEDICAL EXAMINER - OTPS."


def test_a_key_that_states_the_compound_asked_whole_is_read_before_a_tie_that_states_its_noun() -> None:
    # nyc-checkbook-payments (spent): "the contract number of X's ... contract" was answered with the code of the
    # budget the contract is UNDER (a number, said by the noun alone), not its `contract id`
    assert _read("What is the contract number of the Campaign Finance Board's systems business analysis contract?",
                 _payments()) == "CT100420221405131."


def test_what_a_payment_was_for_is_its_purpose() -> None:
    # nyc-checkbook-payments (spent): "what was the city's payment to Fitch Ratings for" read no word of the payment
    # (PAID_TO) nor of its purpose, and answered Fitch's M/WBE category
    fitch, contract = "FITCH RATINGS INC", "Contract 2024-08-27"
    facts = [Fact("5:p", contract, "PAID TO", fitch, head_type="Contract", tail_type="Payee"),
             Fact("4:f#mwbe_category", fitch, "mwbe category", "Non-M/WBE", "property", None, head_type="Payee"),
             Fact("4:f#woman_owned", fitch, "woman owned", "false", "property", None, head_type="Payee"),
             Fact("4:c#issue_date", contract, "issue date", "2024-08-27", "property", None, head_type="Contract"),
             Fact("4:c#purpose", contract, "purpose", "Fitch FY17 Annual Surveillance Fee", "property", None,
                  head_type="Contract")]
    assert _read("What was the city's payment to Fitch Ratings for?", facts) == "Fitch FY17 Annual Surveillance Fee."
