"""What happened when an action was applied: enough to draw the board and write a chat line.

>>> Event("rolled", 0, dice=(6,))
Event(kind='rolled', seat=0, token=-1, start=-1, end=-1, dice=(6,), captured=())
"""

from __future__ import annotations

from typing import NamedTuple

# Event kinds, in the words of the issue tracker.
ORDER_ROLL = "order_roll"      # turn-order roll: seat, dice
ROLLED = "rolled"              # seat, dice
ENTERED = "entered"            # seat, token, end=0
MOVED = "moved"                # seat, token, start, end (steps)
CAPTURED = "captured"          # seat (the capturer), captured=(token ids of the victims: seat * 4 + token)
BONUS_ROLL = "bonus_roll"      # seat rolls again (a 6, a capture, or twodice's 6 with no move)
THIRD_SIX = "third_six"        # seat rolled a third 6 in a row: no move, turn over
DIE_FORFEITED = "die_forfeited"  # seat, dice=(value,): no legal move for that die
TURN_PASSED = "turn_passed"    # seat = the player whose turn starts
TOKEN_HOME = "token_home"      # seat, token reached the finish
PLAYER_FINISHED = "player_finished"  # seat brought all four tokens home (quick: its first token)
OUT_OF_TURNS = "out_of_turns"  # seat used up the turn limit
RESIGNED = "resigned"          # seat left the game
SKIPPED = "skipped"            # seat's turn was skipped
GAME_OVER = "game_over"        # seat = the winner


class Event(NamedTuple):
    """One thing that happened. `token` is 0-3, steps are the token's own steps (-1: yard)."""

    kind: str
    seat: int
    token: int = -1
    start: int = -1
    end: int = -1
    dice: tuple[int, ...] = ()
    captured: tuple[int, ...] = ()
