"""What one seat sees of a Kniffel Extreme game: `observation` and its JSON form.

Kniffel Extreme hides nothing (the dice, every sheet and every seat's chips
are on the table), so an `Observation` holds the whole state; it exists so
that an app treats every game the same way (the card game's observation
hides the other hands). ``legal_actions(observation)`` gives the seat's
legal actions when it is to move, else ``()``.

Examples:
    >>> from kniffel_rules import extreme
    >>> obs = extreme.observation(extreme.new_game(["Ann", "Ben"], first_player=0), 1)
    >>> extreme.legal_actions(obs), extreme.observation_to_dict(obs)["to_move"]
    ((), 0)
    >>> obs = extreme.observation(extreme.new_game(), 0)
    >>> obs.to_move, extreme.legal_actions(obs)
    (0, (Roll(keep_d6=(), keep_d10=False),))
"""

from __future__ import annotations

from typing import Final

from kniffel_rules._openview import OpenView
from kniffel_rules.extreme.engine import GAME
from kniffel_rules.extreme.serial import from_dict, to_dict
from kniffel_rules.extreme.state import Observation, State

__all__ = ["Observation", "observation", "observation_from_dict", "observation_to_dict"]

VIEW: Final = OpenView[State, Observation](GAME, to_dict, from_dict)
"""The Extreme game's open observations (`kniffel_rules._openview.OpenView`)."""

observation = VIEW.observation
"""``observation(state, player)``: what ``player`` sees of ``state``, all of it."""
observation_to_dict = VIEW.observation_to_dict
"""``observation_to_dict(observation)``: the JSON-ready object; ``state`` is `to_dict`'s."""
observation_from_dict = VIEW.observation_from_dict
"""``observation_from_dict(data)``: read what `observation_to_dict` wrote, every field checked."""
