"""Plan templates: a plan with typed placeholders, kept in the store and instantiated with values.

A placeholder stands for a whole value, anywhere in the plan document: a step's params, a condition's
operand or literal, a wait's ``duration_ms``, a loop's ``max_iterations``, a trigger's fields. Two spellings:

* ``{"type": "param", "name": "amount"}``, the canonical form, which is what the store keeps;
* ``"{{param.amount}}"`` (or ``"${param.amount}"``): a string that is exactly the placeholder. It is
  rewritten to the object form on save, because the loader reads such a string in a condition as a
  reference to a step called ``param``, while the object form passes through it unchanged.

Instantiation substitutes typed values for placeholders in the data, never text into text, so a parameter
``tok`` can't touch ``tok_out`` and everything else (conditions, confirmations, failure policies, triggers)
is kept as written; the result is then validated as any plan is. A placeholder inside a longer string
(``"Pay {{param.amount}} now"``) is refused: it would need text substitution. In a template,
``{{param.x}}`` always means a parameter, never a step called ``param``.

>>> template = build_template({"steps": [{"id": "buy", "tool": "dex.swap", "params": {"amount": "{{param.amount}}"}}]},
...                           "dca", {"amount": TemplateParam(type="number", required=True)})
>>> instantiate(template, {"amount": 50}).steps[0].params
{'amount': 50}
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from .._utils import did_you_mean, new_id, validator_message
from ..errors import FormatProblem, PlanFormatError, PlankitError
from ..plan import Plan, PlanTemplate, TemplateParam, TemplateParamType, plan_from_data, plan_to_data
from ..store import Store

__all__ = [
    "PARAM_NAME_PATTERN",
    "TemplateError",
    "build_template",
    "find_placeholders",
    "format_param_spec",
    "instantiate",
    "parse_param_spec",
    "parse_param_value",
    "save_template",
]

PARAM_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
"""Parameter names: a letter or ``_``, then letters, digits and ``_``."""

Scalar = str | int | float | bool | None
_NAME = re.compile(PARAM_NAME_PATTERN)
_WHOLE = re.compile(r"^(?:\{\{\s*param\.(?P<a>\w+)\s*\}\}|\$\{param\.(?P<b>\w+)\})$", re.ASCII)
_INSIDE = re.compile(r"\{\{\s*param\.|\$\{param\.")
_T = TemplateParamType


class TemplateError(PlankitError, ValueError):
    """A template or its values can't be used; ``params`` names the parameters concerned."""

    def __init__(self, message: str, problems: list[str] | None = None, params: tuple[str, ...] = ()):
        self.message = message
        self.problems = list(problems or [])
        self.params = params
        text = message if not self.problems else message + "\n" + "\n".join(f"  {p}" for p in self.problems)
        super().__init__(text)


# ------------------------------------------------------------------------------------------ placeholders
def _walk(data: Any) -> Iterator[tuple[Any, Any, Any, str]]:
    """Every value below the top, as (holder, key, value, JSON path), in document order, iteratively."""
    stack: list[tuple[Any, Any, str]] = [(data, key, path) for key, path in reversed(_slots(data, "$"))]
    while stack:
        holder, key, path = stack.pop()
        yield holder, key, holder[key], path
        value = holder[key]  # read again: the consumer may have replaced it
        stack.extend((value, child, child_path) for child, child_path in reversed(_slots(value, path)))


def _slots(value: Any, path: str) -> list[tuple[Any, str]]:
    if isinstance(value, dict):
        return [(key, f"{path}.{key}") for key in value]
    if isinstance(value, list):
        return [(index, f"{path}[{index}]") for index in range(len(value))]
    return []


def _copy(data: Any) -> Any:
    """A copy of JSON data (containers copied, scalars shared), made iteratively."""
    top = [data]
    stack: list[tuple[Any, Any]] = [(top, 0)]
    while stack:
        holder, key = stack.pop()
        value = holder[key]
        if isinstance(value, dict | list):
            holder[key] = value = dict(value) if isinstance(value, dict) else list(value)
            stack.extend((value, child) for child, _ in _slots(value, ""))
    return top[0]


