"""The stack engine (xgrag.explain.stack) on pure logic: segmentation and span removal, tracing spans to facts, and
the Explainer over a stack's context with a fake LLM that answers from one planted sentence. The integrations'
tests run the same engine with the libraries' real objects over HTTP."""

from __future__ import annotations

import asyncio
import threading
import warnings
from collections import Counter
from typing import Any

import pytest

from fakes import PLANTED, HashEmbedder, PlantedLLM
from fakes import PLANTED_QUESTION as QUESTION
from fakes import mission_chunk as chunk
from xgrag.errors import NotReproducedError, NotReproducedWarning, UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain.explainer import explain_stack
from xgrag.explain.prefix import shared_prefix
from xgrag.explain.stack import (
    STACK_SETTINGS,
    ItemSource,
    KnownEntity,
    KnownFact,
    StackCall,
    build_context,
    segment,
)
from xgrag.generate.base import Fact, Generation, Usage


def call_for(texts: list[str], llm: PlantedLLM, observed: str = "Eagle.", **kw: Any) -> StackCall:
    def prompt(items: Any) -> tuple[str | None, str]:
        kept = [t for t in items if t is not None]
        return "Answer from the context.", "Context:\n" + "\n".join(kept) + f"\n\nQuestion:\n{QUESTION}\n\nAnswer:\n"

    return StackCall(stack="test", component="fake", question=QUESTION, observed_answer=observed,
                     context=build_context([ItemSource(t, source="chunk") for t in texts]), prompt=prompt,
                     generator=llm, **kw)


# -------------------------------------------------------------------------------- segmentation and removal


def test_segments_lines_and_sentences_and_removes_them_cleanly() -> None:
    text = "Marie Curie married Pierre Curie. She won the Nobel Prize.\nPierre Curie worked at the Sorbonne."
    seg = segment(text)
    assert [text[s.start:s.end] for s in seg.spans] == [
        "Marie Curie married Pierre Curie.", "She won the Nobel Prize.", "Pierre Curie worked at the Sorbonne."]
    assert seg.without(set()) == text
    assert seg.without({1}) == "Marie Curie married Pierre Curie.\nPierre Curie worked at the Sorbonne."
    assert seg.without({2}) == "Marie Curie married Pierre Curie. She won the Nobel Prize."
    assert seg.without({0, 1}) == "Pierre Curie worked at the Sorbonne."
    assert seg.without({0, 1, 2}) is None  # every span gone: the item leaves the prompt


def test_a_dict_repr_is_cut_inside_its_string_values_only() -> None:
    """neo4j-graphrag's VectorRetriever default content is str(dict of the node's properties)."""
    text = str({"text": "Apollo 11 landed in 1969. The lunar module was Eagle.\nIt carried two.", "index": 3,
                "title": "Moon"})
    seg = segment(text)
    assert [text[s.start:s.end] for s in seg.spans] == [
        "Apollo 11 landed in 1969.", "The lunar module was Eagle.", "It carried two.", "Moon"]
    assert seg.without({1}) == str({"text": "Apollo 11 landed in 1969.\nIt carried two.", "index": 3,
                                    "title": "Moon"})
    assert seg.without({0, 1, 2}) == str({"text": "", "index": 3, "title": "Moon"})


def test_single_span_items_have_no_spans_and_rows_are_not_split() -> None:
    ctx = build_context([ItemSource("<Record name='Eagle'>", source="row", split=False),
                         ItemSource("One sentence only."), ItemSource("A. B. C. D.", split=False)])
    assert [u.id for u in ctx.units] == ["1", "2", "3"]
    assert ctx.texts({"2"}) == ["<Record name='Eagle'>", None, "A. B. C. D."]


