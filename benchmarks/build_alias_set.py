"""Build the labelled alias set under tests/data/aliases/ (see the README there). Deterministic for a seed.

    python benchmarks/build_alias_set.py [--seed 2026] [--kb ../shared/data/metaqa-full/kb.tsv]
                                         [--vectors-cache /tmp/kb_names.npy]

Part (a), MetaQA: groups around a focal KB entity (movie, person, tag, genre, language): the entity with its KB
neighbourhood, surface variants of its name a real user meets (case, "The X"/"X, The", punctuation, roman or
arabic numerals, accents; for people initials, a dropped middle name, the surname alone when no other person of
the group bears it), and the KB's own hard negatives: other KB entities of the same type whose names embed close
to it (all-MiniLM-L6-v2 cosine >= 0.75), people with the same surname, KB titles that differ only by an article,
a spelled number or punctuation and have different release years, and a same-named entity of another type (the
tag "tom hanks" beside the person "Tom Hanks"). A variant stands for another document's mention: it is given 1-3
of the focal entity's KB facts, each either moved from the focal entity or copied (probability 1/2), so that
variant and entity share a neighbour only some of the time.

Part (b), stories: tests/data/aliases/stories/<story>.kg.tsv, graphs written by hand from the FairyTaleQA stories
in ../shared/data/stories (names as an LLM extractor writes them, chunk by chunk), with the true alias clusters in
<story>.gold.tsv, also by hand.

Outputs: groups.jsonl (one group per line: its entities with gold entity ids, its triples) and pairs.jsonl (the
labelled pairs worth reading: every true merge, and every other type-compatible pair of a group that shares a
word or has a name cosine >= 0.5).
"""

from __future__ import annotations

import argparse
import collections
import csv
import hashlib
import itertools
import json
import random
import re
import sys
import unicodedata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "aliases"
SHARED = ROOT.parent.parent / "shared" / "data"
ROLE = {"directed_by": "Person", "written_by": "Person", "starred_actors": "Person", "release_year": "Year",
        "in_language": "Language", "has_tags": "Tag", "has_genre": "Genre", "has_imdb_rating": "Rating",
        "has_imdb_votes": "Votes"}
STORIES = ("peter-rabbit", "the-selfish-giant", "the-teapot", "why-dog-and-cat-are-enemies", "buckwheat")
HELD_OUT_STORIES = ("why-dog-and-cat-are-enemies", "buckwheat")
HELD_OUT_SHARE = 0.3
STRATA = {"Movie": 60, "Person": 60, "Tag": 24, "Genre": 4, "Language": 6}
MAX_FACTS = 12  # KB facts kept per real entity of a group


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--kb", type=Path, default=SHARED / "metaqa-full" / "kb.tsv")
    ap.add_argument("--stories", type=Path, default=OUT / "stories")
    ap.add_argument("--vectors-cache", type=Path, default=None,
                    help="reuse/keep the embedded KB names here (embedding 43k names takes minutes)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()

    from xgrag.embed import default_embedder
    from xgrag.retrieval.names import parse

    embedder = default_embedder()
    kb = Kb(args.kb)
    vectors = kb.vectors(embedder, args.vectors_cache)
    rng = random.Random(args.seed)
    groups = metaqa_groups(kb, vectors, rng, parse)
    groups += story_groups(args.stories)
    pairs = labelled_pairs(groups, embedder, parse)
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "groups.jsonl", "w", encoding="utf-8") as f:
        for g in groups:
            f.write(json.dumps(g, ensure_ascii=False, sort_keys=True) + "\n")
    with open(args.out / "pairs.jsonl", "w", encoding="utf-8") as f:
        for p in pairs:
            f.write(json.dumps(p, ensure_ascii=False, sort_keys=True) + "\n")
    summary = collections.Counter((p["source"], p["split"], p["label"]) for p in pairs)
    print(f"{len(groups)} groups, {len(pairs)} labelled pairs written to {args.out}")
    for key in sorted(summary):
        print("  ", *key, summary[key])
    return 0


