"""The in-memory name index's word search (pure logic: rows in, ranked entities out)."""

from __future__ import annotations

import pytest

from xgrag.retrieval import name_index
from xgrag.retrieval.linking import key_tokens
from xgrag.retrieval.name_index import NameIndex


def _index(names: list[str]) -> NameIndex:
    return NameIndex.build(([f"id{i:05d}", n, "T", []] for i, n in enumerate(names)), key_tokens)


def _brute(index: NameIndex, terms: list[str], limit: int) -> list[tuple[str, float]]:
    """The ranking the docstring states, by brute force over every entity."""
    scored = []
    for nid, node in index.nodes.items():
        n = len(set(key_tokens(node.name)) & set(terms))
        if n:
            scored.append((-n / index.words[nid], -n, nid))
    return [(nid, -share) for share, _, nid in sorted(scored)[:limit]]


NAMES = ["Chai", "Chang", "Order 10248", "Order 10249", "Queso Cabrales", "Queso Manchego La Pastora",
         "Order 10250", "Uncle Bob's Organic Dried Pears", "Sir Rodney's Scones", "Order Tracking Board"]


@pytest.mark.parametrize("terms", [["queso"], ["order", "10249"], ["order"], ["uncle", "pears", "order"], ["x"]])
def test_ranking_is_share_then_count_then_id(terms: list[str]) -> None:
    index = _index(NAMES)
    got = [(n.id, round(s, 6)) for n, s in index.search(terms, 3, set())]
    assert got == [(nid, round(s, 6)) for nid, s in _brute(index, terms, 3)]


def test_a_common_word_only_adds_to_what_rarer_words_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(name_index, "COMMON_WORD", 3)  # "order" is in 4 names, above it
    index = _index(NAMES)
    [(first, share), *rest] = index.search(["order", "10249"], 5, set())
    assert (first.name, share) == ("Order 10249", 1.0)
    assert rest == []  # the other orders share only the common word
    # alone, the common word still finds its entities (nothing rarer found any)
    assert [n.name for n, _ in index.search(["order"], 10, set())] == [n for n in sorted(
        NAMES, key=lambda x: (-1 / len(key_tokens(x)), f"id{NAMES.index(x):05d}")) if "Order" in n]
    # excluded ids stay out; the rare word then finds nothing, so the common one makes the candidates
    excluded = {next(i for i, n in index.nodes.items() if n.name == "Order 10249")}
    assert [n.name for n, _ in index.search(["order", "10249"], 5, excluded)] == [
        "Order 10248", "Order 10250", "Order Tracking Board"]


def test_a_number_typed_with_or_without_its_punctuation_is_the_same_number() -> None:
    from xgrag.retrieval.name_index import NameIndex, digits_of

    assert digits_of("9-(882)417-7531") == digits_of("98824177531") == "98824177531"
    assert digits_of("4111 1111 1111 1111") == "4111111111111111"
    assert digits_of("2017") is None and digits_of("Order 10248") is None and digits_of("10.0.0.254") is None
    index = NameIndex.build([("p1", "9-(882)417-7531", "Phone", []), ("p2", "Chai", "Product", ["555-0100-22"])],
                           lambda text: text.lower().split())
    assert [n.id for n, _ in index.numbers("Whose phone is 98824177531?", set())] == ["p1"]
    assert [n.id for n, _ in index.numbers("who has 555010022", set())] == ["p2"]  # an alias counts too
    assert index.numbers("whose phone is 98824177531?", {"p1"}) == []


