"""Never state a fact the graph does not hold: with an alias merge in the context, every fact that any output
states (the generator's evidence, the components, the console table, the HTML report) is a stored triple, with
the merged names marked as such ("Watson (merged into Dr. Watson)")."""

from __future__ import annotations

import io
import re

from rich.console import Console

from helpers import HOLMES_KG, view_blocks
from xgrag.embed import default_embedder
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.extractive import ExtractiveReader
from xgrag.report.console import print_explanation
from xgrag.retrieval import Retriever
from xgrag.retrieval.dedup import persist_aliases
from xgrag.serve.export import render_html
from xgrag.store.ingest import ingest_triples
from xgrag.store.neo4j import Neo4jStore

MERGE_NOTE = re.compile(r" \(merged (?:into|with) [^)]*\)")


def stored(store: Neo4jStore) -> set[tuple[str, str, str]]:
    rows = store.query("MATCH (h:Entity)-[r]->(t:Entity) WHERE type(r) <> 'ALIAS_OF' "
                       "RETURN h.name AS h, r.label AS l, t.name AS t")
    return {(r["h"], r["l"], r["t"]) for r in rows}


def arrow_facts(text: str) -> list[tuple[str, str, str]]:
    """Facts written as "head -label-> tail" (components, console), merge notes removed."""
    out = []
    for part in text.split("; "):
        m = re.fullmatch(r"(.+?) -(.+?)-> (.+)", MERGE_NOTE.sub("", part).strip())
        assert m, part
        out.append((m.group(1), m.group(2), m.group(3)))
    return out


def test_every_stated_fact_is_stored_or_marked_merged(store: Neo4jStore, tmp_path) -> None:
    kg = tmp_path / "holmes.tsv"
    kg.write_text(HOLMES_KG)
    ingest_triples(store, kg, "tsv")
    facts = stored(store)
    emb = default_embedder()
    # the aliases as `xgrag dedup --persist` writes them: retrieval follows them from Dr. Watson to Watson
    name = {r["id"]: r["name"] for r in store.query("MATCH (e:Entity) RETURN e.id AS id, e.name AS name")}
    assert ("Watson", "Dr. Watson") in {(name[link.alias], name[link.canonical])
                                         for link in persist_aliases(store, emb.embed)}
    explainer = Explainer(Retriever(store, embedder=emb), ExtractiveReader(emb), emb,
                          ExplainSettings(strategies=("edge", "node"), hops=2))
    ex = explainer.explain("where did Dr. Watson serve")
    assert ex.dedup.merged >= 1  # Watson was merged into Dr. Watson in the context the reader saw
    assert ex.answer == "Afghanistan."

    # the generator's evidence, as stored: "Watson (merged into Dr. Watson) served in Afghanistan"
    assert ex.generator_evidence
    for e in ex.generator_evidence:
        plain = MERGE_NOTE.sub("", e.triple)
        assert any(plain == f"{h} {label} {t}" for h, label, t in facts), e.triple
    assert any("Watson (merged into Dr. Watson)" in e.triple for e in ex.generator_evidence)

    # every edge component
    edges = [c for c in ex.components if c.kind == "edge"]
    assert edges
    for c in edges:
        for fact in arrow_facts(c.label):
            assert fact in facts, c.label
    # entities: a merged entity says what was merged into it
    assert any(c.kind == "node" and "(merged with Watson)" in c.label for c in ex.components)

    # the console table's components
    buf = io.StringIO()
    print_explanation(Console(file=buf, width=400), ex, top=50)
    cells = [cell.strip() for line in buf.getvalue().splitlines() if line.startswith("│")
             for cell in line.split("│") if "->" in cell]
    assert cells
    for cell in cells:
        for fact in arrow_facts(cell):
            assert fact in facts, cell

    # the HTML report shows the merge beside the facts it touched
    (view,) = view_blocks(render_html(ex))
    assert any("Watson (merged into Dr. Watson)" in r["label"] for r in view["rows"])
