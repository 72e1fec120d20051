// Entity linking: exact (case-sensitive, index-backed) name matches for candidate spans.
// $names: list of strings, $excluded_node_ids
UNWIND $names AS candidate
MATCH (n:{{ENTITY}})
WHERE n.{{NAME_PROP}} = candidate
  AND NOT {{ID:n}} IN $excluded_node_ids
RETURN DISTINCT {{NODE:n}} AS node, candidate
ORDER BY candidate, node.id
