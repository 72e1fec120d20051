"""Console rendering of subgraphs and explanations (rich), shared by the CLI's commands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from xgrag.model import Explanation


def provenance_entries(prov: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    if not prov:
        return []
    documents = prov.get("documents")
    docs = documents if isinstance(documents, list) else [prov]
    out = []
    for d in docs:
        if not isinstance(d, Mapping):
            continue
        entry = {k: d.get(k) for k in ("doc_id", "chunk_id", "chunk_index", "line", "source", "extractor")
                 if d.get(k) is not None}
        if entry and entry not in out:
            out.append(entry)
    return out


def provenance_text(prov: Mapping[str, Any] | None, limit: int = 3) -> str:
    """Where a fact comes from, in a few words: `doc chunk 2:17; doc2 (+3)`."""
    parts = []
    for e in provenance_entries(prov)[:limit]:
        where = str(e.get("doc_id") or e.get("source") or "")
        if e.get("chunk_index") is not None:
            where += f" chunk {e['chunk_index']}"
        elif e.get("chunk_id") is not None:
            where += f" chunk {e['chunk_id']}"
        if e.get("line") is not None:
            where += f":{e['line']}"
        parts.append(where)
    more = len(provenance_entries(prov)) - limit
    return "; ".join(parts) + (f" (+{more})" if more > 0 else "")



def print_subgraph(out: Console, title: str, data: dict[str, Any]) -> None:
    names = {n["id"]: n["name"] for n in data["nodes"]}
    table = Table(title=title, show_lines=False)
    for col in ("head", "relation", "tail", "relationship id", "source"):
        table.add_column(col)
    for r in data["relationships"]:
        prov = r.get("provenance") or {}
        where = prov.get("doc_id") or prov.get("source") or ""
        if prov.get("line") is not None:
            where = f"{where}:{prov['line']}"
        table.add_row(names.get(r["source"], r["source"]), r["label"], names.get(r["target"], r["target"]),
                      r["id"], str(where))
    out.print(table)
    seeds = ", ".join(f"{names.get(s, s)} ({s})" for s in data["seeds"]) or "none"
    out.print(f"seeds: {seeds}; {len(data['nodes'])} nodes, {len(data['relationships'])} relationships"
              f"{', truncated' if data['truncated'] else ''}"
              f"{'; ' + data['fallback'] if data.get('fallback') else ''}")
    if "centrality" in data:
        top = sorted(data["centrality"].items(), key=lambda kv: -kv[1]["pagerank"])[:5]
        out.print(f"top PageRank ({data['centrality_source']}): "
                  + ", ".join(f"{names.get(k, k)} {v['pagerank']:.3f}" for k, v in top))


def print_explanation(out: Console, ex: Explanation, top: int = 8) -> None:
    out.print(f"[bold]Q:[/bold] {ex.question}")
    out.print(f"[bold]A:[/bold] {ex.answer}   [dim]({ex.generator}, noise floor {ex.noise_floor:.3f})[/dim]")
    if ex.generator_evidence:
        out.print("[dim]generator evidence: " + "; ".join(e["triple"] for e in ex.generator_evidence) + "[/dim]")
    table = Table(title=f"most important components ({ex.strategy})")
    for col in ("rank", "strategy", "component", "importance", "norm", "changed", "counterfactual answer",
                "provenance"):
        table.add_column(col)
    for c in ex.top(k=top):
        table.add_row(str(c.rank), c.strategy, c.label, f"{c.importance:.3f}", f"{c.normalized_importance:.2f}",
                      "yes" if c.answer_changed else "no", (c.counterfactual_answer or "")[:60],
                      provenance_text(c.provenance, 2))
    out.print(table)
    out.print(f"[bold]For the user:[/bold] {ex.user_explanation}")
    out.print(f"[bold]Technical:[/bold] {ex.technical_explanation}")
    cost = ex.cost
    out.print(f"[dim]cost: {cost.generator_calls} generator calls, {cost.prompt_tokens}+{cost.completion_tokens} "
              f"tokens, {cost.cache_hits} cache hits, {cost.seconds:.2f}s (generator {cost.generator_seconds:.2f}s, "
              f"embedder {cost.embedder_seconds:.2f}s, retrieval {cost.retrieval_seconds:.2f}s)[/dim]")
