// Which answers did this relationship (fact) drive? Every saved explanation that scored it as an edge or
// subpath component, strongest first. $relationship_id (required), optional (null = no filter):
// $since, $until (ISO-8601), $limit (null: 20). One row per explanation and strategy.
MATCH (x:XgragExplanation)-[:XGRAG_HAS_COMPONENT]->(k:XgragComponent)
WHERE k.rel_id = $relationship_id
  AND ($since IS NULL OR x.created_at >= datetime($since))
  AND ($until IS NULL OR x.created_at < datetime($until))
OPTIONAL MATCH (k)-[:XGRAG_SOURCE]->(s:{{ENTITY}})
OPTIONAL MATCH (k)-[:XGRAG_TARGET]->(t:{{ENTITY}})
RETURN x.id AS id, toString(x.created_at) AS created_at, x.question AS question, x.answer AS answer,
       x.strategy AS explanation_strategy, x.generator AS generator, k.rel_id AS relationship_id,
       k.label AS label, {{ID:s}} AS source_id, {{NAME:s}} AS source_name, {{ID:t}} AS target_id,
       {{NAME:t}} AS target_name, k.strategy AS strategy, k.importance AS importance,
       k.normalized_importance AS normalized_importance, k.rank AS rank, k.answer_changed AS answer_changed,
       k.counterfactual_answer AS counterfactual_answer, k.provenance_json AS provenance_json
ORDER BY importance DESC, x.created_at DESC, x.id, strategy
LIMIT coalesce($limit, 20)
