"""Console rendering of subgraphs and explanations (rich), shared by the CLI's commands."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from xgrag.explain.surrogate import surrogate_line
from xgrag.generate.base import answer_key
from xgrag.generate.prompt import fact_line
from xgrag.model import Component, Explanation, value_text
from xgrag.model.linking import Linking


def fact_labels(ex: Explanation) -> dict[str, str]:
    """Fact id -> "head relation tail" over the explained (deduplicated) subgraph."""
    sub = ex.subgraph.to_subgraph()
    return {r.id: fact_line(sub, r) for r in sub.sorted_relationships()
            if r.source in sub.nodes and r.target in sub.nodes}


def provenance_entries(prov: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Where a fact comes from, one entry per source (document, chunk, line; the chunk text's `excerpt` when the
    explanation read it, xgrag.explain.chunk_text)."""
    if not prov:
        return []
    documents = prov.get("documents")
    docs = documents if isinstance(documents, list) else [prov]
    out = []
    for d in docs:
        if not isinstance(d, Mapping):
            continue
        entry = {k: d.get(k) for k in ("doc_id", "chunk_id", "chunk_index", "line", "source", "extractor",
                                       "unreadable", "excerpt") if d.get(k) is not None}
        if entry and entry not in out:
            out.append(entry)
    return out


def excerpt_segments(excerpt: Mapping[str, Any]) -> list[tuple[str, str | None]]:
    """An excerpt (xgrag.explain.chunk_text.excerpt) as (text, role of the mark or None) segments, in order, with
    "..." where the chunk's text goes on: what the console, the HTML export and the browser show (the browser from
    the same fields)."""
    text = str(excerpt.get("text") or "")
    out: list[tuple[str, str | None]] = [("...", None)] if excerpt.get("start") else []
    at = 0
    for m in excerpt.get("marks") or []:
        start, end = int(m["start"]), int(m["end"])
        if start < at or end > len(text):
            continue
        if start > at:
            out.append((text[at:start], None))
        out.append((text[start:end], str(m.get("role") or "match")))
        at = end
    if at < len(text):
        out.append((text[at:], None))
    if int(excerpt.get("end") or 0) < int(excerpt.get("chars") or 0):
        out.append(("...", None))
    return out


def print_source_texts(out: Console, rows: list[dict[str, Any]], limit: int = 3) -> None:
    """The chunk text behind the top components (the excerpt around the fact's terms, marks underlined; inserted
    as plain text, so markup from the graph prints as it is stored)."""
    shown = 0
    for i, row in enumerate(rows, start=1):
        best: Component = row["best"]
        entries = [e for e in provenance_entries(best.provenance) if e.get("excerpt")]
        if not entries:
            continue
        if shown == 0:
            out.print("[bold]Source text[/bold] [dim](the fact's terms underlined)[/dim]")
        shown += 1
        for e in entries[:2]:
            where = provenance_text(e, 1)
            line = Text(f"{i}. {row['label']}" + (f" [{where}]" if where else "") + ": ", style="dim")
            for segment, role in excerpt_segments(e["excerpt"]):
                line.append(re.sub(r"\s+", " ", segment), style="bold underline" if role else None)
            if e["excerpt"].get("note"):
                line.append(f" ({e['excerpt']['note']})", style="yellow")
            out.print(line)
        if shown >= limit:
            break


def provenance_text(prov: Mapping[str, Any] | None, limit: int = 3) -> str:
    """Where a fact comes from, in a few words: `doc chunk 2:17; doc2 (+3)`; `inferred: ...` when the graph does
    not record it and the documents are those that mention the fact's ends."""
    parts = []
    for e in provenance_entries(prov)[:limit]:
        # the source a person recognises (a file or the loader's "source"), else the document id
        source = e.get("source")
        where = str(source).rstrip("/").rsplit("/", 1)[-1] if source else str(e.get("doc_id") or "")
        if e.get("chunk_index") is not None:
            where += f" chunk {e['chunk_index']}"
        elif e.get("chunk_id") is not None and e.get("chunk_id") != e.get("doc_id"):
            where += f" chunk {e['chunk_id']}"
        if e.get("line") is not None:
            where += f":{e['line']}"
        parts.append(where)
    entries = provenance_entries(prov)
    total = max(len(entries), int((prov or {}).get("candidates") or 0))
    more = total - min(limit, len(entries))
    text = "; ".join(parts) + (f" (+{more})" if more > 0 else "")
    return f"inferred: {text}" if text and prov and prov.get("inferred") else text



