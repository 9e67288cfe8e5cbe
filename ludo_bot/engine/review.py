"""After the game: each player's win chances over the game, split into luck (the dice) and skill (choices).

`review_game(rules, seats, seed, log)` replays a game's record and scores every position with
`engine.chances.win_chances`. A position with the dice rolled is worth what its mover's best choice is
worth, so along the game:

- a roll (log entry ``R``) moves every seat's chances: that change is the **dice**;
- a player's choice (a die, a move, a pass on time-out ``S``, leaving ``X<seat>``) moves the chances
  from the best choice's to the played one's: for the player who chose, that change is their
  **choices** (never above 0 for a die or a move: the best choice is the yardstick); for everyone else
  it is **others** (another player's mistake can help or hurt you);
- so a seat's chance at the start + dice + choices + others = its chance at the end of the log.

A **decision** is a die or a move chosen where the legal choices lead to more than one distinct position
(entering either of two tokens from the yard is one position); passes and leaving are no decisions.
Accuracy is the share of a player's decisions whose chance was within `ACCURATE` (2 points) of the best.

>>> from ludo_bot.engine.rules import Rules
>>> review = review_game(Rules.preset("classic"), (0, 2), 42, ["R", "M1", "R", "M1"])
>>> len(review.curve), [p.seat for p in review.players]
(5, [0, 2])
>>> Review.from_text(review.to_text()) == Review.from_text(Review.from_text(review.to_text()).to_text())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludo_bot.engine.actions import Action, ChooseDie, Move, MovePair, Resign, Roll, action_text, move_of, parse_action
from ludo_bot.engine.alike import position_key
from ludo_bot.engine.chances import Chances, win_chances
from ludo_bot.engine.game import apply, legal_actions, new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import GameState

ACCURATE = 0.02  # a decision within 2 points of the best counts as accurate
COSTLIEST = 3    # decisions listed per player
FORMAT = "review/1"


class ReviewTextError(ValueError):
    """A text that `Review.from_text` cannot read."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a player: the position before it is the replay of the log's first `ply` entries."""

    ply: int
    seat: int
    played: str          # `action_text` of the action played
    best: str            # `action_text` of the best action by win chance
    chance_played: float  # the seat's win chance (0-1) after the played action
    chance_best: float    # after the best action

    @property
    def cost(self) -> float:
        """Win chance (0-1) lost against the best action."""
        return self.chance_best - self.chance_played

    def move(self, made: Sequence[int]) -> int:
        """The number of the move this decision is of, as the replay and the chart count (`made`: the game log's
        `engine.actions.moves_made`): a die chosen is of the move it leads to."""
        return move_of(made, self.ply)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One seat's game: points (0-100, signed) its chances moved by the dice, by its own choices (0 or less for
    dice and moves; see the module docstring) and by the other players' choices; its decision accuracy (0-1)
    over `decisions` real decisions (1.0 with none); and its `COSTLIEST` costliest decisions, costliest
    first (only those that cost something)."""

    seat: int
    dice: float
    choices: float
    others: float
    accuracy: float
    decisions: int
    costliest: tuple[Decision, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review: `curve` holds the four seats' win chances (0-1) before the first log entry and after
    each one; `players` one `PlayerReview` per seat in the game, by seat."""

    curve: tuple[tuple[float, ...], ...]
    players: tuple[PlayerReview, ...]

    def to_text(self) -> str:
        """A compact text (numbers and action texts): chances in tenths of a point, points in tenths, accuracy in
        tenths of a percent. `from_text` reads it back; a review read from a text round-trips exactly."""
        lines = [FORMAT, ";".join(",".join(str(round(c * 1000)) for c in point) for point in self.curve)]
        for p in self.players:
            lines.append(" ".join(["player", str(p.seat), _tenths(p.dice), _tenths(p.choices), _tenths(p.others),
                                   str(round(p.accuracy * 1000)), str(p.decisions)]))
            for d in p.costliest:
                lines.append(" ".join(["decision", str(d.ply), str(d.seat), d.played, d.best,
                                       str(round(d.chance_played * 1000)), str(round(d.chance_best * 1000))]))
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> Review:
        """Read `to_text` back; anything else raises `ReviewTextError`."""
        try:
            return _parse(text)
        except (ValueError, IndexError) as error:
            if isinstance(error, ReviewTextError):
                raise
            raise ReviewTextError(f"not a review ({error})") from error


