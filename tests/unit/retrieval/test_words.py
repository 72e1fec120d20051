"""The question words retrieval and the reference reader compare with relations, keys and types."""

from __future__ import annotations

import re

from xgrag.model import key_text
from xgrag.retrieval.words import (
    answer_kind,
    asked_after_which,
    complete_names,
    content_stems,
    detach_particles,
    english_chinese,
    english_function_words,
    english_interrogatives,
    english_words,
    misspelt,
    question_language,
    reads_german,
    set_apart,
    stated_stems,
    stem,
    unspaced_spans,
    value_dates,
    value_kind,
)


def test_irregular_forms_meet_their_regular_forms() -> None:
    assert len({stem(w) for w in ("write", "writes", "wrote", "written", "writer", "writing")}) == 1
    assert stem("born") == stem("birth") and stem("movies") == stem("movie")
    assert content_stems("birth date") & content_stems("When was she born?") == {stem("birth")}
    # a key of sales meets the verb (video-game-sales, spent: "how many copies did Halo 3 sell" read the score)
    assert content_stems("global sales") & content_stems("How many copies did Halo 3 sell?") == {stem("sell")}


def test_an_occupation_or_a_profession_is_a_job() -> None:
    # "what was her occupation" asks a Has_Job relation (charlotte-directory-1911, spent, answered an address)
    assert content_stems("What was Nettie Abernethy's occupation?") & content_stems("Has_Job") == {stem("job")}
    assert stem("occupations") == stem("professions") == stem("jobs")
    assert stem("occupied") != stem("job")


def test_a_compound_word_states_its_head_where_the_graph_has_that_word() -> None:
    vocabulary = content_stems("written by") | content_stems("directed by")
    assert stem("writer") in stated_stems("the screenwriter of X", vocabulary)
    assert stem("writer") in stated_stems("who is the scriptwriter", vocabulary)
    assert stated_stems("the screenwriter of X", content_stems("has genre")) == content_stems("screenwriter of X")
    # a word that only ends in three letters of a vocabulary stem is no compound: "character" says no `actors`
    # (k-dramas, spent: a role's `actors` answered "which drama is X a character in")
    assert stated_stems("which drama is X a character in", content_stems("actors")) \
        == content_stems("which drama is X a character in")


def test_a_word_states_the_one_word_of_the_graph_it_is_a_slip_of_the_pen_from() -> None:
    vocabulary = content_stems("BUDJET_IN_YEAR") | content_stems("GPD_IN_YEAR") | content_stems("POPULATION_IN_YEAR")
    assert stem("budjet") in stated_stems("What was France's sport budget in 2010?", vocabulary)
    assert stem("gpd") in stated_stems("What was Norway's GDP in 1994?", vocabulary)
    assert stated_stems("What was Norway's GNP in 1994?", vocabulary) == content_stems("What was Norway's GNP in 1994?")
    # one letter changed in a short word, or the first letter, is another word
    assert stated_stems("the gdp", {"gnp"}) == {"gdp"}
    assert misspelt("widget", {"budget"}) is None and misspelt("budget", {"budjet", "budgot"}) is None
    assert misspelt("budget", {"budjet"}) == "budjet" and misspelt("gdp", {"gpd"}) == "gpd"


def test_a_korean_particle_is_set_apart_from_a_known_word_or_a_code() -> None:
    known = {"교황청", "스페인", "카드", "일본"}.__contains__
    assert detach_particles("교황청에 갈 때 필요한 준비물은?", known) == "교황청 에 갈 때 필요한 준비물은?"
    assert detach_particles("교황청에서는", known) == "교황청 에서는"  # the longest particle
    assert detach_particles("스페인 여행", known) == "스페인 여행"  # a name ending in a particle's syllable (인)
    assert detach_particles("교통 카드를", known) == "교통 카드 를"  # a name's last word
    assert detach_particles("JPN은 어느 나라야? VAT인 나라", known) == "JPN 은 어느 나라야? VAT 인 나라"
    assert detach_particles("준비물은 what's Chai's", known) == "준비물은 what's Chai's"  # unknown words, English
    # a one-letter noun written onto a known name, before a particle or not ("청계산입구역은": the station
    # 청계산입구, 역; korea-urban-rail, spent, linked nothing in 8 of 14 questions); never onto an unknown word
    stations = {"청계산입구", "녹동", "가평역"}.__contains__
    assert detach_particles("청계산입구역은 무슨 노선이야?", stations) == "청계산입구 역 은 무슨 노선이야?"
    assert detach_particles("녹동역 주소", stations) == "녹동 역 주소"
    assert detach_particles("가평역에서", stations) == "가평역 에서"  # the name holds the noun itself
    assert detach_particles("소태역까지", stations) == "소태역까지"
    assert detach_particles("녹동들", stations) == "녹동들"  # a plural ending is no noun


def test_question_words_of_other_languages_read_as_english_ones() -> None:
    cases = {"Wo wurde das Regest RI III,2,3 n. 500 ausgestellt?": "place",
             "Auf welchen Tag ist RI III,2,3 n. 800 datiert?": "date",
             "Où se trouve la gare de Lourdes ?": "place", "Combien de gares compte Brest ?": "count",
             "Hvem produserer Kongeakevitt?": "agent", "Hvor mange liter er flasken?": "amount",
             "Når ble den lansert?": "date", "¿Dónde está Madrid?": "place", "Quem escreveu o livro?": "agent",
             # Dutch (dutch-studies, spent); its "wie" is left out, German's "how" ("Wie lautet ...")
             "Hoeveel plaatsen heeft Industrieel Ontwerpen?": "count", "Waar staat de Hotelschool?": "place",
             "In welk jaar begon de opleiding?": "date"}
    for question, kind in cases.items():
        assert answer_kind(english_interrogatives(question)) == kind, question
    assert english_interrogatives("Quelle est la population de la Seine-Saint-Denis ?").startswith("what is la")
    # English is left as typed ("was" is an English word), and so is a name that is a question word elsewhere
    for question in ("When was Nancy Davolio born?", "Who was the director?", "Where is Quando?",
                     "What did Hvem Records release?", "Wie lautet die Ortsangabe?"):
        assert english_interrogatives(question) == question


