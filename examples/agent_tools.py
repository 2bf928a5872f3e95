"""Tools for the bundled LLM-step plans (``data-pipeline.json``, ``release-cortex.json``)::

    plankit run examples/data-pipeline.json --tools examples/agent_tools.py \\
        --model openai:llama3.1 --base-url http://localhost:11434/v1

The model of each ``llm`` step calls these. They do real work, kept small and contained:

* ``http_get``: GET a URL (the policy's ``allow_domains`` decides which, at run time);
* ``python_code``: run a Python snippet in a separate, isolated interpreter (``python -I``) with a timeout,
  and return what it printed;
* ``code_writer`` / ``test_runner``: write a file under the workspace (``PLANKIT_WORKSPACE``, default
  ``./workspace``) and run a test file from it.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from plankit.errors import ServerError, ToolError, UserError
from plankit.tools import ToolRegistry

registry = ToolRegistry()

MAX_BODY = 200_000
"""Bytes of a response body kept."""


@registry.tool("http_get", read_only=True)
def http_get(url: str, timeout_s: float = 10.0) -> dict[str, Any]:
    """Fetch a URL with GET; JSON bodies come back parsed."""
    if not url.startswith(("http://", "https://")):
        raise UserError(f"only http(s) URLs can be fetched, not {url!r}")
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:  # http(s) only: checked above
            raw = response.read(MAX_BODY)
            status = response.status
            kind = response.headers.get("content-type", "")
    except urllib.error.HTTPError as exc:
        if exc.code >= 500:
            raise ServerError(f"GET {url}: HTTP {exc.code}", status_code=exc.code) from None
        raise ToolError(f"GET {url}: HTTP {exc.code}") from None
    except (urllib.error.URLError, TimeoutError) as exc:
        raise ServerError(f"GET {url}: {exc}") from None
    text = raw.decode("utf-8", "replace")
    body: Any = text
    if "json" in kind:
        with contextlib.suppress(ValueError):  # a server that says JSON and sends something else: keep the text
            body = json.loads(text)
    return {"status": status, "body": body}


@registry.tool("python_code")
def python_code(code: str, timeout_s: float = 20.0) -> dict[str, Any]:
    """Run Python code in a separate isolated interpreter; return its exit code, stdout and stderr."""
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=timeout_s, check=False
        )
    except subprocess.TimeoutExpired:
        raise ToolError(f"the code ran longer than {timeout_s:g} s") from None
    return {"exit_code": done.returncode, "stdout": done.stdout[-MAX_BODY:], "stderr": done.stderr[-MAX_BODY:]}


def _workspace_path(path: str) -> Path:
    root = Path(os.environ.get("PLANKIT_WORKSPACE", "workspace")).resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root):
        raise UserError(f"{path!r} is outside the workspace {root}")
    return target


@registry.tool("code_writer", sink=False)
def code_writer(path: str, content: str) -> dict[str, Any]:
    """Write a file under the workspace (a relative path); return where and how many bytes."""
    target = _workspace_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(content, encoding="utf-8")
    return {"path": str(target), "bytes": len(content.encode())}


@registry.tool("test_runner")
def test_runner(path: str, timeout_s: float = 60.0) -> dict[str, Any]:
    """Run a test file from the workspace with Python's unittest; return whether it passed and its output."""
    target = _workspace_path(path)
    if not target.is_file():
        raise UserError(f"no test file {path!r} in the workspace")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "unittest", "-q", target.stem],
            cwd=target.parent,
            capture_output=True,
            text=True,
            timeout=timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise ToolError(f"the tests ran longer than {timeout_s:g} s") from None
    return {"passed": done.returncode == 0, "output": (done.stdout + done.stderr)[-MAX_BODY:]}
