"""Reading the graph: `xgrag retrieve`, `dedup`, `embed`, `centrality`, `checksum`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from xgrag.cli.app import app, console, out
from xgrag.cli.options import ConfigOpt, HopsOpt, JsonFlag, ModeOpt, PresetOpt, settings_for
from xgrag.cli.output import open_store, print_json, progress_bar, report_unlinked, warn_unmapped
from xgrag.embed import default_embedder
from xgrag.errors import ServiceError, UsageError
from xgrag.model import Perturbation
from xgrag.report.outputs import EXIT_UNLINKED
from xgrag.retrieval.modes import MODES
from xgrag.retrieval.question import check_question


@app.command()
def retrieve(
    question: str,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    mode: ModeOpt = "auto",
    hops: HopsOpt = None,
    exclude_node: Annotated[list[str] | None, typer.Option("--exclude-node", help="entity id to leave out")] = None,
    exclude_rel: Annotated[list[str] | None, typer.Option("--exclude-rel", help="relationship id")] = None,
    with_centrality: Annotated[bool, typer.Option("--centrality", help="add degree/betweenness/PageRank")] = False,
    with_dedup: Annotated[bool, typer.Option("--dedup", help="merge alias entities (embedding model)")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Retrieve the question's subgraph, optionally with a transient perturbation filter, and what the question's
    names matched (`linking`). Exit 5: they matched no entity in the graph (named on stderr), as `xgrag explain`."""
    check_question(question)
    if mode not in MODES:
        raise UsageError(f"--mode: {mode!r} is not one of {', '.join(MODES)}")
    settings = settings_for(config, preset)
    from xgrag.retrieval import Retriever
    from xgrag.retrieval.centrality import centrality

    perturbation = Perturbation(frozenset(exclude_node or ()), frozenset(exclude_rel or ()), kind="cli")
    # the embedding model loads only when needed: PCST ranks by similarity to the question, dedup compares names
    embedder = default_embedder() if mode == "pcst" or with_dedup else None
    with open_store(settings) as store:
        retriever = Retriever(store, settings.retrieval, embedder)
        sub = retriever.retrieve(question, mode=mode, hops=hops, perturbation=perturbation)
        dedup_info = None
        if with_dedup and embedder is not None:
            from xgrag.retrieval.dedup import dedup

            result = dedup(sub, embedder.embed, settings.theta_sim, settings.dedup_rule)
            sub, dedup_info = result.subgraph, {"clusters": result.clusters, "merged": result.merged}
        if exclude_node and sub.linking is not None:
            # what the names match in the graph, not what the exclusions left of it: an excluded entity that a name
            # matched is not "not in the graph" (the linker skips excluded entities, as a probe's retrieval must)
            from xgrag.retrieval.mentions import linking_record

            linked = retriever.link(question)
            sub.linking = linking_record(question, linked, bool(linked) or bool(sub.seeds))
        data = sub.to_json()
        if sub.linking is not None:  # what the question's names matched: linked entities, the names that did not
            data["linking"] = sub.linking.model_dump(mode="json")
        if dedup_info:
            data["dedup"] = dedup_info
        if with_centrality:
            cent = centrality(store, sub)
            if cent.source != "gds":
                console.print(f"[yellow]{cent.note}[/yellow]")
            data.update(cent.to_json())
        if not sub.seeds:
            warn_unmapped(store, question)  # while the server is open: does it name a label the mapping skips?
    if as_json:
        print_json(data)
    else:
        from xgrag.report.console import print_subgraph

        print_subgraph(out, question, data)
    if sub.linking is not None and sub.linking.unlinked:
        report_unlinked(sub.linking, "nothing of the graph is retrieved for it")
        raise typer.Exit(EXIT_UNLINKED)