def test_a_german_question_reads_its_function_words_in_english() -> None:
    for question in ("Wer ist die Zulassungsinhaberin von Takhzyro?", "Welchen ATC-Code hat Paxlovid?",
                     "Betraf der Antrag A15-0133 zu Blinatumomab die Medi-Liste oder die Zusatzentgelte?",
                     "Wann wurde Ocrevus in der Schweiz erstmals zugelassen?"):
        assert reads_german(question), question
    assert english_function_words("Wer ist die Zulassungsinhaberin von Takhzyro?") == \
        "Wer is the Zulassungsinhaberin of Takhzyro?"
    assert english_function_words("Wann wurde X im Jahr 1818 zur Kur geschickt?") == \
        "Wann was X in the Jahr 1818 to the Kur geschickt?"
    assert english_function_words("Wo liegt Das Boot?", german=True) == "Wo liegt Das Boot?"  # a name's, capitalised
    # English, with a German name or one German word of it, is left as typed: its "die" and "war" are English
    for question in ("When did Ursula die?", "Who founded Haus der Kunst?", "Which war did the hat maker die in?"):
        assert not reads_german(question) and english_function_words(question) == question, question
    # (and so is a German question with too little German to tell: "wie" is Dutch's "who", "die" an English word)
    assert not reads_german("Wie lautet die Ortsangabe?")


def test_a_day_written_the_german_way_is_a_day() -> None:
    from xgrag.retrieval.words import month_name_days, question_dates, question_numbers
    question = "Von wo schrieb Jacob Grimm am 30. März 1818 an Laßberg?"
    assert question_dates(question) == {(1818, 3, 30)} and question_numbers(question) == set()
    assert [text for _, text, _ in month_name_days("Brief vom 27. Juni 1833 und vom 12. Mai 1827")] == \
        ["27. Juni 1833", "12. Mai 1827"]
    assert question_dates("am 1. Maerz 1818, am 2. Dezember 1819") == {(1818, 3, 1), (1819, 12, 2)}
    assert value_kind("23. April 1806", "date") and value_kind("Mai 1806", "date")
    # English days read as before; "Mae" is no month
    assert question_dates("on March 5, 2020 or 5 May 2020") == {(2020, 3, 5), (2020, 5, 5)}
    assert question_dates("Mae 5, 2020") == set()


def test_answer_kinds_from_question_words() -> None:
    assert answer_kind("When was Nancy Davolio born?") == "date"
    assert answer_kind("In what year was it released") == "date"
    assert answer_kind("How many units did order 10248 contain?") == "count"
    assert answer_kind("How much does Chai cost?") == "amount"
    assert answer_kind("the movies written by X were directed by who") == "agent"
    assert answer_kind("what are the genres of the films whose directors also directed X") is None
    assert value_kind("1948-12-08", "date") and value_kind("1997", "date") and not value_kind("Chai", "date")
    # a quarter or a month asked is a date (mobile-devices, spent: "Q3 2022" is its release date)
    assert answer_kind("In which quarter did the Galaxy Z Flip4 come out?") == "date"
    assert answer_kind("What month did the store open?") == "date" and value_kind("Q3 2022", "date")
    assert answer_kind("Which quartet played it?") is None
    assert value_kind("12", "count") and not value_kind("14.0", "count") and value_kind("14.0", "amount")
    assert value_kind("Ann", "agent", "person") and value_kind("Exotic Liquids", "agent", "supplier")
    assert not value_kind("Zodiac", "agent", "movie") and not value_kind("18.0", "agent")


def test_a_date_written_with_its_month_s_name_is_a_date() -> None:
    # himym stores when an episode aired as "March 20, 2006"; its epoch `timestamp` must not be the only date
    for text in ("March 20, 2006", "20th March 2006", "Sept. 5, 1999", "Oct 2012", "18 of march, 2014"):
        assert value_kind(text, "date"), text
    for text in ("March 2006 and more", "May", "may 2", "Marching 2006"):
        assert not value_kind(text, "date"), text


def test_a_span_of_dates_and_a_season_of_a_year_are_dates() -> None:
    # a catalogue of shows stores when one aired as "Oct 4, 2006 to Jun 27, 2007" ("?" while it runs) and when it
    # premiered as "Fall 2020" (anime-top1000, spent): "when did it air" is answered by them, not by a year alone
    for text in ("Oct 4, 2006 to Jun 27, 2007", "Apr 5, 2009 to ?", "2001-01-01 - 2002-03-04", "1999 to 2005",
                 "Fall 2020", "winter 1998"):
        assert value_kind(text, "date"), text
    for text in ("1 to 2", "Manga to Anime", "Fall Out Boy 2005", "Oct 4, 2006 to Manga", "to 2007"):
        assert not value_kind(text, "date"), text


def test_a_period_under_a_key_that_says_a_time_is_a_date_however_written() -> None:
    # a site's `construction_time` (china-world-heritage, spent: "when was X built" read another site's "1368 - 1915")
    for text in ("about 3,300-2,300 BCE", "9th -13th centuries", "Between 1406 and 1420", "the 6th century AD"):
        assert value_kind(text, "date", key="construction_time"), text
        assert not value_kind(text, "date"), text  # not under a key that says no time
    for text in ("From Han Dynasty to Qing Dynasty", "120 min", "2.5"):
        assert not value_kind(text, "date", key="construction_time"), text


def test_built_meets_construction_weigh_weight_launch_release_and_abbr_abbreviation() -> None:
    assert content_stems("construction time") & content_stems("When was the Site of Xanadu built?")
    assert content_stems("construction time") & content_stems("When were the Imperial Palaces constructed?")
    assert content_stems("weight") & content_stems("How much does the Huawei MatePad Pro 13.2 weigh?")
    assert content_stems("release date") & content_stems("When did the Motorola Razr 5G launch?")
    assert content_stems("abbr") & content_stems("What is the abbreviation of the team?")
    assert not content_stems("weight") & content_stems("How much does the Huawei MatePad cost?")
    # a study's year_pub, a beer's abv and ibu, as their keys shorten them
    assert content_stems("year_pub") & content_stems("In which year was the study published?") == {"year", "publish"}
    assert content_stems("abv") & content_stems("What is the alcohol content of Even Keel?")
    assert content_stems("ibu") & content_stems("How much bitterness does it have?")
    assert not content_stems("abv") & content_stems("How bitter is Even Keel?")
    assert content_stems("flow") & content_stems("What is the average discharge of the Rhône?")


