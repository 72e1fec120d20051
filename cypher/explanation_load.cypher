// A saved explanation's full JSON. $id
MATCH (x:XgragExplanation {id: $id})
RETURN x.json AS json
