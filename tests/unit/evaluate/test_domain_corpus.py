"""The domain corpus's bookkeeping (benchmarks/domain_corpus.py, benchmarks/domain_gold.py), without a server: every
graph has a question file of at least 12 well-formed records, and the splits are exactly the documented draws (the first
twenty-three, each spent after its one run), so a graph cannot slip into or out of the frozen split unnoticed; and
the loaders' pure parts (a script's LOAD CSV statements, a GraphGist's setup blocks, a Data Importer model's
statements, a subquery's IN TRANSACTIONS, Rome's per-mode load) and the gold's quoting of identifiers."""

from __future__ import annotations

import ast
import datetime
import importlib.util
import json
import math
import random
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from helpers import ROOT

KINDS = {"edge", "node-property", "relationship-property", "two-hop"}


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses resolve the module's annotations through sys.modules
    spec.loader.exec_module(module)
    return module


corpus = _module("domain_corpus")
gold = _module("domain_gold")


def _node_ok(ref: Any) -> bool:
    return (isinstance(ref, dict) and isinstance(ref.get("label"), str) and isinstance(ref.get("where"), dict)
            and bool(ref["where"]))


def _fact_ok(fact: Any) -> bool:
    if not isinstance(fact, dict):
        return False
    if "node" in fact:
        return _node_ok(fact["node"]) and isinstance(fact.get("key"), str)
    return (_node_ok(fact.get("start")) and _node_ok(fact.get("end")) and isinstance(fact.get("type"), str)
            and isinstance(fact.get("key", ""), str))


@pytest.mark.parametrize("name", sorted(corpus.GRAPHS))
def test_every_graph_has_twelve_well_formed_questions(name: str) -> None:
    records = gold.read_questions(corpus.GRAPHS[name].questions)
    assert len(records) >= 12
    for q in records:
        where = f"{name}:{q['line']}"
        assert isinstance(q["question"], str) and q["question"].strip(), where
        assert q["kind"] in KINDS, where
        assert all(isinstance(a, str) and a for a in q["answers"]), where
        assert q["named"] and all(_node_ok(ref) for ref in q["named"]), where
        evidence = q.get("evidence", [])
        assert all(_fact_ok(f) for f in evidence), where
        assert q["kind"] != "two-hop" or len(evidence) == 2, where
        assert q["kind"] != "relationship-property" or all("key" in f and "node" not in f for f in evidence), where


def test_a_question_file_without_answers_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "questions.jsonl"
    bad.write_text('{"question": "Who?", "answers": [], "kind": "edge", "named": []}\n', encoding="utf-8")
    with pytest.raises(gold.GoldError, match="answers"):
        gold.read_questions(bad)


def _split(split: str) -> set[str]:
    return {n for n, g in corpus.GRAPHS.items() if g.split == split}



# Every frozen split from the third on: (which, the seed, where its drawn graphs are now: run once at the end of
# their session's tuning and spent since, or frozen until then; its pool as the docstring records it, the graphs
# drawn as it records them). Each pool was declared before any xgrag command ran on its graphs (loaders tried,
# questions written with plain Cypher only); a pool's graphs not drawn are tune. A new split adds a row.
SPLITS = [
    ("third", 31, "spent",
     ["aws-infrastructure", "consumer-complaints", "eurovision", "nft-trades", "nobel-prizes", "nypl-menus",
      "us-presidents"],
     ["aws-infrastructure", "nft-trades", "nobel-prizes", "nypl-menus", "us-presidents"]),
    ("fourth", 32, "spent",
     ["countries-of-the-world", "dune", "harry-potter", "marvel", "rome-transport", "sec-edgar", "stock-prices"],
     ["countries-of-the-world", "dune", "harry-potter", "marvel", "sec-edgar"]),
    ("fifth", 33, "spent",
     ["brexit-votes", "champions-league", "dark-souls", "himym", "open-beer-db", "tech-radar", "uk-charts"],
     ["champions-league", "dark-souls", "open-beer-db", "tech-radar", "uk-charts"]),
    ("sixth", 34, "spent",
     ["coffee-shop", "disease-network", "london-tube", "netflix", "pet-travel", "sap-bike-sales", "world-cities"],
     ["coffee-shop", "london-tube", "netflix", "pet-travel", "world-cities"]),
    ("seventh", 35, "spent",
     ["arch-packages", "asterix", "cocktails", "ipl-matches", "mame-arcade", "stars-meteorites"],
     ["asterix", "cocktails", "ipl-matches", "mame-arcade", "stars-meteorites"]),
    ("eighth", 36, "spent",
     ["brazil-cities", "devops-patterns", "dragonlance", "fifa-2014", "nypd-arrests", "paris-metro", "uk-railway"],
     ["brazil-cities", "dragonlance", "nypd-arrests", "paris-metro", "uk-railway"]),
    ("ninth", 37, "spent",
     ["bavaria-municipalities", "clinical-trials", "irish-election", "kegg-diseases", "swedish-alumni",
      "yemen-debates"],
     ["bavaria-municipalities", "irish-election", "kegg-diseases", "swedish-alumni", "yemen-debates"]),
    ("tenth", 38, "spent",
     ["china-unicorns", "jlpt-kanji", "la-crime", "open-skills", "water-pollutants", "whosampled"],
     ["china-unicorns", "la-crime", "open-skills", "water-pollutants", "whosampled"]),
    ("eleventh", 39, "spent",
     ["bbc-recipes", "french-medicines", "k-dramas", "olympic-countries", "road-fatalities", "travel-checklist"],
     ["bbc-recipes", "french-medicines", "k-dramas", "olympic-countries", "road-fatalities"]),
    ("twelfth", 40, "spent",
     ["bp-ownership", "premier-league", "regesta-imperii", "sncf-stations", "vinmonopolet", "wine-descriptors"],
     ["bp-ownership", "premier-league", "sncf-stations", "vinmonopolet", "wine-descriptors"]),
    ("thirteenth", 41, "spent",
     ["goodreads-books", "lassberg-letters", "pokemon", "snakemake-repos", "tennis-rackets", "university-library"],
     ["goodreads-books", "lassberg-letters", "pokemon", "snakemake-repos", "university-library"]),
    ("fourteenth", 42, "spent",
     ["eu-rail-network", "got-wiki", "jazz-graph", "openflights-routes", "romania-trains"],
     ["eu-rail-network", "got-wiki", "jazz-graph", "openflights-routes", "romania-trains"]),
    ("fifteenth", 43, "spent",
     ["camara-deputados", "met-fashion", "nfl-rosters", "san-diego-places", "spotify-charts"],
     ["camara-deputados", "met-fashion", "nfl-rosters", "san-diego-places", "spotify-charts"]),
    ("sixteenth", 44, "spent",
     ["crinacle-iems", "excavation-reports", "mitre-attack", "tv-series", "uk-party-donations"],
     ["crinacle-iems", "excavation-reports", "mitre-attack", "tv-series", "uk-party-donations"]),
    ("seventeenth", 45, "spent",
     ["chess-championships", "college-baseball", "cuisine-nicoise", "dinosaurs", "nasa-lessons",
      "tour-de-france-2014"],
     ["chess-championships", "college-baseball", "cuisine-nicoise", "dinosaurs", "nasa-lessons"]),
    ("eighteenth", 46, "spent",
     ["indonesia-establishments", "indonesia-politicians", "james-bond", "scian-industries", "seocho-apartments",
      "virus-hosts"],
     ["indonesia-establishments", "james-bond", "scian-industries", "seocho-apartments", "virus-hosts"]),
    ("nineteenth", 47, "spent",
     ["anime-top1000", "dutch-studies", "met-paintings", "nba-seasons", "nuremberg-letters", "painter-network"],
     ["anime-top1000", "dutch-studies", "met-paintings", "nba-seasons", "painter-network"]),
    ("twentieth", 48, "spent",
     ["beach-volleyball", "cozy-mysteries", "hospitals", "mutual-funds", "serie-a"],
     ["beach-volleyball", "cozy-mysteries", "hospitals", "mutual-funds", "serie-a"]),
    ("twenty_first", 49, "spent",
     ["douban-movies", "hip-hop-candidates", "madrid-metro-campuses", "paris-housing", "singapore-attractions"],
     ["douban-movies", "hip-hop-candidates", "madrid-metro-campuses", "paris-housing", "singapore-attractions"]),
    ("twenty_second", 50, "spent",
     ["british-empire-territories", "cornwall-restaurants", "elite-dangerous-lore", "hamilton-musical",
      "nz-health-data-sources", "swiss-medicines"],
     ["british-empire-territories", "elite-dangerous-lore", "hamilton-musical", "nz-health-data-sources",
      "swiss-medicines"]),
    ("twenty_third", 51, "spent",
     ["charlotte-directory-1911", "georgia-fec-2022", "japan-reparation-lawsuits", "jeju-safe-tourism",
      "nci-research-data", "schleswig-holstein-energy", "soccerbase-2015"],
     ["charlotte-directory-1911", "georgia-fec-2022", "nci-research-data", "schleswig-holstein-energy",
      "soccerbase-2015"]),
    ("twenty_fourth", 52, "spent",
     ["a-share-companies", "bitcoin-wallet-roles", "bundestag-votes", "chinese-cardio-drugs", "ecco-2026",
      "formula-one", "ons-hierarchies", "russian-troll-tweets"],
     ["a-share-companies", "chinese-cardio-drugs", "ecco-2026", "formula-one", "russian-troll-tweets"]),
    ("twenty_fifth", 53, "spent",
     ["china-top-shareholders", "china-travel-lounges", "covid-vaccinations", "pbot-leaf-architecture",
      "sri-lanka-ministries", "sumo-makuuchi", "video-game-sales"],
     ["china-travel-lounges", "covid-vaccinations", "pbot-leaf-architecture", "sri-lanka-ministries",
      "video-game-sales"]),
    ("twenty_sixth", 54, "spent",
     ["botola-pro-squads", "dehn-equipment", "european-e-roads", "human1-metabolism", "seattle-library-books",
      "trump-tweets", "western-india-grid"],
     ["dehn-equipment", "european-e-roads", "human1-metabolism", "seattle-library-books", "western-india-grid"]),
    ("twenty_seventh", 55, "spent",
     ["china-world-heritage", "drug-interactions", "korea-urban-rail", "mlb-payrolls", "mobile-devices",
      "philippine-congress"],
     ["china-world-heritage", "drug-interactions", "korea-urban-rail", "mlb-payrolls", "mobile-devices"]),
    ("twenty_eighth", 56, "spent",
     ["china-intangible-heritage", "coffee-beans", "congress-trades", "royal92", "virus-knowledge-graph"],
     ["china-intangible-heritage", "coffee-beans", "congress-trades", "royal92", "virus-knowledge-graph"]),
    ("twenty_ninth", 57, "spent",
     ["australian-open", "craft-beers", "ecosystem-services", "guangdong-museum", "sao-paulo-transport",
      "un-structure"],
     ["australian-open", "craft-beers", "ecosystem-services", "guangdong-museum", "un-structure"]),
    ("thirtieth", 58, "spent",
     ["china-cities", "europe-rivers", "nigeria-oil-contracts", "snomed-trials", "terraria-recipes", "trumpworld"],
     ["china-cities", "europe-rivers", "nigeria-oil-contracts", "terraria-recipes", "trumpworld"]),
    ("thirty_first", 59, "spent",
     ["china-industry-chain", "delta-force", "dutch-weather-sales", "guangdong-gov-services", "tcm-formulas",
      "telco-topology"],
     ["china-industry-chain", "delta-force", "dutch-weather-sales", "guangdong-gov-services", "tcm-formulas"]),
    ("thirty_second", 60, "spent",
     ["factbook-trade", "jakarta-bus-routes", "paris-library-loans", "ski-resorts", "t2d-net"],
     ["factbook-trade", "jakarta-bus-routes", "paris-library-loans", "ski-resorts", "t2d-net"]),
    ("thirty_third", 61, "spent",
     ["nav-job-ads", "recipe-book"],
     ["nav-job-ads", "recipe-book"]),
    ("thirty_fourth", 62, "spent",
     ["erasmus-leon", "nba-six-dribbles"],
     ["erasmus-leon", "nba-six-dribbles"]),
    ("thirty_fifth", 63, "spent",
     ["nc-bird-conservation", "runway-countries", "us-constitutional-law"],
     ["nc-bird-conservation", "runway-countries", "us-constitutional-law"]),
    ("thirty_sixth", 64, "spent",
     ["blood-cell-markers", "chinese-poetry", "generalitat-org-chart", "kindred-cocktails", "mosdac-satellites",
      "senator-stocks"],
     ["blood-cell-markers", "generalitat-org-chart", "kindred-cocktails", "mosdac-satellites", "senator-stocks"]),
    ("thirty_seventh", 65, "spent",
     ["bangladesh-civil-procedure", "chip-supply-chain", "exrx-exercises", "soil-taxonomy", "star-rail",
      "taiwan-etf-holdings"],
     ["bangladesh-civil-procedure", "exrx-exercises", "soil-taxonomy", "star-rail", "taiwan-etf-holdings"]),
    ("thirty_eighth", 66, "spent",
     ["carbon-bombs", "indonesia-it-regulations", "nasa-astronauts", "taiwan-stock-knowledge", "wareham-discography"],
     ["carbon-bombs", "indonesia-it-regulations", "nasa-astronauts", "taiwan-stock-knowledge", "wareham-discography"]),
    ("thirty_ninth", 67, "spent",
     ["computer-history", "kpop-network", "vietnam-land-law"],
     ["computer-history", "kpop-network", "vietnam-land-law"]),
    ("fortieth", 68, "spent",
     ["coronavirus-strains", "korea-building-laws", "lego-star-wars", "listed-company-profiles", "mtime-top100",
      "nist-controls"],
     ["coronavirus-strains", "lego-star-wars", "listed-company-profiles", "mtime-top100", "nist-controls"]),
    ("forty_first", 69, "spent",
     ["auto-suppliers", "chinook-music", "fragrantica-perfumes", "lijiang-land-survey", "lincs-lymphoma"],
     ["auto-suppliers", "chinook-music", "fragrantica-perfumes", "lijiang-land-survey", "lincs-lymphoma"]),
    ("forty_second", 70, "spent",
     ["comic-characters", "instacart-products", "japan-saved-places", "open-targets-indications",
      "uspto-patent-manual"],
     ["comic-characters", "instacart-products", "japan-saved-places", "open-targets-indications",
      "uspto-patent-manual"]),
    ("forty_third", 71, "spent",
     ["india-unicorns"],
     ["india-unicorns"]),
    ("forty_fourth", 72, "spent",
     ["astro-stars", "korea-travel-routes", "world-banks"],
     ["astro-stars", "korea-travel-routes", "world-banks"]),
    ("forty_fifth", 73, "spent",
     ["movie-qa"],
     ["movie-qa"]),
    ("forty_sixth", 74, "spent",
     ["covid-clinical-trials"],
     ["covid-clinical-trials"]),
    ("forty_seventh", 75, "spent",
     ["berlin-ubahn", "food-nutrition", "igdb-games", "tcm-herbs", "tmf-frameworx", "vietnam-codes"],
     ["berlin-ubahn", "food-nutrition", "tcm-herbs", "tmf-frameworx", "vietnam-codes"]),
    ("forty_eighth", 76, "spent",
     ["china-stock-concepts", "japanese-mythology", "philippine-psgc", "ruc-faculty", "vietnam-nutrition"],
     ["china-stock-concepts", "japanese-mythology", "philippine-psgc", "ruc-faculty", "vietnam-nutrition"]),
    ("forty_ninth", 77, "spent",
     ["friends-episodes", "israel-laws", "swift-codes"],
     ["friends-episodes", "israel-laws", "swift-codes"]),
    ("fiftieth", 78, "spent",
     ["apevue-50", "faculty-coauthors", "nvd-cve", "sordariomycetes-taxonomy", "tmdb-films"],
     ["apevue-50", "faculty-coauthors", "nvd-cve", "sordariomycetes-taxonomy", "tmdb-films"]),
    ("fifty_first", 79, "spent",
     ["doctor-who", "hubei-tender-awards", "portugal-venues", "research-communities", "web3-vulnerabilities"],
     ["doctor-who", "hubei-tender-awards", "portugal-venues", "research-communities", "web3-vulnerabilities"]),
    ("fifty_second", 80, "spent",
     ["brazil-basin-geology", "cis-controls", "drug-brands", "kollatz-prints", "singapore-boards", "sri-lanka-travel"],
     ["cis-controls", "drug-brands", "kollatz-prints", "singapore-boards", "sri-lanka-travel"]),
    ("fifty_third", 81, "spent",
     ["aiqicha-equity", "brazil-threatened-species", "libreto-libraries", "medicinal-plants", "paris-2024-olympics",
      "spb-walks"],
     ["brazil-threatened-species", "libreto-libraries", "medicinal-plants", "paris-2024-olympics", "spb-walks"]),
    ("fifty_fourth", 82, "spent",
     ["flora-graph", "jbk-diseases", "nba-players-of-the-week", "nyc-checkbook-payments"],
     ["flora-graph", "jbk-diseases", "nba-players-of-the-week", "nyc-checkbook-payments"]),
]

@pytest.mark.parametrize(("which", "seed", "now", "pool", "drawn"), SPLITS, ids=[row[0] for row in SPLITS])
def test_each_frozen_split_is_the_documented_draw(which: str, seed: int, now: str, pool: list[str],
                                                  drawn: list[str]) -> None:
    declared = getattr(corpus, f"{which.upper()}_POOL")
    assert tuple(pool) == declared and getattr(corpus, f"{which.upper()}_SEED") == seed
    assert sorted(random.Random(seed).sample(sorted(pool), min(5, len(pool)))) == drawn == corpus.draw(declared, seed)
    assert set(drawn) <= _split(now) and (now == "frozen" or not set(drawn) & _split("frozen"))
    assert set(pool) - set(drawn) <= _split("tune")


def test_every_graph_is_in_a_declared_split() -> None:
    # the first two frozen splits (before SPLITS), then every split's graphs where SPLITS says they are now
    first = sorted(random.Random(29).sample(sorted(corpus.FIRST_CORPUS), 5))
    assert first == ["airport-routes", "bloom", "entity-resolution", "fincen", "openstreetmap"]
    second = ["foodmart", "legis-graph", "oscon", "sdn-university", "supply-chain"]
    assert tuple(second) == corpus.NEXT_POOL and corpus.NEXT_SEED == 30
    assert sorted(random.Random(30).sample(sorted(second), 5)) == second == corpus.draw(corpus.NEXT_POOL, 30)
    assert _split("spent") == set(first) | set(second) | {g for _, _, now, _, drawn in SPLITS if now == "spent"
                                                          for g in drawn}
    assert _split("tune") == (set(corpus.FIRST_CORPUS) - set(first)) | {g for _, _, _, pool, drawn in SPLITS
                                                                        for g in set(pool) - set(drawn)}
    assert _split("frozen") == {g for _, _, now, _, drawn in SPLITS if now == "frozen" for g in drawn}
    assert set(corpus.GRAPHS) == set(corpus.FIRST_CORPUS) | set(corpus.NEXT_POOL) | {g for row in SPLITS
                                                                                     for g in row[3]}


@pytest.mark.parametrize(("name", "quoted"), [("Area (sq. mi.)", "`Area (sq. mi.)`"),
                                              ("GDP ($ per capita)", "`GDP ($ per capita)`"),
                                              ("a`b", "`a``b`"), ("name", "`name`")])
def test_a_gold_identifier_is_quoted_whatever_it_holds(name: str, quoted: str) -> None:
    assert gold._quoted(name) == quoted


def test_a_gold_date_is_compared_as_a_date() -> None:
    # uk-charts' charts are named by their start, a Neo4j date: JSON writes it {"date": "..."}
    pattern, params = gold._node_match("n", {"label": "Chart", "where": {"start": {"date": "2019-04-05"}, "n": 1}}, "p")
    assert pattern == "(n:`Chart`) WHERE n.`start` = date($p0) AND n.`n` = $p1"
    assert params == {"p0": "2019-04-05", "p1": 1}
    with pytest.raises(gold.GoldError, match="must be"):
        gold._node_match("n", {"label": "Chart", "where": {"start": {"datetime": "2019-04-05T00:00"}}}, "p")


def test_an_empty_gold_identifier_is_refused() -> None:
    with pytest.raises(gold.GoldError, match="non-empty string"):
        gold._quoted("")


def test_a_graph_with_an_unknown_split_is_refused() -> None:
    with pytest.raises(ValueError, match="split 'held-out' is not one of tune, frozen, spent"):
        corpus.Graph("x", "held-out", "about")


@pytest.mark.parametrize(("old", "new"), [
    ("CREATE CONSTRAINT ON (p:Party) ASSERT p.name IS UNIQUE",
     "CREATE CONSTRAINT FOR (p:Party) REQUIRE p.name IS UNIQUE"),
    ("CREATE INDEX ON :Legislator(thomasID)", "CREATE INDEX FOR (n:Legislator) ON (n.thomasID)"),
    ("SET s.coffee_bar = toInt(line.coffee_bar) > 0, m.month = toInteger(line.m)",
     "SET s.coffee_bar = toInteger(line.coffee_bar) > 0, m.month = toInteger(line.m)"),
    ("SET r.distance = distance(p2,p1)/1000", "SET r.distance = point.distance(p2,p1)/1000"),
    ("RETURN point.distance(a, b), n.distance", "RETURN point.distance(a, b), n.distance"),
    # Cypher 2.x (neo4j-bbc, neo4j-himym): a constraint over two lines, toint()/TOINT(), length() of a collected list
    ("CREATE CONSTRAINT ON (player:Player)\nASSERT player.id IS UNIQUE",
     "CREATE CONSTRAINT FOR (player:Player) REQUIRE player.id IS UNIQUE"),
    ("SET m.homeScore = toint(row.homeScore), e.id = TOINT(row.id)",
     "SET m.homeScore = toInteger(row.homeScore), e.id = toInteger(row.id)"),
    ("WITH COLLECT(episode) AS episodes\nFOREACH(i in RANGE(0, length(episodes)-2) | SET episodes[i].n = i)",
     "WITH COLLECT(episode) AS episodes\nFOREACH(i in RANGE(0, size(episodes)-2) | SET episodes[i].n = i)"),
    ("MATCH p = (a)-->(b) RETURN length(p)", "MATCH p = (a)-->(b) RETURN length(p)"),
    # 4.x (graphing-brexit): exists(n.p) is a property test
    ("WHERE not(exists(memberOf.end)) AND exists( other.id )",
     "WHERE not((memberOf.end IS NOT NULL)) AND (other.id IS NOT NULL)"),
    # 3.5 (Neo4NBA): the property may be quoted
    ("WHERE EXISTS(r.`home_win%`) AND r.`home_win%` > 0.85",
     "WHERE (r.`home_win%` IS NOT NULL) AND r.`home_win%` > 0.85"),
    # 4.x (Rologram): a space before the parenthesis; an EXISTS subquery (braces) is not a property test
    ("WHERE EXISTS (a.parent) AND a.parent=b.id", "WHERE (a.parent IS NOT NULL) AND a.parent=b.id"),
    ("WHERE EXISTS { (a)-->(b) }", "WHERE EXISTS { (a)-->(b) }"),
    # a node key on one property (blog-load-SAP-data-cypher-queries), which Community Edition refuses: its uniqueness
    ("CREATE CONSTRAINT cnstrnt_unique_cntry IF NOT EXISTS\nFOR (c:Country) REQUIRE c.country_cd IS NODE KEY",
     "CREATE CONSTRAINT cnstrnt_unique_cntry IF NOT EXISTS\nFOR (c:Country) REQUIRE c.country_cd IS UNIQUE"),
    ("CREATE CONSTRAINT FOR (r:Region) REQUIRE r.name IS NODE KEY",
     "CREATE CONSTRAINT FOR (r:Region) REQUIRE r.name IS UNIQUE"),
    ("CREATE CONSTRAINT FOR (o:Order) REQUIRE (o.a, o.b) IS NODE KEY",  # two properties: left as written
     "CREATE CONSTRAINT FOR (o:Order) REQUIRE (o.a, o.b) IS NODE KEY"),
    # 2.x's CREATE UNIQUE (CocktailFinder): MERGE of the same pattern; a uniqueness constraint is not it
    ("MATCH (rec:Recipient) WHERE rec.index=line.id_recipient\nCREATE UNIQUE (re)-[r:SERVED_WITH]->(rec)",
     "MATCH (rec:Recipient) WHERE rec.index=line.id_recipient\nMERGE (re)-[r:SERVED_WITH]->(rec)"),
    ("CREATE CONSTRAINT ON (re:Recipe) ASSERT re.index IS UNIQUE",
     "CREATE CONSTRAINT FOR (re:Recipe) REQUIRE re.index IS UNIQUE"),
    # 4.x (hanryu): a named constraint, IF NOT EXISTS in any case, ON ... ASSERT: its name and condition kept
    ("CREATE CONSTRAINT title IF NOT exists ON (t:Title) ASSERT t.Title IS UNIQUE",
     "CREATE CONSTRAINT title IF NOT EXISTS FOR (t:Title) REQUIRE t.Title IS UNIQUE"),
    ("CREATE CONSTRAINT IF NOT EXISTS ON (a:Actor) ASSERT a.Actor IS UNIQUE",
     "CREATE CONSTRAINT IF NOT EXISTS FOR (a:Actor) REQUIRE a.Actor IS UNIQUE"),
    # 4.x with a spaced node pattern (DavidHospi/neo, sncf-stations)
    ("CREATE CONSTRAINT contrainte_gare_uic IF NOT EXISTS ON (g: Gare) ASSERT g.codeUIC is UNIQUE",
     "CREATE CONSTRAINT contrainte_gare_uic IF NOT EXISTS FOR (g:Gare) REQUIRE g.codeUIC IS UNIQUE"),
    # 4.x apoc.export.cypher (japan-reparation-lawsuits): the property in parentheses
    ("CREATE CONSTRAINT ON (node:Lawyer) ASSERT (node.name) IS UNIQUE",
     "CREATE CONSTRAINT FOR (node:Lawyer) REQUIRE node.name IS UNIQUE"),
    # 4.x's full-text index procedure (japan-reparation-lawsuits): 5.x's CREATE FULLTEXT INDEX of the same name,
    # labels and properties
    ("CALL db.index.fulltext.createNodeIndex('allIndex',['Lawsuit','Lawyer','Court'],['title','name'])",
     "CREATE FULLTEXT INDEX `allIndex` FOR (n:`Lawsuit`|`Lawyer`|`Court`) ON EACH [n.`title`, n.`name`]"),
    ("CALL db.index.fulltext.createNodeIndex('courtname',['Court'],['name'])",
     "CREATE FULLTEXT INDEX `courtname` FOR (n:`Court`) ON EACH [n.`name`]"),
])
def test_removed_syntax_is_written_in_five_syntax(old: str, new: str) -> None:
    assert corpus._five(old) == new


class Recorder:
    """A store that records the statements a loader runs, and their parameters (pure logic: no server)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        self.calls.append((statement, params or {}))
        return []


def test_a_load_csv_statement_is_given_its_rows() -> None:
    script = ('CREATE CONSTRAINT ON (s:Speaker) ASSERT s.serial IS UNIQUE;\n// a comment\n'
              'LOAD CSV WITH headers FROM "file:data/speakers.csv" as line\nCREATE (:Speaker {serial: line.serial});\n'
              "LOAD CSV WITH HEADERS FROM 'https://x.org/absent.csv' AS row CREATE (:Sale {id: row.id});\n"
              "LOAD CSV WITH HEADERS FROM 'https://x.org/votes.csv' AS row fieldterminator ';'\n"
              "MERGE (:Vote {points: row.points});\n")
    rows: dict[str, list[dict[str, str | None]]] = {
        "file:data/speakers.csv": [{"serial": str(i)} for i in range(corpus._BATCH + 1)],
        "https://x.org/votes.csv": [{"points": "12"}]}
    asked: list[tuple[str, str]] = []

    def rows_of(url: str, delimiter: str) -> list[dict[str, str | None]] | None:
        asked.append((url, delimiter))
        return rows.get(url)

    store = Recorder()
    corpus._run_script(store, script, rows_of)
    statements = [s for s, _ in store.calls]
    assert statements == ["CREATE CONSTRAINT FOR (s:Speaker) REQUIRE s.serial IS UNIQUE",
                          "UNWIND $rows AS line\nCREATE (:Speaker {serial: line.serial})",
                          "UNWIND $rows AS line\nCREATE (:Speaker {serial: line.serial})",
                          "UNWIND $rows AS row\nMERGE (:Vote {points: row.points})"]
    assert asked == [("file:data/speakers.csv", ","), ("https://x.org/absent.csv", ","),
                     ("https://x.org/votes.csv", ";")]
    assert [len(p["rows"]) for _, p in store.calls[1:3]] == [corpus._BATCH, 1]
    assert store.calls[2][1]["rows"] == [{"serial": str(corpus._BATCH)}]


def test_json_values_are_what_apoc_load_json_yields() -> None:
    assert corpus._json_values(b'[{"a": 1}, {"a": 2}]') == [{"a": 1}, {"a": 2}]  # a top-level array: its elements
    assert corpus._json_values(b'{"a": 1}\n\n{"a": 2}\n') == [{"a": 1}, {"a": 2}]  # JSON lines: each line
    assert corpus._json_values(b'{"a": 1}') == [{"a": 1}]


def test_a_mixed_script_gets_json_values_and_csv_rows_and_a_repeated_constraint_once() -> None:
    script = ("CREATE CONSTRAINT ON (p:Player)\nASSERT p.id IS UNIQUE;\n"
              "CREATE CONSTRAINT ON (p:Player)\nASSERT p.id IS UNIQUE;\n"
              'CALL apoc.load.json("file://items.json")\nYIELD value\nMERGE (:Song {uri: value.uri});\n'
              "LOAD CSV WITH HEADERS FROM 'https://h/data/x.csv' AS row MERGE (:X {id: row.id});\n")
    files = {"file://items.json": b'{"uri": "/a/"}\n{"uri": "/b/"}\n', "https://h/data/x.csv": b"id\n7\n"}
    store = Recorder()
    corpus._run_mixed(store, script, files.__getitem__)
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (p:Player) REQUIRE p.id IS UNIQUE", {}),
        ("UNWIND $values AS value\nMERGE (:Song {uri: value.uri})", {"values": [{"uri": "/a/"}, {"uri": "/b/"}]}),
        ("UNWIND $rows AS row MERGE (:X {id: row.id})", {"rows": [{"id": "7"}]})]


def test_a_comment_after_a_statements_semicolon_ends_it() -> None:
    # neo4j-astro-db: `SET p.controversial = ...;//if null, then 0` and then the next statement
    script = ("MERGE (p:Planet {name: 'x'})\nSET p.c = 0;//if null, then 0\n\n//indexes\n"
              "CREATE INDEX i FOR (p:P) ON (p.n);\n")
    assert corpus._statements(script) == ["MERGE (p:Planet {name: 'x'})\nSET p.c = 0",
                                          "CREATE INDEX i FOR (p:P) ON (p.n)"]


def test_create_unique_with_a_property_map_merges_on_its_non_null_entries() -> None:
    # CocktailFinder: 2.x wrote COMPOSED_OF where a row's quantity or unit is empty (null); MERGE refuses a null
    statement = ("UNWIND $rows AS line\nMATCH (in:Ingredient) WHERE in.index=line.id_ingredient\n"
                 "CREATE UNIQUE (re)-[r:COMPOSED_OF{ quantity: line.quantity, unity: line.measure }]->(in)")
    assert corpus._merge_without_nulls(statement) == (
        "UNWIND $rows AS line\nMATCH (in:Ingredient) WHERE in.index=line.id_ingredient\n"
        "CALL apoc.merge.relationship(re, 'COMPOSED_OF', apoc.map.clean({ quantity: line.quantity, unity: "
        "line.measure }, [], []), {}, in) YIELD rel AS r RETURN count(r)")
    plain = "MATCH (a), (b) CREATE UNIQUE (a)-[r:SERVED_WITH]->(b)"  # no map: _five's MERGE does
    assert corpus._merge_without_nulls(plain) == plain


def test_ipl_venues_are_given_the_rows_with_a_city_and_the_absent_file_is_left_out(tmp_path: Path) -> None:
    # an ordinary copy of the repository (the mirror's `<name>/` layout), its scripts cut to what matters here
    repo = tmp_path / "IPL-Data-GraphDB"
    repo.mkdir()
    for path in corpus.IPL_SCRIPTS:
        (repo / path).write_text("MATCH (n) RETURN n", encoding="utf-8")
    (repo / "Create_Venue_nodes.cypher").write_text(
        'load csv with headers from "file:///ipl_matches_2008_to_2019.csv" as rows\n'
        "merge(v:venue{stadium:rows.venue, city:rows.city})", encoding="utf-8")
    (repo / "Create_MatchDetails_Node.cypher").write_text(
        ':auto USING PERIODIC COMMIT 5000\nload csv with headers from "file:///match_details.csv" as rows\n'
        "create(m:match_details{id:rows.match_id})", encoding="utf-8")
    (repo / corpus.IPL_FILE).write_text("id,venue,city\n1,Eden Gardens,Kolkata\n2,Dubai International Cricket "
                                        "Stadium,\n", encoding="utf-8")
    store = Recorder()
    corpus.write_ipl_matches(store, tmp_path)
    venues = [(s, p) for s, p in store.calls if "venue" in s]
    assert venues == [("UNWIND $rows AS rows\nmerge(v:venue{stadium:rows.venue, city:rows.city})",
                       {"rows": [{"id": "1", "venue": "Eden Gardens", "city": "Kolkata"}]})]
    assert not [s for s, _ in store.calls if "match_details" in s]  # its file is not in the mirror
    assert len(store.calls) == len(corpus.IPL_SCRIPTS) - 1


def test_a_browser_auto_prefix_keeps_its_statement_and_other_commands_are_dropped() -> None:
    script = (":param limit => 10\n:auto USING PERIODIC COMMIT\nLOAD CSV WITH HEADERS FROM 'f.csv' AS line\n"
              "MERGE (:City {name: line.city});\n"
              ':auto LOAD CSV WITH HEADERS FROM "g.csv" as row\nWITH row\nMERGE (:P {id: row.id});\n')
    assert corpus._statements(script) == [
        "USING PERIODIC COMMIT\nLOAD CSV WITH HEADERS FROM 'f.csv' AS line\nMERGE (:City {name: line.city})",
        'LOAD CSV WITH HEADERS FROM "g.csv" as row\nWITH row\nMERGE (:P {id: row.id})']


def test_a_mixed_script_gets_json_values_however_the_call_names_them_and_runs_subqueries_in_one_transaction() -> None:
    script = ('call apoc.load.json("file:///network.json")\nYIELD value as node\nMERGE (:D {code: node.a});\n'
              'WITH "https://s3/petTravel/yelpApi.json" as url\nCALL apoc.load.json(url) YIELD value\n'
              "MERGE (:Place {id: value.id});\n"
              "LOAD CSV WITH HEADERS FROM 'https://h/x.csv' AS row\nCALL (row) {\n  MERGE (:X {id: row.id})\n}"
              " IN TRANSACTIONS OF 100 ROWS\nRETURN count(row);\n")
    files = {"file:///network.json": b'[{"a": "C1"}]', "https://s3/petTravel/yelpApi.json": b'{"id": "z"}',
             "https://h/x.csv": b"id\n7\n"}
    store = Recorder()
    corpus._run_mixed(store, script, files.__getitem__)
    assert store.calls == [
        ("UNWIND $values AS node\nMERGE (:D {code: node.a})", {"values": [{"a": "C1"}]}),
        ("UNWIND $values AS value\nMERGE (:Place {id: value.id})", {"values": [{"id": "z"}]}),
        ("UNWIND $rows AS row\nCALL (row) {\n  MERGE (:X {id: row.id})\n}\nRETURN count(row)", {"rows": [{"id": "7"}]})]


def test_csv_rows_are_strings_and_empty_fields_null() -> None:
    assert corpus._csv_rows(b'\xef\xbb\xbfa,b,c\n1,,"x, y"\n') == [{"a": "1", "b": None, "c": "x, y"}]
    assert corpus._csv_rows(b"year;from\n1975;Belgium\n", delimiter=";") == [{"year": "1975", "from": "Belgium"}]
    # a line with more fields than the header (a name with a comma, unquoted): the field past the header is left out
    assert corpus._csv_rows(b"first,last\nCharles,Spencer,x\n") == [{"first": "Charles", "last": "Spencer"}]


def test_a_graphgist_runs_its_setup_blocks_in_five_syntax() -> None:
    page = ("= A gist\n\n//hide\n//setup\n[source,cypher]\n----\nCREATE (a:Region {name:'N. Virginia'})\n"
            "// a price\nCREATE (p:Price {cost_per_hour:0.06})\nCREATE (i:Instance {name:'m1.small'})\n"
            "CREATE (a)-[:CHARGES]->(p)-[:FOR_INSTANCE]->i\n----\n\n//table\n[source,cypher]\n----\n"
            "MATCH (n) RETURN n\n----\n")
    blocks = corpus._cypher_blocks(page)
    assert [("//setup" in marks, body.splitlines()[0]) for marks, body in blocks] == [
        (True, "CREATE (a:Region {name:'N. Virginia'})"), (False, "MATCH (n) RETURN n")]
    assert corpus._BARE_END.sub(r"\1(\2)", "CREATE (a)-[:CHARGES]->(p)-[:FOR_INSTANCE]->i") == \
        "CREATE (a)-[:CHARGES]->(p)-[:FOR_INSTANCE]->(i)"
    assert corpus._BARE_END.sub(r"\1(\2)", "CREATE (a)-[:R {w: 1}]->(b)") == "CREATE (a)-[:R {w: 1}]->(b)"


def _importer(key: Any) -> dict[str, Any]:
    """A Data Importer model of two node schemas (Person keyed by an integer id, Prize by a string) and one
    relationship with a property, mapped from two files; `key(schema, index)` names a schema's key."""
    person = [{"property": "id", "type": "integer", "identifier": "p0"},
              {"property": "born", "type": "datetime", "identifier": "p1"}]
    prize = [{"property": "categoryYear", "type": "string", "identifier": "z0"}]
    return {"dataModel": {
        "graphModel": {
            "nodeSchemas": {"n0": {"label": "Person", "properties": person, "key": {"properties": [key(person, 0)]}},
                            "n1": {"label": "Prize", "properties": prize, "key": {"properties": [key(prize, 0)]}}},
            "relationshipSchemas": {"r0": {"type": "RECEIVED", "sourceNodeSchema": "n0", "targetNodeSchema": "n1",
                                           "properties": [{"property": "share", "type": "integer"}]}}},
        "mappingModel": {
            "nodeMappings": {"n0": {"nodeSchema": "n0", "fileSchema": "laureate.csv",
                                    "mappings": [{"field": "id"}, {"field": "birth"}]},
                             "n1": {"nodeSchema": "n1", "fileSchema": "prize.csv",
                                    "mappings": [{"field": "categoryYear"}]}},
            "relationshipMappings": {"r0": {"relationshipSchema": "r0", "fileSchema": "prize.csv",
                                            "mappings": [{"field": "share"}], "sourceMappings": [{"field": "id"}],
                                            "targetMappings": [{"field": "categoryYear"}]}}}}}


def _by_name(props: list[dict[str, str]], i: int) -> str:
    """Format 0.1.0-beta.0: properties without identifiers, the key named by its property's name."""
    for prop in props:
        prop.pop("identifier")
    return props[i]["property"]


@pytest.mark.parametrize("key", [lambda props, i: props[i]["identifier"], lambda props, i: i, _by_name],
                         ids=["by identifier (format 0.8)", "by position (format 0.0.1)", "by name (0.1.0-beta.0)"])
def test_a_data_importer_model_is_run_as_merges_on_its_keys(key: Any) -> None:
    class Recorder:
        def __init__(self) -> None:
            self.calls: list[tuple[str, Any]] = []

        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            self.calls.append((statement, (params or {}).get("rows")))
            return []

    files = {"laureate.csv": [{"id": "6", "birth": "1867-11-07"}], "prize.csv": [{"id": "6", "share": "4"}]}
    store = Recorder()
    corpus._importer_model(store, _importer(key), files.__getitem__)
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:`Person`) REQUIRE n.`id` IS UNIQUE", None),
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:`Prize`) REQUIRE n.`categoryYear` IS UNIQUE", None),
        ("UNWIND $rows AS row WITH row WHERE row.`id` IS NOT NULL MERGE (n:`Person` {`id`: toInteger(trim(row.`id`))})"
         " SET n.`born` = datetime(row.`birth`)", files["laureate.csv"]),
        ("UNWIND $rows AS row WITH row WHERE row.`categoryYear` IS NOT NULL "
         "MERGE (n:`Prize` {`categoryYear`: row.`categoryYear`})", files["prize.csv"]),
        ("UNWIND $rows AS row MATCH (s:`Person` {`id`: toInteger(trim(row.`id`))}) "
         "MATCH (t:`Prize` {`categoryYear`: row.`categoryYear`}) MERGE (s)-[r:`RECEIVED`]->(t) "
         "SET r.`share` = toInteger(trim(row.`share`))", files["prize.csv"])]


def test_a_data_importer_mapping_that_does_not_fit_its_schema_is_refused() -> None:
    model = _importer(lambda props, i: i)
    model["dataModel"]["mappingModel"]["nodeMappings"]["n0"]["mappings"].pop()

    class Quiet:
        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            return []

    with pytest.raises(corpus.CorpusError, match="Person maps 1 fields to 2 properties"):
        corpus._importer_model(Quiet(), model, lambda file: [])


def test_a_file_is_read_from_either_mirror_layout(tmp_path: Path) -> None:
    import subprocess

    fetched = tmp_path / "neo4j-examples+demo" / "repo"
    fetched.mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "data.csv").write_text("a\n1\n", encoding="utf-8")
    subprocess.run([*git, "add", "data.csv"], check=True)
    subprocess.run([*git, "commit", "-qm", "data"], check=True)
    (tmp_path / "star-wars").mkdir()  # an ordinary copy of a neo4j-graph-examples repository, no git
    (tmp_path / "star-wars" / "a.json").write_text("{}", encoding="utf-8")

    assert corpus.read_file("neo4j-examples/demo", "data.csv", tmp_path) == b"a\n1\n"  # <owner>+<name>/repo/.git
    assert corpus.read_file("star-wars", "a.json", tmp_path) == b"{}"
    assert corpus.head_commit("neo4j-examples/demo", tmp_path)
    with pytest.raises(corpus.CorpusError, match="data/sales.csv is not in the mirror"):
        corpus.read_file("neo4j-examples/demo", "data/sales.csv", tmp_path)
    with pytest.raises(corpus.CorpusError, match=re.escape(f"star-wars: data/swapi.json is not in the mirror "
                                                           f"{tmp_path / 'star-wars'}") + "$"):
        corpus.read_file("star-wars", "data/swapi.json", tmp_path)
    with pytest.raises(corpus.CorpusError, match="no mirror of github.com/neo4j-examples/absent"):
        corpus.read_file("neo4j-examples/absent", "x", tmp_path)


def test_a_subquery_in_transactions_runs_as_one_subquery() -> None:
    statement = "LOAD CSV FROM 'x' AS row\nCALL {\n  WITH row\n  MERGE (:C {n: row.n})\n} IN TRANSACTIONS OF 10 ROWS\n"
    assert corpus._IN_TRANSACTIONS.sub("}", statement) == ("LOAD CSV FROM 'x' AS row\nCALL {\n  WITH row\n"
                                                            "  MERGE (:C {n: row.n})\n}\n")
    assert corpus._IN_TRANSACTIONS.sub("}", "CALL { WITH row CREATE (:D) } IN TRANSACTIONS") == (
        "CALL { WITH row CREATE (:D) }")


def test_rome_s_per_mode_load_is_read_as_one_file_per_mode() -> None:
    query = ("UNWIND ['walk','bus'] as mode\nLOAD CSV WITH HEADERS FROM \"https://h/rome/network_\" + mode + \".csv\" "
             "as row FIELDTERMINATOR \";\"\nMATCH (a:Stop{id:row.f}) RETURN a")
    m = corpus._ROME_MODES.search(query)
    assert m is not None and m.groups() == ("['walk','bus']", "https://h/rome/network_", ".csv", ";")
    assert corpus._ROME_MODES.sub("WITH $mode AS mode UNWIND $rows AS row", query) == (
        "WITH $mode AS mode UNWIND $rows AS row\nMATCH (a:Stop{id:row.f}) RETURN a")


def _clone(tmp_path: Path, repo: str, files: dict[str, str]) -> Path:
    """An ordinary copy of a repository (the mirror's `<name>/` layout) holding `files`; the mirror folder."""
    root = tmp_path / repo.rpartition("/")[2]
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return tmp_path


def test_fifa_2014s_statements_without_semicolons_are_split_at_their_load_csv_lines(tmp_path: Path) -> None:
    # cits4407 pasted each statement into the browser: no ';', a `//Load <file>` comment before each
    script = ("//LOAD NODE TABLES\n\n//Load player.csv file\nLOAD CSV WITH HEADERS FROM 'file:///player.csv' AS row\n"
              "CREATE (p:Player {player: row.Player})\n\n\n//Load club.csv file\n"
              "LOAD CSV WITH HEADERS FROM 'file:///club.csv' AS row\nCREATE (cl:Club {club: row.Club})\n\n"
              + "".join(f"LOAD CSV WITH HEADERS FROM 'file:///club.csv' AS row\nMATCH (cl:Club) RETURN {n}\n\n"
                        for n in range(5)))
    mirror = _clone(tmp_path, corpus.FIFA_2014, {corpus.FIFA_2014_SCRIPT: script,
                                                 "CSVFiles/player.csv": "Player\nAlan PULIDO\n",
                                                 "CSVFiles/club.csv": ",Club ID,Club\n0,1,Tigres UANL\n"})
    store = Recorder()
    corpus.write_fifa_2014(store, mirror)
    assert store.calls[:2] == [("UNWIND $rows AS row\nCREATE (p:Player {player: row.Player})",
                                {"rows": [{"Player": "Alan PULIDO"}]}),
                               ("UNWIND $rows AS row\nCREATE (cl:Club {club: row.Club})",
                                {"rows": [{"": "0", "Club ID": "1", "Club": "Tigres UANL"}]})]
    assert len(store.calls) == 7


def test_devops_patterns_one_undirected_create_is_written_directed(tmp_path: Path) -> None:
    script = ("// one statement, no ';'\nCREATE (A:Model {name: 'A'})-[:DESCRIBED_BY]->(L:Link {name: 'l'})\n"
              "CREATE (B:Model {name: 'B'})-[:DESCRIBED_BY]-(M:Link {name: 'm'})\n"
              "CREATE (M)<-[:DESCRIBED_BY]-(A)\n")
    store = Recorder()
    corpus.write_devops_patterns(store, _clone(tmp_path, corpus.DEVOPS, {"import.cyp": script}))
    assert store.calls == [("CREATE (A:Model {name: 'A'})-[:DESCRIBED_BY]->(L:Link {name: 'l'})\n"
                            "CREATE (B:Model {name: 'B'})-[:DESCRIBED_BY]->(M:Link {name: 'm'})\n"
                            "CREATE (M)<-[:DESCRIBED_BY]-(A)", {})]


def test_sao_paulo_transport_runs_its_one_create_statement_as_written(tmp_path: Path) -> None:
    # IgorRozani/Public-Transport-SP-Graph-Database's database.cypher, shortened: no ';', `// section` comments, CREATE
    # clauses naming the variables of the ones before, a node of several labels, relationships with properties
    script = ("// Stations\nCREATE \n// Yellow Line Stations\n"
              "(Luz:MetroStation:TrainStation:TouristicTerminal {name:'Luz', hasElevator: true}),\n"
              "(Jundiai:TrainStation {name:'Jundia\u00ed', hasElevator: true})\n\n// Lines\nCREATE \n"
              "(Yellow:Line {name: 'Yellow', number: 4})\n\n// Companies\nCREATE \n"
              "(ViaQuatro:Company {name:'ViaQuatro', site:'www.viaquatro.com.br', fone:'08007707100'})\n\n"
              "// Connection between stations\nCREATE\n(Luz)-[:CONNECT{transport:'touristic'}]->(Jundiai),\n\n"
              "// Line has Stations\nCREATE \n(Yellow)<-[:PART_OF{isPaid:'never'}]-(Luz)\n\n"
              "// Owns\nCREATE\n(ViaQuatro)-[:OWN]->(Yellow)")
    store = Recorder()
    corpus.write_sao_paulo_transport(store, _clone(tmp_path, corpus.SP_TRANSPORT, {"database.cypher": script}))
    assert store.calls == [(
        "CREATE \n(Luz:MetroStation:TrainStation:TouristicTerminal {name:'Luz', hasElevator: true}),"
        "\n(Jundiai:TrainStation {name:'Jundia\u00ed', hasElevator: true})\n\nCREATE \n(Yellow:Line {name: 'Yellow', "
        "number: 4})\n\nCREATE \n(ViaQuatro:Company {name:'ViaQuatro', site:'www.viaquatro.com.br', "
        "fone:'08007707100'})\n\nCREATE\n(Luz)-[:CONNECT{transport:'touristic'}]->(Jundiai),\n\nCREATE \n"
        "(Yellow)<-[:PART_OF{isPaid:'never'}]-(Luz)\n\nCREATE\n(ViaQuatro)-[:OWN]->(Yellow)", {})]


def test_sao_paulo_transport_refuses_a_load_csv(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'file:///stations.csv' AS row\nCREATE (:MetroStation {name: row.name})\n"
    with pytest.raises(corpus.CorpusError, match="reads file:///stations.csv"):
        corpus.write_sao_paulo_transport(Recorder(), _clone(tmp_path, corpus.SP_TRANSPORT, {"database.cypher": script}))


def test_nypd_arrests_runs_its_quick_start_statement_only(tmp_path: Path) -> None:
    script = ('\n//QUICK START (sample dataset)\nLOAD CSV WITH HEADERS FROM "file:///dataset_test.csv" AS row\n'
              "MERGE (arrest:Arrest {key: row.ARREST_KEY})\n\n\n//LOADING THE FULL DATA (steps)\n\n"
              'CREATE INDEX ON :Arrest(key)\n:auto USING PERIODIC COMMIT 10000\nLOAD CSV WITH HEADERS FROM '
              '"file:///NYPD_Arrests_Data__Historic_.csv" AS row\nMERGE (:Crime {title: row.PD_DESC})\n')
    mirror = _clone(tmp_path, corpus.NYPD, {"load-data.cypher": script, "dataset_test.csv": "ARREST_KEY\n173130602\n"})
    store = Recorder()
    corpus.write_nypd_arrests(store, mirror)
    assert store.calls == [("UNWIND $rows AS row\nMERGE (arrest:Arrest {key: row.ARREST_KEY})",
                            {"rows": [{"ARREST_KEY": "173130602"}]})]


def test_paris_metro_runs_its_loaders_query_strings_in_order_but_the_delete(tmp_path: Path) -> None:
    program = ('query = """\nMATCH (n)\nDETACH DELETE n\n"""\nrun(query)\nquery = """\nLOAD CSV WITH HEADERS FROM '
               "'https://raw.githubusercontent.com/aymericastellanet/Neo4j_Paris_metro/main/stations.csv' AS row\n"
               'CREATE (:Station {nom: row.nom_gare});\n  """\nqueries = [\n    """\n    MATCH (s1:Station)\n'
               '    CREATE (s1)-[:A]->(s1)\n    """,\n    """\n    MATCH (s1:Station), (s2:Station)\n'
               '      WHERE distance(s1.c, s2.c) < 1000\n    CREATE (s1)-[:B]->(s2)\n    """,\n    """\n'
               '    MATCH (s1:Station) CREATE (s1)-[:C]->(s1);\n    """\n]\n')
    mirror = _clone(tmp_path, corpus.PARIS_METRO, {"load_paris_metro_db_neo4j.py": program,
                                                   "stations.csv": "nom_gare\nAbbesses\n"})
    store = Recorder()
    corpus.write_paris_metro(store, mirror)
    assert [s.split()[0] for s, _ in store.calls] == ["UNWIND", "MATCH", "MATCH", "MATCH"]
    assert store.calls[0][1] == {"rows": [{"nom_gare": "Abbesses"}]}
    assert "point.distance(s1.c, s2.c) < 1000" in store.calls[2][0]
    assert not [s for s, _ in store.calls if "DELETE" in s]


def test_a_tab_terminator_written_as_its_escape_and_a_periodic_commit_with_a_size_are_read() -> None:
    # clinical_trials_3000 writes FIELDTERMINATOR '\\t' (Cypher's escape for a tab); geographicalHierarchyGraph
    # `USING PERIODIC COMMIT 10` before its LOAD CSV, which 5.x removed
    script = ("LOAD CSV WITH HEADERS FROM 'file:///conditions.tsv' AS row FIELDTERMINATOR '\\t' "
              "MERGE (c:Condition {UMLS: row.UMLS})\n;\n"
              "USING PERIODIC COMMIT 10\nLOAD CSV WITH HEADERS FROM \"https://h/b.csv\" AS line FIELDTERMINATOR '|'\n"
              "MERGE (co:Community{name:line.Gemeinde})\n")
    asked: list[tuple[str, str]] = []

    def rows_of(url: str, delimiter: str) -> list[dict[str, str | None]]:
        asked.append((url, delimiter))
        return [{"x": "1"}]

    store = Recorder()
    corpus._run_script(store, script, rows_of)
    assert asked == [("file:///conditions.tsv", "\t"), ("https://h/b.csv", "|")]
    assert [s for s, _ in store.calls] == ["UNWIND $rows AS row MERGE (c:Condition {UMLS: row.UMLS})",
                                           "UNWIND $rows AS line\nMERGE (co:Community{name:line.Gemeinde})"]


def test_yemen_debates_runs_every_query_file_in_name_order_without_its_elision_line(tmp_path: Path) -> None:
    first = ("MERGE (d:Debate {date: '2015-01-21', chamber: 'House of Commons'})\nMERGE (s0:Speaker {id: '#A'})\n"
             "MERGE (s0)-[:PARTICIPATED_IN]->(d)\n\n...\n\n\nMERGE (s1:Speaker {id: '#B'})\n"
             "MERGE (s1)-[:PARTICIPATED_IN]->(d);")
    second = "MERGE (d:Debate {date: '2016-02-03', chamber: 'House of Commons'});"
    mirror = _clone(tmp_path, corpus.YEMEN, {
        corpus.YEMEN_QUERIES + "ParlaMint-GB_2016-02-03-commons.out.cypher": second,
        corpus.YEMEN_QUERIES + "ParlaMint-GB_2015-01-21-commons.out.cypher": first,
        corpus.YEMEN_QUERIES + "notes.txt": "not Cypher"})
    store = Recorder()
    corpus.write_yemen_debates(store, mirror)
    assert [s for s, _ in store.calls] == [
        "MERGE (d:Debate {date: '2015-01-21', chamber: 'House of Commons'})\nMERGE (s0:Speaker {id: '#A'})\n"
        "MERGE (s0)-[:PARTICIPATED_IN]->(d)\n\n\n\n\nMERGE (s1:Speaker {id: '#B'})\nMERGE (s1)-[:PARTICIPATED_IN]->(d)",
        "MERGE (d:Debate {date: '2016-02-03', chamber: 'House of Commons'})"]


def test_kegg_and_clinical_trials_leave_out_their_analysis_statements(tmp_path: Path) -> None:
    kegg = ("LOAD CSV WITH HEADERS FROM 'file:///drug.csv' AS row MERGE (n:drug {name: row.name, ko: row.ko});\n\n"
            "CREATE CONSTRAINT ON (n:drug) ASSERT n.ko IS UNIQUE;\n\n\nCALL gds.graph.create.cypher(\n    'g',\n"
            "    'MATCH (n:drug) RETURN disease AS d'\n)\nYIELD graphName;")
    trials = ("CREATE CONSTRAINT IF NOT EXISTS FOR (s:Sponsor) REQUIRE s.name IS UNIQUE\n;\n"
              "LOAD CSV WITH HEADERS FROM 'file:///sponsors.tsv' AS row FIELDTERMINATOR '\\t' "
              "MERGE (s:Sponsor {name: row.name})\n;\n\n"
              "MATCH (m1:Medicine) <-[:TESTS]- (t1:Trial) RETURN m1 LIMIT 20;\n\n"
              "MATCH (m1:Medicine) RETURN m1 LIMIT 10\n\n\nMATCH (t:Trial) RETURN t LIMIT 10\n")
    mirror = _clone(tmp_path, corpus.KEGG, {"command.txt": kegg,
                                            "data/drug.csv": "ko,name\nD01211,Leucovorin calcium\n"})
    mirror = _clone(mirror, corpus.TRIALS, {"neo4j_command.txt": trials, "neo4j/sponsors.tsv": "name\nGSK\n"})
    store = Recorder()
    corpus.write_kegg_diseases(store, mirror)
    corpus.write_clinical_trials(store, mirror)
    assert store.calls == [
        ("UNWIND $rows AS row MERGE (n:drug {name: row.name, ko: row.ko})",
         {"rows": [{"ko": "D01211", "name": "Leucovorin calcium"}]}),
        ("CREATE CONSTRAINT FOR (n:drug) REQUIRE n.ko IS UNIQUE", {}),
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (s:Sponsor) REQUIRE s.name IS UNIQUE", {}),
        ("UNWIND $rows AS row MERGE (s:Sponsor {name: row.name})", {"rows": [{"name": "GSK"}]})]


def test_swedish_alumni_runs_its_populate_scripts_universities_first(tmp_path: Path) -> None:
    url = corpus.ALUMNI_URL + "Assignment5/csv_files/"
    files = {path: f"LOAD CSV WITH HEADERS FROM '{url}{path.rsplit('_', 1)[1].split('.')[0]}.csv' AS row\n"
                   "MERGE (:X {n: row.n})" for path in corpus.ALUMNI_SCRIPTS}
    files.update({f"Assignment5/csv_files/{name}.csv": f",n\n0,{name}\n"
                  for name in ("universities", "alumni", "organisations")})
    store = Recorder()
    corpus.write_swedish_alumni(store, _clone(tmp_path, corpus.ALUMNI, files))
    assert [p["rows"] for _, p in store.calls] == [[{"": "0", "n": "universities"}], [{"": "0", "n": "alumni"}],
                                                   [{"": "0", "n": "organisations"}]]


def test_browser_param_blocks_and_lines_are_put_where_the_statements_use_them(tmp_path: Path) -> None:
    # la-crime (a Data Importer export: two `:param {...}` blocks, one commented), water-pollutants (a block of URLs)
    # and open-skills (a `:param base => '...'` line): none of them is Cypher; their values go where they are used
    la = (":param {\n  // the root\n  file_path_root: 'file:///', // Change this\n  file_0: 'crimes.csv'\n};\n\n"
          "CREATE CONSTRAINT `c` IF NOT EXISTS\nFOR (n: `Case`)\nREQUIRE (n.`DR_NO`) IS UNIQUE;\n\n:param {\n"
          "  idsToSkip: []\n};\n\nLOAD CSV WITH HEADERS FROM ($file_path_root + $file_0) AS row\nWITH row\n"
          "WHERE NOT row.`DR_NO` IN $idsToSkip\nCALL {\n  WITH row\n  MERGE (n: `Case` { `DR_NO`: row.`DR_NO` })\n"
          "} IN TRANSACTIONS OF 10000 ROWS;\n")
    water = (":param {\n  file_0: '" + corpus.POLLUTANTS_URL + "s.csv', // substances\n};\n\n"
             "LOAD CSV WITH HEADERS FROM $file_0 AS row\nMERGE (s:Substance {DTXSID: row.DTXSID});\n")
    skills = (":param base => '" + corpus.OPEN_SKILLS_URL + "data';\n\nLOAD CSV WITH HEADERS FROM $base + '/k.csv' AS "
              "row\nMERGE (n:Keyword {id: row[\":ID\"]});\n\nLOAD CSV WITH HEADERS FROM $base + '/"
              + corpus.OPEN_SKILLS_ABSENT + "' AS row\nMATCH (s:RSD {id: row[\":START_ID\"]}) RETURN s;\n")
    mirror = _clone(tmp_path, corpus.LA_CRIME, {corpus.LA_CRIME_SCRIPT: la,
                                                corpus.LA_CRIME_DATA + "crimes.csv": "DR_NO\n10304468\n"})
    mirror = _clone(mirror, corpus.POLLUTANTS, {corpus.POLLUTANTS_SCRIPT: water, "s.csv": "DTXSID\nDTXSID4023200\n"})
    files = {path: "" for path in corpus.OPEN_SKILLS_SCRIPTS}
    files.update({corpus.OPEN_SKILLS_SCRIPTS[0]: skills, "data/k.csv": ":ID,prefLabel\nkw-1,Anatomy\n"})
    mirror = _clone(mirror, corpus.OPEN_SKILLS, files)
    store = Recorder()
    corpus.write_la_crime(store, mirror)
    corpus.write_water_pollutants(store, mirror)
    corpus.write_open_skills(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT `c` IF NOT EXISTS\nFOR (n: `Case`)\nREQUIRE (n.`DR_NO`) IS UNIQUE", {}),
        ("UNWIND $rows AS row\nWITH row\nWHERE NOT row.`DR_NO` IN []\nCALL {\n  WITH row\n"
         "  MERGE (n: `Case` { `DR_NO`: row.`DR_NO` })\n}", {"rows": [{"DR_NO": "10304468"}]}),
        ("UNWIND $rows AS row\nMERGE (s:Substance {DTXSID: row.DTXSID})", {"rows": [{"DTXSID": "DTXSID4023200"}]}),
        ("UNWIND $rows AS row\nMERGE (n:Keyword {id: row[\":ID\"]})",
         {"rows": [{":ID": "kw-1", "prefLabel": "Anatomy"}]})]


def test_jlpt_kanji_runs_its_level_import_once_per_level_and_stops_before_its_analysis(tmp_path: Path) -> None:
    url = corpus.KANJI_URL + "neo4j/data/vocabulary_6501"
    guide = ("### Import the Kanjis data\n\n```\nUNWIND [\"5\", \"4\"] AS level\nLOAD CSV FROM \"" + url
             + "\" + level + \".csv\" AS row\nMERGE (k:Kanji {value: row[0]})\n```\n\n### Import the radical data\n\n"
             "```\nMATCH (k:Kanji) RETURN k\n```\n\n" + corpus.KANJI_ANALYSIS
             + " algorithm\n\n```\nCALL algo.pageRank()\n```\n")
    mirror = _clone(tmp_path, corpus.KANJI, {corpus.KANJI_GUIDE: guide,
                                             "neo4j/data/vocabulary_65015.csv": "国,コク・くに,country\n\n",
                                             "neo4j/data/vocabulary_65014.csv": "駅,エキ,station\n"})
    store = Recorder()
    corpus.write_jlpt_kanji(store, mirror)
    statement = "WITH $level AS level UNWIND $rows AS row\nMERGE (k:Kanji {value: row[0]})\n"
    assert store.calls == [(statement, {"level": "5", "rows": [["国", "コク・くに", "country"]]}),
                           (statement, {"level": "4", "rows": [["駅", "エキ", "station"]]}),
                           ("MATCH (k:Kanji) RETURN k", {})]


def test_whosampled_runs_its_loaders_constraints_and_named_statements_in_order(tmp_path: Path) -> None:
    statements = {name: f"LOAD CSV WITH HEADERS FROM 'file:///{name}.csv' AS row\nMERGE (:X {{n: row.n}});"
                  for name in corpus.WHOSAMPLED_STATEMENTS}
    loader = ("from neo4j import GraphDatabase\n\nconstraints = [\n"
              "    \"\"\"CREATE CONSTRAINT s IF NOT EXISTS FOR (s:Song) "
              "REQUIRE s.id IS UNIQUE\"\"\"\n]\n\n"
              + "".join(f"{name} = \"\"\"\n{text}\n\"\"\"\n\n" for name, text in reversed(list(statements.items())))
              + "audio_features_import = \"\"\"\nLOAD CSV WITH HEADERS FROM 'file:///acousticbrainz.csv' AS row\n"
                "RETURN row\n\"\"\"\n")
    files = {corpus.WHOSAMPLED_LOADER: loader}
    files.update({f"knowledge-graph/neo4j/data/import/{name}.csv": f"n\n{name}\n" for name in statements})
    store = Recorder()
    corpus.write_whosampled(store, _clone(tmp_path, corpus.WHOSAMPLED, files))
    assert store.calls[0] == ("CREATE CONSTRAINT s IF NOT EXISTS FOR (s:Song) REQUIRE s.id IS UNIQUE", {})
    assert [p["rows"] for _, p in store.calls[1:]] == [[{"n": name}] for name in corpus.WHOSAMPLED_STATEMENTS]


def test_olympic_countries_statements_without_semicolons_are_split_at_their_load_csv_lines(tmp_path: Path) -> None:
    # datavise's script.cypher: its constraints end in ';', its LOAD CSV statements (pasted one at a time) do not
    script = ("CREATE CONSTRAINT yearIdConstraint ON (c:Year) ASSERT c.year IS UNIQUE;\n\n"
              'LOAD CSV WITH HEADERS FROM "file:///year.csv" AS row\nCREATE (coutry:Year {year:row.year})\n\n'
              'LOAD CSV WITH HEADERS FROM "file:///gpd.csv" AS row\nMATCH (year:Year {year:row.year})\n'
              "SET year.gpd = row.value\n\n\n")
    mirror = _clone(tmp_path, corpus.OLYMPICS, {corpus.OLYMPICS_SCRIPT: script,
                                                "database/data-csv/year.csv": '"year"\n1960\n',
                                                "database/data-csv/gpd.csv": '"id","year","value"\n0,1960,"1,268.5"\n'})
    store = Recorder()
    corpus.write_olympic_countries(store, mirror)
    assert store.calls == [("CREATE CONSTRAINT yearIdConstraint FOR (c:Year) REQUIRE c.year IS UNIQUE", {}),
                           ("UNWIND $rows AS row\nCREATE (coutry:Year {year:row.year})", {"rows": [{"year": "1960"}]}),
                           ("UNWIND $rows AS row\nMATCH (year:Year {year:row.year})\nSET year.gpd = row.value",
                            {"rows": [{"id": "0", "year": "1960", "value": "1,268.5"}]})]


def test_bbc_recipes_headerless_rows_are_lists_and_its_merge_keys_are_indexed_first(tmp_path: Path) -> None:
    # jdecker77/recipes: `LOAD CSV FROM` without headers (row[0]), its files named at the end of home-folder URLs
    script = ('USING PERIODIC COMMIT LOAD CSV FROM "file:///home/x/output/recipes.csv" AS row\n'
              "MERGE (r:Recipe {id: toInteger(row[0])})\nON CREATE SET r.title = row[1];\n\n"
              'USING PERIODIC COMMIT LOAD CSV FROM "file:///home/x/output/ingredients.csv" AS row\n'
              "MERGE (i:Ingredient {name:row[1]});\n")
    mirror = _clone(tmp_path, corpus.RECIPES, {corpus.RECIPES_SCRIPT: script,
                                               corpus.RECIPES_DATA + "recipes.csv": '101233,"Tomato Salad ",\n',
                                               corpus.RECIPES_DATA + "ingredients.csv": "101233,couscous\n"})
    store = Recorder()
    corpus.write_bbc_recipes(store, mirror)
    assert store.calls == [
        ("CREATE INDEX IF NOT EXISTS FOR (n:`Recipe`) ON (n.`id`)", {}),
        ("CREATE INDEX IF NOT EXISTS FOR (n:`Ingredient`) ON (n.`name`)", {}),
        ("CALL db.awaitIndexes()", {}),
        ("UNWIND $rows AS row\nMERGE (r:Recipe {id: toInteger(row[0])})\nON CREATE SET r.title = row[1]",
         {"rows": [["101233", "Tomato Salad ", None]]}),
        ("UNWIND $rows AS row\nMERGE (i:Ingredient {name:row[1]})", {"rows": [["101233", "couscous"]]})]


def test_french_medicines_runs_its_scripts_in_its_order_over_tab_separated_files(tmp_path: Path) -> None:
    # ami-ia-chub's db_generation.sh order, add_biology left out (biology.csv is over the mirror's size limit)
    files = {f"{corpus.CHUB_FOLDER}{name}.cypher":
             f"// {name}\nLOAD CSV WITH HEADERS FROM 'file:///db_generation/{name}.csv' AS line FIELDTERMINATOR "
             f"'\\t'\nMERGE (m:Maladie {{wikidata : line.w}});\n" for name in corpus.CHUB_SCRIPTS}
    files.update({f"{corpus.CHUB_FOLDER}{name}.csv": f"w\tx\n{name}\t\n" for name in corpus.CHUB_SCRIPTS})
    assert corpus.CHUB_ABSENT not in corpus.CHUB_SCRIPTS
    store = Recorder()
    corpus.write_french_medicines(store, _clone(tmp_path, corpus.CHUB, files))
    assert store.calls[:2] == [("CREATE INDEX IF NOT EXISTS FOR (n:`Maladie`) ON (n.`wikidata`)", {}),
                               ("CALL db.awaitIndexes()", {})]
    assert [p["rows"] for _, p in store.calls[2:]] == [[{"w": name, "x": None}] for name in corpus.CHUB_SCRIPTS]


def test_vinmonopolet_leaves_out_the_shell_word_and_reads_its_import_folder(tmp_path: Path) -> None:
    # bekkopen/databasekurs: the script opens with the neo4j-shell prompt's word "cypher" alone on its line; its
    # cdn.rawgit.com URLs name the files of neo4j/data/import/, ';'-separated with a trailing ';' on each line
    script = ("cypher\n\nMATCH(n)\nDETACH DELETE n;\n\n"
              f"LOAD CSV WITH HEADERS FROM '{corpus.VINMONOPOLET_URL}country.node.graph.csv' AS line "
              "FIELDTERMINATOR ';'\nCREATE (:Country { countryId: line.countryId, name: line.name });\n\n"
              "CREATE INDEX ON :Country(countryId);\n")
    mirror = _clone(tmp_path, corpus.VINMONOPOLET, {corpus.VINMONOPOLET_SCRIPT: script,
                                                    "neo4j/data/import/country.node.graph.csv":
                                                    "countryId;name;\nnorge;Norge;\n"})
    store = Recorder()
    corpus.write_vinmonopolet(store, mirror)
    assert store.calls == [
        ("MATCH(n)\nDETACH DELETE n", {}),
        ("UNWIND $rows AS line\nCREATE (:Country { countryId: line.countryId, name: line.name })",
         {"rows": [{"countryId": "norge", "name": "Norge", "": None}]}),
        ("CREATE INDEX FOR (n:Country) ON (n.countryId)", {})]


def test_sncf_stations_ends_a_statement_at_each_cut_line_and_leaves_out_the_absent_file(tmp_path: Path) -> None:
    # DavidHospi/neo: its parts are separated by `// CUT` lines, two without a ';'; toLong() is no Cypher function;
    # the lost-property file is over the mirror's size limit
    script = ("CREATE CONSTRAINT c IF NOT EXISTS ON (g: Gare) ASSERT g.codeUIC is UNIQUE;\n\n// CUT\n\n"
              f":auto USING PERIODIC COMMIT 500\nLOAD CSV WITH HEADERS FROM 'file:///{corpus.SNCF_ABSENT}' AS objet "
              "FIELDTERMINATOR ';'\nCREATE (o: Objet {natureObjet: objet.nature})\n\n// CUT\n\n"
              ":auto USING PERIODIC COMMIT 500\nLOAD CSV WITH HEADERS FROM 'file:///Departements.csv' AS objet "
              "FIELDTERMINATOR ';'\n\nCREATE (p: Population {\n    nombre: toLong(objet.`PTOT`)\n})")
    mirror = _clone(tmp_path, corpus.SNCF, {corpus.SNCF_SCRIPT: script,
                                            "import/Departements.csv": "CODDEP;PTOT\n01;663720\n"})
    store = Recorder()
    corpus.write_sncf_stations(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT c IF NOT EXISTS FOR (g:Gare) REQUIRE g.codeUIC IS UNIQUE", {}),
        ("UNWIND $rows AS objet\n\nCREATE (p: Population {\n    nombre: toInteger(objet.`PTOT`)\n})",
         {"rows": [{"CODDEP": "01", "PTOT": "663720"}]})]


def test_bp_ownership_merges_relationships_on_non_null_properties_and_gives_rows_with_their_keys(
        tmp_path: Path) -> None:
    # iilab/openoil (Cypher 2.x): str(), a relationship MERGE over properties most rows leave empty, node MERGEs
    # keyed on fields a few rows lack
    script = (f"// Load BP\nLOAD CSV WITH HEADERS FROM '{corpus.OPENOIL_URL}data/bp.csv' AS line\nWITH line\n"
              "MERGE (parent:Company { name: line.parent })\nMERGE (company:Company { name: line.company })\n"
              "ON CREATE SET company.docs = [] + coalesce(STR('f/' + line.doc), [])\n"
              "MERGE (parent)-[owns:IS_OWNER { immediate: line.immediate, start_date: line.start_date}]->(company)\n"
              "MERGE (country:Country { name: line.jurisdiction})\n"
              "MERGE (company)-[s:HAS_JURISDICTION { confidence: line.confidence } ]->(country);")
    data = ("company,parent,immediate,start_date,jurisdiction,confidence,doc\n"
            "BP Norge AS,Amoco Norway Oil Company,52,,Norway,High,\nOrphan Ltd,,100,,Norway,High,\n")
    mirror = _clone(tmp_path, corpus.OPENOIL, {corpus.OPENOIL_SCRIPT: script, "data/bp.csv": data})
    store = Recorder()
    corpus.write_bp_ownership(store, mirror)
    [(statement, params)] = store.calls
    assert statement == (
        "UNWIND $rows AS line\nWITH line\nMERGE (parent:Company { name: line.parent })\n"
        "MERGE (company:Company { name: line.company })\n"
        "ON CREATE SET company.docs = [] + coalesce(toString('f/' + line.doc), [])\n"
        "WITH * CALL apoc.merge.relationship(parent, 'IS_OWNER', apoc.map.clean({ immediate: line.immediate, "
        "start_date: line.start_date}, [], []), {}, company) YIELD rel AS owns\n"
        "MERGE (country:Country { name: line.jurisdiction})\n"
        "WITH * CALL apoc.merge.relationship(company, 'HAS_JURISDICTION', apoc.map.clean({ confidence: "
        "line.confidence }, [], []), {}, country) YIELD rel AS s RETURN count(s)")
    assert [row["company"] for row in params["rows"]] == ["BP Norge AS"]  # Orphan Ltd has no parent


def test_nigeria_oil_contracts_runs_its_three_scripts_over_rows_with_empty_fields_as_empty_strings(
        tmp_path: Path) -> None:
    # iilab/openoil's Nigerian scripts (Cypher 2.1, one statement each, no ';'): a contract MERGEd on a field the row
    # leaves empty, which 2.1's LOAD CSV read as '' (5.x: null, refused by MERGE); a column the script names
    # otherwise than the file (`offical_title`) stays null; a field past the header's last column is left out
    url = corpus.OPENOIL_URL + "data/"
    scripts = {corpus.NIGERIA_SCRIPTS[0]: f"// Load Nigeria - Companies\nLOAD CSV WITH HEADERS FROM '{url}co.csv' "
                                          "AS line\nWITH line\nMERGE (company:Company {name: line.name})",
               corpus.NIGERIA_SCRIPTS[1]: f"// Load Nigeria - Contracts\nLOAD CSV WITH HEADERS FROM '{url}ct.csv' "
                                          "AS line\nMERGE (contract:Contract { name: line.name, field:line.field }) "
                                          "SET contract.official_title= coalesce(line.offical_title, \"\")",
               corpus.NIGERIA_SCRIPTS[2]: f"LOAD CSV WITH HEADERS FROM '{url}ow.csv' AS line\n"
                                          "MERGE (p:Company { name: line.parent })"}
    mirror = _clone(tmp_path, corpus.OPENOIL, {**scripts, "data/co.csv": "name,website\nNestoil Plc,\n",
                                                "data/ct.csv": "name,field,official_title\nSupply of bulk methanol,,"
                                                               "x,extra\n",
                                                "data/ow.csv": "parent\nEni SpA\n"})
    store = Recorder()
    corpus.write_nigeria_oil_contracts(store, mirror)
    assert store.calls == [
        ("UNWIND $rows AS line\nWITH line\nMERGE (company:Company {name: line.name})",
         {"rows": [{"name": "Nestoil Plc", "website": ""}]}),
        ("UNWIND $rows AS line\nMERGE (contract:Contract { name: line.name, field:line.field }) "
         "SET contract.official_title= coalesce(line.offical_title, \"\")",
         {"rows": [{"name": "Supply of bulk methanol", "field": "", "official_title": "x"}]}),
        ("UNWIND $rows AS line\nMERGE (p:Company { name: line.parent })", {"rows": [{"parent": "Eni SpA"}]})]


def test_nigeria_oil_contracts_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    scripts = {path: "LOAD CSV WITH HEADERS FROM 'https://example.org/x.csv' AS line\nMERGE (:Company {name: "
                     "line.name})" for path in corpus.NIGERIA_SCRIPTS}
    with pytest.raises(corpus.CorpusError, match="scripts read https://example.org/x.csv"):
        corpus.write_nigeria_oil_contracts(Recorder(), _clone(tmp_path, corpus.OPENOIL, scripts))


def test_regesta_imperii_runs_the_chapters_blocks_before_its_analysis_section(tmp_path: Path) -> None:
    # kuczera/Graphentechnologien: the chapter's ~~~cypher blocks load the regests; those of its analysis section
    # read or draw virtual relationships, and are left out
    chapter = ("# Regesten\n~~~cypher\nCREATE INDEX IF NOT EXISTS FOR (n:Regesta) ON (n.ident);\n~~~\n"
               f'~~~cypher\nLOAD CSV WITH HEADERS FROM "{corpus.REGESTA_URL}data/RegH4.csv" AS line\n'
               "CREATE (r:Regesta {ident:line.identifier})\nRETURN count(r);\n~~~\n"
               f"{corpus.REGESTA_ANALYSIS}\n~~~cypher\nMATCH (n:Regesta)\n"
               "CALL apoc.create.vRelationship(n, 'K', {}, n) YIELD rel RETURN rel;\n~~~\n")
    mirror = _clone(tmp_path, corpus.REGESTA, {corpus.REGESTA_CHAPTER: chapter,
                                               "data/RegH4.csv": 'identifier\n"RI III,2,3 n. 1"\n'})
    store = Recorder()
    corpus.write_regesta_imperii(store, mirror)
    assert store.calls == [
        ("CREATE INDEX IF NOT EXISTS FOR (n:Regesta) ON (n.ident)", {}),
        ("UNWIND $rows AS line\nCREATE (r:Regesta {ident:line.identifier})\nRETURN count(r)",
         {"rows": [{"identifier": "RI III,2,3 n. 1"}]})]


def test_an_excavation_node_matched_by_id_alone_is_given_the_load_label() -> None:
    # excavation-reports' script MATCHes some nodes by id with no label (every node scanned for each row): the writer
    # gives those patterns the label every node holds while they run; a labelled pattern stays as written
    statement = "MATCH (s {id: row.START_ID}) MATCH (v:FeatureValue {id: row.END_ID}) MERGE (s)-[:HAS_VALUE]->(v)"
    assert corpus._excavation_statement(statement) == (
        "MATCH (s:CorpusLoadNode {id: row.START_ID}) MATCH (v:FeatureValue {id: row.END_ID}) "
        "MERGE (s)-[:HAS_VALUE]->(v)")


def test_college_baseball_runs_the_statements_its_load_all_calls_in_order_but_the_delete(tmp_path: Path) -> None:
    # danielee982/diamond-knowledge-graph: a Python class whose load_all calls its methods; each method assigns its
    # statement to `query` (its constraints: a list to `queries`) and the file it reads to `url`, an f-string over
    # RAW_BASE, which its driver passes as $url
    program = ('RAW_BASE = "https://raw.githubusercontent.com/danielee982/diamond-knowledge-graph/main/data/processed"'
               '\n\nclass GraphDBManager:\n    def close(self):\n        self.driver.close()\n\n'
               '    def create_constraints(self):\n        queries = [\n'
               '            """CREATE CONSTRAINT t IF NOT EXISTS\n'
               '                FOR (t:Team) REQUIRE t.name IS UNIQUE;""",\n        ]\n\n'
               '    def add_teams(self):\n        url = f"{RAW_BASE}/teams.csv"\n        query = """\n'
               '            LOAD CSV WITH HEADERS FROM $url AS row\n            MERGE (t:Team {name: row.team});\n'
               '        """\n        self.driver.execute_query(query, url=url)\n\n'
               '    def add_transfers(self):\n        query = """\n            MATCH (p:Player)-[r:PLAYS_FOR]->(t)\n'
               '            MERGE (p)-[:TRANSFERRED_TO]->(t);\n        """\n\n'
               '    def delete_all(self):\n        query = "MATCH (n) DETACH DELETE n;"\n\n'
               '    def load_all(self):\n        self.delete_all()\n        self.create_constraints()\n'
               '        self.add_teams()\n        self.add_transfers()\n        self.close()\n')
    teams = "\ufeffcollege,team\nRice University,Rice Owls\n"  # a byte order mark before its header, as written
    mirror = _clone(tmp_path, corpus.DIAMOND, {corpus.DIAMOND_LOADER: program, "data/processed/teams.csv": teams})
    calls = corpus._loader_calls(ast.parse(program), "GraphDBManager", "load_all")
    assert [m for m, _, _ in calls] == ["delete_all", "create_constraints", "add_teams", "add_transfers"]
    assert calls[2][2] == corpus.DIAMOND_URL + "data/processed/teams.csv" and calls[1][2] == ""
    store = Recorder()
    corpus.write_college_baseball(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT t IF NOT EXISTS\n                FOR (t:Team) REQUIRE t.name IS UNIQUE", {}),
        ("UNWIND $rows AS row\n            MERGE (t:Team {name: row.team})",
         {"rows": [{"college": "Rice University", "team": "Rice Owls"}]}),
        ("MATCH (p:Player)-[r:PLAYS_FOR]->(t)\n            MERGE (p)-[:TRANSFERRED_TO]->(t)", {})]


def test_chess_championships_runs_its_scripts_in_the_order_their_matches_need_in_five_syntax(tmp_path: Path) -> None:
    # pitsios-s/Neo4JAssignment: Cypher 3.x scripts, one per file, reading `file:/<name>` (its csv/ folder); the
    # games MATCH the moves and events, the players' games the players and games
    scripts = {name: f"LOAD CSV WITH HEADERS FROM 'file:/{name}.csv' AS line MERGE (:N {{f: '{name}'}});"
               for name in ("insertEvents", "insertMoves", "insertMoveMove", "insertGames", "insertPlayerGames")}
    scripts["insertPlayers"] = ("CREATE INDEX ON :Player(id);\n"
                                "CREATE CONSTRAINT ON (p: Player) ASSERT p.name IS UNIQUE;\n\nUSING PERIODIC COMMIT \n"
                                "LOAD CSV WITH HEADERS \nFROM 'file:/players.csv' AS line \n"
                                "MERGE (:Player {id: TOINT(line.id), name: line.name});")
    files = {f"{corpus.CHESS_FOLDER}{name}.cql": text for name, text in scripts.items()}
    files.update({f"csv/{name}.csv": "id,name\n13,Euwe Max\n" for name in (*scripts, "players")})
    store = Recorder()
    corpus.write_chess_championships(store, _clone(tmp_path, corpus.CHESS, files))
    assert store.calls[:3] == [
        ("CREATE INDEX FOR (n:Player) ON (n.id)", {}),
        ("CREATE CONSTRAINT FOR (p:Player) REQUIRE p.name IS UNIQUE", {}),
        ("UNWIND $rows AS line \nMERGE (:Player {id: toInteger(line.id), name: line.name})",
         {"rows": [{"id": "13", "name": "Euwe Max"}]})]
    assert [s.split("'")[1] for s, _ in store.calls[3:]] == ["insertEvents", "insertMoves", "insertMoveMove",
                                                             "insertGames", "insertPlayerGames"]


def test_tour_de_france_2014_reads_the_files_its_urls_name_in_five_syntax(tmp_path: Path) -> None:
    # inserpio/tour-de-france-2014: Cypher 2.x (toInt) whose LOAD CSVs read the repository's own raw files
    script = (f'LOAD CSV WITH HEADERS FROM "{corpus.TDF_URL}tour-de-france-2014-0002-stages.csv" AS csvLine\n'
              "MATCH (r:Race { id: 1 })\nMERGE (s:Stage { number: toInt(csvLine.STAGE_NUMBER) })\nRETURN r,s;\n\n"
              'LOAD CSV WITH HEADERS FROM "https://example.org/other.csv" AS csvLine\nCREATE (:Other);\n')
    files = {corpus.TDF_SCRIPT: script, "tour-de-france-2014-0002-stages.csv": "STAGE_NUMBER,STAGE_TYPE\n1,Flat\n"}
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="other.csv"):
        corpus.write_tour_de_france_2014(store, _clone(tmp_path, corpus.TDF, files))
    assert store.calls == [("UNWIND $rows AS csvLine\nMATCH (r:Race { id: 1 })\n"
                            "MERGE (s:Stage { number: toInteger(csvLine.STAGE_NUMBER) })\nRETURN r,s",
                            {"rows": [{"STAGE_NUMBER": "1", "STAGE_TYPE": "Flat"}]})]


def test_dinosaurs_runs_its_build_script_over_the_guide_folder_the_guide_host_serves(tmp_path: Path) -> None:
    # martinohanlon/neo4j-dinosaur-guide: build.cypher reads dinosaurs.csv from the guide's host, which serves the
    # repository's guide/ folder; its first statements delete an earlier load; an empty field is null, as LOAD CSV
    # gives it (the Periods statement skips such rows)
    url = f"{corpus.DINOSAURS_URL}dinosaur/data/dinosaurs.csv"
    script = ("// Delete all nodes and relationships\nMATCH (d:Dinosaur) DETACH DELETE d;\n\n"
              f"// Dinosaurs\nLOAD CSV WITH HEADERS\nFROM '{url}' AS row\nMERGE (d:Dinosaur{{name:row.name}})\n"
              "SET d.length = toFloat(row.length);\n\n// Periods\nLOAD CSV WITH HEADERS\n"
              f"FROM '{url}' AS row\nWITH row WHERE row.period IS NOT NULL\nMATCH (d:Dinosaur{{name:row.name}})\n"
              "MERGE (p:Period{name:row.period});\n")
    data = "name,length,period\nAardonyx,8.0,Early Jurassic\nZupaysaurus,,\n"
    mirror = _clone(tmp_path, corpus.DINOSAURS, {corpus.DINOSAURS_SCRIPT: script,
                                                 "guide/dinosaur/data/dinosaurs.csv": data})
    store = Recorder()
    corpus.write_dinosaurs(store, mirror)
    rows = [{"name": "Aardonyx", "length": "8.0", "period": "Early Jurassic"},
            {"name": "Zupaysaurus", "length": None, "period": None}]
    assert store.calls == [
        ("MATCH (d:Dinosaur) DETACH DELETE d", {}),
        ("UNWIND $rows AS row\nMERGE (d:Dinosaur{name:row.name})\nSET d.length = toFloat(row.length)",
         {"rows": rows}),
        ("UNWIND $rows AS row\nWITH row WHERE row.period IS NOT NULL\nMATCH (d:Dinosaur{name:row.name})\n"
         "MERGE (p:Period{name:row.period})", {"rows": rows})]


def test_dinosaurs_refuses_a_url_outside_the_guide_host(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://example.org/dinosaurs.csv' AS row MERGE (:Dinosaur {name: row.name});"
    mirror = _clone(tmp_path, corpus.DINOSAURS, {corpus.DINOSAURS_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match="example.org"):
        corpus.write_dinosaurs(Recorder(), mirror)


def test_nasa_lessons_splits_its_head_at_the_connection_test_and_reads_its_dropbox_folder(tmp_path: Path) -> None:
    # davidmeza1/doctopics: the delete block and the connection test (two FROMs, no Neo4j parses it) carry no ';' and
    # run into the constraint; its LOAD CSVs read its author's Dropbox copy of the repository; llis.csv holds bytes
    # that are not UTF-8, read as LOAD CSV reads them (U+FFFD)
    url = corpus.NASA_LESSONS_URL
    script = ("// Delete all Nodes and Relationships\nMATCH (n)\nOPTIONAL MATCH (n)-[r]-()\nDELETE n,r\n\n"
              "// test\nLOAD CSV WITH HEADERS \n// FROM 'file:///old.csv' AS line WINDOWS CODE\n"
              f"FROM '{url}data/llis.csv' AS line\nFROM 'file:/Users/dmeza/llis.csv' AS line\nWITH line\nLimit 1\n"
              "RETURN line\n\n\t// Uniqueness constraints.\n"
              "CREATE CONSTRAINT ON (l:Lesson) ASSERT l.name IS UNIQUE;\n\n"
              f"USING PERIODIC COMMIT\nLOAD CSV WITH HEADERS \nFROM '{url}data/llis.csv' AS line\n"
              "CREATE (lesson:Lesson { name: TOINT(line.`LessonId`) } )\nSET lesson.abstract = (line.Abstract)\n\n;\n")
    mirror = _clone(tmp_path, corpus.NASA_LESSONS, {corpus.NASA_LESSONS_SCRIPT: script})
    (tmp_path / "doctopics" / "data").mkdir()
    (tmp_path / "doctopics" / "data" / "llis.csv").write_bytes(b"LessonId,Abstract\n9501,5000 splices.\xbe Splice\n")
    store = Recorder()
    corpus.write_nasa_lessons(store, mirror)
    assert store.calls == [
        ("MATCH (n)\nOPTIONAL MATCH (n)-[r]-()\nDELETE n,r", {}),
        ("CREATE CONSTRAINT FOR (l:Lesson) REQUIRE l.name IS UNIQUE", {}),
        ("UNWIND $rows AS line\nCREATE (lesson:Lesson { name: toInteger(line.`LessonId`) } )\n"
         "SET lesson.abstract = (line.Abstract)",
         {"rows": [{"LessonId": "9501", "Abstract": "5000 splices.\ufffd Splice"}]})]


def test_nasa_lessons_refuses_a_script_whose_head_is_no_longer_as_read(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.NASA_LESSONS, {corpus.NASA_LESSONS_SCRIPT: "MATCH (n) DETACH DELETE n;\n"})
    with pytest.raises(corpus.CorpusError, match="connection test"):
        corpus.write_nasa_lessons(Recorder(), mirror)


def test_cuisine_nicoise_reads_its_two_broken_literals_as_meant_and_runs_the_rest_as_written(tmp_path: Path) -> None:
    # adriens/neo4j-cuisine-nicoise: one statement per node or relationship, \\' escapes; a misplaced quote and an
    # unescaped apostrophe no Neo4j parses; a statement matching an ingredient named '' runs as written
    script = ("// On efface tout\nMATCH (n)\nDETACH DELETE n;\n\n"
              "\t// L'omelette d\\'arapèdes\n\tCREATE (n:Recette { nom: 'L'omelette d\\'arapèdes'});\n\n"
              "\tMATCH (a:Ingredient),(b:Recette)\n\tWHERE a.nom = Petits pois'' AND b.nom = 'Le potage'\n"
              "\tCREATE (a)-[r:INGREDIENT_DE { nom: 'INGREDIENT_DE' }]->(b)\n\tRETURN r;\n\n"
              "MATCH (a:Ingredient),(b:Recette)\nWHERE a.nom = '' AND b.nom = 'Les lentilles'\n"
              "CREATE (a)-[r:INGREDIENT_DE { nom: 'INGREDIENT_DE' }]->(b)\nRETURN r;\n")
    mirror = _clone(tmp_path, corpus.NICOISE, {corpus.NICOISE_SCRIPT: script})
    store = Recorder()
    corpus.write_cuisine_nicoise(store, mirror)
    assert [statement for statement, _ in store.calls] == [
        "MATCH (n)\nDETACH DELETE n",
        "CREATE (n:Recette { nom: 'L\\'omelette d\\'arapèdes'})",
        "MATCH (a:Ingredient),(b:Recette)\n\tWHERE a.nom = 'Petits pois' AND b.nom = 'Le potage'\n"
        "\tCREATE (a)-[r:INGREDIENT_DE { nom: 'INGREDIENT_DE' }]->(b)\n\tRETURN r",
        "MATCH (a:Ingredient),(b:Recette)\nWHERE a.nom = '' AND b.nom = 'Les lentilles'\n"
        "CREATE (a)-[r:INGREDIENT_DE { nom: 'INGREDIENT_DE' }]->(b)\nRETURN r"]


def test_cuisine_nicoise_refuses_a_script_whose_typos_were_fixed(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.NICOISE, {corpus.NICOISE_SCRIPT: "CREATE (n:Recette { nom: 'La socca'});\n"})
    with pytest.raises(corpus.CorpusError, match="no longer writes"):
        corpus.write_cuisine_nicoise(Recorder(), mirror)


def test_indonesia_establishments_reads_the_files_its_raw_urls_name_and_nothing_else(tmp_path: Path) -> None:
    # ekotwidodo/establishment-directory-kg: establishment-kg.cypher's LOAD CSVs read the repository's datasets/ by
    # their raw.githubusercontent.com URLs; its constraints are 5.x syntax and run as written; KBLI codes stay
    # strings (a leading zero is part of the code); a URL of another repository is refused
    url = corpus.ESTABLISHMENTS_URL
    script = ("// ----- CONSTANTS -----//\n\nCREATE CONSTRAINT FOR (b:Kelompok_KBLI) REQUIRE b.kode IS UNIQUE;\n\n"
              f"// Load Kelompok KBLI\nLOAD CSV WITH HEADERS FROM '{url}datasets/kbli/kelompok_kbli.csv' AS row\n"
              "MERGE (b:Kelompok_KBLI {kode: row.kode})\nSET b.nama = row.nama, b.url = row.url;\n\n"
              "LOAD CSV WITH HEADERS FROM 'https://raw.githubusercontent.com/other/repo/main/x.csv' AS row\n"
              "MERGE (:Other {id: row.id});")
    kelompok = "kode,nama,url\n01111,Pertanian Jagung,https://klasifikasi.web.bps.go.id/app/view/kbli2020/01111\n"
    mirror = _clone(tmp_path, corpus.ESTABLISHMENTS, {corpus.ESTABLISHMENTS_SCRIPT: script,
                                                      "datasets/kbli/kelompok_kbli.csv": kelompok})
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="other/repo"):
        corpus.write_indonesia_establishments(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (b:Kelompok_KBLI) REQUIRE b.kode IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (b:Kelompok_KBLI {kode: row.kode})\nSET b.nama = row.nama, b.url = row.url",
         {"rows": [{"kode": "01111", "nama": "Pertanian Jagung",
                    "url": "https://klasifikasi.web.bps.go.id/app/view/kbli2020/01111"}]})]


def test_indonesia_politicians_runs_the_cypher_blocks_of_its_import_section_only(tmp_path: Path) -> None:
    # ibrahimamar07/Graf-Data-Politikus-Indonesia: the README's ```cypher blocks from "Import Data ke Neo4j" up to
    # STEP 10 (a diagram block before, the verification and GDS blocks after, are not run); `:auto` dropped and
    # `CALL {...} IN TRANSACTIONS OF n ROWS` run as one CALL; LOAD CSVs read the repository's files by raw URL
    url = corpus.POLITICIANS_URL + "dataset_load_to_neo4j/edges_kerabat_person.csv"
    guide = ("# Graf\n\n## 🔄 Alur Penggunaan\n\n```\nWikidata SPARQL ──→ dataset_wikipedia/\n```\n\n"
             "## 📥 Import Data ke Neo4j\n\n### STEP 1 — Buat Constraint\n\n```cypher\n"
             "CREATE CONSTRAINT FOR (p:Person)     REQUIRE p.kodeId IS UNIQUE;\n```\n\n"
             "### STEP 9 — Import Edge: KERABAT → Person\n\n```cypher\n"
             f":auto LOAD CSV WITH HEADERS FROM '{url}' AS row\n"
             "WITH row WHERE row.`:START_ID` IS NOT NULL\nCALL { WITH row\n"
             "  MATCH (b:Person    {kodeId: row.`:END_ID`})\n  MERGE (b)-[:KERABAT {tipe: row.tipe}]->(b)\n"
             "} IN TRANSACTIONS OF 500 ROWS;\n```\n\n"
             "### STEP 10 — Verifikasi\n\n```cypher\nMATCH (n) RETURN count(n);\n```\n\n"
             "## 🔬 Analisis Graf (GDS)\n\n```cypher\n"
             "CALL gds.pageRank.write('g', {writeProperty: 'pagerank'});\n```\n")
    edges = ":START_ID,:END_ID,tipe,:TYPE\nQ123871630,Q124792512,SPOUSE,KERABAT\n"
    mirror = _clone(tmp_path, corpus.POLITICIANS, {corpus.POLITICIANS_GUIDE: guide,
                                                   "dataset_load_to_neo4j/edges_kerabat_person.csv": edges})
    store = Recorder()
    corpus.write_indonesia_politicians(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (p:Person)     REQUIRE p.kodeId IS UNIQUE", {}),
        ("UNWIND $rows AS row\nWITH row WHERE row.`:START_ID` IS NOT NULL\nCALL { WITH row\n"
         "  MATCH (b:Person    {kodeId: row.`:END_ID`})\n  MERGE (b)-[:KERABAT {tipe: row.tipe}]->(b)\n}",
         {"rows": [{":START_ID": "Q123871630", ":END_ID": "Q124792512", "tipe": "SPOUSE", ":TYPE": "KERABAT"}]})]


def test_virus_hosts_runs_its_three_import_scripts_in_order_and_reads_long_fields(tmp_path: Path) -> None:
    # FelipeMaresca/TrabajoFinalBDNR2023: the viruses, the hosts, then the relationships (the optional temporal
    # script is not run); `:auto` dropped and `CALL {...} IN TRANSACTIONS OF 500 ROWS` run as one CALL; LOAD CSVs
    # read the repository's files by raw URL, a field longer than Python's csv default limit read whole
    url = corpus.VIRUS_HOSTS_URL
    virus, host, relations = corpus.VIRUS_HOSTS_SCRIPTS
    long_ids = ", ".join(str(i) for i in range(30000))  # more than 128 KiB, as Edgelist.csv's longest AssocIDs
    mirror = _clone(tmp_path, corpus.VIRUS_HOSTS, {
        virus: f"\nMATCH (v:Virus) DETACH DELETE v;\n\nLOAD CSV WITH HEADERS FROM '{url}TaxonomyVirus.csv' AS row\n"
               "WITH row\nCREATE (:Virus{VirusTaxID: row.VirusTaxID})\n",
        host: f"LOAD CSV WITH HEADERS FROM '{url}TaxonomyHost.csv' AS row\nWITH row\n"
              "CREATE (:Host{HostTaxID: row.HostTaxID})\n",
        relations: f":auto LOAD CSV WITH HEADERS FROM '{url}Edgelist.csv' AS row\nCALL {{\n WITH row\n"
                   " MATCH (h:Host {HostTaxID: row.HostTaxID})\n} IN TRANSACTIONS OF 500 ROWS\n\n",
        "Import/Load_Temporal_Metadata.cypher.txt": f":auto LOAD CSV WITH HEADERS FROM '{url}Temporal.csv' AS row\n",
        "TaxonomyVirus.csv": "VirusTaxID,Virus\n186538,zaire ebolavirus\n",
        "TaxonomyHost.csv": "HostTaxID,Host\n9606,homo sapiens\n",
        "Edgelist.csv": f'HostTaxID,VirusTaxID,AssocID\n9606,186538,"{long_ids}"\n'})
    store = Recorder()
    corpus.write_virus_hosts(store, mirror)
    assert store.calls == [
        ("MATCH (v:Virus) DETACH DELETE v", {}),
        ("UNWIND $rows AS row\nWITH row\nCREATE (:Virus{VirusTaxID: row.VirusTaxID})",
         {"rows": [{"VirusTaxID": "186538", "Virus": "zaire ebolavirus"}]}),
        ("UNWIND $rows AS row\nWITH row\nCREATE (:Host{HostTaxID: row.HostTaxID})",
         {"rows": [{"HostTaxID": "9606", "Host": "homo sapiens"}]}),
        ("UNWIND $rows AS row\nCALL {\n WITH row\n MATCH (h:Host {HostTaxID: row.HostTaxID})\n}",
         {"rows": [{"HostTaxID": "9606", "VirusTaxID": "186538", "AssocID": long_ids}]})]


def test_seocho_apartments_runs_its_go_scripts_in_order_over_its_raw_files_without_the_absent_zoning_file(
        tmp_path: Path) -> None:
    # hermes3306/skie: skie2024/t/0.go.sh pipes each numbered script into cypher-shell; their apoc.load.json and
    # LOAD CSV read the repository's raw files (a JSON array with a byte order mark, exported node by node from
    # Neo4j, NaN where a value was missing); the zoning file 4.specialpurposearea reads is absent and left out
    url = corpus.SKIE_URL
    scripts = {
        "1.restore1114.cypher": (
            "MATCH (n) DETACH DELETE n;\n// Apartment\n"
            f'CALL apoc.load.json("{url}skie_home/json/Apartment.json") YIELD value AS records1\n'
            "UNWIND records1 AS apartment\nCREATE (a:Apartment)\n"
            "WITH a, apartment.n.properties as apartmentProperties\nSET a = apartmentProperties {.*, coord: null}\n"
            "RETURN count(a);\n"),
        "3.reputation2.cypher": (
            "// json 파일 처리 - 한계가 있음. \n"
            f"LOAD CSV WITH HEADERS FROM '{url}skie_home/json/reputation.csv' AS reputation\n"
            "MATCH (r:Reputation {apartment_uuid: reputation.apartment_uuid})\nSET r.uuid = reputation.uuid;\n"),
        "4.specialpurposearea.cypher": (
            f"LOAD CSV WITH HEADERS FROM '{url}{corpus.SKIE_ABSENT}' AS spa\nCREATE (s:SpecialPurposeArea)\n"
            "SET s += spa {.*, id: null}\nRETURN count(s);\n\n"
            "MATCH (s:districtboundarydong_with_specialpurposearea) detach delete s;\n")}
    files = {corpus.SKIE_FOLDER + name: text for name, text in scripts.items()}
    files[corpus.SKIE_FOLDER + corpus.SKIE_GO] = ("./1.restore1114.sh\n./3.reputation2.sh\n"
                                                  "./4.specialpurposearea.sh\n")
    files["skie_home/json/Apartment.json"] = ('\ufeff[{"n": {"labels": ["Apartment"], "properties": '
                                              '{"name": "반포자이아파트", "management_fee_year": NaN}}}]')
    files["skie_home/json/reputation.csv"] = "apartment_uuid,uuid\napartment_1,reputation_92\n"
    store = Recorder()
    corpus.write_seocho_apartments(store, _clone(tmp_path, corpus.SKIE, files))
    statements = [statement for statement, _ in store.calls]
    assert statements == [
        "MATCH (n) DETACH DELETE n",
        "UNWIND $values AS records1\nUNWIND records1 AS apartment\nCREATE (a:Apartment)\n"
        "WITH a, apartment.n.properties as apartmentProperties\nSET a = apartmentProperties {.*, coord: null}\n"
        "RETURN count(a)",
        "UNWIND $rows AS reputation\nMATCH (r:Reputation {apartment_uuid: reputation.apartment_uuid})\n"
        "SET r.uuid = reputation.uuid",
        "MATCH (s:districtboundarydong_with_specialpurposearea) detach delete s"]
    apartment = store.calls[1][1]["values"][0]["n"]["properties"]
    assert apartment["name"] == "반포자이아파트"
    assert math.isnan(apartment["management_fee_year"])  # NaN, as apoc.load.json reads it
    assert store.calls[2][1] == {"rows": [{"apartment_uuid": "apartment_1", "uuid": "reputation_92"}]}


def test_seocho_apartments_refuses_a_go_script_that_runs_other_scripts(tmp_path: Path) -> None:
    go = "./1.restore1114.sh\n./2.reputation.sh\n"
    mirror = _clone(tmp_path, corpus.SKIE, {corpus.SKIE_FOLDER + corpus.SKIE_GO: go})
    with pytest.raises(corpus.CorpusError, match="now runs"):
        corpus.write_seocho_apartments(Recorder(), mirror)


def test_scian_industries_splits_its_browser_statements_at_their_auto_lines_and_reads_the_renamed_repository(
        tmp_path: Path) -> None:
    # amr205's cypher-create.txt: `:auto LOAD CSV ... CALL {...} IN TRANSACTIONS OF 500 ROWS` statements with no ';',
    # reading the repository's raw files under its earlier, unaccented name; the sector file starts with a byte
    # order mark and its titles separate items with ';'
    url = corpus.SCIAN_URL
    script = (f":auto LOAD CSV WITH HEADERS FROM '{url}scian_sector.csv' AS line \nCALL {{\n  WITH line\n"
              "  MERGE (:IndustrySector {identifier: line['Código'], title: line['Título']})\n"
              "} IN TRANSACTIONS OF 500 ROWS\n\n"
              f":auto LOAD CSV WITH HEADERS FROM '{url}scian_subsector.csv' AS line \nCALL {{\n  WITH line\n"
              "  MERGE (:IndustrySubSector {identifier: line['Código'], title: line['Título']})\n"
              "} IN TRANSACTIONS OF 500 ROWS\n")
    files = {corpus.SCIAN_SCRIPT: script,
             "scian_sector.csv": "\ufeffCódigo,Título\n21,Minería\n23,Construcción\n",
             "scian_subsector.csv": "\ufeffCódigo,Código sector,Título\n211,21,Extracción de petróleo y gas\n"}
    store = Recorder()
    corpus.write_scian_industries(store, _clone(tmp_path, corpus.SCIAN, files))
    assert store.calls == [
        ("UNWIND $rows AS line \nCALL {\n  WITH line\n"
         "  MERGE (:IndustrySector {identifier: line['Código'], title: line['Título']})\n}",
         {"rows": [{"Código": "21", "Título": "Minería"}, {"Código": "23", "Título": "Construcción"}]}),
        ("UNWIND $rows AS line \nCALL {\n  WITH line\n"
         "  MERGE (:IndustrySubSector {identifier: line['Código'], title: line['Título']})\n}",
         {"rows": [{"Código": "211", "Código sector": "21", "Título": "Extracción de petróleo y gas"}]})]


def test_james_bond_ends_its_create_block_before_the_match_it_runs_into_and_runs_the_rest_as_written(
        tmp_path: Path) -> None:
    # agatak99/Neo4J-vs-MicrosoftSQLServer: one CREATE per node with no ';' after any, then MATCH ... SET lines (no
    # Neo4j parses the two as one statement: WITH is required between CREATE and MATCH); a space before some ';'
    script = ('CREATE ( :Film {Name:"Dr. No", Year:1962, Box:440759072})\nCREATE ( :People {Name:"Ursula Andress"})\n'
              'CREATE ( :Vehicle {Brand:"Sunbeam", Model:"Sunbeam Alpine"})\n\n'
              'MATCH (a:People {Name:"Ursula Andress"}) SET a.Role="Honey Ryder" ; \n\n'
              'MATCH (a:Film), (b:Vehicle) WHERE a.Name="Dr. No" AND b.Model="Sunbeam Alpine" '
              'MERGE (a)-[:HAS_VEHICLE]->(b);\n')
    store = Recorder()
    corpus.write_james_bond(store, _clone(tmp_path, corpus.BOND, {corpus.BOND_SCRIPT: script}))
    assert [statement for statement, _ in store.calls] == [
        'CREATE ( :Film {Name:"Dr. No", Year:1962, Box:440759072})\nCREATE ( :People {Name:"Ursula Andress"})\n'
        'CREATE ( :Vehicle {Brand:"Sunbeam", Model:"Sunbeam Alpine"})',
        'MATCH (a:People {Name:"Ursula Andress"}) SET a.Role="Honey Ryder"',
        'MATCH (a:Film), (b:Vehicle) WHERE a.Name="Dr. No" AND b.Model="Sunbeam Alpine" MERGE (a)-[:HAS_VEHICLE]->(b)']


def test_james_bond_refuses_a_script_whose_create_block_is_ended(tmp_path: Path) -> None:
    script = ('CREATE ( :Vehicle {Brand:"Volkswagen", Model:"Beetle"});\n\n'
              'MATCH (a:People {Name:"Eunice Gayson"}) SET a.Role="Sylvia Trench" ;\n')
    mirror = _clone(tmp_path, corpus.BOND, {corpus.BOND_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match="CREATE block"):
        corpus.write_james_bond(Recorder(), mirror)


def test_met_paintings_runs_voyageofdiscovery_over_the_repositorys_csv_in_five_syntax(tmp_path: Path) -> None:
    # summer-of-nodes/2020, week 2: 4.x CREATE INDEX ON and exists(p.dimensions), LOAD CSVs of the repository's raw URL
    url = corpus.MET_PAINTINGS_URL + "week2/MetPublicDomainPaintings.csv"
    script = ("CREATE INDEX ON :Painting(id);\n\n//paintings and classifications\n"
              f'LOAD CSV WITH HEADERS FROM "{url}" AS row\n'
              "CREATE (o:Painting {id:row.`Object ID`, title:row.Title});\n\n"
              "MATCH (p:Painting)\nWHERE exists(p.dimensions)\nRETURN p;\n")
    files = {corpus.MET_PAINTINGS_SCRIPT: script,
             "week2/MetPublicDomainPaintings.csv": "Object ID,Title,Culture\n435809,The Harvesters,\n"}
    store = Recorder()
    corpus.write_met_paintings(store, _clone(tmp_path, corpus.MET_PAINTINGS, files))
    assert store.calls == [
        ("CREATE INDEX FOR (n:Painting) ON (n.id)", {}),
        ("UNWIND $rows AS row\nCREATE (o:Painting {id:row.`Object ID`, title:row.Title})",
         {"rows": [{"Object ID": "435809", "Title": "The Harvesters", "Culture": None}]}),
        ("MATCH (p:Painting)\nWHERE (p.dimensions IS NOT NULL)\nRETURN p", {})]


def test_met_paintings_refuses_a_url_that_is_not_the_repositorys(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://example.org/paintings.csv' AS row CREATE (:Painting {id: row.id});\n"
    mirror = _clone(tmp_path, corpus.MET_PAINTINGS, {corpus.MET_PAINTINGS_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_met_paintings(Recorder(), mirror)


def _dutch_studies_script(url: str) -> str:
    # GitHopMan/dutch-studies: no ';', a statement per block of lines, `//` comments, CRLF line ends, a vertical tab
    # between two clauses, 3.x size() of a pattern and FILTER(), then a `----` rule and read-only selections
    return ("//\r\n// Dutch Studies\r\n//\r\n\r\n// import opleidingen\r\n"
            f'LOAD CSV WITH HEADERS FROM "{url}CrohoNov2019.csv" AS line\r\n'
            "CREATE (o:Opleiding {code: line.Opleidingscode, studie: line.Naam_opleiding_voluit})\r\n\r\n"
            "// Indikken\r\nMATCH (p:Opleiding)\r\nWITH p \r\nORDER BY p.studie, size((p)--()) DESC\r\nRETURN p\r\n\r\n"
            "// steden\r\nMATCH (o:Opleiding),(i:Instelling)\r\n"
            "SET i.steden = FILTER (x IN i.steden WHERE x<>o.stad) + o.stad \r\nRETURN i\r\n\r\n"
            "MATCH (t:Type)\x0bDELETE t\r\n\r\n----\r\n\r\nSELECTIES\r\n\r\nMATCH (n:Opleiding) return n\r\n")


def test_dutch_studies_splits_its_blocks_up_to_its_rule_in_five_syntax_and_reads_windows_1252_as_load_csv(
        tmp_path: Path) -> None:
    script = _dutch_studies_script(corpus.DUTCH_STUDIES_URL)
    root = tmp_path / "dutch-studies"
    root.mkdir()
    (root / corpus.DUTCH_STUDIES_SCRIPT).write_text(script, encoding="utf-8", newline="")
    # the register's file is Windows-1252: "Azi\xeb" is not UTF-8
    (root / "CrohoNov2019.csv").write_bytes("Opleidingscode,Naam_opleiding_voluit\n60839,M Azi\xeb Studies\n"
                                            .encode("cp1252"))
    store = Recorder()
    corpus.write_dutch_studies(store, tmp_path)
    assert store.calls == [
        ("UNWIND $rows AS line\nCREATE (o:Opleiding {code: line.Opleidingscode, studie: line.Naam_opleiding_voluit})",
         {"rows": [{"Opleidingscode": "60839", "Naam_opleiding_voluit": "M Azi\ufffd Studies"}]}),
        ("MATCH (p:Opleiding)\nWITH p \nORDER BY p.studie, COUNT { (p)--() } DESC\nRETURN p", {}),
        ("MATCH (o:Opleiding),(i:Instelling)\nSET i.steden = [x IN i.steden WHERE x<>o.stad] + o.stad \nRETURN i", {}),
        ("MATCH (t:Type)\nDELETE t", {})]


def test_dutch_studies_refuses_a_script_whose_3x_syntax_was_changed(tmp_path: Path) -> None:
    script = _dutch_studies_script(corpus.DUTCH_STUDIES_URL).replace("size((p)--())", "COUNT { (p)--() }")
    mirror = _clone(tmp_path, corpus.DUTCH_STUDIES, {corpus.DUTCH_STUDIES_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match="not once"):
        corpus.write_dutch_studies(Recorder(), mirror)


def test_nuremberg_letters_runs_its_script_over_its_raw_files_in_five_syntax_creating_a_repeated_index_once(
        tmp_path: Path) -> None:
    # kuczera/Briefeingangsregister: 3.x `CREATE INDEX ON :L(p)` (Letter.source twice: 5.x refuses the second), LOAD
    # CSVs by github.com .../raw/master/ URL; Briefe.csv repeats a header (`date`) and leaves some empty, as LOAD CSV
    # reads them (the script reads neither)
    url = corpus.NUREMBERG_URL
    script = ("// cypher import Nürnberger Briefregister\n\nMATCH (n) DETACH DELETE n;\n\n// Indexe erstellen\n"
              "CREATE INDEX ON :Letter(id);\nCREATE INDEX ON :Letter(source);\nCREATE INDEX ON :Letter(source);\n\n"
              f'LOAD CSV WITH HEADERS FROM "{url}data/Briefe.csv" AS line\n'
              "CREATE (l:Letter {id:line.ID, source:line.Quelle});\n\n"
              f'LOAD CSV WITH HEADERS FROM "{url}data/Verbindungen.csv" AS line\n'
              "MATCH (start:Entity {id:line.IdPerson})\nMATCH (end:Letter {id:line.IdBER})\n"
              "with start, end, line.Rolle AS rel\n"
              "call apoc.merge.relationship(start, toUpper(rel), {}, {}, end) yield rel as dummy\nreturn count(*);\n")
    mirror = _clone(tmp_path, corpus.NUREMBERG, {
        corpus.NUREMBERG_SCRIPT: script,
        "data/Briefe.csv": "Nr,date,date,ID,,Quelle\n3,1449 April 16,1449 April 16,BER2,,Item ein betbrief\n",
        "data/Verbindungen.csv": "IdPerson,Name,Rolle,IdBER\nA723, N. N. ,MENTIONED_IN,BER2\n"})
    store = Recorder()
    corpus.write_nuremberg_letters(store, mirror)
    assert store.calls == [
        ("MATCH (n) DETACH DELETE n", {}),
        ("CREATE INDEX FOR (n:Letter) ON (n.id)", {}),
        ("CREATE INDEX FOR (n:Letter) ON (n.source)", {}),
        ("UNWIND $rows AS line\nCREATE (l:Letter {id:line.ID, source:line.Quelle})",
         {"rows": [{"Nr": "3", "date": "1449 April 16", "ID": "BER2", "": None, "Quelle": "Item ein betbrief"}]}),
        ("UNWIND $rows AS line\nMATCH (start:Entity {id:line.IdPerson})\nMATCH (end:Letter {id:line.IdBER})\n"
         "with start, end, line.Rolle AS rel\n"
         "call apoc.merge.relationship(start, toUpper(rel), {}, {}, end) yield rel as dummy\nreturn count(*)",
         {"rows": [{"IdPerson": "A723", "Name": " N. N. ", "Rolle": "MENTIONED_IN", "IdBER": "BER2"}]})]


def test_anime_top1000_runs_anime_then_users_then_scores_and_leaves_out_the_delete(tmp_path: Path) -> None:
    # momcilovicluka/neo4j-anime: cypher-imports/ holds four scripts, no order named; the load's MATCHes need the
    # anime before the users and the scores; the DELETE of name-only anime (every one has a RELATED_TO) is not run
    anime, users, scores = corpus.ANIME_SCRIPTS
    mirror = _clone(tmp_path, corpus.ANIME, {
        anime: "//Load Anime data\nLOAD CSV WITH HEADERS FROM 'file:///merged_top_1000_anime.csv' AS row\n\n"
               "MERGE (a:Anime {AnimeID: toInteger(row.anime_id), Name: row.Name})\n",
        users: "//Load User data\n"
               "LOAD CSV WITH HEADERS FROM 'file:///users_with_scores_for_top_1000_anime.csv' AS row\n"
               "CREATE (u:User {Username: row.Username})\n",
        scores: "//Load User Scores\nLOAD CSV WITH HEADERS FROM 'file:///user_scores_for_top_1000_anime.csv' AS "
                "ratingRow\n\nMATCH (u:User {Username: ratingRow.Username})\n"
                "MATCH (a:Anime {AnimeID: toInteger(ratingRow.anime_id)})\n\n"
                "CREATE (u)-[:RATED {score: toInteger(ratingRow.rating)}]->(a)\n",
        corpus.ANIME_LEFT_OUT: "//Delete incomplete data Anime\nMATCH (a:Anime)\nWHERE NOT EXISTS(a.AnimeID)\n"
                               "DELETE a\n",
        "extracted-csv/merged_top_1000_anime.csv": 'anime_id,Name,Synopsis\n5114,Fullmetal Alchemist: Brotherhood,'
                                                   '"After a horrific alchemy experiment\n\nThe brothers"\n',
        "extracted-csv/users_with_scores_for_top_1000_anime.csv": "Mal ID,Username\n1,Xinil\n",
        "extracted-csv/user_scores_for_top_1000_anime.csv": "Username,anime_id,rating\nXinil,5114,9\n"})
    store = Recorder()
    corpus.write_anime_top1000(store, mirror)
    assert store.calls == [
        ("UNWIND $rows AS row\n\nMERGE (a:Anime {AnimeID: toInteger(row.anime_id), Name: row.Name})",
         {"rows": [{"anime_id": "5114", "Name": "Fullmetal Alchemist: Brotherhood",
                    "Synopsis": "After a horrific alchemy experiment\n\nThe brothers"}]}),
        ("UNWIND $rows AS row\nCREATE (u:User {Username: row.Username})",
         {"rows": [{"Mal ID": "1", "Username": "Xinil"}]}),
        ("UNWIND $rows AS ratingRow\n\nMATCH (u:User {Username: ratingRow.Username})\n"
         "MATCH (a:Anime {AnimeID: toInteger(ratingRow.anime_id)})\n\n"
         "CREATE (u)-[:RATED {score: toInteger(ratingRow.rating)}]->(a)",
         {"rows": [{"Username": "Xinil", "anime_id": "5114", "rating": "9"}]})]


def test_anime_top1000_refuses_a_repository_whose_import_scripts_changed(tmp_path: Path) -> None:
    files = {script: "RETURN 1\n" for script in corpus.ANIME_SCRIPTS}
    files["cypher-imports/Load_Studios.cypher"] = "RETURN 1\n"
    with pytest.raises(corpus.CorpusError, match="cypher-imports/ now holds"):
        corpus.write_anime_top1000(Recorder(), _clone(tmp_path, corpus.ANIME, files))
def test_painter_network_reads_its_scripts_folder_and_leaves_out_the_absent_artworks(tmp_path: Path) -> None:
    # jjdrisco/202_Project: neo4j_dump/create_neo4j_db.cql reads `file:///<name>` from the folder it sits in; its
    # artworks.csv is absent from the mirror (over its size limit), so that statement is left out; a composite
    # uniqueness constraint runs as written; occupations.csv writes one occupation `""`, which LOAD CSV reads as ''
    script = ("// Artists (Primary Key: artist_name + birth_year)\n"
              "CREATE CONSTRAINT FOR (a:Artist) REQUIRE (a.name, a.birth_year) IS UNIQUE;\n\n"
              "LOAD CSV WITH HEADERS FROM 'file:///occupations.csv' AS row\n"
              "MERGE (o:Occupation {name: row.occupation_name});\n\n"
              "LOAD CSV WITH HEADERS FROM 'file:///artworks.csv' AS row\nMERGE (a:Artwork {title: row.title});\n\n"
              "// Artist Birth Places\nLOAD CSV WITH HEADERS FROM 'file:///artist_birth_places.csv' AS row\n"
              "MATCH (a:Artist {name: row.artist_name, birth_year: toInteger(row.birth_year)})\n"
              "MATCH (p:Place {name: row.place_name})\nMERGE (a)-[:BORN_IN]->(p);\n")
    mirror = _clone(tmp_path, corpus.PAINTERS, {
        corpus.PAINTERS_SCRIPT: script, "neo4j_dump/occupations.csv": 'occupation_name\n""\nstatistician\n\n',
        "neo4j_dump/artist_birth_places.csv": "artist_name,birth_year,birth_year_key,place_name\n"
                                              '"Ettinger, B.",1948,1948,Tel Aviv\nNo Year,,,\n'})
    store = Recorder()
    corpus.write_painter_network(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (a:Artist) REQUIRE (a.name, a.birth_year) IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (o:Occupation {name: row.occupation_name})",
         {"rows": [{"occupation_name": ""}, {"occupation_name": "statistician"}]}),
        ("UNWIND $rows AS row\nMATCH (a:Artist {name: row.artist_name, birth_year: toInteger(row.birth_year)})\n"
         "MATCH (p:Place {name: row.place_name})\nMERGE (a)-[:BORN_IN]->(p)",
         {"rows": [{"artist_name": "Ettinger, B.", "birth_year": "1948", "birth_year_key": "1948",
                    "place_name": "Tel Aviv"},
                   {"artist_name": "No Year", "birth_year": None, "birth_year_key": None, "place_name": None}]})]


def test_a_quoted_empty_field_is_the_empty_string_and_an_escaped_quote_is_refused() -> None:
    assert corpus._csv_rows_quoted_empty(b'a,b,c\n"",,"x ""y"""\n') == [{"a": "", "b": None, "c": 'x "y"'}]
    with pytest.raises(corpus.CorpusError, match="quoted field"):
        corpus._csv_rows_quoted_empty(b'a\n"x,"",y"\n')


def _nba_repo(tmp_path: Path, service_imports: str = "") -> Path:
    # iftahro/Neo4NBA's shape: source/ holds namespace packages whose modules build each graph updater's queries
    # from string templates at import time; main.py runs Neo4NBAService's storylines in order
    updater = ('from neo4j import GraphDatabase\n\n\nclass GraphUpdater:\n    def __init__(self, name, queries):\n'
               '        self.name = name\n        self.queries = queries\n')
    storyline = ('class Storyline:\n    def __init__(self, graph_updaters):\n'
                 '        self.graph_updaters = graph_updaters\n')
    awards = ('from source.core_objects.graph_updater import GraphUpdater\nfrom source.constants import YEARS\n\n'
              'Q = """\nLOAD CSV WITH HEADERS FROM "file:///awards/{short}.csv" AS row\n'
              'MATCH (p:Player{{name:row.Player}})\nWHERE EXISTS(p.`fg%`)\n'
              'MERGE (p)-[:WON{{year:toInteger(row.Season)}}]->(:Award{{short:"{short}"}})\n"""\n'
              'award_graph_updater = GraphUpdater("award", [Q.format(short=s) for s in ["MVP"]])\n')
    games = ('from source.core_objects.graph_updater import GraphUpdater\nfrom source.constants import YEARS\n\n'
             'Q = """\nLOAD CSV WITH HEADERS FROM "file:///games/{year}_games.csv" AS row\nWITH row LIMIT 1230\n'
             'MERGE (g:Game:RegularSeason:New{{home_team_score:toInteger(row.home_team_score)}})\n"""\n'
             'games_graph_updater = GraphUpdater("games", [Q.format(year=y) for y in YEARS])\n')
    service = (service_imports + 'from source.core_objects.storyline import Storyline\n'
               'from source.graph_updaters.award_graph_updater import award_graph_updater\n'
               'from source.graph_updaters.games_graph_updater import games_graph_updater\n\n\n'
               'class Neo4NBAService:\n    def __init__(self):\n'
               '        self.storyline = [Storyline([award_graph_updater]), Storyline([games_graph_updater])]\n')
    return _clone(tmp_path, corpus.NBA, {
        "source/constants.py": 'import os\nDIR = os.path.dirname(__file__)\nYEARS = [2019, 2020]\n',
        "source/core_objects/graph_updater.py": updater, "source/core_objects/storyline.py": storyline,
        "source/graph_updaters/award_graph_updater.py": awards, "source/graph_updaters/games_graph_updater.py": games,
        "source/neo4nba_service.py": service,
        "graph_files/awards/MVP.csv": "Season,Player\r2019,Giannis Antetokounmpo\r2018,James Harden\r",
        "graph_files/games/2019_games.csv": "home_team,home_team_score\r\r\nBOS,105\r\r\n",
        "graph_files/games/2020_games.csv": "home_team,home_team_score\nBOS,110\nNYK,\n"})


def test_nba_seasons_builds_its_statements_from_its_modules_and_leaves_out_the_unplayed_2020_games(
        tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_nba_seasons(store, _nba_repo(tmp_path))
    statements = [statement for statement, _ in store.calls]
    assert statements == [
        'UNWIND $rows AS row\nMATCH (p:Player{name:row.Player})\nWHERE (p.`fg%` IS NOT NULL)\n'
        'MERGE (p)-[:WON{year:toInteger(row.Season)}]->(:Award{short:"MVP"})',
        'UNWIND $rows AS row\nWITH row LIMIT 1230\nMERGE (g:Game:RegularSeason:New{home_team_score:toInteger('
        'row.home_team_score)})']
    # a line ended by '\r' alone, or by '\r\r\n' (a blank line between rows), is a line end, as LOAD CSV reads it
    assert store.calls[0][1]["rows"] == [{"Season": "2019", "Player": "Giannis Antetokounmpo"},
                                         {"Season": "2018", "Player": "James Harden"}]
    assert store.calls[1][1]["rows"] == [{"home_team": "BOS", "home_team_score": "105"}]


def test_nba_seasons_imports_nothing_but_its_own_modules_and_the_few_it_needs(tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="imports subprocess"):
        corpus.write_nba_seasons(Recorder(), _nba_repo(tmp_path, "import subprocess\n"))


def _drive(file_id: str) -> str:
    return f"https://drive.google.com/uc?id={file_id}&export=download"


def test_mutual_funds_reads_each_drive_url_as_the_data_file_that_has_its_columns(tmp_path: Path) -> None:
    # POOJITHA29CJ/mutualFund_recommendation_engine: its LOAD CSVs read Google Drive ids; data/ holds the tables, one
    # of them (fund_manager.csv) with a column of managers.csv, and one (equity_debt.csv) read by no statement
    script = ("// Load Managers\nLOAD CSV WITH HEADERS\n"
              f"FROM '{_drive('1gB5Kr-IZ5')}' AS row\n"
              "MERGE (m:Manager {manager_id: row.manager_id})\nSET m.manager_name = row.manager_name;\n\n"
              f"LOAD CSV WITH HEADERS\nFROM '{_drive('1_cV_nRppo')}' AS row\n"
              "MATCH (f:Fund {fund_id: row.fund_id})\nMATCH (m:Manager {manager_id: row.manager_id})\n"
              "MERGE (f)-[:MANAGED_BY]->(m);\n")
    files = {corpus.MUTUAL_FUNDS_SCRIPT: script,
             "data/managers.csv": "manager_id,manager_name\nm1,Mayur Patel\n",
             "data/fund_manager.csv": "fund_id,manager_id\nf1,m1\n",
             "data/equity_debt.csv": "fund_name,Fund Manager\n360 ONE Focused Dir,Mayur Patel\n",
             "load_csv.py": "run_Cypher_file('load_csv.cypher', database='mutualfund')\n"}
    store = Recorder()
    corpus.write_mutual_funds(store, _clone(tmp_path, corpus.MUTUAL_FUNDS, files))
    assert store.calls == [
        ("UNWIND $rows AS row\nMERGE (m:Manager {manager_id: row.manager_id})\nSET m.manager_name = row.manager_name",
         {"rows": [{"manager_id": "m1", "manager_name": "Mayur Patel"}]}),
        ("UNWIND $rows AS row\nMATCH (f:Fund {fund_id: row.fund_id})\nMATCH (m:Manager {manager_id: row.manager_id})\n"
         "MERGE (f)-[:MANAGED_BY]->(m)", {"rows": [{"fund_id": "f1", "manager_id": "m1"}]})]


@pytest.mark.parametrize(("url", "columns", "error"), [
    ("https://example.org/managers.csv", "row.manager_id", "no loader here serves"),
    (_drive("1x"), "row.manager_id", "2 data files have"),
    (_drive("1x"), "row.fund_id, row.sector_id", "0 data files have")])
def test_mutual_funds_refuses_a_url_that_is_not_one_data_file(tmp_path: Path, url: str, columns: str,
                                                                error: str) -> None:
    script = f"LOAD CSV WITH HEADERS FROM '{url}' AS row RETURN {columns};\n"
    files = {corpus.MUTUAL_FUNDS_SCRIPT: script, "data/managers.csv": "manager_id,manager_name\nm1,Mayur Patel\n",
             "data/fund_manager.csv": "fund_id,manager_id\nf1,m1\n"}
    with pytest.raises(corpus.CorpusError, match=error):
        corpus.write_mutual_funds(Recorder(), _clone(tmp_path, corpus.MUTUAL_FUNDS, files))


def _serie_a_model(files: list[str]) -> dict[str, Any]:
    """RaulM19/SerieA's model, format 0.1.0-beta.0: keys named by property name; one node mapping per file given
    (the first two map clubs and stadiums) and a relationship from the stadium file."""
    club = [{"property": "nombre", "type": "string"}, {"property": "nombre_web", "type": "string"}]
    stadium = [{"property": "nombre_estadio", "type": "string"}, {"property": "capacidad", "type": "string"}]
    return {"version": "0.1.0-beta.0", "dataModel": {
        "graphModel": {
            "nodeSchemas": {"n0": {"label": "Equipo", "properties": club, "key": {"properties": ["nombre"]}},
                            "n1": {"label": "Estadio", "properties": stadium,
                                   "key": {"properties": ["nombre_estadio"]}}},
            "relationshipSchemas": {"r0": {"type": "ES_LOCAL", "sourceNodeSchema": "n1", "targetNodeSchema": "n0",
                                           "properties": []}}},
        "mappingModel": {
            "nodeMappings": {"n0": {"nodeSchema": "n0", "fileSchema": files[0],
                                    "mappings": [{"field": "nombre"}, {"field": "nombre_web"}]},
                             "n1": {"nodeSchema": "n1", "fileSchema": files[1],
                                    "mappings": [{"field": "nombre_estadio"}, {"field": "capacidad"}]}},
            "relationshipMappings": {"r0": {"relationshipSchema": "r0", "fileSchema": files[2], "mappings": [],
                                            "sourceMappings": [{"field": "nombre_estadio"}],
                                            "targetMappings": [{"field": "nombre_equipo"}]}}}}}


def test_serie_a_runs_its_model_over_the_files_it_maps_where_the_repository_holds_them(tmp_path: Path,
                                                                                       monkeypatch: Any) -> None:
    import json

    # the model names files as they were uploaded (estadios.csv); the repository holds some in folders
    monkeypatch.setattr(corpus, "SERIE_A_FILES", {"equipos.csv": "equipos.csv", "estadios.csv": "estadios/estadios.csv",
                                                  "estadio_equipo.csv": "estadios/estadio_equipo.csv"})
    model = _serie_a_model(["equipos.csv", "estadios.csv", "estadio_equipo.csv"])
    files = {corpus.SERIE_A_MODEL: json.dumps(model), "equipos.csv": "nombre,nombre_web\nInter,inter\n",
             "estadios/estadios.csv": "nombre_estadio,capacidad\nGiuseppe Meazza,75923\n",
             "estadios/estadio_equipo.csv": "nombre_equipo,nombre_estadio\nInter,Giuseppe Meazza\n"}
    store = Recorder()
    corpus.write_serie_a(store, _clone(tmp_path, corpus.SERIE_A, files))
    statements = [s for s, _ in store.calls]
    assert statements[:2] == [
        "CREATE CONSTRAINT IF NOT EXISTS FOR (n:`Equipo`) REQUIRE n.`nombre` IS UNIQUE",
        "CREATE CONSTRAINT IF NOT EXISTS FOR (n:`Estadio`) REQUIRE n.`nombre_estadio` IS UNIQUE"]
    assert store.calls[3] == ("UNWIND $rows AS row WITH row WHERE row.`nombre_estadio` IS NOT NULL MERGE (n:`Estadio` "
                              "{`nombre_estadio`: row.`nombre_estadio`}) SET n.`capacidad` = row.`capacidad`",
                              {"rows": [{"nombre_estadio": "Giuseppe Meazza", "capacidad": "75923"}]})
    assert store.calls[4] == ("UNWIND $rows AS row MATCH (s:`Estadio` {`nombre_estadio`: row.`nombre_estadio`}) "
                              "MATCH (t:`Equipo` {`nombre`: row.`nombre_equipo`}) MERGE (s)-[r:`ES_LOCAL`]->(t)",
                              {"rows": [{"nombre_equipo": "Inter", "nombre_estadio": "Giuseppe Meazza"}]})


def test_serie_a_refuses_a_model_that_maps_other_files(tmp_path: Path) -> None:
    import json

    model = _serie_a_model(["equipos.csv", "estadios.csv", "equipos_2.csv"])
    mirror = _clone(tmp_path, corpus.SERIE_A, {corpus.SERIE_A_MODEL: json.dumps(model)})
    with pytest.raises(corpus.CorpusError, match="maps"):
        corpus.write_serie_a(Recorder(), mirror)


def test_cozy_mysteries_puts_its_param_blocks_file_urls_where_its_load_csvs_read_them(tmp_path: Path) -> None:
    # mseewaters/CozyMysteriesGraph: a Data Importer export (two `:param {...}` blocks, `($file_path_root + $file_<n>)`
    # URLs, `$idsToSkip`, CALL {...} IN TRANSACTIONS) saved as neo4j_import.md
    script = (":param {\n  // the files\n  file_path_root: 'file:///', // Change this\n  file_0: 'cast.csv',\n"
              "  file_1: 'series.csv'\n};\n\nCREATE CONSTRAINT `tconst_Series_uniq` IF NOT EXISTS\nFOR (n: `Series`)\n"
              "REQUIRE (n.`tconst`) IS UNIQUE;\n\n:param {\n  idsToSkip: []\n};\n\n"
              "LOAD CSV WITH HEADERS FROM ($file_path_root + $file_1) AS row\nWITH row\n"
              "WHERE NOT row.`tconst` IN $idsToSkip AND NOT row.`tconst` IS NULL\nCALL {\n  WITH row\n"
              "  MERGE (n: `Series` { `tconst`: row.`tconst` })\n} IN TRANSACTIONS OF 10000 ROWS;\n\n"
              "LOAD CSV WITH HEADERS FROM ($file_path_root + $file_0) AS row\nWITH row \nCALL {\n  WITH row\n"
              "  MATCH (source: `Actor` { `nconst`: row.`nconst` })\n  SET source.c = row.`characters`\n"
              "} IN TRANSACTIONS OF 10000 ROWS;\n")
    mirror = _clone(tmp_path, corpus.COZY, {
        corpus.COZY_SCRIPT: script,
        corpus.COZY_FOLDER + "series.csv": '"tconst","primaryTitle"\n"tt0092379","Inspector Morse"\n',
        corpus.COZY_FOLDER + "cast.csv": '"nconst","characters"\n"nm0857177","[""Chief Inspector Morse""]"\n'})
    store = Recorder()
    corpus.write_cozy_mysteries(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT `tconst_Series_uniq` IF NOT EXISTS\nFOR (n: `Series`)\nREQUIRE (n.`tconst`) IS UNIQUE", {}),
        ("UNWIND $rows AS row\nWITH row\nWHERE NOT row.`tconst` IN [] AND NOT row.`tconst` IS NULL\nCALL {\n"
         "  WITH row\n  MERGE (n: `Series` { `tconst`: row.`tconst` })\n}",
         {"rows": [{"tconst": "tt0092379", "primaryTitle": "Inspector Morse"}]}),
        ("UNWIND $rows AS row\nWITH row \nCALL {\n  WITH row\n  MATCH (source: `Actor` { `nconst`: row.`nconst` })\n"
         "  SET source.c = row.`characters`\n}",
         {"rows": [{"nconst": "nm0857177", "characters": '["Chief Inspector Morse"]'}]})]


def test_cozy_mysteries_refuses_a_script_whose_param_blocks_name_no_such_file(tmp_path: Path) -> None:
    script = (":param {\n  file_path_root: 'file:///'\n};\n\n"
              "LOAD CSV WITH HEADERS FROM ($file_path_root + $file_2) AS row\nMERGE (:Series {t: row.t});\n")
    with pytest.raises(corpus.CorpusError, match="file_2"):
        corpus.write_cozy_mysteries(Recorder(), _clone(tmp_path, corpus.COZY, {corpus.COZY_SCRIPT: script}))


def _hospitals_guide(url: str) -> str:
    # tomasonjo/hospitals-neo4j's guide/hospital.html: runnable <pre> blocks, HTML-escaped, a geocoding alternative,
    # then the "Data Validation" heading and read-only queries
    pre = '<pre mode="cypher" class="highlight runnable" data-lang="cypher" lang="cypher"><!--code class="cypher"-->'
    return (f"<h3>Import</h3>\n{pre}CALL apoc.schema.assert({{County:['name']}},{{Hospital:['id']}});"
            "<!--/code--></pre>\n"
            f'{pre}LOAD CSV WITH HEADERS FROM "{url}Hospital%20General%20Information.csv" as row\n'
            "MERGE (state:State{name:row.State})\nMERGE (state)&lt;-[:IS_IN]-(county:County{name:row.`County Name`})"
            "<!--/code--></pre>\n"
            f"{pre}MATCH (h:Hospital)-[:IS_IN*..3]-&gt;(location)\nWITH h, 'x' AS geoinfo\n"
            "CALL apoc.spatial.geocodeOnce(geoinfo) YIELD location\nset h += location<!--/code--></pre>\n"
            f"<h3>Data Validation</h3>\n{pre}match (n)\nreturn size(labels(n)) as size,count(*)<!--/code--></pre>\n")


def test_hospitals_runs_its_guides_build_blocks_and_leaves_out_geocoding_and_county_less_rows(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.HOSPITALS, {corpus.HOSPITALS_GUIDE: _hospitals_guide(corpus.HOSPITALS_URL)})
    # Windows-1252, as the repository's file is: \x92 in a footnote reads as U+FFFD, as LOAD CSV reads it
    (tmp_path / "hospitals-neo4j" / "Hospital General Information.csv").write_bytes(
        b'"Provider ID","State","County Name","Footnote"\n"010001","AL","HOUSTON","hospital\x92s"\n'
        b'"020017","AK","",""\n')
    store = Recorder()
    corpus.write_hospitals(store, mirror)
    assert store.calls == [
        ("CALL apoc.schema.assert({County:['name']},{Hospital:['id']})", {}),
        ("UNWIND $rows AS row\nMERGE (state:State{name:row.State})\n"
         "MERGE (state)<-[:IS_IN]-(county:County{name:row.`County Name`})",
         {"rows": [{"Provider ID": "010001", "State": "AL", "County Name": "HOUSTON", "Footnote": "hospital\ufffds"}]})]


def test_hospitals_refuses_a_url_that_is_not_the_repositorys(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.HOSPITALS, {corpus.HOSPITALS_GUIDE: _hospitals_guide("https://example.org/")})
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_hospitals(Recorder(), mirror)


def test_hospitals_refuses_a_guide_without_its_data_validation_heading(tmp_path: Path) -> None:
    guide = _hospitals_guide(corpus.HOSPITALS_URL).replace(corpus.HOSPITALS_BUILD_END, "<h3>Checks</h3>")
    with pytest.raises(corpus.CorpusError, match="not one"):
        corpus.write_hospitals(Recorder(), _clone(tmp_path, corpus.HOSPITALS, {corpus.HOSPITALS_GUIDE: guide}))


_VOLLEYBALL_LOADER = (
    "import json\n\nfrom neo4j import GraphDatabase\nimport csv\n\n"
    'driver = GraphDatabase.driver("neo4j://localhost:7687", auth=("neo4j", "password"))\n'
    'set_file = "datasets/vb_matches_small.csv"\n\n\n'
    "def add_country(tx, name):\n"
    '    tx.run("CREATE (a:Country {name: $name}) ", name=name)\n\n\n'
    "def add_match(tx, score):\n"
    '    result = tx.run("CREATE (m:Match {score: $score}) RETURN ID(m) AS id", score=score)\n'
    "    for result_id in result:\n        return result_id[0]\n\n\n"
    "def link(tx, match_id, country):\n"
    '    tx.run("MATCH (m:Match), (c:Country) WHERE ID(m) = $match_id AND c.name = $country "\n'
    '           "CREATE (m)-[:IN]->(c)", match_id=match_id, country=country)\n\n\n'
    'with driver.session(database="neo4j") as session:\n'
    "    file = open(set_file, encoding=\"utf8\")\n    csvreader = csv.reader(file)\n    next(csvreader)\n"
    "    for x in csvreader:\n"
    "        session.execute_write(add_country, json.loads(json.dumps(x[0])))\n"
    "        match_id = session.execute_write(add_match, x[1])\n"
    "        session.execute_write(link, match_id, x[0])\n"
    "    file.close()\n\ndriver.close()\n")


class _IdStore(Recorder):
    """A Recorder whose CREATE ... RETURN ID(m) AS id statements answer an id, as the server would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"id": 7}] if "RETURN ID(m)" in statement else []


def test_beach_volleyball_runs_its_main_py_with_a_driver_over_the_store_and_its_data_file(tmp_path: Path) -> None:
    # radekRadekk/neo4j_project: main.py runs its statements through the neo4j driver at module level
    # (session.execute_write(fn, *args) -> fn(tx, *args) -> tx.run(query, **params)), reading set_file with open();
    # a statement's RETURNed id is read as record[0]
    data = 'country,score\nPoland,"21-18, 21-12"\n'
    mirror = _clone(tmp_path, corpus.VOLLEYBALL, {corpus.VOLLEYBALL_LOADER: _VOLLEYBALL_LOADER,
                                                 corpus.VOLLEYBALL_DATA: data})
    store = _IdStore()
    corpus.write_beach_volleyball(store, mirror)
    assert store.calls == [
        ("CREATE (a:Country {name: $name}) ", {"name": "Poland"}),
        ("CREATE (m:Match {score: $score}) RETURN ID(m) AS id", {"score": "21-18, 21-12"}),
        ("MATCH (m:Match), (c:Country) WHERE ID(m) = $match_id AND c.name = $country CREATE (m)-[:IN]->(c)",
         {"match_id": 7, "country": "Poland"})]


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ('open("other.csv")\n', "opens other.csv")])
def test_beach_volleyball_imports_and_opens_nothing_but_what_its_loader_needs(tmp_path: Path, change: str,
                                                                               refused: str) -> None:
    mirror = _clone(tmp_path, corpus.VOLLEYBALL, {corpus.VOLLEYBALL_LOADER: change + _VOLLEYBALL_LOADER,
                                                 corpus.VOLLEYBALL_DATA: "country,score\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_beach_volleyball(Recorder(), mirror)


def _paris_housing_readme(constraints: str, nodes: str) -> str:
    # specialOne-coder/Neo4J-Housing's Readme.md: a constraints block, a node block whose statements have no ';' (each
    # after an `:auto` line, one after a blank line), a sample query
    return (f"# Neo4j Housing Project\n\n### Create Constraint\n\n```\n{constraints}```\n\n"
            f"### Create Node and RelationShip\n\n```\n{nodes}```\n\nsample requests\n\n```\n"
            "MATCH (pp:Particulier_Protg)-[:HAS_ARD]->(ard:Arrondissement)\nRETURN count(pp)\n```\n")


def test_paris_housing_splits_its_node_block_at_its_auto_lines_and_leaves_out_absent_files(tmp_path: Path) -> None:
    constraints = ("CREATE CONSTRAINT ON (ard:Arrondissement) ASSERT ard.Numero_Ard IS UNIQUE ;\n"
                   "CREATE CONSTRAINT ON (lcf:Logement_Soc) ASSERT (lcf.Identifiant_Lcf,lcf.Bailleur) IS NODE KEY;\n"
                   "CREATE CONSTRAINT ON (cf:Categorie_Financement) ASSERT (ly.Loyer_Ref,ly.Loyer_Ref_Min) "
                   "IS NODE KEY ;\n")
    nodes = (" :auto USING PERIODIC COMMIT\nLOAD CSV WITH HEADERS FROM \"file:///arrondissements.csv\" AS line "
             "FIELDTERMINATOR';'\n \nMERGE(ard:Arrondissement {Numero_Ard:line.`Numéro d’arrondissement`})\n\n"
             ":auto USING PERIODIC COMMIT\nLOAD CSV WITH HEADERS FROM \"file:///troncon_voie.csv\" AS line "
             "FIELDTERMINATOR';'\nMERGE(tv:Troncon{Numero_Vo:line.N_SQ_VO})\n\n"
             ":auto USING PERIODIC COMMIT\nLOAD CSV WITH HEADERS FROM \"file:///voie.csv\" AS line "
             "FIELDTERMINATOR';'\nMERGE(vo:Voie{Numero_Vo:line.N_SQ_VO})\n\n"
             "MATCH (vo:Voie), (tv:Troncon)\nWHERE vo.Numero_Vo = tv.Numero_Vo\nMERGE(vo)-[:HAS_SECTION]->(tv)\n"
             "RETURN vo,tv \n")
    files = {corpus.PARIS_HOUSING_README: _paris_housing_readme(constraints, nodes),
             "Data/arrondissements.csv": "Numéro d’arrondissement;Nom de l’arrondissement\n2;2ème Ardt\n",
             "Data/voie.csv": "N_SQ_VO;C_DESI\n750004940;RUE\n"}
    store = Recorder()
    corpus.write_paris_housing(store, _clone(tmp_path, corpus.PARIS_HOUSING, files))
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (ard:Arrondissement) REQUIRE ard.Numero_Ard IS UNIQUE", {}),
        ("CREATE CONSTRAINT FOR (lcf:Logement_Soc) REQUIRE (lcf.Identifiant_Lcf,lcf.Bailleur) IS UNIQUE", {}),
        ("UNWIND $rows AS line\n \nMERGE(ard:Arrondissement {Numero_Ard:line.`Numéro d’arrondissement`})",
         {"rows": [{"Numéro d’arrondissement": "2", "Nom de l’arrondissement": "2ème Ardt"}]}),
        ("UNWIND $rows AS line\nMERGE(vo:Voie{Numero_Vo:line.N_SQ_VO})", {"rows": [{"N_SQ_VO": "750004940",
                                                                                    "C_DESI": "RUE"}]}),
        ("MATCH (vo:Voie), (tv:Troncon)\nWHERE vo.Numero_Vo = tv.Numero_Vo\nMERGE(vo)-[:HAS_SECTION]->(tv)\n"
         "RETURN vo,tv", {})]


def test_paris_housing_refuses_a_file_it_does_not_hold_and_a_readme_of_other_blocks(tmp_path: Path) -> None:
    nodes = ":auto LOAD CSV WITH HEADERS FROM \"file:///quartier_paris.csv\" AS line FIELDTERMINATOR';'\nRETURN 1\n"
    with pytest.raises(corpus.CorpusError, match="quartier_paris.csv is not in the mirror"):
        corpus.write_paris_housing(Recorder(), _clone(tmp_path / "a", corpus.PARIS_HOUSING, {
            corpus.PARIS_HOUSING_README: _paris_housing_readme("", nodes)}))
    nodes = ":auto LOAD CSV WITH HEADERS FROM \"https://example.org/voie.csv\" AS line\nRETURN line\n"
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_paris_housing(Recorder(), _clone(tmp_path / "b", corpus.PARIS_HOUSING, {
            corpus.PARIS_HOUSING_README: _paris_housing_readme("", nodes)}))
    with pytest.raises(corpus.CorpusError, match="2 code blocks, not 3"):
        corpus.write_paris_housing(Recorder(), _clone(tmp_path / "c", corpus.PARIS_HOUSING, {
            corpus.PARIS_HOUSING_README: "```\nRETURN 1\n```\n```\nRETURN 2\n```\n"}))


_MADRID_LOADER = (
    "import pandas as pd\nfrom neo4j import GraphDatabase\nimport time\nimport os\n\n"
    "def main():\n"
    '    driver = GraphDatabase.driver(os.environ.get("NEO_URL", "neo4j://localhost:7687"), auth=("neo4j", "x"))\n'
    "    driver.verify_connectivity()\n"
    '    print("leyendo")\n'
    '    campus = pd.read_csv("campus.csv")\n'
    "    with driver.session() as session:\n"
    '        session.run("UNWIND $nombres as c MERGE (:Campus {nombre: c})", nombres=list(campus["Campus"]))\n'
    "        for i, row in campus.iterrows():\n"
    '            if str(row["Estacion"]) != "nan":\n'
    "                session.run(f\"MATCH (c:Campus {{nombre: '{row['Campus']}'}}) SET c.x = $x, c.t = $t\",\n"
    '                            x=row["X"], t=row["Tiempo"])\n'
    "    driver.close()\n\n"
    'if __name__ == "__main__":\n    main()\n')


def test_madrid_metro_campuses_runs_inserciones_py_with_a_driver_over_the_store_and_read_csv_types(
        tmp_path: Path) -> None:
    # javierCL23/BDNRelacionales_P2: neo4j/inserciones.py reads its CSVs with pandas.read_csv from the repository's
    # root and runs f-string and parameterised statements through session.run; pandas reads "NULL" as NaN (str 'nan'),
    # which makes a column of integers float64 (13 -> 13.0), while a column without one stays int64
    data = "Campus,X,Estacion,Tiempo\nCAMPUS SUR,446689,SIERRA DE GUADALUPE,13\nCAMPUS DE ARANJUEZ,448742,NULL,NULL\n"
    mirror = _clone(tmp_path, corpus.MADRID, {corpus.MADRID_LOADER: _MADRID_LOADER, "campus.csv": data})
    store = Recorder()
    corpus.write_madrid_metro_campuses(store, mirror)
    assert store.calls == [
        ("UNWIND $nombres as c MERGE (:Campus {nombre: c})", {"nombres": ["CAMPUS SUR", "CAMPUS DE ARANJUEZ"]}),
        ("MATCH (c:Campus {nombre: 'CAMPUS SUR'}) SET c.x = $x, c.t = $t", {"x": 446689, "t": 13.0})]
    x, t = store.calls[1][1]["x"], store.calls[1][1]["t"]
    assert type(x) is int and type(t) is float


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ('pd.read_csv("other.csv")\n', "reads other.csv")])
def test_madrid_metro_campuses_imports_and_reads_nothing_but_what_its_loader_needs(tmp_path: Path, change: str,
                                                                                   refused: str) -> None:
    mirror = _clone(tmp_path, corpus.MADRID, {corpus.MADRID_LOADER: "import pandas as pd\n" + change,
                                              "other.csv": "a\n1\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_madrid_metro_campuses(Recorder(), mirror)


@pytest.mark.parametrize(("values", "typed"), [
    (["5", "13"], [5, 13]),                                    # integers: int64
    (["5", "NULL"], [5.0, math.nan]),                          # one NA: float64
    (["438581.0", "-1"], [438581.0, -1.0]),                    # numbers: float64
    (["SOL", "", "None"], ["SOL", math.nan, math.nan]),        # strings: object, NaN where missing
    (["[]", "['C-5']"], ["[]", "['C-5']"])])
def test_a_csv_column_is_typed_as_pandas_read_csv_types_it(values: list[str], typed: list[Any]) -> None:
    got = corpus._pandas_column(values)
    assert [type(v) for v in got] == [type(v) for v in typed]
    assert [v if v == v else "nan" for v in got] == [v if v == v else "nan" for v in typed]


# neo4j-meetups/graph-hack-sfo-2016: the README's datasets, each with `~~~` blocks; the hip-hop lyrics' import is one
# statement without ';' whose URL names fivethirtyeight/data's raw file
_HIP_HOP_README = ("### Hillary Clinton's Emails\n\n~~~\nLOAD CSV WITH HEADERS FROM \"https://s3.example/Emails.csv\" "
                   "AS line\nMERGE (:Person {alias: line.From})\n~~~\n\n#### `hip-hop-candidate-lyrics`\n\n\n"
                   "*Import*\n\n"
                   "~~~\nLOAD CSV WITH HEADERS FROM \"" + corpus.HIP_HOP_URL
                   + "hip-hop-candidate-lyrics/genius_hip_hop_lyrics.csv\" AS row\n"
                   "MERGE (c:Candidate {name: row.candidate})\nMERGE (line:Line {text: row.line})\n"
                   "MERGE (line)-[:MENTIONS]->(c)\n~~~\n\n![](img/hiphop_datamodel.png)\n\n### Crime data\n\n~~~\n"
                   "CALL apoc.load.json(\"https://data.sfgov.org/resource/x.json\") YIELD value AS crime\n~~~\n")


def test_hip_hop_candidates_runs_the_readmes_lyrics_block_over_fivethirtyeights_file(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.HIP_HOP, {corpus.HIP_HOP_SCRIPT: _HIP_HOP_README})
    data = tmp_path / corpus.HIP_HOP_DATA.rpartition("/")[2] / "hip-hop-candidate-lyrics" / "genius_hip_hop_lyrics.csv"
    data.parent.mkdir(parents=True)
    # a Mac Roman apostrophe (not UTF-8) is read as LOAD CSV reads it: U+FFFD
    data.write_bytes(b"id,candidate,line\n1,Donald Trump,I\xd5m Donald Trump\n")
    store = Recorder()
    corpus.write_hip_hop_candidates(store, mirror)
    assert store.calls == [
        ("UNWIND $rows AS row\nMERGE (c:Candidate {name: row.candidate})\nMERGE (line:Line {text: row.line})\n"
         "MERGE (line)-[:MENTIONS]->(c)",
         {"rows": [{"id": "1", "candidate": "Donald Trump", "line": "I\ufffdm Donald Trump"}]})]


def test_hip_hop_candidates_refuses_a_readme_without_the_lyrics_block(tmp_path: Path) -> None:
    readme = _HIP_HOP_README.replace("#### `hip-hop", "#### `x")
    mirror = _clone(tmp_path, corpus.HIP_HOP, {corpus.HIP_HOP_SCRIPT: readme})
    with pytest.raises(corpus.CorpusError, match="no `hip-hop-candidate-lyrics` import block"):
        corpus.write_hip_hop_candidates(Recorder(), mirror)


# Linusp/kg-example: cli.py, a click command over a 3.x driver (`session.run(query, params)`, `{values}`, `CREATE
# INDEX ON`), reading metadata.json and the files it names from --data-dir; logging set up by dictConfig
_DOUBAN_LOADER = (
    "import os\nimport csv\nimport json\nimport logging\nfrom logging.config import dictConfig\n\nimport click\n"
    "import neo4j\nimport requests\n\ndictConfig({'version': 1})\nlogger = logging.getLogger('cli')\n\n\n"
    "@click.group()\ndef main():\n    pass\n\n\n"
    "@main.command('import-to-neo4j')\n@click.option('--url', default='bolt://localhost:7687/')\n"
    "@click.option('--auth', default='neo4j:myneo4j')\n@click.option('-d', '--data-dir', required=True)\n"
    "@click.option('-b', '--batch-size', type=int, default=1000)\n"
    "def import_to_neo4j(url, auth, data_dir, batch_size):\n"
    "    user, password = auth.split(':')\n"
    "    client = neo4j.GraphDatabase.driver(url, auth=(user, password))\n"
    "    with open(os.path.join(data_dir, 'metadata.json')) as f:\n        metadata = json.load(f)\n"
    "    for entity_type, entity_file in metadata['entity-data'].items():\n"
    "        with client.session() as session:\n"
    "            session.run(f'CREATE INDEX ON :{entity_type}(id)')\n"
    "        with open(os.path.join(data_dir, entity_file)) as f:\n"
    "            rows = [{k.split(':')[0]: v for k, v in r.items() if k.split(':')[0]} for r in csv.DictReader(f)]\n"
    "        with client.session() as session:\n"
    "            session.run('UNWIND {values} as data create (:%s {title:data.title})' % entity_type,"
    " {'values': rows})\n\n\n"
    "if __name__ == '__main__':\n    main()\n")


def _douban_repo(tmp_path: Path, loader: str) -> Path:
    return _clone(tmp_path, corpus.DOUBAN, {
        corpus.DOUBAN_LOADER: loader,
        corpus.DOUBAN_DATA + "metadata.json": '{"entity-data": {"Movie": "Movie.csv"}}',
        corpus.DOUBAN_DATA + "Movie.csv": '"title","id:ID",":LABEL"\n"让子弹飞","5ec8","Movie"\n'})


def test_douban_movies_runs_its_click_loader_over_the_repositorys_movie_files_in_five_syntax(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_douban_movies(store, _douban_repo(tmp_path, _DOUBAN_LOADER))
    assert store.calls == [
        ("CREATE INDEX FOR (n:Movie) ON (n.id)", {}),
        ("UNWIND $values as data create (:Movie {title:data.title})",
         {"values": [{"title": "让子弹飞", "id": "5ec8"}]})]


def test_douban_movies_imports_nothing_but_what_its_loader_needs(tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="imports subprocess"):
        corpus.write_douban_movies(Recorder(), _douban_repo(tmp_path, "import subprocess\n" + _DOUBAN_LOADER))


_TOURISM_TOOLS = ('import pandas as pd\nimport os\nimport configparser\n\n'
                  'def get_credential():\n    raise RuntimeError("reads neo4j.ini: not called by data_loading")\n\n'
                  'def run(driver, query, params=None):\n    with driver.session() as session:\n'
                  '        if params is not None:\n            return [r for r in session.run(query, params)]\n'
                  '        else:\n            return [r for r in session.run(query)]\n')
_TOURISM_LOADER = (
    'from neo4j import GraphDatabase\nimport textwrap\n\nfrom neo4j_tools import run\nfrom neo4j_tools import '
    'get_credential\n\n'
    "url_node_poi = 'https://raw.githubusercontent.com/xiong-ying/KG-Rec-Sys-Tourism-SG/main/"
    "02-Data-Preprocessing-EDA/neo4j_import/df_node_poi.csv'\n"
    "url_node_review_1 = 'https://raw.githubusercontent.com/xiong-ying/KG-Rec-Sys-Tourism-SG/main/"
    "02-Data-Preprocessing-EDA/neo4j_import/df_node_review_1.csv'\n\n"
    'def data_loading(driver):\n'
    '    node_count = run(driver, "MATCH (n) RETURN count(n) AS count")[0][0]\n'
    '    if node_count == 0:\n'
    '        print("Setting constrains...")\n'
    "        run(driver, 'CREATE CONSTRAINT poi_id_unique IF NOT EXISTS FOR (poi:Poi) REQUIRE poi.id IS UNIQUE')\n"
    '        run(driver, textwrap.dedent("""\\\n'
    '            LOAD CSV WITH HEADERS FROM $file AS row\n'
    '            MERGE (poi:Poi {id: toInteger(row.id)}) ON CREATE SET poi.price = toFloat(coalesce(row.price, '
    "'0.0'))\n"
    '            """), params = {\'file\': url_node_poi})\n'
    '        run(driver, textwrap.dedent("""\\\n'
    '            LOAD CSV WITH HEADERS FROM $file AS row\n'
    '            MERGE (review:Review {id: toInteger(row.id)})\n'
    '            """), params = {\'file\': url_node_review_1})\n'
    '        run(driver, textwrap.dedent("""\\\n'
    '            LOAD CSV WITH HEADERS FROM $file AS row\n'
    '            CALL{\n                WITH row\n                MATCH (poi:Poi {id: toInteger(row.id)})\n'
    '                RETURN count(poi) AS n\n            } IN TRANSACTIONS\n            RETURN SUM(n) AS total\n'
    '            """), params = {\'file\': url_node_poi})\n\n'
    "if __name__ == '__main__':\n    HOST, DATABASE, PASSWORD = get_credential()\n"
    '    driver = GraphDatabase.driver(HOST, auth=(DATABASE, PASSWORD))\n    data_loading(driver)\n')


class _CountStore(Recorder):
    """A Recorder whose node count is 0, as data_loading reads it (`[0][0]` of `MATCH (n) RETURN count(n)`)."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"count": 0}] if statement.startswith("MATCH (n) RETURN count(n)") else []


def test_singapore_attractions_runs_data_loading_with_its_neo4j_tools_over_the_mirrors_files(tmp_path: Path) -> None:
    # xiong-ying/KG-Rec-Sys-Tourism-SG: data_loader.py's data_loading(driver) runs each statement through
    # neo4j_tools.run (driver.session() -> session.run(query, params)); its LOAD CSVs read `FROM $file`, the raw
    # URL of the repository's file; the review files are over the mirror's size limit, so their statements are
    # left out (not an error); `} IN TRANSACTIONS` cannot run in the store's transaction; the loader's prints are
    # silenced and its __main__ block (credentials, a driver of its own) does not run
    poi = "02-Data-Preprocessing-EDA/neo4j_import/df_node_poi.csv"
    mirror = _clone(tmp_path, corpus.TOURISM, {corpus.TOURISM_LOADER: _TOURISM_LOADER,
                                               corpus.TOURISM_TOOLS: _TOURISM_TOOLS,
                                               poi: 'id,name,price\n2149128,Gardens by the Bay,8.01\n'
                                                    '310900,"Singapore Botanic Gardens",\n'})
    assert "02-Data-Preprocessing-EDA/neo4j_import/df_node_review_1.csv" in corpus.TOURISM_ABSENT
    store = _CountStore()
    corpus.write_singapore_attractions(store, mirror)
    rows = [{"id": "2149128", "name": "Gardens by the Bay", "price": "8.01"},
            {"id": "310900", "name": "Singapore Botanic Gardens", "price": None}]
    assert [(s.strip(), p) for s, p in store.calls] == [
        ("MATCH (n) RETURN count(n) AS count", {}),
        ("CREATE CONSTRAINT poi_id_unique IF NOT EXISTS FOR (poi:Poi) REQUIRE poi.id IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (poi:Poi {id: toInteger(row.id)}) ON CREATE SET poi.price = "
         "toFloat(coalesce(row.price, '0.0'))", {"rows": rows}),
        ("UNWIND $rows AS row\nCALL{\n    WITH row\n    MATCH (poi:Poi {id: toInteger(row.id)})\n"
         "    RETURN count(poi) AS n\n}\nRETURN SUM(n) AS total", {"rows": rows})]


def test_singapore_attractions_refuses_an_import_its_loader_does_not_need(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.TOURISM, {corpus.TOURISM_LOADER: "import subprocess\n" + _TOURISM_LOADER,
                                               corpus.TOURISM_TOOLS: _TOURISM_TOOLS})
    with pytest.raises(corpus.CorpusError, match="imports subprocess"):
        corpus.write_singapore_attractions(_CountStore(), mirror)


def test_singapore_attractions_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    loader = _TOURISM_LOADER.replace("def data_loading(driver):\n", "def data_loading(driver):\n    run(driver, "
                                     "'LOAD CSV WITH HEADERS FROM $file AS row RETURN row', "
                                     "{'file': 'https://example.org/other.csv'})\n")
    mirror = _clone(tmp_path, corpus.TOURISM, {corpus.TOURISM_LOADER: loader, corpus.TOURISM_TOOLS: _TOURISM_TOOLS})
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/other.csv"):
        corpus.write_singapore_attractions(_CountStore(), mirror)


# alecULaval/Projet-GLO-4025's loader as it is written (its populate_neo4j.py, shortened to what its test needs: the
# connection check, the intersections, the routes between them and the restaurants with their Yelp categories)
_CORNWALL_LOADER = (
    'import json\nimport time\n\nfrom Restaurant import Restaurant\nfrom decouple import config\n'
    'from py2neo import Graph, Node, NodeMatcher, Relationship\nfrom typing import List\n\n\n'
    'def validate_neo_connection(url, username, password):\n    try:\n        print(\'Trying connection to neo\')\n'
    '        Graph(url, auth=(username, password), secure=False)\n    except:\n        time.sleep(10)\n\n\n'
    'def initiate_neo4j():\n    INTERNAL_URL = config("NEO4J_INTERNAL_URL")\n'
    '    USERNAME, PASSWORD = config("NEO4J_CREDENTIALS").split("/")\n'
    '    validate_neo_connection(url=INTERNAL_URL, username=USERNAME, password=PASSWORD)\n'
    '    return Graph(INTERNAL_URL, auth=(USERNAME, PASSWORD), secure=False)\n\n\n'
    'def load_csv_to_restaurant() -> List[Restaurant]:\n    restaurants_data = []\n'
    "    with open('resources/restos_cornwall_formatted.json', 'r') as file:\n        reader = json.load(file)\n"
    '        for resto in reader:\n            restaurant = reader[resto]\n'
    '            restaurants_data.append(Restaurant(resto, restaurant["types"], restaurant["address"], '
    'restaurant["name"],\n                                               restaurant["latitude"], '
    'restaurant["longitude"]))\n        return restaurants_data\n\n\n'
    'def populate_neo4j():\n    graph = initiate_neo4j()\n    restaurant_graph = graph.begin()\n'
    "    with open('resources/intersections.json', 'r') as intersection_file:\n"
    '        intersections = json.load(intersection_file)\n        for row in intersections:\n'
    '            latitude = float(intersections[row][1])\n            longitude = float(intersections[row][0])\n'
    '            intersection_node = Node("Intersection", id=row, latitude=latitude, longitude=longitude)\n'
    '            restaurant_graph.create(intersection_node)\n\n    nodes = NodeMatcher(restaurant_graph)\n'
    "    with open('resources/routes.json', 'r') as routes_intersections_file, open(\n"
    "            'resources/json_cornwall_reformated.json', 'r') as routes_data_file:\n"
    '        routes_intersections = json.load(routes_intersections_file)\n'
    '        routes_data = json.load(routes_data_file)\n        for road in routes_intersections:\n'
    '            road_length = routes_data[road]["length"]\n'
    '            i1 = nodes.match("Intersection", latitude=float(routes_intersections[road][0][1]),\n'
    '                             longitude=float(routes_intersections[road][0][0])).first()\n'
    '            i2 = nodes.match("Intersection", latitude=float(routes_intersections[road][1][1]),\n'
    '                             longitude=float(routes_intersections[road][1][0])).first()\n'
    '            restaurant_graph.create(Relationship(i1, "route", i2, id=road, length=road_length))\n'
    '            restaurant_graph.create(Relationship(i2, "route", i1, id=road, length=road_length))\n\n'
    '    restaurants = load_csv_to_restaurant()\n    for restaurant in restaurants:\n'
    '        restaurant_node = Node("Restaurant", id=restaurant.id, address=restaurant.address, '
    'name=restaurant.name,\n                               latitude=restaurant.latitude, '
    'longitude=restaurant.longitude)\n        restaurant_graph.create(restaurant_node)\n'
    '        for resto_type in restaurant.type:\n            type_node = Node("Type", name=resto_type)\n'
    '            restaurant_graph.merge(type_node, primary_label="Type", primary_key="name")\n'
    '            restaurant_graph.create(Relationship(restaurant_node, "category_is", type_node))\n\n'
    '    graph.commit(restaurant_graph)\n')
_CORNWALL_MODEL = ("from dataclasses import dataclass\n\n\n@dataclass\nclass Restaurant:\n    id: str\n    type: list\n"
                   "    address: str\n    name: str\n    latitude: str\n    longitude: str\n")
_CORNWALL_DATA = {
    "resources/intersections.json": '{"a": ["-74.70", "45.00"], "b": ["-74.71", "45.01"]}',
    "resources/routes.json": '{"19": [["-74.70", "45.00"], ["-74.71", "45.01"]]}',
    "resources/json_cornwall_reformated.json": '{"19": {"length": 322.878, "geometry": {"type": "LineString"}}}',
    "resources/restos_cornwall_formatted.json": '{"y1": {"name": "Tiny Table", "types": ["Thai", "Vietnamese"], '
                                                '"address": "11 4th Street W", "latitude": 45.1, "longitude": -74.7}}'}


class _Py2neoStore(Recorder):
    """A Recorder that answers as the server would: an element id for each node written, the node a match finds."""

    def __init__(self, found: bool = True) -> None:
        super().__init__()
        self.found = found

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if statement.startswith("MATCH (n:`Intersection`)"):
            return [{"id": f"i{params['p0']}", "props": {}}] if self.found and params else []
        return [{"id": f"n{len(self.calls)}"}] if "RETURN elementId(n) AS id" in statement else []


def test_cornwall_restaurants_runs_populate_neo4j_with_a_py2neo_over_the_store(tmp_path: Path) -> None:
    # alecULaval/Projet-GLO-4025: populate_neo4j() creates py2neo Nodes and Relationships in a transaction of
    # graph.begin(), finds a route's ends with NodeMatcher(...).match(label, **properties).first() and merges each
    # Yelp category on its name; each is one statement here, the ends bound by the element ids the store answered
    mirror = _clone(tmp_path, corpus.CORNWALL, {corpus.CORNWALL_LOADER: _CORNWALL_LOADER,
                                               corpus.CORNWALL_MODEL: _CORNWALL_MODEL, **_CORNWALL_DATA})
    store = _Py2neoStore()
    corpus.write_cornwall_restaurants(store, mirror)
    match = ("MATCH (n:`Intersection`) WHERE n.`latitude` = $p0 AND n.`longitude` = $p1 RETURN elementId(n) AS id, "
             "properties(n) AS props LIMIT 1")
    route = "MATCH (a), (b) WHERE elementId(a) = $a AND elementId(b) = $b CREATE (a)-[r:`route` $props]->(b)"
    category = ("MATCH (a), (b) WHERE elementId(a) = $a AND elementId(b) = $b "
                "CREATE (a)-[r:`category_is` $props]->(b)")
    merge = "MERGE (n:`Type` {`name`: $key}) SET n += $props RETURN elementId(n) AS id"
    road = {"id": "19", "length": 322.878}
    assert store.calls == [
        ("CREATE (n:`Intersection` $props) RETURN elementId(n) AS id",
         {"props": {"id": "a", "latitude": 45.0, "longitude": -74.7}}),
        ("CREATE (n:`Intersection` $props) RETURN elementId(n) AS id",
         {"props": {"id": "b", "latitude": 45.01, "longitude": -74.71}}),
        (match, {"p0": 45.0, "p1": -74.7}), (match, {"p0": 45.01, "p1": -74.71}),
        (route, {"a": "i45.0", "b": "i45.01", "props": road}), (route, {"a": "i45.01", "b": "i45.0", "props": road}),
        ("CREATE (n:`Restaurant` $props) RETURN elementId(n) AS id",
         {"props": {"id": "y1", "address": "11 4th Street W", "name": "Tiny Table", "latitude": 45.1,
                    "longitude": -74.7}}),
        (merge, {"key": "Thai", "props": {"name": "Thai"}}), (category, {"a": "n7", "b": "n8", "props": {}}),
        (merge, {"key": "Vietnamese", "props": {"name": "Vietnamese"}}),
        (category, {"a": "n7", "b": "n10", "props": {}})]


def test_cornwall_restaurants_refuses_a_route_whose_end_is_not_in_the_graph(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.CORNWALL, {corpus.CORNWALL_LOADER: _CORNWALL_LOADER,
                                               corpus.CORNWALL_MODEL: _CORNWALL_MODEL, **_CORNWALL_DATA})
    with pytest.raises(corpus.CorpusError, match="a route relationship has an end that is not in the graph"):
        corpus.write_cornwall_restaurants(_Py2neoStore(found=False), mirror)


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ('open("other.json")\n', "opens other.json"),
                                                  ('config("MONGO_URL")\n', "reads the setting MONGO_URL")])
def test_cornwall_restaurants_imports_opens_and_reads_nothing_but_what_its_loader_needs(
        tmp_path: Path, change: str, refused: str) -> None:
    loader = _CORNWALL_LOADER.replace("def populate_neo4j():\n", f"def populate_neo4j():\n    {change}")
    mirror = _clone(tmp_path, corpus.CORNWALL, {corpus.CORNWALL_LOADER: loader, corpus.CORNWALL_MODEL: _CORNWALL_MODEL,
                                               **_CORNWALL_DATA})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_cornwall_restaurants(_Py2neoStore(), mirror)


# OH-Research/pdh_data_review's to_neo4j.sh: one neo4j-import (3.1) command over out/ (shortened: two node files, one
# relationship file; its header columns as the repository writes them)
_NZ_HEALTH_SCRIPT = ("\nFOLDER=out\n\nrm -r /usr/local/Cellar/neo4j/3.1.1/libexec/data/databases/graph.db\n\n"
                     "neo4j-import --stacktrace \\\n             --multiline-fields=true \\\n"
                     "             --into /usr/local/Cellar/neo4j/3.1.1/libexec/data/databases/graph.db \\\n"
                     "             --id-type string \\\n             --nodes:Dataset $FOLDER/dataset.csv \\\n"
                     "             --nodes:Tag $FOLDER/tag.csv \\\n"
                     "             --relationships:contains_information_about $FOLDER/dataset_tag.csv\n")


def _nz_health(tmp_path: Path, script: str = _NZ_HEALTH_SCRIPT, **files: str) -> Path:
    data = {"dataset.csv": (':LABEL,datasetId:ID(Dataset),name,url\nDataset,-36,1000 Genomes Project,https://a.org/\n'
                            'Dataset,41,"Well Child / Tamariki Ora\n",http://h.nz/\n'),
            "tag.csv": ":LABEL,name,tagId:ID(Tag)\nTag,genomics,57\nTag,,0\n",
            "dataset_tag.csv": ":END_ID(Tag),:START_ID(Dataset)\n57,-36\n0,41\n"}
    data.update(files)
    return _clone(tmp_path, corpus.NZ_HEALTH, {corpus.NZ_HEALTH_SCRIPT: script,
                                               **{f"out/{name}": text for name, text in data.items()}})


def test_nz_health_data_sources_imports_as_neo4j_import_does(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_nz_health_data_sources(store, _nz_health(tmp_path))
    assert store.calls == [
        # ids kept as string properties under their column's key; a quoted field keeps its line break
        ("UNWIND $rows AS row CREATE (n:`Dataset`) SET n = row",
         {"rows": [{"datasetId": "-36", "name": "1000 Genomes Project", "url": "https://a.org/"},
                   {"datasetId": "41", "name": "Well Child / Tamariki Ora\n", "url": "http://h.nz/"}]}),
        # an empty field sets no property
        ("UNWIND $rows AS row CREATE (n:`Tag`) SET n = row",
         {"rows": [{"name": "genomics", "tagId": "57"}, {"tagId": "0"}]}),
        ("UNWIND $rows AS row MATCH (s:`Dataset` {`datasetId`: row.s}) MATCH (e:`Tag` {`tagId`: row.e}) "
         "CREATE (s)-[:`contains_information_about`]->(e)", {"rows": [{"s": "-36", "e": "57"}, {"s": "41", "e": "0"}]})]


def test_nz_health_data_sources_adds_the_label_column_to_the_command_lines_label(tmp_path: Path) -> None:
    store = Recorder()
    mirror = _nz_health(tmp_path, **{"tag.csv": ":LABEL,name,tagId:ID(Tag)\nTag;Topic,genomics,57\nTag,x,0\n"})
    corpus.write_nz_health_data_sources(store, mirror)
    tags = [(s, p) for s, p in store.calls if "CREATE (n:`Tag`" in s]
    assert tags == [("UNWIND $rows AS row CREATE (n:`Tag`:`Topic`) SET n = row",
                     {"rows": [{"name": "genomics", "tagId": "57"}]}),
                    ("UNWIND $rows AS row CREATE (n:`Tag`) SET n = row", {"rows": [{"name": "x", "tagId": "0"}]})]


@pytest.mark.parametrize(("files", "refused"), [
    ({"dataset_tag.csv": ":END_ID(Tag),:START_ID(Dataset)\n57,-36\n99,41\n"}, "1 relationships whose ends"),
    ({"tag.csv": ":LABEL,name,tagId:ID(Tag)\nTag,genomics,57\nTag,other,57\n"}, "repeats an id"),
    ({"tag.csv": ":LABEL,name,count:int,tagId:ID(Tag)\nTag,genomics,3,57\n"}, "typed columns"),
    ({"tag.csv": ":LABEL,name,:ID(Tag)\nTag,genomics,57\n"}, "no one `key:ID"),
])
def test_nz_health_data_sources_refuses_what_neo4j_import_would_not_write_as_read_here(
        tmp_path: Path, files: dict[str, str], refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_nz_health_data_sources(Recorder(), _nz_health(tmp_path, **files))


def test_nz_health_data_sources_refuses_a_script_without_string_ids_or_its_folder(tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="no longer runs neo4j-import --id-type string"):
        corpus.write_nz_health_data_sources(Recorder(), _nz_health(
            tmp_path / "a", _NZ_HEALTH_SCRIPT.replace("--id-type string", "--id-type integer")))
    with pytest.raises(corpus.CorpusError, match=r"reads \$DATA, which it does not set"):
        corpus.write_nz_health_data_sources(Recorder(), _nz_health(
            tmp_path / "b", _NZ_HEALTH_SCRIPT.replace("$FOLDER/tag.csv", "$DATA/tag.csv")))


# researchgraph/Switchboard-Jenkins's jobs/registry/ingest-nci.sh (shortened: two of its curl lines and their files,
# its neo4j-import command as written; the files' headers as researchgraph/nci writes them, ` :END_ID, :TYPE` spaces
# included)
_NCI_SCRIPT = ("RNEO4J=$1\nMNTDATA=$2\n\nrm -rf csv\nmkdir csv\necho \"Download CSV files...\"\n"
               "curl https://raw.githubusercontent.com/researchgraph/nci/master/csv/datasets.csv > ./csv/datasets.csv\n"
               "curl https://raw.githubusercontent.com/researchgraph/nci/master/csv/researchers.csv > "
               "./csv/researchers.csv\n"
               "curl https://raw.githubusercontent.com/researchgraph/nci/master/csv/relations.csv > "
               "./csv/relations.csv\n"
               "\necho \"Building Neo4j ... \"\n"
               "$MNTDATA/nci/R.Neo4j/bin/neo4j-import --into $MNTDATA/nci/R.Neo4j/data/databases/graph.db \\\n"
               "  --nodes ./csv/datasets.csv \\\n  --nodes ./csv/researchers.csv \\\n"
               "  --relationships ./csv/relations.csv \\\n  --ignore-empty-strings true\n\n"
               "echo \"Invalid relationships\"\ncat $MNTDATA/nci/R.Neo4j/data/databases/graph.db/bad.log\n")


def _nci(tmp_path: Path, script: str = _NCI_SCRIPT, **files: str) -> Path:
    data = {"datasets.csv": ("key:ID,source,title,megabyte,type,:LABEL\n"
                             "researchgraph.org/nci/f97,nci.org.au,SkyMapper DR1,,dataset,dataset;nci\n"),
            "researchers.csv": ("key:ID,full_name,:LABEL\nresearchgraph.org/nci/a@anu.edu.au ,Brian Schmidt,"
                                "researcher;nci\n"),
            "relations.csv": (":START_ID, :END_ID, :TYPE\n"
                              "researchgraph.org/nci/f97,researchgraph.org/nci/a@anu.edu.au ,relatedTo\n"
                              "researchgraph.org/nci/gone,researchgraph.org/nci/a@anu.edu.au ,relatedTo\n")}
    data.update(files)
    _clone(tmp_path, corpus.NCI, {corpus.NCI_SCRIPT: script})
    return _clone(tmp_path, corpus.NCI_DATA, {f"csv/{name}": text for name, text in data.items()})


def test_nci_research_data_imports_as_neo4j_import_does(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_nci_research_data(store, _nci(tmp_path))
    assert store.calls == [
        # the id kept as the string property of its column's key, labels from :LABEL, an empty field set not at all
        ("UNWIND $rows AS row CREATE (n:`dataset`:`nci`) SET n = row",
         {"rows": [{"key": "researchgraph.org/nci/f97", "source": "nci.org.au", "title": "SkyMapper DR1",
                    "type": "dataset"}]}),
        # an id's trailing space is part of it, as the tool keeps it
        ("UNWIND $rows AS row CREATE (n:`researcher`:`nci`) SET n = row",
         {"rows": [{"key": "researchgraph.org/nci/a@anu.edu.au ", "full_name": "Brian Schmidt"}]}),
        # the type from the :TYPE column, the ends by their first label and id; the relationship whose start is in
        # no file is skipped, as the tool's --skip-bad-relationships (true by default) skips it
        ("UNWIND $rows AS row MATCH (s:`dataset` {`key`: row.s}) MATCH (e:`researcher` {`key`: row.e}) "
         "CREATE (s)-[:`relatedTo`]->(e)",
         {"rows": [{"s": "researchgraph.org/nci/f97", "e": "researchgraph.org/nci/a@anu.edu.au "}]})]


@pytest.mark.parametrize(("files", "refused"), [
    ({"researchers.csv": "key:ID,full_name,:LABEL\nx,A,researcher\nx,B,researcher\n"}, "repeats the id"),
    ({"researchers.csv": "key:ID,full_name,orcid:int,:LABEL\nx,A,3,researcher\n"}, "untyped columns"),
    ({"researchers.csv": "key:ID,full_name\nx,A\n"}, "one :LABEL"),
    ({"researchers.csv": "key:ID,full_name,:LABEL\nx,A,\n"}, "has no label"),
    ({"relations.csv": ":START_ID,:END_ID\nx,y\n"}, "is not a :START_ID, :END_ID and :TYPE"),
])
def test_nci_research_data_refuses_what_neo4j_import_would_not_write_as_read_here(
        tmp_path: Path, files: dict[str, str], refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_nci_research_data(Recorder(), _nci(tmp_path, **files))


def test_nci_research_data_reads_only_what_its_curl_lines_download_from_the_nci_repository(tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match=r"reads \./csv/researchers\.csv, which its curl lines do not"):
        corpus.write_nci_research_data(Recorder(), _nci(tmp_path / "a", _NCI_SCRIPT.replace(
            "https://raw.githubusercontent.com/researchgraph/nci/master/csv/researchers.csv",
            "https://example.org/researchers.csv")))
    with pytest.raises(corpus.CorpusError, match="no longer runs neo4j-import --ignore-empty-strings true"):
        corpus.write_nci_research_data(Recorder(), _nci(tmp_path / "b", _NCI_SCRIPT.replace(
            "--ignore-empty-strings true", "")))


# azurebamboo/Graph-Database-for-Reparation-Lawsuits-...'s all-plain.cypher (shortened: one full-text index call, one
# constraint, one node batch and one relationship batch of its apoc.export.cypher export, as the repository has them)
_LAWSUITS_SCRIPT = (
    "CALL db.index.fulltext.createNodeIndex('courtname',['Court'],['name']);\n"
    "CREATE CONSTRAINT ON (node:Court) ASSERT (node.name) IS UNIQUE;\n"
    "UNWIND [{name:\"東京地裁 Tokyo Local Court\", properties:{lng:139.744, lat:35.68}}] AS row\n"
    "CREATE (n:Court{name: row.name}) SET n += row.properties;\n"
    "UNWIND [{start: {title:\"堤岩里訴訟 Tiam-ri Massacre Lawsuit\"}, end: {name:\"東京地裁 Tokyo Local Court\"}, "
    "properties:{time:\"1991-07-15\"}}] AS row\n"
    "MATCH (start:Lawsuit{title: row.start.title})\nMATCH (end:Court{name: row.end.name})\n"
    "CREATE (start)-[r:FILED_TO]->(end) SET r += row.properties;\n")


def test_japan_reparation_lawsuits_runs_its_export_as_written_in_five_syntax(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_japan_reparation_lawsuits(store, _clone(tmp_path, corpus.LAWSUITS,
                                                          {corpus.LAWSUITS_SCRIPT: _LAWSUITS_SCRIPT}))
    assert [statement for statement, _ in store.calls] == [
        "CREATE FULLTEXT INDEX `courtname` FOR (n:`Court`) ON EACH [n.`name`]",
        "CREATE CONSTRAINT FOR (node:Court) REQUIRE node.name IS UNIQUE",
        'UNWIND [{name:"東京地裁 Tokyo Local Court", properties:{lng:139.744, lat:35.68}}] AS row\n'
        "CREATE (n:Court{name: row.name}) SET n += row.properties",
        'UNWIND [{start: {title:"堤岩里訴訟 Tiam-ri Massacre Lawsuit"}, end: {name:"東京地裁 Tokyo Local Court"}, '
        'properties:{time:"1991-07-15"}}] AS row\nMATCH (start:Lawsuit{title: row.start.title})\n'
        "MATCH (end:Court{name: row.end.name})\nCREATE (start)-[r:FILED_TO]->(end) SET r += row.properties"]


# neo4j-examples/discoveraurafree's week-15.adoc ("The Graph of Hamilton"): `[source,cypher]` blocks that load
# sxywu/hamilton's src/data/*.json by their raw.githubusercontent.com URLs (3.x constraints, a `:auto` statement with
# `CALL {...} IN TRANSACTIONS`), a chunked repeat of the lines load for AuraDB Free, and queries that write nothing
def _hamilton_page(json_url: str = corpus.HAMILTON_URL + "src/data/char_list.json") -> str:
    return ("== Week 15 - The Graph of Hamilton\n\n[source,cypher]\n----\n"
            "create constraint on (s:Singer) assert s.id is unique;\ncreate index on :Song(title);\n----\n\n"
            ".char_list.json\n[source,javascript]\n----\n{\"1\": [\"Aaron Burr\", \"M\"]}\n----\n\n"
            "[source,cypher]\n----\ncall apoc.load.json('" + json_url + "') YIELD value\n"
            "UNWIND keys(value) AS key\nWITH key, value[key] AS data\n"
            "MERGE (s:Singer {id:key}) ON CREATE SET s.name = data[0];\n----\n\n"
            "[source,cypher]\n----\n:auto call apoc.load.json('" + corpus.HAMILTON_URL + "src/data/lines.json') "
            "YIELD value\nUNWIND keys(value) AS key\nWITH key, value[key] AS data\nSKIP 0 LIMIT 200\n"
            "call {\nwith key, data\nMERGE (l:Lines {id:key})\n} in transactions of 100 rows\nRETURN count(*);\n"
            "----\n\n[source,cypher]\n----\nMATCH (p:Singer) RETURN p.name\n----\n\n"
            "[source,cypher]\n----\n:auto call apoc.load.json('" + corpus.HAMILTON_URL + "src/data/words.json') "
            "YIELD value\nUNWIND keys(value) AS key\nCALL { WITH key\n    MERGE (w:Word {word:key})\n"
            "} IN TRANSACTIONS OF 500 ROWS\nRETURN count(*);\n----\n")


def _hamilton_mirror(tmp_path: Path, page: str) -> Path:
    _clone(tmp_path, corpus.DISCOVER, {corpus.HAMILTON_PAGE: page})
    return _clone(tmp_path, corpus.HAMILTON_DATA, {"src/data/char_list.json": '{"1": ["Aaron Burr", "M"]}',
                                                   "src/data/words.json": '{"how": ["1:1/1:1-5"]}'})


def test_hamilton_musical_runs_the_pages_writing_blocks_over_shirley_wus_files(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_hamilton_musical(store, _hamilton_mirror(tmp_path, _hamilton_page()))
    # the chunked lines load (SKIP 0 LIMIT 200) and the query are not run; lines.json is not read
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (s:Singer) REQUIRE s.id IS UNIQUE", {}),
        ("CREATE INDEX FOR (n:Song) ON (n.title)", {}),
        ("UNWIND $values AS value\nUNWIND keys(value) AS key\nWITH key, value[key] AS data\n"
         "MERGE (s:Singer {id:key}) ON CREATE SET s.name = data[0]", {"values": [{"1": ["Aaron Burr", "M"]}]}),
        ("UNWIND $values AS value\nUNWIND keys(value) AS key\nCALL { WITH key\n    MERGE (w:Word {word:key})\n}\n"
         "RETURN count(*)", {"values": [{"how": ["1:1/1:1-5"]}]})]


def test_hamilton_musical_refuses_a_url_outside_shirley_wus_repository(tmp_path: Path) -> None:
    mirror = _hamilton_mirror(tmp_path, _hamilton_page("https://example.org/char_list.json"))
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/char_list.json"):
        corpus.write_hamilton_musical(Recorder(), mirror)


def test_hamilton_musical_refuses_a_page_without_load_blocks(tmp_path: Path) -> None:
    mirror = _hamilton_mirror(tmp_path, "[source,cypher]\n----\nMATCH (p:Singer) RETURN p.name\n----\n")
    with pytest.raises(corpus.CorpusError, match="no load statements found in week-15.adoc"):
        corpus.write_hamilton_musical(Recorder(), mirror)


# peregrin71/EliteDataConverter's EDData.cypher as its converter writes it (shortened): a comment, the clearing MATCH
# its README runs on its own, a comment, then one CREATE per node and one per relationship, no ';' anywhere
_ELITE_SCRIPT = ('// Before importing data first run this neo4j command\nMATCH (n) DETACH DELETE n\n'
                 '// Then copy all the following lines into neo4j and run them\n'
                 'CREATE (n7:Noun{name:"Fierce"})\nCREATE (n250:Person{name:"Aaron Whyte"})\n'
                 'CREATE (n583:Role{name:"Leader"})\nCREATE (n250)-[:Role]->(n583)\n')


def test_elite_dangerous_lore_runs_its_two_statements_as_its_readme_does(tmp_path: Path) -> None:
    # its README: run the first command on its own, then line 4 to the end as one set; as one statement the CREATEs
    # would run once per node the MATCH finds (never, on an empty database)
    store = Recorder()
    corpus.write_elite_dangerous_lore(store, _clone(tmp_path, corpus.ELITE, {corpus.ELITE_SCRIPT: _ELITE_SCRIPT}))
    assert store.calls == [
        ("MATCH (n) DETACH DELETE n", {}),
        ('CREATE (n7:Noun{name:"Fierce"})\nCREATE (n250:Person{name:"Aaron Whyte"})\n'
         'CREATE (n583:Role{name:"Leader"})\nCREATE (n250)-[:Role]->(n583)', {})]


@pytest.mark.parametrize(("script", "refused"), [
    (_ELITE_SCRIPT.replace("MATCH (n) DETACH DELETE n\n", ""), "no longer starts with"),
    (_ELITE_SCRIPT.replace("(n583)\n", "(n583);\nMATCH (n) RETURN n\n"), "no longer one CREATE statement"),
    (_ELITE_SCRIPT.replace("CREATE (n7", "MERGE (n7"), "no longer one CREATE statement")])
def test_elite_dangerous_lore_refuses_a_script_no_longer_in_its_two_parts(tmp_path: Path, script: str,
                                                                          refused: str) -> None:
    mirror = _clone(tmp_path, corpus.ELITE, {corpus.ELITE_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_elite_dangerous_lore(Recorder(), mirror)


# jburnford/empire-evolution-wpcs's export as written (shortened): its header comments, its constraint, one territory
# (MERGE on its colony_id, then SET of its properties over several lines, a datetime among them) and one relationship
_EMPIRE_SCRIPT = ("// British Empire Knowledge Graph\n// To import: run this file in Neo4j Browser or cypher-shell\n\n"
                  "CREATE CONSTRAINT territory_id_unique IF NOT EXISTS FOR (n:HistoricalTerritory) "
                  "REQUIRE n.colony_id IS UNIQUE;\n\n// -- Territory Nodes --\n\n"
                  "MERGE (c:HistoricalTerritory:Colony {colony_id: 'aden_1839_1963'})\nSET c += {\n"
                  "  name: 'Aden Province',\n  verified_date: datetime('2025-08-05T20:18:40Z')\n};\n\n"
                  "MATCH (a:HistoricalTerritory {colony_id: 'aden_1839_1963'}), (b:HistoricalTerritory {colony_id: "
                  "'aden_colony_1937_1967'}) MERGE (a)-[:EVOLVED_INTO]->(b);\n")


def test_british_empire_territories_runs_its_export_statement_by_statement(tmp_path: Path) -> None:
    # its README loads it with `cypher-shell -f`: each statement ended by ';' on its own, comments dropped
    store = Recorder()
    corpus.write_british_empire_territories(store, _clone(tmp_path, corpus.EMPIRE,
                                                          {corpus.EMPIRE_SCRIPT: _EMPIRE_SCRIPT}))
    assert store.calls == [
        ("CREATE CONSTRAINT territory_id_unique IF NOT EXISTS FOR (n:HistoricalTerritory) "
         "REQUIRE n.colony_id IS UNIQUE", {}),
        ("MERGE (c:HistoricalTerritory:Colony {colony_id: 'aden_1839_1963'})\nSET c += {\n  name: 'Aden Province',\n"
         "  verified_date: datetime('2025-08-05T20:18:40Z')\n}", {}),
        ("MATCH (a:HistoricalTerritory {colony_id: 'aden_1839_1963'}), (b:HistoricalTerritory {colony_id: "
         "'aden_colony_1937_1967'}) MERGE (a)-[:EVOLVED_INTO]->(b)", {})]


# teletrabbie/medi_graph's `create medi graph.cypher`: its Part 1 reads SwissDRG's list of high-cost medicines from
# swissdrg.org (no repository holds it), the rest reads src/main/import/*.csv by raw.githubusercontent.com URLs, most
# named first in `WITH '<url>' AS import`, some in place behind an UNWIND
_MEDI_IMPORT = corpus.MEDI_URL + "src/main/import/"
_MEDI_SCRIPT = (
    "// Load all data into Neo4j\n"
    "WITH '" + corpus.MEDI_SWISSDRG_LIST + "' AS import\n"
    "LOAD CSV WITH HEADERS FROM import AS row FIELDTERMINATOR '|'\n"
    "MERGE (s:Substanz {Name: row.atc_code})\n;\n\n"
    "CREATE CONSTRAINT Substanz_ATC IF NOT EXISTS\nFOR (x:Substanz)\nREQUIRE x.Name IS UNIQUE\n;\n\n"
    "UNWIND [\n  {lang: 'de', suffix: 'bezeichnung'}\n] AS langInfo\n"
    "LOAD CSV WITH HEADERS FROM '" + _MEDI_IMPORT + "technisches_begleitblatt.csv' AS row\n"
    "MATCH (n:Einheit {Name: row.kuerzel})\nWHERE langInfo.lang = row.sprache\n"
    "SET n[langInfo.suffix] = row.kuerzel_bezeichnung\n;\n\n"
    "WITH '" + _MEDI_IMPORT + "sl.csv' AS import\n"
    "LOAD CSV WITH HEADERS FROM import AS row FIELDTERMINATOR '|'\n"
    "MERGE (n:Spezialitätenliste {Name: row.bezeichnung})\n    SET n.PublikumsPreis = toFloat(row.pub_preis)\n;\n")


def _medi_mirror(tmp_path: Path, script: str) -> Path:
    return _clone(tmp_path, corpus.MEDI, {
        corpus.MEDI_SCRIPT: script,
        "src/main/import/technisches_begleitblatt.csv": '"sprache","kuerzel","kuerzel_bezeichnung"\n"de","IV",'
                                                        '"intravenös"\n',
        "src/main/import/sl.csv": '"bezeichnung"|"pub_preis"\n"Galafold, Kaps 123 mg, 14 Stk"|"18431.65"\n'})


def test_swiss_medicines_runs_the_script_over_its_import_files_and_leaves_out_the_swissdrg_list(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_swiss_medicines(store, _medi_mirror(tmp_path, _MEDI_SCRIPT))
    # Part 1 (swissdrg.org) is not run; a URL named in `WITH ... AS import` is read as one written in place, `import`
    # still bound; the '|' terminator splits sl.csv
    assert store.calls == [
        ("CREATE CONSTRAINT Substanz_ATC IF NOT EXISTS\nFOR (x:Substanz)\nREQUIRE x.Name IS UNIQUE", {}),
        ("UNWIND [\n  {lang: 'de', suffix: 'bezeichnung'}\n] AS langInfo\nUNWIND $rows AS row\n"
         "MATCH (n:Einheit {Name: row.kuerzel})\nWHERE langInfo.lang = row.sprache\n"
         "SET n[langInfo.suffix] = row.kuerzel_bezeichnung",
         {"rows": [{"sprache": "de", "kuerzel": "IV", "kuerzel_bezeichnung": "intravenös"}]}),
        ("WITH '" + _MEDI_IMPORT + "sl.csv' AS import\nUNWIND $rows AS row\n"
         "MERGE (n:Spezialitätenliste {Name: row.bezeichnung})\n    SET n.PublikumsPreis = toFloat(row.pub_preis)",
         {"rows": [{"bezeichnung": "Galafold, Kaps 123 mg, 14 Stk", "pub_preis": "18431.65"}]})]


def test_swiss_medicines_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = "WITH 'https://example.org/atc.csv' AS import\nLOAD CSV WITH HEADERS FROM import AS row\nMERGE (:H);\n"
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/atc.csv"):
        corpus.write_swiss_medicines(Recorder(), _medi_mirror(tmp_path, script))


# the notebook's cells as DatabaseCreation.ipynb holds them (shortened): a markdown cell, the original create script
# over Charlotte1911_new.csv (raw Cypher, as the Browser takes it), the modified script over the 48-record subset, and
# a cell of test scripts that RETURN what they write
def _charlotte_notebook(*code: str) -> str:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": ["# Database Creation\n"]}]
    cells += [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
               "source": [line for line in c.splitlines(keepends=True)]} for c in code]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


_CHARLOTTE_ORIGINAL = ('LOAD CSV WITH HEADERS FROM "file:///Charlotte1911_new.csv" AS row \n'
                       "MERGE (p:Person {FirstName: row.First, LastName: row.LastName, MiddleInitial: row.Middle, "
                       "Address: row.Address})\nMERGE (c:Company {CompanyName: row.Company})\n"
                       "MERGE (p)-[pc:Works_At]->(c)")
_CHARLOTTE_MODIFIED = ('LOAD CSV WITH HEADERS FROM "file:///Charlotte1911_mod.csv" AS row \n'
                       "MERGE (p:Person {PersonID: row.PersonID})")
_CHARLOTTE_TESTS = ('#test load script with just people\nLOAD CSV WITH HEADERS FROM "file:///Charlotte1911_new.csv" '
                    "AS row \nMERGE (p:Person {FirstName: row.First})\nRETURN p")


def test_charlotte_directory_runs_the_notebooks_original_create_script_over_its_data_file(tmp_path: Path) -> None:
    # only the original create script runs: the modified model over the 48-record subset and the test scripts do not
    mirror = _clone(tmp_path, corpus.CHARLOTTE, {
        corpus.CHARLOTTE_NOTEBOOK: _charlotte_notebook(_CHARLOTTE_ORIGINAL, _CHARLOTTE_MODIFIED, _CHARLOTTE_TESTS),
        corpus.CHARLOTTE_DATA + "Charlotte1911_new.csv": ("LastName,First,Middle,Company,Address\n"
                                                           "Adams,Sallie,H,Carnegie Library,707 north Church\n")})
    store = Recorder()
    corpus.write_charlotte_directory(store, mirror)
    assert store.calls == [
        ("UNWIND $rows AS row \nMERGE (p:Person {FirstName: row.First, LastName: row.LastName, MiddleInitial: "
         "row.Middle, Address: row.Address})\nMERGE (c:Company {CompanyName: row.Company})\n"
         "MERGE (p)-[pc:Works_At]->(c)",
         {"rows": [{"LastName": "Adams", "First": "Sallie", "Middle": "H", "Company": "Carnegie Library",
                    "Address": "707 north Church"}]})]


@pytest.mark.parametrize("cells", [(_CHARLOTTE_MODIFIED, _CHARLOTTE_TESTS),
                                   (_CHARLOTTE_ORIGINAL, _CHARLOTTE_ORIGINAL)])
def test_charlotte_directory_refuses_a_notebook_without_exactly_one_original_create_script(
        tmp_path: Path, cells: tuple[str, ...]) -> None:
    mirror = _clone(tmp_path, corpus.CHARLOTTE, {corpus.CHARLOTTE_NOTEBOOK: _charlotte_notebook(*cells)})
    with pytest.raises(corpus.CorpusError, match="create scripts reading"):
        corpus.write_charlotte_directory(Recorder(), mirror)


# tonijhanel/fec-georgia-2022's load script as written (shortened: its segments, a committee that matches its candidate
# and the donations, CREATE with an amount as toFloat), each LOAD CSV reading data_files/ by its raw URL
_GEORGIA_FEC_SCRIPT = (
    f"LOAD CSV WITH HEADERS FROM '{corpus.GEORGIA_FEC_URL}segments.csv' AS row\n"
    "MERGE (:Segment {name: row.segment});\n\n"
    f"LOAD CSV WITH HEADERS FROM '{corpus.GEORGIA_FEC_URL}committees.csv' AS row\n"
    "MERGE (c:Committee {id: row.committee_id})\n  SET c.name = row.committee_name\nWITH c, row\n"
    "MATCH (cand:Candidate {id: row.candidate_id})\nMERGE (c)-[:SUPPORTS]->(cand);\n\n"
    f"LOAD CSV WITH HEADERS FROM '{corpus.GEORGIA_FEC_URL}donations.csv' AS row\n"
    "MATCH (d:Donor {id: row.donor_id})\nMATCH (c:Committee {id: row.committee_id})\n"
    "CREATE (d)-[:DONATED_TO {amount: toFloat(row.amount), date: row.date}]->(c);\n")


def test_georgia_fec_2022_runs_its_script_over_the_repositorys_data_files(tmp_path: Path) -> None:
    # every LOAD CSV reads data_files/<name>.csv, the file its raw.githubusercontent.com URL names; a quoted name
    # with a comma ("BLACK, GARY") stays one field, an empty field is null as LOAD CSV gives it
    files = {corpus.GEORGIA_FEC_SCRIPT: _GEORGIA_FEC_SCRIPT,
             "data_files/segments.csv": "segment\nOther\nLegal\n",
             "data_files/committees.csv": ("committee_id,committee_name,committee_type,designation,candidate_id,"
                                           'candidate_name\nC00781427,GARY BLACK FOR SENATE INC.,Senate,,S2GA00209,'
                                           '"BLACK, GARY"\n'),
             "data_files/donations.csv": ("transaction_id,donor_id,committee_id,candidate_name,amount,date\n"
                                          'AD549,D7907650578,C00781427,"Black, Gary",500.0,2022-05-24\n')}
    store = Recorder()
    corpus.write_georgia_fec_2022(store, _clone(tmp_path, corpus.GEORGIA_FEC, files))
    assert store.calls == [
        ("UNWIND $rows AS row\nMERGE (:Segment {name: row.segment})", {"rows": [{"segment": "Other"},
                                                                              {"segment": "Legal"}]}),
        ("UNWIND $rows AS row\nMERGE (c:Committee {id: row.committee_id})\n  SET c.name = row.committee_name\n"
         "WITH c, row\nMATCH (cand:Candidate {id: row.candidate_id})\nMERGE (c)-[:SUPPORTS]->(cand)",
         {"rows": [{"committee_id": "C00781427", "committee_name": "GARY BLACK FOR SENATE INC.",
                    "committee_type": "Senate", "designation": None, "candidate_id": "S2GA00209",
                    "candidate_name": "BLACK, GARY"}]}),
        ("UNWIND $rows AS row\nMATCH (d:Donor {id: row.donor_id})\nMATCH (c:Committee {id: row.committee_id})\n"
         "CREATE (d)-[:DONATED_TO {amount: toFloat(row.amount), date: row.date}]->(c)",
         {"rows": [{"transaction_id": "AD549", "donor_id": "D7907650578", "committee_id": "C00781427",
                    "candidate_name": "Black, Gary", "amount": "500.0", "date": "2022-05-24"}]})]


def test_georgia_fec_2022_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://api.open.fec.gov/v1/donors.csv' AS row MERGE (:Donor {id: row.id});\n"
    mirror = _clone(tmp_path, corpus.GEORGIA_FEC, {corpus.GEORGIA_FEC_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_georgia_fec_2022(Recorder(), mirror)


_SOCCERBASE_DUMP = (
    "begin\n"
    "create constraint on (n:`Player`) assert n.`slug` is unique\n"
    "create constraint on (n:`Team`) assert n.`slug` is unique\n"
    'create (_0:`Tournament` {`name`:"Community Shield", `slug`:"community-shield"})\n'
    'create (_1:`Team` {`name`:"Arsenal", `slug`:"arsenal-1886", `yearFormed`:1886})\n'
    'create (_2:`Player` {`age`:25, `name`:"Wojciech Szczesny", `slug`:"wojciech-szczesny-poland"})\n'
    "create _1-[:`IN_TOURNAMENT`]->_0\n"
    'create _1-[:`IN_TEAM` {`fee`:"Signed", `from`:"2001-12-30", `to`:"2008-12-28"}]->_2\n'
    ";\n"
    "commit\n")


def test_soccerbase_2015_runs_its_dump_as_5x_statements(tmp_path: Path) -> None:
    # the shell's begin/commit are not Cypher; each 2.x constraint is a 5.x statement of its own, run first; the
    # CREATE clauses are one statement, a relationship line's bare variables (with or without properties) in
    # parentheses
    store = Recorder()
    corpus.write_soccerbase_2015(store, _clone(tmp_path, corpus.SOCCERBASE,
                                               {corpus.SOCCERBASE_SCRIPT: _SOCCERBASE_DUMP}))
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (n:`Player`) REQUIRE n.`slug` IS UNIQUE", {}),
        ("CREATE CONSTRAINT FOR (n:`Team`) REQUIRE n.`slug` IS UNIQUE", {}),
        ('create (_0:`Tournament` {`name`:"Community Shield", `slug`:"community-shield"})\n'
         'create (_1:`Team` {`name`:"Arsenal", `slug`:"arsenal-1886", `yearFormed`:1886})\n'
         'create (_2:`Player` {`age`:25, `name`:"Wojciech Szczesny", `slug`:"wojciech-szczesny-poland"})\n'
         "create (_1)-[:`IN_TOURNAMENT`]->(_0)\n"
         'create (_1)-[:`IN_TEAM` {`fee`:"Signed", `from`:"2001-12-30", `to`:"2008-12-28"}]->(_2)', {})]


def test_soccerbase_2015_refuses_a_file_that_is_not_a_shell_dump(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.SOCCERBASE, {corpus.SOCCERBASE_SCRIPT: 'create (:`Team` {`name`:"Arsenal"});\n'})
    with pytest.raises(corpus.CorpusError, match="no longer a neo4j-shell dump"):
        corpus.write_soccerbase_2015(Recorder(), mirror)


# huple2019/jeju-kg-data's 00_MASTER_LOAD.cypher: it opens with a byte order mark and an `IN TRANSACTIONS` delete, has
# `// ... ';' ...` lines between its statements and reads its own CSVs (each with a byte order mark too) by their
# raw.githubusercontent.com URLs
_JEJU_SCRIPT = (
    "\ufeff// ════ 마스터 적재 스크립트\n"
    "CALL { MATCH (n) DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS;\n"
    "// SHOW CONSTRAINTS YIELD name RETURN 'DROP CONSTRAINT '+name+';' AS cmd;\n"
    "CREATE CONSTRAINT place_id       IF NOT EXISTS FOR (p:Place)                REQUIRE p.placeId IS UNIQUE;\n"
    "LOAD CSV WITH HEADERS FROM '" + corpus.JEJU_URL + "nodes_place.csv' AS row\n"
    "MERGE (p:Place {placeId: row.placeId})\n"
    "SET p.name=row.name,\n    p.feeGeneral=row.feeGeneral,   // 입장료\n"
    "    p.ferryMinutes=CASE WHEN row.ferryMinutes<>'' THEN toInteger(row.ferryMinutes) ELSE NULL END;\n"
    "LOAD CSV WITH HEADERS FROM '" + corpus.JEJU_URL + "jeju_designated_harbor.csv' AS row\n"
    "WITH row WHERE row.placeId <> ''\nMATCH (p:Place {placeId:row.placeId})\n"
    "MERGE (p)-[:IS_DESIGNATED_HARBOR]->(:DesignatedHarbor {harborName: row.harborName});\n"
    "MATCH (n) RETURN count(n) AS 잔여노드;\n")


def _jeju_mirror(tmp_path: Path, script: str) -> Path:
    return _clone(tmp_path, corpus.JEJU, {
        corpus.JEJU_SCRIPT: script,
        "nodes_place.csv": "\ufeffplaceId,name,feeGeneral,ferryMinutes\nP009,아쿠아플라넷제주,40900,\n",
        "jeju_designated_harbor.csv": "\ufeffharborName,placeId\n모슬포항,P081\n"})


def test_jeju_safe_tourism_runs_its_master_script_over_its_own_files(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_jeju_safe_tourism(store, _jeju_mirror(tmp_path, _JEJU_SCRIPT))
    # the byte order marks dropped (the script's first statement and each file's first column read as written), the
    # delete one CALL {...}, the commented ';' no statement end, the empty fee column null
    assert store.calls == [
        ("CALL { MATCH (n) DETACH DELETE n }", {}),
        ("CREATE CONSTRAINT place_id       IF NOT EXISTS FOR (p:Place)                REQUIRE p.placeId IS UNIQUE",
         {}),
        ("UNWIND $rows AS row\nMERGE (p:Place {placeId: row.placeId})\n"
         "SET p.name=row.name,\n    p.feeGeneral=row.feeGeneral,   // 입장료\n"
         "    p.ferryMinutes=CASE WHEN row.ferryMinutes<>'' THEN toInteger(row.ferryMinutes) ELSE NULL END",
         {"rows": [{"placeId": "P009", "name": "아쿠아플라넷제주", "feeGeneral": "40900", "ferryMinutes": None}]}),
        ("UNWIND $rows AS row\nWITH row WHERE row.placeId <> ''\nMATCH (p:Place {placeId:row.placeId})\n"
         "MERGE (p)-[:IS_DESIGNATED_HARBOR]->(:DesignatedHarbor {harborName: row.harborName})",
         {"rows": [{"harborName": "모슬포항", "placeId": "P081"}]}),
        ("MATCH (n) RETURN count(n) AS 잔여노드", {})]


def test_jeju_safe_tourism_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://example.org/places.csv' AS row\nMERGE (:Place {placeId: row.id});\n"
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/places.csv"):
        corpus.write_jeju_safe_tourism(Recorder(), _jeju_mirror(tmp_path, script))


# luzidl/it-novum-webinar_112022's two Data Importer models (format 0.6.x: keys named by their property's identifier),
# shortened to one node schema each, over its semicolon-separated files in Daten/
def _sh_energy_model(file: str, fields: list[str], label: str, prop: str, field: str) -> str:
    return json.dumps({"version": "0.6.3", "dataModel": {
        "fileModel": {"fileSchemas": {file: {"expanded": True, "fields": [{"name": f, "type": "string", "sample": "",
                                                                             "include": True} for f in fields]}}},
        "graphModel": {"nodeSchemas": {"n0": {"label": label, "additionLabels": [], "labelProperties": [],
                                              "properties": [{"property": prop, "type": "integer",
                                                              "identifier": "k0"}],
                                              "key": {"properties": ["k0"], "name": ""}}},
                       "relationshipSchemas": {}},
        "mappingModel": {"nodeMappings": {"n0": {"nodeSchema": "n0", "fileSchema": file,
                                                 "mappings": [{"field": field}]}},
                         "relationshipMappings": {}},
        "configurations": {"idsToIgnore": []}}})


def _sh_energy_mirror(tmp_path: Path, stations: str) -> Path:
    return _clone(tmp_path, corpus.SH_ENERGY, {
        corpus.SH_ENERGY_MODELS[0]: _sh_energy_model("ladesaeulenregister_SH_Ids.csv", ["lsNr", "Ort"], "Verbraucher",
                                                     "lsNr", "lsNr"),
        corpus.SH_ENERGY_MODELS[1]: _sh_energy_model("Windraeder_SH_lc.csv", ["Kreis", "Ort", "Anl_Nr"], "Erzeuger",
                                                     "Anl_Nr", "Anl_Nr"),
        corpus.SH_ENERGY_DATA + "ladesaeulenregister_SH_Ids.csv": stations,
        corpus.SH_ENERGY_DATA + "Windraeder_SH_lc.csv": '"Kreis";"Ort";"Anl_Nr"\n"Kiel";"Kiel";"0001"\n'})


def test_schleswig_holstein_energy_runs_both_models_in_order_over_their_semicolon_separated_files(
        tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_schleswig_holstein_energy(store, _sh_energy_mirror(tmp_path, "lsNr;Ort\n1;Ahrensbök\n2;\n"))
    # the charging stations' model first, then the wind turbines'; ';' splits the fields, an empty field is null
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:`Verbraucher`) REQUIRE n.`lsNr` IS UNIQUE", {}),
        ("UNWIND $rows AS row WITH row WHERE row.`lsNr` IS NOT NULL MERGE (n:`Verbraucher` "
         "{`lsNr`: toInteger(trim(row.`lsNr`))})", {"rows": [{"lsNr": "1", "Ort": "Ahrensbök"},
                                                             {"lsNr": "2", "Ort": None}]}),
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:`Erzeuger`) REQUIRE n.`Anl_Nr` IS UNIQUE", {}),
        ("UNWIND $rows AS row WITH row WHERE row.`Anl_Nr` IS NOT NULL MERGE (n:`Erzeuger` "
         "{`Anl_Nr`: toInteger(trim(row.`Anl_Nr`))})", {"rows": [{"Kreis": "Kiel", "Ort": "Kiel", "Anl_Nr": "0001"}]})]


def test_schleswig_holstein_energy_refuses_a_file_whose_header_is_not_its_models_fields(tmp_path: Path) -> None:
    # a comma-separated file read with ';' is one field: the header does not match the fields the model lists
    with pytest.raises(corpus.CorpusError, match="header read with ';'"):
        corpus.write_schleswig_holstein_energy(Recorder(), _sh_energy_mirror(tmp_path, "lsNr,Ort\n1,Ahrensbök\n"))


# lemonhu/stock-knowledge-graph's import.sh as written (its neo4j-admin import 4.x command) over data/import/'s seven
# files, shortened to a row or two each, their headers as its build_csv.py writes them (id groups, :LABEL, `age:int`,
# a relationship's `jobs` column and :TYPE)
_A_SHARES_SCRIPT = ("neo4j-admin import \\\n    --database=stock.db \\\n    --ignore-duplicate-nodes=true \\\n"
                    "    --ignore-missing-nodes=true \\\n    --id-type=string \\\n"
                    "    --nodes=data/import/executive.csv \\\n    --nodes=data/import/stock.csv \\\n"
                    "    --nodes=data/import/industry.csv \\\n    --nodes=data/import/concept.csv \\\n"
                    "    --relationships=data/import/executive_stock.csv \\\n"
                    "    --relationships=data/import/stock_industry.csv \\\n"
                    "    --relationships=data/import/stock_concept.csv\n")


def _a_shares(tmp_path: Path, script: str = _A_SHARES_SCRIPT, **files: str) -> Path:
    data = {"executive.csv": ("person_id:ID(Executive),name,gender,age:int,:LABEL\n"
                              "dd51,杜玉岱,男,58,Person\n2f86,延万华,男,45,Person\n"),
            "stock.csv": ("stock_id:ID(Stock),name,code,:LABEL\n601058,赛轮轮胎,601058,Company\n"
                          "651,格力,651,Company;ST\n"),
            "industry.csv": "industry_id:ID(Industry),name,:LABEL\n2212,仪器仪表,Industry\n",
            "concept.csv": "concept_id:ID(Concept),name,:LABEL\n2212,锂电池,Concept\n",
            "executive_stock.csv": (":START_ID(Executive),jobs,:END_ID(Stock),:TYPE\n"
                                    "dd51,董事长/董事,601058,employ_of\n2f86,董事,651,employ_of\n"),
            "stock_industry.csv": ":START_ID(Stock),:END_ID(Industry),:TYPE\n601058,2212,industry_of\n",
            "stock_concept.csv": ":START_ID(Stock),:END_ID(Concept),:TYPE\n651,2212,concept_of\n"}
    data.update(files)
    return _clone(tmp_path, corpus.A_SHARES, {corpus.A_SHARES_SCRIPT: script}
                  | {f"data/import/{name}": text for name, text in data.items()})


def test_a_share_companies_imports_as_neo4j_admin_import_does(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_a_share_companies(store, _a_shares(tmp_path))
    index = "CREATE INDEX `neo4j_admin_import_{}` IF NOT EXISTS FOR (n:`{}`) ON (n.`{}`)"
    match = "UNWIND $rows AS row MATCH (s:`{}` {{`{}`: row.s}}) MATCH (e:`{}` {{`{}`: row.e}}) "
    assert store.calls == [
        # the id kept as the string property of its column's key, `age:int` an integer, labels from :LABEL
        ("UNWIND $rows AS row CREATE (n:`Person`) SET n = row",
         {"rows": [{"person_id": "dd51", "name": "杜玉岱", "gender": "男", "age": 58},
                   {"person_id": "2f86", "name": "延万华", "gender": "男", "age": 45}]}),
        ("UNWIND $rows AS row CREATE (n:`Company`) SET n = row",
         {"rows": [{"stock_id": "601058", "name": "赛轮轮胎", "code": "601058"}]}),
        ("UNWIND $rows AS row CREATE (n:`Company`:`ST`) SET n = row",
         {"rows": [{"stock_id": "651", "name": "格力", "code": "651"}]}),
        ("UNWIND $rows AS row CREATE (n:`Industry`) SET n = row",
         {"rows": [{"industry_id": "2212", "name": "仪器仪表"}]}),
        # the same id in another group is another node
        ("UNWIND $rows AS row CREATE (n:`Concept`) SET n = row", {"rows": [{"concept_id": "2212", "name": "锂电池"}]}),
        # an index on each end's label and id key for the relationships' MATCHes, dropped after them
        (index.format(0, "Person", "person_id"), {}), (index.format(1, "Company", "stock_id"), {}),
        (index.format(2, "Industry", "industry_id"), {}), (index.format(3, "Concept", "concept_id"), {}),
        ("CALL db.awaitIndexes()", {}),
        # the type from :TYPE, the `jobs` column a property of the relationship
        (match.format("Person", "person_id", "Company", "stock_id") + "CREATE (s)-[r:`employ_of`]->(e) SET r = row.p",
         {"rows": [{"s": "dd51", "e": "601058", "p": {"jobs": "董事长/董事"}},
                   {"s": "2f86", "e": "651", "p": {"jobs": "董事"}}]}),
        (match.format("Company", "stock_id", "Industry", "industry_id")
         + "CREATE (s)-[r:`industry_of`]->(e) SET r = row.p", {"rows": [{"s": "601058", "e": "2212", "p": {}}]}),
        (match.format("Company", "stock_id", "Concept", "concept_id")
         + "CREATE (s)-[r:`concept_of`]->(e) SET r = row.p", {"rows": [{"s": "651", "e": "2212", "p": {}}]}),
        *((f"DROP INDEX `neo4j_admin_import_{n}`", {}) for n in range(4))]


def test_a_share_companies_skips_what_its_ignore_options_name(tmp_path: Path) -> None:
    # --ignore-duplicate-nodes keeps a group's first node of an id, --ignore-missing-nodes drops a relationship to a
    # node no file holds
    store = Recorder()
    corpus.write_a_share_companies(store, _a_shares(
        tmp_path, **{"industry.csv": ("industry_id:ID(Industry),name,:LABEL\n2212,仪器仪表,Industry\n"
                                      "2212,化工,Industry\n"),
                     "stock_industry.csv": ":START_ID(Stock),:END_ID(Industry),:TYPE\n601058,2212,industry_of\n"
                                           "601058,gone,industry_of\n"}))
    assert ("UNWIND $rows AS row CREATE (n:`Industry`) SET n = row",
            {"rows": [{"industry_id": "2212", "name": "仪器仪表"}]}) in store.calls
    assert [p["rows"] for s, p in store.calls if "industry_of" in s] == [[{"s": "601058", "e": "2212", "p": {}}]]


@pytest.mark.parametrize(("script", "files", "refused"), [
    (_A_SHARES_SCRIPT.replace("--ignore-duplicate-nodes=true", "--ignore-duplicate-nodes=false"),
     {"concept.csv": "concept_id:ID(Concept),name,:LABEL\n1,a,Concept\n1,b,Concept\n"}, "repeats the id '1'"),
    (_A_SHARES_SCRIPT.replace("    --ignore-missing-nodes=true \\\n", ""),
     {"stock_concept.csv": ":START_ID(Stock),:END_ID(Concept),:TYPE\n651,gone,concept_of\n"}, "not both imported"),
    (_A_SHARES_SCRIPT, {"executive.csv": ("person_id:ID(Executive),name,born:datetime,:LABEL\n"
                                          "dd51,杜玉岱,1960-01-01T00:00,Person\n")},
     "'born:datetime' is not read here"),
    (_A_SHARES_SCRIPT.replace("--id-type=string", "--id-type=integer"), {}, "--id-type=string"),
    (_A_SHARES_SCRIPT.replace("--database=stock.db", "--delimiter=;"), {}, "with options"),
])
def test_a_share_companies_refuses_what_neo4j_admin_import_would_not_write_as_read_here(
        tmp_path: Path, script: str, files: dict[str, str], refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_a_share_companies(Recorder(), _a_shares(tmp_path, script, **files))
# 2020-data-integration/data-collection's import.sh as committed in "完成知识图谱" (its neo4j-admin import 4.x command
# over new_import/'s five files, shortened to a row or two each, their headers as its notebooks write them: id groups,
# :LABEL, :TYPE, `annDate:date`, `holdRatio:double`); the next commit, HEAD, imports company_company.csv instead
_HOLDERS_SCRIPT = ("./neo4j-admin import \\\n    --id-type=STRING \\\n    --skip-duplicate-nodes=true \\\n"
                   "    --ignore-empty-strings=true \\\n    --nodes=new_import/company.csv \\\n"
                   "    --nodes=new_import/industry.csv \\\n    --nodes=new_import/holder.csv \\\n"
                   "    --relationships=new_import/industry_company.csv \\\n"
                   "    --relationships=new_import/holder_company.csv")
_HOLDERS_FILES = {
    "company.csv": ("companyId:ID(Company),name:string,fullname:string,:LABEL\n"
                    "000002.SZ,万科A,万科企业股份有限公司,Company\n"),
    "industry.csv": "industryId:ID(Industry),name:string,:LABEL\n5,房地产,Industry\n",
    "holder.csv": "name,holderId:ID(Holder),:LABEL\n深圳地铁,0,Holder\n香港中央结算,1,Holder\n香港中央结算,1,Holder\n",
    "industry_company.csv": ":START_ID(Industry),:END_ID(Company),:TYPE\n5,000002.SZ,in_industry\n",
    "holder_company.csv": (":END_ID(Company),annDate:date,holderFullname:string,holdRatio:double,:START_ID(Holder),"
                           ":TYPE\n000002.SZ,2020-10-30,深圳市地铁集团有限公司,27.91,0,hold_stock\n"
                           "000002.SZ,2020-10-30,香港中央结算(代理人)有限公司,16.3,1,hold_stock\n"
                           "000002.SZ,2020-10-30,香港中央结算有限公司(陆股通),,1,hold_stock\n")}


def _holders_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _HOLDERS_SCRIPT) -> Path:
    """A fetched mirror of the repository: its graph committed, then a HEAD that deletes the holders' files and
    imports company_company.csv (as its last commit does); the writer's commit is the first one."""
    import subprocess

    fetched = tmp_path / "2020-data-integration+data-collection" / "repo"
    (fetched / "new_import").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "import.sh").write_text(script, encoding="utf-8")
    for name, text in _HOLDERS_FILES.items():
        (fetched / "new_import" / name).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "完成知识图谱"], check=True)
    graph = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / "import.sh").write_text(script.replace("holder_company", "company_company"), encoding="utf-8")
    subprocess.run([*git, "rm", "-q", "new_import/holder.csv", "new_import/holder_company.csv"], check=True)
    subprocess.run([*git, "commit", "-qam", "新建new数据库"], check=True)
    monkeypatch.setattr(corpus, "A_SHARE_HOLDERS_COMMIT", graph)
    return tmp_path


def test_china_top_shareholders_imports_its_graph_commit_as_neo4j_admin_import_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import datetime

    store = Recorder()
    corpus.write_china_top_shareholders(store, _holders_mirror(tmp_path, monkeypatch))
    index = "CREATE INDEX `neo4j_admin_import_{}` IF NOT EXISTS FOR (n:`{}`) ON (n.`{}`)"
    match = "UNWIND $rows AS row MATCH (s:`{}` {{`{}`: row.s}}) MATCH (e:`{}` {{`{}`: row.e}}) "
    assert store.calls == [
        ("UNWIND $rows AS row CREATE (n:`Company`) SET n = row",
         {"rows": [{"companyId": "000002.SZ", "name": "万科A", "fullname": "万科企业股份有限公司"}]}),
        ("UNWIND $rows AS row CREATE (n:`Industry`) SET n = row", {"rows": [{"industryId": "5", "name": "房地产"}]}),
        # --skip-duplicate-nodes (4.x's name of --ignore-duplicate-nodes) keeps the first node of a repeated id
        ("UNWIND $rows AS row CREATE (n:`Holder`) SET n = row",
         {"rows": [{"name": "深圳地铁", "holderId": "0"}, {"name": "香港中央结算", "holderId": "1"}]}),
        (index.format(0, "Industry", "industryId"), {}), (index.format(1, "Company", "companyId"), {}),
        (index.format(2, "Holder", "holderId"), {}), ("CALL db.awaitIndexes()", {}),
        (match.format("Industry", "industryId", "Company", "companyId")
         + "CREATE (s)-[r:`in_industry`]->(e) SET r = row.p", {"rows": [{"s": "5", "e": "000002.SZ", "p": {}}]}),
        # `annDate:date` a date, `holdRatio:double` a float, an empty field no property (--ignore-empty-strings);
        # one holder twice to a company (two accounts of one short name) is two relationships
        (match.format("Holder", "holderId", "Company", "companyId")
         + "CREATE (s)-[r:`hold_stock`]->(e) SET r = row.p",
         {"rows": [{"s": "0", "e": "000002.SZ", "p": {"annDate": datetime.date(2020, 10, 30),
                                                      "holderFullname": "深圳市地铁集团有限公司", "holdRatio": 27.91}},
                   {"s": "1", "e": "000002.SZ", "p": {"annDate": datetime.date(2020, 10, 30),
                                                      "holderFullname": "香港中央结算(代理人)有限公司",
                                                      "holdRatio": 16.3}},
                   {"s": "1", "e": "000002.SZ", "p": {"annDate": datetime.date(2020, 10, 30),
                                                      "holderFullname": "香港中央结算有限公司(陆股通)"}}]}),
        *((f"DROP INDEX `neo4j_admin_import_{n}`", {}) for n in range(3))]


def test_china_top_shareholders_is_read_at_its_commit_not_at_head(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _holders_mirror(tmp_path, monkeypatch)
    repo = corpus.A_SHARE_HOLDERS
    assert b"holder_company" not in corpus.read_file(repo, "import.sh", mirror)  # HEAD: company_company.csv
    with pytest.raises(corpus.CorpusError, match="new_import/holder.csv is not in the mirror .* at HEAD"):
        corpus.read_file(repo, "new_import/holder.csv", mirror)
    assert corpus.read_file(repo, "new_import/holder.csv", mirror, corpus.A_SHARE_HOLDERS_COMMIT).startswith(b"name,")
    # an ordinary copy without .git cannot be read at a commit
    (tmp_path / "star-wars").mkdir()
    with pytest.raises(corpus.CorpusError, match="no git mirror"):
        corpus.read_file("star-wars", "a.json", tmp_path, "abc123")


def test_china_top_shareholders_refuses_an_option_that_changes_how_the_files_are_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _HOLDERS_SCRIPT.replace("--ignore-empty-strings=true", "--delimiter=TAB")
    with pytest.raises(corpus.CorpusError, match="with options"):
        corpus.write_china_top_shareholders(Recorder(), _holders_mirror(tmp_path, monkeypatch, script))


# isnok/neo4j-hackathon's two scripts as written (shortened), each LOAD CSV naming its file by the absolute path it had
# on one author's machine, the other author's path commented out above it
_BUNDESTAG_INSERT = (
    "// insert all with education and uuid\nLOAD CSV WITH HEADERS FROM\n"
    '// "file:///Users/ddymke/Documents/workspace/neo4jhacker/resources/profile.csv"\n'
    f'"{corpus.BUNDESTAG_PATH}resources/profile.csv" AS csvLine\n'
    "MERGE (p:Person {uuid: csvLine.uuid, education: csvLine.education  })\n"
    "MERGE (party:Party {name: csvLine.party})\n"
    'FOREACH (x in split(csvLine.education,",") | MERGE(ed:Education {name: x})\nMERGE (p)-[:IS_EDUCATED]->(ed))\n'
    "MERGE (p)-[:IN_PARTY]->(party)\nRETURN p\n;\n")
_BUNDESTAG_ELECTIONS = (
    "// vote it\nLOAD CSV WITH HEADERS FROM\n"
    '// "file:///Users/ddymke/Desktop/all.csv" AS csvLine\n'
    f'"{corpus.BUNDESTAG_PATH}all_elections.csv" AS csvLine\n'
    "MATCH (p:Person {uuid: csvLine.uuid})\nMERGE (elec:Election {name: csvLine.title, date: csvLine.date})\n"
    "MERGE (p)-[:VOTED {vote:csvLine.vote}]->(elec)\nRETURN p;\n")


def test_bundestag_votes_runs_its_two_scripts_in_order_over_the_repositorys_files(tmp_path: Path) -> None:
    # insert.cypher before elections.cypher (the Readme's order); each absolute path is the repository's file below
    # it; all_elections.csv's repeated header lines are rows like any other (they match no member)
    files = {"insert.cypher": _BUNDESTAG_INSERT, "elections.cypher": _BUNDESTAG_ELECTIONS,
             "resources/profile.csv": ("uuid,party,education\n"
                                       'u1,CSU,"Versicherungsfachmann, Landwirtschaftsmeister"\n'),
             "all_elections.csv": "uuid,date,title,vote\nuuid,date,title,vote\nu1,27.03.2015,\"PKW-Maut\",\"JA\"\n"}
    store = Recorder()
    corpus.write_bundestag_votes(store, _clone(tmp_path, corpus.BUNDESTAG, files))
    assert store.calls == [
        ("UNWIND $rows AS csvLine\nMERGE (p:Person {uuid: csvLine.uuid, education: csvLine.education  })\n"
         "MERGE (party:Party {name: csvLine.party})\n"
         'FOREACH (x in split(csvLine.education,",") | MERGE(ed:Education {name: x})\n'
         "MERGE (p)-[:IS_EDUCATED]->(ed))\nMERGE (p)-[:IN_PARTY]->(party)\nRETURN p",
         {"rows": [{"uuid": "u1", "party": "CSU", "education": "Versicherungsfachmann, Landwirtschaftsmeister"}]}),
        ("UNWIND $rows AS csvLine\nMATCH (p:Person {uuid: csvLine.uuid})\n"
         "MERGE (elec:Election {name: csvLine.title, date: csvLine.date})\n"
         "MERGE (p)-[:VOTED {vote:csvLine.vote}]->(elec)\nRETURN p",
         {"rows": [{"uuid": "uuid", "date": "date", "title": "title", "vote": "vote"},
                   {"uuid": "u1", "date": "27.03.2015", "title": "PKW-Maut", "vote": "JA"}]})]


def test_bundestag_votes_refuses_a_path_outside_its_repository(tmp_path: Path) -> None:
    script = 'LOAD CSV WITH HEADERS FROM "file:///Users/ddymke/Desktop/all.csv" AS csvLine MERGE (:Election);\n'
    mirror = _clone(tmp_path, corpus.BUNDESTAG, {"insert.cypher": script, "elections.cypher": script})
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_bundestag_votes(Recorder(), mirror)
# hectorecasanova/f1-graph-neo4j: config.py (python-decouple settings, ROOT_DIR its own directory) and
# f1_graph/load_f1_data.py, shortened to two node files, one joined file and two relationship types, as it reads them
# with pandas and writes them with py2neo.bulk
_F1_CONFIG = ('from decouple import config\nimport os\n\nROOT_DIR = os.path.dirname(os.path.abspath(__file__))\n\n'
              'NEO4J_URI = config("NEO4J_URI")\nAURA_INSTANCEID = config("AURA_INSTANCEID")\n')
_F1_LOADER = (
    "import json\n\nimport pandas as pd\nfrom py2neo import Graph\n"
    "from py2neo.bulk import create_nodes, create_relationships\n\nimport config\n\n\n"
    "def load_f1_graph_data():\n"
    '    df_drivers = pd.read_csv(f"{config.ROOT_DIR}/data/drivers.csv")\n'
    '    df_drivers = df_drivers.filter(["driverId", "number", "surname", "absent"])\n'
    '    dict_drivers = json.loads(df_drivers.to_json(orient="records"))\n'
    '    df_races = pd.read_csv(f"{config.ROOT_DIR}/data/races.csv")\n'
    '    dict_races = json.loads(df_races.filter(["raceId", "year", "name"]).to_json(orient="records"))\n'
    '    df_status = pd.read_csv(f"{config.ROOT_DIR}/data/status.csv")\n'
    '    df_results = pd.read_csv(f"{config.ROOT_DIR}/data/results.csv")\n'
    '    df_results = df_results.filter(["raceId", "driverId", "position", "points", "statusId"])\n'
    '    df_results = df_results.merge(df_status, how="left", on="statusId")\n'
    '    df_results = df_results.drop(columns=["statusId"])\n'
    '    dict_results = json.loads(df_results.to_json(orient="records"))\n'
    "    graph = Graph(config.NEO4J_URI, auth=(config.NEO4J_URI, config.AURA_INSTANCEID))\n"
    '    create_nodes(graph.auto(), dict_drivers, labels={"Driver"})\n'
    '    print(graph.nodes.match("Driver").count())\n'
    '    create_nodes(graph.auto(), dict_races, labels={"Race"})\n'
    "    for r in dict_races:\n"
    '        race = r.pop("raceId")\n'
    '        year = r.pop("year")\n'
    "    participated_in = []\n"
    "    for r in dict_results:\n"
    '        driver = r.pop("driverId")\n'
    '        race = r.pop("raceId")\n'
    "        participated_in.append((driver, r, race))\n"
    '    create_relationships(graph.auto(), participated_in, "PARTICIPATED_IN",\n'
    '                         start_node_key=("Driver", "driverId"), end_node_key=("Race", "raceId"))\n\n\n'
    "if __name__ == '__main__':\n    load_f1_graph_data()\n    print('Done!')\n")
_F1_DATA = {"data/drivers.csv": ('driverId,driverRef,number,surname\n1,"hamilton",44,"Hamilton"\n'
                                 '2,"senna",\\N,"Senna"\n'),
            "data/races.csv": 'raceId,year,name\n18,2008,"Australian Grand Prix"\n',
            "data/status.csv": 'statusId,status\n1,"Finished"\n5,"Engine"\n',
            "data/results.csv": ("resultId,raceId,driverId,position,points,statusId\n1,18,1,1,10,1\n"
                                 "2,18,2,\\N,0.5,5\n3,18,2,\\N,0,7\n")}


def test_formula_one_runs_its_loader_with_pandas_and_py2neo_bulk_over_the_store(tmp_path: Path) -> None:
    # the rows as pandas reads, filters, joins and writes them as JSON: Ergast's \\N is not a missing value (its
    # column is text), a column of integers and fractions is float64 (10 -> 10.0), a status id status.csv lacks is
    # NaN (null: no property); each create_nodes and create_relationships one UNWIND statement, as py2neo sends it,
    # with the rows as they were at the call (the loader pops the race ids afterwards)
    mirror = _clone(tmp_path, corpus.F1, {corpus.F1_LOADER: _F1_LOADER, corpus.F1_CONFIG: _F1_CONFIG, **_F1_DATA})
    store = Recorder()
    corpus.write_formula_one(store, mirror)
    assert store.calls == [
        ("UNWIND $data AS r\nCREATE (_:`Driver`)\nSET _ = r",
         {"data": [{"driverId": 1, "number": "44", "surname": "Hamilton"},
                   {"driverId": 2, "number": "\\N", "surname": "Senna"}]}),
        ("MATCH (_:`Driver`) RETURN count(_) AS n", {}),
        ("UNWIND $data AS r\nCREATE (_:`Race`)\nSET _ = r",
         {"data": [{"raceId": 18, "year": 2008, "name": "Australian Grand Prix"}]}),
        ("UNWIND $data AS r\nMATCH (a:`Driver` {`driverId`:r[0]})\nMATCH (b:`Race` {`raceId`:r[2]})\n"
         "CREATE (a)-[_:`PARTICIPATED_IN`]->(b)\nSET _ = r[1]",
         {"data": [[1, {"position": "1", "points": 10.0, "status": "Finished"}, 18],
                   [2, {"position": "\\N", "points": 0.5, "status": "Engine"}, 18],
                   [2, {"position": "\\N", "points": 0.0, "status": None}, 18]]})]
    assert type(store.calls[3][1]["data"][0][1]["points"]) is float


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ('pd.read_csv("data/other.csv")\n', "reads data/other.csv"),
                                                  ('config.config("SECRET")\n', "reads the setting SECRET")])
def test_formula_one_imports_reads_and_configures_nothing_but_what_its_loader_needs(tmp_path: Path, change: str,
                                                                                     refused: str) -> None:
    loader = _F1_LOADER.replace("def load_f1_graph_data():\n", f"def load_f1_graph_data():\n    {change}")
    loader = loader.replace("import config\n", "import config\nconfig.config = __import__('decouple').config\n")
    mirror = _clone(tmp_path, corpus.F1, {corpus.F1_LOADER: loader, corpus.F1_CONFIG: _F1_CONFIG, **_F1_DATA,
                                          "data/other.csv": "a\n1\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_formula_one(Recorder(), mirror)
# nitishmukhi/ecco-2026-neo4j-import's import_to_neo4j.cypher (shortened): its URLs are the placeholder {{BASE_URL}}
# followed by the name of a CSV the repository holds, and two of its statements are browser `:auto` statements with a
# `CALL { WITH row ... } IN TRANSACTIONS OF 5000 ROWS`; it closes with count queries
_ECCO_SCRIPT = (
    "// Congress Intelligence Platform — Neo4j Import Script\n"
    "//   2. Replace {{BASE_URL}} with your URL prefix\n\n"
    "CREATE CONSTRAINT drug_id IF NOT EXISTS FOR (dr:Drug) REQUIRE dr.drugId IS UNIQUE;\n\n"
    "LOAD CSV WITH HEADERS FROM '{{BASE_URL}}nodes_drug.csv' AS row\n"
    "MERGE (dr:Drug {drugId: row.`drugId:ID`})\n"
    "SET dr.name = row.name, dr.drugClass = row.drugClass, dr.mechanism = row.mechanism;\n\n"
    ":auto LOAD CSV WITH HEADERS FROM '{{BASE_URL}}rels_authored.csv' AS row\n"
    "CALL { WITH row\n"
    "  MATCH (au:Author {authorId: row.`:START_ID`})\n"
    "  MATCH (a:Abstract {citationId: row.`:END_ID`})\n"
    "  MERGE (au)-[r:AUTHORED]->(a) SET r.position = toInteger(row.`position:int`)\n"
    "} IN TRANSACTIONS OF 5000 ROWS;\n\n"
    "// Step 4: Verify\n"
    "MATCH (n) RETURN labels(n)[0] AS label, count(n) AS count ORDER BY count DESC;\n")


def _ecco_mirror(tmp_path: Path, script: str) -> Path:
    return _clone(tmp_path, corpus.ECCO, {
        corpus.ECCO_SCRIPT: script,
        "nodes_drug.csv": '"drugId:ID","name","drugClass","mechanism",":LABEL"\n'
                          '"84d6ef847899","Adalimumab","Anti-TNF","TNF-alpha inhibitor","Drug"\n',
        "rels_authored.csv": '":START_ID",":END_ID","position:int",":TYPE"\n'
                             '"546034957c62","jjaf231.001","1","AUTHORED"\n'})


def test_ecco_2026_runs_its_script_with_the_placeholder_as_the_repositorys_root(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_ecco_2026(store, _ecco_mirror(tmp_path, _ECCO_SCRIPT))
    # comments dropped, `:auto` dropped and its IN TRANSACTIONS one CALL {...}, each {{BASE_URL}}<name> the
    # repository's <name>, the header's typed column names (`position:int`) kept as the script reads them
    assert store.calls == [
        ("CREATE CONSTRAINT drug_id IF NOT EXISTS FOR (dr:Drug) REQUIRE dr.drugId IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (dr:Drug {drugId: row.`drugId:ID`})\n"
         "SET dr.name = row.name, dr.drugClass = row.drugClass, dr.mechanism = row.mechanism",
         {"rows": [{"drugId:ID": "84d6ef847899", "name": "Adalimumab", "drugClass": "Anti-TNF",
                    "mechanism": "TNF-alpha inhibitor", ":LABEL": "Drug"}]}),
        ("UNWIND $rows AS row\nCALL { WITH row\n  MATCH (au:Author {authorId: row.`:START_ID`})\n"
         "  MATCH (a:Abstract {citationId: row.`:END_ID`})\n"
         "  MERGE (au)-[r:AUTHORED]->(a) SET r.position = toInteger(row.`position:int`)\n}",
         {"rows": [{":START_ID": "546034957c62", ":END_ID": "jjaf231.001", "position:int": "1",
                    ":TYPE": "AUTHORED"}]}),
        ("MATCH (n) RETURN labels(n)[0] AS label, count(n) AS count ORDER BY count DESC", {})]


def test_ecco_2026_refuses_a_url_without_its_placeholder(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://example.org/nodes_drug.csv' AS row\nMERGE (:Drug {name: row.name});\n"
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/nodes_drug.csv"):
        corpus.write_ecco_2026(Recorder(), _ecco_mirror(tmp_path, script))
# borboss366/trolls-neo4j-import's data-gather/import.py, shortened to one MERGE: a 4.x driver's
# session.write_transaction(fn) -> fn(tx) -> tx.run(query, tweetArr=...), over the JSON it opens as ./data/
_TROLLS_LOADER = (
    "from neo4j import GraphDatabase\nimport json\n\n"
    'driver = GraphDatabase.driver("bolt://localhost:7687", auth=("neo4j", "12345"))\n'
    "with open('./data/tweets_full.json') as json_data:\n    tweetArr = json.load(json_data)\n\n"
    "import_query = '''\nWITH $tweetArr AS tweets\nUNWIND tweets AS tweet\n"
    "MERGE (u:User {user_id: tweet.user_id})\n'''\n\n"
    "def add_tweets(tx):\n    tx.run(import_query, tweetArr=tweetArr)\n\n"
    "with driver.session() as session:\n    session.write_transaction(add_tweets)\n")
_TROLLS_TWEETS = [{"user_id": "4224729994", "screen_name": "TEN_GOP", "tweet_id": "831601749156851712",
                   "hashtags": [{"tag": "FlynnResignation", "archived_url": "/web/x"}], "links": []}]


def test_russian_troll_tweets_runs_its_import_py_over_the_committed_tweets(tmp_path: Path) -> None:
    # its open() of ./data/tweets_full.json (data-gather/data/, left out by its .gitignore) reads the committed
    # data-gather/data-prepared/tweets_full.json; the whole file is the one statement's $tweetArr, unchanged
    mirror = _clone(tmp_path, corpus.TROLLS, {corpus.TROLLS_LOADER: _TROLLS_LOADER,
                                              corpus.TROLLS_DATA: json.dumps(_TROLLS_TWEETS)})
    store = Recorder()
    corpus.write_russian_troll_tweets(store, mirror)
    assert store.calls == [("\nWITH $tweetArr AS tweets\nUNWIND tweets AS tweet\n"
                            "MERGE (u:User {user_id: tweet.user_id})\n", {"tweetArr": _TROLLS_TWEETS})]


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("open('names.csv')\n", "opens names.csv")])
def test_russian_troll_tweets_imports_and_opens_nothing_but_what_its_loader_needs(tmp_path: Path, change: str,
                                                                                   refused: str) -> None:
    mirror = _clone(tmp_path, corpus.TROLLS, {corpus.TROLLS_LOADER: change + _TROLLS_LOADER,
                                              corpus.TROLLS_DATA: "[]"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_russian_troll_tweets(Recorder(), mirror)


# kathrynleee/Rologram's init.cypher, shortened: statements without ';', each opened by a `//` comment line and
# separated by a blank line, a 4.x `EXISTS (a.parent)` written with a space
_ROLOGRAM_SCRIPT = (
    "// store package data\nLOAD CSV WITH HEADERS FROM 'file:///packages.csv' AS row\n"
    "CREATE (package:Package { id: row.id, parent: row.parent })\n\n"
    "// create relationship between package and sub package\nMATCH (a:Package), (b:Package)\n"
    "WHERE EXISTS (a.parent) AND a.parent=b.id\nCREATE (a)-[:BELONGS_TO]->(b)\n")


def test_bitcoin_wallet_roles_splits_init_cypher_at_blank_lines_and_reads_data_files(tmp_path: Path) -> None:
    packages = "id,parent\nwallet,\nwallet.ui,wallet\n"
    mirror = _clone(tmp_path, corpus.ROLOGRAM, {corpus.ROLOGRAM_SCRIPT: _ROLOGRAM_SCRIPT,
                                                corpus.ROLOGRAM_DATA + "packages.csv": packages})
    store = Recorder()
    corpus.write_bitcoin_wallet_roles(store, mirror)
    # an empty field is null, as LOAD CSV reads it; EXISTS (a.parent) runs in 5.x syntax
    assert store.calls == [
        ("UNWIND $rows AS row\nCREATE (package:Package { id: row.id, parent: row.parent })",
         {"rows": [{"id": "wallet", "parent": None}, {"id": "wallet.ui", "parent": "wallet"}]}),
        ("MATCH (a:Package), (b:Package)\nWHERE (a.parent IS NOT NULL) AND a.parent=b.id\n"
         "CREATE (a)-[:BELONGS_TO]->(b)", {})]


def test_bitcoin_wallet_roles_refuses_a_url_outside_its_data_folder(tmp_path: Path) -> None:
    script = "// classes\nLOAD CSV WITH HEADERS FROM 'https://example.org/classes.csv' AS row\nCREATE (:Class)\n"
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/classes.csv"):
        corpus.write_bitcoin_wallet_roles(Recorder(),
                                          _clone(tmp_path, corpus.ROLOGRAM, {corpus.ROLOGRAM_SCRIPT: script}))
def test_ons_hierarchies_runs_every_import_script_of_its_folder_with_its_quoted_constraint_in_5x_syntax(
        tmp_path: Path) -> None:
    # ONSdigital/dp-hierarchy-builder: one script a hierarchy, each `cypher-shell < file`, all into one database, in
    # the order the folder lists them; a 3.x constraint on a quoted label; both statement forms as written; a file
    # of the folder that is not a script is not run
    sic = ("CREATE CONSTRAINT ON (n:`_generic_hierarchy_node_sic`) ASSERT n.code IS UNIQUE;\n"
           'CREATE (node:`_generic_hierarchy_node_sic` { code:"01",label:"01 : Crop and animal production" });\n'
           'CREATE (node:`_generic_hierarchy_node_sic` { code:"01-1",label:"01.1 : Growing of crops" });\n'
           "MATCH (parent:`_generic_hierarchy_node_sic`),(child:`_generic_hierarchy_node_sic`)\n"
           'WHERE parent.code = "01" AND child.code = "01-1"\nCREATE (child)-[:hasParent]->(parent);\n')
    cpih = ("CREATE CONSTRAINT ON (n:`_generic_hierarchy_node_cpih1dim1aggid`) ASSERT n.code IS UNIQUE;\n"
            "CREATE (node:`_generic_hierarchy_node_cpih1dim1aggid` { code:'cpih1dim1A0',label:'Overall Index' });\n"
            "MATCH (parent:`_generic_hierarchy_node_cpih1dim1aggid` { code:'cpih1dim1A0' })\n"
            "WITH parent CREATE (node:`_generic_hierarchy_node_cpih1dim1aggid` { code:'cpih1dim1T20000',"
            "label:'02 Alcoholic beverages and tobacco' })-[:hasParent]->(parent);\n")
    mirror = _clone(tmp_path, corpus.ONS_HIERARCHIES, {corpus.ONS_HIERARCHIES_SCRIPTS + "sic.cypher": sic,
                                                       corpus.ONS_HIERARCHIES_SCRIPTS + "cpih1dim1aggid.cypher": cpih,
                                                       corpus.ONS_HIERARCHIES_SCRIPTS + "notes.txt": "not Cypher"})
    store = Recorder()
    corpus.write_ons_hierarchies(store, mirror)
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (n:`_generic_hierarchy_node_cpih1dim1aggid`) REQUIRE n.code IS UNIQUE", {}),
        ("CREATE (node:`_generic_hierarchy_node_cpih1dim1aggid` { code:'cpih1dim1A0',label:'Overall Index' })", {}),
        ("MATCH (parent:`_generic_hierarchy_node_cpih1dim1aggid` { code:'cpih1dim1A0' })\n"
         "WITH parent CREATE (node:`_generic_hierarchy_node_cpih1dim1aggid` { code:'cpih1dim1T20000',"
         "label:'02 Alcoholic beverages and tobacco' })-[:hasParent]->(parent)", {}),
        ("CREATE CONSTRAINT FOR (n:`_generic_hierarchy_node_sic`) REQUIRE n.code IS UNIQUE", {}),
        ('CREATE (node:`_generic_hierarchy_node_sic` { code:"01",label:"01 : Crop and animal production" })', {}),
        ('CREATE (node:`_generic_hierarchy_node_sic` { code:"01-1",label:"01.1 : Growing of crops" })', {}),
        ("MATCH (parent:`_generic_hierarchy_node_sic`),(child:`_generic_hierarchy_node_sic`)\n"
         'WHERE parent.code = "01" AND child.code = "01-1"\nCREATE (child)-[:hasParent]->(parent)', {})]


def test_ons_hierarchies_refuses_a_folder_without_scripts(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.ONS_HIERARCHIES, {corpus.ONS_HIERARCHIES_SCRIPTS + "notes.txt": "not Cypher"})
    with pytest.raises(corpus.CorpusError, match="no Cypher script"):
        corpus.write_ons_hierarchies(Recorder(), mirror)
# LeafCCC/Neo4j-for-Medicine's load_data.txt as written (shortened: its first heading line, two node statements and a
# relationship statement, CRLF line ends as committed), each `file:/<name>` reading import/<name> (BOM-headed files)
_CARDIO_SCRIPT = ("----------------------以下为实体导入--------------------\r\n"
                  "USING PERIODIC COMMIT 1000\r\nLOAD CSV WITH HEADERS FROM \"file:/drug.csv\" AS csvLine\r\n"
                  "CREATE (a:drug { name:csvLine.drug_name});\r\n\r\n"
                  "USING PERIODIC COMMIT 1000\r\nLOAD CSV WITH HEADERS FROM \"file:/people.csv\" AS csvLine\r\n"
                  "CREATE (a:people{ name:csvLine.people_name});\r\n\r\n"
                  "----------------------以下为关系------------------------------\r\n\r\n"
                  "USING PERIODIC COMMIT 1000\r\nLOAD CSV WITH HEADERS FROM \"file:/prohibition_people.csv\" AS csvLine"
                  "\r\nMATCH (a:drug{name:csvLine.drug_name}),(b:people {name:csvLine.people_name})\r\n"
                  "CREATE (a)-[r:prohibition_people{type:csvLine.type}]->(b);\r\n")


def test_chinese_cardio_drugs_runs_load_data_without_its_headings_over_import(tmp_path: Path) -> None:
    # the dashed heading lines are not Cypher: left out; USING PERIODIC COMMIT dropped; the BOM is not in the header;
    # a trailing space in a name ("维拉帕米 ") is kept as the file has it; the statements' CRLF line ends read as \n
    files = {corpus.CARDIO_DRUGS_SCRIPT: _CARDIO_SCRIPT,
             "import/drug.csv": "\ufeffdrug_name\r\n美西律\r\n维拉帕米 \r\n",
             "import/people.csv": "\ufeffpeople_name\r\n哺乳期妇女\r\n",
             "import/prohibition_people.csv": "\ufeffdrug_name,type,people_name\r\n美西律,禁用,哺乳期妇女\r\n"}
    store = Recorder()
    corpus.write_chinese_cardio_drugs(store, _clone(tmp_path, corpus.CARDIO_DRUGS, files))
    assert store.calls == [
        ("UNWIND $rows AS csvLine\nCREATE (a:drug { name:csvLine.drug_name})",
         {"rows": [{"drug_name": "美西律"}, {"drug_name": "维拉帕米 "}]}),
        ("UNWIND $rows AS csvLine\nCREATE (a:people{ name:csvLine.people_name})",
         {"rows": [{"people_name": "哺乳期妇女"}]}),
        ("UNWIND $rows AS csvLine\nMATCH (a:drug{name:csvLine.drug_name}),(b:people {name:csvLine.people_name})\n"
         "CREATE (a)-[r:prohibition_people{type:csvLine.type}]->(b)",
         {"rows": [{"drug_name": "美西律", "type": "禁用", "people_name": "哺乳期妇女"}]})]


def test_chinese_cardio_drugs_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://example.org/drug.csv' AS row\r\nCREATE (:drug {name: row.n});\r\n"
    mirror = _clone(tmp_path, corpus.CARDIO_DRUGS, {corpus.CARDIO_DRUGS_SCRIPT: script})
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_chinese_cardio_drugs(Recorder(), mirror)


# SesameKiller113/Celavi's two loaders, shortened to one Node of each kind and a relationship per row, as they read
# their files with pandas and write them with py2neo's Graph.merge (the settings from streamlit's st.secrets)
_CELAVI_AIRPORTS = (
    "from py2neo import Graph, Node, Relationship\nimport pandas as pd\nimport streamlit as st\n\n"
    'g = Graph(st.secrets["NEO4J_URI"], auth=(st.secrets["NEO4J_USERNAME"], st.secrets["NEO4J_PASSWORD"]))\n'
    'lounge = pd.read_csv("data/Airport lounges.csv")\n\n'
    "def getLounge(df):\n    print(f\"{len(set(df['龙腾网点编码']))} Lounge Nodes should be built.\")\n\n"
    "def importAirportsAndLounges(df):\n    for index, row in df.iterrows():\n"
    "        Airport_node = Node(\"Airport\", name=row['机场名称'], airport_id=['机场编码'], city=row['城市'])\n"
    "        lounge_node = Node(\"Lounge\", lounge_id=row['龙腾网点编码'], name=row['休息室名称'],\n"
    "                           terminal=['航站楼'], lounge_highlight=row['品质厅亮点'])\n"
    '        relation = Relationship(Airport_node, "OWNS_Lounge", lounge_node)\n'
    '        g.merge(Airport_node, "Airport", "name")\n        g.merge(lounge_node, "Lounge", "lounge_id")\n'
    "        g.merge(relation)\n\nimportAirportsAndLounges(lounge)\ngetLounge(lounge)\n")
_CELAVI_STATIONS = (
    "from py2neo import Graph, Node, Relationship\nimport pandas as pd\nimport streamlit as st\n\n"
    'g = Graph(st.secrets["NEO4J_URI"], auth=(st.secrets["NEO4J_USERNAME"], st.secrets["NEO4J_PASSWORD"]))\n'
    'restaurant = pd.read_csv("data/High-speed rail restaurant.csv")\n\n'
    "def importStationAndRestaurants(df):\n    for index, row in df.iterrows():\n"
    "        station_node = Node(\"Station\", name=row['高铁/火车站名称'], city=row['城市'])\n"
    "        restaurant_node = Node(\"Restaurant\", restaurant_id=row['餐厅编码'], name=row['餐厅名称'])\n"
    '        relation = Relationship(station_node, "OWNS_RESTAURANT", restaurant_node)\n'
    '        g.merge(station_node, "Station", "name")\n'
    '        g.merge(restaurant_node, "Restaurant", "restaurant_id")\n        g.merge(relation)\n\n'
    "importStationAndRestaurants(restaurant)\n")
_CELAVI_DATA = {
    "data/Airport lounges.csv": ("机场名称,龙腾网点编码,城市,休息室名称,品质厅亮点\n"
                                 '上海浦东国际机场,N00020,上海市,9号贵宾休息室(T1国内),\n'
                                 '上海浦东国际机场,N00021,上海市,73号头等舱休息室(T2国内),"免费淋浴"\n'),
    "data/High-speed rail restaurant.csv": "高铁/火车站名称,餐厅编码,餐厅名称,城市\n宜宾西站,N02499,宜宾燃面,宜宾市\n"}


class _MergeStore(Recorder):
    """A Recorder that answers a py2neo merge of a node with an element id, as the server would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"id": f"n{len(self.calls)}"}] if "RETURN elementId(_) AS id" in statement else []


def _celavi_mirror(tmp_path: Path, airports: str = _CELAVI_AIRPORTS, stations: str = _CELAVI_STATIONS) -> Path:
    return _clone(tmp_path, corpus.CELAVI, {corpus.CELAVI_LOADERS[0]: airports, corpus.CELAVI_LOADERS[1]: stations,
                                            **_CELAVI_DATA})


def test_china_travel_lounges_runs_both_loaders_with_pandas_and_py2neo_merges(tmp_path: Path) -> None:
    # each Graph.merge the statement py2neo 2021.2 sends: a node MERGEd on its label and key, `SET _ += r` and its
    # labels, bound to the id the store answers (a node merged again is merged again: a new Node object each row); a
    # relationship MERGEd between its bound ends; ['机场编码'] is the list the loader writes, an empty field NaN
    store = _MergeStore()
    corpus.write_china_travel_lounges(store, _celavi_mirror(tmp_path))

    def node(label: str, key: str) -> str:
        return (f"UNWIND $data AS r\nMERGE (_:`{label}` {{`{key}`:r[\"{key}\"]}})\nSET _ += r\nSET _:`{label}`\n"
                "RETURN elementId(_) AS id")

    def edge(kind: str) -> str:
        return ("UNWIND $data AS r\nMATCH (a) WHERE elementId(a) = r[0]\nMATCH (b) WHERE elementId(b) = r[2]\n"
                f"MERGE (a)-[_:`{kind}`]->(b)\nSET _ += r[1]")

    airport = {"name": "上海浦东国际机场", "airport_id": ["机场编码"], "city": "上海市"}
    assert [s for s, _ in store.calls] == [node("Airport", "name"), node("Lounge", "lounge_id"), edge("OWNS_Lounge"),
                                           node("Airport", "name"), node("Lounge", "lounge_id"), edge("OWNS_Lounge"),
                                           node("Station", "name"), node("Restaurant", "restaurant_id"),
                                           edge("OWNS_RESTAURANT")]
    assert store.calls[0][1] == store.calls[3][1] == {"data": [airport]}
    first = store.calls[1][1]["data"][0]
    assert {k: v for k, v in first.items() if k != "lounge_highlight"} == {
        "lounge_id": "N00020", "name": "9号贵宾休息室(T1国内)", "terminal": ["航站楼"]}
    assert isinstance(first["lounge_highlight"], float) and math.isnan(first["lounge_highlight"])
    assert store.calls[4][1]["data"][0]["lounge_highlight"] == "免费淋浴"
    assert store.calls[2][1] == {"data": [["n1", {}, "n2"]]} and store.calls[5][1] == {"data": [["n4", {}, "n5"]]}
    assert store.calls[6][1] == {"data": [{"name": "宜宾西站", "city": "宜宾市"}]}
    assert store.calls[7][1] == {"data": [{"restaurant_id": "N02499", "name": "宜宾燃面"}]}
    assert store.calls[8][1] == {"data": [["n7", {}, "n8"]]}


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ('pd.read_csv("data/other.csv")\n', "reads data/other.csv"),
                                                  ('g.merge(Node("Airport", name="x"))\n', "without a primary")])
def test_china_travel_lounges_imports_reads_and_merges_nothing_but_what_its_loaders_need(
        tmp_path: Path, change: str, refused: str) -> None:
    airports = _CELAVI_AIRPORTS.replace("importAirportsAndLounges(lounge)\n", change)
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_china_travel_lounges(_MergeStore(), _celavi_mirror(tmp_path, airports=airports))
# Kozukq/dataset_analysis's script.cypher, shortened: its delete, its one load statement (`LOAD CSV` and `WITH
# HEADERS` on two lines) and the start of its analysis (a browser `:param` block, then a GDS call)
_VGSALES_SCRIPT = (
    "// Nettoyage de la BD\nMATCH (n) \nDETACH DELETE n;\n\n// Création des noeuds et relations\nLOAD CSV \n"
    "WITH HEADERS FROM 'file:///dataset.csv' AS line\nWITH line\nWHERE line.Developer IS NOT NULL \n"
    "CREATE (game:Game {name: line.Name, year: toInteger(line.Year_of_Release)})\n"
    "MERGE (dev:Developer {name: line.Developer})\nCREATE (game)-[:DEVELOPED_BY]->(dev);\n\n"
    "// Node Similarity\n:param config => ({\n  similarityCutoff: 0.1,\n  writeProperty: 'value'\n});\n"
    "CALL gds.nodeSimilarity.write($config);\n")


def test_video_game_sales_runs_its_load_over_dataset_csv_and_not_its_gds_analysis(tmp_path: Path) -> None:
    data = "Name,Year_of_Release,Developer\r\nWii Sports,2006,Nintendo\r\nSuper Mario Bros.,1985,\r\n"
    mirror = _clone(tmp_path, corpus.VGSALES, {corpus.VGSALES_SCRIPT: _VGSALES_SCRIPT,
                                               corpus.VGSALES_DATA + "dataset.csv": data})
    store = Recorder()
    corpus.write_video_game_sales(store, mirror)
    # the load split over two lines is given the file's rows (an empty field null, as LOAD CSV reads it); the
    # analysis from the first `:param` on is not run
    assert store.calls == [
        ("MATCH (n) \nDETACH DELETE n", {}),
        ("UNWIND $rows AS line\nWITH line\nWHERE line.Developer IS NOT NULL \n"
         "CREATE (game:Game {name: line.Name, year: toInteger(line.Year_of_Release)})\n"
         "MERGE (dev:Developer {name: line.Developer})\nCREATE (game)-[:DEVELOPED_BY]->(dev)",
         {"rows": [{"Name": "Wii Sports", "Year_of_Release": "2006", "Developer": "Nintendo"},
                   {"Name": "Super Mario Bros.", "Year_of_Release": "1985", "Developer": None}]})]


@pytest.mark.parametrize(("script", "refused"), [
    (_VGSALES_SCRIPT.replace("file:///dataset.csv", "https://example.org/dataset.csv"),
     "reads https://example.org/dataset.csv"),
    (_VGSALES_SCRIPT.replace(":param", "//:param"), "has no :param block")])
def test_video_game_sales_refuses_another_url_or_a_script_without_its_analysis_marker(
        tmp_path: Path, script: str, refused: str) -> None:
    mirror = _clone(tmp_path, corpus.VGSALES, {corpus.VGSALES_SCRIPT: script, "dataset.csv": "Name\nx\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_video_game_sales(Recorder(), mirror)
# biiafranca/viralgraph's etl/load_to_neo4j.py, shortened: pandas.read_csv(chunksize=...) of files under DATA_DIR (its
# own folder's data/, from os.path.abspath(__file__)), each chunk's to_dict(orient="records") a statement's $batch
_VIRAL_LOADER = (
    "import os\nimport pandas as pd\nfrom neo4j import GraphDatabase\nfrom dotenv import load_dotenv\n\n"
    "load_dotenv()\nNEO4J_PASSWORD = os.getenv('NEO4J_PASSWORD')\n"
    "BASE_DIR = os.path.dirname(os.path.abspath(__file__))\nDATA_DIR = os.path.join(BASE_DIR, 'data')\n"
    "driver = GraphDatabase.driver('bolt://localhost:7687', auth=('neo4j', NEO4J_PASSWORD))\n\n"
    "def load_csv_to_neo4j():\n    with driver.session() as session:\n"
    "        for chunk in pd.read_csv(f'{DATA_DIR}/countries.csv', chunksize=2):\n"
    "            session.run('UNWIND $batch AS row MERGE (c:Country {iso3: row.iso3})',"
    " batch=chunk.to_dict(orient='records'))\n"
    "        for chunk in pd.read_csv(f'{DATA_DIR}/covid_cases.csv', chunksize=2):\n"
    "            session.run('UNWIND $batch AS row MERGE (cc:CovidCase {id: row.id})',"
    " batch=chunk.to_dict(orient='records'))\n"
    "        print('Data successfully loaded into Neo4j.')\n\n"
    "if __name__ == '__main__':\n    load_csv_to_neo4j()\n    driver.close()\n")


def test_covid_vaccinations_runs_its_loader_in_chunks_and_reads_the_absent_cases_as_no_rows(tmp_path: Path) -> None:
    # three countries in chunks of two, each chunk typed on its own rows (the third row's id alone: int); the cases
    # file, over the mirror's size limit, gives no chunk, so its statement never runs
    mirror = _clone(tmp_path, corpus.VIRAL, {
        corpus.VIRAL_LOADER: _VIRAL_LOADER,
        "etl/data/countries.csv": "id,name,iso3\n1,Afghanistan,AFG\n2,Albania,ALB\n3,Algeria,DZA\n"})
    store = Recorder()
    corpus.write_covid_vaccinations(store, mirror)
    statement = "UNWIND $batch AS row MERGE (c:Country {iso3: row.iso3})"
    assert store.calls == [
        (statement, {"batch": [{"id": 1, "name": "Afghanistan", "iso3": "AFG"},
                               {"id": 2, "name": "Albania", "iso3": "ALB"}]}),
        (statement, {"batch": [{"id": 3, "name": "Algeria", "iso3": "DZA"}]})]
    assert type(store.calls[1][1]["batch"][0]["id"]) is int


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("pd.read_csv('/etl/other.csv')\n", "reads /etl/other.csv"),
                                                  ("pd.read_csv('/etl/data/uses.csv', sep=';')\n", "with \\['sep'\\]")])
def test_covid_vaccinations_imports_and_reads_nothing_but_what_its_loader_needs(tmp_path: Path, change: str,
                                                                                 refused: str) -> None:
    mirror = _clone(tmp_path, corpus.VIRAL, {corpus.VIRAL_LOADER: "import pandas as pd\n" + change,
                                             "etl/other.csv": "a\n1\n", "etl/data/uses.csv": "a\n1\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_covid_vaccinations(Recorder(), mirror)


# paleobot/pbot-dev's apoc.export.cypher dump (cypher-shell format), shortened: the 4.x constraint on the import
# label, a node batch, the import label's removal and the constraint's drop, each between :begin and :commit
_PBOT_DUMP = (
    ":begin\nCREATE CONSTRAINT ON (node:`UNIQUE IMPORT LABEL`) ASSERT (node.`UNIQUE IMPORT ID`) IS UNIQUE;\n:commit\n"
    ":begin\nUNWIND [{_id:11, properties:{name:\"Leaf Attachment\"}}] AS row\n"
    "CREATE (n:`UNIQUE IMPORT LABEL`{`UNIQUE IMPORT ID`: row._id}) SET n += row.properties SET n:Character;\n"
    ":commit\n:begin\nMATCH (n:`UNIQUE IMPORT LABEL`)  WITH n LIMIT 20000 REMOVE n:`UNIQUE IMPORT LABEL` "
    "REMOVE n.`UNIQUE IMPORT ID`;\n:commit\n"
    ":begin\nDROP CONSTRAINT ON (node:`UNIQUE IMPORT LABEL`) ASSERT (node.`UNIQUE IMPORT ID`) IS UNIQUE;\n:commit\n")


def test_pbot_leaf_architecture_runs_its_apoc_dump_with_the_import_constraint_as_apoc_5_writes_it(
        tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.PBOT, {corpus.PBOT_DUMP: _PBOT_DUMP})
    store = Recorder()
    corpus.write_pbot_leaf_architecture(store, mirror)
    assert [statement for statement, _ in store.calls] == [
        "CREATE CONSTRAINT UNIQUE_IMPORT_NAME FOR (node:`UNIQUE IMPORT LABEL`) REQUIRE (node.`UNIQUE IMPORT ID`) "
        "IS UNIQUE",
        "UNWIND [{_id:11, properties:{name:\"Leaf Attachment\"}}] AS row\n"
        "CREATE (n:`UNIQUE IMPORT LABEL`{`UNIQUE IMPORT ID`: row._id}) SET n += row.properties SET n:Character",
        "MATCH (n:`UNIQUE IMPORT LABEL`)  WITH n LIMIT 20000 REMOVE n:`UNIQUE IMPORT LABEL` "
        "REMOVE n.`UNIQUE IMPORT ID`",
        "DROP CONSTRAINT UNIQUE_IMPORT_NAME"]


def test_an_apoc_import_constraint_of_another_label_is_left_as_written() -> None:
    statement = "CREATE CONSTRAINT ON (node:`Other`) ASSERT (node.`UNIQUE IMPORT ID`) IS UNIQUE"
    assert corpus._apoc_import_constraint(statement) == statement
# zaeema-n/graph_orgchart's orgchart/setup_db.py, shortened: its neo4j_util.neo4j_interface wrapper (the repository's
# own, run as written: session.run(query, parameters)), pandas.read_csv of its "../data/2015-09-21/" files, the
# start_date parsed with datetime.strptime and the -1 of "no end" read as a number
_ORGCHART_INTERFACE = (
    "import os\nfrom neo4j import GraphDatabase\n\nclass Neo4jInterface:\n"
    "    def __init__(self, uri=None, user=None, password=None):\n"
    "        uri = uri or os.getenv('NEO4J_URI')\n"
    "        self.driver = GraphDatabase.driver(uri, auth=(user, password))\n\n"
    "    def execute_query(self, query, parameters=None):\n"
    "        with self.driver.session() as session:\n"
    "            result = session.run(query, parameters)\n            return [record for record in result]\n")
_ORGCHART_LOADER = (
    "import pandas as pd\nfrom datetime import datetime\nimport sys\nimport os\n\n"
    "sys.path.append(os.path.dirname(os.path.abspath(__file__)) + '/../')\n\n"
    "from neo4j_util.neo4j_interface import Neo4jInterface\n\nneo4j_interface = Neo4jInterface()\n\n"
    "def load(driver):\n"
    "    for _, row in pd.read_csv('../data/2015-09-21/minister.csv').iterrows():\n"
    "        driver.execute_query('CREATE (:minister {id: $id, name: $name})',\n"
    "                             {'id': row['id'], 'name': row['name']})\n"
    "    for _, row in pd.read_csv('../data/2015-09-21/gov-min.csv').iterrows():\n"
    "        start_date = datetime.strptime(row['start_date'], '%Y-%m-%d').date()\n"
    "        if row['end_date'] != -1:\n"
    "            driver.execute_query('MATCH (m:minister {id: $min_id}) SET m.ended = true',\n"
    "                                 {'min_id': row['min_id']})\n"
    "        else:\n"
    "            driver.execute_query('MATCH (m:minister {id: $min_id}) SET m.start_date = date($start_date)',\n"
    "                                 {'min_id': row['min_id'], 'start_date': start_date})\n"
    "    print('Data successfully loaded into Neo4j.')\n\n"
    "if __name__ == '__main__':\n    load(neo4j_interface)\n")


def _orgchart_mirror(tmp_path: Path, loader: str = _ORGCHART_LOADER) -> Path:
    return _clone(tmp_path, corpus.ORGCHART, {
        corpus.ORGCHART_LOADER: loader, corpus.ORGCHART_INTERFACE: _ORGCHART_INTERFACE,
        "data/2015-09-21/minister.csv": "id,name\n2610/11_min_1,Minister of Defence\n",
        "data/2015-09-21/gov-min.csv": ("gov_id,min_id,start_date,end_date,active\n"
                                        "2610/11_gov_1,2610/11_min_1,2015-09-21,-1,TRUE\n")})


def test_sri_lanka_ministries_runs_setup_db_through_its_own_interface_over_the_gazette_files(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_sri_lanka_ministries(store, _orgchart_mirror(tmp_path))
    # the -1 of "no end" is pandas' number -1: the no-end-date branch; the date a Python date, as the loader parses it
    assert store.calls == [
        ("CREATE (:minister {id: $id, name: $name})", {"id": "2610/11_min_1", "name": "Minister of Defence"}),
        ("MATCH (m:minister {id: $min_id}) SET m.start_date = date($start_date)",
         {"min_id": "2610/11_min_1", "start_date": datetime.date(2015, 9, 21)})]


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("pd.read_csv('../data/2015-10-15/minister.csv')\n",
                                                   "reads ../data/2015-10-15/minister.csv")])
def test_sri_lanka_ministries_imports_and_reads_nothing_but_what_its_loader_needs(tmp_path: Path, change: str,
                                                                                  refused: str) -> None:
    loader = _ORGCHART_LOADER.replace("\n\nneo4j_interface = ", "\n" + change + "\nneo4j_interface = ")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_sri_lanka_ministries(Recorder(), _orgchart_mirror(tmp_path, loader))
# LilyGS94/sumo_graph's builders, shortened: base_classes.py (its AuraDBLoader over dotenv settings, the project root
# found from its own file, the newest data/<YYYYMM>/ directory), the basho and rikishi node builders, the bout builder's
# pandas pairing of the east and west records (one statement for both sides of a bout, one for each unpaired record)
# and the two relationship builders, each a module of the package `code` run as __main__
_SUMO_BASE = (
    "import json\nimport logging\nimport os\nimport re\nfrom concurrent.futures import ThreadPoolExecutor\n"
    "from datetime import datetime\nfrom pathlib import Path\n\nimport requests  # type: ignore\n"
    "from dotenv import load_dotenv\nfrom neo4j import GraphDatabase\nfrom requests.adapters import HTTPAdapter\n\n\n"
    "def get_project_root() -> Path:\n    current_path = Path(__file__).resolve()\n"
    "    for parent in [current_path] + list(current_path.parents):\n"
    '        if (parent / ".git").exists():\n            return parent\n'
    "    return current_path.parent.parent.parent\n\n\n"
    "class AuraDBLoader:\n    def __init__(self):\n        load_dotenv()\n"
    '        self.uri = os.environ.get("uri")\n        project_root = get_project_root()\n'
    '        self.data_path = str(project_root / "data")\n'
    '        self.driver = GraphDatabase.driver(self.uri, auth=(os.environ.get("username"), None))\n\n'
    "    def close(self):\n        self.driver.close()\n\n"
    "    def get_most_recent_directory(self, base_path):\n"
    "        directories = [d for d in os.listdir(base_path) if os.path.isdir(os.path.join(base_path, d))]\n"
    '        date_dirs = [d for d in directories if re.match(r"\\d{6}", d)]\n'
    '        date_dirs.sort(key=lambda date: datetime.strptime(date, "%Y%m"), reverse=True)\n'
    "        return date_dirs[0] if date_dirs else None\n")
_SUMO_MAIN = (
    '\n\nif __name__ == "__main__":\n    loader = {cls}()\n    try:\n'
    "        recent_dir = loader.get_most_recent_directory(loader.data_path)\n"
    '        loader.{method}(os.path.join(loader.data_path, recent_dir, "{folder}"))\n'
    "    finally:\n        loader.close()\n")
_SUMO_BASHO = (
    "import json\nimport os\n\nfrom ..base_code.base_classes import AuraDBLoader\n\n\n"
    "class AuraDBLoaderBashoNodes(AuraDBLoader):\n    def create_basho_node(self, basho_id):\n"
    "        with self.driver.session() as session:\n"
    '            result = session.run("MERGE (b:Basho {bashoId: $basho_id}) RETURN b", basho_id=basho_id)\n'
    "            return result.single()[0]\n\n"
    "    def load_jsons(self, folder_path):\n        for filename in os.listdir(folder_path):\n"
    '            if filename.endswith(".json"):\n'
    "                with open(os.path.join(folder_path, filename)) as file:\n"
    '                    basho_id = json.load(file).get("bashoId", "")\n'
    "                    if basho_id:\n                        self.create_basho_node(basho_id)\n"
    "                    else:\n                        print(f\"Skipped {filename}\")\n"
    + _SUMO_MAIN.format(cls="AuraDBLoaderBashoNodes", method="load_jsons", folder="basho"))
_SUMO_RIKISHI = (
    "import json\nimport os\n\nfrom ..base_code.base_classes import AuraDBLoader\n\n\n"
    "class AuraDBLoaderRikishiNodes(AuraDBLoader):\n    def create_rikishi_node(self, rikishi_data):\n"
    "        with self.driver.session() as session:\n"
    '            rikishi_data["rikishiID"] = rikishi_data.pop("id")\n'
    '            rikishi_data["name"] = rikishi_data["rikishiID"]\n'
    '            query = "MERGE (r:Rikishi {rikishiID: $rikishiID}) SET r += $attributes RETURN r"\n'
    '            session.run(query, rikishiID=rikishi_data["rikishiID"], attributes=rikishi_data)\n\n'
    "    def load_jsons(self, folder_path):\n        for filename in os.listdir(folder_path):\n"
    "            with open(os.path.join(folder_path, filename)) as file:\n"
    "                self.create_rikishi_node(json.load(file))\n"
    + _SUMO_MAIN.format(cls="AuraDBLoaderRikishiNodes", method="load_jsons", folder="rikishi"))
_SUMO_BOUTS = (
    "import json\nimport os\n\nimport pandas as pd\nfrom tqdm import tqdm\n\n"
    "from ..base_code.base_classes import AuraDBLoader\n\n\n"
    "class AuraDBLoaderBoutNodes(AuraDBLoader):\n"
    "    def create_bout_node(self, r1, id1, side1, kimarite, n, r2, id2, side2, bashoId):\n"
    "        with self.driver.session() as session:\n"
    '            query = """MERGE (b:Bout {result_rikishi1: $r1, rikishiId_rikishi1: $id1, side_rikishi1: $side1,\n'
    "                fightNumber: $n, kimarite: $kimarite, result_rikishi2: $r2, rikishiId_rikishi2: $id2,\n"
    '                side_rikishi2: $side2, bashoId: $bashoId}) RETURN b"""\n'
    "            return session.run(query, r1=r1, id1=id1, side1=side1, kimarite=kimarite, n=n, r2=r2, id2=id2,\n"
    "                               side2=side2, bashoId=bashoId).single()[0]\n\n"
    "    def create(self, rows):\n        for index, row in rows.iterrows():\n"
    '            values = [row[c] if pd.notna(row.get(c, "")) else "" for c in ["result_rikishi1",\n'
    '                      "RikishiID_rikishi1", "Side_rikishi1", "kimarite", "Fight_Number", "result_rikishi2",\n'
    '                      "RikishiID_rikishi2", "Side_rikishi2", "bashoId"]]\n'
    "            self.create_bout_node(*values)\n\n"
    "    def load_jsons(self, folder_path):\n        for filename in tqdm(os.listdir(folder_path)):\n"
    '            basho = filename.split(".json")[0]\n'
    "            with open(os.path.join(folder_path, filename)) as file:\n                data = json.load(file)\n"
    '            if not (data["east"] and data["west"]):\n                continue\n'
    '            df_east = pd.DataFrame(data["east"])\n            df_west = pd.DataFrame(data["west"])\n'
    '            if "record" in df_east and "record" in df_west:\n'
    '                df_east_cleaned = df_east.dropna(subset=["record"])\n'
    "                df_east_cleaned.reset_index(drop=True, inplace=True)\n"
    '                df_west_cleaned = df_west.dropna(subset=["record"])\n'
    '                east_records = pd.json_normalize(df_east_cleaned["record"].sum())\n'
    '                west_records = pd.json_normalize(df_west_cleaned["record"].sum())\n'
    "                east_records[\"RikishiID\"] = [i for r, rec in zip(df_east_cleaned[\"rikishiID\"],\n"
    '                                              df_east_cleaned["record"]) for i in [r] * len(rec)]\n'
    "                west_records[\"RikishiID\"] = [i for r, rec in zip(df_west_cleaned[\"rikishiID\"],\n"
    '                                              df_west_cleaned["record"]) for i in [r] * len(rec)]\n'
    '                west_records["Fight_Number"] = west_records.groupby("RikishiID").cumcount() + 1\n'
    '                east_records["Fight_Number"] = east_records.groupby("RikishiID").cumcount() + 1\n'
    '                east_records["Side"] = "East"\n                west_records["Side"] = "West"\n'
    "                all_records = pd.concat([east_records, west_records])\n"
    '                all_records["bashoId"] = basho\n'
    '                keys = dict(left_on=["opponentID", "kimarite", "Fight_Number"],\n'
    '                            right_on=["RikishiID", "kimarite", "Fight_Number"],\n'
    '                            suffixes=("_rikishi1", "_rikishi2"))\n'
    "                matched_df = pd.merge(all_records, all_records, **keys)\n"
    '                matched_df["match_id"] = matched_df.apply(lambda x: "_".join(sorted(\n'
    '                    [str(x["RikishiID_rikishi1"]), str(x["RikishiID_rikishi2"])])) + "_" + x["kimarite"]\n'
    '                    + "_" + str(x["Fight_Number"]), axis=1)\n'
    '                unique_matches_df = matched_df.drop_duplicates(subset=["match_id"])\n'
    '                left_merged_df = pd.merge(all_records, all_records, how="left", indicator=True, **keys)\n'
    '                no_match_df = left_merged_df[left_merged_df["_merge"] == "left_only"]\n'
    '                unique_matches_df.rename(columns={"bashoId_rikishi1": "bashoId"}, inplace=True)\n'
    '                no_match_df.rename(columns={"bashoId_rikishi1": "bashoId"}, inplace=True)\n'
    "                self.create(unique_matches_df)\n                self.create(no_match_df)\n"
    + _SUMO_MAIN.format(cls="AuraDBLoaderBoutNodes", method="load_jsons", folder="basho"))
_SUMO_BASHO_BOUTS = (
    "import json\nimport os\n\nfrom ..base_code.base_classes import AuraDBLoader\n\n\n"
    "class AuraDBLoaderBashoBoutRelationships(AuraDBLoader):\n    def run_all(self, folder_path):\n"
    "        for filename in os.listdir(folder_path):\n"
    "            with open(os.path.join(folder_path, filename)) as file:\n"
    '                basho_id = json.load(file).get("bashoId", "")\n            if basho_id:\n'
    "                with self.driver.session() as session:\n"
    '                    session.run("MATCH (b:Basho), (b2:Bout) WHERE b.bashoId = $bashoId AND '
    'b2.bashoId = $bashoId MERGE (b)-[:BOUT_EVENT]->(b2)", bashoId=basho_id).single()\n'
    + _SUMO_MAIN.format(cls="AuraDBLoaderBashoBoutRelationships", method="run_all", folder="basho"))
_SUMO_RIKISHI_BOUTS = _SUMO_BASHO_BOUTS.replace("BashoBout", "RikishiBout").replace(
    '.get("bashoId", "")', '.get("id", "")').replace('"basho")', '"rikishi")').replace(
    "MATCH (b:Basho), (b2:Bout) WHERE b.bashoId = $bashoId AND b2.bashoId = $bashoId MERGE (b)-[:BOUT_EVENT]->(b2)",
    "MATCH (r:Rikishi) WHERE r.rikishiID = $bashoId WITH r MATCH (b:Bout) WHERE b.rikishiId_rikishi1 = r.rikishiID "
    "OR b.rikishiId_rikishi2 = r.rikishiID MERGE (r)-[:RIKISHI_IN_BOUT_EVENT]->(b)")
_SUMO_EAST = [{"side": "East", "rikishiID": 45, "shikonaEn": "Terunofuji", "rank": "Yokozuna 1 East",
               "record": [{"result": "win", "opponentShikonaEn": "Kiribayama", "opponentID": 7,
                           "kimarite": "yorikiri"},
                          {"result": "win", "opponentShikonaEn": "Ura", "opponentID": 99, "kimarite": "oshidashi"}]},
              {"side": "East", "rikishiID": 8, "shikonaEn": "Ichinojo", "rank": "Maegashira 1 East"}]
_SUMO_WEST = [{"side": "West", "rikishiID": 7, "shikonaEn": "Kiribayama", "rank": "Komusubi 1 West",
               "record": [{"result": "loss", "opponentShikonaEn": "Terunofuji", "opponentID": 45,
                           "kimarite": "yorikiri"},
                          {"result": "absent", "opponentShikonaEn": "", "opponentID": 0, "kimarite": ""}]}]


def _sumo_mirror(tmp_path: Path, **change: str) -> Path:
    builders = dict(zip(corpus.SUMO_BUILDERS, (_SUMO_BASHO, _SUMO_RIKISHI, _SUMO_BOUTS, _SUMO_BASHO_BOUTS,
                                               _SUMO_RIKISHI_BOUTS), strict=True))
    builders.update({corpus.SUMO_BUILDERS[int(i)]: text for i, text in change.items()})
    return _clone(tmp_path, corpus.SUMO, {
        corpus.SUMO_BASE: _SUMO_BASE, **builders,
        "data/202509/basho/202111.json": json.dumps({"bashoId": "202111", "division": "Makuuchi",
                                                     "east": _SUMO_EAST, "west": _SUMO_WEST}),
        "data/202509/basho/195801.json": json.dumps({"bashoId": "", "division": "", "east": None, "west": None}),
        "data/202509/rikishi/45.json": json.dumps({"id": 45, "shikonaEn": "Terunofuji", "heya": "Isegahama",
                                                   "height": 192.0})})


class _SumoStore(Recorder):
    """The store as the builders read it: a statement that RETURNs gives its one record."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"b": {}}] if "RETURN" in statement else []


def test_sumo_makuuchi_runs_its_builders_with_pandas_pairing_the_east_and_west_records(tmp_path: Path) -> None:
    # an empty basho (no bashoId, no sides) makes nothing; a record pair (Terunofuji's first bout, Kiribayama's
    # first) is one Bout, the first of the pair as the records come (east before west) its rikishi1; a record whose
    # opponent has no record of the same kimarite and bout number is a Bout alone, "" for the other side; a rikishi
    # without a record (Ichinojo) is dropped, as dropna drops him. Each builder's statements run after it, in order,
    # as one UNWIND of their parameters (each $name read as row.name), with the bout properties indexed meanwhile
    store = _SumoStore()
    corpus.write_sumo_makuuchi(store, _sumo_mirror(tmp_path))
    bout = ("UNWIND $rows AS row\nMERGE (b:Bout {result_rikishi1: row.r1, rikishiId_rikishi1: row.id1, "
            "side_rikishi1: row.side1,\n                fightNumber: row.n, kimarite: row.kimarite, result_rikishi2: "
            "row.r2, rikishiId_rikishi2: row.id2,\n                side_rikishi2: row.side2, bashoId: row.bashoId}) "
            "RETURN b")
    indexes = [("sumo_load_basho", "bashoId"), ("sumo_load_rikishi1", "rikishiId_rikishi1"),
               ("sumo_load_rikishi2", "rikishiId_rikishi2")]
    assert store.calls == [
        *[(f"CREATE INDEX {name} IF NOT EXISTS FOR (b:Bout) ON (b.{prop})", {}) for name, prop in indexes],
        ("CALL db.awaitIndexes(300)", {}),
        ("UNWIND $rows AS row\nMERGE (b:Basho {bashoId: row.basho_id}) RETURN b", {"rows": [{"basho_id": "202111"}]}),
        ("UNWIND $rows AS row\nMERGE (r:Rikishi {rikishiID: row.rikishiID}) SET r += row.attributes RETURN r",
         {"rows": [{"rikishiID": 45, "attributes": {"shikonaEn": "Terunofuji", "heya": "Isegahama", "height": 192.0,
                                                     "rikishiID": 45, "name": 45}}]}),
        (bout, {"rows": [
            {"r1": "win", "id1": 45, "side1": "East", "kimarite": "yorikiri", "n": 1, "r2": "loss", "id2": 7,
             "side2": "West", "bashoId": "202111"},
            {"r1": "win", "id1": 45, "side1": "East", "kimarite": "oshidashi", "n": 2, "r2": "", "id2": "",
             "side2": "", "bashoId": "202111"},
            {"r1": "absent", "id1": 7, "side1": "West", "kimarite": "", "n": 2, "r2": "", "id2": "", "side2": "",
             "bashoId": "202111"}]}),
        ("UNWIND $rows AS row\nMATCH (b:Basho), (b2:Bout) WHERE b.bashoId = row.bashoId AND b2.bashoId = "
         "row.bashoId MERGE (b)-[:BOUT_EVENT]->(b2)", {"rows": [{"bashoId": "202111"}]}),
        ("UNWIND $rows AS row\nMATCH (r:Rikishi) WHERE r.rikishiID = row.bashoId WITH r MATCH (b:Bout) WHERE "
         "b.rikishiId_rikishi1 = r.rikishiID OR b.rikishiId_rikishi2 = r.rikishiID "
         "MERGE (r)-[:RIKISHI_IN_BOUT_EVENT]->(b)", {"rows": [{"bashoId": 45}]}),
        *[(f"DROP INDEX {name} IF EXISTS", {}) for name, _ in indexes]]


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("open('/etc/passwd')\n", "opens /etc/passwd"),
                                                  ("os.listdir('/tmp')\n", "lists /tmp")])
def test_sumo_makuuchi_imports_opens_and_lists_nothing_but_what_its_builders_need(tmp_path: Path, change: str,
                                                                                   refused: str) -> None:
    builder = _SUMO_BASHO.replace("    def load_jsons(self, folder_path):\n",
                                  f"    def load_jsons(self, folder_path):\n        {change}")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_sumo_makuuchi(_SumoStore(), _sumo_mirror(tmp_path, **{"0": builder}))


# POSOCO/grid_graph's load scripts, shortened: two of them, each opening with the same 3.x uniqueness constraint and a
# property existence constraint (Enterprise only), then a LOAD CSV (USING PERIODIC COMMIT) over a file of its root
_GRID_LINES = (
    "// 400 kV Lines\n\n\t// Uniqueness constraints.\nCREATE CONSTRAINT ON (s:Substation) ASSERT s.name IS UNIQUE;\n"
    "CREATE CONSTRAINT ON (n:Bus) ASSERT exists(n.id);\n\n\t// Load 400 kV Lines.\nLOAD CSV WITH HEADERS \n"
    "FROM 'file:///lines_raw_400_kv.csv' AS line\nWITH DISTINCT line\nWHERE line.`End-1` IS NOT NULL\n"
    "MERGE (ss1:Substation { name: line.`End-1`})\nSET ss1.km = toInteger(line.Km)\n;\n\n"
    "match (n:Substation) return count(n) as ss_count\n;")
_GRID_ICTS = (
    "// 765 kV ICTs\nCREATE CONSTRAINT ON (s:Substation) ASSERT s.name IS UNIQUE;\n"
    "CREATE CONSTRAINT ON (n:ICT) ASSERT exists(n.mva);\nUSING PERIODIC COMMIT\nLOAD CSV WITH HEADERS \n"
    "FROM 'file:///765_kv_icts.csv' AS line\nWITH DISTINCT line\n"
    "MERGE (ict_ss:Substation { name: trim(line.`Sub-Station`)})\n;\n")


def test_western_india_grid_runs_its_scripts_in_order_each_constraint_once(tmp_path: Path) -> None:
    files = {name: "// nothing\nRETURN 1;\n" for name in corpus.GRID_SCRIPTS}
    files.update({"load_400_kv_lines.cql": _GRID_LINES, "load_765_kv_icts.cql": _GRID_ICTS,
                  "lines_raw_400_kv.csv": "Sl No,End-1,Km\n1,Bilaspur ,56\n2,,3\n",
                  "765_kv_icts.csv": "Sl No,Sub-Station,Owner \n1,Akola(2),MEGPTCL\n"})
    store = Recorder()
    corpus.write_western_india_grid(store, _clone(tmp_path, corpus.GRID, files))
    # the uniqueness constraint in 5.x syntax and only once, the existence constraints left out (Enterprise only),
    # each LOAD CSV (its USING PERIODIC COMMIT with it) given its file's rows as written (a trailing space kept, an
    # empty field null), the count queries run, the scripts in GRID_SCRIPTS' order
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (s:Substation) REQUIRE s.name IS UNIQUE", {}),
        ("UNWIND $rows AS line\nWITH DISTINCT line\nWHERE line.`End-1` IS NOT NULL\n"
         "MERGE (ss1:Substation { name: line.`End-1`})\nSET ss1.km = toInteger(line.Km)",
         {"rows": [{"Sl No": "1", "End-1": "Bilaspur ", "Km": "56"}, {"Sl No": "2", "End-1": None, "Km": "3"}]}),
        ("match (n:Substation) return count(n) as ss_count", {}),
        ("RETURN 1", {}), ("RETURN 1", {}),
        ("UNWIND $rows AS line\nWITH DISTINCT line\nMERGE (ict_ss:Substation { name: trim(line.`Sub-Station`)})",
         {"rows": [{"Sl No": "1", "Sub-Station": "Akola(2)", "Owner ": "MEGPTCL"}]}),
        ("RETURN 1", {}), ("RETURN 1", {})]


def test_western_india_grid_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    files = {name: "RETURN 1;\n" for name in corpus.GRID_SCRIPTS}
    files["load_400_kv_lines.cql"] = "LOAD CSV WITH HEADERS FROM 'https://example.org/lines.csv' AS line\nMERGE (:L);\n"
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/lines.csv"):
        corpus.write_western_india_grid(Recorder(), _clone(tmp_path, corpus.GRID, files))


# neo4j-examples/graph-embeddings' import.cypher on its cj_gds2 branch, shortened: its two named 4.x constraints and
# its LOAD CSV of main's data/roads.csv by URL; a later commit (main's Place-only script) is HEAD
_E_ROADS_SCRIPT = (
    "CREATE CONSTRAINT places IF NOT EXISTS ON (p:Place) ASSERT p.name IS UNIQUE;\n"
    "CREATE CONSTRAINT countries IF NOT EXISTS ON (c:Country) ASSERT c.code IS UNIQUE;\n\n"
    "LOAD CSV WITH HEADERS FROM \"" + corpus.E_ROADS_URL + "data/roads.csv\"\nAS row\n\n"
    "MERGE (origin:Place {name: row.origin_reference_place})\n"
    "MERGE (c_origin:Country {code: row.origin_country_code})\n"
    "MERGE (origin)-[eroad:EROAD {number: row.road_number}]->(:Place {name: row.destination_reference_place})\n"
    "SET eroad.watercrossing = row.watercrossing\n;")


def _e_roads_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _E_ROADS_SCRIPT) -> Path:
    import subprocess

    fetched = tmp_path / "neo4j-examples+graph-embeddings" / "repo"
    (fetched / "scripts" / "cypher").mkdir(parents=True)
    (fetched / "data").mkdir()
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "scripts" / "cypher" / "import.cypher").write_text(script, encoding="utf-8")
    (fetched / "data" / "roads.csv").write_text(
        "road_number,origin_country_code,origin_reference_place,destination_country_code,"
        "destination_reference_place,distance,watercrossing\nE01,GB,Larne,GB,Belfast,36,false\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "fix: added countries to model"], check=True)
    branch = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / "scripts" / "cypher" / "import.cypher").write_text("MERGE (:Place {name: 'main'});\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "main"], check=True)
    monkeypatch.setattr(corpus, "E_ROADS_COMMIT", branch)
    return tmp_path


def test_european_e_roads_runs_its_branch_script_over_roads_csv(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_european_e_roads(store, _e_roads_mirror(tmp_path, monkeypatch))
    # the script of E_ROADS_COMMIT, not HEAD's; its named IF NOT EXISTS constraints in 5.x syntax; the file its URL
    # names given as rows
    assert store.calls == [
        ("CREATE CONSTRAINT places IF NOT EXISTS FOR (p:Place) REQUIRE p.name IS UNIQUE", {}),
        ("CREATE CONSTRAINT countries IF NOT EXISTS FOR (c:Country) REQUIRE c.code IS UNIQUE", {}),
        ("UNWIND $rows AS row\n\nMERGE (origin:Place {name: row.origin_reference_place})\n"
         "MERGE (c_origin:Country {code: row.origin_country_code})\n"
         "MERGE (origin)-[eroad:EROAD {number: row.road_number}]->(:Place {name: row.destination_reference_place})\n"
         "SET eroad.watercrossing = row.watercrossing",
         {"rows": [{"road_number": "E01", "origin_country_code": "GB", "origin_reference_place": "Larne",
                    "destination_country_code": "GB", "destination_reference_place": "Belfast", "distance": "36",
                    "watercrossing": "false"}]})]


def test_european_e_roads_refuses_a_url_outside_its_repository(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'https://example.org/roads.csv' AS row\nMERGE (:Place {name: row.a});\n"
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/roads.csv"):
        corpus.write_european_e_roads(Recorder(), _e_roads_mirror(tmp_path, monkeypatch, script))
# rishabh1815769/dehn-equipment-challenge's neo4j/ scripts, shortened: the component graph's constraint and a `USING
# PERIODIC COMMIT` LOAD CSV of a staging/ file; the solutions graph's constraint, its LOAD CSV of a raw URL of the
# feature branch, its relabelling and a HAS_PART statement that MATCHes the label the relabelling removed
_DEHN_URL = ("https://raw.githubusercontent.com/rishabh1815769/dehn-equipment-challenge/"
             "feature/add-equipment-categories/euipment_version_2/")
_DEHN_FILES = {
    "neo4j/constraints.cypher": "// Unique identifiers\nCREATE CONSTRAINT category_name_unique IF NOT EXISTS\n"
                                "FOR (c:Category)\nREQUIRE c.name IS UNIQUE;\n",
    "neo4j/import.cypher": "// Load reference nodes\nUSING PERIODIC COMMIT 1000\n"
                           "LOAD CSV WITH HEADERS FROM 'file:///categories.csv' AS row\n"
                           "MERGE (:Category {name: row.name});\n",
    "neo4j/constraints_v2.cypher": "CREATE CONSTRAINT module_v2_id IF NOT EXISTS\nFOR (m:ModuleV2)\n"
                                   "REQUIRE m.id IS UNIQUE;\n",
    "neo4j/import_http_v2_simple.cypher": (
        f"// Solutions\nLOAD CSV WITH HEADERS FROM '{_DEHN_URL}solutions.csv' AS r\n"
        "WITH r WHERE r.Prozessnummer IS NOT NULL AND r.Prozessnummer <> ''\n"
        "MERGE (s:SolutionV2 {id: r.Prozessnummer})\nSET s.name = r.Prozessname;\n\n"
        "MATCH (s:SolutionV2) REMOVE s:SolutionV2;\n\n"
        "// HAS_PART\nMATCH (p:SolutionV2 {id: '100000'}) MATCH (c:SolutionV2 {id: '100001'}) "
        "MERGE (p)-[h:HAS_PART]->(c);\n"),
    "staging/categories.csv": "name\nGripper/Suction cup\nrobot\n",
    "euipment_version_2/solutions.csv": "Prozessnummer,Prozessname\n100000,Etikett applizieren\n,\n"}


def test_dehn_equipment_runs_both_graphs_scripts_over_staging_and_the_branchs_files(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.DEHN, _DEHN_FILES)
    store = Recorder()
    corpus.write_dehn_equipment(store, mirror)
    # the component graph first (its `USING PERIODIC COMMIT 1000` dropped, the LOAD CSV given staging/'s rows), then
    # the solutions graph (its URL given euipment_version_2/'s rows; an empty field null); its statements as written,
    # the HAS_PART that matches the removed label too
    assert store.calls == [
        ("CREATE CONSTRAINT category_name_unique IF NOT EXISTS\nFOR (c:Category)\nREQUIRE c.name IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (:Category {name: row.name})",
         {"rows": [{"name": "Gripper/Suction cup"}, {"name": "robot"}]}),
        ("CREATE CONSTRAINT module_v2_id IF NOT EXISTS\nFOR (m:ModuleV2)\nREQUIRE m.id IS UNIQUE", {}),
        ("UNWIND $rows AS r\nWITH r WHERE r.Prozessnummer IS NOT NULL AND r.Prozessnummer <> ''\n"
         "MERGE (s:SolutionV2 {id: r.Prozessnummer})\nSET s.name = r.Prozessname",
         {"rows": [{"Prozessnummer": "100000", "Prozessname": "Etikett applizieren"},
                   {"Prozessnummer": None, "Prozessname": None}]}),
        ("MATCH (s:SolutionV2) REMOVE s:SolutionV2", {}),
        ("MATCH (p:SolutionV2 {id: '100000'}) MATCH (c:SolutionV2 {id: '100001'}) MERGE (p)-[h:HAS_PART]->(c)", {})]


@pytest.mark.parametrize(("path", "old", "new", "refused"), [
    ("neo4j/import.cypher", "file:///categories.csv", "https://example.org/categories.csv",
     "reads https://example.org/categories.csv"),
    ("neo4j/import_http_v2_simple.cypher", "/feature/add-equipment-categories/", "/main/",
     "reads https://raw.githubusercontent.com/rishabh1815769/dehn-equipment-challenge/main/")])
def test_dehn_equipment_refuses_a_url_its_scripts_do_not_read(tmp_path: Path, path: str, old: str, new: str,
                                                               refused: str) -> None:
    files = {**_DEHN_FILES, path: _DEHN_FILES[path].replace(old, new)}
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_dehn_equipment(Recorder(), _clone(tmp_path, corpus.DEHN, files))
# neo4j-contrib/trumpworld-graph's 06-trumptweets/trumptweets.cypher, shortened: a constraint and the load (3.x syntax:
# `create constraint on ... assert`, filter()) in its tagged part tweetgraph, a report that writes nothing between the
# parts, and its tagged time tree
_TRUMP_TWEETS_SCRIPT = (
    "// trump tweets from buzzfeed article:\n\n// tag::tweetgraph[]\n"
    "create constraint on (t:Tag) assert t.name is unique;\n\n"
    f'load csv with headers from "{corpus.TRUMP_TWEETS_URL}" as row \ncreate (t:Tweet) set t=row;\n\n'
    "match (t:Tweet) \nwith t, split(t.text,\" \") as parts\n"
    'foreach (tagName IN filter(p IN parts WHERE p STARTS WITH "#") |\n'
    "   MERGE (tag:Tag {name:substring(toLower(tagName),1)})\n   MERGE (t)-[:TAGGED]->(tag)\n);\n"
    "// end::tweetgraph[]\n\n// tag::tweetreport[]\nMATCH (n:Tag) RETURN n.name, size( (n)--() ) as deg;\n"
    "// end::tweetreport[]\n\n// tag::timetree[]\nMATCH (t:Tweet)\nMERGE (y:Year {year:t.created_at})\n"
    "MERGE (t)-[:CREATED]->(y);\n// end::timetree[]\n")


def test_trump_tweets_runs_its_load_and_time_tree_over_the_repositorys_copy_of_buzzfeeds_file(
        tmp_path: Path) -> None:
    data = 'id_str,created_at,text\n1,Tue Jun 16 07:04:03 +0000 2015,"Go #Trump2016\r\nnow"\n2,x,\n'
    mirror = _clone(tmp_path, corpus.TRUMP_TWEETS, {corpus.TRUMP_TWEETS_SCRIPT: _TRUMP_TWEETS_SCRIPT,
                                                    corpus.TRUMP_TWEETS_DATA: data})
    store = Recorder()
    corpus.write_trump_tweets(store, mirror)
    # its parts tweetgraph then timetree, in 5.x syntax (the constraint; filter() as a list comprehension), the
    # URL's rows read from the repository's copy (a text over two lines one field, an empty field null); the report
    # between them is not run
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (t:Tag) REQUIRE t.name IS UNIQUE", {}),
        ("UNWIND $rows AS row \ncreate (t:Tweet) set t=row",
         {"rows": [{"id_str": "1", "created_at": "Tue Jun 16 07:04:03 +0000 2015", "text": "Go #Trump2016\r\nnow"},
                   {"id_str": "2", "created_at": "x", "text": None}]}),
        ('match (t:Tweet) \nwith t, split(t.text," ") as parts\n'
         'foreach (tagName IN [p IN parts WHERE p STARTS WITH "#"] |\n'
         "   MERGE (tag:Tag {name:substring(toLower(tagName),1)})\n   MERGE (t)-[:TAGGED]->(tag)\n)", {}),
        ("MATCH (t:Tweet)\nMERGE (y:Year {year:t.created_at})\nMERGE (t)-[:CREATED]->(y)", {})]


@pytest.mark.parametrize(("script", "refused"), [
    (_TRUMP_TWEETS_SCRIPT.replace(corpus.TRUMP_TWEETS_URL, "http://example.org/tweets.csv"),
     "reads http://example.org/tweets.csv"),
    (_TRUMP_TWEETS_SCRIPT.replace("tag::timetree[]", "tag::tree[]"), "has no part tagged timetree")])
def test_trump_tweets_refuses_another_url_or_a_script_without_its_parts(
        tmp_path: Path, script: str, refused: str) -> None:
    mirror = _clone(tmp_path, corpus.TRUMP_TWEETS, {corpus.TRUMP_TWEETS_SCRIPT: script,
                                                    corpus.TRUMP_TWEETS_DATA: "id_str,created_at,text\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_trump_tweets(Recorder(), mirror)
# neo4j-contrib/trumpworld-graph's 01-trumpworld/trumpworld.adoc, shortened: its attributes (the GraphGist's LIMIT
# redefined inside an ifdef, its endif misspelt as the page writes it), a query that is no //setup block, a
# constraint, a load block and an enrichment block
_TRUMPWORLD_GUIDE = (
    "= The TrumpWorld Graph\n"
    ":gh_url: 'https://raw.githubusercontent.com/BuzzFeedNews/trumpworld/master/data/trumpworld.csv'\n"
    f":url: '{corpus.TRUMPWORLD_URL}'\n:neo4j-version: 3.1\n\n"
    "[source,cypher,subs=attributes]\n----\nWITH \n{url} AS url\nLOAD CSV WITH HEADERS FROM url AS row\n"
    "RETURN row.`Entity A` LIMIT 5\n----\n\n"
    ":LIMIT: \nifdef::env-graphgist[]\n:LIMIT: WITH * LIMIT 150\nendif:env-graphgist[]\n\n"
    "//setup\n[source,cypher]\n----\nCREATE CONSTRAINT ON (p:Person) ASSERT p.name IS UNIQUE;\n----\n\n"
    "//setup\n[source,cypher,subs=attributes]\n----\nWITH {url} AS url\nLOAD CSV WITH HEADERS FROM url AS row\n"
    "WITH row WHERE row.`Entity A Type` = 'Person' AND row.`Entity B Type` = 'Person'\n{LIMIT}\n"
    "MERGE (p1:Person {name:row.`Entity A`})\nMERGE (p2:Person {name:row.`Entity B`})\n"
    "CREATE (p2)-[con:RELATED_TO]->(p1)\nSET con.connection=row.Connection, con.source=row.`Source(s)`\n----\n\n"
    "//setup\n[source,cypher,subs=attributes]\n----\nMATCH (o:Organization)\n"
    'WHERE o.name CONTAINS "BANK" SET o:Bank\n----\n')
_TRUMPWORLD_DATA = ("Entity A Type,Entity A,Entity B Type,Entity B,Connection,Source(s)\n"
                    "Person,IVANKA TRUMP,Person,JARED KUSHNER,Married,https://example.org/a\n"
                    "Person,STEVEN MNUCHIN,Federal Agency,U.S. DEPARTMENT OF THE TREASURY,Secretary,\n")


def _trumpworld_mirror(tmp_path: Path, guide: str) -> Path:
    _clone(tmp_path, corpus.TRUMPWORLD_DATA_REPO, {corpus.TRUMPWORLD_DATA: _TRUMPWORLD_DATA})
    return _clone(tmp_path, corpus.TRUMPWORLD, {corpus.TRUMPWORLD_GUIDE: guide})


def test_trumpworld_runs_its_setup_blocks_with_the_pages_attributes_over_buzzfeeds_copy_of_the_sheet(
        tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_trumpworld(store, _trumpworld_mirror(tmp_path, _TRUMPWORLD_GUIDE))
    # its //setup blocks in order (the query above them is not one), in 5.x syntax; {url} its :url:, {LIMIT} the
    # empty :LIMIT: a local database has (the GraphGist's LIMIT 150 is for the GraphGist), the sheet's rows read from
    # BuzzFeed News' repository, every row (the statement's WHERE keeps the ones it loads), an empty field null
    rows = [{"Entity A Type": "Person", "Entity A": "IVANKA TRUMP", "Entity B Type": "Person",
             "Entity B": "JARED KUSHNER", "Connection": "Married", "Source(s)": "https://example.org/a"},
            {"Entity A Type": "Person", "Entity A": "STEVEN MNUCHIN", "Entity B Type": "Federal Agency",
             "Entity B": "U.S. DEPARTMENT OF THE TREASURY", "Connection": "Secretary", "Source(s)": None}]
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (p:Person) REQUIRE p.name IS UNIQUE", {}),
        ("UNWIND $rows AS row\nWITH row WHERE row.`Entity A Type` = 'Person' AND row.`Entity B Type` = 'Person'\n\n"
         "MERGE (p1:Person {name:row.`Entity A`})\nMERGE (p2:Person {name:row.`Entity B`})\n"
         "CREATE (p2)-[con:RELATED_TO]->(p1)\nSET con.connection=row.Connection, con.source=row.`Source(s)`",
         {"rows": rows}),
        ('MATCH (o:Organization)\nWHERE o.name CONTAINS "BANK" SET o:Bank', {})]


@pytest.mark.parametrize(("guide", "refused"), [
    (_TRUMPWORLD_GUIDE.replace("gid=1996904412", "gid=634968401"), "declares url"),
    (_TRUMPWORLD_GUIDE.replace(":LIMIT: \n", ""), "declares url"),
    (_TRUMPWORLD_GUIDE.replace("WITH {url} AS url", "WITH 'https://example.org/t.csv' AS url"),
     "reads https://example.org/t.csv"),
    (_TRUMPWORLD_GUIDE.replace("//setup\n", "// a query\n"), "has no //setup Cypher block")])
def test_trumpworld_refuses_another_sheet_a_limit_another_url_or_a_page_without_setup(
        tmp_path: Path, guide: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_trumpworld(Recorder(), _trumpworld_mirror(tmp_path, guide))


def _xlsx(sheets: dict[str, list[list[str | int | None]]]) -> bytes:
    """A small .xlsx workbook as Excel writes one: shared strings, numbers as numbers, an empty cell left out."""
    import io
    import zipfile
    from xml.sax.saxutils import escape

    shared: list[str] = []
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as book:
        listed = "".join(f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>' for i, name in enumerate(sheets, 1))
        book.writestr("xl/workbook.xml", '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                      f"<sheets>{listed}</sheets></workbook>")
        rels = "".join(f'<Relationship Id="rId{i}" Target="worksheets/sheet{i}.xml"/>'
                       for i in range(1, len(sheets) + 1))
        book.writestr("xl/_rels/workbook.xml.rels",
                      f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}'
                      "</Relationships>")
        for i, rows in enumerate(sheets.values(), 1):
            xml_rows = []
            for r, row in enumerate(rows, 1):
                cells = []
                for c, value in enumerate(row):
                    ref = f"{chr(65 + c)}{r}"
                    if isinstance(value, str):
                        shared.append(value)
                        cells.append(f'<c r="{ref}" t="s"><v>{len(shared) - 1}</v></c>')
                    elif value is not None:
                        cells.append(f'<c r="{ref}"><v>{value}</v></c>')
                xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
            book.writestr(f"xl/worksheets/sheet{i}.xml",
                          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
                          f'{"".join(xml_rows)}</sheetData></worksheet>')
        strings = "".join(f"<si><t>{escape(s)}</t></si>" for s in shared)
        book.writestr("xl/sharedStrings.xml",
                      f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{strings}</sst>')
    return out.getvalue()


_SEATTLE_LOADER = (
    "from neo4j import GraphDatabase\nimport pandas as pd\n\n"
    "def load_authors(driver: GraphDatabase.driver):\n"
    '    df = pd.read_excel("src/data/lib_books.xlsx", sheet_name="authors")\n'
    "    for index, row in df.iterrows():\n"
    "        name = str(row.get('name', '')).strip() if 'name' in row else ''\n"
    "        if (not name):\n            continue\n"
    '        driver.execute_query("MERGE (a:Author {name: $name})", name=name)\n\n'
    "def load_locations(driver: GraphDatabase.driver):\n"
    '    df = pd.read_excel("src/data/lib_books.xlsx", sheet_name="locations")\n'
    "    for index, row in df.iterrows():\n"
    '        driver.execute_query("MERGE (l:Location {code: $code})", code=str(row.get("code")))\n\n'
    "def load_books(driver: GraphDatabase.driver):\n"
    '    df = pd.read_excel("src/data/lib_books.xlsx", sheet_name="books")\n'
    "    for index, row in df.iterrows():\n"
    '        driver.execute_query("MERGE (b:Book {title: $t, subtitle: $s, isbn: $i, pages: $p})",\n'
    "                             t=str(row.get('title')), s=str(row.get('subtitle')), i=str(row.get('isbn')),\n"
    "                             p=str(row.get('page_count')))\n")


def test_seattle_library_books_runs_ingestion_py_over_the_workbook_as_main_py_calls_it(tmp_path: Path) -> None:
    # serey-roth/library-agent: src/rag/ingestion.py reads src/data/lib_books.xlsx's three sheets with
    # pandas.read_excel and runs each statement with driver.execute_query; main.py calls load_locations, load_authors,
    # load_books in that order. An empty cell is NaN (str 'nan'), a number column with one is float64 (464 -> 464.0),
    # an ISBN column holding an X stays strings (leading zeros kept), a blank row is dropped
    workbook = _xlsx({
        "books": [["isbn", "title", "subtitle", "page_count"], ["0593319486", "2020", "One City", 464],
                  ["163808985X", "70s Teen Pop", None, None]],
        "authors": [["name"], [None], [" Amy Riolo"]],
        "locations": [["code", "description"], ["cen", "Central Library"]]})
    mirror = _clone(tmp_path, corpus.SEATTLE, {corpus.SEATTLE_LOADER: _SEATTLE_LOADER})
    (mirror / "library-agent" / corpus.SEATTLE_DATA).parent.mkdir(parents=True, exist_ok=True)
    (mirror / "library-agent" / corpus.SEATTLE_DATA).write_bytes(workbook)
    store = Recorder()
    corpus.write_seattle_library_books(store, mirror)
    assert store.calls == [
        ("MERGE (l:Location {code: $code})", {"code": "cen"}),
        ("MERGE (a:Author {name: $name})", {"name": "Amy Riolo"}),
        ("MERGE (b:Book {title: $t, subtitle: $s, isbn: $i, pages: $p})",
         {"t": "2020", "s": "One City", "i": "0593319486", "p": "464.0"}),
        ("MERGE (b:Book {title: $t, subtitle: $s, isbn: $i, pages: $p})",
         {"t": "70s Teen Pop", "s": "nan", "i": "163808985X", "p": "nan"})]


def test_seattle_library_books_imports_and_reads_nothing_but_its_workbook(tmp_path: Path) -> None:
    workbook = _xlsx({"books": [["title"]], "authors": [["name"]], "locations": [["code"]]})
    for change, refused in [("import subprocess\n", "imports subprocess"),
                            ('import pandas as pd\npd.read_excel("other.xlsx", sheet_name="books")\n',
                             "reads other.xlsx")]:
        mirror = _clone(tmp_path / refused.split()[-1], corpus.SEATTLE, {corpus.SEATTLE_LOADER: change})
        (mirror / "library-agent" / corpus.SEATTLE_DATA).parent.mkdir(parents=True, exist_ok=True)
        (mirror / "library-agent" / corpus.SEATTLE_DATA).write_bytes(workbook)
        with pytest.raises(corpus.CorpusError, match=refused):
            corpus.write_seattle_library_books(Recorder(), mirror)
# paul-shannon/bio-gdb's loadAll.cypher, shortened: a node file, its 4.x index, a relationship file (tab-separated)
_HUMAN1_SCRIPT = (
    "LOAD CSV with HEADERS from 'file:///genes.tsv' AS line FIELDTERMINATOR '\\t'\n"
    "     CREATE (:Gene {id: line.id, symbol: line.symbol});\nCREATE INDEX ON :Gene(id);\n\n"
    "LOAD CSV WITH HEADERS FROM  \"file:///geneRoles.tsv\" AS line FIELDTERMINATOR '\\t'\n"
    "      MATCH (reaction:Reaction {id: line.reactionID}), (gene:Gene {id: line.geneID})\n"
    "      CREATE (gene)-[:catalyzes {type: 'catalyzes'}]->(reaction);\n")


def test_human1_metabolism_runs_its_load_csv_script_over_its_tab_separated_files(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.HUMAN1, {
        corpus.HUMAN1_SCRIPT: _HUMAN1_SCRIPT,
        corpus.HUMAN1_DATA + "genes.tsv": ("id\tname\tsboTerm\tsymbol\n"
                                           "ENSG00000001084\tENSG00000001084\tSBO:0000243\tGCLC\n"),
        corpus.HUMAN1_DATA + "geneRoles.tsv": "geneID\treactionID\nENSG00000001084\tR_HMR_4324\n"})
    store = Recorder()
    corpus.write_human1_metabolism(store, mirror)
    assert store.calls == [
        ("UNWIND $rows AS line\n     CREATE (:Gene {id: line.id, symbol: line.symbol})",
         {"rows": [{"id": "ENSG00000001084", "name": "ENSG00000001084", "sboTerm": "SBO:0000243",
                    "symbol": "GCLC"}]}),
        ("CREATE INDEX FOR (n:Gene) ON (n.id)", {}),
        ("UNWIND $rows AS line\n      MATCH (reaction:Reaction {id: line.reactionID}), (gene:Gene {id: line.geneID})\n"
         "      CREATE (gene)-[:catalyzes {type: 'catalyzes'}]->(reaction)",
         {"rows": [{"geneID": "ENSG00000001084", "reactionID": "R_HMR_4324"}]})]
    assert corpus.graph("human1-metabolism").split == "spent"
# Abderrahmane-Najib/KG-project's load_to_neo4j.py, shortened: dotenv settings (its .env.example), a session.run of
# each statement (consume() of the constraint's), pandas' read_csv, to_numeric, fillna, where(notnull, None),
# dropna, drop_duplicates and astype over its tm_nodes/ and tm_relationships/ files, and its main()'s `except`,
# which prints a failure and goes on
_BOTOLA_LOADER = (
    "import os\nimport pandas as pd\nfrom neo4j import GraphDatabase\nfrom dotenv import load_dotenv\n\n"
    "load_dotenv()\nNEO4J_PASSWORD = os.getenv('NEO4J_PASSWORD')\n"
    "BASE_DIR = os.path.dirname(os.path.abspath(__file__))\nNODES_DIR = os.path.join(BASE_DIR, 'tm_nodes')\n"
    "RELATIONSHIPS_DIR = os.path.join(BASE_DIR, 'tm_relationships')\n\n"
    "class Neo4jLoader:\n"
    "    def __init__(self):\n        self.driver = GraphDatabase.driver('neo4j://x', auth=('neo4j', NEO4J_PASSWORD))\n"
    "    def run_query(self, query, parameters=None):\n"
    "        with self.driver.session() as session:\n"
    "            return session.run(query, parameters or {}).consume()\n"
    "    def run_query_batch(self, query, data, batch_size=2):\n"
    "        with self.driver.session() as session:\n"
    "            for i in range(0, len(data), batch_size):\n"
    "                session.run(query, {'batch': data[i:i + batch_size]})\n"
    "    def load_all(self):\n"
    "        try:\n"
    "            self.run_query('CREATE CONSTRAINT IF NOT EXISTS FOR (p:Player) REQUIRE p.id IS UNIQUE')\n"
    "        except Exception as e:\n            print(f'  Constraint may already exist: {e}')\n"
    "        df = pd.read_csv(os.path.join(NODES_DIR, 'players.csv'))\n"
    "        for col in ['age', 'height']:\n"
    "            if col in df.columns:\n                df[col] = pd.to_numeric(df[col], errors='coerce')\n"
    "        for col in ['name', 'preferred_foot']:\n            df[col] = df[col].fillna('')\n"
    "        self.run_query_batch('UNWIND $batch AS row MERGE (p:Player {id: row.id}) SET p.age = row.age',\n"
    "                             df.where(pd.notnull(df), None).to_dict('records'))\n"
    "        df = pd.read_csv(os.path.join(NODES_DIR, 'countries.csv'))\n"
    "        df = df.dropna(subset=['name']).drop_duplicates(subset=['name'])\n"
    "        self.run_query_batch('UNWIND $batch AS row MERGE (c:Country {name: row.name})', df.to_dict('records'))\n"
    "        df = pd.read_csv(os.path.join(NODES_DIR, 'stats.csv'))\n"
    "        df['total_goals'] = pd.to_numeric(df['total_goals'], errors='coerce').fillna(0).astype(int)\n"
    "        self.run_query_batch('UNWIND $batch AS row MERGE (s:Stats {id: row.id})', df.to_dict('records'))\n"
    "        df = pd.read_csv(os.path.join(RELATIONSHIPS_DIR, 'player_plays_for_country.csv')).dropna()\n"
    "        self.run_query_batch('UNWIND $batch AS row MATCH (p:Player {id: row.player_id}) MERGE (p)-[:X]->()',\n"
    "                             df.to_dict('records'))\n\n"
    "def main():\n"
    "    if not NEO4J_PASSWORD:\n        print('Error: NEO4J_PASSWORD not set.')\n        return\n"
    "    try:\n        Neo4jLoader().load_all()\n"
    "    except Exception as e:\n        print(f'\\nError: {e}')\n\n"
    "if __name__ == '__main__':\n    main()\n")


def _botola_mirror(tmp_path: Path, loader: str = _BOTOLA_LOADER, settings: str = "NEO4J_PASSWORD=x\n") -> Path:
    return _clone(tmp_path, corpus.BOTOLA, {
        corpus.BOTOLA_LOADER: loader, corpus.BOTOLA_SETTINGS: "# its settings\nNEO4J_URI=neo4j://x\n" + settings,
        "tm_nodes/players.csv": "id,name,age,height,preferred_foot,market_value\n1,Hakim Ziyech,32,180,left,€3.00m\n"
                                "2,Mikel Arteta,0,0,,\n3,Badr Benoun,32,193,,€900k\n",
        "tm_nodes/countries.csv": "name\nMorocco\nSpain\nMorocco\n\n",
        "tm_nodes/stats.csv": "id,total_goals\n1_Total,134\n2_Total,-\n",
        "tm_relationships/player_plays_for_country.csv": "player_id,country_name\n1,Morocco\n2,\n"})


def test_botola_pro_squads_runs_its_loader_with_pandas_as_it_types_and_cleans_the_files(tmp_path: Path) -> None:
    # ages and heights integers (to_numeric keeps them); a missing foot "" by fillna, a missing market value None
    # by where(notnull, None); a country once (drop_duplicates; the blank line is no row); a stat that is no number
    # 0 (to_numeric, fillna(0), astype(int)); a relationship row with a missing field dropped (dropna); batches of
    # two as it cuts them
    store = Recorder()
    corpus.write_botola_pro_squads(store, _botola_mirror(tmp_path))
    player = "UNWIND $batch AS row MERGE (p:Player {id: row.id}) SET p.age = row.age"
    country = "UNWIND $batch AS row MERGE (c:Country {name: row.name})"
    stats = "UNWIND $batch AS row MERGE (s:Stats {id: row.id})"
    link = "UNWIND $batch AS row MATCH (p:Player {id: row.player_id}) MERGE (p)-[:X]->()"
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (p:Player) REQUIRE p.id IS UNIQUE", {}),
        (player, {"batch": [{"id": 1, "name": "Hakim Ziyech", "age": 32, "height": 180, "preferred_foot": "left",
                             "market_value": "€3.00m"},
                            {"id": 2, "name": "Mikel Arteta", "age": 0, "height": 0, "preferred_foot": "",
                             "market_value": None}]}),
        (player, {"batch": [{"id": 3, "name": "Badr Benoun", "age": 32, "height": 193, "preferred_foot": "",
                             "market_value": "€900k"}]}),
        (country, {"batch": [{"name": "Morocco"}, {"name": "Spain"}]}),
        (stats, {"batch": [{"id": "1_Total", "total_goals": 134}, {"id": "2_Total", "total_goals": 0}]}),
        (link, {"batch": [{"player_id": 1, "country_name": "Morocco"}]})]
    assert type(store.calls[1][1]["batch"][0]["age"]) is int
    assert type(store.calls[4][1]["batch"][1]["total_goals"]) is int


@pytest.mark.parametrize(("loader", "settings", "refused"), [
    (_BOTOLA_LOADER.replace("import os\n", "import os\nimport subprocess\n"), "NEO4J_PASSWORD=x\n",
     "imports subprocess"),
    (_BOTOLA_LOADER.replace("'countries.csv'", "'other.csv'"), "NEO4J_PASSWORD=x\n", "reads /tm_nodes/other.csv"),
    (_BOTOLA_LOADER.replace("['age', 'height']", "['age', 'market_value']"), "NEO4J_PASSWORD=x\n",
     "number column market_value"),
    (_BOTOLA_LOADER, "", "NEO4J_PASSWORD not set")])
def test_botola_pro_squads_raises_what_its_loader_would_print_and_pass_over(tmp_path: Path, loader: str,
                                                                             settings: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_botola_pro_squads(Recorder(), _botola_mirror(tmp_path, loader, settings))


# leeseoyang/Raility's kg/kg_import.cypher, shortened: its comment line, a constraint (already in 5.x syntax), a node's
# MERGE ... SET n += {...} and a relationship's unlabelled MATCH and MERGE, each on its own line
_RAILITY_SCRIPT = (
    "// 도시철도 지식그래프 Neo4j 임포트\n"
    "CREATE CONSTRAINT IF NOT EXISTS FOR (n:Station) REQUIRE n.id IS UNIQUE;\n\n"
    'MERGE (n:Station {id:"Station:I11D1|D004"}) SET n += {id:"Station:I11D1|D004", label:"신사", 역번호:"D004"};\n\n'
    'MATCH (a {id:"Station:I11D1|D004"}), (b {id:"Station:I11D1|D005"}) '
    "MERGE (a)-[:CONNECTS_TO {거리_m:700.0, 평일운행횟수:330.0}]->(b);\n")


def test_korea_urban_rail_runs_its_kg_import_statement_by_statement_as_written(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_korea_urban_rail(store, _clone(tmp_path, corpus.RAILITY, {corpus.RAILITY_SCRIPT: _RAILITY_SCRIPT}))
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:Station) REQUIRE n.id IS UNIQUE", {}),
        ('MERGE (n:Station {id:"Station:I11D1|D004"}) SET n += {id:"Station:I11D1|D004", label:"신사", 역번호:"D004"}',
         {}),
        ('MATCH (a {id:"Station:I11D1|D004"}), (b {id:"Station:I11D1|D005"}) '
         "MERGE (a)-[:CONNECTS_TO {거리_m:700.0, 평일운행횟수:330.0}]->(b)", {})]
    assert corpus.graph("korea-urban-rail").split == "spent"


def test_korea_urban_rail_refuses_a_script_that_reads_a_file(tmp_path: Path) -> None:
    script = "LOAD CSV WITH HEADERS FROM 'file:///kg_nodes.csv' AS row\nMERGE (:Station {id: row.id});\n"
    with pytest.raises(corpus.CorpusError, match="reads file:///kg_nodes.csv"):
        corpus.write_korea_urban_rail(Recorder(), _clone(tmp_path, corpus.RAILITY, {corpus.RAILITY_SCRIPT: script}))


# Szynol00/MobileDevices-GraphDB's scripts/database_import.cypher, shortened: its clean-up, a constraint, the device
# LOAD CSV of file:///phone_data.csv and its RAM statement (a field of several capacities, split by the statement)
_MOBILE_DEVICES_SCRIPT = (
    "// Mobile Devices Graph Database Import Script\n\n// Clear existing data\nMATCH (n) DETACH DELETE n;\n\n"
    "CREATE CONSTRAINT company_name IF NOT EXISTS FOR (c:Company) REQUIRE c.name IS UNIQUE;\n\n"
    "// Import companies and devices\nLOAD CSV WITH HEADERS FROM 'file:///phone_data.csv' AS row \n"
    "MERGE (c:Company {name: row.Company}) \nMERGE (d:Device {model: row.Model}) \n"
    "MERGE (d)-[:PRODUCED_BY]->(c);\n\n"
    "LOAD CSV WITH HEADERS FROM 'file:///phone_data.csv' AS row \nMATCH (d:Device {model: row.Model}) \n"
    "WITH row, d, [x IN split(row.RAM, ', ') | toInteger(replace(trim(x), ' GB', ''))] AS ramVariants \n"
    "UNWIND ramVariants AS capacity \nMERGE (ram:RAM {capacity_gb: capacity}) \nMERGE (d)-[:HAS_RAM]->(ram);\n")
_MOBILE_DEVICES_CSV = ('Company,Model,Device_Type,RAM,Release_Date\n'
                       'Samsung,SAMSUNG GALAXY F55,Phone,"8 GB, 12 GB",Q2 2024\n'
                       'Huawei,HUAWEI WATCH FIT 3,Smartwatch,,Q2 2024\n')


def test_mobile_devices_runs_its_import_script_over_data_phone_data_csv(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.MOBILE_DEVICES, {corpus.MOBILE_DEVICES_SCRIPT: _MOBILE_DEVICES_SCRIPT,
                                                       "data/phone_data.csv": _MOBILE_DEVICES_CSV})
    store = Recorder()
    corpus.write_mobile_devices(store, mirror)
    rows = [{"Company": "Samsung", "Model": "SAMSUNG GALAXY F55", "Device_Type": "Phone", "RAM": "8 GB, 12 GB",
             "Release_Date": "Q2 2024"},
            {"Company": "Huawei", "Model": "HUAWEI WATCH FIT 3", "Device_Type": "Smartwatch", "RAM": None,
             "Release_Date": "Q2 2024"}]
    # every statement as written, comments dropped; each LOAD CSV given data/phone_data.csv's rows (an empty field
    # null), the file its README copies into Neo4j's import folder
    assert store.calls == [
        ("MATCH (n) DETACH DELETE n", {}),
        ("CREATE CONSTRAINT company_name IF NOT EXISTS FOR (c:Company) REQUIRE c.name IS UNIQUE", {}),
        ("UNWIND $rows AS row \nMERGE (c:Company {name: row.Company}) \nMERGE (d:Device {model: row.Model}) \n"
         "MERGE (d)-[:PRODUCED_BY]->(c)", {"rows": rows}),
        ("UNWIND $rows AS row \nMATCH (d:Device {model: row.Model}) \n"
         "WITH row, d, [x IN split(row.RAM, ', ') | toInteger(replace(trim(x), ' GB', ''))] AS ramVariants \n"
         "UNWIND ramVariants AS capacity \nMERGE (ram:RAM {capacity_gb: capacity}) \nMERGE (d)-[:HAS_RAM]->(ram)",
         {"rows": rows})]


def test_mobile_devices_refuses_a_url_other_than_its_import_folders(tmp_path: Path) -> None:
    script = _MOBILE_DEVICES_SCRIPT.replace("file:///phone_data.csv", "https://example.org/phone_data.csv", 1)
    mirror = _clone(tmp_path, corpus.MOBILE_DEVICES, {corpus.MOBILE_DEVICES_SCRIPT: script,
                                                       "data/phone_data.csv": _MOBILE_DEVICES_CSV})
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/phone_data.csv"):
        corpus.write_mobile_devices(Recorder(), mirror)
# bettergovph/open-congress-data's scripts/sync_to_neo4j.py, shortened: its settings from os.getenv (its .env.example,
# whose empty password it refuses), the data/ folders found from its own file with pathlib and globbed for *.toml,
# each read with tomlkit.load, its UNWIND batches (a file's fields less the ones it turns into relationships), the
# errors it logs and goes on after, and a count read back with single()
_CONGRESS_PH_LOADER = (
    "import os\nimport sys\nimport logging\nimport time\nfrom pathlib import Path\nfrom typing import Dict\n"
    "import tomlkit\nfrom neo4j import GraphDatabase\nfrom neo4j.exceptions import Neo4jError\n"
    "from dotenv import load_dotenv\n\nlogger = logging.getLogger(__name__)\n\n"
    "def sync(driver, folder: Path, label: str) -> Dict[int, str]:\n"
    "    batch, rels = [], []\n"
    "    for file_path in sorted(folder.glob('*.toml')):\n"
    "        try:\n"
    "            with open(file_path, 'r', encoding='utf-8') as f:\n"
    "                data = tomlkit.load(f)\n"
    "                batch.append({k: v for k, v in data.items() if k != 'memberships'})\n"
    "                rels += [{'person_id': data['id'], 'congress': m.get('congress'),\n"
    "                          'position': m.get('position', '')} for m in data.get('memberships', [])]\n"
    "        except Exception as e:\n"
    "            logger.error(f'Failed to load {file_path}: {e}')\n"
    "    with driver.session() as session:\n"
    "        session.run(f'UNWIND $batch AS n MERGE (x:{label} {{id: n.id}}) SET x = n', batch=batch)\n"
    "        if rels:\n"
    "            session.run('UNWIND $batch AS rel MATCH (p:Person {id: rel.person_id}) '\n"
    "                        'MATCH (g:Group {congress: rel.congress}) MERGE (p)-[r:MEMBER_OF]->(g) '\n"
    "                        'SET r.position = rel.position', batch=rels)\n"
    "        return session.run('MATCH (n) RETURN count(n) as count').single()['count']\n\n"
    "def main():\n    load_dotenv()\n"
    "    if not all([os.getenv('NEO4J_URI'), os.getenv('NEO4J_USERNAME'), os.getenv('NEO4J_PASSWORD')]):\n"
    "        logger.error('Missing required environment variables.')\n        sys.exit(1)\n"
    "    driver = GraphDatabase.driver(os.getenv('NEO4J_URI'), auth=('neo4j', os.getenv('NEO4J_PASSWORD')))\n"
    "    driver.verify_connectivity()\n"
    "    root = Path(__file__).parent.parent\n"
    "    for name, label in (('congress', 'Congress'), ('person', 'Person')):\n"
    "        if not (root / 'data' / name).exists():\n            sys.exit(1)\n"
    "        sync(driver, root / 'data' / name, label)\n"
    "    if '--clear' in sys.argv:\n        logger.error('cleared')\n\n"
    "if __name__ == '__main__':\n    main()\n")
_CONGRESS_PH_PERSON = ('id = "01K5S6MAZ4YBST5GDJV827A0HH"\nlast_name = "Aquino"\nfirst_name = "Benigno Simeon"\n'
                       'name_suffix = "III"\naliases = ["Noynoy", "PNoy",]\ncongress_website_primary_keys = [ 403,]\n\n'
                       '[[memberships]]\ntype = "chamber"\ncongress = 14\nsubtype = "senate"\n')


class _CountingRecorder(Recorder):
    """A Recorder whose count queries read back one record, as a server's would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"count": 0}] if "count(" in statement else []


def _congress_ph_mirror(tmp_path: Path, loader: str = _CONGRESS_PH_LOADER, person: str = _CONGRESS_PH_PERSON,
                        settings: str = "NEO4J_URI=neo4j://localhost\nNEO4J_USERNAME=neo4j\nNEO4J_PASSWORD=\n") -> Path:
    return _clone(tmp_path, corpus.CONGRESS_PH, {
        corpus.CONGRESS_PH_LOADER: loader, corpus.CONGRESS_PH_SETTINGS: settings,
        "data/congress/01K5S4AG1AJZ79AMDYG4MFHE7M.toml": ('id = "01K5S4AG1AJZ79AMDYG4MFHE7M"\ncongress_number = 14\n'
                                                         'ordinal = "14th"\nstart_date = "2007-07-23"\n'),
        "data/congress/.congress-number-mapping.yml": "14: 01K5S4AG1AJZ79AMDYG4MFHE7M\n",
        "data/congress/README.md": "# Congress Entity Structure\n",
        "data/person/01K5S6MAZ4YBST5GDJV827A0HH.toml": person,
        "data/committee/01K5S6MAZAHEE159XQJ0EQ84ZD.toml": 'id = "01K5S6MAZAHEE159XQJ0EQ84ZD"\n',
        "data/group/chamber/01K64ECAES8JBV2Y5HR437SBSX.toml": 'id = "01K64ECAES8JBV2Y5HR437SBSX"\n'})


def test_philippine_congress_runs_its_sync_script_over_the_toml_files_as_committed(tmp_path: Path) -> None:
    store = _CountingRecorder()
    corpus.write_philippine_congress(store, _congress_ph_mirror(tmp_path))
    # the *.toml files of each folder (not its mapping .yml or README), read by TOML's types: str, int, lists
    assert store.calls == [
        ("UNWIND $batch AS n MERGE (x:Congress {id: n.id}) SET x = n",
         {"batch": [{"id": "01K5S4AG1AJZ79AMDYG4MFHE7M", "congress_number": 14, "ordinal": "14th",
                     "start_date": "2007-07-23"}]}),
        ("MATCH (n) RETURN count(n) as count", {}),
        ("UNWIND $batch AS n MERGE (x:Person {id: n.id}) SET x = n",
         {"batch": [{"id": "01K5S6MAZ4YBST5GDJV827A0HH", "last_name": "Aquino", "first_name": "Benigno Simeon",
                     "name_suffix": "III", "aliases": ["Noynoy", "PNoy"], "congress_website_primary_keys": [403]}]}),
        ("UNWIND $batch AS rel MATCH (p:Person {id: rel.person_id}) MATCH (g:Group {congress: rel.congress}) "
         "MERGE (p)-[r:MEMBER_OF]->(g) SET r.position = rel.position",
         {"batch": [{"person_id": "01K5S6MAZ4YBST5GDJV827A0HH", "congress": 14, "position": ""}]}),
        ("MATCH (n) RETURN count(n) as count", {})]


@pytest.mark.parametrize(("loader", "person", "refused"), [
    (_CONGRESS_PH_LOADER.replace("import time\n", "import subprocess\n"), _CONGRESS_PH_PERSON, "imports subprocess"),
    (_CONGRESS_PH_LOADER.replace("open(file_path,", "open(root_readme(),").replace(
        "def main():", "def root_readme():\n    return Path(__file__).parent.parent / 'README.md'\n\ndef main():"),
     _CONGRESS_PH_PERSON, "opens /bettergovph/open-congress-data/README.md"),
    (_CONGRESS_PH_LOADER.replace("(('congress', 'Congress'),", "(('bill', 'Document'),"), _CONGRESS_PH_PERSON,
     "exited"),
    (_CONGRESS_PH_LOADER, _CONGRESS_PH_PERSON + "aliases = [\n", "logged errors: Failed to load")])
def test_philippine_congress_reads_nothing_else_and_raises_what_its_loader_logs_and_passes_over(
        tmp_path: Path, loader: str, person: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_philippine_congress(_CountingRecorder(), _congress_ph_mirror(tmp_path, loader, person))


# shengliuyang/Heritage_neo4j's refined.py, shortened: its py2neo Graph and Node, the file it opens by a path built
# from __file__, a node per set member, and a relationship statement whose failure its `except` prints and passes over
_HERITAGE_LOADER = (
    "import os\nimport json\nfrom py2neo import Graph, Node\n\n\nclass HeritageGraph:\n"
    "    def __init__(self):\n        cur_dir = os.path.dirname(os.path.abspath(__file__))\n"
    "        self.data_path = os.path.join(cur_dir, 'data/heritage_1.json')\n"
    "        self.g = Graph(\"bolt://localhost:7687\", auth=(\"neo4j\", \"Your password\"))\n\n"
    "    def build(self):\n        with open(self.data_path, 'r', encoding='utf-8') as f:\n"
    "            data_list = json.load(f)\n        for data in data_list:\n"
    "            self.g.create(Node('HeritageSite', name=data['Name'], danger=data.get('Danger', [])))\n"
    "            print(f\"Created HeritageSite node: {data['Name']}\")\n"
    "            for d in data['Dynasty']:\n                self.g.create(Node('Dynasty', name=d))\n"
    "                query = \"MATCH (p:HeritageSite {name: $p_name}), (q:Dynasty {name: $q_name}) \" \\\n"
    "                        \"CREATE (p)-[rel:HAS_DYNASTY {name: $rel_name}]->(q)\"\n"
    "                try:\n                    self.g.run(query, {'p_name': data['Name'], 'q_name': d, "
    "'rel_name': 'Heritage Dynasty'})\n"
    "                except Exception as e:\n                    print(f\"Failed to create relationship: {e}\")\n\n\n"
    "if __name__ == '__main__':\n    HeritageGraph().build()\n")
_HERITAGE_DATA = json.dumps([{"Name": "Yin Xu", "Danger": [], "Dynasty": ["the late Shang Dynasty"]}])


def test_china_world_heritage_runs_refined_py_with_a_py2neo_over_the_store(tmp_path: Path) -> None:
    # refined.py creates each Node with py2neo's Graph.create (one CREATE here, its properties as given: an empty
    # list stays a list) and runs each relationship's Cypher with Graph.run(query, parameters), unchanged
    mirror = _clone(tmp_path, corpus.HERITAGE, {corpus.HERITAGE_LOADER: _HERITAGE_LOADER,
                                                corpus.HERITAGE_DATA: _HERITAGE_DATA})
    store = Recorder()
    corpus.write_china_world_heritage(store, mirror)
    assert store.calls == [
        ("CREATE (n:`HeritageSite` $props)", {"props": {"name": "Yin Xu", "danger": []}}),
        ("CREATE (n:`Dynasty` $props)", {"props": {"name": "the late Shang Dynasty"}}),
        ("MATCH (p:HeritageSite {name: $p_name}), (q:Dynasty {name: $q_name}) "
         "CREATE (p)-[rel:HAS_DYNASTY {name: $rel_name}]->(q)",
         {"p_name": "Yin Xu", "q_name": "the late Shang Dynasty", "rel_name": "Heritage Dynasty"})]


class _FailingStore(Recorder):
    """A store whose relationship statements fail, as a server refusing them would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        if statement.startswith("MATCH"):
            raise RuntimeError("refused")
        return super().query(statement, params, read_only)


def test_china_world_heritage_raises_what_its_except_block_would_print_and_pass_over(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.HERITAGE, {corpus.HERITAGE_LOADER: _HERITAGE_LOADER,
                                                corpus.HERITAGE_DATA: _HERITAGE_DATA})
    with pytest.raises(corpus.CorpusError, match="its loader failed: Failed to create relationship: refused"):
        corpus.write_china_world_heritage(_FailingStore(), mirror)


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ('open("/data/heritage.json")\n', "opens /data/heritage.json")])
def test_china_world_heritage_imports_and_opens_nothing_but_its_file(tmp_path: Path, change: str,
                                                                     refused: str) -> None:
    loader = _HERITAGE_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n    {change}")
    mirror = _clone(tmp_path, corpus.HERITAGE, {corpus.HERITAGE_LOADER: loader, corpus.HERITAGE_DATA: _HERITAGE_DATA})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_china_world_heritage(Recorder(), mirror)
# dgg32/drug-drug-interactions' neo4j_command.txt, shortened: a constraint, a node file by apoc.load.jsonArray over
# JSON lines, an edge file by LOAD CSV over a tab-separated file, then the article's queries and the reset it ends with
_DRUG_DDI_SCRIPT = (
    "CREATE CONSTRAINT medicine_index IF NOT EXISTS FOR (m:Medicine) REQUIRE m.name IS UNIQUE\n;\n\n"
    'CALL apoc.load.jsonArray("file:///drug_details_5.jsonl") YIELD value MERGE (c:Medicine {name: value.name, '
    "side_effects: value.side_effects, cid: value.cid})\n;\n\n\n\n"
    "LOAD CSV WITH HEADERS FROM 'file:///INTERACTS_WITH.tsv' AS row FIELDTERMINATOR '\\t'  MERGE (p1:Medicine "
    "{name: row.from}) MERGE (p2:Medicine {name: row.to}) MERGE (p1)-[r:INTERACTS_WITH {severity: row.effect}]->(p2)\n"
    ";\n\n"
    "MATCH  (m1:Medicine) -[:MAY_TREAT]->(n:Condition) <-[:MAY_TREAT]-(m2:Medicine) -[:INTERACTS_WITH]->(m1) "
    "RETURN * LIMIT 25\n\n\nMATCH (n)\nDETACH DELETE n;\n\n\nSHOW CONSTRAINT;\n\n"
    "DROP CONSTRAINT medicine_index\n;\n")


def _drug_ddi_mirror(tmp_path: Path, script: str = _DRUG_DDI_SCRIPT) -> Path:
    return _clone(tmp_path, corpus.DRUG_DDI, {
        corpus.DRUG_DDI_SCRIPT: script,
        corpus.DRUG_DDI_DATA + "drug_details_5.jsonl": (
            '{"name": "Nepafenac", "side_effects": ["Stickiness", "Decreased vision"], "cid": 151075}\n'
            '{"name": "Human Rabies Immunoglobulin", "side_effects": ["Pain"], "cid": ""}\n'),
        corpus.DRUG_DDI_DATA + "INTERACTS_WITH.tsv": "from\tto\teffect\nAripiprazole\tTerbinafine\tLIFE-THREATENING\n"})


def test_drug_interactions_runs_its_import_up_to_its_queries_with_json_lines_and_tab_separated_files(
        tmp_path: Path) -> None:
    # apoc.load.jsonArray over a JSON lines file: each line's object, as apoc.load.json gives it; the queries and the
    # reset (DETACH DELETE, DROP CONSTRAINT) after the last LOAD CSV are not run
    store = Recorder()
    corpus.write_drug_interactions(store, _drug_ddi_mirror(tmp_path))
    assert store.calls == [
        ("CREATE CONSTRAINT medicine_index IF NOT EXISTS FOR (m:Medicine) REQUIRE m.name IS UNIQUE", {}),
        ("UNWIND $values AS value MERGE (c:Medicine {name: value.name, side_effects: value.side_effects, "
         "cid: value.cid})",
         {"values": [{"name": "Nepafenac", "side_effects": ["Stickiness", "Decreased vision"], "cid": 151075},
                     {"name": "Human Rabies Immunoglobulin", "side_effects": ["Pain"], "cid": ""}]}),
        ("UNWIND $rows AS row  MERGE (p1:Medicine {name: row.from}) MERGE (p2:Medicine {name: row.to}) "
         "MERGE (p1)-[r:INTERACTS_WITH {severity: row.effect}]->(p2)",
         {"rows": [{"from": "Aripiprazole", "to": "Terbinafine", "effect": "LIFE-THREATENING"}]})]
    assert corpus.graph("drug-interactions").split == "spent"


def test_drug_interactions_refuses_a_script_without_its_queries_and_a_file_outside_its_repository(
        tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="no longer has the queries"):
        corpus.write_drug_interactions(Recorder(), _drug_ddi_mirror(
            tmp_path / "cut", _DRUG_DDI_SCRIPT.split("MATCH  (m1")[0]))
    script = _DRUG_DDI_SCRIPT.replace("file:///drug_details_5.jsonl", "https://example.org/drugs.jsonl")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/drugs.jsonl"):
        corpus.write_drug_interactions(Recorder(), _drug_ddi_mirror(tmp_path / "url", script))


# johngeyer/CIS550Project's input_files_final/: one file a club and season, its MERGE clauses with no ';' between them
# (one statement a file); the first file opens with a 4.x index line; the folder holds a .DS_Store too
_MLB_ANA = ('CREATE INDEX ON :Player(name)\n\nMERGE (p1:Player {name:"Albert Pujols"})\n\n'
            'MERGE (t1:Team {teamID:"LA Angels",abbr:"ANA"})\n'
            'MERGE (t1)-[:PAYS {salary:"$26,000,000", season:2017}]->(p1)\n')
_MLB_ATL = ('MERGE (p1:Player {name:"Freddie Freeman"})\n\nMERGE (t1:Team {teamID:"Atlanta Braves",abbr:"ATL"})\n'
            'MERGE (t1)-[:PAYS {salary:"\n", season:2016}]->(p1)\n')


def test_mlb_payrolls_runs_each_file_as_one_statement_after_its_index(tmp_path: Path) -> None:
    folder = corpus.MLB_PAYROLLS_FOLDER
    store = Recorder()
    corpus.write_mlb_payrolls(store, _clone(tmp_path, corpus.MLB_PAYROLLS, {
        f"{folder}ATL_input2.cyp": _MLB_ATL, f"{folder}ANA_input.cyp": _MLB_ANA, f"{folder}.DS_Store": "\x00"}))
    assert store.calls == [
        ("CREATE INDEX FOR (n:Player) ON (n.name)", {}),
        ('MERGE (p1:Player {name:"Albert Pujols"})\n\nMERGE (t1:Team {teamID:"LA Angels",abbr:"ANA"})\n'
         'MERGE (t1)-[:PAYS {salary:"$26,000,000", season:2017}]->(p1)', {}),
        (_MLB_ATL.strip(), {})]


def test_mlb_payrolls_refuses_a_file_of_several_statements(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.MLB_PAYROLLS,
                    {f"{corpus.MLB_PAYROLLS_FOLDER}ANA_input.cyp": 'MERGE (p1:Player {name:"Mike Trout"});\n'})
    with pytest.raises(corpus.CorpusError, match="no longer one statement a file"):
        corpus.write_mlb_payrolls(Recorder(), mirror)


# sdaschner/favorite-coffee's deployment/migration/load-coffee-data.cypher, shortened: a clean-up, the one User, a 4.x
# uniqueness constraint, its LOAD CSV of the repository's raw data.csv (a bean's flavours split from one field) and a
# closing count
_COFFEE_BEANS_SCRIPT = (
    "// clear data\nMATCH (n:CoffeeBean) DETACH DELETE n;\nCREATE (:User {name: 'User'});\n\n"
    "CREATE CONSTRAINT IF NOT EXISTS ON (n:Flavor) ASSERT n.name IS UNIQUE;\n\n"
    "//LOAD CSV WITH HEADERS FROM 'file:///data.csv' AS row\n"
    "LOAD CSV WITH HEADERS FROM 'https://raw.githubusercontent.com/sdaschner/favorite-coffee/main/deployment/migration/"
    "data.csv' AS row\nMERGE (b:CoffeeBean {uuid: randomUUID(), name: row.Name})\n"
    "MERGE (o:Origin {country: row.Origin})\nMERGE (b)-[:IS_FROM]->(o)\nWITH row, b, o\n"
    "UNWIND split(row.Flavors, ';') AS flavor\nWITH b, split(flavor, ':') AS parts\n"
    "MERGE (f:Flavor {name: toString(parts[0])})\nMERGE (b)-[:TASTES {percentage: toFloat(parts[1])}]->(f)\n;\n\n"
    "MATCH () RETURN count(*) as nodes;\n")
_COFFEE_BEANS_CSV = ("Name,Origin,Flavors\n"
                     "Kintamani Natural,Indonesia,Buttery:0.27272727272727276;Winey:0.18181818181818182\n"
                     "Bela Vista Yellow Bourbon Honey,Brazil,Fruity:1.0\n")


def test_coffee_beans_runs_its_load_script_over_its_data_csv(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.COFFEE_BEANS, {corpus.COFFEE_BEANS_SCRIPT: _COFFEE_BEANS_SCRIPT,
                                                     "deployment/migration/data.csv": _COFFEE_BEANS_CSV})
    store = Recorder()
    corpus.write_coffee_beans(store, mirror)
    rows = [{"Name": "Kintamani Natural", "Origin": "Indonesia",
             "Flavors": "Buttery:0.27272727272727276;Winey:0.18181818181818182"},
            {"Name": "Bela Vista Yellow Bourbon Honey", "Origin": "Brazil", "Flavors": "Fruity:1.0"}]
    # every statement as written (comments, the commented-out file:/// variant among them, dropped), the constraint in
    # 5.x syntax, the LOAD CSV given the rows of the repository's deployment/migration/data.csv its raw URL names
    assert store.calls == [
        ("MATCH (n:CoffeeBean) DETACH DELETE n", {}),
        ("CREATE (:User {name: 'User'})", {}),
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:Flavor) REQUIRE n.name IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (b:CoffeeBean {uuid: randomUUID(), name: row.Name})\n"
         "MERGE (o:Origin {country: row.Origin})\nMERGE (b)-[:IS_FROM]->(o)\nWITH row, b, o\n"
         "UNWIND split(row.Flavors, ';') AS flavor\nWITH b, split(flavor, ':') AS parts\n"
         "MERGE (f:Flavor {name: toString(parts[0])})\nMERGE (b)-[:TASTES {percentage: toFloat(parts[1])}]->(f)",
         {"rows": rows}),
        ("MATCH () RETURN count(*) as nodes", {})]


def test_coffee_beans_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = _COFFEE_BEANS_SCRIPT.replace(
        "https://raw.githubusercontent.com/sdaschner/favorite-coffee/main/deployment/migration/data.csv",
        "file:///data.csv")
    mirror = _clone(tmp_path, corpus.COFFEE_BEANS, {corpus.COFFEE_BEANS_SCRIPT: script,
                                                     "deployment/migration/data.csv": _COFFEE_BEANS_CSV})
    with pytest.raises(corpus.CorpusError, match="reads file:///data.csv"):
        corpus.write_coffee_beans(Recorder(), mirror)


# Clyde1030/Graph-Stock-Analysis's code/project.ipynb, shortened: a markdown cell, the cell of its load_data(tx, df)
# (its statement with a commented-out party line, its keyword parameters, count through int()) and the cell that
# calls it; data/cleaned_transaction.csv, the frame its aggregation query wrote, a member without a party among its rows
_CONGRESS_TRADES_LOAD = (
    "def load_data(tx, df):\n    for _, row in df.iterrows():\n        tx.run(\"\"\"\n"
    "            MERGE (r:Representative {name: $rep}) SET r.party = $party, r.state = $state\n"
    "            MERGE (c:Company {name: $ticker})\n"
    "            // MERGE (p:Party {name: $party})\n"
    "            MERGE (r)-[tr:TRADED]->(c) SET tr.count = $count\n"
    "        \"\"\", \n        rep=row['representative'],\n        party=row['party'],\n"
    "        state=row['state'],\n        ticker=row['ticker'],\n"
    "        count=int(row['count']))  # Ensure count is an int\n")
_CONGRESS_TRADES_CSV = ("party,state,representative,sector,industry,ticker,count\n"
                        "Republican,KY,Thomas Massie,Capital Goods,Auto Manufacturing,TSLA,1\n"
                        ",OH,Max Miller,Finance,Blank Checks,MPRAU,3\n")


def _congress_trades_mirror(tmp_path: Path, load: str) -> Path:
    notebook = {"cells": [{"cell_type": "markdown", "source": ["## Load\n"]},
                          {"cell_type": "code", "source": [load]},
                          {"cell_type": "code", "source": ["session.write_transaction(load_data, loaded_data)\n"]}]}
    return _clone(tmp_path, corpus.CONGRESS_TRADES, {corpus.CONGRESS_TRADES_NOTEBOOK: json.dumps(notebook),
                                                     corpus.CONGRESS_TRADES_DATA: _CONGRESS_TRADES_CSV})


def test_congress_trades_runs_its_load_data_statement_over_each_row(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_congress_trades(store, _congress_trades_mirror(tmp_path, _CONGRESS_TRADES_LOAD))
    # the statement as written, each $name the row's value; the rows as its frame held them: count an int, an empty
    # party null (Postgres' NULL), the columns it does not pass (sector, industry here) not given
    assert store.calls == [(
        "UNWIND $rows AS row\nMERGE (r:Representative {name: row.rep}) SET r.party = row.party, r.state = row.state\n"
        "            MERGE (c:Company {name: row.ticker})\n            // MERGE (p:Party {name: row.party})\n"
        "            MERGE (r)-[tr:TRADED]->(c) SET tr.count = row.count",
        {"rows": [{"rep": "Thomas Massie", "party": "Republican", "state": "KY", "ticker": "TSLA", "count": 1},
                  {"rep": "Max Miller", "party": None, "state": "OH", "ticker": "MPRAU", "count": 3}]})]


def test_congress_trades_refuses_a_parameter_it_is_not_given(tmp_path: Path) -> None:
    load = _CONGRESS_TRADES_LOAD.replace("SET tr.count = $count", "SET tr.count = $count, tr.amount = $amount")
    with pytest.raises(corpus.CorpusError, match=r"reads \$amount"):
        corpus.write_congress_trades(Recorder(), _congress_trades_mirror(tmp_path, load))


# Juminary/import's import_to_neo4j.cypher, shortened: its comments, two of its five indexes and its one LOAD CSV
# statement (as written, no IN TRANSACTIONS), over ich_national_full_data.csv with the byte-order mark the file opens
# with, a row without its 保护单位 and a category with a line break inside its quoted field
_ICH_SCRIPT = ("// Neo4j 知识图谱导入脚本 - 完整版\n// 1. 先执行 01_create_indexes.cypher 创建索引\n"
               "// MATCH (n) DETACH DELETE n;\n\n"
               "CREATE INDEX item_name_index IF NOT EXISTS FOR (i:Item) ON (i.name);\n"
               "CREATE INDEX item_id_index IF NOT EXISTS FOR (i:Item) ON (i.id);\n\n"
               "LOAD CSV WITH HEADERS FROM 'file:///ich_national_full_data.csv' AS row\nWITH row\n"
               "WHERE row.名称 IS NOT NULL AND row.名称 <> '' \n"
               "MERGE (category:Category {name: trim(row.类别)})\n"
               "MERGE (item:Item {id: row.序号})\n"
               "MERGE (item)-[:属于]->(category);\n")
_ICH_CSV = ("\ufeff序号,名称,类别,申报地区,保护单位\n1,苗族古歌,民间文学,贵州省台江县,台江县非物质文化遗产保护中心\n"
            "1737,少林功夫,\"传统体育、\n游艺与杂技\",河南省登封市,中国嵩山少林寺\n"
            "3037,中医正骨疗法（罗氏正骨法）,传统医药,北京市朝阳区,\n")


def test_china_intangible_heritage_runs_its_script_over_its_one_file(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_china_intangible_heritage(store, _clone(tmp_path, corpus.INTANGIBLE, {
        corpus.INTANGIBLE_SCRIPT: _ICH_SCRIPT, corpus.INTANGIBLE_FILE: _ICH_CSV}))
    assert store.calls == [
        ("CREATE INDEX item_name_index IF NOT EXISTS FOR (i:Item) ON (i.name)", {}),
        ("CREATE INDEX item_id_index IF NOT EXISTS FOR (i:Item) ON (i.id)", {}),
        ("UNWIND $rows AS row\nWITH row\nWHERE row.名称 IS NOT NULL AND row.名称 <> '' \n"
         "MERGE (category:Category {name: trim(row.类别)})\nMERGE (item:Item {id: row.序号})\n"
         "MERGE (item)-[:属于]->(category)",
         {"rows": [{"序号": "1", "名称": "苗族古歌", "类别": "民间文学", "申报地区": "贵州省台江县",
                    "保护单位": "台江县非物质文化遗产保护中心"},
                   {"序号": "1737", "名称": "少林功夫", "类别": "传统体育、\n游艺与杂技", "申报地区": "河南省登封市",
                    "保护单位": "中国嵩山少林寺"},
                   {"序号": "3037", "名称": "中医正骨疗法（罗氏正骨法）", "类别": "传统医药",
                    "申报地区": "北京市朝阳区", "保护单位": None}]})]
    assert corpus.graph("china-intangible-heritage").split == "spent"


def test_china_intangible_heritage_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = _ICH_SCRIPT.replace("file:///ich_national_full_data.csv", "https://www.ihchina.cn/list.csv")
    mirror = _clone(tmp_path, corpus.INTANGIBLE, {corpus.INTANGIBLE_SCRIPT: script, corpus.INTANGIBLE_FILE: _ICH_CSV})
    with pytest.raises(corpus.CorpusError, match="reads https://www.ihchina.cn/list.csv"):
        corpus.write_china_intangible_heritage(Recorder(), mirror)


# dgg32/gemini_virus' neo4j_command.txt, shortened: a 4.x constraint, a node file, a HAS_TAXON file with a row whose
# `from` is empty (its MERGE of a null taxid is refused by every Neo4j), then the article's query
_GEMINI_VIRUS_SCRIPT = (
    "CREATE CONSTRAINT ON (t:Taxon) ASSERT t.taxid IS UNIQUE;\n"
    "LOAD CSV WITH HEADERS FROM 'file:///taxon.csv' AS row MERGE (t:Taxon {taxid: row.taxid, rank: row.rank, "
    "name: row.name});\n\n"
    "LOAD CSV WITH HEADERS FROM 'file:///taxon_connections.csv' AS row MERGE (f1:Taxon {taxid: row.from}) "
    "MERGE (f2:Taxon {taxid: row.to}) MERGE (f1)-[r:HAS_TAXON]->(f2);\n\n\n"
    'MATCH (n:Kegg)<-[:HAS_KEGG]-(t:Taxon) <-[:HAS_TAXON*..15]-(t2:Taxon {name: "Viruses"}) '
    "RETURN DISTINCT(n.kegg_id)")


def _gemini_virus_mirror(tmp_path: Path, script: str = _GEMINI_VIRUS_SCRIPT) -> Path:
    data = corpus.GEMINI_VIRUS_DATA
    return _clone(tmp_path, corpus.GEMINI_VIRUS, {
        corpus.GEMINI_VIRUS_SCRIPT: script,
        data + "taxon.csv": 'taxid,name,rank\n"10239","Viruses","superkingdom"\n"10242","Orthopoxvirus","genus"\n',
        data + "taxon_connections.csv": 'from,to\n"10239","10242"\n"","384643"\n'})


def test_virus_knowledge_graph_runs_its_import_up_to_its_query_leaving_out_rows_with_an_empty_key(
        tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_virus_knowledge_graph(store, _gemini_virus_mirror(tmp_path))
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (t:Taxon) REQUIRE t.taxid IS UNIQUE", {}),
        ("UNWIND $rows AS row MERGE (t:Taxon {taxid: row.taxid, rank: row.rank, name: row.name})",
         {"rows": [{"taxid": "10239", "name": "Viruses", "rank": "superkingdom"},
                   {"taxid": "10242", "name": "Orthopoxvirus", "rank": "genus"}]}),
        ("UNWIND $rows AS row MERGE (f1:Taxon {taxid: row.from}) MERGE (f2:Taxon {taxid: row.to}) "
         "MERGE (f1)-[r:HAS_TAXON]->(f2)", {"rows": [{"from": "10239", "to": "10242"}]})]
    assert corpus.graph("virus-knowledge-graph").split == "spent"


def test_virus_knowledge_graph_refuses_a_script_without_its_query_and_a_file_outside_its_repository(
        tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="no longer has the query"):
        corpus.write_virus_knowledge_graph(Recorder(), _gemini_virus_mirror(
            tmp_path / "cut", _GEMINI_VIRUS_SCRIPT.split("MATCH (n:Kegg)")[0]))
    script = _GEMINI_VIRUS_SCRIPT.replace("file:///taxon.csv", "https://example.org/taxon.csv")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/taxon.csv"):
        corpus.write_virus_knowledge_graph(Recorder(), _gemini_virus_mirror(tmp_path / "url", script))


# neo4j-examples/discoveraurafree's GEDCOM episode: its loader's statement (gedcom2neo4j.py), the rows gedcom2csv.py
# wrote from royal92.ged (a short row: no mother or father; a person without a last name) and the page's section of
# inferred nodes and relationships, between a query block before it and the Python driver's section after it
_GEDCOM_LOADER = ('statement_w_cleanup = """\n        UNWIND $data as row\n        MERGE (p:Person {id:row.id})\n'
                  '        """\nstatement_conditional = """\n        RETURN 1\n        """\n')
_GEDCOM_PAGE = ("=== First Exploration\n\n[source,cypher]\n----\nMATCH (p:Person)\nSET p.name = p.first + ' ' + p.last;"
                "\n\nCREATE INDEX ON :Person(name);\n----\n\n=== Adding new Relationships\n\n[source,cypher]\n----\n"
                "MATCH (p:Person)\nMERGE (fam:Family {name:p.last})\nMERGE (p)-[:FAMILY]->(fam);\n----\n\n"
                ".Siblings\n[source,cypher]\n----\n// from person to parents\n"
                "MATCH (p:Person)-[:MOTHER|FATHER]->(parent)\nMATCH (sib:Person)-[:MOTHER|FATHER]->(parent)\n"
                "WHERE p <> sib\nMERGE (p)-[:SIBLING]-(sib);\n----\n\n=== Direct Import with Python Driver\n\n"
                "[source,cypher]\n----\nMATCH (n) DETACH DELETE n;\n----\n")


def _royal92_mirror(tmp_path: Path, page: str = _GEDCOM_PAGE) -> Path:
    return _clone(tmp_path, corpus.DISCOVER, {
        "code/gedcom/gedcom2neo4j.py": _GEDCOM_LOADER, corpus.GEDCOM_PAGE: page,
        "data/royals.csv": ("first,last,birth,death,gender,id,mother,father\n"
                            "Victoria,Hanover,1819,1901,F,@I1@,@I138@,@I133@\n"
                            "George Victor of_Waldeck,,1831,1889,M,@I19@\n")})


def test_royal92_runs_the_gedcom_loader_over_royals_csv_then_the_pages_inferred_relationships(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_royal92(store, _royal92_mirror(tmp_path))
    rows = [{"first": "Victoria", "last": "Hanover", "birth": "1819", "death": "1901", "gender": "F", "id": "@I1@",
             "mother": "@I138@", "father": "@I133@"},
            {"first": "George Victor of_Waldeck", "last": None, "birth": "1831", "death": "1889", "gender": "M",
             "id": "@I19@", "mother": None, "father": None}]
    # the section's blocks only (not the exploration's nor the Python driver's); Family only from a last name
    assert store.calls == [
        ("\n        UNWIND $data as row\n        MERGE (p:Person {id:row.id})\n        ", {"data": rows}),
        ("MATCH (p:Person) WHERE p.last IS NOT NULL\nMERGE (fam:Family {name:p.last})\nMERGE (p)-[:FAMILY]->(fam)", {}),
        ("MATCH (p:Person)-[:MOTHER|FATHER]->(parent)\nMATCH (sib:Person)-[:MOTHER|FATHER]->(parent)\n"
         "WHERE p <> sib\nMERGE (p)-[:SIBLING]-(sib)", {})]


def test_royal92_refuses_a_page_without_the_inferred_relationships_section(tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="no \"Adding new Relationships\" blocks"):
        corpus.write_royal92(Recorder(), _royal92_mirror(tmp_path, _GEDCOM_PAGE.split("=== Adding")[0]))


# utnaf/neo4j-client-for-laravel's database/migrations/seed.cypher, shortened: a 4.x named IF NOT EXISTS constraint,
# its two apoc.load.csv statements, the deletion of beers without an ibu, then the made-up users and random reviews
_CRAFT_BEERS_SEED = (
    "CREATE CONSTRAINT brewery_id_unique IF NOT exists ON (b:Brewery) ASSERT b.id IS UNIQUE;\n\n"
    'CALL apoc.load.csv("file:///breweries.csv") YIELD map\nMERGE (br:Brewery {id:map.id}) SET br.name = map.name\n'
    "MERGE (c:City {name:map.city})\nMERGE (br)-[:FROM]->(c)\nMERGE (s:State {name: TRIM(map.state)})\n"
    "MERGE (c)-[:IN]->(s);\n\n"
    'CALL apoc.load.csv("file:///beers.csv") YIELD map\nMERGE (be:Beer {id:toInteger(map.id)}) SET\n'
    "be.ibu = ROUND(toFloat(map.ibu), 2),\nbe.name = map.name,\nbe.style = map.style\nWITH be, map\n"
    "MATCH (br:Brewery {id: map.brewery_id})\nMERGE (be)-[:BREWED_BY]->(br);\n\n"
    "MATCH (be:Beer)\nWHERE be.ibu IS NULL\nDETACH DELETE be;\n\n"
    'UNWIND ["Lois", "Peter", "Meg", "Chris", "Stewie", "Brian"] as name\n'
    "CREATE (u:User {id: apoc.create.uuid(), name: name});\n\n"
    "MATCH (u:User) CREATE (u)-[:WROTE]->(:Review {rating: apoc.coll.randomItem([1, 5])});\n")
_CRAFT_BEERS_BREWERIES = "id,name,city,state\n0,NorthGate Brewing ,Minneapolis, MN\n"
_CRAFT_BEERS_BEERS = (",abv,ibu,id,name,style,brewery_id,ounces\n0,0.05,,1436,Pub Beer,American Pale Lager,0,12.0\n"
                      "1,0.061,60.0,1979,Bitter Bitch,,0,12.0\n")


def _craft_beers_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: str = _CRAFT_BEERS_SEED) -> Path:
    import subprocess

    fetched = tmp_path / "utnaf+neo4j-client-for-laravel" / "repo"
    folder = fetched / "database" / "migrations"
    folder.mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (folder / "seed.cypher").write_text(seed, encoding="utf-8")
    (folder / "breweries.csv").write_text(_CRAFT_BEERS_BREWERIES, encoding="utf-8")
    (folder / "beers.csv").write_text(_CRAFT_BEERS_BEERS, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "recommendation works"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (folder / "seed.cypher").write_text(seed.replace("DETACH DELETE be;", "DETACH DELETE be;\n\nMATCH (be:Beer)\n"
                                                     "WITH be ORDER BY be.id SKIP 30 DETACH DELETE be;"), "utf-8")
    subprocess.run([*git, "commit", "-qam", "fixed some minor issues"], check=True)
    monkeypatch.setattr(corpus, "CRAFT_BEERS_COMMIT", full)
    return tmp_path


def test_craft_beers_runs_its_seed_up_to_the_made_up_users_over_its_csvs(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_craft_beers(store, _craft_beers_mirror(tmp_path, monkeypatch))
    # the seed of CRAFT_BEERS_COMMIT, not HEAD's (which keeps 30 beers); its constraint in 5.x syntax; each
    # apoc.load.csv given the rows of its file as apoc.load.csv yields them (an empty field the empty string, the
    # pandas index column keyed ''); nothing from the made-up users on
    assert store.calls == [
        ("CREATE CONSTRAINT brewery_id_unique IF NOT EXISTS FOR (b:Brewery) REQUIRE b.id IS UNIQUE", {}),
        ("UNWIND $rows AS map\nMERGE (br:Brewery {id:map.id}) SET br.name = map.name\n"
         "MERGE (c:City {name:map.city})\nMERGE (br)-[:FROM]->(c)\nMERGE (s:State {name: TRIM(map.state)})\n"
         "MERGE (c)-[:IN]->(s)",
         {"rows": [{"id": "0", "name": "NorthGate Brewing ", "city": "Minneapolis", "state": " MN"}]}),
        ("UNWIND $rows AS map\nMERGE (be:Beer {id:toInteger(map.id)}) SET\n"
         "be.ibu = ROUND(toFloat(map.ibu), 2),\nbe.name = map.name,\nbe.style = map.style\nWITH be, map\n"
         "MATCH (br:Brewery {id: map.brewery_id})\nMERGE (be)-[:BREWED_BY]->(br)",
         {"rows": [{"": "0", "abv": "0.05", "ibu": "", "id": "1436", "name": "Pub Beer",
                    "style": "American Pale Lager", "brewery_id": "0", "ounces": "12.0"},
                   {"": "1", "abv": "0.061", "ibu": "60.0", "id": "1979", "name": "Bitter Bitch", "style": "",
                    "brewery_id": "0", "ounces": "12.0"}]}),
        ("MATCH (be:Beer)\nWHERE be.ibu IS NULL\nDETACH DELETE be", {})]


def test_craft_beers_refuses_a_seed_without_its_made_up_users(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    seed = _CRAFT_BEERS_SEED.split("UNWIND [")[0]
    with pytest.raises(corpus.CorpusError, match="made-up users"):
        corpus.write_craft_beers(Recorder(), _craft_beers_mirror(tmp_path, monkeypatch, seed))


# ch-ricardor/Neo4j's UN_proj/GraphSql/ scripts, shortened: each one statement of MERGE clauses padded with trailing
# blanks and without a closing semicolon (Step 2 with its `//` section comments), as the repository has them
_UN_STEP_1 = (' Merge (blevel001:Organization { name:"United Nations", OrgCode:"001"})      \n'
              ' Merge (blevel003:UN_Organs { name:"General Assembly", OrgCode:"003"})      \n'
              "Merge (blevel003)-[:Is_Part_Of]->(blevel001)      ")
_UN_STEP_2 = ('// Root UN Organization\nMerge (borg000:Organization { org_code:"UN_000", name:"United Nations", '
              'abbreviation:"UN", link_code:""} )\n\n// World Bank Group Units\n'
              'Merge (borgl3001:World_Bank_Group { org_code:"UN_007_011_01", name:"International Bank for '
              'Reconstruction and Development ", abbreviation:"IBRD", link_code:"UN_007_011"} )\n'
              'Merge (borgl3001)-[:belongs_to { name: "World Bank Group"}]->(borg000)\n')
_UN_STEP_3 = (' Merge (toCont002:Continent { name:"Africa", ISOCode:"002"})     \n'
              ' Merge (toContR011:Continent_Region { name:"Western Africa", ISOCode:"011"})     \n'
              ' Merge (toCoun854:Country { name:"Burkina Faso", ISOCode:"854", ISOAlpha3:"BFA", ISOAlpha2:"BF"})   \n'
              "Merge (toCoun854)-[:Is_Part_Of]->(toContR011) Merge (toContR011)-[:Is_Part_Of]->(toCont002)    ")


def test_un_structure_runs_its_three_scripts_in_their_numbered_order(tmp_path: Path) -> None:
    mirror = _clone(tmp_path, corpus.UN_STRUCTURE, dict(zip(corpus.UN_STRUCTURE_SCRIPTS,
                                                            (_UN_STEP_1, _UN_STEP_2, _UN_STEP_3), strict=True)))
    store = Recorder()
    corpus.write_un_structure(store, mirror)
    # one statement a file, as written: its comments dropped, nothing else changed (the trailing blanks in names kept)
    assert store.calls == [(_UN_STEP_1.strip(), {}),
                           (_UN_STEP_2.split("\n", 1)[1].replace("\n\n// World Bank Group Units", "\n").strip(), {}),
                           (_UN_STEP_3.strip(), {})]


def test_un_structure_refuses_a_script_that_reads_a_file(tmp_path: Path) -> None:
    step_2 = "LOAD CSV WITH HEADERS FROM 'file:///Orgs_UN.csv' AS row\nMERGE (:Organization {name: row.NAME})\n"
    mirror = _clone(tmp_path, corpus.UN_STRUCTURE, dict(zip(corpus.UN_STRUCTURE_SCRIPTS,
                                                            (_UN_STEP_1, step_2, _UN_STEP_3), strict=True)))
    with pytest.raises(corpus.CorpusError, match="reads file:///Orgs_UN.csv"):
        corpus.write_un_structure(Recorder(), mirror)


# rokabe40-hash/gd-museum-ai-assistant's Neo4j/import_to_neo4j.py, shortened: its settings from the environment (the
# password required), DATA_DIR beside the script, its own Python steps (empty strings to None, an era's dynasty by its
# prefix), a constraint whose failure it prints and stops at, an UNWIND of the records, a consume() whose counters it
# prints and a check that reads a record by key from single()
_GD_MUSEUM_LOADER = (
    "import json\nimport os\nimport sys\n\nfrom dotenv import load_dotenv\nfrom neo4j import GraphDatabase\n\n"
    "load_dotenv()\n"
    "DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), \"广东省博物馆数据\")\n"
    "DB_PASS = os.environ.get(\"NEO4J_PASSWORD\")\n"
    "if not DB_PASS:\n    raise RuntimeError(\"缺少 NEO4J_PASSWORD 环境变量\")\n"
    "ERA_NORMALIZE = {\"清\": \"清\", \"明代\": \"明\"}\n\n"
    "def normalize_era(era_str):\n    if not era_str:\n        return \"未知\"\n"
    "    for prefix, normalized in ERA_NORMALIZE.items():\n        if era_str.startswith(prefix):\n"
    "            return normalized\n    return era_str\n\n"
    "def main():\n    driver = GraphDatabase.driver(\"bolt://localhost:7687\", auth=(\"neo4j\", DB_PASS))\n"
    "    driver.verify_connectivity()\n"
    "    with open(f\"{DATA_DIR}/藏品库.json\", encoding=\"utf-8\") as f:\n        artifacts = json.load(f)\n"
    "    for item in artifacts:\n        if isinstance(item.get(\"era\"), str) and not item[\"era\"].strip():\n"
    "            item[\"era\"] = None\n        item[\"normalized_era\"] = normalize_era(item.get(\"era\"))\n"
    "    with driver.session() as session:\n        try:\n"
    "            session.run(\"CREATE CONSTRAINT artifact_name IF NOT EXISTS \"\n"
    "                        \"FOR (a:Artifact) REQUIRE a.name IS UNIQUE\")\n"
    "        except Exception as e:\n            print(f\"  [WARN] 约束创建失败: {e}\")\n            return\n"
    "        session.run(\"UNWIND $items AS item MERGE (a:Artifact {name: item.name})\", items=artifacts)\n"
    "        count = session.run(\"MATCH (h:Hall) MERGE (h)-[:X]->(h)\").consume().counters.relationships_created\n"
    "        print(f\"[OK] {count}\")\n"
    "        r = session.run(\"MATCH (n:Artifact) RETURN count(n) AS cnt\").single()\n"
    "        print(r[\"cnt\"] if r else 0)\n    driver.close()\n\n"
    "if __name__ == \"__main__\":\n    main()\n")
_GD_MUSEUM_ARTIFACTS = json.dumps([{"name": "清康熙三十二年黑漆款彩郭子仪庆寿图屏风", "era": "清康熙三十二年"},
                                   {"name": "明陈贤罗汉图轴", "era": "明代"}, {"name": "石斧", "era": " "}],
                                  ensure_ascii=False)


def _gd_museum_mirror(tmp_path: Path, loader: str = _GD_MUSEUM_LOADER) -> Path:
    return _clone(tmp_path, corpus.GD_MUSEUM, {
        corpus.GD_MUSEUM_LOADER: loader, corpus.GD_MUSEUM_SETTINGS: "# 样例\nNEO4J_URI=bolt://x:7687\nNEO4J_PASSWORD=\n",
        corpus.GD_MUSEUM_DATA + "藏品库.json": _GD_MUSEUM_ARTIFACTS})


def test_guangdong_museum_runs_its_loader_with_its_own_python_steps_over_its_files(tmp_path: Path) -> None:
    # the password .env.example leaves empty is given a placeholder (the loader stops without one); its Python steps
    # as written: a blank era None, its dynasty "未知"; an era by its prefix table; each statement as written
    store = Recorder()
    corpus.write_guangdong_museum(store, _gd_museum_mirror(tmp_path))
    assert store.calls == [
        ("CREATE CONSTRAINT artifact_name IF NOT EXISTS FOR (a:Artifact) REQUIRE a.name IS UNIQUE", {}),
        ("UNWIND $items AS item MERGE (a:Artifact {name: item.name})", {"items": [
            {"name": "清康熙三十二年黑漆款彩郭子仪庆寿图屏风", "era": "清康熙三十二年", "normalized_era": "清"},
            {"name": "明陈贤罗汉图轴", "era": "明代", "normalized_era": "明"},
            {"name": "石斧", "era": None, "normalized_era": "未知"}]}),
        ("MATCH (h:Hall) MERGE (h)-[:X]->(h)", {}),
        ("MATCH (n:Artifact) RETURN count(n) AS cnt", {})]
    assert corpus.graph("guangdong-museum").split == "spent"


class _RefusingStore(Recorder):
    """A store that refuses constraints, as a server refusing one would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        if statement.startswith("CREATE CONSTRAINT"):
            raise RuntimeError("refused")
        return super().query(statement, params, read_only)


@pytest.mark.parametrize(("loader", "store", "refused"), [
    (_GD_MUSEUM_LOADER.replace("import sys\n", "import subprocess\n"), Recorder(), "imports subprocess"),
    (_GD_MUSEUM_LOADER.replace("藏品库.json", "藏品总目.json"), Recorder(),
     "opens /Neo4j/广东省博物馆数据/藏品总目.json"),
    (_GD_MUSEUM_LOADER, _RefusingStore(), r"its loader failed: \[WARN\] 约束创建失败: refused")])
def test_guangdong_museum_reads_nothing_else_and_raises_what_its_loader_prints_on_a_failure(
        tmp_path: Path, loader: str, store: Recorder, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_guangdong_museum(store, _gd_museum_mirror(tmp_path, loader))


# dgg32/esvd_pricing's neo4j_command.txt, shortened: a constraint, a tab-separated node file (a missing number written
# "nan"), the PROVIDES_SERVICE statement that MERGEs a Teeb_service on a code its nodes do not have, and a one-hot
# statement that reads no file
_ESVD_SCRIPT = (
    "CREATE CONSTRAINT IF NOT EXISTS FOR (v:Site) REQUIRE v.name IS UNIQUE\n;\n"
    "LOAD CSV WITH HEADERS FROM 'file:///node_values.tsv' AS row FIELDTERMINATOR '\\t' MERGE (c:Site {name: row.name, "
    "\nint__per_hectare_per_year: coalesce(toFloat(row.int__per_hectare_per_year), 0.0)})\n;\n\n"
    "LOAD CSV WITH HEADERS FROM 'file:///relation_teeb_service_value.tsv' AS row FIELDTERMINATOR '\\t' "
    "MERGE (p1:Site {name: row.from}) MERGE (p2:Teeb_service {code: row.to}) MERGE (p1)-[r:PROVIDES_SERVICE]->(p2)\n;\n"
    "\nMATCH (s:Site) \nWITH COLLECT(DISTINCT(s.protection_status)) AS statuses\nMATCH (s:Site)\n"
    "SET s.protection_status_one_hot = gds.alpha.ml.oneHotEncoding(statuses, [s.protection_status]);\n\n\n")


def _esvd_mirror(tmp_path: Path, script: str = _ESVD_SCRIPT) -> Path:
    data = corpus.ESVD_DATA
    return _clone(tmp_path, corpus.ESVD, {
        corpus.ESVD_SCRIPT: script,
        data + "node_values.tsv": "name\tint__per_hectare_per_year\n4260001\t2652.9007\n12410006\tnan\n",
        data + "relation_teeb_service_value.tsv": "from\tto\n12220001\t2\n"})


def test_ecosystem_services_runs_its_script_as_written_over_its_tab_separated_files(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_ecosystem_services(store, _esvd_mirror(tmp_path))
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (v:Site) REQUIRE v.name IS UNIQUE", {}),
        ("UNWIND $rows AS row MERGE (c:Site {name: row.name, \nint__per_hectare_per_year: "
         "coalesce(toFloat(row.int__per_hectare_per_year), 0.0)})",
         {"rows": [{"name": "4260001", "int__per_hectare_per_year": "2652.9007"},
                   {"name": "12410006", "int__per_hectare_per_year": "nan"}]}),
        ("UNWIND $rows AS row MERGE (p1:Site {name: row.from}) MERGE (p2:Teeb_service {code: row.to}) "
         "MERGE (p1)-[r:PROVIDES_SERVICE]->(p2)", {"rows": [{"from": "12220001", "to": "2"}]}),
        ("MATCH (s:Site) \nWITH COLLECT(DISTINCT(s.protection_status)) AS statuses\nMATCH (s:Site)\n"
         "SET s.protection_status_one_hot = gds.alpha.ml.oneHotEncoding(statuses, [s.protection_status])", {})]
    assert corpus.graph("ecosystem-services").split == "spent"


def test_ecosystem_services_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = _ESVD_SCRIPT.replace("file:///node_values.tsv", "https://www.esvd.net/node_values.tsv")
    with pytest.raises(corpus.CorpusError, match="reads https://www.esvd.net/node_values.tsv"):
        corpus.write_ecosystem_services(Recorder(), _esvd_mirror(tmp_path, script))


# mneedham/australian-open-neo4j's scripts/import_mens.cypher, shortened: its `:use`, its APOC schema call, its 4.x
# node key, an apoc.periodic.iterate over two years whose update query (a Cypher string literal, with an escaped
# regular expression inside it) reads JeffSackmann/tennis_atp's file of each year, its browser `:params` line and the
# statement that reads it
_AUS_OPEN_SCRIPT = (
    ":use mens;\n\ncall apoc.schema.assert({}, {Player: [\"id\"], Match: [\"id\"]});\n\n"
    "CREATE CONSTRAINT ON (t:Tournament)\nASSERT (t.name, t.year) IS NODE KEY;\n\n// Create initial model\n"
    "CALL apoc.periodic.iterate(\n  \"UNWIND range(2018, 2019) AS year RETURN year\",\n"
    "  \"WITH 'https://github.com/JeffSackmann/tennis_atp/raw/master/atp_matches_' AS base, year\n"
    "   LOAD CSV WITH HEADERS FROM base + year + '.csv' AS row\n"
    "   WITH row WHERE row.tourney_name = 'Australian Open'\n"
    "   MERGE (m:Match {id: row.tourney_date + '_' + row.match_num})\n"
    "   SET m.sets = [s in split(row.score, ' ') | apoc.text.regexGroups(s, \\\"(\\\\\\\\d{1,2})-\\\")[0][1]]\n"
    "\", {});\n\n"
    ":params rounds: [\"R128\", \"F\"];\n\n"
    "WITH apoc.map.fromLists($rounds, range(0, size($rounds)-1)) AS rounds\nMATCH (m:Match)\n"
    "RETURN rounds[m.round];\n")
_ATP_HEADER = "tourney_name,tourney_date,match_num,score\n"


def _aus_open_mirror(tmp_path: Path, script: str = _AUS_OPEN_SCRIPT) -> Path:
    _clone(tmp_path, corpus.AUS_OPEN_DATA, {
        "atp_matches_2018.csv": _ATP_HEADER + "Australian Open,20180115,701,6-2 6-7(5)\nBrisbane,20180101,300,\n",
        "atp_matches_2019.csv": _ATP_HEADER + "Australian Open,20190114,226,6-3 RET\n"})
    return _clone(tmp_path, corpus.AUS_OPEN, {corpus.AUS_OPEN_SCRIPT: script})


def test_australian_open_runs_its_mens_script_each_iterate_update_once_per_year_over_that_years_file(
        tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_australian_open(store, _aus_open_mirror(tmp_path))
    update = ("WITH $year AS year\n"
              "WITH 'https://github.com/JeffSackmann/tennis_atp/raw/master/atp_matches_' AS base, year\n"
              "   UNWIND $rows AS row\n   WITH row WHERE row.tourney_name = 'Australian Open'\n"
              "   MERGE (m:Match {id: row.tourney_date + '_' + row.match_num})\n"
              "   SET m.sets = [s in split(row.score, ' ') | apoc.text.regexGroups(s, \"(\\\\d{1,2})-\")[0][1]]")
    # `:use` and the `:params` line dropped (their value given as $rounds), the node key the uniqueness it implies,
    # the update query read from its string literal (its regular expression's escapes once resolved) and run for
    # each year of the range over the rows of that year's file, as LOAD CSV reads them
    assert store.calls == [
        ('call apoc.schema.assert({}, {Player: ["id"], Match: ["id"]})', {}),
        ("CREATE CONSTRAINT FOR (t:Tournament) REQUIRE (t.name, t.year) IS UNIQUE", {}),
        (update, {"year": 2018, "rows": [
            {"tourney_name": "Australian Open", "tourney_date": "20180115", "match_num": "701", "score": "6-2 6-7(5)"},
            {"tourney_name": "Brisbane", "tourney_date": "20180101", "match_num": "300", "score": None}]}),
        (update, {"year": 2019, "rows": [
            {"tourney_name": "Australian Open", "tourney_date": "20190114", "match_num": "226", "score": "6-3 RET"}]}),
        ("WITH apoc.map.fromLists($rounds, range(0, size($rounds)-1)) AS rounds\nMATCH (m:Match)\n"
         "RETURN rounds[m.round]", {"rounds": ["R128", "F"]})]
    assert corpus.graph("australian-open").split == "spent"


# SuohTheBest/rageval-backend's Item_synthesis_tree/data_insert.py, shortened: its checks, its one statement and its
# batches, as the repository has them; its data file as committed at TERRARIA_COMMIT (removed the commit after)
_TERRARIA_LOADER = (
    "from neo4j import GraphDatabase\nimport json\n\ndef validate_recipe_json(raw_data):\n    return True, []\n\n"
    "def insert_recipes_from_json(file_path):\n    data = []\n    cypher_query = \"\"\"\n    UNWIND $data AS row\n"
    "    MERGE (p:Item {name: row.product})\n    MERGE (s:Station {name: row.station})\n"
    "    MERGE (p)-[:CRAFTED_AT]->(s)\n    WITH p, row\n    UNWIND row.materials AS mat\n"
    "    MERGE (m:Item {name: mat.name})\n    MERGE (p)-[:REQUIRES {amount: mat.amount}]->(m)\n    \"\"\"\n"
    "    batch_size = 1000\n\nif __name__ == \"__main__\":\n"
    "    insert_recipes_from_json(\"data/knowledge_library/terraria_recipes_merged.json\")\n")
_TERRARIA_DATA = {"合成站": {
    "空手": [{"生成物": "火把×3", "材料": [{"名称": "凝胶", "数量": 1}, {"名称": "木材", "数量": 1}]}],
    "工作台+木椅": [{"生成物": "木弓", "材料": [{"名称": "木材", "数量": 10}]}]}}


def _terraria_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: Any = None) -> Path:
    import subprocess

    fetched = tmp_path / "SuohTheBest+rageval-backend" / "repo"
    (fetched / "Item_synthesis_tree").mkdir(parents=True)
    (fetched / "data" / "knowledge_library").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.TERRARIA_LOADER).write_text(_TERRARIA_LOADER, encoding="utf-8")
    (fetched / corpus.TERRARIA_DATA).write_text(json.dumps(_TERRARIA_DATA if data is None else data,
                                                           ensure_ascii=False), encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "数据修改"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([*git, "rm", "-q", corpus.TERRARIA_DATA], check=True)
    subprocess.run([*git, "commit", "-qm", "remove chroma git"], check=True)
    monkeypatch.setattr(corpus, "TERRARIA_COMMIT", full)
    return tmp_path


def test_terraria_recipes_runs_its_loaders_statement_over_the_rows_it_builds_from_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_terraria_recipes(store, _terraria_mirror(tmp_path, monkeypatch))
    # the data file read at TERRARIA_COMMIT (HEAD no longer has it); the statement as written, given the rows its
    # function builds (station by station, in the file's order; products keep their yield, "火把×3")
    query = ("\n    UNWIND $data AS row\n    MERGE (p:Item {name: row.product})\n"
             "    MERGE (s:Station {name: row.station})\n    MERGE (p)-[:CRAFTED_AT]->(s)\n    WITH p, row\n"
             "    UNWIND row.materials AS mat\n"
             "    MERGE (m:Item {name: mat.name})\n    MERGE (p)-[:REQUIRES {amount: mat.amount}]->(m)\n    ")
    assert store.calls == [(query, {"data": [
        {"station": "空手", "product": "火把×3",
         "materials": [{"name": "凝胶", "amount": 1}, {"name": "木材", "amount": 1}]},
        {"station": "工作台+木椅", "product": "木弓", "materials": [{"name": "木材", "amount": 10}]}]})]
    assert corpus.graph("terraria-recipes").split == "spent"


def test_terraria_recipes_refuses_a_file_its_loaders_checks_refuse(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"合成站": {"空手": [{"生成物": "木弓", "材料": [{"名称": "木材", "数量": "10"}]}]}}
    with pytest.raises(corpus.CorpusError, match="validate_recipe_json"):
        corpus.write_terraria_recipes(Recorder(), _terraria_mirror(tmp_path, monkeypatch, data))

def test_australian_open_refuses_another_url_and_a_parameter_it_does_not_set(tmp_path: Path) -> None:
    script = _AUS_OPEN_SCRIPT.replace("https://github.com/JeffSackmann/tennis_atp/raw/master/",
                                      "https://example.org/atp/")
    with pytest.raises(corpus.CorpusError, match="no longer reads"):
        corpus.write_australian_open(Recorder(), _aus_open_mirror(tmp_path / "url", script))
    script = _AUS_OPEN_SCRIPT.replace(':params rounds: ["R128", "F"];\n', "")
    with pytest.raises(corpus.CorpusError, match=r"reads \$rounds"):
        corpus.write_australian_open(Recorder(), _aus_open_mirror(tmp_path / "params", script))


# FlyingPolarBear/CityKBQA's build_graph.py, shortened: its GraphBuilder's node, belonging, border and field methods as
# written, over one province and one city of its cleaned JSON (two fields each)
_CITY_KBQA_LOADER = (
    "import time\n\nfrom py2neo import Graph, Node, Relationship\n\nfrom utils import *\n\n\n"
    "class GraphBuilder(object):\n    def __init__(self):\n"
    "        self.graph = Graph(host=\"localhost\", http_port=7474, user=\"neo4j\", password=\"456123\")\n"
    "        self.city_info = load_json('data/total/城市信息_清洗后.json')\n"
    "        self.prov_info = load_json('data/total/省份信息_清洗后.json')\n"
    "        self.sai_prop, self.sai_tail = load_sai_info('data/added_knowledge/sai_data.txt')\n"
    "        self.border_head = set()\n\n"
    "    def create_node(self, label, name, property):\n"
    "        query = \"CREATE (n:\"+label+\" {name:\"+'\"'+name+'\",' + \\\n"
    "            'introduction:\"'+property['简介']+'\"}) RETURN n'\n"
    "        self.graph.run(query)\n\n"
    "    def create_belong_relation(self, city, province):\n"
    "        query = f\"MATCH (n) WHERE n.name='{city}' RETURN n\"\n"
    "        citynode = self.graph.run(query).data()[0]['n']\n"
    "        query = f\"MATCH (n) WHERE n.name='{province}' RETURN n\"\n"
    "        provincenode = self.graph.run(query).data()[0]['n']\n"
    "        self.graph.create(Relationship(citynode, \"属于\", provincenode))\n\n"
    "    def create_border_relation(self, head_entity, border_entities):\n"
    "        query = f\"MATCH (n) WHERE n.name='{head_entity}' RETURN n\"\n"
    "        match1 = self.graph.run(query).data()[0]['n']\n"
    "        for border_entity in border_entities:\n"
    "            if border_entity not in self.border_head:\n"
    "                query = f\"MATCH (n) WHERE n.name='{border_entity}' RETURN n\"\n"
    "                match2 = self.graph.run(query).data()\n"
    "                if len(match2) == 0:\n"
    "                    self.graph.create(Node('其他', name=border_entity))\n"
    "                    match2 = self.graph.run(query).data()\n"
    "                match2 = match2[0]['n']\n"
    "                self.graph.create(Relationship(match1, \"接壤\", match2))\n"
    "        self.border_head.add(head_entity)\n\n"
    "    def create_other_relation(self, entity, property, content):\n"
    "        query = f'MATCH (n) WHERE n.name=\"{entity}\" RETURN n'\n"
    "        match1 = self.graph.run(query).data()[0]['n']\n"
    "        query = f'MATCH (n) WHERE n.name=\"{content}\" RETURN n'\n"
    "        match2 = self.graph.run(query).data()\n"
    "        if len(match2) == 0:\n"
    "            self.graph.create(Node(property, name=content))\n"
    "            match2 = self.graph.run(query).data()\n"
    "        match2 = match2[0]['n']\n"
    "        self.graph.create(Relationship(match1, property, match2))\n"
    "        print(\"成功创建关系\", entity, property, content)\n\n"
    "    def pipeline(self):\n        start = time.time()\n"
    "        self.graph.create(Node(\"国家\", name=\"中华人民共和国\"))\n"
    "        for prov_name, prov_property in self.prov_info.items():\n"
    "            self.create_node('省份', prov_name, prov_property['基本情况'])\n"
    "        for city_name, city_property in self.city_info.items():\n"
    "            self.create_node('城市', city_name, city_property['基本情况'])\n"
    "        for entity_name, entity_property in {**self.prov_info, **self.city_info}.items():\n"
    "            for property, content in entity_property['基本情况'].items():\n"
    "                if property != '简介':\n"
    "                    self.create_other_relation(entity_name, property, content)\n"
    "            self.create_belong_relation(entity_name, entity_property['属于'])\n"
    "            self.create_border_relation(entity_name, entity_property['接壤'])\n\n\n"
    "if __name__ == '__main__':\n    builder = GraphBuilder()\n    builder.pipeline()\n")
_CITY_KBQA_UTILS = (
    "import json\n\n\ndef load_json(filepath):\n    with open(filepath, encoding='utf-8') as f:\n"
    "        content = json.load(f)\n    return content\n\n\ndef load_sai_info(data_path):\n"
    "    sai_prop = []\n    sai_tail = []\n    with open(data_path, encoding='utf-8') as f:\n"
    "        for line in f:\n            sai_prop.append(line.split()[1])\n"
    "            sai_tail.append(line.split()[2])\n    return sai_prop, sai_tail\n")
_CITY_KBQA_FILES = {
    "data/total/省份信息_清洗后.json": json.dumps({"陕西省": {
        "属于": "中华人民共和国", "接壤": ["甘肃省"],
        "基本情况": {"简介": "陕西，简称“陕”", "行政区类别": "省", "车牌代码": "陕A-陕K、陕V"}}}, ensure_ascii=False),
    "data/total/城市信息_清洗后.json": json.dumps({"宝鸡市": {
        "属于": "陕西省", "接壤": ["陇南市", "陕西省"],
        "基本情况": {"简介": "宝鸡古称陈仓", "行政区类别": "地级市", "车牌代码": "陕C"}}}, ensure_ascii=False),
    "data/added_knowledge/sai_data.txt": "人工智能学院 执行院长 某某\n"}


class _CityStore:
    """A store answering build_graph.py's statements as a server would, over the nodes it was given (by name)."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[list[str], dict[str, Any]]] = {}
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        self.calls.append((statement, params or {}))
        if statement.startswith("CREATE (n:") and "$props" not in statement:
            match = re.match(r'CREATE \(n:(\S+) \{name:"(.*?)",introduction:"(.*)"\}\) RETURN', statement)
            assert match, statement
            node_id = str(len(self.nodes))
            self.nodes[node_id] = ([match[1]], {"name": match[2], "introduction": match[3]})
            return [{"id": node_id, "labels": [match[1]], "props": self.nodes[node_id][1]}]
        if statement.startswith("CREATE (n"):
            node_id = str(len(self.nodes))
            self.nodes[node_id] = ([statement.split("`")[1]], dict((params or {})["props"]))
            return [{"id": node_id}]
        if statement.startswith("MATCH (n) WHERE n.name="):
            name = re.match(r"MATCH \(n\) WHERE n.name=(['\"])(.*)\1 RETURN", statement)
            assert name, statement
            return [{"id": node_id, "labels": labels, "props": props}
                    for node_id, (labels, props) in self.nodes.items() if props.get("name") == name[2]]
        return []


def test_china_cities_runs_build_graph_py_with_a_py2neo_over_the_store(tmp_path: Path) -> None:
    # each Graph.run statement as written, its `RETURN n` giving the node's element id (py2neo binds the node it
    # returns); Graph.create one CREATE of a node, or of a relationship between the bound nodes it was given; a value
    # is matched by name over every node (one node a value), a border written once (from the entity built first), a
    # neighbour not among the entities a node labelled 其他; the AI school's file is read, not written
    mirror = _clone(tmp_path, corpus.CITY_KBQA, {corpus.CITY_KBQA_LOADER: _CITY_KBQA_LOADER,
                                                 corpus.CITY_KBQA_UTILS: _CITY_KBQA_UTILS, **_CITY_KBQA_FILES})
    store = _CityStore()
    corpus.write_china_cities(store, mirror)
    returned = " RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props"
    statements = [statement for statement, _ in store.calls]
    assert statements[:3] == ["CREATE (n:`国家` $props) RETURN elementId(n) AS id",
                              'CREATE (n:省份 {name:"陕西省",introduction:"陕西，简称“陕”"})' + returned,
                              'CREATE (n:城市 {name:"宝鸡市",introduction:"宝鸡古称陈仓"})' + returned]
    assert 'MATCH (n) WHERE n.name="陕C"' + returned in statements
    assert "MATCH (n) WHERE n.name='陇南市'" + returned in statements
    rels = [(params["a"], statement.split("[r:")[1].split(" ")[0], params["b"])
            for statement, params in store.calls if "[r:" in statement]
    names = {node_id: props["name"] for node_id, (_, props) in store.nodes.items()}
    assert [(names[a], kind, names[b]) for a, kind, b in rels] == [
        ("陕西省", "`行政区类别`", "省"), ("陕西省", "`车牌代码`", "陕A-陕K、陕V"),
        ("陕西省", "`属于`", "中华人民共和国"), ("陕西省", "`接壤`", "甘肃省"),
        ("宝鸡市", "`行政区类别`", "地级市"), ("宝鸡市", "`车牌代码`", "陕C"),
        ("宝鸡市", "`属于`", "陕西省"), ("宝鸡市", "`接壤`", "陇南市")]
    assert {props["name"]: labels for labels, props in store.nodes.values()}["甘肃省"] == ["其他"]
    assert {props["name"]: labels for labels, props in store.nodes.values()}["陕C"] == ["车牌代码"]


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("open('data/origin/民族.txt')\n", "opens data/origin/民族.txt")])
def test_china_cities_imports_and_opens_nothing_but_its_files(tmp_path: Path, change: str, refused: str) -> None:
    loader = _CITY_KBQA_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n    {change}")
    mirror = _clone(tmp_path, corpus.CITY_KBQA, {corpus.CITY_KBQA_LOADER: loader,
                                                 corpus.CITY_KBQA_UTILS: _CITY_KBQA_UTILS, **_CITY_KBQA_FILES})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_china_cities(_CityStore(), mirror)


# dgg32/clinical-trials-public's neo4j_command.txt, shortened: a constraint, a tab-separated node file whose empty
# fields its coalesce and split calls fill, and an edge file whose MERGE creates the site the node file lacks
_SNOMED_TRIALS_SCRIPT = (
    "CREATE CONSTRAINT IF NOT EXISTS FOR (t:Trial) REQUIRE t.NCT IS UNIQUE\n;\n"
    "LOAD CSV WITH HEADERS FROM 'file:///node_trial.tsv' AS row FIELDTERMINATOR '\\t' MERGE (c:Trial {NCT: row.NCT, "
    "max_age: coalesce(row.max_age, 0), phases: split(coalesce(row.phases, ''), '|')})\n;\n"
    "LOAD CSV WITH HEADERS FROM 'file:///edge_site_site.tsv' AS row FIELDTERMINATOR '\\t' MERGE (p1:Site {SNOMEDCT: "
    "row.from}) MERGE (p2:Site {SNOMEDCT: row.to}) MERGE (p1)-[r:IS_A_SITE]->(p2)\n;\n")


def _snomed_trials_mirror(tmp_path: Path, script: str = _SNOMED_TRIALS_SCRIPT) -> Path:
    data = corpus.SNOMED_TRIALS_DATA
    return _clone(tmp_path, corpus.SNOMED_TRIALS, {
        corpus.SNOMED_TRIALS_SCRIPT: script,
        data + "node_trial.tsv": "NCT\tmax_age\tphases\nNCT05925803\t70\tPHASE3\nNCT05923112\tNone\t\n",
        data + "edge_site_site.tsv": "from\tto\n123037004\t118956008\n"})


def test_snomed_trials_runs_its_script_as_written_over_its_tab_separated_files(tmp_path: Path) -> None:
    store = Recorder()
    corpus.write_snomed_trials(store, _snomed_trials_mirror(tmp_path))
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (t:Trial) REQUIRE t.NCT IS UNIQUE", {}),
        ("UNWIND $rows AS row MERGE (c:Trial {NCT: row.NCT, max_age: coalesce(row.max_age, 0), "
         "phases: split(coalesce(row.phases, ''), '|')})",
         {"rows": [{"NCT": "NCT05925803", "max_age": "70", "phases": "PHASE3"},
                   {"NCT": "NCT05923112", "max_age": "None", "phases": None}]}),
        ("UNWIND $rows AS row MERGE (p1:Site {SNOMEDCT: row.from}) MERGE (p2:Site {SNOMEDCT: row.to}) "
         "MERGE (p1)-[r:IS_A_SITE]->(p2)", {"rows": [{"from": "123037004", "to": "118956008"}]})]
    assert corpus.graph("snomed-trials").split == "tune"


def test_snomed_trials_refuses_a_url_outside_its_repository(tmp_path: Path) -> None:
    script = _SNOMED_TRIALS_SCRIPT.replace("file:///node_trial.tsv", "https://clinicaltrials.gov/node_trial.tsv")
    with pytest.raises(corpus.CorpusError, match="reads https://clinicaltrials.gov/node_trial.tsv"):
        corpus.write_snomed_trials(Recorder(), _snomed_trials_mirror(tmp_path, script))


# PhongNTDo/Europe-KG-RAG's build, shortened: a dataclass module (annotations as strings), a loader reading its JSON
# through pathlib with a relative import, a builder writing through the driver's sessions, the packages' __init__s
# and setup_neo4j_kg.py importing config and both packages
_EUROPE_RIVERS_FILES = {
    "europe_kg_rag/data/models.py": "from __future__ import annotations\nfrom dataclasses import dataclass\n\n\n"
                                    "@dataclass(slots=True)\nclass River:\n    name: str\n    length: float | None\n",
    "europe_kg_rag/data/loader.py": "from __future__ import annotations\nimport json\nfrom pathlib import Path\n"
                                    "from .models import River\n\n\nclass DatabaseLoader:\n"
                                    "    def __init__(self, base_path='data/database'):\n"
                                    "        self.path = Path(base_path) / 'europe_rivers.json'\n\n"
                                    "    def load(self):\n        if not self.path.exists():\n"
                                    "            raise FileNotFoundError(self.path)\n"
                                    "        with self.path.open('r', encoding='utf-8') as handle:\n"
                                    "            return [River(r['name'], r['length']) for r in json.load(handle)]\n",
    "europe_kg_rag/data/__init__.py": "from .loader import DatabaseLoader\nfrom .models import River\n",
    "europe_kg_rag/graph/builder.py": "from neo4j import GraphDatabase\n\n\nclass KnowledgeGraphBuilder:\n"
                                      "    def __init__(self, uri, user, password):\n"
                                      "        self.driver = GraphDatabase.driver(uri, auth=(user, password), "
                                      "encrypted=False)\n\n    def build(self, rivers):\n"
                                      "        with self.driver.session() as session:\n"
                                      "            session.run('MATCH (n) DETACH DELETE n')\n"
                                      "            for river in rivers:\n"
                                      "                session.execute_write(self._river, river)\n\n"
                                      "    @staticmethod\n    def _river(tx, river):\n"
                                      "        tx.run('MERGE (r:River {name: $name}) SET r.length = $length', "
                                      "name=river.name, length=river.length)\n",
    "europe_kg_rag/graph/querier.py": "from neo4j import GraphDatabase\n",
    "europe_kg_rag/graph/__init__.py": "from .builder import KnowledgeGraphBuilder\n",
    "setup_neo4j_kg.py": "from config import NEO4J_PASSWORD, NEO4J_URI, NEO4J_USERNAME\n"
                         "from europe_kg_rag.data import DatabaseLoader\nfrom europe_kg_rag.graph import "
                         "KnowledgeGraphBuilder\n\nif __name__ == '__main__':\n"
                         "    print('building')\n    KnowledgeGraphBuilder(NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD)"
                         ".build(DatabaseLoader().load())\n",
    "data/database/europe_rivers.json": '[{"name": "Rhine", "length": 1233}, {"name": "Main", "length": null}]'}


def _europe_rivers_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import subprocess

    fetched = tmp_path / "PhongNTDo+Europe-KG-RAG" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in _EUROPE_RIVERS_FILES.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "reorganize code"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # later: the data moved to data/database/entities/, the loader unchanged (it no longer finds its file)
    (fetched / "data/database/entities").mkdir()
    subprocess.run([*git, "mv", "data/database/europe_rivers.json", "data/database/entities/"], check=True)
    subprocess.run([*git, "commit", "-qm", "normalize data"], check=True)
    monkeypatch.setattr(corpus, "EUROPE_RIVERS_COMMIT", full)
    return tmp_path


def test_europe_rivers_runs_its_package_at_the_commit_whose_data_its_loader_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    store = Recorder()
    corpus.write_europe_rivers(store, _europe_rivers_mirror(tmp_path, monkeypatch))
    # its own statements, each with its parameters, in its order; the file of the commit, not HEAD's (which has none)
    assert store.calls == [("MATCH (n) DETACH DELETE n", {}),
                           ("MERGE (r:River {name: $name}) SET r.length = $length", {"name": "Rhine", "length": 1233}),
                           ("MERGE (r:River {name: $name}) SET r.length = $length", {"name": "Main", "length": None})]
    assert not any(name.startswith("europe_kg_rag") for name in sys.modules)


def test_europe_rivers_refuses_an_import_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    mirror = _europe_rivers_mirror(tmp_path, monkeypatch)
    fetched = mirror / "PhongNTDo+Europe-KG-RAG" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "setup_neo4j_kg.py").write_text("import os\n" + _EUROPE_RIVERS_FILES["setup_neo4j_kg.py"], "utf-8")
    subprocess.run([*git, "commit", "-qam", "reads the environment"], check=True)
    head = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    monkeypatch.setattr(corpus, "EUROPE_RIVERS_COMMIT", head)
    with pytest.raises(corpus.CorpusError, match="imports os"):
        corpus.write_europe_rivers(Recorder(), mirror)


# zufarullahp/Graph-Network-Simulator-Telco's ingestion page, shortened: AsciiDoc headings and prose around
# `[source,cypher]` blocks of one statement each (no ';'), a LOAD CSV filtered by segment, a `//` comment inside a
# block, a LOAD CSV inside a CALL subquery, and files that begin with a byte order mark, as the repository's do
_TELCO_PAGE = ("== COMPLETE DATA INGESTION\nAll data ingestion \nuse case 1 , Network Topology\n\n== OLT-ME\n"
               "[source,cypher]\n----\nload csv with headers from 'file:///topologyTlkm.csv' as row\n"
               "with row where row.ruas = 'ME-AKSES'\nmerge (a:OLT {nameReal:row.from1})\n----\n\n"
               "== ERROR CHECK\n\n[source,cypher]\n----\nmatch (a:ME) \nwhere not a.nameReal starts with 'MET'\n"
               "detach delete a\n----\n\n[source,cypher]\n----\nmatch (n) set n:allNodes\n//return n\n----\n\n"
               "== UPLINK TRAFFIC\n[source,cypher]\n----\ncall {\nload csv with headers from "
               "'file:///trafficUpTlkm.csv' as row\nwith row \n    return row.cfu as cfu, sum(toFloat(row.bw_up)) as "
               "traffic\n}\nmerge (:TRAFFIC_UP {traffic: traffic, cfu: cfu})\n----")


def _telco_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str = _TELCO_PAGE) -> Path:
    import subprocess

    fetched = tmp_path / "zufarullahp+Graph-Network-Simulator-Telco" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    files = {corpus.TELCO_SCRIPT: page,
             "topologyTlkm.csv": "\ufeffruas,port,from1,to1,cost_link,kap\n"
                                 "ME-AKSES,GigabitEthernet8/0/3,OLT00**ABT*3,MET**ABT,,1\n",
             "trafficUpTlkm.csv": "\ufeffrow,cfu,_1,to1,bw_up,olt1\n1.U1,RETAIL,1,CGW2*.BTC,0.012,OLT00**ABT*3\n"}
    for path, text in files.items():
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "add data"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit the loader must not read: the topology rewritten
    (fetched / "topologyTlkm.csv").write_text("ruas,port,from1,to1,cost_link,kap\nME-AKSES,x,OLT99,MET**X,,1\n",
                                              encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "TELCO_COMMIT", pinned)
    return tmp_path


def test_telco_topology_runs_every_cypher_block_of_its_page_in_order_over_its_files_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_telco_topology(store, _telco_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("UNWIND $rows AS row\nwith row where row.ruas = 'ME-AKSES'\nmerge (a:OLT {nameReal:row.from1})",
         {"rows": [{"ruas": "ME-AKSES", "port": "GigabitEthernet8/0/3", "from1": "OLT00**ABT*3", "to1": "MET**ABT",
                    "cost_link": None, "kap": "1"}]}),
        ("match (a:ME) \nwhere not a.nameReal starts with 'MET'\ndetach delete a", {}),
        ("match (n) set n:allNodes", {}),  # its `//return n` line is a comment
        ("call {\nUNWIND $rows AS row\nwith row \n    return row.cfu as cfu, sum(toFloat(row.bw_up)) as traffic\n}"
         "\nmerge (:TRAFFIC_UP {traffic: traffic, cfu: cfu})",
         {"rows": [{"row": "1.U1", "cfu": "RETAIL", "_1": "1", "to1": "CGW2*.BTC", "bw_up": "0.012",
                    "olt1": "OLT00**ABT*3"}]})]
    assert corpus.graph("telco-topology").split == "tune"  # the thirty-first split's undrawn graph
    assert corpus.graph("telco-topology").repo == corpus.TELCO


def test_telco_topology_refuses_a_file_it_does_not_know_a_url_and_a_page_without_cypher(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _TELCO_PAGE.replace("file:///trafficUpTlkm.csv", "file:///trafficSideTlkm.csv")
    with pytest.raises(corpus.CorpusError, match="reads file:///trafficSideTlkm.csv"):
        corpus.write_telco_topology(Recorder(), _telco_mirror(tmp_path / "a", monkeypatch, other))
    web = _TELCO_PAGE.replace("file:///topologyTlkm.csv", "https://example.org/topologyTlkm.csv")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/topologyTlkm.csv"):
        corpus.write_telco_topology(Recorder(), _telco_mirror(tmp_path / "b", monkeypatch, web))
    with pytest.raises(corpus.CorpusError, match="has no \\[source,cypher\\] block"):
        corpus.write_telco_topology(Recorder(), _telco_mirror(tmp_path / "c", monkeypatch, "== nothing\n"))


# liuhuanyong/ChainKnowledgeGraph's build_graph.py, shortened: its node and relationship methods and main as written
# (the company-product method, which the mirror's absent files leave without edges, kept)
_CHAIN_KG_LOADER = (
    "import os\nimport json\n\nfrom py2neo import Graph,Node\n\nclass MedicalGraph:\n    def __init__(self):\n"
    "        cur_dir = '/'.join(os.path.abspath(__file__).split('/')[:-1])\n"
    "        self.company_path = os.path.join(cur_dir, 'data/company.json')\n"
    "        self.industry_path = os.path.join(cur_dir, 'data/industry.json')\n"
    "        self.product_path = os.path.join(cur_dir, 'data/product.json')\n"
    "        self.company_industry_path = os.path.join(cur_dir, 'data/company_industry.json')\n"
    "        self.company_product_path = os.path.join(cur_dir, 'data/company_product.json')\n"
    "        self.industry_industry = os.path.join(cur_dir, 'data/industry_industry.json')\n"
    "        self.product_product = os.path.join(cur_dir, 'data/product_product.json')\n"
    "        self.g = Graph(host=\"127.0.0.1\", http_port=7474, user=\"neo4j\", password=\"123456\")\n\n"
    "    def create_node(self, label, nodes):\n        count = 0\n        for node in nodes:\n"
    "            bodies = []\n            for k, v in node.items():\n"
    "                body = k + \":\" + \"'%s'\"% v\n                bodies.append(body)\n"
    "            query_body = ', '.join(bodies)\n            try:\n"
    "                sql = \"CREATE (:%s{%s})\"%(label, query_body)\n                self.g.run(sql)\n"
    "                count += 1\n            except:\n                pass\n            print(count, len(nodes))\n"
    "        return 1\n\n"
    "    def load_data(self, filepath):\n        datas = []\n        with open(filepath, 'r') as f:\n"
    "            for line in f:\n                line = line.strip()\n                if not line:\n"
    "                    continue\n                obj = json.loads(line)\n                if not obj:\n"
    "                    continue\n                datas.append(obj)\n        return datas\n\n"
    "    def create_graphnodes(self):\n        company = self.load_data(self.company_path)\n"
    "        product = self.load_data(self.product_path)\n        industry = self.load_data(self.industry_path)\n"
    "        self.create_node('company', company)\n        self.create_node('product', product)\n"
    "        self.create_node('industry', industry)\n        return\n\n"
    "    def create_graphrels(self):\n"
    "        company_industry = self.load_data(self.company_industry_path)\n"
    "        company_product = self.load_data(self.company_product_path)\n"
    "        product_product = self.load_data(self.product_product)\n"
    "        industry_industry = self.load_data(self.industry_industry)\n"
    "        self.create_relationship('company', 'industry', company_industry, \"company_name\", \"industry_name\")\n"
    "        self.create_relationship('industry', 'industry', industry_industry, \"from_industry\", \"to_industry\")\n"
    "        self.create_relationship_attr('company', 'product', company_product, \"company_name\", \"product_name\")\n"
    "        self.create_relationship('product', 'product', product_product, \"from_entity\", \"to_entity\")\n\n"
    "    def create_relationship(self, start_node, end_node, edges, from_key, end_key):\n        count = 0\n"
    "        for edge in edges:\n            try:\n                p = edge[from_key]\n"
    "                q = edge[end_key]\n                rel = edge[\"rel\"]\n"
    "                query = \"match(p:%s),(q:%s) where p.name='%s'and q.name='%s' create (p)-[rel:%s]->(q)\" % (\n"
    "                start_node, end_node, p, q, rel)\n                self.g.run(query)\n"
    "                count += 1\n                print(rel, count, all)\n            except Exception as e:\n"
    "                print(e)\n        return\n\n"
    "    def create_relationship_attr(self, start_node, end_node, edges, from_key, end_key):\n"
    "        for edge in edges:\n            p = edge[from_key]\n            q = edge[end_key]\n"
    "            rel = edge[\"rel\"]\n            weight = edge[\"rel_weight\"]\n"
    "            query = (\"match(p:%s),(q:%s) where p.name='%s'and q.name='%s' \"\n"
    "                     \"create (p)-[rel:%s{%s:'%s'}]->(q)\" % (\n"
    "                start_node, end_node, p, q, rel, \"权重\", weight))\n            self.g.run(query)\n\n\n"
    "if __name__ == '__main__':\n    handler = MedicalGraph()\n    handler.create_graphnodes()\n"
    "    handler.create_graphrels()\n")
_CHAIN_KG_DATA = {
    "data/company.json": ('{"name": "邵阳液压", "fullname": "邵阳维克液压股份有限公司", "code": "301079", '
                          '"location": "深圳证券交易所", "time": "2021-10-19"}\n'
                          '{"name": "*ST康\'美", "fullname": "康美药业股份有限公司", "code": "600518", '
                          '"location": "上海证券交易所", "time": "2001-03-19"}\n\n'),
    "data/product.json": '{"name": "液压缸"}\n',
    "data/industry.json": '{"code": "640000", "name": "机械设备"}\n{"code": "640701", "name": "液压元件"}\n',
    "data/company_industry.json": ('{"company_code": "301079.SZ", "industry_code": "640701", '
                                   '"industry_name": "液压元件", "company_name": "邵阳液压", "rel": "所属行业"}\n'),
    "data/industry_industry.json": ('{"from_code": "640701", "from_industry": "液压元件", "rel": "上级行业", '
                                    '"to_industry": "机械设备", "to_code": "640000"}\n'),
}


def _chain_kg_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _CHAIN_KG_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "liuhuanyong+ChainKnowledgeGraph" / "repo"
    (fetched / "data").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.CHAIN_KG_LOADER).write_text(loader, encoding="utf-8")
    for path, text in _CHAIN_KG_DATA.items():  # the two absent files are not in it, as in the mirror
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "添加数据"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / corpus.CHAIN_KG_LOADER).write_text("raise SystemExit('a later loader')\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "CHAIN_KG_COMMIT", full)
    return tmp_path


class _QuoteFailingStore(Recorder):
    """A store that refuses what a server refuses here: a statement whose spliced value breaks its string literal."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        if "康'美" in statement:
            raise RuntimeError("Invalid input")
        return super().query(statement, params, read_only)


def test_china_industry_chain_runs_build_graph_py_as_written_over_its_files_at_the_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _QuoteFailingStore()
    corpus.write_china_industry_chain(store, _chain_kg_mirror(tmp_path, monkeypatch))
    # each statement as written, one statement each, in its order: the companies (the one whose quote breaks its
    # CREATE passed over by the loader's bare except), products and industries, then the company-industry and
    # industry-industry relationships; the absent company-product and product-product files give none
    assert [statement for statement, _ in store.calls] == [
        "CREATE (:company{name:'邵阳液压', fullname:'邵阳维克液压股份有限公司', code:'301079', "
        "location:'深圳证券交易所', time:'2021-10-19'})",
        "CREATE (:product{name:'液压缸'})",
        "CREATE (:industry{code:'640000', name:'机械设备'})",
        "CREATE (:industry{code:'640701', name:'液压元件'})",
        "match(p:company),(q:industry) where p.name='邵阳液压'and q.name='液压元件' create (p)-[rel:所属行业]->(q)",
        "match(p:industry),(q:industry) where p.name='液压元件'and q.name='机械设备' create (p)-[rel:上级行业]->(q)"]
    assert all(params == {} for _, params in store.calls)
    assert corpus.CHAIN_KG_ABSENT <= set(corpus.CHAIN_KG_FILES)
    assert corpus.graph("china-industry-chain").split == "spent"  # the thirty-first split, run once


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("open('/ChainKnowledgeGraph/data/industry_up.json')\n",
                                                   "opens /ChainKnowledgeGraph/data/industry_up.json")])
def test_china_industry_chain_imports_and_opens_nothing_but_its_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _CHAIN_KG_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n    {change}")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_china_industry_chain(Recorder(), _chain_kg_mirror(tmp_path, monkeypatch, loader))


# Clarence-Kong/QABasedOnPolicyKnowledgeGraph's build_policyGraph.py, shortened: its data path from os.getcwd(), a
# line of JSON a matter, Node and Graph.create for the nodes, Graph.run of spliced `match ... create` statements in
# its own try/except, export_data writing its word lists
_GUANGDONG_LOADER = (
    "import os\nimport json\nfrom py2neo import Graph, Node\n\n\nclass PolicyGraph:\n"
    "    def __init__(self):\n        cur_dir = os.getcwd()\n"
    "        self.data_path = os.path.join(cur_dir, 'data/policy.json')\n"
    "        self.g = Graph(user='neo4j', password='ckong')\n\n"
    "    def read(self):\n        rows = [json.loads(line) for line in open(self.data_path, encoding='utf-8')]\n"
    "        return rows, sorted({r['TASK_NAME'] for r in rows}), sorted({r['DEPT_NAME'] for r in rows})\n\n"
    "    def build(self):\n        rows, matters, departments = self.read()\n        for r in rows:\n"
    "            self.g.create(Node('Matter', name=r['TASK_NAME'], consult_phone=r['consult_phone']))\n"
    "        for name in matters:\n            self.g.create(Node('Matter', name=name))\n"
    "        for name in departments:\n            self.g.create(Node('Department', name=name))\n"
    "        for r in rows:\n            query = \"match(p:%s),(q:%s) where p.name='%s'and q.name='%s' create "
    "(p)-[rel:%s{name:'%s'}]->(q)\" % ('Department', 'Matter', r['DEPT_NAME'], r['TASK_NAME'], 'accrual_item', "
    "'权责事项')\n            try:\n                self.g.run(query)\n            except Exception as e:\n"
    "                print(e)\n        f = open('dict/matter.txt', 'w+', encoding='utf-8')\n"
    "        f.write('\\n'.join(matters))\n        f.close()\n\n\n"
    "if __name__ == '__main__':\n    PolicyGraph().build()\n")
_GUANGDONG_DATA = ('{"TASK_NAME": "律师执业许可", "DEPT_NAME": "广东省司法厅", "consult_phone": "020-83172736"}\n'
                   '{"TASK_NAME": "O\'Neil", "DEPT_NAME": "广东省司法厅", "consult_phone": ""}\n')


class _FailingRecorder(Recorder):
    """A Recorder whose store refuses a statement with a stray quote, as the server refuses its syntax."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if statement.startswith("CREATE (n"):
            return [{"id": str(len(self.calls))}]
        if statement.count("'") % 2:
            raise RuntimeError("Invalid input")
        return []


def _guangdong_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _GUANGDONG_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "Clarence-Kong+QABasedOnPolicyKnowledgeGraph" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "data").mkdir()
    (fetched / corpus.GUANGDONG_MATTERS_LOADER).write_text(loader, encoding="utf-8")
    (fetched / corpus.GUANGDONG_MATTERS_DATA).write_text(_GUANGDONG_DATA, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "add front"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # later: a file the pinned commit does not have (its data is read at the pinned commit)
    (fetched / corpus.GUANGDONG_MATTERS_DATA).write_text("", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "empty"], check=True)
    monkeypatch.setattr(corpus, "GUANGDONG_MATTERS_COMMIT", full)
    return tmp_path


def test_guangdong_gov_services_runs_build_policygraph_py_with_a_py2neo_over_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _FailingRecorder()
    corpus.write_guangdong_gov_services(store, _guangdong_mirror(tmp_path, monkeypatch))
    creates = [params["props"] for statement, params in store.calls if statement.startswith("CREATE (n:`Matter`")]
    # one Matter node a line with its fields, one a distinct name with the name alone (as the script writes them)
    assert creates == [{"name": "律师执业许可", "consult_phone": "020-83172736"},
                       {"name": "O'Neil", "consult_phone": ""}, {"name": "O'Neil"}, {"name": "律师执业许可"}]
    runs = [statement for statement, _ in store.calls if statement.startswith("match(")]
    # the spliced statements as written; the one its quote breaks raises into the script's own try/except
    assert runs == ["match(p:Department),(q:Matter) where p.name='广东省司法厅'and q.name='律师执业许可' create "
                    "(p)-[rel:accrual_item{name:'权责事项'}]->(q)",
                    "match(p:Department),(q:Matter) where p.name='广东省司法厅'and q.name='O'Neil' create "
                    "(p)-[rel:accrual_item{name:'权责事项'}]->(q)"]
    assert corpus.graph("guangdong-gov-services").split == "spent"  # the thirty-first split, run once


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("open('data/medical.json')\n", "opens data/medical.json")])
def test_guangdong_gov_services_imports_and_opens_nothing_but_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _GUANGDONG_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n    {change}")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_guangdong_gov_services(Recorder(), _guangdong_mirror(tmp_path, monkeypatch, loader))


# yuwenhan07/KG_TCM's build/KG_build.py, shortened: its py2neo Graph, its clearing statement, its node cache by the
# "<label>\t<name>" string and its relationships with a weight only where the triple has one
_KG_TCM_LOADER = (
    "import json\nfrom py2neo import Graph, Node, Relationship\n\n\n"
    "def generateGraph_Node(graph, label, name):\n    node = Node(label, name=name)\n    graph.create(node)\n"
    "    return node\n\n\ndef generateGraph_Relation(graph, node_1, relation, node_2, weight=None):\n"
    "    if weight is not None:\n        r = Relationship(node_1, relation, node_2, weight=weight)\n    else:\n"
    "        r = Relationship(node_1, relation, node_2)\n    graph.create(r)\n\n\ndef create_graph_custom():\n"
    "    connect_graph = Graph(\"bolt://localhost:7687\", auth=(\"neo4j\", \"1qaz2wsx\"), name=\"TCM-2\")\n"
    "    connect_graph.run(\"MATCH (n) DETACH DELETE n\")\n    dict_nodes = {}\n"
    "    with open(\"./data/TCM.json\", \"r\", encoding=\"utf-8\") as fr:\n        data = json.load(fr)\n"
    "        for ele in data:\n            node_1 = ele[\"node_1\"]\n            relation = ele[\"relation\"]\n"
    "            node_2 = ele[\"node_2\"]\n            weight = ele.get(\"weight\")\n"
    "            label1, name1 = node_1.split(\"\\t\")\n            label2, name2 = node_2.split(\"\\t\")\n"
    "            if node_1 not in dict_nodes:\n"
    "                dict_nodes[node_1] = generateGraph_Node(connect_graph, label1, name1)\n"
    "            if node_2 not in dict_nodes:\n"
    "                dict_nodes[node_2] = generateGraph_Node(connect_graph, label2, name2)\n"
    "            generateGraph_Relation(connect_graph, dict_nodes[node_1], relation, dict_nodes[node_2], weight)\n"
    "\n\nif __name__ == '__main__':\n    create_graph_custom()\n")
_KG_TCM_DATA = [
    {"node_1": "方剂\t方剂", "relation": "包含", "node_2": "方名\t补中益气汤"},
    {"node_1": "方名\t补中益气汤", "relation": "来源", "node_2": "来源\t《内外伤辨惑论》"},
    {"node_1": "方名\t补中益气汤", "relation": "配方", "node_2": "处方\t补中益气汤"},
    {"node_1": "处方\t补中益气汤", "relation": "中药组成", "node_2": "中药名\t黄芪", "weight": "15g"},
    {"node_1": "处方\t补中益气汤", "relation": "中药组成", "node_2": "中药名\t黄芪", "weight": "15g"}]


class _TcmStore:
    """A store that gives each node it creates an id (py2neo binds the node it created), and records every call."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[str, dict[str, Any]]] = {}
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        self.calls.append((statement, params or {}))
        if statement.startswith("CREATE (n:"):
            node_id = str(len(self.nodes))
            self.nodes[node_id] = (statement.split("`")[1], dict((params or {})["props"]))
            return [{"id": node_id}]
        return []


def _kg_tcm_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _KG_TCM_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "yuwenhan07+KG_TCM" / "repo"
    (fetched / "build" / "data").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.KG_TCM_LOADER).write_text(loader, encoding="utf-8")
    (fetched / "build/data/TCM.json").write_text(json.dumps(_KG_TCM_DATA, ensure_ascii=False), encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "first commit"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit (none is yet) that empties the data: the pinned commit's file is the one read
    (fetched / "build/data/TCM.json").write_text("[]", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "KG_TCM_COMMIT", full)
    return tmp_path


def test_tcm_formulas_runs_kg_build_py_with_a_py2neo_over_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # its clearing statement as written; then each node once (by its "<label>\t<name>"), created with its label and
    # name, and one relationship a triple, with the weight only where the triple has one (a triple listed twice is
    # two relationships); the data of KG_TCM_COMMIT, not of a later commit
    store = _TcmStore()
    corpus.write_tcm_formulas(store, _kg_tcm_mirror(tmp_path, monkeypatch))
    assert store.calls[0] == ("MATCH (n) DETACH DELETE n", {})
    assert sorted(store.nodes.values(), key=str) == sorted([
        ("方剂", {"name": "方剂"}), ("方名", {"name": "补中益气汤"}), ("来源", {"name": "《内外伤辨惑论》"}),
        ("处方", {"name": "补中益气汤"}), ("中药名", {"name": "黄芪"})], key=str)
    names = {node_id: f"{label}:{props['name']}" for node_id, (label, props) in store.nodes.items()}
    rels = [(names[params["a"]], statement.split("[r:")[1].split(" ")[0], names[params["b"]], params["props"])
            for statement, params in store.calls if "[r:" in statement]
    assert rels == [("方剂:方剂", "`包含`", "方名:补中益气汤", {}),
                    ("方名:补中益气汤", "`来源`", "来源:《内外伤辨惑论》", {}),
                    ("方名:补中益气汤", "`配方`", "处方:补中益气汤", {}),
                    ("处方:补中益气汤", "`中药组成`", "中药名:黄芪", {"weight": "15g"}),
                    ("处方:补中益气汤", "`中药组成`", "中药名:黄芪", {"weight": "15g"})]
    assert len(store.calls) == 1 + 5 + 5
    assert corpus.graph("tcm-formulas").split == "spent"  # the thirty-first split, run once


@pytest.mark.parametrize(("change", "refused"), [
    ("import os\n", "imports os"),
    ("open('./data/tcm_knowledge_graph_1.json')\n", "opens ./data/tcm_knowledge_graph_1.json"),
    ("Graph('bolt://localhost:7687').run('MATCH (n) RETURN n')\n", "runs a statement not read here")])
def test_tcm_formulas_refuses_what_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str,
                                                      refused: str) -> None:
    loader = _KG_TCM_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n    {change}")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_tcm_formulas(_TcmStore(), _kg_tcm_mirror(tmp_path, monkeypatch, loader))


# xxxsy11/DeltaForceAgent's data/scripts/data_pipeline.py, shortened: its argparse subcommands (stats, import-neo4j),
# its data folder from Path(__file__).resolve().parents[2], its settings from os.getenv, the missing-file warning it
# prints, its node and relationship statements grouped by label and type, and its closing counts
_DELTA_FORCE_LOADER = (
    "from __future__ import annotations\n\nimport argparse\nimport json\nimport os\nimport sys\n"
    "from collections import defaultdict\nfrom pathlib import Path\n\n"
    "PROJECT_ROOT = Path(__file__).resolve().parents[2]\nDEFAULT_DATA_DIR = PROJECT_ROOT / \"data\" / \"neo4j\"\n"
    "DEFAULT_JSON_FILES = [\"map.json\", \"firearms.json\"]\n"
    "NEO4J_PASSWORD = os.getenv(\"NEO4J_PASSWORD\", \"all-in-rag\")\n\n"
    "def load_json_graph(data_dir, json_files):\n    nodes, rels = [], []\n    for name in json_files:\n"
    "        file_path = data_dir / name\n        if not file_path.exists():\n"
    "            print(f\"⚠️  缺失文件，已跳过: {file_path}\")\n            continue\n"
    "        with file_path.open(\"r\", encoding=\"utf-8\") as f:\n            data = json.load(f)\n"
    "        nodes.extend(data.get(\"nodes\", []))\n        rels.extend(data.get(\"relationships\", []))\n"
    "    return nodes, rels\n\n"
    "def prepare_node_props(node):\n    props = dict(node.get(\"props\", {}))\n"
    "    display_name = props.get(\"name\") or props.get(\"typeName\") or node.get(\"id\")\n"
    "    for key, value in list(props.items()):\n        if isinstance(value, dict):\n"
    "            props[key] = json.dumps(value, ensure_ascii=False)\n    props[\"name\"] = str(display_name)\n"
    "    return props\n\n"
    "def run_import(uri, password, nodes, rels):\n    from neo4j import GraphDatabase\n"
    "    driver = GraphDatabase.driver(uri, auth=(\"neo4j\", password))\n"
    "    with driver.session(database=\"neo4j\") as session:\n"
    "        session.run(\"CREATE CONSTRAINT node_id_unique IF NOT EXISTS FOR (n:Node) REQUIRE n.nodeId IS UNIQUE\")"
    ".consume()\n"
    "        grouped = defaultdict(list)\n        for node in nodes:\n"
    "            grouped[node[\"labels\"][0]].append({\"nodeId\": node[\"id\"], \"props\": prepare_node_props(node)})\n"
    "        for label, rows in grouped.items():\n"
    "            session.run(f\"UNWIND $rows AS row MERGE (n:Node:{label} {{nodeId: row.nodeId}}) SET n += row.props\","
    " rows=rows).consume()\n"
    "        for idx, rel in enumerate(rels):\n"
    "            session.run(f\"MATCH (s:Node {{nodeId: $s}}) MATCH (t:Node {{nodeId: $t}}) \"\n"
    "                        f\"MERGE (s)-[r:{rel['type']}]->(t) SET r.relationshipId = $rid\",\n"
    "                        s=rel[\"from\"], t=rel[\"to\"], rid=f\"rel_{idx:06d}\").consume()\n"
    "        count = session.run(\"MATCH (n) RETURN count(n) AS c\").single()[\"c\"]\n"
    "        print(f\"✅ 导入完成，当前数据库: 节点 {count}\")\n    driver.close()\n\n"
    "def main():\n    parser = argparse.ArgumentParser(description=\"Delta Agent\")\n"
    "    parser.add_argument(\"--data-dir\", default=str(DEFAULT_DATA_DIR))\n"
    "    sub = parser.add_subparsers(dest=\"command\", required=True)\n    sub.add_parser(\"stats\")\n"
    "    imp = sub.add_parser(\"import-neo4j\")\n    imp.add_argument(\"--uri\", default=\"bolt://58.199.146.145:7687\")\n"
    "    args = parser.parse_args()\n"
    "    nodes, rels = load_json_graph(Path(args.data_dir).resolve(), DEFAULT_JSON_FILES)\n"
    "    if not nodes:\n        print(\"❌ 未加载到任何节点数据\")\n        sys.exit(1)\n"
    "    if args.command == \"stats\":\n        print(len(nodes))\n        return\n"
    "    if args.command == \"import-neo4j\":\n        run_import(args.uri, NEO4J_PASSWORD, nodes, rels)\n\n"
    "if __name__ == \"__main__\":\n    main()\n")
_DELTA_FORCE_FILES = {
    "map.json": json.dumps({"nodes": [
        {"id": "map_dam", "labels": ["Map"],
         "props": {"name": "零号大坝", "evacuationPoint": ["常规撤离点", "拉闸撤离点"]}},
        {"id": "diff_easy", "labels": ["Difficulty"], "props": {"difficulty": "普通"}}],
        "relationships": [{"from": "map_dam", "to": "diff_easy", "type": "HAS_DIFFICULTY"}]}, ensure_ascii=False),
    "firearms.json": json.dumps({"nodes": [{"id": "rifle_1", "labels": ["Firearm"], "props": {
        "name": "M4A1突击步枪", "weight": 3.88, "intial_attributes": {"recoil": 36, "fireMode": "全自动/单发"}}}],
        "relationships": []}, ensure_ascii=False)}


class _DeltaForceRecorder(Recorder):
    """A Recorder that answers the loader's closing count, as a server would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"c": 3}] if "count(n)" in statement else []


def _delta_force_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _DELTA_FORCE_LOADER,
                        files: tuple[str, ...] = ("map.json", "firearms.json")) -> Path:
    monkeypatch.setattr(corpus, "DELTA_FORCE_COMMIT", "HEAD")  # an ordinary copy: its checked-out files
    return _clone(tmp_path, corpus.DELTA_FORCE, {corpus.DELTA_FORCE_LOADER: loader, **{
        corpus.DELTA_FORCE_DATA + name: _DELTA_FORCE_FILES[name] for name in files}})


def test_delta_force_runs_its_pipelines_import_command_over_its_json_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the README's command with the subcommand that loads Neo4j (not stats, its first); the data folder beside
    # data/scripts/; a dict property JSON-written, a list kept, a name the first of its fields it has, else its id
    store = _DeltaForceRecorder()
    corpus.write_delta_force(store, _delta_force_mirror(tmp_path, monkeypatch))
    node = "UNWIND $rows AS row MERGE (n:Node:{} {{nodeId: row.nodeId}}) SET n += row.props"
    assert store.calls == [
        ("CREATE CONSTRAINT node_id_unique IF NOT EXISTS FOR (n:Node) REQUIRE n.nodeId IS UNIQUE", {}),
        (node.format("Map"), {"rows": [{"nodeId": "map_dam", "props": {
            "name": "零号大坝", "evacuationPoint": ["常规撤离点", "拉闸撤离点"]}}]}),
        (node.format("Difficulty"), {"rows": [{"nodeId": "diff_easy", "props": {"difficulty": "普通",
                                                                               "name": "diff_easy"}}]}),
        (node.format("Firearm"), {"rows": [{"nodeId": "rifle_1", "props": {
            "name": "M4A1突击步枪", "weight": 3.88,
            "intial_attributes": '{"recoil": 36, "fireMode": "全自动/单发"}'}}]}),
        ("MATCH (s:Node {nodeId: $s}) MATCH (t:Node {nodeId: $t}) MERGE (s)-[r:HAS_DIFFICULTY]->(t) "
         "SET r.relationshipId = $rid", {"s": "map_dam", "t": "diff_easy", "rid": "rel_000000"}),
        ("MATCH (n) RETURN count(n) AS c", {})]
    assert corpus.graph("delta-force").split == "spent"  # the thirty-first split, run once


@pytest.mark.parametrize(("loader", "files", "refused"), [
    (_DELTA_FORCE_LOADER.replace("import sys\n", "import subprocess\nimport sys\n"), ("map.json", "firearms.json"),
     "imports subprocess"),
    (_DELTA_FORCE_LOADER, ("map.json",), "its loader failed: ⚠️  缺失文件，已跳过: data/neo4j/firearms.json"),
    (_DELTA_FORCE_LOADER.replace("NEO4J_PASSWORD = ", "CONFIG = (PROJECT_ROOT / \"config.py\").open().read()\n"
                                 "NEO4J_PASSWORD = "), ("map.json", "firearms.json"),
     "reads config.py, which is not read here")])
def test_delta_force_reads_only_its_data_folder_and_raises_a_file_it_would_skip(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, files: tuple[str, ...], refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_delta_force(_DeltaForceRecorder(), _delta_force_mirror(tmp_path, monkeypatch, loader, files))


# ThijmenA/Knowledge-Engineering-Google-Trends-Data's two scripts, shortened: one LOAD CSV statement without ';'
# (comments after its clauses, a computed MERGE property) over the raw.githubusercontent.com URL of its file, then the
# seasons script linking the Month nodes the first one wrote
_DUTCH_WEATHER_GRAPH = (
    'LOAD CSV WITH HEADERS FROM "https://raw.githubusercontent.com/ThijmenA/Knowledge-Engineering-Google-Trends-Data/'
    'refs/heads/main/combined_data_without_index.csv" AS row\nWITH row, split(row.Periods, \'-\') AS parts\n\n'
    "// Create nodes for dates\nMERGE (d:Date {id: row.id})\nMERGE (m:Month {value: parts[1]})\n"
    "MERGE (w:Weather {id: row.id, score: row.overall_weather_score}) // TODO: delete this node\n"
    'MERGE (te:Temperature {value: toFloat(row.temperature), unit: "\u00b0C"})\n'
    "MERGE (d)-[:month]->(m)\nMERGE (d)-[:weather]->(w)\nMERGE (w)-[:temperature]->(te)\n")
_DUTCH_WEATHER_SEASONS = ('// Create seasons nodes\nMERGE (s1:Season {name: "Spring"})\n\nWITH s1\n'
                          "MATCH (d)-[:month]->(m:Month)\nWHERE m.value IN ['03', '04', '05']\n"
                          "MERGE (d)-[:season]->(s1)\n")
_DUTCH_WEATHER_DATA = ("id,Periods,temperature,overall_weather_score\n0,2019-01,3.4092979127134724,3.2050428952930385\n"
                       "1,2019-02,6.0227941176470585,\n")


def _dutch_weather_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, graph: str = _DUTCH_WEATHER_GRAPH) -> Path:
    import subprocess

    fetched = tmp_path / "ThijmenA+Knowledge-Engineering-Google-Trends-Data" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    files = {corpus.DUTCH_WEATHER_SCRIPTS[0]: graph, corpus.DUTCH_WEATHER_SCRIPTS[1]: _DUTCH_WEATHER_SEASONS,
             "combined_data_without_index.csv": _DUTCH_WEATHER_DATA}
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in files.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Moved raw data to dedicated folders"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # later ("Clean up"): the file moved to processed_data/, the scripts unchanged (their URL names no file at HEAD)
    (fetched / "processed_data").mkdir()
    subprocess.run([*git, "mv", "combined_data_without_index.csv", "processed_data/"], check=True)
    subprocess.run([*git, "commit", "-qm", "Clean up"], check=True)
    monkeypatch.setattr(corpus, "DUTCH_WEATHER_COMMIT", full)
    return tmp_path


def test_dutch_weather_sales_runs_both_scripts_at_the_commit_whose_file_its_url_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_dutch_weather_sales(store, _dutch_weather_mirror(tmp_path, monkeypatch))
    assert len(store.calls) == 2
    statement, params = store.calls[0]
    # the one statement as written, its LOAD CSV given the rows of the commit's file (an empty field null)
    assert statement.startswith("UNWIND $rows AS row\nWITH row, split(row.Periods, '-') AS parts\n")
    assert "MERGE (w:Weather {id: row.id, score: row.overall_weather_score}) // TODO: delete this node" in statement
    assert params == {"rows": [
        {"id": "0", "Periods": "2019-01", "temperature": "3.4092979127134724",
         "overall_weather_score": "3.2050428952930385"},
        {"id": "1", "Periods": "2019-02", "temperature": "6.0227941176470585", "overall_weather_score": None}]}
    # then the seasons script, after the months it links (its leading comment line dropped)
    assert store.calls[1] == ('MERGE (s1:Season {name: "Spring"})\n\nWITH s1\n'
                              "MATCH (d)-[:month]->(m:Month)\nWHERE m.value IN ['03', '04', '05']\n"
                              "MERGE (d)-[:season]->(s1)", {})


def test_dutch_weather_sales_refuses_a_url_outside_its_repository(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = _DUTCH_WEATHER_GRAPH.replace("https://raw.githubusercontent.com/ThijmenA/", "https://example.org/ThijmenA/")
    with pytest.raises(corpus.CorpusError, match="its script reads https://example.org/"):
        corpus.write_dutch_weather_sales(Recorder(), _dutch_weather_mirror(tmp_path, monkeypatch, graph))


# neofreko/hackjak's import.js, reduced to the calls its loader makes (the whitespace as its own), and two of its
# pages: a route naming one stop twice in a row and a way back that is not loaded, a stop two routes share
_HACKJAK_LOADER = (
    "// you need to do it one by one from tp1 to tp6\nvar data = require('./tp6').data;\n\n"
    "function ensureUnique() {\n    db.constraints.uniqueness.createIfNone('PoI', 'unique_key', done)\n}\n\n"
    "function poi_insert(rute, trayek) {\n    poi_find({\n        name: rute,\n        wilayah: trayek.wilayah\n"
    "    })\n    db.save({\n            name: rute,\n            wilayah: trayek.wilayah,\n"
    "            unique_key: rute + '__' +\n                trayek.wilayah\n        },\n        'PoI',\n"
    "        saved)\n}\n\nfunction poi_connect(poi1, poi2, trayek) {\n"
    "    db.relate(poi1.id, 'CONNECT_TO', poi2.id, {\n        using: trayek.noTrayek\n    }, related)\n}\n\n"
    "function iterateTrayeks() {\n            var routes = elm.ruteBerangkat;\n"
    "            routes.concat(elm.ruteKembali);\n}\n\nfunction iterateRoutes(routes, trayek) {\n"
    "        if (index < arr.length - 1) {\n            var next_rute = arr[index + 1];\n        }\n}\n")
_HACKJAK_ROUTES = [
    {"noTrayek": "U13", "wilayah": "Jakarta Utara", "namaTrayek": "Mall Kelapa Gading (P1) - Serdang",
     "ruteBerangkat": ["Mall Kelapa Gading P1", "Jl. Pegangsaan 2", "Jl. Pegangsaan 2"],
     "ruteKembali": ["Pasar Serdang"]},
    {"noTrayek": "T18", "wilayah": "T jaktim", "namaTrayek": "Bulak Ringin - Kampung Rambutan",
     "ruteBerangkat": ["Bulak Ringin", "Mall Kelapa Gading P1"], "ruteKembali": []}]


def _hackjak_page(routes: list[dict[str, Any]]) -> str:
    return "exports.data = " + json.dumps({"total": 560, "result": routes}, indent=4) + "\n"


def _hackjak_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _HACKJAK_LOADER,
                    first: str | None = None) -> Path:
    import subprocess

    fetched = tmp_path / "neofreko+hackjak" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "data").mkdir()
    (fetched / corpus.HACKJAK_LOADER).write_text(loader, encoding="utf-8")
    pages = [first or _hackjak_page(_HACKJAK_ROUTES[:1]), _hackjak_page(_HACKJAK_ROUTES[1:])]
    for i, path in enumerate(corpus.HACKJAK_FILES):
        (fetched / path).write_text(pages[i] if i < len(pages) else _hackjak_page([]), encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "initial import"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit the loader must not read: the first page emptied
    (fetched / corpus.HACKJAK_FILES[0]).write_text(_hackjak_page([]), encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "HACKJAK_COMMIT", pinned)
    return tmp_path


def test_jakarta_bus_routes_makes_its_loaders_calls_page_by_page_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_jakarta_bus_routes(store, _hackjak_mirror(tmp_path, monkeypatch))
    stops = ("UNWIND $stops AS stop\nMERGE (n:PoI {unique_key: stop.unique_key})\n"
             "ON CREATE SET n.name = stop.name, n.wilayah = stop.wilayah")
    links = ("UNWIND $links AS link\nMATCH (a:PoI {unique_key: link.from})\nMATCH (b:PoI {unique_key: link.to})\n"
             "CREATE (a)-[:CONNECT_TO {using: link.using}]->(b)")
    assert store.calls[0] == ("CREATE CONSTRAINT IF NOT EXISTS FOR (n:PoI) REQUIRE n.unique_key IS UNIQUE", {})
    # the first page: every stop of the way out, the one named twice linked to itself, the way back not loaded
    assert store.calls[1] == (stops, {"stops": [
        {"name": "Mall Kelapa Gading P1", "wilayah": "Jakarta Utara",
         "unique_key": "Mall Kelapa Gading P1__Jakarta Utara"},
        {"name": "Jl. Pegangsaan 2", "wilayah": "Jakarta Utara", "unique_key": "Jl. Pegangsaan 2__Jakarta Utara"},
        {"name": "Jl. Pegangsaan 2", "wilayah": "Jakarta Utara", "unique_key": "Jl. Pegangsaan 2__Jakarta Utara"}]})
    assert store.calls[2] == (links, {"links": [
        {"from": "Mall Kelapa Gading P1__Jakarta Utara", "to": "Jl. Pegangsaan 2__Jakarta Utara", "using": "U13"},
        {"from": "Jl. Pegangsaan 2__Jakarta Utara", "to": "Jl. Pegangsaan 2__Jakarta Utara", "using": "U13"}]})
    # the second: a stop is its route's region's, so the mall named again is another PoI
    assert store.calls[3] == (stops, {"stops": [
        {"name": "Bulak Ringin", "wilayah": "T jaktim", "unique_key": "Bulak Ringin__T jaktim"},
        {"name": "Mall Kelapa Gading P1", "wilayah": "T jaktim", "unique_key": "Mall Kelapa Gading P1__T jaktim"}]})
    assert store.calls[4][1] == {"links": [
        {"from": "Bulak Ringin__T jaktim", "to": "Mall Kelapa Gading P1__T jaktim", "using": "T18"}]}
    # tp3 to tp6, empty here, still run in their turn
    assert [params for _, params in store.calls[5:]] == [{"stops": []}, {"links": []}] * 4
    assert corpus.graph("jakarta-bus-routes").split == "spent"  # the thirty-second split, run once
    assert corpus.graph("jakarta-bus-routes").repo == corpus.HACKJAK


def test_jakarta_bus_routes_refuses_a_loader_making_other_calls_a_page_of_another_form_and_a_double_underscore(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _HACKJAK_LOADER.replace("'CONNECT_TO'", "'NEXT'")
    with pytest.raises(corpus.CorpusError, match="does not make the calls this loader makes"):
        corpus.write_jakarta_bus_routes(Recorder(), _hackjak_mirror(tmp_path / "a", monkeypatch, other))
    both = _HACKJAK_LOADER.replace("var routes = elm.ruteBerangkat;\n            routes.concat(elm.ruteKembali);",
                                   "var routes = elm.ruteBerangkat.concat(elm.ruteKembali);")
    with pytest.raises(corpus.CorpusError, match="does not make the calls"):
        corpus.write_jakarta_bus_routes(Recorder(), _hackjak_mirror(tmp_path / "b", monkeypatch, both))
    json_page = json.dumps({"result": _HACKJAK_ROUTES})
    with pytest.raises(corpus.CorpusError, match="data/tp1.js is not `exports.data = "):
        corpus.write_jakarta_bus_routes(Recorder(), _hackjak_mirror(tmp_path / "c", monkeypatch, first=json_page))
    clash = _hackjak_page([{**_HACKJAK_ROUTES[1], "ruteBerangkat": ["Bulak__Ringin", "Cibubur"]}])
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="'Bulak__Ringin', whose '__' makes its unique_key ambiguous"):
        corpus.write_jakarta_bus_routes(store, _hackjak_mirror(tmp_path / "d", monkeypatch, first=clash))
    assert store.calls == []  # refused before anything is written


# jkaszpurenko/graphdb_cia_factbook's preprocess_upload_neo4j.py, shortened: its imports, its py2neo Graph and
# constraint check, read_csv with its dtype dict, a primary region's rows, the latest year's figure per country
# (sort_values, drop_duplicates), left merges, a chained fillna in place, a column product, a rank within groups, rows
# read with loc and spliced into its Cypher by str.format (round of the billions), its GDS call, and what follows it
_FACTBOOK_LOADER = (
    "import pandas as pd\nfrom pathlib2 import Path\nfrom getpass import getpass\nimport py2neo\n"
    "from json import dumps\n\n\ndef main():\n    username = input('Username: ')\n    password = getpass()\n"
    "    graph = py2neo.Graph('bolt://localhost:7687', auth=(username, password))\n"
    "    current_constraints = str(graph.run('''SHOW constraints'''))\n"
    "    if \"['country']   | ['name']\" not in current_constraints:\n"
    "        graph.run('''CREATE CONSTRAINT FOR (n:country) REQUIRE n.name IS NODE KEY''')\n"
    "    di_types = {'country': str, 'amount': float, 'year': float, 'trade_country': str, 'percentage': float,\n"
    "                'rank': int, 'regions': str, 'retrieved': str, 'link': str, 'note': str, 'trade_type': str}\n"
    "    df_exp = pd.read_csv(Path('output', 'exports.csv'), dtype=di_types)\n"
    "    df_part = pd.read_csv(Path('output', 'exports_partners.csv'), dtype=di_types)\n"
    "    df_region = pd.read_csv(Path('output', 'country_region.csv'), dtype=di_types)\n"
    "    df_country = df_region.loc[df_region['rank'] == 0].copy()\n"
    "    df_country = df_country.reset_index(drop=True)\n"
    "    df_exp.sort_values('year', ascending=False, inplace=True)\n"
    "    df_foo = df_exp.drop_duplicates('country', keep='first').copy()\n"
    "    df_country = pd.merge(df_country, df_foo[['country', 'amount']], on='country', how='left')\n"
    "    df_country['amount'].fillna(0, inplace=True)\n"
    "    df_part = pd.merge(df_part, df_foo[['country', 'amount']], how='left', on='country')\n"
    "    df_part['amount'] = df_part['amount'] * df_part['percentage']\n"
    "    df_part['rank'] = df_part.groupby('country')['amount'].rank('min', ascending=False)\n"
    "    for row in df_country.index:\n"
    "        foo = df_country.loc[row, ['country', 'amount', 'regions', 'retrieved']]\n"
    "        di = dict(zip(foo.index, foo.values))\n"
    "        graph.run('''MERGE (n:country {{name: \"{c}\", amount_export: {a}, primary_region: \"{r}\", '''\n"
    "                  '''date_retrieved: TIMESTAMP(\"{t}\")}})'''.format(c=di['country'],\n"
    "                  a=round(di['amount'] / 1000000000, 3), r=di['regions'], t=di['retrieved']))\n"
    "    for row in df_part.index:\n"
    "        foo = df_part.loc[row, ['country', 'trade_country', 'amount', 'rank']]\n"
    "        di = dict(zip(foo.index, foo.values))\n"
    "        graph.run('''MATCH (n:country {{name: \"{a}\"}}), (m:country {{name: \"{b}\"}}) '''\n"
    "                  '''MERGE (n)-[e:trades {{amount: {x}, rank: {k}}}]->(m)'''.format(a=di['country'],\n"
    "                  b=di['trade_country'], x=round(di['amount'] / 1000000000, 3), k=di['rank']))\n"
    "    print('Nodes and Edges uploaded')\n"
    "    graph.run('''CALL gds.graph.project('myGraph', 'country', 'trades')''')\n"
    "    graph.run('''MATCH (n) DETACH DELETE n''')\n\n\n"
    "if __name__=='__main__':\n    main()\n")
# Chile's 2021 exports are its latest (2020's are older, 2021's come first once sorted); Peru's 2021 figure is
# missing; Asia is a secondary region of Chile's (rank 1), not a country row
_FACTBOOK_DATA = {
    "output/exports.csv": ("link,country,amount,note,year,retrieved\n"
                           "/c,Chile,94771000000.0,,2020,2023-03-31\n/c,Chile,40000500000.0,,2021,2023-03-31\n"
                           "/p,Peru,,no data,2021,2023-03-31\n"),
    "output/exports_partners.csv": ("link,country,year,trade_country,percentage,trade_type,retrieved\n"
                                    "/c,Chile,2021,China,0.32,exports,2023-03-31\n"
                                    "/c,Chile,2021,Peru,0.05,exports,2023-03-31\n"
                                    "/p,Peru,2021,Chile,0.1,exports,2023-03-31\n"),
    "output/country_region.csv": ("regions,country,link,rank,retrieved\nSouth America,Chile,/c,0,2023-03-31\n"
                                  "Asia,Chile,/c,1,2023-03-31\nSouth America,Peru,/p,0,2023-03-31\n"),
}


def _factbook_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _FACTBOOK_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "jkaszpurenko+graphdb_cia_factbook" / "repo"
    (fetched / "output").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.CIA_TRADE_LOADER).write_text(loader, encoding="utf-8")
    for path, text in _FACTBOOK_DATA.items():
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Added code as well as outputs"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / corpus.CIA_TRADE_LOADER).write_text("raise SystemExit('a later loader')\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "CIA_TRADE_COMMIT", full)
    return tmp_path


def test_factbook_trade_runs_preprocess_upload_neo4j_py_as_written_up_to_its_page_rank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_factbook_trade(store, _factbook_mirror(tmp_path, monkeypatch))
    # its constraint as Community keeps a node key; each country of its primary region with its latest export figure
    # (Chile's 2021 one: 40.0005 billion rounded by numpy's round to 40.0, where Python's gives 40.001; Peru's missing
    # figure filled with 0, a float column's 0.0); each partner's share of that figure, ranked within the exporter
    # (Peru's NaN spliced as nan, as the loader splices it); the GDS call ends the load: its DETACH DELETE is not run
    assert [statement for statement, _ in store.calls] == [
        "CREATE CONSTRAINT FOR (n:country) REQUIRE n.name IS UNIQUE",
        'MERGE (n:country {name: "Chile", amount_export: 40.0, primary_region: "South America", '
        'date_retrieved: TIMESTAMP("2023-03-31")})',
        'MERGE (n:country {name: "Peru", amount_export: 0.0, primary_region: "South America", '
        'date_retrieved: TIMESTAMP("2023-03-31")})',
        'MATCH (n:country {name: "Chile"}), (m:country {name: "China"}) '
        'MERGE (n)-[e:trades {amount: 12.8, rank: 1.0}]->(m)',
        'MATCH (n:country {name: "Chile"}), (m:country {name: "Peru"}) '
        'MERGE (n)-[e:trades {amount: 2.0, rank: 2.0}]->(m)',
        'MATCH (n:country {name: "Peru"}), (m:country {name: "Chile"}) '
        'MERGE (n)-[e:trades {amount: nan, rank: nan}]->(m)']
    assert all(params == {} for _, params in store.calls)
    assert corpus.graph("factbook-trade").split == "spent"  # the thirty-second split, run once


@pytest.mark.parametrize(("change", "refused"), [
    ("import os\n", "imports os"),
    ("pd.read_csv(Path('output', 'gdp_per_capita.csv'), dtype=str)\n", "reads output/gdp_per_capita.csv"),
    ("return\n", "ended without reaching its page rank")])
def test_factbook_trade_reads_nothing_but_its_files_and_must_reach_its_page_rank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _FACTBOOK_LOADER.replace("    username = input", f"    {change}    username = input")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_factbook_trade(Recorder(), _factbook_mirror(tmp_path, monkeypatch, loader))


def test_factbook_trade_frames_do_what_pandas_does_with_ties_missing_values_and_groups() -> None:
    nan = float("nan")
    frame = corpus._CiaFrame({"country": ["A", "B", "A", "C", nan], "year": [2019.0, nan, 2021.0, 2021.0, 2020.0],
                              "goods": ["x", "y", "z", "x", "w"]})
    frame.sort_values("year", ascending=False, inplace=True)  # ties keep their order, NaN last
    assert frame.columns["year"][:4] == [2021.0, 2021.0, 2020.0, 2019.0] and math.isnan(frame.columns["year"][4])
    assert frame.columns["goods"] == ["z", "x", "w", "x", "y"]
    kept = frame.drop_duplicates("country", keep="first")
    assert kept is not None and kept.columns["goods"] == ["z", "x", "w", "y"]
    grouped = corpus._CiaFrame({"kind": ["k", nan, "j", "k"], "goods": ["b", "c", "a", "b"]})
    frame_of_lists = grouped.groupby("kind")["goods"].unique().apply(list).reset_index()
    assert frame_of_lists.columns == {"kind": ["j", "k"], "goods": [["a"], ["b"]]}  # keys sorted, NaN key dropped
    right = corpus._CiaFrame({"goods": ["x", nan, "x"], "mapped": ["m1", "m2", "m3"]})
    merged = corpus._cia_merge(corpus._CiaFrame({"goods": ["x", nan, "q"]}), right, on="goods", how="left")
    assert merged.columns["mapped"][:3] == ["m1", "m3", "m2"] and math.isnan(merged.columns["mapped"][3])
    ranks = corpus._CiaFrame({"c": ["A", "A", "A", "B"], "v": [5.0, 9.0, 5.0, nan]}).groupby("c")["v"].rank(
        "min", ascending=False)
    assert ranks.values[:3] == [2.0, 1.0, 2.0] and math.isnan(ranks.values[3])
    assert round(corpus._CiaFloat(0.1235), 3) == 0.124 and round(0.1235, 3) == 0.123  # numpy's round, not Python's
    assert str(corpus._CiaFloat(2021) / 1) == "2021.0"


# Lucadel/Neo4J-Project's Neo4J_Rendu.ipynb, shortened: a pandas cell, the driver cell, the CONTRAINTES list run in a
# loop, IMPORT1 (USING PERIODIC COMMIT before its LOAD CSV, MERGE on the trimmed title), IMPORT2 and a first analysis
# query (reads only: neither it nor anything after it runs)
_PARIS_LOANS_IMPORT1 = ("\nUSING PERIODIC COMMIT 500 \n\nLOAD CSV WITH HEADERS FROM 'file:///data_litterature.csv' \n"
                        "AS ligne with ligne where ligne.Titre is not null\n\n"
                        "   MERGE (l:Livre {titre: trim(ligne.Titre)}) \n"
                        "   ON CREATE SET l.prets = ToInteger(ligne.prets) \n"
                        "   MERGE (auteur:Auteur { nomauteur: trim(ligne.Auteur) }) \n"
                        "   MERGE (l)-[: ECRIT]->(auteur) ;\n\n")
_PARIS_LOANS_IMPORT2 = ("\n\nLOAD CSV WITH HEADERS FROM 'file:///Googlebook_db.csv' \n"
                        "AS ligne with ligne where ligne.Titre is not null\n\n"
                        "   MERGE (l:Livre {titre: trim(ligne.Titre)}) SET l.summary = trim(ligne.Summary)\n   \n")
_PARIS_LOANS_CELLS = [
    'import pandas as pd\ndata_neo4J=pd.read_csv("data_litterature.csv").drop([\'Unnamed: 0\'],axis=1)',
    'from neo4j import GraphDatabase\n\ndriver = GraphDatabase.driver("bolt://localhost:7687", auth=("neo4j", "0207"))',
    '#Contraintes\nCONTRAINTES=["CREATE CONSTRAINT ON (l:Livre) ASSERT l.titre IS UNIQUE;", \n'
    '"CREATE INDEX ON :Auteur(nomauteur);"]\nfor i in CONTRAINTES:\n    with driver.session() as session:\n'
    '        session.run(i)',
    f'#Import des données principales\nIMPORT1="""{_PARIS_LOANS_IMPORT1}"""\nwith driver.session() as session:\n'
    '    session.run(IMPORT1)',
    f'#Import des données de GoogleBook\nIMPORT2="""{_PARIS_LOANS_IMPORT2}"""\nwith driver.session() as session:\n'
    '    session.run(IMPORT2)',
    '#Qui sont les auteurs les plus lus?\nREQUETE1="""\nMATCH (l:Livre)--(a:Auteur)\nRETURN a.nomauteur, l.prets\n"""\n'
    'with driver.session() as session:\n    result=session.run(REQUETE1)',
    'REQUETE2="""\nMATCH (l:Livre) SET l.vu = true\n"""',
]
_PARIS_LOANS_BOOKS = (",Titre,sstitre,Auteur,prets\n94917,La montagne des boeufs sauvages , ,Pierre Pelot,10.0\n"
                      "182889,Fous de foot ,,Fanny Joly,3.0\n")


def _paris_loans_notebook(cells: list[str]) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "source": ["## Rendu Neo4J"]}]
                       + [{"cell_type": "code", "source": [cell]} for cell in cells]})


def _paris_loans_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                        cells: list[str] | None = None) -> Path:
    import subprocess

    fetched = tmp_path / "Lucadel+Neo4J-Project" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    files = {corpus.PARIS_LOANS_NOTEBOOK: _paris_loans_notebook(_PARIS_LOANS_CELLS if cells is None else cells),
             "data/data_litterature.csv": _PARIS_LOANS_BOOKS,
             "data/Googlebook_db.csv": ",Unnamed: 0,Titre,Summary\n0,0,Fous de foot ,\"Moi, le football\"\n"}
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in files.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "e"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # later (its report): another data_litterature.csv, which the pinned commit's notebook is not run over
    (fetched / "data" / "data_litterature.csv").write_text(",Titre,sstitre,Auteur,prets\n0,Chanson douce,,X,1.0\n",
                                                           encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "Last update"], check=True)
    monkeypatch.setattr(corpus, "PARIS_LOANS_COMMIT", pinned)
    return tmp_path


def test_paris_library_loans_runs_the_notebooks_import_at_the_pinned_commit_and_stops_at_its_analysis(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_paris_library_loans(store, _paris_loans_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # the two schema statements in 5.x syntax, in the order of the list the notebook loops over
    assert statements[:2] == ["CREATE CONSTRAINT FOR (l:Livre) REQUIRE l.titre IS UNIQUE",
                              "CREATE INDEX FOR (n:Auteur) ON (n.nomauteur)"]
    # IMPORT1 as written (its USING PERIODIC COMMIT goes with the LOAD CSV), over data/ at the pinned commit: a blank
    # field null, a field of one space kept as LOAD CSV reads it
    statement, params = store.calls[2]
    assert statement.startswith("UNWIND $rows AS ligne with ligne where ligne.Titre is not null\n")
    assert "MERGE (l)-[: ECRIT]->(auteur)" in statement and "PERIODIC" not in statement
    assert params == {"rows": [
        {"": "94917", "Titre": "La montagne des boeufs sauvages ", "sstitre": " ", "Auteur": "Pierre Pelot",
         "prets": "10.0"},
        {"": "182889", "Titre": "Fous de foot ", "sstitre": None, "Auteur": "Fanny Joly", "prets": "3.0"}]}
    # then IMPORT2 over data/Googlebook_db.csv; the analysis after it (and a later writing query) never runs
    statement, params = store.calls[3]
    assert statement.startswith("UNWIND $rows AS ligne with ligne where ligne.Titre is not null\n")
    assert params["rows"] == [{"": "0", "Unnamed: 0": "0", "Titre": "Fous de foot ", "Summary": "Moi, le football"}]
    assert len(store.calls) == 4


def test_paris_library_loans_refuses_a_file_outside_its_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [cell.replace("file:///Googlebook_db.csv", "https://example.org/Googlebook_db.csv")
             for cell in _PARIS_LOANS_CELLS]
    with pytest.raises(corpus.CorpusError, match="its notebook reads https://example.org/"):
        corpus.write_paris_library_loans(Recorder(), _paris_loans_mirror(tmp_path, monkeypatch, cells))


def test_paris_library_loans_refuses_a_notebook_without_its_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [cell for cell in _PARIS_LOANS_CELLS if "IMPORT" not in cell]
    with pytest.raises(corpus.CorpusError, match="no LOAD CSV import found"):
        corpus.write_paris_library_loans(Recorder(), _paris_loans_mirror(tmp_path, monkeypatch, cells))


# IUIDSL/t2d-net's two scripts, shortened: comment lines ("////" too), node and edge statements over the Cytoscape
# TSV's raw.githubusercontent.com URL, then load_extras.cql's headed LOAD CSV and its headerless one over the .smi file
_T2D_URL = "https://raw.githubusercontent.com/IUIDSL/t2d-net/master/data/"
_T2D_CYJS = (
    "////\n// NODES\n// Compounds:\n"
    f'LOAD CSV WITH HEADERS FROM "{_T2D_URL}slap_dtp_merged.cyjs.tsv"\nAS row FIELDTERMINATOR \'\\t\' WITH row\n'
    "WHERE row.node_or_edge = 'node' AND row.class = 'pubchem_compound'\n"
    "CREATE (c:Compound {SUID:row.SUID, uri:row.name, name:trim(row.label)}) ;\n\n"
    "//USING PERIODIC COMMIT 500\n"
    f'LOAD CSV WITH HEADERS FROM "{_T2D_URL}slap_dtp_merged.cyjs.tsv"\nAS row FIELDTERMINATOR \'\\t\' WITH row\n'
    "MATCH (s {SUID:row.source}), (t {SUID:row.target})\n"
    "WHERE row.node_or_edge = 'edge' AND row.label = 'hprd'\n"
    "CREATE (s)-[:hprd {SUID:row.SUID, evidence:row.evidence, name:row.name}]->(t) ;\n")
_T2D_EXTRAS = (
    "// SLAP Compound-Target Associations:\n"
    f'LOAD CSV WITH HEADERS FROM "{_T2D_URL}t2d_dtp_links.csv"\nAS row\n'
    "MATCH (c:Compound {CID:row.CID}), (g:Gene {UniprotID:row.TID})\n"
    "CREATE (c)-[:SLAP {score:toFloat(row.score)}]->(g)\nRETURN COUNT(c);\n"
    f'LOAD CSV FROM "{_T2D_URL}diabetes_drugs.smi"\nAS row FIELDTERMINATOR \'\\t\' WITH row\n'
    "MATCH (c:Compound {CID:row[2]})\nSET c += {smiles:row[0], name:row[1], is_drug:'TRUE'}\nRETURN COUNT(c);\n")
_T2D_FILES = {
    "data/slap_dtp_merged.cyjs.tsv": ("node_or_edge\tSUID\tlabel\tname\tclass\tsource\ttarget\tevidence\n"
                                      "node\t504\t123631\thttp://c2b2r/123631\tpubchem_compound\t\t\t\n"
                                      "edge\t5081\thprd\tA (-) B\t\t98\t99\thttp://ev/1\n"),
    "data/t2d_dtp_links.csv": 'CID,TID,score\n3476,"P35916",0.0151\n',
    "data/diabetes_drugs.smi": "CCC(=O)O\tglimepiride\t3476\nCCO\tmiglitol\t441314\n"}


def _t2d_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extras: str = _T2D_EXTRAS) -> Path:
    import subprocess

    fetched = tmp_path / "IUIDSL+t2d-net" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    files = {corpus.T2D_NET_SCRIPTS[0]: _T2D_CYJS, corpus.T2D_NET_SCRIPTS[1]: extras, **_T2D_FILES}
    for path, text in files.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Ok."], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / corpus.T2D_NET_SCRIPTS[1]).write_text("MATCH (n) DETACH DELETE n;\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)  # what the pinned commit does not hold
    monkeypatch.setattr(corpus, "T2D_NET_COMMIT", full)
    return tmp_path


def test_t2d_net_runs_both_scripts_in_order_over_its_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_t2d_net(store, _t2d_mirror(tmp_path, monkeypatch))
    assert len(store.calls) == 4
    (nodes, node_params), (edges, edge_params), (slap, slap_params), (drugs, drug_params) = store.calls
    # the tab-separated rows, every row of the file given to each statement (its WHERE picks), an empty field null
    assert nodes.startswith("UNWIND $rows AS row WITH row\nWHERE row.node_or_edge = 'node'")
    assert node_params["rows"][0] == {"node_or_edge": "node", "SUID": "504", "label": "123631",
                                      "name": "http://c2b2r/123631", "class": "pubchem_compound", "source": None,
                                      "target": None, "evidence": None}
    assert len(node_params["rows"]) == 2 and edge_params == node_params
    assert "CREATE (s)-[:hprd {SUID:row.SUID" in edges and "PERIODIC" not in edges
    assert slap.startswith("UNWIND $rows AS row\nMATCH (c:Compound {CID:row.CID})")
    assert slap_params == {"rows": [{"CID": "3476", "TID": "P35916", "score": "0.0151"}]}
    # the headerless LOAD CSV: each row a list, split on its tab
    assert drugs.startswith("UNWIND $rows AS row WITH row\nMATCH (c:Compound {CID:row[2]})")
    assert drug_params == {"rows": [["CCC(=O)O", "glimepiride", "3476"], ["CCO", "miglitol", "441314"]]}


def test_t2d_net_refuses_a_url_outside_its_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extras = _T2D_EXTRAS.replace(f'LOAD CSV FROM "{_T2D_URL}', 'LOAD CSV FROM "https://example.org/')
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/diabetes_drugs.smi"):
        corpus.write_t2d_net(Recorder(), _t2d_mirror(tmp_path, monkeypatch, extras))
    headed = _T2D_EXTRAS.replace(f'FROM "{_T2D_URL}t2d', 'FROM "https://example.org/t2d')
    with pytest.raises(corpus.CorpusError, match="its script reads https://example.org/t2d_dtp_links.csv"):
        corpus.write_t2d_net(Recorder(), _t2d_mirror(tmp_path / "b", monkeypatch, headed))


# fsosn/neo4j-ski-resorts-and-airports' apoc.export.cypher dump in its cypher-shell format, shortened: its indexes and
# constraints (apoc 5.x's named import constraint), the wait for the indexes, a node batch with a point and one keyed
# on the import label (a ResortHub), a relationship batch with its property, the import label's removal and drop
_SKI_RESORTS_EXPORT = (
    ":begin\nCREATE POINT INDEX FOR (n:Resort) ON (n.location);\n"
    "CREATE CONSTRAINT constraint_ab39cb0e FOR (node:Resort) REQUIRE (node.name) IS UNIQUE;\n"
    "CREATE CONSTRAINT UNIQUE_IMPORT_NAME FOR (node:`UNIQUE IMPORT LABEL`) REQUIRE (node.`UNIQUE IMPORT ID`) "
    "IS UNIQUE;\n:commit\nCALL db.awaitIndexes(300);\n:begin\n"
    "UNWIND [{name:\"Ruka\", properties:{skipass_price:43, location:point({x: 29.15, y: 66.17, crs: 'wgs-84'})}}] "
    "AS row\nCREATE (n:Resort{name: row.name}) SET n += row.properties;\n"
    "UNWIND [{_id:4552, properties:{name:\"Ski Arlberg\"}}] AS row\n"
    "CREATE (n:`UNIQUE IMPORT LABEL`{`UNIQUE IMPORT ID`: row._id}) SET n += row.properties SET n:ResortHub;\n"
    ":commit\n:begin\nUNWIND [{start: {name:\"Ruka\"}, end: {iata_code:\"KAO\"}, properties:{distanceKm:20.91}}] "
    "AS row\nMATCH (start:Resort{name: row.start.name})\nMATCH (end:Airport{iata_code: row.end.iata_code})\n"
    "CREATE (start)-[r:NEAR_AIRPORT]->(end) SET r += row.properties;\n:commit\n"
    ":begin\nMATCH (n:`UNIQUE IMPORT LABEL`)  WITH n LIMIT 20000 REMOVE n:`UNIQUE IMPORT LABEL` "
    "REMOVE n.`UNIQUE IMPORT ID`;\n:commit\n:begin\nDROP CONSTRAINT UNIQUE_IMPORT_NAME;\n:commit\n")


def _ski_resorts_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import subprocess

    fetched = tmp_path / "fsosn+neo4j-ski-resorts-and-airports" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    export = fetched / corpus.SKI_RESORTS_EXPORT
    export.parent.mkdir(parents=True)
    export.write_text(_SKI_RESORTS_EXPORT, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "feat: add cypher scripts"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit that changed the export would not be what the corpus pinned
    export.write_text(":begin\nCREATE (:Resort {name: \"later\"});\n:commit\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "a later export"], check=True)
    monkeypatch.setattr(corpus, "SKI_RESORTS_COMMIT", pinned)
    return tmp_path


def test_ski_resorts_runs_its_apoc_export_as_cypher_shell_does_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_ski_resorts(store, _ski_resorts_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # every statement as written, in order, without parameters; the shell's :begin and :commit lines dropped
    assert statements == [
        "CREATE POINT INDEX FOR (n:Resort) ON (n.location)",
        "CREATE CONSTRAINT constraint_ab39cb0e FOR (node:Resort) REQUIRE (node.name) IS UNIQUE",
        "CREATE CONSTRAINT UNIQUE_IMPORT_NAME FOR (node:`UNIQUE IMPORT LABEL`) REQUIRE (node.`UNIQUE IMPORT ID`) "
        "IS UNIQUE",
        "CALL db.awaitIndexes(300)",
        "UNWIND [{name:\"Ruka\", properties:{skipass_price:43, location:point({x: 29.15, y: 66.17, crs: 'wgs-84'})}}] "
        "AS row\nCREATE (n:Resort{name: row.name}) SET n += row.properties",
        "UNWIND [{_id:4552, properties:{name:\"Ski Arlberg\"}}] AS row\n"
        "CREATE (n:`UNIQUE IMPORT LABEL`{`UNIQUE IMPORT ID`: row._id}) SET n += row.properties SET n:ResortHub",
        "UNWIND [{start: {name:\"Ruka\"}, end: {iata_code:\"KAO\"}, properties:{distanceKm:20.91}}] "
        "AS row\nMATCH (start:Resort{name: row.start.name})\nMATCH (end:Airport{iata_code: row.end.iata_code})\n"
        "CREATE (start)-[r:NEAR_AIRPORT]->(end) SET r += row.properties",
        "MATCH (n:`UNIQUE IMPORT LABEL`)  WITH n LIMIT 20000 REMOVE n:`UNIQUE IMPORT LABEL` "
        "REMOVE n.`UNIQUE IMPORT ID`",
        "DROP CONSTRAINT UNIQUE_IMPORT_NAME"]
    assert all(params == {} for _, params in store.calls)


def test_ski_resorts_refuses_a_mirror_without_its_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _ski_resorts_mirror(tmp_path, monkeypatch)
    monkeypatch.setattr(corpus, "SKI_RESORTS_COMMIT", "0" * 40)
    with pytest.raises(corpus.CorpusError, match="import-cypher-shell/full_export.cypher is not in the mirror"):
        corpus.write_ski_resorts(Recorder(), mirror)

_JOBNX_COMMANDS = """USING PERIODIC COMMIT
LOAD CSV WITH HEADERS FROM 'file:///jobnodes.csv' AS row
WITH row WHERE row.yrkeskode IS NOT NULL
MERGE (c:yrke {yrkeskode: row.yrkeskode, yrkestittel: row.yrke})

CREATE INDEX ON :yrke(yrkeskode)

USING PERIODIC COMMIT 10000
LOAD CSV WITH HEADERS FROM 'file:///orgnodes.csv' AS row
WITH row WHERE row.orgnr_frtk IS NOT NULL 
MERGE (f:foretak {orgnr: row.orgnr_frtk, navn:row.navn})

CREATE INDEX ON :foretak(orgnr)

USING PERIODIC COMMIT 5000 
LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS line 
MATCH (f:foretak {orgnr: line.orgnr_frtk}), (y:yrke  {yrkeskode: line.yrkeskode}) 
CREATE (f)-[:trenger {antall: line.antall_stillinger}]->(y);
"""


def _jobnx_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, commands: str = _JOBNX_COMMANDS) -> Path:
    import subprocess

    fetched = tmp_path / "radbrt+jobnx" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "import").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.JOBNX_SCRIPT).write_text(commands, encoding="utf-8")
    (fetched / "import" / "jobnodes.csv").write_text("yrke,yrkeskode\nBirøktere,6123\n", encoding="utf-8")
    (fetched / "import" / "orgnodes.csv").write_text(
        "orgnr_frtk,nkode1,ansatte_antall,navn,naerk_tekst\n990749655,41.200,903.0,HENT AS,Oppføring av bygninger\n"
        ",,,NO NUMBER AS,\n", encoding="utf-8")
    (fetched / "import" / "edges.csv").write_text("orgnr_frtk,yrkeskode,antall_stillinger\n990749655,6123,2\n",
                                                  encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "bugfix commands"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit that changed the data would not be what the corpus pinned
    (fetched / "import" / "edges.csv").write_text("orgnr_frtk,yrkeskode,antall_stillinger\n1,2,99\n",
                                                  encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "JOBNX_COMMIT", pinned)
    return tmp_path


def test_nav_job_ads_runs_its_commands_indexes_first_over_its_files_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nav_job_ads(store, _jobnx_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # its commands are split on blank lines; the indexes (in 5.x syntax) before the loads, the loads in its order
    assert statements[:2] == ["CREATE INDEX FOR (n:yrke) ON (n.yrkeskode)",
                              "CREATE INDEX FOR (n:foretak) ON (n.orgnr)"]
    assert len(statements) == 5
    assert statements[2].startswith("UNWIND $rows AS row\nWITH row WHERE row.yrkeskode IS NOT NULL\nMERGE (c:yrke")
    assert statements[3].startswith("UNWIND $rows AS row\nWITH row WHERE row.orgnr_frtk IS NOT NULL")
    assert statements[4].startswith("UNWIND $rows AS line \nMATCH (f:foretak {orgnr: line.orgnr_frtk})")
    assert statements[4].endswith("CREATE (f)-[:trenger {antall: line.antall_stillinger}]->(y)")
    assert "PERIODIC" not in " ".join(statements)
    params = [p for _, p in store.calls]
    assert params[:2] == [{}, {}]
    assert params[2] == {"rows": [{"yrke": "Birøktere", "yrkeskode": "6123"}]}
    # an empty field is null, as LOAD CSV gives it (the command's WHERE leaves that row out)
    assert params[3]["rows"][1] == {"orgnr_frtk": None, "nkode1": None, "ansatte_antall": None,
                                    "navn": "NO NUMBER AS", "naerk_tekst": None}
    assert params[4] == {"rows": [{"orgnr_frtk": "990749655", "yrkeskode": "6123", "antall_stillinger": "2"}]}


def test_nav_job_ads_refuses_a_file_it_does_not_serve_and_a_changed_script(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _JOBNX_COMMANDS.replace("file:///edges.csv", "https://example.org/edges.csv")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/edges.csv"):
        corpus.write_nav_job_ads(Recorder(), _jobnx_mirror(tmp_path / "a", monkeypatch, other))
    fewer = _JOBNX_COMMANDS.replace("CREATE INDEX ON :foretak(orgnr)\n\n", "")
    with pytest.raises(corpus.CorpusError, match="not its two index and three load commands"):
        corpus.write_nav_job_ads(Recorder(), _jobnx_mirror(tmp_path / "b", monkeypatch, fewer))

_RECIPE_BOOK_SCRIPT = (
    "CREATE (milk:Product {name: \"milk\", calories_per_100_grams: 60})\n\n"
    "CREATE (medovik:Recipe {name: \"Medovik\", cooking_time_in_min: 60, "
    "how_to_cook: \"\u041d\u0430 \u043f\u043b\u0438\u0442\u0443\n\"}),\n"
    "(medovik)-[:INGREDIENT {required_amount_in_grams: 8}]->(milk)\n\n"
    "CREATE\n(country1: Country {name: 'Russia'})\n\n"
    "CREATE\n((country1)-[:is_food_of]->(medovik)),\n((country1)-[:is_food_of]->(\u043eatmeal))\n")


def _recipe_book_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import subprocess

    fetched = tmp_path / "mitrandir-pl+recipe_book_app" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    script = fetched / corpus.RECIPE_BOOK_SCRIPT
    script.parent.mkdir(parents=True)
    script.write_text(_RECIPE_BOOK_SCRIPT, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "db script"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    script.write_text("CREATE (:Recipe {name: \"later\"})\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "a later script"], check=True)
    monkeypatch.setattr(corpus, "RECIPE_BOOK_COMMIT", pinned)
    return tmp_path


def test_recipe_book_runs_its_script_as_one_statement_without_parenthesized_paths(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_recipe_book(store, _recipe_book_mirror(tmp_path, monkeypatch))
    # one statement (the script has no ';'), as written at the pinned commit, but the outer parentheses of its
    # relationship patterns, which 5.x refuses in CREATE
    assert [statement for statement, _ in store.calls] == [_RECIPE_BOOK_SCRIPT.strip().replace(
        "((country1)-[:is_food_of]->(medovik))", "(country1)-[:is_food_of]->(medovik)").replace(
        "((country1)-[:is_food_of]->(\u043eatmeal))", "(country1)-[:is_food_of]->(\u043eatmeal)")]
    assert all(params == {} for _, params in store.calls)


def test_recipe_book_refuses_a_mirror_without_its_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _recipe_book_mirror(tmp_path, monkeypatch)
    monkeypatch.setattr(corpus, "RECIPE_BOOK_COMMIT", "0" * 40)
    with pytest.raises(corpus.CorpusError, match="db_script.groovy is not in the mirror"):
        corpus.write_recipe_book(Recorder(), mirror)


_ERASMUS_LEON_GUIDE = (
    "# Configuraci\u00f3n\n\n## 1 Preparaci\u00f3n\n\nCopiar los CSV.\n\n"
    "## 2 Restricciones\n\n```cypher\n// Nodo: Carrera\n"
    "CREATE CONSTRAINT ON (c:Carrera) ASSERT c.nombre IS UNIQUE;\n```\n\n"
    "## 3 Bloque A\n\n```cypher\nLOAD CSV WITH HEADERS FROM 'file:///datasetSibi.csv' AS row\n"
    "MERGE (c:Carrera {nombre: trim(toLower(row.carrera))})\nRETURN count(row) AS total;\n```\n\n"
    "## 5 (Opcional) Limpieza de datos por conflicto\n\n```cypher\nMATCH (i:Nivel_de_Idioma) DETACH DELETE i;\n"
    "DROP CONSTRAINT ON (i:Nivel_de_Idioma) ASSERT i.nombre IS UNIQUE;\n```\n\n"
    "## 7 Bloque C.1\n\n```cypher\nLOAD CSV WITH HEADERS FROM 'file:///a\u00f1adirCosas.csv' AS row\n"
    "MATCH (p:Pais {nombre: trim(toLower(row.pais_destino))})\nSET p.moneda = trim(row.moneda);\n```\n\n"
    "## 8 Bloque C.2\n\n```cypher\nMATCH (p:Pais {nombre: 'turqu\u00eda'})\nSET p.nombre = 'turquia'\n"
    "RETURN p AS Pais_Renombrado;\n```\n\n```cypher\n"
    "LOAD CSV WITH HEADERS FROM 'file:///atractivos_FINALES.csv' AS row\n"
    "MERGE (a:Atractivo {nombre: trim(row.Atraccion)});\n```\n\n"
    "## 9 Bloque D\n\n```cypher\nMATCH (c:Carrera) RETURN count(c);\n```\n")


def _erasmus_leon_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str = _ERASMUS_LEON_GUIDE) -> Path:
    import subprocess

    fetched = tmp_path / "rmartg14+SIBI-2025-RMARTG14" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "data").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.ERASMUS_LEON_GUIDE).write_text(guide, encoding="utf-8")
    (fetched / "data" / "datasetSibi.csv").write_text("carrera,pais_destino\nDerecho,ALEMANIA\nVeterinaria,\n",
                                                     encoding="utf-8")
    # the countries' file is separated by ';' and begins with a byte order mark, as the repository's is
    (fetched / "data" / "a\u00f1adirCosas.csv").write_text("\ufeffpais_destino;moneda\nALEMANIA;Euro\n",
                                                           encoding="utf-8")
    (fetched / "data" / "atractivos_FINALES.csv").write_text("pais_destino,Atraccion\nALEMANIA,Puerta\n",
                                                            encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "setup"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / "data" / "datasetSibi.csv").write_text("carrera,pais_destino\nLater,FRANCIA\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "ERASMUS_LEON_COMMIT", pinned)
    return tmp_path


def test_erasmus_leon_runs_the_guides_blocks_in_order_without_the_optional_cleanup(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_erasmus_leon(store, _erasmus_leon_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # the constraint in 5.x syntax; the cleanup section's statements (and its 4.x DROP CONSTRAINT) never run
    assert statements[0] == "CREATE CONSTRAINT FOR (c:Carrera) REQUIRE c.nombre IS UNIQUE"
    assert statements[1].startswith("UNWIND $rows AS row\nMERGE (c:Carrera")
    assert statements[2].startswith("UNWIND $rows AS row\nMATCH (p:Pais")
    assert statements[3].startswith("MATCH (p:Pais {nombre: 'turqu\u00eda'})")
    assert statements[4] == "UNWIND $rows AS row\nMERGE (a:Atractivo {nombre: trim(row.Atraccion)})"
    assert statements[5] == "MATCH (c:Carrera) RETURN count(c)"
    assert len(statements) == 6
    assert not any("Nivel_de_Idioma" in statement for statement in statements)
    params = [p for _, p in store.calls]
    # the files as committed at the pinned commit; an empty field is null, as LOAD CSV gives it
    assert params[1] == {"rows": [{"carrera": "Derecho", "pais_destino": "ALEMANIA"},
                                  {"carrera": "Veterinaria", "pais_destino": None}]}
    # the ';'-separated file read comma-separated, as the guide reads it: no column is called pais_destino
    assert params[2] == {"rows": [{"pais_destino;moneda": "ALEMANIA;Euro"}]}
    assert params[4] == {"rows": [{"pais_destino": "ALEMANIA", "Atraccion": "Puerta"}]}


def test_erasmus_leon_refuses_a_file_it_does_not_serve_and_a_guide_without_its_blocks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _ERASMUS_LEON_GUIDE.replace("file:///atractivos_FINALES.csv", "https://example.org/a.csv")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/a.csv"):
        corpus.write_erasmus_leon(Recorder(), _erasmus_leon_mirror(tmp_path / "a", monkeypatch, other))
    unknown = _ERASMUS_LEON_GUIDE.replace("file:///atractivos_FINALES.csv", "file:///otros.csv")
    with pytest.raises(corpus.CorpusError, match="reads file:///otros.csv"):
        corpus.write_erasmus_leon(Recorder(), _erasmus_leon_mirror(tmp_path / "b", monkeypatch, unknown))
    fewer = _ERASMUS_LEON_GUIDE.split("## 7")[0]
    with pytest.raises(corpus.CorpusError, match="2 load blocks, not the 6 expected"):
        corpus.write_erasmus_leon(Recorder(), _erasmus_leon_mirror(tmp_path / "c", monkeypatch, fewer))


_SIXDEGREES_SERVER = (
    "var db = new neo4j('http://localhost:7474');\ndb.cypherQuery(\n"
    "  'LOAD CSV FROM \"file://' + __dirname + '/MasterDB.csv\" AS line MERGE(p:Player {name:line[0]}) "
    "MERGE(t:Team {name:line[2], year:line[1]})', function (err, result) {\n"
    "      db.cypherQuery(\n"
    "       'LOAD CSV FROM \"file://' + __dirname + '/MasterDB.csv\" AS line MATCH (p:Player), (t:Team) "
    "WHERE p.name = line[0] AND t.name = line[2] AND t.year = line[1] CREATE (p)-[r:PLAYS_IN]->(t)', "
    "function(err,result){\n"
    "          db.cypherQuery(\n"
    "            'MATCH (p1:Player {name:\"Russ Smith\"}), (p2:Player {name:\"Alex Len\"}), "
    "p = shortestPath( (p1) - [*]-(p2)  ) RETURN p', function(err, p){});\n"
    "      });\n  });\n")


def _sixdegrees_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: str = _SIXDEGREES_SERVER) -> Path:
    import subprocess

    fetched = tmp_path / "upstanding-biome+sixdegrees" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.SIXDEGREES_SCRIPT).write_text(server, encoding="utf-8")
    (fetched / corpus.SIXDEGREES_FILE).write_text("a.c. green,1985-1986,LAL\nalex len,2014-2015,PHO", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "removed node requirement"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # later commits read TEST2.csv and then lost the data file: not what the corpus pinned
    (fetched / corpus.SIXDEGREES_SCRIPT).write_text(server.replace("/MasterDB.csv", "/TEST2.csv"), encoding="utf-8")
    (fetched / corpus.SIXDEGREES_FILE).unlink()
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "SIXDEGREES_COMMIT", pinned)
    return tmp_path


def test_nba_six_dribbles_runs_its_two_loads_over_headerless_rows_after_two_indexes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nba_six_dribbles(store, _sixdegrees_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    assert statements[0].startswith("CREATE INDEX sixdegrees_player IF NOT EXISTS FOR (p:Player)")
    assert statements[1].startswith("CREATE INDEX sixdegrees_team IF NOT EXISTS FOR (t:Team) ON (t.name, t.year)")
    # the two LOAD CSVs of its JavaScript strings, in its order, each row a list as LOAD CSV without headers gives
    # it; the shortest-path query is not a load and is not run
    assert statements[2:] == [
        "UNWIND $rows AS line MERGE(p:Player {name:line[0]}) MERGE(t:Team {name:line[2], year:line[1]})",
        "UNWIND $rows AS line MATCH (p:Player), (t:Team) WHERE p.name = line[0] AND t.name = line[2] AND "
        "t.year = line[1] CREATE (p)-[r:PLAYS_IN]->(t)"]
    rows = [["a.c. green", "1985-1986", "LAL"], ["alex len", "2014-2015", "PHO"]]
    assert [params for _, params in store.calls] == [{}, {}, {"rows": rows}, {"rows": rows}]


def test_nba_six_dribbles_refuses_a_script_that_reads_another_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _SIXDEGREES_SERVER.replace("/MasterDB.csv\" AS line MATCH", "/TEST2.csv\" AS line MATCH")
    with pytest.raises(corpus.CorpusError, match="not its two LOAD CSVs of MasterDB.csv"):
        corpus.write_nba_six_dribbles(Recorder(), _sixdegrees_mirror(tmp_path, monkeypatch, other))


# bruce-antley/us-law-knowledge-graph's neo4j_import.py, shortened: its imports, its argparse command line, the JSON
# file it opens, its connection check, a constraint, each node MERGEd with its labels, each edge between two ids it
# finds, its count check (single() of a result) and its sample queries in a try it passes over
_CONLAW_LOADER = (
    "import json\nimport argparse\nimport sys\nfrom neo4j import GraphDatabase\n"
    "from neo4j.exceptions import ServiceUnavailable, AuthError\n\n"
    "NODE_TYPE_LABELS = {'Case': ['Case', 'AuthorityNode'], 'DoctrinalTest': ['DoctrinalTest', 'TaxonomyNode']}\n"
    "EXCLUDE_FIELDS = {'@type', 'prongs'}\n\n"
    "def connect(uri, user, password):\n    try:\n"
    "        driver = GraphDatabase.driver(uri, auth=(user, password))\n        driver.verify_connectivity()\n"
    "        return driver\n    except ServiceUnavailable:\n        sys.exit(1)\n\n"
    "def props_of(item):\n"
    "    return {k: (json.dumps(v) if isinstance(v, (dict, list)) and not all(isinstance(i, str) for i in v) else v)\n"
    "            for k, v in item.items() if k not in EXCLUDE_FIELDS and v is not None}\n\n"
    "def import_all(driver, data):\n    with driver.session() as session:\n"
    "        session.run('CREATE CONSTRAINT case_id IF NOT EXISTS FOR (n:Case) REQUIRE n.id IS UNIQUE')\n"
    "        for key, node_type in (('cases', 'Case'), ('doctrinal_tests', 'DoctrinalTest')):\n"
    "            labels = ':'.join(NODE_TYPE_LABELS[node_type])\n"
    "            for node in data['nodes'].get(key, []):\n                props = props_of(node)\n"
    "                if 'prongs' in node:\n                    props['prong_count'] = len(node['prongs'])\n"
    "                session.run(f'MERGE (n:{labels} {{id: $id}}) SET n += $props', id=props['id'], props=props)\n"
    "        existing_ids = {r['id'] for r in session.run('MATCH (n) RETURN n.id as id')}\n"
    "        for edge in data['edges']:\n"
    "            if edge['source_id'] not in existing_ids or edge['target_id'] not in existing_ids:\n"
    "                continue\n"
    "            props = {k: v for k, v in edge.items() if k not in ('source_id', 'target_id', 'edge_type')}\n"
    "            session.run(f\"MATCH (source {{id: $source_id}}) MATCH (target {{id: $target_id}}) \"\n"
    "                        f\"MERGE (source)-[r:{edge['edge_type']} {{id: $edge_id}}]->(target) SET r += $props\",\n"
    "                        source_id=edge['source_id'], target_id=edge['target_id'], edge_id=edge['id'],\n"
    "                        props=props)\n"
    "        print('Nodes:', session.run('MATCH (n) RETURN count(n) as c').single()['c'])\n"
    "        try:\n            for row in list(session.run('MATCH (a:Area)-[:RELATED_TO]->(b) RETURN a')):\n"
    "                print(dict(row))\n        except Exception as e:\n            print(e)\n\n"
    "def main():\n    parser = argparse.ArgumentParser()\n    parser.add_argument('--uri', default='bolt://localhost:7687')\n"
    "    parser.add_argument('--user', default='neo4j')\n    parser.add_argument('--password', required=True)\n"
    "    parser.add_argument('--file', default='conlaw_graph_v02.json')\n"
    "    parser.add_argument('--wipe', action='store_true')\n    args = parser.parse_args()\n"
    "    try:\n        with open(args.file) as f:\n            data = json.load(f)\n"
    "    except FileNotFoundError:\n        sys.exit(1)\n"
    "    driver = connect(args.uri, args.user, args.password)\n"
    "    if args.wipe:\n        input('Type yes to confirm: ')\n"
    "    import_all(driver, data)\n    driver.close()\n\n"
    "if __name__ == '__main__':\n    main()\n")
_CONLAW_GRAPH = {
    "meta": {"node_count": 2, "edge_count": 2},
    "nodes": {"cases": [{"@type": "Case", "id": "brown_v_board_1954", "short_name": "Brown v. Board of Education",
                         "vote": "9-0", "courtlistener_id": None, "tags": ["equal_protection"]}],
              "doctrinal_tests": [{"@type": "DoctrinalTest", "id": "strict_scrutiny_ep", "label": "Strict Scrutiny",
                                   "prongs": [{"prong": 1}, {"prong": 2}]}]},
    "edges": [{"id": "e1", "source_id": "brown_v_board_1954", "target_id": "strict_scrutiny_ep",
               "edge_type": "APPLIES", "valid_from": "1954-05-17"},
              {"id": "e2", "source_id": "brown_v_board_1954", "target_id": "plessy_v_ferguson_1896",
               "edge_type": "OVERRULES", "overrule_type": "effective"}]}


class _ConlawRecorder(Recorder):
    """A Recorder whose reads give back what a server would: the ids the loader's MERGEs wrote, and a count."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if statement == "MATCH (n) RETURN n.id as id":
            return [{"id": p["id"]} for s, p in self.calls if s.startswith("MERGE (n:")]
        return [{"c": 2}] if "count(n)" in statement else []


def _conlaw_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _CONLAW_LOADER) -> Path:
    import json

    monkeypatch.setattr(corpus, "CONLAW_COMMIT", "HEAD")  # an ordinary clone: its checked-out files
    return _clone(tmp_path, corpus.CONLAW, {corpus.CONLAW_LOADER: loader,
                                            corpus.CONLAW_DATA: json.dumps(_CONLAW_GRAPH),
                                            "conlaw_graph_v02.html": "<html></html>"})


def test_us_constitutional_law_runs_its_import_script_over_the_repositorys_graph_json(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _ConlawRecorder()
    corpus.write_us_constitutional_law(store, _conlaw_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    assert statements[0] == "CREATE CONSTRAINT case_id IF NOT EXISTS FOR (n:Case) REQUIRE n.id IS UNIQUE"
    # each node MERGEd with both its labels, its fields as the script makes them (no @type, no nulls, a list of
    # strings kept, prongs counted); the edge whose end it did not write (Plessy) is skipped; no --wipe, no input()
    assert store.calls[1:3] == [
        ("MERGE (n:Case:AuthorityNode {id: $id}) SET n += $props",
         {"id": "brown_v_board_1954", "props": {"id": "brown_v_board_1954", "short_name": "Brown v. Board of "
                                                "Education", "vote": "9-0", "tags": ["equal_protection"]}}),
        ("MERGE (n:DoctrinalTest:TaxonomyNode {id: $id}) SET n += $props",
         {"id": "strict_scrutiny_ep", "props": {"id": "strict_scrutiny_ep", "label": "Strict Scrutiny",
                                                "prong_count": 2}})]
    assert statements[3] == "MATCH (n) RETURN n.id as id"
    assert store.calls[4] == (
        "MATCH (source {id: $source_id}) MATCH (target {id: $target_id}) "
        "MERGE (source)-[r:APPLIES {id: $edge_id}]->(target) SET r += $props",
        {"source_id": "brown_v_board_1954", "target_id": "strict_scrutiny_ep", "edge_id": "e1",
         "props": {"id": "e1", "valid_from": "1954-05-17"}})
    assert statements[5:] == ["MATCH (n) RETURN count(n) as c", "MATCH (a:Area)-[:RELATED_TO]->(b) RETURN a"]


@pytest.mark.parametrize(("loader", "refused"), [
    (_CONLAW_LOADER.replace("import sys\n", "import sys\nimport subprocess\n"), "imports subprocess"),
    (_CONLAW_LOADER.replace("with open(args.file) as f:", "with open('conlaw_graph_v02.html') as f:"),
     "opens conlaw_graph_v02.html"),
    (_CONLAW_LOADER.replace("driver.verify_connectivity()", "raise ServiceUnavailable()"), r"exited \(1\)")])
def test_us_constitutional_law_reads_only_its_graph_file_and_raises_an_exit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_us_constitutional_law(_ConlawRecorder(), _conlaw_mirror(tmp_path, monkeypatch, loader))

_NC_BIRDS_LINES = (
    '{"type":"node","id":"0","labels":["Bird","Species"],"properties":{"name":"Piping Plover","isSgcn":true}}\n'
    '{"type":"node","id":"7","labels":["Species","Bird"],"properties":{"name":"American Goldfinch"}}\n'
    '{"type":"node","id":"912"}\n'
    '{"type":"node","id":"3","labels":["Plan"],"properties":{"name":"NC WAP 2015"}}\n'
    '{"id":"0","type":"relationship","label":"HAS_PLAN","start":{"id":"0","labels":["Bird","Species"]},'
    '"end":{"id":"3","labels":["Plan"]}}\n'
    '{"id":"1","type":"relationship","label":"HAS_PLAN","start":{"id":"7"},"end":{"id":"912"}}\n')


def _nc_birds_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: str = _NC_BIRDS_LINES) -> Path:
    import subprocess

    fetched = tmp_path / "ESIPFed+wildlife-with-neo4j" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.NC_BIRDS_EXPORT).write_text(lines, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "export"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit would empty the export: the corpus reads the pinned one
    (fetched / corpus.NC_BIRDS_EXPORT).write_text("", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "NC_BIRDS_COMMIT", pinned)
    return tmp_path


def test_nc_bird_conservation_imports_the_export_by_label_set_and_type_then_drops_its_import_ids(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nc_bird_conservation(store, _nc_birds_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    params = [p for _, p in store.calls]
    key = "`__nc_birds_import`"
    assert statements[0] == f"CREATE INDEX nc_birds_import IF NOT EXISTS FOR (n:{key}) ON (n.neo4jImportId)"
    # one statement per label set (the two birds' labels in another order are one set), the label-less node too
    assert statements[1] == (f"UNWIND $rows AS row CREATE (n:{key}:`Bird`:`Species` {{neo4jImportId: row.id}}) "
                             "SET n += row.properties")
    assert params[1] == {"rows": [{"id": "0", "properties": {"name": "Piping Plover", "isSgcn": True}},
                                  {"id": "7", "properties": {"name": "American Goldfinch"}}]}
    assert statements[2] == f"UNWIND $rows AS row CREATE (n:{key} {{neo4jImportId: row.id}}) SET n += row.properties"
    assert params[2] == {"rows": [{"id": "912", "properties": {}}]}
    assert statements[3].startswith(f"UNWIND $rows AS row CREATE (n:{key}:`Plan` ")
    assert statements[4] == (f"UNWIND $rows AS row MATCH (a:{key} {{neo4jImportId: row.start}}) "
                             f"MATCH (b:{key} {{neo4jImportId: row.end}}) "
                             "CREATE (a)-[r:`HAS_PLAN`]->(b) SET r += row.properties")
    assert params[4] == {"rows": [{"start": "0", "end": "3", "properties": {}},
                                  {"start": "7", "end": "912", "properties": {}}]}
    assert statements[5:] == [f"MATCH (n:{key}) REMOVE n:{key}, n.neo4jImportId",
                              "DROP INDEX nc_birds_import IF EXISTS"]


def test_nc_bird_conservation_refuses_a_dangling_relationship_an_unknown_line_and_a_map_property(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dangling = _NC_BIRDS_LINES.replace('"end":{"id":"912"}', '"end":{"id":"999"}')
    with pytest.raises(corpus.CorpusError, match="joins a node it does not hold"):
        corpus.write_nc_bird_conservation(Recorder(), _nc_birds_mirror(tmp_path / "a", monkeypatch, dangling))
    unknown = _NC_BIRDS_LINES + '{"type":"path","id":"5"}\n'
    with pytest.raises(corpus.CorpusError, match="line 7 .* is neither a node nor a relationship"):
        corpus.write_nc_bird_conservation(Recorder(), _nc_birds_mirror(tmp_path / "b", monkeypatch, unknown))
    nested = _NC_BIRDS_LINES.replace('"isSgcn":true', '"isSgcn":{"a":1}')
    with pytest.raises(corpus.CorpusError, match="line 1 .* has a map property"):
        corpus.write_nc_bird_conservation(Recorder(), _nc_birds_mirror(tmp_path / "c", monkeypatch, nested))
    store = Recorder()
    corpus.write_nc_bird_conservation(store, _nc_birds_mirror(tmp_path / "d", monkeypatch))
    assert len(store.calls) == 7  # the pinned commit's export, not the later, empty one


# Neo4j Runway's countries notebook, shortened: a printed PyIngest config (constraints, a Country entry with a
# `|-` block, a Region entry with a `|` block, chunks of 2 rows) and countries.csv with a quoted comma, an NA string,
# an empty field and a line with one field too many
_RUNWAY_CONFIG = ("server_uri: bolt://localhost:7687\nadmin_user: neo4j\nadmin_pass: password\ndatabase: neo4j\n"
                  "basepath: ./\n\npre_ingest:\n  - CREATE CONSTRAINT country_id IF NOT EXISTS FOR (n:Country) "
                  "REQUIRE n.id IS UNIQUE;\nfiles:\n- chunk_size: 2\n  cql: |-\n    WITH $dict.rows AS rows\n"
                  "    UNWIND rows AS row\n    MERGE (n:Country {id: toIntegerOrNull(row.id)})\n"
                  "    SET n.name = row.name\n  url: $BASE/../../../data/countries/countries.csv\n- chunk_size: 2\n"
                  "  cql: |\n    WITH $dict.rows AS rows\n    UNWIND rows AS row\n"
                  "    MERGE (n:Region {name: row.region})\n  url: $BASE/../../../data/countries/countries.csv\n\n")
_RUNWAY_CSV = ("id,name,region\n1,\"Bonaire, Sint Eustatius and Saba\",Americas\n2,Namibia,NA\n3,Bouvet Island,\n"
               "4,Too,Many,Fields\n5,Nauru,Oceania\n")


def _runway_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: str = _RUNWAY_CONFIG) -> Path:
    import json
    import subprocess

    fetched = tmp_path / "a-s-g93+neo4j-runway" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    cells = [{"cell_type": "code", "source": ["pyingest_yaml = gen.generate_config_string()\n", "print(pyingest_yaml)"],
              "outputs": [{"output_type": "stream", "name": "stdout", "text": config.splitlines(keepends=True)}]},
             {"cell_type": "code", "source": ["PyIngest(config=pyingest_yaml, verbose=False)"], "outputs": []}]
    notebook = fetched / corpus.RUNWAY_COUNTRIES_NOTEBOOK
    notebook.parent.mkdir(parents=True)
    notebook.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    (fetched / "examples/data/countries").mkdir(parents=True)
    (fetched / "examples/data/countries/countries.csv").write_text(_RUNWAY_CSV, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "countries"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / "examples/data/countries/countries.csv").write_text("id,name,region\n9,Later,Asia\n", "utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "RUNWAY_COMMIT", pinned)
    return tmp_path


def test_runway_countries_runs_the_printed_pyingest_config_in_chunks_over_rows_as_pyingest_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_runway_countries(store, _runway_mirror(tmp_path, monkeypatch))
    country = ("WITH $dict.rows AS rows\nUNWIND rows AS row\nMERGE (n:Country {id: toIntegerOrNull(row.id)})\n"
               "SET n.name = row.name")
    region = "WITH $dict.rows AS rows\nUNWIND rows AS row\nMERGE (n:Region {name: row.region})"
    rows = [{"id": "1", "name": "Bonaire, Sint Eustatius and Saba", "region": "Americas"},
            {"id": "2", "name": "Namibia", "region": ""}, {"id": "3", "name": "Bouvet Island", "region": ""},
            {"id": "5", "name": "Nauru", "region": "Oceania"}]  # the pinned commit's rows, the long line skipped
    assert store.calls == [
        ("CREATE CONSTRAINT country_id IF NOT EXISTS FOR (n:Country) REQUIRE n.id IS UNIQUE", {}),
        (country, {"dict": {"rows": rows[:2]}}), (country, {"dict": {"rows": rows[2:]}}),
        (region, {"dict": {"rows": rows[:2]}}), (region, {"dict": {"rows": rows[2:]}})]


def test_runway_countries_refuses_a_config_it_does_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = _RUNWAY_CONFIG.replace("post_ingest", "").replace("files:\n", "post_ingest:\n  - MATCH (n) DETACH "
                                                              "DELETE n\nfiles:\n")
    with pytest.raises(corpus.CorpusError, match="does not know: post_ingest"):
        corpus.write_runway_countries(Recorder(), _runway_mirror(tmp_path, monkeypatch, config))
    assert corpus._pyingest_config(_RUNWAY_CONFIG)[0] == "./"
    with pytest.raises(corpus.CorpusError, match="files entry this loader does not know"):
        corpus._pyingest_config(_RUNWAY_CONFIG.replace("chunk_size: 2\n  cql: |\n",
                                                       "chunk_size: 2\n  field_separator: ;\n  cql: |\n"))


_GENCAT_ORG = ("ID,NOM,CARREC,RESP,IDDEP,DEP,IDPARE,CODIDEP,DATA MODIFICACIO\n"
               "1,Generalitat de Catalunya,President,Pere Aragonès i Garcia,1,Generalitat de Catalunya,0,PRE,"
               "28/11/2022\n"
               "2803,Departament de Salut,,Manel Balcells Díaz,2803,Departament de Salut,1,SLT,30/11/2023\n")
_GENCAT_SCRIPTS = {
    "neo4j/load_00_init.cypher": "// Initialize\n\nmatch (n) detach delete n;\n",
    "neo4j/load_10_org.cypher": ("create index PersonPK IF NOT EXISTS FOR (n:Person) ON (n.pk);\n\n"
                                 "// CSV (Create Person)\nload csv with headers from 'file:///org.csv' as r\n"
                                 "with r where r.RESP is not null\nmerge (p:Person {name: r.RESP})\n"
                                 "set p.role = coalesce(trim(r.CARREC),\"Responsable\");\n"),
    "neo4j/load_20_grups.cypher": ("CREATE INDEX GroupId IF NOT EXISTS FOR (g:Group) ON (g.id);\n"
                                   "load csv with headers from 'file:///grups.csv' as r\n"
                                   "merge (g:Group {id:r[\"identificador\"]});\n"),
    "neo4j/load_30_agenda_org.cypher": ("match (o:Organization) where o.id is null detach delete o;\n"
                                        "load csv with headers from 'file:///agenda.csv' as r\n"
                                        "merge (u:Organization {pk: r.Id});\n"),
    "neo4j/load_31_agenda_event.cypher": ("load csv with headers from 'file:///agenda.csv' as r\n"
                                          "merge (e:Event {subject: r.Tema});\n"),
    "neo4j/load_32_agenda_role.cypher": ("load csv with headers from 'file:///agenda.csv' as r\n"
                                         "merge (p:Person {pk: r.Id});\n"),
    "neo4j/load_40_convenis.cypher": ("CREATE CONSTRAINT agreement_code IF NOT EXISTS FOR (n:Agreement) REQUIRE "
                                      "n.code IS UNIQUE;\nload csv with headers from 'file:///convenis.csv' as r\n"
                                      "merge (a:Agreement {code: r.codi});\n")}


def _gencat_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scripts: dict[str, str] | None = None) -> Path:
    import subprocess

    fetched = tmp_path / "xventura70+tfm-uoc-wirearchy" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "neo4j").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in {**_GENCAT_SCRIPTS, **(scripts or {}), "neo4j/org.csv": _GENCAT_ORG}.items():
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "initial"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit would empty the organisation chart: the corpus reads the pinned one
    (fetched / "neo4j" / "org.csv").write_text("ID,NOM\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "GENCAT_COMMIT", pinned)
    return tmp_path


def test_generalitat_org_chart_runs_its_scripts_in_order_over_org_csv_leaving_out_the_absent_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_generalitat_org_chart(store, _gencat_mirror(tmp_path, monkeypatch))
    merge = ("UNWIND $rows AS r\nwith r where r.RESP is not null\nmerge (p:Person {name: r.RESP})\n"
             "set p.role = coalesce(trim(r.CARREC),\"Responsable\")")
    # org.csv at the pinned commit, an empty field null as LOAD CSV gives it; the statements that read grups.csv,
    # agenda.csv and convenis.csv left out, the scripts' other statements run as written, in the README's order
    assert store.calls == [
        ("match (n) detach delete n", {}),
        ("create index PersonPK IF NOT EXISTS FOR (n:Person) ON (n.pk)", {}),
        (merge, {"rows": [
            {"ID": "1", "NOM": "Generalitat de Catalunya", "CARREC": "President", "RESP": "Pere Aragonès i Garcia",
             "IDDEP": "1", "DEP": "Generalitat de Catalunya", "IDPARE": "0", "CODIDEP": "PRE",
             "DATA MODIFICACIO": "28/11/2022"},
            {"ID": "2803", "NOM": "Departament de Salut", "CARREC": None, "RESP": "Manel Balcells Díaz",
             "IDDEP": "2803", "DEP": "Departament de Salut", "IDPARE": "1", "CODIDEP": "SLT",
             "DATA MODIFICACIO": "30/11/2023"}]}),
        ("CREATE INDEX GroupId IF NOT EXISTS FOR (g:Group) ON (g.id)", {}),
        ("match (o:Organization) where o.id is null detach delete o", {}),
        ("CREATE CONSTRAINT agreement_code IF NOT EXISTS FOR (n:Agreement) REQUIRE n.code IS UNIQUE", {})]


@pytest.mark.parametrize("url", ["file:///people.csv", "https://analisi.transparenciacatalunya.cat/org.csv"])
def test_generalitat_org_chart_refuses_a_file_it_does_not_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    script = _GENCAT_SCRIPTS["neo4j/load_31_agenda_event.cypher"].replace("file:///agenda.csv", url)
    mirror = _gencat_mirror(tmp_path, monkeypatch, {"neo4j/load_31_agenda_event.cypher": script})
    with pytest.raises(corpus.CorpusError, match="no loader here serves"):
        corpus.write_generalitat_org_chart(Recorder(), mirror)


def test_generalitat_org_chart_needs_every_script_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    mirror = _gencat_mirror(tmp_path, monkeypatch)
    fetched = mirror / "xventura70+tfm-uoc-wirearchy" / "repo"
    subprocess.run(["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t", "rm", "-q",
                    "neo4j/load_40_convenis.cypher"], check=True)
    subprocess.run(["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm",
                    "drop"], check=True)
    corpus.write_generalitat_org_chart(Recorder(), mirror)  # the pinned commit still has it
    monkeypatch.setattr(corpus, "GENCAT_COMMIT", "HEAD")
    with pytest.raises(corpus.CorpusError, match="load_40_convenis.cypher is not in the mirror"):
        corpus.write_generalitat_org_chart(Recorder(), mirror)


_SENATOR_RAW = "https://raw.githubusercontent.com/johnymontana/senator-stock-graph/main/data/"
_SENATOR_GUIDE = f"""= Senator Stock Graph

[source,cypher]
----
LOAD CSV WITH HEADERS FROM "{_SENATOR_RAW}legislators-current.csv" AS row
RETURN row
----

[source,cypher]
----
LOAD CSV WITH HEADERS FROM "{_SENATOR_RAW}legislators-current.csv" AS row
WITH row WHERE row.type = "sen"
MERGE (s:Senator {{name: row.full_name}})
RETURN *
----

[source,cypher]
----
LOAD CSV WITH HEADERS FROM "{_SENATOR_RAW}senators_tx.csv" AS row
MERGE (st:Stock {{ticker: row.ticker}})
RETURN * LIMIT 300
----

[source,cypher]
----
LOAD CSV WITH HEADERS FROM "{_SENATOR_RAW}companies.csv" AS row
MERGE (s:Stock {{ticker: row.symbol}})
SET s.name = row.shortName
RETURN *
----

[source,cypher]
----
MATCH (s:Senator)-[:REPRESENTS]->(ca:State {{name: "WA"}})
RETURN *
----
"""


def _senator_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str = _SENATOR_GUIDE) -> Path:
    import subprocess

    fetched = tmp_path / "johnymontana+senator-stock-graph" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "guides").mkdir(parents=True)
    (fetched / "data").mkdir()
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.SENATOR_STOCKS_GUIDE).write_text(guide, encoding="utf-8")
    (fetched / "data/legislators-current.csv").write_text("full_name,type\nTina Smith,sen\nAl Rep,rep\n", "utf-8")
    (fetched / "data/senators_tx.csv").write_text(",full_name,ticker\n0,Tina Smith,MSTY.PA\n", "utf-8")
    (fetched / "data/companies.csv").write_text("symbol,shortName\nPG,\n", "utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "data"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / "data/companies.csv").write_text("symbol,shortName\nLATER,Later Inc.\n", "utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "SENATOR_STOCKS_COMMIT", pinned)
    return tmp_path


def test_senator_stocks_runs_the_guides_writing_blocks_over_the_pinned_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_senator_stocks(store, _senator_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ('UNWIND $rows AS row\nWITH row WHERE row.type = "sen"\nMERGE (s:Senator {name: row.full_name})\nRETURN *',
         {"rows": [{"full_name": "Tina Smith", "type": "sen"}, {"full_name": "Al Rep", "type": "rep"}]}),
        ("UNWIND $rows AS row\nMERGE (st:Stock {ticker: row.ticker})\nRETURN * LIMIT 300",
         {"rows": [{"": "0", "full_name": "Tina Smith", "ticker": "MSTY.PA"}]}),
        ("UNWIND $rows AS row\nMERGE (s:Stock {ticker: row.symbol})\nSET s.name = row.shortName\nRETURN *",
         {"rows": [{"symbol": "PG", "shortName": None}]})]  # the pinned commit's rows, an empty field null


def test_senator_stocks_refuses_a_guide_it_does_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _SENATOR_GUIDE.replace(f"{_SENATOR_RAW}companies.csv", "https://example.org/companies.csv")
    with pytest.raises(corpus.CorpusError, match="which no loader here serves"):
        corpus.write_senator_stocks(Recorder(), _senator_mirror(tmp_path, monkeypatch, elsewhere))
    fewer = _SENATOR_GUIDE.replace("SET s.name = row.shortName\n", "").replace("MERGE (s:Stock", "MATCH (s:Stock")
    with pytest.raises(corpus.CorpusError, match="has 2 load blocks, not its three"):
        corpus.write_senator_stocks(Recorder(), _senator_mirror(tmp_path / "b", monkeypatch, fewer))


_RECELLTY_BUILDER = ('import os\nfrom langchain_neo4j import Neo4jGraph\n\ngraph = Neo4jGraph()\n\n'
                     'delete_query = """\nMATCH (n)\nDETACH DELETE n\n"""\n\n'
                     'blood_marker_feature_query = """\n'
                     "LOAD CSV WITH HEADERS FROM 'file:///Blood_feature.csv' AS row \n\n"
                     "MERGE (m:Marker {name: row.marker})\n\nWITH row, m\n\n"
                     "WHERE row.`feature&function` IS NOT NULL AND row.`feature&function` <> ''\n"
                     "MERGE (ff:FeatureFunction {name: row.`feature&function`})\n\nMERGE (m)-[:MARK]->(ff)\n\n"
                     '"""\ngraph.query(delete_query)\ngraph.query(blood_marker_feature_query)\n'
                     'graph.refresh_schema()\n')
# an empty feature (a null to LOAD CSV) and a quoted field with a comma
_RECELLTY_CSV = 'broad_cell_types,feature&function,marker\nMyeloid cell,Abnormal,PRTN3\nB cell,,"CD19, CD20"\n'


def _recellty_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builder: str = _RECELLTY_BUILDER) -> Path:
    import subprocess

    fetched = tmp_path / "SSG2019+ReCellTy-paper" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.RECELLTY_BUILDER).parent.mkdir(parents=True)
    (fetched / corpus.RECELLTY_BUILDER).write_text(builder, encoding="utf-8")
    data = fetched / corpus.RECELLTY_FOLDER / "Blood_feature.csv"
    data.parent.mkdir(parents=True)
    data.write_text(_RECELLTY_CSV, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "blood"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    data.write_text("broad_cell_types,feature&function,marker\nLater,,X\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "RECELLTY_COMMIT", pinned)
    return tmp_path


def test_blood_cell_markers_runs_the_builders_load_csv_over_the_pinned_blood_file_but_not_its_delete(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_blood_cell_markers(store, _recellty_mirror(tmp_path, monkeypatch))
    assert len(store.calls) == 1
    statement, params = store.calls[0]
    assert statement.startswith("UNWIND $rows AS row")
    assert "LOAD CSV" not in statement and "DELETE" not in statement
    assert statement.endswith("MERGE (ff:FeatureFunction {name: row.`feature&function`})\n\nMERGE (m)-[:MARK]->(ff)")
    assert params == {"rows": [{"broad_cell_types": "Myeloid cell", "feature&function": "Abnormal", "marker": "PRTN3"},
                               {"broad_cell_types": "B cell", "feature&function": None, "marker": "CD19, CD20"}]}


def test_blood_cell_markers_refuses_a_builder_with_other_queries_or_another_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = _RECELLTY_BUILDER.replace("graph.refresh_schema()", "graph.query(label_query)\ngraph.refresh_schema()")
    with pytest.raises(corpus.CorpusError, match="runs delete_query, blood_marker_feature_query, label_query"):
        corpus.write_blood_cell_markers(Recorder(), _recellty_mirror(tmp_path / "a", monkeypatch, extra))
    other = _RECELLTY_BUILDER.replace("file:///Blood_feature.csv", "file:///feature_marker.csv")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="reads file:///feature_marker.csv, which no loader here serves"):
        corpus.write_blood_cell_markers(store, _recellty_mirror(tmp_path / "b", monkeypatch, other))
    assert store.calls == []


# JaniceWuo/PoetryQA's build_kg.py, shortened: its py2neo Graph, its CSV path built from its own __file__, one
# Poetry node a row, one Author, Dynasty and Tag node a distinct name, and its relationships as formatted statements,
# one a distinct pair of names
_POETRY_QA_LOADER = (
    "from py2neo import Graph, Node, Relationship\nimport pandas as pd\nimport re\nimport os\nimport csv\n"
    "import codecs\n\nclass  poetryGraph(object):\n"
    "\tdef __init__(self):\n"
    "\t\tself.graph = Graph(\"http://localhost:7474\", username=\"neo4j\", password=\"*****\")\n\n"
    "\tdef read_csv(self):\n\t\tfile_name = os.path.split(os.path.realpath(__file__))[0] \\\n"
    "\t\t+ os.sep + \"poetryData\" + os.sep +\"allPoetry.csv\"\n"
    "\t\tcsvFile = open(file_name, \"r\",encoding='utf-8')\n\t\treader = csv.reader(csvFile)\n"
    "\t\tauthor_to_dynasty, author_to_title, poetry_to_tag, poetry_info = [], [], [], []\n"
    "\t\tauthor_info, dynasty_info, tag_info = [], [], []\n"
    "\t\tfor item in reader:\n"
    "\t\t\tpoetry_info.append({\"name\": item[2], \"content\": item[3], \"tag\": item[4]})\n"
    "\t\t\ttag_info.append(item[4])\n\t\t\tdynasty_info.append(item[1])\n\t\t\tauthor_info.append(item[0])\n"
    "\t\t\tauthor_to_dynasty.append([item[0],item[1]])\n\t\t\tauthor_to_title.append([item[0],item[2]])\n"
    "\t\t\tpoetry_to_tag.append([item[2],item[4]])\n"
    "\t\treturn set(author_info),set(dynasty_info),set(tag_info),author_to_dynasty,author_to_title,"
    "poetry_to_tag,poetry_info\n\n"
    "\tdef create_node(self,label,nodes):\n\t\tfor node_name in nodes:\n"
    "\t\t\tself.graph.create(Node(label,name = node_name))\n\n"
    "\tdef create_graphNode(self):\n\t\tauthor,dynasty,tag,rel_a_d,rel_a_t,rel_p_t,rel_info = self.read_csv()\n"
    "\t\tfor poetry_dict in rel_info:\n\t\t\tnode = Node(\"Poetry\",name = poetry_dict[\"name\"],\n"
    "\t\t\t\t        content = poetry_dict[\"content\"],tag = poetry_dict[\"tag\"])\n\t\t\tself.graph.create(node)\n"
    "\t\tself.create_node(\"Author\",author)\n\t\tself.create_node(\"Dynasty\",dynasty)\n"
    "\t\tself.create_node(\"Tag\",tag)\n\n"
    "\tdef create_relationship(self,start_node, end_node, edges,rel_type, rel_name):\n"
    "\t\tfor edge in set('###'.join(edge) for edge in edges):\n\t\t\tp, q = edge.split('###')\n"
    "\t\t\tquery = \"match(p:%s),(q:%s) where p.name='%s'and q.name='%s' create (p)-[rel:%s{name:'%s'}]->(q)\" % (\n"
    "\t\t\t\tstart_node, end_node, p, q, rel_type, rel_name)\n"
    "\t\t\ttry:\n\t\t\t\tself.graph.run(query)\n\t\t\texcept Exception as e:\n\t\t\t\tprint(e)\n\n"
    "\tdef create_graphRels(self):\n\t\tauthor,dynasty,tag,rel_a_d,rel_a_t,rel_p_t,rel_info = self.read_csv()\n"
    "\t\tself.create_relationship(\"Author\",\"Dynasty\",rel_a_d,\"DYNASTY_IS\",\"所属朝代\")\n"
    "\t\tself.create_relationship(\"Poetry\",\"Tag\",rel_p_t,\"TAG_IS\",\"诗的标签\")\n"
    "\t\tself.create_relationship(\"Author\",\"Poetry\",rel_a_t,\"HAS_POETRY\",\"写了诗\")\n\n"
    "if __name__ == '__main__':\n\tpoetry = poetryGraph()\n\tpoetry.create_graphNode()\n"
    "\tpoetry.create_graphRels()\n")
# four rows as allPoetry.csv writes them (no header; the text quoted, over lines): a poem listed under two subjects,
# and a title two authors wrote
_POETRY_QA_DATA = (
    "柳宗元,唐代,江雪,\"\n千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。\n\",冬天\n"
    "柳宗元,唐代,江雪,\"\n千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。\n\",雪\n"
    "李商隐,唐代,落花,\"\n高阁客竟去，小园花乱飞。\n\",花\n"
    "宋祁,宋代,落花,\"\n坠素翻红各自伤，青楼烟雨忍相忘。\n\",花\n")


def _poetry_qa_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _POETRY_QA_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "JaniceWuo+PoetryQA" / "repo"
    (fetched / "poetryData").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.POETRY_QA_LOADER).write_text(loader, encoding="utf-8")
    (fetched / corpus.POETRY_QA_FILE).write_text(_POETRY_QA_DATA, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "code"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit that empties the data: the pinned commit's file is the one read
    (fetched / corpus.POETRY_QA_FILE).write_text("", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "POETRY_QA_COMMIT", full)
    return tmp_path


def test_chinese_poetry_runs_build_kg_py_with_a_py2neo_over_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # one Poetry node a row (a poem listed twice is two nodes; its text as the quoted field holds it, over lines),
    # one Author, Dynasty and Tag node a distinct name, then its relationship statements as it formats them, one a
    # distinct pair of names (run as written: each links every node of the two names); the pinned commit's data
    store = _TcmStore()
    corpus.write_chinese_poetry(store, _poetry_qa_mirror(tmp_path, monkeypatch))
    jiang_xue = "\n千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。\n"
    assert sorted(store.nodes.values(), key=str) == sorted([
        ("Poetry", {"name": "江雪", "content": jiang_xue, "tag": "冬天"}),
        ("Poetry", {"name": "江雪", "content": jiang_xue, "tag": "雪"}),
        ("Poetry", {"name": "落花", "content": "\n高阁客竟去，小园花乱飞。\n", "tag": "花"}),
        ("Poetry", {"name": "落花", "content": "\n坠素翻红各自伤，青楼烟雨忍相忘。\n", "tag": "花"}),
        ("Author", {"name": "柳宗元"}), ("Author", {"name": "李商隐"}), ("Author", {"name": "宋祁"}),
        ("Dynasty", {"name": "唐代"}), ("Dynasty", {"name": "宋代"}),
        ("Tag", {"name": "冬天"}), ("Tag", {"name": "雪"}), ("Tag", {"name": "花"})], key=str)
    # the four Poetry nodes are created first, in the file's order
    assert [store.nodes[str(i)][1].get("tag") for i in range(4)] == ["冬天", "雪", "花", "花"]
    runs = [statement for statement, params in store.calls if statement.startswith("match(")]
    template = "match(p:{}),(q:{}) where p.name='{}'and q.name='{}' create (p)-[rel:{}{{name:'{}'}}]->(q)"
    assert sorted(runs) == sorted([
        template.format("Author", "Dynasty", "柳宗元", "唐代", "DYNASTY_IS", "所属朝代"),
        template.format("Author", "Dynasty", "李商隐", "唐代", "DYNASTY_IS", "所属朝代"),
        template.format("Author", "Dynasty", "宋祁", "宋代", "DYNASTY_IS", "所属朝代"),
        template.format("Poetry", "Tag", "江雪", "冬天", "TAG_IS", "诗的标签"),
        template.format("Poetry", "Tag", "江雪", "雪", "TAG_IS", "诗的标签"),
        template.format("Poetry", "Tag", "落花", "花", "TAG_IS", "诗的标签"),
        template.format("Author", "Poetry", "柳宗元", "江雪", "HAS_POETRY", "写了诗"),
        template.format("Author", "Poetry", "李商隐", "落花", "HAS_POETRY", "写了诗"),
        template.format("Author", "Poetry", "宋祁", "落花", "HAS_POETRY", "写了诗")])
    assert len(store.calls) == 12 + 9
    assert corpus.graph("chinese-poetry").split == "tune"  # in the thirty-sixth pool, not drawn


@pytest.mark.parametrize(("change", "refused"), [
    ("import requests\n", "imports requests"),
    ("open('poetryData/aiguo.csv')\n", "opens poetryData/aiguo.csv"),
    ("Graph().create(Relationship(Node('Author'), 'HAS_POETRY', Node('Poetry')))\n",
     "creates a _Py2neoRelationship")])
def test_chinese_poetry_refuses_what_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str,
                                                      refused: str) -> None:
    loader = _POETRY_QA_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n\t{change}")
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_chinese_poetry(_TcmStore(), _poetry_qa_mirror(tmp_path, monkeypatch, loader))
_KINDRED_GUIDE = (
    "# The Cocktail Lounge\n\n## /Neo4j\n\n### Build the Graph\n"
    "1. Create a Neo4j database and add the CSV files to the project's `/import` folder.\n"
    "2. Import Cocktail Nodes to the database\n```\nLOAD CSV WITH HEADERS FROM 'file:///cocktails.csv' AS row \n"
    "CREATE (:Cocktail {name: row.Name, url: row.URL})\n```\n"
    "3. Import Ingredient Nodes to the database\n```\nLOAD CSV WITH HEADERS FROM 'file:///ingredients.csv' AS row\n"
    "MERGE (ingredient:Ingredient {name: row.Name})\n```\n"
    "4. Import PART_OF relationships\n```\nLOAD CSV WITH HEADERS FROM 'file:///ingredients.csv' AS row\n"
    "MATCH (i:Ingredient {name: row.Name}), (c:Cocktail {name: row.Cocktail})\n"
    "CREATE (i)-[:PART_OF {quantity: row.Quantity, unit: row.Unit}]->(c)\n```\n"
    "5. Create affinity relationships\n```\nMATCH (a:Ingredient)--(c:Cocktail)--(b:Ingredient)\n"
    "WHERE id(a)>id(b)\nWITH a, b, COUNT(a) as Freq\n"
    "FOREACH (i IN CASE WHEN Freq >= 5 THEN [1] ELSE [] END |\nMERGE (a)-[:AFFINITY {frequency: Freq}]-(b))\n```\n"
    "6. Generate a random affinity 'set'\n```\nMATCH (a:Ingredient)-[r:AFFINITY]-(b:Ingredient)\n"
    "WITH a, b, rand() as num\nRETURN a.name, b.name\nORDER BY num DESC\nLIMIT 1\n```\n\n"
    "### Other Queries\n* Show a cocktail recipe\n```\nMATCH (:Cocktail {name: 'Auld Lang'})-[r]-(i)\n"
    "RETURN i.name, r.quantity, r.unit\n```\n")


def _kindred_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str = _KINDRED_GUIDE) -> Path:
    import subprocess

    fetched = tmp_path / "ztesler+cocktail-lounge" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "Neo4j").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.KINDRED_GUIDE).write_text(guide, encoding="utf-8")
    # both files begin with a byte order mark, as the repository's do; a name with a comma is quoted
    (fetched / "Neo4j" / "cocktails.csv").write_text(
        '\ufeffName,URL\n"1,001 Tiaras",https://kindredcocktails.com/cocktail/1001-tiaras\n', encoding="utf-8")
    (fetched / "Neo4j" / "ingredients.csv").write_text(
        '\ufeffName,Quantity,Unit,Cocktail\nPisco,1 1/2,oz,"1,001 Tiaras"\nBitters,,ds,"1,001 Tiaras"\n',
        encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "setup"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (fetched / "Neo4j" / "cocktails.csv").write_text("Name,URL\nLater,https://x\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "KINDRED_COMMIT", pinned)
    return tmp_path


def test_kindred_cocktails_runs_the_build_steps_without_the_random_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_kindred_cocktails(store, _kindred_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    assert statements[:3] == ["CREATE INDEX IF NOT EXISTS FOR (n:Cocktail) ON (n.name)",
                              "CREATE INDEX IF NOT EXISTS FOR (n:Ingredient) ON (n.name)", "CALL db.awaitIndexes()"]
    assert statements[3] == "UNWIND $rows AS row \nCREATE (:Cocktail {name: row.Name, url: row.URL})"
    assert statements[4] == "UNWIND $rows AS row\nMERGE (ingredient:Ingredient {name: row.Name})"
    assert statements[5].startswith("UNWIND $rows AS row\nMATCH (i:Ingredient {name: row.Name})")
    assert statements[6].startswith("MATCH (a:Ingredient)--(c:Cocktail)--(b:Ingredient)")
    assert "MERGE (a)-[:AFFINITY {frequency: Freq}]-(b))" in statements[6]
    # step 6 (a random read) and the Other Queries are not run
    assert len(statements) == 7
    assert not any("rand()" in s or "Auld Lang" in s for s in statements)
    params = [p for _, p in store.calls]
    # the files at the pinned commit, the byte order mark not part of the first column's name, an empty field null
    assert params[3] == {"rows": [{"Name": "1,001 Tiaras", "URL": "https://kindredcocktails.com/cocktail/1001-tiaras"}]}
    rows = [{"Name": "Pisco", "Quantity": "1 1/2", "Unit": "oz", "Cocktail": "1,001 Tiaras"},
            {"Name": "Bitters", "Quantity": None, "Unit": "ds", "Cocktail": "1,001 Tiaras"}]
    assert params[4] == params[5] == {"rows": rows}
    assert params[6] == {}


def test_kindred_cocktails_refuses_an_unknown_file_and_a_guide_without_its_steps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _KINDRED_GUIDE.replace("file:///cocktails.csv", "file:///drinks.csv")
    with pytest.raises(corpus.CorpusError, match="reads file:///drinks.csv"):
        corpus.write_kindred_cocktails(Recorder(), _kindred_mirror(tmp_path / "a", monkeypatch, other))
    fewer = _KINDRED_GUIDE.replace("6. Generate a random affinity 'set'\n```", "6. Generate\n~~~").replace(
        "LIMIT 1\n```", "LIMIT 1\n~~~")
    with pytest.raises(corpus.CorpusError, match="five build steps"):
        corpus.write_kindred_cocktails(Recorder(), _kindred_mirror(tmp_path / "b", monkeypatch, fewer))
    writing = _KINDRED_GUIDE.replace("WITH a, b, rand() as num", "SET a.seen = true WITH a, b, rand() as num")
    with pytest.raises(corpus.CorpusError, match="the last a read"):
        corpus.write_kindred_cocktails(Recorder(), _kindred_mirror(tmp_path / "c", monkeypatch, writing))
    untitled = _KINDRED_GUIDE.replace("### Other Queries", "### More")
    with pytest.raises(corpus.CorpusError, match="no section between"):
        corpus.write_kindred_cocktails(Recorder(), _kindred_mirror(tmp_path / "d", monkeypatch, untitled))


_MOSDAC_FILES = {
    "neo4j_cypher_queries/insat-3d.cypher": ("MERGE (s:Satellite {name: 'INSAT-3D'})\nMERGE (o:Orbit {name: 'GEO'})\n"
                                             "MERGE (s)-[:ORBITS_IN]->(o);\n\n"
                                             "MERGE (s)-[:HAS_PROPERTY]->(m:Property {value: 2000, unit: 'kg'})"),
    "neo4j_cypher_queries/faq-page.cypher": "MERGE (q:Question {text: 'What is MOSDAC?'});\n",
}


def _mosdac_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str] | None = None) -> Path:
    import subprocess

    fetched = tmp_path / "oms0401+Graph-Rag" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in (files or _MOSDAC_FILES).items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    (fetched / "mosdac_scraped_pages").mkdir()
    (fetched / "mosdac_scraped_pages/insat-3d.md").write_text("# INSAT-3D\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "cypher"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    monkeypatch.setattr(corpus, "MOSDAC_KG_COMMIT", pinned)
    return tmp_path


class _Neo4jError(Exception):
    pass


_Neo4jError.__name__ = "Neo4jError"


def test_mosdac_satellites_runs_each_cypher_file_whole_in_one_run_and_skips_one_neo4j_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Refusing(Recorder):
        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            super().query(statement, params, read_only)
            if statement.count(";") > 1:  # as Neo4j refuses several statements in one run
                raise _Neo4jError("Expected exactly one statement per query")
            return []

    store = Refusing()
    files = {**_MOSDAC_FILES, "neo4j_cypher_queries/empty.cypher": " \n"}
    refused = corpus._mosdac_upload(store, _mosdac_mirror(tmp_path, monkeypatch, files))
    assert store.calls == [(_MOSDAC_FILES["neo4j_cypher_queries/faq-page.cypher"], {}),  # sorts first; empty skipped
                           (_MOSDAC_FILES["neo4j_cypher_queries/insat-3d.cypher"], {})]
    assert refused == []
    files = {**_MOSDAC_FILES, "neo4j_cypher_queries/insat-3d.cypher": "MERGE (a:A);\nMERGE (b:B);\n"}
    refused = corpus._mosdac_upload(Refusing(), _mosdac_mirror(tmp_path / "x", monkeypatch, files))
    assert refused == ["neo4j_cypher_queries/insat-3d.cypher"]

    class Failing(Recorder):
        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            raise OSError("connection lost")

    with pytest.raises(OSError):  # not a refusal of Neo4j's: not skipped
        corpus.write_mosdac_satellites(Failing(), _mosdac_mirror(tmp_path / "y", monkeypatch))


def test_mosdac_satellites_refuses_another_commit_or_a_file_that_is_not_cypher(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _mosdac_mirror(tmp_path / "a", monkeypatch,
                            {**_MOSDAC_FILES, "neo4j_cypher_queries/notes.txt": "MATCH (n) DETACH DELETE n"})
    with pytest.raises(corpus.CorpusError, match="other files"):
        corpus.write_mosdac_satellites(Recorder(), mirror)
    mirror = _mosdac_mirror(tmp_path / "b", monkeypatch)
    monkeypatch.setattr(corpus, "MOSDAC_KG_COMMIT", "0" * 40)
    with pytest.raises(corpus.CorpusError, match="the mirror's HEAD is not"):
        corpus.write_mosdac_satellites(Recorder(), mirror)


# wlool8793-crypto/lool-'s neo4j/ scripts, shortened: utils/error_handling.py's retry decorator (tenacity) and
# safe_neo4j_operation (it logs what fails and goes on), build_graph.py (its settings from the environment, which it
# stops without; session.run with a parameter dict; a decorated constraint step) and load_cpc_full.py (single() to
# choose between updating a section and creating it), each reading its JSON file beside it by Path(__file__)
_CPC_BD_HELPERS = (
    "import functools\nimport time\nfrom typing import Callable, Any, Optional\n"
    "from tenacity import retry, stop_after_attempt, wait_exponential, retry_if_exception_type, before_sleep_log, "
    "after_log\nfrom neo4j.exceptions import ServiceUnavailable, TransientError, SessionExpired, Neo4jError\n"
    "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
    "def neo4j_retry(max_attempts: int = 3):\n"
    "    return retry(stop=stop_after_attempt(max_attempts), wait=wait_exponential(multiplier=2, min=1, max=10),\n"
    "                 retry=retry_if_exception_type((ServiceUnavailable, TransientError, SessionExpired)),\n"
    "                 before_sleep=before_sleep_log(logger, logging.WARNING), after=after_log(logger, logging.INFO))\n"
    "\n\ndef safe_neo4j_operation(operation: Callable, *args, fallback_value: Any = None,\n"
    "                         error_message: str = 'Neo4j operation failed', **kwargs) -> Optional[Any]:\n"
    "    try:\n        return operation(*args, **kwargs)\n    except Neo4jError as e:\n"
    "        logger.error(f'{error_message}: {str(e)}')\n        return fallback_value\n"
    "    except Exception as e:\n        logger.error(f'Unexpected error in {error_message}: {str(e)}')\n"
    "        return fallback_value\n")
_CPC_BD_BUILD = (
    "import json\nfrom pathlib import Path\nfrom neo4j import GraphDatabase\nfrom neo4j.exceptions import Neo4jError\n"
    "from dotenv import load_dotenv\nimport os\nimport logging\n"
    "from utils.error_handling import (\n    neo4j_retry,\n    safe_neo4j_operation\n)\n\n"
    "logging.basicConfig(level=logging.INFO)\nlogger = logging.getLogger(__name__)\nload_dotenv()\n"
    "NEO4J_URL = os.getenv('NEO4J_URL')\nNEO4J_USERNAME = os.getenv('NEO4J_USERNAME')\n"
    "NEO4J_PASSWORD = os.getenv('NEO4J_PASSWORD')\nNEO4J_DATABASE = os.getenv('NEO4J_DATABASE', 'neo4j')\n"
    "if not all([NEO4J_URL, NEO4J_USERNAME, NEO4J_PASSWORD]):\n    raise ValueError('Missing settings')\n\n\n"
    "class CPCGraphBuilder:\n    def __init__(self):\n"
    "        self.driver = GraphDatabase.driver(NEO4J_URL, auth=(NEO4J_USERNAME, NEO4J_PASSWORD))\n"
    "        with open(Path(__file__).parent / 'cpc_data.json', 'r', encoding='utf-8') as f:\n"
    "            self.data = json.load(f)\n\n"
    "    @neo4j_retry(max_attempts=3)\n    def create_constraints(self):\n"
    "        with self.driver.session(database=NEO4J_DATABASE) as session:\n"
    "            safe_neo4j_operation(session.run, 'CREATE CONSTRAINT case_id IF NOT EXISTS FOR (c:Case) "
    "REQUIRE c.id IS UNIQUE', error_message='Failed to create constraint case_id')\n\n"
    "    def create_cases(self):\n        with self.driver.session(database=NEO4J_DATABASE) as session:\n"
    "            for case in self.data['cases']:\n"
    "                session.run('MERGE (c:Case {id: $id}) SET c.name = $name', case)\n"
    "                for judge_name in case['judges']:\n"
    "                    session.run('MERGE (j:Judge {name: $judge_name})', judge_name=judge_name)\n"
    "            print('done')\n\n    def close(self):\n        self.driver.close()\n\n\n"
    "if __name__ == '__main__':\n    builder = CPCGraphBuilder()\n    try:\n        builder.create_constraints()\n"
    "        builder.create_cases()\n    finally:\n        builder.close()\n")
_CPC_BD_LOAD = (
    "import json\nfrom pathlib import Path\nfrom neo4j import GraphDatabase\nfrom dotenv import load_dotenv\n"
    "import os\n\nload_dotenv()\nNEO4J_DATABASE = os.getenv('NEO4J_DATABASE')\n\n\n"
    "def load_sections(driver):\n"
    "    with open(Path(__file__).parent / 'cpc_full_data.json', 'r', encoding='utf-8') as f:\n"
    "        data = json.load(f)\n    with driver.session(database=NEO4J_DATABASE) as session:\n"
    "        for section in data['sections']:\n"
    "            existing = session.run('MATCH (s:Section {section_id: $section_id}) RETURN s', "
    "section_id=section['section_id']).single()\n"
    "            if existing:\n                session.run('MATCH (s:Section {section_id: $section_id}) SET s.title = "
    "$title', section_id=section['section_id'], title=section['title'])\n"
    "            else:\n                session.run('MERGE (s:Section {id: $id}) SET s.title = $title', "
    "id=f\"sec_{section['section_number']}\", title=section['title'])\n\n\n"
    "if __name__ == '__main__':\n    load_sections(GraphDatabase.driver(os.getenv('NEO4J_URL'), auth=None))\n")
_CPC_BD_DATA = json.dumps({"cases": [{"id": "case_1", "name": "Siddique Mia vs Md Idris Miah and others",
                                      "judges": ["Siddiqur Rahman Miah, J."]}]})
_CPC_BD_FULL = json.dumps({"sections": [{"section_id": "Section 10", "section_number": 10, "title": "Stay of suit."},
                                        {"section_id": "Section 96", "section_number": 96,
                                         "title": "Appeal from original decree."}]})


def _committed_mirror(tmp_path: Path, repo: str, files: dict[str, str | bytes],
                      later: dict[str, str | bytes | None] | None = None) -> str:
    """A fetched mirror of `repo` ("owner+name") under `tmp_path` holding `files` (path -> text or bytes) at one
    commit, whose id it returns (what a writer pins); then, where given, `later` (None removes a file) committed after
    it: what a writer that reads the pinned commit must not see. (The corpus writer tests before this one build their
    mirrors step by step, each its own copy of these steps.)"""
    import subprocess

    fetched = tmp_path / repo / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)

    def commit(changes: dict[str, str | bytes | None]) -> str:
        for path, content in changes.items():
            target = fetched / path
            if content is None:
                target.unlink()
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        subprocess.run([*git, "add", "-A"], check=True)
        subprocess.run([*git, "commit", "-qm", "files"], check=True)
        return subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()

    pinned = commit(dict(files))
    if later:
        commit(later)
    return pinned


def _cpc_bd_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **change: str) -> Path:
    files = {"build_graph.py": _CPC_BD_BUILD, "load_cpc_full.py": _CPC_BD_LOAD, "cpc_data.json": _CPC_BD_DATA,
             "cpc_full_data.json": _CPC_BD_FULL, "utils/error_handling.py": _CPC_BD_HELPERS,
             "utils/__init__.py": "from .pdf_extractor import PDFCaseExtractor\n", **change}
    pinned = _committed_mirror(tmp_path, "wlool8793-crypto+lool-",
                               {f"{corpus.CPC_BD_DIR}/{path}": text for path, text in files.items()})
    monkeypatch.setattr(corpus, "CPC_BD_COMMIT", pinned)
    return tmp_path


def test_bangladesh_civil_procedure_runs_build_graph_then_load_cpc_full_over_their_json_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Sections(Recorder):  # Section 10 is there (build_graph wrote it), Section 96 is not
        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            super().query(statement, params, read_only)
            found = statement.startswith("MATCH (s:Section") and (params or {}).get("section_id") == "Section 10"
            return [{"s": {"section_id": "Section 10"}}] if found and "RETURN" in statement else []

    store = Sections()
    corpus.write_bangladesh_civil_procedure(store, _cpc_bd_mirror(tmp_path, monkeypatch))
    # build_graph.py first (its decorated constraint step, then its cases by a parameter dict, unused keys and all),
    # then load_cpc_full.py: Section 10 found by single(), so updated; Section 96 not, so created
    assert store.calls == [
        ("CREATE CONSTRAINT case_id IF NOT EXISTS FOR (c:Case) REQUIRE c.id IS UNIQUE", {}),
        ("MERGE (c:Case {id: $id}) SET c.name = $name",
         {"id": "case_1", "name": "Siddique Mia vs Md Idris Miah and others", "judges": ["Siddiqur Rahman Miah, J."]}),
        ("MERGE (j:Judge {name: $judge_name})", {"judge_name": "Siddiqur Rahman Miah, J."}),
        ("MATCH (s:Section {section_id: $section_id}) RETURN s", {"section_id": "Section 10"}),
        ("MATCH (s:Section {section_id: $section_id}) SET s.title = $title",
         {"section_id": "Section 10", "title": "Stay of suit."}),
        ("MATCH (s:Section {section_id: $section_id}) RETURN s", {"section_id": "Section 96"}),
        ("MERGE (s:Section {id: $id}) SET s.title = $title", {"id": "sec_96", "title": "Appeal from original decree."})]


class _RefusingConstraints(Recorder):
    """A store that refuses constraints, as a server refusing one would (build_graph logs it and goes on)."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        if statement.startswith("CREATE CONSTRAINT"):
            raise RuntimeError("refused")
        return super().query(statement, params, read_only)


@pytest.mark.parametrize(("change", "store", "refused"), [
    ({"build_graph.py": _CPC_BD_BUILD.replace("import json\n", "import json\nimport subprocess\n")}, Recorder,
     "imports subprocess"),
    ({"load_cpc_full.py": _CPC_BD_LOAD.replace("'cpc_full_data.json'", "'cpc.txt'")}, Recorder,
     "opens /wlool8793-crypto/lool-/neo4j/cpc.txt"),
    ({}, _RefusingConstraints, "build_graph.py logged errors: Unexpected error in Failed to create constraint"),
    ({"build_graph.py": _CPC_BD_BUILD.replace("os.getenv('NEO4J_URL')", "os.getenv('NEO4J_URI')")}, Recorder,
     "Missing settings")])
def test_bangladesh_civil_procedure_reads_nothing_else_and_raises_what_its_loaders_log_or_stop_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: dict[str, str], store: type[Recorder],
        refused: str) -> None:
    with pytest.raises((corpus.CorpusError, ValueError), match=refused):
        corpus.write_bangladesh_civil_procedure(store(), _cpc_bd_mirror(tmp_path, monkeypatch, **change))


# bayu-siddhi/indonesia-it-law-graph-rag, shortened: its RegulationGraphBuilder (tx.run(query=..., parameters=...) in
# execute_write, single() by key, dates as neo4j.time.Date, its delete-all with SHOW INDEX, its embedding and
# RELATED_TO steps, its tqdm loop and PrettyTable summary) and prep/graph_construction.ipynb's cells (imports; a build
# into db-small, here over another file so that running it would be refused; a commented-out visualisation; the
# db-large build)
_IDN_BUILDER = (
    "import re\nimport json\nimport time\nfrom typing import Any, Dict, Optional, Tuple\n\nimport neo4j\nimport pyvis\n"
    "from tqdm import tqdm\nfrom prettytable import PrettyTable\nfrom sentence_transformers import SentenceTransformer"
    "\n\n\nclass RegulationGraphBuilder:\n"
    "    def __init__(self, uri: str, auth: Tuple[str, str], database: str, embedding_model: str) -> None:\n"
    "        self.URI = uri\n        self.AUTH = auth\n        self.DATABASE = database\n"
    "        self.embedding_model = embedding_model\n\n"
    "    def _date(self, date: str) -> Optional[neo4j.time.Date]:\n"
    "        m = re.search(r'(\\d{4})-(\\d{2})-(\\d{2})', date)\n"
    "        return neo4j.time.Date(year=int(m[1]), month=int(m[2]), day=int(m[3])) if m else None\n\n"
    "    def _create_regulation(self, tx: neo4j.Session, regulation: Dict[str, Any]) -> Dict[str, int]:\n"
    "        result = tx.run(query='MERGE (r:Regulation {id: $id}) SET r.issue_date = $issue_date "
    "RETURN COUNT(r) AS Regulation', parameters={'id': int(regulation['id']), "
    "'issue_date': self._date(regulation['issue_date'])})\n"
    "        return {'Regulation': result.single()['Regulation']}\n\n"
    "    def _create_vector_embedding(self, driver: neo4j.Driver, batch_size: int, verbose: bool) -> None:\n"
    "        SentenceTransformer(self.embedding_model)\n\n"
    "    def _create_related_to_relationship(self, driver: neo4j.Driver) -> list:\n"
    "        with driver.session(database=self.DATABASE) as session:\n"
    "            return session.execute_write(lambda tx: list(tx.run(query='MATCH (a:Effective) "
    "MERGE (a)-[:RELATED_TO]->(a) RETURN a.id AS regulation_name')))\n\n"
    "    def detach_delete_all(self) -> bool:\n"
    "        with neo4j.GraphDatabase.driver(uri=self.URI, auth=self.AUTH) as driver:\n"
    "            with driver.session(database=self.DATABASE) as session:\n"
    "                session.execute_write(lambda tx: tx.run(query='MATCH (n) DETACH DELETE n'))\n"
    "                indexes = session.execute_write(lambda tx: list(tx.run(query='SHOW INDEX')))\n"
    "                for index in indexes:\n"
    "                    if index['name'].endswith('_index'):\n"
    "                        session.execute_write(lambda tx: tx.run(query=f\"DROP INDEX {index['name']}\"))\n"
    "        return True\n\n"
    "    def build_graph(self, json_input: str, batch_size: int = 64, verbose=True) -> Dict[str, Any]:\n"
    "        with open(json_input, encoding='utf-8') as file:\n            json_data = json.load(file)\n"
    "        summary = {'Name': [], 'Regulation': []}\n"
    "        with neo4j.GraphDatabase.driver(uri=self.URI, auth=self.AUTH) as driver:\n"
    "            start_time = time.time()\n"
    "            with driver.session(database=self.DATABASE) as session:\n"
    "                for regulation in tqdm(iterable=json_data, desc='Building', disable=not verbose):\n"
    "                    summary['Name'].append(regulation['download_name'])\n"
    "                    summary['Regulation'].append(session.execute_write(self._create_regulation, regulation)"
    "['Regulation'])\n"
    "            self._create_vector_embedding(driver=driver, batch_size=batch_size, verbose=verbose)\n"
    "            for result in self._create_related_to_relationship(driver=driver):\n"
    "                summary['Name'].index(result['regulation_name'])\n"
    "        if verbose:\n            table = PrettyTable()\n            table.add_column('Name', summary['Name'])\n"
    "            table.align['Name'] = 'r'\n            print(table, start_time)\n"
    "        return summary\n")
_IDN_BUILD = (
    "json_input = os.path.join('..', 'data', 'json', '{file}')\n\n"
    "builder = RegulationGraphBuilder(\n    uri=os.environ['NEO4J_HOST'],\n"
    "    auth=(os.environ['NEO4J_USERNAME'], os.environ['NEO4J_PASSWORD']),\n    database='{database}',\n"
    "    embedding_model='{model}'\n)\n\nbuilder.detach_delete_all()\n\n"
    "summary = builder.build_graph(\n    json_input=json_input,\n    batch_size=64,\n    verbose=True\n)")


def _idn_notebook(*cells: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "source": cell.splitlines(keepends=True)} for cell in cells]
                       + [{"cell_type": "markdown", "source": ["# notes"]}]})


_IDN_CELLS = (
    "import os\nimport sys\nfrom dotenv import load_dotenv\n\nload_dotenv()\n"
    "sys.path.append(os.path.join(os.getcwd(), '..'))\n\nfrom src.prep import RegulationGraphBuilder",
    _IDN_BUILD.format(file="regulation_data.json", database="db-small", model="all-MiniLM-L6-v2"),
    "# builder.visualize_graph('db_small.html')",
    _IDN_BUILD.format(file="regulation_data_final.json", database="db-large", model="intfloat/multilingual-e5-large"))
_IDN_DATA = [{"id": "200801011100000", "download_name": "UU_2008_011", "issue_date": "2008-04-21"},
             {"id": "201503026100000", "download_name": "PERMENKOMINFO_2015_026", "issue_date": ""}]


class _IdnStore(Recorder):
    """A store whose server holds an old index of the builder's naming (dropped) and a lookup index (kept); each
    MERGE of a regulation counts one node."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if statement == "SHOW INDEX":
            return [{"name": "regulation_id_index"}, {"name": "index_343aff4e"}]
        return [{"Regulation": 1}] if "AS Regulation" in statement else []


def _idn_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cells: tuple[str, ...] = _IDN_CELLS,
                builder: str = _IDN_BUILDER) -> Path:
    files: dict[str, str | bytes] = {
        "prep/graph_construction.ipynb": _idn_notebook(*cells), "src/prep/graph_builder.py": builder,
        "src/prep/__init__.py": "from .pdf_converter import PDFConverter\n",
        "data/json/regulation_data_final.json": json.dumps(_IDN_DATA)}
    later: dict[str, str | bytes | None] = {"data/json/regulation_data_final.json": json.dumps(_IDN_DATA[:1])}
    pinned = _committed_mirror(tmp_path, "bayu-siddhi+indonesia-it-law-graph-rag", files, later)
    monkeypatch.setattr(corpus, "IDN_IT_LAW_COMMIT", pinned)
    return tmp_path


def test_indonesia_it_regulations_runs_the_notebooks_db_large_build_without_its_embedding_steps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _IdnStore()
    corpus.write_indonesia_it_regulations(store, _idn_mirror(tmp_path, monkeypatch))
    # cells 0 and 3 only (cell 1's build, over another file, would have been refused): the delete-all as written
    # (its own index dropped, the lookup index kept), then each regulation of the pinned commit's file (the later
    # commit dropped one), a date as a Python date and a missing one None; no embedding model, no RELATED_TO
    merge = "MERGE (r:Regulation {id: $id}) SET r.issue_date = $issue_date RETURN COUNT(r) AS Regulation"
    assert store.calls == [
        ("MATCH (n) DETACH DELETE n", {}), ("SHOW INDEX", {}), ("DROP INDEX regulation_id_index", {}),
        (merge, {"id": 200801011100000, "issue_date": datetime.date(2008, 4, 21)}),
        (merge, {"id": 201503026100000, "issue_date": None})]


@pytest.mark.parametrize(("cells", "builder", "refused"), [
    (_IDN_CELLS, _IDN_BUILDER.replace("import re\n", "import re\nimport subprocess\n"), "imports subprocess"),
    (_IDN_CELLS[:2] + ("pass", _IDN_CELLS[1]), _IDN_BUILDER, "opens ../data/json/regulation_data.json"),
    (_IDN_CELLS[:3], _IDN_BUILDER, "has 3 code cells"),
    (_IDN_CELLS, _IDN_BUILDER.replace("def _create_related_to_relationship", "def _related"),
     "no _create_related_to_relationship step"),
    (_IDN_CELLS, _IDN_BUILDER.replace("class RegulationGraphBuilder", "class GraphBuilder"),
     "defines no RegulationGraphBuilder")])
def test_indonesia_it_regulations_reads_nothing_else_and_refuses_a_builder_it_cannot_run_as_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cells: tuple[str, ...], builder: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_indonesia_it_regulations(_IdnStore(), _idn_mirror(tmp_path, monkeypatch, cells, builder))


_VN_SCRIPT = (
    "import argparse\nimport json\nimport os\nimport sys\nfrom pathlib import Path\n\n"
    "from dotenv import load_dotenv\n\nload_dotenv()\n\n\n"
    "def parse_args():\n    parser = argparse.ArgumentParser(description='Ingest Land Law')\n"
    "    parser.add_argument('--output-dir', default='output')\n"
    "    parser.add_argument('--no-clear', action='store_true')\n"
    "    parser.add_argument('--load-cached', action='store_true')\n    return parser.parse_args()\n\n\n"
    "def main():\n    args = parse_args()\n    output_dir = args.output_dir\n"
    "    Path(output_dir).mkdir(parents=True, exist_ok=True)\n"
    "    chunks_path_2013 = f'{output_dir}/chunks_2013.json'\n    chunks_path_2024 = f'{output_dir}/chunks_2024.json'\n"
    "    cross_mapping_path = f'{output_dir}/cross_mapping.json'\n"
    "    if args.load_cached and Path(chunks_path_2013).exists() and Path(chunks_path_2024).exists():\n"
    "        from app.law_processing.chunker import load_chunks_from_json\n"
    "        chunks_2013 = load_chunks_from_json(chunks_path_2013)\n"
    "        chunks_2024 = load_chunks_from_json(chunks_path_2024)\n"
    "    else:\n        from app.law_processing.parser import parse_law_file\n"
    "        chunks_2013 = parse_law_file('input/LandLaw2013.txt', 2013)\n"
    "        chunks_2024 = parse_law_file('input/LandLaw2024.txt', 2024)\n"
    "    if args.load_cached and Path(cross_mapping_path).exists():\n"
    "        with open(cross_mapping_path, 'r', encoding='utf-8') as f:\n            cross_mapping = json.load(f)\n"
    "    else:\n        cross_mapping = []\n"
    "    print('Building Knowledge Graph in Neo4j...')\n"
    "    from app.law_processing.kg_builder import build_knowledge_graph\n"
    "    build_knowledge_graph(chunks_2013=chunks_2013, chunks_2024=chunks_2024, cross_mapping=cross_mapping,\n"
    "                          neo4j_uri=os.getenv('NEO4J_URI'), clear_existing=not args.no_clear)\n\n\n"
    "if __name__ == '__main__':\n    main()\n")
_VN_CHUNKER = (
    "import json\nfrom pathlib import Path\nfrom typing import List\n\n"
    "from app.law_processing.models import LawDocument\n\n\n"
    "def articles_to_chunks(law_doc: LawDocument) -> List[dict]:\n    return []\n\n\n"
    "def load_chunks_from_json(json_path: str) -> List[dict]:\n"
    "    with open(json_path, 'r', encoding='utf-8') as f:\n        return json.load(f)\n")
_VN_BUILDER = (
    "import re\nimport os\nfrom typing import List, Optional\n\nfrom neo4j import GraphDatabase\n\n\n"
    "def get_driver(uri=None, username=None, password=None):\n"
    "    uri = uri or os.getenv('NEO4J_URI', 'bolt://localhost:7687')\n"
    "    return GraphDatabase.driver(uri, auth=(username or 'neo4j', password or 'password'))\n\n\n"
    "UPSERT_ARTICLE = 'MERGE (a:Article {chunk_id: $chunk_id}) SET a.law_year = $law_year'\n"
    "CREATE_CROSS_LAW_REL = 'MATCH (a:Article {article_number: $num_2024}) MERGE (a)-[r:SUPERSEDES]->(a) "
    "SET r.change_type = $change_type'\n\n\n"
    "def build_knowledge_graph(chunks_2013, chunks_2024, cross_mapping, neo4j_uri=None, neo4j_username=None,\n"
    "                          neo4j_password=None, clear_existing=True):\n"
    "    driver = get_driver(neo4j_uri, neo4j_username, neo4j_password)\n    try:\n"
    "        with driver.session() as session:\n"
    "            session.run('CREATE INDEX article_number IF NOT EXISTS FOR (a:Article) ON (a.article_number)')\n"
    "            if clear_existing:\n                session.run('MATCH (n) DETACH DELETE n')\n"
    "            for chunk in chunks_2013 + chunks_2024:\n"
    "                session.run(UPSERT_ARTICLE, chunk_id=chunk['chunk_id'], law_year=chunk['law_year'])\n"
    "            for pair in cross_mapping:\n                try:\n"
    "                    session.run(CREATE_CROSS_LAW_REL, num_2024=pair['article_2024_num'],\n"
    "                                change_type=pair.get('change_type', 'UNKNOWN'))\n"
    "                except Exception:\n                    pass\n"
    "            for row in session.run('MATCH (a:Article) RETURN a.law_year AS year, count(a) AS count'):\n"
    "                print(row['year'], row['count'])\n"
    "    finally:\n        driver.close()\n")


def _vn_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _VN_SCRIPT,
               chunker: str = _VN_CHUNKER, builder: str = _VN_BUILDER) -> Path:
    files: dict[str, str | bytes] = {
        "ingest_law_kg.py": script, "app/law_processing/chunker.py": chunker,
        "app/law_processing/kg_builder.py": builder,
        "app/law_processing/models.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass LawDocument:\n"
                                        "    law_year: int\n",
        "input/LandLaw2013.txt": "Điều 1. Phạm vi điều chỉnh\n",
        "output/chunks_2013.json": json.dumps([{"chunk_id": "2013_dieu_1", "law_year": 2013}]),
        "output/chunks_2024.json": json.dumps([{"chunk_id": "2024_dieu_1", "law_year": 2024},
                                               {"chunk_id": "2024_dieu_2", "law_year": 2024}]),
        "output/cross_mapping.json": json.dumps([{"article_2024_num": 1, "change_type": "MODIFIED"},
                                                 {"article_2024_num": 2}])}
    later: dict[str, str | bytes | None] = {"output/chunks_2024.json": json.dumps([])}
    pinned = _committed_mirror(tmp_path, "SyDuc7421+land-law-graph-rag", files, later)
    monkeypatch.setattr(corpus, "VN_LAND_LAW_COMMIT", pinned)
    return tmp_path


def test_vietnam_land_law_runs_ingest_law_kg_with_load_cached_over_the_pinned_output_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_vietnam_land_law(store, _vn_mirror(tmp_path, monkeypatch))
    # --load-cached: the pinned commit's chunks (the later commit emptied 2024's) and cross-mapping, not the law
    # texts; each session.run one statement with its keyword parameters; the mapping's default kept as written
    upsert = "MERGE (a:Article {chunk_id: $chunk_id}) SET a.law_year = $law_year"
    rel = ("MATCH (a:Article {article_number: $num_2024}) MERGE (a)-[r:SUPERSEDES]->(a) "
           "SET r.change_type = $change_type")
    assert store.calls == [
        ("CREATE INDEX article_number IF NOT EXISTS FOR (a:Article) ON (a.article_number)", {}),
        ("MATCH (n) DETACH DELETE n", {}),
        (upsert, {"chunk_id": "2013_dieu_1", "law_year": 2013}),
        (upsert, {"chunk_id": "2024_dieu_1", "law_year": 2024}),
        (upsert, {"chunk_id": "2024_dieu_2", "law_year": 2024}),
        (rel, {"num_2024": 1, "change_type": "MODIFIED"}), (rel, {"num_2024": 2, "change_type": "UNKNOWN"}),
        ("MATCH (a:Article) RETURN a.law_year AS year, count(a) AS count", {})]


@pytest.mark.parametrize(("script", "chunker", "builder", "refused"), [
    # cached files it does not have (its own output/ renamed): it would parse the law texts again, not read here
    (_VN_SCRIPT.replace("chunks_2013.json", "chunks.json"), _VN_CHUNKER, _VN_BUILDER,
     "imports app.law_processing.parser"),
    (_VN_SCRIPT.replace("cross_mapping_path, 'r'", "'input/LandLaw2013.txt', 'r'"), _VN_CHUNKER, _VN_BUILDER,
     "opens input/LandLaw2013.txt"),
    (_VN_SCRIPT, "import subprocess\n" + _VN_CHUNKER, _VN_BUILDER, "imports subprocess"),
    (_VN_SCRIPT, _VN_CHUNKER, _VN_BUILDER.replace("def build_knowledge_graph", "def build_graph"),
     "defines no build_knowledge_graph")])
def test_vietnam_land_law_reads_nothing_else_and_refuses_a_loader_it_cannot_run_as_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, chunker: str, builder: str,
        refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_vietnam_land_law(Recorder(), _vn_mirror(tmp_path, monkeypatch, script, chunker, builder))


# akfldk1028/ARR's backend/law/scripts, cut down to what json_to_neo4j.py and neo4j_loader.py do with the driver, the
# paths and the files (their shapes as the repository writes them)
_KR_LOADER = (
    "from neo4j import GraphDatabase\nfrom typing import List, Dict, Optional\nimport json\n"
    "from datetime import datetime\nimport logging\n\nlogging.basicConfig(level=logging.INFO)\n"
    "logger = logging.getLogger(__name__)\n\n\nclass Neo4jLawLoader:\n"
    "    def __init__(self, uri, user, password):\n"
    "        self.driver = GraphDatabase.driver(uri, auth=(user, password))\n"
    "    def close(self):\n        self.driver.close()\n"
    "    def __enter__(self):\n        return self\n"
    "    def __exit__(self, exc_type, exc_val, exc_tb):\n        self.close()\n"
    "    def create_law_node(self, law_name, law_type='법률'):\n"
    "        with self.driver.session() as session:\n"
    "            session.run('MERGE (law:LAW {full_id: $full_id})', {'full_id': f'{law_name}({law_type})'})\n"
    "    def create_nodes_batch(self, nodes):\n        with self.driver.session() as session:\n"
    "            for node in nodes:\n"
    "                session.run(f\"MERGE (n:{node['labels'][0]} {{full_id: $full_id}})\", node['properties'])\n"
    "    def create_relationships_batch(self, relationships):\n"
    "        with self.driver.session() as session:\n            for rel in relationships:\n"
    "                try:\n"
    "                    session.run(f\"MATCH (a {{full_id: $from_id}}) MATCH (b {{full_id: $to_id}}) \"\n"
    "                                f\"MERGE (a)-[r:{rel['type']}]->(b)\",\n"
    "                                from_id=rel['from_id'], to_id=rel['to_id'])\n"
    "                except Exception as e:\n"
    "                    logger.error(f\"관계 생성 실패: {rel['from_id']}: {e}\")\n")
_KR_SCRIPT = (
    "import json\nfrom pathlib import Path\nfrom typing import Dict, List\nimport sys\n\n"
    "from neo4j_loader import Neo4jLawLoader\n\n\n"
    "def json_to_neo4j(json_path, neo4j_uri, neo4j_user, neo4j_password, output_dir='neo4j'):\n"
    "    json_path = Path(json_path)\n    output_dir = Path(output_dir)\n    output_dir.mkdir(exist_ok=True)\n"
    "    with open(json_path, 'r', encoding='utf-8') as f:\n        data = json.load(f)\n"
    "    info = data['law_info']\n    with Neo4jLawLoader(neo4j_uri, neo4j_user, neo4j_password) as loader:\n"
    "        loader.create_law_node(info['law_name'], info['law_type'])\n"
    "        loader.create_nodes_batch([{'labels': ['JO'], 'properties': {'full_id': unit['full_id']}}\n"
    "                                   for unit in data['units']])\n"
    "        loader.create_relationships_batch([{'type': 'CONTAINS', 'from_id': unit['parent_id'],\n"
    "                                            'to_id': unit['full_id']} for unit in data['units']])\n"
    "    backup_path = output_dir / f\"{info['law_name']}_{info['law_type']}_neo4j.json\"\n"
    "    with open(backup_path, 'w', encoding='utf-8') as f:\n        json.dump(data, f, ensure_ascii=False)\n"
    "    print(backup_path.stat().st_size / 1024)\n    return str(backup_path)\n\n\n"
    "def process_multiple_jsons(json_dir='parsed', neo4j_uri='bolt://localhost:7687', neo4j_user='neo4j',\n"
    "                           neo4j_password='password', output_dir='neo4j', pattern='*.json'):\n"
    "    json_dir = Path(json_dir)\n    if not json_dir.exists():\n        print('no dir')\n        return\n"
    "    errors = []\n    for json_file in sorted(json_dir.glob(pattern)):\n        try:\n"
    "            json_to_neo4j(str(json_file), neo4j_uri, neo4j_user, neo4j_password, output_dir)\n"
    "        except Exception as e:\n            errors.append((json_file.name, str(e)))\n\n\n"
    "if __name__ == '__main__':\n    import argparse\n    import os\n    from dotenv import load_dotenv\n\n"
    "    sys.stdout.reconfigure(encoding='utf-8')\n    load_dotenv()\n    parser = argparse.ArgumentParser()\n"
    "    parser.add_argument('--json', type=str)\n    parser.add_argument('--dir', type=str, default='parsed')\n"
    "    parser.add_argument('--output', type=str, default='neo4j')\n"
    "    parser.add_argument('--uri', type=str, default=os.getenv('NEO4J_URI', 'bolt://localhost:7687'))\n"
    "    parser.add_argument('--password', type=str, default=os.getenv('NEO4J_PASSWORD', 'password'))\n"
    "    parser.add_argument('--all', action='store_true')\n    args = parser.parse_args()\n"
    "    if args.json:\n        json_to_neo4j(args.json, args.uri, 'neo4j', args.password, args.output)\n"
    "    elif args.all:\n"
    "        process_multiple_jsons(args.dir, args.uri, 'neo4j', args.password, args.output)\n")


def _kr_law(name: str, law_type: str, *units: str) -> str:
    return json.dumps({"law_info": {"law_name": name, "law_type": law_type},
                       "units": [{"full_id": f"{name}::{unit}", "parent_id": name} for unit in units]},
                      ensure_ascii=False)


def _kr_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _KR_SCRIPT,
               loader: str = _KR_LOADER) -> Path:
    files: dict[str, str | bytes] = {
        "backend/law/scripts/json_to_neo4j.py": script, "backend/law/scripts/neo4j_loader.py": loader,
        "backend/law/data/api/주차장법_시행령.json": _kr_law("주차장법", "시행령", "제1조"),
        "backend/law/data/api/건축법_법률.json": _kr_law("건축법", "법률", "제1장", "제1장::제1조"),
        "backend/law/data/parsed/국토의_계획_및_이용에_관한_법률_법률.json": _kr_law("국토계획법", "법률", "제1조"),
        "backend/law/data/structured/parking_layout_rules.json": "{}"}
    later: dict[str, str | bytes | None] = {"backend/law/data/api/농지법_법률.json": _kr_law("농지법", "법률", "제1조")}
    pinned = _committed_mirror(tmp_path, "akfldk1028+ARR", files, later)
    monkeypatch.setattr(corpus, "KR_LAWS_COMMIT", pinned)
    return tmp_path


def test_korea_building_laws_runs_json_to_neo4j_over_the_pinned_api_files_in_name_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_korea_building_laws(store, _kr_mirror(tmp_path, monkeypatch))
    # --dir ../data/api --all from backend/law/scripts: the pinned commit's two files (not the later 농지법 one, nor
    # data/parsed/'s), sorted by name; each session.run one statement with its dict or keyword parameters; the
    # backups it writes to neo4j/ are not written (nothing is left in the mirror)
    rel = "MATCH (a {full_id: $from_id}) MATCH (b {full_id: $to_id}) MERGE (a)-[r:CONTAINS]->(b)"
    assert store.calls == [
        ("MERGE (law:LAW {full_id: $full_id})", {"full_id": "건축법(법률)"}),
        ("MERGE (n:JO {full_id: $full_id})", {"full_id": "건축법::제1장"}),
        ("MERGE (n:JO {full_id: $full_id})", {"full_id": "건축법::제1장::제1조"}),
        (rel, {"from_id": "건축법", "to_id": "건축법::제1장"}),
        (rel, {"from_id": "건축법", "to_id": "건축법::제1장::제1조"}),
        ("MERGE (law:LAW {full_id: $full_id})", {"full_id": "주차장법(시행령)"}),
        ("MERGE (n:JO {full_id: $full_id})", {"full_id": "주차장법::제1조"}),
        (rel, {"from_id": "주차장법", "to_id": "주차장법::제1조"})]
    assert not (tmp_path / "akfldk1028+ARR" / "repo" / "backend/law/scripts/neo4j").exists()


class _FailingStore(Recorder):
    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        if statement.startswith("MATCH"):
            raise RuntimeError("refused")
        return super().query(statement, params, read_only)


@pytest.mark.parametrize(("script", "loader", "store", "refused"), [
    # another folder of its data (the PDF pipeline's parsed/, which the PIPELINE.md says not to mix) is not read
    (_KR_SCRIPT.replace("json_path = Path(json_path)", "json_path = Path('../data/parsed/' + Path(json_path).name)"),
     _KR_LOADER, Recorder(), "opens ../data/parsed/"),
    (_KR_SCRIPT, "import subprocess\n" + _KR_LOADER, Recorder(), "imports subprocess"),
    # a file it skips (its process_multiple_jsons notes a failed file and goes on): refused, not a smaller graph
    (_KR_SCRIPT.replace("sorted(json_dir.glob(pattern))", "sorted(json_dir.glob('건축법*'))"), _KR_LOADER,
     Recorder(), "did not read 1 of"),
    # a statement the store refuses, which its loader would log and pass over
    (_KR_SCRIPT, _KR_LOADER, _FailingStore(), "a statement of its loader fails"),
    (_KR_SCRIPT, _KR_LOADER.replace("class Neo4jLawLoader", "class LawLoader"), Recorder(),
     "defines no Neo4jLawLoader")])
def test_korea_building_laws_reads_nothing_else_and_refuses_what_it_would_pass_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, loader: str, store: Recorder,
        refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_korea_building_laws(store, _kr_mirror(tmp_path, monkeypatch, script, loader))


_MPEP_NODES = (
    "from py2neo import Graph, Node, Relationship\nimport pandas as pd\nimport numpy as np\n"
    "graph = Graph(\"bolt://neo4j.lab.elo.enterprises:7687\", auth=(\"neo4j\", \"bitnami\"))\n"
    "for chapterNumber in np.arange(21, 22, 1).tolist():\n"
    "    chapterText = ('00'+str(chapterNumber*100))[-4:]\n"
    "    df = pd.read_csv('data/interim/MPEP/MPEPChapter' + chapterText + 'Sections.csv')\n"
    "    for index, row in df.iterrows():\n"
    "        pParg = str(row['Paragraph'])\n"
    "        pName = str(row['Section']) if pParg == 'nan' else str(row['Section']) + ' - ' + pParg\n"
    "        graph.create(Node(\"MPEPSection\", name=pName, chapter=str(row['Chapter']), "
    "title=str(row['Title']).strip()))\n"
    "    df = pd.DataFrame(graph.run(\"MATCH (n:MPEPSection { chapter: '\" + chapterText + \"'}) RETURN n\"))\n"
    "    df.to_csv (r'data/processed/MPEP/createNodes_MPEPS_' + chapterText + '.csv', index = False, header=True)\n")
_MPEP_RELS = (
    "from py2neo import Graph, Node, Relationship\nimport pandas as pd\n"
    "graph = Graph(\"bolt://neo4j.lab.elo.enterprises:7687\", auth=(\"neo4j\", \"bitnami\"))\n"
    "df = pd.read_csv('data/interim/MPEPAppIndex/CaseActions.csv')\n"
    "for index, row in df.iterrows():\n"
    "    for mpepsName in str(row['Links to MPEP']).split('; ')[:-1]:\n"
    "        graph.run(\"MATCH (n:MPEPSection { name: '\" + mpepsName + \"' }),(m:CaseAction { name: '\" + "
    "str(row['name']) + \"' }) CREATE (n)-[r:MPEPS_CaseAction]->(m)\")\n")
_MPEP_CHAPTER = "data/interim/MPEP/MPEPChapter2100Sections.csv"
_MPEP_CASES = "data/interim/MPEPAppIndex/CaseActions.csv"


def _mpep_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nodes: str = _MPEP_NODES) -> Path:
    """A mirror of elo-enterprises/lab-notebooks whose pinned commit holds the MPEP scripts (two of them doing what
    createNodes_MPEPS.py and createRels_MPEPS_CaseActions.py do, the others empty) and two of their files; a later
    commit changes a title and the first script, which the writer must not read."""
    files: dict[str, str | bytes] = {path: "" for path in corpus.MPEP_SCRIPTS}
    files[corpus.MPEP_SCRIPTS[0]] = nodes
    files["scripts/MPEPAppIndex/createRels_MPEPS_CaseActions.py"] = _MPEP_RELS
    files[_MPEP_CHAPTER] = ("Part,Chapter,Section,Paragraph,Update Status,Title\n"
                            "MPEP,2100,2111.01,,,Plain Meaning [R-08.2017]\n\nMPEP,2100,2111.10,p1,,\n")
    files[_MPEP_CASES] = ('name,year,Links to MPEP\n"Abbott Diabetes Care Inc., In re, 696 F.3d 1142 (Fed. Cir. 2012)",'
                          "2012.0,2111.01; \n")
    later: dict[str, str | bytes | None] = {_MPEP_CHAPTER: "Part,Chapter,Section,Paragraph,Update Status,Title\n"
                                                           "MPEP,2100,2111.01,,,Changed\n",
                                            corpus.MPEP_SCRIPTS[0]: "raise SystemExit('a later script')\n"}
    monkeypatch.setattr(corpus, "MPEP_COMMIT", _committed_mirror(tmp_path, "elo-enterprises+lab-notebooks", files,
                                                                 later))
    return tmp_path


def test_uspto_patent_manual_runs_the_mpep_scripts_in_order_over_the_pinned_files_typed_as_pandas_types_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_uspto_patent_manual(store, _mpep_mirror(tmp_path, monkeypatch))
    # an index on `name` of each label the relationship scripts MATCH, then each script's statements as written:
    # Section a float column (2111.10 is 2111.1, as pandas reads it), an empty title the string 'nan', the blank
    # line skipped; the report queries run, their CSVs not written
    assert store.calls == [
        *[(f"CREATE INDEX IF NOT EXISTS FOR (n:`{label}`) ON (n.name)", {}) for label in corpus.MPEP_NAMED],
        ("CALL db.awaitIndexes()", {}),
        ("CREATE (n:`MPEPSection` $props)",
         {"props": {"name": "2111.01", "chapter": "2100", "title": "Plain Meaning [R-08.2017]"}}),
        ("CREATE (n:`MPEPSection` $props)", {"props": {"name": "2111.1 - p1", "chapter": "2100", "title": "nan"}}),
        ("MATCH (n:MPEPSection { chapter: '2100'}) RETURN n", {}),
        ("MATCH (n:MPEPSection { name: '2111.01' }),(m:CaseAction { name: 'Abbott Diabetes Care Inc., In re, 696 "
         "F.3d 1142 (Fed. Cir. 2012)' }) CREATE (n)-[r:MPEPS_CaseAction]->(m)", {})]
    assert not (tmp_path / "elo-enterprises+lab-notebooks" / "repo" / "data" / "processed").exists()


@pytest.mark.parametrize(("change", "refused"), [
    # a file none of the MPEP scripts reads (the prosecution actions' study), or one read another way
    (("'data/interim/MPEP/MPEPChapter' + chapterText + 'Sections.csv'", "'data/external/Actions/Actions.csv'"),
     "read data/external/Actions/Actions.csv"),
    (("+ 'Sections.csv')", "+ 'Sections.csv', sep=';')"), "with ['sep']"),
    (("import numpy as np\n", "import numpy as np\nimport os\n"), "imports os"),
    # py2neo's create of a relationship: the scripts create nodes only, their relationships by Cypher
    (("graph.create(Node(", "graph.create(Relationship(Node('A'), 'R', Node('B')) or Node("),
     "create a _Py2neoRelationship")])
def test_uspto_patent_manual_reads_imports_and_creates_nothing_its_scripts_do_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], refused: str) -> None:
    nodes = _MPEP_NODES.replace(*change)
    assert nodes != _MPEP_NODES
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_uspto_patent_manual(Recorder(), _mpep_mirror(tmp_path, monkeypatch, nodes))


# nhatrinh-269/vietnamese-law-bot's data/nhien_migrate.py, shortened: its Path(...).read_text of the file its __main__
# names, its skip of a law that is not a dict, its chapter walk, its regex of "Điều N" references and the REFERS_TO
# statements it runs after every node
_VN_CODES_LOADER = (
    "from neo4j import GraphDatabase\nimport json\nfrom pathlib import Path\nimport re\n\n"
    "class LawGraphImporter:\n"
    "    def __init__(self, uri, json_file):\n"
    "        self.driver = GraphDatabase.driver(uri)\n"
    "        self.data = json.loads(Path(json_file).read_text(encoding='utf-8'))\n"
    "        self.refs = {}\n\n"
    "    def import_data(self):\n"
    "        with self.driver.session() as ses:\n"
    "            for law, law_data in self.data['Luat']['content'].items():\n"
    "                if not isinstance(law_data, dict):\n"
    "                    continue\n"
    "                for chap, chap_data in law_data.items():\n"
    "                    for k, v in chap_data['content'].items():\n"
    "                        self.refs[k + ':' + law] = [m.capitalize() for m in "
    "re.findall(r'(?i)Điều\\s+\\d+', v['content'])]\n"
    "                        print('Creating node Dieu:', k)\n"
    "                        ses.execute_write(self.create_dieu, law, chap, k, v['title'])\n"
    "            for article, refs in self.refs.items():\n"
    "                key, law = article.split(':')\n"
    "                for ref in sorted(set(refs)):\n"
    "                    ses.execute_write(self.refer, law, key, ref)\n\n"
    "    @staticmethod\n"
    "    def create_dieu(tx, law, chap, n, title):\n"
    "        tx.run('MERGE (d:Dieu {law:$l, parent:$c, dieu_number:$n}) SET d.title = $t', l=law, c=chap, n=n, "
    "t=title)\n\n"
    "    @staticmethod\n"
    "    def refer(tx, law, a, b):\n"
    "        tx.run('MATCH (a:Dieu {dieu_number:$a, law:$l}), (b:Dieu {dieu_number:$b, law:$l}) "
    "MERGE (a)-[:REFERS_TO]->(b)', a=a, b=b, l=law)\n\n"
    "    def close(self):\n        self.driver.close()\n\n"
    "if __name__ == '__main__':\n"
    "    imp = LawGraphImporter('bolt://localhost:7687', JSON_FILE)\n"
    "    imp.import_data()\n    imp.close()\n")

_VN_CODES_DATA = {"Luat": {"title": "Luat Viet nam", "content": {
    "luat dan su": {"Chương I": {"title": "NHỮNG QUY ĐỊNH CHUNG", "content": {
        "Điều 1": {"title": "Phạm vi điều chỉnh", "content": "Bộ luật này quy định ..."},
        "Điều 2": {"title": "Áp dụng", "content": "theo quy định tại điều 1 và Điều 1 của Bộ luật này"}}}},
    # the file's third law is a list of parts: the importer skips what is not a dict
    "luat xu ly vi pham hanh chinh": [{"section_key": "Phần thứ nhất", "chapters": {}}]}}}


def _vn_codes_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str) -> Path:
    monkeypatch.setattr(corpus, "VN_CODES_COMMIT", "HEAD")  # a plain copy, no git history: read as it stands
    return _clone(tmp_path, corpus.VN_CODES, {
        corpus.VN_CODES_LOADER: loader.replace("JSON_FILE", repr(corpus.VN_CODES_OPENED)),
        corpus.VN_CODES_DATA: json.dumps(_VN_CODES_DATA, ensure_ascii=False), "data/other.json": "{}"})


def test_vietnam_codes_runs_its_importer_over_the_files_laws_skipping_the_one_that_is_a_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_vietnam_codes(store, _vn_codes_mirror(tmp_path, monkeypatch, _VN_CODES_LOADER))
    create = "MERGE (d:Dieu {law:$l, parent:$c, dieu_number:$n}) SET d.title = $t"
    refer = ("MATCH (a:Dieu {dieu_number:$a, law:$l}), (b:Dieu {dieu_number:$b, law:$l}) "
             "MERGE (a)-[:REFERS_TO]->(b)")
    # the path its __main__ names reads the commit's data/chung.json; "điều 1" is capitalized as the script does it
    assert store.calls == [
        (create, {"l": "luat dan su", "c": "Chương I", "n": "Điều 1", "t": "Phạm vi điều chỉnh"}),
        (create, {"l": "luat dan su", "c": "Chương I", "n": "Điều 2", "t": "Áp dụng"}),
        (refer, {"a": "Điều 2", "b": "Điều 1", "l": "luat dan su"})]


@pytest.mark.parametrize(("change", "refused"), [
    (("import re\n", "import re\nimport os\n"), "imports os"),
    (("Path(json_file)", "Path('data/other.json')"), "reads data/other.json")])
def test_vietnam_codes_imports_and_reads_nothing_but_what_its_importer_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], refused: str) -> None:
    loader = _VN_CODES_LOADER.replace(*change)
    assert loader != _VN_CODES_LOADER
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_vietnam_codes(Recorder(), _vn_codes_mirror(tmp_path, monkeypatch, loader))


_ISRAEL_LAWS_PROGRAM = (
    "import csv\nimport logging\nimport sys\nimport glob\nimport os\nimport xml.etree.ElementTree as ET\n"
    "from datetime import datetime\nfrom constants import LAW\nfrom py2neo import Graph, Node, Relationship\n\n"
    "logging.basicConfig(filename='law_graph_logs.log', level=logging.INFO)\n\n\n"
    "def main():\n"
    "    graph = Graph('bolt://localhost:7687', user=sys.argv[2], password=sys.argv[3])\n"
    "    graph.delete_all()\n"
    "    tx = graph.begin()\n"
    "    laws = {}\n"
    "    for path in glob.glob(f'akn/**/*.xml', recursive=True):\n"
    "        root = ET.parse(path).getroot()\n"
    "        laws[path] = Node(LAW, title=root.find('title').text, law_uri=path)\n"
    "        tx.create(laws[path])\n"
    "        logging.info(f'{path} read')\n"
    "    first, second = sorted(laws)\n"
    "    if os.path.exists(os.path.join('akn/il/b', 'he@/main.xml')) and os.path.exists('akn/il/b') \\\n"
    "            and not os.path.exists('akn/il/c'):\n"
    "        tx.create(Relationship(laws[second], 'הפנייה לחוק אחר', laws[first]))\n"
    "    tx.commit()\n"
    "    with open('errors.json', 'w') as f:\n"
    "        f.write('{}')\n"
    "    print('End Time =', datetime.now().strftime('%H:%M:%S'))\n\n\n"
    "if __name__ == '__main__':\n"
    "    main()\n")


class _IsraelLawsStore(Recorder):
    """A Recorder that answers the node statements as the server would: one row (i, element id) per node."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if "RETURN row.i AS i" not in statement:
            return []
        return [{"i": row["i"], "id": f"e{row['props']['title']}"} for row in (params or {})["rows"]]


def _israel_laws_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, program: str) -> Path:
    monkeypatch.setattr(corpus, "ISRAEL_LAWS_COMMIT", "HEAD")  # a plain copy, no git history: read as it stands
    law = "<act><title>{}</title></act>"
    return _clone(tmp_path, corpus.ISRAEL_LAWS, {
        corpus.ISRAEL_LAWS_LOADER: program, "constants.py": "LAW = 'Law'\n",
        "akn/il/b/he@/main.xml": law.format("חוק ב"), "akn/il/a/he@/main.xml": law.format("חוק א"),
        "akn/il/a/he@/media/seal.png": "", "other/main.xml": law.format("x")})


def test_israel_laws_runs_its_program_over_the_laws_writing_its_nodes_then_its_relationships(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _IsraelLawsStore()
    corpus.write_israel_laws(store, _israel_laws_mirror(tmp_path, monkeypatch, _ISRAEL_LAWS_PROGRAM))
    # the laws of akn/ in name order (its media and files elsewhere are not globbed), then the one reference, whose
    # path checks see the repository's tree (a folder, a file in it, a folder that is not there)
    assert store.calls == [
        ("UNWIND $rows AS row CREATE (n:`Law`) SET n = row.props RETURN row.i AS i, elementId(n) AS id",
         {"rows": [{"i": 0, "props": {"title": "חוק א", "law_uri": "akn/il/a/he@/main.xml"}},
                   {"i": 1, "props": {"title": "חוק ב", "law_uri": "akn/il/b/he@/main.xml"}}]}),
        ("UNWIND $rows AS row MATCH (a) WHERE elementId(a) = row.a MATCH (b) WHERE elementId(b) = row.b "
         "CREATE (a)-[r:`הפנייה לחוק אחר`]->(b) SET r = row.props",
         {"rows": [{"a": "eחוק ב", "b": "eחוק א", "props": {}}]})]


@pytest.mark.parametrize(("change", "refused"), [
    (("import csv\n", "import csv\nimport requests\n"), "imports requests"),
    (("open('errors.json', 'w')", "open('Nodes.csv', 'w')"), r"opens Nodes.csv \(w\)"),
    (("f'akn/**/*.xml'", "'**/*.xml'"), r"globs \*\*/\*.xml"),
    (("ET.parse(path)", "ET.parse('README.md')"), "reads README.md"),
    (("laws[second], 'הפנייה", "Node('Law'), 'הפנייה"), "has an end that it does not create")])
def test_israel_laws_refuses_what_its_program_does_not_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], refused: str) -> None:
    program = _ISRAEL_LAWS_PROGRAM.replace(*change)
    assert program != _ISRAEL_LAWS_PROGRAM
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_israel_laws(_IsraelLawsStore(), _israel_laws_mirror(tmp_path, monkeypatch, program))


# Jumaruba/TBDA's proj3/neo4j/populate/populate.cyp, shortened: lower-case LOAD CSVs of ';'-separated files (the ';'
# of FIELDTERMINATOR mid-line, not a statement's end), `return` lines, a commented-out statement, the headerless
# roomtypes.csv and the statements that copy its descriptions onto the facilities and delete its nodes
_PT_VENUES_SCRIPT = """// POPULATE ==================================================
// Regions

load csv with headers from 'file:///regions.csv' as line FIELDTERMINATOR ';'
create (region: Region {
    cod: toInteger(line.COD),
    designation: line.DESIGNATION,
    nut1: line.NUT1})
return region; 

// Roomtype

load csv with headers from 'file:///roomtypes.csv' as line FIELDTERMINATOR ';'
create (r: Roomtype{
    roomtype: line.ROOMTYPE,
    description: line.DESCRIPTION
})
return r;

load csv with headers from 'file:///uses.csv' as line  FIELDTERMINATOR ';'
match (a: Activity {ref: line.REF})
match (f: Facility {id: line.ID})
// merge (a)-[:USES]->(f);
merge (f)-[:HAS]->(a); 

MATCH (r:Roomtype), (f:Facility {roomtype:r.roomtype})
set f.roomtype=r.description;

// Deleting roomtype nodes
match (a:Roomtype) delete a;
"""
_PT_VENUES_FILES = {"proj3/neo4j/data/regions.csv": "COD;DESIGNATION;NUT1\n6;Açores;Açores\n",
                    "proj3/neo4j/data/roomtypes.csv": "1;Teatro\n2;Café concerto\n9;Casa de fado\n",
                    "proj3/neo4j/data/uses.csv": "ID;REF\n905;1\n602;4\n"}


def _pt_venues_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _PT_VENUES_SCRIPT) -> Path:
    import subprocess

    fetched = tmp_path / "Jumaruba+TBDA" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in {corpus.PT_VENUES_SCRIPT: script, **_PT_VENUES_FILES}.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Update README.md"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit (a header for roomtypes.csv, another region), which the pinned commit's load does not read
    (fetched / "proj3/neo4j/data/roomtypes.csv").write_text("ROOMTYPE;DESCRIPTION\n1;Teatro\n", encoding="utf-8")
    (fetched / "proj3/neo4j/data/regions.csv").write_text("COD;DESIGNATION;NUT1\n1;Norte;Continente\n",
                                                          encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later data"], check=True)
    monkeypatch.setattr(corpus, "PT_VENUES_COMMIT", pinned)
    return tmp_path


def test_portugal_venues_runs_populate_as_written_over_its_semicolon_files_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_portugal_venues(store, _pt_venues_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    assert len(statements) == 5  # the commented-out `merge (a)-[:USES]->(f);` is not a statement
    assert statements[0].startswith("UNWIND $rows AS line\ncreate (region: Region {")
    assert statements[0].endswith("return region")
    # each file split on ';', read as committed at the pinned commit
    assert store.calls[0][1] == {"rows": [{"COD": "6", "DESIGNATION": "Açores", "NUT1": "Açores"}]}
    # roomtypes.csv has no header: its first row is the header LOAD CSV reads, so no row has ROOMTYPE or DESCRIPTION
    assert statements[1].startswith("UNWIND $rows AS line\ncreate (r: Roomtype{")
    assert store.calls[1][1] == {"rows": [{"1": "2", "Teatro": "Café concerto"}, {"1": "9", "Teatro": "Casa de fado"}]}
    assert statements[2].startswith("UNWIND $rows AS line\nmatch (a: Activity {ref: line.REF})")
    assert "// merge" not in statements[2] and statements[2].endswith("merge (f)-[:HAS]->(a)")
    assert store.calls[2][1] == {"rows": [{"ID": "905", "REF": "1"}, {"ID": "602", "REF": "4"}]}
    # the statements that read no file run as written, without parameters
    assert store.calls[3:] == [("MATCH (r:Roomtype), (f:Facility {roomtype:r.roomtype})\nset f.roomtype=r.description",
                                {}),
                               ("match (a:Roomtype) delete a", {})]


def test_portugal_venues_refuses_a_url_outside_its_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _PT_VENUES_SCRIPT.replace("'file:///uses.csv'", "'https://example.org/uses.csv'")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/uses.csv"):
        corpus.write_portugal_venues(Recorder(), _pt_venues_mirror(tmp_path, monkeypatch, script))


def test_portugal_venues_refuses_a_file_its_data_folder_does_not_hold(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    script = _PT_VENUES_SCRIPT.replace("'file:///uses.csv'", "'file:///facilities.csv'")
    with pytest.raises(corpus.CorpusError, match="facilities.csv is not in the mirror"):
        corpus.write_portugal_venues(Recorder(), _pt_venues_mirror(tmp_path, monkeypatch, script))


def test_portugal_venues_refuses_a_script_without_its_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="no LOAD CSV import found"):
        corpus.write_portugal_venues(store, _pt_venues_mirror(tmp_path, monkeypatch, "match (a:Roomtype) delete a;\n"))
    assert store.calls == []


def test_portugal_venues_is_pinned_and_frozen() -> None:
    assert corpus.graph("portugal-venues").split == "spent"
    assert corpus.graph("portugal-venues").repo == corpus.PT_VENUES
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.PT_VENUES_COMMIT)


_GOLK_LOADER = '''from neo4j import GraphDatabase

DATABASE = "GoLK"

params = {
    "file_path_root": "file:///",
    "file_0": "areas.csv",
    "file_1": "City_Distances.csv",
    "idsToSkip": []   # Used by WHERE NOT row.[field] IN $idsToSkip
}

cypher_script = """
/////////////////////////////////////////////////////////////////////////
// 1) CREATE CONSTRAINTS
/////////////////////////////////////////////////////////////////////////
CREATE CONSTRAINT `Areas_Area_uniq` IF NOT EXISTS
FOR (n: `Area`)
REQUIRE (n.`Areas`) IS UNIQUE;

LOAD CSV WITH HEADERS FROM ($file_path_root + $file_0) AS row
WITH row
WHERE NOT row.`Areas` IN $idsToSkip AND NOT row.`Areas` IS NULL
CALL {
  WITH row
  MERGE (n: `Area` { `Areas`: row.`Areas` })
  SET n.`Description` = row.`Description`
} IN TRANSACTIONS OF 10000 ROWS;

LOAD CSV WITH HEADERS FROM ($file_path_root + $file_1) AS row
WITH row
CALL {
  WITH row
  MATCH (source: `Area` { `Areas`: row.`Location 1` })
  MATCH (target: `Area` { `Areas`: row.`Location 2` })
  MERGE (source)-[r: `HAS_DISTANCE`]->(target)
  SET r.`Distance_in_KM` = toFloat(trim(row.`Distance_in_KM`))
} IN TRANSACTIONS OF 10000 ROWS;
"""

def main():
    driver = GraphDatabase.driver("bolt://localhost:7687", auth=("neo4j", "admin123"))
    with driver.session(database=DATABASE) as session:
        session.run(cypher_script, **params)
'''
# areas.csv with a Windows-1252 right quote (0x92) in a description, as SriLanka.csv has one
_GOLK_FILES = {"Data/Dataset/areas.csv": b'Areas,Description\nEll\xc3\xa1,"Adam\x92s Peak nearby"\nKandy,\n',
               "Data/Dataset/City_Distances.csv": b"Location 1,Location 2,Distance_in_KM\nKandy,Ella,136\n"}


def _golk_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _GOLK_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "10898415+GoLK-Tour-Guide-System" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    files = {corpus.GOLK_LOADER: loader.encode("utf-8"), **_GOLK_FILES}
    for path, data in files.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_bytes(data)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "DB insert"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # the later head (the chatbot's branch) holds neither the loader nor the data
    subprocess.run([*git, "rm", "-rq", "Data"], check=True)
    subprocess.run([*git, "commit", "-qm", "chatbot update"], check=True)
    monkeypatch.setattr(corpus, "GOLK_COMMIT", pinned)
    return tmp_path


def test_sri_lanka_travel_runs_the_loaders_script_statement_by_statement_with_its_params(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_sri_lanka_travel(store, _golk_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    assert len(statements) == 3  # the one session.run of the script: each of its statements in turn
    assert store.calls[0] == ("CREATE CONSTRAINT `Areas_Area_uniq` IF NOT EXISTS\nFOR (n: `Area`)\n"
                              "REQUIRE (n.`Areas`) IS UNIQUE", {})
    # ($file_path_root + $file_0) is the file's file:/// URL, $idsToSkip the params' empty list, and the
    # CALL {...} IN TRANSACTIONS one CALL {...}
    assert statements[1].startswith("UNWIND $rows AS row\nWITH row\nWHERE NOT row.`Areas` IN [] AND ")
    assert "IN TRANSACTIONS" not in statements[1]
    assert statements[1].endswith("SET n.`Description` = row.`Description`\n}")
    # read at the pinned commit (the head holds no Data/); a byte that is not UTF-8 is U+FFFD, as LOAD CSV reads it
    assert store.calls[1][1] == {"rows": [{"Areas": "Ellá", "Description": "Adam\ufffds Peak nearby"},
                                          {"Areas": "Kandy", "Description": None}]}
    assert statements[2].startswith("UNWIND $rows AS row\nWITH row\nCALL {")
    assert store.calls[2][1] == {"rows": [{"Location 1": "Kandy", "Location 2": "Ella", "Distance_in_KM": "136"}]}


def test_sri_lanka_travel_refuses_a_file_its_params_do_not_name(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    loader = _GOLK_LOADER.replace("$file_1", "$file_9")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=r"reads \$file_9, which its params do not set"):
        corpus.write_sri_lanka_travel(store, _golk_mirror(tmp_path, monkeypatch, loader))
    assert store.calls == []


def test_sri_lanka_travel_refuses_a_url_outside_the_import_folder(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    loader = _GOLK_LOADER.replace('"file_path_root": "file:///"', '"file_path_root": "https://example.org/"')
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/areas.csv"):
        corpus.write_sri_lanka_travel(Recorder(), _golk_mirror(tmp_path, monkeypatch, loader))


def test_sri_lanka_travel_refuses_a_loader_without_its_params_and_script(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    loader = _GOLK_LOADER.replace("cypher_script = ", "script = ")
    with pytest.raises(corpus.CorpusError, match="assigns no params dict and cypher_script string"):
        corpus.write_sri_lanka_travel(Recorder(), _golk_mirror(tmp_path, monkeypatch, loader))


def test_sri_lanka_travel_is_pinned_and_spent() -> None:
    assert corpus.graph("sri-lanka-travel").split == "spent"
    assert corpus.graph("sri-lanka-travel").repo == corpus.GOLK
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.GOLK_COMMIT)


_SPB_WALKS_SERVICE = """import { Inject, Injectable, OnModuleInit } from '@nestjs/common';

@Injectable()
export class Neo4jService implements OnModuleInit {
    async onModuleInit() {
        const session = this.getWriteSession();
        try {
            await session.run(`CREATE CONSTRAINT IF NOT EXISTS FOR (user:User) REQUIRE user.email IS UNIQUE`);

            const countNode: number = (await session.run(`MATCH (n) RETURN COUNT(n) AS countNode`))
                .records.at(0).get('countNode');

            if (countNode > 0) {
                console.log("DB contains nodes initialization skipped")
                return;
            }

            await session.run(`
                LOAD CSV WITH HEADERS FROM 'file:///users.csv' AS row
                WITH row WHERE row._labels = ":User"
                CALL (row) {
                    CREATE (u:User {name: row.name, email: row.email})
                } IN TRANSACTIONS
            `)
            await session.run(` MATCH (n:User) REMOVE n._id;`)
            await session.run(`
                LOAD CSV WITH HEADERS FROM 'file:///routes.csv' AS row
                MATCH (user: User{email:row.author_email})
                MERGE (user)-[:CREATED]->(route :Route {route_name: row.name})
            `);
        } finally {
            session.close();
        }
    }

    getReadSession(): Session {
        return this.driver.session({database: this.config.database});
    }

    async exportData() {
        const result = await session.run(`
            CALL apoc.export.json.all(null, {stream: true}) YIELD data RETURN data
        `);
    }
}
"""
_SPB_WALKS_FILES = {"db/dumps/users.csv": '"_id","_labels","email","name"\n"7",":User","admin@example.com","admin"\n'
                                          '"8",,,\n',
                    "db/dumps/routes.csv": '"author_email","name"\n"admin@example.com","Вдоль Карповки"\n'}


def _spb_walks_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, service: str = _SPB_WALKS_SERVICE) -> Path:
    import subprocess

    fetched = tmp_path / "moevm+nosql2h24-spb" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in {corpus.SPB_WALKS_LOADER: service, **_SPB_WALKS_FILES}.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Implement db data export"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit (another route), which the pinned commit's load does not read
    (fetched / "db/dumps/routes.csv").write_text('"author_email","name"\n"user@example.com","Новый маршрут"\n',
                                                 encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later routes"], check=True)
    monkeypatch.setattr(corpus, "SPB_WALKS_COMMIT", pinned)
    return tmp_path


def test_spb_walks_runs_the_services_startup_statements_in_order_over_its_dumps_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_spb_walks(store, _spb_walks_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # onModuleInit's runs, in order, without its node count (the load's gate) and without exportData's run
    assert len(statements) == 4
    assert store.calls[0] == ("CREATE CONSTRAINT IF NOT EXISTS FOR (user:User) REQUIRE user.email IS UNIQUE", {})
    assert not any("countNode" in s or "apoc.export" in s for s in statements)
    # the LOAD CSV is given the file's rows (an empty field null), its CALL (row) {...} IN TRANSACTIONS one CALL
    assert statements[1].startswith("UNWIND $rows AS row\n")
    assert "IN TRANSACTIONS" not in statements[1] and statements[1].rstrip().endswith("}")
    assert "CALL (row) {" in statements[1]
    assert store.calls[1][1] == {"rows": [{"_id": "7", "_labels": ":User", "email": "admin@example.com",
                                           "name": "admin"},
                                          {"_id": "8", "_labels": None, "email": None, "name": None}]}
    # a literal's closing ';' ends its statement
    assert store.calls[2] == ("MATCH (n:User) REMOVE n._id", {})
    # routes.csv as committed at the pinned commit, not the later one
    assert store.calls[3][1] == {"rows": [{"author_email": "admin@example.com", "name": "Вдоль Карповки"}]}


def test_spb_walks_refuses_a_url_outside_the_import_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    service = _SPB_WALKS_SERVICE.replace("'file:///routes.csv'", "'https://example.org/routes.csv'")
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/routes.csv"):
        corpus.write_spb_walks(Recorder(), _spb_walks_mirror(tmp_path, monkeypatch, service))


def test_spb_walks_refuses_a_file_its_dumps_do_not_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    service = _SPB_WALKS_SERVICE.replace("'file:///routes.csv'", "'file:///intersections_roads.csv'")
    with pytest.raises(corpus.CorpusError, match="intersections_roads.csv is not in the mirror"):
        corpus.write_spb_walks(Recorder(), _spb_walks_mirror(tmp_path, monkeypatch, service))


def test_spb_walks_refuses_a_run_that_interpolates_typescript(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    service = _SPB_WALKS_SERVICE.replace("REMOVE n._id;", "REMOVE n.${key};")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="interpolates TypeScript"):
        corpus.write_spb_walks(store, _spb_walks_mirror(tmp_path, monkeypatch, service))
    assert store.calls == []


def test_spb_walks_refuses_a_service_without_its_startup_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="no session.run of onModuleInit"):
        corpus.write_spb_walks(store, _spb_walks_mirror(tmp_path, monkeypatch,
                                                        _SPB_WALKS_SERVICE.replace("onModuleInit", "onInit")))
    # onModuleInit's runs without a LOAD CSV: the import is missing
    service = re.sub(r"(?s)await session\.run\(`\n\s+LOAD CSV.*?`\);?\n", "", _SPB_WALKS_SERVICE)
    with pytest.raises(corpus.CorpusError, match="no LOAD CSV import found"):
        corpus.write_spb_walks(store, _spb_walks_mirror(tmp_path / "b", monkeypatch, service))
    assert store.calls == []


def test_spb_walks_is_pinned_and_spent() -> None:
    assert corpus.graph("spb-walks").split == "spent"
    assert corpus.graph("spb-walks").repo == corpus.SPB_WALKS
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.SPB_WALKS_COMMIT)


# [s55A tests above]

_ETF_SCRIPT = """// 1. CONSTRAINTS
CREATE CONSTRAINT etf_ticker IF NOT EXISTS
  FOR (e:ETF) REQUIRE e.ticker IS UNIQUE;

// 4. SEED
LOAD CSV WITH HEADERS FROM 'file:///etf_metadata.csv' AS row
MERGE (e:ETF {ticker: row.ticker})
SET e.is_active = (row.is_active = 'true');

LOAD CSV WITH HEADERS FROM 'file:///holdings_2026-06-05.csv' AS row
MERGE (s:Stock {ticker: row.stock_ticker})
WITH row, s
MATCH (e:ETF {ticker: row.etf_ticker})
MERGE (e)-[h:HOLDS {date: date(row.date)}]->(s)
SET h.weight_pct = toFloat(row.weight_pct);

LOAD CSV WITH HEADERS FROM 'file:///regulatory_events.csv' AS row
MERGE (r:RegulatoryEvent {id: row.id});

// a rule on every active ETF
MATCH (r:RegulatoryEvent {id:'fsc'})
MATCH (e:ETF {is_active:true})
MERGE (r)-[:AFFECTS]->(e);

LOAD CSV WITH HEADERS FROM 'file:///dividends_2024-2025.csv' AS row
MERGE (d:DividendEvent {id: row.id});

// 5. HERO QUERIES
MATCH (e:ETF {ticker: $etfTicker})-[h:HOLDS]->(s:Stock)
RETURN s.ticker, h.weight_pct
ORDER BY h.weight_pct DESC;  // the largest first
"""


def _etf_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _ETF_SCRIPT) -> Path:
    folder = corpus.ETF_PASSPORT_FOLDER
    pinned = _committed_mirror(tmp_path, "FantasySakura0515+etf-passport", {
        corpus.ETF_PASSPORT_SCRIPT: script,
        f"{folder}/etf_metadata.csv": "ticker,is_active\n0050,false\n00981A,true\n",
        f"{folder}/holdings_2026-06-05.csv":
            "etf_ticker,stock_ticker,stock_name,weight_pct,date\n0050,2330,台積電,57.91,2026-06-05\n",
        f"{folder}/regulatory_events.csv": "id,title\nfsc,\n",
        f"{folder}/dividends_2024-2025.csv": "id,etf_ticker\n0056_2024,0056\n",
    }, later={f"{folder}/holdings_2026-06-05.csv": "etf_ticker,stock_ticker,weight_pct,date\n0050,LATER,1,x\n"})
    monkeypatch.setattr(corpus, "ETF_PASSPORT_COMMIT", pinned)
    return tmp_path


def test_taiwan_etf_holdings_runs_the_scripts_writes_over_the_snapshot_folder_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_taiwan_etf_holdings(store, _etf_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("CREATE CONSTRAINT etf_ticker IF NOT EXISTS\n  FOR (e:ETF) REQUIRE e.ticker IS UNIQUE", {}),
        ("UNWIND $rows AS row\nMERGE (e:ETF {ticker: row.ticker})\nSET e.is_active = (row.is_active = 'true')",
         {"rows": [{"ticker": "0050", "is_active": "false"}, {"ticker": "00981A", "is_active": "true"}]}),
        ("UNWIND $rows AS row\nMERGE (s:Stock {ticker: row.stock_ticker})\nWITH row, s\n"
         "MATCH (e:ETF {ticker: row.etf_ticker})\nMERGE (e)-[h:HOLDS {date: date(row.date)}]->(s)\n"
         "SET h.weight_pct = toFloat(row.weight_pct)",
         {"rows": [{"etf_ticker": "0050", "stock_ticker": "2330", "stock_name": "台積電", "weight_pct": "57.91",
                    "date": "2026-06-05"}]}),  # the pinned commit's rows, not the later commit's
        ("UNWIND $rows AS row\nMERGE (r:RegulatoryEvent {id: row.id})", {"rows": [{"id": "fsc", "title": None}]}),
        ("MATCH (r:RegulatoryEvent {id:'fsc'})\nMATCH (e:ETF {is_active:true})\nMERGE (r)-[:AFFECTS]->(e)", {}),
        ("UNWIND $rows AS row\nMERGE (d:DividendEvent {id: row.id})",
         {"rows": [{"id": "0056_2024", "etf_ticker": "0056"}]})]  # the hero query, which writes nothing, left out


def test_taiwan_etf_holdings_refuses_a_file_it_does_not_serve_or_a_missing_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _ETF_SCRIPT.replace("file:///regulatory_events.csv", "https://example.org/regulatory_events.csv")
    with pytest.raises(corpus.CorpusError, match="which no loader here serves"):
        corpus.write_taiwan_etf_holdings(Recorder(), _etf_mirror(tmp_path / "a", monkeypatch, elsewhere))
    other = _ETF_SCRIPT.replace("file:///dividends_2024-2025.csv", "file:///holder_distribution.csv")
    with pytest.raises(corpus.CorpusError, match="holder_distribution.csv, which no loader here serves"):
        corpus.write_taiwan_etf_holdings(Recorder(), _etf_mirror(tmp_path / "b", monkeypatch, other))
    fewer = _ETF_SCRIPT.replace("LOAD CSV WITH HEADERS FROM 'file:///dividends_2024-2025.csv' AS row\n", "")
    with pytest.raises(corpus.CorpusError, match="has 3 LOAD CSV statements, not its 4"):
        corpus.write_taiwan_etf_holdings(Recorder(), _etf_mirror(tmp_path / "c", monkeypatch, fewer))


# jojowither/Taiwan-Stock-Knowledge-Graph's README, shortened: its steps' ```bash blocks (the dataset's crawl, then
# "生成圖譜": `cd data/` and the one neo4j-admin 5.x import command over data/import/'s files, a row or two each,
# their headers as its build_import_csv.py writes them: ids without groups, :LABEL, :TYPE, `stock_num:int`)
_TW_IMPORT = ("sudo neo4j-admin database import full --nodes=import/person.csv --nodes=import/stock.csv "
              "--nodes=import/industry.csv --relationships=import/person_stock.csv "
              "--relationships=import/stock_industry.csv --overwrite-destination=true neo4j")
_TW_README = ("## 資料集建構\n\n```bash\ncd src\npython get_stock_info.py\n```\n\n### 生成圖譜\n\n```bash\ncd data/\n"
              + _TW_IMPORT + "\n```\n\n最後面`neo4j`為預設資料庫的名字\n")
_TW_FILES = {"person.csv": "person_id:ID,name,:LABEL\n945764,曾俊弘,Person\n51321b,劉德音,Person\n",
             "stock.csv": "stock_id:ID,name,code,market,:LABEL\n2330,台積電,2330,上市,Stock\n",
             "industry.csv": "industry_id:ID,name,:LABEL\n9e108a,半導體業,Industry\n",
             "person_stock.csv": (":START_ID,jobs,stock_num:int,:END_ID,:TYPE\n51321b,董事長,12913,2330,employ_of\n"
                                  "945764,獨立董事,0,2330,employ_of\n"),
             "stock_industry.csv": ":START_ID,:END_ID,:TYPE\n2330,9e108a,industry_of\n"}


def _tw_stocks_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, readme: str = _TW_README,
                      **files: str) -> Path:
    pinned = _committed_mirror(tmp_path, "jojowither+Taiwan-Stock-Knowledge-Graph", {
        corpus.TW_STOCKS_README: readme, **{f"data/import/{name}": text for name, text in (_TW_FILES | files).items()}},
        later={"data/import/person_stock.csv": ":START_ID,jobs,stock_num:int,:END_ID,:TYPE\n51321b,LATER,1,2330,x\n"})
    monkeypatch.setattr(corpus, "TW_STOCKS_COMMIT", pinned)
    return tmp_path


def test_taiwan_stock_knowledge_imports_as_its_readmes_neo4j_admin_command_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_taiwan_stock_knowledge(store, _tw_stocks_mirror(tmp_path, monkeypatch))
    index = "CREATE INDEX `neo4j_admin_import_{}` IF NOT EXISTS FOR (n:`{}`) ON (n.`{}`)"
    match = "UNWIND $rows AS row MATCH (s:`{}` {{`{}`: row.s}}) MATCH (e:`{}` {{`{}`: row.e}}) "
    assert store.calls == [
        # each file read from data/<its path> (the README's `cd data/`), the id the string property of its key
        ("UNWIND $rows AS row CREATE (n:`Person`) SET n = row",
         {"rows": [{"person_id": "945764", "name": "曾俊弘"}, {"person_id": "51321b", "name": "劉德音"}]}),
        ("UNWIND $rows AS row CREATE (n:`Stock`) SET n = row",
         {"rows": [{"stock_id": "2330", "name": "台積電", "code": "2330", "market": "上市"}]}),
        ("UNWIND $rows AS row CREATE (n:`Industry`) SET n = row",
         {"rows": [{"industry_id": "9e108a", "name": "半導體業"}]}),
        (index.format(0, "Person", "person_id"), {}), (index.format(1, "Stock", "stock_id"), {}),
        (index.format(2, "Industry", "industry_id"), {}), ("CALL db.awaitIndexes()", {}),
        # the pinned commit's rows (not the later commit's), `stock_num:int` an integer, the type from :TYPE
        (match.format("Person", "person_id", "Stock", "stock_id") + "CREATE (s)-[r:`employ_of`]->(e) SET r = row.p",
         {"rows": [{"s": "51321b", "e": "2330", "p": {"jobs": "董事長", "stock_num": 12913}},
                   {"s": "945764", "e": "2330", "p": {"jobs": "獨立董事", "stock_num": 0}}]}),
        (match.format("Stock", "stock_id", "Industry", "industry_id")
         + "CREATE (s)-[r:`industry_of`]->(e) SET r = row.p", {"rows": [{"s": "2330", "e": "9e108a", "p": {}}]}),
        *((f"DROP INDEX `neo4j_admin_import_{n}`", {}) for n in range(3))]


@pytest.mark.parametrize(("readme", "files", "refused"), [
    # the tool's other options change how the files are read (not done here)
    (_TW_README.replace("--overwrite-destination=true", "--delimiter=;"), {}, "no longer --nodes"),
    # the database's name is the command's last word; without it, the last option would be taken for it
    (_TW_README.replace(" neo4j\n```", "\n```"), {}, "no longer --nodes"),
    (_TW_README.replace("cd data/\n", ""), {}, "has 0 `cd data/`"),
    (_TW_README + "\n```bash\ncd data/\n" + _TW_IMPORT + "\n```\n", {}, "has 2 `cd data/`"),
    # 5.x's defaults: no duplicate node, no relationship to a node no file holds (the tool stops at either)
    (_TW_README, {"industry.csv": "industry_id:ID,name,:LABEL\n9e108a,半導體業,Industry\n9e108a,航運業,Industry\n"},
     "repeats the id '9e108a'"),
    (_TW_README, {"stock_industry.csv": ":START_ID,:END_ID,:TYPE\n2330,gone,industry_of\n"}, "not both imported"),
])
def test_taiwan_stock_knowledge_refuses_what_its_import_command_would_not_write_as_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, readme: str, files: dict[str, str], refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_taiwan_stock_knowledge(Recorder(), _tw_stocks_mirror(tmp_path, monkeypatch, readme, **files))


# chrismor-org/computer-history's four scripts, shortened: CREATE statements, then MATCH ... CREATE ... RETURN
# statements that name the nodes of the files before them (a system's company and year, an OS's system)
_HISTORY_FILES = {
    "year.cypher": "CREATE (years:Year {year: 1957});\nCREATE (years:Year {year: 1961});\n",
    "company.cypher": ("CREATE (company:Company {company_name: 'Burroughs', founded: 1904});\n\n"
                       "CREATE TEXT INDEX company_name_index FOR (company:Company) ON (company.company_name);\n\n"
                       "MATCH (a:Company)\n    WITH a\n        MATCH (b:Year)\n"
                       "            WHERE a.company_name = 'Burroughs' AND a.founded = b.year\n"
                       "                CREATE (a)-[yf:FOUNDED]->(b)\n                RETURN yf; \n"),
    "system.cypher": ("CREATE (system:System {system_name: 'B5000', manufacturer: 'Burroughs', introduced: 1961});\n"
                      "MATCH (a:System)\n    WITH a\n        MATCH (b:Company)\n"
                      "            WHERE a.system_name = 'B5000' AND a.manufacturer = b.company_name\n"
                      "                CREATE (a)-[mf:MANUFACTURER]->(b)\n                RETURN mf;\n"),
    "operatingsystem.cypher": ("CREATE (os:Operating_System {os_name: 'Master Control Program', introduced: 1961, "
                               "runs_on: ['B5000'], creator: 'Burroughs'});\n"
                               "MATCH (a:Operating_System)\n    WITH a\n        MATCH (b:System)\n"
                               "            WHERE a.os_name = 'Master Control Program' AND b.system_name IN "
                               "a.runs_on\n                CREATE (a)-[ro:RUNS_ON]->(b)\n"
                               "                RETURN ro;\n")}


def _history_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **files: str) -> Path:
    # after the pinned commit, as on its main branch: the scripts gone, only the LICENSE left
    pinned = _committed_mirror(tmp_path, "chrismor-org+computer-history", {"LICENSE": "BSD 3-Clause License\n",
                                                                           **(_HISTORY_FILES | files)},
                               later=dict.fromkeys(_HISTORY_FILES))
    monkeypatch.setattr(corpus, "COMPUTER_HISTORY_COMMIT", pinned)
    return tmp_path


def test_computer_history_runs_its_four_scripts_at_the_pinned_commit_years_first_operating_systems_last(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_computer_history(store, _history_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    assert all(params == {} for _, params in store.calls)
    assert statements == [
        "CREATE (years:Year {year: 1957})", "CREATE (years:Year {year: 1961})",
        "CREATE (company:Company {company_name: 'Burroughs', founded: 1904})",
        "CREATE TEXT INDEX company_name_index FOR (company:Company) ON (company.company_name)",
        "MATCH (a:Company)\n    WITH a\n        MATCH (b:Year)\n"
        "            WHERE a.company_name = 'Burroughs' AND a.founded = b.year\n"
        "                CREATE (a)-[yf:FOUNDED]->(b)\n                RETURN yf",
        "CREATE (system:System {system_name: 'B5000', manufacturer: 'Burroughs', introduced: 1961})",
        "MATCH (a:System)\n    WITH a\n        MATCH (b:Company)\n"
        "            WHERE a.system_name = 'B5000' AND a.manufacturer = b.company_name\n"
        "                CREATE (a)-[mf:MANUFACTURER]->(b)\n                RETURN mf",
        "CREATE (os:Operating_System {os_name: 'Master Control Program', introduced: 1961, runs_on: ['B5000'], "
        "creator: 'Burroughs'})",
        "MATCH (a:Operating_System)\n    WITH a\n        MATCH (b:System)\n"
        "            WHERE a.os_name = 'Master Control Program' AND b.system_name IN a.runs_on\n"
        "                CREATE (a)-[ro:RUNS_ON]->(b)\n                RETURN ro"]


def test_computer_history_refuses_a_script_that_reads_a_file_or_a_commit_without_one_of_its_scripts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = "LOAD CSV WITH HEADERS FROM 'file:///systems.csv' AS row\nCREATE (:System {system_name: row.name});\n"
    with pytest.raises(corpus.CorpusError, match=re.escape("reads file:///systems.csv, which no loader here serves")):
        corpus.write_computer_history(Recorder(), _history_mirror(tmp_path / "a", monkeypatch,
                                                                  **{"system.cypher": reads}))
    mirror = _history_mirror(tmp_path / "b", monkeypatch)
    monkeypatch.setattr(corpus, "COMPUTER_HISTORY_SCRIPTS", (*corpus.COMPUTER_HISTORY_SCRIPTS, "history.cypher"))
    with pytest.raises(corpus.CorpusError, match=re.escape("history.cypher is not in the mirror")):
        corpus.write_computer_history(Recorder(), mirror)


# JustinJiang1994/financial-knowledge-graph's neo4j_import.py, shortened: three of its Company fields, its Industry
# and two of its person roles, as it writes them with py2neo (Graph.delete_all, then Graph.merge of each node on its
# label and key and of each relationship between bound nodes), over its one file
_FIN_KG_LOADER = (
    "import json\nfrom py2neo import Graph, Node, Relationship\n\n"
    'NEO4J_URL = "bolt://localhost:7687"\nINPUT_FILE = "data/financial_data_cleaned.json"\n\n'
    "def import_to_neo4j(input_file):\n    graph = Graph(NEO4J_URL, auth=(\"neo4j\", \"password\"))\n"
    "    graph.delete_all()\n\n    with open(input_file, 'r', encoding='utf-8') as f:\n        data = json.load(f)\n"
    "    for item in data:\n"
    '        company = Node("Company", name=item.get("公司名称", "未知"), code=item.get("股票代码", "未知"),\n'
    '            employees=item.get("员工人数", "未知"))\n'
    '        graph.merge(company, "Company", "code")\n'
    '        industry_name = item.get("所属行业", None)\n'
    '        if industry_name and industry_name != "未知":\n'
    '            industry = Node("Industry", name=industry_name)\n'
    '            graph.merge(industry, "Industry", "name")\n'
    '            graph.merge(Relationship(company, "BELONGS_TO", industry))\n'
    '        for role, rel in [("董事长", "CHAIRMAN"), ("总经理", "CEO")]:\n'
    "            person_name = item.get(role, None)\n"
    '            if person_name and person_name != "未知":\n'
    '                person = Node("Person", name=person_name)\n'
    '                graph.merge(person, "Person", "name")\n'
    "                graph.merge(Relationship(company, rel, person))\n\n"
    'if __name__ == "__main__":\n    import_to_neo4j(INPUT_FILE) ')
_FIN_KG_DATA = json.dumps([
    {"公司名称": "维信诺科技股份有限公司", "股票代码": "002387", "员工人数": "7214", "所属行业": "电子 — 光学光电子",
     "董事长": "程涛", "总经理": "张德强"},
    {"公司名称": "康卡斯特公司", "股票代码": "CMCSK", "员工人数": "184000", "所属行业": "有线和卫星电视",
     "董事长": "未知", "总经理": "未知"}], ensure_ascii=False, indent=2)


def _fin_kg_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _FIN_KG_LOADER) -> Path:
    # after the pinned commit, a data file of another sample: what the writer must not read
    later = json.dumps([{"公司名称": "四川路桥建设集团股份有限公司", "股票代码": "600039"}], ensure_ascii=False)
    pinned = _committed_mirror(tmp_path, "JustinJiang1994+financial-knowledge-graph",
                               {corpus.FIN_KG_LOADER: loader, corpus.FIN_KG_DATA: _FIN_KG_DATA},
                               later={corpus.FIN_KG_DATA: later})
    monkeypatch.setattr(corpus, "FIN_KG_COMMIT", pinned)
    return tmp_path


def test_listed_company_profiles_runs_its_py2neo_loader_at_the_pinned_commit_deleting_all_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # delete_all is the statement py2neo 2021.2 sends; each merge of a node MERGEs it on its label and key and binds
    # it to the id the store answers, each relationship is MERGEd between its bound ends; "未知" persons are skipped
    store = _MergeStore()
    corpus.write_listed_company_profiles(store, _fin_kg_mirror(tmp_path, monkeypatch))

    def node(label: str, key: str) -> str:
        return (f"UNWIND $data AS r\nMERGE (_:`{label}` {{`{key}`:r[\"{key}\"]}})\nSET _ += r\nSET _:`{label}`\n"
                "RETURN elementId(_) AS id")

    def edge(kind: str) -> str:
        return ("UNWIND $data AS r\nMATCH (a) WHERE elementId(a) = r[0]\nMATCH (b) WHERE elementId(b) = r[2]\n"
                f"MERGE (a)-[_:`{kind}`]->(b)\nSET _ += r[1]")

    assert [s for s, _ in store.calls] == [
        "MATCH (a) DETACH DELETE a",
        node("Company", "code"), node("Industry", "name"), edge("BELONGS_TO"),
        node("Person", "name"), edge("CHAIRMAN"), node("Person", "name"), edge("CEO"),
        node("Company", "code"), node("Industry", "name"), edge("BELONGS_TO")]
    params = [p for _, p in store.calls]
    assert params[0] == {}
    assert params[1] == {"data": [{"name": "维信诺科技股份有限公司", "code": "002387", "employees": "7214"}]}
    assert params[2] == {"data": [{"name": "电子 — 光学光电子"}]} and params[3] == {"data": [["n2", {}, "n3"]]}
    assert params[4] == {"data": [{"name": "程涛"}]} and params[5] == {"data": [["n2", {}, "n5"]]}
    assert params[6] == {"data": [{"name": "张德强"}]} and params[7] == {"data": [["n2", {}, "n7"]]}
    assert params[8] == {"data": [{"name": "康卡斯特公司", "code": "CMCSK", "employees": "184000"}]}
    assert params[10] == {"data": [["n9", {}, "n10"]]}


@pytest.mark.parametrize(("change", "refused"), [
    ("import os\n", "imports os"),
    ("open('data/financial_data_sample.json', 'r')\n", "opens data/financial_data_sample.json ('r')"),
    ("open(INPUT_FILE, 'w')\n", "opens data/financial_data_cleaned.json ('w')"),
    ('Graph().merge(Node("Person", name="x"))\n', "without a primary label and key")])
def test_listed_company_profiles_imports_opens_and_merges_nothing_but_what_its_loader_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _FIN_KG_LOADER.replace('if __name__ == "__main__":', change + 'if __name__ == "__main__":')
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_listed_company_profiles(_MergeStore(), _fin_kg_mirror(tmp_path, monkeypatch, loader))


# l2lee/Automotive-Supply-Chain-Analysis' load_data.cypher as committed, shortened: its Maker and Model MERGEs, one
# relationship and its last line (which sets a property of the USES relationship its full script binds as u)
_AUTO_SUPPLY_SCRIPT = ("// Load CSV with headers\nLOAD CSV WITH HEADERS FROM 'file:///combined_preprocessed.csv' AS row"
                       "\n\n// Create unique nodes (using MERGE to prevent duplicates)\n"
                       "MERGE (maker:Maker {name: row.maker})\nMERGE (model:Model {\n    name: row.model,\n"
                       "    model_year: toInteger(row.model_year)\n})\nMERGE (maker)-[:MAKES]->(model)\n"
                       "SET u.yearly_volume = toInteger(row.yearly_volume)")
_AUTO_SUPPLY_ROWS = ("region,maker,model,model_region,model_year,supplier,product,yearly_volume\n"
                     "Americas,Alpina,XB7 (USA),United States,2020,ZF Friedrichshafen AG,"
                     "automatic_transmission_(at),446\n")


def _auto_supply_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _AUTO_SUPPLY_SCRIPT) -> Path:
    # after the pinned commit, the data file of other rows and a script that reads another file: neither is read
    data = corpus.AUTO_SUPPLY_DATA + "combined_preprocessed.csv"
    pinned = _committed_mirror(tmp_path, "l2lee+Automotive-Supply-Chain-Analysis",
                               {corpus.AUTO_SUPPLY_SCRIPT: script, data: _AUTO_SUPPLY_ROWS},
                               later={data: "maker,model\nBMW,X5\n",
                                      corpus.AUTO_SUPPLY_SCRIPT: "LOAD CSV WITH HEADERS FROM 'file:///x.csv' AS r\n"
                                                                 "CREATE (:X)"})
    monkeypatch.setattr(corpus, "AUTO_SUPPLY_COMMIT", pinned)
    return tmp_path


def test_auto_suppliers_indexes_each_merge_key_then_runs_its_script_over_the_pinned_rows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_auto_suppliers(store, _auto_supply_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("CREATE INDEX IF NOT EXISTS FOR (n:`Maker`) ON (n.`name`)", {}),
        ("CREATE INDEX IF NOT EXISTS FOR (n:`Model`) ON (n.`name`)", {}),
        ("CALL db.awaitIndexes()", {}),
        ("UNWIND $rows AS row\n\nMERGE (maker:Maker {name: row.maker})\nMERGE (model:Model {\n    name: row.model,\n"
         "    model_year: toInteger(row.model_year)\n})\nMERGE (maker)-[:MAKES]->(model)\n"
         "SET u.yearly_volume = toInteger(row.yearly_volume)",
         {"rows": [{"region": "Americas", "maker": "Alpina", "model": "XB7 (USA)", "model_region": "United States",
                    "model_year": "2020", "supplier": "ZF Friedrichshafen AG",
                    "product": "automatic_transmission_(at)", "yearly_volume": "446"}]})]


def test_auto_suppliers_refuses_a_file_its_script_does_not_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _AUTO_SUPPLY_SCRIPT.replace("file:///combined_preprocessed.csv", "file:///supplier.csv")
    with pytest.raises(corpus.CorpusError, match=re.escape("reads file:///supplier.csv, which no loader")):
        corpus.write_auto_suppliers(Recorder(), _auto_supply_mirror(tmp_path, monkeypatch, script))


# maxdemarzi/instacart's README.md as committed, shortened: its heading, its Create Constraints section (two
# constraints and the composite Order index), the Clean data instruction, and four of its Load Data statements (the
# aisles, the products' IN_AISLE, then the orders.csv and order_products__prior.csv ones it says to download)
_INSTACART_README = ("# Instacart\nInstacart Market Basket Analysis\n\n\nImport\n--\n\nCreate Constraints:\n\n"
                     "        CREATE CONSTRAINT ON (n:Aisle) ASSERT n.id IS UNIQUE;\n"
                     "        CREATE CONSTRAINT ON (n:Product) ASSERT n.name IS UNIQUE;  \n                 \n"
                     "        CREATE INDEX ON :Order(user_id, number)\n        \n\n"
                     "Clean data:\n        \n        Replace: \\\"\" with \\\" in the products.csv file.\n        \n"
                     "Load Data:        \n\n"
                     "        LOAD CSV WITH HEADERS FROM 'file:///aisles.csv' AS csvLine\n"
                     "        CREATE (a:Aisle {id: toInteger(csvLine.aisle_id), name:csvLine.aisle});\n        \n"
                     "        USING PERIODIC COMMIT\n"
                     "        LOAD CSV WITH HEADERS FROM 'file:///products.csv' AS csvLine\n"
                     "        MATCH  (p:Product {id: toInteger(csvLine.product_id)}), (a:Aisle {id: "
                     "toInteger(csvLine.aisle_id)})\n        CREATE (p)-[:IN_AISLE]->(a)\n        \n"
                     "        USING PERIODIC COMMIT\n"
                     "        LOAD CSV WITH HEADERS FROM 'file:///orders.csv' AS csvLine\n"
                     "        MERGE (u:User {id: toInteger(csvLine.user_id)});\n\n"
                     "        USING PERIODIC COMMIT\n"
                     "        LOAD CSV WITH HEADERS FROM 'file:///order_products__prior.csv' AS csvLine\n"
                     "        MATCH  (o:Order {id: toInteger(csvLine.order_id)}), (p:Product {id: "
                     "toInteger(csvLine.product_id)})\n"
                     "        CREATE (o)-[:HAS {order: toInteger(csvLine.add_to_cart_order)}]->(p)\n\n"
                     "Generate Files\n--\n\n        http://localhost:7474/v1/instacart/top_reordered\n")


def _instacart_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, readme: str = _INSTACART_README) -> Path:
    # after the pinned commit, other aisles and a README that reads another file: neither is read
    pinned = _committed_mirror(tmp_path, "maxdemarzi+instacart",
                               {corpus.INSTACART_SCRIPT: readme,
                                corpus.INSTACART_DATA + "aisles.csv": "aisle_id,aisle\n24,fresh fruits\n",
                                corpus.INSTACART_DATA + "products.csv":
                                    'product_id,product_name,aisle_id,department_id\n'
                                    '24852,Banana,24,4\n67,"Jelly, Blackberry",88,13\n'},
                               later={corpus.INSTACART_DATA + "aisles.csv": "aisle_id,aisle\n1,x\n",
                                      corpus.INSTACART_SCRIPT: "Load Data:\n\n        LOAD CSV WITH HEADERS FROM "
                                                               "'file:///x.csv' AS r\n        CREATE (:X)\n"})
    monkeypatch.setattr(corpus, "INSTACART_COMMIT", pinned)
    return tmp_path


def test_instacart_products_runs_its_readme_import_over_the_pinned_files_without_the_order_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_instacart_products(store, _instacart_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("CREATE CONSTRAINT FOR (n:Aisle) REQUIRE n.id IS UNIQUE", {}),
        ("CREATE CONSTRAINT FOR (n:Product) REQUIRE n.name IS UNIQUE", {}),
        ("CREATE INDEX FOR (n:Order) ON (n.user_id, n.number)", {}),
        ("UNWIND $rows AS csvLine\nCREATE (a:Aisle {id: toInteger(csvLine.aisle_id), name:csvLine.aisle})",
         {"rows": [{"aisle_id": "24", "aisle": "fresh fruits"}]}),
        ("UNWIND $rows AS csvLine\nMATCH  (p:Product {id: toInteger(csvLine.product_id)}), (a:Aisle {id: "
         "toInteger(csvLine.aisle_id)})\nCREATE (p)-[:IN_AISLE]->(a)",
         {"rows": [{"product_id": "24852", "product_name": "Banana", "aisle_id": "24", "department_id": "4"},
                   {"product_id": "67", "product_name": "Jelly, Blackberry", "aisle_id": "88",
                    "department_id": "13"}]})]


@pytest.mark.parametrize("url", ["file:///import/aisles.csv", "https://example.org/aisles.csv",
                                 "file:///departments.csv"])
def test_instacart_products_refuses_a_file_the_repository_does_not_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    # departments.csv is served from import/ in the repository; this mirror has not committed it
    readme = _INSTACART_README.replace("file:///aisles.csv", url)
    with pytest.raises(corpus.CorpusError):
        corpus.write_instacart_products(Recorder(), _instacart_mirror(tmp_path, monkeypatch, readme))


def test_instacart_products_refuses_a_readme_without_its_load_data_section(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = _INSTACART_README.replace("Load Data:", "Loading:")
    with pytest.raises(corpus.CorpusError, match=re.escape("has no ['Load Data'] section")):
        corpus.write_instacart_products(Recorder(), _instacart_mirror(tmp_path, monkeypatch, readme))


# GUNA777448/graph-rag-indian-unicorns: data/build_kg.py, shortened: its class over the driver, its constraint loop
# that prints and passes over a failure, its pandas steps (columns stripped, len, iterrows, isna/notna) and its
# statements with keyword parameters; main() run from data/, catching every exception and printing it
_INDIA_UNICORNS_LOADER = (
    "import pandas as pd\nfrom neo4j import GraphDatabase\nimport re\n\n"
    "class KG:\n    def __init__(self, uri, user, password):\n"
    "        self.driver = GraphDatabase.driver(uri, auth=(user, password))\n"
    "    def create_constraints(self):\n        with self.driver.session() as session:\n"
    "            for c in [\"CREATE CONSTRAINT IF NOT EXISTS FOR (c:Company) REQUIRE c.name IS UNIQUE\"]:\n"
    "                try:\n                    session.run(c)\n                except Exception as e:\n"
    "                    print(f\"Constraint may already exist: {e}\")\n"
    "    def build_graph(self, df):\n        with self.driver.session() as session:\n"
    "            for _, row in df.iterrows():\n"
    "                rank = int(row['No.']) if pd.notna(row['No.']) else None\n"
    "                sector = None if pd.isna(row['Sector']) else row['Sector'].split(' - ', 1)[0]\n"
    "                session.run(\"MERGE (c:Company {name: $name}) SET c.rank = $rank, c.v = $v\",\n"
    "                            name=str(row['Company']).strip(), rank=rank, v=row['Valuation ($B)'])\n"
    "                if sector:\n"
    "                    session.run(\"MERGE (s:Sector {name: $sector})\", sector=sector)\n"
    "    def count(self):\n        with self.driver.session() as session:\n"
    "            r = session.run(\"MATCH (c:Company) RETURN count(c) as count\").single()\n"
    "            return r['count'] if r else 0\n\n"
    "def main():\n    kg = KG(\"bolt://localhost:7687\", \"neo4j\", \"GRAPH-RAG\")\n    try:\n"
    "        kg.create_constraints()\n        df = pd.read_csv(\"Indian Unicorn startups 2023 updated.csv\")\n"
    "        df.columns = df.columns.str.strip()\n        print(f\"Loaded {len(df)} companies, {list(df.columns)}\")\n"
    "        kg.build_graph(df)\n        print(kg.count())\n    except Exception as e:\n"
    "        print(f\"\\nError: {e}\")\n\nif __name__ == \"__main__\":\n    main()\n")
_INDIA_UNICORNS_CSV = ('No., Company ,Sector,Valuation ($B)\n1,InMobi,Adtech - Mobile Ads,1\n'
                       '2,Flipkart^,,37.6\n')


def _india_unicorns_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           loader: str = _INDIA_UNICORNS_LOADER) -> Path:
    # after the pinned commit, another data file: not read
    data = corpus.INDIA_UNICORNS_DATA + corpus.INDIA_UNICORNS_FILE
    pinned = _committed_mirror(tmp_path, "GUNA777448+graph-rag-indian-unicorns",
                               {corpus.INDIA_UNICORNS_LOADER: loader, data: _INDIA_UNICORNS_CSV,
                                corpus.INDIA_UNICORNS_DATA + "other.csv": "a\n1\n"},
                               later={data: "No., Company ,Sector,Valuation ($B)\n9,Other,X,1\n"})
    monkeypatch.setattr(corpus, "INDIA_UNICORNS_COMMIT", pinned)
    return tmp_path


def test_india_unicorns_runs_build_kg_py_at_its_pinned_commit_with_read_csv_types(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the header's names stripped as its loader strips them (" Company "); rank an int, the valuations a float column
    # (1 read as 1.0, since 37.6 makes it float64); an empty sector NaN, so no Sector statement for Flipkart^
    store = Recorder()
    corpus.write_india_unicorns(store, _india_unicorns_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (c:Company) REQUIRE c.name IS UNIQUE", {}),
        ("MERGE (c:Company {name: $name}) SET c.rank = $rank, c.v = $v", {"name": "InMobi", "rank": 1, "v": 1.0}),
        ("MERGE (s:Sector {name: $sector})", {"sector": "Adtech"}),
        ("MERGE (c:Company {name: $name}) SET c.rank = $rank, c.v = $v", {"name": "Flipkart^", "rank": 2, "v": 37.6}),
        ("MATCH (c:Company) RETURN count(c) as count", {})]
    assert type(store.calls[1][1]["v"]) is float and type(store.calls[1][1]["rank"]) is int
    assert corpus.graph("india-unicorns").split == "spent"


@pytest.mark.parametrize(("loader", "store", "refused"), [
    (_INDIA_UNICORNS_LOADER.replace("import re\n", "import subprocess\n"), Recorder(), "imports subprocess"),
    (_INDIA_UNICORNS_LOADER.replace("Indian Unicorn startups 2023 updated.csv", "other.csv"), Recorder(),
     "reads other.csv"),
    (_INDIA_UNICORNS_LOADER, _RefusingStore(), "its loader failed: Constraint may already exist: refused"),
    (_INDIA_UNICORNS_LOADER.replace("df.columns.str.strip()", "['No.']"), Recorder(),
     "its loader sets 1 column names on a frame of 4"),
    # an exception main() catches and prints ("Error: ..."), raised
    (_INDIA_UNICORNS_LOADER.replace("kg.build_graph(df)", "kg.build_graph(None)"), Recorder(),
     "its loader failed: Error: 'NoneType' object has no attribute 'iterrows'")])
def test_india_unicorns_reads_nothing_else_and_raises_what_its_loader_passes_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, store: Recorder, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_india_unicorns(store, _india_unicorns_mirror(tmp_path, monkeypatch, loader))


_WORLD_BANKS_LOADER = (
    "import os\nfrom langchain_community.graphs import Neo4jGraph\nimport pandas as pd\n\n"
    "finance_data_url = \"https://raw.githubusercontent.com/IAmSudhirGupta/ml_ops/main/bank.csv\"\n"
    "graph = Neo4jGraph()\n\n"
    "bank_query = \"\"\"\n"
    "            LOAD CSV WITH HEADERS FROM "
    "'https://raw.githubusercontent.com/IAmSudhirGupta/ml_ops/main/bank.csv' AS row\n"
    "            WITH row,\n"
    "                toFloat(REPLACE(row.total_assets_us_b, \",\", \"\")) AS total_assets\n\n"
    "            MERGE (b:Bank {name: row.bank})\n"
    "            MERGE (c:Country {name: row.country})\n"
    "            MERGE (b)-[:HAS_TOTAL_ASSETS {value: total_assets}]->(:TotalAssets {value: total_assets});\n"
    "            \"\"\"\n\n"
    "graph.query(bank_query)\n\ngraph.refresh_schema()\nprint(graph.schema)\n"
    "df = pd.read_csv(finance_data_url)\nprint(df.head())\n")
_WORLD_BANKS_CSV = ('rank,bank,country,total_assets_us_b,balance_sheet\n'
                    '1,Industrial & Commercial Bank of China,China,"4,005.58",2017-12-31\n'
                    '120,Belfius,Belgium,201.192,\n')


def _world_banks_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                        loader: str = _WORLD_BANKS_LOADER) -> Path:
    # the loader at its pinned commit (a later commit removes it, as the repository's main branch does not hold it);
    # bank.csv of the data repository at its pinned commit (a later commit changes it: not read)
    code = _committed_mirror(tmp_path, "IAmSudhirGupta+nlp_app", {corpus.WORLD_BANKS_LOADER: loader},
                             later={corpus.WORLD_BANKS_LOADER: None, "README.md": "# nlp_app\n"})
    data = _committed_mirror(tmp_path, "IAmSudhirGupta+ml_ops", {corpus.WORLD_BANKS_FILE: _WORLD_BANKS_CSV},
                             later={corpus.WORLD_BANKS_FILE: "rank,bank,country,total_assets_us_b,balance_sheet\n"
                                                            "1,Other,X,1,2017-12-31\n"})
    monkeypatch.setattr(corpus, "WORLD_BANKS_COMMIT", code)
    monkeypatch.setattr(corpus, "WORLD_BANKS_DATA_COMMIT", data)
    return tmp_path


def test_world_banks_runs_the_loaders_one_statement_over_bank_csv_at_the_pinned_commits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the statement as the script writes it, its LOAD CSV given bank.csv's rows ("4,005.58" a string the statement
    # converts; an empty balance_sheet null); the script's schema refresh and prints write nothing and are not run
    store = Recorder()
    corpus.write_world_banks(store, _world_banks_mirror(tmp_path, monkeypatch))
    assert len(store.calls) == 1
    statement, params = store.calls[0]
    assert statement.startswith("UNWIND $rows AS row\n            WITH row,\n")
    assert "MERGE (b)-[:HAS_TOTAL_ASSETS {value: total_assets}]->(:TotalAssets {value: total_assets})" in statement
    assert params == {"rows": [
        {"rank": "1", "bank": "Industrial & Commercial Bank of China", "country": "China",
         "total_assets_us_b": "4,005.58", "balance_sheet": "2017-12-31"},
        {"rank": "120", "bank": "Belfius", "country": "Belgium", "total_assets_us_b": "201.192",
         "balance_sheet": None}]}
    assert corpus.graph("world-banks").split == "spent"
    assert corpus.graph("world-banks").source == corpus.WORLD_BANKS


@pytest.mark.parametrize(("loader", "refused"), [
    # a LOAD CSV of another file: no loader here serves it
    (_WORLD_BANKS_LOADER.replace("ml_ops/main/bank.csv' AS row", "ml_ops/main/other.csv' AS row"),
     "reads https://raw.githubusercontent.com/IAmSudhirGupta/ml_ops/main/other.csv"),
    # the statement never run by graph.query(bank_query), or not there
    (_WORLD_BANKS_LOADER.replace("graph.query(bank_query)", "graph.query(other)"), "runs it 0 times"),
    (_WORLD_BANKS_LOADER.replace("bank_query = ", "other = "), "has 0 bank_query statements")])
def test_world_banks_refuses_another_file_and_a_statement_it_does_not_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_world_banks(Recorder(), _world_banks_mirror(tmp_path, monkeypatch, loader))


# IRS-3Y/Enterprise-Knowledge-Graph-System's SystemCode/ekgs-graphdata/, shortened: the init script that pipes the
# load script into cypher-shell, the script's two apoc.load.csv statements (bare file names, `//` comments), and the
# two files (a Windows-1252 closing quote, byte 0x94, in a UTF-8 file; a quoted description over two lines; an empty
# stem and processStream)
_TMF_INIT = ("#!/bin/sh\n# run load data cypher\necho Loading EKGS data...\nchmod +r /ekgs/data/*.csv\n"
             "cp /ekgs/data/*.csv /var/lib/neo4j/import/\ncat /ekgs/cypher/load_data.cypher | cypher-shell\n")
_TMF_SCRIPT = ("//load nodes\nCALL apoc.load.csv('ekgs_nodes.csv') YIELD map \n"
               "CALL apoc.create.node([map.label1, map.label2], {\n  nodeID: toInteger(map.nodeID),\n"
               "  longName: map.longName\n}) YIELD node \nRETURN count(node);\n\n"
               "//load relationships\nCALL apoc.load.csv('ekgs_relationships.csv') YIELD map \n"
               "MATCH (n {nodeID:toInteger(map._start)}), (p {nodeID:toInteger(map._end)})\n"
               "CALL apoc.create.relationship(n, map.type, {\n  relationCost: toFloat(map.relationCost)\n}, p) "
               "YIELD rel AS relationship\nRETURN count(relationship);\n")
_TMF_NODES = (b"nodeID,label1,label2,leaf,stem,name,longName\n"
              b"0,Process,eTom,1.1.1,,MSP,\"Market Strategy \x94Policy\x94\"\n"
              b"1,Process,eTom,1.1.1.1,1.1.1,G&AMI,\"Gather & Analyze\nMarket Information\"\n")
_TMF_RELS = "_start,_end,type,relationCost,processStream\n0,1,Sub_Process,10,\n"


def _tmf_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, init: str = _TMF_INIT,
                script: str = _TMF_SCRIPT) -> Path:
    folder = corpus.TMF_FRAMEWORX_DIR
    pinned = _committed_mirror(tmp_path, "IRS-3Y+Enterprise-Knowledge-Graph-System",
                               {corpus.TMF_FRAMEWORX_INIT: init, corpus.TMF_FRAMEWORX_SCRIPT: script,
                                folder + "data/ekgs_nodes.csv": _TMF_NODES,
                                folder + "data/ekgs_relationships.csv": _TMF_RELS},
                               later={folder + "data/ekgs_relationships.csv": "_start,_end,type\n1,0,Other\n"})
    monkeypatch.setattr(corpus, "TMF_FRAMEWORX_COMMIT", pinned)
    return tmp_path


def test_tmf_frameworx_runs_its_two_apoc_load_csv_statements_over_its_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each statement as written, its apoc.load.csv given the rows of data/<name> at the pinned commit (not the later
    # relationships file): strings, an empty field the empty string, a quoted field over two lines kept whole, and
    # the malformed byte read as the replacement character, as Java's UTF-8 decoder reads it
    store = Recorder()
    corpus.write_tmf_frameworx(store, _tmf_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("UNWIND $rows AS map \nCALL apoc.create.node([map.label1, map.label2], {\n"
         "  nodeID: toInteger(map.nodeID),\n  longName: map.longName\n}) YIELD node \nRETURN count(node)",
         {"rows": [{"nodeID": "0", "label1": "Process", "label2": "eTom", "leaf": "1.1.1", "stem": "", "name": "MSP",
                    "longName": "Market Strategy \ufffdPolicy\ufffd"},
                   {"nodeID": "1", "label1": "Process", "label2": "eTom", "leaf": "1.1.1.1", "stem": "1.1.1",
                    "name": "G&AMI", "longName": "Gather & Analyze\nMarket Information"}]}),
        ("UNWIND $rows AS map \nMATCH (n {nodeID:toInteger(map._start)}), (p {nodeID:toInteger(map._end)})\n"
         "CALL apoc.create.relationship(n, map.type, {\n  relationCost: toFloat(map.relationCost)\n}, p) "
         "YIELD rel AS relationship\nRETURN count(relationship)",
         {"rows": [{"_start": "0", "_end": "1", "type": "Sub_Process", "relationCost": "10", "processStream": ""}]})]
    assert corpus.graph("tmf-frameworx").source == corpus.TMF_FRAMEWORX


@pytest.mark.parametrize(("init", "script", "refused"), [
    # the image no longer pipes the script into cypher-shell: not the load this writer reproduces
    (_TMF_INIT.replace(" | cypher-shell", ""), _TMF_SCRIPT, "no longer pipes the load script"),
    # a statement over a file that is not one of data/*.csv, or over none
    (_TMF_INIT, _TMF_SCRIPT.replace("'ekgs_relationships.csv'", "'ekgs_relationships.csv.01.txt'"),
     "reads ekgs_relationships.csv.01.txt"),
    (_TMF_INIT, _TMF_SCRIPT + "MATCH (n) DETACH DELETE n;\n", "reads no file"),
    (_TMF_INIT, "// nothing\n", "has no statement")])
def test_tmf_frameworx_refuses_another_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, init: str, script: str,
                                            refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_tmf_frameworx(Recorder(), _tmf_mirror(tmp_path, monkeypatch, init, script))


# hyqshr/KGQA's step2_store_to_neo4j.py, shortened (each of its five reads, with one row's statement each) and its
# files, GBK as the repository has them: an unnamed index column, codes without their leading zeros once read
_KGQA_LOADER = (
    "from tqdm import tqdm\nimport pandas as pd\nfrom py2neo import Graph, Node, Relationship, NodeMatcher\n\n"
    "graph = Graph('http://localhost:7474/finance_demo/db/', auth=('neo4j', 'neo4j123'))\nprint(graph)\n\n"
    "stock_basic = pd.read_csv('./data/knowledge/股票信息.csv', encoding='gbk')\n"
    "for idx, each_row in tqdm(stock_basic.iterrows()):\n"
    "    each_stock = Node('股票', TS代码=each_row['ts_code'], 股票代码=each_row['symbol'],\n"
    "                      股票名称=each_row['name'], 行业=each_row['industry'])\n"
    "    try:\n        graph.create(each_stock)\n    except Exception as e:\n"
    "        print(f'Error: {e}, data idx: {idx}, data: {each_row}')\n\n"
    "concept = pd.read_csv('./data/knowledge/概念信息.csv', encoding='gbk')\n"
    "for idx, each_row in tqdm(concept.iterrows()):\n"
    "    graph.create(Node('概念', 概念代码=each_row['code'], 概念名称=each_row['name']))\n\n"
    "holder = pd.read_csv('./data/knowledge/股东信息.csv', encoding='gbk')\n"
    "for idx, each_row in tqdm(holder.iterrows()):\n"
    "    graph.create(Node('股东', 股东名称=each_row['股东名称']))\n\n"
    "matcher = NodeMatcher(graph)\n"
    "stock_concept = pd.read_csv('./data/knowledge/股票-概念信息.csv', encoding='gbk')\n"
    "for idx, each_row in tqdm(stock_concept.iterrows()):\n"
    "    node1 = matcher.match('股票', TS代码=each_row['ts_code']).first()\n"
    "    node2 = matcher.match('概念', 概念代码=each_row['id']).first()\n"
    "    if node1 is not None and node2 is not None:\n"
    "        graph.create(Relationship(node1, '所属概念', node2))\n\n"
    "stock_holder = pd.read_csv('./data/股票-股东信息.csv', encoding='gbk')\n"
    "for idx, each_row in tqdm(stock_holder.iterrows()):\n"
    "    node1 = matcher.match(\"股票\", TS代码=each_row['ts_code']).first()\n"
    "    node2 = matcher.match(\"股东\", 股东名称=each_row['holder_name'].split('-')[0]).first()\n"
    "    if node1 is not None and node2 is not None:\n"
    "        r = Relationship(node2, '持有', node1, ann_date=each_row['ann_date'], end_date=each_row['end_date'],\n"
    "                         hold_amount=each_row['hold_amount'], hold_ratio=each_row['hold_ratio'])\n"
    "        graph.create(r)\n\nprint('实体 关系 导入成功...')")
_KGQA_DATA = {
    "股票信息": ",ts_code,symbol,name,industry\r\n0,000001.SZ,1,平安银行,银行\r\n",
    "概念信息": "code,name,src\r\nTS6,AH溢价股,ts\r\n",
    "股东信息": "股东名称\r\n新华人寿保险股份有限公司\r\n",
    # a row of a stock the list does not hold (a delisted one): no relationship
    "股票-概念信息": (",id,concept_name,ts_code,name\r\n0,TS6,AH溢价股,000001.SZ,平安银行\r\n"
                      "1,TS6,AH溢价股,000792.SZ,*ST盐湖\r\n"),
    "股票-股东信息": ("ts_code,ann_date,end_date,holder_name,hold_amount,hold_ratio,Unnamed: 0\r\n"
                      "000001.SZ,20190307,20181231,新华人寿保险股份有限公司-分红-个人分红-018L-FH002深,49603502,0.29,0\r\n")}


class _KgqaStore(Recorder):
    """A Recorder that answers as the server would: an element id for each node created, the node a match finds
    among them (by its label and properties)."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: dict[str, tuple[str, dict[str, Any]]] = {}

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        created = re.match(r"CREATE \(n:`(\w+)` \$props\) RETURN elementId\(n\) AS id", statement)
        if created and params:
            node_id = f"n{len(self.nodes)}"
            self.nodes[node_id] = (created[1], params["props"])
            return [{"id": node_id}]
        matched = re.match(r"MATCH \(n:`(\w+)`\) WHERE n\.`(\w+)` = \$p0 ", statement)
        if matched and params:
            return [{"id": node_id, "props": props} for node_id, (label, props) in self.nodes.items()
                    if label == matched[1] and props.get(matched[2]) == params["p0"]][:1]
        return []


def _kgqa_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _KGQA_LOADER) -> Path:
    root = tmp_path / "KGQA"
    (root / "data" / "knowledge").mkdir(parents=True)
    (root / corpus.KGQA_LOADER).write_text(loader, encoding="utf-8")
    for name, text in _KGQA_DATA.items():
        (root / "data" / "knowledge" / f"{name}.csv").write_bytes(text.encode("gbk"))
    monkeypatch.setattr(corpus, "KGQA_COMMIT", "HEAD")  # an ordinary copy: its files as they are
    return tmp_path


def test_china_stock_concepts_runs_step2_with_py2neo_creates_and_gbk_read_csv(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each graph.create one statement; each NodeMatcher first() a MATCH of the label and property; the stock code
    # an integer (read_csv's default type: 000001 is 1); the holder matched by the name before its first '-'; the
    # shareholdings read from data/knowledge/ (the script's ./data/ path is not in the repository)
    store = _KgqaStore()
    corpus.write_china_stock_concepts(store, _kgqa_mirror(tmp_path, monkeypatch))
    create = "CREATE (n:`{}` $props) RETURN elementId(n) AS id".format

    def match(label: str, key: str) -> str:
        return (f"MATCH (n:`{label}`) WHERE n.`{key}` = $p0 RETURN elementId(n) AS id, properties(n) AS props "
                "LIMIT 1")

    def edge(kind: str) -> str:
        return f"MATCH (a), (b) WHERE elementId(a) = $a AND elementId(b) = $b CREATE (a)-[r:`{kind}` $props]->(b)"

    assert store.calls == [
        (create("股票"), {"props": {"TS代码": "000001.SZ", "股票代码": 1, "股票名称": "平安银行", "行业": "银行"}}),
        (create("概念"), {"props": {"概念代码": "TS6", "概念名称": "AH溢价股"}}),
        (create("股东"), {"props": {"股东名称": "新华人寿保险股份有限公司"}}),
        (match("股票", "TS代码"), {"p0": "000001.SZ"}), (match("概念", "概念代码"), {"p0": "TS6"}),
        (edge("所属概念"), {"a": "n0", "b": "n1", "props": {}}),
        (match("股票", "TS代码"), {"p0": "000792.SZ"}), (match("概念", "概念代码"), {"p0": "TS6"}),
        (match("股票", "TS代码"), {"p0": "000001.SZ"}), (match("股东", "股东名称"), {"p0": "新华人寿保险股份有限公司"}),
        (edge("持有"), {"a": "n2", "b": "n0", "props": {"ann_date": 20190307, "end_date": 20181231,
                                                          "hold_amount": 49603502, "hold_ratio": 0.29}})]


@pytest.mark.parametrize(("change", "refused"), [
    ("import subprocess\n", "imports subprocess"),
    ("pd.read_csv('./data/knowledge/other.csv', encoding='gbk')\n", "reads ./data/knowledge/other.csv"),
    ("pd.read_csv('./data/knowledge/概念信息.csv')\n", r"reads ./data/knowledge/概念信息.csv with \[\]"),
    ("pd.read_csv('./data/knowledge/概念信息.csv', encoding='utf-8')\n", r"with \['encoding'\]")])
def test_china_stock_concepts_imports_and_reads_nothing_but_what_its_loader_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _KGQA_LOADER.replace("matcher = NodeMatcher(graph)\n", change)
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_china_stock_concepts(_KgqaStore(), _kgqa_mirror(tmp_path, monkeypatch, loader))


def test_china_stock_concepts_is_read_at_its_pinned_commit() -> None:
    assert corpus.graph("china-stock-concepts").source == corpus.KGQA
    assert corpus.graph("china-stock-concepts").split == "spent"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.KGQA_COMMIT)
    assert corpus.KGQA_FILES["./data/股票-股东信息.csv"] == "data/knowledge/股票-股东信息.csv"


# Centuriii/Remitly-java-and-neo4j-solution's CsvImportService.java, shortened to what write_swift_codes reads: the
# Java that computes each statement's parameters, and its ten tx.run(...) calls (some of them literals joined by +)
_SWIFT_JAVA = """package com.remitly.neo4j;
public class CsvImportService {
    private static final String CSV_FILE_PATH = System.getenv().getOrDefault("CSV_FILE_PATH", "banks.csv");
    public void importCsvData() {
        if (dataExists()) { return; }
        createConstraints();
        try (Reader reader = new FileReader(CSV_FILE_PATH);
                CSVParser csvParser = new CSVParser(reader,
                        CSVFormat.Builder.create().setHeader().setIgnoreHeaderCase(true).setTrim(true).build())) {
            int batchSize = 100;
            int recordCount = 0;
            for (CSVRecord csvRecord : csvParser) {
                recordCount++;
                String iso2Code = csvRecord.get("COUNTRY ISO2 CODE").toUpperCase();
                String swiftCode = csvRecord.get("SWIFT CODE");
                String codeType = csvRecord.get("CODE TYPE");
                boolean isHeadquarters = swiftCode.endsWith("XXX");
                String bankType = isHeadquarters ? "HEADQUARTERS" : "BRANCH";
                record.put("name", csvRecord.get("NAME"));
                record.put("address", csvRecord.get("ADDRESS"));
                record.put("town", csvRecord.get("TOWN NAME"));
                record.put("countryName", csvRecord.get("COUNTRY NAME").toUpperCase());
                record.put("timeZone", csvRecord.get("TIME ZONE"));
                records.put(swiftCode, record);
                if (recordCount >= batchSize) {
                    processBatch(countries, records, headquarters);
                }
            }
            if (!records.isEmpty()) {
                processBatch(countries, records, headquarters);
            }
            createBranchRelationships(headquarters);
        }
    }
    private boolean dataExists() {
        var result = tx.run("MATCH (b:Bank) RETURN count(b) as count");
    }
    private void createConstraints() {
        tx.run("CREATE CONSTRAINT IF NOT EXISTS FOR (c:Country) REQUIRE c.iso2Code IS UNIQUE");
        tx.run("CREATE CONSTRAINT IF NOT EXISTS FOR (b:Bank) REQUIRE b.swiftCode IS UNIQUE");
        tx.run("CREATE INDEX bank_name IF NOT EXISTS FOR (b:Bank) ON (b.name)");
        tx.run("CREATE INDEX bank_type IF NOT EXISTS FOR (b:Bank) ON (b.type)");
        tx.run("CREATE INDEX country_name IF NOT EXISTS FOR (c:Country) ON (c.name)");
    }
    private void processBatch(Set<String> countries, Map<String, Map<String, Object>> records) {
        tx.run("MERGE (c:Country {iso2Code: $iso2Code}) "
                + "ON CREATE SET c.name = $name, c.timeZone = $timeZone", Map.of());
        tx.run("MERGE (b:Bank {swiftCode: $swiftCode}) "
                + "ON CREATE SET b.codeType = $codeType, b.name = $name, "
                + "b.address = $address, b.town = $town, b.type = $bankType", Map.of());
        tx.run("MATCH (b:Bank {swiftCode: $swiftCode}) " + "MATCH (c:Country {iso2Code: $iso2Code}) "
                + "MERGE (b)-[:LOCATED_IN]->(c)", Map.of());
    }
    private void createBranchRelationships(Map<String, String> headquarters) {
        tx.run("MATCH (branch:Bank) " + "WHERE branch.type = 'BRANCH' "
                + "WITH branch, substring(branch.swiftCode, 0, 8) AS bic8 " + "MATCH (hq:Bank) "
                + "WHERE hq.type = 'HEADQUARTERS' AND substring(hq.swiftCode, 0, 8) = bic8 "
                + "MERGE (branch)-[:BRANCH_OF]->(hq)", Map.of());
    }
}
"""
_SWIFT_COMPOSE = ("services:\n  swift-code-api:\n    volumes:\n      - ./banks.csv:/app/banks.csv\n    environment:\n"
                  "      - CSV_FILE_PATH=/app/banks.csv\n      - IMPORT_CSV_ON_STARTUP=true\n")
# banks.csv's header and three of its rows (one value padded, as the file pads some: the loader trims them), and a
# lower-case ISO2 code (the loader upper-cases it)
_SWIFT_CSV = ("COUNTRY ISO2 CODE,SWIFT CODE,CODE TYPE,NAME,ADDRESS,TOWN NAME,COUNTRY NAME,TIME ZONE\n"
              "PL,BPKOPLPWXXX,BIC11,PKO BANK POLSKI S.A.,\"UL. PULAWSKA 15  WARSZAWA, MAZOWIECKIE, 02-515\",WARSZAWA,"
              "POLAND,Europe/Warsaw\n"
              "pl,BPKOPLPWLDA,BIC11,PKO BANK POLSKI S.A.,\"PIOTRKOWSKA STREET 173  LODZ, LODZKIE, 90-959 \",LODZ,"
              "Poland,Europe/Warsaw\n"
              "\n"
              "CL,BKSACLRM064,BIC11,SCOTIABANK CHILE,  ,ARICA,CHILE,Pacific/Easter")


def _swift_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, java: str = _SWIFT_JAVA,
                  compose: str = _SWIFT_COMPOSE, data: str = _SWIFT_CSV) -> Path:
    root = tmp_path / "Remitly-java-and-neo4j-solution"
    (root / corpus.SWIFT_CODES_LOADER).parent.mkdir(parents=True)
    (root / corpus.SWIFT_CODES_LOADER).write_text(java, encoding="utf-8")
    (root / corpus.SWIFT_CODES_COMPOSE).write_text(compose, encoding="utf-8")
    (root / corpus.SWIFT_CODES_FILE).write_text(data, encoding="utf-8")
    monkeypatch.setattr(corpus, "SWIFT_CODES_COMMIT", "HEAD")  # an ordinary copy: its files as they are
    return tmp_path


def test_swift_codes_runs_the_java_loaders_statements_batch_by_batch(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # batches of two records (the loader's are of 100): each batch's countries first, then each of its codes and its
    # LOCATED_IN; the values trimmed, the ISO2 code and the country name upper-cased, a code ending in XXX a
    # HEADQUARTERS; the BRANCH_OF statement once, after every batch
    monkeypatch.setattr(corpus, "SWIFT_CODES_BATCH", 2)
    store = Recorder()
    corpus.write_swift_codes(store, _swift_mirror(tmp_path, monkeypatch))
    country = "MERGE (c:Country {iso2Code: $iso2Code}) ON CREATE SET c.name = $name, c.timeZone = $timeZone"
    bank = ("MERGE (b:Bank {swiftCode: $swiftCode}) ON CREATE SET b.codeType = $codeType, b.name = $name, "
            "b.address = $address, b.town = $town, b.type = $bankType")
    located = ("MATCH (b:Bank {swiftCode: $swiftCode}) MATCH (c:Country {iso2Code: $iso2Code}) "
               "MERGE (b)-[:LOCATED_IN]->(c)")
    assert store.calls == [
        ("MATCH (b:Bank) RETURN count(b) as count", {}),
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (c:Country) REQUIRE c.iso2Code IS UNIQUE", {}),
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (b:Bank) REQUIRE b.swiftCode IS UNIQUE", {}),
        ("CREATE INDEX bank_name IF NOT EXISTS FOR (b:Bank) ON (b.name)", {}),
        ("CREATE INDEX bank_type IF NOT EXISTS FOR (b:Bank) ON (b.type)", {}),
        ("CREATE INDEX country_name IF NOT EXISTS FOR (c:Country) ON (c.name)", {}),
        (country, {"iso2Code": "PL", "name": "POLAND", "timeZone": "Europe/Warsaw"}),
        (bank, {"swiftCode": "BPKOPLPWXXX", "codeType": "BIC11", "name": "PKO BANK POLSKI S.A.",
                "address": "UL. PULAWSKA 15  WARSZAWA, MAZOWIECKIE, 02-515", "town": "WARSZAWA",
                "bankType": "HEADQUARTERS"}),
        (located, {"swiftCode": "BPKOPLPWXXX", "iso2Code": "PL"}),
        (bank, {"swiftCode": "BPKOPLPWLDA", "codeType": "BIC11", "name": "PKO BANK POLSKI S.A.",
                "address": "PIOTRKOWSKA STREET 173  LODZ, LODZKIE, 90-959", "town": "LODZ", "bankType": "BRANCH"}),
        (located, {"swiftCode": "BPKOPLPWLDA", "iso2Code": "PL"}),
        (country, {"iso2Code": "CL", "name": "CHILE", "timeZone": "Pacific/Easter"}),
        (bank, {"swiftCode": "BKSACLRM064", "codeType": "BIC11", "name": "SCOTIABANK CHILE", "address": "",
                "town": "ARICA", "bankType": "BRANCH"}),
        (located, {"swiftCode": "BKSACLRM064", "iso2Code": "CL"}),
        ("MATCH (branch:Bank) WHERE branch.type = 'BRANCH' WITH branch, substring(branch.swiftCode, 0, 8) AS bic8 "
         "MATCH (hq:Bank) WHERE hq.type = 'HEADQUARTERS' AND substring(hq.swiftCode, 0, 8) = bic8 "
         "MERGE (branch)-[:BRANCH_OF]->(hq)", {})]


def test_swift_codes_skips_the_import_where_banks_exist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # dataExists(): a database that has a Bank is not imported into again
    class Banked(Recorder):
        def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
            super().query(statement, params, read_only)
            return [{"count": 1}]

    store = Banked()
    corpus.write_swift_codes(store, _swift_mirror(tmp_path, monkeypatch))
    assert store.calls == [("MATCH (b:Bank) RETURN count(b) as count", {})]


@pytest.mark.parametrize(("java", "compose", "data", "refused"), [
    # the compose file no longer gives the loader the repository's banks.csv
    (_SWIFT_JAVA, _SWIFT_COMPOSE.replace("./banks.csv:", "./other.csv:"), _SWIFT_CSV, "no longer mounts banks.csv"),
    # Java that computes the parameters otherwise than this writer does
    (_SWIFT_JAVA.replace("int batchSize = 100;", "int batchSize = 500;"), _SWIFT_COMPOSE, _SWIFT_CSV,
     "no longer has 'int batchSize = 100;'"),
    (_SWIFT_JAVA.replace('swiftCode.endsWith("XXX")', 'swiftCode.endsWith("X")'), _SWIFT_COMPOSE, _SWIFT_CSV,
     "no longer has"),
    # a statement more, or one that takes a parameter its Java does not give it
    (_SWIFT_JAVA.replace('tx.run("CREATE INDEX bank_type', 'tx.run("MATCH (n) DETACH DELETE n");\n'
                                                           '        tx.run("CREATE INDEX bank_type'),
     _SWIFT_COMPOSE, _SWIFT_CSV, "runs 11 statements, not the 10"),
    (_SWIFT_JAVA.replace("b.town = $town", "b.town = $city"), _SWIFT_COMPOSE, _SWIFT_CSV, "takes other parameters"),
    # a country whose records disagree on its time zone (the loader's pick would depend on a HashMap's order)
    (_SWIFT_JAVA, _SWIFT_COMPOSE, _SWIFT_CSV.replace("Poland,Europe/Warsaw", "Poland,Europe/Berlin"),
     "records of PL give it more than one name or time zone"),
    # a record short of values, a header without a column the loader gets
    (_SWIFT_JAVA, _SWIFT_COMPOSE, _SWIFT_CSV + "\nAL,AAISALTRXXX,BIC11", "record 5 has 3 values for 8"),
    (_SWIFT_JAVA, _SWIFT_COMPOSE, _SWIFT_CSV.replace(",TIME ZONE\n", ",ZONE\n"), "header has no 'TIME ZONE'")])
def test_swift_codes_refuses_another_loader_or_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, java: str,
                                                    compose: str, data: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused) if "'" in refused else refused):
        corpus.write_swift_codes(store, _swift_mirror(tmp_path, monkeypatch, java, compose, data))
    assert store.calls == []  # refused before anything runs


def test_swift_codes_header_case_is_ignored_as_commons_csv_ignores_it() -> None:
    # setIgnoreHeaderCase(true): "Swift Code" is the loader's "SWIFT CODE"; values and names trimmed
    records = corpus._commons_csv_records(b" Swift Code , Name\r\nAAISALTRXXX,  UNITED BANK OF ALBANIA SH.A\r\n",
                                          ("SWIFT CODE", "NAME"))
    assert records == [{"swift code": "AAISALTRXXX", "name": "UNITED BANK OF ALBANIA SH.A"}]


def test_swift_codes_is_read_at_its_pinned_commit() -> None:
    assert corpus.graph("swift-codes").source == corpus.SWIFT_CODES
    assert corpus.graph("swift-codes").split == "spent"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.SWIFT_CODES_COMMIT)
    assert corpus.SWIFT_CODES_BATCH == 100


# neo4j-partners/apevue-knowledge-graph's load.ipynb, shortened: a markdown cell, a magic cell, the connection, the
# node-key constraints (one property in parentheses, as it writes them), LOAD CSVs over the raw.githubusercontent.com
# URLs of its own data/ files, and a cell that only displays
_APEVUE_RAW = "https://raw.githubusercontent.com/neo4j-partners/apevue-knowledge-graph/main/data/"
_APEVUE_CELLS = [
    "%pip install graphdatascience",
    'from graphdatascience import GraphDataScience\n\ngds = GraphDataScience(DB_URL, auth=(DB_USER, DB_PASS))',
    'result = gds.run_cypher(\n    "CREATE CONSTRAINT IF NOT EXISTS FOR (p:Company) REQUIRE (p.name) IS NODE KEY;"\n)\n'
    'display(result)\n\nresult = gds.run_cypher(\n'
    '    "CREATE CONSTRAINT IF NOT EXISTS FOR (p:Investor) REQUIRE (p.name) IS NODE KEY;"\n)\ndisplay(result)',
    f'result = gds.run_cypher(\n    """\n        LOAD CSV WITH HEADERS FROM "{_APEVUE_RAW}returns.csv" AS row\n'
    '        MERGE (x:Company {name:row.Company})\n        ON CREATE SET\n'
    '            x.Return=toFloat(row.Return),\n            x.OpenInterest=toInteger(row.OpenInterest)\n'
    '    """\n)\ndisplay(result)',
    f'result = gds.run_cypher(\n    """\n        LOAD CSV WITH HEADERS FROM "{_APEVUE_RAW}investors.csv" AS row\n'
    '        MATCH (c:Company {name:row.Company})\n        MATCH (i:Investor {name:row.Investor})\n'
    '        MERGE (i)-[r:OWNS]->(c)\n    """\n)\ndisplay(result)',
    "print('done')"]
# the files open with a byte order mark, as the repository's do; an investor's name keeps its trailing space
_APEVUE_FILES = {"data/returns.csv": "\ufeffCompany,Return,OpenInterest,Depth\nCircle,1.05,61000000.00,3\n",
                 "data/investors.csv": "\ufeffInvestor,Company\nAtomico Investment Holdings ,Circle\n"}


def _apevue_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cells: list[str] | None = None) -> Path:
    import subprocess

    fetched = tmp_path / "neo4j-partners+apevue-knowledge-graph" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    notebook = {"cells": [{"cell_type": "markdown", "source": ["# Load"]}]
                + [{"cell_type": "code", "source": [cell]} for cell in (_APEVUE_CELLS if cells is None else cells)]}
    files = {corpus.APEVUE_NOTEBOOK: json.dumps(notebook), **_APEVUE_FILES}
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in files.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "toInteger, etc"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit's data, which the pinned commit's notebook is not run over
    (fetched / "data" / "returns.csv").write_text("Company,Return,OpenInterest,Depth\nStripe,0.05,1.00,40\n",
                                                  encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "bump to new data set"], check=True)
    monkeypatch.setattr(corpus, "APEVUE_COMMIT", pinned)
    return tmp_path


def test_apevue_runs_the_notebooks_queries_in_order_over_its_data_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_apevue(store, _apevue_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # its node keys (Community Edition refuses them) as uniqueness constraints, their ';' dropped
    assert statements[:2] == ["CREATE CONSTRAINT IF NOT EXISTS FOR (p:Company) REQUIRE (p.name) IS UNIQUE",
                              "CREATE CONSTRAINT IF NOT EXISTS FOR (p:Investor) REQUIRE (p.name) IS UNIQUE"]
    # each LOAD CSV given the rows of the file its URL names, as committed at the pinned commit (the byte order mark
    # not part of the first column's name, the trailing space of a value kept, as LOAD CSV reads them)
    assert statements[2].startswith("UNWIND $rows AS row\n        MERGE (x:Company {name:row.Company})")
    assert store.calls[2][1] == {"rows": [{"Company": "Circle", "Return": "1.05", "OpenInterest": "61000000.00",
                                           "Depth": "3"}]}
    assert statements[3].startswith("UNWIND $rows AS row\n        MATCH (c:Company {name:row.Company})")
    assert store.calls[3][1] == {"rows": [{"Investor": "Atomico Investment Holdings ", "Company": "Circle"}]}
    assert len(store.calls) == 4  # the display and print cells run nothing


def test_apevue_refuses_a_url_outside_its_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [cell.replace(_APEVUE_RAW + "investors.csv", "https://example.org/investors.csv")
             for cell in _APEVUE_CELLS]
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/investors.csv"):
        corpus.write_apevue(Recorder(), _apevue_mirror(tmp_path, monkeypatch, cells))


def test_apevue_refuses_a_query_that_is_not_a_string_constant(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [*_APEVUE_CELLS, "query = 'MATCH (n) DETACH DELETE n'\ngds.run_cypher(query)"]
    with pytest.raises(corpus.CorpusError, match="not a string constant"):
        corpus.write_apevue(Recorder(), _apevue_mirror(tmp_path, monkeypatch, cells))


def test_apevue_refuses_a_notebook_without_its_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [cell for cell in _APEVUE_CELLS if "LOAD CSV" not in cell]
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="no LOAD CSV import found"):
        corpus.write_apevue(store, _apevue_mirror(tmp_path, monkeypatch, cells))
    assert store.calls == []


def test_apevue_node_key_of_several_properties_is_not_made_unique() -> None:
    # only a node key on one property is its uniqueness constraint; a composite key is left as written (refused by
    # the server, not silently weakened)
    composite = "CREATE CONSTRAINT FOR (p:Company) REQUIRE (p.name, p.sector) IS NODE KEY"
    assert corpus._APEVUE_NODE_KEY.sub(lambda m: f"{m[1]}IS UNIQUE", composite) == composite


def test_apevue_is_read_at_its_pinned_commit() -> None:
    assert corpus.graph("apevue-50").source == corpus.APEVUE
    assert corpus.graph("apevue-50").split == "spent"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.APEVUE_COMMIT)


# a loader in the shape of GEARLESSJOOE/final_two_month's build_graph.py (written here, not copied): it reads
# CRAWLER_PATH from `config`, one JSON notice a line, and sends py2neo Graph.run one CREATE per entity, then one UNWIND
# over the winner-tender pairs; its __main__ runs only a dump of word lists, which the writer must not run
_HUBEI_LOADER = """import json
from config import *
from py2neo import Graph
from collections import defaultdict


class BuildGraph():
    def __init__(self):
        self.entities = defaultdict(list)
        self.pairs = []
        with open(CRAWLER_PATH, "r", encoding="utf-8") as handle:
            for line in handle.readlines():
                row = json.loads(line)
                self.entities["Tender"].append({"tender_name": row["tender_name"], "tenderee": row["tenderee"]})
                self.entities["Winner"].append({"winning_company": row["winning_company"],
                                                "winning_price": row["winning_price"]})
                self.pairs.append((row["winning_company"], row["tender_name"]))
        self.graph = Graph(GRAPH_LINK, auth=(AUTH_USERNAME, AUTH_PASSWORD))

    def create_entity(self):
        for label, rows in self.entities.items():
            for row in rows:
                text = ",".join(k + ':"' + v.replace("\u3010", "[").replace("\u3011", "]") + '"'
                                for k, v in row.items())
                self.graph.run("create(:" + label + "{" + text + "})")

    def create_relation(self):
        text = ",".join('{from: "' + a + '", to: "' + b.replace("\u3010", "[").replace("\u3011", "]") + '"}'
                        for a, b in self.pairs)
        self.graph.run(f"unwind[{text}] as res match(n1{{winning_company: res.from}}) "
                       "match(n2{tender_name: res.to}) merge(n1)-[:Get]->(n2)")

    def dump(self):
        with open(TENDER_ENTITY_PATH, "w", encoding="utf-8") as handle:
            handle.write("no")


if __name__ == '__main__':
    BuildGraph().dump()
"""
# two notices, the same company winning both (two Winner nodes of one name, as the script writes them)
_HUBEI_ROWS = [{"tender_name": "\u3010湖北省中心\u3011甲工程中标结果公告", "tenderee": "甲公司",
                "winning_company": "乙集团有限公司", "winning_price": "100.00"},
               {"tender_name": "\u3010湖北省中心\u3011丙工程中标结果公告", "tenderee": "丁局",
                "winning_company": "乙集团有限公司", "winning_price": "7.50"}]


def _hubei_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _HUBEI_LOADER) -> Path:
    import subprocess

    fetched = tmp_path / "GEARLESSJOOE+final_two_month" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    files = {corpus.HUBEI_TENDERS_LOADER: loader,
             corpus.HUBEI_TENDERS_DATA: "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in _HUBEI_ROWS)}
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    for path, text in files.items():
        (fetched / path).parent.mkdir(parents=True, exist_ok=True)
        (fetched / path).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "data"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit's data, which the pinned commit's loader is not run over
    (fetched / corpus.HUBEI_TENDERS_DATA).write_text(json.dumps({**_HUBEI_ROWS[0], "tenderee": "later"}) + "\n",
                                                     encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "HUBEI_TENDERS_COMMIT", pinned)
    return tmp_path


def test_hubei_tender_awards_runs_create_entity_then_create_relation_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_hubei_tender_awards(store, _hubei_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # each entity one CREATE as the script splices it ([] for 【】), the tenders first, every row a Winner of its own
    assert statements[:4] == [
        'create(:Tender{tender_name:"[湖北省中心]甲工程中标结果公告",tenderee:"甲公司"})',
        'create(:Tender{tender_name:"[湖北省中心]丙工程中标结果公告",tenderee:"丁局"})',
        'create(:Winner{winning_company:"乙集团有限公司",winning_price:"100.00"})',
        'create(:Winner{winning_company:"乙集团有限公司",winning_price:"7.50"})']
    # then the one relationship statement over every pair, as written; the __main__'s dump is not run (it would open
    # TENDER_ENTITY_PATH, which the writer refuses)
    assert len(statements) == 5
    assert statements[4].startswith('unwind[{from: "乙集团有限公司", to: "[湖北省中心]甲工程中标结果公告"},')
    assert statements[4].endswith("merge(n1)-[:Get]->(n2)")
    assert all(params == {} for _, params in store.calls)


def test_hubei_tender_awards_refuses_a_file_other_than_its_notices(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    loader = _HUBEI_LOADER.replace("open(CRAWLER_PATH,", "open(TENDER_ENTITY_PATH,")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="opens /final_two_month/data/entity/tender_entity"):
        corpus.write_hubei_tender_awards(store, _hubei_mirror(tmp_path, monkeypatch, loader))
    assert store.calls == []


def test_hubei_tender_awards_refuses_an_import_it_does_not_give(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    loader = "import os\n" + _HUBEI_LOADER
    with pytest.raises(corpus.CorpusError, match="imports os"):
        corpus.write_hubei_tender_awards(Recorder(), _hubei_mirror(tmp_path, monkeypatch, loader))


def test_hubei_tender_awards_refuses_a_loader_without_build_graph(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    loader = _HUBEI_LOADER.replace("class BuildGraph()", "class GraphBuilder()").replace("BuildGraph().dump()", "pass")
    with pytest.raises(corpus.CorpusError, match="defines no BuildGraph"):
        corpus.write_hubei_tender_awards(Recorder(), _hubei_mirror(tmp_path, monkeypatch, loader))


def test_hubei_tender_awards_is_read_at_its_pinned_commit() -> None:
    assert corpus.graph("hubei-tender-awards").source == corpus.HUBEI_TENDERS
    assert corpus.graph("hubei-tender-awards").split == "spent"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.HUBEI_TENDERS_COMMIT)


# import_data.txt of the Directorship Retrieval System, shortened: its CRLF line ends, no ';', the blocks between blank
# lines; the seven institution kinds and the people, then the seven kinds' Serve relationships
_SG_KINDS = ("uni", "tele", "poly", "misc", "go", "legal", "sti")
_SG_SCRIPT = "\r\n\r\n".join(
    [f"LOAD CSV WITH HEADERS FROM 'file:///{kind}.csv' AS line\r\n"
     f"CREATE (:{kind} {{{kind}: line.{kind}, name: line.name, STI_Composite: line.symbol}})" for kind in _SG_KINDS]
    + ["LOAD CSV WITH HEADERS FROM 'file:///name.csv' AS line\r\nCREATE (:name {name: line.name})", ""]
    + [f"LOAD CSV WITH HEADERS FROM 'file:///{kind}_name.csv' AS line \r\n"
       f"MATCH (from :name{{ name: line.name}}), (to:{kind} {{{kind}:line.{kind}}})\r\nMERGE (from)-[r:Serve]->(to)"
       for kind in _SG_KINDS]) + "\r\n"


def _sg_boards_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _SG_SCRIPT) -> Path:
    import subprocess

    fetched = tmp_path / "Nemo-yu+The-Directorship-Retrieval-System-Development-of-a-website-frontend-for-Neo4J-" \
                         "database-Using-Python" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "data").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.SG_BOARDS_SCRIPT).write_bytes(script.encode("utf-8"))
    for kind in _SG_KINDS:
        (fetched / "data" / f"{kind}.csv").write_bytes(
            f"{kind},name,type,symbol,monitored,url\r\n{kind.upper()} Board,Ann Tan;Bo Lim,Misc,NA,,\r\n".encode())
        (fetched / "data" / f"{kind}_name.csv").write_bytes(f"{kind},name\r\n{kind.upper()} Board,Ann Tan\r\n".encode())
    (fetched / "data" / "sti.csv").write_bytes(
        b"sti,name,type,symbol,monitored,url\r\nDBS Group Holdings,Piyush Gupta,Misc,D05.SI,PSC;IPOS,https://x\r\n")
    (fetched / "data" / "name.csv").write_bytes(b"name\r\nAnn Tan\r\nBo Lim\r\n")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Add files via upload"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit's data, which the pinned commit's script is not run over
    (fetched / "data" / "name.csv").write_bytes(b"name\r\nLater Person\r\n")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "SG_BOARDS_COMMIT", pinned)
    return tmp_path


def test_singapore_boards_runs_its_blocks_in_order_over_its_data_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_singapore_boards(store, _sg_boards_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # fifteen blocks split at blank lines (CRLF), each its own statement, in the script's order, the LOAD CSV an
    # UNWIND of the rows of data/<name>
    assert len(statements) == corpus.SG_BOARDS_LOADS
    assert statements[0] == ("UNWIND $rows AS line\n"
                             "CREATE (:uni {uni: line.uni, name: line.name, STI_Composite: line.symbol})")
    assert statements[7] == "UNWIND $rows AS line\nCREATE (:name {name: line.name})"
    assert statements[14] == ("UNWIND $rows AS line \nMATCH (from :name{ name: line.name}), (to:sti {sti:line.sti})"
                              "\nMERGE (from)-[r:Serve]->(to)")
    params = [p for _, p in store.calls]
    assert params[6] == {"rows": [{"sti": "DBS Group Holdings", "name": "Piyush Gupta", "type": "Misc",
                                   "symbol": "D05.SI", "monitored": "PSC;IPOS", "url": "https://x"}]}
    # an empty field is null, as LOAD CSV gives it; the people as the pinned commit has them
    assert params[0]["rows"][0]["url"] is None and params[0]["rows"][0]["monitored"] is None
    assert params[7] == {"rows": [{"name": "Ann Tan"}, {"name": "Bo Lim"}]}
    assert params[8] == {"rows": [{"uni": "UNI Board", "name": "Ann Tan"}]}


def test_singapore_boards_refuses_a_file_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _SG_SCRIPT.replace("'file:///go.csv'", "'https://example.org/go.csv'")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/go.csv"):
        corpus.write_singapore_boards(store, _sg_boards_mirror(tmp_path, monkeypatch, script))
    # the blocks before it ran (uni, tele, poly, misc); nothing of go's or after
    assert len(store.calls) == 4
    assert store.calls[-1][0].startswith("UNWIND $rows AS line\nCREATE (:misc")


def test_singapore_boards_refuses_a_changed_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a block lost, or a block that is not a LOAD CSV: not the script this loader was written for
    fewer = _SG_SCRIPT.replace("LOAD CSV WITH HEADERS FROM 'file:///tele.csv' AS line\r\n"
                               "CREATE (:tele {tele: line.tele, name: line.name, STI_Composite: line.symbol})"
                               "\r\n\r\n", "")
    with pytest.raises(corpus.CorpusError, match="not its 15 LOAD CSV blocks \\(14 blocks found\\)"):
        corpus.write_singapore_boards(Recorder(), _sg_boards_mirror(tmp_path / "a", monkeypatch, fewer))
    other = _SG_SCRIPT.replace("LOAD CSV WITH HEADERS FROM 'file:///name.csv' AS line\r\n",
                               "MATCH (n) DETACH DELETE n\r\n\r\n", 1)
    with pytest.raises(corpus.CorpusError, match="not its 15 LOAD CSV blocks"):
        corpus.write_singapore_boards(Recorder(), _sg_boards_mirror(tmp_path / "b", monkeypatch, other))


def test_singapore_boards_is_spent_and_read_at_its_pinned_commit() -> None:
    assert corpus.graph("singapore-boards").source == corpus.SG_BOARDS
    assert corpus.graph("singapore-boards").split == "spent"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.SG_BOARDS_COMMIT)


_AQ_KINDS = {"person": "merge (person:Person {id:row.id}) ON CREATE set person.keyNo = row.keyNo,\n"
                        "  person.name = row.name, person.type = row.type",
             "company": "merge (company:Company {id:row.id}) ON CREATE set company.keyNo = row.keyNo,\n"
                         "  company.name = row.name, company.label = row.label, company.status = row.status"}
_AQ_RELS = {"legal_rel": ("legal:Person", "LEGAL {role: row.role}"),
            "manager_rel": ("staff:Person", "MANAGER {role: row.role}"),
            "pinvest_rel": ("invest:Person", "P_INVEST {rate: row.rate}"),
            "cinvest_rel": ("invest:Company", "C_INVEST {holder: row.holder}")}
_AQ_SCRIPT = ("// <= 1.将Neo4j点、投资边csv数据集上传到Hadoop文件系统中:\n"
              "// hadoop fs -put example-data/neo4j_dataset/company.csv  /dataset\n\n"
              + "".join(f'LOAD CSV WITH HEADERS FROM "file:/data/ent_dataset/{name}.csv" AS row\n{body};\n\n'
                        for name, body in _AQ_KINDS.items())
              + "/**\n  * => Neo4j Relation import: 导入投资、任职、法人的关系边\n  */\n"
              + "".join(f'LOAD CSV WITH HEADERS FROM "file:/data/ent_dataset/{name}.csv" AS row\n'
                        f"match ({start} {{id: row.from}})\nmatch (company:Company {{id: row.to}})\n"
                        f"MERGE ({start.split(':')[0]})-[:{rel}]->(company);\n\n"
                        for name, (start, rel) in _AQ_RELS.items()))


def _aiqicha_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _AQ_SCRIPT) -> Path:
    import subprocess

    fetched = tmp_path / "dongma+spark-graphx" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    data = fetched / corpus.AIQICHA_FOLDER
    data.mkdir(parents=True)
    (fetched / "script").mkdir()
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.AIQICHA_SCRIPT).write_text(script, encoding="utf-8")
    # a blank line among the rows, as company.csv and person.csv have them
    (data / "person.csv").write_text("id,keyNo,name,type\np1,k1,李哲,Person\n\np2,k2,王通,Person\n", encoding="utf-8")
    (data / "company.csv").write_text("id,keyNo,name,status,label\n"
                                      "c1,11237796588022,内蒙古安慕希乳业有限公司,开业,Company\n", encoding="utf-8")
    (data / "legal_rel.csv").write_text("id,type,from,to,role\nl1,Legal,p1,c1,法人\n", encoding="utf-8")
    (data / "manager_rel.csv").write_text("id,type,from,to,role\nm1,MANAGER,p2,c1,监事\n", encoding="utf-8")
    (data / "pinvest_rel.csv").write_text("id,type,from,to,rate,eid\ni1,PINV,p2,c1,90,31\n", encoding="utf-8")
    (data / "cinvest_rel.csv").write_text("id,type,from,to,holder,eid\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "crawl enterprise data"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit's people, which the pinned commit's script is not run over
    (data / "person.csv").write_text("id,keyNo,name,type\np9,k9,Later Person,Person\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "AIQICHA_COMMIT", pinned)
    return tmp_path


def test_aiqicha_equity_runs_its_six_loads_in_order_over_its_dataset_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_aiqicha_equity(store, _aiqicha_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    params = [p for _, p in store.calls]
    # the hadoop comment lines dropped; people, companies, then the four relationship types, each LOAD CSV an UNWIND
    # of example-data/neo4j_dataset/<name> (the empty cinvest_rel.csv still its one statement, over no rows)
    assert len(statements) == corpus.AIQICHA_LOADS
    assert statements[0] == "UNWIND $rows AS row\n" + _AQ_KINDS["person"]
    assert statements[1] == "UNWIND $rows AS row\n" + _AQ_KINDS["company"]
    # the block comment before the first relationship load is kept, as Cypher reads it
    assert statements[2].startswith("/**\n") and "UNWIND $rows AS row\nmatch (legal:Person {id: row.from})" in \
        statements[2]
    assert statements[5].endswith("MERGE (invest)-[:C_INVEST {holder: row.holder}]->(company)")
    # the blank line skipped; the people as the pinned commit has them; every field a string
    assert params[0] == {"rows": [{"id": "p1", "keyNo": "k1", "name": "李哲", "type": "Person"},
                                  {"id": "p2", "keyNo": "k2", "name": "王通", "type": "Person"}]}
    assert params[4] == {"rows": [{"id": "i1", "type": "PINV", "from": "p2", "to": "c1", "rate": "90", "eid": "31"}]}
    assert params[5] == {"rows": []}


def test_aiqicha_equity_refuses_a_file_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _AQ_SCRIPT.replace('"file:/data/ent_dataset/manager_rel.csv"', '"https://example.org/manager_rel.csv"')
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="reads https://example.org/manager_rel.csv"):
        corpus.write_aiqicha_equity(store, _aiqicha_mirror(tmp_path, monkeypatch, script))
    # people, companies and LEGAL ran; nothing of MANAGER's or after
    assert len(store.calls) == 3


def test_aiqicha_equity_refuses_a_changed_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a statement that is not one of its LOAD CSVs, or a LOAD CSV lost: not the script this loader was written for
    more = _AQ_SCRIPT + "MATCH (n) DETACH DELETE n;\n"
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="not its 6 LOAD CSV statements \\(6 LOAD CSVs among 7"):
        corpus.write_aiqicha_equity(store, _aiqicha_mirror(tmp_path / "a", monkeypatch, more))
    assert store.calls == []
    fewer = _AQ_SCRIPT.split("/**")[0]
    with pytest.raises(corpus.CorpusError, match="\\(2 LOAD CSVs among 2 statements\\)"):
        corpus.write_aiqicha_equity(Recorder(), _aiqicha_mirror(tmp_path / "b", monkeypatch, fewer))


def test_aiqicha_equity_is_a_tune_graph_read_at_its_pinned_commit() -> None:
    assert corpus.graph("aiqicha-equity").source == corpus.AIQICHA
    assert corpus.graph("aiqicha-equity").split == "tune"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.AIQICHA_COMMIT)


# JayPachipala/AI_Search_neo4j's neo_data_model.cypher, shortened: its ten constraints (the fourth with a trailing
# comment after its ';'), then its one LOAD CSV, which MERGEs every node and relationship (an inline comment kept)
_NYC_CONSTRAINTS = [("a:Agency", "a.name"), ("p:PrimeVendor", "p.name"), ("b:BudgetCode", "b.code"),
                    ("c:Contract", "c.document_id"), ("d:Department", "d.name"), ("e:ExpenseCategory", "e.category"),
                    ("pa:Payee", "pa.name"), ("s:SubVendor", "s.name"), ("i:Industry", "i.name"),
                    ("mw:MWBE_Category", "mw.category")]
_NYC_LOAD = ("MERGE (a:Agency {name: row.`Agency`})\n"
             "MERGE (c:Contract {document_id: row.`Document ID`})\n"
             "ON CREATE SET c.check_amount = toFloat(row.`Check Amount`)\n"
             "ON MATCH SET c.check_amount = c.check_amount + toFloat(row.`Check Amount`)  // Optional: Sum\n"
             "MERGE (p:Payee {name: row.`Payee Name`, woman_owned: row.`Woman Owned Business` = 'Yes'})\n\n"
             "// Create relationships\nMERGE (a)-[:HAS_CONTRACT]->(c)\nMERGE (c)-[:PAID_TO]->(p)")
_NYC_SCRIPT = ("// Create constraints to ensure uniqueness\n"
               + "".join(f"CREATE CONSTRAINT FOR ({v}) REQUIRE {k} IS UNIQUE;"
                         + ("  // Use Document ID as unique" if v == "c:Contract" else "") + "\n"
                         for v, k in _NYC_CONSTRAINTS)
               + "\nLOAD CSV WITH HEADERS FROM 'file:///nyc_spending_feed_checks_neo_data.csv' AS row\n"
               + _NYC_LOAD + ";\n")


def _nyc_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _NYC_SCRIPT) -> Path:
    import subprocess

    fetched = tmp_path / "JayPachipala+AI_Search_neo4j" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    (fetched / "neo4j_react_poc" / "scripts").mkdir(parents=True)
    (fetched / "neo4j_react_poc" / "import").mkdir()
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.NYC_CHECKS_SCRIPT).write_text(script, encoding="utf-8")
    # a quoted field with a comma, and the trailing space the feed leaves after "No"
    (fetched / corpus.NYC_CHECKS_FILE).write_text(
        "Agency,Check Amount,Contract Purpose,Document ID,Payee Name,Woman Owned Business\n"
        'Board of Elections,234,"ADA Ramp Installation, transportation and storage",D1,UNCURTAIN INC,No \n'
        "Debt Service,10051,Fitch FY17 Annual Surveillance Fee,D2,FITCH RATINGS INC,No\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Initial commit"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit's rows, which the pinned commit's script is not run over
    (fetched / corpus.NYC_CHECKS_FILE).write_text("Agency,Document ID\nLater Agency,D9\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "NYC_CHECKS_COMMIT", pinned)
    return tmp_path


def test_nyc_checkbook_payments_runs_its_constraints_then_its_load_over_the_feed_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nyc_checkbook_payments(store, _nyc_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    # the ten constraints as written (5.x syntax already; the comment after the fourth's ';' dropped), no rows
    assert statements[:10] == [f"CREATE CONSTRAINT FOR ({v}) REQUIRE {k} IS UNIQUE" for v, k in _NYC_CONSTRAINTS]
    assert [params for _, params in store.calls[:10]] == [{}] * 10
    # then the one LOAD CSV, an UNWIND of the pinned commit's feed: its comment lines dropped, its inline one kept
    assert len(statements) == corpus.NYC_CHECKS_STATEMENTS
    assert statements[10] == "UNWIND $rows AS row\n" + _NYC_LOAD.replace("\n\n// Create relationships\n", "\n\n")
    assert store.calls[10][1] == {"rows": [
        {"Agency": "Board of Elections", "Check Amount": "234",
         "Contract Purpose": "ADA Ramp Installation, transportation and storage", "Document ID": "D1",
         "Payee Name": "UNCURTAIN INC", "Woman Owned Business": "No "},
        {"Agency": "Debt Service", "Check Amount": "10051", "Contract Purpose": "Fitch FY17 Annual Surveillance Fee",
         "Document ID": "D2", "Payee Name": "FITCH RATINGS INC", "Woman Owned Business": "No"}]}


def test_nyc_checkbook_payments_refuses_a_file_it_does_not_serve(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    script = _NYC_SCRIPT.replace("file:///nyc_spending_feed_checks_neo_data.csv",
                                 "file:///spending_neo_data_2015_to_2024.csv")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="reads file:///spending_neo_data_2015_to_2024.csv"):
        corpus.write_nyc_checkbook_payments(store, _nyc_mirror(tmp_path, monkeypatch, script))
    # the constraints ran; the load did not
    assert len(store.calls) == 10


def test_nyc_checkbook_payments_refuses_a_changed_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    more = _NYC_SCRIPT + "MATCH (n) DETACH DELETE n;\n"
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="not its 11 statements, one a LOAD CSV \\(1 LOAD CSVs among 12"):
        corpus.write_nyc_checkbook_payments(store, _nyc_mirror(tmp_path / "a", monkeypatch, more))
    assert store.calls == []
    # the load lost for one more constraint: eleven statements, none a LOAD CSV
    no_load = _NYC_SCRIPT.split("\nLOAD CSV")[0] + "\nCREATE CONSTRAINT FOR (x:Check) REQUIRE x.id IS UNIQUE;\n"
    with pytest.raises(corpus.CorpusError, match="\\(0 LOAD CSVs among 11 statements\\)"):
        corpus.write_nyc_checkbook_payments(Recorder(), _nyc_mirror(tmp_path / "b", monkeypatch, no_load))


def test_nyc_checkbook_payments_is_a_spent_graph_read_at_its_pinned_commit() -> None:
    assert corpus.graph("nyc-checkbook-payments").source == corpus.NYC_CHECKS
    assert corpus.graph("nyc-checkbook-payments").split == "spent"
    assert re.fullmatch(r"[0-9a-f]{40}", corpus.NYC_CHECKS_COMMIT)


# [s55B tests above]

# brownag/ncss-standards' SoilTaxonomy.cypher, shortened: the Taxonomy node, then CREATE clauses that name the nodes
# made before them by variable (one statement, no ';'), and the blank lines its R generator leaves between orders
_SOIL_SCRIPT = ("CREATE (Soil:Taxonomy {title:'Soil Taxonomy', edition:12})\n"
                "CREATE (Gelisols:Taxon {title:'Gelisols', code:'A', taxlevel:'order', keypos:1, parent:'Soil', "
                "parentcode:'*'})-[:CHILD_OF]->(Soil)\n"
                "CREATE (Histels:Taxon {title:'Histels', code:'AA', taxlevel:'suborder', keypos:1, "
                "parent:'Gelisols', parentcode:'A'})-[:CHILD_OF]->(Gelisols)\n\n"
                "CREATE (Histosols:Taxon {title:'Histosols', code:'B', taxlevel:'order', keypos:2, parent:'Soil', "
                "parentcode:'*'})-[:CHILD_OF]->(Soil)\n\n")


def _soil_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _SOIL_SCRIPT) -> Path:
    later = "CREATE (Later:Taxonomy {title:'a later edition'})\n"
    pinned = _committed_mirror(tmp_path, "brownag+ncss-standards", {corpus.SOIL_TAXONOMY_SCRIPT: script},
                               later={corpus.SOIL_TAXONOMY_SCRIPT: later})
    monkeypatch.setattr(corpus, "SOIL_TAXONOMY_COMMIT", pinned)
    return tmp_path


def test_soil_taxonomy_runs_the_pinned_script_whole_as_one_statement(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_soil_taxonomy(store, _soil_mirror(tmp_path, monkeypatch))
    assert store.calls == [(_SOIL_SCRIPT.strip(), {})]


def test_soil_taxonomy_refuses_a_script_split_into_statements_or_one_that_reads_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    split = _SOIL_SCRIPT.replace("(Soil)\n", "(Soil);\n", 1)
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="holds 2 statements, not the one CREATE statement"):
        corpus.write_soil_taxonomy(store, _soil_mirror(tmp_path / "a", monkeypatch, split))
    reads = "LOAD CSV WITH HEADERS FROM 'file:///taxa.csv' AS row\n" + _SOIL_SCRIPT
    with pytest.raises(corpus.CorpusError, match="reads file:///taxa.csv, which no loader here serves"):
        corpus.write_soil_taxonomy(store, _soil_mirror(tmp_path / "b", monkeypatch, reads))
    assert store.calls == []


# dataforgoodfr/CarbonBombs' carbon_bombs/io/neo4j.py, shortened: conf.py's paths from its own __file__, and
# update_neo4j()'s steps as it writes them (read_csv, fillna("None"), columns picked and renamed, to_csv of the
# data_neo4j/ copy, one MERGE of every column per row through execute_write, `frame.columns = [...]`, row[column])
_CARBON_CONF = ("from os import pardir\nfrom os.path import abspath\nfrom os.path import join\n\n"
                "REPO_PATH = abspath(join(join(__file__, pardir), pardir))\n"
                'DATA_CLEANED_PATH = f"{REPO_PATH}/data_cleaned"\n'
                'FPATH_OUT_CB = f"{DATA_CLEANED_PATH}/carbon_bombs_data.csv"\n'
                'FPATH_OUT_CONX_BANK_COMP = f"{DATA_CLEANED_PATH}/connection_bank_company.csv"\n'
                'FPATH_NEO4J_CB = f"{REPO_PATH}/data_neo4j/carbon_bombs_data.csv"\n')
_CARBON_LOADER = (
    "import os\n\nimport pandas as pd\nfrom dotenv import load_dotenv\nfrom neo4j import basic_auth\n"
    "from neo4j import GraphDatabase\nimport json\n\n"
    "from carbon_bombs.conf import FPATH_NEO4J_CB\nfrom carbon_bombs.conf import FPATH_OUT_CB\n"
    "from carbon_bombs.conf import FPATH_OUT_CONX_BANK_COMP\nfrom carbon_bombs.utils.logger import LOGGER\n\n"
    'load_dotenv()\nNEO4J_URI = os.environ["NEO4J_URI"]\n\n'
    'cols = {"Carbon_bomb_name_source_CB": "name", "Potential_GtCO2_source_CB": "potential_gtco2",\n'
    '        "Carbon_bomb_start_year": "start_year"}\n\n'
    "def write_nodes(driver, node_type, node_data):\n"
    "    def _create(tx, node_type, node_data):\n"
    '        q = f"MERGE (n:{node_type} " + "{"\n'
    "        for key in node_data.keys():\n"
    '            q += f"{key}: ${key},"\n'
    '        tx.run(q[:-1] + "})", **node_data)\n'
    '    with driver.session(database="neo4j") as session:\n'
    "        for _, row in node_data.iterrows():\n"
    '            LOGGER.debug(f"write `{row.iloc[0]}`")\n'
    "            session.execute_write(_create, node_type, row)\n\n"
    "def update_neo4j():\n"
    '    data = pd.read_csv(FPATH_OUT_CB).fillna("None")\n'
    "    data = data[cols.keys()].rename(columns=cols)\n"
    '    data.to_csv(FPATH_NEO4J_CB, encoding="utf-8-sig", index=False)\n'
    '    driver = GraphDatabase.driver(NEO4J_URI, auth=basic_auth("neo4j", "x"))\n'
    '    write_nodes(driver, "carbon_bomb", data)\n'
    "    links = pd.read_csv(FPATH_OUT_CONX_BANK_COMP)\n"
    '    links.columns = ["Bank", "Company", "Y2019", "Total"]\n'
    '    with driver.session(database="neo4j") as session:\n'
    "        for _, row in links.iterrows():\n"
    '            session.execute_write(lambda tx, b, t: tx.run("MATCH (b:bank {name: $bank}) SET b.t = $total",\n'
    '                                  bank=b, total=t), row["Bank"], row["Total"])\n'
    "    driver.close()\n")
# the cleaned files begin with a UTF-8 byte-order mark (to_csv's utf-8-sig), which read_csv leaves out of the name
_CARBON_BOMBS_CSV = ("\ufeffCarbon_bomb_name_source_CB,Potential_GtCO2_source_CB,Carbon_bomb_start_year,Other\n"
                     "Abqaiq,1.59282777,1946,x\nTengiz,2.1,,y\n")
_CARBON_LINKS_CSV = "\ufeffBank,Company,2019,Grand Total\nANZ,AGL Energy Ltd,116841313,116841313.0\n"


def _carbon_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _CARBON_LOADER) -> Path:
    files = {corpus.CARBON_BOMBS_CONF: _CARBON_CONF, corpus.CARBON_BOMBS_LOADER: loader,
             "data_cleaned/carbon_bombs_data.csv": _CARBON_BOMBS_CSV,
             "data_cleaned/connection_bank_company.csv": _CARBON_LINKS_CSV, "data_sources/metadatas.csv": "a\n1\n"}
    later = {"data_cleaned/carbon_bombs_data.csv": _CARBON_BOMBS_CSV.replace("Abqaiq", "Later")}
    pinned = _committed_mirror(tmp_path, "dataforgoodfr+CarbonBombs", dict(files), later=dict(later))
    monkeypatch.setattr(corpus, "CARBON_BOMBS_COMMIT", pinned)
    return tmp_path


def test_carbon_bombs_runs_update_neo4j_over_the_pinned_cleaned_files_as_pandas_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the start year column has a blank: float64 (1946 -> 1946.0), and fillna("None") writes the string "None";
    # a column of integers stays int, one of numbers with a point float; the byte-order mark is not in the name
    store = Recorder()
    corpus.write_carbon_bombs(store, _carbon_mirror(tmp_path, monkeypatch))
    merge = "MERGE (n:carbon_bomb {name: $name,potential_gtco2: $potential_gtco2,start_year: $start_year})"
    assert store.calls == [
        (merge, {"name": "Abqaiq", "potential_gtco2": 1.59282777, "start_year": 1946.0}),
        (merge, {"name": "Tengiz", "potential_gtco2": 2.1, "start_year": "None"}),
        ("MATCH (b:bank {name: $bank}) SET b.t = $total", {"bank": "ANZ", "total": 116841313.0})]
    assert type(store.calls[0][1]["start_year"]) is float


@pytest.mark.parametrize(("change", "refused"), [
    ("import subprocess\n", "imports subprocess"),
    ('data = pd.read_csv("/CarbonBombs/data_sources/metadatas.csv")\n', "metadatas.csv .*which is not read here"),
    ('data = pd.read_csv(FPATH_OUT_CB)[["Bank Name"]]\n', r"columns \['Bank Name'\], which the file does not have")])
def test_carbon_bombs_reads_no_other_file_module_or_column(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           change: str, refused: str) -> None:
    loader = _CARBON_LOADER.replace("    driver.close()\n", "    " + change) if "data" in change else (
        change + _CARBON_LOADER)
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_carbon_bombs(Recorder(), _carbon_mirror(tmp_path, monkeypatch, loader))


# sbl-sdsc/coronavirus-knowledge-graph's 2-CreateGraph.ipynb (shortened): the tool's help commented out, the old
# database removed, then its one neo4j-admin import (3.5) command, its files named relative to notebooks/
_CORONAVIRUS_IMPORT = (
    '!"$NEO4J_HOME"/bin/neo4j-admin import --database=graph.db --id-type=STRING --max-memory=250000 \\\n'
    "    --nodes=../reference_data/Pathogen.csv \\\n    --nodes=../data/nodes/Host.csv \\\n"
    "    --nodes=../data/nodes/PersonAnimal.csv \\\n    --nodes=../data/nodes/Strain.csv \\\n"
    "    --relationships=../data/relationships/PersonAnimal-CARRIES-Strain.csv \\\n"
    "    --relationships=../data/relationships/PersonAnimal-IS_A-Host.csv \\\n"
    "    --relationships=../data/relationships/Pathogen-HAS-Strain.csv")


def _coronavirus_notebook(*imports: str) -> str:
    cells = [("markdown", "# Create Neo4j Graph Database"), ("code", "import os"),
             ("code", '# Print neo4j-admin help\n# !"$NEO4J_HOME"/bin/neo4j-admin import'),
             ("code", '!rm -r "$NEO4J_HOME"/data/databases/graph.db'), *(("code", text) for text in imports)]
    return json.dumps({"cells": [{"cell_type": kind, "metadata": {}, "source": text.splitlines(keepends=True)}
                                 for kind, text in cells], "nbformat": 4, "nbformat_minor": 2})


_CORONAVIRUS_FILES = {
    "reference_data/Pathogen.csv": "taxonomy_id:ID(pathogen_taxonomy_id),acronym,name,:LABEL\n"
                                   "2697049,SARS-CoV-2,Severe acute respiratory syndrome coronavirus 2,Pathogen\n",
    "data/nodes/Host.csv": "taxonomy_id:ID(host_taxonomy_id),name,:LABEL\n9606,Homo sapiens,Host\n"
                           "59477,Rhinolophus affinis,Host\n",
    "data/nodes/PersonAnimal.csv": "id:ID(host_id),age,sex,exposure_location,taxonomy_id,date_submitted,:LABEL\n"
                                   "Finland/1/2020,32,Female,Hubei,9606,2020-02-03,Person\n"
                                   "bat/Yunnan/RaTG13/2013,,Male,Yunnan,59477,2020-01-24,Animal\n",
    # a strain's id is its name, the same text as its host's id, in another id group
    "data/nodes/Strain.csv": "name:ID(strain_id),clade,gisaid_epi_isl,genbank_accession,date,:LABEL\n"
                             "Finland/1/2020,,EPI_ISL_407079,MT020781,2020-01-29,Strain\n"
                             "bat/Yunnan/RaTG13/2013,,EPI_ISL_402131,,2013-07-24,Strain\n",
    # its END_ID column before its START_ID column, as the files have it
    "data/relationships/PersonAnimal-CARRIES-Strain.csv": ":END_ID(strain_id),:START_ID(host_id),:TYPE\n"
                                                          "Finland/1/2020,Finland/1/2020,CARRIES\n"
                                                          "bat/Yunnan/RaTG13/2013,bat/Yunnan/RaTG13/2013,CARRIES\n",
    "data/relationships/PersonAnimal-IS_A-Host.csv": ":START_ID(host_id),:END_ID(host_taxonomy_id),:TYPE\n"
                                                     "Finland/1/2020,9606,IS_A\nbat/Yunnan/RaTG13/2013,59477,IS_A\n",
    "data/relationships/Pathogen-HAS-Strain.csv": ":END_ID(strain_id),:START_ID(pathogen_taxonomy_id),:TYPE\n"
                                                  "Finland/1/2020,2697049,HAS\nbat/Yunnan/RaTG13/2013,2697049,HAS\n"}


def _coronavirus_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, notebook: str | None = None,
                        **files: str) -> Path:
    pinned = _committed_mirror(
        tmp_path, "sbl-sdsc+coronavirus-knowledge-graph",
        {corpus.CORONAVIRUS_KG_NOTEBOOK: notebook or _coronavirus_notebook(_CORONAVIRUS_IMPORT),
         **_CORONAVIRUS_FILES, **files},
        later={"data/nodes/Host.csv": "taxonomy_id:ID(host_taxonomy_id),name,:LABEL\n9606,Later,Host\n"})
    monkeypatch.setattr(corpus, "CORONAVIRUS_KG_COMMIT", pinned)
    return tmp_path


def test_coronavirus_strains_imports_its_notebooks_command_over_the_pinned_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_coronavirus_strains(store, _coronavirus_mirror(tmp_path, monkeypatch))
    index = "CREATE INDEX `neo4j_admin_import_{}` IF NOT EXISTS FOR (n:`{}`) ON (n.`{}`)"
    match = "UNWIND $rows AS row MATCH (s:`{}` {{`{}`: row.s}}) MATCH (e:`{}` {{`{}`: row.e}}) "
    pairs = [{"s": "Finland/1/2020", "e": "Finland/1/2020", "p": {}},
             {"s": "bat/Yunnan/RaTG13/2013", "e": "bat/Yunnan/RaTG13/2013", "p": {}}]
    assert store.calls == [
        ("UNWIND $rows AS row CREATE (n:`Pathogen`) SET n = row",
         {"rows": [{"taxonomy_id": "2697049", "acronym": "SARS-CoV-2",
                    "name": "Severe acute respiratory syndrome coronavirus 2"}]}),
        # the host file as pinned, not as the later commit has it
        ("UNWIND $rows AS row CREATE (n:`Host`) SET n = row",
         {"rows": [{"taxonomy_id": "9606", "name": "Homo sapiens"},
                   {"taxonomy_id": "59477", "name": "Rhinolophus affinis"}]}),
        # :LABEL makes a Person or an Animal; every column a string; an empty field (the bat's age) no property
        ("UNWIND $rows AS row CREATE (n:`Person`) SET n = row",
         {"rows": [{"id": "Finland/1/2020", "age": "32", "sex": "Female", "exposure_location": "Hubei",
                    "taxonomy_id": "9606", "date_submitted": "2020-02-03"}]}),
        ("UNWIND $rows AS row CREATE (n:`Animal`) SET n = row",
         {"rows": [{"id": "bat/Yunnan/RaTG13/2013", "sex": "Male", "exposure_location": "Yunnan",
                    "taxonomy_id": "59477", "date_submitted": "2020-01-24"}]}),
        ("UNWIND $rows AS row CREATE (n:`Strain`) SET n = row",
         {"rows": [{"name": "Finland/1/2020", "gisaid_epi_isl": "EPI_ISL_407079", "genbank_accession": "MT020781",
                    "date": "2020-01-29"},
                   {"name": "bat/Yunnan/RaTG13/2013", "gisaid_epi_isl": "EPI_ISL_402131", "date": "2013-07-24"}]}),
        (index.format(0, "Person", "id"), {}), (index.format(1, "Strain", "name"), {}),
        (index.format(2, "Animal", "id"), {}), (index.format(3, "Host", "taxonomy_id"), {}),
        (index.format(4, "Pathogen", "taxonomy_id"), {}), ("CALL db.awaitIndexes()", {}),
        (match.format("Person", "id", "Strain", "name") + "CREATE (s)-[r:`CARRIES`]->(e) SET r = row.p",
         {"rows": pairs[:1]}),
        (match.format("Animal", "id", "Strain", "name") + "CREATE (s)-[r:`CARRIES`]->(e) SET r = row.p",
         {"rows": pairs[1:]}),
        (match.format("Person", "id", "Host", "taxonomy_id") + "CREATE (s)-[r:`IS_A`]->(e) SET r = row.p",
         {"rows": [{"s": "Finland/1/2020", "e": "9606", "p": {}}]}),
        (match.format("Animal", "id", "Host", "taxonomy_id") + "CREATE (s)-[r:`IS_A`]->(e) SET r = row.p",
         {"rows": [{"s": "bat/Yunnan/RaTG13/2013", "e": "59477", "p": {}}]}),
        (match.format("Pathogen", "taxonomy_id", "Strain", "name") + "CREATE (s)-[r:`HAS`]->(e) SET r = row.p",
         {"rows": [{"s": "2697049", "e": "Finland/1/2020", "p": {}},
                   {"s": "2697049", "e": "bat/Yunnan/RaTG13/2013", "p": {}}]}),
        *((f"DROP INDEX `neo4j_admin_import_{n}`", {}) for n in range(5))]


def test_coronavirus_strains_takes_out_only_the_memory_option() -> None:
    command = corpus._coronavirus_kg_command(_coronavirus_notebook(_CORONAVIRUS_IMPORT).encode())
    assert "--max-memory" not in command and "--id-type=STRING" in command and "--database=graph.db" in command
    assert command.count("--nodes=") == 4 and command.count("--relationships=") == 3


@pytest.mark.parametrize(("notebook", "refused"), [
    (_coronavirus_notebook(), "in 0 cells, not one"),  # only the commented-out help names the tool
    (_coronavirus_notebook(_CORONAVIRUS_IMPORT, _CORONAVIRUS_IMPORT), "in 2 cells, not one"),
    (_coronavirus_notebook(_CORONAVIRUS_IMPORT.replace("../data/nodes/Host.csv", "../../Host.csv")),
     "reads ../../Host.csv, outside the repository"),
    (_coronavirus_notebook(_CORONAVIRUS_IMPORT.replace("--database=graph.db", "--delimiter=TAB")), "with options")])
def test_coronavirus_strains_refuses_what_its_notebook_does_not_run_as_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, notebook: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_coronavirus_strains(Recorder(), _coronavirus_mirror(tmp_path, monkeypatch, notebook))


# IUIDSL/kgap_lincs-idg's lymphoma ld_ag (shortened): the docker steps around its one neo4j-admin import (3.5)
# command, run in the ephemeral container over /import/ (its own folder copied there), each file argument a header
# file and a gzipped tab-separated data file; then the Cypher files it pipes to cypher-shell
_LINCS_IMPORT = (
    'docker exec -t \\\n   ${EPHEMERALCONTAINER} bin/neo4j-admin import \\\n  --mode=csv \\\n'
    '  --database="${CONTAINER}" \\\n  --ignore-missing-nodes \\\n  --delimiter "\\t" \\\n  --high-io=true \\\n'
    "  --report-file=importreport.txt \\\n"
    '  --nodes:Gene="/import/v/gene.hdr.tsv,/import/v/gene.tsv.gz" \\\n'
    '  --nodes:Signature="/import/v/signature.hdr.tsv,/import/v/signature.tsv.gz" \\\n'
    '  --relationships:SIGNATURE_GENE="/import/e/signature.gene.hdr.tsv,/import/e/signature.gene.tsv.gz"\n')
_LINCS_CYPHER_SHELL = "".join(f'docker exec -t ${{CONTAINER}} bash -c "bin/cypher-shell </import/{name}"\n'
                              for name in ("ag_indexes.cypher", "ag_num_rels.cypher", "ag_warm_cache.cypher"))
_LINCS_SCRIPT = ("#!/bin/bash\n# neo4j-admin import can not be used on a running neo4j\n"
                 + _LINCS_IMPORT + "docker stop ${EPHEMERALCONTAINER}\n" + _LINCS_CYPHER_SHELL)
_LINCS_NUM_RELS = ('CALL apoc.periodic.iterate(\n"MATCH (n)-[r]-() return n, count(r) as num_rels",\n'
                   '"set n.num_rels = num_rels",\n{batchSize:1000, iterateList:true, parallel:true});\n\n'
                   'CALL apoc.periodic.iterate(\n"MATCH (n) where not (n)--() return n",\n"set n.num_rels = 0",\n'
                   "{batchSize:1000, iterateList:true, parallel:true});\n")


def _lincs_files(**changed: str | bytes) -> dict[str, str | bytes]:
    import gzip

    files: dict[str, str | bytes] = {
        "ld_ag": _LINCS_SCRIPT,
        "v/gene.hdr.tsv": "id:ID(pr_gene_id)\tpr_gene_symbol:string\tpr_is_lm:int\tdescription:string\n",
        # an empty description; a '"' in the middle of a field, which only a field's first character opens
        "v/gene.tsv.gz": gzip.compress(b'780\tDDR1\t1\t\n5211\tPFKL\t1\tEukaryotic two domain clade "E" family.\n'),
        "v/signature.hdr.tsv": "id:ID(sig_id)\tpert_iname:string\tpert_idose:string\n",
        "v/signature.tsv.gz": gzip.compress("CPC006_U937_6H:BRD-K1:10\tvorinostat\t10 µM\n".encode()),
        "e/signature.gene.hdr.tsv": ":START_ID(pr_gene_id)\t:END_ID(sig_id)\tzscore:float\n",
        # the last row's gene is not among the nodes: --ignore-missing-nodes skips it
        "e/signature.gene.tsv.gz": gzip.compress(b"780\tCPC006_U937_6H:BRD-K1:10\t3.5\n"
                                                 b"5211\tCPC006_U937_6H:BRD-K1:10\t-4.25\n"
                                                 b"999\tCPC006_U937_6H:BRD-K1:10\t5.0\n"),
        "ag_indexes.cypher": "//\tThis file was created by user 'plastic'\n"
                             "CREATE CONSTRAINT ON (n:Gene) ASSERT n.pr_gene_symbol IS UNIQUE;\n"
                             "CREATE INDEX ON :Signature(pert_iname);\n",
        "ag_num_rels.cypher": _LINCS_NUM_RELS,
        "ag_warm_cache.cypher": "CALL apoc.warmup.run(true, true);\n", **changed}
    return {f"{corpus.LINCS_IDG_FOLDER}/{path}": text for path, text in files.items()}


def _lincs_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **changed: str | bytes) -> Path:
    # the repository's later restructuring removed the folder: the writer reads it at the pinned commit
    pinned = _committed_mirror(tmp_path, "IUIDSL+kgap_lincs-idg", _lincs_files(**changed),
                               later={path: None for path in _lincs_files()})
    monkeypatch.setattr(corpus, "LINCS_IDG_COMMIT", pinned)
    return tmp_path


def test_lincs_lymphoma_imports_ld_ags_command_then_runs_its_cypher(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_lincs_lymphoma(store, _lincs_mirror(tmp_path, monkeypatch))
    sig = "CPC006_U937_6H:BRD-K1:10"
    assert store.calls == [
        # ids strings, `pr_is_lm:int` an integer, an empty field no property, the quote kept as the tool reads it
        ("UNWIND $rows AS row CREATE (n:`Gene`) SET n = row",
         {"rows": [{"id": "780", "pr_gene_symbol": "DDR1", "pr_is_lm": 1},
                   {"id": "5211", "pr_gene_symbol": "PFKL", "pr_is_lm": 1,
                    "description": 'Eukaryotic two domain clade "E" family.'}]}),
        ("UNWIND $rows AS row CREATE (n:`Signature`) SET n = row",
         {"rows": [{"id": sig, "pert_iname": "vorinostat", "pert_idose": "10 µM"}]}),
        ("CREATE INDEX `neo4j_admin_import_0` IF NOT EXISTS FOR (n:`Gene`) ON (n.`id`)", {}),
        ("CREATE INDEX `neo4j_admin_import_1` IF NOT EXISTS FOR (n:`Signature`) ON (n.`id`)", {}),
        ("CALL db.awaitIndexes()", {}),
        ("UNWIND $rows AS row MATCH (s:`Gene` {`id`: row.s}) MATCH (e:`Signature` {`id`: row.e}) "
         "CREATE (s)-[r:`SIGNATURE_GENE`]->(e) SET r = row.p",
         {"rows": [{"s": "780", "e": sig, "p": {"zscore": 3.5}}, {"s": "5211", "e": sig, "p": {"zscore": -4.25}}]}),
        ("DROP INDEX `neo4j_admin_import_0`", {}), ("DROP INDEX `neo4j_admin_import_1`", {}),
        # ag_indexes.cypher in 5.x syntax, then ag_num_rels.cypher's two batched queries each as one query
        ("CREATE CONSTRAINT FOR (n:Gene) REQUIRE n.pr_gene_symbol IS UNIQUE", {}),
        ("CREATE INDEX FOR (n:Signature) ON (n.pert_iname)", {}),
        ("MATCH (n)-[r]-() WITH n, count(r) as num_rels set n.num_rels = num_rels", {}),
        ("MATCH (n) where not (n)--() WITH n set n.num_rels = 0", {})]


def test_lincs_lymphoma_reads_the_3_5_command_in_the_4_x_form() -> None:
    command = corpus._lincs_import_command(_LINCS_SCRIPT)
    folder = corpus.LINCS_IDG_FOLDER
    assert command == (
        f"neo4j-admin import --ignore-missing-nodes=true --nodes=Gene={folder}/v/gene.hdr.tsv,{folder}/v/gene.tsv.gz "
        f"--nodes=Signature={folder}/v/signature.hdr.tsv,{folder}/v/signature.tsv.gz "
        f"--relationships=SIGNATURE_GENE={folder}/e/signature.gene.hdr.tsv,{folder}/e/signature.gene.tsv.gz")


@pytest.mark.parametrize(("changed", "refused"), [
    ({"ld_ag": _LINCS_SCRIPT.replace('  --delimiter "\\t" \\\n', "")}, "no longer reads tab-separated files"),
    ({"ld_ag": _LINCS_SCRIPT.replace('--delimiter "\\t"', "--delimiter ,")}, "no longer reads tab-separated files"),
    ({"ld_ag": _LINCS_SCRIPT.replace("--high-io=true", "--id-type=INTEGER")}, "has the option --id-type"),
    ({"ld_ag": _LINCS_SCRIPT.replace("/import/v/gene.tsv.gz", "/import/../gene.tsv.gz")}, "not a file of /import/"),
    ({"ld_ag": _LINCS_SCRIPT + _LINCS_IMPORT}, "runs neo4j-admin import 2 times, not once"),
    # without --ignore-missing-nodes the tool stops at the row whose gene it did not import
    ({"ld_ag": _LINCS_SCRIPT.replace("  --ignore-missing-nodes \\\n", "")}, "not both imported"),
    ({"ld_ag": _LINCS_SCRIPT.replace("</import/ag_num_rels.cypher", "")}, "no longer runs ag_num_rels.cypher"),
    ({"ag_num_rels.cypher": _LINCS_NUM_RELS + "MATCH (n) SET n.num_rels = 1;\n"}, "is not an apoc.periodic.iterate"),
    ({"ag_num_rels.cypher": _LINCS_NUM_RELS.split(";")[0] + ";\n"}, "no longer holds its two statements")])
def test_lincs_lymphoma_refuses_what_ld_ag_does_not_run_as_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changed: dict[str, str], refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_lincs_lymphoma(Recorder(), _lincs_mirror(tmp_path, monkeypatch, **changed))


# collaborativebioinformatics/GeNETwork's scripts/neo4js_setup/README.md (shortened): one section per source, each its
# data's location, its load block and a query block; only the drug-disease section's files are in the repository
_GENETWORK_DRUG_LOAD = (
    'LOAD CSV WITH HEADERS FROM "file:///drugs.csv" AS row\nMERGE (d:Drug {id: row.id})\n'
    "SET d.name = row.name, d.isApproved = toBoolean(row.isApproved);\n\n"
    'LOAD CSV WITH HEADERS FROM "file:///drug_disease_interactions.csv" AS row\nMATCH (d:Drug {id: row.subject})\n'
    "MATCH (ds:Disease {id: row.object})\nMERGE (d)-[r:INTERACTS_WITH]->(ds)\n"
    "SET r.maxClinicalTrialPhase = toInteger(row.maxClinicalTrialPhase);\n")
_GENETWORK_PATHWAYS = (
    "## Gene -> Pathway data\n\nData files location: _OSF Storage / outputs_v1 / pathways_triples.tsv (TSV file)_\n\n"
    "Cypher code to load data:\n\n```\nLOAD CSV WITH HEADERS FROM 'file:///pathways_triples.tsv' AS row\n"
    "FIELDTERMINATOR '\\t'\nMERGE (g:Gene {name: row.gene});\n```\n\n")


def _genetwork_guide(load: str = _GENETWORK_DRUG_LOAD, pathways: str = _GENETWORK_PATHWAYS) -> str:
    return ("# Cypher code to load data into Neo4j\n\n## Drug -> Disease data\n\nData files location: [Github](https://"
            f"github.com/collaborativebioinformatics/GeNETwork/tree/main/{corpus.GENETWORK_NAMED})\n\n"
            f"Cypher code to load data:\n\n```\n{load}```\n\nExample Cypher code to query data:\n\n```\n"
            "MATCH p=()-[r:INTERACTS_WITH]->() RETURN p LIMIT 1000\n```\n\n" + pathways)


def _genetwork_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str | None = None) -> Path:
    data = corpus.GENETWORK_DATA
    files = {corpus.GENETWORK_GUIDE: guide if guide is not None else _genetwork_guide(),
             f"{data}drugs.csv": "id,name,isApproved\nCHEMBL1185,ZOLMITRIPTAN,True\nCHEMBL4297594,VERDIPERSTAT,\n",
             f"{data}drug_disease_interactions.csv": "subject,object,maxClinicalTrialPhase\n"
                                                     "CHEMBL1185,MONDO_0005277,4.0\n"}
    # a later commit changes the data: the writer reads the pinned commit
    pinned = _committed_mirror(tmp_path, "collaborativebioinformatics+GeNETwork", files,
                               later={f"{data}drugs.csv": "id,name,isApproved\nCHEMBL1,X,True\n"})
    monkeypatch.setattr(corpus, "GENETWORK_COMMIT", pinned)
    return tmp_path


def test_open_targets_indications_runs_the_drug_disease_load_over_its_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_open_targets_indications(store, _genetwork_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        # an index on each MERGE key first (the MATCHes of its relationship rows find nodes by them)
        ("CREATE INDEX IF NOT EXISTS FOR (n:`Drug`) ON (n.`id`)", {}), ("CALL db.awaitIndexes()", {}),
        ("UNWIND $rows AS row\nMERGE (d:Drug {id: row.id})\nSET d.name = row.name, "
         "d.isApproved = toBoolean(row.isApproved)",
         {"rows": [{"id": "CHEMBL1185", "name": "ZOLMITRIPTAN", "isApproved": "True"},
                   {"id": "CHEMBL4297594", "name": "VERDIPERSTAT", "isApproved": None}]}),
        ("UNWIND $rows AS row\nMATCH (d:Drug {id: row.subject})\nMATCH (ds:Disease {id: row.object})\n"
         "MERGE (d)-[r:INTERACTS_WITH]->(ds)\nSET r.maxClinicalTrialPhase = toInteger(row.maxClinicalTrialPhase)",
         {"rows": [{"subject": "CHEMBL1185", "object": "MONDO_0005277", "maxClinicalTrialPhase": "4.0"}]})]


@pytest.mark.parametrize(("guide", "refused"), [
    (_genetwork_guide().replace("## Drug -> Disease data", "## Drugs"), "no 'Drug -> Disease data' section"),
    (_genetwork_guide().replace("OTs_drugdis_data", "OTs_drugs"), "no 'Drug -> Disease data' section"),
    # a second load block in the section, or another section whose data is no longer on OSF Storage
    (_genetwork_guide(_GENETWORK_DRUG_LOAD + "```\n\nCypher code to load data:\n\n```\nMATCH (n) SET n.x = 1;\n"),
     "has 2 load blocks, not 1"),
    (_genetwork_guide(pathways=_GENETWORK_PATHWAYS.replace("OSF Storage", "Github")), "loads data not on OSF"),
    (_genetwork_guide(_GENETWORK_DRUG_LOAD.replace("file:///drugs.csv", "file:///other/drugs.csv")),
     "reads file:///other/drugs.csv, which no loader here serves"),
    (_genetwork_guide(_GENETWORK_DRUG_LOAD.replace("file:///drugs.csv", "https://osf.io/drugs.csv")),
     "reads https://osf.io/drugs.csv")])
def test_open_targets_indications_refuses_what_its_readme_does_not_load_as_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_open_targets_indications(Recorder(), _genetwork_mirror(tmp_path, monkeypatch, guide))


# mimir-cmyk/neo4j-astro-db's import.cypher, shortened: a constraint, the stars' LOAD CSV (an inline comment after a
# SET clause, as its script writes one), a statement without a file, and the exoplanets' LOAD CSV, whose file is absent
_ASTRO_RAW = "https://raw.githubusercontent.com/mimir-cmyk/neo4j-astro-db/refs/heads/main/"
_ASTRO_SCRIPT = (
    "\n\n//prevent duplicates\nCREATE CONSTRAINT star_hip IF NOT EXISTS\nFOR (s:Star)\nREQUIRE s.hip IS UNIQUE;\n\n"
    f"LOAD CSV WITH HEADERS FROM '{_ASTRO_RAW}stars_enriched.csv' AS row\nWITH row\n"
    "WHERE row.hip IS NOT NULL AND row.hip <> \"\"\nMERGE (s:Star {hip: toInteger(row.hip)})\n"
    "SET\n    s.name = row.proper,\n    s.ra = CASE WHEN row.ra <> \"\" THEN toFloat(row.ra) END, //if \"\"->null\n"
    "    s.spect = row.spect\nMERGE (c:Constellation {name: row.constellation})\n"
    "MERGE (s)-[:IN_CONSTELLATION]->(c);\n\n"
    "MATCH (s:Star)\nSET s.lookup =\ncoalesce(s.hip, s.star_name);\n\n"
    f"LOAD CSV WITH HEADERS FROM '{_ASTRO_RAW}PS_2026.05.12_10.06.39.csv' AS row\n\n"
    "MERGE (p:Planet {name: row.pl_name});\n")
_ASTRO_STARS = ('"id","hip","proper","ra","spect","constellation"\n'
                '"676","677.0","Alpheratz","0.139791","B9p","Andromeda; Pegasus"\n'
                '"3","","","1.2","K0","Whale"\n')


def _astro_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _ASTRO_SCRIPT) -> Path:
    # the exoplanet table is not in the mirror (as in the snapshot); a later commit changes the stars: not read
    pinned = _committed_mirror(tmp_path, "mimir-cmyk+neo4j-astro-db",
                               {corpus.ASTRO_DB_SCRIPT: script, "stars_enriched.csv": _ASTRO_STARS,
                                "other.csv": "a\n1\n"},
                               later={"stars_enriched.csv": '"id","hip"\n"9","9.0"\n'})
    monkeypatch.setattr(corpus, "ASTRO_DB_COMMIT", pinned)
    return tmp_path


def test_astro_stars_runs_import_cypher_at_its_commit_and_its_absent_table_as_no_rows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_astro_stars(store, _astro_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("CREATE CONSTRAINT star_hip IF NOT EXISTS\nFOR (s:Star)\nREQUIRE s.hip IS UNIQUE", {}),
        # every row as LOAD CSV gives it (an empty field null; its WHERE drops the row without a hip)
        ("UNWIND $rows AS row\nWITH row\nWHERE row.hip IS NOT NULL AND row.hip <> \"\"\n"
         "MERGE (s:Star {hip: toInteger(row.hip)})\nSET\n    s.name = row.proper,\n"
         "    s.ra = CASE WHEN row.ra <> \"\" THEN toFloat(row.ra) END, //if \"\"->null\n    s.spect = row.spect\n"
         "MERGE (c:Constellation {name: row.constellation})\nMERGE (s)-[:IN_CONSTELLATION]->(c)",
         {"rows": [{"id": "676", "hip": "677.0", "proper": "Alpheratz", "ra": "0.139791", "spect": "B9p",
                    "constellation": "Andromeda; Pegasus"},
                   {"id": "3", "hip": None, "proper": None, "ra": "1.2", "spect": "K0", "constellation": "Whale"}]}),
        ("MATCH (s:Star)\nSET s.lookup =\ncoalesce(s.hip, s.star_name)", {}),
        # the exoplanet table, absent from the mirror: its statement is given no rows
        ("UNWIND $rows AS row\n\nMERGE (p:Planet {name: row.pl_name})", {"rows": []})]
    assert corpus.graph("astro-stars").split == "spent"
    assert corpus.graph("astro-stars").source == corpus.ASTRO_DB


@pytest.mark.parametrize(("script", "refused"), [
    # a file of the repository not among those it loads, another host, and an absent file a script would need
    (_ASTRO_SCRIPT.replace("stars_enriched.csv", "other.csv"), "reads https://raw.githubusercontent.com/mimir-cmyk/"
     "neo4j-astro-db/refs/heads/main/other.csv, which no loader here serves"),
    (_ASTRO_SCRIPT.replace(_ASTRO_RAW + "stars", "https://example.org/stars"),
     "reads https://example.org/stars_enriched.csv"),
    (_ASTRO_SCRIPT.replace("stars_enriched.csv", "Meteorite_Landings.csv"), "Meteorite_Landings.csv is not in the "
     "mirror")])
def test_astro_stars_refuses_a_file_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str,
                                                       refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_astro_stars(Recorder(), _astro_mirror(tmp_path, monkeypatch, script))


# saravana87/Clinical-Trials-Graph-using-Neo4j's scripts/load_to_neo4j.py, shortened: its dotenv settings, its
# read_csv with sep=",", its isna-guarded ";" split of a list field and its execute_write of one statement per row
_COVID_TRIALS_LOADER = (
    "import pandas as pd\nfrom neo4j import GraphDatabase\nfrom dotenv import load_dotenv\nimport os\n\n"
    "load_dotenv()\ndriver = GraphDatabase.driver(os.getenv('NEO4J_URI'), auth=(os.getenv('NEO4J_USER'), 'x'))\n\n"
    "def create_graph(tx, trial):\n    tx.run('MERGE (t:Trial {nct_number: $nct_number})', **trial)\n\n"
    "def parse_list_field(field):\n    if pd.isna(field):\n        return []\n"
    "    return [item.strip() for item in field.split(';') if item.strip()]\n\n"
    "def main():\n    df = pd.read_csv('data/ctg-studies.csv', sep=',')\n    with driver.session() as session:\n"
    "        for _, row in df.iterrows():\n"
    "            session.execute_write(create_graph, {'nct_number': row['NCT Number'],\n"
    "                                                 'conditions': parse_list_field(row['Conditions']),\n"
    "                                                 'collaborators': parse_list_field(row['Collaborators'])})\n"
    "    print('Data loaded to Neo4j.')\n\nif __name__ == '__main__':\n    main()\n")


def test_covid_clinical_trials_runs_its_loader_splitting_list_fields_on_semicolons_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus, "COVID_TRIALS_COMMIT", "HEAD")  # a plain copy, no git history: read as it stands
    # the export joins several values with "|": the script's ";" split keeps them one value; an empty field is NaN
    mirror = _clone(tmp_path, corpus.COVID_TRIALS, {
        corpus.COVID_TRIALS_LOADER: _COVID_TRIALS_LOADER,
        corpus.COVID_TRIALS_FILE: "NCT Number,Conditions,Collaborators\n"
                                  "NCT1,COVID-19|Influenza,\nNCT2,Cancer; Covid19,\"Univ A, B\"\n"})
    store = Recorder()
    corpus.write_covid_clinical_trials(store, mirror)
    statement = "MERGE (t:Trial {nct_number: $nct_number})"
    assert store.calls == [
        (statement, {"nct_number": "NCT1", "conditions": ["COVID-19|Influenza"], "collaborators": []}),
        (statement, {"nct_number": "NCT2", "conditions": ["Cancer", "Covid19"], "collaborators": ["Univ A, B"]})]


@pytest.mark.parametrize(("change", "refused"), [("import subprocess\n", "imports subprocess"),
                                                  ("pd.read_csv('data/other.csv')\n", "reads data/other.csv"),
                                                  ("pd.read_csv('data/ctg-studies.csv', sep=';')\n", "with \\[';'\\]"),
                                                  ("pd.read_csv('data/ctg-studies.csv', nrows=2)\n",
                                                   "with \\['nrows'\\]")])
def test_covid_clinical_trials_imports_and_reads_nothing_but_what_its_loader_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    monkeypatch.setattr(corpus, "COVID_TRIALS_COMMIT", "HEAD")
    mirror = _clone(tmp_path, corpus.COVID_TRIALS, {corpus.COVID_TRIALS_LOADER: "import pandas as pd\n" + change,
                                                    "data/other.csv": "a\n1\n", corpus.COVID_TRIALS_FILE: "a\n1\n"})
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_covid_clinical_trials(Recorder(), mirror)


# fengxi177/Knowlegde_Graph_TCM's zhongyao/main_zhongyao.py, shortened: its py2neo Graph over http, one node a line of
# the nodes file (its "<label>\t<name>" the key the triples name), one relationship a triple
_TCM_HERBS_LOADER = (
    "import json\nfrom py2neo import Graph, Node, Relationship\n\n\n"
    "def generateGraph_Node(graph, label, name):\n    node = Node(label, name=name)\n    graph.create(node)\n"
    "    return node\n\n\ndef generateGraph_Relation(graph, node_1, relation, node_2):\n"
    "    r = Relationship(node_1, relation, node_2)\n    graph.create(r)\n\n\ndef create_graph_zhongyao():\n"
    "    nodes = []\n    connect_graph = Graph(\"http://localhost:7474\", auth=(\"neo4j\", \"123456\"))\n"
    "    dict_nodes = {}\n"
    "    with open(\"./data_zhongyao/nodes_zhongyao.txt\", \"r\", encoding=\"utf-8\") as fr_n:\n"
    "        for line in fr_n.readlines():\n            line = line.strip()\n"
    "            lable, name = line.split(\"\\t\")\n"
    "            node = generateGraph_Node(connect_graph, lable, name)\n            dict_nodes[line] = node\n"
    "    with open(\"./data_zhongyao/relations_zhongyao.json\", \"r\", encoding=\"utf-8\") as fr_r:\n"
    "        for ele in json.load(fr_r):\n            node_1 = ele[\"node_1\"]\n"
    "            relation = ele[\"relation\"]\n            node_2 = ele[\"node_2\"]\n"
    "            node_1_g = dict_nodes[node_1]\n            node_2_g = dict_nodes[node_2]\n"
    "            generateGraph_Relation(connect_graph, node_1_g, relation, node_2_g)\n"
    "\n\nif __name__ == '__main__':\n    create_graph_zhongyao()\n    pass\n")
_TCM_HERBS_NODES = "中药材\t中药材\n中药名\t白草根\n别名\t倒生草\n四气\t寒\n五味\t甘\n主治\t小儿夜啼\n"
_TCM_HERBS_RELATIONS = [
    {"node_1": "中药材\t中药材", "relation": "include", "node_2": "中药名\t白草根"},
    {"node_1": "中药名\t白草根", "relation": "another name", "node_2": "别名\t倒生草"},
    {"node_1": "中药名\t白草根", "relation": "four properties", "node_2": "四气\t寒"},
    {"node_1": "中药名\t白草根", "relation": "five flavors", "node_2": "五味\t甘"}]


def _tcm_herbs_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _TCM_HERBS_LOADER,
                      relations: list[dict[str, str]] | None = None) -> Path:
    """A fetched mirror of fengxi177/Knowlegde_Graph_TCM whose pinned commit holds the loader and its two files and
    whose later commit empties them (the pinned commit's files are the ones read)."""
    import subprocess

    fetched = tmp_path / "fengxi177+Knowlegde_Graph_TCM" / "repo"
    (fetched / "zhongyao" / "data_zhongyao").mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.TCM_HERBS_LOADER).write_text(loader, encoding="utf-8")
    nodes, triples = (fetched / "zhongyao/data_zhongyao/nodes_zhongyao.txt",
                      fetched / "zhongyao/data_zhongyao/relations_zhongyao.json")
    nodes.write_text(_TCM_HERBS_NODES, encoding="utf-8")
    triples.write_text(json.dumps(_TCM_HERBS_RELATIONS if relations is None else relations, ensure_ascii=False),
                       encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "中药知识图谱"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    nodes.write_text("中药名\t艾叶\n", encoding="utf-8")
    triples.write_text("[]", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "TCM_HERBS_COMMIT", full)
    return tmp_path


def test_tcm_herbs_runs_main_zhongyao_py_with_a_py2neo_over_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each line of the nodes file one node of its label and name, in the file's order (one no triple names, 主治
    # 小儿夜啼, created all the same), then one relationship a triple between the nodes its strings name, its
    # relation the type as written (spaces kept); the files of TCM_HERBS_COMMIT, not of a later commit
    store = _TcmStore()
    corpus.write_tcm_herbs(store, _tcm_herbs_mirror(tmp_path, monkeypatch))
    assert list(store.nodes.values()) == [
        ("中药材", {"name": "中药材"}), ("中药名", {"name": "白草根"}), ("别名", {"name": "倒生草"}),
        ("四气", {"name": "寒"}), ("五味", {"name": "甘"}), ("主治", {"name": "小儿夜啼"})]
    names = {node_id: f"{label}:{props['name']}" for node_id, (label, props) in store.nodes.items()}
    rels = [(names[params["a"]], statement.split("[r:")[1].split(" $props")[0], names[params["b"]], params["props"])
            for statement, params in store.calls if "[r:" in statement]
    assert rels == [("中药材:中药材", "`include`", "中药名:白草根", {}),
                    ("中药名:白草根", "`another name`", "别名:倒生草", {}),
                    ("中药名:白草根", "`four properties`", "四气:寒", {}),
                    ("中药名:白草根", "`five flavors`", "五味:甘", {})]
    assert len(store.calls) == 6 + 4
    assert corpus.graph("tcm-herbs").split == "spent"


@pytest.mark.parametrize(("change", "refused"), [
    ("import os\n", "imports os"),
    ("open('./data_zhongyao/herbs.csv')\n", "opens ./data_zhongyao/herbs.csv"),
    ("open('../fangji/data_fangji/nodes_fangji.txt')\n", "opens ../fangji/data_fangji/nodes_fangji.txt")])
def test_tcm_herbs_refuses_what_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str,
                                                   refused: str) -> None:
    loader = _TCM_HERBS_LOADER.replace("if __name__ == '__main__':\n", f"if __name__ == '__main__':\n    {change}")
    store = _TcmStore()
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_tcm_herbs(store, _tcm_herbs_mirror(tmp_path, monkeypatch, loader))
    assert store.calls == []


def test_tcm_herbs_stops_as_its_script_does_on_a_triple_of_a_node_not_in_the_nodes_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the script's dict_nodes lookup fails (KeyError) and nothing after it is written: no node is made up for it
    store = _TcmStore()
    unknown = {"node_1": "中药名\t白草根", "relation": "from", "node_2": "来源\t中华本草"}
    relations = [*_TCM_HERBS_RELATIONS[:2], unknown, _TCM_HERBS_RELATIONS[2]]
    with pytest.raises(KeyError, match="来源"):
        corpus.write_tcm_herbs(store, _tcm_herbs_mirror(tmp_path, monkeypatch, relations=relations))
    assert len(store.nodes) == 6
    assert [params["props"] for statement, params in store.calls if "[r:" in statement] == [{}, {}]


# Ethan00Si/JuHeRenDa's utils/process_entity/process_to_neo.py, shortened to what create_graph runs: its py2neo
# Graph over bolt, a teacher node per line of each file of the folder it walks (major_in, position_is each matched
# before it is made), one Department per file, then a Lab per line of the labs folder's JSON file, work_in its members
_RUC_FACULTY_LOADER = (
    "import re\nimport jsonlines\nimport pandas\nimport json\nimport os\nimport numpy\nfrom tqdm import tqdm\n"
    "from py2neo import Graph,Node,Relationship\n\n"
    "def create_teacher_nodes(json_path='../../data/teachers'):\n    entity2id={}\n"
    "    graph = Graph('bolt://localhost:7687',username='neo4j',password='123')\n    id_node = 0\n"
    "    for dir_path,dir_name,file_list in os.walk(json_path):\n        for filename in file_list:\n"
    "            if os.path.splitext(filename)[1]=='.json':\n"
    "                with open('/'.join([dir_path,filename]),'r',encoding='utf-8') as f:\n"
    "                    teachers = []\n                    for item in jsonlines.Reader(f):\n"
    "                        teacher = Node('Teacher',var=item['name'],id=id_node)\n"
    "                        entity2id[item['name']] = id_node\n"
    "                        for prop in list(item.keys()):\n                            if prop != 'name':\n"
    "                                teacher[prop] = item[prop]\n"
    "                        teachers.append(teacher)\n                        graph.create(teacher)\n"
    "                        id_node += 1\n                        try:\n"
    "                            for major in item['major']:\n                                if major:\n"
    "                                    majorNode = graph.nodes.match('Major',var=major).first()\n"
    "                                    if majorNode:\n"
    "                                        r = Relationship(teacher,'major_in',majorNode,id=-1)\n"
    "                                        graph.create(r)\n                                    else:\n"
    "                                        majorNode = Node('Major',var=major,id=id_node)\n"
    "                                        r = Relationship(teacher,'major_in',majorNode,id=-1)\n"
    "                                        graph.create(r)\n                                        id_node += 1\n"
    "                        except:\n                            print('%s have no major' % item['name'])\n"
    "                        try:\n                            for position in item['position']:\n"
    "                                if position:\n"
    "                                    posNode = graph.nodes.match('Position',var=position).first()\n"
    "                                    if posNode:\n"
    "                                        r = Relationship(teacher,'position_is',posNode,id=-2)\n"
    "                                        graph.create(r)\n                                    else:\n"
    "                                        posNode = Node('Position',var=position,id=id_node)\n"
    "                                        r = Relationship(teacher,'position_is',posNode,id=-2)\n"
    "                                        graph.create(r)\n                                        id_node += 1\n"
    "                        except:\n                            print('%s have no position' % item['name'])\n"
    "                    department = teachers[0]['department']\n"
    "                    departNode = Node('Department',var=department,id=id_node)\n"
    "                    graph.create(departNode)\n                    id_node += 1\n"
    "                    for teacher in teachers:\n"
    "                        r = Relationship(teacher,'in',departNode,id=-4)\n                        graph.create(r)\n"
    "    return id_node,entity2id\n\n"
    "def create_lab_nodes(id_start,entity2id,json_path=r\"../../data/词典/labs\"):\n"
    "    graph = Graph('bolt://localhost:7687',username='neo4j',password='123')\n    id_node = id_start\n"
    "    for dir_path,dir_name,file_list in os.walk(json_path):\n        for filename in file_list:\n"
    "            if os.path.splitext(filename)[1]=='.json':\n"
    "                with open('/'.join([dir_path,filename]),'r',encoding='utf-8') as f:\n"
    "                    for item in jsonlines.Reader(f):\n"
    "                        lab = Node('Lab',var=item['lab'],id=id_node)\n"
    "                        lab['url'] = item['url']\n                        graph.create(lab)\n"
    "                        id_node += 1\n                        for member in item['members']:\n"
    "                            memberNode = graph.nodes.match('Teacher',var=member,"
    "department=item['department']).first()\n"
    "                            if memberNode:\n"
    "                                r = Relationship(memberNode,'work_in',lab,id=-5)\n"
    "                                graph.create(r)\n                            else:\n"
    "                                print('wrong menber %s in %s' % (member,lab))\n"
    "    return id_node,entity2id\n\n"
    "def create_graph(path='../../data/teachers'):\n    _id,_entity2id = create_teacher_nodes(path)\n"
    "    _id,_entity2id = create_lab_nodes(_id,_entity2id)\n"
    "    line = json.dumps(_entity2id,ensure_ascii=False)\n"
    "    f = open('entity2id.json','w',encoding='utf-8')\n    f.write(line)\n    f.close()\n")
_RUC_FACULTY_TEACHERS = {
    "teachers_economics.json": [
        {"department": "经济学院", "name": "陈勇勤", "office": "明德主楼948", "major": ["经济系-经济史教研室"],
         "position": ["教授"]},
        {"department": "经济学院", "name": "贺耀敏", "major": ["经济系-经济史教研室"],
         "position": ["中国人民大学副校长", "教授"]}],
    "teachers_information.json": [
        {"department": "信息学院", "name": "陈红", "major": ["大数据", "隐私保护"], "position": ["教授"],
         "homepage": "http://bi.ruc.edu.cn/chen/index.html"},
        {"department": "信息学院", "name": "刘青", "position": ["副教授"]}]}  # no major: the loader's except
_RUC_FACULTY_LABS = [
    {"department": "信息学院", "lab": "数据仓库与商务智能实验室", "url": "http://info.ruc.edu.cn/lab?id=27",
     "members": ["陈红", "陈勇勤"]}]  # 陈勇勤 is of 经济学院: matched by name and department, so not linked


def _ruc_faculty_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _RUC_FACULTY_LOADER,
                        cell: str = corpus.RUC_FACULTY_CELL, teachers: str | None = None) -> Path:
    """A fetched mirror of Ethan00Si/JuHeRenDa whose pinned commit holds the loader, the notebook, the demo folder's
    two files and the labs folder (a .json and a .txt the loader passes over), and whose later commit empties the
    data (the pinned commit's files are the ones read)."""
    import subprocess

    fetched = tmp_path / "Ethan00Si+JuHeRenDa" / "repo"
    demo, labs = fetched / "data" / "teachers" / "demo", fetched / "data" / "词典" / "labs"
    for folder in (demo, labs, fetched / "utils" / "process_entity"):
        folder.mkdir(parents=True)
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.RUC_FACULTY_LOADER).write_text(loader, encoding="utf-8")
    notebook = {"cells": [{"cell_type": "code", "source": cell.splitlines(keepends=True)},
                          {"cell_type": "code", "source": ["from py2neo import Graph"]}]}
    (fetched / corpus.RUC_FACULTY_NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")
    for name, rows in _RUC_FACULTY_TEACHERS.items():
        text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
        (demo / name).write_text(teachers if teachers is not None and name.endswith("economics.json") else text,
                                 encoding="utf-8")
    (fetched / "data" / "teachers" / "teachers_law.json").write_text(  # outside the walked folder: not read
        json.dumps({"department": "法学院", "name": "王利明", "position": ["教授"]}, ensure_ascii=False) + "\n",
        encoding="utf-8")
    (labs / "labs_information.json").write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in _RUC_FACULTY_LABS), encoding="utf-8")
    (labs / "information.txt").write_text("数据仓库与商务智能实验室\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "增加了demo展示"], check=True)
    full = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (demo / "teachers_information.json").write_text("", encoding="utf-8")
    (labs / "labs_information.json").write_text("", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "later"], check=True)
    monkeypatch.setattr(corpus, "RUC_FACULTY_COMMIT", full)
    return tmp_path


class _RucFacultyStore:
    """A store that keeps the nodes it creates (labels, properties), answers the loader's matches of a label and
    properties from them, and records every relationship it is asked to create."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[str, dict[str, Any]]] = {}
        self.rels: list[tuple[str, str, str, dict[str, Any]]] = []
        self.calls: list[str] = []

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        params = params or {}
        self.calls.append(statement)
        if statement.startswith("CREATE (n:"):
            node_id = str(len(self.nodes))
            self.nodes[node_id] = (statement.split("`")[1], dict(params["props"]))
            return [{"id": node_id}]
        if statement.startswith("MATCH (n:"):
            label = statement.split("`")[1]
            keys = [part.split("`")[1] for part in statement.split(" WHERE ")[1].split(" RETURN")[0].split(" AND ")]
            wanted = {key: params[f"p{i}"] for i, key in enumerate(keys)}
            for node_id, (node_label, props) in self.nodes.items():
                if node_label == label and all(props.get(k) == v for k, v in wanted.items()):
                    return [{"id": node_id, "props": props}]
            return []
        if "CREATE (a)-[r:" in statement:
            kind = statement.split("[r:`")[1].split("`")[0]
            self.rels.append((params["a"], kind, params["b"], params["props"]))
            return []
        raise AssertionError(f"an unexpected statement: {statement}")

    def named(self, node_id: str) -> str:
        label, props = self.nodes[node_id]
        return f"{label}:{props['var']}"


def test_ruc_faculty_runs_the_notebook_cell_over_the_loader_with_a_py2neo_over_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the demo folder's files in name order, each teacher a node with every field of its line; a major or position
    # made once and matched after; one Department per file; the lab's members matched by name and department (陈勇勤
    # of 经济学院 is not linked to the 信息学院 lab); the files of the pinned commit; data/teachers/ itself not read
    store = _RucFacultyStore()
    corpus.write_ruc_faculty(store, _ruc_faculty_mirror(tmp_path, monkeypatch))
    assert [(label, props["var"], props["id"]) for label, props in store.nodes.values()] == [
        ("Teacher", "陈勇勤", 0), ("Major", "经济系-经济史教研室", 1), ("Position", "教授", 2),
        ("Teacher", "贺耀敏", 3), ("Position", "中国人民大学副校长", 4), ("Department", "经济学院", 5),
        ("Teacher", "陈红", 6), ("Major", "大数据", 7), ("Major", "隐私保护", 8), ("Teacher", "刘青", 9),
        ("Position", "副教授", 10), ("Department", "信息学院", 11), ("Lab", "数据仓库与商务智能实验室", 12)]
    assert store.nodes["0"][1] == {"var": "陈勇勤", "id": 0, "department": "经济学院", "office": "明德主楼948",
                                   "major": ["经济系-经济史教研室"], "position": ["教授"]}
    assert store.nodes["12"][1] == {"var": "数据仓库与商务智能实验室", "id": 12, "url": "http://info.ruc.edu.cn/lab?id=27"}
    rels = [(store.named(a), kind, store.named(b), props) for a, kind, b, props in store.rels]
    assert rels == [
        ("Teacher:陈勇勤", "major_in", "Major:经济系-经济史教研室", {"id": -1}),
        ("Teacher:陈勇勤", "position_is", "Position:教授", {"id": -2}),
        ("Teacher:贺耀敏", "major_in", "Major:经济系-经济史教研室", {"id": -1}),
        ("Teacher:贺耀敏", "position_is", "Position:中国人民大学副校长", {"id": -2}),
        ("Teacher:贺耀敏", "position_is", "Position:教授", {"id": -2}),
        ("Teacher:陈勇勤", "in", "Department:经济学院", {"id": -4}),
        ("Teacher:贺耀敏", "in", "Department:经济学院", {"id": -4}),
        ("Teacher:陈红", "major_in", "Major:大数据", {"id": -1}),
        ("Teacher:陈红", "major_in", "Major:隐私保护", {"id": -1}),
        ("Teacher:陈红", "position_is", "Position:教授", {"id": -2}),
        ("Teacher:刘青", "position_is", "Position:副教授", {"id": -2}),
        ("Teacher:陈红", "in", "Department:信息学院", {"id": -4}),
        ("Teacher:刘青", "in", "Department:信息学院", {"id": -4}),
        ("Teacher:陈红", "work_in", "Lab:数据仓库与商务智能实验室", {"id": -5})]
    assert corpus.graph("ruc-faculty").split == "spent"


@pytest.mark.parametrize(("loader_change", "cell", "refused"), [
    ("import csv\n", corpus.RUC_FACULTY_CELL, "imports csv"),
    ("open('../../data/teachers/teachers_law.json')\n", corpus.RUC_FACULTY_CELL, "opens ../../data/teachers/"),
    ("list(os.walk('../../data/teachers'))\n", corpus.RUC_FACULTY_CELL, "walks ../../data/teachers,"),
    ("", "from process_to_neo import create_graph\ncreate_graph()", "first cell is no longer")])
def test_ruc_faculty_refuses_what_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    loader_change: str, cell: str, refused: str) -> None:
    loader = _RUC_FACULTY_LOADER.replace("    _id,_entity2id = create_teacher_nodes(path)\n",
                                         f"    {loader_change}    _id,_entity2id = create_teacher_nodes(path)\n")
    store = _RucFacultyStore()
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_ruc_faculty(store, _ruc_faculty_mirror(tmp_path, monkeypatch, loader, cell))
    assert store.calls == []


def test_ruc_faculty_stops_as_jsonlines_does_on_a_blank_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # jsonlines.Reader raises on a blank line (skip_empty=False): the teacher before it is written, none after it
    rows = _RUC_FACULTY_TEACHERS["teachers_economics.json"]
    text = json.dumps(rows[0], ensure_ascii=False) + "\n\n" + json.dumps(rows[1], ensure_ascii=False) + "\n"
    store = _RucFacultyStore()
    with pytest.raises(corpus.CorpusError, match="line 2 of a file its loader reads is blank"):
        corpus.write_ruc_faculty(store, _ruc_faculty_mirror(tmp_path, monkeypatch, teachers=text))
    assert [props["var"] for _, props in store.nodes.values()] == ["陈勇勤", "经济系-经济史教研室", "教授"]


# LepistaBioinformatics/tax2graph's tax2graph/abstract_connection.py and graph_builder.py as written at its HEAD,
# shortened (their imports, Connection's connect, GraphBuilder's read and build_col_graph)
_TAX2GRAPH_CONNECTION = (
    "from abc import ABC\nfrom typing import Optional, TypedDict\n\nfrom py2neo import Graph\n\n\n"
    "class ConnectionType(TypedDict, total=False):\n    password: str\n    user: Optional[str]\n\n\n"
    "class Connection(ABC):\n    connection_variables: ConnectionType\n\n"
    "    def _validate_and_connect(self) -> Graph:\n"
    "        connection_variables = {\n"
    "            k: v for k, v in self.connection_variables.items() if v is not None\n"
    "        }\n        return Graph(**connection_variables)\n")
_TAX2GRAPH_BUILDER = (
    "import os\nfrom typing import Any, Dict, List\n\nimport numpy as np\nimport pandas as pd\nimport py2neo\n"
    "from py2neo import Graph, Node, Relationship\n\n"
    "from tax2graph.abstract_connection import Connection, ConnectionType\n\n\n"
    "class PARENT(Relationship):\n        pass\n\n\n"
    "class GraphBuilder(Connection):\n\n"
    "    def __init__(self, connection_variables: ConnectionType):\n"
    "        if not connection_variables['password']:\n"
    "            raise OSError('Define at last password to start the class.')\n"
    "        self.connection_variables = connection_variables\n\n"
    "    def read(self, file_path: str, low_memory: bool = True) -> None:\n"
    "        if not os.path.exists(file_path):\n            raise OSError('Invalid file path! Please verify.')\n"
    "        df = pd \\\n            .read_csv(file_path, sep='\\t', header=0, low_memory=low_memory) \\\n"
    "            .replace(np.nan, \"None\")\n"
    "        self.__clear_dict: List[Dict[Any, Any]] = [\n"
    "            { k: v for k, v in item.items() if v != \"None\" }\n"
    "            for item in df.to_dict('records')\n        ]\n"
    "        for item in self.__clear_dict:\n            if 'parentNameUsageID' in item:\n"
    "                item['parentNameUsageID'] = int(item['parentNameUsageID'])\n\n"
    "    def build_col_graph(self) -> None:\n        graph = self._validate_and_connect()\n        tx = graph.begin()\n"
    "        nodes = {}\n        for item in self.__clear_dict:\n"
    "            nodes[item['taxonID']] = Node(item['taxonRank'], **item)\n"
    "            nodes[item['taxonID']].__primarylabel__ = 'taxonRank'\n"
    "            nodes[item['taxonID']].__primarykey__ = 'taxonID'\n            tx.create(nodes[item['taxonID']])\n"
    "        for index, node in nodes.items():\n            if 'parentNameUsageID' in node:\n"
    "                relationship = PARENT(node, nodes[int(node['parentNameUsageID'])])\n"
    "                tx.merge(relationship)\n        tx.commit()\n")
# the taxa file's columns that matter here, with its UTF-8 byte-order mark: a kingdom without a parent, an order
# without an identifier, a genus under it; isExtinct "false" throughout
_TAX2GRAPH_DATA = ("\ufefftaxonID\tidentifier\tparentNameUsageID\ttaxonRank\tscientificName\tacceptedNameUsageID\t"
                   "isExtinct\n"
                   "1\tk1\t\tkingdom\tFungi\t\tfalse\n"
                   "2\t\t1\torder\tHypocreales\t\tfalse\n"
                   "3\tg3\t2\tgenus\tFusarium\t\tfalse\n")


def _tax2graph_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                      changes: dict[str, str | bytes] | None = None) -> Path:
    files: dict[str, str | bytes] = {corpus.TAX2GRAPH_BUILDER: _TAX2GRAPH_BUILDER,
                                     corpus.TAX2GRAPH_CONNECTION: _TAX2GRAPH_CONNECTION,
                                     corpus.TAX2GRAPH_DATA: _TAX2GRAPH_DATA}
    later: dict[str, str | bytes | None] = {corpus.TAX2GRAPH_DATA: "taxonID\ttaxonRank\n9\tgenus\n"}
    monkeypatch.setattr(corpus, "TAX2GRAPH_COMMIT", _committed_mirror(
        tmp_path, "LepistaBioinformatics+tax2graph", {**files, **(changes or {})}, later))
    return tmp_path


def test_sordariomycetes_taxonomy_runs_graph_builder_over_the_pinned_taxa_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each taxon a node labelled by its rank, its fields as read_csv types them (ints, a parent id made an int from
    # the float a missing value makes of its column, "false" a bool) but the empty ones; then PARENT from each taxon
    # to its parent by the element ids the store answered; the later commit's file is not read
    store = _Py2neoStore()
    corpus.write_sordariomycetes_taxonomy(store, _tax2graph_mirror(tmp_path, monkeypatch))
    parent = "MATCH (a), (b) WHERE elementId(a) = $a AND elementId(b) = $b MERGE (a)-[:`PARENT`]->(b)"
    assert store.calls == [
        ("CREATE (n:`kingdom` $props) RETURN elementId(n) AS id",
         {"props": {"taxonID": 1, "identifier": "k1", "taxonRank": "kingdom", "scientificName": "Fungi",
                    "isExtinct": False}}),
        ("CREATE (n:`order` $props) RETURN elementId(n) AS id",
         {"props": {"taxonID": 2, "parentNameUsageID": 1, "taxonRank": "order", "scientificName": "Hypocreales",
                    "isExtinct": False}}),
        ("CREATE (n:`genus` $props) RETURN elementId(n) AS id",
         {"props": {"taxonID": 3, "identifier": "g3", "parentNameUsageID": 2, "taxonRank": "genus",
                    "scientificName": "Fusarium", "isExtinct": False}}),
        (parent, {"a": "n2", "b": "n1"}), (parent, {"a": "n3", "b": "n2"})]
    assert all(type(props["taxonID"]) is int and type(props.get("parentNameUsageID", 0)) is int
               for _, call in store.calls[:3] for props in [call["props"]])


@pytest.mark.parametrize(("change", "refused"), [
    (_TAX2GRAPH_BUILDER.replace("import os\n", "import os\nimport requests\n"),
     "its loader imports requests, which is not read here"),
    (_TAX2GRAPH_BUILDER.replace("sep='\\t'", "sep=','"), "sep=','"),
    (_TAX2GRAPH_BUILDER.replace("tx.merge(relationship)", "tx.merge(PARENT(node, Node('genus')))"),
     "a PARENT relationship has an end that was not created"),
])
def test_sordariomycetes_taxonomy_refuses_what_its_builder_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    store = _Py2neoStore()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_sordariomycetes_taxonomy(
            store, _tax2graph_mirror(tmp_path, monkeypatch, {corpus.TAX2GRAPH_BUILDER: change}))
    assert not any("MERGE" in statement for statement, _ in store.calls)


def test_sordariomycetes_taxonomy_refuses_a_node_the_store_did_not_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a store that answers no element id: the node is not bound, so nothing could be related to it
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape("a node of ('kingdom',) was not written")):
        corpus.write_sordariomycetes_taxonomy(store, _tax2graph_mirror(tmp_path, monkeypatch))
    assert len(store.calls) == 1


_RESEARCH_COMMUNITIES_LOADER = (
    "import re\nfrom neo4j import GraphDatabase\nimport pandas as pd\n\n"
    "def import_csv_to_neo4j(csv_file):\n"
    "    try:\n"
    "        df = pd.read_csv(csv_file, encoding='ISO-8859-1', usecols=['Authors', 'Title', 'Source title', "
    "'Document Type', 'Year'])\n"
    "    except Exception as e:\n"
    "        print('Error reading with usecols:', e)\n"
    "        df = pd.read_csv(csv_file, encoding='ISO-8859-1')\n"
    "        if 'Document Type' not in df.columns:\n"
    "            df['Document Type'] = 'Unknown'\n"
    "    print(len(df), df.iloc[0]['Authors'])\n"
    "    driver = GraphDatabase.driver('bolt://localhost:7687', auth=('neo4j', 'x'))\n"
    "    with driver.session() as session:\n"
    "        for index, row in df.iterrows():\n"
    "            title = str(row['Title']).replace(\"'\", \"\\\\'\")\n"
    "            journal = str(row['Source title'])\n"
    "            authors = [re.sub(r'\\s+', ' ', a.strip()).rstrip('.').title()\n"
    "                       for a in str(row['Authors']).split(',') if a.strip()]\n"
    "            session.run(f\"MERGE (p:Paper {{title: '{title}', year: '{row['Year']}'}})\")\n"
    "            session.run(f\"MERGE (j:Journal {{name: '{journal}'}}) "
    "MERGE (d:DocumentType {{type: '{row['Document Type']}'}})\")\n"
    "            for author in authors:\n"
    "                session.run(f\"MERGE (a:Author {{name: '{author}'}})\")\n"
    "    driver.close()\n\n"
    "if __name__ == '__main__':\n    import_csv_to_neo4j('research_csv.csv')\n")


def _research_communities_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str) -> Path:
    # an ordinary copy: its checked-out files are read at HEAD
    monkeypatch.setattr(corpus, "RESEARCH_COMMUNITIES_COMMIT", "HEAD")
    data = ('Authors,Title,Source title,Year\n"Routray S.K., Javali A.",Low-power CMOS \u2013 a review,'
            "Physica Scripta,2022\n\"Divya V.\",Driven piles' plugging,,2021\n")
    return _clone(tmp_path, corpus.RESEARCH_COMMUNITIES, {corpus.RESEARCH_COMMUNITIES_LOADER: loader,
                                                        corpus.RESEARCH_COMMUNITIES_DATA: data})


def test_research_communities_runs_kg_v2_with_its_second_read_csv_and_what_pandas_gives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # CheefColt/Knowledge-Graph-For-Research-Communities: KG_v2_neo4j.py asks for a Document Type column the file
    # does not have, so read_csv raises and its except reads the file again and adds the column ('Unknown'); the
    # file is read as ISO-8859-1 (an en dash, UTF-8 in the file, is three Latin-1 characters), Year as integers
    # (2022), a missing source title as NaN ('nan'); each f-string is one auto-commit statement
    store = Recorder()
    corpus.write_research_communities(store, _research_communities_mirror(tmp_path, monkeypatch,
                                                                          _RESEARCH_COMMUNITIES_LOADER))
    assert [statement for statement, _ in store.calls] == [
        "MERGE (p:Paper {title: 'Low-power CMOS \u00e2\u0080\u0093 a review', year: '2022'})",
        "MERGE (j:Journal {name: 'Physica Scripta'}) MERGE (d:DocumentType {type: 'Unknown'})",
        "MERGE (a:Author {name: 'Routray S.K'})", "MERGE (a:Author {name: 'Javali A'})",
        "MERGE (p:Paper {title: 'Driven piles\\' plugging', year: '2021'})",
        "MERGE (j:Journal {name: 'nan'}) MERGE (d:DocumentType {type: 'Unknown'})",
        "MERGE (a:Author {name: 'Divya V'})"]


def test_research_communities_read_csv_raises_for_a_usecols_column_the_file_lacks_as_pandas_does() -> None:
    read_csv = corpus._research_communities_pandas(b"Authors,Title,Year\nA B.,T,2020\n").read_csv
    with pytest.raises(ValueError, match="Usecols do not match columns"):
        read_csv("research_csv.csv", encoding="ISO-8859-1", usecols=["Title", "Document Type"])
    frame = read_csv("research_csv.csv", encoding="ISO-8859-1", usecols=["Year", "Title"])
    assert list(frame.columns) == ["Title", "Year"] and frame.iloc[0] == {"Title": "T", "Year": 2020}
    frame = read_csv("research_csv.csv", encoding="ISO-8859-1")
    frame["Document Type"] = "Unknown"
    assert len(frame) == 1 and list(frame.iterrows()) == [
        (0, {"Authors": "A B.", "Title": "T", "Year": 2020, "Document Type": "Unknown"})]


@pytest.mark.parametrize(("change", "refused"), [
    ("import re\n", "import os\n"),
    ("import_csv_to_neo4j('research_csv.csv')", "import_csv_to_neo4j('research_csv_2.csv')"),
    ("encoding='ISO-8859-1')\n", "encoding='utf-8')\n"),
])
def test_research_communities_refuses_what_its_loader_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _RESEARCH_COMMUNITIES_LOADER.replace(change, refused)
    assert loader != _RESEARCH_COMMUNITIES_LOADER
    store = Recorder()
    with pytest.raises(corpus.CorpusError):
        corpus.write_research_communities(store, _research_communities_mirror(tmp_path, monkeypatch, loader))
    assert store.calls == []


# lauraparra28/KGraph's Dataset/minigraph.cypher: one CREATE statement, no ';' in it, a clause per node (a repeated
# rdfs_label key as the export writes it) and then a CREATE of every relationship between the nodes' variables
_PETRO_KGRAPH_SCRIPT = (
    'CREATE (formacao_141:owl_NamedIndividual:lithostratigraphic_unit {rdfs_label:"Fm. Jatapu", '
    'rdfs_label:"Formação Jatapu", _id:"formacao_141", _uri:"http://www.semanticweb.org/bg40/ontologies/2022/5/'
    'untitled-ontology-2#formacao_141" })\n'
    'CREATE (grupo_073:lithostratigraphic_unit:owl_NamedIndividual {rdfs_label:"Grupo Trombetas", '
    'rdfs_label:"Gr. Trombetas", _id:"grupo_073", _uri:"null" })\n'
    'CREATE (owl_Class {_id:"owl_Class", _uri:"http://www.w3.org/2002/07/owl#Class" })\n'
    "CREATE\n(formacao_141)-[:part_of]->(grupo_073),\n(formacao_141)-[:rdf_type]->(owl_Class)\n")


def _petro_kgraph_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> Path:
    # an ordinary copy: its checked-out file is read at HEAD
    monkeypatch.setattr(corpus, "PETRO_KGRAPH_COMMIT", "HEAD")
    return _clone(tmp_path, corpus.PETRO_KGRAPH, {corpus.PETRO_KGRAPH_SCRIPT: script})


def test_brazil_basin_geology_runs_its_export_as_one_statement_as_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the whole file is one statement, run once and unchanged: the repeated rdfs_label stays for Cypher to keep the
    # last of, the relationships' CREATE uses the variables the node clauses bound
    store = Recorder()
    corpus.write_brazil_basin_geology(store, _petro_kgraph_mirror(tmp_path, monkeypatch, _PETRO_KGRAPH_SCRIPT))
    assert store.calls == [(_PETRO_KGRAPH_SCRIPT.strip(), {})]


@pytest.mark.parametrize("script", [
    _PETRO_KGRAPH_SCRIPT.replace("(owl_Class)\n", "(owl_Class);\nMATCH (n) DETACH DELETE n;\n"),
    "MATCH (n) RETURN n\n",
    "",
])
def test_brazil_basin_geology_refuses_a_file_that_is_not_one_create_statement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="not the one CREATE statement"):
        corpus.write_brazil_basin_geology(store, _petro_kgraph_mirror(tmp_path, monkeypatch, script))
    assert store.calls == []


def test_brazil_basin_geology_reads_its_file_at_the_pinned_commit(tmp_path: Path) -> None:
    # PETRO_KGRAPH_COMMIT is a commit, not HEAD: an ordinary copy without its git history cannot give the file at it
    assert corpus.PETRO_KGRAPH_COMMIT != "HEAD"
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="no git mirror"):
        corpus.write_brazil_basin_geology(store, _clone(tmp_path, corpus.PETRO_KGRAPH,
                                                        {corpus.PETRO_KGRAPH_SCRIPT: _PETRO_KGRAPH_SCRIPT}))
    assert store.calls == []


# lucca-pavanatti/NoSQL-DB-Project's Modelos/modelo_fisico.cypher (CRLF line ends, as committed): a constraint, a
# node LOAD CSV, the relationship LOAD CSV with properties and the PAN -> Portaria statement whose WHERE follows the
# LOAD CSV straight away (no Neo4j parses that)
_PAN_SPECIES_SCRIPT = (
    "CREATE CONSTRAINT IF NOT EXISTS FOR (e:Especie) REQUIRE e.id_especie IS UNIQUE;\r\n\r\n"
    "// -- Especie --\r\n"
    "LOAD CSV WITH HEADERS FROM 'file:///especie.csv' AS row\r\n"
    "CREATE (:Especie {\r\n  id_especie: row.id_especie,\r\n  nome: row.nome,\r\n"
    "  migratoria: row.migratoria\r\n});\r\n"
    "LOAD CSV WITH HEADERS FROM 'file:///risco.csv' AS row\r\n"
    "MATCH (e:Especie {id_especie: row.id_especie})\r\n"
    "MERGE (e)-[r:CLASSIFICADA_COMO]->(:CategoriaAmeaca {nome: row.categoria})\r\n"
    "  ON CREATE SET r.uso = row.uso;\r\n\r\n"
    "// -- PAN -> Portaria --\r\n"
    "LOAD CSV WITH HEADERS FROM 'file:///portaria.csv' AS row\r\n"
    "WHERE row.id_pan IS NOT NULL\r\n"
    "MATCH (p:PAN {id_pan: row.id_pan})\r\n"
    "MATCH (prt:Portaria {id_portaria: row.id_portaria})\r\n"
    "MERGE (p)-[:REGULADO_POR]->(prt);\r\n")
_PAN_SPECIES_FILES = {
    "csv/especie.csv": ('"id_especie","nome","migratoria"\n"e1","Antilophia bokermanni",NULL\n'
                        '"e2","Alopias vulpinus",""\n'),
    "csv/risco.csv": '"id_especie","categoria","uso"\n"e1","Criticamente em Perigo",NULL\n',
    "csv/portaria.csv": '"id_portaria","id_pan","data_da_portaria_vigente_do_pan"\n"p1","CEMAVE_19.02","2016-09-29"\n',
}


def _pan_species_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str,
                        files: dict[str, str] | None = None) -> Path:
    # an ordinary copy: its checked-out files are read at HEAD
    monkeypatch.setattr(corpus, "PAN_SPECIES_COMMIT", "HEAD")
    return _clone(tmp_path, corpus.PAN_SPECIES,
                  {corpus.PAN_SPECIES_SCRIPT: script, **(_PAN_SPECIES_FILES if files is None else files)})


def test_brazil_threatened_species_runs_its_script_over_the_csv_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_brazil_threatened_species(store, _pan_species_mirror(tmp_path, monkeypatch, _PAN_SPECIES_SCRIPT))
    statements = [statement for statement, _ in store.calls]
    assert statements[0] == "CREATE CONSTRAINT IF NOT EXISTS FOR (e:Especie) REQUIRE e.id_especie IS UNIQUE"
    # the statements are split at their lines (their CR LF ends newlines)
    assert statements[1].startswith("UNWIND $rows AS row\nCREATE (:Especie {")
    # an unquoted NULL is the string LOAD CSV reads, an empty field null
    assert store.calls[1][1] == {"rows": [
        {"id_especie": "e1", "nome": "Antilophia bokermanni", "migratoria": "NULL"},
        {"id_especie": "e2", "nome": "Alopias vulpinus", "migratoria": None}]}
    assert store.calls[2][1] == {"rows": [{"id_especie": "e1", "categoria": "Criticamente em Perigo", "uso": "NULL"}]}
    # the one change: `WITH row` before the WHERE that follows the LOAD CSV, the rest as written
    assert statements[3] == ("UNWIND $rows AS row\nWITH row WHERE row.id_pan IS NOT NULL\n"
                             "MATCH (p:PAN {id_pan: row.id_pan})\n"
                             "MATCH (prt:Portaria {id_portaria: row.id_portaria})\n"
                             "MERGE (p)-[:REGULADO_POR]->(prt)")
    assert store.calls[3][1] == {"rows": [
        {"id_portaria": "p1", "id_pan": "CEMAVE_19.02", "data_da_portaria_vigente_do_pan": "2016-09-29"}]}
    assert len(store.calls) == 4


@pytest.mark.parametrize("script", [
    _PAN_SPECIES_SCRIPT.replace("AS row\r\nWHERE row.id_pan", "AS row\r\nWITH row WHERE row.id_pan"),
    _PAN_SPECIES_SCRIPT.replace("\r\n", "\n"),
    _PAN_SPECIES_SCRIPT + _PAN_SPECIES_SCRIPT[_PAN_SPECIES_SCRIPT.index("// -- PAN -> Portaria"):],
])
def test_brazil_threatened_species_refuses_a_script_without_its_statement_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="PAN -> Portaria statement once"):
        corpus.write_brazil_threatened_species(store, _pan_species_mirror(tmp_path, monkeypatch, script))
    assert store.calls == []


def test_brazil_threatened_species_refuses_a_url_that_is_not_an_import_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _PAN_SPECIES_SCRIPT.replace("'file:///especie.csv'", "'https://example.org/especie.csv'")
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="which no loader here serves"):
        corpus.write_brazil_threatened_species(store, _pan_species_mirror(tmp_path, monkeypatch, script))
    assert len(store.calls) == 1  # the constraint before it ran; no LOAD CSV did


def test_brazil_threatened_species_reads_its_files_at_the_pinned_commit(tmp_path: Path) -> None:
    # PAN_SPECIES_COMMIT is a commit, not HEAD: an ordinary copy without its git history cannot give the files at it
    assert corpus.PAN_SPECIES_COMMIT != "HEAD"
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="no git mirror"):
        corpus.write_brazil_threatened_species(store, _clone(tmp_path, corpus.PAN_SPECIES, {
            corpus.PAN_SPECIES_SCRIPT: _PAN_SPECIES_SCRIPT, **_PAN_SPECIES_FILES}))
    assert store.calls == []


# Martz-yx/botanical-knowledge-graph's ingestion/load_graph.py, cut down to what it does: get_driver from os.environ
# (its .env), the repository root from Path(__file__), glob of processed/*.csv, one execute_write per family file (read
# with csv.DictReader after open(newline="")), the companion file when os.path.exists finds it, its counts by key
_FLORA_LOADER = '''import csv
import os
from collections import defaultdict
from glob import glob
from pathlib import Path

from dotenv import load_dotenv
from neo4j import GraphDatabase


def get_driver():
    load_dotenv(Path(__file__).resolve().parent.parent / ".env")
    uri = os.environ["NEO4J_URI"]
    user = os.environ.get("NEO4J_USER", os.environ.get("NEO4J_USERNAME", "neo4j"))
    return GraphDatabase.driver(uri, auth=(user, os.environ["NEO4J_PASSWORD"]))


def create_constraints(tx):
    tx.run("CREATE CONSTRAINT species IF NOT EXISTS FOR (n:Species) REQUIRE n.scientificName IS UNIQUE")


def load_family_file(tx, path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append({"scientific_name": row["scientific_name"], "genus": row["genus"]})
    tx.run("UNWIND $rows AS row MERGE (s:Species {scientificName: row.scientific_name})", rows=rows)
    return len(rows)


def load_companion_edges(tx):
    path = "processed/companion_edges.csv"
    if not os.path.exists(path):
        print("  SKIP companion_edges.csv")
        return
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [dict(row) for row in csv.DictReader(fh)]
    tx.run("UNWIND $rows AS row MATCH (a:Species {scientificName: row.species_a}) RETURN a", rows=rows)


def print_summary(tx):
    counts = defaultdict(int)
    counts["Species"] = tx.run("MATCH (n:Species) RETURN count(n) AS c").single()["c"]
    print(counts)


def main():
    os.chdir(Path(__file__).resolve().parent.parent)
    driver = get_driver()
    with driver.session() as session:
        session.execute_write(create_constraints)
        for fpath in sorted(glob("processed/*.csv")):
            if os.path.basename(fpath) in {"companion_edges.csv"}:
                continue
            session.execute_write(load_family_file, fpath)
        session.execute_write(load_companion_edges)
        session.execute_write(print_summary)
    driver.close()


if __name__ == "__main__":
    main()
'''
_FLORA_FILES: dict[str, str | bytes] = {
    "ingestion/load_graph.py": _FLORA_LOADER,
    # a header row only: the loader runs its statement with no rows, as it does for the repository's empty families
    "processed/apocynaceae.csv": "scientific_name,genus\n",
    "processed/araceae.csv": "scientific_name,genus\nMonstera deliciosa,Monstera\n",
    "processed/cactaceae.csv": 'scientific_name,genus\n"Schlumbergera truncata",Schlumbergera\n',
    "processed/companion_edges.csv": ('"species_a","species_b","relationship_type","source","confidence","notes"\n'
                                      '"Lactuca sativa","Coriandrum sativum","GROWS_WELL_WITH","refs","low",""\n'),
    "README.md": "# Botanical Knowledge Graph\n"}


class _FloraStore(Recorder):
    """A Recorder that answers the loader's counts with a row by key (its summary reads single()["c"])."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"c": 2}] if "count(n)" in statement else []


def _flora_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _FLORA_LOADER) -> Path:
    # the later commit removes the loader and processed/ and adds a family, as the repository's f1209c5 removed them:
    # the pinned commit is read, its listing too
    pinned = _committed_mirror(tmp_path, "Martz-yx+botanical-knowledge-graph",
                               {**_FLORA_FILES, "ingestion/load_graph.py": loader},
                               later={"ingestion/load_graph.py": None, "processed/araceae.csv": None,
                                      "processed/rosaceae.csv": "scientific_name,genus\nRosa canina,Rosa\n"})
    monkeypatch.setattr(corpus, "BOTANICAL_COMMIT", pinned)
    return tmp_path


def test_flora_graph_runs_load_graph_over_processed_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _FloraStore()
    corpus.write_flora_graph(store, _flora_mirror(tmp_path, monkeypatch))
    merge = "UNWIND $rows AS row MERGE (s:Species {scientificName: row.scientific_name})"
    assert store.calls == [
        ("CREATE CONSTRAINT species IF NOT EXISTS FOR (n:Species) REQUIRE n.scientificName IS UNIQUE", {}),
        # the family files in name order, each one transaction: the empty one too, the later commit's none
        (merge, {"rows": []}),
        (merge, {"rows": [{"scientific_name": "Monstera deliciosa", "genus": "Monstera"}]}),
        (merge, {"rows": [{"scientific_name": "Schlumbergera truncata", "genus": "Schlumbergera"}]}),
        ("UNWIND $rows AS row MATCH (a:Species {scientificName: row.species_a}) RETURN a", {"rows": [
            {"species_a": "Lactuca sativa", "species_b": "Coriandrum sativum", "relationship_type": "GROWS_WELL_WITH",
             "source": "refs", "confidence": "low", "notes": ""}]}),
        ("MATCH (n:Species) RETURN count(n) AS c", {})]
    assert corpus.graph("flora-graph").split == "spent"


@pytest.mark.parametrize(("loader", "refused"), [
    (_FLORA_LOADER.replace("import csv\n", "import csv\nimport requests\n"),
     "its loader imports requests, which is not read here"),
    (_FLORA_LOADER.replace('glob("processed/*.csv")', 'glob("data/*.csv")'),
     "its loader globs data/*.csv, which is not read here"),
    (_FLORA_LOADER.replace('with open(path, newline="", encoding="utf-8") as fh:\n        for row',
                           'with open("../" + path, newline="", encoding="utf-8") as fh:\n        for row'),
     "its loader opens ../processed/apocynaceae.csv, which is not read here"),
    (_FLORA_LOADER.replace("os.chdir(Path(__file__).resolve().parent.parent)",
                           "os.chdir(Path(__file__).resolve().parent)"),
     "its loader changes to /Martz-yx/botanical-knowledge-graph/ingestion, which is not read here")])
def test_flora_graph_refuses_what_its_loader_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    store = _FloraStore()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_flora_graph(store, _flora_mirror(tmp_path, monkeypatch, loader))
    # no companion edge is written
    assert not any("row.species_a" in statement for statement, _ in store.calls)


def test_flora_graph_reads_its_files_at_the_pinned_commit(tmp_path: Path) -> None:
    # BOTANICAL_COMMIT is a commit, not HEAD (HEAD holds neither the loader nor processed/): an ordinary copy without
    # its git history cannot give the files at it
    assert corpus.BOTANICAL_COMMIT != "HEAD"
    store = _FloraStore()
    with pytest.raises(corpus.CorpusError, match="no git mirror"):
        corpus.write_flora_graph(store, _clone(tmp_path, corpus.BOTANICAL, {
            path: text for path, text in _FLORA_FILES.items() if isinstance(text, str)}))
    assert store.calls == []


# [s55C tests above]

def _star_rail_mirror(tmp_path: Path) -> tuple[Path, str]:
    """A fetched mirror of jkWanh/Honkai_Star_Rail_ChatRobot whose first commit holds star_Rail.dump and whose HEAD,
    as the real repository's main, does not; (the mirror folder, the first commit)."""
    first = _committed_mirror(tmp_path, "jkWanh+Honkai_Star_Rail_ChatRobot",
                              {corpus.STAR_RAIL_DUMP: b"DZV1 the snapshot"},
                              later={corpus.STAR_RAIL_DUMP: None, "README.md": "# Galaxy Findie\n"})
    return tmp_path, first


def test_star_rail_is_its_repository_s_dump_read_at_the_commit_that_holds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from xgrag.store import embedded

    g = corpus.graph("star-rail")
    assert (g.split, g.repo, g.dump, g.writer) == ("spent", corpus.STAR_RAIL, "star_Rail.dump", None)
    assert g.dump_commit == corpus.STAR_RAIL_COMMIT and re.fullmatch(r"[0-9a-f]{40}", g.dump_commit)
    # every other graph's dump is read at HEAD, as before
    assert {o.dump_commit for o in corpus.GRAPHS.values() if o.name != "star-rail"} == {"HEAD"}
    loaded: list[bytes] = []

    def load_dump(settings: Any, dump: Path, overwrite: bool = False) -> Path:
        loaded.append(dump.read_bytes())
        assert overwrite and dump.name == "star_Rail.dump"
        return dump

    monkeypatch.setattr(embedded, "load_dump", load_dump)
    mirror, first = _star_rail_mirror(tmp_path)
    corpus.load_into(dataclasses.replace(g, dump_commit=first), object(), mirror)
    assert loaded == [b"DZV1 the snapshot"]
    with pytest.raises(corpus.CorpusError, match="is not in the mirror"):  # HEAD no longer holds it
        corpus.load_into(dataclasses.replace(g, dump_commit="HEAD"), object(), mirror)
    assert loaded == [b"DZV1 the snapshot"]


# grange85/ahfow-cypher's files, shortened: artists.cypher MERGEs the bands and their members (one statement, no ';');
# each release file MATCHes its band, then MERGEs its tracks, releases, versions and running order
_AHFOW_ARTISTS = ('\nMERGE (bluna:Band {name: "Luna"})\nSET bluna.yearsactive="[1992,1993]"\n\n'
                  '  MERGE (plunaSeanEden:Person {firstname:"Sean",lastname:"Eden"})\n'
                  '  MERGE (plunaSeanEden)-[rlunaSean:MEMBER_OF]->(bluna)\n\n'
                  'MERGE (bcagneyandlacee:Band {name: "Cagney & Lacee"})\nSET bcagneyandlacee.yearsactive="[]"\n')


def _ahfow_release(band: str, var: str, track: str) -> str:
    return (f'\nMATCH ({var}:Band {{name: "{band}"}}) WITH {var}\n\n'
            f'  MERGE (t1:Track {{name: "{track}"}}) \n\n'
            f'MERGE (r1:Release {{name:"{track}"}})\n  MERGE ({var})-[:RELEASED]->(r1)\n'
            '  MERGE (r1v:Version {name:"No. 6 (7, 1995)"})\n  MERGE (r1v)-[:RELEASE_OF]->(r1)\n'
            '  MERGE (t1)-[i1:INCLUDED_ON]->(r1v)\n    SET i1.position = 1\n')


def _ahfow_files(**changed: str) -> dict[str, str]:
    files = {corpus.AHFOW_ARTISTS: _AHFOW_ARTISTS,
             "galaxie-500-releases.cypher": _ahfow_release("Luna", "g5", "Tugboat"),
             "luna-releases.cypher": _ahfow_release("Luna", "lu", "Slide"),
             "dean-and-britta-releases.cypher": _ahfow_release("Luna", "db", "Moonshot"),
             "cagney-and-lacee-releases.cypher": _ahfow_release("Cagney & Lacee", "cl", "Time"),
             corpus.AHFOW_ABRIDGED[1]: _ahfow_release("Luna", "lu", "EP (Shock)")}
    # a change is named by its file's name without ".cypher", "-" as "_" (artists, galaxie_500_releases...)
    return {name: changed.get(name.removesuffix(".cypher").replace("-", "_"), text) for name, text in files.items()}


def _ahfow_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **changed: str) -> Path:
    later = {corpus.AHFOW_ARTISTS: 'MERGE (b:Band {name: "a later band"})\n'}
    pinned = _committed_mirror(tmp_path, "grange85+ahfow-cypher", _ahfow_files(**changed), later=later)
    monkeypatch.setattr(corpus, "AHFOW_COMMIT", pinned)
    return tmp_path


def test_wareham_discography_runs_the_artists_then_each_full_release_file_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_wareham_discography(store, _ahfow_mirror(tmp_path, monkeypatch))
    files = _ahfow_files()
    # the pinned commit's artists.cypher, first; each release file as one statement, in AHFOW_RELEASES' order; the
    # abridged copy never run
    assert store.calls == [(files[name].strip(), {}) for name in (corpus.AHFOW_ARTISTS, *corpus.AHFOW_RELEASES)]
    assert not any("EP (Shock)" in statement for statement, _ in store.calls)


def test_wareham_discography_refuses_a_release_of_an_unknown_band_a_split_file_or_a_file_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    unknown = _ahfow_release("Damon & Naomi", "dn", "Tugboat")  # a band artists.cypher does not merge here
    with pytest.raises(corpus.CorpusError, match="galaxie-500-releases.cypher does not begin by matching a band"):
        corpus.write_wareham_discography(store, _ahfow_mirror(tmp_path / "a", monkeypatch,
                                                              galaxie_500_releases=unknown))
    split = _AHFOW_ARTISTS.replace('"[1992,1993]"\n', '"[1992,1993]";\n')
    with pytest.raises(corpus.CorpusError, match="artists.cypher holds 2 statements, not the one read here"):
        corpus.write_wareham_discography(store, _ahfow_mirror(tmp_path / "b", monkeypatch, artists=split))
    reads = "LOAD CSV WITH HEADERS FROM 'file:///tracks.csv' AS row\n" + _AHFOW_ARTISTS
    with pytest.raises(corpus.CorpusError, match="reads file:///tracks.csv, which no loader here serves"):
        corpus.write_wareham_discography(store, _ahfow_mirror(tmp_path / "c", monkeypatch, artists=reads))
    assert store.calls == []


# huynd2174/Social-Network-Analyst-'s loader, shortened: main() reads its three JSON files by its default paths,
# writes its merge, then import_to_neo4j runs each statement through session.execute_write(run_write, query, params)
_KPOP_LOADER = """import json
from neo4j import GraphDatabase


def load(path):
    with open(path, 'r', encoding='utf-8') as f:
        return json.load(f)


def main():
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--neo4j-password", required=True)
    parser.add_argument("--output-file", default="data/merged_kpop_data.json")
    args = parser.parse_args()
    bfs = load("data/korean_artists_graph_bfs.json")
    ner = load("data/kpop_ner_result.json")
    rels = load("data/kpop_relationships_result.json")
    merged = {"nodes": {**bfs["nodes"], **{e["text"]: {"label": e["type"]} for e in ner["entities"]}},
              "edges": bfs["edges"] + rels["relationships"]}
    with open(args.output_file, 'w', encoding='utf-8') as f:
        json.dump(merged, f)
    print("merged", args.neo4j_password)
    driver = GraphDatabase.driver("bolt://localhost:7687", auth=("neo4j", args.neo4j_password))

    def run_write(tx, query, parameters=None):
        return tx.run(query, parameters or {})

    with driver.session() as session:
        for node_id, node in merged["nodes"].items():
            session.execute_write(run_write, "MERGE (x:`%s` {id: $id})" % node["label"], {"id": node_id})
        for edge in merged["edges"]:
            session.execute_write(run_write, "MATCH (s {id: $s}), (t {id: $t}) MERGE (s)-[:`%s`]->(t)" % edge["type"],
                                  {"s": edge["source"], "t": edge["target"]})
    driver.close()


if __name__ == "__main__":
    main()
"""


def _kpop_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _KPOP_LOADER) -> Path:
    import json

    files: dict[str, str | bytes] = {
        corpus.KPOP_LOADER: loader,
        corpus.KPOP_READS[0]: json.dumps({"nodes": {"2AM": {"label": "Group"}, "Jo Kwon": {"label": "Artist"}},
                                          "edges": [{"source": "Jo Kwon", "target": "2AM", "type": "MEMBER_OF"}]}),
        corpus.KPOP_READS[1]: json.dumps({"entities": [{"text": "Ballad", "type": "Genre"}]}),
        corpus.KPOP_READS[2]: json.dumps({"relationships": [{"source": "2AM", "target": "Ballad",
                                                             "type": "IS_GENRE"}]})}
    # its later commits: a loader that no longer parses, and another group
    later: dict[str, str | bytes | None] = {corpus.KPOP_LOADER: "if True:\nelse:\n",
                                            corpus.KPOP_READS[1]: json.dumps({"entities": [{"text": "Later",
                                                                                            "type": "Group"}]})}
    monkeypatch.setattr(corpus, "KPOP_COMMIT",
                        _committed_mirror(tmp_path, "huynd2174+Social-Network-Analyst-", files, later=later))
    return tmp_path


def test_kpop_network_runs_its_pinned_loader_with_positional_parameters_over_its_three_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_kpop_network(store, _kpop_mirror(tmp_path, monkeypatch))
    # the pinned commit's loader and files (not the later commit's), its parameters given to tx.run positionally
    edge = "MATCH (s {id: $s}), (t {id: $t}) MERGE (s)-[:`%s`]->(t)"
    assert store.calls == [("MERGE (x:`Group` {id: $id})", {"id": "2AM"}),
                           ("MERGE (x:`Artist` {id: $id})", {"id": "Jo Kwon"}),
                           ("MERGE (x:`Genre` {id: $id})", {"id": "Ballad"}),
                           (edge % "MEMBER_OF", {"s": "Jo Kwon", "t": "2AM"}),
                           (edge % "IS_GENRE", {"s": "2AM", "t": "Ballad"})]


def test_kpop_network_refuses_a_file_or_an_import_it_does_not_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    other = _KPOP_LOADER.replace('load("data/kpop_ner_result.json")', 'load("data/kpop_ner_ml_result.json")')
    with pytest.raises(corpus.CorpusError, match="opens data/kpop_ner_ml_result.json .'r'., which is not read here"):
        corpus.write_kpop_network(store, _kpop_mirror(tmp_path / "a", monkeypatch, other))
    overwrite = _KPOP_LOADER.replace("open(args.output_file, 'w'", "open(\"data/kpop_ner_result.json\", 'w'")
    with pytest.raises(corpus.CorpusError, match="opens data/kpop_ner_result.json .'w'., which is not read here"):
        corpus.write_kpop_network(store, _kpop_mirror(tmp_path / "b", monkeypatch, overwrite))
    with pytest.raises(corpus.CorpusError, match="its loader imports os, which is not read here"):
        corpus.write_kpop_network(store, _kpop_mirror(tmp_path / "c", monkeypatch, "import os\n" + _KPOP_LOADER))
    assert store.calls == []


# bubblewu/neo4j-kg's data/movie/mtime/import_mtime.sh as written (its variables, its neo4j-admin import 4.0.4 command
# with `--option value` arguments and `${base_path}/` files), shortened to two of its node files and one of its
# relationship files, a row or two each, their headers as its gen_entity.py and mtime_relationship.py write them
_MTIME_SCRIPT = ("#!/bin/sh\n# 脚本来执行将csv文件（节点和关系）导入neo4j\n\ndb_name=MovieMTime.db\n"
                 "neo4j_path=/Users/wugang/env/neo4j-community-4.0.4\n"
                 "base_path=/Users/wugang/code/python/neo4j-kg/data/mtime\n\nimport() {\n  cd ${neo4j_path}\n"
                 "  ./bin/neo4j stop\n  rm -rf ${neo4j_path}/data/databases/${db_name}\n"
                 "  ./bin/neo4j-admin import --verbose \\\n                        --database ${db_name} \\\n"
                 "                        --id-type STRING \\\n                        --input-encoding=UTF-8 \\\n"
                 "                        --ignore-extra-columns=false \\\n"
                 "                        --trim-strings=true \\\n                        --delimiter=, \\\n"
                 "                        --array-delimiter=';' \\\n                        --processors=4 \\\n"
                 "                        --nodes ${base_path}/mtime_movie_entity.csv \\\n"
                 "                        --nodes ${base_path}/mtime_director_entity.csv \\\n"
                 "                        --relationships ${base_path}/mtime_movie_director_relationship.csv\n"
                 "#  ./bin/neo4j start\n}\n\nimport\n")
_MTIME_FILES = {
    "mtime_movie_entity.csv": ("index:ID,rank,src,name,movie_en,year,image,:LABEL\n"
                               "10000,1,http://movie.mtime.com/12231/,肖申克的救赎,The Shawshank Redemption,1994,"
                               "http://img31.mtime.cn/a.jpg,电影表\n"
                               "10001,2,http://movie.mtime.com/99547/,盗梦空间, Inception ,2010,,电影表\n"),
    "mtime_director_entity.csv": "index:ID,director,:LABEL\n20000,弗兰克·德拉邦特,导演表\n",
    "mtime_movie_director_relationship.csv": ":START_ID,:END_ID,relation,:TYPE\n20000,10000,导演,导演\n"}


def _mtime_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _MTIME_SCRIPT,
                  **files: str) -> Path:
    folder = "data/movie/mtime"
    committed: dict[str, str | bytes] = {f"{folder}/import_mtime.sh": script}
    committed |= {f"{folder}/{name}": text for name, text in (_MTIME_FILES | files).items()}
    # a later commit's director (what the pinned commit's import must not read)
    later: dict[str, str | bytes | None] = {f"{folder}/mtime_director_entity.csv":
                                            "index:ID,director,:LABEL\n20000,Later,导演表\n"}
    monkeypatch.setattr(corpus, "MTIME_COMMIT", _committed_mirror(tmp_path, "bubblewu+neo4j-kg", committed, later))
    return tmp_path


def test_mtime_top100_reads_its_shell_command_and_imports_its_folders_files_as_neo4j_admin_import_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_mtime_top100(store, _mtime_mirror(tmp_path, monkeypatch))
    index = "CREATE INDEX `neo4j_admin_import_{}` IF NOT EXISTS FOR (n:`{}`) ON (n.`index`)"
    assert store.calls == [
        # ${base_path}/<file> read from the script's own folder at the pinned commit; the id the string property
        # `index`, the label from :LABEL, every other column a string, trimmed (--trim-strings=true), an empty field
        # not set
        ("UNWIND $rows AS row CREATE (n:`电影表`) SET n = row",
         {"rows": [{"index": "10000", "rank": "1", "src": "http://movie.mtime.com/12231/", "name": "肖申克的救赎",
                    "movie_en": "The Shawshank Redemption", "year": "1994", "image": "http://img31.mtime.cn/a.jpg"},
                   {"index": "10001", "rank": "2", "src": "http://movie.mtime.com/99547/", "name": "盗梦空间",
                    "movie_en": "Inception", "year": "2010"}]}),
        ("UNWIND $rows AS row CREATE (n:`导演表`) SET n = row",
         {"rows": [{"index": "20000", "director": "弗兰克·德拉邦特"}]}),
        (index.format(0, "导演表"), {}), (index.format(1, "电影表"), {}), ("CALL db.awaitIndexes()", {}),
        # the type from :TYPE, the `relation` column a property of the relationship
        ("UNWIND $rows AS row MATCH (s:`导演表` {`index`: row.s}) MATCH (e:`电影表` {`index`: row.e}) "
         "CREATE (s)-[r:`导演`]->(e) SET r = row.p",
         {"rows": [{"s": "20000", "e": "10000", "p": {"relation": "导演"}}]}),
        ("DROP INDEX `neo4j_admin_import_0`", {}), ("DROP INDEX `neo4j_admin_import_1`", {})]


@pytest.mark.parametrize(("script", "files", "refused"), [
    # an option that changes how the files are read
    (_MTIME_SCRIPT.replace("--delimiter=,", "--delimiter=';'"), {}, "sets --delimiter ';', which is not read here"),
    (_MTIME_SCRIPT.replace("--trim-strings=true", "--trim-strings=false"), {}, "sets --trim-strings 'false'"),
    # a file outside the script's folder, a variable it does not set, a second command, integer ids
    (_MTIME_SCRIPT.replace("--nodes ${base_path}/mtime_director_entity.csv", "--nodes /tmp/mtime_director_entity.csv"),
     {}, "imports /tmp/mtime_director_entity.csv, not a file of ${base_path}"),
    (_MTIME_SCRIPT.replace("--database ${db_name}", "--database ${db}"), {}, "reads ${db}, which it does not set"),
    (_MTIME_SCRIPT + "./bin/neo4j-admin import --nodes ${base_path}/more.csv\n", {},
     "no longer runs one neo4j-admin import command (2)"),
    (_MTIME_SCRIPT.replace("--id-type STRING", "--id-type INTEGER"), {}, "--id-type=string"),
    # a row longer than its header (the tool stops there under --ignore-extra-columns=false), or shorter
    (_MTIME_SCRIPT, {"mtime_director_entity.csv": "index:ID,director,:LABEL\n20000,弗兰克·德拉邦特,导演表,x\n"},
     "mtime_director_entity.csv's line 2 has 4 fields, its header 3"),
    (_MTIME_SCRIPT, {"mtime_director_entity.csv": "index:ID,director,:LABEL\n20000,弗兰克·德拉邦特\n"},
     "mtime_director_entity.csv's line 2 has 2 fields, its header 3"),
])
def test_mtime_top100_refuses_what_its_command_would_not_import_as_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, files: dict[str, str], refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_mtime_top100(store, _mtime_mirror(tmp_path, monkeypatch, script, **files))
    assert not any("CREATE (s)" in statement for statement, _ in store.calls)


# MaxAtkinson/BigDataCW1's etl/neo.py as written (its imports, its os check and `ln`, its f-string statements with
# USING PERIODIC COMMIT, toInt() and CREATE INDEX ON), shortened to two of its loads (artists, then albums and their
# links), over two of its data/ files, a row or two each, their headers as its ETL.extract() writes them
_CHINOOK_LOADER = '''import os
import constants
from etl.etl import ETL
from db.neo import db

class NeoETL(ETL):
    def transform_and_load(self):
        if not os.path.isfile('/var/lib/neo4j/import/tracks.csv'):
            p = os.popen('ln ./data/* /var/lib/neo4j/import')
        self.transform_and_load_artists()
        self.transform_and_load_albums()

    def transform_and_load_albums(self):
        with db() as session:
            session.run(f\'\'\'
                USING PERIODIC COMMIT
                LOAD CSV WITH HEADERS FROM 'file:///{constants.ALBUMS_FILENAME}.csv'
                AS row
                CREATE (:Album {{
                    id: toInt(row.AlbumId),
                    title: row.Title
                }});
            \'\'\')
            session.run('CREATE INDEX ON :Album(id)')
            session.run(\'\'\'
                MATCH (ar:Artist)
                MATCH (al:Album) WHERE al.artistId = ar.id
                MERGE (al)-[:BY]->(ar)
            \'\'\')

    def transform_and_load_artists(self):
        with db() as session:
            session.run(f\'\'\'
                USING PERIODIC COMMIT
                LOAD CSV WITH HEADERS FROM 'file:///{constants.ARTISTS_FILENAME}.csv'
                AS row
                CREATE (:Artist {{
                    id: toInt(row.ArtistId),
                    name: row.Name
                }})
            \'\'\')

    def best_employee(self):
        with db() as session:
            response = session.run(\'\'\'MATCH (e:Employee) RETURN e\'\'\')
'''
_CHINOOK_FILES: dict[str, str | bytes] = {
    "constants.py": "ARTISTS_FILENAME = 'artists'\nALBUMS_FILENAME = 'albums'\n",
    "data/artists.csv": "ArtistId,Name,NumAlbums\n1,AC/DC,2\n2,Accept,2\n",
    "data/albums.csv": "AlbumId,Title,ArtistId\n1,For Those About To Rock We Salute You,1\n"}


def _chinook_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _CHINOOK_LOADER) -> Path:
    # a later commit's albums (what the pinned commit's load must not read)
    later: dict[str, str | bytes | None] = {"data/albums.csv": "AlbumId,Title,ArtistId\n9,Later,1\n"}
    monkeypatch.setattr(corpus, "CHINOOK_COMMIT", _committed_mirror(
        tmp_path, "MaxAtkinson+BigDataCW1", {"etl/neo.py": loader} | _CHINOOK_FILES, later))
    return tmp_path


def test_chinook_music_runs_its_loaders_statements_in_its_order_over_its_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_chinook_music(store, _chinook_mirror(tmp_path, monkeypatch))
    assert [params for _, params in store.calls] == [
        # file:///artists.csv read from data/ at the pinned commit, every column a string (NumAlbums too)
        {"rows": [{"ArtistId": "1", "Name": "AC/DC", "NumAlbums": "2"},
                  {"ArtistId": "2", "Name": "Accept", "NumAlbums": "2"}]},
        {"rows": [{"AlbumId": "1", "Title": "For Those About To Rock We Salute You", "ArtistId": "1"}]},
        {}, {}]
    statements = [" ".join(statement.split()) for statement, _ in store.calls]
    assert statements[0] == "UNWIND $rows AS row CREATE (:Artist { id: toInteger(row.ArtistId), name: row.Name })"
    assert statements[1] == ("UNWIND $rows AS row CREATE (:Album { id: toInteger(row.AlbumId), "
                             "title: row.Title })")
    assert statements[2] == "CREATE INDEX FOR (n:Album) ON (n.id)"  # CREATE INDEX ON :Album(id), in 5.x syntax
    assert statements[3] == "MATCH (ar:Artist) MATCH (al:Album) WHERE al.artistId = ar.id MERGE (al)-[:BY]->(ar)"


@pytest.mark.parametrize(("loader", "refused"), [
    # an import it is not given, another shell command, a file outside the import folder, a parameter
    ("import subprocess\n" + _CHINOOK_LOADER, "imports subprocess, which is not given here"),
    (_CHINOOK_LOADER.replace("ln ./data/* /var/lib/neo4j/import", "rm -rf /var/lib/neo4j/import"),
     "runs 'rm -rf /var/lib/neo4j/import', which is not run here"),
    (_CHINOOK_LOADER.replace("'file:///{constants.ARTISTS_FILENAME}.csv'", "'https://x.org/artists.csv'"),
     "reads https://x.org/artists.csv, which no loader here serves"),
    (_CHINOOK_LOADER.replace("session.run('CREATE INDEX ON :Album(id)')",
                             "session.run('CREATE INDEX ON :Album(id)', x=1)"), "runs a statement with parameters"),
])
def test_chinook_music_refuses_what_its_loader_would_not_run_as_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_chinook_music(store, _chinook_mirror(tmp_path, monkeypatch, loader))
    assert not any("MERGE (al)" in statement for statement, _ in store.calls)


_COMICS_SCRIPT = """// 1. Delete all nodes and relationships
MATCH (n)
DETACH DELETE n;

// 3. Create new indexes
CREATE INDEX universe_id_index IF NOT EXISTS FOR (u:Universe) ON (u.universe_id);

// 4. Load Universe Nodes
CALL {
  WITH 500 AS batchSize
  LOAD CSV WITH HEADERS FROM 'file:///Universe.csv' AS row
  WITH row
  MERGE (u:Universe {universe_id: toInteger(row.universe_id)})
  SET u.name = row.name
}

// 11. Load Character Nodes
CALL {
  WITH 500 AS batchSize
  LOAD CSV WITH HEADERS FROM 'file:///Characters.csv' AS row
  WITH row
  MERGE (c:Character {character_id: toInteger(row.character_id)})
  SET c.name = row.name
}
"""
_COMICS_FILES: dict[str, str | bytes] = {
    "data/Universe.csv": "universe_id,name\n1,Marvel\n2,DC\n",
    "data/Characters.csv": "character_id,name,universe_id,alive,appearances,first_appearance_year\n"
                           "1,Batman (Bruce Wayne),2,Living Characters,3093.0,1939.0\n"
                           "2,Nobody,1,Living Characters,,2006.0\n"}


def _comics_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _COMICS_SCRIPT) -> Path:
    # a later commit's universes (what the pinned commit's load must not read)
    later: dict[str, str | bytes | None] = {"data/Universe.csv": "universe_id,name\n9,Later\n"}
    monkeypatch.setattr(corpus, "COMICS_COMMIT", _committed_mirror(
        tmp_path, "ghoshpoulami1293+ComicBookUniverse", {"data/load_data.cypher": script} | _COMICS_FILES, later))
    return tmp_path


def test_comic_characters_runs_its_script_its_unseparated_calls_as_one_query_each_load_its_own_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_comic_characters(store, _comics_mirror(tmp_path, monkeypatch))
    statements = [" ".join(statement.split()) for statement, _ in store.calls]
    assert statements[:2] == ["MATCH (n) DETACH DELETE n",
                              "CREATE INDEX universe_id_index IF NOT EXISTS FOR (u:Universe) ON (u.universe_id)"]
    # the two CALL blocks, not separated by `;`, are one statement: each LOAD CSV its own parameter, in order
    assert len(statements) == 3
    assert statements[2] == (
        "CALL { WITH 500 AS batchSize UNWIND $rows0 AS row WITH row MERGE (u:Universe {universe_id: "
        "toInteger(row.universe_id)}) SET u.name = row.name } CALL { WITH 500 AS batchSize UNWIND $rows1 AS row "
        "WITH row MERGE (c:Character {character_id: toInteger(row.character_id)}) SET c.name = row.name }")
    params = store.calls[2][1]
    assert params["rows0"] == [{"universe_id": "1", "name": "Marvel"}, {"universe_id": "2", "name": "DC"}]
    assert [row["name"] for row in params["rows1"]] == ["Batman (Bruce Wayne)", "Nobody"]
    assert params["rows1"][1]["appearances"] is None  # an empty field is null, as LOAD CSV reads it
    assert store.calls[0][1] == {} and store.calls[1][1] == {}


@pytest.mark.parametrize(("script", "refused"), [
    # a file the script does not read from data/, a URL, a field terminator
    (_COMICS_SCRIPT.replace("file:///Universe.csv", "file:///marvel-wikia-data.csv"),
     "reads file:///marvel-wikia-data.csv, which no loader here serves"),
    (_COMICS_SCRIPT.replace("file:///Characters.csv", "https://x.org/Characters.csv"),
     "reads https://x.org/Characters.csv, which no loader here serves"),
    (_COMICS_SCRIPT.replace("'file:///Characters.csv' AS row", "'file:///Characters.csv' AS row FIELDTERMINATOR ';'"),
     "with a field terminator"),
])
def test_comic_characters_refuses_what_it_does_not_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_comic_characters(store, _comics_mirror(tmp_path, monkeypatch, script))
    assert not any("MERGE (c:Character" in statement for statement, _ in store.calls)


_MOVIE_QA_README = (
    "# title\n\n5\u3001\u6267\u884c\u4ee5\u4e0b\u4ee3\u7801\u5bfc\u5165\u6570\u636e\u96c6\n\n"
    "//\u5bfc\u5165\u8282\u70b9 genre\nLOAD CSV WITH HEADERS  FROM \"file:///genre.csv\" AS line\n"
    "MERGE (p:Genre{gid:toInteger(line.gid),name:line.gname})\n\t\n"
    "LOAD CSV WITH HEADERS FROM 'file:///movie.csv' AS line\nMERGE (p:Movie{title:line.title,intro:line.intro})\n\n"
    + "".join(f"LOAD CSV WITH HEADERS FROM \"file:///genre.csv\" AS line\nRETURN {n}\n\n" for n in range(3))
    + "6\u3001\u5728python IDE\u4e2d\u8fd0\u884c\u4ee3\u7801\nLOAD CSV WITH HEADERS FROM 'file:///x.csv' AS line\n")


def test_movie_qa_runs_its_readmes_five_statements_over_its_data_folder_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # movie.csv ends each line with a lone CR (one inside a quoted field is kept), writes a quote in a quoted field
    # as a backslash and a quote, an empty synopsis as "" (the empty string) and a missing one as nothing (null)
    movie = ('\ufeff"title","intro"\r"A","x \\"y\\" z"\r"B",""\r"C",\r"D","p\rq"\r').encode("utf-8")
    folder = "\u6570\u636e\u96c6/"
    monkeypatch.setattr(corpus, "MOVIE_QA_COMMIT", _committed_mirror(
        tmp_path, "devyhh+Q-A-Movie-System",
        {"README.md": _MOVIE_QA_README, folder + "genre.csv": "gid,gname\n12,\u5192\u9669\n",
         folder + "movie.csv": movie},
        later={"README.md": "nothing", folder + "genre.csv": None}))
    store = Recorder()
    corpus.write_movie_qa(store, tmp_path)
    assert store.calls[:2] == [
        ("UNWIND $rows AS line\nMERGE (p:Genre{gid:toInteger(line.gid),name:line.gname})",
         {"rows": [{"gid": "12", "gname": "\u5192\u9669"}]}),
        ("UNWIND $rows AS line\nMERGE (p:Movie{title:line.title,intro:line.intro})",
         {"rows": [{"title": "A", "intro": 'x "y" z'}, {"title": "B", "intro": ""}, {"title": "C", "intro": None},
                   {"title": "D", "intro": "p\rq"}]})]
    assert len(store.calls) == 5  # step 6's statement is not one of them


def test_movie_qa_refuses_a_readme_without_its_five_statements(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    readme = _MOVIE_QA_README.replace("RETURN 2\n\n", "")
    readme = readme.replace("LOAD CSV WITH HEADERS FROM \"file:///genre.csv\" AS line\n6", "6")
    monkeypatch.setattr(corpus, "MOVIE_QA_COMMIT", _committed_mirror(
        tmp_path, "devyhh+Q-A-Movie-System", {"README.md": readme}))
    with pytest.raises(corpus.CorpusError, match="five LOAD CSV statements"):
        corpus.write_movie_qa(Recorder(), tmp_path)


# Shredsauce/SOEN_363_PROJECT's cypher/db_population.cypher, shortened: its games and logos statements as written
# (the last statement ends the file with no ';' and no newline)
_IGDB_SCRIPT = (
    "LOAD CSV WITH HEADERS FROM 'file:///game.csv' AS row\nWITH toInteger(row.game_id) AS game_id,\n"
    "row.name AS name,\ndate(left(row.release_date, 10)) AS release_date\nMERGE (ga:Game {game_id:game_id})\n"
    "    SET ga.name = name,\n\tga.release_date = release_date\nReturn count(ga);\n\n"
    "LOAD CSV WITH HEADERS FROM 'file:///platform_logo.csv' AS row\nWITH \n"
    "    toInteger(row.platform_logo_id) AS platform_logo_id,\n    toInteger(row.height) AS height\n"
    "MERGE (pl:Platform_Logo {platform_logo_id: platform_logo_id})\n    SET pl.height = height\nRETURN count(pl);")
# a game's summary may hold a line break and a quoted comma; a game without a RAWG id has an empty field (null)
_IGDB_GAMES = ('game_id,name,summary,release_date,rawg_id\n'
               '1,Maji Kyun! Renaissance,"A cross media project,\nby Sunrise.",2016-09-21 00:00:00,\n'
               '468,Grand Theft Auto V,,2013-09-17 00:00:00,3498\n')


def _igdb_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _IGDB_SCRIPT) -> Path:
    later: dict[str, str | bytes | None] = {"cypher/db_population.cypher": "MATCH (n) DETACH DELETE n;",
                                            "exported_csv/game.csv": "game_id,name\n9,Later\n"}
    monkeypatch.setattr(corpus, "IGDB_GAMES_COMMIT", _committed_mirror(
        tmp_path, "Shredsauce+SOEN_363_PROJECT",
        {"cypher/db_population.cypher": script, "exported_csv/game.csv": _IGDB_GAMES,
         "exported_csv/platform_logo.csv": "platform_logo_id,image_url,height,width,platform_id\n388,//x.jpg,969,652,"
                                           "120\n",
         "game.csv": "game_id,name\n7,Not the exported file\n"}, later))
    return tmp_path


def test_igdb_games_runs_its_script_at_the_pinned_commit_over_its_exported_csv_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_igdb_games(store, _igdb_mirror(tmp_path, monkeypatch))
    assert [statement.split("\n", 1)[0] for statement, _ in store.calls] == ["UNWIND $rows AS row"] * 2
    games, logos = store.calls[0][1]["rows"], store.calls[1][1]["rows"]
    assert games == [
        {"game_id": "1", "name": "Maji Kyun! Renaissance", "summary": "A cross media project,\nby Sunrise.",
         "release_date": "2016-09-21 00:00:00", "rawg_id": None},
        {"game_id": "468", "name": "Grand Theft Auto V", "summary": None, "release_date": "2013-09-17 00:00:00",
         "rawg_id": "3498"}]
    assert logos == [{"platform_logo_id": "388", "image_url": "//x.jpg", "height": "969", "width": "652",
                      "platform_id": "120"}]
    # the statements as written after their LOAD CSV, the last one (no ';' after it) too
    assert store.calls[0][0].endswith("\tga.release_date = release_date\nReturn count(ga)")
    assert store.calls[1][0].endswith("SET pl.height = height\nRETURN count(pl)")


@pytest.mark.parametrize(("script", "refused"), [
    (_IGDB_SCRIPT.replace("'file:///platform_logo.csv' AS row", "'https://x.org/platform_logo.csv' AS row"),
     "reads https://x.org/platform_logo.csv, which no loader here serves"),
    (_IGDB_SCRIPT.replace("'file:///platform_logo.csv' AS row", "'file:///platform_logo.csv' AS row "
                                                                  "FIELDTERMINATOR ';'"),
     "reads file:///platform_logo.csv, which no loader here serves"),
    (_IGDB_SCRIPT.replace("file:///platform_logo.csv", "file:///platform.csv"), "exported_csv/platform.csv is not"),
])
def test_igdb_games_refuses_a_file_it_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str,
                                                     refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_igdb_games(store, _igdb_mirror(tmp_path, monkeypatch, script))
    assert not any("Platform_Logo" in statement for statement, _ in store.calls)


# hirokaz/japanese_mythology_database's scripts/tsv_to_cypher.py, shortened: its imports, ROOT and OUT_DEFAULT, two
# masters, its escape, its emit functions (a master row's empty and "-" fields left out; a relation whose end types it
# does not map skipped), argparse with --out and --dry-run, and its `sys.exit(main())`, as written
_JP_MYTH_ETL = (
    "from __future__ import annotations\n\nimport argparse\nimport csv\nimport sys\nfrom collections import Counter\n"
    "from pathlib import Path\n\nROOT = Path(__file__).resolve().parent.parent\n"
    "OUT_DEFAULT = ROOT / 'web' / 'data' / 'neo4j_import.cypher'\n\n"
    "MASTERS = [\n    ('docs/master/shrine_master.tsv',   'Shrine',    'master_id'),\n"
    "    ('docs/master/deity_master.tsv',    'Deity',     'master_id'),\n]\n"
    "RELATION_ONTOLOGY = {'primary_deity_of': 'RITUAL'}\nTYPE_TO_LABEL = {'shrine': 'Shrine', 'deity': 'Deity'}\n\n"
    "def cy_esc(v):\n    s = str(v)\n"
    "    return s.replace('\\\\', '\\\\\\\\').replace(\"'\", \"\\\\'\").replace('\\n', ' ').replace('\\r', '')\n\n"
    "def prop(k, v):\n    s = str(v).strip()\n    if s == '' or s == '-':\n        return None\n"
    "    return f\"{k}: '{cy_esc(s)}'\"\n\n"
    "def emit_master(path, primary_label, id_field, out, stats):\n    if not path.exists():\n"
    "        print(f'[SKIP] {path} not found', file=sys.stderr)\n        return\n"
    "    with path.open(encoding='utf-8') as f:\n        rows = list(csv.DictReader(f, delimiter='\\t'))\n"
    "    out.append(f'// ===== {primary_label} ({len(rows)} nodes from {path.name}) =====')\n    for r in rows:\n"
    "        mid = r[id_field]\n        props = [prop('master_id', mid)] + [prop(k, v) for k, v in r.items() "
    "if k != id_field]\n        props_str = ', '.join(p for p in props if p)\n"
    "        out.append(f\"MERGE (n:Entity:{primary_label} {{master_id: '{cy_esc(mid)}'}})\")\n"
    "        out.append(f\"  SET n += {{ {props_str} }};\")\n        stats[primary_label] += 1\n\n"
    "def emit_relations(path, out, stats):\n    with path.open(encoding='utf-8') as f:\n"
    "        for r in csv.DictReader(f, delimiter='\\t'):\n"
    "            slabel = TYPE_TO_LABEL.get(r['source_type'])\n"
    "            tlabel = TYPE_TO_LABEL.get(r['target_type'])\n"
    "            if not slabel or not tlabel:\n                stats['rel_skip_unknown_type'] += 1\n"
    "                continue\n"
    "            category = RELATION_ONTOLOGY.get(r['relation_type'], 'ASSOC')\n"
    "            out.append(f\"MATCH (s:{slabel} {{master_id: '{r['source_id']}'}}), "
    "(t:{tlabel} {{master_id: '{r['target_id']}'}})\")\n"
    "            out.append(f\"  MERGE (s)-[r:{category} {{relation_id: '{r['relation_id']}'}}]->(t)\")\n"
    "            out.append(f\"  SET r += {{ relation_type: '{r['relation_type']}' }};\")\n\n"
    "def main() -> int:\n    ap = argparse.ArgumentParser(description='ETL')\n"
    "    ap.add_argument('--out', type=str, default=str(OUT_DEFAULT))\n"
    "    ap.add_argument('--dry-run', action='store_true')\n    args = ap.parse_args()\n"
    "    out_lines = ['// Auto-generated by scripts/tsv_to_cypher.py', '']\n    stats = Counter()\n"
    "    out_lines.append('CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.master_id IS UNIQUE;')\n"
    "    for rel_path, primary_label, id_field in MASTERS:\n"
    "        emit_master(ROOT / rel_path, primary_label, id_field, out_lines, stats)\n"
    "    emit_relations(ROOT / 'docs' / 'relations' / 'relations.tsv', out_lines, stats)\n    if not args.dry_run:\n"
    "        out_path = Path(args.out)\n        out_path.parent.mkdir(parents=True, exist_ok=True)\n"
    "        out_path.write_text('\\n'.join(out_lines), encoding='utf-8')\n"
    "        print(f'[OK] wrote {out_path} ({len(out_lines)} lines)')\n    return 0\n\n\n"
    "if __name__ == '__main__':\n    sys.exit(main())\n")
_JP_MYTH_LOAD = ('#!/usr/bin/env bash\nset -euo pipefail\nSCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"\n'
                 'REPO_ROOT="$(cd "${SCRIPT_DIR}/.." && pwd)"\n'
                 'CYPHER_FILE="${REPO_ROOT}/web/data/neo4j_import.cypher"\n'
                 'cypher-shell -a "$NEO4J_URI" -u "$NEO4J_USER" -p "$NEO4J_PASS" --format plain < "$CYPHER_FILE"\n')
_JP_MYTH_FILES: dict[str, str | bytes] = {
    "scripts/tsv_to_cypher.py": _JP_MYTH_ETL, "scripts/load_neo4j.sh": _JP_MYTH_LOAD,
    # a shrine's legend with an apostrophe and a line break, its old name "-"; the deity master absent here
    "docs/master/shrine_master.tsv": "master_id\tcanonical_name\told_names\tfounding_legend\n"
                                     "SHR-001\t出雲大社\t-\t\"it's\nold\"\n",
    "docs/relations/relations.tsv": "relation_id\tsource_id\tsource_type\trelation_type\ttarget_id\ttarget_type\n"
                                    "RLN-1\tDEI-001\tdeity\tprimary_deity_of\tSHR-001\tshrine\n"
                                    "RLN-2\tDEI-001\tdeity\tlocated_in\tREG-1\tprovince\n",
    "web/data/neo4j_import.cypher": "MATCH (n) DETACH DELETE n;\n"}


def _jp_myth_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                    changes: dict[str, str | bytes] | None = None) -> Path:
    later: dict[str, str | bytes | None] = {
        "docs/master/shrine_master.tsv": "master_id\tcanonical_name\nSHR-9\tLater\n",
        "docs/master/deity_master.tsv": "master_id\tcanonical_name\nDEI-9\tLater\n"}
    monkeypatch.setattr(corpus, "JP_MYTH_COMMIT", _committed_mirror(
        tmp_path, "hirokaz+japanese_mythology_database", {**_JP_MYTH_FILES, **(changes or {})}, later))
    return tmp_path


def test_japanese_mythology_runs_its_etl_at_the_pinned_commit_then_the_file_it_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_japanese_mythology(store, _jp_myth_mirror(tmp_path, monkeypatch))
    assert [statement for statement, _ in store.calls] == [
        "CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.master_id IS UNIQUE",
        # the pinned commit's one shrine (no deity master there: skipped, as the ETL skips it); "-" not set; the
        # apostrophe escaped and the line break a space, as its cy_esc writes them
        "MERGE (n:Entity:Shrine {master_id: 'SHR-001'})\n"
        "  SET n += { master_id: 'SHR-001', canonical_name: '出雲大社', founding_legend: 'it\\'s old' }",
        # the relation whose end types it maps; the other one ("province") skipped, as it skips it
        "MATCH (s:Deity {master_id: 'DEI-001'}), (t:Shrine {master_id: 'SHR-001'})\n"
        "  MERGE (s)-[r:RITUAL {relation_id: 'RLN-1'}]->(t)\n  SET r += { relation_type: 'primary_deity_of' }"]
    assert all(not params for _, params in store.calls)


def test_japanese_mythology_parses_no_arguments_of_this_process(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["domain_corpus.py", "up", "japanese-mythology", "--dry-run"])
    store = Recorder()
    corpus.write_japanese_mythology(store, _jp_myth_mirror(tmp_path, monkeypatch))
    assert len(store.calls) == 3  # the defaults: the file written, then run


@pytest.mark.parametrize(("changes", "refused"), [
    ({"scripts/load_neo4j.sh": _JP_MYTH_LOAD.replace("neo4j_import.cypher", "other.cypher")},
     "scripts/load_neo4j.sh no longer reads web/data/neo4j_import.cypher"),
    ({"scripts/tsv_to_cypher.py": _JP_MYTH_ETL.replace("import csv\n", "import csv\nimport os\n")},
     "its loader imports os, which is not read here"),
    ({"scripts/tsv_to_cypher.py": _JP_MYTH_ETL.replace("    return 0\n", "    return 2\n")},
     "scripts/tsv_to_cypher.py ended with 2"),
    ({"scripts/tsv_to_cypher.py": _JP_MYTH_ETL.replace("default=str(OUT_DEFAULT)", "default='out.cypher'")},
     "did not write web/data/neo4j_import.cypher (it wrote ['out.cypher'])"),
    ({"scripts/tsv_to_cypher.py": _JP_MYTH_ETL.replace("with path.open(encoding='utf-8') as f:\n        rows",
                                                        "with path.open('w') as f:\n        rows")},
     "opens docs/master/shrine_master.tsv for 'w'"),
])
def test_japanese_mythology_refuses_what_its_load_does_not_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              changes: dict[str, str | bytes], refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_japanese_mythology(store, _jp_myth_mirror(tmp_path, monkeypatch, changes))
    assert store.calls == []


# mfin0008/friends-app's src/server/python/neo4j/neo4jInitialiser.py as written at its HEAD, shortened (its season
# and episode statements, its directors' loop; the writers' loop is the directors' with WRITTEN_BY)
_FRIENDS_LOADER = (
    "from neo4j import GraphDatabase\nimport csv\n\n"
    "def populate_neo4j_database_from_csv(session, csv_file):\n"
    "    with open(csv_file, newline=\"\") as file:\n        csv_reader = csv.DictReader(file)\n"
    "        for row in csv_reader:\n"
    "            season_num = int(row[\"season\"])\n            episode_num = int(row[\"episode\"])\n"
    "            title = row[\"title\"]\n            views = float(row[\"us_views_millions\"])\n"
    "            directors = row[\"directed_by\"].split(\" & \")\n"
    "            session.write_transaction(lambda tx: tx.run(\n"
    "                \"MERGE (s:Season {season_num: $season_num})\",\n"
    "                season_num=season_num\n            ))\n"
    "            session.write_transaction(lambda tx: tx.run(\n"
    "                \"MERGE (e:Episode {episode_num: $episode_num, title: $title, views: $views})\",\n"
    "                episode_num=episode_num, title=title, views=views\n            ))\n"
    "            for director in directors:\n"
    "                session.write_transaction(lambda tx: tx.run(\n"
    "                    \"MERGE (c:CrewMember {name: $director}) MERGE (e:Episode {episode_num: $episode_num})\"\n"
    "                    \"-[:IN]->(s:Season {season_num: $season_num}) MERGE (e)-[:DIRECTED_BY]->(c)\",\n"
    "                    director=director, episode_num=episode_num, season_num=season_num\n"
    "                ))\n\n"
    "if __name__ == \"__main__\":\n    URI = \"bolt://localhost:7687\"\n    AUTH = (\"neo4j\", \"neo4jgraph\")\n"
    "    driver = GraphDatabase.driver(URI, auth=AUTH)\n    csv_file = \"../data/friends_info.csv\"\n"
    "    with driver.session() as session:\n        populate_neo4j_database_from_csv(session, csv_file)\n"
    "    driver.close()\n")
_FRIENDS_DATA = ("season,episode,title,directed_by,us_views_millions\n"
                 "1,6,The One with the Butt,Arlene Sanford,18.2\n"
                 "3,17,\"The One Without the Ski Trip, Part 1\",Sam Simon & Gary Halvorson,25.8\n")


def _friends_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                    changes: dict[str, str | bytes] | None = None) -> Path:
    later: dict[str, str | bytes | None] = {corpus.FRIENDS_DATA: "season,episode,title,directed_by,us_views_millions\n"
                                                                 "9,9,Later,Nobody,1.0\n"}
    files: dict[str, str | bytes] = {corpus.FRIENDS_LOADER: _FRIENDS_LOADER, corpus.FRIENDS_DATA: _FRIENDS_DATA}
    monkeypatch.setattr(corpus, "FRIENDS_COMMIT", _committed_mirror(
        tmp_path, "mfin0008+friends-app", {**files, **(changes or {})}, later))
    return tmp_path


def test_friends_episodes_runs_its_initialiser_over_the_pinned_friends_info_csv(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each write_transaction (the 4.x name of execute_write) runs its statement with the row's values as the loader
    # converts them (int, float; a quoted title keeps its comma; "A & B" is two crew members); the later commit's
    # file is not read
    store = Recorder()
    corpus.write_friends_episodes(store, _friends_mirror(tmp_path, monkeypatch))
    season = "MERGE (s:Season {season_num: $season_num})"
    episode = "MERGE (e:Episode {episode_num: $episode_num, title: $title, views: $views})"
    directed = ("MERGE (c:CrewMember {name: $director}) MERGE (e:Episode {episode_num: $episode_num})"
                "-[:IN]->(s:Season {season_num: $season_num}) MERGE (e)-[:DIRECTED_BY]->(c)")
    assert store.calls == [
        (season, {"season_num": 1}),
        (episode, {"episode_num": 6, "title": "The One with the Butt", "views": 18.2}),
        (directed, {"director": "Arlene Sanford", "episode_num": 6, "season_num": 1}),
        (season, {"season_num": 3}),
        (episode, {"episode_num": 17, "title": "The One Without the Ski Trip, Part 1", "views": 25.8}),
        (directed, {"director": "Sam Simon", "episode_num": 17, "season_num": 3}),
        (directed, {"director": "Gary Halvorson", "episode_num": 17, "season_num": 3})]


@pytest.mark.parametrize(("change", "refused"), [
    (_FRIENDS_LOADER.replace("import csv\n", "import csv\nimport os\n"),
     "its loader imports os, which is not read here"),
    (_FRIENDS_LOADER.replace("../data/friends_info.csv", "../data/friends.csv"),
     "its loader opens ../data/friends.csv, which is not read here"),
])
def test_friends_episodes_imports_and_opens_nothing_but_what_its_loader_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_friends_episodes(store, _friends_mirror(tmp_path, monkeypatch, {corpus.FRIENDS_LOADER: change}))
    assert store.calls == []


# aryawirap/film-kg's graph_construction/step3_import_neo4j.ipynb as written at its HEAD, shortened: its pip line, its
# connection and batch runner, constraints, the Movie and Director cells (the Director rows here in batches of one),
# the actedBy cell (whose file the snapshot lacks), the directedBy cell and its first read-only cells
_FILM_KG_CELLS = [
    "pip install neo4j",
    "import pandas as pd\nimport ast\nimport os\nfrom neo4j import GraphDatabase\n\n"
    'URI      = "neo4j://127.0.0.1:7687"\nUSERNAME = "neo4j"\nPASSWORD = "password123"\nDATABASE = "flimkg"\n\n'
    "NODE_DIR = os.path.join('..', 'entity_construction', 'nodes')\n"
    "REL_DIR  = os.path.join('..', 'entity_construction', 'relationships')\n\n"
    "driver = GraphDatabase.driver(URI, auth=(USERNAME, PASSWORD))\ndriver.verify_connectivity()\n"
    "print('Koneksi ke Neo4j berhasil!')",
    "def run_batch(query, data, batch_size=500):\n    total = len(data)\n"
    "    for i in range(0, total, batch_size):\n        batch = data[i:i+batch_size]\n"
    "        with driver.session(database=DATABASE) as session:\n            session.run(query, rows=batch)\n"
    "        print(f'  Progress: {min(i+batch_size, total)}/{total}', end='\\r')",
    'constraints = [\n    "CREATE CONSTRAINT IF NOT EXISTS FOR (m:Movie)    REQUIRE m.movie_id    IS UNIQUE",\n]\n\n'
    "with driver.session(database=DATABASE) as session:\n    for c in constraints:\n        session.run(c)",
    "df_movie = pd.read_csv(os.path.join(NODE_DIR, 'nodes_movie.csv'))\n"
    "df_movie['movie_id'] = df_movie['movie_id'].astype(int)\n"
    "df_movie['revenue']  = pd.to_numeric(df_movie['revenue'], errors='coerce').fillna(0)\n"
    "df_movie['release_date'] = df_movie['release_date'].fillna('').astype(str)\n\n"
    "movie_data = df_movie.to_dict('records')\n\n"
    'query_movie = """\nUNWIND $rows AS row\nMERGE (m:Movie {movie_id: row.movie_id})\n'
    'SET m.title        = row.title,\n    m.release_date = row.release_date,\n    m.revenue      = row.revenue\n"""\n'
    "run_batch(query_movie, movie_data)",
    "df_director = pd.read_csv(os.path.join(NODE_DIR, 'nodes_director.csv'))\n"
    "director_data = df_director.to_dict('records')\n\n"
    'query_director = """\nUNWIND $rows AS row\nMERGE (d:Director {name: row.name})\n"""\n'
    "run_batch(query_director, director_data, batch_size=1)",
    "df_rel_actor = pd.read_csv(os.path.join(REL_DIR, 'rels_movie_actor.csv'))\n"
    "rel_actor_data = df_rel_actor.to_dict('records')\n"
    'run_batch("UNWIND $rows AS row MATCH (m:Movie {movie_id: row.movie_id}) RETURN m", rel_actor_data)',
    "df_rel_dir = pd.read_csv(os.path.join(REL_DIR, 'rels_movie_director.csv'))\n"
    "df_rel_dir['movie_id'] = df_rel_dir['movie_id'].astype(int)\n"
    "rel_dir_data = df_rel_dir.to_dict('records')\n\n"
    'query_rel_dir = """\nUNWIND $rows AS row\nMATCH (m:Movie    {movie_id:     row.movie_id})\n'
    'MATCH (d:Director {name:         row.director_name})\nMERGE (m)-[:directedBy]->(d)\n"""\n'
    "run_batch(query_rel_dir, rel_dir_data)",
    "checks = {\n    'Movie nodes':       'MATCH (m:Movie)    RETURN count(m) AS total',\n}\n"
    "with driver.session(database=DATABASE) as session:\n    for label, query in checks.items():\n"
    "        result = session.run(query).single()",
    "driver.close()",
]
_FILM_KG_NODES = "entity_construction/nodes/"
_FILM_KG_RELS = "entity_construction/relationships/"


def _film_kg_notebook(cells: list[str]) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "source": ["# Step 3"]}]
                       + [{"cell_type": "code", "source": cell.splitlines(keepends=True)} for cell in cells],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _film_kg_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cells: list[str] | None = None,
                    changes: dict[str, str | bytes] | None = None) -> Path:
    files: dict[str, str | bytes] = {
        corpus.FILM_KG_NOTEBOOK: _film_kg_notebook(_FILM_KG_CELLS if cells is None else cells),
        # a missing release date and revenue (pandas' NaN), an apostrophe, a quoted comma
        _FILM_KG_NODES + "nodes_movie.csv": "movie_id,title,release_date,revenue\n862,Toy Story,1995-10-30,"
                                            "373554033.0\n2291,Jacob's Ladder,,\n2609,\"Planes, Trains and "
                                            "Automobiles\",1987-11-26,49230280.0\n",
        # a name as written, its leading space and tab kept
        _FILM_KG_NODES + "nodes_director.csv": "director_id,name\n1, Dale Trevillion\t\n2,John Lasseter\n",
        _FILM_KG_RELS + "rels_movie_director.csv": "movie_id,director_name\n862,John Lasseter\n",
        **(changes or {})}
    later: dict[str, str | bytes | None] = {_FILM_KG_NODES + "nodes_director.csv": "director_id,name\n1,Later\n"}
    monkeypatch.setattr(corpus, "FILM_KG_COMMIT", _committed_mirror(tmp_path, "aryawirap+film-kg", files, later))
    return tmp_path


def test_film_kg_runs_its_notebook_cells_over_the_pinned_csvs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # its cells run in order in one namespace: the constraint, the Movie rows typed as pandas types them (ids int,
    # a missing revenue 0.0 and release date ""), the directors in batches of one, the directedBy rows; not its pip
    # line, not the actedBy cell (its file is not in the snapshot, nor in this mirror), not its read-only cells; the
    # later commit's file is not read
    store = Recorder()
    corpus.write_film_kg(store, _film_kg_mirror(tmp_path, monkeypatch))
    movie = ("\nUNWIND $rows AS row\nMERGE (m:Movie {movie_id: row.movie_id})\nSET m.title        = row.title,\n"
             "    m.release_date = row.release_date,\n    m.revenue      = row.revenue\n")
    director = "\nUNWIND $rows AS row\nMERGE (d:Director {name: row.name})\n"
    directed = ("\nUNWIND $rows AS row\nMATCH (m:Movie    {movie_id:     row.movie_id})\n"
                "MATCH (d:Director {name:         row.director_name})\nMERGE (m)-[:directedBy]->(d)\n")
    assert store.calls == [
        ("CREATE CONSTRAINT IF NOT EXISTS FOR (m:Movie)    REQUIRE m.movie_id    IS UNIQUE", {}),
        (movie, {"rows": [
            {"movie_id": 862, "title": "Toy Story", "release_date": "1995-10-30", "revenue": 373554033.0},
            {"movie_id": 2291, "title": "Jacob's Ladder", "release_date": "", "revenue": 0.0},
            {"movie_id": 2609, "title": "Planes, Trains and Automobiles", "release_date": "1987-11-26",
             "revenue": 49230280.0}]}),
        (director, {"rows": [{"director_id": 1, "name": " Dale Trevillion\t"}]}),
        (director, {"rows": [{"director_id": 2, "name": "John Lasseter"}]}),
        (directed, {"rows": [{"movie_id": 862, "director_name": "John Lasseter"}]})]
    assert all(type(row["revenue"]) is float for row in store.calls[1][1]["rows"])


@pytest.mark.parametrize(("cells", "refused"), [
    ([cell.replace("import ast\n", "import ast\nimport requests\n") for cell in _FILM_KG_CELLS],
     "its loader imports requests, which is not read here"),
    ([cell.replace("'nodes_director.csv'", "'nodes_studio.csv'") for cell in _FILM_KG_CELLS],
     "its notebook reads ../entity_construction/nodes/nodes_studio.csv, which is not read here"),
    (_FILM_KG_CELLS[1:], "first code cell is not its `pip install` line"),
    ([cell for cell in _FILM_KG_CELLS if "rels_movie_actor" not in cell],
     "reads rels_movie_actor.csv in 0 cells, not 1"),
    ([cell for cell in _FILM_KG_CELLS if not cell.startswith("checks")], "has no verification cell"),
    ([cell.replace("pd.read_csv(os.path.join(NODE_DIR, 'nodes_movie.csv'))",
                   "pd.read_csv(os.path.join(NODE_DIR, 'nodes_movie.csv'), sep=';')") for cell in _FILM_KG_CELLS],
     "its notebook reads ../entity_construction/nodes/nodes_movie.csv, which is not read here"),
])
def test_film_kg_refuses_what_its_notebook_does_not_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       cells: list[str], refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_film_kg(store, _film_kg_mirror(tmp_path, monkeypatch, cells))
    assert [s for s, _ in store.calls if "Director" in s or "directedBy" in s] == []


# graph-labs/neo4j-training-tdd's src/test/resources/dr-who.cypher as committed, shortened: its cypher-shell
# transactions (the DETACH DELETE of the :DoctorWho nodes, then one CREATE of the whole graph), a few nodes of four
# labels with their backticked properties, and relationships, one with its year
_DOCTOR_WHO_SCRIPT = (
    ":begin\nMATCH (n:DoctorWho) DETACH DELETE n;\n:commit\n\n:begin\n"
    'CREATE (_0001:DoctorWho:Character {`character`:"Doctor"})\n'
    'CREATE (_0011:DoctorWho:Actor {`actor`:"Tom Baker"})\n'
    'CREATE (_0012:DoctorWho:Actor {`actor`:"Peter Davison"})\n'
    'CREATE (_0017:DoctorWho:Actor {`actor`:"David Tennant", `salary`:1000000, '
    '`wikipedia`:"http://en.wikipedia.org/wiki/David_Tennant"})\n'
    'CREATE (_0620:DoctorWho:Episode {`episode`:"78", `title`:"Genesis of the Daleks"})\n'
    "CREATE (_0011)-[:`PLAYED`]->(_0001)\n"
    "CREATE (_0011)-[:`REGENERATED_TO` {`year`:1981}]->(_0012)\n"
    "CREATE (_0011)-[:`APPEARED_IN`]->(_0620);\n\n:commit\n")


def _doctor_who_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import subprocess

    fetched = tmp_path / "graph-labs+neo4j-training-tdd" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    script = fetched / corpus.DOCTOR_WHO_SCRIPT
    script.parent.mkdir(parents=True)
    script.write_text(_DOCTOR_WHO_SCRIPT, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Add Cypher reading exercises"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit that changed the script would not be what the corpus pinned
    script.write_text(':begin\nCREATE (:DoctorWho:Character {`character`:"later"});\n:commit\n', encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "a later script"], check=True)
    monkeypatch.setattr(corpus, "DOCTOR_WHO_COMMIT", pinned)
    return tmp_path


def test_doctor_who_runs_its_script_as_cypher_shell_does_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_doctor_who(store, _doctor_who_mirror(tmp_path, monkeypatch))
    # two statements, as written and in order, without parameters: the delete, then the whole graph's CREATE in one
    # statement (the shell's :begin and :commit lines dropped, nothing of the CREATEs rewritten)
    assert store.calls == [
        ("MATCH (n:DoctorWho) DETACH DELETE n", {}),
        ('CREATE (_0001:DoctorWho:Character {`character`:"Doctor"})\n'
         'CREATE (_0011:DoctorWho:Actor {`actor`:"Tom Baker"})\n'
         'CREATE (_0012:DoctorWho:Actor {`actor`:"Peter Davison"})\n'
         'CREATE (_0017:DoctorWho:Actor {`actor`:"David Tennant", `salary`:1000000, '
         '`wikipedia`:"http://en.wikipedia.org/wiki/David_Tennant"})\n'
         'CREATE (_0620:DoctorWho:Episode {`episode`:"78", `title`:"Genesis of the Daleks"})\n'
         "CREATE (_0011)-[:`PLAYED`]->(_0001)\n"
         "CREATE (_0011)-[:`REGENERATED_TO` {`year`:1981}]->(_0012)\n"
         "CREATE (_0011)-[:`APPEARED_IN`]->(_0620)", {})]
    assert not any("later" in statement or statement.startswith(":") for statement, _ in store.calls)


def test_doctor_who_refuses_a_mirror_without_its_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _doctor_who_mirror(tmp_path, monkeypatch)
    monkeypatch.setattr(corpus, "DOCTOR_WHO_COMMIT", "0" * 40)
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="src/test/resources/dr-who.cypher is not in the mirror"):
        corpus.write_doctor_who(store, mirror)
    assert store.calls == []


def test_doctor_who_is_a_spent_graph_of_its_repository() -> None:
    graph = corpus.graph("doctor-who")
    assert (graph.split, graph.repo, graph.writer) == ("spent", "graph-labs/neo4j-training-tdd",
                                                        corpus.write_doctor_who)


# docs/25_xml2neo4j-kollatz.md of kuczera/Graphentechnologien, shortened: the deprecated apoc.load.xmlSimple block,
# then the apoc.load.xml block that replaces it (its comment after YIELD kept), between prose
_KOLLATZ_XML_STATEMENT = (
    'CALL\napoc.load.xml("https://raw.githubusercontent.com/kuczera/Graphentechnologien/master/docs/data/kollatz.xml", '
    '"/collection/*")  YIELD value AS work // this uses an xpath expression to get all child nodes of "<collection>""\n'
    'WITH\n[x in work._children where x._type="title" | x._text][0] as titel,\n'
    '[x in work._children where x._type="autor" | x._text] as autoren,\n'
    'work.id as eid\nMERGE (w:Werk{eid:eid})\nSET w.name = titel\n'
    'FOREACH (x in autoren |\n   MERGE (p:Person {name:x})\n   MERGE (p)-[:AUTOR_VON]->(w) )')
_KOLLATZ_CHAPTER = (
    "# Import von strukturierten XML-Daten in neo4j\n\n## Der Import mit apoc.load.xmlSimple\n\n~~~cypher\n"
    'CALL apoc.load.xmlSimple("https://raw.githubusercontent.com/kuczera/Graphentechnologien/master/docs/data/'
    'kollatz.xml") yield value as xmlFile\nUNWIND xmlFile._work as wdata\n\tMERGE (w1:Werk{eid:wdata.id});\n~~~\n\n'
    "Die Funktion apoc.loadxmlSimple ist inzwischen veraltet.\n\n~~~cypher\n" + _KOLLATZ_XML_STATEMENT
    + ";\n~~~\n\n## Zusammenfassung\n")
_KOLLATZ_XML = ('\ufeff<collection>\n  <work id="1">\n    <title>Holekh tamim</title>\n'
                "    <autor>Satanow, Isaak</autor>\n    <druckort>Breslau </druckort>\n  </work>\n</collection>\n")


def _kollatz_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chapter: str = _KOLLATZ_CHAPTER) -> Path:
    import subprocess

    fetched = tmp_path / "kuczera+Graphentechnologien" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / "docs" / "data").mkdir(parents=True)
    (fetched / corpus.KOLLATZ_CHAPTER).write_text(chapter, encoding="utf-8")
    (fetched / corpus.KOLLATZ_XML).write_text(_KOLLATZ_XML, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "XML-Beispiel nochmal ergänzt"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit that changed the XML would not be what the corpus pinned
    (fetched / corpus.KOLLATZ_XML).write_text("<collection/>\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "a later XML"], check=True)
    monkeypatch.setattr(corpus, "KOLLATZ_COMMIT", pinned)
    return tmp_path


def test_kollatz_prints_runs_the_apoc_load_xml_statement_over_the_pinned_xml(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_kollatz_prints(store, _kollatz_mirror(tmp_path, monkeypatch))
    # one statement: the apoc.load.xml block (not the deprecated xmlSimple one), its call over the URL now APOC's
    # parse of the XML's text (its BOM dropped, its text as committed: APOC trims), the rest as written
    call = _KOLLATZ_XML_STATEMENT[:_KOLLATZ_XML_STATEMENT.index(" //")]
    assert call.endswith('kollatz.xml", "/collection/*")  YIELD value AS work')
    statement = _KOLLATZ_XML_STATEMENT.replace(call, "UNWIND apoc.xml.parse($xml)._children AS work")
    assert store.calls == [(statement, {"xml": _KOLLATZ_XML.removeprefix("\ufeff")})]
    assert "xmlSimple" not in store.calls[0][0] and "https://" not in store.calls[0][0]


@pytest.mark.parametrize("chapter", [
    _KOLLATZ_CHAPTER.replace("/collection/*", "/collection/work"),  # another XPath: not what the values stand for
    _KOLLATZ_CHAPTER.replace("master/docs/data/kollatz.xml\", \"/", "master/docs/data/other.xml\", \"/"),
    _KOLLATZ_CHAPTER.replace("~~~cypher\nCALL\napoc.load.xml", "~~~\nCALL\napoc.load.xml"),  # no Cypher block
])
def test_kollatz_prints_refuses_a_chapter_without_its_one_apoc_load_xml_statement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chapter: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="has not one apoc.load.xml statement"):
        corpus.write_kollatz_prints(store, _kollatz_mirror(tmp_path, monkeypatch, chapter))
    assert store.calls == []


def test_kollatz_prints_refuses_a_mirror_without_its_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _kollatz_mirror(tmp_path, monkeypatch)
    monkeypatch.setattr(corpus, "KOLLATZ_COMMIT", "0" * 40)
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="docs/25_xml2neo4j-kollatz.md is not in the mirror"):
        corpus.write_kollatz_prints(store, mirror)
    assert store.calls == []


def test_kollatz_prints_is_a_spent_graph_of_its_repository() -> None:
    graph = corpus.graph("kollatz-prints")
    assert (graph.split, graph.repo, graph.writer) == ("spent", "kuczera/Graphentechnologien",
                                                        corpus.write_kollatz_prints)


# the seminar README of aramaki-san/Kursmaterial, shortened: probes and prose between its fenced blocks (inline ```
# marks in the prose, a fence with a trailing space), the metadata and item blocks of Bahnsen's library, then Sturm's
_LIBRETO_URL = ("https://raw.githubusercontent.com/aramaki-san/Kursmaterial/main/"
                "Seminar%20Digitale%20Sammlungsforschung%20Leipzig%20SS%202021/")


def _libreto_call(name: str, url: str = _LIBRETO_URL) -> str:
    return f'CALL apoc.load.json ("{url}{name}") \nYIELD value'


def _libreto_meta(name: str) -> str:
    return (_libreto_call(name) + " \nUNWIND value.collection.metadata AS metadata \n"
            "MERGE (c:COLLECTION {title: metadata.title})\nMERGE (p:PERSON {name: metadata.owner})\n"
            "MERGE (p)-[:bestandsbildner]->(c)\nRETURN c, p")


def _libreto_items(name: str) -> str:
    return (_libreto_call(name) + " \nUNWIND value.collection.item AS item\nUNWIND item.persons.person AS person\n"
            "MERGE (r:RECORD {title:item.titleCat, project_id:item.id})\n"
            'MERGE (p:PERSON {name: person.persName, gnd: coalesce (person.gnd, "")})\nWITH person, r, p\n'
            "CALL apoc.create.relationship (p, person.role, {}, r) YIELD rel\nRETURN r, p")


_LIBRETO_README = (
    "# Skript zur Übung\n\n```\nCALL dbms.procedures();\n```\nDie zentralen Befehle:\n```\nCREATE\nMERGE\nSET\n```\n"
    "Über ``` RETURN value ``` kann das Dokument angezeigt werden.\n```\n" + _libreto_call("bahnsen.json")
    + " \nRETURN value;\n```\n```\n" + _libreto_meta("bahnsen.json") + ";\n```\n"
    "Hinweise zum ```Merge``` -Befehl und zu ```coalesce ()```.\n\n```\n" + _libreto_items("bahnsen.json")
    + ";\n```\nHier noch ein ähnliches Skript für Sturm.\n```\n" + _libreto_meta("sturm.json") + ";\n```\n```\n"
    + _libreto_items("sturm.json") + ';\n```\n## Abfragen\n\n``` \n{"nodes": [], "links": []}\n``` \n```\n'
    "MATCH (p)-[r1:Adressat]->()<-[r2:Verfasser]-(p2) RETURN p;\n```\n")
_LIBRETO_DATA = {"bahnsen.json": '{"collection": {"metadata": {"title": "Bibliothek Benedikt Bahnsen", "owner": '
                                 '"Bahnsen, Benedikt"}, "item": [{"id": "bahnsen0", "titleCat": "WEimarische Bibel", '
                                 '"persons": {"person": {"persName": "Luther, Martin", "role": "contributor"}}}]}}',
                 "sturm.json": '{"collection": {"metadata": {"title": "Catalogus librorum", "owner": '
                               '"Sturm, Leonhard Christoph"}, "item": []}}'}


def _libreto_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, readme: str = _LIBRETO_README) -> Path:
    import subprocess

    fetched = tmp_path / "aramaki-san+Kursmaterial" / "repo"
    git = ["git", "-C", str(fetched), "-c", "user.name=t", "-c", "user.email=t@t"]
    fetched.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(fetched)], check=True)
    (fetched / corpus.LIBRETO_FOLDER).mkdir(parents=True)
    (fetched / corpus.LIBRETO_README).write_text(readme, encoding="utf-8")
    for name, data in _LIBRETO_DATA.items():
        (fetched / corpus.LIBRETO_FOLDER / name).write_text(data, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "Update README.md"], check=True)
    pinned = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    # a later commit that emptied the data would not be what the corpus pinned
    (fetched / corpus.LIBRETO_FOLDER / "bahnsen.json").write_text('{"collection": {}}', encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "a later file"], check=True)
    monkeypatch.setattr(corpus, "LIBRETO_COMMIT", pinned)
    return tmp_path


def test_libreto_libraries_runs_the_four_import_blocks_over_the_pinned_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_libreto_libraries(store, _libreto_mirror(tmp_path, monkeypatch))
    # the blocks that write, in the README's order, each call over its URL now the values of the file it names
    # (its %20s spaces) at the pinned commit; not the probes, the keyword list, the JSON sketch or the queries
    values = {name: [json.loads(data)] for name, data in _LIBRETO_DATA.items()}
    expected = [(block.replace(_libreto_call(name), "UNWIND $values AS value"), {"values": values[name]})
                for name in ("bahnsen.json", "sturm.json") for block in (_libreto_meta(name), _libreto_items(name))]
    assert store.calls == expected
    assert all("apoc.load.json" not in s and "https://" not in s for s, _ in store.calls)


@pytest.mark.parametrize("readme", [
    # an import block over another file of the folder, or over the same name in another repository
    _LIBRETO_README.replace(_libreto_items("sturm.json"), _libreto_items("liddel.json")),
    _LIBRETO_README.replace(_libreto_meta("bahnsen.json"), _libreto_meta("bahnsen.json").replace(
        _LIBRETO_URL, "https://raw.githubusercontent.com/aramaki-san/import/main/")),
    # Sturm's blocks before Bahnsen's, or one of the four missing
    _LIBRETO_README.replace("bahnsen.json", "@@").replace("sturm.json", "bahnsen.json").replace("@@", "sturm.json"),
    _LIBRETO_README.replace(_libreto_meta("sturm.json") + ";", "MATCH (n) RETURN n;"),
])
def test_libreto_libraries_refuses_a_readme_without_its_four_import_blocks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, readme: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="import blocks read"):
        corpus.write_libreto_libraries(store, _libreto_mirror(tmp_path, monkeypatch, readme))
    assert store.calls == []


@pytest.mark.parametrize(("readme", "match"), [
    (_LIBRETO_README + "```\nMATCH (n) RETURN n;\n", "without its closing fence"),
    (_LIBRETO_README.replace("RETURN r, p;\n```\n## Abfragen", "RETURN r, p;\nMATCH (n) RETURN n;\n```\n## Abfragen"),
     "holds not one statement"),
])
def test_libreto_libraries_refuses_a_readme_it_cannot_split_into_its_blocks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, readme: str, match: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=match):
        corpus.write_libreto_libraries(store, _libreto_mirror(tmp_path, monkeypatch, readme))
    assert store.calls == []


def test_libreto_libraries_refuses_a_mirror_without_its_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mirror = _libreto_mirror(tmp_path, monkeypatch)
    monkeypatch.setattr(corpus, "LIBRETO_COMMIT", "0" * 40)
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="README.md is not in the mirror"):
        corpus.write_libreto_libraries(store, mirror)
    assert store.calls == []


def test_libreto_libraries_is_a_spent_graph_of_its_repository() -> None:
    graph = corpus.graph("libreto-libraries")
    assert (graph.split, graph.repo, graph.writer) == ("spent", "aramaki-san/Kursmaterial",
                                                        corpus.write_libreto_libraries)


# [s55D tests above]

# JunsWan/HealthKG's exercise_kg.py as written at its HEAD (its constants, three queries and load_to_neo4j), shortened
_EXRX_LOADER = (
    "from neo4j import GraphDatabase\nimport json\nfrom tqdm import tqdm\n\n"
    'URI = "your neo4j url"\nAUTH = ("neo4j", "password")\nINPUT_JSON = "../data/exrx_final.json"\n\n\n'
    "def make_exercise_id(item):\n"
    '    targets = "_".join(item.get("Muscles", {}).get("Target", []))\n'
    "    return f\"{item['exercise_name']}__{item['body_part']}__{item['training_type']}__{targets}\"\n\n\n"
    'BASE_QUERY = """\nMERGE (ev:ExerciseVariant {id: $exercise_id})\nSET ev.name = $exercise_name\n'
    "MERGE (eq:Equipment {name: $training_type})\nMERGE (ev)-[:USES_EQUIPMENT]->(eq)\n\"\"\"\n\n"
    'MUSCLE_QUERY = """\nUNWIND $muscles AS m\nMERGE (mu:Muscle {name: m})\nWITH mu\n'
    'MATCH (ev:ExerciseVariant {id: $exercise_id})\nMERGE (ev)-[r:REL]->(mu)\n"""\n\n'
    'INSTRUCTION_BP_QUERY = """\nUNWIND $body_parts AS bp\nMERGE (ibp:InstructionBodyPart {name: bp})\n"""\n\n\n'
    "def load_to_neo4j(uri, auth, json_file):\n"
    "    driver = GraphDatabase.driver(uri, auth=auth)\n\n"
    '    with open(json_file, "r", encoding="utf-8") as f:\n        data = json.load(f)\n\n'
    "    with driver.session() as session:\n"
    '        for item in tqdm(data, desc="Importing ExerciseVariants"):\n'
    "            exercise_id = make_exercise_id(item)\n"
    '            muscles = item.get("Muscles", {})\n'
    "            session.run(BASE_QUERY, exercise_id=exercise_id, exercise_name=item[\"exercise_name\"],\n"
    '                        training_type=item["training_type"])\n'
    '            for rel, key in [("TARGETS", "Target"), ("STABILIZES", "Stabilizers")]:\n'
    "                values = muscles.get(key, [])\n"
    '                if values and values != ["None"]:\n'
    '                    session.run(MUSCLE_QUERY.replace("REL", rel), exercise_id=exercise_id, muscles=values)\n'
    '            instr_bps = item.get("Instruction_BodyPart", [])\n'
    "            if instr_bps:\n"
    "                session.run(INSTRUCTION_BP_QUERY, body_parts=instr_bps)\n\n"
    "    driver.close()\n"
    '    print("imported")\n\n\n'
    'if __name__ == "__main__":\n    load_to_neo4j(URI, AUTH, INPUT_JSON)\n')
# two records as the crawl writes them: no Instruction_BodyPart (the LLM step's field); a synergist list of "None"
_EXRX_DATA = json.dumps([
    {"body_part": "Neck", "training_type": "Band Resistive", "exercise_name": "Neck Retraction",
     "Muscles": {"Target": ["Splenius"], "Synergists": ["None"], "Stabilizers": ["Longus colli"]}},
    {"body_part": "Waist", "training_type": "", "exercise_name": "Cat", "Muscles": {"Target": ["None"]}}])


def _exrx_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _EXRX_LOADER) -> Path:
    # a later commit that empties the crawl: the pinned commit's file is the one read
    full = _committed_mirror(tmp_path, "JunsWan+HealthKG", {corpus.EXRX_LOADER: loader, corpus.EXRX_DATA: _EXRX_DATA},
                             later={corpus.EXRX_DATA: "[]"})
    monkeypatch.setattr(corpus, "EXRX_COMMIT", full)
    return tmp_path


def test_exrx_exercises_runs_exercise_kg_py_over_the_crawl_served_as_the_file_it_opens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # exercise_kg.py opens ../data/exrx_final.json (absent: 4 MiB or more); the committed crawl is served there, so
    # its Instruction_BodyPart step writes nothing; its session.run() calls go to the store with their parameters,
    # REL replaced by each muscle role, a list of only "None" skipped; its print is silent
    store = Recorder()
    corpus.write_exrx_exercises(store, _exrx_mirror(tmp_path, monkeypatch))
    base = ("\nMERGE (ev:ExerciseVariant {id: $exercise_id})\nSET ev.name = $exercise_name\n"
            "MERGE (eq:Equipment {name: $training_type})\nMERGE (ev)-[:USES_EQUIPMENT]->(eq)\n")
    muscle = ("\nUNWIND $muscles AS m\nMERGE (mu:Muscle {name: m})\nWITH mu\n"
              "MATCH (ev:ExerciseVariant {id: $exercise_id})\nMERGE (ev)-[r:REL]->(mu)\n")
    retraction = "Neck Retraction__Neck__Band Resistive__Splenius"
    assert store.calls == [
        (base, {"exercise_id": retraction, "exercise_name": "Neck Retraction", "training_type": "Band Resistive"}),
        (muscle.replace("REL", "TARGETS"), {"exercise_id": retraction, "muscles": ["Splenius"]}),
        (muscle.replace("REL", "STABILIZES"), {"exercise_id": retraction, "muscles": ["Longus colli"]}),
        (base, {"exercise_id": "Cat__Waist____None", "exercise_name": "Cat", "training_type": ""})]
    assert corpus.graph("exrx-exercises").split == "spent"


@pytest.mark.parametrize(("change", "refused"), [
    ("import requests\n", "imports requests"),
    ('INPUT_JSON = "../data/exrx_full_dataset.json"\n', "opens ../data/exrx_full_dataset.json")])
def test_exrx_exercises_refuses_an_import_or_a_file_it_does_not_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    loader = _EXRX_LOADER.replace('if __name__ == "__main__":\n', change + 'if __name__ == "__main__":\n')
    with pytest.raises(corpus.CorpusError, match=refused):
        corpus.write_exrx_exercises(Recorder(), _exrx_mirror(tmp_path, monkeypatch, loader))


# aploetz/packt's astronaut_data.neo, shortened: groups, schools and missions, then each astronaut's CREATE clauses
# naming them by variable (one statement), an anonymous school as the file writes one, and the file's one ';' at its end
_ASTRONAUT_SCRIPT = ("CREATE (G12:Group {group: '12' , year: '1987'})\n\n"
                     "CREATE (StanfordUniversity:School {alma_mater: 'Stanford University'})\n\n"
                     "CREATE (STS47_Endeavor_:Mission {name: 'STS-47 (Endeavor)'})\n\n"
                     "CREATE (MaeC_Jemison:Astronaut {name: 'Mae C. Jemison', birthplace: 'Decatur, AL' , "
                     "dateOfBirth: '10/17/1956' , gender: 'Female'})\n"
                     "CREATE (MaeC_Jemison)-[:EDUCATED_AT]->(StanfordUniversity),\n"
                     "(MaeC_Jemison)-[:FLEW_ON]->(STS47_Endeavor_),\n"
                     "(MaeC_Jemison)-[:RECRUITED_IN_CLASS]->(G12)\n\n"
                     "CREATE (ThomasJ_Hennen:Astronaut {name: 'Thomas J. Hennen'})\n"
                     "CREATE (ThomasJ_Hennen)-[:EDUCATED_AT]->(),\n"
                     "(ThomasJ_Hennen)-[:RECRUITED_IN_CLASS]->(G12)\n\n;\n")


def _astronaut_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str = _ASTRONAUT_SCRIPT) -> Path:
    later = "CREATE (Later:Mission {name: 'ISS-51/52 (Soyuz)'})\n;\n"
    pinned = _committed_mirror(tmp_path, "aploetz+packt", {corpus.ASTRONAUTS_SCRIPT: script},
                               later={corpus.ASTRONAUTS_SCRIPT: later})
    monkeypatch.setattr(corpus, "ASTRONAUTS_COMMIT", pinned)
    return tmp_path


def test_nasa_astronauts_runs_the_pinned_file_whole_as_one_statement(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nasa_astronauts(store, _astronaut_mirror(tmp_path, monkeypatch))
    assert store.calls == [(_ASTRONAUT_SCRIPT.strip().removesuffix(";").strip(), {})]
    assert "ISS-51/52" not in store.calls[0][0]


def test_nasa_astronauts_refuses_a_file_split_into_statements_or_one_that_reads_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    split = _ASTRONAUT_SCRIPT.replace("year: '1987'})\n", "year: '1987'});\n", 1)
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match="holds 2 statements, not the one CREATE statement its neoCmdFile"):
        corpus.write_nasa_astronauts(store, _astronaut_mirror(tmp_path / "a", monkeypatch, split))
    reads = "LOAD CSV WITH HEADERS FROM 'file:///astronauts.csv' AS row\n" + _ASTRONAUT_SCRIPT
    with pytest.raises(corpus.CorpusError, match="reads file:///astronauts.csv, which no loader here serves"):
        corpus.write_nasa_astronauts(store, _astronaut_mirror(tmp_path / "b", monkeypatch, reads))
    assert store.calls == []


# mgirardot/Lego_in_neo4j's Lego_sets.adoc, shortened: a Python block, its one //setup Cypher block (2.3 syntax: CREATE
# INDEX ON and DROP INDEX ON, a 2.x constraint, USING PERIODIC COMMIT, LOAD CSVs of the author's Dropbox copies) and a
# query block after it
_LEGO_DROPBOX = "https://dl.dropboxusercontent.com/u/26234739/"
_LEGO_GIST = (
    "== Build Star Wars models with your Lego collection\n\n[source,python]\n----\nimport pandas as pd\n----\n\n"
    "//hide\n//setup\n//output\n[source,cypher]\n----\n"
    "CREATE INDEX ON :Set(id);\n\n"
    f'LOAD CSV WITH HEADERS FROM "{_LEGO_DROPBOX}sets_sample.csv" as csvLine\n'
    "CREATE (s:Set {id: csvLine.SetNumber, Name: csvLine.Name, Pieces: csvLine.Pieces});\n\n"
    "//Setup the relationships\nDROP INDEX ON :Set(id);\n"
    "CREATE CONSTRAINT ON (s:Set) ASSERT s.id IS UNIQUE;\n\n"
    "USING PERIODIC COMMIT 500\n"
    f'LOAD CSV WITH HEADERS FROM "{_LEGO_DROPBOX}parts_sample.csv" AS csvLine\n'
    "MATCH (s:Set {id: csvLine.SetNumber})\n"
    "MERGE (s)-[:CONTAINS {Quantity: csvLine.Quantity}]->(:Part {id: csvLine.PartID});\n"
    "----\n\n[source,cypher]\n----\nMATCH (s1:Set {id: \"30005-1\"})-[r1]->(p1) RETURN *\n----\n")
_LEGO_SETS = "id,SetNumber,Name,Pieces\n98,7965-1,Millennium Falcon,1254.0\n164,30005-1,Imperial Speeder Bike,30.0\n"
_LEGO_PARTS = "id,SetNumber,PartID,Quantity\n14558,7201-1,300426,4\n"


def _lego_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gist: str = _LEGO_GIST) -> Path:
    # a later commit that empties the sets: the pinned commit's files are the ones read
    pinned = _committed_mirror(tmp_path, "mgirardot+Lego_in_neo4j", {corpus.LEGO_STAR_WARS_GIST: gist,
                                                                      "sets_sample.csv": _LEGO_SETS,
                                                                      "parts_sample.csv": _LEGO_PARTS},
                               later={"sets_sample.csv": "id,SetNumber,Name,Pieces\n"})
    monkeypatch.setattr(corpus, "LEGO_STAR_WARS_COMMIT", pinned)
    return tmp_path


def test_lego_star_wars_runs_the_setup_block_over_the_repository_files_its_dropbox_urls_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the //setup block only (not the Python block or the query after it), statement by statement: its index created
    # by a name and dropped by that name (5.x drops an index by name only), its constraint and USING PERIODIC COMMIT
    # in 5.x syntax, each LOAD CSV given the rows of the pinned file of its name
    store = Recorder()
    corpus.write_lego_star_wars(store, _lego_mirror(tmp_path, monkeypatch))
    assert [s for s, _ in store.calls] == [
        "CREATE INDEX lego_Set_id FOR (n:Set) ON (n.id)",
        "UNWIND $rows AS csvLine\nCREATE (s:Set {id: csvLine.SetNumber, Name: csvLine.Name, Pieces: csvLine.Pieces})",
        "DROP INDEX lego_Set_id",
        "CREATE CONSTRAINT FOR (s:Set) REQUIRE s.id IS UNIQUE",
        "UNWIND $rows AS csvLine\nMATCH (s:Set {id: csvLine.SetNumber})\n"
        "MERGE (s)-[:CONTAINS {Quantity: csvLine.Quantity}]->(:Part {id: csvLine.PartID})"]
    assert store.calls[1][1]["rows"] == [
        {"id": "98", "SetNumber": "7965-1", "Name": "Millennium Falcon", "Pieces": "1254.0"},
        {"id": "164", "SetNumber": "30005-1", "Name": "Imperial Speeder Bike", "Pieces": "30.0"}]
    assert store.calls[4][1]["rows"] == [{"id": "14558", "SetNumber": "7201-1", "PartID": "300426", "Quantity": "4"}]
    assert corpus.graph("lego-star-wars").split == "spent"


@pytest.mark.parametrize(("statement", "five"), [
    ("CREATE INDEX ON :Part(id)", "CREATE INDEX lego_Part_id FOR (n:Part) ON (n.id)"),
    ("drop index on :Part(id)", "DROP INDEX lego_Part_id"),
    ("MERGE (c:Category {name: csvLine.Category})", "MERGE (c:Category {name: csvLine.Category})")])
def test_lego_star_wars_names_the_index_it_creates_and_drops(statement: str, five: str) -> None:
    assert corpus._lego_index(statement) == five


@pytest.mark.parametrize(("gist", "refused"), [
    (_LEGO_GIST.replace("//setup\n", ""), "has 0 //setup Cypher blocks, not one"),
    (_LEGO_GIST + "\n//setup\n[source,cypher]\n----\nCREATE (:Set {id: '1-1'});\n----\n",
     "has 2 //setup Cypher blocks, not one"),
    (_LEGO_GIST.replace(f"{_LEGO_DROPBOX}parts_sample.csv", f"{_LEGO_DROPBOX}parts.csv"),
     "reads https://dl.dropboxusercontent.com/u/26234739/parts.csv, which no loader here serves"),
    (_LEGO_GIST.replace(f"{_LEGO_DROPBOX}sets_sample.csv", "file:///sets_sample.csv"),
     "reads file:///sets_sample.csv, which no loader here serves")])
def test_lego_star_wars_refuses_a_page_without_one_setup_block_or_a_file_it_does_not_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gist: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_lego_star_wars(Recorder(), _lego_mirror(tmp_path, monkeypatch, gist))


# JsuccessJ/hyu_llm_2025's script/create_perfume_graph.py, shortened: its module-level model (transformers), its
# PerfumeGraph (one UNWIND of the perfumes, one of their brands; session.run(query, {params})), its embedding step and
# its main() over the files it globs
_PERFUMES_LOADER = (
    "from neo4j import GraphDatabase\nimport json\nimport glob\nfrom tqdm import tqdm\n"
    "from transformers import AutoTokenizer, AutoModel\nimport torch\nimport numpy as np\n\n"
    'URI = "bolt://166.104.90.18:7687"\nmodel_name = "BAAI/bge-m3"\n'
    "tokenizer = AutoTokenizer.from_pretrained(model_name)\nmodel = AutoModel.from_pretrained(model_name)\n\n"
    "def get_embedding(text):\n    inputs = tokenizer(text, return_tensors=\"pt\")\n"
    "    return model(**inputs).last_hidden_state.mean(dim=1)[0].numpy().tolist()\n\n"
    "class PerfumeGraph:\n    def __init__(self, uri, username, password):\n"
    "        self.driver = GraphDatabase.driver(uri, auth=(username, password))\n"
    "    def close(self):\n        self.driver.close()\n"
    "    def create_perfume_graph(self, perfume_data):\n        with self.driver.session() as session:\n"
    '            session.run("UNWIND $perfumes AS perfume MERGE (p:Perfume {name: perfume.name})", '
    '{"perfumes": perfume_data})\n'
    '        rels = [{"perfume_name": p["name"], "brand_name": p["brand_name"]} for p in perfume_data]\n'
    "        with self.driver.session() as session:\n"
    '            session.run("UNWIND $rels AS rel MATCH (p:Perfume {name: rel.perfume_name}) '
    'MERGE (b:Brand {name: rel.brand_name}) MERGE (p)-[:HAS_BRAND]->(b)", {"rels": rels})\n\n'
    "def set_node_embeddings(driver, label):\n    with driver.session() as session:\n"
    '        session.run(f"MATCH (n:{label}) SET n.embedding = $embedding", {"embedding": get_embedding(label)})\n\n'
    "def main():\n    json_files = glob.glob('../data/raw_data/*.json')\n"
    '    graph = PerfumeGraph(URI, "neo4j", "password")\n    try:\n'
    "        for json_file in tqdm(json_files, desc=\"JSON\"):\n"
    "            with open(json_file, 'r', encoding='utf-8') as f:\n                data = json.load(f)\n"
    '            print(f"{json_file}")\n'
    "            graph.create_perfume_graph(data['perfumes_data'])\n"
    "        driver = GraphDatabase.driver(URI, auth=(\"neo4j\", \"password\"))\n"
    '        set_node_embeddings(driver, "Brand")\n        driver.close()\n    finally:\n        graph.close()\n\n'
    'if __name__ == "__main__":\n    main()\n')
_PERFUME_MEN = {"name": "Titanium Gisada for men", "brand_name": "Gisada", "seasonal": {"winter": "87.6%"}}
_PERFUME_WOMEN = {"name": "Goddess Burberry for women", "brand_name": "Burberry", "seasonal": {"winter": "70%"}}


def _perfumes_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _PERFUMES_LOADER) -> Path:
    # a later commit that empties the women's file: the pinned commit's files are the ones read
    men, women = corpus.PERFUMES_FILES
    pinned = _committed_mirror(tmp_path, "JsuccessJ+hyu_llm_2025", {
        corpus.PERFUMES_LOADER: loader, men: json.dumps({"perfumes_data": [_PERFUME_MEN]}),
        women: json.dumps({"perfumes_data": [_PERFUME_WOMEN]})},
        later={women: json.dumps({"perfumes_data": []})})
    monkeypatch.setattr(corpus, "PERFUMES_COMMIT", pinned)
    return tmp_path


def test_fragrantica_perfumes_runs_the_loaders_main_over_the_files_it_globs_without_its_embedding_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # main() as written: each file its glob gives (the men's list, then the women's), opened at the pinned commit and
    # json-loaded, written by PerfumeGraph's own session.run(query, {params}) calls; the module-level model loads
    # are given a stand-in and set_node_embeddings (BAAI/bge-m3's vectors) does not run
    store = Recorder()
    corpus.write_fragrantica_perfumes(store, _perfumes_mirror(tmp_path, monkeypatch))
    perfumes = "UNWIND $perfumes AS perfume MERGE (p:Perfume {name: perfume.name})"
    brands = ("UNWIND $rels AS rel MATCH (p:Perfume {name: rel.perfume_name}) MERGE (b:Brand {name: rel.brand_name}) "
              "MERGE (p)-[:HAS_BRAND]->(b)")
    assert store.calls == [
        (perfumes, {"perfumes": [_PERFUME_MEN]}),
        (brands, {"rels": [{"perfume_name": "Titanium Gisada for men", "brand_name": "Gisada"}]}),
        (perfumes, {"perfumes": [_PERFUME_WOMEN]}),
        (brands, {"rels": [{"perfume_name": "Goddess Burberry for women", "brand_name": "Burberry"}]})]
    assert corpus.graph("fragrantica-perfumes").split == "spent"


@pytest.mark.parametrize(("change", "refused"), [
    (("def set_node_embeddings(driver, label):", "def embed(driver, label):"),
     "has no set_node_embeddings and main to run as written"),
    (("'../data/raw_data/*.json'", "'../data/*.json'"), "its loader globs ../data/*.json, which is not read here"),
    (("open(json_file,", "open('../failed_items_man.json',"),
     "its loader opens ../failed_items_man.json, which is not read here"),
    (("import glob\n", "import glob\nimport subprocess\n"), "its loader imports subprocess, which is not read here"),
    (('set_node_embeddings(driver, "Brand")', 'get_embedding("Brand")'),
     "its loader calls BAAI/bge-m3, which is not run here")])
def test_fragrantica_perfumes_refuses_a_loader_that_reads_or_runs_what_is_not_served(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], refused: str) -> None:
    old, new = change
    assert old in _PERFUMES_LOADER
    mirror = _perfumes_mirror(tmp_path, monkeypatch, _PERFUMES_LOADER.replace(old, new))
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_fragrantica_perfumes(Recorder(), mirror)


# Haidi927/Food-Nutrition-Knowledge-Graph's code/csv2neo4j.py, shortened (its comments and blank lines left out), as
# it writes with py2neo: Graph.delete_all, then per CSV row (label, name, relation, label, name) each end merged on
# its label and name and the relation merged between them, over its author's local data.csv, opened as GBK
_FNKG_LOADER = (
    "import csv\nimport py2neo\nfrom py2neo import Graph,Node,Relationship,NodeMatcher\n"
    "g = Graph('neo4j://localhost:7687', user='neo4j', password='1')\ng.delete_all()\n"
    "with open('C:/Users/FanHaidi/AppData/Local/Programs/data.csv','r',encoding='gbk') as f:\n"
    "    reader=csv.reader(f)\n    for item in reader:\n"
    "        print(\"当前行数：\",reader.line_num,\"当前内容：\",item)\n"
    "        start_node=Node(item[0],name=item[1])\n        end_node=Node(item[3],name=item[4])\n"
    "        relation=Relationship(start_node,item[2],end_node)\n"
    "        g.merge(start_node,item[0],\"name\")\n        g.merge(end_node,item[3],\"name\")\n"
    "        g.merge(relation,\"关系\",\"属性\")\n")
# two rows of dataset/demo_dataset.csv as committed: GBK, CRLF line ends, the second row's name with its leading space
_FNKG_ROWS = "营养素,锌,缺乏导致,疾病,锌缺乏症\r\n营养素, 维生素E,有利于,疾病,血管硬化\r\n".encode("gbk")


def _fnkg_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _FNKG_LOADER) -> Path:
    # after the pinned commit, the data file of another row: what the writer must not read
    later = "营养素,铁,缺乏导致,疾病,贫血\r\n".encode("gbk")
    pinned = _committed_mirror(tmp_path, "Haidi927+Food-Nutrition-Knowledge-Graph",
                               {corpus.FNKG_LOADER: loader, corpus.FNKG_DATA: _FNKG_ROWS},
                               later={corpus.FNKG_DATA: later})
    monkeypatch.setattr(corpus, "FNKG_COMMIT", pinned)
    return tmp_path


def test_food_nutrition_runs_its_py2neo_loader_over_the_gbk_demo_dataset_at_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the local data.csv it opens is read from dataset/demo_dataset.csv at the pinned commit, decoded as GBK with
    # universal newlines (no '\r' left in a name); delete_all is the statement py2neo 2021.2 sends; each end is merged
    # on its row's label and name and bound, the relation merged between the bound ends (the "关系"/"属性" it gives
    # that merge unused); a new Node each row, so 锌 would be merged again
    store = _MergeStore()
    corpus.write_food_nutrition(store, _fnkg_mirror(tmp_path, monkeypatch))

    def node(label: str) -> str:
        return (f"UNWIND $data AS r\nMERGE (_:`{label}` {{`name`:r[\"name\"]}})\nSET _ += r\nSET _:`{label}`\n"
                "RETURN elementId(_) AS id")

    def edge(kind: str) -> str:
        return ("UNWIND $data AS r\nMATCH (a) WHERE elementId(a) = r[0]\nMATCH (b) WHERE elementId(b) = r[2]\n"
                f"MERGE (a)-[_:`{kind}`]->(b)\nSET _ += r[1]")

    assert [s for s, _ in store.calls] == ["MATCH (a) DETACH DELETE a", node("营养素"), node("疾病"), edge("缺乏导致"),
                                           node("营养素"), node("疾病"), edge("有利于")]
    params = [p for _, p in store.calls]
    assert params[0] == {}
    assert params[1] == {"data": [{"name": "锌"}]} and params[2] == {"data": [{"name": "锌缺乏症"}]}
    assert params[3] == {"data": [["n2", {}, "n3"]]}
    assert params[4] == {"data": [{"name": " 维生素E"}]} and params[5] == {"data": [{"name": "血管硬化"}]}
    assert params[6] == {"data": [["n5", {}, "n6"]]}
    assert corpus.graph("food-nutrition").split == "spent"


@pytest.mark.parametrize(("change", "refused"), [
    (("'C:/Users/FanHaidi/AppData/Local/Programs/data.csv','r'", "'dataset/demo_dataset.csv','r'"),
     "its loader opens dataset/demo_dataset.csv ('r', gbk), which is not read here"),
    (("encoding='gbk'", "encoding='utf-8'"), "opens C:/Users/FanHaidi/AppData/Local/Programs/data.csv ('r', utf-8)"),
    (("import csv\n", "import csv\nimport os\n"), "its loader imports os, which is not read here"),
    (("g.delete_all()\n", "g.delete_all()\nNodeMatcher(g)\n"), "its loader calls NodeMatcher, which is not read here"),
    (("g.merge(start_node,item[0],\"name\")", "g.merge(start_node)"), "without a primary label and key")])
def test_food_nutrition_refuses_a_loader_that_reads_or_calls_what_is_not_served(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], refused: str) -> None:
    old, new = change
    assert old in _FNKG_LOADER
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_food_nutrition(_MergeStore(), _fnkg_mirror(tmp_path, monkeypatch, _FNKG_LOADER.replace(old, new)))


# Lequyen26tv/nutrition-kg's two data loaders, shortened: ingestion.py ("[Script 1]") finds data/ from its own
# __file__, reads its CSVs with pandas (utf-8-sig), gives an ingredient the id of ingredients_import.csv's row of its
# name (else ing_<number>), drops a zero, links a low-carbohydrate food to diabetes, and writes each dish's
# ingredients with their quantity and unit; food_ingestion.py ("[Script 2]") tries encodings until one decodes its
# Windows-1258 file and prints any exception its __main__ catches
_NKG_PREAMBLE = (
    "import os\nimport sys\nimport pandas as pd\n\n"
    "CURRENT_DIR = os.path.dirname(os.path.abspath(__file__))\n"
    "BACKEND_DIR = os.path.dirname(os.path.dirname(CURRENT_DIR))\n"
    "if BACKEND_DIR not in sys.path:\n    sys.path.append(BACKEND_DIR)\n\n"
    "from app.db.neo4j_connection import neo4j_db\n"
    "DATA_DIR = os.path.join(os.path.dirname(BACKEND_DIR), 'data')\n\n"
    "def clean_value(val):\n    if pd.isna(val): return None\n"
    "    try:\n        num = float(str(val).strip().replace(',', '.'))\n"
    "        return None if num == 0 else num\n    except (ValueError, TypeError): return None\n\n")
_NKG_SCRIPT_1 = _NKG_PREAMBLE + (
    "def execute_ingestion():\n"
    "    df_ingredients = pd.read_csv(os.path.join(DATA_DIR, 'ingredients.csv'), encoding='utf-8-sig')\n"
    "    df_ing_import = pd.read_csv(os.path.join(DATA_DIR, 'ingredients_import.csv'), encoding='utf-8-sig')\n"
    "    df_dish_ing = pd.read_csv(os.path.join(DATA_DIR, 'dish_ingredients_import.csv'), encoding='utf-8-sig')\n"
    "    nutrient_cols = [c for c in df_ingredients.columns if c not in ['ingredient_id', 'ingredient_name', "
    "'category']]\n"
    "    with neo4j_db.get_session() as session:\n"
    "        session.run(\"MERGE (d1:Disease {id:'disease_dtd', name:'Đái tháo đường'})\")\n"
    "        for _, row in df_ingredients.iterrows():\n"
    "            ing_name = str(row.get('ingredient_name')).strip()\n"
    "            raw_cat = row.get('category')\n"
    "            cat_name = str(raw_cat).strip() if pd.notna(raw_cat) else 'Chưa phân loại'\n"
    "            props = {c: clean_value(row.get(c)) for c in nutrient_cols if clean_value(row.get(c)) is not None}\n"
    "            match_id = df_ing_import[df_ing_import['name'].astype(str).str.lower() == ing_name.lower()]\n"
    "            ing_id = str(match_id.iloc[0]['ingredient_id']) if not match_id.empty else "
    "f\"ing_{int(float(row.get('ingredient_id')))}\"\n"
    "            session.run('MERGE (i:Ingredient {id: $id}) SET i.name = $name, i += $props', id=ing_id, "
    "name=ing_name, props=props)\n"
    "            session.run('MERGE (cat:Category {name: $cat})', cat=cat_name)\n"
    "            carb = props.get('carb_g')\n"
    "            if isinstance(carb, (int, float)) and carb < 10:\n"
    "                session.run(\"MATCH (i:Ingredient {id:$id}), (d:Disease {id:'disease_dtd'}) "
    "MERGE (i)-[:BENEFICIAL_FOR {reason: 'Glucid thấp'}]->(d)\", id=ing_id)\n"
    "        for _, row in df_dish_ing.iterrows():\n"
    "            session.run('MATCH (d:Dish {id:$dish_id}) MATCH (i:Ingredient {id:$ing_id}) "
    "MERGE (d)-[r:CONTAINS_INGREDIENT]->(i) SET r.quantity = $qty, r.unit = $unit', dish_id=str(row['dish_id']), "
    "ing_id=str(row['ingredient_id']), qty=clean_value(row.get('quantity')), unit=str(row.get('unit', 'g')))\n\n"
    "if __name__ == '__main__':\n    execute_ingestion()\n")
_NKG_SCRIPT_2 = _NKG_PREAMBLE + (
    "def execute_ingestion():\n"
    "    file_path = os.path.join(DATA_DIR, 'pred_food_translated_full_vi.csv')\n"
    "    df = None\n"
    "    for enc in ['utf-8', 'utf-8-sig', 'Windows-1258', 'latin-1']:\n"
    "        try:\n            df = pd.read_csv(file_path, encoding=enc)\n            break\n"
    "        except: continue\n"
    "    with neo4j_db.get_session() as session:\n"
    "        for idx, row in df.iterrows():\n"
    "            food_id = f'food_new_{idx}'\n"
    "            session.run('MERGE (i:Ingredient {id: $id}) SET i.name = $name, i.glycemic_index = $gi', "
    "id=food_id, name=str(row.get('Food Name')).strip(), gi=clean_value(row.get('Glycemic Index')))\n"
    "            diabetes_suit = str(row.get('Suitable for Diabetes')).strip().lower()\n"
    "            kind = 'RESTRICTED_FOR' if diabetes_suit in ['0', 'no'] else 'BENEFICIAL_FOR'\n"
    "            session.run('MATCH (i:Ingredient {id: $id}) RETURN $kind', id=food_id, kind=kind)\n\n"
    "if __name__ == '__main__':\n"
    "    try: execute_ingestion()\n"
    "    except Exception as e: print(f'❌ Lỗi: {e}')\n"
    "    finally:\n        try: neo4j_db.close()\n        except: pass\n")
_NKG_DATA: dict[str, str | bytes] = {
    "data/ingredients.csv": ("\ufeffingredient_id,ingredient_name,category,energy_kcal,carb_g,GI\n"
                             "1001,Gạo nếp cái,Ngũ cốc,344,74.5,\n4014,Bầu ,,14,2.9,\n"),
    "data/ingredients_import.csv": "\ufeffingredient_id,name,source\ning_bau,Bầu,x.xlsx\n",
    "data/dish_ingredients_import.csv": ("\ufeffdish_id,ingredient_id,quantity,unit\n"
                                         "dish_canh_bau,ing_bau,500,g\ndish_canh_bau,ing_muoi,,\n"),
    # Windows-1258, a letter its translation lost saved as '?', as the repository's file is
    "data/pred_food_translated_full_vi.csv": ("Food Name,Glycemic Index,Suitable for Diabetes\n"
                                              "Táo,39,1\nChu?i,51,0\n").encode("cp1258")}


def _nkg_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script_1: str = _NKG_SCRIPT_1,
                script_2: str = _NKG_SCRIPT_2) -> Path:
    # after the pinned commit, another ingredients file: what the writer must not read
    pinned = _committed_mirror(tmp_path, "Lequyen26tv+nutrition-kg",
                               {corpus.NUTRITION_KG_LOADERS[0]: script_1, corpus.NUTRITION_KG_LOADERS[1]: script_2,
                                **_NKG_DATA},
                               later={"data/ingredients.csv": "ingredient_id,ingredient_name,category\n9,X,Y\n"})
    monkeypatch.setattr(corpus, "NUTRITION_KG_COMMIT", pinned)
    return tmp_path


def test_vietnam_nutrition_runs_its_two_loaders_in_order_over_the_pinned_commits_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_vietnam_nutrition(store, _nkg_mirror(tmp_path, monkeypatch))
    merge = "MERGE (i:Ingredient {id: $id}) SET i.name = $name, i += $props"
    beneficial = ("MATCH (i:Ingredient {id:$id}), (d:Disease {id:'disease_dtd'}) "
                  "MERGE (i)-[:BENEFICIAL_FOR {reason: 'Glucid thấp'}]->(d)")
    contains = ("MATCH (d:Dish {id:$dish_id}) MATCH (i:Ingredient {id:$ing_id}) "
                "MERGE (d)-[r:CONTAINS_INGREDIENT]->(i) SET r.quantity = $qty, r.unit = $unit")
    food = "MERGE (i:Ingredient {id: $id}) SET i.name = $name, i.glycemic_index = $gi"
    assert store.calls == [
        ("MERGE (d1:Disease {id:'disease_dtd', name:'Đái tháo đường'})", {}),
        # an ingredient not in ingredients_import.csv is ing_<number>; an empty GI is no property; numbers are floats
        (merge, {"id": "ing_1001", "name": "Gạo nếp cái", "props": {"energy_kcal": 344.0, "carb_g": 74.5}}),
        ("MERGE (cat:Category {name: $cat})", {"cat": "Ngũ cốc"}),
        # the import row of its name (case-insensitive, stripped) gives its id; an empty category is 'Chưa phân loại'
        (merge, {"id": "ing_bau", "name": "Bầu", "props": {"energy_kcal": 14.0, "carb_g": 2.9}}),
        ("MERGE (cat:Category {name: $cat})", {"cat": "Chưa phân loại"}),
        (beneficial, {"id": "ing_bau"}),
        (contains, {"dish_id": "dish_canh_bau", "ing_id": "ing_bau", "qty": 500.0, "unit": "g"}),
        # an empty quantity is None, an empty unit pandas' NaN as a string
        (contains, {"dish_id": "dish_canh_bau", "ing_id": "ing_muoi", "qty": None, "unit": "nan"}),
        # Script 2's file is read as Windows-1258 after UTF-8 fails; its suitability column is int64, so 0 is '0'
        (food, {"id": "food_new_0", "name": "Táo", "gi": 39.0}),
        ("MATCH (i:Ingredient {id: $id}) RETURN $kind", {"id": "food_new_0", "kind": "BENEFICIAL_FOR"}),
        (food, {"id": "food_new_1", "name": "Chu?i", "gi": 51.0}),
        ("MATCH (i:Ingredient {id: $id}) RETURN $kind", {"id": "food_new_1", "kind": "RESTRICTED_FOR"})]
    assert corpus.graph("vietnam-nutrition").split == "spent"


@pytest.mark.parametrize(("script", "change", "refused"), [
    (1, ("import sys\n", "import sys\nimport json\n"), "its loader imports json, which is not read here"),
    (1, ("'ingredients_import.csv'", "'mon_an_neo4j_ready.csv'"),
     "its loader reads /nutrition-kg/data/mon_an_neo4j_ready.csv, which is not read here"),
    (1, ("os.path.dirname(os.path.abspath(__file__))", "os.getcwd()"), "has no attribute 'getcwd'"),
    (1, (".astype(str)", ".astype(int)"), "astype(<class 'int'>) is not read here"),
    # Script 2's __main__ catches the exception and prints it: the printed failure is raised, not taken for a load
    (2, ("'pred_food_translated_full_vi.csv'", "'pred_food.csv'"), "its loader failed: ❌ Lỗi:")])
def test_vietnam_nutrition_refuses_a_loader_that_reads_imports_or_fails_unseen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: int, change: tuple[str, str], refused: str) -> None:
    old, new = change
    source = _NKG_SCRIPT_1 if script == 1 else _NKG_SCRIPT_2
    assert old in source
    scripts = {"script_1": _NKG_SCRIPT_1, "script_2": _NKG_SCRIPT_2, f"script_{script}": source.replace(old, new)}
    with pytest.raises((corpus.CorpusError, AttributeError), match=re.escape(refused)):
        corpus.write_vietnam_nutrition(Recorder(), _nkg_mirror(tmp_path, monkeypatch, **scripts))


_NVD_LOADER = ("nvd_loader_template = load_template('code/loader-template.cypher')\n"
               "input=nvd_loader_template.safe_substitute(nvd_file_name = nvd_file_name).encode('utf-8'),\n")
_NVD_CONSTRAINTS = ("// uniqueness constraints implicitly create indexes\n"
                    "CREATE CONSTRAINT ON (cve:CVE) ASSERT cve.name IS UNIQUE;\n"
                    "CREATE CONSTRAINT ON (vendor:Vendor) ASSERT vendor.name IS UNIQUE;")
_NVD_TEMPLATE = ("// the 'nvd_file_name' string below will be replaced by the loader script\n"
                 "CALL apoc.load.json('file:///var/lib/neo4j/$nvd_file_name') YIELD value AS nvd\n"
                 "UNWIND nvd.CVE_Items as vuln\n"
                 "MERGE (cve:CVE { name: vuln.cve.CVE_data_meta.ID })\n"
                 "SET cve.published = apoc.text.replace(vuln.publishedDate,'Z$',':00Z')\n"
                 "FOREACH (v IN vuln.impact.baseMetricV3.cvssV3.attackVector |\n"
                 "    MERGE (a:AttackVector {name: v})\n"
                 "    MERGE (cve)-[:ATTACKABLE_THROUGH {cvss_version: 3}]->(a));")
_NVD_INDEXES = ("// explicitly create other non-unique indices on CVE\nCREATE INDEX ON :CVE(published);\n\n"
                "CREATE INDEX ON :CVE(`v2.base_score`);\nCREATE INDEX ON :CVE(`v2.base_score`);\n"
                "CREATE INDEX ON :CVE(`v3.scope`);")


def _nvd_feed(*ids: str) -> str:
    return json.dumps({"CVE_data_type": "CVE", "CVE_Items": [
        {"cve": {"CVE_data_meta": {"ID": i}}, "publishedDate": "2017-03-17T00:59Z",
         "impact": {"baseMetricV3": {"cvssV3": {"attackVector": "NETWORK"}}}} for i in ids]})


def _nvd_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **changes: str) -> Path:
    files = {corpus.NVD_CVE_LOADER: _NVD_LOADER, "code/constraints.cypher": _NVD_CONSTRAINTS,
             "code/loader-template.cypher": _NVD_TEMPLATE, "code/indexes.cypher": _NVD_INDEXES,
             "code/nvd-300.json": _nvd_feed("CVE-2017-0001", "CVE-2017-0002"),
             "code/nvd-test-samples.json": _nvd_feed("CVE-2014-0160")}
    files.update({f"code/{name.replace('_', '-')}.cypher" if name != "loader" else corpus.NVD_CVE_LOADER: text
                  for name, text in changes.items()})
    pinned = _committed_mirror(tmp_path, "jazwiecki+neo4j-cve", files,
                               later={"code/nvd-300.json": _nvd_feed("CVE-2099-0001")})
    monkeypatch.setattr(corpus, "NVD_CVE_COMMIT", pinned)
    return tmp_path


def test_nvd_cve_runs_constraints_then_the_template_over_each_feed_then_the_indexes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nvd_cve(store, _nvd_mirror(tmp_path, monkeypatch))
    load = ("UNWIND $values AS nvd\nUNWIND nvd.CVE_Items as vuln\nMERGE (cve:CVE { name: vuln.cve.CVE_data_meta.ID })\n"
            "SET cve.published = apoc.text.replace(vuln.publishedDate,'Z$',':00Z')\n"
            "FOREACH (v IN vuln.impact.baseMetricV3.cvssV3.attackVector |\n    MERGE (a:AttackVector {name: v})\n"
            "    MERGE (cve)-[:ATTACKABLE_THROUGH {cvss_version: 3}]->(a))")
    statements = [s for s, _ in store.calls]
    assert statements == [
        "CREATE CONSTRAINT FOR (cve:CVE) REQUIRE cve.name IS UNIQUE",
        "CREATE CONSTRAINT FOR (vendor:Vendor) REQUIRE vendor.name IS UNIQUE",
        load, load,
        # 3.x indexes, the property quoted in backticks, in 5.x syntax; the one written twice created once
        "CREATE INDEX FOR (n:CVE) ON (n.published)", "CREATE INDEX FOR (n:CVE) ON (n.`v2.base_score`)",
        "CREATE INDEX FOR (n:CVE) ON (n.`v3.scope`)"]
    # each feed file as apoc.load.json yields it (the one top-level object), read at the pinned commit, in order
    feeds = [[item["cve"]["CVE_data_meta"]["ID"] for item in p["values"][0]["CVE_Items"]]
             for _, p in store.calls[2:4]]
    assert feeds == [["CVE-2017-0001", "CVE-2017-0002"], ["CVE-2014-0160"]]
    assert corpus.graph("nvd-cve").split == "spent"


@pytest.mark.parametrize(("changes", "refused"), [
    ({"loader": _NVD_LOADER.replace("nvd_file_name = nvd_file_name", "file_name = nvd_file_name")},
     "no longer fills its template with nvd_file_name"),
    ({"loader_template": _NVD_TEMPLATE.replace("file:///var/lib/neo4j/$nvd_file_name",
                                               "file:///var/lib/neo4j/nvdcve-1.0-2017.json")},
     "its template reads file:///var/lib/neo4j/nvdcve-1.0-2017.json, not one of its feed files"),
    ({"loader_template": _NVD_TEMPLATE.replace("CALL apoc.load.json('file:///var/lib/neo4j/$nvd_file_name') "
                                               "YIELD value AS nvd\n", "WITH $nvd AS nvd\n")},
     "reads no file with apoc.load.json")])
def test_nvd_cve_refuses_a_loader_or_template_it_does_not_run_as_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changes: dict[str, str], refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_nvd_cve(store, _nvd_mirror(tmp_path, monkeypatch, **changes))
    assert not any("UNWIND $values" in s for s, _ in store.calls)


# web3_bugclass_ontology's loader, shortened to one parser and one node kind, as its modules import one another: its
# config (.env settings, paths from its own __file__), its client, its parsers package (a relative import) and main.py
_WEB3_CONFIG = '''import os
from pathlib import Path
from dotenv import load_dotenv

load_dotenv()
NEO4J_URI = os.getenv('NEO4J_URI', 'bolt://localhost:7687')
NEO4J_PASSWORD = os.getenv('NEO4J_PASSWORD')
BASE_DIR = Path(__file__).resolve().parent.parent
SWC_DIR = BASE_DIR / 'SWC-registry' / '2020'
if not NEO4J_PASSWORD:
    raise ValueError("NEO4J_PASSWORD not set")
if not SWC_DIR.exists():
    raise FileNotFoundError(f"Required data directory not found: {SWC_DIR}")
'''
_WEB3_CLIENT = '''from neo4j import GraphDatabase
import logging

logger = logging.getLogger(__name__)


class Neo4jClient:
    def __init__(self, uri, username, password):
        self.driver = GraphDatabase.driver(uri, auth=(username, password))
        self.driver.verify_connectivity()

    def close(self):
        self.driver.close()

    def create_node(self, label, properties, id_property):
        props = {k: v for k, v in properties.items() if v is not None}
        query = f"MERGE (n:{label} {{{id_property}: $id_value}}) SET n += $properties RETURN n"
        with self.driver.session() as session:
            node = session.run(query, id_value=props[id_property], properties=props).single()
            return dict(node['n']) if node else {}
'''
_WEB3_PARSER = '''import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))
import config


class SWCParser:
    def __init__(self, data_dir):
        self.data_dir = data_dir

    def parse_all(self):
        found = []
        for md_file in sorted(self.data_dir.glob('SWC-*.md')):
            with open(md_file, 'r', encoding='utf-8') as f:
                title = re.search(r'# Title\\n(.+)', f.read()).group(1)
            found.append({'swc_id': md_file.stem, 'title': title, 'type': None})
        return found
'''
_WEB3_MAIN = '''import argparse
import logging
import sys

import config
from neo4j_client import Neo4jClient
from parsers import SWCParser


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--clean', action='store_true')
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    logger = logging.getLogger(__name__)
    client = Neo4jClient(uri=config.NEO4J_URI, username='neo4j', password=config.NEO4J_PASSWORD)
    try:
        if args.clean:
            sys.exit(0)
        for swc in SWCParser(config.SWC_DIR).parse_all():
            client.create_node(label='SWC', properties=swc, id_property='swc_id')
    except Exception as e:
        logger.error(f"Error during import: {e}", exc_info=True)
        sys.exit(1)
    finally:
        client.close()


if __name__ == '__main__':
    main()
'''


def _web3_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, main: str = _WEB3_MAIN,
                 swc: str = "# Title\nReentrancy\n") -> Path:
    files = {".env.example": "# copy to .env\nNEO4J_URI=bolt://localhost:7687\nNEO4J_PASSWORD=your_password_here\n",
             "scripts/config.py": _WEB3_CONFIG, "scripts/neo4j_client.py": _WEB3_CLIENT,
             "scripts/parsers/__init__.py": "from .swc_parser import SWCParser\n",
             "scripts/parsers/swc_parser.py": _WEB3_PARSER, corpus.WEB3_VULNS_LOADER: main,
             "SWC-registry/2020/SWC-107.md": swc, "SWC-registry/2020/README.txt": "not an SWC page",
             "OWASP-SC/2025/SC01.md": "# SC01", "SCSVS/2.0/0x100-General/G1.md": "# G1",
             "OWASP-SC/2023/SC01.md": "# an older list, not read"}
    # a later commit adds a page the pinned loader must not see
    pinned = _committed_mirror(tmp_path, "NamhyeonKo+web3_bugclass_ontology", files,
                               later={"SWC-registry/2020/SWC-108.md": "# Title\nLater\n"})
    monkeypatch.setattr(corpus, "WEB3_VULNS_COMMIT", pinned)
    return tmp_path


def test_web3_vulnerabilities_runs_its_main_over_a_copy_of_the_pinned_standards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_web3_vulnerabilities(store, _web3_mirror(tmp_path, monkeypatch))
    # its modules import one another (parsers' relative import, config read once through sys.path), its config
    # finds the copied folders by its own __file__ and its .env settings, its None values are filtered as it does
    assert store.calls == [("MERGE (n:SWC {swc_id: $id_value}) SET n += $properties RETURN n",
                            {"id_value": "SWC-107", "properties": {"swc_id": "SWC-107", "title": "Reentrancy"}})]
    assert corpus.graph("web3-vulnerabilities").split == "spent"


@pytest.mark.parametrize(("main", "swc", "refused"), [
    (_WEB3_MAIN.replace("import config\n", "import config\nimport requests\n"), "# Title\nReentrancy\n",
     "its loader imports requests, which is not read here"),
    # an error its except block would only log before exiting: a page its parser cannot read
    (_WEB3_MAIN, "# no title\n", "its loader logged an error: Error during import"),
    (_WEB3_MAIN.replace("args = parser.parse_args()", "args = parser.parse_args(['--clean'])"),
     "# Title\nReentrancy\n", "its loader exited (0)")])
def test_web3_vulnerabilities_refuses_what_its_loader_does_not_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, main: str, swc: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_web3_vulnerabilities(store, _web3_mirror(tmp_path, monkeypatch, main, swc))
    assert store.calls == []


# App/cis_controls.py of framework-files, shortened to two node files and one link file, with its client calls, its
# sleeps and its closing JSON export as it writes them
_CIS_URL = "https://github.com/Karthikeyan-Santanintellect/framework-files/raw/refs/heads/main/CIS%20Controls/"
_CIS_LOADER = f'''#Load Framework
controls ="""
LOAD CSV WITH HEADERS FROM '$file_path' AS row
MERGE (c:Control {{control_id: row.control_id,IS_frameworks_standard_id : 'CIS CONTROLS 8.1'}})
ON CREATE SET
  c.name = row.name;
"""
safeguards ="""
LOAD CSV WITH HEADERS FROM '$file_path' AS row
MERGE (s:Safeguard {{safeguard_id: row.safeguard_id,IS_frameworks_standard_id : 'CIS CONTROLS 8.1'}})
ON CREATE SET s.title = row.title;
"""
framework_control ="""
MATCH (c:Control {{IS_frameworks_standard_id: 'CIS CONTROLS 8.1'}})
MERGE (f:ISFrameworksAndStandard {{IS_frameworks_standard_id: 'CIS CONTROLS 8.1'}})
MERGE (f)-[:FRAMEWORK_HAS_CONTROL]->(c);
"""
control_safeguard ="""
LOAD CSV WITH HEADERS FROM '$file_path' AS row
MATCH (c:Control {{control_id: row.from_node_id}})
MATCH (s:Safeguard {{safeguard_id: row.to_node_id}})
MERGE (c)-[:CONTROL_HAS_SAFEGUARD]->(s);
"""
import os
import time
import logging
from app import Neo4jConnect

client = Neo4jConnect()
health = client.check_health()
if health is not True:
    os._exit(1)
client.query(controls.replace('$file_path',"{_CIS_URL}CIS%20Controls%20-%20Controls.csv"))
time.sleep(2)
client.query(safeguards.replace('$file_path',"{_CIS_URL}CIS%20Controls%20-%20Safeguard.csv"))
time.sleep(2)
client.query(framework_control)
client.query(control_safeguard.replace('$file_path',"{_CIS_URL}CIS%20Control%20-%20Control%20Safeguard.csv"))
logging.info("Graph structure loaded successfully.")
res = client.query("""MATCH path = (:ISFrameworksAndStandard)-[*]->()
RETURN collect(path) AS graph_data""")
res = res[-1]['graph_data']
with open('cis-controls.json', 'w', encoding='utf-8') as f:
    f.write(str(res))
client.close()
'''


def _cis_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _CIS_LOADER) -> Path:
    files = {corpus.CIS_CONTROLS_LOADER: loader,
             "CIS Controls/CIS Controls - Controls.csv": ("control_id,name,description\n"
                                                         "1,Inventory,\"Actively manage\"\n"),
             "CIS Controls/CIS Controls - Safeguard.csv": "\ufeffsafeguard_id,title\n1.1,Establish Inventory\n1.2,\n",
             "CIS Controls/CIS Control - Control Safeguard.csv": ("from_node_type,from_node_id,relationship_type,"
                                                                 "to_node_type,to_node_id\n"
                                                                 "Control,1,HAS_SAFEGUARD,Safeguard,1.1\n"),
             "NIST CSF 2.0/functions.csv": "Function_Code,Function\nGV,GOVERN\n"}
    # a later commit renames a control: the pinned loader must not see it
    pinned = _committed_mirror(tmp_path, "Karthikeyan-Santanintellect+framework-files", files,
                               later={"CIS Controls/CIS Controls - Controls.csv": "control_id,name\n1,Renamed\n"})
    monkeypatch.setattr(corpus, "CIS_CONTROLS_COMMIT", pinned)
    return tmp_path


def test_cis_controls_runs_its_client_queries_in_order_over_the_pinned_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_cis_controls(store, _cis_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    # each query as its client runs it, its LOAD CSV given the rows of the file its raw URL names (URL-decoded);
    # the closing export (a read of the graph for cis-controls.json) is not run
    assert statements == [
        "UNWIND $rows AS row\nMERGE (c:Control {control_id: row.control_id,IS_frameworks_standard_id : "
        "'CIS CONTROLS 8.1'})\nON CREATE SET\n  c.name = row.name",
        "UNWIND $rows AS row\nMERGE (s:Safeguard {safeguard_id: row.safeguard_id,IS_frameworks_standard_id : "
        "'CIS CONTROLS 8.1'})\nON CREATE SET s.title = row.title",
        "MATCH (c:Control {IS_frameworks_standard_id: 'CIS CONTROLS 8.1'})\nMERGE (f:ISFrameworksAndStandard "
        "{IS_frameworks_standard_id: 'CIS CONTROLS 8.1'})\nMERGE (f)-[:FRAMEWORK_HAS_CONTROL]->(c)",
        "UNWIND $rows AS row\nMATCH (c:Control {control_id: row.from_node_id})\nMATCH (s:Safeguard {safeguard_id: "
        "row.to_node_id})\nMERGE (c)-[:CONTROL_HAS_SAFEGUARD]->(s)"]
    params = [p for _, p in store.calls]
    # rows as LOAD CSV gives them, read at the pinned commit: strings, an empty field null, a BOM dropped
    assert params[0] == {"rows": [{"control_id": "1", "name": "Inventory", "description": "Actively manage"}]}
    assert params[1] == {"rows": [{"safeguard_id": "1.1", "title": "Establish Inventory"},
                                  {"safeguard_id": "1.2", "title": None}]}
    assert params[2] == {}
    assert params[3]["rows"][0]["to_node_id"] == "1.1"
    assert corpus.graph("cis-controls").split == "spent"


@pytest.mark.parametrize(("loader", "refused"), [
    # a URL of another folder of the repository: not one of the files this load reads
    (_CIS_LOADER.replace("CIS%20Controls/CIS%20Controls%20-%20Controls.csv", "NIST%20CSF%202.0/functions.csv"),
     "reads https://github.com/Karthikeyan-Santanintellect/framework-files/raw/refs/heads/main/NIST%20CSF%202.0/"
     "functions.csv, which no loader here serves"),
    (_CIS_LOADER.replace("controls.replace('$file_path'", "controls.replace('$path'"), "replaces '$path'"),
    (_CIS_LOADER.replace("client.query(framework_control)", "client.query(framework_control + ' RETURN f')"),
     "a client.query of no Cypher string it defines"),
    (_CIS_LOADER.replace('RETURN collect(path) AS graph_data"""', 'SET path.read = true"""'),
     "assigns a query that is not its read-only export"),
    (_CIS_LOADER.split("res = client.query")[0], "ends without its export query")])
def test_cis_controls_refuses_what_its_loader_does_not_do_as_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_cis_controls(store, _cis_mirror(tmp_path, monkeypatch, loader))
    assert store.calls == []  # its queries are all read before one runs; a file it may not read stops the first


# the two seed scripts of matijakljajic/nosqluns, shortened to one node file and one relationship file, as they write
# their statements (constraints, then each LOAD CSV inside `CALL {...} IN TRANSACTIONS OF 1000 ROWS`)
_PARIS_NODES = """CREATE CONSTRAINT athlete_code IF NOT EXISTS
FOR (a:Athlete) REQUIRE a.athlete_code IS UNIQUE;


CALL {
  LOAD CSV WITH HEADERS FROM 'file:///nodes_athletes.csv' AS row
  WITH row
  WHERE row.`athlete_code:ID(Athlete-ID)` IS NOT NULL
  MERGE (a:Athlete {athlete_code: row.`athlete_code:ID(Athlete-ID)`})
  SET a.name = row.name
} IN TRANSACTIONS OF 1000 ROWS;
"""
_PARIS_RELS = """CALL {
  LOAD CSV WITH HEADERS FROM 'file:///rels_athlete_country.csv' AS row
  WITH row
  WHERE row.`:START_ID(Athlete-ID)` IS NOT NULL AND row.`:END_ID(Country-ID)` IS NOT NULL
  MATCH (a:Athlete {athlete_code: row.`:START_ID(Athlete-ID)`})
  MATCH (c:Country {country_code: row.`:END_ID(Country-ID)`})
  MERGE (a)-[:REPRESENTS]->(c)
} IN TRANSACTIONS OF 1000 ROWS;
"""


def _paris_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rels: str = _PARIS_RELS) -> Path:
    files = {"cypher/seed_nodes.cypher": _PARIS_NODES, "cypher/seed_relationships.cypher": rels,
             "import/nodes_athletes.csv": ("athlete_code:ID(Athlete-ID),name,birth_place\n"
                                           "1909294,MARCHAND Leon,TOULOUSE\n1569203,DUPLANTIS Armand,\n"),
             "import/rels_athlete_country.csv": ":START_ID(Athlete-ID),:END_ID(Country-ID),:TYPE\n"
                                                "1569203,SWE,REPRESENTS\n",
             "cypher/simple_queries.cypher": "MATCH (a:Athlete) RETURN a.name;\n"}
    # a later commit renames an athlete: the pinned scripts must not see it
    pinned = _committed_mirror(tmp_path, "matijakljajic+nosqluns", files,
                               later={"import/nodes_athletes.csv": "athlete_code:ID(Athlete-ID),name\n1,Renamed\n"})
    monkeypatch.setattr(corpus, "PARIS_OLYMPICS_COMMIT", pinned)
    return tmp_path


def test_paris_2024_olympics_runs_its_seed_scripts_in_order_over_its_import_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_paris_olympics(store, _paris_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    # the nodes' script before the relationships' (its README's order), each statement as written but its
    # `IN TRANSACTIONS OF 1000 ROWS`, each LOAD CSV given the rows of the import/ file its file:/// URL names; the
    # example queries beside them are not run
    assert statements == [
        "CREATE CONSTRAINT athlete_code IF NOT EXISTS\nFOR (a:Athlete) REQUIRE a.athlete_code IS UNIQUE",
        "CALL {\n  UNWIND $rows AS row\n  WITH row\n  WHERE row.`athlete_code:ID(Athlete-ID)` IS NOT NULL\n"
        "  MERGE (a:Athlete {athlete_code: row.`athlete_code:ID(Athlete-ID)`})\n  SET a.name = row.name\n}",
        "CALL {\n  UNWIND $rows AS row\n  WITH row\n  WHERE row.`:START_ID(Athlete-ID)` IS NOT NULL AND "
        "row.`:END_ID(Country-ID)` IS NOT NULL\n  MATCH (a:Athlete {athlete_code: row.`:START_ID(Athlete-ID)`})\n"
        "  MATCH (c:Country {country_code: row.`:END_ID(Country-ID)`})\n  MERGE (a)-[:REPRESENTS]->(c)\n}"]
    params = [p for _, p in store.calls]
    # rows as LOAD CSV gives them, read at the pinned commit: strings, an empty field null, the admin-import headers
    # as the column names
    assert params[0] == {}
    assert params[1] == {"rows": [
        {"athlete_code:ID(Athlete-ID)": "1909294", "name": "MARCHAND Leon", "birth_place": "TOULOUSE"},
        {"athlete_code:ID(Athlete-ID)": "1569203", "name": "DUPLANTIS Armand", "birth_place": None}]}
    assert params[2] == {"rows": [{":START_ID(Athlete-ID)": "1569203", ":END_ID(Country-ID)": "SWE",
                                   ":TYPE": "REPRESENTS"}]}
    assert corpus.graph("paris-2024-olympics").split == "spent"


@pytest.mark.parametrize(("url", "refused"), [
    ("https://example.org/rels_athlete_country.csv", "https://example.org/rels_athlete_country.csv"),
    ("file:///../cypher/simple_queries.cypher", "file:///../cypher/simple_queries.cypher"),
    ("file:///rels_absent.csv", "import/rels_absent.csv is not in the mirror")])
def test_paris_2024_olympics_reads_only_its_import_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, refused: str) -> None:
    store = Recorder()
    rels = _PARIS_RELS.replace("file:///rels_athlete_country.csv", url)
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_paris_olympics(store, _paris_mirror(tmp_path, monkeypatch, rels))
    # the nodes' script ran; the relationships' statement that reads another file did not
    assert len(store.calls) == 2


_NBA_POTW_LOAD = ("load csv with headers from 'file:///NBA_player_of_the_week.csv' as linha merge (j: Jogador"
                  "{nome:linha.Player, draft_ano:linha.Draft_Year}) merge (j)-[:recebe {data:linha.Date, "
                  "posição:linha.Position}]->(premio)")


def _nba_potw_script(load: str = _NBA_POTW_LOAD, comment: str = "#Linha que faz o insert dos dados") -> str:
    # lab4/ex4.py's shape: the load commented out under its comment, the lab's queries after it (not run here)
    return ("from neo4j import GraphDatabase\n\n\nif __name__ == \"__main__\":\n"
            "    conn = Neo4j(uri=\"bolt://localhost:7687\", user=\"neo4j\", pwd=\"nba\")\n"
            f"    {comment}\n    #conn.query(\"{load}\")\n    \n\n"
            "    query=\"match (p:Jogador)-[:Jogou]->(e:Equipa {nome:'Miami Heat'}) return p.nome\"\n"
            "    res=conn.query(query)\n    #linha que faz o delete dos dados\n"
            "    #conn.query(\"match (n) detach delete n\")\n")


def _nba_potw_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str | None = None) -> Path:
    rows = ("Player,Team,Date,Position,Draft_Year,draftTeam,Premio\n"
            "Nikola Jokic,Denver Nuggets,\"Feb 10, 2020\",C,2014,KK Mega Bemax (Serbia),JOGADOR DA SEMANA\n"
            "Jeremy Lin,New York Knicks,\"Feb 13, 2012\",G,,Harvard,JOGADOR DA SEMANA\n")
    files: dict[str, str | bytes] = {corpus.NBA_POTW_SCRIPT: script if script is not None else _nba_potw_script(),
                                     "lab4/NBA_player_of_the_week.csv": rows, "lab4/ex1.txt": "CREATE (n);\n"}
    # a later commit changes the lab's data: the pinned load must not see it
    pinned = _committed_mirror(tmp_path, "alexandreserras+CBD", files,
                               later={"lab4/NBA_player_of_the_week.csv": "Player\nRenamed\n"})
    monkeypatch.setattr(corpus, "NBA_POTW_COMMIT", pinned)
    return tmp_path


def test_nba_players_of_the_week_runs_the_labs_commented_load_over_its_csv(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_nba_players_of_the_week(store, _nba_potw_mirror(tmp_path, monkeypatch))
    # only the statement under "Linha que faz o insert dos dados", as written (its Portuguese property name kept),
    # its LOAD CSV given the rows of lab4/NBA_player_of_the_week.csv at the pinned commit: not the lab's queries, nor
    # the delete commented out at its end
    assert store.calls == [(
        "UNWIND $rows AS linha merge (j: Jogador{nome:linha.Player, draft_ano:linha.Draft_Year}) merge "
        "(j)-[:recebe {data:linha.Date, posição:linha.Position}]->(premio)",
        {"rows": [{"Player": "Nikola Jokic", "Team": "Denver Nuggets", "Date": "Feb 10, 2020", "Position": "C",
                   "Draft_Year": "2014", "draftTeam": "KK Mega Bemax (Serbia)", "Premio": "JOGADOR DA SEMANA"},
                  {"Player": "Jeremy Lin", "Team": "New York Knicks", "Date": "Feb 13, 2012", "Position": "G",
                   "Draft_Year": None, "draftTeam": "Harvard", "Premio": "JOGADOR DA SEMANA"}]})]
    graph = corpus.graph("nba-players-of-the-week")
    assert (graph.split, graph.repo, graph.writer) == ("spent", corpus.NBA_POTW, corpus.write_nba_players_of_the_week)


@pytest.mark.parametrize(("url", "refused"), [
    ("https://example.org/NBA_player_of_the_week.csv", "https://example.org/NBA_player_of_the_week.csv"),
    ("file:///../lab1/ex1.csv", "file:///../lab1/ex1.csv"),
    ("file:///absent.csv", "lab4/absent.csv is not in the mirror")])
def test_nba_players_of_the_week_reads_only_the_labs_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, refused: str) -> None:
    store = Recorder()
    script = _nba_potw_script(_NBA_POTW_LOAD.replace("file:///NBA_player_of_the_week.csv", url))
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_nba_players_of_the_week(store, _nba_potw_mirror(tmp_path, monkeypatch, script))
    assert store.calls == []


@pytest.mark.parametrize("script", [
    _nba_potw_script(comment="#Linha que faz o update dos dados"),  # no load under the insert comment
    _nba_potw_script(load="match (n) return n"),  # a statement, but no LOAD CSV
    _nba_potw_script() + _nba_potw_script(),  # two loads: which one the lab ran is not known
])
def test_nba_players_of_the_week_needs_exactly_one_load_under_its_comment(script: str) -> None:
    with pytest.raises(corpus.CorpusError, match="not one LOAD CSV"):
        corpus._nba_potw_statement(script)


# [s55E tests above]

_CHIP_RAW = "https://raw.githubusercontent.com/corydonbaylor/supply-chain/refs/heads/main/"
_CHIP_GUIDE = (
    "# Identifying Bottlenecks using Neo4j Aura Graph Analytics\n\n## Step 1: Getting Data into AuraDB\n\n"
    "Run each one of these cypher statements directly in your AuraDB console:\n\n```\n// Create Company Nodes\n"
    f'LOAD CSV WITH HEADERS FROM "{_CHIP_RAW}clean_data/organizatons.csv" AS row\n'
    "CREATE (:Company {\n    name: row.provider_name,\n    provider_id: row.provider_id,\n    country: row.country\n"
    "});\n\n// Create Component Nodes\n"
    f'LOAD CSV WITH HEADERS FROM "{_CHIP_RAW}data/inputs.csv" AS row\n'
    "CREATE (:Component {\n    input_name: row.input_name,\n    input_id: row.input_id\n});\n\n"
    "// Create INPUTS Relationships\n"
    f'LOAD CSV WITH HEADERS FROM "{_CHIP_RAW}clean_data/inputs_to_providers.csv" AS row\n'
    "MATCH (company:Company {provider_id: row.provider_id})\nMATCH (component:Component {input_id: row.input_id})\n"
    "MERGE (component)-[:INPUTS]->(company);\n\n// Create OUTPUTS Relationships\n"
    f'LOAD CSV WITH HEADERS FROM "{_CHIP_RAW}clean_data/outputs.csv" AS row\n'
    "MATCH (company:Company {provider_id: row.provider_id})\nMATCH (component:Component {input_id: row.provided_id})\n"
    "MERGE (company)-[:OUTPUTS]->(component);\n\n```\n\n## Step 2: Setting Up in Python\n\n```\n"
    "from graphdatascience.session import GdsSessions\n```\n\n## Step 4: Running PageRank\n\n```\n"
    'pagerank_result = gds.pageRank.write(full, writeProperty="PR")\n```\n')


def _chip_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str = _CHIP_GUIDE) -> Path:
    pinned = _committed_mirror(tmp_path, "corydonbaylor+supply-chain", {
        corpus.CHIP_SUPPLY_GUIDE: guide,
        "clean_data/organizatons.csv":
            '"provider_name","provider_id","provider_type","country"\n"ASML","P88","organization","NLD"\n',
        # inputs.csv begins with a byte order mark and has a quoted description over two lines, as the repository's
        # does
        "data/inputs.csv": '\ufeffinput_name,input_id,type,description\nEUV scanners,N20,tool_resource,"Extreme '
                           'ultraviolet,\nthe most advanced"\n',
        "clean_data/inputs_to_providers.csv": '"provider_id","provided_id","input_id"\n"P88","N20","NA"\n',
        "clean_data/outputs.csv": '"provider_id","provided_id"\n"P88","N20"\n',
    }, later={"clean_data/outputs.csv": '"provider_id","provided_id"\n"LATER","N1"\n'})
    monkeypatch.setattr(corpus, "CHIP_SUPPLY_COMMIT", pinned)
    return tmp_path


def test_chip_supply_chain_runs_the_readmes_four_load_statements_over_the_pinned_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_chip_supply_chain(store, _chip_mirror(tmp_path, monkeypatch))
    statements = [statement for statement, _ in store.calls]
    assert len(statements) == 4  # the later blocks (Python, the PageRank write-back) are not run
    assert statements[0].startswith("UNWIND $rows AS row\nCREATE (:Company {\n    name: row.provider_name,")
    assert statements[1].startswith("UNWIND $rows AS row\nCREATE (:Component {")
    assert statements[2].endswith("MERGE (component)-[:INPUTS]->(company)")
    assert statements[3].endswith("MERGE (company)-[:OUTPUTS]->(component)")
    assert not any("//" in s or "PR" in s for s in statements)
    params = [p for _, p in store.calls]
    assert params[0] == {"rows": [{"provider_name": "ASML", "provider_id": "P88", "provider_type": "organization",
                                   "country": "NLD"}]}
    # the byte order mark not part of the first column's name; a quoted field keeps its line break
    assert params[1] == {"rows": [{"input_name": "EUV scanners", "input_id": "N20", "type": "tool_resource",
                                   "description": "Extreme ultraviolet,\nthe most advanced"}]}
    assert params[2] == {"rows": [{"provider_id": "P88", "provided_id": "N20", "input_id": "NA"}]}
    assert params[3] == {"rows": [{"provider_id": "P88", "provided_id": "N20"}]}  # the pinned commit's, not later


def test_chip_supply_chain_refuses_another_url_or_a_readme_without_its_load_block(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _CHIP_GUIDE.replace(f"{_CHIP_RAW}data/inputs.csv", f"{_CHIP_RAW}data/providers.csv")
    with pytest.raises(corpus.CorpusError, match="reads .*data/providers.csv, which no loader here serves"):
        corpus.write_chip_supply_chain(Recorder(), _chip_mirror(tmp_path / "a", monkeypatch, elsewhere))
    fewer = _CHIP_GUIDE.replace("// Create OUTPUTS Relationships\nLOAD CSV", "// Create OUTPUTS Relationships\nUNWIND")
    with pytest.raises(corpus.CorpusError, match="not its four LOAD CSV statements"):
        corpus.write_chip_supply_chain(Recorder(), _chip_mirror(tmp_path / "b", monkeypatch, fewer))
    later = _CHIP_GUIDE.replace("```\nfrom graphdatascience", "```\nLOAD CSV WITH HEADERS FROM 'x' AS row\n")
    with pytest.raises(corpus.CorpusError, match="not its four LOAD CSV statements"):
        corpus.write_chip_supply_chain(Recorder(), _chip_mirror(tmp_path / "c", monkeypatch, later))


# jivaldez03/NIST_graph, shortened: main.py as committed (its port prompt, the family sheet's dropna, replace, rename
# and astype, the control sheet's replace), its pandas helpers, its settings (pydantic_settings, the driver), its
# session's execute_write(lambda tx: tx.run(...).data()) and its loader's statements, in app/ folders without
# __init__.py
_NIST_FILES: dict[str, str | bytes] = {
    "main.py": (
        "from app.general_functions import pandas_fn as pd_fns\n"
        "from app.db.database import driver_open_session, driver_close\nimport app.loading_fn as loadf \n\n"
        "driver_open_session()\nloadf.initializing_database()\n"
        "pdxls = pd_fns._read_file('files/Combined sp800-53r5-control-catalog.xlsx') \n"
        "print('sheets: ', pdxls.keys())\nfor gia, sheet in enumerate(list(pdxls.keys())[0:]):\n"
        "    df = pdxls[sheet]\n    cols = list(df.columns)\n    if gia == 0: # categories\n"
        "        df = pd_fns._df_removerows_nulls(df,cols)\n        df = pd_fns._df_NaNbyAny(df, changeto='')\n"
        "        df = pd_fns._df_renamecolumn(df, 'NIST Special Publication 800-53 (SP 800-53)', 'Ix')\n"
        "        df = pd_fns._df_changetype(df, 'Ix', 'int')\n        loadf.sendingDB_categories(df)\n"
        "    elif gia == 1:\n        df = pd_fns._df_NaNbyAny(df, changeto='')\n"
        "        df = pd_fns._df_renamecolumn(df, 'Control (or Control Enhancement) Name', 'Control_Name')\n"
        "        loadf.sendingDB_controldef(df)\n\ndriver_close()\n"),
    "app/general_functions/pandas_fn.py": (
        "import pandas as pd\nimport numpy as np\n\ndef _read_file(path, sheetname = None):\n"
        "    df = pd.read_excel(path, sheet_name=sheetname)\n    return df\n\n"
        "def _df_NaNbyAny(df, changeto=None):\n    df = df.replace(np.nan, changeto)\n    return df\n\n"
        "def _df_removerows_nulls(df, columns):\n    df.dropna(subset=columns, inplace=True)\n    return df\n\n"
        "def _df_renamecolumn(df, oldcolum='oldcolum',newcolumn='newcolumn'):\n"
        "    df.rename(columns = {oldcolum:newcolumn}, inplace = True)     \n    return df\n\n"
        "def _df_changetype(df, column, new_dtype):    \n    df[column] = df[column].astype(new_dtype)\n"
        "    return df\n"),
    "app/db/config.py": (
        "from pydantic_settings import BaseSettings\nfrom neo4j import GraphDatabase\n\n"
        "class DBSettings_any(BaseSettings):\n    NEO4J_HOST: str = 'localhost'\n\n"
        "    def get_database_uri_port(self,port) -> str:\n        return f'neo4j://{self.NEO4J_HOST}:{port}'\n\n"
        "class Settings_any():\n    db: DBSettings_any = DBSettings_any()\n\n    def open_driver(self, port):\n"
        "        self.connection = GraphDatabase.driver(settings_any.db.get_database_uri_port(port))\n"
        "        return self.connection\n\n    def close_driver(self):\n        self.connection.close()\n\n"
        "settings_any = Settings_any()\nprint(f'settings_an: {settings_any}')"),
    "app/db/database.py": (
        "from app.db.config import settings_any\n\ndef driver_open_session():\n"
        "    port = input (f'port to connect Neo4j (7688): ')\n    if not port:\n        port = '7688'\n"
        "    return settings_any.open_driver(port)\n\ndef driver_close():\n    settings_any.connection.close()\n"),
    "app/db/common_dbfunc.py": (
        "from app.db.database import settings_any\n\ndef execute_write_query(query: str, **kwargs):\n"
        "    driver = settings_any.connection\n    with driver.session() as session:\n"
        "        results = session.execute_write(\n                lambda tx: tx.run(query, **kwargs).data()\n"
        "            )\n        return results\n"),
    "app/db/crud/NIST_file/category.py": (
        "initializing_database = 'MATCH (n) DETACH DELETE n'\n"
        "create_category = 'MERGE (C:Category {ID:$code}) '\n"
        "create_category_prop = 'set C += {{ {properties} }} return C'\n"
        "cat_properties_forupdate = 'index: $index, name: $name, description: $description'\n"),
    "app/db/crud/NIST_file/control.py": (
        "create_detailcat = 'MERGE (D:Control {ID:$code, SUBID: $ref}) set D += {name: $name, controls: $controls}'\n"
        "create_detailcat_pos = 'MERGE (DP:ControlEnhancement {ID:$code, SUBID: $ref, POS: $refpos}) "
        "set DP.name = $name'\n"),
    "app/loading_fn.py": (
        "from app.db import common_dbfunc as dbexec\nfrom app.db.crud.NIST_file import control\n"
        "from app.db.crud.NIST_file import category\n\ndef initializing_database():\n"
        "    dbexec.execute_write_query(category.initializing_database)\n\ndef sendingDB_categories(df):\n"
        "    for index_df, row in df.iterrows():\n        query = category.create_category + \\\n"
        "                category.create_category_prop.format(properties=category.cat_properties_forupdate)\n"
        "        dbexec.execute_write_query(query, index = row['Ix'], code = row['Unnamed: 1'], name = "
        "row['Unnamed: 2'], description = row['Unnamed: 3'].capitalize())\n\ndef sendingDB_controldef(df):\n"
        "    for index_df, row in df.iterrows():\n        code,ref = row['Control Identifier'].split('-')\n"
        "        reflist = ref.split('(')\n"
        "        ref,refpos = reflist[0], reflist[1] if len(reflist) > 1 else None\n"
        "        refpos = int(refpos.replace(')','')) if refpos else 0\n        controls = row['Related Controls']\n"
        "        if controls.lower() not in ['none','none.','', None]:\n"
        "            ssubids = controls.replace(' ','').replace('.','').split(',')\n        else:\n"
        "            ssubids = None\n"
        "        query = control.create_detailcat if refpos == 0 else control.create_detailcat_pos\n"
        "        dbexec.execute_write_query(query, code = code, ref = int(ref), refpos = refpos, "
        "name = row['Control_Name'], controls = ssubids)\n")}
_NIST_TITLE = "NIST Special Publication 800-53 (SP 800-53)"
_NIST_CONTROLS_HEADER = ["Control Identifier", "Control (or Control Enhancement) Name", "Control Text", "Discussion",
                         "Related Controls"]


def _nist_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 changes: dict[str, str | bytes] | None = None) -> Path:
    workbook = _xlsx({
        # the family sheet's title in its first cell, the other header cells empty ("Unnamed: 1" ...); a family
        # without its description is dropped by its dropna
        "NIST Categories": [[_NIST_TITLE, None, None, None], [1, "AC", "Access Control", "controlling access"],
                            [2, "AU", "Audit and Accountability", None], [3, "IP", "Information Processing",
                                                                          "Information Processing"]],
        "SP 800-53 Revision 5": [_NIST_CONTROLS_HEADER,
                                 ["AC-10", "Concurrent Session Control", "Limit sessions.", "Organizations may.",
                                  "SC-23."],
                                 ["AC-11(1)", "Device Lock | Pattern-hiding Displays", "Conceal.", None, "None."],
                                 ["AC-15", "Automated Marking", "[Withdrawn: Incorporated into MP-3.]", None, None]],
        "Example": [["Provider", "Service"], ["AWS", "Lambda"]]})
    later = _xlsx({"NIST Categories": [[_NIST_TITLE, None, None, None], [1, "AC", "Later", "later"]],
                   "SP 800-53 Revision 5": [_NIST_CONTROLS_HEADER]})
    pinned = _committed_mirror(tmp_path, "jivaldez03+NIST_graph",
                               {**_NIST_FILES, corpus.NIST_CONTROLS_DATA: workbook, **(changes or {})},
                               later={corpus.NIST_CONTROLS_DATA: later})
    monkeypatch.setattr(corpus, "NIST_CONTROLS_COMMIT", pinned)
    return tmp_path


def test_nist_controls_runs_its_main_py_over_the_pinned_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    store = Recorder()
    # its port prompt is answered with nothing (its default): input() here would read the test's stdin and fail
    corpus.write_nist_controls(store, _nist_mirror(tmp_path, monkeypatch))
    category = "MERGE (C:Category {ID:$code}) set C += { index: $index, name: $name, description: $description } " \
               "return C"
    assert store.calls == [
        ("MATCH (n) DETACH DELETE n", {}),
        # the number an int (the sheet's numbers typed as pandas types them, then astype(int)); the description
        # capitalized by the loader; the family whose description is empty dropped; the pinned workbook's, not later's
        (category, {"index": 1, "code": "AC", "name": "Access Control", "description": "Controlling access"}),
        (category, {"index": 3, "code": "IP", "name": "Information Processing",
                    "description": "Information processing"}),
        # a control, its related controls split; an enhancement ("None." is none); an empty cell is "" (replace)
        ("MERGE (D:Control {ID:$code, SUBID: $ref}) set D += {name: $name, controls: $controls}",
         {"code": "AC", "ref": 10, "refpos": 0, "name": "Concurrent Session Control", "controls": ["SC-23"]}),
        ("MERGE (DP:ControlEnhancement {ID:$code, SUBID: $ref, POS: $refpos}) set DP.name = $name",
         {"code": "AC", "ref": 11, "refpos": 1, "name": "Device Lock | Pattern-hiding Displays", "controls": None}),
        ("MERGE (D:Control {ID:$code, SUBID: $ref}) set D += {name: $name, controls: $controls}",
         {"code": "AC", "ref": 15, "refpos": 0, "name": "Automated Marking", "controls": None})]
    assert all(isinstance(params.get("index", 0), int) for _, params in store.calls)


def test_nist_controls_imports_and_reads_nothing_but_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main = str(_NIST_FILES["main.py"])
    for change, refused in [("import os\n" + main, "imports os"),
                            (main.replace("files/Combined sp800-53r5-control-catalog.xlsx", "files/other.xlsx"),
                             "reads files/other.xlsx")]:
        mirror = _nist_mirror(tmp_path / refused.split()[-1], monkeypatch, {"main.py": change})
        with pytest.raises(corpus.CorpusError, match=refused):
            corpus.write_nist_controls(Recorder(), mirror)

# haoyuheng/guotu_KG_demo, shortened: its README's 导入脚本 (a headerless LOAD CSV, a LOAD CSV with headers, a CREATE
# of classes, a struck-out step that is not imported, and the last step), over import/ files as committed
_LAND_GUIDE = (
    "# guotu_KG_demo\n\n### 导入脚本\n\n#### 1、导入相关分类\n\n导入行政划分\n\n```cypher\n"
    'LOAD CSV FROM "file:///dm3.csv" AS line\nMERGE (n:DM {code: line[3]})\nSET n.type = line[1],n.name = line[2]\n'
    "RETURN n\n```\n\n导入行政关系\n\n```cypher\nLOAD CSV FROM \"file:///dm3.csv\" AS line\n"
    "MATCH (n1:DM{code: line[3]}),(n2:DM{code: line[4]})\nWHERE line[4] <> 0\n"
    "MERGE (n1)-[r:DM_BELOGNGS_TO {type:'dm_belongs_to'}]->(n2)\nreturn r\n```\n\n"
    "导入扣除类型\n\n```cypher\nCREATE (n:KCLX { KCLX: 'TK', title: '按田坎系数' })\n```\n\n"
    "#### 2、导入地类图斑\n\n导入土地及其属性\n\n```cypher\n"
    'LOAD CSV WITH HEADERS FROM "file:///dltb_5000.csv" AS line\nMERGE (n:DLTB {BSM: line.BSM})\n'
    "SET n.TBMJ = line.TBMJ\nRETURN count(n)\n```\n\n"
    "~~导入坐落单位关系(数据中和权属关系一致，未导入)~~\n\n```cypher\n"
    'LOAD CSV WITH HEADERS FROM "file:///dltb_5000.csv" AS line\n'
    "MATCH (n1:DLTB{ BSM: line.BSM }),(n2:DM{code: line.ZLDWDM})\nMERGE (n1)-[r:HAS_ZLDW {type:'has_zldw'}]->(n2)\n"
    "return r\n```\n\n**导入土地权属关系**\n\n左权属关系\n\n```cypher\n"
    'LOAD CSV WITH HEADERS FROM "file:///dltb_5000.csv" AS line\n'
    "MATCH (n1:DLTB{ BSM: line.BSM }),(n2:DM {code: line.QSDWDM})\nMERGE (n1)-[r:HAS_QSDW {type:'has_qsdw'}]->(n2)\n"
    "return r\n```")
_LAND_DM = "\ufeff1,行政区,古城区,530702000000,0\n2,乡镇(办事处),大东乡,530702203000,530702000000\n"
_LAND_DLTB = ("OBJECTID,BSM,TBMJ,QSDWDM,ZLDWDM,GDLX\n"
              "741,171694,6483.26,530702203000,530702203000,\n")


def _land_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str = _LAND_GUIDE) -> Path:
    pinned = _committed_mirror(tmp_path, "haoyuheng+guotu_KG_demo", {
        corpus.LAND_SURVEY_GUIDE: guide, "import/dm3.csv": _LAND_DM, "import/dltb_5000.csv": _LAND_DLTB,
        "dm3.csv": "1,elsewhere,x,9,0\n"}, later={"import/dm3.csv": "1,行政区,LATER,1,0\n"})
    monkeypatch.setattr(corpus, "LAND_SURVEY_COMMIT", pinned)
    monkeypatch.setattr(corpus, "LAND_SURVEY_BLOCKS", 5)  # the shortened README's six blocks but the struck one
    return tmp_path


def test_lijiang_land_survey_runs_the_readme_blocks_but_the_struck_one_over_import_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_lijiang_land_survey(store, _land_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    assert statements == [
        "UNWIND $rows AS line\nMERGE (n:DM {code: line[3]})\nSET n.type = line[1],n.name = line[2]\nRETURN n",
        "UNWIND $rows AS line\nMATCH (n1:DM{code: line[3]}),(n2:DM{code: line[4]})\nWHERE line[4] <> 0\n"
        "MERGE (n1)-[r:DM_BELOGNGS_TO {type:'dm_belongs_to'}]->(n2)\nreturn r",
        "CREATE (n:KCLX { KCLX: 'TK', title: '按田坎系数' })",
        "UNWIND $rows AS line\nMERGE (n:DLTB {BSM: line.BSM})\nSET n.TBMJ = line.TBMJ\nRETURN count(n)",
        "UNWIND $rows AS line\nMATCH (n1:DLTB{ BSM: line.BSM }),(n2:DM {code: line.QSDWDM})\n"
        "MERGE (n1)-[r:HAS_QSDW {type:'has_qsdw'}]->(n2)\nreturn r"]
    assert not any("HAS_ZLDW" in s for s in statements)  # the step the README strikes out ("未导入")
    # a headerless file's rows are lists of strings, its byte order mark dropped; the pinned commit's import/ file
    dm_rows = [["1", "行政区", "古城区", "530702000000", "0"],
               ["2", "乡镇(办事处)", "大东乡", "530702203000", "530702000000"]]
    assert store.calls[0][1] == {"rows": dm_rows} and store.calls[1][1] == {"rows": dm_rows}
    assert store.calls[2][1] == {}
    assert store.calls[3][1] == {"rows": [{"OBJECTID": "741", "BSM": "171694", "TBMJ": "6483.26",
                                           "QSDWDM": "530702203000", "ZLDWDM": "530702203000", "GDLX": None}]}
    assert corpus.graph("lijiang-land-survey").split == "spent"
    assert corpus.graph("lijiang-land-survey").repo == "haoyuheng/guotu_KG_demo"


def test_lijiang_land_survey_refuses_another_file_or_a_readme_of_other_blocks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _LAND_GUIDE.replace('"file:///dltb_5000.csv" AS line\nMERGE', '"file:///dltb.csv" AS line\nMERGE')
    with pytest.raises(corpus.CorpusError, match=re.escape("import/dltb.csv is not in the mirror")):
        corpus.write_lijiang_land_survey(Recorder(), _land_mirror(tmp_path / "a", monkeypatch, elsewhere))
    remote = _LAND_GUIDE.replace('"file:///dm3.csv" AS line\nMERGE', '"http://39.106.92.143/dm3.csv" AS line\nMERGE')
    with pytest.raises(corpus.CorpusError, match=re.escape("reads http://39.106.92.143/dm3.csv, which no loader")):
        corpus.write_lijiang_land_survey(Recorder(), _land_mirror(tmp_path / "b", monkeypatch, remote))
    unstruck = _LAND_GUIDE.replace("~~导入坐落单位关系(数据中和权属关系一致，未导入)~~", "导入坐落单位关系")
    with pytest.raises(corpus.CorpusError, match="has 6 import blocks to run, not 5"):
        corpus.write_lijiang_land_survey(Recorder(), _land_mirror(tmp_path / "c", monkeypatch, unstruck))

# ivy-kmchan/graphql-neo4j's utility_scripts/import_csv_to_neo4j.py, shortened: its settings from os.getenv (after
# load_dotenv), the password it stops without, its clear and category statements, its per-row MERGEs in a try whose
# except prints and passes over, its statistics read by single()['count'], and its yes/no prompt
_JAPAN_LOADER = (
    '#!/usr/bin/env python3\n"""\nImport travel_places.csv into Neo4j database\n"""\n\nimport csv\nimport os\n'
    "from neo4j import GraphDatabase\nfrom dotenv import load_dotenv\n\nload_dotenv()\n\nclass CSVImporter:\n"
    "    def __init__(self):\n        self.uri = os.getenv(\"NEO4J_URI\")\n"
    "        self.password = os.getenv(\"NEO4J_PASSWORD\")\n"
    "        self.database = os.getenv(\"NEO4J_DATABASE\", \"neo4j\")\n        if not self.password:\n"
    "            raise ValueError(\"NEO4J_PASSWORD not set in .env file\")\n"
    "        self.driver = GraphDatabase.driver(self.uri, auth=(\"neo4j\", self.password))\n\n"
    "    def clear_database(self):\n        with self.driver.session(database=self.database) as session:\n"
    "            session.run(\"MATCH (n) DETACH DELETE n\")\n\n    def create_categories(self):\n"
    "        with self.driver.session(database=self.database) as session:\n"
    "            for activity in ['temple', 'restaurant']:\n"
    "                session.run(\"MERGE (a:ActivityCategory {name: $name})\", name=activity)\n\n"
    "    def import_places(self, csv_file='seed-data/travel_places.csv'):\n"
    "        with open(csv_file, 'r', encoding='utf-8') as f:\n            places = list(csv.DictReader(f))\n"
    "        with self.driver.session(database=self.database) as session:\n            for place in places:\n"
    "                try:\n                    data = {'name': place['place_name'].strip(),\n"
    "                            'visited': place.get('visited', '').strip().upper() == 'TRUE',\n"
    "                            'latitude': float(place['latitude']) if place.get('latitude') else None,\n"
    "                            'activity': place.get('activities', '').strip(),\n"
    "                            'region': place.get('regions', '').strip() or place.get('prefecture', '').strip()}\n"
    "                    session.run(\"MERGE (p:Place {name: $name}) SET p.visited = $visited, "
    "p.latitude = $latitude\", **data)\n"
    "                    if data['region']:\n"
    "                        session.run(\"MATCH (p:Place {name: $name}) MERGE (r:Region {name: $region}) "
    "MERGE (r)-[:HAS_PLACE]->(p)\", name=data['name'], region=data['region'])\n"
    "                    if data['activity']:\n"
    "                        session.run(\"MATCH (p:Place {name: $name}) MERGE (a:ActivityCategory {name: $activity}) "
    "MERGE (p)-[:HAS_ACTIVITY]->(a)\", name=data['name'], activity=data['activity'])\n"
    "                except Exception as e:\n"
    "                    print(f\"  \\u26a0\\ufe0f  Error importing {place.get('place_name', 'unknown')}: {e}\")\n\n"
    "    def print_stats(self):\n        with self.driver.session(database=self.database) as session:\n"
    "            result = session.run(\"MATCH (p:Place) RETURN count(p) as count\")\n"
    "            print(f\"Places: {result.single()['count']}\")\n\n"
    "def main():\n    importer = CSVImporter()\n"
    "    response = input(\"Do you want to proceed? (yes/no): \").strip().lower()\n"
    "    if response not in ['yes', 'y']:\n        print(\"Import cancelled\")\n        return\n"
    "    importer.clear_database()\n    importer.create_categories()\n    importer.import_places()\n"
    "    importer.print_stats()\n\nif __name__ == '__main__':\n    main()\n")
_JAPAN_PLACES = ("place_name,address,prefecture,visited,latitude,activities,regions\n"
                 "Akashi-Kaikyo Bridge,\"4 Higashimaikocho, Tarumi-ku, Kobe, Hyogo 655-0047, Japan\",Hyogo,,"
                 "34.6174683,,Hyogo\n"
                 "Aisunao,\"761-1, Naoshima, Kagawa District, Kagawa 761-3110, Japan\",Kagawa,TRUE,34.4602965,"
                 "restaurant,\n")
_JAPAN_SETTINGS = ("\ufeff# Neo4j Aura Configuration\nNEO4J_URI=neo4j+s://xxxxx.databases.neo4j.io\nNEO4J_USER=neo4j\n"
                   "NEO4J_PASSWORD=\nNEO4J_DATABASE=neo4j\n")


def _japan_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _JAPAN_LOADER) -> Path:
    # a later commit that empties the places file: the pinned commit's file is the one read
    pinned = _committed_mirror(tmp_path, "ivy-kmchan+graphql-neo4j", {
        corpus.JAPAN_PLACES_LOADER: loader, corpus.JAPAN_PLACES_DATA: _JAPAN_PLACES,
        corpus.JAPAN_PLACES_SETTINGS: _JAPAN_SETTINGS, "seed-data/travel_places_backup.csv": "place_name\nOther\n"},
        later={corpus.JAPAN_PLACES_DATA: "place_name,address,prefecture,visited,latitude,activities,regions\n"})
    monkeypatch.setattr(corpus, "JAPAN_PLACES_COMMIT", pinned)
    return tmp_path


class _OneCountRecorder(Recorder):
    """A Recorder whose count queries read back one record, as a server's would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        return [{"count": 2}] if "count(" in statement else []


def test_japan_saved_places_runs_the_import_script_over_the_pinned_places_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # main() as written, its prompt answered yes: the settings of .env.example (its empty password given one), the
    # statements its own session.run calls make, each row's values as the script reads them from csv.DictReader
    # (visited a boolean, latitude a float, the region its regions column else its prefecture)
    store = _OneCountRecorder()
    corpus.write_japan_saved_places(store, _japan_mirror(tmp_path, monkeypatch))
    place = "MERGE (p:Place {name: $name}) SET p.visited = $visited, p.latitude = $latitude"
    region = "MATCH (p:Place {name: $name}) MERGE (r:Region {name: $region}) MERGE (r)-[:HAS_PLACE]->(p)"
    activity = ("MATCH (p:Place {name: $name}) MERGE (a:ActivityCategory {name: $activity}) "
                "MERGE (p)-[:HAS_ACTIVITY]->(a)")
    assert store.calls == [
        ("MATCH (n) DETACH DELETE n", {}),
        ("MERGE (a:ActivityCategory {name: $name})", {"name": "temple"}),
        ("MERGE (a:ActivityCategory {name: $name})", {"name": "restaurant"}),
        (place, {"name": "Akashi-Kaikyo Bridge", "visited": False, "latitude": 34.6174683, "activity": "",
                 "region": "Hyogo"}),
        (region, {"name": "Akashi-Kaikyo Bridge", "region": "Hyogo"}),
        (place, {"name": "Aisunao", "visited": True, "latitude": 34.4602965, "activity": "restaurant",
                 "region": "Kagawa"}),
        (region, {"name": "Aisunao", "region": "Kagawa"}),
        (activity, {"name": "Aisunao", "activity": "restaurant"}),
        ("MATCH (p:Place) RETURN count(p) as count", {})]
    assert corpus.graph("japan-saved-places").split == "spent"
    assert corpus.graph("japan-saved-places").repo == "ivy-kmchan/graphql-neo4j"


class _RegionRefusingStore(_OneCountRecorder):
    """A store whose region statements fail, as a server refusing them would."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        if "Region" in statement:
            raise RuntimeError("refused")
        return super().query(statement, params, read_only)


@pytest.mark.parametrize(("change", "store", "refused"), [
    (("import os\n", "import os\nimport subprocess\n"), _OneCountRecorder,
     "its loader imports subprocess, which is not read here"),
    (("csv_file='seed-data/travel_places.csv'", "csv_file='seed-data/travel_places_backup.csv'"), _OneCountRecorder,
     "its loader opens seed-data/travel_places_backup.csv, which is not read here"),
    (("", ""), _RegionRefusingStore, "its loader failed: \u26a0\ufe0f  Error importing Akashi-Kaikyo Bridge: refused")])
def test_japan_saved_places_reads_nothing_else_and_raises_what_its_loader_prints_and_passes_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], store: type[Recorder],
        refused: str) -> None:
    old, new = change
    assert old in _JAPAN_LOADER
    mirror = _japan_mirror(tmp_path, monkeypatch, _JAPAN_LOADER.replace(old, new))
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_japan_saved_places(store(), mirror)


# qqplot/travelmaker's README, shortened: its setup section (a shell block), its import section (the city codes under
# the name citycode.csv, departures MERGEd as relationships, a distance update, a read query, the restaurants whose
# file the mirror lacks, the lodgings and their statement towards an unbound `r`) and its query section, not run
_TRAVEL_GUIDE = (
    "# Travel Make Project\n\n## 1. Python 가상환경 세팅\n\n```sh\npip install -r requirements.txt\n```\n\n"
    "## 2. Neo4j 데이터 넣기\n\nneo4j의 `import` 폴더에 현재 프로젝트의 data를 복사해서 넣습니다.\n\n```javascript\n\n"
    "// city node 생성\nLOAD CSV WITH HEADERS FROM \"file:///citycode.csv\" AS row\n"
    "CREATE (c:city {city_nm: row.city_name, city_id : row.city_id})\n;\n\n"
    "//LOAD TRANSPORTATION (as relationships)\nLOAD CSV with headers from \"file:///transportations.csv\" as row\n"
    "MATCH (c1:city),(c2:city)\nWHERE c1.city_id = row.depart_id AND c2.city_id = row.dest_id\n"
    "MERGE (c1)-[r:goes {tid: row.transportation_id, fare:toInteger(coalesce(row.fare,\"0\"))}]->(c2)\n;\n\n"
    "//거리넣기\nmatch (a:city)-[r:goes]->(b:city)\nset r.dist = 1\n;\n\n"
    " MATCH p=(c1:city{city_id:\"C01\"})-[rels:goes*2..3]->(c2:city{city_id:\"C10\"})\nRETURN p\n LIMIT 500\n;\n\n"
    "//LOAD restaurants \nLOAD CSV WITH HEADERS FROM \"file:///restaurants.csv\" AS row\n"
    "CREATE (r:restaurants {rest_id:row.rest_id})\n;\n\n"
    "MATCH(r:restaurants), (c:city)\nWHERE r.city_id=c.city_id\nMERGE (c)-[has:restaurant]->(r)\n;\n\n"
    "// LOAD accomodation\nLOAD CSV WITH HEADERS FROM \"file:///accomodation.csv\" AS row\n"
    "CREATE (ac:accomodation{accom_nm:row.accom_nm, city_id: row.city_id, rate:toFloat(row.rate)})\n;\n\n"
    "MATCH(ac:accomodation), (c:city)\nWHERE ac.city_id=c.city_id\nMERGE (ac)-[has:accomodation]->(r)\n\n```\n\n"
    "## 3. Neo4j 사이퍼 쿼리 만들기\n\n```javasript\n\nMATCH p=(:city{city_id:\"C01\"})-[rels:goes*1..2]->(:city)\n"
    "return p\n;\n\n```\n")
_TRAVEL_FILES = {
    "data/city_code.csv": "city_name,city_id,x,y,city_name_en\n서울,C01,126.9695263,37.55472785,Seoul\n"
                          "강릉,C22,128.8981,37.7641,Gangneung",
    "data/transportations.csv": "transportation_id,depart_id,dest_id,fare\ntrans_bus_00001,C22,C01,19600\n,,,\n",
    "data/accomodation.csv": "accomodation_id,city_id,city_name,accom_nm,rate\nAC01,C22,강릉,세인트존스호텔,5\n"}


def _travel_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str = _TRAVEL_GUIDE) -> Path:
    later = {"data/accomodation.csv": "accomodation_id,city_id,accom_nm,rate\nAC9,C01,LATER,1\n"}
    pinned = _committed_mirror(tmp_path, "qqplot+travelmaker", {corpus.TRAVELMAKER_GUIDE: guide, **_TRAVEL_FILES},
                               later=later)
    monkeypatch.setattr(corpus, "TRAVELMAKER_COMMIT", pinned)
    monkeypatch.setattr(corpus, "TRAVELMAKER_STATEMENTS", 8)  # the shortened import's statements
    return tmp_path


def test_korea_travel_routes_runs_the_readme_import_over_data_but_the_absent_restaurants(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_korea_travel_routes(store, _travel_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    assert statements == [
        "UNWIND $rows AS row\nCREATE (c:city {city_nm: row.city_name, city_id : row.city_id})",
        "UNWIND $rows AS row\nMATCH (c1:city),(c2:city)\nWHERE c1.city_id = row.depart_id AND c2.city_id = "
        "row.dest_id\nMERGE (c1)-[r:goes {tid: row.transportation_id, fare:toInteger(coalesce(row.fare,\"0\"))}]->(c2)",
        "match (a:city)-[r:goes]->(b:city)\nset r.dist = 1",
        "MATCH p=(c1:city{city_id:\"C01\"})-[rels:goes*2..3]->(c2:city{city_id:\"C10\"})\nRETURN p\n LIMIT 500",
        "MATCH(r:restaurants), (c:city)\nWHERE r.city_id=c.city_id\nMERGE (c)-[has:restaurant]->(r)",
        "UNWIND $rows AS row\nCREATE (ac:accomodation{accom_nm:row.accom_nm, city_id: row.city_id, "
        "rate:toFloat(row.rate)})",
        "MATCH(ac:accomodation), (c:city)\nWHERE ac.city_id=c.city_id\nMERGE (ac)-[has:accomodation]->(r)"]
    assert not any("restaurants {" in s for s in statements)  # restaurants.csv: not in the mirror (4 MiB or more)
    assert not any("goes*1..2" in s for s in statements)  # the query section is not the import
    # citycode.csv is data/city_code.csv; the rows as LOAD CSV gives them (an empty field null), at the pinned commit
    assert store.calls[0][1]["rows"] == [
        {"city_name": "서울", "city_id": "C01", "x": "126.9695263", "y": "37.55472785", "city_name_en": "Seoul"},
        {"city_name": "강릉", "city_id": "C22", "x": "128.8981", "y": "37.7641", "city_name_en": "Gangneung"}]
    assert store.calls[1][1]["rows"] == [
        {"transportation_id": "trans_bus_00001", "depart_id": "C22", "dest_id": "C01", "fare": "19600"},
        {"transportation_id": None, "depart_id": None, "dest_id": None, "fare": None}]
    assert store.calls[5][1]["rows"] == [{"accomodation_id": "AC01", "city_id": "C22", "city_name": "강릉",
                                          "accom_nm": "세인트존스호텔", "rate": "5"}]
    assert corpus.graph("korea-travel-routes").split == "spent"
    assert corpus.graph("korea-travel-routes").repo == "qqplot/travelmaker"


def test_korea_travel_routes_refuses_another_file_a_url_or_an_import_of_other_statements(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = _TRAVEL_GUIDE.replace("file:///accomodation.csv", "file:///lodgings.csv")
    with pytest.raises(corpus.CorpusError, match=re.escape("data/lodgings.csv is not in the mirror")):
        corpus.write_korea_travel_routes(Recorder(), _travel_mirror(tmp_path / "a", monkeypatch, other))
    remote = _TRAVEL_GUIDE.replace("file:///transportations.csv", "https://x.org/transportations.csv")
    with pytest.raises(corpus.CorpusError, match=re.escape("reads https://x.org/transportations.csv, which no loader")):
        corpus.write_korea_travel_routes(Recorder(), _travel_mirror(tmp_path / "b", monkeypatch, remote))
    longer = _TRAVEL_GUIDE.replace("set r.dist = 1\n;", "set r.dist = 1\n;\nMATCH (n) DETACH DELETE n\n;")
    with pytest.raises(corpus.CorpusError, match="has 1 blocks and 9 statements, not 1 and 8"):
        corpus.write_korea_travel_routes(Recorder(), _travel_mirror(tmp_path / "c", monkeypatch, longer))
    untitled = _TRAVEL_GUIDE.replace("## 2. Neo4j 데이터 넣기", "## 2. Data")
    with pytest.raises(corpus.CorpusError, match="has no section"):
        corpus.write_korea_travel_routes(Recorder(), _travel_mirror(tmp_path / "d", monkeypatch, untitled))


# ic-htw/bubahn's neo4j/db-create.py as written at its HEAD, shortened to one table and one link: exe1 (the dropping
# and deleting) does nothing, exe2 runs each query string in a session of the driver its credentials module opens
_BUBAHN_LOADER = (
    "from neo4j import GraphDatabase\nimport cred_neo4j as c\n\ndef exe1(driver, *qs):\n    pass\n"
    "    # exe(driver, *qs)\n    \ndef exe2(driver, *qs):\n    # pass\n    exe(driver, *qs)\n    \n"
    "def exe(driver, *qs):\n    with driver.session() as session:\n        for q in qs:\n          session.run(q)\n\n"
    "with GraphDatabase.driver(c.neo4j_host, auth=(c.neo4j_userid, c.neo4j_password)) as driver:\n"
    "    print(\"01 Haltestelle\")\n"
    "    q1 = f\"\"\"\n    DROP CONSTRAINT c_haltestelle;\n    \"\"\"\n"
    "    q2 = f\"\"\"\n    MATCH (x:Haltestelle) DETACH DELETE x;\n    \"\"\"\n"
    "    q3 = f\"\"\"\n    LOAD CSV WITH HEADERS FROM 'file:///bubahn/haltestelle.csv' AS r FIELDTERMINATOR ','\n"
    "    CALL {{\n      WITH r\n      CREATE (x:Haltestelle {{\n        hid: toInteger(r.HID), \n"
    "        bez: r.BEZ\n        }})\n    }} IN TRANSACTIONS OF 100000 ROWS;\n    \"\"\"\n"
    "    q4 = f\"\"\"\n    CREATE CONSTRAINT c_haltestelle FOR (x:Haltestelle) REQUIRE x.id IS UNIQUE;\n    \"\"\"\n"
    "    exe1(driver, q1, q2)  \n    exe2(driver, q3, q4)  \n"
    "    q2 = f\"\"\"\n    MATCH (x:Segment)\n    WITH x, x.hid_a as hid_a, x.hid_b as hid_b\n"
    "    MATCH (y:Haltestelle {{hid: hid_a}})\n    CREATE (x)-[:ProjSegA]->(y)\n    \"\"\"\n"
    "    exe2(driver, q2)  \n\nprint(\"ok\")\n")


def _bubahn_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _BUBAHN_LOADER) -> Path:
    """A fetched mirror of ic-htw/bubahn as its history has it: csv/ committed first (the pinned CSV commit), then
    deleted by a later commit that adds the loader (read at HEAD)."""
    monkeypatch.setattr(corpus, "BUBAHN_CSV_COMMIT", _committed_mirror(
        tmp_path, "ic-htw+bubahn",
        {"csv/haltestelle.csv": "HID,BEZ,LAT,LNG\n10145,Alexanderplatz,52.52,13.41\n10146,,52.5,13.3\n",
         "csv/halt.csv": "X\n1\n"},
        later={"csv/haltestelle.csv": None, "csv/halt.csv": None, corpus.BUBAHN_LOADER: loader}))
    monkeypatch.setattr(corpus, "BUBAHN_COMMIT", "HEAD")
    return tmp_path


def test_berlin_ubahn_runs_its_loaders_exe2_queries_over_the_csv_tables_of_the_pinned_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_berlin_ubahn(store, _bubahn_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    # exe1's DROP CONSTRAINT and DETACH DELETE never run; each query string's ';' is dropped
    assert not any("DROP" in s or "DELETE" in s or ";" in s for s in statements)
    load, constraint, link = store.calls
    assert load[0].startswith("UNWIND $rows AS r\n") and "FIELDTERMINATOR" not in load[0]
    # `CALL {...} IN TRANSACTIONS OF 100000 ROWS` runs as one CALL {...}: its braces as the f-string writes them
    assert "IN TRANSACTIONS" not in load[0] and load[0].endswith("}") and "CREATE (x:Haltestelle {" in load[0]
    # the rows of csv/haltestelle.csv as LOAD CSV gives them (every field a string, an empty one null)
    assert load[1] == {"rows": [{"HID": "10145", "BEZ": "Alexanderplatz", "LAT": "52.52", "LNG": "13.41"},
                                {"HID": "10146", "BEZ": None, "LAT": "52.5", "LNG": "13.3"}]}
    assert constraint == ("CREATE CONSTRAINT c_haltestelle FOR (x:Haltestelle) REQUIRE x.id IS UNIQUE", {})
    assert link[0].startswith("MATCH (x:Segment)") and link[0].endswith("CREATE (x)-[:ProjSegA]->(y)")
    assert "{hid: hid_a}" in link[0] and link[1] == {}


@pytest.mark.parametrize(("change", "refused"), [
    ("import os\n", "imports os"),
    # csv/halt.csv is in the pinned commit, but the loader reads no timetable table: not served
    ("q = \"LOAD CSV WITH HEADERS FROM 'file:///bubahn/halt.csv' AS r CREATE (:Halt)\"\nexe2(driver, q)\n",
     "reads file:///bubahn/halt.csv"),
    ("q = \"LOAD CSV WITH HEADERS FROM 'https://x.org/haltestelle.csv' AS r CREATE (:H)\"\nexe2(driver, q)\n",
     "reads https://x.org/haltestelle.csv"),
    ("with driver.session() as s:\n    s.run('MATCH (h:Haltestelle {hid: $h}) RETURN h', h=1)\n",
     "passes parameters")])
def test_berlin_ubahn_refuses_what_its_loader_does_not_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          change: str, refused: str) -> None:
    head, _, tail = _BUBAHN_LOADER.partition("\nprint(\"ok\")\n")
    loader = head + "\n" + "".join("    " + line + "\n" for line in change.splitlines()) + tail
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_berlin_ubahn(Recorder(), _bubahn_mirror(tmp_path, monkeypatch, loader))


# wewillcraft/philippine-datasets, shortened: psa/parse_psgc.py's process_psgc_data (the PSA workbook's PSGC sheet read
# with pandas, each row's code parsed and its level decided), tasks/import_psgc_data_to_neo4j.ts's import (its
# selections, property lists, batches and two of its relationship statements) and src/neo4j.ts's createIndexes
_PSGC_PARSER = (
    "import pandas as pd\nimport json\nfrom pathlib import Path\nfrom typing import Any, Dict\n\n\n"
    "def clean_value(value: Any) -> Any:\n    if pd.isna(value):\n        return None\n"
    "    if isinstance(value, str):\n        value = value.strip()\n        return value if value else None\n"
    "    return value\n\n\ndef parse_psgc_code(code: str) -> Dict[str, Any]:\n"
    "    return {'region': code[:2], 'province': code[2:5], 'municipality': code[5:7], 'barangay': code[7:10]}\n\n\n"
    "def process_psgc_data(file_path: str, sheet_name: str = 'PSGC'):\n"
    "    df = pd.read_excel(file_path, sheet_name=sheet_name, dtype={0: str})\n"
    "    mapping = {df.columns[0]: 'psgc_code', df.columns[1]: 'name', df.columns[2]: 'correspondence_code',\n"
    "               df.columns[3]: 'geographic_level', df.columns[8]: 'population_2020'}\n"
    "    if len(df.columns) > 10:\n        mapping[df.columns[10]] = 'status'\n"
    "    df.rename(columns=mapping, inplace=True)\n    out = []\n    for idx, row in df.iterrows():\n"
    "        code = str(row.get('psgc_code', '')).strip()\n        if not code or pd.isna(row.get('psgc_code')):\n"
    "            continue\n        parts = parse_psgc_code(code)\n        level = row.get('geographic_level')\n"
    "        corr = row.get('correspondence_code')\n"
    "        out.append({'psgc_code': code, 'name': clean_value(row.get('name')),\n"
    "                    'correspondence_code': None if pd.isna(corr) else str(int(float(str(corr)))),\n"
    "                    'geographic_level': clean_value(level),\n"
    "                    'population_2020': int(float(row.get('population_2020'))) if pd.notna(\n"
    "                        row.get('population_2020')) and str(row.get('population_2020')).strip() not in ['-', '']"
    " else None,\n"
    "                    'status': clean_value(row.get('status')) if 'status' in row else None,\n"
    "                    'region_code': parts['region'], 'province_code': parts['province'],\n"
    "                    'municipality_code': parts['municipality'], 'barangay_code': parts['barangay'],\n"
    "                    'is_region': level == 'Reg', 'is_province': level == 'Prov',\n"
    "                    'is_city_municipality': level in ('City', 'Mun'), 'is_barangay': level == 'Bgy',\n"
    "                    'is_submunicipality': level == 'SubMun'})\n    return out, []\n\n\n"
    "def main():\n    records, _ = process_psgc_data('PSGC-July-2025-Publication-Datafile.xlsx')\n"
    "    print(len(records))\n\n\nif __name__ == '__main__':\n    main()\n")
_PSGC_IMPORT = (
    'import { runWrite } from "../src/neo4j.ts";\n\nconst BATCH_SIZE = 2;\n\n'
    "async function importBatch(items, nodeType, properties) {\n  const cypher = `\n    UNWIND $items AS item\n"
    "    CREATE (n:${nodeType})\n    SET n = item\n  `;\n  await runWrite(cypher, { items });\n}\n\n"
    "async function createRelationships(): Promise<void> {\n  await runWrite(`\n    MATCH (r:Region)\n"
    "    MATCH (p:Province)\n    WHERE p.region_code = r.region_code\n    CREATE (r)-[:HAS_PROVINCE]->(p)\n  `);\n"
    "  await runWrite(`\n    MATCH (r:Region {region_code: '13'})\n    MATCH (c:CityMunicipality)\n"
    "    WHERE c.region_code = '13'\n    CREATE (r)-[:HAS_CITY_MUNICIPALITY]->(c)\n  `);\n}\n\n"
    "async function main() {\n    const regions = data.filter((d) =>\n"
    "      d.is_region && d.province_code === \"000\"\n"
    "    );\n    const provinces = data.filter((d) =>\n"
    "      d.is_province && d.province_code !== \"000\" && d.municipality_code === \"00\"\n    );\n"
    "    const cities = data.filter((d) =>\n      d.is_city_municipality ||\n"
    "      (d.municipality_code !== \"00\" && d.barangay_code === \"000\" &&\n        !d.is_submunicipality)\n    );\n"
    "    const barangays = data.filter((d) => d.is_barangay);\n"
    "    const submuns = data.filter((d) => d.geographic_level === \"SubMun\");\n"
    '    const regionProps = ["psgc_code", "name", "population_2020"];\n'
    '    const provinceProps = ["psgc_code", "name", "region_code"];\n'
    '    const cityProps = ["psgc_code", "name", "correspondence_code", "type"];\n'
    '    const barangayProps = ["psgc_code", "name", "population_2020", "status"];\n'
    "    const citiesWithType = cities.map((c) => ({\n      ...c,\n"
    "      type: c.geographic_level === \"City\" ? \"city\" : \"municipality\",\n    }));\n"
    "    await createRelationships();\n}\n")
_PSGC_DRIVER = ('export async function createIndexes(): Promise<void> {\n  const indexes = [\n'
                '    "CREATE INDEX region_psgc IF NOT EXISTS FOR (r:Region) ON (r.psgc_code)",\n'
                '    "CREATE INDEX barangay_name IF NOT EXISTS FOR (b:Barangay) ON (b.name)",\n  ];\n}\n')
_PSGC_HEADER = ["10-digit PSGC", "Name", "Correspondence Code", "Geographic Level", "Old names", "City Class",
                "Income\nClassification", "Urban / Rural", "2020 Population", None, "Status"]


def _psgc_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parser: str = _PSGC_PARSER,
                 script: str = _PSGC_IMPORT) -> Path:
    """A fetched mirror of wewillcraft/philippine-datasets: the PSA workbook (its PSGC sheet, a region whose
    population is a formula with its saved value, and a sheet the parser does not read), the parser, the import."""
    rows: list[list[str | int | None]] = [
        _PSGC_HEADER,
        ["1300000000", "National Capital Region (NCR)", 130000000, "Reg", None, None, None, None, 99, None, None],
        ["1380100000", "City of Caloocan", 137501000, "City", None, "HUC", "1st", None, 1661584, None, None],
        ["1380100001", "Barangay 1", 137501001, "Bgy", None, None, None, "U", 2319, None, "Pob."],
        ["1380100002", "Barangay 2", None, "Bgy", None, None, None, "-", "-", None, None],
        ["0100000000", "Region I (Ilocos Region)", None, "Reg", None, None, None, None, 5301139, None, None],
        ["0102800000", "Ilocos Norte", 12800000, "Prov", None, None, "1st", None, 609588, None, None],
        ["0102815000", "Pagudpud", 12815000, "Mun", None, None, "1st", None, 25098, None, None]]
    workbook = _xlsx({"Metadata": [["Title"], ["PSGC"]], "PSGC": rows})
    # the region's population as the PSA saves it: a formula (the sum of the rows below) with its last value
    workbook = _rezip(workbook, "xl/worksheets/sheet2.xml", b'<c r="I2"><v>99</v>',
                      b'<c r="I2"><f>I3+I5</f><v>13484462</v>')
    pinned = _committed_mirror(tmp_path, "wewillcraft+philippine-datasets", {
        corpus.PSGC_WORKBOOK: workbook, corpus.PSGC_PARSER: parser, corpus.PSGC_IMPORT: script,
        corpus.PSGC_DRIVER: _PSGC_DRIVER}, later={corpus.PSGC_IMPORT: "// rewritten later\n"})
    monkeypatch.setattr(corpus, "PSGC_COMMIT", pinned)
    return tmp_path


def _rezip(data: bytes, name: str, old: bytes, new: bytes) -> bytes:
    """An .xlsx workbook `data` with `old` in its part `name` replaced by `new` (which must be there)."""
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as book, zipfile.ZipFile(out, "w") as changed:
        for part in book.namelist():
            content = book.read(part)
            if part == name:
                assert old in content
                content = content.replace(old, new)
            changed.writestr(part, content)
    return out.getvalue()


def test_philippine_psgc_runs_its_import_over_the_records_its_parser_writes_from_the_workbook(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_philippine_psgc(store, _psgc_mirror(tmp_path, monkeypatch))
    statements = [s for s, _ in store.calls]
    # src/neo4j.ts's indexes first, then the labels in the import's order, then its relationship statements
    assert statements[:2] == ["CREATE INDEX region_psgc IF NOT EXISTS FOR (r:Region) ON (r.psgc_code)",
                              "CREATE INDEX barangay_name IF NOT EXISTS FOR (b:Barangay) ON (b.name)"]
    creates = [(s, p["items"]) for s, p in store.calls if "items" in p]
    assert [s for s, _ in creates] == [f"UNWIND $items AS item CREATE (n:{label}) SET n = item" for label in
                                       ("Region", "Province", "CityMunicipality", "Barangay")]
    regions, provinces, cities, barangays = (items for _, items in creates)
    # the NCR's population is the formula's saved value; a record has only the listed properties that are set
    assert regions == [{"psgc_code": "1300000000", "name": "National Capital Region (NCR)",
                        "population_2020": 13484462},
                       {"psgc_code": "0100000000", "name": "Region I (Ilocos Region)", "population_2020": 5301139}]
    assert provinces == [{"psgc_code": "0102800000", "name": "Ilocos Norte", "region_code": "01"}]
    # the correspondence code column has an empty cell: pandas reads it as floats, the parser writes the integer
    assert cities == [{"psgc_code": "1380100000", "name": "City of Caloocan", "correspondence_code": "137501000",
                       "type": "city"},
                      {"psgc_code": "0102815000", "name": "Pagudpud", "correspondence_code": "12815000",
                       "type": "municipality"}]
    # "-" is no population; the status column is named by its position, after an unnamed one
    assert barangays == [{"psgc_code": "1380100001", "name": "Barangay 1", "population_2020": 2319,
                          "status": "Pob."},
                         {"psgc_code": "1380100002", "name": "Barangay 2"}]
    assert statements[-2].startswith("MATCH (r:Region)") and statements[-2].endswith("CREATE (r)-[:HAS_PROVINCE]->(p)")
    assert statements[-1].endswith("CREATE (r)-[:HAS_CITY_MUNICIPALITY]->(c)") and len(statements) == 8


def test_philippine_psgc_imports_in_the_scripts_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_philippine_psgc(store, _psgc_mirror(tmp_path, monkeypatch,
                                                     script=_PSGC_IMPORT.replace("BATCH_SIZE = 2", "BATCH_SIZE = 1")))
    assert [len(p["items"]) for _, p in store.calls if "items" in p] == [1, 1, 1, 1, 1, 1, 1]


@pytest.mark.parametrize(("parser", "script", "refused"), [
    (_PSGC_PARSER.replace("import json\n", "import os\n"), _PSGC_IMPORT, "imports os"),
    (_PSGC_PARSER.replace("sheet_name: str = 'PSGC'", "sheet_name: str = 'Metadata'"), _PSGC_IMPORT,
     "sheet Metadata, which is not read here"),
    (_PSGC_PARSER.replace("dtype={0: str}", "dtype={1: str}"), _PSGC_IMPORT, "types its columns"),
    # a script that selects its records otherwise is not loaded as the transcription selects them
    (_PSGC_PARSER, _PSGC_IMPORT.replace("d.is_barangay);", "d.is_barangay && d.urban_rural === \"U\");"),
     "no longer selects its records as `const barangays"),
    (_PSGC_PARSER, _PSGC_IMPORT.replace('const cityProps', 'const townProps'), "no longer has cityProps")])
def test_philippine_psgc_refuses_what_it_does_not_read_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   parser: str, script: str, refused: str) -> None:
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_philippine_psgc(Recorder(), _psgc_mirror(tmp_path, monkeypatch, parser, script))


# KyraStyl/gender_equality_observatory's dataset/databaseLoading.py as written at its HEAD, shortened (one university
# of two departments; the professor's and co-author's statements with fewer properties)
_FACULTY_LOADER = (
    "from neo4j import GraphDatabase\nimport pandas as pd\n\n\n"
    "universities_departments = {\n               \"University of Oulu\" : [\"CSEE\", \\\n"
    "                                        \"ITEE\"]\n                }\n\n"
    "professors = pd.read_csv(\"dataset/professors.csv\", header=0)\n"
    "coauthors = pd.read_csv(\"dataset/coauthors.csv\", header=0)\n"
    "relations = pd.read_csv(\"dataset/relations.csv\", header=0)\n\n"
    "def storeUniversitiesAndDepartmentsInNeo4j(tx, universities:dict):\n"
    "    for university, departments in universities.items():\n"
    "        tx.run(\"CREATE (:University {name:$name})\", name=university)\n"
    "        for department in departments:\n"
    "            tx.run(\"MATCH (u:University {name:$universityName}) \\\n"
    "                    CREATE (d:Department {name:$departmentName})-[:belongsTo]->(u)\", \\\n"
    "                    departmentName=department, \\\n                    universityName=university)\n\n"
    "def storeProfessorInNeo4j(tx, professor):\n"
    "    tx.run(\"CREATE (:Professor {name:$name, genderFlag:$flag, hindex:$hindex, interests:$interests})\", \\\n"
    "           name=professor[\"name\"], flag= 1 if professor[\"gender\"]==\"F\" else 0, \\\n"
    "           hindex=professor[\"hindex\"], interests=professor[\"interests\"])\n"
    "    tx.run(\"MATCH (p:Professor {name:$professorName}), (d:Department {name:$departmentName})-[:belongsTo]->"
    "(:University {name:$universityName}) CREATE (p)-[:worksAt]->(d)\" \\\n"
    "            ,professorName=professor[\"name\"] \\\n            ,departmentName=professor[\"department\"] \\\n"
    "            ,universityName=professor[\"affiliation\"])\n\n"
    "def storeCoauthorInNeo4j(tx, coauthor):\n"
    "    tx.run(\"CREATE (:Coauthor {name:$name, affiliation:$affiliation, citedby:$citedby})\", \\\n"
    "           name=coauthor[\"name\"], affiliation=coauthor[\"affiliation\"], citedby=coauthor[\"citedby\"])\n\n"
    "def connectoCoauthorToProfessor(tx,relation):\n"
    "    tx.run(\"MATCH (p1 {name:$srcName}),(p2 {name:$dstName}) CREATE (p1)-[r:cooperateWith]->(p2)\" \\\n"
    "            ,srcName=relation[\"src\"] \\\n            ,dstName=relation[\"dst\"])\n\n"
    "def cleanNeo4j(session):\n    session.run(\"MATCH ()-[r]->() DELETE r\")\n"
    "    session.run(\"MATCH (n) DELETE n\")\n\n"
    "def main():\n    uri = \"bolt://localhost:7687\"\n"
    "    driver = GraphDatabase.driver(uri, auth=(\"neo4j\", \"a\"))\n"
    "    with driver.session() as session:\n        cleanNeo4j(session)\n"
    "        session.write_transaction(storeUniversitiesAndDepartmentsInNeo4j,universities_departments)\n"
    "        for index, professor in professors.iterrows():\n"
    "            session.write_transaction(storeProfessorInNeo4j, professor)\n"
    "        for index, coauthor in coauthors.iterrows():\n"
    "            session.write_transaction(storeCoauthorInNeo4j, coauthor)\n"
    "        for index, relation in relations.iterrows():\n"
    "            session.write_transaction(connectoCoauthorToProfessor, relation)\n"
    "        graphExistAlready = session.run(\"CALL gds.graph.exists('my-graph') YIELD exists RETURN exists\")\n"
    "        if graphExistAlready.value()[0]:\n            session.run(\"CALL gds.graph.drop('my-graph')\")\n"
    "        session.run(\"CALL gds.graph.create('my-graph',['Professor','Coauthor'],"
    "{cooperateWith:{type:'cooperateWith',orientation:'UNDIRECTED'}})\")\n"
    "    driver.close()\n\n\nif __name__ == \"__main__\":\n    main()\n")
_FACULTY_PROFESSORS = (",scholar_id,name,affiliation,department,gender,hindex,interests\n"
                       "0,72e5VYEAAAAJ,Steven M. LaValle,University of Oulu,CSEE,M,59,Virtual_reality robotics\n"
                       "1,abcdEFGHAAAJ,Anna Example,University of Oulu,ITEE,F,12,\n")
_FACULTY_COAUTHORS = ("scholar_id,name,affiliation,citedby\n"
                      "stT2bnoAAAAJ,Gunther Eggeler,\"Institute for Materials, Ruhr-University Bochum (RUB)\",21876\n")
_FACULTY_RELATIONS = "src,dst\nGunther Eggeler,Steven M. LaValle\n"


def _faculty_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _FACULTY_LOADER) -> Path:
    files: dict[str, str | bytes] = {corpus.FACULTY_LOADER: loader, "dataset/professors.csv": _FACULTY_PROFESSORS,
                                     "dataset/coauthors.csv": _FACULTY_COAUTHORS,
                                     "dataset/relations.csv": _FACULTY_RELATIONS}
    later: dict[str, str | bytes | None] = {"dataset/relations.csv": "src,dst\nLater,Pair\n"}
    monkeypatch.setattr(corpus, "FACULTY_COMMIT", _committed_mirror(
        tmp_path, "KyraStyl+gender_equality_observatory", files, later))
    return tmp_path


def test_faculty_coauthors_runs_its_loader_over_the_pinned_files_up_to_its_gds_projection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each write_transaction (the 4.x name of execute_write) runs its statements with the row's values as pandas
    # types them (integers as int, a quoted affiliation keeps its comma, a missing field NaN); the GDS projection at
    # the end is not run; the later commit's relations are not read
    store = Recorder()
    corpus.write_faculty_coauthors(store, _faculty_mirror(tmp_path, monkeypatch))
    statements = [" ".join(s.split()) for s, _ in store.calls]
    params = [p for _, p in store.calls]
    assert statements[:2] == ["MATCH ()-[r]->() DELETE r", "MATCH (n) DELETE n"]
    assert statements[2] == "CREATE (:University {name:$name})" and params[2] == {"name": "University of Oulu"}
    assert [p["departmentName"] for p in params[3:5]] == ["CSEE", "ITEE"]
    assert statements[5] == "CREATE (:Professor {name:$name, genderFlag:$flag, hindex:$hindex, interests:$interests})"
    assert params[5] == {"name": "Steven M. LaValle", "flag": 0, "hindex": 59, "interests": "Virtual_reality robotics"}
    assert params[6] == {"professorName": "Steven M. LaValle", "departmentName": "CSEE",
                         "universityName": "University of Oulu"}
    assert params[7]["flag"] == 1 and params[7]["hindex"] == 12 and math.isnan(params[7]["interests"])
    assert params[9] == {"name": "Gunther Eggeler", "affiliation": "Institute for Materials, Ruhr-University Bochum "
                         "(RUB)", "citedby": 21876}
    assert statements[10] == "MATCH (p1 {name:$srcName}),(p2 {name:$dstName}) CREATE (p1)-[r:cooperateWith]->(p2)"
    assert params[10] == {"srcName": "Gunther Eggeler", "dstName": "Steven M. LaValle"}
    assert len(store.calls) == 11 and not any("gds." in s for s in statements)


@pytest.mark.parametrize(("change", "refused"), [
    (_FACULTY_LOADER.replace("import pandas as pd\n", "import pandas as pd\nimport os\n"),
     "its loader imports os, which is not read here"),
    (_FACULTY_LOADER.replace("dataset/relations.csv", "dataset/edges.csv"),
     "its loader reads dataset/edges.csv, which is not read here"),
    (_FACULTY_LOADER.replace("\"dataset/coauthors.csv\", header=0", "\"dataset/coauthors.csv\", sep=';'"),
     "its loader reads dataset/coauthors.csv with ['sep'], which is not read here"),
])
def test_faculty_coauthors_imports_and_reads_nothing_but_what_its_loader_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_faculty_coauthors(store, _faculty_mirror(tmp_path, monkeypatch, change))
    assert store.calls == []


def test_faculty_coauthors_refuses_a_loader_that_no_longer_ends_in_its_gds_projection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loader = _FACULTY_LOADER.partition("        graphExistAlready")[0] + "    driver.close()\n\nmain()\n"
    with pytest.raises(corpus.CorpusError, match="ended without its GDS projection"):
        corpus.write_faculty_coauthors(Recorder(), _faculty_mirror(tmp_path, monkeypatch, loader))


# kadnan/Neo4jDrugsVisualization: scripts/main.py and its two modules, reduced to what they do (their statements and
# the way each reads the other)
_DRUG_BRANDS_NEO4JDB = '''from neo4j import GraphDatabase


def delete_all(session):
    session.run('match (n) DETACH delete n')


def create_relationship(start_type, end_type, start_name, end_name, session, label='USED_BY'):
    q = "MATCH (a:{}),(b:{}) WHERE a.name = $start_name and b.name = $end_name CREATE (a)-[r:{}]->(b)".format(
        start_type, end_type, label)
    session.run(q, start_name=start_name, end_name=end_name)


def create_node(name, type, session):
    session.run("create(n:{}{{name:$name}})".format(type), name=name)


def get_neo_connection(user, pwd):
    return GraphDatabase.driver("bolt://127.0.0.1:7687", auth=(user, pwd))
'''
_DRUG_BRANDS_DB = '''import sqlite3


def select_nodes():
    connection = sqlite3.connect('../scrapers/drugscom/drugs.sqlite3')
    return connection.cursor().execute('SELECT brand,ingredient,drug_class FROM products').fetchall()
'''
_DRUG_BRANDS_MAIN = '''from neo4jdb import *
from db import *

if __name__ == '__main__':
    driver = get_neo_connection('drugsdbuser', 'drugsdbuser')
    session = driver.session(database='drugsdb')
    delete_all(session)
    records = select_nodes()
    for ingredient in sorted(set(r[1].strip() for r in records)):
        print('Creating Ingredient node with name = ', ingredient)
        create_node(ingredient, 'Ingredient', session)
    for brand in sorted(set(r[0].strip() for r in records)):
        create_node(brand, 'Drug', session)
    for drug_class in sorted(set(r[2].strip() for r in records)):
        create_node(drug_class, 'DrugClass', session)
    for record in records:
        create_relationship('Ingredient', 'Drug', record[1].strip(), record[0].strip(), session, 'PRESENT_IN')
        create_relationship('Drug', 'DrugClass', record[0].strip(), record[2].strip(), session, 'BELONGS_TO')
    driver.close()
'''


def _drug_brands_database(rows: list[tuple[str, str, str]]) -> bytes:
    """A drugs.sqlite3 whose products table (as the scraper wrote it: brand, drug class, ingredient) holds `rows`."""
    import sqlite3

    connection = sqlite3.connect(":memory:")
    connection.execute('CREATE TABLE "products" ("id" integer,"ingredient_url" text,"brand" text, "drug_class" text, '
                       '"ingredient" text, PRIMARY KEY (id))')
    connection.executemany("INSERT INTO products (ingredient_url, brand, drug_class, ingredient) VALUES (?, ?, ?, ?)",
                           [(f"https://www.drugs.com//ingredient/{i}.html", b, c, i) for b, c, i in rows])
    connection.commit()
    return connection.serialize()


def _drug_brands_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, main: str = _DRUG_BRANDS_MAIN,
                        db: str = _DRUG_BRANDS_DB) -> Path:
    rows = [(" Miochol-E", " ophthalmic glaucoma agents", "Acetylcholine"),
            (" Hexaflu", "", "Acetaminophen")]  # a brand drugs.com gives no class: its drug_class is ''
    files: dict[str, str | bytes] = {corpus.DRUG_BRANDS_LOADER: main, "scripts/neo4jdb.py": _DRUG_BRANDS_NEO4JDB,
                                     "scripts/db.py": db, corpus.DRUG_BRANDS_DB: _drug_brands_database(rows)}
    # a later commit changes the database: the pinned loader reads the pinned one
    pinned = _committed_mirror(tmp_path, "kadnan+Neo4jDrugsVisualization", files,
                               later={corpus.DRUG_BRANDS_DB: _drug_brands_database([(" Later", "later", "Later")])})
    monkeypatch.setattr(corpus, "DRUG_BRANDS_COMMIT", pinned)
    return tmp_path


def test_drug_brands_runs_main_with_its_own_modules_over_the_pinned_sqlite_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Recorder()
    corpus.write_drug_brands(store, _drug_brands_mirror(tmp_path, monkeypatch))
    node = "create(n:{}{{name:$name}})"
    match = "MATCH (a:{}),(b:{}) WHERE a.name = $start_name and b.name = $end_name CREATE (a)-[r:{}]->(b)"
    present, belongs = match.format("Ingredient", "Drug", "PRESENT_IN"), match.format("Drug", "DrugClass", "BELONGS_TO")
    # main.py's star imports give it neo4jdb's and db's functions; db's sqlite3 reads the committed file's rows, their
    # names stripped by main.py; the class a brand has not is '' and is a node; each statement its own
    assert store.calls == [
        ("match (n) DETACH delete n", {}),
        (node.format("Ingredient"), {"name": "Acetaminophen"}), (node.format("Ingredient"), {"name": "Acetylcholine"}),
        (node.format("Drug"), {"name": "Hexaflu"}), (node.format("Drug"), {"name": "Miochol-E"}),
        (node.format("DrugClass"), {"name": ""}), (node.format("DrugClass"), {"name": "ophthalmic glaucoma agents"}),
        (present, {"start_name": "Acetylcholine", "end_name": "Miochol-E"}),
        (belongs, {"start_name": "Miochol-E", "end_name": "ophthalmic glaucoma agents"}),
        (present, {"start_name": "Acetaminophen", "end_name": "Hexaflu"}),
        (belongs, {"start_name": "Hexaflu", "end_name": ""})]
    assert corpus.graph("drug-brands").split == "spent"


@pytest.mark.parametrize(("main", "db", "refused"), [
    (_DRUG_BRANDS_MAIN.replace("from db import *\n", "from db import *\nimport requests\n"), _DRUG_BRANDS_DB,
     "its loader imports requests, which is not read here"),
    (_DRUG_BRANDS_MAIN, _DRUG_BRANDS_DB.replace("import sqlite3\n", "import sqlite3\nimport os\n"),
     "its loader imports os, which is not read here"),
    (_DRUG_BRANDS_MAIN, _DRUG_BRANDS_DB.replace("../scrapers/drugscom/drugs.sqlite3", "drugs.sqlite3"),
     "its loader opens the database drugs.sqlite3, which is not read here")])
def test_drug_brands_refuses_what_its_loader_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, main: str, db: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_drug_brands(store, _drug_brands_mirror(tmp_path, monkeypatch, main, db))
    # nothing but its first statement (it deletes every node before it reads the database) has run
    assert [statement for statement, _ in store.calls] in ([], ["match (n) DETACH delete n"])


_MED_PLANTS_LOADER = '''import os
import re
from neo4j import GraphDatabase
from dotenv import load_dotenv
import logging

logging.basicConfig(level=logging.INFO, format='%(asctime)s - %(levelname)s - %(message)s')


class Neo4jConnection:
    def __init__(self, uri, user, password):
        self._driver = GraphDatabase.driver(uri, auth=(user, password))

    def close(self):
        self._driver.close()

    def query(self, query, parameters=None, db=None):
        session = None
        response = None
        try:
            session = self._driver.session(database=db) if db else self._driver.session()
            response = list(session.run(query, parameters))
        except Exception as e:
            logging.error(f"Query failed: {e}")
        finally:
            if session is not None:
                session.close()
        return response


def parse(path):
    with open(path, 'r', encoding='utf-8') as f:
        content = f.read()
    plants = []
    for entry in re.split(r'(?===PLANT===)', content):
        fields = dict(line.split(': ', 1) for line in entry.splitlines() if ': ' in line)
        if fields:
            plants.append(fields)
    return plants


def main():
    load_dotenv()
    db_conn = Neo4jConnection(os.getenv("NEO4J_URI", "neo4j://localhost:7687"), "neo4j", "password")
    try:
        db_conn.query("CREATE CONSTRAINT plant_name_unique IF NOT EXISTS FOR (p:Plant) REQUIRE p.name IS UNIQUE")
        if input("Clear existing database before import? (yes/no): ").strip().lower() == 'yes':
            if input("ARE YOU SURE you want to delete all data? (yes/no): ").strip().lower() == 'yes':
                db_conn.query("MATCH (n) DETACH DELETE n")
        for plant in parse("M.Plants.txt"):
            db_conn.query("MERGE (p:Plant {scientific_name: $sci}) SET p.name = $name",
                          {"sci": plant["SCIENTIFIC_NAME"], "name": plant["NAME"]})
        labels = db_conn.query("CALL db.labels() YIELD label RETURN label")
        logging.info(f"labels: {[record['label'] for record in labels]}")
    except Exception as e:
        logging.error(f"An error occurred during the process: {e}", exc_info=True)
    finally:
        db_conn.close()


if __name__ == "__main__":
    main()
'''
_MED_PLANTS_DATA = ("===PLANT===\nID: 1\nNAME: Aloe Vera\nSCIENTIFIC_NAME: Aloe barbadensis\n===END===\n"
                    "===PLANT===\nID: 2\nNAME: Aloe Vera\nSCIENTIFIC_NAME: Aloe ferox\n===END===\n")


class _MedPlantsStore(Recorder):
    """A Recorder that answers db.labels() with a row by key and fails a statement's parameters as a server would."""

    def __init__(self, failing: dict[str, Exception] | None = None) -> None:
        super().__init__()
        self.failing = failing or {}

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        for key, error in self.failing.items():
            if key in (params or {}).values():
                raise error
        return [{"label": "Plant"}] if "db.labels()" in statement else []


def _med_plants_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _MED_PLANTS_LOADER) -> Path:
    files: dict[str, str | bytes] = {corpus.MED_PLANTS_LOADER: loader, corpus.MED_PLANTS_DATA: _MED_PLANTS_DATA}
    # a later commit changes the data: the pinned loader reads the pinned file
    pinned = _committed_mirror(tmp_path, "Daniele-Persichetti+SmartQA-Med-Plants", files,
                               later={corpus.MED_PLANTS_DATA: "===PLANT===\nNAME: Later\nSCIENTIFIC_NAME: Later\n"})
    monkeypatch.setattr(corpus, "MED_PLANTS_COMMIT", pinned)
    return tmp_path


_PLANT_MERGE = "MERGE (p:Plant {scientific_name: $sci}) SET p.name = $name"


def test_medicinal_plants_runs_populate_db_over_its_pinned_file_and_passes_over_a_name_constraint_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the second Aloe Vera fails the name constraint, as on a server: the loader logs it and goes on
    duplicate = Exception("{code: Neo.ClientError.Schema.ConstraintValidationFailed} {message: Node(0) already "
                          "exists with label `Plant` and property `name` = 'Aloe Vera'}")
    store = _MedPlantsStore({"Aloe ferox": duplicate})
    corpus.write_medicinal_plants(store, _med_plants_mirror(tmp_path, monkeypatch))
    # its constraint, the clear its two prompts are answered yes to, a MERGE per plant of the pinned file, its counts
    assert store.calls == [
        ("CREATE CONSTRAINT plant_name_unique IF NOT EXISTS FOR (p:Plant) REQUIRE p.name IS UNIQUE", {}),
        ("MATCH (n) DETACH DELETE n", {}),
        (_PLANT_MERGE, {"sci": "Aloe barbadensis", "name": "Aloe Vera"}),
        (_PLANT_MERGE, {"sci": "Aloe ferox", "name": "Aloe Vera"}),
        ("CALL db.labels() YIELD label RETURN label", {})]
    assert corpus.graph("medicinal-plants").split == "spent"


def test_medicinal_plants_raises_any_other_error_its_loader_logs_and_passes_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _MedPlantsStore({"Aloe ferox": Exception("{code: Neo.ClientError.Statement.SyntaxError} {message: x}")})
    with pytest.raises(corpus.CorpusError, match=re.escape("its loader logged errors: Query failed: {code: "
                                                           "Neo.ClientError.Statement.SyntaxError}")):
        corpus.write_medicinal_plants(store, _med_plants_mirror(tmp_path, monkeypatch))


@pytest.mark.parametrize(("loader", "refused"), [
    (_MED_PLANTS_LOADER.replace("import re\n", "import re\nimport requests\n"),
     "its loader imports requests, which is not read here"),
    (_MED_PLANTS_LOADER.replace('parse("M.Plants.txt")', 'parse("../data/M.Plants.txt")'),
     "its loader opens ../data/M.Plants.txt, which is not read here"),
    (_MED_PLANTS_LOADER.replace("        for plant in", "        input('Proceed? ')\n        for plant in"),
     "its loader asks 'Proceed? ', which is not answered here")])
def test_medicinal_plants_refuses_what_its_loader_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    store = _MedPlantsStore()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_medicinal_plants(store, _med_plants_mirror(tmp_path, monkeypatch, loader))
    # no plant is written
    assert _PLANT_MERGE not in [statement for statement, _ in store.calls]


# han0405/Medical-KG-LLM-QA's src/import_to_neo4j.py, shortened to what it runs: its encoding loop over pandas, a
# Disease and a Symptom per row, HAS_SYMPTOM from the four related-symptom columns and the details' typical symptoms
# (tabs deleted, split on "、"), each in a bare try/except, then its counts
_JBK_LOADER = '''import pandas as pd
from py2neo import Graph, Node, Relationship
import os

DATA_DIR = "../data"
graph = Graph("bolt://localhost:7687", auth=("neo4j", ""))
graph.run("MATCH (n) DETACH DELETE n")

def read_csv_auto_encoding(filepath):
    encodings = ['utf-8', 'gbk', 'gb2312', 'gb18030']
    for encoding in encodings:
        try:
            return pd.read_csv(filepath, encoding=encoding)
        except:
            continue
    raise Exception(f"Cannot read {filepath} with any encoding")

diseases_df = read_csv_auto_encoding(os.path.join(DATA_DIR, "diseases.csv"))
symptoms_df = read_csv_auto_encoding(os.path.join(DATA_DIR, "symptoms.csv"))
disease_details_df = read_csv_auto_encoding(os.path.join(DATA_DIR, "disease_details.csv"))
print(f"Loaded {len(diseases_df)} diseases")
for idx, row in diseases_df.iterrows():
    graph.create(Node("Disease", name=str(row['Name']), website=str(row.get('Website', '')),
                      aliases=str(row.get('Aliases', '')), description=str(row.get('Description', ''))))
for idx, row in symptoms_df.iterrows():
    graph.create(Node("Symptom", name=str(row['Name']), website=str(row.get('Website', '')),
                      aliases=str(row.get('Aliases', '')), description=str(row.get('Description', ''))))
query = "MATCH (d:Disease {name: $disease_name}) MATCH (s:Symptom {name: $symptom_name}) MERGE (d)-[:HAS_SYMPTOM]->(s)"
for idx, row in diseases_df.iterrows():
    for col in ['Related Symptom 1', 'Related Symptom 2']:
        if col in row and pd.notna(row[col]) and str(row[col]).strip():
            try:
                graph.run(query, disease_name=str(row['Name']), symptom_name=str(row[col]).strip())
            except:
                pass
for idx, row in disease_details_df.iterrows():
    typical_symptoms = str(row.get('Typical Symptoms', ''))
    for symptom in typical_symptoms.replace('\\t', '').replace('\\n', '').split('、'):
        if symptom.strip():
            try:
                graph.run(query, disease_name=str(row['Name']), symptom_name=symptom.strip())
            except:
                pass
result = graph.run("MATCH (d:Disease) RETURN count(d) as count").data()
print(f"Total Disease nodes: {result[0]['count']}")
'''
_JBK_DISEASES_CSV = ("\ufeffName,Website,Aliases,Description,Related Symptom 1,Related Symptom 2\n"
                     "痛风,https://jbk.39.net/tf/,\"(关节石病,尿酸盐...)\",痛风是一种...,关节疼痛,\n"
                     "腰肌劳损,https://jbk.39.net/yjls/,,慢性腰肌劳损...,腰酸背痛,腰部僵硬\n")
_JBK_SYMPTOMS_CSV = ("\ufeffName,Website,Aliases,Description,Related Disease 1\n"
                     "关节疼痛,https://jbk.39.net/zhengzhuang/gjtt/,,关节疼痛是...,痛风\n"
                     "腰酸背痛,https://jbk.39.net/zhengzhuang/ysbt/,(腰背痛),腰酸背痛是...,腰肌劳损\n")
_JBK_DETAILS_CSV = ("\ufeffName,Typical Symptoms\n"
                    "痛风,\"\t\t关节疼痛\t\t关节肿胀\t\t\"\n")


class _JbkStore(Recorder):
    """A Recorder that answers the loader's counts with a row, and fails the statements of a given parameter."""

    def __init__(self, failing: str | None = None) -> None:
        super().__init__()
        self.failing = failing

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if self.failing is not None and self.failing in (params or {}).values():
            raise RuntimeError(f"Neo.ClientError.Statement.SyntaxError near {self.failing}")
        return [{"count": 2}] if "count(" in statement else []


def _jbk_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _JBK_LOADER) -> Path:
    files: dict[str, str | bytes] = {corpus.JBK_DISEASES_LOADER: loader, "data/diseases.csv": _JBK_DISEASES_CSV,
                                     "data/symptoms.csv": _JBK_SYMPTOMS_CSV,
                                     "data/disease_details.csv": _JBK_DETAILS_CSV}
    # a later commit changes the diseases: the pinned loader reads the pinned files
    pinned = _committed_mirror(tmp_path, "han0405+Medical-KG-LLM-QA", files,
                               later={"data/diseases.csv": "Name,Website\n后来,https://x\n"})
    monkeypatch.setattr(corpus, "JBK_DISEASES_COMMIT", pinned)
    return tmp_path


_JBK_REL = ("MATCH (d:Disease {name: $disease_name}) MATCH (s:Symptom {name: $symptom_name}) "
            "MERGE (d)-[:HAS_SYMPTOM]->(s)")


def test_jbk_diseases_runs_import_to_neo4j_over_its_pinned_files_as_pandas_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _JbkStore()
    corpus.write_jbk_diseases(store, _jbk_mirror(tmp_path, monkeypatch))
    nodes = [(s.split(":")[1].split(" ")[0], p["props"]) for s, p in store.calls if s.startswith("CREATE (n:")]
    # the byte-order mark dropped from the header (row['Name'] is read), an empty field str() of NaN: "nan"
    assert nodes == [
        ("`Disease`", {"name": "痛风", "website": "https://jbk.39.net/tf/", "aliases": "(关节石病,尿酸盐...)",
                       "description": "痛风是一种..."}),
        ("`Disease`", {"name": "腰肌劳损", "website": "https://jbk.39.net/yjls/", "aliases": "nan",
                       "description": "慢性腰肌劳损..."}),
        ("`Symptom`", {"name": "关节疼痛", "website": "https://jbk.39.net/zhengzhuang/gjtt/", "aliases": "nan",
                       "description": "关节疼痛是..."}),
        ("`Symptom`", {"name": "腰酸背痛", "website": "https://jbk.39.net/zhengzhuang/ysbt/", "aliases": "(腰背痛)",
                       "description": "腰酸背痛是..."})]
    rels = [p for s, p in store.calls if s == _JBK_REL]
    # each non-empty related symptom (one no Symptom row names included: the statement matches nothing), then the
    # details' typical symptoms with their tabs deleted: one run-together name
    assert rels == [{"disease_name": "痛风", "symptom_name": "关节疼痛"},
                    {"disease_name": "腰肌劳损", "symptom_name": "腰酸背痛"},
                    {"disease_name": "腰肌劳损", "symptom_name": "腰部僵硬"},
                    {"disease_name": "痛风", "symptom_name": "关节疼痛关节肿胀"}]
    assert store.calls[0] == ("MATCH (n) DETACH DELETE n", {})
    assert corpus.graph("jbk-diseases").split == "spent"


@pytest.mark.parametrize(("loader", "refused", "written"), [
    (_JBK_LOADER.replace("import os\n", "import os\nimport requests\n"),
     "its loader imports requests, which is not read here", False),
    (_JBK_LOADER.replace('"symptoms.csv"', '"drugs.csv"'), "its loader reads ../data/drugs.csv with", False),
    # another encoding tried first: refused even though its loop goes on to UTF-8 and writes the graph
    (_JBK_LOADER.replace("['utf-8', 'gbk',", "['gbk', 'utf-8',"),
     "its loader reads ../data/diseases.csv with {'encoding': 'gbk'}", True)])
def test_jbk_diseases_refuses_what_its_loader_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str, written: bool) -> None:
    store = _JbkStore()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_jbk_diseases(store, _jbk_mirror(tmp_path, monkeypatch, loader))
    assert bool([s for s, _ in store.calls if s.startswith("CREATE")]) is written


def test_jbk_diseases_raises_a_failed_statement_its_loader_passes_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _JbkStore(failing="腰部僵硬")
    with pytest.raises(corpus.CorpusError, match="passed over a failed statement: .*near 腰部僵硬"):
        corpus.write_jbk_diseases(store, _jbk_mirror(tmp_path, monkeypatch))
    # the loader went on after it, as it does
    last = [p for s, p in store.calls if s == _JBK_REL][-1]
    assert last == {"disease_name": "痛风", "symptom_name": "关节疼痛关节肿胀"}


# gugOfBoat/vifoodKG's ViFoodKG/src/04_kg_neo4j_ingestor.py as written at its HEAD, shortened (its docstring and
# verbalisation map cut to what the triples below use, its dry-run branch, its hasSubRule and from/toIngredient
# groups left out; the rest as it is)
_VIFOOD_LOADER = '''import json
import os
import sys
from pathlib import Path

from dotenv import load_dotenv

load_dotenv()

NEO4J_URI      = os.getenv("NEO4J_URI",      "bolt://localhost:7687")
NEO4J_USER     = os.getenv("NEO4J_USERNAME", "neo4j")
NEO4J_PASSWORD = os.getenv("NEO4J_PASSWORD", "")

PROJECT_ROOT    = Path(__file__).resolve().parent.parent
TRIPLES_FILE    = PROJECT_ROOT / "data" / "triples" / "extracted_triples.json"
PROGRESS_FILE   = PROJECT_ROOT / "data" / "triples" / "_progress.json"

VERBALIZATION: dict[str, str] = {
    "originRegion":     "có nguồn gốc từ vùng",
}

LABEL_CANON: dict[str, str] = {
    "Dish":               "Dish",
    "Region":             "Region",
    "SideDish/Condiment": "Condiment",
}


def canon_label(raw: str) -> str:
    raw = (raw or "").strip()
    return LABEL_CANON.get(raw, raw.split("/")[0].strip() or "Entity")


def create_indexes(session) -> None:
    labels = ["Dish", "Region"]
    for label in labels:
        try:
            session.run(
                f"CREATE INDEX IF NOT EXISTS FOR (n:{label}) ON (n.name)"
            )
        except Exception as e:
            print(f"  [WARN] Index for :{label} → {e}")
    print("  Indexes ready.")


def run_ingestion_bulk(tx, data: list):
    from collections import defaultdict

    dishes = [{"name": d.get("dish")} for d in data if d.get("dish")]
    tx.run("UNWIND $dishes AS d MERGE (n:Dish {name: d.name}) SET n.source = 'ViFoodKG'", dishes=dishes)

    normal_groups = defaultdict(list)
    for d in data:
        dish_name = d.get("dish")
        if not dish_name: continue
        for triple in d.get("triples", []):
            rel = triple.get("relation", "")
            tgt = triple.get("target", "")
            ttype = canon_label(triple.get("target_type", "Entity"))
            subj = triple.get("subject", dish_name)
            s_url = triple.get("source_url", "")
            evid = triple.get("evidence", "")
            if not rel or not tgt: continue
            s_label = "Dish" if subj == dish_name else "Ingredient"
            vn_verb = VERBALIZATION.get(rel, rel)
            normal_groups[(s_label, rel, ttype)].append({
                "s": subj, "t": tgt, "u": s_url, "e": evid, "v": f"{subj} {vn_verb} {tgt}"
            })

    for (s_label, rel, t_label), items in normal_groups.items():
        q = f"""
        UNWIND $items AS item
        MERGE (s:{s_label} {{name: item.s}})
        MERGE (t:{t_label} {{name: item.t}})
        MERGE (s)-[r:{rel}]->(t)
        SET r.source_url = item.u, r.evidence = item.e, r.verbalized_text = item.v
        """
        tx.run(q, items=items)


def run_ingestion(data: list, driver, dry_run: bool = False) -> None:
    with driver.session() as session:
        print("Creating indexes...")
        create_indexes(session)

        def write_chunk(tx):
            run_ingestion_bulk(tx, data)

        session.execute_write(write_chunk)


def main():
    import argparse
    parser = argparse.ArgumentParser(description="ViFoodKG Step 3 - Neo4j Ingestor")
    parser.add_argument(
        "--source", choices=["extracted", "progress"], default="extracted",
    )
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    if args.source == "progress":
        src_file = PROGRESS_FILE
    else:
        src_file = TRIPLES_FILE

    if not src_file.exists():
        print(f"[ERROR] File not found: {src_file}")
        sys.exit(1)

    raw = json.loads(src_file.read_text(encoding="utf-8"))
    data = raw
    print(f"Loaded {len(data)} dish records from {src_file.name}")

    if not NEO4J_PASSWORD:
        print("[ERROR] NEO4J_PASSWORD not set in .env")
        sys.exit(1)

    try:
        from neo4j import GraphDatabase
    except ImportError:
        print("[ERROR] neo4j driver not installed. Run: pip install neo4j")
        sys.exit(1)

    driver = GraphDatabase.driver(NEO4J_URI, auth=(NEO4J_USER, NEO4J_PASSWORD))
    try:
        driver.verify_connectivity()
        run_ingestion(data, driver, dry_run=False)
    finally:
        driver.close()


if __name__ == "__main__":
    main()
'''
# two dishes: a region triple, a side dish typed "SideDish/Condiment", a triple with no target (skipped) and one
# with no target type ("Entity")
_VIFOOD_TRIPLES = json.dumps([
    {"dish": "Cháo Ám", "triples": [
        {"subject": "Cháo Ám", "relation": "originRegion", "target": "Quảng Trị", "target_type": "Region",
         "source_url": "LLM_Knowledge", "evidence": "Món ăn truyền thống của người dân Quảng Trị."},
        {"subject": "Cháo Ám", "relation": "servedWith", "target": "Rau đắng", "target_type": "SideDish/Condiment",
         "source_url": "LLM_Knowledge", "evidence": "Rau đắng ăn kèm."},
        {"subject": "Cháo Ám", "relation": "flavorProfile", "target": None, "target_type": "Flavor"}]},
    {"dish": "Cao Lầu", "triples": [
        {"subject": "Cao Lầu", "relation": "dishType", "target": "Mì", "target_type": None,
         "source_url": "https://vi.wikipedia.org/wiki/Cao_lầu", "evidence": "Cao lầu là món mì."}]}],
    ensure_ascii=False)


def _vifood_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str = _VIFOOD_LOADER) -> Path:
    files: dict[str, str | bytes] = {corpus.VIFOOD_LOADER: loader, corpus.VIFOOD_TRIPLES: _VIFOOD_TRIPLES}
    # a later commit changes the triples: the pinned loader reads the pinned file
    pinned = _committed_mirror(tmp_path, "gugOfBoat+vifoodKG", files,
                               later={corpus.VIFOOD_TRIPLES: json.dumps([{"dish": "Later", "triples": []}])})
    monkeypatch.setattr(corpus, "VIFOOD_COMMIT", pinned)
    return tmp_path


_VIFOOD_GROUP = ("\n        UNWIND $items AS item\n        MERGE (s:Dish {{name: item.s}})\n"
                 "        MERGE (t:{label} {{name: item.t}})\n        MERGE (s)-[r:{rel}]->(t)\n"
                 "        SET r.source_url = item.u, r.evidence = item.e, r.verbalized_text = item.v\n        ")


def test_vietnamese_dishes_runs_its_ingestor_over_its_pinned_triples_with_its_defaults(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["domain_corpus.py", "up", "vietnamese-dishes", "--dry-run"])
    store = Recorder()
    corpus.write_vietnamese_dishes(store, _vifood_mirror(tmp_path, monkeypatch))
    assert store.calls == [
        ("CREATE INDEX IF NOT EXISTS FOR (n:Dish) ON (n.name)", {}),
        ("CREATE INDEX IF NOT EXISTS FOR (n:Region) ON (n.name)", {}),
        ("UNWIND $dishes AS d MERGE (n:Dish {name: d.name}) SET n.source = 'ViFoodKG'",
         {"dishes": [{"name": "Cháo Ám"}, {"name": "Cao Lầu"}]}),
        # one UNWIND per (relation, label): its verb where it has one, the relation's name where not; the
        # triple without a target left out; the label "Condiment" for "SideDish/Condiment", "Entity" for none
        (_VIFOOD_GROUP.format(label="Region", rel="originRegion"),
         {"items": [{"s": "Cháo Ám", "t": "Quảng Trị", "u": "LLM_Knowledge",
                     "e": "Món ăn truyền thống của người dân Quảng Trị.",
                     "v": "Cháo Ám có nguồn gốc từ vùng Quảng Trị"}]}),
        (_VIFOOD_GROUP.format(label="Condiment", rel="servedWith"),
         {"items": [{"s": "Cháo Ám", "t": "Rau đắng", "u": "LLM_Knowledge", "e": "Rau đắng ăn kèm.",
                     "v": "Cháo Ám servedWith Rau đắng"}]}),
        (_VIFOOD_GROUP.format(label="Entity", rel="dishType"),
         {"items": [{"s": "Cao Lầu", "t": "Mì", "u": "https://vi.wikipedia.org/wiki/Cao_lầu",
                     "e": "Cao lầu là món mì.", "v": "Cao Lầu dishType Mì"}]})]
    assert corpus.graph("vietnamese-dishes").split == "frozen"


class _FailingIndexStore(Recorder):
    """A Recorder that refuses the index statements, as a server might: the loader prints a warning and goes on."""

    def query(self, statement: str, params: dict[str, Any] | None = None, read_only: bool = True) -> list[Any]:
        super().query(statement, params, read_only)
        if statement.startswith("CREATE INDEX"):
            raise RuntimeError("Neo.ClientError.Schema.IndexAlreadyExists")
        return []


@pytest.mark.parametrize(("loader", "refused"), [
    (_VIFOOD_LOADER.replace("import sys\n", "import sys\nimport requests\n"),
     "its loader imports requests, which is not read here"),
    (_VIFOOD_LOADER.replace('"extracted_triples.json"', '"other.json"'),
     "its loader reads ViFoodKG/data/triples/other.json, which is not read here"),
    (_VIFOOD_LOADER.replace('default="extracted"', 'default="progress"'),
     "its loader reads ViFoodKG/data/triples/_progress.json, which is not read here"),
    (_VIFOOD_LOADER.replace('os.getenv("NEO4J_PASSWORD", "")', '""'),
     "its loader says [ERROR] NEO4J_PASSWORD not set in .env")])
def test_vietnamese_dishes_refuses_what_its_loader_is_not_read_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: str, refused: str) -> None:
    store = Recorder()
    with pytest.raises(corpus.CorpusError, match=re.escape(refused)):
        corpus.write_vietnamese_dishes(store, _vifood_mirror(tmp_path, monkeypatch, loader))
    assert store.calls == []


def test_vietnamese_dishes_raises_a_warning_its_loader_passes_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _FailingIndexStore()
    with pytest.raises(corpus.CorpusError, match=r"its loader says \[WARN\] Index for :Dish .*IndexAlreadyExists"):
        corpus.write_vietnamese_dishes(store, _vifood_mirror(tmp_path, monkeypatch))
    assert [statement for statement, _ in store.calls] == ["CREATE INDEX IF NOT EXISTS FOR (n:Dish) ON (n.name)"]


# [s55F tests above]
