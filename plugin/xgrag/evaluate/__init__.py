"""`xgrag eval`: run a dataset through retrieve -> explain (+ the RAG-Ex baseline), score, report.

datasets.py loads and validates MetaQA, story QA and MedMCQA-shaped files; kg.py builds their knowledge
graphs with xgrag's ingestion; runner.py evaluates question by question (resumable); eval_report.py aggregates the
stored per-question results into tables, plots, report.md and results.json.
"""
