"""Bench: the scheduler (``plankit.schedule``) with many schedules in one SQLite store.

    python bench/scheduler.py                          # 100,000 schedules, 10,000 due: 1-2 minutes
    python bench/scheduler.py --schedules 10000 --due 1000 --add-schedule 200    # a quick look

Everything runs in this process on a ``SqliteStore`` file in a temporary folder (WAL, ``synchronous=NORMAL``),
with a fixed clock (``now()`` is set by hand; ``sleep`` is real) so that nothing comes due by accident.

The schedules are a deterministic mix: 20 % ``time`` triggers, 30 % ``interval`` (every minute .. every day),
50 % ``cron`` (``*/5 * * * *``, ``*/15 * * * *``, hourly, daily, weekdays) in six IANA time zones. ``--due``
of them (spread evenly) fire at the same instant T: a ``time`` trigger at T, an interval starting at T, or a
daily cron whose local time is T in its zone; every other one first fires after T.

1. **Load**: the schedules are added to the store. ``add_schedule`` lints each plan and stores a plan per
   schedule, so the full population is loaded directly: ``Schedule`` records built with ``first_fire`` and
   written with ``store.save_schedule`` (one transaction each). The schedules not due share a handful of
   stored plans (one ``echo`` step, linted once); each due one gets a stored copy of its own, as
   ``add_schedule`` would give it (so the runs at T move plan statuses as in use). ``--add-schedule`` more
   are then added through ``add_schedule`` into a second store, to show what the public path costs per
   schedule (lint and a plan each included).
2. **Idle tick**: ``Scheduler.tick()`` before T, when nothing is due (median and p99 over ``--ticks``
   ticks; target <= 1 ms). Measured again after the run, with the finished executions in the store.
3. **Fires**: the clock moves to T, and the worker ticks (``--batch`` schedules a tick) until it has decided
   every due schedule: decisions committed per second (claim, decide, re-lint, fire + pending execution in
   one transaction each). Then ``run_once`` runs the executions they created (``--concurrency`` at a time):
   executions completed per second.
4. **Memory**: RSS growth of this process over the load (the store keeps nothing in Python; SQLite's page
   cache is bounded), the size of one ``Schedule`` record in Python (tracemalloc, what a worker holds per
   schedule of a batch), and the database file per schedule (after a WAL checkpoint).

Also printed, per trigger (one of each kind, and cron expressions from daily to every minute): the
microseconds of ``next_fire_after`` (called when a schedule is added and twice per decision), of reading a
stored schedule's JSON (a worker reads each due schedule twice per decision) and of ``decide``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from plankit.execute import Executor
from plankit.feeds import LogEntry
from plankit.plan import (
    CronTrigger,
    IntervalTrigger,
    Plan,
    PlanStatus,
    PriceTrigger,
    Schedule,
    ScheduleStatus,
    TimeTrigger,
    Trigger,
    plan_from_data,
)
from plankit.schedule import Scheduler, add_schedule, decide, first_fire, next_fire_after, price_verdict
from plankit.schedule._logs import LogIndex
from plankit.schedule._price_index import PriceIndex
from plankit.store import SqliteStore

T = datetime(2026, 3, 2, 0, 1, tzinfo=UTC)
"""When the due schedules fire (a Monday, winter time in the north, summer time in Sydney)."""
START = T - timedelta(seconds=30)
"""When the schedules are added: no cron minute lies between it and T."""
ZONES = ("UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "Asia/Kolkata")
CRONS = ("*/5 * * * *", "*/15 * * * *", "0 * * * *", "30 2 * * *", "0 9 * * 1-5")
EVERY_MS = (60_000, 300_000, 3_600_000, 86_400_000)
PROBE_CRONS = ("* * * * *", *CRONS)
SEED = 20_260_302
TARGET_IDLE_TICK_MS = 1.0


class FixedClock:
    """A clock that stays where it is put (``now``), so fire times are exact; ``sleep`` is real time, so the
    executor's pollers don't spin."""

    def __init__(self, now: datetime):
        self.at = now

    def now(self) -> datetime:
        return self.at

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(seconds, 0))


@dataclass
class Results:
    """Every number the bench prints, as (label, value, unit) rows."""

    rows: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, label: str, value: float | int | str, unit: str = "") -> None:
        text = value if isinstance(value, str) else f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"
        self.rows.append((label, text, unit))
        print(f"  {label}: {text} {unit}".rstrip(), flush=True)

    def table(self) -> str:
        width = max(len(label) for label, _, _ in self.rows)
        value_width = max(len(value) for _, value, _ in self.rows)
        lines = [f"{'measure'.ljust(width)}  {'value'.rjust(value_width)}  unit", "-" * (width + value_width + 12)]
        lines += [f"{label.ljust(width)}  {value.rjust(value_width)}  {unit}" for label, value, unit in self.rows]
        return "\n".join(lines)


# ------------------------------------------------------------------------------------------ population
def due_trigger(index: int) -> Trigger:
    """A trigger whose first fire is exactly T: a time, an interval start, or a daily cron at T local."""
    kind = index % 3
    if kind == 0:
        return TimeTrigger(at=T)
    if kind == 1:
        return IntervalTrigger(every_ms=EVERY_MS[index % len(EVERY_MS)], start_at=T)
    zone = ZONES[index % len(ZONES)]
    local = T.astimezone(ZoneInfo(zone))
    return CronTrigger(expression=f"{local.minute} {local.hour} * * *", timezone=zone)


def later_trigger(index: int, rng: random.Random) -> Trigger:
    """A trigger from the mix whose first fire comes after T."""
    kind = index % 10
    if kind < 2:
        return TimeTrigger(at=T + timedelta(seconds=rng.randint(60, 30 * 86_400)))
    if kind < 5:
        start = T + timedelta(seconds=rng.randint(1, 3_600))
        return IntervalTrigger(every_ms=EVERY_MS[index % len(EVERY_MS)], start_at=start)
    return CronTrigger(expression=CRONS[index % len(CRONS)], timezone=ZONES[(index // 10) % len(ZONES)])


def triggers(count: int, due: int) -> Iterator[tuple[Trigger, bool]]:
    """``count`` triggers, ``due`` of them (evenly spread) firing at T: (trigger, fires at T)."""
    rng = random.Random(SEED)
    stride = count / due if due else float("inf")
    next_due = 0.0
    made_due = 0
    for index in range(count):
        if made_due < due and index >= next_due:
            yield due_trigger(made_due), True
            made_due += 1
            next_due += stride
        else:
            yield later_trigger(index, rng), False


def echo_plan(trigger: Trigger, number: int) -> Plan:
    """A plan of one ``echo`` action with this trigger."""
    return plan_from_data(
        {
            "name": f"bench {number}",
            "trigger": trigger.model_dump(by_alias=True, mode="json"),
            "steps": [{"id": "say", "tool": "echo", "args": {"text": "tick"}}],
        }
    )


def schedule_record(schedule_id: str, plan_id: str, trigger: Trigger) -> Schedule:
    """The record ``add_schedule`` would store for a schedule added at START (without its lint and plan)."""
    first = first_fire(trigger, START)
    return Schedule(
        id=schedule_id,
        plan_id=plan_id,
        trigger=trigger,
        created_at=START,
        anchor_at=getattr(trigger, "start_at", None) or START,
        next_fire_at=first,
        due_at=first,
        status=ScheduleStatus.ACTIVE if first is not None else ScheduleStatus.COMPLETED,
    )


# ---------------------------------------------------------------------------------------- measures
def rss_bytes() -> int:
    """This process's resident set size (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def db_bytes(store: SqliteStore) -> int:
    """The database file's size once the WAL is checkpointed into it."""
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    files = [Path(store.path + suffix) for suffix in ("", "-wal")]
    return sum(file.stat().st_size for file in files if file.exists())


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def record_size() -> float:
    """Bytes of Python memory one ``Schedule`` record takes (mean over 1,000 of the mix, tracemalloc)."""
    trigger_list = [trigger for trigger, _ in triggers(1_000, 100)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    records = [schedule_record(f"sched_{n:07d}", "plan_x", trigger) for n, trigger in enumerate(trigger_list)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(records) == 1_000
    return (after - before) / len(records)


def sample_triggers() -> list[tuple[str, Trigger]]:
    """One trigger of each kind in the mix, and a per-minute cron, for the per-trigger costs."""
    samples: list[tuple[str, Trigger]] = [
        ("time", TimeTrigger(at=T)),
        ("interval every 1 min", IntervalTrigger(every_ms=60_000, start_at=T)),
    ]
    for expression in PROBE_CRONS:
        samples.append(
            (f"cron '{expression}' Europe/Berlin", CronTrigger(expression=expression, timezone="Europe/Berlin"))
        )
    return samples


def mean_us(call: Callable[[], object], calls: int) -> float:
    began = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - began) / calls * 1e6


def trigger_costs(calls: int = 200) -> str:
    """A table of µs per call, per trigger: ``next_fire_after``, reading the schedule's stored JSON (what
    every ``load_schedule`` does) and ``decide`` at its first fire time (a pure function: no store)."""
    lines = [f"{'trigger':34}  {'next_fire_after':>15}  {'load JSON':>9}  {'decide':>8}  (µs per call)"]
    for label, trigger in sample_triggers():
        first = first_fire(trigger, START)
        assert first is not None
        record = schedule_record("sched_probe", "plan_probe", trigger)
        document = record.model_dump_json(exclude_defaults=True)
        nxt = mean_us(partial(next_fire_after, trigger, START, anchor=START), calls)
        read = mean_us(partial(Schedule.model_validate_json, document), calls)
        decided = mean_us(partial(decide, record, first, previous_running=False), calls)
        lines.append(f"{label:34}  {nxt:>15,.0f}  {read:>9,.0f}  {decided:>8,.0f}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- phases
async def store_plans(store: SqliteStore, executor: Executor, count: int) -> tuple[Plan, list[str]]:
    """``count`` scheduled plans (one ``echo`` step, a cron trigger), linted once each: the last one (a
    template for more copies) and their ids."""
    ids = []
    for number in range(count):
        plan = echo_plan(CronTrigger(expression="0 9 * * 1-5", timezone=ZONES[number % len(ZONES)]), number)
        result = executor.check(plan)
        if not result.valid:
            raise SystemExit(f"the bench plan does not pass lint: {[d.code for d in result.errors]}")
        plan = plan.model_copy(update={"status": PlanStatus.SCHEDULED})
        ids.append(await store.save_plan(plan))
    return plan, ids


async def load(store: SqliteStore, template: Plan, plan_ids: list[str], count: int, due: int, results: Results) -> int:
    """Build and store ``count`` schedules; returns how many of them fire at T (checked, not assumed).

    The schedules that fire at T get a plan of their own (a stored copy of ``template``, as ``add_schedule``
    would store), so the runs at T move plan statuses as they would in use; the rest share ``plan_ids``."""
    build = write = 0.0
    fires_at_t = 0
    rss_before = rss_bytes()
    for number, (trigger, is_due) in enumerate(triggers(count, due)):
        began = time.perf_counter()
        plan_id = plan_ids[number % len(plan_ids)]
        record = schedule_record(f"sched_{number:07d}", plan_id, trigger)
        built = time.perf_counter()
        if is_due:
            record.plan_id = await store.save_plan(template.model_copy(update={"id": None}))
        await store.save_schedule(record)
        write += time.perf_counter() - built
        build += built - began
        if record.due_at is not None and record.due_at <= T:
            fires_at_t += 1
            if not is_due or record.due_at != T:
                raise SystemExit(f"{record.id} ({trigger}) fires at {record.due_at}, meant {'T' if is_due else '> T'}")
    rss_after = rss_bytes()
    results.add(f"load {count:,} schedules (first_fire + save_schedule)", build + write, "s")
    results.add("  building records (first_fire, models)", build / count * 1e6, "µs/schedule")
    results.add("  storing (save_schedule; save_plan for due ones)", write / count * 1e6, "µs/schedule")
    results.add("  schedules loaded per second", count / (build + write), "/s")
    results.add("RSS growth over the load", (rss_after - rss_before) / count, "bytes/schedule")
    size = db_bytes(store)
    results.add(f"database file (schedules + {due:,} plans)", size / 2**20, "MiB")
    results.add("  per schedule", size / count, "bytes/schedule")
    return fires_at_t


async def load_through_add_schedule(folder: Path, count: int, results: Results) -> None:
    """``count`` schedules through ``add_schedule`` (lint + a plan each) in a store of their own."""
    clock = FixedClock(START)
    async with SqliteStore(folder / "add_schedule.db") as store:
        executor = Executor(store, clock=clock)
        plans = [echo_plan(trigger, number) for number, (trigger, _) in enumerate(triggers(count, 0))]
        began = time.perf_counter()
        for plan in plans:
            await add_schedule(store, executor, plan)
        elapsed = time.perf_counter() - began
        lint = time.perf_counter()
        for plan in plans:
            executor.check(plan)
        lint = time.perf_counter() - lint
        executor.close()
        results.add(f"add_schedule x {count:,} (lint + plan + schedule)", elapsed / count * 1e6, "µs/schedule")
        results.add("  of which lint (executor.check)", lint / count * 1e6, "µs/schedule")
        results.add("  database file per schedule (plan included)", db_bytes(store) / count, "bytes/schedule")


async def idle_ticks(scheduler: Scheduler, ticks: int, results: Results, label: str) -> None:
    """Median and p99 of ``tick()`` when nothing is due."""
    samples = []
    for _ in range(ticks):
        began = time.perf_counter()
        report = await scheduler.tick()
        samples.append(time.perf_counter() - began)
        if not report.idle:
            raise SystemExit(f"an idle tick did work: {report}")
    median, p99 = statistics.median(samples) * 1e3, percentile(samples, 0.99) * 1e3
    verdict = "ok" if p99 <= TARGET_IDLE_TICK_MS else f"over the {TARGET_IDLE_TICK_MS} ms target"
    results.add(f"idle tick, {label}: median", median, "ms")
    results.add(f"idle tick, {label}: p99", p99, f"ms ({verdict})")


async def decide_due(scheduler: Scheduler, due: int, results: Results) -> None:
    """Tick until every schedule due at T is decided; decisions committed per second."""
    decided = ticks = 0
    began, cpu = time.perf_counter(), time.process_time()
    while decided < due:
        report = await scheduler.tick()
        ticks += 1
        if not report.decided:
            raise SystemExit(f"the worker stopped deciding after {decided} of {due} due schedules")
        decided += len(report.decided)
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    results.add(f"decide {due:,} due schedules ({ticks} ticks)", elapsed, "s")
    results.add("  decisions committed per second", due / elapsed, "/s")
    results.add("  decisions per CPU second", due / cpu, "/s")


async def run_executions(scheduler: Scheduler, store: SqliteStore, due: int, results: Results) -> None:
    """``run_once`` until the fired executions are done; executions completed per second."""
    began, cpu = time.perf_counter(), time.process_time()
    # Each round ends when at least one execution does: the default of 10,000 rounds may stop short of
    # 10,000 executions (at concurrency 1 it does), so allow enough.
    reports = await scheduler.run_once()
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    counts = dict(store.db.execute("SELECT status, count(*) FROM executions GROUP BY status").fetchall())
    if counts != {"completed": due}:
        raise SystemExit(f"after run_once the executions are {counts}, expected {due} completed")
    results.add(f"run {due:,} executions (run_once, {len(reports):,} rounds)", elapsed, "s")
    results.add("  executions completed per second", due / elapsed, "/s")
    results.add("  executions per CPU second (echo runs on a thread)", due / cpu, "/s")


async def main_async(args: argparse.Namespace, folder: Path, results: Results) -> None:
    clock = FixedClock(START)
    async with SqliteStore(folder / "schedules.db") as store:
        executor = Executor(store, clock=clock, max_concurrency=args.concurrency)
        template, plan_ids = await store_plans(store, executor, args.plans)
        print(f"[1] loading {args.schedules:,} schedules ({args.due:,} firing at T) ...", flush=True)
        fires_at_t = await load(store, template, plan_ids, args.schedules, args.due, results)
        if fires_at_t != args.due:
            raise SystemExit(f"{fires_at_t} schedules fire at T, expected {args.due}")
        scheduler = Scheduler(store, executor=executor, concurrency=args.concurrency, batch=args.batch)
        print(f"[2] {args.ticks} idle ticks ...", flush=True)
        await idle_ticks(scheduler, args.ticks, results, f"{args.schedules:,} schedules")
        clock.at = T
        print(f"[3] deciding {args.due:,} due schedules ...", flush=True)
        rss_before = rss_bytes()
        await decide_due(scheduler, args.due, results)
        results.add("RSS growth over the decisions", (rss_bytes() - rss_before) / 2**20, "MiB")
        print(f"[3] running {args.due:,} executions ...", flush=True)
        await run_executions(scheduler, store, args.due, results)
        await idle_ticks(scheduler, args.ticks, results, f"after {args.due:,} runs")
        executor.close()
    if args.add_schedule:
        print(f"[1] {args.add_schedule:,} schedules through add_schedule ...", flush=True)
        await load_through_add_schedule(folder, args.add_schedule, results)


def price_ticks(triggers: int, tokens: int, ticks: int, results: Results) -> None:
    """Issue 9: one price tick (every token's new price) against ``triggers`` price triggers over ``tokens``
    tokens, through the worker's price index; a tick touches only the triggers whose region the price reached.
    Each touched trigger is re-indexed with the state its verdict gives, as the worker does."""
    rng = random.Random(9)
    index = PriceIndex()
    base = {f"T{number}": 100.0 + number for number in range(tokens)}
    kept: dict[str, tuple[PriceTrigger, dict[str, Any]]] = {}
    for number in range(triggers):
        token = f"T{number % tokens}"
        trigger = PriceTrigger(
            token=token, condition=rng.choice(["above", "below", "crosses"]), recurring=True, cooldown_ms=0,
            threshold=base[token] * rng.uniform(0.8, 1.2),
        )  # fmt: skip
        state = {"armed": True, "side": "above" if trigger.threshold < base[token] else "below"}
        kept[f"s{number}"] = (trigger, state)
        index.put(f"s{number}", trigger, state, START)
    prices = dict(base)
    touched: list[int] = []
    samples: list[float] = []
    for tick in range(ticks):
        now = START + timedelta(seconds=15 * (tick + 1))
        began = time.perf_counter()
        count = 0
        for token in prices:
            prices[token] *= rng.uniform(0.995, 1.005)  # a 15-second move of up to 0.5%
            for schedule_id in index.candidates(token, prices[token], now):
                trigger, state = kept[schedule_id]
                verdict = price_verdict(trigger, state, prices[token], now)
                kept[schedule_id] = (trigger, verdict.state)
                index.put(schedule_id, trigger, verdict.state, now)
                count += 1
        samples.append((time.perf_counter() - began) * 1000)
        touched.append(count)
    label = f"price tick: {triggers:,} price triggers over {tokens} tokens, median"
    results.add(label, statistics.median(samples), "ms")
    results.add("  price tick p99", percentile(samples, 0.99), "ms")
    results.add("  triggers touched per tick (median)", statistics.median(touched), "")


def log_matching(logs: int, triggers: int, results: Results) -> None:
    """Issue 9: ``logs`` Transfer logs of one read matched against ``triggers`` on-chain triggers, each filtering
    the recipient topic, as a tick does: one index of the read, then one look-up per trigger."""
    rng = random.Random(11)
    contract = "0x" + "ab" * 20
    holders = [f"0x{number:064x}" for number in range(1, triggers + 1)]
    entries = [
        LogEntry(8453, contract, ("0xddf2", rng.choice(holders), rng.choice(holders)), "0x", 100 + n // 50,
                 f"0x{n:x}", n % 50)
        for n in range(logs)
    ]  # fmt: skip
    began = time.perf_counter()
    index = LogIndex(entries)
    built = time.perf_counter() - began
    began = time.perf_counter()
    matched = sum(len(index.matching([None, holder])) for holder in holders)
    matching = time.perf_counter() - began
    if matched != logs:  # every log has exactly one recipient, watched by exactly one trigger
        raise SystemExit(f"matched {matched} logs, expected {logs}")
    results.add(f"index {logs:,} logs (one read)", built * 1000, "ms")
    results.add(f"match them against {triggers:,} event triggers", matching * 1000, "ms")
    results.add("  per trigger", matching / triggers * 1e6, "µs")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--schedules", type=int, default=100_000, help="schedules in the store (default 100,000)")
    parser.add_argument("--due", type=int, default=10_000, help="of them firing at the same instant (10,000)")
    parser.add_argument("--plans", type=int, default=8, help="stored plans the schedules share (8)")
    parser.add_argument("--ticks", type=int, default=200, help="idle ticks timed (200)")
    parser.add_argument("--batch", type=int, default=10_000, help="due schedules one tick decides (10,000)")
    parser.add_argument("--concurrency", type=int, default=8, help="executions the worker runs at once (8)")
    parser.add_argument("--add-schedule", type=int, default=1_000, help="schedules added via add_schedule (1,000)")
    parser.add_argument("--price-triggers", type=int, default=100_000, help="price triggers in the index (100,000)")
    parser.add_argument("--price-ticks", type=int, default=100, help="price ticks timed (100)")
    args = parser.parse_args(argv)
    if not 0 < args.due <= args.schedules or args.plans < 1 or args.ticks < 1:
        parser.error("need 0 < --due <= --schedules, --plans >= 1 and --ticks >= 1")
    return args


def timed(step: Callable[[], None]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (all threads of this process) that ``step`` took."""
    began, cpu = time.perf_counter(), time.process_time()
    step()
    return time.perf_counter() - began, time.process_time() - cpu


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING)
    results = Results()
    load_before = os.getloadavg()[0]
    print("[0] per-trigger costs ...", flush=True)
    costs = trigger_costs()
    print(costs, flush=True)
    results.add("Schedule record in Python (tracemalloc)", record_size(), "bytes/schedule")
    print(f"[4] price ticks against {args.price_triggers:,} price triggers ...", flush=True)
    price_ticks(args.price_triggers, 100, args.price_ticks, results)
    print("[5] 10,000 logs against 10,000 event triggers ...", flush=True)
    log_matching(10_000, 10_000, results)
    with tempfile.TemporaryDirectory(prefix="plankit-bench-scheduler-") as folder:
        wall, cpu = timed(lambda: asyncio.run(main_async(args, Path(folder), results)))
    print(
        f"\nplankit scheduler bench: {args.schedules:,} schedules, {args.due:,} due at once, SQLite file, "
        f"concurrency {args.concurrency}, batch {args.batch:,}\n"
        f"{wall:.0f} s wall, {cpu:.0f} s CPU; {os.cpu_count()} cores, load average {load_before:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after (wall-clock rates are lower on a busy machine)\n"
    )
    print(results.table())
    print(f"\n{costs}")


if __name__ == "__main__":
    main()
