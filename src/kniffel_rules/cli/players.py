"""The bots the command line knows, per game, and the ``--players`` list."""

from __future__ import annotations

from collections.abc import Callable

from kniffel_rules.errors import KniffelError
from kniffel_rules.playing import Policy

__all__ = ["HUMAN", "Seat", "bot_names", "make_bot", "parse_players"]

HUMAN = "you"
"""The name of a human seat in ``--players``."""

def _bots(game: str) -> dict[str, Callable[[], Policy]]:
    from kniffel_rules.bots import BOTS, RandomBot  # the bots import every game: only when asked

    return {"random": RandomBot, **BOTS.get(game, {})}


def bot_names(game: str) -> tuple[str, ...]:
    """The bot names usable in ``--players`` for ``game``."""
    return tuple(_bots(game))


def make_bot(game: str, name: str) -> Policy:
    """A fresh bot ``name`` for ``game``.

    Raises:
        KniffelError: No such bot for that game.
    """
    factory = _bots(game).get(name)
    if factory is None:
        known = ", ".join(bot_names(game))
        raise KniffelError(f"unknown bot {name!r} for {game}; known bots: {known}")
    return factory()


class Seat:
    """One entry of ``--players``: a bot or the human at the keyboard.

    Attributes:
        label: The name shown in tables ("greedy (1)", "you").
        bot: The policy, or None for a human.
    """

    def __init__(self, label: str, bot: Policy | None) -> None:
        self.label = label
        self.bot = bot


def parse_players(game: str, spec: str, *, humans: bool = False) -> list[Seat]:
    """Read ``--players``: comma-separated bot names (``bot:NAME`` also works) and ``you``.

    Raises:
        KniffelError: An empty list, an unknown bot, or ``you`` where no human can play.
    """
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise KniffelError("--players needs at least one player")
    seats = []
    for i, raw in enumerate(names):
        name = raw.removeprefix("bot:")
        if name == HUMAN:
            if not humans:
                raise KniffelError("'you' can only play in 'kniffel play'")
            seats.append(Seat("you" if names.count(HUMAN) == 1 else f"you ({i + 1})", None))
        else:
            seats.append(Seat(f"{name} ({i + 1})", make_bot(game, name)))
    return seats
