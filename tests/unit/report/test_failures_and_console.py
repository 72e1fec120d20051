"""A run that fails part-way keeps what it measured; the console says what was and was not evaluated."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from test_explain_logic import movie_graph

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.generate.base import Fact, Generation, GenerationError
from xgrag.model import Node, Relationship, Subgraph
from xgrag.report.console import component_rows, cost_line, print_explanation
from xgrag.retrieval.question import MAX_QUESTION_CHARS, check_question


class FailingAfter(RuleGenerator):
    """Answers like RuleGenerator for `ok` calls, then fails as a server that went away would."""

    def __init__(self, ok: int) -> None:
        super().__init__()
        self.ok = ok

    def generate(self, prompt, system=None, *, question=None, facts: tuple[Fact, ...] = ()) -> Generation:
        if self.calls >= self.ok:
            self.calls += 1
            raise GenerationError("openai:x at http://127.0.0.1:1/v1: HTTP 500 after 2 attempts")
        return super().generate(prompt, system, question=question, facts=facts)


def explain(gen, **kw) -> object:
    cfg = ExplainSettings(**{"strategies": ("edge", "node"), "noise_runs": 1, "concurrency": 1, **kw})
    return Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), cfg).explain("who directed Out to Sea")


def test_a_failure_part_way_keeps_the_measured_components_and_says_so() -> None:
    ex = explain(FailingAfter(ok=4))
    assert ex.incomplete is not None and ex.incomplete.error == "GenerationError"
    assert ex.incomplete.answered == 3 and ex.incomplete.planned == 9  # 4 edges + 5 nodes
    evaluated = [c.evaluated for c in ex.components]
    assert evaluated.count("measured") == 3 and evaluated.count("failed") == 6
    assert all(c.importance is None for c in ex.components if c.evaluated == "failed")
    assert "6 of 9 components were not evaluated" in ex.technical_explanation
    assert "HTTP 500" in ex.incomplete.message  # why it stopped: in `incomplete`, said once by every output
    assert ex.trace[-1].step == "failed"


def test_why_a_run_stopped_is_printed_once_in_plain_words() -> None:
    """The console report says why the run was cut short once (it said it three times, and the CLI's stderr a
    fourth), without a scheduler's name ("during exhaustive") a user cannot know."""
    from xgrag.explain.texts import incomplete_summary

    ex = explain(FailingAfter(ok=4))
    assert ex.incomplete is not None
    buf = io.StringIO()
    print_explanation(Console(file=buf, width=200), ex, top=3)
    text = " ".join(buf.getvalue().split())
    summary = incomplete_summary(ex.incomplete)
    assert text.count(summary) == 1 and text.count("Incomplete:") == 1, text
    assert "exhaustive" not in text and "while removing each part of the context in turn (" in summary
    assert "probes (the question asked again without part of the context) answered" in summary
    assert summary not in ex.user_explanation and summary not in ex.technical_explanation


def test_nothing_measured_never_reads_as_no_fact_changed_the_answer() -> None:
    """A budget spent on the baseline leaves 0 probes measured: the texts say nothing was evaluated, not that no
    evaluated fact changed the answer (a claim about measurements that were never made)."""
    ex = explain(RuleGenerator(), max_calls=1)
    assert ex.cost.perturbations == 0 and all(c.importance is None for c in ex.components)
    for text in (ex.user_explanation, ex.technical_explanation):
        assert "changed the answer" not in text, text
    assert ex.user_explanation.startswith("None of the 9 facts and entities was evaluated")
    assert "9 of 9 components were not evaluated: the call budget (max_calls) ran out" in ex.technical_explanation


def test_a_failing_baseline_is_an_error_not_an_empty_explanation() -> None:
    with pytest.raises(GenerationError):
        explain(FailingAfter(ok=0))


def test_a_budget_cut_is_announced_instead_of_claiming_nothing_moved() -> None:
    ex = explain(RuleGenerator(relation="release year"), max_calls=3, strategies=("edge",))
    assert sum(c.evaluated == "budget" for c in ex.components) >= 1
    assert "not evaluated: the call budget (max_calls) ran out" in ex.technical_explanation
    assert "No evaluated fact" in ex.user_explanation or "Not every component" in ex.user_explanation


