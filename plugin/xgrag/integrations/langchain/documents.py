"""Documents <-> subgraph: the Documents XgragRetriever returns (one per triple, ids and provenance in their
metadata) and the subgraph a set of them came from (no query: exactly what the chain saw)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langchain_core.documents import Document

from xgrag.generate.prompt import facts_of
from xgrag.model import Node, Relationship, Subgraph
from xgrag.model.provenance import fact_provenance

TRIPLE_SCHEMA = "xgrag.triple/1"  # metadata["xgrag"] of the documents XgragRetriever returns
_REQUIRED = ("relationship_id", "relation", "head_id", "head", "tail_id", "tail")


def documents_from_subgraph(sub: Subgraph) -> list[Document]:
    """One Document per triple of `sub`, in xgrag's canonical order, page_content as xgrag's prompt renders it."""
    docs = []
    for fact, rel in zip(facts_of(sub), sub.sorted_relationships(), strict=True):
        head, tail = sub.nodes[rel.source], sub.nodes[rel.target]
        prov = rel.provenance.copy()
        meta: dict[str, Any] = {
            "xgrag": TRIPLE_SCHEMA,
            "relationship_id": rel.id, "relation": rel.label,
            "head_id": head.id, "head": head.name, "head_type": head.type,
            "tail_id": tail.id, "tail": tail.name, "tail_type": tail.type,
            "provenance": prov, "document": prov.get("doc_id") or prov.get("source"), "chunk": prov.get("chunk_id"),
            "seeds": list(sub.seeds), "retrieval_mode": sub.mode, "truncated": sub.truncated,
        }
        if prov.get("source"):
            meta["source"] = prov["source"]  # LangChain's usual citation key
        if prov.get("inferred"):
            # the graph does not record the fact's source: these documents mention both its ends (no "source" key,
            # which would state a guess as a citation)
            meta["candidate_sources"] = [d.get("source") or d.get("doc_id") for d in prov.get("documents", [])]
        docs.append(Document(page_content=f"{fact.head} {fact.relation} {fact.tail}", metadata=meta, id=rel.id))
    return docs


def is_xgrag_document(doc: Any) -> bool:
    meta = getattr(doc, "metadata", None)
    return isinstance(meta, Mapping) and meta.get("xgrag") == TRIPLE_SCHEMA and all(k in meta for k in _REQUIRED)


def subgraph_from_documents(docs: Iterable[Any]) -> Subgraph:
    """The subgraph a set of XgragRetriever documents came from (ids, names, types, relations, provenance from
    their metadata; other documents are ignored). No query: exactly what the chain saw."""
    sub = Subgraph()
    seeds: list[str] = []
    modes: list[str] = []
    for doc in docs:
        if not is_xgrag_document(doc):
            continue
        m = doc.metadata
        sub.add_node(Node(str(m["head_id"]), str(m["head"]), m.get("head_type")))
        sub.add_node(Node(str(m["tail_id"]), str(m["tail"]), m.get("tail_type")))
        sub.add_relationship(Relationship(str(m["relationship_id"]), str(m["head_id"]), str(m["tail_id"]),
                                          str(m["relation"]), provenance=fact_provenance(m.get("provenance"))))
        seeds += [str(s) for s in m.get("seeds") or ()]
        modes.append(str(m.get("retrieval_mode") or "khop"))
        sub.truncated = sub.truncated or bool(m.get("truncated"))
    sub.seeds = [s for s in dict.fromkeys(seeds) if s in sub.nodes]
    sub.mode = modes[0] if len(set(modes)) == 1 else "khop"
    return sub


def format_documents(docs: Sequence[Any]) -> str:
    """The documents' texts, one per line (for a prompt's {context}); usable as a step of an LCEL chain."""
    return "\n".join(str(getattr(d, "page_content", d)) for d in docs)


def merge_subgraphs(parts: Iterable[Subgraph]) -> Subgraph:
    out = Subgraph()
    modes = []
    for part in parts:
        for node in part.nodes.values():
            out.add_node(node)
        for rel in part.relationships.values():
            out.add_relationship(rel)
        out.seeds += [s for s in part.seeds if s not in out.seeds]
        out.truncated = out.truncated or part.truncated
        out.alias_map.update(part.alias_map)
        out.paths += part.paths
        modes.append(part.mode)
    out.mode = modes[0] if len(set(modes)) == 1 else "khop"
    return out
