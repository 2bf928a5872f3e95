"""The store's parts for the server, on memory and SQLite alike: API tokens and the event log."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from tests.store._support import run

from plankit.plan import Execution, ExecutionStatus, Fire, FireStatus, Schedule, StepExecution, StepStatus
from plankit.plan import TimeTrigger as _TimeTrigger
from plankit.store import ApiToken, Store, StoredEvent

T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 11, 22, 9, 5, tzinfo=UTC)


def test_tokens_save_load_list_and_revoke(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> None:
        ann = ApiToken("t1", "ann", "operator", "ab" * 32, T0)
        root = ApiToken("t2", "root", "admin", "cd" * 32, T1)
        await store.save_token(ann)
        await store.save_token(root)
        assert await store.load_token("t1") == ann
        assert await store.load_token("nope") is None
        assert await store.list_tokens() == [ann, root]
        assert await store.revoke_token("t1", T1) is True
        assert await store.revoke_token("t1", T1) is False
        assert await store.revoke_token("nope", T1) is False
        assert await store.load_token("t1") == ApiToken("t1", "ann", "operator", "ab" * 32, T0, T1)

    run(make_store, body)


def test_every_transition_is_one_event_in_commit_order(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[StoredEvent]:
        header = Execution(execution_id="e1", plan_id="p1", status=ExecutionStatus.RUNNING, started_at=T0)
        await store.record_transition(header)
        step = StepExecution(step_id="a", status=StepStatus.RUNNING, attempt_count=1, started_at=T0)
        await store.record_transition(header, [step])
        await store.record_transition(header, [step.model_copy(update={"status": StepStatus.RETRYING, "error": "x"})])
        done = step.model_copy(update={"status": StepStatus.COMPLETED, "attempt_count": 2})
        loop = StepExecution(step_id="b", iteration=0, status=StepStatus.COMPLETED)
        finished = header.model_copy(update={"status": ExecutionStatus.COMPLETED, "completed_at": T1})
        await store.record_transition(finished, [done, loop])
        await store.record_transition(finished)  # no change of status: no event
        other = Execution(execution_id="e2", plan_id="p1", status=ExecutionStatus.RUNNING)
        await store.record_transition(other)
        return await store.list_events("e1")

    events = run(make_store, body)
    assert [(e.step_id, e.iteration, e.status, e.attempt, e.error) for e in events] == [
        (None, None, "running", 0, None),
        ("a", None, "running", 1, None),
        ("a", None, "retrying", 1, "x"),
        ("a", None, "completed", 2, None),
        ("b", 0, "completed", 0, None),
        (None, None, "completed", 0, None),
    ]
    seqs = [e.seq for e in events]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert {e.execution_id for e in events} == {"e1"}


def test_events_after_a_seq_and_a_page_limit(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> tuple[list[int], list[int], list[int]]:
        header = Execution(execution_id="e1", plan_id="p1", status=ExecutionStatus.RUNNING)
        await store.record_transition(header, [StepExecution(step_id=f"s{i}") for i in range(5)])
        every = [e.seq for e in await store.list_events("e1")]
        after = [e.seq for e in await store.list_events("e1", after=every[2])]
        page = [e.seq for e in await store.list_events("e1", after=every[0], limit=2)]
        return every, after, page

    every, after, page = run(make_store, body)
    assert len(every) == 6
    assert after == every[3:]
    assert page == every[1:3]


def test_a_fire_logs_its_pending_execution(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[StoredEvent]:
        schedule = Schedule(
            id="s1", plan_id="p1", trigger=_TimeTrigger(at=T0), created_at=T0, anchor_at=T0, next_fire_at=T0, due_at=T0
        )
        await store.save_schedule(schedule)
        fire = Fire(key="k1", schedule_id="s1", nominal_at=T0, status=FireStatus.STARTED, recorded_at=T0)
        pending = Execution(execution_id="e9", plan_id="p1", status=ExecutionStatus.PENDING, wake_at=T0)
        assert await store.commit_fire(schedule, [fire], [pending])
        return await store.list_events("e9")

    assert [(e.step_id, e.status) for e in run(make_store, body)] == [(None, "pending")]
