// Entity linking: nearest entity-name embeddings. $index, $k, $embedding, $min_score, $excluded_node_ids
CALL db.index.vector.queryNodes($index, $k, $embedding) YIELD node, score
WHERE score >= $min_score AND NOT {{ID:node}} IN $excluded_node_ids
RETURN {{NODE:node}} AS node, score
ORDER BY score DESC, node.id
