"""What a bot is handed, as the state it reads: a state, or an open game's observation of one.

``play(..., observe=True)`` (and any app that hands each player their own
view) calls a policy with the player's observation. In a game without
hidden information that observation holds the whole state, so a bot of
such a game reads ``observation.state``; anything that is not its game's
state or observation is refused by name.
"""

from __future__ import annotations

from typing import Any, TypeVar

from kniffel_rules._dicewire import OpenObservation
from kniffel_rules._i18n import N_, Text
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Game

__all__ = ["entries_of", "seen", "seen_state"]

S = TypeVar("S")


def seen(view: Any) -> Any:
    """The state ``view`` shows: itself, or the state an open game's observation holds whole."""
    return view.state if isinstance(view, OpenObservation) else view


def seen_state(view: object, game: Game[S, Any, Any, Any]) -> S:
    """The state of ``game`` that ``view`` is or shows, for a bot of ``game``.

    Raises:
        InvalidStateError: ``view`` is neither a state of ``game`` nor an
            observation of one (path ``state``).
    """
    state = seen(view)
    if not isinstance(state, game.state_class):
        raise InvalidStateError(
            "state",
            Text.of(
                N_("expected a {game} State, got {type}"),
                game=game.info.name,
                type=type(view).__name__,
            ),
        )
    found: S = state
    return found


def entries_of(sheet: Any) -> tuple[int | None, ...]:
    """A player's entries by box number: classic's ``Sheet.entries``, or the kit's tuple itself."""
    found: tuple[int | None, ...] = getattr(sheet, "entries", sheet)
    return found
