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


# -- label placement, the collapsed drawing of a large subgraph, bridges -----------------------------

from xgrag.errors import UsageError  # noqa: E402
from xgrag.model import Component, Cost, Explanation  # noqa: E402
from xgrag.report.graph_layout import (  # noqa: E402
    LabelRequest,
    circle_box,
    focus_nodes,
    label_box,
    node_spots,
    place_labels,
    text_width,
)
from xgrag.report.html import FOCUS_K  # noqa: E402

LONG_NAMES = ["The Front Page", "Casey Affleck", "Béla Tarr", "John Schlesinger", "Gregory Nava", "Straw Dogs",
              "The Expendables 3", "WWWWWWWW MMMM", "Ulysses", "iiiiiiii llll"]


def _overlapping(boxes) -> list:
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.overlaps(b)]


def test_placed_labels_never_overlap_on_a_dense_layout() -> None:
    nodes = [f"n{i}" for i in range(90)]
    edges = [(f"n{i}", f"n{(i * 11 + 5) % 90}") for i in range(90)] + [("n0", f"n{i}") for i in range(1, 30)]
    pos = layout(nodes, edges, ["n0"], width=760, height=500)
    names = {n: f"{LONG_NAMES[i % len(LONG_NAMES)]} {i}" for i, n in enumerate(nodes)}
    requests = [LabelRequest(n, names[n], node_spots(*pos[n], 10.0)) for n in nodes]
    obstacles = [circle_box(*pos[n], 11.0) for n in nodes]
    placed = place_labels(requests, obstacles, 760, 500)
    boxes = [p.box for p in placed.values()]
    assert _overlapping(boxes) == []
    assert not any(b.overlaps(o) for b in boxes for o in obstacles)
    assert all(b.inside(760, 500) for b in boxes)
    # the layout is dense: not every full name fits, so some are shortened or left for hover
    assert 15 < len(placed) < 90 or any(p.shortened for p in placed.values())
    assert len(placed) < 90
    assert all(p.box == label_box(p.text, p.spot, p.font_size) for p in placed.values())
    assert placed == place_labels(requests, obstacles, 760, 500)  # deterministic
    # the most important label (first) gets its full text at its first spot clear of the nodes
    first = requests[0]
    free = [sp for sp in first.spots if label_box(first.text, sp, first.font_size).inside(760, 500)
            and not any(label_box(first.text, sp, first.font_size).overlaps(o) for o in obstacles)]
    if free:
        assert (placed["n0"].text, placed["n0"].spot) == (names["n0"], free[0])
    else:  # no room for the full name: shortened, or left for hover
        assert "n0" not in placed or placed["n0"].shortened
    assert any(p.shortened for p in placed.values()) and sum(not p.shortened for p in placed.values()) > 10
    assert len(place_labels(requests, obstacles, 760, 500, limit=5)) == 5


def test_text_width_is_generous_for_wide_letters() -> None:
    assert text_width("WWW", 10) > text_width("aaa", 10) > text_width("iii", 10) > 0
    assert text_width("", 10) == 0


def _rendered_label_boxes(svg: str) -> list:
    from xgrag.report.graph_layout import Spot

    out = []
    pattern = (r'<text class="(node-label|edge-label)(?: short)?" x="([\d.]+)" y="([\d.]+)"'
               r'(?: text-anchor="(\w+)")?>([^<]*)</text>')
    for cls, x, y, anchor, text in re.findall(pattern, svg):
        size = 11.5 if cls == "node-label" else 10.5
        out.append(label_box(html.unescape(text), Spot(float(x), float(y), anchor or "middle"), size))
    return out


def _explanation(nodes: list[tuple[str, str, str]], rels: list[tuple[str, str, str, str]], seeds: list[str],
                 importance: dict[str, float], bridges: dict | None = None,
                 group: tuple[str, ...] = ()) -> Explanation:
    comps = [Component(kind="node", id=n, label=dict((a, b) for a, b, _ in nodes)[n], strategy="node",
                       importance=v, rank=i + 1, answer_changed=v > 0.5, counterfactual_answer="other",
                       evaluated="group" if n in group else "measured")
             for i, (n, v) in enumerate(sorted(importance.items(), key=lambda kv: -kv[1]))]
    return Explanation(
        id="synthetic", created_at="2025-01-01T00:00:00Z", question="who <is> the hub?", answer="Hub",
        baseline_answers=["Hub"], noise_floor=0.01, strategy="node", strategies=["node"], components=comps,
        generator="test", generator_params={}, embedder="test", prompt_version="1", user_explanation="u",
        technical_explanation="t", cost=Cost(), config={}, versions={}, bridges=bridges,
        subgraph={"nodes": [{"id": i, "name": n, "type": t} for i, n, t in nodes],
                  "relationships": [{"id": r, "source": s, "target": t, "label": lab} for r, s, lab, t in rels],
                  "seeds": seeds, "truncated": False})


def big_explanation(bridges: dict | None = None) -> Explanation:
    """190 entities: a seed, 21 movies around it, 8 people per movie. The 25 most important are people spread
    over 9 movies, so the connectors are exactly those 9 movies."""
    nodes = [("s", "Hub Person", "Person")]
    rels = []
    for m in range(21):
        nodes.append((f"m{m:02d}", f"Movie number {m}", "Movie"))
        rels.append((f"r-s-{m}", "s", "starred_in", f"m{m:02d}"))
        for p in range(8):
            nodes.append((f"p{m:02d}{p}", f"{LONG_NAMES[(m + p) % len(LONG_NAMES)]} {m}-{p}", "Person"))
            rels.append((f"r-{m}-{p}", f"m{m:02d}", "has_actor" if p % 2 else "directed_by", f"p{m:02d}{p}"))
    people = [f"p{m:02d}{p}" for m in range(9) for p in range(3)][:FOCUS_K]
    importance = {n: 1.0 - i * 0.03 for i, n in enumerate(people)}
    importance.update({n: 0.0 for n, _, _ in nodes if n not in importance})
    return _explanation(nodes, rels, ["s"], importance, bridges, group=("p070", "p071"))


