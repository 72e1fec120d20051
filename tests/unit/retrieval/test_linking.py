from xgrag.model import Node
from xgrag.retrieval.linking import (
    LinkedEntity,
    abbreviated_forms,
    candidate_spans,
    case_parties,
    cited_codes,
    cited_head,
    code_prefixes,
    code_spellings,
    demonym_places,
    hosted,
    in_named_order,
    key_tokens,
    kind_placed,
    kind_said,
    lowered_names,
    lucene_query,
    made_by_prefixes,
    most_said,
    name_core,
    normalise,
    number_units,
    part_coverage,
    question_terms,
    record_numbers,
    record_text_spans,
    same_word,
    select_cases,
    select_demonyms,
    select_held,
    select_made_by,
    select_mentions,
    select_parts,
    select_record_texts,
    select_reordered,
    select_whole,
    short_forms,
    typed_as_stored,
    uncovered_words,
    word_query,
    word_variants,
)
from xgrag.retrieval.words import english_interrogatives


def test_lucene_query_escapes_everything() -> None:
    q = lucene_query('who is "Bob" AND (Alice)? title:x* ~2 \\ / [a] {b}')
    assert '"' not in q.replace('\\"', "")
    for ch in "()*?~:[]{}/":
        assert ch not in q.replace("\\" + ch, "")
    assert lucene_query("what is the") == ""


def test_candidate_spans_include_brackets_and_title_case() -> None:
    spans = candidate_spans("who directed [The Mask] with jim carrey")
    assert "The Mask" in spans and "Jim Carrey" in spans and "jim carrey" in spans


def test_select_prefers_longest_non_overlapping_mentions() -> None:
    cands = [(Node("1", "Paul"), 1.0), (Node("2", "Paul Hogan"), 1.0), (Node("3", "Hogan"), 1.0),
             (Node("4", "Crocodile Dundee"), 1.0)]
    linked = select_mentions("did paul hogan star in crocodile dundee", cands)
    assert sorted(le.node.id for le in linked) == ["2", "4"]


def test_brackets_win_and_aliases_count() -> None:
    cands = [(Node("1", "Tom Gries", aliases=("T. Gries",)), 1.0), (Node("2", "100 Rifles"), 1.0)]
    linked = select_mentions("who directed [100 Rifles] like t. gries", cands)
    assert [le.node.id for le in linked] == ["2"] and linked[0].method == "bracket"
    linked = select_mentions("films by t. gries", cands)
    assert [le.node.id for le in linked] == ["1"]


def test_a_title_typed_without_its_qualifier_in_brackets_is_linked_as_a_short_form() -> None:
    # k-dramas (spent): the series "My Love from the Star (Korean: 별에서 온 그대)" is typed without its Korean title
    cands = [(Node("1", "My Love from the Star (Korean: 별에서 온 그대)"), 1.0), (Node("2", "Cheon Song-yi"), 1.0),
             (Node("3", "Star (magazine)"), 1.0)]
    linked = select_mentions("Who played Cheon Song-yi in My Love from the Star?", cands)
    assert sorted((le.node.id, le.method) for le in linked) == [("1", "short"), ("2", "exact")]


def test_a_one_word_name_before_its_qualifier_is_linked_only_where_typed_capitalised_inside_the_sentence() -> None:
    # comic-characters (spent): "Is the Joker a good or a bad character?" for "Joker (New Earth)"; a common word
    # ("star", "joker") in lower case, at the question's start or in a Title Case question names nothing
    cands = [(Node("1", "Joker (New Earth)"), 1.0), (Node("2", "Star (magazine)"), 1.0),
             (Node("3", "Batman (New Earth)"), 1.0)]
    linked = select_mentions("Is the Joker a good or a bad character?", cands)
    assert [(le.node.id, le.method, le.mention) for le in linked] == [("1", "short", "joker")]
    assert [le.node.id for le in select_mentions("Which magazine is called Star?", cands)] == ["2"]
    # two such names on the same word are told apart by their other words the question says
    cands = [(Node("c", "Rhino (cd, 2006)"), 1.0), (Node("d", "Rhino (digital, 2006)"), 1.0)]
    assert [le.node.id for le in select_mentions("Which record did Rhino put out as a digital release in 2006?",
                                                 cands)] == ["d"]
    assert sorted(le.node.id for le in select_mentions("What did Rhino put out?", cands)) == ["c", "d"]
    cands = [(Node("1", "Joker (New Earth)"), 1.0), (Node("2", "Star (magazine)"), 1.0)]
    for question in ("Is the joker a good character?", "Joker is good or bad?", "Who is the star of the show?",
                     "Is The Joker A Good Character?", "Who was there. Star of the show?"):
        assert select_mentions(question, cands) == [], question


def test_a_thing_s_name_run_into_its_maker_s_is_linked_where_typed_with_by_between_them() -> None:
    # fragrantica-perfumes (spent): "Zazen by Robert Piguet" is "Zazen Robert Piguet for women and men"; the maker
    # alone is still its own name, and "by" with nothing of the thing before it links no thing
    cands = [(Node("1", "Zazen Robert Piguet for women and men"), 1.0), (Node("2", "Robert Piguet"), 1.0),
             (Node("3", "Titanium Gisada for men"), 1.0), (Node("4", "Titanium"), 1.0)]
    linked = select_mentions("Who is Zazen by Robert Piguet meant for?", cands)
    assert [(le.node.id, le.method, le.mention) for le in linked] == [("1", "short", "zazen by robert piguet")]
    assert [le.node.id for le in select_mentions("What is Titanium by Gisada rated?", cands)] == ["3"]
    assert [le.node.id for le in select_mentions("Which perfume is made by Robert Piguet?", cands)] == ["2"]
    # more than a few words of the name left untyped: not that name
    cands = [(Node("5", "Zazen Robert Piguet limited edition of the year two thousand"), 1.0)]
    assert select_mentions("Who is Zazen by Robert Piguet meant for?", cands) == []


def test_a_name_typed_with_its_qualifier_in_brackets_said_first_is_linked_as_a_short_form() -> None:
    # exrx-exercises (spent): "the selectorized sled" is "Sled (selectorized)", not the plain "Sled" beside it
    cands = [(Node("1", "Sled (selectorized)"), 1.0), (Node("2", "Sled"), 1.0), (Node("3", "Sled (plate loaded)"), 1.0)]
    linked = select_mentions("Which exercise is done on the selectorized sled?", cands)
    assert [(le.node.id, le.method) for le in linked] == [("1", "short")]
    linked = select_mentions("Which muscle is targeted by the exercise done on the plate-loaded sled?", cands)
    assert [(le.node.id, le.method) for le in linked] == [("3", "short")]


def test_stopword_names_are_not_linked_unless_bracketed() -> None:
    cands = [(Node("1", "It"), 1.0)]
    assert select_mentions("what is it about", cands) == []
    assert [le.node.id for le in select_mentions("who directed [It]", cands)] == ["1"]
    assert normalise("  Dr.  Watson! ") == "dr watson"


def test_lowercase_keywords_are_not_seeds_beside_a_specific_name() -> None:
    cands = [(Node("t", "director"), 1.0), (Node("f", "Out to Sea"), 1.0), (Node("g", "ghost"), 1.0),
             (Node("y", "1997"), 1.0)]

    def ids(question: str, extra: tuple[Node, ...] = ()) -> list[str]:
        return sorted(le.node.id for le in select_mentions(question, [*cands, *((n, 1.0) for n in extra)]))

    # a role word beside a title: the title only
    assert ids("who is the director of Out to Sea") == ["f"]
    # typed in lower case, the title is still several words: specific
    assert ids("who is the director of out to sea") == ["f"]
    # nothing specific: the keyword is what the question is about
    assert ids("which films are about ghost") == ["g"]
    assert ids("films tagged ghost and director") == ["g", "t"]
    # a year is specific, not a keyword
    assert ids("which ghost films came out in 1997") == ["y"]
    # a word the graph stores capitalised is a name (LLM-built graphs: "Rabbit"), kept beside another name
    assert ids("what did the rabbit eat in Out to Sea", (Node("r", "Rabbit"),)) == ["f", "r"]
    # a word the question capitalises is specific
    assert ids("films about Ghost and director") == ["g"]
    # brackets still win outright
    assert ids("who is the [director] of Out to Sea") == ["t"]


