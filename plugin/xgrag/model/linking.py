"""What the question's names matched in the graph: the entities entity linking found, and the names it found nothing
for (xgrag.retrieval.mentions builds it). An explanation whose question matched nothing is "unlinked": its answer
cannot come from the graph, and every output says so instead of ranking an empty context.

Standalone (pydantic only): xgrag.model.graph's Subgraph carries one from retrieval to the explainer, and
xgrag.model.records imports graph, so this module imports neither.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class LinkedMention(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mention: str  # the question's words that named it, as linking compared them (case and marks folded)
    id: str  # the entity's element id
    name: str  # its stored name
    # bracket | exact | plural | short | number | initials | reordered | demonym | key | value | partial | fulltext |
    # vector
    # (xgrag.retrieval.linking)
    method: str


class AmbiguousMention(BaseModel):
    """One name of the question that matched several entities ("Nancy": two people of that first name; a person and
    a tag both stored as "Martha Coolidge"): the context holds all of them, and the answer may be about any."""

    model_config = ConfigDict(extra="forbid")

    mention: str  # as linking compared it
    names: list[str]  # the entities' stored names, in the order of `ids`
    ids: list[str]  # their element ids


class Linking(BaseModel):
    """What linking found for one question. `unmatched` are names as typed in the question (a bracketed or quoted
    span, a run of capitalised words or numbers) that no linked entity covers. When nothing linked and the question
    shows no such name, `searched` holds the words the linker looked up instead, so a user still sees what was
    tried. `unlinked`: nothing linked and the retrieved context has no seed entity at all (PCST's nearest names by
    embedding count as seeds): the answer cannot come from the graph. `ambiguous`: names that matched more than one
    entity, each with all it matched."""

    model_config = ConfigDict(extra="forbid")

    linked: list[LinkedMention] = Field(default_factory=list)
    unmatched: list[str] = Field(default_factory=list)
    searched: list[str] = Field(default_factory=list)
    unlinked: bool = False
    ambiguous: list[AmbiguousMention] = Field(default_factory=list)

    def tried(self) -> str:
        """What matched nothing, for "... matched no entity": "'Foobar Baz', 'Quux'" or "the words foobar, baz"."""
        if self.unmatched:
            return ", ".join(f"'{n}'" for n in self.unmatched)
        if self.searched:
            return "the words " + ", ".join(self.searched)
        return "the question's words"  # none left to look up (stopwords only): a sentence still reads

    def ambiguity(self) -> str:
        """The names that matched several entities, for a caveat: "'Nancy' matched 2 entities (Nancy Davolio, Nancy
        Campbell)"; "" when none did."""
        def one(a: AmbiguousMention) -> str:
            shown = ", ".join(a.names[:MAX_SHOWN]) + (f", and {len(a.names) - MAX_SHOWN} more"
                                                     if len(a.names) > MAX_SHOWN else "")
            return f"'{a.mention}' matched {len(a.ids)} entities ({shown})"
        return "; ".join(one(a) for a in self.ambiguous)


MAX_SHOWN = 4  # entity names listed per ambiguous name; the rest counted
