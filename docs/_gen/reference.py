"""Generated reference pages for the documentation site, and the mkdocs hook that adds them.

* ``reference/rules.md`` from the lint rules' own docs (``plankit.lint.RULES``): the *What it does / Why
  is this bad / Example / Use instead* sections, examples as code blocks;
* ``reference/cli.md`` from the ``plankit`` command itself (the same click command ``main`` runs): every
  command's usage, help and options.

The page builders are plain functions (tested without mkdocs); ``on_files`` is the mkdocs hook
(``hooks:`` in mkdocs.yml), which adds the pages as generated files, so nothing generated is committed.
"""

from __future__ import annotations

import re
from typing import Any

from plankit.cli._app import LAZY_COMMANDS, command, load_command
from plankit.lint import RULES
from plankit.lint._risk import DEFAULT_RISK_WEIGHTS, SEVERITY_WEIGHTS

_SECTIONS = ("What it does:", "Why is this bad:", "Example:", "Use instead:")


# ------------------------------------------------------------------------------------------------ rules
def rules_page() -> str:
    """Markdown for every lint rule, in registry order."""
    lines = [
        "# Rule reference",
        "",
        "Every check `plankit lint` runs, generated from the rules' own documentation "
        "(`plankit rules CODE` prints the same text). The risk weight is what a finding adds to the risk "
        "score unless the policy's `risk_weights` says otherwise.",
        "",
        "| code | name | severity | summary |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| [`{rule.code}`](#{rule.code.lower()}) | {rule.name} | {rule.severity.value} | {_cell(rule.summary)} |"
        for rule in RULES.values()
    ]
    for rule in RULES.values():
        weight = DEFAULT_RISK_WEIGHTS.get(rule.code, SEVERITY_WEIGHTS[rule.severity])
        lines += [
            "",
            f"## {rule.code}",
            "",
            f"**{rule.name}** · {rule.severity.value} · risk weight {weight:g}",
            "",
            rule.summary,
            "",
            *_rule_doc(rule.doc),
        ]
    return "\n".join(lines).rstrip() + "\n"


def _cell(text: str) -> str:
    # Table cells: "|" ends a cell, and "[a][b]" would be read as a reference link.
    return text.replace("|", "\\|").replace("[", "\\[").replace("]", "\\]")


def _rule_doc(doc: str) -> list[str]:
    """A rule docstring as Markdown: section labels in bold, indented examples as JSON code blocks."""
    out: list[str] = []
    code: list[str] = []

    def close_code() -> None:
        if code:
            out.extend(["", "```json", *code, "```", ""])
            code.clear()

    for raw in doc.splitlines():
        if raw.startswith("    ") and raw.strip():
            code.append(raw[4:])
            continue
        close_code()
        line = raw.rstrip()
        for label in _SECTIONS:
            if line.startswith(label):
                out.append("")
                line = f"**{label[:-1]}:**{line[len(label) :]}"
                break
        out.append(line)
    close_code()
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip().splitlines()


# -------------------------------------------------------------------------------------------------- cli
def cli_page() -> str:
    """Markdown for every ``plankit`` command, from the command tree itself."""
    root = command()
    lines = [
        "# Command-line reference",
        "",
        "Generated from the `plankit` command (`plankit COMMAND --help` prints the same). Exit codes are the "
        "same everywhere: `0` success, `1` the plan (or the run) failed or was refused, `2` unusable input "
        "(a missing or unreadable file, an invalid plan or policy); `run`, `resume` and `dead-letters retry` "
        "also use `3` (paused for approval) and `130` (interrupted with Ctrl-C).",
        "",
        "```text",
        "plankit [OPTIONS] COMMAND [ARGS]...",
        "```",
        "",
        *_options(root, []),
    ]
    # Lazily loaded commands stand in the root as placeholders: document the real ones.
    real = {name: (load_command(name) if name in LAZY_COMMANDS else sub) for name, sub in root.commands.items()}
    stack: list[tuple[list[str], Any]] = [([name], sub) for name, sub in reversed(real.items())]
    while stack:
        words, current = stack.pop()
        subs = getattr(current, "commands", None)
        title = " ".join(words)
        lines += ["", f"{'#' * min(len(words) + 1, 4)} plankit {title}", ""]
        if current.help:
            lines += [_help_text(current.help), ""]
        if subs:
            lines.append("Sub-commands: " + ", ".join(f"`{name}`" for name in subs) + ".")
            stack.extend(([*words, name], sub) for name, sub in reversed(subs.items()))
            continue
        usage = " ".join(
            [
                "plankit",
                *words,
                "[OPTIONS]",
                *(_usage(param) for param in current.params if param.param_type_name == "argument"),
            ]
        )
        lines += ["```text", usage, "```", "", *_options(current, words)]
    return "\n".join(lines).rstrip() + "\n"


def _help_text(text: str) -> str:
    # Help texts wrap at ~110 columns in the source; a paragraph reads the same either way.
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n"))


def _usage(param: Any) -> str:
    name = param.metavar or (param.name or "").upper()
    name = name.removesuffix("...")
    many = "..." if param.nargs != 1 else ""
    return f"{name}{many}" if param.required else f"[{name}{many}]"


def _options(current: Any, words: list[str]) -> list[str]:
    rows = []
    for param in current.params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            names = f"`{(param.metavar or param.name or '').upper().removesuffix('...')}`"
        else:
            names = ", ".join(f"`{opt}`" for opt in [*param.opts, *param.secondary_opts])
            if param.metavar:
                names += f" `{param.metavar}`"
            elif _choices(param):
                names += f" `{'|'.join(_choices(param))}`"
        rows.append(f"| {names} | {_cell(_param_help(param))} |")
    if not rows:
        return []
    return ["| argument or option | meaning |", "|---|---|", *rows]


def _choices(param: Any) -> list[str]:
    described = getattr(param, "type_descriptor", None)
    if described is not None and described.is_choice:
        return [str(getattr(choice, "value", choice)) for choice in described.choices or ()]
    return [str(choice) for choice in getattr(getattr(param, "type", None), "choices", None) or ()]


def _param_help(param: Any) -> str:
    text = " ".join((getattr(param, "help", None) or "").split())
    extras = []
    if param.required:
        extras.append("required")
    default = param.default
    if not param.required and default not in (None, False, (), []) and not callable(default):
        shown = getattr(default, "value", default)
        extras.append(f"default: `{shown}`")
    return text + (f" ({'; '.join(extras)})" if extras else "")


# ------------------------------------------------------------------------------------------ mkdocs hook
PAGES = {"reference/rules.md": rules_page, "reference/cli.md": cli_page}


def on_files(files: Any, config: Any) -> Any:
    """mkdocs hook: add the generated reference pages to the site."""
    from mkdocs.structure.files import File

    for uri, build in PAGES.items():
        files.append(File.generated(config, uri, content=build()))
    return files
