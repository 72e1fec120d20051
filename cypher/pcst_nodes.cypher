// Entities by id with their name's similarity to the question (vector.similarity.cosine of the stored name
// embedding; null without one), skipping excluded ones. NODEROW lists (field order in xgrag.store.queries).
// $ids, $embedding, $excluded_node_ids
UNWIND $ids AS nid
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid AND NOT nid IN $excluded_node_ids
RETURN {{NODEROW:n}} AS node, vector.similarity.cosine(n.{{EMBEDDING_PROP}}, $embedding) AS sim
ORDER BY node[0]
