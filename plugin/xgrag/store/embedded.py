"""Control of the embedded Neo4j 5.26 + GDS + APOC launcher (the Maven project `embedded-neo4j/`).

`start` builds the launcher on first use, starts it detached on a loopback port, waits for its READY line
and for `gds.version()` / `apoc.version()` to answer, and records the connection in `<home>/state.json`
(xgrag.store.connection reads it: how every client finds the server).

Authentication is on: Bolt on loopback is reachable by every local user and process. The first start generates
a password into `<home>/password` (mode 0600 in a 0700 folder, under XGRAG_HOME); the launcher reads it from
there (never from its command line, which `ps` shows to everyone) and gives it to the user `neo4j`. Every
command finds it through `xgrag.store.connection.resolve_connection`; `xgrag db status` names the file, never
the password.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

from xgrag.config import EmbeddedSettings
from xgrag.store.connection import (
    Connection,
    EmbeddedError,
    ServerState,
    password_path,
    pid_alive,
    read_password,
    running_state,
    state_file,
)

MAIN_CLASS = "org.xgrag.embedded.Launcher"
JAR_NAME = "embedded-neo4j-launcher.jar"
# built by embedded-neo4j/procedures, copied into target/lib by the launcher module
PROCEDURES_JAR_PREFIX = "xgrag-procedures-"
# The same flags as embedded-neo4j/run.sh (see embedded-neo4j/README.md for why each is there).
JVM_FLAGS = [
    # Throughput collector: this server is for development, tests and benchmarks, not latency SLOs. On the
    # 2-core machine, 300k-triple ingestions ran at 22-24k triples/s after warm-up with it, 18-20k with G1.
    "-XX:+UseParallelGC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+ExitOnOutOfMemoryError",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--add-opens=java.base/java.util.stream=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/sun.net.www.protocol.http=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dlog4j2.disable.jmx=true",
]


def ensure_password(home: Path) -> Path:
    """The password file of this home, generated on first use; owner-only (0600, in a 0700 folder) every time."""
    home.mkdir(parents=True, exist_ok=True)
    os.chmod(home, 0o700)
    path = password_path(home)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        os.chmod(path, 0o600)  # a file loosened by hand (or an umask) is locked again
        if len(read_password(path)) < 8:
            raise EmbeddedError(f"{path}: the password is shorter than 8 characters (Neo4j's minimum)",
                                hint=f"delete {path}: the next `xgrag db start` generates one") from None
        return path
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(secrets.token_urlsafe(24) + "\n")  # 32 characters from the OS's CSPRNG
    return path


def project_dir() -> Path:
    env = os.environ.get("XGRAG_EMBEDDED_DIR")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "embedded-neo4j" / "pom.xml").is_file():
            return parent / "embedded-neo4j"
    raise EmbeddedError("cannot find the embedded-neo4j/ Maven project; set XGRAG_EMBEDDED_DIR")


def classpath(pdir: Path | None = None) -> str:
    pdir = pdir or project_dir()
    extra = os.environ.get("XGRAG_NEO4J_EXTRA_CP")
    parts = [str(pdir / "target" / JAR_NAME), str(pdir / "target" / "lib" / "*")]
    if extra:
        parts.append(extra)
    return os.pathsep.join(parts)


def _newest(files: list[Path]) -> float:
    return max((p.stat().st_mtime for p in files if p.is_file()), default=0.0)


def procedures_jar(pdir: Path | None = None) -> Path | None:
    """The xgrag procedures jar the build put next to the launcher's libraries (on its classpath)."""
    pdir = pdir or project_dir()
    jars = sorted((pdir / "target" / "lib").glob(f"{PROCEDURES_JAR_PREFIX}*.jar"))
    return jars[-1] if jars else None


def is_built(pdir: Path | None = None) -> bool:
    """Both jars exist and each is newer than what it is built from: the launcher from its pom and src/,
    the procedures jar from its pom, its sources and the repository's cypher/*.cypher (bundled into it)."""
    pdir = pdir or project_dir()
    jar = pdir / "target" / JAR_NAME
    procs = procedures_jar(pdir)
    if not jar.is_file() or procs is None:
        return False
    launcher_src = [pdir / "launcher" / "pom.xml", *(pdir / "src").rglob("*")]
    procs_src = [pdir / "procedures" / "pom.xml", *(pdir / "procedures" / "src").rglob("*"),
                 *(pdir.parent / "cypher").glob("*.cypher"), pdir.parent / "cypher" / "shared_config.json"]
    return jar.stat().st_mtime >= _newest(launcher_src) and procs.stat().st_mtime >= _newest(procs_src)


