"""Perturbation strategies, one module each, registered here in the order `all` lists them."""

from xgrag.explain.perturbers.base import (
    REGISTRY,
    AppliesTo,
    Perturber,
    Planned,
    PlanOptions,
    SynonymFn,
    Unit,
    plan,
    register,
    resolve_strategies,
    strategies_of_unit,
    strategy_choices,
    strategy_names,
    union_of,
)
from xgrag.explain.perturbers.edge import EdgeRemoval
from xgrag.explain.perturbers.mask import RandomMasks, random_masks
from xgrag.explain.perturbers.node import NodeRemoval
from xgrag.explain.perturbers.subpath import SubpathRemoval
from xgrag.explain.perturbers.synonym import SynonymInjection, alias_synonym
from xgrag.explain.perturbers.units import ItemRemoval, SpanRemoval

for _perturber in (NodeRemoval(), EdgeRemoval(), SynonymInjection(), SubpathRemoval(), RandomMasks(), ItemRemoval(),
                   SpanRemoval()):
    register(_perturber)

# what the demo and `xgrag eval` compare unless told otherwise: XGRAG's node and edge removal, KGRAG-Ex's sub-paths
COMPARED_BY_DEFAULT: tuple[str, ...] = (NodeRemoval.name, EdgeRemoval.name, SubpathRemoval.name)
# `xgrag eval` also fits KG-SMILE's surrogate on random masks
EVALUATED_BY_DEFAULT: tuple[str, ...] = (*COMPARED_BY_DEFAULT, RandomMasks.name)
# XGRAG's ablations (dedup, theta-sim, temperature) are defined on node removal
ABLATION_STRATEGY: str = NodeRemoval.name
# the strategy whose units are random masks (surrogate figures)
MASK_STRATEGY: str = RandomMasks.name
# `xgrag explain`'s default: XGRAG's edge (triple) removal
DEFAULT_STRATEGY: str = EdgeRemoval.name
# the strategy whose score stands for an entity / a fact when one figure is shown (integrations' payloads)
PRIMARY_FOR_UNIT: dict[str, str] = {"node": NodeRemoval.name, "edge": EdgeRemoval.name}
# a stack's context (xgrag.explain.stack): its items, then the spans inside the items that matter
STACK_STRATEGIES: tuple[str, ...] = (ItemRemoval.name, SpanRemoval.name)

__all__ = [
    "ABLATION_STRATEGY", "COMPARED_BY_DEFAULT", "DEFAULT_STRATEGY", "EVALUATED_BY_DEFAULT", "MASK_STRATEGY",
    "PRIMARY_FOR_UNIT", "REGISTRY", "STACK_STRATEGIES", "AppliesTo", "Perturber",
    "PlanOptions", "Planned", "SynonymFn", "Unit", "alias_synonym",
    "plan", "random_masks", "register", "resolve_strategies", "strategies_of_unit", "strategy_choices",
    "strategy_names", "union_of",
]