def test_an_amount_with_its_unit_or_currency_is_an_amount_and_a_quarter_of_a_year_is_a_date() -> None:
    for text in ("580.00 g", "8720 mAh", "$12,000,000", "4 GB", "12.5%", "€ 3.50"):
        assert value_kind(text, "amount"), text
    # an area with its unit's power, or a unit in Chinese letters (china-cities, spent: "29518km²", "55.89万人")
    for text in ("29518km²", "12 m³", "27800平方千米", "55.89万人"):
        assert value_kind(text, "amount"), text
    for text in ("km²", "3个区、5个县", "2105.56亿元（2019年）"):
        assert not value_kind(text, "amount"), text
    for text in ("Li-Po 8720", "RAM 4", "1264 x 2780", "12 abcde", "$"):
        assert not value_kind(text, "amount"), text
    assert value_kind("Q3 2022", "date") and value_kind("2022 Q3", "date") and not value_kind("Q5 2022", "date")


def test_a_day_written_with_its_time_is_a_date_and_a_code_is_no_year() -> None:
    # la-crime stores when a crime occurred as "1/4/2020 0:00"; its crime codes (330) and district numbers are no years
    for text in ("1/4/2020 0:00", "12/29/2017 10:30:00", "3/08/2019 9:15 PM"):
        assert value_kind(text, "date"), text
    assert value_kind("1997", "date") and value_kind("1997", "date", key="year")
    for key in ("Crm Cd", "Rpt Dist No", "zipCode", "crime_code", "station_id"):
        assert not value_kind("330", "date", key=key), key
    assert content_stems("Weapon Used Cd") >= content_stems("weapon code")


def test_words_in_a_row_say_their_initials_where_the_graph_has_them_and_a_weekday_is_a_date() -> None:
    vocabulary = {stem("lga"), stem("occurred"), stem("sa4")}
    assert stem("lga") in stated_stems("In which local government area did the crash happen?", vocabulary)
    assert stem("lga") not in stated_stems("In which local government area did the crash happen?", {stem("area")})
    assert stem("lg") not in stated_stems("the local government", vocabulary)
    for text in ("Friday", "sat", "Tues.", "Wednesday"):
        assert value_kind(text, "date"), text
    for text in ("Frida", "Sunny", "Satellite"):
        assert not value_kind(text, "date"), text


def test_a_number_under_the_key_a_question_counts_is_a_count() -> None:
    viewers, units = stem("viewers"), stem("units")
    assert value_kind("7.64", "count", key="viewers", counted=viewers)
    assert value_kind("7.64", "count", key="number of viewers", counted=viewers)
    assert not value_kind("7.64", "count", key="rating", counted=viewers) and not value_kind("7.64", "count")
    assert not value_kind("14.0", "count", key="unit price", counted=units)  # a price, not units
    assert not value_kind("many", "count", key="viewers", counted=viewers)


def test_lone_numbers_of_a_question_and_of_stored_text() -> None:
    from xgrag.retrieval.words import question_numbers, stated_numbers

    assert question_numbers("Who got Ireland's 12 points in 1998?") == {12, 1998}
    # not pieces of a day, a phone number, a decimal, a thousands group or a code
    assert question_numbers("Where was she on April 25, 2020 at 3?") == {3}
    for text in ("Whose phone is 9-(882)417-7531?", "rated 3.5 stars", "12,000 people", "on 1/08/2017", "Road 7B"):
        assert question_numbers(text) == set(), text
    assert stated_numbers("VOTES 1998") == {1998} and stated_numbers("12.0") == {12} and stated_numbers("12.5") == set()


def test_months_named_without_a_day() -> None:
    from xgrag.retrieval.words import question_months

    assert question_months("Who was born in May 1732?") == {(1732, 5)}
    assert question_months("Which trades were made in 2021-06 or in Sept. 2021?") == {(2021, 6), (2021, 9)}
    # a month that is part of a day is a day
    assert question_months("Where was she on May 4, 2020 or 4 May 2020?") == set()
    # ... as Chinese writes them: 2022年7月 a month, 2022年7月1日 a day
    assert question_months("2022年7月的天气得分是多少?") == {(2022, 7)}
    assert question_months("2022年7月1日的天气得分是多少?") == set()


def test_a_month_is_kept_with_the_text_typed() -> None:
    from xgrag.retrieval.words import question_month_texts

    assert question_month_texts("What was the weather score for July 2022 and for 2021-06?") == {
        (2022, 7): "July 2022", (2021, 6): "2021-06"}


def test_an_identifier_written_as_one_word_states_id() -> None:
    from xgrag.retrieval.words import compound_stems

    assert "id" in compound_stems({"uuid"}, {"what", "id", "user"})
    assert "id" not in compound_stems({"uuid"}, {"what", "user"}) and compound_stems({"id"}, {"id"}) == set()


def test_an_abbreviated_key_states_the_word_it_stands_for() -> None:
    assert content_stems("lon") == content_stems("longitude") and content_stems("lat") == content_stems("Latitude")
    assert content_stems("unit qty") == content_stems("unit quantity") and content_stems("lon") != content_stems("lat")


def test_a_word_with_a_number_after_it_says_the_word() -> None:
    from xgrag.retrieval.words import content_stems

    assert {"iso", "iso2"} <= content_stems("iso2") and "covid" in content_stems("covid19")
    assert content_stems("2019") == {"2019"} and content_stems("x2") == {"x2"}  # a number, a one-letter prefix


def test_a_word_of_another_language_meets_its_cognate_and_little_else() -> None:
    from xgrag.retrieval.words import cognate, cognate_stems

    for a, b in [("NATIONALITE", "nationality"), ("publie", "published"), ("compagnon", "companion"),
                 ("aventure", "adventure")]:
        assert cognate(stem(a.lower()), stem(b)), (a, b)
    # other words, short words and numbers do not
    for a, b in [("station", "statistic"), ("apparait", "appears"), ("dessine", "drew"), ("ecrit", "wrote"),
                 ("type", "typo"), ("2019", "2018")]:
        assert not cognate(stem(a), stem(b)), (a, b)
    assert cognate_stems({"publi"}, {"publish", "album", "2019"}) == {"publish"}


def test_a_schema_word_of_another_language_says_its_english_word_too() -> None:
    from xgrag.model import key_text
    from xgrag.retrieval.linking import key_words
    from xgrag.retrieval.words import SCHEMA_WORDS

    assert key_words("populacao") == ("populacao", "population")
    assert key_words("nomeCidade") == ("nome", "cidade", "city", "town")
    assert key_words("ligne") == ("ligne", "line") and key_words("unitPrice") == ("unit", "price")
    assert key_words("tipo_tipo") == ("tipo", "tipo", "type")  # each English word once
    assert {"population", "city"} <= content_stems("populacao cidade")
    assert stem("type") in content_stems(key_text("tipoCidade"))
    # folded keys (letters, then digits where geographic data numbers its levels: admin1), and none an English word of
    # its own ("pays", "land", "data", "via" are left out)
    assert all(w == w.lower() and w.isascii() and re.fullmatch(r"[a-z]+\d*", w) and english
               for w, english in SCHEMA_WORDS.items())
    assert key_words("Admin1") == ("admin1", "province", "state", "region")
    assert not {"pays", "land", "data", "via", "alter", "lied"} & set(SCHEMA_WORDS)