def test_capitals_name_the_one_entity_with_those_initials() -> None:
    from xgrag.retrieval.name_index import NameIndex, initials_of

    assert initials_of("United Kingdom") == "UK" and initials_of("United States of America") == "USA"
    assert initials_of("Malta") is None and initials_of("the red house") is None
    rows = [("c1", "United Kingdom", "Country", []), ("c2", "United States of America", "Country", []),
            ("c3", "Iceland", "Country", []), ("p1", "Una Kerr", "Person", []), ("p2", "Ugo Koss", "Person", []),
            ("t1", "Gold Standard", "Thing", []), ("t2", "GS", "Thing", [])]
    index = NameIndex.build(rows, lambda text: text.lower().split())
    assert [(n.id, typed) for n, typed in index.initials("Did the USA or the U.S.A. vote?", set())] == [
        ("c2", "U.S.A."), ("c2", "USA")]
    # "UK" abbreviates three names here (a country, two people): it names none; "GS" is an entity's own name
    assert index.initials("How many points did the UK give Iceland?", set()) == []
    assert index.initials("what is GS", set()) == [] and index.initials("the USA", {"c2"}) == []


def test_a_korean_name_is_also_found_without_the_type_word_most_names_of_its_label_end_in() -> None:
    flats = ["래미안원베일리아파트", "서초더샵포레아파트", "반포자이아파트", "잠원한신아파트", "반포미도1차아파트",
             "아크로리버파크"]
    assert name_index.type_word(flats) == "아파트"
    # the word grows while nearly all names ending in it end in the longer one: "학교", not "등학교"
    assert name_index.type_word(["동덕여자고등학교", "서초고등학교", "반포초등학교", "원촌중학교", "서운중학교",
                                 "방배초등학교"]) == "학교"
    # one letter is a place name's ending ("동"), and too few names, or names of other scripts, share none
    assert name_index.type_word(["반포동", "서초동", "방배동", "양재동", "내곡동"]) is None
    assert name_index.type_word(flats[:3]) is None
    assert name_index.type_word(["Alpha Park", "Beta Park", "Gamma Park", "Delta Park", "Eps Park"]) is None
    rows = [[f"a{i}", n, "Apartment", []] for i, n in enumerate(flats)]
    rows += [["c1", "반포자이", "Cafe", []],  # a name of its own: the complex is not linked by it
             ["h1", "잠원한신아파트", "Apartment", []]]  # one name of two entities: their one short name
    # two names of one short name, under labels of two type words: neither is found by it
    rows += [[f"m{i}", n + "상가", "Mall", []] for i, n in enumerate(("래미안원베일리", "가", "나", "다", "라"))]
    index = NameIndex.build(rows, key_tokens)
    found = {name: [node.id for node, _ in index.exact([name], set())]
             for name in ("래미안원베일리", "반포미도1차", "반포자이", "잠원한신", "아크로리버파크")}
    assert found == {"래미안원베일리": [], "반포미도1차": ["a4"], "반포자이": ["c1"], "잠원한신": ["a3", "h1"],
                     "아크로리버파크": ["a5"]}
    # ... and the name with a space before its type word is each name's own, whatever its short name
    assert [node.id for node, _ in index.exact(["래미안원베일리 아파트"], set())] == ["a0"]
    assert index.nodes["a4"].aliases == ("반포미도1차", "반포미도1차 아파트")
    assert index.by_word[key_tokens("반포미도1차")[0]] == ["a4"]


def test_a_declared_abbreviation_and_the_name_without_it_are_aliases() -> None:
    # nigeria-oil-contracts (spent): "the NNPC" lost among the word search's many "... Nigeria Limited"
    index = _index(["Nigerian National Petroleum Corporation (NNPC)", "NNPC Retail", "Hyson (Nigeria) Limited",
                    "Shell (SPDC)", "SPDC"])
    assert [n.name for n, _ in index.exact(["NNPC"], set())] == ["Nigerian National Petroleum Corporation (NNPC)"]
    assert [n.name for n, _ in index.exact(["Nigerian National Petroleum Corporation"], set())] == [
        "Nigerian National Petroleum Corporation (NNPC)"]
    # a name already held stays its entity's alone; a bracket of a word in lower case declares nothing
    assert [n.name for n, _ in index.exact(["SPDC"], set())] == ["SPDC"]
    assert index.exact(["Hyson Limited"], set()) == [] and index.exact(["Nigeria"], set()) == []


