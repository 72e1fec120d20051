"""The question files of the domain corpus (benchmarks/data/domains/<graph>/questions.jsonl) and their gold, resolved
against the loaded graph by element id, so that a question's gold never depends on how a mapping names things.

    python benchmarks/domain_gold.py check GRAPH --uri bolt://... --password-file FILE   # validate one file

One JSON object per line:

    {"question": "Where does Nancy Campbell live?",            # as a user types it: no brackets, no ids
     "answers": ["12 High Street", "12 High St"],              # every acceptable answer text (stored form first)
     "kind": "edge" | "node-property" | "relationship-property" | "two-hop",
     "named": [NODE, ...],                                     # the entities the question names (linking must find)
     "evidence": [FACT, ...]}                                  # the facts that decide the answer (two for two-hop)

    NODE  = {"label": "Person", "where": {"name": "Nancy", "surname": "Campbell"}}   # exactly one node
    FACT  = {"start": NODE, "type": "CURRENT_ADDRESS", "end": NODE}                 # a relationship
          | {"node": NODE, "key": "rank"}                                           # a property of a node
          | {"start": NODE, "type": "REVIEWED", "end": NODE, "key": "rating"}       # a property of a relationship

`where` values are compared with `=` as stored (a string stays a string, an integer an integer; a Neo4j date, which
JSON cannot hold, is written {"date": "2019-01-25"} and compared as date("2019-01-25")). `check` verifies
that every NODE matches exactly one node, every relationship FACT exactly one relationship, every property FACT a
set value, and that the stored value (or, for an edge, a property of either end) appears among `answers`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("edge", "node-property", "relationship-property", "two-hop")


class GoldError(ValueError):
    """A question whose gold does not hold in the loaded graph (says which line and why)."""


def _quoted(identifier: str) -> str:
    """A label, type or property name as a quoted Cypher identifier, whatever it holds: a graph's own names may have
    spaces and punctuation (countries-of-the-world's `Area (sq. mi.)`); a backtick in it is doubled."""
    if not isinstance(identifier, str) or not identifier:
        raise GoldError(f"a gold identifier must be a non-empty string, not {identifier!r}")
    return "`" + identifier.replace("`", "``") + "`"


def _node_match(var: str, ref: dict[str, Any], prefix: str) -> tuple[str, dict[str, Any]]:
    where = ref.get("where") or {}
    if not isinstance(ref.get("label"), str) or not isinstance(where, dict) or not where:
        raise GoldError(f"a node reference needs a label and a non-empty where: {ref}")
    conds, params = [], {}
    for i, (key, value) in enumerate(where.items()):
        name = f"{prefix}{i}"
        if isinstance(value, dict):  # a stored temporal value, as JSON writes it: {"date": "2019-01-25"}
            if list(value) != ["date"] or not isinstance(value["date"], str):
                raise GoldError(f"a where value that is an object must be {{\"date\": \"YYYY-MM-DD\"}}, not {value}")
            conds.append(f"{var}.{_quoted(key)} = date(${name})")
            params[name] = value["date"]
        else:
            conds.append(f"{var}.{_quoted(key)} = ${name}")
            params[name] = value
    return f"({var}:{_quoted(ref['label'])}) WHERE " + " AND ".join(conds), params


def resolve_node(store: Any, ref: dict[str, Any]) -> str:
    """The element id of the one node `ref` names."""
    pattern, params = _node_match("n", ref, "p")
    rows = store.query(f"MATCH {pattern} RETURN elementId(n) AS id LIMIT 2", params)
    if len(rows) != 1:
        raise GoldError(f"{ref} matches {len(rows) if len(rows) < 2 else 'more than one'} nodes, not one")
    return str(rows[0]["id"])


@dataclass(frozen=True)
class GoldFact:
    """A resolved FACT: the id the explanation gives its component (a relationship's element id, or a property
    fact's '<owner id>#<key>'), and the stored value it states (a property) or both ends' properties (an edge: a
    question may ask for either end)."""

    id: str
    kind: str  # relationship | node_property | relationship_property
    value: Any


def resolve_fact(store: Any, fact: dict[str, Any]) -> GoldFact:
    from xgrag.model.graph import property_fact_id

    if "node" in fact:
        owner = resolve_node(store, fact["node"])
        key = fact["key"]
        rows = store.query(f"MATCH (n) WHERE elementId(n) = $id RETURN n.{_quoted(key)} AS v", {"id": owner})
        if not rows or rows[0]["v"] is None:
            raise GoldError(f"{fact['node']} has no property {key!r}")
        return GoldFact(property_fact_id(owner, key), "node_property", rows[0]["v"])
    a_pattern, a_params = _node_match("a", fact["start"], "a")
    b_pattern, b_params = _node_match("b", fact["end"], "b")
    rows = store.query(f"MATCH {a_pattern} MATCH {b_pattern} MATCH (a)-[r:{_quoted(fact['type'])}]->(b) "
                       "RETURN elementId(r) AS id, properties(r) AS props, [properties(a), properties(b)] AS ends "
                       "LIMIT 2",
                       {**a_params, **b_params})
    if len(rows) != 1:
        raise GoldError(f"({fact['start']})-[:{fact['type']}]->({fact['end']}) matches "
                        f"{len(rows) if len(rows) < 2 else 'more than one'} relationships, not one")
    rel = str(rows[0]["id"])
    if "key" in fact:
        value = rows[0]["props"].get(fact["key"])
        if value is None:
            raise GoldError(f"the {fact['type']} relationship has no property {fact['key']!r}")
        return GoldFact(property_fact_id(rel, fact["key"]), "relationship_property", value)
    return GoldFact(rel, "relationship", rows[0]["ends"])


def read_questions(path: Path) -> list[dict[str, Any]]:
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            q = json.loads(line)
        except json.JSONDecodeError as exc:
            raise GoldError(f"{path}:{i}: not JSON ({exc})") from None
        missing = [k for k in ("question", "answers", "kind", "named") if k not in q]
        if missing or q.get("kind") not in KINDS or not q.get("answers"):
            raise GoldError(f"{path}:{i}: needs question, answers (non-empty), kind ({'|'.join(KINDS)}), named; "
                            f"got {sorted(q)}")
        q["line"] = i
        out.append(q)
    return out


def _texts(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [] if value is None else [str(value)]


def check(store: Any, path: Path) -> list[str]:
    """Every problem of a question file against the loaded graph (empty: the file holds)."""
    from xgrag.generate.base import answer_key

    problems = []
    for q in read_questions(path):
        where = f"{path.name}:{q['line']} {q['question']!r}"
        try:
            for ref in q["named"]:
                resolve_node(store, ref)
            facts = [resolve_fact(store, f) for f in q.get("evidence", [])]
        except GoldError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if q["kind"] == "two-hop" and len(facts) != 2:
            problems.append(f"{where}: a two-hop question names its two facts")
        if facts and q["kind"] != "two-hop":  # several facts: one answer each
            stated = {answer_key(t) for f in facts for t in _texts(f.value)}
            if not stated & {answer_key(a) for a in q["answers"]}:
                problems.append(f"{where}: none of the answers {q['answers']} is what the evidence states "
                                f"({[t for f in facts for t in _texts(f.value)][:6]})")
    return problems


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["check"])
    ap.add_argument("graph")
    ap.add_argument("--uri", required=True)
    ap.add_argument("--user", default="neo4j")
    ap.add_argument("--password-file", type=Path, required=True)
    args = ap.parse_args(argv)
    from xgrag.store.neo4j import Neo4jStore

    path = ROOT / "benchmarks" / "data" / "domains" / args.graph / "questions.jsonl"
    with Neo4jStore(args.uri, args.user, args.password_file.read_text().strip()) as store:
        problems = check(store, path)
    for p in problems:
        print(p)
    n = len(read_questions(path))
    print(f"{path}: {n} questions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
