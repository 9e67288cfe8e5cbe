"""The playground in a real browser: Chromium (the distribution's, /usr/bin/chromium) driven by Playwright opens the
page, types `/ludo start` in the command box, adds an AI, starts, and clicks through to the end of the game as the
person; the board pictures load, a private answer shows only to the member who got it.

Skipped only off CI when there is no Chromium; on CI (CI=true) a missing browser fails. `PLAYGROUND_SCREENSHOT=path`
also keeps the screenshot taken mid-game there (docs/images/playground.png comes from it).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from playground.world import Playground

if TYPE_CHECKING:
    from playwright.async_api import Page

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GAME_BUTTON = "[data-testid=message]:not([data-ephemeral]) button[data-custom-id^='ludo:g:']"
MAX_CLICKS = 300


def _browser_missing() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no {CHROMIUM}"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "no playwright (pip install -e '.[dev]')"
    return None


@pytest.fixture
def chromium() -> str:
    """The browser's path; skips the test without one, except on CI, where that fails it."""
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run on CI: {missing}")
        pytest.skip(missing)
    return CHROMIUM


@pytest.fixture
async def page(chromium: str, play: Playground) -> AsyncIterator[Page]:  # (the browser checked before the bot starts)
    from playwright.async_api import async_playwright

    errors: list[str] = []
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            opened = await browser.new_page(viewport={"width": 1280, "height": 900})
            opened.set_default_timeout(10_000)
            opened.on("pageerror", lambda error: errors.append(str(error)))
            await opened.goto(play.url)
            await opened.wait_for_selector("body[data-ready='1']")
            yield opened
        finally:
            await browser.close()
    assert not errors, f"the page's script failed: {errors}"


async def act_as(page: Page, name: str) -> None:
    await page.click(f"[data-testid=member][data-member={name}]")
    await page.wait_for_selector(f"[data-testid=member][data-member={name}][aria-checked=true]")


async def click_and_wait(page: Page, selector: str) -> None:
    """Click the first button matching `selector` and wait until the bot's answer replaced it (the message was
    edited, or a new one took its place)."""
    button = await page.wait_for_selector(selector)
    assert button is not None
    await button.click()
    await page.wait_for_function("button => !button.isConnected", arg=button, timeout=10_000)


async def test_one_person_plays_a_game_against_an_ai_in_the_browser(play: Playground, page: Page,
                                                                     tmp_path: Path) -> None:
    await act_as(page, "alice")
    await page.fill("[data-testid=command-input]", "/ludo st")
    await page.click("[data-testid=suggestion][data-command='/ludo start']")
    await page.select_option("[data-option=preset]", "star")  # scores and a turn limit: a short game
    await page.fill("[data-option=seats]", "2")
    await page.fill("[data-option=turn_limit]", "2")
    await page.press("[data-testid=command-input]", "Enter")
    lobby = "[data-testid=message]:has-text('Ludo lobby')"
    await page.wait_for_selector(f"{lobby} [data-testid=content]:has-text('Alice')")
    assert "Alice used /ludo start" in await page.inner_text(lobby)
    assert await page.locator(f"{lobby} .mention").first.inner_text() == "@Alice"

    await click_and_wait(page, f"{lobby} button:has-text('Add AI (random)')")
    await click_and_wait(page, f"{lobby} button:has-text('Start')")

    # Bob may not move Alice's game: his click gets a private answer, which Alice does not see.
    await act_as(page, "bob")
    await page.locator(GAME_BUTTON).first.click()
    refusal = await page.wait_for_selector("[data-testid=message][data-ephemeral] [data-testid=only-you]")
    assert refusal is not None and "Only you can see this" in await refusal.inner_text()
    await act_as(page, "alice")
    await page.wait_for_selector("[data-testid=message][data-ephemeral]", state="detached")
    await click_and_wait(page, GAME_BUTTON)  # Alice's first move: the board, her buttons, the AI's moves
    shot = tmp_path / "playground.png"
    await page.wait_for_function("() => [...document.images].every(i => i.complete)")
    await page.screenshot(path=shot)

    clicks = 1
    while await page.locator(GAME_BUTTON).count() and clicks < MAX_CLICKS:
        await click_and_wait(page, GAME_BUTTON)
        clicks += 1
    assert clicks < MAX_CLICKS, "the game did not end"
    await page.wait_for_selector("[data-testid=message] button:has-text('Replay')")

    pictures = await page.eval_on_selector_all(
        "[data-testid=picture]", "images => images.map(i => [i.complete, i.naturalWidth, i.alt])")
    assert pictures, "no picture on the page"
    assert all(complete and width > 0 for complete, width, _ in pictures), pictures
    assert not play.standin.violations
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    if os.environ.get("PLAYGROUND_SCREENSHOT"):
        shutil.copyfile(shot, os.environ["PLAYGROUND_SCREENSHOT"])
