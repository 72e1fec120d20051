"""Which property facts a context keeps over `max_property_facts` (Retriever._most_relevant), on the real embedded
Neo4j: the seeds' own first, and with them the facts of an entity that links two seeds."""

from __future__ import annotations

import pytest

from helpers import CIDADE_ENTITIES, CIDADES, MATCH_ENTITIES, MATCHES, VISIT_ENTITIES, VISITS, wipe
from xgrag.config import EntityMapping, RelationshipMapping, RetrievalSettings, schema_preset
from xgrag.retrieval import Retriever
from xgrag.store.neo4j import Neo4jStore

pytestmark = pytest.mark.integration

SCHEMA = schema_preset("domain", read_only=True, entities=[
    EntityMapping(label="Party", name=["name"]), EntityMapping(label="Person", name=["name"], facts=["born"]),
    EntityMapping(label="Constituency", name=["name"])],
    relationships=[RelationshipMapping(type="MEMBER_OF", facts=["start"])])


def test_the_entity_linking_two_seeds_keeps_its_facts_over_a_hubs(server: Neo4jStore) -> None:
    wipe(server)
    server.query("""
        CREATE (p:Party {name: 'Scottish National Party'})
        WITH p UNWIND range(1, 40) AS i
        CREATE (:Person {name: 'Member ' + i, born: 1950 + i})-[:MEMBER_OF {start: date('2015-05-08')}]->(p)
        """, read_only=False)
    server.query("""
        MATCH (p:Party)
        CREATE (:Constituency {name: 'Ross, Skye and Lochaber'})<-[:REPRESENTS]-
               (:Person {name: 'Ian Blackford', born: 1961})-[:MEMBER_OF {start: date('2015-05-07')}]->(p)
        """, read_only=False)
    store = server.with_schema(SCHEMA)
    question = "Since when has the MP for Ross, Skye and Lochaber been in the Scottish National Party?"
    sub = Retriever(store, RetrievalSettings(max_property_facts=10)).retrieve(question, hops=1)
    assert sorted(sub.nodes[s].name for s in sub.seeds) == ["Ross, Skye and Lochaber", "Scottish National Party"]
    assert sub.properties_omitted > 0
    ian = next(n for n in sub.nodes.values() if n.name == "Ian Blackford")
    joined = next(r for r in sub.relationships.values() if r.source == ian.id and r.label == "MEMBER_OF")
    assert [(p.key, p.text) for p in sub.properties_of(joined.id)] == [("start", "2015-05-07")]
    assert [(p.key, p.text) for p in sub.properties_of(ian.id)] == [("born", "1961")]


VOTES = schema_preset("domain", read_only=True, entities=[EntityMapping(label="Country", name=["name"])],
                      relationships=[RelationshipMapping(type="VOTES_2022", facts=["total"])])


def test_what_many_alike_link_to_two_seeds_keeps_no_facts_before_the_facts_between_them(server: Neo4jStore) -> None:
    """Sweden and the United Kingdom both voted for five countries in 2022: those are what the two share, none in
    particular, so the facts of their votes do not crowd out the vote between the two the question names."""
    wipe(server)
    server.query("""
        CREATE (s:Country {name: 'Sweden'}), (u:Country {name: 'United Kingdom'})
        WITH s, u UNWIND range(1, 5) AS i
        CREATE (c:Country {name: 'Country ' + i})
        CREATE (s)-[:VOTES_2022 {total: i}]->(c), (u)-[:VOTES_2022 {total: 10 + i}]->(c)
        """, read_only=False)
    server.query("MATCH (s:Country {name: 'Sweden'}), (u:Country {name: 'United Kingdom'}) "
                 "CREATE (s)-[:VOTES_2022 {total: 14}]->(u)", read_only=False)  # written last: ids after the rest
    store = server.with_schema(VOTES)
    question = "How many points did Sweden give the United Kingdom in 2022?"
    sub = Retriever(store, RetrievalSettings(max_property_facts=2)).retrieve(question, hops=1)
    assert sub.properties_omitted > 0
    between = next(r for r in sub.relationships.values()
                   if sub.nodes[r.source].name == "Sweden" and sub.nodes[r.target].name == "United Kingdom")
    assert [(p.key, p.text) for p in sub.properties_of(between.id)] == [("total", "14")]


