// Drop a projection; no error when it is already gone. $graph_name
CALL gds.graph.drop($graph_name, false) YIELD graphName
RETURN graphName
