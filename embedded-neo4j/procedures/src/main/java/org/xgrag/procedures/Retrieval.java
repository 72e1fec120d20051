package org.xgrag.procedures;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

/**
 * The retrieval steps of {@code xgrag.retrieval.Retriever}, step for step, over the same named queries:
 * seeds through nodes_by_id, alias clusters through alias_links, per-hop expansion through expand with the
 * same caps and truncation rules, shortest paths through shortest_paths, mention provenance through
 * provenance_mentions. Only reads.
 */
final class Retrieval {

    /** Defaults of {@code xgrag.config.RetrievalSettings}, from cypher/shared_config.json. */
    static final int HOPS = Shared.retrieval("hops");
    static final int MAX_NODES = Shared.retrieval("max_nodes");
    static final int MAX_RELATIONSHIPS = Shared.retrieval("max_relationships");
    static final int MAX_PATH_LENGTH = Shared.retrieval("max_path_length");
    static final int MAX_PATHS = Shared.retrieval("max_paths");
    static final int MAX_PAIRS = Shared.retrieval("max_pairs");

    private final Transaction tx;
    private final Schema schema;

    Retrieval(Transaction tx, Schema schema) {
        this.tx = tx;
        this.schema = schema;
    }

    // -- running named queries ------------------------------------------------------------------