def _placeholder_name(value: Any, path: str, problems: list[str]) -> str | None:
    """The parameter a value stands for, or None; a malformed placeholder is added to ``problems``."""
    if isinstance(value, dict) and value.get("type") == "param":
        name = value.get("name")
        if set(value) != {"type", "name"} or not isinstance(name, str) or not _NAME.match(name):
            problems.append(f'{path}: a placeholder is exactly {{"type": "param", "name": NAME}}, got {value!r}')
            return None
        return name
    if isinstance(value, str) and ("{" in value):
        match = _WHOLE.match(value)
        if match is not None:
            return match.group("a") or match.group("b")
        if _INSIDE.search(value):
            problems.append(
                f"{path}: a placeholder must be the whole value, not part of the text {value!r} "
                "(templates substitute values, never text)"
            )
    return None


def _scan(data: Any) -> tuple[Any, dict[str, list[str]]]:
    """A copy of ``data`` with every placeholder in the object form, and the paths of each parameter's uses."""
    copied = _copy(data)
    uses: dict[str, list[str]] = {}
    problems: list[str] = []
    for holder, key, value, path in _walk(copied):
        name = _placeholder_name(value, path, problems)
        if name is not None:
            holder[key] = {"type": "param", "name": name}
            uses.setdefault(name, []).append(path)
    if problems:
        noun = "placeholder" if len(problems) == 1 else "placeholders"
        raise TemplateError(f"the template has {len(problems)} malformed {noun}", problems)
    return copied, uses


def find_placeholders(data: Any) -> dict[str, list[str]]:
    """The parameters a plan document uses, each with the JSON paths of its placeholders (document order).

    Raises :class:`TemplateError` for a malformed placeholder or one inside a longer string.
    """
    return _scan(data)[1]


def _substitute(data: Any, values: Mapping[str, Scalar]) -> Any:
    """A copy of ``data`` with every placeholder replaced by its value (the data, not its text)."""
    copied = _copy(data)
    for holder, key, value, _ in _walk(copied):
        if isinstance(value, dict) and value.get("type") == "param" and value.get("name") in values:
            holder[key] = values[value["name"]]
    return copied


# -------------------------------------------------------------------------------------------- values
_KIND = {
    _T.STRING: "a string",
    _T.NUMBER: "a number",
    _T.INTEGER: "an integer",
    _T.BOOLEAN: "true or false",
}


def _expected(param: TemplateParam) -> str:
    return f"one of {', '.join(param.choices)}" if param.type is _T.ENUM else _KIND[param.type]


def _type_ok(param: TemplateParam, value: Any) -> bool:
    if param.type is _T.STRING:
        return isinstance(value, str)
    if param.type is _T.NUMBER:
        return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if param.type is _T.INTEGER:
        return isinstance(value, int) and not isinstance(value, bool)
    if param.type is _T.BOOLEAN:
        return isinstance(value, bool)
    return isinstance(value, str) and value in param.choices


def _resolve(template: PlanTemplate, values: Mapping[str, Any], from_text: bool) -> dict[str, Scalar]:
    """The value of every parameter (given, else its default, else null when optional), or one error
    listing every unknown name, missing required parameter and mistyped value."""
    problems: list[str] = []
    names: list[str] = []
    for name in values:
        if name not in template.params:
            hint = did_you_mean(name, template.params) or f"known: {', '.join(template.params) or 'none'}"
            problems.append(f"unknown parameter {name!r} ({hint})")
            names.append(name)
    resolved: dict[str, Scalar] = {}
    for name, param in template.params.items():
        if name in values:
            try:
                resolved[name] = _given(name, param, values[name], from_text)
            except TemplateError as exc:
                problems.append(exc.message)
                names.append(name)
        elif param.required:
            problems.append(f"missing required parameter {name!r} ({_expected(param)})")
            names.append(name)
        else:
            resolved[name] = param.default
    if problems:
        raise TemplateError(f"can't instantiate template {template.name!r}", problems, tuple(names))
    return resolved


