"""The protocol every game module satisfies, and the registry of games.

A game module (``kniffel_rules.classic`` and its siblings) is used through the
same dozen functions, so an app, a bot or a simulator written against one game
works against all of them. `Variant` describes them as a
`typing.Protocol`; states, actions and rules are typed ``Any`` here so
that each module's precise types satisfy it under ``mypy --strict``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, Protocol, cast

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import KniffelError, Rejection, _Localized
from kniffel_rules.game import GameInfo
from kniffel_rules.lang import Lang

__all__ = ["VARIANTS", "UnknownVariantError", "Variant", "get_variant"]


class Variant(Protocol):
    """The functions every game module provides (see ``docs/protocol.md``)."""

    @property
    def INFO(self) -> GameInfo:
        """What the game says of itself: name, titles, player limits."""
        ...

    @property
    def Rules(self) -> Any:
        """The game's frozen rules class; ``Rules()`` is the rulebook."""
        ...

    def new_game(
        self,
        players: int | Sequence[str] = 1,
        rules: Any = None,
        first_player: int | None = None,
    ) -> Any:
        """A new game; see each module's ``new_game``."""
        ...

    def current_player(self, state: Any) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        ...

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        """Every legal action (at a chance node: every outcome), in a fixed order."""
        ...

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance node: each outcome with its exact probability."""
        ...

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        """At a chance node: one outcome drawn with ``rng``."""
        ...

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; ``state`` is not changed."""
        ...

    def why_illegal(self, state: Any, action: Any) -> Rejection | None:
        """``None`` if ``action`` is legal in ``state``, else the reason `apply` raises."""
        ...

    def is_legal(self, state: Any, action: Any) -> bool:
        """Whether ``action`` is legal in ``state``."""
        ...

    def is_terminal(self, state: Any) -> bool:
        """Whether the game is over."""
        ...

    def scores(self, state: Any) -> tuple[int, ...]:
        """Each player's score so far."""
        ...

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winning seats of a finished game (ties share)."""
        ...

    def to_dict(self, state: Any) -> dict[str, Any]:
        """The state as a stable, JSON-ready document (a new dict each call)."""
        ...

    def from_dict(self, data: Any) -> Any:
        """A state read back from ``to_dict``'s document, validated as `from_json` validates."""
        ...

    def to_json(self, state: Any) -> str:
        """The state as a stable JSON document: ``to_dict``'s, as compact text."""
        ...

    def from_json(self, text: str | bytes) -> Any:
        """A state read back from ``to_json``'s document: the text parsed, then ``from_dict``."""
        ...

    def action_to_dict(self, action: Any, /) -> dict[str, Any]:
        """An action or chance outcome as a JSON-ready object with a ``"type"`` key."""
        ...

    def action_from_dict(self, data: Any, /) -> Any:
        """The action or outcome of `action_to_dict`'s object, validated."""
        ...

    def action_to_text(self, action: Any, /) -> str:
        """One canonical, context-free line naming the action or outcome."""
        ...

    def parse_action(self, state: Any, text: str, /) -> Any:
        """The legal action of ``state`` that a player's ``text`` names."""
        ...

    def observation(self, state: Any, player: int, /) -> Any:
        """What seat ``player`` may see of ``state``."""
        ...

    def observation_to_dict(self, observation: Any, /) -> dict[str, Any]:
        """An observation as a JSON-ready object holding nothing hidden from its player."""
        ...

    def observation_from_dict(self, data: Any, /) -> Any:
        """Read what `observation_to_dict` wrote, refusing a malformed or impossible view."""
        ...

    def render(self, view: Any, /, *, lang: Lang = "en") -> str:
        """A plain-text picture of a state or an observation, in ``lang``."""
        ...

    def render_action(self, action: Any, /, *, lang: Lang = "en") -> str:
        """A short phrase a player reads for one action or outcome, in ``lang``."""
        ...


_MODULES: Final = {
    "classic": "kniffel_rules.classic",
    "extreme": "kniffel_rules.extreme",
    "master": "kniffel_rules.master",
    "duel": "kniffel_rules.duel",
    "cards": "kniffel_rules.cards",
    "yatzy": "kniffel_rules.yatzy",
}

VARIANTS: Final[tuple[str, ...]] = tuple(_MODULES)
"""The names accepted by `get_variant`, in the order of the docs."""


class UnknownVariantError(_Localized, KniffelError, LookupError):
    """`get_variant` was given a name that is not a game of the library.

    ``localized(lang)`` gives its message in another language.
    """


def get_variant(name: str) -> Variant:
    """The game module registered under ``name``, imported on first use.

    Args:
        name: One of `VARIANTS`.

    Returns:
        The module, which satisfies `Variant`.

    Raises:
        UnknownVariantError: ``name`` is not a known game.
    """
    try:
        module_name = _MODULES[name]
    except (KeyError, TypeError):
        raise UnknownVariantError(
            Text.of(
                N_("unknown game {shown}; known games: {known}"),
                shown=brief(name),
                known=", ".join(VARIANTS),
            )
        ) from None
    return cast(Variant, importlib.import_module(module_name))
