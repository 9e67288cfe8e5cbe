"""Win chances: each seat's chance to win from a position, learned from rollouts, and the rollouts.

`win_chances(state)` gives four numbers (seats 0-3, 0.0 for seats not in the game or gone) that sum
to 1. A finished game gives 1.0 to its winner (`GameState.ranking[0]`: with `scoring`, as in the
star preset, the best score). With the `teams` option (no preset plays in teams) a seat's number is
its team's chance, the same for both partners still playing, so the four sum to 2; the team's chance
is the sum of its partners' chances by the individual model, which no benchmark has measured.

A position with the dice rolled (a player to choose a die or a move) is worth what the mover's best
choice by these chances is worth (looked ahead through the rest of the roll); a position before a
roll is scored by a multinomial logistic model: each seat still able to win gets a linear score of
the `FEATURES` of its tokens, and the chances are the softmax of those scores. The weights, one row
per preset, were fitted by ``python -m benchmarks.fit_chances`` (4,000 games per preset, one
position before a roll in ten) to the winners of self-play games where every seat plays the
`greedy` level (2 to 4 players); rules with options changed use their preset's row, unmeasured.
`rollout_chances` plays such games on from a position with dice of its own and gives the share of
wins with a 95 % half-width. ``python -m benchmarks.chances`` measures the learned chances against
1,000-rollout estimates on held-out positions: `CHANCE_ERRORS` (per preset) and `CHANCE_ERROR`
(over all four) are that error. The model errs most near the end of a game, where the rollouts are
often all but certain and it is less sure.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.rules import Rules
>>> start = win_chances(new_game(Rules.preset("classic"), (0, 2), seed=1))
>>> round(sum(start), 6), start[1]
(1.0, 0.0)
"""

from __future__ import annotations

import math
import random

from ludo_bot.engine.actions import Action
from ludo_bot.engine.board import Board
from ludo_bot.engine.features import board_of, feature_tables, material, prospects, threat
from ludo_bot.engine.game import apply, legal_actions
from ludo_bot.engine.greedy import greedy_choose
from ludo_bot.engine.notation import to_text
from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import YARD, GameState, team_of

Chances = tuple[float, float, float, float]

# The 95 % error of `win_chances`, in points (0-100), against 1,000-rollout estimates of the same positions
# (`benchmarks.chances`: the 95th percentile of |learned - rollouts| over every seat of 25 held-out positions per
# preset): per preset, and over all four. Star's scores multiply as tokens come home, which a linear score of these
# features follows least well; its end games are where the model errs most.
CHANCE_ERRORS = {"classic": 9.4, "star": 18.5, "strict": 7.2, "twodice": 7.2}
CHANCE_ERROR = 13.3

FEATURES = ("progress", "progress^2", "yard", "home", "column", "threat", "to_roll", "wait", "progress*stage",
            "home*stage", "log_score", "log_score*late", "turns_left", "material", "mobility", "potential",
            "progress_lead*stage", "score_lead/turns", "threat_before", "projection_lead/turns", "race_lead")

# One row per preset, in `FEATURES` order (see the module docstring for how they were fitted).
WEIGHTS: dict[str, tuple[float, ...]] = {
    "classic": (
        -8.0070, 3.1177, -0.0597, 0.9675, 0.2486, -2.8621, 0.0004, -0.0640, 9.0884,
        -0.5071, 0.0000, 0.0000, 0.0000, 0.2409, 0.1992, 3.3710, -2.7750, 0.0000,
        -3.6825, 0.0000, 0.3013,
    ),
    "star": (
        1.2962, 4.2917, -0.3964, 1.3596, 1.7250, -2.4601, 0.0130, -0.0673, 1.3649,
        -4.8521, -8.2941, 26.5818, 1.8332, 2.9029, 0.1665, 8.9526, -2.7314, 3.2098,
        -5.1220, 0.5518, -0.0320,
    ),
    "strict": (
        -7.1579, 3.5375, -0.0836, -0.8848, -0.1166, -3.4494, -0.0073, -0.1131, 9.6380,
        0.4353, 0.0000, 0.0000, 0.0000, 0.4982, 0.2592, 1.2942, -2.6890, 0.0000,
        -3.4437, 0.0000, 0.2409,
    ),
    "twodice": (
        -9.3519, 1.9681, -0.4013, -0.0878, 0.1308, -1.5016, 0.0085, -0.1169, 8.9081,
        -0.1748, 0.0000, 0.0000, 0.0000, -0.6944, -0.0810, -0.0108, -0.5520, 0.0000,
        -1.9839, 0.0000, 0.1297,
    ),
}


