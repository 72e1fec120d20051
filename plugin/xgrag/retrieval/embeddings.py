"""Entity-name embeddings for vector entity linking (`xgrag embed`): an explicit, opt-in write."""

from __future__ import annotations

from collections.abc import Callable

from xgrag.embed import Embedder
from xgrag.errors import UsageError
from xgrag.store.neo4j import Neo4jStore, migrate_command


def embed_entities(store: Neo4jStore, embedder: Embedder, dimensions: int, batch_size: int = 512,
                   recompute: bool = False, progress: Callable[[int], None] | None = None) -> int:
    """Write `embedding_property` on entities lacking it (all with recompute=True). Returns the count."""
    prop = store.schema.embedding_property
    if not prop:
        raise UsageError(f"schema preset {store.schema.preset!r} has no embedding_property configured; "
                         "set [schema] embedding_property to store name embeddings")
    index = store.schema.vector_index
    # Embeddings without their vector index are dead weight on the user's nodes (vector linking would fail with
    # "There is no such vector schema index"): the index must exist before anything is written.
    found = store.query("SHOW VECTOR INDEXES YIELD name, labelsOrTypes, properties WHERE name = $name "
                        "RETURN labelsOrTypes AS labels, properties", {"name": index})
    if not found:
        raise UsageError(f"the vector index {index!r} for :{store.schema.entity_label}.{prop} does not exist, so "
                         "no embedding was written",
                         hint=f"run `{migrate_command(store.schema.preset)}` with this configuration first (it "
                              "creates the index)")
    if found[0]["labels"] != [store.schema.entity_label] or found[0]["properties"] != [prop]:
        raise UsageError(f"the vector index {index!r} is on {found[0]['labels']}.{found[0]['properties']}, not "
                         f"on :{store.schema.entity_label}.{prop} as configured; no embedding was written")
    rows = store.read("entities_without_embedding", all=recompute, limit=10_000_000)
    written = 0
    for start in range(0, len(rows), batch_size):
        part = rows[start:start + batch_size]
        vectors = embedder.embed([r["name"] for r in part])
        if vectors.shape[1] != dimensions:
            raise UsageError(f"{embedder.name} gives {vectors.shape[1]}-dimensional vectors but the vector index "
                             f"expects {dimensions} (embedding_dimensions)")
        payload = [{"id": r["id"], "embedding": v.tolist()} for r, v in zip(part, vectors, strict=True)]
        store.write("entity_embeddings_set", rows=payload, property=prop)
        written += len(part)
        if progress:
            progress(len(part))
    return written
