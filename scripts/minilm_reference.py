"""Writes tests/data/embed/minilm_reference.npz: all-MiniLM-L6-v2 vectors computed by sentence-transformers (the
reference implementation, torch) for the texts tests/unit/embed/test_bert.py checks xgrag.embed.bert against, so
the unit test needs no torch. Run it again when those texts change:

    HF_HUB_OFFLINE=1 python scripts/minilm_reference.py
"""

from __future__ import annotations

import sys
from importlib.metadata import version
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "unit" / "embed"))
from reference_texts import reference_texts  # noqa: E402

from xgrag.embed import SentenceTransformerEmbedder  # noqa: E402


def main() -> None:
    texts = reference_texts()
    embedder = SentenceTransformerEmbedder()
    out = ROOT / "tests" / "data" / "embed" / "minilm_reference.npz"
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, texts=np.array(texts), vectors=embedder.embed(texts), name=np.array(embedder.name),
                        made_by=np.array(f"sentence-transformers {version('sentence-transformers')}, "
                                         f"torch {version('torch')}"))
    print(f"{len(texts)} vectors written to {out}")


if __name__ == "__main__":
    main()
