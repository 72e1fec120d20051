package org.xgrag.procedures;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;

import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Path;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.Transaction;
import org.neo4j.logging.Log;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;
import org.neo4j.procedure.UserFunction;

/**
 * xgrag's graph steps as Cypher procedures. Every procedure reads only (mode READ: Neo4j itself rejects a
 * write attempted inside one), runs the same cypher/*.cypher files as the Python package (bundled into
 * this jar), passes every value as a parameter and splices only validated schema identifiers.
 */
public class XgragProcedures {

    static final String VERSION = loadVersion();

    @Context
    public Transaction tx;

    @Context
    public GraphDatabaseService db;

    @Context
    public Log log;

    // -- results ------------------------------------------------------------------------------------

    public static final class SubgraphResult {
        public List<Node> nodes;
        public List<Relationship> relationships;
        public boolean truncated;
        public List<String> seeds;
        public Map<String, Object> aliasMap;
        public List<String> excludedNodeIds;
        public Map<String, Object> subgraph;
        public List<Map<String, Object>> properties;
        public long propertiesOmitted;
    }

    public static final class PathResult {
        public Path path;
        public String sourceId;
        public String targetId;
        public long length;
        public List<String> nodeIds;
        public List<String> relationshipIds;
        public List<Map<String, Object>> facts;
        public boolean truncated;
        public List<Map<String, Object>> properties;
        public long propertiesOmitted;
    }

    public static final class AliasResult {
        public String alias;
        public String canonical;
        public String aliasName;
        public String canonicalName;
        public Double score;
        public Double theta;
        public String method;
    }

    public static final class CentralityResult {
        public String nodeId;
        public double degree;
        public double betweenness;
        public double pagerank;
    }

    public static final class ExplanationResult {
        public String id;
        public String createdAt;
        public String question;
        public String answer;
        public String strategy;
        public String generator;
        public String embedder;
        public Double noiseFloor;
        public Map<String, Object> cost;
        public String configJson;
        public Long subgraphNodes;
        public Long subgraphRelationships;
        public List<Map<String, Object>> top;
        public List<Map<String, Object>> matched;
    }

    // -- xgrag.subgraph -------------------------------------------------------------------------------

    static final Set<String> SUBGRAPH_KEYS = Set.of("hops", "maxNodes", "maxRelationships", "excludedNodeIds",
            "excludedRelIds", "expandAliasExclusions", "excludedPropertyIds", "maxPropertyFacts", "question");

