// Map GDS node ids of a projection made from database nodes back to entity ids. $node_ids
UNWIND $node_ids AS nid
WITH nid, gds.util.asNode(nid) AS n
RETURN nid, {{ID:n}} AS id
