"""Vietnamese questions as the reader and linking read them: the question word said first in English with the noun it
asks about, the language's words read in English beside them, keys written without their marks read in English for
their kind, function words that name nothing. Each case is one that kpop-network or vietnam-land-law (spent) answered
or linked wrongly."""

from __future__ import annotations

from fakes import ConstantEmbedder
from xgrag.generate.base import Fact
from xgrag.generate.extractive import ExtractiveReader
from xgrag.model.graph import Node
from xgrag.retrieval.linking import candidate_spans, key_tokens, select_parts, select_whole
from xgrag.retrieval.name_index import qualifier_first
from xgrag.retrieval.vietnamese import english_key, english_vietnamese, reads_vietnamese, vietnamese_head


def _read(question: str, facts: list[Fact]) -> str:
    return ExtractiveReader(ConstantEmbedder()).generate("", question=question, facts=tuple(facts)).text


def _prop(fid: str, entity: str, key: str, value: str, etype: str) -> Fact:
    return Fact(fid, entity, key, value, "property", None, head_type=etype)


def _edge(fid: str, head: str, relation: str, tail: str, head_type: str, tail_type: str) -> Fact:
    return Fact(fid, head, relation, tail, head_type=head_type, tail_type=tail_type)


def test_a_question_reads_vietnamese_by_its_words_not_by_a_name() -> None:
    assert reads_vietnamese("Jung Yong Hwa là thành viên của nhóm nhạc nào?")
    assert reads_vietnamese("J-Hope sinh ngày nào?")  # two syllables of its words with their marks
    assert reads_vietnamese("Ca sĩ Lia cao bao nhiêu?")
    # a Vietnamese name in an English question, or another language's accents, make no Vietnamese question
    assert not reads_vietnamese("Where did Đặng Thái Sơn study?")
    assert not reads_vietnamese("Who is Nguyễn Văn Linh?")
    assert not reads_vietnamese("Qual é a população de São Paulo?")
    assert not reads_vietnamese("Où est né Molière ?")


def test_the_question_word_is_said_first_with_the_noun_it_asks_about() -> None:
    assert english_vietnamese("Jung Yong Hwa là thành viên của nhóm nhạc nào?").startswith("which group? ")
    assert english_vietnamese("Oh My Girl thuộc công ty quản lý nào?").startswith("which company? ")
    assert english_vietnamese("Lee Jung Shin chơi nhạc cụ gì?").startswith("what instrument? ")
    assert english_vietnamese("Ai đã viết bài Lightsaber?").startswith("who? ")
    assert english_vietnamese("Ca sĩ Lia cao bao nhiêu?").startswith("how tall? ")
    assert english_vietnamese("Album A Class của Miss A dài bao lâu?").startswith("how long? ")
    assert english_vietnamese("SHINee hoạt động từ năm nào?").startswith("which year? ")
    # a day asked is a date, not a "day" a title says
    assert english_vietnamese("J-Hope sinh ngày nào?").startswith("when? ")
    assert english_vietnamese("Theo Luật Đất đai 2024, lấn biển là gì?").startswith("what is? ")
    assert english_vietnamese("Đất tín ngưỡng được quy định tại điều số mấy?").startswith("what article number? ")
    # "mấy" right after its noun asks which number ("điều mấy", which article); with no noun before it, how many
    # (both raised a KeyError: vietnam-codes, the forty-seventh split, "Tội nhận hối lộ là điều mấy ...")
    assert english_vietnamese("Tội nhận hối lộ là điều mấy trong Bộ luật Hình sự?").startswith("what article number? ")
    assert english_vietnamese("Nhà có mấy người?").startswith("how many? ")
    # the words stay, each with its English beside it; a longer word first ("mục đích", a purpose, is no "mục")
    read = english_vietnamese("Trong Luật Đất đai 2013, điều Thu hồi đất vì mục đích quốc phòng nằm trong mục nào?")
    assert read.startswith("which section? ") and "mục đích purpose" in read and "điều article" in read
    # the names the question says are read as typed; any other question is unchanged
    said = english_vietnamese("Ai đã viết bài Lightsaber?", ["Lightsaber"])
    assert said.endswith("Lightsaber?")
    assert english_vietnamese("Who wrote Lightsaber?") == "Who wrote Lightsaber?"


def test_a_key_written_in_vietnamese_without_its_marks_is_read_in_english() -> None:
    assert english_key("sang_tac").split()[1:] == ["wrote", "writer", "composed", "composer"]
    assert "height" in english_key("chieu_cao").split()
    assert english_key("url") == "url"


def test_the_reader_answers_with_the_entity_a_vietnamese_which_asks_for() -> None:
    # kpop-network (spent) answered the group's member list for "which group is he a member of"
    facts = [_edge("m", "Jung Yong Hwa", "MEMBER_OF", "CNBLUE", "Artist", "Group"),
             _prop("t", "CNBLUE", "thanh_vien", "Jung Yong Hwa, Kang Min Hyuk, Lee Jung Shin", "Group"),
             _prop("n", "Jung Yong Hwa", "nhac_cu", "Guitar", "Artist")]
    assert _read("Jung Yong Hwa là thành viên của nhóm nhạc nào?", facts) == "CNBLUE."
    # ... and the company that manages a group, not its origin (`nguyen_quan`, whose "quan" the question says)
    facts = [_edge("w", "Oh My Girl", "MANAGED_BY", "WM Entertainment", "Group", "Company"),
             _prop("o", "Oh My Girl", "nguyen_quan", "Seoul, Hàn Quốc", "Group")]
    assert _read("Oh My Girl thuộc công ty quản lý nào?", facts) == "WM Entertainment."


