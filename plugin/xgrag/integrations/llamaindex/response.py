"""A query engine's response -> the triplets its source nodes hold -> the stored subgraph -> an explanation."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from llama_index.core.schema import MetadataMode, NodeRelationship

from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.loops import run_blocking
from xgrag.model import Explanation, Node, Relationship, Subgraph
from xgrag.model.provenance import FactProvenance, fact_provenance
from xgrag.model.trace import LlamaIndexResponseMap, TripletMatch, TripletMiss
from xgrag.retrieval import Retriever

# "head -> RELATION -> tail", as BasePGRetriever renders a triplet (names may contain spaces, never " -> ")
_TRIPLET = re.compile(r"^(?P<head>.+?) -> (?P<relation>.+?) -> (?P<tail>.+)$")
# with include_properties=True: "Marie Curie ({'triplet_source_id': ...})", "MARRIED ({...})"
_PROPERTIES = re.compile(r" \(\{.*\}\)$")
UNMATCHED_PREFIX = "llamaindex:"


@dataclass(frozen=True)
class CapturedTriplet:
    """One triplet read from a response's source nodes, with the id of the chunk it names as its source."""

    head: str
    relation: str
    tail: str
    source_id: str | None = None


def _plain(part: str) -> str:
    return _PROPERTIES.sub("", part.strip()).strip()


def triplets_from_nodes(source_nodes: Iterable[Any]) -> list[CapturedTriplet]:
    """The distinct triplets in the texts of source nodes (NodeWithScore or nodes), in order of appearance."""
    out: dict[tuple[str, str, str], CapturedTriplet] = {}
    for item in source_nodes:
        node = getattr(item, "node", item)
        text = node.get_content(metadata_mode=MetadataMode.NONE) if hasattr(node, "get_content") else str(node)
        source = node.relationships.get(NodeRelationship.SOURCE) if hasattr(node, "relationships") else None
        source_id = getattr(source, "node_id", None)
        for line in text.splitlines():
            m = _TRIPLET.match(line.strip())
            if not m:
                continue
            head, relation, tail = (_plain(m.group(k)) for k in ("head", "relation", "tail"))
            if head and relation and tail and (head, relation, tail) not in out:
                out[(head, relation, tail)] = CapturedTriplet(head, relation, tail, source_id)
    return list(out.values())