def _given(name: str, param: TemplateParam, value: Any, from_text: bool) -> Scalar:
    if from_text and isinstance(value, str):
        return parse_param_value(name, param, value)
    if not _type_ok(param, value):
        raise TemplateError(f"parameter {name!r} expects {_expected(param)}, got {value!r}", params=(name,))
    return value  # type: ignore[no-any-return]


def _check_params(params: Mapping[str, TemplateParam]) -> list[str]:
    problems: list[str] = []
    for name, param in params.items():
        if not _NAME.match(name):
            problems.append(f"parameter name {name!r} must match {PARAM_NAME_PATTERN}")
        if param.required and param.default is not None:
            problems.append(f"parameter {name!r} is required and has a default; drop one")
        if param.default is not None and not _type_ok(param, param.default):
            problems.append(f"parameter {name!r} has a default that is not {_expected(param)}: {param.default!r}")
    return problems


def _probe(param: TemplateParam) -> Scalar:
    """A value of the parameter's type, to check everything in the plan that does not depend on it."""
    if param.default is not None:
        return param.default
    samples: dict[TemplateParamType, Scalar] = {_T.STRING: "sample", _T.NUMBER: 1, _T.INTEGER: 1, _T.BOOLEAN: False}
    return samples.get(param.type, param.choices[0] if param.choices else None)


def _under(path: str, roots: list[str]) -> str | None:
    """The placeholder path among ``roots`` that ``path`` is at or below, if any."""
    for root in roots:
        if path == root or path.startswith((root + ".", root + "[")):
            return root
    return None


def _param_at(path: str, uses: dict[str, list[str]]) -> str | None:
    return next((name for name, paths in uses.items() if _under(path, paths) is not None), None)


# --------------------------------------------------------------------------------- building, instantiating
def build_template(
    plan: Plan | dict[str, Any] | list[Any],
    name: str,
    params: Mapping[str, TemplateParam | Mapping[str, Any]],
    *,
    description: str | None = None,
    tags: list[str] | None = None,
    template_id: str | None = None,
    created_by: str | None = None,
    created_at: datetime | None = None,
) -> PlanTemplate:
    """A template from a plan (a :class:`~plankit.plan.Plan` or a plan document) and its declared parameters.

    Every placeholder must name a declared parameter and every parameter must be used; defaults must have
    the parameter's type; the plan must be valid whatever the values (it is checked with sample values,
    ignoring problems at the placeholders themselves). Raises :class:`TemplateError` listing every problem.
    """
    declared = {key: TemplateParam.model_validate(value) for key, value in params.items()}
    data, uses = _scan(plan_to_data(plan) if isinstance(plan, Plan) else plan)
    problems = _check_params(declared)
    for used, paths in uses.items():
        if used not in declared:
            hint = did_you_mean(used, declared)
            problems.append(f"undeclared parameter {used!r} at {paths[0]}" + (f" ({hint})" if hint else ""))
    unused = [key for key in declared if key not in uses]
    problems += [
        f"parameter {key!r} is declared but the plan never uses it (put \"{{{{param.{key}}}}}\" where its value goes)"
        for key in unused
    ]
    if not problems:
        problems = _plan_problems(data, {key: _probe(value) for key, value in declared.items()}, uses, name)
    if problems:
        raise TemplateError(f"can't make template {name!r}", problems, tuple(sorted(declared.keys() | uses.keys())))
    return PlanTemplate(
        id=template_id or new_id("tmpl_"),
        name=name,
        description=description,
        created_by=created_by,
        created_at=created_at,
        tags=list(tags or []),
        plan=data if isinstance(data, dict) else {"steps": data},
        params=declared,
    )


