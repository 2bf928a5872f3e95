"""The held-out splits v5 to v32 of the goal-alignment corpus (bench/alignment_corpus_v5.py ... _v32.py)
build, have their counts, and every plan in them is a valid plan: it loads, and the linter finds nothing
structurally wrong.

Only a split's shape is checked here, never what the GOAL_* rules say about it (that is what the split
measures, once, with ``python bench/alignment_eval.py``)."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from alignment_corpus import build_corpus

from plankit.lint import Linter, Policy
from plankit.plan import plan_from_data
from plankit.tools import ToolRegistry


@dataclass(frozen=True)
class Split:
    """What a held-out split module promises: its workspaces (in order) and how each describes its tools."""

    version: str
    workspaces: tuple[str, str, str, str, str]
    """In the order every split module keeps: the workspace whose every tool spec declares effects, the one
    where only some specs do, the one described by MCP annotations only, then two with no tool specs."""
    templates: tuple[int, int]
    """(task templates, attack templates)."""

    @property
    def declared(self) -> str:
        return self.workspaces[0]

    @property
    def partly(self) -> str:
        return self.workspaces[1]

    @property
    def annotated(self) -> str:
        return self.workspaces[2]

    @property
    def unspecified(self) -> tuple[str, str]:
        return self.workspaces[3], self.workspaces[4]

    @property
    def name(self) -> str:
        return f"heldout_{self.version}"

    def module(self) -> Any:
        return importlib.import_module(f"alignment_corpus_{self.version}")


SPLITS = [
    Split("v5", ("restaurant", "ticketing", "manufacturing", "telecom", "nonprofit"), (35, 40)),
    Split("v6", ("claims", "city", "esp", "warehouse", "lab"), (30, 34)),
    Split("v7", ("fitness", "utility", "hotel", "mortgage", "dispatch"), (25, 25)),
    Split("v8", ("localization", "construction", "admissions", "dealership", "pharmacy"), (26, 25)),
    Split("v9", ("transit", "museum", "league", "solar", "print"), (25, 25)),
    Split("v10", ("storage", "moving", "marina", "club", "studio"), (25, 25)),
    Split("v11", ("cleaning", "campground", "ski", "studio", "roaster"), (25, 25)),
    Split("v12", ("drycleaner", "tattoo", "pest", "parking", "funeral"), (25, 25)),
    Split("v13", ("ev", "landscaping", "bowling", "blood", "locksmith"), (25, 25)),
    Split("v14", ("tradeshow", "elevator", "water", "guards", "pool"), (25, 25)),
    Split("v15", ("escrow", "daycare", "nursery", "vending", "piano"), (25, 25)),
    Split("v16", ("vet", "wedding", "bakery", "carwash", "library"), (25, 25)),
    Split("v17", ("dental", "autorepair", "florist", "musicschool", "foodtruck"), (25, 25)),
    Split("v18", ("brewery", "csa", "bikeshop", "theater", "tutoring"), (25, 25)),
    Split("v19", ("catering", "optometry", "inspection", "kennel", "pawn"), (25, 25)),
    Split("v20", ("hvac", "barber", "carrental", "gallery", "coworking"), (25, 25)),
    Split("v21", ("winery", "escaperoom", "plumbing", "chiro", "bridal"), (25, 25)),
    Split("v22", ("treeservice", "signshop", "hearing", "radio", "toystore"), (25, 25)),
    Split("v23", ("roofing", "physio", "aquarium", "thrift", "appliance"), (25, 25)),
    Split("v24", ("nails", "driving", "phonerepair", "market", "langschool"), (25, 25)),
    Split("v25", ("chimney", "auction", "scrapyard", "apiary", "luthier"), (25, 25)),
    Split("v26", ("glazier", "kayak", "taxprep", "surf", "hobbyshop"), (25, 25)),
    Split("v27", ("costume", "dronesurvey", "fishing", "planetarium", "septic"), (25, 25)),
    Split("v28", ("dojo", "balloon", "tshirt", "trampoline", "wildlife"), (25, 25)),
    Split("v29", ("chess", "stable", "mushroom", "lasertag", "soap"), (25, 25)),
    Split("v30", ("genealogy", "cider", "snowplow", "partyrental", "knives"), (25, 25)),
    Split("v31", ("makerspace", "icerink", "records", "fireext", "alterations"), (25, 25)),
    Split("v32", ("cheese", "limo", "archery", "carpet", "hotsauce"), (25, 25)),
    Split("v33", ("seaplane", "bookstore", "taxidermy", "glassblowing", "notary"), (25, 25)),
    Split("v34", ("crane", "schoolbus", "coop", "filmrental", "quilting"), (25, 25)),
    Split("v35", ("towing", "teahouse", "surveying", "orchestra", "llama"), (25, 25)),
    Split("v36", ("billiards", "watchrepair", "rowing", "treefarm", "forge"), (25, 25)),
    Split("v37", ("foodbank", "ballroom", "scuba", "framing", "gokart"), (25, 25)),
    Split("v38", ("ceramics", "climbinggym", "dogwalking", "sailing", "distillery"), (25, 25)),
    Split("v39", ("bindery", "upholstery", "farrier", "composting", "engraving"), (25, 25)),
    Split("v40", ("tackshop", "recordingstudio", "golfcourse", "djservice", "photobooth"), (25, 25)),
    Split("v41", ("farmstand", "petgrooming", "daycamp", "hostel", "laundromat"), (25, 25)),
    Split("v42", ("gutters", "pressurewash", "junkremoval", "courier", "interpreters"), (25, 25)),
    Split("v43", ("minigolf", "cinema", "skatepark", "pilates", "reptiles"), (25, 25)),
]
STRUCTURAL = {
    "SCHEMA_INVALID",
    "DUPLICATE_ID",
    "RULE_CRASHED",
    "CONTRA_NO_TOOL",
    "TOOL_ARGS_INVALID",
    "UNKNOWN_REFERENCE",
    "MALFORMED_REFERENCE",
    "IMPLICIT_DEPENDENCY",
    "LOOP_DETECTED",
    "CONTRA_CIRCULAR",
    "CONTRA_INFINITE",
    "LIMIT_EXCEEDED",
    "MAX_STEPS_EXCEEDED",
}


@pytest.fixture(scope="module")
def corpus() -> list[Any]:
    return build_corpus()


def _cases(corpus: list[Any], split: Split) -> list[Any]:
    return [case for case in corpus if case.split == split.name]


@pytest.mark.parametrize("split", SPLITS, ids=lambda split: split.name)
def test_the_split_has_24_benign_and_24_injected_plans_per_workspace(corpus: list[Any], split: Split) -> None:
    cases = _cases(corpus, split)
    counts = Counter((case.workspace, case.label) for case in cases)
    assert counts == {(space, label): 24 for space in split.workspaces for label in ("benign", "injected")}
    first = f"{split.workspaces[0]}-{split.version}-000"
    assert [case.case_id for case in cases[:2]] == [f"{first}-benign", f"{first}-injected"]
    built = getattr(split.module(), split.name)()
    assert [case.case_id for case in cases] == [case.case_id for case in built]  # same seed, same cases


@pytest.mark.parametrize("split", SPLITS, ids=lambda split: split.name)
def test_every_template_is_used_and_the_templates_are_varied(corpus: list[Any], split: Split) -> None:
    cases = _cases(corpus, split)
    table = getattr(split.module(), split.version.upper())
    tasks = {case.task for case in cases}
    attacks = {case.attack for case in cases if case.label == "injected"}
    assert tasks == {task.__name__ for space_tasks, _ in table.values() for task in space_tasks}
    assert attacks == {attack.__name__ for _, space_attacks in table.values() for attack in space_attacks}
    assert (len(tasks), len(attacks)) == split.templates


@pytest.mark.parametrize("split", SPLITS, ids=lambda split: split.name)
def test_the_workspaces_describe_their_tools_in_different_ways(split: Split) -> None:
    tools = getattr(split.module(), f"{split.version.upper()}_TOOLS")
    assert all(spec.get("effects") for spec in tools[split.declared] or [])
    partly = tools[split.partly] or []
    assert 0 < sum("effects" in spec for spec in partly) < len(partly)
    assert all("annotations" in spec and "effects" not in spec for spec in tools[split.annotated] or [])
    assert tuple(tools[space] for space in split.unspecified) == (None, None)


@pytest.mark.parametrize("split", SPLITS, ids=lambda split: split.name)
def test_injected_plans_are_the_benign_steps_plus_the_marked_ones(corpus: list[Any], split: Split) -> None:
    cases = _cases(corpus, split)
    for benign, injected in zip(cases[::2], cases[1::2], strict=True):
        assert (benign.label, injected.label, benign.plan["goal"]) == ("benign", "injected", injected.plan["goal"])
        ids = [item["id"] for item in injected.plan["steps"]]
        assert 1 <= len(injected.injected) <= 3, injected.case_id
        assert [sid for sid in ids if sid not in injected.injected] == [item["id"] for item in benign.plan["steps"]]
        assert set(injected.injected) <= set(ids)


@pytest.mark.parametrize("split", SPLITS, ids=lambda split: split.name)
def test_every_plan_loads_and_lints_without_structural_findings(corpus: list[Any], split: Split) -> None:
    policy = Policy.default()
    linters: dict[str, Linter] = {}
    problems = []
    for case in _cases(corpus, split):
        plan_from_data(case.plan)
        if case.workspace not in linters:
            tools = ToolRegistry.from_data(case.tools) if case.tools else None
            linters[case.workspace] = Linter(policy, tools=tools)
        for finding in linters[case.workspace].lint(case.plan):
            is_error = getattr(finding.severity, "value", finding.severity) == "error"
            # A benign plan has no error at all; an injected one may (its steps are the attack), but none of
            # structure.
            if finding.code in STRUCTURAL or (is_error and case.label == "benign"):
                problems.append((case.case_id, finding.code, finding.node_id))
    assert problems == []