def subgraph_from_triplets(retriever: Retriever, question: str, triplets: Sequence[CapturedTriplet], *,
                           seeds: bool = True) -> tuple[Subgraph, LlamaIndexResponseMap]:
    """Map captured triplets onto the stored graph (see the module docstring). Returns the subgraph and the trace
    step saying how it was mapped. `seeds`: link the question's entities (xgrag's own linking, which needs the
    preset's full-text index) to mark the subgraph's seeds; a stack's explanation has no use for them."""
    names = list(dict.fromkeys(n for t in triplets for n in (t.head, t.tail)))
    by_name: dict[str, list[Node]] = {}
    for name, node in retriever.entities_by_name(names):
        by_name.setdefault(name, []).append(node)
    ids = list(dict.fromkeys(node.id for nodes in by_name.values() for node in nodes))
    stored: dict[tuple[str, str, str], dict[str, Any]] = {}
    if ids:
        for row in retriever.store.read_plain("relationships_between", ids=ids, rel_ids=None):
            rel = row["rel"]
            stored.setdefault((str(rel["source"]), str(rel["label"]), str(rel["target"])), rel)
    sub = Subgraph()
    matched: list[TripletMatch] = []
    unmatched: list[TripletMiss] = []
    for t in triplets:
        hit = next(((h, rel) for h in by_name.get(t.head, []) for tl in by_name.get(t.tail, [])
                    if (rel := stored.get((h.id, t.relation, tl.id))) is not None), None)
        if hit is not None:
            head = hit[0]
            rel = hit[1]
            tail = next(n for n in by_name[t.tail] if n.id == str(rel["target"]))
            sub.add_node(head)
            sub.add_node(tail)
            stored_prov = fact_provenance(rel.get("provenance"))
            sub.add_relationship(Relationship(str(rel["id"]), head.id, tail.id, str(rel["label"]),
                                              rel.get("description"), stored_prov))
            matched.append(TripletMatch(triplet=[t.head, t.relation, t.tail], relationship_id=str(rel["id"])))
            continue
        head_node = (by_name.get(t.head) or [Node(f"{UNMATCHED_PREFIX}{t.head}", t.head)])[0]
        tail_node = (by_name.get(t.tail) or [Node(f"{UNMATCHED_PREFIX}{t.tail}", t.tail)])[0]
        sub.add_node(head_node)
        sub.add_node(tail_node)
        rid = f"{UNMATCHED_PREFIX}{t.head}|{t.relation}|{t.tail}"
        # LlamaIndex links a triplet node to its head entity's triplet_source_id (the last chunk that mentioned the
        # head), not to the triplet's own chunk: a candidate, said so
        prov: FactProvenance = {"inferred": True, "basis": "the source node of LlamaIndex's triplet node (its head "
                                "entity's chunk)", "candidates": 1,
                                "documents": [{"chunk_id": t.source_id}]} if t.source_id else {}
        sub.add_relationship(Relationship(rid, head_node.id, tail_node.id, t.relation, None, prov))
        unmatched.append(TripletMiss(triplet=[t.head, t.relation, t.tail], id=rid))
    retriever.fill_provenance(sub)  # the preset's provenance rules (e.g. LightRAG's <SEP>-joined chunk ids)
    linked = retriever.link(question) if sub.nodes and seeds else []
    sub.seeds = [le.node.id for le in linked if le.node.id in sub.nodes]
    step = LlamaIndexResponseMap(
        triplets=len(triplets), method="source-node lines 'head -> RELATION -> tail'; names matched exactly to entity "
        "names, each triplet to the stored relationship of that relation between them",
        matched=matched, unmatched=unmatched, nodes=len(sub.nodes), relationships=len(sub.relationships))
    return sub, step


def subgraph_from_response(retriever: Retriever, question: str, response: Any
                           ) -> tuple[Subgraph, LlamaIndexResponseMap]:
    """The subgraph behind a LlamaIndex `Response` (or a list of source nodes), mapped onto the stored graph."""
    nodes = getattr(response, "source_nodes", response)
    if not isinstance(nodes, list | tuple):
        raise UsageError(f"expected a LlamaIndex response with source_nodes or a list of nodes, got "
                         f"{type(response).__name__}")
    return subgraph_from_triplets(retriever, question, triplets_from_nodes(nodes))


async def aexplain_response(explainer: Explainer, question: str, response: Any, *,
                            settings: ExplainSettings | None = None) -> Explanation:
    """Explain `response` (a query engine's answer to `question`) over the triplets it was given."""
    sub, step = subgraph_from_response(explainer.graph_retriever(), question, response)
    if not sub.relationships:
        raise UsageError("the response's source nodes hold no graph triplets ('head -> RELATION -> tail' lines): "
                         "was it produced by a PropertyGraphIndex query engine?")
    cfg = replace(settings or explainer.settings, apply="memory")  # the captured context, perturbed in memory
    answer = getattr(response, "response", None)
    ex = await explainer.aexplain(question, settings=cfg, subgraph=sub,
                                  answer=answer if isinstance(answer, str) else None)
    ex.trace[:0] = [step]
    return ex


def explain_response(explainer: Explainer, question: str, response: Any, *,
                     settings: ExplainSettings | None = None) -> Explanation:
    """`aexplain_response` for synchronous code (not from inside a running event loop). Leaves the thread's event
    loop, which the engine's own blocking queries use, open and current (xgrag.loops)."""
    return run_blocking(aexplain_response(explainer, question, response, settings=settings),
                        async_form="aexplain_response")