    @Procedure(name = "xgrag.subgraph", mode = Mode.READ)
    @Description("xgrag.subgraph(entityIdsOrNames, {hops: 2, maxNodes: 200, maxRelationships: 400, excludedNodeIds: [], "
            + "excludedRelIds: [], expandAliasExclusions: true, excludedPropertyIds: [], maxPropertyFacts: 60, "
            + "question: '', preset: 'xgrag', schema: {}}) :: (nodes, relationships, truncated, seeds, aliasMap, "
            + "excludedNodeIds, subgraph, properties, propertiesOmitted) - the bounded k-hop neighbourhood xgrag "
            + "retrieves (per-hop BFS over semantic relationships, persisted aliases followed), exclusions applied "
            + "inside the query. Under a general mapping (schema.entities / schema.relationships) `properties` lists "
            + "the facts stored in properties of the returned elements as {id: '<element id>#<key>', owner, ownerKind, "
            + "key, value}, minus excludedPropertyIds; over maxPropertyFacts the seeds' own are kept, then those whose "
            + "key's words `question` contains, then by id (Python's retriever without an embedder). `nodes` and "
            + "`relationships` are the stored elements with all their properties")
    public Stream<SubgraphResult> subgraph(@Name("entityIdsOrNames") Object entities,
                                           @Name(value = "config", defaultValue = "{}") Map<String, Object> config) {
        Config c = new Config("xgrag.subgraph", config, SUBGRAPH_KEYS);
        Schema schema = c.schema();
        Retrieval r = new Retrieval(tx, schema);
        int hops = c.integer("hops", Retrieval.HOPS, 1, 4);
        int maxNodes = c.integer("maxNodes", Retrieval.MAX_NODES, 1, 1_000_000);
        int maxRels = c.integer("maxRelationships", Retrieval.MAX_RELATIONSHIPS, 1, 1_000_000);
        int maxFacts = c.integer("maxPropertyFacts", PropertyFacts.MAX_PROPERTY_FACTS, 0, 1_000_000);
        List<String> exNodes = c.strings("excludedNodeIds");
        List<String> exRels = c.strings("excludedRelIds");
        List<String> exProps = c.strings("excludedPropertyIds");
        String question = c.string("question", "");
        if (c.bool("expandAliasExclusions", true)) {
            exNodes = r.expandExclusions(exNodes);
        }
        List<String> seeds = r.resolve(Retrieval.strings(entities, "xgrag.subgraph: entityIdsOrNames"));
        Set<String> ex = new TreeSet<>(exNodes);
        seeds = seeds.stream().filter(s -> !ex.contains(s)).toList();
        Retrieval.Sub sub = r.khop(seeds, hops, maxNodes, maxRels, exNodes, exRels);
        PropertyFacts.fill(r, schema, sub, question, exProps, maxFacts);

        Retrieval.Elements el = r.elements(sub.nodes.keySet(), sub.rels.values());
        SubgraphResult out = new SubgraphResult();
        out.nodes = sub.nodes.keySet().stream().map(el.nodes()::get).filter(n -> n != null).toList();
        out.relationships = sub.sortedRels().stream().map(x -> el.rels().get(Retrieval.id(x)))
                .filter(x -> x != null).toList();
        out.truncated = sub.truncated;
        out.seeds = List.copyOf(sub.seeds);
        out.aliasMap = new LinkedHashMap<>(sub.aliasMap);
        out.excludedNodeIds = List.copyOf(exNodes);
        out.subgraph = sub.toJson();
        out.properties = sub.sortedProperties().stream().map(PropertyFacts.Fact::toRow).toList();
        out.propertiesOmitted = sub.propertiesOmitted;
        return Stream.of(out);
    }

    // -- xgrag.paths -------------------------------------------------------------------------------------

    static final Set<String> PATH_KEYS = Set.of("maxLength", "maxPaths", "maxPairs", "maxRelationships",
            "excludedNodeIds", "excludedRelIds", "expandAliasExclusions", "excludedPropertyIds", "maxPropertyFacts",
            "question");

