// Project every entity and the semantic relationships between entities (undirected) into GDS.
// Ends in a bare `RETURN gds.graph.project(...)`, the shape the graphdatascience client expects. $graph_name
MATCH (s:{{ENTITY}})
OPTIONAL MATCH (s)-[r]->(t:{{ENTITY}}) WHERE {{SEMANTIC:r}}
RETURN gds.graph.project($graph_name, s, t, {}, {undirectedRelationshipTypes: ['*']})
