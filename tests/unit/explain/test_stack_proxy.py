"""The proxy-first plan on a stack's context (xgrag.explain.schedulers.stack_proxy): the pure ranking with plain
values, then the Explainer over a stack's context with a fake LLM (PlantedLLM) that answers from one sentence."""

from __future__ import annotations

from typing import Any

from fakes import PLANTED, HashEmbedder, PlantedLLM
from fakes import PLANTED_QUESTION as QUESTION
from fakes import mission_chunk as chunk
from xgrag.explain.explainer import explain_stack
from xgrag.explain.schedulers.stack_proxy import (
    STACK_CANDIDATES,
    content_words,
    joint_plan,
    stack_proxy_plan,
    stated,
)
from xgrag.explain.stack import ItemSource, StackCall, build_context


def call_for(texts: list[str], llm: PlantedLLM) -> StackCall:
    def prompt(items: Any) -> tuple[str | None, str]:
        kept = [t for t in items if t is not None]
        return "Answer from the context.", "Context:\n" + "\n".join(kept) + f"\n\nQuestion:\n{QUESTION}\n\nAnswer:\n"

    return StackCall(stack="test", component="fake", question=QUESTION, observed_answer="Eagle.",
                     context=build_context([ItemSource(t, source="chunk") for t in texts]), prompt=prompt,
                     generator=llm)


def test_a_unit_states_the_answer_by_its_names_or_most_of_its_words() -> None:
    assert stated("The Apollo 11 lunar module was named Eagle.", "Eagle.") == (1, 1.0)
    assert stated("Mission 7 lasted 10 days.", "Eagle.") == (0, 0.0)
    # a list answer: each name counts whole; its words as a share
    assert stated("Kestrel carried Plover and Wren.", "Plover, Wren and Finch") == (2, 2 / 3)
    # an answer with nothing to state ("I don't know.") names no unit
    assert content_words("I don't know.") == set() and stated("I know it.", "I don't know.") == (0, 0.0)
    # a name inside a longer word is not stated whole
    assert stated("Eaglewood forest.", "Eagle")[0] == 0


def test_the_plan_verifies_the_stating_units_first_and_the_rest_by_promise() -> None:
    texts = ["Mission 1 launched.", "Plover was the lunar module.", "Mission 3 lasted 4 days.", "Plover, again."]
    units = list(texts)  # any objects: keyed by id()
    tx = {id(u): u for u in units}
    promise = {id(units[0]): 0.1, id(units[1]): 0.2, id(units[2]): 0.9, id(units[3]): 0.5}
    candidates, rest = stack_proxy_plan(units, tx, promise, "Plover.")
    assert candidates == [units[3], units[1]]  # both state it whole and fully: the more promising first
    assert rest == [units[2], units[0]]  # most promising first
    # none states the answer: the most promising alone is verified
    candidates, rest = stack_proxy_plan(units, tx, promise, "Eagle.")
    assert candidates == [units[2]] and rest == [units[3], units[1], units[0]]
    # at most `limit` candidates, at least one
    many = [f"Plover {i}." for i in range(STACK_CANDIDATES + 2)]
    c, r = stack_proxy_plan(many, {id(u): u for u in many}, {id(u): 0.0 for u in many}, "Plover")
    assert c == many[:STACK_CANDIDATES] and r == many[STACK_CANDIDATES:]
    assert stack_proxy_plan(many[:1], {id(many[0]): many[0]}, {id(many[0]): 0.0}, "Eagle") == ([many[0]], [])
    assert stack_proxy_plan([], {}, {}, "Eagle") == ([], [])


def test_a_confirmed_plan_costs_its_candidates_and_one_probe_per_level() -> None:
    """Ten chunks of five sentences, the answer stated in one: the planted chunk alone and the other nine at once,
    then the planted sentence alone and the other four of its chunk at once (before, group testing: 15 calls)."""
    llm = PlantedLLM()
    ex = explain_stack(call_for([chunk(i, planted=(i == 7)) for i in range(10)], llm), embedder=HashEmbedder())
    assert ex.reproduced and ex.top("item", 1)[0].id == "8"
    assert ex.top("span", 1)[0].id == "8.3" and ex.top("span", 1)[0].label == PLANTED
    assert ex.cost.generator_calls == 2 + 2 + 2  # two baseline runs, two probes per level
    gt = ex.group_testing
    assert gt is not None and gt.scheduler == "proxy"
    for level in ("item", "span"):
        s = gt.strategies[level]
        assert (s.proxy_candidates, s.proxy_confirmed, s.tests) == (1, True, 2)
    assert gt.strategies["span"].inside_moving_parents == 5  # spans only inside the item that matters


def test_below_thirty_units_too() -> None:
    """Three chunks (18 units, below auto's group testing size): the plan runs, not leave-one-out (19 calls)."""
    ex = explain_stack(call_for([chunk(i, planted=(i == 1)) for i in range(3)], PlantedLLM()),
                       embedder=HashEmbedder())
    assert ex.group_testing is not None and ex.group_testing.scheduler == "proxy"
    assert ex.top("span", 1)[0].id == "2.3" and ex.cost.generator_calls == 6


