"""docker/compose.yaml cannot be run here (no Docker engine); check its structure instead."""

from pathlib import Path

import yaml

COMPOSE = Path(__file__).resolve().parents[2] / "docker" / "compose.yaml"


def test_compose_declares_neo4j_with_gds_apoc_and_ollama() -> None:
    doc = yaml.safe_load(COMPOSE.read_text())
    neo, ollama = doc["services"]["neo4j"], doc["services"]["ollama"]
    assert neo["image"].startswith("neo4j:5.26")
    env = neo["environment"]
    assert '"apoc"' in env["NEO4J_PLUGINS"] and '"graph-data-science"' in env["NEO4J_PLUGINS"]
    assert "gds.*" in env["NEO4J_dbms_security_procedures_unrestricted"]
    assert all(p.startswith("127.0.0.1:") for p in neo["ports"] + ollama["ports"])
    assert "127.0.0.1:11434:11434" in ollama["ports"]
    assert set(doc["volumes"]) == {"neo4j-data", "ollama-models"}