    @Procedure(name = "xgrag.paths", mode = Mode.READ)
    @Description("xgrag.paths(sourceIdsOrNames, targetIdsOrNames, {maxLength: 6, maxPaths: 25, maxPairs: 45, "
            + "maxRelationships: 400, excludedNodeIds: [], excludedRelIds: [], excludedPropertyIds: [], "
            + "maxPropertyFacts: 60, question: '', preset, schema}) :: (path, sourceId, targetId, length, nodeIds, "
            + "relationshipIds, facts, truncated, properties, propertiesOmitted) - all shortest paths between entities "
            + "over semantic relationships (KGRAG-Ex retrieval), exclusions applied inside the search; no row = no "
            + "path. Under a general mapping `properties` lists the property facts of the path's nodes and "
            + "relationships ({id, owner, ownerKind, key, value}), chosen over all paths together as xgrag.subgraph "
            + "chooses them (propertiesOmitted: left out of all paths by the cap)")
    public Stream<PathResult> paths(@Name("sourceIdsOrNames") Object sources,
                                    @Name("targetIdsOrNames") Object targets,
                                    @Name(value = "config", defaultValue = "{}") Map<String, Object> config) {
        Config c = new Config("xgrag.paths", config, PATH_KEYS);
        Schema schema = c.schema();
        Retrieval r = new Retrieval(tx, schema);
        int maxLength = c.integer("maxLength", Retrieval.MAX_PATH_LENGTH, 1, 8);
        int maxPaths = c.integer("maxPaths", Retrieval.MAX_PATHS, 1, 10_000);
        int maxPairs = c.integer("maxPairs", Retrieval.MAX_PAIRS, 1, 10_000);
        int maxRels = c.integer("maxRelationships", Retrieval.MAX_RELATIONSHIPS, 1, 1_000_000);
        int maxFacts = c.integer("maxPropertyFacts", PropertyFacts.MAX_PROPERTY_FACTS, 0, 1_000_000);
        List<String> exNodes = c.strings("excludedNodeIds");
        List<String> exRels = c.strings("excludedRelIds");
        List<String> exProps = c.strings("excludedPropertyIds");
        String question = c.string("question", "");
        if (c.bool("expandAliasExclusions", true)) {
            exNodes = r.expandExclusions(exNodes);
        }
        List<String> src = r.resolve(Retrieval.strings(sources, "xgrag.paths: sourceIdsOrNames"));
        List<String> dst = r.resolve(Retrieval.strings(targets, "xgrag.paths: targetIdsOrNames"));
        Retrieval.PathSearch search = r.paths(src, dst, maxLength, maxPaths, maxPairs, maxRels, exNodes, exRels);
        List<Retrieval.FoundPath> found = search.paths();
        // the facts are chosen over every path at once, as Python fills its paths-mode subgraph
        Retrieval.Sub union = search.union();
        r.readDirections(union);  // the same maps as the paths' rels: their facts read in their meaning's direction
        PropertyFacts.fill(r, schema, union, question, exProps, maxFacts);

        List<String> nodeIds = new ArrayList<>();
        List<Map<String, Object>> rels = new ArrayList<>();
        for (Retrieval.FoundPath p : found) {
            p.nodes().forEach(n -> nodeIds.add(Retrieval.id(n)));
            rels.addAll(p.rels());
        }
        Retrieval.Elements el = r.elements(new TreeSet<>(nodeIds), rels);
        List<PathResult> out = new ArrayList<>();
        for (Retrieval.FoundPath p : found) {
            PathResult pr = new PathResult();
            List<Node> ns = p.nodes().stream().map(n -> el.nodes().get(Retrieval.id(n))).toList();
            List<Relationship> rs = p.rels().stream().map(x -> el.rels().get(Retrieval.id(x))).toList();
            pr.path = new SimplePath(ns, rs);
            pr.sourceId = p.source();
            pr.targetId = p.target();
            pr.length = p.rels().size();
            pr.nodeIds = p.nodes().stream().map(Retrieval::id).toList();
            pr.relationshipIds = p.rels().stream().map(Retrieval::id).toList();
            Map<String, String> names = new HashMap<>();
            p.nodes().forEach(n -> names.put(Retrieval.id(n), String.valueOf(n.get("name"))));
            List<Map<String, Object>> facts = new ArrayList<>();
            for (Map<String, Object> x : p.rels()) {
                Map<String, Object> f = new LinkedHashMap<>();
                String head = names.get(String.valueOf(x.get("source")));
                String tail = names.get(String.valueOf(x.get("target")));
                Object relation = x.get("label");
                if (x.get("reading") instanceof Map<?, ?> reading) {
                    // a storage-ordered relationship (LightRAG's): stated in the direction its description states
                    relation = reading.get("relation");
                    if (Boolean.TRUE.equals(reading.get("reversed"))) {
                        String swap = head;
                        head = tail;
                        tail = swap;
                    }
                }
                f.put("id", x.get("id"));
                f.put("head", head);
                f.put("relation", relation);
                f.put("tail", tail);
                f.put("provenance", x.get("provenance"));
                if (x.get("reading") != null) {
                    f.put("reading", x.get("reading"));
                }
                facts.add(f);
            }
            pr.facts = facts;
            pr.truncated = search.truncated();
            List<String> owners = new ArrayList<>(pr.nodeIds);
            owners.addAll(pr.relationshipIds);
            pr.properties = union.propertiesOf(owners).stream().map(PropertyFacts.Fact::toRow).toList();
            pr.propertiesOmitted = union.propertiesOmitted;
            out.add(pr);
        }
        return out.stream();
    }