def test_console_has_one_row_per_component_with_each_strategys_score() -> None:
    ex = explain(RuleGenerator(), strategies=("edge", "subpath", "node", "mask"), masks=4)
    rows = component_rows(ex)
    keys = [(r["kind"], r["id"]) for r in rows]
    assert len(keys) == len(set(keys)) == 4 + 5  # edge+subpath of a fact share a row; masks have none
    top = rows[0]
    assert top["label"] == "Out to Sea -directed_by-> Martha Coolidge" and set(top["scores"]) == {"edge", "subpath"}
    buf = io.StringIO()
    print_explanation(Console(file=buf, width=200), ex, top=3)
    table_lines = [line for line in buf.getvalue().splitlines() if line.startswith("│")]
    text = buf.getvalue()
    assert sum("Out to Sea -directed_by-> Martha Coolidge" in line for line in table_lines) == 1
    assert "random masks: 4 (KG-SMILE)" in text and "mask-0" not in text
    assert "not an LLM" not in text  # RuleGenerator does not say it is not a language model


def triangle() -> Subgraph:
    sub = Subgraph(seeds=["m"])
    for nid, name in [("m", "Out to Sea"), ("d", "Martha Coolidge"), ("y", "1997")]:
        sub.add_node(Node(nid, name))
    for rid, s, label, t in [("r1", "m", "directed_by", "d"), ("r2", "m", "release_year", "y"),
                             ("r3", "d", "active_in", "y")]:
        sub.add_relationship(Relationship(rid, s, t, label))
    return sub


def test_the_cost_line_adds_up() -> None:
    cfg = ExplainSettings(strategies=("edge", "subpath"), noise_runs=1, concurrency=2)
    ex = Explainer(FixedRetriever(triangle()), RuleGenerator(), HashEmbedder(), cfg).explain("who directed Out to Sea")
    c = ex.cost
    # no endpoint is left without a fact: each sub-path removal renders its edge removal's context
    assert c.deduplicated == 3 and c.generator_calls == 1 + 3
    line = cost_line(ex)
    assert "4 generator calls (+0 from the response cache, +3 repeated contexts answered once)" in line
    assert "summed over calls running up to 2 at a time" in line


def test_questions_are_checked_before_they_reach_cypher() -> None:
    assert check_question("  who directed Out to Sea ") == "who directed Out to Sea"
    with pytest.raises(UsageError, match="question: empty"):
        check_question(" \n ")
    with pytest.raises(UsageError, match=f"limit is {MAX_QUESTION_CHARS:,}"):
        check_question("x" * (MAX_QUESTION_CHARS + 1))


def test_retrieve_prints_property_facts_and_graph_text_as_stored() -> None:
    """`xgrag retrieve`'s table: a node's and a relationship's property facts are listed with their element, and
    text from the graph that looks like rich markup prints as it is stored."""
    from xgrag.model import PropertyFact
    from xgrag.report.console import print_subgraph

    sub = Subgraph()
    for node in (Node("o", "Order 10248"), Node("q", "Queso [bold]Cabrales[/bold]"), Node("n", "Nancy Davolio")):
        sub.add_node(node)
    sub.add_relationship(Relationship("r1", "o", "q", "ORDERS"))
    sub.seeds = ["n"]
    sub.add_property(PropertyFact("n", "birthDate", "1948-12-08 00:00:00.000"))
    sub.add_property(PropertyFact("r1", "quantity", 12, "relationship"))
    buf = io.StringIO()
    print_subgraph(Console(file=buf, width=200, color_system=None), "When was Nancy Davolio born?", sub.to_json())
    text = buf.getvalue()
    assert "Queso [bold]Cabrales[/bold]" in text
    rows = [" ".join(line.replace("│", " ").split()) for line in text.splitlines()]
    assert "Nancy Davolio birthDate 1948-12-08 n#birthDate" in rows
    assert "Order 10248 -ORDERS-> Queso [bold]Cabrales[/bold] quantity 12 r1#quantity" in rows
    assert "seeds: Nancy Davolio (n); 3 nodes, 1 relationships, 2 property facts" in rows