def test_a_lowercase_name_of_the_same_type_as_a_specific_one_is_a_peer_not_a_keyword() -> None:
    # a graph that stores every disease in lower case: "obesity" is a disease beside "heart failure", not a tag
    cands = [(Node("o", "obesity", type="disease"), 1.0), (Node("h", "heart failure", type="disease"), 1.0),
             (Node("t", "link", type="tag"), 1.0)]
    linked = select_mentions("What is the weight of the link between obesity and heart failure?", cands)
    assert sorted(le.node.id for le in linked) == ["h", "o"]
    # a role word of another type beside a title is still dropped
    cands = [(Node("t", "director", type="Tag"), 1.0), (Node("f", "Out to Sea", type="Movie"), 1.0)]
    assert [le.node.id for le in select_mentions("who is the director of Out to Sea", cands)] == ["f"]


def test_a_lowercase_name_after_its_own_kind_s_word_is_named_not_a_keyword() -> None:
    # pbot-leaf-architecture (spent): states of leaf characters are stored in lower case; "the state canaliculate"
    # names one by kind and name, beside "leaf", an Organ stored capitalised
    cands = [(Node("s", "canaliculate", type="State"), 1.0), (Node("l", "Leaf", type="Organ"), 1.0)]
    linked = select_mentions("Which leaf character has the state canaliculate?", cands)
    assert sorted(le.node.id for le in linked) == ["l", "s"]
    # without its kind's word it is a keyword beside a specific name, as before
    linked = select_mentions("Which leaf character is canaliculate?", cands)
    assert [le.node.id for le in linked] == ["l"]
    # a role word after a word of another kind is still dropped
    cands = [(Node("t", "director", type="Tag"), 1.0), (Node("f", "Out to Sea", type="Movie"), 1.0)]
    assert [le.node.id for le in select_mentions("who is the film director of Out to Sea", cands)] == ["f"]


def test_a_letter_joined_to_a_word_by_a_hyphen_is_no_name() -> None:
    # european-e-roads (spent): Spain's vehicle code "E" was linked in "which E-road"; the compound whole still links
    cands = [(Node("e", "E", type="Country"), 1.0), (Node("l", "Larne", type="Place"), 1.0),
             (Node("x", "X-Men", type="Movie"), 1.0), (Node("m", "Men", type="Movie"), 1.0)]
    assert [le.node.id for le in select_mentions("Which E-road runs from Larne?", cands)] == ["l"]
    assert [le.node.id for le in select_mentions("Who directed X-Men?", cands)] == ["x"]
    # the letter typed as a word of its own is still a name
    assert "e" in [le.node.id for le in select_mentions("Which places are in E?", cands)]


def test_among_keywords_a_function_word_names_nothing_and_a_schema_word_asks() -> None:
    # a graph of common words: every English meaning of a kanji is a node named by it, in lower case
    cands = [(Node(w, w, type="Meaning"), 1.0) for w in ("cat", "level", "means", "that", "you", "learn")]
    schema = frozenset({"kanji", "level", "mean", "read"})  # Kanji, Level, HAS_LEVEL, HAS_MEANING, HAS_READING

    def ids(question: str, stems: frozenset[str] = schema) -> list[str]:
        return sorted(le.node.id for le in select_whole(question, cands, stems)[0])

    assert ids("What JLPT level is the kanji that means cat?") == ["cat"]
    assert ids("At which level do you learn the kanji?") == ["learn"]
    # without the mapping's words the keywords stay, function words aside
    assert ids("What JLPT level is the kanji that means cat?", frozenset()) == ["cat", "level", "means"]
    # a schema word alone is still what the question names ("which kanji mean level")
    assert ids("Which kanji has the meaning level?") == ["level"]
    # typed in lower case beside a name, a label's word says a kind, though a node of that name is capitalised
    cands.extend([(Node("A", "Alignment", type="Keyword"), 1.0), (Node("s", "Port Closure", type="RSD"), 1.0)])
    assert ids("What is the alignment of Port Closure?", frozenset({"alignment"})) == ["s"]
    assert ids("Which skills have the keyword Alignment?", frozenset({"alignment"})) == ["A"]


# -- questions as people type them (issue 15.2) ---------------------------------------------------------------

def test_key_tokens_fold_case_diacritics_and_possessives() -> None:
    assert key_tokens("Who bought Della’s hair?") == ("who", "bought", "della", "hair")
    assert key_tokens("the Sparrows' nest, Amélie") == ("the", "sparrows", "nest", "amelie")


def test_singular_and_plural_are_the_same_word_but_short_words_only_when_equal() -> None:
    assert same_word("shoe", "shoes") and same_word("bushes", "bush") and same_word("berry", "berries")
    assert not same_word("as", "a") and not same_word("cat", "cast")


def test_possessive_names_are_shortened_to_what_is_possessed() -> None:
    assert name_core("Mr. Mcgregor'S Garden") == ("garden",)
    assert name_core("Mr. McGregor") == ("mcgregor",) and name_core("Madame Sofronie") == ("sofronie",)
    assert part_coverage(("peter",), "Peter'S Father") == 0.0  # Peter's father is not Peter


def test_a_run_must_begin_or_end_the_name() -> None:
    assert part_coverage(("chain",), "Platinum Fob Chain") == 1 / 3
    assert part_coverage(("fob",), "Platinum Fob Chain") == 0.0  # the middle of a name is not a mention of it
    assert part_coverage(("comb",), "Combs") == 1.0
    assert part_coverage(("old",), "Old Mouse") == 0.0 and part_coverage(("five",), "Five Currant Buns") == 0.0


def test_select_parts_keeps_the_best_covered_names_and_drops_ambiguous_runs() -> None:
    cands = [(Node("1", "Platinum Fob Chain"), 1.0), (Node("2", "Madame Sofronie"), 1.0),
             (Node("3", "Jim"), 1.0), (Node("4", "Mrs. Rabbit"), 1.0), (Node("5", "Peter Rabbit"), 1.0)]
    linked = select_parts("where did sofronie keep the chain", cands)
    assert [(le.node.id, le.mention) for le in linked] == [("1", "chain"), ("2", "sofronie")]
    # "rabbit" is all of Mrs. Rabbit's name after the title, half of Peter Rabbit's: Mrs. Rabbit only
    assert [le.node.id for le in select_parts("the rabbit", cands)] == ["4"]
    many = [(Node(str(i), f"Peter {n}"), 1.0) for i, n in enumerate(["A", "B", "C", "D"])]
    assert select_parts("films with peter", many) == []  # 4 > MAX_PARTIAL names begin with "peter"
    assert select_parts("what did peter eat", many[:2], saturated=["peter"]) == []


def test_a_title_typed_alone_covers_the_whole_of_a_name_composed_with_its_season() -> None:
    # nba-six-dribbles (spent): "WAT" is the team WAT 1949-1950 as people call it, all of it; half of a player's name
    cands = [(Node("1", "wat misaka", "Player"), 1.0), (Node("2", "WAT 1949-1950", "Team"), 1.0)]
    assert [le.node.id for le in select_parts("In what season did WAT play?", cands)] == ["2"]
    # a title many seasons share names none of them
    seasons = [(Node(str(i), f"LAL {y}-{y + 1}", "Team"), 1.0) for i, y in enumerate(range(1990, 1995))]
    assert select_parts("Who played for LAL?", seasons) == []
    # a name that ends with a year is no season's edition: "wat" covers half of each name, and both are kept
    assert [le.node.id for le in select_parts("What did wat win?", [
        (Node("1", "wat misaka", "Player"), 1.0), (Node("2", "WAT 1949", "Team"), 1.0)])] == ["1", "2"]


