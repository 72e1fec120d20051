"""Generators: text in, text plus usage out. Temperature 0 and a fixed seed by default."""

from xgrag.generate.base import Generation, Generator, Usage

__all__ = ["Generation", "Generator", "Usage"]
