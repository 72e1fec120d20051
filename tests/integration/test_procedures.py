"""xgrag's Cypher procedures (embedded-neo4j/procedures) against the Python implementation, on the real
embedded Neo4j of the session: same graph, same seeds and exclusions, same results."""

from __future__ import annotations

import json

import neo4j
import pytest
import tomllib

from helpers import HOLMES_KG, ROOT, SAMPLE
from xgrag.config import RetrievalSettings, schema_preset
from xgrag.model import Perturbation
from xgrag.retrieval import Retriever
from xgrag.retrieval.centrality import gds_centrality, gds_graph_centrality
from xgrag.retrieval.dedup import persisted_aliases
from xgrag.store.explanations import save_explanation
from xgrag.store.ingest import ingest_triples, read_triples, write_triples
from xgrag.store.neo4j import Neo4jStore
from xgrag.store.queries import QueryLibrary

Q2 = "who is listed as director of [Tarik Lowe] starred movies"
QUESTIONS = [Q2, "which movies are [Drama] films", "what movies did [John Schlesinger] direct",
             "who starred in [Supporting Characters]"]
PROCEDURES = {"xgrag.subgraph", "xgrag.paths", "xgrag.aliases", "xgrag.centrality", "xgrag.explanations"}


@pytest.fixture
def metaqa(store: Neo4jStore) -> Neo4jStore:
    ingest_triples(store, SAMPLE / "metaqa_triples.tsv", "metaqa")
    return store


def call(store: Neo4jStore, cypher: str, **params) -> list[dict]:
    """Rows with graph values kept as the driver's Node / Relationship / Path (record.data() flattens them),
    in a read transaction: a procedure declared WRITE would be refused there."""
    with store.driver.session(database=store.database) as session:
        return session.execute_read(lambda tx: [dict(rec.items()) for rec in tx.run(cypher, params)])


def subgraph(store: Neo4jStore, seeds, **config) -> dict:
    rows = call(store, "CALL xgrag.subgraph($seeds, $config) YIELD nodes, relationships, truncated, seeds, "
                       "aliasMap, subgraph RETURN *", seeds=seeds, config=config)
    assert len(rows) == 1
    return rows[0]


def client_error(store: Neo4jStore, cypher: str, **params) -> str:
    with pytest.raises(neo4j.exceptions.ClientError) as err:
        call(store, cypher, **params)
    return str(err.value.message)


# -- registration, version, read-only ------------------------------------------------------------------


def test_procedures_are_registered_read_only_and_versioned(server: Neo4jStore) -> None:
    rows = call(server, "SHOW PROCEDURES YIELD name, mode WHERE name STARTS WITH 'xgrag.' RETURN name, mode")
    modes = {r["name"]: r["mode"] for r in rows}
    assert PROCEDURES <= set(modes)
    assert {modes[p] for p in PROCEDURES} == {"READ"}
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert call(server, "RETURN xgrag.version() AS v")[0]["v"] == version


