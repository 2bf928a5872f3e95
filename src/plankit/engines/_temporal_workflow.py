"""The plan workflow as Temporal loads it, and the sandbox it runs in.

Temporal's Python SDK runs each workflow in a sandbox: the workflow's module is imported afresh for every
run, and so is every module it imports that is not *passed through*; inside, a call that could differ
on replay (``datetime.now()``, ``random.random()``, ``os.environ``, ``time.time()``, I/O) raises
``RestrictedWorkflowAccessError`` and fails the workflow task, which the worker retries until the code is
fixed — nothing non-deterministic reaches the history.

Passing a module through shares the worker's copy with the sandbox: cheaper, but its code is not checked
(the restrictions act on the modules a sandboxed module imports). So the choice is per module:

* **re-imported, and checked**: the interpreter, i.e. the code that decides what a run does and what it
  records: :data:`CHECKED` (this module, :mod:`.temporal`, the executor's node runner and its helpers in
  ``plankit.execute``, and ``plankit._utils``, whose ``utcnow`` is the executor's default clock);
* **passed through**: everything else of plankit (the plan IR's pydantic models, errors, lint, stores,
  tools, the activities' code, which runs outside workflows anyway) and pydantic itself, as Temporal
  recommends for data models and libraries with import-time side effects. Re-importing the models would
  rebuild every pydantic schema for each run, and a model class from the sandbox's copy would not be the
  class the activities validate against.

Measured (``bench/engines.py --temporal-only``, 2 shared cores, CPU time of the worker's process): the
sandbox adds about 6 ms per workflow run with all of plankit passed through, and re-importing the
interpreter about 17 ms more (module code and a few dataclasses; paid when a run starts or is replayed
after leaving the worker's cache, not per step); per step it adds under 1 ms. A passed-through plankit
would save those 17 ms and check nothing of plankit's. Patching a checked module from outside the sandbox
(a test's ``monkeypatch``) does not reach the workflow: the sandbox runs its own copy.

The class is decorated here, at import time, because the sandbox finds a workflow by importing its module
and looking the class up: a class decorated lazily, after import (as :mod:`.temporal` once did, so that
importing it needed no ``temporalio``), is undecorated in the sandbox's copy and is refused.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from temporalio import workflow
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from . import temporal

CHECKED = frozenset(
    {
        "plankit",
        "plankit._utils",
        "plankit.engines",
        "plankit.engines._temporal_workflow",
        "plankit.engines.temporal",
        "plankit.execute",
        "plankit.execute._clock",
        "plankit.execute._events",
        "plankit.execute._failures",
        "plankit.execute._kinds",
        "plankit.execute._lifecycle",
        "plankit.execute._nodes",
        "plankit.execute._replan",
        "plankit.execute._resolve",
        "plankit.execute._scheduler",
        "plankit.execute._state",
    }
)
"""plankit's modules the sandbox imports afresh for each run, and checks: the workflow's interpreter."""


@workflow.defn(name=temporal.WORKFLOW)
class PlanWorkflow(temporal.PlanWorkflow):
    """One execution of one plan, as a Temporal workflow (see :class:`plankit.engines.temporal.PlanWorkflow`)."""

    @workflow.run
    async def run(self, request: dict[str, Any]) -> str:
        """Run the plan of ``request``; returns the final status."""
        return await super().run(request)

    @workflow.signal(name="decide")
    def decide(self, step_key: str, approved: bool, by: str | None = None) -> None:
        """An approval or denial of a step awaiting confirmation."""
        super().decide(step_key, approved, by)


def passthrough_modules() -> list[str]:
    """Every plankit module and package outside :data:`CHECKED`, as names the sandbox passes through (a
    package's name covers its submodules, so a module added to ``plankit.lint`` is passed through too)."""
    names: list[str] = []
    for package in ("plankit", "plankit.engines", "plankit.execute"):
        for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
            name = f"{package}.{info.name}"
            if not any(checked == name or checked.startswith(f"{name}.") for checked in CHECKED):
                names.append(name)
    return sorted(names)


def workflow_runner() -> SandboxedWorkflowRunner:
    """The sandbox plankit's workflow runs in: Temporal's default restrictions (which pass pydantic
    through), with plankit's modules outside :data:`CHECKED` passed through."""
    restrictions = SandboxRestrictions.default.with_passthrough_modules(*passthrough_modules())
    return SandboxedWorkflowRunner(restrictions=restrictions)
