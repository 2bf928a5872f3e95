"""``plankit template save | list | show | instantiate | delete``: plans with typed parameters, in the store."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from .._utils import did_you_mean, utcnow
from ..compile import (
    TemplateError,
    format_param_spec,
    instantiate,
    parse_param_spec,
    save_template,
)
from ..errors import PlankitError
from ..plan import PlanTemplate, TemplateParam, dump_plan, read_document
from ..store import Store
from ._common import EXIT_USAGE, TextOrJson, fail, print_json, require_database, stderr, with_store

template_app = typer.Typer(
    name="template",
    help="Save plans as templates with typed parameters, list them, and instantiate them with values.",
    no_args_is_help=True,
)

_T = TypeVar("_T")
DB_OPTION = typer.Option(
    "plankit.db", "--db", envvar="PLANKIT_DB", help="The store: a SQLite file, or postgresql://user@host/db."
)
NAME_ARGUMENT = typer.Argument(..., help="Template name (or id).")


def _with_store(db: str, body: Callable[[Store], Awaitable[_T]], *, must_exist: bool = True) -> _T:
    """Run ``body`` on the store; only ``save`` (``must_exist=False``) may create a new SQLite file."""
    if must_exist:
        require_database(db, "save a template first")
    return with_store(db, body)


async def _load(store: Store, name: str) -> PlanTemplate:
    template = await store.load_template(name)
    if template is None:
        hint = did_you_mean(name, [saved.name for saved in await store.list_templates()])
        fail(f"no template named {name!r}" + (f"; {hint}" if hint else ""))
    return template


def save(
    plan_file: str = typer.Argument(..., help="Plan file with placeholders (JSON or YAML), or - for stdin."),
    name: str = typer.Option(..., "--name", "-n", help="Template name (unique in the store)."),
    param: list[str] | None = typer.Option(
        None,
        "--param",
        "-p",
        help="NAME:TYPE[:required][:default=VALUE][:DESCRIPTION]; TYPE is string, number, integer, boolean "
        "or enum(a|b). Repeat for each parameter.",
    ),
    description: str | None = typer.Option(None, "--description", "-d", help="What the template does."),
    replace: bool = typer.Option(False, "--replace", help="Replace a template of the same name."),
    db: str = DB_OPTION,
) -> None:
    """Save a plan as a template; placeholders are {"type": "param", "name": N} or "{{param.N}}"."""
    try:
        data, _ = read_document(plan_file, kind="a plan file")
        params: dict[str, TemplateParam] = {}
        for spec in param or []:
            key, value = parse_param_spec(spec)
            if key in params:
                raise TemplateError(f"--param {spec!r}: parameter {key!r} is declared twice", params=(key,))
            params[key] = value
    except PlankitError as exc:
        fail(exc)

    async def body(store: Store) -> PlanTemplate:
        try:
            return await save_template(
                store, data, name, params, replace=replace, description=description, created_at=utcnow()
            )
        except TemplateError as exc:
            fail(exc)

    template = _with_store(db, body, must_exist=False)
    names = ", ".join(template.params) or "none"
    sys.stdout.write(f"saved template {template.name!r} ({template.id}); parameters: {names}\n")


def list_templates(
    output_format: TextOrJson = typer.Option(TextOrJson.TEXT, "--format", "-f", help="text or json."),
    db: str = DB_OPTION,
) -> None:
    """List the saved templates with their parameters."""
    templates = _with_store(db, lambda store: store.list_templates())
    if output_format is TextOrJson.JSON:
        print_json([_template_data(template) for template in templates])
        return
    if not templates:
        stderr.print("no templates saved")
    for template in templates:
        head = template.name + (f" - {template.description}" if template.description else "")
        specs = [format_param_spec(key, value) for key, value in template.params.items()] or ["(no parameters)"]
        sys.stdout.write("\n".join([head, *(f"  {spec}" for spec in specs)]) + "\n")


def show(name: str = NAME_ARGUMENT, db: str = DB_OPTION) -> None:
    """Print a template (its parameters and its plan with placeholders) as JSON."""
    print_json(_template_data(_with_store(db, lambda store: _load(store, name))))


def instantiate_command(
    name: str = NAME_ARGUMENT,
    set_: list[str] | None = typer.Option(None, "--set", "-s", help="NAME=VALUE, read by the parameter's type."),
    plan_id: str | None = typer.Option(None, "--plan-id", help="Id of the new plan."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the plan here instead of stdout."),
    db: str = DB_OPTION,
) -> None:
    """Fill a template's parameters and print the plan (canonical JSON)."""
    template = _with_store(db, lambda store: _load(store, name))
    try:
        plan = instantiate(template, _values(set_ or []), plan_id=plan_id, from_text=True)
    except TemplateError as exc:
        fail(exc)
    text = dump_plan(plan)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
        stderr.print(f"wrote {output}")


def _values(assignments: list[str]) -> dict[str, str]:
    """``--set NAME=VALUE`` pairs (the values are read by their parameter's type when instantiating)."""
    values: dict[str, str] = {}
    for assignment in assignments:
        key, equals, text = assignment.partition("=")
        if not equals or not key:
            raise TemplateError(f"--set {assignment!r}: expected NAME=VALUE")
        if key in values:
            raise TemplateError(f"--set {assignment!r}: parameter {key!r} is set twice", params=(key,))
        values[key] = text
    return values


def delete(name: str = NAME_ARGUMENT, db: str = DB_OPTION) -> None:
    """Delete a template."""
    if not _with_store(db, lambda store: store.delete_template(name)):
        fail(f"no template named {name!r}", EXIT_USAGE)
    sys.stdout.write(f"deleted template {name!r}\n")


def _template_data(template: PlanTemplate) -> dict[str, Any]:
    return template.model_dump(mode="json", exclude_defaults=True)


template_app.command("save")(save)
template_app.command("list")(list_templates)
template_app.command("show")(show)
template_app.command("instantiate")(instantiate_command)
template_app.command("delete")(delete)


def register(app: typer.Typer) -> None:
    """Add ``plankit template ...`` to the application."""
    app.add_typer(template_app)