def print_subgraph(out: Console, title: str, data: dict[str, Any]) -> None:
    """`xgrag retrieve`'s report of `data` (its --json form): the facts, property facts, seeds, and what the
    question's names matched (`linking`); a question whose names matched nothing gets that said, not an empty table."""
    linking = Linking.model_validate(data["linking"]) if data.get("linking") else None
    if linking is not None and linking.unlinked:
        out.print(f"[bold red]Not in the graph:[/bold red] {escape(linking.tried())} matched no entity, so nothing "
                  "of the graph is retrieved for the question")
        return
    names = {n["id"]: n["name"] for n in data["nodes"]}
    table = Table(title=title, show_lines=False)
    for col in ("head", "relation", "tail", "relationship id", "source"):
        table.add_column(col)
    for r in data["relationships"]:
        prov = r.get("provenance") or {}
        where = prov.get("doc_id") or prov.get("source") or ""
        if prov.get("line") is not None:
            where = f"{where}:{prov['line']}"
        more = len(prov.get("documents") or []) - 1 if prov.get("doc_id") or prov.get("source") else 0
        if more > 0:  # one fact, many sources (its further ones: --json)
            where = f"{where} (+{more})"
        # cells are rich markup: text from the graph is escaped so that it prints as it is stored
        head, relation, tail = r["source"], r["label"], r["target"]
        reading = r.get("reading")  # a storage-ordered relationship (LightRAG's): in its meaning's direction
        if reading:
            head, tail = (tail, head) if reading["reversed"] else (head, tail)
            relation = f"{reading['relation']}" + ("" if reading["directed"] else " (undirected)")
        table.add_row(escape(names.get(head, head)), escape(relation), escape(names.get(tail, tail)),
                      escape(r["id"]), escape(str(where)))
    out.print(table)
    properties = data.get("properties") or []
    if properties:
        rels = {r["id"]: r for r in data["relationships"]}
        facts = Table(title="property facts", show_lines=False)
        for col in ("of", "key", "value", "fact id"):
            facts.add_column(col)
        for p in properties:
            r = rels.get(p["owner"]) if p.get("owner_kind") == "relationship" else None
            owner = (f"{names.get(r['source'], r['source'])} -{r['label']}-> {names.get(r['target'], r['target'])}"
                     if r else names.get(p["owner"], p["owner"]))
            facts.add_row(escape(owner), escape(p["key"]), escape(value_text(p["value"])), escape(p["id"]))
        out.print(facts)
    seeds = ", ".join(f"{names.get(s, s)} ({s})" for s in data["seeds"]) or "none"
    omitted = data.get("properties_omitted") or 0
    out.print(escape(f"seeds: {seeds}; {len(data['nodes'])} nodes, {len(data['relationships'])} relationships"
                     + (f", {len(properties)} property facts" if properties else "")
                     + (f" ({omitted} more left out by max_property_facts)" if omitted else "")
                     + (", truncated" if data["truncated"] else "")
                     + (f"; {data['fallback']}" if data.get("fallback") else "")))
    if linking is not None:
        out.print(linking_line(linking))
    if data.get("reason"):
        out.print(escape(f"retrieval: {data['mode']}; {data['reason']}"))
    if "centrality" in data:
        top = sorted(data["centrality"].items(), key=lambda kv: -kv[1]["pagerank"])[:5]
        out.print(f"top PageRank ({data['centrality_source']}): "
                  + ", ".join(f"{names.get(k, k)} {v['pagerank']:.3f}" for k, v in top))


def linking_line(linking: Linking) -> str:
    """What the question's names linked to, and which matched nothing (rich markup, the names escaped)."""
    linked = "; ".join(f"{m.name} ({m.method}, from {m.mention!r})" for m in linking.linked) or "nothing"
    line = f"linked: {escape(linked)}"
    if linking.unmatched:
        line += f"; [yellow]not in the graph: {escape(linking.tried())} matched no entity[/yellow]"
    if linking.ambiguous:
        line += f"; [yellow]ambiguous: {escape(linking.ambiguity())}[/yellow]"
    return line


