"""The explanation view's data (xgrag.report.view) and the self-contained page (xgrag.serve.export): escaping, the
CSP hashes, no external resources, counts, layout, label placement, colours, the collapsed drawing, bridges.
The page in a real browser is tested in tests/integration/test_html_report.py."""

import base64
import hashlib
import html
import json
import re

import pytest

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from helpers import view_blocks
from xgrag.explain import Explainer, ExplainSettings
from xgrag.model import Node, Relationship, Subgraph
from xgrag.report.graph_layout import layout
from xgrag.report.view import PARALLEL_STEP, UNSCORED, colour, view_model
from xgrag.serve.export import bundle, render_html, static_file, write_html

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
    assert html.escape("<script>alert('title')</script>") in page
    # our script elements: one inert data block per explanation, the graph library and the view's code
    assert len(re.findall(r"<script", page)) == 3 and len(re.findall(r"</script>", page)) == 3
    data = re.search(r'<script type="application/json" class="xgrag-view" data-target="ex-0">(.*?)</script>', page,
                     re.S).group(1)
    assert "<" not in data and ">" not in data and "&" not in data
    (vm,) = view_blocks(page)
    assert vm["question"] == f"who directed [{EVIL_MOVIE}]" and vm["answer"] == f"{EVIL_PERSON}."
    assert any(d["title"] == EVIL_MOVIE for d in vm["details"].values())  # the text survives, as data
    assert {n["name"] for n in vm["graph"]["nodes"]} >= {EVIL_MOVIE, EVIL_PERSON}


def test_no_external_resources_and_the_csp_admits_only_our_code(explanation) -> None:
    page = render_html([explanation])
    assert not re.search(r"\b(?:src|href)=\"(?!#)", page)
    assert "@import" not in static_file("css/xgrag.css") and "url(" not in static_file("css/xgrag.css")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    codes = re.findall(r"<script>(.*?)</script>", page, re.S)
    style = re.search(r'<style id="__________cytoscape_stylesheet">(.*?)</style>', page, re.S).group(1)

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    assert len(codes) == 2 and f"script-src {digest(codes[0])} {digest(codes[1])};" in csp
    assert f"style-src {digest(style)};" in csp
    assert codes[0] == static_file("vendor/cytoscape.min.js") and codes[1] == bundle()


def test_the_view_modules_are_bundled_without_their_imports_and_exports() -> None:
    code = bundle()
    assert code.startswith('(function () {\n"use strict";') and code.rstrip().endswith("})();")
    assert not re.search(r"^\s*(import|export)\b", code, re.M)
    for name in ("function el(", "class GraphView", "function renderView(", "function main("):
        assert name in code, name


def test_counts_and_colours_follow_the_explanation(explanation, tmp_path) -> None:
    page = write_html(tmp_path / "sub" / "r.html", explanation).read_text(encoding="utf-8")
    (vm,) = view_blocks(page)
    graph = vm["graph"]
    assert len(graph["nodes"]) == 4 and len(graph["edges"]) == 4 and list(graph["drawings"]) == ["whole"]
    scored = [c for c in explanation.components if c.kind in ("node", "edge") and c.importance is not None]
    assert len(vm["rows"]) == len(scored) == 8
    top = max(scored, key=lambda c: c.importance)
    assert top.importance > 0.5 and vm["rows"][0]["fill"] == colour(top.importance)
    assert vm["rows"][0]["importance"] == pytest.approx(top.importance)
    # the deciding chain: the fact whose removal changed the answer, and the entities it joins
    assert [e["id"] for e in graph["edges"] if e["chain"]] == ["r1"]
    assert {n["id"] for n in graph["nodes"] if n["chain"]} >= {"m", "d"}
    # two relationships between the same pair: their relation names sit PARALLEL_STEP apart (the curves' middles)
    drawing = graph["drawings"]["whole"]
    keys = {e["id"]: e["key"] for e in graph["edges"]}
    mid = {lab["owner"]: (lab["x"], lab["y"]) for lab in drawing["labels"] if lab["role"] in ("relation", "extra")}
    assert (mid[keys["r1"]] != mid[keys["r4"]]) and drawing["parallel_step"] == PARALLEL_STEP
    # honesty: one baseline run (reproduction unchecked), every score verified
    assert vm["honesty"]["reproduced"] is None and vm["honesty"]["verified"] == 8
    assert vm["honesty"]["estimated"] == 0 and vm["honesty"]["not_evaluated"] == 0