def test_a_run_that_ends_a_name_already_begun_is_that_name_s_other_part() -> None:
    # "the Temple of Heaven in Beijing": the beginning and the end of one name; "Beijing" ends a shorter name too,
    # which it covers more of, and was read as mentioned (china-world-heritage, spent)
    cands = [(Node("1", "Summer Palace, an Imperial Garden in Beijing"), 1.0),
             (Node("2", "Temple of Heaven: an Imperial Sacrificial Altar in Beijing"), 1.0)]
    linked = select_parts("When was the Temple of Heaven in Beijing built?", cands)
    assert [(le.node.id, le.mention) for le in linked] == [("2", "temple of heaven")]
    # the end said alone still mentions the name it covers most of
    assert [le.node.id for le in select_parts("Which palace is in Beijing?", cands)] == ["1"]


def test_a_kind_s_word_with_a_foreign_preposition_names_no_part_of_a_name() -> None:
    # "el campus de Montegancedo": "campus de" begins two other campuses' names, and "universidad", a fact key, a
    # station's (madrid-metro-campuses, spent: three campuses and a station were read as named)
    cands = [(Node("1", "CAMPUS MONTEGANCEDO"), 1.0), (Node("2", "CAMPUS DE MOSTOLES"), 1.0),
             (Node("3", "UNIVERSIDAD REY JUAN CARLOS"), 1.0)]
    question = "¿A qué universidad pertenece el campus de Montegancedo?"
    assert [le.node.id for le in select_parts(question, cands, kinds=["Campus", "Universidad"])] == ["1"]
    # without the kinds, the words are parts of those names
    assert {le.node.id for le in select_parts(question, cands)} == {"1", "2", "3"}


def test_whole_names_cover_their_words() -> None:
    cands = [(Node("1", "Paul Hogan"), 1.0), (Node("2", "Paul Newman"), 1.0)]
    # "paul" lies inside the whole-name mention "paul hogan": it links nothing else
    linked = select_mentions("did paul hogan act", cands) + select_parts("did paul hogan act", cands, {1, 2})
    assert [le.node.id for le in linked] == ["1"]


def test_queries_carry_singular_plural_and_possessive_forms() -> None:
    assert word_variants("shoe") == ["shoe", "shoes"]
    assert "cabbage" in word_variants("cabbages") and "berry" in word_variants("berries")
    assert lucene_query("della's hair").split(" OR ")[:2] == ["della", "dellas"]
    assert word_query("net") == "net OR nets OR netes"
    assert "Della" in candidate_spans("who bought Della's hair")
    assert uncovered_words("who chased peter rabbit", {2, 3}) == ["chased"]


def test_a_number_links_an_entity_named_by_it_whole_never_a_part_of_a_date_or_decimal() -> None:
    # MetaQA years and films named by numbers are entities the question names; a date, a price or a bare key is not
    nodes = [(Node(n, n), 1.0) for n in ("1997", "12", "18", "08", "Order 10248", "Nancy Davolio")]

    def linked(question: str) -> set[str]:
        return {le.node.name for le in select_mentions(question, nodes) or select_parts(question, nodes)}

    assert linked("which films were released in 1997") == {"1997"}
    assert linked("what genre is 12") == {"12"}
    assert linked("Who was born on 1948-12-08?") == set()  # "12" and "08" are parts of the date
    assert linked("Which product costs 18.0?") == set()
    assert linked("What did order 10248 contain?") == {"Order 10248"}
    assert linked("What did 10248 contain?") == set()  # the number alone is not the order
    assert linked("Was Nancy Davolio born on 1948-12-08 or in 12?") == {"Nancy Davolio", "12"}
    assert number_units("born 1948-12-08, paid 18.0 at 10:30") == [(1, 4), (5, 7), (8, 10)]


def test_a_word_that_names_a_kind_of_entity_is_not_part_of_a_name() -> None:
    nodes = [(Node("c1", "Dairy Products", "Category"), 1.0), (Node("p1", "Chai", "Product"), 1.0)]
    assert select_parts("Which product costs 18.0?", nodes, kinds=["Product", "Category"]) == []
    assert [le.node.name for le in select_parts("Which product costs 18.0?", nodes)] == ["Dairy Products"]
    assert [le.node.name for le in select_parts("what does the dairy cost", nodes, kinds=["Product"])] == [
        "Dairy Products"]


def test_a_name_said_in_another_order_is_linked_and_said_so() -> None:
    cands = [(Node("d1", "Oysters: Steamed"), 1.0), (Node("d2", "Oysters, Fried"), 1.0),
             (Node("d3", "White Rock Water (pint bottle)"), 1.0), (Node("d4", "Hotel Marlborough"), 1.0)]
    q = "How much did the Virginia Hotel charge for steamed oysters?"
    linked = select_reordered(q, cands)
    assert [(le.node.id, le.method, le.mention) for le in linked] == [("d1", "reordered", "steamed oysters")]
    q2 = "How much was a pint bottle of White Rock Water at Ye Tea Cup Inne?"
    assert [le.node.id for le in select_reordered(q2, cands)] == ["d3"]
    # words already linked whole, words in the name's own order, or words far apart link nothing
    assert select_reordered(q, cands, covered={8, 9}) == []
    assert select_reordered("where is hotel marlborough", cands) == []
    assert select_reordered("fried chicken with rice, beans and a dozen oysters", cands) == []
    # a person's name stored surname first is typed given name first, without its initials, titles or suffixes
    # (georgia-fec-2022, spent: FEC filings)
    donors = [(Node("p1", "Foley, William P"), 1.0), (Node("p2", "Foley, Carol J"), 1.0),
              (Node("p3", "Jones, Randolph B. Mr. Jr."), 1.0)]
    assert [le.node.id for le in select_reordered("Which committee did William Foley donate to?", donors)] == ["p1"]
    assert [le.node.id for le in select_reordered("What does Randolph Jones do?", donors)] == ["p3"]
    assert select_reordered("Which committee did Carol donate to?", donors) == []


def test_a_company_named_without_its_legal_form_is_linked_and_said_so() -> None:
    cands = [(Node("f", "FEDEX CORP"), 1.0), (Node("r", "Royal Bank of Canada"), 1.0),
             (Node("a", "ATLASSIAN CORP PLC"), 1.0), (Node("k", "Kingdon Capital Management, L.L.C."), 1.0)]
    linked = select_mentions("How many FedEx shares does Royal Bank of Canada own?", cands)
    assert [(le.node.id, le.method, le.mention) for le in linked] == [("f", "short", "fedex"),
                                                                      ("r", "exact", "royal bank of canada")]
    assert [(le.node.id, le.mention) for le in select_mentions("who owns atlassian corp", cands)] == \
        [("a", "atlassian corp")]
    assert [le.node.id for le in select_mentions("where is kingdon capital management", cands)] == ["k"]
    # an entity whose whole name is those words wins over a company's short form; a legal form alone names nothing
    both = [*cands, (Node("x", "FedEx"), 1.0), (Node("c", "Co"), 1.0)]
    assert [le.node.id for le in select_mentions("who founded fedex", both)] == ["x"]
    assert short_forms(("co",)) == [] and short_forms(("a", "inc")) == []


def test_a_person_named_without_her_honorifics_is_linked_and_said_so() -> None:
    # uk-party-donations (spent): the register stores recipients with their style and office
    cands = [(Node("p", "The Rt Hon Mike Penning MP", "Recipient"), 1.0),
             (Node("h", "Mrs Carolyn Harris", "Recipient"), 1.0), (Node("j", "JT Consultancy Ltd", "Donor"), 1.0),
             (Node("m", "Mrs Harris", "Recipient"), 1.0)]
    linked = select_mentions("How much did JT Consultancy Ltd donate to Mike Penning?", cands)
    assert [(le.node.id, le.method, le.mention) for le in linked] == [("j", "exact", "jt consultancy ltd"),
                                                                      ("p", "short", "mike penning")]
    assert [(le.node.id, le.method) for le in select_mentions("who gave to carolyn harris", cands)] == \
        [("h", "short")]
    # two words at least: "Harris" alone is a part of a name (tier 2), a lone title or office names no one
    assert select_mentions("who gave to harris", cands) == []
    assert short_forms(("mrs", "harris")) == [] and short_forms(("jane", "mp")) == []
    assert short_forms(("the", "right", "honourable", "theresa", "may", "mp"))[-1] == ("theresa", "may")


