"""The review of a played game: the curve, luck against skill adding up, costly moves found, the text round trip."""

from __future__ import annotations

import pytest

from ludo_bot.engine import Action, Rules, action_text, apply, legal_actions, new_game, parse_action
from ludo_bot.engine.ai import choose
from ludo_bot.engine.chances import win_chances
from ludo_bot.engine.review import Review, ReviewTextError, review_game

SEATS = (0, 1, 2, 3)


def play(rules: Rules, levels: tuple[str, ...], seed: int, blunder_at: int = -1) -> list[str]:
    """The log of a game between `levels` (by seat); at log entry `blunder_at` (or the first real choice after
    it where that costs more than 5 points) the player to act plays its worst move by win chance instead."""
    state = new_game(rules, SEATS, seed)
    log: list[str] = []
    while not state.over:
        actions = legal_actions(state)
        action: Action = choose(state, levels[state.current])
        if blunder_at >= 0 and len(log) >= blunder_at and len(actions) > 1 and state.phase == "move":
            mover = state.current
            worth = sorted(actions, key=lambda a: win_chances(apply(state, a).state)[mover])
            gap = win_chances(apply(state, worth[-1]).state)[mover] - win_chances(apply(state, worth[0]).state)[mover]
            if gap > 0.05:
                action = worth[0]
                blunder_at = -1
        log.append(action_text(action))
        state = apply(state, action).state
    return log


def check_decomposition(review: Review, entries: int) -> None:
    assert len(review.curve) == entries + 1
    for player in review.players:
        start, end = 100 * review.curve[0][player.seat], 100 * review.curve[-1][player.seat]
        assert start + player.dice + player.choices + player.others == pytest.approx(end, abs=1e-6)


@pytest.mark.parametrize("preset", ["classic", "twodice"])
def test_luck_and_skill_add_up_to_the_end_of_the_curve(preset: str) -> None:
    rules = Rules.preset(preset)
    log = play(rules, ("expert", "random", "expert", "greedy"), seed=9)
    review = review_game(rules, SEATS, 9, log)
    check_decomposition(review, len(log))
    winner = new_game(rules, SEATS, 9)
    for text in log:
        winner = apply(winner, parse_action(text)).state
    assert review.curve[-1][winner.ranking[0]] == 1.0
    assert [p.seat for p in review.players] == list(SEATS)
    for player in review.players:
        assert player.choices <= 1e-9  # never better than the best choice
        assert 0.0 <= player.accuracy <= 1.0 and player.decisions > 0
        assert all(d.seat == player.seat and d.cost > 0 for d in player.costliest)
        assert [d.cost for d in player.costliest] == sorted((d.cost for d in player.costliest), reverse=True)
    random_player = review.players[1]
    assert random_player.decisions >= 20  # enough of them to tell (a player stuck in the yard may have few)
    assert random_player.accuracy < min(review.players[0].accuracy, review.players[2].accuracy)
    assert random_player.choices < review.players[0].choices


def test_a_deliberate_blunder_is_among_the_costliest_with_the_better_move_named() -> None:
    rules = Rules.preset("classic")
    log = play(rules, ("expert",) * 4, seed=4, blunder_at=200)
    review = review_game(rules, SEATS, 4, log)
    state = new_game(rules, SEATS, 4)
    blunders: list[tuple[int, int, str]] = []
    for ply, text in enumerate(log):
        actions = legal_actions(state)
        if ply >= 200 and len(actions) > 1 and state.phase == "move" and not blunders:
            worth = {a: win_chances(apply(state, a).state)[state.current] for a in actions}
            if max(worth.values()) - min(worth.values()) > 0.05:
                blunders.append((ply, state.current, text))
                best = max(actions, key=worth.__getitem__)
        state = apply(state, parse_action(text)).state
    ply, seat, played = blunders[0]
    found = [d for d in review.players[seat].costliest if d.ply == ply]
    assert found, review.players[seat].costliest
    assert found[0].played == played and found[0].best == action_text(best) != played
    assert found[0].cost > 0.02


def test_passes_and_leaving_are_no_decisions_but_count() -> None:
    rules = Rules.preset("classic")
    state = new_game(rules, SEATS, 2)
    log: list[str] = []
    for entry in range(120):
        if entry == 40:  # a time-out: the player to act passes
            action: Action = parse_action("S")
        elif entry == 80:  # the player after the one to act leaves
            gone = (state.current + 1) % 4
            action = parse_action(f"X{gone}")
        else:
            action = choose(state, "greedy")
        log.append(action_text(action))
        state = apply(state, action).state
    review = review_game(rules, SEATS, 2, log)
    check_decomposition(review, len(log))
    assert review.curve[-1][gone] == 0.0
    assert all(d.played not in ("S", f"X{gone}") for p in review.players for d in p.costliest)
    greedy_moves = review_game(rules, SEATS, 2, log[:40]).players
    assert sum(p.decisions for p in greedy_moves) <= sum(p.decisions for p in review.players)


def test_an_illegal_log_is_refused() -> None:
    from ludo_bot.engine import IllegalAction

    with pytest.raises(IllegalAction):
        review_game(Rules.preset("classic"), (0, 2), 1, ["R", "R", "M4"])


def test_the_text_form_round_trips() -> None:
    rules = Rules.preset("star")
    log = play(rules, ("expert", "random", "greedy", "expert"), seed=3)
    review = review_game(rules, SEATS, 3, log)
    text = review.to_text()
    stored = Review.from_text(text)
    assert Review.from_text(stored.to_text()) == stored
    assert stored.to_text() == text
    assert len(stored.curve) == len(review.curve)
    for a, b in zip(stored.players, review.players, strict=True):
        assert a.seat == b.seat and a.decisions == b.decisions
        assert a.dice == pytest.approx(b.dice, abs=0.05) and a.accuracy == pytest.approx(b.accuracy, abs=5e-4)
        assert [d.ply for d in a.costliest] == [d.ply for d in b.costliest]
    with pytest.raises(ReviewTextError):
        Review.from_text("review/1\n500,500\nplayer x")
