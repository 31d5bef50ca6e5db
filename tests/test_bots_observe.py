"""Every bot plays from what its player sees, and refuses another game's state by name.

``play(..., observe=True)`` (and an app that hands each player their own
view) calls a policy with the player's observation. The card game's bots
always took one; the bots of the five open games did not: all but
`ClassicGreedy` crashed with AttributeError ('Observation' object has no
attribute 'rolls'), and `ClassicGreedy` and `OptimalSolitaire` refused
it. In a game without hidden information the observation holds the whole
state, so a bot decides exactly as from the state. Given another game's
state, a bot said AttributeError or TypeError; now `InvalidStateError`
naming ``state``.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from kniffel_rules import CHANCE, VARIANTS, get_variant, random_policy, record
from kniffel_rules.bots import BOTS, make_bot
from kniffel_rules.errors import InvalidStateError

FAST_BOTS = [(game, name) for game, bots in BOTS.items() for name in bots if name != "win"]


def _decisions(game: str, seed: int, steps: int = 60) -> list[Any]:
    """The states at a player's decision along a random playout of two seats."""
    module = get_variant(game)
    rng = random.Random(seed)
    state = module.new_game(players=2)
    found = []
    for _ in range(steps):
        if module.is_terminal(state):
            break
        if module.current_player(state) == CHANCE:
            state = module.apply(state, module.sample_chance(state, rng))
            continue
        found.append(state)
        legal = module.legal_actions(state)
        state = module.apply(state, legal[rng.randrange(len(legal))])
    return found


def test_every_bot_is_covered() -> None:
    assert set(BOTS) == set(VARIANTS)
    assert {game for game, _ in FAST_BOTS} == set(VARIANTS)


@pytest.mark.parametrize(("game", "name"), FAST_BOTS)
def test_a_bot_decides_from_its_players_observation(game: str, name: str) -> None:
    module = get_variant(game)
    bot = make_bot(game, name)
    for state in _decisions(game, seed=3):
        seat = module.current_player(state)
        view = module.observation(state, seat)
        legal = module.legal_actions(state)
        chosen = bot(view, legal, random.Random(7))
        assert chosen in legal
        if not module.INFO.hidden_information:  # the view is the whole state
            assert chosen == bot(state, legal, random.Random(7))


@pytest.mark.parametrize(("game", "name"), FAST_BOTS)
def test_a_game_played_with_observations_is_the_game_played_with_states(
    game: str, name: str
) -> None:
    seats = 1 if name == "optimal" else 2
    policies = [make_bot(game, name) if s == 0 else random_policy for s in range(seats)]
    seen = record(game, policies, seed=2, observe=True, max_steps=150_000)
    if not get_variant(game).INFO.hidden_information:
        assert seen.actions == record(game, policies, seed=2, max_steps=150_000).actions


def _other_games_states(game: str) -> list[Any]:
    states = []
    for other in VARIANTS:
        module = get_variant(other)
        if other == game:
            continue
        state = _decisions(other, seed=1)[-1]
        states += [state, module.observation(state, module.current_player(state))]
    return states


@pytest.mark.parametrize(("game", "name"), [*FAST_BOTS, ("classic", "win")])
def test_a_bot_refuses_another_games_state_by_name(game: str, name: str) -> None:
    bot = make_bot(game, name)
    plays_any_box_sheet = type(bot).__name__ == "BoxSheetGreedy"
    for view in _other_games_states(game):
        module = get_variant(type(getattr(view, "state", view)).__module__.split(".")[1])
        if plays_any_box_sheet and module.INFO.solitaire is not None:
            continue  # a greedy player of any box sheet plays classic's too
        legal = module.legal_actions(view)
        with pytest.raises(InvalidStateError) as caught:
            bot(view, legal, random.Random(1))
        assert caught.value.path == "state"


def test_the_win_player_advises_from_an_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """`WinProbabilityPlayer` reads an observation as its state (late moments: fast)."""
    pytest.importorskip("numpy")
    from kniffel_rules import classic
    from kniffel_rules.bots import WinProbabilityPlayer
    from kniffel_rules.bots.winning import _moments
    from kniffel_rules.cli.advise import position

    late = functools.cache(lambda rules: _moments.compute_moments(rules, min_filled=10))
    monkeypatch.setattr(_moments, "moments", late)
    filled = ["ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18", "chance=20,full_house=25"]
    state: classic.State = position("1,3,3,5,6", 2, [*filled, "small_straight=30"], 0, RULES)
    view = classic.observation(state, 0)
    bot = WinProbabilityPlayer()
    assert bot.advise(view, opponents=[200]) == bot.advise(state, opponents=[200])
    assert bot.win_probability(view) == bot.win_probability(state)
    legal: Any = classic.legal_actions(state)
    assert bot(view, legal, random.Random(1)) == bot(state, legal, random.Random(1))


RULES = get_variant("classic").Rules()
