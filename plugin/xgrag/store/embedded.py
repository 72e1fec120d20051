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

import hashlib
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
from xgrag.errors import UsageError
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
    # the JVM's own warnings (a class archive it cannot use, ...) into the log with the server's, not stdout
    "-Xlog:disable",
    "-Xlog:all=warning:stderr",
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


def java_binary() -> str:
    java = os.environ.get("JAVA_HOME")
    return str(Path(java) / "bin" / "java") if java else (shutil.which("java") or "java")


def java_command(home: Path, port: int, cfg: EmbeddedSettings, pdir: Path | None = None,
                 archive: list[str] | None = None) -> list[str]:
    """`archive`: the class-data-sharing flag of this start (class_archive_flags), none when left out."""
    return [
        java_binary(), f"-Xmx{cfg.heap}", *JVM_FLAGS, *(archive or []), *cfg.jvm_options, "-cp", classpath(pdir),
        MAIN_CLASS, "--home", str(home / "db"), "--port", str(port), "--pagecache", cfg.pagecache,
        "--password-file", str(password_path(home)),
    ]


# -- class-data sharing --------------------------------------------------------------------------------------------
# A start loads ~20k classes from ~200 jars, and reading, parsing and verifying them is most of its CPU. A dynamic
# CDS archive (JDK 13+) holds those classes as the JVM left them, mapped at the next start. Measured on the 2-core
# machine (n = 2 each, quiet): READY 11.9 s -> 7.9-8.8 s, CPU 21.6 s -> 15.0-16.4 s (with the test suite's
# -XX:TieredStopAtLevel=1 as well: 6.2-6.4 s, 8.6-9.1 s). The archive is only valid for the JVM and the exact jars
# it was dumped with; a changed jar makes the JVM ignore it (a warning in the log, an ordinary start), and the key
# below names a new one, prepared at the next start.
ARCHIVE_DIR = "cds"


def class_archive(pdir: Path | None = None) -> Path:
    """Where the archive of the current JVM and jars lives (it may not exist yet)."""
    pdir = pdir or project_dir()
    java = Path(shutil.which(java_binary()) or java_binary()).resolve()
    digest = hashlib.sha256()
    jars = [pdir / "target" / JAR_NAME, *sorted((pdir / "target" / "lib").glob("*.jar"))]
    for path in (java, *jars):
        st = path.stat() if path.exists() else None
        digest.update(f"{path}\0{st.st_size if st else -1}\0{st.st_mtime_ns if st else -1}\n".encode())
    digest.update(os.environ.get("XGRAG_NEO4J_EXTRA_CP", "").encode())
    return pdir / "target" / ARCHIVE_DIR / f"classes-{digest.hexdigest()[:16]}.jsa"


def class_archive_flags(cfg: EmbeddedSettings, pdir: Path, quiet: bool = False) -> list[str]:
    """The flag that maps the archive, after preparing it when this build has none. Preparing is skipped (an
    ordinary start) when another process is preparing it right now or when it failed before for these jars."""
    if not cfg.class_archive:
        return []
    archive = class_archive(pdir)
    if not archive.is_file() and not archive.with_suffix(".failed").is_file():
        prepare_class_archive(cfg, pdir, archive, quiet=quiet)
    return [f"-XX:SharedArchiveFile={archive}"] if archive.is_file() else []


