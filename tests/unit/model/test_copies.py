"""The rule that groups redundant copies of one fact in a stack's context (xgrag.model.copies): pure logic."""

from __future__ import annotations

from xgrag.explain.stack import ItemSource, KnownFact, build_context
from xgrag.model import ContextUnit
from xgrag.model.copies import copy_groups, statement_key

PLANTED = "The Apollo 11 lunar module was named Eagle."
FACT = KnownFact("r1", "Apollo 11", "HAD_LUNAR_MODULE", "Eagle")


def test_statement_key_folds_case_punctuation_arrows_and_underscores() -> None:
    assert statement_key("Apollo 11 -> HAD_LUNAR_MODULE -> Eagle") == statement_key("apollo 11 had lunar module eagle.")
    assert statement_key("  The  Eagle. ") == "the eagle"
    assert statement_key("Eagle") != statement_key("Eagles")


def test_the_same_sentence_in_three_chunks_is_one_group_of_its_spans() -> None:
    ctx = build_context([ItemSource(f"Mission {i} launched. {PLANTED.upper() if i == 2 else PLANTED} "
                                    f"It rained {i} days.") for i in range(1, 4)]
                        + [ItemSource("Mission 4 launched. Nothing else.")])
    groups = copy_groups(ctx.units)
    assert [(g.members, g.basis, g.kind, g.parent) for g in groups] == [
        (("1.2", "2.2", "3.2"), "text", "span", None)]
    assert groups[0].id == "copies:1.2+2.2+3.2"


def test_units_traced_to_the_same_fact_are_copies_in_other_words() -> None:
    """A triplet item and a chunk sentence stating the fact in other words (LightRAG's relation row and its chunk)."""
    ctx = build_context([ItemSource("Apollo 11 -> HAD_LUNAR_MODULE -> Eagle", facts=(FACT,), split=False),
                         ItemSource(f"Apollo 11 launched in 1969. {PLANTED}", facts=(FACT,)),
                         ItemSource("Apollo 11 flew the Eagle lander.", facts=(FACT,))])
    [group] = copy_groups(ctx.units)
    assert group.members == ("1", "2.2", "3") and group.basis == "facts" and group.kind == "span"


def test_distinct_statements_and_a_unit_with_its_own_spans_are_never_grouped() -> None:
    ctx = build_context([ItemSource(f"Apollo 11 launched in 1969. {PLANTED}", facts=(FACT,)),
                         ItemSource("Apollo 12 launched in 1969. Its module was Intrepid.")])
    assert copy_groups(ctx.units) == []  # the item states r1 and so does its span: not copies of each other


def test_a_chunk_retrieved_twice_groups_the_items_and_each_pair_of_spans() -> None:
    text = f"Apollo 11 launched in 1969. {PLANTED}"
    ctx = build_context([ItemSource(text), ItemSource("Other. Things."), ItemSource(text)])
    assert [(g.members, g.kind) for g in copy_groups(ctx.units)] == [
        (("1", "3"), "item"), (("1.1", "3.1"), "span"), (("1.2", "3.2"), "span")]


def test_copies_of_copies_are_one_group_and_spans_of_one_item_keep_their_parent() -> None:
    units = [ContextUnit("1", "item", "A. B. A!", "[1]"), ContextUnit("1.1", "span", "A.", "A.", parent="1"),
             ContextUnit("1.2", "span", "B.", "B.", parent="1"), ContextUnit("1.3", "span", "a", "a", parent="1")]
    [group] = copy_groups(units)
    assert group.members == ("1.1", "1.3") and group.parent == "1"
