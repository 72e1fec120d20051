// Link a saved explanation to the entities it scored. $id, $components: [{id, strategy, importance, ...}]
MATCH (x:XgragExplanation {id: $id})
UNWIND $components AS c
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = c.id
CREATE (x)-[:XGRAG_SCORED {kind: 'node', strategy: c.strategy, importance: c.importance,
                           normalized_importance: c.normalized, rank: c.rank, answer_changed: c.changed,
                           counterfactual_answer: c.counterfactual}]->(n)
RETURN count(*) AS linked
