"""Trace the rows of a generated Cypher query (Text2Cypher, LangChain's GraphCypherQAChain) to the graph elements the
query matched, read-only.

A row holds values ("Eagle", 1969), not ids. The query is re-run once with its RETURN clause extended by the
elementIds of every node, relationship and path variable its patterns bound (`__xgrag_node_ids`,
`__xgrag_rel_ids`), so each row comes back with the elements that produced it; rows are matched to the stack's rows
by their values (every match that produced equal values counts). The re-run is checked read-only first (EXPLAIN:
query type "r", as neo4j-graphrag's Text2CypherRetriever checks) and runs in a read transaction; the only text
xgrag adds is a fixed RETURN suffix over identifiers taken from the query itself (validated as plain names).

Queries whose rows do not correspond to matches are not rewritten, and the trace says why: aggregations (a row of
count(...) stands for many matches), WITH (variables leave scope), UNION, CALL subqueries, several or no RETURN.
Their rows are then traced only through graph values they return themselves (a returned node is its element).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import neo4j

from xgrag.model import Relationship, Subgraph
from xgrag.model.provenance import fact_provenance
from xgrag.retrieval.linking import node_from_map
from xgrag.store.neo4j import Neo4jStore

ID_COLUMNS = ("__xgrag_node_ids", "__xgrag_rel_ids")
ROW_LIMIT = 1000  # rows the re-run reads at most
_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`")
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_AGGREGATE = re.compile(r"\b(count|collect|sum|avg|min|max|stdev|stdevp|percentilecont|percentiledisc)\s*\(", re.I)
_REFUSED = {"UNION": "UNION combines several queries", "CALL": "a CALL (procedure or subquery) is not a pattern",
            "WITH": "WITH changes which variables are in scope"}



# neo4j.Record's constructor is not annotated; a record built from a traced row's values (column -> value)
_new_record = cast(Callable[[list[tuple[str, Any]]], neo4j.Record], neo4j.Record)


def record_of(values: Mapping[str, Any]) -> neo4j.Record:
    """A driver Record holding `values` in their order (what a retriever's formatter is given)."""
    return _new_record(list(values.items()))

@dataclass
class TracedRow:
    values: dict[str, Any]  # the row as the stack's query returned it (its columns only)
    node_ids: list[str] = field(default_factory=list)
    relationship_ids: list[str] = field(default_factory=list)


@dataclass
class CypherTrace:
    query: str
    rows: list[TracedRow]
    traced: bool  # every row came back with the elements its match bound
    reason: str | None = None  # why not, when not
    rewritten: str | None = None  # the read-only query that was run

    def to_json(self) -> dict[str, Any]:
        """The trace's fields of a trace_rows step (xgrag.model.trace.TraceRowsStep)."""
        return {"query": self.query, "traced": self.traced, "reason": self.reason, "rewritten": self.rewritten,
                "rows": len(self.rows)}


def _masked(query: str) -> str:
    """The query with the inside of every string literal and quoted name blanked (same length), so keywords and
    patterns are never found inside them."""
    return _STRING.sub(lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], query)


def _pattern_spans(masked: str) -> list[tuple[int, int]]:
    """Where the MATCH clauses' patterns are (up to WHERE or the next clause): where variables are bound."""
    out = []
    for m in re.finditer(r"\bMATCH\b", masked, re.I):
        stop = re.search(r"\b(WHERE|RETURN|OPTIONAL|MATCH|UNWIND|ORDER|SKIP|LIMIT)\b", masked[m.end():], re.I)
        out.append((m.end(), m.end() + (stop.start() if stop else len(masked) - m.end())))
    return out


def _name_anonymous(text: str, masked: str) -> tuple[str, str]:
    """Give every anonymous node and relationship of the MATCH patterns a variable (`__xgrag_n1`, `__xgrag_r1`,
    ...), so that the elements a row was matched through can be returned; the query matches what it matched."""
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) in the query's characters
    n = r = 0
    for start, end in _pattern_spans(masked):
        part = masked[start:end]
        for m in re.finditer(r"(?<![\w`])\((?=\s*[:)\s{])|\[(?=\s*[:\]*{])|(?<=\))\s*<?--?>?\s*(?=\()", part):
            at = start + m.start()
            if m.group(0) == "(":
                n += 1
                edits.append((at + 1, at + 1, f"__xgrag_n{n}"))
            elif m.group(0) == "[":
                r += 1
                edits.append((at + 1, at + 1, f"__xgrag_r{r}"))
            elif "--" in m.group(0):  # a bare arrow: (a)-->(b), (a)<--(b), (a)--(b)
                r += 1
                arrow = m.group(0).strip()
                edits.append((at, start + m.end(), ("<" if arrow.startswith("<") else "") + f"-[__xgrag_r{r}]-"
                              + (">" if arrow.endswith(">") else "")))
    for a, b, new in sorted(edits, reverse=True):
        text = text[:a] + new + text[b:]
        masked = masked[:a] + new + masked[b:]
    return text, masked


