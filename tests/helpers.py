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


# NEO4J_* variables the Neo4j docker image's entrypoint handles itself instead of turning them into settings
IMAGE_VARIABLES = {"NEO4J_AUTH", "NEO4J_PLUGINS", "NEO4J_ACCEPT_LICENSE_AGREEMENT", "NEO4J_EDITION"}


def setting_name(variable: str) -> str:
    """The Neo4j docker image's rule for NEO4J_* variables: strip NEO4J_, '__' -> '_', then '_' -> '.'."""
    body = variable.removeprefix("NEO4J_")
    return ".".join(part.replace("\0", "_") for part in body.replace("__", "\0").split("_"))


def compose_setting_names(compose: dict) -> set[str]:
    """The Neo4j settings docker/compose.yaml's neo4j service passes through its environment."""
    env = compose["services"]["neo4j"]["environment"]
    return {setting_name(k) for k in env if k.startswith("NEO4J_") and k not in IMAGE_VARIABLES}


def wipe(store: Neo4jStore) -> None:
    """Per-test isolation: drop every GDS projection and every node (indexes and constraints stay)."""
    store.query("CALL gds.graph.list() YIELD graphName CALL gds.graph.drop(graphName, false) YIELD graphName AS g "
                "RETURN count(g)", read_only=False)
    _delete_all(store)


def _delete_all(store: Neo4jStore) -> None:
    while store.query("MATCH (n) WITH n LIMIT 20000 DETACH DELETE n RETURN count(*) AS c",
                      read_only=False)[0]["c"]:
        pass
