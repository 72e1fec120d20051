// Full-text search over entity names and aliases, for entity linking.
CREATE FULLTEXT INDEX {{FULLTEXT_INDEX}} IF NOT EXISTS
FOR (n:{{ENTITY}}) ON EACH [{{FULLTEXT_PROPS:n}}];
