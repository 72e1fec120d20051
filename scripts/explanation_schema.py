"""Write docs/explanation.schema.json: the JSON Schema of the Explanation JSON, generated from its types
(xgrag.model.Explanation and the records it holds). tests/unit/model/test_schema_doc.py checks the file is current.

    python scripts/explanation_schema.py          # rewrite the file
    python scripts/explanation_schema.py --check  # exit 1 when it is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from xgrag.model import Explanation

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "docs" / "explanation.schema.json"


def schema_text() -> str:
    return json.dumps(Explanation.model_json_schema(mode="serialization"), indent=2) + "\n"


def main(argv: list[str]) -> int:
    text = schema_text()
    if "--check" in argv:
        if SCHEMA_FILE.read_text() != text:
            print(f"{SCHEMA_FILE} is stale: run python scripts/explanation_schema.py", file=sys.stderr)
            return 1
        return 0
    SCHEMA_FILE.write_text(text)
    print(f"wrote {SCHEMA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
