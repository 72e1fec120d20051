"""The self-contained page (`xgrag explain --html`, `xgrag explanations show --html`, `xgrag eval --html`): the very
view `xgrag serve` shows, readable without a server.

The page inlines the front end's stylesheet, the vendored cytoscape.js and the view's ES modules joined into one
script (`bundle()`: the modules are written so that dropping their `import` lines and `export` keywords and
wrapping them in one function gives the same program), and carries each explanation's view data
(xgrag.report.view) as inert JSON in `<script type="application/json">` with `<`, `>` and `&` escaped. It makes no
requests: a Content-Security-Policy (`default-src 'none'`, the two scripts and the stylesheet admitted by their
hashes only) enforces it. Every text from the data is written with textContent or as a cytoscape text label.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from xgrag.errors import UsageError
from xgrag.model import Explanation
from xgrag.report.view import FOCUS_K, view_model

DEFAULT_TITLE = "xgrag explanations"
# the modules of the explanation view, dependencies first (app.js, the served page's own module, is not exported)
VIEW_MODULES = ("dom.js", "graph.js", "view.js", "export.js")
VENDOR = ("vendor/cytoscape.min.js",)
STYLESHEET = "css/xgrag.css"
_IMPORT = re.compile(r'^import \{[^}]*\} from "\./[a-z]+\.js";$')
_EXPORT = re.compile(r"^export (?=(?:async )?function |class |const |let )")


def static_file(name: str) -> str:
    """A file of the front end (xgrag/serve/static), as text."""
    return (resources.files("xgrag.serve") / "static" / name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def bundle() -> str:
    """The view's modules as one classic script: each module's single-line relative imports dropped, `export`
    keywords removed, the whole wrapped in one strict function. A module line that would not survive this (an
    `export default`, an `export {...}` list, a multi-line or non-relative import) is an error here, not a page
    that fails in the browser."""
    parts = []
    for name in VIEW_MODULES:
        lines = []
        for n, line in enumerate(static_file(f"js/{name}").splitlines(), 1):
            if line.startswith("import "):
                if not _IMPORT.match(line):
                    raise ValueError(f"js/{name}:{n}: only single-line relative named imports can be bundled")
                continue
            if line.startswith("export "):
                if not _EXPORT.match(line):
                    raise ValueError(f"js/{name}:{n}: only `export function|class|const|let` can be bundled")
                line = line[len("export "):]
            lines.append(line)
        parts.append(f"// --- {name}\n" + "\n".join(lines))
    return '(function () {\n"use strict";\n' + "\n".join(parts) + "\n})();\n"


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def json_block(data: Any) -> str:
    """JSON that cannot end its <script> element or open markup: <, > and & (and the JS line separators) escaped."""
    text = json.dumps(data, ensure_ascii=False, default=str, sort_keys=True)
    for ch, rep in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"), ("\u2028", "\\u2028"),
                    ("\u2029", "\\u2029")):
        text = text.replace(ch, rep)
    return text


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _scalar(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, (Mapping, list, tuple)):
        return json.dumps(v, default=str)
    return str(v)


def _value_html(value: Any) -> str:
    """A summary mapping as nested tables (every value escaped)."""
    if isinstance(value, Mapping):
        if not value:
            return "–"
        return ('<table class="kv">' + "".join(f"<tr><th>{_e(k)}</th><td>{_value_html(v)}</td></tr>"
                                               for k, v in value.items()) + "</table>")
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Mapping) for v in value):
            cols = list(dict.fromkeys(k for v in value for k in v))
            head = "".join(f"<th>{_e(c)}</th>" for c in cols)
            rows = "".join("<tr>" + "".join(f"<td>{_value_html(v.get(c))}</td>" for c in cols) + "</tr>"
                           for v in value)
            return f'<table class="rows"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        return _e(", ".join(_scalar(v) for v in value))
    return _e(_scalar(value))


def content_security_policy(scripts: Sequence[str], style: str) -> str:
    return (f"default-src 'none'; script-src {' '.join(_hash(s) for s in scripts)}; style-src {_hash(style)}; "
            "img-src data:; base-uri 'none'; form-action 'none'")


def render_html(explanations: Sequence[Explanation] | Explanation, title: str = DEFAULT_TITLE,
                summary: Mapping[str, Any] | None = None, focus_k: int = FOCUS_K) -> str:
    """One self-contained page for one or more explanations. A subgraph of more than COLLAPSE_AT entities is drawn
    as its `focus_k` most important entities, the seeds and the entities connecting them, with the full drawing
    one click away."""
    from xgrag import __version__

    items = [explanations] if isinstance(explanations, Explanation) else list(explanations)
    views = [view_model(ex, focus_k) for ex in items]
    if focus_k < 1:  # view_model checks it per explanation; an empty page must refuse it too
        raise UsageError(f"focus_k: {focus_k} must be at least 1 (the number of entities drawn before expanding)")
    toc = ""
    if len(items) > 1:
        toc = ('<ol class="toc">' + "".join(f'<li><a href="#ex-{i}">{_e(ex.question)}</a> — {_e(ex.answer)}</li>'
                                            for i, ex in enumerate(items)) + "</ol>")
    summary_html = f'<div class="summary"><h3>Summary</h3>{_value_html(summary)}</div>' if summary else ""
    sections = "".join(
        f'<div class="xg-holder" id="ex-{i}"></div>'
        f'<script type="application/json" class="xgrag-view" data-target="ex-{i}">{json_block(vm)}</script>'
        for i, vm in enumerate(views)) or '<p class="empty">No explanations.</p>'
    css, library, code = static_file(STYLESHEET), static_file(VENDOR[0]), bundle()
    for name, text in (("the stylesheet", css), ("cytoscape", library), ("the view's code", code)):
        if re.search(r"</(script|style)|<!--", text, re.I):  # would end its element early in an inline copy
            raise ValueError(f"{name} cannot be inlined: it contains a closing tag or a comment opener")
    n = len(items)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{content_security_policy([library, code], css)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="xgrag {_e(__version__)}">
<title>{_e(title)}</title>
<style id="__________cytoscape_stylesheet">{css}</style>
</head>
<body>
<main>
<h1>{_e(title)}</h1>
<p class="sub">{n} explanation{'s' if n != 1 else ''} · importance = 1 − cos(E(a₀), E(aₚ)): how far the answer moved
when the component was perturbed (XGRAG) · generated by xgrag {_e(__version__)} · the same view as
<code>xgrag serve</code>, which can also ask what-ifs</p>
{summary_html}{toc}{sections}
<footer>Self-contained page: no external resources. Drawing: cytoscape.js {_e(_cytoscape_version(library))} (MIT),
shipped inside xgrag; layout: BFS rings from the seed entities refined by Fruchterman-Reingold (deterministic);
labels placed greedily, most important first, where they overlap nothing (a name that does not fit shows on
hover).</footer>
</main>
<script>{library}</script>
<script>{code}</script>
</body>
</html>
"""


def _cytoscape_version(library: str) -> str:
    m = re.search(r'\.version="([0-9.]+)"', library)
    return m.group(1) if m else "?"


def write_html(path: str | Path, explanations: Sequence[Explanation] | Explanation, title: str = DEFAULT_TITLE,
               summary: Mapping[str, Any] | None = None, focus_k: int = FOCUS_K) -> Path:
    """Write `render_html(...)` to `path` (parent folders created). Returns the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_html(explanations, title=title, summary=summary, focus_k=focus_k), encoding="utf-8")
    return target