    // -- xgrag.aliases ------------------------------------------------------------------------------------

    @Procedure(name = "xgrag.aliases", mode = Mode.READ)
    @Description("xgrag.aliases({preset, schema}) :: (alias, canonical, aliasName, canonicalName, score, theta, method) "
            + "- the persisted alias map (ALIAS_OF links written by `xgrag dedup --persist`)")
    public Stream<AliasResult> aliases(@Name(value = "config", defaultValue = "{}") Map<String, Object> config) {
        Config c = new Config("xgrag.aliases", config, Set.of());
        Retrieval r = new Retrieval(tx, c.schema());
        List<AliasResult> out = new ArrayList<>();
        for (Map<String, Object> row : r.read("aliases_all", Map.of())) {
            Map<String, Object> a = Retrieval.map(row.get("alias"));
            Map<String, Object> k = Retrieval.map(row.get("canonical"));
            AliasResult ar = new AliasResult();
            ar.alias = Retrieval.id(a);
            ar.canonical = Retrieval.id(k);
            ar.aliasName = String.valueOf(a.get("name"));
            ar.canonicalName = String.valueOf(k.get("name"));
            ar.score = row.get("score") instanceof Number n ? n.doubleValue() : null;
            ar.theta = row.get("theta") instanceof Number n ? n.doubleValue() : null;
            ar.method = row.get("method") == null ? null : String.valueOf(row.get("method"));
            out.add(ar);
        }
        return out.stream();
    }

    // -- xgrag.centrality ---------------------------------------------------------------------------------

    static final double DAMPING = 0.85;
    static final int MAX_ITERATIONS = 200;
    static final double TOLERANCE = 1e-10;
    static final Set<String> CENTRALITY_KEYS = Set.of("damping", "maxIterations", "tolerance");

