// One hop of PCST-merge's candidate pool: from each frontier entity of degree <= $max_degree (hubs are not
// expanded: ranking thousands of neighbours costs more than the whole retrieval; they are returned as `hubs`),
// its neighbours over semantic relationships that are not in the pool yet, ranked by their name's similarity
// to the question (stored embeddings; -1 without one); the $per_node best of each frontier entity, then the
// $limit best overall (stable order, so a cut is deterministic). The transient perturbation filter applies.
// One record: `hubs` (ids) and `rows`, each [NODEROW, similarity].
// $frontier, $visited, $embedding, $per_node, $limit, $max_degree, $excluded_node_ids, $excluded_rel_ids
UNWIND $frontier AS fid
MATCH (s:{{ENTITY}}) WHERE {{ID:s}} = fid
WITH s, COUNT { (s)--() } AS degree
WITH collect(CASE WHEN degree > $max_degree THEN {{ID:s}} END) AS hubs,
     collect(CASE WHEN degree <= $max_degree THEN s END) AS sources
CALL {
  WITH sources
  UNWIND sources AS s
  MATCH (s)-[r]-(m:{{ENTITY}})
  WHERE {{SEMANTIC:r}}
    AND NOT {{RID:r}} IN $excluded_rel_ids
    AND NOT {{ID:m}} IN $excluded_node_ids
    AND NOT {{ID:m}} IN $visited
  WITH DISTINCT s, m
  WITH s, m, {{ID:m}} AS mid, coalesce(vector.similarity.cosine(m.{{EMBEDDING_PROP}}, $embedding), -1.0) AS sim
  ORDER BY sim DESC, mid
  WITH s, collect([m, mid, sim])[..$per_node] AS best
  UNWIND best AS b
  WITH DISTINCT b[0] AS m, b[1] AS mid, b[2] AS sim
  ORDER BY sim DESC, mid
  LIMIT $limit
  RETURN collect([{{NODEROW:m}}, sim]) AS rows
}
RETURN hubs, rows
