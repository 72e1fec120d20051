// The facts a retrieved chunk may state, on graphs that record mentions (e.g. neo4j-graphrag's FROM_CHUNK): the
// entities that mention the chunk and the semantic relationships among them, each once. $chunk_ids (elementIds)
UNWIND $chunk_ids AS cid
MATCH {{MENTION:e}}
WHERE elementId(c) = cid AND e:{{ENTITY}}
WITH cid, collect(DISTINCT e) AS ents
UNWIND ents AS s
OPTIONAL MATCH (s)-[r]->(t:{{ENTITY}})
WHERE t IN ents AND {{SEMANTIC:r}}
WITH cid, ents, collect(DISTINCT r) AS rels
RETURN cid AS chunk_id, [e IN ents | {{NODE:e}}] AS nodes, [r IN rels | {{RELMAP:r}}] AS rels
ORDER BY chunk_id