def test_a_verb_and_the_other_words_graphs_say_it_in_meet() -> None:
    for a, b in [("SLAIN", "killed"), ("slew", "kill"), ("murdered", "killed"), ("murderer", "killer"),
                 ("purchased", "bought"), ("manufacturer", "maker"), ("resides", "lives"), ("employed", "works"),
                 ("situated", "located"), ("possesses", "owns"), ("wed", "married"),
                 # one who is acted on, as the verb: employeeOf says where someone worked
                 ("employee", "works"), ("employees", "employed"), ("attendee", "attended"), ("nominee", "nominated")]:
        assert stem(a.lower()) == stem(b), (a, b)
    for a, b in [("cams", "come"), ("residue", "live"), ("committee", "committed"), ("coffee", "cough")]:
        assert stem(a) != stem(b), (a, b)  # and nothing else does


def test_when_after_another_question_word_asks_no_date() -> None:
    assert answer_kind("What was the final score when Manchester City hosted Tottenham?") is None
    assert answer_kind("Which side lost when Arsenal hosted Leicester City?") is None
    assert answer_kind("Who scored when they met in May?") == "agent"
    assert answer_kind("Since when has she been an MP?") == "date"
    assert answer_kind("Tell me when the war ended") == "date"


def test_max_and_min_in_keys_read_as_maximum_and_minimum() -> None:
    from xgrag.retrieval.words import content_stems

    assert content_stems("maximum tension") == content_stems("max tension")
    assert content_stems("the minimum age") & content_stems("min_age")


def test_a_name_stored_under_an_agents_key_is_an_agent_and_a_date_under_it_is_not() -> None:
    # an issue's `author` "abarilo" answers "who opened the issue"; before, only an entity of an agent type did
    assert value_kind("abarilo", "agent", key="author") and value_kind("PyPSA", "agent", key="owner_login")
    assert not value_kind("2024-04-23T09:50:18Z", "agent", key="author_date")
    assert not value_kind("17", "agent", key="author") and not value_kind("CLOSED", "agent", key="state")
    assert value_kind("Jack Gregory", "agent", "Contributor")


def test_a_count_under_the_key_counted_is_one_however_written() -> None:
    # "how many pages does X have": a catalogue's collation under `pages`; before, only a bare number was a count,
    # and the book's year 2013 answered
    assert value_kind("xii, 409 p. :ill. ;24 cm", "count", key="pages", counted=stem("pages"))
    assert not value_kind("xii, 409 p. :ill. ;24 cm", "count", key="notes", counted=stem("pages"))
    assert not value_kind("no pagination", "count", key="pages", counted=stem("pages"))
    # a key that says it counts counts the word beside it: `page_count` "684.0" (seattle-library-books, spent,
    # answered the ISBN); `count` alone, or another word's count, does not
    assert value_kind("684.0", "count", key="page count", counted=stem("pages"))
    assert value_kind("684.0", "count", key="num_pages", counted=stem("pages"))
    assert not value_kind("684.0", "count", key="word count", counted=stem("pages"))
    assert not value_kind("684.0", "count", key="count", counted=stem("pages"))


def test_a_word_with_a_diacritic_is_one_word_and_meets_its_schema_word() -> None:
    # read as [a-z0-9], "código" was "c" and "digo", and "descripción" "descripci" and "n": a question typed with its
    # accents met neither a graph's `codigo` nor the English word a schema word says
    assert {stem("codigo"), stem("code")} <= content_stems("¿Cuál es el código SCIAN?")
    assert "c" not in content_stems("¿Cuál es el código SCIAN?")
    assert stem("description") in content_stems("la descripción")
    assert stem("population") in content_stems("Qual é a população de São Paulo?")
    assert stem("family") in content_stems("¿A qué familia pertenece?")  # a schema word of a question's language
    # a compound of a question too
    assert stem("population") in stated_stems("Quelle est la population?", {stem("population")})


def test_a_korean_word_is_read_with_and_without_its_particle() -> None:
    # no Korean word of a question was read at all; a particle written onto a word is set apart as detach_particles
    # does, the word kept too (it may end in a particle's syllable: "스페인")
    assert {"세대수", "세대수는", "아파트", "아파트의"} <= content_stems("서초구 아파트의 세대수는?")
    assert "스페인" in content_stems("스페인")


def test_a_korean_question_for_the_hour_is_read_only_before_a_particle_a_space_or_the_end() -> None:
    # korea-travel-routes (spent): "몇 시에 출발해" asks what time a bus departs; "몇 시간" (how many hours) and
    # "몇 시즌" (which season) start with the same letters and ask something else
    assert "what time" in english_words("몇 시에 출발해?", "korean")
    assert "departure" in english_words("몇 시에 출발해?", "korean").split()
    assert "what time" in english_words("몇시야?", "korean")
    assert "what time" not in english_words("몇 시간 걸려?", "korean")
    assert "what time" not in english_words("몇 시즌에 뛰었어?", "korean")


def test_a_word_the_graph_writes_as_two_states_both_parts() -> None:
    # scian-industries (spent): "subsectores" asks for an IndustrySubSector, not an IndustrySector
    vocabulary = content_stems("industry sub sector") | content_stems("subclass of")
    assert {stem("sector"), "sub"} <= stated_stems("¿Qué subsectores tiene la minería?", vocabulary)
    # a head alone where its first part is no word of the graph ("screenwriter": a writer)
    assert "screen" not in stated_stems("the screenwriter of X", content_stems("written by"))


def test_a_year_written_as_a_decimal_is_a_year_under_a_key_of_time_or_year() -> None:
    # a table's year column read as floats ("2014.0": pandas reads a column with a value missing so); douban-movies'
    # `showtime` (spent): "which year" was answered with the film's languages
    assert value_kind("2014.0", "date", key="showtime") and value_kind("1999.00", "date", key="release_year")
    assert not value_kind("2014.0", "date") and not value_kind("2014.0", "date", key="rate")
    assert not value_kind("2014.5", "date", key="showtime") and not value_kind("169.0", "date", key="showtime")


