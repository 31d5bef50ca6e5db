"""What one seat sees of a Kniffel Master game: `observation` and its JSON form.

Master hides nothing (every board lies open on the table), so an
`Observation` holds the whole state; it exists so that an app treats every
game the same way (the card game's observation hides the other hands).
``legal_actions(observation)`` gives the seat's legal actions when it is to
move, else ``()``.

Examples:
    >>> from kniffel_rules import master
    >>> obs = master.observation(master.new_game(["Ann", "Ben"], first_player=0), 0)
    >>> doc = master.observation_to_dict(obs)
    >>> master.legal_actions(obs), master.observation_from_dict(doc) == obs
    ((Roll(keep=()),), True)
"""

from __future__ import annotations

from typing import Final

from kniffel_rules._openview import OpenView
from kniffel_rules.master.engine import GAME
from kniffel_rules.master.serial import from_dict, to_dict
from kniffel_rules.master.state import Observation, State

__all__ = ["Observation", "observation", "observation_from_dict", "observation_to_dict"]

VIEW: Final = OpenView[State, Observation](GAME, to_dict, from_dict)
"""The Master game's open observations (`kniffel_rules._openview.OpenView`)."""

observation = VIEW.observation
"""``observation(state, player)``: what ``player`` sees of ``state``, all of it."""
observation_to_dict = VIEW.observation_to_dict
"""``observation_to_dict(observation)``: the JSON-ready object; ``state`` is `to_dict`'s."""
observation_from_dict = VIEW.observation_from_dict
"""``observation_from_dict(data)``: read what `observation_to_dict` wrote, every field checked."""
