"""The binary redundancy resolution after a scheduler that tested groups (xgrag.explain.schedulers.redundancy):
where it searches first, and the probe that checks the monotone removals it assumes. Each explanation is compared
with leave-one-out's (the exhaustive scheduler and its linear scan) on the same reader."""

from __future__ import annotations

from fakes import FixedRetriever, HashEmbedder, RemovalRecorder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.base import Fact, Generation, Usage
from xgrag.model import Explanation, Node, Relationship, Subgraph

QUESTION = "who directed the films Ann Lee starred in"


def films_graph(films: int = 2, undirected: int = 2, festivals: int = 40, born: int = 0,
                produced: bool = False) -> Subgraph:
    """Ann Lee (s) starred in `films` films (f1..), each directed by Bo Ek (d1), and in `undirected` more (g1..,
    named with the question's words, so that an order by closeness to the question removes them last) whose
    director the context does not say; Bo Ek's birthplace stated `born` times (h1..); `festivals` facts no answer
    needs; `produced`: Ann Lee produced each film of hers Bo Ek directed too (p1..: a second link to the seed, which
    the reader does not read)."""
    sub = Subgraph()
    for nid, name in [("s", "Ann Lee"), ("d1", "Bo Ek")]:
        sub.add_node(Node(nid, name, "Thing"))
    for i in range(1, films + 1):
        sub.add_node(Node(f"f{i}", f"Film {i}", "Thing"))
        sub.add_relationship(Relationship(f"a{i}", f"f{i}", "s", "starred_actors"))
        sub.add_relationship(Relationship(f"b{i}", f"f{i}", "d1", "directed_by"))
        if produced:
            sub.add_relationship(Relationship(f"p{i}", f"f{i}", "s", "produced_by"))
    for i in range(1, undirected + 1):
        sub.add_node(Node(f"g{i}", f"The Films {i}", "Thing"))
        sub.add_relationship(Relationship(f"u{i}", f"g{i}", "s", "starred_actors"))
    for i in range(1, born + 1):
        sub.add_node(Node(f"o{i}", f"Town {i}", "Thing"))
        sub.add_relationship(Relationship(f"h{i}", "d1", f"o{i}", "born_in"))
    for i in range(festivals):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", f"f{1 + i % films}", f"x{i}", "shown_at"))
    sub.seeds = ["s"]
    return sub


class FallbackReader(RemovalRecorder):
    """Answers the director of a film Ann Lee starred in; with none, the first film of hers it reads (a competitor
    of a0: the extractive reader answered "Spun.", a film of the seed's, once the writer link was out); with no
    film of hers left, any director the context names (it answered "Drama." again from the one genre fact left).
    Its answers are not monotone in what is removed: removing her other films takes the competitor away and brings
    a0 back. `needs_birth`: a director counts only when the context says where he was born, or, when it says
    nobody's birthplace, when he directed the one film of hers left (a reader that checks what it can)."""

    def __init__(self, needs_birth: bool = False) -> None:
        super().__init__()
        self.needs_birth = needs_birth

    def generate(self, prompt, system=None, *, question=None, facts: tuple[Fact, ...] = ()) -> Generation:
        self.record(facts)
        films = [f.head for f in facts if f.relation == "starred actors"]
        born = {f.head for f in facts if f.relation == "born in"}
        directors = [f for f in facts if f.relation == "directed by"]

        def counts(f: Fact) -> bool:
            return not self.needs_birth or f.tail in born or (not born and len(films) == 1)

        answer = next((f.tail for f in directors if f.head in films and counts(f)), None) or \
            (films[0] if films else None) or (directors[0].tail if directors else "I don't know")
        return Generation(f"{answer}.", Usage(1, 1, 1, 0.0), self.name, [])


def explain(sub: Subgraph, scheduler: str, **settings: object) -> tuple[Explanation, FallbackReader]:
    reader = FallbackReader(needs_birth=any(r.label == "born_in" for r in sub.relationships.values()))
    cfg = ExplainSettings(strategies=("edge",), scheduler=scheduler, noise_runs=1, **settings)  # type: ignore[arg-type]
    return Explainer(FixedRetriever(sub), reader, HashEmbedder(), cfg).explain(QUESTION), reader


def above(ex: Explanation) -> set[str]:
    return {c.id for c in ex.components if (c.importance or 0) > ex.noise_floor}


def resolution(ex: Explanation):  # noqa: ANN201 - the trace step
    steps = [s for s in ex.trace if s.step == "resolve_redundancy"]
    assert len(steps) == 1
    return steps[0]


