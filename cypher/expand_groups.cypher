// The fan-out of one hop, by group: per frontier entity, relation ({{REL}}), direction and the neighbour's type,
// how many relationships the hop would add (the transient perturbation filter applied). Focused retrieval
// (xgrag.retrieval.focus) spends the caps on the groups whose relation or neighbour type the question names.
// One record: `groups`, each [frontier id, relation, outgoing, neighbour type, relationships].
// $frontier, $excluded_node_ids, $excluded_rel_ids
UNWIND $frontier AS fid
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = fid
MATCH (s)-[r]-(m:{{ENTITY}})
WHERE {{SEMANTIC:r}}
  AND NOT {{RID:r}} IN $excluded_rel_ids
  AND NOT {{ID:m}} IN $excluded_node_ids
WITH fid, toString({{REL:r}}) AS relation, startNode(r) = s AS outgoing, toString({{TYPE:m}}) AS type,
     count(DISTINCT r) AS n
ORDER BY fid, relation, outgoing, type
RETURN collect([fid, relation, outgoing, type, n]) AS groups