def test_a_person_named_without_middle_initials_or_generation_is_linked_and_said_so() -> None:
    # trumpworld (spent): people say Roger Stone, the register stores "ROGER J. STONE, JR."
    cands = [(Node("s", "ROGER J. STONE, JR.", "Person"), 1.0), (Node("t", "DONALD J. TRUMP", "Person"), 1.0),
             (Node("j", "DONALD TRUMP JR.", "Person"), 1.0), (Node("k", "ROGER KHAFIF", "Person"), 1.0)]
    assert [(le.node.id, le.method, le.mention) for le in select_mentions(
        "Which firm bought the lobbying firm Roger Stone co-founded?", cands)] == [("s", "short", "roger stone")]
    # the one whose name holds no generation is meant where the question types none, the other where it does
    assert [le.node.id for le in select_mentions("Who is Donald Trump's lawyer?", cands)] == ["t"]
    assert [le.node.id for le in select_mentions("Who is Donald Trump Jr.'s lawyer?", cands)] == ["j"]
    assert ("roger", "stone") in short_forms(("roger", "j", "stone", "jr"))
    # initials first are no given name, and a middle name is not an initial: no short form
    assert short_forms(("j", "r", "smith")) == [] and short_forms(("martin", "luther", "king"))[-1:] != [
        ("martin", "king")]


def test_an_abbreviation_a_name_declares_in_brackets_names_it() -> None:
    # nigeria-oil-contracts (spent): "CNOOC" for "China National Offshore Oil Corporation (CNOOC)"
    assert abbreviated_forms("China National Offshore Oil Corporation (CNOOC)") == [
        ("cnooc",), ("china", "national", "offshore", "oil", "corporation")]
    assert abbreviated_forms("Hyson (Nigeria) Limited") == [] and abbreviated_forms("Plan (B)") == []
    # ... or inside it, as a law's kind is (indonesia-it-regulations, spent)
    assert abbreviated_forms("Peraturan Pemerintah (PP) Nomor 46 Tahun 2021") == [
        ("pp", "nomor", "46", "tahun", "2021"), ("peraturan", "pemerintah", "nomor", "46", "tahun", "2021")]
    cands = [(Node("c", "China National Offshore Oil Corporation (CNOOC)", "Company"), 1.0),
             (Node("p", "Petrobras", "Company"), 1.0)]
    assert [(le.node.id, le.method, le.mention) for le in select_mentions(
        "What share does CNOOC hold in the contract?", cands)] == [("c", "short", "cnooc")]


def test_a_name_typed_exactly_leaves_room_for_another_kinds_longer_form_and_an_article_names_nothing() -> None:
    # uk-party-donations (spent): a donor "Open Britain" and a recipient "Open Britain Ltd"; the same kind's longer
    # form stays out (an entity named exactly by the words is the one meant of its kind)
    cands = [(Node("d", "Open Britain", "Donor"), 1.0), (Node("r", "Open Britain Ltd", "Recipient"), 1.0),
             (Node("l", "Open Britain Limited", "Donor"), 1.0)]
    linked = select_mentions("How much did Ferring give Open Britain?", cands)
    assert [(le.node.id, le.method) for le in linked] == [("d", "exact"), ("r", "short")]
    # "the X Ltd": the stored "X Ltd" covers every word that names something; "The X" leaves "ltd" over
    trusts = [(Node("t", "The Joseph Rowntree Reform Trust", "Donor"), 1.0),
              (Node("l", "Joseph Rowntree Reform Trust Ltd", "Donor"), 1.0)]
    assert [le.node.id for le in select_mentions("when did the Joseph Rowntree Reform Trust Ltd donate", trusts)] \
        == ["l"]
    assert [le.node.id for le in select_mentions("when did the Joseph Rowntree Reform Trust donate", trusts)] \
        == ["t"]


def test_a_name_whose_last_word_the_question_inflects_is_linked_and_said_so() -> None:
    cands = [(Node("l", "Liberal Democrat"), 1.0), (Node("u", "Chuka Umunna"), 1.0), (Node("s", "Shoe"), 1.0)]
    linked = select_mentions("When did Chuka Umunna join the Liberal Democrats?", cands)
    assert [(le.node.id, le.method, le.mention) for le in linked] == [("u", "exact", "chuka umunna"),
                                                                      ("l", "plural", "liberal democrats")]
    assert select_mentions("where are the shoes", cands) == []  # one word: only as typed (partial linking's job)
    # the name as typed wins over another's inflected on the same words
    both = [*cands, (Node("d", "Liberal Democrats"), 1.0)]
    assert [le.node.id for le in select_mentions("who leads the liberal democrats", both)] == ["d"]


def test_a_name_said_with_an_article_inside_is_linked_as_typed() -> None:
    cands = [(Node("v", "BURGLARY FROM VEHICLE"), 1.0), (Node("b", "BURGLARY"), 1.0), (Node("c", "VEHICLE"), 1.0),
             (Node("t", "The Hague"), 1.0)]

    def ids(question: str) -> list[str]:
        return sorted(le.node.id for le in select_whole(question, cands)[0])

    assert ids("What is the crime code for burglary from a vehicle?") == ["v"]
    assert ids("What is the crime code for burglary from vehicle?") == ["v"]
    # an article before the name, or one word with an article after it, is no name said with an article inside
    assert ids("Was the burglary in a vehicle?") == ["b", "c"]


def test_a_word_saying_a_number_between_a_kind_and_its_value_is_skipped() -> None:
    from xgrag.retrieval.linking import _typed_after

    words = "What is LAPD area number 12 called and area no. 7 and area 3?".split()
    low = [w.lower() for w in words]
    assert _typed_after(words, low, ["area"]) == {"area number 12": "12", "area no. 7": "7", "area 3?": "3"}


def test_a_one_word_title_typed_in_lower_case_beside_a_capitalised_name_is_a_word_of_the_question() -> None:
    cands = [(Node("m", "Made", type="Song"), 1.0), (Node("o", "Old Town Road", type="Song"), 1.0),
             (Node("f", "Fall", type="Movie"), 1.0)]

    def ids(question: str) -> list[str]:
        return sorted(le.node.id for le in select_whole(question, cands)[0])

    assert ids("Who made the song that Old Town Road samples?") == ["o"]
    # typed as stored, or in a question typed all in lower case, it is the title
    assert ids("Who sang Made and Old Town Road?") == ["m", "o"]
    assert ids("who directed fall") == ["f"]
    # after a name, as what it possesses, it is the thing named
    cands.extend([(Node("d", "Della", type="Person"), 1.0), (Node("h", "Hair", type="Thing"), 1.0)])
    assert ids("Who bought Della's hair?") == ["d", "h"]
    # in a French question "a" is the verb avoir, no article (paris-library-loans, spent: the book "Été" was linked
    # inside "a été publié"); in English "a" still is one
    cands.extend([(Node("e", "Été", type="Livre"), 1.0), (Node("k", "Kishwar Desai", type="Auteur"), 1.0)])
    assert ids("Chez quel éditeur a été publié le livre de Kishwar Desai ?") == ["k"]
    assert ids("Who wrote a fall poem for Kishwar Desai?") == ["f", "k"]


def test_a_pronoun_typed_in_lower_case_names_nothing_after_an_article() -> None:
    # doctor-who (spent): "the one Sutekh appears in" linked the planet "One"; a name said so is still one
    cands = [(Node("o", "One", type="Planet"), 1.0), (Node("s", "Sutekh", type="Character"), 1.0)]

    def ids(question: str) -> list[str]:
        return sorted(le.node.id for le in select_whole(question, cands)[0])

    assert ids("Which story came after the one Sutekh appears in?") == ["s"]
    assert ids("Did Sutekh ever visit One?") == ["o", "s"]


def test_a_word_typed_with_its_marks_is_searched_without_them_too() -> None:
    from xgrag.retrieval.linking import question_terms

    # portugal-venues (spent): the name index stores "ANIMAÇÃO DO GERÊS" as "animacao", "geres" (key_tokens)
    terms = question_terms("Em que concelho fica o Auditório do Centro de Animação do Gerês?")
    assert {"animação", "animacao", "gerês", "geres", "auditorio"} <= set(terms)
    assert question_terms("Who directed Alien?") == [t for t in question_terms("Who directed Alien?")
                                                     if t.isascii()]


