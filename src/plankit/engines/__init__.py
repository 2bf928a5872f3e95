"""Engines that run plans beyond one process. ``plankit.engines.temporal``: Temporal (``plankit[temporal]``);
``plankit.engines.temporal_schedules``: ``cron``/``interval`` triggers as Temporal Schedules.

The in-process executor (:mod:`plankit.execute`) is the default engine; an engine here runs the same plan IR
with the same semantics on other infrastructure. Importing this package needs no optional dependency.
"""

from .temporal import DEFAULT_TASK_QUEUE, TemporalEngine, TemporalExecutor, temporal_worker

__all__ = ["DEFAULT_TASK_QUEUE", "TemporalEngine", "TemporalExecutor", "temporal_worker"]