@app.command("dedup")
def dedup_cmd(config: ConfigOpt = None,
              theta: Annotated[float | None, typer.Option(help="name-embedding threshold (default 0.7)")] = None,
              rule: Annotated[str | None, typer.Option(help="precise (default) | xgrag (the paper's rule)")] = None,
              persist: Annotated[bool, typer.Option("--persist", help="write ALIAS_OF links")] = False) -> None:
    """Find alias entities graph-wide; --persist writes ALIAS_OF links. The dry run shows exactly what --persist
    would write (the same rule, with every entity's neighbourhood read from the graph)."""
    from xgrag.retrieval.dedup import find_aliases, persist_aliases

    settings = settings_for(config)
    theta = settings.theta_sim if theta is None else theta
    rule = rule or settings.dedup_rule
    embedder = default_embedder()
    with open_store(settings) as store:
        if persist:
            links = persist_aliases(store, embedder.embed, theta, method=embedder.name, rule=rule)
        else:
            links = find_aliases(store, embedder.embed, theta, rule=rule)
        names = {r["id"]: r["name"] for r in store.read("nodes_by_id", ids=sorted(
            {x for link in links[:50] for x in (link.alias, link.canonical)}), excluded_node_ids=[])
            for r in [r["node"]]}
    for link in links[:50]:
        why = "; ".join(link.evidence) or link.kind or ""
        out.print(f"{escape(names.get(link.alias, link.alias))} -> {escape(names.get(link.canonical, link.canonical))}"
                  f"  ({link.rule} {link.score:.3f}{': ' + escape(why) if why else ''})")
    out.print(f"{len(links)} alias links{' written' if persist else ' found (dry run; --persist writes them)'}")


@app.command("embed")
def embed_cmd(config: ConfigOpt = None,
              recompute: Annotated[bool, typer.Option(help="recompute existing embeddings too")] = False) -> None:
    """Store entity-name embeddings (all-MiniLM-L6-v2) for vector entity linking. Writes to the graph."""
    from xgrag.retrieval.embeddings import embed_entities

    settings = settings_for(config)
    embedder = default_embedder()
    with open_store(settings) as store, progress_bar() as progress:
        task = progress.add_task("embedding entity names", total=None)
        n = embed_entities(store, embedder, settings.embedding_dimensions, recompute=recompute,
                           progress=lambda k: progress.advance(task, k))
    schema = settings.graph_schema
    out.print(f"{n} entity names embedded with {embedder.name} into :{schema.entity_label}."
              f"{schema.embedding_property} (vector index {schema.vector_index}; nothing else was written)")


@app.command("centrality")
def centrality_cmd(config: ConfigOpt = None, top: Annotated[int, typer.Option(help="rows to show")] = 10,
                   as_json: JsonFlag = False) -> None:
    """Degree, betweenness and PageRank of every entity (GDS through the graphdatascience client)."""
    from xgrag.retrieval.centrality import gds_graph_centrality

    settings = settings_for(config)
    with open_store(settings) as store:
        if not store.has_gds():
            raise ServiceError("this server has no GDS (gds.version() is missing)",
                               hint="install the Graph Data Science plugin, or use the embedded server")
        result = gds_graph_centrality(store)
        ids = sorted(result.scores, key=lambda k: (-result.scores[k]["pagerank"], k))[:top]
        names = {r["id"]: r["name"] for r in store.read("nodes_by_id", ids=ids, excluded_node_ids=[])
                 for r in [r["node"]]}
    if as_json:
        print_json(result.to_json())
        return
    table = Table(title=f"top {top} entities by PageRank ({result.source})")
    for col in ("entity", "id", "degree", "betweenness", "pagerank"):
        table.add_column(col)
    for k in ids:
        s = result.scores[k]
        table.add_row(names.get(k, k), k, f"{s['degree']:.0f}", f"{s['betweenness']:.1f}", f"{s['pagerank']:.3f}")
    out.print(table)


@app.command()
def checksum(config: ConfigOpt = None) -> None:
    """Counts and a hash of every node and relationship: compare before and after to prove no writes."""
    settings = settings_for(config)
    with open_store(settings) as store:
        print_json(store.checksum())

