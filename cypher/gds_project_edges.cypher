// Project an in-memory (e.g. deduplicated) subgraph into GDS from parameters alone: node indexes and
// undirected edges as [source, target] index pairs; isolated nodes appear as [node, null].
// Nothing is read from or written to the database. $graph_name, $edges
UNWIND $edges AS e
WITH gds.graph.project($graph_name, e[0], e[1], {}, {undirectedRelationshipTypes: ['*']}) AS g
RETURN g.graphName AS graph, g.nodeCount AS nodes, g.relationshipCount AS relationships
