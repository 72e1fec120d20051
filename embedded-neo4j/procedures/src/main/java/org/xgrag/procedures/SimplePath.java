package org.xgrag.procedures;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.neo4j.graphdb.Entity;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Path;
import org.neo4j.graphdb.Relationship;

/** A path from stored nodes and relationships, in order (public API only, so the jar needs no Neo4j internals). */
final class SimplePath implements Path {

    private final List<Node> nodes;
    private final List<Relationship> rels;

    SimplePath(List<Node> nodes, List<Relationship> rels) {
        if (nodes.size() != rels.size() + 1) {
            throw new IllegalArgumentException("a path needs one more node than relationships");
        }
        this.nodes = List.copyOf(nodes);
        this.rels = List.copyOf(rels);
    }

    @Override
    public Node startNode() {
        return nodes.get(0);
    }

    @Override
    public Node endNode() {
        return nodes.get(nodes.size() - 1);
    }

    @Override
    public Relationship lastRelationship() {
        return rels.isEmpty() ? null : rels.get(rels.size() - 1);
    }

    @Override
    public Iterable<Relationship> relationships() {
        return rels;
    }

    @Override
    public Iterable<Relationship> reverseRelationships() {
        List<Relationship> r = new ArrayList<>(rels);
        java.util.Collections.reverse(r);
        return r;
    }

    @Override
    public Iterable<Node> nodes() {
        return nodes;
    }

    @Override
    public Iterable<Node> reverseNodes() {
        List<Node> r = new ArrayList<>(nodes);
        java.util.Collections.reverse(r);
        return r;
    }

    @Override
    public int length() {
        return rels.size();
    }

    @Override
    public Iterator<Entity> iterator() {
        List<Entity> all = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            all.add(nodes.get(i));
            if (i < rels.size()) {
                all.add(rels.get(i));
            }
        }
        return all.iterator();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            sb.append('(').append(nodes.get(i).getElementId()).append(')');
            if (i < rels.size()) {
                sb.append("-[").append(rels.get(i).getElementId()).append("]-");
            }
        }
        return sb.toString();
    }
}
