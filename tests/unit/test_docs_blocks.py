"""Every Python block of the README and the documentation pages is runnable as written and run by a test, unless the
page marks it partial (`<!-- partial: why -->` on the line before its fence: it uses a name the page defines
elsewhere). A block compiles as a module (no top-level `await`: async code is shown in a function); the test named
for it reads it by its page and heading (helpers.doc_block), so moving or renaming either fails that test too."""

from __future__ import annotations

import pytest

from helpers import DOCS, ROOT, page_blocks

# (page, the heading a block sits under) -> the test file that runs it as written
RUN_BY = {
    ("README.md", "Explain from Python"): "tests/integration/test_readme_python.py",
    ("docs/guide/python.md", "Explain from Python"): "tests/integration/test_readme_python.py",
    ("docs/guide/saved.md", "Saved explanations in the graph"): "tests/integration/test_explanations_store.py",
    ("docs/integrations/langchain.md", "Use with LangChain"): "tests/integration/test_langchain_integration.py",
    ("docs/integrations/langchain.md", "Explaining a GraphCypherQAChain's answer"):
        "tests/integration/test_readme_python.py",
    ("docs/integrations/lightrag.md", "Use with LightRAG"): "tests/integration/test_lightrag_stack.py",
    ("docs/integrations/lightrag.md", "xgrag's own retrieval over a LightRAG graph"):
        "tests/integration/test_readme_python.py",
    ("docs/integrations/llamaindex.md", "Use with LlamaIndex"): "tests/integration/test_readme_python.py",
    ("docs/integrations/neo4j-graphrag.md", "Use with neo4j-graphrag"):
        "tests/integration/test_neo4j_graphrag_integration.py",
    ("docs/stacks/langchain.md", "An LCEL chain's own call: `explain_chain`"):
        "tests/integration/test_readme_python.py",
    ("docs/stacks/langchain.md", "GraphCypherQAChain's own call: `explain_cypher_qa`"):
        "tests/integration/test_readme_python.py",
    ("docs/stacks/lightrag.md", "LightRAG"): "tests/integration/test_lightrag_stack.py",
    ("docs/stacks/llamaindex.md", "LlamaIndex"): "tests/integration/test_readme_python.py",
    ("docs/stacks/neo4j-graphrag.md", "neo4j-graphrag"): "tests/integration/test_readme_python.py",
}
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in DOCS.rglob("*.md"))]


@pytest.mark.parametrize("page", PAGES)
def test_every_python_block_compiles_and_is_run_or_marked_partial(page: str) -> None:
    for heading, block, partial in page_blocks(page, "python"):
        compile(block, f"{page} ({heading})", "exec")  # a SyntaxError names the block; top-level await is one
        if partial is None:
            assert (page, heading) in RUN_BY, (
                f"{page}: the Python block under '{heading}' is run by no test: run it as written (RUN_BY), or "
                "mark it `<!-- partial: why -->` on the line before its fence")


def test_each_block_has_a_heading_of_its_own_and_its_test_reads_it() -> None:
    """One Python block per heading (doc_block reads the first), and the test file named for it names its page and
    heading."""
    for (page, heading), test in RUN_BY.items():
        blocks = [b for h, b, _ in page_blocks(page, "python") if h == heading]
        assert len(blocks) == 1, f"{page}: {len(blocks)} Python blocks under '{heading}'"
        source = (ROOT / test).read_text(encoding="utf-8")
        assert page in source and heading in source, f"{test} does not read {page} '{heading}'"


def test_the_partial_marker_is_read() -> None:
    """saved.md's block uses the reader's open store: marked, with the reason."""
    [(heading, block, why)] = page_blocks("docs/guide/saved.md", "python")
    assert heading == "Saved explanations in the graph" and "find_explanations(store" in block
    assert why and "store" in why


def test_install_lines_name_real_extras_and_no_index_package() -> None:
    """xgrag is not on a package index: no page tells a user to `pip install xgrag` or `'xgrag[...]'`; every extra a
    page names in an install line (`.[embed,langchain]`) is one pyproject.toml declares."""
    import re

    import tomllib

    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    named: set[str] = set()
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        assert not re.search(r"pip install\s+['\"]?xgrag\b", text), f"{page}: xgrag is installed from a clone"
        for group in re.findall(r"pip install[^\n`]*?-e\s+['\"]?\.\[([\w,-]+)\]", text):
            named |= set(group.split(","))
    assert named and named <= extras, named - extras
    assert {"embed", "langchain", "llamaindex"} <= named
    getting_started = (ROOT / "docs/getting-started.md").read_text(encoding="utf-8")
    for extra in extras:  # the extras table lists every extra pyproject declares
        assert f"| `{extra}` |" in getting_started, extra


@pytest.mark.parametrize("page", PAGES)
def test_text_blocks_fit_the_content_column(page: str) -> None:
    """Text blocks (diagrams, trees) keep their layout and scroll instead of wrapping (docs/stylesheets/code.css): at
    most 80 columns, what the content column of a 1,280 px window shows unscrolled (measured in Chromium: 656 px
    of 8.2 px characters). The CLI reference's help is held to the same width by scripts/docs_hooks.py."""
    for heading, block, _ in page_blocks(page, "text"):
        wide = [line for line in block.splitlines() if len(line) > 80]
        assert not wide, f"{page} ('{heading}'): text block lines over 80 columns: {wide[:2]}"