# -- the KB ------------------------------------------------------------------------------------------------------

class Kb:
    def __init__(self, path: Path) -> None:
        self.rows: list[tuple[str, str, str]] = []
        with open(path, encoding="utf-8") as f:
            next(f)
            for line in f:
                h, r, t = line.rstrip("\n").split("\t")
                self.rows.append((h, r, t))
        roles: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
        self.facts: dict[str, list[tuple[str, str, str]]] = collections.defaultdict(list)
        for h, r, t in self.rows:
            roles[h]["Movie"] += 1
            roles[t][ROLE[r]] += 1
            self.facts[h].append((h, r, t))
            self.facts[t].append((h, r, t))
        # names that play two roles (a film called "Mark Twain") are left out: their KB node is two entities
        self.type = {n: next(iter(c)) for n, c in roles.items() if len(c) == 1}
        self.names = sorted(roles)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.by_type: dict[str, list[str]] = collections.defaultdict(list)
        for n, t in sorted(self.type.items()):
            self.by_type[t].append(n)
        self.year = {h: t for h, r, t in self.rows if r == "release_year"}

    def vectors(self, embedder, cache: Path | None) -> np.ndarray:
        if cache is not None and cache.is_file() and cache.with_suffix(".txt").is_file() and \
                cache.with_suffix(".txt").read_text(encoding="utf-8").split("\n") == self.names:
            return np.load(cache)
        v = embedder.embed(self.names)
        if cache is not None:
            np.save(cache, v)
            cache.with_suffix(".txt").write_text("\n".join(self.names), encoding="utf-8")
        return v


# -- name variants (what a user or an extractor writes for the same entity) --------------------------------------

ROMAN = {"II": "2", "III": "3", "IV": "4", "V": "5", "VI": "6", "VII": "7", "VIII": "8", "IX": "9", "X": "10"}
ARABIC = {v: k for k, v in ROMAN.items()}


def strip_accents(s: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch))


def variants(name: str, typ: str, rng: random.Random) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = [("case_lower", name.lower()), ("case_title", name.title())]
    if typ in ("Tag", "Genre", "Language"):
        out.append(("case_upper", name.upper()) if len(name) <= 12 else ("case_title", name.title()))
    if strip_accents(name) != name:
        out.append(("accents", strip_accents(name)))
    if typ in ("Movie", "Tag", "Genre", "Language"):
        m = re.match(r"(?i)^the (.+)$", name)
        if m:
            out += [("article_move", f"{m.group(1)}, The"), ("article_drop", m.group(1))]
        if re.search(r"[-:;,.!?'&]", name):
            out.append(("punctuation", re.sub(r"\s+", " ", re.sub(r"[:;,.!?']", "", name.replace("-", " "))).strip()))
        if "-" in name:
            out.append(("hyphen_join", name.replace("-", "")))
        if "&" in name:
            out.append(("ampersand", name.replace("&", "and")))
        toks = name.split()
        for i, t in enumerate(toks):
            if t in ROMAN and i > 0:
                out.append(("roman_to_arabic", " ".join(toks[:i] + [ROMAN[t]] + toks[i + 1:])))
            elif t.lower() in ("ii", "iii", "iv") and i > 0:
                out.append(("roman_to_arabic", " ".join(toks[:i] + [ROMAN[t.upper()]] + toks[i + 1:])))
            elif t in ARABIC and i == len(toks) - 1 and i > 0:
                out.append(("arabic_to_roman", " ".join(toks[:i] + [ARABIC[t]])))
    if typ == "Person":
        toks = name.split()
        if len(toks) >= 2 and toks[0][0].isalpha() and len(toks[0].rstrip(".")) > 1:
            out.append(("initial", " ".join([toks[0][0] + "."] + toks[1:])))
        if len(toks) >= 3:
            out.append(("drop_middle", f"{toks[0]} {toks[-1]}"))
        m = re.match(r"^((?:[A-Z]\.\s?){2,})(.+)$", name)
        if m:  # "J.R.R. Tolkien" -> "J. R. R. Tolkien" and "JRR Tolkien"
            letters = re.findall(r"[A-Z]", m.group(1))
            out += [("initials_spacing", " ".join(x + "." for x in letters) + " " + m.group(2).strip()),
                    ("initials_run", "".join(letters) + " " + m.group(2).strip())]
        if len(toks) >= 2 and len(toks[-1]) >= 4 and toks[-1][0].isupper():
            out.append(("surname_only", toks[-1]))
    seen = {name}
    unique = []
    for kind, v in out:
        v = v.strip()
        if v and v not in seen:
            seen.add(v)
            unique.append((kind, v))
    rng.shuffle(unique)
    return unique