def win_chances(state: GameState, memo: dict[GameState, Chances] | None = None) -> Chances:
    """Each seat's (0-3) chance to win `state`'s game, as described in the module docstring.

    `memo` (optional) keeps the chances of positions already worked out, for callers that ask about
    many positions of one game (the review: a position after a roll is asked again for its moves).

    >>> from ludo_bot.engine.position import position
    >>> from ludo_bot.engine.rules import Rules
    >>> near_home = position(Rules.preset("classic"), {0: (56, 56, 56, 54), 2: (3, -1, -1, -1)}, current=2)
    >>> win_chances(near_home)[0] > 0.9
    True
    """
    if state.over:
        return _final(state)
    if state.phase == "roll":
        return _static(state)
    if memo is None:
        return best_child(state)[1]
    known = memo.get(state)
    if known is None:
        known = memo[state] = best_child(state, memo)[1]
    return known


def best_child(state: GameState, memo: dict[GameState, Chances] | None = None) -> tuple[Action, Chances]:
    """The mover's best action in a position with the dice rolled, by the mover's chance after it (looking
    ahead through the rest of the roll), and the chances it leads to. Ties go to the first legal action."""
    mover = state.current
    best: tuple[Action, Chances] | None = None
    for action in legal_actions(state):
        chances = win_chances(apply(state, action).state, memo)
        if best is None or chances[mover] > best[1][mover]:
            best = (action, chances)
    assert best is not None  # a position with the dice rolled always has a legal action
    return best


def winners_of(state: GameState) -> tuple[int, ...]:
    """The seats that won a finished game: `ranking[0]`, and with `teams` its partner if still in the game."""
    first = state.ranking[0]
    if not state.rules.teams:
        return (first,)
    return tuple(s for s in team_of(first) if s not in state.resigned)


def _final(state: GameState) -> Chances:
    won = winners_of(state)
    return _four({seat: 1.0 for seat in won}) if state.rules.teams else _four({won[0]: 1.0})


def _four(values: dict[int, float]) -> Chances:
    return (values.get(0, 0.0), values.get(1, 0.0), values.get(2, 0.0), values.get(3, 0.0))


def _weights(rules: Rules) -> tuple[float, ...]:
    return WEIGHTS.get(rules.name, WEIGHTS["classic"])


def _static(state: GameState) -> Chances:
    """The learned chances of a position before a roll."""
    return logit_chances(state, _weights(state.rules))


def logit_chances(state: GameState, weights: tuple[float, ...]) -> Chances:
    """The chances of a position before a roll (or over) by a multinomial logistic model over `features` with
    `weights` (one per feature): this module's model, and the experts' value's (`benchmarks.master.expert_value`)."""
    if state.over:
        return _final(state)
    rules = state.rules
    if not rules.scoring and not rules.teams and state.finished:
        return _four({state.finished[0]: 1.0})  # ranked by finish order: the first home has won
    contenders = _contenders(state)
    if len(contenders) == 1 and not rules.teams:
        return _four({contenders[0]: 1.0})
    rows = features(state)
    scores = {seat: sum(w * f for w, f in zip(weights, row, strict=True)) for seat, row in rows.items()}
    top = max(scores.values())
    exp = {seat: math.exp(score - top) for seat, score in scores.items()}
    total = sum(exp.values())
    chances = {seat: value / total for seat, value in exp.items()}
    if state.rules.teams:
        chances = {seat: sum(chances.get(s, 0.0) for s in team_of(seat)) for seat in chances}
    return _four(chances)


def _contenders(state: GameState) -> tuple[int, ...]:
    """The seats still able to win: those still playing, in turn order from the player to act; with `scoring`
    (star) also those home or out of turns, whose scores stand (after the others)."""
    active = state.active
    i = active.index(state.current) if state.current in active else 0
    playing = active[i:] + active[:i]
    if not state.rules.scoring:
        return playing
    return playing + tuple(s for s in state.order if s not in active and s not in state.resigned)