def test_a_contradicted_proxy_falls_back_to_group_testing_and_still_finds_the_mover() -> None:
    """The LLM answers from a sentence that does not state the answer's words: the proxy's candidate moves nothing,
    removing the rest moves the answer, and group testing over the rest finds the decisive sentence."""
    decisive = "Mission 4 lasted 7 days."
    llm = PlantedLLM(decisive=(decisive,))
    ex = explain_stack(call_for([chunk(i) for i in range(10)], llm), embedder=HashEmbedder())
    assert ex.reproduced
    assert ex.top("item", 1)[0].id == "5" and ex.top("span", 1)[0].label == decisive
    gt = ex.group_testing
    assert gt is not None and gt.strategies["item"].proxy_confirmed is False


def test_units_holding_copies_of_the_stated_answer_are_one_joint_probe() -> None:
    """The pure rule: candidates that each hold a copy of one statement stating the answer are removed together,
    with every other unit holding a copy (even one the candidate limit left in the rest); a copied statement that
    does not state the answer, or one held by one unit, is no joint probe."""
    a, b, c, d, e = "a", "b", "c", "d", "e"  # any objects: keyed by id()
    holds = {id(a): {"copies:1"}, id(b): {"copies:1", "copies:2"}, id(c): {"copies:2"}, id(d): {"copies:1"},
             id(e): {"copies:3"}}
    statements = {"copies:1": ["The Apollo 11 lunar module was named Eagle."] * 3,
                  "copies:2": ["Mission 2 launched from pad 2."] * 2, "copies:3": ["Eagle landed."]}
    tests, rest = joint_plan([b, e, a], [c, d], holds, statements, "Eagle.")
    assert tests == [[b, a, d], [e]] and rest == [c]
    # nothing copied: each candidate alone, the rest unchanged
    assert joint_plan([a, b], [c], {}, {}, "Eagle.") == ([[a], [b]], [c])
    # the copied statement does not state the answer: each alone
    assert joint_plan([b, c], [a], holds, statements, "Falcon.") == ([[b], [c]], [a])


def test_a_repeated_decisive_sentence_is_verified_by_one_joint_removal_of_its_items() -> None:
    """Ten chunks, the planted sentence ending three of them: no single chunk's removal moves the answer. The three
    chunks are removed together (one probe, their joint importance on each, linked as copies), the other seven at
    once, then the copies of the sentence together and the other spans of those chunks at once: 6 calls (before:
    each chunk alone, then a redundancy search over the items, 11)."""
    texts = [chunk(i) + (f" {PLANTED}" if i in (2, 5, 8) else "") for i in range(10)]
    ex = explain_stack(call_for(texts, PlantedLLM()), embedder=HashEmbedder())
    assert ex.reproduced and ex.cost.generator_calls == 2 + 2 + 2
    top = ex.top("span", 1)[0]
    assert top.label == PLANTED and top.redundant_group is not None and top.importance is not None
    assert top.importance > ex.noise_floor
    items = {c.id: c for c in ex.components if c.strategy == "item"}
    group = items["3"].redundant_group
    assert group is not None and all(items[i].redundant_group == group for i in ("3", "6", "9"))
    for i in ("3", "6", "9"):
        assert items[i].joint_importance is not None and items[i].joint_importance > ex.noise_floor
        assert items[i].importance == items[i].joint_importance and items[i].evaluated == "measured"
        assert sorted(items[i].copies) == sorted({"3", "6", "9"} - {i})
    assert all(c.redundant_group is None and c.importance == 0 for k, c in items.items() if k not in ("3", "6", "9"))
    assert ex.copies is not None and {g.id for g in ex.copies} >= {group, top.redundant_group}
    gt = ex.group_testing
    assert gt is not None and gt.strategies["item"].proxy_confirmed is True


class BothLLM(PlantedLLM):
    """Answers only when the prompt holds the planted sentence (any copy) and `also` (a second decisive fact)."""

    def __init__(self, also: str) -> None:
        super().__init__()
        self.also = also

    def generate(self, prompt: str, system: str | None = None, **kwargs: Any) -> Any:
        out = super().generate(prompt, system, **kwargs)
        if self.also not in prompt:
            out.text = "I don't know."
        return out


def test_a_second_decisive_fact_inside_a_copy_holder_is_found_at_the_span_level() -> None:
    """The planted sentence ends three chunks and one of them also states a second fact the answer needs: the joint
    removal of the three moves the answer, and inside them the sufficiency probe over their other spans moves it
    too, so group testing searches those spans and finds the second fact."""
    also = "Mission 5 carried 5 astronauts."
    texts = [chunk(i) + (f" {PLANTED}" if i in (2, 5, 8) else "") for i in range(10)]
    ex = explain_stack(call_for(texts, BothLLM(also)), embedder=HashEmbedder())
    assert ex.reproduced
    spans = {c.label: c for c in ex.components if c.strategy == "span"}
    assert spans[also].answer_changed and spans[PLANTED].answer_changed
    assert spans[also].importance == spans[PLANTED].importance and {spans[also].rank, spans[PLANTED].rank} == {1, 2}
    gt = ex.group_testing
    assert gt is not None and gt.strategies["span"].proxy_confirmed is False