def test_procedures_run_in_read_transactions_and_never_write(metaqa: Neo4jStore) -> None:
    seeds = [le.node.id for le in Retriever(metaqa).link(Q2)]
    before = metaqa.checksum()
    # store.query runs in a read transaction: a procedure declared WRITE would be refused there
    subgraph(metaqa, seeds, hops=2)
    call(metaqa, "CALL xgrag.paths(['Tarik Lowe'], ['Daniel Schechter']) YIELD path RETURN path")
    call(metaqa, "CALL xgrag.centrality($ids) YIELD nodeId RETURN nodeId", ids=seeds)
    call(metaqa, "CALL xgrag.aliases() YIELD alias RETURN alias")
    assert metaqa.checksum() == before
    assert call(metaqa, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0


# -- one source of truth: the same cypher files, rendered the same way ---------------------------------------


@pytest.mark.parametrize("preset", ["xgrag", "langchain", "neo4j-graphrag", "lightrag", "llamaindex"])
def test_java_renders_every_cypher_file_exactly_like_python(server: Neo4jStore, preset: str) -> None:
    lib = QueryLibrary(schema_preset(preset))
    names = lib.names()
    assert {"expand", "nodes_by_id", "shortest_paths", "alias_links", "gds_centrality"} <= set(names)
    rows = call(server, "UNWIND $names AS name RETURN name, xgrag.query(name, {preset: $preset}) AS text",
                names=names, preset=preset)
    assert {r["name"]: r["text"] for r in rows} == {n: lib.get(n) for n in names}


def test_schema_overrides_render_like_python(server: Neo4jStore) -> None:
    overrides = {"entity_label": "Thing", "id_property": None, "generic_labels": ["Base"], "type_property": None,
                 "provenance": {"mode": "mentions", "chunk_label": "Passage"}}
    lib = QueryLibrary(schema_preset("langchain", **{k: v for k, v in overrides.items()}))
    for name in ("expand", "shortest_paths", "provenance_mentions", "link_fulltext"):
        text = call(server, "RETURN xgrag.query($name, {preset: 'langchain', schema: $schema}) AS t",
                    name=name, schema=overrides)[0]["t"]
        assert text == lib.get(name)
        assert "`Thing`" in text or name == "link_fulltext"
    # a property literally named "null" is not a missing property (nor served from the other's cache)
    for value in ("null", None, "null"):
        text = call(server, "RETURN xgrag.query('nodes_by_id', {schema: {id_property: $v}}) AS t", v=value)[0]["t"]
        assert text == QueryLibrary(schema_preset("xgrag", id_property=value)).get("nodes_by_id")
        assert ("n.`null`" in text) == (value is not None)


def test_identifiers_are_validated_and_config_errors_are_clear(metaqa: Neo4jStore) -> None:
    before = metaqa.checksum()
    evil = "Entity`) DETACH DELETE n //"
    msg = client_error(metaqa, "CALL xgrag.subgraph(['x'], {schema: {entity_label: $l}}) YIELD nodes RETURN nodes",
                       l=evil)
    assert "schema.entity_label" in msg and "not a valid identifier" in msg
    msg = client_error(metaqa, "CALL xgrag.aliases({schema: {non_semantic_types: ['OK', 'bad-type']}})")
    assert "schema.non_semantic_types[1]" in msg
    assert "unknown config key 'hop'" in client_error(metaqa, "CALL xgrag.subgraph(['x'], {hop: 2})")
    assert "unknown preset 'neo4j'" in client_error(metaqa, "CALL xgrag.aliases({preset: 'neo4j'})")
    assert "hops" in client_error(metaqa, "CALL xgrag.subgraph(['x'], {hops: 5})")
    assert "maxLength" in client_error(metaqa, "CALL xgrag.paths(['x'], ['y'], {maxLength: 9})")
    assert "no query file" in client_error(metaqa, "RETURN xgrag.query('nope') AS t")
    assert "bad query name" in client_error(metaqa, "RETURN xgrag.query('../x') AS t")
    assert "unknown field" in client_error(metaqa, "RETURN xgrag.query('expand', {schema: {entity: 'X'}}) AS t")
    assert metaqa.checksum() == before


# -- xgrag.subgraph = Retriever.khop --------------------------------------------------------------------------


def assert_same_subgraph(row: dict, sub) -> None:
    assert row["subgraph"] == sub.to_json()
    assert row["truncated"] == sub.truncated and row["seeds"] == sub.seeds
    assert [n["id"] for n in row["nodes"]] == list(sub.nodes)  # graph elements, in retrieval order
    assert [r["id"] for r in row["relationships"]] == [r.id for r in sub.sorted_relationships()]
    assert all(isinstance(n, neo4j.graph.Node) for n in row["nodes"])
    assert all(isinstance(r, neo4j.graph.Relationship) for r in row["relationships"])


@pytest.mark.parametrize("hops", [1, 2, 3])
def test_subgraph_equals_python_khop(metaqa: Neo4jStore, hops: int) -> None:
    r = Retriever(metaqa)
    for q in QUESTIONS:
        seeds = [le.node.id for le in r.link(q)]
        sub = r.khop(seeds, hops)
        assert len(sub.relationships) > 0
        assert_same_subgraph(subgraph(metaqa, seeds, hops=hops), sub)


def test_subgraph_splits_lightrag_provenance_like_python(store: Neo4jStore) -> None:
    """LightRAG's <SEP>-joined chunk ids: the procedure's provenance equals Python's split_provenance."""
    pytest.importorskip("lightrag", reason="lightrag-hku is in the [dev] extra")
    from helpers import mapped, write_lightrag_graph

    write_lightrag_graph(store)
    view = mapped(store, "lightrag")
    r = Retriever(view)
    seeds = [le.node.id for le in r.link("Who did Marie Curie marry?")]
    sub = r.khop(seeds, 2)
    assert any(len(rel.provenance.get("documents", [])) == 2 for rel in sub.relationships.values())
    row = subgraph(view, seeds, hops=2, preset="lightrag")
    assert row["subgraph"] == sub.to_json()
    assert [n["entity_id"] for n in row["nodes"]] == list(sub.nodes)


def test_subgraph_accepts_names_and_a_single_value(metaqa: Neo4jStore) -> None:
    seed = Retriever(metaqa).link(Q2)[0].node
    by_id = subgraph(metaqa, [seed.id])
    assert subgraph(metaqa, [seed.name])["subgraph"] == by_id["subgraph"]
    assert subgraph(metaqa, seed.name)["subgraph"] == by_id["subgraph"]
    assert subgraph(metaqa, ["no such entity"])["subgraph"]["nodes"] == []


def test_subgraph_exclusions_equal_python(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    seeds = [le.node.id for le in r.link(Q2)]
    sub = r.khop(seeds, 2)
    movie = next(n.id for n in sub.nodes.values() if n.name == "Supporting Characters")
    directed = next(x.id for x in sub.relationships.values() if x.label == "directed_by")
    cases = [([movie], []), ([], [directed]), ([movie], [directed]), (seeds, []),
             (sorted(sub.nodes)[:5], sorted(sub.relationships)[:7])]
    for ex_nodes, ex_rels in cases:
        want = r.retrieve(Q2, hops=2, seeds=seeds, perturbation=Perturbation(
            excluded_node_ids=frozenset(ex_nodes), excluded_rel_ids=frozenset(ex_rels)))
        got = subgraph(metaqa, seeds, hops=2, excludedNodeIds=ex_nodes, excludedRelIds=ex_rels)
        assert_same_subgraph(got, want)
        assert not set(ex_nodes) & {n["id"] for n in got["nodes"]}
        assert not set(ex_rels) & {x["id"] for x in got["relationships"]}
    # the perturbation really changed something
    cut = subgraph(metaqa, seeds, hops=2, excludedNodeIds=[movie])
    assert "Daniel Schechter" not in {n["name"] for n in cut["subgraph"]["nodes"]}


def test_subgraph_caps_truncate_like_python(metaqa: Neo4jStore) -> None:
    for max_nodes, max_rels in [(4, 5), (10, 8), (30, 100), (200, 12)]:
        r = Retriever(metaqa, RetrievalSettings(max_nodes=max_nodes, max_relationships=max_rels))
        seeds = [le.node.id for le in r.link("which movies are [Drama] films")]
        want = r.khop(seeds, 2)
        got = subgraph(metaqa, seeds, hops=2, maxNodes=max_nodes, maxRelationships=max_rels)
        assert want.truncated
        assert_same_subgraph(got, want)


# -- xgrag.paths = Retriever.paths ---------------------------------------------------------------------------


def test_paths_equal_python_shortest_paths(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    q = "did Tarik Lowe work with Daniel Schechter"
    seeds = [le.node.id for le in r.link(q)]
    assert len(seeds) == 2
    want = r.paths(seeds)
    assert want.mode == "paths" and want.paths
    rows = call(metaqa, "CALL xgrag.paths($s, $s) YIELD path, sourceId, targetId, length, relationshipIds, facts "
                        "RETURN *", s=seeds)
    assert [row["relationshipIds"] for row in rows] == want.paths
    row = rows[0]
    assert row["length"] == 2 and len(row["path"]) == 2
    assert [x["id"] for x in row["path"].relationships] == row["relationshipIds"]
    assert row["path"].start_node["id"] == row["sourceId"] == min(seeds)
    assert {f["relation"] for f in row["facts"]} == {"directed_by", "starred_actors"}
    # by names, with sources and targets given separately
    named = call(metaqa, "CALL xgrag.paths('Tarik Lowe', 'Daniel Schechter') YIELD relationshipIds, path "
                         "RETURN relationshipIds, path")
    assert sorted(x for p in named for x in p["relationshipIds"]) == sorted(x for p in want.paths for x in p)
    assert named[0]["path"].start_node["name"] == "Tarik Lowe"


def test_paths_with_exclusions_and_several_seeds(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    seeds = sorted({le.node.id for q in QUESTIONS for le in r.link(q)})
    assert len(seeds) >= 4
    for max_len in (2, 4, 6):
        r2 = Retriever(metaqa, RetrievalSettings(max_path_length=max_len, max_paths=5))
        want = r2.paths(seeds)
        rows = call(metaqa, "CALL xgrag.paths($s, $s, {maxLength: $m, maxPaths: 5}) YIELD relationshipIds "
                            "RETURN relationshipIds", s=seeds, m=max_len)
        assert [row["relationshipIds"] for row in rows] == (want.paths if want.mode == "paths" else [])
    want = r.paths(seeds)
    first = want.paths[0]
    p = Perturbation(excluded_rel_ids=frozenset(first[:1]))
    ex_nodes, ex_rels = r.expand_exclusions(p)
    cut = r.paths(seeds, ex_nodes, ex_rels)
    rows = call(metaqa, "CALL xgrag.paths($s, $s, {excludedRelIds: $x}) YIELD relationshipIds RETURN relationshipIds",
                s=seeds, x=list(first[:1]))
    assert [row["relationshipIds"] for row in rows] == (cut.paths if cut.mode == "paths" else [])
    assert all(first[0] not in row["relationshipIds"] for row in rows)
    # Python's cap: a path that would take the relationships over the cap ends that pair, marked truncated
    capped = Retriever(metaqa, RetrievalSettings(max_relationships=3)).paths(seeds)
    rows = call(metaqa, "CALL xgrag.paths($s, $s, {maxRelationships: 3}) YIELD relationshipIds, truncated "
                        "RETURN relationshipIds, truncated", s=seeds)
    assert [row["relationshipIds"] for row in rows] == (capped.paths if capped.mode == "paths" else [])


# -- aliases ---------------------------------------------------------------------------------------------------

KG = HOLMES_KG


@pytest.fixture
def holmes(store: Neo4jStore, tmp_path) -> Neo4jStore:
    f = tmp_path / "holmes.tsv"
    f.write_text(KG)
    write_triples(store, read_triples(f))
    ids = {r["name"]: r["id"] for r in store.query("MATCH (n:Entity) RETURN n.name AS name, n.id AS id")}
    links = [{"alias": ids["Watson"], "canonical": ids["Dr. Watson"], "score": 0.83},
             {"alias": ids["Holmes"], "canonical": ids["Sherlock Holmes"], "score": 0.77}]
    store.write("aliases_replace", links=links, theta=0.7, method="test")
    return store


def test_aliases_equal_the_persisted_links(holmes: Neo4jStore) -> None:
    rows = call(holmes, "CALL xgrag.aliases() YIELD alias, canonical, aliasName, canonicalName, score, method "
                        "RETURN *")
    assert [(r["alias"], r["canonical"]) for r in rows] == [(a.alias, a.canonical) for a in persisted_aliases(holmes)]
    assert {(r["aliasName"], r["canonicalName"], r["score"], r["method"]) for r in rows} == {
        ("Watson", "Dr. Watson", 0.83, "test"), ("Holmes", "Sherlock Holmes", 0.77, "test")}


def test_subgraph_follows_aliases_and_alias_exclusions_like_python(holmes: Neo4jStore) -> None:
    r = Retriever(holmes)
    q = "Where did Watson serve?"
    seeds = [le.node.id for le in r.link(q)]
    for hops in (1, 2):
        want = r.retrieve(q, hops=hops, seeds=seeds)
        assert want.alias_map
        got = subgraph(holmes, seeds, hops=hops)
        assert_same_subgraph(got, want)
        assert got["aliasMap"] == want.alias_map
    canonical = next(iter(want.alias_map.values()))
    p = Perturbation(excluded_node_ids=frozenset({canonical}))
    want = r.retrieve(q, hops=1, seeds=seeds, perturbation=p)
    got = subgraph(holmes, seeds, hops=1, excludedNodeIds=[canonical])
    assert_same_subgraph(got, want)
    assert not {"Watson", "Dr. Watson"} & {n["name"] for n in got["subgraph"]["nodes"]}
    # without alias expansion, khop's raw behaviour: the alias itself stays reachable as a seed
    raw = subgraph(holmes, seeds, hops=1, excludedNodeIds=[canonical], expandAliasExclusions=False)
    assert_same_subgraph(raw, r.khop(seeds, 1, [canonical]))


# -- centrality ------------------------------------------------------------------------------------------------


def centrality_rows(store: Neo4jStore, node_ids, rel_ids=None, **config) -> dict:
    rows = call(store, "CALL xgrag.centrality($n, $r, $c) YIELD nodeId, degree, betweenness, pagerank RETURN *",
                n=node_ids, r=rel_ids, c=config)
    return {row["nodeId"]: {k: row[k] for k in ("degree", "betweenness", "pagerank")} for row in rows}


def assert_same_scores(got: dict, want: dict) -> None:
    """The same projection (same files, same node and edge order) gives the same scores; GDS's parallel
    betweenness sums in a varying order, so the last bits may differ."""
    assert set(got) == set(want)
    for nid, w in want.items():
        assert got[nid]["degree"] == w["degree"] and got[nid]["pagerank"] == w["pagerank"], nid
        assert got[nid]["betweenness"] == pytest.approx(w["betweenness"], rel=1e-12, abs=1e-12), nid


def test_centrality_equals_python_gds_centrality(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    for q in QUESTIONS[:3]:
        sub = r.retrieve(q, hops=2)
        want = gds_centrality(metaqa, sub).scores
        got = centrality_rows(metaqa, sorted(sub.nodes), sorted(sub.relationships))
        assert_same_scores(got, want)
        assert max(v["betweenness"] for v in got.values()) > 0
        # a perturbed subgraph (one relationship fewer) gives the perturbed scores
        rid = sorted(sub.relationships)[0]
        pert = r.retrieve(q, hops=2, perturbation=Perturbation(excluded_rel_ids=frozenset({rid})))
        got = centrality_rows(metaqa, sorted(pert.nodes), sorted(pert.relationships))
        assert_same_scores(got, gds_centrality(metaqa, pert).scores)
    assert call(metaqa, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0


def test_centrality_of_induced_subgraph_and_whole_graph(metaqa: Neo4jStore) -> None:
    r = Retriever(metaqa)
    sub = r.retrieve(Q2, hops=1)
    # relIds = null: every semantic relationship among the nodes; for a 1-hop star that is the star itself
    assert_same_scores(centrality_rows(metaqa, sorted(sub.nodes)), gds_centrality(metaqa, sub).scores)
    whole = centrality_rows(metaqa, None)
    want = gds_graph_centrality(metaqa).scores
    assert set(whole) == set(want) and len(whole) > 500
    for nid, scores in want.items():
        assert whole[nid]["degree"] == scores["degree"]
        assert whole[nid]["betweenness"] == pytest.approx(scores["betweenness"], rel=1e-9, abs=1e-9)
        assert whole[nid]["pagerank"] == pytest.approx(scores["pagerank"], abs=1e-6)


def test_centrality_drops_its_projection_on_error_and_rejects_unknown_ids(metaqa: Neo4jStore) -> None:
    sub = Retriever(metaqa).retrieve(Q2, hops=1)
    # GDS rejects a damping factor outside [0, 1) after the projection exists
    msg = client_error(metaqa, "CALL xgrag.centrality($n, null, {damping: 1.5})", n=sorted(sub.nodes))
    assert "damping" in msg.lower()
    assert call(metaqa, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0
    assert "no entity has the id(s) [nope]" in client_error(metaqa, "CALL xgrag.centrality(['nope'])")


# -- saved explanations ---------------------------------------------------------------------------------------


def test_explanations_equal_python_find_explanations(metaqa: Neo4jStore) -> None:
    from xgrag.embed import default_embedder
    from xgrag.explain import Explainer, ExplainSettings
    from xgrag.generate.extractive import ExtractiveReader
    from xgrag.store.explanations import find_explanations

    emb = default_embedder()
    explainer = Explainer(Retriever(metaqa, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("edge", "node")))
    first = explainer.explain(Q2)
    save_explanation(metaqa, first)
    second = explainer.explain("what movies did [John Schlesinger] direct")
    save_explanation(metaqa, second)
    before = metaqa.checksum()
    top_edge, top_node = first.top("edge", 1)[0], first.top("node", 1)[0]
    cases = [({}, {}), ({"question": "TARIK"}, {"question": "TARIK"}),
             ({"entityId": top_node.id}, {"entity": top_node.id}),
             ({"entityId": top_node.label}, {"entity": top_node.label}),
             ({"relationshipId": top_edge.id}, {"relationship": top_edge.id}),
             ({"since": "2000-01-01"}, {"since": "2000-01-01"}), ({"until": "2000-01-01T00:00:00Z"},
                                                                 {"until": "2000-01-01T00:00:00Z"}),
             ({"limit": 1}, {"limit": 1}), ({"question": "nothing like this"}, {"question": "nothing like this"})]
    for filters, kwargs in cases:
        rows = call(metaqa, "CALL xgrag.explanations($f) YIELD id, createdAt, question, answer, strategy, generator, "
                            "embedder, noiseFloor, cost, configJson, subgraphNodes, subgraphRelationships, top, "
                            "matched RETURN *", f=filters)
        want = [e.to_json() for e in find_explanations(metaqa, **kwargs)]
        got = [{"id": r["id"], "created_at": r["createdAt"], "question": r["question"], "answer": r["answer"],
                "strategy": r["strategy"], "generator": r["generator"], "embedder": r["embedder"],
                "noise_floor": r["noiseFloor"], "cost": r["cost"], "config": json.loads(r["configJson"]),
                "subgraph_nodes": r["subgraphNodes"], "subgraph_relationships": r["subgraphRelationships"],
                "top": r["top"], "matched": r["matched"]} for r in rows]
        assert got == want, filters
    ids = lambda f: [r["id"] for r in call(metaqa, "CALL xgrag.explanations($f) YIELD id RETURN id", f=f)]  # noqa: E731
    assert set(ids({})) == {first.id, second.id}
    assert ids({"question": "tarik"}) == ids({"relationshipId": top_edge.id}) == [first.id]
    assert ids({"until": "2000-01-01"}) == [] and len(ids({"limit": 1})) == 1
    assert "no entity has the id or name 'nobody'" in client_error(
        metaqa, "CALL xgrag.explanations({entityId: 'nobody'})")
    assert metaqa.checksum() == before


# -- the jar alone, deployed to a plugins folder ---------------------------------------------------------------


def test_jar_deployed_to_a_plugins_folder_loads_and_answers(tmp_path) -> None:
    """What a Neo4j server does with a jar in its plugins folder (ProcedureJarLoader, own class loader): a
    second embedded server whose classpath has every library *except* the procedures jar, which sits only in
    its plugins folder. Proves the jar is self-contained (bundled cypher files, no extra dependency) and needs
    no unrestricted access."""
    import shutil
    import subprocess

    from xgrag.store import embedded

    pdir = embedded.project_dir()
    jar = embedded.procedures_jar(pdir)
    assert jar is not None and jar.name.startswith("xgrag-procedures-")
    home = tmp_path / "home"
    (home / "plugins").mkdir(parents=True)
    shutil.copy(jar, home / "plugins" / jar.name)
    libs = [str(p) for p in sorted((pdir / "target" / "lib").glob("*.jar")) if not p.name.startswith("xgrag")]
    assert len(libs) > 100
    port = embedded.free_port()
    cmd = [shutil.which("java") or "java", "-Xmx768m", *embedded.JVM_FLAGS, "-cp",
           ":".join([str(pdir / "target" / embedded.JAR_NAME), *libs]), embedded.MAIN_CLASS,
           "--home", str(home), "--port", str(port), "--pagecache", "32m", "--no-auth"]
    log = open(tmp_path / "neo4j.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline().decode()
        assert line.startswith("READY "), (tmp_path / "neo4j.log").read_text()[-3000:]
        with Neo4jStore(f"bolt://127.0.0.1:{port}") as other:
            assert call(other, "RETURN xgrag.version() AS v")[0]["v"] == tomllib.loads(
                (ROOT / "pyproject.toml").read_text())["project"]["version"]
            modes = {r["name"]: r["mode"] for r in call(
                other, "SHOW PROCEDURES YIELD name, mode WHERE name STARTS WITH 'xgrag.' RETURN name, mode")}
            assert {modes[p] for p in PROCEDURES} == {"READ"}
            other.query("CREATE (a:Entity {id: 'a', name: 'A', type: 'T'})-[:RELATION {id: 'r1', label: 'knows'}]->"
                        "(b:Entity {id: 'b', name: 'B', type: 'T'})-[:RELATION {id: 'r2', label: 'likes'}]->"
                        "(c:Entity {id: 'c', name: 'C', type: 'T'})", read_only=False)
            want = Retriever(other).khop(["a"], 2)
            assert len(want.relationships) == 2
            assert_same_subgraph(subgraph(other, ["a"], hops=2), want)
            rows = call(other, "CALL xgrag.paths('A', 'C') YIELD relationshipIds RETURN relationshipIds")
            assert [r["relationshipIds"] for r in rows] == [["r1", "r2"]]
            assert_same_scores(centrality_rows(other, ["a", "b", "c"]), gds_centrality(other, want).scores)
            assert call(other, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS c")[0]["c"] == 0
            assert call(other, "CALL xgrag.aliases() YIELD alias RETURN alias") == []
            assert call(other, "CALL xgrag.explanations() YIELD id RETURN id") == []
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_compose_settings_exist_in_neo4j_5_26(server: Neo4jStore) -> None:
    """The settings docker/compose.yaml passes are real Neo4j 5.26 setting names (the server refuses unknown ones)."""
    import yaml

    from helpers import compose_setting_names

    known = {r["name"] for r in call(server, "SHOW SETTINGS YIELD name RETURN name")}
    names = compose_setting_names(yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text()))
    assert names and names <= known, names - known


def test_readme_examples_run_as_written(metaqa: Neo4jStore) -> None:
    """Every statement of the README's "Cypher procedures" block runs on the sample graph and returns rows
    (aliases and explanations: none persisted / saved here)."""
    text = (ROOT / "README.md").read_text()
    block = text.split("## Cypher procedures", 1)[1].split("```cypher\n", 1)[1].split("```", 1)[0]
    code = "\n".join(ln for ln in block.splitlines() if not ln.lstrip().startswith("//"))
    statements = [s.strip().rstrip(";") for s in code.split(";\n") if s.strip()]
    assert len(statements) >= 9
    before = metaqa.checksum()
    for stmt in statements:
        rows = call(metaqa, stmt)
        if "xgrag.aliases" in stmt or "xgrag.explanations" in stmt:
            assert rows == [], stmt
        else:
            assert rows, stmt
    assert metaqa.checksum() == before
