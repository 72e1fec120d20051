"""Test doubles for unit tests of pure logic (never used to claim an integration works)."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from xgrag.generate.base import Fact, Generation, SyncGeneratorMixin, Usage
from xgrag.model import Node, Perturbation, Relationship, Subgraph
from xgrag.retrieval.retriever import apply_in_memory


class HashEmbedder:
    """Deterministic bag-of-words vectors: identical texts -> identical vectors, disjoint words -> orthogonal."""

    name = "hash-embedder"

    def __init__(self, dims: int = 256) -> None:
        self.dims = dims

    def embed(self, texts):
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for i, text in enumerate(texts):
            words = [w for w in "".join(ch.lower() if ch.isalnum() else " " for ch in text).split()] or ["<empty>"]
            for w in words:
                out[i, int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dims] += 1.0
        return out / np.linalg.norm(out, axis=1, keepdims=True)


class ConstantEmbedder:
    """Every text the same vector: no embedding preference, so only the words can decide (the reference reader's
    tests)."""

    name = "constant"
    dimensions = 4

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.tile(np.array([1.0, 0.0, 0.0, 0.0]), (len(texts), 1))


class RuleGenerator(SyncGeneratorMixin):
    """Like langchain-neo4j's FakeLLM: maps the context to an answer with a fixed rule.

    Answers with the tail of the first fact whose relation is `relation`, else "I don't know"."""

    def __init__(self, relation: str = "directed by") -> None:
        self.relation = relation
        self.name = "rule-generator"
        self.calls = 0
        self.prompts: list[str] = []

    @property
    def params(self) -> dict[str, Any]:
        return {"relation": self.relation}

    def generate(self, prompt, system=None, *, question=None, facts: tuple[Fact, ...] = ()) -> Generation:
        self.calls += 1
        self.prompts.append(prompt)
        for f in facts:
            if f.relation == self.relation:
                return Generation(f"{f.tail}.", Usage(1, len(prompt.split()), 2, 0.001), self.name, [f.id])
        return Generation("I don't know.", Usage(1, len(prompt.split()), 3, 0.001), self.name, [])


class RemovalRecorder(RuleGenerator):
    """A rule reader that records, per call, the facts left out against the first call's (the baseline's)."""

    def __init__(self) -> None:
        super().__init__()
        self.removed: list[frozenset[str]] = []  # per call, the facts left out (against the baseline's)
        self.full: frozenset[str] | None = None

    def record(self, facts: tuple[Fact, ...]) -> None:
        """Count the call and note what it left out."""
        self.calls += 1
        ids = frozenset(f.id for f in facts)
        self.full = self.full or ids
        self.removed.append(self.full - ids)


PLANTED = "The Apollo 11 lunar module was named Eagle."
PLANTED_QUESTION = "What was the name of the Apollo 11 lunar module?"


def mission_chunk(i: int, planted: bool = False) -> str:
    """Five sentences about mission i, the third one the planted sentence when `planted`."""
    sentences = [f"Mission {i} launched from pad {i}.", f"Mission {i} carried {i} astronauts.",
                 f"Mission {i} lasted {i + 3} days.", f"Mission {i} landed in ocean {i}.",
                 f"Mission {i} was commanded by pilot {i}."]
    if planted:
        sentences[2] = PLANTED
    return " ".join(sentences)


class PlantedLLM(SyncGeneratorMixin):
    """A stack's LLM for the stack engine's pure-logic tests: answers `answer` when the prompt holds one of `decisive`
    (any one suffices), else "I don't know."."""

    def __init__(self, decisive: tuple[str, ...] = (PLANTED,), answer: str = "Eagle.") -> None:
        self.decisive = decisive
        self.answer = answer
        self.name = "planted-llm"
        self.prompts: list[str] = []

    @property
    def params(self) -> dict[str, Any]:
        return {"decisive": list(self.decisive)}

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        self.prompts.append(prompt)
        text = self.answer if any(d in prompt for d in self.decisive) else "I don't know."
        return Generation(text, Usage(1, len(prompt.split()), 2, 0.0), self.name)


class FixedRetriever:
    """Returns one fixed subgraph; exclusions applied in memory (what Cypher would return for it)."""

    def __init__(self, sub: Subgraph) -> None:
        self.sub = sub
        self.store = None

    def retrieve(self, question, mode="khop", hops=None, perturbation: Perturbation | None = None, seeds=None):
        return apply_in_memory(self.sub, perturbation or Perturbation())


def graph_of(nodes: list[tuple[str, str, str]], rels: list[tuple[str, str, str, str]], seeds: list[str]) -> Subgraph:
    """A subgraph from (id, name, type) nodes and (id, source, label, target) relationships."""
    sub = Subgraph()
    for nid, name, typ in nodes:
        sub.add_node(Node(nid, name, typ))
    for rid, s, lab, t in rels:
        sub.add_relationship(Relationship(rid, s, t, lab))
    sub.seeds = list(seeds)
    return sub


def out_to_sea_graph() -> Subgraph:
    """"who directed Out to Sea" over four entities: the director, an actor and the year beside the decisive fact."""
    return graph_of([("m", "Out to Sea", "Movie"), ("d", "Martha Coolidge", "Person"),
                     ("a", "Jack Lemmon", "Person"), ("y", "1997", "Year")],
                    [("r1", "m", "directed_by", "d"), ("r2", "m", "starred_actors", "a"),
                     ("r3", "m", "release_year", "y")], ["m"])
