// Entities by id, skipping excluded ones. $ids, $excluded_node_ids
UNWIND $ids AS nid
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid AND NOT nid IN $excluded_node_ids
RETURN {{NODE:n}} AS node
ORDER BY node.id
