// All shortest undirected paths between two entities over semantic relationships, with the
// transient perturbation filter applied inside the search. Hard bound 8; $max_length filters further.
// One row per path: rels as RELROW lists, nodes as NODEROW lists (field order in xgrag.store.queries).
// $source_id, $target_id, $max_length, $max_paths, $excluded_node_ids, $excluded_rel_ids
MATCH (a:{{ENTITY}}) WHERE {{ID:a}} = $source_id
MATCH (b:{{ENTITY}}) WHERE {{ID:b}} = $target_id
MATCH p = allShortestPaths((a)-[*..8]-(b))
WHERE all(n IN nodes(p) WHERE n:{{ENTITY}} AND NOT {{ID:n}} IN $excluded_node_ids)
  AND all(r IN relationships(p) WHERE {{SEMANTIC:r}} AND NOT {{RID:r}} IN $excluded_rel_ids)
WITH p WHERE length(p) <= $max_length
WITH p LIMIT $max_paths
RETURN [r IN relationships(p) | {{RELROW:r}}] AS rels,
       [n IN nodes(p) | {{NODEROW:n}}] AS nodes
