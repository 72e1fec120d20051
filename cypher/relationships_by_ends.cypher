// Semantic relationships named by their ends and relation (a path element that carries no relationship id, as
// neo4j-graphrag's draft explain payload serialises them), each once. $triples: [{source, label, target}]
UNWIND $triples AS triple
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = triple.source
MATCH (s)-[r]->(t:{{ENTITY}})
WHERE {{ID:t}} = triple.target AND {{SEMANTIC:r}} AND (toString({{REL:r}}) = triple.label OR type(r) = triple.label)
RETURN DISTINCT {{RELMAP:r}} AS rel
ORDER BY rel.id
