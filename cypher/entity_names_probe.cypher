// A sample of the in-memory name index checked against the graph: the sampled entities' ids and names as they are
// now (a missing row or another name means the graph changed under the index). $ids
UNWIND $ids AS nid
MATCH (n:{{ENTITY}}) WHERE {{ID:n}} = nid
RETURN [{{ID:n}}, {{NAME:n}}] AS row