def test_spans_are_traced_to_the_facts_they_state() -> None:
    facts = (KnownFact("r1", "Marie Curie", "MARRIED", "Pierre Curie", "n1", "n2"),
             KnownFact("r2", "Pierre Curie", "WORKED_AT", "Sorbonne", "n2", "n3"),
             KnownFact("r3", "Marie Curie", "WON", "Nobel Prize", "n1", "n4"))
    ctx = build_context([ItemSource("Marie Curie married Pierre Curie.\nPierre Curie worked at the Sorbonne.",
                                    source="chunk", relationship_ids=("r1", "r2", "r3"), facts=facts,
                                    entities=(KnownEntity("n5", "Warsaw"),), provenance={"chunk_id": "c1"})])
    item, s1, s2 = ctx.units
    assert item.relationship_ids == ("r1", "r2") and item.provenance["named_not_stated"] == ["r3"]
    assert (s1.parent, s1.relationship_ids, s1.facts) == ("1", ("r1",), ("Marie Curie MARRIED Pierre Curie",))
    assert s2.relationship_ids == ("r2",) and set(s2.node_ids) == {"n2", "n3"}
    assert "Warsaw" not in item.text and "n5" not in item.node_ids  # nothing named that the text does not name


# -------------------------------------------------------------------------------- the engine on a stack call


def test_ten_chunks_fifty_sentences_planted_span_first_within_fifteen_calls() -> None:
    texts = [chunk(i, planted=(i == 7)) for i in range(10)]
    llm = PlantedLLM()
    call = call_for(texts, llm)
    ex = explain_stack(call, embedder=HashEmbedder())
    assert ex.reproduction is not None and ex.reproduced and ex.reproduction.exact
    assert ex.reproduction.similarity == pytest.approx(1.0)
    assert ex.answer == "Eagle." and ex.observed_answer == "Eagle."
    assert ex.top("item", 1)[0].id == "8"  # the planted chunk (0-based 7), items numbered from 1
    top_span = ex.top("span", 1)[0]
    assert top_span.id == "8.3" and top_span.label == PLANTED and top_span.answer_changed
    assert top_span.provenance["item"] == "8" and top_span.provenance["retrieved_as"] == "chunk"
    # spans of the chunks whose removal did not move the answer were cleared by that test, never asked
    cleared = [c for c in ex.components if c.strategy == "span" and c.note.cleared_by == "parent"]
    assert len(cleared) == 45 and all(c.evaluated == "group" and c.importance == 0.0 for c in cleared)
    # every distinct prompt asked once, the baseline's repeat (the noise floor) on purpose
    assert ex.cost.generator_calls <= 15
    assert ex.cost.generator_calls == len(llm.prompts) == len(set(llm.prompts)) + STACK_SETTINGS.noise_runs - 1
    assert ex.stack is not None and (ex.stack.items, ex.stack.spans) == (10, 50)
    assert ex.units is not None and len(ex.units) == 60
    assert "passage" in ex.user_explanation and PLANTED in ex.user_explanation
    assert ex.technical_explanation.startswith("The replayed call reproduced the stack's answer")


def test_every_probe_is_the_stacks_prompt_without_the_removed_units() -> None:
    texts = [chunk(i, planted=(i == 1)) for i in range(3)]
    llm = PlantedLLM()
    ex = explain_stack(call_for(texts, llm), embedder=HashEmbedder(),
                       settings=ExplainSettings(strategies=("item", "span"), scheduler="exhaustive", noise_runs=1))
    assert llm.prompts[0] == "Context:\n" + "\n".join(texts) + f"\n\nQuestion:\n{QUESTION}\n\nAnswer:\n"
    by_id = {c.id: c for c in ex.components}
    assert set(by_id) == {"1", "2", "3"} | {f"{i}.{k}" for i in (1, 2, 3) for k in range(1, 6)}
    assert by_id["2"].answer_changed and by_id["2.3"].answer_changed
    assert not any(by_id[u].answer_changed for u in by_id if u not in ("2", "2.3"))
    # leave-one-out: 1 baseline + 3 items + 15 spans (no two probes render the same prompt)
    assert ex.cost.generator_calls == 19 and ex.cost.deduplicated == 0
    without_span = next(p for p in llm.prompts if PLANTED not in p and chunk(1).split(".")[0] in p)
    assert "Mission 1 carried 1 astronauts. Mission 1 landed in ocean 1." in without_span
    # the prefix each probe shares with the baseline is reported (the stack's prompt keeps its own order; its
    # system prompt, when it has one, is the same in every probe)
    prefix = ex.cost.prefix
    assert prefix is not None and prefix.order == "stack" and len(prefix.probes) == 18
    extra = prefix.baseline - len(llm.prompts[0])
    assert Counter(prefix.probes) == Counter(extra + shared_prefix(llm.prompts[0], p) for p in llm.prompts[1:])


