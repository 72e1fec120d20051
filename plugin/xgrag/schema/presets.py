"""Graphs written by a RAG library, recognised by the layout that library's own code writes, and answered with its
schema preset (cypher/shared_config.json "presets" and "preset_notes"), with overrides where the library lets its
user choose (LightRAG's workspace label). The layouts are the ones tests/integration/test_schema_presets.py writes
with each library's real objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xgrag.config import IDENTIFIER, GraphSchema
from xgrag.schema.profile import GraphProfile, LabelProfile


@dataclass(frozen=True)
class Recognised:
    preset: str
    overrides: dict[str, Any]
    entities: int  # nodes the preset reads as entities
    reason: str
    notes: tuple[str, ...] = field(default_factory=tuple)
    covers: tuple[str, ...] = field(default_factory=tuple)  # labels accounted for beyond the mapping's own


def _has(lp: LabelProfile | None, *keys: str, share: float = 0.9) -> bool:
    return lp is not None and lp.sampled > 0 and all(
        k in lp.properties and lp.properties[k].present >= share * lp.sampled for k in keys)


def _lacks(lp: LabelProfile, key: str) -> bool:
    return key not in lp.properties


def _co(lp: LabelProfile, other: str) -> bool:
    """Do most sampled nodes of lp also carry `other`?"""
    return lp.sampled > 0 and lp.co_labels.get(other, 0) >= 0.9 * lp.sampled


def _xgrag(p: GraphProfile) -> Recognised | None:
    ent = p.labels.get("Entity")
    rel = p.types.get("RELATION")
    if ent is None or not _has(ent, "id", "name"):
        return None
    labelled = rel is not None and "label" in rel.properties and rel.properties["label"].present >= 0.9 * rel.sampled
    if not (labelled or _has(ent, "aliases")):  # xgrag writes aliases = [] on every entity it creates
        return None
    return Recognised("xgrag", {}, ent.count,
                      "Entity nodes with id and name" + (", RELATION relationships carrying the relation in `label`"
                                                         if labelled else "")
                      + ": the layout xgrag's own ingestion writes")


def _langchain(p: GraphProfile) -> Recognised | None:
    ent = p.labels.get("__Entity__")
    if ent is None or not _has(ent, "id") or not _lacks(ent, "name"):
        return None
    if _co(ent, "__Node__") or _co(ent, "__KGBuilder__"):
        return None
    doc = p.labels.get("Document")
    mentions = "MENTIONS" in p.types
    return Recognised("langchain", {}, ent.count,
                      "__Entity__ nodes named by `id`" + (", Document nodes with text" if doc else "")
                      + (" linked by MENTIONS" if mentions else "")
                      + ": the layout of LangChain's Neo4jGraph.add_graph_documents(baseEntityLabel=True)")


def _graphrag(p: GraphProfile) -> Recognised | None:
    ent = p.labels.get("__Entity__")
    if ent is None or not _co(ent, "__KGBuilder__") or not _has(ent, "name"):
        return None
    return Recognised("neo4j-graphrag", {}, ent.count,
                      "__KGBuilder__:__Entity__ nodes named by `name`"
                      + (", Chunk nodes linked by FROM_CHUNK" if "FROM_CHUNK" in p.types else "")
                      + ": the layout of neo4j-graphrag's SimpleKGPipeline (LexicalGraphBuilder, Neo4jWriter)")


def _llamaindex(p: GraphProfile) -> Recognised | None:
    ent = p.labels.get("__Entity__")
    if ent is None or not _co(ent, "__Node__") or not _has(ent, "id", "name"):
        return None
    return Recognised("llamaindex", {}, ent.count,
                      "__Node__:__Entity__ nodes with id and name"
                      + (", Chunk nodes linked by MENTIONS" if "MENTIONS" in p.types else "")
                      + ": the layout of LlamaIndex's Neo4jPropertyGraphStore (PropertyGraphIndex)")


def _lightrag(p: GraphProfile) -> Recognised | None:
    """LightRAG's Neo4JStorage: one label per workspace ('base' unless a workspace is set), nodes MERGEd on
    entity_id with entity_type and source_id; relationships DIRECTED with keywords."""
    candidates = [lp for lp in p.labels.values() if _has(lp, "entity_id", "entity_type", "source_id")]
    # a workspace label: not a sublabel of another candidate (its nodes carry only it among the candidates)
    names = {lp.label for lp in candidates}
    workspaces = sorted((lp for lp in candidates if not any(_co(lp, o) for o in names - {lp.label})),
                        key=lambda lp: (lp.label != "base", -lp.count, lp.label))
    if not workspaces:
        return None
    ws = workspaces[0]
    overrides: dict[str, Any] = {}
    notes: list[str] = []
    if ws.label != "base":
        index = next((i.name for i in p.indexes if i.type == "FULLTEXT" and i.labels == (ws.label,)
                      and i.properties == ("entity_id",)), f"entity_id_fulltext_idx_{ws.label}")
        prefix = f"xgrag_lr_{ws.label}"[:64]
        overrides = {"entity_label": ws.label, "fulltext_index": index, "index_prefix": prefix}
        notes.append(f"workspace {ws.label!r}: entity_label is the workspace label, fulltext_index LightRAG's "
                     f"full-text index on it, index_prefix names xgrag's own indexes apart from other workspaces'")
    if len(workspaces) > 1:
        notes.append("other LightRAG workspaces in this database: "
                     + ", ".join(f"{w.label} ({w.count} nodes)" for w in workspaces[1:])
                     + "; set entity_label (and fulltext_index, index_prefix) to read one of them")
    directed = "DIRECTED" in p.types
    return Recognised("lightrag", overrides, ws.count,
                      f"{ws.label} nodes with entity_id, entity_type and source_id"
                      + (", DIRECTED relationships with keywords" if directed else "")
                      + ": the layout of LightRAG's Neo4JStorage", tuple(notes), tuple(sorted(names)))


RECOGNISERS = (_xgrag, _langchain, _graphrag, _llamaindex, _lightrag)


def recognise(profile: GraphProfile) -> tuple[Recognised | None, list[Recognised]]:
    """The library preset that reads the most entity nodes of this graph, and the other presets that also match
    (a database several libraries wrote into)."""
    found = [r for r in (f(profile) for f in RECOGNISERS) if r is not None]
    found = [r for r in found if all(IDENTIFIER.fullmatch(str(v)) for v in r.overrides.values())]
    if not found:
        return None, []
    found.sort(key=lambda r: -r.entities)
    return found[0], found[1:]


def unread_labels(profile: GraphProfile, schema: GraphSchema, covered: set[str]) -> list[LabelProfile]:
    """Labels with nodes that a preset's mapping never reads: not its entity label or a label its entities carry,
    not its chunks or documents, not xgrag's own, not `covered` (other LightRAG workspaces). A database holding a
    library's graph beside a domain graph has them."""
    p = schema.provenance
    known = {schema.entity_label, *schema.generic_labels, *covered,
             *(x for x in (p.chunk_label, p.document_label) if x)}
    out = []
    for label, lp in profile.labels.items():
        if label in known or label.startswith("Xgrag") or not lp.sampled:
            continue
        if any(lp.co_labels.get(k, 0) >= lp.sampled for k in known):
            continue  # a type label of the entities (Person on __Entity__ nodes), or chunks' second label
        out.append(lp)
    return out
