"""Properties of random legal play, every preset: the game ends, nothing is lost, it replays."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludo_bot.engine import PRESETS, YARD, Action, GameState, Rules, apply, from_text, legal_actions, new_game, to_text
from ludo_bot.engine.rules import TOKENS

MAX_ACTIONS = 20_000
SEAT_SETS = [(0, 2), (0, 1, 2), (0, 1, 2, 3)]


def rules_for(preset: str, variant: int) -> Rules:
    if preset == "strict":
        return Rules.preset("strict", dice=1 + variant % 2, end_path=4 + variant // 2 % 2)
    if preset == "classic" and variant % 2:
        return Rules.preset("classic", game_end="all")
    return Rules.preset(preset)


def check_invariants(state: GameState) -> None:
    rules = state.rules
    finish = rules.finish_step
    for tid, step in enumerate(state.steps):
        assert YARD <= step <= finish, f"token {tid} at step {step}"
        if tid // TOKENS not in state.seats:
            assert step == YARD
    for seat in (*state.out, *state.resigned):
        # players who left have no token on the board (out of turns keeps its tokens home)
        assert all(step in (YARD, finish) for step in state.tokens(seat))
    on_square: dict[int, list[int]] = {}
    for tid in range(len(state.steps)):
        square = state.square_of(tid)
        if square is not None:
            on_square.setdefault(square, []).append(tid // TOKENS)
    for square, owners in on_square.items():
        # star's stack rule lets a single token take the top of a stack of three and stay beside
        # the rest, so only there may colours share an unsafe square
        if len(set(owners)) > 1 and not rules.is_safe_square(square):
            assert rules.pair_moves, f"colours {set(owners)} share unsafe square {square}"
    if state.phase == "move":
        assert state.dice and legal_actions(state), "a move phase always offers a move"
    for seat in state.finished:
        assert state.home_count(seat) == TOKENS


@settings(max_examples=12, deadline=None)
@given(preset=st.sampled_from(PRESETS), seats=st.sampled_from(SEAT_SETS),
       seed=st.integers(0, 2**63), variant=st.integers(0, 3))
def test_random_play_keeps_the_rules_and_replays(preset: str, seats: tuple[int, ...], seed: int, variant: int) -> None:
    rules = rules_for(preset, variant)
    start = new_game(rules, seats, seed)
    chooser = random.Random(seed)
    state = start
    log: list[Action] = []
    homes = {s: 0 for s in seats}
    while not state.over:
        assert len(log) < MAX_ACTIONS, "the game did not end"
        actions = legal_actions(state)
        assert actions
        action = chooser.choice(actions)
        state, _ = apply(state, action)
        log.append(action)
        check_invariants(state)
        for seat in seats:
            if seat not in state.resigned and seat not in state.out:
                assert state.home_count(seat) >= homes[seat], "a token left the finish"
                homes[seat] = state.home_count(seat)
        assert from_text(to_text(state)) == state
    assert set(state.ranking) == set(seats)
    replayed = start
    for action in log:
        replayed = apply(replayed, action).state
    assert replayed == state
    assert new_game(rules, seats, seed) == start


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63), preset=st.sampled_from(PRESETS))
def test_turn_order_roll_is_a_permutation_led_by_the_highest_roll(seed: int, preset: str) -> None:
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed)
    assert sorted(state.order) == [0, 1, 2, 3]
    first_round = dict(state.order_rolls[0])
    assert first_round[state.order[0]] == max(first_round.values())
    if Rules.preset(preset).turn_order == "clockwise":
        i = state.order.index(0)
        assert state.order[i:] + state.order[:i] == (0, 1, 2, 3)
