// Documents and chunks of xgrag-ingested data (provenance). Only for xgrag's own schema.
// @requires xgrag_preset
CREATE CONSTRAINT xgrag_document_id IF NOT EXISTS
FOR (d:Document) REQUIRE d.id IS UNIQUE;

// @requires xgrag_preset
CREATE CONSTRAINT xgrag_chunk_id IF NOT EXISTS
FOR (c:Chunk) REQUIRE c.id IS UNIQUE;

// @requires xgrag_preset
CREATE RANGE INDEX xgrag_relation_id IF NOT EXISTS
FOR ()-[r:RELATION]-() ON (r.id);