def test_a_key_asked_of_the_seed_s_neighbour_keeps_its_fact_over_keys_naming_the_seed_s_type(server: Neo4jStore
                                                                                           ) -> None:
    """"In which city was the match on 5/21/2017 played?": of the twelve venues' cities, the city of the venue that
    match was played in; "match" says which entity the question is about, so every other match's player_of_match
    does not count as asked (it did: the key holds "match", and those facts took the places over the city)."""
    wipe(server)
    server.query(MATCHES, read_only=False)
    store = server.with_schema(schema_preset("domain", read_only=True,
                                             entities=[EntityMapping(**e) for e in MATCH_ENTITIES]))
    match = store.query("MATCH (m:Match {match_id: '59'}) RETURN elementId(m) AS id")[0]["id"]
    retriever = Retriever(store, RetrievalSettings(max_property_facts=4))  # the seed's own three and one more
    assert retriever.embedder is None
    sub = retriever.retrieve("In which city was the match on 5/21/2017 played?", mode="khop", hops=2, seeds=[match])
    assert sub.properties_omitted > 0
    assert sorted((p.key, p.text) for p in sub.properties.values()) == [
        ("city", "Hyderabad"), ("date", "5/21/2017"), ("player_of_match", "KH Pandya"), ("winner", "Mumbai Indians")]


def test_a_seed_s_neighbour_of_the_type_the_question_names_keeps_its_facts(server: Neo4jStore) -> None:
    """"What kind of place did Carlo Bryan visit?": the place he visited is a Place, a type the question names; its
    kind comes right after his own facts, before the 20 other visitors' birthplaces, whose key says "place" too."""
    wipe(server)
    server.query(VISITS, read_only=False)
    store = server.with_schema(schema_preset("domain", read_only=True,
                                             entities=[EntityMapping(**e) for e in VISIT_ENTITIES]))
    retriever = Retriever(store, RetrievalSettings(max_property_facts=2))
    sub = retriever.retrieve("What kind of place did Carlo Bryan visit?", mode="khop", hops=2)
    assert [sub.nodes[s].name for s in sub.seeds] == ["Carlo Bryan"] and sub.properties_omitted == 20
    assert sorted((p.key, p.text) for p in sub.properties.values()) == [("place_of_birth", "Antwerp"),
                                                                       ("type", "Restaurant")]


def test_a_key_written_in_another_language_is_chosen_by_the_english_word_the_question_says(server: Neo4jStore
                                                                                           ) -> None:
    """A graph written in Portuguese asked in English: "population" is the key populacao's word, so of Campinas'
    four facts the one kept is its population (the key's word read through the schema words)."""
    wipe(server)
    server.query(CIDADES, read_only=False)
    store = server.with_schema(schema_preset("domain", read_only=True,
                                             entities=[EntityMapping(**e) for e in CIDADE_ENTITIES]))
    sub = Retriever(store, RetrievalSettings(max_property_facts=1)).retrieve(
        "What is the population of Campinas?", mode="khop", hops=1)
    assert [sub.nodes[s].name for s in sub.seeds] == ["Campinas"] and sub.properties_omitted > 0
    assert [(p.key, p.text) for p in sub.properties.values()] == [("populacao", "1173370")]


SERIES = schema_preset("domain", read_only=True, entities=[
    EntityMapping(label="TvSeries", name=["name"]),
    EntityMapping(label="Episode", name=["imdbId"], facts=["seasonNumber", "episodeNumber"])])