def test_the_search_checks_the_monotone_removals_it_assumes_with_one_probe() -> None:
    """Two films directed by Bo Ek support the answer redundantly, his birthplace is stated twice, and Ann Lee
    starred in films whose director the context does not say. Leave-one-out's linear scan finds a link of each
    film and a birthplace necessary (once their alternatives are out, removing one answers a film of hers instead).
    Removing everything but the first one found answers "Bo Ek." again (no film of hers is left to compete), so a
    binary search that takes that removal for the end of the search reports one of the three; the probe of
    everything left but its last moves the answer, and the search runs below it. Group testing first, no
    component verified alone: the resolution has no candidate to start from (the next test's case)."""
    loo, _ = explain(films_graph(born=2), "exhaustive")
    ex, _ = explain(films_graph(born=2), "group", group_verify=0)
    assert loo.answer == ex.answer == "Bo Ek."
    assert above(loo) == {"a1", "b1", "h1"}
    assert above(ex) == above(loo)
    step = resolution(ex)
    assert step.unmonotone and step.necessary == 3
    # each necessary fact's importance is the answer leave-one-out measured it with
    answers = {c.id: c.counterfactual_answer for c in loo.components if c.id in above(loo)}
    assert {c.id: c.counterfactual_answer for c in ex.components if c.id in above(ex)} == answers


def test_the_search_tries_the_candidates_parallels_and_chains_first() -> None:
    """The proxy removed Film 1's two links alone (neither moved the answer: Film 2 stands in) and cleared the
    rest. The linear scan finds the last of each link's parallels in its order necessary, and then the other link
    of the chain through it: the search asks those removals first (two calls each: the removal there and one
    fewer), where halving the order found each in about log2(n) calls, and finds what leave-one-out finds."""
    loo, _ = explain(films_graph(), "exhaustive")
    ex, reader = explain(films_graph(), "proxy")
    assert loo.answer == ex.answer == "Bo Ek."
    assert above(loo) == {"a1", "b1"}
    assert above(ex) == above(loo)
    step = resolution(ex)
    assert step.guessed == 2 and step.necessary == 2
    # every removal of the resolution holds its order's first 39 facts (the festivals): none halves them
    assert step.calls <= 6
    assert ex.cost.generator_calls <= 1 + 2 + 1 + 1 + 6


def test_a_film_whose_link_the_proxy_measured_offers_no_other_links() -> None:
    """Ann Lee also produced both films (a second link of each film to her, which the reader does not read). Once
    Film 1's director fact is found necessary, its starring link is the next necessary fact, and the proxy's trail
    measured it alone: a guess already. The film's producer link is not tried as well (one call less than trying
    every link of the film; no fewer necessary facts found)."""
    loo, _ = explain(films_graph(produced=True), "exhaustive")
    ex, _ = explain(films_graph(produced=True), "proxy")
    assert above(ex) == above(loo) == {"a1", "b1"}
    step = resolution(ex)
    assert step.guessed == 2 and step.calls <= 6


def test_a_fact_necessary_under_redundant_support_names_its_interchangeable_alternatives() -> None:
    """Both films are directed by Bo Ek and star Ann Lee: removing either film's links alone keeps the answer, and
    the resolution finds Film 1's links necessary once Film 2's are out. Which film a model read no removal shows,
    so each necessary fact names the parallels removed before it (same relation, same end at the seed or at the
    answer): Film 2's director link beside Film 1's, her other starring links beside Film 1's. A top fact whose
    alternative is the reader's own evidence then counts for `top1_evidence_or_alternative`, not for the strict
    figure. Leave-one-out's linear scan and the proxy's binary search report the same."""
    from xgrag.evaluate import faithfulness as f
    from xgrag.model import Evidence

    for scheduler in ("exhaustive", "proxy"):
        ex, _ = explain(films_graph(), scheduler)
        by_id = {c.id: c for c in ex.components}
        assert by_id["b1"].evaluated == "conditional" and by_id["b1"].alternatives == ["b2"]
        assert "a2" in (by_id["a1"].alternatives or [])
        assert not {"b1", "b2", "rx0"} & set(by_id["a1"].alternatives or [])  # other relations, not parallels
        # components measured alone, or cleared, carry none
        assert all(c.alternatives is None for c in ex.components if c.evaluated != "conditional")
        top = ex.top("edge", 1)[0]
        assert top.id in {"a1", "b1"}
        used = {"a1": "a2", "b1": "b2"}[top.id]  # the reader said it read Film 2's link instead
        cited = ex.model_copy(update={"generator_evidence": [Evidence(id=used, triple="")]})
        assert f.top1_evidence_or_alternative(cited)
        assert not f.evidence_or_support(cited, lambda _: "", lambda _: False)[0]
        other = ex.model_copy(update={"generator_evidence": [Evidence(id="rx0", triple="")]})
        assert not f.top1_evidence_or_alternative(other)


def test_the_page_and_the_console_show_the_alternatives_beside_the_conditional_fact() -> None:
    """The page's rows carry the alternatives' labels (inserted as text by the view), the console lists them under
    the table, the technical text names them: which of interchangeable facts the model read is not claimed."""
    import io

    from rich.console import Console

    from xgrag.report.console import print_explanation
    from xgrag.report.view import view_model

    ex, _ = explain(films_graph(), "proxy")
    rows = {r["label"]: r["alternatives"] for r in view_model(ex)["rows"]}
    assert rows["Film 1 -directed_by-> Bo Ek"] == ["Film 2 -directed_by-> Bo Ek"]
    assert rows["Film 1 -starred_actors-> Ann Lee"] == ["Film 2 -starred_actors-> Ann Lee"]
    assert all(not alt for label, alt in rows.items() if not label.startswith("Film 1 -"))
    out = io.StringIO()
    print_explanation(Console(file=out, width=400), ex)
    text = out.getvalue()
    assert "Film 1 -directed_by-> Bo Ek: interchangeable with 1 parallel fact" in text
    assert "Film 2 -directed_by-> Bo Ek" in text
    assert "is interchangeable with 1 parallel fact removed before it" in ex.technical_explanation
    # the user's sentence does not claim the top fact is what the model read
    assert "It mattered once 1 parallel fact that can stand in for it was removed (redundant support): the model " \
        "may have read that one instead." in ex.user_explanation


