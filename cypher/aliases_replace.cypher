// xgrag's only write outside ingestion: replace the persisted ALIAS_OF links (alias -> canonical).
// $links: [{alias, canonical, score, rule, evidence}], $theta, $method
OPTIONAL MATCH (:{{ENTITY}})-[old:{{ALIAS_REL}}]->(:{{ENTITY}})
DELETE old
WITH count(*) AS _
UNWIND $links AS l
MATCH (a:{{ENTITY}}) WHERE {{ID:a}} = l.alias
MATCH (c:{{ENTITY}}) WHERE {{ID:c}} = l.canonical
MERGE (a)-[r:{{ALIAS_REL}}]->(c)
SET r.score = l.score, r.theta = $theta, r.method = $method, r.rule = l.rule, r.evidence = l.evidence,
    r.created_at = datetime()
RETURN count(r) AS written
