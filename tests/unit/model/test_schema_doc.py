"""docs/explanation.schema.json documents the Explanation JSON; it must match the code."""

import json
from pathlib import Path

from xgrag.model import Explanation

DOC = Path(__file__).resolve().parents[3] / "docs" / "explanation.schema.json"


def test_schema_file_is_current() -> None:
    assert json.loads(DOC.read_text()) == Explanation.model_json_schema(mode="serialization"), (
        "regenerate: python -c \"import json; from xgrag.model import Explanation; "
        "print(json.dumps(Explanation.model_json_schema(mode=\"serialization\"), indent=2))\" "
        "> docs/explanation.schema.json")
