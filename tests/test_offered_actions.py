"""`apply` does not judge again what the game offered for the very same state object.

`Game.apply` remembers the last state it was asked about together with what
`legal_actions` listed or `sample_chance` drew there; an action object from
that offer is known legal. These tests pin that the memory is keyed by the
state object, so it never lets through an action the rules refuse: any other
state (even an equal copy) and any other action object is judged as before.
"""

from __future__ import annotations

import copy
import importlib
import itertools
import random
from typing import Any

import pytest

import kniffel_rules
from conformance_cases import random_states
from kniffel_rules import CHANCE, IllegalActionError
from kniffel_rules.game import Game
from kniffel_rules.variant import _MODULES

SEEDS = range(3)


def _playout(game: Any, seed: int) -> list[Any]:
    """The states of one seeded random game (two players where the game allows)."""
    info = game.INFO
    players = max(info.min_players, min(2, info.max_players))
    return list(random_states(game, game.new_game(players=players), random.Random(seed)))


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_an_action_offered_elsewhere_is_judged(variant: str, seed: int) -> None:
    """An action listed for one state and applied to the next is refused as `why_illegal` says."""
    game = kniffel_rules.get_variant(variant)
    states = _playout(game, seed)
    refused = 0
    for here, later in itertools.pairwise(states):
        if game.current_player(here) < 0:
            continue
        for action in game.legal_actions(here):
            reason = game.why_illegal(later, action)
            if reason is None:
                continue
            game.legal_actions(here)  # the game remembers its offer for `here`
            with pytest.raises(IllegalActionError) as info:
                game.apply(later, action)
            assert str(info.value) == str(reason)
            assert info.value.rule == reason.rule
            refused += 1
            break
    assert refused, "no action listed at one state was illegal at the next"


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_an_equal_state_or_action_leads_where_the_offered_one_does(variant: str) -> None:
    """The remembered offer changes no result: equal copies of state or action lead alike."""
    game = kniffel_rules.get_variant(variant)
    rng = random.Random(7)
    for state in _playout(game, 11)[:-1]:
        twin = copy.copy(state)
        assert twin == state and twin is not state
        if game.current_player(state) == CHANCE:
            offered = game.sample_chance(state, rng)
        else:
            listed = game.legal_actions(state)
            offered = listed[rng.randrange(len(listed))]
        expected = game.apply(state, offered)  # the offer for `state`, not judged again
        assert game.apply(state, copy.copy(offered)) == expected
        assert game.apply(twin, offered) == expected


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_a_drawn_outcome_is_remembered_only_for_its_state(variant: str) -> None:
    """A chance outcome drawn at one node and applied at a player's node is refused (``PR-02``)."""
    game = kniffel_rules.get_variant(variant)
    states = _playout(game, 5)
    pairs = [
        (s, t)
        for s, t in itertools.pairwise(states)
        if game.current_player(s) == CHANCE and game.current_player(t) >= 0
    ]
    assert pairs
    node, player_node = pairs[0]
    outcome = game.sample_chance(node, random.Random(0))
    with pytest.raises(IllegalActionError) as info:
        game.apply(player_node, outcome)
    assert info.value.rule == "PR-02"


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_the_offer_is_not_judged_again_and_anything_else_is(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The saving itself: ``problem``/``outcome_problem`` judge a copy, not the offered object."""
    module = kniffel_rules.get_variant(variant)
    game = importlib.import_module(f"{_MODULES[variant]}.engine").GAME
    assert isinstance(game, Game)
    judged: list[object] = []
    for hook in ("problem", "outcome_problem"):
        original = getattr(game, hook)

        def counted(state: Any, action: Any, _original: Any = original) -> Any:
            judged.append(action)
            return _original(state, action)

        monkeypatch.setattr(type(game), hook, staticmethod(counted))
    rng = random.Random(3)
    for state in _playout(module, 3)[:-1]:
        if module.current_player(state) == CHANCE:
            offered = module.sample_chance(state, rng)
        else:
            listed = module.legal_actions(state)
            offered = listed[rng.randrange(len(listed))]
        judged.clear()
        module.apply(state, offered)
        assert judged == []
        module.apply(state, copy.copy(offered))
        assert judged == [offered]