def test_an_abbreviation_declared_inside_a_name_names_it_in_its_place_and_the_name_without_it_too() -> None:
    # indonesia-it-regulations (spent): "UU Nomor 36 Tahun 1999 tentang Telekomunikasi" and "Undang-Undang Nomor 36
    # ..." for "Undang-undang (UU) Nomor 36 Tahun 1999 tentang Telekomunikasi"
    index = _index(["Undang-undang (UU) Nomor 36 Tahun 1999 tentang Telekomunikasi",
                    "World Health Organization (WHO) Regional Office for Europe",
                    "Layanan Jelajah (Roaming) Internasional", "Bank of America (BOA) Tower"])
    for typed in ("UU Nomor 36 Tahun 1999 tentang Telekomunikasi",
                  "Undang-undang Nomor 36 Tahun 1999 tentang Telekomunikasi"):
        assert [n.name for n, _ in index.exact([typed], set())] == [
            "Undang-undang (UU) Nomor 36 Tahun 1999 tentang Telekomunikasi"]
    assert [n.name for n, _ in index.exact(["WHO Regional Office for Europe"], set())] == [
        "World Health Organization (WHO) Regional Office for Europe"]
    # a bracket that is no initials of the words before it declares nothing (a translation; "of" counted here)
    assert index.exact(["Layanan Jelajah Internasional"], set()) == []
    assert index.exact(["BOA Tower"], set()) == [] and name_index.inner_abbreviation("Heat (1995) film") is None


def test_a_long_title_is_also_named_by_its_designation_where_that_is_one_entitys() -> None:
    # indonesia-it-regulations (spent): "UU Nomor 1 Tahun 2024" cites "Undang-undang (UU) Nomor 1 Tahun 2024 tentang
    # Perubahan Kedua atas Undang-Undang Nomor 11 Tahun 2008 ..."
    law = "Undang-undang (UU) Nomor 1 Tahun 2024 tentang Perubahan Kedua atas Undang-Undang Nomor 11 Tahun 2008"
    index = _index([law, "Act No. 5 of 2020 on Data Protection", "Act No. 5 of 2021 on Roads and Bridges",
                    "Peraturan Menteri Nomor 13 Tahun 2019 tentang Jasa Telekomunikasi"])
    for typed in ("UU Nomor 1 Tahun 2024", "Undang-undang Nomor 1 Tahun 2024"):
        assert [n.name for n, _ in index.exact([typed], set())] == [law]
    assert [n.name for n, _ in index.exact(["Peraturan Menteri Nomor 13 Tahun 2019"], set())] == [
        "Peraturan Menteri Nomor 13 Tahun 2019 tentang Jasa Telekomunikasi"]
    # a designation two titles share names neither; a short name has none
    assert index.exact(["Act No. 5"], set()) == []
    assert name_index.designation("Apollo 11 was a great mission") is None
    assert name_index.designation("Pasal 27 UU Nomor 11 Tahun 2008") is None


def test_what_a_name_says_after_its_kind_and_a_colon_is_an_alias() -> None:
    # delta-force (spent): "哪位干员的终极技能是巡飞弹" named the skill "终极技能：巡飞弹" by what follows its colon
    index = _index(["终极技能：巡飞弹", "终极技能：声波震慑", "声波震慑", "战术技能：烟雾：弹",
                    "Ultimate: Loitering munition", "Oysters: Steamed", "被动技能：光环", "主动技能：光环"])
    assert [n.name for n, _ in index.exact(["巡飞弹"], set())] == ["终极技能：巡飞弹"]
    assert [n.name for n, _ in index.exact(["Loitering munition"], set())] == ["Ultimate: Loitering munition"]
    # a name already held stays its entity's; one rest of two names names neither; a second colon, or one word in
    # Latin letters after it, is no kind before a name
    assert [n.name for n, _ in index.exact(["声波震慑"], set())] == ["声波震慑"]
    assert index.exact(["光环"], set()) == [] and index.exact(["Steamed"], set()) == []
    assert name_index.labelled_rest("战术技能：烟雾：弹") is None and name_index.labelled_rest("12:30") is None


