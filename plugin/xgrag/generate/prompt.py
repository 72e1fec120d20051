"""XGRAG's strict, minimal answer prompt (appendix D, Table 9 "refined rules") and the graph-only context.

The context is the (deduplicated, possibly perturbed) subgraph only — no text chunks — rendered in a
canonical order (entities by name, facts by head, relation, tail, id), so two variants differ only where
they were perturbed. `order` (a rank per entity and fact id, decided once before probing) re-orders both lists the
same way for every variant: the explainer ranks the units most likely to matter last, so a probe removing one of
them shares the longest prefix with the baseline prompt (servers cache shared prompt prefixes). Every result
records PROMPT_VERSION.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from xgrag.generate.base import Fact
from xgrag.model import PropertyFact, Relationship, Subgraph, key_text

PROMPT_VERSION = "xgrag-strict-v1"

RULES = (
    "Target format and length: {response_type}",
    "Please respond in the same language as the user's question.",
    'Avoid varying the introductory sentence. Do not use alternatives like "According to..." or '
    '"From what we know..." — consistency is key.',
    "If you don't know the answer, just say so.",
    "Do not make anything up. Do not include information not provided by the Knowledge Base.",
)
SYSTEM_TEMPLATE = (
    "---Role---\nYou are a helpful assistant responding to questions about data in the Knowledge Base "
    "provided below.\n\n---Response Rules---\n" + "\n".join(f"- {rule}" for rule in RULES)
)

DEFAULT_RESPONSE_TYPE = "A single short sentence that states the answer."


def relation_text(label: str) -> str:
    return label.replace("_", " ").strip()


@dataclass(frozen=True)
class RenderedContext:
    system: str
    prompt: str
    facts: tuple[Fact, ...]
    question: str
    # where each fact is stated in `prompt` (character offsets [start, end)): a relationship's line, a property
    # fact's "key value" inside its owner's line; what a white-box proxy reads the model's attention over
    # (xgrag.generate.attention). Two facts that read the same share the one line listed. Not part of the input's
    # identity (`digest`) nor of equality: the prompt already says all of it.
    spans: Mapping[str, tuple[int, int]] = field(default_factory=dict, compare=False, hash=False)

    @property
    def digest(self) -> str:
        """Identifies the exact model input (with the prompt version) for the response cache."""
        h = hashlib.sha256()
        for part in (PROMPT_VERSION, self.system, self.prompt):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
        return h.hexdigest()


def fact_relation(rel: Relationship) -> str:
    """The relation as a fact states it: the label as words, or for a relationship stored in an arbitrary direction
    (LightRAG's) the arrow of its reading ("-commanded->", "-commanded-": the LightRAG stack path's wording)."""
    return rel.reading.arrow if rel.reading is not None else relation_text(rel.label)


def fact_line(sub: Subgraph, rel: Relationship) -> str:
    """One relationship as the prompt states it: "head relation tail", in its meaning's direction, with
    " (undirected)" when a storage-ordered relationship's description does not say."""
    undirected = " (undirected)" if rel.reading is not None and not rel.reading.directed else ""
    return f"{sub.nodes[rel.head].name} {fact_relation(rel)} {sub.nodes[rel.tail].name}{undirected}"


def facts_of(sub: Subgraph) -> tuple[Fact, ...]:
    """The relationships of `sub` as triples, in canonical order (each in its meaning's direction: `fact_line`)."""
    return tuple(
        Fact(rel.id, sub.nodes[rel.head].name, fact_relation(rel), sub.nodes[rel.tail].name,
             head_type=sub.nodes[rel.head].type, tail_type=sub.nodes[rel.tail].type,
             head_called=sub.nodes[rel.head].called, tail_called=sub.nodes[rel.tail].called)
        for rel in sub.sorted_relationships()
    )


def property_facts_of(sub: Subgraph) -> tuple[Fact, ...]:
    """The facts stored in properties of `sub`'s elements, in canonical order (kind "property")."""
    out: list[Fact] = []
    for f in sub.sorted_properties():
        if f.owner_kind == "node" and f.owner in sub.nodes:
            node = sub.nodes[f.owner]
            out.append(Fact(f.id, node.name, key_text(f.key), f.text, "property", head_type=node.type,
                            head_called=node.called))
        elif f.owner in sub.relationships:
            rel = sub.relationships[f.owner]
            start = sub.nodes[rel.source]
            out.append(Fact(f.id, start.name, key_text(f.key), f.text, "property",
                            (relation_text(rel.label), sub.nodes[rel.target].name), head_type=start.type,
                            head_called=start.called))
    return tuple(out)


