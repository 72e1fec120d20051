// Focused retrieval's first read when a hop does not fit (xgrag.retrieval.focus): the semantic relationships
// between the frontier (the question's entities) and the other entities the question names, so that a hub's
// fan-out never crowds out what links two named entities ("How many shares of NetApp does Vanguard hold?").
// Same filter and row layout as cypher/expand.cypher. $frontier, $targets, $excluded_node_ids,
// $excluded_rel_ids, $limit
UNWIND $frontier AS fid
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = fid
MATCH (s)-[r]-(m:{{ENTITY}})
WHERE {{ID:m}} IN $targets AND {{ID:m}} <> fid
  AND {{SEMANTIC:r}}
  AND NOT {{RID:r}} IN $excluded_rel_ids
  AND NOT {{ID:m}} IN $excluded_node_ids
WITH DISTINCT r, m
WITH r, m, {{RID:r}} AS rid
ORDER BY rid
LIMIT $limit
RETURN collect({{RELROW:r}} + {{NODEROW:m}}) AS rows