def test_titles_typed_in_lower_case_one_after_the_other_are_a_phrase_of_the_question() -> None:
    # tmdb-films (spent): "the box office" linked the films "The Box" and "Office" beside the film named
    cands = [(Node("c", "Children of a Lesser God", type="Movie"), 1.0), (Node("b", "The Box", type="Movie"), 1.0),
             (Node("o", "Office", type="Movie"), 1.0)]

    def ids(question: str) -> list[str]:
        return sorted(le.node.id for le in select_whole(question, cands)[0])

    assert ids("How much did Children of a Lesser God earn at the box office?") == ["c"]
    # one alone, after an article, is still the thing named; typed as stored, the titles
    assert ids("Is Children of a Lesser God older than the box?") == ["b", "c"]
    assert ids("Did Children of a Lesser God earn more than The Box or Office?") == ["b", "c", "o"]


def test_a_word_of_the_key_between_a_kind_and_its_value_is_skipped_and_a_label_alone_names_nothing() -> None:
    """"racket model 87" names the Racket keyed by modelID 87; a node named by its label alone ("Tension") is linked
    by no word of a question (the word says the kind asked), though by its key or its values it is."""
    from xgrag.retrieval.linking import LinkedEntity, _typed_after, named_by_label

    words = "What is the price of racket model 87?".split()
    low = [w.lower() for w in words]
    assert _typed_after(words, low, ["racket"]) == {"racket model": "model"}
    assert _typed_after(words, low, ["racket"], ["model"]) == {"racket model 87?": "87"}
    tension = Node("t", "Tension", type="Tension")
    assert named_by_label(LinkedEntity(tension, "exact", 1.0, "tension"))
    assert not named_by_label(LinkedEntity(tension, "key", 1.0, "tension 7"))
    assert not named_by_label(LinkedEntity(Node("r", "Racket 87", type="Racket"), "exact", 1.0, "racket 87"))


def test_candidate_spans_hold_a_quoted_title_and_a_path_whole() -> None:
    spans = candidate_spans('Who opened the atlas issue "Error during DRAM download; processing vogdb"?')
    assert "Error during DRAM download; processing vogdb" in spans  # the n-grams drop the ";"
    spans = candidate_spans("What kind of artifact is results/plots/horsepower_vs_mpg.altair.html?")
    assert "results/plots/horsepower_vs_mpg.altair.html" in spans  # the n-grams split it at each "/"
    assert "sunbeam-labs/sunbeam" in candidate_spans("What is sunbeam-labs/sunbeam's description?")


def test_candidate_spans_hold_a_title_of_a_dozen_words() -> None:
    title = ("Direct photodegradation of carbamazepine followed by micellar electrokinetic chromatography and mass "
             "spectrometry")
    assert title in candidate_spans(f"Which journal published {title}?")  # before: runs of 8 words at most


def test_a_bare_number_may_name_a_record_unless_a_word_makes_it_a_quantity_a_year_or_a_rank() -> None:
    assert record_numbers("Which company runs train IR 1533?") == {"1533": 5}
    assert set(record_numbers("What kind of train is 12531?")) == {"12531"}
    # a count, points, a year after a preposition, a comparison, a season, a rank: none
    for q in ("Which films were released in 1999?", "Who got 12 points?", "Which orders hold more than 100 units?",
              "Who won the 1999 season?", "Which songs were in the top 100?", "Where did he go after 1533?"):
        assert record_numbers(q) == {}, q
    # a number written with punctuation is a date, an amount or a code, not a bare number
    assert record_numbers("What happened on 1999-12-08 to order 1,500?") == {}


def test_an_article_elided_before_a_name_is_no_part_of_it() -> None:
    # cuisine-nicoise (spent): "l'asperge" was the one word "lasperge", and linked nothing
    cands = [(Node("a", "Asperge", "Aliment"), 1.0), (Node("o", "O'Brien", "Person"), 1.0),
             (Node("d", "D'Artagnan", "Person"), 1.0)]
    assert [le.node.id for le in select_mentions("Dans quelle catégorie est classée l'asperge ?", cands)] == ["a"]
    assert key_tokens("d'aliments dell'anno qu'il") == ("aliments", "anno", "il")
    # a name's own apostrophe stays a name's ("O'Brien" as typed without it), and a name stored with an elided
    # article is typed with it
    assert [le.node.id for le in select_mentions("who is obrien", cands)] == ["o"]
    assert [le.node.id for le in select_mentions("who is D'Artagnan", cands)] == ["d"]
    assert key_tokens("Della's hair") == ("della", "hair") and key_tokens("don't") == ("dont",)
    # a part of a name reads the name's elided article as the question's (tour-de-france-2014: "the Col d'Izoard")
    climbs = [(Node("c", "Col d'Izoard - Souvenir Henri Desgrange", "Climb"), 0.5)]
    assert [le.node.id for le in select_parts("Which stage included the Col d'Izoard?", climbs)] == ["c"]
    assert "izoard" in question_terms("the Col d'Izoard") and "dizoard" in question_terms("the Col d'Izoard")


def test_a_record_next_to_a_named_entity_is_named_by_the_values_it_holds_as_an_address_is_typed() -> None:
    # a town's charging stations, each with its street, house number and plug type (schleswig-holstein-energy, spent)
    def station(street: str, number: str, plug: str) -> list[tuple[str, str]]:
        return [("street", street), ("number", number), ("plug", plug)]
    stations = [("s1", station("Brooweg", "48", "AC Steckdose Typ 2")), ("s2", station("Brooweg", "12", "Combo")),
                ("s3", station("Am Bauhof", "48", "Combo")), ("s4", [("street", "Kaltenkirchen")])]
    q = "Mit wie viel kW lädt die Ladesäule am Brooweg 48 in Kaltenkirchen?"
    assert select_held(q, stations, ["Kaltenkirchen"]) == [("s1", "brooweg 48")]
    # any order, any case; the street alone names both stations on it
    assert select_held("in kaltenkirchen, brooweg 48: wer betreibt sie", stations, ["Kaltenkirchen"]) == [
        ("s1", "brooweg 48")]
    assert [r for r, _ in select_held("Wer betreibt die Ladesäule am Brooweg?", stations, ["Kaltenkirchen"])] == [
        "s1", "s2"]
    # a house number alone, the linked town's own name, or a word the mapping asks with names no record
    assert select_held("Welche Ladesäule hat die Nummer 48 in Kaltenkirchen?", stations, ["Kaltenkirchen"]) == []
    assert select_held("Wer betreibt die Ladesäule in Kaltenkirchen?", stations, ["Kaltenkirchen"]) == []
    kinds = [("d1", [("type", "dataset"), ("source", "GA")]), ("d2", [("type", "dataset")])]
    assert select_held("Which dataset did Peter Oke make?", kinds, ["Peter Oke"], frozenset({"dataset"})) == []
    # nor does a value of a property that sorts records into kinds (a committee's type; georgia-fec-2022, spent)
    committees = [("c1", [("type", "Senate")]), ("c2", [("type", "PAC")])]
    q2 = "Which candidate for the Senate did Tilman Fertitta's donation support?"
    assert [r for r, _ in select_held(q2, committees, ["Tilman Fertitta"])] == ["c1"]
    assert select_held(q2, committees, ["Tilman Fertitta"], sorting=["type"]) == []
    # nor does the kind a "which"/"what" asks for, even where one record alone beside the one named holds it: it is
    # asked of the one named ("which soil order do the Wassents belong to"; soil-taxonomy, spent, linked the one
    # order beside Wassents instead of Wassents)
    assert select_held("Which Senate candidate did Tilman Fertitta's donation support?", committees,
                       ["Tilman Fertitta"]) == []
    taxa = [("t1", [("taxlevel", "order")]), ("t2", [("taxlevel", "great group")])]
    beside = {"t1": ["w"], "t2": ["w"]}
    assert select_held("Which soil order do the Wassents belong to?", taxa, ["Wassents"], sorting=["taxlevel"],
                       via=beside) == []
    assert [r for r, _ in select_held("Where is the order of the Wassents described?", taxa, ["Wassents"],
                                      sorting=["taxlevel"], via=beside)] == ["t1"]
    # more records than MAX_VALUE_RECORDS holding as many values: the values name none in particular
    many = [(f"r{i}", [("street", "Brooweg")]) for i in range(5)]
    assert select_held("Wer betreibt die Ladesäule am Brooweg?", many, ["Kaltenkirchen"]) == []


