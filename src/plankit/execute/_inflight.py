"""Executions in flight in this process: one executor at a time runs a given execution.

A lease in the store names a *process* (:func:`~plankit.execute.default_worker_id`), so it keeps other
processes out but not another :class:`~plankit.execute.Executor` of the same process (an app that builds
one per request, a test harness): its claim matches the lease's owner and succeeds. This registry closes
that gap. ``start``, ``resume`` and ``retry_dead_letter`` enter :func:`running` before they claim or read
anything, and leave it only once the run has written its last record; an execution already entered by a
live holder is refused with the :class:`~plankit.errors.LeaseHeldError` another process's lease gets.

Entries are keyed by the store's identity (a SQLite file's real path, a PostgreSQL DSN and schema, else the
store object), the lease owner and the execution id: the same id in another database is not held up, and
executors given worker ids of their own (``Executor(worker_id=...)``) are kept apart by the lease, as
processes are.

A holder is *gone*, and its entry void, when the asyncio task that entered is done or collected or its event
loop is closed: what an executor "crashed" inside the process (its loop abandoned) leaves behind can be
taken over, as a dead process's lease is. The check costs a lock and a dict look-up per start, resume or
retry; nothing on the per-step path.
"""

from __future__ import annotations

import asyncio
import os
import threading
import weakref
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..errors import LeaseHeldError
from ..store import PostgresStore, SqliteStore, Store

_lock = threading.Lock()  # executors may run on event loops of several threads
_held: dict[tuple[Hashable, str, str], _Holder] = {}


@dataclass(eq=False)
class _Holder:
    """Who entered: the executor (by id, for the message) and the task that runs the execution."""

    executor: int
    task: weakref.ref[asyncio.Task[Any]] | None

    def gone(self) -> bool:
        if self.task is None:  # entered outside a task (a coroutine driven by hand): held until it leaves
            return False
        task = self.task()
        return task is None or task.done() or task.get_loop().is_closed()


def store_key(store: Store) -> Hashable:
    """What identifies ``store``'s data across store objects: two ``SqliteStore`` of one file are one store."""
    if isinstance(store, SqliteStore) and store.path not in ("", ":memory:"):
        return ("sqlite", os.path.realpath(store.path))
    if isinstance(store, PostgresStore):
        return ("postgres", store.dsn, store.schema)
    return ("object", id(store))  # a memory store (or another kind): only this object reaches its data


def in_flight(store: Store, execution_id: str, owner: str) -> bool:
    """Whether a live executor of this process (with leases naming ``owner``) runs ``execution_id`` on ``store``."""
    with _lock:
        holder = _held.get((store_key(store), owner, execution_id))
        return holder is not None and not holder.gone()


@contextmanager
def running(store: Store, execution_id: str, owner: str, executor: object) -> Iterator[None]:
    """Hold ``execution_id`` on ``store`` for ``executor`` (whose leases name ``owner``) while the block runs;
    raise :class:`LeaseHeldError` when a live executor of this process with that owner (this one included)
    holds it already."""
    key = (store_key(store), owner, execution_id)
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no running loop
        task = None
    holder = _Holder(id(executor), weakref.ref(task) if task is not None else None)
    with _lock:
        other = _held.get(key)
        if other is not None and not other.gone():
            where = "this executor" if other.executor == id(executor) else "another executor of this process"
            raise LeaseHeldError(
                f"execution {execution_id!r} is being run by {owner} ({where}); wait for it to finish, or stop "
                "it there: once it stops the execution can be resumed",
                owner,
                None,
            )
        _held[key] = holder
    try:
        yield
    finally:
        with _lock:
            if _held.get(key) is holder:  # a holder found gone may have been replaced meanwhile: leave that one
                del _held[key]
