// Provenance for graphs that record mentions instead of relationship properties: the chunks (and
// their documents) that mention both endpoints of each relationship. $pairs: [{id, source, target}]
UNWIND $pairs AS pair
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = pair.source
MATCH {{MENTION:s}}
MATCH (t:{{ENTITY}}) WHERE {{ID:t}} = pair.target
MATCH {{MENTION:t}}
{{CHUNK_DOC}}
WITH pair, c, d
ORDER BY pair.id, elementId(c)
WITH pair, collect({{MENTION_PROV}})[0] AS prov
RETURN pair.id AS id, prov
