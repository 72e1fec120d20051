"""Test doubles that speak real protocols (an Ollama-compatible HTTP server backed by real local models)."""
