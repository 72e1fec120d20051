"""Generators: text in, text plus usage out. Temperature 0 and a fixed seed by default."""

from xgrag.generate.base import Fact, Generation, GenerationError, Generator, Usage

__all__ = ["Fact", "Generation", "GenerationError", "Generator", "Usage"]