def test_a_value_typed_after_its_fact_is_looked_up_as_text_and_as_the_number_it_writes() -> None:
    # "ABV 6.5": a strength stored as a float, which the text "6.5" never equals in Cypher
    assert typed_as_stored(["6.5", "386", "BA117", "386"]) == ["386", "6.5", "BA117", 386, 6.5]
    assert typed_as_stored(["1.2.3", "v2"]) == ["1.2.3", "v2"]


def test_one_word_names_typed_in_lower_case_are_offered_for_the_graph_to_decide() -> None:
    # "chocolaty" beside "Blue Moon" is set aside by select_mentions (a word of the question beside a name written
    # with capitals); lowered_names offers it back, for Linker._lowered_beside to keep where the graph ties it to the
    # bean (coffee-beans, spent)
    bean, flavour, made = Node("b", "Blue Moon", type="CoffeeBean"), Node("c", "Chocolaty", type="Flavor"), \
        Node("m", "Made", type="Song")
    question = "How much of the Blue Moon's taste is chocolaty?"
    assert {le.node.name for le in select_mentions(question, [(bean, 1.0), (flavour, 1.0)])} == {"Blue Moon"}
    assert lowered_names(question, [flavour], covered={4, 5}) == [(flavour, "chocolaty")]
    # not a name written with its capital, a word inside a covered name, a stopword, or a word the mapping asks with
    assert lowered_names("How much of Chocolaty's taste is sweet?", [flavour], covered=set()) == []
    assert lowered_names("who made the song that Old Town Road samples", [made], covered={6, 7, 8}) == [(made, "made")]
    assert lowered_names(question, [flavour], covered={8}) == []
    assert lowered_names("What is chocolaty?", [flavour], covered=set(), asks=frozenset({"chocolaty"})) == []
    # in a French question, its own function words name nothing: "a-t-il été" is no book "Été" (paris-library-loans,
    # spent); the same word in a question of no French is offered as any other
    summer = Node("e", "Été", type="Livre")
    assert lowered_names("Combien de fois Vengeance en eau froide a-t-il été emprunté ?", [summer],
                         covered={3, 4, 5, 6}) == []
    assert lowered_names("Which book did ete write?", [summer], covered=set()) == [(summer, "ete")]
    # a name stored in lower case is offered only when asked for (Linker._lowered_beside keeps it where it is tied
    # to the named entity itself: recipe-book, spent, "how much walnut do I need for the Brownie")
    walnut = Node("w", "walnut", type="Product")
    question = "How much walnut do I need for the Brownie?"
    assert lowered_names(question, [walnut], covered={8}) == []
    assert lowered_names(question, [walnut], covered={8}, stored_lower=True) == [(walnut, "walnut")]
    assert lowered_names(question, [flavour], covered={8}, stored_lower=True) == []


def test_a_ruler_is_named_without_the_regnal_number_and_a_first_name_many_share_is_the_named_one_s() -> None:
    # royal92 (spent): "Queen Elizabeth II, Elizabeth Alexandra Mary Windsor" for "Elizabeth_II Alexandra Mary
    # Windsor", beside thirty persons named "Elizabeth" alone
    queen = Node("q", "Elizabeth_II Alexandra Mary Windsor", type="Person")
    others = [(Node(f"e{i}", "Elizabeth", type="Person"), 1.0) for i in range(5)]
    question = "Who was the mother of Queen Elizabeth II, Elizabeth Alexandra Mary Windsor?"
    assert [le.node.id for le in select_mentions(question, [(queen, 1.0), *others])] == ["q"]
    # alone, the Elizabeths stay (the ambiguity is the question's); a name of fewer than four words keeps its number
    assert len(select_mentions("Who was the mother of Elizabeth?", others)) == 5
    assert select_mentions("Who was Henry Tudor?", [(Node("h", "Henry_VIII Tudor", type="Person"), 1.0)]) == []


def test_a_place_is_named_by_its_adjective() -> None:
    # coffee-beans (spent): "the Panamanian coffee" names the Origin Panama
    panama, peru = Node("p", "Panama", type="Origin"), Node("r", "Peru", type="Origin")
    assert demonym_places("Panamanian")[:1] != [] and "Panama" in demonym_places("Panamanian")
    assert "Peru" in demonym_places("Peruvian") and "China" in demonym_places("Chinese")
    assert "Italy" in demonym_places("Italian") and "Mexico" in demonym_places("Mexican")
    assert demonym_places("panamanian") == [] and demonym_places("Parker") == []
    # irregular adjectives, short ones too (recipe-book, spent: "What French recipe is there?" linked nothing)
    assert demonym_places("French") == ["France"] and "Netherlands" in demonym_places("Dutch")
    assert demonym_places("Swiss") == ["Switzerland"] and demonym_places("french") == []
    france = Node("f", "France", type="Country")
    assert [le.node.id for le in select_demonyms("What French recipe is there?", [(france, 1.0)])] == ["f"]
    found = select_demonyms("What share of the Panamanian coffee's taste is winey?", [(panama, 1.0), (peru, 1.0)])
    assert [(le.node.id, le.method) for le in found] == [("p", "demonym")]
    # not where a whole name covers the word
    assert select_demonyms("Who sang Panamanian Nights?", [(panama, 1.0)], covered={2, 3}) == []


def test_runs_a_record_could_be_named_by_hold_a_capital_past_the_first_word_and_nothing_linked() -> None:
    # "the Vellayani lake study site" (ecosystem-services, spent: sites numbered 6520001, named by their location)
    spans = record_text_spans("Which country is the Vellayani lake study site in?")
    assert spans["vellayani lake"] == (4, 6) and "vellayani" in spans
    assert "study site" not in spans  # no capital: a kind typed in lower case, never a record's name
    assert "which" not in spans and "which country" not in spans  # the first word's capital is the sentence's
    # a run holding a word of a mention already linked is no record's text
    assert "kenya" not in record_text_spans("Which sites in Kenya were studied?", ["Kenya"])
    # nor a run of nothing but the words the mapping asks with
    assert "Country" not in record_text_spans("Which Country is it?", asks=frozenset({"country"}))
    assert "country" not in record_text_spans("Which Country is it?", asks=frozenset({"country"}))


def test_a_record_is_named_by_the_longest_run_few_records_hold() -> None:
    spans = record_text_spans("What was valued at Finca Santa Fe near Berlin?")
    hits = [("r1", ["Finca Santa Fe"]), ("r2", ["Santa Fe"])] + [(f"b{i}", ["Berlin"]) for i in range(5)]
    # the longest run wins over the shorter one inside it; "Berlin", held by five records, names none of them
    assert select_record_texts(spans, hits) == [("r1", "Finca Santa Fe")]
    # three records at most: a text two studies were made at names both
    assert select_record_texts(spans, [("r1", ["finca santa fe"]), ("r3", ["Finca Santa Fe "])]) == [
        ("r1", "finca santa fe"), ("r3", "finca santa fe")]
    # a long run held by too many blocks the shorter runs inside it: what was typed is the longer
    many = [(f"f{i}", ["Finca Santa Fe"]) for i in range(4)] + [("r2", ["Santa Fe"])]
    assert select_record_texts(spans, many) == []


def test_a_title_and_year_typed_with_a_preposition_before_the_year_links_that_edition() -> None:
    # "the Australian Open in 2003" (australian-open, spent: tournaments named by title and year linked nothing)
    editions = [(Node(str(y), f"Australian Open {y}", type="Tournament"), 1.0) for y in range(2000, 2020)]
    for q in ("Who won the Australian Open in 2003?", "Who won the Australian Open of 2003?"):
        found = select_reordered(q, editions)
        assert [(le.node.name, le.method) for le in found] == [("Australian Open 2003", "reordered")], q
    # in order with no year apart is a whole name (select_whole's), and other words between name nothing
    assert select_reordered("Who won the Australian Open 2003?", editions) == []
    assert select_reordered("Who won the Australian Open final 2003?", editions) == []