def test_the_cost_block_counts_the_probes_that_verified_the_scores(explanation) -> None:
    """Issue 31, item 9d: a run that generated its answers showed "scored probes 0" beside "8 verified by their
    own removal". The probes answered are counted, and the log P passes (none here) are not shown."""
    vm = view_model(explanation)
    cost = dict(vm["cost"])
    assert cost["probes answered (perturbed contexts)"] == str(explanation.cost.perturbations) == "8"
    assert vm["honesty"]["verified"] == 8
    assert not any("scored probes" in k for k in cost), cost
    assert explanation.response_score == "shift" and explanation.cost.scored_probes == 0


def test_several_explanations_get_a_table_of_contents_and_unique_ids(explanation) -> None:
    page = render_html([explanation, explanation], title="two")
    assert 'href="#ex-0"' in page and 'href="#ex-1"' in page and len(view_blocks(page)) == 2
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
    Spot,
    circle_box,
    focus_nodes,
    label_box,
    node_spots,
    place_labels,
    text_width,
)
from xgrag.report.view import FOCUS_K  # noqa: E402

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


def visible_label_boxes(drawing: dict) -> list:
    """The boxes of the labels a drawing shows without hovering (placed names, shortened names, relation names),
    from the carriers the front end draws them at."""
    out = []
    for lab in drawing["labels"]:
        if lab["role"] in ("name", "short", "relation"):
            spot = Spot(lab["x"], lab["y"] + 0.28 * lab["size"], lab["anchor"])
            out.append(label_box(lab["text"], spot, lab["size"]))
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
    assert len(ex.subgraph.nodes) == 190
    vm = view_model(ex)
    graph = vm["graph"]
    collapsed, full = graph["drawings"]["collapsed"], graph["drawings"]["full"]
    by_key = {n["key"]: n for n in graph["nodes"]}
    drawn = [by_key[k]["id"] for k in collapsed["positions"]]
    movies = {f"m{m:02d}" for m in range(9)}
    assert len(drawn) == 1 + FOCUS_K + len(movies) == 35
    assert {by_key[k]["name"] for k in collapsed["positions"]} >= {"Hub Person"} | {f"Movie number {m}"
                                                                                      for m in range(9)}
    assert len(full["positions"]) == 190 and len(full["edges"]) == 189
    assert graph["collapsed"] and graph["shown"] == 35
    assert graph["focus"] == ("Drawn: the 25 most important entities, 1 seed and 9 connecting them; 155 more in "
                              "the full drawing")
    # no visible labels overlap, in either drawing, and none covers a node
    for drawing in (collapsed, full):
        boxes = visible_label_boxes(drawing)
        assert len(boxes) > 20 and _overlapping(boxes) == []
        circles = [circle_box(x, y, drawing["radius"][k]) for k, (x, y) in drawing["positions"].items()]
        assert not any(b.overlaps(c) for b in boxes for c in circles)
    # names that did not fit keep their full text for hover
    assert any(lab["role"] == "hover" for lab in full["labels"])
    # estimated (group-test) scores are marked as such
    assert sum(r["flag"] == "estimated" for r in vm["rows"]) == 2
    assert "188 verified by their own removal, 2 estimated" in vm["notes"]
    assert vm["honesty"]["estimated"] == 2
    assert view_model(ex) == vm  # deterministic
    page = render_html(ex)
    assert view_blocks(page) == [json.loads(json.dumps(vm))] and render_html(ex) == page


def test_focus_k_is_a_setting_and_small_graphs_are_not_collapsed(explanation) -> None:
    ex = big_explanation()
    vm = view_model(ex, focus_k=5)
    assert len(vm["graph"]["drawings"]["collapsed"]["positions"]) == 1 + 5 + 2  # people of movies 0 and 1
    small = view_model(explanation)
    assert list(small["graph"]["drawings"]) == ["whole"] and not small["graph"]["collapsed"]
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
    vm = view_model(big_explanation(bridges))
    by_key = {n["key"]: n for n in vm["graph"]["nodes"]}
    collapsed = vm["graph"]["drawings"]["collapsed"]["positions"]
    assert sum(by_key[k]["bridge"] for k in collapsed) == 3
    assert "Spearman(importance, betweenness) -0.12" in vm["bridge_line"]
    assert "1 of 1 connected core pairs" in vm["bridge_line"]
    assert [b["name"] for b in vm["bridges"]] == ["Movie number 0", "Movie number 1", "Hub Person"]
    assert all(b["articulation"] and b["paths"] == 1.0 for b in vm["bridges"])
    plain = view_model(big_explanation())
    assert plain["bridges"] == [] and not any(n["bridge"] for n in plain["graph"]["nodes"])