def prepare_class_archive(cfg: EmbeddedSettings, pdir: Path, archive: Path, quiet: bool = False) -> bool:
    """A start on a scratch home with -XX:ArchiveClassesAtExit, stopped once it answered: the JVM writes the classes
    it loaded on its way out, renamed into place only when it exited cleanly. Older archives are removed."""
    import fcntl
    import tempfile

    archive.parent.mkdir(parents=True, exist_ok=True)
    with open(archive.parent / "lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # another start is preparing it: this one does not wait for it
        if archive.is_file():
            return True
        for old in archive.parent.glob("classes-*"):
            old.unlink(missing_ok=True)
        if not quiet:
            print("preparing a class archive of the embedded Neo4j for faster starts (once per build) ...",
                  file=sys.stderr)
        partial = archive.with_name(f"{archive.name}.{os.getpid()}.partial")
        scratch = Path(tempfile.mkdtemp(prefix="xgrag-cds-"))
        reason = ""
        try:
            ensure_password(scratch)
            train = cfg.model_copy(update={"home": scratch, "port": 0, "class_archive": False})
            # the dump lists every class it leaves out (signed jars, classes never linked) as a warning: expected
            state = _launch_on_a_port(scratch, train, pdir,
                                      [f"-XX:ArchiveClassesAtExit={partial}", "-Xlog:cds*=error:stderr"])
            if not stop_pid(state.pid, timeout=600.0, clean=True):
                reason = "the JVM did not exit cleanly after writing the archive"
            elif not partial.is_file() or partial.stat().st_size == 0:
                reason = f"the JVM wrote no archive (see {scratch / 'neo4j.log'})"
            else:
                os.replace(partial, archive)
        except EmbeddedError as exc:
            reason = str(exc)
        finally:
            partial.unlink(missing_ok=True)
            if not reason:
                shutil.rmtree(scratch, ignore_errors=True)
        if reason:
            # not retried on every start for these jars: a start without the archive is only slower
            archive.with_suffix(".failed").write_text(reason + "\n")
            print(f"warning: no class archive, starts stay slower: {reason}", file=sys.stderr)
        return not reason


def prepare(cfg: EmbeddedSettings | None = None, quiet: bool = False) -> Path | None:
    """Build the launcher when needed and prepare its class archive (scripts/bootstrap.sh, after its build: so the
    first start pays for neither). The archive's path, None when there is none."""
    cfg = cfg or EmbeddedSettings(heap="1g")
    pdir = project_dir()
    if not is_built(pdir):
        build(pdir, quiet=quiet)
    return class_archive(pdir) if class_archive_flags(cfg, pdir, quiet=quiet) else None


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
    archive = class_archive_flags(cfg, pdir, quiet=quiet)
    state = _launch_on_a_port(home, cfg, pdir, archive)
    state_file(home).write_text(json.dumps(asdict(state), indent=2))
    (home / "last_port").write_text(str(state.port))
    return state


class _PortTaken(EmbeddedError):
    """The JVM exited before it was ready because its Bolt port was taken."""


# Starts tried on fresh ports when the chosen one is taken before the JVM binds it
_PORT_ATTEMPTS = 3


def _launch_on_a_port(home: Path, cfg: EmbeddedSettings, pdir: Path, archive: list[str]) -> ServerState:
    """`_launch` on the port `choose_port` gives; where another process binds that port before the JVM does
    (parallel starts, a client's ephemeral port), again on a fresh free one, unless the user asked for that port."""
    port = choose_port(home, cfg.port)
    for _ in range(_PORT_ATTEMPTS - 1):
        try:
            return _launch(home, cfg, pdir, archive, port)
        except _PortTaken:
            if cfg.port:
                raise
            port = free_port()
    return _launch(home, cfg, pdir, archive, port)


def _launch(home: Path, cfg: EmbeddedSettings, pdir: Path, archive: list[str], port: int) -> ServerState:
    """Start the JVM on `port`, wait for its READY line and for GDS and APOC to answer."""
    log_path = home / "neo4j.log"
    cmd = java_command(home, port, cfg, pdir, archive)
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
            text = log_path.read_text(errors="replace")
            tail = "\n".join(text.splitlines()[-30:])
            # (this start's part of the log: the cause is deep in the stack trace, past the tail shown)
            kind = _PortTaken if "Address already in use" in text[text.rfind("\n--- start "):] else EmbeddedError
            raise kind(f"the embedded Neo4j exited with code {proc.returncode} before it was ready; "
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
    return state


def _probe_versions(conn: Connection) -> dict[str, str | None]:
    from xgrag.store.neo4j import Neo4jStore

    with Neo4jStore.from_connection(conn) as store:
        store.verify()
        return store.server_versions()


def stop_pid(pid: int, timeout: float = 60.0, clean: bool = False) -> bool:
    """SIGTERM, then SIGKILL after `timeout` s. True when it was running; with `clean`, only when it exited with 0
    within the timeout (a child of this process: its exit status is known)."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            waited, status = os.waitpid(pid, os.WNOHANG)
            if waited == pid:
                return not clean or os.waitstatus_to_exitcode(status) == 0
        except ChildProcessError:
            pass
        if not pid_alive(pid):  # exited since waitpid above (a zombie until reaped), or not our child
            try:
                _, status = os.waitpid(pid, 0)  # reaped here: no zombie left, and its CPU is accounted now
            except ChildProcessError:
                return not clean
            return not clean or os.waitstatus_to_exitcode(status) == 0
        time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)
    return not clean


def stop(cfg: EmbeddedSettings) -> bool:
    home = Path(cfg.home).expanduser()
    state = running_state(home)
    if state is None:
        return False
    stop_pid(state.pid)
    state_file(home).unlink(missing_ok=True)
    return True


# -- dumps ---------------------------------------------------------------------------------------------------------
DUMPS_CLASS = "org.xgrag.embedded.Dumps"


class DumpError(UsageError):
    """A dump that cannot be loaded or written as asked: no such file, not a dump, the server running, a store or a
    file in the way, no store to dump."""


def _dumps(verb: str, cfg: EmbeddedSettings, file: Path, database: str, extra: list[str], timeout: float) -> Path:
    """Run the launcher's Dumps tool (`load` or `dump`) on the stopped server's home; the path it reports."""
    home = Path(cfg.home).expanduser()
    state = running_state(home)
    if state is not None:
        raise DumpError(f"the embedded Neo4j of {home} is running (pid {state.pid}): dumps are read and written "
                        f"while it is stopped", hint=f"xgrag db stop, then {verb} the dump, then xgrag db start")
    pdir = project_dir()
    if not is_built(pdir):
        build(pdir)
    home.mkdir(parents=True, exist_ok=True)
    cmd = [java_binary(), "-Xmx1g", *JVM_FLAGS, "-cp", classpath(pdir), DUMPS_CLASS, verb,
           "--home", str(home / "db"), "--file", str(file.resolve()), "--database", database, *extra]
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout,
                          check=False)
    marker = "LOADED " if verb == "load" else "DUMPED "
    done = next((ln[len(marker):] for ln in proc.stdout.splitlines() if ln.startswith(marker)), None)
    if proc.returncode == 0 and done:
        return Path(done)
    said = [ln.removeprefix("error: ") for ln in proc.stderr.splitlines() if ln.startswith("error: ")]
    reason = said[0] if said else "\n".join(proc.stderr.splitlines()[-15:])
    hints = {("load", 3): "give --force to replace it (its data is lost)",
             ("load", 4): "give a file written by `neo4j-admin database dump` (Neo4j 4.x and 5.x dumps read; a 4.x "
                          "store then needs `neo4j-admin database migrate`, which the embedded server does not run)",
             ("dump", 3): "name a file that does not exist yet",
             ("dump", 4): "load or ingest a graph first (xgrag ingest, xgrag db load-dump)"}
    if (verb, proc.returncode) in hints:
        raise DumpError(f"{file}: {reason}", hint=hints[verb, proc.returncode])
    raise EmbeddedError(f"{verb} of {file} failed: {reason}")


def load_dump(cfg: EmbeddedSettings, dump: Path, database: str = "neo4j", overwrite: bool = False,
              timeout: float = 1800.0) -> Path:
    """Load a Neo4j database dump (`neo4j-admin database dump`; the `.dump` files of Neo4j's example graphs) into
    the embedded server's home with Neo4j's own loader, as `neo4j-admin database load` does. The server must be
    stopped (its next start opens the loaded store); a database that already holds a store is replaced only with
    `overwrite`, and only after the file was read as a dump. Returns the database directory."""
    dump = Path(dump).expanduser()
    if not dump.is_file():
        raise DumpError(f"{dump}: no such file", hint="give the path of a .dump file (neo4j-admin database dump)")
    return _dumps("load", cfg, dump, database, ["--overwrite"] if overwrite else [], timeout)


def write_dump(cfg: EmbeddedSettings, file: Path, database: str = "neo4j", timeout: float = 1800.0) -> Path:
    """Write the stopped embedded server's database to a dump file (`neo4j-admin database load` reads it into any
    Neo4j 5.26). Never over an existing file. Returns the file."""
    return _dumps("dump", cfg, Path(file).expanduser(), database, [], timeout)
