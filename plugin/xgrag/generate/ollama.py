"""Ollama over HTTP with the `ollama` client: temperature 0, fixed seed, bounded context."""

from __future__ import annotations

import time

from xgrag.generate.base import Generation, GenerationError, Usage


class OllamaGenerator:
    def __init__(self, model: str = "llama3.1:8b", host: str = "http://127.0.0.1:11434", num_ctx: int = 8192,
                 temperature: float = 0.0, seed: int = 42, timeout: float = 300.0) -> None:
        try:
            import ollama
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise GenerationError("the `ollama` package is not installed: pip install ollama") from exc
        self.name = f"ollama:{model}"
        self.model = model
        self.options = {"temperature": temperature, "seed": seed, "num_ctx": num_ctx}
        self._client = ollama.Client(host=host, timeout=timeout)

    def generate(self, prompt: str, system: str | None = None) -> Generation:
        messages = ([{"role": "system", "content": system}] if system else []) + [
            {"role": "user", "content": prompt}
        ]
        t0 = time.perf_counter()
        try:
            resp = self._client.chat(model=self.model, messages=messages, options=self.options)
        except Exception as exc:
            raise GenerationError(f"{self.name}: {exc}") from exc
        usage = Usage(1, int(resp.get("prompt_eval_count") or 0), int(resp.get("eval_count") or 0),
                      time.perf_counter() - t0)
        return Generation(resp["message"]["content"], usage, self.name)
