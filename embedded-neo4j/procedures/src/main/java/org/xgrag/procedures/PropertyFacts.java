package org.xgrag.procedures;

import java.lang.reflect.Array;
import java.text.Normalizer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAmount;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.neo4j.graphdb.spatial.Point;

/**
 * Facts stored in properties (a general mapping's fact properties), as {@code Retriever.fill_properties} reads
 * them: the same node_facts / rel_facts queries with the same transient filter ("&lt;element id&gt;#&lt;key&gt;"),
 * the same cap ({@code max_property_facts}) and, over it, the seeds' own facts first, then those whose key's words
 * the question contains (the words of the seeds' own types aside), then a seed's relationships' and neighbours'
 * before the others', then by id; a seed's neighbour of a type the question names ranks its facts right after the
 * seeds' own. The seeds' own are a seed's, a relationship's between two seeds, and those of
 * an entity next to two seeds and of its relationships to them, as Python counts them. Python's retriever chooses
 * more finely, and differs from these procedures where it does: it adds an embedding similarity to the second
 * criterion when it has an embedder, puts first the facts stating a day the question names or a lone number it
 * names on a seed's relationship ("who got Ireland's 12 points in 1998"), and counts no entity next to two seeds as
 * theirs when more than three are (model.graph.BRIDGES_AT_MOST: what the seeds share, none in particular).
 */
final class PropertyFacts {

    static final int MAX_PROPERTY_FACTS = Shared.retrieval("max_property_facts");
    static final String SEPARATOR = "#";

    private PropertyFacts() {}

    /** A fact stored in a property: {@code (Chai) unitPrice 18.0}, {@code (Order 10248)-[ORDERS {quantity: 12}]->(...)}. */
    record Fact(String owner, String key, Object value, String ownerKind) {

        String id() {
            return owner + SEPARATOR + key;
        }

        /** The shape of Python's {@code PropertyFact.to_json()}: the value as JSON holds it (dates as ISO text). */
        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", id());
            m.put("owner", owner);
            m.put("owner_kind", ownerKind);
            m.put("key", key);
            m.put("value", plain(value));
            return m;
        }

