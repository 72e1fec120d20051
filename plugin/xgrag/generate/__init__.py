"""Generators: text in, text plus usage out. Temperature 0 and a fixed seed by default."""

from xgrag.generate.base import (
    AnswerScore,
    AnswerScorer,
    Fact,
    Generation,
    GenerationError,
    Generator,
    TokenLogprob,
    Usage,
)

__all__ = ["AnswerScore", "AnswerScorer", "Fact", "Generation", "GenerationError", "Generator", "TokenLogprob",
           "Usage"]