def component_rows(ex: Explanation) -> list[dict[str, Any]]:
    """One row per scored node or fact, with its score under every strategy that perturbed it, strongest first
    (a fact removed as an edge and as a sub-path is one row, not two rank-1 rows). Masks are not components of
    their own: they are summarised separately."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for c in ex.components:
        if c.kind == "mask":
            continue
        row = rows.setdefault((c.kind, c.id), {"kind": c.kind, "id": c.id, "label": c.label.split(" => ")[0],
                                               "scores": {}, "best": None})
        row["scores"][c.strategy] = c
        best = row["best"]
        if c.importance is not None and (best is None or c.importance > (best.importance or 0.0)):
            row["best"] = c
    scored = [r for r in rows.values() if r["best"] is not None]
    return sorted(scored, key=lambda r: (-(r["best"].importance or 0.0), r["kind"], r["label"], r["id"]))


def _score_cell(c: Component) -> str:
    if c.importance is None:
        return "-"
    cell = f"{c.importance:.3f}" + ("*" if c.evaluated == "conditional" else "~" if c.importance_from == "estimated"
                                    else "")
    if c.redundant_group is not None and c.joint_importance != c.importance and c.joint_importance is not None:
        cell += f" (joint {c.joint_importance:.3f})"  # a copy probed alone too: its group's figure beside it
    return cell + ("=" if c.redundant_group is not None else "")


def print_explanation(out: Console, ex: Explanation, top: int = 8) -> None:
    """The answer, what it depended on and what was not measured. Each fact is said once: why a run was cut short
    beside the answer (the texts do not repeat it), what was not evaluated in the technical note; a question whose
    names matched nothing in the graph gets that sentence instead of an empty table."""
    from xgrag.explain.texts import incomplete_summary

    reader = "" if ex.generator_is_language_model in (None, True) else ": a reference reader, not an LLM"
    out.print(f"[bold]Q:[/bold] {escape(ex.question)}")
    scored = (f"; importance = drop of P(answer), log P {ex.baseline_logprob:.2f}"
              if ex.response_score == "logprob" and ex.baseline_logprob is not None else "")
    out.print(f"[bold]A:[/bold] {escape(ex.answer)}   [dim]({escape(ex.generator)}{reader}; noise floor "
              f"{ex.noise_floor:.3f}{scored})[/dim]")
    if ex.reproduction is not None:  # a user's stack, replayed: did the replay give the stack's answer?
        r = ex.reproduction
        if r.reproduced:
            out.print(f"[dim]stack {escape(ex.stack.component if ex.stack else '')}: the replayed call reproduced "
                      f"its answer (similarity {r.similarity:.2f})[/dim]")
        elif r.rerun_answer is not None and answer_key(r.rerun_answer) != answer_key(r.observed_answer):
            # the user's answer was given, and the stack's own call, run again to capture it, did not give it
            out.print(f"[bold red]Not reproduced:[/bold red] you observed {escape(r.observed_answer)!r}, the "
                      f"stack's call run again answered {escape(r.rerun_answer)!r} and the replayed call "
                      f"{escape(r.replayed_answer)!r}: the importances explain the replayed answer, not yours")
        elif not r.baselines_agree:  # the replays differ from each other: the first may even match by chance
            replays = ", ".join(repr(escape(a)) for a in dict.fromkeys(ex.baseline_answers))
            out.print(f"[bold red]Not reproduced:[/bold red] the stack's LLM is not deterministic: the stack "
                      f"answered {escape(r.observed_answer)!r}, the replayed call {replays}: the importances explain "
                      "the replayed answer against the LLM's noise")
        else:
            out.print(f"[bold red]Not reproduced:[/bold red] the stack answered {escape(r.observed_answer)!r}, the "
                      f"replayed call {escape(r.replayed_answer)!r} (similarity {r.similarity:.2f}): the importances "
                      "explain the replayed answer")
    if ex.incomplete:
        out.print(f"[bold red]Incomplete:[/bold red] {escape(incomplete_summary(ex.incomplete))}.")
    if ex.unlinked:  # nothing to rank: an empty table and "no fact changed the answer" would both mislead
        out.print(f"[bold red]Not in the graph:[/bold red] {escape(ex.user_explanation)}")
        out.print(f"[bold]Technical:[/bold] {escape(ex.technical_explanation)}")
        out.print(f"[dim]{escape(cost_line(ex))}[/dim]")
        return
    if ex.generator_evidence:
        out.print("[dim]facts the generator says it used (its self-report, not evidence): "
                  + escape("; ".join(e.triple for e in ex.generator_evidence)) + "[/dim]")
    strategies = [s for s in ex.strategies if any(c.strategy == s and c.kind != "mask" for c in ex.components)]
    rows = component_rows(ex)
    table = Table(title=f"most important components ({len(rows)} scored; {', '.join(strategies) or 'none'})")
    for col in ("#", "component", *strategies, "changed", "counterfactual answer", "provenance"):
        table.add_column(col)
    for i, row in enumerate(rows[:top], start=1):
        best: Component = row["best"]
        scores = [_score_cell(row["scores"][s]) if s in row["scores"] else "" for s in strategies]
        # under response_score "logprob" nothing is generated: whether the answer changed is unknown ("-")
        changed = "-" if ex.response_score == "logprob" else \
            "yes" if any(c.answer_changed for c in row["scores"].values()) else "no"
        table.add_row(str(i), escape(row["label"]), *scores, changed,
                      escape((best.counterfactual_answer or "")[:60]), escape(provenance_text(best.provenance, 2)))
    out.print(table)
    print_source_texts(out, rows[:top])
    if any(c.evaluated == "conditional" for c in ex.components):
        out.print("[dim]* conditional: measured after removing its redundant alternatives[/dim]")
        # the interchangeable supports of the conditional facts shown: which one a model read no removal tells
        labels = {c.id: c.label.split(" => ")[0] for c in ex.components}
        for row in rows[:top]:
            alt = next((c.alternatives for c in row["scores"].values() if c.alternatives), None)
            if alt:
                named = "; ".join(labels.get(a, a) for a in alt[:3]) + (f"; +{len(alt) - 3} more" if len(alt) > 3
                                                                        else "")
                out.print(f"[dim]  {escape(row['label'])}: interchangeable with {len(alt)} parallel fact"
                          f"{'s' if len(alt) != 1 else ''} removed before it, the answer staying (the same relation "
                          f"to the same seed or answer; inferred, not each measured in its place): "
                          f"{escape(named)}[/dim]")
    if ex.copies:
        out.print("[dim]= a copy of a fact the context states several times: removed with its copies at once, the "
                  "group's joint importance (" + escape("; ".join("+".join(g.members) for g in ex.copies[:5]))
                  + ")[/dim]")
    shown = [c for r in rows[:top] for c in r["scores"].values()]
    if any(c.importance_from == "estimated" for c in shown):
        verified = sum(c.importance_from == "verified" for c in ex.components)
        estimated = sum(c.importance_from == "estimated" for c in ex.components)
        out.print(f"[dim]~ estimated: cleared by a group test, not removed alone ({verified} verified, "
                  f"{estimated} estimated)[/dim]")
    masks = [c for c in ex.components if c.kind == "mask"]
    if masks:
        moved = sum(bool(c.answer_changed) for c in masks)
        out.print(f"random masks: {len(masks)} (KG-SMILE), {moved} changed the answer (not listed above: a mask "
                  "is a set of facts, not a component)")
        if ex.surrogate:
            out.print(escape(surrogate_line(ex.surrogate, fact_labels(ex))))
    line = bridge_line(ex)
    if line:
        out.print(escape(line))
    out.print(f"[bold]For the user:[/bold] {escape(ex.user_explanation)}")
    out.print(f"[bold]Technical:[/bold] {escape(ex.technical_explanation)}")
    out.print(f"[dim]{escape(cost_line(ex))}[/dim]")


def bridge_line(ex: Explanation) -> str:
    """Ex-GraphRAG's bridge nodes in a sentence: what holds the important entities together."""
    b = ex.bridges
    if b is None or not b.bridges:
        return ""
    names = ex.subgraph.names()
    core = ", ".join(names.get(n, n) for n in b.core[:5])
    bridges = ", ".join(names.get(n, n) for n in b.bridges[:5]) + (" ..." if len(b.bridges) > 5 else "")
    rho = b.spearman_importance_betweenness
    return (f"bridges (Ex-GraphRAG): the important {core} are connected through {bridges}; "
            f"{b.pairs_only_via_bridges} of {b.core_pairs} connected core pairs only through them: keep "
            "them when pruning the context"
            + (f"; Spearman(importance, betweenness) {rho:.2f}" if rho is not None else ""))


