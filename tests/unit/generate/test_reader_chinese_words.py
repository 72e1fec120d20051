"""The reference reader on Chinese questions over a graph whose relations and keys are English: a company's posts,
its registered capital, a place on a ranked list. Each case is one that listed-company-profiles or mtime-top100
(spent) answered wrongly."""

from __future__ import annotations

from fakes import ConstantEmbedder
from xgrag.generate.base import Fact
from xgrag.generate.extractive import ExtractiveReader


def _read(question: str, facts: list[Fact]) -> str:
    return ExtractiveReader(ConstantEmbedder()).generate("", question=question, facts=tuple(facts)).text


COMPANY = "江苏建伟物流股份有限公司"
FACTS = [Fact("c", COMPANY, "CHAIRMAN", "胡建雄", head_type="Company", tail_type="Person"),
         Fact("l", COMPANY, "LEGAL_REPRESENTATIVE", "胡建伟", head_type="Company", tail_type="Person"),
         Fact("e", COMPANY, "CEO", "王强", head_type="Company", tail_type="Person"),
         Fact("k", COMPANY, "capital", "1.03亿元", "property", None, head_type="Company"),
         Fact("n", COMPANY, "english_name", "Jiangsu Jianwei Logistics Co., Ltd.", "property", None,
              head_type="Company")]


def test_a_company_s_posts_are_read_by_their_chinese_names() -> None:
    assert _read(f"{COMPANY}的法人代表是谁？", FACTS) == "胡建伟."
    assert _read(f"{COMPANY}的董事长是谁？", FACTS) == "胡建雄."
    # a general manager is the company's chief executive
    assert _read(f"{COMPANY}的总经理是谁？", FACTS) == "王强."


def test_registered_capital_is_the_company_s_capital() -> None:
    assert _read(f"{COMPANY}的注册资金是多少？", FACTS) == "1.03亿元."


def test_a_place_on_a_ranked_list_is_its_rank() -> None:
    facts = [Fact("r", "海上钢琴师", "rank", "12", "property", None, head_type="电影表"),
             Fact("m", "海上钢琴师", "movie_en", "The Legend of 1900", "property", None, head_type="电影表"),
             Fact("y", "海上钢琴师", "year", "1998", "property", None, head_type="电影表")]
    assert _read("《海上钢琴师》在时光网Top100里排第几名？", facts) == "12."


def test_a_teacher_s_lab_office_and_homepage_are_read_by_their_chinese_words() -> None:
    # ruc-faculty (spent): English keys and types asked in Chinese; his position was answered for each
    teacher = [Fact("pos", "孟小峰", "position", "教授", "property", None, head_type="Teacher"),
               Fact("dep", "孟小峰", "department", "信息学院", "property", None, head_type="Teacher"),
               Fact("office", "孟小峰", "office", "明德主楼733", "property", None, head_type="Teacher"),
               Fact("home", "孟小峰", "homepage", "www.example.cn", "property", None, head_type="Teacher"),
               Fact("lab", "孟小峰", "work_in", "网络与移动数据管理实验室", head_type="Teacher", tail_type="Lab")]
    assert _read("孟小峰老师在哪个实验室？", teacher) == "网络与移动数据管理实验室."
    assert _read("孟小峰老师的办公室在哪里？", teacher) == "明德主楼733."
    assert _read("孟小峰老师的个人主页是什么？", teacher) == "www.example.cn."


def test_a_disease_sharing_a_symptom_with_the_one_named_is_asked_in_chinese() -> None:
    # jbk-diseases (spent): "哪种疾病和甲亢有相同的症状" read no "same" (its noun 疾病 cut at the later 症状), and
    # the reader answered a symptom of 甲亢, not the other disease that has it
    facts = [Fact("5:a", "甲亢", "HAS SYMPTOM", "甲状腺结节", head_type="Disease", tail_type="Symptom"),
             Fact("5:b", "甲亢", "HAS SYMPTOM", "甲状腺肿大", head_type="Disease", tail_type="Symptom"),
             Fact("5:c", "甲状腺癌", "HAS SYMPTOM", "甲状腺结节", head_type="Disease", tail_type="Symptom")]
    for question in ("哪种疾病和甲亢有相同的症状？", "哪种病跟甲亢有一样的症状？",
                     "和甲亢有共同症状的另一种病是什么？"):
        assert _read(question, facts) == "甲状腺癌.", question


def _relics() -> list[Fact]:
    head, toad, mirror = "观音之首", "蟾蜍吊坠", "神话生物的镜子"
    return [Fact("a1", head, "STORED IN", "Art Institute of Chicago", head_type="Artifact", tail_type="Museum"),
            Fact("a2", head, "title_en", "Head of Guanyin", "property", None, head_type="Artifact"),
            Fact("a3", head, "description_en", "Chinese", "property", None, head_type="Artifact"),
            Fact("a4", head, "dimensions", "68.6 × 43.2 × 45.7 cm", "property", None, head_type="Artifact"),
            Fact("t1", toad, "MADE OF", "翡翠", head_type="Artifact", tail_type="Material"),
            Fact("t2", "翡翠", "name_en", "Jade", "property", None, head_type="Material"),
            Fact("t3", toad, "title_en", "Toad Pendant", "property", None, head_type="Artifact"),
            Fact("m1", mirror, "BELONGS TO PERIOD", "隋朝（581-618）", head_type="Artifact", tail_type="Period"),
            Fact("m2", "隋朝（581-618）", "era", "Unknown", "property", None, head_type="Period"),
            Fact("m3", mirror, "title_en", "Mirror with Mythical Creatures", "property", None, head_type="Artifact")]


def test_a_relic_s_museum_size_period_and_english_name_are_read_by_their_chinese_words() -> None:
    # overseas-relics (spent): "收藏在哪家博物馆", "尺寸", "哪个朝代", "英文名称" met none of its English labels
    # Museum, Period nor keys dimensions, title_en, and answered an English title or a placeholder "Unknown"
    facts = _relics()
    assert _read("观音之首现在收藏在哪家博物馆？", facts) == "Art Institute of Chicago."
    assert _read("观音之首的尺寸是多少？", facts) == "68.6 × 43.2 × 45.7 cm."
    assert _read("神话生物的镜子是哪个朝代的？", facts) == "隋朝（581-618）."
    assert _read("蟾蜍吊坠的英文名称是什么？", facts) == "Toad Pendant."
