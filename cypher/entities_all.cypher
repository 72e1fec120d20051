// Every entity with its semantic degree (for graph-wide alias detection). Read only.
MATCH (n:{{ENTITY}})
RETURN {{ID:n}} AS id, {{NAME:n}} AS name, {{TYPE:n}} AS type,
       COUNT { (n)-[r]-(:{{ENTITY}}) WHERE {{SEMANTIC:r}} } AS degree
ORDER BY id
