"""Chat prompts as text, for servers that score raw text (the legacy /v1/completions endpoint applies no template).

`chatml` is built in (SmolLM2, Qwen and many others use it):
    <|im_start|>system\\n{system}<|im_end|>\\n<|im_start|>user\\n{prompt}<|im_end|>\\n<|im_start|>assistant\\n
Any other model: pass its Hugging Face chat template (the `chat_template` string of its tokenizer_config.json),
rendered with Jinja2 in a sandbox the way transformers renders it (trim_blocks, lstrip_blocks, loop controls,
raise_exception), with add_generation_prompt=True and empty bos_token / eos_token: the server's tokenizer adds
its own beginning-of-sequence token, as it does for any /v1/completions prompt. Note that a template may add a
default system prompt when none is given (SmolLM2's does; the built-in `chatml` does not).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from xgrag.errors import UsageError

BUILTIN = ("chatml",)


def _chatml(messages: Sequence[dict[str, str]]) -> str:
    turns = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages)
    return turns + "<|im_start|>assistant\n"


def check_template(template: str | None) -> str | None:
    """None, a built-in name, or something that looks like a Jinja template; anything else is a UsageError."""
    if template is None or template in BUILTIN:
        return template
    if isinstance(template, str) and ("{{" in template or "{%" in template):
        _compile(template)
        return template
    raise UsageError(f"chat_template must be one of {', '.join(BUILTIN)} or a Jinja chat template (the "
                     f"tokenizer's chat_template string), got {str(template)[:60]!r}")


@lru_cache(maxsize=8)
def _compile(template: str) -> Any:
    try:
        import jinja2
        from jinja2.sandbox import ImmutableSandboxedEnvironment
    except ImportError as exc:  # pragma: no cover - jinja2 comes with transformers and torch
        raise UsageError("a Jinja chat template needs jinja2: pip install jinja2") from exc

    def raise_exception(message: str) -> None:
        raise UsageError(f"the chat template refused the messages: {message}")

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.loopcontrols"])
    env.globals["raise_exception"] = raise_exception
    try:
        return env.from_string(template)
    except jinja2.TemplateError as exc:
        raise UsageError(f"the chat template does not compile: {exc}") from exc


def render_chat_prompt(template: str, messages: Sequence[dict[str, str]]) -> str:
    """The text a model sees for `messages`, ending where the assistant's answer begins."""
    if template == "chatml":
        return _chatml(messages)
    try:
        return str(_compile(template).render(messages=list(messages), add_generation_prompt=True, bos_token="",
                                             eos_token=""))
    except UsageError:
        raise
    except Exception as exc:  # a template error at render time (undefined variable, ...)
        raise UsageError(f"rendering the chat template failed: {type(exc).__name__}: {exc}") from exc
