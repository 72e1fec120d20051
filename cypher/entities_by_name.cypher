// Entities whose display name is exactly one of $names (case-sensitive): the Cypher procedures' seeds by name under
// a general mapping, whose composed names ("Nancy Davolio", "Order 10248") no index holds. One scan of the mapped
// labels for all names together (presets use link_exact, index-backed). $names, $excluded_node_ids
MATCH (n:{{ENTITY}})
WITH n, {{NAME:n}} AS candidate
WHERE candidate IN $names AND NOT {{ID:n}} IN $excluded_node_ids
RETURN {{NODE:n}} AS node, candidate
ORDER BY candidate, node.id
