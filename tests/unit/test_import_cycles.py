"""No module imports a package that imports it back (issue 31, item 18: xgrag.embed and xgrag.embed.bert did).
import-linter's acyclic_siblings contract sees cycles between siblings only; this one is between a module and its
own ancestor package, which it does not see."""

from __future__ import annotations

import grimp


def child_parent_cycles(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """(module, ancestor package) pairs where the module imports the package and the package reaches the module."""
    found = []
    for module in sorted(graph.modules):
        parts = module.split(".")
        for i in range(2, len(parts)):  # the root package's __init__ only names the version
            ancestor = ".".join(parts[:i])
            if graph.direct_import_exists(importer=module, imported=ancestor) and \
                    graph.find_shortest_chain(importer=ancestor, imported=module):
                found.append((module, ancestor))
    return found


def test_no_module_imports_a_package_that_imports_it() -> None:
    assert child_parent_cycles(grimp.build_graph("xgrag", cache_dir=None)) == []
