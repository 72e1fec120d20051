"""Proxy-first plans: a cheap proxy ranks the components, the target model only verifies (AttriBoT, Liu et al.,
2024: proxy models rank, the target confirms; ContextCite's and TracLLM's lesson that most of a context does not
matter).

The proxy, no model call: first, for a sentence answer, the facts it restates (both ends mentioned: `stated_facts`;
a chat model that echoes facts answers from them), then the facts of the trails (up to the retrieval's hops) from
the question's seed entities to the entities the baseline answer a0 names (a multi-hop answer's chain; KGRAG-Ex's
paths; an entity answer names the nodes it is the name of, a sentence answer such as a chat model's the nodes it
mentions: `answer_nodes`), each answer entity's trail that states the question's relation words first (as focused
retrieval reads them: "share screenwriters" is written_by at both ends of the writer; measured on MetaQA,
benchmarks/README.md bench_answer_cost), then the one closest to the question, then the property facts whose value
a0 states, then the rest by the embedding proxy (`ExplainRun.by_promise`: closeness to the question or the answer).
Blind: it reads the answer's text, the question
and the graph, never the facts a generator says it answered from.

The target then verifies adaptively. The candidates are removed alone in the proxy's order (each one's importance,
measured as leave-one-out measures it) until those that moved the answer account for it (`accounts_for`: they connect a
seed to an entity the answer names, or state its value, and their relations state every relation word of the question
that the candidates state, so that the seed's director, a one-fact trail to the answer, does not account for "who wrote
the films directed by the director of X"); then the candidates not yet verified are removed together with the rest in
the sufficiency probe (below; under "shift" on xgrag's graph context), or, under "logprob" and on a stack's context,
together, everything else kept (one group test: cleared when the answer stays, split by group testing when it moves). A
chain of h facts then costs h + 1 calls beyond the answer whatever the context's size (h + 2 with the group test),
instead of one per candidate. A chain some of whose links did not move the answer alone accounts for it too when a link
that did lies on it (`chain_accounts_for`: the quiet links have alternatives elsewhere, a second film of the answer's
language), unless a candidate still to verify joins a quiet link's two ends (its likeliest alternative). Each answer
node's shortest trail is the second it offers (`answer_path_facts`), so that parallel trails of the question's reading
do not crowd out a fact joining a seed to the answer directly. Removing the rest of the candidates on their own,
everything else kept, was the rule until cost20: a reader that loses one fact of a longer chain can find another answer,
one that keeps nothing but a short chain cannot (dev-7141, when a one-fact trail that skipped a relation word of the
question still accounted: benchmarks/README.md, bench_answer_cost). Since the movers must state every relation word the
candidates state, the joint removal kept the base's top 3 on 325 of the 326 tuning plans (cost20: dev-1733 lost it, a
candidate left that is the chain film's other director and moves the answer alone only beside the rest), for a call
saved on 194; when it moves the answer, the rest is removed alone next and the candidates left are split or tested as
a group. From a seed named by relation words only, the candidates left keep their own group test
(`entity_chain_accounts`), and so they do when one of them states a mover's relation of the same head with another tail
on the movers' chain (`rival_values`: dev-1733's other director, also the chain's writer; cost21: its top 3 restored, 6
calls more over the 326 tuning plans).

Then every non-candidate is removed at once (the sufficiency probe, only the candidates kept). When that removal
leaves the answer where it was and some candidate moved it alone, every other component is cleared, and the proxy's
ranking is confirmed. When the removal moves the answer, the proxy missed something: the rest is searched by
adaptive group testing and the usual verification of the most promising components follows (under "shift":
the seeds' facts that say the question's own words again first, each alone (`question_echo_facts`: a reader that
finds the question's entity by its words answers a hop short without them), then the answer's entity's facts as
one group, or, when there are none and no echo moved the answer, the seeds' facts that state the question's relation
words, each alone (`seed_relation_facts`: where a reader starts reading the relation asked); the rest's first
split tests both halves, and halves beside a mover wait to be tested together: GroupTester's infer_roots and
defer_second). When every candidate removed so far left
the answer where it was and they hold a whole trail to it (`quiet_trail`), the candidates left are removed together
as one group test. Under the logprob
score a removal of nearly everything lowers log P(a0) past the threshold whatever it removes (a generative model's
scores shift with the prompt's form), so there the probe is judged against the removal of every component: the
candidates confirm the plan when they keep `sufficiency_share` of the components' effect on log P(a0) on their own
(scoring.kept_share; ERASER's sufficiency normalised by the empty context). When nothing moved it
(redundant support), the redundancy resolution after the scheduler searches the facts necessary once their
alternatives are out. No candidate is left with a score it was not measured with: each is measured alone or
cleared by a group test that removed it.

On a stack's context (items, then spans inside the items that moved the answer) the proxy is stack_proxy.py's: the
units stating the answer, then the embedding proxy; the same probes follow, at every size and at each level, except
that the units holding copies of one statement of the answer are verified together (one joint probe: stack_proxy's
joint_plan), reported as one group of copies (GroupTesting.run), and searched inside at the next level.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from xgrag.config import RetrievalSettings
from xgrag.explain.perturbers import Planned
from xgrag.explain.run import ExplainRun
from xgrag.explain.schedulers.group import (
    GroupResult,
    GroupTester,
    GroupTesting,
    Measure,
    prompt_order,
    search_order,
)
from xgrag.explain.schedulers.stack_proxy import joint_plan, stack_proxy_plan
from xgrag.explain.scoring import kept_share
from xgrag.generate.base import abstains, answer_key, list_item
from xgrag.model import Subgraph, key_text
from xgrag.model.copies import statement_key
from xgrag.model.graph import undirected
from xgrag.retrieval.words import content_stems, stated_stems

# The most components verified alone before the sufficiency probe: two chains of up to 3 facts. A list answer
# naming more entities than that has more facts that matter than the proxy may spend calls on one by one: the
# sufficiency probe then moves and group testing takes the rest.
MAX_CANDIDATES = 6
MAX_TRAILS = 64  # trails to the answer considered per explanation
TRAIL_STEPS = 20_000  # the walk's bound on a hub-heavy subgraph (a seed with thousands of facts)
# The most question echoes (question_echo_facts) removed alone after an unconfirmed sufficiency probe: a seed has
# one or two such facts (a tag "batman" of Batman Begins); more would be a seed named by common words
MAX_ECHOES = 3


def answer_parts(answer: str) -> set[str]:
    """The entity names an answer states, folded (answer_key): the answer itself and its list items ("A, B and C"),
    or, for a list on lines of its own (a first statement that announces a list, then "1. The Reaping", "2. The
    Ghost and the Darkness": xgrag.generate.base.first_statement), those items whole: a title holding "and" is
    one item there."""
    text = answer.strip().rstrip(".")
    items = [item for line in text.splitlines() if (item := list_item(line))]
    if items:
        parts = {answer_key(text)} | {answer_key(i.rstrip(".")) for i in items}
    else:
        parts = {answer_key(text)} | {answer_key(p) for p in re.split(r",|\band\b|;", text) if p.strip()}
    return {p for p in parts if p}


def mentioned(answer: str, names: Mapping[str, str]) -> set[str]:
    """The keys of `names` whose name a sentence answer mentions: as written (case kept: a model that names an
    entity of its context copies it), as whole words, longest first and not inside a longer mention ("The Ghost and
    the Darkness" is one film, not also "The Ghost"), and only names holding a content word (a film called "It" or
    "Her" is no mention in "It is ...")."""
    taken: list[tuple[int, int]] = []
    found: set[str] = set()
    for key, name in sorted(names.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if not name.strip() or not content_stems(name):
            continue
        for m in re.finditer(r"(?<!\w)" + re.escape(name.strip()) + r"(?!\w)", answer):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                taken.append((m.start(), m.end()))
                found.add(key)
    return found


def _named(graph: Subgraph, answer: str) -> tuple[set[str], bool]:
    """(the nodes, seeds included, an answer names; whether it is a sentence answer). An entity answer (the answer
    or one of its list items is a node's name, folded: answer_parts) names those. A sentence answer that is no
    node's name ("The Boy Who Could Fly was directed by Nick Castle.", what a chat model answers) names the nodes it
    mentions (`mentioned`; the seeds' mentions count as taken text, so "Leon" is not found inside the seed "Valerie
    Leon"). An abstention names nothing and is no sentence answer."""
    if abstains(answer):
        return set(), False
    wanted = answer_parts(answer)
    exact = {nid for nid, node in graph.nodes.items() if answer_key(node.name) in wanted}
    if exact:
        return exact, False
    return mentioned(answer, {nid: node.name for nid, node in graph.nodes.items()}), True


def answer_nodes(graph: Subgraph, answer: str) -> set[str]:
    """The nodes, not the seeds, an answer names (`_named`)."""
    return _named(graph, answer)[0] - set(graph.seeds)


def stated_facts(graph: Subgraph, answer: str, relevance: Mapping[str, float] | None = None) -> list[str]:
    """The relationships a sentence answer restates: both ends mentioned ("The Traitor in language Greek" restates the
    context's fact The Traitor -in_language-> Greek, whatever the question asked), the most relevant first, then by
    id. A model that echoes facts answers from the facts it echoes, which need not lie on a trail from the question's
    entities. Empty for an entity answer (the answer or a list item is a node's name) and an abstention."""
    named, sentence = _named(graph, answer)
    if not sentence:
        return []
    rel = relevance or {}
    return sorted((r.id for r in graph.relationships.values()
                   if r.source != r.target and r.source in named and r.target in named),
                  key=lambda rid: (-rel.get(rid, 0.0), rid))


def answer_values(graph: Subgraph, answer: str) -> set[str]:
    """The property facts whose value an answer states: exactly (answer_parts), else, for a sentence answer, the
    values it mentions (`mentioned`)."""
    if abstains(answer):
        return set()
    wanted = answer_parts(answer)
    exact = {f.id for f in graph.properties.values() if answer_key(str(f.value)) in wanted}
    return exact or mentioned(answer, {f.id: str(f.value) for f in graph.properties.values()})


def answer_trails(graph: Subgraph, answer: str, max_facts: int, limit: int = MAX_TRAILS,
                  budget: int = TRAIL_STEPS) -> list[tuple[str, str, tuple[str, ...]]]:
    """(seed, answer node, relationship ids) for each trail (a walk that uses no relationship twice; undirected) of
    1..`max_facts` facts from a seed to a node the answer names, in a deterministic order, at most `limit`, walking
    at most `budget` steps. Trails, not simple paths: "the films written by the writer of X" answers through the
    writer and back (X -written by-> W <-written by- Y -directed by-> D, and D may be W)."""
    targets = answer_nodes(graph, answer)
    seeds = sorted(s for s in graph.seeds if s in graph.nodes)
    if not targets or not seeds:
        return []
    adjacent = undirected(graph.sorted_relationships())
    found: list[tuple[str, str, tuple[str, ...]]] = []
    steps = 0

    def walk(seed: str, node: str, rels: list[str]) -> None:
        nonlocal steps
        if len(found) >= limit or steps >= budget:
            return
        steps += 1
        if rels and node in targets:
            found.append((seed, node, tuple(rels)))
        if len(rels) == max_facts:
            return
        for rel_id, nxt in adjacent.get(node, []):
            if rel_id not in rels:
                walk(seed, nxt, [*rels, rel_id])

    for seed in seeds:
        walk(seed, seed, [])
    return found


def fact_words(graph: Subgraph, fact: str) -> set[str]:
    """The words (stems) a fact's relation or property key states."""
    if fact in graph.relationships:
        return content_stems(key_text(graph.relationships[fact].label))
    if fact in graph.properties:
        return content_stems(key_text(graph.properties[fact].key))
    return set()


def relation_words(graph: Subgraph, question: str, named_seeds: bool = True) -> set[str]:
    """The question's words that may name a relation of the graph (as stems, compounds read against the graph's
    relation words: "screenwriter" -> written_by), outside the words of its seeds' names and types: what focused
    retrieval expands by (xgrag.retrieval.focus.question_words). A seed named by relation words only (a tag
    "actors") leaves them relation words (`named_seeds`; False: they are the seed's, as any seed's name)."""
    vocabulary = {w for r in graph.relationships.values() for w in content_stems(key_text(r.label))} | {
        w for f in graph.properties.values() for w in content_stems(key_text(f.key))}
    own: set[str] = set()
    for s in graph.seeds:
        if s in graph.nodes:
            node = graph.nodes[s]
            name = content_stems(node.name)
            # a seed named by nothing but relation words ("writer", "actors", "director": a tag the linker matched
            # on the question's relation word) is that word read twice, not an entity whose name happens to hold
            # one: the question still asks for the relation ("the films written by the writer of The Dark
            # Crystal" asks for written_by), so its words stay relation words (benchmarks/README.md,
            # bench_answer_cost, cost6)
            if not named_seeds or not name or not name <= vocabulary:
                own |= name
            own |= content_stems(key_text(node.type)) if node.type else set()
    return stated_stems(question, vocabulary) - own


def answer_path_facts(graph: Subgraph, answer: str, max_facts: int = 3,
                      relevance: Mapping[str, float] | None = None, question: str | None = None) -> list[str]:
    """Relationship ids on the trails from the seeds to the nodes the answer names: each answer node's most
    relevant trail first, then each one's second, and so on. Most relevant: the trail whose relations state more of
    the `question`'s relation words ("the films that share screenwriters with X": the trail through written_by,
    not through directed_by to the same answer), then the one more of whose facts state one (written_by at both
    ends of the shared writer, not directed_by at one), then the higher mean `relevance` of its facts (e.g.
    closeness to the question), then the shorter. Empty when the answer names no node of the graph or no trail
    reaches one."""
    rel = relevance or {}
    words = relation_words(graph, question) if question else set()
    by_target: dict[str, list[tuple[int, float, float, int, tuple[str, ...]]]] = {}
    first: dict[str, str] = {}
    for _, target, rels in answer_trails(graph, answer, max_facts):
        score = sum(rel.get(r, 0.0) for r in rels) / len(rels)
        stated = [words & fact_words(graph, r) for r in rels]
        says = set().union(*stated)
        share = sum(1 for w in stated if w) / len(rels)
        # the nodes of one folded name are one answer: a genre "Comedy" and a tag "comedy" reached from the same
        # seed are the answer twice, so their trails are ranked together and the answer's shortest trail still
        # comes second, not after the other node's most relevant one (benchmarks/README.md, cost7)
        # (a group is known by its first node's id, as a node was before: the same order between groups)
        name = answer_key(graph.nodes[target].name)
        first.setdefault(name, target)
        first[name] = min(first[name], target)
        by_target.setdefault(name, []).append((-len(says), -share, -score, len(rels), rels))
    ranked = {t: sorted(trails) for t, trails in by_target.items()}
    for trails in ranked.values():
        # each answer node's shortest trail right after its most relevant one: the question's relation words
        # rank the multi-hop reading first, and parallel trails of that reading (the writer's other films, each of
        # the answer's genre) would fill every candidate before a fact joining a seed to the answer directly, which
        # a reader may answer from as well (benchmarks/README.md, bench_answer_cost, "shortest trail second")
        short = min(range(len(trails)), key=lambda i: (trails[i][3], i))
        if short > 1:
            trails.insert(1, trails.pop(short))
    order = sorted(ranked, key=lambda t: (ranked[t][0][:4], first[t]))
    out: list[str] = []
    for depth in range(max((len(v) for v in ranked.values()), default=0)):
        for t in order:
            if depth < len(ranked[t]):
                out += [r for r in ranked[t][depth][4] if r not in out]
    return out


def answer_value_facts(graph: Subgraph, answer: str) -> list[str]:
    """Property fact ids whose value the answer states (a node property question's answer), by id."""
    return sorted(answer_values(graph, answer))


def accounts_for(graph: Subgraph, answer: str, facts: Iterable[str], words: Iterable[str] = ()) -> bool:
    """Do `facts` (relationship or property fact ids) account for the answer: connect a seed to a node the answer
    names (a chain of relationships, undirected, of any length), or state the answer's value (a property fact) of
    a seed or of an element they connect to a seed, or hold every fact a sentence answer restates (`stated_facts`)?
    And do their relations or keys state every one of `words`
    (the question's relation words the proxy's candidates state: "which person wrote the films directed by the
    director of X" is not accounted for by X's director alone, a one-fact trail to the answer that states no
    "wrote")?"""
    ids = set(facts)
    if not set(words) <= {w for f in ids for w in fact_words(graph, f)}:
        return False
    rels = [graph.relationships[f] for f in ids if f in graph.relationships]
    reached = {s for s in graph.seeds if s in graph.nodes}
    grew = True
    while grew:  # the nodes the facts connect to a seed (a handful of facts: no index needed)
        grew = False
        for r in rels:
            ends = {r.source, r.target}
            if ends & reached and not ends <= reached:
                reached |= ends
                grew = True
    if answer_nodes(graph, answer) & reached:
        return True
    restated = stated_facts(graph, answer)
    if restated and set(restated) <= ids:
        return True
    reached_rels = {r.id for r in rels if r.source in reached}
    values = answer_values(graph, answer)
    return any(f in values and graph.properties[f].owner in reached | reached_rels for f in ids)


def chain_accounts_for(graph: Subgraph, answer: str, movers: Iterable[str], quiet: Iterable[str],
                       unverified: Iterable[str], words: Iterable[str] = ()) -> bool:
    """Do the candidates measured alone account for the answer through a chain some of whose links did not move it
    alone? True when a trail (a walk that uses no relationship twice; undirected) of relationships among `movers`
    (each moved the answer when removed alone) and `quiet` (each did not) joins a seed to a node the answer names,
    holds a mover, and its relations state every one of `words`. A trail, not only a simple path, as the proxy's
    own trails are walked (answer_trails): when the person the question reaches in its first hop is also the
    answer, the question's reading goes to that node and back (the seed's link to the answer, then another film's
    two links to it), and a simple path, which cannot come back to the answer's node, never states the second
    relation word: every candidate left was then removed alone (6 alone and 8 calls where the trail through the
    quiet film accounts after 3: benchmarks/README.md, bench_answer_cost, cost14).
    A quiet link is redundant, not unused: the reader finds its
    alternative elsewhere in the context (the seed's other writer link, a second film of the same language). It
    counts only when no `unverified` candidate joins its two ends: a parallel fact still to be verified is its
    likeliest alternative, and the group test of those candidates would move when it removes it. The group test of
    the unverified candidates (everything else kept) and the sufficiency probe that follow still check what this
    assumes: a missed alternative costs the splits of a moving group, never a fact cleared unmeasured."""
    moving = set(movers)
    if not moving:
        return False
    targets = answer_nodes(graph, answer)

    def ends(r: Any) -> frozenset[str]:
        # the nodes the answer names are one end: a film's tag "ricky gervais" and its director Ricky Gervais are
        # the same answer reached twice, so a candidate joining the film to either is the other's alternative
        return frozenset("\x00answer" if n in targets else n for n in (r.source, r.target))

    parallel = {ends(graph.relationships[u]) for u in unverified if u in graph.relationships}
    links = [graph.relationships[f] for f in [*moving, *quiet] if f in graph.relationships]
    links = [r for r in links if r.id in moving or ends(r) not in parallel]
    adjacent = undirected(r for r in links if r.source != r.target)
    wanted = set(words)

    def walk(node: str, path: list[str]) -> bool:
        if path and node in targets and moving & set(path) and \
                wanted <= {w for f in path for w in fact_words(graph, f)}:
            return True
        return any(walk(nxt, [*path, rid]) for rid, nxt in adjacent.get(node, []) if rid not in path)

    return any(walk(s, []) for s in graph.seeds if s in adjacent)


def blocking_parallels(graph: Subgraph, answer: str, movers: Iterable[str], quiet: Iterable[str],
                       unverified: Sequence[str], words: Iterable[str] = ()) -> list[str]:
    """The `unverified` candidates that alone keep `chain_accounts_for` from holding (each joins a quiet link's two
    ends: its likeliest alternative), in their order; empty when the movers and quiet links account for the answer
    with none of them, or do not account even without them."""
    moving, still = list(movers), list(quiet)
    if chain_accounts_for(graph, answer, moving, still, unverified, words) or \
            not chain_accounts_for(graph, answer, moving, still, [], words):
        return []
    return [u for u in unverified if not chain_accounts_for(graph, answer, moving, still, [u], words)]


def entity_chain_accounts(graph: Subgraph, answer: str, movers: Sequence[str], quiet: Sequence[str],
                          unverified: Sequence[str], words: Iterable[str] = ()) -> bool:
    """Do the movers (or a chain of the movers and quiet links: chain_accounts_for) account for the answer from a
    seed that is an entity of the question, not a seed named by relation words only (relation_word_seeds: a tag
    "actors" the linker matched on the question's word)? A chain from such a tag is no reading of the question's
    entity: the reader answers through it while the question's entity's facts, in the rest, compete with it, and
    removing those with the candidates left can hide what either removal alone shows (seeds 31 and 41's dev-7310:
    Treasure Island -has_tags-> actors and its release year 1990 accounted; the candidates left and the rest removed
    together kept "1990.", the rest alone moved it, and leave-one-out's 1934 release years were cleared unmeasured:
    benchmarks/README.md, bench_answer_cost, cost20)."""
    tags = relation_word_seeds(graph)
    view = graph
    if tags:
        view = copy.copy(graph)
        view.seeds = [s for s in graph.seeds if s not in tags]
    return accounts_for(view, answer, movers, words) or chain_accounts_for(view, answer, movers, quiet, unverified,
                                                                           words)


def rival_values(graph: Subgraph, movers: Iterable[str], unverified: Iterable[str]) -> list[str]:
    """The `unverified` relationships that state a mover's relation of the same head with another tail, a node a
    mover touches (a film's other director who is also the chain's writer, beside the director that moved the
    answer), in their order. Such a rival joins two nodes of the movers' chain: a reader that answers with one value
    of a relation chooses it among the values the context gives that head, and one that is itself on the chain is a
    choice the reader weighs against the chain, which the movers' accounting for the answer does not measure (seed
    53's dev-1733: Crime and Punishment -directed_by-> Aki Kaurismaki, Aki Kaurismaki also the chain's writer,
    beside the mover Crime and Punishment -directed_by-> Josef von Sternberg, moved the answer alone but not removed
    with the rest: benchmarks/README.md, bench_answer_cost, cost21). A rival whose tail lies off the chain (the
    film's co-writer named nowhere else) is left to the joint probe: counted as a rival too, its group test cost a
    call more on 6 of 54 tuning plans replayed and moved nothing."""
    rels = graph.relationships
    moving = [rels[m] for m in movers if m in rels]
    on_chain = {n for r in moving for n in (r.source, r.target)}
    return [u for u in unverified if u in rels and rels[u].target in on_chain and any(
        rels[u].source == r.source and rels[u].label == r.label and rels[u].target != r.target for r in moving)]


def quiet_trail(graph: Subgraph, answer: str, quiet: Iterable[str], words: Iterable[str] = ()) -> bool:
    """Do the `quiet` facts (each removed alone, the answer stayed) hold a whole trail (a walk that uses no
    relationship twice, undirected, as answer_trails: "written by the writer of X" goes through the writer and
    back) joining a seed to a node the answer names whose relations state every one of `words`? Then each of its
    links has an alternative in the context: the answer has redundant support."""
    links = [graph.relationships[f] for f in quiet if f in graph.relationships]
    targets = answer_nodes(graph, answer)
    if not links or not targets:
        return False
    adjacent = undirected(r for r in links if r.source != r.target)
    wanted = set(words)

    def walk(node: str, path: list[str]) -> bool:
        if path and node in targets and wanted <= {w for f in path for w in fact_words(graph, f)}:
            return True
        return any(walk(nxt, [*path, rid]) for rid, nxt in adjacent.get(node, []) if rid not in path)

    return any(walk(s, []) for s in graph.seeds if s in adjacent)


def longest_trail(graph: Subgraph, answer: str, facts: Iterable[str], words: Iterable[str] = ()) -> int:
    """The most of `facts` one whole trail among them uses (a walk that uses no relationship twice, undirected, as
    answer_trails: from a seed to a node the answer names, its relations stating every one of `words`, as
    quiet_trail asks); 0 when they hold none. A handful of facts (a proxy's candidates): every walk is tried."""
    links = [graph.relationships[f] for f in facts if f in graph.relationships]
    targets = answer_nodes(graph, answer)
    if not links or not targets:
        return 0
    adjacent = undirected(r for r in links if r.source != r.target)
    wanted = set(words)

    def walk(node: str, path: list[str]) -> int:
        here = len(path) if path and node in targets and \
            wanted <= {w for f in path for w in fact_words(graph, f)} else 0
        return max([here, *(walk(nxt, [*path, rid]) for rid, nxt in adjacent.get(node, []) if rid not in path)])

    return max((walk(s, []) for s in graph.seeds if s in adjacent), default=0)


def proxy_plan(run: ExplainRun, units: Sequence[Planned], top_k: int) -> tuple[list[Planned], list[Planned]]:
    """(candidates, the rest): the facts a sentence answer restates (`stated_facts`), the facts of the answer's most
    relevant trails (relevance: the embedding proxy's
    closeness to the question) and the facts stating the answer (up to MAX_CANDIDATES), at least top_k, padded in
    the embedding proxy's order; the rest in that order too. Under the attention proxy (`run.proxy_scores`, read by
    ExplainRun.attend) its top_k lead the candidates, and it orders the padding and the rest."""
    graph, answer = run.graph, run.a0.text
    hops = run.settings.hops or RetrievalSettings().hops
    closeness = run.promise(units, question_only=True)
    relevance = {p.target: closeness[id(p)] for p in units}
    structural = [*stated_facts(graph, answer, relevance),
                  *answer_path_facts(graph, answer, hops, relevance, run.question),
                  *answer_value_facts(graph, answer)]
    by_target = {p.target: p for p in units}
    first: dict[int, Planned] = {}  # by id(): in the order found, each once
    if run.proxy_scores:
        # the white-box proxy (the target's attention while reading a0) leads: its top_k first, then the answer's
        # structure; the embedding proxy only breaks its ties (ExplainRun.by_proxy)
        first = {id(p): p for p in run.by_proxy(units)[:top_k]}
    for fid in structural:
        if fid in by_target:
            first.setdefault(id(by_target[fid]), by_target[fid])
    chosen = list(first.values())[:max(MAX_CANDIDATES, top_k)]
    taken = {id(p) for p in chosen}
    ranked = [*chosen, *run.by_proxy([p for p in units if id(p) not in taken])]
    n = max(top_k, len(chosen))
    return ranked[:n], ranked[n:]


def question_echo_facts(graph: Subgraph, question: str) -> list[str]:
    """The relationships joining a seed to a node, no seed, whose name is nothing but words of the question (as
    stems): the seed's facts that say the question's own words again (Batman Begins -has_tags-> batman for "the
    writer of Batman Begins", The Dark Crystal -has_tags-> dark), by id. A reader that finds the question's entity
    by the question's words (the extractive reader's chains start from the facts that state them; a language
    model's attention goes to the words it was asked) may lean on them, though no trail to the answer holds them
    and the linker matched the seed, not them."""
    words = content_stems(question)
    seeds = {s for s in graph.seeds if s in graph.nodes}
    echoed = {nid for nid, node in graph.nodes.items()
              if nid not in seeds and (stems := content_stems(node.name)) and stems <= words}
    return sorted(r.id for r in graph.relationships.values()
                  if r.source != r.target and {r.source, r.target} & seeds and {r.source, r.target} & echoed)


def relation_word_seeds(graph: Subgraph) -> set[str]:
    """The seeds named by nothing but words of the graph's relations or keys: a tag "director", "actors" or "writer"
    that the linker matched on the question's relation word (relation_words' `named_seeds`)."""
    vocabulary = {w for r in graph.relationships.values() for w in content_stems(key_text(r.label))} | {
        w for f in graph.properties.values() for w in content_stems(key_text(f.key))}
    return {s for s in graph.seeds if s in graph.nodes
            and (name := content_stems(graph.nodes[s].name)) and name <= vocabulary}


def relation_seed_facts(graph: Subgraph, read: Iterable[str] = ()) -> list[str]:
    """The relationships at a seed named by relation words only (`relation_word_seeds`) that none of the facts
    `read` (the proxy's candidates) touches, by id: where a reader that starts its chains at every entity the
    question names may start one from the question's relation word (The Social Network -has_tags-> director for
    "the films directed by the director of Earth"), though no trail to the answer holds them. A seed a candidate
    touches was read by the plan's own tests (Quills -has_tags-> writers, removed with the candidates left): its
    other facts are no likelier than the rest (asking them alone cost 2 calls on seed 11's dev-12553, found
    nothing; benchmarks/README.md, bench_answer_cost, cost16)."""
    rels = graph.relationships
    touched = {n for f in read if f in rels for n in (rels[f].source, rels[f].target)}
    seeds = relation_word_seeds(graph) - touched
    return sorted(r.id for r in rels.values() if r.source != r.target and {r.source, r.target} & seeds)


def seed_relation_facts(graph: Subgraph, question: str) -> list[str]:
    """The relationships at a seed whose relation states one of the question's relation words (`relation_words`):
    where a reader starts reading the relation the question asks of its entity ("the movies directed by the
    director of Eddie and the Cruisers": Eddie and the Cruisers -directed_by-> Martin Davidson), by id. A reader may
    lean on them though its answer's trail takes another way (the extractive reader answered John Herzfeld through
    the seed's release year, and answered otherwise once the seed's own directed_by fact was out:
    benchmarks/README.md, bench_answer_cost, cost11)."""
    words = relation_words(graph, question)
    seeds = {s for s in graph.seeds if s in graph.nodes}
    if not words or not seeds:
        return []
    return sorted(r.id for r in graph.relationships.values()
                  if r.source != r.target and {r.source, r.target} & seeds and fact_words(graph, r.id) & words)


def answer_entity_facts(graph: Subgraph, answer: str) -> list[str]:
    """answer_entity_tiers' facts, in its tiers' order, by id within a tier."""
    tiers = answer_entity_tiers(graph, answer)
    return sorted(tiers, key=lambda fid: (tiers[fid], fid))


def answer_entity_tiers(graph: Subgraph, answer: str) -> dict[str, int]:
    """The facts that name an entity the answer names (a relationship at one of its ends, a property fact of it) or
    state the answer's value (`answer_values`), by tier: 0 for those of the entities other than the question's
    seeds, 1 for those of a seed the answer names, 2 for the value facts. What a reader that
    answers with an entity may have read about it beside the trail that reaches it: SmolLM2's "The movies that share
    actors with Crossworlds are: The Mill and the Cross" leaned on the film's other actors, which lie on no trail
    from the seed (benchmarks/README.md, bench_answer_cost, SmolLM2 v3)."""
    named = _named(graph, answer)[0]
    seeds = set(graph.seeds)
    tiers: dict[str, int] = {}
    for r in graph.relationships.values():
        ends = {r.source, r.target} & named
        if ends:
            tiers[r.id] = 0 if ends - seeds else 1
    for f in graph.properties.values():
        if f.owner in named:
            tiers[f.id] = 0 if f.owner not in seeds else 1
    for fid in answer_values(graph, answer):
        tiers.setdefault(fid, 2)
    return tiers


def stack_plan(run: ExplainRun, units: Sequence[Planned]) -> tuple[list[list[Planned]], list[Planned]]:
    """(the candidates' probes, the rest) on a stack's context: the units stating the answer
    (stack_proxy.stack_proxy_plan), each alone, except the units holding copies of one statement of the answer,
    together (stack_proxy.joint_plan)."""
    texts = {id(p): run.unit_text(p) for p in units}
    candidates, rest = stack_proxy_plan(units, texts, run.promise(units), run.a0.text)
    # the statements (normalised texts, xgrag.model.copies.statement_key) a unit is or holds as a span: the same
    # sentence ending several chunks is one statement held by each. By text only: a unit stating the fact in other
    # words (a relation row traced to the same facts) is no copy a model must read alike, and keeps its own probe.
    # A group of copies planned as one unit (Planned.members) holds nothing further.
    by_target = {p.target: p for p in units if not p.members}
    holds: dict[int, set[str]] = {id(p): set() for p in by_target.values()}
    statements: dict[str, list[str]] = {}
    for u in run.units.values():
        key = statement_key(u.text)
        owners = [by_target[o] for o in (u.id, u.parent) if o is not None and o in by_target]
        if key and owners:
            statements.setdefault(key, []).append(u.text)
            for owner in owners:
                holds[id(owner)].add(key)
    return joint_plan(candidates, rest, holds, statements, run.a0.text)


class ProxyFirst(GroupTesting):
    """GroupTesting's bookkeeping with the proxy's plan as its first tests: the candidates alone in the proxy's
    order until the ones that moved the answer account for it (then the others as one group), and the rest as one
    group (the sufficiency probe); group testing's splitting only where a group moved the answer."""

    name = "proxy"

    async def search(self, measure: Measure, units: Sequence[Planned], run: ExplainRun, threshold: float,
                     can_ask: Callable[[], bool], ceiling: int | None = None) -> GroupResult:
        if run.units:
            # a stack's context, at any size and at each level (items, then the spans inside the items that moved
            # the answer, which are all GroupTesting.run searches): its own proxy (stack_proxy.py); the units
            # holding copies of one statement of the answer are verified together (a joint probe)
            tests, rest = stack_plan(run, units)
        elif any(p.parent is not None for p in units) or len(units) <= self.top_k:
            return await super().search(measure, units, run, threshold, can_ask, ceiling)
        else:
            if run.settings.proxy == "attention":
                await run.attend()  # one pass over a0's tokens against the cached prompt: the proxy's scores
            graph_candidates, rest = proxy_plan(run, units, self.top_k)
            tests = [[c] for c in graph_candidates]
        candidates = [c for t in tests for c in t]
        alone: dict[int, tuple[float, Any]] = {}

        async def measure_noting_singles(members: Sequence[Planned]) -> tuple[float, Any]:
            effect, probe = await measure(members)
            if len(members) == 1:
                alone[id(members[0])] = (effect, probe)
            return effect, probe

        tester = GroupTester(measure_noting_singles, threshold=threshold, top_k=self.top_k, can_ask=can_ask,
                             by_elimination=run.settings.response_score != "logprob", ceiling=ceiling,
                             calls=lambda: run.oracle.calls,
                             # on xgrag's graph context (measured there: benchmarks/README.md, cost6); a stack's
                             # items and spans are searched as before
                             infer_roots=bool(run.units), defer_second=not run.units,
                             # on xgrag's graph context under "shift": a moving group of candidates more than half
                             # of which is one whole trail to the answer (the chain a reader follows: most of its
                             # members move it, above the share, (3 - sqrt 5) / 2, where testing each alone costs
                             # fewer tests than halving) has each member tested alone (GroupTester.chain); a group
                             # of two trails' facts, one of them the reader's, is halved as before
                             chain=None if run.units or run.settings.response_score == "logprob" else
                             lambda members: 2 * longest_trail(run.graph, run.a0.text, [m.target for m in members],
                                                               words) > len(members))
        result = tester.result
        movers: list[Planned] = []
        together: list[Planned] = []  # the candidates left once the movers account: removed with the rest (below)
        joint_effect, joint_probe = 0.0, None  # that removal's
        quiet: list[Planned] = []  # candidates removed alone that did not move the answer
        # the question's relation words the candidates state: the movers account for the answer only when they
        # state them all (on a stack's context, whose units are no graph facts, none)
        # (a tag seed's relation words rank the trails, answer_path_facts, but are not demanded here: a reader may
        # answer through the seed's own fact, "The Pool Boys has_genre Comedy" for "the films that share actors
        # with The Pool Boys were in which genres", and the group test of the candidates left checks that reading;
        # demanding "act" asked each of them alone instead, one call more on three of seed 11's questions,
        # benchmarks/README.md, cost6)
        words = relation_words(run.graph, run.question, named_seeds=False) & {
            w for c in candidates for w in fact_words(run.graph, c.target)}
        for i, test in enumerate(tests):
            if not can_ask():
                break
            if len(test) > 1:
                # copies of one statement out together: their joint importance, never split into single removals
                # that each leave the other copies (GroupTester.test_joint)
                await tester.test_joint(test)
                continue
            c = test[0]
            if await tester.test([c]):
                movers.append(c)
            else:
                quiet.append(c)
            unverified = [u for t in tests[i + 1:] for u in t]
            # Adaptive verification: once the candidates that moved the answer on their own account for it (a
            # chain from the question's entities to the entities the answer names, or the fact stating its value),
            # the candidates not yet verified are removed together, everything else kept, as one group test: when
            # the answer stays they are cleared by it (a chain of h facts costs h + 2 calls beyond the answer,
            # the sufficiency probe included), when it moves group testing splits them below.
            if movers and unverified and (
                    accounts_for(run.graph, run.a0.text, [m.target for m in movers], words)
                    or chain_accounts_for(run.graph, run.a0.text, [m.target for m in movers],
                                          [q.target for q in quiet], [u.target for u in unverified], words)):
                if rest and not run.units and run.settings.response_score != "logprob" and \
                        entity_chain_accounts(run.graph, run.a0.text, [m.target for m in movers],
                                              [q.target for q in quiet], [u.target for u in unverified], words) \
                        and not rival_values(run.graph, [m.target for m in movers], [u.target for u in unverified]):
                    # (a candidate left that is a mover's rival on its chain keeps the group test below: cost21)
                    together = list(unverified)  # removed with the rest, in the sufficiency probe (below)
                elif can_ask():
                    # in the proxy's order, or the prompt's when it is ordered for a prefix cache (search_order)
                    await tester.test(prompt_order(unverified, run.order, run.graph) if run.order
                                      else list(unverified))
                break
            # A chain of the movers and quiet links accounts for the answer but for the candidates still to verify
            # that join a quiet link's two ends (its likeliest alternatives: chain_accounts_for): those are asked
            # next, ahead of the proxy's order, so that the accounting, and the one group test of the candidates
            # left, come as soon as they are measured. In the proxy's order they waited behind candidates of other
            # trails, each asked alone while the chain could not account (a 6-candidate plan then costs 6 calls alone
            # and the probe: benchmarks/README.md, bench_answer_cost, cost19). Under "shift" on xgrag's graph context.
            if movers and len(unverified) > 1 and not run.units and run.settings.response_score != "logprob":
                blocking = set(blocking_parallels(run.graph, run.a0.text, [m.target for m in movers],
                                                  [q.target for q in quiet], [u.target for u in unverified], words))
                later = tests[i + 1:]
                tests[i + 1:] = [t for t in later if any(u.target in blocking for u in t)] + \
                    [t for t in later if not any(u.target in blocking for u in t)]
            # Redundant support shown: a whole trail from a seed to the answer, stating the question's relation
            # words, was removed link by link and no link moved the answer (each has an alternative: the answer
            # writes and directs several of the films). The candidates still to verify are then removed together,
            # everything else kept, as one group test: the quiet trail stays, so the answer most likely stays and
            # they are cleared at once (when it moves, group testing splits them). Under "shift" only: under
            # "logprob" the small drops of a group's removals add up (GroupTester.by_elimination).
            if not movers and len(unverified) > 1 and run.settings.response_score != "logprob" and \
                    quiet_trail(run.graph, run.a0.text, [q.target for q in quiet], words):
                if can_ask():
                    await tester.test(prompt_order(unverified, run.order, run.graph) if run.order
                                      else list(unverified))
                break
        if not run.units and run.settings.response_score != "logprob" and (rest or together):
            # Under "shift" on xgrag's graph context: the question's echoes (question_echo_facts: the seed's facts
            # that say the question's own words again, Mary, Queen of Scots -has_tags-> queen) not measured yet are
            # each removed alone before the sufficiency probe, everything else kept. A reader that finds the
            # question's entity by its words may lose it when the echo alone is out and the context's other facts
            # compete (another film's cast answers), while removing the echo with the rest removes those competitors
            # too and keeps the answer: the sufficiency probe, or the joint probe of the candidates left, clears it
            # unmeasured (seeds 43 and 61's dev-4910, seed 59's dev-10566: leave-one-out's top 3 missed;
            # benchmarks/README.md, bench_answer_cost, cost22). Few contexts hold one (28 of 326 tuning plans).
            echo_ids = set(question_echo_facts(run.graph, run.question))
            # Several echoes (a name split into tags: Death at a Funeral -has_tags-> death, -has_tags-> funeral) are
            # each other's alternative: removed together as one group test, everything else kept, split only when
            # it moves (each alone cost 2 calls on 7 of the 28 tuning plans with an echo and found nothing).
            pending = run.by_proxy([p for p in [*together, *rest] if p.target in echo_ids])[:MAX_ECHOES]
            if pending and can_ask():
                candidates.extend(pending)
                await tester.test(pending)
            asked = {id(c) for c in pending}
            rest = [p for p in rest if id(p) not in asked]
            together = [p for p in together if id(p) not in asked]
        if together and can_ask():
            # Under "shift" on xgrag's graph context, once the movers account for the answer: the candidates still to
            # verify are removed with the rest in one sufficiency probe, only the candidates measured alone kept.
            # When the answer stays, every one of them is cleared by that removal (removing less never moves what
            # removing more kept: the monotone removals the redundancy resolution assumes too), one call where the
            # group test of those candidates, everything else kept, and the sufficiency probe took two (a 3-fact
            # chain: 6 -> 5 calls; benchmarks/README.md, bench_answer_cost, cost20). When it moves, the sufficiency
            # probe of the rest alone follows: when that keeps the answer, the candidates left hold what moved it and
            # are split as a group that moved (by elimination, as group testing infers a second half), the calls of
            # the plan before; when it moves too, the candidates left are tested together as before (one call
            # more). The movers must state every relation word of the question the candidates state (accounts_for):
            # a short trail that skips one (dev-7141's director, which accounted when this was first tried, before
            # that rule: cost5) no longer accounts.
            joint, joint_effect, joint_probe = await self.sufficiency(measure, units, [*rest, *together], run,
                                                                      threshold, can_ask, result)
            if joint_effect <= threshold:
                tester.record(joint, joint_effect, joint_probe)
                rest, together = [], []
            else:
                result.tests += 1  # the joint probe: superseded by the sufficiency probe below
                together = prompt_order(together, run.order, run.graph) if run.order else together
        if rest and can_ask():
            kept_only, effect, probe = await self.sufficiency(measure, units, rest, run, threshold, can_ask, result)
            if together and can_ask():
                if effect <= threshold and len(together) > 1:
                    tester.record(together, joint_effect, joint_probe)  # holds the mover: split below (settle)
                else:
                    await tester.test(together)  # alone (one of them), or beside a rest that moved too
            if effect > threshold and not run.units and can_ask():
                # The candidates did not confirm the plan: before group testing searches the rest, the facts of
                # the rest that name an entity the answer names (or state its value) are candidates too, each
                # removed alone, and the sufficiency probe is asked again without them. A reader that answers with
                # an entity leans on what the context says of it beside the trail that reaches it (the film's other
                # actors, its tags), which the trails do not hold and group testing's halves, each moving a0 by
                # less than the threshold under a graded score, clear (benchmarks/README.md, SmolLM2 v3).
                tiers = answer_entity_tiers(run.graph, run.a0.text)
                in_rest = [p for p in rest if p.target in tiers]
                promise = {id(p): i for i, p in enumerate(run.by_proxy(in_rest))}
                # by tier, then the proxy's order (the embedding proxy: closeness to the question or the answer; or
                # the target's attention); at most MAX_CANDIDATES, as the first candidates
                extra = sorted(in_rest, key=lambda p: (tiers[p.target], promise[id(p)], p.target))[:MAX_CANDIDATES]
                echo_tiers: list[list[Planned]] = []
                if run.settings.response_score != "logprob":
                    # Under "shift", on xgrag's graph context: first the seeds' facts that say the question's own
                    # words again (question_echo_facts), each removed alone. A reader that finds the question's
                    # entity by its words answers a hop short (the writer, not the writer's films' language) or
                    # otherwise once everything but the candidates is out; when the missed fact is such an echo,
                    # one call finds it where the rest's group testing descended ~log2(n) halves to it
                    # (benchmarks/README.md, bench_answer_cost, cost9: Batman Begins -has_tags-> batman, 8 tests).
                    # When none moves it and no fact of the answer's entity is left to try (`extra`, below), the
                    # seeds' facts that state the question's relation words (seed_relation_facts: where a reader
                    # starts reading the relation asked), each alone too, before group testing descends the rest
                    # (benchmarks/README.md, bench_answer_cost, cost11: 18 -> 7 calls on seed 29's dev-2548). Not
                    # beside an echo that moves, nor before the answer's entity's facts: asked there they cost 1-3
                    # calls more on four replays of seeds 11-23 and found nothing those did not.
                    # When one moves the answer, the answer's entity's facts wait in the rest: the sufficiency
                    # probe asked again without the echoes says whether anything else is missed.
                    echo_ids = set(question_echo_facts(run.graph, run.question)) - set(tiers)
                    # Then the facts of a seed named by relation words only (relation_seed_facts: a tag "director"
                    # the linker matched on the question's word), each alone: the reader may start a chain there,
                    # and with that fact out it starts elsewhere and answers a hop short (benchmarks/README.md,
                    # bench_answer_cost, cost16: The Social Network -has_tags-> director, 22 -> 9 calls).
                    # (of a seed no candidate touches: one the plan's tests read already is no likelier than the rest)
                    tag_ids = set(relation_seed_facts(run.graph, [c.target for c in candidates])) - set(tiers)
                    tag_ids -= echo_ids
                    relation_ids = set(seed_relation_facts(run.graph, run.question)) - set(tiers) - echo_ids - tag_ids
                    by_relation = [] if extra else run.by_proxy([p for p in rest if p.target in relation_ids])
                    echo_tiers = [t for t in (run.by_proxy([p for p in rest if p.target in echo_ids])[:MAX_ECHOES],
                                              run.by_proxy([p for p in rest if p.target in tag_ids])[:MAX_ECHOES],
                                              by_relation[:MAX_ECHOES]) if t]
                echoes: list[Planned] = []
                if echo_tiers or extra:
                    result.tests += 1  # the first sufficiency probe, superseded by the one below
                if echo_tiers:
                    echo_moved = False
                    for tier in echo_tiers:
                        for c in tier:
                            if not can_ask():
                                break
                            echoes.append(c)
                            candidates.append(c)
                            echo_moved = await tester.test([c]) or echo_moved
                        if echo_moved:
                            break
                    asked = {id(c) for c in echoes if id(c) in alone}
                    if echo_moved:
                        extra = []
                    rest = [p for p in rest if id(p) not in asked]
                    if rest and can_ask() and not extra:
                        kept_only, effect, probe = await self.sufficiency(measure, units, rest, run, threshold,
                                                                          can_ask, result)
                    elif not extra:
                        kept_only = []
                if extra:
                    result.answer_entity_candidates = 0
                    if run.settings.response_score != "logprob" and len(extra) > 1:
                        # Under "shift" they are removed together first, everything else kept (one group test):
                        # a fact of the answer's entity the reader needs moves the group, which group testing
                        # then splits down to it; a group that leaves the answer where it was is cleared at once
                        # (the director's other films, each an alternative of the others). Under "logprob" the
                        # small drops of a group's removals add up, so each is removed alone as before.
                        candidates.extend(extra)
                        result.answer_entity_candidates = len(extra)
                        await tester.test(prompt_order(extra, run.order, run.graph) if run.order else list(extra))
                        asked = {id(c) for c in extra}
                    else:
                        for c in extra:
                            if not can_ask():
                                break
                            candidates.append(c)
                            result.answer_entity_candidates += 1
                            await tester.test([c])
                        asked = {id(c) for c in extra if id(c) in alone}
                    rest = [p for p in rest if id(p) not in asked]
                    if rest and can_ask():
                        kept_only, effect, probe = await self.sufficiency(measure, units, rest, run, threshold,
                                                                          can_ask, result)
                    else:
                        kept_only = []
            if kept_only:
                tester.record(kept_only, effect, probe)
        await tester.settle()
        # confirmed: a candidate moved the answer on its own and removing all the rest moved nothing (the
        # sufficiency probe cleared it whole). A rest that moved it was split by group testing above. When nothing
        # moved it, neither a candidate alone nor the rest, the answer has redundant support (two films of the
        # same year): the redundancy resolution that follows finds the facts necessary once the alternatives are
        # out, over the candidates and the cleared rest alike.
        moved = any(id(c) in result.singletons for c in candidates) or bool(result.joint)
        sufficient = not rest or {id(p) for p in rest} <= result.cleared
        # a candidate was removed alone: measured as leave-one-out measures it, also when it moved nothing (the
        # report then says "measured, 0", not "cleared by a group test")
        for c in candidates:
            if id(c) in alone and id(c) not in result.singletons:
                result.effects[id(c)], result.singletons[id(c)] = alone[id(c)]
                result.cleared.discard(id(c))
        result.proxy_confirmed = moved and sufficient
        if not run.units and run.settings.response_score != "logprob":
            # the candidates removed alone were the proxy's most promising components measured as leave-one-out
            # measures them: the verification after a search of the rest (GroupTesting.run) counts them, on xgrag's
            # graph context under "shift" (measured there: benchmarks/README.md, bench_answer_cost, cost8; a stack's
            # items and spans and the logprob score keep their verification as measured)
            result.verified_by_plan = sum(id(c) in alone for c in candidates)
        result.proxy = "attention" if run.proxy_scores and not run.units else "embedding"
        result.proxy_candidates = sum(id(c) in alone for c in candidates) + sum(len(t) > 1 for t in tests)
        # verification (components asked alone against cancellation inside a group) only where a group was split
        result.verify = not sufficient
        return result

    async def sufficiency(self, measure: Measure, units: Sequence[Planned], rest: Sequence[Planned],
                          run: ExplainRun, threshold: float, can_ask: Callable[[], bool],
                          result: GroupResult) -> tuple[list[Planned], float, Any]:
        """The sufficiency probe: `rest` (everything but the candidates) removed at once. Returns (the removal in
        search order, its effect, the probe); the effect is 0 when the logprob score's graded test cleared it."""
        kept_only = search_order(rest, run)
        effect, probe = await measure(kept_only)
        if effect > threshold and run.settings.response_score == "logprob" and can_ask():
            # Under the logprob score removing a hundred facts lowers log P(a0) past the threshold whatever they
            # state (the prompt changes for any generative model), so a drop past it says little here: judged
            # instead against removing every component (one more pass; the same prompt when asked again, answered
            # from the oracle's memo), the candidates confirm the plan when they keep `sufficiency_share` of the
            # facts' effect on a0 on their own (scoring.kept_share). The changed/unchanged answer of a generated
            # response ("shift") is judged as before.
            result.kept_share = await self.measure_kept_share(measure, units, run, probe)
            result.tests += 1
            if result.kept_share is not None and result.kept_share >= run.settings.sufficiency_share:
                effect = 0.0  # cleared as a group whose removal left a0 where it was
        return kept_only, effect, probe

    @staticmethod
    async def measure_kept_share(measure: Measure, units: Sequence[Planned], run: ExplainRun,
                                 kept: Any) -> float | None:
        """The share of the components' effect on log P(a0) that the probe `kept` (only the candidates kept) keeps,
        against the context with every component removed (scoring.kept_share); None when the components do not
        raise log P(a0) or a probe has no score."""
        _, none = await measure(list(units))
        scores = (run.baseline_score, kept.response.score if kept.response else None,
                  none.response.score if none.response else None)
        if any(s is None for s in scores):
            return None
        full, only, nothing = (s.logprob for s in scores if s is not None)
        return kept_share(full, only, nothing)
