// xgrag's own bookkeeping: one node per applied migration and schema mapping.
CREATE CONSTRAINT xgrag_migration_version IF NOT EXISTS
FOR (m:XgragMigration) REQUIRE (m.version, m.schema) IS UNIQUE;
