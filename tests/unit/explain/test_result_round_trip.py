"""The Explanation JSON is generated from the types and reads back into the same types: Explanation -> JSON ->
Explanation -> JSON gives the same JSON, for real explanations of every kind (every_kind.py: the real Explainer,
deterministic fakes for the generator and the embedder)."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest
from every_kind import KINDS
from rich.console import Console

from xgrag.explain import ExplainSettings
from xgrag.model import ExplainConfig, Explanation
from xgrag.report.compare import compare
from xgrag.report.console import print_explanation
from xgrag.report.view import view_model


@pytest.fixture(scope="module")
def explanations() -> dict[str, Explanation]:
    return {name: make() for name, make in KINDS.items()}


@pytest.mark.parametrize("kind", list(KINDS))
def test_json_round_trip_is_exact(explanations: dict[str, Explanation], kind: str) -> None:
    ex = explanations[kind]
    text = ex.model_dump_json()
    again = Explanation.model_validate_json(text)
    assert again.model_dump_json() == text
    assert again == ex
    # the reading path for saved explanations and files gives the same
    assert Explanation.from_json(text).model_dump_json() == text
    assert Explanation.from_json(json.loads(text)).to_json() == ex.to_json()


def test_every_part_is_present_in_some_kind(explanations: dict[str, Explanation]) -> None:
    """The kinds together exercise every typed part (a part never produced would round-trip vacuously)."""
    ex = explanations
    assert ex["fact_removal"].dedup.merged == 1 and ex["fact_removal"].dedup.merges[0].alias == "d2"
    assert ex["fact_removal"].subgraph.properties and ex["fact_removal"].bridges is not None
    assert ex["fact_removal"].generator_evidence and ex["fact_removal"].sources
    surrogate = ex["surrogate"].surrogate
    assert surrogate is not None and surrogate.solvers and surrogate.primary_fit() is not None
    assert surrogate.coefficients == surrogate.solvers[surrogate.primary or ""].coefficients
    group = ex["group_testing"].group_testing
    assert group is not None and set(group.strategies) == {"edge", "node"} and group.max_calls == 40
    incomplete = ex["cancelled"].incomplete
    assert incomplete is not None and incomplete.cancelled and incomplete.planned == 9
    stack = ex["stack"]
    assert stack.stack is not None and stack.stack.stack == "test" and stack.units and stack.reproduction
    assert stack.bridges is None and stack.surrogate is None


def test_keys_left_out_stay_out() -> None:
    """A key the JSON omitted when it had no value (a surrogate's note, a solver's paths, group testing's
    max_calls) is still absent: the JSON keeps its shape."""
    data = KINDS["group_testing"]().to_json()
    assert "max_calls" in data["group_testing"]
    assert all("inside_moving_parents" not in s for s in data["group_testing"]["strategies"].values())
    surrogate = KINDS["surrogate"]().to_json()["surrogate"]
    assert "note" not in surrogate and all("paths" not in s for s in surrogate["solvers"].values())
    assert all(c["note"] == {} for c in KINDS["fact_removal"]().to_json()["components"])


def test_unknown_keys_are_refused_when_made_and_dropped_when_read() -> None:
    data = KINDS["cancelled"]().to_json()
    assert data["incomplete"] is not None
    data["incomplete"]["from_a_newer_version"] = 1
    with pytest.raises(ValueError, match="from_a_newer_version"):
        Explanation.model_validate(data)
    assert Explanation.from_json(data).incomplete is not None


def test_the_recorded_config_is_explain_settings_field_for_field() -> None:
    names = [f.name for f in dataclasses.fields(ExplainSettings)]
    assert list(ExplainConfig.model_fields) == names
    assert ExplainSettings().record() == ExplainConfig()  # the same defaults (an old explanation reads with them)
    custom = ExplainSettings(strategies=("node", "mask"), scheduler="group", max_calls=7, hops=2)
    assert custom.record().model_dump() == {**dataclasses.asdict(custom), "strategies": ["node", "mask"],
                                            "surrogate_solvers": list(custom.surrogate_solvers)}


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_readers_give_plain_json_and_text(explanations: dict[str, Explanation], kind: str) -> None:
    """The browser's view model and `xgrag compare` are sent as JSON: no typed part may leak into them unconverted;
    the console report reads every part."""
    ex = explanations[kind]
    view = view_model(ex)
    json.dumps(view)  # TypeError on a typed part left unconverted
    assert (view["honesty"]["incomplete"] is None) == (ex.incomplete is None)
    diff = compare(ex, Explanation.from_json(ex.model_dump_json()))  # every kind of top component
    json.dumps(diff)
    assert not diff["settings"] and diff["same_answer"] and diff["top"]["a"] == diff["top"]["b"]
    assert {(r["kind"], r["id"]) for r in diff["rows"]} == {(c.kind, c.id) for c in ex.components}
    # compared with itself every score is where it was; one neither side measured (cancelled) is "unmeasured"
    measured = {(c.kind, c.id): c.importance is not None for c in ex.components}
    assert all(r["moved"] == ("same" if measured[(r["kind"], r["id"])] else "unmeasured") for r in diff["rows"])
    if kind == "cancelled":
        assert diff["a"]["incomplete"]["reason"] == "cancelled"
    out = io.StringIO()
    print_explanation(Console(file=out, width=200), ex)
    assert ex.question in out.getvalue()
    if ex.incomplete is not None:
        assert "Incomplete:" in out.getvalue()
