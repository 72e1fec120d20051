// Provenance for graphs that record mentions instead of relationship properties: the chunks (and their
// documents) that mention both endpoints of each relationship. The graph does not say which of them the fact
// came from, so this is inferred, and every candidate is listed (at most 20, in a stable order).
// $pairs: [{id, source, target}]
UNWIND $pairs AS pair
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = pair.source
MATCH {{MENTION:s}}
MATCH (t:{{ENTITY}}) WHERE {{ID:t}} = pair.target
MATCH {{MENTION:t}}
{{CHUNK_DOC}}
WITH pair, c, d
ORDER BY pair.id, elementId(c)
WITH pair, collect(DISTINCT {{MENTION_PROV}}) AS documents
RETURN pair.id AS id,
       {inferred: true, basis: 'mentions of both ends', candidates: size(documents),
        documents: documents[..20]} AS prov
