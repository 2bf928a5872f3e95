"""The corteX planning face: ``PlanningEngine``, ``ExecutionPlan``, ``PlanStep`` and ``PlanStepStatus``.

The names, fields and defaults are those of the corteX planner. The engine builds prompts and parses
replies; it never calls a model and does no I/O, so it is driven like this::

    engine = PlanningEngine(max_steps=15)
    plan = engine.parse_plan(goal, reply_from_any_llm)
    while step := engine.get_next_step(plan):
        engine.mark_step_running(plan, step.step_id)
        engine.mark_step_completed(plan, step.step_id, run(step))
    engine.plan_state(plan)   # PlanState(state='finished', ...) or 'blocked' with the reason

What this face adds to the seed: :meth:`PlanningEngine.plan_state` tells a finished plan from a blocked one
(a failed dependency, a cycle, a dependency on a step that does not exist), illegal state transitions raise
:class:`PlanningError`, step ids from a reply are made valid and unique, and :meth:`ExecutionPlan.to_plan` /
:meth:`ExecutionPlan.from_plan` convert to and from the IR (``llm`` nodes) without loss.
"""

from ._engine import PlanningEngine
from ._models import ExecutionPlan, PlanningError, PlanState, PlanStep, PlanStepStatus
from ._text import ACTION_VERBS, COMPLEXITY_WEIGHTS, MULTI_ACTION_KEYWORDS, complexity_factors

__all__ = [
    "ACTION_VERBS",
    "COMPLEXITY_WEIGHTS",
    "MULTI_ACTION_KEYWORDS",
    "ExecutionPlan",
    "PlanState",
    "PlanStep",
    "PlanStepStatus",
    "PlanningEngine",
    "PlanningError",
    "complexity_factors",
]
