// Every entity's id, name, type and aliases: the in-memory name index linking reads when xgrag may not (read-only
// mapping) or did not (no migration) create its full-text index. Read only; $limit bounds the scan.
MATCH (n:{{ENTITY}})
WITH n LIMIT $limit
RETURN [{{ID:n}}, {{NAME:n}}, {{TYPE:n}}, {{ALIASES:n}}] AS row
