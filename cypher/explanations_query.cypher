// Saved explanations, newest first: one row per explanation with its cost, configuration and top components.
// Every parameter is optional (null = no filter); pass all seven keys:
//   $question         case-insensitive substring of the question
//   $entity_id        an entity the explanation scored (node/synonym component) or that ends a scored
//                     relationship (edge/subpath component): "which answers did this entity drive?"
//   $relationship_id  a relationship scored as an edge/subpath component
//   $since, $until    ISO-8601 datetimes (or dates) bounding created_at: since <= created_at < until
//   $limit            maximum rows (null: 20)
//   $schema_key       the schema mapping it was saved under (preset:entity label; saved before this was recorded:
//                     listed under every mapping)
// `top` holds up to 5 components by importance; `matched` the components for $entity_id / $relationship_id
// (empty without those filters). config_json is the explanation's ExplainSettings as a JSON string.
MATCH (x:XgragExplanation)
WHERE ($question IS NULL OR toLower(x.question) CONTAINS toLower($question))
  AND ($since IS NULL OR x.created_at >= datetime($since))
  AND ($until IS NULL OR x.created_at < datetime($until))
  AND ($schema_key IS NULL OR x.schema_key IS NULL OR x.schema_key = $schema_key)
  AND ($relationship_id IS NULL
       OR EXISTS { MATCH (x)-[:XGRAG_HAS_COMPONENT]->(k:XgragComponent) WHERE k.rel_id = $relationship_id })
  AND ($entity_id IS NULL
       OR EXISTS { MATCH (x)-[:XGRAG_SCORED]->(n:{{ENTITY}}) WHERE {{ID:n}} = $entity_id }
       OR EXISTS { MATCH (x)-[:XGRAG_HAS_COMPONENT]->(:XgragComponent)-[:XGRAG_SOURCE|XGRAG_TARGET]->(n:{{ENTITY}})
                   WHERE {{ID:n}} = $entity_id })
WITH x
ORDER BY x.created_at DESC, x.id
LIMIT coalesce($limit, 20)
WITH x,
     COLLECT {
       MATCH (x)-[s:XGRAG_SCORED]->(n:{{ENTITY}})
       RETURN {kind: 'node', id: {{ID:n}}, label: {{NAME:n}}, strategy: s.strategy, importance: s.importance,
               normalized_importance: s.normalized_importance, rank: s.rank, answer_changed: s.answer_changed,
               counterfactual_answer: s.counterfactual_answer, source: null, target: null} AS c
     } AS scored_nodes,
     COLLECT {
       MATCH (x)-[:XGRAG_HAS_COMPONENT]->(k:XgragComponent)-[:XGRAG_SOURCE]->(s:{{ENTITY}}),
             (k)-[:XGRAG_TARGET]->(t:{{ENTITY}})
       RETURN {kind: k.kind, id: k.rel_id, label: k.label, strategy: k.strategy, importance: k.importance,
               normalized_importance: k.normalized_importance, rank: k.rank, answer_changed: k.answer_changed,
               counterfactual_answer: k.counterfactual_answer, source: {{ID:s}}, target: {{ID:t}}} AS c
     } AS scored_edges
WITH x, scored_nodes + scored_edges AS comps
RETURN x.id AS id, toString(x.created_at) AS created_at, x.question AS question, x.answer AS answer,
       x.strategy AS strategy, x.generator AS generator, x.embedder AS embedder, x.noise_floor AS noise_floor,
       x.generator_calls AS generator_calls, x.prompt_tokens AS prompt_tokens,
       x.completion_tokens AS completion_tokens, x.cache_hits AS cache_hits, x.seconds AS seconds,
       x.perturbations AS perturbations, x.generator_seconds AS generator_seconds,
       x.embedder_seconds AS embedder_seconds, x.retrieval_seconds AS retrieval_seconds,
       x.subgraph_nodes AS subgraph_nodes, x.subgraph_relationships AS subgraph_relationships,
       x.config_json AS config_json,
       COLLECT {
         UNWIND comps AS c
         WITH c WHERE c.importance IS NOT NULL
         RETURN c ORDER BY c.importance DESC, c.rank, c.kind, c.id LIMIT 5
       } AS top,
       COLLECT {
         UNWIND comps AS c
         WITH c WHERE ($entity_id IS NOT NULL AND $entity_id IN [c.id, c.source, c.target])
                   OR ($relationship_id IS NOT NULL AND c.kind = 'edge' AND c.id = $relationship_id)
         RETURN c ORDER BY c.importance DESC, c.rank, c.strategy, c.id
       } AS matched
ORDER BY x.created_at DESC, x.id