def property_text(sub: Subgraph, f: PropertyFact) -> str:
    """One property fact as a sentence-like line: "Chai unit price 18.0", "Order 10248 ORDERS Queso Cabrales:
    quantity 12" (for relevance ordering and reports)."""
    if f.owner_kind == "node" and f.owner in sub.nodes:
        return f"{sub.nodes[f.owner].name} {key_text(f.key)} {f.text}"
    rel = sub.relationships.get(f.owner)
    if rel is not None and rel.source in sub.nodes and rel.target in sub.nodes:
        return (f"{sub.nodes[rel.source].name} {relation_text(rel.label)} {sub.nodes[rel.target].name}: "
                f"{key_text(f.key)} {f.text}")
    return f"{key_text(f.key)} {f.text}"


def _stated(facts: Sequence[PropertyFact]) -> str:
    """Property facts in one compact clause: "unit price 18.0; quantity per unit 10 boxes x 20 bags"."""
    return "; ".join(f"{key_text(f.key)} {f.text}" for f in facts)


def render(question: str, sub: Subgraph, response_type: str = DEFAULT_RESPONSE_TYPE,
           first: Sequence[str] = (), order: Mapping[str, int] | None = None) -> RenderedContext:
    """The prompt for `question` over `sub`. `first`: relationship ids listed before the others (in that order),
    e.g. the most important facts first; by default the canonical order, so two variants differ only where
    they were perturbed. `order`: a rank per node and relationship id (lower first); entities and facts are sorted
    by it (stable: ties and unranked ones keep the canonical order; unranked ones, e.g. a fact a re-retrieval
    brought in, come after the ranked ones, so they never shift the prefix the ranked ones share)."""
    facts = facts_of(sub)
    entities = sorted(sub.nodes.values(), key=lambda n: (n.name, n.id))
    if order:
        facts = tuple(sorted(facts, key=lambda f: order.get(f.id, len(order))))
        entities = sorted(entities, key=lambda n: order.get(n.id, len(order)))
    if first:
        at = {rid: i for i, rid in enumerate(dict.fromkeys(first))}
        facts = tuple(sorted(facts, key=lambda f: at.get(f.id, len(at))))  # stable: the rest stay canonical
    lines = ["---Knowledge Base---", "Entities:"]
    spans: dict[str, tuple[int, int]] = {}
    pos = sum(len(line) + 1 for line in lines)  # where the next line starts in the prompt ("\n".join below)

    def add(line: str, stated: Sequence[PropertyFact] = (), clause_at: int = 0) -> None:
        """Append a line; note where each of its property facts' "key value" sits (from `clause_at` in it)."""
        nonlocal pos
        offset = pos + clause_at
        for prop in stated:
            piece = f"{key_text(prop.key)} {prop.text}"
            spans[prop.id] = (offset, offset + len(piece))
            offset += len(piece) + 2  # "; "
        lines.append(line)
        pos += len(line) + 1

    for node in entities:
        typ = f" ({node.type})" if node.type else ""
        desc = f": {node.description}" if node.description else ""
        props = sub.properties_of(node.id) if sub.properties else []
        head = f"- {node.name}{typ}{desc}"
        add(f"{head} [{_stated(props)}]" if props else head, props, len(head) + 2)
    lines.append("Facts:")
    pos += len("Facts:") + 1
    listed: dict[str, tuple[int, int]] = {}
    for f in facts:
        props = sub.properties_of(f.id) if sub.properties else []
        rel = sub.relationships.get(f.id)
        stated = f"{f.head} {f.relation} {f.tail}" if rel is None else fact_line(sub, rel)
        line = f"- {stated}" + (f" ({_stated(props)})" if props else "")
        if line not in listed:  # a fact is listed once, even when two stored facts read the same
            listed[line] = (pos + 2, pos + len(line))
            add(line, props, len(stated) + 4)
        spans[f.id] = listed[line]
    if not facts:
        lines.append("- (none)")
    lines += ["", f"Question: {question}", "Answer:"]
    return RenderedContext(SYSTEM_TEMPLATE.format(response_type=response_type), "\n".join(lines),
                           facts + property_facts_of(sub), question, spans)
