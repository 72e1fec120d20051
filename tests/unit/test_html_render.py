"""The HTML report's pure parts: escaping, the CSP hash, no external resources, counts, layout, colours.
The page in a real browser is tested in tests/integration/test_html_report.py."""

import base64
import hashlib
import html
import json
import re

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.explain import Explainer, ExplainSettings
from xgrag.model import Node, Relationship, Subgraph
from xgrag.report.html import UNSCORED, colour, layout, render_html, write_html

EVIL_MOVIE = "Evil <script>alert(1)</script> Movie"
EVIL_PERSON = 'Jane "Doe" <img src=x onerror=alert(2)> & Sons'


def evil_graph() -> Subgraph:
    sub = Subgraph()
    for nid, name, typ in [("m", EVIL_MOVIE, "Movie"), ("d", EVIL_PERSON, "Person"), ("y", "1999", "Year"),
                           ("a", "Ann </script><b>x</b>", "Person")]:
        sub.add_node(Node(nid, name, typ))
    for rid, s, lab, t in [("r1", "m", "directed_by", "d"), ("r2", "m", "release_year", "y"),
                           ("r3", "m", "starred_actors", "a"), ("r4", "m", "written_by", "d")]:
        sub.add_relationship(Relationship(rid, s, t, lab, provenance={"doc_id": "doc<1>", "line": int(rid[1])}))
    sub.seeds = ["m"]
    return sub


@pytest.fixture(scope="module")
def explanation():
    explainer = Explainer(FixedRetriever(evil_graph()), RuleGenerator(), HashEmbedder(),
                          ExplainSettings(strategies=("node", "edge"), noise_runs=1))
    return explainer.explain(f"who directed [{EVIL_MOVIE}]")


def test_data_is_escaped_everywhere(explanation) -> None:
    page = render_html([explanation], title="<script>alert('title')</script>",
                       summary={"<b>k</b>": "<i>v</i>", "rows": [{"q": "<script>x</script>", "f1": 0.5}]})
    assert explanation.answer == f"{EVIL_PERSON}."
    for raw in (EVIL_MOVIE, EVIL_PERSON, "<script>alert(", "<img", "</script><b>", "<b>k</b>", "<i>v</i>"):
        assert raw not in page, raw
    assert html.escape(EVIL_MOVIE) in page and html.escape(EVIL_PERSON, quote=True) in page
    # our two script elements (the data block and the code) are the only ones
    assert len(re.findall(r"<script", page)) == 2 and len(re.findall(r"</script>", page)) == 2
    data = re.search(r'<script type="application/json" class="xgrag-data">(.*?)</script>', page, re.S).group(1)
    assert "<" not in data and ">" not in data
    decoded = json.loads(data)
    assert any(d["title"] == EVIL_MOVIE for d in decoded.values())  # the text survives, as data


def test_no_external_resources_and_the_csp_admits_only_our_script(explanation) -> None:
    page = render_html([explanation])
    urls = re.findall(r"(?:https?:)?//[^\s\"'<>)]+", page)
    assert set(urls) == {"http://www.w3.org/2000/svg"}  # an XML namespace name, never fetched
    assert not re.search(r"\b(?:src|href)=\"(?!#)", page)
    assert "@import" not in page and "url(" not in page.replace("url(#grad-", "")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp.split("style-src")[0]
    code = re.search(r"<script>(.*?)</script>", page, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp


def test_counts_and_colours_follow_the_explanation(explanation, tmp_path) -> None:
    page = write_html(tmp_path / "sub" / "r.html", explanation).read_text(encoding="utf-8")
    assert len(re.findall(r'<g class="node[ "]', page)) == 4 and len(re.findall(r'<g class="edge[ "]', page)) == 4
    scored = [c for c in explanation.components if c.kind in ("node", "edge") and c.importance is not None]
    assert page.count('<tr class="component"') == len(scored) == 8
    top = max(scored, key=lambda c: c.importance)
    assert top.importance > 0.5
    assert f'fill="{colour(top.importance)}"' in page
    # two relationships between the same pair are drawn as two distinct curves
    paths = re.findall(r'<path class="edge-line" d="([^"]+)"', page)
    assert len(set(paths)) == 4 and sum(" Q" in d for d in paths) == 2


def test_several_explanations_get_a_table_of_contents_and_unique_ids(explanation) -> None:
    page = render_html([explanation, explanation], title="two")
    assert 'href="#ex-0"' in page and 'href="#ex-1"' in page
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))


def test_layout_is_deterministic_and_inside_the_box() -> None:
    nodes = [f"n{i}" for i in range(30)]
    edges = [(f"n{i}", f"n{(i * 7 + 3) % 30}") for i in range(30)] + [("n0", f"n{i}") for i in range(1, 10)]
    a = layout(nodes, edges, ["n0"], width=700, height=500, margin=50)
    assert a == layout(nodes, edges, ["n0"], width=700, height=500, margin=50)
    assert all(50 - 1e-6 <= x <= 650 + 1e-6 and 0 <= y <= 500 for x, y in a.values())
    distinct = {(round(x), round(y)) for x, y in a.values()}
    assert len(distinct) == 30
    assert layout([], []) == {} and layout(["x"], []) == {"x": (380.0, 250.0)}


def test_colour_scale() -> None:
    assert colour(None) == UNSCORED and colour(float("nan")) == UNSCORED
    assert colour(-1) == colour(0.0) and colour(5) == colour(1.0)
    lum = [sum(int(colour(v)[i:i + 2], 16) for i in (1, 3, 5)) for v in (0.2, 0.45, 0.7, 1.0)]
    assert lum == sorted(lum, reverse=True)  # darker as importance grows
