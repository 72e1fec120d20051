"""`xgrag schema`: the mapping of a user's graph onto xgrag, inferred from the graph itself (read only).

profile (what is read, bounded by sample sizes) -> presets (a RAG library's layout?) / decide (a domain graph's
general mapping: labels, values, links, provenance; options holds the bounds) -> infer (the [schema] table and its
GraphSchema) -> emit (commented TOML, JSON). Sits at the store layer: imports config, errors and store only.
"""

from xgrag.schema.emit import render_json, render_toml, to_json
from xgrag.schema.infer import Inference, InferError, infer_schema, schema_from_table
from xgrag.schema.options import InferOptions

__all__ = ["InferError", "InferOptions", "Inference", "infer_schema", "render_json", "render_toml",
           "schema_from_table", "to_json"]
