// Persisted alias links (xgrag's ALIAS_OF, alias -> canonical) for the clusters of the given entities:
// an entity's canonical and every alias of that canonical. $ids
UNWIND $ids AS nid
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid
OPTIONAL MATCH (n)-[:{{ALIAS_REL}}]->(c0:{{ENTITY}})
WITH DISTINCT coalesce(c0, n) AS c
MATCH (a:{{ENTITY}})-[:{{ALIAS_REL}}]->(c)
RETURN DISTINCT {{NODE:a}} AS alias, {{NODE:c}} AS canonical
ORDER BY alias.id, canonical.id
