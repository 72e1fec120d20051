// Scored relationships become (:XgragComponent) nodes of the explanation, linked to both endpoints
// (a node cannot point at a relationship). $id, $components: [{rel_id, source, target, ...}]
MATCH (x:XgragExplanation {id: $id})
UNWIND $components AS c
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = c.source
MATCH (t:{{ENTITY}}) WHERE {{ID:t}} = c.target
CREATE (x)-[:XGRAG_HAS_COMPONENT]->(k:XgragComponent {
  kind: 'edge', rel_id: c.rel_id, label: c.label, strategy: c.strategy, importance: c.importance,
  normalized_importance: c.normalized, rank: c.rank, answer_changed: c.changed,
  counterfactual_answer: c.counterfactual, provenance_json: c.provenance})
CREATE (k)-[:XGRAG_SOURCE]->(s), (k)-[:XGRAG_TARGET]->(t)
RETURN count(*) AS linked
