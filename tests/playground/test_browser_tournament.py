"""A tournament in the playground in a real browser (Chromium driven by Playwright, as tests/playground/test_browser.py
does): the organiser picks `/ludo tournament create` and its options in the command picker, the members join with
the sign-up's Join, the organiser starts it, and each table is played in its thread, opened from the standing's link
as Discord's thread view opens it and left by the header's way back, switching to the member whose turn it is (a
table's turn waiting shows as an unread mention on the thread and the member), until the champion is announced in
the channel under the standing, edited in place, with its picture. The phone view (`?view=phone`) plays a final in
its thread the same way, with taps, on a 390 px screen.

`PLAYGROUND_TOURNAMENT_SCREENSHOT=path` keeps the desktop's screenshot of the channel at the end
(docs/images/tournament-playground.png) and `PLAYGROUND_STANDING_PICTURE=path` the final standing's picture
(docs/images/tournament-final.png)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ludo_bot.playground.world import Playground
from tests.playground.browser import GAME_BUTTON, PHONE, act_as, browse, click_and_wait, fits_the_phone
from tests.playground.conftest import CROWD

if TYPE_CHECKING:
    from playwright.async_api import Page

SIGNUP = "[data-testid=message]:has-text('Ludo tournament'):has([data-testid=channel-mention]), " \
         "[data-testid=message]:has(button:has-text('Join'))"
STANDING = "[data-testid=message]:has-text('Organiser')"
TURN = re.compile(r"It is @(.+?)'s turn")
MAX_CLICKS = 300


async def create(page: Page, *, tap: bool = False, **options: str) -> None:
    """The organiser picks `/ludo tournament create` in the command picker, fills its options and sends it."""
    if tap:
        await page.tap("[data-testid=slash]")
    else:
        await page.fill("[data-testid=command-input]", "/ludo tour")
    suggestions = await page.eval_on_selector_all("[data-testid=suggestion]", "s => s.map(n => n.dataset.command)")
    assert "/ludo tournament create" in suggestions and "/ludo tournament standings" in suggestions
    picked = page.locator("[data-testid=suggestion][data-command='/ludo tournament create']")
    await (picked.tap() if tap else picked.click())
    for name, value in options.items():
        field = page.locator(f"[data-option={name}]")
        if await field.evaluate("node => node.tagName") == "SELECT":
            await field.select_option(value)
        else:
            await field.fill(value)
    if tap:
        await page.tap("[data-testid=send]")
    else:
        await page.press("[data-testid=command-input]", "Enter")
    await page.wait_for_selector(f"{STANDING} button:has-text('Join')")


async def act_as_on(page: Page, name: str, *, tap: bool) -> None:
    """Switch to a member: in the sidebar, or on a phone with the row of avatars at the top."""
    if not tap:
        await act_as(page, name)
        return
    await page.tap(f"[data-testid=switch-member][data-member={name}]")
    await page.wait_for_selector(f"[data-testid=switch-member][data-member={name}][aria-checked=true]")


async def username(page: Page, shown_name: str) -> str:
    names: dict[str, str] = await page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-testid=member]')]"
        ".map(m => [m.querySelector('.member-name span').textContent, m.dataset.member]))")
    return names[shown_name]


async def play_thread(page: Page, *, tap: bool = False) -> int:
    """Play the open thread's game to its end: whoever's turn the live message names (the member switched to, as one
    person playing every seat does), presses its first button; returns the clicks."""
    clicks = 0
    finished = "[data-testid=message] button:has-text('Replay')"
    while not await page.locator(finished).count():
        assert clicks < MAX_CLICKS, "the table's game did not end"
        live = page.locator(f"[data-testid=message]:not([data-ephemeral]):has({GAME_BUTTON.split(' ', 1)[1]})")
        await page.wait_for_selector(f"{GAME_BUTTON}, {finished}")
        if not await live.count():
            continue
        found = TURN.search(await live.last.inner_text())
        assert found, await live.last.inner_text()
        player = await username(page, found.group(1))
        if await page.locator(f"[data-testid=member][data-member={player}][aria-checked=true]").count() == 0:
            # a turn waiting for another member: a mention they have not seen, badged on them
            assert await page.locator(f"[data-testid=member][data-member={player}] [data-testid=mentioned]").count()
            await act_as_on(page, player, tap=tap)
        await click_and_wait(page, GAME_BUTTON, tap=tap)
        clicks += 1
    return clicks


async def open_table(page: Page, number: int, name: str, *, tap: bool = False) -> None:
    """Open a table's thread from the standing's link (its `number`th, from 1) and check the thread view."""
    link = page.locator(f"{STANDING} [data-testid=channel-mention]:has-text('{name}')")
    await link.wait_for()
    assert await page.locator(f"{STANDING} [data-testid=channel-mention]").nth(number - 1).inner_text() == f"🧵 {name}"
    await (link.tap() if tap else link.click())
    await page.wait_for_selector(f"[data-testid=channel-name]:text-is('{name}')")
    await page.wait_for_selector("[data-testid=parent-channel]:visible")
    await page.wait_for_selector(f"{GAME_BUTTON}, [data-testid=message] button:has-text('Replay')")
    assert "Good luck!" in await page.locator("[data-testid=message]").first.inner_text()


async def back_to_channel(page: Page, *, tap: bool = False) -> None:
    back = page.locator("[data-testid=parent-channel]")
    await (back.tap() if tap else back.click())
    await page.wait_for_selector("[data-testid=channel-name]:text-is('general')")
    await page.wait_for_selector("[data-testid=parent-channel]", state="hidden")


async def test_a_knockout_of_six_members_and_ai_seats_plays_to_its_champion_in_the_browser(
        crowd: Playground, chromium: str, tmp_path: Path) -> None:
    async with browse(chromium, crowd.url, viewport={"width": 1280, "height": 900}) as page:
        await act_as(page, "alice")
        await create(page, format="knockout", preset="star", turn_limit="2", fill_with_ai="true")
        assert "Alice used /ludo tournament create" in await page.inner_text(STANDING)
        for member in crowd.members:
            await act_as(page, member.username)
            await click_and_wait(page, f"{STANDING} button:has-text('Join')")
        assert f"Players ({CROWD}/64)" in await page.inner_text(STANDING)
        await act_as(page, "alice")
        await click_and_wait(page, f"{STANDING} button:has-text('Start')")

        for number in (1, 2):
            await open_table(page, number, f"Round 1 · table {number}")
            sidebar = await page.eval_on_selector_all("[data-testid=channel]", "cs => cs.map(c => c.innerText)")
            assert [c.split("\n")[0] for c in sidebar[:3]] == ["# general", "🧵 Round 1 · table 1",
                                                               "🧵 Round 1 · table 2"]
            assert await play_thread(page) > 0
            await back_to_channel(page)
        await open_table(page, 1, "Final · table 1")
        assert "Final" in await page.locator("[data-testid=message]").first.inner_text()
        await play_thread(page)
        await back_to_channel(page)

        announced = page.locator("[data-testid=message]:has-text('is the champion')")
        await announced.wait_for()
        champion = re.search(r"🏆 @(.+?) is the champion", await announced.inner_text())  # (named once: its mention)
        assert champion, await announced.inner_text()
        standing = await page.inner_text(STANDING)
        assert "Final" in standing and f"Champion: {champion.group(1)}!" in standing and "(edited)" in standing
        winner = await username(page, champion.group(1))  # notified: the announcement is their mention
        if await page.get_attribute("[data-testid=member][aria-checked=true]", "data-member") != winner:
            assert await page.locator(f"[data-testid=member][data-member={winner}] [data-testid=mentioned]").count()
            await act_as(page, winner)
        await page.wait_for_selector("[data-testid=message].mentions-me:has-text('is the champion')")
        await page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        assert await page.locator("[data-testid=message] [data-testid=picture]").count() == 2
        await page.evaluate("() => { const box = document.querySelector('#messages'); box.scrollTop = 0; }")
        shot = tmp_path / "tournament.png"
        await page.screenshot(path=shot)
    assert not crowd.standin.violations
    if os.environ.get("PLAYGROUND_TOURNAMENT_SCREENSHOT"):
        Path(os.environ["PLAYGROUND_TOURNAMENT_SCREENSHOT"]).write_bytes(shot.read_bytes())
    if os.environ.get("PLAYGROUND_STANDING_PICTURE"):
        final = [m for m in crowd.standin.messages(crowd.standin.channel) if "is the champion" in m.content]
        Path(os.environ["PLAYGROUND_STANDING_PICTURE"]).write_bytes(final[0].file("standing.png").data)


async def test_a_final_is_played_in_its_thread_on_a_phone(crowd: Playground, chromium: str) -> None:
    async with browse(chromium, f"{crowd.url}?view=phone", **PHONE) as page:
        await fits_the_phone(page)
        await create(page, tap=True, format="knockout", preset="star", turn_limit="2", fill_with_ai="true")
        for name in ("alice", "bob"):
            await act_as_on(page, name, tap=True)
            await click_and_wait(page, f"{STANDING} button:has-text('Join')", tap=True)
        await act_as_on(page, "alice", tap=True)
        await click_and_wait(page, f"{STANDING} button:has-text('Start')", tap=True)

        await open_table(page, 1, "Final · table 1", tap=True)  # (one table: the first round is the final)
        await fits_the_phone(page)
        board = page.locator("[data-testid=message]:not([data-ephemeral]) [data-testid=picture]").last
        box = await board.bounding_box()
        assert box is not None and 330 <= box["width"] <= 380, f"the board is shown {box} on a 390 px phone"
        await play_thread(page, tap=True)
        await fits_the_phone(page)
        await back_to_channel(page, tap=True)
        await page.wait_for_selector("[data-testid=message]:has-text('is the champion')")
        await fits_the_phone(page)
    assert not crowd.standin.violations
