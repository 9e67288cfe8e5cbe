"""The playground's browser tests' tools: Chromium (the distribution's, /usr/bin/chromium) driven by Playwright
(`browse`), acting as a member and clicking as a person does, and what a phone's screen must hold."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.async_api import Page

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GAME_BUTTON = "[data-testid=message]:not([data-ephemeral]) button[data-custom-id^='ludo:g:']"


def browser_missing() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no {CHROMIUM}"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "no playwright (pip install -e '.[dev]')"
    return None


@asynccontextmanager
async def browse(chromium: str, url: str, **context: Any) -> AsyncIterator[Page]:
    """`url` open in a new browser page (`context`: Playwright's options of a page: viewport, touch...), once the page
    has drawn the channel; any error of the page's script, or on its console (a request of the page its own server
    refused), fails the test."""
    from playwright.async_api import async_playwright

    errors: list[str] = []
    console: list[str] = []
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            # (a reader in the US, in UTC: what Discord's client shows them is written out below)
            opened = await browser.new_page(locale="en-US", timezone_id="UTC", **context)
            opened.set_default_timeout(10_000)
            opened.on("pageerror", lambda error: errors.append(str(error)))
            opened.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
            await opened.goto(url)
            await opened.wait_for_selector("body[data-ready='1']")
            yield opened
        finally:
            await browser.close()
    assert not errors, f"the page's script failed: {errors}"
    assert not console, f"the page's console shows errors: {console}"


async def act_as(page: Page, name: str) -> None:
    await page.click(f"[data-testid=member][data-member={name}]")
    await page.wait_for_selector(f"[data-testid=member][data-member={name}][aria-checked=true]")


async def click_and_wait(page: Page, selector: str, *, tap: bool = False) -> None:
    """Click (or `tap`, on a touch screen) the first button matching `selector` and wait until the bot's answer
    replaced it (the message was edited, or a new one took its place)."""
    button = await page.wait_for_selector(selector)
    assert button is not None
    await (button.tap() if tap else button.click())
    await page.wait_for_function("button => !button.isConnected", arg=button, timeout=10_000)


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
OUTSIDE = """() => [...document.querySelectorAll("button, select, input, a")]
  .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== "hidden")
  .filter((node) => { const r = node.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; })
  .map((node) => node.outerHTML.slice(0, 100))"""


async def fits_the_phone(page: Page) -> None:
    """Nothing wider than the screen: no sideways scrolling, every button, box and link within the screen's width."""
    await page.wait_for_function("() => !document.getAnimations().length")  # (the drawer slid away, not sliding)
    widths = await page.evaluate("() => [innerWidth, document.documentElement.scrollWidth]")
    assert widths == [390, 390], f"the page is wider than the phone (screen, page): {widths}"
    outside = await page.evaluate(OUTSIDE)
    assert outside == [], outside
