"""The `xgrag` command line: one module per command group, registered on one Typer app.

app.py        the app, its one error handler (XgragError -> message, hint, exit code), the consoles
options.py    options declared once; ExplainOptions, the group `explain` and `explain-batch` share
output.py     the store, progress bars, failed outputs reported (explanations' files: xgrag.report.outputs)
db.py         xgrag db start | status | stop
ingest.py     xgrag migrate, ingest triples | docs
graph.py      xgrag retrieve, dedup, embed, centrality, checksum
explaining.py xgrag explain, explain-batch
stack.py      xgrag explain-stack (a user's own stack, named as MODULE:FACTORY)
explanations.py  xgrag explanations [show | cypher | timeline]
schema.py     xgrag schema infer
evaluation.py xgrag eval, train-gnan
demo.py       xgrag demo
serve.py      xgrag serve (the browser workbench, xgrag.serve)

A command validates its command line (question, paths, values) with light modules only, then imports what it
runs: a usage error is answered before any model, driver or connection loads.
"""

from xgrag.cli.app import app, main, report_error

# isort: off
# importing a command module registers its commands, in this order in `xgrag --help`
from xgrag.cli import ingest, graph, explaining, stack, explanations, evaluation, demo, serve, db, schema  # noqa: F401, E402
# isort: on

__all__ = ["app", "main", "report_error"]
