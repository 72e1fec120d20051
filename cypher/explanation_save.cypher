// Save an explanation header (xgrag's own label). $e: map of scalar fields
CREATE (x:XgragExplanation)
SET x = $e, x.created_at = datetime($e.created_at)
RETURN x.id AS id
