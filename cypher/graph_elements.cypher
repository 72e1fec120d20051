// The stored entities and relationships behind ids a retrieval returned, so that Cypher procedures can
// yield graph elements (Neo4j Browser draws them). Relationships are found from their ends (index-backed).
// $node_ids, $rels: [{id, source, target}]
CALL {
  UNWIND $node_ids AS nid
  MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid
  RETURN collect([nid, n]) AS nodes
}
CALL {
  UNWIND $rels AS rel
  MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = rel.source
  MATCH (s)-[r]->(t:{{ENTITY}}) WHERE {{ID:t}} = rel.target AND {{RID:r}} = rel.id
  RETURN collect([rel.id, r]) AS rels
}
RETURN nodes, rels
