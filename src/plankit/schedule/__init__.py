"""The scheduler: schedules (a stored plan and its trigger), fires, and the worker that runs them.

>>> async with SqliteStore("plankit.db") as store, Executor(store, tools) as executor:
...     schedule = await add_schedule(store, executor, load_plan("weekly.json"))
...     await Scheduler(store, executor=executor).run()      # until stop(); or run_once()

Every fire is recorded under a deterministic key (schedule id + nominal time) together with the execution
it starts, so a fire happens exactly once however many workers share the store and whenever they crash.
The rules of each trigger are in :mod:`plankit.schedule._fires` and :mod:`plankit.schedule._timing`.
"""

from ._fires import MAX_CATCH_UP, FireDecision, decide
from ._manage import (
    FirePreview,
    ScheduleError,
    add_schedule,
    fire_now,
    get_schedule,
    pause_schedule,
    pending_execution,
    preview,
    remove_schedule,
    resume_schedule,
    trigger_zone,
)
from ._market import Verdict, balance_verdict, condition_verdict, price_verdict
from ._observe import DEFAULT_FEED_POLL, next_slot, observe
from ._timing import fire_times, first_fire, local_to_utc, next_fire_after
from ._worker import DEFAULT_PARK_AFTER, Scheduler, TickReport

__all__ = [
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