def test_the_member_an_ordinal_picks_keeps_its_facts_over_the_cap(server: Neo4jStore) -> None:
    """"Who directed the first episode of The Wire?": of 12 episodes' 24 numbers, over a cap of 6, the first
    episode's season and episode numbers (tv-series, spent: 60 episodes' episode numbers filled the cap of 60, and
    no season number said which of the five episodes numbered 1 was the first)."""
    wipe(server)
    server.query("""
        CREATE (s:TvSeries {name: 'The Wire'})
        WITH s UNWIND [[3, 1], [2, 1], [1, 2], [3, 2], [2, 2], [1, 3], [3, 3], [2, 3], [1, 4], [3, 4], [2, 4], [1, 1]]
             AS se
        CREATE (s)-[:HAS_EPISODE]->(:Episode {imdbId: 'tt' + se[0] + se[1], seasonNumber: se[0],
                                              episodeNumber: se[1]})
        """, read_only=False)
    store = server.with_schema(SERIES)
    retriever = Retriever(store, RetrievalSettings(max_property_facts=6))

    def kept(question: str) -> set[str]:
        sub = retriever.retrieve(question, hops=1)
        # ("episode 3" links the three episodes whose episode number is 3 as well: Linker._by_fact_and_value)
        assert "The Wire" in [sub.nodes[s].name for s in sub.seeds] and sub.properties_omitted > 0
        both = {}
        for p in sub.properties.values():
            both.setdefault(sub.nodes[p.owner].name, set()).add(p.key)
        return {name for name, keys in both.items() if keys == {"seasonNumber", "episodeNumber"}}

    assert "tt11" in kept("Who directed the first episode of The Wire?")
    assert "tt34" in kept("Who directed the last episode of The Wire?")
    assert "tt23" in kept("Who directed season 2 episode 3 of The Wire?")


GAMES = schema_preset("domain", read_only=True, entities=[
    EntityMapping(label="Player", name=["name"]), EntityMapping(label="Game", name=["id"], key="id", label_in_name=True,
                                                                  facts=["opening", "whiteELO", "blackELO"])],
    relationships=[RelationshipMapping(type="PLAYS_IN", facts=["color"])])


def test_a_word_the_question_says_stored_on_a_seeds_relationship_keeps_its_fact_over_the_cap(server: Neo4jStore
                                                                                              ) -> None:
    """"Who played black in game 1?": the colour black of game 1's relationship, among the facts of the 30 games its two
    players played, over a cap of 8 (chess-championships, spent: the colours of game 1 were cut, and the reader
    answered with a black rating)."""
    wipe(server)
    server.query("""
        CREATE (w:Player {name: 'Steinitz Wilhelm'}), (b:Player {name: 'Zukertort Johannes'})
        WITH w, b UNWIND range(1, 30) AS i
        CREATE (g:Game {id: i, opening: 'Opening ' + i, whiteELO: '0', blackELO: '0'})
        CREATE (w)-[:PLAYS_IN {color: CASE i % 2 WHEN 1 THEN 'black' ELSE 'white' END}]->(g)
        CREATE (b)-[:PLAYS_IN {color: CASE i % 2 WHEN 1 THEN 'white' ELSE 'black' END}]->(g)
        """, read_only=False)
    store = server.with_schema(GAMES)
    sub = Retriever(store, RetrievalSettings(max_property_facts=8)).retrieve("Who played black in game 1?", hops=2)
    assert [sub.nodes[s].name for s in sub.seeds] == ["Game 1"] and sub.properties_omitted > 0
    game = sub.seeds[0]
    colours = {(sub.nodes[r.source].name, p.text) for r in sub.relationships.values() if r.target == game
               for p in sub.properties_of(r.id)}
    assert ("Steinitz Wilhelm", "black") in colours


RACES = schema_preset("domain", read_only=True, entities=[
    EntityMapping(label="Driver", name=["name"], facts=["nationality"]),
    EntityMapping(label="Race", name=["name"])],
    relationships=[RelationshipMapping(type="PARTICIPATED_IN", facts=["position", "positionOrder", "laps",
                                                                      "fastestLap", "rank"])])


