"""The proxy-first plan on a stack's context (xgrag.explain.schedulers.stack_proxy): the pure ranking with plain
values, then the Explainer over a stack's context with a fake LLM (PlantedLLM) that answers from one sentence."""

from __future__ import annotations

from typing import Any

from fakes import PLANTED, HashEmbedder, PlantedLLM
from fakes import PLANTED_QUESTION as QUESTION
from fakes import mission_chunk as chunk
from xgrag.explain.explainer import explain_stack
from xgrag.explain.schedulers.stack_proxy import STACK_CANDIDATES, content_words, stack_proxy_plan, stated
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
