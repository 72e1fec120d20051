"""Redundant copies of one fact in a stack's context: units that state the same thing, grouped so that they are
removed together and share one joint importance. Pure logic over ContextUnits (no model, no graph).

Why: removing one copy of a fact stated in several items leaves the others, so no single removal moves the answer
and every copy scores 0, although the fact decides it. A group of copies is perturbed as one unit (all copies out
at once) and its importance is reported on every copy, each linked to the others.

The rule, for the finest units (spans, and items whose text is not cut into spans): two units are copies when
- `text`: their texts are equal once normalised (`statement_key`: case folded, every run of punctuation, symbols,
  underscores and white space one space), e.g. the same sentence in two chunks, or the fact line
  "Kestrel 3 HAD_LUNAR_MODULE Plover" and the triplet "Kestrel 3 -> HAD_LUNAR_MODULE -> Plover"; or
- `facts`: both carry a triple and are traced to the same set of graph facts (`ContextUnit.relationship_ids`: the
  facts whose both ends the unit names, or which the stack's metadata gives for it), e.g. a chunk's sentence and the
  relation row a graph RAG extracted from it, in other words.
Items that are cut into spans are copies only of an item of the same normalised text (a chunk retrieved twice).
Copies are the connected components of that relation (a copy of a copy is a copy).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from xgrag.model.context import ContextUnit

CopyBasis = Literal["text", "facts"]
GROUP_PREFIX = "copies:"  # a group's id: the prefix and its members' ids ("copies:1.3+4.3"); never a unit's id
_FOLD = re.compile(r"[\W_]+")


def statement_key(text: str) -> str:
    """A unit's text as compared with another's: case folded, punctuation, symbols, underscores and spacing folded
    into single spaces (so "A -> REL -> B", "A REL B" and "a rel b." read alike)."""
    return _FOLD.sub(" ", text.casefold()).strip()


@dataclass(frozen=True)
class CopyGroup:
    """Units (two or more) that state the same fact. `basis`: "text" when every member has the same normalised text,
    else "facts" (some are linked by the facts they carry); `kind`: "span" when any member is a span (the group is
    probed with the spans), else "item"; `parent`: the item every member nests under, when they all share one."""

    id: str
    members: tuple[str, ...]
    basis: CopyBasis
    kind: Literal["item", "span"]
    parent: str | None


def copy_groups(units: Sequence[ContextUnit]) -> list[CopyGroup]:
    """The groups of copies among `units` (a stack context's items and spans, in prompt order), in the order of their
    first member; units without a copy are in none."""
    has_spans = {u.parent for u in units if u.kind == "span"}
    order = {u.id: i for i, u in enumerate(units)}
    by_id = {u.id: u for u in units}
    parent = {u.id: u.id for u in units}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb, key=order.__getitem__)] = min(ra, rb, key=order.__getitem__)

    first_of: dict[tuple[str, str], str] = {}
    for u in units:
        finest = u.kind == "span" or u.id not in has_spans
        keys: list[tuple[str, str]] = []
        text = statement_key(u.text)
        if text:
            # a whole item cut into spans is compared with whole items only (its spans carry its statements)
            keys.append(("text" if finest else "item-text", text))
        if finest and u.relationship_ids:
            keys.append(("facts", "\x1f".join(sorted(set(u.relationship_ids)))))
        for key in keys:
            if key in first_of:
                join(first_of[key], u.id)
            else:
                first_of[key] = u.id
    members: dict[str, list[str]] = {}
    for u in units:
        members.setdefault(find(u.id), []).append(u.id)
    groups: list[CopyGroup] = []
    for ids in members.values():
        if len(ids) < 2:
            continue
        group = [by_id[i] for i in ids]
        texts = {statement_key(m.text) for m in group}
        parents = {m.parent for m in group}
        groups.append(CopyGroup(
            id=GROUP_PREFIX + "+".join(ids), members=tuple(ids), basis="text" if len(texts) == 1 else "facts",
            kind="span" if any(m.kind == "span" for m in group) else "item",
            parent=next(iter(parents)) if len(parents) == 1 else None))
    return groups


__all__ = ["GROUP_PREFIX", "CopyBasis", "CopyGroup", "copy_groups", "statement_key"]