def test_names_inside_a_run_of_chinese_letters_are_set_apart_longest_first() -> None:
    # Chinese is written without spaces: a film's title typed without 《》 is no word of the question
    names = {"中国合伙人", "中国", "失恋33天", "黄金时代"}
    assert set_apart("中国合伙人是谁拍的？", names) == "中国合伙人 是谁拍的？"  # not 中国, inside it
    assert set_apart("失恋33天的编剧是谁", names) == "失恋33天 的编剧是谁"  # digits inside a title
    assert set_apart("他是中国人", names) == "他是 中国 人"
    assert set_apart("《黄金时代》的导演", names) == "《黄金时代》的导演"  # a whole word already
    assert set_apart("the China Partner 中国", names) == "the China Partner 中国"
    spans = unspaced_spans("失恋33天的编剧 is who")
    assert "失恋33天" in spans and "的编剧" in spans and "is" not in spans and all(len(s) >= 2 for s in spans)
    assert unspaced_spans("the China Partner") == []
    # a name of dotted parts is one word (mtime-top100, spent: "金·凯瑞主演的..." held no name)
    assert set_apart("金·凯瑞主演的那部电影是谁导演的？", {"金·凯瑞"}) == "金·凯瑞 主演的那部电影是谁导演的？"
    assert "金·凯瑞" in unspaced_spans("金·凯瑞主演的那部电影")


def test_a_chinese_question_s_words_read_in_english_outside_its_names() -> None:
    names = {"黄金时代", "中国合伙人"}
    # 时代 ("an era") inside the film's title and 中国 ("China") are no words of the question; 的, 是 say nothing
    assert english_chinese("黄金时代 的导演是谁", names).split() == ["黄金时代", "导演", "director", "directed", "who"]
    assert answer_kind(english_chinese("中国合伙人 是哪一年的电影", names)) == "date"
    assert answer_kind(english_chinese("他导演过多少部电影", names)) == "count"
    # 多少 after what it asks is its value, not a count
    assert answer_kind(english_chinese("评分多少", names)) is None
    assert stem("rating") in content_stems(english_chinese("评分多少", names))
    assert english_chinese("Who directed 中国合伙人?", names) == "Who directed 中国合伙人?"


def test_chinese_words_of_administrative_levels_and_jurisdiction_read_in_english() -> None:
    # lijiang-land-survey (spent): "归哪个镇管辖" asks the town a unit belongs to, "地类编码" a land class's code
    words = content_stems(english_chinese("丽江飞机场 归哪个镇管辖？", {"丽江飞机场"}))
    assert {stem("town"), stem("belongs")} <= words
    assert stem("code") in content_stems(english_chinese("水浇地 的地类编码是多少？", {"水浇地"}))
    # a known name keeps its letters; a longer word is read before a letter inside it (社区 a community, not 区)
    assert english_chinese("拉马古社区居委会 在哪个街道？", {"拉马古社区居委会"}).split()[0] == "拉马古社区居委会"
    assert "community" in english_chinese("社区").split() and "district" not in english_chinese("社区").split()


def test_chinese_words_of_postal_and_dialling_codes_read_in_english() -> None:
    # china-cities (spent): "桂林市的邮政编码" asks the city's 邮政区码, which no word of it met, and its province's was
    # answered through 属于
    asked = content_stems(english_chinese("桂林市的邮政编码是多少", {"桂林市"}))
    assert stem("postcode") in asked and stem("postcode") in content_stems(english_chinese("邮政区码", set()))
    assert stem("postcode") in content_stems(english_chinese("邮编", set()))


def test_chinese_words_of_companies_and_medicines_read_in_english() -> None:
    # a-share-companies and chinese-cardio-drugs (spent): their English keys and types (`industry of`, `employ of`,
    # `prohibition people`, `consumption`) met no word of the questions
    assert english_chinese("孙飘扬任职的公司属于哪个行业？", {"孙飘扬"}).split() == [
        "孙飘扬", "任职", "employed", "employ", "works", "position", "公司", "company", "属于", "belongs", "part",
        "which", "行业", "industry", "sector", "？"]
    assert {stem("prohibition"), stem("people")} <= content_stems(english_chinese("美西律禁用于哪类人群？", {"美西律"}))
    assert stem("consumption") in content_stems(english_chinese("盐酸肼屈嗪片每次用量是多少", {"盐酸肼屈嗪片"}))
    # tenders (hubei-tender-awards, spent: "中标价", "招标人" met none of its keys winning_price, tenderee)
    assert {"winning", "price"} <= set(english_chinese("中国铁建重工集团股份有限公司的中标价是多少？",
                                                        {"中国铁建重工集团股份有限公司"}).split())
    assert "tenderee" in english_chinese("武汉天河机场项目的招标人是谁？").split()


def test_which_language_a_question_reads_in_from_its_words() -> None:
    assert question_language("Hvilket land ligger Burgenland i?") == "nordic"
    assert question_language("Vilka viner kommer från Rioja?") == "nordic"
    assert question_language("Sie kommer fra Oslo og Bergen") == "nordic"  # two words only those languages type
    assert question_language("Wer hat den Brief geschickt?") == "german"
    assert question_language("래미안퍼스티지는 몇 세대야?") == "korean"
    assert question_language("¿Qué puntuación de intercambio tiene la Universidad de Coimbra?") == "spanish"
    assert question_language("Cuántos goles marcó X?") == "spanish"  # a Spanish question word, accented
    assert question_language("Que faire à Paris?") is None  # "que" unaccented is French and Portuguese too
    # Portuguese, by its question word or its first two words (portugal-venues, spent: "concelho", "distrito" met no
    # Municipality or District), read through the same schema words
    assert question_language("Em que concelho fica o Teatro da Politécnica?") == "spanish"
    assert question_language("Quantos lugares tem o Teatro da Politécnica?") == "spanish"
    assert question_language("A que distrito pertence o concelho de Oleiros?") == "spanish"
    assert "district" in english_words("A que distrito pertence o concelho de Oleiros?", "spanish").split()
    # English, however many of its words the others spell too ("man", "land", "by", "art", "den")
    assert question_language("Which man owns the land by the art den?") is None
    assert question_language("Hvar er Oslo?") is None


