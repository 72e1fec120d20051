"""Numbered Cypher migrations (`migrations/V###__name.cypher`), applied in order and recorded in the graph.

Each applied file is recorded as (:XgragMigration {version, schema, name, checksum, applied_at}), per
schema mapping (a database may be read through more than one preset). Re-running is a
no-op; a recorded file whose checksum changed is refused. Statements may carry a `// @requires KEY ...`
line; they run only when the schema satisfies every key, so a user's existing graph only gains indexes.

What a migration did depends on the configuration as well as the file (V004 creates the vector index only when
an `embedding_property` is configured), so each record also keeps `statements`, a checksum of the statements
rendered for the schema. When the configuration changes which statements apply (or the index names they
render), the migration runs again for the new configuration (every statement is `IF NOT EXISTS`) and is
reported as applied, not "already applied".

A record says a migration ran, not that what it created is still there: an index or constraint dropped by hand
left every query that needs it failing with "run `xgrag migrate`", and `xgrag migrate` trusting its records
recreated nothing. So a recorded migration whose indexes or constraints are missing (by name) runs again, and
is reported as applied with what it recreated.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xgrag.config import GraphSchema, resource_dir
from xgrag.errors import UsageError
from xgrag.store.queries import render

if TYPE_CHECKING:
    from xgrag.store.neo4j import Neo4jStore

_FILE = re.compile(r"^V(\d{3,})__([a-z0-9_]+)\.cypher$")


class MigrationError(UsageError):
    pass


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path
    text: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()


def statements_checksum(rendered: list[str]) -> str:
    """What a migration does under one configuration: the checksum of its rendered statements."""
    return hashlib.sha256("\n;\n".join(rendered).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class MigrationResult:
    applied: list[str]
    skipped: list[str]  # already applied, checksum matches


def discover(root: Path | None = None) -> list[Migration]:
    root = root or resource_dir("migrations")
    found: list[Migration] = []
    for path in sorted(root.glob("*.cypher")):
        m = _FILE.match(path.name)
        if not m:
            raise MigrationError(f"{path}: migration files must be named V<number>__<lower_snake>.cypher")
        found.append(Migration(int(m.group(1)), m.group(2), path, path.read_text(encoding="utf-8")))
    versions = [m.version for m in found]
    if len(set(versions)) != len(versions):
        raise MigrationError(f"{root}: duplicate migration version numbers {versions}")
    return sorted(found, key=lambda m: m.version)


def _conditions(schema: GraphSchema) -> set[str]:
    keys = {"xgrag_preset" if schema.preset == "xgrag" else "user_preset"}
    if schema.id_property and (schema.preset == "xgrag" or schema.index_id_property):
        keys.add("id_property")
    if schema.embedding_property:
        keys.add("embedding_property")
    if schema.alias_property:
        keys.add("alias_property")
    if schema.name_property != schema.id_property and not schema.general:
        keys.add("name_not_id")  # a range index holds one label: a general mapping's names are in the full-text one
    return keys


def statements(migration: Migration, schema: GraphSchema) -> list[str]:
    """The rendered statements of a migration that apply to this schema."""
    out: list[str] = []
    have = _conditions(schema)
    requires: set[str] = set()
    body: list[str] = []
    for line in migration.text.splitlines():
        stripped = line.strip()
        if stripped.startswith("// @requires"):
            requires |= set(stripped.removeprefix("// @requires").split())
            continue
        if not stripped or stripped.startswith("//"):
            continue  # comments may contain ';' — never part of a statement
        body.append(line)
        if stripped.endswith(";"):
            if requires <= have:
                out.append(render("\n".join(body).rstrip().rstrip(";"), schema))
            requires, body = set(), []
    if body:
        raise MigrationError(f"{migration.path}: the last statement does not end with ';'")
    return out


_NAMED_INDEX = re.compile(r"CREATE\s+(FULLTEXT|VECTOR)\s+INDEX\s+`?(\w+)`?\s+IF\s+NOT\s+EXISTS", re.I)


def _check_named_index(store: Neo4jStore, stmt: str) -> None:
    """Linking queries full-text and vector indexes by name. `CREATE ... INDEX name IF NOT EXISTS` does nothing when
    an equivalent index (same label and properties) exists under another name, e.g. the full-text index LightRAG
    creates on its workspace's entity_id: say so instead of failing later with "no such index"."""
    m = _NAMED_INDEX.search(stmt)
    if not m:
        return
    kind, name = m.group(1).upper(), m.group(2)
    rows = store.query("SHOW INDEXES YIELD name, type, labelsOrTypes, properties RETURN name, type, labelsOrTypes, "
                       "properties", read_only=True)
    if any(r["name"] == name for r in rows):
        return
    label = re.search(r"FOR\s*\(\s*\w+\s*:\s*`?(\w+)`?\s*\)", stmt)
    others = [r["name"] for r in rows
              if r["type"] == kind and (label is None or list(r["labelsOrTypes"] or []) == [label.group(1)])]
    raise MigrationError(
        f"the {kind.lower()} index {name!r} was not created: an equivalent {kind.lower()} index (same label and "
        f"properties) already exists under another name, one of {others}; set the schema's "
        f"{'fulltext_index' if kind == 'FULLTEXT' else 'vector_index'} to that name")


