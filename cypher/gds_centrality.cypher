// Degree, betweenness and PageRank (damping $damping) of a projected graph, one row per node id.
// $graph_name, $damping, $max_iterations, $tolerance
CALL gds.degree.stream($graph_name) YIELD nodeId, score
WITH collect([nodeId, score]) AS degrees
CALL gds.betweenness.stream($graph_name) YIELD nodeId, score
WITH degrees, collect([nodeId, score]) AS betweenness
CALL gds.pageRank.stream($graph_name, {dampingFactor: $damping, maxIterations: $max_iterations,
                                       tolerance: $tolerance})
YIELD nodeId, score
WITH degrees, betweenness, collect([nodeId, score]) AS pagerank
RETURN degrees, betweenness, pagerank
