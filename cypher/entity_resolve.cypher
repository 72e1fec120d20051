// Entities named by a user: by id, else by exact name (case-insensitive). $entity
MATCH (n:{{ENTITY}})
WHERE {{ID:n}} = $entity OR toLower({{NAME:n}}) = toLower($entity)
RETURN {{ID:n}} AS id, {{NAME:n}} AS name, {{TYPE:n}} AS type, {{ID:n}} = $entity AS by_id
ORDER BY by_id DESC, id
LIMIT 50
