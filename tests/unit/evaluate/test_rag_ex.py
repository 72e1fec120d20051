"""The RAG-Ex text baseline on xgrag's context: rendering, windows, mapping to triples, calls and cache."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.evaluate.rag_ex import (
    RagExExplainer,
    features_of,
    render_text,
    text_context,
    word_windows,
)
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.cache import ResponseCache
from xgrag.generate.prompt import render
from xgrag.model import Node, Relationship, Subgraph

QUESTION = "who directed [Out to Sea]"


def movie_graph() -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in [("m", "Out to Sea", "Movie"), ("d", "Martha Coolidge", "Person"),
                           ("a", "Jack Lemmon", "Person"), ("y", "1997", "Year"),
                           ("w", "Robert Nelson Jacobs", "Person")]:
        sub.add_node(Node(nid, name, typ))
    # inserted out of canonical order on purpose
    for rid, s, lab, t in [("r4", "m", "written_by", "w"), ("r2", "m", "starred_actors", "a"),
                           ("r1", "m", "directed_by", "d"), ("r3", "m", "release_year", "y")]:
        sub.add_relationship(Relationship(rid, s, t, lab))
    sub.seeds = ["m"]
    return sub


SENTENCES = ["Out to Sea directed by Martha Coolidge.", "Out to Sea release year 1997.",
             "Out to Sea starred actors Jack Lemmon.", "Out to Sea written by Robert Nelson Jacobs."]


def test_text_context_is_xgrags_facts_in_xgrags_order():
    graph = movie_graph()
    ctx = text_context(graph)
    graph_ctx = render(QUESTION, graph)
    assert ctx.facts == graph_ctx.facts
    assert [f.id for f in ctx.facts] == ["r1", "r3", "r2", "r4"]
    assert list(ctx.sentences) == SENTENCES
    # every sentence is exactly one "Facts:" line of xgrag's prompt, as a sentence
    fact_lines = [ln[2:] for ln in graph_ctx.prompt.split("Facts:\n")[1].split("\n\n")[0].splitlines()]
    assert [s[:-1] for s in ctx.sentences] == fact_lines
    assert ctx.text == " ".join(SENTENCES)
    for (start, end), sentence in zip(ctx.spans, ctx.sentences, strict=True):
        assert ctx.text[start:end] == sentence
    for tok in ctx.tokens:
        assert ctx.text[tok.start:tok.end] == tok.text
    assert len(ctx.tokens) == 7 + 6 + 7 + 8


def test_text_prompt_asks_for_the_answer_the_same_way():
    graph = movie_graph()
    ctx = text_context(graph)
    text_prompt = render_text(QUESTION, ctx.text, ctx.facts)
    graph_prompt = render(QUESTION, graph)
    assert text_prompt.system == graph_prompt.system
    assert text_prompt.prompt.startswith("---Knowledge Base---\n" + ctx.text + "\n")
    tail = f"\n\nQuestion: {QUESTION}\nAnswer:"
    assert text_prompt.prompt.endswith(tail) and graph_prompt.prompt.endswith(tail)
    assert text_prompt.facts == graph_prompt.facts and text_prompt.question == QUESTION
    assert render_text(QUESTION, "", ()).prompt.startswith("---Knowledge Base---\n(none)\n")
    assert text_prompt.digest != graph_prompt.digest  # different inputs never share a cache entry


def test_word_windows():
    assert [len(w) for w in word_windows(28, 5)] == [5, 5, 5, 5, 5, 3]
    assert [list(w) for w in word_windows(11, 5)] == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10]]
    assert word_windows(0, 5) == []
    assert len(word_windows(10, 5)) == 2
    with pytest.raises(ValueError):
        word_windows(10, 0)


def test_features_map_to_the_triples_whose_sentences_they_overlap():
    ctx = text_context(movie_graph())
    words = features_of(ctx, "word", 5)
    assert len(words) == 6  # ceil(28 / 5)
    assert words[0].text == "Out to Sea directed by" and words[0].relationship_ids == ["r1"]
    # tokens 5..9: "Martha Coolidge." ends r1, "Out to Sea" starts r3
    assert words[1].text == "Martha Coolidge. Out to Sea" and words[1].relationship_ids == ["r1", "r3"]
    assert words[2].text == "release year 1997. Out to" and words[2].relationship_ids == ["r3", "r2"]
    assert words[-1].relationship_ids == ["r4"] and words[-1].end == len(ctx.text)
    assert [ctx.text[f.start:f.end] for f in words] == [f.text for f in words]
    sentences = features_of(ctx, "sentence")
    assert [f.text for f in sentences] == SENTENCES
    assert [f.relationship_ids for f in sentences] == [["r1"], ["r3"], ["r2"], ["r4"]]
    assert len(features_of(ctx, "word", 3)) == 10  # ceil(28 / 3)
    with pytest.raises(ValueError, match="level"):
        features_of(ctx, "paragraph")  # type: ignore[arg-type]


def test_leaving_words_out_keeps_only_triples_still_stated():
    ctx = text_context(movie_graph())
    text, facts = ctx.without(frozenset({0, 1}))  # "Out to" of the first sentence
    assert text.startswith("Sea directed by Martha Coolidge. Out to Sea release")
    first = facts[0]
    assert (first.id, first.head, first.relation, first.tail) == ("r1", "Sea", "directed by", "Martha Coolidge")
    assert len(facts) == 4
    text, facts = ctx.without(frozenset({5, 6}))  # the whole tail of r1: it no longer states a relation
    assert [f.id for f in facts] == ["r3", "r2", "r4"]
    assert "Martha" not in text
    text, facts = ctx.without(frozenset(range(len(ctx.tokens))))
    assert text == "" and facts == ()


def test_sentence_level_finds_the_triple_the_answer_came_from_and_counts_calls():
    gen = RuleGenerator("directed by")
    result = RagExExplainer(gen, HashEmbedder()).explain(QUESTION, movie_graph(), "sentence")
    assert result.answer == "Martha Coolidge."
    assert result.generator_evidence == ["r1"]
    assert gen.calls == 1 + 4 and result.cost.generator_calls == 5 and result.cost.cache_hits == 0
    assert result.cost.perturbations == 4
    assert result.cost.prompt_tokens == sum(len(p.split()) for p in gen.prompts)
    top = min(result.features, key=lambda f: f.rank)
    assert top.relationship_ids == ["r1"] and top.rank == 1 and top.normalized_importance == 1.0
    assert top.counterfactual_answer == "I don't know." and top.importance > 0.5
    assert all(f.importance == 0.0 for f in result.features if f.relationship_ids != ["r1"])
    imp = result.relationship_importance()
    assert set(imp) == {"r1", "r2", "r3", "r4"}
    assert imp["r1"] == top.importance and imp["r2"] == imp["r3"] == imp["r4"] == 0.0
    # the removed sentence is really absent from the prompt the generator saw
    removed_prompts = [p for p in gen.prompts if "directed by" not in p]
    assert len(removed_prompts) == 1 and "Out to Sea release year 1997." in removed_prompts[0]
    assert result.window is None and result.level == "sentence"


def test_word_level_scores_windows_and_takes_the_max_per_triple():
    gen = RuleGenerator("directed by")
    result = RagExExplainer(gen, HashEmbedder(), concurrency=1).explain(QUESTION, movie_graph(), "word", window=5)
    assert len(result.features) == 6 and gen.calls == 7 and result.cost.generator_calls == 7
    changed = {tuple(f.relationship_ids) for f in result.features if f.importance > 0}
    assert changed == {("r1",), ("r1", "r3")}  # only windows that cut r1's head, relation or tail
    imp = result.relationship_importance()
    assert imp["r1"] == imp["r3"] > 0  # r3 shares the window that removes "Martha Coolidge."
    assert imp["r2"] == imp["r4"] == 0.0
    assert result.relationship_importance(normalized=True)["r1"] == 1.0
    assert sorted(f.rank for f in result.features) == list(range(1, 7))
    # ties in importance rank by position in the text
    ranked = sorted(result.features, key=lambda f: f.rank)
    assert ranked[0].start < ranked[1].start
    assert json.loads(json.dumps(result.to_json()))["features"][0]["relationship_ids"] == ["r1"]


def test_cache_serves_a_second_run_with_identical_scores(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    gen = RuleGenerator("directed by")
    explainer = RagExExplainer(gen, HashEmbedder(), cache=cache)
    first = explainer.explain(QUESTION, movie_graph(), "word")
    assert first.cost.generator_calls == 7 and first.cost.cache_hits == 0
    second = explainer.explain(QUESTION, movie_graph(), "word")
    assert gen.calls == 7  # nothing generated the second time
    assert second.cost.generator_calls == 0 and second.cost.cache_hits == 7
    assert [f.importance for f in second.features] == [f.importance for f in first.features]
    cache.close()


def test_same_baseline_answer_as_the_graph_explainer_and_async_entry_point():
    graph = movie_graph()
    gen = RuleGenerator("directed by")
    explanation = Explainer(FixedRetriever(graph), gen, HashEmbedder(),
                            ExplainSettings(strategies=("edge",), noise_runs=1, dedup=False)).explain(QUESTION)
    result = asyncio.run(RagExExplainer(gen, HashEmbedder()).aexplain(QUESTION, graph, "sentence"))
    assert result.answer == explanation.answer
    graph_edge = {c.id: c.importance for c in explanation.components}
    text_sentence = result.relationship_importance()
    assert set(graph_edge) == set(text_sentence)  # comparable on identical triples
    assert max(graph_edge, key=graph_edge.get) == max(text_sentence, key=text_sentence.get) == "r1"


def test_subgraph_from_json_round_trip_gives_the_same_text():
    graph = movie_graph()
    again = Subgraph.from_json(graph.to_json(), paths=[["r1"]])
    assert text_context(again).text == text_context(graph).text
    assert again.paths == [["r1"]] and again.seeds == ["m"]


def test_empty_graph():
    gen = RuleGenerator("directed by")
    result = RagExExplainer(gen, HashEmbedder()).explain(QUESTION, Subgraph(), "word")
    assert result.features == [] and result.answer == "I don't know." and gen.calls == 1
    assert result.relationship_importance() == {}


def test_untouched_triples_reach_the_generator_exactly_as_xgrag_renders_them():
    graph = movie_graph()
    graph.add_node(Node("z", "Jean  Paul", "Person"))  # a double space inside a name
    graph.add_relationship(Relationship("r9", "m", "z", "produced_by"))
    ctx = text_context(graph)
    assert "Out to Sea produced by Jean Paul." in ctx.sentences  # the text collapses whitespace
    _, facts = ctx.without(frozenset({0}))  # touches r1 only
    assert [f for f in facts if f.id == "r9"] == [f for f in render(QUESTION, graph).facts if f.id == "r9"]
    assert next(f for f in facts if f.id == "r9").tail == "Jean  Paul"


def test_the_blocking_explain_leaves_the_threads_own_loop_current_and_open():
    """A thread whose current loop the user's libraries use: RagExExplainer.explain runs on it and leaves it current
    and open (asyncio.run left the thread with none, issue 31). Run in a thread of its own, as a user's."""
    seen: list[object] = []

    def user() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            result = RagExExplainer(RuleGenerator("directed by"), HashEmbedder()).explain(QUESTION, movie_graph(),
                                                                                          "sentence")
            seen.append(result.answer)
            seen.append(asyncio.get_event_loop() is loop and not loop.is_closed())
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            seen.append(exc)
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    thread = threading.Thread(target=user)
    thread.start()
    thread.join()
    assert seen == ["Martha Coolidge.", True], seen
