"""The pre-commit hook (``.pre-commit-hooks.yaml``): what it lints by default, and a real pre-commit run of it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _hook() -> dict[str, object]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [hook["id"] for hook in hooks] == ["plankit-lint"]
    return hooks[0]  # type: ignore[no-any-return]


def test_the_hook_runs_the_installed_lint_command() -> None:
    hook = _hook()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert hook["entry"] == "plankit lint"
    assert "plankit" in scripts
    assert hook["language"] == "python"
    assert hook["types_or"] == ["json", "yaml"]


@pytest.mark.parametrize(
    ("path", "linted"),
    [
        ("plans/refund.json", True),
        ("agents/plans/nightly.yaml", True),
        ("plan/one.yml", True),
        ("billing/refund.plan.json", True),
        ("refund.plan.yaml", True),
        ("package.json", False),
        (".github/workflows/ci.yml", False),
        ("examples/policy.yaml", False),
        ("planner/config.json", False),
        ("deploy/plans.json", False),
        ("refund.plan.json.bak", False),
    ],
)
def test_by_default_only_plan_files_are_linted(path: str, linted: bool) -> None:
    # pre-commit matches `files` with re.search against the path from the repository root.
    assert (re.search(str(_hook()["files"]), path) is not None) is linted


def _committed_rev() -> str | None:
    """The commit of this checkout, when it is a git checkout whose HEAD holds the hook file."""
    if shutil.which("git") is None:
        return None
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=False)
    if head.returncode != 0:
        return None
    rev = head.stdout.strip()
    held = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}:.pre-commit-hooks.yaml"], check=False)
    return rev if held.returncode == 0 else None


def test_a_real_pre_commit_run_lints_the_plans_and_fails_on_an_error(tmp_path: Path) -> None:
    pytest.importorskip("pre_commit", reason="pre-commit is a dev dependency")
    rev = _committed_rev()
    if rev is None:
        pytest.skip("needs a git checkout of plankit with the hook committed (pre-commit installs from a commit)")
    work = tmp_path / "repo"
    (work / "plans").mkdir(parents=True)
    for name in ("payout.json", "refund.json"):
        shutil.copy(EXAMPLES / name, work / "plans" / name)
    shutil.copy(EXAMPLES / "policy.yaml", work / "policy.yaml")
    (work / "package.json").write_text('{"name": "not a plan"}\n', encoding="utf-8")
    config = {
        "repos": [
            {"repo": str(ROOT), "rev": rev, "hooks": [{"id": "plankit-lint", "args": ["--policy", "policy.yaml"]}]}
        ]
    }
    (work / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q"], cwd=work, check=True)
    subprocess.run([*git, "add", "-A"], cwd=work, check=True)
    done = subprocess.run(
        # pre-commit clones this checkout at `rev` and installs plankit into an environment of its own.
        [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"],
        cwd=work,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PRE_COMMIT_HOME": str(tmp_path / "cache")},
        check=False,
    )
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "- hook id: plankit-lint" in out
    assert "plans/payout.json  PASS  risk 0.00" in out
    assert "plans/refund.json  ERROR  risk 0.30" in out
    assert "MISSING_HANDLER  refund: tool 'payments.refund' needs an error handler by policy" in out
    # Exactly the two plans: neither the policy nor package.json was handed to plankit.
    assert "2 plans: 1 PASS, 0 WARN, 1 ERROR" in out
