// The semantic relationships among the given entities (the subgraph they induce), each once, in a stable
// order, with the transient relationship filter (excluded entities are never among $ids).
// One record: `rows` of RELROW lists. $ids, $excluded_rel_ids, $limit
UNWIND $ids AS nid
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = nid
MATCH (s)-[r]->(t:{{ENTITY}})
WHERE {{SEMANTIC:r}} AND {{ID:t}} IN $ids AND NOT {{RID:r}} IN $excluded_rel_ids
WITH r, {{RID:r}} AS rid
ORDER BY rid
LIMIT $limit
RETURN collect({{RELROW:r}}) AS rows
