// One hop of focused retrieval (xgrag.retrieval.focus): the relationships of the chosen groups only, in the
// groups' order and then by id (stable, so a cut is deterministic), with the transient perturbation filter.
// A relationship two groups share (between two frontier entities) comes once, with the first group.
// One record: `rows`, each RELROW + NODEROW (as cypher/expand.cypher).
// $groups ([frontier id, relation, outgoing, neighbour type] in order), $excluded_node_ids, $excluded_rel_ids,
// $limit
UNWIND range(0, size($groups) - 1) AS gi
WITH gi, $groups[gi] AS g
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = g[0]
MATCH (s)-[r]-(m:{{ENTITY}})
WHERE {{SEMANTIC:r}}
  AND toString({{REL:r}}) = g[1]
  AND (startNode(r) = s) = g[2]
  AND coalesce(toString({{TYPE:m}}), '') = coalesce(g[3], '')
  AND NOT {{RID:r}} IN $excluded_rel_ids
  AND NOT {{ID:m}} IN $excluded_node_ids
WITH r, m, gi, {{RID:r}} AS rid
ORDER BY gi, rid
WITH r, head(collect([m, gi])) AS first
WITH r, first[0] AS m, first[1] AS gi, {{RID:r}} AS rid
ORDER BY gi, rid
LIMIT $limit
RETURN collect({{RELROW:r}} + {{NODEROW:m}}) AS rows
