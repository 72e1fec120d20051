// Every persisted alias link of the graph (xgrag's ALIAS_OF, alias -> canonical), with how it was found.
// Read only; no parameters.
MATCH (a:{{ENTITY}})-[l:{{ALIAS_REL}}]->(c:{{ENTITY}})
RETURN {{NODE:a}} AS alias, {{NODE:c}} AS canonical, l.score AS score, l.theta AS theta, l.method AS method,
       l.rule AS rule, l.evidence AS evidence
ORDER BY alias.id, canonical.id