def _variables(masked: str) -> tuple[list[str], list[str], list[str], list[str]]:
    """Node, relationship, variable-length relationship and path variables bound by the MATCH patterns."""
    masked = "\n".join(masked[a:b] for a, b in _pattern_spans(masked))
    paths = re.findall(rf"\b({_NAME})\s*=\s*(?:shortestPath|allShortestPaths)?\s*\(", masked, re.I)
    nodes = re.findall(rf"\(\s*({_NAME})\s*(?=[:){{\s])", masked)
    rels: list[str] = []
    var_length: list[str] = []
    for m in re.finditer(rf"\[\s*({_NAME})\s*(?=[:\]{{*\s])([^\]]*)\]", masked):
        (var_length if "*" in m.group(2) else rels).append(m.group(1))
    nodes = [n for n in dict.fromkeys(nodes) if n not in paths]
    return nodes, list(dict.fromkeys(rels)), list(dict.fromkeys(var_length)), list(dict.fromkeys(paths))


def rewrite(query: str, limit: int = ROW_LIMIT) -> tuple[str | None, str | None]:
    """(the query returning its rows plus the elementIds its patterns bound, None) or (None, why it cannot)."""
    text = query.strip().rstrip(";").strip()
    masked = _masked(text)
    if "//" in masked or "/*" in masked:
        return None, "the query has comments"
    for word, why in _REFUSED.items():
        if re.search(rf"\b{word}\b", masked, re.I):
            return None, why
    text, masked = _name_anonymous(text, masked)
    returns = [m.start() for m in re.finditer(r"\bRETURN\b", masked, re.I)]
    if len(returns) != 1:
        return None, "the query has no RETURN clause" if not returns else "the query has several RETURN clauses"
    at = returns[0]
    head, tail_masked = text[:at], masked[at + len("RETURN"):]
    if _AGGREGATE.search(tail_masked):
        return None, "the query aggregates: a row stands for many matches"
    end = re.search(r"\b(ORDER\s+BY|SKIP|LIMIT)\b", tail_masked, re.I)
    items = text[at + len("RETURN"): at + len("RETURN") + (end.start() if end else len(tail_masked))].strip()
    items = re.sub(r"^DISTINCT\b", "", items, flags=re.I).strip()
    nodes, rels, var_length, paths = _variables(masked[:at])
    if not (nodes or rels or var_length or paths):
        return None, "the query's patterns bind no variable"

    def ids(expr: str) -> str:
        return f"[__xgrag_e IN {expr} WHERE __xgrag_e IS NOT NULL | elementId(__xgrag_e)]"

    node_parts = [ids(f"[{', '.join(nodes)}]")] if nodes else []
    node_parts += [ids(f"coalesce(nodes({p}), [])") for p in paths]
    rel_parts = [ids(f"[{', '.join(rels)}]")] if rels else []
    rel_parts += [ids(f"coalesce({r}, [])") for r in var_length]
    rel_parts += [ids(f"coalesce(relationships({p}), [])") for p in paths]
    node_expr = " + ".join(node_parts) or "[]"
    rel_expr = " + ".join(rel_parts) or "[]"
    return (f"{head}RETURN {items}, {node_expr} AS {ID_COLUMNS[0]}, {rel_expr} AS {ID_COLUMNS[1]} "
            f"LIMIT {int(limit)}"), None


def _graph_ids(value: Any, nodes: list[str], rels: list[str]) -> None:
    """Element ids of the graph values a row returns itself (nodes, relationships, paths, inside lists/maps)."""
    if isinstance(value, neo4j.graph.Node):
        nodes.append(value.element_id)
    elif isinstance(value, neo4j.graph.Relationship):
        rels.append(value.element_id)
        for end in (value.start_node, value.end_node):
            if end is not None:
                nodes.append(end.element_id)
    elif isinstance(value, neo4j.graph.Path):
        nodes.extend(n.element_id for n in value.nodes)
        rels.extend(r.element_id for r in value.relationships)
    elif isinstance(value, Mapping):
        for v in value.values():
            _graph_ids(v, nodes, rels)
    elif isinstance(value, list | tuple):
        for v in value:
            _graph_ids(v, nodes, rels)