def test_the_search_stops_once_the_facts_found_account_for_the_answer() -> None:
    """Film 1's starring link and director link, found necessary at the candidates' guesses, join Ann Lee to Bo Ek
    and state the question's relation words (directed, starred): the reading the answer needs is found, and the
    search stops there instead of removing everything left and checking its monotone removals (2 calls: 6 -> 4,
    11 -> 9 in all), with leave-one-out's facts. With the birthplace reader, whose third necessary fact lies on no
    such chain, leave-one-out's three are still found."""
    loo, _ = explain(films_graph(), "exhaustive")
    ex, _ = explain(films_graph(), "proxy")
    assert above(ex) == above(loo) == {"a1", "b1"}
    step = resolution(ex)
    assert step.accounted and step.necessary == 2 and step.calls == 4
    assert ex.cost.generator_calls == 9
    loo, _ = explain(films_graph(born=2), "exhaustive")
    ex, _ = explain(films_graph(born=2), "proxy")
    assert above(ex) == above(loo) == {"a1", "b1", "h1"}



GENRE_QUESTION = "what genre are the films by Red screenwriters"


def screenwriter_graph(films: int = 2, festivals: int = 60) -> Subgraph:
    """Red (s) is written by Al Po (w) and is a Comedy (g, the seed's own fact to the answer); Al Po wrote `films`
    more films (f1..), each a Comedy; `festivals` facts no answer needs."""
    sub = Subgraph()
    for nid, name in [("s", "Red"), ("w", "Al Po"), ("g", "Comedy")]:
        sub.add_node(Node(nid, name, "Thing"))
    sub.add_relationship(Relationship("sw", "s", "w", "written_by"))
    sub.add_relationship(Relationship("sg", "s", "g", "has_genre"))
    for i in range(1, films + 1):
        sub.add_node(Node(f"f{i}", f"Film {i}", "Thing"))
        sub.add_relationship(Relationship(f"w{i}", f"f{i}", "w", "written_by"))
        sub.add_relationship(Relationship(f"g{i}", f"f{i}", "g", "has_genre"))
    for i in range(festivals):
        sub.add_node(Node(f"x{i}", f"Festival {i}", "Event"))
        sub.add_relationship(Relationship(f"rx{i}", f"f{1 + i % films}", f"x{i}", "shown_at"))
    sub.seeds = ["s"]
    return sub


class GenreReader(RemovalRecorder):
    """Answers the genre of a film written by Red's writer; with no such chain left, Red's own genre (what the
    extractive reader falls back on: What's the Worst That Could Happen? -has_genre-> Comedy)."""

    def generate(self, prompt, system=None, *, question=None, facts: tuple[Fact, ...] = ()) -> Generation:
        self.record(facts)
        writers = {f.tail for f in facts if f.relation == "written by" and f.head == "Red"}
        films = {f.head for f in facts if f.relation == "written by" and f.tail in writers and f.head != "Red"}
        genre = next((f.tail for f in facts if f.relation == "has genre" and f.head in films), None)
        own = next((f.tail for f in facts if f.relation == "has genre" and f.head == "Red"), None)
        return Generation(f"{genre or own or 'I do not know'}.", Usage(1, 1, 1, 0.0), self.name, [])


def test_after_a_guess_that_keeps_the_answer_the_last_guess_is_asked_next() -> None:
    """Two films written by Red's writer support the answer redundantly, and once both chains are out the reader
    falls back on Red's own genre, the last fact of the resolution's order (the most relevant to the question):
    leave-one-out's linear scan finds that one fact necessary. The candidates' guesses keep the answer one after
    the other; after the first, the last guess is asked next and keeps it too, answering the guess between
    (3 calls in the resolution, 4 before; the same fact found)."""
    runs = {}
    for scheduler in ("exhaustive", "proxy"):
        cfg = ExplainSettings(strategies=("edge",), scheduler=scheduler, noise_runs=1, hops=3)  # type: ignore[arg-type]
        runs[scheduler] = Explainer(FixedRetriever(screenwriter_graph()), GenreReader(), HashEmbedder(),
                                    cfg).explain(GENRE_QUESTION)
    loo, ex = runs["exhaustive"], runs["proxy"]
    assert loo.answer == ex.answer == "Comedy."
    assert above(ex) == above(loo) == {"sg"}
    step = resolution(ex)
    assert step.leapt == 1 and step.necessary == 1 and step.calls == 3
    assert ex.cost.generator_calls == 9  # the baseline, 3 candidates alone, the others' group, the probe, 3