def build(pdir: Path | None = None, quiet: bool = False) -> None:
    """Build the launcher with Maven (first build downloads ~200 MB of jars into ~/.m2)."""
    pdir = pdir or project_dir()
    mvn = shutil.which("mvn")
    if mvn is None:
        raise EmbeddedError("Maven (mvn) is not on PATH; install it (apt-get install maven) to build the launcher")
    if not quiet:
        print(f"building the embedded Neo4j launcher in {pdir} (first time: a few minutes) ...", file=sys.stderr)
    cmd = [mvn, "-B", "-q", "-DskipTests", "package"]
    proc = subprocess.run(cmd, cwd=pdir, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-40:])
        raise EmbeddedError(f"Maven build failed in {pdir} (exit {proc.returncode}):\n{tail}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        # as Neo4j binds (Netty sets SO_REUSEADDR): connections of the stopped server lingering in TIME_WAIT
        # must not make its port look taken
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def choose_port(home: Path, requested: int = 0) -> int:
    """The requested port; else the port this home's server used last time when it is free (so an exported
    NEO4J_URI keeps working across `xgrag db stop` / `db start`); else a free one."""
    if requested:
        return requested
    last = home / "last_port"
    try:
        port = int(last.read_text().strip())
    except (OSError, ValueError):
        return free_port()
    if not 0 < port < 65536:
        return free_port()
    deadline = time.monotonic() + 5.0  # a server stopped a moment ago may still be releasing its socket
    while not _port_is_free(port):
        if time.monotonic() > deadline:
            return free_port()
        time.sleep(0.2)
    return port


def java_command(home: Path, port: int, cfg: EmbeddedSettings, pdir: Path | None = None) -> list[str]:
    java = os.environ.get("JAVA_HOME")
    java_bin = str(Path(java) / "bin" / "java") if java else (shutil.which("java") or "java")
    return [
        java_bin, f"-Xmx{cfg.heap}", *JVM_FLAGS, "-cp", classpath(pdir), MAIN_CLASS,
        "--home", str(home / "db"), "--port", str(port), "--pagecache", cfg.pagecache,
        "--password-file", str(password_path(home)),
    ]


def start(cfg: EmbeddedSettings, quiet: bool = False) -> ServerState:
    """Start the embedded server (or return the one already running for this home)."""
    home = Path(cfg.home).expanduser()
    home.mkdir(parents=True, exist_ok=True)
    existing = running_state(home)
    if existing:
        return existing
    ensure_password(home)
    pdir = project_dir()
    if not is_built(pdir):
        build(pdir, quiet=quiet)
    port = choose_port(home, cfg.port)
    log_path = home / "neo4j.log"
    cmd = java_command(home, port, cfg, pdir)
    with open(log_path, "ab") as log:
        log.write(f"\n--- start {time.strftime('%Y-%m-%dT%H:%M:%S')}: {' '.join(cmd)}\n".encode())
        log.flush()
        out_path = home / "stdout.txt"
        out = open(out_path, "wb")  # noqa: SIM115 - handed to the child
        proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=log, start_new_session=True, cwd=home
        )
        out.close()
    deadline = time.monotonic() + cfg.start_timeout
    ready: str | None = None
    while time.monotonic() < deadline:
        text = out_path.read_text(errors="replace") if out_path.exists() else ""
        ready = next((ln for ln in text.splitlines() if ln.startswith("READY ")), None)
        if ready:
            break
        if proc.poll() is not None:
            tail = "\n".join(log_path.read_text(errors="replace").splitlines()[-30:])
            raise EmbeddedError(f"the embedded Neo4j exited with code {proc.returncode} before it was ready; "
                                f"log {log_path}:\n{tail}")
        time.sleep(0.2)
    if not ready:
        proc.terminate()
        raise EmbeddedError(f"the embedded Neo4j was not ready within {cfg.start_timeout:.0f}s; see {log_path}")
    uri = f"bolt://127.0.0.1:{port}"
    state = ServerState(pid=proc.pid, uri=uri, port=port, home=str(home), log=str(log_path),
                        started_at=time.time(), password_file=str(password_path(home)))
    versions = _probe_versions(state.connection())
    state.gds_version, state.apoc_version = versions.get("gds"), versions.get("apoc")
    if not state.gds_version or not state.apoc_version:
        stop_pid(proc.pid)
        raise EmbeddedError(f"the embedded Neo4j started but GDS/APOC did not answer: {versions}")
    state_file(home).write_text(json.dumps(asdict(state), indent=2))
    (home / "last_port").write_text(str(port))
    return state


def _probe_versions(conn: Connection) -> dict[str, str | None]:
    from xgrag.store.neo4j import Neo4jStore

    with Neo4jStore.from_connection(conn) as store:
        store.verify()
        return store.server_versions()


def stop_pid(pid: int, timeout: float = 60.0) -> bool:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            waited, _ = os.waitpid(pid, os.WNOHANG)
            if waited == pid:
                return True
        except ChildProcessError:
            pass
        if not pid_alive(pid):
            return True
        time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)
    return True


def stop(cfg: EmbeddedSettings) -> bool:
    home = Path(cfg.home).expanduser()
    state = running_state(home)
    if state is None:
        return False
    stop_pid(state.pid)
    state_file(home).unlink(missing_ok=True)
    return True
