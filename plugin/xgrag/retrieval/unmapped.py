"""Does a question name something the mapping leaves out? When linking finds nothing, the question's spans are
looked for among the nodes of the labels the mapping does not read (an `xgrag schema infer` that skipped a label,
a hand-written mapping that forgot one): a match means the answer cannot come from the graph until the label is
mapped, which the CLI says instead of leaving a user with "I don't know." and no reason.

Reads only; labels come from the server (`db.labels()`) and pass the identifier rule before they are spliced; the
spans are parameters. Each label is read to the first few matches at most; a label with more than `max_nodes`
nodes is not searched (it is named as not searched).
"""

from __future__ import annotations

from dataclasses import dataclass

from xgrag.config import IDENTIFIER
from xgrag.retrieval.linking import candidate_spans
from xgrag.retrieval.words import WEAK
from xgrag.store.neo4j import Neo4jStore
from xgrag.store.queries import q

MAX_NODES = 2_000_000


@dataclass(frozen=True)
class UnmappedMention:
    label: str  # the label the mapping leaves out
    key: str  # the property holding the span
    value: str  # the span as stored


@dataclass
class UnmappedSearch:
    mentions: list[UnmappedMention]
    unmapped_labels: list[str]  # every label with nodes the mapping does not read
    not_searched: list[str]  # labels too large to search


def unmapped_mentions(store: Neo4jStore, question: str, max_nodes: int = MAX_NODES,
                      per_label: int = 3) -> UnmappedSearch:
    # linking's spans, and runs of whitespace-separated tokens as typed ("9-(882)417-7531", "a@b.org")
    tokens = [t.strip("?!,;:\"'") for t in question.split()]
    typed = {" ".join(tokens[i:j]) for i in range(len(tokens)) for j in range(i + 1, min(len(tokens), i + 6) + 1)}
    spans = sorted({s for s in [*candidate_spans(question), *typed]
                    if len(s) >= 3 and s.lower() not in WEAK and any(ch.isalnum() for ch in s)})
    mapped = store.schema.read_labels()
    rows = store.query("CALL db.labels() YIELD label RETURN label ORDER BY label", read_only=True, plain=True)
    labels = [str(r["label"]) for r in rows if str(r["label"]) not in mapped
              and not str(r["label"]).startswith("Xgrag") and IDENTIFIER.fullmatch(str(r["label"]))]
    found: list[UnmappedMention] = []
    unmapped: list[str] = []
    skipped: list[str] = []
    for label in labels:
        count = int(store.query(f"MATCH (n:{q(label)}) RETURN count(n) AS c", read_only=True, plain=True)[0]["c"])
        if not count:
            continue
        unmapped.append(label)
        if count > max_nodes:
            skipped.append(label)
            continue
        if not spans:
            continue
        # the label and key come from the server (checked above); the spans are a parameter
        hits = store.query(f"MATCH (n:{q(label)}) WITH n, [k IN keys(n) WHERE n[k] IN $spans] AS ks WHERE ks <> [] "
                           "RETURN ks[0] AS key, n[ks[0]] AS value LIMIT $limit",
                           {"spans": spans, "limit": per_label}, read_only=True, plain=True)
        found += [UnmappedMention(label, str(h["key"]), str(h["value"])) for h in hits]
    return UnmappedSearch(found, unmapped, skipped)
