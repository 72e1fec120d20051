// The text of the chunks a fact's provenance names (provenance with text, xgrag.explain.chunk_text): one read per
// explanation, never per probe. $ids: chunk ids as provenance holds them (the chunk node's id property, or its
// elementId() when the mapping names none); at most $max_chars characters of each text come back, with its length.
UNWIND $ids AS id
MATCH (c:{{CHUNK}}) WHERE {{CHUNK_ID:c}} = id
WITH id, {{CHUNK_TEXT:c}} AS text
WHERE text IS NOT NULL
WITH id, toString(text) AS text
RETURN id, left(text, $max_chars) AS text, size(text) AS chars
