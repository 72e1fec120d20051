"""The documentation site builds strictly (a broken link or anchor, a page left out of the navigation, an API
reference naming a symbol that no longer exists, a CLI command whose --help fails: each is a warning, and --strict
turns a warning into a failed build), the README stays a short front page whose links resolve, and the options the
CLI guide's summary names for a pass-through command are in that command's rendered --help."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, doc_block

# the build imports the CLI, renders every command's --help (train-gnan's loads torch) and the API reference:
# 18-29 s on the shared 2-core machine
slow = pytest.mark.slow

@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT / "plugin")}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    warnings = [line for line in proc.stderr.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert proc.returncode == 0 and not warnings, "\n".join(warnings) or proc.stderr[-3000:]
    return out


def _text(site: Path, page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", (site / page / "index.html").read_text(encoding="utf-8")))


@slow
def test_the_site_builds_strictly_with_generated_references(site: Path) -> None:
    cli = _text(site, "reference/cli")
    for usage in ("Usage: xgrag explain [OPTIONS]", "Usage: xgrag explanations show", "usage: xgrag train-gnan"):
        assert usage in cli
    api = _text(site, "reference/api")
    assert "Explainer" in api and "ExplainSettings" in api and "load_settings" in api
    # the benchmarks page is benchmarks/README.md, included at build time
    first = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8").splitlines()[2]
    assert first.split("`")[0].strip() in _text(site, "benchmarks")


@slow
def test_summary_options_of_pass_through_commands_are_in_their_help(site: Path) -> None:
    cli = _text(site, "reference/cli")
    block = doc_block("docs/guide/cli.md", "Commands at a glance", "bash")
    line = next(ln for ln in block.splitlines() if ln.startswith("xgrag train-gnan "))
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", line.split("#", 1)[0]))
    section = cli.split("usage: xgrag train-gnan", 1)[1].split("xgrag eval", 1)[0]
    assert named and all(opt in section for opt in named), named


def test_readme_is_a_short_front_page_whose_links_resolve() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    local = [t for t in targets if "://" not in t]
    assert len(local) >= 20
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, missing
    # every docs page is reachable from the README or from the site's navigation (mkdocs.yml, checked by the build)
    assert "docs/methods.md" in local and "docs/reference/cli.md" in local
