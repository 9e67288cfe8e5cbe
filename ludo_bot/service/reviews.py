"""A finished game's review: each seat's win chance over the game, how much the dice and how much the choices moved
it, decision accuracy and the costliest decisions (`engine.review`). Computed once in a worker process (a long game
takes seconds of CPU: never on the event loop), kept in storage by record version, shared by everyone asking for it
at once; and the words players read of it. No Discord here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from ludo_bot import engine
from ludo_bot.engine.actions import moves_made
from ludo_bot.engine.chances import CHANCE_ERROR, CHANCE_ERRORS
from ludo_bot.engine.notation import parse_rules
from ludo_bot.engine.review import Decision, Review, ReviewTextError, review_game
from ludo_bot.service.errors import Refused
from ludo_bot.service.runtime.single_flight import SingleFlight
from ludo_bot.service.runtime.thinking import ProcessPool
from ludo_bot.service.seats import beside_colour, seat_user
from ludo_bot.service.words.i18n import colour, translate
from ludo_bot.service.words.text import action_label
from ludo_bot.storage import GameRecord, Storage, StorageUnavailable
from ludo_bot.storage.game_log import state_of

logger = logging.getLogger(__name__)
REVIEW_QUEUE = 20  # reviews computed in a process at once; more are refused with a clear answer, not queued for minutes


@dataclass(frozen=True, slots=True)
class Shown:
    """A decision as a review shows it: the position it was made in, the move played and the better one, and the
    number of its move (`Decision.move`: the replay's frame of that number shows the move played)."""

    decision: Decision
    state: engine.GameState
    played: engine.Action
    best: engine.Action
    move: int


class Reviews:
    """Reviews of finished games: kept ones read from storage, missing ones computed in the worker processes."""

    def __init__(self, storage: Storage, pool: ProcessPool | None = None, *, queue: int = REVIEW_QUEUE) -> None:
        self.storage = storage
        self.pool = pool or ProcessPool("reviews")
        self.queue = queue
        self._jobs: SingleFlight[Review] = SingleFlight("review")

    def check(self) -> None:
        """`Refused` while `queue` reviews are being computed in this process (asked before deferring an answer)."""
        if len(self._jobs) >= self.queue:
            raise Refused("refused.reviews_busy")

    async def review(self, record: GameRecord) -> Review:
        """The review of a game that is over (loaded with its log; `Refused` while it is played): the kept one, or
        computed now and kept. Asking for one being computed waits for it."""
        if record.active:
            raise Refused("refused.review_playing", id=record.id)
        job = (record.id, record.version)
        if not self._jobs.has(job):
            self.check()
        return await self._jobs.result(job, lambda: self._kept_or_computed(record))

    async def _kept_or_computed(self, record: GameRecord) -> Review:
        kept = await self.storage.reviews.get(record.id, record.version)
        if kept is not None:
            try:
                return Review.from_text(kept)
            except ReviewTextError:  # (a review of an older format): computed again
                logger.warning("game %s: kept review unreadable; computing it again", record.id)
        started = time.monotonic()
        # (the job is the engine's own function: a worker process imports the engine alone)
        review = await self.pool.run(review_game, parse_rules(record.rules), record.seat_numbers, record.seed,
                                     list(record.log))
        text = review.to_text()
        logger.info("game %s: reviewed in %.2f s (%d actions)", record.id, time.monotonic() - started,
                    record.log_length)
        try:
            await self.storage.reviews.put(record.id, record.version, text)
        except StorageUnavailable as error:  # it is computed: answer with it, compute it again next time
            logger.warning("game %s: review not kept: %s", record.id, error)
        return Review.from_text(text)  # (as a kept one reads: the text rounds to tenths of a point)

    def close(self) -> None:
        """Stop the worker processes."""
        self.pool.close()


def focus_seat(record: GameRecord, review: Review, user_id: int) -> int:
    """The seat a review shows in detail to `user_id`: their own, else the winner's."""
    for player in review.players:
        if seat_user(record, player.seat) == user_id:
            return player.seat
    return state_of(record).ranking[0]


def shown_decisions(record: GameRecord, review: Review, seat: int) -> list[Shown]:
    """The seat's costliest decisions with the positions they were made in (the log replayed once)."""
    player = next(p for p in review.players if p.seat == seat)
    wanted = {d.ply: d for d in player.costliest}
    made = moves_made(record.log)
    state = engine.new_game(parse_rules(record.rules), record.seat_numbers, record.seed)
    found: dict[int, Shown] = {}
    for ply, text in enumerate(record.log):
        if ply in wanted:
            decision = wanted[ply]
            found[ply] = Shown(decision, state, engine.parse_action(decision.played),
                               engine.parse_action(decision.best), decision.move(made))
            if len(found) == len(wanted):
                break
        state = engine.apply(state, engine.parse_action(text)).state
    return [found[d.ply] for d in player.costliest if d.ply in found]


def chance_points(value: float) -> str:
    """Signed points of win chance (0-100), one decimal."""
    return f"{value:+.1f}".replace("-", "\u2212")


def review_lines(record: GameRecord, review: Review, lang: str, seat: int, shown: list[Shown],
                 names: Mapping[int, str]) -> list[str]:
    """What a review says: per player luck, choices and accuracy; then the focus seat's costliest decisions.
    `names`: the seats' names as the message shows them (the adapter escapes its markup in them, see
    `bot.messages.text_names`); a seat without one is named by its colour."""
    error = CHANCE_ERRORS.get(state_of(record).rules.name, CHANCE_ERROR)  # (a preset with options: the name's)
    lines = [translate(lang, "review.head", id=record.id, error=round(error))]
    final = review.curve[-1]
    named = beside_colour(record, names, lang)  # (the line gives each one's colour)
    for player in sorted(review.players, key=lambda p: -final[p.seat]):
        accuracy = (translate(lang, "review.accuracy", share=round(100 * player.accuracy),
                              decisions=player.decisions) if player.decisions else translate(lang, "review.no_choices"))
        lines.append(translate(lang, "review.player", who=named.get(player.seat, colour(lang, player.seat)),
                               colour=colour(lang, player.seat), start=round(100 * review.curve[0][player.seat]),
                               end=round(100 * final[player.seat]), dice=chance_points(player.dice),
                               choices=chance_points(player.choices), others=chance_points(player.others),
                               accuracy=accuracy))
    if shown:
        lines.append(translate(lang, "review.costliest", who=names.get(seat, colour(lang, seat))))
        for number, item in enumerate(shown, 1):
            lines.append(translate(lang, "review.decision", n=number, move=item.move,
                                   played=action_label(item.state, item.played, lang),
                                   best=action_label(item.state, item.best, lang),
                                   cost=Decimal(f"{100 * item.decision.cost:.1f}")))  # shown to 0.1
    elif any(p.seat == seat for p in review.players):
        lines.append(translate(lang, "review.no_mistakes", who=names.get(seat, colour(lang, seat))))
    return lines
