"""Drive the playground page in a real browser: Debian's Chromium through
Playwright (never a browser Playwright downloads), every request to another
host than the site's blocked and counted; the page loaded and settled, its
pickers used, and what it shows read back as the page marks it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import IN_CI

CHROMIUM = os.environ.get("MAHJONG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: Without these, Chromium calls Google hosts at start.
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-quic",
]


def unavailable(why: str):
    """Skip, or fail under CI, where the browser tests must run."""
    if IN_CI:
        pytest.fail(f"the playground's browser tests cannot run in CI: {why}")
    pytest.skip(why)


class Guard:
    """Lets requests to the site through and blocks (and counts) the rest."""

    def __init__(self, base: str):
        self.base = base
        self.seen: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []

    def route(self, route) -> None:
        url = route.request.url
        self.seen.append(url)
        if url.startswith(self.base):
            route.fallback()  # to a route of the test, if any, else to the server
        else:
            self.outside.append(url)
            route.abort()


def open_page(browser, guard: Guard, fragment: str = "", context=None):
    """A page of the site in a fresh browser context (or ``context``),
    loaded and settled."""
    context = context or browser.new_context(viewport={"width": 1400, "height": 900})
    context.route("**/*", guard.route)
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda e: guard.errors.append(str(e)))
    page.goto(guard.base + fragment)
    wait_until(page, "window.playground !== undefined")
    page.evaluate("playground.started")
    settle(page)
    assert "Ready" in page.inner_text("#status"), page.inner_text("#status")
    return page


def wait_until(page, condition: str, seconds: int = 120) -> None:
    """Wait until a JavaScript condition holds in the page (polled from an
    evaluated function: the page's policy forbids the eval of Playwright's
    own polling)."""
    done = page.evaluate(f"""async () => {{
            for (let i = 0; i < {seconds * 20}; i++) {{
                if ({condition}) return true;
                await new Promise((r) => setTimeout(r, 50));
            }}
            return false;
        }}""")
    assert done, f"not true after {seconds} s: {condition}"


def settle(page) -> None:
    """Wait until the page has nothing left to do (at most a minute)."""
    done = page.evaluate(
        "Promise.race([playground.idle().then(() => true),"
        " new Promise((r) => setTimeout(() => r(false), 60000))])"
    )
    assert done, "the page is still busy after a minute"


def pick(page, name: str) -> None:
    page.select_option("#builtin", name)
    settle(page)


def show(page, flavor: str = "js", fmt: str = "pattern") -> None:
    page.select_option("#fmt", fmt)
    page.select_option("#flavor", flavor)
    settle(page)


def rows(page) -> list[dict]:
    """The verdicts the page shows, as the page marks them."""
    return page.eval_on_selector_all(
        "#verdicts li",
        """items => items.map((li) => ({
            hand: li.dataset.hand, reference: li.dataset.reference, regexp: li.dataset.regexp,
            agree: li.dataset.agree === "true",
            split: li.querySelector(".split")?.textContent ?? null,
            reason: li.querySelector(".reason")?.textContent ?? null,
            score: li.querySelector(".score")?.textContent ?? null}))""",
    )


def shown_tests(page) -> list[dict]:
    """The rule file's tests the page shows, as the page marks them."""
    return page.eval_on_selector_all(
        "#test-results li",
        """items => items.map((li) => ({
            line: Number(li.dataset.line), column: Number(li.dataset.column),
            verdict: li.dataset.verdict, hand: li.dataset.hand,
            reference: li.dataset.reference, regexp: li.dataset.regexp,
            passed: li.dataset.passed === "true", agree: li.dataset.agree === "true",
            loud: li.classList.contains("fail") || li.classList.contains("disagree"),
            alarms: [...li.querySelectorAll(".alarm")].map((a) => a.textContent)}))""",
    )


def keep_shot(shot: Path, suffix: str = "") -> None:
    """Copy a screenshot where ``MAHJONG_PLAYGROUND_SHOT`` says (``suffix``
    before the extension), for review."""
    wanted = os.environ.get("MAHJONG_PLAYGROUND_SHOT")
    if wanted:
        target = Path(wanted)
        shutil.copyfile(shot, target.with_name(target.stem + suffix + target.suffix))