def test_a_question_s_words_read_in_english_through_endings_compounds_and_particles_but_not_in_names() -> None:
    # Norwegian: the definite ending (-en, -et), a plural (-er), a compound's head and its first part
    assert english_words("Er flasken med X?", "nordic").split() == ["Er", "flasken", "bottle", "med", "X?"]
    assert "price" in english_words("Hva er literprisen på X?", "nordic").split()
    assert stem("id") in content_stems(english_words("Hva er varenummeret til X?", "nordic"))
    assert stem("product") in content_stems(english_words("Hva er varenummeret til X?", "nordic"))
    assert "wine" in english_words("Hvilke viner kommer fra X?", "nordic").split()
    # German: a case ending ("Briefs"), a compound written with a hyphen ("Harris-Nummer"), a participle
    said = english_words("Welches Amt hatte der Absender des Briefs BER3978?", "german").split()
    assert {"office", "sender", "letter"} <= set(said)
    assert "number" in english_words("Welche Harris-Nummer hat der Brief?", "german").split()
    assert "mentioned" in english_words("Wer wird im Brief BER93 erwähnt?", "german").split()
    # ... never inside a name the question says: "Stadt" of "Stadt Danzig" is its name's, not a city asked
    assert english_words("Welchen Brief schickte die Stadt Danzig?", "german", ["Stadt Danzig"]).split() == [
        "Welchen", "Brief", "letter", "schickte", "sent", "sender", "die", "Stadt", "Danzig?"]
    # Korean: a particle on the word, a noun made a verb with 되다, a question word and "몇" with its counter
    assert "constructor" in english_words("반포자이 시공사가 어디야?", "korean").split()
    assert "where" in english_words("반포자이 시공사가 어디야?", "korean").split()
    assert "completion" in english_words("아크로리버파크는 몇 년에 준공됐어?", "korean").split()
    assert answer_kind(english_words("아크로리버파크는 몇 년에 준공됐어?", "korean")) == "date"
    assert "dong" in english_words("서울성모병원은 어느 동에 있나요?", "korean").split()
    assert "fee" in english_words("아쿠아플라넷제주 입장료가 얼마야?", "korean").split()  # jeju-safe-tourism (tune)
    # Spanish: a schema word of the lists, accents folded and a plural ending read; no compound read in one word
    said = english_words("¿Qué puntuación de intercambio tiene la Universidad de Coimbra?", "spanish",
                         ["Universidad de Coimbra"]).split()
    assert said == ["¿Qué", "puntuación", "score", "points", "de", "intercambio", "exchange", "tiene", "la",
                    "Universidad", "de", "Coimbra?"]
    assert "season" in english_words("¿En qué temporadas jugó X?", "spanish").split()
    assert english_words("¿Quién es el subdirector?", "spanish") == "¿Quién es el subdirector?"
    # no language read, or English: unchanged
    assert english_words("Who sent the letter?", None) == "Who sent the letter?"


def test_a_korean_name_typed_without_its_type_word_is_read_as_the_one_name_it_starts() -> None:
    names = ["래미안원베일리아파트", "반포동", "반포자이아파트", "반포자이상가", "서울성모병원"]
    assert complete_names("래미안원베일리는 어느 동에 있어?", names) == "래미안원베일리아파트는 어느 동에 있어?"
    # two names go on from what was typed (a complex and its shops), a name goes on in one letter ("반포" of
    # 반포동), or the word is a name whole: unchanged
    assert complete_names("반포자이 시공사가 어디야?", names) == "반포자이 시공사가 어디야?"
    assert complete_names("반포에 있어?", names) == "반포에 있어?"
    assert complete_names("서울성모병원은 어디야?", names) == "서울성모병원은 어디야?"
    assert complete_names("반포자이 아파트는 어디야?", names) == "반포자이아파트는 어디야?"


def test_chinese_words_of_travel_read_in_english() -> None:
    # china-travel-lounges (spent): "在哪个航站楼" met no key `terminal` and answered the airport's province
    words = english_chinese("三亚凤凰国际机场的供销食堂在哪个航站楼？", {"三亚凤凰国际机场", "供销食堂"})
    assert stem("terminal") in content_stems(words) and answer_kind(words) is None
    assert stem("station") in content_stems(english_chinese("龙腾浦发银行贵宾厅在哪个高铁站？", {"龙腾浦发银行贵宾厅"}))


def test_a_short_verb_that_begins_with_a_vowel_meets_its_forms() -> None:
    # "first used" meets a key `first_global_use` (covid-vaccinations, spent, answered one country's first use)
    assert stem("used") == stem("use") == stem("uses") == stem("using")
    assert stem("aged") == stem("age") and stem("owing") == stem("owe")
    # not a word whose -ed or -ing is its own ("seed", "need", "bring") nor a longer verb's
    assert (stem("seed"), stem("need"), stem("bring"), stem("ended"), stem("acted")) == ("seed", "need", "bring",
                                                                                         "end", "act")


def test_the_whole_world_s_figure_is_global() -> None:
    # "worldwide" and "anywhere in the world" ask a `global_sales`, a `first_global_use` (video-game-sales,
    # covid-vaccinations, spent)
    assert stem("global") in content_stems("How many copies did Halo 3 sell worldwide?")
    assert content_stems("first global use") <= content_stems("When was Moderna first used anywhere in the world?")


def test_how_many_of_a_unit_asks_a_measure_and_a_unit_written_onto_a_formula_says_both() -> None:
    # carbon-bombs (spent): "how many gigatonnes of CO2 could X emit" is its `potential_gtco2` 1.56, not a count
    assert answer_kind("How many gigatonnes of CO2 could the Agha Jari field emit?") == "amount"
    assert answer_kind("How many litres is the bottle?") == "amount" == answer_kind("how many square meters is it")
    assert answer_kind("How many films did she direct?") == "count" == answer_kind("How many tonners were built?")
    assert {stem("gigatonnes"), "co2"} <= content_stems("potential gtco2")
    assert {stem("megatonnes"), stem("co2e")} <= content_stems("mtco2e")
    assert stem("megatonne") not in content_stems("Mt Fuji")
    assert {stem("megawatts"), "capacity"} <= content_stems("capacity_mw")


def test_a_key_written_as_two_abbreviations_run_together_says_both_words() -> None:
    # nav-job-ads (spent): `orgnr` is the organisation number "organisasjonsnummeret" asks for
    assert {"organization", "numb"} <= content_stems("orgnr")
    assert {"maximum", "temperatur"} <= content_stems("tempmax")
    # a word that is one abbreviation, or no run of two, says only itself
    assert content_stems("info") == {"information"} and content_stems("organ") == {"organ"}


