"""neo4j-graphrag's LLMs and xgrag's generators, both ways, and the replay of GraphRAG's own generation step.

- `GraphRAGReplay(graphrag)`: the generation step of `GraphRAG.search` as an xgrag Generator. A prompt (the stack's
  RagTemplate filled with some of the retrieved items) goes to `graphrag.llm` exactly as `search` sends it: through
  the library's own `legacy_inputs_to_messages` (system instruction, message history, user prompt) and the LLM's
  `invoke` (a `LLMInterfaceV2` or a LangChain chat model; a legacy `LLMInterface` gets the prompt, the history and
  the system instruction as keywords), called synchronously as `search` calls it. What explains a stack's answer.
- `LLMGenerator(llm)`: any neo4j-graphrag LLM as a plain xgrag generator (xgrag's own prompt, for xgrag's graph
  explanations with the model a search used).
- `XgragLLM(generator)`: the other direction, an xgrag generator as a neo4j-graphrag LLM for `GraphRAG(retriever,
  llm)`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections.abc import Sequence
from typing import Any

from neo4j_graphrag.exceptions import LLMGenerationError
from neo4j_graphrag.llm import LLMInterface, LLMInterfaceV2
from neo4j_graphrag.llm.types import LLMResponse, LLMUsage
from neo4j_graphrag.llm.utils import legacy_inputs_to_messages
from neo4j_graphrag.types import LLMMessage

from xgrag.errors import UsageError
from xgrag.generate.base import Fact, Generation, GenerationError, Generator, Usage

_SECRET = re.compile(r"(api_?key|secret|password|passwd|credential|headers|(^|_)auth|(^|_)token$)", re.I)
# the prompt of a replayed search whose every item was removed, when the search was made with response_fallback:
# GraphRAG then answers the fallback without calling its LLM (see GraphRAGReplay)
FALLBACK_PROMPT = "\x00xgrag: no retrieved item left; GraphRAG answers its response_fallback\x00"


def _json_safe(value: Any) -> bool:
    try:
        json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return False
    return True


def _llm_usage(response: Any, seconds: float) -> Usage:
    usage = getattr(response, "usage", None)
    return Usage(1, int(getattr(usage, "request_tokens", None) or 0),
                 int(getattr(usage, "response_tokens", None) or 0), seconds)


class LLMGenerator:
    """A neo4j-graphrag LLM (`LLMInterfaceV2`, e.g. `OpenAILLM`, `OllamaLLM`; or a legacy `LLMInterface`) as an
    xgrag Generator: xgrag's system and user prompt go through the LLM's own `invoke` / `ainvoke`, so explanations use
    the model, `model_params` (temperature, seed, ...), server and rate-limit handling of the search. Usage comes from
    `LLMResponse.usage` when the LLM reports it. `params` (the response cache key) holds the class, the model name and
    the JSON-safe `model_params` (nothing that looks like a secret)."""

    def __init__(self, llm: Any) -> None:
        if not isinstance(llm, LLMInterfaceV2 | LLMInterface):
            raise UsageError(f"LLMGenerator needs a neo4j-graphrag LLM (LLMInterfaceV2 or LLMInterface), got "
                             f"{type(llm).__name__}",
                             hint="for a LangChain chat model use xgrag.generate.langchain.LangChainGenerator")
        self.llm = llm
        self.model = str(getattr(llm, "model_name", "") or "")
        self.name = f"neo4j-graphrag:{type(llm).__name__}" + (f":{self.model}" if self.model else "")
        model_params = getattr(llm, "model_params", None) or {}
        self._params: dict[str, Any] = {"class": f"{type(llm).__module__}.{type(llm).__qualname__}",
                                        "model": self.model}
        for key, value in sorted(model_params.items()):
            if not _SECRET.search(str(key)) and _json_safe(value):
                self._params[str(key)] = value

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def _call(self, prompt: str, system: str | None, method: str) -> Any:
        """`invoke` / `ainvoke` as GraphRAG.search calls them: with a message list when the LLM has the V2
        interface, else (legacy LLMInterface) with the prompt and a system instruction."""
        fn = getattr(self.llm, method)
        if isinstance(self.llm, LLMInterfaceV2):
            return fn(self._messages(prompt, system))
        return fn(prompt, system_instruction=system)

    def _messages(self, prompt: str, system: str | None) -> list[LLMMessage]:
        messages: list[LLMMessage] = [{"role": "system", "content": system}] if system else []
        return [*messages, {"role": "user", "content": prompt}]

    def _error(self, exc: BaseException) -> GenerationError:
        return GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000])

    def _generation(self, response: Any, t0: float) -> Generation:
        content = getattr(response, "content", None)
        if not isinstance(content, str):
            raise GenerationError(f"{self.name}: the LLM returned {type(response).__name__}, not an LLMResponse")
        return Generation(content, _llm_usage(response, time.perf_counter() - t0), self.name)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            response = self._call(prompt, system, "invoke")
        except (LLMGenerationError, OSError, ValueError) as exc:
            raise self._error(exc) from exc
        return self._generation(response, t0)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        t0 = time.perf_counter()
        try:
            response = await self._call(prompt, system, "ainvoke")
        except (LLMGenerationError, OSError, ValueError) as exc:
            raise self._error(exc) from exc
        return self._generation(response, t0)


class XgragLLM(LLMInterfaceV2):
    """The other direction: an xgrag Generator (e.g. `make_generator("openai:gpt-4o-mini")`, with xgrag's retries,
    timeouts and usage accounting) as a neo4j-graphrag `LLMInterfaceV2` for `GraphRAG(retriever, llm)`. System
    messages become the generator's system prompt; earlier turns are prepended to the last user message as
    "role: content" lines. `response_format` (structured output) is not supported."""

    def __init__(self, generator: Generator) -> None:
        super().__init__(model_name=generator.name, model_params=dict(generator.params))
        self.generator = generator

    @staticmethod
    def _split(messages: Sequence[LLMMessage]) -> tuple[str, str | None]:
        if not messages or messages[-1]["role"] != "user":
            raise UsageError("XgragLLM: the last message must be the user's")
        system = "\n\n".join(m["content"] for m in messages if m["role"] == "system") or None
        turns = [f"{m['role']}: {m['content']}" for m in messages[:-1] if m["role"] != "system"]
        prompt = "\n".join([*turns, messages[-1]["content"]]) if turns else messages[-1]["content"]
        return prompt, system

    @staticmethod
    def _response(gen: Generation) -> LLMResponse:
        u = gen.usage
        return LLMResponse(content=gen.text, usage=LLMUsage(request_tokens=u.prompt_tokens,
                                                            response_tokens=u.completion_tokens,
                                                            total_tokens=u.prompt_tokens + u.completion_tokens))

    def invoke(self, input: list[LLMMessage], *, response_format: Any = None,  # noqa: A002
               **kwargs: Any) -> LLMResponse:
        if response_format is not None:
            raise UsageError("XgragLLM does not support response_format")
        prompt, system = self._split(input)
        return self._response(self.generator.generate(prompt, system))

    async def ainvoke(self, input: list[LLMMessage], *, response_format: Any = None,  # noqa: A002
                      **kwargs: Any) -> LLMResponse:
        if response_format is not None:
            raise UsageError("XgragLLM does not support response_format")
        prompt, system = self._split(input)
        return self._response(await self.generator.agenerate(prompt, system))


def _content(response: Any) -> str:
    """The answer text of an LLMResponse (neo4j-graphrag) or an AIMessage (a LangChain chat model)."""
    content = getattr(response, "content", None)
    if isinstance(content, str):
        return content
    raise GenerationError(f"the LLM returned {type(response).__name__} without text content")


def _usage_of(response: Any, seconds: float) -> Usage:
    usage = getattr(response, "usage", None)  # LLMResponse.usage (neo4j-graphrag)
    if usage is not None:
        return _llm_usage(response, seconds)
    meta = getattr(response, "usage_metadata", None) or {}  # AIMessage.usage_metadata (LangChain)
    return Usage(1, int(meta.get("input_tokens") or 0), int(meta.get("output_tokens") or 0), seconds)


class GraphRAGReplay:
    """GraphRAG.search's generation step for `graphrag` (see the module docstring), with the search's
    `message_history` and `response_fallback`. `params` (the response cache key) holds the LLM's class, model and
    JSON-safe model_params, a digest of the message history and the fallback; the prompt itself is in the cache
    key already. The system instruction travels as RenderedContext.system, where None is "" (StackCall.render):
    the replay sends the template's own `system_instructions`, which is what that string came from."""

    is_language_model = True

    def __init__(self, graphrag: Any, *, message_history: Sequence[LLMMessage] | None = None,
                 response_fallback: str | None = None) -> None:
        self.graphrag = graphrag
        self.llm = graphrag.llm
        self.langchain_compatible = bool(graphrag.is_langchain_compatible())
        if not self.langchain_compatible and not isinstance(self.llm, LLMInterface):
            raise UsageError(f"GraphRAG's LLM {type(self.llm).__name__} is neither an LLMInterfaceV2, a LangChain "
                             "chat model nor an LLMInterface: GraphRAG.search itself would refuse it")
        self.system_instruction: str | None = graphrag.prompt_template.system_instructions
        self.message_history = [dict(m) for m in (message_history or [])]
        self.response_fallback = response_fallback
        self.model = str(getattr(self.llm, "model_name", None) or getattr(self.llm, "model", None) or "")
        self.name = f"neo4j-graphrag:{type(self.llm).__name__}" + (f":{self.model}" if self.model else "")
        params: dict[str, Any] = {"class": f"{type(self.llm).__module__}.{type(self.llm).__qualname__}",
                                  "model": self.model, "replay": "GraphRAG.search"}
        model_params = getattr(self.llm, "model_params", None)
        if isinstance(model_params, dict):
            for key, value in sorted(model_params.items()):
                if not _SECRET.search(str(key)) and _json_safe(value):
                    params[str(key)] = value
        else:  # a LangChain chat model: its settings that change the output
            from xgrag.generate.langchain import chat_model_params

            params.update({k: v for k, v in chat_model_params(self.llm).items() if k != "class"})
        if self.message_history:
            blob = json.dumps(self.message_history, sort_keys=True, default=str).encode()
            params["message_history"] = hashlib.sha256(blob).hexdigest()[:16]
        if response_fallback is not None:
            params["response_fallback"] = response_fallback
        self._params = params

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def _invoke(self, prompt: str) -> Any:
        history = [dict(m) for m in self.message_history] or None
        if self.langchain_compatible:
            messages = legacy_inputs_to_messages(prompt=prompt, message_history=history,  # type: ignore[arg-type]
                                                 system_instruction=self.system_instruction)
            return self.llm.invoke(input=messages)
        return self.llm.invoke(input=prompt, message_history=history, system_instruction=self.system_instruction)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        if prompt == FALLBACK_PROMPT:
            if self.response_fallback is None:
                raise GenerationError("a fallback prompt was replayed for a search made without response_fallback")
            return Generation(self.response_fallback, Usage(0, 0, 0, 0.0), self.name)
        t0 = time.perf_counter()
        try:
            response = self._invoke(prompt)
        except (LLMGenerationError, OSError, ValueError) as exc:
            raise GenerationError(f"{self.name}: {type(exc).__name__}: {exc}"[:2000]) from exc
        return Generation(_content(response), _usage_of(response, time.perf_counter() - t0), self.name)

    async def agenerate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                        facts: tuple[Fact, ...] = ()) -> Generation:
        # GraphRAG.search calls the LLM's sync invoke: so does the replay (in a worker thread)
        return await asyncio.to_thread(self.generate, prompt, system)


__all__ = ["FALLBACK_PROMPT", "GraphRAGReplay", "LLMGenerator", "XgragLLM"]