def _plan_problems(data: Any, values: Mapping[str, Scalar], uses: dict[str, list[str]], name: str) -> list[str]:
    """What is wrong with the plan that no parameter value can fix."""
    try:
        plan_from_data(_substitute(data, values), source=f"template {name}")
    except PlanFormatError as exc:
        if not exc.problems:
            return [exc.message]
        every = _placeholder_paths(uses)
        return [str(problem) for problem in exc.problems if _under(problem.path, every) is None]
    return []


def _placeholder_paths(uses: dict[str, list[str]]) -> list[str]:
    return [path for paths in uses.values() for path in paths]


def instantiate(
    template: PlanTemplate, values: Mapping[str, Any], *, plan_id: str | None = None, from_text: bool = False
) -> Plan:
    """The plan of ``template`` with ``values`` in place of its placeholders, validated as any plan is.

    A parameter not given takes its default (null when optional without one). With ``from_text``, string
    values are read by their parameter's type (``"50"`` is 50 for a number: see :func:`parse_param_value`). Raises
    :class:`TemplateError` naming the parameter for an unknown name, a missing required value, a value of
    the wrong type or not among an enum's choices, or a value the plan can't take (a negative wait...).
    The plan's ``meta.template`` records the template's id, name and the values used.
    """
    data, uses = _scan(template.plan)
    undeclared = sorted(uses.keys() - template.params.keys())
    if undeclared:
        raise TemplateError(f"template {template.name!r} uses undeclared parameters: {', '.join(undeclared)}")
    resolved = _resolve(template, values, from_text)
    filled = _substitute(data, resolved)
    if plan_id is not None:
        filled["id"] = plan_id
    try:
        plan = plan_from_data(filled, source=f"template {template.name}")
    except PlanFormatError as exc:
        raise _value_error(template, exc, uses, resolved) from None
    plan.meta = {**plan.meta, "template": {"id": template.id, "name": template.name, "values": resolved}}
    return plan


def _value_error(
    template: PlanTemplate, exc: PlanFormatError, uses: dict[str, list[str]], values: Mapping[str, Scalar]
) -> TemplateError:
    problems: list[str] = []
    names: list[str] = []
    for problem in exc.problems or [FormatProblem("$", exc.message)]:
        param = _param_at(problem.path, uses)
        if param is None:
            problems.append(str(problem))
        else:
            names.append(param)
            problems.append(f"parameter {param!r} = {values[param]!r} at {problem}")
    return TemplateError(
        f"template {template.name!r} gives an invalid plan with these values", problems, tuple(dict.fromkeys(names))
    )


async def save_template(
    store: Store,
    plan: Plan | dict[str, Any] | list[Any],
    name: str,
    params: Mapping[str, TemplateParam | Mapping[str, Any]],
    *,
    replace: bool = False,
    **details: Any,
) -> PlanTemplate:
    """Build a template (see :func:`build_template`, whose keyword arguments ``details`` are) and save it.

    A template of the same name is an error unless ``replace``; a replaced template keeps its id.
    """
    existing = await store.load_template(name)
    if existing is not None and existing.name == name:
        if not replace:
            raise TemplateError(
                f"a template named {name!r} exists already (pass replace=True, or --replace on the command line)"
            )
        details.setdefault("template_id", existing.id)
    template = build_template(plan, name, params, **details)
    await store.save_template(template)
    return template


# ------------------------------------------------------------------------------------ the command line
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})
_ENUM = re.compile(r"^enum\((?P<choices>[^():]*)\)")