def test_a_sentence_repeated_in_chunks_is_one_group_with_a_joint_importance() -> None:
    """The same sentence in two or three chunks: removing one copy leaves the others, so alone each would score 0
    (before: one copy got a conditional importance, the others 0 'no-effect', unlinked). The copies are one unit:
    removed together, their joint importance is on every copy, linked to the others, and the group ranks first."""
    for planted in ((2, 5), (1, 4, 8)):
        texts = [chunk(i, planted=(i in planted)) for i in range(10)]
        ex = explain_stack(call_for(texts, PlantedLLM()), embedder=HashEmbedder())
        assert ex.reproduced
        ids = [f"{i + 1}.3" for i in planted]
        copies = [c for c in ex.components if c.id in ids]
        assert len(copies) == len(planted) and all(c.strategy == "span" for c in copies)
        assert all(c.importance is not None and c.importance > ex.noise_floor and c.answer_changed for c in copies)
        assert all(c.rank == 1 and c.evaluated == "measured" and c.redundant_group == "copies:" + "+".join(ids)
                   for c in copies)
        assert all(sorted(c.copies) == sorted(set(ids) - {c.id}) and c.joint_importance == c.importance
                   for c in copies)
        assert ex.top("span", 1)[0].id in ids and ex.top("span", 1)[0].label == PLANTED
        assert ex.copies is not None
        spans = [g for g in ex.copies if g.strategy == "span"]
        assert [(g.members, g.basis, g.rank) for g in spans] == [(ids, "text", 1)]
        assert spans[0].importance == copies[0].importance and spans[0].counterfactual_answer == "I don't know."
        # the items are not copies (their other sentences differ) but each holds one: they are removed together,
        # one probe whose joint importance each carries, linked to the others (before: each alone, 0, then one
        # found necessary once the others were out by a redundancy search)
        items = [str(i + 1) for i in planted]
        (held,) = [g for g in ex.copies if g.strategy == "item"]
        assert (held.members, held.text, held.basis, held.rank) == (items, PLANTED, "text", 1)
        holders = [c for c in ex.components if c.strategy == "item" and c.id in items]
        assert all(c.redundant_group == held.id and c.joint_importance == c.importance == held.importance and
                   sorted(c.copies) == sorted(set(items) - {c.id}) for c in holders)
        assert held.importance is not None and held.importance > ex.noise_floor
        assert not any(c.evaluated == "conditional" for c in ex.components)
        assert ex.cost.generator_calls == 2 + 2 + 2  # baselines, then per level the copies together and the rest
        assert "stated 2" in ex.user_explanation or "stated 3" in ex.user_explanation