def test_the_participant_who_took_the_place_asked_keeps_its_ties_facts_over_the_cap(server: Neo4jStore) -> None:
    """"Who won the Brazilian Grand Prix 2012?": of 20 drivers' 100 tie facts, over a cap of 8, the winner's tie
    (position 1) and the winner's nationality (formula-one, spent: the cap kept laps and fastest laps, closer to
    "won" by embedding, and cut every position)."""
    wipe(server)
    server.query("""
        CREATE (r:Race {name: 'Brazilian Grand Prix 2012'})
        WITH r UNWIND range(1, 20) AS i
        CREATE (:Driver {name: 'Driver ' + i, nationality: 'Nation ' + i})
               -[:PARTICIPATED_IN {position: (i + 6) % 20 + 1, positionOrder: (i + 6) % 20 + 1, laps: 71,
                                   fastestLap: 40 + i, rank: i}]->(r)
        """, read_only=False)
    store = server.with_schema(RACES)
    retriever = Retriever(store, RetrievalSettings(max_property_facts=8))

    def kept(question: str) -> dict[str, set[str]]:
        sub = retriever.retrieve(question, hops=1)
        assert [sub.nodes[s].name for s in sub.seeds] == ["Brazilian Grand Prix 2012"] and sub.properties_omitted > 0
        out: dict[str, set[str]] = {}
        for r in sub.relationships.values():
            out.setdefault(sub.nodes[r.source].name, set()).update(p.key for p in sub.properties_of(r.id))
            out[sub.nodes[r.source].name].update(p.key for p in sub.properties_of(r.source))
        return out

    winner = kept("Who won the Brazilian Grand Prix 2012?")["Driver 14"]  # (14 + 6) % 20 + 1 == 1
    assert {"position", "positionOrder", "nationality"} <= winner
    assert {"position", "positionOrder"} <= kept("Who finished second at the Brazilian Grand Prix 2012?")["Driver 15"]


TRADES = schema_preset("domain", read_only=True, entities=[EntityMapping(label="Country", name=["name"])],
                       relationships=[RelationshipMapping(type="TRADES", facts=["amount", "percentage_exports",
                                                                                 "trade_source"])])


def test_the_relationship_between_two_seeds_keeps_its_facts_over_values_the_question_says(server: Neo4jStore
                                                                                          ) -> None:
    """factbook-trade (spent): "how much did Canada export to the United States" says "export", which every trade of
    both countries holds (`trade_source` "exports"); those facts were kept first and cut the amount of the one
    trade between the two."""
    wipe(server)
    server.query("""
        CREATE (c:Country {name: 'Canada'}), (u:Country {name: 'United States'})
        WITH c, u UNWIND range(1, 8) AS i
        CREATE (o:Country {name: 'Country ' + i})
        CREATE (c)-[:TRADES {amount: i, percentage_exports: 0.01, trade_source: 'exports'}]->(o),
               (u)-[:TRADES {amount: 10 + i, percentage_exports: 0.02, trade_source: 'exports'}]->(o)
        """, read_only=False)
    server.query("MATCH (c:Country {name: 'Canada'}), (u:Country {name: 'United States'}) "
                 "CREATE (c)-[:TRADES {amount: 446.137, percentage_exports: 0.73, trade_source: 'exports'}]->(u)",
                 read_only=False)  # written last: ids after the rest
    store = server.with_schema(TRADES)
    question = "How much did Canada export to the United States, in billions of dollars?"
    sub = Retriever(store, RetrievalSettings(max_property_facts=6)).retrieve(question, hops=1)
    assert sub.properties_omitted > 0
    between = next(r for r in sub.relationships.values()
                   if sub.nodes[r.source].name == "Canada" and sub.nodes[r.target].name == "United States")
    assert sorted((p.key, p.text) for p in sub.properties_of(between.id)) == [
        ("amount", "446.137"), ("percentage_exports", "0.73"), ("trade_source", "exports")]
