// One hop of the bounded k-hop neighbourhood: semantic relationships from the frontier to other
// entities, with the transient perturbation filter applied. Stable order so truncation is deterministic.
// One record: `rows`, each row RELROW + NODEROW (flat lists; field order in xgrag.store.queries).
// $frontier, $excluded_node_ids, $excluded_rel_ids, $limit
UNWIND $frontier AS fid
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = fid
MATCH (s)-[r]-(m:{{ENTITY}})
WHERE {{SEMANTIC:r}}
  AND NOT {{RID:r}} IN $excluded_rel_ids
  AND NOT {{ID:m}} IN $excluded_node_ids
WITH DISTINCT r, m
WITH r, m, {{RID:r}} AS rid
ORDER BY rid
LIMIT $limit
RETURN collect({{RELROW:r}} + {{NODEROW:m}}) AS rows
