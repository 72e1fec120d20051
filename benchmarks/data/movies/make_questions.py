"""Write questions.jsonl: questions about Neo4j's Movies graph as people type them, with answers computed from
graph.json (never typed by hand) and, where one stored fact decides the answer, that fact (`evidence`: head,
relationship type or property key, tail or value). Kinds: edge (a relationship), property (a node's property),
relationship-property (a relationship's property: roles, rating, summary), 2hop. Run: python make_questions.py"""
from __future__ import annotations

import json
import pathlib

from load import graph

HERE = pathlib.Path(__file__).parent
G = graph()
PROPS = {(n["properties"].get("name") or n["properties"].get("title")): n["properties"] for n in G["nodes"]}


def rels(t: str, a: str | None = None, b: str | None = None) -> list[dict]:
    return [r for r in G["relationships"] if r["type"] == t and a in (None, r["start"][1]) and b in (None, r["end"][1])]


def text(v: object) -> str:
    return ", ".join(map(str, v)) if isinstance(v, list) else str(v)


def edge(q: str, t: str, a: str | None = None, b: str | None = None) -> dict:
    found = rels(t, a, b)
    answers = sorted({r["end"][1] if a else r["start"][1] for r in found})
    out = {"question": q, "answers": answers, "kind": "edge"}
    if len(found) == 1:
        out["evidence"] = [[found[0]["start"][1], t, found[0]["end"][1]]]
    return out


def prop(q: str, name: str, key: str) -> dict:
    value = PROPS[name][key]
    return {"question": q, "answers": [text(value)], "kind": "property", "evidence": [[name, key, text(value)]]}


def rel_prop(q: str, t: str, a: str, b: str, key: str) -> dict:
    (r,) = rels(t, a, b)
    value = r["properties"][key]
    return {"question": q, "answers": [text(value)], "kind": "relationship-property",
            "evidence": [[a, f"{t}.{key}", text(value)]]}


def two_hop(q: str, answers: set[str]) -> dict:
    return {"question": q, "answers": sorted(answers), "kind": "2hop"}


QUESTIONS = [
    edge("Who directed The Matrix?", "DIRECTED", b="The Matrix"),
    edge("Who wrote A Few Good Men?", "WROTE", b="A Few Good Men"),
    edge("Who produced Jerry Maguire?", "PRODUCED", b="Jerry Maguire"),
    edge("Which movie did Tom Hanks direct?", "DIRECTED", a="Tom Hanks"),
    edge("Who does Paul Blythe follow?", "FOLLOWS", a="Paul Blythe"),
    edge("Who directed Unforgiven?", "DIRECTED", b="Unforgiven"),
    edge("Who wrote Top Gun?", "WROTE", b="Top Gun"),
    prop("When was Keanu Reeves born?", "Keanu Reeves", "born"),
    prop("In what year was The Matrix released?", "The Matrix", "released"),
    prop("What is the tagline of Top Gun?", "Top Gun", "tagline"),
    prop("When was Al Pacino born?", "Al Pacino", "born"),
    prop("When was Cloud Atlas released?", "Cloud Atlas", "released"),
    prop("What is the tagline of Apollo 13?", "Apollo 13", "tagline"),
    rel_prop("What role did Keanu Reeves play in The Devil's Advocate?", "ACTED_IN", "Keanu Reeves",
             "The Devil's Advocate", "roles"),
    rel_prop("Which role did Tom Cruise play in Top Gun?", "ACTED_IN", "Tom Cruise", "Top Gun", "roles"),
    rel_prop("What rating did James Thompson give The Replacements?", "REVIEWED", "James Thompson",
             "The Replacements", "rating"),
    rel_prop("What was Jessica Thompson's summary of Cloud Atlas?", "REVIEWED", "Jessica Thompson", "Cloud Atlas",
             "summary"),
    rel_prop("What role did Hugo Weaving play in The Matrix?", "ACTED_IN", "Hugo Weaving", "The Matrix", "roles"),
    rel_prop("What rating did Angela Scope give The Replacements?", "REVIEWED", "Angela Scope", "The Replacements",
             "rating"),
    two_hop("Who directed the movies Keanu Reeves acted in?",
            {d["start"][1] for m in rels("ACTED_IN", a="Keanu Reeves") for d in rels("DIRECTED", b=m["end"][1])}),
    two_hop("When was the director of Top Gun born?",
            {text(PROPS[d["start"][1]]["born"]) for d in rels("DIRECTED", b="Top Gun")}),
    two_hop("Who acted in the movies directed by Clint Eastwood?",
            {a["start"][1] for m in rels("DIRECTED", a="Clint Eastwood") for a in rels("ACTED_IN", b=m["end"][1])}),
    two_hop("Who reviewed the movies Cameron Crowe directed?",
            {r["start"][1] for m in rels("DIRECTED", a="Cameron Crowe") for r in rels("REVIEWED", b=m["end"][1])}),
    two_hop("Which movies did the people Paul Blythe follows review?",
            {r["end"][1] for f in rels("FOLLOWS", a="Paul Blythe") for r in rels("REVIEWED", a=f["end"][1])}),
]

if __name__ == "__main__":
    with open(HERE / "questions.jsonl", "w", encoding="utf-8") as f:
        for q in QUESTIONS:
            assert q["answers"], q
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(QUESTIONS)} questions")
