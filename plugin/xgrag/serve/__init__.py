"""`xgrag serve`: the explanation workbench in the browser (ask, watch the explanation fill in, what-ifs, saved
explanations) and its HTTP API; and the one front end it shares with the self-contained `--html` export.

Importing this package loads nothing heavy: the web app is `xgrag.serve.app` (FastAPI), the export
`xgrag.serve.export` (no web framework), the browser code and its vendored graph library `static/`.
"""
