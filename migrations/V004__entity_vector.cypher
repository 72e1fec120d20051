// Vector index on entity-name embeddings (cosine); the dimension comes from configuration.
// @requires embedding_property
CREATE VECTOR INDEX {{VECTOR_INDEX}} IF NOT EXISTS
FOR (n:{{ENTITY}}) ON (n.{{EMBEDDING_PROP}})
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}};