def features(state: GameState) -> dict[int, tuple[float, ...]]:
    """Seat -> its `FEATURES` for each seat still able to win (the model's input; the fitting script reads them)."""
    rules = state.rules
    tb = feature_tables(rules)
    steps = state.steps
    board = board_of(tb, steps)
    active = state.active
    contenders = _contenders(state)
    finish, last = rules.finish_step, rules.last_track_step
    span = finish + 1
    progress = {seat: sum(s + 1 for s in state.tokens(seat) if s != YARD) / (TOKENS * span) for seat in contenders}
    stage = 1.0 / math.sqrt(max(0.05, 1.0 - sum(progress[s] for s in active) / len(active)))
    limit = rules.turn_limit
    left = {seat: (limit - state.turns[seat]) / limit if limit and seat in active else 0.0 for seat in contenders}
    late = 1.0 - sum(left.values()) / len(contenders) if limit else 0.0
    full = TOKENS * tb.evalue[-1]  # the expert's material of four tokens home
    logs = {seat: math.log1p(state.scores[seat]) if rules.scoring else 0.0 for seat in contenders}
    projected = {seat: math.log1p(_projected_score(state, seat, round(left[seat] * limit)))
                 if rules.scoring and limit else 0.0 for seat in contenders}
    race = {seat: _race(state.tokens(seat), finish, rules.dice) for seat in contenders}
    rows: dict[int, tuple[float, ...]] = {}
    for k, seat in enumerate(contenders):
        mine = state.tokens(seat)
        route = tb.moves.routes[seat]
        before = contenders[:min(k, len(active))]
        exposed = exposed_before = 0.0
        for step in mine:
            if 0 <= step <= last:
                exposed += threat(tb, steps, board, seat, route[step], active) * (step + 1) / span
                if before:  # the players who roll before this seat rolls again
                    exposed_before += threat(tb, steps, board, seat, route[step], before) * (step + 1) / span
        home = mine.count(finish) / TOKENS
        log_score = logs[seat] / 8
        others = [seat2 for seat2 in contenders if seat2 != seat]
        progress_lead = progress[seat] - max(progress[s] for s in others) if others else 0.0
        score_lead = logs[seat] - max(logs[s] for s in others) if others else 0.0
        projection_lead = projected[seat] - max(projected[s] for s in others) if others else 0.0
        rival = min(race[s] for s in others) if others else race[seat]
        race_lead = (rival - race[seat]) / math.sqrt(rival + race[seat] + 1)
        mobility, potential = prospects(tb, steps, board, seat) if seat in active else (0, 0.0)
        rows[seat] = (
            progress[seat],
            sum((s + 1) ** 2 for s in mine if s != YARD) / (TOKENS * span * span),
            mine.count(YARD) / TOKENS,
            home,
            sum(1 for s in mine if last < s < finish) / TOKENS,
            exposed / TOKENS,
            1.0 if k == 0 else 0.0,
            min(k, len(active)) / len(active),
            progress[seat] * stage,
            home * stage,
            log_score,
            log_score * late,
            left[seat],
            material(tb, steps, seat) / full,
            mobility / 6,
            potential * TOKENS / full,
            progress_lead * stage,
            score_lead / math.sqrt(1 + left[seat] * limit),
            exposed_before / TOKENS,
            projection_lead / math.sqrt(1 + left[seat] * limit),
            race_lead,
        )
    return rows


def _projected_score(state: GameState, seat: int, turns: int) -> float:
    """Star: a rough final score of `seat` with `turns` turns left, at 4 steps a turn spent bringing home the
    tokens nearest the finish first (the k-th token home multiplies the score by k + 1), the rest as steps."""
    score, home, budget = float(state.scores[seat]), state.home_count(seat), 4.0 * turns
    finish = state.rules.finish_step
    for distance in sorted(finish - step for step in state.tokens(seat) if 0 <= step < finish):
        if distance > budget:
            break
        budget -= distance
        home += 1
        score = (score + distance) * (home + 1)
    return score + budget


def _race(steps: tuple[int, ...], finish: int, dice: int) -> float:
    """Rough turns a seat still needs to bring every token home, racing alone: the steps left at 3.5 a die
    (7 with two dice), a token in the yard also waiting 3 turns for its 6, one turn per token for the exact roll
    at the end. Compared between seats over the square root of their sum, as in a race of independent rolls."""
    pace = 3.5 * dice
    turns = 0.0
    for step in steps:
        if step == YARD:
            turns += finish / pace + 3.0 + 1.0
        elif step != finish:
            turns += (finish - step) / pace + 1.0
    return turns


def rollout_chances(state: GameState, rollouts: int, seed: int) -> tuple[tuple[float, ...], float]:
    """Each seat's share of wins in `rollouts` games played on from `state` by the `greedy` level for every
    seat, with dice drawn from a generator seeded by the position and `seed` (never the game's own dice,
    which would be knowing the future); and the 95 % half-width of the widest share (normal approximation
    to the binomial, at least 1.96 * sqrt(0.25 / rollouts) / 2 so that a share near 0 or 1 is not taken as exact).

    >>> from ludo_bot.engine.game import new_game
    >>> from ludo_bot.engine.rules import Rules
    >>> shares, error = rollout_chances(new_game(Rules.preset("classic"), (0, 2), seed=1), 20, seed=0)
    >>> shares, round(error, 3)
    ((0.35, 0.0, 0.65, 0.0), 0.209)
    """
    if rollouts < 1:
        raise ValueError(f"rollouts: at least 1, not {rollouts}")
    rng = random.Random(f"{to_text(state)}|{seed}")
    wins = [0.0] * 4
    for _ in range(rollouts):
        final = play_out(state, rng)
        for seat, chance in enumerate(_final(final)):
            wins[seat] += chance
    shares = tuple(w / rollouts for w in wins)
    widest = max(p * (1 - p) for p in shares)
    return shares, 1.96 * math.sqrt(max(widest, 0.0625) / rollouts)


def play_out(state: GameState, rng: random.Random) -> GameState:
    """The end of a game played on from `state` by the `greedy` level for every seat, with dice from `rng`."""
    board = Board(state)
    count = state.rules.dice
    draw = rng.random
    while board.phase != "over":
        if board.phase == "roll":
            board.roll((int(draw() * 6) + 1,) if count == 1 else (int(draw() * 6) + 1, int(draw() * 6) + 1))
            continue
        actions = board.legal_actions()
        board.push(actions[0] if len(actions) == 1 else greedy_choose(board.freeze(), list(actions)))
    return board.freeze()
