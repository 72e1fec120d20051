// Entities whose name embedding is missing (or all of them). $all, $limit
MATCH (n:{{ENTITY}})
WHERE $all OR n.{{EMBEDDING_PROP}} IS NULL
RETURN {{ID:n}} AS id, {{NAME:n}} AS name
ORDER BY id
LIMIT $limit
