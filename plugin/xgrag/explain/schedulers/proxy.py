"""Proxy-first plans: a cheap proxy ranks the components, the target model only verifies (AttriBoT, Liu et al.,
2024: proxy models rank, the target confirms; ContextCite's and TracLLM's lesson that most of a context does not
matter).

The proxy, no model call: the facts on the shortest paths from the question's seed entities to the entities the
baseline answer a0 names (a multi-hop answer's chain; KGRAG-Ex's paths), then the property facts whose value a0
states, then the rest by the embedding proxy (`ExplainRun.by_promise`: closeness to the question or the answer).
Blind: it reads the answer's text and the graph, never the facts a generator says it answered from.

The target then answers `candidates` + 1 probes: each candidate removed alone (its importance, measured as
leave-one-out measures it), and every other component removed at once, which is the sufficiency probe (only the
candidates kept). When that removal leaves the answer where it was, every other component is cleared as group
testing clears a group, and the proxy's ranking is confirmed. When it moves the answer, the proxy missed something:
the rest is searched by adaptive group testing (its first test is the one already answered, from the oracle's
memo) and the usual verification of the most promising components follows.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Sequence

from xgrag.explain.perturbers import Planned
from xgrag.explain.run import ExplainRun
from xgrag.explain.schedulers.group import GroupResult, GroupTester, GroupTesting, Measure, branch_order
from xgrag.generate.base import answer_key
from xgrag.model import Subgraph

# The most components verified alone before the sufficiency probe: a chain of up to 3 facts and two more. A list
# answer naming more entities than that has more facts that matter than the proxy may spend calls on one by one:
# the sufficiency probe then moves and group testing takes the rest.
MAX_CANDIDATES = 5


def answer_parts(answer: str) -> set[str]:
    """The entity names an answer states, folded (answer_key): the answer itself and its list items
    ("A, B and C")."""
    text = answer.strip().rstrip(".")
    parts = {answer_key(text)} | {answer_key(p) for p in re.split(r",|\band\b|;", text) if p.strip()}
    return {p for p in parts if p}


def answer_path_facts(graph: Subgraph, answer: str) -> list[str]:
    """Relationship ids on a shortest (undirected) path from any seed to each node the answer names, shortest paths
    first, then by id: deterministic. Empty when the answer names no node of the graph or no seed reaches one."""
    wanted = answer_parts(answer)
    targets = sorted(nid for nid, node in graph.nodes.items()
                     if nid not in graph.seeds and answer_key(node.name) in wanted)
    seeds = [s for s in graph.seeds if s in graph.nodes]
    if not targets or not seeds:
        return []
    adjacent: dict[str, list[tuple[str, str]]] = {}
    for rel in graph.sorted_relationships():
        adjacent.setdefault(rel.source, []).append((rel.id, rel.target))
        adjacent.setdefault(rel.target, []).append((rel.id, rel.source))

    def distances(start: Sequence[str]) -> dict[str, int]:
        dist = {s: 0 for s in start}
        queue = deque(start)
        while queue:
            node = queue.popleft()
            for _, nxt in adjacent.get(node, []):
                if nxt not in dist:
                    dist[nxt] = dist[node] + 1
                    queue.append(nxt)
        return dist

    from_seeds = distances(seeds)
    ranked: dict[str, int] = {}
    for target in targets:
        if target not in from_seeds:
            continue
        length = from_seeds[target]
        to_target = distances([target])
        for rel in graph.sorted_relationships():
            a, b = from_seeds.get(rel.source), to_target.get(rel.target)
            c, d = from_seeds.get(rel.target), to_target.get(rel.source)
            on_path = (a is not None and b is not None and a + 1 + b == length) or \
                      (c is not None and d is not None and c + 1 + d == length)
            if on_path:
                ranked[rel.id] = min(ranked.get(rel.id, length), length)
    return sorted(ranked, key=lambda rid: (ranked[rid], rid))


def answer_value_facts(graph: Subgraph, answer: str) -> list[str]:
    """Property fact ids whose value the answer states (a node property question's answer), by id."""
    wanted = answer_parts(answer)
    return sorted(f.id for f in graph.properties.values() if answer_key(str(f.value)) in wanted)


def proxy_rank(run: ExplainRun, units: Sequence[Planned]) -> list[Planned]:
    """The proxy's order: answer-path facts, answer-stating property facts, then the embedding proxy's order."""
    graph, answer = run.graph, run.a0.text
    first: dict[str, int] = {}
    for i, fid in enumerate([*answer_path_facts(graph, answer), *answer_value_facts(graph, answer)]):
        first.setdefault(fid, i)
    structural = sorted((p for p in units if p.target in first), key=lambda p: (first[p.target], p.strategy))
    rest = run.by_promise([p for p in units if p.target not in first])
    return [*structural, *rest]


def candidate_count(run: ExplainRun, ranked: Sequence[Planned], top_k: int) -> int:
    """How many of the ranked components to verify alone: every answer-path or answer-stating fact (up to
    MAX_CANDIDATES), and at least top_k."""
    structural = set(answer_path_facts(run.graph, run.a0.text)) | set(answer_value_facts(run.graph, run.a0.text))
    on_paths = sum(p.target in structural for p in ranked)
    return min(len(ranked), max(top_k, min(on_paths, MAX_CANDIDATES)))


class ProxyFirst(GroupTesting):
    """GroupTesting's bookkeeping with the proxy's plan as its first tests: each candidate alone, then the rest as
    one group (the sufficiency probe); group testing's splitting only where that group moved the answer."""

    name = "proxy"

    async def search(self, measure: Measure, units: Sequence[Planned], run: ExplainRun, threshold: float,
                     can_ask: Callable[[], bool]) -> GroupResult:
        if any(p.parent is not None for p in units) or len(units) <= self.top_k:
            return await super().search(measure, units, run, threshold, can_ask)
        ranked = proxy_rank(run, units)
        n = candidate_count(run, ranked, self.top_k)
        candidates, rest = ranked[:n], ranked[n:]
        tester = GroupTester(measure, threshold=threshold, top_k=self.top_k, can_ask=can_ask)
        groups = [[c] for c in candidates] + ([branch_order(rest, run.graph, by_relation=False)] if rest else [])
        result = await tester.run(groups)
        rest_ids = {id(p) for p in rest}
        # confirmed: the rest's removal moved nothing, so it was cleared whole by the sufficiency probe
        result.proxy_confirmed = not rest or rest_ids <= result.cleared
        result.proxy_candidates = len(candidates)
        result.verify = not result.proxy_confirmed
        return result
