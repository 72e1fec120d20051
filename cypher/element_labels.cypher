// The labels of nodes named by elementId, to say why an id a retriever returned is not an entity (e.g. a Chunk).
// $ids
UNWIND $ids AS nid
MATCH (n) WHERE elementId(n) = nid
RETURN nid AS id, labels(n) AS labels
ORDER BY id
