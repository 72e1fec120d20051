// Project every entity and the semantic relationships between entities (undirected) into GDS.
// $graph_name
MATCH (s:{{ENTITY}})
OPTIONAL MATCH (s)-[r]->(t:{{ENTITY}}) WHERE {{SEMANTIC:r}}
WITH gds.graph.project($graph_name, s, t, {}, {undirectedRelationshipTypes: ['*']}) AS g
RETURN g.graphName AS graph, g.nodeCount AS nodes, g.relationshipCount AS relationships