        /** A procedure's row: the value as stored (dates stay Neo4j temporal values, comparable in Cypher). */
        Map<String, Object> toRow() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", id());
            m.put("owner", owner);
            m.put("ownerKind", ownerKind);
            m.put("key", key);
            m.put("value", value);
            return m;
        }
    }

    /**
     * The property facts of {@code sub}'s nodes and relationships into {@code sub.properties}, minus {@code excluded};
     * over {@code cap}, the most relevant are kept (see the class comment) and the rest counted in
     * {@code sub.propertiesOmitted}.
     */
    static void fill(Retrieval r, Schema schema, Retrieval.Sub sub, String question, Collection<String> excluded, int cap) {
        if (!schema.hasPropertyFacts()) {
            return;
        }
        List<String> ex = new ArrayList<>(new TreeSet<>(excluded));
        List<Fact> found = new ArrayList<>();
        if (!schema.nodeFacts().isEmpty() && !sub.nodes.isEmpty()) {
            found.addAll(read(r, "node_facts", sub.nodes.keySet(), ex, "node"));
        }
        if (!schema.relationshipFacts().isEmpty() && !sub.rels.isEmpty()) {
            found.addAll(read(r, "rel_facts", sub.rels.keySet(), ex, "relationship"));
        }
        if (found.size() > cap) {
            found = mostRelevant(sub, question, found);
            sub.propertiesOmitted += found.size() - cap;
            found = found.subList(0, cap);
        }
        for (Fact f : found) {
            sub.properties.putIfAbsent(f.id(), f);
        }
    }

    private static List<Fact> read(Retrieval r, String query, Collection<String> ids, List<String> ex, String kind) {
        List<Fact> out = new ArrayList<>();
        for (Map<String, Object> row : r.read(query, Retrieval.params("ids", new ArrayList<>(new TreeSet<>(ids)),
                "excluded_property_ids", ex))) {
            out.add(new Fact(String.valueOf(row.get("owner")), String.valueOf(row.get("key")), stored(row.get("value")),
                    kind));
        }
        return out;
    }

    /**
     * All of {@code facts}, most relevant first: the seeds' own (as {@link #own} says), then by {@link #relevance},
     * then by id.
     */
    private static List<Fact> mostRelevant(Retrieval.Sub sub, String question, List<Fact> facts) {
        Set<String> own = own(sub);
        Set<String> near = near(sub);
        List<String> ownTypes = new ArrayList<>();
        for (String seed : sub.seeds) {
            Map<String, Object> node = sub.nodes.get(seed);
            if (node != null && node.get("type") != null) {
                ownTypes.add(String.valueOf(node.get("type")));
            }
        }
        List<String> asked = askedWords(question, ownTypes);
        Map<String, Integer> rel = relevance(asked, facts.stream().map(Fact::key).distinct().toList());
        Set<String> typed = typedNeighbours(sub, asked);
        List<Fact> out = new ArrayList<>(facts);
        out.sort(Comparator.<Fact>comparingInt(f -> own.contains(f.owner()) ? 0 : typed.contains(f.owner()) ? 1 : 2)
                .thenComparing(f -> -rel.getOrDefault(f.key(), 0))
                .thenComparingInt(f -> near.contains(f.owner()) ? 0 : 1)
                .thenComparing(Fact::id));
        return out;
    }

    /**
     * A seed's neighbours of a type one of the {@code asked} words names ({@link #askedWords}) and its relationships
     * to them, as {@code Retriever._most_relevant}'s {@code typed} ("what kind of place did X visit": the places X
     * visited).
     */
    static Set<String> typedNeighbours(Retrieval.Sub sub, List<String> asked) {
        Set<String> seeds = new HashSet<>(sub.seeds);
        Set<String> out = new HashSet<>();
        for (Map<String, Object> r : sub.rels.values()) {
            String source = String.valueOf(r.get("source"));
            String target = String.valueOf(r.get("target"));
            if (!seeds.contains(source) && !seeds.contains(target)) {
                continue;
            }
            for (String n : List.of(source, target)) {
                Map<String, Object> node = sub.nodes.get(n);
                if (seeds.contains(n) || node == null || node.get("type") == null) {
                    continue;
                }
                for (String t : keyWords(String.valueOf(node.get("type")))) {
                    if (asked.stream().anyMatch(w -> sameWord(t, w))) {
                        out.add(n);
                        break;
                    }
                }
            }
        }
        // ... and the seeds' relationships to them ("what quantity of Chai did each order hold": ORDERS' quantity)
        Set<String> rels = new HashSet<>();
        for (Map.Entry<String, Map<String, Object>> e : sub.rels.entrySet()) {
            String source = String.valueOf(e.getValue().get("source"));
            String target = String.valueOf(e.getValue().get("target"));
            if ((seeds.contains(source) || seeds.contains(target)) && (out.contains(source) || out.contains(target))) {
                rels.add(e.getKey());
            }
        }
        out.addAll(rels);
        return out;
    }

    /**
     * A seed's relationships and the entities at their ends, as {@code Retriever._most_relevant}'s {@code near}: of
     * facts under one key (every venue's city), theirs come first.
     */
    static Set<String> near(Retrieval.Sub sub) {
        Set<String> seeds = new HashSet<>(sub.seeds);
        Set<String> out = new HashSet<>();
        for (Map.Entry<String, Map<String, Object>> e : sub.rels.entrySet()) {
            String source = String.valueOf(e.getValue().get("source"));
            String target = String.valueOf(e.getValue().get("target"));
            if (seeds.contains(source) || seeds.contains(target)) {
                out.add(e.getKey());
                out.add(source);
                out.add(target);
            }
        }
        return out;
    }

    /**
     * The elements whose facts are the seeds' own, as {@code Retriever._most_relevant} counts them: the seeds, a
     * relationship between two seeds, an entity next to two seeds and its relationships to them.
     */
    static Set<String> own(Retrieval.Sub sub) {
        Set<String> seeds = new HashSet<>(sub.seeds);
        Map<String, Set<String>> nextTo = new HashMap<>();
        for (Map<String, Object> r : sub.rels.values()) {
            String source = String.valueOf(r.get("source"));
            String target = String.valueOf(r.get("target"));
            if (seeds.contains(source)) {
                nextTo.computeIfAbsent(target, k -> new HashSet<>()).add(source);
            }
            if (seeds.contains(target)) {
                nextTo.computeIfAbsent(source, k -> new HashSet<>()).add(target);
            }
        }
        Set<String> linking = new HashSet<>();
        nextTo.forEach((n, near) -> {
            if (near.size() > 1 && !seeds.contains(n)) {
                linking.add(n);
            }
        });
        Set<String> own = new HashSet<>(seeds);
        own.addAll(linking);
        for (Map.Entry<String, Map<String, Object>> e : sub.rels.entrySet()) {
            String source = String.valueOf(e.getValue().get("source"));
            String target = String.valueOf(e.getValue().get("target"));
            boolean between = seeds.contains(source) && seeds.contains(target);
            boolean toLinking = (seeds.contains(source) && linking.contains(target))
                    || (seeds.contains(target) && linking.contains(source));
            if (between || toLinking) {
                own.add(e.getKey());
            }
        }
        return own;
    }

    // -- which keys a question is about: xgrag.retrieval.properties.property_relevance without an embedder ----------

    /**
     * The question's words but those of {@code ownTypes}, the types of its own entities ("match" in "the match on
     * 5/21/2017" says which entity, not what is asked of it): {@code xgrag.retrieval.properties.asked_words}.
     */
    static List<String> askedWords(String question, Collection<String> ownTypes) {
        List<String> own = new ArrayList<>();
        for (String t : ownTypes) {
            own.addAll(keyWords(t));
        }
        List<String> words = new ArrayList<>();
        List<String> typed = new ArrayList<>(keyTokens(question == null ? "" : question));
        // Python's asked_words: a key typed as the graph writes it ("AssocID") says its words too ("assoc", "id")
        Matcher camel = CAMEL_TOKEN.matcher(question == null ? "" : question);
        while (camel.find()) {
            for (String w : keyWords(camel.group())) {
                if (!typed.contains(w)) {
                    typed.add(w);
                }
            }
        }
        for (String w : typed) {
            if (own.stream().noneMatch(o -> sameWord(w, o))) {
                words.add(w);
            }
        }
        return words;
    }

    /** Python's _CAMEL_TOKEN: a word with a capital inside it after a small letter ("AssocID", "releaseDate"). */
    static final Pattern CAMEL_TOKEN = Pattern.compile("\\b[A-Za-z]*[a-z][A-Z][A-Za-z0-9]*\\b");

    /** key -> how many of the key's words ("unitPrice": unit, price) the question's {@code words} hold (plurals too). */
    static Map<String, Integer> relevance(List<String> words, Collection<String> keys) {
        Map<String, Integer> out = new HashMap<>();
        for (String key : keys) {
            int n = 0;
            for (String k : keyWords(key)) {
                if (words.stream().anyMatch(w -> sameWord(k, w))) {
                    n++;
                }
            }
            out.put(key, n);
        }
        return out;
    }

    /** cypher/shared_config.json's schema words: a word of another language -> the English words a question says. */
    private static final Map<String, Object> SCHEMA_WORDS = Shared.section("schema_words", "words");

    /**
     * {@code xgrag.retrieval.linking.key_words}: a key's, label's or type's words ({@link #keyTokens} of
     * {@link #keyText}), then the English words of each schema word of another language among them.
     */
    static List<String> keyWords(String key) {
        List<String> out = new ArrayList<>(keyTokens(keyText(key)));
        List<String> tokens = List.copyOf(out);
        for (String t : tokens) {
            Object english = SCHEMA_WORDS.get(t);
            for (String e : english == null ? new String[0] : english.toString().split(" ")) {
                if (!out.contains(e)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    private static final Pattern CAMEL = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");
    // Python's [^\W_]: letters and numbers
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:'[\\p{L}\\p{N}]+)*'?");
    /** {@code xgrag.retrieval.linking._ELIDED}: an article or preposition elided before a vowel ("l'asperge"). */
    private static final Pattern ELIDED = Pattern.compile("^(?:[ldjmnstc]|qu|dell|dall|all|nell|sull|un)'(?=[aeiouyh])");

    /** {@code xgrag.model.key_text}: "unitPrice" -> "unit price", "birth_date" -> "birth date". */
    static String keyText(String key) {
        String spaced = CAMEL.matcher(key).replaceAll(" ").replace('_', ' ').toLowerCase(Locale.ROOT).strip();
        return String.join(" ", spaced.isEmpty() ? new String[0] : spaced.split("\\s+"));
    }

    /**
     * {@code xgrag.retrieval.linking.key_tokens}: the words of a text with case, diacritics and apostrophe variants
     * folded, a possessive dropped ("Chai's" -> "chai"), inner apostrophes removed. Python folds case with
     * {@code casefold} and drops characters of a non-zero combining class; Java has neither, so this upper-cases
     * then lower-cases and drops non-spacing marks, which differs only for words no fact key (an identifier of
     * ASCII letters, digits and '_') can match.
     */
    static List<String> keyTokens(String text) {
        String t = text.replace('\u2019', '\'').replace('\u2018', '\'').replace('`', '\'').replace('\u00b4', '\'')
                .replace('\u02bc', '\'');
        StringBuilder sb = new StringBuilder();
        Normalizer.normalize(t, Normalizer.Form.NFKD).codePoints()
                .filter(cp -> Character.getType(cp) != Character.NON_SPACING_MARK).forEach(sb::appendCodePoint);
        String folded = sb.toString().toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(folded);
        while (m.find()) {
            String w = ELIDED.matcher(m.group()).replaceFirst("");
            String base = w.endsWith("'s") ? w.substring(0, w.length() - 2) : w.replaceAll("'+$", "");
            base = base.replace("'", "");
            if (!base.isEmpty()) {
                out.add(base);
            }
        }
        return out;
    }

    /** {@code xgrag.retrieval.linking.same_word}: equal, or singular and plural of one word (3+ letters). */
    static boolean sameWord(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        String shorter = a.length() <= b.length() ? a : b;
        String longer = a.length() <= b.length() ? b : a;
        if (shorter.length() < 3) {
            return false;
        }
        return longer.equals(shorter + "s") || longer.equals(shorter + "es")
                || (shorter.endsWith("y") && longer.equals(shorter.substring(0, shorter.length() - 1) + "ies"));
    }

    // -- values --------------------------------------------------------------------------------------------------

    /** A value as a procedure returns it: a stored array as a list (Cypher lists), everything else as it is. */
    static Object stored(Object value) {
        if (value != null && value.getClass().isArray()) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                out.add(Array.get(value, i));
            }
            return out;
        }
        return value;
    }

    /**
     * {@code xgrag.retrieval.properties.plain_value}: a value as JSON holds it, temporal values as the text the
     * Python driver's {@code iso_format()} writes ("1948-12-08", "1996-07-04T00:00:00.000000000+00:00", "PT1M30S"),
     * a point as its coordinates.
     */
    static Object plain(Object value) {
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Number) {
            return value;
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(PropertyFacts::plain).toList();
        }
        if (value.getClass().isArray()) {
            return plain(stored(value));
        }
        if (value instanceof LocalDate d) {
            return date(d);
        }
        if (value instanceof LocalTime t) {
            return time(t);
        }
        if (value instanceof OffsetTime t) {
            return time(t.toLocalTime()) + offset(t.getOffset());
        }
        if (value instanceof LocalDateTime t) {
            return date(t.toLocalDate()) + "T" + time(t.toLocalTime());
        }
        if (value instanceof ZonedDateTime t) {
            return date(t.toLocalDate()) + "T" + time(t.toLocalTime()) + offset(t.getOffset());
        }
        if (value instanceof OffsetDateTime t) {
            return date(t.toLocalDate()) + "T" + time(t.toLocalTime()) + offset(t.getOffset());
        }
        if (value instanceof TemporalAmount a && a.getUnits().contains(ChronoUnit.MONTHS)) {
            return duration(a.get(ChronoUnit.MONTHS), a.get(ChronoUnit.DAYS), a.get(ChronoUnit.SECONDS),
                    a.get(ChronoUnit.NANOS));
        }
        if (value instanceof Point p) {
            return point(p);
        }
        return String.valueOf(value);
    }

    private static String date(LocalDate d) {
        return String.format(Locale.ROOT, "%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth());
    }

    /** Seconds always, a fraction only as long as it has digits: Cypher's toString, Python's temporal_text. */
    private static String time(LocalTime t) {
        String clock = String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return clock;
        }
        return clock + "." + String.format(Locale.ROOT, "%09d", t.getNano()).replaceAll("0+$", "");
    }

    /** A zero offset as "Z", as Cypher's toString writes it. */
    private static String offset(ZoneOffset o) {
        int total = o.getTotalSeconds();
        if (total == 0) {
            return "Z";
        }
        int minutes = Math.abs(Math.floorDiv(total, 60));
        return String.format(Locale.ROOT, "%s%02d:%02d", total < 0 ? "-" : "+", minutes / 60, minutes % 60);
    }

    /** The driver's {@code Duration.iso_format()}: years and months from months, h/m/s from seconds (truncating). */
    private static String duration(long months, long days, long seconds, long nanos) {
        if (seconds < 0 && nanos > 0) { // Neo4j keeps nanos positive (-1.5 s = -2 s + 0.5 s); the driver signs both
            seconds += 1;
            nanos -= 1_000_000_000L;
        }
        StringBuilder t = new StringBuilder();
        long minutes = seconds / 60;
        long s = seconds % 60;
        long hours = minutes / 60;
        minutes = minutes % 60;
        if (hours != 0) {
            t.append(hours).append('H');
        }
        if (minutes != 0) {
            t.append(minutes).append('M');
        }
        if (nanos != 0) {
            String ns = String.format(Locale.ROOT, "%09d", Math.abs(nanos)).replaceAll("0+$", "");
            t.append(s < 0 || nanos < 0 ? "-" + Math.abs(s) : String.valueOf(s)).append('.').append(ns).append('S');
        } else if (s != 0) {
            t.append(s).append('S');
        }
        StringBuilder out = new StringBuilder();
        if (months / 12 != 0) {
            out.append(months / 12).append('Y');
        }
        if (months % 12 != 0) {
            out.append(months % 12).append('M');
        }
        if (days != 0) {
            out.append(days).append('D');
        }
        if (!t.isEmpty()) {
            out.append('T').append(t);
        }
        return out.isEmpty() ? "PT0S" : "P" + out;
    }

    /** A point as its coordinates ([x, y] or [x, y, z]), as the Python driver's Point (a tuple) reads. */
    private static List<Double> point(Point p) {
        return java.util.Arrays.stream(p.getCoordinate().getCoordinate()).boxed().toList();
    }
}
