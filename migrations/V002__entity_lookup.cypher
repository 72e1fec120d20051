// Entity lookups used by retrieval. On a graph xgrag ingests, entity ids are unique (constraint);
// on a user's existing graph only non-unique indexes are added, nothing is changed.
// @requires xgrag_preset
CREATE CONSTRAINT {{INDEX:entity_id}} IF NOT EXISTS
FOR (n:{{ENTITY}}) REQUIRE n.{{ID_PROP}} IS UNIQUE;

// @requires user_preset id_property
CREATE RANGE INDEX {{INDEX:entity_id}} IF NOT EXISTS
FOR (n:{{ENTITY}}) ON (n.{{ID_PROP}});

// @requires name_not_id
CREATE RANGE INDEX {{INDEX:entity_name}} IF NOT EXISTS
FOR (n:{{ENTITY}}) ON (n.{{NAME_PROP}});
