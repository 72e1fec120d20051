// Saved explanations (xgrag's own labels): unique ids, lookup by question and time.
CREATE CONSTRAINT xgrag_explanation_id IF NOT EXISTS
FOR (x:XgragExplanation) REQUIRE x.id IS UNIQUE;

CREATE RANGE INDEX xgrag_explanation_question IF NOT EXISTS
FOR (x:XgragExplanation) ON (x.question);

CREATE RANGE INDEX xgrag_component_rel IF NOT EXISTS
FOR (k:XgragComponent) ON (k.rel_id);
