"""Hand-built observations: a view whose fields are junk gets a `KniffelError`, nothing else.

An app or a bot author may build an observation by hand (``attrs.evolve(obs,
to_move="x")``, ``Observation(0, 5, state)``). Every protocol function that
accepts an observation (and every one that accepts a state, given one) must
answer such a view with a `KniffelError` (an `InvalidStateError` naming the
field) or a normal answer, never a ``ValueError``, ``TypeError`` or
``AttributeError`` from inside (issue 26, item 6).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from conformance_cases import CASES
from kniffel_rules import CHANCE, InvalidStateError, KniffelError, Variant, svg

VARIANTS = sorted(kniffel_rules.VARIANTS)


def _views(variant: str) -> list[Any]:
    """Observations of every seat along seeded playouts of ``variant``'s cases."""
    game = kniffel_rules.get_variant(variant)
    views: list[Any] = []
    for case in (c for c in CASES if c.variant == variant):
        rng = random.Random(11)
        state = case.start()
        step = 0
        while True:
            if step % 7 == 0 or game.is_terminal(state):
                views += [game.observation(state, p) for p in range(len(game.scores(state)))]
            if game.is_terminal(state) or step > 120:
                break
            if game.current_player(state) == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                actions = game.legal_actions(state)
                state = game.apply(state, actions[rng.randrange(len(actions))])
            step += 1
    return views


_VIEWS = {variant: _views(variant) for variant in VARIANTS}


def _calls(game: Variant, obs: Any, action: Any) -> list[Callable[[], object]]:
    """Every protocol function given the observation (where a state goes, too)."""
    return [
        lambda: game.current_player(obs),
        lambda: game.is_terminal(obs),
        lambda: game.legal_actions(obs),
        lambda: game.why_illegal(obs, action),
        lambda: game.is_legal(obs, action),
        lambda: game.parse_action(obs, game.action_to_text(action)),
        lambda: game.parse_action(obs, "roll"),
        lambda: game.observation_to_dict(obs),
        lambda: game.render(obs),
        lambda: game.render(obs, lang="de"),
        lambda: svg.render(obs),
        lambda: game.scores(obs),
        lambda: game.winners(obs),
        lambda: game.chance_outcomes(obs),
        lambda: game.sample_chance(obs, random.Random(0)),
        lambda: game.apply(obs, action),
        lambda: game.to_json(obs),
        lambda: game.observation(obs, 0),
    ]


_OTHERS = [v for views in _VIEWS.values() for v in views[:2]]
_JUNK = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.tuples()
    | st.lists(st.integers(-3, 70), max_size=5).map(tuple)
    | st.lists(st.text(max_size=3), max_size=3).map(tuple)
    | st.sampled_from([object(), int, "\x1b[2J", 1.0, -1, -2, 3, 99])
    # a field of another real view, of this game or another one
    | st.sampled_from(_OTHERS).flatmap(
        lambda o: st.sampled_from([getattr(o, f.name) for f in attrs.fields(type(o))])
    )
)


def _only_kniffel_errors(game: Variant, obs: Any, action: Any) -> None:
    for call in _calls(game, obs, action):
        with contextlib.suppress(KniffelError):
            call()


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=150, deadline=None)
@given(pick=st.randoms(use_true_random=False), junk=_JUNK)
def test_a_view_with_one_junk_field_gets_kniffel_errors_only(
    variant: str, pick: random.Random, junk: Any
) -> None:
    game = kniffel_rules.get_variant(variant)
    obs = pick.choice(_VIEWS[variant])
    field = pick.choice(attrs.fields(type(obs))).name
    changed: Any = None
    refused: InvalidStateError | None = None
    try:
        changed = attrs.evolve(obs, **{field: junk})
    except InvalidStateError as error:  # the dice games' views check their fields when built
        refused = error
    if refused is not None:
        assert refused.path.startswith("observation."), refused
        return
    real = pick.choice(_VIEWS[variant])
    actions = game.legal_actions(real.state if hasattr(real, "state") else real) or (None,)
    _only_kniffel_errors(game, changed, pick.choice(actions))


@pytest.mark.parametrize("variant", VARIANTS)
def test_real_views_pass_every_call(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    for obs in _VIEWS[variant][:12]:
        assert game.current_player(obs) == obs.to_move
        assert attrs.evolve(obs) == obs


OPEN = [v for v in VARIANTS if not kniffel_rules.get_variant(v).INFO.hidden_information]
"""The dice games: their views hold the whole state."""


@pytest.mark.parametrize("variant", OPEN)
@pytest.mark.parametrize(
    ("field", "junk", "path"),
    [
        ("to_move", "x", "observation.to_move"),
        ("to_move", None, "observation.to_move"),
        ("to_move", 1.0, "observation.to_move"),
        ("to_move", 7, "observation.to_move"),
        ("player", True, "observation.player"),
        ("player", 9, "observation.player"),
        ("player", "0", "observation.player"),
        ("state", "junk", "observation.state"),
    ],
)
def test_a_dice_view_names_the_junk_field(variant: str, field: str, junk: Any, path: str) -> None:
    obs = _VIEWS[variant][0]
    with pytest.raises(InvalidStateError) as info:
        attrs.evolve(obs, **{field: junk})
    assert info.value.path == path


@pytest.mark.parametrize("variant", OPEN)
def test_a_dice_view_refuses_the_state_of_another_game(variant: str) -> None:
    obs = _VIEWS[variant][0]
    other = _VIEWS["classic" if variant != "classic" else "extreme"][0].state
    with pytest.raises(InvalidStateError) as info:
        attrs.evolve(obs, state=other)
    assert info.value.path == "observation.state"
