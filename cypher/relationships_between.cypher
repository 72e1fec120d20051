// The semantic relationships among the given entities, each once (optionally only the listed ones).
// Used to project a subgraph named by ids into GDS. $ids, $rel_ids (null: every such relationship)
UNWIND $ids AS nid
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = nid
MATCH (s)-[r]->(t:{{ENTITY}})
WHERE {{SEMANTIC:r}} AND {{ID:t}} IN $ids
  AND ($rel_ids IS NULL OR {{RID:r}} IN $rel_ids)
RETURN DISTINCT {{RELMAP:r}} AS rel
ORDER BY rel.id
