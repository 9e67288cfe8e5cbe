"""A finished game's review through Discord: the Review button and /ludo review answer privately with the chart and
the costliest decisions drawn, the answer's Post button shows it in the channel, and a game still being played, or
one the member cannot see, gets a clear refusal."""

from __future__ import annotations

import io
import json
import re

from PIL import Image

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Message, StandIn
from tests.bot.helpers import click, finished_game, long_game, private_text, slash, start_game
from tests.service.captions import caption, frame_captions

PNG = b"\x89PNG\r\n\x1a\n"
PLAYER = re.compile(r"\*\*(.+?)\*\* \((red|green|yellow|blue)\): (\d+) % → (\d+) % · dice ([+−]\d+\.\d)")


def pictures(message: Message) -> dict[str, tuple[int, int]]:
    """Attachment name -> size in pixels (each a real PNG)."""
    sizes = {}
    for attachment in message.attachments:
        assert attachment.data.startswith(PNG), attachment.filename
        sizes[attachment.filename] = Image.open(io.BytesIO(attachment.data)).size
    return sizes


async def test_the_review_button_answers_privately_and_its_post_shows_it_to_everyone(standin: StandIn,
                                                                                       ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    game_id = await finished_game(standin, ludo, alice)
    final = next(m for m in standin.messages(standin.channel) if "Review" in m.labels())
    asked = await standin.click(alice, final, label="Review")
    response = await asked.response()
    assert response.ephemeral
    answer = await asked.wait_followup(timeout=20.0)
    assert answer.ephemeral and f"Review of game `{game_id}`" in answer.content
    players = PLAYER.findall(answer.content)
    assert len(players) == 2  # alice and the AI
    ai = next(p for p in players if "AI" in p[0])  # its colour said once (it read "Green AI (expert)** (green)")
    assert re.fullmatch(r"AI \(\w+\)", ai[0]), ai
    assert sum(int(p[3]) for p in players) in range(99, 102)  # the final chances add up to the whole
    assert "accuracy" in answer.content or "no real choice" in answer.content
    sizes = pictures(answer)
    assert sizes["chances.png"][0] >= 600
    decisions = [name for name in sizes if name.startswith("decision-")]
    assert len(decisions) == answer.content.count("; better ")  # one picture per costly decision named
    assert answer.labels() == ["Post in the channel"]
    before = len(standin.messages(standin.channel))

    posted = await standin.click(alice, answer, label="Post in the channel")
    shown = await posted.wait_followup(timeout=20.0)
    assert not shown.ephemeral and f"<@{alice.id}> shares this review" in shown.content
    assert pictures(shown).keys() == sizes.keys()
    assert len(standin.messages(standin.channel)) == before + 1


async def test_a_review_is_computed_once_and_kept(standin: StandIn, ludo: LudoBot) -> None:
    assert ludo.handlers is not None
    service = ludo.handlers.service
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    game_id = await finished_game(standin, ludo, alice)
    first = await slash(standin, ludo, alice, standin.channel, "review", game=game_id)
    text = (await first.wait_followup(timeout=20.0)).content
    record = await service.games.load(game_id)
    assert await service.storage.reviews.get(game_id, record.version) is not None
    again = await slash(standin, ludo, bob, standin.channel, "review", game=game_id)  # another member: the same
    assert (await again.wait_followup(timeout=10.0)).content.split("\n")[1:3] == text.split("\n")[1:3]


async def test_a_game_being_played_or_unknown_is_refused_clearly(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, preset="classic")
    assert live is not None
    game_id = next(c for c in live.custom_ids() if c.startswith("ludo:g:")).split(":")[2]
    playing = await slash(standin, ludo, alice, standin.channel, "review", game=game_id)
    assert "still being played" in private_text(playing)
    unknown = await slash(standin, ludo, alice, standin.channel, "review", game="nosuchgame")
    assert "There is no Ludo game `nosuchgame`" in private_text(unknown)
    lobby_click = await click(standin, ludo, alice, live, label="Spectate")  # the game goes on meanwhile
    assert lobby_click.response_record is not None


async def test_the_review_the_replay_and_the_export_number_a_move_alike(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 44: one game said "move 77 of 227" in its replay, "win chances over 515 moves" on its chart and "move
    294" for its costliest decision, which no frame showed. Now the review's decisions are numbered as the replay's
    frames and the export's `moves` count them, and the replay has a frame of every decision the review lists."""
    assert ludo.handlers is not None
    alice, bob, cat = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("cat")
    game_id = await long_game(ludo.handlers.service.storage, standin.guild.id, standin.channel.id, alice, 166)
    answer = await (await slash(standin, ludo, bob, standin.channel, "review", game=game_id)).wait_followup(
        timeout=60.0)
    listed = [int(n) for n in re.findall(r"^\d\. move (\d+):", answer.content, re.MULTILINE)]
    exported = await (await slash(standin, ludo, alice, standin.channel, "export", game=game_id)).result()
    assert exported is not None
    data = json.loads(exported.file(f"ludo-{game_id}.json").data)
    moved = [number for text, number in zip(data["log"], data["moves"], strict=True) if text[0] in "MP"]
    total = len(moved)
    assert moved == list(range(1, total + 1)) and total == 537  # (1143 log entries)
    assert len(listed) == 3 and all(1 <= move <= total for move in listed), listed
    for number, move in enumerate(listed, 1):  # each decision's picture says its move too
        picture = next(a for a in answer.attachments if a.filename == f"decision-{number}.png")
        assert f"move {move}" in (picture.description or "")
    replayed = await (await slash(standin, ludo, cat, standin.channel, "replay", game=game_id)).wait_followup(
        timeout=60.0)
    gif = next(a for a in replayed.attachments if a.filename.endswith(".gif")).data
    shown = frame_captions(gif)
    assert shown[0] == caption(f"move 1 of {total}") and len(shown) <= 64
    for move in listed:
        assert caption(f"move {move} of {total}") in shown, move
