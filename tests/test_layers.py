"""Imports flow downward only (the layers of DESIGN.md), and optional dependencies are imported lazily.

Every module under ``src/plankit`` is read with :mod:`ast` (nothing is imported), every import in it is
resolved to the top-level part of plankit it names, and the part's layer is compared with the importer's.
A new top-level module or package must be given a layer in ``LAYERS`` below.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "plankit"

LAYERS: dict[str, int] = {
    # L0: helpers with no plankit imports of their own.
    "_utils": 0, "errors": 0, "_version": 0, "_lazy": 0,
    # L1: the IR, and tool specs (with the runtime side of tools beside them).
    "plan": 1, "tools": 1, "_toolbox": 1, "builtin_tools": 1,
    # L2: rules and policies, renderers, LLM clients, stores, feeds, tool sources (MCP servers' tools as specs).
    "lint": 2, "render": 2, "llm": 2, "store": 2, "feeds": 2, "tool_sources": 2,
    # L4: the executor and the compiler.
    "execute": 4, "compile": 4,
    # L5: triggers and the scheduler; scale-out engines (Temporal) over the executor.
    "schedule": 5, "engines": 5,
    # L6: user-facing: the CLI, the server, the seed systems' faces, test doubles, the package facade.
    "cli": 6, "server": 6, "mcp": 6, "seeds": 6, "testing": 6, "__init__": 6, "__main__": 6,
}  # fmt: skip

OPTIONAL = frozenset({"openai", "anthropic", "psycopg", "temporalio", "regopy", "fastapi", "uvicorn", "mcp", "web3"})
"""Optional dependencies named by the design; the extras in pyproject.toml must cover them."""


@dataclass(frozen=True)
class Import:
    """One import statement's target, as a dotted module name, and whether it runs when the module loads."""

    module: str
    line: int
    at_load: bool