def test_a_baseline_that_does_not_reproduce_is_never_silent() -> None:
    texts = [chunk(i, planted=(i == 0)) for i in range(3)]
    with pytest.warns(NotReproducedWarning, match="Buzz Aldrin"):
        ex = explain_stack(call_for(texts, PlantedLLM(), observed="Buzz Aldrin."), embedder=HashEmbedder())
    assert ex.reproduction is not None and ex.reproduced is False and not ex.reproduction.exact
    assert ex.reproduction.observed_answer == "Buzz Aldrin." and ex.reproduction.replayed_answer == "Eagle."
    assert ex.reproduction.similarity < 0.5
    assert ex.technical_explanation.startswith("NOT REPRODUCED")
    llm = PlantedLLM()
    with pytest.raises(NotReproducedError) as err:
        explain_stack(call_for(texts, llm, observed="Buzz Aldrin."), embedder=HashEmbedder(), on_mismatch="error")
    assert err.value.exit_code == 4 and err.value.reproduction["replayed_answer"] == "Eagle."
    assert len(llm.prompts) == STACK_SETTINGS.noise_runs  # stopped before any probe


class AlternatingLLM(PlantedLLM):
    """PlantedLLM that does not repeat itself: every second call answers `other` (one call at a time, counted)."""

    def __init__(self, other: str = "Falcon.") -> None:
        super().__init__()
        self.other = other
        self.lock = threading.Lock()

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        with self.lock:
            gen = super().generate(prompt, system)
            return gen if len(self.prompts) % 2 == 1 else Generation(self.other, gen.usage, self.name)


def test_every_baseline_run_must_reproduce_the_stack_answer() -> None:
    """Issue 31: the stack's own call was this LLM's first (observed "Eagle."); its two baseline runs, asked
    concurrently, answer "Falcon." and "Eagle." in whichever order. Judged on the first run only, that passed when
    "Eagle." came first; every run counts now: caught 20 of 20, before any probe."""
    texts = [chunk(i, planted=(i == 0)) for i in range(3)]
    for i in range(20):
        llm = AlternatingLLM()
        llm.generate("the stack's own call", None)
        with pytest.raises(NotReproducedError) as err:
            explain_stack(call_for(texts, llm), embedder=HashEmbedder(), on_mismatch="error")
        assert len(llm.prompts) == 1 + STACK_SETTINGS.noise_runs, i  # the call and its replays: no probe
        r = err.value.reproduction
        assert r["reproduced"] is False and r["baselines_agree"] is False, i
        assert "not deterministic" in str(err.value) and "1 gave that answer" in str(err.value), i


def test_by_default_a_nondeterministic_llm_is_said_clearly() -> None:
    """on_mismatch="warn": explained, and the warning, the technical text and the console all say the LLM does not
    repeat itself (the first run may even have matched)."""
    from rich.console import Console

    from xgrag.report.console import print_explanation

    llm = AlternatingLLM()
    llm.generate("the stack's own call", None)
    with pytest.warns(NotReproducedWarning, match="not deterministic"):
        ex = explain_stack(call_for([chunk(i, planted=(i == 0)) for i in range(3)], llm), embedder=HashEmbedder())
    assert ex.reproduction is not None and not ex.reproduced and not ex.reproduction.baselines_agree
    assert ex.technical_explanation.startswith("NOT REPRODUCED: the stack's LLM is not deterministic")
    out = Console(width=200, record=True)
    print_explanation(out, ex)
    assert "Not reproduced: the stack's LLM is not deterministic" in out.export_text()


def test_check_reproduction_on_every_run() -> None:
    """reproduced: every run equals the observed answer (answer_key); exact: the first run (a0) does; agree: the
    runs equal each other."""
    from xgrag.explain.stack import check_reproduction

    def vectors(texts: Any) -> dict[str, Any]:
        return dict(zip(texts, HashEmbedder().embed(list(texts)), strict=True))

    def runs(*texts: str) -> list[Generation]:
        return [Generation(t, Usage(1, 0, 0, 0.0), "g") for t in texts]

    same = check_reproduction("Eagle.", runs("eagle", "Eagle."), vectors)
    assert (same.reproduced, same.exact, same.baselines_agree) == (True, True, True)
    assert "all 2 replays" in same.note
    first_only = check_reproduction("Eagle.", runs("Eagle.", "Falcon."), vectors)
    assert (first_only.reproduced, first_only.exact, first_only.baselines_agree) == (False, True, False)
    assert first_only.note.startswith("NOT REPRODUCED: the stack's LLM is not deterministic")
    second_only = check_reproduction("Eagle.", runs("Falcon.", "Eagle."), vectors)
    assert (second_only.reproduced, second_only.exact, second_only.baselines_agree) == (False, False, False)
    other = check_reproduction("Eagle.", runs("Falcon.", "Falcon."), vectors)
    assert (other.reproduced, other.exact, other.baselines_agree) == (False, False, True)
    assert other.note.startswith("NOT REPRODUCED: the stack answered 'Eagle.' but replaying its call gave 'Falcon.'")
    single = check_reproduction("Eagle.", runs("Eagle."), vectors)
    assert single.reproduced and "replays" not in single.note