def parse_param_value(name: str, param: TemplateParam, text: str) -> Scalar:
    """A value given as text (``--set amount=50``), read by the parameter's type; a :class:`TemplateError`
    names the parameter when the text is not of that type."""
    value: Scalar = None
    if param.type is _T.STRING:
        return text
    if param.type is _T.ENUM:
        value = text if text in param.choices else None
    elif param.type is _T.BOOLEAN:
        value = True if text.strip().lower() in _TRUE else False if text.strip().lower() in _FALSE else None
    elif param.type is _T.INTEGER:
        value = int(text) if re.fullmatch(r"\s*[-+]?\d+\s*", text) else None
    else:
        value = _number(text)
    if value is None:
        raise TemplateError(f"parameter {name!r} expects {_expected(param)}, got {text!r}", params=(name,))
    return value


def _number(text: str) -> int | float | None:
    if re.fullmatch(r"\s*[-+]?\d+\s*", text):
        return int(text)
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def parse_param_spec(spec: str) -> tuple[str, TemplateParam]:
    """A parameter from ``NAME:TYPE[:required][:default=VALUE][:DESCRIPTION]``.

    TYPE is ``string``, ``number``, ``integer``, ``boolean`` or ``enum(a|b|c)``. The flags come first, in
    any order; the first segment that is not a flag starts the description, which runs to the end (it may
    hold colons). ``amount:number:required:How much to buy``, ``side:enum(buy|sell):default=buy``.
    """
    name, _, rest = spec.partition(":")
    if not _NAME.match(name) or not rest:
        raise TemplateError(f"--param {spec!r}: expected NAME:TYPE[:required][:default=VALUE][:DESCRIPTION]")
    kind, choices, rest = _spec_type(spec, rest)
    fields: dict[str, Any] = {"type": kind, "choices": choices}
    default_text: str | None = None
    segments = rest.split(":") if rest else []
    while segments and (segments[0] in ("required", "optional") or segments[0].startswith("default=")):
        flag = segments.pop(0)
        if flag == "required":
            fields["required"] = True
        elif flag.startswith("default="):
            default_text = flag.removeprefix("default=")
    if segments:
        fields["description"] = ":".join(segments)
    param = _make_param(spec, fields)
    if default_text is not None:
        param.default = parse_param_value(name, param, default_text)
    problems = _check_params({name: param})
    if problems:
        raise TemplateError(f"--param {spec!r}: {problems[0]}", params=(name,))
    return name, param


def _spec_type(spec: str, rest: str) -> tuple[TemplateParamType, list[str], str]:
    enum = _ENUM.match(rest)
    if enum is not None:
        choices = [choice.strip() for choice in enum.group("choices").split("|") if choice.strip()]
        tail = rest[enum.end() :]
        if tail and not tail.startswith(":"):
            raise TemplateError(f"--param {spec!r}: expected ':' after the enum's choices, got {tail!r}")
        return _T.ENUM, choices, tail[1:]
    word, _, tail = rest.partition(":")
    try:
        return TemplateParamType(word), [], tail
    except ValueError:
        names = [kind.value for kind in TemplateParamType]
        hint = did_you_mean(word, names) or f"use {', '.join(names[:-1])} or enum(a|b)"
        raise TemplateError(f"--param {spec!r}: unknown type {word!r} ({hint})") from None


def _make_param(spec: str, fields: dict[str, Any]) -> TemplateParam:
    try:
        return TemplateParam.model_validate(fields)
    except ValidationError as exc:
        message = validator_message(str(exc.errors()[0]["msg"]))
        raise TemplateError(f"--param {spec!r}: {message}") from None


def _format_value(value: Scalar) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def format_param_spec(name: str, param: TemplateParam) -> str:
    """The ``NAME:TYPE...`` spec of a parameter (what :func:`parse_param_spec` reads back)."""
    kind = f"enum({'|'.join(param.choices)})" if param.type is _T.ENUM else param.type.value
    parts = [name, kind]
    if param.required:
        parts.append("required")
    if param.default is not None:
        parts.append(f"default={_format_value(param.default)}")
    if param.description:
        parts.append(param.description)
    return ":".join(parts)

