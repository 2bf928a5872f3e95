"""The public names: every package's ``__all__`` is sorted and complete, and the main ones are pinned.

A change to a pinned list is a change to the public API: update the list here on purpose, in the same
commit, and say so in the changelog.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from types import ModuleType

import pytest

import plankit
import plankit.feeds
import plankit.plan
import plankit.schedule


def _public_modules() -> list[ModuleType]:
    """Every plankit package, and every module that declares ``__all__`` (``__main__`` runs the CLI)."""
    found = [plankit]
    for info in pkgutil.walk_packages(plankit.__path__, "plankit."):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue
        module = importlib.import_module(info.name)
        if info.ispkg or hasattr(module, "__all__"):
            found.append(module)
    return found


MODULES = _public_modules()


def _isort_key(name: str) -> tuple[int, list[int | str]]:
    """The order ruff's RUF022 keeps: SCREAMING_CASE, then CamelCase, then the rest; numbers compared as
    numbers within each group."""
    group = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return group, [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def test_sort_key_orders_like_ruff() -> None:
    names = ["load", "Plan", "MAX_2", "MAX_10", "__version__", "A", "Edge2", "Edge10", "DEFAULT"]
    assert sorted(names, key=_isort_key) == [
        "DEFAULT",
        "MAX_2",
        "MAX_10",
        "A",
        "Edge2",
        "Edge10",
        "Plan",
        "__version__",
        "load",
    ]


def _public_attributes(module: ModuleType) -> list[str]:
    return [name for name, value in vars(module).items() if not name.startswith("_") and not inspect.ismodule(value)]


@pytest.mark.parametrize("module", MODULES, ids=[module.__name__ for module in MODULES])
def test_every_package_declares_a_sorted_all(module: ModuleType) -> None:
    names = getattr(module, "__all__", None)
    if names is None:  # only a package that offers nothing (it registers its modules, say) may go without
        assert _public_attributes(module) == [], f"{module.__name__} has public names but no __all__"
        return
    assert isinstance(names, list), f"{module.__name__}.__all__ is not a list"
    assert names == sorted(names, key=_isort_key), f"{module.__name__}.__all__ is not sorted"
    assert len(set(names)) == len(names), f"{module.__name__}.__all__ repeats a name"


@pytest.mark.parametrize("module", MODULES, ids=[module.__name__ for module in MODULES])
def test_every_name_in_all_exists(module: ModuleType) -> None:
    missing = [name for name in getattr(module, "__all__", []) if not hasattr(module, name)]
    assert missing == []


@pytest.mark.parametrize("module", [plankit, plankit.plan, importlib.import_module("plankit.errors")])
def test_public_classes_and_functions_are_documented(module: ModuleType) -> None:
    undocumented = [
        name
        for name in module.__all__
        if (inspect.isclass(value := getattr(module, name)) or inspect.isfunction(value))
        and not (value.__doc__ or "").strip()
    ]
    assert undocumented == []


def test_plankit_all_is_pinned() -> None:
    assert plankit.__all__ == [
        "Plan",
        "PlanFormatError",
        "PlanGraph",
        "PlankitError",
        "ToolContext",
        "ToolRegistry",
        "__version__",
        "dump_plan",
        "load_plan",
        "loads_plan",
        "tool",
    ]


def test_plankit_plan_all_is_pinned() -> None:
    assert plankit.plan.__all__ == [
        "DEFAULT_LIMITS",
        "DEFAULT_MISFIRE_GRACE_MS",
        "ESTIMATE_KEY",
        "LEGAL_TRANSITIONS",
        "MAX_ITERATIONS_LIMIT",
        "MAX_RETRY_ATTEMPTS",
        "NODE_TYPES",
        "RESERVED_ROOTS",
        "TRIGGER_DATA_KEYS",
        "AbortPolicy",
        "ActionNode",
        "BalanceTrigger",
        "CatchUp",
        "CompareCondition",
        "CompareOp",
        "Condition",
        "ConditionTrigger",
        "CriticalPath",
        "CronTrigger",
        "Cycle",
        "Dangling",
        "DeadLetterEntry",
        "Edge",
        "EnvRef",
        "Execution",
        "ExecutionCheckpoint",
        "ExecutionStatus",
        "FailurePolicy",
        "Fire",
        "FireStatus",
        "IRModel",
        "IfNode",
        "ImmediateTrigger",
        "IntervalTrigger",
        "LiteralValue",
        "LlmNode",
        "LoadLimits",
        "LogicCondition",
        "LogicOp",
        "LoopNode",
        "Node",
        "NodeBase",
        "NodeVisit",
        "OnChainEventTrigger",
        "Overlap",
        "ParallelNode",
        "Plan",
        "PlanGraph",
        "PlanStatus",
        "PlanTemplate",
        "PriceTrigger",
        "Reference",
        "RetryPolicy",
        "RuntimeFn",
        "RuntimeRef",
        "Schedule",
        "ScheduleStatus",
        "SequenceNode",
        "SkipPolicy",
        "StepExecution",
        "StepOutputRef",
        "StepStatus",
        "TaggedModel",
        "TemplateParam",
        "TemplateParamType",
        "TimeTrigger",
        "Trigger",
        "UtcDatetime",
        "ValidationInfo",
        "ValidationIssue",
        "ValueRef",
        "WaitNode",
        "condition_references",
        "dump_plan",
        "fire_execution_id",
        "fire_key",
        "load_plan",
        "loads_plan",
        "node_references",
        "parse_document",
        "parse_template",
        "plan_from_data",
        "plan_json_schema",
        "plan_to_data",
        "read_document",
        "single_reference",
        "transition_path",
        "validate_cron_expression",
        "validate_timezone",
        "value_references",
    ]


def test_top_level_names_are_the_plan_packages_own() -> None:
    for name in ("Plan", "PlanGraph", "dump_plan", "load_plan", "loads_plan"):
        assert getattr(plankit, name) is getattr(plankit.plan, name)
    assert plankit.PlanFormatError is importlib.import_module("plankit.errors").PlanFormatError


def test_plankit_feeds_all_is_pinned() -> None:
    assert plankit.feeds.__all__ == [
        "DEFAULT_CHAIN_ID",
        "FEEDS_ENV_VAR",
        "FEED_MISSING",
        "ChainFeed",
        "FeedError",
        "FeedRuntime",
        "Feeds",
        "FeedsFile",
        "FeedsFileError",
        "HttpPriceFeed",
        "LogEntry",
        "Observation",
        "PriceFeed",
        "StaticChainFeed",
        "StaticPriceFeed",
        "Web3ChainFeed",
        "as_number",
        "feed_findings",
        "feeds_from_config",
        "load_feeds",
        "read_path",
    ]


def test_plankit_schedule_all_is_pinned() -> None:
    assert plankit.schedule.__all__ == [
        "DEFAULT_FEED_POLL",
        "DEFAULT_PARK_AFTER",
        "MAX_CATCH_UP",
        "FireDecision",
        "FirePreview",
        "ScheduleError",
        "Scheduler",
        "TickReport",
        "Verdict",
        "add_schedule",
        "balance_verdict",
        "condition_verdict",
        "decide",
        "fire_now",
        "fire_times",
        "first_fire",
        "get_schedule",
        "local_to_utc",
        "next_fire_after",
        "next_slot",
        "observe",
        "pause_schedule",
        "pending_execution",
        "preview",
        "price_verdict",
        "remove_schedule",
        "resume_schedule",
        "trigger_zone",
    ]