def test_the_observed_answer_is_the_baseline_and_the_rerun_must_give_it_too() -> None:
    """Issue 31: an entry point that ran the stack's call again passes the user's answer (`observed_answer`): it is
    what the replays are judged against, and the re-run's answer is kept and judged too: a re-run that drifted while
    the replays of its context happen to give the user's answer is still not reproduced, and said so."""
    from rich.console import Console

    from xgrag.report.console import print_explanation

    texts = [chunk(i, planted=(i == 0)) for i in range(3)]
    llm = PlantedLLM()
    with pytest.raises(NotReproducedError) as err:
        explain_stack(call_for(texts, llm, observed="Falcon."), embedder=HashEmbedder(), observed_answer="Eagle.",
                      on_mismatch="error")
    r = err.value.reproduction
    assert (r["observed_answer"], r["rerun_answer"], r["replayed_answer"]) == ("Eagle.", "Falcon.", "Eagle.")
    assert str(err.value).startswith("NOT REPRODUCED: the answer you observed was 'Eagle.'")
    assert len(llm.prompts) == STACK_SETTINGS.noise_runs  # stopped before any probe
    with pytest.warns(NotReproducedWarning, match="you observed"):
        warned = explain_stack(call_for(texts, PlantedLLM(), observed="Falcon."), embedder=HashEmbedder(),
                               observed_answer="Eagle.", settings=ExplainSettings(strategies=("item",)))
    out = Console(width=200, record=True)
    print_explanation(out, warned)
    assert "Not reproduced: you observed 'Eagle.', the stack's call run again answered 'Falcon.'" in out.export_text()
    same = explain_stack(call_for(texts, PlantedLLM(), observed="Eagle."), embedder=HashEmbedder(),
                         observed_answer="eagle", on_mismatch="error")
    assert same.reproduced and same.reproduction is not None and same.reproduction.rerun_answer == "Eagle."
    with pytest.raises(UsageError, match="observed_answer"):
        explain_stack(call_for(texts, PlantedLLM()), embedder=HashEmbedder(), observed_answer="")
    with pytest.raises(UsageError, match="on_mismatch"):
        explain_stack(call_for(texts, PlantedLLM()), embedder=HashEmbedder(),
                      on_mismatch="ignore")  # type: ignore[arg-type]


def test_case_and_full_stops_do_not_count_as_a_different_answer() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ex = explain_stack(call_for([chunk(0, planted=True)], PlantedLLM(), observed="eagle"),
                           embedder=HashEmbedder())
    assert ex.reproduced and ex.reproduction is not None and ex.reproduction.exact


def test_graph_and_stack_strategies_do_not_mix() -> None:
    call = call_for([chunk(0, planted=True)], PlantedLLM())
    with pytest.raises(UsageError, match="do not apply to a stack's context"):
        explain_stack(call, embedder=HashEmbedder(), settings=ExplainSettings(strategies=("node", "item")))
    with pytest.raises(UsageError, match="do not apply to xgrag's graph context"):
        Explainer(None, PlantedLLM(), HashEmbedder()).explain(QUESTION, settings=ExplainSettings(strategies=("span",)))
    with pytest.raises(UsageError, match="explainer's generator must be the call's"):
        asyncio.run(Explainer(None, PlantedLLM(), HashEmbedder()).aexplain_stack(call, settings=STACK_SETTINGS))


