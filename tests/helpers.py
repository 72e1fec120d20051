"""Paths and small helpers shared by tests (importable: pytest puts tests/ on sys.path)."""

from pathlib import Path

from xgrag.config import schema_preset
from xgrag.store.migrations import migrate
from xgrag.store.neo4j import Neo4jStore

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
SAMPLE = ROOT / "plugin" / "xgrag" / "data" / "sample"


def mapped(server: Neo4jStore, preset: str) -> Neo4jStore:
    """The same database read through a schema preset, with that preset's migrations applied."""
    schema = schema_preset(preset)
    view = server.with_schema(schema)
    migrate(view, schema, 384)
    return view
