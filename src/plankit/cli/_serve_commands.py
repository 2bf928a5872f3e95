"""``plankit serve`` (the HTTP API, the web UI and the worker in one process) and ``plankit token``.

``token create --user NAME [--role viewer|operator|admin]`` prints a new API token once (the store keeps
only a hash of it); ``token list`` shows ids, users, roles and whether each is revoked; ``token revoke ID``
stops one at once.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated, Any

import typer

from .._utils import utcnow
from ..errors import PlankitError
from ..feeds import load_feeds
from ..lint import Policy
from ..store import Store, is_postgres_url
from ..tools import ToolRegistry, load_tools
from ._common import TextOrJson, check_port, fail, print_json, require_database, stderr, with_store
from ._model_options import StepModel
from ._temporal_commands import (
    DEFAULT_ADDRESS,
    DEFAULT_TASK_QUEUE,
    AddressOption,
    Engine,
    EngineOption,
    NamespaceOption,
    TaskQueueOption,
    TemporalSettings,
)

DEFAULT_DB = "plankit.db"
DbOption = Annotated[
    str,
    typer.Option("--db", envvar="PLANKIT_DB", help="The store of plans, executions and tokens: a SQLite file or postgresql://."),
]


def serve(
    db: DbOption = DEFAULT_DB,
    tools: Annotated[
        str, typer.Option("--tools", help="Tools module (path/to/tools.py or package.module:registry).")
    ] = "",
    policy: Annotated[
        list[Path] | None, typer.Option("--policy", "-p", help="Policy file; repeat to merge in order.")
    ] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    no_worker: Annotated[
        bool, typer.Option("--no-worker", help="Don't run executions here (leave them to 'plankit scheduler').")
    ] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Executions the worker runs at once.")] = 8,
    rate_limit: Annotated[
        int, typer.Option("--rate-limit", min=0, help="Requests a minute per token (0: no limit).")
    ] = 600,
    max_body: Annotated[int, typer.Option("--max-body", min=1024, help="Largest request body, in bytes.")] = 1048576,
    cors_origin: Annotated[
        list[str] | None, typer.Option("--cors-origin", help="Allow browser calls from this origin (repeatable).")
    ] = None,
    model: Annotated[
        str | None,
        typer.Option("--model", help="provider:model for llm steps and POST /compile (env PLANKIT_MODEL)."),
    ] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="OpenAI-compatible server for --model (Ollama, vLLM...).")
    ] = None,
    feeds: Annotated[
        Path | None, typer.Option("--feeds", help="Feeds file (prices, chains) for runtime values and triggers.")
    ] = None,
    engine: EngineOption = Engine.LOCAL,
    temporal_address: AddressOption = DEFAULT_ADDRESS,
    namespace: NamespaceOption = "default",
    task_queue: TaskQueueOption = DEFAULT_TASK_QUEUE,
) -> None:
    """Serve the HTTP API (/api/v1, /docs) and the web UI (/), and run the worker in the same process.

    With --engine temporal, executions run as Temporal workflows (a `plankit worker --engine temporal` on the
    same queue and store runs them); this process's worker then only fires schedules and starts workflows.
    """
    try:
        import uvicorn

        from ..server import ServerSettings, create_app
    except ImportError:
        fail("plankit serve needs FastAPI and uvicorn: pip install 'plankit[server]'")
    check_port(host, port)
    with_store(db, _nothing)  # usable now, or exit 2 saying why (not a traceback from the server's startup)
    try:
        registry = load_tools(tools) if tools else ToolRegistry()
        loaded = Policy.load_all(policy) if policy else None
        feed_set = load_feeds(feeds)
    except PlankitError as exc:
        fail(exc)
    step_llm = StepModel.of(model, base_url).client()  # exit 2 on a bad model; None without one
    settings = ServerSettings(
        db=str(db),
        tools=registry,
        policy=loaded,
        worker=not no_worker,
        worker_concurrency=concurrency,
        rate_limit=rate_limit,
        max_body_bytes=max_body,
        cors_origins=list(cors_origin or []),
        model=model,
        model_base_url=base_url,
        step_llm=step_llm,
        feeds=feed_set,
    )
    if engine is Engine.TEMPORAL:
        # Reachable now, or exit 2 saying so (rather than a traceback from the server's startup).
        asyncio.run(TemporalSettings(temporal_address, namespace, task_queue).connect())
        settings.temporal_address = temporal_address
        settings.temporal_namespace = namespace
        settings.temporal_task_queue = task_queue
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    runs = ""
    if engine is Engine.TEMPORAL:
        runs = f"; executions run on Temporal at {temporal_address} (queue {task_queue})"
    stderr.print(f"plankit serve: http://{host}:{port}/ (API docs at /docs){runs}; Ctrl-C stops", highlight=False)
    # Open event streams (a paused execution's) would hold a shutdown forever: they get 5 s to end.
    uvicorn.run(
        create_app(settings), host=host, port=port, log_level="info", server_header=False, timeout_graceful_shutdown=5
    )


token_app = typer.Typer(help="API tokens of 'plankit serve': create, list, revoke.", no_args_is_help=True)


async def _nothing(store: Store) -> None:
    """Opening the store was the point (its schema is created or migrated then)."""


@token_app.command("create")
def token_create(
    user: Annotated[str, typer.Option("--user", help="Whose token (the owner of what it creates).")],
    role: Annotated[str, typer.Option("--role", help="viewer, operator or admin.")] = "operator",
    db: DbOption = DEFAULT_DB,
    output_format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")] = TextOrJson.TEXT,
) -> None:
    """Make an API token and print it once (only a hash of it is stored)."""
    from ..server import Role, create_token

    try:
        chosen = Role(role)
    except ValueError:
        fail(f"unknown role {role!r}; use viewer, operator or admin")
    if not user.strip():
        fail("--user is empty; name the user the token speaks for")
    record, token = with_store(db, lambda store: create_token(store, user, chosen, utcnow()))
    if output_format is TextOrJson.JSON:
        print_json({"id": record.id, "user": record.user, "role": record.role, "token": token})
        return
    typer.echo(token)
    stderr.print(
        f"token {record.id} for {record.user} ({record.role}); it is shown only now: keep it secret", highlight=False
    )


@token_app.command("list")
def token_list(
    db: DbOption = DEFAULT_DB,
    output_format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")] = TextOrJson.TEXT,
) -> None:
    """List tokens: id, user, role, created, revoked (never the tokens themselves)."""
    require_database(db, "create a token first")

    async def tokens(store: Store) -> Any:
        return await store.list_tokens()

    found = with_store(db, tokens)
    rows = [
        {
            "id": t.id,
            "user": t.user,
            "role": t.role,
            "created_at": t.created_at.isoformat(),
            "revoked_at": t.revoked_at.isoformat() if t.revoked_at else None,
        }
        for t in found
    ]
    if output_format is TextOrJson.JSON:
        print_json(rows)
        return
    if not rows:
        typer.echo("no tokens (make one: plankit token create --user NAME --role operator)")
    for row in rows:
        state = f"revoked {row['revoked_at']}" if row["revoked_at"] else "active"
        typer.echo(f"{row['id']}  {row['user']}  {row['role']}  created {row['created_at']}  {state}")


@token_app.command("revoke")
def token_revoke(
    token_id: Annotated[str, typer.Argument(help="The token's id (from 'plankit token list').")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Revoke a token: requests with it get 401 from now on."""
    if not is_postgres_url(db) and not Path(db).exists():
        fail(f"{db}: no such database (pass --db)")
    if not with_store(db, lambda store: store.revoke_token(token_id, utcnow())):
        fail(f"no active token {token_id!r}; 'plankit token list' shows them")
    typer.echo(f"revoked {token_id}")


def register(app: typer.Typer) -> None:
    """Add ``serve`` and ``token`` to the ``plankit`` application."""
    app.command()(serve)
    app.add_typer(token_app, name="token")
