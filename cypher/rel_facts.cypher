// Property facts of relationships (a general mapping's per-type fact properties): one row per [key, value], minus
// the excluded ones ("<relationship id>#<key>"). $ids, $excluded_property_ids
UNWIND $ids AS rid
MATCH ()-[r]->() WHERE {{RID:r}} = rid
UNWIND {{RELFACTS:r}} AS kv
WITH rid, kv
WHERE NOT (rid + '#' + kv[0]) IN $excluded_property_ids
RETURN rid AS owner, kv[0] AS key, kv[1] AS value
ORDER BY owner, key
