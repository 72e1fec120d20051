"""docs/explanation.schema.json documents the Explanation JSON; it must be what scripts/explanation_schema.py
generates from the types now."""

import json
import subprocess
import sys
from pathlib import Path

from xgrag.model import Explanation

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "explanation.schema.json"


def test_schema_file_is_current() -> None:
    assert json.loads(DOC.read_text()) == Explanation.model_json_schema(mode="serialization"), (
        "regenerate: python scripts/explanation_schema.py")


def test_the_script_checks_the_file() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "explanation_schema.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_no_part_of_the_result_is_an_untyped_mapping() -> None:
    """Every object in the schema declares its properties, except the free-form values the model says are
    free-form: provenance (the graph's or a stack's metadata), a generator's parameters, sources (trace steps are
    typed: xgrag.model.trace)."""
    schema = Explanation.model_json_schema(mode="serialization")
    free_form = {("Component", "provenance"), ("RelationshipRecord", "provenance"), ("UnitRecord", "provenance"),
                 ("Explanation", "generator_params"), ("Explanation", "sources")}
    untyped = []
    for name, definition in [("Explanation", schema), *schema["$defs"].items()]:
        for field, prop in definition.get("properties", {}).items():
            inner = prop.get("items", prop)
            for option in inner.get("anyOf", [inner]):
                if option.get("type") == "object" and "additionalProperties" not in option and "$ref" not in option:
                    untyped.append((name, field))
                elif option.get("additionalProperties") is True or option.get("additionalProperties") == {}:
                    untyped.append((name, field))
    assert set(untyped) <= free_form, sorted(set(untyped) - free_form)
