"""Bench: ``plankit serve`` over real HTTP on 127.0.0.1 (uvicorn in a thread of this process, a SQLite file).

    python bench/server.py                       # 2,000 lint requests, 500 executions
    python bench/server.py --lints 300 --executions 100          # a quick look

1. **Lint**: ``POST /api/v1/lint`` with a 20-step plan (a chain of echo steps), from one client (latency
   p50/p99, requests per second) and from ``--clients`` clients at once (requests per second).
2. **Executions**: ``POST /api/v1/executions`` of a 3-step plan from ``--clients`` clients at once: the
   API's accept rate (202s per second), then how long the in-process worker (``--concurrency`` slots)
   takes until every execution has completed (executions completed per second, end to end).

Numbers depend on the machine; the server and the clients share its cores (and the GIL of this process).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from plankit.server import Role, ServerSettings, create_app, create_token
from plankit.store import SqliteStore
from plankit.testing import FakeClock


def chain(steps: int, goal: str = "bench") -> dict[str, Any]:
    found: list[dict[str, Any]] = [{"id": "s0", "tool": "echo", "args": {"text": goal}}]
    for i in range(1, steps):
        found.append(
            {"id": f"s{i}", "tool": "echo", "args": {"text": f"{{{{s{i - 1}.text}}}}"}, "depends_on": [f"s{i - 1}"]}
        )
    return {"goal": goal, "steps": found}


def start_server(db: Path, concurrency: int) -> tuple[uvicorn.Server, threading.Thread, str]:
    app = create_app(ServerSettings(db=str(db), rate_limit=0, worker_concurrency=concurrency, worker_poll_seconds=0.05))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, thread, f"http://127.0.0.1:{port}"


def make_token(db: Path) -> str:
    async def body() -> str:
        async with SqliteStore(db) as store:
            return (await create_token(store, "bench", Role.OPERATOR, FakeClock().now()))[1]

    return asyncio.run(body())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_lint(url: str, token: str, count: int, clients: int) -> None:
    body = {"plan": chain(20)}
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=url, headers=headers) as client:
        for _ in range(20):  # warm up
            client.post("/api/v1/lint", json=body).raise_for_status()
        latencies = []
        began = time.perf_counter()
        for _ in range(count):
            start = time.perf_counter()
            client.post("/api/v1/lint", json=body).raise_for_status()
            latencies.append(time.perf_counter() - start)
        elapsed = time.perf_counter() - began
    print(
        f"lint, 20-step plan, 1 client:  {count / elapsed:8.0f} req/s   "
        f"p50 {statistics.median(latencies) * 1000:6.2f} ms   p99 {percentile(latencies, 0.99) * 1000:6.2f} ms"
    )

    def worker(n: int) -> None:
        with httpx.Client(base_url=url, headers=headers) as client:
            for _ in range(n):
                client.post("/api/v1/lint", json=body).raise_for_status()

    began = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(worker, [count // clients] * clients))
    elapsed = time.perf_counter() - began
    print(f"lint, 20-step plan, {clients} clients: {count // clients * clients / elapsed:8.0f} req/s")


def bench_executions(url: str, token: str, count: int, clients: int) -> None:
    headers = {"Authorization": f"Bearer {token}"}

    def start(indexes: list[int]) -> list[str]:
        with httpx.Client(base_url=url, headers=headers) as client:
            found = []
            for i in indexes:
                response = client.post("/api/v1/executions", json={"plan": chain(3, f"run {i}")})
                response.raise_for_status()
                found.append(response.json()["execution_id"])
            return found

    batches = [list(range(i, count, clients)) for i in range(clients)]
    began = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        ids = [e for batch in pool.map(start, batches) for e in batch]
    accepted = time.perf_counter() - began
    with httpx.Client(base_url=url, headers=headers) as client:
        pending = set(ids)
        while pending:
            listed = client.get("/api/v1/executions", params={"limit": 1000}).json()
            pending -= {e["execution_id"] for e in listed if e["status"] in ("completed", "failed", "cancelled")}
            time.sleep(0.05)
        statuses = {e["status"] for e in client.get("/api/v1/executions", params={"limit": 1000}).json()}
    done = time.perf_counter() - began
    print(
        f"executions started ({clients} clients):  {count / accepted:8.0f} /s   ({count} accepted in {accepted:.2f} s)"
    )
    print(f"executions completed, end to end:       {count / done:8.0f} /s   (all {count} in {done:.2f} s; {statuses})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lints", type=int, default=2000)
    parser.add_argument("--executions", type=int, default=500)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--concurrency", type=int, default=8, help="executions the worker runs at once")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "plankit.db"
        token = make_token(db)
        server, thread, url = start_server(db, args.concurrency)
        try:
            bench_lint(url, token, args.lints, args.clients)
            bench_executions(url, token, args.executions, args.clients)
        finally:
            server.should_exit = True
            thread.join(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
