"""Response cache: SQLite, keyed on model, generation parameters, prompt version and the rendered context.
Free-form requests (synonyms asked of the generator, extraction prompts) are kept in the same table under
`prompt_key`, so a re-run after a failure sends no prompt twice. Scores of a fixed answer (AnswerScorer:
log P(answer | context)) are kept in their own table, keyed on the same plus the answer scored (`score_key`).

Bounded (least recently used entries are evicted). A corrupt file is moved aside and rebuilt, with a
warning. Safe to share between threads (one connection behind a lock).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from xgrag.generate.base import AnswerScore, Generation, Usage

SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
  key TEXT PRIMARY KEY, model TEXT NOT NULL, text TEXT NOT NULL, usage TEXT NOT NULL, evidence TEXT,
  created REAL NOT NULL, used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS responses_used ON responses(used);
CREATE TABLE IF NOT EXISTS scores (
  key TEXT PRIMARY KEY, logprob REAL NOT NULL, tokens INTEGER NOT NULL, usage TEXT NOT NULL,
  created REAL NOT NULL, used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS scores_used ON scores(used);
"""


def cache_key(generator_name: str, params: dict[str, Any], context_digest: str, repeat: int = 0) -> str:
    """`repeat` > 0 addresses a deliberate re-generation (noise-floor runs) so it is not served from cache."""
    payload = json.dumps([generator_name, params, context_digest, repeat], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def prompt_key(purpose: str, generator_name: str, params: dict[str, Any], prompt: str, system: str | None) -> str:
    """The key of a free-form request (a synonym asked of the generator, an extraction prompt): the generator, its
    parameters and the exact text sent, under `purpose` so it never collides with an answer to a rendered context."""
    digest = hashlib.sha256(f"{system or ''}\x00{prompt}".encode()).hexdigest()
    return cache_key(f"{purpose}:{generator_name}", params, digest)


def score_key(generator_name: str, params: dict[str, Any], context_digest: str, answer: str, repeat: int = 0) -> str:
    """The key of log P(answer | context): a response's key plus the answer (a scored answer is not a generation)."""
    payload = json.dumps([generator_name, params, context_digest, repeat, "score", answer], sort_keys=True,
                         default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _usage_json(usage: Usage) -> str:
    return json.dumps({"calls": usage.calls, "prompt_tokens": usage.prompt_tokens,
                       "completion_tokens": usage.completion_tokens, "seconds": usage.seconds})


class ResponseCache:
    def __init__(self, path: str | Path, max_entries: int = 200_000) -> None:
        self.path = Path(path)
        self.max_entries = max_entries
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(SCHEMA)
            conn.execute("SELECT count(*) FROM responses").fetchone()
            return conn
        except sqlite3.DatabaseError as exc:
            aside = self.path.with_name(f"{self.path.name}.corrupt-{int(time.time())}")
            warnings.warn(f"response cache {self.path} is unreadable ({exc}); moved to {aside} and rebuilt",
                          RuntimeWarning, stacklevel=2)
            for suffix in ("", "-wal", "-shm"):
                p = Path(f"{self.path}{suffix}")
                if p.exists():
                    p.rename(Path(f"{aside}{suffix}"))
            conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
            conn.executescript(SCHEMA)
            return conn

    def get(self, key: str) -> Generation | None:
        with self._lock:
            row = self._conn.execute("SELECT model, text, usage, evidence FROM responses WHERE key = ?",
                                     (key,)).fetchone()
            if row is None:
                self.misses += 1
                return None
            self._conn.execute("UPDATE responses SET used = ? WHERE key = ?", (time.time(), key))
            self._conn.commit()
            self.hits += 1
        model, text, usage, evidence = row
        return Generation(text, Usage(**json.loads(usage)), model, json.loads(evidence) if evidence else None)

    def put(self, key: str, generation: Generation) -> None:
        now = time.time()
        usage = _usage_json(generation.usage)
        evidence = json.dumps(generation.evidence) if generation.evidence is not None else None
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (key, generation.model, generation.text, usage, evidence, now, now))
            (count,) = self._conn.execute("SELECT count(*) FROM responses").fetchone()
            if count > self.max_entries:
                self._conn.execute("DELETE FROM responses WHERE key IN (SELECT key FROM responses ORDER BY used "
                                   "LIMIT ?)", (count - self.max_entries,))
            self._conn.commit()

    def get_score(self, key: str) -> AnswerScore | None:
        with self._lock:
            row = self._conn.execute("SELECT logprob, tokens, usage FROM scores WHERE key = ?", (key,)).fetchone()
            if row is None:
                self.misses += 1
                return None
            self._conn.execute("UPDATE scores SET used = ? WHERE key = ?", (time.time(), key))
            self._conn.commit()
            self.hits += 1
        logprob, tokens, usage = row
        return AnswerScore(float(logprob), int(tokens), Usage(**json.loads(usage)))

    def put_score(self, key: str, score: AnswerScore) -> None:
        now = time.time()
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO scores VALUES (?, ?, ?, ?, ?, ?)",
                               (key, score.logprob, score.tokens, _usage_json(score.usage), now, now))
            (count,) = self._conn.execute("SELECT count(*) FROM scores").fetchone()
            if count > self.max_entries:
                self._conn.execute("DELETE FROM scores WHERE key IN (SELECT key FROM scores ORDER BY used LIMIT ?)",
                                   (count - self.max_entries,))
            self._conn.commit()

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT count(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()