    @Procedure(name = "xgrag.centrality", mode = Mode.READ)
    @Description("xgrag.centrality(nodeIds, relIds = null, {damping: 0.85, maxIterations: 200, tolerance: 1e-10, preset, "
            + "schema}) :: (nodeId, degree, betweenness, pagerank) - GDS degree, betweenness and PageRank of the subgraph "
            + "of the given entities (and, when relIds is given, only those relationships; otherwise every semantic "
            + "relationship among them), as an undirected multigraph; nodeIds = null: every entity of the graph. "
            + "The GDS projection has a unique name and is always dropped")
    public Stream<CentralityResult> centrality(
            @Name(value = "nodeIds", defaultValue = "null") List<String> nodeIds,
            @Name(value = "relIds", defaultValue = "null") List<String> relIds,
            @Name(value = "config", defaultValue = "{}") Map<String, Object> config) {
        Config c = new Config("xgrag.centrality", config, CENTRALITY_KEYS);
        Schema schema = c.schema();
        Retrieval r = new Retrieval(tx, schema);
        Map<String, Object> algo = Retrieval.params("damping", c.number("damping", DAMPING),
                "max_iterations", (long) c.integer("maxIterations", MAX_ITERATIONS, 1, 1_000_000),
                "tolerance", c.number("tolerance", TOLERANCE));
        String graph = "xgrag_proc_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Map<Long, Map<String, Double>> raw;
        Map<Long, String> ids = new TreeMap<>();
        if (nodeIds == null) {
            // Reads the graph, so it runs in the caller's transaction (the caller's privileges).
            try {
                r.read("gds_project_entities", Retrieval.params("graph_name", graph));
                raw = runGds(r, graph, algo);
            } finally {
                drop(r, schema, graph);
            }
            for (Map<String, Object> row : r.read("gds_entity_ids", Retrieval.params("node_ids", new ArrayList<>(raw.keySet())))) {
                ids.put(((Number) row.get("nid")).longValue(), String.valueOf(row.get("id")));
            }
        } else {
            List<String> wanted = new ArrayList<>(new TreeSet<>(nodeIds));
            Map<String, String> names = new HashMap<>();
            for (Map<String, Object> row : r.read("nodes_by_id", Retrieval.params("ids", wanted, "excluded_node_ids", List.of()))) {
                Map<String, Object> n = Retrieval.map(row.get("node"));
                names.put(Retrieval.id(n), String.valueOf(n.get("name")));
            }
            List<String> unknown = wanted.stream().filter(x -> !names.containsKey(x)).toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("xgrag.centrality: no entity has the id(s) " + unknown);
            }
            if (wanted.isEmpty()) {
                return Stream.empty();
            }
            // Python's centrality.edge_index: nodes in id order, edges in Subgraph.sorted_relationships order
            Map<String, Long> pos = new HashMap<>();
            for (int i = 0; i < wanted.size(); i++) {
                pos.put(wanted.get(i), (long) i);
                ids.put((long) i, wanted.get(i));
            }
            List<Map<String, Object>> rels = new ArrayList<>();
            for (Map<String, Object> row : r.read("relationships_between",
                    Retrieval.params("ids", wanted, "rel_ids", relIds == null ? null : new ArrayList<>(new TreeSet<>(relIds))))) {
                rels.add(Retrieval.map(row.get("rel")));
            }
            rels.sort((a, b) -> Arrays.compare(
                    new String[] {names.get(String.valueOf(a.get("source"))), String.valueOf(a.get("label")),
                        names.get(String.valueOf(a.get("target"))), Retrieval.id(a)},
                    new String[] {names.get(String.valueOf(b.get("source"))), String.valueOf(b.get("label")),
                        names.get(String.valueOf(b.get("target"))), Retrieval.id(b)}));
            List<List<Long>> edges = new ArrayList<>();
            Set<Long> touched = new TreeSet<>();
            for (Map<String, Object> rel : rels) {
                long s = pos.get(String.valueOf(rel.get("source")));
                long t = pos.get(String.valueOf(rel.get("target")));
                edges.add(Arrays.asList(s, t));
                touched.add(s);
                touched.add(t);
            }
            for (long i = 0; i < wanted.size(); i++) {
                if (!touched.contains(i)) {
                    edges.add(Arrays.asList(i, null));
                }
            }
            // The projection is built from parameters alone (reads nothing), so it runs in a transaction of
            // its own: a GDS error then cannot leave the caller's transaction terminated before the drop.
            try (Transaction inner = db.beginTx()) {
                Retrieval ri = new Retrieval(inner, schema);
                try {
                    ri.read("gds_project_edges", Retrieval.params("graph_name", graph, "edges", edges));
                    raw = runGds(ri, graph, algo);
                } finally {
                    drop(ri, schema, graph);
                }
            }
        }
        List<CentralityResult> out = new ArrayList<>();
        for (Map.Entry<Long, String> e : ids.entrySet()) {
            Map<String, Double> s = raw.get(e.getKey());
            if (s == null) {
                continue;
            }
            CentralityResult cr = new CentralityResult();
            cr.nodeId = e.getValue();
            cr.degree = s.getOrDefault("degree", 0.0);
            cr.betweenness = s.getOrDefault("betweenness", 0.0);
            cr.pagerank = s.getOrDefault("pagerank", 0.0);
            out.add(cr);
        }
        out.sort((a, b) -> a.nodeId.compareTo(b.nodeId));
        return out.stream();
    }

    private static Map<Long, Map<String, Double>> runGds(Retrieval r, String graph, Map<String, Object> algo) {
        Map<String, Object> p = new HashMap<>(algo);
        p.put("graph_name", graph);
        Map<String, Object> row = r.read("gds_centrality", p).get(0);
        Map<Long, Map<String, Double>> out = new TreeMap<>();
        for (String[] kc : new String[][] {{"degree", "degrees"}, {"betweenness", "betweenness"}, {"pagerank", "pagerank"}}) {
            for (Object pair : Retrieval.list(row.get(kc[1]))) {
                List<Object> p2 = Retrieval.list(pair);
                out.computeIfAbsent(((Number) p2.get(0)).longValue(), k -> new HashMap<>())
                        .put(kc[0], ((Number) p2.get(1)).doubleValue());
            }
        }
        return out;
    }

    /**
     * Drops the projection; never masks the error that brought us here. When the transaction that made
     * the projection was terminated by a failing GDS call, the drop is retried in a fresh transaction.
     */
    private void drop(Retrieval r, Schema schema, String graph) {
        try {
            r.read("gds_drop", Retrieval.params("graph_name", graph));
            return;
        } catch (RuntimeException first) {
            try (Transaction fresh = db.beginTx()) {
                new Retrieval(fresh, schema).read("gds_drop", Retrieval.params("graph_name", graph));
                fresh.commit();
            } catch (RuntimeException second) {
                if (log != null) {
                    log.warn("xgrag.centrality: could not drop GDS graph '" + graph + "' (drop it with "
                            + "CALL gds.graph.drop('" + graph + "', false)): " + second);
                }
            }
        }
    }

    // -- xgrag.explanations ---------------------------------------------------------------------------------

    static final Set<String> EXPLANATION_KEYS = Set.of("question", "entityId", "relationshipId", "since", "until", "limit");
    static final List<String> COST_FIELDS = List.of("generator_calls", "prompt_tokens", "completion_tokens", "cache_hits",
            "seconds", "perturbations", "generator_seconds", "embedder_seconds", "retrieval_seconds");

    @Procedure(name = "xgrag.explanations", mode = Mode.READ)
    @Description("xgrag.explanations({question, entityId, relationshipId, since, until, limit: 20, preset, schema}) :: "
            + "(id, createdAt, question, answer, strategy, generator, embedder, noiseFloor, cost, configJson, "
            + "subgraphNodes, subgraphRelationships, top, matched) - explanations saved by `xgrag explain --save`, "
            + "newest first (cypher/explanations_query.cypher). question: case-insensitive substring; entityId: an "
            + "entity id or its exact name (case-insensitive) the explanation scored or that ends a scored "
            + "relationship; relationshipId: a scored relationship; since <= created_at < until (ISO-8601)")
    public Stream<ExplanationResult> explanations(@Name(value = "filters", defaultValue = "{}") Map<String, Object> filters) {
        Config c = new Config("xgrag.explanations", filters, EXPLANATION_KEYS);
        Retrieval r = new Retrieval(tx, c.schema());
        Map<String, Object> p = new HashMap<>();
        p.put("question", blankToNull(c.raw("question"), "question"));
        Object entity = blankToNull(c.raw("entityId"), "entityId");
        p.put("entity_id", entity == null ? null : resolveEntity(r, (String) entity));
        p.put("relationship_id", blankToNull(c.raw("relationshipId"), "relationshipId"));
        p.put("since", c.raw("since"));
        p.put("until", c.raw("until"));
        p.put("limit", c.raw("limit") == null ? null : (long) c.integer("limit", 20, 1, 1_000_000));
        p.put("schema_key", c.schema().key());
        List<ExplanationResult> out = new ArrayList<>();
        for (Map<String, Object> row : r.read("explanations_query", p)) {
            ExplanationResult er = new ExplanationResult();
            er.id = str(row.get("id"));
            er.createdAt = str(row.get("created_at"));
            er.question = str(row.get("question"));
            er.answer = str(row.get("answer"));
            er.strategy = str(row.get("strategy"));
            er.generator = str(row.get("generator"));
            er.embedder = str(row.get("embedder"));
            er.noiseFloor = row.get("noise_floor") instanceof Number n ? n.doubleValue() : null;
            Map<String, Object> cost = new LinkedHashMap<>();
            for (String k : COST_FIELDS) {
                if (row.get(k) != null) {
                    cost.put(k, row.get(k));
                }
            }
            er.cost = cost;
            er.configJson = str(row.get("config_json"));
            er.subgraphNodes = row.get("subgraph_nodes") instanceof Number n ? n.longValue() : null;
            er.subgraphRelationships = row.get("subgraph_relationships") instanceof Number n ? n.longValue() : null;
            er.top = maps(row.get("top"));
            er.matched = maps(row.get("matched"));
            out.add(er);
        }
        return out.stream();
    }

    /** As {@code explanations_store.resolve_entity}: the entity with this id, else the one entity with this name. */
    private static String resolveEntity(Retrieval r, String entity) {
        List<Map<String, Object>> rows = r.read("entity_resolve", Retrieval.params("entity", entity));
        for (Map<String, Object> row : rows) {
            if (Boolean.TRUE.equals(row.get("by_id"))) {
                return str(row.get("id"));
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("xgrag.explanations: no entity has the id or name '" + entity + "'");
        }
        if (rows.size() > 1) {
            List<String> ids = rows.stream().map(x -> str(x.get("id"))).limit(10).toList();
            throw new IllegalArgumentException("xgrag.explanations: " + rows.size() + " entities are named '" + entity
                    + "' (" + ids + "); pass an id instead");
        }
        return str(rows.get(0).get("id"));
    }

    private static Object blankToNull(Object v, String key) {
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("xgrag.explanations: " + key + " must be a string, got " + Schema.describe(v));
        }
        return s.isEmpty() ? null : s;
    }

    private static String str(Object o) {
        return o == null ? null : String.valueOf(o);
    }

    private static List<Map<String, Object>> maps(Object o) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object x : l) {
                out.add(Retrieval.map(x));
            }
        }
        return out;
    }

    // -- functions -------------------------------------------------------------------------------------------

    @UserFunction(name = "xgrag.version")
    @Description("xgrag.version() - the version of the xgrag procedures jar")
    public String version() {
        return VERSION;
    }

    @UserFunction(name = "xgrag.relationReading")
    @Description("xgrag.relationReading(sourceName, targetName, description, keywords) - how a relationship stored "
            + "(source)-[keywords]->(target) in an arbitrary direction (LightRAG's sorted pair) reads: {relation, "
            + "directed, reversed, evidence}, directed only when a sentence of its description names both ends with a "
            + "keyword between them (Python's xgrag.model.direction.read_stored)")
    public Map<String, Object> relationReading(@Name("sourceName") String source, @Name("targetName") String target,
                                               @Name("description") String description,
                                               @Name("keywords") String keywords) {
        if (source == null || target == null || keywords == null) {
            throw new IllegalArgumentException("xgrag.relationReading: sourceName, targetName and keywords are required");
        }
        return Direction.reading(source, target, description, keywords);
    }

    @UserFunction(name = "xgrag.query")
    @Description("xgrag.query(name, {preset, schema}) - the Cypher text of cypher/<name>.cypher rendered for a schema "
            + "mapping, exactly as the procedures (and the Python package) run it")
    public String query(@Name("name") String name,
                        @Name(value = "config", defaultValue = "{}") Map<String, Object> config) {
        Config c = new Config("xgrag.query", config, Set.of());
        return Queries.get(name, c.schema());
    }

    private static String loadVersion() {
        try (InputStream in = XgragProcedures.class.getResourceAsStream("/org/xgrag/procedures/xgrag-procedures.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
