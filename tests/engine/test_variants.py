"""The quick variants of issue 7: first token home wins (quick), capture before entering the home
column (kill_to_unlock), and 2v2 teams; their validation, text form, random play and the AI."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludo_bot.engine import (
    PRESETS,
    YARD,
    Action,
    Event,
    GameState,
    IllegalAction,
    Move,
    NotationError,
    Resign,
    Rules,
    RulesError,
    apply,
    from_text,
    legal_actions,
    new_game,
    position,
    roll_with,
    to_text,
)
from ludo_bot.engine import events as ev
from ludo_bot.engine.ai import choose
from ludo_bot.engine.notation import parse_rules, rules_text
from ludo_bot.engine.rules import TOKENS

YARD4 = (YARD, YARD, YARD, YARD)
VARIANTS = {
    "quick": {"quick": True},
    "kill_to_unlock": {"kill_to_unlock": True},
    "teams": {"teams": True},
    "all three": {"quick": True, "kill_to_unlock": True, "teams": True},
}


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


# -- the options -----------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_variants_are_off_in_every_preset_and_any_preset_turns_them_on(preset: str) -> None:
    rules = Rules.preset(preset)
    assert (rules.quick, rules.kill_to_unlock, rules.teams) == (False, False, False)
    on = Rules.preset(preset, quick=True, kill_to_unlock=True, teams=True)
    assert (on.quick, on.kill_to_unlock, on.teams) == (True, True, True)
    assert parse_rules(rules_text(on)) == on


def test_the_variants_are_spelled_out_in_the_rules_text() -> None:
    text = rules_text(Rules.preset("star", quick=True, kill_to_unlock=True, teams=True))
    assert text == "star,quick=1,kill_to_unlock=1,teams=1"
    assert rules_text(Rules.preset("classic", teams=True)) == "classic,teams=1"


@pytest.mark.parametrize("option", ["quick", "kill_to_unlock", "teams"])
def test_a_variant_takes_true_or_false_only(option: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.preset("classic", **{option: "yes"})
    assert caught.value.option == option


@pytest.mark.parametrize("seats", [(0, 2), (0, 1, 2)])
def test_teams_need_all_four_seats(seats: tuple[int, ...]) -> None:
    rules = Rules.preset("classic", teams=True)
    with pytest.raises(RulesError, match="teams: two against two needs all 4 seats") as caught:
        new_game(rules, seats, seed=1)
    assert caught.value.option == "teams"
    with pytest.raises(RulesError) as caught:
        position(rules, {s: YARD4 for s in seats}, current=0)
    assert caught.value.option == "teams"
    text = to_text(new_game(Rules.preset("classic"), seats, seed=1)).replace("classic", "classic,teams=1", 1)
    with pytest.raises(NotationError):
        from_text(text)


# -- quick -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_quick_the_first_token_home_wins(preset: str) -> None:
    rules = Rules.preset(preset, quick=True)
    finish = rules.finish_step
    tokens = {0: (finish - 1, 30, YARD, YARD), 1: (20, 3, YARD, YARD), 2: (40, 12, 5, YARD)}
    dice = (1, 2) if rules.dice == 2 else (1,)
    state = position(rules, tokens, current=0, dice=dice)
    if state.phase == "choose":
        state = apply(state, legal_actions(state)[0]).state
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.TOKEN_HOME, ev.PLAYER_FINISHED, ev.GAME_OVER]
    assert events[-1] == Event(ev.GAME_OVER, 0)
    assert after.over and after.finished == (0,) and after.home_count(0) == 1
    assert legal_actions(after) == []
    assert after.ranking[0] == 0


def test_without_quick_the_first_token_home_does_not_end_the_game() -> None:
    state = position(Rules.preset("classic"), {0: (55, 30, YARD, YARD), 2: (40, YARD, YARD, YARD)},
                     current=0, dice=(1,))
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.TOKEN_HOME, ev.TURN_PASSED]
    assert not after.over


def test_quick_ranks_the_rest_by_progress() -> None:
    tokens = {0: (55, YARD, YARD, YARD), 1: (10, YARD, YARD, YARD), 2: (40, 5, YARD, YARD), 3: YARD4}
    state = position(Rules.preset("classic", quick=True), tokens, current=0, dice=(1,))
    assert apply(state, Move(0)).state.ranking == (0, 2, 1, 3)


def test_quick_with_scoring_ranks_the_winner_first_whatever_the_scores() -> None:
    # star plays every player home by score; quick ends it at the first token home instead.
    rules = Rules.preset("star", quick=True)
    tokens = {0: (55, YARD, YARD, YARD), 2: (40, 30, 20, YARD)}
    state = position(rules, tokens, current=0, dice=(1,), scores={0: 10, 2: 500})
    after = apply(state, Move(0)).state
    assert after.over and after.scores[0] == 22  # (10 + 1) x 2 for the first token home
    assert after.ranking == (0, 2)


# -- kill_to_unlock --------------------------------------------------------------------------------

def test_kill_to_unlock_a_token_at_the_last_track_step_goes_round_again_before_a_capture() -> None:
    rules = Rules.preset("classic", kill_to_unlock=True)
    state = position(rules, {0: (50, YARD, YARD, YARD), 2: (10, YARD, YARD, YARD)}, current=0, dice=(3,))
    assert legal_actions(state) == [Move(0)]
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 2  # 50 -> start square (0) -> 2: not into the home column (51-55)
    assert Event(ev.MOVED, 0, 0, 50, 2) in events


def test_kill_to_unlock_after_a_capture_the_token_enters_its_home_column() -> None:
    rules = Rules.preset("classic", kill_to_unlock=True)
    tokens = {0: (50, YARD, YARD, YARD), 2: (10, YARD, YARD, YARD)}
    state = position(rules, tokens, current=0, dice=(3,), captures={0: 1})
    assert apply(state, Move(0)).state.tokens(0)[0] == 53


def test_without_kill_to_unlock_the_token_enters_its_home_column() -> None:
    state = position(Rules.preset("classic"), {0: (50, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(3,))
    assert apply(state, Move(0)).state.tokens(0)[0] == 53


def test_kill_to_unlock_a_capture_by_any_token_unlocks_all_of_them() -> None:
    rules = Rules.preset("classic", kill_to_unlock=True)
    # Seat 2's step 40 is square 14; seat 0's token 2 captures it with a 6 (and rolls again).
    state = position(rules, {0: (48, 8, YARD, YARD), 2: (40, YARD, YARD, YARD)}, current=0, dice=(6,))
    assert state.captures == (0, 0, 0, 0)
    after, events = apply(state, Move(1))
    assert Event(ev.CAPTURED, 0, captured=(8,)) in events
    assert after.captures == (1, 0, 0, 0)
    assert from_text(to_text(after)) == after
    bonus = roll_with(after, (5,)).state
    assert apply(bonus, Move(0)).state.tokens(0)[0] == 53  # token 1 now enters its home column


def test_kill_to_unlock_the_captures_are_in_the_text_form() -> None:
    rules = Rules.preset("classic", kill_to_unlock=True)
    state = position(rules, {0: (48, 8, YARD, YARD), 2: (40, YARD, YARD, YARD)}, current=0, captures={0: 2, 2: 1})
    text = to_text(state)
    assert text.split(" ")[5] == "0,0,0,0/0,0,0,0/2,0,1,0"
    assert from_text(text) == state
    with pytest.raises(NotationError):  # the captures part belongs to kill_to_unlock only
        from_text(text.replace(",kill_to_unlock=1", ""))
    with pytest.raises(NotationError):
        from_text(text.replace("/2,0,1,0", ""))


def test_kill_to_unlock_the_way_round_respects_blocks() -> None:
    # star: seat 1's two tokens at step 39 stand on square 0, red's start square (a block, safe or not).
    rules = Rules.preset("star", kill_to_unlock=True)
    state = position(rules, {0: (49, 20, YARD, YARD), 1: (39, 39, YARD, YARD)}, current=0, dice=(4,))
    assert Move(0) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="token 1 cannot pass the green block"):
        apply(state, Move(0))


def test_kill_to_unlock_the_way_round_scores_the_squares_moved() -> None:
    rules = Rules.preset("star", kill_to_unlock=True)
    state = position(rules, {0: (49, YARD, YARD, YARD), 1: YARD4}, current=0, dice=(4,), scores={0: 100})
    after = apply(state, Move(0)).state
    assert after.tokens(0)[0] == 2 and after.scores[0] == 104


def test_kill_to_unlock_a_locked_pair_goes_round_too() -> None:
    rules = Rules.preset("star", kill_to_unlock=True)
    state = position(rules, {0: (49, 49, YARD, YARD), 1: YARD4}, current=0, dice=(6,))
    landing = dict(state.choices)
    pair_move = next(a for a in landing if not isinstance(a, Move))
    assert landing[pair_move][0] == 1  # 49 + 3 = 52 -> 1 on the way round


def test_kill_to_unlock_the_ai_plays_legal_moves() -> None:
    rules = Rules.preset("classic", kill_to_unlock=True)
    state = position(rules, {0: (50, 47, 20, YARD), 2: (10, YARD, YARD, YARD)}, current=0, dice=(3,))
    for level in ("random", "greedy", "expert"):
        assert choose(state, level) in legal_actions(state)


# -- teams -----------------------------------------------------------------------------------------

TEAMS = Rules.preset("classic", teams=True)


def test_teams_partners_are_seats_opposite() -> None:
    assert [TEAMS.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert Rules.preset("classic").partner(0) is None


@pytest.mark.parametrize("preset", ["classic", "strict", "star"])
def test_teams_a_partner_is_never_captured(preset: str) -> None:
    # Seat 2's step 40 is square 14 (not safe in star); red lands there: both stay.
    rules = Rules.preset(preset, teams=True)
    tokens = {0: (11, YARD, YARD, YARD), 1: YARD4, 2: (40, 5, YARD, YARD), 3: YARD4}
    state = position(rules, tokens, current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert ev.CAPTURED not in kinds(events)
    assert after.square_of(0) == after.square_of(8) == 14


def test_teams_an_opponent_is_still_captured() -> None:
    # Seat 1's step 1 is square 14.
    tokens = {0: (11, YARD, YARD, YARD), 1: (1, YARD, YARD, YARD), 2: YARD4, 3: YARD4}
    after, events = apply(position(TEAMS, tokens, current=0, dice=(3,)), Move(0))
    assert Event(ev.CAPTURED, 0, captured=(4,)) in events
    assert after.tokens(1)[0] == YARD


@pytest.mark.parametrize("die", [3, 5])
def test_teams_a_partners_block_does_not_block(die: int) -> None:
    # Seat 2's two tokens at step 40 make a block on square 14: red may land on it (3) or pass it (5).
    tokens = {0: (11, YARD, YARD, YARD), 1: YARD4, 2: (40, 40, YARD, YARD), 3: YARD4}
    blocked = position(Rules.preset("star"), tokens, current=0, dice=(die,))
    assert Move(0) not in legal_actions(blocked)
    state = position(Rules.preset("star", teams=True), tokens, current=0, dice=(die,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 11 + die and after.tokens(2)[:2] == (40, 40)
    assert ev.CAPTURED not in kinds(events)


def test_teams_an_opponents_block_still_blocks() -> None:
    # Seat 1's two tokens at step 1 make a block on square 14.
    tokens = {0: (11, 30, YARD, YARD), 1: (1, 1, YARD, YARD), 2: YARD4, 3: YARD4}
    state = position(Rules.preset("star", teams=True), tokens, current=0, dice=(5,))
    assert legal_actions(state) == [Move(1)]
    with pytest.raises(IllegalAction, match="cannot pass the green block"):
        apply(state, Move(0))


def test_teams_one_partner_home_does_not_end_the_game() -> None:
    tokens = {0: (56, 56, 56, 55), 1: (20, YARD, YARD, YARD), 2: (30, YARD, YARD, YARD), 3: (5, YARD, YARD, YARD)}
    after, events = apply(position(TEAMS, tokens, current=0, dice=(1,)), Move(3))
    assert kinds(events) == [ev.MOVED, ev.TOKEN_HOME, ev.PLAYER_FINISHED, ev.TURN_PASSED]
    assert not after.over and after.finished == (0,) and after.current == 1
    assert 0 not in after.active


def test_teams_the_team_wins_when_both_partners_are_home() -> None:
    # Green finished first, then yellow; red brings its last token home: red and yellow win.
    finish = (56, 56, 56, 56)
    tokens = {0: (56, 56, 56, 55), 1: finish, 2: finish, 3: (30, 20, YARD, YARD)}
    state = position(TEAMS, tokens, current=0, dice=(1,), finished=(1, 2))
    after, events = apply(state, Move(3))
    assert kinds(events) == [ev.MOVED, ev.TOKEN_HOME, ev.PLAYER_FINISHED, ev.GAME_OVER]
    assert events[-1] == Event(ev.GAME_OVER, 2)
    assert after.over and after.winners == (2, 0)
    assert after.ranking == (2, 0, 1, 3)


def test_teams_with_quick_a_player_is_done_with_one_token_home() -> None:
    rules = Rules.preset("classic", teams=True, quick=True)
    tokens = {0: (55, 30, YARD, YARD), 1: (20, YARD, YARD, YARD), 2: (40, YARD, YARD, YARD), 3: (5, YARD, YARD, YARD)}
    after = apply(position(rules, tokens, current=0, dice=(1,)), Move(0)).state
    assert not after.over and after.finished == (0,)
    assert after.tokens(0) == (56, YARD, YARD, YARD)  # the rest leave the track
    tokens = {0: (56, YARD, YARD, YARD), 1: (20, YARD, YARD, YARD), 2: (55, YARD, YARD, YARD), 3: YARD4}
    after = apply(position(rules, tokens, current=2, dice=(1,), finished=(0,)), Move(0)).state
    assert after.over and after.ranking[:2] == (0, 2)


def test_teams_if_a_whole_team_leaves_the_other_team_wins() -> None:
    tokens = {0: (20, YARD, YARD, YARD), 1: (10, YARD, YARD, YARD), 2: (5, YARD, YARD, YARD), 3: YARD4}
    state = position(TEAMS, tokens, current=0)
    state = apply(state, Resign(1)).state
    assert not state.over
    state = apply(state, Resign(3)).state
    assert state.over and state.ranking == (0, 2, 3, 1)


def test_teams_the_ai_plays_legal_moves() -> None:
    tokens = {0: (11, 3, YARD, YARD), 1: (1, 1, YARD, YARD), 2: (40, 40, YARD, YARD), 3: (30, YARD, YARD, YARD)}
    state = position(Rules.preset("star", teams=True), tokens, current=0, dice=(4,))
    for level in ("random", "greedy", "expert"):
        assert choose(state, level) in legal_actions(state)


# -- random play -----------------------------------------------------------------------------------

def check_variant_invariants(state: GameState) -> None:
    rules = state.rules
    for step in state.steps:
        assert YARD <= step <= rules.finish_step
    for seat in state.finished:
        assert state.home_count(seat) >= (1 if rules.quick else TOKENS)
    on_square: dict[int, set[int]] = {}
    for tid in range(len(state.steps)):
        square = state.square_of(tid)
        if square is not None:
            on_square.setdefault(square, set()).add(tid // TOKENS if not rules.teams else tid // TOKENS % 2)
    for square, sides in on_square.items():
        if len(sides) > 1 and not rules.is_safe_square(square):
            assert rules.pair_moves, f"sides {sides} share unsafe square {square}"
    if rules.kill_to_unlock:
        for seat in state.seats:
            if not state.captures[seat]:
                assert all(s <= rules.last_track_step for s in state.tokens(seat)), "a locked token entered"
    else:
        assert state.captures == (0, 0, 0, 0)
    if state.phase == "move":
        assert legal_actions(state)


@settings(max_examples=16, deadline=None)
@given(preset=st.sampled_from(PRESETS), variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**63),
       players=st.sampled_from([2, 3, 4]))
def test_random_play_with_each_variant_ends_and_replays(preset: str, variant: str, seed: int, players: int) -> None:
    rules = Rules.preset(preset, **VARIANTS[variant])
    seats = (0, 1, 2, 3) if rules.teams else ((0, 2), (0, 1, 2), (0, 1, 2, 3))[players - 2]
    start = new_game(rules, seats, seed)
    chooser = random.Random(seed)
    state = start
    log: list[Action] = []
    while not state.over:
        assert len(log) < 20_000, "the game did not end"
        action = chooser.choice(legal_actions(state))
        state = apply(state, action).state
        log.append(action)
        check_variant_invariants(state)
        assert from_text(to_text(state)) == state
    assert set(state.ranking) == set(seats)
    if rules.quick and not rules.teams:  # over at the first token home (or star's turn limit before it)
        assert len(state.finished) <= 1 and state.ranking[:len(state.finished)] == state.finished
    if rules.teams and state.winners:
        assert {s % 2 for s in state.winners} == {state.winners[0] % 2}
        assert state.ranking[:len(state.winners)] == state.winners
    replayed = start
    for action in log:
        replayed = apply(replayed, action).state
    assert replayed == state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_greedy_ai_games_with_each_variant_end(variant: str) -> None:
    rules = Rules.preset("classic", **VARIANTS[variant])
    state = new_game(rules, (0, 1, 2, 3), seed=len(variant))
    for _ in range(5_000):
        if state.over:
            break
        action = choose(state, "greedy" if state.current % 2 else "random")
        assert action in legal_actions(state)
        state = apply(state, action).state
    assert state.over
