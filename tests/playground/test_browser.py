"""The playground in a real browser: Chromium (the distribution's, /usr/bin/chromium) driven by Playwright opens the
page, types `/ludo start` in the command box, adds an AI, starts, and clicks through to the end of the game as the
person; the board pictures load, a private answer shows only to the member who got it. The page draws messages as
Discord's client does: its markdown (code blocks among it), its timestamps (`R` in its words, kept current); a notice
about a command goes once the command is fixed; the member who manages the server says so.

The phone view plays the start of a game on a 390 x 844 touch screen, its header marking whose turn it is, every
control at least 44 px.

Skipped only off CI when there is no Chromium; on CI (CI=true) a missing browser fails. `PLAYGROUND_SCREENSHOT=path`
also keeps the screenshot taken mid-game there (docs/images/playground.png comes from it), and
`PLAYGROUND_PHONE_SCREENSHOT=path` the phone's (docs/images/playground-phone.png).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ludo_bot.playground.world import Playground
from tests.playground.browser import GAME_BUTTON, PHONE, act_as, browse, click_and_wait, fits_the_phone

if TYPE_CHECKING:
    from playwright.async_api import Page

MAX_CLICKS = 300


@pytest.fixture
async def page(chromium: str, play: Playground) -> AsyncIterator[Page]:  # (the browser checked before the bot starts)
    async with browse(chromium, play.url, viewport={"width": 1280, "height": 900}) as opened:
        yield opened


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


SMALL = """() => [...document.querySelectorAll("button, input, select")]
  .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== "hidden")
  .map((node) => [node, node.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([node, r]) => `${node.outerHTML.slice(0, 80)}: ${Math.round(r.width)} x ${Math.round(r.height)}`)"""
MARKED = """() => [...document.querySelectorAll("[data-testid=switch-member]")]
  .filter((node) => node.querySelector("[data-testid=turn]")).map((node) => node.dataset.member)"""
TURN = re.compile(r"It is @(\w+)'s turn")


async def called(page: Page) -> str:
    """The member the live game message says it is the turn of (their username)."""
    text = await page.locator(f"[data-testid=message]:not([data-ephemeral]):has({GAME_BUTTON.split(' ', 1)[1]})"
                              ).last.inner_text()
    found = TURN.search(text)
    assert found, text
    return found.group(1).lower()


async def test_a_game_on_a_phone_shows_the_board_at_the_width_of_the_column(play: Playground, chromium: str,
                                                                            tmp_path: Path) -> None:
    """The phone view (?view=phone) shows the channel as Discord's mobile client does on a 390 px wide phone: the
    board picture about 360 px wide, every button on the screen, the commands and the members within a tap.
    `PLAYGROUND_PHONE_SCREENSHOT=path` keeps the screenshot taken mid-game (docs/images/playground-phone.png)."""
    async with browse(chromium, f"{play.url}?view=phone", **PHONE) as page:
        await fits_the_phone(page)
        # the members: a row of avatars at the top, and the sidebar as a drawer behind ☰
        await page.tap("[data-testid=drawer-toggle]")
        await page.tap("[data-testid=member][data-member=bob]")
        await page.wait_for_selector("[data-testid=switch-member][data-member=bob][aria-checked=true]")
        await page.wait_for_selector("#sidebar", state="hidden")  # (the drawer closes once one is chosen)
        await page.tap("[data-testid=switch-member][data-member=alice]")
        await page.wait_for_selector("[data-testid=switch-member][data-member=alice][aria-checked=true]")

        await page.tap("[data-testid=slash]")  # the command picker, with no keyboard
        await page.tap("[data-testid=suggestion][data-command='/ludo start']")
        await page.select_option("[data-option=preset]", "star")
        await page.fill("[data-option=seats]", "2")
        await page.fill("[data-option=turn_limit]", "2")
        await fits_the_phone(page)
        await page.tap("[data-testid=send]")
        lobby = "[data-testid=message]:has-text('Ludo lobby')"
        await click_and_wait(page, f"{lobby} button:has-text('Add AI (random)')", tap=True)
        await click_and_wait(page, f"{lobby} button:has-text('Start')", tap=True)
        await click_and_wait(page, GAME_BUTTON, tap=True)
        await page.wait_for_function("() => [...document.images].every(i => i.complete)")
        # her turn again, told by editing the message she clicked (which notifies nobody): marked at the top even so
        assert await called(page) == "alice"
        await page.wait_for_function(f"() => ({MARKED})().join() === 'alice'")

        board = page.locator("[data-testid=message]:not([data-ephemeral]) [data-testid=picture]").last
        box = await board.bounding_box()
        assert box is not None and 330 <= box["width"] <= 380, f"the board is shown {box} on a 390 px phone"
        await board.scroll_into_view_if_needed()
        await fits_the_phone(page)
        assert await page.locator(GAME_BUTTON).count()
        if os.environ.get("PLAYGROUND_PHONE_SCREENSHOT"):
            await page.evaluate("() => { const box = document.querySelector('#messages');"
                                " box.scrollTop = box.scrollHeight; }")
            await page.screenshot(path=os.environ["PLAYGROUND_PHONE_SCREENSHOT"])
    assert not play.standin.violations


async def test_on_a_phone_the_header_marks_whose_turn_it_is_and_every_control_fits_a_thumb(
        play: Playground, chromium: str, tmp_path: Path) -> None:
    """Two members play each other at 390 x 844: the row of avatars at the top marks the one whose turn it is (and no
    other), following the turn as it passes; every button, box and list is at least 44 x 44 px."""
    async with browse(chromium, f"{play.url}?view=phone", **PHONE) as page:
        await page.tap("[data-testid=slash]")
        await page.tap("[data-testid=suggestion][data-command='/ludo start']")
        await page.fill("[data-option=seats]", "2")
        assert await page.evaluate(SMALL) == []  # (the command picker's boxes too)
        await page.tap("[data-testid=send]")
        lobby = "[data-testid=message]:has-text('Ludo lobby')"
        await page.tap("[data-testid=switch-member][data-member=bob]")
        await click_and_wait(page, f"{lobby} button:has-text('Join')", tap=True)
        await page.tap("[data-testid=switch-member][data-member=alice]")
        await click_and_wait(page, f"{lobby} button:has-text('Start')", tap=True)

        first = await called(page)
        await page.wait_for_function(f"() => ({MARKED})().join() === {first!r}")
        assert await page.locator("#member-switch [data-testid=mentioned]").count() == 0
        assert await page.evaluate(SMALL) == []
        await page.screenshot(path=tmp_path / "phone-turn.png")
        await page.tap(f"[data-testid=switch-member][data-member={first}]")
        for _ in range(40):  # the called member plays until the turn passes to the other
            await click_and_wait(page, GAME_BUTTON, tap=True)
            if await called(page) != first:
                break
        second = await called(page)
        assert second != first
        await page.wait_for_function(f"() => ({MARKED})().join() === {second!r}")

        await page.tap("[data-testid=drawer-toggle]")
        await page.wait_for_function("() => !document.getAnimations().length")
        assert await page.evaluate(SMALL) == []  # (the channels and the members in the drawer)
    assert not play.standin.violations


SHOWN = """(node, markdown) => {
  const box = document.createElement("div");
  box.className = "content";
  box.innerHTML = Render.markdown(markdown);
  node.append(box);
  return [box.innerText, box.innerHTML];
}"""


async def shown(page: Page, markdown: str) -> tuple[str, str]:
    """What the page shows of `markdown` as message text: (the text one reads, its HTML)."""
    text, html = await page.eval_on_selector("#messages", SHOWN, markdown)
    return text, html


RELATIVE = [  # seconds from now, and how Discord's client words it (moment.js's `fromNow` in English)
    (30, "in a few seconds"), (50, "in a minute"), (5 * 60, "in 5 minutes"), (50 * 60, "in an hour"),
    (3 * 3600, "in 3 hours"), (21.4 * 3600, "in 21 hours"), (23.5 * 3600, "in a day"), (24.5 * 3600, "in a day"),
    (40 * 3600, "in 2 days"), (30 * 86400, "in a month"), (100 * 86400, "in 3 months"), (400 * 86400, "in a year"),
    (-5 * 60, "5 minutes ago"), (-24 * 3600, "a day ago"), (-20, "a few seconds ago"),
]
STYLES = [  # <t:1618953630:style> (2021-04-20 21:20:30 UTC) as Discord's client shows it to a US reader in UTC
    ("t", "9:20 PM"), ("T", "9:20:30 PM"), ("d", "04/20/2021"), ("D", "April 20, 2021"),
    ("f", "April 20, 2021 9:20 PM"), ("F", "Tuesday, April 20, 2021 9:20 PM"), ("", "April 20, 2021 9:20 PM"),
]


async def test_times_read_as_discords_client_shows_them(page: Page) -> None:
    """A turn's deadline once read "in 24 hours" on one turn and "tomorrow" on the next."""
    now = await page.evaluate("() => Date.now() / 1000")
    relative = [(await shown(page, f"turn ends <t:{int(now + offset)}:R>"))[0] for offset, _ in RELATIVE]
    assert relative == [f"turn ends {reads}" for _, reads in RELATIVE]
    styled = [(await shown(page, f"at <t:1618953630{':' + style if style else ''}>."))[0] for style, _ in STYLES]
    assert styled == [f"at {reads}." for _, reads in STYLES]


async def test_a_relative_time_stays_current(page: Page) -> None:
    now = await page.evaluate("() => Date.now() / 1000")
    text, _ = await shown(page, f"<t:{int(now) + 46}:R>")  # 45.5 s or more: "a minute"; under it, "a few seconds"
    assert text == "in a minute"
    await page.wait_for_function("() => document.querySelector('#messages .content:last-child').innerText"
                                 " === 'in a few seconds'", timeout=5_000)


async def test_the_page_draws_discords_markdown(page: Page) -> None:
    report = "✅ Every roll checks out: game `g1`.\n```\nroll 1: red 6 <ok>\nroll 2: green 3\n```"
    text, html = await shown(page, report)
    assert "```" not in text and "<pre" in html and "roll 1: red 6 <ok>\nroll 2: green 3" in text
    assert text.startswith("✅ Every roll checks out: game g1.")
    text, html = await shown(page, "**bold** *it* __under__ ~~gone~~ ||secret|| `a*b*` snake_case_name")
    assert text == "bold it under gone secret a*b* snake_case_name"
    for tag in ("<strong>bold</strong>", "<em>it</em>", "<u>under</u>", "<s>gone</s>", '"spoiler">secret',
                "<code>a*b*</code>"):
        assert tag in html
    text, html = await shown(page, r"\*\*Ana\*\* \_x\_ \[site](https://x.y) \<@&1> a\|b")
    assert text == "**Ana** _x_ [site](https://x.y) <@&1> a|b" and "mention" not in html
    assert ">site</a>" not in html  # no masked link (the address itself is one, as in Discord)
    text, html = await shown(page, "# Title\n-# small print\n> quoted\n- one\n- two\n[link](https://x.y)")
    assert "<h1>Title</h1>" in html and "<blockquote>quoted</blockquote>" in html
    assert "<ul><li>one</li><li>two</li></ul>" in html and '<a href="https://x.y"' in html and "[" not in text


async def test_a_notice_about_a_command_goes_once_it_is_fixed(page: Page) -> None:
    await page.fill("[data-testid=command-input]", "/ludo verify")
    await page.click("[data-testid=suggestion][data-command='/ludo verify']")
    await page.press("[data-testid=command-input]", "Enter")
    notice = page.locator("[data-testid=notice]:has-text('missing: game')")
    await notice.wait_for()
    await page.fill("[data-option=game]", "nosuchgame")
    assert await notice.count() == 0  # at once, not 6 s later
    await page.press("[data-testid=command-input]", "Enter")
    await page.wait_for_selector("[data-testid=message][data-ephemeral]")  # the bot answered: no such game
    assert await page.locator("[data-testid=notice]").count() == 0


async def test_a_command_missing_an_option_is_stopped_by_the_page_as_discords_client_does(
        play: Playground, page: Page) -> None:
    """What Discord's client would not send, the page does not send either: it says what is missing (or out of range)
    and its server is asked nothing, so its console logs no refused request."""
    for command, fill, said in [("/ludo tournament create", {}, "missing: format"),
                                ("/ludo start", {"seats": "9"}, "seats: between 2 and 4")]:
        await page.fill("[data-testid=command-input]", command)
        await page.click(f"[data-testid=suggestion][data-command='{command}']")
        for option, value in fill.items():
            await page.fill(f"[data-option={option}]", value)
        await page.press("[data-testid=command-input]", "Enter")
        await page.locator(f"[data-testid=notice]:has-text('{said}')").wait_for()
        await page.press("[data-testid=command-input]", "Escape")
    await page.fill("[data-testid=command-input]", "/ludo tournament create")
    await page.click("[data-testid=suggestion][data-command='/ludo tournament create']")
    await page.select_option("[data-option=format]", "knockout")
    await page.press("[data-testid=command-input]", "Enter")
    await page.wait_for_selector("[data-testid=message]:has-text('knockout')")
    assert [r.describe() for r in play.standin.interactions.values()] == [
        "/ludo tournament create"]


async def test_the_member_who_manages_the_server_says_so(page: Page) -> None:
    tags = await page.eval_on_selector_all(
        "[data-testid=member]", "members => members.map(m => [m.dataset.member, "
        "m.querySelector('[data-testid=manages]')?.innerText || ''])")
    assert tags == [["alice", "manages the server"], ["bob", ""], ["carol", ""], ["dave", ""]]