def test_naming_relations_are_read_in_english_words_and_in_chinese() -> None:
    from xgrag.retrieval.linking import naming_relation

    assert all(naming_relation(t) for t in ("HAS_NAME", "ALIAS", "KNOWN_AS", "中文名", "别名", "简称", "name"))
    assert not any(naming_relation(t) for t in ("NAMED_AFTER", "排名", "提名", "FRIEND_OF", "属于", "NAMESPACE"))


def test_a_word_typed_only_inside_a_longer_value_is_part_of_it() -> None:
    from xgrag.retrieval.linking import only_inside

    q = "What was the overall weather score for July 2022?"
    assert only_inside(q, "2022", ["July 2022"])
    # typed on its own too: a name of its own as well
    assert not only_inside("Which months of 2022 were wetter than July 2022?", "2022", ["July 2022"])
    # not found as typed, or no longer value: nothing is known
    assert not only_inside(q, "Year 2022", ["July 2022"]) and not only_inside(q, "2022", [])


def test_the_word_after_an_interrogative_that_many_names_hold_is_the_kind_asked() -> None:
    # nav-job-ads (spent): "hvilken bedrift" (which company) named no "KS BEDRIFT" among many companies' names
    companies = [(Node(str(i), name, type="foretak"), 1.0) for i, name in enumerate(
        ["KS BEDRIFT", "EFFEKTIV BEDRIFT AS", "RENAS BEDRIFT AS", "ATEAM BEDRIFT AS", "3D-BEDRIFT AS"])]
    painters = (Node("y", "Dekormalere mv", type="yrke"), 1.0)
    linked = select_parts("Hvilken bedrift trenger dekormalere?", [*companies, painters])
    assert [le.node.name for le in linked] == ["Dekormalere mv"]
    # a word few names hold still names them after "which": "which Lennon song" is John Lennon's
    people = [(Node("j", "John Lennon", type="Person"), 1.0), (Node("s", "Imagine", type="Song"), 1.0)]
    assert [le.node.name for le in select_parts("Which Lennon song came out in 1971?", people)] == ["John Lennon"]


def test_the_words_that_describe_a_text_are_the_question_s_own() -> None:
    from xgrag.retrieval.linking import described_by, described_enough, described_words

    q = "Which account tweeted that Gary Cohen should be fired immediately for his public attack on the president?"
    words = described_words(q, asks=frozenset({"account", "tweet"}))
    assert {"gary", "cohen", "public", "attack"} <= set(words) and len(words) >= 5
    assert not {"account", "tweet", "which", "that", "should"} & set(words)
    # a name the question says is no description
    assert "cohen" not in described_words(q, said=["Gary Cohen"], asks=frozenset({"account", "tweet"}))
    text = ("Gary Cohen, recommended by Jared Kushner, should be FIRED immediately for his public attack on the "
            "President")
    hits = described_by(words, text)
    assert hits == len(words) and described_enough(hits, words)
    assert not described_enough(3, words)  # fewer than four
    assert not described_enough(4, [*words, "a1", "b2", "c3"])  # fewer than half of ten


def test_a_code_cited_with_an_abbreviation_s_dots_reads_compact_and_as_typed() -> None:
    # legis-graph (spent): bills are cited "H.R. 2146", "S. 1177", "H.J.Res. 107"; stored "hr2146-114"
    assert cited_codes("How did Nancy Pelosi vote on H.R. 2146?") == {"hr2146": "H.R. 2146"}
    assert cited_codes("Which committee was H.J.Res. 107 referred to?") == {"hjres107": "H.J.Res. 107"}
    assert cited_codes("Who sponsored S.1177?") == {"s1177": "S.1177"}
    # no dots, a decimal, a name's initial and a sentence's end are no citation
    assert cited_codes("Who sponsored HR 2146?") == {}
    assert cited_codes("Mr. Smith paid 3.5 dollars for it.") == {}
    assert cited_codes("Which film did J. Smith direct in 1999?") == {}
    assert code_spellings("hjres107") == ["hjres107", "HJRES107", "HJRES 107"]
    assert "hjres107-" in code_prefixes("hjres107") and "hjres107" not in code_prefixes("hjres107")
    # a stored code's head: letters and a number ending there or at a separator
    assert [cited_head(v) for v in ("hr2146-114", "HR 2146", "H.R.2146", "s1177", "hr21460-114", "hr2146abc",
                                    "2146")] == ["hr2146", "hr2146", "hr2146", "s1177", "hr21460", None, None]


def test_a_product_typed_with_by_and_its_maker_links_the_name_holding_both() -> None:
    # fragrantica-perfumes (spent): perfumes are named "<name> <brand> for <whom>"; people type "<name> by <brand>"
    brand = Node("b", "Robert Piguet", type="Brand")
    perfumes = [Node("z", "Zazen Robert Piguet for women and men", type="Perfume"),
                Node("f", "Fracas Robert Piguet for women", type="Perfume"),
                Node("n", "Nexa Immortal Rue Broca for men", type="Perfume"),
                Node("m", "Immortal Rose Rue Broca for women", type="Perfume")]
    maker = LinkedEntity(brand, "exact", 1.0, "Robert Piguet")
    pool = [(p, 0.5) for p in perfumes]
    found = select_made_by("Who is Zazen by Robert Piguet meant for?", pool, [maker])
    assert [(le.node.id, le.method, le.mention) for le in found] == [("z", "maker", "Zazen by Robert Piguet")]
    # the longest run a name begins with: "Nexa Immortal", not "Immortal" (which begins none)
    rue = LinkedEntity(Node("r", "Rue Broca", type="Brand"), "exact", 1.0, "Rue Broca")
    assert [le.node.id for le in select_made_by("Is Nexa Immortal by Rue Broca for men?", pool, [rue])] == ["n"]
    # no "by" before the maker, or a name that begins no product of it: nothing
    assert select_made_by("Which Robert Piguet perfume is Zazen?", pool, [maker]) == []
    assert select_made_by("Who is Bandit by Robert Piguet meant for?", pool, [maker]) == []
    assert made_by_prefixes("Who is Zazen by Robert Piguet meant for?", "Robert Piguet")[0] == (
        "zazen", "robert", "piguet")


def test_a_record_between_two_sides_is_the_one_the_question_places_at_a_side_else_names_first() -> None:
    # premier-league (spent): "away at Manchester City" is City's home match, named "Match Manchester City FC ..."
    away = "How many goals did Manchester United score away at Manchester City?"
    assert in_named_order(away, "Manchester City", "Manchester United")
    assert not in_named_order(away, "Manchester United", "Manchester City")
    assert in_named_order("How many goals had Tottenham scored by half-time at Manchester City?", "Manchester City",
                          "Tottenham")
    # nothing placed: the order named ("Arsenal v Leicester City": Arsenal's home match)
    assert in_named_order("Who won Arsenal v Leicester City?", "Arsenal", "Leicester City")
    assert not in_named_order("Who won Arsenal v Leicester City?", "Leicester City", "Arsenal")
    assert hosted(away, "Manchester City") and not hosted(away, "Manchester United")


def test_a_case_is_read_by_its_parties_words() -> None:
    # uspto-patent-manual (spent): "Blonder-Tongue Labs v. University of Illinois Foundation"; not the question's own
    # capitalised first word ("Is Roe v. Wade ..."); nothing where no "v." stands between two capitalised words
    assert case_parties("Where is Blonder-Tongue Labs v. University of Illinois Foundation cited?") == [
        ("Blonder-Tongue Labs v. University of Illinois Foundation", ("Blonder-Tongue", "Labs"),
         ("University", "of", "Illinois", "Foundation"))]
    assert case_parties("Is Roe v. Wade still good law?") == [("Roe v. Wade", ("Roe",), ("Wade",))]
    assert case_parties("Who won Arsenal vs Leicester City?") == [
        ("Arsenal vs Leicester City", ("Arsenal",), ("Leicester", "City"))]
    assert case_parties("Which section cites In re Abbott Diabetes Care?") == [
        ("In re Abbott Diabetes Care", ("Abbott", "Diabetes", "Care"), None)]
    assert case_parties("What is vitamin C v. vitamin D?") == []
    assert case_parties("Which section cites the case?") == []


