"""The chunk/document provenance pattern of a domain graph: chunk nodes linked to entities (mentions mode) and
the documents the chunks belong to."""

from __future__ import annotations

from typing import Any

from xgrag.schema.labels import TEXT_KEYS, choose_key
from xgrag.schema.profile import GraphProfile, LabelProfile

INDEX_KEYS = ("index", "chunk_index", "chunkIndex", "position", "seq", "order")
SOURCE_KEYS = ("source", "path", "file_path", "filePath", "url", "uri", "fileName", "file_name", "title")


def provenance(profile: GraphProfile, chunks: list[str], entities: list[str]) -> tuple[dict[str, Any] | None, str]:
    """Mentions-mode provenance when chunk nodes are linked to entities: the chunk label, the linking type and its
    direction, and the documents the chunks belong to. None when the graph has no chunks."""
    ent = set(entities)
    text_chunks = [c for c in chunks if any(k in profile.labels[c].properties for k in TEXT_KEYS)] or chunks
    best: tuple[int, str, str, str] | None = None  # (relationships, chunk label, type, direction)
    for tp in profile.types.values():
        for chunk in text_chunks:
            to_ent = sum(n for (a, b), n in tp.ends.items() if chunk in a and set(b) & ent)
            from_ent = sum(n for (a, b), n in tp.ends.items() if set(a) & ent and chunk in b)
            for n, direction in ((to_ent, "chunk_to_entity"), (from_ent, "entity_to_chunk")):
                if n and (best is None or n > best[0]):
                    best = (n, chunk, tp.type, direction)
    if best is None:
        if chunks:
            return None, f"chunk labels ({', '.join(chunks)}) are not linked to entities: no provenance"
        return None, "no chunks or documents: relationships carry no provenance"
    _, chunk, mention, direction = best
    prov: dict[str, Any] = {"mode": "mentions", "chunk_label": chunk, "mention_type": mention,
                            "mention_direction": direction, "document_label": None, "chunk_document_type": None,
                            "document_id_property": None, "document_source_property": None,
                            "chunk_node_id_property": _id_of(profile.labels[chunk], profile),
                            "chunk_node_index_property": next(
                                (k for k in INDEX_KEYS if k in profile.labels[chunk].properties), None)}
    why = f"{chunk} nodes are linked to entities by {mention} ({direction.replace('_', ' ')})"
    for tp in profile.types.values():
        for doc in chunks:
            if doc == chunk:
                continue
            down = any(doc in a and chunk in b for a, b in tp.ends)
            up = any(chunk in a and doc in b for a, b in tp.ends)
            if down or up:
                dp = profile.labels[doc]
                prov.update(document_label=doc, chunk_document_type=tp.type,
                            chunk_document_direction="document_to_chunk" if down else "chunk_to_document",
                            document_id_property=_id_of(dp, profile),
                            document_source_property=next((k for k in SOURCE_KEYS if k in dp.properties), None))
                why += f"; chunks belong to {doc} nodes ({tp.type})"
                return prov, why
    return prov, why


def _id_of(lp: LabelProfile, profile: GraphProfile) -> str | None:
    key, _ = choose_key(lp, profile, [])
    return key
