"""`python -m xgrag.cli`: the same as the `xgrag` console script."""

from xgrag.cli.app import main

main()
