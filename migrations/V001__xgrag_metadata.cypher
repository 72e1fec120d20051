// xgrag's own bookkeeping: one node per applied migration.
CREATE CONSTRAINT xgrag_migration_version IF NOT EXISTS
FOR (m:XgragMigration) REQUIRE m.version IS UNIQUE;
