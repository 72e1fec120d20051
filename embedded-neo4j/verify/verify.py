#!/usr/bin/env python3
"""End-to-end check of the embedded Neo4j launcher (manual tool, not CI).

Needs a venv with `neo4j` and `graphdatascience` (NOT the project's venv), e.g.
    python3 -m venv /tmp/neo4jvenv && /tmp/neo4jvenv/bin/pip install neo4j graphdatascience
    /tmp/neo4jvenv/bin/python embedded-neo4j/verify/verify.py
Starts the launcher (via run.sh) on a free port with a temp home, runs the checks, stops it
with SIGTERM, restarts it on the same home to check persistence. Exit code 0 = all passed.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

from neo4j import GraphDatabase

HERE = Path(__file__).resolve().parent.parent
RUN = HERE / "run.sh"
results: list[tuple[str, bool, str]] = []


def check(name: str, ok: bool, detail: object = "") -> None:
    results.append((name, bool(ok), str(detail)))
    print(f"[{'PASS' if ok else 'FAIL'}] {name}: {detail}", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return -1


def start(home: Path, port: int, log: Path) -> tuple[subprocess.Popen, str, float]:
    t0 = time.monotonic()
    proc = subprocess.Popen(
        [str(RUN), "--home", str(home), "--port", str(port), "--no-auth"],  # the checks connect with auth=None
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=open(log, "ab"),
        text=True, start_new_session=True,  # detached, like the Python side will do
    )
    line = proc.stdout.readline().strip()  # blocks until READY or the process dies
    took = time.monotonic() - t0
    if not line.startswith("READY "):
        proc.kill()
        raise SystemExit(f"launcher did not become ready (rc={proc.wait()}), see {log}")
    return proc, line, took


def stop(proc: subprocess.Popen) -> tuple[int, float]:
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    rc = proc.wait(timeout=120)
    return rc, time.monotonic() - t0


def scalar(session, q: str, **p):
    return session.run(q, **p).single()[0]


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="xgrag-neo4j-verify-"))
    home, log, port = tmp / "home", tmp / "launcher.log", free_port()
    proc, ready, took = start(home, port, log)
    uri = f"bolt://127.0.0.1:{port}"
    check("READY line", ready.startswith(f"READY {uri} gds=2.13") and " apoc=5.26" in ready, ready)
    check("startup time to READY (s)", took < 120, f"{took:.1f}")
    print(f"RSS after READY: {rss_mib(proc.pid):.0f} MiB", flush=True)

    drv = GraphDatabase.driver(uri, auth=None)
    drv.verify_connectivity()
    with drv.session() as s:
        gv, av = s.run("RETURN gds.version() AS g, apoc.version() AS a").single()
        check("gds.version() starts with 2.13", gv.startswith("2.13"), gv)
        check("apoc.version() starts with 5.26", av.startswith("5.26"), av)

        procs = set(s.run("SHOW PROCEDURES YIELD name RETURN collect(name)").single()[0])
        funcs = set(s.run("SHOW FUNCTIONS YIELD name RETURN collect(name)").single()[0])
        want = ["gds.graph.project", "gds.graph.project.cypher", "gds.pageRank.stream",
                "gds.betweenness.stream", "gds.degree.stream", "gds.wcc.stream", "gds.graph.drop",
                "gds.graph.list", "gds.debug.sysInfo", "gds.debug.arrow", "apoc.meta.stats",
                "apoc.periodic.iterate", "apoc.create.node"]
        missing = [w for w in want if w not in procs]
        check("SHOW PROCEDURES has required names", not missing,
              f"missing={missing} (gds.*={sum(p.startswith('gds.') for p in procs)}, "
              f"apoc.*={sum(p.startswith('apoc.') for p in procs)}, total={len(procs)})")
        fmissing = [f for f in ["gds.graph.project", "gds.version", "apoc.version", "apoc.coll.sum"]
                    if f not in funcs]
        check("SHOW FUNCTIONS has gds.graph.project etc.", not fmissing,
              f"missing={fmissing} (gds.*={sum(f.startswith('gds.') for f in funcs)}, "
              f"apoc.*={sum(f.startswith('apoc.') for f in funcs)})")

        # Graph: ring a-b-c-d-a (4 rels) plus pair e->f: 6 nodes, 5 rels, 2 components.
        s.run("MATCH (n) DETACH DELETE n").consume()
        s.run("""UNWIND ['a','b','c','d','e','f'] AS k CREATE (:N {k: k})""").consume()
        s.run("""UNWIND [['a','b'],['b','c'],['c','d'],['d','a'],['e','f']] AS p
                 MATCH (x:N {k: p[0]}), (y:N {k: p[1]}) CREATE (x)-[:R {w: 1.0}]->(y)""").consume()

        r = s.run("CALL gds.graph.project('nat', 'N', {R: {orientation: 'UNDIRECTED'}}) "
                  "YIELD nodeCount, relationshipCount RETURN nodeCount, relationshipCount").single()
        check("native projection (UNDIRECTED)", (r[0], r[1]) == (6, 10), f"nodes={r[0]} rels={r[1]}")
        r = s.run("""CALL gds.graph.project.cypher('leg',
                       'MATCH (n:N) RETURN id(n) AS id',
                       'MATCH (s:N)-[r:R]->(t:N) RETURN id(s) AS source, id(t) AS target')
                     YIELD nodeCount, relationshipCount RETURN nodeCount, relationshipCount""").single()
        check("legacy gds.graph.project.cypher", (r[0], r[1]) == (6, 5), f"nodes={r[0]} rels={r[1]}")
        r = s.run("""MATCH (s:N) OPTIONAL MATCH (s)-[:R]->(t:N)
                     WITH gds.graph.project('agg', s, t, {}, {undirectedRelationshipTypes: ['*']}) AS g
                     RETURN g.graphName, g.nodeCount, g.relationshipCount""").single()
        check("aggregation gds.graph.project (undirected)", tuple(r) == ("agg", 6, 10), tuple(r))

        for g in ["nat", "leg", "agg"]:
            pr = s.run(f"CALL gds.pageRank.stream('{g}') YIELD nodeId, score RETURN count(*) AS c, sum(score) AS s").single()
            bc = s.run(f"CALL gds.betweenness.stream('{g}') YIELD nodeId, score RETURN count(*) AS c, max(score) AS m").single()
            dg = s.run(f"CALL gds.degree.stream('{g}') YIELD nodeId, score "
                       "RETURN count(*) AS c, collect(gds.util.asNode(nodeId).k + ':' + toString(toInteger(score))) AS d").single()
            wc = s.run(f"CALL gds.wcc.stream('{g}') YIELD componentId RETURN count(*) AS c, count(DISTINCT componentId) AS k").single()
            ok = pr["c"] == bc["c"] == dg["c"] == wc["c"] == 6 and wc["k"] == 2
            check(f"algos on '{g}' (pageRank/betweenness/degree/wcc)", ok,
                  f"rows={pr['c']}/{bc['c']}/{dg['c']}/{wc['c']} components={wc['k']} "
                  f"degrees={sorted(dg['d'])} maxBetweenness={bc['m']:.2f}")
        degs = dict(x.split(":") for x in s.run(
            "CALL gds.degree.stream('agg') YIELD nodeId, score "
            "RETURN collect(gds.util.asNode(nodeId).k + ':' + toString(toInteger(score)))").single()[0])
        check("undirected degree on aggregation graph", degs == {"a": "2", "b": "2", "c": "2", "d": "2", "e": "1", "f": "1"}, degs)
        dropped = [scalar(s, f"CALL gds.graph.drop('{g}') YIELD graphName RETURN graphName") for g in ["nat", "leg", "agg"]]
        left = scalar(s, "CALL gds.graph.list() YIELD graphName RETURN count(*)")
        check("gds.graph.drop", left == 0, f"dropped={dropped} remaining={left}")

        ms = s.run("CALL apoc.meta.stats() YIELD nodeCount, relCount RETURN nodeCount, relCount").single()
        check("apoc.meta.stats", tuple(ms) == (6, 5), tuple(ms))
        check("apoc function", scalar(s, "RETURN apoc.coll.sum([1,2,3.5])") == 6.5, "apoc.coll.sum([1,2,3.5])=6.5")

        # Full-text index
        s.run("CREATE FULLTEXT INDEX docText IF NOT EXISTS FOR (d:Doc) ON EACH [d.text]").consume()
        s.run("""UNWIND [['d1','graph retrieval augmented generation',[1.0,0.0,0.0,0.0]],
                          ['d2','neo4j embedded database',[0.0,1.0,0.0,0.0]],
                          ['d3','pagerank over a knowledge graph',[0.9,0.1,0.0,0.0]]] AS r
                 CREATE (:Doc {id: r[0], text: r[1], emb: r[2]})""").consume()
        s.run("CREATE VECTOR INDEX docEmb IF NOT EXISTS FOR (d:Doc) ON d.emb "
              "OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}").consume()
        s.run("CALL db.awaitIndexes(60)").consume()
        ft = [r["id"] for r in s.run("CALL db.index.fulltext.queryNodes('docText', 'graph') YIELD node, score "
                                     "RETURN node.id AS id ORDER BY score DESC")]
        check("full-text index query", sorted(ft) == ["d1", "d3"], ft)
        vq = [(r["id"], round(r["score"], 3)) for r in s.run(
            "CALL db.index.vector.queryNodes('docEmb', 2, [1.0, 0.05, 0.0, 0.0]) YIELD node, score "
            "RETURN node.id AS id, score")]
        check("vector index query", [v[0] for v in vq] == ["d1", "d3"], vq)
        idx = [tuple(r) for r in s.run("SHOW INDEXES YIELD name, type, state WHERE name IN ['docText','docEmb'] "
                                       "RETURN name, type, state ORDER BY name")]
        check("indexes ONLINE", all(i[2] == "ONLINE" for i in idx) and len(idx) == 2, idx)
    drv.close()

    # graphdatascience Python client
    try:
        from graphdatascience import GraphDataScience
        import graphdatascience
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            gds = GraphDataScience(uri, auth=None, arrow=False)
            ver = str(gds.server_version())  # client 2.x: server_version(), no gds.version()
            gds.run_cypher("MATCH (n:N) RETURN count(n)")
            # client 2.x: graph.project.cypher(query) runs a Cypher (aggregation) projection
            G, res = gds.graph.project.cypher(
                "MATCH (s:N) OPTIONAL MATCH (s)-[:R]->(t:N) "
                "RETURN gds.graph.project($name, s, t, {}, {undirectedRelationshipTypes: ['*']})",
                name="pyagg")
            pr = gds.page_rank.stream(G)
            bc = gds.betweenness.stream(G)
            dg = gds.degree.stream(G)
            G2, _ = gds.graph.project.native("pynat", "N", {"R": {"orientation": "UNDIRECTED"}})
            pr2 = gds.page_rank.stream(G2)
            nodes = G.node_count()
            G.drop(); G2.drop()
            gds.close()
            gds_default = GraphDataScience(uri, auth=None)  # arrow=True default: hits gds.debug.arrow
            ver2 = str(gds_default.server_version())
            gds_default.close()
        check(f"graphdatascience {graphdatascience.__version__} client",
              ver.startswith("2.13") and nodes == 6 and len(pr) == len(bc) == len(dg) == len(pr2) == 6 and ver2 == ver,
              f"server_version={ver} project.cypher nodes={nodes} page_rank/betweenness/degree rows="
              f"{len(pr)}/{len(bc)}/{len(dg)}, native+page_rank rows={len(pr2)}; default (arrow) ctor ok; "
              f"warnings={[str(x.message)[:100] for x in w]}")
    except Exception as e:  # noqa: BLE001
        check("graphdatascience client", False, repr(e))

    rss = rss_mib(proc.pid)
    print(f"RSS after checks: {rss:.0f} MiB", flush=True)
    rc, stop_s = stop(proc)
    check("SIGTERM clean stop", rc == 0, f"exit={rc} in {stop_s:.1f}s")

    proc, ready, took2 = start(home, port, log)
    drv = GraphDatabase.driver(uri, auth=None)
    with drv.session() as s:
        n = scalar(s, "MATCH (n:N) RETURN count(n)")
        d = scalar(s, "MATCH (d:Doc) RETURN count(d)")
        ft = scalar(s, "CALL db.index.fulltext.queryNodes('docText', 'neo4j') YIELD node RETURN count(node)")
    drv.close()
    check("data persists across restart", (n, d, ft) == (6, 3, 1), f"N={n} Doc={d} ft hits={ft}; restart READY in {took2:.1f}s")
    rc, stop_s = stop(proc)
    check("second SIGTERM stop", rc == 0, f"exit={rc} in {stop_s:.1f}s")

    failed = [r for r in results if not r[1]]
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed  (launcher log: {log})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