_CREATES = re.compile(r"CREATE\s+(?:\w+\s+)?(?:INDEX|CONSTRAINT)\s+`?([^`\s]+)`?\s+IF\s+NOT\s+EXISTS", re.I)


def created_names(rendered: list[str]) -> list[str]:
    """The names of the indexes and constraints these statements create."""
    return [m.group(1) for stmt in rendered if (m := _CREATES.search(stmt))]


def existing_names(store: Neo4jStore) -> set[str]:
    """The names of the database's indexes and constraints (a constraint's backing index shares its name)."""
    rows = store.query("SHOW INDEXES YIELD name RETURN name", read_only=True)
    rows += store.query("SHOW CONSTRAINTS YIELD name RETURN name", read_only=True)
    return {row["name"] for row in rows}


def migrate(store: Neo4jStore, schema: GraphSchema, dimensions: int, root: Path | None = None) -> MigrationResult:
    if schema.read_only:
        raise MigrationError("the schema mapping is read-only (read_only = true): `xgrag migrate` would create "
                             "indexes and migration records, so nothing was written",
                             hint="xgrag works without its indexes in read-only mode (linking reads names into "
                                  "memory); to let it add its own indexes, set read_only = false")
    migrations = discover(root)
    applied_rows = store.query(
        "MATCH (m:XgragMigration) WHERE m.schema = $schema "
        "RETURN m.version AS version, m.name AS name, m.checksum AS checksum, m.statements AS statements",
        {"schema": schema.key},
        read_only=True,
    )
    applied = {row["version"]: row for row in applied_rows}
    known = {m.version for m in migrations}
    unknown = sorted(set(applied) - known)
    if unknown:
        raise MigrationError(f"the database records migrations {unknown} that no file here provides")
    done: list[str] = []
    skipped: list[str] = []
    existing = existing_names(store)
    for m in migrations:
        label = f"V{m.version:03d}__{m.name}"
        if m.version in applied:
            if applied[m.version]["checksum"] != m.checksum:
                raise MigrationError(
                    f"{m.path}: applied migration {label} was edited after it ran (checksum "
                    f"{applied[m.version]['checksum'][:12]} in the database, {m.checksum[:12]} on disk); "
                    "add a new migration file instead of changing an applied one"
                )
        rendered = statements(m, schema)
        configured = statements_checksum(rendered)
        recorded = m.version in applied and applied[m.version]["statements"] == configured
        missing = [name for name in created_names(rendered) if name not in existing]
        if recorded and not missing:
            skipped.append(label)
            continue
        if m.version in applied and not recorded:
            # same file, another configuration (or a record from before `statements` was kept): apply what
            # this configuration needs; the statements are idempotent (IF NOT EXISTS)
            label += " (configuration changed)"
        for stmt in rendered:
            # Schema commands cannot share a transaction with data writes: each runs on its own.
            store.query(stmt, {"dimensions": dimensions}, read_only=False)
            _check_named_index(store, stmt)
        if recorded:
            existing = existing_names(store)
            recreated = [name for name in missing if name in existing]
            if not recreated:
                # an equivalent index under another name (a user's graph) keeps IF NOT EXISTS from creating
                # xgrag's, as on the first run: nothing was missing that this migration can create
                skipped.append(label)
                continue
            label += f" (recreated {', '.join(recreated)})"
        store.query(
            "MERGE (m:XgragMigration {version: $version, schema: $schema}) "
            "SET m.name = $name, m.checksum = $checksum, m.statements = $statements, m.applied_at = datetime()",
            {"version": m.version, "name": m.name, "checksum": m.checksum, "statements": configured,
             "schema": schema.key},
            read_only=False,
        )
        done.append(label)
    store.query("CALL db.awaitIndexes(300)", read_only=False)
    return MigrationResult(done, skipped)