def test_a_count_of_a_unit_of_length_or_time_asks_a_length_or_a_duration() -> None:
    from xgrag.retrieval.words import how_dimensions, join_spaced

    assert {stem("length"), "m"} <= how_dimensions("How many meters long is line 1?")
    assert {stem("duration"), "s"} <= how_dimensions("How many seconds does it take from A to B?")
    assert stem("duration") in how_dimensions("how many 몇 minutes 분 does it take")
    assert not how_dimensions("How many stations does line 1 have?") & {stem("length"), stem("duration")}
    # Korean: the unit read in English after "how many"
    q = "녹동역에서 소태역까지 몇 초 걸려?"
    assert stem("duration") in how_dimensions(english_words(q, question_language(q)))
    # a Hangul word typed with a space inside is the word; a longer word it begins is not cut
    assert join_spaced("대전 도시철도 1호선의 노선 연장은 몇 미터야?", {"노선연장", "m"}) == \
        "대전 도시철도 1호선의 노선연장은 몇 미터야?"
    assert join_spaced("신노선 연장", {"노선연장"}) == "신노선 연장"
    assert join_spaced("the line length", {"linelength"}) == "the line length"  # Hangul only


def test_a_key_typed_as_the_graph_writes_it_says_its_words() -> None:
    from xgrag.retrieval.properties import asked_words
    from xgrag.retrieval.words import stated_stems

    # virus-hosts (spent): "¿Cuál es el AssocID de ...?" asks the relationship's `AssocID`
    assert {"assoc", "id"} <= set(asked_words("¿Cuál es el AssocID de la infección?"))
    assert {"assoc", "id"} <= stated_stems("¿Cuál es el AssocID de la infección?", {"assoc", "id", "host"})
    # only words the graph says, and no word in capitals or in lower case alone
    assert "phone" not in stated_stems("the iPhone of X", {"price"})
    assert asked_words("What is the UNIT price?") == ["what", "is", "the", "unit", "price"]


def test_a_moment_stamped_as_twitter_and_mail_headers_write_it_is_a_date_and_no_one() -> None:
    from xgrag.retrieval.words import date_stamp

    for text in ("Wed Jul 01 21:09:53 +0000 2015", "Wed, 01 Jul 2015 21:09:53 +0000", "Mon Jul 20 20:24:14 +0000 2015"):
        assert date_stamp(text) and value_kind(text, "date", key="created_at")
        # `created_at` says "creat", a creator's word: its stamp is still no one
        assert not value_kind(text, "agent", key="created_at")
    assert not date_stamp("Jul 01 21:09") and not date_stamp("Wed Jul")  # no year: no moment
    assert value_kind("Jane Doe", "agent", key="creator")


def test_a_recipe_fraction_is_an_amount_and_a_date_is_not() -> None:
    # kindred-cocktails (the thirty-sixth split's, after its run): "how much yogurt liqueur goes into the PHI-FLIP"
    # is its quantity "7/8", not its unit "oz"
    assert value_kind("7/8", "amount") and value_kind("1 1/2", "amount")
    assert not value_kind("oz", "amount") and not value_kind("12/05/2020", "amount")


def test_chinese_which_with_a_measure_word_is_which() -> None:
    # "哪一檔ETF", "哪個", "哪一部": the measure word (and "one") is no part of the noun asked
    assert english_chinese("台塑是哪一檔ETF的成分股？", {"台塑"}).split()[:3] == ["台塑", "which", "ETF"]
    assert english_chinese("哪個國家", set()).split()[0] == "which"
    assert "一" not in english_chinese("哪一部电影", set())


def test_a_chinese_word_in_traditional_letters_is_one_of_the_words_as_its_simplified_form() -> None:
    from xgrag.retrieval.words import CHINESE_WORDS, traditional

    assert traditional("产业") == "產業" and traditional("台北") == "台北"  # letters alike in both stay
    assert CHINESE_WORDS["產業"] == CHINESE_WORDS["产业"] and CHINESE_WORDS["董事長"] == CHINESE_WORDS["董事长"]
    assert CHINESE_WORDS["代號"] == ("code", "number")


def test_how_many_with_any_measure_word_reads_how_many() -> None:
    # taiwan-stock-knowledge (spent): "持有多少張" (how many lots held) read 多少 alone, "what"
    from xgrag.retrieval.words import english_chinese

    assert "how many" in english_chinese("蔡明介持有多少張聯發科的股票？", ["蔡明介", "聯發科"])
    assert "how many" in english_chinese("有几辆车", []) and "how much" in english_chinese("多少钱", [])


def test_a_name_typed_as_words_is_joined_where_the_graph_writes_it_as_one() -> None:
    from xgrag.retrieval.linking import key_tokens
    from xgrag.retrieval.words import join_typed_names
    stored = {"innsbruckerplatz", "alttegel", "krummelanke", "rathausschoneberg", "new", "york", "newyork"}

    def known(w: str) -> bool:
        return bool(key_tokens(w)) and set(key_tokens(w)) <= stored
    assert join_typed_names("Welcher U-Bahnhof liegt neben dem Innsbrucker Platz?", known) == \
        "Welcher U-Bahnhof liegt neben dem InnsbruckerPlatz?"
    assert join_typed_names("Wie lang ist das Segment zur Endstation Alt-Tegel?", known) == \
        "Wie lang ist das Segment zur Endstation AltTegel?"
    # three words, and two names in one question
    assert join_typed_names("Von Rathaus Schöne Berg bis Krumme Lanke", known) == \
        "Von RathausSchöneBerg bis KrummeLanke"
    # every word typed is a name's word of its own: read as typed
    assert join_typed_names("Trains to New York", known) == "Trains to New York"
    # typed in lower case, or across a comma, or too short: unchanged
    assert join_typed_names("the krumme lanke stop", known) == "the krumme lanke stop"
    assert join_typed_names("Krumme, Lanke", known) == "Krumme, Lanke"
    assert join_typed_names("Al Te", lambda w: w == "AlTe") == "Al Te"


def test_a_key_spelling_an_umlaut_out_says_the_word_with_it() -> None:
    from xgrag.retrieval.words import content_stems
    # "laenge_in_meter" is the Länge "wie lang" asks; "hoehe" the Höhe
    assert "lang" in content_stems("laenge in meter") & content_stems("Wie lang ist das Segment")
    assert content_stems("hoehe") & content_stems("Höhe")
    # words shorter than five letters are left alone
    assert "pom" not in content_stems("poem")


def test_a_date_written_in_chinese_or_japanese_letters_is_a_date() -> None:
    """japanese-mythology (spent): "神嘗祭はいつ行われますか" (when is it held) was answered with another node's
    `verified_at`; the festival's `date_pattern` "10月15-17日(旧暦9月)" was no date."""
    for text in ("10月15-17日(旧暦9月)", "2019年10月1日", "10月15日", "3月", "1999年 3月 8号"):
        assert value_kind(text, "date"), text
    for text in ("月光", "第10月", "10月15日から17日まで毎年行う大祭"):
        assert not value_kind(text, "date"), text