# -- MetaQA groups -----------------------------------------------------------------------------------------------

def metaqa_groups(kb: Kb, vectors: np.ndarray, rng: random.Random, parse) -> list[dict]:
    keys: dict[tuple[str, str], list[str]] = collections.defaultdict(list)  # (type, key|loose) -> names
    for n, t in kb.type.items():
        f = parse(n)
        keys[(t, "k:" + f.key)].append(n)
        keys[(t, "l:" + f.loose)].append(n)
    surname: dict[str, list[str]] = collections.defaultdict(list)
    for n in kb.by_type["Person"]:
        surname[n.split()[-1]].append(n) if len(n.split()) >= 2 else None
    folded_any: dict[str, list[str]] = collections.defaultdict(list)
    for n in kb.type:
        folded_any[n.casefold()].append(n)

    def same_key_kb(name: str, typ: str) -> set[str]:
        f = parse(name)
        return set(keys.get((typ, "k:" + f.key), [])) | set(keys.get((typ, "l:" + f.loose), []))

    matrices = {t: vectors[np.asarray([kb.index[n] for n in pool])] for t, pool in kb.by_type.items()}

    def neighbours_by_cos(name: str, typ: str, k: int, floor: float) -> list[str]:
        pool = kb.by_type[typ]
        sims = matrices[typ] @ vectors[kb.index[name]]
        order = np.argsort(-sims)
        out = []
        for o in order[: k + 20]:
            cand = pool[int(o)]
            if cand != name and sims[o] >= floor and cand not in same_key_kb(name, typ):
                out.append(cand)
            if len(out) >= k:
                break
        return out

    groups: list[dict] = []
    for typ, count in STRATA.items():
        pool = [n for n in kb.by_type[typ] if len(kb.facts[n]) >= 2]
        # half of the focal entities among those with a close look-alike (the hard cases), half at random
        order = pool[:]
        rng.shuffle(order)
        hard = [n for n in order[:3000] if neighbours_by_cos(n, typ, 1, 0.8)]
        chosen: list[str] = []
        for n in hard[: count // 2] + order:
            if n not in chosen:
                chosen.append(n)
            if len(chosen) >= count:
                break
        for focal in chosen:
            g = metaqa_group(kb, focal, typ, rng, parse, same_key_kb, neighbours_by_cos, surname, folded_any)
            if g is not None:
                groups.append(g)
    # the held-out part: a seeded share of each stratum, never used to tune the rule
    by_type: dict[str, list[dict]] = collections.defaultdict(list)
    for g in groups:
        by_type[g["focal_type"]].append(g)
    for gs in by_type.values():
        ids = sorted(g["group"] for g in gs)
        rng.shuffle(ids)
        held = set(ids[: round(HELD_OUT_SHARE * len(ids))])
        for g in gs:
            g["split"] = "heldout" if g["group"] in held else "tune"
    return groups


def metaqa_group(kb, focal, typ, rng, parse, same_key_kb, neighbours_by_cos, surname, folded_any) -> dict | None:
    gid = "metaqa-" + hashlib.sha1(f"{typ}:{focal}".encode()).hexdigest()[:10]
    mentions: list[dict] = [{"name": focal, "type": typ, "entity": focal, "kind": "kb"}]
    negatives = neighbours_by_cos(focal, typ, 3, 0.75)
    if typ == "Person" and len(focal.split()) >= 2:
        same = [p for p in surname.get(focal.split()[-1], []) if p != focal and p not in negatives]
        rng.shuffle(same)
        negatives += same[:2]
    if typ == "Movie" and focal in kb.year:  # KB titles equal but for an article, a spelled number, punctuation
        for other in sorted(same_key_kb(focal, typ) - {focal}):
            if kb.year.get(other) and kb.year[other] != kb.year[focal]:
                negatives.append(other)
    for other in folded_any.get(focal.casefold(), []):  # same name, another type ("tom hanks" the tag)
        if other != focal and kb.type.get(other) != typ and other not in negatives:
            negatives.append(other)
    for n in negatives:
        mentions.append({"name": n, "type": kb.type[n], "entity": n, "kind": "negative"})
    taken = {m["name"] for m in mentions}
    persons = {m["name"] for m in mentions if m["type"] == "Person"}

    def ok_variant(kind: str, v: str, of: str, t: str) -> bool:
        if v in taken or v in kb.type:
            return False
        if same_key_kb(v, t) - {of}:
            return False  # the variant would read as another KB entity's name: its label would be a guess
        if kind == "surname_only" and any(p != of and p.split()[-1] == v for p in persons):
            return False  # "Payne" beside "Dave Payne" and "John Payne" is a guess
        if kind in ("initial", "drop_middle") and any(p != of and p.split()[-1] == v.split()[-1] and p[:1] == v[:1]
                                                      for p in persons):
            return False  # "D. Payne" beside "Dave Payne" and "Don Payne", "C. Sullivan" beside "C. Gardner
            # Sullivan" and "Chris Sullivan": a guess
        return True

    want = rng.choice([1, 2, 2, 3])
    for kind, v in variants(focal, typ, rng):
        if len([m for m in mentions if m["kind"].startswith("variant")]) >= want:
            break
        if ok_variant(kind, v, focal, typ):
            mentions.append({"name": v, "type": typ, "entity": focal, "kind": f"variant:{kind}"})
            taken.add(v)
    neg = [m for m in mentions if m["kind"] == "negative" and m["type"] == typ]
    if neg and rng.random() < 0.5:  # a variant of a look-alike: must not merge with the focal entity either
        other = neg[0]["name"]
        for kind, v in variants(other, typ, rng):
            if ok_variant(kind, v, other, typ):
                mentions.append({"name": v, "type": typ, "entity": other, "kind": f"negative_variant:{kind}"})
                taken.add(v)
                break
    if not any(m["kind"].startswith("variant") for m in mentions):
        return None
    # the graph around them: KB facts of the real entities, a few moved or copied to the variants
    ids: dict[str, str] = {}
    nodes: list[dict] = []
    loose: dict[tuple[str, str], str] = {}  # (type, folded name) -> the name holding it in this group

    def node(name: str, t: str, entity: str | None = None, kind: str = "context") -> str | None:
        key = f"{name}\x1f{t}"
        if key not in ids:
            lk = (t, parse(name).loose)
            if kind == "context" and loose.get(lk, name) != name:
                return None  # two KB names that read the same ("music" / "music?"): their identity is a guess
            loose.setdefault(lk, name)
            ids[key] = f"n{len(ids)}"
            nodes.append({"id": ids[key], "name": name, "type": t, "entity": entity or name, "kind": kind})
        return ids[key]

    for m in mentions:
        m["id"] = node(m["name"], m["type"], m["entity"], m["kind"])
    triples: list[list[str]] = []
    facts_of: dict[str, list[tuple[str, str, str]]] = {}
    for m in mentions:
        if m["kind"] in ("kb", "negative"):
            fs = sorted(kb.facts[m["name"]])
            rng.shuffle(fs)
            functional = [f for f in fs if f[1] in ("release_year", "directed_by", "in_language") and
                          f[0] == m["name"]]
            rest = [f for f in fs if f not in functional]
            facts_of[m["name"]] = functional + rest[: max(0, MAX_FACTS - len(functional))]
    for m in mentions:
        if not m["kind"].startswith(("variant", "negative_variant")):
            continue
        source = facts_of.get(m["entity"], [])
        if not source:
            continue
        chosen = rng.sample(source, min(len(source), rng.choice([1, 2, 3])))
        for h, r, t in chosen:
            if rng.random() < 0.5 and len(facts_of[m["entity"]]) > 1:
                facts_of[m["entity"]].remove((h, r, t))
            if (fact := _fact(h, r, t, m, kb, node)) is not None:
                triples.append(fact)
    for m in mentions:
        for h, r, t in facts_of.get(m["name"], []) if m["kind"] in ("kb", "negative") else []:
            if (fact := _fact(h, r, t, None, kb, node)) is not None:
                triples.append(fact)
    uniq = sorted({tuple(t) for t in triples})
    return {"group": gid, "source": "metaqa", "focal": focal, "focal_type": typ, "entities": nodes,
            "triples": [list(t) for t in uniq]}


def _fact(h: str, r: str, t: str, mention: dict | None, kb: Kb, node) -> list[str] | None:
    """A KB fact as a triple of node ids; with `mention`, the mention stands in for its entity's end."""
    def end(name: str, role: str) -> str | None:
        if mention is not None and name == mention["entity"]:
            return mention["id"]
        return node(name, kb.type.get(name, role))
    head, tail = end(h, "Movie"), end(t, ROLE[r])
    return None if head is None or tail is None else [head, r, tail]


# -- story groups ------------------------------------------------------------------------------------------------

def story_groups(folder: Path) -> list[dict]:
    groups = []
    for story in STORIES:
        ids: dict[tuple[str, str], str] = {}
        triples = []
        with open(folder / f"{story}.kg.tsv", encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                ends = []
                for name, typ in ((row["head"], row["head_type"]), (row["tail"], row["tail_type"])):
                    ids.setdefault((name, typ), f"n{len(ids)}")
                    ends.append(ids[(name, typ)])
                triples.append([ends[0], row["relation"], ends[1]])
        gold: dict[tuple[str, str], str] = {}
        with open(folder / f"{story}.gold.tsv", encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                for member in row["members"].split(" | "):
                    name, typ = member.rsplit("::", 1)
                    if (name, typ) not in ids:
                        sys.exit(f"{story}.gold.tsv: {member!r} is not a node of {story}.kg.tsv")
                    gold[(name, typ)] = row["entity"]
        entities = [{"id": i, "name": n, "type": t, "entity": gold.get((n, t), f"{n}::{t}"),
                     "kind": "alias" if (n, t) in gold else "story"} for (n, t), i in ids.items()]
        groups.append({"group": f"story-{story}", "source": "stories", "focal": story, "focal_type": "Story",
                       "entities": entities, "triples": sorted(triples),
                       "split": "heldout" if story in HELD_OUT_STORIES else "tune"})
    return groups


# -- the labelled pairs ------------------------------------------------------------------------------------------

def labelled_pairs(groups: list[dict], embedder, parse) -> list[dict]:
    from xgrag.retrieval.alias_rule import types_compatible

    names = sorted({e["name"] for g in groups for e in g["entities"]})
    vec = dict(zip(names, embedder.embed(names), strict=True))
    out = []
    for g in groups:
        for a, b in itertools.combinations(g["entities"], 2):
            if not types_compatible(a["type"], b["type"]) and a["name"].casefold() != b["name"].casefold():
                continue
            same = a["entity"] == b["entity"]
            cos = float(vec[a["name"]] @ vec[b["name"]])
            shared_word = bool(set(parse(a["name"]).core) & set(parse(b["name"]).core))
            if not (same or cos >= 0.5 or shared_word):
                continue
            out.append({"group": g["group"], "source": g["source"], "split": g["split"], "a": a["name"],
                        "type_a": a["type"], "b": b["name"], "type_b": b["type"],
                        "label": "merge" if same else "no-merge", "kind_a": a["kind"], "kind_b": b["kind"],
                        "cosine": round(cos, 4)})
    return out


if __name__ == "__main__":
    sys.exit(main())
