"""The rule set of the card game: the rulebook's defaults, the variants and the boards."""

from __future__ import annotations

import contextlib
from typing import Any, Final

import attrs

from kniffel_rules import _json
from kniffel_rules._common import RuleSet, check_bool, check_int, rules_from_dict
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.cards.pieces import BLUE_BOARD, RED_BOARD, Board
from kniffel_rules.errors import InvalidStateError

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Rules"]

MIN_PLAYERS: Final = 2
"""The fewest players (KA-02)."""
MAX_PLAYERS: Final = 4
"""The most players (KA-02)."""

_TOKENS: Final = {2: 24, 3: 20, 4: 18}
_TRICKIER_TOKENS: Final = {2: 30, 3: 24, 4: 18}
_BOARD_FIELDS: Final = ("blue_board", "red_board")


def _check_board(inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Board):
        raise InvalidStateError(
            f"rules.{attr.name}", Text.of(N_("expected a Board, got {value}"), value=brief(value))
        )


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class Rules(RuleSet):
    """The rules of a card-game match (frozen; the defaults are the rulebook).

    Every option is documented with its clause id on ``docs/rules/cards.md``.

    Attributes:
        simpler: "Want it simpler?" (KA-31, KA-57): every turn the player draws (A)
            and then may play a combination (B) or exchange cards (C).
        trickier: "Want it trickier?" (KA-32..KA-36): the red side, more
            tokens, 2 pre-placed tokens placed in turn on distinct spaces,
            the active area limited by the hand limit, no end-game rule.
        blue_board: The blue side, used in the basic game.
        red_board: The red side, used with ``trickier``.
        max_rounds: The library's bound on a game's length (KA-56): after
            this many rounds the game ends even if nobody has placed all
            their tokens.
    """

    simpler: bool = attrs.field(default=False, validator=check_bool)
    trickier: bool = attrs.field(default=False, validator=check_bool)
    blue_board: Board = attrs.field(default=BLUE_BOARD, validator=_check_board)
    red_board: Board = attrs.field(default=RED_BOARD, validator=_check_board)
    max_rounds: int = attrs.field(default=200, validator=check_int(1, 10_000))

    @property
    def board(self) -> Board:
        """The side in play: the red side with ``trickier``, else the blue."""
        return self.red_board if self.trickier else self.blue_board

    def tokens(self, players: int) -> int:
        """Each player's tokens: 24 / 20 / 18 (trickier: 30 / 24 / 18).

        Raises:
            InvalidStateError: ``players`` is not 2, 3 or 4.
        """
        table = _TRICKIER_TOKENS if self.trickier else _TOKENS
        with contextlib.suppress(TypeError):  # not hashable (a list): no player count either
            if not isinstance(players, bool) and players in table:
                return table[players]
        raise InvalidStateError(
            "players",
            Text.of(
                N_("this game needs {least} to {most} players, got {count}"),
                least=2,
                most=4,
                count=brief(players),
            ),
        )

    @property
    def preplaced(self) -> int:
        """The tokens each player puts on their board before the game: 3 (trickier: 2)."""
        return 2 if self.trickier else 3

    @property
    def end_game_rule(self) -> bool:
        """Whether the last tokens may go on a level they cannot fill (not with trickier)."""
        return not self.trickier

    @property
    def active_limit(self) -> bool:
        """Whether the hand limit also limits the tokens in the active area (trickier)."""
        return self.trickier

    def to_dict(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict of every option (boards included)."""
        return {
            "simpler": self.simpler,
            "trickier": self.trickier,
            "blue_board": self.blue_board.to_dict(),
            "red_board": self.red_board.to_dict(),
            "max_rounds": self.max_rounds,
        }

    @classmethod
    def from_dict(cls, doc: Any, path: str = "rules") -> Rules:
        """Read rules from a dict; missing options take their defaults.

        Args:
            doc: A mapping of option names to values (boards as in
                `Board.to_dict`).
            path: The field path used in error messages.

        Returns:
            The rules.

        Raises:
            InvalidStateError: Not a mapping, an unknown option or a bad value.
        """
        fields = [a.name for a in attrs.fields(cls)]
        d = dict(_json.get_object(doc, path, optional=fields))
        for name in _BOARD_FIELDS:
            if name in d:
                d[name] = Board.from_dict(d[name], f"{path}.{name}")
        return rules_from_dict(cls, d, path)
