"""Rendering explanations for people: the self-contained HTML report and the console tables."""
