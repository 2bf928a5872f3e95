"""The web UI in real headless Chromium (the Debian package, driven by Playwright): sign in, upload a plan,
see its finding on the graph (its markup label shown as text), run it, approve the paused step, watch it
complete. Screenshots go to ``$PLANKIT_UI_SCREENSHOTS`` (default: the test's temporary directory).

Skipped only where ``/usr/bin/chromium`` is missing outside CI; CI installs it (``.ci/run``), so there it runs.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import TOOLS, LiveServer, live_server
from .plans import approval_plan

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs the chromium package (apt-get install chromium); CI installs it",
)


@pytest.fixture
def browser_page(tmp_path: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            yield page
        finally:
            browser.close()


@pytest.fixture
def ui_server(tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(tmp_path, tools=TOOLS) as live:
        yield live


def _screens(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PLANKIT_UI_SCREENSHOTS") or tmp_path / "screens")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_sign_in_upload_lint_run_approve_complete(ui_server: LiveServer, browser_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page = browser_page
    screens = _screens(tmp_path)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    page.goto(ui_server.url + "/")
    page.fill("#token", ui_server.tokens["ann"])
    page.click("#sign-in")
    expect(page.get_by_test_id("who")).to_have_text("ann (operator)")

    plan_file = tmp_path / "pay.json"
    plan = approval_plan()
    plan["steps"].reverse()  # pay first: a forward reference to greet, so the lint shows a warning
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    page.goto(ui_server.url + "/#/new")
    page.set_input_files("#plan-file", str(plan_file))
    findings = page.locator("#lint-result [data-testid=findings] li")
    expect(findings).to_have_count(1)
    expect(findings.first).to_contain_text("IMPLICIT_DEPENDENCY")
    expect(findings.first).to_contain_text(
        "'pay' uses the output of 'greet' (a forward reference: it comes later in the plan), but 'pay' does not depend"
    )
    page.screenshot(path=str(screens / "1-lint.png"), full_page=True)

    page.click("#save-plan")
    graph = page.get_by_test_id("graph")
    expect(graph).to_be_visible()
    expect(page.locator("[data-node=pay] [data-testid=node-finding]")).to_have_text("IMPLICIT_DEPENDENCY")
    expect(page.locator("[data-node=greet] [data-testid=node-finding]")).to_have_count(0)
    expect(page.locator("[data-node=greet] text").first).to_have_text("<script>alert(1)</script>")
    assert page.locator("[data-node=pay]").get_attribute("class") == "node has-warning"
    page.screenshot(path=str(screens / "2-plan-graph.png"), full_page=True)

    page.click("#run-plan")
    approve = page.get_by_test_id("approve-pay")
    expect(approve).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("execution-status")).to_have_text("paused")
    page.screenshot(path=str(screens / "3-paused.png"), full_page=True)

    approve.click()
    expect(page.get_by_test_id("execution-status")).to_have_text("completed", timeout=20_000)
    expect(page.locator("[data-step=pay] [data-testid=status]")).to_have_text("completed")
    expect(page.locator("[data-step=greet] [data-testid=status]")).to_have_text("completed")
    expect(page.get_by_test_id("events")).to_contain_text("execution → completed")
    expect(page.get_by_test_id("decision-pay")).to_have_text("approved by ann")
    expect(page.locator("main")).not_to_contain_text("null")
    page.screenshot(path=str(screens / "4-completed.png"), full_page=True)

    assert (dialogs, errors) == ([], [])
    shots = {"1-lint.png", "2-plan-graph.png", "3-paused.png", "4-completed.png"}
    assert shots <= {p.name for p in screens.iterdir()}


def test_a_bad_token_stays_on_the_sign_in_page(ui_server: LiveServer, browser_page: Any) -> None:
    from playwright.sync_api import expect

    page = browser_page
    page.goto(ui_server.url + "/")
    page.fill("#token", "pk_nope_nope")
    page.click("#sign-in")
    expect(page.locator("#flash")).to_have_text("the API token is unknown or revoked")
    expect(page.locator("#sign-in")).to_be_visible()


def test_schedules_and_dead_letters_pages(ui_server: LiveServer, browser_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from .harness import wait_for
    from .plans import cron_plan

    ann = ui_server.client("ann")
    assert ann.post("/api/v1/schedules", json={"plan": cron_plan()}).status_code == 201
    failing = {"goal": "fail", "steps": [{"id": "explode", "tool": "boom", "args": {"reason": "<b>no funds</b>"}}]}
    execution_id = ann.post("/api/v1/executions", json={"plan": failing}).json()["execution_id"]
    wait_for(ann, execution_id, {"failed"})

    page = browser_page
    screens = _screens(tmp_path)
    page.goto(ui_server.url + "/")
    page.fill("#token", ui_server.tokens["ann"])
    page.click("#sign-in")
    expect(page.get_by_test_id("who")).to_have_text("ann (operator)")

    page.goto(ui_server.url + "/#/schedules")
    rows = page.locator("[data-testid=schedules] tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("cron 0 9 * * * (America/New_York)")
    expect(rows.first.locator("td").nth(3).locator("div")).to_have_count(3)
    page.screenshot(path=str(screens / "5-schedules.png"), full_page=True)
    rows.first.get_by_role("button", name="Pause").click()
    expect(rows.first.get_by_test_id("status")).to_have_text("paused")

    page.goto(ui_server.url + "/#/dead-letters")
    letters = page.locator("[data-testid=dead-letters] tbody tr")
    expect(letters).to_have_count(1)
    expect(letters.first).to_contain_text("<b>no funds</b>")
    page.screenshot(path=str(screens / "6-dead-letters.png"), full_page=True)
