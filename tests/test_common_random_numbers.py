"""Common random numbers: chance and every seat's policy draw from separate seeded streams.

`play`, `record`, `simulate` and the command line take their generators from
`kniffel_rules.playing.game_generators`: what a policy draws never changes
the dice, so two bots compared on the same seed meet the same chance events
wherever their choices lead to the same kind of event.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, DiceRoll, classic, play, random_policy, simulate
from kniffel_rules.bots import ClassicGreedy, RandomBot
from kniffel_rules.playing import Policy, game_generators, record
from kniffel_rules.simulation import game_seed


def first_box(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    """Never re-roll, never draw: throw, then the first open box."""
    return actions[0]


def any_box(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    """Never re-roll, but choose the box at random (one draw of ``rng`` per decision)."""
    if actions == (classic.Roll(),):
        return actions[0]
    scores = [a for a in actions if isinstance(a, classic.Score)]
    return scores[rng.randrange(len(scores))]


def throws(actions: tuple[Any, ...]) -> list[DiceRoll]:
    """The dice outcomes of a record, in order."""
    return [a for a in actions if isinstance(a, DiceRoll)]


def shared_stream_throws(policy: Any, seed: int) -> list[DiceRoll]:
    """The throws of a solitaire game whose policy draws from chance's generator (no CRN)."""
    rng = random.Random(seed)
    state = classic.new_game(1)
    seen = []
    while not classic.is_terminal(state):
        if classic.current_player(state) == CHANCE:
            action = classic.sample_chance(state, rng)
            seen.append(action)
        else:
            action = policy(state, classic.legal_actions(state), rng)
        state = classic.apply(state, action)
    return seen


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**64 - 1))
def test_a_drawing_policy_meets_the_same_dice_as_one_that_does_not(seed: int) -> None:
    """Both policies throw once a turn: every one of the 13 throws is the same."""
    plain = record("classic", [first_box], seed=seed)
    drawing = record("classic", [any_box], seed=seed)
    assert len(throws(plain.actions)) == 13
    assert throws(plain.actions) == throws(drawing.actions)


def test_without_separate_streams_the_same_comparison_fails() -> None:
    """The property above is not vacuous: with one shared stream the dice part ways."""
    differ = [
        shared_stream_throws(first_box, s)[1:] != shared_stream_throws(any_box, s)[1:]
        for s in range(20)
    ]
    assert all(differ)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**64 - 1))
def test_a_rerolling_bot_and_the_greedy_bot_see_the_same_first_throw(seed: int) -> None:
    """Their turns differ at once (re-rolls), but the first throw of the game is shared."""
    random_game = record("classic", [RandomBot()], seed=seed)
    greedy_game = record("classic", [ClassicGreedy()], seed=seed)
    assert throws(random_game.actions)[0] == throws(greedy_game.actions)[0]


def test_the_roll_off_does_not_depend_on_the_bots() -> None:
    """In a two-player game the roll-off comes first, whoever sits at the table."""
    for seed in range(3):
        one = record("classic", [RandomBot(), ClassicGreedy()], seed=seed)
        two = record("classic", [ClassicGreedy(), random_policy], seed=seed)
        start = [a for a in one.actions[:8] if isinstance(a, DiceRoll) and len(a.values) == 1]
        assert start and one.actions[: len(start)] == two.actions[: len(start)]


def test_each_seat_has_its_own_generator_and_chance_another() -> None:
    seen: dict[int, list[random.Random]] = {0: [], 1: []}

    def spy(seat: int) -> Any:
        def policy(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
            seen[seat].append(rng)
            return actions[0]

        return policy

    record("classic", [spy(0), spy(1)], seed=3)
    assert len({id(r) for r in seen[0]}) == 1 and len({id(r) for r in seen[1]}) == 1
    assert seen[0][0] is not seen[1][0]
    chance, seats = game_generators(3, 2)
    assert seats[0].getstate() == random.Random("3:seat:0").getstate()
    assert chance.getstate() == random.Random("3:chance").getstate()


def test_the_same_seed_still_gives_the_same_game() -> None:
    for seed in (0, 2**64 - 1, -5):
        one = record("classic", [RandomBot(), ClassicGreedy()], seed=seed)
        two = record("classic", [RandomBot(), ClassicGreedy()], seed=seed)
        assert one == two


def test_a_generator_as_seed_samples_chance_and_seeds_the_seats() -> None:
    """Two generators in the same state give the same game; the policies never draw from it."""
    one = record("classic", [any_box], seed=random.Random(9))
    two = record("classic", [any_box], seed=random.Random(9))
    assert one == two
    plain = record("classic", [first_box], seed=random.Random(9))
    assert throws(plain.actions) == throws(one.actions)


def test_simulate_plays_the_games_play_plays() -> None:
    """Game ``i`` of ``simulate(seed=s)`` is ``play(seed=game_seed(s, i))``."""
    sim = simulate("classic", ["greedy", "random"], games=4, seed=5)
    bots: list[Policy] = [ClassicGreedy(), RandomBot()]
    for result in sim.games:
        final = play("classic", bots, seed=game_seed(5, result.index))
        assert classic.scores(final) == result.scores