def _tenths(points: float) -> str:
    return str(round(points * 10))


def _parse(text: str) -> Review:
    lines = text.split("\n")
    if lines[0] != FORMAT:
        raise ReviewTextError(f"a review text starts with {FORMAT!r}")
    curve = tuple(tuple(int(v) / 1000 for v in point.split(",")) for point in lines[1].split(";"))
    players: list[PlayerReview] = []
    pending: list[Decision] = []
    head: list[str] | None = None

    def close() -> None:
        if head is not None:
            players.append(PlayerReview(int(head[1]), int(head[2]) / 10, int(head[3]) / 10, int(head[4]) / 10,
                                        int(head[5]) / 1000, int(head[6]), tuple(pending)))
            pending.clear()

    for line in lines[2:]:
        fields = line.split(" ")
        if fields[0] == "player" and len(fields) == 7:
            close()
            head = fields
        elif fields[0] == "decision" and len(fields) == 7 and head is not None:
            pending.append(Decision(int(fields[1]), int(fields[2]), fields[3], fields[4],
                                    int(fields[5]) / 1000, int(fields[6]) / 1000))
        else:
            raise ReviewTextError(f"unreadable line {line[:40]!r}")
    close()
    return Review(curve, tuple(players))


def review_game(rules: Rules, seats: Sequence[int], seed: int, log: Sequence[Action | str]) -> Review:
    """The review of a game record (its rules, seats, seed and action log; actions or their texts).

    Raises `InvalidAction` / `IllegalAction` (from `engine.actions`) for a log that does not replay.
    """
    state = new_game(rules, tuple(sorted(seats)), seed)
    memo: dict[GameState, Chances] = {}
    curve: list[Chances] = [win_chances(state, memo)]
    dice, choices, others = [0.0] * 4, [0.0] * 4, [0.0] * 4
    made: dict[int, list[Decision]] = {seat: [] for seat in state.seats}
    for ply, entry in enumerate(log):
        action = parse_action(entry) if isinstance(entry, str) else entry
        actor = action.seat if isinstance(action, Resign) else state.current
        before = curve[-1]
        if isinstance(action, Move | MovePair | ChooseDie) and state.phase != "roll":
            children = [(a, apply(state, a).state) for a in legal_actions(state)]
            worth = [(a, child, win_chances(child, memo)) for a, child in children]
            best_action, _, best = max(worth, key=lambda item: item[2][actor])  # the first of equals, as best_child
            played = [(child, chances) for a, child, chances in worth if a == action]
            if not played:  # not legal here: let apply say why
                apply(state, action)
            after_state, after = played[0]
            if len({position_key(child) for _, child, _ in worth}) > 1:
                made[actor].append(Decision(ply, actor, action_text(action), action_text(best_action),
                                            after[actor], best[actor]))
        else:
            after_state = apply(state, action).state
            after = win_chances(after_state, memo)
        for seat in range(4):
            delta = 100 * (after[seat] - before[seat])
            if isinstance(action, Roll):
                dice[seat] += delta
            elif seat == actor:
                choices[seat] += delta
            else:
                others[seat] += delta
        curve.append(after)
        state = after_state
    players = []
    for seat in state.seats:
        decisions = made[seat]
        accurate = sum(1 for d in decisions if d.cost <= ACCURATE)
        costly = sorted((d for d in decisions if d.cost > 0), key=lambda d: (-d.cost, d.ply))[:COSTLIEST]
        players.append(PlayerReview(seat, dice[seat], choices[seat], others[seat],
                                    accurate / len(decisions) if decisions else 1.0, len(decisions), tuple(costly)))
    return Review(tuple(curve), tuple(players))