def cost_line(ex: Explanation) -> str:
    """The cost in one line that adds up: requests = calls + cache hits + dedup hits; generator seconds are summed
    over calls that ran concurrently, so they can exceed the wall time."""
    c = ex.cost
    concurrency = ex.config.concurrency or 1
    parts = [f"cost: {c.generator_calls} generator calls"]
    if c.cache_hits or c.deduplicated:
        parts[0] += f" (+{c.cache_hits} from the response cache, +{c.deduplicated} repeated contexts answered once)"
    if c.scored_probes:
        parts.append(f"{c.scored_probes} scored probes (log P of the answer, one forward pass each, "
                     f"{c.scoring_tokens} tokens, {c.scoring_seconds:.2f}s)")
    parts.append(f"{c.prompt_tokens}+{c.completion_tokens} tokens")
    parts.append(f"{c.seconds:.2f}s wall: retrieval {c.retrieval_seconds:.2f}s, embedder {c.embedder_seconds:.2f}s, "
                 f"generator {c.generator_seconds:.2f}s summed over calls"
                 + (f" running up to {concurrency} at a time" if concurrency > 1 else ""))
    if c.prefix is not None and c.prefix.mean_share is not None:
        parts.append(f"prompt prefix shared with the baseline (reusable by a server's prefix cache): mean "
                     f"{c.prefix.mean_share:.0%} of each probe's prompt over {len(c.prefix.probes)} probes "
                     f"({c.prefix.order} order)")
    return "; ".join(parts)
