// PCST-merge seeds: the entities whose name embedding is nearest the question's (vector index), excluded ones
// skipped without using up a place. `indexed` counts what the index answered before the filter: 0 means the
// graph stores no name embeddings. $index, $k, $embedding, $excluded_node_ids
CALL db.index.vector.queryNodes($index, $k + size($excluded_node_ids), $embedding) YIELD node, score
WITH {{ID:node}} AS id, score
ORDER BY score DESC, id
WITH collect([id, score]) AS found
RETURN size(found) AS indexed, [f IN found WHERE NOT f[0] IN $excluded_node_ids][..$k] AS seeds
