"""M-GNAN (Ex-GraphRAG §3.2): an additive graph reader whose per-fact attributions are exact.

`model.py` the additive model, `features.py` what it reads, `reader.py` the generator (`--generator gnan` or
`gnan:PATH`), `train.py` (`xgrag train-gnan`, or `python -m xgrag.generate.gnan.train`).
"""

from xgrag.generate.gnan.reader import CheckpointError, GNANReader, Scored, default_checkpoint

__all__ = ["CheckpointError", "GNANReader", "Scored", "default_checkpoint"]
