"""docker/compose.yaml cannot be run here (no Docker engine); check its structure, the Neo4j 5 setting names
it passes and that the procedures jar it mounts is the one the Maven build produces."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

from helpers import compose_setting_names, setting_name

ROOT = Path(__file__).resolve().parents[3]
COMPOSE = ROOT / "docker" / "compose.yaml"
POM_NS = {"m": "http://maven.apache.org/POM/4.0.0"}

# Settings of Neo4j 5.x (Operations Manual, configuration settings) that a container of this project may set.
NEO4J5_SETTINGS = {
    "dbms.security.procedures.unrestricted", "dbms.security.procedures.allowlist",
    "server.memory.heap.max_size", "server.memory.heap.initial_size", "server.memory.pagecache.size",
    "server.directories.plugins", "server.default_listen_address", "dbms.security.auth_enabled",
}
# 4.x names that Neo4j 5 refuses at startup (strict config validation)
NEO4J4_SETTINGS = {"dbms.memory.heap.max_size", "dbms.memory.pagecache.size", "dbms.security.procedures.whitelist",
                   "dbms.directories.plugins", "dbms.connector.bolt.listen_address"}


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def procedures_jar() -> Path:
    """embedded-neo4j/procedures/target/<finalName>.jar, as its pom names it."""
    pom = ROOT / "embedded-neo4j" / "procedures" / "pom.xml"
    tree = ET.parse(pom).getroot()
    version = tree.find("m:parent/m:version", POM_NS).text
    final = tree.find("m:build/m:finalName", POM_NS).text.replace("${project.version}", version)
    return pom.parent / "target" / f"{final}.jar"


def test_compose_declares_neo4j_with_gds_apoc_and_ollama() -> None:
    doc = compose()
    neo, ollama = doc["services"]["neo4j"], doc["services"]["ollama"]
    assert re.fullmatch(r"neo4j:5\.26(\.\d+)?(-community|-enterprise)?", neo["image"])
    env = neo["environment"]
    assert '"apoc"' in env["NEO4J_PLUGINS"] and '"graph-data-science"' in env["NEO4J_PLUGINS"]
    assert {"gds.*", "apoc.*"} <= set(env["NEO4J_dbms_security_procedures_unrestricted"].split(","))
    assert {"gds.*", "apoc.*", "xgrag.*"} <= set(env["NEO4J_dbms_security_procedures_allowlist"].split(","))
    assert all(p.startswith("127.0.0.1:") for p in neo["ports"] + ollama["ports"])
    assert "127.0.0.1:11434:11434" in ollama["ports"]
    assert set(doc["volumes"]) == {"neo4j-data", "ollama-models"}
    assert "xgrag.version()" in neo["healthcheck"]["test"][1]


def test_environment_uses_neo4j5_setting_names() -> None:
    env = compose()["services"]["neo4j"]["environment"]
    assert setting_name("NEO4J_server_memory_heap_max__size") == "server.memory.heap.max_size"
    names = compose_setting_names(compose())
    assert names, env
    assert names <= NEO4J5_SETTINGS, names - NEO4J5_SETTINGS
    assert not names & NEO4J4_SETTINGS
    assert all(isinstance(v, str) for v in env.values())  # compose passes strings; YAML numbers would be coerced


def test_procedures_jar_is_mounted_into_plugins_from_the_build_output() -> None:
    volumes = compose()["services"]["neo4j"]["volumes"]
    mounts = [v.split(":") for v in volumes if ".jar" in v]
    assert len(mounts) == 1
    source, target, mode = mounts[0]
    assert target.startswith("/plugins/") and target.endswith(".jar") and mode == "ro"
    host = (COMPOSE.parent / source).resolve()  # compose resolves relative paths from the file's folder
    assert host == procedures_jar(), (host, procedures_jar())
    assert host.is_file(), f"{host} is missing: build it with `mvn -q package` in embedded-neo4j/ (bootstrap does)"
    assert Path(target).name == host.name