def test_a_name_without_the_capitals_most_names_of_its_label_begin_with_is_an_alias() -> None:
    # telco-topology (tune): "the Netflix CDN" named the CDN "CNNetflix"; every CDN's name begins with CN
    cdns = ["CNAkamai", "CNConversant", "CNFacebook", "CNNetflix", "CNGoogle"]
    index = NameIndex.build(([f"c{i}", n, "CDN", []] for i, n in enumerate(cdns)), key_tokens)
    assert [n.name for n, _ in index.exact(["Netflix"], set())] == ["CNNetflix"]
    assert name_index.label_prefix(cdns, len(cdns)) == "CN"
    # a prefix few names of the label carry is part of those names; two are too few to tell
    airlines = ["USAirways", "Delta", "United", "Lufthansa", "KLM"]
    index = NameIndex.build(([f"a{i}", n, "Airline", []] for i, n in enumerate(airlines)), key_tokens)
    assert index.exact(["Airways"], set()) == []
    assert name_index.label_prefix(["CNAkamai", "CNGoogle"], 2) is None
    assert name_index.label_prefix(["CNAkamai", "CNGoogle"], 2, least=1) == "CN"


def test_a_name_written_in_two_scripts_is_linked_by_each() -> None:
    # japan-reparation-lawsuits (tune): a Japanese question names the lawsuit by its Japanese name alone
    index = _index(["鹿島花岡鉱山中国人強制連行訴訟 Lawsuit by Chinese Forced Laborers at Kashima Hanaoka Mine",
                    "東京地裁 Tokyo Local Court", "Tokyo", "東京"])
    assert [n.name for n, _ in index.exact(["鹿島花岡鉱山中国人強制連行訴訟"], set())] == [
        "鹿島花岡鉱山中国人強制連行訴訟 Lawsuit by Chinese Forced Laborers at Kashima Hanaoka Mine"]
    assert [n.name for n, _ in index.exact(["Tokyo Local Court"], set())] == ["東京地裁 Tokyo Local Court"]
    assert [n.name for n, _ in index.exact(["東京"], set())] == ["東京"]  # a name already held stays its own
    assert name_index.bilingual_parts("東京地裁 Tokyo Local Court") == ("東京地裁", "Tokyo Local Court")
    assert name_index.bilingual_parts("凯·席尔瓦") is None and name_index.bilingual_parts("Tokyo Local Court") is None
    assert name_index.bilingual_parts("X 東京") is None  # Latin letters first: no such name


def test_a_name_typed_without_the_qualifier_in_brackets_that_ends_it() -> None:
    # k-dramas (spent): "Who played Cheon Song-yi in My Love from the Star?" names the title stored as "My Love from
    # the Star (Korean: 별에서 온 그대)"; its words alone were read as the relation LOVES
    assert name_index.qualified_rest("My Love from the Star (Korean: 별에서 온 그대)") == "My Love from the Star"
    assert name_index.qualified_rest("Heat (1995 film)") is None  # one word in Latin letters: too common a word
    assert name_index.qualified_rest("The Dark Knight (2008)") == "The Dark Knight"
    assert name_index.qualified_rest("사랑의 불시착 (드라마)") == "사랑의 불시착"
    # an abbreviation declared in capitals is `declared_abbreviation`'s; a bracket inside the name qualifies nothing
    assert name_index.qualified_rest("China National Offshore Oil Corporation (CNOOC)") is None
    assert name_index.qualified_rest("Hyson (Nigeria) Limited") is None
    assert name_index.qualified_rest("Cha Sang-woo (Se-ri's ex-boyfriend (Ep. 1, 5 & 7))") is None


def test_a_name_typed_with_its_qualifier_in_brackets_said_first() -> None:
    # exrx-exercises (spent): "the selectorized sled" is the equipment stored as "Sled (selectorized)"
    assert name_index.qualifier_first("Sled (selectorized)") == "selectorized Sled"
    assert name_index.qualifier_first("Lever (plate loaded)") == "plate loaded Lever"
    first = name_index.qualifier_first("Lever (plate loaded)") or ""
    assert key_tokens("the plate-loaded lever")[1:] == key_tokens(first)
    # a qualifier in capitals, with digits or of more than three words is no adjective; an abbreviation is declared
    assert name_index.qualifier_first("Heat (1995 film)") is None
    assert name_index.qualifier_first("Paris (Texas)") is None
    assert name_index.qualifier_first("China National Offshore Oil Corporation (CNOOC)") is None
    assert name_index.qualifier_first("Press (one of the many old ones)") is None
    assert name_index.qualifier_first("Sled") is None


