// The semantic neighbours of the given entities, with the relation between them and its direction (`out`: the
// entity is the start): for the precise alias rule (shared neighbours, conflicting facts; two entities linked
// to each other are never merged). Read only. $ids
UNWIND $ids AS nid
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid
MATCH (n)-[r]-(m:{{ENTITY}})
WHERE {{SEMANTIC:r}}
RETURN nid AS id, {{ID:m}} AS neighbour, {{NAME:m}} AS name, toString({{REL:r}}) AS label, startNode(r) = n AS out
ORDER BY id, neighbour, label, out
