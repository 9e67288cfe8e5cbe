"""Where a token may go: the legality of single and pair moves for one die.

Each check returns either the landing (end step and the token ids captured there) or the
reason, in a player's words, why the move is illegal.

>>> from engine.rules import Rules
>>> from engine.position import position
>>> state = position(Rules.preset("classic"), {0: (52, -1, -1, -1), 2: (0, -1, -1, -1)}, current=0)
>>> check_single(state, occupancy(state), 0, 6)
'token 1 would overshoot the finish by 2'
"""

from __future__ import annotations

from functools import lru_cache

from engine.rules import COLOURS, TOKENS, Rules
from engine.state import YARD, GameState

Landing = tuple[int, tuple[int, ...]]


@lru_cache(maxsize=64)
def routes(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """For each seat, the absolute track square of each track step 0..last_track_step."""
    return tuple(
        tuple((rules.start_square(seat) + step) % rules.track_length for step in range(rules.last_track_step + 1))
        for seat in range(4)
    )


def occupancy(state: GameState) -> dict[int, list[int]]:
    """Absolute track square -> ids of the tokens standing there."""
    last = state.rules.last_track_step
    seat_routes = routes(state.rules)
    board: dict[int, list[int]] = {}
    for tid, step in enumerate(state.steps):
        if 0 <= step <= last:
            board.setdefault(seat_routes[tid >> 2][step], []).append(tid)
    return board


def _colour_counts(here: list[int], seat: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for tid in here:
        if tid >> 2 != seat:
            counts[tid >> 2] = counts.get(tid >> 2, 0) + 1
    return counts


def _blocked_path(state: GameState, board: dict[int, list[int]], seat: int, start: int, end: int) -> str | None:
    """The colour of an opponent block strictly between `start` and `end` (steps), if any."""
    route = routes(state.rules)[seat]
    for step in range(start + 1, min(end, state.rules.last_track_step + 1)):
        here = board.get(route[step])
        if here and len(here) > 1:
            for other, count in _colour_counts(here, seat).items():
                if count >= 2:
                    return COLOURS[other]
    return None


def check_single(state: GameState, board: dict[int, list[int]], tid: int, die: int) -> Landing | str:
    """Where token `tid` lands with `die`, and whom it captures; or why it may not move."""
    rules = state.rules
    seat, label = tid >> 2, (tid & 3) + 1
    step = state.steps[tid]
    finish, last = rules.finish_step, rules.last_track_step
    if step == finish:
        return f"token {label} is already home"
    if state.locked and any(tid in pair for pair in state.locked):
        return f"token {label} is locked in a pair until it reaches a safe square: move the pair"
    if step == YARD:
        if die != rules.enter_on:
            return f"token {label} needs a {rules.enter_on} to enter"
        end = 0
    else:
        end = step + die
        if end > finish:
            return f"token {label} would overshoot the finish by {end - finish}"
        if rules.stacking == "block":
            colour = _blocked_path(state, board, seat, step, end)
            if colour:
                return f"token {label} cannot pass the {colour} block"
    if end > last:
        if end < finish and rules.stacking == "forbidden":
            base = seat * TOKENS
            if any(state.steps[t] == end for t in range(base, base + TOKENS) if t != tid):
                return f"token {label} cannot end on a square you already hold"
        return end, ()
    square = routes(rules)[seat][end]
    here = board.get(square)
    if not here:
        return end, ()
    if rules.stacking == "forbidden" and any(t >> 2 == seat for t in here):
        return f"token {label} cannot end on a square you already hold"
    safe = rules.is_safe_square(square)
    captured: list[int] = []
    for other, count in _colour_counts(here, seat).items():
        victims = [t for t in here if t >> 2 == other]
        if rules.stacking == "block" and count >= 2:
            if not (rules.pair_moves and count >= 3):
                return f"token {label} cannot land on the {COLOURS[other]} block"
            if not safe:
                captured.append(max(victims))  # a single token takes the top of a stack of three
        elif not safe:
            captured.extend(victims)
    return end, tuple(sorted(captured))


def check_pair(state: GameState, board: dict[int, list[int]], pair: tuple[int, int], die: int) -> Landing | str:
    """Where a block's two tokens `pair` (ids) land moving together by die / 2; or why not."""
    rules = state.rules
    a, b = pair
    seat, labels = a >> 2, f"{(a & 3) + 1}+{(b & 3) + 1}"
    step = state.steps[a]
    if not rules.pair_moves:
        return "pairs do not move together in these rules"
    if state.steps[b] != step or not 0 <= step <= rules.last_track_step:
        return f"tokens {labels} do not form a block"
    if state.locked and pair not in state.locked and any(a in p or b in p for p in state.locked):
        return f"tokens {labels} would split a locked pair"
    if die % 2:
        return f"pair {labels} moves only with an even roll"
    end = step + die // 2
    if end > rules.finish_step:
        return f"pair {labels} would overshoot the finish by {end - rules.finish_step}"
    colour = _blocked_path(state, board, seat, step, end)
    if colour:
        return f"pair {labels} cannot pass the {colour} block"
    if end > rules.last_track_step:
        return end, ()
    square = routes(rules)[seat][end]
    here = board.get(square, [])
    safe = rules.is_safe_square(square)
    captured: list[int] = []
    for other, count in _colour_counts(here, seat).items():
        if count >= 3 or (count == 2 and safe):
            return f"pair {labels} cannot land on the {COLOURS[other]} block"
        if not safe:
            captured.extend(t for t in here if t >> 2 == other)
    return end, tuple(sorted(captured))


def pairs(state: GameState, seat: int) -> list[tuple[int, int]]:
    """The pairs of a seat's tokens sharing a track square (locked pairs only with each other)."""
    last = state.rules.last_track_step
    base = seat * TOKENS
    found: list[tuple[int, int]] = []
    for a in range(base, base + TOKENS):
        step = state.steps[a]
        if 0 <= step <= last:
            found.extend((a, b) for b in range(a + 1, base + TOKENS) if state.steps[b] == step)
    if state.locked:
        locked = set(state.locked)
        in_lock = {t for p in state.locked for t in p}
        found = [p for p in found if p in locked or not (p[0] in in_lock or p[1] in in_lock)]
    return found
