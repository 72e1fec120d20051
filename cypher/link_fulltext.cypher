// Entity linking: full-text candidates on entity names and aliases.
// $index: full-text index name, $query: escaped Lucene query, $limit, $excluded_node_ids
CALL db.index.fulltext.queryNodes($index, $query, {limit: $limit}) YIELD node, score
WHERE node:{{ENTITY}} AND NOT {{ID:node}} IN $excluded_node_ids
RETURN {{NODE:node}} AS node, score
ORDER BY score DESC, node.id