    List<Map<String, Object>> read(String name, Map<String, Object> params) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Result r = tx.execute(Queries.get(name, schema), params)) {
            while (r.hasNext()) {
                rows.add(r.next());
            }
        }
        return rows;
    }

    static Map<String, Object> params(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return (List<Object>) o;
    }

    static String id(Map<String, Object> element) {
        return String.valueOf(element.get("id"));
    }

    static final int REL_ROW_LENGTH = Queries.REL_ROW.size() + Queries.PROVENANCE_ROW.size();

    /** Python's {@code _rel_row}: a relationship from a {{RELROW}} list (field order: Queries.REL_ROW). */
    static Map<String, Object> relFromRow(List<Object> row) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> fields = Queries.REL_ROW;
        for (int i = 0; i < fields.size(); i++) {
            Object value = row.get(i);
            out.put(fields.get(i), "description".equals(fields.get(i)) ? value : String.valueOf(value));
        }
        Map<String, Object> prov = new TreeMap<>();
        for (int i = 0; i < Queries.PROVENANCE_ROW.size(); i++) {
            Object value = row.get(fields.size() + i);
            if (value != null) {
                prov.put(Queries.PROVENANCE_ROW.get(i), value);
            }
        }
        if (prov.containsKey("other_sources")) {
            prov = withSources(prov, prov.get("other_sources"));
        }
        out.put("provenance", prov);
        return out;
    }

    /** The fields of one source of a fact, as Python's {@code xgrag.model.graph.SOURCE_FIELDS}. */
    static final List<String> SOURCE_FIELDS = List.of("doc_id", "chunk_id", "chunk_index", "source", "extractor", "line");

    private static Map<String, Object> sourceEntry(Map<?, ?> data) {
        Map<String, Object> entry = new TreeMap<>();
        for (String k : SOURCE_FIELDS) {
            if (data.get(k) != null) {
                entry.put(k, data.get(k));
            }
        }
        return entry;
    }

    /**
     * Python's {@code with_sources}: a fact xgrag's ingestion saw in several documents keeps its further sources as
     * JSON objects in {@code other_sources}; {@code documents} lists the fact's own source first, then each further
     * one (an entry that is not a JSON object as {@code unreadable} with its first 200 characters).
     */
    static Map<String, Object> withSources(Map<String, Object> prov, Object raw) {
        Map<String, Object> out = new TreeMap<>(prov);
        out.remove("other_sources");
        List<Object> extra = new ArrayList<>();
        if (raw instanceof Collection<?> c) {
            extra.addAll(c);
        } else if (raw instanceof Object[] a) {
            extra.addAll(List.of(a));
        } else {
            return out;
        }
        List<Map<String, Object>> docs = new ArrayList<>();
        docs.add(sourceEntry(prov));
        for (Object item : extra) {
            Object data;
            try {
                data = Json.parse(String.valueOf(item));
            } catch (RuntimeException e) {
                data = null;
            }
            Map<String, Object> entry;
            if (data instanceof Map<?, ?> m) {
                entry = sourceEntry(m);
            } else {
                String text = String.valueOf(item);
                entry = new TreeMap<>(Map.of("unreadable", text.length() > 200 ? text.substring(0, 200) : text));
            }
            if (!docs.contains(entry)) {
                docs.add(entry);
            }
        }
        out.put("documents", docs);
        return out;
    }

    /** Python's {@code _node_row}: a node from a {{NODEROW}} list starting at {@code at} (order: Queries.NODE_ROW). */
    static Map<String, Object> nodeFromRow(List<Object> row, int at) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> fields = Queries.NODE_ROW;
        for (int i = 0; i < fields.size(); i++) {
            Object value = row.get(at + i);
            switch (fields.get(i)) {
                case "id", "name" -> out.put(fields.get(i), String.valueOf(value));
                case "aliases" -> out.put("aliases", value == null ? List.of() : value);
                default -> out.put(fields.get(i), value);
            }
        }
        return out;
    }

    static Map<String, Object> cleanNode(Map<String, Object> node) {
        Map<String, Object> out = new LinkedHashMap<>(node);
        out.put("id", String.valueOf(node.get("id")));
        out.put("name", String.valueOf(node.get("name")));
        return out;
    }

    // -- seeds ------------------------------------------------------------------------------------

    /**
     * Each value is an entity id when one has it, otherwise an exact entity name (all entities of that
     * name, in id order). Exclusions are not applied here: retrieval drops excluded seeds itself.
     */
    List<String> resolve(Collection<String> idsOrNames) {
        List<String> values = new ArrayList<>(new LinkedHashSet<>(idsOrNames));
        Set<String> ids = new HashSet<>();
        for (Map<String, Object> row : read("nodes_by_id", params("ids", values, "excluded_node_ids", List.of()))) {
            ids.add(id(map(row.get("node"))));
        }
        List<String> names = values.stream().filter(v -> !ids.contains(v)).toList();
        Map<String, Set<String>> byName = new HashMap<>();
        if (!names.isEmpty()) {
            // a general mapping's composed names have no index to look up (entities_by_name scans the mapped labels)
            String query = schema.general() ? "entities_by_name" : "link_exact";
            for (Map<String, Object> row : read(query, params("names", names, "excluded_node_ids", List.of()))) {
                byName.computeIfAbsent(String.valueOf(row.get("candidate")), k -> new TreeSet<>())
                        .add(id(map(row.get("node"))));
            }
        }
        List<String> out = new ArrayList<>();
        for (String v : values) {
            if (ids.contains(v)) {
                out.add(v);
            } else {
                out.addAll(byName.getOrDefault(v, Set.of()));
            }
        }
        return new ArrayList<>(new LinkedHashSet<>(out));
    }

    // -- aliases and exclusions ------------------------------------------------------------------

    /** (alias, canonical) node maps of the persisted alias clusters of the given entities. */
    List<Map<String, Object>[]> aliasLinks(Collection<String> ids) {
        List<Map<String, Object>[]> out = new ArrayList<>();
        if (ids.isEmpty()) {
            return out;
        }
        for (Map<String, Object> row : read("alias_links", params("ids", new ArrayList<>(new TreeSet<>(ids))))) {
            @SuppressWarnings("unchecked")
            Map<String, Object>[] pair = new Map[] {cleanNode(map(row.get("alias"))), cleanNode(map(row.get("canonical")))};
            out.add(pair);
        }
        return out;
    }

    /** {@code Retriever.expand_exclusions}: excluding a canonical entity excludes its persisted aliases too. */
    List<String> expandExclusions(Collection<String> excludedNodeIds) {
        Set<String> nodes = new TreeSet<>(excludedNodeIds);
        for (Map<String, Object>[] link : aliasLinks(new TreeSet<>(excludedNodeIds))) {
            if (nodes.contains(id(link[1]))) {
                nodes.add(id(link[0]));
            }
        }
        return new ArrayList<>(nodes);
    }

    // -- k-hop ------------------------------------------------------------------------------------

    static final class Sub {
        final Map<String, Map<String, Object>> nodes = new LinkedHashMap<>();
        final Map<String, Map<String, Object>> rels = new LinkedHashMap<>();
        final Map<String, String> aliasMap = new TreeMap<>();
        final List<List<String>> paths = new ArrayList<>();
        List<String> seeds = new ArrayList<>();
        boolean truncated;
        String mode;
        /** Facts stored in properties of the nodes and relationships above, by id (PropertyFacts.fill). */
        final Map<String, PropertyFacts.Fact> properties = new LinkedHashMap<>();
        /** Property facts of these elements left out by the cap (max_property_facts). */
        int propertiesOmitted;

        /** The shape of Python's {@code Subgraph.to_json()} ({@code xgrag retrieve --json}). */
        Map<String, Object> toJson() {
            List<Map<String, Object>> ns = new ArrayList<>();
            nodes.values().stream()
                    .sorted((a, b) -> {
                        int c = String.valueOf(a.get("name")).compareTo(String.valueOf(b.get("name")));
                        return c != 0 ? c : id(a).compareTo(id(b));
                    })
                    .forEach(n -> {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("id", n.get("id"));
                        m.put("name", n.get("name"));
                        m.put("type", n.get("type"));
                        ns.add(m);
                    });
            List<Map<String, Object>> rs = new ArrayList<>();
            for (Map<String, Object> r : sortedRels()) {
                Map<String, Object> m = new LinkedHashMap<>();
                for (String k : List.of("id", "source", "target", "label", "provenance")) {
                    m.put(k, r.get(k));
                }
                rs.add(m);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("nodes", ns);
            out.put("relationships", rs);
            out.put("seeds", List.copyOf(seeds));
            out.put("truncated", truncated);
            out.put("mode", mode);
            out.put("fallback", null);
            // Subgraph.reason explains mode "auto" (Python's retrieval.focus); the procedures run k-hop and
            // shortest paths only, whose reason is null in Python too
            out.put("reason", null);
            out.put("alias_map", new LinkedHashMap<>(aliasMap));
            out.put("properties", sortedProperties().stream().map(PropertyFacts.Fact::toJson).toList());
            out.put("properties_omitted", propertiesOmitted);
            return out;
        }

        /**
         * Python's {@code Subgraph.sorted_properties}: by (owner's name, key, id); a relationship's facts under its
         * start node's name. Stable across perturbations.
         */
        List<PropertyFacts.Fact> sortedProperties() {
            List<PropertyFacts.Fact> out = new ArrayList<>(properties.values());
            out.sort((a, b) -> {
                String[] ka = propertyKey(a);
                String[] kb = propertyKey(b);
                for (int i = 0; i < ka.length; i++) {
                    int c = ka[i].compareTo(kb[i]);
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
            return out;
        }

        private String[] propertyKey(PropertyFacts.Fact f) {
            String head;
            if ("node".equals(f.ownerKind()) && nodes.containsKey(f.owner())) {
                head = String.valueOf(nodes.get(f.owner()).get("name"));
            } else {
                Map<String, Object> rel = rels.get(f.owner());
                String source = rel == null ? null : String.valueOf(rel.get("source"));
                head = source != null && nodes.containsKey(source) ? String.valueOf(nodes.get(source).get("name"))
                        : f.owner();
            }
            return new String[] {head, f.key(), f.id()};
        }

        /** This subgraph's property facts owned by the given elements, in canonical order (one path's share). */
        List<PropertyFacts.Fact> propertiesOf(Collection<String> owners) {
            Set<String> wanted = new HashSet<>(owners);
            return sortedProperties().stream().filter(f -> wanted.contains(f.owner())).toList();
        }

        /** Python's {@code Subgraph.sorted_relationships}: by (source name, label, target name, id). */
        List<Map<String, Object>> sortedRels() {
            List<Map<String, Object>> out = new ArrayList<>(rels.values());
            out.sort((a, b) -> {
                String[] ka = relKey(a);
                String[] kb = relKey(b);
                for (int i = 0; i < ka.length; i++) {
                    int c = ka[i].compareTo(kb[i]);
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
            return out;
        }

        private String[] relKey(Map<String, Object> r) {
            return new String[] {
                String.valueOf(nodes.get(String.valueOf(r.get("source"))).get("name")),
                String.valueOf(r.get("label")),
                String.valueOf(nodes.get(String.valueOf(r.get("target"))).get("name")),
                id(r)};
        }
    }

    Sub khop(List<String> seeds, int hops, int maxNodes, int maxRels, List<String> exNodes, List<String> exRels) {
        if (hops < 1 || hops > 4) {
            throw new IllegalArgumentException("hops must be within 1..4, got " + hops);
        }
        Set<String> excluded = new TreeSet<>(exNodes);
        List<String> exN = new ArrayList<>(excluded);
        List<String> exR = new ArrayList<>(new TreeSet<>(exRels));
        Sub sub = new Sub();
        sub.mode = "khop";
        for (Map<String, Object> row : read("nodes_by_id",
                params("ids", new ArrayList<>(new TreeSet<>(seeds)), "excluded_node_ids", exN))) {
            Map<String, Object> n = cleanNode(map(row.get("node")));
            sub.nodes.put(id(n), n);
        }
        sub.seeds = new ArrayList<>(new LinkedHashSet<>(seeds)).stream().filter(sub.nodes::containsKey).toList();
        List<String> frontier = withAliases(sub, new ArrayList<>(sub.seeds), excluded, maxNodes);
        for (int hop = 0; hop < hops; hop++) {
            if (frontier.isEmpty()) {
                break;
            }
            int room = maxRels - sub.rels.size();
            if (room <= 0) {
                sub.truncated = true;
                break;
            }
            List<Object> rows = list(read("expand", params("frontier", new ArrayList<>(new TreeSet<>(frontier)),
                    "excluded_node_ids", exN, "excluded_rel_ids", exR, "limit", (long) room + 1)).get(0).get("rows"));
            if (rows.size() > room) {
                sub.truncated = true;
                rows = rows.subList(0, room);
            }
            List<String> fresh = new ArrayList<>();
            for (Object item : rows) {
                List<Object> row = list(item);
                Map<String, Object> rel = relFromRow(row);
                Map<String, Object> node = nodeFromRow(row, REL_ROW_LENGTH);
                if (sub.rels.containsKey(id(rel))) {
                    continue;
                }
                if (!sub.nodes.containsKey(id(node))) {
                    if (sub.nodes.size() >= maxNodes) {
                        sub.truncated = true;
                        continue;
                    }
                    sub.nodes.put(id(node), node);
                    fresh.add(id(node));
                }
                sub.rels.put(id(rel), rel);
            }
            frontier = withAliases(sub, fresh, excluded, maxNodes);
        }
        fillProvenance(sub);
        return sub;
    }

    private List<String> withAliases(Sub sub, List<String> ids, Set<String> excluded, int maxNodes) {
        List<String> out = new ArrayList<>(ids);
        for (Map<String, Object>[] link : aliasLinks(ids)) {
            for (Map<String, Object> node : link) {
                String nid = id(node);
                if (excluded.contains(nid)) {
                    continue;
                }
                if (!sub.nodes.containsKey(nid) && sub.nodes.size() < maxNodes) {
                    sub.nodes.put(nid, node);
                    out.add(nid);
                }
            }
            String a = id(link[0]);
            String c = id(link[1]);
            if (sub.nodes.containsKey(a) && sub.nodes.containsKey(c)) {
                sub.aliasMap.put(a, c);
            }
        }
        return out;
    }

    // -- shortest paths -------------------------------------------------------------------------

    record FoundPath(String source, String target, List<Map<String, Object>> nodes, List<Map<String, Object>> rels) {}

    /** The paths found, the seeds they were searched between (sources and targets not excluded), the cap hit. */
    record PathSearch(List<FoundPath> paths, List<String> seeds, boolean truncated) {

        /** Every path's nodes and relationships together (Python's paths-mode Subgraph), seeds marked. */
        Sub union() {
            Sub sub = new Sub();
            sub.mode = "paths";
            sub.seeds = seeds;
            for (FoundPath p : paths) {
                p.nodes().forEach(n -> sub.nodes.putIfAbsent(id(n), n));
                p.rels().forEach(r -> sub.rels.putIfAbsent(id(r), r));
            }
            return sub;
        }
    }

    /**
     * {@code Retriever.paths} without its k-hop fallback: all shortest paths for each (source, target) pair,
     * the unordered pair taken once, pairs in sorted order (with sources = targets = seeds this is exactly
     * {@code combinations(sorted(seeds), 2)}), at most {@code maxPairs} pairs and {@code maxPaths} paths per
     * pair; a path that would take the distinct relationships over {@code maxRels} ends that pair.
     */
    PathSearch paths(List<String> sources, List<String> targets, int maxLength, int maxPaths, int maxPairs,
                     int maxRels, List<String> exNodes, List<String> exRels) {
        if (maxLength < 1 || maxLength > 8) {
            throw new IllegalArgumentException("maxLength must be within 1..8, got " + maxLength);
        }
        List<String> exN = new ArrayList<>(new TreeSet<>(exNodes));
        List<String> exR = new ArrayList<>(new TreeSet<>(exRels));
        Set<String> all = new TreeSet<>(sources);
        all.addAll(targets);
        Set<String> present = new HashSet<>();
        for (Map<String, Object> row : read("nodes_by_id", params("ids", new ArrayList<>(all), "excluded_node_ids", exN))) {
            present.add(id(map(row.get("node"))));
        }
        List<String[]> pairs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String a : new TreeSet<>(sources)) {
            for (String b : new TreeSet<>(targets)) {
                if (a.equals(b) || !present.contains(a) || !present.contains(b)) {
                    continue;
                }
                String key = a.compareTo(b) < 0 ? a + "\u0000" + b : b + "\u0000" + a;
                if (seen.add(key)) {
                    pairs.add(new String[] {a, b});
                }
            }
        }
        List<FoundPath> out = new ArrayList<>();
        Set<String> relIds = new HashSet<>();
        boolean truncated = false;
        for (String[] pair : pairs.subList(0, Math.min(maxPairs, pairs.size()))) {
            List<Map<String, Object>> rows = read("shortest_paths", params("source_id", pair[0], "target_id", pair[1],
                    "max_length", (long) maxLength, "max_paths", (long) maxPaths,
                    "excluded_node_ids", exN, "excluded_rel_ids", exR));
            for (Map<String, Object> row : rows) {
                List<Object> rels = list(row.get("rels"));
                if (relIds.size() + rels.size() > maxRels) {
                    truncated = true;
                    break;
                }
                List<Map<String, Object>> rs = rels.stream().map(r -> relFromRow(list(r))).toList();
                List<Map<String, Object>> ns = list(row.get("nodes")).stream().map(n -> nodeFromRow(list(n), 0)).toList();
                rs.forEach(r -> relIds.add(id(r)));
                out.add(new FoundPath(pair[0], pair[1], ns, rs));
            }
        }
        List<String> seeds = new ArrayList<>(new LinkedHashSet<>(sources));
        seeds.addAll(targets);
        return new PathSearch(out, new ArrayList<>(new LinkedHashSet<>(seeds)).stream().filter(present::contains).toList(),
                truncated);
    }

    // -- provenance and graph elements ----------------------------------------------------------

    void fillProvenance(Sub sub) {
        String separator = schema.prov("value_separator");
        if ("relationship".equals(schema.prov("mode")) && separator != null && !sub.rels.isEmpty()) {
            for (Map<String, Object> rel : sub.rels.values()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> prov = (Map<String, Object>) rel.get("provenance");
                rel.put("provenance", splitProvenance(prov == null ? Map.of() : prov, separator));
            }
            return;
        }
        if (!"mentions".equals(schema.prov("mode")) || sub.rels.isEmpty()) {
            return;
        }
        List<Map<String, Object>> pairs = new ArrayList<>();
        for (Map<String, Object> r : sub.sortedRels()) {
            pairs.add(params("id", r.get("id"), "source", r.get("source"), "target", r.get("target")));
        }
        for (Map<String, Object> row : read("provenance_mentions", params("pairs", pairs))) {
            Map<String, Object> rel = sub.rels.get(String.valueOf(row.get("id")));
            Map<String, Object> prov = new TreeMap<>();
            if (row.get("prov") instanceof Map<?, ?> pm) {
                for (Map.Entry<?, ?> e : pm.entrySet()) {
                    if (e.getValue() != null) {
                        prov.put(String.valueOf(e.getKey()), e.getValue());
                    }
                }
            }
            rel.put("provenance", prov);
        }
    }

    /**
     * Python's {@code split_provenance}: stored provenance whose properties join several values with
     * {@code separator} (LightRAG's {@code <SEP>}): one {@code documents} entry per chunk id, a doc id or source on
     * every entry when there is exactly one, several listed as {@code doc_ids} / {@code sources}.
     */
    static Map<String, Object> splitProvenance(Map<String, Object> prov, String separator) {
        Map<String, Object> out = new TreeMap<>();
        for (Map.Entry<String, Object> e : prov.entrySet()) {
            if (!List.of("chunk_id", "doc_id", "source").contains(e.getKey())) {
                out.put(e.getKey(), e.getValue());
            }
        }
        List<String> chunks = splitValues(prov.get("chunk_id"), separator);
        List<String> docs = splitValues(prov.get("doc_id"), separator);
        List<String> sources = splitValues(prov.get("source"), separator);
        Map<String, Object> common = new TreeMap<>();
        if (docs.size() == 1) {
            common.put("doc_id", docs.get(0));
        }
        if (sources.size() == 1) {
            common.put("source", sources.get(0));
        }
        List<Map<String, Object>> entries = new ArrayList<>();
        for (String c : chunks) {
            Map<String, Object> entry = new TreeMap<>(common);
            entry.put("chunk_id", c);
            entries.add(entry);
        }
        if (entries.isEmpty() && !common.isEmpty()) {
            entries.add(common);
        }
        if (!entries.isEmpty()) {
            out.put("documents", entries);
        }
        if (docs.size() > 1) {
            out.put("doc_ids", docs);
        }
        if (sources.size() > 1) {
            out.put("sources", sources);
        }
        return out;
    }

    private static List<String> splitValues(Object raw, String separator) {
        if (raw == null) {
            return List.of();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String part : String.valueOf(raw).split(java.util.regex.Pattern.quote(separator), -1)) {
            if (!part.strip().isEmpty()) {
                out.add(part.strip());
            }
        }
        return new ArrayList<>(out);
    }

    record Elements(Map<String, Node> nodes, Map<String, Relationship> rels) {}

    /** The stored nodes and relationships behind ids (graph_elements.cypher). */
    Elements elements(Collection<String> nodeIds, Collection<Map<String, Object>> rels) {
        List<Map<String, Object>> relParams = new ArrayList<>();
        for (Map<String, Object> r : rels) {
            relParams.add(params("id", r.get("id"), "source", r.get("source"), "target", r.get("target")));
        }
        Map<String, Node> ns = new HashMap<>();
        Map<String, Relationship> rs = new HashMap<>();
        for (Map<String, Object> row : read("graph_elements",
                params("node_ids", new ArrayList<>(nodeIds), "rels", relParams))) {
            for (Object pair : list(row.get("nodes"))) {
                List<Object> p = list(pair);
                ns.put(String.valueOf(p.get(0)), (Node) p.get(1));
            }
            for (Object pair : list(row.get("rels"))) {
                List<Object> p = list(pair);
                rs.put(String.valueOf(p.get(0)), (Relationship) p.get(1));
            }
        }
        return new Elements(ns, rs);
    }

    static List<String> strings(Object value, String what) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof String s) {
            return List.of(s);
        }
        if (value instanceof List<?> l) {
            List<String> out = new ArrayList<>();
            for (Object o : l) {
                if (o == null) {
                    throw new IllegalArgumentException(what + ": null in the list");
                }
                out.add(o instanceof String s ? s : String.valueOf(o));
            }
            return out;
        }
        throw new IllegalArgumentException(what + ": expected a string or a list of strings, got " + Schema.describe(value));
    }
}
