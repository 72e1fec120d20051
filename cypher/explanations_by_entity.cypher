// Which answers did this entity drive? For one entity, every saved explanation that scored it (as a node:
// removal, synonym) or a relationship it ends (edge, subpath), strongest first.
// $entity_id (required), optional (null = no filter): $since, $until (ISO-8601), $limit (null: 20)
// `scores` lists each score of the entity itself; `edges` the scored relationships it ends; `importance`
// and `rank` are its best node score (null when only its relationships were scored), `best` the best of both.
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = $entity_id
MATCH (x:XgragExplanation)
WHERE (EXISTS { (x)-[:XGRAG_SCORED]->(n) }
       OR EXISTS { (x)-[:XGRAG_HAS_COMPONENT]->(:XgragComponent)-[:XGRAG_SOURCE|XGRAG_TARGET]->(n) })
  AND ($since IS NULL OR x.created_at >= datetime($since))
  AND ($until IS NULL OR x.created_at < datetime($until))
WITH n, x,
     COLLECT {
       MATCH (x)-[s:XGRAG_SCORED]->(n)
       RETURN {strategy: s.strategy, importance: s.importance, normalized_importance: s.normalized_importance,
               rank: s.rank, answer_changed: s.answer_changed, counterfactual_answer: s.counterfactual_answer} AS c
       ORDER BY c.importance DESC, c.strategy
     } AS scores,
     COLLECT {
       MATCH (x)-[:XGRAG_HAS_COMPONENT]->(k:XgragComponent)-[:XGRAG_SOURCE|XGRAG_TARGET]->(n)
       RETURN DISTINCT {id: k.rel_id, label: k.label, strategy: k.strategy, importance: k.importance,
               normalized_importance: k.normalized_importance, rank: k.rank, answer_changed: k.answer_changed,
               counterfactual_answer: k.counterfactual_answer} AS c
       ORDER BY c.importance DESC, c.strategy, c.id
     } AS edges
WITH n, x, scores, edges, head(scores) AS own
WITH n, x, scores, edges, own,
     CASE WHEN own IS NULL OR (size(edges) > 0 AND edges[0].importance > own.importance)
          THEN coalesce(edges[0].importance, own.importance) ELSE own.importance END AS best
RETURN x.id AS id, toString(x.created_at) AS created_at, x.question AS question, x.answer AS answer,
       x.strategy AS strategy, x.generator AS generator, {{ID:n}} AS entity_id, {{NAME:n}} AS entity_name,
       own.importance AS importance, own.normalized_importance AS normalized_importance, own.rank AS rank,
       own.answer_changed AS answer_changed, own.counterfactual_answer AS counterfactual_answer,
       best, scores, edges
ORDER BY best DESC, x.created_at DESC, x.id
LIMIT coalesce($limit, 20)