def test_a_190_node_subgraph_is_collapsed_to_the_top_k_seeds_and_connectors() -> None:
    ex = big_explanation()
    assert len(ex.subgraph["nodes"]) == 190
    page = render_html(ex)
    collapsed = re.search(r'<svg class="graph collapsed".*?</svg>', page, re.S).group(0)
    full = re.search(r'<svg class="graph full".*?</svg>', page, re.S).group(0)
    drawn = re.findall(r'<g class="node[^"]*" data-key="(n\d+)"', collapsed)
    movies = {f"m{m:02d}" for m in range(9)}
    assert len(drawn) == 1 + FOCUS_K + len(movies) == 35
    assert len(drawn) <= FOCUS_K + 1 + len(movies)
    names = dict(re.findall(r'data-key="(n\d+)"[^>]*><title>([^(<]+) \(', collapsed))
    assert {v.strip() for v in names.values()} >= {"Hub Person"} | {f"Movie number {m}" for m in range(9)}
    assert len(re.findall(r'<g class="node[ "]', full)) == 190
    # the expand controls: the pill in the drawing and the button above it; the full drawing starts hidden
    assert "+155 more entities: show all 190" in collapsed and 'role="button"' in collapsed
    assert re.search(r'<button type="button" class="expand" aria-expanded="false"[^>]*>Show all 190 entities<', page)
    assert '<div class="drawing full" hidden>' in page
    assert "the 25 most important entities, 1 seed and 9 connecting them; 155 more in the full drawing" in page
    # no visible labels overlap, in either drawing
    for svg in (collapsed, full):
        boxes = _rendered_label_boxes(svg)
        assert len(boxes) > 20 and _overlapping(boxes) == []
    # names that did not fit keep their full text for hover
    assert '<text class="node-label hover"' in full
    # estimated (group-test) scores are marked as such
    assert page.count('class="flag estimated"') == 2 and "188 verified by their own removal, 2 estimated" in page
    assert render_html(ex) == page  # deterministic


def test_focus_k_is_a_setting_and_small_graphs_are_not_collapsed(explanation) -> None:
    ex = big_explanation()
    page = render_html(ex, focus_k=5)
    collapsed = re.search(r'<svg class="graph collapsed".*?</svg>', page, re.S).group(0)
    assert len(re.findall(r'<g class="node[ "]', collapsed)) == 1 + 5 + 2  # people of movies 0 and 1
    assert 'class="expand"' not in render_html(explanation) and "graph whole" in render_html(explanation)
    with pytest.raises(UsageError, match="focus_k"):
        render_html(ex, focus_k=0)


def test_focus_nodes_takes_shortest_connections_and_bridges() -> None:
    #  s - a - b - t1      s - c - t2     x - y (apart)
    edges = [("s", "a"), ("a", "b"), ("b", "t1"), ("s", "c"), ("c", "t2"), ("x", "y"), ("t1", "t2")]
    nodes = ["s", "a", "b", "t1", "c", "t2", "x", "y"]
    f = focus_nodes(nodes, edges, {"t1": 0.9, "t2": 0.8, "y": 0.7}, ["s"], 3, bridges=["x"])
    assert f.seeds == ["s"] and f.top == ["t1", "t2", "y"]
    # t1 joins s through its neighbour t2's path? No: t2 is not kept yet when t1 is joined, so s-a-b-t1 ...
    # ... unless s-c-t2-t1 is as short (3 edges each): BFS from t1 visits neighbours in id order (b < t2)
    assert f.connectors == ["b", "a", "x"]
    assert f.nodes == ["s", "t1", "t2", "y", "b", "a", "x"]
    with pytest.raises(UsageError, match="k: -1"):
        focus_nodes(nodes, edges, {}, ["s"], -1)


def test_bridges_are_ringed_and_listed_with_the_spearman_figure() -> None:
    bridges = {"importance_from": "node", "core": ["p000", "p010"], "bridges": ["m00", "m01", "s"],
               "periphery": 185, "core_pairs": 1, "pairs_only_via_bridges": 1,
               "core_pair_betweenness": {"m00": 1.0, "m01": 1.0, "s": 1.0}, "articulation": ["m00", "m01", "s"],
               "spearman_importance_betweenness": -0.123456, "spearman_p": 0.09}
    ex = big_explanation(bridges)
    page = render_html(ex)
    collapsed = re.search(r'<svg class="graph collapsed".*?</svg>', page, re.S).group(0)
    assert len(re.findall(r'<g class="node[^"]*\bbridge\b', collapsed)) == 3
    assert collapsed.count('class="bridge-ring"') == 3
    section = re.search(r'<div class="bridges">.*?</table></div>', page, re.S).group(0)
    assert "Spearman(importance, betweenness) -0.12" in section and "1 of 1 connected core pairs" in section
    assert "Movie number 0" in section and section.count('<tr class="bridge-row"') == 3
    plain = render_html(big_explanation())
    assert '<div class="bridges">' not in plain and 'class="bridge-ring"' not in plain
