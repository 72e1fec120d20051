// Nodes and relationships in the database, both read from Neo4j's count store (constant time, whatever the size):
// part of the fingerprint that tells the in-memory name index the graph changed.
CALL { MATCH (n) RETURN count(n) AS nodes }
CALL { MATCH ()-[r]->() RETURN count(r) AS relationships }
RETURN nodes, relationships