def test_a_vietnamese_name_says_its_head_first_and_a_which_asks_for_it() -> None:
    """vietnam-nutrition (spent): "loại cá nào", which fish, was answered with the dish's fish sauce (a last word "cá")
    and "loại cua gì" with its salt; a name written in Vietnamese says what it is by its first word ("Cá thu", a
    fish), and "bao nhiêu gam" asks an amount in grams, not a count."""
    assert vietnamese_head("Cá thu") == ("fish",) and vietnamese_head("Nấm rơm") == ("mushroom",)
    assert "fish" not in vietnamese_head("Nước mắm cá")
    assert english_vietnamese("Món ruốc cá được làm từ loại cá nào?").startswith("which fish? ")
    assert english_vietnamese("100 gam gạo tẻ máy chứa bao nhiêu gam glucid?").startswith("how much? ")
    dish = "RUỐC CÁ"
    facts = [_edge("1", dish, "CONTAINS_INGREDIENT", "Nước mắm cá", "Dish", "Ingredient"),
             _edge("2", dish, "CONTAINS_INGREDIENT", "Cá thu", "Dish", "Ingredient"),
             _edge("3", dish, "CONTAINS_INGREDIENT", "Muối", "Dish", "Ingredient")]
    assert _read("Món ruốc cá được làm từ loại cá nào?", facts) == "Cá thu."
    crab = [_edge("1", "CANH BẦU NẤU CUA", "CONTAINS_INGREDIENT", "Muối", "Dish", "Ingredient"),
            _edge("2", "CANH BẦU NẤU CUA", "CONTAINS_INGREDIENT", "Cua đồng", "Dish", "Ingredient"),
            _edge("3", "CANH BẦU NẤU CUA", "CONTAINS_INGREDIENT", "Bầu", "Dish", "Ingredient")]
    assert _read("Canh bầu nấu cua dùng loại cua gì?", crab) == "Cua đồng."


def test_a_function_word_or_a_general_word_alone_links_no_part_of_a_name() -> None:
    cands = [(Node("1", "Shangri La"), 1.0), (Node("2", "Ma Boy"), 1.0), (Node("3", "Phát Thanh Viên"), 1.0),
             (Node("4", "Key (ca sĩ)"), 1.0)]
    linked = select_parts("Công ty nào quản lý nhóm nhạc mà Key là thành viên?", cands)
    assert [le.node.id for le in linked] == ["4"]
    # the same words in an English question still link (a name's last word typed alone)
    assert [le.node.id for le in select_parts("who sang with la", cands[:1])] == ["1"]


def test_a_name_qualified_in_lower_case_letters_of_any_script_is_typed_qualifier_first() -> None:
    # kpop-network (spent): "bài hát Roly-Poly" is the song stored as "Roly-Poly (bài hát)"
    assert qualifier_first("Roly-Poly (bài hát)") == "bài hát Roly-Poly"
    assert key_tokens(qualifier_first("Roly-Poly (bài hát)") or "") == key_tokens("bài hát Roly-Poly")
    assert qualifier_first("Solo (bài hát của Jennie)") is None  # four words: no adjective
    assert qualifier_first("Heat (1995 film)") is None


def test_the_longest_form_of_a_name_the_question_types_links_it() -> None:
    # kpop-network (spent): "Album Go Live" is the album stored as "Go Live (album)", said with its qualifier first;
    # the name without it is a namesake's whole name ("Go Live"), which linked alone
    cands = [(Node("1", "Go Live"), 1.0), (Node("2", "Go Live (album)", type="Album"), 1.0),
             (Node("3", "Go Live (Song)", type="Song"), 1.0)]
    linked, covered = select_whole("Album Go Live là của nhóm nhạc nào?", cands, frozenset({"album"}))
    assert [(le.node.id, le.mention) for le in linked] == [("2", "album go live")] and covered == {0, 1, 2}
    # without the qualifier typed, the whole name and the name without its qualifier tie, as before
    linked, _ = select_whole("Go Live là của nhóm nhạc nào?", cands)
    assert sorted(le.node.id for le in linked) == ["1", "2", "3"]


def test_a_term_typed_in_lower_case_is_looked_up_in_sentence_case() -> None:
    # vietnam-land-law (spent): "lấn biển là gì" asks the Concept stored as "Lấn biển", which neither the span as
    # typed nor its title case ("Lấn Biển") names
    spans = candidate_spans("Theo Luật Đất đai 2024, lấn biển là gì?")
    assert "Lấn biển" in spans and "lấn biển" in spans and "Lấn Biển" in spans


def test_where_a_dish_comes_from_and_who_says_so_are_read_in_english() -> None:
    # vietnamese-dishes (spent): "có nguồn gốc từ vùng nào", "trang nào cho biết", "cùng ... với" met none of its
    # relation originRegion, its ties' `source_url` or a word of sharing
    read = english_vietnamese("Bánh mì có nguồn gốc từ vùng nào?", ["Bánh mì"]).split()
    assert {"origin", "region"} <= set(read)
    assert {"page", "url"} <= set(english_vietnamese("Trang nào cho biết thắng cố thường được ăn kèm với rượu ngô?",
                                                     ["thắng cố", "rượu ngô"]).split())
    assert "same" in english_vietnamese("Món ăn nào có cùng vùng xuất xứ với cá cuốn sen?", ["cá cuốn sen"]).split()