def test_a_case_is_the_one_citation_whose_parties_begin_with_the_most_words_typed() -> None:
    # uspto-patent-manual (spent): "In re Abbott Diabetes Care" is that matter, not "In re Abbott Labs"; parties'
    # words abbreviated in the citation ("Univ. of Ill.") still begin it
    cands = [(Node(id=str(i), name=n), 1.0) for i, n in enumerate([
        "Abbott Diabetes Care Inc., In re, 696 F.3d 1142 (Fed. Cir. 2012)", "In re Abbott Labs, 1 F.3d 1",
        "Abbott Labs. v. Sandoz, 544 F.3d 1341",
        "Blonder-Tongue Labs., Inc. v. Univ. of Ill., Foundation, 402 U.S. 313",
        "Smith v. Jones, 1 F.3d 1", "Smith v. Jones, 2 F.3d 2"])]
    ids = lambda q: [le.node.id for le in select_cases(q, cands)]  # noqa: E731
    assert ids("Which section cites In re Abbott Diabetes Care?") == ["0"]
    assert ids("Which section cites In re Abbott Labs?") == ["1"]
    assert ids("Which section cites Abbott Labs v. Sandoz?") == ["2"]
    assert ids("Where is Blonder-Tongue Labs v. University of Illinois Foundation cited?") == ["3"]
    assert ids("Where is Smith v. Jones cited?") == []


def test_most_said_keeps_the_names_whose_other_words_the_question_says_most() -> None:
    q = set(key_tokens("Which record did Rhino put out as a digital release in 2006"))
    alike = {"a": "Rhino (cd, 2006)", "b": "Rhino (digital, 2006)", "c": "Rhino (vinyl)"}
    assert most_said(alike, ["rhino"], q) == {"b"}
    # a question that says none of their other words keeps them all
    assert most_said(alike, ["rhino"], set(key_tokens("Who is Rhino"))) == {"a", "b", "c"}
    # the typed words themselves do not count ("2006" typed as the name's part tells nothing apart)
    assert most_said({"x": "Rhino 2006", "y": "Rhino 2007"}, ["rhino", "2006"], set(key_tokens("Rhino 2006"))) \
        == {"x", "y"}
    # a word of the same root says it in another form (exrx-exercises, spent: "band resistance" is the Band
    # Resistive, not the Band-assisted); a shorter shared beginning does not ("intern" of "internal", "internet")
    bands = {"r": "Band Resistive", "a": "Band-assisted"}
    assert most_said(bands, ["band"], set(key_tokens("Which exercise is done with band resistance?"))) == {"r"}
    assert most_said({"i": "Port internal", "n": "Port network"}, ["port"], set(key_tokens("port internet"))) \
        == {"i", "n"}


def test_a_place_named_kind_of_name_is_linked_by_its_name_where_the_question_says_the_kind() -> None:
    """philippine-psgc (spent): "What is the city class of Baguio?" linked the two barangays called Baguio, not the
    City of Baguio, and answered a barangay's town's class."""
    cands = [(Node("c", "City of Baguio", type="CityMunicipality"), 1.0), (Node("b1", "Baguio", type="Barangay"), 1.0),
             (Node("b2", "Baguio", type="Barangay"), 1.0)]

    def ids(question: str) -> list[str]:
        return sorted(le.node.id for le in select_whole(question, cands)[0])

    assert ids("What is the city class of Baguio?") == ["b1", "b2", "c"]
    # without the kind said, or with the kind a "which" asks for, the name alone is the barangays'
    assert ids("Which city is the barangay Baguio in?") == ["b1", "b2"]
    assert ids("Where is Baguio?") == ["b1", "b2"]


def test_a_law_cited_without_its_year_and_with_a_hebrew_prefix_on_its_first_word_is_linked() -> None:
    """israel-laws (spent): laws are named "<title>, <Hebrew year>–<year>" and questions cite them by title, with
    Hebrew's one-letter words written onto the first word ("לחוק חוזה הביטוח", to the Insurance Contract Law): no law
    was linked."""
    from xgrag.retrieval.words import detach_prefixes

    law = Node("l", 'חוק חוזה הביטוח, התשמ""א–1981', type="Law")
    act = Node("a", "Companies Act, 2013", type="Law")
    cands = [(law, 1.0), (act, 1.0), (Node("s", "Smith, John"), 1.0)]
    words = {w for n, _ in cands for w in key_tokens(n.name)}

    def ids(question: str) -> list[str]:
        typed = detach_prefixes(question, lambda w: set(key_tokens(w)) <= words)
        return sorted(le.node.id for le in select_whole(typed, cands)[0])

    assert ids("לאיזה דבר חקיקה מפנה סעיף 73 לחוק חוזה הביטוח?") == ["l"]
    assert ids("מה נקבע בחוק חוזה הביטוח?") == ["l"]
    assert ids("Which section of the Companies Act defines a director?") == ["a"]
    # a comma before no year is no dated name: "Smith" alone links no "Smith, John"
    assert ids("Who is Smith?") == []
    # a word that is known whole, or whose rest is no known word, keeps its letters
    assert detach_prefixes("מה נקבע בחוק?", lambda w: w in {"חוק"}) == "מה נקבע חוק?"
    assert detach_prefixes("מה נקבע בחוק?", lambda w: w in {"בחוק", "חוק"}) == "מה נקבע בחוק?"
    assert detach_prefixes("Who wrote Bob?", lambda w: w == "ob") == "Who wrote Bob?"


def test_a_kind_after_what_is_the_is_asked_not_said_and_one_past_its_phrase_is_said() -> None:
    # drug-brands (spent): "the active ingredient in Otezla" asks for the ingredient; "the tap position of the ICT
    # at Korba (W)" asks for the position of an ICT the question places at Korba
    q = key_tokens("What is the active ingredient in Otezla?")
    assert not kind_said(q, "Ingredient")
    assert not kind_placed(q, "Ingredient", key_tokens("Otezla"))
    assert kind_said(q, "Drug") is False  # not said at all
    korba = key_tokens("What is the present tap position of the ICT at Korba (W)?")
    assert kind_said(korba, "ICT")
    assert kind_placed(korba, "ICT", key_tokens("Korba (W)"))
    assert not kind_said(key_tokens("Which is the line between A and B?"), "Line")
    assert kind_said(key_tokens("What is the length of the line between A and B?"), "Line")


def test_a_kind_asked_in_portuguese_is_not_said_and_one_past_an_article_is() -> None:
    # nba-players-of-the-week (spent): "que jogador da semana saiu de Lehigh" asks for the player (it was taken as a
    # record the question names, and never answered); "em que equipa jogava o jogador da semana que veio de X" asks
    # for a team, and names the player X is tied to
    asked = key_tokens(english_interrogatives("Que jogador da semana saiu da universidade de Lehigh?"))
    assert not kind_said(asked, "Jogador")
    named = key_tokens(english_interrogatives("Em que equipa jogava o jogador da semana que veio do Cholet Basket?"))
    assert kind_said(named, "Jogador")
    assert not kind_said(named, "Equipa")


def test_a_record_text_with_an_ampersand_is_named_by_its_words_with_and() -> None:
    # nyc-checkbook-payments (spent): "the DPMU deployment and operations support contract" is the contract whose
    # purpose is "DPMU Deployment & Operations Support"; two budget codes were linked by "operations" and "support"
    spans = record_text_spans("Which department handled the DPMU deployment and operations support contract?")
    assert spans["dpmu deployment & operations support"] == spans["dpmu deployment and operations support"]
    hits = [("c1", ["DPMU Deployment & Operations Support"]), ("c2", ["DPMU Deployment"])]
    assert select_record_texts(spans, hits) == [("c1", "DPMU Deployment & Operations Support")]
    # ... and the other way: "Procter & Gamble" typed whole names "Procter and Gamble"
    assert "procter and gamble" in record_text_spans("Who owns Procter & Gamble?")