def test_reports_render_a_stack_explanation_and_say_whether_it_was_reproduced() -> None:
    from rich.console import Console

    from xgrag.report.console import print_explanation
    from xgrag.serve.export import render_html

    texts = [chunk(i, planted=(i == 1)) for i in range(3)]
    out = Console(width=160, record=True)
    print_explanation(out, explain_stack(call_for(texts, PlantedLLM()), embedder=HashEmbedder()))
    assert "the replayed call reproduced its answer" in out.export_text()
    with pytest.warns(NotReproducedWarning):
        drifted = explain_stack(call_for(texts, PlantedLLM(), observed="Buzz Aldrin."), embedder=HashEmbedder())
    out = Console(width=160, record=True)
    print_explanation(out, drifted)
    assert "Not reproduced: the stack answered 'Buzz Aldrin.'" in out.export_text()
    html = render_html([drifted])
    assert PLANTED in html and "Buzz Aldrin." in html


EVIL_PLANTED = "The <img src=x onerror=alert(1)> lunar module was named Eagle."


def copied_explanation() -> Any:
    """A decisive sentence (with markup) stated in two chunks of ten: one group of copies."""
    texts = [chunk(i) for i in range(10)]
    for i in (1, 4):
        texts[i] = texts[i].replace(f"Mission {i} lasted {i + 3} days.", EVIL_PLANTED)
    return explain_stack(call_for(texts, PlantedLLM(decisive=(EVIL_PLANTED,))), embedder=HashEmbedder())


def test_the_page_lists_copies_of_a_fact_with_their_joint_importance() -> None:
    """The view model (what the page and the --html export draw) carries each group of copies: the fact, its joint
    importance and answer, which units are its copies; and each copy's row names the others (before: the page showed
    none of it). The fact's markup is carried as data, never as markup of the page."""
    from xgrag.report.view import colour, view_model
    from xgrag.serve.export import render_html

    ex = copied_explanation()
    # the two sentences (a span group) and the two chunks holding them, removed together (an item group)
    assert ex.copies is not None and [g.strategy for g in ex.copies] == ["item", "span"]
    holders, group = ex.copies
    vm = view_model(ex)
    held, shown = vm["copies"]
    assert held["members"] == [{"id": "2", "kind": "item", "item": "2"}, {"id": "5", "kind": "item", "item": "5"}]
    assert held["text"] == EVIL_PLANTED and held["id"] == holders.id
    assert shown["members"] == [{"id": "2.3", "kind": "span", "item": "2"}, {"id": "5.3", "kind": "span", "item": "5"}]
    assert shown["text"] == EVIL_PLANTED and shown["id"] == group.id and shown["basis"] == "text"
    assert shown["importance"] == pytest.approx(group.importance) and group.importance > ex.noise_floor
    assert shown["fill"] == colour(group.importance) and shown["rank"] == 1
    assert shown["changed"] is True and shown["counterfactual"] == "I don't know."
    rows = {r["unit"]["id"]: r for r in vm["rows"] if r["group"] == group.id}
    assert set(rows) == {"2.3", "5.3"} and rows["2.3"]["copies"] == ["5.3"] and rows["5.3"]["copies"] == ["2.3"]
    assert all(r["joint_importance"] == shown["importance"] for r in rows.values())
    items = {r["unit"]["id"]: r for r in vm["rows"] if r["group"] == holders.id}
    assert set(items) == {"2", "5"} and items["2"]["copies"] == ["5"] and items["5"]["copies"] == ["2"]
    assert all(r["group"] is None and r["copies"] == [] for r in vm["rows"]
               if r["unit"]["id"] not in rows and r["unit"]["id"] not in items)
    page = render_html([ex])
    assert "<img src=x" not in page
