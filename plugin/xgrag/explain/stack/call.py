"""One call of a user's stack, as xgrag replays it: the question, the answer the stack gave, its context units, its
own prompt assembly and its own LLM (as an xgrag Generator). An integration builds one per stack call; the
Explainer perturbs it by leaving units out (Perturbation.excluded_units) and asks `render(...)` for the stack's
prompt without them.

`prompt` is the stack's own prompt step: from the items' texts (in prompt order; None for an item left out, an
item's text with its removed spans cut out) to the system instruction and the user prompt the stack's LLM receives
(e.g. neo4j-graphrag: the kept texts joined by "\\n" into its RagTemplate). `generator` sends that prompt through
the stack's own LLM object exactly as the stack does (its message layout, model parameters, client); the
AnswerOracle caches, deduplicates and counts those calls like any generator's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from xgrag.explain.stack.context import StackContext
from xgrag.explain.stack.reproduction import check_observed
from xgrag.generate.base import Generator
from xgrag.generate.prompt import RenderedContext
from xgrag.model import Subgraph
from xgrag.model.trace import TraceStep

# the items' texts in prompt order, None for an item left out -> (system instruction or None, user prompt)
PromptFn = Callable[[Sequence[str | None]], tuple[str | None, str]]


@dataclass
class StackCall:
    stack: str  # "neo4j-graphrag", "langchain", ...
    component: str  # what was called, e.g. "GraphRAG(VectorCypherRetriever)"
    question: str
    observed_answer: str  # the answer the stack gave
    context: StackContext
    prompt: PromptFn
    generator: Generator  # the stack's own LLM, replayed (xgrag.generate.base.Generator)
    graph: Subgraph = field(default_factory=Subgraph)  # the graph elements the units were traced to
    prompt_name: str = ""  # the stack's prompt template, as Explanation.prompt_version records it
    notes: list[TraceStep] = field(default_factory=list)  # trace steps: how the context was mapped, traced
    details: dict[str, Any] = field(default_factory=dict)  # what Explanation.stack records besides the counts
    # the answer of the stack's call that xgrag ran again to capture it, when `observed_answer` is the user's
    rerun_answer: str | None = None

    def observed(self, answer: str | None) -> StackCall:
        """This call judged against `answer`, the one the user got from the stack (None: the call's own answer).
        An entry point that ran the stack's call again to capture its context built the call with that run's
        answer; the user's answer becomes the baseline the replays must reproduce, and the re-run's answer is kept
        (`rerun_answer`: it must equal the user's too, Reproduction.rerun_answer)."""
        if answer is None:
            return self
        check_observed(answer, "warn")
        rerun = self.rerun_answer if self.rerun_answer is not None else self.observed_answer
        return replace(self, observed_answer=answer, rerun_answer=rerun)

    def render(self, removed: Iterable[str] = ()) -> RenderedContext:
        """The stack's own prompt with the `removed` units left out (nothing removed: the call as it was made). An
        empty system instruction travels as "" (RenderedContext.system is a string); replaying adapters send it
        as the stack did."""
        system, prompt = self.prompt(self.context.texts(removed))
        return RenderedContext(system or "", prompt, (), self.question)

    def describe(self) -> dict[str, Any]:
        items = len(self.context.items)
        return {"stack": self.stack, "component": self.component, "prompt": self.prompt_name,
                "generator": self.generator.name, "items": items, "spans": len(self.context.units) - items,
                **self.details}
