// Semantic relationships between entities, named by their ids (e.g. the elementIds a neo4j-graphrag retriever
// returned), each once; ids of anything else (a bookkeeping relationship, a missing one) match nothing. $rel_ids
UNWIND $rel_ids AS rid
MATCH (s:{{ENTITY}})-[r]->(t:{{ENTITY}})
WHERE {{RID:r}} = rid AND {{SEMANTIC:r}}
RETURN DISTINCT {{RELMAP:r}} AS rel
ORDER BY rel.id
