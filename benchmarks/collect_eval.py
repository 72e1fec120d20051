"""Copy the key tables of an `xgrag eval` run folder into benchmarks/results/ (small files only).

    python benchmarks/collect_eval.py RUN_DIR NAME   ->  benchmarks/results/eval-NAME.md, eval-NAME.json

The markdown is the run's report.md without its plot links; the JSON is results.json without the per-question
rows (those stay in the run folder).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "results"


def main(run_dir: str, name: str) -> None:
    run = Path(run_dir)
    results = json.loads((run / "results.json").read_text(encoding="utf-8"))
    small = {k: v for k, v in results.items() if k not in ("per_question", "centrality_per_question")}
    OUT.mkdir(exist_ok=True)
    (OUT / f"eval-{name}.json").write_text(json.dumps(small, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    md = (run / "report.md").read_text(encoding="utf-8")
    md = md.split("\n## Plots\n")[0].rstrip() + "\n"
    (OUT / f"eval-{name}.md").write_text(md, encoding="utf-8")
    print(f"wrote {OUT / f'eval-{name}.md'} and .json")


if __name__ == "__main__":
    main(*sys.argv[1:3])
