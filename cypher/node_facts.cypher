// Property facts of entities (a general mapping's fact properties): one row per [key, value], minus the excluded
// ones (a property perturbation's transient filter: "<entity id>#<key>"). $ids, $excluded_property_ids
UNWIND $ids AS nid
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid
UNWIND {{NODEFACTS:n}} AS kv
WITH nid, kv
WHERE NOT (nid + '#' + kv[0]) IN $excluded_property_ids
RETURN nid AS owner, kv[0] AS key, kv[1] AS value
ORDER BY owner, key
