package org.xgrag.procedures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's {@code xgrag.model.direction}: the direction a relationship stored in an arbitrary direction (a schema
 * whose relationship_direction is "undirected-sorted": LightRAG keys every edge by the sorted pair of its ends)
 * means, read from its description and keywords. Directed only when one sentence of the description names both
 * ends with one of the keywords between them: active ("A keyword ... B": A -> B) or passive ("A was keyword by B":
 * B -> A); otherwise undirected. Same cases as tests/unit/model/test_direction.py (parity tested in
 * tests/integration/test_procedures.py).
 */
final class Direction {

    private static final String SEP = "<SEP>";
    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS;
    private static final Pattern SENTENCES = Pattern.compile("(?<=[.!?])\\s+|\\n+", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern PASSIVE_BE = Pattern.compile(
            "\\b(?:is|are|was|were|be|been|being)\\s+(?:\\w+ly\\s+)?$", FLAGS);
    private static final Pattern BY = Pattern.compile("^\\s+by\\b", FLAGS);

    private Direction() {}

    /** Python's {@code keyword_list}: comma (or <SEP>) separated phrases, in order, without repeats. */
    static List<String> keywords(String keywords) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String chunk : keywords.split(Pattern.quote(SEP), -1)) {
            for (String p : chunk.split(",", -1)) {
                String s = p.strip();
                if (!s.isEmpty()) {
                    out.add(s);
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static int find(String text, String name) {
        Matcher m = Pattern.compile("(?<!\\w)" + Pattern.quote(name) + "(?!\\w)", FLAGS).matcher(text);
        return m.find() ? m.start() : -1;
    }

    /**
     * Python's {@code read_stored(...).to_json()}: {relation, directed, reversed, evidence} for a relationship stored
     * (source)-[keywords]->(target) with {@code description} (names: the ends' stored names).
     */
    static Map<String, Object> reading(String source, String target, String description, String keywords) {
        List<String> kws = keywords(keywords);
        String relation = kws.isEmpty() ? "related to" : kws.get(0);
        for (String part : (description == null ? "" : description).split(Pattern.quote(SEP), -1)) {
            for (String raw : SENTENCES.split(part, -1)) {
                String sentence = raw.strip();
                int a = find(sentence, source);
                int b = find(sentence, target);
                if (a < 0 || b < 0 || a == b) {
                    continue;
                }
                String first = a < b ? source : target;
                String second = a < b ? target : source;
                int start = Math.min(a, b) + first.length();
                int end = Math.max(a, b);
                String between = start <= end ? sentence.substring(start, end) : "";
                for (String kw : kws) {
                    Matcher m = Pattern.compile("(?<!\\w)" + Pattern.quote(kw) + "(?!\\w)", FLAGS).matcher(between);
                    if (!m.find()) {
                        continue;
                    }
                    boolean passive = PASSIVE_BE.matcher(between.substring(0, m.start())).find()
                            && BY.matcher(between.substring(m.end())).find();
                    String head = passive ? second : first;
                    String tail = passive ? first : second;
                    boolean reversed = !source.equals(target) && head.equals(target) && tail.equals(source);
                    return json(kw, true, reversed, sentence);
                }
            }
        }
        return json(relation, false, false, "");
    }

    private static Map<String, Object> json(String relation, boolean directed, boolean reversed, String evidence) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("relation", relation);
        out.put("directed", directed);
        out.put("reversed", reversed);
        out.put("evidence", evidence);
        return out;
    }
}
