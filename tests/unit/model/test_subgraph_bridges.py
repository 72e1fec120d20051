"""What the question's entities share (`Subgraph.bridges`), and the few of them that link more of the entities than
the rest (`Subgraph.closest_bridges`)."""

from __future__ import annotations

from xgrag.model import Node, Relationship, Subgraph


def _bouts(shared: int) -> Subgraph:
    # two wrestlers who fought `shared` bouts, one of them in the tournament the question names
    sub = Subgraph()
    for name, typ in (("Hakuho", "Rikishi"), ("Asashoryu", "Rikishi"), ("Basho 200801", "Basho")):
        sub.add_node(Node(name, name, typ))
    for i in range(shared):
        bout = f"Bout {i}"
        sub.add_node(Node(bout, bout, "Bout"))
        sub.add_relationship(Relationship(f"h{i}", "Hakuho", bout, "IN_BOUT"))
        sub.add_relationship(Relationship(f"a{i}", "Asashoryu", bout, "IN_BOUT"))
    sub.add_relationship(Relationship("b0", "Basho 200801", "Bout 0", "BOUT_EVENT"))
    sub.seeds = ["Hakuho", "Asashoryu", "Basho 200801"]
    return sub


def test_the_bridge_linking_the_most_seeds_is_kept_where_many_link_two() -> None:
    sub = _bouts(40)
    assert len(sub.bridges()) == 40 and sub.bridges(3) == {"Bout 0"}
    assert sub.closest_bridges(3) == {"Bout 0"}
    # a few bridges are kept as they are
    assert _bouts(2).closest_bridges(3) == {"Bout 0", "Bout 1"}
    # many alike, none linking more: none
    flat = _bouts(40)
    flat.seeds = ["Hakuho", "Asashoryu"]
    assert flat.closest_bridges(3) == set()