def test_a_chinese_company_is_also_named_without_its_legal_form() -> None:
    # listed-company-profiles (spent): "维信诺科技的总经理是谁" names 维信诺科技股份有限公司
    index = _index(["维信诺科技股份有限公司", "四川路桥建设集团股份有限公司", "中国国际航空股份有限公司",
                    "甲乙有限公司", "甲乙股份有限公司", "康卡斯特公司"])
    assert [n.name for n, _ in index.exact(["维信诺科技"], set())] == ["维信诺科技股份有限公司"]
    assert [n.name for n, _ in index.exact(["四川路桥建设集团"], set())] == ["四川路桥建设集团股份有限公司"]
    # the short name two companies share names neither; a name that is nothing but a legal form, or a bare 公司,
    # gives none
    assert index.exact(["甲乙"], set()) == []
    assert name_index.without_cjk_legal_form("股份有限公司") is None
    assert name_index.without_cjk_legal_form("康卡斯特公司") is None
    assert name_index.without_cjk_legal_form("Acme 有限公司") is None


def test_a_name_of_dotted_chinese_or_japanese_parts_is_also_named_without_its_dots() -> None:
    # mtime-top100 (spent): Jim Carrey is stored "金·凯瑞", typed "金凯瑞" as often
    index = _index(["金·凯瑞", "レオナルド・ディカプリオ", "Jean·Luc", "甲·乙", "甲乙"])
    assert [n.name for n, _ in index.exact(["金凯瑞"], set())] == ["金·凯瑞"]
    assert [n.name for n, _ in index.exact(["レオナルドディカプリオ"], set())] == ["レオナルド・ディカプリオ"]
    # a name already (甲乙 is its own node) stays that node's alone
    assert [n.name for n, _ in index.exact(["甲乙"], set())] == ["甲乙"]
    assert name_index.without_cjk_dots("Jean·Luc") is None and name_index.without_cjk_dots("金凯瑞") is None


TENDERS = [
    "[湖北省中心]武汉大学雷军科技楼入驻改造工程项目武汉大学雷军科技楼入驻改造工程项目中标结果公告(HBSJ-1)",
    "[湖北省中心]融通地产仓储物流改造项目施工融通地产仓储物流改造项目中标结果公告(HBSJ-2)",
    "中国铁建重工集团股份有限公司", "中国水利水电出版社有限公司", "上海材料研究所有限公司",
    "中建科工集团股份有限公司", "中邮建技术股份有限公司", "中铁十八局集团股份有限公司",
    "上海宝冶集团股份有限公司"]


def test_a_chinese_name_typed_in_part_is_found_by_the_longest_run_it_shares() -> None:
    # hubei-tender-awards (spent): a tender is asked about by its project, without its centre and lot number
    index = _index(TENDERS)
    found = index.cjk_parts("武汉大学雷军科技楼入驻改造工程项目是哪家单位中标的？", set())
    assert [(n.name, typed) for n, typed in found] == [(TENDERS[0], "武汉大学雷军科技楼入驻改造工程项目")]
    # the same as the reader reads a context's names
    assert name_index.cjk_parts("融通地产仓储物流改造项目施工是哪家公司拿下的？", TENDERS) == {
        TENDERS[1]: "融通地产仓储物流改造项目施工"}
    # a run many names share names none ("股份有限公司" in five), and one under CJK_PART_MIN letters none
    assert index.cjk_parts("哪家股份有限公司中标了？", set()) == []
    assert index.cjk_parts("雷军科技楼在哪？", set()) == []
    # an entity set aside is not found
    assert index.cjk_parts("武汉大学雷军科技楼入驻改造工程项目是哪家单位中标的？", {"id00000"}) == []