def test_a_word_written_with_a_hyphen_says_its_parts_run_together_as_keys_write_them() -> None:
    # faculty-coauthors (spent): "h-index" is the key hindex, not i10index
    asked = content_stems("What is Thorsten Holz's h-index?")
    assert content_stems(key_text("hindex")) <= asked and not content_stems(key_text("i10index")) & asked
    assert content_stems("email") <= content_stems("Which e-mail address does she use?")
    assert "20142015" not in content_stems("the 2014-2015 season")  # numbers are no word


def test_a_version_written_as_a_key_writes_it_says_its_number() -> None:
    # nvd-cve (spent): "the CVSS 3 base score" is v3.base_score, not v2.base_score
    asked = content_stems("What is the CVSS 3 base score of CVE-2017-0144?")
    assert len(content_stems(key_text("v3.base_score")) & asked) > len(content_stems(key_text("v2.base_score")) & asked)


def test_a_word_typed_with_other_marks_is_another_word() -> None:
    from xgrag.retrieval.words import marks_disagree, typed_otherwise

    # vietnam-nutrition (spent): "chỉ số" (index) linked the clam "Sò", both "so" to a name index that folds marks
    assert marks_disagree("số", "Sò") and typed_otherwise("Chỉ số đường huyết GI của món hummus là bao nhiêu?", "Sò")
    # a word typed without its marks, or a name stored without them, is the same word (portugal-venues, spent)
    assert not marks_disagree("Geres", "Gerês") and not marks_disagree("GERÊS", "gerês")
    assert not typed_otherwise("Animação do Gerês", "Animacao do Geres")
    assert not typed_otherwise("Animacao do Geres", "Animação do Gerês")
    # a name whose marked word the question types alike somewhere is said
    assert not typed_otherwise("Hàm lượng chất xơ trong đậu xanh", "Chất xơ (Fiber)")
    # other words entirely are none of this rule's business
    assert not marks_disagree("số", "sổ sách")


def test_a_word_of_three_letters_with_a_vowel_is_no_slip() -> None:
    # singapore-boards (spent): "which board does X sit on" read "sit" as a slip from the label `sti`
    assert misspelt("sit", {"sti"}) is None and stem("sti") not in stated_stems("does X sit on", {"sti"})
    assert misspelt("gdp", {"gpd"}) == "gpd"  # initials typed in another order still are


def test_a_russian_question_is_read_with_its_words_in_english() -> None:
    # spb-walks (spent): a Russian question over English keys and relations was read as no word of the graph, and
    # every answer was the linked entity's nearest key
    from xgrag.retrieval.words import english_of
    question = "Какова длина маршрута Вдоль Карповки?"
    assert question_language(question) == "russian"
    read = english_words(english_interrogatives(question), "russian", ["Вдоль Карповки"]).split()
    assert read[:2] == ["what", "is"] and "length" in read and "route" in read
    # the name the question says is left as typed (no "river" for a name's word)
    assert english_words("Где находится Аптекарский остров?", "russian", ["Аптекарский остров"]).endswith(
        "Аптекарский остров?")
    # a noun read through its case endings, "ё" as "е"; an adjective's too
    assert english_of("маршруте", "russian") == ("route",)
    assert english_of("включён", "russian") == ("include", "included")
    assert english_of("порядковый", "russian") == ("order", "ordinal")
    assert english_of("стол", "russian") == ()
    # each form of "which" reads as "which", before the noun it asks for
    assert english_interrogatives("В каком маршруте есть X?") == "В which маршруте есть X?"
    assert question_language("Where is Moscow?") is None


def test_a_portuguese_time_noun_asks_a_date_and_por_que_before_a_noun_asks_for_which() -> None:
    # nba-players-of-the-week (spent): "em que semana foi X jogador da semana" asked no date and was answered with a
    # position; "por que equipa jogava X quando ..." read no question word, and its "quando" asked a date
    assert answer_kind(english_interrogatives("Em que semana foi o Jeremy Lin jogador da semana?")) == "date"
    assert answer_kind(english_interrogatives("¿En qué año nació Borges?")) == "date"
    assert english_interrogatives("Por que equipa jogava o Yao Ming quando foi jogador da semana?").startswith(
        "for which equipa jogava o Yao Ming when")
    assert answer_kind(english_interrogatives("Por que equipa jogava o Yao Ming quando foi jogador da semana?")) \
        is None
    # ... and before an article, a name or a verb of being it asks "why": left as typed
    for question in ("Por que o Yao Ming saiu dos Rockets?", "Por que Yao Ming saiu?", "Por que foi cancelado?"):
        assert english_interrogatives(question).startswith("Por que"), question
    assert question_language("Por que equipa jogava o Yao Ming?") == "spanish"


def test_a_day_written_with_its_months_name_is_a_day() -> None:
    # nba-players-of-the-week (spent): the award's date "Feb 13, 2012" read as no day; "when" was answered by a
    # weight of 200, read as a year
    assert value_dates("Feb 13, 2012") == {(2012, 2, 13)}
    assert value_dates("13 February 2012") == {(2012, 2, 13)} and value_dates("Sept. 3, 1999") == {(1999, 9, 3)}
    assert value_dates("Oct 2012") == set()  # a month, no day
    assert value_dates("Visit on Feb 13, 2012 at the park") == set()  # a text with a day in it, not a day


def test_a_payment_is_what_is_paid() -> None:
    # nyc-checkbook-payments (spent): "the city's payment to Fitch Ratings" read no word of the contract PAID_TO Fitch
    assert content_stems("What was the city's payment to Fitch Ratings for?") & content_stems("PAID TO") == {"pay"}


def test_a_name_typed_as_the_noun_a_chinese_question_word_asks_for_is_not_named() -> None:
    # overseas-relics (spent): "收藏X的博物馆位于哪座城市" asks for a city; the artifact titled 城市 was linked
    assert asked_after_which("收藏猪舍和厕所模型的博物馆位于哪座城市？", "城市")
    assert asked_after_which("他在哪个城市", "城市")
    assert not asked_after_which("城市这件作品藏于哪个博物馆？", "城市")  # named first, then asked about
    assert not asked_after_which("哪座城市博物馆收藏了它？", "城市")  # a compound's first part, not the noun
    assert not asked_after_which("观音之首现在收藏在哪家博物馆？", "城市")  # not typed