def _read(driver: neo4j.Driver, query: str, database: str | None, params: Mapping[str, Any]) -> list[neo4j.Record]:
    _, summary, _ = driver.execute_query(f"EXPLAIN {query}", dict(params), database_=database,
                                         routing_=neo4j.RoutingControl.READ)
    if summary.query_type != "r":
        raise ValueError(f"refusing to re-run a query that is not read-only (query type {summary.query_type!r})")
    with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as session:
        return session.execute_read(lambda tx: list(tx.run(query, dict(params))))


def trace_cypher(driver: neo4j.Driver, query: str, *, database: str | None = None,
                 params: Mapping[str, Any] | None = None, limit: int = ROW_LIMIT) -> CypherTrace:
    """Re-run `query` read-only and return its rows with the elements each came from (see the module docstring).
    Raises ValueError for a query that is not read-only; Neo4j errors propagate."""
    rewritten, reason = rewrite(query, limit)
    if rewritten is None:
        records = _read(driver, query, database, params or {})[:limit]
        rows = []
        for rec in records:
            nodes: list[str] = []
            rels: list[str] = []
            _graph_ids(list(rec.values()), nodes, rels)
            rows.append(TracedRow(dict(rec), list(dict.fromkeys(nodes)), list(dict.fromkeys(rels))))
        return CypherTrace(query, rows, False, reason)
    out: list[TracedRow] = []
    for rec in _read(driver, rewritten, database, params or {}):
        # the query's own columns (RETURN * would also list the variables the rewrite gave anonymous elements)
        values = {k: rec[k] for k in rec.keys() if not k.startswith("__xgrag_")}
        nodes = list(rec[ID_COLUMNS[0]] or [])
        rels = list(rec[ID_COLUMNS[1]] or [])
        _graph_ids(list(values.values()), nodes, rels)
        out.append(TracedRow(values, list(dict.fromkeys(nodes)), list(dict.fromkeys(rels))))
    return CypherTrace(query, out, True, None, rewritten)


def match_rows(trace: CypherTrace, wanted: Iterable[Any], key: Callable[[dict[str, Any]], Any]
               ) -> list[TracedRow | None]:
    """For each key in `wanted` (the stack's rows, keyed as `key` keys a traced row's values), the union of the
    traced rows with that key: every match that produced those values. None when no traced row has it."""
    by_key: dict[Any, TracedRow] = {}
    for row in trace.rows:
        k = key(row.values)
        seen = by_key.get(k)
        if seen is None:
            by_key[k] = TracedRow(dict(row.values), list(row.node_ids), list(row.relationship_ids))
        else:
            seen.node_ids = list(dict.fromkeys(seen.node_ids + row.node_ids))
            seen.relationship_ids = list(dict.fromkeys(seen.relationship_ids + row.relationship_ids))
    return [by_key.get(k) for k in wanted]


def traced_graph(store: Neo4jStore, rows: Iterable[TracedRow | None]) -> Subgraph:
    """The entities and semantic relationships (under the store's schema preset) among the elements the rows were
    traced to: ids of anything else (a Chunk, a bookkeeping relationship) are left out. Read-only."""
    traced = [r for r in rows if r is not None]
    node_ids = list(dict.fromkeys(n for r in traced for n in r.node_ids))
    rel_ids = list(dict.fromkeys(x for r in traced for x in r.relationship_ids))
    sub = Subgraph(mode="supplied")
    with store.reading():
        rels = [row["rel"] for row in store.read_plain("relationships_by_id", rel_ids=rel_ids)] if rel_ids else []
        wanted = list(dict.fromkeys(node_ids + [str(e) for r in rels for e in (r["source"], r["target"])]))
        for row in store.read_plain("nodes_by_id", ids=wanted, excluded_node_ids=[]) if wanted else []:
            sub.add_node(node_from_map(row["node"]))
    for r in rels:
        if str(r["source"]) in sub.nodes and str(r["target"]) in sub.nodes:
            sub.add_relationship(Relationship(str(r["id"]), str(r["source"]), str(r["target"]), str(r["label"]),
                                              r.get("description"), fact_provenance(r.get("provenance"))))
    return sub
