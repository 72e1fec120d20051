// Store entity-name embeddings (explicit `xgrag embed` only). $rows: [{id, embedding}]
UNWIND $rows AS row
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = row.id
CALL db.create.setNodeVectorProperty(n, $property, row.embedding)
RETURN count(n) AS written
