"""The embedded server's JVM settings and the key of its class archive (pure logic over files; no JVM)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from xgrag.config import ConfigError, EmbeddedSettings, load_settings
from xgrag.store.embedded import class_archive, java_command


def test_extra_jvm_flags_come_from_the_environment_after_xgrags_own(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    settings = load_settings(env={"XGRAG_NEO4J_JVM_OPTS": "-XX:TieredStopAtLevel=1  -Dx='a b'"})
    assert settings.embedded.jvm_options == ["-XX:TieredStopAtLevel=1", "-Dx=a b"]
    cmd = java_command(tmp_path, 7687, settings.embedded, tmp_path, ["-XX:SharedArchiveFile=a.jsa"])
    assert cmd.index("-Xlog:all=warning:stderr") < cmd.index("-XX:SharedArchiveFile=a.jsa") \
        < cmd.index("-XX:TieredStopAtLevel=1") < cmd.index("-cp")


@pytest.mark.parametrize("bad", ["-cp", "-XX:SharedArchiveFile=/tmp/x.jsa", "org.other.Main", "--class-path"])
def test_an_option_that_is_not_an_extra_flag_is_refused_by_name(bad: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match="jvm_options") as err:
        load_settings(env={"XGRAG_NEO4J_JVM_OPTS": f"-Xss1m {bad}"})
    assert repr(bad) in str(err.value)
    with pytest.raises(ValueError, match="not an extra JVM flag"):
        EmbeddedSettings(jvm_options=[bad])


def test_the_archive_is_named_after_the_exact_jars(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another build (a jar rewritten, added or removed) or extra classpath entries name another archive: the JVM
    only maps an archive of the jars it was dumped with."""
    monkeypatch.delenv("XGRAG_NEO4J_EXTRA_CP", raising=False)
    lib = tmp_path / "target" / "lib"
    lib.mkdir(parents=True)
    (tmp_path / "target" / "embedded-neo4j-launcher.jar").write_bytes(b"launcher")
    jar = lib / "a.jar"
    jar.write_bytes(b"a")
    first = class_archive(tmp_path)
    assert first == class_archive(tmp_path) and first.parent == tmp_path / "target" / "cds"
    os.utime(jar, ns=(jar.stat().st_atime_ns, jar.stat().st_mtime_ns + 1_000_000_000))
    rebuilt = class_archive(tmp_path)
    (lib / "b.jar").write_bytes(b"b")
    added = class_archive(tmp_path)
    monkeypatch.setenv("XGRAG_NEO4J_EXTRA_CP", "/opt/extra.jar")
    extra = class_archive(tmp_path)
    assert len({first, rebuilt, added, extra}) == 4