def module_name(path: Path, src: Path = SRC) -> str:
    """``src/plankit/plan/_io.py`` -> ``plankit.plan._io``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(src.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


@functools.cache
def imports_of(path: Path, src: Path = SRC) -> list[Import]:
    """Every import in a module, resolved to absolute names; ``at_load`` is false inside functions and under
    ``if TYPE_CHECKING:``. ``from . import x`` yields the submodule ``package.x``."""
    name = module_name(path, src)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    stack: list[tuple[ast.AST, bool]] = [(ast.parse(path.read_text(encoding="utf-8")), True)]
    while stack:
        node, at_load = stack.pop()
        if isinstance(node, ast.Import):
            found.extend(Import(alias.name, node.lineno, at_load) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.extend(_from_import(node, package, at_load))
        for child in ast.iter_child_nodes(node):
            inside_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            type_only = isinstance(node, ast.If) and _is_type_checking(node.test) and child in node.body
            stack.append((child, at_load and not inside_function and not type_only))
    return sorted(found, key=lambda item: (item.line, item.module))


def _from_import(node: ast.ImportFrom, package: str, at_load: bool) -> list[Import]:
    # Each imported name is kept on the module's name: in ``from plankit import errors`` (or
    # ``from .. import errors``) the name is a submodule, and that is what is imported.
    if node.level == 0:
        base = node.module or ""
    else:
        base_parts = package.split(".")
        base = ".".join(base_parts[: len(base_parts) - (node.level - 1)])
        base = f"{base}.{node.module}" if node.module else base
    return [Import(f"{base}.{alias.name}", node.lineno, at_load) for alias in node.names]


def part_of(module: str, src: Path = SRC) -> str | None:
    """The top-level part of plankit a module belongs to (``plankit.plan._io`` -> ``plan``); ``__init__``
    for the package itself and the names it defines; None outside plankit."""
    parts = module.split(".")
    if parts[0] != "plankit":
        return None
    if len(parts) == 1 or not ((src / parts[1]).exists() or (src / f"{parts[1]}.py").exists()):
        return "__init__"  # a name imported from the package facade itself
    return parts[1]


def layer_violations(src: Path = SRC) -> list[str]:
    """``importer:line imports target (Lm imports Ln)`` for every upward import."""
    problems: list[str] = []
    for path in sorted(src.rglob("*.py")):
        importer = part_of(module_name(path, src), src)
        if importer is None:
            continue
        for item in imports_of(path, src):
            target = part_of(item.module, src)
            if target is None or target == importer:
                continue
            if LAYERS[target] > LAYERS[importer]:
                problems.append(
                    f"{path.relative_to(src.parent)}:{item.line} imports {item.module} "
                    f"(L{LAYERS[importer]} {importer} must not import L{LAYERS[target]} {target})"
                )
    return problems


EXTRA_ONLY = {"plankit.engines._temporal_workflow": "temporalio"}
"""Modules that exist only for one optional dependency and may import it when they load (Temporal's sandbox
finds the workflow class by importing its module, so the class is decorated at import), provided no other
module imports them when it loads."""


def optional_imports_at_load(src: Path = SRC, optional: frozenset[str] = OPTIONAL) -> list[str]:
    """``module:line imports package`` for every optional dependency imported when a module loads."""
    problems: list[str] = []
    for path in sorted(src.rglob("*.py")):
        name = module_name(path, src)
        for item in imports_of(path, src):
            if not item.at_load:
                continue
            if item.module.split(".")[0] in optional and EXTRA_ONLY.get(name) != item.module.split(".")[0]:
                problems.append(f"{path.relative_to(src.parent)}:{item.line} imports {item.module} at load time")
            if item.module in EXTRA_ONLY or item.module.rpartition(".")[0] in EXTRA_ONLY:
                problems.append(f"{path.relative_to(src.parent)}:{item.line} imports {item.module} at load time")
    return problems


def _extras_packages() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names: set[str] = set()
    for extra, requirements in project.get("optional-dependencies", {}).items():
        if extra in ("dev", "all"):
            continue
        for requirement in requirements:
            match = re.match(r"[A-Za-z0-9_.\-]+", requirement)
            assert match is not None
            names.add(match.group(0).lower().replace("-", "_"))
    return names


OPTIONAL_FROM_EXTRAS = frozenset(_extras_packages() | OPTIONAL)


# ---------------------------------------------------------------------------------------- the real tree
def test_every_top_level_part_has_a_layer() -> None:
    parts = {path.stem for path in SRC.glob("*.py")} | {
        path.name for path in SRC.iterdir() if (path / "__init__.py").exists()
    }
    assert sorted(parts - set(LAYERS)) == []


def test_no_module_imports_a_higher_layer() -> None:
    assert layer_violations() == []


def test_optional_dependencies_are_imported_only_where_needed() -> None:
    assert optional_imports_at_load(optional=OPTIONAL_FROM_EXTRAS) == []


def test_the_extras_cover_the_optional_dependencies_of_the_design() -> None:
    assert OPTIONAL - _extras_packages() == set()


# ------------------------------------------------------------------------------- the checker, on fakes
def _write(tree: Path, files: dict[str, str]) -> Path:
    src = tree / "plankit"
    for relative, text in files.items():
        path = src / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return src


def test_checker_finds_upward_imports_in_every_spelling(tmp_path: Path) -> None:
    src = _write(
        tmp_path,
        {
            "__init__.py": "",
            "errors.py": "",
            "plan/__init__.py": "from ..errors import PlanFormatError\n",  # downward: fine
            "plan/_io.py": "from ..lint import lint\nimport plankit.execute\n",
            "plan/_graph.py": "def later():\n    from plankit.cli import main\n",
            "plan/_refs.py": "from .. import render\nfrom . import _io\n",
            "lint/__init__.py": "from plankit import Plan\n",  # the facade is L6
            "lint/_x.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..execute import Executor\n",
            "execute/__init__.py": "",
            "cli/__init__.py": "from ..plan import Plan\nfrom plankit import errors\n",
            "store/__init__.py": "from plankit import errors, tools\n",  # submodules of the facade: fine
            "tools.py": "",
            "render/__init__.py": "",
        },
    )
    assert layer_violations(src) == [
        "plankit/lint/__init__.py:1 imports plankit.Plan (L2 lint must not import L6 __init__)",
        "plankit/lint/_x.py:3 imports plankit.execute.Executor (L2 lint must not import L4 execute)",
        "plankit/plan/_graph.py:2 imports plankit.cli.main (L1 plan must not import L6 cli)",
        "plankit/plan/_io.py:1 imports plankit.lint.lint (L1 plan must not import L2 lint)",
        "plankit/plan/_io.py:2 imports plankit.execute (L1 plan must not import L4 execute)",
        "plankit/plan/_refs.py:1 imports plankit.render (L1 plan must not import L2 render)",
    ]


def test_checker_finds_optional_imports_at_load_time(tmp_path: Path) -> None:
    src = _write(
        tmp_path,
        {
            "__init__.py": "",
            "llm/__init__.py": "import openai\n",
            "llm/_claude.py": "try:\n    from anthropic import Anthropic\nexcept ImportError:\n    Anthropic = None\n",
            "llm/_lazy.py": "def client():\n    import openai\n    return openai\n",
            "llm/_typed.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import openai\n",
            "store/_pg.py": "class Store:\n    import psycopg\n",
        },
    )
    assert optional_imports_at_load(src) == [
        "plankit/llm/__init__.py:1 imports openai at load time",
        "plankit/llm/_claude.py:2 imports anthropic.Anthropic at load time",
        "plankit/store/_pg.py:2 imports psycopg at load time",
    ]


@pytest.mark.parametrize(
    ("module", "part"),
    [("plankit.plan._io", "plan"), ("plankit", "__init__"), ("plankit.Plan", "__init__"), ("plankit.errors", "errors"),
     ("pydantic", None), ("plankitx", None)],
)  # fmt: skip
def test_part_of(module: str, part: str | None) -> None:
    assert part_of(module) == part
